/* test-accessibility.c: what a screen reader finds and hears (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The accessible tree is checked with GTK's own test API; the sentences
 * expected below are written out by hand. What the announcer hands over
 * is read back with arb_announcer_get_last().
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "arb-announcer.h"
#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-board-paint.h"
#include "arb-board-view-private.h"
#include "arb-chess-words.h"
#include "arb-clock-view.h"
#include "arb-game-view.h"
#include "arb-ruling-dialog-private.h"
#include "arb-san.h"
#include "arb-time-control.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* Board 2 of the demo after 17.Qb3 (pgn-extract -F on its moves). */
#define BOARD2_FEN "rnr4k/p3qpp1/1p2b2p/2pp4/3P4/1Q2PN2/PP2BPPP/2R1K2R b K - 9 17"
#define BOARD2_POSITION                                                                       \
  "White: king e1, queen b3, rooks c1 h1, bishop e2, knight f3, pawns a2 b2 f2 g2 h2 e3 d4. " \
  "Black: king h8, queen e7, rooks a8 c8, bishop e6, knight b8, pawns c5 d5 b6 h6 a7 f7 g7. " \
  "Black to move."

/* Squares by name, so the expected moves below are written by hand. */
enum
{
  G1 = 6,
  F3 = 21,
};

static void
set_fen (ArbPosition *pos, const char *fen)
{
  g_autoptr (GError) error = NULL;

  arb_position_set_fen (pos, fen, ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
}

static ArbMove
san (const ArbPosition *pos, const char *text)
{
  g_autoptr (GError) error = NULL;
  ArbMove move = arb_san_parse (pos, text, strlen (text), &error);

  g_assert_no_error (error);
  return move;
}

/* Says what is queued and returns it. */
static const char *
last_announcement (void)
{
  ArbAnnouncer *announcer = arb_announcer_get_default ();

  arb_announcer_flush (announcer);
  return arb_announcer_get_last (announcer);
}

/* --- Words ----------------------------------------------------------- */

static void
test_words_square (void)
{
  ArbPosition pos;
  g_autofree char *e4 = NULL;
  g_autofree char *e1 = NULL;

  set_fen (&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  e4 = arb_chess_words_square_contents (&pos, 28);
  e1 = arb_chess_words_square_contents (&pos, 4);
  g_assert_cmpstr (e4, ==, "e4, white pawn");
  g_assert_cmpstr (e1, ==, "e1, white king");

  g_free (e4);
  e4 = arb_chess_words_square_contents (&pos, 12);
  g_assert_cmpstr (e4, ==, "e2, empty");
}

static void
test_words_position (void)
{
  ArbPosition pos;
  g_autofree char *start = NULL;
  g_autofree char *check = NULL;

  arb_position_set_start (&pos);
  start = arb_chess_words_position (&pos);
  g_assert_cmpstr (start, ==,
                   "White: king e1, queen d1, rooks a1 h1, bishops c1 f1, knights b1 g1, "
                   "pawns a2 b2 c2 d2 e2 f2 g2 h2. Black: king e8, queen d8, rooks a8 h8, "
                   "bishops c8 f8, knights b8 g8, pawns a7 b7 c7 d7 e7 f7 g7 h7. White to move.");

  /* One of a kind is singular; a check is said. */
  set_fen (&pos, "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 40");
  check = arb_chess_words_position (&pos);
  g_assert_cmpstr (check, ==,
                   "White: king e1, rook a1. Black: king e8, rook e2. White to move. "
                   "White is in check.");
}

static void
test_words_moves (void)
{
  static const struct
  {
    const char *fen;
    const char *san;
    const char *words;
  } cases[] = {
    { "4k3/8/5n2/8/4P3/8/5K2/8 b - - 0 15", "Nxe4+", "15. … Black knight from f6 takes e4, check" },
    { ARB_START_FEN, "Nf3", "1. White knight from g1 to f3" },
    { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20", "O-O", "20. White castles kingside" },
    { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 20", "O-O-O", "20. … Black castles queenside" },
    { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 31", "exd6", "31. White pawn from e5 takes d6 en passant" },
    { "8/4P3/8/8/8/8/k7/4K3 w - - 0 60", "e8=Q",
      "60. White pawn from e7 to e8, promotes to queen" },
    { "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "Qh4#",
      "2. … Black queen from d8 to h4, checkmate" },
    { "7k/8/8/8/8/8/8/K5Q1 w - - 0 70", "Qh2+", "70. White queen from g1 to h2, check" },
    { "7k/5Q2/6K1/8/8/8/8/8 w - - 0 70", "Qg7#", "70. White queen from f7 to g7, checkmate" },
    { "7k/8/4Q1K1/8/8/8/8/8 w - - 0 70", "Qf7", "70. White queen from e6 to f7, stalemate" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbPosition pos;
      g_autofree char *words = NULL;

      set_fen (&pos, cases[i].fen);
      words = arb_chess_words_numbered_move (&pos, san (&pos, cases[i].san));
      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

static void
test_words_time (void)
{
  static const struct
  {
    gint64 seconds_x10;
    const char *words;
  } cases[] = {
    { 39000, "1 hour 5 minutes" },
    { 39059, "1 hour 5 minutes" },
    { 36000, "1 hour" },
    { 72000, "2 hours" },
    { 2450, "4 minutes 5 seconds" },
    { 600, "1 minute" },
    { 95, "9 seconds" },
    { 10, "1 second" },
    { 5, "less than a second" },
    { 0, "no time left" },
    { -30, "no time left" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = arb_chess_words_time (cases[i].seconds_x10 * G_USEC_PER_SEC / 10);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

/* --- The board as a grid --------------------------------------------- */

static GtkWidget *
nth_child (GtkWidget *widget, guint n)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  /* The promotion chooser, a popover, is no row. */
  while (child != NULL && GTK_IS_POPOVER (child))
    child = gtk_widget_get_next_sibling (child);
  for (guint i = 0; child != NULL && i < n; i++)
    child = gtk_widget_get_next_sibling (child);
  g_assert_nonnull (child);
  return child;
}

/* The cell at @row, @column of the grid as it is read (top row first). */
static GtkWidget *
grid_cell (GtkWidget *board, guint row, guint column)
{
  return nth_child (nth_child (board, row), column);
}

static void
move_chosen_cb (ArbBoardView *board, guint move, guint *chosen)
{
  *chosen = move;
}

static void
test_board_grid (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = arb_board_view_new ();
  ArbPosition pos;
  guint rows = 0;

  g_object_ref (board);
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 480);
  set_fen (&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Chess board");
  gtk_test_accessible_assert_property (
    GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
    "White: king e1, queen d1, rooks a1 h1, bishops c1 f1, knights b1 g1, pawns a2 b2 c2 d2 f2 g2 "
    "h2 e4. Black: king e8, queen d8, rooks a8 h8, bishops c8 f8, knights b8 g8, pawns a7 b7 c7 "
    "d7 e7 f7 g7 h7. Black to move.");

  /* Eight rows of eight cells, read from the top of the board. */
  for (GtkWidget *row = gtk_widget_get_first_child (board); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      guint cells = 0;

      if (GTK_IS_POPOVER (row))
        continue;
      gtk_test_accessible_assert_role (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_ROLE_ROW);
      for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL;
           cell = gtk_widget_get_next_sibling (cell))
        {
          gtk_test_accessible_assert_role (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_ROLE_GRID_CELL);
          g_assert_true (gtk_widget_get_focusable (cell));
          cells++;
        }
      g_assert_cmpuint (cells, ==, 8);
      rows++;
    }
  g_assert_cmpuint (rows, ==, 8);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 0, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "a8, black rook");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 4, 4)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "e4, white pawn");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 6, 4)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "e2, empty");

  /* Flipped, the reading order follows what is seen. */
  arb_board_view_set_flipped (ARB_BOARD_VIEW (board), TRUE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 0, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "h1, white rook");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 7, 7)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "a8, black rook");
  arb_board_view_set_flipped (ARB_BOARD_VIEW (board), FALSE);

  /* A move changes the names of the squares it touches. */
  set_fen (&pos, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 3, 4)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "e5, black pawn");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid_cell (board, 1, 4)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "e7, empty");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (board);
}

