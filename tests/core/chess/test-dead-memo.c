/* test-dead-memo.c: the dead-position search of a game, ply after ply
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-dead-memo.h"
#include "arb-position.h"
#include "arb-unwinnable.h"

#define BUDGET 20000

/* The answer asked afresh: White first, Black only when White cannot. */
static gboolean
dead_afresh (const ArbPosition *pos)
{
  ArbUnwinnableOptions options = { BUDGET, FALSE };
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  ArbUnwinnableResult *result = g_new (ArbUnwinnableResult, 1);
  gboolean dead = FALSE;

  arb_unwinnable_decide (search, pos, ARB_WHITE, &options, result);
  if (result->verdict == ARB_UNWINNABLE_CANNOT_MATE)
    {
      arb_unwinnable_decide (search, pos, ARB_BLACK, &options, result);
      dead = result->verdict == ARB_UNWINNABLE_CANNOT_MATE;
    }
  g_free (result);
  return dead;
}

/* Plays the UCI moves from @fen and checks the memo's answer at every ply
 * against the search asked afresh; returns how many plies were asked. */
static guint
check_game (ArbDeadMemo *memo, const char *fen, const char *moves)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);
  ArbPosition pos;
  guint plies = 0;

  arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
  for (guint i = 0;; i++)
    {
      ArbUndo undo;
      ArbMove move;

      g_assert_cmpint (arb_dead_memo_is_dead (memo, &pos, BUDGET), ==, dead_afresh (&pos));
      plies++;
      if (list[i] == NULL)
        break;
      move = arb_move_parse_uci (&pos, list[i], strlen (list[i]));
      if (move == ARB_MOVE_NONE)
        g_error ("%s is not legal at ply %u", list[i], i);
      arb_position_make_move (&pos, move, &undo);
    }
  return plies;
}

/* An open game with piece moves, pawn moves, captures and castling. */
static const char *game = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 b1c3 d7d6 c1g5 h7h6 g5f6 d8f6 "
                          "c3d5 f6d8 c2c3 a7a6 d3d4 e5d4 c3d4 c5b4 e1f1 e8g8 h2h3 c8e6 d5b4 c6b4 "
                          "c4e6 f7e6 d1b3 d8e7 b3b4 f8f4 a1c1 a8f8 f1g1 f4e4";

static void
test_matches_search (void)
{
  g_autoptr (ArbDeadMemo) memo = arb_dead_memo_new ();
  ArbDeadMemoStats stats;
  guint plies, searched;

  plies = check_game (memo, ARB_START_FEN, game);
  arb_dead_memo_get_stats (memo, &stats);
  g_assert_cmpuint (stats.queries, ==, plies);
  g_assert_cmpuint (stats.by_line + stats.by_table + stats.searches, ==, plies);
  /* Many plies are proven by the line found before; some only once a
   * line broken by a capture or a pawn move is finished by a short search
   * (each answer above still agrees with the search asked afresh). */
  g_assert_cmpuint (stats.by_line, >=, plies / 3);
  g_assert_cmpuint (stats.by_finish, >, 0);
  g_assert_cmpuint (stats.by_finish, <=, stats.by_line);
  /* Some of those finishes need no search: a quiet move of the player to
   * move, then the line's first move, and the rest mates as before. */
  g_assert_cmpuint (stats.by_waiting, >, 0);
  g_assert_cmpuint (stats.by_waiting, <=, stats.by_finish);
  searched = stats.searches;

  /* The same game again: nothing is searched twice. */
  check_game (memo, ARB_START_FEN, game);
  arb_dead_memo_get_stats (memo, &stats);
  g_assert_cmpuint (stats.queries, ==, 2 * plies);
  g_assert_cmpuint (stats.searches, ==, searched);
}

static void
test_dead (void)
{
  g_autoptr (ArbDeadMemo) memo = arb_dead_memo_new ();
  ArbDeadMemoStats stats;

  /* Bishops behind a locked wall, the kings walking: dead at every ply,
   * the start again from the table. */
  check_game (memo, "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", "e1d2 e8d7 d2e1 d7e8");
  arb_dead_memo_get_stats (memo, &stats);
  g_assert_cmpuint (stats.searches, ==, 4);
  g_assert_cmpuint (stats.by_table, ==, 1);
}

/* Plays @line from @pos; TRUE when every move is legal and the last one
 * mates. */
static gboolean
line_mates (const ArbPosition *pos, const ArbMove *line, guint length)
{
  ArbPosition p = *pos;

  for (guint i = 0; i < length; i++)
    {
      ArbUndo undo;

      if (!arb_position_is_legal (&p, line[i]))
        return FALSE;
      arb_position_make_move (&p, line[i], &undo);
    }
  return arb_position_is_checkmate (&p);
}

