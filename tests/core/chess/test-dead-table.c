/* test-dead-table.c: dead-position answers kept by the whole position
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-dead-table.h"
#include "arb-position.h"

static void
set_fen (ArbPosition *pos, const char *fen)
{
  g_autoptr (GError) error = NULL;

  arb_position_set_fen (pos, fen, ARB_FEN_CHESS960, &error);
  g_assert_no_error (error);
}

/* Bishops behind a locked wall: dead. */
#define WALL "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"

/* The answer depends on everything but the clocks; the key is a hash of it
 * and only says where to look. Each variant below keeps the key of the
 * position stored (as a collision would) and differs in one thing the
 * answer depends on: none may be given the stored answer. */
static void
test_whole_position (void)
{
  g_autoptr (ArbDeadTable) table = arb_dead_table_new ();
  ArbPosition stored, other;
  gboolean dead = FALSE;

  set_fen (&stored, "r3k2r/8/8/1p1p1p1p/1P1P1P1P/8/8/R3K2R w KQkq - 0 1");
  arb_dead_table_store (table, &stored, TRUE);
  g_assert_true (arb_dead_table_lookup (table, &stored, &dead));
  g_assert_true (dead);

  /* The clocks do not count. */
  other = stored;
  other.halfmove_clock = 40;
  other.fullmove_number = 60;
  g_assert_true (arb_dead_table_lookup (table, &other, &dead));

  other = stored;
  other.castling_rooks &= ~ARB_BB (7);
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
  other = stored;
  other.side_to_move = ARB_BLACK;
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
  other = stored;
  other.ep_square = 40;
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
  other = stored;
  other.chess960 = !stored.chess960;
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
  other = stored;
  other.by_type[ARB_ROOK] ^= ARB_BB (0) | ARB_BB (1);
  other.by_color[ARB_WHITE] ^= ARB_BB (0) | ARB_BB (1);
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
  other = stored;
  other.by_type[ARB_ROOK] ^= ARB_BB (0);
  other.by_type[ARB_QUEEN] ^= ARB_BB (0);
  g_assert_false (arb_dead_table_lookup (table, &other, &dead));
}

/* Answers are found in the order they were stored and out of it. */
static void
test_order (void)
{
  g_autoptr (ArbDeadTable) table = arb_dead_table_new ();
  ArbPosition pos[4];
  gboolean dead;

  set_fen (&pos[0], WALL);
  set_fen (&pos[1], "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/3K4/2B5 b - - 1 1");
  set_fen (&pos[2], "2b5/3k4/8/1p1p1p1p/1P1P1P1P/8/3K4/2B5 w - - 2 2");
  set_fen (&pos[3], ARB_START_FEN);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_false (arb_dead_table_lookup (table, &pos[i], &dead));
      arb_dead_table_store (table, &pos[i], i < 3);
    }
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < 4; i++)
      {
        guint k = round == 0 ? i : 3 - i;

        dead = k >= 3;
        g_assert_true (arb_dead_table_lookup (table, &pos[k], &dead));
        g_assert_cmpint (dead, ==, k < 3);
      }
  arb_dead_table_clear (table);
  g_assert_false (arb_dead_table_lookup (table, &pos[0], &dead));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/chess/dead-table/whole-position", test_whole_position);
  g_test_add_func ("/chess/dead-table/order", test_order);
  return g_test_run ();
}
