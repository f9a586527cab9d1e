/* arb-board-thumbnail.h: a small, passive board for the round overview
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* ArbBoardThumbnail draws a position with arb_board_paint() at the size it
 * is given (square, centred): no input, no coordinates, the last move
 * highlighted. CSS name "boardthumbnail". */
#define ARB_TYPE_BOARD_THUMBNAIL (arb_board_thumbnail_get_type ())

G_DECLARE_FINAL_TYPE (ArbBoardThumbnail, arb_board_thumbnail, ARB, BOARD_THUMBNAIL, GtkWidget)

GtkWidget *arb_board_thumbnail_new (void);

/* Copies @position (NULL: an empty board) and the last move (0: none). */
void arb_board_thumbnail_set_position (ArbBoardThumbnail *self,
                                       const ArbPosition *position,
                                       ArbMove last_move);
/* A theme name of arb_board_theme_lookup(); unknown names give the default. */
void arb_board_thumbnail_set_theme (ArbBoardThumbnail *self, const char *theme);
/* The size asked for (120 by default; smaller for large rounds). */
void arb_board_thumbnail_set_natural_size (ArbBoardThumbnail *self, int size);

G_END_DECLS
