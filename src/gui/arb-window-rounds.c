/* arb-window-rounds.c: the rounds of the event and their results
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-tournament-entries.h"

#include <string.h>

#include "arb-accessible.h"
#include "arb-announcer.h"
#include "arb-board-card.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-tournament-rounds.h"

/* Rounds with more boards than this get compact cards. */
#define COMPACT_FROM_BOARDS 20
/* Cards laid out at once: a few screenfuls. The others exist from the
 * start (for the search, the alerts and the keys) but stay hidden until
 * the main loop has nothing more urgent to do, after the window is up, so
 * that opening a round of hundreds of boards does not wait for the
 * measure of every card. */
#define CARDS_AT_ONCE 48

gboolean
_arb_window_round_is_writable (ArbWindow *self, int round)
{
  if (_arb_window_is_read_only (self))
    return FALSE;
  return round == self->last_round || round == self->unlocked_round;
}

ArbGame *
_arb_window_find_shown_game (ArbWindow *self, gint64 game_id)
{
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    if (arb_game_get_id (g_ptr_array_index (self->games, i)) == game_id)
      return g_ptr_array_index (self->games, i);
  return NULL;
}

static const ArbRoundInfo *
find_round_info (ArbWindow *self, int round)
{
  for (guint i = 0; self->rounds != NULL && i < self->rounds->len; i++)
    if (((ArbRoundInfo *) self->rounds->pdata[i])->number == round)
      return self->rounds->pdata[i];
  return NULL;
}

static gboolean
is_live (ArbWindow *self, ArbGame *game)
{
  return self->live_games != NULL && g_ptr_array_find (self->live_games, game, NULL);
}

void
_arb_window_clear_shown (ArbWindow *self)
{
  GtkWidget *child;

  arb_game_view_set_game (self->game_view, NULL);
  if (self->shown_cards != NULL)
    g_ptr_array_set_size (self->shown_cards, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid))) != NULL)
    gtk_flow_box_remove (self->board_grid, child);
  /* The games of the live round stay connected: their alerts come
   * whichever round is shown. */
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    if (!is_live (self, g_ptr_array_index (self->games, i)))
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->games, i), self);
  g_clear_pointer (&self->games, g_ptr_array_unref);
}

void
_arb_window_clear_live (ArbWindow *self)
{
  _arb_window_sources_stop_for_next_round (self);
  for (guint i = 0; self->live_games != NULL && i < self->live_games->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->live_games, i), self);
  g_clear_pointer (&self->live_games, g_ptr_array_unref);
  if (self->undo != NULL)
    g_ptr_array_set_size (self->undo, 0);
}

/* A bye by its TRF code, as the pairing program gave it. */
static const char *
bye_words (const char *code)
{
  switch (code != NULL ? code[0] : '\0')
    {
    case 'U':
      return _ ("pairing-allocated bye");
    case 'H':
      return _ ("half-point bye");
    case 'F':
      return _ ("full-point bye");
    case 'Z':
      return _ ("zero-point bye");
    default:
      return _ ("bye");
    }
}

/* What the desk recorded of the round's players (arb-round-entries.h):
 * the byes asked for it, who is withdrawn, who enters later; NULL when
 * nothing. */
static char *
desk_entries_text (ArbWindow *self, int round)
{
  g_autoptr (GPtrArray) entries = arb_tournament_list_entries (self->tournament, FALSE, NULL);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];
      g_autoptr (ArbPlayerInfo) player = NULL;
      const char *name;

      if ((e->kind == ARB_ENTRY_BYE && e->round != round) ||
          (e->kind == ARB_ENTRY_WITHDRAWAL && e->round > round) ||
          (e->kind == ARB_ENTRY_LATE && e->round < round))
        continue;
      player = arb_tournament_get_player (self->tournament, e->player_id, NULL);
      name = player != NULL ? player->name : "?";
      g_string_append (text, text->len == 0 ? "" : " · ");
      if (e->kind == ARB_ENTRY_BYE)
        /* Translators: under the boards: a player and the bye asked for ("half-point bye") */
        g_string_append_printf (text, _ ("%s asked for a %s"), name,
                                bye_words (e->code == 'H' ? "H" : "Z"));
      else if (e->kind == ARB_ENTRY_WITHDRAWAL)
        /* Translators: under the boards: a player, the first round of absence */
        g_string_append_printf (text, _ ("%s withdrawn from round %d"), name, e->round);
      else if (e->round == round)
        /* Translators: under the boards: a late entry who plays from this round */
        g_string_append_printf (text, _ ("%s enters late"), name);
      else
        /* Translators: under the boards: a late entry, the round the player enters */
        g_string_append_printf (text, _ ("%s enters in round %d"), name, e->round);
    }
  if (text->len == 0)
    return NULL;
  /* Translators: under the boards: what the desk recorded of the round's players */
  return g_strdup_printf (_ ("At the desk: %s"), text->str);
}

