/* test-crash.c: arbiter-cli play killed with SIGKILL at random moments
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each trial feeds a real game's moves to `arbiter-cli play` and kills it
 * at a random moment. Afterwards `arbiter-cli check` must pass, and the
 * game must hold exactly the moves acknowledged with "ok" (one more at
 * most, when the kill fell between the commit and the print).
 */

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-pgn-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament.h"

#define N_TRIALS 150

/* Morphy - Duke of Brunswick and Count Isouard, Paris 1858. */
static const char *const opera_game[] = {
  "e4",    "e5",  "Nf3",  "d6",   "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
  "Nf6",   "Qb3", "Qe7",  "Nc3",  "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
  "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#",
};

typedef struct
{
  GPtrArray *moves; /* SAN, as the writer spells it */
  gint64 full_run_us;
} Game;

/* A longer real game from the shared test data when it is there. */
static GPtrArray *
game_from_testdata (void)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;
  g_autoptr (GPtrArray) games = NULL;
  const ArbPgnGame *game;
  GPtrArray *moves;
  ArbPosition pos;

  if (root == NULL)
    return NULL;
  path =
    g_build_filename (root, "python-chess", "data", "pgn", "nepomniachtchi-liren-game1.pgn", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  games = arb_pgn_game_read_file (path, ARB_PGN_READER_DEFAULT, NULL);
  if (games == NULL || games->len == 0)
    return NULL;
  game = games->pdata[0];
  g_assert_null (game->error);

  moves = g_ptr_array_new_with_free_func (g_free);
  pos = game->start;
  for (guint i = 1; i <= arb_pgn_game_get_n_plies (game); i++)
    {
      ArbPgnNode *node = arb_pgn_game_get_node (game, i);
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, node->move, san);
      g_ptr_array_add (moves, g_strdup (san));
      arb_position_make_move (&pos, node->move, &undo);
    }
  return moves;
}

static char *
read_all (int fd)
{
  GString *s = g_string_new (NULL);
  char buf[4096];
  ssize_t n;

  while ((n = read (fd, buf, sizeof buf)) != 0)
    {
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          break;
        }
      g_string_append_len (s, buf, n);
    }
  return g_string_free (s, FALSE);
}

static void
write_all (int fd, const char *text)
{
  gsize len = strlen (text);

  while (len > 0)
    {
      ssize_t n = write (fd, text, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return; /* the child is gone: fine */
      text += n;
      len -= (gsize) n;
    }
}

/* Runs play on one board; kills it after delay_us (or never when < 0).
 * Returns the number of plies acknowledged, checking each "ok" line. */
static int
run_play (const char *cli,
          const char *path,
          int board,
          const Game *game,
          gint64 delay_us,
          gboolean *killed)
{
  g_autofree char *board_text = g_strdup_printf ("%d", board);
  const char *argv[] = { cli, "play", path, "--round", "1", "--board", board_text, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) input = g_string_new (NULL);
  g_autofree char *output = NULL;
  g_auto (GStrv) lines = NULL;
  GPid pid;
  int in_fd, out_fd;
  int status;
  int acked = 0;

  for (guint i = 0; i < game->moves->len; i++)
    g_string_append_printf (input, "%s\n", (const char *) game->moves->pdata[i]);

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                           NULL, NULL, &pid, &in_fd, &out_fd, NULL, &error));
  g_assert_no_error (error);
  write_all (in_fd, input->str);
  close (in_fd);

  if (delay_us >= 0)
    {
      if (delay_us > 0)
        g_usleep ((gulong) delay_us);
      kill (pid, SIGKILL);
    }
  output = read_all (out_fd);
  close (out_fd);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  *killed = WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL;
  if (!*killed)
    {
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }

  /* "ok PLY SAN" for plies 1, 2, 3… with the game's moves; a line cut
   * short by the kill is not an acknowledgement. */
  lines = g_strsplit (output, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *expected = NULL;

      if (lines[i + 1] == NULL)
        break; /* no newline after it: unfinished, or empty */
      if (g_str_has_prefix (lines[i], "result "))
        continue;
      expected = g_strdup_printf ("ok %d %s", acked + 1, (const char *) game->moves->pdata[acked]);
      g_assert_cmpstr (lines[i], ==, expected);
      acked++;
    }
  return acked;
}

