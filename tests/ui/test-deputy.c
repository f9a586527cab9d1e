/* test-deputy.c: a deputy's replica in the window (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A replica made as a deputy makes it (a snapshot of the desk's file
 * written as a replica) opens with a banner that says so and its epoch,
 * and refuses a result; Take Over… asks for a name and a reason with
 * Cancel the default, and once answered the epoch is up, the banner gone
 * and a result is stored. A former desk (a reader) says why.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-game.h"
#include "arb-test-utils.h"
#include "arb-tournament-replica.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

static char *
make_replica (gint64 *game_id)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-deputy-XXXXXX", &error);
  g_autofree char *desk_path = NULL;
  char *path;
  ArbEventInfo info = { .name = (char *) "Deputy Open",
                        .edition = 2023,
                        .time_control = (char *) "5400+30",
                        .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GBytes) image = NULL;
  gint64 seq, epoch, a, b;

  g_assert_no_error (error);
  desk_path = g_build_filename (dir, "desk.arbiter", NULL);
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

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/ui/deputy/replica-banner-and-take-over", test_deputy);
  return g_test_run ();
}
