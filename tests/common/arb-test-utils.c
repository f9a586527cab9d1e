/* arb-test-utils.c: fixtures shared by the tests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-utils.h"

#include "arb-demo.h"
#include "arb-san.h"
#include "arb-tournament-team.h"
#include "arb-tournament-trf.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The directories arb_test_temp_path() made, removed when the test
 * program exits; only by the process that made them, not by a forked
 * child that happens to call exit(). */
static GPtrArray *temp_dirs;
static pid_t temp_dirs_owner;

static void
remove_temp_dirs (void)
{
  if (temp_dirs == NULL || getpid () != temp_dirs_owner)
    return;
  for (guint i = 0; i < temp_dirs->len; i++)
    arb_test_remove_tree (temp_dirs->pdata[i]);
  g_clear_pointer (&temp_dirs, g_ptr_array_unref);
}

char *
arb_test_temp_path (const char *name)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("arb-test-XXXXXX", &error);

  g_assert_no_error (error);
  if (temp_dirs == NULL)
    {
      temp_dirs = g_ptr_array_new_with_free_func (g_free);
      temp_dirs_owner = getpid ();
      atexit (remove_temp_dirs);
    }
  g_ptr_array_add (temp_dirs, dir);
  return g_build_filename (dir, name, NULL);
}

static ArbTournament *
create_tournament (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Test event", .edition = 2023 };
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

ArbTournament *
arb_test_new_tournament (char **path_out)
{
  g_autofree char *path = arb_test_temp_path ("t.arbiter");
  ArbTournament *t = create_tournament (path);

  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return t;
}

ArbTournament *
arb_test_temp_new_tournament (const ArbTestTemp *temp)
{
  g_assert_nonnull (temp->tournament);
  return create_tournament (temp->tournament);
}

void
arb_test_import_trf_fixture (ArbTournament *t, const char *name)
{
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (name, &length);

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
}

ArbTournament *
arb_test_open_fixture_copy (const char *name, char **path_out)
{
  gsize length = 0;
  g_autofree char *bytes = arb_test_read_fixture (name, &length);
  g_autofree char *path = arb_test_temp_path (name);
  g_autoptr (GError) error = NULL;
  ArbTournament *t;

  g_assert_true (g_file_set_contents (path, bytes, (gssize) length, &error));
  g_assert_no_error (error);
  t = arb_test_open (path);
  g_assert_nonnull (t);
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return t;
}

ArbGame *
arb_test_load_board (ArbTournament *t, int board, const ArbTimeControl *tc)
{
  g_autoptr (GError) error = NULL;
  gint64 id = arb_tournament_find_game (t, 1, board, &error);
  ArbGame *game;

  g_assert_no_error (error);
  game = arb_game_load (t, id, tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  return game;
}

void
arb_test_corrupt (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, "PRAGMA ignore_check_constraints = ON;", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
  sqlite3_close (db);
}

void
arb_test_spin_until (gboolean (*check) (gpointer data), gpointer data)
{
  gint64 give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!check (data))
    {
      g_main_context_iteration (NULL, FALSE);
      if (!check (data))
        g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
    }
}

gboolean
arb_test_authorize_deputy (const char *token, char **arbiter_name, gpointer tournament)
{
  g_autoptr (ArbTeamArbiter) a =
    arb_tournament_find_arbiter_by_token (ARB_TOURNAMENT (tournament), token, NULL);

  if (a == NULL || a->role == ARB_TEAM_ROLE_FLOOR)
    return FALSE;
  *arbiter_name = g_strdup (a->name);
  return TRUE;
}

ArbTournament *
arb_test_open (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbTournament *t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);

  g_assert_no_error (error);
  return t;
}

static void
assert_same_trf_players (const ArbTrf *got, const ArbTrf *want)
{
  g_assert_cmpuint (got->players->len, ==, want->players->len);
  for (guint i = 0; i < want->players->len; i++)
    {
      const ArbTrfPlayer *a = got->players->pdata[i];
      const ArbTrfPlayer *b = want->players->pdata[i];

      g_assert_cmpint (a->start_no, ==, b->start_no);
      g_assert_cmpint (a->sex, ==, b->sex);
      g_assert_cmpstr (a->title, ==, b->title);
      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpint (a->rating, ==, b->rating);
      g_assert_cmpstr (a->federation, ==, b->federation);
      g_assert_cmpint (a->fide_id, ==, b->fide_id);
      g_assert_cmpstr (a->birth_date, ==, b->birth_date);
      g_assert_cmpint (a->points_x2, ==, b->points_x2);
      g_assert_cmpuint (a->rounds->len, ==, b->rounds->len);
      for (guint r = 0; r < b->rounds->len; r++)
        {
          const ArbTrfRound *ra = &g_array_index (a->rounds, ArbTrfRound, r);
          const ArbTrfRound *rb = &g_array_index (b->rounds, ArbTrfRound, r);

          g_test_message ("player %d round %u", b->start_no, r + 1);
          g_assert_cmpint (ra->opponent, ==, rb->opponent);
          g_assert_cmpint (ra->colour, ==, rb->colour);
          g_assert_cmpint (ra->result, ==, rb->result);
        }
    }
}

