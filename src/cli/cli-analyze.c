/* cli-analyze.c: arbiter-cli analyze
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-pgn-reader.h"
#include "arb-position.h"
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"
#include "cli-words.h"

typedef struct
{
  gboolean json;
  ArbEdition edition;
  guint64 dead_budget;
  ArbGameStatus *status;
  char *white;
  char *black;
  gboolean started;
  gboolean replay_failed;
  /* How deep in variations the reader is, told by its callbacks so that
   * no move asks it. */
  guint depth;
  /* The last move read, pushed when the next one shows the position it
   * leads to (the reader has made it already), or at the game's end. */
  ArbMove pending;
  GString *line;
  guint n_games;
  guint64 n_plies;
  guint n_errors;
  guint n_ended;
} AnalyzeRun;

static void
game_start_cb (ArbPgnReader *reader, gpointer user_data)
{
  AnalyzeRun *run = user_data;

  g_clear_pointer (&run->white, g_free);
  g_clear_pointer (&run->black, g_free);
  run->started = FALSE;
  run->replay_failed = FALSE;
  run->depth = 0;
  run->pending = ARB_MOVE_NONE;
}

static void
tag_cb (ArbPgnReader *reader,
        const char *name,
        const char *value,
        gsize value_len,
        gpointer user_data)
{
  AnalyzeRun *run = user_data;

  /* The first letter first: most tags are neither. */
  if (name[0] == 'W' && strcmp (name, "White") == 0)
    {
      g_free (run->white);
      run->white = g_strndup (value, value_len);
    }
  else if (name[0] == 'B' && strcmp (name, "Black") == 0)
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
      arb_game_status_set_dead_search (run->status, run->dead_budget);
    }
  else
    arb_game_status_reset (run->status, start);
  run->started = TRUE;
  run->pending = ARB_MOVE_NONE;
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
  if (!run->started || run->replay_failed || run->depth > 0)
    return;
  /* The reader gives only legal moves, in the position it has replayed:
   * @before is where the last move led, which the status takes over
   * instead of making that move a second time, and @move, legal there,
   * tells it that @before is no mate or stalemate. The status has replayed
   * the same before it, which the sides to move show. */
  if (run->pending != ARB_MOVE_NONE)
    {
      if (!arb_game_status_push_reached_with_next (run->status, run->pending, before, move))
        {
          run->replay_failed = TRUE;
          return;
        }
    }
  else if (arb_game_status_get_position (run->status)->key != before->key)
    {
      run->replay_failed = TRUE;
      return;
    }
  run->pending = move;
}

static void
variation_start_cb (ArbPgnReader *reader, gpointer user_data)
{
  AnalyzeRun *run = user_data;

  run->depth++;
}

static void
variation_end_cb (ArbPgnReader *reader, gpointer user_data)
{
  AnalyzeRun *run = user_data;

  run->depth--;
}

/* The game's last move, which no next move has shown made. */
static void
push_pending (AnalyzeRun *run)
{
  if (run->started && !run->replay_failed && run->pending != ARB_MOVE_NONE)
    arb_game_status_push_legal (run->status, run->pending);
  run->pending = ARB_MOVE_NONE;
}

static void
add_event (ArbCliJsonWriter *w, ArbGameStatus *status, const ArbGameEvent *event)
{
  arb_cli_json_writer_begin_object (w, NULL);
  arb_cli_json_writer_add_int (w, "ply", event->ply);
  arb_cli_json_writer_add_string (w, "kind", arb_game_event_kind_to_string (event->kind));
  arb_cli_json_writer_add_string (w, "article", arb_game_event_kind_article (event->kind));
  if (event->kind == ARB_GAME_EVENT_THREEFOLD || event->kind == ARB_GAME_EVENT_FIVEFOLD)
    {
      guint plies[5];
      guint n = event->kind == ARB_GAME_EVENT_THREEFOLD ? 3 : 5;

      /* At the event's ply the position occurs exactly 3 (or 5) times. */
      arb_game_status_get_occurrences (status, event->ply, plies, n);
      arb_cli_json_writer_begin_array (w, "occurrences");
      for (guint i = 0; i < n; i++)
        arb_cli_json_writer_add_int (w, NULL, plies[i]);
      arb_cli_json_writer_end_array (w);
    }
  if (event->kind == ARB_GAME_EVENT_FIFTY || event->kind == ARB_GAME_EVENT_SEVENTY_FIVE)
    arb_cli_json_writer_add_int (w, "halfmove_clock",
                                 arb_game_status_get_halfmove_clock (status, event->ply));
  arb_cli_json_writer_add_bool (w, "void", event->is_void);
  arb_cli_json_writer_end_object (w);
}

