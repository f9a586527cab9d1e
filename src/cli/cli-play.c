/* cli-play.c: arbiter-cli play
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-move-path.h"
#include "arb-ruling-apply.h"
#include "arb-san.h"
#include "arb-tournament.h"
#include "cli-commands.h"

/* The longest line read as a move: far more than any SAN with a comment. */
#define PLAY_LINE_MAX 255

/* Reads one line of standard input into LINE, without its end. Bytes past
 * PLAY_LINE_MAX are dropped and counted in *OVERFLOW; a NUL byte sets
 * *HAS_NUL. FALSE at the end of the input with nothing read. */
static gboolean
read_line (FILE *in, GString *line, gsize *overflow, gboolean *has_nul)
{
  gboolean any = FALSE;
  int c;

  g_string_truncate (line, 0);
  *overflow = 0;
  *has_nul = FALSE;
  while ((c = getc (in)) != EOF)
    {
      any = TRUE;
      if (c == '\n')
        break;
      if (c == '\0')
        *has_nul = TRUE;
      if (line->len < PLAY_LINE_MAX)
        g_string_append_c (line, (char) c);
      else
        (*overflow)++;
    }
  return any;
}

/* Reads one SAN move per line and stores each in its own durable
 * transaction, through the one path of a move (arb-move-path.h), which
 * also stores the end a move brings by itself. "ok PLY SAN" is printed, and flushed, only after the
 * commit has returned: what was acknowledged survives a crash.
 *
 * When a move cannot be stored (another writer stored that ply first, the
 * game was ended elsewhere, the disk is full), everything still to be read
 * was typed for a position that is no longer the game's: nothing more is
 * read, and the writer is told where the game stands. */
/* A game being played from standard input. */
typedef struct
{
  ArbTournament *tournament;
  ArbGameInfo *info;
  ArbGameStatus *status;
  ArbEventSettings event;
  gint64 game_id;
  int round;
  int board;
  int ply;
  int line_no;
  int refused;
} Play;

static void
play_clear (Play *p)
{
  g_clear_object (&p->tournament);
  g_clear_pointer (&p->info, arb_game_info_free);
  g_clear_pointer (&p->status, arb_game_status_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Play, play_clear)

/* Opens the file and follows the game; the exit status when it cannot,
 * else -1. */
static int
play_open (Play *p, const char *path, int expect_ply)
{
  g_autoptr (GError) error = NULL;

  p->tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (p->tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 1;
    }
  p->game_id = arb_tournament_find_game (p->tournament, p->round, p->board, &error);
  if (p->game_id != 0)
    p->info = arb_tournament_get_game (p->tournament, p->game_id, &error);
  if (p->info != NULL && arb_ruling_event_settings (p->tournament, &p->event, NULL, &error))
    p->status = arb_move_path_follow (p->tournament, p->info, p->event.edition, &error);
  if (p->status == NULL)
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 1;
    }
  p->ply = (int) arb_game_status_get_ply (p->status);
  /* The moves to read were typed for the position the writer saw. */
  if (expect_ply >= 0 && p->ply != expect_ply)
    {
      fprintf (stderr,
               _ ("arbiter-cli play: the game on board %d of round %d has %d stored plies, not %d: "
                  "nothing is read. Look at the game, then enter the moves again.\n"),
               p->board, p->round, p->ply, expect_ply);
      return 1;
    }
  return -1;
}

/* A move that could not be stored: says so, and how the game stands, so
 * that the writer types again for the position the game has. */
static void
play_stopped (Play *p, const GError *move_error, const char *san)
{
  g_autoptr (GError) replay_error = NULL;
  g_autoptr (ArbGameStatus) again = NULL;

  /* Translators: line, the reason, then the move */
  fprintf (stderr, _ ("arbiter-cli play: line %d: %s: %s not stored\n"), p->line_no,
           move_error->message, san);
  again = arb_move_path_follow (p->tournament, p->info, p->event.edition, &replay_error);
  if (again != NULL)
    fprintf (stderr,
             _ ("arbiter-cli play: stopped after line %d: the game on board %d of round %d "
                "has %d stored plies, and nothing after that line is read (it was typed "
                "for a position the game may no longer have). Look at the game, then "
                "enter the moves again.\n"),
             p->line_no, p->board, p->round, (int) arb_game_status_get_ply (again));
  else
    fprintf (stderr, _ ("arbiter-cli play: stopped: the game cannot be read again: %s\n"),
             replay_error->message);
}

