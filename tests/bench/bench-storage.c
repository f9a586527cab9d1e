/* bench-storage.c: durable commit latency per move, and a 10,000-game import
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-storage [--sqlite-only | --moves-only | --commit-only] [DIR]
 *
 * DIR should be on the disk the tournaments will live on (default: the
 * current directory); a tmpfs makes fsync free and the numbers meaningless.
 * Prints the median, 99th percentile and maximum of the time
 * arb_tournament_add_move() takes (one transaction with synchronous=FULL
 * in WAL mode: the move, its audit line, an fsync of the WAL), the same
 * for its peer, a bare SQLite commit of one row in WAL mode with
 * synchronous=FULL, taken in turn with the moves (a move, a peer's
 * commit, a peer's commit, a move…) so that both see the same disk and
 * load, and their ratio; then the time to import 10,000 games from one PGN
 * in one transaction, and to export them again. --sqlite-only runs the
 * peer alone (to set beside an older build's figures), --moves-only the
 * moves alone (to count their system calls with strace -c), --commit-only
 * the moves and the peer without the import. Build with -Dnative=true for
 * benchmarks.
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <time.h>
#include <sqlite3.h>
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

/* The CPU time of this thread, in microseconds: the steadier figure on a
 * machine others use too. */
static gint64
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gint64
median (GArray *times)
{
  g_array_sort (times, compare_gint64);
  return g_array_index (times, gint64, times->len / 2);
}

/* The peer: what a durable commit of one row costs SQLite itself, with the
 * same journal and sync settings and a row like a move's. */
typedef struct
{
  char *path;
  sqlite3 *db;
  sqlite3_stmt *insert;
  int n;
} BareSqlite;

static void
bare_remove_files (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
}

