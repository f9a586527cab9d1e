/* test-round.c: the round overview and the game view on a real display
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-board-view-private.h"
#include "arb-board-view.h"
#include "arb-dead-watch.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-san.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* Expected positions come from pgn-extract -F on the demo's move lists,
 * not from Arbiter's own code. */
#define BOARD2_FEN "rnr4k/p3qpp1/1p2b2p/2pp4/3P4/1Q2PN2/PP2BPPP/2R1K2R b K - 9 17"
#define BOARD12_AFTER_RD1_RC8_FEN \
  "2rq1rk1/pp1n1ppp/4p1b1/3pP3/Pb1P4/3BQN2/1P3PPP/R1BR2K1 w - - 4 16"

static guint
count_cards (ArbWindow *window)
{
  guint n = 0;

  for (GtkWidget *child =
         gtk_widget_get_first_child (GTK_WIDGET (arb_window_get_board_grid (window)));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    n += ARB_IS_BOARD_CARD (child);
  return n;
}

static char *
board_fen (ArbGameView *view)
{
  return arb_position_to_fen (
    arb_board_view_get_position (ARB_BOARD_VIEW (arb_game_view_get_board (view))),
    ARB_FEN_FLAGS_NONE);
}

/* The moves of a board as a second connection to the file sees them. */
static GArray *
stored_moves (const char *path, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  GArray *moves;

  g_assert_no_error (error);
  moves = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, board, NULL), &error);
  g_assert_no_error (error);
  return moves;
}

static char *
demo_path (void)
{
  return arb_application_get_demo_path ();
}

static gboolean
badge_present (ArbBoardCard *card, const char *text)
{
  g_autoptr (GPtrArray) badges = arb_board_card_list_badges (card);

  for (guint i = 0; i < badges->len; i++)
    if (g_str_equal (g_ptr_array_index (badges, i), text))
      return TRUE;
  return FALSE;
}

static void
check_demo (ArbWindow *window, gpointer data)
{
  g_autofree char *path = demo_path ();
  ArbBoardCard *card;

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");
  g_assert_cmpuint (count_cards (window), >=, 12);
  g_assert_cmpuint (count_cards (window), ==, ARB_DEMO_BOARDS);
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, ARB_DEMO_BOARDS);

  /* The states the demo promises, as badges on their cards. */
  g_assert_true (badge_present (arb_ui_find_card (window, 2), "Position seen twice"));
  g_assert_true (badge_present (arb_ui_find_card (window, 4), "Black: 1 illegal move"));
  g_assert_true (badge_present (arb_ui_find_card (window, 6), "Adjourned"));
  g_assert_true (badge_present (arb_ui_find_card (window, 7), "Threefold: claim open"));
  g_assert_true (badge_present (arb_ui_find_card (window, 8), "50-move count: 44"));
  g_assert_true (badge_present (arb_ui_find_card (window, 9), "Dead position (5.2.2)"));
  g_assert_true (badge_present (arb_ui_find_card (window, 10), "Flag fell: White"));

  /* First run: the clocks of the games in progress run; the low-time
   * game shows tenths. */
  card = arb_ui_find_card (window, 11);
  g_assert_true (arb_clock_is_running (arb_game_get_clock (arb_board_card_get_game (card))));
  g_assert_nonnull (strchr (arb_board_card_get_clock_text (card, ARB_WHITE), '.'));
  g_assert_false (arb_clock_is_running (
    arb_game_get_clock (arb_board_card_get_game (arb_ui_find_card (window, 5)))));
}

static void
test_round_demo (void)
{
  arb_ui_run_app (check_demo, NULL);
}

