/* test-position.c: FEN, move generation, make/unmake, identity, UCI
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-position.h"
#include "arb-position-private.h"

/* Published perft counts (chessprogramming.org "Perft Results"). */
typedef struct
{
  const char *fen;
  guint depth;
  guint64 nodes;
} PerftCase;

static const PerftCase perft_cases[] = {
  { ARB_START_FEN, 1, 20 },
  { ARB_START_FEN, 2, 400 },
  { ARB_START_FEN, 3, 8902 },
  { ARB_START_FEN, 4, 197281 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1, 48 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
  { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238 },
  { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467 },
  { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379 },
  { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890 },
};

static void
test_perft_known (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos;

      g_assert_true (arb_position_set_fen (&pos, perft_cases[i].fen, ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (arb_position_perft (&pos, perft_cases[i].depth), ==, perft_cases[i].nodes);
    }
}

typedef struct
{
  const char *fen;
  ArbFenFlags flags;
  ArbFenError code;
} BadFen;

static const BadFen bad_fens[] = {
  { "", 0, ARB_FEN_ERROR_SYNTAX },
  /* Not ASCII (and not even UTF-8), too many fields, a field too long. */
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w - - 0 1", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\xff", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w KQkq - 0 1", 0,
    ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, ARB_FEN_ERROR_SYNTAX },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 0, ARB_FEN_ERROR_KINGS },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", 0, ARB_FEN_ERROR_KINGS },
  { "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", 0, ARB_FEN_ERROR_PAWNS },
  { "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, ARB_FEN_ERROR_TOO_MANY_PIECES },
  { "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", 0, ARB_FEN_ERROR_TOO_MANY_PIECES },
  /* Black is in check with White to move. */
  { "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", 0, ARB_FEN_ERROR_OPPONENT_IN_CHECK },
  /* Two knights cannot give a double check. */
  { "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", 0, ARB_FEN_ERROR_CHECKERS },
  /* Castling rights without the rook or with the king moved. */
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 0, ARB_FEN_ERROR_CASTLING },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", 0, ARB_FEN_ERROR_KINGS },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1", 0, ARB_FEN_ERROR_CASTLING },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", 0, ARB_FEN_ERROR_CASTLING },
  /* Shredder letters need Chess960. */
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HBhb - 0 1", 0, ARB_FEN_ERROR_CASTLING },
  /* En passant: wrong rank, no pawn that just moved, clock not zero. */
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", 0, ARB_FEN_ERROR_EN_PASSANT },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", 0, ARB_FEN_ERROR_EN_PASSANT },
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 3", 0, ARB_FEN_ERROR_COUNTERS },
  /* Half-move clock larger than the game is long. */
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9 3", 0, ARB_FEN_ERROR_COUNTERS },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 0, ARB_FEN_ERROR_COUNTERS },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 0, ARB_FEN_ERROR_COUNTERS },
};

static void
test_fen_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos;
      ArbPosition before;

      arb_position_set_start (&pos);
      before = pos;
      g_test_message ("FEN %s", bad_fens[i].fen);
      g_assert_false (arb_position_set_fen (&pos, bad_fens[i].fen, bad_fens[i].flags, &error));
      g_assert_error (error, ARB_FEN_ERROR, (gint) bad_fens[i].code);
      g_assert_nonnull (error->message);
      g_assert_cmpuint (strlen (error->message), >, 10);
      /* A failed parse changes nothing. */
      g_assert_cmpmem (&pos, sizeof pos, &before, sizeof before);
    }
}

