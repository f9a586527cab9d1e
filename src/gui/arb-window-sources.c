/* arb-window-sources.c: the round being played fed by its sources
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-announcer.h"
#include "arb-board-card.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-sources-dialog.h"

/* What a card says of its game's sources: the open alerts, which the
 * arbiter settles from the card, and a feeder that lost its connection. */
static void
update_card (ArbWindow *self, ArbBoardCard *card)
{
  ArbGame *game = arb_board_card_get_game (card);
  GPtrArray *alerts = arb_round_sources_list_alerts (self->round_sources, game);
  ArbSource *feeder = arb_round_sources_get_feeder (self->round_sources, game, NULL);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) badges = g_array_new (FALSE, TRUE, sizeof (ArbCardSourceBadge));

  for (guint i = 0; alerts != NULL && i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *alert = g_ptr_array_index (alerts, i);
      ArbCardSourceBadge badge = { NULL };

      if (alert->state != ARB_SOURCE_ALERT_OPEN)
        continue;
      badge.text = arb_sources_dialog_describe_alert (alert);
      g_ptr_array_add (texts, (char *) badge.text);
      badge.kind = alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE ? ARB_CARD_SOURCE_ILLEGAL_MOVE
                                                                : ARB_CARD_SOURCE_CHANGED_MOVES;
      badge.alert_id = alert->id;
      g_array_append_val (badges, badge);
    }
  if (feeder != NULL && arb_source_get_state (feeder) == ARB_SOURCE_DISCONNECTED)
    {
      g_autoptr (GDateTime) since =
        g_date_time_new_from_unix_local (arb_source_get_since (feeder) / G_USEC_PER_SEC);
      g_autofree char *time = since != NULL ? g_date_time_format (since, "%H:%M") : NULL;
      ArbCardSourceBadge badge = { NULL, ARB_CARD_SOURCE_NOTE, 0 };

      badge.text =
        g_strdup_printf (arb_source_get_kind (feeder) == ARB_SOURCE_LIVECHESS
                           /* Translators: a badge on a board card; %s is a time of day (14:03) */
                           ? _ ("e-board disconnected since %s")
                           /* Translators: a badge on a board card; %s is a time of day (14:03) */
                           : _ ("Source disconnected since %s"),
                         time != NULL ? time : "–");
      g_ptr_array_add (texts, (char *) badge.text);
      g_array_append_val (badges, badge);
    }
  arb_board_card_set_source_badges (card, (const ArbCardSourceBadge *) (void *) badges->data,
                                    badges->len);
}

void
_arb_window_sources_update_cards (ArbWindow *self)
{
  if (self->round_sources == NULL || self->live_games == NULL)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child) &&
        g_ptr_array_find (self->live_games, arb_board_card_get_game (ARB_BOARD_CARD (child)), NULL))
      update_card (self, ARB_BOARD_CARD (child));
}

static void
sources_changed_cb (ArbRoundSources *sources, ArbWindow *self)
{
  _arb_window_sources_update_cards (self);
}

/* A new report of an illegal move, or of a game with the colours
 * reversed, is told the way a flag fall is: a toast that never takes the
 * keyboard, whose button opens the ruling (or takes the source's moves,
 * when the arbiter rules that the game goes on as played). */
static void
toast_new_alert (ArbWindow *self, const ArbRoundSourceEvent *event)
{
  g_autofree char *what = arb_sources_dialog_describe_alert (event->alert);
  /* Translators: "Board 2: e-board: illegal move reported (Ke8–e6)" */
  g_autofree char *title = g_strdup_printf (_ ("Board %d: %s"), event->board, what);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (event->alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
    {
      adw_toast_set_button_label (toast, _ ("_Take the Source's Moves"));
      adw_toast_set_action_name (toast, "win.source-alert-accept");
    }
  else
    {
      adw_toast_set_button_label (toast, _ ("_Rule…"));
      adw_toast_set_action_name (toast, "win.source-alert-rule");
    }
  adw_toast_set_action_target_value (toast, g_variant_new_int64 (event->alert->id));
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  arb_announce (GTK_WIDGET (self), title);
}

static void
sources_event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, ArbWindow *self)
{
  if (event->kind == ARB_ROUND_SOURCE_ALERT && !event->repeated && event->alert != NULL &&
      event->alert->kind != ARB_SOURCE_ALERT_CHANGED_MOVES)
    toast_new_alert (self, event);
  if (event->kind == ARB_ROUND_SOURCE_ALERT || event->kind == ARB_ROUND_SOURCE_STATE)
    _arb_window_sources_update_cards (self);
}

