/* test-desk.c: the results desk, as the arbiter means it (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The findings of the issue "Decisions the arbiter means" at the results
 * desk: a name is that player's score ("Öberg 0" with Black is 1-0) and
 * the answer names the winner; a stored result is replaced only after a
 * question whose default keeps it; Ctrl+Z right after Enter takes back
 * the result, not the typing; a bye and an unknown result each say what
 * they are; the answer about one round goes when another is shown. Keys
 * are real key presses (xdotool through the X server); what was stored is
 * read back from the file on a connection of its own.
 *
 * A second desk on the file the first writes reads only and says so where
 * the arbiter types; once the first closes the file it offers to take
 * over, takes the lock (or says another desk was quicker), writes, and
 * the takeover is in the audit log.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-game.h"
#include "arb-tournament-ruling.h"
#include "arb-ui-harness.h"
#include "arb-desk-lock.h"
#include "arb-test-utils.h"
#include "arb-tournament-rounds.h"
#include "arb-window.h"

typedef struct
{
  char *path;
  gint64 board[4]; /* the games of round 2, by board */
} Event;

/* Round 1 played; round 2: Jansen–Öberg, Ekström–Lindqvist (0-1
 * stored), Hansen–Åkesson, and Ek with a bye. */
static void
event_create (Event *e)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo info = { .name = (char *) "Desk Open",
                        .edition = 2023,
                        .time_control = (char *) "5400+30",
                        .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;
  gint64 jansen, oberg, ekstrom, lindqvist, hansen, akesson, ek;

  g_assert_no_error (error);
  e->path = arb_test_temp_path ("event.arbiter");
  t = arb_tournament_create (e->path, &info, &error);
  g_assert_no_error (error);
  jansen = arb_test_add_player (t, 1, "Jansen, Pieter");
  oberg = arb_test_add_player (t, 2, "Öberg, Nils");
  ekstrom = arb_test_add_player (t, 3, "Ekström, Anna");
  lindqvist = arb_test_add_player (t, 4, "Lindqvist, Erik");
  hansen = arb_test_add_player (t, 5, "Hansen, Magnus");
  akesson = arb_test_add_player (t, 6, "Åkesson, Björn");
  ek = arb_test_add_player (t, 7, "Ek, Lars");
  arb_test_add_game (t, 1, 1, oberg, jansen, ARB_RESULT_DRAW);
  arb_test_add_game (t, 1, 2, lindqvist, ekstrom, ARB_RESULT_WHITE_WINS);
  arb_test_add_game (t, 1, 3, akesson, ek, ARB_RESULT_BLACK_WINS);
  arb_test_add_game (t, 1, 4, hansen, 0, ARB_RESULT_WHITE_FORFEIT_WIN);
  e->board[1] = arb_test_add_game (t, 2, 1, jansen, oberg, ARB_RESULT_ONGOING);
  e->board[2] = arb_test_add_game (t, 2, 2, ekstrom, lindqvist, ARB_RESULT_BLACK_WINS);
  e->board[3] = arb_test_add_game (t, 2, 3, hansen, akesson, ARB_RESULT_ONGOING);
  arb_test_add_game (t, 2, 4, ek, 0, ARB_RESULT_ONGOING);
}

