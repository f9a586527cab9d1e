/* arb-window.c: the main window of the workstation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-i18n.h"

#include "arb-announcer.h"
#include "arb-board-card.h"
#include "arb-board-paint.h"
#include "arb-broadcast-dialog.h"
#include "arb-game-view.h"
#include "arb-publish-dialog.h"
#include "arb-reconstruct-dialog.h"
#include "arb-rulings-log.h"
#include "arb-san-letters.h"

G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)

/* Rounds with more boards than this get compact cards. */
#define COMPACT_FROM_BOARDS 20

gboolean
_arb_window_on_game_page (ArbWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") == 0;
}

static gboolean
tick_cb (gpointer data)
{
  ArbWindow *self = data;

  self->tick_id = 0;
  _arb_window_schedule_tick (self);
  return G_SOURCE_REMOVE;
}

/* The one tick source of the window: every view says when its text next
 * changes, and the window sleeps until the earliest of those moments.
 *
 * On the round only the cards in view tick, and their changes are drawn
 * together: the wake-up is put on a grid of half a second (a tenth when
 * a clock shows tenths), so that a round of clocks whose seconds turn at
 * different instants is two redraws a second, not one for each clock. A
 * card's time may show up to that much late; the clocks themselves keep
 * exact time, flags fall at their instant (arb-clock.h), and the game
 * view's clocks tick on the second. */
void
_arb_window_schedule_tick (ArbWindow *self)
{
  gint64 next = G_MAXINT64;

  if (_arb_window_on_game_page (self))
    next = arb_game_view_tick (self->game_view);
  else
    for (guint i = 0; self->shown_cards != NULL && i < self->shown_cards->len; i++)
      next = MIN (next, arb_board_card_tick (g_ptr_array_index (self->shown_cards, i)));

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (next != G_MAXINT64)
    {
      guint ms;

      if (!_arb_window_on_game_page (self))
        {
          gint64 grid = next <= G_USEC_PER_SEC / 10 ? G_USEC_PER_SEC / 10 : G_USEC_PER_SEC / 2;
          gint64 now = g_get_monotonic_time ();
          gint64 at = (now + next + grid - 1) / grid * grid;

          next = at - now;
        }
      ms = (guint) CLAMP ((next + 999) / 1000, 1, 1000);
      self->tick_id = g_timeout_add_full (G_PRIORITY_HIGH_IDLE, ms, tick_cb, self, NULL);
    }
}

/* Which cards are in view, after the round scrolled, was resized or
 * filtered: those tick, the others wait until they come into view. */
void
_arb_window_update_shown_cards (ArbWindow *self)
{
  GtkWidget *viewport = GTK_WIDGET (self->grid_scroller);
  int height;

  /* Done now: a look queued for later is not needed any more. */
  g_clear_handle_id (&self->shown_idle_id, g_source_remove);
  if (viewport == NULL) /* the window is going */
    return;
  height = gtk_widget_get_height (viewport);
  g_ptr_array_set_size (self->shown_cards, 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;
      gboolean shown;

      if (!ARB_IS_BOARD_CARD (child))
        continue;
      /* Before the first layout nothing is known: every card counts. A
       * screen's height either side is drawn ahead, so that scrolling
       * shows cards that are ready. */
      shown = height <= 0 ||
              (gtk_widget_get_child_visible (child) && gtk_widget_get_mapped (child) &&
               gtk_widget_compute_bounds (child, viewport, &bounds) &&
               bounds.origin.y < 2 * height && bounds.origin.y + bounds.size.height > -height);
      arb_board_card_set_shown (ARB_BOARD_CARD (child), shown);
      if (shown)
        g_ptr_array_add (self->shown_cards, child);
    }
  _arb_window_schedule_tick (self);
}

static gboolean
update_shown_cards_idle (gpointer data)
{
  ArbWindow *self = data;

  self->shown_idle_id = 0;
  _arb_window_update_shown_cards (self);
  return G_SOURCE_REMOVE;
}

void
_arb_window_queue_update_shown_cards (ArbWindow *self)
{
  /* After the layout that moved the cards. */
  if (self->shown_idle_id == 0)
    self->shown_idle_id =
      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, update_shown_cards_idle, self, NULL);
}

static void
grid_moved_cb (GtkAdjustment *adjustment, ArbWindow *self)
{
  _arb_window_queue_update_shown_cards (self);
}

void
_arb_window_update_clock_actions (ArbWindow *self)
{
  gboolean any_running = FALSE;
  gboolean any_paused = FALSE;
  gboolean writable = !_arb_window_is_read_only (self);

  /* The clocks of the round being played, whichever round is shown; and
   * only those Arbiter keeps: a clock on the table alone is not Arbiter's
   * to pause or start. */
  for (guint i = 0; self->live_games != NULL && i < self->live_games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->live_games, i);
      ArbClock *clock = arb_game_get_clock (game);

      if (arb_game_is_finished (game) || arb_game_is_adjourned (game) ||
          !arb_game_is_clock_kept (game))
        continue;
      if (arb_clock_is_running (clock))
        any_running = TRUE;
      else if (!arb_game_has_flag_fallen (game, NULL))
        any_paused = TRUE;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause-all", writable && any_running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resume-all", writable && any_paused);
  gtk_revealer_set_reveal_child (self->paused_revealer, writable &&
                                                          self->round == self->last_round &&
                                                          any_paused && !any_running);
}

