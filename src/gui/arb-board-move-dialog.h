/* arb-board-move-dialog.h: the question before a pairing moves to another
 * board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-game.h"

G_BEGIN_DECLS

/* The response that moves the pairing. */
#define ARB_BOARD_MOVE_RESPONSE "move"

/* Asks which board the pairing of @game goes to and why: a board number
 * and a reason (required). "move" is enabled, and the default, only when
 * the board is another and a reason is given; until then Cancel is. The
 * caller connects to "response" and reads the answers below. */
AdwMessageDialog *arb_board_move_dialog_new (GtkWindow *parent, ArbGame *game, int n_boards);
int arb_board_move_dialog_get_board (AdwMessageDialog *dialog);
const char *arb_board_move_dialog_get_reason (AdwMessageDialog *dialog);
/* The dialog's widgets, for the tests. */
GtkSpinButton *arb_board_move_dialog_get_spin (AdwMessageDialog *dialog);
GtkEditable *arb_board_move_dialog_get_reason_entry (AdwMessageDialog *dialog);

G_END_DECLS
