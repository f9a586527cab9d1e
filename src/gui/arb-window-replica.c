/* arb-window-replica.c: a deputy's replica of the desk, and taking over
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file that is a deputy's replica (arb-tournament-replica.h) takes its
 * changes only from the writing desk: the window says so on the desk
 * banner, with the event's epoch, and refuses writes as a reading desk
 * does. Take Over… asks for the arbiter's name and the reason, Cancel
 * being the default, and takes over through arb_tournament_take_over(),
 * the path of `arbiter-cli take-over`. A former desk (a reader) says who
 * took over and why.
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-tournament-replica.h"

char *
_arb_window_dup_replica_words (ArbWindow *self)
{
  const char *reason;

  if (self->tournament == NULL)
    return NULL;
  switch (arb_tournament_get_role (self->tournament))
    {
    case ARB_DESK_ROLE_REPLICA:
      if (_arb_window_writes_through_chief (self))
        return g_strdup_printf (
          /* Translators: the banner of a deputy's copy of the event signed in
           * to the chief's desk; %lld is the event's epoch */
          _ ("This is a deputy's replica of the desk (epoch %lld): the results you enter are "
             "sent to the chief's desk, and come back from it."),
          (long long) arb_tournament_get_epoch (self->tournament));
      return g_strdup_printf (
        /* Translators: the banner of a deputy's copy of the event; %lld is
         * the event's epoch (it goes up by one at each take-over) */
        _ ("This is a deputy's replica of the desk: changes come from the desk (epoch %lld). "
           "It reads only until you take over."),
        (long long) arb_tournament_get_epoch (self->tournament));
    case ARB_DESK_ROLE_READER:
      reason = arb_tournament_get_role_reason (self->tournament);
      if (reason == NULL || reason[0] == '\0')
        /* Translators: the banner of a former writing desk, when the file does not say why */
        return g_strdup (_ ("Another desk took over the event: this desk reads only."));
      /* Translators: the banner of a former writing desk; %s is why, as the file
       * records it ("another desk (…) took over the event: its epoch is 5, …") */
      return g_strdup_printf (_ ("This desk reads only: %s."), reason);
    case ARB_DESK_ROLE_DESK:
    default:
      return NULL;
    }
}

gboolean
_arb_window_is_replica (ArbWindow *self)
{
  return self->tournament != NULL &&
         arb_tournament_get_role (self->tournament) != ARB_DESK_ROLE_DESK;
}

static void
take_over_entries_changed_cb (AdwMessageDialog *dialog)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkEditable *name = GTK_EDITABLE (gtk_widget_get_first_child (box));
  GtkEditable *reason = GTK_EDITABLE (gtk_widget_get_last_child (box));
  g_autofree char *n = g_strstrip (g_strdup (gtk_editable_get_text (name)));
  g_autofree char *r = g_strstrip (g_strdup (gtk_editable_get_text (reason)));

  adw_message_dialog_set_response_enabled (dialog, "take-over", n[0] != '\0' && r[0] != '\0');
}

static void
take_over_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  g_autofree char *name =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (gtk_widget_get_first_child (box)))));
  g_autofree char *reason =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (gtk_widget_get_last_child (box)))));
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  int round = self->round;

  if (g_strcmp0 (response, "take-over") != 0 || self->tournament == NULL)
    return;
  if (!arb_tournament_take_over (self->tournament, name, reason, &error))
    {
      arb_window_show_error (self, arb_error_text (error));
      return;
    }
  /* The games were loaded for reading: the file opened again, to write,
   * the round shown kept (as after taking over a desk's lock). */
  path = g_strdup (arb_tournament_get_path (self->tournament));
  if (!arb_window_open_file (self, path, FALSE, &error))
    {
      arb_window_show_error (self, arb_error_text (error));
      return;
    }
  if (round != 0 && round != self->round && !_arb_window_show_round (self, round, &error))
    g_debug ("round %d: %s", round, error->message);
  gtk_label_set_text (self->results_feedback, "");
  /* Translators: a toast, once a deputy's replica became the writing desk */
  _arb_window_show_toast (self, _ ("This desk writes the event now"));
}

void
_arb_window_ask_replica_take_over (ArbWindow *self)
{
  g_autofree char *arbiter = _arb_window_dup_arbiter (self);
  GtkWidget *dialog;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *name = gtk_entry_new ();
  GtkWidget *reason = gtk_entry_new ();

  dialog = adw_message_dialog_new (
    GTK_WINDOW (self),
    /* Translators: the heading of the question before a deputy takes over */
    _ ("Take Over the Event?"),
    /* Translators: the body of the question before a deputy takes over */
    _ ("This replica becomes the writing desk: the epoch goes up by one and the take-over is "
       "recorded with your name and the reason. The desk it copied will only read once it "
       "hears of it."));
  /* Translators: placeholder of the arbiter's name in the take-over question */
  gtk_entry_set_placeholder_text (GTK_ENTRY (name), _ ("Arbiter's name"));
  /* Translators: placeholder of the reason in the take-over question */
  gtk_entry_set_placeholder_text (GTK_ENTRY (reason), _ ("Reason (required)"));
  if (arbiter != NULL)
    gtk_editable_set_text (GTK_EDITABLE (name), arbiter);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), reason);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"),
                                    /* Translators: the response that takes over the event */
                                    "take-over", _ ("_Take Over"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "take-over",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_swapped (name, "changed", G_CALLBACK (take_over_entries_changed_cb), dialog);
  g_signal_connect_swapped (reason, "changed", G_CALLBACK (take_over_entries_changed_cb), dialog);
  take_over_entries_changed_cb (ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_over_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The games shown were loaded for reading or writing: read again. */
static void
role_changed_cb (ArbTournament *tournament, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;

  _arb_window_update_desk_banner (self);
  if (self->round != 0 && !_arb_window_show_round (self, self->round, &error))
    g_warning ("round %d: %s", self->round, error->message);
  _arb_window_update_round_page (self);
  _arb_window_update_clock_actions (self);
}

void
_arb_window_follow_role (ArbWindow *self)
{
  g_signal_connect_object (self->tournament, "role-changed", G_CALLBACK (role_changed_cb), self, 0);
}

const char *
arb_window_get_desk_banner_text (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->desk_revealer))
    return NULL;
  return gtk_label_get_text (self->desk_label);
}
