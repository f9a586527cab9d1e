/* test-desks.c: several desks on one tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One desk holds the file, the others read it and follow what is written;
 * results entered at a desk keep the arbiter's name; an earlier round is
 * read, not changed, unless it was unlocked.
 */

#include "config.h"

#include <fcntl.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-desk-lock.h"
#include "arb-file-follower.h"
#include "arb-game.h"
#include "arb-ruling-apply.h"
#include "arb-tournament-ruling.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-rounds.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 game[2]; /* round 1 board 1, round 2 board 1 */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo a = { .start_no = 1, .name = (char *) "Ødegaard, Søren" };
  ArbPlayerInfo b = { .start_no = 2, .name = (char *) "Åström, Märta" };
  gint64 ida, idb;

  f->t = arb_test_new_tournament (&f->path);
  ida = arb_tournament_add_player (f->t, &a, &error);
  idb = arb_tournament_add_player (f->t, &b, &error);
  for (int r = 1; r <= 2; r++)
    {
      ArbGameInfo g = { .round = r,
                        .board = 1,
                        .white_id = r == 1 ? ida : idb,
                        .black_id = r == 1 ? idb : ida,
                        .rated = TRUE };
      f->game[r - 1] = arb_tournament_add_game (f->t, &g, &error);
      g_assert_no_error (error);
    }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_free (f->path);
}

/* The detail of the last audit line, as JSON. */
static JsonObject *
last_audit (ArbTournament *t, const char *action)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines = arb_tournament_list_audit (t, 0, 0, &error);
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_assert_no_error (error);
  for (guint i = lines->len; i > 0; i--)
    {
      ArbAuditLine *line = lines->pdata[i - 1];

      if (g_strcmp0 (line->action, action) != 0)
        continue;
      g_assert_true (json_parser_load_from_data (parser, line->detail, -1, &error));
      return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_result_by (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) detail = NULL;
  g_autoptr (GPtrArray) rounds = NULL;

  g_assert_true (arb_tournament_set_result_by (f->t, f->game[1], ARB_RESULT_WHITE_FORFEIT_WIN,
                                               "Lindgren, Karin", &error));
  g_assert_no_error (error);
  detail = last_audit (f->t, "enter-result");
  g_assert_cmpstr (json_object_get_string_member (detail, "result"), ==, "+/-");
  g_assert_cmpstr (json_object_get_string_member (detail, "previous"), ==, "*");
  g_assert_cmpstr (json_object_get_string_member (detail, "arbiter"), ==, "Lindgren, Karin");

  /* The undo is a result too, by the same or another arbiter. */
  g_assert_true (
    arb_tournament_set_result_by (f->t, f->game[1], ARB_RESULT_ONGOING, "Nilsson, Per", &error));
  g_clear_pointer (&detail, json_object_unref);
  detail = last_audit (f->t, "enter-result");
  g_assert_cmpstr (json_object_get_string_member (detail, "result"), ==, "*");
  g_assert_cmpstr (json_object_get_string_member (detail, "previous"), ==, "+/-");
  g_assert_cmpstr (json_object_get_string_member (detail, "arbiter"), ==, "Nilsson, Per");

  g_assert_true (arb_tournament_set_result_by (f->t, f->game[0], ARB_RESULT_DRAW, NULL, &error));
  rounds = arb_tournament_list_rounds (f->t, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rounds->len, ==, 2);
  g_assert_cmpint (((ArbRoundInfo *) rounds->pdata[0])->n_results, ==, 1);
  g_assert_cmpint (((ArbRoundInfo *) rounds->pdata[1])->n_results, ==, 0);
  g_assert_cmpint (((ArbRoundInfo *) rounds->pdata[1])->n_games, ==, 1);
}

/* An earlier round is shown for reading: the model refuses what a view
 * might ask; unlocking it is logged with who and why. */
