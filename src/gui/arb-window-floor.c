/* arb-window-floor.c: the arbiters' service hosted by the desk, and what the floor sends
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * When the arbiter turns it on (floor.serve, in the window's menu and in
 * Arbiters' Team…), the window runs the arbiters' service for the open
 * event, writing through the window's own connection to the file: one
 * writer. Each entry the service commits is told at once
 * (ArbTeamServer::entry-committed) and shown without taking the keyboard:
 * a call joins the queue at the desk, an incident is a toast whose Rule…
 * opens the ruling proposed, a result is on its card, a clock reading is
 * a note on the card beside the tracked times.
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-announcer.h"
#include "arb-board-card.h"
#include "arb-call-queue.h"
#include "arb-clock-view.h"
#include "arb-error-text.h"
#include "arb-floor-record.h"
#include "arb-i18n.h"
#include "arb-net-peer.h"
#include "arb-ruling-actions.h"
#include "arb-team-certificate.h"
#include "arb-team-dialog.h"
#include "arb-tournament-rounds.h"

/* The port of arbiter-cli serve-team, so that a phone's page keeps its
 * address (and the sign-in it keeps there) from one session to the next;
 * any free port when another program holds it. */
#define DEFAULT_PORT 8081

/* Listens on every address of this computer, in HTTPS with the event's
 * certificate (made and stored in the file the first time,
 * arb-team-certificate.h), so that the floor arbiters' phones reach it on
 * the venue's network; serve-team's port when it is free, else any.
 * Returns the address the phones are given: this computer's first
 * address the network reaches, else 127.0.0.1. */
static char *
listen_service (ArbTournament *tournament, ArbTeamServer *server, GError **error)
{
  g_autoptr (GError) busy = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_auto (GStrv) local = NULL;

  certificate = arb_team_certificate_for_event (tournament, "0.0.0.0", error);
  if (certificate == NULL)
    return NULL;
  if (!arb_team_server_listen (server, "0.0.0.0", DEFAULT_PORT, certificate, &busy))
    {
      g_debug ("port %d: %s", DEFAULT_PORT, busy->message);
      if (!arb_team_server_listen (server, "0.0.0.0", 0, certificate, error))
        return NULL;
    }
  local = arb_net_peer_local_addresses (G_SOCKET_FAMILY_IPV4);
  return g_strdup_printf ("%s:%u", local != NULL && local[0] != NULL ? local[0] : "127.0.0.1",
                          arb_team_server_get_port (server));
}

/* Who may answer a call: the event's chief arbiter first (the default),
 * then the desk's other arbiters and the team's deputies. */
static GStrv
answerers (ArbWindow *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) event = arb_tournament_list_arbiters (self->tournament, NULL);
  g_autoptr (GPtrArray) team = arb_tournament_list_team (self->tournament, NULL);
  GListModel *desk = G_LIST_MODEL (self->arbiter_names);
  g_autoptr (GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; event != NULL && event[i] != NULL; i++)
    g_ptr_array_add (names, g_strdup (event[i]));
  for (guint i = 0; i < g_list_model_get_n_items (desk); i++)
    g_ptr_array_add (names, g_strdup (gtk_string_list_get_string (self->arbiter_names, i)));
  for (guint i = 0; team != NULL && i < team->len; i++)
    {
      const ArbTeamArbiter *a = team->pdata[i];

      if (a->role != ARB_TEAM_ROLE_FLOOR && a->revoked_at == NULL)
        g_ptr_array_add (names, g_strdup (a->name));
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      gboolean seen = name[0] == '\0';

      for (guint k = 0; k < i && !seen; k++)
        seen = g_str_equal (names->pdata[k], name);
      if (!seen)
        g_strv_builder_add (out, name);
    }
  return g_strv_builder_end (out);
}

