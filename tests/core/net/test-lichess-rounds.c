/* test-lichess-rounds.c: lichess rounds created, against a stand-in
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-lichess-rounds.h"
#include "arb-test-lichess.h"

typedef struct
{
  gboolean done;
  char **ids;
  GError *error;
} Result;

static void
created_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Result *r = data;

  r->ids = arb_lichess_create_rounds_finish (result, &r->error);
  r->done = TRUE;
}

static void
run (ArbTestLichess *lichess, const char *broadcast, const char *const *names, Result *r)
{
  arb_lichess_create_rounds_async (arb_test_lichess_get_url (lichess), broadcast, "lip_secret",
                                   names, NULL, created_cb, r);
  while (!r->done)
    g_main_context_iteration (NULL, TRUE);
}

/* 250 boards: three rounds, named by their boards, made in board order,
 * the ids given back in that order. */
static void
test_create (void)
{
  g_autoptr (ArbTestLichess) lichess = arb_test_lichess_new ();
  g_auto (GStrv) names = arb_lichess_rounds_plan (7, 250);
  Result r = { 0 };

  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_assert_cmpstr (names[0], ==, "Round 7 (boards 1–100)");
  g_assert_cmpstr (names[2], ==, "Round 7 (boards 201–300)");
  run (lichess, "tour0001", (const char *const *) names, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (g_strv_length (r.ids), ==, 3);
  g_assert_cmpstr (r.ids[0], ==, "round001");
  g_assert_cmpstr (r.ids[1], ==, "round002");
  g_assert_cmpstr (r.ids[2], ==, "round003");
  g_assert_cmpuint (arb_test_lichess_get_n_requests (lichess), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const ArbTestLichessRequest *req = arb_test_lichess_get_request (lichess, i);
      g_autoptr (GHashTable) form = soup_form_decode (req->body);

      g_assert_cmpstr (req->path, ==, "/broadcast/tour0001/new");
      g_assert_cmpstr (req->authorization, ==, "Bearer lip_secret");
      g_assert_cmpstr (req->content_type, ==, "application/x-www-form-urlencoded");
      g_assert_cmpstr (g_hash_table_lookup (form, "name"), ==, names[i]);
    }
  g_strfreev (r.ids);

  /* 100 boards or fewer: one round. */
  {
    g_auto (GStrv) one = arb_lichess_rounds_plan (1, 100);
    g_auto (GStrv) none = arb_lichess_rounds_plan (1, 0);

    g_assert_cmpuint (g_strv_length (one), ==, 1);
    g_assert_cmpuint (g_strv_length (none), ==, 1);
  }
}

/* The second of three refused: the error names it, why, and the round
 * made before it; the third is not asked for. */
static void
test_part_fails (void)
{
  g_autoptr (ArbTestLichess) lichess = arb_test_lichess_new ();
  g_auto (GStrv) names = arb_lichess_rounds_plan (3, 300);
  Result r = { 0 };

  arb_test_lichess_script (lichess, 200, NULL, NULL, 0);
  arb_test_lichess_script (lichess, 403, "{\"error\":\"Missing scope study:write\"}", NULL, 0);
  run (lichess, "tour0001", (const char *const *) names, &r);
  g_assert_null (r.ids);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (r.error->message, "Round 3 (boards 101–200)"));
  g_assert_nonnull (strstr (r.error->message, "2 of 3"));
  g_assert_nonnull (strstr (r.error->message, "403"));
  g_assert_nonnull (strstr (r.error->message, "Missing scope study:write"));
  g_assert_nonnull (strstr (r.error->message, "round001"));
  g_assert_null (strstr (r.error->message, "lip_secret"));
  g_assert_cmpuint (arb_test_lichess_get_n_requests (lichess), ==, 2);
  g_clear_error (&r.error);
}

/* An answer without a round id, and a bad broadcast id, are errors. */
static void
test_bad_answers (void)
{
  g_autoptr (ArbTestLichess) lichess = arb_test_lichess_new ();
  g_auto (GStrv) names = arb_lichess_rounds_plan (1, 10);
  Result r = { 0 };
  Result bad = { 0 };

  arb_test_lichess_script (lichess, 200, "{\"tour\":{}}", NULL, 0);
  run (lichess, "tour0001", (const char *const *) names, &r);
  g_assert_null (r.ids);
  g_assert_nonnull (strstr (r.error->message, "no round id"));
  g_clear_error (&r.error);

  run (lichess, "no/such", (const char *const *) names, &bad);
  g_assert_error (bad.error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (lichess), ==, 1);
  g_clear_error (&bad.error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/lichess-rounds/create", test_create);
  g_test_add_func ("/net/lichess-rounds/part-fails", test_part_fails);
  g_test_add_func ("/net/lichess-rounds/bad-answers", test_bad_answers);
  return g_test_run ();
}
