/* cli-serve.c: arbiter-cli serve
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib-unix.h>
#include <stdio.h>

#include "arb-feed-server.h"
#include "arb-i18n.h"
#include "cli-commands.h"

#define DEFAULT_PORT 8080

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
is_blank (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

/* Publishes a round until stopped: the first line of standard output is
 * the address to open, printed once the server listens. */
int
arb_cli_serve (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("TOURNAMENT");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetWorker) worker = NULL;
  g_autoptr (ArbFeed) feed = NULL;
  g_autoptr (ArbFeedServer) server = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autofree char *address = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  int round = 0;
  int port = DEFAULT_PORT;
  int delay = 0;
  int max_connections = ARB_FEED_SERVER_DEFAULT_MAX_CONNECTIONS;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round,
      N_ ("Round to publish (default: the last with games)"), "N" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_ ("Address to listen on (default 127.0.0.1; 0.0.0.0 for every network)"), "ADDR" },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_ ("Port (default 8080; 0 for any free one)"), "N" },
    { "delay", 0, 0, G_OPTION_ARG_INT, &delay, N_ ("Hold moves and clock times back (0 to 60)"),
      "MIN" },
    { "token", 0, 0, G_OPTION_ARG_STRING, &token,
      N_ ("Access token every request must carry (?token=T or a Bearer header)"), "T" },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_connections,
      N_ ("Connections open at once (default 1024)"), "N" },
    { NULL },
  };
  const ArbFeedRound *published;

  g_option_context_set_summary (
    context, _ ("Publishes a round on the network and prints its address, then runs until\n"
                "stopped (Ctrl+C). The routes:\n"
                "  /                   the display page for the hall's screens\n"
                "  /?view=pairings     the display page as the round's pairings\n"
                "  /?view=standings    the display page as the standings\n"
                "  /?lang=sv           the display page in Swedish (en, sv, nb, da, nl)\n"
                "  /round.pgn          the round's games (PGN)\n"
                "  /board/N.pgn        board N's game (PGN)\n"
                "  /round.json         the round, games and clocks (JSON)\n"
                "  /pairings.json      the round's pairings (JSON)\n"
                "  /standings.json     the standings (JSON)\n"
                "  /events             live changes (server-sent events)"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve: %s\n"), error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli serve TOURNAMENT [--round N] [--address ADDR] [--port N] [--delay MIN] "
               "[--token T]");
      return 2;
    }
  if (round < 0 || port < 0 || port > 65535 || delay < 0 || delay > 60 || max_connections < 1)
    {
      fprintf (stderr, _ ("arbiter-cli serve: --round is 1 or more, --port 0 to 65535, --delay 0 "
                          "to 60 minutes, --max-connections 1 or more\n"));
      return 2;
    }
  if (token != NULL && is_blank (token))
    {
      /* A blank token would have meant an open feed without a word. */
      fprintf (stderr, _ ("arbiter-cli serve: --token is blank: give a token, or leave --token "
                          "out to serve an open feed\n"));
      return 2;
    }

  worker = arb_net_worker_new ();
  feed = arb_feed_new (worker, argv[1], round);
  arb_feed_set_delay (feed, (guint) delay * 60);
  if (!arb_feed_start (feed, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve: %s\n"), error->message);
      return 1;
    }
  server = arb_feed_server_new (feed);
  arb_feed_server_set_address (server, address);
  arb_feed_server_set_port (server, (guint) port);
  arb_feed_server_set_token (server, token);
  arb_feed_server_set_max_connections (server, (guint) max_connections);
  if (!arb_feed_server_start (server, &error))
    {
      fprintf (stderr, _ ("arbiter-cli serve: %s\n"), error->message);
      return 1;
    }

  url = arb_feed_server_dup_url (server);
  printf ("%s\n", url);
  fflush (stdout);
  state = arb_feed_dup_state (feed);
  published = arb_feed_state_get_round (state);
  if (published->round > 0)
    {
      /* Translators: "Publishing round 3 of “Tata Steel Open”, 64 boards." */
      fprintf (stderr,
               ngettext ("Publishing round %d of “%s”, %u board.",
                         "Publishing round %d of “%s”, %u boards.", published->games->len),
               published->round, published->event_name != NULL ? published->event_name : "",
               published->games->len);
      if (delay > 0)
        {
          fprintf (stderr, " ");
          fprintf (
            stderr,
            ngettext ("Moves are held back %d minute.", "Moves are held back %d minutes.", delay),
            delay);
        }
      fprintf (stderr, " %s\n", _ ("Stop with Ctrl+C."));
    }
  else
    fprintf (stderr, "%s %s\n",
             _ ("The tournament has no games yet; the feed shows them once paired."),
             _ ("Stop with Ctrl+C."));

  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_main_loop_run (loop);

  arb_feed_server_stop (server);
  arb_feed_stop (feed);
  return 0;
}