void
arb_test_assert_same_trf (const ArbTrf *got, const ArbTrf *want)
{
  assert_same_trf_players (got, want);
  g_assert_cmpuint (got->round_dates->len, ==, want->round_dates->len);
  for (guint r = 0; r < want->round_dates->len; r++)
    g_assert_cmpstr (got->round_dates->pdata[r], ==, want->round_dates->pdata[r]);
  g_assert_cmpuint (got->records->len, ==, want->records->len);
  for (guint i = 0; i < want->records->len; i++)
    {
      const ArbTrfRecord *ra = got->records->pdata[i];
      const ArbTrfRecord *rb = want->records->pdata[i];

      g_assert_cmpstr (ra->code, ==, rb->code);
      g_assert_cmpstr (ra->value, ==, rb->value);
    }
}

char *
arb_test_read_fixture (const char *name, gsize *length)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, length, &error);
  g_assert_no_error (error);
  return text;
}

char *
arb_test_testdata (const char *subpath)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;

  if (root != NULL)
    path = g_build_filename (root, subpath, NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *why =
        g_strdup_printf ("external test data %s is absent (ARB_TESTDATA)", subpath);
      g_test_skip (why);
      return NULL;
    }
  return g_steal_pointer (&path);
}

void
arb_test_assert_contains (const char *haystack, const char *needle)
{
  g_assert_nonnull (haystack);
  if (strstr (haystack, needle) == NULL)
    g_error ("expected '%s' in: %s", needle, haystack);
}

