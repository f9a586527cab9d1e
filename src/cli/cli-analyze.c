/* cli-analyze.c: arbiter-cli analyze
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-pgn-reader.h"
#include "arb-position.h"
#include "arb-json.h"
#include "arb-i18n.h"
#include "cli-commands.h"

typedef struct
{
  gboolean json;
  ArbEdition edition;
  ArbGameStatus *status;
  char *white;
  char *black;
  gboolean started;
  gboolean replay_failed;
  GString *line;
  guint n_games;
  guint64 n_plies;
  guint n_errors;
  guint n_ended;
} AnalyzeRun;

static int
usage (FILE *out)
{
  /* Translators: keep the command, its options and the words in capitals
   * as they are */
  fputs (_ ("Usage: arbiter-cli analyze [--json] [--edition YEAR] FILE...\n\n"
            "Replays every game and reports, ply by ply (ply 0 = the initial\n"
            "position), what the FIDE Laws make of it: threefold and 50-move\n"
            "claims (9.2, 9.3), and the automatic ends checkmate, stalemate, dead\n"
            "position, fivefold repetition and 75 moves (5.1.1, 5.2.1, 5.2.2,\n"
            "9.6.1, 9.6.2). Moves after the first automatic end are void.\n"
            "With --json, one JSON line per game. --edition 2001|2009|2014|2018|2023\n"
            "(default 2023) picks the Laws: before 2014, fivefold repetition and\n"
            "75 moves are reported but do not end the game.\n"),
         out);
  return out == stdout ? 0 : 2;
}

static void
game_start_cb (ArbPgnReader *reader, gpointer user_data)
{
  AnalyzeRun *run = user_data;

  g_clear_pointer (&run->white, g_free);
  g_clear_pointer (&run->black, g_free);
  run->started = FALSE;
  run->replay_failed = FALSE;
}

static void
tag_cb (ArbPgnReader *reader,
        const char *name,
        const char *value,
        gsize value_len,
        gpointer user_data)
{
  AnalyzeRun *run = user_data;

  if (strcmp (name, "White") == 0)
    {
      g_free (run->white);
      run->white = g_strndup (value, value_len);
    }
  else if (strcmp (name, "Black") == 0)
    {
      g_free (run->black);
      run->black = g_strndup (value, value_len);
    }
}

static void
movetext_start_cb (ArbPgnReader *reader, const ArbPosition *start, gpointer user_data)
{
  AnalyzeRun *run = user_data;

  if (run->status == NULL)
    {
      run->status = arb_game_status_new (start);
      arb_game_status_set_edition (run->status, run->edition);
    }
  else
    arb_game_status_reset (run->status, start);
  run->started = TRUE;
}

static void
move_cb (ArbPgnReader *reader,
         const ArbPosition *before,
         ArbMove move,
         const char *san,
         gsize san_len,
         gpointer user_data)
{
  AnalyzeRun *run = user_data;

  /* Variations are comments on the game, not moves of it. */
  if (!run->started || run->replay_failed || arb_pgn_reader_get_depth (reader) > 0)
    return;
  if (!arb_game_status_push (run->status, move))
    run->replay_failed = TRUE;
}

static void
append_event (GString *out, ArbGameStatus *status, const ArbGameEvent *event)
{
  g_string_append_printf (out, "{\"ply\":%u,\"kind\":\"%s\",\"article\":\"%s\"", event->ply,
                          arb_game_event_kind_to_string (event->kind),
                          arb_game_event_kind_article (event->kind));
  if (event->kind == ARB_GAME_EVENT_THREEFOLD || event->kind == ARB_GAME_EVENT_FIVEFOLD)
    {
      guint plies[5];
      guint n = event->kind == ARB_GAME_EVENT_THREEFOLD ? 3 : 5;

      /* At the event's ply the position occurs exactly 3 (or 5) times. */
      arb_game_status_get_occurrences (status, event->ply, plies, n);
      g_string_append (out, ",\"occurrences\":[");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (out, "%s%u", i > 0 ? "," : "", plies[i]);
      g_string_append_c (out, ']');
    }
  if (event->kind == ARB_GAME_EVENT_FIFTY || event->kind == ARB_GAME_EVENT_SEVENTY_FIVE)
    g_string_append_printf (out, ",\"halfmove_clock\":%u",
                            arb_game_status_get_halfmove_clock (status, event->ply));
  g_string_append_printf (out, ",\"void\":%s}", event->is_void ? "true" : "false");
}

