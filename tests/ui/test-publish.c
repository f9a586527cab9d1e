/* test-publish.c: Publish… and Broadcast to lichess… in the running window
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window publishes the demo round on 127.0.0.1 and pushes it to a
 * stand-in for lichess in this process; the tests read what a screen and
 * lichess get, and what the dialogs show. With ARB_SCREENSHOT_DIR set,
 * both dialogs are also rendered to PNG there.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-broadcast-dialog.h"
#include "arb-game.h"
#include "arb-publish-dialog.h"
#include "arb-test-lichess.h"
#include "arb-test-utils.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* The dialogs at the size of the documentation's screenshots. */
static void
screenshot (GtkWidget *window, const char *name)
{
  gtk_widget_set_size_request (window, 560, 1000);
  arb_ui_save_screenshot (window, name);
}

static guint16
free_port (void)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);

  g_assert_no_error (error);
  g_socket_listener_close (listener);
  return port;
}

/* A phone reads the address from the QR code: zbarimg, a reader of its
 * own, decodes it. */
static void
check_qr_code (GdkTexture *qr, const char *url)
{
  g_autofree char *zbarimg = g_find_program_in_path ("zbarimg");
  g_autofree char *png = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status = -1;

  if (zbarimg == NULL)
    {
      g_test_message (
        "zbarimg is not installed (apt-get install zbar-tools): the QR code is not read");
      return;
    }
  png = arb_test_temp_path ("qr.png");
  g_assert_true (gdk_texture_save_to_png (qr, png));
  {
    const char *argv[] = { zbarimg, "--raw", "-q", png, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &out, NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_cmpstr (g_strstrip (out), ==, url);
  g_remove (png);
}

static gboolean
is_serving (gpointer data)
{
  if (arb_publisher_get_error (data) != NULL)
    g_error ("publishing failed: %s", arb_publisher_get_error (data));
  return arb_publisher_is_serving (data);
}

typedef struct
{
  ArbPublishDialog *dialog;
  const char *text;
} ClientsCheck;

static gboolean
clients_shown (gpointer data)
{
  ClientsCheck *check = data;

  return g_strcmp0 (arb_publish_dialog_get_clients_text (check->dialog), check->text) == 0;
}

static char *
http_get (SoupSession *session, const char *url)
{
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", url);
  g_autoptr (GBytes) body = NULL;
  g_autoptr (GError) error = NULL;

  /* Closed after the answer: the count of connections is the stream's. */
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Connection", "close");
  body = soup_session_send_and_read (session, msg, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (soup_message_get_status (msg), ==, 200);
  return g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));
}

/* A first legal move of a game in progress, played in the window; its
 * board and the ply it made. */
static int
play_in_window (ArbWindow *window, guint *ply)
{
  GtkFlowBox *grid = arb_window_get_board_grid (window);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      g_autoptr (GError) error = NULL;
      ArbGame *game;
      ArbMoveList moves;
      guint n;

      if (!ARB_IS_BOARD_CARD (child))
        continue;
      game = arb_board_card_get_game (ARB_BOARD_CARD (child));
      n = arb_game_get_n_plies (game);
      if (arb_game_is_finished (game) || arb_game_is_adjourned (game))
        continue;
      arb_position_legal_moves (arb_game_get_position (game, n), &moves);
      if (moves.n_moves == 0)
        continue;
      g_assert_true (arb_game_play_move (game, moves.moves[0], &error));
      g_assert_no_error (error);
      *ply = n + 1;
      return arb_game_get_board (game);
    }
  g_assert_not_reached ();
}

/* Reads server-sent events until a game event has @needle and @also. */
static void
read_event_with (GDataInputStream *lines, const char *needle, const char *also)
{
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      gsize length = 0;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (lines, &length, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);
      if (g_str_has_prefix (line, "data: ") && strstr (line, needle) != NULL &&
          strstr (line, also) != NULL)
        return;
    }
}