static void
run_check (const char *cli, const char *path)
{
  const char *argv[] = { cli, "check", path, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("check failed: %s%s", out, err);
}

static void
test_kill_play (void)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GError) error = NULL;
  ArbTestTemp temp = ARB_TEST_TEMP_INIT;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = NULL;
  Game games[2] = { { NULL, 0 }, { NULL, 0 } };
  guint n_games = 1;
  int n_killed = 0, n_extra = 0, n_complete = 0, n_before_first = 0;
  ArbEventInfo event = { .name = (char *) "Crash Open", .edition = 2023 };

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }

  games[0].moves = g_ptr_array_new ();
  for (gsize i = 0; i < G_N_ELEMENTS (opera_game); i++)
    g_ptr_array_add (games[0].moves, (gpointer) opera_game[i]);
  games[1].moves = game_from_testdata ();
  if (games[1].moves != NULL)
    n_games = 2;
  else
    g_test_message ("ARB_TESTDATA has no long game; the Opera game only");

  /* The test's files go when it passes (a failure leaves them to look at). */
  arb_test_temp_setup (&temp, NULL);
  path = arb_test_temp_file (&temp, "crash.arbiter");
  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  /* One board per trial (and per calibration run), all in one file: every
   * kill leaves its mark on the same file the next trial opens. */
  for (int b = 1; b <= N_TRIALS + 2; b++)
    {
      g_autofree char *white = g_strdup_printf ("White %d", b);
      g_autofree char *black = g_strdup_printf ("Black %d", b);
      ArbPlayerInfo w = { .name = white }, bl = { .name = black };
      ArbGameInfo g = { .round = 1, .board = b, .rated = TRUE };

      g.white_id = arb_tournament_add_player (t, &w, &error);
      g.black_id = arb_tournament_add_player (t, &bl, &error);
      g_assert_cmpint (arb_tournament_add_game (t, &g, &error), >, 0);
      g_assert_no_error (error);
    }
  g_clear_object (&t);

  /* Calibration: how long a whole game takes here, unkilled. */
  for (guint k = 0; k < n_games; k++)
    {
      gboolean killed = FALSE;
      gint64 start = g_get_monotonic_time ();
      int acked = run_play (cli, path, N_TRIALS + 1 + (int) k, &games[k], -1, &killed);

      games[k].full_run_us = g_get_monotonic_time () - start;
      g_assert_false (killed);
      g_assert_cmpint (acked, ==, (int) games[k].moves->len);
      g_test_message ("game %u: %u plies, a full run takes %" G_GINT64_FORMAT " µs", k,
                      games[k].moves->len, games[k].full_run_us);
    }

  for (int trial = 0; trial < N_TRIALS; trial++)
    {
      Game *game = &games[trial % n_games];
      int board = trial + 1;
      /* Uniform over the whole run and a little beyond it. */
      gint64 delay =
        g_test_rand_int_range (0, (gint32) MIN (game->full_run_us * 6 / 5 + 1, G_MAXINT32));
      gboolean killed = FALSE;
      int acked = run_play (cli, path, board, game, delay, &killed);
      g_autoptr (GArray) stored = NULL;
      int n_stored;

      run_check (cli, path);

      t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
      g_assert_no_error (error);
      stored = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, board, NULL), &error);
      g_assert_no_error (error);
      n_stored = (int) stored->len;

      /* Exactly what was acknowledged, or one more. */
      g_assert_cmpint (n_stored, >=, acked);
      g_assert_cmpint (n_stored, <=, acked + 1);
      for (int i = 0; i < n_stored; i++)
        g_assert_cmpstr (g_array_index (stored, ArbStoredMove, i).san, ==, game->moves->pdata[i]);

      /* Each move and its audit line were one transaction. */
      {
        sqlite3 *db = NULL;
        sqlite3_stmt *stmt = NULL;

        g_assert_cmpint (sqlite3_open (arb_tournament_get_path (t), &db), ==, SQLITE_OK);
        g_assert_cmpint (
          sqlite3_prepare_v2 (db,
                              "SELECT (SELECT coalesce (sum (plies), 0) FROM move_list), "
                              "(SELECT count (*) FROM audit WHERE action = 'move')",
                              -1, &stmt, NULL),
          ==, SQLITE_OK);
        g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
        g_assert_cmpint (sqlite3_column_int64 (stmt, 0), ==, sqlite3_column_int64 (stmt, 1));
        sqlite3_finalize (stmt);
        sqlite3_close (db);
      }
      g_clear_object (&t);

      /* The machine's speed changes under load: aim the next kills at
       * the run as it is now. */
      if (!killed)
        game->full_run_us = MAX (game->full_run_us * 4 / 5, 1000);
      else if (n_stored < (int) game->moves->len)
        game->full_run_us = game->full_run_us * 21 / 20;

      n_killed += killed;
      n_extra += n_stored == acked + 1;
      n_complete += n_stored == (int) game->moves->len;
      n_before_first += n_stored == 0;
    }

  g_test_message ("%d trials: %d killed, %d with the game complete, %d with no move stored, "
                  "%d with one move stored but not acknowledged",
                  N_TRIALS, n_killed, n_complete, n_before_first, n_extra);
  /* The kills must have hit games in progress, not only finished ones. */
  g_assert_cmpint (n_killed, >, 0);
  g_assert_cmpint (N_TRIALS - n_complete - n_before_first, >, 0);

  g_ptr_array_unref (games[0].moves);
  if (games[1].moves != NULL)
    g_ptr_array_unref (games[1].moves);
  arb_test_temp_clear (&temp);
}

