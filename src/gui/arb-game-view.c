/* arb-game-view.c: one game, large: board, clocks, moves, status, entry
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-game-view"

#include "config.h"

#include "arb-game-view.h"
#include "arb-ruling-text.h"

#include <adwaita.h>
#include "arb-error-text.h"
#include "arb-i18n.h"
#include <string.h>

#include "arb-announcer.h"
#include "arb-board-view.h"
#include "arb-chess-words.h"
#include "arb-clock-view.h"
#include "arb-game-speech.h"
#include "arb-game-text.h"
#include "arb-san.h"
#include "arb-ruling-actions.h"

struct _ArbGameView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *content;
  GtkWidget *side_panel;
  ArbBoardView *board;
  ArbClockView *clock_view;
  GtkLabel *top_player;
  GtkLabel *bottom_player;
  GtkLabel *ply_label;
  GtkGrid *move_grid;
  GtkScrolledWindow *move_scroller;
  GtkLabel *status_label;
  GtkEntry *move_entry;
  GtkLabel *error_label;
  GtkButton *look_button;
  GtkWidget *pause_button;
  AdwButtonContent *pause_content;
  GtkSpinButton *white_moves_spin;
  GtkSpinButton *black_moves_spin;
  GtkEntry *white_adjust_entry;
  GtkEntry *black_adjust_entry;
  GtkPopover *adjust_popover;

  /* Owned */
  ArbGame *game;
  GSignalGroup *game_signals;
  char *error;
  GPtrArray *move_buttons; /* GtkButton of ply i + 1 at index i (borrowed) */
  ArbNotationStyle notation;

  guint ply;
  guint scroll_tick_id; /* on move_scroller, until the list is laid out */
  guint scroll_frames;

  /* What was said about the clocks: how many of the time thresholds each
   * side has passed, and the clock events already seen. */
  guint warned[2];
  guint seen_clock_events;
};

/* A screen reader hears the time of the running clock as it passes these,
 * and not otherwise (no ticking). */
static const gint64 time_thresholds_us[] = {
  (gint64) 5 * 60 * G_USEC_PER_SEC,
  (gint64) 60 * G_USEC_PER_SEC,
  (gint64) 10 * G_USEC_PER_SEC,
};

G_DEFINE_FINAL_TYPE (ArbGameView, arb_game_view, GTK_TYPE_WIDGET)

static void show_current_move (ArbGameView *self);

static void
update_actions (ArbGameView *self)
{
  guint n = self->game != NULL ? arb_game_get_n_plies (self->game) : 0;
  gboolean has_game = self->game != NULL;
  gboolean live = has_game && !arb_game_is_finished (self->game);
  ArbClock *clock = has_game ? arb_game_get_clock (self->game) : NULL;
  gboolean timed = clock != NULL && arb_time_control_has_limit (arb_clock_get_time_control (clock));
  const char *pause_name;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.first", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.back", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.forward", self->ply < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.last", self->ply < n);
  /* A game without a time limit ("-", or none known) has no clock to run
   * or to give time on. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.pause",
                                 live && timed && !arb_game_is_adjourned (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.add-time", live && timed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.set-moves", live && timed);
  gtk_widget_set_visible (self->pause_button, timed);
  gtk_widget_set_sensitive (GTK_WIDGET (self->move_entry), live);
  gtk_widget_set_visible (GTK_WIDGET (self->look_button),
                          has_game && arb_game_needs_look (self->game));

  if (clock != NULL && arb_clock_is_running (clock))
    {
      adw_button_content_set_icon_name (self->pause_content, "media-playback-pause-symbolic");
      adw_button_content_set_label (self->pause_content, _ ("_Pause Clock"));
      pause_name = _ ("Pause Clock");
    }
  else
    {
      gboolean started = clock != NULL && arb_clock_is_started (clock);

      adw_button_content_set_icon_name (self->pause_content, "media-playback-start-symbolic");
      adw_button_content_set_label (self->pause_content,
                                    started ? _ ("_Resume Clock") : _ ("_Start Clock"));
      pause_name = started ? _ ("Resume Clock") : _ ("Start Clock");
    }
  /* A button with its own content has no name of its own for a screen
   * reader (GTK 4.8 would say "GtkButton"). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, pause_name, -1);
}

static void
set_player_line (GtkLabel *label, ArbColor side, const ArbPlayerInfo *player)
{
  g_autofree char *markup = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  const char *colour = side == ARB_WHITE ? _ ("White") : _ ("Black");

  /* Names that are not UTF-8 (a crafted file) must not make invalid
   * markup. */
  if (player != NULL)
    {
      name = g_utf8_make_valid (player->name, -1);
      title = player->title != NULL ? g_utf8_make_valid (player->title, -1) : NULL;
    }
  if (player == NULL)
    markup = g_markup_printf_escaped ("<b>%s</b>  %s", colour, _ ("Bye"));
  else if (player->rating > 0)
    markup = g_markup_printf_escaped ("<b>%s</b>  %s%s%s  <span alpha=\"60%%\">%d</span>", colour,
                                      title != NULL ? title : "", title != NULL ? " " : "", name,
                                      player->rating);
  else
    markup = g_markup_printf_escaped ("<b>%s</b>  %s%s%s", colour, title != NULL ? title : "",
                                      title != NULL ? " " : "", name);
  gtk_label_set_markup (label, markup);
}

