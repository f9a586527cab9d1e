/* cli-validate.c: arbiter-cli validate
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-pgn-reader.h"
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"

typedef struct
{
  gboolean json;
  const char *path; /* the file being read */
  const char *file; /* the same, for JSON, when several files are read */
  GString *out;     /* output is buffered and written in large blocks */
  GString *white;
  GString *black;
  gboolean has_white, has_black;
  guint64 games; /* over all files */
  guint64 plies;
  guint64 with_errors;
} Validate;

static void
flush_output (Validate *v, gboolean force)
{
  if (v->out->len > (1u << 16) || (force && v->out->len > 0))
    {
      fwrite (v->out->str, 1, v->out->len, stdout);
      g_string_truncate (v->out, 0);
    }
}

static void
on_game_start (ArbPgnReader *reader, gpointer data)
{
  Validate *v = data;

  g_string_truncate (v->white, 0);
  g_string_truncate (v->black, 0);
  v->has_white = v->has_black = FALSE;
}

static void
on_tag (ArbPgnReader *reader, const char *name, const char *value, gsize len, gpointer data)
{
  Validate *v = data;

  if (name[0] == 'W' && strcmp (name, "White") == 0)
    {
      g_string_assign (v->white, value);
      v->has_white = TRUE;
    }
  else if (name[0] == 'B' && strcmp (name, "Black") == 0)
    {
      g_string_assign (v->black, value);
      v->has_black = TRUE;
    }
}

static void
on_game_end (ArbPgnReader *reader, const GError *error, gpointer data)
{
  Validate *v = data;
  guint plies = arb_pgn_reader_get_mainline_plies (reader);

  v->games++;
  v->plies += plies;
  if (error != NULL)
    v->with_errors++;

  if (v->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autofree char *line = NULL;
      char fen[ARB_FEN_MAX];

      arb_position_write_fen (arb_pgn_reader_get_position (reader), ARB_FEN_FLAGS_NONE, fen);
      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "game", (gint64) v->games);
      if (v->file != NULL)
        arb_cli_json_add_string (b, "file", v->file);
      if (v->has_white)
        arb_cli_json_add_string (b, "white", v->white->str);
      else
        arb_cli_json_add_null (b, "white");
      if (v->has_black)
        arb_cli_json_add_string (b, "black", v->black->str);
      else
        arb_cli_json_add_null (b, "black");
      arb_cli_json_add_int (b, "plies", plies);
      arb_cli_json_add_string (b, "final_fen", fen);
      if (error == NULL)
        arb_cli_json_add_null (b, "error");
      else
        {
          const ArbPgnErrorInfo *info = arb_pgn_reader_get_error_info (reader);

          json_builder_set_member_name (b, "error");
          json_builder_begin_object (b);
          arb_cli_json_add_int (b, "ply", info->ply);
          arb_cli_json_add_string (b, "move", info->token);
          arb_cli_json_add_string (b, "message", error->message);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      line = arb_cli_json_to_string (b);
      g_string_append (v->out, line);
      g_string_append_c (v->out, '\n');
    }
  else if (error != NULL)
    g_string_append_printf (v->out, "%s: %s\n", v->path, error->message);

  flush_output (v, FALSE);
}

int
arb_cli_validate (int argc, char **argv)
{
  static const ArbPgnVisitor visitor = {
    .game_start = on_game_start,
    .tag = on_tag,
    .game_end = on_game_end,
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE…"));
  g_autoptr (GError) error = NULL;
  Validate v = { 0 };
  /* Only the final position's FEN is written: no Zobrist keys. */
  ArbPgnReaderFlags flags = ARB_PGN_READER_NO_KEYS;
  g_autoptr (ArbPgnReader) reader = NULL;
  gboolean strict = FALSE;
  gboolean accept_uci = FALSE;
  int status = 0;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &v.json,
      /* Translators: keep the JSON keys as they are */
      N_ ("One JSON object per game: game, white, black, plies, final_fen, error "
          "(null or {ply, move, message}), and file when several files are read"),
      NULL },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &strict,
      N_ ("Also check the PGN export format (tag roster, layout)"), NULL },
    { "accept-uci", 0, 0, G_OPTION_ARG_NONE, &accept_uci,
      N_ ("Accept movetext in UCI notation (e2e4)"), NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep 'validate: G games, P plies, E with errors' as the
     * program prints it in your language */
    _ ("Replays every game of the PGN files (\"-\" is standard input) and reports\n"
       "illegal, ambiguous or malformed moves and broken PGN. Games are numbered\n"
       "across all files; the message's own \"game G\" counts within its file.\n"
       "Without --json the last line is 'validate: G games, P plies, E with errors'.\n"
       "The exit status is 1 when any game has an error."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli validate: %s\n", error->message);
      return 2;
    }
  if (argc < 2)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli validate [--json] [--strict] [--accept-uci] FILE…");
      return 2;
    }
  if (strict)
    flags |= ARB_PGN_READER_STRICT;
  if (accept_uci)
    flags |= ARB_PGN_READER_ACCEPT_UCI;

  v.out = g_string_sized_new (1u << 17);
  v.white = g_string_new (NULL);
  v.black = g_string_new (NULL);
  reader = arb_pgn_reader_new (&visitor, &v, flags);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) read_error = NULL;
      const char *path = argv[i];

      v.path = strcmp (path, "-") == 0 ? "stdin" : path;
      v.file = argc > 2 ? path : NULL;
      if (!arb_pgn_reader_read_file (reader, path, &read_error))
        {
          flush_output (&v, TRUE);
          fprintf (stderr, "validate: %s\n", read_error->message);
          status = 2;
        }
    }

  if (!v.json)
    /* Translators: the summary line: games, plies (half-moves), games with
     * errors */
    g_string_append_printf (v.out, _ ("validate: %llu games, %llu plies, %llu with errors\n"),
                            (unsigned long long) v.games, (unsigned long long) v.plies,
                            (unsigned long long) v.with_errors);
  flush_output (&v, TRUE);
  fflush (stdout);

  g_string_free (v.out, TRUE);
  g_string_free (v.white, TRUE);
  g_string_free (v.black, TRUE);
  if (status != 0)
    return status;
  return v.with_errors > 0 ? 1 : 0;
}
