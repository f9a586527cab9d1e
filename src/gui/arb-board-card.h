/* arb-board-card.h: one board of the round overview
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-game.h"

G_BEGIN_DECLS

/* ArbBoardCard shows one game at a glance: board number, both players
 * (title, name, rating), a small board, both clocks (the running one
 * highlighted), the result or state, and badges for what an arbiter must
 * notice (illegal moves, a position seen twice, a 50-move count past 40, a
 * dead position, a fallen flag, an adjournment). It follows the game's
 * ::changed signal; its clocks change only when the window's tick calls
 * arb_board_card_tick(). CSS name "boardcard". */
#define ARB_TYPE_BOARD_CARD (arb_board_card_get_type ())

G_DECLARE_FINAL_TYPE (ArbBoardCard, arb_board_card, ARB, BOARD_CARD, GtkFlowBoxChild)

GtkWidget *arb_board_card_new (ArbGame *game);

ArbGame *arb_board_card_get_game (ArbBoardCard *self);

/* Updates the clock texts that changed; returns the microseconds until one
 * of them changes again, or G_MAXINT64 when no clock runs. A card out of
 * view, or whose clocks are stopped and unchanged, does nothing. */
gint64 arb_board_card_tick (ArbBoardCard *self);
/* Whether the card is in view (the window says so as the round scrolls):
 * a card out of view does not tick, and is brought up to date when it
 * comes into view. New cards are shown. */
void arb_board_card_set_shown (ArbBoardCard *self, gboolean shown);

void arb_board_card_set_theme (ArbBoardCard *self, const char *theme);
/* Smaller cards for large rounds. */
void arb_board_card_set_compact (ArbBoardCard *self, gboolean compact);

/* TRUE if @query (already case-folded, not empty) is the board number or
 * part of a player's name. */
gboolean arb_board_card_matches (ArbBoardCard *self, const char *query);

/* A game in progress with a badge, or a clock under five minutes. */
gboolean arb_board_card_needs_attention (ArbBoardCard *self);

/* What the round's sources report about this game, each a badge: an
 * alert the arbiter settles (an illegal move an e-board reported, stored
 * moves a source changed) or a note (a source that stopped feeding it). */
typedef enum
{
  ARB_CARD_SOURCE_NOTE,
  ARB_CARD_SOURCE_ILLEGAL_MOVE,
  ARB_CARD_SOURCE_CHANGED_MOVES,
} ArbCardSourceKind;

typedef struct
{
  const char *text;
  ArbCardSourceKind kind;
  gint64 alert_id; /* the alert settled from the card; 0 for a note */
} ArbCardSourceBadge;

/* Shows @badges (@n_badges of them; 0 for none). An alert's badge is a
 * button whose menu, like the card's context menu (right click, Menu
 * key), offers its answers with the alert's id (int64): the window's
 * win.source-alert-rule (the Illegal move flow, filled in from the
 * report), win.source-alert-accept (take the source's moves) and
 * win.source-alert-dismiss (a misread). The keyboard reaches them through
 * the context menu: the card stays one stop. */
void arb_board_card_set_source_badges (ArbBoardCard *self,
                                       const ArbCardSourceBadge *badges,
                                       guint n_badges);

/* What the floor read on the table's clock (@text, NULL for nothing),
 * shown as a note beside the tracked times, which it replaces not. */
void arb_board_card_set_floor_note (ArbBoardCard *self, const char *text);
const char *arb_board_card_get_floor_note (ArbBoardCard *self);

/* The badges shown now, as their texts; for tests. */
GPtrArray *arb_board_card_list_badges (ArbBoardCard *self);
const char *arb_board_card_get_clock_text (ArbBoardCard *self, ArbColor side);
/* The number of plies of the position the small board shows; for tests. */
guint arb_board_card_get_shown_plies (ArbBoardCard *self);

/* A player's name shortened to fit @max characters, as the card shows
 * it: the surname with initials (newly allocated). */
char *arb_board_card_short_name (const char *name, int max);

G_END_DECLS
