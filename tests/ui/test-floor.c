/* test-floor.c: the desk hosts the arbiters' service and shows what the floor sends (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The arbiter turns the service on at the desk: the team dialog's
 * sign-in then gives its real address. A floor arbiter signed in there
 * sends, over HTTP to 127.0.0.1, a call, an incident, a result and a
 * clock reading; the window shows each as it is committed (the call in
 * the queue with a count, the incident as a toast whose Rule… opens the
 * proposed ruling filled in, the result and the reading on their cards)
 * and none of them moves the keyboard. Answering the call records who
 * answered it. Turned off, the service listens no more.
 */

#include "config.h"

#include <adwaita.h>
#include <libsoup/soup.h>
#include <stdlib.h>
#include <string.h>

#include "arb-call-queue.h"
#include "arb-test-http.h"
#include "arb-demo.h"
#include "arb-ruling-dialog.h"
#include "arb-team-certificate.h"
#include "arb-team-dialog.h"
#include "arb-tournament-team.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

#define CALL_2 "{\"id\":\"call-2\",\"round\":1,\"board\":1}"

typedef struct
{
  ArbUiDemoFixture demo;
  char *token;
  char *fingerprint; /* of the certificate the service presents */
  guint port;
  int round;
  int call_board, incident_board, result_board, clock_board;
} Floor;

/* A POST to the window's service over HTTPS, as the floor page sends it,
 * the certificate pinned to @fingerprint as the phone does; the main loop
 * runs meanwhile (the window answers it). Returns the status, 0 when
 * nothing answered. */
static guint
post (guint port, const char *fingerprint, const char *path, const char *token, const char *json)
{
  g_autofree char *uri = g_strdup_printf ("https://127.0.0.1:%u%s", port, path);
  g_autofree char *auth = g_strconcat ("Bearer ", token, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("POST", uri);
  g_autoptr (GBytes) body = g_bytes_new (json, strlen (json));
  g_autoptr (GError) error = NULL;
  guint status;

  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
  soup_message_set_request_body_from_bytes (msg, "application/json", body);
  status = arb_test_http_send (msg, fingerprint, NULL, &error);
  if (error != NULL)
    g_test_message ("POST %s: %s", path, error->message);
  return status;
}

/* The port of "HOST:PORT". */
static guint
address_port (const char *address)
{
  const char *colon = strrchr (address, ':');

  g_assert_nonnull (colon);
  return (guint) atoi (colon + 1);
}

/* The focus is where it was: nothing the floor sends takes the keyboard. */
static void
assert_focus (ArbWindow *window, GtkWidget *focus, const char *after)
{
  GtkWidget *now = gtk_window_get_focus (GTK_WINDOW (window));

  if (now != focus)
    g_error ("%s moved the keyboard from %s to %s", after,
             focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing",
             now != NULL ? G_OBJECT_TYPE_NAME (now) : "nothing");
}

/* Turned on in the window; the team dialog's switch shows it, and the
 * sign-in of an arbiter added there gives the service's address. */
static void
serve_and_sign_in (ArbWindow *window, Floor *f)
{
  ArbTeamDialog *dialog;
  GtkSwitch *toggle;
  const char *address;
  const char *url;
  g_autofree char *prefix = NULL;

  g_assert_null (arb_window_get_team_address (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "floor.serve", NULL);
  address = arb_window_get_team_address (window);
  g_assert_nonnull (address);
  f->port = address_port (address);
  g_assert_cmpuint (f->port, >, 0);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.team", NULL);
  dialog = ARB_TEAM_DIALOG (arb_window_get_team_dialog (window));
  arb_ui_wait_for (arb_ui_is_mapped, dialog, "Arbiters' Team");
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (arb_team_dialog_get_widget (dialog, "serve"))));
  g_assert_nonnull (strstr (
    adw_action_row_get_subtitle (ADW_ACTION_ROW (arb_team_dialog_get_widget (dialog, "service"))),
    address));
  gtk_editable_set_text (GTK_EDITABLE (arb_team_dialog_get_widget (dialog, "name")), "Berg, Eva");
  g_signal_emit_by_name (arb_team_dialog_get_widget (dialog, "add"), "clicked");
  f->token =
    g_strdup (gtk_label_get_text (GTK_LABEL (arb_team_dialog_get_widget (dialog, "token"))));
  g_assert_cmpuint (strlen (f->token), ==, 64);
  url = g_object_get_data (G_OBJECT (arb_team_dialog_get_widget (dialog, "qr")), "url");
  /* HTTPS with the certificate made for the event, its fingerprint in
   * the address for the phone to show on its first visit. */
  f->fingerprint =
    arb_team_certificate_stored_fingerprint (arb_window_get_tournament (window), NULL);
  g_assert_nonnull (f->fingerprint);
  /* The desk shows it too, to compare with the phone's. */
  g_assert_nonnull (strstr (
    adw_action_row_get_subtitle (ADW_ACTION_ROW (arb_team_dialog_get_widget (dialog, "service"))),
    f->fingerprint));
  prefix = g_strdup_printf ("https://%s/floor#token=%s&fp=", address, f->token);
  g_assert_true (g_str_has_prefix (url, prefix));
  g_assert_cmpstr (url + strlen (prefix), ==, f->fingerprint);
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "floor-team-serving");

  /* The dialog's switch turns it off and on; the sign-in shown follows. */
  toggle = GTK_SWITCH (arb_team_dialog_get_widget (dialog, "serve"));
  gtk_switch_set_active (toggle, FALSE);
  g_assert_null (arb_window_get_team_address (window));
  url = g_object_get_data (G_OBJECT (arb_team_dialog_get_widget (dialog, "qr")), "url");
  g_assert_true (g_str_has_prefix (url, "https://ADDRESS:PORT/floor#token="));
  gtk_switch_set_active (toggle, TRUE);
  g_assert_nonnull (arb_window_get_team_address (window));
  f->port = address_port (arb_window_get_team_address (window));
  url = g_object_get_data (G_OBJECT (arb_team_dialog_get_widget (dialog, "qr")), "url");
  g_assert_true (g_str_has_prefix (url, prefix));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Four boards still being played, one for each thing the floor sends. */
