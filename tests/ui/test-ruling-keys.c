/* test-ruling-keys.c: no ruling by a stray key (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The finding of the issue "Decisions the arbiter means": on board 11,
 * Ctrl+Alt+P, Tab, Space recorded "Penalty for White: Warning, 12.9.1"
 * with no reason, because the first Tab stop of every ruling dialog was
 * Confirm. Each ruling dialog is opened on the demo round, given the
 * keyboard, and sent real key presses (xdotool through the X server) from
 * its first focus only: Tab and Space, Tab and Enter, Space, Enter. Then
 * the file is read back on a read-only connection of its own: no ruling
 * was added and no result changed. A grave ruling (one that ends the game
 * or takes moves back) asks once more, and the default answer of that
 * question is the safe one. A confirmed ruling is withdrawn from the
 * Rulings Log, with a reason and the arbiter's name, and both records
 * stay in the file and in the log.
 *
 * With ARB_SCREENSHOT_DIR set, the log is also rendered to a PNG.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-clock.h"
#include "arb-demo.h"
#include "arb-game.h"
#include "arb-ruling-dialog-private.h"
#include "arb-ruling-dialog.h"
#include "arb-result.h"
#include "arb-rulings-log.h"
#include "arb-tournament.h"
#include "arb-ui-harness.h"

typedef ArbUiDemoFixture Fixture;

/* What the file holds of the round's decisions, read on a read-only
 * connection: the rulings of every board and their results. */
static char *
read_back (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (int board = 1; board <= ARB_DEMO_BOARDS; board++)
    {
      gint64 id = arb_tournament_find_game (t, 1, board, &error);
      g_autoptr (GPtrArray) rulings = NULL;
      ArbGameInfo *info;

      g_assert_no_error (error);
      rulings = arb_tournament_list_rulings (t, id, &error);
      g_assert_no_error (error);
      info = arb_tournament_get_game (t, id, &error);
      g_assert_no_error (error);
      g_string_append_printf (out, "%d: %u rulings, result %d\n", board, rulings->len,
                              (int) info->result);
      arb_game_info_free (info);
    }
  return g_string_free (out, FALSE);
}

static gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static void
iterate (guint rounds)
{
  for (guint i = 0; i < rounds; i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

/* Closes what the keys opened (a combo row's list) before the dialog goes,
 * so that no popover outlives its surface. */
static void
popdown_all (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
        gtk_popover_popdown (GTK_POPOVER (c));
      popdown_all (c);
    }
}

static const struct
{
  ArbRulingFlow flow;
  int board;
} dialogs[] = {
  { ARB_RULING_FLOW_ILLEGAL_MOVE, 1 }, { ARB_RULING_FLOW_DRAW_CLAIM, 1 },
  { ARB_RULING_FLOW_FLAG_FALL, 1 },    { ARB_RULING_FLOW_QUICKPLAY, 1 },
  { ARB_RULING_FLOW_ADJOURN, 1 },      { ARB_RULING_FLOW_RESUME, 6 },
  { ARB_RULING_FLOW_PENALTY, 11 },     { ARB_RULING_FLOW_RESULT, 1 },
};

static const char *const keys[][2] = {
  { "Tab", "space" },
  { "Tab", "Return" },
  { "space", NULL },
  { "Return", NULL },
};

/* Every ruling dialog, each key sequence from its first focus: the first
 * focus is a fact, never a header-bar button, and nothing is stored. */
static void
test_stray_keys (Fixture *f, gconstpointer data)
{
  g_autofree char *before = read_back (f);
  g_autoptr (GString) header_focus = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, dialogs[i].board, NULL);
        ArbRulingDialog *dialog = g_object_ref_sink (arb_ruling_dialog_new (game, dialogs[i].flow));
        GtkWidget *focus;
        g_autofree char *after = NULL;

        g_test_message ("flow %d on board %d: %s %s", (int) dialogs[i].flow, dialogs[i].board,
                        keys[k][0], keys[k][1] != NULL ? keys[k][1] : "");
        gtk_window_present (GTK_WINDOW (dialog));
        arb_ui_wait_for (window_mapped, dialog, "the ruling dialog");
        arb_ui_give_keyboard (GTK_WINDOW (dialog));
        focus = gtk_root_get_focus (GTK_ROOT (dialog));
        g_assert_nonnull (focus);
        /* What the keys did comes first: nothing stored. */
        for (guint n = 0; n < 2 && keys[k][n] != NULL; n++)
          {
            arb_ui_xdotool ("key", keys[k][n], NULL);
            iterate (10);
          }
        iterate (20);
        after = read_back (f);
        g_assert_cmpstr (after, ==, before);
        /* The first focus was a fact, not a button of the header bar. */
        if (gtk_widget_get_ancestor (focus, ADW_TYPE_HEADER_BAR) != NULL)
          g_string_append_printf (header_focus, " %d", (int) dialogs[i].flow);
        /* Whatever the keys opened (a list, the question) goes with it. */
        for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
          if (ADW_IS_MESSAGE_DIALOG (l->data))
            gtk_window_destroy (GTK_WINDOW (l->data));
        popdown_all (GTK_WIDGET (dialog));
        iterate (20);
        gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
        iterate (10);
        arb_ui_close_window (dialog);
        iterate (10);
      }
  g_assert_cmpstr (header_focus->str, ==, "");
}

