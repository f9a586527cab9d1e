/* test-papercuts.c: the small faults that cost an arbiter seconds at the desk (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test is one papercut an experienced arbiter found in the window
 * (the issue "Rulings an arbiter can trust under pressure"): the move
 * list that must follow the current move, a game without clock data that
 * must show no time, the search that must not carry over into another
 * file, Escape on the board, the place of resumption on the envelope
 * sheet, and the keys typed right after Ctrl+F. Keys are real key presses
 * (xdotool through the X server), as an arbiter types them.
 */

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-board-view-private.h"
#include "arb-board-view.h"
#include "arb-clock-view.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-ruling-apply.h"
#include "arb-ruling-dialog.h"
#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* --- Helpers ----------------------------------------------------------- */

/* The first descendant of @widget (itself included) of @type. */
static GtkWidget *
find_descendant (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_descendant_with_class (GtkWidget *widget, const char *css_class)
{
  if (gtk_widget_has_css_class (widget, css_class))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_descendant_with_class (child, css_class))
      return TRUE;
  return FALSE;
}

static void
after_paint_cb (GdkFrameClock *clock, guint *frames)
{
  (*frames)++;
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Lets the window lay itself out and paint twice, so that what is
 * measured afterwards is what the arbiter sees. A window that paints no
 * frame (not on screen yet) is waited for a bounded number of turns of
 * the main loop, then the checks go on and say what they find. */
static void
settle (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint wake = g_timeout_add (10, wake_cb, NULL);
  guint frames = 0;
  gulong id = 0;

  if (clock != NULL)
    id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frames);
  gtk_widget_queue_draw (widget);
  for (guint turns = 0; clock != NULL && frames < 2 && turns < 500; turns++)
    {
      gtk_widget_queue_draw (widget);
      g_main_context_iteration (NULL, TRUE);
    }
  if (id != 0)
    g_signal_handler_disconnect (clock, id);
  g_source_remove (wake);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static char *
new_tournament_path (const char *name)
{
  g_autofree char *dir = g_path_get_dirname (arb_application_get_demo_path ());

  return g_build_filename (dir, name, NULL);
}

/* A demo round of its own, fresh: the demo the other tests share may
 * have moves of theirs, and these tests' moves stay out of it. */
static char *
open_fresh_demo (ArbWindow *window)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  char *path = new_tournament_path ("papercuts.arbiter");
  g_autoptr (GError) error = NULL;

  g_unlink (path);
  g_assert_true (arb_demo_create (path, ARB_DEMO_BOARDS, &error));
  g_assert_no_error (error);
  g_assert_true (arb_application_open_path (app, path));
  return path;
}

/* --- The move list follows the current move ---------------------------- */

/* The move button the game view marks as current. */
static GtkWidget *
current_move_button (ArbGameView *view)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, view);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_BUTTON (w) && gtk_widget_has_css_class (w, "move") &&
          gtk_widget_has_css_class (w, "current"))
        return w;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  return NULL;
}

/* Whether the whole current move lies inside the visible part of the
 * move list's scrolled window. */
static gboolean
current_move_in_sight (ArbGameView *view, char **why)
{
  GtkWidget *button = current_move_button (view);
  GtkWidget *scroller;
  graphene_rect_t bounds;
  int height;

  if (button == NULL)
    {
      *why = g_strdup ("no move is marked current");
      return FALSE;
    }
  scroller = gtk_widget_get_ancestor (button, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  height = gtk_widget_get_height (scroller);
  if (!gtk_widget_compute_bounds (button, scroller, &bounds))
    {
      *why = g_strdup ("the current move has no place on screen");
      return FALSE;
    }
  if (bounds.origin.y < -0.5 || bounds.origin.y + bounds.size.height > height + 0.5)
    {
      *why = g_strdup_printf (
        "the current move (%s) is at y %.0f–%.0f of a list %d high (scrolled to %.0f of %.0f)",
        gtk_button_get_label (GTK_BUTTON (button)), bounds.origin.y,
        bounds.origin.y + bounds.size.height, height,
        gtk_adjustment_get_value (
          gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller))),
        gtk_adjustment_get_upper (
          gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller))));
      return FALSE;
    }
  return TRUE;
}

/* The list may take a few frames to lay itself out and scroll; ten
 * frames after the change, the move must be in sight. */
