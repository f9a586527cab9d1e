/* arb-sources-dialog.h: the sources of moves of the round being played
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-round-sources.h"
#include "arb-ruling-dialog.h"

G_BEGIN_DECLS

/* ArbSourcesDialog lets the arbiter add and remove the round's sources
 * (a PGN file, a PGN address, DGT LiveChess), see how each one is doing
 * (connecting, live, disconnected or failed with why, the last reading),
 * edit the table of e-boards (serial number → board) and settle the
 * sources' alerts (an illegal move reported, moves that differ from the
 * stored ones). The sources read in the network worker; the dialog only
 * shows what ArbRoundSources says. */
#define ARB_TYPE_SOURCES_DIALOG (arb_sources_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ArbSourcesDialog, arb_sources_dialog, ARB, SOURCES_DIALOG, AdwWindow)

/* @games: the round's ArbGame, to name the boards of the alerts. */
ArbSourcesDialog *arb_sources_dialog_new (ArbRoundSources *sources, GPtrArray *games);

/* Shows another round's sources (the round being played changed): the
 * dialog stays open, with what the arbiter was typing. */
void arb_sources_dialog_set_round (ArbSourcesDialog *self,
                                   ArbRoundSources *sources,
                                   GPtrArray *games);

/* "Sources of Round 3"; for tests. */
const char *arb_sources_dialog_get_heading (ArbSourcesDialog *self);
/* The row where an address is typed (apply adds it); for tests. */
AdwEntryRow *arb_sources_dialog_get_add_row (ArbSourcesDialog *self);
/* The text shown under a source, or NULL when it is not listed; for tests. */
const char *arb_sources_dialog_get_source_status (ArbSourcesDialog *self, const char *uri);
/* Opens the Illegal move flow for an open illegal-move alert, filled in
 * from the report; the ruling applied settles the alert. NULL when there
 * is no such alert. */
ArbRulingDialog *arb_sources_dialog_rule_alert (ArbSourcesDialog *self, gint64 alert_id);
/* The same from anywhere in the window (a board card): @games are the
 * round's, @parent the widget the flow opens over. */
ArbRulingDialog *arb_sources_rule_alert (GtkWidget *parent,
                                         ArbRoundSources *sources,
                                         GPtrArray *games,
                                         gint64 alert_id);
/* How many games to assign are listed; for tests. */
guint arb_sources_dialog_get_n_unassigned (ArbSourcesDialog *self);
/* How many alerts are listed; for tests. */
guint arb_sources_dialog_get_n_alerts (ArbSourcesDialog *self);

/* Words for a source's state, for the dialog and the cards. */
char *arb_sources_dialog_describe_state (ArbSource *source);
/* The badge of an open alert on a card: "e-board: illegal move reported
 * (Ke1–e4)". */
char *arb_sources_dialog_describe_alert (const ArbSourceAlertInfo *alert);

G_END_DECLS
