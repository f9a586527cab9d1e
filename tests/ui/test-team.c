/* test-team.c: the arbiters' team in the window (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In Arbiters' Team… the chief arbiter adds a floor arbiter: the sign-in
 * shows a QR code of the floor page's address with the token, and the
 * token as text, this once; the listing afterwards names the arbiter and
 * not the token. Revoking asks first, the safe answer the default, and
 * records the reason given.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-team-certificate.h"
#include "arb-team-dialog.h"
#include "arb-tournament-team.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

static GtkWidget *
widget (ArbTeamDialog *dialog, const char *name)
{
  GtkWidget *w = arb_team_dialog_get_widget (dialog, name);

  if (w == NULL)
    g_error ("the dialog has no %s", name);
  return w;
}

static void
add_arbiter (ArbTeamDialog *dialog, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) other = NULL;
  g_autoptr (ArbTeamArbiter) found = NULL;
  g_auto (GStrv) rows = NULL;
  GtkPicture *qr = GTK_PICTURE (widget (dialog, "qr"));
  g_autofree char *token = NULL;
  const char *url;

  g_assert_false (gtk_widget_get_visible (widget (dialog, "sign-in")));
  gtk_editable_set_text (GTK_EDITABLE (widget (dialog, "name")), "Berg, Eva");
  adw_combo_row_set_selected (ADW_COMBO_ROW (widget (dialog, "role")), 0);
  gtk_editable_set_text (GTK_EDITABLE (widget (dialog, "sectors")), "1-20");
  g_signal_emit_by_name (widget (dialog, "add"), "clicked");
  g_assert_cmpstr (arb_team_dialog_get_feedback (dialog), ==, "Berg, Eva added to the team");

  /* The sign-in, once: the token as text and in the QR code's address. */
  g_assert_true (gtk_widget_get_visible (widget (dialog, "sign-in")));
  /* A copy: the label's own text is freed when the next add sets it. */
  token = g_strdup (gtk_label_get_text (GTK_LABEL (widget (dialog, "token"))));
  g_assert_cmpuint (strlen (token), ==, 64);
  g_assert_nonnull (gtk_picture_get_paintable (qr));
  url = g_object_get_data (G_OBJECT (qr), "url");
  g_assert_true (g_str_has_prefix (url, "http://ADDRESS:PORT/floor#token="));
  g_assert_cmpstr (url + strlen ("http://ADDRESS:PORT/floor#token="), ==, token);
  g_assert_nonnull (
    strstr (gtk_label_get_text (GTK_LABEL (widget (dialog, "address"))), "not running"));
  g_assert_nonnull (
    strstr (gtk_label_get_text (GTK_LABEL (widget (dialog, "warning"))), "Shown only now"));

  /* The token signs in, as the floor service would check it. */
  other = arb_tournament_open (path, 0, &error);
  g_assert_no_error (error);
  found = arb_tournament_find_arbiter_by_token (other, token, &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpstr (found->name, ==, "Berg, Eva");
  g_assert_cmpstr (found->sectors, ==, "1-20");

  rows = arb_team_dialog_dup_rows (dialog);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  g_assert_cmpstr (rows[0], ==, "Berg, Eva: Floor arbiter, boards 1-20");
  g_assert_null (strstr (rows[0], token));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "team-sign-in");

  /* The next add hides that token: it is never shown again. */
  gtk_editable_set_text (GTK_EDITABLE (widget (dialog, "name")), "Dahl, Ole");
  adw_combo_row_set_selected (ADW_COMBO_ROW (widget (dialog, "role")), 1);
  g_signal_emit_by_name (widget (dialog, "add"), "clicked");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (widget (dialog, "token"))), !=, token);
}

static void
revoke_arbiter (ArbTeamDialog *dialog, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) other = NULL;
  g_autoptr (GPtrArray) team = NULL;
  g_auto (GStrv) rows = NULL;
  GtkWindow *question;

  arb_team_dialog_ask_revoke (dialog, "Berg, Eva");
  question = arb_team_dialog_get_revoke_question (dialog);
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (question)), ==,
                   "cancel");
  arb_ui_wait_for (arb_ui_is_mapped, question, "the revoke question");
  gtk_editable_set_text (arb_team_dialog_get_revoke_reason (dialog), "phone lost");
  arb_ui_save_screenshot (GTK_WIDGET (question), "team-revoke-question");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "revoke");
  g_assert_cmpstr (arb_team_dialog_get_feedback (dialog), ==, "Berg, Eva's sign-in revoked");

  other = arb_tournament_open (path, 0, &error);
  g_assert_no_error (error);
  team = arb_tournament_list_team (other, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < team->len; i++)
    {
      ArbTeamArbiter *a = g_ptr_array_index (team, i);

      if (g_strcmp0 (a->name, "Berg, Eva") == 0)
        {
          g_assert_nonnull (a->revoked_at);
          g_assert_cmpstr (a->revoke_reason, ==, "phone lost");
        }
      else
        g_assert_null (a->revoked_at);
    }
  rows = arb_team_dialog_dup_rows (dialog);
  g_assert_cmpuint (g_strv_length (rows), ==, 2);
  g_assert_cmpstr (rows[0], ==, "Berg, Eva: Floor arbiter, boards 1-20 — revoked: phone lost");
  g_assert_cmpstr (rows[1], ==, "Dahl, Ole: Deputy, every board");
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "team-dialog");
}

/* With a certificate in the file, the sign-in's address is HTTPS and
 * carries its fingerprint for the phone to show (#token=…&fp=…). */
static void
sign_in_with_certificate (ArbTeamDialog *dialog, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) other = arb_tournament_open (path, 0, &error);
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autofree char *fp = NULL;
  g_autofree char *tail = NULL;
  const char *url;

  g_assert_no_error (error);
  certificate = arb_team_certificate_for_event (other, "127.0.0.1", &error);
  g_assert_no_error (error);
  fp = arb_team_certificate_fingerprint (certificate);
  gtk_editable_set_text (GTK_EDITABLE (widget (dialog, "name")), "Holm, Sara");
  adw_combo_row_set_selected (ADW_COMBO_ROW (widget (dialog, "role")), 0);
  g_signal_emit_by_name (widget (dialog, "add"), "clicked");
  url = g_object_get_data (G_OBJECT (widget (dialog, "qr")), "url");
  g_assert_true (g_str_has_prefix (url, "https://ADDRESS:PORT/floor#token="));
  tail = g_strconcat (gtk_label_get_text (GTK_LABEL (widget (dialog, "token"))), "&fp=", fp, NULL);
  g_assert_cmpstr (url + strlen ("https://ADDRESS:PORT/floor#token="), ==, tail);
}

static void
check_team (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_ui_new_event_file ("Team Open");
  ArbTeamDialog *dialog;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.team", NULL);
  dialog = ARB_TEAM_DIALOG (arb_window_get_team_dialog (window));
  g_assert_nonnull (dialog);
  arb_ui_wait_for (arb_ui_is_mapped, dialog, "Arbiters' Team");
  add_arbiter (dialog, path);
  revoke_arbiter (dialog, path);
  sign_in_with_certificate (dialog, path);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_null (arb_window_get_team_dialog (window));
}

static void
test_team (void)
{
  arb_ui_run_app (check_team, NULL);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/team/add-and-revoke", test_team);
  return g_test_run ();
}