static void
test_fen_legal_but_odd (void)
{
  /* Positions that are legal and must be accepted. */
  static const char *fens[] = {
    "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/8/8/8/8/8/k1K5 b - - 99 120",
    /* numbers of three and four digits, and ones ending in 0 */
    "8/8/8/8/8/8/8/k1K5 w - - 149 1000",
    "8/8/8/8/8/8/8/k1K5 w - - 10 100",
    /* A double step that gave a discovered check through its origin. */
    "8/8/8/8/2Pp4/8/8/k2K4 b - c3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos;
      char out[ARB_FEN_MAX];

      g_test_message ("FEN %s", fens[i]);
      g_assert_true (arb_position_set_fen (&pos, fens[i], ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
      g_assert_cmpstr (out, ==, fens[i]);
    }
}

static void
test_fen_castling_forms (void)
{
  ArbPosition pos;
  char out[ARB_FEN_MAX];

  /* Shredder-FEN and X-FEN name the same rights. */
  g_assert_true (
    arb_position_set_fen (&pos, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
                          ARB_FEN_CHESS960, NULL));
  arb_position_write_fen (&pos, ARB_FEN_SHREDDER, out);
  g_assert_cmpstr (out, ==, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9");
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
  g_assert_cmpstr (out, ==, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9");

  /* X-FEN: a rook that is not the outermost one gets its file letter. */
  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/R1RK4 w C - 0 1", ARB_FEN_CHESS960, NULL));
  g_assert_cmpint (arb_position_castling_rook (&pos, ARB_WHITE, FALSE), ==, ARB_SQUARE (2, 0));
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
  g_assert_cmpstr (out, ==, "4k3/8/8/8/8/8/8/R1RK4 w C - 0 1");
  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/R1RK4 w Q - 0 1", ARB_FEN_CHESS960, NULL));
  g_assert_cmpint (arb_position_castling_rook (&pos, ARB_WHITE, FALSE), ==, ARB_SQUARE (0, 0));
}

static void
test_chess960_numbering (void)
{
  ArbPosition pos;
  char out[ARB_FEN_MAX];

  /* Position 518 is the standard array; 0 is BBQNNRKR. */
  arb_position_set_chess960 (&pos, 518);
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
  g_assert_cmpstr (out, ==, ARB_START_FEN);
  arb_position_set_chess960 (&pos, 0);
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
  g_assert_cmpstr (out, ==, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  /* Every start position has 20 moves at depth 1 except none: all do. */
  for (guint n = 0; n < 960; n++)
    {
      arb_position_set_chess960 (&pos, n);
      g_assert_cmpuint (arb_position_perft (&pos, 1), >=, 18);
      g_assert_cmpuint (arb_position_perft (&pos, 1), <=, 21);
    }
}

/* Replays random games, checking after every make/unmake that the position is
 * restored bit for bit and that the incremental key equals a key computed
 * from scratch (by reading the FEN back). */
/* Runs @check on each of @fens (read with @flags), then on every position
 * of @games random games of up to @plies plies, from the start position
 * and from Chess960 ones in turn. */
static void
check_positions (const char *const *fens,
                 gsize n_fens,
                 ArbFenFlags flags,
                 guint32 seed,
                 int games,
                 int plies,
                 void (*check) (const ArbPosition *pos))
{
  GRand *rand = g_rand_new_with_seed (seed);

  for (gsize i = 0; i < n_fens; i++)
    {
      ArbPosition pos;

      g_assert_true (arb_position_set_fen (&pos, fens[i], flags, NULL));
      check (&pos);
    }
  for (int game = 0; game < games; game++)
    {
      ArbPosition pos;

      if (game % 2)
        arb_position_set_start (&pos);
      else
        arb_position_set_chess960 (&pos, g_rand_int_range (rand, 0, 960));
      for (int ply = 0; ply < plies; ply++)
        {
          ArbMoveList list;
          ArbUndo undo;

          check (&pos);
          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0)
            break;
          arb_position_make_move (&pos, list.moves[g_rand_int_range (rand, 0, list.n_moves)],
                                  &undo);
        }
    }
  g_rand_free (rand);
}

/* The moves that may check, against the whole list: each legal move is
 * made, and it must be listed exactly when it is not a normal move or
 * the other king stands in check after it; in the whole list's order,
 * with the whole list's number returned. A normal move checks by the
 * check squares exactly when it does on the board. */
static void
check_checking_moves (const ArbPosition *pos)
{
  ArbMoveList all, checks;
  ArbCheckSquares cs;
  guint total, next = 0;

  if (arb_position_in_check (pos) ||
      arb_position_king_square (pos, !pos->side_to_move) == ARB_NO_SQUARE)
    return;
  arb_position_legal_moves (pos, &all);
  _arb_position_check_squares (pos, &cs);
  total = _arb_position_checking_moves (pos, &checks);
  g_assert_cmpuint (total, ==, all.n_moves);
  for (guint i = 0; i < all.n_moves; i++)
    {
      ArbMove m = all.moves[i];
      ArbPosition after = *pos;
      ArbUndo undo;
      gboolean want;

      arb_position_make_move (&after, m, &undo);
      if (ARB_MOVE_KIND (m) == ARB_MOVE_NORMAL)
        g_assert_cmpint (_arb_position_normal_move_checks (pos, &cs, m), ==,
                         arb_position_in_check (&after));
      want = ARB_MOVE_KIND (m) != ARB_MOVE_NORMAL || arb_position_in_check (&after);
      if (want)
        {
          g_assert_cmpuint (next, <, checks.n_moves);
          g_assert_cmphex (checks.moves[next], ==, m);
          next++;
        }
    }
  g_assert_cmpuint (next, ==, checks.n_moves);
}

static void
test_checking_moves (void)
{
  static const char *const fens[] = {
    /* Kiwipete, and position 3 of the perft pages (a pawn that opens a
     * rook's rank) */
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    /* pawns that open a bishop's diagonal by pushing, by a double step and
     * by taking; one that stays on the rook's file */
    "4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1",
    "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1",
    "6k1/8/8/8/3p4/8/1P6/B3K3 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4RK2 w - - 0 1",
    /* a knight, a king and a rook that open lines; a pinned opener */
    "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
    "7k/8/8/8/3K4/8/1B6/8 w - - 0 1",
    "4r3/7k/8/8/4R3/8/8/1B2K3 w - - 0 1",
    /* promotions that check and that do not, en passant that opens a
     * line, castling that checks with the rook */
    "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "8/8/8/1k1pP3/8/8/8/4K2B w - d6 0 2",
    "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    /* black to move */
    "4k3/3p4/8/8/8/8/q7/6K1 b - - 0 1",
  };
  check_positions (fens, G_N_ELEMENTS (fens), ARB_FEN_FLAGS_NONE, 20261204, 40, 300,
                   check_checking_moves);
}

static void
test_make_unmake_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20261121);

  for (int game = 0; game < 200; game++)
    {
      ArbPosition pos;

      if (game % 2)
        arb_position_set_start (&pos);
      else
        arb_position_set_chess960 (&pos, g_rand_int_range (rand, 0, 960));

      for (int ply = 0; ply < 300; ply++)
        {
          ArbMoveList list;
          ArbPosition before = pos;
          ArbPosition reread;
          ArbUndo undo;
          ArbMove move;
          char fen[ARB_FEN_MAX];

          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0)
            break;
          move = list.moves[g_rand_int_range (rand, 0, list.n_moves)];

          arb_position_make_move (&pos, move, &undo);
          arb_position_unmake_move (&pos, move, &undo);
          g_assert_cmpmem (&pos, sizeof pos, &before, sizeof before);

          arb_position_make_move (&pos, move, &undo);
          arb_position_write_fen (&pos, ARB_FEN_SHREDDER, fen);
          g_assert_true (
            arb_position_set_fen (&reread, fen, ARB_FEN_CHESS960 | ARB_FEN_PERMISSIVE, NULL));
          g_assert_cmphex (reread.key, ==, pos.key);
          g_assert_cmpuint (reread.castling_rooks, ==, pos.castling_rooks);
        }
    }

  g_rand_free (rand);
}

/* Every legal move made with and without the key leaves the same
 * position but for the key, which the unkeyed make leaves as it was, and
 * unmaking it gives back the position it was made in, bit for bit. */
static void
check_unkeyed_moves (const ArbPosition *pos)
{
  ArbMoveList list;

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbPosition keyed = *pos, unkeyed = *pos;
      ArbUndo keyed_undo, unkeyed_undo;

      arb_position_make_move (&keyed, list.moves[i], &keyed_undo);
      arb_position_make_move_unkeyed (&unkeyed, list.moves[i], &unkeyed_undo);
      g_assert_cmphex (unkeyed.key, ==, pos->key);
      unkeyed.key = keyed.key;
      g_assert_cmpmem (&unkeyed, sizeof unkeyed, &keyed, sizeof keyed);
      unkeyed.key = pos->key;
      arb_position_unmake_move (&unkeyed, list.moves[i], &unkeyed_undo);
      g_assert_cmpmem (&unkeyed, sizeof unkeyed, pos, sizeof *pos);
    }
}