static void
choose_boards (ArbWindow *window, Floor *f)
{
  int *boards[] = { &f->call_board, &f->incident_board, &f->result_board, &f->clock_board };
  guint n = 0;

  for (int board = 1; board <= ARB_DEMO_BOARDS && n < G_N_ELEMENTS (boards); board++)
    {
      ArbBoardCard *card = arb_ui_find_card (window, board);

      if (card != NULL && !arb_game_is_finished (arb_board_card_get_game (card)))
        *boards[n++] = board;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (boards));
}

static gboolean
call_shown (gpointer data)
{
  return arb_call_queue_get_n_calls (arb_window_get_call_queue (ARB_WINDOW (data))) == 1;
}

static gboolean
incident_shown (gpointer data)
{
  GtkWidget *w = data;
  GtkLabel *label = arb_ui_find_label (w, "reports an electronic device");

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label)) &&
         arb_ui_find_button (w, "_Rule…") != NULL;
}

static gboolean
incident_gone (gpointer data)
{
  return arb_ui_find_label (GTK_WIDGET (data), "reports an electronic device") == NULL;
}

static gboolean
result_shown (gpointer data)
{
  return arb_game_get_result (arb_board_card_get_game (data)) == ARB_RESULT_WHITE_WINS;
}

static gboolean
reading_shown (gpointer data)
{
  return arb_board_card_get_floor_note (data) != NULL;
}

static ArbRulingDialog *
find_ruling_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_RULING_DIALOG (w))
        return ARB_RULING_DIALOG (w);
    }
  return NULL;
}