/* The Penalty dialog (the finding: a warning with no reason) confirms
 * nothing until a penalty is chosen and the reason typed. */
static void
test_penalty_needs_choice (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 11, NULL);
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));

  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "penalty", "warning"));
  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "spoke to the opponent"));
  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  arb_ui_close_window (dialog);
}

static gboolean
question_shown (gpointer data)
{
  AdwMessageDialog **question = data;
  GList *all = gtk_window_list_toplevels ();

  for (GList *l = all; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data))
      *question = l->data;
  g_list_free (all);
  return *question != NULL;
}

/* 2023 12.9.6 in the Penalty dialog: declaring the game lost asks the
 * opponent's score (the arbiter decides: a win, a draw or a loss); until
 * it is chosen nothing confirms, and the result is the one chosen (it
 * was 0-0 without asking). */
static void
test_declare_lost_asks_score (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 11, NULL);
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));

  g_assert_true (arb_ruling_dialog_set_fact (dialog, "offender", "white"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "penalty", "declare-lost"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "refused to continue the game"));
  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  g_assert_null (arb_ruling_dialog_get_ruling (dialog));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "opponent-score", "1"));
  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  g_assert_cmpstr (
    arb_result_to_string (arb_ruling_get_result (arb_ruling_dialog_get_ruling (dialog))), ==,
    "0-1/2");
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "opponent-score", "2"));
  g_assert_cmpstr (
    arb_result_to_string (arb_ruling_get_result (arb_ruling_dialog_get_ruling (dialog))), ==,
    "0-1");
  g_assert_true (arb_ruling_cites (arb_ruling_dialog_get_ruling (dialog), "12.9.6"));
  arb_ui_close_window (dialog);
}

/* 2023 6.7.1 in the Penalty dialog: on board 11 (move 15) White has
 * moved, so has arrived, and no late arrival is ruled; on board 16 (no
 * move yet: a board 17 added beside it), with the default time 0 of the demo, 40 seconds late is a
 * forfeit (the dialog took whole minutes only: 0 minutes, not late). */
static void
test_late_arrival_facts (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) moved = arb_ui_demo_load_game (f->tournament, 11, NULL);
  g_autoptr (ArbGame) fresh = NULL;
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (moved, ARB_RULING_FLOW_PENALTY));

  g_assert_cmpuint (arb_game_get_n_plies (moved), >, 2);
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "what", "late-arrival"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "late-side", "white"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "late-minutes", "20"));
  g_assert_null (arb_ruling_dialog_get_ruling (dialog));
  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  arb_ui_close_window (dialog);

  arb_ui_add_unplayed_game (f->tournament, 1, 17, 16);
  fresh = arb_ui_demo_load_game (f->tournament, 17, NULL);
  g_assert_cmpuint (arb_game_get_n_plies (fresh), ==, 0);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (fresh, ARB_RULING_FLOW_PENALTY));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "what", "late-arrival"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "late-side", "white"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "late-minutes", "0"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "late-seconds", "40"));
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  g_assert_true (arb_ruling_cites (arb_ruling_dialog_get_ruling (dialog), "6.7.1"));
  arb_ui_close_window (dialog);
}