char *
arb_test_checksum (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

void
arb_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          arb_test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

void
arb_test_temp_setup (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  temp->dir = g_dir_make_tmp ("arb-test-XXXXXX", &error);
  g_assert_no_error (error);
  temp->tournament = g_build_filename (temp->dir, "tournament.arbiter", NULL);
}

void
arb_test_temp_clear (ArbTestTemp *temp)
{
  if (temp->dir != NULL)
    arb_test_remove_tree (temp->dir);
  g_clear_pointer (&temp->dir, g_free);
  g_clear_pointer (&temp->tournament, g_free);
}

void
arb_test_temp_teardown (ArbTestTemp *temp, gconstpointer data)
{
  arb_test_temp_clear (temp);
}

char *
arb_test_temp_file (const ArbTestTemp *temp, const char *name)
{
  g_assert_nonnull (temp->dir);
  return g_build_filename (temp->dir, name, NULL);
}

char *
arb_test_temp_write (const ArbTestTemp *temp, const char *name, const char *contents)
{
  g_autoptr (GError) error = NULL;
  char *path = arb_test_temp_file (temp, name);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

void
arb_test_cli_run_clear (ArbTestCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
  run->status = -1;
}

gboolean
arb_test_skip_without_cli (void)
{
  if (g_getenv ("ARBITER_CLI") != NULL)
    return FALSE;
  g_test_skip ("ARBITER_CLI is not set");
  return TRUE;
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize length = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;

  return g_strndup (data != NULL ? data : "", length);
}

static gboolean
spawn_cli (ArbTestCliRun *run,
           const char *const *env,
           const char *input,
           gsize input_len,
           const char *const *args)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  g_autofree char *input_path = NULL;
  int fd;

  arb_test_cli_run_clear (run);
  if (arb_test_skip_without_cli ())
    return FALSE;
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  fd = g_file_open_tmp ("arb-test-stdin-XXXXXX", &input_path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (input_path, input != NULL ? input : "",
                       input != NULL ? (gssize) input_len : 0, &error);
  g_assert_no_error (error);

  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (env != NULL)
    g_subprocess_launcher_set_environ (launcher, (char **) env);
  g_subprocess_launcher_set_stdin_file_path (launcher, input_path);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  /* Bytes, not UTF-8: what a hostile input makes the program print is
   * checked, not trusted. */
  g_subprocess_communicate (proc, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_unlink (input_path);
  run->status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1;
  run->out = bytes_to_string (out);
  run->err = bytes_to_string (err);
  g_test_message ("arbiter-cli %s: status %d\n%s", args[0] != NULL ? args[0] : "", run->status,
                  run->err);
  return TRUE;
}

gboolean
arb_test_cli (ArbTestCliRun *run,
              const char *const *env,
              const char *stdin_text,
              const char *const *args)
{
  return spawn_cli (run, env, stdin_text, stdin_text != NULL ? strlen (stdin_text) : 0, args);
}

gboolean
arb_test_cli_input (ArbTestCliRun *run, const char *input, gsize input_len, const char *const *args)
{
  return spawn_cli (run, NULL, input, input_len, args);
}

gboolean
arb_test_cli_args (ArbTestCliRun *run, const char *stdin_text, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, stdin_text);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return arb_test_cli (run, NULL, stdin_text, (const char *const *) args->pdata);
}

char *
arb_test_cli_ok (const char *const *args, const char *stdin_text)
{
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  if (!arb_test_cli (&run, NULL, stdin_text, args))
    return NULL;
  if (run.status != 0)
    g_error ("arbiter-cli %s exited with %d: %s", args[0], run.status, run.err);
  return g_steal_pointer (&run.out);
}

gboolean
arb_test_temp_cli_tournament (const ArbTestTemp *temp, const char *name, const char *pairings)
{
  g_autofree char *pgn = NULL;
  g_autofree char *created = NULL;
  g_autofree char *imported = NULL;
  const char *new_args[] = { "new", temp->tournament, "--name", name, NULL };
  const char *import_args[] = { "import", temp->tournament, NULL, NULL };

  if (arb_test_skip_without_cli ())
    return FALSE;
  pgn = arb_test_temp_write (temp, "pairings.pgn", pairings);
  import_args[2] = pgn;
  created = arb_test_cli_ok (new_args, NULL);
  imported = arb_test_cli_ok (import_args, NULL);
  return TRUE;
}

char *
arb_test_run_cli (const char *const *args, const char *stdin_text, int *exit_status, char **err_out)
{
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  if (!arb_test_cli (&run, NULL, stdin_text, args))
    return NULL;
  *exit_status = run.status;
  if (err_out != NULL)
    *err_out = g_steal_pointer (&run.err);
  return g_steal_pointer (&run.out);
}

gboolean
arb_test_read_oracle_fen (ArbPosition *pos, const char *fen, gboolean *permissive)
{
  g_autofree char *padded = NULL;

  if (permissive != NULL)
    *permissive = FALSE;
  if (arb_position_set_fen (pos, fen, ARB_FEN_FLAGS_NONE, NULL))
    return TRUE;
  if (permissive != NULL)
    *permissive = TRUE;
  if (arb_position_set_fen (pos, fen, ARB_FEN_PERMISSIVE, NULL))
    return TRUE;
  padded = g_strconcat (fen, " - -", NULL);
  return arb_position_set_fen (pos, padded, ARB_FEN_PERMISSIVE, NULL);
}

void
arb_test_demo_setup (ArbTestDemo *demo, gconstpointer data)
{
  guint boards = data != NULL ? GPOINTER_TO_UINT (data) : ARB_DEMO_BOARDS;
  g_autoptr (GError) error = NULL;

  arb_test_temp_setup (&demo->temp, NULL);
  demo->path = arb_test_temp_file (&demo->temp, "demo.arbiter");
  g_assert_true (arb_demo_create (demo->path, boards, &error));
  g_assert_no_error (error);
  demo->tournament = arb_tournament_open (demo->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse (ARB_DEMO_TIME_CONTROL, &demo->tc, NULL, &error));
}

void
arb_test_demo_teardown (ArbTestDemo *demo, gconstpointer data)
{
  g_clear_object (&demo->tournament);
  g_clear_pointer (&demo->path, g_free);
  arb_test_temp_teardown (&demo->temp, data);
}

gint64
arb_test_add_player (ArbTournament *t, int no, const char *name)
{
  return arb_test_add_rated_player (t, no, name, 0);
}

void
arb_test_add_round_of_three (ArbTournament *t, gint64 *board)
{
  static const char *const names[] = { "Jansen, Pieter",  "Öberg, Nils",    "Ekström, Anna",
                                       "Lindqvist, Erik", "Hansen, Magnus", "Åkesson, Björn" };
  static const ArbResult results[] = { ARB_RESULT_ONGOING, ARB_RESULT_BLACK_WINS,
                                       ARB_RESULT_ONGOING };
  gint64 ids[G_N_ELEMENTS (names)];

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    ids[i] = arb_test_add_player (t, (int) i + 1, names[i]);
  for (int b = 1; b <= 3; b++)
    board[b] = arb_test_add_game (t, 1, b, ids[2 * b - 2], ids[2 * b - 1], results[b - 1]);
}

void
arb_test_add_numbered_round (ArbTournament *t,
                             const char *time_control,
                             guint n_boards,
                             gint64 *ids)
{
  if (time_control != NULL)
    {
      g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, NULL);

      g_assert_nonnull (event);
      g_free (event->time_control);
      event->time_control = g_strdup (time_control);
      g_assert_true (arb_tournament_set_event (t, event, NULL));
    }
  for (guint board = 1; board <= n_boards; board++)
    {
      g_autofree char *w = g_strdup_printf ("White %u", board);
      g_autofree char *b = g_strdup_printf ("Black %u", board);
      ArbPlayerInfo white = { .name = w };
      ArbPlayerInfo black = { .name = b };
      ArbGameInfo game = { .round = 1, .board = (int) board, .rated = TRUE };
      gint64 id;

      game.white_id = arb_tournament_add_player (t, &white, NULL);
      game.black_id = arb_tournament_add_player (t, &black, NULL);
      id = arb_tournament_add_game (t, &game, NULL);
      g_assert_cmpint (id, >, 0);
      if (ids != NULL)
        ids[board] = id;
    }
}

void
arb_test_round_of_three_setup (ArbTestRoundOfThree *f, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&f->path);

  arb_test_add_round_of_three (t, f->board);
}