/* The round's sources stop; the dialog stays for the next round's, or
 * goes with @close_dialog. */
static void
stop_sources (ArbWindow *self, gboolean close_dialog)
{
  if (close_dialog && self->sources_dialog != NULL)
    gtk_window_destroy (self->sources_dialog);
  if (self->round_sources != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->round_sources, self);
      arb_round_sources_stop (self->round_sources);
      g_clear_object (&self->round_sources);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.sources", FALSE);
}

void
_arb_window_sources_start (ArbWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->tournament == NULL || self->live_games == NULL || self->live_games->len == 0)
    {
      _arb_window_sources_stop (self);
      return;
    }
  stop_sources (self, _arb_window_is_read_only (self));
  if (self->net_worker == NULL)
    self->net_worker = arb_net_worker_new ();
  self->round_sources =
    arb_round_sources_new (self->net_worker, self->tournament, self->last_round, self->live_games);
  g_signal_connect (self->round_sources, "changed", G_CALLBACK (sources_changed_cb), self);
  g_signal_connect (self->round_sources, "event", G_CALLBACK (sources_event_cb), self);
  /* Only the desk that writes the file follows the sources and stores
   * their moves; a desk that reads shows the alerts the file holds, as
   * the writer raises and settles them (read again with the games it
   * changes), and settles none. */
  if (_arb_window_is_read_only (self))
    {
      _arb_window_sources_update_cards (self);
      return;
    }
  arb_round_sources_start_remembered (self->round_sources, &error);
  if (error != NULL)
    g_warning ("The sources of round %d: %s", self->last_round, error->message);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.sources", TRUE);
  /* A new round being played: the open dialog shows its sources. */
  if (self->sources_dialog != NULL)
    arb_sources_dialog_set_round (ARB_SOURCES_DIALOG (self->sources_dialog), self->round_sources,
                                  self->live_games);
}

void
_arb_window_sources_stop (ArbWindow *self)
{
  stop_sources (self, TRUE);
}

void
_arb_window_sources_stop_for_next_round (ArbWindow *self)
{
  stop_sources (self, FALSE);
}

void
_arb_window_sources_close_stale_dialog (ArbWindow *self)
{
  if (self->round_sources == NULL && self->sources_dialog != NULL)
    gtk_window_destroy (self->sources_dialog);
}

void
_arb_window_sources_dispose (ArbWindow *self)
{
  _arb_window_sources_stop (self);
  g_clear_object (&self->net_worker);
}

static void
sources_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkWindow *dialog;

  if (self->sources_dialog != NULL)
    {
      gtk_window_present (self->sources_dialog);
      return;
    }
  if (self->round_sources == NULL)
    return;
  dialog = GTK_WINDOW (arb_sources_dialog_new (self->round_sources, self->live_games));
  gtk_window_set_transient_for (dialog, GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (dialog, TRUE);
  self->sources_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->sources_dialog);
  gtk_window_present (dialog);
}

/* The answers to a source's alert from a card or a toast: each is logged
 * by the round's sources. */
static void
source_alert_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  gint64 alert_id = g_variant_get_int64 (parameter);
  g_autoptr (GError) error = NULL;

  if (self->round_sources == NULL)
    return;
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      return;
    }
  if (g_str_equal (action_name, "win.source-alert-rule"))
    arb_sources_rule_alert (widget, self->round_sources, self->live_games, alert_id);
  else if (g_str_equal (action_name, "win.source-alert-accept"))
    arb_round_sources_accept_alert (self->round_sources, alert_id, &error);
  else
    arb_round_sources_dismiss_alert (self->round_sources, alert_id, &error);
  if (error != NULL)
    _arb_window_show_toast (self, arb_error_text (error));
}

void
_arb_window_sources_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.sources", NULL, sources_action);
  gtk_widget_class_install_action (widget_class, "win.source-alert-rule", "x", source_alert_action);
  gtk_widget_class_install_action (widget_class, "win.source-alert-accept", "x",
                                   source_alert_action);
  gtk_widget_class_install_action (widget_class, "win.source-alert-dismiss", "x",
                                   source_alert_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.sources", NULL);
}

ArbRoundSources *
arb_window_get_round_sources (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->round_sources;
}

GtkWindow *
arb_window_get_sources_dialog (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->sources_dialog;
}
