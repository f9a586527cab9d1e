/* cli-follow.c: arbiter-cli follow
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-pgn-reader.h"
#include "arb-round-sources.h"
#include "cli-commands.h"
#include "cli-json.h"
#include "cli-round-games.h"

typedef struct
{
  GMainLoop *loop;
  ArbRoundSources *sources;
  gboolean json;
  gboolean once;
  guint merged;
  guint refused;
  guint alerts;
  guint unassigned;
  guint failed;
} Follow;

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (((Follow *) data)->loop);
  return G_SOURCE_REMOVE;
}

static const char *
state_name (ArbSourceState state)
{
  static const char *const names[] = { "stopped", "connecting", "connected", "disconnected",
                                       "failed" };

  return (guint) state < G_N_ELEMENTS (names) ? names[state] : "stopped";
}

/* "12. Nf3" or "12... Nf6" for ply 23. */
static char *
numbered (guint ply, const char *san)
{
  return g_strdup_printf ("%u%s %s", (ply + 1) / 2, ply % 2 == 1 ? "." : "...", san);
}

static char *
clock_text (gint64 ms)
{
  char buf[32];

  arb_pgn_write_clock (ms, buf);
  return g_strdup (buf);
}

static void
print_json_event (const ArbRoundSourceEvent *event, int round)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  const ArbSourceGame *g = event->source_game;

  json_builder_begin_object (b);
  switch (event->kind)
    {
    case ARB_ROUND_SOURCE_MERGED:
      arb_cli_json_add_string (b, "event", "merged");
      break;
    case ARB_ROUND_SOURCE_REFUSED:
      arb_cli_json_add_string (b, "event", "refused");
      break;
    case ARB_ROUND_SOURCE_ALERT:
      arb_cli_json_add_string (b, "event", "alert");
      break;
    case ARB_ROUND_SOURCE_UNASSIGNED:
      arb_cli_json_add_string (b, "event", "unassigned");
      break;
    case ARB_ROUND_SOURCE_STATE:
    default:
      arb_cli_json_add_string (b, "event", "source");
      break;
    }
  arb_cli_json_add_string (b, "source", arb_source_get_uri (event->source));
  if (event->kind != ARB_ROUND_SOURCE_STATE && event->kind != ARB_ROUND_SOURCE_UNASSIGNED)
    {
      arb_cli_json_add_int (b, "round", round);
      arb_cli_json_add_int (b, "board", event->board);
      arb_cli_json_add_int (b, "ply", event->ply);
    }
  switch (event->kind)
    {
    case ARB_ROUND_SOURCE_MERGED:
      arb_cli_json_add_string (b, "san", event->san);
      if (event->white_ms >= 0)
        arb_cli_json_add_int (b, "white_ms", event->white_ms);
      else
        arb_cli_json_add_null (b, "white_ms");
      if (event->black_ms >= 0)
        arb_cli_json_add_int (b, "black_ms", event->black_ms);
      else
        arb_cli_json_add_null (b, "black_ms");
      break;
    case ARB_ROUND_SOURCE_REFUSED:
      arb_cli_json_add_string (b, "move", event->san != NULL ? event->san : "");
      arb_cli_json_add_string (b, "reason",
                               event->refusal == ARB_ROUND_SOURCE_REFUSAL_GAME_OVER ? "game-over"
                                                                                    : "not-stored");
      if (event->error != NULL)
        arb_cli_json_add_string (b, "error", event->error);
      break;
    case ARB_ROUND_SOURCE_ALERT:
      arb_cli_json_add_int (b, "alert", event->alert->id);
      arb_cli_json_add_bool (b, "repeated", event->repeated);
      arb_cli_json_add_string (b, "state", arb_source_alert_state_to_string (event->alert->state));
      arb_cli_json_add_string (b, "kind", arb_source_alert_kind_to_string (event->alert->kind));
      arb_cli_json_add_string (b, "reported", event->alert->reported);
      if (event->alert->stored != NULL)
        arb_cli_json_add_string (b, "stored", event->alert->stored);
      if (event->alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
        arb_cli_json_add_string (b, "article", "7.3");
      break;
    case ARB_ROUND_SOURCE_UNASSIGNED:
      arb_cli_json_add_string (b, "key", g->key);
      if (g->white != NULL)
        arb_cli_json_add_string (b, "white", g->white);
      if (g->black != NULL)
        arb_cli_json_add_string (b, "black", g->black);
      if (g->serial != NULL)
        arb_cli_json_add_string (b, "serial", g->serial);
      arb_cli_json_add_int (b, "moves", arb_source_game_get_n_moves (g));
      break;
    case ARB_ROUND_SOURCE_STATE:
    default:
      {
        g_autofree char *error = arb_source_dup_error (event->source);

        arb_cli_json_add_string (b, "state", state_name (arb_source_get_state (event->source)));
        if (error != NULL)
          arb_cli_json_add_string (b, "error", error);
        break;
      }
    }
  json_builder_end_object (b);
  arb_cli_json_print (b);
}