/* The arrows move the focus square by square (so a screen reader says
 * each square), and a move is entered by picking two squares. */
static void
test_board_keyboard_squares (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = arb_board_view_new ();
  GtkWidget *focus;
  ArbPosition pos;
  guint chosen = 0;

  g_object_ref (board);
  gtk_window_set_child (GTK_WINDOW (window), board);
  set_fen (&pos, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);
  g_signal_connect (board, "move-chosen", G_CALLBACK (move_chosen_cb), &chosen);
  gtk_window_present (GTK_WINDOW (window));

  /* The board is one stop: entering it puts the focus on a square (e2
   * for White). */
  g_assert_true (gtk_widget_grab_focus (board));
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (gtk_widget_is_ancestor (focus, board));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "e2, empty");

  /* With the focus on the board every arrow moves. */
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "e3, empty");

  /* To g1, pick up the knight: what it can do is said. */
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 1, -1);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 1, -1);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "g1, white knight");
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpint (_arb_board_view_get_selected (ARB_BOARD_VIEW (board)), ==, G1);
  g_assert_true (
    gtk_test_accessible_has_state (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_STATE_SELECTED));
  g_assert_cmpstr (last_announcement (), ==,
                   "Picked up the white knight on g1. It can go to e2 f3 h3.");

  /* A square it cannot reach is said, and the knight is dropped. */
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpstr (last_announcement (), ==, "No legal move from g1 to g3.");
  g_assert_cmpint (_arb_board_view_get_selected (ARB_BOARD_VIEW (board)), ==, ARB_NO_SQUARE);
  g_assert_cmpuint (chosen, ==, 0);

  /* Picked up and put back on its square. */
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, -1);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, -1);
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpstr (last_announcement (), ==,
                   "Picked up the white knight on g1. It can go to e2 f3 h3. "
                   "Put back the white knight on g1.");

  /* And to f3. */
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", -1, 1);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "f3, empty");
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpuint (chosen, ==, G1 | (F3 << 6));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (board);
}

/* --- Clocks ---------------------------------------------------------- */