static void
test_make_unkeyed (void)
{
  static const char *const fens[] = {
    /* castling both ways, e.p., promotions with and without capture, a
     * rook taken on its corner */
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
  };
  check_positions (fens, G_N_ELEMENTS (fens), ARB_FEN_FLAGS_NONE, 20261203, 40, 300,
                   check_unkeyed_moves);
}

/* arb_position_is_legal() checks one move without generating them all, and
 * arb_position_has_legal_move() stops at the first move: both must say what
 * the full generation says, for every move a man of the side to move could
 * be asked to make (every square, every kind). */
static void
check_against_generation (const ArbPosition *pos)
{
  ArbMoveList list;
  ArbBitboard ours = pos->by_color[pos->side_to_move];

  bool in_check;

  arb_position_legal_moves (pos, &list);
  g_assert_cmpint (arb_position_has_legal_move (pos), ==, list.n_moves > 0);
  g_assert_cmpint (arb_position_has_legal_move_and_check (pos, &in_check), ==, list.n_moves > 0);
  g_assert_cmpint (in_check, ==, arb_position_in_check (pos));
  while (ours)
    {
      ArbSquare from = arb_bb_pop (&ours);

      for (guint to = 0; to < 64; to++)
        for (guint kind = 0; kind < 8; kind++)
          {
            ArbMove move = ARB_MOVE_MAKE (from, to, kind);
            gboolean listed = FALSE;

            for (guint i = 0; i < list.n_moves && !listed; i++)
              listed = list.moves[i] == move;
            if (arb_position_is_legal (pos, move) != listed)
              {
                char fen[ARB_FEN_MAX], uci[6];

                arb_position_write_fen (pos, ARB_FEN_SHREDDER, fen);
                arb_move_write_uci (pos, move, uci);
                g_error ("%s kind %u in %s: listed %d", uci, kind, fen, listed);
              }
          }
    }
}

