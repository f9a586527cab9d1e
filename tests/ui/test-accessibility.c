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

#include "arb-announcer.h"
#include "arb-board-view-private.h"
#include "arb-chess-words.h"
#include "arb-clock-view.h"
#include "arb-san.h"
#include "arb-time-control.h"

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

int
main (int argc, char **argv)
{
  /* The test backend keeps the accessible state that the assertions read
   * (run-under-xvfb.sh turns accessibility off for the other tests). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  arb_position_init ();

  g_test_add_func ("/ui/accessibility/words/square", test_words_square);
  g_test_add_func ("/ui/accessibility/words/position", test_words_position);
  g_test_add_func ("/ui/accessibility/words/moves", test_words_moves);
  g_test_add_func ("/ui/accessibility/words/time", test_words_time);
  g_test_add_func ("/ui/accessibility/board/grid", test_board_grid);
  g_test_add_func ("/ui/accessibility/board/keyboard-squares", test_board_keyboard_squares);
  g_test_add_func ("/ui/accessibility/clock/faces", test_clock_faces);

  return g_test_run ();
}