static gint64
fake_time (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
test_clock_faces (void)
{
  gint64 now = 1000000;
  ArbTimeControl tc;
  ArbClock *clock;
  GtkWidget *view;
  GtkWidget *top;
  GtkWidget *bottom;

  g_assert_true (arb_time_control_parse ("300+2", &tc, NULL, NULL));
  clock = arb_clock_new (&tc);
  arb_clock_set_time_func (clock, fake_time, &now, NULL);
  view = g_object_ref_sink (arb_clock_view_new (clock));
  /* Vertical: Black on top, as on the board. */
  top = gtk_widget_get_first_child (view);
  bottom = gtk_widget_get_next_sibling (top);

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (top), GTK_ACCESSIBLE_ROLE_TIMER);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (bottom), GTK_ACCESSIBLE_ROLE_TIMER);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (top), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Black’s clock, stopped");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bottom), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "White’s clock, stopped");

  arb_clock_start (clock);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bottom), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "White’s clock, running");

  /* The names do not tick with the time. */
  now += 7 * G_USEC_PER_SEC;
  arb_clock_view_refresh (ARB_CLOCK_VIEW (view));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bottom), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "White’s clock, running");

  arb_clock_press (clock);
  now += 301 * G_USEC_PER_SEC;
  arb_clock_update (clock);
  arb_clock_view_refresh (ARB_CLOCK_VIEW (view));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (top), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Black’s clock, flag fallen");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bottom), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "White’s clock, stopped");

  g_assert_finalize_object (view);
  g_assert_finalize_object (clock);
}

/* --- The program, on the demo round ---------------------------------- */

/* Runs @func on a new demo round (the demo file is made again, so every
 * check starts from the same games). */
static void
run_app (ArbUiMappedFunc func, gpointer data)
{
  g_autofree char *demo = arb_application_get_demo_path ();
  g_autofree char *wal = g_strconcat (demo, "-wal", NULL);
  g_autofree char *shm = g_strconcat (demo, "-shm", NULL);

  g_unlink (demo);
  g_unlink (wal);
  g_unlink (shm);
  arb_ui_run_app (func, data);
}

typedef gboolean (*WidgetTest) (GtkWidget *widget, gconstpointer data);

static GtkWidget *
find_widget (GtkWidget *root, WidgetTest test, gconstpointer data)
{
  if (test (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, test, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_action (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0 &&
         gtk_widget_get_mapped (widget);
}

static gboolean
has_tooltip (GtkWidget *widget, gconstpointer tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0 &&
         gtk_widget_get_mapped (widget);
}

static gboolean
is_button_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static gboolean
is_group_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_PREFERENCES_GROUP (widget) &&
         g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), title) == 0;
}

/* Appends " N. TITLE." for each row of a preferences group, as seen. */
static void
collect_row_titles (GtkWidget *widget, GString *text, guint *n)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (ADW_IS_PREFERENCES_ROW (child) && gtk_widget_get_visible (child))
        g_string_append_printf (text, " %u. %s.", ++*n,
                                adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)));
      else
        collect_row_titles (child, text, n);
    }
}

/* What a screen reader calls a widget: its label, or the widgets that
 * label it. A button with neither is read by its class name. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (widget);

  if (gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      g_autofree char *label =
        gtk_test_accessible_check_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "");

      /* The check gives back the value when it differs from "". */
      return label != NULL;
    }
  return gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* Appends each button under WIDGET that has no accessible name, by its
 * type, its tooltip and its parent's type, for the reader of the failure. */
static void
collect_unnamed_buttons (GtkWidget *widget, GString *unnamed)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  /* GTK 4.8 gives toggle buttons the role of a button too. */
  if (role == GTK_ACCESSIBLE_ROLE_BUTTON && !has_accessible_name (widget))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (widget);
      GtkWidget *parent = gtk_widget_get_parent (widget);

      g_string_append_printf (unnamed, "\n  %s (tooltip '%s', in %s)", G_OBJECT_TYPE_NAME (widget),
                              tooltip != NULL ? tooltip : "",
                              parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "-");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_unnamed_buttons (child, unnamed);
}

/* Every icon button of the header bar has a name a person would say, and
 * keeps its tooltip. */
static void
check_window (ArbWindow *window, gpointer data)
{
  static const struct
  {
    const char *action;
    const char *name;
  } buttons[] = {
    { "app.open", "Open a Tournament" },
    { "win.pause-all", "Pause All Clocks" },
    { "win.resume-all", "Resume All Clocks" },
  };
  static const char *const toggles[] = { "Only Boards That Need Attention",
                                         "Find a Board or Player", "Main Menu" };
  GtkFlowBox *grid = arb_window_get_board_grid (window);
  GtkStack *stack;

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = find_widget (GTK_WIDGET (window), has_action, buttons[i].action);

      g_assert_nonnull (button);
      gtk_test_accessible_assert_role (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_ROLE_BUTTON);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           buttons[i].name);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, buttons[i].name);
    }
  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    {
      GtkWidget *button = find_widget (GTK_WIDGET (window), has_tooltip, toggles[i]);

      g_assert_nonnull (button);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           toggles[i]);
    }

  /* The pages are named, not "GtkStackPage". */
  stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (grid), GTK_TYPE_STACK));
  stack = GTK_STACK (
    gtk_widget_get_ancestor (gtk_widget_get_parent (GTK_WIDGET (stack)), GTK_TYPE_STACK));
  gtk_test_accessible_assert_property (
    GTK_ACCESSIBLE (gtk_stack_get_page (stack, gtk_stack_get_child_by_name (stack, "round"))),
    GTK_ACCESSIBLE_PROPERTY_LABEL, "All boards");

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Boards of the round");

  /* No button of the window, shown or not, is read by its class name. */
  {
    g_autoptr (GString) unnamed = g_string_new (NULL);

    collect_unnamed_buttons (GTK_WIDGET (window), unnamed);
    if (unnamed->len > 0)
      g_error ("buttons without an accessible name:%s", unnamed->str);
  }
}