static void
bare_open (BareSqlite *bare, const char *dir)
{
  bare->path = g_build_filename (dir, "bench-bare.sqlite", NULL);
  bare->n = 0;
  bare_remove_files (bare->path);
  if (sqlite3_open (bare->path, &bare->db) != SQLITE_OK ||
      sqlite3_exec (bare->db,
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                    "CREATE TABLE move (game_id INTEGER, ply INTEGER, code INTEGER, "
                    "white_ms INTEGER, black_ms INTEGER, played_at TEXT, "
                    "PRIMARY KEY (game_id, ply)) WITHOUT ROWID",
                    NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (bare->db, "INSERT INTO move VALUES (1, ?, 1234, 5400000, 5400000, ?)", -1,
                          &bare->insert, NULL) != SQLITE_OK)
    g_error ("bare SQLite: %s", sqlite3_errmsg (bare->db));
}

/* One durable commit of one row; its time in microseconds, and the CPU
 * time it took in *cpu. */
static gint64
bare_commit (BareSqlite *bare, gint64 *cpu)
{
  gint64 start = g_get_monotonic_time ();
  gint64 cpu_start = cpu_now ();

  sqlite3_exec (bare->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  sqlite3_bind_int (bare->insert, 1, ++bare->n);
  sqlite3_bind_text (bare->insert, 2, "2026-03-01T10:00:00.000000Z", -1, SQLITE_STATIC);
  if (sqlite3_step (bare->insert) != SQLITE_DONE)
    g_error ("bare SQLite: %s", sqlite3_errmsg (bare->db));
  sqlite3_reset (bare->insert);
  if (sqlite3_exec (bare->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
    g_error ("bare SQLite: %s", sqlite3_errmsg (bare->db));
  *cpu = cpu_now () - cpu_start;
  return g_get_monotonic_time () - start;
}

static void
bare_close (BareSqlite *bare)
{
  sqlite3_finalize (bare->insert);
  sqlite3_close (bare->db);
  bare_remove_files (bare->path);
  g_free (bare->path);
}

static void
print_times (const char *what, GArray *times)
{
  g_array_sort (times, compare_gint64);
  printf ("%s, %u commits:\n  median %.3f ms, p99 %.3f ms, max %.3f ms\n", what, times->len,
          g_array_index (times, gint64, times->len / 2) / 1000.0,
          g_array_index (times, gint64, (times->len * 99) / 100) / 1000.0,
          g_array_index (times, gint64, times->len - 1) / 1000.0);
}

static gint64
bench_bare_sqlite (const char *dir, guint n_commits)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  BareSqlite bare;

  bare_open (&bare, dir);
  for (guint i = 0; i < n_commits; i++)
    {
      gint64 cpu;
      gint64 elapsed = bare_commit (&bare, &cpu);

      g_array_append_val (times, elapsed);
    }
  bare_close (&bare);
  print_times ("bare SQLite commit of one row (WAL + synchronous=FULL)", times);
  return median (times);
}

/* Moves of random games, each commit followed by one of the peer's, so
 * that both see the same disk and the same load (the machine may be
 * shared); the ratio of each pair is kept too. */
static double
bench_commit_latency (const char *dir, gboolean with_peer)
{
  g_autoptr (ArbTournament) t = fresh (dir, "bench-latency.arbiter");
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) peer_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) ratios = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) peer_cpu_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr (GError) error = NULL;
  BareSqlite bare;
  double ratio;

  if (with_peer)
    bare_open (&bare, dir);
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
          gint64 start, elapsed, peer = 0, cpu, peer_cpu = 0;

          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0 || pos.halfmove_clock >= 150)
            break;
          move = list.moves[g_rand_int_range (rand, 0, (gint32) list.n_moves)];

          /* Each goes first in turn: the second of a pair may find the
           * disk still busy with the first. */
          if (with_peer && ply % 2 == 0)
            peer = bare_commit (&bare, &peer_cpu);
          start = g_get_monotonic_time ();
          cpu = cpu_now ();
          if (!arb_tournament_add_move (t, game, ply, NULL, move, 5400000 - ply * 1000,
                                        5400000 - ply * 900, &error))
            g_error ("%s", error->message);
          elapsed = g_get_monotonic_time () - start;
          cpu = cpu_now () - cpu;
          g_array_append_val (times, elapsed);
          g_array_append_val (cpu_times, cpu);
          arb_position_make_move (&pos, move, &undo);
          if (with_peer)
            {
              gint64 pair;

              if (ply % 2 == 1)
                peer = bare_commit (&bare, &peer_cpu);
              /* The pair's ratio in thousandths. */
              pair = (elapsed * 1000) / MAX (peer, 1);
              g_array_append_val (peer_times, peer);
              g_array_append_val (peer_cpu_times, peer_cpu);
              g_array_append_val (ratios, pair);
            }
        }
    }

  print_times ("commit per move (durable, WAL + synchronous=FULL)", times);
  if (!with_peer)
    return 0;
  bare_close (&bare);
  print_times ("bare SQLite commit of one row (WAL + synchronous=FULL), taken in turn", peer_times);
  ratio = (double) median (times) / (double) median (peer_times);
  printf ("ratio: a move's commit takes %.2fx a bare SQLite commit (medians; aim <= 1.2); "
          "median of the pairs' ratios %.2fx\n",
          ratio, median (ratios) / 1000.0);
  printf ("CPU time of a commit: a move's %.0f µs, the peer's %.0f µs (medians): %.2fx\n",
          (double) median (cpu_times), (double) median (peer_cpu_times),
          (double) median (cpu_times) / (double) MAX (median (peer_cpu_times), 1));
  return ratio;
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
  gboolean sqlite_only = argc > 1 && strcmp (argv[1], "--sqlite-only") == 0;
  gboolean moves_only = argc > 1 && strcmp (argv[1], "--moves-only") == 0;
  gboolean commit_only = argc > 1 && strcmp (argv[1], "--commit-only") == 0;
  int first = 1 + (sqlite_only || moves_only || commit_only);
  const char *dir = argc > first ? argv[first] : ".";

  if (sqlite_only)
    {
      bench_bare_sqlite (dir, 1000);
      return 0;
    }
  arb_position_init ();
  bench_commit_latency (dir, !moves_only);
  if (moves_only || commit_only)
    return 0;
  bench_import (dir);
  return 0;
}