/* Black above the clocks and White below, as on an unflipped board. */
static void
update_players (ArbGameView *self)
{
  gboolean flipped = arb_board_view_get_flipped (self->board);
  ArbColor top = flipped ? ARB_WHITE : ARB_BLACK;

  if (self->game == NULL)
    return;
  set_player_line (self->top_player, top, arb_game_get_player (self->game, top));
  set_player_line (self->bottom_player, !top, arb_game_get_player (self->game, !top));
}

static void
update_ply (ArbGameView *self)
{
  guint n;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) status = NULL;
  g_autofree char *joined = NULL;

  if (self->game == NULL)
    return;

  n = arb_game_get_n_plies (self->game);
  arb_board_view_set_position (self->board, arb_game_get_position (self->game, self->ply));
  arb_board_view_set_last_move (self->board, arb_game_get_move (self->game, self->ply));
  arb_board_view_set_interactive (self->board,
                                  self->ply == n && !arb_game_is_finished (self->game));
  show_current_move (self);

  {
    const ArbPosition *pos = arb_game_get_position (self->game, self->ply);

    if (self->ply < n)
      /* Translators: browsing back through the game; half-move %u of %u */
      text = g_strdup_printf (_ ("Looking back: half-move %u of %u"), self->ply, n);
    else if (arb_game_is_finished (self->game))
      {
        g_autofree char *result = arb_game_text_result (arb_game_get_result (self->game));

        /* Translators: the state of a finished game, e.g. "Game over · 1–0" */
        text = g_strdup_printf (_ ("Game over · %s"), result != NULL ? result : "");
      }
    else if (pos->side_to_move == ARB_WHITE)
      /* Translators: the position on the board; %u is the move number */
      text = g_strdup_printf (C_ ("move number", "Move %u · White to move"), pos->fullmove_number);
    else
      /* Translators: the position on the board; %u is the move number */
      text = g_strdup_printf (C_ ("move number", "Move %u · Black to move"), pos->fullmove_number);
  }
  gtk_label_set_text (self->ply_label, text);

  /* The end of a finished game comes first: the result, how it ended and
   * the ruling that ended it. */
  status =
    self->ply == n ? arb_game_text_outcome (self->game) : g_ptr_array_new_with_free_func (g_free);
  {
    g_autoptr (GPtrArray) lines = arb_game_text_status (self->game, self->ply);
    g_autoptr (GPtrArray) voided = arb_game_text_voided (self->game, self->ply);

    for (guint i = 0; i < lines->len; i++)
      g_ptr_array_add (status, g_strdup (g_ptr_array_index (lines, i)));
    for (guint i = 0; i < voided->len; i++)
      g_ptr_array_add (status, g_strdup (g_ptr_array_index (voided, i)));
  }
  g_ptr_array_add (status, NULL);
  joined = g_strjoinv ("\n", (char **) status->pdata);
  gtk_label_set_text (self->status_label, joined);

  update_actions (self);
}

static void
set_error (ArbGameView *self, const char *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->move_entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->move_entry), "error");
}

/* An error the arbiter must hear as well as see. */
static void
refuse (ArbGameView *self, const char *message, gboolean move)
{
  g_autofree char *spoken = NULL;

  set_error (self, message);
  if (move)
    /* Translators: said when a typed or chosen move cannot be played; %s says why */
    spoken = g_strdup_printf (_ ("Not played: %s"), message);
  arb_announce (GTK_WIDGET (self), spoken != NULL ? spoken : message);
}

/* "Played: Nf3. White knight from g1 to f3." once the move is stored. */
static void
announce_played (ArbGameView *self)
{
  guint n = arb_game_get_n_plies (self->game);
  g_autofree char *san = NULL;
  g_autofree char *words = NULL;
  g_autofree char *message = NULL;

  if (n == 0)
    return;
  san = arb_san_format (arb_game_get_san (self->game, n), self->notation, arb_i18n_get_language ());
  words = arb_chess_words_move (arb_game_get_position (self->game, n - 1),
                                arb_game_get_move (self->game, n));
  /* Translators: said after a move was stored: "Played: Nf3. White knight from g1 to f3." */
  message = g_strdup_printf (_ ("Played: %s. %s."), san, words);
  arb_announce (GTK_WIDGET (self), message);
}