static void
test_app_window (void)
{
  run_app (check_window, NULL);
}

/* A card is one sentence: board, players, whose move or the state, both
 * times, the running clock and the badges; the badges are no stops. */
static void
check_cards (ArbWindow *window, gpointer data)
{
  ArbBoardCard *card10 = arb_ui_find_card (window, 10);
  ArbBoardCard *card9 = arb_ui_find_card (window, 9);
  GtkWidget *badges;
  g_autoptr (GRegex) sentence = NULL;

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (card10), GTK_ACCESSIBLE_ROLE_GRID_CELL);

  /* Board 10: White's flag fell at move 16; the times are stored ones. */
  sentence = g_regex_new ("^Board 10: Nielsen, Emil \\(White\\) against Strand, Ola \\(Black\\)\\. "
                          "Move 16, White to move\\. White no time left, Black ([0-9]+ hours? )?"
                          "[0-9]+ minutes?( [0-9]+ seconds?)?\\. White’s flag has fallen\\. "
                          "Flag fell: White\\.( Lost on time \\(6\\.9\\)\\.)?$",
                          0, 0, NULL);
  /* The name is refreshed as the card takes the focus. */
  gtk_widget_grab_focus (GTK_WIDGET (card10));
  g_assert_true (
    gtk_test_accessible_has_property (GTK_ACCESSIBLE (card10), GTK_ACCESSIBLE_PROPERTY_LABEL));
  /* The check API compares whole values; the times vary, so the pattern
   * is matched against the value the check reports back. */
  {
    g_autofree char *actual = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (card10), GTK_ACCESSIBLE_PROPERTY_LABEL, "");

    g_assert_nonnull (actual);
    if (!g_regex_match (sentence, actual, 0, NULL))
      g_error ("card 10 reads “%s”", actual);
  }

  /* Board 9: a dead position, said as a badge (whose move still shows). */
  {
    g_autofree char *actual = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (card9), GTK_ACCESSIBLE_PROPERTY_LABEL, "");

    g_assert_nonnull (actual);
    g_assert_true (g_str_has_prefix (actual, "Board 9: "));
    g_assert_nonnull (strstr (actual, " Dead position (5.2.2)."));
  }

  /* Badges carry no stop of their own for Tab. */
  badges = gtk_widget_get_last_child (gtk_widget_get_first_child (GTK_WIDGET (card10)));
  g_assert_true (GTK_IS_FLOW_BOX (badges));
  g_assert_nonnull (gtk_widget_get_first_child (badges));
  for (GtkWidget *child = gtk_widget_get_first_child (badges); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_assert_false (gtk_widget_get_focusable (child));
}

static void
test_app_cards (void)
{
  run_app (check_cards, NULL);
}

/* The game view: the board as a grid with the position, the reading
 * commands, a typed move said back, the moves named in words, the clocks
 * named with their state. */
static void
check_game_view (ArbWindow *window, gpointer data)
{
  ArbGameView *view = arb_ui_open_board (window, 2);
  GtkWidget *board = arb_game_view_get_board (view);
  GtkWidget *entry = arb_game_view_get_entry (view);
  GtkWidget *move_button;
  GtkWidget *clock;
  g_autofree char *fen = NULL;

  fen =
    arb_position_to_fen (arb_board_view_get_position (ARB_BOARD_VIEW (board)), ARB_FEN_FLAGS_NONE);
  g_assert_cmpstr (fen, ==, BOARD2_FEN);

  /* Opening a board puts the keyboard on it. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), board));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       BOARD2_POSITION);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Type a move");

  gtk_widget_activate_action (GTK_WIDGET (view), "game.read-position", NULL);
  g_assert_cmpstr (last_announcement (), ==, BOARD2_POSITION);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.read-move", NULL);
  g_assert_cmpstr (last_announcement (), ==, "17. White queen from a3 to b3");
  gtk_widget_activate_action (GTK_WIDGET (view), "game.read-status", NULL);
  g_assert_true (g_str_has_prefix (last_announcement (), "Move 17, Black to move. "));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.read-clocks", NULL);
  g_assert_true (g_str_has_prefix (last_announcement (), "White "));
  g_assert_true (g_str_has_suffix (last_announcement (), " Black’s clock is running."));

  /* The clock of the side to move says that it runs. */
  clock = find_widget (GTK_WIDGET (view), has_tooltip, "Running");
  g_assert_nonnull (clock);
  clock = gtk_widget_get_ancestor (clock, GTK_TYPE_BOX);
  clock = gtk_widget_get_parent (clock);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (clock), GTK_ACCESSIBLE_ROLE_TIMER);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (clock), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Black’s clock, running");

  /* A typed move is said back once stored; a refused one says why. */
  g_assert_true (arb_game_view_enter_text (view, "a6"));
  g_assert_cmpstr (last_announcement (), ==, "Played: a6. Black pawn from a7 to a6.");
  g_assert_false (arb_game_view_enter_text (view, "Nf6"));
  g_assert_true (g_str_has_prefix (last_announcement (), "Not played: "));

  /* The new move in the list is named with its number and in words. */
  move_button = find_widget (GTK_WIDGET (view), is_button_labelled, "a6");
  g_assert_nonnull (move_button);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (move_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "17. … Black pawn from a7 to a6");

  /* Looking back, the board reads the earlier position. */
  gtk_widget_activate_action (GTK_WIDGET (view), "game.first", NULL);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.read-move", NULL);
  g_assert_cmpstr (last_announcement (), ==, "No move has been made yet.");
}

