/* test-entries.c: arbiter-cli entries, and the import that checks them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract: bye, withdraw, late and cancel each record one entry in
 * the file and say so; a refusal says why, records nothing and exits 1;
 * wrong arguments exit 2 with the usage; list (--json) shows what stands;
 * the TRF export carries the entries; importing the pairing program's next
 * round warns, on standard error, where it went against them.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-entries.h"
#include "arb-tournament-trf.h"

typedef struct
{
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&f->path);

  (void) data;
  arb_test_import_trf_fixture (t, "entries-6.trf");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  g_free (f->path);
}

static char *
run (const char *const *args, int want_status, char **err_out)
{
  g_autofree char *err = NULL;
  int status = -1;
  char *out = arb_test_run_cli (args, "", &status, &err);

  if (out == NULL)
    return NULL;
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, want_status);
  if (err_out != NULL)
    *err_out = g_steal_pointer (&err);
  return out;
}

/* The records in the file, those taken back and taking back too. */
static guint
n_records (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GPtrArray) entries = NULL;

  g_assert_no_error (error);
  entries = arb_tournament_list_entries (t, TRUE, &error);
  g_assert_no_error (error);
  return entries->len;
}

static void
test_record_and_export (Fixture *f, gconstpointer data)
{
  const char *bye[] = { "entries",   f->path,        "bye",    "--round", "3", "Charlie",
                        "--arbiter", "Arbiter, Ann", "--note", "wedding", NULL };
  const char *withdraw[] = { "entries", f->path, "withdraw", "--round", "3", "5", NULL };
  const char *late[] = { "entries",    f->path,        "late", "--round",   "3",        "--name",
                         "Golf, Gina", "--rating",     "1850", "--fide-id", "12345678", "--title",
                         "FM",         "--federation", "NOR",  NULL };
  const char *zero[] = { "entries", f->path, "bye", "--round", "4", "--zero", "Bravo", NULL };
  const char *list[] = { "entries", f->path, "list", "--json", NULL };
  const char *export16[] = { "export", f->path, "--format", "trf16", NULL };
  const char *export26[] = { "export", f->path, "--format", "trf26", NULL };
  g_autofree char *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *array;

  (void) data;
  out = run (bye, 0, NULL);
  if (out == NULL)
    return;
  g_assert_nonnull (strstr (out, "half-point bye in round 3"));
  g_free (out);
  out = run (withdraw, 0, NULL);
  g_assert_nonnull (strstr (out, "withdrawn from round 3 on"));
  g_free (out);
  out = run (late, 0, NULL);
  g_assert_nonnull (strstr (out, "Golf, Gina enters late with starting rank 7, from round 3"));
  g_free (out);
  out = run (zero, 0, NULL);
  g_assert_nonnull (strstr (out, "zero-point bye in round 4"));
  g_free (out);

  out = run (list, 0, NULL);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 4);
  {
    JsonObject *first = json_array_get_object_element (array, 0);

    g_assert_cmpstr (json_object_get_string_member (first, "kind"), ==, "bye");
    g_assert_cmpstr (json_object_get_string_member (first, "player"), ==, "Charlie, Cid");
    g_assert_cmpstr (json_object_get_string_member (first, "code"), ==, "H");
    g_assert_cmpint (json_object_get_int_member (first, "round"), ==, 3);
    g_assert_cmpstr (json_object_get_string_member (first, "arbiter"), ==, "Arbiter, Ann");
    g_assert_cmpstr (json_object_get_string_member (first, "note"), ==, "wedding");
  }
  g_free (out);

  out = run (export16, 0, NULL);
  g_assert_nonnull (strstr (out, "0.0    6     6 w 0     4 b 0  0000 - H\n"));
  g_assert_nonnull (strstr (out, "0.5    5     2 b =     1 w 0  0000 - Z\n"));
  g_assert_nonnull (strstr (out, "001    7   FM Golf, Gina"));
  g_assert_nonnull (strstr (out, "12345678             0.0    7  0000 - Z  0000 - Z\n"));
  g_assert_null (strstr (out, "\n240 "));
  g_free (out);
  out = run (export26, 0, NULL);
  g_assert_nonnull (strstr (out, "\n240 H   3    3\n"));
  g_assert_nonnull (strstr (out, "\n240 Z   3    5\n"));
  g_assert_nonnull (strstr (out, "\n240 Z   4    2\n"));
}

