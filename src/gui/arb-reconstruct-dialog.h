/* arb-reconstruct-dialog.h: a game rebuilt from its scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-game.h"
#include "arb-scoresheet-search.h"

G_BEGIN_DECLS

/* The sheets are typed or pasted; the game that explains them best is
 * shown as they change (the search runs off the main thread), the board
 * follows the cursor in a sheet, and each correction is listed with what
 * was written. The arbiter accepts each correction, picks another reading,
 * or types the right move (the search then runs again with that move).
 * Storing the game replaces the board's moves, or adds a new game to the
 * round, with a ruling in the log and an audit line, in one transaction.
 *
 * Actions: reconstruct.accept-all, reconstruct.store. */

#define ARB_TYPE_RECONSTRUCT_DIALOG (arb_reconstruct_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbReconstructDialog,
                      arb_reconstruct_dialog,
                      ARB,
                      RECONSTRUCT_DIALOG,
                      AdwWindow)

/* For the game of a board: storing replaces its moves. */
ArbReconstructDialog *arb_reconstruct_dialog_new (ArbGame *game);
/* For a new game of @round: storing adds it on the board chosen. */
ArbReconstructDialog *arb_reconstruct_dialog_new_for_round (ArbTournament *tournament,
                                                            int round,
                                                            int board);

/* The text of sheet 0 (White's) or 1 (Black's). */
GtkTextBuffer *arb_reconstruct_dialog_get_buffer (ArbReconstructDialog *self, guint sheet);
/* Whether a search is running or waiting to run. */
gboolean arb_reconstruct_dialog_is_searching (ArbReconstructDialog *self);
/* The last search's result, or NULL (no sheet, or no game explains it). */
const ArbScoresheetResult *arb_reconstruct_dialog_get_result (ArbReconstructDialog *self);
/* Fixes the move of half-move @ply (1-based) to @text, in any notation the
 * sheets use, and searches again. */
gboolean arb_reconstruct_dialog_fix_move (ArbReconstructDialog *self,
                                          guint ply,
                                          const char *text,
                                          GError **error);
/* Takes alternative @index of the last result as the game. */
void arb_reconstruct_dialog_use_alternative (ArbReconstructDialog *self, guint index);
/* The half-move the board shows. */
guint arb_reconstruct_dialog_get_shown_ply (ArbReconstructDialog *self);

G_END_DECLS
