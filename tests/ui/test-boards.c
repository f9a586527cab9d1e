/* test-boards.c: a pairing moved to another board, and the TRF export's
 * dialog, on a real display
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Round 5 of tests/data/open-5-paired.trf: the arbiter opens Move to
 * Board… on the card of board 2, answers board 5 and a reason, and the
 * cards are laid out in the new order, with the decision in the rulings
 * log.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-board-move-dialog.h"
#include "arb-game-view.h"
#include "arb-rulings-log.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

static char *
paired_tournament (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trf_path =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-paired.trf", NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  ArbEventInfo event = { .name = (char *) "Höstturneringen",
                         .edition = 2023,
                         .time_control = (char *) "5400+30",
                         .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;
  char *path;

  g_assert_no_error (error);
  path = arb_test_temp_path ("event.arbiter");
  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (trf_path, &text, &length, &error));
  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  return path;
}

/* White's starting rank on each card, in the grid's order. */
static char *
card_order (ArbWindow *window)
{
  GString *out = g_string_new (NULL);

  for (GtkWidget *child =
         gtk_widget_get_first_child (GTK_WIDGET (arb_window_get_board_grid (window)));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      ArbGame *game;
      const ArbPlayerInfo *white;

      if (!ARB_IS_BOARD_CARD (child))
        continue;
      game = arb_board_card_get_game (ARB_BOARD_CARD (child));
      white = arb_game_get_player (game, ARB_WHITE);
      g_string_append_printf (out, "%s%d:%d", out->len > 0 ? " " : "", arb_game_get_board (game),
                              white != NULL ? white->start_no : 0);
    }
  return g_string_free (out, FALSE);
}

static GtkWindow *
find_toplevel (gboolean (*is) (GtkWindow *))
{
  GtkWindow *found = NULL;
  GList *all = gtk_window_list_toplevels ();

  for (GList *l = all; l != NULL; l = l->next)
    if (gtk_widget_get_visible (l->data) && is (l->data))
      found = l->data;
  g_list_free (all);
  return found;
}

static gboolean
is_move_dialog (GtkWindow *w)
{
  return ADW_IS_MESSAGE_DIALOG (w) && g_object_get_data (G_OBJECT (w), "arb-spin") != NULL;
}

static gboolean
is_rulings_log (GtkWindow *w)
{
  return ARB_IS_RULINGS_LOG (w);
}

static gboolean
is_file_chooser (GtkWindow *w)
{
  return GTK_IS_FILE_CHOOSER_DIALOG (w);
}

static gboolean
shown (gpointer data)
{
  return find_toplevel (data) != NULL;
}

typedef struct
{
  ArbWindow *window;
  const char *order;
} Order;

static gboolean
order_is (gpointer data)
{
  Order *o = data;
  g_autofree char *now = card_order (o->window);

  return g_strcmp0 (now, o->order) == 0;
}

/* The order worked out by hand in tests/core/round/test-board-move.c:
 * board 2 (Hansen, 1) and board 5 (Johansson, 9) swap. */
static const char order_paired[] = "1:2 2:1 3:6 4:13 5:9 6:10";
static const char order_moved[] = "1:2 2:9 3:6 4:13 5:1 6:10";

