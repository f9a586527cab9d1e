/* arb-window-event.c: the event with the pairing program and the other desks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include <string.h>

#include "arb-announcer.h"
#include "arb-entries-dialog.h"
#include "arb-team-dialog.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-round-entries.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-rounds.h"
#include "arb-tournament-trf.h"
#include "arb-trf.h"

gboolean
_arb_window_is_read_only (ArbWindow *self)
{
  return self->desk_holder != NULL || _arb_window_is_replica (self);
}

/* Another writer changed these games: the games shown and the live ones
 * are read again where the file differs from what they show. A window
 * that writes compares first, so that its own running clocks are not
 * stopped by a reload of what it wrote itself. */
static void
games_changed_cb (ArbFileFollower *follower, GArray *ids, ArbWindow *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      GPtrArray *sets[] = { self->live_games, self->games };

      for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
        for (guint k = 0; sets[s] != NULL && k < sets[s]->len; k++)
          {
            ArbGame *game = g_ptr_array_index (sets[s], k);
            g_autoptr (ArbGameInfo) stored = NULL;
            g_autoptr (GError) error = NULL;

            if (arb_game_get_id (game) != id)
              continue;
            if (s == 1 && sets[0] != NULL && g_ptr_array_find (sets[0], game, NULL))
              continue;
            stored = arb_tournament_get_game (self->tournament, id, NULL);
            if (stored != NULL && !_arb_window_is_read_only (self) &&
                stored->n_plies == (int) arb_game_get_n_plies (game) &&
                stored->result == arb_game_get_result (game))
              continue;
            if (!arb_game_reload (game, &error))
              g_warning ("Board %d: %s", arb_game_get_board (game), error->message);
            any = TRUE;
          }
    }
  /* Alerts that writer raised or settled (a feed of moves run by
   * arbiter-cli follow, another desk) are the window's to show too. */
  if (self->round_sources != NULL)
    arb_round_sources_reload_alerts (self->round_sources, ids);
  if (any)
    {
      _arb_window_update_results_summary (self);
      _arb_window_update_round_subtitle (self);
    }
}

static void
show_new_round_cb (AdwToast *toast, ArbWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-round-number", "i", self->last_round);
}

/* Players, pairings or rounds changed: an import by another program. */
static void
tournament_changed_cb (ArbFileFollower *follower, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;
  int before = self->last_round;
  int shown = self->round;

  if (!_arb_window_load_rounds (self, shown, &error))
    {
      arb_window_show_error (self, arb_error_text (error));
      return;
    }
  _arb_window_update_arbiters (self);
  if (self->last_round > before && before != 0)
    {
      g_autofree char *title = g_strdup_printf (_ ("Round %d was added"), self->last_round);
      AdwToast *toast = adw_toast_new (title);

      adw_toast_set_button_label (toast, _ ("_Show"));
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (show_new_round_cb), self, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      arb_announce (GTK_WIDGET (self), title);
    }
}

void
_arb_window_start_desk (ArbWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;

  _arb_window_watch_desk (self);
  _arb_window_update_desk_banner (self);
  self->follower = arb_file_follower_new (self->tournament, &error);
  if (self->follower == NULL)
    {
      g_warning ("%s: changes others make will not show: %s", path, error->message);
      return;
    }
  g_signal_connect (self->follower, "games-changed", G_CALLBACK (games_changed_cb), self);
  g_signal_connect (self->follower, "tournament-changed", G_CALLBACK (tournament_changed_cb), self);
}

void
_arb_window_stop_desk (ArbWindow *self)
{
  if (self->follower != NULL)
    g_signal_handlers_disconnect_by_data (self->follower, self);
  g_clear_object (&self->follower);
  g_clear_pointer (&self->desk_lock, arb_desk_lock_release);
  g_clear_pointer (&self->desk_holder, arb_desk_holder_free);
  _arb_window_unwatch_desk (self);
  _arb_window_update_desk_banner (self);
}

/* --- Import ----------------------------------------------------------- */

typedef struct
{
  char *tournament_path;
  char *input_path;
  gboolean trf;
  guint n_games;
  gint64 n_players;
  int last_round;
  GStrv warnings; /* what the rounds imported went against (arb-round-entries.h) */
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_free (job->tournament_path);
  g_free (job->input_path);
  g_strfreev (job->warnings);
  g_free (job);
}

