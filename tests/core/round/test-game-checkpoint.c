/* test-game-checkpoint.c: a running clock survives a crash to the second
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The workstation writes the running clocks' checkpoints every second; a
 * game loaded after a crash takes its clock from the checkpoint when that is
 * newer than every stored move and clock event, so the time used on the move
 * in progress is not lost. Times here run on a fake time source, and every
 * expected value is worked out from the steps of the test.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "arb-demo.h"
#include "arb-game.h"
#include "arb-test-utils.h"
#include "arb-tournament-live.h"

#define S(x) ((gint64) ((x) *G_USEC_PER_SEC))

typedef struct
{
  ArbTestTemp temp;
  char *path;
  ArbTournament *tournament;
  ArbTimeControl tc;
  gint64 now;
} Fixture;

static gint64
fake_time (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  arb_test_temp_setup (&f->temp, NULL);
  f->path = arb_test_temp_file (&f->temp, "round.arbiter");
  g_assert_true (arb_demo_create (f->path, 12, &error));
  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse (ARB_DEMO_TIME_CONTROL, &f->tc, NULL, &error));
  f->now = S (1000);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->tournament);
  arb_test_temp_clear (&f->temp);
  g_free (f->path);
}

/* Opens the file afresh, as a program started after a crash would. */
static ArbGame *
load_board (Fixture *f, int board)
{
  g_autoptr (GError) error = NULL;
  ArbGame *game;
  gint64 id;

  g_clear_object (&f->tournament);
  f->tournament = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  id = arb_tournament_find_game (f->tournament, 1, board, &error);
  g_assert_no_error (error);
  game = arb_game_load (f->tournament, id, &f->tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  arb_clock_set_time_func (arb_game_get_clock (game), fake_time, &f->now, NULL);
  return game;
}

static void
test_checkpoint_recovers_move_in_progress (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  ArbGame *game = load_board (f, 1);
  ArbClock *clock = arb_game_get_clock (game);
  ArbColor mover = arb_game_get_position (game, arb_game_get_n_plies (game))->side_to_move;
  gint64 mover_before = arb_clock_get_remaining_us (clock, mover);
  gint64 other_before = arb_clock_get_remaining_us (clock, !mover);
  ArbGame *again;

  g_ptr_array_add (games, game);
  g_assert_false (arb_clock_is_running (clock));

  /* The clock runs 7.25 s on the move in progress; the last checkpoint is
   * written then, and the program dies 0.5 s later. */
  g_assert_true (arb_game_resume (game, &error));
  g_assert_no_error (error);
  g_usleep (2000); /* the checkpoint's wall time is after the event's */
  f->now += S (7.25);
  g_assert_true (arb_game_store_checkpoints (games, &error));
  g_assert_no_error (error);
  f->now += S (0.5);
  g_ptr_array_set_size (games, 0);

  again = load_board (f, 1);
  g_ptr_array_add (games, again);
  clock = arb_game_get_clock (again);
  g_assert_false (arb_clock_is_running (clock));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, mover), ==, mover_before - S (7.25));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, !mover), ==, other_before);

  /* An adjustment made after the checkpoint is newer: it decides. */
  g_assert_true (arb_game_add_time (again, mover, 10000, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (games, 0);
  again = load_board (f, 1);
  g_ptr_array_add (games, again);
  clock = arb_game_get_clock (again);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, mover), ==, mover_before - S (7.25) + S (10));
}

static void
test_no_checkpoint_for_stopped_clocks (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  ArbGame *game = load_board (f, 2);
  ArbColor mover = arb_game_get_position (game, arb_game_get_n_plies (game))->side_to_move;
  gint64 mover_before = arb_clock_get_remaining_us (arb_game_get_clock (game), mover);

  /* Nothing runs, so nothing is written, and the load is as before. */
  g_ptr_array_add (games, game);
  f->now += S (30);
  g_assert_true (arb_game_store_checkpoints (games, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (games, 0);
  game = load_board (f, 2);
  g_ptr_array_add (games, game);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), mover), ==, mover_before);
  g_assert_null (
    arb_tournament_get_clock_checkpoint (f->tournament, arb_game_get_id (game), NULL, &error));
  g_assert_no_error (error);
}

static ArbClockEventKind
last_event_kind (Fixture *f, ArbGame *game, guint *n_events)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) events =
    arb_tournament_list_clock_events (f->tournament, arb_game_get_id (game), &error);

  g_assert_no_error (error);
  *n_events = events->len;
  g_assert_cmpuint (events->len, >, 0);
  return g_array_index (events, ArbClockEventInfo, events->len - 1).kind;
}

/* A game opens with its clock stopped; when the record left it running
 * (the program died with the clock on), the opening records the pause, at
 * the times the clock shows, so the record (and the hall's display that
 * reads it) says what the window shows. A clock the record has stopped
 * gets nothing more. */
static void
test_opening_pause (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbGame *game = load_board (f, 1);
  ArbColor mover = arb_game_get_position (game, arb_game_get_n_plies (game))->side_to_move;
  gint64 before = arb_clock_get_remaining_us (arb_game_get_clock (game), mover);
  guint n = 0, n_again = 0;

  g_assert_true (arb_game_resume (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (last_event_kind (f, game, &n), ==, ARB_CLOCK_EVENT_RESUME);
  g_object_unref (game);

  game = load_board (f, 1);
  g_assert_false (arb_clock_is_running (arb_game_get_clock (game)));
  g_assert_true (arb_game_record_opening_pause (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (last_event_kind (f, game, &n_again), ==, ARB_CLOCK_EVENT_PAUSE);
  g_assert_cmpuint (n_again, ==, n + 1);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), mover), ==, before);
  g_object_unref (game);

  game = load_board (f, 1);
  g_assert_true (arb_game_record_opening_pause (game, &error));
  g_assert_cmpint (last_event_kind (f, game, &n), ==, ARB_CLOCK_EVENT_PAUSE);
  g_assert_cmpuint (n, ==, n_again);
  g_object_unref (game);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add ("/round/game-checkpoint/opening-pause", Fixture, NULL, fixture_set_up,
              test_opening_pause, fixture_tear_down);
  g_test_add ("/round/game-checkpoint/checkpoint-recovers-move-in-progress", Fixture, NULL,
              fixture_set_up, test_checkpoint_recovers_move_in_progress, fixture_tear_down);
  g_test_add ("/round/game-checkpoint/checkpoint-only-running-clocks", Fixture, NULL,
              fixture_set_up, test_no_checkpoint_for_stopped_clocks, fixture_tear_down);

  return g_test_run ();
}
