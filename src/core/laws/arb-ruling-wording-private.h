/* arb-ruling-wording-private.h: what the files of the wording share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruling-wording.h"

G_BEGIN_DECLS

static inline int
opponent_of (int side)
{
  return side == 0 ? 1 : side == 1 ? 0 : ARB_COLOR_NONE;
}

static inline const char *
fact_text (const ArbRuling *ruling, const char *name)
{
  const char *text = arb_ruling_get_fact_text (ruling, name);

  return text != NULL ? text : "";
}

/* The time the ruling adds to @side (the first such effect), or 0. */
static inline gint64
_arb_ruling_wording_added_time (const ArbRuling *ruling, int side, gboolean negative)
{
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);

      if (e->kind == ARB_EFFECT_ADD_TIME && e->side == side && (e->ms < 0) == negative)
        return e->ms;
    }
  return 0;
}

G_END_DECLS
