/* cli-alerts.c: arbiter-cli alerts
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-desk-lock.h"
#include "arb-i18n.h"
#include "arb-round-sources.h"
#include "cli-commands.h"
#include "cli-json.h"
#include "cli-round-games.h"

/* How long --accept waits for the source to report the alert's game. */
#define ACCEPT_WAIT_S 30

static const char *
state_words (ArbSourceAlertState state)
{
  switch (state)
    {
    case ARB_SOURCE_ALERT_OPEN:
      return C_ ("source alert", "open");
    case ARB_SOURCE_ALERT_DISMISSED:
      return C_ ("source alert", "dismissed as a misread");
    case ARB_SOURCE_ALERT_RULED:
      return C_ ("source alert", "ruled");
    case ARB_SOURCE_ALERT_ACCEPTED:
      return C_ ("source alert", "the source's moves taken");
    case ARB_SOURCE_ALERT_CLEARED:
    default:
      return C_ ("source alert", "cleared by the source");
    }
}

/* "12. Nf3" or "12... Nf6" for ply 23. */
static char *
numbered (int ply, const char *san)
{
  return g_strdup_printf ("%d%s %s", (ply + 1) / 2, ply % 2 == 1 ? "." : "...", san);
}

static void
print_alert (const ArbSourceAlertInfo *alert, const ArbGameInfo *game)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, alert->id);
  g_autofree char *what = NULL;

  switch (alert->kind)
    {
    case ARB_SOURCE_ALERT_ILLEGAL_MOVE:
      {
        g_autofree char *move = numbered (alert->ply, alert->reported);

        /* Translators: "illegal move reported (23... Ke1-e4)" */
        what = g_strdup_printf (_ ("illegal move reported (%s)"), move);
        break;
      }
    case ARB_SOURCE_ALERT_CHANGED_MOVES:
      /* Translators: the moves of the source and the stored ones from the
       * first that differs ("–" for none) */
      what =
        g_strdup_printf (_ ("moves differ from ply %d: source %s, stored %s"), alert->ply,
                         alert->reported[0] != '\0' ? alert->reported : "–",
                         alert->stored != NULL && alert->stored[0] != '\0' ? alert->stored : "–");
      break;
    case ARB_SOURCE_ALERT_WRONG_COLOURS:
    default:
      /* Translators: 7.3 is the article of the Laws of Chess */
      what = g_strdup_printf (_ ("White and Black reversed (7.3): source %s, paired %s"),
                              alert->reported, alert->stored != NULL ? alert->stored : "–");
      break;
    }
  /* Translators: "Alert 4, round 1 board 2: illegal move reported (2... Ke8-e6); games.pgn;
   * open" */
  printf (_ ("Alert %s, round %d board %d: %s; %s; %s\n"), id, game->round, game->board, what,
          alert->source, state_words (alert->state));
}

static void
add_alert_json (JsonBuilder *b, const ArbSourceAlertInfo *alert, const ArbGameInfo *game)
{
  json_builder_begin_object (b);
  arb_cli_json_add_int (b, "id", alert->id);
  arb_cli_json_add_int (b, "round", game->round);
  arb_cli_json_add_int (b, "board", game->board);
  arb_cli_json_add_string (b, "kind", arb_source_alert_kind_to_string (alert->kind));
  arb_cli_json_add_string (b, "state", arb_source_alert_state_to_string (alert->state));
  arb_cli_json_add_string (b, "source", alert->source);
  arb_cli_json_add_int (b, "ply", alert->ply);
  arb_cli_json_add_string (b, "reported", alert->reported);
  if (alert->stored != NULL)
    arb_cli_json_add_string (b, "stored", alert->stored);
  else
    arb_cli_json_add_null (b, "stored");
  arb_cli_json_add_string (b, "raised", alert->raised);
  if (alert->settled != NULL)
    arb_cli_json_add_string (b, "settled", alert->settled);
  else
    arb_cli_json_add_null (b, "settled");
  if (alert->ruling_id != 0)
    arb_cli_json_add_int (b, "ruling", alert->ruling_id);
  else
    arb_cli_json_add_null (b, "ruling");
  json_builder_end_object (b);
}

