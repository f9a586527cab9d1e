/* test-tournament-board-order.c: the boards of an imported Swiss round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

/* tests/data/swiss-ties-5.trf: seven players, five rounds, laid out by
 * hand, with equal scores, a pairing-allocated bye every round but one, a
 * half-point bye, a zero bye and two forfeits. The boards below are worked
 * out by hand from FIDE C.04.1 F.1 (score of the higher player of a pair,
 * then the sum of both scores, then the higher player's pairing number;
 * the bye after the games), with the scores before each round:
 *
 *   round  1: 2: 3: 4: 5: 6: 7:   (points before the round, by player)
 *   1      0   0   0   0   0   0   0
 *   2      1   1   ½   0   0   ½   1
 *   3      2   1½  1   0   ½   1½  1    (6 won by forfeit in round 2)
 *   4      3   2   1   ½   1½  1½  2
 *   5      4   2   1   ½   1½  2½  3    (7 won by forfeit in round 4)
 */

typedef struct
{
  int white; /* starting ranks; black 0 for a bye */
  int black;
  const char *bye;
} Board;

static const Board expected[5][4] = {
  /* all on 0: the higher player's number decides; board 2's is black */
  { { 1, 4, NULL }, { 5, 2, NULL }, { 3, 6, NULL }, { 7, 0, "U" } },
  /* 7–1 is 1 against 1, ahead of 2 (1) against 3 (½); the forfeit is a
   * board; the half-point bye follows the games */
  { { 7, 1, NULL }, { 2, 3, NULL }, { 6, 4, NULL }, { 5, 0, "H" } },
  /* 6 (1½) and 2 (1½) lead their boards: 6's opponent has more points */
  { { 1, 3, NULL }, { 6, 7, NULL }, { 2, 4, NULL }, { 5, 0, "U" } },
  /* 1½ against 1½: the higher player is 5, who is black */
  { { 2, 1, NULL }, { 7, 4, NULL }, { 6, 5, NULL }, { 3, 0, "Z" } },
  /* 7 (3) is board 2, ahead of 6 (2½) who has the smaller number */
  { { 1, 5, NULL }, { 3, 7, NULL }, { 6, 2, NULL }, { 4, 0, "U" } },
};

/* swiss-ties-5-26.trf is the same event as TRF-2026, with record 300
 * keeping player 4 on board 1 in every round: the game of player 4 moves
 * there and the others keep their order after it; the round where 4 has
 * the bye is as the rule has it. */
static const Board expected_fixed[5][4] = {
  { { 1, 4, NULL }, { 5, 2, NULL }, { 3, 6, NULL }, { 7, 0, "U" } },
  { { 6, 4, NULL }, { 7, 1, NULL }, { 2, 3, NULL }, { 5, 0, "H" } },
  { { 2, 4, NULL }, { 1, 3, NULL }, { 6, 7, NULL }, { 5, 0, "U" } },
  { { 7, 4, NULL }, { 2, 1, NULL }, { 6, 5, NULL }, { 3, 0, "Z" } },
  { { 1, 5, NULL }, { 3, 7, NULL }, { 6, 2, NULL }, { 4, 0, "U" } },
};

static int
start_no_of (GPtrArray *players, gint64 id)
{
  if (id == 0)
    return 0;
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];
      if (p->id == id)
        return p->start_no;
    }
  g_assert_not_reached ();
}

static void
check_boards (const char *fixture, const Board table[5][4])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (fixture, &length);
  g_autoptr (GPtrArray) players = NULL;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  players = arb_tournament_list_players (t, &error);
  g_assert_no_error (error);

  for (int r = 1; r <= 5; r++)
    {
      g_autoptr (GPtrArray) games = arb_tournament_list_games (t, r, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (games->len, ==, 4);
      for (guint k = 0; k < games->len; k++)
        {
          const ArbGameInfo *g = games->pdata[k];
          const Board *want = &table[r - 1][k];

          g_test_message ("round %d board %d", r, g->board);
          g_assert_cmpint (g->board, ==, (int) k + 1);
          g_assert_cmpint (start_no_of (players, g->white_id), ==, want->white);
          g_assert_cmpint (start_no_of (players, g->black_id), ==, want->black);
          g_assert_cmpstr (g->bye_code, ==, want->bye);
        }
    }
}

static void
test_fide_board_order (void)
{
  check_boards ("swiss-ties-5.trf", expected);
}

static void
test_fixed_board (void)
{
  check_boards ("swiss-ties-5-26.trf", expected_fixed);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/tournament-board-order/fide-rule", test_fide_board_order);
  g_test_add_func ("/storage/tournament-board-order/record-300", test_fixed_board);
  return g_test_run ();
}
