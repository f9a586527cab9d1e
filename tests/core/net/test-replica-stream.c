/* test-replica-stream.c: a deputy's replica over a real socket
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A desk on 127.0.0.1, deputies following it into real files: the
 * snapshot, the changesets in order, acknowledgements, a refused token,
 * a take-over, and the old desk becoming a reader.
 */

#include "config.h"

#include <gio/gio.h>

#include "arb-replica-client.h"
#include "arb-replica-server.h"
#include "arb-team-certificate.h"
#include "arb-test-utils.h"

static const char *const tokens[] = { "good-token=Deputy, Dora", NULL };

static ArbTournament *
create (const ArbTestTemp *temp, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_test_temp_file (temp, name);
  ArbEventInfo event = { .name = (char *) "Stream Open", .edition = 2023 };
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  return t;
}

static void
add_players (ArbTournament *t, int n)
{
  for (int i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("Player, %d", i);
      ArbPlayerInfo p = { .name = name, .rating = 2000 + i };

      g_assert_cmpint (arb_tournament_add_player (t, &p, &error), >, 0);
      g_assert_no_error (error);
    }
}

static ArbReplicaServer *
serve (ArbTournament *desk, guint *port)
{
  g_autoptr (GError) error = NULL;
  ArbReplicaServer *server =
    arb_replica_server_new (desk, arb_replica_authorize_list, (gpointer) tokens, NULL);

  g_assert_true (arb_replica_server_listen (server, 0, TRUE, port, &error));
  g_assert_no_error (error);
  return server;
}

static ArbReplicaClient *
follow (guint port, const char *token, const char *into)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u", port);
  ArbReplicaClient *client = arb_replica_client_new (url, token, into);

  arb_replica_client_start (client);
  return client;
}

typedef struct
{
  ArbReplicaClient *client;
  ArbTournament *desk;
  ArbReplicaServer *server;
  gboolean stopped;
} Watch;

static gboolean
caught_up (gpointer data)
{
  Watch *w = data;

  g_assert_null (arb_replica_client_get_error (w->client));
  return arb_replica_client_get_applied_seq (w->client) == arb_tournament_get_head_seq (w->desk) &&
         (w->server == NULL ||
          arb_replica_server_get_acked_seq (w->server) == arb_tournament_get_head_seq (w->desk));
}

static void
on_stopped (ArbReplicaClient *client, const char *error, Watch *w)
{
  w->stopped = TRUE;
}

static gboolean
has_stopped (gpointer data)
{
  return ((Watch *) data)->stopped;
}

static void
assert_same (ArbTournament *a, ArbTournament *b)
{
  g_autofree char *da = arb_tournament_dump_tables (a, NULL);
  g_autofree char *db = arb_tournament_dump_tables (b, NULL);

  g_assert_nonnull (da);
  g_assert_cmpstr (da, ==, db);
}

static void
test_follow (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbReplicaServer) server = NULL;
  g_autoptr (ArbReplicaClient) client = NULL;
  g_autofree char *into = arb_test_temp_file (temp, "deputy.arbiter");
  guint port = 0;
  Watch w = { 0 };

  add_players (desk, 5);
  server = serve (desk, &port);
  client = follow (port, "good-token", into);
  w = (Watch){ .client = client, .desk = desk, .server = server };
  add_players (desk, 20);
  arb_test_spin_until (caught_up, &w);
  assert_same (desk, arb_replica_client_get_replica (client));
  g_assert_cmpint (arb_tournament_get_head_seq (desk), ==, 25);

  /* It resumes from where it was. */
  g_clear_object (&client);
  add_players (desk, 3);
  client = follow (port, "good-token", into);
  w.client = client;
  arb_test_spin_until (caught_up, &w);
  assert_same (desk, arb_replica_client_get_replica (client));
}

static void
test_refused (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbReplicaServer) server = NULL;
  g_autoptr (ArbReplicaClient) client = NULL;
  g_autofree char *into = arb_test_temp_file (temp, "deputy.arbiter");
  guint port = 0;
  Watch w = { 0 };

  server = serve (desk, &port);
  client = follow (port, "wrong-token", into);
  g_signal_connect (client, "stopped", G_CALLBACK (on_stopped), &w);
  arb_test_spin_until (has_stopped, &w);
  arb_test_assert_contains (arb_replica_client_get_error (client), "refused");
  g_assert_false (g_file_test (into, G_FILE_TEST_EXISTS));
  g_assert_cmpint (arb_replica_server_get_acked_seq (server), ==, 0);
}

