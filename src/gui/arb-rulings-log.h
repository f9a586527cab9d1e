/* arb-rulings-log.h: every ruling of the round or the tournament
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_RULINGS_LOG (arb_rulings_log_get_type ())

G_DECLARE_FINAL_TYPE (ArbRulingsLog, arb_rulings_log, ARB, RULINGS_LOG, AdwWindow)

/* Lists the rulings of @round (0: all rounds) with time, board, players,
 * ply, kind, decision, articles and note; search and filter by kind.
 * Activating a row emits ::open-game (gint64 game_id, int ply). */
ArbRulingsLog *arb_rulings_log_new (ArbTournament *tournament, int round);

/* Reads the file again (after a new ruling). */
void arb_rulings_log_reload (ArbRulingsLog *self);

void arb_rulings_log_set_search (ArbRulingsLog *self, const char *text);
/* A ruling kind's stored name ("illegal-move"…), or NULL for all. */
gboolean arb_rulings_log_set_kind (ArbRulingsLog *self, const char *kind);
/* 0 for all rounds. */
void arb_rulings_log_set_round (ArbRulingsLog *self, int round);

guint arb_rulings_log_get_n_rulings (ArbRulingsLog *self); /* all loaded */
guint arb_rulings_log_get_n_visible (ArbRulingsLog *self); /* after filters */
/* The text of the @index-th visible row (title and subtitle), for tests. */
char *arb_rulings_log_get_row_text (ArbRulingsLog *self, guint index);
/* The window's games: a withdrawal goes through the game it concerns. */
void arb_rulings_log_set_games (ArbRulingsLog *self, GPtrArray *games);
/* Asks for the reason and the arbiter's name before the @index-th visible
 * ruling is withdrawn (Cancel is the default); returns the question, or
 * NULL for a ruling withdrawn already or a withdrawal. */
GtkWindow *arb_rulings_log_ask_withdraw (ArbRulingsLog *self, guint index);
/* Withdraws the @index-th visible ruling, as the question's Withdraw does. */
gboolean arb_rulings_log_withdraw (ArbRulingsLog *self,
                                   guint index,
                                   const char *reason,
                                   const char *arbiter,
                                   GError **error);
/* Activates the @index-th visible row, as a click does. */
gboolean arb_rulings_log_activate (ArbRulingsLog *self, guint index);

/* Writes the visible rulings as a PDF report. */
/* The report of the rulings shown, as PDF; the text printed in
 * @printed_text when not NULL. */
gboolean arb_rulings_log_save_pdf (ArbRulingsLog *self,
                                   const char *path,
                                   char **printed_text,
                                   GError **error);

G_END_DECLS
