/* test-move-code.c: a move and its SAN in one integer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-move-code.h"
#include "arb-pgn-game.h"
#include "arb-test-utils.h"

/* FEN, move in UCI, the SAN the code must give back (python-chess's
 * test_san cases, which test-san.c also pins for arb_san_write). */
static const struct
{
  const char *fen;
  const char *uci;
  const char *san;
} cases[] = {
  { "rnbk1b1r/ppp2pp1/5n1p/4p1B1/2P5/2N5/PP2PPPP/R3KBNR w KQ - 0 7", "e1c1", "O-O-O+" },
  { "6bk/7b/8/3pP3/8/8/8/Q3K3 w - d6 0 2", "e5d6", "exd6#" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "e1f1", "Kf1" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "c3c2", "Rcc2" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "b2c2", "Rbc2" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "a4b6", "N4b6" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "h8g6", "N8g6" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "h4g6", "Nh4g6" },
  { "8/8/8/R2nkn2/8/8/2K5/8 b - - 0 1", "f5e3", "Ne3+" },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f2f1q", "f1=Q" },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f2f1n", "f1=N+" },
  { "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O#" },
  { ARB_START_FEN, "g1f3", "Nf3" },
  { ARB_START_FEN, "e2e4", "e4" },
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2" },
  { "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+" },
  /* A queen that captures, told apart by file and rank. */
  { "4k3/8/8/8/1Q1Q4/8/1Q1n4/4K3 w - - 0 1", "b4d2", "Qb4xd2" },
};

static void
test_cases (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      char san[ARB_SAN_MAX];
      ArbPosition pos;
      ArbMove move;
      ArbMoveCode code;

      g_assert_true (arb_position_set_fen (&pos, cases[i].fen, ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      move = arb_move_parse_uci (&pos, cases[i].uci, strlen (cases[i].uci));
      g_assert_cmpuint (move, !=, ARB_MOVE_NONE);
      code = arb_move_code_make (&pos, move);
      g_assert_cmpuint (ARB_MOVE_CODE_MOVE (code), ==, move);
      g_assert_true (arb_move_code_fits (code, &pos));
      g_assert_cmpuint (arb_move_code_write_san (code, san), ==, strlen (cases[i].san));
      g_assert_cmpstr (san, ==, cases[i].san);
    }
}

/* Codes no move has give no SAN, and a code does not fit a position where
 * its piece does not stand. */
static void
test_bad_codes (void)
{
  char san[ARB_SAN_MAX];
  ArbPosition pos;

  arb_position_set_start (&pos);
  g_assert_cmpuint (arb_move_code_write_san (0, san), ==, 0);
  g_assert_cmpstr (san, ==, "");
  /* A move of piece type 7. */
  g_assert_cmpuint (arb_move_code_write_san (ARB_MOVE_MAKE (12, 28, 0) | (7u << 16), san), ==, 0);
  /* e2e4 said to be a knight's move; a black pawn's move with White to
   * move; a rook taking its own pawn. */
  g_assert_false (arb_move_code_fits (ARB_MOVE_MAKE (12, 28, 0) | (ARB_KNIGHT << 16), &pos));
  g_assert_false (arb_move_code_fits (ARB_MOVE_MAKE (52, 36, 0) | (ARB_PAWN << 16), &pos));
  g_assert_false (arb_move_code_fits (ARB_MOVE_MAKE (0, 8, 0) | (ARB_ROOK << 16), &pos));
  g_assert_true (arb_move_code_fits (ARB_MOVE_MAKE (12, 28, 0) | (ARB_PAWN << 16), &pos));
}

typedef struct
{
  guint games;
  guint moves;
} Count;

static void
check_game (ArbPgnGame *game, gpointer user_data)
{
  Count *count = user_data;
  ArbPosition pos = game->start;
  guint n = arb_pgn_game_get_n_plies (game);

  for (guint ply = 1; ply <= n; ply++)
    {
      ArbMove move = arb_pgn_game_get_node (game, ply)->move;
      char want[ARB_SAN_MAX], got[ARB_SAN_MAX];
      ArbMoveCode code = arb_move_code_make (&pos, move);
      ArbUndo undo;

      arb_san_write (&pos, move, want);
      arb_move_code_write_san (code, got);
      if (strcmp (want, got) != 0)
        g_error ("game %u, ply %u: %s came back as %s", game->number, ply, want, got);
      g_assert_true (arb_move_code_fits (code, &pos));
      arb_position_make_move (&pos, move, &undo);
      count->moves++;
    }
  count->games++;
  arb_pgn_game_free (game);
}

/* Every move of the real games of the external data comes back as the SAN
 * writer writes it. */
static void
test_real_games (void)
{
  static const char *const files[] = {
    "pgn-extract/test/infiles/fischer.pgn",
    "pgn-extract/test/infiles/petrosian.pgn",
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/cutechess-fischerrandom.pgn",
    "pgn-extract/test/outfiles/test-underpromotion-out.pgn",
  };
  Count count = { 0 };

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = arb_test_testdata (files[i]);
      g_autoptr (ArbPgnReader) reader = NULL;

      if (path == NULL)
        {
          g_test_skip ("the external test data (ARB_TESTDATA) is not there");
          return;
        }
      reader = arb_pgn_game_reader_new (ARB_PGN_READER_DEFAULT, check_game, &count);
      g_assert_true (arb_pgn_reader_read_file (reader, path, NULL));
    }
  g_test_message ("%u games, %u moves", count.games, count.moves);
  g_assert_cmpuint (count.moves, >, 5000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/move-code/cases", test_cases);
  g_test_add_func ("/chess/move-code/bad-codes", test_bad_codes);
  g_test_add_func ("/chess/move-code/real-games", test_real_games);
  return g_test_run ();
}