static guint
thresholds_passed (gint64 left_us)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (time_thresholds_us); i++)
    if (left_us <= time_thresholds_us[i])
      n++;
  return n;
}

/* Takes the clocks as they are now as already said. */
static void
reset_clock_speech (ArbGameView *self)
{
  ArbClock *clock = arb_game_get_clock (self->game);

  for (int side = 0; side < 2; side++)
    self->warned[side] = thresholds_passed (arb_clock_get_remaining_us (clock, side));
  self->seen_clock_events = arb_clock_get_n_events (clock);
}

/* The running clock passing 5 minutes, 1 minute or 10 seconds. A clock
 * that got time back is warned again when it comes down once more. */
static void
announce_thresholds (ArbGameView *self)
{
  ArbClock *clock = arb_game_get_clock (self->game);

  for (int side = 0; side < 2; side++)
    {
      gint64 left = arb_clock_get_remaining_us (clock, side);
      guint passed = thresholds_passed (left);

      if (passed > self->warned[side] && left > 0 && arb_clock_is_running (clock) &&
          arb_clock_get_side_to_move (clock) == (ArbColor) side &&
          gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          g_autofree char *time = arb_chess_words_time (time_thresholds_us[passed - 1]);
          g_autofree char *message =
            /* Translators: a clock passed a threshold: "White: 1 minute left." */
            g_strdup_printf (side == ARB_WHITE ? _ ("White: %s left.") : _ ("Black: %s left."),
                             time);

          arb_announce (GTK_WIDGET (self), message);
        }
      self->warned[side] = passed;
    }
}

/* What the arbiter did to the clock (added time, set a time or a move
 * count, a ruling's restoration, a pause, a start) is said with both
 * times; a press of the clock by a move is not. */
static void
announce_clock_events (ArbGameView *self)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  guint n = arb_clock_get_n_events (clock);
  gboolean adjusted = n < self->seen_clock_events;
  gboolean started_or_stopped = FALSE;

  for (guint i = self->seen_clock_events; i < n; i++)
    switch (arb_clock_get_event (clock, i)->kind)
      {
      case ARB_CLOCK_EVENT_ADD_TIME:
      case ARB_CLOCK_EVENT_SET_TIME:
      case ARB_CLOCK_EVENT_SET_MOVES:
      case ARB_CLOCK_EVENT_RESTORE:
        adjusted = TRUE;
        break;
      case ARB_CLOCK_EVENT_START:
      case ARB_CLOCK_EVENT_PAUSE:
      case ARB_CLOCK_EVENT_RESUME:
        started_or_stopped = TRUE;
        break;
      case ARB_CLOCK_EVENT_PRESS:
      case ARB_CLOCK_EVENT_BONUS:
      case ARB_CLOCK_EVENT_PERIOD:
      case ARB_CLOCK_EVENT_FLAG:
      case ARB_CLOCK_EVENT_RECOVER:
      default:
        break;
      }
  self->seen_clock_events = n;

  if ((adjusted || started_or_stopped) && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      g_autofree char *clocks = arb_game_speech_clocks (self->game);
      g_autofree char *message = NULL;

      if (adjusted)
        /* Translators: said when the arbiter changed a clock; %s reads both clocks */
        message = g_strdup_printf (_ ("Clock changed. %s"), clocks);
      arb_announce (GTK_WIDGET (self), message != NULL ? message : clocks);
    }
}

/* The clocks show a time only when Arbiter has one for the game: a game
 * imported without clock data, or whose clock is on the table, shows
 * none, rather than 0:00.0 that would read as a fallen flag. */
static void
show_clock_if_kept (ArbGameView *self)
{
  ArbClock *clock = self->game != NULL && arb_game_is_clock_kept (self->game)
                      ? arb_game_get_clock (self->game)
                      : NULL;

  if (arb_clock_view_get_clock (self->clock_view) == clock)
    return;
  arb_clock_view_set_clock (self->clock_view, clock);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->clock_view),
                               self->game != NULL && clock == NULL
                                 ? _ ("The clock on the table keeps this game’s time")
                                 : NULL);
}

static void
move_clicked_cb (GtkButton *button, ArbGameView *self)
{
  arb_game_view_set_ply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply")));
}

/* The move list, two moves to a line as on a scoresheet. A game set up
 * with Black to move starts its first line with "12…". */
