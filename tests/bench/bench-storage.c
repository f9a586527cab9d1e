/* bench-storage.c: durable commit latency per move, and a 10,000-game import
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-storage [DIR]
 *
 * DIR should be on the disk the tournaments will live on (default: the
 * current directory); a tmpfs makes fsync free and the numbers meaningless.
 * Prints the median, 99th percentile and maximum of the time
 * arb_tournament_add_move() takes (one transaction with synchronous=FULL
 * in WAL mode: the move, its audit line, an fsync of the WAL), then the
 * time to import 10,000 games from one PGN in one transaction, and to
 * export them again.
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-tournament-pgn.h"
#include "arb-tournament.h"

#define N_GAMES_LATENCY 5
#define PLIES_PER_GAME 200
#define N_IMPORT 10000

/* Morphy - Duke of Brunswick and Count Isouard, Paris 1858. */
static const char opera_movetext[] =
  "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6\n"
  "9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6\n"
  "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

static ArbTournament *
fresh (const char *dir, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  ArbEventInfo event = { .name = (char *) "Bench Open" };
  ArbTournament *t;

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  t = arb_tournament_create (path, &event, &error);
  if (t == NULL)
    g_error ("%s", error->message);
  return t;
}

static void
bench_commit_latency (const char *dir)
{
  g_autoptr (ArbTournament) t = fresh (dir, "bench-latency.arbiter");
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr (GError) error = NULL;

  for (int g = 0; g < N_GAMES_LATENCY; g++)
    {
      ArbPlayerInfo w = { .name = (char *) "White" }, b = { .name = (char *) "Black" };
      ArbGameInfo info = { .round = 1, .board = g + 1, .rated = TRUE };
      ArbPosition pos;
      gint64 game;

      info.white_id = arb_tournament_add_player (t, &w, &error);
      info.black_id = arb_tournament_add_player (t, &b, &error);
      game = arb_tournament_add_game (t, &info, &error);
      arb_position_set_start (&pos);

      /* Random legal moves, as long as the game lasts. */
      for (int ply = 1; ply <= PLIES_PER_GAME; ply++)
        {
          ArbMoveList list;
          ArbMove move;
          ArbUndo undo;
          gint64 start, elapsed;

          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0 || pos.halfmove_clock >= 150)
            break;
          move = list.moves[g_rand_int_range (rand, 0, (gint32) list.n_moves)];

          start = g_get_monotonic_time ();
          if (!arb_tournament_add_move (t, game, ply, NULL, move, 5400000 - ply * 1000,
                                        5400000 - ply * 900, &error))
            g_error ("%s", error->message);
          elapsed = g_get_monotonic_time () - start;
          g_array_append_val (times, elapsed);
          arb_position_make_move (&pos, move, &undo);
        }
    }

  g_array_sort (times, compare_gint64);
  printf ("commit per move (durable, WAL + synchronous=FULL), %u commits:\n", times->len);
  printf ("  median %.3f ms, p99 %.3f ms, max %.3f ms\n",
          g_array_index (times, gint64, times->len / 2) / 1000.0,
          g_array_index (times, gint64, (times->len * 99) / 100) / 1000.0,
          g_array_index (times, gint64, times->len - 1) / 1000.0);
}

static void
bench_import (const char *dir)
{
  g_autoptr (ArbTournament) t = fresh (dir, "bench-import.arbiter");
  g_autoptr (GString) pgn = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *exported = NULL;
  gint64 start;
  guint n = 0;
  double seconds;

  /* 100 rounds of 100 boards, each the Opera game between its own pair
   * of players. */
  for (int i = 0; i < N_IMPORT; i++)
    g_string_append_printf (
      pgn,
      "[Event \"Bench\"]\n[Site \"?\"]\n[Date \"2026.03.01\"]\n[Round \"%d.%d\"]\n"
      "[White \"White %d\"]\n[Black \"Black %d\"]\n[Result \"1-0\"]\n\n%s\n",
      i / 100 + 1, i % 100 + 1, i % 500, i % 500, opera_movetext);

  start = g_get_monotonic_time ();
  if (!arb_tournament_import_pgn (t, pgn->str, pgn->len, 0, &n, &error))
    g_error ("%s", error->message);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  printf (
    "import of %u games (%.1f MB of PGN, %u plies) in one transaction: %.2f s (%.0f games/s)\n", n,
    pgn->len / 1e6, n * 33, seconds, n / seconds);

  start = g_get_monotonic_time ();
  exported = arb_tournament_export_pgn (t, 0, 0, &error);
  if (exported == NULL)
    g_error ("%s", error->message);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("export of the %u games: %.2f s (%.1f MB)\n", n, seconds, strlen (exported) / 1e6);
}

int
main (int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : ".";

  arb_position_init ();
  bench_commit_latency (dir);
  bench_import (dir);
  return 0;
}
