/* arb-board-view.h: the large interactive chess board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-piece-set.h"
#include "arb-position.h"

G_BEGIN_DECLS

/* ArbBoardView shows one position, as large as it is allocated (always
 * square, centred), and lets the user pick a move: click a piece then a
 * target square, or drag the piece and drop it; on a promotion a small
 * popover offers queen, rook, bishop and knight. Keyboard: arrows move a
 * cursor square, Enter or Space picks up and puts down, Escape drops the
 * piece held.
 *
 * The view never makes a move itself. It emits ::move-chosen with a legal
 * ArbMove of the position shown; the owner lets the game model commit it
 * durably and then sets the new position (and last-move). Until then the
 * board keeps showing the old position.
 *
 * Properties (all notify exactly once per change):
 *   position       ARB_TYPE_POSITION (boxed, copied)  the position shown
 *   last-move      guint (ArbMove; 0 = none)           highlighted from/to
 *   flipped        gboolean                            Black at the bottom
 *   show-coordinates gboolean (default TRUE)           a-h and 1-8 on the edge
 *   interactive    gboolean (default TRUE)             accepts move input
 *   theme          string (default "brown")            see arb_board_theme_lookup()
 *
 * Signals:
 *   move-chosen (ArbBoardView *self, guint move, gpointer user_data)
 *       a legal move of the position shown (an ArbMove in a guint).
 *
 * The check highlight and the legal targets come from the position itself.
 * CSS name: "boardview". */
#define ARB_TYPE_BOARD_VIEW (arb_board_view_get_type ())

G_DECLARE_FINAL_TYPE (ArbBoardView, arb_board_view, ARB, BOARD_VIEW, GtkWidget)

GtkWidget *arb_board_view_new (void);

/* The position shown (never NULL; the start position until one is set). */
const ArbPosition *arb_board_view_get_position (ArbBoardView *self);
/* Copies @position; NULL shows the start position. Drops a piece held. */
void arb_board_view_set_position (ArbBoardView *self, const ArbPosition *position);

ArbMove arb_board_view_get_last_move (ArbBoardView *self);
void arb_board_view_set_last_move (ArbBoardView *self, ArbMove move);

gboolean arb_board_view_get_flipped (ArbBoardView *self);
void arb_board_view_set_flipped (ArbBoardView *self, gboolean flipped);

gboolean arb_board_view_get_show_coordinates (ArbBoardView *self);
void arb_board_view_set_show_coordinates (ArbBoardView *self, gboolean show_coordinates);

gboolean arb_board_view_get_interactive (ArbBoardView *self);
void arb_board_view_set_interactive (ArbBoardView *self, gboolean interactive);

const char *arb_board_view_get_theme (ArbBoardView *self);
/* Unknown names fall back to the default theme (the property keeps the name). */
void arb_board_view_set_theme (ArbBoardView *self, const char *theme);

/* Drops a piece held and closes the promotion chooser, if any. */
void arb_board_view_cancel_move (ArbBoardView *self);

G_END_DECLS
