/* test-restored-clocks.c: the clock times proposed after an illegal move is taken back
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 2018/2023 7.1 with 7.5.1: the opponent gets his time at the restored
 * position, the offender his time there less the time he used since. Each
 * game below is written out by hand, move by move, with the thinking time
 * of every move; the expected times are worked out in the comments.
 */

#include "config.h"

#include <string.h>

#include "arb-restored-clocks.h"

static void
parse (const char *text, ArbTimeControl *tc)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_time_control_parse (text, tc, NULL, &error));
  g_assert_no_error (error);
}

/* What a case's comment works out; NOT_WORKED where it says nothing. */
#define NOT_WORKED G_MININT64

typedef struct
{
  gint64 white_ms;
  gint64 black_ms;
  gint64 offender_used_ms;
  gint64 not_kept_ms;
} Expected;

/* The proposal under @control for @facts, which must be made, against
 * @expected. */
static ArbRestoredClocks
assert_proposal (const char *control, const ArbRestoredClocksFacts *facts, Expected expected)
{
  ArbTimeControl tc;
  ArbRestoredClocks out;

  parse (control, &tc);
  g_assert_true (arb_restored_clocks_propose (&tc, facts, &out));
  if (expected.white_ms != NOT_WORKED)
    g_assert_cmpint (out.ms[ARB_WHITE], ==, expected.white_ms);
  if (expected.black_ms != NOT_WORKED)
    g_assert_cmpint (out.ms[ARB_BLACK], ==, expected.black_ms);
  if (expected.offender_used_ms != NOT_WORKED)
    g_assert_cmpint (out.offender_used_ms, ==, expected.offender_used_ms);
  if (expected.not_kept_ms != NOT_WORKED)
    g_assert_cmpint (out.not_kept_ms, ==, expected.not_kept_ms);
  return out;
}

/* 5 min + 2 s. White thinks 10 s on move 1, Black 5 s; White's 2. move
 * (20 s) is the illegal one, Black replies in 7 s, White's 3. move takes
 * 30 s and Black has thought 4 s on his 3rd when it is found.
 *
 *   ply 0  W 5:00.0  B 5:00.0
 *   ply 1  W 4:52.0 (300 - 10 + 2)
 *   ply 2            B 4:57.0 (300 - 5 + 2)      <- restored
 *   ply 3  W 4:34.0 (292 - 20 + 2)
 *   ply 4            B 4:52.0 (297 - 7 + 2)
 *   ply 5  W 4:06.0 (274 - 30 + 2)
 *   now    W 4:06.0  B 4:48.0 (292 - 4)
 *
 * White used 20 + 30 = 50 s since ply 2: 292 - 50 = 242 s. Black: 297 s,
 * his time at ply 2. Note that 4:06 - 4 s of increments is also 242 s. */
static const gint64 increment_game[] = {
  300000, 300000, 292000, 300000, 292000, 297000, 274000, 297000, 274000, 292000, 246000, 292000,
};

static void
test_increment_found_later (void)
{
  ArbRestoredClocksFacts facts = {
    .offender = ARB_WHITE,
    .first_side = ARB_WHITE,
    .restored_ply = 2,
    .n_plies = 5,
    .times_ms = increment_game,
    .now_ms = { [ARB_WHITE] = 246000, [ARB_BLACK] = 288000 },
  };
  ArbRestoredClocks out;

  out = assert_proposal ("300+2", &facts, (Expected){ 242000, 297000, 50000, 4000 });
  g_assert_true (out.from_every_move);
}

/* The same game with the times of ply 4 not recorded: the used time comes
 * from White's clock now (4:06) less the 4 s his two taken-back moves
 * earned, the same 242 s. */