static void
append_move_button (ArbGameView *self, guint ply)
{
  const ArbPosition *start = arb_game_get_position (self->game, 0);
  guint index = ply - 1 + (start->side_to_move == ARB_BLACK ? 1 : 0);
  int row = (int) (index / 2);
  g_autofree char *text =
    arb_san_format (arb_game_get_san (self->game, ply), self->notation, arb_i18n_get_language ());
  GtkWidget *button = gtk_button_new_with_label (text);

  if (index % 2 == 0 || ply == 1)
    {
      g_autofree char *number = g_strdup_printf ("%u.", start->fullmove_number + row);
      GtkWidget *label = gtk_label_new (number);

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_grid_attach (self->move_grid, label, 0, row, 1, 1);
    }
  {
    /* The button shows the move as written; a screen reader says it with
     * its number and in words. */
    g_autofree char *words = arb_chess_words_numbered_move (
      arb_game_get_position (self->game, ply - 1), arb_game_get_move (self->game, ply));

    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, words,
                                    -1);
  }
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  gtk_widget_set_hexpand (button, TRUE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
  g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
  gtk_grid_attach (self->move_grid, button, 1 + (int) (index % 2), row, 1, 1);
  g_ptr_array_add (self->move_buttons, button);
}

static void
load_moves (ArbGameView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->move_grid))) != NULL)
    gtk_grid_remove (self->move_grid, child);
  g_ptr_array_set_size (self->move_buttons, 0);
  if (self->game == NULL)
    return;
  for (guint ply = 1; ply <= arb_game_get_n_plies (self->game); ply++)
    append_move_button (self, ply);
}

/* Scrolls the move list so that the current move is in sight. Returns
 * FALSE while the list is not laid out for its moves yet: a move button
 * just added has no size, and its place would be read as the top of the
 * list (which scrolled the list away from a move just played). */
static gboolean
scroll_to_current (ArbGameView *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);
  double page = gtk_adjustment_get_page_size (adj);
  double value = gtk_adjustment_get_value (adj);
  GtkWidget *button;
  graphene_rect_t bounds;
  double top;
  double bottom;

  if (self->ply == 0 || self->ply > self->move_buttons->len)
    {
      gtk_adjustment_set_value (adj, 0);
      return TRUE;
    }
  button = g_ptr_array_index (self->move_buttons, self->ply - 1);
  if (gtk_widget_get_height (button) <= 0 || page <= 0 ||
      !gtk_widget_compute_bounds (button, GTK_WIDGET (self->move_grid), &bounds))
    return FALSE;
  if (bounds.origin.y + bounds.size.height > gtk_adjustment_get_upper (adj))
    return FALSE;
  top = MAX (bounds.origin.y - 6, 0);
  bottom = MIN (bounds.origin.y + bounds.size.height + 6, gtk_adjustment_get_upper (adj));
  if (top < value)
    gtk_adjustment_set_value (adj, top);
  else if (bottom > value + page)
    gtk_adjustment_set_value (adj, bottom - page);
  return TRUE;
}

/* Runs at the start of each frame, after the layout of the frame before,
 * until the list has its new size and the scroll is done. A list that
 * never gets a size (a window too small to show it) is given up after a
 * few frames, rather than redrawn for ever. */
static gboolean
scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ArbGameView *self = data;

  if (!scroll_to_current (self) && ++self->scroll_frames < 30)
    return G_SOURCE_CONTINUE;
  self->scroll_tick_id = 0;
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (ArbGameView *self)
{
  self->scroll_frames = 0;
  if (self->scroll_tick_id == 0)
    self->scroll_tick_id =
      gtk_widget_add_tick_callback (GTK_WIDGET (self->move_scroller), scroll_tick_cb, self, NULL);
}

static void
show_current_move (ArbGameView *self)
{
  for (guint i = 0; i < self->move_buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->move_buttons, i);

      if (i + 1 == self->ply)
        gtk_widget_add_css_class (button, "current");
      else
        gtk_widget_remove_css_class (button, "current");
    }
  if (!scroll_to_current (self))
    queue_scroll (self);
}

static void
game_changed_cb (ArbGame *game, ArbGameView *self)
{
  guint n = arb_game_get_n_plies (game);
  guint listed = self->move_buttons->len;
  gboolean at_end = self->ply >= listed;

  if (n == listed + 1)
    append_move_button (self, n);
  else if (n != listed)
    load_moves (self);
  /* Follow a new move only when the board showed the end of the game. */
  if (at_end || self->ply > n)
    self->ply = n;
  update_ply (self);
  announce_clock_events (self);
  arb_game_view_tick (self);
}