/* The alerts of the file (of one round when @round > 0), open ones only
 * unless @all. */
static int
list_alerts (const char *path, int round, gboolean all, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GPtrArray) alerts = NULL;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint shown = 0;

  if (t == NULL || (alerts = arb_tournament_list_source_alerts (t, 0, !all, &error)) == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli alerts: %s\n"), error->message);
      return 1;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "alerts");
  json_builder_begin_array (b);
  for (guint i = 0; i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *alert = g_ptr_array_index (alerts, i);
      g_autoptr (ArbGameInfo) game = arb_tournament_get_game (t, alert->game_id, &error);

      if (game == NULL)
        {
          fprintf (stderr, _ ("arbiter-cli alerts: %s\n"), error->message);
          return 1;
        }
      if (round > 0 && game->round != round)
        continue;
      shown++;
      if (json)
        add_alert_json (b, alert, game);
      else
        print_alert (alert, game);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (json)
    arb_cli_json_print (b);
  else if (shown == 0)
    printf ("%s\n", all ? _ ("No alerts.") : _ ("No open alerts."));
  return 0;
}

typedef struct
{
  GMainLoop *loop;
  ArbRoundSources *sources;
  ArbTournament *tournament;
  gint64 alert_id;
  gboolean reported;
} Accept;

/* The source reported the alert's cause again: its moves are known. */
static void
accept_event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, Accept *a)
{
  if (event->kind == ARB_ROUND_SOURCE_ALERT && event->alert != NULL &&
      event->alert->id == a->alert_id)
    {
      a->reported = TRUE;
      g_main_loop_quit (a->loop);
    }
  else if (event->kind == ARB_ROUND_SOURCE_STATE &&
           arb_source_get_state (event->source) == ARB_SOURCE_FAILED)
    g_main_loop_quit (a->loop);
}

/* The source cleared the alert, or another writer settled it. */
static void
accept_changed_cb (ArbRoundSources *sources, Accept *a)
{
  g_autoptr (ArbSourceAlertInfo) alert =
    arb_tournament_get_source_alert (a->tournament, a->alert_id, NULL);

  if (alert == NULL || alert->state != ARB_SOURCE_ALERT_OPEN)
    g_main_loop_quit (a->loop);
}

static gboolean
accept_timeout_cb (gpointer data)
{
  g_main_loop_quit (((Accept *) data)->loop);
  return G_SOURCE_REMOVE;
}

/* The source's moves are read again (as follow --once reads it; what it
 * says of other games is merged too), then taken for the alert's game. */
static gboolean
accept_alert (ArbRoundSources *sources,
              ArbTournament *tournament,
              const ArbSourceAlertInfo *alert,
              GError **error)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Accept a = { loop, sources, tournament, alert->id, FALSE };
  guint timeout;

  arb_round_sources_set_once (sources, !g_str_has_prefix (alert->source, "livechess:"));
  g_signal_connect (sources, "event", G_CALLBACK (accept_event_cb), &a);
  g_signal_connect (sources, "changed", G_CALLBACK (accept_changed_cb), &a);
  if (arb_round_sources_add (sources, alert->source, 0, FALSE, error) == NULL)
    return FALSE;
  timeout = g_timeout_add_seconds (ACCEPT_WAIT_S, accept_timeout_cb, &a);
  g_main_loop_run (loop);
  g_source_remove (timeout);
  g_signal_handlers_disconnect_by_data (sources, &a);
  if (!a.reported)
    {
      g_autoptr (ArbSourceAlertInfo) now =
        arb_tournament_get_source_alert (tournament, alert->id, NULL);

      if (now != NULL && now->state != ARB_SOURCE_ALERT_OPEN)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                     _ ("The alert is settled already (%s)"), state_words (now->state));
      else
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                     _ ("The source %s did not report the alert's game again: its moves are not "
                        "known"),
                     alert->source);
      return FALSE;
    }
  return arb_round_sources_accept_alert (sources, alert->id, error);
}

/* Settles one alert through the round's sources, as the window does,
 * holding the desk lock so that no desk writes meanwhile. */