static void
test_app_game_view (void)
{
  run_app (check_game_view, NULL);
}

/* One ruling flow: a dialog, Confirm named and described by the decision
 * and every effect in the order they are applied. */
static void
check_ruling_flow (ArbWindow *window, gpointer data)
{
  ArbGameView *view = arb_ui_open_board (window, 2);
  ArbGame *game = arb_game_view_get_game (view);
  GtkWindow *dialog;
  GtkWidget *confirm;

  g_assert_true (arb_game_view_enter_text (view, "a6"));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.illegal-move", NULL);
  dialog = arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG);
  g_assert_nonnull (dialog);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (dialog), GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (dialog), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Illegal Move");

  /* The values the keyboard reaches are named after their rows. */
  gtk_test_accessible_assert_property (
    GTK_ACCESSIBLE (arb_ruling_facts_get (ARB_RULING_DIALOG (dialog), "move")),
    GTK_ACCESSIBLE_PROPERTY_LABEL, "The move as made");
  gtk_test_accessible_assert_property (
    GTK_ACCESSIBLE (arb_ruling_facts_get (ARB_RULING_DIALOG (dialog), "count")),
    GTK_ACCESSIBLE_PROPERTY_LABEL, "Earlier illegal moves of this player");

  confirm = find_widget (GTK_WIDGET (dialog), is_button_labelled, "C_onfirm");
  g_assert_nonnull (confirm);
  g_assert_true (gtk_widget_get_focusable (confirm));
  /* The ruling is worked out once the search whether White can still mate
   * has answered (it runs off the main thread). */
  arb_ruling_dialog_settle (ARB_RULING_DIALOG (dialog));
  /* What Confirm says: the decision (2023 Laws, standard play: a first
   * illegal move costs the offender two minutes, 7.5.5), then the effects
   * as the dialog lists them, numbered, in the same order. */
  {
    GtkWidget *group = find_widget (GTK_WIDGET (dialog), is_group_titled, "What will be applied");
    g_autoptr (GString) expected =
      g_string_new ("Decision: Time penalty for White: Black gets 2 minutes, play on. ");
    g_autofree char *actual = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (confirm), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
    guint n = 0;

    g_assert_nonnull (group);
    g_assert_nonnull (actual);
    g_assert_true (g_str_has_prefix (actual, expected->str));
    g_string_truncate (expected, 0);
    g_string_append (expected, "What will be applied, in order:");
    collect_row_titles (group, expected, &n);
    g_assert_cmpuint (n, >=, 3);
    g_assert_true (g_str_has_suffix (actual, expected->str));
    /* The penalty itself is among them. */
    g_assert_nonnull (strstr (actual, " to Black."));
  }

  /* Ctrl+Shift+S reads the same. */
  {
    g_autofree char *described = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (confirm), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");

    last_announcement ();
    gtk_widget_activate_action (GTK_WIDGET (dialog), "ruling.read", NULL);
    g_assert_cmpstr (last_announcement (), ==, described);
  }

  /* A fact changed by the arbiter changes the ruling, and the new one is
   * said at once. */
  g_assert_true (arb_ruling_dialog_set_fact (ARB_RULING_DIALOG (dialog), "count", "1"));
  g_assert_true (g_str_has_prefix (last_announcement (), "Decision: White loses"));
  g_assert_cmpint (arb_game_get_illegal_moves (game, ARB_WHITE), ==, 0);
  gtk_window_destroy (dialog);
}

static void
test_app_ruling_flow (void)
{
  run_app (check_ruling_flow, NULL);
}

/* The clocks of the game shown are said as they pass 5 minutes, 1 minute
 * and 10 seconds, when the arbiter changes one, and a flag of any board is
 * an alert; the time between is never said. The clock of board 2 runs on
 * a time source the test moves. */
