/* test-dead-watch.c: the search after every move, and the dead position it finds
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A dead position that only the unwinnability search can prove (a pawn
 * wall, a forced stalemate) ends the game (5.2.2 of the 2018/2023 Laws)
 * once the search, run off the main loop after the move, has proven it:
 * the move is stored first, then the result, how the game ended and the
 * ruling with its article, read back through a second connection. A game
 * that another desk changed meanwhile is left as that desk stored it. The
 * expected verdicts come from the positions, worked out by hand.
 */

#include "config.h"

#include <string.h>

#include "arb-dead-watch.h"
#include "arb-laws.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-ruling.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  ArbGame *game;
  gint64 id;
} Fixture;

static void
fixture_set_up (Fixture *f, const char *fen)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo white = { .name = (char *) "Test, White" };
  ArbPlayerInfo black = { .name = (char *) "Test, Black" };
  ArbGameInfo info = { 0 };
  ArbTimeControl tc;

  f->t = arb_test_new_tournament (&f->path);
  info.round = 1;
  info.board = 1;
  info.white_id = arb_tournament_add_player (f->t, &white, &error);
  info.black_id = arb_tournament_add_player (f->t, &black, &error);
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) fen;
  f->id = arb_tournament_add_game (f->t, &info, &error);
  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse ("40/5400+30:1800+30", &tc, NULL, &error));
  f->game = arb_game_load (f->t, f->id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_start_clock (f->game, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f)
{
  g_clear_object (&f->game);
  g_clear_object (&f->t);
  g_free (f->path);
}

static void
play (Fixture *f, const char *san)
{
  g_autoptr (GError) error = NULL;
  const ArbPosition *pos = arb_game_get_position (f->game, arb_game_get_n_plies (f->game));
  ArbMove move = arb_san_parse (pos, san, strlen (san), &error);

  g_assert_no_error (error);
  g_assert_true (arb_game_play_move (f->game, move, &error));
  g_assert_no_error (error);
}

static void
updated_cb (ArbDeadWatch *watch, guint *count)
{
  (*count)++;
}

/* Runs the main loop until the watch has answered for the current
 * position; returns how many answers came. */
static guint
wait_for_answer (ArbDeadWatch *watch)
{
  guint count = 0;
  gulong id = g_signal_connect (watch, "updated", G_CALLBACK (updated_cb), &count);

  while (arb_dead_watch_is_busy (watch))
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (watch, id);
  return count;
}

static ArbGameInfo *
stored_game (Fixture *f, GPtrArray **rulings)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) again =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  ArbGameInfo *info;

  g_assert_no_error (error);
  info = arb_tournament_get_game (again, f->id, &error);
  g_assert_no_error (error);
  *rulings = arb_tournament_list_rulings (again, f->id, &error);
  g_assert_no_error (error);
  return info;
}

/* The move is stored alone; the end follows it, with its ruling at that
 * move's ply. */
static void
check_dead_end (const char *fen, const char *move)
{
  Fixture f = { 0 };
  ArbDeadWatch *watch;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  g_autoptr (GError) error = NULL;

  fixture_set_up (&f, fen);
  watch = arb_dead_watch_get (f.game);
  g_assert_true (arb_dead_watch_get (f.game) == watch);
  wait_for_answer (watch);
  g_assert_false (arb_dead_watch_is_dead (watch));

  play (&f, move);
  /* The material alone does not tell: the move ends nothing by itself. */
  g_assert_false (arb_game_is_finished (f.game));
  g_assert_true (arb_dead_watch_is_busy (watch));
  g_assert_false (arb_dead_watch_get_verdict (watch, ARB_WHITE, NULL, NULL));
  stored = stored_game (&f, &rulings);
  g_assert_cmpint (stored->n_plies, ==, 1);
  g_assert_cmpint (stored->result, ==, ARB_RESULT_ONGOING);
  g_assert_cmpuint (rulings->len, ==, 0);
  g_clear_pointer (&stored, arb_game_info_free);
  g_clear_pointer (&rulings, g_ptr_array_unref);

  g_assert_cmpuint (wait_for_answer (watch), ==, 1);
  g_assert_true (arb_dead_watch_is_dead (watch));
  g_assert_true (arb_game_is_finished (f.game));
  g_assert_cmpint (arb_game_get_result (f.game), ==, ARB_RESULT_DRAW);
  g_assert_false (arb_clock_is_running (arb_game_get_clock (f.game)));
  g_assert_nonnull (arb_game_get_end_ruling (f.game));

  stored = stored_game (&f, &rulings);
  g_assert_cmpint (stored->n_plies, ==, 1);
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, "1/2-1/2");
  g_assert_cmpstr (stored->termination, ==, "normal");
  g_assert_cmpuint (rulings->len, ==, 1);
  {
    const ArbRulingRecord *record = g_ptr_array_index (rulings, 0);
    g_autoptr (ArbRuling) ruling = arb_tournament_ruling_from_record (record, &error);
    const ArbEffect *result;

    g_assert_no_error (error);
    g_assert_cmpint (record->ply, ==, 1);
    g_assert_nonnull (strstr (record->articles, "5.2.2"));
    result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);
    g_assert_nonnull (result);
    g_assert_cmpint (result->result, ==, ARB_RESULT_DRAW);
    g_assert_cmpint (result->ending, ==, ARB_ENDING_DEAD_POSITION);
  }
  fixture_tear_down (&f);
}

