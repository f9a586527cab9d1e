/* arb-move-list-view.h: the moves of a game, two to a line
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-position.h"
#include "arb-san-letters.h"

G_BEGIN_DECLS

/* ArbMoveListView shows a game's moves as numbered lines of a White and a
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
 *   ply-activated (ArbMoveListView *self, guint ply, gpointer user_data)
 *
 * CSS name "movelist"; move cells are ".move", the current one ".current".
 *
 * (The type is not called ArbMoveList: the core's arb-position.h already
 * uses that name for its plain list of legal moves.) */
#define ARB_TYPE_MOVE_LIST_VIEW (arb_move_list_view_get_type ())

G_DECLARE_FINAL_TYPE (ArbMoveListView, arb_move_list_view, ARB, MOVE_LIST_VIEW, GtkWidget)

GtkWidget *arb_move_list_view_new (void);

/* Replaces the moves. @first_move_number and @first_side say where the game
 * starts (1 and ARB_WHITE for a normal game; a set-up position may start
 * with Black, shown as "12… Nf6"). Keeps current-ply if still in range,
 * else clamps it. */
void arb_move_list_view_set_moves (ArbMoveListView *self,
                                   const char *const *san,
                                   guint n_moves,
                                   guint first_move_number,
                                   ArbColor first_side);
/* Adds one move at the end, or drops moves after @n_plies; cheaper than
 * set_moves() for the usual edits. */
void arb_move_list_view_append (ArbMoveListView *self, const char *san);
void arb_move_list_view_truncate (ArbMoveListView *self, guint n_plies);

guint arb_move_list_view_get_n_plies (ArbMoveListView *self);
/* The English SAN of move @ply (1-based), or NULL. */
const char *arb_move_list_view_get_san (ArbMoveListView *self, guint ply);
/* The text shown for move @ply (1-based) in the current notation, or NULL. */
const char *arb_move_list_view_get_display_text (ArbMoveListView *self, guint ply);

guint arb_move_list_view_get_current_ply (ArbMoveListView *self);
void arb_move_list_view_set_current_ply (ArbMoveListView *self, guint ply);

ArbNotationStyle arb_move_list_view_get_notation (ArbMoveListView *self);
void arb_move_list_view_set_notation (ArbMoveListView *self, ArbNotationStyle notation);

const char *arb_move_list_view_get_language (ArbMoveListView *self);
void arb_move_list_view_set_language (ArbMoveListView *self, const char *language);

G_END_DECLS
