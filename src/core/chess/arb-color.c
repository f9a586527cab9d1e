/* arb-color.c: the two sides of the board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-color.h"

const char *
arb_color_to_string (ArbColor color)
{
  switch (color)
    {
    case ARB_WHITE:
      return "white";
    case ARB_BLACK:
      return "black";
    case ARB_COLOR_NONE:
    default:
      return NULL;
    }
}

gboolean
arb_color_from_string (const char *text, ArbColor *color)
{
  if (g_strcmp0 (text, "white") == 0)
    *color = ARB_WHITE;
  else if (g_strcmp0 (text, "black") == 0)
    *color = ARB_BLACK;
  else
    return FALSE;
  return TRUE;
}