static void
check_filter (ArbWindow *window, gpointer data)
{
  arb_window_set_search (window, "lindqvist");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 1);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 1))));
  g_assert_false (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 2))));

  /* Case and accents as typed: "Åberg" is on board 7. */
  arb_window_set_search (window, "ÅBERG");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 1);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 7))));

  arb_window_set_search (window, "8");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 1);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 8))));

  arb_window_set_search (window, "no such player");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 0);

  arb_window_set_search (window, "");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, ARB_DEMO_BOARDS);

  /* Only the boards that need the arbiter: a repeated position (2), an
   * illegal move (4), the adjournment (6), a threefold claim (7), the
   * 50-move count (8), a fallen flag (10) and a clock under five minutes
   * (11). The finished games do not: the mate (5) and the dead position
   * (9), which ended the game with the move that made it. */
  arb_window_set_attention_only (window, TRUE);
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 7);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 11))));
  g_assert_false (gtk_widget_get_child_visible (GTK_WIDGET (arb_ui_find_card (window, 5))));
  arb_window_set_search (window, "lindqvist");
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, 0);
  arb_window_set_search (window, "");
  arb_window_set_attention_only (window, FALSE);
  g_assert_cmpuint (arb_window_count_visible_boards (window), ==, ARB_DEMO_BOARDS);
}

static void
test_round_filter (void)
{
  arb_ui_run_app (check_filter, NULL);
}

static void
check_open_card (ArbWindow *window, gpointer data)
{
  ArbGameView *view = arb_ui_open_board (window, 2);
  g_autofree char *fen = board_fen (view);
  g_autofree char *status = arb_game_view_get_status_text (view);
  g_autofree char *fen_back = NULL;

  g_assert_cmpuint (arb_game_view_get_ply (view), ==, 33);
  g_assert_cmpstr (fen, ==, BOARD2_FEN);
  /* 15.Qb3 and 17.Qb3 lead to the same position. */
  g_assert_nonnull (strstr (status, "2 times: after 15.Qb3, 17.Qb3"));

  /* Back through the game with the keys' actions: the board follows. */
  gtk_widget_activate_action (GTK_WIDGET (view), "game.back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.back", NULL);
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, 31);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.first", NULL);
  fen_back = board_fen (view);
  g_assert_cmpstr (fen_back, ==, ARB_START_FEN);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.last", NULL);
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, 33);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");

  /* The game view says what the record holds: board 4's illegal move. */
  view = arb_ui_open_board (window, 4);
  {
    g_autofree char *text = arb_game_view_get_status_text (view);
    g_assert_nonnull (strstr (text, "Black has made 1 illegal move."));
  }
}

static void
test_round_open_card (void)
{
  arb_ui_run_app (check_open_card, NULL);
}

typedef struct
{
  char *path;
  int board;
  guint expected_plies;
  gboolean seen;
} CommitCheck;

/* Runs when the game announces the move, before any view can show it:
 * the move must already be in the file. */
static void
changed_check_file_cb (ArbGame *game, CommitCheck *check)
{
  g_autoptr (GArray) moves = stored_moves (check->path, check->board);

  g_assert_cmpuint (moves->len, ==, check->expected_plies);
  check->seen = TRUE;
}

static void
check_typed_moves (ArbWindow *window, gpointer data)
{
  g_autofree char *path = demo_path ();
  ArbGameView *view = arb_ui_open_board (window, 12);
  ArbGame *game = arb_game_view_get_game (view);
  GtkWidget *entry = arb_game_view_get_entry (view);
  guint n = arb_game_get_n_plies (game);
  CommitCheck check = { path, 12, n + 1, FALSE };
  g_autoptr (GArray) moves = NULL;
  g_autofree char *fen = NULL;
  gulong id;

  id = g_signal_connect (game, "changed", G_CALLBACK (changed_check_file_cb), &check);

  /* English letters, typed into the entry and entered with Enter. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "Rd1");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (arb_game_view_get_error (view));
  g_assert_true (check.seen);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");

  /* Swedish letters: T is the rook. */
  check.seen = FALSE;
  check.expected_plies = n + 2;
  gtk_editable_set_text (GTK_EDITABLE (entry), "Tc8");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (arb_game_view_get_error (view));
  g_assert_true (check.seen);
  g_signal_handler_disconnect (game, id);

  fen = board_fen (view);
  g_assert_cmpstr (fen, ==, BOARD12_AFTER_RD1_RC8_FEN);
  moves = stored_moves (path, 12);
  g_assert_cmpuint (moves->len, ==, n + 2);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, n).san, ==, "Rd1");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, n + 1).san, ==, "Rc8");
  /* The move pressed the clock: White's clock runs again after 15...Rc8. */
  g_assert_cmpint (arb_clock_get_side_to_move (arb_game_get_clock (game)), ==, ARB_WHITE);
}

