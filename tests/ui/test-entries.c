/* test-entries.c: byes asked for, withdrawals and late entries at the desk (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In Byes and Withdrawals… the arbiter records a half-point bye for the
 * next round, a withdrawal from it and a late entry; the TRF export, as
 * TRF16 and as TRF-2026, tells the pairing program. When its round comes
 * back pairing the withdrawn player and giving a zero-point bye instead
 * of the half point asked for, the import says so, and the round view
 * shows what the desk recorded under the boards.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-entries-dialog.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

static gboolean
not_busy (gpointer data)
{
  return !arb_window_is_busy (ARB_WINDOW (data));
}

static GtkWidget *
widget (ArbEntriesDialog *dialog, const char *name)
{
  GtkWidget *w = arb_entries_dialog_get_widget (dialog, name);

  if (w == NULL)
    g_error ("the dialog has no %s", name);
  return w;
}

/* Picks @player in the combo row @name, as the arbiter would. */
static void
pick_player (ArbEntriesDialog *dialog, const char *name, const char *player)
{
  AdwComboRow *row = ADW_COMBO_ROW (widget (dialog, name));
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (model), i), player))
      {
        adw_combo_row_set_selected (row, i);
        return;
      }
  g_error ("no %s among the players", player);
}

static void
type_text (ArbEntriesDialog *dialog, const char *name, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (widget (dialog, name)), text);
}

static void
press (ArbEntriesDialog *dialog, const char *name)
{
  g_signal_emit_by_name (widget (dialog, name), "clicked");
}

static char *
player_line (const char *text, int start_no)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *head = g_strdup_printf ("001 %4d ", start_no);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], head))
      return g_strdup (lines[i]);
  g_error ("no player line %d", start_no);
}

static void
record_at_desk (ArbWindow *window, ArbEntriesDialog *dialog)
{
  g_auto (GStrv) rows = NULL;

  /* The next round is the one offered. */
  g_assert_cmpint (
    gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget (dialog, "bye-round"))), ==, 3);
  pick_player (dialog, "bye-player", "Charlie, Cid");
  adw_combo_row_set_selected (ADW_COMBO_ROW (widget (dialog, "bye-kind")), 0);
  type_text (dialog, "bye-note", "wedding");
  press (dialog, "bye-record");
  g_assert_cmpstr (arb_entries_dialog_get_feedback (dialog), ==, "Bye recorded for round 3");

  pick_player (dialog, "withdraw-player", "Echo, Eva");
  type_text (dialog, "withdraw-note", "ill");
  press (dialog, "withdraw-record");
  g_assert_cmpstr (arb_entries_dialog_get_feedback (dialog), ==, "Withdrawn from round 3 on");

  type_text (dialog, "late-name", "Golf, Gina");
  type_text (dialog, "late-rating", "1850");
  type_text (dialog, "late-fide-id", "12345678");
  type_text (dialog, "late-title", "FM");
  type_text (dialog, "late-federation", "NOR");
  press (dialog, "late-record");
  g_assert_cmpstr (arb_entries_dialog_get_feedback (dialog), ==,
                   "Golf, Gina entered with starting rank 7, from round 3");

  /* A bye for a round already paired is refused, and says why. */
  pick_player (dialog, "bye-player", "Alpha, Anna");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget (dialog, "bye-round")), 2);
  press (dialog, "bye-record");
  g_assert_cmpstr (arb_entries_dialog_get_feedback (dialog), ==,
                   "Alpha, Anna is already paired in round 2");

  /* Each with the desk's arbiter (the chief arbiter of the file here). */
  rows = arb_entries_dialog_dup_rows (dialog);
  g_assert_cmpuint (g_strv_length (rows), ==, 3);
  g_assert_cmpstr (rows[0], ==,
                   "Charlie, Cid (3): Half-point bye in round 3 — wedding (Arbiter, Ann)");
  g_assert_cmpstr (rows[1], ==, "Echo, Eva (5): Withdrawn from round 3 on — ill (Arbiter, Ann)");
  g_assert_cmpstr (rows[2], ==, "Golf, Gina (7): Late entry, plays from round 3 — Arbiter, Ann");
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "entries-dialog");
}