/* An import killed at a random moment stores all of its games or none. */
#define N_IMPORT_TRIALS 30
#define GAMES_PER_IMPORT 300

static void
test_kill_import (void)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GError) error = NULL;
  ArbTestTemp temp = ARB_TEST_TEMP_INIT;
  g_autofree char *path = NULL;
  g_autofree char *pgn_path = NULL;
  g_autoptr (GString) pgn = g_string_new (NULL);
  g_autoptr (ArbTournament) t = NULL;
  ArbEventInfo event = { .name = (char *) "Import Crash Open" };
  gint64 full_run_us;
  int n_all = 0, n_none = 0;

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }
  /* The test's files go when it passes (a failure leaves them to look at). */
  arb_test_temp_setup (&temp, NULL);
  path = arb_test_temp_file (&temp, "import.arbiter");
  pgn_path = arb_test_temp_file (&temp, "games.pgn");
  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  g_clear_object (&t);

  for (int i = 0; i < GAMES_PER_IMPORT; i++)
    {
      g_string_append_printf (
        pgn, "[Event \"?\"]\n[Round \"1.%d\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n\n", i + 1, i, i);
      for (gsize k = 0; k < G_N_ELEMENTS (opera_game); k++)
        {
          if (k % 2 == 0)
            g_string_append_printf (pgn, "%zu. ", k / 2 + 1);
          g_string_append_printf (pgn, "%s ", opera_game[k]);
        }
      g_string_append (pgn, "1-0\n\n");
    }
  g_assert_true (g_file_set_contents (pgn_path, pgn->str, (gssize) pgn->len, &error));

  /* Calibration: one whole import, into round 100. */
  {
    g_autofree char *round = g_strdup ("100");
    const char *argv[] = { cli, "import", path, pgn_path, "--round", round, NULL };
    gint64 start = g_get_monotonic_time ();
    int status = 0;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                                 NULL, NULL, &status, &error));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    full_run_us = g_get_monotonic_time () - start;
    g_test_message ("a whole import of %d games takes %" G_GINT64_FORMAT " µs", GAMES_PER_IMPORT,
                    full_run_us);
  }

  for (int trial = 0; trial < N_IMPORT_TRIALS; trial++)
    {
      g_autofree char *round = g_strdup_printf ("%d", trial + 1);
      const char *argv[] = { cli, "import", path, pgn_path, "--round", round, NULL };
      gint64 delay = g_test_rand_int_range (0, (gint32) MIN (full_run_us * 6 / 5 + 1, G_MAXINT32));
      gint64 games;
      GPid pid;
      int status;
      g_autoptr (GPtrArray) list = NULL;

      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                      G_SPAWN_STDERR_TO_DEV_NULL,
                                    NULL, NULL, &pid, &error));
      g_usleep ((gulong) delay);
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);

      run_check (cli, path);
      t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
      g_assert_no_error (error);
      list = arb_tournament_list_games (t, trial + 1, &error);
      g_assert_no_error (error);
      games = list->len;
      g_assert_true (games == 0 || games == GAMES_PER_IMPORT);
      if (games == GAMES_PER_IMPORT)
        {
          /* and whole: every game with all its moves */
          for (guint i = 0; i < list->len; i++)
            g_assert_cmpint (((ArbGameInfo *) list->pdata[i])->n_plies, ==,
                             G_N_ELEMENTS (opera_game));
          n_all++;
        }
      else
        n_none++;
      g_clear_object (&t);

      /* Aim at the import as it runs now. */
      if (games == GAMES_PER_IMPORT)
        full_run_us = MAX (full_run_us * 4 / 5, 1000);
      else
        full_run_us = full_run_us * 21 / 20;
    }
  g_test_message ("%d killed imports: %d stored whole, %d left no trace", N_IMPORT_TRIALS, n_all,
                  n_none);
  g_assert_cmpint (n_none, >, 0);
  arb_test_temp_clear (&temp);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/tournament-crash/kill-play", test_kill_play);
  g_test_add_func ("/storage/tournament-crash/kill-import", test_kill_import);

  return g_test_run ();
}
