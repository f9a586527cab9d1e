/* test-deputy.c: a deputy's replica in the window (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A replica made as a deputy makes it (a snapshot of the desk's file
 * written as a replica) opens with a banner that says so and its epoch,
 * and refuses a result; Take Over… asks for a name and a reason with
 * Cancel the default, and once answered the epoch is up, the banner gone
 * and a result is stored. A former desk (a reader) says why. Signed in
 * to the chief's desk, the deputy's window sends a result there: the
 * results bar says it is on its way, the chief's file has it, it comes
 * back through the replica's stream; a replacement without a reason is
 * refused by the chief, and the bar says why.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-game.h"
#include "arb-replica-client.h"
#include "arb-replica-server.h"
#include "arb-ruling-actions.h"
#include "arb-team-server.h"
#include "arb-test-utils.h"
#include "arb-tournament-replica.h"
#include "arb-tournament-team.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

static char *
make_replica (gint64 *game_id)
{
  g_autoptr (GError) error = NULL;
  /* Removed with their directory when the test program exits. */
  g_autofree char *desk_path = arb_test_temp_path ("desk.arbiter");
  g_autofree char *dir = g_path_get_dirname (desk_path);
  char *path;
  ArbEventInfo info = { .name = (char *) "Deputy Open",
                        .edition = 2023,
                        .time_control = (char *) "5400+30",
                        .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GBytes) image = NULL;
  gint64 seq, epoch, a, b;

  path = g_build_filename (dir, "replica.arbiter", NULL);
  t = arb_tournament_create (desk_path, &info, &error);
  g_assert_no_error (error);
  a = arb_test_add_player (t, 1, "Jansen, Pieter");
  b = arb_test_add_player (t, 2, "Öberg, Nils");
  *game_id = arb_test_add_game (t, 1, 1, a, b, ARB_RESULT_ONGOING);
  image = arb_tournament_snapshot (desk_path, &seq, &epoch, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_write_replica (path, image, &error));
  g_assert_no_error (error);
  return path;
}

/* What `arbiter-cli follow-desk` does in another process: the desk's
 * changes after the replica's head applied on a connection of its own. */
static void
desk_sets_result (const char *path, gint64 id, ArbResult result)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *desk_path = g_build_filename (dir, "desk.arbiter", NULL);
  g_autoptr (ArbTournament) desk =
    arb_tournament_open (desk_path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_autoptr (ArbTournament) replica = NULL;
  g_autoptr (GPtrArray) changes = NULL;

  g_assert_no_error (error);
  g_assert_true (arb_tournament_set_result (desk, id, result, NULL, &error));
  g_assert_no_error (error);
  replica = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  changes =
    arb_tournament_read_changesets (desk, arb_tournament_get_head_seq (replica), 1000, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changes->len, >, 0);
  for (guint i = 0; i < changes->len; i++)
    {
      g_assert_true (arb_tournament_apply_changeset (replica, changes->pdata[i], &error));
      g_assert_no_error (error);
    }
}

typedef struct
{
  ArbWindow *window;
  ArbResult result;
} Shown;

static gboolean
result_shown (gpointer data)
{
  Shown *s = data;
  GPtrArray *games = arb_window_get_games (s->window);

  return games != NULL && games->len > 0 &&
         arb_game_get_result (g_ptr_array_index (games, 0)) == s->result;
}

static ArbTournament *
open_reading (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbTournament *t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);

  g_assert_no_error (error);
  return t;
}

static AdwMessageDialog *
find_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)) &&
          g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), "Take Over"))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static AdwMessageDialog *
find_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)) &&
          g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), heading))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
sign_in_asked (gpointer data)
{
  return find_dialog ("Write Through") != NULL;
}

