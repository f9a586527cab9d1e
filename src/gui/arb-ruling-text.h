/* arb-ruling-text.h: rulings in words, for the flows, the log and printing
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* Every string is in the UI language. */
const char *arb_ruling_text_kind (ArbRulingKind kind);
const char *arb_ruling_text_decision (ArbDecision decision);
const char *arb_ruling_text_side (int side);
/* "1:29:30", "2:00", "−1:00" (signed when @sign). */
char *arb_ruling_text_time (gint64 ms, gboolean sign);
/* Parses "1:29:30", "29:30" or "90" (minutes) into ms; FALSE otherwise. */
gboolean arb_ruling_text_parse_time (const char *text, gint64 *ms);
/* "12… Kh8" for ply 24 of @game; "the start" for ply 0. */
char *arb_ruling_text_ply (ArbGame *game, int ply);
/* One line per effect, as the arbiter reads it before confirming. @game
 * may be NULL (then plies are given as numbers). */
char *arb_ruling_text_effect (const ArbRuling *ruling, const ArbEffect *effect, ArbGame *game);
/* "Board 4: Lindqvist, Erik – Haugen, Kari" */
char *arb_ruling_text_game_title (ArbGame *game);

G_END_DECLS
