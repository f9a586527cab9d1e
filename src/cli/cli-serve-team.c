/* cli-serve-team.c: arbiter-cli serve-team, the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-net-peer.h"
#include "arb-replica-server.h"
#include "arb-team-certificate.h"
#include "arb-team-server.h"
#include "arb-team-witness.h"
#include "arb-tournament-team.h"
#include "cli-commands.h"

/* A deputy's replica is the whole record: only a deputy or the chief
 * whose sign-in stands may follow the desk, never a floor arbiter. */
static gboolean
authorize_deputy (const char *token, char **arbiter_name, gpointer tournament)
{
  g_autoptr (ArbTeamArbiter) arbiter =
    arb_tournament_find_arbiter_by_token (ARB_TOURNAMENT (tournament), token, NULL);

  if (arbiter == NULL || arbiter->role == ARB_TEAM_ROLE_FLOOR)
    return FALSE;
  *arbiter_name = g_strdup (arbiter->name);
  return TRUE;
}

/* The address the team is served at, as a person types it: this
 * computer's first network address for "every address". */
static char *
shown_url (const char *address, guint port, gboolean tls)
{
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);
  g_auto (GStrv) local = NULL;
  const char *host = address;

  if (inet != NULL && g_inet_address_get_is_any (inet))
    {
      local = arb_net_peer_local_addresses (g_inet_address_get_family (inet));
      if (local != NULL && local[0] != NULL)
        host = local[0];
    }
  return g_strdup_printf ("%s://%s%s%s:%u/", tls ? "https" : "http", strchr (host, ':') ? "[" : "",
                          host, strchr (host, ':') ? "]" : "", port);
}

/* The organiser's certificate, or the event's (made and stored the first
 * time); NULL with no error for plain HTTP on a loopback address. */
static GTlsCertificate *
choose_certificate (ArbTournament *t,
                    const char *address,
                    const char *certificate_file,
                    const char *key_file,
                    gboolean tls,
                    GError **error)
{
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);

  if (certificate_file != NULL)
    return arb_team_certificate_from_files (t, certificate_file, key_file, error);
  /* Not an IP address: the server says so, and nothing is made. */
  if (inet == NULL || (!tls && arb_team_server_address_allows_plain (address)))
    return NULL;
  return arb_team_certificate_for_event (t, address, error);
}

int
arb_cli_serve_team (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (ArbReplicaServer) replicas = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autofree char *address = NULL;
  g_autofree char *certificate_file = NULL;
  g_autofree char *key_file = NULL;
  g_autofree char *url = NULL;
  gboolean tls = FALSE;
  int port = 8081;
  int replica_port = -1;
  guint replica_bound = 0;
  GOptionEntry entries[] = {
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_ ("The IP address to listen on (default 127.0.0.1; 0.0.0.0 for every one)"), "ADDR" },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_ ("The port (0: any free one)"), "N" },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &certificate_file,
      N_ ("The organiser's certificate (PEM), instead of the one made for the event"), "FILE" },
    { "key", 0, 0, G_OPTION_ARG_FILENAME, &key_file,
      N_ ("The private key of --certificate (PEM, unencrypted)"), "FILE" },
    { "https", 0, 0, G_OPTION_ARG_NONE, &tls,
      N_ ("HTTPS on a loopback address too (elsewhere it always is)"), NULL },
    { "replica-port", 0, 0, G_OPTION_ARG_INT, &replica_port,
      N_ ("Also let deputies follow the desk here (0: any free port)"), "N" },
    { NULL },
  };

  g_option_context_set_summary (
    context,
    _ ("Serves the arbiters' team: HTTPS, with the certificate made for the event (kept in\n"
       "the file, so a deputy that takes over presents the same one) or the organiser's\n"
       "(--certificate, --key); plain HTTP only on a loopback address such as 127.0.0.1,\n"
       "the default. On start it prints the address and the certificate's SHA-256\n"
       "fingerprint, which the phone shows on its first visit to compare with the desk.\n"
       "Every request needs an arbiter's sign-in token (Authorization: Bearer), from\n"
       "arbiter-cli arbiters --add. POST /api/result, /api/call, /api/incident, /api/clock\n"
       "take JSON with the entry's own id, so a resend applies nothing twice; GET\n"
       "/api/entries lists what the desk stored. A request's head must come within 10 s,\n"
       "its body within 10 s more.\n"
       "With --replica-port, deputies (and the chief) keep a replica of the whole record\n"
       "there with arbiter-cli follow-desk. Runs until interrupted."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve-team: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || port < 0 || port > 65535 || replica_port < -1 || replica_port > 65535 ||
      (certificate_file == NULL) != (key_file == NULL))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli serve-team TOURNAMENT [--address ADDR] [--port N] "
               "[--certificate FILE --key FILE] [--https] [--replica-port N]");
      return 2;
    }
  if (address == NULL)
    address = g_strdup ("127.0.0.1");
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t != NULL)
    {
      certificate = choose_certificate (t, address, certificate_file, key_file, tls, &error);
      if (certificate != NULL || error == NULL)
        server = arb_team_server_new (t);
      if (server != NULL &&
          !arb_team_server_listen (server, address, (guint) port, certificate, &error))
        g_clear_object (&server);
    }
  if (server != NULL && replica_port >= 0)
    {
      replicas = arb_replica_server_new (t, authorize_deputy, g_object_ref (t), g_object_unref);
      /* Over the service's certificate, deputies on other machines may
       * follow; in plain HTTP only this one. */
      if (certificate != NULL)
        arb_replica_server_set_certificate (replicas, certificate);
      if (!arb_replica_server_listen (replicas, (guint) replica_port, certificate == NULL,
                                      &replica_bound, &error))
        g_clear_object (&server);
      else
        /* A floor entry is answered once a deputy holds it too. */
        arb_team_server_witness_replicas (server, replicas);
    }
  if (server == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli serve-team: %s\n"), error->message);
      return 1;
    }
  url = shown_url (address, arb_team_server_get_port (server), certificate != NULL);
  /* Translators: %s is the service's address, http(s)://ADDRESS:PORT/ */
  printf (_ ("Serving the arbiters' team on %s\n"), url);
  if (replicas != NULL && certificate == NULL)
    /* Translators: %u is a port number; the address is what
     * arbiter-cli follow-desk takes */
    printf (_ ("Deputies follow the desk at http://127.0.0.1:%u\n"), replica_bound);
  else if (replicas != NULL)
    {
      g_autofree char *replica_url = shown_url (address, replica_bound, TRUE);

      /* Translators: %s is an address, https://HOST:PORT/; arbiter-cli
       * follow-desk takes it with --fingerprint */
      printf (_ ("Deputies follow the desk at %s (follow-desk --fingerprint)\n"), replica_url);
    }
  if (certificate != NULL)
    {
      g_autofree char *fp = arb_team_certificate_fingerprint_text (certificate);

      printf ("%s\n", fp);
    }
  fflush (stdout);
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  return 0;
}
