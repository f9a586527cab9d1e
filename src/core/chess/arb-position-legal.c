/* arb-position-legal.c: is one move legal, without generating them all
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's replay asks this at every ply for the move it was given, and
 * the dead-position search asks it for every move of a helpmate line it
 * plays out again. The answer is the one of the full generation
 * (arb-position.c): the move must be one the man on its square makes under
 * the FIDE Laws (3.2-3.7, 2023 numbering: the pieces' moves, the pawn's
 * step, double step, capture and promotion) and must not leave or place its
 * own king in check (3.9). Castling and en passant, rare and full of
 * conditions, are left to the full generation.
 */

#include "arb-position-private.h"

/* Whether the king of the side to move stands unattacked once the man on
 * @from stands on @to (what stood on @to is gone). */
static gboolean
king_safe_after (const ArbPosition *pos, ArbSquare from, ArbSquare to)
{
  ArbColor us = pos->side_to_move, them = !us;
  ArbBitboard keep = ~ARB_BB (to);
  ArbBitboard occupied = (arb_position_occupied (pos) & ~ARB_BB (from)) | ARB_BB (to);
  ArbBitboard theirs = pos->by_color[them] & keep;
  ArbBitboard queens = pos->by_type[ARB_QUEEN];
  ArbSquare ksq;

  if (ARB_PIECE_TYPE (pos->board[from]) == ARB_KING)
    ksq = to;
  else
    ksq = arb_position_king_square (pos, us);
  if (ksq == ARB_NO_SQUARE)
    return FALSE;
  return !((arb_knight_attacks (ksq) & theirs & pos->by_type[ARB_KNIGHT]) ||
           (arb_pawn_attacks (us, ksq) & theirs & pos->by_type[ARB_PAWN]) ||
           (arb_king_attacks (ksq) & theirs & pos->by_type[ARB_KING]) ||
           (arb_bishop_attacks (ksq, occupied) & theirs & (pos->by_type[ARB_BISHOP] | queens)) ||
           (arb_rook_attacks (ksq, occupied) & theirs & (pos->by_type[ARB_ROOK] | queens)));
}

/* The squares a pawn of @us on @from may go to, captures included. */
static ArbBitboard
pawn_targets (const ArbPosition *pos, ArbColor us, ArbSquare from)
{
  ArbBitboard empty = ~arb_position_occupied (pos);
  ArbBitboard one, two;

  if (us == ARB_WHITE)
    {
      one = (ARB_BB (from) << 8) & empty;
      two = ((one & ARB_RANK_BB (2)) << 8) & empty;
    }
  else
    {
      one = (ARB_BB (from) >> 8) & empty;
      two = ((one & ARB_RANK_BB (5)) >> 8) & empty;
    }
  return one | two | (arb_pawn_attacks (us, from) & pos->by_color[!us]);
}

int
_arb_position_quick_legal (const ArbPosition *pos, ArbMove move)
{
  ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);
  ArbMoveKind kind = ARB_MOVE_KIND (move);
  ArbColor us = pos->side_to_move;
  ArbPiece piece = pos->board[from];
  ArbPieceType type = ARB_PIECE_TYPE (piece);
  ArbBitboard reach;

  if (kind == ARB_MOVE_CASTLING || kind == ARB_MOVE_EN_PASSANT)
    return -1;
  if (kind > ARB_MOVE_CASTLING || piece == ARB_NO_PIECE || ARB_PIECE_COLOR (piece) != us ||
      (pos->by_color[us] & ARB_BB (to)))
    return 0;
  if (type == ARB_PAWN)
    {
      /* A pawn reaching its last rank is replaced (3.7.6), never else. */
      if ((kind != ARB_MOVE_NORMAL) != ((ARB_BB (to) & ARB_RANK_BB (us == ARB_WHITE ? 7 : 0)) != 0))
        return 0;
      reach = pawn_targets (pos, us, from);
    }
  else if (kind != ARB_MOVE_NORMAL)
    return 0;
  else if (type == ARB_KING)
    reach = arb_king_attacks (from);
  else
    reach = arb_piece_attacks (type, from, arb_position_occupied (pos));
  if (!(reach & ARB_BB (to)))
    return 0;
  return king_safe_after (pos, from, to) ? 1 : 0;
}
