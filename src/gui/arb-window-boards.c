/* arb-window-boards.c: a pairing moved to another board at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-board-move-dialog.h"
#include "arb-board-move.h"
#include "arb-error-text.h"
#include "arb-i18n.h"

static int
compare_boards (gconstpointer a, gconstpointer b)
{
  return arb_game_get_board (*(ArbGame *const *) a) - arb_game_get_board (*(ArbGame *const *) b);
}

/* The two games read again, the round's games in their new order, and
 * the cards laid out anew. */
static void
show_moved (ArbWindow *self, int round, int from, int to)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *lists[] = { self->live_games, self->games };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    {
      if (lists[l] == NULL || (l == 1 && lists[1] == lists[0]))
        continue;
      for (guint i = 0; i < lists[l]->len; i++)
        {
          ArbGame *game = g_ptr_array_index (lists[l], i);
          int board = arb_game_get_board (game);

          if (arb_game_get_round (game) == round && (board == from || board == to) &&
              !arb_game_reload (game, &error))
            {
              g_warning ("board %d: %s", board, error->message);
              g_clear_error (&error);
            }
        }
      g_ptr_array_sort (lists[l], compare_boards);
    }
  if (!_arb_window_show_round (self, round, &error))
    arb_window_show_error (self, arb_error_text (error));
}

static void
move_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  ArbGame *game = g_object_get_data (G_OBJECT (dialog), "arb-game");
  g_autoptr (GError) error = NULL;
  g_autofree char *arbiter = NULL;
  int round, from, to;

  if (g_strcmp0 (response, ARB_BOARD_MOVE_RESPONSE) != 0 || game == NULL ||
      self->tournament == NULL)
    return;
  round = arb_game_get_round (game);
  from = arb_game_get_board (game);
  to = arb_board_move_dialog_get_board (dialog);
  arbiter = _arb_window_dup_arbiter (self);
  if (!arb_board_move (self->tournament, round, from, to, arbiter,
                       arb_board_move_dialog_get_reason (dialog), NULL, &error))
    {
      AdwMessageDialog *said = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        GTK_WINDOW (self), _ ("The Pairing Was Not Moved"), arb_error_text (error)));

      adw_message_dialog_add_response (said, "close", _ ("_Close"));
      gtk_window_present (GTK_WINDOW (said));
      return;
    }
  show_moved (self, round, from, to);
  {
    /* Translators: a toast after a pairing moved: the board it left, the
     * board it is on now */
    g_autofree char *told =
      g_strdup_printf (_ ("The pairing of board %d is on board %d"), from, to);
    _arb_window_show_toast (self, told);
  }
}

static void
move_board_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  ArbGame *game = _arb_window_find_shown_game (self, id);
  AdwMessageDialog *dialog;

  if (game == NULL || self->tournament == NULL)
    return;
  /* An earlier round's games have their results: arb_board_move ()
   * refuses them by board. */
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      return;
    }
  dialog = arb_board_move_dialog_new (GTK_WINDOW (self), game, (int) self->games->len);
  g_signal_connect_object (dialog, "response", G_CALLBACK (move_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (GTK_WIDGET (arb_board_move_dialog_get_spin (dialog)));
}

void
_arb_window_boards_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.move-board", "x", move_board_action);
}