/* The game's line of --json, through the writer: a builder's tree for
 * every game cost more than replaying its moves. */
static void
write_json (AnalyzeRun *run,
            ArbPgnReader *reader,
            const GError *error,
            guint plies,
            gboolean ended,
            ArbGameEventKind end_kind,
            guint end_ply,
            guint void_plies)
{
  ArbCliJsonWriter writer, *w = &writer;
  const ArbGameEvent *events = NULL;
  guint n_events = 0;

  if (run->started)
    events = arb_game_status_get_events (run->status, &n_events);
  arb_cli_json_writer_init (w, run->line);
  arb_cli_json_writer_begin_object (w, NULL);
  arb_cli_json_writer_add_int (w, "game", arb_pgn_reader_get_game_number (reader));
  arb_cli_json_writer_add_string (w, "white", run->white != NULL ? run->white : "");
  arb_cli_json_writer_add_string (w, "black", run->black != NULL ? run->black : "");
  arb_cli_json_writer_add_int (w, "plies", plies);
  arb_cli_json_writer_begin_array (w, "events");
  for (guint i = 0; i < n_events; i++)
    add_event (w, run->status, &events[i]);
  arb_cli_json_writer_end_array (w);
  if (ended)
    {
      arb_cli_json_writer_begin_object (w, "end");
      arb_cli_json_writer_add_int (w, "ply", end_ply);
      arb_cli_json_writer_add_string (w, "kind", arb_game_event_kind_to_string (end_kind));
      arb_cli_json_writer_add_string (w, "article", arb_game_event_kind_article (end_kind));
      arb_cli_json_writer_end_object (w);
    }
  else
    arb_cli_json_writer_add_null (w, "end");
  arb_cli_json_writer_add_int (w, "void_plies", void_plies);
  if (run->started)
    {
      char fen[ARB_FEN_MAX];

      arb_position_write_fen (arb_game_status_get_position (run->status), ARB_FEN_FLAGS_NONE, fen);
      arb_cli_json_writer_add_string (w, "final_fen", fen);
    }
  if (error != NULL || run->replay_failed)
    {
      const ArbPgnErrorInfo *info = arb_pgn_reader_get_error_info (reader);

      arb_cli_json_writer_begin_object (w, "error");
      arb_cli_json_writer_add_int (w, "ply", error != NULL ? info->ply : 0);
      arb_cli_json_writer_add_string (w, "move", error != NULL ? info->token : "");
      arb_cli_json_writer_add_string (
        w, "message", error != NULL ? error->message : "the game status refused a move");
      arb_cli_json_writer_end_object (w);
    }
  else
    arb_cli_json_writer_add_null (w, "error");
  arb_cli_json_writer_end_object (w);
  g_string_append_c (run->line, '\n');
  fwrite (run->line->str, 1, run->line->len, stdout);
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

  push_pending (run);
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
      /* The kinds of events in words here; --json has their names. */
      g_string_append_printf (out, _ ("game %u: %u plies"), arb_pgn_reader_get_game_number (reader),
                              plies);
      if (ended)
        /* Translators: the game ended by KIND (ARTICLE) at ply N, and the
         * number of plies played after it, which do not count; KIND is
         * "checkmate", "fivefold repetition", … */
        g_string_append_printf (out, _ (", ended by %s (%s) at ply %u, %u void plies"),
                                arb_cli_event_word (end_kind),
                                arb_game_event_kind_article (end_kind), end_ply, void_plies);
      for (guint i = 0; i < n_events; i++)
        {
          g_string_append (out, i == 0 ? _ ("; events: ") : ", ");
          /* Translators: an event of a game and its ply: "threefold repetition at ply 8" */
          g_string_append_printf (out, _ ("%s at ply %u"), arb_cli_event_word (events[i].kind),
                                  events[i].ply);
          if (events[i].is_void)
            g_string_append (out, _ (" (void)"));
        }
      if (error != NULL)
        g_string_append_printf (out, _ ("; error: %s"), error->message);
      printf ("%s\n", out->str);
      return;
    }

  write_json (run, reader, error, plies, ended, end_kind, end_ply, void_plies);
}

