/* test-team-witness.c: a floor entry answered once a deputy holds it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The arbiters' service and the replica stream on 127.0.0.1, wired as
 * serve-team --replica-port wires them, and a deputy played by the test
 * over a real WebSocket, so that it acknowledges when the test says. With
 * no deputy the answer says so at once; with one, the answer comes only
 * after its acknowledgement of the entry's change and says the entry is on
 * a deputy too; a deputy that never acknowledges gets the answer "on the
 * desk only" after the bounded wait; a deputy that leaves while an answer
 * waits lets it go as "no deputy"; with two deputies, the answer waits
 * for both. No assertion is on time.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-position.h"
#include "arb-replica-wire.h"
#include "arb-team-witness.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

static const char *const deputies[] = { "dep-token=Deputy, Dora", NULL };

typedef struct
{
  SoupSession *session;
  SoupMessage *msg;
  GBytes *body;
  GError *error;
  gboolean done;
  guint order; /* when it came, counted in events */
} Reply;

typedef struct
{
  SoupWebsocketConnection *ws;
  GError *error;
  gint64 last_seq; /* the last changeset received */
  guint acked_order;
  gboolean closed;
} Deputy;

static guint events;

static void
on_reply (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reply *r = user_data;

  r->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &r->error);
  r->done = TRUE;
  r->order = ++events;
}

/* Starts one POST; the test spins until r->done. */
static void
post (Reply *r, guint port, const char *path, const char *token, const char *json)
{
  g_autofree char *uri = g_strdup_printf ("http://127.0.0.1:%u%s", port, path);
  g_autofree char *auth = g_strconcat ("Bearer ", token, NULL);
  g_autoptr (GBytes) b = g_bytes_new (json, strlen (json));

  memset (r, 0, sizeof *r);
  r->session = soup_session_new ();
  r->msg = soup_message_new ("POST", uri);
  soup_message_headers_replace (soup_message_get_request_headers (r->msg), "Authorization", auth);
  soup_message_set_request_body_from_bytes (r->msg, "application/json", b);
  soup_session_send_and_read_async (r->session, r->msg, G_PRIORITY_DEFAULT, NULL, on_reply, r);
}

static char *
reply_text (Reply *r)
{
  g_assert_no_error (r->error);
  g_assert_cmpuint (soup_message_get_status (r->msg), ==, 200);
  return g_strndup (g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body));
}

static void
reply_clear (Reply *r)
{
  g_clear_pointer (&r->body, g_bytes_unref);
  g_clear_object (&r->msg);
  g_clear_object (&r->session);
  g_clear_error (&r->error);
}

/* Runs the loop until *flag; a hang guard of 30 s, not a timed assertion. */
static void
spin_until (const gboolean *flag)
{
  gint64 give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (*flag);
}

static void
on_deputy_message (SoupWebsocketConnection *ws, gint type, GBytes *message, Deputy *d)
{
  g_autoptr (ArbChangeset) c = NULL;

  if (type != SOUP_WEBSOCKET_DATA_BINARY)
    return;
  c = arb_replica_wire_parse_changeset (message);
  g_assert_nonnull (c);
  d->last_seq = c->seq;
}

static void
on_deputy_closed (SoupWebsocketConnection *ws, Deputy *d)
{
  d->closed = TRUE;
}

static void
on_connected (GObject *source, GAsyncResult *result, gpointer data)
{
  Deputy *d = data;

  d->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &d->error);
}

