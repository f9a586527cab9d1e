/* arb-entries-dialog.h: byes asked for, withdrawals and late entries at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_ENTRIES_DIALOG (arb_entries_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbEntriesDialog, arb_entries_dialog, ARB, ENTRIES_DIALOG, AdwWindow)

/* The dialog records through the round layer (arb-round-entries.h) as
 * @arbiter (may be NULL) and emits ::changed after each record. */
ArbEntriesDialog *arb_entries_dialog_new (ArbTournament *tournament, const char *arbiter);

/* For the tests: a widget of the dialog by name ("bye-player",
 * "bye-round", "bye-kind", "bye-note", "bye-record", "withdraw-player",
 * "withdraw-round", "withdraw-note", "withdraw-record", "late-name",
 * "late-rating", "late-fide-id", "late-title", "late-federation",
 * "late-round", "late-note", "late-record", "reason"), and the line that
 * says what the last action did. */
GtkWidget *arb_entries_dialog_get_widget (ArbEntriesDialog *self, const char *name);
const char *arb_entries_dialog_get_feedback (ArbEntriesDialog *self);
/* The rows of the records that stand, in order: their titles. */
GStrv arb_entries_dialog_dup_rows (ArbEntriesDialog *self);

G_END_DECLS
