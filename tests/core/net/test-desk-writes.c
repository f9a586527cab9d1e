/* test-desk-writes.c: a deputy's desk writing through the chief's, over real sockets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chief's arbiters' service and replica server on 127.0.0.1, a deputy
 * following into a replica of its own: a result the deputy sends is in
 * the chief's file with the deputy's name and comes back in the replica;
 * a resend applies nothing (also when the first answer is lost on the
 * way); a ruling is applied on the chief; a floor sign-in gets 403, a
 * revoked one 401; a result over another is refused.
 */

#include "config.h"

#include <gio/gio.h>
#include <libsoup/soup.h>
#include <stdlib.h>
#include <string.h>

#include "arb-desk-client.h"
#include "arb-laws.h"
#include "arb-position.h"
#include "arb-replica-client.h"
#include "arb-replica-server.h"
#include "arb-ruling-apply.h"
#include "arb-team-server.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

typedef struct
{
  ArbTournament *chief;
  ArbTeamServer *team;
  ArbReplicaServer *replicas;
  ArbReplicaClient *follower;
  char *url;
  char *deputy;
  char *floor;
  char *revoked;
  gint64 games[2];
} Desks;

static gboolean
caught_up (gpointer data)
{
  Desks *d = data;

  g_assert_null (arb_replica_client_get_error (d->follower));
  return arb_replica_client_get_applied_seq (d->follower) == arb_tournament_get_head_seq (d->chief);
}

static void
desks_setup (Desks *d, const ArbTestTemp *temp)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_test_temp_file (temp, "chief.arbiter");
  g_autofree char *into = arb_test_temp_file (temp, "deputy.arbiter");
  g_autofree char *replica_url = NULL;
  ArbEventInfo event = { .name = (char *) "Deputy Open", .edition = 2023 };
  ArbPlayerInfo p[4] = { { .start_no = 1, .name = (char *) "Jansen, Pieter" },
                         { .start_no = 2, .name = (char *) "Öberg, Nils" },
                         { .start_no = 3, .name = (char *) "Ek, Sara" },
                         { .start_no = 4, .name = (char *) "Lind, Maj" } };
  gint64 ids[4];
  guint replica_port = 0;

  d->chief = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 4; i++)
    ids[i] = arb_tournament_add_player (d->chief, &p[i], &error);
  for (int b = 0; b < 2; b++)
    {
      ArbGameInfo g = { .round = 1,
                        .board = b + 1,
                        .white_id = ids[2 * b],
                        .black_id = ids[2 * b + 1],
                        .result = ARB_RESULT_ONGOING,
                        .rated = TRUE };

      d->games[b] = arb_tournament_add_game (d->chief, &g, &error);
    }
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_arbiter (d->chief, "Deputy, Dora", ARB_TEAM_ROLE_DEPUTY, "",
                                             &d->deputy, &error));
  g_assert_true (
    arb_tournament_add_arbiter (d->chief, "Ana", ARB_TEAM_ROLE_FLOOR, "", &d->floor, &error));
  g_assert_true (
    arb_tournament_add_arbiter (d->chief, "Bo", ARB_TEAM_ROLE_DEPUTY, "", &d->revoked, &error));
  g_assert_true (arb_tournament_revoke_arbiter (d->chief, "Bo", "went home", &error));
  g_assert_no_error (error);

  d->team = arb_team_server_new (d->chief);
  g_assert_true (arb_team_server_listen_local (d->team, 0, &error));
  g_assert_no_error (error);
  d->url = g_strdup_printf ("http://127.0.0.1:%u", arb_team_server_get_port (d->team));
  d->replicas = arb_replica_server_new (d->chief, arb_test_authorize_deputy,
                                        g_object_ref (d->chief), g_object_unref);
  g_assert_true (arb_replica_server_listen (d->replicas, 0, TRUE, &replica_port, &error));
  g_assert_no_error (error);
  replica_url = g_strdup_printf ("http://127.0.0.1:%u", replica_port);
  d->follower = arb_replica_client_new (replica_url, d->deputy, into);
  arb_replica_client_start (d->follower);
  arb_test_spin_until (caught_up, d);
}

static void
desks_clear (Desks *d)
{
  g_clear_object (&d->follower);
  g_clear_object (&d->replicas);
  g_clear_object (&d->team);
  g_clear_object (&d->chief);
  g_free (d->url);
  g_free (d->deputy);
  g_free (d->floor);
  g_free (d->revoked);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Desks, desks_clear)