static void
test_round_typed_moves (void)
{
  arb_ui_run_app (check_typed_moves, NULL);
}

static void
check_illegal_typed (ArbWindow *window, gpointer data)
{
  g_autofree char *path = demo_path ();
  ArbGameView *view = arb_ui_open_board (window, 13);
  g_autoptr (GArray) before = stored_moves (path, 13);
  g_autoptr (GArray) after = NULL;
  GtkWidget *entry = arb_game_view_get_entry (view);

  /* 14.Qc2 was White's last move; Black's king cannot go to e5. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "Ke5");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (arb_game_view_get_error (view));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Ke5");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));

  g_assert_false (arb_game_view_enter_text (view, "hello"));
  g_assert_nonnull (arb_game_view_get_error (view));

  after = stored_moves (path, 13);
  g_assert_cmpuint (after->len, ==, before->len);
  g_assert_cmpuint (arb_game_get_n_plies (arb_game_view_get_game (view)), ==, before->len);
}

static void
test_round_illegal_typed (void)
{
  arb_ui_run_app (check_illegal_typed, NULL);
}

static void
check_click_move (ArbWindow *window, gpointer data)
{
  g_autofree char *path = demo_path ();
  ArbGameView *view = arb_ui_open_board (window, 14);
  ArbBoardView *board = ARB_BOARD_VIEW (arb_game_view_get_board (view));
  g_autoptr (GArray) before = stored_moves (path, 14);
  g_autoptr (GArray) after = NULL;

  /* London System after 13.Qf3: Black plays ...f6, f7 then f6. */
  _arb_board_view_click_square (board, ARB_SQUARE (5, 6));
  _arb_board_view_click_square (board, ARB_SQUARE (5, 5));

  after = stored_moves (path, 14);
  g_assert_cmpuint (after->len, ==, before->len + 1);
  g_assert_cmpstr (g_array_index (after, ArbStoredMove, before->len).uci, ==, "f7f6");
  g_assert_cmpuint (arb_game_view_get_ply (view), ==, before->len + 1);
}

static void
test_round_click_move (void)
{
  arb_ui_run_app (check_click_move, NULL);
}

typedef struct
{
  gint64 white_us;
} ClockCheck;

static void
check_clock_controls (ArbWindow *window, gpointer data)
{
  ClockCheck *check = data;
  ArbGameView *view = arb_ui_open_board (window, 15);
  ArbClock *clock = arb_game_get_clock (arb_game_view_get_game (view));

  /* The file was reopened: clocks are stopped until the arbiter resumes
   * them. Start this one, pause it, then adjust White's time. */
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.pause", NULL);
  g_assert_true (arb_clock_is_running (clock));
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.pause", NULL);
  g_assert_true (arb_clock_is_paused (clock));

  check->white_us = arb_clock_get_remaining_us (clock, ARB_WHITE);
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.add-time", "(si)", "white", 120);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE), ==,
                   check->white_us + 120 * G_USEC_PER_SEC);
  gtk_widget_activate_action (GTK_WIDGET (view), "clock.set-moves", "(si)", "black", 30);
  g_assert_cmpuint (arb_clock_get_moves (clock, ARB_BLACK), ==, 30);
  check->white_us += 120 * G_USEC_PER_SEC;
}

static void
check_clock_after_restart (ArbWindow *window, gpointer data)
{
  ClockCheck *check = data;
  ArbGameView *view = arb_ui_open_board (window, 15);
  ArbClock *clock = arb_game_get_clock (arb_game_view_get_game (view));

  /* What was done before the restart is in the file. */
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE), ==, check->white_us);
  g_assert_cmpuint (arb_clock_get_moves (clock, ARB_BLACK), ==, 30);
  g_assert_true (arb_clock_is_paused (clock));
}

static void
check_moves_after_restart (ArbWindow *window, gpointer data)
{
  g_autofree char *path = demo_path ();
  g_autoptr (GArray) stored = stored_moves (path, 12);
  ArbGameView *view = arb_ui_open_board (window, 12);

  /* The moves typed in an earlier run are shown after a restart. */
  g_assert_cmpuint (arb_game_get_n_plies (arb_game_view_get_game (view)), ==, stored->len);
  g_assert_cmpstr (g_array_index (stored, ArbStoredMove, stored->len - 1).san, ==, "Rc8");
}

