/* arb-laws-private.h: what the files of the rulings share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rulings are in four files, by the part of the Laws they apply:
 * arb-laws.c (illegal moves, draw claims, automatic ends), arb-laws-clock.c
 * (flag falls, quickplay finishes), arb-laws-adjourn.c (sealed moves and
 * resumptions) and arb-laws-conduct.c (late arrival, devices, resignation,
 * penalties, corrections).
 */

#pragma once

#include "arb-laws.h"

G_BEGIN_DECLS

static inline int
opponent_of (int side)
{
  g_assert (side == 0 || side == 1);
  return 1 - side;
}

static inline ArbEffect *
add_time (ArbRuling *ruling, int side, gint64 ms)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ADD_TIME, side);

  effect->ms = ms;
  return effect;
}

static inline void
set_result (ArbRuling *ruling, ArbResult result, ArbEnding ending)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);

  effect->result = result;
  effect->ending = ending;
}

static inline void
add_note (ArbRuling *ruling, int side, ArbNote note)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_NOTE, side);

  effect->note = note;
}

static inline int
supervised_index (const ArbEventSettings *event)
{
  return arb_event_settings_fully_supervised (event) ? 1 : 0;
}

G_END_DECLS