static void
assert_in_sight (ArbWindow *window, ArbGameView *view, const char *when)
{
  for (int frame = 0;; frame++)
    {
      g_autofree char *why = NULL;

      settle (GTK_WIDGET (window));
      if (current_move_in_sight (view, &why))
        return;
      if (frame == 10)
        g_error ("%s: %s", when, why);
    }
}

static gboolean
at_ply_0 (gpointer data)
{
  return arb_game_view_get_ply (data) == 0;
}

static gboolean
at_last_ply (gpointer data)
{
  ArbGameView *view = data;

  return arb_game_view_get_ply (view) == arb_game_get_n_plies (arb_game_view_get_game (view));
}

static gboolean
page_is_game (gpointer data)
{
  return g_strcmp0 (arb_window_get_page (data), "game") == 0;
}

static void
check_move_list_follows (ArbWindow *window, gpointer data)
{
  ArbGameView *view;
  ArbGame *game;
  guint n;
  g_autofree char *demo_copy = open_fresh_demo (window);

  /* A window of the usual size: the list shows about ten lines, the
   * games of the demo have more. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  settle (GTK_WIDGET (window));
  arb_ui_give_keyboard (GTK_WINDOW (window));

  /* Opened: the last move is in sight (board 12, 30 half-moves). */
  view = arb_ui_open_board (window, 12);
  game = arb_game_view_get_game (view);
  n = arb_game_get_n_plies (game);
  g_assert_cmpuint (n, >=, 28);
  assert_in_sight (window, view, "board 12 opened");

  /* Keys: Home goes to the start, the list to its top; End back. */
  arb_ui_xdotool ("key", "Home", NULL);
  arb_ui_wait_for (at_ply_0, view, "Home to go to the start");
  /* Ply 0 has no move: step one forward, the first move must show. */
  arb_ui_xdotool ("key", "alt+Right", NULL);
  assert_in_sight (window, view, "Home then Alt+Right");
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, 1);
  arb_ui_xdotool ("key", "End", NULL);
  arb_ui_wait_for (at_last_ply, view, "End to go to the last move");
  assert_in_sight (window, view, "End");
  for (int i = 0; i < 20; i++)
    arb_ui_xdotool ("key", "alt+Left", NULL);
  assert_in_sight (window, view, "twenty times Alt+Left");
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, n - 20);
  arb_ui_xdotool ("key", "End", NULL);
  arb_ui_wait_for (at_last_ply, view, "End to go to the last move");

  /* Moves added: each new move comes into sight. */
  g_assert_true (arb_game_view_enter_text (view, "Rd1"));
  assert_in_sight (window, view, "after 16.Rd1");
  g_assert_true (arb_game_view_enter_text (view, "Rc8"));
  assert_in_sight (window, view, "after 16…Rc8");
  g_assert_true (arb_game_view_enter_text (view, "h3"));
  assert_in_sight (window, view, "after 17.h3");
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, n + 3);

  /* Another game opened from the round: its last move, not where the
   * list of the game before was scrolled. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  view = arb_ui_open_board (window, 2);
  arb_ui_wait_for (page_is_game, window, "board 2 to open");
  assert_in_sight (window, view, "board 2 opened");
  gtk_widget_activate_action (GTK_WIDGET (view), "game.first", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  view = arb_ui_open_board (window, 12);
  assert_in_sight (window, view, "board 12 opened again");
}

static void
test_move_list_follows (void)
{
  arb_ui_run_app (check_move_list_follows, NULL);
}

/* --- A game without clock data shows no time ------------------------ */

static const char imported_pgn[] =
  "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
  "[White \"Alpha, Anna\"]\n[Black \"Beta, Bo\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
  "9. h3 Nb8 10. d4 Nbd7 1-0\n\n"
  "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
  "[White \"Gamma, Gus\"]\n[Black \"Delta, Di\"]\n[Result \"*\"]\n\n"
  "1. d4 d5 2. c4 e6 *\n";

