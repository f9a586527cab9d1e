/* arb-game-view.h: one game, large: board, clocks, moves, status, entry
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-game.h"
#include "arb-san-letters.h"

G_BEGIN_DECLS

/* ArbGameView follows one ArbGame: a large ArbBoardView, both clocks with
 * their period and the moves to the next control, the move list in the
 * chosen notation, the status of the position shown, and a move entry.
 * The board follows the ply chosen in the move list or with the
 * navigation actions; moves can only be entered at the end of the game.
 * A move (clicked, dragged or typed) goes to arb_game_play_move(), which
 * stores it before the view shows it.
 *
 * Actions (also bound to keys):
 *   game.first (Home), game.back (Alt+Left), game.forward (Alt+Right),
 *   game.last (End), game.flip (Ctrl+I), game.enter-move (Ctrl+M)
 *   clock.pause (toggles: pause or resume this game's clock, Ctrl+P),
 *   clock.add-time "(si)" side ("white"/"black") and seconds (may be < 0),
 *   clock.set-moves "(si)" side and the completed moves to count. */
#define ARB_TYPE_GAME_VIEW (arb_game_view_get_type ())

G_DECLARE_FINAL_TYPE (ArbGameView, arb_game_view, ARB, GAME_VIEW, GtkWidget)

GtkWidget *arb_game_view_new (void);

ArbGame *arb_game_view_get_game (ArbGameView *self);
void arb_game_view_set_game (ArbGameView *self, ArbGame *game);

/* The ply shown on the board (0: the start position). */
guint arb_game_view_get_ply (ArbGameView *self);
void arb_game_view_set_ply (ArbGameView *self, guint ply);

void arb_game_view_set_notation (ArbGameView *self, ArbNotationStyle notation);
void arb_game_view_set_theme (ArbGameView *self, const char *theme);

/* Refreshes the clocks; returns the microseconds until they next change. */
gint64 arb_game_view_tick (ArbGameView *self);

/* Plays a typed move (English or local letters, or "e2e4") as the entry
 * does. Returns FALSE and shows why when it cannot be played. */
gboolean arb_game_view_enter_text (ArbGameView *self, const char *text);
/* Adds the time @text (h:mm:ss, m:ss or minutes; "+" or "-" in front) to
 * @side's clock, or with @set sets the clock to it (the time the clock on
 * the table shows). FALSE with @error when it is not a time. */
gboolean arb_game_view_adjust_clock (ArbGameView *self,
                                     ArbColor side,
                                     const char *text,
                                     gboolean set,
                                     GError **error);
/* The message under the entry, or NULL when there is none. */
const char *arb_game_view_get_error (ArbGameView *self);
/* The widgets, for tests. */
GtkWidget *arb_game_view_get_board (ArbGameView *self);
GtkWidget *arb_game_view_get_entry (ArbGameView *self);
/* The status text shown for the ply on the board. */
char *arb_game_view_get_status_text (ArbGameView *self);
/* The line above it: the move and who is to move, or that the game is over. */
char *arb_game_view_get_ply_text (ArbGameView *self);

G_END_DECLS