static void
print_text_event (const ArbRoundSourceEvent *event, int round)
{
  const char *uri = arb_source_get_uri (event->source);

  switch (event->kind)
    {
    case ARB_ROUND_SOURCE_MERGED:
      {
        g_autofree char *move = numbered (event->ply, event->san);

        /* Translators: "Board 3: 12. Nf3 stored" */
        printf (_ ("Board %d: %s stored"), event->board, move);
        if (event->white_ms >= 0 && event->black_ms >= 0)
          {
            g_autofree char *white = clock_text (event->white_ms);
            g_autofree char *black = clock_text (event->black_ms);

            /* Translators: the clock times stored with a move */
            printf (_ (" (White %s, Black %s)"), white, black);
          }
        printf ("\n");
        break;
      }
    case ARB_ROUND_SOURCE_REFUSED:
      {
        g_autofree char *move = numbered (event->ply, event->san != NULL ? event->san : "?");

        if (event->refusal == ARB_ROUND_SOURCE_REFUSAL_GAME_OVER)
          /* Translators: "Board 3: 41... Kd4 not stored: the game is over (1-0)" */
          printf (_ ("Board %d: %s not stored: the game is over (%s)\n"), event->board, move,
                  arb_result_to_string (arb_game_get_result (event->game)));
        else
          /* Translators: "Board 3: 12. Nf3 not stored: REASON" */
          printf (_ ("Board %d: %s not stored: %s\n"), event->board, move,
                  event->error != NULL ? event->error : "");
        break;
      }
    case ARB_ROUND_SOURCE_ALERT:
      if (event->repeated)
        {
          g_autofree char *move = numbered ((guint) event->alert->ply, event->alert->reported);

          /* Translators: "Board 3: 23... Ke1-e4 not stored: the alert raised for it before is open" */
          printf (event->alert->state == ARB_SOURCE_ALERT_OPEN
                    ? _ ("Board %d: %s not stored: the alert raised for it before is open\n")
                    : _ ("Board %d: %s not stored: the arbiter settled the alert raised for it "
                         "before\n"),
                  event->board,
                  event->alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE
                    ? move
                    : (event->alert->reported[0] != '\0' ? event->alert->reported : "–"));
        }
      else if (event->alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE)
        {
          g_autofree char *move = numbered ((guint) event->alert->ply, event->alert->reported);

          printf (_ ("Board %d: illegal move reported (%s): not stored; an alert waits for the "
                     "arbiter\n"),
                  event->board, move);
        }
      else if (event->alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
        /* Translators: "Board 2: games.pgn has the players with White and
         * Black reversed (source: Black – White; paired: White – Black)…";
         * 7.3 is the article of the Laws */
        printf (_ ("Board %d: %s has the players with White and Black reversed (source: %s; "
                   "paired: %s): nothing stored; an alert waits for the arbiter (7.3)\n"),
                event->board, uri, event->alert->reported,
                event->alert->stored != NULL ? event->alert->stored : "–");
      else if (event->alert->reported[0] == '\0')
        printf (_ ("Board %d: %s took back the moves from ply %d (stored: %s): nothing changed; "
                   "an alert waits for the arbiter\n"),
                event->board, uri, event->alert->ply, event->alert->stored);
      else
        printf (_ ("Board %d: %s changes the moves from ply %d (stored: %s; source: %s): nothing "
                   "changed; an alert waits for the arbiter\n"),
                event->board, uri, event->alert->ply,
                event->alert->stored != NULL && event->alert->stored[0] != '\0'
                  ? event->alert->stored
                  : "–",
                event->alert->reported);
      break;
    case ARB_ROUND_SOURCE_UNASSIGNED:
      {
        const ArbSourceGame *g = event->source_game;
        g_autofree char *what = g->serial != NULL
                                  ? g_strdup_printf (_ ("e-board %s"), g->serial)
                                  : g_strdup_printf ("%s – %s", g->white != NULL ? g->white : "?",
                                                     g->black != NULL ? g->black : "?");

        /* Translators: "No board of round 3 matches Carlsen – Nakamura (games.pgn); …" */
        printf (_ ("No board of round %d matches %s (%s); the arbiter can assign it\n"), round,
                what, uri);
        break;
      }
    case ARB_ROUND_SOURCE_STATE:
    default:
      {
        g_autofree char *error = arb_source_dup_error (event->source);

        switch (arb_source_get_state (event->source))
          {
          case ARB_SOURCE_CONNECTED:
            printf (_ ("%s: connected\n"), uri);
            break;
          case ARB_SOURCE_DISCONNECTED:
            printf (_ ("%s: disconnected (%s); trying again\n"), uri, error != NULL ? error : "");
            break;
          case ARB_SOURCE_FAILED:
            printf (_ ("%s: cannot be read (%s)\n"), uri, error != NULL ? error : "");
            break;
          case ARB_SOURCE_CONNECTING:
          case ARB_SOURCE_STOPPED:
          default:
            break;
          }
        break;
      }
    }
}

/* Whether every source has finished, as the events told it: a source's
 * state is the one that follows, in order, the games it delivered, so
 * when the last one says it stopped every move, refusal and alert of
 * every source has been counted. */
static gboolean
all_done (Follow *follow)
{
  g_autoptr (GPtrArray) sources = arb_round_sources_list (follow->sources);

  for (guint i = 0; i < sources->len; i++)
    {
      ArbSourceState state = arb_source_get_state (g_ptr_array_index (sources, i));

      if (state != ARB_SOURCE_STOPPED && state != ARB_SOURCE_FAILED)
        return FALSE;
    }
  return TRUE;
}

static void
event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, Follow *follow)
{
  int round = arb_round_sources_get_round (sources);

  switch (event->kind)
    {
    case ARB_ROUND_SOURCE_MERGED:
      follow->merged++;
      break;
    case ARB_ROUND_SOURCE_REFUSED:
      follow->refused++;
      break;
    case ARB_ROUND_SOURCE_ALERT:
      follow->alerts++;
      break;
    case ARB_ROUND_SOURCE_UNASSIGNED:
      follow->unassigned++;
      break;
    case ARB_ROUND_SOURCE_STATE:
    default:
      if (arb_source_get_state (event->source) == ARB_SOURCE_FAILED)
        follow->failed++;
      break;
    }
  /* Printed, and flushed, after the move was committed: what was said
   * survives a crash. */
  if (follow->json)
    print_json_event (event, round);
  else
    print_text_event (event, round);
  fflush (stdout);

  if (follow->once && event->kind == ARB_ROUND_SOURCE_STATE && all_done (follow))
    g_main_loop_quit (follow->loop);
}

