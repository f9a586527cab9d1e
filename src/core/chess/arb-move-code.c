/* arb-move-code.c: a move and its SAN in one integer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-move-code.h"

#include <string.h>

ArbMoveCode
arb_move_code_make (const ArbPosition *pos, ArbMove move)
{
  char san[ARB_SAN_MAX];
  gsize n;
  ArbPieceType pt;
  ArbMoveCode code;

  g_return_val_if_fail (pos != NULL, 0);

  pt = ARB_PIECE_TYPE (pos->board[ARB_MOVE_FROM (move)]);
  code = (ArbMoveCode) move | ((ArbMoveCode) pt << 16);

  /* The features are read from the SAN itself, so that the code gives
   * back exactly what arb_san_write() wrote. */
  n = arb_san_write (pos, move, san);
  if (n > 0 && san[n - 1] == '#')
    code |= ARB_MOVE_CODE_MATE;
  else if (n > 0 && san[n - 1] == '+')
    code |= ARB_MOVE_CODE_CHECK;
  if (strchr (san, 'x') != NULL)
    code |= ARB_MOVE_CODE_CAPTURE;
  if (pt != ARB_PAWN && ARB_MOVE_KIND (move) != ARB_MOVE_CASTLING)
    {
      /* Between the piece letter and the destination (and its 'x'). */
      gsize end = n;

      if (end > 0 && (san[end - 1] == '+' || san[end - 1] == '#'))
        end--;
      end -= 2;
      if (end > 1 && san[end - 1] == 'x')
        end--;
      for (gsize i = 1; i < end; i++)
        code |= san[i] >= 'a' && san[i] <= 'h' ? ARB_MOVE_CODE_FILE : ARB_MOVE_CODE_RANK;
    }
  return code;
}

gsize
arb_move_code_write_san (ArbMoveCode code, char buf[ARB_SAN_MAX])
{
  ArbMove move = ARB_MOVE_CODE_MOVE (code);
  ArbPieceType pt = ARB_MOVE_CODE_PIECE (code);
  ArbSanMarks marks = 0;

  buf[0] = '\0';
  if (pt < ARB_PAWN || pt > ARB_KING || move == ARB_MOVE_NONE)
    return 0;
  if (code & ARB_MOVE_CODE_CAPTURE)
    marks |= ARB_SAN_CAPTURE;
  if (pt != ARB_PAWN && (code & ARB_MOVE_CODE_FILE))
    marks |= ARB_SAN_FROM_FILE;
  if (pt != ARB_PAWN && (code & ARB_MOVE_CODE_RANK))
    marks |= ARB_SAN_FROM_RANK;
  if (code & ARB_MOVE_CODE_MATE)
    marks |= ARB_SAN_MATE;
  else if (code & ARB_MOVE_CODE_CHECK)
    marks |= ARB_SAN_CHECK;
  return arb_san_spell (pt, move, marks, buf);
}

gboolean
arb_move_code_fits (ArbMoveCode code, const ArbPosition *pos)
{
  ArbMove move = ARB_MOVE_CODE_MOVE (code);
  ArbPiece piece;
  ArbPiece target;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (move == ARB_MOVE_NONE)
    return FALSE;
  piece = pos->board[ARB_MOVE_FROM (move)];
  target = pos->board[ARB_MOVE_TO (move)];
  if (piece == ARB_NO_PIECE || ARB_PIECE_COLOR (piece) != pos->side_to_move ||
      ARB_PIECE_TYPE (piece) != ARB_MOVE_CODE_PIECE (code))
    return FALSE;
  /* Castling is "king takes own rook"; nothing else takes its own. */
  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    return ARB_PIECE_TYPE (piece) == ARB_KING && target != ARB_NO_PIECE &&
           ARB_PIECE_TYPE (target) == ARB_ROOK && ARB_PIECE_COLOR (target) == pos->side_to_move;
  return target == ARB_NO_PIECE || ARB_PIECE_COLOR (target) != pos->side_to_move;
}