/* The byes of the round under its boards: who, and which kind; the
 * summary only counted them. */
static void
show_byes (ArbWindow *self, int round)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) infos = arb_tournament_list_games (self->tournament, round, NULL);

  if (infos == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->byes_label), FALSE);
      return;
    }

  for (guint i = 0; i < infos->len; i++)
    {
      const ArbGameInfo *info = g_ptr_array_index (infos, i);
      g_autoptr (ArbPlayerInfo) player = NULL;

      if (info->black_id != 0)
        continue;
      player = arb_tournament_get_player (self->tournament, info->white_id, NULL);
      g_string_append (text, text->len == 0 ? "" : " · ");
      /* Translators: a player with a bye and its kind: "Ek, Lars (half-point bye)" */
      g_string_append_printf (text, _ ("%s (%s)"), player != NULL ? player->name : "?",
                              bye_words (info->bye_code));
    }
  {
    g_autofree char *desk = desk_entries_text (self, round);
    g_autofree char *line = NULL;

    if (text->len > 0)
      /* Translators: the round's byes, under its boards */
      line = g_strdup_printf (_ ("Byes: %s"), text->str);
    if (desk != NULL)
      {
        char *both = line != NULL ? g_strdup_printf ("%s\n%s", line, desk) : g_strdup (desk);

        g_free (line);
        line = both;
      }
    if (line != NULL)
      gtk_label_set_text (self->byes_label, line);
    gtk_widget_set_visible (GTK_WIDGET (self->byes_label), line != NULL);
  }
}

void
_arb_window_update_byes (ArbWindow *self)
{
  if (self->tournament != NULL && self->round > 0)
    show_byes (self, self->round);
}

static GPtrArray *
load_games (ArbWindow *self, int round, gboolean read_only, GError **error)
{
  g_autoptr (GPtrArray) infos = arb_tournament_list_games (self->tournament, round, error);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  if (infos == NULL)
    return NULL;
  for (guint i = 0; i < infos->len; i++)
    {
      ArbGameInfo *info = g_ptr_array_index (infos, i);
      ArbGame *game;

      /* A bye is not a game on a board; the round's summary counts it. */
      if (info->black_id == 0)
        continue;
      game = arb_game_load (self->tournament, info->id, &self->time_control, self->edition, error);
      if (game == NULL)
        return NULL;
      arb_game_set_read_only (game, read_only);
      g_ptr_array_add (games, game);
      /* Every clock opens stopped; the record says so too. */
      {
        g_autoptr (GError) pause_error = NULL;

        if (!arb_game_record_opening_pause (game, &pause_error))
          g_warning ("Round %d board %d: the stopped clock could not be recorded: %s", info->round,
                     info->board, pause_error->message);
      }
    }
  return g_steal_pointer (&games);
}

/* "Round 3 is finished and shown for reading" or "open for corrections". */
static void
update_closed_banner (ArbWindow *self)
{
  g_autofree char *text = NULL;
  gboolean earlier = self->round != 0 && self->round != self->last_round;

  gtk_revealer_set_reveal_child (self->closed_revealer,
                                 earlier && !_arb_window_is_read_only (self));
  if (!earlier)
    return;
  if (self->round == self->unlocked_round)
    {
      text = g_strdup_printf (_ ("Round %d is open for corrections. Results entered now are "
                                 "logged with your name."),
                              self->round);
      gtk_button_set_label (self->unlock_button, _ ("_Lock"));
    }
  else
    {
      text = g_strdup_printf (
        _ ("Round %d is an earlier round: it can be read, not changed, unless you unlock it to "
           "correct a result."),
        self->round);
      gtk_button_set_label (self->unlock_button, _ ("_Unlock to Correct…"));
    }
  gtk_label_set_text (self->closed_label, text);
}