static void
play (ArbGameView *self, ArbMove move)
{
  g_autoptr (GError) error = NULL;

  if (!arb_game_play_move (self->game, move, &error))
    {
      if (arb_game_needs_look (self->game))
        {
          /* Whatever was typed meanwhile was meant for the old position. */
          gtk_editable_set_text (GTK_EDITABLE (self->move_entry), "");
          refuse (self,
                  _ ("The move was not stored: the game was changed on another screen, "
                     "or the file could not be written. The board shows the stored "
                     "game now; look at it, then choose “Enter Moves Again”."),
                  TRUE);
          update_actions (self);
          return;
        }
      refuse (self, arb_error_text (error), TRUE);
      return;
    }
  set_error (self, NULL);
  announce_played (self);
}

static void
look_clicked_cb (GtkButton *button, ArbGameView *self)
{
  if (self->game == NULL)
    return;
  arb_game_confirm_seen (self->game);
  set_error (self, NULL);
  update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->move_entry));
}

static void
move_chosen_cb (ArbBoardView *board, guint move, ArbGameView *self)
{
  if (self->game == NULL || self->ply != arb_game_get_n_plies (self->game))
    return;
  play (self, (ArbMove) move);
}

/* How telling a reader's refusal is: a move read but not legal here, or
 * ambiguous, says more than a text no notation reads. */
static int
refusal_rank (ArbSanError error)
{
  switch (error)
    {
    case ARB_SAN_ERROR_AMBIGUOUS:
      return 3;
    case ARB_SAN_ERROR_ILLEGAL:
      return 2;
    case ARB_SAN_ERROR_CAPTURE_MARK:
    case ARB_SAN_ERROR_PROMOTION:
    case ARB_SAN_ERROR_NULL_MOVE:
      return 1;
    default:
      return 0;
    }
}

/* The reason a typed move is not played, in the arbiter's language. */
static char *
refusal_message (ArbSanError error, const ArbPosition *pos, const char *text, gsize len)
{
  switch (error)
    {
    case ARB_SAN_ERROR_ILLEGAL:
      /* Translators: a typed move that reads as a move but cannot be
       * played, e.g. "“Se4” is not a legal move for Black here". */
      return g_strdup_printf (_ ("“%s” is not a legal move for %s here"), text,
                              pos->side_to_move == ARB_WHITE ? _ ("White") : _ ("Black"));
    case ARB_SAN_ERROR_AMBIGUOUS:
      return g_strdup_printf (_ ("“%s” is ambiguous here: more than one piece can make it"), text);
    case ARB_SAN_ERROR_SYNTAX:
    case ARB_SAN_ERROR_UCI:
      /* Translators: a typed text that no notation reads as a move. */
      return g_strdup_printf (_ ("“%s” cannot be read as a move"), text);
    default:
      return arb_san_error_message (error, pos, text, len);
    }
}

/* English SAN first, then "e2e4", then the letters of the interface
 * language and of the languages arbiters use here (K D T L S and
 * K D T L P); a capture mark written or left out by mistake is forgiven.
 * Returns ARB_MOVE_NONE with the most telling reason of all the readers:
 * "Se4" for Black with no knight reaching e4 is an illegal knight move,
 * not an unreadable text. */
static ArbMove
parse_typed_move (const ArbPosition *pos, const char *typed, char **message)
{
  const char *const languages[] = { arb_i18n_get_language (), "sv", "nl" };
  g_autofree char *text = g_strstrip (g_strdup (typed));
  gsize len;
  ArbSanError first;
  ArbMove move = ARB_MOVE_NONE;

  /* Annotations are not part of the move. */
  len = strlen (text);
  while (len > 0 && (text[len - 1] == '!' || text[len - 1] == '?'))
    text[--len] = '\0';
  if (len == 0)
    {
      *message = g_strdup (_ ("Type a move first."));
      return ARB_MOVE_NONE;
    }

  first = arb_san_resolve (pos, text, len, &move);
  if (first == ARB_SAN_OK)
    return move;

  move = arb_move_parse_uci (pos, text, len);
  if (move != ARB_MOVE_NONE && arb_position_is_legal (pos, move))
    return move;

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autofree char *english = arb_san_from_local (text, languages[i]);

      ArbSanError error = arb_san_resolve (pos, english, strlen (english), &move);

      if (error == ARB_SAN_OK)
        return move;
      if (refusal_rank (error) > refusal_rank (first))
        first = error;
      if (error == ARB_SAN_ERROR_CAPTURE_MARK)
        {
          ArbSanShape shape;

          if (arb_san_parse_shape (english, strlen (english), &shape) == ARB_SAN_OK)
            {
              shape.capture = !shape.capture;
              if (arb_san_resolve_shape (pos, &shape, &move) == ARB_SAN_OK)
                return move;
            }
        }
    }

  *message = refusal_message (first, pos, text, len);
  return ARB_MOVE_NONE;
}