static void
test_round_restart (void)
{
  ClockCheck check = { 0 };

  arb_ui_run_app (check_clock_controls, &check);
  arb_ui_run_app (check_clock_after_restart, &check);
  arb_ui_run_app (check_moves_after_restart, NULL);
}

static void
check_keyboard (ArbWindow *window, gpointer data)
{
  GtkFlowBox *grid = arb_window_get_board_grid (window);
  GtkWidget *first = GTK_WIDGET (arb_ui_find_card (window, 1));
  gboolean handled = FALSE;

  /* The round opens with the keyboard on the first card, entered through
   * the flow box so that its arrow keys move from there (a card focused
   * directly leaves the flow box without a cursor, and arrows do nothing;
   * the arrows themselves are checked on screen, not here: the flow box
   * ignores synthetic cursor moves without a real key event). */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);
  g_assert_true (gtk_widget_get_focusable (first));
  (void) grid;
  (void) handled;

  /* Enter on the focused card opens its game. */
  g_signal_emit_by_name (arb_ui_find_card (window, 6), "activate");
  g_assert_cmpstr (arb_window_get_page (window), ==, "game");
  g_assert_cmpint (arb_game_get_board (arb_game_view_get_game (arb_window_get_game_view (window))),
                   ==, 6);
}

static void
test_round_keyboard (void)
{
  arb_ui_run_app (check_keyboard, NULL);
}

static void
check_preferences (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  GSettings *settings = arb_application_get_settings (app);
  GtkWindow *prefs;
  AdwComboRow *notation;
  AdwComboRow *theme;

  g_assert_nonnull (settings);
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = arb_ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  g_assert_true (gtk_window_get_transient_for (prefs) == GTK_WINDOW (window));

  notation =
    ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Notation"));
  theme =
    ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "Board _Colours"));
  g_assert_nonnull (notation);
  g_assert_nonnull (theme);
  /* The rows show the settings and write them back. */
  g_assert_cmpuint (adw_combo_row_get_selected (notation), ==, 0);
  adw_combo_row_set_selected (notation, 2);
  g_assert_cmpint (g_settings_get_enum (settings, "notation"), ==, 2);
  adw_combo_row_set_selected (theme, 3);
  {
    g_autofree char *value = g_settings_get_string (settings, "board-theme");
    g_assert_cmpstr (value, ==, "gray");
  }
  g_settings_reset (settings, "notation");
  g_settings_reset (settings, "board-theme");
  gtk_window_destroy (prefs);
}

static void
test_round_preferences (void)
{
  arb_ui_run_app (check_preferences, NULL);
}

static void
test_round_card_finalizes (void)
{
  g_autofree char *path = demo_path ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  ArbTimeControl tc;
  ArbGame *game;
  GtkWidget *card;

  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse (ARB_DEMO_TIME_CONTROL, &tc, NULL, NULL));
  game = arb_game_load (t, arb_tournament_find_game (t, 1, 5, NULL), &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);

  card = g_object_ref_sink (arb_board_card_new (game));
  g_assert_true (badge_present (ARB_BOARD_CARD (card), "Checkmate"));
  g_assert_finalize_object (card);
  g_assert_finalize_object (game);
}

/* An alert's badge does not make its card wider: the grid went from five
 * columns to four when one appeared. */
static void
test_round_badge_keeps_width (void)
{
  g_autofree char *path = demo_path ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  ArbCardSourceBadge badge = {
    .text = "e-board: illegal move reported (Ke8–e6), and another few words to make it long",
    .kind = ARB_CARD_SOURCE_ILLEGAL_MOVE,
    .alert_id = 1,
  };
  ArbTimeControl tc;
  ArbGame *game;
  GtkWidget *card;
  int before = 0, after = 0;

  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse (ARB_DEMO_TIME_CONTROL, &tc, NULL, NULL));
  game = arb_game_load (t, arb_tournament_find_game (t, 1, 2, NULL), &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  card = g_object_ref_sink (arb_board_card_new (game));
  gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, &before, NULL, NULL, NULL);
  arb_board_card_set_source_badges (ARB_BOARD_CARD (card), &badge, 1);
  g_assert_true (badge_present (ARB_BOARD_CARD (card), badge.text));
  gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, &after, NULL, NULL, NULL);
  g_assert_cmpint (after, ==, before);
  arb_board_card_set_source_badges (ARB_BOARD_CARD (card), NULL, 0);
  g_assert_finalize_object (card);
  g_assert_finalize_object (game);
}