void
_arb_window_update_results_summary (ArbWindow *self)
{
  const ArbRoundInfo *info = find_round_info (self, self->round);
  guint finished = 0, playing = 0, adjourned = 0, byes = 0;
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);

      if (arb_game_is_finished (game))
        finished++;
      else if (arb_game_is_adjourned (game))
        adjourned++;
      else
        playing++;
    }
  if (info != NULL && self->games != NULL && (guint) info->n_games > self->games->len)
    byes = (guint) info->n_games - self->games->len;

  /* Translators: the results desk's count of the round's boards */
  g_string_append_printf (text, ngettext ("%u finished", "%u finished", finished), finished);
  g_string_append (text, " · ");
  g_string_append_printf (text, ngettext ("%u playing", "%u playing", playing), playing);
  if (adjourned > 0)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u adjourned", "%u adjourned", adjourned),
                              adjourned);
    }
  if (byes > 0)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u bye", "%u byes", byes), byes);
    }
  gtk_label_set_text (self->results_summary, text->str);
  _arb_window_update_team_matches (self);
}

static void
select_round_in_dropdown (ArbWindow *self)
{
  for (guint i = 0; self->rounds != NULL && i < self->rounds->len; i++)
    if (((ArbRoundInfo *) self->rounds->pdata[i])->number == self->round &&
        gtk_drop_down_get_selected (self->round_dropdown) != i)
      {
        g_object_set_data (G_OBJECT (self->round_dropdown), "arb-updating", GINT_TO_POINTER (1));
        gtk_drop_down_set_selected (self->round_dropdown, i);
        g_object_set_data (G_OBJECT (self->round_dropdown), "arb-updating", NULL);
      }
}

static gboolean
show_rest_cards (gpointer data)
{
  ArbWindow *self = data;

  self->rest_cards_id = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_visible (child, TRUE);
  _arb_window_queue_update_shown_cards (self);
  return G_SOURCE_REMOVE;
}

/* The round being played: its games stay loaded and connected whichever
 * round is shown, for their alerts and their sources. */
static gboolean
load_live (ArbWindow *self, GError **error)
{
  g_autoptr (GPtrArray) games = load_games (
    self, self->last_round, !_arb_window_round_is_writable (self, self->last_round), error);

  if (games == NULL)
    return FALSE;
  _arb_window_note_known_alerts (self, games);
  _arb_window_clear_live (self);
  self->live_games = g_steal_pointer (&games);
  for (guint i = 0; i < self->live_games->len; i++)
    g_signal_connect (g_ptr_array_index (self->live_games, i), "changed",
                      G_CALLBACK (_arb_window_game_changed_cb), self);
  _arb_window_sources_start (self);
  return TRUE;
}