/* g3-g4 closes the wall: a4 c4 e4 g4 against a5 c5 e5 g5, every square
 * of the fourth and fifth ranks between them guarded, no pawn can move. */
static void
test_pawn_wall (void)
{
  check_dead_end ("8/8/1k6/p1p1p1p1/P1P1P3/6P1/8/4K3 w - - 0 40", "g4");
}

/* The example: after 52.Qed6 Black's only move is b4+, and every
 * answer to it stalemates Black. */
static void
test_forced_stalemate (void)
{
  check_dead_end ("k7/2Q1Q3/8/1p6/8/KP6/P1P5/8 w - - 1 52", "Qed6");
}

/* King and bishop against king, queen and pawn: the bishop's side can
 * still mate (the pawn on h7 blocks its own king: Bd4 mates), so a flag
 * fall of the other side loses; the game goes on. */
static void
test_bishop_can_mate (void)
{
  Fixture f = { 0 };
  ArbDeadWatch *watch;
  ArbUnwinnableVerdict verdict = ARB_UNWINNABLE_UNDETERMINED;
  const ArbUnwinnableResult *result = NULL;

  fixture_set_up (&f, "q6k/5K1p/8/8/8/4B3/8/8 w - - 0 60");
  watch = arb_dead_watch_get (f.game);
  play (&f, "Bc1");
  g_assert_cmpuint (wait_for_answer (watch), ==, 1);
  g_assert_true (arb_dead_watch_get_verdict (watch, ARB_WHITE, &verdict, &result));
  g_assert_cmpint (verdict, ==, ARB_UNWINNABLE_CAN_MATE);
  g_assert_cmpuint (result->line_length, >, 0);
  g_assert_true (arb_dead_watch_get_verdict (watch, ARB_BLACK, &verdict, NULL));
  g_assert_cmpint (verdict, ==, ARB_UNWINNABLE_CAN_MATE);
  g_assert_false (arb_dead_watch_is_dead (watch));
  g_assert_false (arb_game_is_finished (f.game));
  fixture_tear_down (&f);
}

/* Two moves before the loop runs: the question about the first is
 * cancelled, one answer comes, about the position on the board. */
static void
test_stale_question (void)
{
  Fixture f = { 0 };
  ArbDeadWatch *watch;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;

  fixture_set_up (&f, "8/8/1k6/p1p1p1p1/P1P1P3/6P1/8/4K3 w - - 0 40");
  watch = arb_dead_watch_get (f.game);
  play (&f, "Kd2");
  play (&f, "Kb7");
  g_assert_cmpuint (wait_for_answer (watch), ==, 1);
  g_assert_true (arb_dead_watch_get_verdict (watch, ARB_WHITE, NULL, NULL));
  play (&f, "g4");
  g_assert_cmpuint (wait_for_answer (watch), ==, 1);
  g_assert_true (arb_game_is_finished (f.game));
  stored = stored_game (&f, &rulings);
  g_assert_cmpint (stored->n_plies, ==, 3);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_cmpint (((const ArbRulingRecord *) g_ptr_array_index (rulings, 0))->ply, ==, 3);
  fixture_tear_down (&f);
}

/* Another desk enters a result before the answer comes: its result
 * stands, and nothing is added to it. */
static void
test_result_entered_elsewhere (void)
{
  Fixture f = { 0 };
  ArbDeadWatch *watch;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;

  fixture_set_up (&f, "8/8/1k6/p1p1p1p1/P1P1P3/6P1/8/4K3 w - - 0 40");
  watch = arb_dead_watch_get (f.game);
  play (&f, "g4");
  {
    g_autoptr (ArbTournament) other =
      arb_tournament_open (f.path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);

    g_assert_no_error (error);
    g_assert_true (
      arb_tournament_set_result (other, f.id, ARB_RESULT_WHITE_WINS, "adjudication", &error));
    g_assert_no_error (error);
  }
  wait_for_answer (watch);
  g_assert_true (arb_dead_watch_is_dead (watch));
  stored = stored_game (&f, &rulings);
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, "1-0");
  g_assert_cmpuint (rulings->len, ==, 0);
  fixture_tear_down (&f);
}

/* The storage verb itself: refused, with nothing stored, for another ply. */
static void
test_end_at_other_ply (void)
{
  Fixture f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  g_autoptr (ArbRuling) ending = NULL;
  ArbEventSettings event;

  fixture_set_up (&f, "8/8/1k6/p1p1p1p1/P1P1P3/6P1/8/4K3 w - - 0 40");
  play (&f, "g4");
  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  ending = arb_laws_game_end (&event, ARB_GAME_EVENT_DEAD_POSITION, ARB_WHITE);
  g_assert_false (arb_tournament_end_game_at_ply (f.t, f.id, 2, ending, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  stored = stored_game (&f, &rulings);
  g_assert_cmpint (stored->result, ==, ARB_RESULT_ONGOING);
  g_assert_cmpuint (rulings->len, ==, 0);
  fixture_tear_down (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/round/dead-watch/pawn-wall", test_pawn_wall);
  g_test_add_func ("/round/dead-watch/forced-stalemate", test_forced_stalemate);
  g_test_add_func ("/round/dead-watch/bishop-can-mate", test_bishop_can_mate);
  g_test_add_func ("/round/dead-watch/stale-question", test_stale_question);
  g_test_add_func ("/round/dead-watch/result-entered-elsewhere", test_result_entered_elsewhere);
  g_test_add_func ("/round/dead-watch/end-at-other-ply", test_end_at_other_ply);
  return g_test_run ();
}
