/* arb-unwinnable-private.h: the static half of the unwinnability test
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* TRUE only when it is proven, without playing a move, that @winner can never
 * give check to the opponent's king, because the pawns that can never move
 * again wall the king off from every square @winner's pieces (and pawns, and
 * whatever they may promote to) can ever attack. See arb-unwinnable-static.c
 * for the argument. FALSE means "not proven". Positions with castling rights
 * or a legal en passant capture are never judged (FALSE). */
gboolean arb_unwinnable_walled_off (const ArbPosition *pos, ArbColor winner);

/* The pawns that the same analysis proves can never move again, or be
 * captured, whatever both sides play (0 when not judged). */
ArbBitboard arb_unwinnable_fixed_pawns (const ArbPosition *pos);

G_END_DECLS
