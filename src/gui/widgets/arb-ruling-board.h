/* arb-ruling-board.h: a small still board for the ruling flows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-position.h"

G_BEGIN_DECLS

#define ARB_TYPE_RULING_BOARD (arb_ruling_board_get_type ())

G_DECLARE_FINAL_TYPE (ArbRulingBoard, arb_ruling_board, ARB, RULING_BOARD, GtkWidget)

/* A board of @size pixels showing @position (copied) with @last_move
 * highlighted (ARB_MOVE_NONE for none). Not interactive. */
GtkWidget *arb_ruling_board_new (const ArbPosition *position, ArbMove last_move, int size);

G_END_DECLS