static gboolean
asked (gpointer data)
{
  return find_question () != NULL;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static ArbResult
stored (const char *path, gint64 id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = open_reading (path);
  g_autoptr (ArbGameInfo) game = arb_tournament_get_game (t, id, &error);

  g_assert_no_error (error);
  return game->result;
}

static void
check_deputy (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = 0;
  g_autofree char *path = make_replica (&id);
  AdwMessageDialog *question;
  GtkWidget *box;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_window_offers_take_over (window));
  g_assert_nonnull (strstr (arb_window_get_desk_banner_text (window), "deputy's replica"));
  g_assert_nonnull (strstr (arb_window_get_desk_banner_text (window), "epoch 1"));

  /* The desk's result, applied by another connection, shows here. */
  desk_sets_result (path, id, ARB_RESULT_DRAW);
  {
    Shown shown = { window, ARB_RESULT_DRAW };

    arb_ui_wait_for (result_shown, &shown, "the desk's draw on board 1");
  }
  g_assert_nonnull (strstr (arb_window_get_desk_banner_text (window), "deputy's replica"));
  arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-replica");

  /* A result refused, as at a reading desk. */
  gtk_editable_set_text (GTK_EDITABLE (arb_window_get_results_entry (window)), "1 1");
  g_signal_emit_by_name (arb_window_get_results_entry (window), "activate");
  g_assert_cmpint (stored (path, id), ==, ARB_RESULT_DRAW);
  g_assert_nonnull (strstr (arb_window_get_results_feedback (window), "deputy's replica"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-over-desk", NULL);
  arb_ui_wait_for (asked, NULL, "the take-over question");
  question = find_question ();
  g_assert_cmpstr (adw_message_dialog_get_default_response (question), ==, "cancel");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (question, "take-over"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  box = adw_message_dialog_get_extra_child (question);
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_first_child (box)), "Karin Berg");
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_last_child (box)), "");
  g_assert_false (adw_message_dialog_get_response_enabled (question, "take-over"));
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_last_child (box)), "the desk's laptop died");
  g_assert_true (adw_message_dialog_get_response_enabled (question, "take-over"));
  arb_ui_wait_for (is_mapped, question, "the question shown");
  arb_ui_save_screenshot (GTK_WIDGET (question), "deputy-take-over-question");
  adw_message_dialog_response (question, "take-over");
  gtk_window_destroy (GTK_WINDOW (question));

  {
    g_autoptr (ArbTournament) t = open_reading (path);

    g_assert_cmpint (arb_tournament_get_epoch (t), ==, 2);
    g_assert_cmpint (arb_tournament_get_role (t), ==, ARB_DESK_ROLE_DESK);
  }
  g_assert_false (arb_window_offers_take_over (window));
  g_assert_null (arb_window_get_desk_banner_text (window));
  gtk_editable_set_text (GTK_EDITABLE (arb_window_get_results_entry (window)), "1 1");
  g_signal_emit_by_name (arb_window_get_results_entry (window), "activate");
  /* The draw the desk stored is replaced only after the question. */
  g_assert_nonnull (arb_window_get_replace_question (window));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (arb_window_get_replace_question (window)),
                               "replace");
  if (stored (path, id) != ARB_RESULT_WHITE_WINS)
    g_error ("no result stored; the desk says “%s”", arb_window_get_results_feedback (window));

  /* The former desk, as a reader, says why. */
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);

    g_assert_no_error (error);
    g_assert_true (arb_tournament_demote (t, 5, "deputy at the stage", &error));
    g_assert_no_error (error);
  }
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (arb_window_get_desk_banner_text (window), "deputy at the stage"));
  arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-former-desk");
  g_assert_false (arb_window_offers_take_over (window));
}

static void
test_deputy (void)
{
  arb_ui_run_app (check_deputy, NULL);
}

typedef struct
{
  ArbTournament *chief;
  ArbReplicaClient *follower;
  gint64 game;
  gint64 second;
  const char *words;
} Chief;

