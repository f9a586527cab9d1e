/* arbiter-cli.c: the headless Arbiter tool
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "arb-position.h"
#include "cli-commands.h"

typedef struct
{
  const char *name;
  ArbCliCommandFunc func;
  const char *summary;
} ArbCliCommand;

static const ArbCliCommand commands[] = {
  { "perft", arb_cli_perft, "count leaf nodes of the move tree (FEN DEPTH, or --suite FILE)" },

  /* notation */
  { "validate", arb_cli_validate, "replay every game of PGN files and report errors (--json)" },
  { "reconstruct", arb_cli_reconstruct,
    "the legal game that best explains one or two scoresheets (SHEET [SHEET2])" },

  /* game status */
  { "analyze", arb_cli_analyze, "repetitions, 50/75 moves, automatic ends per game (FILE...)" },
  { "status", arb_cli_status, "how the Laws see a position: mate, moves, who cannot mate (FEN)" },

  /* clocks */
  { "timecontrol", arb_cli_timecontrol,
    "describe a time control: periods, category, PGN and readable forms" },
  { "clock", arb_cli_clock, "replay a game's clock from thinking times and adjustments" },

  /* Laws engine */
  { "rule", arb_cli_rule, "what the Laws of an edition prescribe (KIND --edition YEAR …)" },

  /* tournament file */
  { "new", arb_cli_new, "create a tournament file (FILE --name NAME [--edition Y])" },
  { "import", arb_cli_import, "import PGN games or TRF16 pairings (FILE INPUT [--round N])" },
  { "export", arb_cli_export, "export games as PGN or results as TRF16 (FILE [--format F])" },
  { "play", arb_cli_play, "record SAN moves from standard input (FILE --round N --board N)" },
  { "check", arb_cli_check, "verify a tournament file: integrity, schema, games, clocks" },
  { "backup", arb_cli_backup, "copy a tournament file while play goes on (FILE DEST)" },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: arbiter-cli COMMAND [OPTIONS…]\n\nCommands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun 'arbiter-cli COMMAND --help' for the options of a command.\n");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  arb_position_init ();

  if (argc < 2)
    {
      print_usage (stderr);
      return 2;
    }

  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return 0;
    }

  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("arbiter-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].func (argc - 1, argv + 1);

  fprintf (stderr, "arbiter-cli: unknown command '%s'\n\n", argv[1]);
  print_usage (stderr);
  return 2;
}