gboolean
_arb_window_show_round (ArbWindow *self, int round, GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  gboolean writable = _arb_window_round_is_writable (self, round);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  int focused_board = 0;
  gboolean other_round;

  g_return_val_if_fail (self->tournament != NULL, FALSE);

  /* An unlocked round locks again when the arbiter leaves it: a
   * correction is made there and then, not by a later slip. */
  if (self->unlocked_round != 0 && round != self->unlocked_round)
    {
      self->unlocked_round = 0;
      g_clear_pointer (&self->unlock_reason, g_free);
      writable = _arb_window_round_is_writable (self, round);
    }

  /* A card with the keyboard focus goes with its round: the focus moves to
   * the same board of the round shown, so the keys go on working. */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board_grid)))
    for (GtkWidget *w = focus; w != NULL && focused_board == 0; w = gtk_widget_get_parent (w))
      if (ARB_IS_BOARD_CARD (w))
        focused_board = arb_game_get_board (arb_board_card_get_game (ARB_BOARD_CARD (w)));

  if (round == self->last_round)
    {
      if (self->live_games == NULL && !load_live (self, error))
        return FALSE;
      games = g_ptr_array_ref (self->live_games);
    }
  else
    {
      games = load_games (self, round, !writable, error);
      if (games == NULL)
        return FALSE;
      _arb_window_note_known_alerts (self, games);
    }

  _arb_window_clear_shown (self);
  self->games = g_steal_pointer (&games);
  other_round = self->round != round;
  self->round = round;
  show_byes (self, round);
  _arb_window_desk_round_shown (self, other_round);
  for (guint i = 0; i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);
      GtkWidget *card = arb_board_card_new (game);

      arb_board_card_set_compact (ARB_BOARD_CARD (card), self->games->len > COMPACT_FROM_BOARDS);
      gtk_flow_box_append (self->board_grid, card);
      if (i >= CARDS_AT_ONCE)
        gtk_widget_set_visible (card, FALSE);
      if (!is_live (self, game))
        g_signal_connect (game, "changed", G_CALLBACK (_arb_window_game_changed_cb), self);
    }

  select_round_in_dropdown (self);
  update_closed_banner (self);
  _arb_window_update_round_subtitle (self);
  _arb_window_update_results_summary (self);
  _arb_window_update_round_page (self);
  _arb_window_update_clock_actions (self);
  _arb_window_apply_view_settings (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-round",
                                 self->rounds != NULL && self->rounds->len > 0 &&
                                   ((ArbRoundInfo *) self->rounds->pdata[0])->number < round);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-round", round < self->last_round);
  _arb_window_sources_update_cards (self);
  _arb_window_floor_update_cards (self);
  _arb_window_update_shown_cards (self);
  _arb_window_queue_update_shown_cards (self);
  g_clear_handle_id (&self->rest_cards_id, g_source_remove);
  if (self->games->len > CARDS_AT_ONCE)
    self->rest_cards_id = g_idle_add_full (G_PRIORITY_LOW, show_rest_cards, self, NULL);
  if (focused_board > 0 && self->games->len > 0)
    {
      ArbGame *target = g_ptr_array_index (self->games, 0);

      for (guint i = 0; i < self->games->len; i++)
        if (arb_game_get_board (g_ptr_array_index (self->games, i)) == focused_board)
          target = g_ptr_array_index (self->games, i);
      /* The board may be past the cards laid out at once: all show now. */
      if (self->rest_cards_id != 0)
        {
          g_clear_handle_id (&self->rest_cards_id, g_source_remove);
          show_rest_cards (self);
        }
      _arb_window_focus_game (self, target);
    }
  return TRUE;
}

gboolean
_arb_window_load_rounds (ArbWindow *self, int round, GError **error)
{
  g_autoptr (GPtrArray) rounds = arb_tournament_list_rounds (self->tournament, error);
  int last = 0;
  gboolean shown;

  if (rounds == NULL)
    return FALSE;
  g_clear_pointer (&self->rounds, g_ptr_array_unref);
  self->rounds = g_steal_pointer (&rounds);

  {
    g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
    g_auto (GStrv) strv = NULL;

    for (guint i = 0; i < self->rounds->len; i++)
      {
        const ArbRoundInfo *info = self->rounds->pdata[i];
        g_autofree char *name = g_strdup_printf (_ ("Round %d"), info->number);

        g_strv_builder_add (names, name);
        last = MAX (last, info->number);
      }
    strv = g_strv_builder_end (names);
    g_object_set_data (G_OBJECT (self->round_dropdown), "arb-updating", GINT_TO_POINTER (1));
    gtk_string_list_splice (self->round_names, 0,
                            g_list_model_get_n_items (G_LIST_MODEL (self->round_names)),
                            (const char *const *) strv);
    g_object_set_data (G_OBJECT (self->round_dropdown), "arb-updating", NULL);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), self->rounds->len > 0);

  /* A new last round: the round being played moves on, and the games of
   * the one before become an earlier round's. */
  if (last != self->last_round)
    {
      _arb_window_clear_shown (self);
      _arb_window_clear_live (self);
      self->last_round = last;
      if (self->unlocked_round == last)
        self->unlocked_round = 0;
    }
  if (last == 0)
    {
      _arb_window_clear_shown (self);
      self->round = 0;
      _arb_window_update_round_subtitle (self);
      _arb_window_update_round_page (self);
      update_closed_banner (self);
      _arb_window_sources_close_stale_dialog (self);
      return TRUE;
    }
  if (round == 0 || find_round_info (self, round) == NULL)
    round = last;
  /* A new round being played is followed at once (its sources, its
   * alerts), whichever round the arbiter is looking at. */
  shown = (self->live_games != NULL || load_live (self, error)) &&
          _arb_window_show_round (self, round, error);
  _arb_window_sources_close_stale_dialog (self);
  return shown;
}