/* In a worker thread, on a connection of its own: the window's connection
 * stays the main loop's, and sees the import through the follower. */
static void
import_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ImportJob *job = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gint64 players_before;
  gint64 games_before;

  if (!g_file_get_contents (job->input_path, &text, &length, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  tournament = arb_tournament_open (job->tournament_path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  players_before = arb_tournament_count_rows (tournament, "player", NULL);
  games_before = arb_tournament_count_rows (tournament, "game", NULL);
  job->trf = arb_trf_looks_like (text, length);
  if (job->trf)
    {
      g_autoptr (GPtrArray) warnings =
        g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
      g_autoptr (GStrvBuilder) said = g_strv_builder_new ();

      if (!arb_round_import_trf (tournament, text, length, 0, warnings, &error))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      for (guint i = 0; i < warnings->len; i++)
        {
          g_autofree char *line = arb_entry_warning_describe (warnings->pdata[i]);
          g_strv_builder_add (said, line);
        }
      job->warnings = g_strv_builder_end (said);
      job->n_games = (guint) (arb_tournament_count_rows (tournament, "game", NULL) - games_before);
    }
  else if (!arb_tournament_import_pgn (tournament, text, length, 0, &job->n_games, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job->n_players = arb_tournament_count_rows (tournament, "player", NULL) - players_before;
  {
    g_autoptr (GPtrArray) rounds = arb_tournament_list_rounds (tournament, NULL);

    if (rounds != NULL && rounds->len > 0)
      job->last_round = ((ArbRoundInfo *) rounds->pdata[rounds->len - 1])->number;
  }
  g_task_return_boolean (task, TRUE);
}

static gboolean
pulse_cb (gpointer data)
{
  ArbWindow *self = data;

  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
set_busy (ArbWindow *self, const char *what)
{
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  if (what != NULL)
    self->pulse_id = g_timeout_add (100, pulse_cb, self);
  gtk_revealer_set_reveal_child (self->progress_revealer, what != NULL);
  if (what != NULL)
    {
      gtk_label_set_text (self->progress_label, what);
      gtk_progress_bar_pulse (self->progress_bar);
    }
  /* A desk that reads says so when asked to import. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import", what == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-task", what != NULL);
}

/* The list of what the last TRF import went against: opened only by the
 * arbiter (the toast's button), with Close, the safe choice, focused. */
static void
import_warnings_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  AdwMessageDialog *dialog;

  if (self->import_warnings == NULL)
    return;
  dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (self),
                            /* Translators: heading of the warnings after a TRF import */
                            _ ("The Pairings Go Against the Desk"), self->import_warnings));
  adw_message_dialog_add_response (dialog, "close", _ ("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The import's toast; with what the pairing program's file went against
 * (the desk's byes, withdrawals and late entries, the record's points
 * and ranks), said and counted there, not opened: a dialog would take
 * the keyboard from the arbiter. The import stands either way. */
static void
show_import_done (ArbWindow *self, const char *message, GStrv warnings)
{
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;
  guint n = warnings != NULL ? g_strv_length (warnings) : 0;
  AdwToast *toast;

  g_clear_pointer (&self->import_warnings, g_free);
  if (n == 0)
    {
      _arb_window_show_toast (self, message);
      arb_announce (GTK_WIDGET (self), message);
      return;
    }
  self->import_warnings = g_strjoinv ("\n", warnings);
  /* Translators: the import's toast: what was imported, then how many
   * warnings the arbiter can open */
  title = g_strdup_printf (ngettext ("%s; %u warning", "%s; %u warnings", n), message, n);
  escaped = g_markup_escape_text (title, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _ ("_Show Warnings…"));
  adw_toast_set_action_name (toast, "win.show-import-warnings");
  /* It stays until the arbiter opens or closes it, and is shown at
   * once, ahead of an earlier import's toast. */
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  arb_announce (GTK_WIDGET (self), title);
}

/* --- Byes and withdrawals ---------------------------------------------- */

static void
entries_changed_cb (ArbEntriesDialog *dialog, ArbWindow *self)
{
  _arb_window_update_byes (self);
}

static void
entries_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autofree char *arbiter = NULL;
  ArbEntriesDialog *dialog;

  if (self->tournament == NULL)
    return;
  if (self->entries_dialog != NULL)
    {
      gtk_window_present (self->entries_dialog);
      return;
    }
  arbiter = _arb_window_dup_arbiter (self);
  dialog = arb_entries_dialog_new (self->tournament, arbiter);
  g_signal_connect_object (dialog, "changed", G_CALLBACK (entries_changed_cb), self, 0);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  self->entries_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->entries_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- The arbiters' team ----------------------------------------------- */

static void
team_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbTeamDialog *dialog;

  if (self->tournament == NULL)
    return;
  if (self->team_dialog != NULL)
    {
      gtk_window_present (self->team_dialog);
      return;
    }
  /* The sign-in gives the address of the service this window runs, and
   * the dialog's switch turns it on and off (floor.serve). */
  dialog = arb_team_dialog_new (self->tournament, arb_window_get_team_address (self));
  _arb_window_floor_attach_dialog (self, GTK_WIDGET (dialog));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  self->team_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->team_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * arb_window_get_team_dialog:
 * @self: the window
 *
 * Returns: (transfer none) (nullable): Arbiters' Team…, when open
 */
GtkWindow *
arb_window_get_team_dialog (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->team_dialog;
}

/**
 * arb_window_get_entries_dialog:
 * @self: the window
 *
 * Returns: (transfer none) (nullable): Byes and Withdrawals…, when open
 */
GtkWindow *
arb_window_get_entries_dialog (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->entries_dialog;
}

/**
 * arb_window_get_import_warnings:
 * @self: the window
 *
 * Returns: (nullable): what the last TRF import went against, a line a
 *   warning, or %NULL
 */
const char *
arb_window_get_import_warnings (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->import_warnings;
}

static void
import_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbWindow *self = ARB_WINDOW (source);
  ImportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *name = g_path_get_basename (job->input_path);

  /* A window closed while the task ran has let go of its widgets. */
  if (self->board_grid == NULL)
    return;
  g_clear_object (&self->task_cancellable);
  set_busy (self, NULL);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        message =
          g_strdup_printf (_ ("The import of %s was cancelled; nothing was imported"), name);
      else
        /* Translators: FILE: why; nothing changed */
        message =
          g_strdup_printf (_ ("%s: %s; nothing was imported"), name, arb_error_text (error));
      arb_window_show_error (self, message);
      return;
    }
  if (self->tournament == NULL)
    return;
  /* The follower would see it too; the new round is shown at once. */
  if (!_arb_window_load_rounds (self, job->last_round, &error))
    arb_window_show_error (self, arb_error_text (error));
  _arb_window_update_arbiters (self);
  if (job->trf)
    {
      g_autofree char *players = g_strdup_printf (
        ngettext ("%d player", "%d players", (gulong) job->n_players), (int) job->n_players);
      g_autofree char *pairings =
        g_strdup_printf (ngettext ("%u pairing", "%u pairings", job->n_games), job->n_games);

      /* Translators: "Imported 13 players and 7 pairings from round5.trf" */
      message = g_strdup_printf (_ ("Imported %s and %s from %s"), players, pairings, name);
    }
  else
    message = g_strdup_printf (
      ngettext ("Imported %u game from %s", "Imported %u games from %s", job->n_games),
      job->n_games, name);
  show_import_done (self, message, job->warnings);
}

/**
 * arb_window_import_file:
 * @self: the window
 * @path: a TRF or PGN file
 *
 * Imports @path into the open tournament in a worker thread, showing its
 * progress; the round it adds is shown when it is done. The import is all
 * or nothing.
 */
void
arb_window_import_file (ArbWindow *self, const char *path)
{
  g_autoptr (GTask) task = NULL;
  ImportJob *job;
  g_autofree char *name = NULL;
  g_autofree char *what = NULL;

  g_return_if_fail (ARB_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  if (self->tournament == NULL || _arb_window_is_read_only (self) || self->task_cancellable != NULL)
    return;
  job = g_new0 (ImportJob, 1);
  job->tournament_path = g_strdup (arb_tournament_get_path (self->tournament));
  job->input_path = g_strdup (path);
  self->task_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->task_cancellable, import_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  name = g_path_get_basename (path);
  what = g_strdup_printf (_ ("Importing %s…"), name);
  set_busy (self, what);
  g_task_run_in_thread (task, import_thread);
}

static void
import_response_cb (GtkNativeDialog *dialog, int response, ArbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        arb_window_import_file (self, path);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
import_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  if (self->tournament == NULL)
    return;
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      return;
    }
  dialog = gtk_file_chooser_native_new (_ ("Import Pairings or Games"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Import"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_filter_set_name (filter, _ ("Pairings (TRF) and Games (PGN)"));
  gtk_file_filter_add_pattern (filter, "*.trf");
  gtk_file_filter_add_pattern (filter, "*.TRF");
  gtk_file_filter_add_pattern (filter, "*.txt");
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_filter_set_name (all, _ ("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  g_object_unref (filter);
  g_object_unref (all);
  g_signal_connect_object (dialog, "response", G_CALLBACK (import_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
cancel_task_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->task_cancellable != NULL)
    g_cancellable_cancel (self->task_cancellable);
}

/* --- Export ----------------------------------------------------------- */

typedef enum
{
  EXPORT_TRF,
  EXPORT_PGN,
} ExportFormat;

typedef struct
{
  char *tournament_path;
  char *output_path;
  ExportFormat format;
  int trf_version; /* 0: the version imported; 16 or 26 */
  int round;
  GPtrArray *notes; /* ArbTrfNote */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_free (job->tournament_path);
  g_free (job->output_path);
  g_clear_pointer (&job->notes, g_ptr_array_unref);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ExportJob *job = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *text = NULL;

  tournament = arb_tournament_open (job->tournament_path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  if (tournament != NULL)
    text = job->format == EXPORT_TRF
             ? arb_tournament_export_trf_as (tournament, job->notes, job->trf_version, &error)
             : arb_tournament_export_pgn (tournament, job->round, 0, &error);
  if (text == NULL || !g_file_set_contents (job->output_path, text, -1, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbWindow *self = ARB_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_path_get_basename (job->output_path);
  g_autofree char *message = NULL;

  /* A window closed while the task ran has let go of its widgets. */
  if (self->board_grid == NULL)
    return;
  g_clear_object (&self->task_cancellable);
  set_busy (self, NULL);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* What TRF cannot hold is refused by name, in a dialog that stays. */
      AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (
        adw_message_dialog_new (GTK_WINDOW (self), _ ("Not Exported"), arb_error_text (error)));

      adw_message_dialog_add_response (dialog, "close", _ ("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  message = g_strdup_printf (_ ("Exported to %s"), name);
  _arb_window_show_toast (self, message);
}

static void
run_export (ArbWindow *self, ExportFormat format, int trf_version, const char *output_path)
{
  g_autoptr (GTask) task = NULL;
  ExportJob *job = g_new0 (ExportJob, 1);
  g_autofree char *name = g_path_get_basename (output_path);
  g_autofree char *what = g_strdup_printf (_ ("Exporting %s…"), name);

  job->tournament_path = g_strdup (arb_tournament_get_path (self->tournament));
  job->output_path = g_strdup (output_path);
  job->format = format;
  job->trf_version = trf_version;
  job->round = self->round;
  job->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_trf_note_free);
  self->task_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->task_cancellable, export_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  set_busy (self, what);
  g_task_run_in_thread (task, export_thread);
}

static void
export_response_cb (GtkNativeDialog *dialog, int response, ArbWindow *self)
{
  ExportFormat format = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-format"));

  if (response == GTK_RESPONSE_ACCEPT && self->tournament != NULL && self->task_cancellable == NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      const char *version =
        format == EXPORT_TRF
          ? gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "trf-version")
          : NULL;

      if (path != NULL)
        run_export (self, format, version != NULL ? (int) g_ascii_strtoll (version, NULL, 10) : 0,
                    path);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/* The files of the format and all files: without a filter the chooser
 * shows an empty "(None)" list beside the Format choice. */
static void
add_export_filters (GtkFileChooser *chooser, ExportFormat format)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  if (format == EXPORT_TRF)
    {
      /* Translators: a file filter of the TRF export */
      gtk_file_filter_set_name (filter, _ ("Pairings (TRF)"));
      gtk_file_filter_add_pattern (filter, "*.trf");
      gtk_file_filter_add_pattern (filter, "*.TRF");
      gtk_file_filter_add_pattern (filter, "*.txt");
    }
  else
    {
      /* Translators: a file filter of the PGN export */
      gtk_file_filter_set_name (filter, _ ("Games (PGN)"));
      gtk_file_filter_add_pattern (filter, "*.pgn");
      gtk_file_filter_add_pattern (filter, "*.PGN");
    }
  gtk_file_chooser_add_filter (chooser, filter);
  gtk_file_filter_set_name (all, _ ("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
choose_export_file (ArbWindow *self, ExportFormat format)
{
  GtkFileChooserNative *dialog;
  g_autofree char *base = g_path_get_basename (arb_tournament_get_path (self->tournament));
  g_autofree char *name = NULL;
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  name = format == EXPORT_TRF ? g_strdup_printf ("%s.trf", base)
                              : g_strdup_printf ("%s-%d.pgn", base, self->round);
  dialog = gtk_file_chooser_native_new (
    format == EXPORT_TRF ? _ ("Export Results for the Pairing Program") : _ ("Export Round as PGN"),
    GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  add_export_filters (GTK_FILE_CHOOSER (dialog), format);
  if (format == EXPORT_TRF)
    {
      /* The version the pairing program reads: the one imported unless
       * the arbiter picks the other; the choice says which that is. */
      int imported = arb_tournament_get_imported_trf_version (self->tournament);
      const char *ids[] = { "0", "16", "26", NULL };
      g_autofree char *as_imported =
        imported == 0
          ? g_strdup (_ ("As Imported"))
          /* Translators: the export's Format choice that keeps the
                       * version of the file imported, e.g. "As Imported (TRF16)" */
          : g_strdup_printf (_ ("As Imported (%s)"), imported == 26 ? "TRF-2026" : "TRF16");
      const char *labels[] = { as_imported, "TRF16", "TRF-2026", NULL };

      gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "trf-version", _ ("Format"), ids,
                                   labels);
      gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "trf-version", "0");
    }
  g_object_set_data (G_OBJECT (dialog), "arb-format", GINT_TO_POINTER (format));
  g_signal_connect_object (dialog, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/**
 * arb_window_list_unfinished:
 * @self: the window
 * @round: a round, or 0 for every round
 *
 * The boards without a result, each as a sentence with the reason when
 * there is one ("Round 5, board 2: Lindqvist – Søndergaard (adjourned)"),
 * for the check before an export.
 *
 * Returns: (transfer full): the sentences, NULL-terminated
 */
char **
arb_window_list_unfinished (ArbWindow *self, int round)
{
  g_autoptr (GStrvBuilder) lines = g_strv_builder_new ();
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;

  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);

  if (self->tournament != NULL)
    {
      games = arb_tournament_list_games (self->tournament, round, NULL);
      players = arb_tournament_list_players (self->tournament, NULL);
    }
  for (guint i = 0; games != NULL && players != NULL && i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      const char *names[2] = { "?", "?" };
      g_autoptr (ArbSealedMoveInfo) envelope = NULL;
      g_autofree char *line = NULL;

      if (g->result != ARB_RESULT_ONGOING || g->black_id == 0)
        continue;
      for (guint k = 0; k < players->len; k++)
        {
          const ArbPlayerInfo *p = players->pdata[k];

          if (p->id == g->white_id)
            names[0] = p->name;
          if (p->id == g->black_id)
            names[1] = p->name;
        }
      envelope = arb_tournament_get_sealed_move (self->tournament, g->id, NULL);
      if (envelope != NULL)
        /* Translators: a board without a result, with its reason */
        line = g_strdup_printf (_ ("Round %d, board %d: %s – %s (adjourned)"), g->round, g->board,
                                names[0], names[1]);
      else
        line = g_strdup_printf (_ ("Round %d, board %d: %s – %s"), g->round, g->board, names[0],
                                names[1]);
      g_strv_builder_add (lines, line);
    }
  return g_strv_builder_end (lines);
}

static void
unfinished_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  if (g_strcmp0 (response, "export") == 0 && self->tournament != NULL)
    choose_export_file (self,
                        GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-format")));
}

/* The check before an export: boards without a result are named, with
 * their reason (an adjourned game), before anything is written. */
static void
check_then_export (ArbWindow *self, ExportFormat format)
{
  g_auto (GStrv) unfinished = NULL;
  g_autofree char *list = NULL;
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;
  guint n;

  if (self->tournament == NULL || self->task_cancellable != NULL)
    return;
  unfinished = arb_window_list_unfinished (self, format == EXPORT_TRF ? 0 : self->round);
  n = g_strv_length (unfinished);
  if (n == 0)
    {
      choose_export_file (self, format);
      return;
    }
  list = g_strjoinv ("\n", unfinished);
  heading = g_strdup_printf (ngettext ("%u Board Has No Result", "%u Boards Have No Result", n), n);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, NULL));
  adw_message_dialog_format_body (
    dialog, "%s\n\n%s", list,
    format == EXPORT_TRF ? _ ("They are written without a result, and the pairing program reads "
                              "them as not played yet.")
                         : _ ("They are written with the result “*”."));
  adw_message_dialog_add_responses (dialog, "cancel", _ ("_Cancel"), "export",
                                    _ ("_Export Without Them"), NULL);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "arb-format", GINT_TO_POINTER (format));
  g_signal_connect_object (dialog, "response", G_CALLBACK (unfinished_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
export_trf_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  check_then_export (ARB_WINDOW (widget), EXPORT_TRF);
}

static void
export_pgn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  check_then_export (ARB_WINDOW (widget), EXPORT_PGN);
}

/**
 * arb_window_export_file:
 * @self: the window
 * @trf: TRF for the pairing program, or the round shown as PGN
 * @path: where to write
 *
 * Writes the export without the dialogs (for tests and scripts); the
 * result comes as a toast, or a dialog that names what was refused. TRF
 * in the version imported.
 */
void
arb_window_export_file (ArbWindow *self, gboolean trf, const char *path)
{
  g_return_if_fail (ARB_IS_WINDOW (self));

  if (self->tournament != NULL && self->task_cancellable == NULL)
    run_export (self, trf ? EXPORT_TRF : EXPORT_PGN, 0, path);
}

/**
 * arb_window_export_trf:
 * @self: the window
 * @version: 0 for the version imported, 16 (TRF16) or 26 (TRF-2026)
 * @path: where to write
 *
 * The TRF export in the version the export dialog's Format offers.
 */
void
arb_window_export_trf (ArbWindow *self, int version, const char *path)
{
  g_return_if_fail (ARB_IS_WINDOW (self));

  if (self->tournament != NULL && self->task_cancellable == NULL)
    run_export (self, EXPORT_TRF, version, path);
}

gboolean
arb_window_is_busy (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  return self->task_cancellable != NULL;
}

const char *
arb_window_get_desk_banner (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_revealer_get_reveal_child (self->desk_revealer) ? gtk_label_get_text (self->desk_label)
                                                             : NULL;
}

void
_arb_window_event_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, desk_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, desk_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, progress_label);

  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-task", NULL, cancel_task_action);
  gtk_widget_class_install_action (widget_class, "win.export-trf", NULL, export_trf_action);
  gtk_widget_class_install_action (widget_class, "win.export-pgn", NULL, export_pgn_action);
  gtk_widget_class_install_action (widget_class, "win.entries", NULL, entries_action);
  gtk_widget_class_install_action (widget_class, "win.show-import-warnings", NULL,
                                   import_warnings_action);
  gtk_widget_class_install_action (widget_class, "win.team", NULL, team_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-trf", NULL);
}

void
_arb_window_event_dispose (ArbWindow *self)
{
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  if (self->task_cancellable != NULL)
    g_cancellable_cancel (self->task_cancellable);
  g_clear_object (&self->task_cancellable);
  g_clear_pointer (&self->import_warnings, g_free);
  if (self->entries_dialog != NULL)
    gtk_window_destroy (self->entries_dialog);
  if (self->team_dialog != NULL)
    gtk_window_destroy (self->team_dialog);
}