/* The queue, its count on the header bar's button, from the file. */
static void
update_calls (ArbWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) open = NULL;
  g_auto (GStrv) names = NULL;
  g_autofree char *count = NULL;
  g_autofree char *spoken = NULL;
  guint n;

  if (self->tournament != NULL)
    {
      open = arb_tournament_list_floor_entries (self->tournament, TRUE, &error);
      names = answerers (self);
    }
  if (error != NULL)
    g_warning ("The calls to the desk could not be read: %s", error->message);
  arb_call_queue_set_calls (self->call_queue, open, (const char *const *) names);
  n = arb_call_queue_get_n_calls (self->call_queue);
  count = g_strdup_printf ("%u", n);
  /* Translators: the button that shows the calls from the floor */
  spoken = g_strdup_printf (
    ngettext ("Calls to the Desk: %u waiting", "Calls to the Desk: %u waiting", n), n);
  gtk_label_set_text (self->calls_count, count);
  gtk_widget_set_visible (GTK_WIDGET (self->calls_count), n > 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->calls_button), spoken);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->calls_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->calls_button), self->team_server != NULL || n > 0);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->calls_button)))
    gtk_toggle_button_set_active (self->calls_button, FALSE);
}

static void
calls_toggled_cb (GtkToggleButton *button, ArbWindow *self)
{
  gtk_revealer_set_reveal_child (self->calls_revealer, gtk_toggle_button_get_active (button));
}

static void
answer_cb (ArbCallQueue *queue, gint64 id, const char *arbiter, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->tournament == NULL)
    return;
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      return;
    }
  if (!arb_tournament_answer_call (self->tournament, id, arbiter, &error))
    _arb_window_show_toast (self, arb_error_text (error));
  update_calls (self);
}

/* The games of @round and @board this window holds (the live one and the
 * one shown, when they differ). */
static GPtrArray *
find_games (ArbWindow *self, int round, int board)
{
  GPtrArray *found = g_ptr_array_new ();
  GPtrArray *sets[] = { self->live_games, self->games };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    for (guint i = 0; sets[s] != NULL && i < sets[s]->len; i++)
      {
        ArbGame *game = sets[s]->pdata[i];

        if (arb_game_get_round (game) == round && arb_game_get_board (game) == board &&
            !g_ptr_array_find (found, game, NULL))
          g_ptr_array_add (found, game);
      }
  return found;
}

static void
show_result (ArbWindow *self, int round, int board)
{
  g_autoptr (GPtrArray) games = find_games (self, round, board);

  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!arb_game_reload (games->pdata[i], &error))
        g_warning ("Board %d: %s", board, error->message);
    }
  if (games->len > 0)
    {
      _arb_window_update_results_summary (self);
      _arb_window_update_round_subtitle (self);
    }
}

/* "Read on the floor at 14:05: White 1:02:03, Black 0:45:10". */
static char *
clock_note (const ArbFloorRecord *r)
{
  g_auto (ArbFloorContent) content = { 0 };
  g_autoptr (GDateTime) at = g_date_time_new_from_iso8601 (r->recorded_at, NULL);
  g_autoptr (GDateTime) local = at != NULL ? g_date_time_to_local (at) : NULL;
  g_autofree char *when = local != NULL ? g_date_time_format (local, "%H:%M") : g_strdup ("–");
  char white[16], black[16];

  arb_floor_content_read (r, &content);
  if (content.white_ms < 0 || content.black_ms < 0)
    return NULL;
  arb_clock_view_format_time (content.white_ms * 1000, white);
  arb_clock_view_format_time (content.black_ms * 1000, black);
  /* Translators: a note on a board card: the time of day a floor arbiter
   * read the clock on the table, then the times it showed */
  return g_strdup_printf (_ ("Clock read on the floor at %s: White %s, Black %s"), when, white,
                          black);
}