/* Once the loop runs: sources that finished before it leave nothing to
 * wait for. */
static gboolean
check_done_cb (gpointer data)
{
  Follow *follow = data;

  if (all_done (follow))
    g_main_loop_quit (follow->loop);
  return G_SOURCE_REMOVE;
}

/* --once reads PGN: an e-board never finishes. */
static gboolean
once_refuses (const char *uri)
{
  g_autoptr (GError) error = NULL;
  ArbSourceKind kind;

  if (!arb_source_parse_uri (uri, &kind, &error))
    {
      fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
      return TRUE;
    }
  if (kind == ARB_SOURCE_LIVECHESS)
    {
      fprintf (stderr, _ ("arbiter-cli follow: --once reads a PGN source, not e-boards (%s)\n"),
               uri);
      return TRUE;
    }
  return FALSE;
}

static void
print_summary (Follow *follow)
{
  if (follow->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "event", "summary");
      arb_cli_json_add_int (b, "merged", follow->merged);
      arb_cli_json_add_int (b, "refused", follow->refused + follow->alerts);
      arb_cli_json_add_int (b, "alerts", follow->alerts);
      arb_cli_json_add_int (b, "unassigned", follow->unassigned);
      arb_cli_json_add_int (b, "failed", follow->failed);
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  else
    {
      printf (ngettext ("Merged %u move", "Merged %u moves", follow->merged), follow->merged);
      printf (ngettext ("; refused %u", "; refused %u", follow->refused + follow->alerts),
              follow->refused + follow->alerts);
      if (follow->unassigned > 0)
        printf (
          ngettext ("; %u game matches no board", "; %u games match no board", follow->unassigned),
          follow->unassigned);
      if (follow->failed > 0)
        printf (ngettext ("; %u source could not be read", "; %u sources could not be read",
                          follow->failed),
                follow->failed);
      printf (".\n");
    }
  fflush (stdout);
}

