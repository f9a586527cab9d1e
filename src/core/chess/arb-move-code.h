/* arb-move-code.h: a move and its SAN in one integer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"
#include "arb-san.h"

G_BEGIN_DECLS

/* A move code is how a tournament file keeps a move: the ArbMove and what
 * its SAN says that the move alone does not (the piece that moves, a
 * capture, which file or rank tells it from a twin, check or mate). The
 * SAN comes back from the code alone, with no position and no move
 * generation, exactly as arb_san_write() wrote it in the position the move
 * was played in.
 *
 *   31    24  23 22  21   20    19     18..16   15 .. 0
 *   +-------+------+----+-----+-------+-------+---------+
 *   |   0   | dis. |mate|check|capture| piece | ArbMove |
 *   +-------+------+----+-----+-------+-------+---------+
 *
 *   piece  ArbPieceType of the piece that moves (1..6)
 *   dis.   0 none, 1 the file, 2 the rank, 3 both (the from square)
 *
 * Codes are stored, so the layout never changes: a new meaning gets bits
 * 24 and above.
 */
typedef guint32 ArbMoveCode;

#define ARB_MOVE_CODE_MOVE(c) ((ArbMove) ((c) &0xffffu))
#define ARB_MOVE_CODE_PIECE(c) ((ArbPieceType) (((c) >> 16) & 7u))
#define ARB_MOVE_CODE_CAPTURE (1u << 19)
#define ARB_MOVE_CODE_CHECK (1u << 20)
#define ARB_MOVE_CODE_MATE (1u << 21)
#define ARB_MOVE_CODE_FILE (1u << 22)
#define ARB_MOVE_CODE_RANK (1u << 23)

/* The code of a legal move in `pos`. */
ArbMoveCode arb_move_code_make (const ArbPosition *pos, ArbMove move);

/* The SAN of the move, as arb_san_write() wrote it; its length. 0 (and an
 * empty string) for a code no move could have. */
gsize arb_move_code_write_san (ArbMoveCode code, char buf[ARB_SAN_MAX]);

/* Whether the code could be a move of `pos`: the piece it names stands on
 * its square, of the side to move, and does not take its own piece. Not a
 * legality check (see arb_position_is_legal()). */
gboolean arb_move_code_fits (ArbMoveCode code, const ArbPosition *pos);

G_END_DECLS