/* One move as typed: stored, or refused (counted); FALSE when nothing
 * more is to be read. */
static gboolean
play_move (Play *p, const char *text)
{
  g_autoptr (GError) move_error = NULL;
  g_autoptr (ArbGameInfo) game = NULL;
  char san[ARB_SAN_MAX];
  ArbMove move;

  game = arb_tournament_get_game (p->tournament, p->game_id, &move_error);
  if (game == NULL)
    {
      fprintf (stderr, "arbiter-cli play: %s\n", move_error->message);
      return FALSE;
    }
  if (game->result != ARB_RESULT_ONGOING)
    {
      /* Translators: the last %s is the move as typed */
      fprintf (stderr,
               _ ("arbiter-cli play: ply %d: the game on board %d of round %d is over (%s): "
                  "%s not stored\n"),
               p->ply + 1, p->board, p->round, arb_result_to_string (game->result), text);
      p->refused++;
      return TRUE;
    }
  g_clear_pointer (&game, arb_game_info_free);
  /* A record that already goes on past its end (a file written before
   * every writer took the one path) takes no further move. */
  if (!arb_move_path_check_open (p->status, &move_error))
    {
      /* Translators: the reason, then the move as typed */
      fprintf (stderr, _ ("arbiter-cli play: %s: %s not stored\n"), move_error->message, text);
      p->refused++;
      return TRUE;
    }

  move = arb_san_parse (arb_game_status_get_position (p->status), text, strlen (text), &move_error);
  if (move == ARB_MOVE_NONE)
    {
      fprintf (stderr, _ ("arbiter-cli play: ply %d: %s: not stored\n"), p->ply + 1,
               move_error->message);
      p->refused++;
      return TRUE;
    }
  if (!arb_move_path_record (p->tournament, p->game_id, p->status, &p->event, move, -1, -1, san,
                             NULL, &move_error))
    {
      play_stopped (p, move_error, san);
      return FALSE;
    }
  p->ply++;
  /* Not translated: a line programs read. */
  printf ("ok %d %s\n", p->ply, san);
  fflush (stdout);

  game = arb_tournament_get_game (p->tournament, p->game_id, NULL);
  if (game != NULL && game->result != ARB_RESULT_ONGOING)
    {
      printf ("result %s %s\n", arb_result_to_string (game->result),
              game->termination != NULL ? game->termination : "");
      fflush (stdout);
    }
  return TRUE;
}

int
arb_cli_play (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  g_auto (Play) p = { 0 };
  int expect_ply = -1;
  int status;
  gsize overflow;
  gboolean has_nul;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &p.round, N_ ("Round of the game"), "N" },
    { "board", 0, 0, G_OPTION_ARG_INT, &p.board, N_ ("Board of the game"), "N" },
    { "expect-ply", 0, 0, G_OPTION_ARG_INT, &expect_ply,
      N_ ("The plies the game has as the writer saw it; nothing is read when it has others"), "N" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: "ok PLY SAN" is what the program prints; keep it as it is */
    _ ("Reads one move per line (SAN) from standard input and records each in the\n"
       "game; prints 'ok PLY SAN' once the move is stored. An illegal move is\n"
       "reported on standard error and not stored. When a move cannot be stored\n"
       "(another writer changed the game, the disk is full), nothing more is read.\n"
       "The exit status is 1 when any move was refused."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli play: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || p.round < 1 || p.board < 1)
    {
      fprintf (stderr, _ ("Usage: %s\n"), "arbiter-cli play FILE --round N --board N  < moves");
      return 2;
    }
  if ((status = play_open (&p, argv[1], expect_ply)) >= 0)
    return status;

  while (read_line (stdin, line, &overflow, &has_nul))
    {
      char *text;

      p.line_no++;
      if (overflow > 0)
        {
          fprintf (stderr, _ ("arbiter-cli play: line %d: %lu bytes, longer than %d: not stored\n"),
                   p.line_no, (unsigned long) (line->len + overflow), PLAY_LINE_MAX);
          p.refused++;
          continue;
        }
      if (has_nul)
        {
          fprintf (stderr, _ ("arbiter-cli play: line %d: contains a NUL byte: not stored\n"),
                   p.line_no);
          p.refused++;
          continue;
        }
      text = g_strstrip (line->str);
      if (text[0] == '\0' || text[0] == '#')
        continue;
      if (!play_move (&p, text))
        return 1;
    }

  return p.refused > 0 ? 1 : 0;
}
