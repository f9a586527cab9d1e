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

G_END_DECLS