static void
assert_no_time_on_card (ArbWindow *window, int board, const char *when)
{
  ArbBoardCard *card = arb_ui_find_card (window, board);

  g_assert_nonnull (card);
  arb_board_card_set_shown (card, TRUE);
  arb_board_card_tick (card);
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      const char *text = arb_board_card_get_clock_text (card, side);

      if (strchr (text, ':') != NULL)
        g_error ("%s: board %d shows the time %s for %s", when, board, text,
                 side == ARB_WHITE ? "White" : "Black");
    }
  if (has_descendant_with_class (GTK_WIDGET (card), "flag-fallen"))
    g_error ("%s: board %d shows a fallen flag", when, board);
}

static void
assert_no_time_in_view (ArbGameView *view, const char *when)
{
  GtkWidget *clocks = find_descendant (GTK_WIDGET (view), ARB_TYPE_CLOCK_VIEW);

  g_assert_nonnull (clocks);
  arb_game_view_tick (view);
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      const char *text = arb_clock_view_get_time_text (ARB_CLOCK_VIEW (clocks), side);

      if (strchr (text, ':') != NULL && strcmp (text, "–:––") != 0)
        g_error ("%s: the game view shows the time %s for %s", when, text,
                 side == ARB_WHITE ? "White" : "Black");
    }
  if (has_descendant_with_class (clocks, "flag-fallen"))
    g_error ("%s: the game view shows a fallen flag", when);
}

/* Whether the game view shows its Start, Resume or Pause Clock button. */
static gboolean
clock_button_shown (GtkWidget *widget)
{
  if (ADW_IS_BUTTON_CONTENT (widget))
    {
      const char *label = adw_button_content_get_label (ADW_BUTTON_CONTENT (widget));

      if (label != NULL && g_str_has_suffix (label, "Clock"))
        return gtk_widget_is_visible (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (clock_button_shown (child))
      return TRUE;
  return FALSE;
}

static void
check_clock_without_data (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autofree char *path = new_tournament_path ("imported.arbiter");
  g_autofree char *demo = arb_application_get_demo_path ();
  ArbEventInfo event = { .name = (char *) "Club", .edition = 2023 };
  g_autoptr (ArbTournament) created = NULL;
  g_autoptr (GError) error = NULL;
  ArbGameView *view;

  /* Games imported from a PGN without clock times, in an event without a
   * time control: nothing says how much time anybody has. */
  g_unlink (path);
  created = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  g_assert_true (
    arb_tournament_import_pgn (created, imported_pgn, strlen (imported_pgn), 1, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&created);
  g_assert_true (arb_application_open_path (app, path));
  settle (GTK_WIDGET (window));

  assert_no_time_on_card (window, 1, "imported finished game");
  assert_no_time_on_card (window, 2, "imported game in progress");

  view = arb_ui_open_board (window, 1);
  settle (GTK_WIDGET (window));
  assert_no_time_in_view (view, "game view of the finished game");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  view = arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  assert_no_time_in_view (view, "game view of the game in progress");

  /* Nor is a clock offered: no Start Clock button, and the action does
   * nothing. */
  g_assert_false (clock_button_shown (GTK_WIDGET (view)));
  arb_ui_save_screenshot (GTK_WIDGET (window), "game-view-no-time-control");
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.pause", NULL);
  g_assert_false (arb_clock_is_running (arb_game_get_clock (arb_game_view_get_game (view))));

  /* A move entered on the game in progress still gives no time. */
  g_assert_true (arb_game_view_enter_text (view, "Nc3"));
  settle (GTK_WIDGET (window));
  assert_no_time_in_view (view, "game view after a move entered");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  settle (GTK_WIDGET (window));
  assert_no_time_on_card (window, 2, "card after a move entered");

  g_assert_true (arb_application_open_path (app, demo));
  g_unlink (path);
}

static void
test_clock_without_data (void)
{
  arb_ui_run_app (check_clock_without_data, NULL);
}

/* --- The search and the attention filter do not carry over into another
 * file ----------------------------------------------------------------- */

static void
check_search_new_file (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autofree char *path = new_tournament_path ("other.arbiter");
  ArbEventInfo event = { .name = (char *) "Club", .edition = 2023 };
  g_autoptr (ArbTournament) created = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *entry;
  GtkWidget *bar;
  g_autofree char *demo_copy = open_fresh_demo (window);

  g_unlink (path);
  created = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  g_assert_true (
    arb_tournament_import_pgn (created, imported_pgn, strlen (imported_pgn), 1, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&created);

  /* A search on the demo: one board of the demo matches; and only the
   * boards that need the arbiter are shown. */
  arb_window_set_search (window, "lindqvist");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 1);
  arb_window_set_attention_only (window, TRUE);

  /* Another file: all its boards (neither filter carried over), an empty
   * search, the bar closed. */
  g_assert_true (arb_application_open_path (app, path));
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 2);
  bar = find_descendant (GTK_WIDGET (window), GTK_TYPE_SEARCH_BAR);
  entry = find_descendant (bar, GTK_TYPE_SEARCH_ENTRY);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_false (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar)));

  /* The demo again: a search there is cleared too. */
  arb_window_set_search (window, "gamma");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 1);
  g_assert_true (arb_application_open_path (app, demo_copy));
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, ARB_DEMO_BOARDS);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_unlink (path);
}

