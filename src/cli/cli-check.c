/* cli-check.c: arbiter-cli check
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
arb_cli_check (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Verifies a tournament file: SQLite integrity, the schema version, that every\n"
                "game replays legally, and that clocks and results are consistent. Nothing is\n"
                "written. Exit status 0 when the file is sound, 1 otherwise."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli check: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, _ ("Usage: %s\n"), "arbiter-cli check FILE");
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
      /* The problems found before an error stopped the check, then the
       * error. */
      for (guint i = 0; i < problems->len; i++)
        fprintf (stderr, "%s: %s\n", argv[1], (const char *) problems->pdata[i]);
      if (error != NULL)
        {
          fprintf (stderr, "arbiter-cli check: %s\n", error->message);
          return 1;
        }
      fprintf (stderr, ngettext ("%s: %u problem\n", "%s: %u problems\n", problems->len), argv[1],
               problems->len);
      return 1;
    }

  {
    g_autofree char *players =
      g_strdup_printf ("%" G_GINT64_FORMAT, arb_tournament_count_rows (tournament, "player", NULL));
    g_autofree char *games =
      g_strdup_printf ("%" G_GINT64_FORMAT, arb_tournament_count_rows (tournament, "game", NULL));
    g_autofree char *moves =
      g_strdup_printf ("%" G_GINT64_FORMAT, arb_tournament_count_rows (tournament, "move", NULL));
    g_autofree char *rulings =
      g_strdup_printf ("%" G_GINT64_FORMAT, arb_tournament_count_rows (tournament, "ruling", NULL));

    /* Translators: FILE: sound (the numbers of players, games, moves and
     * rulings stored) */
    printf (_ ("%s: sound (%s players, %s games, %s moves, %s rulings)\n"), argv[1], players, games,
            moves, rulings);
  }
  return 0;
}
