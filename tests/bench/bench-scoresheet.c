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

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

/* Times the search on the first game of at least @plies half-moves, cut
 * to that length, written in Swedish with @kind on one or two sheets. */
static void
time_search (GPtrArray *games, guint plies, ArbTestSheetKind kind, guint n_sheets, const char *what)
{
  const ArbTestGame *source = NULL;
  ArbTestGame game;
  ArbScoresheet *sheets[2] = { NULL, NULL };
  g_autoptr (GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  guint mistakes = 0, exact = 0;
  const guint runs = 25;

  for (guint g = 0; g < games->len && source == NULL; g++)
    if (((const ArbTestGame *) g_ptr_array_index (games, g))->moves->len >= plies)
      source = g_ptr_array_index (games, g);
  if (source == NULL)
    {
      printf ("%s: no game of %u half-moves in the test data\n", what, plies);
      return;
    }
  game = *source;
  game.moves = g_array_sized_new (FALSE, FALSE, sizeof (ArbMove), plies);
  g_array_append_vals (game.moves, source->moves->data, plies);
  for (guint k = 0; k < n_sheets; k++)
    {
      guint made = 0;
      g_autofree char *text = arb_test_sheet_write (&game, "sv", kind, 4242 + k, &made, NULL);
      g_autoptr (GError) error = NULL;

      mistakes += made;
      sheets[k] = arb_scoresheet_read (text, -1, "auto", &error);
      g_assert_no_error (error);
    }
  for (guint r = 0; r < runs; r++)
    {
      double c0 = cpu_ms ();
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr (ArbScoresheetResult) result =
        arb_scoresheet_search (&game.start, sheets, n_sheets, NULL, NULL, NULL);
      double w = (g_get_monotonic_time () - t0) / 1000.0, c = cpu_ms () - c0;

      g_array_append_val (wall, w);
      g_array_append_val (cpu, c);
      if (result != NULL && result->best->moves->len == plies &&
          memcmp (result->best->moves->data, game.moves->data, plies * sizeof (ArbMove)) == 0)
        exact++;
    }
  g_array_sort (wall, compare_double);
  g_array_sort (cpu, compare_double);
  printf ("%-44s %u half-moves, %u mistakes, %s: processor %.1f ms (median of %u, best %.1f), "
          "wall %.1f ms; rebuilt exactly: %s\n",
          what, plies, mistakes, game.name, g_array_index (cpu, double, runs / 2), runs,
          g_array_index (cpu, double, 0), g_array_index (wall, double, runs / 2),
          exact == runs ? "yes" : "no");
  for (guint k = 0; k < n_sheets; k++)
    arb_scoresheet_free (sheets[k]);
  g_array_unref (game.moves);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) games = NULL;
  guint max_games = 200;
  gboolean verbose = FALSE;
  gboolean speed_only = FALSE;
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
      else if (strcmp (argv[i], "--speed") == 0)
        speed_only = TRUE;
    }
  games = arb_test_real_games (max_games);
  if (games == NULL)
    {
      fprintf (stderr, "bench-scoresheet: no test data (set ARB_TESTDATA)\n");
      return 2;
    }
  printf ("%u real games\n\n", games->len);
  time_search (games, 120, ARB_TEST_SHEET_WRONG_SQUARE, 1, "a 60-move game, one sheet:");
  time_search (games, 240, ARB_TEST_SHEET_MIXED, 2, "a 120-move game, two sheets:");
  if (speed_only)
    return 0;
  printf ("\n");
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