/* The result the file holds, read on a connection of its own. */
static ArbResult
stored_result (Event *e, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (e->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (ArbGameInfo) game = NULL;

  g_assert_no_error (error);
  game = arb_tournament_get_game (t, e->board[board], &error);
  g_assert_no_error (error);
  return game->result;
}

/* The last ruling of a board's game, or NULL. */
static ArbRuling *
last_ruling (Event *e, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (e->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GPtrArray) rulings = NULL;
  ArbRuling *ruling;

  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (t, e->board[board], &error);
  g_assert_no_error (error);
  if (rulings->len == 0)
    return NULL;
  ruling =
    arb_tournament_ruling_from_record (g_ptr_array_index (rulings, rulings->len - 1), &error);
  g_assert_no_error (error);
  return ruling;
}

typedef struct
{
  ArbWindow *window;
  Event *event;
  int board;
  ArbResult result;
} Expect;

static gboolean
result_stored (gpointer data)
{
  Expect *x = data;

  return stored_result (x->event, x->board) == x->result;
}

static gboolean
question_asked (gpointer data)
{
  return arb_window_get_replace_question (ARB_WINDOW (data)) != NULL;
}

static gboolean
question_gone (gpointer data)
{
  return arb_window_get_replace_question (ARB_WINDOW (data)) == NULL;
}

static gboolean
entry_focused (gpointer data)
{
  ArbWindow *window = data;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
  GtkWidget *entry = arb_window_get_results_entry (window);

  return focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

static void
open_desk (ArbWindow *window)
{
  /* A key pressed while the X server is still giving the window the
   * keyboard goes nowhere: pressed again after a long wait. */
  for (int attempt = 0; attempt < 3 && !entry_focused (window); attempt++)
    {
      if (attempt > 0)
        arb_ui_give_keyboard (GTK_WINDOW (window));
      arb_ui_xdotool ("key", "ctrl+e", NULL);
      arb_ui_wait_up_to (entry_focused, window, 500);
    }
  arb_ui_wait_for (entry_focused, window, "the results entry");
}

typedef struct
{
  ArbWindow *window;
  char *feedback; /* the answer before Enter */
} Entered;

static gboolean
entry_taken (gpointer data)
{
  Entered *d = data;
  GtkWidget *entry = arb_window_get_results_entry (d->window);

  return gtk_editable_get_text (GTK_EDITABLE (entry))[0] == '\0' ||
         g_strcmp0 (arb_window_get_results_feedback (d->window), d->feedback) != 0 ||
         arb_window_get_replace_question (d->window) != NULL;
}

/* What the arbiter typed, then Enter pressed on the keyboard. On a loaded
 * machine the X server may still be giving the window the keyboard when
 * the key is pressed, and the press goes nowhere: when the desk took
 * nothing (the entry keeps the text, the answer is the same) after a long
 * wait, the window is given the keyboard and Enter pressed again. */
static void
enter (ArbWindow *window, const char *text)
{
  GtkWidget *entry = arb_window_get_results_entry (window);
  Entered d = { window, g_strdup (arb_window_get_results_feedback (window)) };

  arb_ui_wait_for (entry_focused, window, "the results entry");
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  for (int attempt = 0; attempt < 3 && !entry_taken (&d); attempt++)
    {
      if (attempt > 0)
        {
          g_test_message ("Enter went unseen; pressed again");
          arb_ui_give_keyboard (GTK_WINDOW (window));
        }
      arb_ui_xdotool ("key", "Return", NULL);
      arb_ui_wait_up_to (entry_taken, &d, 300);
    }
  g_free (d.feedback);
}

typedef struct
{
  ArbWindow *window;
  const char *says;
} Answer;

static gboolean
answer_is (gpointer data)
{
  Answer *a = data;

  return strstr (arb_window_get_results_feedback (a->window), a->says) != NULL;
}

static void
wait_answer (ArbWindow *window, const char *says)
{
  Answer a = { window, says };

  if (!arb_ui_wait_up_to (answer_is, &a, 500))
    g_error ("waited in vain for “%s”; the desk says “%s”", says,
             arb_window_get_results_feedback (window));
}

/* "Öberg 0": Öberg has Black and lost, so 1-0, and the answer says
 * Jansen won; "Oberg" finds him too. */
static void
check_name_is_that_players_score (ArbWindow *window, Event *e)
{
  Expect x = { window, e, 1, ARB_RESULT_WHITE_WINS };

  enter (window, "Öberg 0");
  arb_ui_wait_for (result_stored, &x, "1-0 on board 1");
  wait_answer (window, "Board 1: 1–0, Jansen, Pieter wins");
  arb_ui_save_screenshot (GTK_WIDGET (window), "results-desk-oberg");

  /* Ctrl+Z right after Enter, the focus still in the emptied entry: the
   * result goes back, and the typing stays gone. */
  g_assert_true (entry_focused (window));
  arb_ui_xdotool ("key", "ctrl+z", NULL);
  x.result = ARB_RESULT_ONGOING;
  arb_ui_wait_for (result_stored, &x, "board 1 taken back");
  wait_answer (window, "Board 1: back to —");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (arb_window_get_results_entry (window))), ==,
                   "");
  g_assert_true (entry_focused (window));

  /* Without the accent, and his win this time: 0-1. */
  enter (window, "oberg 1");
  x.result = ARB_RESULT_BLACK_WINS;
  arb_ui_wait_for (result_stored, &x, "0-1 on board 1");
  wait_answer (window, "Board 1: 0–1, Öberg, Nils wins");
}

/* "2 1" over the stored 0-1: a question that says both results, whose
 * default (Enter) keeps the stored one; only "Replace" replaces. */