static void
test_search_new_file (void)
{
  arb_ui_run_app (check_search_new_file, NULL);
}

/* --- Escape leaves the game view when the board has focus ------------- */

static gboolean
page_is_round (gpointer data)
{
  return g_strcmp0 (arb_window_get_page (data), "round") == 0;
}

static gboolean
board_focused (gpointer data)
{
  ArbWindow *window = data;
  GtkWidget *board = arb_game_view_get_board (arb_window_get_game_view (window));
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));

  return focus != NULL && (focus == board || gtk_widget_is_ancestor (focus, board));
}

/* A square clicked: the board takes the focus, as a click gives it. (The
 * click itself goes through the board's own handler: a pointer moved by
 * xdotool over a page that changes under it upsets GTK 4.8's accounting
 * of pressed widgets.) */
static void
click_square (ArbWindow *window, ArbSquare sq)
{
  GtkWidget *board = arb_game_view_get_board (arb_window_get_game_view (window));

  gtk_widget_grab_focus (board);
  _arb_board_view_click_square (ARB_BOARD_VIEW (board), sq);
}

static void
check_escape_from_board (ArbWindow *window, gpointer data)
{
  ArbGameView *view;
  g_autofree char *demo_copy = open_fresh_demo (window);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  settle (GTK_WIDGET (window));
  arb_ui_give_keyboard (GTK_WINDOW (window));

  /* Opened with the keyboard: the board has the focus; Escape. */
  view = arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  g_assert_true (board_focused (window));
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (page_is_round, window, "Escape on the board just opened");

  /* The same with a message on screen (an alert, an error): its toast
   * must not take the Escape meant for the board. */
  view = arb_ui_open_board (window, 2);
  arb_window_show_error (window, "A message on screen");
  settle (GTK_WIDGET (window));
  g_assert_true (board_focused (window));
  arb_ui_xdotool ("key", "Escape", NULL);
  settle (GTK_WIDGET (window));
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");

  /* The board clicked on an empty square: the focus is on the board. */
  view = arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  click_square (window, ARB_SQUARE (3, 3));
  arb_ui_wait_for (board_focused, window, "the board to take the focus from a click");
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (page_is_round, window, "Escape after a click on an empty square");

  /* A piece picked up: the first Escape puts it back, the second leaves. */
  view = arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  click_square (window, ARB_SQUARE (0, 6)); /* Black's a7 pawn, Black to move */
  arb_ui_wait_for (board_focused, window, "the board to take the focus from a click");
  settle (GTK_WIDGET (window));
  g_assert_cmpint (_arb_board_view_get_selected (ARB_BOARD_VIEW (arb_game_view_get_board (view))),
                   ==, ARB_SQUARE (0, 6));
  arb_ui_xdotool ("key", "Escape", NULL);
  settle (GTK_WIDGET (window));
  g_assert_cmpstr (arb_window_get_page (window), ==, "game");
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (page_is_round, window, "the second Escape with a piece put back");

  /* After a move made on the board, the board keeps the focus: Escape. */
  view = arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  click_square (window, ARB_SQUARE (0, 6));
  click_square (window, ARB_SQUARE (0, 5));
  settle (GTK_WIDGET (window));
  g_assert_cmpuint (arb_game_get_n_plies (arb_game_view_get_game (view)), ==, 34);
  arb_ui_wait_for (board_focused, window, "the board to keep the focus after a move");
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (page_is_round, window, "Escape after a move on the board");
}

static void
test_escape_from_board (void)
{
  arb_ui_run_app (check_escape_from_board, NULL);
}

