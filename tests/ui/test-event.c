/* test-event.c: an event run from the window, round after round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pairing program's file of a 5-round Swiss imported in the window,
 * rounds switched, the last round's results typed at the results desk (real
 * key presses through the X server), the export compared field by field
 * with what the pairing program should read; a second process on the same
 * file reads it and follows a move; boards whose clocks are on the table
 * raise no alert; a club league's round of team matches, each beside its
 * boards with its score.
 */

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-ruling-actions.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-rounds.h"
#include "arb-trf.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* Types @text key by key (xdotool's "type" loses keys on a fresh Xvfb
 * keymap; named keys do not). */
static void
type_keys (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      char name[2] = { *p, '\0' };
      const char *key = name;

      if (*p == ' ')
        key = "space";
      else if (*p == '=')
        key = "equal";
      else if (*p == '+')
        key = "plus";
      else if (*p == '-')
        key = "minus";
      else if (g_ascii_isupper (*p))
        key = *p == 'B' ? "shift+b" : *p == 'J' ? "shift+j" : name;
      arb_ui_xdotool ("key", key, NULL);
    }
}

static char *
new_tournament (const char *name)
{
  g_autoptr (GError) error = NULL;
  char *path;
  ArbEventInfo event = { .name = (char *) name,
                         .edition = 2023,
                         .time_control = (char *) "5400+30",
                         .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;

  g_assert_no_error (error);
  path = arb_test_temp_path ("event.arbiter");
  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  return path;
}

static gboolean
not_busy (gpointer data)
{
  return !arb_window_is_busy (ARB_WINDOW (data));
}

static ArbGame *
shown_game (ArbWindow *window, int board)
{
  GPtrArray *games = arb_window_get_games (window);

  for (guint i = 0; games != NULL && i < games->len; i++)
    if (arb_game_get_board (g_ptr_array_index (games, i)) == board)
      return g_ptr_array_index (games, i);
  return NULL;
}

/* The name of white's (or black's) player on a board of the round shown. */
static const char *
arb_player_name (ArbWindow *window, int board, gboolean white)
{
  static char name[64];
  g_autoptr (GError) error = NULL;
  ArbGame *game = shown_game (window, board);
  ArbTournament *t = arb_window_get_tournament (window);
  g_autoptr (ArbGameInfo) info = arb_tournament_get_game (t, arb_game_get_id (game), &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);

  g_assert_no_error (error);
  name[0] = '\0';
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];
      if (p->id == (white ? info->white_id : info->black_id))
        g_strlcpy (name, p->name, sizeof name);
    }
  return name;
}

/* --- Round after round with the pairing program ---------------------- */

typedef struct
{
  ArbWindow *window;
  int board;
  ArbResult result;
} Expect;

static gboolean
result_is (gpointer data)
{
  Expect *e = data;
  ArbGame *game = shown_game (e->window, e->board);

  return game != NULL && arb_game_get_result (game) == e->result;
}

static void
type_result (ArbWindow *window, const char *text, int board, ArbResult result)
{
  Expect e = { window, board, result };

  type_keys (text);
  arb_ui_xdotool ("key", "Return", NULL);
  arb_ui_wait_for (result_is, &e, text);
}

static void
assert_same_trf_but_rank (const char *got_text, const char *want_text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) got = arb_trf_parse (got_text, strlen (got_text), &error);
  g_autoptr (ArbTrf) want = arb_trf_parse (want_text, strlen (want_text), &error);

  g_assert_no_error (error);
  arb_test_assert_same_trf (got, want);
}

static gboolean
results_entry_focused (gpointer data)
{
  ArbWindow *window = data;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));

  return focus != NULL && (focus == arb_window_get_results_entry (window) ||
                           gtk_widget_is_ancestor (focus, arb_window_get_results_entry (window)));
}