gboolean
arb_game_view_enter_text (ArbGameView *self, const char *text)
{
  g_autofree char *message = NULL;
  const ArbPosition *pos;
  ArbMove move;

  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->game == NULL)
    return FALSE;
  if (arb_game_is_finished (self->game))
    {
      refuse (self, _ ("The game is over: no more moves can be entered."), TRUE);
      return FALSE;
    }

  /* A move always continues the game, wherever the board was. */
  arb_game_view_set_ply (self, arb_game_get_n_plies (self->game));
  pos = arb_game_get_position (self->game, arb_game_get_n_plies (self->game));
  move = parse_typed_move (pos, text, &message);
  if (move == ARB_MOVE_NONE)
    {
      refuse (self, message, TRUE);
      return FALSE;
    }
  play (self, move);
  return self->error == NULL;
}

static void
entry_activate_cb (GtkEntry *entry, ArbGameView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (arb_game_view_enter_text (self, text))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
entry_icon_release_cb (GtkEntry *entry, GtkEntryIconPosition position, ArbGameView *self)
{
  entry_activate_cb (entry, self);
}

static void
entry_changed_cb (GtkEntry *entry, ArbGameView *self)
{
  if (self->error != NULL)
    set_error (self, NULL);
}

static void
set_moves (ArbGameView *self, ArbColor side, GtkSpinButton *spin)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL)
    return;
  if (!arb_game_set_moves (self->game, side, (guint) gtk_spin_button_get_value_as_int (spin),
                           &error))
    refuse (self, arb_error_text (error), FALSE);
}

static void
set_white_moves_cb (GtkButton *button, ArbGameView *self)
{
  set_moves (self, ARB_WHITE, self->white_moves_spin);
}

static void
set_black_moves_cb (GtkButton *button, ArbGameView *self)
{
  set_moves (self, ARB_BLACK, self->black_moves_spin);
}

static void
navigate_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  guint n;

  if (self->game == NULL)
    return;
  n = arb_game_get_n_plies (self->game);
  if (g_str_equal (action_name, "game.first"))
    arb_game_view_set_ply (self, 0);
  else if (g_str_equal (action_name, "game.back") && self->ply > 0)
    arb_game_view_set_ply (self, self->ply - 1);
  else if (g_str_equal (action_name, "game.forward") && self->ply < n)
    arb_game_view_set_ply (self, self->ply + 1);
  else if (g_str_equal (action_name, "game.last"))
    arb_game_view_set_ply (self, n);
}

static void
flip_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  gboolean flipped = !arb_board_view_get_flipped (self->board);

  arb_board_view_set_flipped (self->board, flipped);
  arb_clock_view_set_flipped (self->clock_view, flipped);
  update_players (self);
}

static void
enter_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->move_entry));
}

static void
pause_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->game == NULL)
    return;
  if (arb_clock_is_running (arb_game_get_clock (self->game)))
    ok = arb_game_pause (self->game, &error);
  else
    ok = arb_game_resume (self->game, &error);
  if (!ok)
    refuse (self, arb_error_text (error), FALSE);
}

static gboolean
parse_side (const char *text, ArbColor *side)
{
  if (g_str_equal (text, "white"))
    *side = ARB_WHITE;
  else if (g_str_equal (text, "black"))
    *side = ARB_BLACK;
  else
    return FALSE;
  return TRUE;
}

static void
add_time_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  g_autoptr (GError) error = NULL;
  const char *side_text;
  gint32 seconds;
  ArbColor side;

  g_variant_get (parameter, "(&si)", &side_text, &seconds);
  if (self->game == NULL || !parse_side (side_text, &side))
    return;
  if (!arb_game_add_time (self->game, side, (gint64) seconds * 1000, &error))
    refuse (self, arb_error_text (error), FALSE);
}

