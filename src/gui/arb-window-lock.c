/* arb-window-lock.c: a desk that reads while another writes, and takes over
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window that found the file's desk lock taken reads the file and says
 * so on its banner, and wherever the arbiter would write (the results
 * desk, an import). Every two seconds it looks at the lock, without
 * waiting for it: once the desk that writes closes the file, or is found
 * gone, the banner offers to take over writing. Only taking the lock
 * makes this desk the writer, so two desks never write at once.
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-announcer.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-tournament-replica.h"
#include "arb-tournament-rounds.h"

/* How often a reading desk looks at the lock. */
#define POLL_MS 2000

/* "14:02", or the date too when it is not today's; NULL when unknown. */
static char *
since_words (const ArbDeskHolder *holder)
{
  g_autoptr (GDateTime) when = NULL;
  g_autoptr (GDateTime) local = NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();

  if (holder->since == NULL)
    return NULL;
  when = g_date_time_new_from_iso8601 (holder->since, NULL);
  local = when != NULL ? g_date_time_to_local (when) : NULL;
  if (local == NULL)
    return NULL;
  if (g_date_time_get_day_of_year (local) == g_date_time_get_day_of_year (now) &&
      g_date_time_get_year (local) == g_date_time_get_year (now))
    return g_date_time_format (local, "%H:%M");
  return g_date_time_format (local, "%x %H:%M");
}

static const char *
host_words (const ArbDeskHolder *holder)
{
  return holder->host != NULL && holder->host[0] != '\0' ? holder->host : _ ("another computer");
}

char *
_arb_window_dup_read_only_words (ArbWindow *self)
{
  g_autofree char *since = NULL;

  if (self->desk_holder == NULL)
    return _arb_window_dup_replica_words (self);
  if (self->desk_state != ARB_DESK_STATE_HELD)
    /* Translators: said where the arbiter would write on a desk that only
     * reads, once no desk writes the file; the button is on the banner */
    return g_strdup (_ ("This desk reads only: no desk writes the file now. Take Over Writing "
                        "first."));
  since = since_words (self->desk_holder);
  if (since != NULL)
    /* Translators: said where the arbiter would write on a desk that only
     * reads: the computer that writes the file, and since when ("14:02") */
    return g_strdup_printf (_ ("This desk reads only: the file is written at %s since %s."),
                            host_words (self->desk_holder), since);
  /* Translators: said where the arbiter would write on a desk that only
   * reads: the computer that writes the file */
  return g_strdup_printf (_ ("This desk reads only: the file is written at %s."),
                          host_words (self->desk_holder));
}

void
_arb_window_update_desk_banner (ArbWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *replica =
    self->desk_holder == NULL ? _arb_window_dup_replica_words (self) : NULL;
  gboolean reading = self->desk_holder != NULL || replica != NULL;

  gtk_revealer_set_reveal_child (self->desk_revealer, reading);
  /* A deputy signed in to the chief's desk writes its results there. */
  gtk_editable_set_editable (GTK_EDITABLE (self->results_entry),
                             !reading || _arb_window_writes_through_chief (self));
  gtk_widget_set_visible (GTK_WIDGET (self->take_over_button),
                          reading && self->desk_state != ARB_DESK_STATE_HELD);
  _arb_window_update_chief_button (self);
  gtk_button_set_label (self->take_over_button, _ ("Take _Over Writing"));
  if (replica != NULL)
    {
      /* A deputy's replica takes over after a question; a former desk cannot. */
      gtk_widget_set_visible (GTK_WIDGET (self->take_over_button),
                              arb_tournament_get_role (self->tournament) == ARB_DESK_ROLE_REPLICA);
      /* Translators: the button on the banner of a deputy's replica */
      gtk_button_set_label (self->take_over_button, _ ("Take _Over…"));
      gtk_label_set_text (self->desk_label, replica);
      return;
    }
  if (!reading)
    return;
  if (self->desk_state == ARB_DESK_STATE_FREE)
    text = g_strdup_printf (
      /* Translators: the banner of a desk that reads, once the desk that
       * wrote the file (at this computer) has closed it */
      _ ("The desk at %s has closed the file: no desk writes it now. This desk reads only "
         "until you take over writing."),
      host_words (self->desk_holder));
  else if (self->desk_state == ARB_DESK_STATE_STALE)
    text = g_strdup_printf (
      /* Translators: the banner of a desk that reads, once the program that
       * wrote the file (at this computer) is found no longer running */
      _ ("The desk at %s that wrote the file no longer runs. This desk reads only until you "
         "take over writing."),
      host_words (self->desk_holder));
  else
    text = _arb_window_dup_read_only_words (self);
  gtk_label_set_text (self->desk_label, text);
}

void
_arb_window_say_read_only (ArbWindow *self)
{
  g_autofree char *text = _arb_window_dup_read_only_words (self);

  if (text == NULL)
    return;
  gtk_revealer_set_reveal_child (self->desk_revealer, TRUE);
  _arb_window_show_toast (self, text);
}

/* Another holder than the one shown: a desk that took over meanwhile. */
static gboolean
holder_changed (ArbWindow *self, const ArbDeskHolder *holder)
{
  return holder != NULL && holder->since != NULL &&
         (g_strcmp0 (holder->since, self->desk_holder->since) != 0 ||
          g_strcmp0 (holder->host, self->desk_holder->host) != 0 ||
          holder->pid != self->desk_holder->pid);
}