/* "Round 3 · 64 boards · 12 finished": what the arbiter counts at a
 * glance. */
void
_arb_window_update_round_subtitle (ArbWindow *self)
{
  g_autofree char *boards = NULL;
  g_autofree char *subtitle = NULL;
  guint finished = 0;

  if (self->games == NULL || self->round == 0)
    {
      adw_window_title_set_subtitle (self->round_title, _ ("No rounds yet"));
      return;
    }
  for (guint i = 0; i < self->games->len; i++)
    finished += arb_game_is_finished (g_ptr_array_index (self->games, i));
  boards =
    g_strdup_printf (ngettext ("Round %d · %u board", "Round %d · %u boards", self->games->len),
                     self->round, self->games->len);
  if (finished > 0)
    /* Translators: "Round 3 · 64 boards" and the number of finished games */
    subtitle = g_strdup_printf (ngettext ("%s · %u finished", "%s · %u finished", finished), boards,
                                finished);
  adw_window_title_set_subtitle (self->round_title, subtitle != NULL ? subtitle : boards);
}

/* The automatic end of a game in words, for an alert; NULL for one the
 * move itself says when it is played on the board shown (checkmate and
 * stalemate), or for none. */
static const char *
automatic_end_words (ArbGame *game, gboolean shown)
{
  ArbGameEventKind end;
  guint ply;

  if (!arb_game_status_get_end (arb_game_get_status (game), &end, &ply))
    return NULL;
  switch (end)
    {
    case ARB_GAME_EVENT_DEAD_POSITION:
      return _ ("dead position; the game is drawn.");
    case ARB_GAME_EVENT_FIVEFOLD:
      return _ ("fivefold repetition; the game is drawn.");
    case ARB_GAME_EVENT_SEVENTY_FIVE:
      return _ ("75 moves without a capture or a pawn move; the game is drawn.");
    case ARB_GAME_EVENT_CHECKMATE:
      return shown ? NULL : _ ("checkmate.");
    case ARB_GAME_EVENT_STALEMATE:
      return shown ? NULL : _ ("stalemate; the game is drawn.");
    case ARB_GAME_EVENT_THREEFOLD:
    case ARB_GAME_EVENT_FIFTY:
    default:
      return NULL;
    }
}

/* Alerts from any board of the round are said to the screen reader where
 * the keyboard is, without moving it. */
static void
announce_alerts (ArbWindow *self, ArbGame *game)
{
  gpointer key = GINT_TO_POINTER ((int) arb_game_get_id (game));
  gboolean shown =
    _arb_window_on_game_page (self) && arb_game_view_get_game (self->game_view) == game;
  ArbColor side;
  const char *end;

  if (arb_game_has_flag_fallen (game, &side) && !g_hash_table_contains (self->flags_announced, key))
    {
      g_autofree char *message =
        /* Translators: an alert: "Board 4: White’s flag has fallen." */
        g_strdup_printf (side == ARB_WHITE ? _ ("Board %d: White’s flag has fallen.")
                                           : _ ("Board %d: Black’s flag has fallen."),
                         arb_game_get_board (game));

      g_hash_table_add (self->flags_announced, key);
      arb_announce (GTK_WIDGET (self), message);
      if (self->settings != NULL && g_settings_get_boolean (self->settings, "flag-sound"))
        gdk_display_beep (gtk_widget_get_display (GTK_WIDGET (self)));
    }
  if (!g_hash_table_contains (self->ends_announced, key) &&
      arb_game_status_get_end (arb_game_get_status (game), NULL, NULL))
    {
      g_hash_table_add (self->ends_announced, key);
      end = automatic_end_words (game, shown);
      if (end != NULL)
        {
          /* Translators: an alert: "Board 4: dead position; the game is drawn." */
          g_autofree char *message =
            g_strdup_printf (_ ("Board %d: %s"), arb_game_get_board (game), end);

          arb_announce (GTK_WIDGET (self), message);
        }
    }
}

void
_arb_window_game_changed_cb (ArbGame *game, ArbWindow *self)
{
  announce_alerts (self, game);
  _arb_window_update_clock_actions (self);
  _arb_window_update_round_subtitle (self);
  if (gtk_widget_get_visible (GTK_WIDGET (self->match_panel)))
    _arb_window_update_team_matches (self);
  if (gtk_toggle_button_get_active (self->attention_button))
    gtk_flow_box_invalidate_filter (self->board_grid);
  _arb_window_schedule_tick (self);
}