static void
check_replace_asks (ArbWindow *window, Event *e)
{
  Expect x = { window, e, 2, ARB_RESULT_BLACK_WINS };
  GtkWindow *question;
  const char *body;

  enter (window, "2 1");
  arb_ui_wait_for (question_asked, window, "the question before replacing");
  question = arb_window_get_replace_question (window);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (question));
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "0–1, Lindqvist, Erik wins"));
  g_assert_nonnull (strstr (body, "1–0, Ekström, Anna wins"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (question)), ==,
                   "keep");
  g_assert_cmpint (stored_result (e, 2), ==, ARB_RESULT_BLACK_WINS);

  arb_ui_give_keyboard (question);
  arb_ui_xdotool ("key", "Return", NULL);
  arb_ui_wait_for (question_gone, window, "the question answered with Enter");
  wait_answer (window, "Board 2: kept 0–1, Lindqvist, Erik wins");
  g_assert_cmpint (stored_result (e, 2), ==, ARB_RESULT_BLACK_WINS);

  arb_ui_give_keyboard (GTK_WINDOW (window));
  arb_ui_wait_for (entry_focused, window, "the entry again");
  enter (window, "2 1");
  arb_ui_wait_for (question_asked, window, "the question again");
  question = arb_window_get_replace_question (window);
  g_assert_null (last_ruling (e, 2));
  gtk_editable_set_text (
    GTK_EDITABLE (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (question))),
    "the slip was misread");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "replace");
  x.result = ARB_RESULT_WHITE_WINS;
  arb_ui_wait_for (result_stored, &x, "1-0 on board 2");
  wait_answer (window, "Board 2: 1–0, Ekström, Anna wins");

  /* The replacement is a decision of the rulings log, with what it
   * replaced and why; before, only the audit table had it. */
  {
    g_autoptr (ArbRuling) ruling = last_ruling (e, 2);

    g_assert_nonnull (ruling);
    g_assert_cmpint (ruling->reason, ==, ARB_REASON_RESULT_CORRECTED);
    g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "replaces"), ==, "0-1");
    g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "reason"), ==, "the slip was misread");
  }

  /* Undo of a correction withdraws it in the log, beside it: the 0-1
   * the desk had is back, and both records stay. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-result", NULL);
  g_assert_cmpint (stored_result (e, 2), ==, ARB_RESULT_BLACK_WINS);
  {
    g_autoptr (ArbRuling) withdrawal = last_ruling (e, 2);

    g_assert_nonnull (withdrawal);
    g_assert_cmpstr (arb_ruling_get_fact_text (withdrawal, "withdrawn_reason"), ==,
                     "Taken back at the results desk");
  }
}

/* A bye and a result not known say what they are, and store nothing. */
static void
check_refusals (ArbWindow *window, Event *e)
{
  arb_ui_give_keyboard (GTK_WINDOW (window));
  arb_ui_wait_for (entry_focused, window, "the entry");
  enter (window, "Ek 1");
  wait_answer (window, "Ek, Lars has a bye in round 2");
  enter (window, "3 0.5");
  wait_answer (window, "“0.5” is not a result");
  wait_answer (window, "1-0, 0-1, ½-½");
  g_assert_cmpint (stored_result (e, 3), ==, ARB_RESULT_ONGOING);
  g_assert_cmpint (stored_result (e, 1), ==, ARB_RESULT_BLACK_WINS);
}

/* Another round shown: the last answer was about round 2 and goes; Undo
 * there takes back nothing of round 2. */
static void
check_round_switch (ArbWindow *window, Event *e)
{
  enter (window, "3 =");
  {
    Expect x = { window, e, 3, ARB_RESULT_DRAW };
    arb_ui_wait_for (result_stored, &x, "½-½ on board 3");
  }
  g_assert_cmpstr (arb_window_get_results_feedback (window), !=, "");
  /* The byes are shown under the boards, by name; the summary only
   * counted them. Each round its own. */
  g_assert_nonnull (arb_window_get_byes_text (window));
  g_assert_nonnull (strstr (arb_window_get_byes_text (window), "Ek, Lars ("));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 1);
  g_assert_nonnull (strstr (arb_window_get_byes_text (window), "Hansen, Magnus ("));
  g_assert_null (strstr (arb_window_get_byes_text (window), "Ek, Lars"));
  g_assert_cmpstr (arb_window_get_results_feedback (window), ==, "");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-result", NULL);
  g_assert_cmpint (stored_result (e, 3), ==, ARB_RESULT_DRAW);
  /* Back in round 2, Undo is the draw's. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-result", NULL);
  g_assert_cmpint (stored_result (e, 3), ==, ARB_RESULT_ONGOING);
}

static AdwMessageDialog *
find_unlock_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)) &&
          g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)),
                            "Unlock Round"))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
unlock_asked (gpointer data)
{
  return find_unlock_question () != NULL;
}

static gboolean
round_read_only (ArbWindow *window)
{
  GPtrArray *games = arb_window_get_games (window);

  g_assert_true (games != NULL && games->len > 0);
  return arb_game_is_read_only (g_ptr_array_index (games, 0));
}

/* Round 1 unlocked: only with a reason (the Unlock button stays off on
 * an empty or blank one, which was accepted before), and only while the
 * arbiter is there: back from round 2 it is locked again (it stayed
 * unlocked before). */
