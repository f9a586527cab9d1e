/* arbiter-cli.c: the headless Arbiter tool
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-position.h"
#include "cli-commands.h"

typedef struct
{
  const char *name;
  ArbCliCommandFunc func;
  const char *summary;
} ArbCliCommand;

static const ArbCliCommand commands[] = {
  { "perft", arb_cli_perft, N_ ("count leaf nodes of the move tree (FEN DEPTH, or --suite FILE)") },

  /* notation */
  { "validate", arb_cli_validate,
    N_ ("replay every game of PGN files and report errors (--json)") },
  { "reconstruct", arb_cli_reconstruct,
    N_ ("the legal game that best explains one or two scoresheets (SHEET [SHEET2])") },

  /* game status */
  { "analyze", arb_cli_analyze,
    N_ ("repetitions, 50/75 moves, automatic ends per game (FILE...)") },
  { "status", arb_cli_status,
    N_ ("how the Laws see a position: mate, moves, who cannot mate (FEN)") },

  /* clocks */
  { "timecontrol", arb_cli_timecontrol,
    N_ ("describe a time control: periods, category, PGN and readable forms") },
  { "clock", arb_cli_clock, N_ ("replay a game's clock from thinking times and adjustments") },

  /* Laws engine */
  { "rule", arb_cli_rule, N_ ("what the Laws of an edition prescribe (KIND --edition YEAR …)") },

  /* tournament file */
  { "new", arb_cli_new, N_ ("create a tournament file (FILE --name NAME [--edition Y])") },
  { "import", arb_cli_import, N_ ("import PGN games or TRF16 pairings (FILE INPUT [--round N])") },
  { "export", arb_cli_export, N_ ("export games as PGN or results as TRF16 (FILE [--format F])") },
  { "play", arb_cli_play, N_ ("record SAN moves from standard input (FILE --round N --board N)") },
  { "result", arb_cli_result,
    N_ ("store results as the results desk reads them (FILE [--round N] \"12 1\" \"Öberg 0\"…)") },
  { "standings", arb_cli_standings,
    N_ ("standings with the FIDE tie-breaks (FILE [--round N] [--tiebreaks LIST] [--json])") },
  { "entries", arb_cli_entries,
    N_ ("byes asked for, withdrawals, late entries (FILE bye|withdraw|late|cancel|list …)") },
  { "team-entries", arb_cli_team_entries,
    N_ ("a team's bye, a team match forfeited (FILE bye|forfeit|cancel|list …)") },
  { "arbiters", arb_cli_arbiters,
    N_ ("the arbiters' team and their sign-ins (FILE [--add NAME] [--revoke NAME])") },
  { "calls", arb_cli_calls,
    N_ ("the floor's calls to the desk (FILE [--answer ID --arbiter NAME])") },
  { "board", arb_cli_board,
    N_ ("move a pairing to another board (FILE --round N FROM TO --reason TEXT)") },
  { "check", arb_cli_check, N_ ("verify a tournament file: integrity, schema, games, clocks") },
  { "backup", arb_cli_backup, N_ ("copy a tournament file while play goes on (FILE DEST)") },

  /* network */
  { "serve", arb_cli_serve, N_ ("publish a round on the network: display page, PGN, events") },
  { "serve-team", arb_cli_serve_team,
    N_ ("serve the arbiters' team: results, calls, incidents, clocks (FILE [--port N])") },
  { "push", arb_cli_push,
    N_ ("push a round to a lichess broadcast (FILE --round-id ID --token-file F)") },
  { "follow", arb_cli_follow,
    N_ ("store the moves of e-boards and live PGN (FILE --source SOURCE [--once])") },
  { "follow-desk", arb_cli_follow_desk,
    N_ ("keep a deputy's replica of the desk's record (URL --token T --into FILE)") },
  { "take-over", arb_cli_take_over,
    N_ ("make a deputy's replica the writing desk (FILE --arbiter NAME --reason TEXT)") },
  { "alerts", arb_cli_alerts,
    N_ (
      "the sources' alerts; settle one (FILE [--all] | --dismiss ID --reason TEXT | --accept ID)") },
};

static void
print_usage (FILE *out)
{
  fprintf (out, _ ("Usage: %s\n"), "arbiter-cli COMMAND [OPTIONS…]");
  fprintf (out, "\n%s\n", _ ("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _ (commands[i].summary));
  fprintf (out, "\n%s\n", _ ("Run 'arbiter-cli COMMAND --help' for the options of a command."));
}

int
main (int argc, char **argv)
{
  arb_i18n_init ();
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

  fprintf (stderr, _ ("arbiter-cli: unknown command '%s'\n\n"), argv[1]);
  print_usage (stderr);
  return 2;
}
