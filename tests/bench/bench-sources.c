/* bench-sources.c: a live PGN feeding every board of a round, window open
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run it by hand under Xvfb,
 *
 *   HOME=$(mktemp -d) GSETTINGS_BACKEND=memory \
 *     xvfb-run -a build/tests/bench/bench-sources [--boards 64] [--seconds 30]
 *
 * The window opens a round of BOARDS boards and follows a live PGN file
 * (as the Sources of Moves dialog adds it). Every second the file is
 * rewritten, as a relay does, with one more move on every board (random
 * legal games from a fixed seed, each move with its [%clk]). Measured:
 * the time from each rewrite to each card showing its new move (median,
 * 99th percentile, worst), the moves stored against those written, and
 * the CPU of the whole process against the wall time.
 */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <sys/resource.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-window.h"

static int opt_boards = 64;
static int opt_seconds = 30;

typedef struct
{
  ArbWindow *window;
  char *path;
  char *pgn;
  GPtrArray *games;   /* GPtrArray of char * SAN, per board */
  guint written;      /* plies written per board */
  gint64 *written_at; /* monotonic µs of the rewrite that brought each ply */
  GArray *latencies;  /* gint64 µs, one per card update */
  guint *seen;        /* plies seen per board */
  GMainLoop *loop;
  gboolean ran;
} Bench;

static Bench bench;

static char *
new_round (guint n)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);

  arb_test_add_numbered_round (t, "5400+30", n, NULL);
  return g_steal_pointer (&path);
}

/* Random legal games of @plies plies (shorter when one ends). */
static GPtrArray *
random_games (guint n, guint plies)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint board = 0; board < n; board++)
    {
      GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
      ArbPosition pos;

      arb_position_set_start (&pos);
      for (guint ply = 0; ply < plies; ply++)
        {
          ArbMoveList list;
          char san[ARB_SAN_MAX];
          ArbUndo undo;
          ArbMove move;

          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0 || pos.halfmove_clock >= 90)
            break;
          move = list.moves[g_rand_int_range (rand, 0, (gint32) list.n_moves)];
          arb_san_write (&pos, move, san);
          g_ptr_array_add (moves, g_strdup (san));
          arb_position_make_move (&pos, move, &undo);
        }
      g_ptr_array_add (games, moves);
    }
  return games;
}

static void
write_pgn (void)
{
  GString *pgn = g_string_new (NULL);

  for (guint board = 0; board < bench.games->len; board++)
    {
      GPtrArray *moves = g_ptr_array_index (bench.games, board);

      g_string_append_printf (pgn, "[Round \"1.%u\"]\n\n", board + 1);
      for (guint ply = 0; ply < MIN (bench.written, moves->len); ply++)
        {
          if (ply % 2 == 0)
            g_string_append_printf (pgn, "%u. ", ply / 2 + 1);
          g_string_append_printf (pgn, "%s {[%%clk 1:%02u:%02u]} ",
                                  (char *) g_ptr_array_index (moves, ply), 29 - ply / 60,
                                  59 - ply % 60);
        }
      g_string_append (pgn, "*\n\n");
    }
  bench.written_at[bench.written] = g_get_monotonic_time ();
  g_assert_true (g_file_set_contents (bench.pgn, pgn->str, (gssize) pgn->len, NULL));
  g_string_free (pgn, TRUE);
}

static void
game_changed_cb (ArbGame *game, gpointer data)
{
  guint board = (guint) arb_game_get_board (game) - 1;
  guint n = arb_game_get_n_plies (game);

  /* Connected after the card: the card shows the move by now. */
  for (guint ply = bench.seen[board] + 1; ply <= n && ply <= bench.written; ply++)
    {
      gint64 latency = g_get_monotonic_time () - bench.written_at[ply];

      g_array_append_val (bench.latencies, latency);
    }
  bench.seen[board] = MAX (bench.seen[board], n);
}

static gboolean
tick_cb (gpointer data)
{
  if ((int) bench.written >= opt_seconds)
    {
      g_main_loop_quit (bench.loop);
      return G_SOURCE_REMOVE;
    }
  bench.written++;
  write_pgn ();
  return G_SOURCE_CONTINUE;
}

