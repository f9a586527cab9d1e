/* test-status-cli.c: the status and analyze contracts of arbiter-cli
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib.h>

#include "arb-test-utils.h"

typedef struct
{
  const char *fen;
  const char *expected[6];
} StatusCase;

/* Expected values worked out by hand for each position. */
static void
test_status_json (void)
{
  static const StatusCase cases[] = {
    /* Rh8 mates: the rook covers the eighth rank, the king a7 and b7. */
    { "k7/8/1K6/8/8/8/8/7R w - - 99 120",
      { "\"check\":false", "\"checkmate\":false", "\"Rh8#\"", "\"Ra1+\"",
        "\"insufficient_material\":{\"white\":false,\"black\":true}", NULL } },
    /* python-chess: mated at clock 105, nothing to claim. */
    { "k7/8/NKB5/8/8/8/8/8 b - - 105 176",
      { "\"check\":true", "\"checkmate\":true", "\"legal_moves\":[]",
        "\"end\":{\"kind\":\"checkmate\"", "\"claims\":[]", NULL } },
    /* K+N v K: dead position (5.2.2). */
    { "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
      { "\"insufficient_material\":{\"white\":true,\"black\":true}", "\"dead_position\":true",
        "\"kind\":\"dead-position\"", NULL } },
    /* K+N v K+Q: the knight cannot mate, the queen can. */
    { "8/8/4k3/8/8/3K1q2/8/2N5 w - - 0 1",
      { "\"check\":true", "\"insufficient_material\":{\"white\":true,\"black\":false}", NULL } },
    /* A stalemate at clock 99 is a stalemate, nothing to claim. */
    { "k7/3N4/1K6/1B6/8/8/8/8 b - - 99 50",
      { "\"stalemate\":true", "\"legal_moves\":[]", "\"end\":{\"kind\":\"stalemate\"",
        "\"claims\":[]", NULL } },
    /* 100 plies without progress: the 50-move claim (9.3). */
    { "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119",
      { "\"end\":null", "\"claims\":[\"fifty\"]", NULL } },
    /* The start position has 20 moves; e4 is one of them, in SAN. */
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      { "\"e4\"", "\"Nf3\"", "\"stalemate\":false", NULL } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[] = { "status", "--json", cases[i].fen, NULL };
      g_autofree char *out = NULL;
      int exit_status;

      out = arb_test_run_cli (args, NULL, &exit_status, NULL);
      if (out == NULL)
        return;
      g_assert_cmpint (exit_status, ==, 0);
      for (guint j = 0; cases[i].expected[j] != NULL; j++)
        arb_test_assert_contains (out, cases[i].expected[j]);
    }

  /* Twenty legal moves from the start, counted by the commas. */
  {
    const char *args[] = { "status", "--json",
                           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL };
    g_autofree char *out = NULL;
    const char *moves;
    guint commas = 0;
    int exit_status;

    out = arb_test_run_cli (args, NULL, &exit_status, NULL);
    moves = strstr (out, "\"legal_moves\":[");
    g_assert_nonnull (moves);
    for (const char *c = moves; *c != ']'; c++)
      commas += *c == ',';
    g_assert_cmpuint (commas, ==, 19);
  }
}

static void
test_status_bad_fen (void)
{
  const char *args[] = { "status", "--json", "8/8/8/8/8/8/8/8 w - - 0 1", NULL };
  g_autofree char *out = NULL;
  int exit_status;

  out = arb_test_run_cli (args, NULL, &exit_status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (exit_status, ==, 1);
  arb_test_assert_contains (out, "{\"error\":\"");
}

/* clean-chess basic/fivefold/02 and the "beyond" fixture 05: the position
 * after 5...a6 comes back after 7...Qd8, 9...Qd8, 11...Qd8 and 13...Qd8
 * (plies 10, 14, 18, 22, 26); the fifth time ends the game (9.6.1). Fixture
 * 05 goes on for 14. a3 g6 15. b4 Bb6, four void plies. */
static void
test_analyze_json (void)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  g_autofree char *end_file = NULL;
  g_autofree char *beyond_file = NULL;
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  int exit_status;

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("ARB_TESTDATA is not set or missing");
      return;
    }
  end_file = g_build_filename (root,
                               "clean-chess/src/test/resources/pgn/basic/fivefold/"
                               "02_fivefold_end_with_first_fivefold.pgn",
                               NULL);
  beyond_file =
    g_build_filename (root,
                      "clean-chess/src/test/resources/pgnParser/legacy/common/beyond/basic/"
                      "fivefold/05_fivefold_beyond.pgn",
                      NULL);
  {
    const char *args[] = { "analyze", "--json", end_file, beyond_file, NULL };

    out = arb_test_run_cli (args, NULL, &exit_status, NULL);
  }
  if (out == NULL)
    return;
  g_assert_cmpint (exit_status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);

  arb_test_assert_contains (lines[0], "\"plies\":26");
  arb_test_assert_contains (
    lines[0], "{\"ply\":18,\"kind\":\"threefold\",\"article\":\"9.2\",\"occurrences\":[10,14,18]");
  arb_test_assert_contains (
    lines[0],
    "{\"ply\":26,\"kind\":\"fivefold\",\"article\":\"9.6.1\",\"occurrences\":[10,14,18,22,26]");
  arb_test_assert_contains (lines[0], "\"end\":{\"ply\":26,\"kind\":\"fivefold\"");
  arb_test_assert_contains (lines[0], "\"void_plies\":0");
  arb_test_assert_contains (lines[0], "\"error\":null");

  arb_test_assert_contains (lines[1], "\"plies\":30");
  arb_test_assert_contains (lines[1], "\"end\":{\"ply\":26,\"kind\":\"fivefold\"");
  arb_test_assert_contains (lines[1], "\"void_plies\":4");
}