static void
check_clock_announcements (ArbWindow *window, gpointer data)
{
  ArbGameView *view = arb_ui_open_board (window, 2);
  ArbGame *game = arb_game_view_get_game (view);
  ArbClock *clock = arb_game_get_clock (game);
  gint64 now = g_get_monotonic_time ();
  gint64 black;
  g_autofree char *added = NULL;

  g_assert_true (arb_clock_is_running (clock));
  g_assert_cmpint (arb_clock_get_side_to_move (clock), ==, ARB_BLACK);
  arb_clock_set_time_func (clock, fake_time, &now, NULL);
  black = arb_clock_get_remaining_us (clock, ARB_BLACK);
  g_assert_cmpint (black, >, 10 * 60 * G_USEC_PER_SEC);

  /* Minutes go by: nothing is said. */
  arb_announce (NULL, "-");
  now += black - 6 * 60 * G_USEC_PER_SEC;
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "-");

  /* Past five minutes: said once. */
  now += 61 * G_USEC_PER_SEC;
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "Black: 5 minutes left.");
  now += G_USEC_PER_SEC;
  arb_game_view_tick (view);
  arb_announce (NULL, "-");
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "-");

  /* The arbiter adds a minute: said with both clocks. */
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.add-time", "(si)", "black", 60);
  added = g_strdup (last_announcement ());
  g_assert_true (g_str_has_prefix (added, "Clock changed. White "));
  g_assert_nonnull (strstr (added, ", Black 5 minutes "));
  g_assert_true (g_str_has_suffix (added, " Black’s clock is running."));

  /* Down again past five minutes, then past one and ten seconds. */
  now += 62 * G_USEC_PER_SEC;
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "Black: 5 minutes left.");
  now += 4 * 60 * G_USEC_PER_SEC;
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "Black: 1 minute left.");
  now += 50 * G_USEC_PER_SEC;
  arb_game_view_tick (view);
  g_assert_cmpstr (last_announcement (), ==, "Black: 10 seconds left.");

  /* The flag: an alert for the round, with the board. */
  now += 11 * G_USEC_PER_SEC;
  arb_clock_update (clock);
  g_assert_true (arb_game_has_flag_fallen (game, NULL));
  g_assert_nonnull (strstr (last_announcement (), "Board 2: Black’s flag has fallen."));
  arb_clock_set_time_func (clock, NULL, NULL, NULL);
}

static void
test_app_clock_announcements (void)
{
  run_app (check_clock_announcements, NULL);
}

/* In the desktop's high contrast the boards take the high-contrast
 * colours, whatever theme was chosen. */
static void
check_high_contrast (ArbWindow *window, gpointer data)
{
  ArbGameView *view;

  g_assert_true (adw_style_manager_get_high_contrast (adw_style_manager_get_default ()));
  view = arb_ui_open_board (window, 2);
  g_assert_cmpstr (arb_board_view_get_theme (ARB_BOARD_VIEW (arb_game_view_get_board (view))), ==,
                   "high-contrast");
  g_assert_true (arb_board_theme_lookup ("high-contrast")->framed_marks);
}

static void
test_app_high_contrast (void)
{
  if (g_test_subprocess ())
    {
      run_app (check_high_contrast, NULL);
      return;
    }
  /* libadwaita reads the setting once, as it starts: a process of its own. */
  g_setenv ("ADW_DEBUG_HIGH_CONTRAST", "1", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("ADW_DEBUG_HIGH_CONTRAST");
  g_test_trap_assert_passed ();
}

/* --- The keyboard alone ---------------------------------------------- */

#ifdef GDK_WINDOWING_X11
/* Real key presses, through the X server (XTest), as a keyboard makes
 * them; no pointer event is made anywhere in this test. */
static void
xdotool (const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *arg;
  va_list args;
  int status = 0;

  g_ptr_array_add (argv, (char *) "xdotool");
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* What a window manager does for a new window: give it the keyboard. */
static void
give_keyboard (GtkWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *id = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));

  xdotool ("windowfocus", "--sync", id, NULL);
}

static gboolean
window_is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

static gboolean
clocks_stopped (gpointer data)
{
  ArbWindow *window = data;

  for (int board = 1; arb_ui_find_card (window, board) != NULL; board++)
    if (arb_clock_is_running (
          arb_game_get_clock (arb_board_card_get_game (arb_ui_find_card (window, board)))))
      return FALSE;
  return TRUE;
}

static gboolean
card_2_focused (gpointer data)
{
  ArbWindow *window = data;

  return gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (arb_ui_find_card (window, 2));
}

static gboolean
game_page_shown (gpointer data)
{
  return g_strcmp0 (arb_window_get_page (ARB_WINDOW (data)), "game") == 0;
}

static gboolean
entry_focused (gpointer data)
{
  ArbWindow *window = data;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));

  return focus != NULL && gtk_widget_is_ancestor (
                            focus, arb_game_view_get_entry (arb_window_get_game_view (window)));
}

static gboolean
move_stored (gpointer data)
{
  ArbGame *game = arb_game_view_get_game (arb_window_get_game_view (ARB_WINDOW (data)));

  return arb_game_get_n_plies (game) == 34;
}

static gboolean
ruling_dialog_shown (gpointer data)
{
  GtkWindow *dialog = arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG);

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

/* The ruling has its facts and can be confirmed (what the dialog works
 * out on its own, the dead-position question among them, may come after
 * the window shows). */
static gboolean
ruling_ready (gpointer data)
{
  return arb_ruling_dialog_can_confirm (ARB_RULING_DIALOG (data));
}

