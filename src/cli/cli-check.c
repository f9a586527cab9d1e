/* cli-check.c: arbiter-cli check
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-tournament.h"
#include "cli-commands.h"

int
arb_cli_check (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  g_option_context_set_summary (
    context, "Verifies a tournament file: SQLite integrity, the schema version, that every\n"
             "game replays legally, and that clocks and results are consistent. Nothing is\n"
             "written. Exit status 0 when the file is sound, 1 otherwise.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli check: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: arbiter-cli check FILE\n");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli check: %s\n", error->message);
      return 1;
    }
  if (!arb_tournament_check (tournament, problems, &error))
    {
      if (error != NULL)
        {
          fprintf (stderr, "arbiter-cli check: %s\n", error->message);
          return 1;
        }
      for (guint i = 0; i < problems->len; i++)
        fprintf (stderr, "%s: %s\n", argv[1], (const char *) problems->pdata[i]);
      fprintf (stderr, "%s: %u problem%s\n", argv[1], problems->len, problems->len == 1 ? "" : "s");
      return 1;
    }

  printf ("%s: sound (%" G_GINT64_FORMAT " players, %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT
          " moves, %" G_GINT64_FORMAT " rulings)\n",
          argv[1], arb_tournament_count_rows (tournament, "player", NULL),
          arb_tournament_count_rows (tournament, "game", NULL),
          arb_tournament_count_rows (tournament, "move", NULL),
          arb_tournament_count_rows (tournament, "ruling", NULL));
  return 0;
}