/* A game with an illegal move is reported with the ply, and exit status 1;
 * a game that reaches 150 plies from a FEN clock of 148 ends there. */
static void
test_analyze_errors_and_fen (ArbTestTemp *temp, gconstpointer data)
{
  static const char pgn[] =
    "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/RN2K3 w - - 148 100\"]\n\n"
    "100. Nc3 Kd8 101. Nb1 *\n";
  g_autofree char *path = arb_test_temp_write (temp, "games.pgn", pgn);
  const char *args[] = { "analyze", "--json", path, NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  int exit_status;

  out = arb_test_run_cli (args, NULL, &exit_status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (exit_status, ==, 1);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  arb_test_assert_contains (lines[0], "\"plies\":2");
  arb_test_assert_contains (lines[0], "\"error\":{\"ply\":3,");
  arb_test_assert_contains (lines[1], "{\"ply\":0,\"kind\":\"fifty\"");
  arb_test_assert_contains (lines[1], "{\"ply\":2,\"kind\":\"seventyfive\"");
  arb_test_assert_contains (lines[1], "\"end\":{\"ply\":2,\"kind\":\"seventyfive\"");
  arb_test_assert_contains (lines[1], "\"void_plies\":1");
}

/* status --json - : one answer per input line, in order, a bad line answered
 * with an error and the rest still judged. Verdicts worked out by hand:
 * the forced stalemate (52...b4+ and every answer stalemates) is dead; the
 * rook can mate; the locked wall with bishops behind it is dead. */
static void
test_status_stdin (void)
{
  static const char *const args[] = { "status", "--json", "-", NULL };
  const char *input = "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52\n"
                      "not a fen\n"
                      "\n"
                      "8/8/4k3/8/8/3K4/8/R7 w - - 0 1\n"
                      "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1\n";
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  int exit_status = 0;

  out = arb_test_run_cli (args, input, &exit_status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (exit_status, ==, 1);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[4], ==, "");

  arb_test_assert_contains (lines[0], "\"fen\":\"k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52\"");
  arb_test_assert_contains (lines[0],
                            "\"white\":{\"verdict\":\"cannot-mate\",\"proof\":\"search\"");
  arb_test_assert_contains (lines[0], "\"dead_position\":true");
  /* The search proves it dead; the material alone does not, and the field
   * that says so is not named as the verdict (finding 8). */
  arb_test_assert_contains (lines[0],
                            "\"insufficient_material\":{\"white\":false,\"black\":false}");
  g_assert_null (strstr (lines[0], "\"cannot_mate\""));
  arb_test_assert_contains (lines[0], "\"end\":{\"kind\":\"dead-position\",\"article\":\"5.2.2\"}");

  arb_test_assert_contains (lines[1], "{\"error\":");

  arb_test_assert_contains (
    lines[2], "\"white\":{\"verdict\":\"can-mate\",\"proof\":\"search\",\"line\":\"1.");
  arb_test_assert_contains (lines[2],
                            "\"black\":{\"verdict\":\"cannot-mate\",\"proof\":\"material\"");
  arb_test_assert_contains (lines[2], "\"dead_position\":false");

  arb_test_assert_contains (lines[3],
                            "\"white\":{\"verdict\":\"cannot-mate\",\"proof\":\"pawn-wall\"");
  arb_test_assert_contains (lines[3],
                            "\"black\":{\"verdict\":\"cannot-mate\",\"proof\":\"pawn-wall\"");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/status/json", test_status_json);
  g_test_add_func ("/cli/status/stdin", test_status_stdin);
  g_test_add_func ("/cli/status/bad-fen", test_status_bad_fen);
  g_test_add_func ("/cli/analyze/json", test_analyze_json);
  g_test_add ("/cli/analyze/errors-and-fen", ArbTestTemp, NULL, arb_test_temp_setup,
              test_analyze_errors_and_fen, arb_test_temp_teardown);

  return g_test_run ();
}