static void
game_end_cb (ArbPgnReader *reader, const GError *error, gpointer user_data)
{
  AnalyzeRun *run = user_data;
  GString *out = run->line;
  const ArbGameEvent *events = NULL;
  guint n_events = 0, plies = 0, end_ply = 0, void_plies = 0;
  ArbGameEventKind end_kind = ARB_GAME_EVENT_CHECKMATE;
  gboolean ended = FALSE;

  run->n_games++;
  if (run->started)
    {
      events = arb_game_status_get_events (run->status, &n_events);
      plies = arb_game_status_get_ply (run->status);
      ended = arb_game_status_get_end (run->status, &end_kind, &end_ply);
      void_plies = arb_game_status_get_void_plies (run->status);
    }
  run->n_plies += plies;
  run->n_errors += error != NULL || run->replay_failed;
  run->n_ended += ended;

  g_string_truncate (out, 0);
  if (!run->json)
    {
      /* The kinds of events (threefold, checkmate, …) are the names --json
       * and the documentation use; the sentences around them are
       * translated. */
      g_string_append_printf (out, _ ("game %u: %u plies"), arb_pgn_reader_get_game_number (reader),
                              plies);
      if (ended)
        /* Translators: the game ended by KIND (ARTICLE) at ply N, and the
         * number of plies played after it, which do not count; KIND is a
         * name such as "checkmate" that is not translated */
        g_string_append_printf (out, _ (", ended by %s (%s) at ply %u, %u void plies"),
                                arb_game_event_kind_to_string (end_kind),
                                arb_game_event_kind_article (end_kind), end_ply, void_plies);
      for (guint i = 0; i < n_events; i++)
        g_string_append_printf (out, "%s%s@%u%s", i == 0 ? _ ("; events: ") : ", ",
                                arb_game_event_kind_to_string (events[i].kind), events[i].ply,
                                events[i].is_void ? _ (" (void)") : "");
      if (error != NULL)
        g_string_append_printf (out, _ ("; error: %s"), error->message);
      printf ("%s\n", out->str);
      return;
    }

  g_string_append_printf (out, "{\"game\":%u,\"white\":", arb_pgn_reader_get_game_number (reader));
  arb_json_append_string (out, run->white != NULL ? run->white : "");
  g_string_append (out, ",\"black\":");
  arb_json_append_string (out, run->black != NULL ? run->black : "");
  g_string_append_printf (out, ",\"plies\":%u,\"events\":[", plies);
  for (guint i = 0; i < n_events; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_event (out, run->status, &events[i]);
    }
  g_string_append (out, "],\"end\":");
  if (ended)
    g_string_append_printf (out, "{\"ply\":%u,\"kind\":\"%s\",\"article\":\"%s\"}", end_ply,
                            arb_game_event_kind_to_string (end_kind),
                            arb_game_event_kind_article (end_kind));
  else
    g_string_append (out, "null");
  g_string_append_printf (out, ",\"void_plies\":%u", void_plies);
  if (run->started)
    {
      char fen[ARB_FEN_MAX];

      arb_position_write_fen (arb_game_status_get_position (run->status), ARB_FEN_FLAGS_NONE, fen);
      g_string_append (out, ",\"final_fen\":");
      arb_json_append_string (out, fen);
    }
  g_string_append (out, ",\"error\":");
  if (error != NULL)
    {
      const ArbPgnErrorInfo *info = arb_pgn_reader_get_error_info (reader);

      g_string_append_printf (out, "{\"ply\":%u,\"move\":", info->ply);
      arb_json_append_string (out, info->token);
      g_string_append (out, ",\"message\":");
      arb_json_append_string (out, error->message);
      g_string_append_c (out, '}');
    }
  else if (run->replay_failed)
    g_string_append (out,
                     "{\"ply\":0,\"move\":\"\",\"message\":\"the game status refused a move\"}");
  else
    g_string_append (out, "null");
  g_string_append_c (out, '}');
  printf ("%s\n", out->str);
}

int
arb_cli_analyze (int argc, char **argv)
{
  static const ArbPgnVisitor visitor = {
    .game_start = game_start_cb,
    .tag = tag_cb,
    .movetext_start = movetext_start_cb,
    .move = move_cb,
    .game_end = game_end_cb,
  };
  AnalyzeRun run = { .edition = ARB_EDITION_LATEST };
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  ArbPgnReader *reader;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        run.json = TRUE;
      else if (strcmp (argv[i], "--edition") == 0)
        {
          if (i + 1 >= argc || !arb_edition_from_year (atoi (argv[i + 1]), &run.edition))
            return usage (stderr);
          i++;
        }
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        return usage (stdout);
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        return usage (stderr);
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0)
    return usage (stderr);

  run.line = g_string_new (NULL);
  reader = arb_pgn_reader_new (&visitor, &run, ARB_PGN_READER_DEFAULT);
  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!arb_pgn_reader_read_file (reader, files->pdata[i], &error))
        {
          fprintf (stderr, "arbiter-cli analyze: %s\n", error->message);
          status = 2;
        }
    }
  arb_pgn_reader_free (reader);

  if (!run.json)
    printf (_ ("analyze: %u games, %llu plies, %u ended automatically, %u with errors\n"),
            run.n_games, (unsigned long long) run.n_plies, run.n_ended, run.n_errors);

  arb_game_status_free (run.status);
  g_free (run.white);
  g_free (run.black);
  g_string_free (run.line, TRUE);
  if (status != 0)
    return status;
  return run.n_errors > 0 ? 1 : 0;
}