void
_arb_window_floor_update_cards (ArbWindow *self)
{
  g_autoptr (GPtrArray) entries = NULL;

  if (self->tournament == NULL)
    return;
  entries = arb_tournament_list_floor_entries (self->tournament, FALSE, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child))
      {
        ArbGame *game = arb_board_card_get_game (ARB_BOARD_CARD (child));
        const ArbFloorRecord *r = arb_floor_records_last_clock (entries, arb_game_get_round (game),
                                                                arb_game_get_board (game));
        g_autofree char *note = r != NULL ? clock_note (r) : NULL;

        arb_board_card_set_floor_note (ARB_BOARD_CARD (child), note);
      }
}

static char *
incident_title (const ArbFloorRecord *r, const ArbFloorContent *content)
{
  const char *kind = content->incident != NULL ? content->incident : "";
  g_autofree char *what = NULL;

  if (g_str_equal (kind, "illegal-move"))
    /* Translators: a toast; %d a board, %s the floor arbiter who reports */
    what = g_strdup_printf (_ ("Board %d: %s reports an illegal move"), r->board, r->arbiter);
  else if (g_str_equal (kind, "claim"))
    /* Translators: a toast; %d a board, %s the floor arbiter who reports */
    what = g_strdup_printf (_ ("Board %d: %s reports a claim"), r->board, r->arbiter);
  else if (g_str_equal (kind, "device"))
    /* Translators: a toast; %d a board, %s the floor arbiter who reports */
    what = g_strdup_printf (_ ("Board %d: %s reports an electronic device"), r->board, r->arbiter);
  else
    /* Translators: a toast; %d a board, %s the floor arbiter who reports */
    what = g_strdup_printf (_ ("Board %d: %s reports a late arrival"), r->board, r->arbiter);
  if (content->text == NULL)
    return g_steal_pointer (&what);
  return g_strdup_printf ("%s — %s", what, content->text);
}

static void
toast_dismissed_cb (AdwToast *toast, ArbWindow *self)
{
  g_signal_handlers_disconnect_by_data (toast, self);
  g_ptr_array_remove (self->floor_toasts, toast);
}

/* An incident is told the way a source's alert is: a toast that never
 * takes the keyboard, whose button opens the ruling. */
static void
toast_incident (ArbWindow *self, gint64 id)
{
  g_autoptr (GPtrArray) entries = arb_tournament_list_floor_entries (self->tournament, FALSE, NULL);
  const ArbFloorRecord *r = arb_floor_records_find (entries, id);
  g_auto (ArbFloorContent) content = { 0 };
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (r == NULL)
    return;
  arb_floor_content_read (r, &content);
  title = incident_title (r, &content);
  escaped = g_markup_escape_text (title, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _ ("_Rule…"));
  adw_toast_set_action_name (toast, "win.floor-incident-rule");
  adw_toast_set_action_target_value (toast, g_variant_new_int64 (id));
  adw_toast_set_timeout (toast, 0);
  g_ptr_array_add (self->floor_toasts, g_object_ref (toast));
  g_signal_connect (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  arb_announce (GTK_WIDGET (self), title);
}

/* An incident's toast names an entry of its event: it goes with it. */
static void
dismiss_toasts (ArbWindow *self)
{
  g_autoptr (GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; self->floor_toasts != NULL && i < self->floor_toasts->len; i++)
    g_ptr_array_add (toasts, g_object_ref (self->floor_toasts->pdata[i]));
  for (guint i = 0; i < toasts->len; i++)
    adw_toast_dismiss (toasts->pdata[i]);
}

static void
entry_committed_cb (ArbTeamServer *server,
                    int kind,
                    gint64 id,
                    int round,
                    int board,
                    const char *arbiter,
                    ArbWindow *self)
{
  switch ((ArbFloorKind) kind)
    {
    case ARB_FLOOR_CALL:
      {
        /* Translators: said to a screen reader; %d a board, %s a floor arbiter */
        g_autofree char *said = g_strdup_printf (_ ("Board %d: %s calls the desk"), board, arbiter);

        update_calls (self);
        /* The queue shows itself; the keyboard stays where it is. */
        gtk_toggle_button_set_active (self->calls_button, TRUE);
        arb_announce (GTK_WIDGET (self), said);
        break;
      }
    case ARB_FLOOR_INCIDENT:
      toast_incident (self, id);
      break;
    case ARB_FLOOR_RESULT:
      show_result (self, round, board);
      break;
    case ARB_FLOOR_CLOCK:
      _arb_window_floor_update_cards (self);
      break;
    }
}

/* The state shown: the menu's check, the team dialog's switch and the
 * address its sign-in gives. */
static void
set_serving (ArbWindow *self)
{
  GAction *serve = g_action_map_lookup_action (G_ACTION_MAP (self->floor_actions), "serve");

  g_simple_action_set_state (G_SIMPLE_ACTION (serve),
                             g_variant_new_boolean (self->team_server != NULL));
  if (self->team_dialog != NULL)
    arb_team_dialog_set_address (ARB_TEAM_DIALOG (self->team_dialog), self->team_address);
}

static void
start_service (ArbWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->tournament == NULL || self->team_server != NULL)
    return;
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      set_serving (self);
      return;
    }
  self->team_server = arb_team_server_new (self->tournament);
  self->team_address = listen_service (self->tournament, self->team_server, &error);
  if (self->team_address == NULL)
    {
      g_clear_object (&self->team_server);
      _arb_window_show_toast (self, arb_error_text (error));
    }
  else
    g_signal_connect (self->team_server, "entry-committed", G_CALLBACK (entry_committed_cb), self);
  set_serving (self);
}

