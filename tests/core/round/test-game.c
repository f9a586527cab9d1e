/* test-game.c: the game model over a tournament file, and the demo round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-demo.h"
#include "arb-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"

typedef ArbTestDemo Fixture;

static ArbGame *
load_board (Fixture *f, int board)
{
  g_autoptr (GError) error = NULL;
  gint64 id = arb_tournament_find_game (f->tournament, 1, board, &error);
  ArbGame *game;

  g_assert_no_error (error);
  game = arb_game_load (f->tournament, id, &f->tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_demo_round (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) games = arb_tournament_list_games (f->tournament, 1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, GPOINTER_TO_UINT (data));
  /* The file's own consistency check accepts what the demo wrote. */
  g_assert_true (arb_tournament_check (f->tournament, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
}

static void
test_demo_states (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) ruy = load_board (f, 1);
  g_autoptr (ArbGame) qgd = load_board (f, 2);
  g_autoptr (ArbGame) kid = load_board (f, 4);
  g_autoptr (ArbGame) mate = load_board (f, 5);
  g_autoptr (ArbGame) french = load_board (f, 6);
  g_autoptr (ArbGame) caro = load_board (f, 7);
  g_autoptr (ArbGame) rook = load_board (f, 8);
  g_autoptr (ArbGame) dead = load_board (f, 9);
  g_autoptr (ArbGame) english = load_board (f, 10);
  g_autoptr (ArbGame) nimzo = load_board (f, 11);
  ArbGameEventKind end;
  guint end_ply;
  ArbColor flag_side;
  guint plies[4];

  /* Counted by hand from the fixture's move lists. */
  g_assert_cmpuint (arb_game_get_n_plies (ruy), ==, 38);
  g_assert_cmpstr (arb_game_get_san (ruy, 9), ==, "O-O");
  g_assert_cmpstr (arb_game_get_player (ruy, ARB_WHITE)->name, ==, "Lindqvist, Erik");
  g_assert_cmpint (arb_game_get_player (ruy, ARB_WHITE)->rating, ==, 2601);

  /* 13.Qa3 ... 14...Kh8 and 16...Kh8 give the same position; the last
   * position, after 17.Qb3, is the one after 15.Qb3. */
  g_assert_cmpuint (arb_game_get_n_plies (qgd), ==, 33);
  g_assert_cmpuint (arb_game_status_get_occurrences (arb_game_get_status (qgd), 33, plies, 4), ==,
                    2);
  g_assert_cmpuint (plies[0], ==, 29);
  g_assert_cmpuint (plies[1], ==, 33);

  g_assert_cmpuint (arb_game_get_illegal_moves (kid, ARB_BLACK), ==, 1);
  g_assert_cmpuint (arb_game_get_illegal_moves (kid, ARB_WHITE), ==, 0);

  g_assert_cmpint (arb_game_get_result (mate), ==, ARB_RESULT_WHITE_WINS);
  g_assert_true (arb_game_is_finished (mate));
  g_assert_true (arb_game_status_get_end (arb_game_get_status (mate), &end, &end_ply));
  g_assert_cmpint (end, ==, ARB_GAME_EVENT_CHECKMATE);
  g_assert_cmpuint (end_ply, ==, 33);

  g_assert_true (arb_game_is_adjourned (french));
  g_assert_false (arb_game_is_adjourned (ruy));

  /* 14.Rh4 Re8 15.Rhh1 Rf8 twice: the position after 13...O-O (ply 26)
   * is on the board for the third time at ply 34. */
  g_assert_cmpuint (arb_game_get_n_plies (caro), ==, 34);
  g_assert_cmpuint (arb_game_status_get_occurrences (arb_game_get_status (caro), 34, plies, 4), ==,
                    3);
  g_assert_cmpuint (plies[0], ==, 26);
  g_assert_cmpuint (arb_game_status_claims_now (arb_game_get_status (caro)), ==,
                    ARB_DRAW_CLAIM_THREEFOLD);

  /* 78 half-moves in the FEN and ten quiet ones played. */
  g_assert_cmpuint (arb_game_status_get_halfmove_clock (arb_game_get_status (rook), 10), ==, 88);

  g_assert_true (arb_game_status_get_end (arb_game_get_status (dead), &end, &end_ply));
  g_assert_cmpint (end, ==, ARB_GAME_EVENT_DEAD_POSITION);
  g_assert_cmpuint (end_ply, ==, 1);

  g_assert_true (arb_game_has_flag_fallen (english, &flag_side));
  g_assert_cmpint (flag_side, ==, ARB_WHITE);
  g_assert_false (arb_game_has_flag_fallen (ruy, NULL));

  /* The time set for the low-time game comes back, the clock stopped. */
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (nimzo), ARB_WHITE), ==,
                   9600 * 1000);
  g_assert_true (arb_clock_is_paused (arb_game_get_clock (nimzo)));
}

