/* cli-serve-team.c: arbiter-cli serve-team, the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-i18n.h"
#include "arb-replica-server.h"
#include "arb-team-server.h"
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

int
arb_cli_serve_team (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (ArbReplicaServer) replicas = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  int port = 8081;
  int replica_port = -1;
  guint replica_bound = 0;
  GOptionEntry entries[] = {
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_ ("The port (0: any free one)"), "N" },
    { "replica-port", 0, 0, G_OPTION_ARG_INT, &replica_port,
      N_ ("Also let deputies follow the desk here (0: any free port)"), "N" },
    { NULL },
  };

  g_option_context_set_summary (
    context,
    _ ("Serves the arbiters' team on 127.0.0.1 (plain HTTP only there): every request needs\n"
       "an arbiter's sign-in token (Authorization: Bearer), from arbiter-cli arbiters --add.\n"
       "POST /api/result, /api/call, /api/incident, /api/clock take JSON with the entry's\n"
       "own id, so a resend applies nothing twice; GET /api/entries lists what the desk\n"
       "stored. With --replica-port, deputies (and the chief) keep a replica of the\n"
       "whole record there with arbiter-cli follow-desk. Runs until interrupted."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve-team: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || port < 0 || port > 65535 || replica_port < -1 || replica_port > 65535)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli serve-team TOURNAMENT [--port N] [--replica-port N]");
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t != NULL)
    {
      server = arb_team_server_new (t);
      if (!arb_team_server_listen_local (server, (guint) port, &error))
        g_clear_object (&server);
    }
  if (server != NULL && replica_port >= 0)
    {
      replicas = arb_replica_server_new (t, authorize_deputy, g_object_ref (t), g_object_unref);
      if (!arb_replica_server_listen (replicas, (guint) replica_port, TRUE, &replica_bound, &error))
        g_clear_object (&server);
    }
  if (server == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli serve-team: %s\n"), error->message);
      return 1;
    }
  /* Translators: %u is a port number */
  printf (_ ("Serving the arbiters' team on http://127.0.0.1:%u/\n"),
          arb_team_server_get_port (server));
  if (replicas != NULL)
    /* Translators: %u is a port number; the address is what
     * arbiter-cli follow-desk takes */
    printf (_ ("Deputies follow the desk at http://127.0.0.1:%u\n"), replica_bound);
  fflush (stdout);
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  return 0;
}