static void
stop_service (ArbWindow *self)
{
  if (self->team_server != NULL)
    g_signal_handlers_disconnect_by_data (self->team_server, self);
  /* Disposing the server closes its socket and its connections. */
  if (self->team_server != NULL)
    g_object_run_dispose (G_OBJECT (self->team_server));
  g_clear_object (&self->team_server);
  g_clear_pointer (&self->team_address, g_free);
}

static void
serve_change_state_cb (GSimpleAction *action, GVariant *value, ArbWindow *self)
{
  if (g_variant_get_boolean (value))
    start_service (self);
  else
    {
      stop_service (self);
      set_serving (self);
      update_calls (self);
    }
}

/* The game of an entry: the window's own when it holds it, else read
 * from the file (NULL with @error when there is none). */
static ArbGame *
entry_game (ArbWindow *self, const ArbFloorRecord *r, GError **error)
{
  g_autoptr (GPtrArray) held = find_games (self, r->round, r->board);
  ArbGame *game;
  gint64 id;

  if (held->len > 0)
    return g_object_ref (held->pdata[0]);
  id = arb_tournament_find_game (self->tournament, r->round, r->board, error);
  if (id <= 0)
    return NULL;
  game = arb_game_load (self->tournament, id, &self->time_control, self->edition, error);
  if (game != NULL)
    arb_game_set_read_only (game, !_arb_window_round_is_writable (self, r->round));
  return game;
}

/* Rule… of an incident: the flow of the ruling the floor proposes, with
 * what the floor said as its note. The arbiter decides there; nothing is
 * applied until Confirm. */