static void
show_round_or_say (ArbWindow *self, int round)
{
  g_autoptr (GError) error = NULL;

  if (self->tournament == NULL || round == self->round)
    return;
  if (!_arb_window_show_round (self, round, &error))
    {
      g_autofree char *message =
        g_strdup_printf (_ ("Round %d cannot be shown: %s"), round, arb_error_text (error));
      arb_window_show_error (self, message);
    }
  else
    {
      g_autofree char *message = g_strdup_printf (_ ("Round %d"), round);

      arb_announce (GTK_WIDGET (self), message);
    }
}

static void
round_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, ArbWindow *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (g_object_get_data (G_OBJECT (dropdown), "arb-updating") != NULL || self->rounds == NULL ||
      selected >= self->rounds->len)
    return;
  show_round_or_say (self, ((ArbRoundInfo *) self->rounds->pdata[selected])->number);
}

static void
step_round_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  int step = g_str_equal (action_name, "win.next-round") ? 1 : -1;

  for (guint i = 0; self->rounds != NULL && i < self->rounds->len; i++)
    if (((ArbRoundInfo *) self->rounds->pdata[i])->number == self->round)
      {
        int k = (int) i + step;

        if (k >= 0 && k < (int) self->rounds->len)
          show_round_or_say (self, ((ArbRoundInfo *) self->rounds->pdata[k])->number);
        return;
      }
}

static void
show_round_number_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  int round = g_variant_get_int32 (parameter);

  if (find_round_info (self, round) != NULL)
    show_round_or_say (self, round);
}

/* The arbiters of the event: the name in Preferences first, then the
 * chief arbiter and the deputies the event names. */
void
_arb_window_update_arbiters (ArbWindow *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_auto (GStrv) strv = NULL;
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *mine =
    self->settings != NULL ? g_settings_get_string (self->settings, "arbiter-name") : NULL;
  g_auto (GStrv) event_arbiters = NULL;

  if (mine != NULL && g_strstrip (mine)[0] != '\0')
    g_ptr_array_add (seen, g_strdup (mine));
  if (self->tournament != NULL)
    event_arbiters = arb_tournament_list_arbiters (self->tournament, NULL);
  for (guint i = 0; event_arbiters != NULL && event_arbiters[i] != NULL; i++)
    if (!g_ptr_array_find_with_equal_func (seen, event_arbiters[i], g_str_equal, NULL))
      g_ptr_array_add (seen, g_strdup (event_arbiters[i]));
  for (guint i = 0; i < seen->len; i++)
    g_strv_builder_add (names, seen->pdata[i]);
  strv = g_strv_builder_end (names);
  gtk_string_list_splice (self->arbiter_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->arbiter_names)),
                          (const char *const *) strv);
  gtk_widget_set_visible (GTK_WIDGET (self->arbiter_dropdown), seen->len > 1);
  gtk_drop_down_set_selected (self->arbiter_dropdown, 0);
}

char *
_arb_window_dup_arbiter (ArbWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->arbiter_dropdown);

  if (selected < g_list_model_get_n_items (G_LIST_MODEL (self->arbiter_names)))
    return g_strdup (gtk_string_list_get_string (self->arbiter_names, selected));
  return NULL;
}

/**
 * arb_window_get_byes_text:
 * @self: the window
 *
 * Returns: (nullable): the round's byes as the line under its boards
 *   says them, or %NULL when it has none
 */
const char *
arb_window_get_byes_text (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->byes_label))
           ? gtk_label_get_text (self->byes_label)
           : NULL;
}

char *
arb_window_dup_arbiter (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);

  return _arb_window_dup_arbiter (self);
}

/* Unlocking an earlier round: who and why go into the audit log first. */
static void
unlock_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  GtkEditable *reason = g_object_get_data (G_OBJECT (dialog), "arb-reason");
  int round = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-round"));
  g_autofree char *arbiter = NULL;
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "unlock") != 0 || self->tournament == NULL || round != self->round)
    return;
  arbiter = _arb_window_dup_arbiter (self);
  if (!arb_tournament_unlock_round (self->tournament, round, arbiter,
                                    gtk_editable_get_text (reason), &error))
    {
      arb_window_show_error (self, arb_error_text (error));
      return;
    }
  self->unlocked_round = round;
  g_free (self->unlock_reason);
  self->unlock_reason = g_strstrip (g_strdup (gtk_editable_get_text (reason)));
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    arb_game_set_read_only (g_ptr_array_index (self->games, i), FALSE);
  update_closed_banner (self);
}

