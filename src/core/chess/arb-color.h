/* arb-color.h: the two sides of the board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A side, and the one way every layer says "no side": a clock event that
 * concerns both players (a pause), a ruling about neither, a flag that has
 * not fallen. White and Black index arrays; ARB_COLOR_NONE never does. */
typedef enum
{
  ARB_COLOR_NONE = -1, /*< skip >*/
  ARB_WHITE = 0,
  ARB_BLACK = 1,
} ArbColor;

/* "white" and "black", as files and JSON spell them; NULL for no side. */
const char *arb_color_to_string (ArbColor color);
/* FALSE (and *color untouched) for anything but "white" and "black". */
gboolean arb_color_from_string (const char *text, ArbColor *color);

G_END_DECLS
