/* arb-color.c: the two sides of the board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-color.h"

#include "arb-chess-enums.h"
#include "arb-enum-nick.h"

/* "white" and "black" are the nicks of ArbColor; no side has none. */
const char *
arb_color_to_string (ArbColor color)
{
  return arb_enum_nick (ARB_TYPE_COLOR, color);
}

gboolean
arb_color_from_string (const char *text, ArbColor *color)
{
  int value;

  if (!arb_enum_from_nick (ARB_TYPE_COLOR, text, &value))
    return FALSE;
  *color = (ArbColor) value;
  return TRUE;
}