void
_arb_window_show_toast (ArbWindow *self, const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (message, -1);
  g_autofree char *escaped = g_markup_escape_text (valid, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error (ArbWindow *self, const char *message)
{
  /* A toast's title is Pango markup (libadwaita 1.2 has no switch for
   * it): a file name with '&' or '<', or bytes that are not UTF-8, must
   * show as written. */
  g_autofree char *valid = g_utf8_make_valid (message, -1);
  g_autofree char *escaped = g_markup_escape_text (valid, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static gboolean
filter_func (GtkFlowBoxChild *child, gpointer data)
{
  ArbWindow *self = data;

  if (!ARB_IS_BOARD_CARD (child))
    return FALSE;
  if (gtk_toggle_button_get_active (self->attention_button) &&
      !arb_board_card_needs_attention (ARB_BOARD_CARD (child)))
    return FALSE;
  if (self->query == NULL || self->query[0] == '\0')
    return TRUE;
  return arb_board_card_matches (ARB_BOARD_CARD (child), self->query);
}

static guint
count_visible_cards (ArbWindow *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (filter_func (GTK_FLOW_BOX_CHILD (child), self))
      n++;
  return n;
}

void
_arb_window_update_round_page (ArbWindow *self)
{
  if (self->games == NULL || self->games->len == 0)
    gtk_stack_set_visible_child_name (self->round_stack, "no-games");
  else if (count_visible_cards (self) == 0)
    gtk_stack_set_visible_child_name (self->round_stack, "no-results");
  else
    gtk_stack_set_visible_child_name (self->round_stack, "grid");
}

static void
attention_toggled_cb (GtkToggleButton *button, ArbWindow *self)
{
  gtk_flow_box_invalidate_filter (self->board_grid);
  _arb_window_update_round_page (self);
}

static void
search_changed_cb (GtkSearchEntry *entry, ArbWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_free (self->query);
  self->query = stripped[0] != '\0' ? g_utf8_casefold (stripped, -1) : NULL;
  gtk_flow_box_invalidate_filter (self->board_grid);
  _arb_window_update_round_page (self);
}

static GtkFlowBoxChild *
first_visible_card (ArbWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (filter_func (GTK_FLOW_BOX_CHILD (child), self))
      return GTK_FLOW_BOX_CHILD (child);
  return NULL;
}

static void
open_game (ArbWindow *self, ArbGame *game)
{
  const ArbPlayerInfo *white = arb_game_get_player (game, ARB_WHITE);
  const ArbPlayerInfo *black = arb_game_get_player (game, ARB_BLACK);
  g_autofree char *title = g_strdup_printf (_ ("Board %d"), arb_game_get_board (game));
  g_autofree char *subtitle = g_strdup_printf ("%s – %s", white != NULL ? white->name : _ ("Bye"),
                                               black != NULL ? black->name : _ ("Bye"));

  adw_window_title_set_title (self->game_title, title);
  adw_window_title_set_subtitle (self->game_title, subtitle);
  {
    /* Translators: the game page as a screen reader names it: "Board 3: Carlsen – Nakamura" */
    g_autofree char *page = g_strdup_printf (_ ("%s: %s"), title, subtitle);

    gtk_accessible_update_property (
      GTK_ACCESSIBLE (gtk_stack_get_page (self->main_stack,
                                          gtk_stack_get_child_by_name (self->main_stack, "game"))),
      GTK_ACCESSIBLE_PROPERTY_LABEL, page, -1);
  }
  arb_game_view_set_game (self->game_view, game);
  gtk_stack_set_visible_child_name (self->main_stack, "game");
  gtk_widget_grab_focus (arb_game_view_get_board (self->game_view));
  _arb_window_schedule_tick (self);
}

static void
search_activate_cb (GtkSearchEntry *entry, ArbWindow *self)
{
  GtkFlowBoxChild *card = first_visible_card (self);

  if (card != NULL)
    open_game (self, arb_board_card_get_game (ARB_BOARD_CARD (card)));
}

static void
search_stop_cb (GtkSearchEntry *entry, ArbWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
}

/* A search out of sight filters nothing: however the bar was closed (its
 * entry's Escape, the search button, Escape with a card focused), a
 * closed bar would otherwise hide boards with no word of why. */
static void
search_mode_cb (GtkSearchBar *bar, GParamSpec *pspec, ArbWindow *self)
{
  if (self->search_entry != NULL && !gtk_search_bar_get_search_mode (bar) &&
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* A search belongs to the file it was typed for: names and boards of one
 * tournament mean nothing in another, and a filter carried over would
 * hide the new file's boards. So does "boards that need me". */
static void
clear_search (ArbWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
  g_clear_pointer (&self->query, g_free);
  gtk_toggle_button_set_active (self->attention_button, FALSE);
}

static void
board_activated_cb (GtkFlowBox *box, GtkFlowBoxChild *child, ArbWindow *self)
{
  if (ARB_IS_BOARD_CARD (child))
    open_game (self, arb_board_card_get_game (ARB_BOARD_CARD (child)));
}

void
_arb_window_apply_view_settings (ArbWindow *self)
{
  g_autofree char *theme =
    self->settings != NULL ? g_settings_get_string (self->settings, "board-theme") : NULL;

  /* The desktop's high contrast wins over the board colours chosen. */
  if (adw_style_manager_get_high_contrast (adw_style_manager_get_default ()))
    {
      g_free (theme);
      theme = g_strdup (ARB_BOARD_THEME_HIGH_CONTRAST);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child))
      arb_board_card_set_theme (ARB_BOARD_CARD (child), theme);
  arb_game_view_set_theme (self->game_view, theme);
  if (self->settings != NULL)
    arb_game_view_set_notation (
      self->game_view, (ArbNotationStyle) g_settings_get_enum (self->settings, "notation"));
}

static void
settings_changed_cb (GSettings *settings, const char *key, ArbWindow *self)
{
  if (g_str_equal (key, "board-theme") || g_str_equal (key, "notation"))
    _arb_window_apply_view_settings (self);
  else if (g_str_equal (key, "publish-delay"))
    /* The screens' delay holds lichess back too, whether or not
     * Publish… was opened since the program started. */
    arb_publisher_set_delay (self->publisher,
                             (guint) MAX (g_settings_get_int (settings, "publish-delay"), 0));
  else if (g_str_equal (key, "recent-files"))
    {
      g_auto (GStrv) uris = g_settings_get_strv (settings, "recent-files");

      g_menu_remove_all (self->recent_menu);
      for (guint i = 0; uris[i] != NULL; i++)
        {
          g_autoptr (GFile) file = g_file_new_for_uri (uris[i]);
          g_autofree char *name = g_file_get_basename (file);
          g_autoptr (GMenuItem) item = g_menu_item_new (name, NULL);

          g_menu_item_set_action_and_target_value (item, "app.open-recent",
                                                   g_variant_new_string (uris[i]));
          g_menu_append_item (self->recent_menu, item);
        }
      if (uris[0] == NULL)
        {
          g_autoptr (GMenuItem) item = g_menu_item_new (_ ("No Recent Tournaments"), "win.none");

          g_menu_append_item (self->recent_menu, item);
        }
    }
}

/* Everything of the open tournament let go. */
static void
clear_tournament (ArbWindow *self)
{
  _arb_window_floor_stop (self);
  _arb_window_clear_shown (self);
  _arb_window_sources_stop (self);
  _arb_window_clear_live (self);
  _arb_window_stop_desk (self);
  g_clear_pointer (&self->rounds, g_ptr_array_unref);
  g_hash_table_remove_all (self->flags_announced);
  g_hash_table_remove_all (self->ends_announced);
  g_clear_object (&self->tournament);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->shown_idle_id, g_source_remove);
  g_clear_handle_id (&self->rest_cards_id, g_source_remove);
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  self->round = self->last_round = self->unlocked_round = 0;
}

/* Every second, one transaction keeps the times of all running clocks, so a
 * crash or a pulled cord loses at most that second (see arb_game_load()). */
static gboolean
checkpoint_cb (gpointer user_data)
{
  ArbWindow *self = ARB_WINDOW (user_data);
  g_autoptr (GError) error = NULL;

  if (self->live_games != NULL && !_arb_window_is_read_only (self) &&
      !arb_game_store_checkpoints (self->live_games, &error))
    g_warning ("The running clocks could not be saved: %s", error->message);
  return G_SOURCE_CONTINUE;
}

/* Stores a pause for every running clock: closing the window keeps the
 * times as they are now, and the clocks wait for the arbiter on reopening. */
void
_arb_window_pause_all (ArbWindow *self)
{
  for (guint i = 0; self->live_games != NULL && i < self->live_games->len; i++)
    {
      g_autoptr (GError) error = NULL;
      ArbGame *game = g_ptr_array_index (self->live_games, i);

      if (arb_clock_is_running (arb_game_get_clock (game)) && !arb_game_pause (game, &error))
        g_warning ("Board %d: %s", arb_game_get_board (game), error->message);
    }
}

/* Flags and automatic ends already there when a round is loaded are not
 * news: they are not announced again. */
void
_arb_window_note_known_alerts (ArbWindow *self, GPtrArray *games)
{
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);

      if (arb_game_has_flag_fallen (game, NULL))
        g_hash_table_add (self->flags_announced, GINT_TO_POINTER ((int) arb_game_get_id (game)));
      if (arb_game_status_get_end (arb_game_get_status (game), NULL, NULL))
        g_hash_table_add (self->ends_announced, GINT_TO_POINTER ((int) arb_game_get_id (game)));
    }
}

gboolean
arb_window_open_file (ArbWindow *self, const char *path, gboolean start_clocks, GError **error)
{
  ArbDeskHolder *holder = NULL;
  g_autoptr (GError) lock_error = NULL;
  ArbDeskLock *lock;

  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* One desk writes; a file another desk holds is opened for reading and
   * followed. The lock of a file this window has open already is its own. */
  if (self->tournament != NULL && self->desk_lock != NULL &&
      g_strcmp0 (arb_tournament_get_path (self->tournament), path) == 0)
    {
      _arb_window_pause_all (self);
      clear_tournament (self);
    }
  lock = arb_desk_lock_acquire (path, "Arbiter " PACKAGE_VERSION, &holder, &lock_error);
  if (lock == NULL && !g_error_matches (lock_error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD))
    /* A folder we may not write: SQLite will say what it can do there. */
    g_debug ("no desk lock: %s", lock_error->message);
  return _arb_window_open_with_lock (self, path, lock, holder, start_clocks, error);
}

gboolean
_arb_window_open_with_lock (ArbWindow *self,
                            const char *path,
                            ArbDeskLock *lock_in,
                            ArbDeskHolder *holder_in,
                            gboolean start_clocks,
                            GError **error)
{
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (ArbDeskHolder) holder = holder_in;
  ArbDeskLock *lock = lock_in;

  tournament = arb_tournament_open (
    path, holder != NULL ? ARB_TOURNAMENT_OPEN_READ_ONLY : ARB_TOURNAMENT_OPEN_DEFAULT, error);
  if (tournament == NULL)
    {
      arb_desk_lock_release (lock);
      return FALSE;
    }
  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    {
      arb_desk_lock_release (lock);
      return FALSE;
    }

  if (self->tournament != NULL)
    _arb_window_pause_all (self);
  clear_tournament (self);
  clear_search (self);
  self->tournament = g_steal_pointer (&tournament);
  self->desk_lock = lock;
  self->desk_holder = g_steal_pointer (&holder);
  _arb_window_follow_role (self);
  /* Publishing follows the open file: another file stops it. */
  arb_publisher_set_file (self->publisher, arb_tournament_get_path (self->tournament));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.publish", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.broadcast", TRUE);
  if (event->time_control == NULL ||
      !arb_time_control_parse (event->time_control, &self->time_control, NULL, NULL))
    arb_time_control_parse ("-", &self->time_control, NULL, NULL);
  self->edition = ARB_EDITION_LATEST;
  arb_edition_from_year (event->edition, &self->edition);

  adw_window_title_set_title (self->round_title, event->name != NULL ? event->name : "");
  gtk_label_set_text (self->paused_label,
                      _ ("The clocks are stopped. They keep the times recorded when the "
                         "tournament was last open."));
  _arb_window_start_desk (self, path);
  _arb_window_update_arbiters (self);

  /* The round on the table is the last one with games. */
  if (!_arb_window_load_rounds (self, 0, error))
    {
      clear_tournament (self);
      return FALSE;
    }

  _arb_window_apply_view_settings (self);
  gtk_stack_set_visible_child_name (self->main_stack, "round");
  _arb_window_update_round_page (self);

  /* Start on the first board, so arrows and Enter work at once. Focus
   * enters through the flow box, which then also moves its cursor there:
   * a card focused directly would not answer the arrow keys. */
  gtk_widget_child_focus (GTK_WIDGET (self->board_grid), GTK_DIR_TAB_FORWARD);

  if (start_clocks)
    arb_window_resume_all (self);
  _arb_window_update_clock_actions (self);
  _arb_window_update_shown_cards (self);
  _arb_window_queue_update_shown_cards (self);
  self->checkpoint_id = g_timeout_add (1000, checkpoint_cb, self);
  _arb_window_floor_opened (self);
  return TRUE;
}

void
arb_window_resume_all (ArbWindow *self)
{
  g_return_if_fail (ARB_IS_WINDOW (self));

  if (_arb_window_is_read_only (self))
    return;
  for (guint i = 0; self->live_games != NULL && i < self->live_games->len; i++)
    {
      g_autoptr (GError) error = NULL;
      ArbGame *game = g_ptr_array_index (self->live_games, i);

      if (arb_game_is_finished (game) || arb_game_is_adjourned (game) ||
          arb_game_has_flag_fallen (game, NULL) || !arb_game_is_clock_kept (game))
        continue;
      if (!arb_game_resume (game, &error))
        {
          g_autofree char *message =
            g_strdup_printf (_ ("Board %d: the clock could not be started: %s"),
                             arb_game_get_board (game), error->message);
          show_error (self, message);
        }
    }
  _arb_window_update_clock_actions (self);
  _arb_window_schedule_tick (self);
}

static void
pause_all_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  _arb_window_pause_all (self);
  _arb_window_update_clock_actions (self);
  _arb_window_schedule_tick (self);
}

