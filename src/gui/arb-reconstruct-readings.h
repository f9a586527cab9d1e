/* arb-reconstruct-readings.h: the reconstruction dialog's readings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words and rows the dialog (arb-reconstruct-dialog.c) shows for a
 * search's result: what a correction changed, the other readings close in
 * cost, and where White's and Black's sheets disagree. Private to the
 * dialog.
 */

#pragma once

#include <adwaita.h>

#include "arb-scoresheet-search.h"

G_BEGIN_DECLS

/* What a correction changed, e.g. "another square". */
const char *arb_reconstruct_kind_words (ArbScoresheetCorrectionKind kind);

/* "12." or "12…" before a half-move (1-based) of a game from @start. */
char *arb_reconstruct_move_label (const ArbPosition *start, guint ply);

/* The SAN of @game's half-move @ply (1-based). */
char *arb_reconstruct_san_at (const ArbScoresheetResult *result,
                              const ArbScoresheetGame *game,
                              guint ply);

/* A row for another reading of the sheets from half-move @from on, with a
 * "Use" button whose "alternative" data is @index (G_MAXUINT for the best
 * game), connected to @used (a GtkButton::clicked handler) with @data. */
GtkWidget *arb_reconstruct_alternative_row (const ArbScoresheetResult *result,
                                            const ArbScoresheetGame *game,
                                            guint index,
                                            guint from,
                                            GCallback used,
                                            gpointer data);

/* Appends to @list a row for each half-move where the two sheets read
 * differently: what each wrote, the reading taken and the sheet it
 * follows, what it costs, and the reading that follows the other sheet
 * with its cost (with a "Use" button as above) or that there is none close.
 * Returns the number of rows; 0 with one sheet. */
guint arb_reconstruct_add_disagreements (GtkListBox *list,
                                         const ArbScoresheetResult *result,
                                         ArbScoresheet *const sheets[2],
                                         GCallback used,
                                         gpointer data);

/* The game as text in @buffer (tags "number", "move", "corrected",
 * "written"), each corrected move marked with what was written beside it. */
void arb_reconstruct_show_moves (GtkTextBuffer *buffer,
                                 const ArbScoresheetResult *result,
                                 const ArbPosition *start);

/* Marks in @buffer (the text of @sheet, the search's sheet @k) the tokens
 * @result corrects (tag "corrected") and @failed_token ("failed", -1 for
 * none). */
void arb_reconstruct_mark_sheet (GtkTextBuffer *buffer,
                                 ArbScoresheet *sheet,
                                 const ArbScoresheetResult *result,
                                 guint k,
                                 int failed_token);

G_END_DECLS