static void
check_open_files (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (arb_application_get_demo_path ());
  g_autofree char *junk = g_build_filename (dir, "junk.arbiter", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.arbiter", NULL);
  g_autofree char *demo = demo_path ();
  ArbTournament *before = arb_window_get_tournament (window);
  ArbEventInfo event = { .name = (char *) "Empty Open", .edition = 2018 };
  g_autoptr (ArbTournament) created = NULL;
  GSettings *settings = arb_application_get_settings (app);
  g_auto (GStrv) recent = NULL;

  /* Random bytes: refused with a message, the round stays as it was. */
  g_assert_true (g_file_set_contents (junk, "not a tournament at all, just words", -1, &error));
  g_assert_false (arb_application_open_path (app, junk));
  g_assert_true (arb_window_get_tournament (window) == before);
  g_assert_cmpstr (arb_window_get_page (window), ==, "round");

  /* A new tournament without boards yet. */
  g_unlink (empty);
  created = arb_tournament_create (empty, &event, &error);
  g_assert_no_error (error);
  g_clear_object (&created);
  g_assert_true (arb_application_open_path (app, empty));
  g_assert_false (arb_window_get_tournament (window) == before);
  g_assert_cmpuint (count_cards (window), ==, 0);

  /* `arbiter FILE`, or a file opened from Files: GApplication's open,
   * which the application refused before ("can not open files"). */
  {
    g_autoptr (GFile) file = g_file_new_for_path (demo);

    g_application_open (G_APPLICATION (app), &file, 1, "");
    g_assert_cmpstr (arb_tournament_get_path (arb_window_get_tournament (window)), ==, demo);
    g_assert_true (arb_application_open_path (app, empty));
  }

  /* Both files opened are the recent ones, the last first. */
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_nonnull (recent[0]);
  g_assert_true (g_str_has_suffix (recent[0], "empty.arbiter"));

  /* Back to the demo for the tests that follow. */
  g_assert_true (arb_application_open_path (app, demo));
  g_assert_cmpuint (count_cards (window), ==, ARB_DEMO_BOARDS);
  g_unlink (junk);
}

static void
test_round_open_files (void)
{
  arb_ui_run_app (check_open_files, NULL);
}

/* Player names from a crafted file: markup characters and bytes that are
 * not UTF-8 are shown as text, never as invalid markup (which GTK refuses
 * with a warning, fatal here). */
static void
check_bad_names (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (arb_application_get_demo_path ());
  g_autofree char *path = g_build_filename (dir, "names.arbiter", NULL);
  g_autofree char *demo = demo_path ();
  ArbEventInfo event = { .name = (char *) "Names <Open> & Co", .edition = 2023 };
  ArbPlayerInfo white = { .name = (char *) "Sk\xe5k, <Al> & Co",
                          .title = (char *) "G\xffM",
                          .rating = 2400 };
  ArbPlayerInfo black = { .name = (char *) "B\xc3, Bea", .title = (char *) "<b>" };
  ArbGameInfo game = { .round = 1, .board = 1, .rated = TRUE, .result = ARB_RESULT_ONGOING };
  g_autoptr (ArbTournament) created = NULL;
  ArbGameView *view;

  g_unlink (path);
  created = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  game.white_id = arb_tournament_add_player (created, &white, &error);
  g_assert_no_error (error);
  game.black_id = arb_tournament_add_player (created, &black, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_add_game (created, &game, &error), >, 0);
  g_assert_no_error (error);
  g_clear_object (&created);

  g_assert_true (arb_application_open_path (app, path));
  g_assert_cmpuint (count_cards (window), ==, 1);
  view = arb_ui_open_board (window, 1);
  g_assert_nonnull (view);

  g_assert_true (arb_application_open_path (app, demo));
  g_unlink (path);
}

static void
test_round_bad_names (void)
{
  arb_ui_run_app (check_bad_names, NULL);
}

/* A name longer than the card's line is shortened as pairing lists do,
 * surname whole and given names as initials; before, the label cut the
 * surname ("van Foreest, Jor…"). */
static void
test_round_short_names (void)
{
  const struct
  {
    const char *name;
    int room;
    const char *shown;
  } cases[] = {
    { "van Foreest, Jorden", 15, "van Foreest, J." }, { "Grandelius, Nils", 15, "Grandelius, N." },
    { "Duda, Jan-Krzysztof", 15, "Duda, J.-K." },     { "Öberg, Anna Maria", 15, "Öberg, A. M." },
    { "Magnus Carlsen", 12, "M. Carlsen" },           { "Ek, Lars", 15, "Ek, Lars" },
    { "Nepomniachtchi", 10, "Nepomniachtchi" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = arb_board_card_short_name (cases[i].name, cases[i].room);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
store_san (ArbTournament *t, gint64 game_id, int ply, const char *san)
{
  g_autoptr (GError) error = NULL;
  ArbPosition pos;
  ArbMove move;

  g_assert_true (arb_tournament_replay (t, game_id, &pos, NULL, &error));
  move = arb_san_parse (&pos, san, strlen (san), &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_move (t, game_id, ply, san, move, -1, -1, &error));
  g_assert_no_error (error);
}

/* Another screen stores 1.e4 e5 2.Nf3 while this one still shows the
 * start: d4 is refused, and Nf6, typed as the reply to it, must not become
 * ply 4 of the other screen's game until the arbiter has looked. */
static void
check_move_after_conflict (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (arb_application_get_demo_path ());
  g_autofree char *path = g_build_filename (dir, "conflict.arbiter", NULL);
  g_autofree char *demo = demo_path ();
  ArbEventInfo event = { .name = (char *) "Conflict Open", .edition = 2023 };
  ArbPlayerInfo white = { .name = (char *) "White, Wanda" };
  ArbPlayerInfo black = { .name = (char *) "Black, Bob" };
  ArbGameInfo game = { .round = 1, .board = 1, .rated = TRUE, .result = ARB_RESULT_ONGOING };
  g_autoptr (ArbTournament) other = NULL;
  g_autoptr (GArray) moves = NULL;
  ArbGameView *view;
  GtkWidget *entry;
  GtkWidget *look;
  gint64 id;

  g_unlink (path);
  other = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  game.white_id = arb_tournament_add_player (other, &white, &error);
  game.black_id = arb_tournament_add_player (other, &black, &error);
  id = arb_tournament_add_game (other, &game, &error);
  g_assert_no_error (error);

  g_assert_true (arb_application_open_path (app, path));
  view = arb_ui_open_board (window, 1);
  entry = arb_game_view_get_entry (view);
  look = find_button (GTK_WIDGET (view), "_Enter Moves Again");
  g_assert_nonnull (look);
  g_assert_false (gtk_widget_get_visible (look));

  store_san (other, id, 1, "e4");
  store_san (other, id, 2, "e5");
  store_san (other, id, 3, "Nf3");

  gtk_editable_set_text (GTK_EDITABLE (entry), "d4");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (arb_game_view_get_error (view));
  g_assert_true (gtk_widget_get_visible (look));
  g_assert_cmpuint (arb_game_get_n_plies (arb_game_view_get_game (view)), ==, 3);

  gtk_editable_set_text (GTK_EDITABLE (entry), "Nf6");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (arb_game_view_get_error (view));
  moves = stored_moves (path, 1);
  g_assert_cmpuint (moves->len, ==, 3);
  g_clear_pointer (&moves, g_array_unref);

  /* Looked: moves go in again. */
  g_signal_emit_by_name (look, "clicked");
  g_assert_false (gtk_widget_get_visible (look));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Nc6");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (arb_game_view_get_error (view));
  moves = stored_moves (path, 1);
  g_assert_cmpuint (moves->len, ==, 4);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 3).san, ==, "Nc6");

  g_clear_object (&other);
  g_assert_true (arb_application_open_path (app, demo));
  g_unlink (path);
}

static void
test_round_move_after_conflict (void)
{
  arb_ui_run_app (check_move_after_conflict, NULL);
}

static void
check_kill_after_move (ArbWindow *window, gpointer data)
{
  ArbGameView *view = arb_ui_open_board (window, 16);

  /* Grünfeld after 15.d5: 15...Ne5. */
  if (arb_game_view_enter_text (view, "Ne5"))
    {
      g_print ("acknowledged\n");
      fflush (stdout);
      /* No close-request, no flush: as if the power went. */
      kill (getpid (), SIGKILL);
    }
}

static void
test_round_sigkill (void)
{
  g_autofree char *path = NULL;
  g_autoptr (GArray) moves = NULL;

  if (g_test_subprocess ())
    {
      arb_ui_run_app (check_kill_after_move, NULL);
      return;
    }

  path = demo_path ();
  moves = stored_moves (path, 16);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*acknowledged*");
  g_clear_pointer (&moves, g_array_unref);

  moves = stored_moves (path, 16);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, moves->len - 1).san, ==, "Ne5");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, moves->len - 1).uci, ==, "c6e5");
}