static void
test_refused_and_cancelled (Fixture *f, gconstpointer data)
{
  const char *paired[] = { "entries", f->path, "bye", "--round", "2", "Alpha", NULL };
  const char *nobody[] = { "entries", f->path, "bye", "--round", "3", "Zulu", NULL };
  const char *no_round[] = { "entries", f->path, "withdraw", "Alpha", NULL };
  const char *bye[] = { "entries", f->path, "bye", "--round", "3", "4", NULL };
  const char *no_reason[] = { "entries", f->path, "cancel", "1", NULL };
  const char *cancel[] = { "entries", f->path, "cancel", "--reason", "plays after all", "1", NULL };
  const char *list[] = { "entries", f->path, "list", "--all", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  (void) data;
  out = run (paired, 1, &err);
  if (out == NULL)
    return;
  g_assert_nonnull (strstr (err, "Alpha, Anna is already paired in round 2; nothing recorded"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = run (nobody, 1, &err);
  g_assert_nonnull (strstr (err, "no player “Zulu”"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = run (no_round, 2, &err);
  g_assert_nonnull (strstr (err, "Usage: arbiter-cli entries FILE"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpuint (n_records (f), ==, 0);

  g_free (run (bye, 0, NULL));
  out = run (no_reason, 1, &err);
  g_assert_nonnull (strstr (err, "Say why the record is taken back"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = run (cancel, 0, NULL);
  g_assert_nonnull (strstr (out, "entry 1 taken back"));
  g_clear_pointer (&out, g_free);
  /* Nothing deleted: the bye and the record that takes it back. */
  g_assert_cmpuint (n_records (f), ==, 2);
  out = run (list, 0, NULL);
  g_assert_nonnull (strstr (out, "1: round 3: half-point bye asked for by Delta, Dan (4) (taken "
                                 "back by 2)\n"));
  g_assert_nonnull (strstr (out, "2: takes back 1 — plays after all\n"));
}

static void
test_import_warns (Fixture *f, gconstpointer data)
{
  const char *bye[] = { "entries", f->path, "bye", "--round", "3", "3", NULL };
  const char *withdraw[] = { "entries", f->path, "withdraw", "--round", "3", "Echo", NULL };
  const char *late[] = { "entries", f->path,      "late",      "--round",  "3",
                         "--name",  "Golf, Gina", "--fide-id", "12345678", NULL };
  g_autofree char *contrary =
    g_test_build_filename (G_TEST_DIST, "data", "entries-6-r3-contrary.trf", NULL);
  const char *import[] = { "import", f->path, contrary, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  (void) data;
  out = run (bye, 0, NULL);
  if (out == NULL)
    return;
  g_free (run (withdraw, 0, NULL));
  g_free (run (late, 0, NULL));
  g_clear_pointer (&out, g_free);

  out = run (import, 0, &err);
  g_assert_nonnull (strstr (out, "imported"));
  g_assert_nonnull (strstr (err, "arbiter-cli import: warning: Round 3: Charlie, Cid (3) asked "
                                 "for a bye (H), and the pairing program gave Z\n"));
  g_assert_nonnull (strstr (err, "arbiter-cli import: warning: Round 3: Echo, Eva (5) is "
                                 "withdrawn, but is paired on board"));
}

/* The points and rank planted in a file are told; the same rounds with
 * the file's own points and ranks are not. */
static void
test_import_points (Fixture *f, gconstpointer data)
{
  g_autofree char *planted =
    g_test_build_filename (G_TEST_DIST, "data", "entries-6-r3-points.trf", NULL);
  g_autofree char *agrees = g_test_build_filename (G_TEST_DIST, "data", "entries-6-r3.trf", NULL);
  const char *import_planted[] = { "import", f->path, planted, NULL };
  const char *import_agrees[] = { "import", f->path, agrees, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  (void) data;
  out = run (import_agrees, 0, &err);
  if (out == NULL)
    return;
  g_assert_nonnull (strstr (out, "imported"));
  g_assert_null (strstr (err, "warning"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = run (import_planted, 0, &err);
  g_assert_nonnull (strstr (out, "imported"));
  g_assert_nonnull (strstr (err, "arbiter-cli import: warning: After round 2: Foxtrot, Finn (6): "
                                 "points 2½ in the file, 1½ in the record\n"));
  g_assert_nonnull (strstr (err, "arbiter-cli import: warning: After round 2: Echo, Eva (5): "
                                 "rank 2 in the file, 5 in the standings (6–7 with what the file "
                                 "holds up to round 3)\n"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/entries/record-and-export", Fixture, NULL, fixture_set_up,
              test_record_and_export, fixture_tear_down);
  g_test_add ("/cli/entries/refused-and-cancelled", Fixture, NULL, fixture_set_up,
              test_refused_and_cancelled, fixture_tear_down);
  g_test_add ("/cli/entries/import-warns", Fixture, NULL, fixture_set_up, test_import_warns,
              fixture_tear_down);
  g_test_add ("/cli/entries/import-points", Fixture, NULL, fixture_set_up, test_import_points,
              fixture_tear_down);
  return g_test_run ();
}