static void
test_read_only_round (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (JsonObject) detail = NULL;
  ArbTimeControl tc;
  const ArbPosition *pos;
  gint64 audit_before;

  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, NULL));
  game = arb_game_load (f->t, f->game[0], &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  arb_game_set_read_only (game, TRUE);
  pos = arb_game_get_position (game, 0);
  audit_before = arb_tournament_count_audit (f->t, NULL);

  g_assert_false (arb_game_play_move (game, arb_san_parse (pos, "e4", 2, NULL), &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (arb_game_set_result (game, ARB_RESULT_WHITE_WINS, "X", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (arb_game_resume (game, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (arb_game_add_time (game, ARB_WHITE, 60000, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_cmpint (arb_tournament_count_audit (f->t, NULL), ==, audit_before);
  g_assert_cmpint (arb_game_get_n_plies (game), ==, 0);

  g_assert_true (
    arb_tournament_unlock_round (f->t, 1, "Lindgren, Karin", "wrong result on board 1", &error));
  detail = last_audit (f->t, "unlock-round");
  g_assert_cmpstr (json_object_get_string_member (detail, "round"), ==, "1");
  g_assert_cmpstr (json_object_get_string_member (detail, "reason"), ==, "wrong result on board 1");
  arb_game_set_read_only (game, FALSE);
  g_assert_true (arb_game_set_result (game, ARB_RESULT_BLACK_WINS, "Lindgren, Karin", &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_BLACK_WINS);

  g_assert_false (arb_tournament_unlock_round (f->t, 9, "X", "a reason", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME);
  g_clear_error (&error);

  /* Unlocking needs a reason: it goes with every correction made there.
   * An empty or blank one was accepted before. */
  audit_before = arb_tournament_count_audit (f->t, NULL);
  g_assert_false (arb_tournament_unlock_round (f->t, 1, "X", "", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (arb_tournament_unlock_round (f->t, 1, "X", "  ", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (arb_tournament_count_audit (f->t, NULL), ==, audit_before);
}

/* A stored result replaced is a decision of the rulings log, with the
 * one it replaces, the reason and the arbiter's name; before, only the
 * file's audit table knew of it and the log said "No Rulings". */
static void
test_result_correction (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  const ArbRulingRecord *record;
  ArbTimeControl tc;

  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, NULL));
  game = arb_game_load (f->t, f->game[0], &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_set_result (game, ARB_RESULT_WHITE_WINS, "Lindgren, Karin", &error));
  g_assert_true (arb_ruling_correct_result (game, ARB_RESULT_BLACK_WINS, "Lindgren, Karin",
                                            "the slip was misread", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_BLACK_WINS);

  rulings = arb_tournament_list_rulings (f->t, f->game[0], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  record = g_ptr_array_index (rulings, 0);
  ruling = arb_tournament_ruling_from_record (record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ruling->reason, ==, ARB_REASON_RESULT_CORRECTED);
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "replaces"), ==, "1-0");
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "reason"), ==, "the slip was misread");
  g_assert_cmpint (arb_ruling_get_result (ruling), ==, ARB_RESULT_BLACK_WINS);
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "arbiter"), ==, "Lindgren, Karin");
}

static void
count_games_cb (ArbFileFollower *follower, GArray *ids, gint64 *seen)
{
  for (guint i = 0; i < ids->len; i++)
    *seen = g_array_index (ids, gint64, i);
}

static void
count_tournament_cb (ArbFileFollower *follower, guint *n)
{
  (*n)++;
}

/* What another connection (another desk, arbiter-cli) writes is reported
 * by game; what this connection writes is not. */
static void
test_follower (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) reader =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (ArbFileFollower) follower = NULL;
  ArbPosition pos;
  gint64 seen = 0;
  guint tournament_changes = 0;

  g_assert_no_error (error);
  follower = arb_file_follower_new (reader, &error);
  g_assert_no_error (error);
  g_signal_connect (follower, "games-changed", G_CALLBACK (count_games_cb), &seen);
  g_signal_connect (follower, "tournament-changed", G_CALLBACK (count_tournament_cb),
                    &tournament_changes);
  g_assert_false (arb_file_follower_check (follower));

  arb_position_set_start (&pos);
  g_assert_true (arb_tournament_add_move (f->t, f->game[1], 1, NULL,
                                          arb_san_parse (&pos, "d4", 2, NULL), -1, -1, &error));
  g_assert_no_error (error);
  g_assert_true (arb_file_follower_check (follower));
  g_assert_cmpint (seen, ==, f->game[1]);
  g_assert_cmpuint (tournament_changes, ==, 0);
  g_assert_false (arb_file_follower_check (follower));

  /* A new player is not about one game. */
  {
    ArbPlayerInfo c = { .start_no = 3, .name = (char *) "Æbelø, Jens" };
    g_assert_cmpint (arb_tournament_add_player (f->t, &c, &error), >, 0);
  }
  g_assert_true (arb_file_follower_check (follower));
  g_assert_cmpuint (tournament_changes, ==, 1);
}

/* One desk holds the file; a second one (in this process or another)
 * learns who; the lock goes with its holder, however it ends. */
static void
test_desk_lock (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskHolder) holder = NULL;
  ArbDeskLock *first = arb_desk_lock_acquire (f->path, "Arbiter test", NULL, &error);
  ArbDeskLock *second;
  int pipe_fds[2];
  pid_t child;
  char ready;

  g_assert_no_error (error);
  g_assert_nonnull (first);
  second = arb_desk_lock_acquire (f->path, "Arbiter second", &holder, &error);
  g_assert_null (second);
  g_assert_error (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD);
  g_clear_error (&error);
  g_assert_nonnull (holder);
  g_assert_cmpstr (holder->program, ==, "Arbiter test");
  g_assert_cmpstr (holder->host, ==, g_get_host_name ());
  g_assert_cmpint (holder->pid, ==, getpid ());
  g_assert_nonnull (holder->since);
  g_clear_pointer (&holder, arb_desk_holder_free);

  arb_desk_lock_release (first);
  g_assert_null (arb_desk_lock_get_holder (f->path));

  /* A holder that is killed lets go. */
  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      ArbDeskLock *lock = arb_desk_lock_acquire (f->path, "Arbiter child", NULL, NULL);

      if (write (pipe_fds[1], lock != NULL ? "y" : "n", 1) != 1)
        _exit (2);
      pause ();
      _exit (0);
    }
  close (pipe_fds[1]);
  g_assert_cmpint (read (pipe_fds[0], &ready, 1), ==, 1);
  close (pipe_fds[0]);
  g_assert_cmpint (ready, ==, 'y');
  holder = arb_desk_lock_get_holder (f->path);
  g_assert_nonnull (holder);
  g_assert_cmpstr (holder->program, ==, "Arbiter child");
  g_assert_cmpint (holder->pid, ==, child);
  kill (child, SIGKILL);
  waitpid (child, NULL, 0);
  second = arb_desk_lock_acquire (f->path, "Arbiter after", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (second);
  arb_desk_lock_release (second);
}

/* Writes `text` into the lock file in place: the flock stays on it. */
static void
overwrite_lock_file (const char *path, const char *text)
{
  g_autofree char *lock_path = g_strconcat (path, ".lock", NULL);
  int fd = open (lock_path, O_WRONLY | O_TRUNC);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, text, strlen (text)), ==, (ssize_t) strlen (text));
  close (fd);
}

/* A reading desk looks at the lock: held by a desk that runs, free once
 * it lets go, stale when its lock file names a program of this host that
 * runs no longer. */
static void
test_desk_probe (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskHolder) holder = NULL;
  g_autofree char *gone = NULL;
  g_autofree char *elsewhere = NULL;
  g_autofree char *sandboxed = NULL;
  ArbDeskLock *lock;
  pid_t child;

  /* No lock file yet. */
  g_assert_cmpint (arb_desk_lock_probe (f->path, &holder), ==, ARB_DESK_STATE_FREE);
  g_assert_null (holder);

  lock = arb_desk_lock_acquire (f->path, "Arbiter test", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_desk_lock_probe (f->path, &holder), ==, ARB_DESK_STATE_HELD);
  g_assert_nonnull (holder);
  g_assert_cmpint (holder->pid, ==, getpid ());
  g_assert_false (arb_desk_holder_is_gone (holder));
  g_clear_pointer (&holder, arb_desk_holder_free);
  sandboxed = g_file_read_link ("/proc/self/ns/pid", NULL);

  /* A process that has ended: its id is free (until reused). */
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    _exit (0);
  g_assert_cmpint (waitpid (child, NULL, 0), ==, child);
  gone = g_strdup_printf ("[desk]\nhost=%s\nprogram=Arbiter gone\npid=%d\n"
                          "since=2026-12-02T14:02:00+01:00\n",
                          g_get_host_name (), (int) child);
  overwrite_lock_file (f->path, gone);
  g_assert_cmpint (arb_desk_lock_probe (f->path, &holder), ==, ARB_DESK_STATE_STALE);
  g_assert_nonnull (holder);
  g_assert_cmpstr (holder->program, ==, "Arbiter gone");
  g_assert_true (arb_desk_holder_is_gone (holder));
  g_clear_pointer (&holder, arb_desk_holder_free);
  /* Stale, but the lock is still taken: no second writer. */
  g_assert_null (arb_desk_lock_acquire (f->path, "Arbiter second", NULL, &error));
  g_assert_error (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD);
  g_clear_error (&error);

  /* Nor is a holder whose process ids are another sandbox's. */
  if (sandboxed != NULL)
    {
      g_autofree char *other_ns = g_strdup_printf ("[desk]\nhost=%s\npid=%d\npid-ns=pid:[1]\n",
                                                   g_get_host_name (), (int) child);
      g_autofree char *same_ns = g_strdup_printf ("[desk]\nhost=%s\npid=%d\npid-ns=%s\n",
                                                  g_get_host_name (), (int) child, sandboxed);

      overwrite_lock_file (f->path, other_ns);
      g_assert_cmpint (arb_desk_lock_probe (f->path, NULL), ==, ARB_DESK_STATE_HELD);
      overwrite_lock_file (f->path, same_ns);
      g_assert_cmpint (arb_desk_lock_probe (f->path, NULL), ==, ARB_DESK_STATE_STALE);
    }

  /* The same process id on another host says nothing of this one. */
  elsewhere =
    g_strdup_printf ("[desk]\nhost=%s-elsewhere\npid=%d\n", g_get_host_name (), (int) child);
  overwrite_lock_file (f->path, elsewhere);
  g_assert_cmpint (arb_desk_lock_probe (f->path, &holder), ==, ARB_DESK_STATE_HELD);
  g_assert_false (arb_desk_holder_is_gone (holder));
  g_clear_pointer (&holder, arb_desk_holder_free);
  /* Nor does a lock file being written, which names no one yet. */
  overwrite_lock_file (f->path, "");
  g_assert_cmpint (arb_desk_lock_probe (f->path, NULL), ==, ARB_DESK_STATE_HELD);

  arb_desk_lock_release (lock);
  g_assert_cmpint (arb_desk_lock_probe (f->path, &holder), ==, ARB_DESK_STATE_FREE);
  g_assert_null (holder);
}

/* Taking over is kept in the audit log with who took over from whom. */
static void
test_take_over_audit (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines = NULL;
  ArbAuditLine *last;

  g_assert_true (arb_tournament_take_over_desk (f->t, "Karin Lindgren", "desk-2",
                                                "2026-12-02T14:02:00+01:00", &error));
  g_assert_no_error (error);
  lines = arb_tournament_list_audit (f->t, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, >, 0);
  last = g_ptr_array_index (lines, lines->len - 1);
  g_assert_cmpstr (last->action, ==, "take-over-desk");
  g_assert_nonnull (strstr (last->detail, "\"arbiter\":\"Karin Lindgren\""));
  g_assert_nonnull (strstr (last->detail, "\"previous-host\":\"desk-2\""));
  g_assert_nonnull (strstr (last->detail, "\"previous-since\":\"2026-12-02T14:02:00+01:00\""));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) \
  g_test_add ("/round/desks/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("result-by", test_result_by);
  ADD ("read-only-round", test_read_only_round);
  ADD ("result-correction", test_result_correction);
  ADD ("follower", test_follower);
  ADD ("desk-lock", test_desk_lock);
  ADD ("desk-probe", test_desk_probe);
  ADD ("take-over-audit", test_take_over_audit);
  return g_test_run ();
}