int
arb_cli_analyze (int argc, char **argv)
{
  static const ArbPgnVisitor visitor = {
    .game_start = game_start_cb,
    .tag = tag_cb,
    .movetext_start = movetext_start_cb,
    .move = move_cb,
    .variation_start = variation_start_cb,
    .variation_end = variation_end_cb,
    .game_end = game_end_cb,
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE…"));
  g_autoptr (GError) error = NULL;
  g_autofree char *dead_budget = NULL;
  AnalyzeRun run = { .edition = ARB_EDITION_LATEST, .dead_budget = 20000 };
  ArbPgnReader *reader;
  int edition = -1;
  int status = 0;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &run.json, N_ ("One JSON line per game"), NULL },
    { "edition", 0, 0, G_OPTION_ARG_INT, &edition,
      N_ ("Edition of the FIDE Laws: 2001, 2009, 2014, 2018 or 2023 (default 2023)"), "YEAR" },
    { "dead-budget", 0, 0, G_OPTION_ARG_STRING, &dead_budget,
      N_ ("Nodes per side and ply the search for a helpmate may visit (default 20000; 0: the "
          "material alone)"),
      "N" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Replays every game and reports, ply by ply (ply 0 = the initial\n"
                "position), what the FIDE Laws make of it: threefold and 50-move\n"
                "claims (9.2, 9.3), and the automatic ends checkmate, stalemate, dead\n"
                "position, fivefold repetition and 75 moves (5.1.1, 5.2.1, 5.2.2,\n"
                "9.6.1, 9.6.2). Moves after the first automatic end are void.\n"
                "Before the 2014 edition, fivefold repetition and 75 moves are\n"
                "reported but do not end the game. A dead position is found from\n"
                "the material and by a search for a helpmate of either side; a\n"
                "position the search cannot decide is not called dead."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli analyze: %s\n", error->message);
      return 2;
    }
  if (edition != -1 && !arb_edition_from_year (edition, &run.edition))
    {
      fprintf (stderr, "arbiter-cli analyze: %s\n",
               _ ("--edition must be 2001, 2009, 2014, 2018 or 2023"));
      return 2;
    }
  if (dead_budget != NULL)
    {
      char *end = NULL;

      run.dead_budget = g_ascii_strtoull (dead_budget, &end, 10);
      if (end == dead_budget || *end != '\0')
        {
          /* Translators: keep --dead-budget as it is; %s is what was typed */
          fprintf (stderr,
                   _ ("arbiter-cli analyze: --dead-budget takes a number of nodes, not '%s'\n"),
                   dead_budget);
          return 2;
        }
    }
  if (argc < 2)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli analyze [--json] [--edition YEAR] [--dead-budget N] FILE…");
      return 2;
    }

  run.line = g_string_new (NULL);
  reader = arb_pgn_reader_new (&visitor, &run, ARB_PGN_READER_DEFAULT);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) read_error = NULL;

      if (!arb_pgn_reader_read_file (reader, argv[i], &read_error))
        {
          fprintf (stderr, "arbiter-cli analyze: %s\n", read_error->message);
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