static void
resume_all_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  arb_window_resume_all (ARB_WINDOW (widget));
}

static void
search_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (_arb_window_on_game_page (self))
    gtk_stack_set_visible_child_name (self->main_stack, "round");
  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
show_round_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbGame *game = arb_game_view_get_game (self->game_view);

  /* On the round, Escape closes the search wherever the focus is (the
   * search entry's own Escape does the same). */
  if (!_arb_window_on_game_page (self))
    {
      if (gtk_search_bar_get_search_mode (self->search_bar))
        gtk_search_bar_set_search_mode (self->search_bar, FALSE);
      return;
    }
  gtk_stack_set_visible_child_name (self->main_stack, "round");
  _arb_window_schedule_tick (self);
  /* Back where the arbiter left: the card of the game just seen. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child) && arb_board_card_get_game (ARB_BOARD_CARD (child)) == game)
      gtk_widget_grab_focus (child);
}

static void
open_board_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  int board = g_variant_get_int32 (parameter);

  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    if (arb_game_get_board (g_ptr_array_index (self->games, i)) == board)
      open_game (self, g_ptr_array_index (self->games, i));
}

/* Rulings: the log of the tournament's rulings; a row opens its game at
 * the ply of the ruling. */
static void
rulings_log_open_game_cb (ArbRulingsLog *log, gint64 game_id, int ply, ArbWindow *self)
{
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);

      if (arb_game_get_id (game) == game_id)
        {
          open_game (self, game);
          arb_game_view_set_ply (self->game_view, (guint) MAX (0, ply));
          gtk_window_present (GTK_WINDOW (self));
        }
    }
}