static void
on_sent (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static ArbDeskAnswer *
send_with (const char *url,
           const char *token,
           ArbDeskEntryKind kind,
           const ArbDeskSubmission *s,
           GError **error)
{
  g_autoptr (ArbDeskClient) client = arb_desk_client_new (url, token, error);
  g_autoptr (GAsyncResult) result = NULL;

  g_assert_nonnull (client);
  /* The chief serves in this thread's default context: the answer is
   * awaited there. */
  arb_desk_client_send_async (client, kind, s, NULL, on_sent, &result);
  arb_test_spin_until (has_result, &result);
  return arb_desk_client_send_finish (client, result, error);
}

static ArbResult
stored_result (ArbTournament *t, gint64 game_id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameInfo) info = arb_tournament_get_game (t, game_id, &error);

  g_assert_no_error (error);
  return info->result;
}

static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = haystack; (p = strstr (p, needle)) != NULL; p++)
    n++;
  return n;
}

static void
test_result (ArbTestTemp *temp, gconstpointer data)
{
  g_auto (Desks) d = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskAnswer) first = NULL;
  g_autoptr (ArbDeskAnswer) again = NULL;
  g_autoptr (ArbDeskAnswer) over = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *id = arb_desk_client_new_entry_id ();
  ArbDeskSubmission s = {
    .client_id = id, .round = 1, .board = 1, .result = ARB_RESULT_WHITE_WINS
  };
  ArbDeskSubmission other = s;

  desks_setup (&d, temp);
  first = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RESULT, &s, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first->kind, ==, ARB_DESK_ANSWER_APPLIED);
  g_assert_nonnull (strstr (first->outcome, "\"white\":\"Jansen, Pieter\""));
  g_assert_cmpint (stored_result (d.chief, d.games[0]), ==, ARB_RESULT_WHITE_WINS);
  /* The deputy's name is kept with the result and with the entry. */
  dump = arb_tournament_dump_tables (d.chief, NULL);
  g_assert_cmpuint (count (dump, "Deputy, Dora"), >=, 3);

  /* It comes back to the deputy through the replica's stream. */
  arb_test_spin_until (caught_up, &d);
  g_assert_cmpint (stored_result (arb_replica_client_get_replica (d.follower), d.games[0]), ==,
                   ARB_RESULT_WHITE_WINS);

  /* A resend applies nothing and gets the first outcome. */
  again = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RESULT, &s, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again->kind, ==, ARB_DESK_ANSWER_ALREADY_APPLIED);
  g_assert_cmpstr (again->outcome, ==, first->outcome);
  {
    g_autofree char *after = arb_tournament_dump_tables (d.chief, NULL);

    g_assert_cmpstr (after, ==, dump);
  }

  /* Another result over it, with an id of its own: refused, and why. */
  other.client_id = "second-entry";
  other.result = ARB_RESULT_BLACK_WINS;
  over = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RESULT, &other, &error);
  g_assert_no_error (error);
  g_assert_cmpint (over->kind, ==, ARB_DESK_ANSWER_REFUSED);
  g_assert_cmpuint (over->status, ==, 409);
  g_assert_nonnull (strstr (over->why, "1-0"));
  g_assert_cmpint (stored_result (d.chief, d.games[0]), ==, ARB_RESULT_WHITE_WINS);
  /* With a reason it is a correction, in the rulings log. */
  g_clear_pointer (&over, arb_desk_answer_free);
  other.client_id = "third-entry";
  other.reason = "the scoresheets were swapped";
  over = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RESULT, &other, &error);
  g_assert_no_error (error);
  g_assert_cmpint (over->kind, ==, ARB_DESK_ANSWER_APPLIED);
  g_assert_cmpint (stored_result (d.chief, d.games[0]), ==, ARB_RESULT_BLACK_WINS);
}

