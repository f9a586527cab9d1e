/* arb-game-text.h: what the views say about a game, in words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"

G_BEGIN_DECLS

/* One badge of a board card: a short text and a CSS class for its colour
 * ("warning", "error", "accent" or NULL). */
typedef struct
{
  char *text;
  const char *style;
} ArbGameBadge;

/* The badges for the game's current position, most urgent first. The
 * array frees its elements. */
GPtrArray *arb_game_text_badges (ArbGame *game);

/* The result in print ("1–0", "½–½", "0–0" …), or NULL while the game goes on. */
char *arb_game_text_result (ArbResult result);

/* One line for a card's corner: the result, "Adjourned", "Paused", "Not
 * started" or "Move 24". */
char *arb_game_text_state (ArbGame *game);

/* The move of @ply (from 1) in the notation the arbiter chose in
 * Preferences ("notation": by default the piece letters of the interface
 * language), or NULL when @game has no such ply. Newly allocated. */
char *arb_game_text_san (ArbGame *game, guint ply);

/* A line of moves from @start in the same notation, with move numbers:
 * "60.Bd4#", "52…b4+ 53.Kxb4". At most @max_plies are shown; " …" ends a
 * line cut short or not @complete. Newly allocated. */
char *arb_game_text_line (const ArbPosition *start,
                          const ArbMove *moves,
                          guint n_moves,
                          gboolean complete,
                          guint max_plies);

/* What the Laws say about the position at @ply: sentences for the game
 * view (checkmate, stalemate, dead position, fivefold or 75-move end,
 * threefold or 50-move claim open, the half-move count, the occurrences of
 * the position). The array frees its elements. */
GPtrArray *arb_game_text_status (ArbGame *game, guint ply);
/* For a finished game: the result, how the game ended, and the ruling
 * that ended it with its articles and the move it was made at. Empty
 * while the game goes on. */
GPtrArray *arb_game_text_outcome (ArbGame *game);
/* At the position a restoration went back to (@ply): the moves it voided,
 * kept in the record, with their clock times, and the times the clocks
 * were set to. Empty elsewhere. The array frees its elements. */
GPtrArray *arb_game_text_voided (ArbGame *game, guint ply);

G_END_DECLS