static int
settle_alert (const char *path, gint64 id, gboolean accept, const char *reason, const char *arbiter)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskHolder) holder = NULL;
  g_autoptr (ArbDeskLock) lock = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbSourceAlertInfo) alert = NULL;
  g_autoptr (ArbGameInfo) game = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (ArbNetWorker) worker = NULL;
  g_autoptr (ArbRoundSources) sources = NULL;
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  int round;
  gboolean ok;

  lock = arb_desk_lock_acquire (path, "arbiter-cli " PACKAGE_VERSION, &holder, &error);
  if (lock == NULL && g_error_matches (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD))
    {
      fprintf (stderr,
               /* Translators: %s is a computer's name; the alert is settled at the desk
                * that writes the file */
               _ ("arbiter-cli alerts: another desk writes %s (%s): settle the alert there, or "
                  "close the file there first\n"),
               path, holder != NULL && holder->host != NULL ? holder->host : "?");
      return 1;
    }
  g_clear_error (&error);
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t != NULL)
    alert = arb_tournament_get_source_alert (t, id, &error);
  if (alert != NULL)
    game = arb_tournament_get_game (t, alert->game_id, &error);
  round = game != NULL ? game->round : 0;
  if (game != NULL)
    games = arb_cli_load_round_games (t, &round, &error);
  if (games == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli alerts: %s\n"), error->message);
      return 1;
    }
  worker = arb_net_worker_new ();
  sources = arb_round_sources_new (worker, t, round, games);
  ok = accept ? accept_alert (sources, t, alert, &error)
              : arb_round_sources_dismiss_alert_why (sources, id, reason, arbiter, &error);
  arb_round_sources_stop (sources);
  if (!ok)
    {
      fprintf (stderr, _ ("arbiter-cli alerts: alert %s: %s\n"), id_text, error->message);
      return 1;
    }
  printf (accept ? _ ("Alert %s (round %d board %d): the source's moves taken.\n")
                 : _ ("Alert %s (round %d board %d): dismissed as a misread.\n"),
          id_text, game->round, game->board);
  return 0;
}

int
arb_cli_alerts (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *arbiter = NULL;
  gint64 dismiss = 0;
  gint64 accept = 0;
  int round = 0;
  gboolean all = FALSE;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_ ("Only the alerts of this round"), "N" },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_ ("The settled alerts too"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("One JSON object with the list"), NULL },
    { "dismiss", 0, 0, G_OPTION_ARG_INT64, &dismiss,
      N_ ("Dismiss this alert as a misread (needs --reason)"), "ID" },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason, N_ ("Why, for the log"), N_ ("TEXT") },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter, N_ ("Who decided, for the log"),
      N_ ("NAME") },
    { "accept", 0, 0, G_OPTION_ARG_INT64, &accept,
      N_ ("Take the source's moves for this alert (changed moves, reversed colours)"), "ID" },
    { NULL },
  };

  g_option_context_set_summary (
    context,
    _ ("Lists the alerts the sources of moves raised (an illegal move reported, moves that\n"
       "differ from the stored ones, White and Black reversed), the open ones unless --all.\n"
       "--dismiss and --accept settle one the way the window does, with a line in the log;\n"
       "--accept reads the alert's source once more for its moves (what it says of other\n"
       "games is stored too, as follow --once would). Both refuse while another desk writes\n"
       "the file. Exit status 0, 1 when the file or the alert refused, 2 for bad usage."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli alerts: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || round < 0 || dismiss < 0 || accept < 0 || (dismiss > 0 && accept > 0) ||
      (dismiss > 0 && (reason == NULL || reason[0] == '\0')) ||
      (dismiss == 0 && (reason != NULL || arbiter != NULL)))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli alerts TOURNAMENT [--round N] [--all] [--json] | --dismiss ID "
               "--reason TEXT [--arbiter NAME] | --accept ID");
      return 2;
    }
  if (dismiss > 0 || accept > 0)
    return settle_alert (argv[1], dismiss > 0 ? dismiss : accept, accept > 0, reason, arbiter);
  return list_alerts (argv[1], round, all, json);
}
