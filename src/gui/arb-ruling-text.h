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
#include "arb-tournament-voided.h"

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

/* "18… Nc5 (1:09:24) 19. Qd2 (0:58:32)": the moves a restoration voided,
 * each with the time on the mover's clock after it when it is known, for
 * a game that starts at @start_move with @start_side to move. */
char *arb_ruling_text_voided_moves (const ArbVoidedLine *line, int start_move, ArbColor start_side);
/* "White 1:06:40, Black 0:50:00": the times the clocks were set to at the
 * restoration, or NULL when none were recorded. */
char *arb_ruling_text_clocks_set (const ArbVoidedLine *line);

G_END_DECLS