static gboolean
results_bar_shown (gpointer data)
{
  GtkWidget *revealer =
    gtk_widget_get_ancestor (arb_window_get_results_entry (ARB_WINDOW (data)), GTK_TYPE_REVEALER);

  return revealer != NULL && gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static void
open_results_desk (ArbWindow *window)
{
  /* On a loaded machine the X server may still be giving the window the
   * keyboard when the key is pressed, and the press goes nowhere: after a
   * long wait the window is given the keyboard and the key pressed again
   * (the shortcut is then still to be seen to work). */
  for (int attempt = 0; attempt < 3 && !results_entry_focused (window); attempt++)
    {
      if (attempt > 0)
        {
          g_test_message ("ctrl+e went unseen; pressed again");
          arb_ui_give_keyboard (GTK_WINDOW (window));
        }
      arb_ui_xdotool ("key", "ctrl+e", NULL);
      arb_ui_wait_up_to (results_entry_focused, window, 500);
    }
  arb_ui_wait_for (results_entry_focused, window, "the results entry");
  arb_ui_wait_for (results_bar_shown, window, "the results bar");
}

static gboolean
card_focused (gpointer data)
{
  Expect *e = data;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (e->window));

  return focus != NULL && focus == GTK_WIDGET (arb_ui_find_card (e->window, e->board));
}

