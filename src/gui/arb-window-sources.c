/* arb-window-sources.c: the round being played fed by its sources
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-board-card.h"
#include "arb-i18n.h"
#include "arb-sources-dialog.h"

/* What a card says of its game's sources: the open alerts, and a feeder
 * that lost its connection. */
static GStrv
card_badges (ArbWindow *self, ArbGame *game)
{
  g_autoptr (GStrvBuilder) texts = g_strv_builder_new ();
  GPtrArray *alerts = arb_round_sources_list_alerts (self->round_sources, game);
  ArbSource *feeder = arb_round_sources_get_feeder (self->round_sources, game, NULL);

  for (guint i = 0; alerts != NULL && i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *alert = g_ptr_array_index (alerts, i);

      if (alert->state == ARB_SOURCE_ALERT_OPEN)
        {
          g_autofree char *text = arb_sources_dialog_describe_alert (alert);

          g_strv_builder_add (texts, text);
        }
    }
  if (feeder != NULL && arb_source_get_state (feeder) == ARB_SOURCE_DISCONNECTED)
    {
      g_autoptr (GDateTime) since =
        g_date_time_new_from_unix_local (arb_source_get_since (feeder) / G_USEC_PER_SEC);
      g_autofree char *time = since != NULL ? g_date_time_format (since, "%H:%M") : NULL;
      g_autofree char *text =
        g_strdup_printf (arb_source_get_kind (feeder) == ARB_SOURCE_LIVECHESS
                           /* Translators: a badge on a board card; %s is a time of day (14:03) */
                           ? _ ("e-board disconnected since %s")
                           /* Translators: a badge on a board card; %s is a time of day (14:03) */
                           : _ ("Source disconnected since %s"),
                         time != NULL ? time : "–");

      g_strv_builder_add (texts, text);
    }
  return g_strv_builder_end (texts);
}

void
_arb_window_sources_update_cards (ArbWindow *self)
{
  if (self->round_sources == NULL || self->live_games == NULL)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      ArbGame *game;

      if (!ARB_IS_BOARD_CARD (child))
        continue;
      game = arb_board_card_get_game (ARB_BOARD_CARD (child));
      if (g_ptr_array_find (self->live_games, game, NULL))
        {
          g_auto (GStrv) badges = card_badges (self, game);

          arb_board_card_set_source_badges (ARB_BOARD_CARD (child), (const char *const *) badges);
        }
    }
}

static void
sources_changed_cb (ArbRoundSources *sources, ArbWindow *self)
{
  _arb_window_sources_update_cards (self);
}

static void
sources_event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, ArbWindow *self)
{
  if (event->kind == ARB_ROUND_SOURCE_ALERT || event->kind == ARB_ROUND_SOURCE_STATE)
    _arb_window_sources_update_cards (self);
}

void
_arb_window_sources_start (ArbWindow *self)
{
  g_autoptr (GError) error = NULL;

  _arb_window_sources_stop (self);
  /* Only the desk that writes the file stores the sources' moves. */
  if (self->tournament == NULL || self->live_games == NULL || self->live_games->len == 0 ||
      _arb_window_is_read_only (self))
    return;
  if (self->net_worker == NULL)
    self->net_worker = arb_net_worker_new ();
  self->round_sources =
    arb_round_sources_new (self->net_worker, self->tournament, self->last_round, self->live_games);
  g_signal_connect (self->round_sources, "changed", G_CALLBACK (sources_changed_cb), self);
  g_signal_connect (self->round_sources, "event", G_CALLBACK (sources_event_cb), self);
  arb_round_sources_start_remembered (self->round_sources, &error);
  if (error != NULL)
    g_warning ("The sources of round %d: %s", self->last_round, error->message);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.sources", TRUE);
}

void
_arb_window_sources_stop (ArbWindow *self)
{
  if (self->sources_dialog != NULL)
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

void
_arb_window_sources_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.sources", NULL, sources_action);
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