static void
check_move_board (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = paired_tournament ();
  g_autofree char *before = NULL;
  AdwMessageDialog *dialog;
  ArbBoardCard *card;
  ArbRulingsLog *log;
  g_autofree char *row = NULL;
  Order moved = { window, order_moved };

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  g_assert_cmpint (arb_window_get_round (window), ==, 5);
  before = card_order (window);
  g_assert_cmpstr (before, ==, order_paired);

  /* The card's context menu has Move to Board…, as its rulings do. */
  card = arb_ui_find_card (window, 2);
  g_assert_nonnull (card);
  gtk_widget_activate_action (GTK_WIDGET (card), "game.move-board", NULL);
  arb_ui_wait_for (shown, is_move_dialog, "the Move to Board dialog");
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (is_move_dialog));
  /* Nothing to move yet: the same board, no reason. Cancel is the default. */
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, ARB_BOARD_MOVE_RESPONSE));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  gtk_spin_button_set_value (arb_board_move_dialog_get_spin (dialog), 5);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, ARB_BOARD_MOVE_RESPONSE));
  gtk_editable_set_text (arb_board_move_dialog_get_reason_entry (dialog), "wheelchair access");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, ARB_BOARD_MOVE_RESPONSE));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, ARB_BOARD_MOVE_RESPONSE);
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "board-move-dialog");
  adw_message_dialog_response (dialog, ARB_BOARD_MOVE_RESPONSE);
  gtk_window_close (GTK_WINDOW (dialog));

  arb_ui_wait_for (order_is, &moved, "the cards in the new order");
  card = arb_ui_find_card (window, 5);
  g_assert_cmpint (arb_game_get_player (arb_board_card_get_game (card), ARB_WHITE)->start_no, ==,
                   1);
  arb_ui_save_screenshot (GTK_WIDGET (window), "board-moved-round");

  /* The decision in the rulings log, with its reason. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.rulings-log", NULL);
  arb_ui_wait_for (shown, is_rulings_log, "the rulings log");
  log = ARB_RULINGS_LOG (find_toplevel (is_rulings_log));
  g_assert_cmpuint (arb_rulings_log_get_n_rulings (log), ==, 1);
  row = arb_rulings_log_get_row_text (log, 0);
  g_test_message ("%s", row);
  g_assert_nonnull (strstr (row, "Round 5, board 5 · Board change: Moved to another board"));
  g_assert_nonnull (
    strstr (row, "Moved from board 2 to board 5; the pairing of board 5 moved to board 2. "
                 "Reason: wheelchair access."));
  arb_ui_save_screenshot (GTK_WIDGET (log), "board-move-rulings-log");
  gtk_window_destroy (GTK_WINDOW (log));

  /* The game view's rulings menu has it too, for the board it shows. */
  {
    ArbGameView *view = arb_ui_open_board (window, 5);

    gtk_widget_activate_action (GTK_WIDGET (view), "game.move-board", NULL);
    arb_ui_wait_for (shown, is_move_dialog, "the dialog from the game view");
    dialog = ADW_MESSAGE_DIALOG (find_toplevel (is_move_dialog));
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Move Board 5");
    g_assert_cmpint (arb_board_move_dialog_get_board (dialog), ==, 5);
    adw_message_dialog_response (dialog, "cancel");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
}

static void
test_move_board (void)
{
  arb_ui_run_app (check_move_board, NULL);
}

/* The item each drop-down below @widget shows, joined by " | ". */
static void
collect_dropdowns (GtkWidget *widget, GString *out)
{
  if (GTK_IS_DROP_DOWN (widget) && gtk_widget_get_visible (widget))
    {
      GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (widget));
      const char *text = "?";

      if (GTK_IS_STRING_OBJECT (item))
        text = gtk_string_object_get_string (GTK_STRING_OBJECT (item));
      else if (GTK_IS_FILE_FILTER (item))
        text = gtk_file_filter_get_name (GTK_FILE_FILTER (item));
      else if (item == NULL)
        text = "(None)";
      g_string_append_printf (out, "%s%s", out->len > 0 ? " | " : "", text);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_dropdowns (child, out);
}

/* Export Results for the Pairing Program…: its Format choice, looked at. */
static void
check_export_dialog (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = paired_tournament ();
  GtkWindow *question;
  GtkWindow *chooser;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-trf", NULL);
  /* The boards without a result are named first. */
  {
    GList *all = gtk_window_list_toplevels ();

    question = NULL;
    for (GList *l = all; l != NULL; l = l->next)
      if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
        question = l->data;
    g_list_free (all);
  }
  g_assert_nonnull (question);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "export");
  arb_ui_wait_for (shown, is_file_chooser, "the export's file chooser");
  chooser = find_toplevel (is_file_chooser);
  g_assert_cmpstr (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "trf-version"), ==,
                   "0");
  {
    g_autoptr (GString) items = g_string_new (NULL);

    collect_dropdowns (GTK_WIDGET (chooser), items);
    g_test_message ("%s", items->str);
    /* The Format names the version imported; the file list is the TRF
     * files, not an empty "(None)". */
    g_assert_nonnull (strstr (items->str, "As Imported (TRF16)"));
    g_assert_nonnull (strstr (items->str, "Pairings (TRF)"));
    g_assert_null (strstr (items->str, "(None)"));
  }
  arb_ui_save_screenshot (GTK_WIDGET (chooser), "export-trf-dialog");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
}

static void
test_export_dialog (void)
{
  arb_ui_run_app (check_export_dialog, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/boards/move-board", test_move_board);
  g_test_add_func ("/ui/boards/export-trf-dialog", test_export_dialog);
  return g_test_run ();
}