void
arb_test_round_of_three_teardown (ArbTestRoundOfThree *f, gconstpointer data)
{
  g_free (f->path);
}

ArbGameInfo *
arb_test_stored_game (const char *path, gint64 id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  ArbGameInfo *game;

  g_assert_no_error (error);
  game = arb_tournament_get_game (t, id, &error);
  g_assert_no_error (error);
  return game;
}

gint64
arb_test_add_game (ArbTournament *t,
                   int round,
                   int board,
                   gint64 white,
                   gint64 black,
                   ArbResult result)
{
  g_autoptr (GError) error = NULL;
  ArbGameInfo g = { .round = round,
                    .board = board,
                    .white_id = white,
                    .black_id = black,
                    .result = result,
                    .bye_code = black == 0 ? (char *) "U" : NULL,
                    .rated = TRUE };
  gint64 id = arb_tournament_add_game (t, &g, &error);

  g_assert_no_error (error);
  return id;
}

gint64
arb_test_add_board (ArbTournament *t, int round, int board, const char *white, const char *black)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo w = { .name = (char *) white, .rating = 2200 };
  ArbPlayerInfo b = { .name = (char *) black, .rating = 2100 };
  ArbGameInfo game = { .round = round, .board = board, .rated = TRUE };
  gint64 id;

  game.white_id = arb_tournament_add_player (t, &w, &error);
  g_assert_no_error (error);
  game.black_id = arb_tournament_add_player (t, &b, &error);
  g_assert_no_error (error);
  id = arb_tournament_add_game (t, &game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

int
arb_test_play_san (ArbTournament *t, gint64 game, const char *san, gint64 white_ms, gint64 black_ms)
{
  g_autoptr (GError) error = NULL;
  ArbPosition pos;
  int n = 0;
  ArbMove move;

  g_assert_true (arb_tournament_replay (t, game, &pos, &n, &error));
  g_assert_no_error (error);
  move = arb_san_parse (&pos, san, strlen (san), &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_move (t, game, n + 1, NULL, move, white_ms, black_ms, &error));
  g_assert_no_error (error);
  return n + 1;
}

gint64
arb_test_add_rated_player (ArbTournament *t, int no, const char *name, int rating)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo p = { .start_no = no, .name = (char *) name, .rating = rating };
  gint64 id = arb_tournament_add_player (t, &p, &error);

  g_assert_no_error (error);
  return id;
}