/* Runs the main loop until the search after the last move of @card's game
 * has answered. */
static void
wait_for_search (ArbBoardCard *card)
{
  ArbDeadWatch *watch = arb_dead_watch_get (arb_board_card_get_game (card));

  while (arb_dead_watch_is_busy (watch))
    g_main_context_iteration (NULL, TRUE);
}

/* Live on every board (5.2.2, 6.9): a move that walls the kings in is
 * entered and stored, the window goes on (the search runs off the main
 * loop), then the card shows the dead position and the file has the draw;
 * after a flag fall the card says loss or draw. */
static void
check_live_search (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (arb_application_get_demo_path ());
  g_autofree char *path = g_build_filename (dir, "live-search.arbiter", NULL);
  g_autofree char *demo = demo_path ();
  ArbEventInfo event = { .name = (char *) "Live Search Open", .edition = 2023 };
  ArbPlayerInfo white = { .name = (char *) "White, Wanda" };
  ArbPlayerInfo black = { .name = (char *) "Black, Bob" };
  /* 1: g4 closes the wall; 2: Black's flag, and Bd4 would mate (the pawn
   * on h7 blocks its own king); 3: White's flag against a lone king. */
  const char *fens[] = { "8/8/1k6/p1p1p1p1/P1P1P3/6P1/8/4K3 w - - 0 40",
                         "q6k/5K1p/8/8/8/4B3/8/8 b - - 0 60", "8/8/4k3/8/8/8/3Q4/4K3 w - - 0 60" };
  g_autoptr (ArbTournament) other = NULL;
  ArbGameView *view;
  ArbGame *game;
  GtkWidget *entry;

  g_unlink (path);
  other = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  for (int board = 1; board <= 3; board++)
    {
      ArbGameInfo info = { .round = 1,
                           .board = board,
                           .rated = TRUE,
                           .result = ARB_RESULT_ONGOING,
                           .start_fen = (char *) fens[board - 1] };
      gint64 id;

      info.white_id = arb_tournament_add_player (other, &white, &error);
      info.black_id = arb_tournament_add_player (other, &black, &error);
      id = arb_tournament_add_game (other, &info, &error);
      g_assert_no_error (error);
      if (board >= 2)
        {
          ArbColor side = board == 2 ? ARB_BLACK : ARB_WHITE;
          ArbClockEventRecord flag = { .ply = 0,
                                       .kind = ARB_CLOCK_EVENT_FLAG,
                                       .side = side,
                                       .white_ms = side == ARB_WHITE ? 0 : 60000,
                                       .black_ms = side == ARB_BLACK ? 0 : 60000 };

          g_assert_cmpint (arb_tournament_add_clock_event (other, id, &flag, &error), >, 0);
          g_assert_no_error (error);
        }
    }
  g_clear_object (&other);

  g_assert_true (arb_application_open_path (app, path));
  g_assert_cmpuint (count_cards (window), ==, 3);

  wait_for_search (arb_ui_find_card (window, 2));
  g_assert_true (badge_present (arb_ui_find_card (window, 2), "Flag fell: Black"));
  g_assert_true (badge_present (arb_ui_find_card (window, 2), "Lost on time (6.9)"));
  wait_for_search (arb_ui_find_card (window, 3));
  g_assert_true (badge_present (arb_ui_find_card (window, 3), "Flag fell: White"));
  g_assert_true (badge_present (arb_ui_find_card (window, 3),
                                "Flag fell, but the opponent could not checkmate (6.9)"));

  game = arb_board_card_get_game (arb_ui_find_card (window, 1));
  wait_for_search (arb_ui_find_card (window, 1));
  g_assert_false (badge_present (arb_ui_find_card (window, 1), "Dead position (5.2.2)"));
  view = arb_ui_open_board (window, 1);
  entry = arb_game_view_get_entry (view);
  gtk_editable_set_text (GTK_EDITABLE (entry), "g4");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (arb_game_view_get_error (view));
  /* The move is in, the search still runs: it is not the window's work. */
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 1);
  g_assert_true (arb_dead_watch_is_busy (arb_dead_watch_get (game)));
  g_assert_false (arb_game_is_finished (game));

  wait_for_search (arb_ui_find_card (window, 1));
  g_assert_true (badge_present (arb_ui_find_card (window, 1), "Dead position (5.2.2)"));
  g_assert_true (arb_game_is_finished (game));
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_DRAW);
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
    g_autoptr (ArbGameInfo) stored = NULL;

    g_assert_no_error (error);
    stored = arb_tournament_get_game (t, arb_tournament_find_game (t, 1, 1, NULL), &error);
    g_assert_no_error (error);
    g_assert_cmpint (stored->n_plies, ==, 1);
    g_assert_cmpstr (arb_result_to_string (stored->result), ==, "1/2-1/2");
  }

  g_assert_true (arb_application_open_path (app, demo));
  g_unlink (path);
}

