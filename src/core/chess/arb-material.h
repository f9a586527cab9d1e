/* arb-material.h: who cannot checkmate, judged from the material alone
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* TRUE only when it is proven, from the material on the board alone, that
 * @color cannot checkmate the opponent's king by any series of legal moves
 * (FIDE Laws 2018/2023: the phrase of 5.2.2, dead position, and of 6.9, a
 * flag fall when the opponent cannot mate). The test is sound but not
 * complete: FALSE means "not proven", never "can mate". Blocked pawn walls,
 * forced lines and the half-move clock are left to a helpmate search.
 *
 * Proven cases:
 *  - a lone king;
 *  - king and one knight, when the opponent has nothing but king and queens;
 *  - king and bishops, when every bishop on the board (both sides) stands on
 *    squares of one colour and there are no pawns and no knights at all. */
gboolean arb_position_cannot_mate (const ArbPosition *pos, ArbColor color);

/* TRUE when neither side can checkmate by material alone: the game is over
 * as a dead position (FIDE Laws 2018/2023, 5.2.2). */
gboolean arb_position_is_dead_by_material (const ArbPosition *pos);

G_END_DECLS