static void
rulings_log_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbRulingsLog *log;

  if (self->tournament == NULL)
    return;
  log = arb_rulings_log_new (self->tournament, 0);
  arb_rulings_log_set_games (log, self->games);
  gtk_window_set_transient_for (GTK_WINDOW (log), GTK_WINDOW (self));
  g_signal_connect_object (log, "open-game", G_CALLBACK (rulings_log_open_game_cb), self, 0);
  /* A ruling confirmed while the log is open shows up in it. */
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    g_signal_connect_object (g_ptr_array_index (self->games, i), "changed",
                             G_CALLBACK (arb_rulings_log_reload), log, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (log));
}

/* Publishing: the dialogs run the window's publisher, which goes on when
 * they are closed; a second activation presents the open one. */
static void
present_dialog (ArbWindow *self, GtkWindow **slot, GtkWindow *dialog)
{
  gtk_window_set_transient_for (dialog, GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (dialog, TRUE);
  *slot = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) slot);
  gtk_window_present (dialog);
}

static void
publish_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->publish_dialog != NULL)
    gtk_window_present (self->publish_dialog);
  else
    present_dialog (self, &self->publish_dialog,
                    GTK_WINDOW (arb_publish_dialog_new (self->publisher, self->settings)));
}

static void
broadcast_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->broadcast_dialog != NULL)
    gtk_window_present (self->broadcast_dialog);
  else
    {
      ArbBroadcastDialog *dialog = arb_broadcast_dialog_new (self->publisher, self->settings);

      arb_broadcast_dialog_set_round_size (dialog, MAX (self->round, 1),
                                           self->games != NULL ? self->games->len : 0);
      present_dialog (self, &self->broadcast_dialog, GTK_WINDOW (dialog));
    }
}

