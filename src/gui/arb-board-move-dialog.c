/* arb-board-move-dialog.c: the question before a pairing moves to another
 * board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-board-move-dialog.h"

#include "arb-board-move.h"
#include "arb-i18n.h"

static const char *
player_name (ArbGame *game, ArbColor side)
{
  const ArbPlayerInfo *player = arb_game_get_player (game, side);

  return player != NULL && player->name != NULL ? player->name : "";
}

static void
answers_changed_cb (AdwMessageDialog *dialog)
{
  ArbGame *game = g_object_get_data (G_OBJECT (dialog), "arb-game");
  g_autofree char *reason =
    g_strstrip (g_strdup (gtk_editable_get_text (arb_board_move_dialog_get_reason_entry (dialog))));
  gboolean valid = *reason != '\0' && game != NULL &&
                   arb_board_move_dialog_get_board (dialog) != arb_game_get_board (game);

  adw_message_dialog_set_response_enabled (dialog, ARB_BOARD_MOVE_RESPONSE, valid);
  /* Return moves the pairing only once the answers are complete. */
  adw_message_dialog_set_default_response (dialog, valid ? ARB_BOARD_MOVE_RESPONSE : "cancel");
}

static GtkWidget *
labelled (GtkBox *box, const char *label, GtkWidget *field)
{
  GtkWidget *title = gtk_label_new (label);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_use_underline (GTK_LABEL (title), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), field);
  gtk_box_append (box, title);
  gtk_box_append (box, field);
  return field;
}

AdwMessageDialog *
arb_board_move_dialog_new (GtkWindow *parent, ArbGame *game, int n_boards)
{
  AdwMessageDialog *dialog;
  GtkWidget *box, *spin, *reason;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  int board;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  board = arb_game_get_board (game);
  /* Translators: the heading of the question before a pairing moves; %d
   * is its board */
  heading = g_strdup_printf (_ ("Move Board %d"), board);
  /* Translators: the body of that question: White, Black */
  body = g_strdup_printf (_ ("%s – %s play on the board chosen. A pairing already there takes "
                             "this board. The move is in the rulings log with the reason."),
                          player_name (game, ARB_WHITE), player_name (game, ARB_BLACK));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  spin = gtk_spin_button_new_with_range (1, MAX (n_boards, ARB_BOARD_MOVE_MAX), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), board);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  /* Translators: the field of the board the pairing moves to */
  labelled (GTK_BOX (box), _ ("_Board"), spin);
  reason = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (reason), TRUE);
  /* Translators: the field of the reason a pairing moves to another board */
  labelled (GTK_BOX (box), _ ("_Reason"), reason);
  adw_message_dialog_set_extra_child (dialog, box);
  g_object_set_data_full (G_OBJECT (dialog), "arb-game", g_object_ref (game), g_object_unref);
  g_object_set_data (G_OBJECT (dialog), "arb-spin", spin);
  g_object_set_data (G_OBJECT (dialog), "arb-reason", reason);
  adw_message_dialog_add_response (dialog, "cancel", _ ("_Cancel"));
  /* Translators: the answer that moves the pairing to the board chosen */
  adw_message_dialog_add_response (dialog, ARB_BOARD_MOVE_RESPONSE, _ ("_Move"));
  adw_message_dialog_set_response_appearance (dialog, ARB_BOARD_MOVE_RESPONSE,
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (answers_changed_cb), dialog);
  g_signal_connect_swapped (reason, "changed", G_CALLBACK (answers_changed_cb), dialog);
  answers_changed_cb (dialog);
  return dialog;
}

int
arb_board_move_dialog_get_board (AdwMessageDialog *dialog)
{
  return gtk_spin_button_get_value_as_int (arb_board_move_dialog_get_spin (dialog));
}

const char *
arb_board_move_dialog_get_reason (AdwMessageDialog *dialog)
{
  return gtk_editable_get_text (arb_board_move_dialog_get_reason_entry (dialog));
}

GtkSpinButton *
arb_board_move_dialog_get_spin (AdwMessageDialog *dialog)
{
  return g_object_get_data (G_OBJECT (dialog), "arb-spin");
}

GtkEditable *
arb_board_move_dialog_get_reason_entry (AdwMessageDialog *dialog)
{
  return g_object_get_data (G_OBJECT (dialog), "arb-reason");
}