static void
check_pairing_program_round_trip (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Placeholder");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-paired.trf", NULL);
  g_autofree char *want_path =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-results.trf", NULL);
  g_autofree char *out = g_strconcat (path, ".trf", NULL);
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;
  g_auto (GStrv) unfinished = NULL;
  ArbGame *game;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_window_get_last_round (window), ==, 0);

  /* Import: the file the pairing program wrote after pairing round 5. */
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");
  g_assert_cmpint (arb_window_get_last_round (window), ==, 5);
  g_assert_cmpint (arb_window_get_round (window), ==, 5);
  g_assert_cmpuint (arb_window_get_games (window)->len, ==, 6);
  g_assert_cmpstr (arb_window_get_results_summary (window), ==, "0 finished · 6 playing · 1 bye");

  /* Switch rounds: round 3 is there to read, not to change. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round-number", "i", 3);
  g_assert_cmpint (arb_window_get_round (window), ==, 3);
  game = shown_game (window, 1);
  g_assert_nonnull (game);
  g_assert_true (arb_game_is_read_only (game));
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_DRAW); /* Hansen–Nieminen */
  g_assert_false (arb_game_set_result (game, ARB_RESULT_WHITE_WINS, "X", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_clear_error (&error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 5);
  g_assert_false (arb_game_is_read_only (shown_game (window, 1)));

  /* The whole round by keyboard at the results desk. */
  arb_ui_give_keyboard (GTK_WINDOW (window));
  open_results_desk (window);
  /* Boards as the pairing program publishes them (C.04.1 F.1): Lindqvist
   * and Søndergaard (3 points each) lead, Hansen (3) and Åkesson (2½)
   * follow. */
  type_result (window, "1=", 1, ARB_RESULT_DRAW);
  type_result (window, "2 1", 2, ARB_RESULT_WHITE_WINS);
  /* Van der Berg has Black: her 1 is 0-1. */
  type_result (window, "Berg 1", 4, ARB_RESULT_BLACK_WINS);
  /* A board chosen first, then its result key on the card. */
  type_keys ("3");
  arb_ui_xdotool ("key", "Return", NULL);
  {
    Expect e = { window, 3, ARB_RESULT_ONGOING };
    arb_ui_wait_for (card_focused, &e, "board 3 selected");
  }
  arb_ui_xdotool ("key", "plus", NULL);
  {
    Expect e = { window, 3, ARB_RESULT_WHITE_FORFEIT_WIN };
    arb_ui_wait_for (result_is, &e, "board 3 forfeit");
  }
  /* The focus went on to the next board without a result: board 5. */
  {
    Expect e = { window, 5, ARB_RESULT_ONGOING };
    arb_ui_wait_for (card_focused, &e, "board 5 next");
  }
  arb_ui_xdotool ("key", "0", NULL);
  {
    Expect e = { window, 5, ARB_RESULT_BLACK_WINS };
    arb_ui_wait_for (result_is, &e, "board 5 typed wrong");
  }
  /* A slip: undone, and typed again. */
  arb_ui_xdotool ("key", "ctrl+z", NULL);
  {
    Expect e = { window, 5, ARB_RESULT_ONGOING };
    arb_ui_wait_for (result_is, &e, "board 5 undone");
  }
  open_results_desk (window);
  type_result (window, "Johansson 1", 5, ARB_RESULT_WHITE_WINS);
  type_result (window, "6 =", 6, ARB_RESULT_DRAW);
  g_assert_cmpstr (arb_window_get_results_summary (window), ==, "6 finished · 0 playing · 1 bye");
  g_assert_nonnull (strstr (arb_window_get_results_feedback (window), "Board 6: ½–½"));

  /* The check before export finds nothing missing; the export is what the
   * pairing program should read: the input and the new results. */
  unfinished = arb_window_list_unfinished (window, 0);
  g_assert_cmpuint (g_strv_length (unfinished), ==, 0);
  arb_window_export_file (window, TRUE, out);
  arb_ui_wait_for (not_busy, window, "the export");
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_true (g_file_get_contents (want_path, &want, NULL, NULL));
  assert_same_trf_but_rank (got, want);
  g_assert_null (strstr (got, "\n142 "));

  /* The arbiter picks the other version in the export dialog's Format:
   * TRF-2026, which names the rounds in record 142 among the header
   * records (the window could write the version imported only). */
  {
    g_autofree char *out26 = g_strconcat (path, "-2026.trf", NULL);
    g_autofree char *got26 = NULL;

    arb_window_export_trf (window, 26, out26);
    arb_ui_wait_for (not_busy, window, "the TRF-2026 export");
    g_assert_true (g_file_get_contents (out26, &got26, NULL, NULL));
    g_assert_nonnull (strstr (got26, "\n142 5"));
    g_unlink (out26);
  }
}

static void
test_pairing_program_round_trip (void)
{
  arb_ui_run_app (check_pairing_program_round_trip, NULL);
}

/* --- A round of team matches ------------------------------------------ */

static void
assert_match_scores (ArbWindow *window, const char *first, const char *second)
{
  g_auto (GStrv) scores = arb_window_list_match_scores (window);

  g_assert_cmpuint (g_strv_length (scores), ==, 2);
  g_assert_cmpstr (scores[0], ==, first);
  g_assert_cmpstr (scores[1], ==, second);
}

/* A club league's file from the pairing program (tests/data/league-4x4.trf:
 * four clubs of four boards, round 1 played, round 2 paired): each match
 * beside its boards with its score, round 2's results typed at the results
 * desk, the score following, and the export the pairing program reads
 * back: the input with the new results and its team records. */
typedef struct
{
  ArbWindow *window;
  int round;
} RoundShown;

static gboolean
round_is (gpointer data)
{
  RoundShown *r = data;

  return arb_window_get_round (r->window) == r->round;
}

static void
check_team_match_round (ArbWindow *window, gpointer data)
{
  RoundShown one = { window, 1 }, two = { window, 2 };
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Placeholder");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "league-4x4.trf", NULL);
  g_autofree char *want_path =
    g_test_build_filename (G_TEST_DIST, "..", "data", "league-4x4-results.trf", NULL);
  g_autofree char *out = g_strconcat (path, ".trf", NULL);
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;
  g_auto (GStrv) none = NULL;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");
  g_assert_cmpint (arb_window_get_last_round (window), ==, 2);
  g_assert_cmpint (arb_window_get_round (window), ==, 2);
  g_assert_cmpuint (arb_window_get_games (window)->len, ==, 8);
  /* Aarhus is at home against Oslo: its colours are the home colours
   * (white on boards 1 and 3), although Oslo is listed first. */
  assert_match_scores (window, "Aarhus Skakklub – Oslo Schakselskap 0–0",
                       "Bergens Schakklub – Malmö Schacksällskap 0–0");
  g_assert_cmpstr (arb_player_name (window, 1, TRUE), ==, "Jensen, Søren");
  g_assert_cmpstr (arb_player_name (window, 5, TRUE), ==, "Vik, Erik");

  /* Round 1, played: the scores of the pairing program's results. The
   * round keys work with a board card focused, inside the grid's scrolled
   * window. */
  arb_ui_give_keyboard (GTK_WINDOW (window));
  gtk_widget_grab_focus (GTK_WIDGET (arb_ui_find_card (window, 2)));
  arb_ui_xdotool ("key", "ctrl+Page_Up", NULL);
  arb_ui_wait_for (round_is, &one, "round 1 by Ctrl+Page Up");
  /* The focus stays on board 2, of the round now shown. */
  {
    Expect e = { window, 2, ARB_RESULT_ONGOING };
    arb_ui_wait_for (card_focused, &e, "board 2 of round 1 focused");
  }
  assert_match_scores (window, "Oslo Schakselskap – Bergens Schakklub 2½–1½",
                       "Malmö Schacksällskap – Aarhus Skakklub 2–2");
  arb_ui_xdotool ("key", "ctrl+Page_Down", NULL);
  arb_ui_wait_for (round_is, &two, "round 2 by Ctrl+Page Down");

  /* Round 2 by keyboard at the results desk. */
  open_results_desk (window);
  type_result (window, "1 1", 1, ARB_RESULT_WHITE_WINS);
  assert_match_scores (window, "Aarhus Skakklub – Oslo Schakselskap 1–0",
                       "Bergens Schakklub – Malmö Schacksällskap 0–0");
  type_result (window, "2 =", 2, ARB_RESULT_DRAW);
  type_result (window, "3 0", 3, ARB_RESULT_BLACK_WINS);
  type_result (window, "4 -", 4, ARB_RESULT_BLACK_FORFEIT_WIN);
  type_result (window, "5 =", 5, ARB_RESULT_DRAW);
  type_result (window, "6 1", 6, ARB_RESULT_WHITE_WINS);
  type_result (window, "7 0", 7, ARB_RESULT_BLACK_WINS);
  type_result (window, "8 1", 8, ARB_RESULT_WHITE_WINS);
  /* Aarhus: 1 + ½ + 0 + 1 (board 4 won by forfeit with black); Bergen: ½
   * on board 5 only. */
  assert_match_scores (window, "Aarhus Skakklub – Oslo Schakselskap 2½–1½",
                       "Bergens Schakklub – Malmö Schacksällskap ½–3½");

  none = arb_window_list_unfinished (window, 0);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  arb_window_export_file (window, TRUE, out);
  arb_ui_wait_for (not_busy, window, "the export");
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_true (g_file_get_contents (want_path, &want, NULL, NULL));
  assert_same_trf_but_rank (got, want);
}

static void
test_team_match_round (void)
{
  arb_ui_run_app (check_team_match_round, NULL);
}

/* --- Who ruled --------------------------------------------------------- */

/* The detail of the last audit line of @action about @game_id. */
static char *
last_audit_detail (ArbWindow *window, const char *action, gint64 game_id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines =
    arb_tournament_list_audit (arb_window_get_tournament (window), 0, 0, &error);
  const char *detail = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < lines->len; i++)
    {
      const ArbAuditLine *line = lines->pdata[i];
      if (strcmp (line->action, action) == 0 && line->game_id == game_id)
        detail = line->detail;
    }
  return g_strdup (detail);
}

