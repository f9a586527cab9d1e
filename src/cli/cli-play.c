/* cli-play.c: arbiter-cli play
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-san.h"
#include "arb-tournament.h"
#include "cli-commands.h"

/* Reads one SAN move per line and stores each in its own durable
 * transaction. "ok PLY SAN" is printed, and flushed, only after the
 * commit has returned: what was acknowledged survives a crash. */
int
arb_cli_play (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (GIOChannel) in = NULL;
  int round = 0;
  int board = 0;
  int refused = 0;
  gint64 game_id;
  ArbPosition pos;
  int ply = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round, "Round of the game", "N" },
    { "board", 0, 0, G_OPTION_ARG_INT, &board, "Board of the game", "N" },
    { NULL },
  };
  char line[256];

  g_option_context_set_summary (
    context, "Reads one move per line (SAN) from standard input and records each in the\n"
             "game; prints 'ok PLY SAN' once the move is stored. An illegal move is\n"
             "reported on standard error and not stored. The exit status is 1 when any\n"
             "move was refused.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || round < 1 || board < 1)
    {
      fprintf (stderr, "Usage: arbiter-cli play FILE --round N --board N  < moves\n");
      return 2;
    }

  tournament = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 1;
    }
  game_id = arb_tournament_find_game (tournament, round, board, &error);
  if (game_id == 0 || !arb_tournament_replay (tournament, game_id, &pos, &ply, &error))
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 1;
    }

  while (fgets (line, sizeof line, stdin) != NULL)
    {
      g_autoptr (GError) move_error = NULL;
      g_autoptr (ArbGameInfo) game = NULL;
      char *text = g_strstrip (line);
      char san[ARB_SAN_MAX];
      ArbMove move;
      ArbUndo undo;

      if (text[0] == '\0' || text[0] == '#')
        continue;

      game = arb_tournament_get_game (tournament, game_id, &move_error);
      if (game == NULL)
        {
          fprintf (stderr, "arbiter-cli play: %s\n", move_error->message);
          return 1;
        }
      if (game->result != ARB_RESULT_ONGOING)
        {
          fprintf (stderr,
                   "arbiter-cli play: ply %d: the game on board %d of round %d is over (%s): "
                   "%s not stored\n",
                   ply + 1, board, round, arb_result_to_string (game->result), text);
          refused++;
          continue;
        }
      g_clear_pointer (&game, arb_game_info_free);

      move = arb_san_parse (&pos, text, strlen (text), &move_error);
      if (move == ARB_MOVE_NONE)
        {
          fprintf (stderr, "arbiter-cli play: ply %d: %s: not stored\n", ply + 1,
                   move_error->message);
          refused++;
          continue;
        }
      arb_san_write (&pos, move, san);
      if (!arb_tournament_add_move (tournament, game_id, ply + 1, san, move, -1, -1, &move_error))
        {
          fprintf (stderr, "arbiter-cli play: %s\n", move_error->message);
          refused++;
          /* Someone else may have written the game meanwhile: follow it. */
          if (g_error_matches (move_error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT) &&
              !arb_tournament_replay (tournament, game_id, &pos, &ply, &move_error))
            return 1;
          continue;
        }
      ply++;
      arb_position_make_move (&pos, move, &undo);
      printf ("ok %d %s\n", ply, san);
      fflush (stdout);

      game = arb_tournament_get_game (tournament, game_id, NULL);
      if (game != NULL && game->result != ARB_RESULT_ONGOING)
        {
          printf ("result %s %s\n", arb_result_to_string (game->result),
                  game->termination != NULL ? game->termination : "");
          fflush (stdout);
        }
    }

  return refused > 0 ? 1 : 0;
}