static void
test_is_legal_matches_generation (void)
{
  static const char *const fens[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    /* e.p. that would expose the king along the rank, double check, mate,
     * stalemate */
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    /* mate on the back rank, where h1 is attacked only through the king
     * (a safe step must be looked for with the king off the board) */
    "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1",
    /* pawns on their last rank, read permissively */
    "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
  };
  check_positions (fens, G_N_ELEMENTS (fens), ARB_FEN_PERMISSIVE, 20261202, 16, 200,
                   check_against_generation);
}

/* Writes a FEN with the men of @squares (64 letters, '.' for empty). */
static void
fen_of_board (const char squares[64], const char *rest, char *fen)
{
  char *p = fen;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          char c = squares[rank * 8 + file];

          if (c == '.')
            {
              empty++;
              continue;
            }
          if (empty > 0)
            *p++ = (char) ('0' + empty);
          empty = 0;
          *p++ = c;
        }
      if (empty > 0)
        *p++ = (char) ('0' + empty);
      if (rank > 0)
        *p++ = '/';
    }
  strcpy (p, rest);
}

/* A lone king against king, rook and bishop set everywhere: whether it
 * has a legal move is whether one of its steps is safe, which must be
 * what the full generation says, for every line a slider can cover a
 * step along (both diagonals, rank and file). */
static void
test_lone_king_steps (void)
{
  static const ArbSquare kings[] = { 0, 7, 56, 63, 3, 24, 39, 60 };
  guint mated = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (kings); k++)
    for (ArbSquare r = 0; r < 64; r++)
      for (ArbSquare b = 0; b < 64; b++)
        {
          ArbSquare theirs = kings[k] < 32 ? 50 : 10;
          char squares[64], fen[100];
          ArbPosition pos;
          ArbMoveList list;

          if (r == b || r == kings[k] || b == kings[k] || r == theirs || b == theirs)
            continue;
          memset (squares, '.', sizeof squares);
          squares[kings[k]] = 'K';
          squares[theirs] = 'k';
          squares[r] = 'r';
          squares[b] = 'b';
          fen_of_board (squares, " w - - 0 1", fen);
          if (!arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, NULL))
            continue;
          arb_position_legal_moves (&pos, &list);
          if (arb_position_has_legal_move (&pos) != (list.n_moves > 0))
            g_error ("%s: %u legal moves", fen, list.n_moves);
          mated += list.n_moves == 0;
        }
  /* Positions without a move are where a wrong line would show. */
  g_assert_cmpuint (mated, >, 20);
}