static void
test_demo_clock_times (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) ruy = load_board (f, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves =
    arb_tournament_get_moves (f->tournament, arb_game_get_id (ruy), &error);
  const ArbStoredMove *last;
  const ArbStoredMove *first;
  ArbClock *clock = arb_game_get_clock (ruy);

  g_assert_no_error (error);
  /* 90 minutes, 30 s added after each move. White's first move took
   * 3 + ((7919 + 104729) XOR 128) mod 30 seconds by the demo's formula;
   * by hand: 112648 XOR 128 = 112776, mod 30 = 6, so 9 s, which leaves
   * 5400 - 9 + 30 = 5421 s. */
  first = &g_array_index (moves, ArbStoredMove, 0);
  g_assert_cmpint (first->white_ms, ==, 5421000);
  g_assert_cmpint (first->black_ms, ==, 5400000);
  last = &g_array_index (moves, ArbStoredMove, moves->len - 1);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE), ==, last->white_ms * 1000);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_BLACK), ==, last->black_ms * 1000);
  g_assert_cmpuint (arb_clock_get_moves (clock, ARB_WHITE), ==, 19);
  g_assert_cmpuint (arb_clock_get_moves (clock, ARB_BLACK), ==, 19);
}

static void
test_play_move_durable (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load_board (f, 12);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GArray) moves = NULL;
  guint n = arb_game_get_n_plies (game);
  const ArbPosition *pos = arb_game_get_position (game, n);
  ArbMove move;
  int changed = 0;

  g_signal_connect_swapped (game, "changed", G_CALLBACK (g_atomic_int_inc), &changed);
  g_assert_no_error (error);
  g_assert_true (arb_game_resume (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (changed, ==, 1);

  /* After 14...Bg6 of the Slav, 15.Rd1: the rook on a1 is blocked by the
   * bishop on c1, so it is the f1 rook. */
  move = arb_san_parse (pos, "Rd1", 3, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_play_move (game, move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (changed, ==, 2);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, n + 1);
  g_assert_cmpstr (arb_game_get_san (game, n + 1), ==, "Rd1");

  /* An illegal move: refused, nothing stored, no signal. */
  g_assert_false (arb_game_play_move (game, move, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_cmpint (changed, ==, 2);

  /* A second connection to the file sees the move. */
  again = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  moves = arb_tournament_get_moves (again, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (moves->len, ==, n + 1);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, n).san, ==, "Rd1");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, n).uci, ==, "f1d1");
}

static void
test_clock_actions_durable (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = load_board (f, 13);
  g_autoptr (ArbGame) reloaded = NULL;
  gint64 white_before = arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_WHITE);
  gint64 black_before = arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK);

  /* The game is paused after loading: adjust without time running. */
  g_assert_true (arb_game_add_time (game, ARB_WHITE, 120000, &error));
  g_assert_no_error (error);
  g_assert_true (arb_game_set_moves (game, ARB_BLACK, 25, &error));
  g_assert_no_error (error);

  g_clear_object (&game);
  reloaded = load_board (f, 13);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE), ==,
                   white_before + 120 * G_USEC_PER_SEC);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK), ==,
                   black_before);
  g_assert_cmpuint (arb_clock_get_moves (arb_game_get_clock (reloaded), ARB_BLACK), ==, 25);
}

static void
test_mate_stops_clock (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  ArbPlayerInfo white = { .name = (char *) "Test, White" };
  ArbPlayerInfo black = { .name = (char *) "Test, Black" };
  ArbGameInfo info = { 0 };
  gint64 id;
  gint64 events;
  ArbMove move;

  info.round = 1;
  info.board = 99;
  info.white_id = arb_tournament_add_player (f->tournament, &white, &error);
  info.black_id = arb_tournament_add_player (f->tournament, &black, &error);
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  /* A back-rank mate in one: 1.Ra8#. */
  info.start_fen = (char *) "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
  id = arb_tournament_add_game (f->tournament, &info, &error);
  g_assert_no_error (error);
  game = arb_game_load (f->tournament, id, &f->tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_start_clock (game, &error));
  g_assert_true (arb_clock_is_running (arb_game_get_clock (game)));

  events = arb_tournament_count_rows (f->tournament, "clock_event", &error);
  move = arb_san_parse (arb_game_get_position (game, 0), "Ra8#", 4, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_play_move (game, move, &error));
  g_assert_no_error (error);

  /* Checkmate (5.1.1): the clock stops, and the stop is in the file. */
  g_assert_false (arb_clock_is_running (arb_game_get_clock (game)));
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "clock_event", &error), ==,
                   events + 1);
}

static void
test_demo_large (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = arb_tournament_list_games (f->tournament, 1, &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (f->tournament, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 64);
  g_assert_cmpuint (players->len, ==, 128);
  for (int b = 1; b <= 64; b++)
    {
      g_autoptr (ArbGame) game = load_board (f, b);
      g_assert_cmpint (arb_game_get_board (game), ==, b);
    }
}

int
main (int argc, char **argv)
{
  arb_position_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, boards)                                                    \
  g_test_add (path, Fixture, GUINT_TO_POINTER (boards), arb_test_demo_setup, func, \
              arb_test_demo_teardown)
  ADD ("/round/game/demo-round", test_demo_round, 16);
  ADD ("/round/game/demo-round-12", test_demo_round, 12);
  ADD ("/round/game/demo-states", test_demo_states, 16);
  ADD ("/round/game/demo-clock-times", test_demo_clock_times, 16);
  ADD ("/round/game/play-move-durable", test_play_move_durable, 16);
  ADD ("/round/game/clock-actions-durable", test_clock_actions_durable, 16);
  ADD ("/round/game/mate-stops-clock", test_mate_stops_clock, 12);
  ADD ("/round/game/demo-64-boards", test_demo_large, 64);
#undef ADD

  return g_test_run ();
}