static void
test_round_live_search (void)
{
  arb_ui_run_app (check_live_search, NULL);
}

int
main (int argc, char **argv)
{
  const char *home = g_getenv ("ARB_TEST_ROUND_HOME");
  gboolean own_home = home == NULL;
  int status;

  /* Each run starts on an empty home: the demo is created by the first
   * test. A subprocess test inherits the directory of its parent. */
  if (home == NULL)
    {
      g_autoptr (GError) error = NULL;
      char *dir = g_dir_make_tmp ("arb-test-round-XXXXXX", &error);

      g_assert_no_error (error);
      g_setenv ("ARB_TEST_ROUND_HOME", dir, TRUE);
      home = dir;
    }
  {
    g_autofree char *data = g_build_filename (home, "data", NULL);
    g_autofree char *config = g_build_filename (home, "config", NULL);

    g_setenv ("XDG_DATA_HOME", data, TRUE);
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  arb_position_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/round/demo", test_round_demo);
  g_test_add_func ("/ui/round/short-names", test_round_short_names);
  g_test_add_func ("/ui/round/badge-keeps-width", test_round_badge_keeps_width);
  g_test_add_func ("/ui/round/filter", test_round_filter);
  g_test_add_func ("/ui/round/open-card", test_round_open_card);
  g_test_add_func ("/ui/round/typed-moves", test_round_typed_moves);
  g_test_add_func ("/ui/round/illegal-typed", test_round_illegal_typed);
  g_test_add_func ("/ui/round/click-move", test_round_click_move);
  g_test_add_func ("/ui/round/restart", test_round_restart);
  g_test_add_func ("/ui/round/keyboard", test_round_keyboard);
  g_test_add_func ("/ui/round/open-files", test_round_open_files);
  g_test_add_func ("/ui/round/bad-names", test_round_bad_names);
  g_test_add_func ("/ui/round/move-after-conflict", test_round_move_after_conflict);
  g_test_add_func ("/ui/round/preferences", test_round_preferences);
  g_test_add_func ("/ui/round/card-finalizes", test_round_card_finalizes);
  g_test_add_func ("/ui/round/sigkill", test_round_sigkill);
  g_test_add_func ("/ui/round/live-search", test_round_live_search);

  status = g_test_run ();
  if (own_home)
    arb_test_remove_tree (g_getenv ("ARB_TEST_ROUND_HOME"));
  return status;
}