/* No unlocking without a reason: it is recorded with every correction. */
static void
unlock_reason_changed_cb (GtkEditable *entry, AdwMessageDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "unlock", *text != '\0');
}

static void
unlock_round_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  AdwMessageDialog *dialog;
  GtkWidget *entry;
  g_autofree char *heading = NULL;

  if (self->round == 0 || self->round == self->last_round || _arb_window_is_read_only (self))
    return;
  if (self->round == self->unlocked_round)
    {
      /* Locking again needs no reason: nothing can change through it. */
      self->unlocked_round = 0;
      g_clear_pointer (&self->unlock_reason, g_free);
      for (guint i = 0; self->games != NULL && i < self->games->len; i++)
        arb_game_set_read_only (g_ptr_array_index (self->games, i), TRUE);
      update_closed_banner (self);
      return;
    }
  heading = g_strdup_printf (_ ("Unlock Round %d?"), self->round);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    GTK_WINDOW (self), heading,
    _ ("Results of this round can then be corrected. The unlocking, its reason and each "
       "correction are logged with the arbiter’s name.")));
  /* The rounds paired after it rest on its results. */
  {
    g_autofree char *later = g_strdup_printf (
      /* Translators: %d is the last round, paired from the results */
      ngettext ("Round %d was paired from these results: a corrected result means the pairing "
                "program must pair it again.",
                "Rounds up to %d were paired from these results: a corrected result means the "
                "pairing program must pair them again.",
                (gulong) (self->last_round - self->round)),
      self->last_round);
    g_autofree char *text =
      g_strdup_printf ("%s\n\n%s", adw_message_dialog_get_body (dialog), later);

    adw_message_dialog_set_body (dialog, text);
  }
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("Reason, e.g. wrong result on board 4"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Reason"), -1);
  adw_message_dialog_set_extra_child (dialog, entry);
  adw_message_dialog_add_responses (dialog, "cancel", _ ("_Cancel"), "unlock", _ ("_Unlock"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "unlock", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "unlock");
  adw_message_dialog_set_close_response (dialog, "cancel");
  adw_message_dialog_set_response_enabled (dialog, "unlock", FALSE);
  g_signal_connect_object (entry, "changed", G_CALLBACK (unlock_reason_changed_cb), dialog, 0);
  g_object_set_data (G_OBJECT (dialog), "arb-reason", entry);
  g_object_set_data (G_OBJECT (dialog), "arb-round", GINT_TO_POINTER (self->round));
  g_signal_connect_object (dialog, "response", G_CALLBACK (unlock_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_arb_window_rounds_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, round_names);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, results_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, closed_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, closed_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, unlock_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, results_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, results_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, results_summary);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, results_feedback);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, arbiter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, arbiter_names);
  gtk_widget_class_bind_template_callback (widget_class, round_selected_cb);

  gtk_widget_class_install_action (widget_class, "win.previous-round", NULL, step_round_action);
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, step_round_action);
  gtk_widget_class_install_action (widget_class, "win.show-round-number", "i",
                                   show_round_number_action);
  gtk_widget_class_install_action (widget_class, "win.unlock-round", NULL, unlock_round_action);
  _arb_window_boards_class_init (widget_class);
}

void
_arb_window_rounds_init (ArbWindow *self)
{
  GtkEventController *round_keys = gtk_shortcut_controller_new ();

  /* The round keys before the grid's scrolled window, which takes
   * Ctrl+Page Up/Down for itself (a page to the side) when a card has the
   * focus. */
  gtk_event_controller_set_propagation_phase (round_keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (round_keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Page_Up, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.previous-round")));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (round_keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Page_Down, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.next-round")));
  gtk_widget_add_controller (GTK_WIDGET (self), round_keys);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-round", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-round", FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), FALSE);
  /* The same names as the template gives the drop-downs, for the buttons
   * inside them that take the focus. */
  arb_accessible_label_drop_down (self->round_dropdown, _ ("Round"));
  arb_accessible_label_drop_down (self->arbiter_dropdown, _ ("Entered by"));
}

void
_arb_window_rounds_dispose (ArbWindow *self)
{
  g_clear_pointer (&self->rounds, g_ptr_array_unref);
  g_clear_pointer (&self->unlock_reason, g_free);
}