static void
check_publish (ArbWindow *window, gpointer data)
{
  ArbPublisher *publisher = arb_window_get_publisher (window);
  g_autoptr (SoupSession) session = soup_session_new_with_options ("timeout", 30, NULL);
  g_autoptr (SoupMessage) events_msg = NULL;
  g_autoptr (GInputStream) events = NULL;
  g_autoptr (GDataInputStream) lines = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected_url = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *round_url = NULL;
  g_autofree char *events_url = NULL;
  ArbPublishDialog *dialog;
  GdkPaintable *qr;
  ClientsCheck one = { NULL, "1 connection" };
  guint16 port = free_port ();

  g_assert_false (arb_publisher_is_serving (publisher));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.publish", NULL);
  dialog = arb_ui_find_toplevel (ARB_TYPE_PUBLISH_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_null (arb_publish_dialog_get_shown_url (dialog));

  arb_publish_dialog_set_port (dialog, port);
  arb_publish_dialog_set_publishing (dialog, TRUE);
  /* The switch does not wait for the network: the server starts in the
   * worker and the window hears of it on a later turn of its loop. */
  g_assert_false (arb_publisher_is_serving (publisher));
  arb_ui_wait_for (is_serving, publisher, "the publisher to serve");

  expected_url = g_strdup_printf ("http://127.0.0.1:%u/", port);
  g_assert_cmpstr (arb_publisher_get_url (publisher), ==, expected_url);
  g_assert_cmpstr (arb_publish_dialog_get_shown_url (dialog), ==, expected_url);
  qr = arb_publish_dialog_get_qr_code (dialog);
  g_assert_nonnull (qr);
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (qr), >, 100);
  check_qr_code (GDK_TEXTURE (qr), expected_url);

  /* A screen reads the demo round. */
  round_url = g_strconcat (expected_url, "round.pgn", NULL);
  pgn = http_get (session, round_url);
  g_assert_nonnull (strstr (pgn, "[Event \"Arbiter Demo Open\"]"));
  g_assert_nonnull (strstr (pgn, "[Board \"16\"]"));

  /* A screen follows the events: counted as connected. */
  events_url = g_strconcat (expected_url, "events", NULL);
  events_msg = soup_message_new ("GET", events_url);
  events = soup_session_send (session, events_msg, NULL, &error);
  g_assert_no_error (error);
  one.dialog = dialog;
  arb_ui_wait_for (clients_shown, &one, "the screen to show as a client");
  screenshot (GTK_WIDGET (dialog), "publish-dialog");

  /* A move entered in the window reaches the screen: the window's own
   * connection commits it, the feed's notices. */
  {
    guint ply = 0;
    int board = play_in_window (window, &ply);
    g_autofree char *on_board = g_strdup_printf ("\"board\":%d,", board);
    g_autofree char *at_ply = g_strdup_printf ("\"ply\":%u,", ply);

    lines = g_data_input_stream_new (events);
    read_event_with (lines, on_board, at_ply);
    g_test_message ("board %d, ply %u: an event came", board, ply);
  }

  /* Off: nothing listens any more. */
  arb_publish_dialog_set_publishing (dialog, FALSE);
  g_assert_false (arb_publisher_is_serving (publisher));
  g_assert_null (arb_publish_dialog_get_shown_url (dialog));
  {
    g_autoptr (GSocketClient) client = g_socket_client_new ();
    g_autoptr (GSocketConnection) connection = NULL;
    g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);

    connection = g_socket_client_connect_to_host (client, address, 80, NULL, &error);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_publish (void)
{
  arb_ui_run_app (check_publish, NULL);
}

typedef struct
{
  ArbBroadcastDialog *dialog;
  ArbTestLichess *lichess;
} BroadcastCheck;

static gboolean
answers_shown (gpointer data)
{
  BroadcastCheck *check = data;

  /* The answers arrive before the push is over: the status says so only
   * when the publisher has taken them all. */
  return arb_test_lichess_get_n_requests (check->lichess) >= 1 &&
         arb_broadcast_dialog_get_n_answers (check->dialog) > 0 &&
         g_strcmp0 (arb_broadcast_dialog_get_status (check->dialog), "Up to date") == 0;
}

static gboolean
question_shown (gpointer data)
{
  GtkWidget *ask = arb_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return ask != NULL && gtk_widget_get_mapped (ask);
}

static gboolean
rounds_filled (gpointer data)
{
  return g_strcmp0 (arb_broadcast_dialog_get_round_id (data), "round001") == 0;
}

/* "Create Lichess Rounds": the arbiter is asked first, with the names,
 * Cancel the default; then the round is made in the broadcast and its id
 * filled in. */
static void
check_create_rounds (ArbBroadcastDialog *dialog, ArbTestLichess *lichess)
{
  guint before = arb_test_lichess_get_n_requests (lichess);
  AdwMessageDialog *ask;
  const ArbTestLichessRequest *sent;

  arb_broadcast_dialog_set_round_id (dialog, "");
  arb_broadcast_dialog_set_broadcast_id (dialog, "t0urn4m1");
  arb_broadcast_dialog_press_create (dialog);
  arb_ui_wait_for (question_shown, NULL, "the question before creating the rounds");
  ask = ADW_MESSAGE_DIALOG (arb_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_test_message ("%s\n%s", adw_message_dialog_get_heading (ask),
                  adw_message_dialog_get_body (ask));
  g_assert_cmpstr (adw_message_dialog_get_heading (ask), ==, "Create 1 Lichess Round?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ask), "(boards 1–100)"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ask), "t0urn4m1"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ask), ==, "cancel");
  g_assert_cmpuint (arb_test_lichess_get_n_requests (lichess), ==, before);
  arb_ui_save_screenshot (GTK_WIDGET (ask), "broadcast-create-rounds");
  adw_message_dialog_response (ask, "create");
  arb_ui_wait_for (rounds_filled, dialog, "the new round's id in the dialog");
  sent = arb_test_lichess_get_request (lichess, before);
  g_assert_cmpstr (sent->path, ==, "/broadcast/t0urn4m1/new");
  g_assert_cmpstr (sent->authorization, ==, "Bearer lip_uitesttoken");
  g_assert_nonnull (strstr (sent->body, "boards+1%E2%80%93100"));
  screenshot (GTK_WIDGET (dialog), "broadcast-rounds-created");
}

static gboolean
file_contains (const char *path, const char *text)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return FALSE;
  return memmem (contents, length, text, strlen (text)) != NULL;
}

static gboolean
delay_is_five (gpointer data)
{
  return arb_publisher_get_delay (arb_window_get_publisher (data)) == 5;
}

static gboolean
delay_is_none (gpointer data)
{
  return arb_publisher_get_delay (arb_window_get_publisher (data)) == 0;
}

static void
check_broadcast (ArbWindow *window, gpointer data)
{
  g_autoptr (ArbTestLichess) lichess = arb_test_lichess_new ();
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  GSettings *settings = arb_application_get_settings (app);
  const char *path = arb_tournament_get_path (arb_window_get_tournament (window));
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *first = NULL;
  const ArbTestLichessRequest *sent;
  ArbBroadcastDialog *dialog;
  BroadcastCheck check;

  g_assert_nonnull (settings);
  g_settings_set_string (settings, "lichess-server", arb_test_lichess_get_url (lichess));
  /* The publish delay holds lichess back too, though Publish… was never
   * opened: the broadcast and the screens share the feed and its delay. */
  g_settings_set_int (settings, "publish-delay", 5);
  arb_ui_wait_for (delay_is_five, window, "the publish delay to reach the publisher");
  g_settings_reset (settings, "publish-delay");
  arb_ui_wait_for (delay_is_none, window, "no publish delay");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.broadcast", NULL);
  dialog = arb_ui_find_toplevel (ARB_TYPE_BROADCAST_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (arb_broadcast_dialog_get_status (dialog), ==, "Not pushing");

  /* A round id that cannot be one: refused, nothing sent. */
  arb_broadcast_dialog_set_round_id (dialog, "../x");
  arb_broadcast_dialog_set_token (dialog, "lip_uitesttoken");
  arb_broadcast_dialog_set_pushing (dialog, TRUE);
  g_assert_nonnull (arb_broadcast_dialog_get_note (dialog));
  g_assert_cmpint (arb_publisher_get_push_state (arb_window_get_publisher (window)), ==,
                   ARB_LICHESS_PUSH_IDLE);

  arb_broadcast_dialog_set_round_id (dialog, "abcd1234");
  arb_broadcast_dialog_set_pushing (dialog, TRUE);
  check.dialog = dialog;
  check.lichess = lichess;
  arb_ui_wait_for (answers_shown, &check, "the answers of lichess to show, up to date");

  sent = arb_test_lichess_get_request (lichess, 0);
  g_assert_cmpstr (sent->path, ==, "/api/broadcast/round/abcd1234/push");
  g_assert_cmpstr (sent->authorization, ==, "Bearer lip_uitesttoken");
  g_assert_cmpuint (sent->n_games, ==, 16);
  g_assert_cmpuint (arb_broadcast_dialog_get_n_answers (dialog), ==, 16);
  first = arb_broadcast_dialog_get_answer_text (dialog, 0);
  g_test_message ("%s", first);
  g_assert_true (g_str_has_prefix (first, "Board 1 · "));
  g_assert_true (g_str_has_suffix (first, " moves taken"));
  g_assert_cmpstr (arb_broadcast_dialog_get_status (dialog), ==, "Up to date");
  g_test_message ("note: %s", arb_broadcast_dialog_get_note (dialog) != NULL
                                ? arb_broadcast_dialog_get_note (dialog)
                                : "(none)");

  /* The token is in no file of the tournament and no setting. */
  g_assert_false (file_contains (path, "lip_uitesttoken"));
  g_assert_false (file_contains (wal, "lip_uitesttoken"));
  g_assert_cmpstr (g_settings_get_string (settings, "lichess-round-id"), ==, "abcd1234");
  {
    g_autoptr (GSettingsSchema) schema = NULL;
    g_auto (GStrv) keys = NULL;

    g_object_get (settings, "settings-schema", &schema, NULL);
    keys = g_settings_schema_list_keys (schema);
    for (guint i = 0; keys[i] != NULL; i++)
      {
        g_autoptr (GVariant) value = g_settings_get_value (settings, keys[i]);
        g_autofree char *text = g_variant_print (value, FALSE);

        g_assert_null (strstr (text, "lip_uitesttoken"));
      }
  }
  screenshot (GTK_WIDGET (dialog), "broadcast-dialog");

  arb_broadcast_dialog_set_pushing (dialog, FALSE);
  g_assert_cmpint (arb_publisher_get_push_state (arb_window_get_publisher (window)), ==,
                   ARB_LICHESS_PUSH_IDLE);
  g_assert_cmpstr (arb_broadcast_dialog_get_status (dialog), ==, "Not pushing");
  check_create_rounds (dialog, lichess);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "lichess-server");
}

static void
test_broadcast (void)
{
  arb_ui_run_app (check_broadcast, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/publish/feed", test_publish);
  g_test_add_func ("/ui/publish/lichess", test_broadcast);
  return g_test_run ();
}