/* A ruling that ends the game asks once more on Confirm; Enter gives the
 * safe answer, and nothing is stored. */
static void
test_grave_asks_again (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESULT));
  g_autofree char *before = read_back (f);
  g_autofree char *after = NULL;
  AdwMessageDialog *question = NULL;

  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "resignation"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "result", "1-0"));
  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  g_assert_true (arb_ruling_dialog_is_grave (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  arb_ui_wait_for (window_mapped, dialog, "the ruling dialog");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dialog->confirm_button)));
  g_signal_emit_by_name (dialog->confirm_button, "clicked");
  arb_ui_wait_for (question_shown, &question, "the question before the ruling");
  g_assert_cmpstr (adw_message_dialog_get_default_response (question), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (question), ==, "cancel");
  arb_ui_wait_for (window_mapped, question, "the question");
  arb_ui_give_keyboard (GTK_WINDOW (question));
  arb_ui_xdotool ("key", "Return", NULL);
  iterate (20);
  after = read_back (f);
  g_assert_cmpstr (after, ==, before);
  arb_ui_close_window (dialog);
}

static gint64
remaining_ms (ArbGame *game, ArbColor side)
{
  return arb_clock_get_remaining_us (arb_game_get_clock (game), side) / 1000;
}

/* Withdrawn from the log: the question's default is Cancel and Withdraw
 * waits for the reason and the name; then the two minutes go back, and
 * the log and the file hold both records, the original marked. */