/* A game stored from scoresheets joins the round on the table. */
static void
reconstructed_cb (ArbReconstructDialog *dialog, gint64 game_id, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTimeControl tc;
  ArbEdition edition = ARB_EDITION_LATEST;
  ArbGame *game;
  GtkWidget *card;

  if (self->tournament == NULL || self->games == NULL)
    return;
  event = arb_tournament_get_event (self->tournament, &error);
  if (event == NULL)
    {
      g_warning ("The new game cannot be shown: %s", error->message);
      return;
    }
  if (event->time_control == NULL || !arb_time_control_parse (event->time_control, &tc, NULL, NULL))
    arb_time_control_parse ("-", &tc, NULL, NULL);
  arb_edition_from_year (event->edition, &edition);
  game = arb_game_load (self->tournament, game_id, &tc, edition, &error);
  if (game == NULL)
    {
      g_warning ("The new game cannot be shown: %s", error->message);
      return;
    }
  g_ptr_array_add (self->games, game);
  card = arb_board_card_new (game);
  arb_board_card_set_compact (ARB_BOARD_CARD (card), self->games->len > COMPACT_FROM_BOARDS);
  gtk_flow_box_append (self->board_grid, card);
  arb_game_set_read_only (game, arb_game_is_read_only (g_ptr_array_index (self->games, 0)));
  g_signal_connect (game, "changed", G_CALLBACK (_arb_window_game_changed_cb), self);
  _arb_window_update_round_subtitle (self);
  _arb_window_update_results_summary (self);
  _arb_window_queue_update_shown_cards (self);
}