/* A ruling made in the window records the arbiter who acts: the chief
 * arbiter the pairing program's file names, then the name set in
 * Preferences, which comes first; a result typed at the results desk
 * records the same arbiter. */
static void
check_ruling_arbiter (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Placeholder");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "league-4x4.trf", NULL);
  g_autoptr (GSettings) settings = g_settings_new ("io.github.arbiterdesk.Arbiter");
  g_autofree char *detail = NULL;
  ArbRulingDialog *dialog;
  ArbGame *game;

  g_settings_set_string (settings, "arbiter-name", "");
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");

  /* The file's chief arbiter (record 102) rules on board 1. */
  game = shown_game (window, 1);
  dialog = arb_ruling_actions_open (GTK_WIDGET (window), game, ARB_RULING_FLOW_RESULT);
  g_assert_cmpstr (arb_ruling_dialog_get_arbiter (dialog), ==, "Lindberg, Eva");
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "resignation"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "result", "1-0"));
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));
  detail = last_audit_detail (window, "ruling", arb_game_get_id (game));
  g_assert_nonnull (detail);
  g_assert_nonnull (strstr (detail, "\"arbiter\":\"Lindberg, Eva\""));
  g_clear_pointer (&detail, g_free);

  /* A deputy with her name in Preferences rules on board 2. */
  g_settings_set_string (settings, "arbiter-name", "Karin Holm");
  game = shown_game (window, 2);
  dialog = arb_ruling_actions_open (GTK_WIDGET (window), game, ARB_RULING_FLOW_RESULT);
  g_assert_cmpstr (arb_ruling_dialog_get_arbiter (dialog), ==, "Karin Holm");
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "resignation"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "result", "0-1"));
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));
  detail = last_audit_detail (window, "ruling", arb_game_get_id (game));
  g_assert_nonnull (strstr (detail, "\"arbiter\":\"Karin Holm\""));
  g_clear_pointer (&detail, g_free);

  /* And the result she types at the results desk. */
  arb_ui_give_keyboard (GTK_WINDOW (window));
  open_results_desk (window);
  type_result (window, "3 =", 3, ARB_RESULT_DRAW);
  detail = last_audit_detail (window, "enter-result", arb_game_get_id (shown_game (window, 3)));
  g_assert_nonnull (detail);
  g_assert_nonnull (strstr (detail, "\"arbiter\":\"Karin Holm\""));
  g_settings_set_string (settings, "arbiter-name", "");
}