static void
test_find_helpmate (void)
{
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_autoptr (GError) error = NULL;
  g_autofree ArbUnwinnableResult *result = g_new0 (ArbUnwinnableResult, 1);
  ArbPosition pos;

  /* Worked out by hand: Rh8 checks the king on a8 along the eighth rank;
   * a7, b7 are the white king's (b6), b8 is on the rook's rank: mate in
   * one for White. Black has its king alone and can never mate. */
  arb_position_set_fen (&pos, "k7/8/1K6/8/8/8/8/7R w - - 0 1", ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (arb_unwinnable_find_helpmate (search, &pos, ARB_WHITE, 400, result));
  g_assert_cmpint (result->verdict, ==, ARB_UNWINNABLE_CAN_MATE);
  g_assert_true (result->line_complete);
  g_assert_cmpuint (result->line_length, ==, 1);
  g_assert_true (line_mates (&pos, result->line, result->line_length));
  g_assert_cmpuint (result->nodes, <=, 400);

  g_assert_false (arb_unwinnable_find_helpmate (search, &pos, ARB_BLACK, 400, result));
  g_assert_cmpint (result->verdict, ==, ARB_UNWINNABLE_UNDETERMINED);
  g_assert_cmpuint (result->nodes, <=, 400);
}

/* Mates in one of each kind the search's last ply must see, each worked
 * out by hand; the search must find it at its first depth (one ply),
 * having tried at most every legal move once (a mate missed there is
 * still found by the next depth, with more nodes). */
static void
test_mate_in_one (void)
{
  static const char *const fens[] = {
    /* A discovered check: any move of the bishop on d8 opens the eighth
     * rank for the rook on a8 (and none checks by itself: g7 shuts the
     * long diagonal); g8 is the rook's, g7 and h7 Black's own. */
    "R2B3k/6pp/8/8/8/8/8/K7 w - - 0 1",
    /* A pawn: g7 checks h8, the knight on e6 guards g7, g8 and h7 are
     * Black's own and neither the bishop nor the pawn can take on g7. */
    "6bk/7p/4N1P1/8/8/8/8/K7 w - - 0 1",
    /* Smothered: Nf7 checks h8, which its own rook and pawns surround. */
    "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1",
    /* A promotion: a8=Q (or R) checks along the eighth rank. */
    "7k/P5pp/8/8/8/8/8/K7 w - - 0 1",
  };
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_autofree ArbUnwinnableResult *result = g_new0 (ArbUnwinnableResult, 1);

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbMoveList moves;
      ArbPosition pos;

      arb_position_set_fen (&pos, fens[i], ARB_FEN_FLAGS_NONE, &error);
      g_assert_no_error (error);
      g_assert_false (arb_position_in_check (&pos));
      arb_position_legal_moves (&pos, &moves);
      g_assert_true (arb_unwinnable_find_helpmate (search, &pos, ARB_WHITE, 400, result));
      g_assert_cmpuint (result->line_length, ==, 1);
      g_assert_cmpuint (result->nodes, <=, moves.n_moves);
      g_assert_true (line_mates (&pos, result->line, result->line_length));
    }
}

/* After 1.d3 (the first ply of a game of the corpus) the search that
 * decides steers the black king to a corner and finds no helpmate within
 * 2,000 nodes; aimed at the king where it stands, the search finds one
 * within them (the line is checked move by move here). The memo's
 * searches aimed at the king (White's, then Black's) prove the position
 * without the search that decides. The same where only Black can mate. */
static void
test_at_king (void)
{
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_autoptr (ArbDeadMemo) memo = arb_dead_memo_new ();
  g_autoptr (GError) error = NULL;
  g_autofree ArbUnwinnableResult *result = g_new0 (ArbUnwinnableResult, 1);
  ArbDeadMemoStats stats;
  ArbPosition pos;

  arb_position_set_fen (&pos, "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                        ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_false (arb_unwinnable_find_helpmate (search, &pos, ARB_WHITE, 2000, result));
  g_assert_true (arb_unwinnable_find_helpmate_at_king (search, &pos, ARB_WHITE, 2000, result));
  g_assert_cmpint (result->verdict, ==, ARB_UNWINNABLE_CAN_MATE);
  g_assert_true (result->line_complete);
  g_assert_cmpuint (result->nodes, <=, 2000);
  g_assert_true (line_mates (&pos, result->line, result->line_length));
  g_assert_cmpuint (result->line_length % 2, ==, 0);

  g_assert_false (arb_dead_memo_is_dead (memo, &pos, BUDGET));
  arb_dead_memo_get_stats (memo, &stats);
  g_assert_cmpuint (stats.searches, ==, 0);
  g_assert_cmpuint (stats.by_king, ==, 1);
  g_assert_cmpuint (stats.by_line, ==, 1);

  /* White has its king alone and never mates; Black's queen and king can,
   * and the search aimed at the white king finds a line: no search decides
   * here either. */
  arb_position_set_fen (&pos, "4k3/8/8/8/8/8/3q4/6K1 b - - 0 1", ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_false (arb_unwinnable_find_helpmate_at_king (search, &pos, ARB_WHITE, 2000, result));
  g_assert_true (arb_unwinnable_find_helpmate_at_king (search, &pos, ARB_BLACK, 3000, result));
  g_assert_true (line_mates (&pos, result->line, result->line_length));
  g_assert_false (arb_dead_memo_is_dead (memo, &pos, BUDGET));
  arb_dead_memo_get_stats (memo, &stats);
  g_assert_cmpuint (stats.searches, ==, 0);
  g_assert_cmpuint (stats.by_king, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/chess/dead-memo/matches-search", test_matches_search);
  g_test_add_func ("/chess/dead-memo/dead", test_dead);
  g_test_add_func ("/chess/dead-memo/find-helpmate", test_find_helpmate);
  g_test_add_func ("/chess/dead-memo/mate-in-one", test_mate_in_one);
  g_test_add_func ("/chess/dead-memo/at-king", test_at_king);
  return g_test_run ();
}