static gboolean
ruling_stored (gpointer data)
{
  ArbGame *game = arb_game_view_get_game (arb_window_get_game_view (ARB_WINDOW (data)));

  return arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG) == NULL &&
         arb_game_get_illegal_moves (game, ARB_WHITE) == 1;
}

/* From the round to a ruling, by keys alone: stop the clocks, go to board
 * 2, open it, type a move, rule on an illegal move and confirm it. */
static void
check_keyboard_only (ArbWindow *window, gpointer data)
{
  ArbGame *game;
  GtkWindow *dialog;
  g_autofree char *fen = NULL;

  give_keyboard (GTK_WINDOW (window));
  arb_ui_wait_for (window_is_active, window, "the window to take the keyboard");
  /* The round opens with the keyboard on board 1. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) ==
                 GTK_WIDGET (arb_ui_find_card (window, 1)));

  xdotool ("key", "ctrl+shift+p", NULL);
  arb_ui_wait_for (clocks_stopped, window, "Ctrl+Shift+P to stop all clocks");

  xdotool ("key", "Right", NULL);
  arb_ui_wait_for (card_2_focused, window, "Right to move to board 2");
  xdotool ("key", "Return", NULL);
  arb_ui_wait_for (game_page_shown, window, "Return to open board 2");
  /* Escape on the board (nothing held) goes back to all boards, on the
   * card of the game just seen; Return opens it again. */
  xdotool ("key", "Escape", NULL);
  arb_ui_wait_for (card_2_focused, window, "Escape to go back to the round");
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");
  xdotool ("key", "Return", NULL);
  arb_ui_wait_for (game_page_shown, window, "Return to open board 2 again");
  game = arb_game_view_get_game (arb_window_get_game_view (window));
  g_assert_cmpint (arb_game_get_board (game), ==, 2);

  xdotool ("key", "ctrl+m", NULL);
  arb_ui_wait_for (entry_focused, window, "Ctrl+M to go to the move entry");
  xdotool ("type", "--delay", "20", "a6", NULL);
  xdotool ("key", "Return", NULL);
  arb_ui_wait_for (move_stored, window, "the typed move to be stored");
  fen = arb_position_to_fen (arb_game_get_position (game, 34), ARB_FEN_FLAGS_NONE);
  g_assert_cmpstr (fen, ==, "rnr4k/4qpp1/pp2b2p/2pp4/3P4/1Q2PN2/PP2BPPP/2R1K2R w K - 0 18");
  g_assert_cmpstr (last_announcement (), ==, "Played: a6. Black pawn from a7 to a6.");

  /* White's illegal move, just made: the flow opens over the window. */
  xdotool ("key", "ctrl+alt+i", NULL);
  arb_ui_wait_for (ruling_dialog_shown, window, "Ctrl+Alt+I to open the illegal-move ruling");
  dialog = arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG);
  give_keyboard (dialog);
  arb_ui_wait_for (window_is_active, dialog, "the ruling to take the keyboard");
  /* Confirm by its mnemonic, once there is something to confirm: a key
   * pressed before that is for a button that cannot act yet. */
  arb_ui_wait_for (ruling_ready, dialog, "the ruling to be ready to confirm");
  xdotool ("key", "alt+o", NULL);
  arb_ui_wait_for (ruling_stored, window, "Alt+O to confirm the ruling");
  /* The position went back to before the illegal move (White to move
   * after a6), and Black got two minutes. */
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 34);
}

static gboolean
entry_says_a (gpointer data)
{
  GtkWidget *entry = arb_game_view_get_entry (arb_window_get_game_view (ARB_WINDOW (data)));

  return g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), "a") == 0;
}

/* The toast's button, the explicit way to open the ruling. */
static gboolean
is_rule_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Rule…") == 0 &&
         gtk_widget_get_mapped (widget);
}

static gboolean
rule_button_shown (gpointer data)
{
  return find_widget (GTK_WIDGET (data), is_rule_button, NULL) != NULL;
}

/* Whatever form the alert takes: a toast, or a window of its own. */
static gboolean
alert_shown (gpointer data)
{
  GtkWindow *dialog = arb_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return rule_button_shown (data) ||
         (dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog)));
}

/* A flag falls on board 11 while the arbiter types a move on board 2:
 * the keystrokes before and after it land in the move entry, Return plays
 * the move (it opens no ruling), no window appears and the keyboard stays
 * where it was; the fall is said, shown on the card and in a toast whose
 * button opens the Flag fall ruling for board 11. */