static void
reconstruct_new_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbReconstructDialog *dialog;
  int board = 0;

  if (self->tournament == NULL)
    return;
  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    board = MAX (board, arb_game_get_board (g_ptr_array_index (self->games, i)));
  dialog = arb_reconstruct_dialog_new_for_round (self->tournament, MAX (self->round, 1), board + 1);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "stored", G_CALLBACK (reconstructed_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_window_state (ArbWindow *self)
{
  int width;
  int height;

  g_assert (ARB_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  /* The default size tracks the size of an unmaximized window, which is the
   * one worth restoring; maximized is kept apart. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0 || height <= 0)
    return;
  width = MAX (width, 360);
  height = MAX (height, 294);

  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static void
restore_window_state (ArbWindow *self)
{
  g_assert (ARB_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
arb_window_close_request (GtkWindow *window)
{
  ArbWindow *self = ARB_WINDOW (window);

  save_window_state (self);
  _arb_window_pause_all (self);

  return GTK_WINDOW_CLASS (arb_window_parent_class)->close_request (window);
}

static void
arb_window_realize (GtkWidget *widget)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  /* The application is not known yet in constructed() (it is not a construct
   * property), so the saved size is applied here, before the first frame. */
  if (self->settings == NULL && ARB_IS_APPLICATION (application))
    {
      self->settings = arb_application_get_settings (ARB_APPLICATION (application));
      restore_window_state (self);
      if (self->settings != NULL)
        {
          g_signal_connect_object (self->settings, "changed::arbiter-name",
                                   G_CALLBACK (_arb_window_update_arbiters), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb),
                                   self, G_CONNECT_DEFAULT);
          settings_changed_cb (self->settings, "recent-files", self);
          settings_changed_cb (self->settings, "publish-delay", self);
          _arb_window_update_arbiters (self);
          _arb_window_apply_view_settings (self);
        }
    }

  GTK_WIDGET_CLASS (arb_window_parent_class)->realize (widget);
}

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = ARB_WINDOW (object);

  if (self->game_view != NULL)
    clear_tournament (self);
  _arb_window_desk_dispose (self);
  _arb_window_chief_dispose (self);
  _arb_window_rounds_dispose (self);
  _arb_window_event_dispose (self);
  _arb_window_sources_dispose (self);
  _arb_window_floor_dispose (self);
  if (self->publish_dialog != NULL)
    gtk_window_destroy (self->publish_dialog);
  if (self->broadcast_dialog != NULL)
    gtk_window_destroy (self->broadcast_dialog);
  g_clear_object (&self->publisher);
  /* Nothing of the grid reaches the window once it goes. */
  if (self->grid_scroller != NULL)
    g_signal_handlers_disconnect_by_data (gtk_scrolled_window_get_vadjustment (self->grid_scroller),
                                          self);
  self->settings = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_WINDOW);
  g_clear_handle_id (&self->shown_idle_id, g_source_remove);
  g_clear_handle_id (&self->rest_cards_id, g_source_remove);
  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