static void
test_ruling_arbiter (void)
{
  arb_ui_run_app (check_ruling_arbiter, NULL);
}

/* At a ruling on a board whose clock is on the table, the arbiter types
 * what that clock shows, both times and both move counters: they become
 * the game's clock from then on, which Arbiter now keeps, each change
 * logged. */
static void
check_ruling_table_clock (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Placeholder");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "league-4x4.trf", NULL);
  g_autofree char *ruling = NULL;
  g_autofree char *clock = NULL;
  ArbRulingDialog *dialog;
  ArbGame *game;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");
  game = shown_game (window, 5);
  g_assert_false (arb_game_is_clock_kept (game));

  dialog = arb_ruling_actions_open (GTK_WIDGET (window), game, ARB_RULING_FLOW_PENALTY);
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "penalty", "warning"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "distracted the opponent"));
  arb_ruling_dialog_set_clock_text (dialog, ARB_WHITE, "1:12:30");
  arb_ruling_dialog_set_clock_text (dialog, ARB_BLACK, "58:05");
  arb_ruling_dialog_set_clock_moves (dialog, ARB_WHITE, 23);
  arb_ruling_dialog_set_clock_moves (dialog, ARB_BLACK, 22);
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_true (arb_game_is_clock_kept (game));
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_WHITE) / 1000, ==,
                   (72 * 60 + 30) * 1000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK) / 1000, ==,
                   (58 * 60 + 5) * 1000);
  g_assert_cmpuint (arb_clock_get_moves (arb_game_get_clock (game), ARB_WHITE), ==, 23);
  g_assert_cmpuint (arb_clock_get_moves (arb_game_get_clock (game), ARB_BLACK), ==, 22);
  ruling = last_audit_detail (window, "ruling", arb_game_get_id (game));
  g_assert_nonnull (ruling);
  clock = last_audit_detail (window, "clock", arb_game_get_id (game));
  g_assert_nonnull (clock);
  g_assert_nonnull (strstr (clock, "\"set-moves\""));

  /* Read again from the file, as another desk would. */
  g_assert_true (arb_game_reload (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_WHITE) / 1000, ==,
                   (72 * 60 + 30) * 1000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK) / 1000, ==,
                   (58 * 60 + 5) * 1000);
  g_assert_cmpuint (arb_clock_get_moves (arb_game_get_clock (game), ARB_WHITE), ==, 23);
  g_assert_cmpuint (arb_clock_get_moves (arb_game_get_clock (game), ARB_BLACK), ==, 22);
}

