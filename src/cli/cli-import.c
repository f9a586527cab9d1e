/* cli-import.c: arbiter-cli import
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arb-round-entries.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament.h"
#include "arb-tournament-trf.h"
#include "arb-trf.h"
#include "arb-i18n.h"
#include "cli-commands.h"

/* On a terminal: how far the import has come, on one line. */
static gboolean
show_progress (guint n_games, goffset bytes_read, goffset bytes_total, gpointer user_data)
{
  fputc ('\r', stderr);
  /* Translators: progress of an import: games stored, percent of the file read */
  fprintf (stderr, ngettext ("importing: %u game, %d %%", "importing: %u games, %d %%", n_games),
           n_games, bytes_total > 0 ? (int) (100 * bytes_read / bytes_total) : 0);
  return TRUE;
}

int
arb_cli_import (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE INPUT");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *format = NULL;
  g_autoptr (GMappedFile) mapped = NULL;
  const char *text;
  gsize length = 0;
  int round = 0;
  gboolean trf;
  g_autofree char *upgraded = NULL;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round,
      N_ ("Put the games in this round (PGN) or import only this round's pairings (TRF)"), "N" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_ ("pgn or trf (default: from the contents)"),
      "FORMAT" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Imports PGN games or pairings, or TRF16 players and pairings, into a\n"
                "tournament file. All or nothing: when anything is wrong, nothing is stored."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli import: %s\n", error->message);
      return 2;
    }
  if (argc != 3 || round < 0 ||
      (format != NULL && strcmp (format, "pgn") != 0 && strcmp (format, "trf") != 0))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli import FILE (PGN|TRF) [--round N] [--format pgn|trf]");
      return 2;
    }

  /* Mapped, not read into memory: the reader stops at the first bad game,
   * so a hostile file costs only the part of it that was read. */
  mapped = g_mapped_file_new (argv[2], FALSE, &error);
  if (mapped == NULL)
    {
      fprintf (stderr, "arbiter-cli import: %s\n", error->message);
      return 1;
    }
  length = g_mapped_file_get_length (mapped);
  text = length > 0 ? g_mapped_file_get_contents (mapped) : "";
  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli import: %s\n", error->message);
      return 1;
    }
  if (arb_tournament_get_migration_backup (tournament) != NULL)
    fprintf (stderr, "arbiter-cli import: %s\n",
             upgraded = g_strdup_printf (
               _ ("%s was upgraded to the current schema; the old file is kept as %s"), argv[1],
               arb_tournament_get_migration_backup (tournament)));

  trf = format != NULL ? strcmp (format, "trf") == 0 : arb_trf_looks_like (text, length);
  if (trf)
    {
      gint64 players_before = arb_tournament_count_rows (tournament, "player", NULL);
      gint64 games_before = arb_tournament_count_rows (tournament, "game", NULL);
      gint64 entries_before = arb_tournament_count_rows (tournament, "team_round_entry", NULL);

      g_autoptr (GPtrArray) warnings =
        g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);

      /* The desk's byes, withdrawals and late entries are checked against
       * the rounds the file adds (arb-round-entries.h). */
      if (!arb_round_import_trf (tournament, text, length, round, warnings, &error))
        {
          /* Translators: INPUT: the error; nothing was imported */
          fprintf (stderr, _ ("arbiter-cli import: %s: %s; nothing was imported\n"), argv[2],
                   error->message);
          return 1;
        }
      gint64 players = arb_tournament_count_rows (tournament, "player", NULL) - players_before;
      gint64 pairings = arb_tournament_count_rows (tournament, "game", NULL) - games_before;
      g_autofree char *players_text = g_strdup_printf (
        ngettext ("%lld player", "%lld players", (gulong) players), (long long) players);
      g_autofree char *pairings_text = g_strdup_printf (
        ngettext ("%lld pairing", "%lld pairings", (gulong) pairings), (long long) pairings);

      /* Translators: "imported 12 players and 6 pairings from round3.trf" */
      printf (_ ("imported %s and %s from %s\n"), players_text, pairings_text, argv[2]);
      /* The file's 330, 320 and 240 records of teams: a round the file
       * had already may gain them (arb_round_import_trf ()). */
      gint64 team_entries =
        arb_tournament_count_rows (tournament, "team_round_entry", NULL) - entries_before;
      if (team_entries > 0)
        printf (ngettext ("recorded %lld team bye or forfeited match\n",
                          "recorded %lld team byes and forfeited matches\n", (gulong) team_entries),
                (long long) team_entries);
      for (guint i = 0; i < warnings->len; i++)
        {
          g_autofree char *said = arb_entry_warning_describe (warnings->pdata[i]);

          /* Translators: a pairing that goes against what the desk recorded */
          fprintf (stderr, _ ("arbiter-cli import: warning: %s\n"), said);
        }
    }
  else
    {
      guint n_games = 0;

      /* Read as a stream, not through the mapping: memory stays flat
       * however large the file. */
      if (!arb_tournament_import_pgn_file (tournament, argv[2], round,
                                           isatty (STDERR_FILENO) ? show_progress : NULL, NULL,
                                           &n_games, &error))
        {
          if (isatty (STDERR_FILENO))
            fputc ('\n', stderr);
          fprintf (stderr, "arbiter-cli import: %s: %s\n", argv[2], error->message);
          return 1;
        }
      if (isatty (STDERR_FILENO))
        fputc ('\n', stderr);
      printf (ngettext ("imported %u game from %s\n", "imported %u games from %s\n", n_games),
              n_games, argv[2]);
    }
  return 0;
}