static void
test_sign_ins (ArbTestTemp *temp, gconstpointer data)
{
  g_auto (Desks) d = { 0 };
  g_autoptr (GError) error = NULL;
  ArbDeskSubmission s = { .client_id = "x-1", .round = 1, .board = 1, .result = ARB_RESULT_DRAW };
  const ArbDeskEntryKind kinds[] = { ARB_DESK_ENTRY_RESULT, ARB_DESK_ENTRY_RULING };

  desks_setup (&d, temp);
  s.ruling_json = "{}";
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr (ArbDeskAnswer) floor = NULL;
      g_autoptr (ArbDeskAnswer) revoked = NULL;

      floor = send_with (d.url, d.floor, kinds[i], &s, &error);
      g_assert_no_error (error);
      g_assert_cmpint (floor->kind, ==, ARB_DESK_ANSWER_REFUSED);
      g_assert_cmpuint (floor->status, ==, 403);
      revoked = send_with (d.url, d.revoked, kinds[i], &s, &error);
      g_assert_no_error (error);
      g_assert_cmpint (revoked->kind, ==, ARB_DESK_ANSWER_REFUSED);
      g_assert_cmpuint (revoked->status, ==, 401);
    }
  g_assert_cmpint (stored_result (d.chief, d.games[0]), ==, ARB_RESULT_ONGOING);
}

static void
test_ruling (ArbTestTemp *temp, gconstpointer data)
{
  g_auto (Desks) d = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbRuling) resign = NULL;
  g_autoptr (ArbDeskAnswer) applied = NULL;
  g_autoptr (ArbDeskAnswer) late = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autofree char *json = NULL;
  ArbEventSettings settings;
  ArbDeskSubmission s = { .client_id = "ruling-1", .round = 1, .board = 2, .ply = 0 };

  desks_setup (&d, temp);
  g_assert_true (arb_ruling_event_settings (d.chief, &settings, NULL, &error));
  resign = arb_laws_resign (&settings, ARB_WHITE, FALSE);
  json = arb_ruling_to_json (resign);
  s.ruling_json = json;
  s.note = "resigned by stopping the clock";
  applied = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RULING, &s, &error);
  g_assert_no_error (error);
  g_assert_cmpint (applied->kind, ==, ARB_DESK_ANSWER_APPLIED);
  g_assert_nonnull (strstr (applied->outcome, "\"result\":\"0-1\""));
  g_assert_cmpint (stored_result (d.chief, d.games[1]), ==, ARB_RESULT_BLACK_WINS);
  rulings = arb_tournament_list_rulings (d.chief, d.games[1], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_nonnull (strstr (((ArbRulingRecord *) rulings->pdata[0])->payload, "Deputy, Dora"));
  arb_test_spin_until (caught_up, &d);
  g_assert_cmpint (stored_result (arb_replica_client_get_replica (d.follower), d.games[1]), ==,
                   ARB_RESULT_BLACK_WINS);

  /* An illegal move at the start of board 1, with the irregularity as the
   * desk's flow records it beside the ruling: both stored on the chief. */
  {
    ArbIllegalMoveFacts facts = { .by = ARB_WHITE, .ply_before = 0, .last_identifiable_ply = 0 };
    g_autoptr (ArbRuling) illegal = arb_laws_illegal_move (&settings, &facts);
    g_autofree char *illegal_json = arb_ruling_to_json (illegal);
    g_autoptr (ArbDeskAnswer) answer = NULL;
    g_autoptr (GPtrArray) irregularities = NULL;
    ArbDeskSubmission m = { .client_id = "ruling-illegal",
                            .round = 1,
                            .board = 1,
                            .ply = 0,
                            .ruling_json = illegal_json,
                            .irregularity_kind = "illegal-move",
                            .irregularity_ply = 1,
                            .irregularity_side = ARB_WHITE,
                            .irregularity_move = "e2e5",
                            .irregularity_fen =
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" };

    answer = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RULING, &m, &error);
    g_assert_no_error (error);
    if (answer->kind != ARB_DESK_ANSWER_APPLIED)
      g_error ("refused: %s", answer->why);
    irregularities = arb_tournament_list_irregularities (d.chief, d.games[0], &error);
    g_assert_no_error (error);
    g_assert_cmpuint (irregularities->len, ==, 1);
    g_assert_cmpstr (((ArbIrregularityInfo *) irregularities->pdata[0])->move_text, ==, "e2e5");
  }

  /* Made for a game that has changed since: refused. */
  s.client_id = "ruling-2";
  s.board = 1;
  s.ply = 4;
  late = send_with (d.url, d.deputy, ARB_DESK_ENTRY_RULING, &s, &error);
  g_assert_no_error (error);
  g_assert_cmpint (late->kind, ==, ARB_DESK_ANSWER_REFUSED);
  g_assert_cmpuint (late->status, ==, 409);
  g_assert_cmpint (stored_result (d.chief, d.games[0]), ==, ARB_RESULT_ONGOING);
}

