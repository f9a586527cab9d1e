/* test-options.c: the options of arbiter-cli status, analyze, validate,
 * perft and reconstruct, as GOption reads them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-test-utils.h"

typedef struct
{
  const char *command;
  /* Every option the command takes, as its help must list it. */
  const char *options[5];
  /* A word of the summary, to tell that the command's own help is shown. */
  const char *summary;
} HelpCase;

static const HelpCase help_cases[] = {
  { "status", { "--json", "--chess960", "--budget=N", "--seventy-five", NULL }, "stalemate" },
  { "analyze", { "--json", "--edition=YEAR", "--dead-budget=N", NULL }, "fivefold" },
  { "validate", { "--json", "--strict", "--accept-uci", NULL }, "broken PGN" },
  { "perft", { "--divide", "--suite=FILE", "--max-depth=D", NULL }, "leaf nodes" },
  { "reconstruct", { "--lang=L", "--fen=FEN", "--json", NULL }, "scoresheet" },
};

/* --help and -h: the command's usage line, summary and options on standard
 * output, nothing on standard error, exit status 0. */
static void
test_help (void)
{
  static const char *const flags[] = { "--help", "-h" };

  for (gsize i = 0; i < G_N_ELEMENTS (help_cases); i++)
    for (gsize f = 0; f < G_N_ELEMENTS (flags); f++)
      {
        const HelpCase *c = &help_cases[i];
        const char *args[] = { c->command, flags[f], NULL };
        g_autofree char *usage = g_strdup_printf ("Usage:\n  %s [OPTION…]", c->command);
        g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

        if (!arb_test_cli (&run, NULL, NULL, args))
          return;
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.err, ==, "");
        g_assert_true (g_str_has_prefix (run.out, usage));
        arb_test_assert_contains (run.out, c->summary);
        for (guint k = 0; c->options[k] != NULL; k++)
          arb_test_assert_contains (run.out, c->options[k]);
      }
}

/* An option the command does not know: GOption's message after the
 * command's name on standard error, nothing on standard output, exit 2. */
static void
test_unknown_option (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (help_cases); i++)
    {
      const char *args[] = { help_cases[i].command, "--frobnicate", "x", NULL };
      g_autofree char *expected =
        g_strdup_printf ("arbiter-cli %s: Unknown option --frobnicate\n", help_cases[i].command);
      g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

      if (!arb_test_cli (&run, NULL, NULL, args))
        return;
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_cmpstr (run.err, ==, expected);
    }
}

typedef struct
{
  const char *args[6];
  const char *message; /* the start of standard error */
} UsageCase;

/* Arguments missing, too many or with a value the option cannot take: one
 * line on standard error that says what is wrong, exit status 2. */
