/* test-team-tls.c: the arbiters' service over HTTPS, its certificate and
 * its deadlines, over real sockets on 127.0.0.1
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A client that pins the fingerprint the desk shows is answered; one that
 * pins another refuses the server. Plain HTTP is refused but on loopback
 * addresses. The certificate made for the event is the same after the
 * file is reopened and on a deputy's replica. The organiser's files are
 * checked, each error naming the file at fault, and nothing is stored
 * then. A client that sends its head or its body too slowly is cut.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-feed-server.h"
#include "arb-net-peer.h"
#include "arb-position.h"
#include "arb-team-certificate.h"
#include "arb-team-server.h"
#include "arb-test-http.h"
#include "arb-test-utils.h"
#include "arb-tournament-certificate.h"
#include "arb-tournament-replica.h"
#include "arb-tournament-team.h"

/* GET PATH over SCHEME with the token; the status (0 when the request
 * failed: *error says why). */
static guint
get (const char *scheme,
     guint port,
     const char *path,
     const char *token,
     const char *pinned,
     GError **error)
{
  g_autofree char *uri = g_strdup_printf ("%s://127.0.0.1:%u%s", scheme, port, path);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  g_autofree char *auth = g_strconcat ("Bearer ", token, NULL);

  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
  return arb_test_http_send (msg, pinned, NULL, error);
}

static void
test_https_pinned (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);
  g_autoptr (ArbTeamServer) server = arb_team_server_new (t);
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *fp = NULL;
  g_autofree char *other_cert = NULL;
  g_autofree char *other_key = NULL;
  g_autofree char *other_fp = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GTlsCertificate) other = NULL;
  const char *const names[] = { "127.0.0.1", NULL };
  guint port;

  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-5", &token, &error));
  certificate = arb_team_certificate_for_event (t, "127.0.0.1", &error);
  g_assert_no_error (error);
  fp = arb_team_certificate_fingerprint (certificate);
  g_assert_cmpuint (strlen (fp), ==, 95);
  g_assert_true (g_regex_match_simple ("^([0-9A-F]{2}:){31}[0-9A-F]{2}$", fp, 0, 0));
  text = arb_team_certificate_fingerprint_text (certificate);
  g_assert_nonnull (strstr (text, fp));
  g_assert_true (arb_team_server_listen (server, "127.0.0.1", 0, certificate, &error));
  g_assert_no_error (error);
  port = arb_team_server_get_port (server);

  g_assert_cmpuint (get ("https", port, "/api/entries", token, fp, &error), ==, 200);
  g_assert_no_error (error);
  /* A client pinning another certificate refuses this one. */
  g_assert_true (arb_team_certificate_make (names, &other_cert, &other_key, &error));
  other = g_tls_certificate_new_from_pem (other_cert, -1, &error);
  g_assert_no_error (error);
  other_fp = arb_team_certificate_fingerprint (other);
  g_assert_cmpstr (other_fp, !=, fp);
  g_assert_cmpuint (get ("https", port, "/api/entries", token, other_fp, &error), ==, 0);
  g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE);
  g_clear_error (&error);
  /* No plain HTTP on the HTTPS port. */
  g_assert_cmpuint (get ("http", port, "/api/entries", token, NULL, &error), !=, 200);
  g_clear_error (&error);
}