/* A deputy that already holds everything up to the desk's head. */
static void
deputy_connect (Deputy *d, SoupSession *session, guint port, ArbTournament *desk)
{
  g_autofree char *uri = g_strdup_printf ("http://127.0.0.1:%u/replica", port);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  g_autofree char *hello = NULL;
  gint64 give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  soup_session_websocket_connect_async (session, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        on_connected, d);
  while (d->ws == NULL && d->error == NULL && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (d->error);
  g_assert_nonnull (d->ws);
  g_signal_connect (d->ws, "message", G_CALLBACK (on_deputy_message), d);
  g_signal_connect (d->ws, "closed", G_CALLBACK (on_deputy_closed), d);
  d->last_seq = arb_tournament_get_head_seq (desk);
  hello = arb_replica_wire_hello ("dep-token", d->last_seq, arb_tournament_get_epoch (desk));
  soup_websocket_connection_send_text (d->ws, hello);
}

static void
deputy_ack (Deputy *d, gint64 seq)
{
  g_autofree char *ack = arb_replica_wire_ack (seq);

  soup_websocket_connection_send_text (d->ws, ack);
  d->acked_order = ++events;
}

/* Runs the loop until the deputy received the change @after did not. */
static void
wait_change (Deputy *d, gint64 after)
{
  gint64 give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (d->last_seq <= after && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (d->last_seq, >, after);
}

static ArbTournament *
make_desk (char **path, char **token)
{
  g_autoptr (GError) error = NULL;
  ArbTournament *t = arb_test_new_tournament (path);
  ArbPlayerInfo white = { .start_no = 1, .name = (char *) "Jansen, Pieter" };
  ArbPlayerInfo black = { .start_no = 2, .name = (char *) "Öberg, Nils" };
  ArbGameInfo g = { .round = 1, .board = 1, .result = ARB_RESULT_ONGOING, .rated = TRUE };

  g.white_id = arb_tournament_add_player (t, &white, &error);
  g.black_id = arb_tournament_add_player (t, &black, &error);
  arb_tournament_add_game (t, &g, &error);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-5", token, &error));
  g_assert_no_error (error);
  return t;
}

static void
test_answer_after_ack (void)
{
  g_autofree char *path = NULL;
  g_autofree char *token = NULL;
  g_autoptr (ArbTournament) t = make_desk (&path, &token);
  g_autoptr (ArbTeamServer) team = arb_team_server_new (t);
  g_autoptr (ArbReplicaServer) replicas =
    arb_replica_server_new (t, arb_replica_authorize_list, (gpointer) deputies, NULL);
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autoptr (GError) error = NULL;
  Deputy d = { 0 };
  Reply r;
  guint port = 0, replica_port = 0;
  gint64 head;
  char *text;

  g_assert_true (arb_team_server_listen_local (team, 0, &error));
  g_assert_true (arb_replica_server_listen (replicas, 0, TRUE, &replica_port, &error));
  g_assert_no_error (error);
  port = arb_team_server_get_port (team);
  arb_team_server_witness_replicas (team, replicas);

  /* No deputy: answered at once, and it says so. */
  post (&r, port, "/api/call", token, "{\"id\":\"c-1\",\"round\":1,\"board\":1}");
  spin_until (&r.done);
  text = reply_text (&r);
  g_assert_nonnull (strstr (text, "\"held\":\"desk-no-deputy\""));
  g_free (text);
  reply_clear (&r);

  /* A deputy that holds its acknowledgement back: the answer waits for it. */
  deputy_connect (&d, session, replica_port, t);
  while (arb_replica_server_get_n_deputies (replicas) < 1)
    g_main_context_iteration (NULL, TRUE);
  head = arb_tournament_get_head_seq (t);
  post (&r, port, "/api/clock", token,
        "{\"id\":\"k-1\",\"round\":1,\"board\":1,\"white_ms\":600000,\"black_ms\":590000}");
  wait_change (&d, head);
  /* The change is on the deputy's side of the socket and committed on the
   * desk, yet nobody acknowledged it: no answer. */
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (r.done);
  g_assert_cmpint (arb_tournament_get_head_seq (t), ==, d.last_seq);
  deputy_ack (&d, d.last_seq);
  spin_until (&r.done);
  g_assert_cmpuint (r.order, >, d.acked_order);
  text = reply_text (&r);
  g_assert_nonnull (strstr (text, "\"id\":\"k-1\""));
  g_assert_nonnull (strstr (text, "\"held\":\"desk-and-deputy\""));
  g_free (text);
  reply_clear (&r);

  /* A deputy that never acknowledges: after the bounded wait, on the desk
   * only. */
  head = arb_tournament_get_head_seq (t);
  post (&r, port, "/api/call", token, "{\"id\":\"c-2\",\"round\":1,\"board\":1}");
  wait_change (&d, head);
  spin_until (&r.done);
  text = reply_text (&r);
  g_assert_nonnull (strstr (text, "\"held\":\"desk-unconfirmed\""));
  g_free (text);
  reply_clear (&r);

  /* The deputy leaves while an answer waits: it goes, with no deputy. */
  head = arb_tournament_get_head_seq (t);
  post (&r, port, "/api/call", token, "{\"id\":\"c-3\",\"round\":1,\"board\":1}");
  wait_change (&d, head);
  g_assert_false (r.done);
  soup_websocket_connection_close (d.ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  spin_until (&r.done);
  text = reply_text (&r);
  g_assert_nonnull (strstr (text, "\"held\":\"desk-no-deputy\""));
  g_free (text);
  reply_clear (&r);
  g_clear_object (&d.ws);
}

/* Two deputies: one acknowledgement is not enough, since the deputy that
 * gave it may take over and fail in turn. */
static void
test_every_deputy (void)
{
  g_autofree char *path = NULL;
  g_autofree char *token = NULL;
  g_autoptr (ArbTournament) t = make_desk (&path, &token);
  g_autoptr (ArbTeamServer) team = arb_team_server_new (t);
  g_autoptr (ArbReplicaServer) replicas =
    arb_replica_server_new (t, arb_replica_authorize_list, (gpointer) deputies, NULL);
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autoptr (GError) error = NULL;
  Deputy d1 = { 0 }, d2 = { 0 };
  Reply r;
  guint port = 0, replica_port = 0;
  gint64 head;
  char *text;

  g_assert_true (arb_team_server_listen_local (team, 0, &error));
  g_assert_true (arb_replica_server_listen (replicas, 0, TRUE, &replica_port, &error));
  g_assert_no_error (error);
  port = arb_team_server_get_port (team);
  arb_team_server_witness_replicas (team, replicas);
  deputy_connect (&d1, session, replica_port, t);
  deputy_connect (&d2, session, replica_port, t);
  while (arb_replica_server_get_n_deputies (replicas) < 2)
    g_main_context_iteration (NULL, TRUE);
  head = arb_tournament_get_head_seq (t);
  post (&r, port, "/api/call", token, "{\"id\":\"c-1\",\"round\":1,\"board\":1}");
  wait_change (&d1, head);
  wait_change (&d2, head);
  deputy_ack (&d1, d1.last_seq);
  /* The first acknowledgement reaches the desk before the second is sent. */
  while (arb_replica_server_get_acked_seq (replicas) < d1.last_seq)
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (r.done);
  deputy_ack (&d2, d2.last_seq);
  spin_until (&r.done);
  g_assert_cmpuint (r.order, >, d2.acked_order);
  text = reply_text (&r);
  g_assert_nonnull (strstr (text, "\"held\":\"desk-and-deputy\""));
  g_free (text);
  reply_clear (&r);
  g_clear_object (&d1.ws);
  g_clear_object (&d2.ws);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/net/team-witness/answer-after-ack", test_answer_after_ack);
  g_test_add_func ("/net/team-witness/every-deputy", test_every_deputy);
  return g_test_run ();
}