static gboolean
ruling_dialog_shown (gpointer data)
{
  ArbRulingDialog *dialog = find_ruling_dialog ();

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static void
send_call (ArbWindow *window, Floor *f, GtkWidget *focus)
{
  g_autofree char *json = g_strdup_printf (
    "{\"id\":\"call-1\",\"round\":%d,\"board\":%d,\"text\":\"a player asks for the arbiter\"}",
    f->round, f->call_board);
  g_autofree char *title = g_strdup_printf ("Board %d · Berg, Eva — called at ", f->call_board);
  g_auto (GStrv) rows = NULL;

  gint64 sent_at = g_get_monotonic_time ();

  g_assert_null (arb_window_get_calls_count (window));
  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/call", f->token, json), ==, 200);
  arb_ui_wait_for (call_shown, window, "the call in the queue");
  /* A figure for the record, not a check: from the phone's request to
   * the queue showing the call. */
  g_test_message ("the call was in the desk's queue %.1f ms after it was sent",
                  (g_get_monotonic_time () - sent_at) / 1000.0);
  assert_focus (window, focus, "a call");
  rows = arb_call_queue_dup_rows (arb_window_get_call_queue (window));
  g_assert_true (g_str_has_prefix (rows[0], title));
  g_assert_true (g_str_has_suffix (rows[0], ", waiting less than a minute — a player asks for "
                                            "the arbiter"));
  g_assert_cmpstr (arb_window_get_calls_count (window), ==, "1");
}

/* The incident's toast; its Rule… opens the proposed ruling, filled in,
 * and leaves the decision to the arbiter: closed, it stored nothing. */
static void
send_incident (ArbWindow *window, Floor *f, GtkWidget *focus)
{
  g_autofree char *json =
    g_strdup_printf ("{\"id\":\"inc-1\",\"round\":%d,\"board\":%d,\"incident\":\"device\","
                     "\"text\":\"phone rang in the bag\"}",
                     f->round, f->incident_board);
  ArbGame *game = arb_board_card_get_game (arb_ui_find_card (window, f->incident_board));
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) after = NULL;
  g_autoptr (GError) error = NULL;
  ArbRulingDialog *dialog;
  GtkLabel *note;
  const ArbRuling *ruling;

  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/incident", f->token, json), ==, 200);
  arb_ui_wait_for (incident_shown, window, "the incident's toast");
  assert_focus (window, focus, "an incident");
  g_assert_null (find_ruling_dialog ());
  arb_ui_save_screenshot (GTK_WIDGET (window), "floor-incident-alert");

  before = arb_tournament_list_rulings (f->demo.tournament, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  g_signal_emit_by_name (arb_ui_find_button (GTK_WIDGET (window), "_Rule…"), "clicked");
  arb_ui_wait_for (ruling_dialog_shown, NULL, "the ruling");
  dialog = find_ruling_dialog ();
  g_assert_true (arb_ruling_dialog_get_game (dialog) == game);
  g_assert_cmpint (arb_ruling_dialog_get_flow (dialog), ==, ARB_RULING_FLOW_PENALTY);
  ruling = arb_ruling_dialog_get_ruling (dialog);
  g_assert_nonnull (ruling);
  g_assert_cmpint (ruling->kind, ==, ARB_RULING_DEVICE);
  note = arb_ui_find_label (GTK_WIDGET (dialog), "Electronic device");
  g_assert_nonnull (note);
  g_assert_nonnull (arb_ui_find_editable_text (GTK_WIDGET (dialog),
                                               "Reported from the floor by Berg, Eva: phone "
                                               "rang in the bag"));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "floor-incident-rule");
  {
    /* The note, further down. */
    GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (note), GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
    arb_ui_save_screenshot (GTK_WIDGET (dialog), "floor-incident-rule-note");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  after = arb_tournament_list_rulings (f->demo.tournament, arb_game_get_id (game), &error);
  g_assert_cmpuint (after->len, ==, before->len);
}

static void
send_result_and_reading (ArbWindow *window, Floor *f, GtkWidget *focus)
{
  g_autofree char *result =
    g_strdup_printf ("{\"id\":\"res-1\",\"round\":%d,\"board\":%d,\"text\":\"%d 1-0\"}", f->round,
                     f->result_board, f->result_board);
  g_autofree char *reading =
    g_strdup_printf ("{\"id\":\"clk-1\",\"round\":%d,\"board\":%d,\"white_ms\":3723000,"
                     "\"black_ms\":2710000}",
                     f->round, f->clock_board);
  ArbBoardCard *card = arb_ui_find_card (window, f->result_board);
  ArbBoardCard *clock_card = arb_ui_find_card (window, f->clock_board);
  g_autofree char *white = g_strdup (arb_board_card_get_clock_text (clock_card, ARB_WHITE));
  const char *note;

  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/result", f->token, result), ==, 200);
  arb_ui_wait_for (result_shown, card, "the result on its card");
  assert_focus (window, focus, "a result");

  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/clock", f->token, reading), ==, 200);
  arb_ui_wait_for (reading_shown, clock_card, "the clock reading on its card");
  assert_focus (window, focus, "a clock reading");
  note = arb_board_card_get_floor_note (clock_card);
  g_assert_true (g_str_has_prefix (note, "Clock read on the floor at "));
  g_assert_true (g_str_has_suffix (note, ": White 1:02:03, Black 45:10"));
  /* Beside the tracked times, which it replaces not. */
  g_assert_cmpstr (arb_board_card_get_clock_text (clock_card, ARB_WHITE), ==, white);
}

/* The call answered by the default, the chief arbiter: recorded with the
 * name, and gone from the queue. */
static void
answer_call (ArbWindow *window, Floor *f)
{
  ArbCallQueue *queue = arb_window_get_call_queue (window);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFloorRecord) call =
    arb_tournament_get_floor_entry (f->demo.tournament, "call-1", &error);
  g_autoptr (ArbFloorRecord) answered = NULL;
  GtkDropDown *by;

  g_assert_nonnull (call);
  g_assert_null (call->answered_by);
  by = arb_call_queue_get_answerer (queue, call->id);
  g_assert_cmpuint (gtk_drop_down_get_selected (by), ==, 0);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (by)), 0),
                   ==, "Demo Arbiter");
  g_signal_emit_by_name (arb_call_queue_get_answer_button (queue, call->id), "clicked");
  answered = arb_tournament_get_floor_entry (f->demo.tournament, "call-1", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (answered->answered_by, ==, "Demo Arbiter");
  g_assert_nonnull (answered->answered_at);
  g_assert_cmpuint (arb_call_queue_get_n_calls (queue), ==, 0);
  g_assert_null (arb_window_get_calls_count (window));
}