static int
cmp_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static double
percentile_ms (GArray *sorted, double p)
{
  guint i;

  if (sorted->len == 0)
    return 0;
  i = (guint) (p * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, gint64, i) / 1000.0;
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

static void
run (ArbWindow *window)
{
  g_autoptr (GError) error = NULL;
  GtkFlowBox *grid = arb_window_get_board_grid (window);
  ArbRoundSources *sources;
  guint stored = 0;
  guint expected = 0;
  double cpu0;
  gint64 wall0;
  double cpu;
  double wall;

  if (!arb_window_open_file (window, bench.path, FALSE, &error))
    g_error ("%s", error->message);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child))
      g_signal_connect_after (arb_board_card_get_game (ARB_BOARD_CARD (child)), "changed",
                              G_CALLBACK (game_changed_cb), NULL);
  write_pgn ();
  sources = arb_window_get_round_sources (window);
  if (arb_round_sources_add (sources, bench.pgn, 0, FALSE, &error) == NULL)
    g_error ("%s", error->message);

  cpu0 = cpu_seconds ();
  wall0 = g_get_monotonic_time ();
  bench.loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add_seconds (1, tick_cb, NULL);
  g_main_loop_run (bench.loop);
  /* The last rewrite's moves, a few seconds at most. */
  for (guint turns = 0; turns < 300; turns++)
    {
      gboolean done = TRUE;

      for (guint b = 0; b < bench.games->len; b++)
        done =
          done && bench.seen[b] >= MIN (bench.written, ((GPtrArray *) bench.games->pdata[b])->len);
      if (done)
        break;
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  cpu = cpu_seconds () - cpu0;
  wall = (g_get_monotonic_time () - wall0) / 1e6;
  g_main_loop_unref (bench.loop);

  for (guint b = 0; b < bench.games->len; b++)
    {
      stored += bench.seen[b];
      expected += MIN (bench.written, ((GPtrArray *) bench.games->pdata[b])->len);
    }
  g_array_sort (bench.latencies, cmp_gint64);
  printf ("%d boards, a move a second each, for %u s (window open)\n", opt_boards, bench.written);
  printf ("moves stored %u of %u written\n", stored, expected);
  printf ("rewrite to card: median %.1f ms, p99 %.1f ms, worst %.1f ms (%u moves)\n",
          percentile_ms (bench.latencies, 0.5), percentile_ms (bench.latencies, 0.99),
          percentile_ms (bench.latencies, 1.0), bench.latencies->len);
  printf ("CPU %.2f s in %.1f s of wall time (%.1f%% of one core)\n", cpu, wall,
          100.0 * cpu / wall);
}

static void
window_ready (GtkWindow *window)
{
  if (bench.ran)
    return;
  bench.ran = TRUE;
  bench.window = ARB_WINDOW (window);
  run (bench.window);
  g_application_quit (G_APPLICATION (gtk_window_get_application (window)));
}

static gboolean
mapped_idle_cb (gpointer data)
{
  window_ready (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
window_map_cb (GtkWidget *widget, gpointer data)
{
  g_idle_add (mapped_idle_cb, widget);
}

static void
activate_after_cb (GApplication *app, gpointer data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_idle_add (mapped_idle_cb, window);
  else
    g_signal_connect (window, "map", G_CALLBACK (window_map_cb), NULL);
}

int
main (int argc, char **argv)
{
  GOptionEntry entries[] = {
    { "boards", 0, 0, G_OPTION_ARG_INT, &opt_boards, "Boards of the round", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &opt_seconds, "Rewrites, one a second", "S" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  ArbApplication *app;
  char *app_argv[] = { (char *) "arbiter", NULL };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  opt_boards = CLAMP (opt_boards, 1, 256);
  opt_seconds = CLAMP (opt_seconds, 1, 3600);
  arb_position_init ();

  bench.path = new_round ((guint) opt_boards);
  bench.pgn = arb_test_temp_path ("live.pgn");
  bench.games = random_games ((guint) opt_boards, (guint) opt_seconds);
  bench.latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
  bench.seen = g_new0 (guint, opt_boards);
  bench.written_at = g_new0 (gint64, opt_seconds + 1);

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_after_cb), NULL);
  g_application_run (G_APPLICATION (app), 1, app_argv);
  g_object_unref (app);
  return bench.ran ? 0 : 1;
}