static void
test_take_over (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbReplicaServer) server = NULL, server_b = NULL;
  g_autoptr (ArbReplicaClient) b = NULL, c = NULL;
  g_autoptr (ArbTournament) new_desk = NULL;
  g_autofree char *into_b = arb_test_temp_file (temp, "b.arbiter");
  g_autofree char *into_c = arb_test_temp_file (temp, "c.arbiter");
  guint port = 0, port_b = 0;
  Watch w = { 0 };

  add_players (desk, 4);
  server = serve (desk, &port);
  b = follow (port, "good-token", into_b);
  w = (Watch){ .client = b, .desk = desk, .server = server };
  arb_test_spin_until (caught_up, &w);
  g_clear_object (&b);

  /* B takes over while A still runs (the link between them is cut). */
  new_desk = arb_tournament_open (into_b, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_take_over (new_desk, "Deputy, Dora", "the desk froze", &error));
  g_assert_cmpint (arb_tournament_get_epoch (new_desk), ==, 2);
  add_players (new_desk, 2);
  server_b = serve (new_desk, &port_b);

  /* C follows B, then reaches A with epoch 2: A becomes a reader. */
  c = follow (port_b, "good-token", into_c);
  w = (Watch){ .client = c, .desk = new_desk, .server = server_b };
  arb_test_spin_until (caught_up, &w);
  g_assert_cmpint (arb_replica_client_get_epoch (c), ==, 2);
  assert_same (new_desk, arb_replica_client_get_replica (c));
  g_clear_object (&c);

  c = follow (port, "good-token", into_c);
  w = (Watch){ .client = c };
  g_signal_connect (c, "stopped", G_CALLBACK (on_stopped), &w);
  arb_test_spin_until (has_stopped, &w);
  g_assert_cmpint (arb_tournament_get_role (desk), ==, ARB_DESK_ROLE_READER);
  arb_test_assert_contains (arb_tournament_get_role_reason (desk), "Deputy, Dora");
  g_assert_cmpint (
    arb_tournament_add_player (desk, &(ArbPlayerInfo){ .name = (char *) "X" }, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
}

/* Over TLS with the team service's certificate: a deputy pinning its
 * fingerprint follows, and its replica holds that certificate; one
 * pinning another, or none, is refused and makes no replica. */
static void
test_pinned (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbReplicaServer) server = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *fp = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *url = NULL;
  g_autofree char *on_replica = NULL;
  g_autofree char *refused = arb_test_temp_file (temp, "refused.arbiter");
  g_autofree char *into = arb_test_temp_file (temp, "deputy.arbiter");
  guint port = 0;

  add_players (desk, 3);
  certificate = arb_team_certificate_for_event (desk, "127.0.0.1", &error);
  g_assert_no_error (error);
  fp = arb_team_certificate_fingerprint (certificate);
  wrong = g_strdup (fp);
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  server = arb_replica_server_new (desk, arb_replica_authorize_list, (gpointer) tokens, NULL);
  arb_replica_server_set_certificate (server, certificate);
  g_assert_true (arb_replica_server_listen (server, 0, TRUE, &port, &error));
  g_assert_no_error (error);
  url = g_strdup_printf ("https://127.0.0.1:%u", port);

  for (int pin = 0; pin < 2; pin++)
    {
      g_autoptr (ArbReplicaClient) client = arb_replica_client_new (url, "good-token", refused);
      Watch w = { .client = client };

      if (pin == 1)
        arb_replica_client_set_fingerprint (client, wrong);
      g_signal_connect (client, "stopped", G_CALLBACK (on_stopped), &w);
      arb_replica_client_start (client);
      arb_test_spin_until (has_stopped, &w);
      g_test_message ("%s", arb_replica_client_get_error (client));
      g_assert_nonnull (arb_replica_client_get_error (client));
      if (pin == 1)
        {
          arb_test_assert_contains (arb_replica_client_get_error (client), fp);
          arb_test_assert_contains (arb_replica_client_get_error (client), wrong);
        }
      g_assert_false (g_file_test (refused, G_FILE_TEST_EXISTS));
    }
  {
    g_autoptr (ArbReplicaClient) client = arb_replica_client_new (url, "good-token", into);
    Watch w = { .client = client, .desk = desk, .server = server };

    arb_replica_client_set_fingerprint (client, fp);
    arb_replica_client_start (client);
    arb_test_spin_until (caught_up, &w);
    assert_same (desk, arb_replica_client_get_replica (client));
    on_replica =
      arb_team_certificate_stored_fingerprint (arb_replica_client_get_replica (client), &error);
    g_assert_no_error (error);
    g_assert_cmpstr (on_replica, ==, fp);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/net/replica-stream/pinned", ArbTestTemp, NULL, arb_test_temp_setup, test_pinned,
              arb_test_temp_teardown);
  g_test_add ("/net/replica-stream/follow", ArbTestTemp, NULL, arb_test_temp_setup, test_follow,
              arb_test_temp_teardown);
  g_test_add ("/net/replica-stream/refused", ArbTestTemp, NULL, arb_test_temp_setup, test_refused,
              arb_test_temp_teardown);
  g_test_add ("/net/replica-stream/take-over", ArbTestTemp, NULL, arb_test_temp_setup,
              test_take_over, arb_test_temp_teardown);
  return g_test_run ();
}
