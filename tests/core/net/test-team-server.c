/* test-team-server.c: the arbiters' service over real sockets on 127.0.0.1
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every route answers a missing, wrong or revoked token with 401 and
 * nothing else; a signed-in arbiter's result is stored once however often
 * it is sent with the same id; a body over the cap is refused before it
 * is read.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-position.h"
#include "arb-team-server.h"
#include "arb-test-http.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

/* One request; the status, and *body (may be NULL) the answer. */
static guint
request (guint port,
         const char *method,
         const char *path,
         const char *token,
         const char *json,
         char **body)
{
  g_autofree char *uri = g_strdup_printf ("http://127.0.0.1:%u%s", port, path);
  g_autoptr (SoupMessage) msg = soup_message_new (method, uri);
  g_autoptr (GError) error = NULL;
  guint status;

  if (token != NULL)
    {
      g_autofree char *auth = g_strconcat ("Bearer ", token, NULL);

      soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
    }
  if (json != NULL)
    {
      g_autoptr (GBytes) b = g_bytes_new (json, strlen (json));

      soup_message_set_request_body_from_bytes (msg, "application/json", b);
    }
  status = arb_test_http_send (msg, NULL, body, &error);
  g_assert_no_error (error);
  return status;
}

static const char *const routes[][2] = {
  { "POST", "/api/result" },
  { "POST", "/api/call" },
  { "POST", "/api/incident" },
  { "POST", "/api/clock" },
  { "GET", "/api/entries" },
  { "GET", "/api/boards" },
  { "GET", "/" },
};

static void
assert_refused_everywhere (guint port, const char *token)
{
  for (gsize i = 0; i < G_N_ELEMENTS (routes); i++)
    {
      g_autofree char *body = NULL;
      const char *json = strcmp (routes[i][0], "POST") == 0
                           ? "{\"id\":\"x\",\"round\":1,\"board\":1,\"text\":\"1 1\"}"
                           : NULL;

      g_test_message ("%s %s with %s", routes[i][0], routes[i][1], token ? token : "(none)");
      g_assert_cmpuint (request (port, routes[i][0], routes[i][1], token, json, &body), ==, 401);
      g_assert_cmpstr (body, ==, "{\"error\":\"sign in\"}");
    }
}