/* --- Every key typed right after Ctrl+F reaches the search ------------ */

typedef struct
{
  GtkWidget *entry;
  const char *text;
} EntryText;

static gboolean
entry_has_text (gpointer data)
{
  EntryText *t = data;

  return g_str_equal (gtk_editable_get_text (GTK_EDITABLE (t->entry)), t->text);
}

static void
check_ctrl_f_typing (ArbWindow *window, gpointer data)
{
  GtkWidget *bar = find_descendant (GTK_WIDGET (window), GTK_TYPE_SEARCH_BAR);
  GtkWidget *entry = find_descendant (bar, GTK_TYPE_SEARCH_ENTRY);
  EntryText expected = { entry, "lindq" };
  g_autofree char *demo_copy = open_fresh_demo (window);

  arb_ui_give_keyboard (GTK_WINDOW (window));
  settle (GTK_WIDGET (window));

  /* On the round: Ctrl+F and the name, in one burst of keys. The first
   * letters are checked after all keys are in (no key is lost). */
  arb_ui_xdotool ("key", "--delay", "0", "ctrl+f", "type", "--delay", "0", "lindq", NULL);
  settle (GTK_WIDGET (window));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "lindq");
  arb_ui_wait_for (entry_has_text, &expected, "the search text");
  arb_ui_xdotool ("key", "Escape", NULL);
  settle (GTK_WIDGET (window));
  /* Under load the key may come a little later than two frames. */
  expected.text = "";
  arb_ui_wait_for (entry_has_text, &expected, "the search cleared by Escape");

  /* From a game, with the board focused: Ctrl+F goes to the round and
   * its search, and the keys typed at once all arrive. */
  arb_ui_open_board (window, 2);
  settle (GTK_WIDGET (window));
  g_assert_true (board_focused (window));
  arb_ui_xdotool ("key", "--delay", "0", "ctrl+f", "b", "e", "r", "g", NULL);
  settle (GTK_WIDGET (window));
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "berg");

  /* From the move entry of a game: the same. */
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_open_board (window, 3);
  gtk_widget_grab_focus (arb_game_view_get_entry (arb_window_get_game_view (window)));
  settle (GTK_WIDGET (window));
  arb_ui_xdotool ("key", "--delay", "0", "ctrl+f", "s", "m", "i", NULL);
  settle (GTK_WIDGET (window));
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "smi");
  g_assert_cmpstr (gtk_editable_get_text (
                     GTK_EDITABLE (arb_game_view_get_entry (arb_window_get_game_view (window)))),
                   ==, "");
  arb_ui_xdotool ("key", "Escape", NULL);
}

static void
test_ctrl_f_typing (void)
{
  arb_ui_run_app (check_ctrl_f_typing, NULL);
}

/* --- Escape closes the search wherever the focus is on the round ------- */

static gboolean
search_closed (gpointer data)
{
  GtkWidget *bar = data;

  return !gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar));
}

static void
check_escape_closes_search (ArbWindow *window, gpointer data)
{
  GtkWidget *bar = find_descendant (GTK_WIDGET (window), GTK_TYPE_SEARCH_BAR);
  GtkWidget *entry = find_descendant (bar, GTK_TYPE_SEARCH_ENTRY);
  EntryText cleared = { entry, "" };
  g_autofree char *demo_copy = open_fresh_demo (window);
  ArbBoardCard *card;

  arb_ui_give_keyboard (GTK_WINDOW (window));
  arb_window_set_search (window, "lindq");
  settle (GTK_WIDGET (window));
  card = arb_ui_find_card (window, 1);
  g_assert_nonnull (card);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (card)));
  /* The arbiter moved on to the cards: the filter is still on. */
  gtk_widget_grab_focus (GTK_WIDGET (card));
  settle (GTK_WIDGET (window));
  g_assert_false (gtk_widget_has_focus (entry));
  arb_ui_xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (search_closed, bar, "Escape on a card to close the search");
  /* A closed search filters nothing. */
  arb_ui_wait_for (entry_has_text, &cleared, "the closed search to be cleared");

  /* Closed by its button: cleared as well. */
  arb_window_set_search (window, "lindq");
  settle (GTK_WIDGET (window));
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (bar), FALSE);
  arb_ui_wait_for (entry_has_text, &cleared, "the search closed by its button to be cleared");
}