typedef struct
{
  GBytes *body;
  gboolean done;
} Raw;

static void
on_raw (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Raw *r = user_data;

  r->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
  r->done = TRUE;
}

static gboolean
raw_done (gpointer data)
{
  return ((Raw *) data)->done;
}

/* A POST of @json as it is; the status, *answer the body. */
static guint
post_raw (const Desks *d, const char *path, const char *json, char **answer)
{
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *uri = g_strconcat (d->url, path, NULL);
  g_autofree char *auth = g_strconcat ("Bearer ", d->deputy, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("POST", uri);
  g_autoptr (GBytes) body = g_bytes_new (json, strlen (json));
  Raw r = { 0 };

  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
  soup_message_set_request_body_from_bytes (msg, "application/json", body);
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, on_raw, &r);
  arb_test_spin_until (raw_done, &r);
  g_assert_nonnull (r.body);
  *answer = g_strndup (g_bytes_get_data (r.body, NULL), g_bytes_get_size (r.body));
  g_bytes_unref (r.body);
  return soup_message_get_status (msg);
}

/* Bodies that are not entries: refused with the member at fault and
 * why, and nothing stored. */
static void
test_bad_bodies (ArbTestTemp *temp, gconstpointer data)
{
  g_auto (Desks) d = { 0 };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  static const struct
  {
    const char *path;
    const char *json;
    const char *field;
  } bad[] = {
    { "/api/desk/result", "{\"round\":1,\"board\":1,\"result\":\"1-0\"}", "\"field\":\"id\"" },
    { "/api/desk/result", "{\"id\":\"a\",\"round\":1,\"board\":\"one\",\"result\":\"1-0\"}",
      "\"field\":\"board\"" },
    { "/api/desk/result", "{\"id\":\"a\",\"round\":1,\"board\":1,\"result\":\"2-0\"}",
      "\"field\":\"result\"" },
    { "/api/desk/ruling", "{\"id\":\"a\",\"round\":1,\"board\":1,\"ply\":0,\"ruling\":[1]}",
      "\"field\":\"ruling\"" },
    { "/api/desk/ruling",
      "{\"id\":\"a\",\"round\":1,\"board\":1,\"ply\":0,\"ruling\":{},\"white_ms\":5}",
      "\"field\":\"black_ms\"" },
    { "/api/desk/ruling",
      "{\"id\":\"a\",\"round\":1,\"board\":1,\"ply\":0,\"ruling\":{},"
      "\"irregularity\":{\"kind\":\"illegal-move\",\"ply\":1,\"side\":\"red\"},"
      "\"reveal_sealed_move\":{}}",
      "\"field\":\"side\"" },
    { "/api/desk/result", "[[[[", "\"field\":null" },
  };

  desks_setup (&d, temp);
  before = arb_tournament_dump_tables (d.chief, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *answer = NULL;

      g_assert_cmpuint (post_raw (&d, bad[i].path, bad[i].json, &answer), ==, 400);
      g_test_message ("%s", answer);
      g_assert_nonnull (strstr (answer, bad[i].field));
      g_assert_nonnull (strstr (answer, "\"error\":\""));
    }
  after = arb_tournament_dump_tables (d.chief, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* A relay between the deputy and the chief, in a thread of its own, that
 * passes each request on and loses the chief's first answer: the
 * connection closes without it, as when a link drops at that moment. */
typedef struct
{
  GSocket *listener;
  guint16 chief_port;
  guint connections;
  GThread *thread;
} Relay;

static gboolean
read_request (GSocket *socket, GByteArray *out)
{
  char buf[4096];

  for (;;)
    {
      gssize n = g_socket_receive (socket, buf, sizeof buf, NULL, NULL);
      const char *end;

      if (n <= 0)
        return FALSE;
      g_byte_array_append (out, (const guint8 *) buf, (guint) n);
      end = g_strstr_len ((const char *) out->data, out->len, "\r\n\r\n");
      if (end != NULL)
        {
          gsize head = (gsize) (end + 4 - (const char *) out->data);
          g_autofree char *lower = g_ascii_strdown ((const char *) out->data, (gssize) head);
          const char *length = strstr (lower, "content-length:");
          gsize body = length != NULL ? strtoul (length + 15, NULL, 10) : 0;

          if (out->len >= head + body)
            return TRUE;
        }
    }
}

static void
send_all (GSocket *socket, const guint8 *data, gsize size)
{
  while (size > 0)
    {
      gssize n = g_socket_send (socket, (const char *) data, size, NULL, NULL);

      g_assert_cmpint (n, >, 0);
      data += n;
      size -= (gsize) n;
    }
}

static gpointer
relay_run (gpointer data)
{
  Relay *r = data;

  for (guint i = 0; i < r->connections; i++)
    {
      g_autoptr (GSocket) deputy = g_socket_accept (r->listener, NULL, NULL);
      g_autoptr (GSocket) chief =
        g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
      g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
      g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, r->chief_port);
      g_autoptr (GByteArray) request = g_byte_array_new ();
      g_autoptr (GByteArray) answer = g_byte_array_new ();
      char buf[4096];
      gssize n;

      g_assert_nonnull (deputy);
      g_assert_true (g_socket_connect (chief, address, NULL, NULL));
      g_assert_true (read_request (deputy, request));
      send_all (chief, request->data, request->len);
      /* The chief answers with Connection: close. */
      while ((n = g_socket_receive (chief, buf, sizeof buf, NULL, NULL)) > 0)
        g_byte_array_append (answer, (const guint8 *) buf, (guint) n);
      if (i > 0)
        send_all (deputy, answer->data, answer->len);
      g_socket_close (deputy, NULL);
    }
  return NULL;
}

static char *
relay_start (Relay *r, guint chief_port)
{
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  r->listener =
    g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_assert_true (g_socket_bind (r->listener, any, TRUE, NULL));
  g_assert_true (g_socket_listen (r->listener, NULL));
  bound = g_socket_get_local_address (r->listener, NULL);
  r->chief_port = (guint16) chief_port;
  r->connections = 2;
  r->thread = g_thread_new ("relay", relay_run, r);
  return g_strdup_printf ("http://127.0.0.1:%u",
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
}

/* The first answer is lost on the way: the client sends the entry again
 * with its id, and the chief, which applied it the first time, applies
 * nothing and says so. */
static void
test_lost_answer (ArbTestTemp *temp, gconstpointer data)
{
  g_auto (Desks) d = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskAnswer) answer = NULL;
  g_autofree char *relay_url = NULL;
  g_autofree char *dump = NULL;
  ArbDeskSubmission s = {
    .client_id = "lost-1", .round = 1, .board = 2, .result = ARB_RESULT_DRAW
  };
  Relay relay = { 0 };

  desks_setup (&d, temp);
  relay_url = relay_start (&relay, arb_team_server_get_port (d.team));
  answer = send_with (relay_url, d.deputy, ARB_DESK_ENTRY_RESULT, &s, &error);
  g_thread_join (relay.thread);
  g_clear_object (&relay.listener);
  g_assert_no_error (error);
  g_assert_cmpuint (answer->attempts, ==, 2);
  g_assert_cmpint (answer->kind, ==, ARB_DESK_ANSWER_ALREADY_APPLIED);
  g_assert_cmpint (stored_result (d.chief, d.games[1]), ==, ARB_RESULT_DRAW);
  dump = arb_tournament_dump_tables (d.chief, NULL);
  g_assert_cmpuint (count (dump, "lost-1"), ==, 2); /* the entry and its audit line */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add ("/net/desk-writes/result", ArbTestTemp, NULL, arb_test_temp_setup, test_result,
              arb_test_temp_teardown);
  g_test_add ("/net/desk-writes/sign-ins", ArbTestTemp, NULL, arb_test_temp_setup, test_sign_ins,
              arb_test_temp_teardown);
  g_test_add ("/net/desk-writes/bad-bodies", ArbTestTemp, NULL, arb_test_temp_setup,
              test_bad_bodies, arb_test_temp_teardown);
  g_test_add ("/net/desk-writes/lost-answer", ArbTestTemp, NULL, arb_test_temp_setup,
              test_lost_answer, arb_test_temp_teardown);
  g_test_add ("/net/desk-writes/ruling", ArbTestTemp, NULL, arb_test_temp_setup, test_ruling,
              arb_test_temp_teardown);
  return g_test_run ();
}
