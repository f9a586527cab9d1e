/* arb-board-style.h: the default styles of the board widgets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Loads ui/board-widgets.css from the resources for the default display,
 * once, below the application's own styles. Widgets call it from init. */
void arb_board_style_ensure (void);

G_END_DECLS
