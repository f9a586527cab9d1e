/* test-validate-cli.c: the validate contract of arbiter-cli
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib.h>

#include <json-glib/json-glib.h>

#include "arb-test-utils.h"

/* Names with a quote, a backslash, a tab and a Latin-1 byte; an illegal
 * move; a game without tags. The expected lines are written out by hand. */
static const char games[] =
  "[White \"Ann \\\"A\\\" \\\\ B\"]\n[Black \"Bj\xf6rn\tC\"]\n\n1. e4 e5 2. Nf3 *\n\n"
  "[White \"\xc3\x89mile\"]\n\n1. e4 e5 2. Ke3 *\n\n"
  "1. d4 Z0 *\n";

static const char *const expected_json[] = {
  "{\"game\":1,\"white\":\"Ann \\\"A\\\" \\\\ B\",\"black\":\"Bj\xef\xbf\xbd"
  "rn\tC\",\"plies\":3,"
  "\"final_fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\",\"error\":null}",
  "{\"game\":2,\"white\":\"\xc3\x89mile\",\"black\":null,\"plies\":2,"
  "\"final_fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\","
  "\"error\":{\"ply\":3,\"move\":\"Ke3\",\"message\":\"game 2, line 8, column 13, ply 3: "
  "'Ke3' is not a legal move for White in this position\"}}",
  "{\"game\":3,\"white\":null,\"black\":null,\"plies\":1,"
  "\"final_fen\":\"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\","
  "\"error\":{\"ply\":2,\"move\":\"Z0\",\"message\":\"game 3, line 10, column 7, ply 2: "
  "'Z0' is a null move; null moves are not allowed in a game score\"}}",
};

static void
test_validate_json (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (temp, "games.pgn", games);
  const char *args[] = { "validate", "--json", path, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, NULL, &status, NULL);
  g_auto (GStrv) lines = NULL;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (expected_json) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected_json); i++)
    {
      /* Expected text has a literal tab where the JSON must say \t. */
      g_autofree char *want = NULL;
      g_autoptr (GString) w = g_string_new (expected_json[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();

      g_string_replace (w, "\t", "\\t", 0);
      want = g_strdup (w->str);
      g_assert_cmpstr (lines[i], ==, want);
      /* And each line is valid JSON and valid UTF-8. */
      g_assert_true (g_utf8_validate (lines[i], -1, NULL));
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
    }
  g_assert_cmpstr (lines[G_N_ELEMENTS (expected_json)], ==, "");
}

static void
test_validate_summary (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (temp, "games.pgn", games);
  g_autofree char *good = arb_test_temp_write (temp, "good.pgn", "1. e4 e5 1-0\n");
  const char *args[] = { "validate", path, NULL };
  const char *args_good[] = { "validate", good, good, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, NULL, &status, NULL);
  g_autofree char *out_good = NULL;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_true (g_str_has_suffix (out, "\nvalidate: 3 games, 6 plies, 2 with errors\n"));

  out_good = arb_test_run_cli (args_good, NULL, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out_good, ==, "validate: 2 games, 4 plies, 0 with errors\n");
}

static void
test_validate_usage (void)
{
  const char *none[] = { "validate", NULL };
  const char *missing[] = { "validate", "/nonexistent/file.pgn", NULL };
  int status = -1;
  g_autofree char *a = arb_test_run_cli (none, NULL, &status, NULL);
  g_autofree char *b = NULL;

  if (a == NULL)
    return;
  g_assert_cmpint (status, ==, 2);
  b = arb_test_run_cli (missing, NULL, &status, NULL);
  g_assert_cmpint (status, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/validate/json", ArbTestTemp, NULL, arb_test_temp_setup, test_validate_json,
              arb_test_temp_teardown);
  g_test_add ("/cli/validate/summary", ArbTestTemp, NULL, arb_test_temp_setup,
              test_validate_summary, arb_test_temp_teardown);
  g_test_add_func ("/cli/validate/usage", test_validate_usage);

  return g_test_run ();
}
