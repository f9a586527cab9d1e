/* arb-move-list.h: the moves of a game, two to a line
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-position.h"
#include "arb-san-letters.h"

G_BEGIN_DECLS

/* ArbMoveList shows a game's moves as numbered lines of a White and a
 * Black move, the way a scoresheet reads. It is fed English SAN strings and
 * shows them in the chosen notation (English letters, the local letters
 * of a language, or figurines). Plies count from 0 (the start position):
 * ply N is the position after the Nth move, and the move that led to it is
 * highlighted when current-ply is N.
 *
 * Clicking a move, or pressing Left/Right/Home/End (also Up/Down, a line at
 * a time) while it has focus, emits ::ply-activated. The list does not move
 * current-ply itself: the owner follows the game to that ply and sets it.
 *
 * Properties:
 *   current-ply    guint                the ply highlighted (0: none)
 *   n-plies        guint, read-only     moves in the list
 *   notation       ArbNotationStyle     english, local or figurine
 *   language       string               for local letters: "sv", "nb",
 *                                       "da", "nl" (see arb-san-letters.h)
 * Signals:
 *   ply-activated (ArbMoveList *self, guint ply, gpointer user_data)
 *
 * CSS name "movelist"; move cells are ".move", the current one ".current". */
#define ARB_TYPE_MOVE_LIST (arb_move_list_get_type ())

G_DECLARE_FINAL_TYPE (ArbMoveList, arb_move_list, ARB, MOVE_LIST, GtkWidget)

GtkWidget *arb_move_list_new (void);

/* Replaces the moves. @first_move_number and @first_side say where the game
 * starts (1 and ARB_WHITE for a normal game; a set-up position may start
 * with Black, shown as "12… Nf6"). Keeps current-ply if still in range,
 * else clamps it. */
void arb_move_list_set_moves (ArbMoveList *self,
                              const char *const *san,
                              guint n_moves,
                              guint first_move_number,
                              ArbColor first_side);
/* Adds one move at the end, or drops moves after @n_plies; cheaper than
 * set_moves() for the usual edits. */
void arb_move_list_append (ArbMoveList *self, const char *san);
void arb_move_list_truncate (ArbMoveList *self, guint n_plies);

guint arb_move_list_get_n_plies (ArbMoveList *self);
/* The English SAN of move @ply (1-based), or NULL. */
const char *arb_move_list_get_san (ArbMoveList *self, guint ply);
/* The text shown for move @ply (1-based) in the current notation, or NULL. */
const char *arb_move_list_get_display_text (ArbMoveList *self, guint ply);

guint arb_move_list_get_current_ply (ArbMoveList *self);
void arb_move_list_set_current_ply (ArbMoveList *self, guint ply);

ArbNotationStyle arb_move_list_get_notation (ArbMoveList *self);
void arb_move_list_set_notation (ArbMoveList *self, ArbNotationStyle notation);

const char *arb_move_list_get_language (ArbMoveList *self);
void arb_move_list_set_language (ArbMoveList *self, const char *language);

G_END_DECLS