static void
test_tokens_and_resend (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *revoked = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *body = NULL;
  g_autofree char *again = NULL;
  g_autoptr (ArbGameInfo) game = NULL;
  g_autofree char *big = NULL;
  ArbPlayerInfo white = { .start_no = 1, .name = (char *) "Jansen, Pieter" };
  ArbPlayerInfo black = { .start_no = 2, .name = (char *) "Öberg, Nils" };
  ArbGameInfo g = { .round = 1, .board = 1, .result = ARB_RESULT_ONGOING, .rated = TRUE };
  const char *result = "{\"id\":\"7d1f-1\",\"round\":1,\"board\":1,\"text\":\"Öberg 1\"}";
  gint64 game_id;
  guint port;

  g.white_id = arb_tournament_add_player (t, &white, &error);
  g.black_id = arb_tournament_add_player (t, &black, &error);
  game_id = arb_tournament_add_game (t, &g, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-5", &token, &error));
  g_assert_true (arb_tournament_add_arbiter (t, "Bo", ARB_TEAM_ROLE_FLOOR, "", &revoked, &error));
  g_assert_true (arb_tournament_revoke_arbiter (t, "Bo", "left", &error));
  g_assert_no_error (error);
  wrong = g_strdup (token);
  wrong[10] = wrong[10] == '0' ? '1' : '0';

  server = arb_team_server_new (t);
  g_assert_true (arb_team_server_listen_local (server, 0, &error));
  g_assert_no_error (error);
  port = arb_team_server_get_port (server);
  g_assert_cmpuint (port, >, 0);

  assert_refused_everywhere (port, NULL);
  assert_refused_everywhere (port, wrong);
  assert_refused_everywhere (port, revoked);
  assert_refused_everywhere (port, "");
  /* The floor page alone is served without a token, and holds no data. */
  g_assert_cmpuint (request (port, "GET", "/floor", NULL, NULL, &body), ==, 200);
  g_assert_null (strstr (body, "Jansen"));
  g_clear_pointer (&body, g_free);
  g_assert_cmpuint (request (port, "GET", "/api/boards", token, NULL, &body), ==, 200);
  g_assert_nonnull (strstr (body, "\"white\":\"Jansen, Pieter\""));
  g_assert_nonnull (
    strstr (body, "\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""));
  g_clear_pointer (&body, g_free);

  g_assert_cmpuint (request (port, "POST", "/api/result", token, result, &body), ==, 200);
  g_assert_nonnull (strstr (body, "\"repeat\":false"));
  game = arb_tournament_get_game (t, game_id, &error);
  g_assert_cmpint (game->result, ==, ARB_RESULT_BLACK_WINS);
  /* The same id again: the first outcome, nothing applied twice. */
  g_assert_cmpuint (request (port, "POST", "/api/result", token, result, &again), ==, 200);
  g_assert_nonnull (strstr (again, "\"repeat\":true"));
  g_clear_pointer (&body, g_free);
  g_assert_cmpuint (request (port, "GET", "/api/entries", token, NULL, &body), ==, 200);
  g_assert_nonnull (strstr (body, "\"id\":\"7d1f-1\""));
  g_assert_null (strstr (strstr (body, "7d1f-1") + 1, "7d1f-1"));
  g_clear_pointer (&body, g_free);
  g_assert_cmpuint (
    request (port, "POST", "/api/call", token, "{\"id\":\"c-1\",\"round\":1,\"board\":1}", &body),
    ==, 200);
  g_clear_pointer (&body, g_free);
  g_assert_cmpuint (
    request (port, "POST", "/api/incident", token,
             "{\"id\":\"i-1\",\"round\":1,\"board\":1,\"incident\":\"illegal-move\","
             "\"text\":\"castled through check\"}",
             &body),
    ==, 200);
  g_assert_nonnull (strstr (body, "illegal-move"));
  g_clear_pointer (&body, g_free);
  /* Outside the sector, malformed, too large. */
  g_assert_cmpuint (
    request (port, "POST", "/api/call", token, "{\"id\":\"c-2\",\"round\":1,\"board\":9}", NULL),
    ==, 422);
  g_assert_cmpuint (request (port, "POST", "/api/call", token, "[1,", NULL), ==, 400);
  big = g_strnfill (ARB_TEAM_SERVER_MAX_BODY + 1, ' ');
  g_assert_cmpuint (request (port, "POST", "/api/call", token, big, NULL), ==, 413);
  g_assert_cmpuint (request (port, "GET", "/api/nothing", token, NULL, NULL), ==, 404);
}

typedef struct
{
  guint n;
  int kind, round, board;
  gint64 id;
  char *arbiter;
} Committed;

static void
committed_cb (ArbTeamServer *server,
              int kind,
              gint64 id,
              int round,
              int board,
              const char *arbiter,
              Committed *c)
{
  c->n++;
  c->kind = kind;
  c->id = id;
  c->round = round;
  c->board = board;
  g_free (c->arbiter);
  c->arbiter = g_strdup (arbiter);
}

/* Each entry committed is told once, with what the window needs to show
 * it; a resend and a refusal are told nothing. */
static void
test_committed_signal (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autoptr (ArbFloorRecord) stored = NULL;
  ArbPlayerInfo white = { .start_no = 1, .name = (char *) "Jansen, Pieter" };
  ArbPlayerInfo black = { .start_no = 2, .name = (char *) "Öberg, Nils" };
  ArbGameInfo g = { .round = 1, .board = 3, .result = ARB_RESULT_ONGOING, .rated = TRUE };
  const char *call = "{\"id\":\"c-9\",\"round\":1,\"board\":3,\"text\":\"clock\"}";
  Committed c = { 0 };
  guint port;

  g.white_id = arb_tournament_add_player (t, &white, &error);
  g.black_id = arb_tournament_add_player (t, &black, &error);
  arb_tournament_add_game (t, &g, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-5", &token, &error));
  server = arb_team_server_new (t);
  g_signal_connect (server, "entry-committed", G_CALLBACK (committed_cb), &c);
  g_assert_true (arb_team_server_listen_local (server, 0, &error));
  port = arb_team_server_get_port (server);

  g_assert_cmpuint (request (port, "POST", "/api/call", token, call, NULL), ==, 200);
  g_assert_cmpuint (c.n, ==, 1);
  stored = arb_tournament_get_floor_entry (t, "c-9", &error);
  g_assert_no_error (error);
  g_assert_cmpint (c.kind, ==, ARB_FLOOR_CALL);
  g_assert_cmpint (c.id, ==, stored->id);
  g_assert_cmpint (c.round, ==, 1);
  g_assert_cmpint (c.board, ==, 3);
  g_assert_cmpstr (c.arbiter, ==, "Ana");
  g_assert_cmpuint (request (port, "POST", "/api/call", token, call, NULL), ==, 200);
  g_assert_cmpuint (
    request (port, "POST", "/api/call", token, "{\"id\":\"c-10\",\"round\":1,\"board\":9}", NULL),
    ==, 422);
  g_assert_cmpuint (c.n, ==, 1);
  g_assert_cmpuint (request (port, "POST", "/api/clock", token,
                             "{\"id\":\"k-1\",\"round\":1,\"board\":3,"
                             "\"white_ms\":60000,\"black_ms\":1000}",
                             NULL),
                    ==, 200);
  g_assert_cmpuint (c.n, ==, 2);
  g_assert_cmpint (c.kind, ==, ARB_FLOOR_CLOCK);
  g_free (c.arbiter);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/net/team-server/tokens-and-resend", test_tokens_and_resend);
  g_test_add_func ("/net/team-server/committed-signal", test_committed_signal);
  return g_test_run ();
}