static void
test_increment_missing_times (void)
{
  gint64 times[G_N_ELEMENTS (increment_game)];
  ArbRestoredClocksFacts facts = {
    .offender = ARB_WHITE,
    .first_side = ARB_WHITE,
    .restored_ply = 2,
    .n_plies = 5,
    .times_ms = times,
    .now_ms = { [ARB_WHITE] = 246000, [ARB_BLACK] = 288000 },
  };
  ArbRestoredClocks out;

  memcpy (times, increment_game, sizeof times);
  times[8] = times[9] = -1;
  out = assert_proposal ("300+2", &facts, (Expected){ 242000, 297000, 50000, NOT_WORKED });
  g_assert_false (out.from_every_move);
}

/* Found at once: Black's 2nd move is illegal, he thought 45 s on it. The
 * record ends at ply 3 (W 4:34.0, B 4:57.0); Black's clock shows 4:12.0.
 * He keeps 4:12 (297 - 45), not the 4:57 recorded at ply 3. */
static void
test_just_now (void)
{
  ArbRestoredClocksFacts facts = {
    .offender = ARB_BLACK,
    .first_side = ARB_WHITE,
    .restored_ply = 3,
    .n_plies = 3,
    .times_ms = increment_game,
    .now_ms = { [ARB_WHITE] = 274000, [ARB_BLACK] = 252000 },
  };

  assert_proposal ("300+2", &facts, (Expected){ 274000, 252000, 45000, 0 });
}

/* 2 moves in 10 min, then 5 min. White's 2nd move (100 s) completes his
 * second move and brings the 5 minutes of the next period; it was
 * illegal. White has thought 40 s on his 3rd move when it is found.
 *
 *   ply 0  W 10:00  B 10:00
 *   ply 1  W  9:00 (600 - 60)
 *   ply 2           B 9:30 (600 - 30)            <- restored
 *   ply 3  W 12:20 (540 - 100 + 300)
 *   ply 4           B 13:40 (570 - 50 + 300)
 *   now    W 11:40 (740 - 40)
 *
 * White used 140 s: 540 - 140 = 400 s (not 700 s: the period's five
 * minutes were earned by the move taken back). Black: 570 s. */
static void
test_period_not_kept (void)
{
  static const gint64 times[] = {
    600000, 600000, 540000, 600000, 540000, 570000, 740000, 570000, 740000, 820000,
  };
  ArbRestoredClocksFacts facts = {
    .offender = ARB_WHITE,
    .first_side = ARB_WHITE,
    .restored_ply = 2,
    .n_plies = 4,
    .times_ms = times,
    .now_ms = { [ARB_WHITE] = 700000, [ARB_BLACK] = 820000 },
  };

  assert_proposal ("2/600:300", &facts, (Expected){ 400000, 570000, 140000, 300000 });
}

/* 5 min + 2 s credited before each move, as FIDE clocks do ("+2^"): the
 * clock shows 5:02 before move 1 and a press credits the next move.
 *
 *   ply 0  W 5:02  B 5:02
 *   ply 1  W 4:54 (302 - 10 + 2)
 *   ply 2          B 4:59 (302 - 5 + 2)          <- restored
 *   ply 3  W 4:36 (294 - 20 + 2)     illegal
 *   ply 4          B 4:54 (299 - 7 + 2)
 *   now    W 4:06 (276 - 30)
 *
 * White keeps the 2 s credited for his 2nd move (it is replayed), not the
 * 2 s credited for his 3rd: 294 - 50 = 244 s. */
static void
test_increment_before_move (void)
{
  static const gint64 times[] = {
    302000, 302000, 294000, 302000, 294000, 299000, 276000, 299000, 276000, 294000,
  };
  ArbRestoredClocksFacts facts = {
    .offender = ARB_WHITE,
    .first_side = ARB_WHITE,
    .restored_ply = 2,
    .n_plies = 4,
    .times_ms = times,
    .now_ms = { [ARB_WHITE] = 246000, [ARB_BLACK] = 294000 },
  };

  assert_proposal ("300+2^", &facts, (Expected){ 244000, 299000, 50000, 2000 });
}