/* The round scrolled to @card for a screenshot, and back. */
static void
screenshot_card (ArbBoardCard *card, const char *name)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (card), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_point_t at;

  g_assert_true (
    gtk_widget_compute_point (GTK_WIDGET (card), scroller, &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (v, gtk_adjustment_get_value (v) + at.y - 12);
  arb_ui_save_screenshot (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (card))), name);
  gtk_adjustment_set_value (v, 0);
}

static void
check_floor (ArbWindow *window, gpointer data)
{
  Floor *f = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *other = arb_ui_new_event_file ("Other Open");
  GtkWidget *focus;

  g_assert_true (arb_window_open_file (window, f->demo.path, FALSE, &error));
  g_assert_no_error (error);
  serve_and_sign_in (window, f);
  f->round = arb_window_get_last_round (window);
  choose_boards (window, f);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_nonnull (focus);

  send_call (window, f, focus);
  send_incident (window, f, focus);
  send_result_and_reading (window, f, focus);
  arb_ui_save_screenshot (GTK_WIDGET (window), "floor-call-queue");
  screenshot_card (arb_ui_find_card (window, f->clock_board), "floor-clock-reading");
  answer_call (window, f);

  /* Off: nothing listens any more. */
  gtk_widget_activate_action (GTK_WIDGET (window), "floor.serve", NULL);
  g_assert_null (arb_window_get_team_address (window));
  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/call", f->token, CALL_2), ==, 0);

  /* On again, then another event opened: it stops with the event. */
  gtk_widget_activate_action (GTK_WIDGET (window), "floor.serve", NULL);
  g_assert_nonnull (arb_window_get_team_address (window));
  f->port = address_port (arb_window_get_team_address (window));
  g_assert_true (arb_window_open_file (window, other, FALSE, &error));
  g_assert_no_error (error);
  g_assert_null (arb_window_get_team_address (window));
  /* The incident's toast named an entry of the event that went. */
  arb_ui_wait_for (incident_gone, window, "the incident's toast to go");
  g_assert_cmpuint (post (f->port, f->fingerprint, "/api/call", f->token, CALL_2), ==, 0);

  /* On for the other event; the window closes with it running. */
  gtk_widget_activate_action (GTK_WIDGET (window), "floor.serve", NULL);
  g_assert_nonnull (arb_window_get_team_address (window));
  f->port = address_port (arb_window_get_team_address (window));
}