static void
test_ruling_table_clock (void)
{
  arb_ui_run_app (check_ruling_table_clock, NULL);
}

/* --- Clocks on the table --------------------------------------------- */

static gint64
fake_now (gpointer data)
{
  return *(gint64 *) data;
}

static void
check_untracked (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Clocks");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-paired.trf", NULL);
  gint64 now = 1000 * G_USEC_PER_SEC;
  ArbGame *kept;
  const ArbPosition *pos;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");

  /* Board 1's clock is kept by Arbiter once a move is entered; the others
   * are on the table. */
  kept = shown_game (window, 1);
  g_assert_false (arb_game_is_clock_kept (kept));
  for (guint i = 0; i < arb_window_get_games (window)->len; i++)
    arb_clock_set_time_func (
      arb_game_get_clock (g_ptr_array_index (arb_window_get_games (window), i)), fake_now, &now,
      NULL);
  pos = arb_game_get_position (kept, 0);
  g_assert_true (arb_game_play_move (kept, arb_san_parse (pos, "e4", 2, NULL), &error));
  g_assert_no_error (error);
  g_assert_true (arb_game_is_clock_kept (kept));
  arb_window_resume_all (window);

  /* Three hours later: board 1's flag has fallen; the boards whose clocks
   * are on the table have none, show no time and ask for no attention. */
  now += (gint64) 3 * 3600 * G_USEC_PER_SEC;
  for (guint i = 0; i < arb_window_get_games (window)->len; i++)
    arb_clock_update (arb_game_get_clock (g_ptr_array_index (arb_window_get_games (window), i)));
  for (int board = 1; board <= 6; board++)
    arb_board_card_tick (arb_ui_find_card (window, board));
  g_assert_true (arb_game_has_flag_fallen (kept, NULL));
  g_assert_true (arb_board_card_needs_attention (arb_ui_find_card (window, 1)));
  for (int board = 2; board <= 6; board++)
    {
      ArbGame *game = shown_game (window, board);
      ArbBoardCard *card = arb_ui_find_card (window, board);

      g_assert_false (arb_game_is_clock_kept (game));
      g_assert_false (arb_clock_is_running (arb_game_get_clock (game)));
      g_assert_false (arb_game_has_flag_fallen (game, NULL));
      g_assert_false (arb_board_card_needs_attention (card));
      g_assert_cmpstr (arb_board_card_get_clock_text (card, ARB_WHITE), ==, "—");
      g_assert_cmpstr (arb_board_card_get_clock_text (card, ARB_BLACK), ==, "—");
    }
  for (guint i = 0; i < arb_window_get_games (window)->len; i++)
    arb_clock_set_time_func (
      arb_game_get_clock (g_ptr_array_index (arb_window_get_games (window), i)), NULL, NULL, NULL);
}

static void
test_untracked (void)
{
  arb_ui_run_app (check_untracked, NULL);
}

/* --- A second desk ----------------------------------------------------- */

/* The second process: opens the file the first one holds, says what its
 * banner says and how many moves board 1 has, then waits for one more. */
static const char *follower_path;
static int follower_status = 1;

static gboolean
board1_moved (gpointer data)
{
  ArbWindow *window = data;
  ArbGame *game = shown_game (window, 1);

  return game != NULL && arb_game_get_n_plies (game) > 0;
}

static void
check_follower (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbGame *game;

  if (!arb_window_open_file (window, follower_path, FALSE, &error))
    {
      g_printerr ("follower: %s\n", error->message);
      return;
    }
  game = shown_game (window, 1);
  g_print ("read-only %d\n", arb_window_is_read_only (window));
  g_print ("banner %s\n", arb_window_get_desk_banner (window) != NULL
                            ? arb_window_get_desk_banner (window)
                            : "(none)");
  g_print ("plies %u\n", game != NULL ? arb_game_get_n_plies (game) : 99);
  g_print ("ready\n");
  fflush (stdout);
  arb_ui_wait_for (board1_moved, window, "the other desk's move");
  g_print ("seen %s\n", arb_game_get_san (shown_game (window, 1), 1));
  fflush (stdout);
  follower_status = 0;
}

