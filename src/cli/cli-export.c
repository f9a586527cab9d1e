/* cli-export.c: arbiter-cli export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-tournament-pgn.h"
#include "arb-tournament.h"
#include "arb-tournament-trf.h"
#include "arb-i18n.h"
#include "cli-commands.h"

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
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_ ("pgn (default) or trf"), "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write to this file instead of standard output"), "OUT" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Writes the games as PGN (with [%clk] and the rulings as comments) or the\n"
                "players, pairings and results as TRF (TRF16, with the TRF26 records an\n"
                "import kept). A player with several games in one round cannot be\n"
                "written as TRF: the export is refused and says which."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli export: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || round < 0 || board < 0 || (board > 0 && round == 0) ||
      (format != NULL && strcmp (format, "pgn") != 0 && strcmp (format, "trf") != 0))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli export FILE [--round N [--board N]] [--format pgn|trf] [-o OUT]");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli export: %s\n", error->message);
      return 1;
    }

  if (format != NULL && strcmp (format, "trf") == 0)
    {
      g_autoptr (GPtrArray) notes =
        g_ptr_array_new_with_free_func ((GDestroyNotify) arb_trf_note_free);

      text = arb_tournament_export_trf_full (tournament, notes, &error);
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
      text = arb_tournament_export_pgn (tournament, round, game_id, &error);
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