static void
test_withdraw_from_log (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 11, NULL);
  g_autoptr (GPtrArray) games = g_ptr_array_new ();
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GPtrArray) stored = NULL;
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  ArbRulingsLog *log;
  AdwMessageDialog *question;
  GtkEditable *reason, *arbiter;
  gint64 black = remaining_ms (game, ARB_BLACK);
  guint row = G_MAXUINT;
  gboolean marked = FALSE, withdrawal = FALSE;

  g_assert_true (arb_ruling_dialog_set_fact (dialog, "offender", "white"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "penalty", "add-opponent-time"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "minutes", "2"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "reason", "talked during the game"));
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
  arb_ui_close_window (dialog);
  g_assert_cmpint (remaining_ms (game, ARB_BLACK), ==, black + 2 * 60 * 1000);

  g_ptr_array_add (games, game);
  log = g_object_ref_sink (arb_rulings_log_new (f->tournament, 1));
  arb_rulings_log_set_games (log, games);
  for (guint i = 0; i < arb_rulings_log_get_n_visible (log); i++)
    {
      g_autofree char *text = arb_rulings_log_get_row_text (log, i);

      if (strstr (text, "board 11") != NULL)
        row = i;
    }
  g_assert_cmpuint (row, !=, G_MAXUINT);
  question = ADW_MESSAGE_DIALOG (arb_rulings_log_ask_withdraw (log, row));
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_default_response (question), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (question), ==, "cancel");
  reason = g_object_get_data (G_OBJECT (question), "arb-reason");
  arbiter = g_object_get_data (G_OBJECT (question), "arb-arbiter");
  gtk_editable_set_text (arbiter, "");
  g_assert_false (adw_message_dialog_get_response_enabled (question, "withdraw"));
  gtk_editable_set_text (reason, "the player was at board 12");
  g_assert_false (adw_message_dialog_get_response_enabled (question, "withdraw"));
  gtk_editable_set_text (arbiter, "Anna Berg");
  g_assert_true (adw_message_dialog_get_response_enabled (question, "withdraw"));
  adw_message_dialog_response (question, "withdraw");
  gtk_window_destroy (GTK_WINDOW (question));

  g_assert_cmpint (remaining_ms (game, ARB_BLACK), ==, black);
  for (guint i = 0; i < arb_rulings_log_get_n_visible (log); i++)
    {
      g_autofree char *text = arb_rulings_log_get_row_text (log, i);

      g_test_message ("%s", text);
      if (strstr (text, "board 11") != NULL && strstr (text, "(withdrawn)") != NULL)
        marked = TRUE;
      if (strstr (text, "board 11 · Withdrawn: ") != NULL &&
          strstr (text, "Reason: the player was at board 12 · Arbiter: Anna Berg") != NULL)
        withdrawal = TRUE;
    }
  g_assert_true (marked);
  g_assert_true (withdrawal);

  t = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  stored = arb_tournament_list_rulings (t, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, 2);
  g_assert_cmpstr (((ArbRulingRecord *) g_ptr_array_index (stored, 0))->kind, ==, "penalty");
  g_assert_cmpint (((ArbRulingRecord *) g_ptr_array_index (stored, 0))->superseded_by, ==,
                   ((ArbRulingRecord *) g_ptr_array_index (stored, 1))->id);

  /* The report prints both, the withdrawn one marked. */
  {
    const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
    g_autofree char *pdf =
      g_build_filename (dir != NULL ? dir : f->dir, "rulings-withdrawn.pdf", NULL);
    g_autofree char *printed = NULL;

    g_assert_true (arb_rulings_log_save_pdf (log, pdf, &printed, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (printed, "WITHDRAWN — superseded by a later record"));
    g_assert_nonnull (strstr (printed, "WITHDRAWAL of an earlier ruling"));
    g_assert_nonnull (strstr (printed, "the player was at board 12"));
    if (dir == NULL)
      g_remove (pdf);
  }
  gtk_window_set_default_size (GTK_WINDOW (log), 900, 500);
  gtk_window_present (GTK_WINDOW (log));
  arb_ui_wait_for (window_mapped, log, "the rulings log");
  iterate (40);
  arb_ui_save_screenshot (GTK_WIDGET (log), "rulings-log-withdrawn");
  arb_ui_close_window (log);
}

/* Board 9 starts from a set-up position at move 58: the printed report
 * named its ruling's ply "move 1"; it names it as the log does. */
static void
test_report_move_from_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbRulingsLog *log = g_object_ref_sink (arb_rulings_log_new (f->tournament, 1));
  g_autofree char *pdf = g_build_filename (f->dir, "board-9.pdf", NULL);
  g_autofree char *printed = NULL;
  g_autofree char *row = NULL;
  const char *board9;

  arb_rulings_log_set_search (log, "Mulder");
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 1);
  row = arb_rulings_log_get_row_text (log, 0);
  g_assert_nonnull (strstr (row, "move 58, Black"));
  g_assert_true (arb_rulings_log_save_pdf (log, pdf, &printed, &error));
  g_assert_no_error (error);
  board9 = strstr (printed, "board 9");
  g_assert_nonnull (board9);
  g_test_message ("%s", board9);
  g_assert_nonnull (strstr (board9, "move 58, Black"));
  g_assert_null (strstr (board9, "move 1, Black"));
  g_remove (pdf);
  arb_ui_close_window (log);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  arb_position_init ();

#define ADD(path, func) \
  g_test_add ("/ui/ruling-keys/" path, Fixture, NULL, arb_ui_demo_setup, func, arb_ui_demo_teardown)
  ADD ("stray-keys", test_stray_keys);
  ADD ("penalty-needs-choice", test_penalty_needs_choice);
  ADD ("grave-asks-again", test_grave_asks_again);
  ADD ("withdraw-from-log", test_withdraw_from_log);
  ADD ("declare-lost-asks-score", test_declare_lost_asks_score);
  ADD ("late-arrival-facts", test_late_arrival_facts);
  ADD ("report-move-from-setup", test_report_move_from_setup);
#undef ADD
  return g_test_run ();
}