gboolean
arb_game_view_adjust_clock (ArbGameView *self,
                            ArbColor side,
                            const char *text,
                            gboolean set,
                            GError **error)
{
  g_autofree char *copy = NULL;
  const char *digits;
  gint64 ms, delta;
  int sign = 1;

  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (self->game == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  digits = copy;
  /* An amount to add may carry a sign: "+0:30", "-1:00" or "−1:00". */
  if (!set && (*digits == '+' || *digits == '-'))
    {
      sign = *digits == '-' ? -1 : 1;
      digits++;
    }
  else if (!set && g_str_has_prefix (digits, "−"))
    {
      sign = -1;
      digits += strlen ("−");
    }
  if (!arb_ruling_text_parse_time (digits, &ms))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: %s is what the arbiter typed as a clock time. */
                   _ ("“%s” is not a time: write h:mm:ss, m:ss or minutes"), copy);
      return FALSE;
    }
  /* Set: the clock shows the time on the clock on the table (6.10.2,
   * 7.1), recorded as the difference it makes. */
  delta =
    set ? ms - MAX (0, arb_clock_get_remaining_us (arb_game_get_clock (self->game), side) / 1000)
        : sign * ms;
  if (delta == 0)
    return TRUE;
  return arb_game_add_time (self->game, side, delta, error);
}

static void
adjust_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  g_autoptr (GError) error = NULL;
  const char *side_text;
  gboolean set;
  ArbColor side;
  GtkEntry *entry;

  g_variant_get (parameter, "(&sb)", &side_text, &set);
  if (self->game == NULL || !parse_side (side_text, &side))
    return;
  entry = side == ARB_WHITE ? self->white_adjust_entry : self->black_adjust_entry;
  if (!arb_game_view_adjust_clock (self, side, gtk_editable_get_text (GTK_EDITABLE (entry)), set,
                                   &error))
    {
      if (error != NULL)
        refuse (self, arb_error_text (error), FALSE);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
set_moves_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);
  g_autoptr (GError) error = NULL;
  const char *side_text;
  gint32 moves;
  ArbColor side;

  g_variant_get (parameter, "(&si)", &side_text, &moves);
  if (self->game == NULL || !parse_side (side_text, &side) || moves < 0)
    return;
  if (!arb_game_set_moves (self->game, side, (guint) moves, &error))
    refuse (self, arb_error_text (error), FALSE);
}

static void
adjust_popover_show_cb (GtkPopover *popover, ArbGameView *self)
{
  ArbClock *clock;

  if (self->game == NULL)
    return;
  clock = arb_game_get_clock (self->game);
  gtk_spin_button_set_value (self->white_moves_spin, arb_clock_get_moves (clock, ARB_WHITE));
  gtk_spin_button_set_value (self->black_moves_spin, arb_clock_get_moves (clock, ARB_BLACK));
}

static void
arb_game_view_dispose (GObject *object)
{
  ArbGameView *self = ARB_GAME_VIEW (object);

  if (self->scroll_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->move_scroller), self->scroll_tick_id);
      self->scroll_tick_id = 0;
    }
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_GAME_VIEW);

  G_OBJECT_CLASS (arb_game_view_parent_class)->dispose (object);
}

static void
arb_game_view_finalize (GObject *object)
{
  ArbGameView *self = ARB_GAME_VIEW (object);

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->move_buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (arb_game_view_parent_class)->finalize (object);
}

/* Reading aloud: the position on the board, the move that led to it. */
static ArbGame *
speech_game (GtkWidget *widget, guint *ply)
{
  ArbGameView *self = ARB_GAME_VIEW (widget);

  *ply = self->ply;
  return self->game;
}

/* Rulings: the flows of arb-ruling-actions.h rule on the game shown. */
static ArbGame *
ruling_game (GtkWidget *widget)
{
  return ARB_GAME_VIEW (widget)->game;
}