static void
check_exports (ArbWindow *window, const char *path)
{
  g_autofree char *out16 = g_strconcat (path, "-16.trf", NULL);
  g_autofree char *out26 = g_strconcat (path, "-26.trf", NULL);
  g_autofree char *got16 = NULL, *got26 = NULL;
  g_autofree char *charlie = NULL, *echo = NULL, *golf = NULL;

  arb_window_export_trf (window, 16, out16);
  arb_ui_wait_for (not_busy, window, "the TRF16 export");
  g_assert_true (g_file_get_contents (out16, &got16, NULL, NULL));
  charlie = player_line (got16, 3);
  echo = player_line (got16, 5);
  golf = player_line (got16, 7);
  /* Round 3, the one to be paired, at columns 112-119. */
  g_assert_true (g_str_has_suffix (charlie, "  6 w 0     4 b 0  0000 - H"));
  g_assert_true (g_str_has_suffix (echo, "  2 b =     1 w 0  0000 - Z"));
  g_assert_true (g_str_has_prefix (golf, "001    7   FM Golf, Gina                        1850 NOR"
                                         "    12345678"));
  g_assert_true (g_str_has_suffix (golf, "    7  0000 - Z  0000 - Z"));

  arb_window_export_trf (window, 26, out26);
  arb_ui_wait_for (not_busy, window, "the TRF-2026 export");
  g_assert_true (g_file_get_contents (out26, &got26, NULL, NULL));
  g_assert_nonnull (strstr (got26, "\n240 H   3    3\n"));
  g_assert_nonnull (strstr (got26, "\n240 Z   3    5\n"));
  g_unlink (out16);
  g_unlink (out26);
}

static GtkWindow *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WINDOW (w);
    }
  return NULL;
}

static gboolean
message_shown (gpointer data)
{
  GtkWindow *dialog = find_message_dialog ();

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static void
check_entries (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_ui_new_event_file ("Entries Open");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "entries-6.trf", NULL);
  g_autofree char *round3 =
    g_test_build_filename (G_TEST_DIST, "..", "data", "entries-6-r3-contrary.trf", NULL);
  ArbEntriesDialog *dialog;
  const char *warnings;
  const char *byes;
  GtkWidget *focus;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");
  g_assert_cmpint (arb_window_get_last_round (window), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.entries", NULL);
  dialog = ARB_ENTRIES_DIALOG (arb_window_get_entries_dialog (window));
  g_assert_nonnull (dialog);
  arb_ui_wait_for (arb_ui_is_mapped, dialog, "Byes and Withdrawals");
  record_at_desk (window, dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_null (arb_window_get_entries_dialog (window));

  check_exports (window, path);

  /* The pairing program's round 3, against the desk. */
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  arb_window_import_file (window, round3);
  arb_ui_wait_for (not_busy, window, "the import of round 3");
  g_assert_cmpint (arb_window_get_round (window), ==, 3);
  warnings = arb_window_get_import_warnings (window);
  g_assert_nonnull (warnings);
  g_assert_nonnull (strstr (warnings, "Round 3: Echo, Eva (5) is withdrawn, but is paired on "
                                      "board"));
  g_assert_nonnull (strstr (warnings, "Round 3: Charlie, Cid (3) asked for a bye (H), and the "
                                      "pairing program gave Z"));
  /* Shown in the toast, not opened: the keyboard stays the window's. */
  g_assert_null (find_message_dialog ());
  if (gtk_window_get_focus (GTK_WINDOW (window)) != focus)
    {
      GtkWidget *now = gtk_window_get_focus (GTK_WINDOW (window));

      g_error ("the import moved the keyboard from %s to %s",
               focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing",
               now != NULL ? G_OBJECT_TYPE_NAME (now) : "nothing");
    }
  arb_ui_save_screenshot (GTK_WIDGET (window), "entries-import-toast");
  /* The toast's button opens them. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-import-warnings", NULL);
  arb_ui_wait_for (message_shown, NULL, "the warnings");
  arb_ui_save_screenshot (GTK_WIDGET (find_message_dialog ()), "entries-import-warnings");
  gtk_window_destroy (find_message_dialog ());

  byes = arb_window_get_byes_text (window);
  g_assert_nonnull (byes);
  g_assert_nonnull (strstr (byes, "Byes: Charlie, Cid (zero-point bye)"));
  g_assert_nonnull (strstr (byes, "At the desk: Charlie, Cid asked for a half-point bye · Echo, "
                                  "Eva withdrawn from round 3 · Golf, Gina enters late"));
  arb_ui_save_screenshot (GTK_WIDGET (window), "entries-round-view");
}

static void
test_entries (void)
{
  arb_ui_run_app (check_entries, NULL);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/entries/bye-withdrawal-late-entry", test_entries);
  return g_test_run ();
}