static void
check_unlock (ArbWindow *window, Event *e)
{
  AdwMessageDialog *question;
  GtkEditable *reason;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 1);
  g_assert_true (round_read_only (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.unlock-round", NULL);
  arb_ui_wait_for (unlock_asked, NULL, "the unlock question");
  question = find_unlock_question ();
  reason = GTK_EDITABLE (adw_message_dialog_get_extra_child (question));
  g_assert_false (adw_message_dialog_get_response_enabled (question, "unlock"));
  gtk_editable_set_text (reason, "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (question, "unlock"));
  gtk_editable_set_text (reason, "wrong result on board 1");
  g_assert_true (adw_message_dialog_get_response_enabled (question, "unlock"));
  /* Round 2 was paired from round 1's results: the question says so. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (question), "Round 2 was paired"));
  adw_message_dialog_response (question, "unlock");
  g_assert_false (round_read_only (window));

  /* A correction there says the pairing program must pair round 2 again. */
  arb_ui_give_keyboard (GTK_WINDOW (window));
  open_desk (window);
  enter (window, "1 1");
  arb_ui_wait_for (question_asked, window, "the question before correcting round 1");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (arb_window_get_replace_question (window)),
                               "replace");
  wait_answer (window, "Round 2 was paired before this correction");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-round", NULL);
  g_assert_cmpint (arb_window_get_round (window), ==, 1);
  g_assert_true (round_read_only (window));
  if (find_unlock_question () != NULL)
    gtk_window_destroy (GTK_WINDOW (find_unlock_question ()));
}

static void
check_desk (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  Event e = { 0 };

  event_create (&e);
  g_assert_true (arb_window_open_file (window, e.path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_window_get_round (window), ==, 2);
  arb_ui_give_keyboard (GTK_WINDOW (window));
  open_desk (window);

  check_name_is_that_players_score (window, &e);
  check_replace_asks (window, &e);
  check_refusals (window, &e);
  check_round_switch (window, &e);
  check_unlock (window, &e);
  g_free (e.path);
}

static void
test_desk (void)
{
  arb_ui_run_app (check_desk, NULL);
}

/* --- A second desk that takes over ------------------------------------- */

static gboolean
offers_take_over (gpointer data)
{
  return arb_window_offers_take_over (ARB_WINDOW (data));
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* The desk that reads says so where the arbiter types, and takes none of
 * it: "3 1" typed at its results desk goes neither into the file nor into
 * the board search. */
static void
check_reading_desk_says_so (ArbWindow *reader, Event *e)
{
  GtkWidget *entry = arb_window_get_results_entry (reader);
  const char *banner = arb_window_get_desk_banner (reader);

  g_assert_true (arb_window_is_read_only (reader));
  g_assert_nonnull (banner);
  g_test_message ("%s", banner);
  g_assert_true (g_str_has_prefix (banner, "This desk reads only: the file is written at "));
  g_assert_nonnull (strstr (banner, g_get_host_name ()));
  g_assert_nonnull (strstr (banner, " since "));
  g_assert_false (arb_window_offers_take_over (reader));

  arb_ui_give_keyboard (GTK_WINDOW (reader));
  open_desk (reader);
  wait_answer (reader, "This desk reads only: the file is written at ");
  arb_ui_xdotool ("type", "3 1", NULL);
  arb_ui_xdotool ("key", "Return", NULL);
  arb_ui_wait_up_to (never, NULL, 25);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_cmpuint (arb_window_count_visible_boards (reader), ==, 3);
  wait_answer (reader, "This desk reads only: the file is written at ");
  g_assert_cmpint (stored_result (e, 3), ==, ARB_RESULT_ONGOING);
  arb_ui_save_screenshot (GTK_WIDGET (reader), "reading-desk");
}

/* The takeover is in the file's audit log with the arbiter's name. */
static char *
take_over_detail (Event *e)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (e->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GPtrArray) lines = NULL;

  g_assert_no_error (error);
  lines = arb_tournament_list_audit (t, 0, 0, &error);
  g_assert_no_error (error);
  for (guint i = lines->len; i > 0; i--)
    {
      ArbAuditLine *line = g_ptr_array_index (lines, i - 1);

      if (g_strcmp0 (line->action, "take-over-desk") == 0)
        return g_strdup (line->detail);
    }
  return NULL;
}

static void
check_take_over (ArbWindow *reader, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSettings) settings = g_settings_new ("io.github.arbiterdesk.Arbiter");
  g_autofree char *detail = NULL;
  ArbWindow *writer;
  ArbDeskLock *other;
  Event e = { 0 };

  g_settings_set_string (settings, "arbiter-name", "Karin Holm");
  event_create (&e);
  writer = arb_window_new (ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (reader))));
  g_assert_true (arb_window_open_file (writer, e.path, FALSE, &error));
  g_assert_false (arb_window_is_read_only (writer));
  /* Shown, as a desk is: only a window shown can be closed. */
  gtk_window_present (GTK_WINDOW (writer));
  arb_ui_wait_for (is_mapped, writer, "the writing desk's window");
  g_object_add_weak_pointer (G_OBJECT (writer), (gpointer *) &writer);
  g_assert_true (arb_window_open_file (reader, e.path, FALSE, &error));
  g_assert_no_error (error);
  check_reading_desk_says_so (reader, &e);

  /* The writing desk closes the file: the reader offers to take over. */
  gtk_window_close (GTK_WINDOW (writer));
  g_assert_null (writer);
  arb_ui_wait_for (offers_take_over, reader, "the offer to take over");
  g_test_message ("%s", arb_window_get_desk_banner (reader));
  g_assert_nonnull (strstr (arb_window_get_desk_banner (reader), "has closed the file"));
  g_assert_true (arb_window_is_read_only (reader));
  wait_answer (reader, "This desk reads only: no desk writes the file now.");
  arb_ui_save_screenshot (GTK_WIDGET (reader), "take-over-offer");

  /* Another desk is quicker: this one keeps reading, and says so. */
  other = arb_desk_lock_acquire (e.path, "Arbiter quicker", NULL, &error);
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (reader), "win.take-over-desk", NULL);
  g_assert_true (arb_window_is_read_only (reader));
  g_assert_false (arb_window_offers_take_over (reader));
  g_assert_true (g_str_has_prefix (arb_window_get_desk_banner (reader), "This desk reads only"));
  arb_desk_lock_release (other);

  /* Free again: taken over, the banner goes and the desk writes. */
  arb_ui_wait_for (offers_take_over, reader, "the offer to take over again");
  gtk_widget_activate_action (GTK_WIDGET (reader), "win.take-over-desk", NULL);
  g_assert_false (arb_window_is_read_only (reader));
  g_assert_null (arb_window_get_desk_banner (reader));
  g_assert_false (arb_window_offers_take_over (reader));
  g_assert_cmpint (arb_window_get_round (reader), ==, 2);
  g_assert_cmpstr (arb_window_get_results_feedback (reader), ==, "");

  arb_ui_give_keyboard (GTK_WINDOW (reader));
  open_desk (reader);
  enter (reader, "3 1");
  {
    Expect x = { reader, &e, 3, ARB_RESULT_WHITE_WINS };
    arb_ui_wait_for (result_stored, &x, "1-0 on board 3 from the desk that took over");
  }
  detail = take_over_detail (&e);
  g_assert_nonnull (detail);
  g_test_message ("%s", detail);
  g_assert_nonnull (strstr (detail, "\"arbiter\":\"Karin Holm\""));
  g_assert_nonnull (strstr (detail, "\"previous-host\":\""));
  g_settings_set_string (settings, "arbiter-name", "");
  g_free (e.path);
}

static void
test_take_over (void)
{
  arb_ui_run_app (check_take_over, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/desk/the-arbiter-means", test_desk);
  g_test_add_func ("/ui/desk/second-desk-takes-over", test_take_over);
  return g_test_run ();
}