/* The games of the round, as the window loads them. */
GPtrArray *
arb_cli_load_round_games (ArbTournament *tournament, int *round, GError **error)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (tournament, error);
  g_autoptr (GPtrArray) infos = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  ArbEdition edition = ARB_EDITION_LATEST;
  ArbTimeControl tc;

  if (event == NULL)
    return NULL;
  if (event->time_control == NULL || !arb_time_control_parse (event->time_control, &tc, NULL, NULL))
    arb_time_control_parse ("-", &tc, NULL, NULL);
  arb_edition_from_year (event->edition, &edition);
  infos = arb_tournament_list_games (tournament, 0, error);
  if (infos == NULL)
    return NULL;
  if (*round == 0)
    for (guint i = 0; i < infos->len; i++)
      *round = MAX (*round, ((ArbGameInfo *) g_ptr_array_index (infos, i))->round);
  for (guint i = 0; i < infos->len; i++)
    {
      const ArbGameInfo *info = g_ptr_array_index (infos, i);
      ArbGame *game;

      if (info->round != *round || info->black_id == 0)
        continue;
      game = arb_game_load (tournament, info->id, &tc, edition, error);
      if (game == NULL)
        return NULL;
      g_ptr_array_add (games, game);
    }
  if (games->len == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   _ ("round %d has no games to follow"), *round);
      return NULL;
    }
  return g_steal_pointer (&games);
}

/* Follows the sources of a round, merging their moves, until stopped (or
 * once, for a PGN); one line or JSON object per merged move, refusal,
 * alert, unmatched game and change of a source. */
