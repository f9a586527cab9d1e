/* board-demo.c: the board widgets together on a real middlegame
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: a window to look at (and to take screenshots of) while the
 * widgets are worked on. Shows Kasparov–Topalov, Wijk aan Zee 1999, after
 * White's 22nd move, with Black's knight on b6 picked up.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-board-view-private.h"
#include "arb-clock-view.h"
#include "arb-move-list-view.h"
#include "arb-san.h"

static const char *const game[] = {
  "e4",  "d6",   "d4",   "Nf6",   "Nc3",  "g6",   "Be3",  "Bg7",  "Qd2", "c6",    "f3",
  "b5",  "Nge2", "Nbd7", "Bh6",   "Bxh6", "Qxh6", "Bb7",  "a3",   "e5",  "O-O-O", "Qe7",
  "Kb1", "a6",   "Nc1",  "O-O-O", "Nb3",  "exd4", "Rxd4", "c5",   "Rd1", "Nb6",   "g3",
  "Kb8", "Na5",  "Ba8",  "Bh3",   "d5",   "Qf4+", "Ka7",  "Rhe1", "d4",  "Nd5",
};

typedef struct
{
  ArbClockView *clock_view;
  guint tick_id;
} Demo;

static gboolean
tick_cb (gpointer data)
{
  Demo *demo = data;
  gint64 next = arb_clock_view_refresh (demo->clock_view);

  demo->tick_id = 0;
  if (next != G_MAXINT64)
    demo->tick_id = g_timeout_add ((guint) MAX (1, (next + 999) / 1000), tick_cb, demo);
  return G_SOURCE_REMOVE;
}

static void
move_chosen_cb (ArbBoardView *board, guint move, ArbMoveListView *list)
{
  ArbPosition position = *arb_board_view_get_position (board);
  char san[ARB_SAN_MAX];
  ArbUndo undo;

  /* The demo has no game model: it plays the move at once, and presses
   * the clock. */
  arb_clock_press (g_object_get_data (G_OBJECT (board), "demo-clock"));
  arb_san_write (&position, (ArbMove) move, san);
  arb_position_make_move (&position, (ArbMove) move, &undo);
  arb_board_view_set_position (board, &position);
  arb_board_view_set_last_move (board, (ArbMove) move);
  arb_move_list_view_append (list, san);
  arb_move_list_view_set_current_ply (list, arb_move_list_view_get_n_plies (list));
}

int
main (int argc, char **argv)
{
  g_autoptr (ArbClock) clock = NULL;
  ArbTimeControl tc;
  ArbPosition position;
  ArbMove last = ARB_MOVE_NONE;
  GtkWidget *window, *toolbar, *header, *title, *content, *board, *side, *clocks, *frame, *list;
  Demo demo = { 0 };
  guint n = 0;

  gtk_init ();
  adw_init ();
  if (g_strcmp0 (g_getenv ("ARB_DEMO_DARK"), "1") == 0)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  arb_position_init ();

  arb_position_set_start (&position);
  /* ARB_DEMO_FEN shows another position, without the game's moves. */
  if (g_getenv ("ARB_DEMO_FEN") != NULL)
    {
      if (!arb_position_set_fen (&position, g_getenv ("ARB_DEMO_FEN"), ARB_FEN_FLAGS_NONE, NULL))
        arb_position_set_start (&position);
      n = G_N_ELEMENTS (game);
    }
  for (; n < G_N_ELEMENTS (game); n++)
    {
      ArbUndo undo;

      if (arb_san_resolve (&position, game[n], strlen (game[n]), &last) != ARB_SAN_OK)
        {
          g_printerr ("board-demo: cannot play %s\n", game[n]);
          break;
        }
      arb_position_make_move (&position, last, &undo);
    }

  arb_time_control_parse ("40/5400+30:1800+30", &tc, NULL, NULL);
  clock = arb_clock_new (&tc);
  arb_clock_start (clock);
  arb_clock_press (clock);
  arb_clock_set_moves (clock, ARB_WHITE, 22);
  arb_clock_set_moves (clock, ARB_BLACK, 21);
  arb_clock_set_time (clock, ARB_WHITE, (gint64) (1 * 3600 + 2 * 60 + 13) * G_USEC_PER_SEC);
  arb_clock_set_time (clock, ARB_BLACK, (gint64) (41 * 60 + 7) * G_USEC_PER_SEC);

  window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_set_title (GTK_WINDOW (window), "Board widgets");

  toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  title = adw_window_title_new ("Board 3 · Kasparov – Topalov", "Wijk aan Zee 1999 · Round 4");
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  gtk_box_append (GTK_BOX (toolbar), header);

  content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  gtk_widget_set_margin_top (content, 24);
  gtk_widget_set_margin_bottom (content, 24);
  gtk_widget_set_margin_start (content, 24);
  gtk_widget_set_margin_end (content, 24);
  gtk_widget_set_vexpand (content, TRUE);

  board = arb_board_view_new ();
  gtk_widget_set_hexpand (board, TRUE);
  gtk_widget_set_vexpand (board, TRUE);
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &position);
  arb_board_view_set_last_move (ARB_BOARD_VIEW (board), last);
  gtk_box_append (GTK_BOX (content), board);

  side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_size_request (side, 300, -1);
  clocks = arb_clock_view_new (clock);
  demo.clock_view = ARB_CLOCK_VIEW (clocks);
  gtk_box_append (GTK_BOX (side), clocks);

  list = arb_move_list_view_new ();
  if (g_getenv ("ARB_DEMO_FEN") == NULL)
    arb_move_list_view_set_moves (ARB_MOVE_LIST_VIEW (list), game, n, 1, ARB_WHITE);
  arb_move_list_view_set_current_ply (ARB_MOVE_LIST_VIEW (list), n);
  gtk_widget_set_vexpand (list, TRUE);
  frame = gtk_frame_new (NULL);
  gtk_widget_add_css_class (frame, "view");
  gtk_frame_set_child (GTK_FRAME (frame), list);
  gtk_box_append (GTK_BOX (side), frame);
  gtk_box_append (GTK_BOX (content), side);

  gtk_box_append (GTK_BOX (toolbar), content);
  adw_window_set_content (ADW_WINDOW (window), toolbar);

  g_object_set_data (G_OBJECT (board), "demo-clock", clock);
  g_signal_connect (board, "move-chosen", G_CALLBACK (move_chosen_cb), list);

  /* Show the legal targets of the knight on b6. */
  if (g_getenv ("ARB_DEMO_FEN") == NULL)
    _arb_board_view_click_square (ARB_BOARD_VIEW (board), ARB_SQUARE (1, 5));

  tick_cb (&demo);
  gtk_window_present (GTK_WINDOW (window));
  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);

  g_clear_handle_id (&demo.tick_id, g_source_remove);
  return 0;
}
