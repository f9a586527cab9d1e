/* cli-board.c: arbiter-cli board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "arb-board-move.h"
#include "arb-i18n.h"
#include "cli-commands.h"

/* A board number as typed, 0 when it is not one. */
static int
board_number (const char *text)
{
  char *end = NULL;
  gint64 n = g_ascii_strtoll (text, &end, 10);

  if (end == text || *end != '\0' || n < 1 || n > ARB_BOARD_MOVE_MAX)
    return 0;
  return (int) n;
}

int
arb_cli_board (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE FROM TO"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *arbiter = NULL;
  int round = 0, from, to;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_ ("Round of the boards"), "N" },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_ ("Why the pairing moves, for the rulings log (required)"), N_ ("TEXT") },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter,
      N_ ("The arbiter who decides it, for the rulings log"), N_ ("NAME") },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep --round and --reason as they are */
    _ ("Moves the pairing on board FROM of the round to board TO before it is\n"
       "played (a player who needs the table by the door, for example). The pairing\n"
       "on TO, if there is one, takes board FROM. Refused once either game has a move\n"
       "or a result. The decision goes into the rulings log with the reason and the\n"
       "arbiter, and a TRF-2026 export writes it as record 300."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli board: %s\n"), error->message);
      return 2;
    }
  if (argc != 4 || round < 1 || (from = board_number (argv[2])) == 0 ||
      (to = board_number (argv[3])) == 0 || reason == NULL)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli board FILE --round N FROM TO --reason TEXT [--arbiter NAME]");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL ||
      !arb_board_move (tournament, round, from, to, arbiter, reason, NULL, &error))
    {
      fprintf (stderr, _ ("arbiter-cli board: %s\n"), error->message);
      return 1;
    }
  /* Translators: the round, the board the pairing left, the board it is on now */
  printf (_ ("round %d: the pairing of board %d is on board %d\n"), round, from, to);
  return 0;
}
