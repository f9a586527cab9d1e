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
                "players, pairings and results as TRF16."));
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
    text = arb_tournament_export_trf (tournament, &error);
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