static void
test_floor (void)
{
  Floor f = { { 0 } };

  arb_ui_demo_setup (&f.demo, NULL);
  arb_ui_run_app (check_floor, &f);
  /* The window closed: its service with it. */
  g_assert_cmpuint (post (f.port, f.fingerprint, "/api/call", f.token, CALL_2), ==, 0);
  arb_ui_demo_teardown (&f.demo, NULL);
  g_free (f.token);
  g_free (f.fingerprint);
}

static ArbFloorRecord *
stored_call (gint64 id, int board, GTimeSpan ago)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr (GDateTime) then = g_date_time_add (now, -ago);
  ArbFloorRecord *r = g_new0 (ArbFloorRecord, 1);

  r->id = id;
  r->client_id = g_strdup_printf ("c-%" G_GINT64_FORMAT, id);
  r->arbiter = g_strdup ("Dahl, Ole");
  r->kind = ARB_FLOOR_CALL;
  r->round = 1;
  r->board = board;
  r->body = g_strdup ("{}");
  r->recorded_at = g_date_time_format_iso8601 (then);
  return r;
}

/* The wait is worked out from the stored time, not counted: a call made
 * an hour and a quarter ago says so the moment it is shown. A row of a
 * call still open is the same widget when the list comes again, and an
 * answered one hands the keyboard to the next. */
static void
test_queue_waits (void)
{
  g_autoptr (GPtrArray) calls =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_floor_record_free);
  const char *names[] = { "Chief, Ann", "Deputy, Bo", NULL };
  GtkWidget *window = gtk_window_new ();
  ArbCallQueue *queue = ARB_CALL_QUEUE (arb_call_queue_new ());
  g_auto (GStrv) rows = NULL;
  GtkWidget *first;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (queue));
  g_ptr_array_add (calls, stored_call (4, 12, 75 * G_TIME_SPAN_MINUTE + 10 * G_TIME_SPAN_SECOND));
  g_ptr_array_add (calls, stored_call (9, 3, 3 * G_TIME_SPAN_MINUTE + 5 * G_TIME_SPAN_SECOND));
  arb_call_queue_set_calls (queue, calls, names);
  rows = arb_call_queue_dup_rows (queue);
  g_assert_cmpuint (g_strv_length (rows), ==, 2);
  g_assert_true (g_str_has_prefix (rows[0], "Board 12 · Dahl, Ole — called at "));
  g_assert_true (g_str_has_suffix (rows[0], ", waiting 1 h 15 min"));
  g_assert_true (g_str_has_suffix (rows[1], ", waiting 3 minutes"));
  g_assert_cmpstr (
    gtk_string_list_get_string (
      GTK_STRING_LIST (gtk_drop_down_get_model (arb_call_queue_get_answerer (queue, 9))), 0),
    ==, "Chief, Ann");

  first = arb_call_queue_get_answer_button (queue, 4);
  gtk_window_present (GTK_WINDOW (window));
  arb_ui_wait_for (arb_ui_is_mapped, queue, "the queue");
  gtk_widget_grab_focus (first);
  g_ptr_array_add (calls, stored_call (11, 5, 0));
  arb_call_queue_set_calls (queue, calls, names);
  g_assert_true (arb_call_queue_get_answer_button (queue, 4) == first);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);
  g_assert_cmpuint (arb_call_queue_get_n_calls (queue), ==, 3);

  g_ptr_array_remove_index (calls, 0);
  arb_call_queue_set_calls (queue, calls, names);
  g_assert_null (arb_call_queue_get_answer_button (queue, 4));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) ==
                 arb_call_queue_get_answer_button (queue, 9));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/floor/serve-call-incident-result-clock", test_floor);
  g_test_add_func ("/ui/floor/call-queue-waits", test_queue_waits);
  return g_test_run ();
}
