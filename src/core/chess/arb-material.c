/* arb-material.c: who cannot checkmate, judged from the material alone
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-material.h"

/* Every case below is closed under play: the attacking side has no pawns, so
 * it can never gain material, and the opponent either has no pawns or (in
 * the knight case) can only lose queens. So proving that no mate exists in
 * the current material class proves it for the rest of the game.
 *
 * Why a lone knight cannot mate against king and queens. Only the knight can
 * give check. Put the defending king on (0,0) and, by symmetry, the knight on
 * (2,1). The squares (1,0) and (1,1) touch both. A queen there would take the
 * knight (nothing on our side can pin), so both are empty; the knight does
 * not cover them, so our king must, and the only square from which it covers
 * both without touching the defending king is (2,0). Then (0,1), which is on
 * the board because the knight's rank is, is covered by neither our king nor
 * the knight, so it must hold a queen, and that queen takes the knight along
 * the empty (1,1). Any other defender (pawn, knight, bishop, rook) can stand
 * on a flight square without reaching the knight, so it is not proven then.
 *
 * Why bishops of one square colour cannot mate when there are no pawns and no
 * knights anywhere. Say all bishops are light. Then the mated king stands on
 * a light square and is in check from one bishop only: two bishops on the two
 * diagonals through the king would need a bishop to move from one of those
 * diagonals onto the other, and they are parallel after the move, so a double
 * check cannot arise. Let D be the first square of the checking diagonal next
 * to the king K. The two squares orthogonally next to both K and D are dark,
 * on the board, and no light bishop covers them; our king cannot cover both
 * without touching K. So one holds a defending piece, which can only be a rook
 * or a queen (no knights, no pawns, no dark bishops, our own pieces cannot be
 * there). It moves one square onto D, taking the checker or blocking the
 * check, and it cannot be pinned because the line from it to K is a rank or a
 * file. Opponent knights, pawns (they may promote to knights) or
 * opposite-coloured bishops break this, and helpmates then exist. */

static gboolean
opponent_is_mated_now (const ArbPosition *pos, ArbColor color)
{
  /* A FEN may hand us a final position; a mate already on the board must not
   * be called impossible, whatever the material says. */
  return pos->side_to_move != color && arb_position_in_check (pos) &&
         arb_position_is_checkmate (pos);
}

/* arb_position_cannot_mate() without its checks, inlined into
 * arb_position_is_dead_by_material(), which a game's replay asks after
 * every capture and pawn move. */
static inline gboolean
cannot_mate (const ArbPosition *pos, ArbColor color)
{
  ArbBitboard ours, theirs, our_men, bishops;

  ours = pos->by_color[color];
  theirs = pos->by_color[!color];

  if (ours & (pos->by_type[ARB_PAWN] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]))
    return FALSE;

  our_men = ours & ~pos->by_type[ARB_KING];

  /* A king never gives check. */
  if (our_men == 0)
    return TRUE;

  if (our_men & pos->by_type[ARB_KNIGHT])
    {
      /* Two knights, or knight and bishop, can mate. */
      if (arb_bb_more_than_one (our_men))
        return FALSE;
      if (theirs & ~(pos->by_type[ARB_KING] | pos->by_type[ARB_QUEEN]))
        return FALSE;
      return !opponent_is_mated_now (pos, color);
    }

  /* Only bishops are left on our side. */
  bishops = pos->by_type[ARB_BISHOP];
  if ((bishops & ARB_LIGHT_SQUARES_BB) != 0 && (bishops & ARB_DARK_SQUARES_BB) != 0)
    return FALSE;
  if (pos->by_type[ARB_PAWN] | pos->by_type[ARB_KNIGHT])
    return FALSE;
  return !opponent_is_mated_now (pos, color);
}

gboolean
arb_position_cannot_mate (const ArbPosition *pos, ArbColor color)
{
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (color == ARB_WHITE || color == ARB_BLACK, FALSE);

  return cannot_mate (pos, color);
}

gboolean
arb_position_is_dead_by_material (const ArbPosition *pos)
{
  g_return_val_if_fail (pos != NULL, FALSE);

  return cannot_mate (pos, ARB_WHITE) && cannot_mate (pos, ARB_BLACK);
}
