/* arb-window-print.c: the window's printed lists (pairings, result
 * slips, standings) as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include <string.h>

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-lists-print.h"
#include "arb-standings-crosstable.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-window-private.h"

/* The list's data read from the file, then drawn; like the ruling
 * report, on the main loop (a few rows of one tournament). */
gboolean
arb_window_print_list (ArbWindow *self, ArbWindowList list, const char *path, GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order = 0;

  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (self->tournament != NULL, FALSE);

  event = arb_tournament_get_event (self->tournament, error);
  if (event == NULL)
    return FALSE;
  if (list == ARB_WINDOW_LIST_TEAM_STANDINGS)
    {
      g_autoptr (GPtrArray) rows = arb_team_standings_read (self->tournament, 0, error);

      return rows != NULL && arb_lists_print_team_standings (path, event, rows, NULL, error);
    }
  if (list == ARB_WINDOW_LIST_CROSSTABLE)
    {
      g_autoptr (ArbCrossTable) table = NULL;

      arb_standings_event_settings (event, &scoring, order, &n_order);
      table = arb_cross_table_read (self->tournament, 0, &scoring, order, n_order, error);
      return table != NULL && arb_lists_print_crosstable (path, event, table, NULL, error);
    }
  if (list == ARB_WINDOW_LIST_STANDINGS)
    {
      g_autoptr (GPtrArray) rows = NULL;

      arb_standings_event_settings (event, &scoring, order, &n_order);
      rows = arb_standings_read (self->tournament, 0, &scoring, order, n_order, error);
      if (rows == NULL)
        return FALSE;
      return arb_lists_print_standings (path, event, rows, order, n_order, NULL, error);
    }
  players = arb_tournament_list_players (self->tournament, error);
  if (players == NULL)
    return FALSE;
  games = arb_tournament_list_games (self->tournament, 0, error);
  if (games == NULL)
    return FALSE;
  if (list == ARB_WINDOW_LIST_PAIRINGS)
    return arb_lists_print_pairings (path, event, self->round, players, games, NULL, error);
  return arb_lists_print_slips (path, event, self->round, players, games, NULL, error);
}

static void
print_response_cb (GtkNativeDialog *dialog, int response, ArbWindow *self)
{
  ArbWindowList list = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-list"));

  if (response == GTK_RESPONSE_ACCEPT && self->tournament != NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && !arb_window_print_list (self, list, path, &error))
        {
          AdwMessageDialog *msg = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
            /* Translators: the title of the dialog when a list could not be saved */
            GTK_WINDOW (self), _ ("Not Saved"), arb_error_text (error)));

          adw_message_dialog_add_response (msg, "close", _ ("_Close"));
          gtk_window_present (GTK_WINDOW (msg));
        }
    }
  g_object_unref (dialog);
}

static void
choose_print_file (ArbWindow *self, ArbWindowList list)
{
  static const char *const stems[] = { "pairings", "slips", "standings", "team-standings",
                                       "cross-table" };
  GtkFileChooserNative *dialog;
  g_autofree char *name = NULL;
  const char *title;

  if (self->tournament == NULL)
    return;
  if (list == ARB_WINDOW_LIST_PAIRINGS)
    /* Translators: the title of the file chooser of Print Pairings */
    title = _ ("Save the Pairings");
  else if (list == ARB_WINDOW_LIST_SLIPS)
    /* Translators: the title of the file chooser of Print Result Slips */
    title = _ ("Save the Result Slips");
  else if (list == ARB_WINDOW_LIST_TEAM_STANDINGS)
    /* Translators: the title of the file chooser of Print Team Standings */
    title = _ ("Save the Team Standings");
  else if (list == ARB_WINDOW_LIST_CROSSTABLE)
    /* Translators: the title of the file chooser of Print Cross-Table */
    title = _ ("Save the Cross-Table");
  else
    /* Translators: the title of the file chooser of Print Standings */
    title = _ ("Save the Standings");
  name = list == ARB_WINDOW_LIST_STANDINGS || list == ARB_WINDOW_LIST_TEAM_STANDINGS ||
             list == ARB_WINDOW_LIST_CROSSTABLE
           ? g_strdup_printf ("%s.pdf", stems[list])
           : g_strdup_printf ("%s-%d.pdf", stems[list], self->round);
  dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _ ("_Save"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data (G_OBJECT (dialog), "arb-list", GINT_TO_POINTER (list));
  g_signal_connect_object (dialog, "response", G_CALLBACK (print_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
print_pairings_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_print_file (ARB_WINDOW (widget), ARB_WINDOW_LIST_PAIRINGS);
}

static void
print_slips_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_print_file (ARB_WINDOW (widget), ARB_WINDOW_LIST_SLIPS);
}

static void
print_standings_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_print_file (ARB_WINDOW (widget), ARB_WINDOW_LIST_STANDINGS);
}

static void
print_team_standings_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_print_file (ARB_WINDOW (widget), ARB_WINDOW_LIST_TEAM_STANDINGS);
}

static void
print_crosstable_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_print_file (ARB_WINDOW (widget), ARB_WINDOW_LIST_CROSSTABLE);
}

void
_arb_window_print_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.print-pairings", NULL, print_pairings_action);
  gtk_widget_class_install_action (widget_class, "win.print-slips", NULL, print_slips_action);
  gtk_widget_class_install_action (widget_class, "win.print-standings", NULL,
                                   print_standings_action);
  gtk_widget_class_install_action (widget_class, "win.print-team-standings", NULL,
                                   print_team_standings_action);
  gtk_widget_class_install_action (widget_class, "win.print-crosstable", NULL,
                                   print_crosstable_action);
}
