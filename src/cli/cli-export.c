/* cli-export.c: arbiter-cli export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "arb-tournament-pgn.h"
#include "arb-tournament.h"
#include "arb-tournament-trf.h"
#include "arb-i18n.h"
#include "cli-commands.h"

/* The PGN is written a game at a time as it is read: to standard output,
 * or to the file named, which replaces the old one only when complete. */
static gboolean
write_stdout (const char *text, gsize length, gpointer user_data, GError **error)
{
  if (fwrite (text, 1, length, stdout) != length)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _ ("cannot write to standard output"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_stream (const char *text, gsize length, gpointer user_data, GError **error)
{
  return g_output_stream_write_all (user_data, text, length, NULL, NULL, error);
}

static gboolean
export_pgn (ArbTournament *tournament,
            int round,
            gint64 game_id,
            const char *output,
            GError **error)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileOutputStream) out = NULL;

  if (output == NULL)
    {
      if (!arb_tournament_export_pgn_to (tournament, round, game_id, write_stdout, NULL, error))
        return FALSE;
      if (fflush (stdout) != 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _ ("cannot write to standard output"));
          return FALSE;
        }
      return TRUE;
    }
  file = g_file_new_for_path (output);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);
  if (out == NULL)
    return FALSE;
  if (!arb_tournament_export_pgn_to (tournament, round, game_id, write_stream, out, error))
    {
      /* Closing after a cancel leaves the old file as it was. */
      g_autoptr (GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (out), cancel, NULL);
      return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error);
}

int
arb_cli_export (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *text = NULL;
  int round = 0;
  int board = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_ ("Only this round (PGN)"), "N" },
    { "board", 0, 0, G_OPTION_ARG_INT, &board, N_ ("Only this board of the round (PGN)"), "N" },
    /* Translators: the values stay in English; trf16 and trf26 are the
     * two versions of FIDE's Tournament Report File */
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_ ("pgn (default), trf (the version imported), trf16 or trf26"), "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write to this file instead of standard output"), "OUT" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Writes the games as PGN (with [%clk] and the rulings as comments) or the\n"
                "players, pairings and results as TRF: the file last imported, with the\n"
                "results entered since, in its own version unless trf16 or trf26 is\n"
                "asked for. A player with several games in one round cannot be written\n"
                "as TRF: the export is refused and says which."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli export: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || round < 0 || board < 0 || (board > 0 && round == 0) ||
      (format != NULL && strcmp (format, "pgn") != 0 && !g_str_has_prefix (format, "trf")) ||
      (format != NULL && g_str_has_prefix (format, "trf") && strcmp (format, "trf") != 0 &&
       strcmp (format, "trf16") != 0 && strcmp (format, "trf26") != 0))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli export FILE [--round N [--board N]] [--format pgn|trf|trf16|trf26] "
               "[-o OUT]");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli export: %s\n", error->message);
      return 1;
    }

  if (format != NULL && g_str_has_prefix (format, "trf"))
    {
      int version = strcmp (format, "trf16") == 0   ? ARB_TRF_VERSION_16
                    : strcmp (format, "trf26") == 0 ? ARB_TRF_VERSION_26
                                                    : 0;
      g_autoptr (GPtrArray) notes =
        g_ptr_array_new_with_free_func ((GDestroyNotify) arb_trf_note_free);

      text = arb_tournament_export_trf_as (tournament, notes, version, &error);
      /* What the pairing program will read differently from the file:
       * said on standard error, so that the TRF itself stays clean. */
      for (guint i = 0; text != NULL && i < notes->len; i++)
        {
          const ArbTrfNote *note = notes->pdata[i];

          if (note->kind == ARB_TRF_NOTE_NO_RESULT && note->black != NULL)
            /* Translators: round, board, White's and Black's names */
            fprintf (stderr,
                     _ ("arbiter-cli export: round %d board %d (%s – %s) has no result yet\n"),
                     note->round, note->board, note->white, note->black);
          else if (note->kind == ARB_TRF_NOTE_NO_RESULT)
            fprintf (stderr, _ ("arbiter-cli export: round %d board %d (%s) has no result yet\n"),
                     note->round, note->board, note->white);
          else if (note->kind == ARB_TRF_NOTE_NEW_START_NO)
            /* Translators: a player's name and the starting rank given */
            fprintf (stderr, _ ("arbiter-cli export: %s had no starting rank and is number %d\n"),
                     note->white, note->start_no);
        }
    }
  else
    {
      gint64 game_id = 0;

      if (board > 0)
        {
          game_id = arb_tournament_find_game (tournament, round, board, &error);
          if (game_id == 0)
            {
              fprintf (stderr, "arbiter-cli export: %s\n", error->message);
              return 1;
            }
        }
      if (!export_pgn (tournament, round, game_id, output, &error))
        {
          fprintf (stderr, "arbiter-cli export: %s\n", error->message);
          return 1;
        }
      return 0;
    }
  if (text == NULL)
    {
      fprintf (stderr, "arbiter-cli export: %s\n", error->message);
      return 1;
    }

  if (output != NULL)
    {
      if (!g_file_set_contents (output, text, -1, &error))
        {
          fprintf (stderr, "arbiter-cli export: %s\n", error->message);
          return 1;
        }
    }
  else if (fputs (text, stdout) == EOF || fflush (stdout) != 0)
    {
      fprintf (stderr, "arbiter-cli export: %s\n", _ ("cannot write to standard output"));
      return 1;
    }
  return 0;
}
