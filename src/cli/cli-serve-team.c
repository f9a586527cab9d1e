/* cli-serve-team.c: arbiter-cli serve-team, the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-i18n.h"
#include "arb-team-server.h"
#include "cli-commands.h"

int
arb_cli_serve_team (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  int port = 8081;
  GOptionEntry entries[] = {
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_ ("The port (0: any free one)"), "N" },
    { NULL },
  };

  g_option_context_set_summary (
    context,
    _ ("Serves the arbiters' team on 127.0.0.1 (plain HTTP only there): every request needs\n"
       "an arbiter's sign-in token (Authorization: Bearer), from arbiter-cli arbiters --add.\n"
       "POST /api/result, /api/call, /api/incident, /api/clock take JSON with the entry's\n"
       "own id, so a resend applies nothing twice; GET /api/entries lists what the desk\n"
       "stored. Runs until interrupted."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve-team: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || port < 0 || port > 65535)
    {
      fprintf (stderr, _ ("Usage: %s\n"), "arbiter-cli serve-team TOURNAMENT [--port N]");
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t != NULL)
    {
      server = arb_team_server_new (t);
      if (!arb_team_server_listen_local (server, (guint) port, &error))
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
  fflush (stdout);
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  return 0;
}
