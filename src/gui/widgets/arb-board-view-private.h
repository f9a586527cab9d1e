/* arb-board-view-private.h: ArbBoardView internals for tests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-board-view.h"

G_BEGIN_DECLS

/* What a primary click on @square does (the same path as the gestures). */
void _arb_board_view_click_square (ArbBoardView *self, ArbSquare square);
/* A drag of the piece on @from dropped on @to. */
void _arb_board_view_drag_piece (ArbBoardView *self, ArbSquare from, ArbSquare to);
/* The square of the piece held, or ARB_NO_SQUARE. */
ArbSquare _arb_board_view_get_selected (ArbBoardView *self);
/* The promotion chooser, or NULL when none is open. */
GtkPopover *_arb_board_view_get_promotion_popover (ArbBoardView *self);
/* Picks @type (ARB_KNIGHT..ARB_QUEEN) in the open promotion chooser. */
void _arb_board_view_choose_promotion (ArbBoardView *self, ArbPieceType type);

G_END_DECLS