static void
arb_window_finalize (GObject *object)
{
  ArbWindow *self = ARB_WINDOW (object);

  g_clear_pointer (&self->flags_announced, g_hash_table_unref);
  g_clear_pointer (&self->ends_announced, g_hash_table_unref);
  g_clear_pointer (&self->query, g_free);
  g_clear_pointer (&self->shown_cards, g_ptr_array_unref);

  G_OBJECT_CLASS (arb_window_parent_class)->finalize (object);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  object_class->finalize = arb_window_finalize;

  widget_class->realize = arb_window_realize;

  window_class->close_request = arb_window_close_request;

  g_type_ensure (ARB_TYPE_GAME_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arbiterdesk/Arbiter/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, round_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, game_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, search_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, attention_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, search_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, paused_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, paused_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, round_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, grid_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, match_panel);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, match_list);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, board_grid);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, byes_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, attention_toggled_cb);
  _arb_window_rounds_class_init (widget_class);
  _arb_window_desk_class_init (widget_class);
  _arb_window_event_class_init (widget_class);
  _arb_window_print_class_init (widget_class);
  _arb_window_lock_class_init (widget_class);
  _arb_window_chief_class_init (widget_class);
  _arb_window_sources_class_init (widget_class);
  _arb_window_floor_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "win.pause-all", NULL, pause_all_action);
  gtk_widget_class_install_action (widget_class, "win.resume-all", NULL, resume_all_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.show-round", NULL, show_round_action);
  gtk_widget_class_install_action (widget_class, "win.open-board", "i", open_board_action);
  gtk_widget_class_install_action (widget_class, "win.rulings-log", NULL, rulings_log_action);
  gtk_widget_class_install_action (widget_class, "win.publish", NULL, publish_action);
  gtk_widget_class_install_action (widget_class, "win.broadcast", NULL, broadcast_action);
  gtk_widget_class_install_action (widget_class, "win.reconstruct-new", NULL,
                                   reconstruct_new_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.rulings-log",
                                       NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.search",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.show-round", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "win.show-round",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.pause-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.resume-all", NULL);
}

/* Pages of a stack are objects a screen reader passes through: each gets
 * a name a person would say (GTK 4.8 would say "GtkStackPage"). */
static void
name_stack_pages (ArbWindow *self)
{
  static const struct
  {
    const char *page;
    const char *name;
  } main_pages[] = {
    { "empty", N_ ("No tournament open") },
    { "round", N_ ("All boards") },
    { "game", N_ ("Game") },
  },
    round_pages[] = {
      { "grid", N_ ("Boards of the round") },
      { "no-results", N_ ("No boards found") },
      { "no-games", N_ ("No boards yet") },
    };

  for (guint i = 0; i < G_N_ELEMENTS (main_pages); i++)
    gtk_accessible_update_property (
      GTK_ACCESSIBLE (gtk_stack_get_page (
        self->main_stack, gtk_stack_get_child_by_name (self->main_stack, main_pages[i].page))),
      GTK_ACCESSIBLE_PROPERTY_LABEL, _ (main_pages[i].name), -1);
  for (guint i = 0; i < G_N_ELEMENTS (round_pages); i++)
    gtk_accessible_update_property (
      GTK_ACCESSIBLE (gtk_stack_get_page (
        self->round_stack, gtk_stack_get_child_by_name (self->round_stack, round_pages[i].page))),
      GTK_ACCESSIBLE_PROPERTY_LABEL, _ (round_pages[i].name), -1);
}

static void
arb_window_init (ArbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The development profile shows a striped header bar, as GNOME's own
   * development builds do, so it is never mistaken for the real thing. */
  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->shown_cards = g_ptr_array_new ();
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->grid_scroller);

    /* Scrolled ("value-changed"), resized or filtered ("changed"). */
    g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (grid_moved_cb), self, 0);
    g_signal_connect_object (adjustment, "changed", G_CALLBACK (grid_moved_cb), self, 0);
  }
  self->flags_announced = g_hash_table_new (NULL, NULL);
  self->ends_announced = g_hash_table_new (NULL, NULL);
  self->publisher = arb_publisher_new ();
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.publish", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.broadcast", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.sources", FALSE);
  name_stack_pages (self);
  gtk_flow_box_set_filter_func (self->board_grid, filter_func, self, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (_arb_window_apply_view_settings), self, G_CONNECT_SWAPPED);
  /* Typing on the round starts a search; the entry gets the keys. */
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_key_capture_widget (self->search_bar, GTK_WIDGET (self->board_grid));
  g_signal_connect (self->search_bar, "notify::search-mode-enabled", G_CALLBACK (search_mode_cb),
                    self);
  gtk_stack_set_visible_child_name (self->main_stack, "empty");
  _arb_window_rounds_init (self);
  _arb_window_desk_init (self);
  _arb_window_floor_init (self);
  _arb_window_update_clock_actions (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-task", FALSE);
}

ArbWindow *
arb_window_new (ArbApplication *application)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (application), NULL);

  return g_object_new (ARB_TYPE_WINDOW, "application", application, NULL);
}

ArbPublisher *
arb_window_get_publisher (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->publisher;
}

const char *
arb_window_get_team_address (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->team_address;
}

ArbCallQueue *
arb_window_get_call_queue (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->call_queue;
}

const char *
arb_window_get_calls_count (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->calls_button)) &&
             gtk_widget_get_visible (GTK_WIDGET (self->calls_count))
           ? gtk_label_get_text (self->calls_count)
           : NULL;
}

ArbTournament *
arb_window_get_tournament (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->tournament;
}

GtkFlowBox *
arb_window_get_board_grid (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->board_grid;
}

ArbGameView *
arb_window_get_game_view (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->game_view;
}

const char *
arb_window_get_page (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->main_stack);
}

void
arb_window_set_attention_only (ArbWindow *self, gboolean attention_only)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  gtk_toggle_button_set_active (self->attention_button, attention_only);
}

void
arb_window_set_search (ArbWindow *self, const char *text)
{
  g_return_if_fail (ARB_IS_WINDOW (self));

  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  /* The entry reports changes after a delay; tests and callers want the
   * filter now. */
  search_changed_cb (self->search_entry, self);
}

guint
arb_window_count_visible_boards (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), 0);
  return count_visible_cards (self);
}

void
arb_window_show_error (ArbWindow *self, const char *message)
{
  g_return_if_fail (ARB_IS_WINDOW (self));
  show_error (self, message);
}

int
arb_window_get_round (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), 0);
  return self->round;
}

int
arb_window_get_last_round (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), 0);
  return self->last_round;
}

GPtrArray *
arb_window_get_games (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->games;
}

GtkWidget *
arb_window_get_results_entry (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->results_entry);
}

const char *
arb_window_get_results_feedback (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->results_feedback);
}

const char *
arb_window_get_results_summary (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->results_summary);
}

gboolean
arb_window_is_read_only (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  return _arb_window_is_read_only (self);
}