void
arb_test_add_pairings (ArbTournament *t,
                       const gint64 *ids,
                       const ArbTestPairing *pairings,
                       guint n_pairings)
{
  for (guint i = 0; i < n_pairings; i++)
    {
      const ArbTestPairing *p = &pairings[i];
      g_autoptr (GError) error = NULL;
      ArbGameInfo g = { .round = p->round,
                        .board = p->board,
                        .white_id = ids[p->white],
                        .black_id = p->black != 0 ? ids[p->black] : 0,
                        .result = p->result,
                        .bye_code = (char *) p->bye,
                        .rated = TRUE };

      arb_tournament_add_game (t, &g, &error);
      g_assert_no_error (error);
    }
}

void
arb_test_add_swiss_of_six (ArbTournament *t, const char *const *names, gint64 *ids)
{
  static const ArbTestPairing games[] = {
    { 1, 1, 1, 4, ARB_RESULT_WHITE_WINS, NULL },        { 1, 2, 2, 5, ARB_RESULT_DRAW, NULL },
    { 1, 3, 3, 6, ARB_RESULT_BLACK_WINS, NULL },        { 2, 1, 2, 1, ARB_RESULT_BLACK_WINS, NULL },
    { 2, 2, 3, 4, ARB_RESULT_WHITE_FORFEIT_WIN, NULL }, { 2, 3, 6, 0, ARB_RESULT_WHITE_HALF, "H" },
    { 2, 4, 5, 0, ARB_RESULT_BOTH_LOSE, "Z" },          { 3, 1, 6, 1, ARB_RESULT_DRAW, NULL },
    { 3, 2, 2, 3, ARB_RESULT_WHITE_WINS, NULL },        { 3, 3, 5, 4, ARB_RESULT_BLACK_WINS, NULL },
  };

  for (int no = 1; no <= 6; no++)
    ids[no] = arb_test_add_rated_player (t, no, names[no], 2500 - 100 * no);
  arb_test_add_pairings (t, ids, games, G_N_ELEMENTS (games));
}

void
arb_test_add_robin_of_four (ArbTournament *t, gint64 *ids)
{
  static const ArbTestPairing games[] = {
    { 1, 1, 1, 4, ARB_RESULT_BLACK_WINS, NULL }, { 1, 2, 2, 3, ARB_RESULT_WHITE_WINS, NULL },
    { 2, 1, 4, 3, ARB_RESULT_WHITE_WINS, NULL }, { 2, 2, 1, 2, ARB_RESULT_WHITE_WINS, NULL },
    { 3, 1, 2, 4, ARB_RESULT_WHITE_WINS, NULL }, { 3, 2, 3, 1, ARB_RESULT_WHITE_WINS, NULL },
  };

  for (int no = 1; no <= 4; no++)
    {
      g_autofree char *name = g_strdup_printf ("P%d", no);

      ids[no] = arb_test_add_rated_player (t, no, name, 0);
    }
  arb_test_add_pairings (t, ids, games, G_N_ELEMENTS (games));
}

void
arb_test_add_team_match (GPtrArray *matches,
                         int round,
                         const char *home,
                         const char *away,
                         int home_x2,
                         int away_x2,
                         int finished)
{
  ArbTeamMatchInfo *info = g_new0 (ArbTeamMatchInfo, 1);

  info->round = round;
  info->home_team = g_strdup (home);
  info->away_team = g_strdup (away);
  info->n_boards = 4;
  info->n_finished = finished;
  info->home_points_x2 = home_x2;
  info->away_points_x2 = away_x2;
  g_ptr_array_add (matches, info);
}

const ArbStandingsRow *
arb_test_standings_row (GPtrArray *rows, int start_no)
{
  for (guint i = 0; i < rows->len; i++)
    if (((ArbStandingsRow *) rows->pdata[i])->start_no == start_no)
      return rows->pdata[i];
  g_assert_not_reached ();
}

void
arb_test_use_catalog (const ArbTestTemp *temp, const char *language, const char *mo)
{
  g_autofree char *messages = g_build_filename (temp->dir, language, "LC_MESSAGES", NULL);
  g_autofree char *target = g_build_filename (messages, GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (messages, 0700), ==, 0);
  g_assert_true (g_file_get_contents (mo, &bytes, &length, &error));
  g_assert_true (g_file_set_contents (target, bytes, (gssize) length, &error));

  /* LANGUAGE is honoured in any locale but "C"; C.UTF-8 is always there. */
  g_setenv ("LANGUAGE", language, TRUE);
  g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
  bindtextdomain (GETTEXT_PACKAGE, temp->dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