int
arb_cli_follow (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (ArbNetWorker) worker = NULL;
  g_autoptr (ArbRoundSources) sources = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_auto (GStrv) uris = NULL;
  int round = 0;
  int interval = 0;
  int settle = -1;
  gboolean once = FALSE;
  gboolean json = FALSE;
  Follow follow = { 0 };
  GOptionEntry entries[] = {
    { "source", 0, 0, G_OPTION_ARG_STRING_ARRAY, &uris,
      N_ ("A PGN file, a PGN address (http://…) or livechess://HOST[:PORT]; again for more "
          "(default: the sources the round keeps)"),
      N_ ("SOURCE") },
    { "round", 0, 0, G_OPTION_ARG_INT, &round,
      N_ ("Round to follow (default: the last with games)"), "N" },
    { "once", 0, 0, G_OPTION_ARG_NONE, &once,
      N_ ("Read each PGN source once, merge it and stop (exit status 1 when something was "
          "refused)"),
      NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("One JSON object per line"), NULL },
    { "interval", 0, 0, G_OPTION_ARG_INT, &interval,
      N_ ("Seconds between two readings of a PGN address (default 2)"), "S" },
    { "settle", 0, 0, G_OPTION_ARG_INT, &settle,
      N_ ("Milliseconds an e-board's moves must stand before they count (default 2500)"), "MS" },
    { NULL },
  };

  g_option_context_set_summary (
    context,
    _ ("Follows the sources of a round and stores their new moves with their clock times,\n"
       "each in its own durable transaction, as if entered at the board; prints one line\n"
       "for each move stored, each move refused and why, each alert for the arbiter (an\n"
       "illegal move reported, moves that differ from the stored ones) and each game that\n"
       "matches no board. Runs until stopped (Ctrl+C); with --once, reads each PGN source\n"
       "one time and exits 0, or 1 when something was refused."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || round < 0 || interval < 0 || settle < -1)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli follow TOURNAMENT --source FILE|URL|livechess://HOST[:PORT] "
               "[--round N] [--once] [--json]");
      return 2;
    }
  for (guint i = 0; once && uris != NULL && uris[i] != NULL; i++)
    if (once_refuses (uris[i]))
      return 2;

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL || (games = arb_cli_load_round_games (tournament, &round, &error)) == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
      return 1;
    }

  loop = g_main_loop_new (NULL, FALSE);
  worker = arb_net_worker_new ();
  sources = arb_round_sources_new (worker, tournament, round, games);
  arb_round_sources_set_once (sources, once);
  if (settle >= 0)
    arb_round_sources_set_settle (sources, (guint) settle);
  follow.loop = loop;
  follow.sources = sources;
  follow.json = json;
  follow.once = once;
  g_signal_connect (sources, "event", G_CALLBACK (event_cb), &follow);

  if (uris == NULL && once)
    {
      g_autoptr (GPtrArray) kept = arb_tournament_list_move_sources (tournament, round, &error);

      if (kept == NULL)
        {
          fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
          return 1;
        }
      for (guint i = 0; i < kept->len; i++)
        if (once_refuses (((ArbMoveSourceInfo *) g_ptr_array_index (kept, i))->uri))
          return 2;
    }
  if (uris == NULL)
    {
      if (arb_round_sources_start_remembered (sources, &error) == 0)
        {
          if (error != NULL)
            {
              fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
              return 1;
            }
          fprintf (stderr,
                   _ ("arbiter-cli follow: round %d keeps no sources; name one with --source\n"),
                   round);
          return 2;
        }
    }
  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    if (arb_round_sources_add (sources, uris[i], (guint) interval * 1000, FALSE, &error) == NULL)
      {
        fprintf (stderr, _ ("arbiter-cli follow: %s\n"), error->message);
        return 2;
      }

  g_unix_signal_add (SIGINT, quit_cb, &follow);
  g_unix_signal_add (SIGTERM, quit_cb, &follow);
  /* Never skipped: what the sources read is merged in the loop, even
   * when they all finished before it runs. */
  if (once)
    g_idle_add (check_done_cb, &follow);
  g_main_loop_run (loop);
  arb_round_sources_stop (sources);

  if (once)
    {
      print_summary (&follow);
      return follow.refused + follow.alerts + follow.failed > 0 ? 1 : 0;
    }
  return 0;
}
