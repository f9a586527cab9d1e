/* arb-position-boxed.c: ArbPosition as a GBoxed type, for properties
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-position-boxed"

#include "config.h"

#include "arb-position-boxed.h"

G_DEFINE_BOXED_TYPE (ArbPosition,
                     arb_position_boxed,
                     arb_position_boxed_copy,
                     arb_position_boxed_free)

ArbPosition *
arb_position_boxed_copy (const ArbPosition *position)
{
  g_return_val_if_fail (position != NULL, NULL);

  return g_memdup2 (position, sizeof *position);
}

void
arb_position_boxed_free (ArbPosition *position)
{
  g_free (position);
}