static void
test_chess960_castling (void)
{
  ArbPosition pos;
  ArbMove move;
  char fen[ARB_FEN_MAX];
  ArbUndo undo;

  /* King on g1 and rook on h1: O-O moves only the rook, to f1. */
  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/6KR w K - 0 1", ARB_FEN_CHESS960, NULL));
  move = arb_move_parse_uci (&pos, "g1h1", 4);
  g_assert_cmpint (ARB_MOVE_KIND (move), ==, ARB_MOVE_CASTLING);
  arb_position_make_move (&pos, move, &undo);
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
  g_assert_cmpstr (fen, ==, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

  /* A queen on a1 hidden behind the castling rook on b1: O-O-O with the
   * king on c1 would leave it in check from a1, so it is illegal. */
  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", ARB_FEN_CHESS960, NULL));
  g_assert_cmpint (arb_move_parse_uci (&pos, "c1b1", 4), ==, ARB_MOVE_NONE);

  /* The king may not cross an attacked square. */
  g_assert_true (
    arb_position_set_fen (&pos, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmpint (arb_move_parse_uci (&pos, "e1g1", 4), ==, ARB_MOVE_NONE);
  /* ...but the rook may: only the king's path matters (3.8.2.2). */
  g_assert_true (
    arb_position_set_fen (&pos, "r3k3/8/8/8/8/8/8/R3K3 b Qq - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_true (
    arb_position_set_fen (&pos, "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  move = arb_move_parse_uci (&pos, "e1c1", 4);
  g_assert_cmpint (ARB_MOVE_KIND (move), ==, ARB_MOVE_CASTLING);
}

static void
test_uci (void)
{
  ArbPosition pos;
  ArbMove move;
  char buf[6];

  arb_position_set_start (&pos);
  move = arb_move_parse_uci (&pos, "e2e4", 4);
  g_assert_cmpint (move, !=, ARB_MOVE_NONE);
  arb_move_write_uci (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "e2e4");
  g_assert_cmpint (arb_move_parse_uci (&pos, "e2e5", 4), ==, ARB_MOVE_NONE);
  g_assert_cmpint (arb_move_parse_uci (&pos, "e2", 2), ==, ARB_MOVE_NONE);
  g_assert_cmpint (arb_move_parse_uci (&pos, "z9e4", 4), ==, ARB_MOVE_NONE);

  g_assert_true (
    arb_position_set_fen (&pos, "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  move = arb_move_parse_uci (&pos, "b7b8n", 5);
  g_assert_cmpint (ARB_MOVE_PROMOTION_TYPE (move), ==, ARB_KNIGHT);
  arb_move_write_uci (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "b7b8n");
  g_assert_cmpint (arb_move_parse_uci (&pos, "b7b8", 4), ==, ARB_MOVE_NONE);
  g_assert_cmpint (arb_move_parse_uci (&pos, "b7b8k", 5), ==, ARB_MOVE_NONE);

  /* Both castling forms are read; standard chess writes e1g1. */
  move = arb_move_parse_uci (&pos, "e1g1", 4);
  g_assert_cmpint (ARB_MOVE_KIND (move), ==, ARB_MOVE_CASTLING);
  g_assert_cmpint (arb_move_parse_uci (&pos, "e1h1", 4), ==, move);
  arb_move_write_uci (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "e1g1");
  pos.chess960 = TRUE;
  arb_move_write_uci (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "e1h1");
}

/* FIDE 9.2.2.1 (2018/2023): the e.p. file belongs to the position only when
 * an e.p. capture is legal. */
typedef struct
{
  const char *with_ep;
  gboolean legal_ep;
} EpCase;

static const EpCase ep_cases[] = {
  /* A plain e.p. capture exists. */
  { "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", TRUE },
  /* No black pawn beside the pawn that moved. */
  { "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", FALSE },
  /* The capturing pawn is pinned along the diagonal. */
  { "8/6B1/8/8/3pP3/8/8/k3K3 b - e3 0 1", FALSE },
  /* Capturing would open the rank for the rook: a horizontal pin of two pawns. */
  { "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", FALSE },
  /* The same with the rook gone: legal. */
  { "8/8/8/8/k2pP3/8/8/4K3 b - e3 0 1", TRUE },
};

static void
test_identity_en_passant (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (ep_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *without = NULL;
      ArbPosition a, b;
      char fen[ARB_FEN_MAX];

      g_test_message ("FEN %s", ep_cases[i].with_ep);
      g_assert_true (arb_position_set_fen (&a, ep_cases[i].with_ep, ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      without = g_strdup (ep_cases[i].with_ep);
      *strstr (without, " e3 ") = '\0';
      {
        g_autofree char *full = g_strconcat (without, " - 0 1", NULL);
        g_assert_true (arb_position_set_fen (&b, full, ARB_FEN_FLAGS_NONE, &error));
      }

      g_assert_cmpint (arb_position_has_legal_en_passant (&a), ==, ep_cases[i].legal_ep);
      if (ep_cases[i].legal_ep)
        g_assert_cmphex (arb_position_identity_key (&a), !=, arb_position_identity_key (&b));
      else
        g_assert_cmphex (arb_position_identity_key (&a), ==, arb_position_identity_key (&b));

      arb_position_write_fen (&a, ARB_FEN_EP_LEGAL_ONLY, fen);
      g_assert_true ((strstr (fen, " e3 ") != NULL) == ep_cases[i].legal_ep);
    }
}

static void
test_identity_ignores_counters (void)
{
  ArbPosition a, b;

  g_assert_true (
    arb_position_set_fen (&a, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 30", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_true (
    arb_position_set_fen (&b, "4k3/8/8/8/8/8/8/R3K2R w KQ - 12 40", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_position_identity_key (&a), ==, arb_position_identity_key (&b));
  /* Castling rights are part of it (9.2.2.2), side to move too. */
  g_assert_true (
    arb_position_set_fen (&b, "4k3/8/8/8/8/8/8/R3K2R w K - 0 30", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_position_identity_key (&a), !=, arb_position_identity_key (&b));
  g_assert_true (
    arb_position_set_fen (&b, "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 30", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_position_identity_key (&a), !=, arb_position_identity_key (&b));
}

static void
test_mate_and_stalemate (void)
{
  ArbPosition pos;

  g_assert_true (
    arb_position_set_fen (&pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                          ARB_FEN_FLAGS_NONE, NULL));
  g_assert_true (arb_position_is_checkmate (&pos));
  g_assert_false (arb_position_is_stalemate (&pos));
  g_assert_true (
    arb_position_set_fen (&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_true (arb_position_is_stalemate (&pos));
  g_assert_false (arb_position_in_check (&pos));
}

/* Real positions with real clocks: every one reads, writes back identically
 * and survives a round trip. */
static void
test_fen_roundtrip_testdata (void)
{
  const char *dir = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  guint n = 0;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("external test data (ARB_TESTDATA) is absent");
      return;
    }
  path = g_build_filename (dir, "D3-Chess", "tests", "lichess-30K-games.txt", NULL);
  if (!g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("lichess-30K-games.txt is absent");
      return;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit (lines[i], " ", 7);
      g_autofree char *fen = NULL;
      g_autoptr (GError) error = NULL;
      ArbPosition pos;
      char out[ARB_FEN_MAX];

      if (g_strv_length (parts) < 6)
        continue;
      fen = g_strjoin (" ", parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], NULL);
      if (!arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, &error))
        g_error ("line %u: %s: %s", i + 1, fen, error->message);
      arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, out);
      g_assert_cmpstr (out, ==, fen);
      n++;
    }
  g_assert_cmpuint (n, >=, 29000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/position/perft-published", test_perft_known);
  g_test_add_func ("/chess/position/fen-errors", test_fen_errors);
  g_test_add_func ("/chess/position/fen-legal-odd", test_fen_legal_but_odd);
  g_test_add_func ("/chess/position/fen-castling-forms", test_fen_castling_forms);
  g_test_add_func ("/chess/position/fen-roundtrip-testdata", test_fen_roundtrip_testdata);
  g_test_add_func ("/chess/position/chess960-numbering", test_chess960_numbering);
  g_test_add_func ("/chess/position/chess960-castling", test_chess960_castling);
  g_test_add_func ("/chess/position/make-unmake-random", test_make_unmake_random_games);
  g_test_add_func ("/chess/position/make-unkeyed", test_make_unkeyed);
  g_test_add_func ("/chess/position/uci", test_uci);
  g_test_add_func ("/chess/position/is-legal", test_is_legal_matches_generation);
  g_test_add_func ("/chess/position/checking-moves", test_checking_moves);
  g_test_add_func ("/chess/position/lone-king-steps", test_lone_king_steps);
  g_test_add_func ("/chess/position/identity-en-passant", test_identity_en_passant);
  g_test_add_func ("/chess/position/identity-counters", test_identity_ignores_counters);
  g_test_add_func ("/chess/position/mate-stalemate", test_mate_and_stalemate);

  return g_test_run ();
}