static void
test_escape_closes_search (void)
{
  arb_ui_run_app (check_escape_closes_search, NULL);
}

/* --- The envelope sheet keeps the place of resumption ------------------ */

static char *
pdf_text (const char *pdf)
{
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;
  const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };

  if (g_find_program_in_path ("pdftotext") == NULL)
    return NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

static void
assert_sheet_names (const char *pdf, const char *printed, const char *resumption)
{
  g_autofree char *text = pdf_text (pdf);
  g_autoptr (GRegex) spaces = g_regex_new ("\\s+", 0, 0, NULL);
  g_autofree char *flat = NULL;

  g_assert_nonnull (strstr (printed, resumption));
  if (text == NULL)
    {
      g_test_message ("pdftotext is not installed: the PDF itself was not read");
      return;
    }
  /* The line may wrap on the page: spaces and line ends count alike. */
  flat = g_regex_replace_literal (spaces, text, -1, 0, " ", 0, NULL);
  if (strstr (flat, resumption) == NULL)
    g_error ("the envelope sheet lacks “%s”:\n%s", resumption, text);
}

/* The sheet the Resume flow prints for @game names @resumption. */
static void
assert_resume_sheet (ArbGame *game, const char *pdf, const char *resumption)
{
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  g_autoptr (GError) error = NULL;
  g_autofree char *printed = NULL;

  g_assert_true (arb_ruling_dialog_print_envelope (dialog, pdf, &printed, &error));
  g_assert_no_error (error);
  assert_sheet_names (pdf, printed, resumption);
  arb_ui_close_window (dialog);
}

static void
check_envelope_place (ArbWindow *window, gpointer data)
{
  g_autofree char *sealing = arb_test_temp_path ("sealing.pdf");
  g_autofree char *opening = arb_test_temp_path ("opening.pdf");
  g_autofree char *stored = arb_test_temp_path ("stored.pdf");
  g_autofree char *demo_copy = open_fresh_demo (window);
  ArbGame *game = arb_board_card_get_game (arb_ui_find_card (window, 14));
  ArbGame *adjourned = arb_board_card_get_game (arb_ui_find_card (window, 6));
  ArbRulingDialog *dialog;
  g_autoptr (GError) error = NULL;

  /* Sealing: the sheet printed from the dialog, the place typed there. */
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ADJOURN));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "sealed-move", "Nxe5"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "resume-at", "2026-11-22 10:00"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "place", "Room B, Stadshuset"));
  {
    g_autofree char *printed = NULL;

    g_assert_true (arb_ruling_dialog_print_envelope (dialog, sealing, &printed, &error));
    g_assert_no_error (error);
    assert_sheet_names (sealing, printed, "2026-11-22 10:00, Room B, Stadshuset");
  }
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
  arb_ui_close_window (dialog);
  g_assert_true (arb_game_is_adjourned (game));

  /* The stored envelope keeps both. */
  {
    ArbEnvelope env = { 0 };

    g_assert_cmpint (arb_ruling_find_envelope (game, &env, NULL), >, 0);
    g_assert_cmpstr (env.resumption, ==, "2026-11-22 10:00, Room B, Stadshuset");
    arb_envelope_clear (&env);
  }

  /* Opening: the sheet printed from the resumption, from the file. */
  assert_resume_sheet (game, opening, "2026-11-22 10:00, Room B, Stadshuset");

  /* The demo's adjourned game (board 6), sealed with a place. */
  assert_resume_sheet (adjourned, stored, "playing hall");
}

static void
test_envelope_place (void)
{
  arb_ui_run_app (check_envelope_place, NULL);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/papercuts/move-list-follows", test_move_list_follows);
  g_test_add_func ("/ui/papercuts/clock-without-data", test_clock_without_data);
  g_test_add_func ("/ui/papercuts/search-new-file", test_search_new_file);
  g_test_add_func ("/ui/papercuts/escape-from-board", test_escape_from_board);
  g_test_add_func ("/ui/papercuts/ctrl-f-typing", test_ctrl_f_typing);
  g_test_add_func ("/ui/papercuts/escape-closes-search", test_escape_closes_search);
  g_test_add_func ("/ui/papercuts/envelope-place", test_envelope_place);
  return g_test_run ();
}
