/* cli-backup.c: arbiter-cli backup
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-tournament.h"
#include "arb-i18n.h"
#include "cli-commands.h"

int
arb_cli_backup (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE [DEST]");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  int finish_round = 0;
  GOptionEntry entries[] = {
    { "finish-round", 0, 0, G_OPTION_ARG_INT, &finish_round,
      N_ ("Mark round N finished and write FILE.round-N.backup"), "N" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Writes a consistent copy of a tournament file with SQLite's online backup,\n"
                "while play goes on in other programs."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli backup: %s\n", error->message);
      return 2;
    }
  if (finish_round < 0 || (finish_round == 0 && argc != 3) || (finish_round > 0 && argc != 2))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli backup FILE DEST | arbiter-cli backup FILE --finish-round N");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli backup: %s\n", error->message);
      return 1;
    }
  if (finish_round > 0)
    {
      g_autofree char *dest = arb_tournament_finish_round (tournament, finish_round, &error);
      if (dest == NULL)
        {
          fprintf (stderr, "arbiter-cli backup: %s\n", error->message);
          return 1;
        }
      printf (_ ("round %d finished; backup %s\n"), finish_round, dest);
      return 0;
    }
  if (!arb_tournament_backup (tournament, argv[2], &error))
    {
      fprintf (stderr, "arbiter-cli backup: %s\n", error->message);
      return 1;
    }
  printf (_ ("backup %s\n"), argv[2]);
  return 0;
}