/* A game set up at move 39 (both sides have made 38 moves) under
 * 40/5400+30:1800+30. Black (to move first) plays his 39th move in 50 s,
 * White his 39th in 20 s, then Black's 40th (60 s) is found illegal after
 * White's 40th (10 s). Black's 40th completed the period: +30 s and +30
 * min. The restored position is after White's 39th (ply 2).
 *
 *   ply 0  W 2:00  B 3:00
 *   ply 1          B 2:40 (180 - 50 + 30)
 *   ply 2  W 2:10 (120 - 20 + 30)                 <- restored
 *   ply 3          B 32:10 (160 - 60 + 30 + 1800) illegal
 *   ply 4  W 32:30 (130 - 10 + 30 + 1800)
 *   now    B 32:10 (his clock stopped at once)
 *
 * Black: 160 - 60 = 100 s. White: 130 s. */
static void
test_set_up_position (void)
{
  static const gint64 times[] = {
    120000, 180000, 120000, 160000, 130000, 160000, 130000, 1930000, 1950000, 1930000,
  };
  ArbRestoredClocksFacts facts = {
    .offender = ARB_BLACK,
    .first_side = ARB_BLACK,
    .start_moves = { [ARB_WHITE] = 38, [ARB_BLACK] = 38 },
    .restored_ply = 2,
    .n_plies = 4,
    .times_ms = times,
    .now_ms = { [ARB_WHITE] = 1950000, [ARB_BLACK] = 1930000 },
  };

  assert_proposal ("40/5400+30:1800+30", &facts, (Expected){ 130000, 100000, 60000, 1830000 });
}

/* More used than the clock had without the taken-back increments: the
 * proposal stops at zero, the arbiter judges. White had 10 s at ply 2,
 * then made three moves of 8 s each (+5 s each): 10 - 24 is below zero. */
static void
test_never_below_zero (void)
{
  static const gint64 times[] = {
    60000, 60000, 10000, 60000, 10000, 60000, 7000, 60000,
    7000,  60000, 4000,  60000, 4000,  60000, 1000, 60000,
  };
  ArbRestoredClocksFacts facts = {
    .offender = ARB_WHITE,
    .first_side = ARB_WHITE,
    .restored_ply = 2,
    .n_plies = 7,
    .times_ms = times,
    .now_ms = { [ARB_WHITE] = 1000, [ARB_BLACK] = 60000 },
  };

  assert_proposal ("60+5", &facts, (Expected){ 0, NOT_WORKED, 24000, NOT_WORKED });
}

/* Nothing recorded at the restored ply, or no periods: no proposal. */
static void
test_nothing_to_propose (void)
{
  static const gint64 times[] = { 300000, 300000, -1, -1, 290000, 300000 };
  ArbTimeControl tc;
  ArbRestoredClocksFacts facts = { 0 };
  ArbRestoredClocks out;

  parse ("300+2", &tc);
  facts.offender = ARB_BLACK;
  facts.first_side = ARB_WHITE;
  facts.restored_ply = 1;
  facts.n_plies = 2;
  facts.times_ms = times;
  g_assert_false (arb_restored_clocks_propose (&tc, &facts, &out));
  facts.restored_ply = 3;
  g_assert_false (arb_restored_clocks_propose (&tc, &facts, &out));
  parse ("-", &tc);
  facts.restored_ply = 0;
  g_assert_false (arb_restored_clocks_propose (&tc, &facts, &out));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/laws/restored-clocks/increment-found-later", test_increment_found_later);
  g_test_add_func ("/laws/restored-clocks/increment-missing-times", test_increment_missing_times);
  g_test_add_func ("/laws/restored-clocks/just-now", test_just_now);
  g_test_add_func ("/laws/restored-clocks/period-not-kept", test_period_not_kept);
  g_test_add_func ("/laws/restored-clocks/increment-before-move", test_increment_before_move);
  g_test_add_func ("/laws/restored-clocks/set-up-position", test_set_up_position);
  g_test_add_func ("/laws/restored-clocks/never-below-zero", test_never_below_zero);
  g_test_add_func ("/laws/restored-clocks/nothing-to-propose", test_nothing_to_propose);
  return g_test_run ();
}
