/* arb-team-dialog.h: the arbiters' team, their sign-ins given and revoked
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_TEAM_DIALOG (arb_team_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbTeamDialog, arb_team_dialog, ARB, TEAM_DIALOG, AdwWindow)

/* The dialog records through @tournament (arb-tournament-team.h). @address
 * ("HOST:PORT") is where the arbiters' service listens, NULL when the
 * window knows of none running: the sign-in then says so plainly. */
ArbTeamDialog *arb_team_dialog_new (ArbTournament *tournament, const char *address);
/* The service started or stopped (@address NULL): the sign-in shown, and
 * the row that turns the service on (action floor.serve), follow. */
void arb_team_dialog_set_address (ArbTeamDialog *self, const char *address);

/* For the tests: a widget by name ("name", "role", "sectors", "add",
 * "sign-in", "qr", "token", "warning", "address", "service", "serve"), the revoke question
 * open (NULL when none is) and its reason entry, the line that says what
 * the last action did, and the rows' titles and subtitles. */
GtkWidget *arb_team_dialog_get_widget (ArbTeamDialog *self, const char *name);
void arb_team_dialog_ask_revoke (ArbTeamDialog *self, const char *name);
GtkWindow *arb_team_dialog_get_revoke_question (ArbTeamDialog *self);
GtkEditable *arb_team_dialog_get_revoke_reason (ArbTeamDialog *self);
const char *arb_team_dialog_get_feedback (ArbTeamDialog *self);
GStrv arb_team_dialog_dup_rows (ArbTeamDialog *self);

G_END_DECLS
