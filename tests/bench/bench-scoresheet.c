/* bench-scoresheet.c: scoresheet reconstruction, its speed and its test set
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run by tests/bench/bench-scoresheet.sh. Prints the share of
 * real games rebuilt exactly per kind of mistake and language, then the
 * time to rebuild a 60-move game with three mistakes and two sheets of a
 * 120-move game.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "arb-scoresheet-search.h"
#include "arb-test-scoresheet.h"

/* Processor time, not wall time: the machine is shared. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) games = NULL;
  guint max_games = 200;
  gboolean verbose = FALSE;
  const char *only_kind = NULL;
  const char *only_language = NULL;

  arb_position_init ();
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--verbose") == 0)
        verbose = TRUE;
      else if (strcmp (argv[i], "--games") == 0 && i + 1 < argc)
        max_games = (guint) atoi (argv[++i]);
      else if (strcmp (argv[i], "--kind") == 0 && i + 1 < argc)
        only_kind = argv[++i];
      else if (strcmp (argv[i], "--lang") == 0 && i + 1 < argc)
        only_language = argv[++i];
    }
  games = arb_test_real_games (max_games);
  if (games == NULL)
    {
      fprintf (stderr, "bench-scoresheet: no test data (set ARB_TESTDATA)\n");
      return 2;
    }
  printf ("%u real games\n\n", games->len);
  printf ("%-14s", "kind");
  for (guint l = 0; arb_test_sheet_languages[l] != NULL; l++)
    if (only_language == NULL || strcmp (only_language, arb_test_sheet_languages[l]) == 0)
      printf (" %7s", arb_test_sheet_languages[l]);
  printf (" %8s %9s %8s\n", "all", "no game", "visible");

  for (int kind = 0; kind <= ARB_TEST_SHEET_N_KINDS; kind++)
    {
      gboolean two = kind == ARB_TEST_SHEET_N_KINDS;
      ArbTestSheetKind k = two ? ARB_TEST_SHEET_MIXED : (ArbTestSheetKind) kind;
      const char *name = two ? "two sheets" : arb_test_sheet_kind_name (k);
      ArbTestSheetScore all = { 0 };
      double t0 = cpu_ms ();

      if (!two && k == ARB_TEST_SHEET_MIXED)
        continue;
      if (only_kind != NULL && strcmp (only_kind, name) != 0)
        continue;
      printf ("%-14s", name);
      fflush (stdout);
      for (guint l = 0; arb_test_sheet_languages[l] != NULL; l++)
        {
          ArbTestSheetScore score = { 0 };

          if (only_language != NULL && strcmp (only_language, arb_test_sheet_languages[l]) != 0)
            continue;
          arb_test_sheet_score (games, k, arb_test_sheet_languages[l], two, 1 + l, verbose, &score);
          printf (" %6.1f%%", 100.0 * score.exact / MAX (score.sheets, 1u));
          fflush (stdout);
          all.sheets += score.sheets;
          all.exact += score.exact;
          all.no_game += score.no_game;
          all.visible += score.visible;
          all.visible_exact += score.visible_exact;
        }
      printf (" %7.1f%% %9u %7.1f%%   (%u sheets, %u visible, %.1f ms cpu each)\n",
              100.0 * all.exact / MAX (all.sheets, 1u), all.no_game,
              100.0 * all.visible_exact / MAX (all.visible, 1u), all.sheets, all.visible,
              (cpu_ms () - t0) / MAX (all.sheets, 1u));
    }
  return 0;
}