static void
test_plain_only_on_loopback (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) addresses = arb_net_peer_local_addresses (G_SOCKET_FAMILY_INVALID);
  static const char *const plain_ok[] = { "127.0.0.1", "127.0.0.2", "::1" };
  static const char *const plain_refused[] = { "0.0.0.0",  "::",         "192.168.1.5",
                                               "10.0.0.1", "desk.local", "" };

  for (gsize i = 0; i < G_N_ELEMENTS (plain_ok); i++)
    g_assert_true (arb_team_server_address_allows_plain (plain_ok[i]));
  for (gsize i = 0; i < G_N_ELEMENTS (plain_refused); i++)
    g_assert_false (arb_team_server_address_allows_plain (plain_refused[i]));
  {
    g_autoptr (ArbTeamServer) server = arb_team_server_new (t);

    g_assert_false (arb_team_server_listen (server, "0.0.0.0", 0, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
    g_assert_nonnull (strstr (error->message, "0.0.0.0"));
    g_clear_error (&error);
    g_assert_false (arb_team_server_listen (server, "desk.local", 0, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  if (addresses == NULL || addresses[0] == NULL)
    {
      g_test_skip ("this machine has no address but loopback ones to listen on");
      return;
    }
  /* A real address of this machine: refused in plain HTTP, served over
   * HTTPS (bound only: no traffic leaves the loopback in a test). */
  {
    g_autoptr (ArbTeamServer) plain = arb_team_server_new (t);
    g_autoptr (ArbTeamServer) tls = arb_team_server_new (t);
    g_autoptr (GTlsCertificate) certificate =
      arb_team_certificate_for_event (t, addresses[0], &error);

    g_test_message ("listening on %s", addresses[0]);
    g_assert_no_error (error);
    g_assert_false (arb_team_server_listen (plain, addresses[0], 0, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
    g_clear_error (&error);
    g_assert_true (arb_team_server_listen (tls, addresses[0], 0, certificate, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (arb_team_server_get_port (tls), >, 0);
  }
}

static char *
fingerprint_of (ArbTournament *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) certificate = arb_team_certificate_for_event (t, "127.0.0.1", &error);

  g_assert_no_error (error);
  return arb_team_certificate_fingerprint (certificate);
}

static void
test_same_after_reopen_and_on_replica (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);
  g_autoptr (ArbTournament) replica = NULL;
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) image = NULL;
  g_autoptr (GPtrArray) changes = NULL;
  g_autofree char *replica_path = arb_test_temp_file (temp, "replica.arbiter");
  g_autofree char *path = g_strdup (arb_tournament_get_path (t));
  g_autofree char *first = NULL;
  g_autofree char *again_fp = NULL;
  g_autofree char *reopened = NULL;
  g_autofree char *on_replica = NULL;
  gint64 seq = -1, epoch = -1;

  /* The replica is made before the certificate: it comes through the
   * log, as every write does. */
  image = arb_tournament_snapshot (path, &seq, &epoch, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_write_replica (replica_path, image, &error));
  g_assert_no_error (error);
  first = fingerprint_of (t);
  again_fp = fingerprint_of (t);
  g_assert_cmpstr (again_fp, ==, first);

  g_clear_object (&t);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  reopened = fingerprint_of (again);
  g_assert_cmpstr (reopened, ==, first);

  replica = arb_tournament_open (replica_path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  changes = arb_tournament_read_changesets (again, seq, 100000, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < changes->len; i++)
    g_assert_true (arb_tournament_apply_changeset (replica, changes->pdata[i], &error));
  g_assert_no_error (error);
  on_replica = fingerprint_of (replica);
  g_assert_cmpstr (on_replica, ==, first);
}

static void
assert_refused (ArbTournament *t,
                const char *cert,
                const char *key,
                const char *blamed,
                const char *why)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) got = arb_team_certificate_from_files (t, cert, key, &error);

  g_assert_null (got);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, blamed));
  if (why != NULL)
    g_assert_nonnull (strstr (error->message, why));
}

static void
test_organiser_files (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) got = NULL;
  g_autofree char *made = fingerprint_of (t);
  g_autofree char *cert = NULL, *key = NULL, *cert2 = NULL, *key2 = NULL;
  g_autofree char *cert_file = NULL, *key_file = NULL, *other_key = NULL;
  g_autofree char *junk = arb_test_temp_write (temp, "junk.pem", "not a certificate\n");
  g_autofree char *missing = arb_test_temp_file (temp, "missing.pem");
  g_autofree char *fp = NULL;
  g_autofree char *stored_cert = NULL, *stored_key = NULL;
  const char *const names[] = { "arbiters.example.org", NULL };
  ArbCertificateOrigin origin;

  g_assert_true (arb_team_certificate_make (names, &cert, &key, &error));
  g_assert_true (arb_team_certificate_make (names, &cert2, &key2, &error));
  g_assert_no_error (error);
  cert_file = arb_test_temp_write (temp, "organiser.crt", cert);
  key_file = arb_test_temp_write (temp, "organiser.key", key);
  other_key = arb_test_temp_write (temp, "other.key", key2);

  assert_refused (t, missing, key_file, "missing.pem", NULL);
  assert_refused (t, cert_file, missing, "missing.pem", NULL);
  assert_refused (t, junk, key_file, "junk.pem", "certificate");
  assert_refused (t, cert_file, junk, "junk.pem", "key");
  assert_refused (t, cert_file, other_key, "other.key", "not the key");
  /* Nothing changed: the certificate made for the event is still in use. */
  {
    g_autofree char *still = fingerprint_of (t);

    g_assert_cmpstr (still, ==, made);
  }
  got = arb_team_certificate_from_files (t, cert_file, key_file, &error);
  g_assert_no_error (error);
  fp = arb_team_certificate_fingerprint (got);
  g_assert_cmpstr (fp, !=, made);
  g_assert_true (arb_tournament_get_certificate (t, &stored_cert, &stored_key, &origin, &error));
  g_assert_cmpint (origin, ==, ARB_CERTIFICATE_ORGANISER);
  g_assert_cmpstr (stored_cert, ==, cert);
  {
    g_autofree char *now = fingerprint_of (t);

    g_assert_cmpstr (now, ==, fp);
  }
}

typedef struct
{
  gssize got;
  gboolean done;
} Read;

static void
on_read (GObject *source, GAsyncResult *result, gpointer data)
{
  Read *r = data;

  r->got = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);
  r->done = TRUE;
}