static void
arb_game_view_class_init (ArbGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_game_view_dispose;
  object_class->finalize = arb_game_view_finalize;

  g_type_ensure (ARB_TYPE_BOARD_VIEW);
  g_type_ensure (ARB_TYPE_CLOCK_VIEW);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, content);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, side_panel);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, board);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, clock_view);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, top_player);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, bottom_player);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, ply_label);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, move_grid);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, move_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, move_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, look_button);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, pause_button);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, pause_content);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, white_moves_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, black_moves_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, white_adjust_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, black_adjust_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbGameView, adjust_popover);
  gtk_widget_class_bind_template_callback (widget_class, move_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_icon_release_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, look_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, set_white_moves_cb);
  gtk_widget_class_bind_template_callback (widget_class, set_black_moves_cb);

  gtk_widget_class_install_action (widget_class, "game.first", NULL, navigate_action);
  gtk_widget_class_install_action (widget_class, "game.back", NULL, navigate_action);
  gtk_widget_class_install_action (widget_class, "game.forward", NULL, navigate_action);
  gtk_widget_class_install_action (widget_class, "game.last", NULL, navigate_action);
  gtk_widget_class_install_action (widget_class, "game.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "game.enter-move", NULL, enter_move_action);
  gtk_widget_class_install_action (widget_class, "clock.pause", NULL, pause_action);
  gtk_widget_class_install_action (widget_class, "clock.add-time", "(si)", add_time_action);
  gtk_widget_class_install_action (widget_class, "clock.adjust", "(sb)", adjust_action);
  gtk_widget_class_install_action (widget_class, "clock.set-moves", "(si)", set_moves_action);
  arb_ruling_actions_install (widget_class, ruling_game);
  arb_game_speech_install_actions (widget_class, speech_game);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "game.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "game.last", NULL);
  /* Escape leaves the game for all boards (the window's action), here
   * rather than only on the window: a toast on screen would otherwise
   * take the key on its way up, and the arbiter would stay on the game.
   * The board, below, keeps Escape for putting back a piece held. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.show-round", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "game.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "game.forward",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "game.flip",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "game.enter-move",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "clock.pause",
                                       NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gameview");
}

/* Large text (GNOME's text scaling) makes every label of the side panel
 * wider and taller. Held to a width of its own, its texts wrap and the
 * board keeps most of the window; when it is taller than the window, it
 * scrolls. Neither changes anything at the normal text size. */
static void
clamp_side_panel (ArbGameView *self)
{
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();

  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 360);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 360);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  g_object_ref (self->side_panel);
  gtk_box_remove (GTK_BOX (self->content), self->side_panel);
  adw_clamp_set_child (ADW_CLAMP (clamp), self->side_panel);
  g_object_unref (self->side_panel);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), clamp);
  gtk_box_append (GTK_BOX (self->content), scroller);
}

static void
arb_game_view_init (ArbGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  clamp_side_panel (self);
  self->move_buttons = g_ptr_array_new ();
  /* The view follows whichever game it shows through one signal group. */
  self->game_signals = g_signal_group_new (ARB_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self);
  g_signal_connect (self->adjust_popover, "show", G_CALLBACK (adjust_popover_show_cb), self);
  update_actions (self);
}

GtkWidget *
arb_game_view_new (void)
{
  return g_object_new (ARB_TYPE_GAME_VIEW, NULL);
}

ArbGame *
arb_game_view_get_game (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return self->game;
}

void
arb_game_view_set_game (ArbGameView *self, ArbGame *game)
{
  g_return_if_fail (ARB_IS_GAME_VIEW (self));
  g_return_if_fail (game == NULL || ARB_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  set_error (self, NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->move_entry), "");

  if (game == NULL)
    {
      arb_clock_view_set_clock (self->clock_view, NULL);
      load_moves (self);
      self->ply = 0;
      update_actions (self);
      return;
    }

  show_clock_if_kept (self);
  update_players (self);
  load_moves (self);
  self->ply = arb_game_get_n_plies (game);
  reset_clock_speech (self);
  update_ply (self);
  arb_game_view_tick (self);
}

guint
arb_game_view_get_ply (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), 0);
  return self->ply;
}

void
arb_game_view_set_ply (ArbGameView *self, guint ply)
{
  g_return_if_fail (ARB_IS_GAME_VIEW (self));

  if (self->game == NULL)
    return;
  ply = MIN (ply, arb_game_get_n_plies (self->game));
  if (ply != self->ply)
    arb_board_view_cancel_move (self->board);
  self->ply = ply;
  update_ply (self);
}

void
arb_game_view_set_notation (ArbGameView *self, ArbNotationStyle notation)
{
  g_return_if_fail (ARB_IS_GAME_VIEW (self));

  if (notation == self->notation)
    return;
  self->notation = notation;
  load_moves (self);
  if (self->game != NULL)
    show_current_move (self);
}

void
arb_game_view_set_theme (ArbGameView *self, const char *theme)
{
  g_return_if_fail (ARB_IS_GAME_VIEW (self));
  arb_board_view_set_theme (self->board, theme);
}

gint64
arb_game_view_tick (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), G_MAXINT64);

  if (self->game == NULL)
    return G_MAXINT64;
  update_actions (self);
  show_clock_if_kept (self);
  announce_thresholds (self);
  return arb_clock_view_refresh (self->clock_view);
}

const char *
arb_game_view_get_error (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return self->error;
}

GtkWidget *
arb_game_view_get_board (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return GTK_WIDGET (self->board);
}

GtkWidget *
arb_game_view_get_entry (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return GTK_WIDGET (self->move_entry);
}

char *
arb_game_view_get_status_text (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return g_strdup (gtk_label_get_text (self->status_label));
}

char *
arb_game_view_get_ply_text (ArbGameView *self)
{
  g_return_val_if_fail (ARB_IS_GAME_VIEW (self), NULL);
  return g_strdup (gtk_label_get_text (self->ply_label));
}