static gboolean
chief_has_irregularity (gpointer data)
{
  Chief *c = data;
  g_autoptr (GPtrArray) found = arb_tournament_list_irregularities (c->chief, c->second, NULL);

  return found != NULL && found->len == 1;
}

static gboolean
follower_caught_up (gpointer data)
{
  Chief *c = data;

  return arb_replica_client_get_replica (c->follower) != NULL &&
         arb_replica_client_get_applied_seq (c->follower) == arb_tournament_get_head_seq (c->chief);
}

static gboolean
chief_has_white_win (gpointer data)
{
  Chief *c = data;
  g_autoptr (ArbGameInfo) info = arb_tournament_get_game (c->chief, c->game, NULL);

  return info != NULL && info->result == ARB_RESULT_WHITE_WINS;
}

static gboolean
feedback_says (gpointer data)
{
  Chief *c = data;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_WINDOW (w) &&
          strstr (arb_window_get_results_feedback (ARB_WINDOW (w)), c->words) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
check_through_chief (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *chief_path = arb_test_temp_path ("chief.arbiter");
  g_autofree char *dir = g_path_get_dirname (chief_path);
  g_autofree char *replica_path = g_build_filename (dir, "replica.arbiter", NULL);
  g_autofree char *token = NULL;
  g_autofree char *team_url = NULL;
  g_autofree char *replica_url = NULL;
  g_autoptr (ArbTeamServer) team = NULL;
  g_autoptr (ArbReplicaServer) replicas = NULL;
  ArbEventInfo info = { .name = (char *) "Deputy Open",
                        .edition = 2023,
                        .time_control = (char *) "5400+30",
                        .settings = (char *) "{}" };
  Chief c = { 0 };
  guint replica_port = 0;
  GtkWidget *entry = arb_window_get_results_entry (window);

  c.chief = arb_tournament_create (chief_path, &info, &error);
  g_assert_no_error (error);
  c.game = arb_test_add_game (c.chief, 1, 1, arb_test_add_player (c.chief, 1, "Jansen, Pieter"),
                              arb_test_add_player (c.chief, 2, "Öberg, Nils"), ARB_RESULT_ONGOING);
  c.second = arb_test_add_game (c.chief, 1, 2, arb_test_add_player (c.chief, 3, "Ek, Sara"),
                                arb_test_add_player (c.chief, 4, "Lind, Maj"), ARB_RESULT_ONGOING);
  g_assert_true (
    arb_tournament_add_arbiter (c.chief, "Dora Deputy", ARB_TEAM_ROLE_DEPUTY, "", &token, &error));
  g_assert_no_error (error);
  team = arb_team_server_new (c.chief);
  g_assert_true (arb_team_server_listen_local (team, 0, &error));
  g_assert_no_error (error);
  team_url = g_strdup_printf ("http://127.0.0.1:%u", arb_team_server_get_port (team));
  replicas = arb_replica_server_new (c.chief, arb_test_authorize_deputy, g_object_ref (c.chief),
                                     g_object_unref);
  g_assert_true (arb_replica_server_listen (replicas, 0, TRUE, &replica_port, &error));
  g_assert_no_error (error);
  replica_url = g_strdup_printf ("http://127.0.0.1:%u", replica_port);
  c.follower = arb_replica_client_new (replica_url, token, replica_path);
  arb_replica_client_start (c.follower);
  arb_ui_wait_for (follower_caught_up, &c, "the deputy's replica");

  g_assert_true (arb_window_open_file (window, replica_path, FALSE, &error));
  g_assert_no_error (error);
  /* The deputy signs in on the banner: the chief's address and token. */
  g_assert_true (arb_window_offers_chief_sign_in (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sign-in-chief", NULL);
  arb_ui_wait_for (sign_in_asked, NULL, "the sign-in to the chief's desk");
  {
    AdwMessageDialog *sign_in = find_dialog ("Write Through");
    GtkWidget *box = adw_message_dialog_get_extra_child (sign_in);

    g_assert_false (adw_message_dialog_get_response_enabled (sign_in, "sign-in"));
    gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_first_child (box)), team_url);
    gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_last_child (box)), token);
    g_assert_true (adw_message_dialog_get_response_enabled (sign_in, "sign-in"));
    arb_ui_wait_for (is_mapped, sign_in, "the sign-in shown");
    arb_ui_save_screenshot (GTK_WIDGET (sign_in), "deputy-sign-in-to-chief");
    adw_message_dialog_response (sign_in, "sign-in");
    gtk_window_destroy (GTK_WINDOW (sign_in));
  }
  g_assert_false (arb_window_offers_chief_sign_in (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.results", NULL);
  g_assert_nonnull (strstr (arb_window_get_desk_banner_text (window), "sent to the chief's desk"));

  /* The result goes to the chief, not into the replica. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "1 1");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (strstr (arb_window_get_results_feedback (window), "sending 1–0"));
  arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-sending");
  arb_ui_wait_for (chief_has_white_win, &c, "the result in the chief's file");
  c.words = "recorded by the chief's desk";
  arb_ui_wait_for (feedback_says, &c, "the chief's answer");
  {
    Shown shown = { window, ARB_RESULT_WHITE_WINS };

    arb_ui_wait_for (result_shown, &shown, "the result back through the replica");
  }
  c.words = "Board 1: 1–0, recorded by the chief's desk";
  arb_ui_wait_for (feedback_says, &c, "the result back in the replica");
  arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-recorded-by-chief");
  g_assert_cmpint (arb_tournament_get_role (arb_window_get_tournament (window)), ==,
                   ARB_DESK_ROLE_REPLICA);

  /* Another result over it, asked first, then refused by the chief
   * without a reason. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "1 0");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (arb_window_get_replace_question (window));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (arb_window_get_replace_question (window)),
                               "replace");
  c.words = "the chief's desk refused it";
  arb_ui_wait_for (feedback_says, &c, "the chief's refusal");
  g_assert_nonnull (strstr (arb_window_get_results_feedback (window), "reason"));
  g_assert_true (chief_has_white_win (&c));
  arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-refused-by-chief");

  /* A ruling made in the deputy's dialog is applied on the chief. */
  {
    ArbGame *second = g_ptr_array_index (arb_window_get_games (window), 1);
    ArbRulingDialog *dialog =
      arb_ruling_actions_open (GTK_WIDGET (window), second, ARB_RULING_FLOW_ILLEGAL_MOVE);

    g_assert_true (arb_ruling_dialog_set_fact (dialog, "move", "e2e5"));
    arb_ruling_dialog_settle (dialog);
    g_assert_true (arb_ruling_dialog_can_confirm (dialog));
    g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), ==, -1);
    g_assert_no_error (error);
    gtk_window_destroy (GTK_WINDOW (dialog));
    g_assert_nonnull (
      strstr (arb_window_get_results_feedback (window), "sending the ruling to the chief"));
    arb_ui_wait_for (chief_has_irregularity, &c, "the ruling's irregularity on the chief");
    c.words = "the chief's desk applied the ruling";
    arb_ui_wait_for (feedback_says, &c, "the chief's answer to the ruling");
    arb_ui_save_screenshot (GTK_WIDGET (window), "deputy-ruling-applied-by-chief");
    g_assert_cmpint (arb_tournament_get_role (arb_window_get_tournament (window)), ==,
                     ARB_DESK_ROLE_REPLICA);
  }

  g_assert_true (arb_window_set_chief_desk (window, NULL, NULL, &error));
  g_clear_object (&c.follower);
  g_clear_object (&c.chief);
}

static void
test_through_chief (void)
{
  arb_ui_run_app (check_through_chief, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/ui/deputy/replica-banner-and-take-over", test_deputy);
  g_test_add_func ("/ui/deputy/result-through-the-chief", test_through_chief);
  return g_test_run ();
}