static void
incident_rule_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (ArbFloorContent) content = { 0 };
  g_autofree char *note = NULL;
  const ArbFloorRecord *r;
  ArbRulingFlow flow = ARB_RULING_FLOW_PENALTY;
  const char *what = NULL;
  ArbRulingDialog *dialog;

  if (self->tournament == NULL)
    return;
  if (_arb_window_is_read_only (self))
    {
      _arb_window_say_read_only (self);
      return;
    }
  entries = arb_tournament_list_floor_entries (self->tournament, FALSE, &error);
  r = arb_floor_records_find (entries, g_variant_get_int64 (parameter));
  if (r != NULL)
    game = entry_game (self, r, &error);
  if (game == NULL)
    {
      if (error != NULL)
        _arb_window_show_toast (self, arb_error_text (error));
      return;
    }
  arb_floor_content_read (r, &content);
  if (g_strcmp0 (content.proposed, "illegal-move") == 0)
    flow = ARB_RULING_FLOW_ILLEGAL_MOVE;
  else if (g_strcmp0 (content.proposed, "draw-claim") == 0)
    flow = ARB_RULING_FLOW_DRAW_CLAIM;
  else if (g_strcmp0 (content.proposed, "device") == 0)
    what = "device"; /* 2023 Laws art. 11.3, in the Penalty flow */
  else if (g_strcmp0 (content.proposed, "late-arrival") == 0)
    what = "late-arrival"; /* 2023 Laws art. 6.7, in the Penalty flow */
  dialog = arb_ruling_actions_open (widget, game, flow);
  if (what != NULL)
    arb_ruling_dialog_set_fact (dialog, "what", what);
  note = content.text != NULL
           /* Translators: the note of a ruling: the floor arbiter, what they wrote */
           ? g_strdup_printf (_ ("Reported from the floor by %s: %s"), r->arbiter, content.text)
           /* Translators: the note of a ruling; %s the floor arbiter */
           : g_strdup_printf (_ ("Reported from the floor by %s"), r->arbiter);
  arb_ruling_dialog_set_fact (dialog, "note", note);
}

void
_arb_window_floor_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (ARB_TYPE_CALL_QUEUE);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, calls_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, calls_count);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, calls_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, call_queue);
  gtk_widget_class_install_action (widget_class, "win.floor-incident-rule", "x",
                                   incident_rule_action);
}

void
_arb_window_floor_init (ArbWindow *self)
{
  g_autoptr (GSimpleAction) serve =
    g_simple_action_new_stateful ("serve", NULL, g_variant_new_boolean (FALSE));

  self->floor_actions = g_simple_action_group_new ();
  self->floor_toasts = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (serve, "change-state", G_CALLBACK (serve_change_state_cb), self);
  g_simple_action_set_enabled (serve, FALSE);
  g_action_map_add_action (G_ACTION_MAP (self->floor_actions), G_ACTION (serve));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "floor", G_ACTION_GROUP (self->floor_actions));
  g_signal_connect (self->calls_button, "toggled", G_CALLBACK (calls_toggled_cb), self);
  g_signal_connect (self->call_queue, "answer", G_CALLBACK (answer_cb), self);
}

void
_arb_window_floor_opened (ArbWindow *self)
{
  GAction *serve = g_action_map_lookup_action (G_ACTION_MAP (self->floor_actions), "serve");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (serve), !_arb_window_is_read_only (self));
  update_calls (self);
}

void
_arb_window_floor_stop (ArbWindow *self)
{
  GAction *serve;

  if (self->floor_actions == NULL)
    return;
  serve = g_action_map_lookup_action (G_ACTION_MAP (self->floor_actions), "serve");
  stop_service (self);
  dismiss_toasts (self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (serve), FALSE);
  set_serving (self);
  /* Another event's calls are not this one's. */
  if (self->call_queue != NULL)
    arb_call_queue_set_calls (self->call_queue, NULL, NULL);
  if (self->calls_button != NULL)
    {
      gtk_toggle_button_set_active (self->calls_button, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->calls_button), FALSE);
    }
}

void
_arb_window_floor_dispose (ArbWindow *self)
{
  stop_service (self);
  for (guint i = 0; self->floor_toasts != NULL && i < self->floor_toasts->len; i++)
    g_signal_handlers_disconnect_by_data (self->floor_toasts->pdata[i], self);
  g_clear_pointer (&self->floor_toasts, g_ptr_array_unref);
  g_clear_object (&self->floor_actions);
}

void
_arb_window_floor_attach_dialog (ArbWindow *self, GtkWidget *dialog)
{
  gtk_widget_insert_action_group (dialog, "floor", G_ACTION_GROUP (self->floor_actions));
}