/* Sends @text to the server and waits until it closes the connection;
 * what it answered first (up to 4 KiB) in the returned string. */
static char *
send_and_wait_close (guint port, const char *text)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection =
    g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) port, NULL, &error);
  GString *answer = g_string_new (NULL);
  char buffer[4096];

  g_assert_no_error (error);
  if (text[0] != '\0')
    g_assert_true (
      g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), text,
                                 strlen (text), NULL, NULL, &error));
  g_assert_no_error (error);
  for (;;)
    {
      Read r = { 0 };

      g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (connection)), buffer,
                                 sizeof buffer, G_PRIORITY_DEFAULT, NULL, on_read, &r);
      while (!r.done)
        g_main_context_iteration (NULL, TRUE);
      if (r.got <= 0)
        break;
      if (answer->len < 4096)
        g_string_append_len (answer, buffer, r.got);
    }
  return g_string_free (answer, FALSE);
}

static void
test_slow_clients_cut (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);
  g_autoptr (ArbTeamServer) plain = NULL;
  g_autoptr (ArbTeamServer) tls = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *head = NULL;
  g_autofree char *body = NULL;
  g_autofree char *silent = NULL;
  g_autofree char *full = NULL;
  g_autofree char *whole = NULL;

  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-5", &token, &error));
  g_setenv (ARB_FEED_SERVER_DEADLINE_ENV, "200", TRUE);
  plain = arb_team_server_new (t);
  g_assert_true (arb_team_server_listen_local (plain, 0, &error));
  certificate = arb_team_certificate_for_event (t, "127.0.0.1", &error);
  tls = arb_team_server_new (t);
  g_assert_true (arb_team_server_listen (tls, "127.0.0.1", 0, certificate, &error));
  g_assert_no_error (error);

  /* Half a head, never finished: cut, with no answer. */
  head = send_and_wait_close (arb_team_server_get_port (plain),
                              "POST /api/result HTTP/1.1\r\nHost: desk\r\n");
  g_assert_cmpstr (head, ==, "");
  /* A whole head, and a body that never comes: cut. */
  body = send_and_wait_close (arb_team_server_get_port (plain),
                              "POST /api/result HTTP/1.1\r\nHost: desk\r\n"
                              "Content-Length: 100\r\n\r\n{\"id\":");
  g_assert_cmpstr (body, ==, "");
  /* Connected to the HTTPS port, no handshake: cut. */
  silent = send_and_wait_close (arb_team_server_get_port (tls), "");
  g_assert_cmpstr (silent, ==, "");
  /* A whole request in time is answered. */
  full = g_strdup_printf ("GET /api/entries HTTP/1.1\r\nHost: desk\r\nAuthorization: Bearer %s\r\n"
                          "\r\n",
                          token);
  whole = send_and_wait_close (arb_team_server_get_port (plain), full);
  g_assert_true (g_str_has_prefix (whole, "HTTP/1.1 200"));
  g_unsetenv (ARB_FEED_SERVER_DEADLINE_ENV);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add ("/net/team-tls/https-pinned", ArbTestTemp, NULL, arb_test_temp_setup,
              test_https_pinned, arb_test_temp_teardown);
  g_test_add ("/net/team-tls/plain-only-on-loopback", ArbTestTemp, NULL, arb_test_temp_setup,
              test_plain_only_on_loopback, arb_test_temp_teardown);
  g_test_add ("/net/team-tls/same-after-reopen-and-on-replica", ArbTestTemp, NULL,
              arb_test_temp_setup, test_same_after_reopen_and_on_replica, arb_test_temp_teardown);
  g_test_add ("/net/team-tls/organiser-files", ArbTestTemp, NULL, arb_test_temp_setup,
              test_organiser_files, arb_test_temp_teardown);
  g_test_add ("/net/team-tls/slow-clients-cut", ArbTestTemp, NULL, arb_test_temp_setup,
              test_slow_clients_cut, arb_test_temp_teardown);
  return g_test_run ();
}
