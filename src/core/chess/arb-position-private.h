/* arb-position-private.h: what the files of the position share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-position.h"

G_BEGIN_DECLS

/* Whether @move is legal in @pos without generating every move: 1 legal,
 * 0 not, -1 when only the full generation says (castling, en passant). */
int _arb_position_quick_legal (const ArbPosition *pos, ArbMove move);

/* The legal moves of the side to move, and their number, without the
 * checks of the public calls (perft, in arb-position.c, asks both at
 * every node). */
void _arb_position_generate (const ArbPosition *pos, ArbMoveList *list);
guint _arb_position_count_legal (const ArbPosition *pos);

/* What a move of the side to move needs to check the other king, found
 * once for a position (Stockfish keeps the same in its StateInfo): the
 * squares each kind of man checks it from, and the men that stand alone
 * between a slider of their side and that king, whose leaving opens the
 * line. The side to move must not give check already. */
typedef struct
{
  ArbSquare king;
  ArbBitboard from_square[ARB_KING + 1];
  ArbBitboard openers;
} ArbCheckSquares;

void _arb_position_check_squares (const ArbPosition *pos, ArbCheckSquares *cs);

/* Whether @move, a normal move (no castling, en passant or promotion) of
 * the side to move, checks: with its man from the square it reaches, or
 * by opening a line from the square it leaves without staying on it. */
static inline gboolean
_arb_position_normal_move_checks (const ArbPosition *pos, const ArbCheckSquares *cs, ArbMove move)
{
  ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);

  if (cs->from_square[ARB_PIECE_TYPE (pos->board[from])] & ARB_BB (to))
    return TRUE;
  return (cs->openers & ARB_BB (from)) && !(arb_line (from, cs->king) & ARB_BB (to));
}

/* The legal moves of the side to move that may check the other king, in
 * the order arb_position_legal_moves() lists them: every move that is not
 * a normal one (castling, en passant, promotions) and every normal move
 * that checks, by the man moved or by the line it opens. Returns how many
 * legal moves there are in all. The side to move must not give check. */
guint _arb_position_checking_moves (const ArbPosition *pos, ArbMoveList *list);

/* The rank and the file through @sq, and its two diagonals, worked out
 * from the square: a test whether any slider stands on a line through a
 * square, before (or instead of) a lookup in the large tables of slider
 * attacks, which waits for the memory more often than not. */
static inline ArbBitboard
_arb_straight_lines (ArbSquare sq)
{
  return ((ArbBitboard) 0xff << (sq & 56)) | ((ArbBitboard) 0x0101010101010101 << (sq & 7));
}

static inline ArbBitboard
_arb_diagonal_lines (ArbSquare sq)
{
  const ArbBitboard a1h8 = 0x8040201008040201, a8h1 = 0x0102040810204080;
  int file_less_rank = (int) (sq & 7) - (int) (sq >> 3);
  int file_and_rank = (int) (sq & 7) + (int) (sq >> 3) - 7;

  return (file_less_rank >= 0 ? a1h8 >> (8 * file_less_rank) : a1h8 << (-8 * file_less_rank)) |
         (file_and_rank >= 0 ? a8h1 << (8 * file_and_rank) : a8h1 >> (-8 * file_and_rank));
}

/* The Zobrist key's parts and the placing of men, for the FEN reader
 * (arb-position-fen.c); the tables stay in arb-position.c, where the
 * moves read them. */
guint64 _arb_position_castling_key (ArbBitboard rooks);
guint64 _arb_position_ep_key (ArbSquare ep_square);
guint64 _arb_position_side_key (void);
void _arb_position_put_piece (ArbPosition *pos, ArbPiece piece, ArbSquare sq);
void _arb_position_clear (ArbPosition *pos);

G_END_DECLS
