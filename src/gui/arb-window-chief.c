/* arb-window-chief.c: a deputy's window writing through the chief's desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A deputy's window shows its replica (arb-window-replica.c), which stays
 * read-only: it takes its changes from the chief's desk alone. Once the
 * deputy has signed in to the chief's desk (its address and the deputy's
 * sign-in, arb_window_set_chief_desk ()), a result entered at the results
 * desk is sent to the chief through ArbDeskClient instead of being
 * written here; the results bar says it is on its way, then what the
 * chief answered: recorded (and, once the replica's stream brings it, that
 * it is here), or refused and why.
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-announcer.h"
#include "arb-desk-client.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-tournament-replica.h"

typedef struct
{
  ArbWindow *window; /* weak */
  ArbGame *game;
  ArbResult result;
  int board;
} Sent;

static void
sent_free (Sent *sent)
{
  g_clear_weak_pointer (&sent->window);
  g_clear_object (&sent->game);
  g_free (sent);
}

static void
sent_closure_free (gpointer data, GClosure *closure)
{
  sent_free (data);
}

static void
say (ArbWindow *self, const char *text)
{
  gtk_label_set_text (self->results_feedback, text);
  /* A refusal's reason may be longer than the bar. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->results_feedback), text);
  arb_announce (GTK_WIDGET (self), text);
}

gboolean
arb_window_writes_through_chief (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  return _arb_window_writes_through_chief (self);
}

gboolean
_arb_window_writes_through_chief (ArbWindow *self)
{
  return self->chief_client != NULL && self->tournament != NULL &&
         arb_tournament_get_role (self->tournament) == ARB_DESK_ROLE_REPLICA;
}

static void
say_here (ArbWindow *self, int board, ArbResult result)
{
  /* Translators: the results bar of a deputy, once the chief's result came
   * back through the replica: board, the result ("1–0") */
  g_autofree char *text = g_strdup_printf (_ ("Board %d: %s, recorded by the chief's desk"), board,
                                           arb_result_entry_display (result));

  say (self, text);
}

/* The replica brought the change back. */
static void
game_changed_cb (ArbGame *game, Sent *sent)
{
  if (arb_game_get_result (game) != sent->result)
    return;
  if (sent->window != NULL)
    say_here (sent->window, sent->board, sent->result);
  g_signal_handlers_disconnect_by_data (game, sent);
}

static void
answered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Sent *sent = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskAnswer) answer =
    arb_desk_client_send_finish (ARB_DESK_CLIENT (source), result, &error);
  ArbWindow *self = sent->window;
  g_autofree char *text = NULL;

  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      sent_free (sent);
      return;
    }
  if (answer == NULL)
    /* Translators: the results bar of a deputy: board, why the chief's desk was not reached */
    text = g_strdup_printf (_ ("Board %d: not recorded: %s"), sent->board, error->message);
  else if (answer->kind == ARB_DESK_ANSWER_REFUSED)
    /* Translators: the results bar of a deputy: board, why the chief's desk refused it */
    text =
      g_strdup_printf (_ ("Board %d: the chief's desk refused it: %s"), sent->board, answer->why);
  else if (arb_game_get_result (sent->game) == sent->result)
    {
      say_here (self, sent->board, sent->result);
      sent_free (sent);
      return;
    }
  else
    {
      /* Translators: the results bar of a deputy: board, the result ("1–0"),
       * recorded by the chief and still on its way to this replica */
      text = g_strdup_printf (_ ("Board %d: %s recorded by the chief's desk; coming back to "
                                 "this replica…"),
                              sent->board, arb_result_entry_display (sent->result));
      say (self, text);
      /* The handler goes with the game, or once the result is here. */
      g_signal_connect_data (sent->game, "changed", G_CALLBACK (game_changed_cb), sent,
                             sent_closure_free, 0);
      return;
    }
  say (self, text);
  sent_free (sent);
}