static void
set_desk_state (ArbWindow *self, ArbDeskState state, ArbDeskHolder *holder)
{
  gboolean changed = state != self->desk_state;

  /* A free lock names no one: the banner keeps the desk that closed it. */
  if (holder_changed (self, holder))
    {
      arb_desk_holder_free (self->desk_holder);
      self->desk_holder = holder;
      changed = TRUE;
    }
  else
    arb_desk_holder_free (holder);
  self->desk_state = state;
  if (!changed)
    return;
  _arb_window_update_desk_banner (self);
  arb_announce (GTK_WIDGET (self), gtk_label_get_text (self->desk_label));
  /* The results desk's answer about reading follows the lock. */
  if (gtk_label_get_text (self->results_feedback)[0] != '\0' &&
      gtk_revealer_get_reveal_child (self->results_revealer))
    {
      g_autofree char *why = _arb_window_dup_read_only_words (self);

      gtk_label_set_text (self->results_feedback, why);
    }
}

static gboolean
poll_desk_cb (gpointer data)
{
  ArbWindow *self = ARB_WINDOW (data);
  ArbDeskHolder *holder = NULL;
  ArbDeskState state;

  if (self->tournament == NULL || self->desk_holder == NULL)
    {
      self->desk_poll_id = 0;
      return G_SOURCE_REMOVE;
    }
  state = arb_desk_lock_probe (arb_tournament_get_path (self->tournament), &holder);
  set_desk_state (self, state, holder);
  return G_SOURCE_CONTINUE;
}

void
_arb_window_watch_desk (ArbWindow *self)
{
  g_clear_handle_id (&self->desk_poll_id, g_source_remove);
  self->desk_state = ARB_DESK_STATE_HELD;
  if (self->desk_holder != NULL)
    self->desk_poll_id = g_timeout_add (POLL_MS, poll_desk_cb, self);
}

void
_arb_window_unwatch_desk (ArbWindow *self)
{
  g_clear_handle_id (&self->desk_poll_id, g_source_remove);
  self->desk_state = ARB_DESK_STATE_HELD;
}

/* The lock taken: the file opened again for writing, the round shown kept,
 * and the takeover in the audit log. */
static void
write_after_take_over (ArbWindow *self, ArbDeskLock *lock)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_strdup (arb_tournament_get_path (self->tournament));
  g_autofree char *arbiter = _arb_window_dup_arbiter (self);
  g_autofree char *host = g_strdup (self->desk_holder->host);
  g_autofree char *since = g_strdup (self->desk_holder->since);
  int round = self->round;

  if (!_arb_window_open_with_lock (self, path, lock, NULL, FALSE, &error))
    {
      arb_window_show_error (self, arb_error_text (error));
      return;
    }
  if (round != 0 && round != self->round && !_arb_window_show_round (self, round, &error))
    {
      g_debug ("round %d: %s", round, error->message);
      g_clear_error (&error);
    }
  gtk_label_set_text (self->results_feedback, "");
  if (!arb_tournament_take_over_desk (self->tournament, arbiter, host, since, &error))
    arb_window_show_error (self, arb_error_text (error));
  /* Translators: a toast, once a desk that read the file writes it */
  _arb_window_show_toast (self, _ ("This desk writes the file now"));
}

static void
take_over_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  ArbDeskHolder *holder = NULL;
  ArbDeskLock *lock;

  if (self->tournament != NULL && self->desk_holder == NULL && _arb_window_is_replica (self))
    {
      _arb_window_ask_replica_take_over (self);
      return;
    }
  if (self->tournament == NULL || self->desk_holder == NULL)
    return;
  lock = arb_desk_lock_acquire (arb_tournament_get_path (self->tournament),
                                "Arbiter " PACKAGE_VERSION, &holder, &error);
  if (lock != NULL)
    {
      write_after_take_over (self, lock);
      return;
    }
  if (g_error_matches (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD) && holder != NULL &&
      arb_desk_holder_is_gone (holder))
    {
      /* The lock file names a program gone, but the lock is still taken
       * (a program it started may hold it): no second writer. */
      arb_desk_holder_free (holder);
      _arb_window_show_toast (
        self,
        /* Translators: a toast, when taking over writing finds the lock of
         * a program no longer running still taken */
        _ ("The file is still locked on this computer and cannot be taken over yet"));
      return;
    }
  if (g_error_matches (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD))
    {
      /* Another reading desk was quicker: this one keeps reading. */
      set_desk_state (self, ARB_DESK_STATE_HELD, holder);
      _arb_window_update_desk_banner (self);
      /* Translators: a toast, when taking over writing finds that another
       * desk has just taken it over */
      _arb_window_show_toast (self, _ ("Another desk took over writing first"));
      return;
    }
  arb_desk_holder_free (holder);
  arb_window_show_error (self, arb_error_text (error));
}

gboolean
arb_window_offers_take_over (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);

  return (self->desk_holder != NULL || _arb_window_is_replica (self)) &&
         gtk_revealer_get_reveal_child (self->desk_revealer) &&
         gtk_widget_get_visible (GTK_WIDGET (self->take_over_button));
}

void
_arb_window_lock_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, take_over_button);
  gtk_widget_class_install_action (widget_class, "win.take-over-desk", NULL, take_over_action);
}