static void
check_flag_alert_keeps_keyboard (ArbWindow *window, gpointer data)
{
  ArbGame *game;
  ArbGame *flagged = arb_board_card_get_game (arb_ui_find_card (window, 11));
  ArbClock *clock = arb_game_get_clock (flagged);
  gint64 now = g_get_monotonic_time ();
  ArbColor side;
  GtkWidget *rule;
  GtkWindow *dialog;
  g_autofree char *fen = NULL;

  give_keyboard (GTK_WINDOW (window));
  arb_ui_wait_for (window_is_active, window, "the window to take the keyboard");
  game = arb_game_view_get_game (arb_ui_open_board (window, 2));
  xdotool ("key", "ctrl+m", NULL);
  arb_ui_wait_for (entry_focused, window, "Ctrl+M to go to the move entry");
  xdotool ("type", "a", NULL);
  arb_ui_wait_for (entry_says_a, window, "the first key in the move entry");

  /* Board 11's clock runs out between two keys. */
  arb_clock_set_time_func (clock, fake_time, &now, NULL);
  if (!arb_clock_is_running (clock))
    g_assert_true (arb_game_resume (flagged, NULL));
  side = arb_clock_get_side_to_move (clock);
  now += arb_clock_get_remaining_us (clock, side) + G_USEC_PER_SEC;
  arb_clock_update (clock);
  g_assert_true (arb_game_has_flag_fallen (flagged, NULL));
  arb_ui_wait_for (alert_shown, window, "the flag fall alert");
  g_assert_nonnull (strstr (last_announcement (), side == ARB_WHITE
                                                    ? "Board 11: White’s flag has fallen."
                                                    : "Board 11: Black’s flag has fallen."));
  /* The rest of the move, and Return: played on board 2. */
  xdotool ("type", "6", NULL);
  xdotool ("key", "Return", NULL);
  arb_ui_wait_for (move_stored, window, "the typed move to be stored");
  fen = arb_position_to_fen (arb_game_get_position (game, 34), ARB_FEN_FLAGS_NONE);
  g_assert_cmpstr (fen, ==, "rnr4k/4qpp1/pp2b2p/2pp4/3P4/1Q2PN2/PP2BPPP/2R1K2R w K - 0 18");
  g_assert_null (arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG));

  g_assert_true (rule_button_shown (window));
  g_assert_null (arb_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_null (arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG));
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
  g_assert_true (entry_focused (window));
  {
    g_autoptr (GPtrArray) badges = arb_board_card_list_badges (arb_ui_find_card (window, 11));
    gboolean shown = FALSE;

    for (guint i = 0; i < badges->len; i++)
      shown |= g_str_has_prefix (g_ptr_array_index (badges, i), "Flag fell");
    g_assert_true (shown);
  }

  /* Only the toast's button opens the ruling, for board 11. */
  rule = find_widget (GTK_WIDGET (window), is_rule_button, NULL);
  g_assert_nonnull (rule);
  g_signal_emit_by_name (rule, "clicked");
  dialog = arb_ui_find_toplevel (ARB_TYPE_RULING_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpint (arb_ruling_dialog_get_flow (ARB_RULING_DIALOG (dialog)), ==,
                   ARB_RULING_FLOW_FLAG_FALL);
  g_assert_true (arb_ruling_dialog_get_game (ARB_RULING_DIALOG (dialog)) == flagged);
  gtk_window_destroy (dialog);
  arb_clock_set_time_func (clock, NULL, NULL, NULL);
}
#endif

static void
test_app_keyboard_only (void)
{
#ifdef GDK_WINDOWING_X11
  g_autofree char *xdotool_path = g_find_program_in_path ("xdotool");

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("real key presses are made through X11");
      return;
    }
  if (xdotool_path == NULL)
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  run_app (check_keyboard_only, NULL);
#else
  g_test_skip ("real key presses are made through X11");
#endif
}

static void
test_app_flag_alert_keeps_keyboard (void)
{
#ifdef GDK_WINDOWING_X11
  g_autofree char *xdotool_path = g_find_program_in_path ("xdotool");

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("real key presses are made through X11");
      return;
    }
  if (xdotool_path == NULL)
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  run_app (check_flag_alert_keeps_keyboard, NULL);
#else
  g_test_skip ("real key presses are made through X11");
#endif
}

int
main (int argc, char **argv)
{
  g_auto (ArbTestTemp) home = ARB_TEST_TEMP_INIT;

  /* An empty home of its own: each check makes the demo round anew. */
  arb_ui_use_temp_home (&home);
  /* The test backend keeps the accessible state that the assertions read
   * (run-under-xvfb.sh turns accessibility off for the other tests). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  arb_position_init ();

  g_test_add_func ("/ui/accessibility/words-square", test_words_square);
  g_test_add_func ("/ui/accessibility/words-position", test_words_position);
  g_test_add_func ("/ui/accessibility/words-moves", test_words_moves);
  g_test_add_func ("/ui/accessibility/words-time", test_words_time);
  g_test_add_func ("/ui/accessibility/board-grid", test_board_grid);
  g_test_add_func ("/ui/accessibility/board-keyboard-squares", test_board_keyboard_squares);
  g_test_add_func ("/ui/accessibility/clock-faces", test_clock_faces);
  g_test_add_func ("/ui/accessibility/app-window", test_app_window);
  g_test_add_func ("/ui/accessibility/app-cards", test_app_cards);
  g_test_add_func ("/ui/accessibility/app-game-view", test_app_game_view);
  g_test_add_func ("/ui/accessibility/app-ruling-flow", test_app_ruling_flow);
  g_test_add_func ("/ui/accessibility/app-clock-announcements", test_app_clock_announcements);
  g_test_add_func ("/ui/accessibility/app-keyboard-only", test_app_keyboard_only);
  g_test_add_func ("/ui/accessibility/app-flag-alert-keeps-keyboard",
                   test_app_flag_alert_keeps_keyboard);
  g_test_add_func ("/ui/accessibility/app-high-contrast", test_app_high_contrast);

  return g_test_run ();
}