void
_arb_window_send_result_to_chief (ArbWindow *self,
                                  ArbGame *game,
                                  ArbResult result,
                                  const char *reason)
{
  g_autofree char *id = arb_desk_client_new_entry_id ();
  g_autofree char *text = NULL;
  Sent *sent = g_new0 (Sent, 1);
  ArbDeskSubmission s = { .client_id = id,
                          .round = arb_game_get_round (game),
                          .board = arb_game_get_board (game),
                          .result = result,
                          .reason = reason };

  g_set_weak_pointer (&sent->window, self);
  sent->game = g_object_ref (game);
  sent->result = result;
  sent->board = s.board;
  /* Translators: the results bar of a deputy while the result is on its
   * way: board, the result ("1–0") */
  text = g_strdup_printf (_ ("Board %d: sending %s to the chief's desk…"), s.board,
                          arb_result_entry_display (result));
  say (self, text);
  arb_desk_client_send_async (self->chief_client, ARB_DESK_ENTRY_RESULT, &s,
                              self->chief_cancellable, answered_cb, sent);
}

static void
ruling_answered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Sent *sent = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskAnswer) answer =
    arb_desk_client_send_finish (ARB_DESK_CLIENT (source), result, &error);
  g_autofree char *text = NULL;

  if (sent->window != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (answer == NULL)
        /* Translators: a deputy's ruling: board, why the chief's desk was not reached */
        text = g_strdup_printf (_ ("Board %d: the ruling was not applied: %s"), sent->board,
                                error->message);
      else if (answer->kind == ARB_DESK_ANSWER_REFUSED)
        /* Translators: a deputy's ruling: board, why the chief's desk refused it */
        text = g_strdup_printf (_ ("Board %d: the chief's desk refused the ruling: %s"),
                                sent->board, answer->why);
      else
        /* Translators: a deputy's ruling, applied on the chief's desk; %d is the board */
        text = g_strdup_printf (_ ("Board %d: the chief's desk applied the ruling"), sent->board);
      say (sent->window, text);
      _arb_window_show_toast (sent->window, text);
    }
  sent_free (sent);
}

gboolean
arb_window_send_ruling_to_chief (const ArbRulingPlan *plan,
                                 ArbGame *game,
                                 gpointer window,
                                 GError **error)
{
  g_autoptr (ArbWindow) self = g_weak_ref_get (window);
  g_autofree char *id = arb_desk_client_new_entry_id ();
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  Sent *sent;
  ArbDeskSubmission s = { 0 };

  if (self == NULL || !_arb_window_writes_through_chief (self))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "%s",
                   _ ("This replica is no longer signed in to the chief's desk"));
      return FALSE;
    }
  json = arb_ruling_to_json (plan->ruling);
  s = (ArbDeskSubmission){ .client_id = id,
                           .round = arb_game_get_round (game),
                           .board = arb_game_get_board (game),
                           .ruling_json = json,
                           .ply = plan->ply,
                           .note = plan->note,
                           .set_clocks = plan->set_clocks,
                           .white_ms = plan->white_ms,
                           .black_ms = plan->black_ms,
                           .irregularity_kind = plan->irregularity_kind,
                           .irregularity_ply = plan->irregularity_ply,
                           .irregularity_side = plan->irregularity_side,
                           .irregularity_move = plan->irregularity_move,
                           .irregularity_fen = plan->irregularity_fen,
                           .play_uci = plan->play_uci,
                           .resume_place = plan->resume_place,
                           .open_envelope_id = plan->open_envelope_id,
                           .reveal_sealed_move = plan->reveal_sealed_move };
  sent = g_new0 (Sent, 1);
  g_set_weak_pointer (&sent->window, self);
  sent->game = g_object_ref (game);
  sent->board = s.board;
  /* Translators: a deputy's ruling on its way; %d is the board */
  text = g_strdup_printf (_ ("Board %d: sending the ruling to the chief's desk…"), s.board);
  say (self, text);
  arb_desk_client_send_async (self->chief_client, ARB_DESK_ENTRY_RULING, &s,
                              self->chief_cancellable, ruling_answered_cb, sent);
  return TRUE;
}

