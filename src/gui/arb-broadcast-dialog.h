/* arb-broadcast-dialog.h: the round pushed to a lichess broadcast
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-publisher.h"

G_BEGIN_DECLS

/* Broadcast to lichess…: the broadcast round's id, the API token (kept in
 * the keyring, see arb-lichess-token.h), a switch; then lichess's answer
 * for each game and when it last took a push. It runs the window's
 * ArbPublisher, which goes on pushing when the dialog is closed. */

#define ARB_TYPE_BROADCAST_DIALOG (arb_broadcast_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ArbBroadcastDialog, arb_broadcast_dialog, ARB, BROADCAST_DIALOG, AdwWindow)

/* @settings (may be NULL) keeps the round id and names the lichess server. */
ArbBroadcastDialog *arb_broadcast_dialog_new (ArbPublisher *publisher, GSettings *settings);

/* The round on the table and its boards: how many lichess rounds
 * "Create Lichess Rounds" makes, and their names. */
void arb_broadcast_dialog_set_round_size (ArbBroadcastDialog *self, int round, guint n_boards);

/* For tests: the fields, the switch, and what is shown. */
void arb_broadcast_dialog_set_round_id (ArbBroadcastDialog *self, const char *round_id);
void arb_broadcast_dialog_set_token (ArbBroadcastDialog *self, const char *token);
void arb_broadcast_dialog_set_broadcast_id (ArbBroadcastDialog *self, const char *id);
/* Presses "Create Lichess Rounds": the question comes first. */
void arb_broadcast_dialog_press_create (ArbBroadcastDialog *self);
const char *arb_broadcast_dialog_get_round_id (ArbBroadcastDialog *self);
void arb_broadcast_dialog_set_pushing (ArbBroadcastDialog *self, gboolean pushing);
const char *arb_broadcast_dialog_get_status (ArbBroadcastDialog *self);
guint arb_broadcast_dialog_get_n_answers (ArbBroadcastDialog *self);
/* "Board 1 · White – Black: 12 moves taken" for the answer row @index. */
char *arb_broadcast_dialog_get_answer_text (ArbBroadcastDialog *self, guint index);
/* The note under the answers (keyring trouble, a refused setting), or NULL. */
const char *arb_broadcast_dialog_get_note (ArbBroadcastDialog *self);

G_END_DECLS
