/* arb-ruling-text.h: what the window adds to the ruling wording: moves of the game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"
#include "arb-ruling-wording.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* The words of a ruling come from arb-ruling-wording.h, shared with the
 * command-line tool; the window adds the game it has at hand (the moves in
 * SAN, the players). Every string is in the UI language. */

/* Parses "1:29:30", "29:30" or "90" (minutes) into ms; FALSE otherwise. */
gboolean arb_ruling_text_parse_time (const char *text, gint64 *ms);
/* "12… Kh8" for ply 24 of @game; "the start" for ply 0. */
char *arb_ruling_text_ply (ArbGame *game, int ply);
/* "move 15, White (after 14… Kh8)": the position at @ply as an arbiter
 * names it, with the move that led to it. */
char *arb_ruling_text_position (ArbGame *game, int ply);
/* One line per effect, as the arbiter reads it before confirming. @game
 * may be NULL (then positions are named by move number only). */
char *arb_ruling_text_effect (const ArbRuling *ruling, const ArbEffect *effect, ArbGame *game);
/* "Board 4: Lindqvist, Erik – Haugen, Kari" */
char *arb_ruling_text_game_title (ArbGame *game);

G_END_DECLS