gboolean
arb_window_set_chief_desk (ArbWindow *self, const char *url, const char *token, GError **error)
{
  ArbDeskClient *client = NULL;

  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);

  if (url != NULL && (client = arb_desk_client_new (url, token, error)) == NULL)
    return FALSE;
  _arb_window_chief_dispose (self);
  self->chief_client = client;
  if (client != NULL)
    self->chief_cancellable = g_cancellable_new ();
  _arb_window_update_desk_banner (self);
  return TRUE;
}

void
_arb_window_update_chief_button (ArbWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->chief_sign_in_button),
                          self->desk_holder == NULL && self->tournament != NULL &&
                            arb_tournament_get_role (self->tournament) == ARB_DESK_ROLE_REPLICA &&
                            self->chief_client == NULL);
}

static void
sign_in_changed_cb (AdwMessageDialog *dialog)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkEditable *url = GTK_EDITABLE (gtk_widget_get_first_child (box));
  GtkEditable *token = GTK_EDITABLE (gtk_widget_get_last_child (box));

  adw_message_dialog_set_response_enabled (dialog, "sign-in",
                                           gtk_editable_get_text (url)[0] != '\0' &&
                                             gtk_editable_get_text (token)[0] != '\0');
}

static void
sign_in_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  g_autofree char *url =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (gtk_widget_get_first_child (box)))));
  g_autofree char *token =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (gtk_widget_get_last_child (box)))));
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "sign-in") != 0)
    return;
  if (!arb_window_set_chief_desk (self, url, token, &error))
    arb_window_show_error (self, arb_error_text (error));
}

/* The chief's address and the deputy's sign-in (arbiter-cli arbiters
 * --add NAME --role deputy on the chief's desk), kept for this window. */
static void
sign_in_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *url = gtk_entry_new ();
  GtkWidget *token = gtk_password_entry_new ();
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    GTK_WINDOW (self),
    /* Translators: the heading of the deputy's sign-in to the chief's desk */
    _ ("Write Through the Chief's Desk"),
    /* Translators: the body of the deputy's sign-in to the chief's desk */
    _ ("Results entered here are sent to the chief's desk and come back through this "
       "replica. Give the address of the chief's arbiters' service and your sign-in.")));

  /* Translators: placeholder of the chief's address in the deputy's sign-in */
  gtk_entry_set_placeholder_text (GTK_ENTRY (url), _ ("Address, e.g. http://192.168.1.20:8081"));
  /* Translators: placeholder of the deputy's token in the sign-in to the chief's desk */
  g_object_set (token, "placeholder-text", _ ("Sign-in token"), "show-peek-icon", TRUE, NULL);
  gtk_box_append (GTK_BOX (box), url);
  gtk_box_append (GTK_BOX (box), token);
  adw_message_dialog_set_extra_child (dialog, box);
  adw_message_dialog_add_responses (dialog, "cancel", _ ("_Cancel"),
                                    /* Translators: the response of the deputy's sign-in */
                                    "sign-in", _ ("_Sign In"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "sign-in", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "sign-in");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_swapped (url, "changed", G_CALLBACK (sign_in_changed_cb), dialog);
  g_signal_connect_swapped (token, "changed", G_CALLBACK (sign_in_changed_cb), dialog);
  sign_in_changed_cb (dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (sign_in_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
arb_window_offers_chief_sign_in (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);

  return gtk_widget_get_visible (GTK_WIDGET (self->chief_sign_in_button)) &&
         gtk_revealer_get_reveal_child (self->desk_revealer);
}

void
_arb_window_chief_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, chief_sign_in_button);
  gtk_widget_class_install_action (widget_class, "win.sign-in-chief", NULL, sign_in_action);
}

void
_arb_window_chief_dispose (ArbWindow *self)
{
  if (self->chief_cancellable != NULL)
    g_cancellable_cancel (self->chief_cancellable);
  g_clear_object (&self->chief_cancellable);
  g_clear_object (&self->chief_client);
}