static void
test_bad_usage (void)
{
  static const UsageCase cases[] = {
    { { "status", NULL }, "Usage: arbiter-cli status [--json]" },
    { { "status", "--budget", "many", "k7/8/8/8/8/8/8/K7 w - - 0 1", NULL },
      "arbiter-cli status: --budget takes a number of nodes, not 'many'\n" },
    { { "status", "--budget", NULL }, "arbiter-cli status: Missing argument for --budget\n" },
    { { "analyze", NULL }, "Usage: arbiter-cli analyze [--json]" },
    { { "analyze", "--edition", "2010", "a.pgn", NULL },
      "arbiter-cli analyze: --edition must be 2001, 2009, 2014, 2018 or 2023\n" },
    { { "analyze", "--edition", "twenty", "a.pgn", NULL }, "arbiter-cli analyze: " },
    { { "analyze", "--dead-budget", "-", "a.pgn", NULL },
      "arbiter-cli analyze: --dead-budget takes a number of nodes, not '-'\n" },
    { { "validate", NULL }, "Usage: arbiter-cli validate [--json]" },
    { { "perft", NULL }, "Usage: arbiter-cli perft [--divide] FEN DEPTH" },
    { { "perft", "startpos", NULL }, "Usage: arbiter-cli perft [--divide] FEN DEPTH" },
    { { "perft", "startpos", "2", "3", NULL }, "Usage: arbiter-cli perft [--divide] FEN DEPTH" },
    { { "perft", "startpos", "21", NULL },
      "arbiter-cli perft: '21' is not a depth from 0 to 20\n" },
    { { "perft", "--suite", "x.epd", "--max-depth", "deep", NULL },
      "arbiter-cli perft: 'deep' is not a depth from 0 to 20\n" },
    { { "reconstruct", NULL }, "Usage: arbiter-cli reconstruct [--lang" },
    { { "reconstruct", "a.txt", "b.txt", "c.txt", NULL },
      "Usage: arbiter-cli reconstruct [--lang" },
    { { "reconstruct", "--lang=fr", "a.txt", NULL },
      "reconstruct: --lang must be auto, en, sv, nb, da or nl, not 'fr'\n" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

      if (!arb_test_cli (&run, NULL, NULL, cases[i].args))
        return;
      if (!g_str_has_prefix (run.err, cases[i].message))
        g_error ("%s: expected '%s' first in: %s", cases[i].args[0], cases[i].message, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
    }
}

/* The FEN's fields as separate arguments, with '-' for no castling and no
 * en passant square: one position, not standard input. K+N v K is dead
 * (5.2.2). */
static void
test_status_fen_fields (void)
{
  const char *args[] = {
    "status", "--json", "8/8/4k3/8/8/3KN3/8/8", "w", "-", "-", "0", "1", NULL
  };
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (args, NULL, &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  arb_test_assert_contains (out, "\"fen\":\"8/8/4k3/8/8/3KN3/8/8 w - - 0 1\"");
  arb_test_assert_contains (out, "\"dead_position\":true");
}

/* Options before, between and after the arguments, and --opt=value. */
static void
test_status_options_anywhere (void)
{
  const char *args[] = { "status",
                         "k7/8/8/8/8/8/8/K6R",
                         "--budget=100",
                         "w",
                         "-",
                         "-",
                         "--seventy-five",
                         "0",
                         "1",
                         "--json",
                         NULL };
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (args, NULL, &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  arb_test_assert_contains (out, "\"fen\":\"k7/8/8/8/8/8/8/K6R w - - 0 1\"");
  /* K+R v K mates in more than 100 nodes: the budget is spent. */
  arb_test_assert_contains (out, "\"white\":{\"verdict\":\"undetermined\"");
  arb_test_assert_contains (out, "\"nodes\":100}");
}

/* Counts published for the start position (the Chess Programming Wiki's
 * perft results): 20, 400, 8902. */
static void
test_perft (void)
{
  const char *depth3[] = { "perft", "startpos", "3", NULL };
  const char *divide[] = { "perft", "--divide", "startpos", "2", NULL };
  g_autofree char *out = NULL;
  g_autofree char *out_divide = NULL;
  g_auto (GStrv) lines = NULL;
  int status = -1;

  out = arb_test_run_cli (depth3, NULL, &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "8902\n");

  out_divide = arb_test_run_cli (divide, NULL, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out_divide, "\n", -1);
  /* 20 moves, 20 answers to each, the sum, and the empty rest. */
  g_assert_cmpuint (g_strv_length (lines), ==, 22);
  g_assert_cmpstr (lines[20], ==, "400");
  for (guint i = 0; i < 20; i++)
    g_assert_true (g_str_has_suffix (lines[i], ": 20"));
  arb_test_assert_contains (out_divide, "e2e4: 20\n");
}

/* A suite file with one right and one wrong count, read to depth 2 only:
 * one of two positions matches, exit status 1. */
static void
test_perft_suite (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_file (temp, "suite.epd");
  const char *args[] = { "perft", "--max-depth", "2", "--suite", path, NULL };
  g_autofree char *out = NULL;
  int status = -1;

  g_assert_true (g_file_set_contents (path,
                                      "id start\n"
                                      "epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
                                      "perft 1 20\nperft 2 400\nperft 3 1\n"
                                      "id wrong\n"
                                      "epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
                                      "perft 2 401\n",
                                      -1, NULL));
  out = arb_test_run_cli (args, NULL, &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==,
                   "MISMATCH wrong depth 2: expected 401, counted 400\n"
                   "perft: 1 of 2 positions match\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/options/help", test_help);
  g_test_add_func ("/cli/options/unknown-option", test_unknown_option);
  g_test_add_func ("/cli/options/bad-usage", test_bad_usage);
  g_test_add_func ("/cli/options/status-fen-fields", test_status_fen_fields);
  g_test_add_func ("/cli/options/status-options-anywhere", test_status_options_anywhere);
  g_test_add_func ("/cli/options/perft", test_perft);
  g_test_add ("/cli/options/perft-suite", ArbTestTemp, NULL, arb_test_temp_setup, test_perft_suite,
              arb_test_temp_teardown);

  return g_test_run ();
}