typedef struct
{
  GString *out;
  GDataInputStream *in;
  gboolean done;
} Reader;

static void
read_line_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Reader *r = data;
  g_autofree char *line =
    g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, NULL);

  if (line == NULL)
    {
      r->done = TRUE;
      return;
    }
  g_string_append (r->out, line);
  g_string_append_c (r->out, '\n');
  g_data_input_stream_read_line_async (r->in, G_PRIORITY_DEFAULT, NULL, read_line_cb, r);
}

static gboolean
follower_ready (gpointer data)
{
  Reader *r = data;

  return r->done || strstr (r->out->str, "ready\n") != NULL;
}

static gboolean
follower_saw (gpointer data)
{
  Reader *r = data;

  return r->done || strstr (r->out->str, "seen ") != NULL;
}

static void
check_two_desks (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_tournament ("Two Desks");
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-paired.trf", NULL);
  g_autofree char *self_path = g_test_build_filename (G_TEST_BUILT, "test-event", NULL);
  g_autoptr (GSubprocess) follower = NULL;
  Reader reader = { g_string_new (NULL), NULL, FALSE };
  ArbGame *game;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_false (arb_window_is_read_only (window));
  g_assert_null (arb_window_get_desk_banner (window));
  arb_window_import_file (window, paired);
  arb_ui_wait_for (not_busy, window, "the import");

  follower =
    g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, self_path, "--follower", path, NULL);
  g_assert_no_error (error);
  reader.in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (follower));
  g_data_input_stream_read_line_async (reader.in, G_PRIORITY_DEFAULT, NULL, read_line_cb, &reader);
  arb_ui_wait_for (follower_ready, &reader, "the second desk to open the file");
  g_test_message ("%s", reader.out->str);
  g_assert_nonnull (strstr (reader.out->str, "read-only 1\n"));
  g_assert_nonnull (strstr (reader.out->str, "banner This desk reads only: the file is written "
                                             "at "));
  g_assert_nonnull (strstr (reader.out->str, g_get_host_name ()));
  g_assert_nonnull (strstr (reader.out->str, " since "));
  g_assert_nonnull (strstr (reader.out->str, "plies 0\n"));

  /* A move here; the other desk sees it (it looks five times a second). */
  game = shown_game (window, 1);
  g_assert_true (arb_game_play_move (
    game, arb_san_parse (arb_game_get_position (game, 0), "d4", 2, NULL), &error));
  g_assert_no_error (error);
  arb_ui_wait_for (follower_saw, &reader, "the second desk to see the move");
  g_assert_nonnull (strstr (reader.out->str, "seen d4\n"));
  g_subprocess_wait (follower, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (follower));
  g_assert_cmpint (g_subprocess_get_exit_status (follower), ==, 0);
  g_clear_object (&reader.in);
  g_string_free (reader.out, TRUE);
}

static void
test_two_desks (void)
{
  arb_ui_run_app (check_two_desks, NULL);
}

int
main (int argc, char **argv)
{
  /* The second desk of test_two_desks: this program run again. */
  if (argc == 3 && strcmp (argv[1], "--follower") == 0)
    {
      follower_path = argv[2];
      gtk_init ();
      adw_init ();
      arb_ui_run_app (check_follower, NULL);
      return follower_status;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/ui/event/pairing-program-round-trip", test_pairing_program_round_trip);
  g_test_add_func ("/ui/event/team-match-round", test_team_match_round);
  g_test_add_func ("/ui/event/ruling-arbiter", test_ruling_arbiter);
  g_test_add_func ("/ui/event/ruling-table-clock", test_ruling_table_clock);
  g_test_add_func ("/ui/event/untracked-clocks", test_untracked);
  g_test_add_func ("/ui/event/two-desks", test_two_desks);
  return g_test_run ();
}
