/* bench-team-boards.c: what /api/boards costs the desk, per request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run by hand, `bench-team-boards [BOARDS [PLIES]]` (defaults
 * 150 boards of 80 plies; a temporary file). Sixty phones ask every 15 s:
 * four requests a second. Measured, for a deputy who sees every board:
 * the answer built by replaying every game (as before), the answer from
 * the positions kept (nothing changed), and the kept answer when one
 * move was stored between two requests (the usual case while a round is
 * played). Each answer is checked byte for byte against the replayed one.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arb-position.h"
#include "arb-team-boards.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

#define REQUESTS 40

/* A game of @plies pseudo-random legal moves (the same every run), with
 * clock times; it stops early at a mate or stalemate. */
static void
add_moves (ArbTournament *t, gint64 game, int plies, GRand *rand, ArbPosition *pos, int *n)
{
  g_autoptr (GError) error = NULL;

  arb_position_set_start (pos);
  for (*n = 0; *n < plies; (*n)++)
    {
      ArbMoveList list;
      ArbUndo undo;
      ArbMove move;

      arb_position_legal_moves (pos, &list);
      if (list.n_moves == 0)
        break;
      move = list.moves[g_rand_int_range (rand, 0, (gint32) list.n_moves)];
      if (!arb_tournament_add_move (t, game, *n + 1, NULL, move, 5400000 - *n * 1000,
                                    5400000 - *n * 900, &error))
        g_error ("%s", error->message);
      arb_position_make_move (pos, move, &undo);
    }
}

typedef struct
{
  gint64 wall_us, cpu_us;
} Mark;

static gint64
cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static Mark
mark (void)
{
  return (Mark){ g_get_monotonic_time (), cpu_us () };
}

/* Milliseconds a request since @start: wall and CPU. */
static Mark
per_request (Mark start)
{
  Mark now = mark ();

  return (Mark){ (now.wall_us - start.wall_us) / REQUESTS, (now.cpu_us - start.cpu_us) / REQUESTS };
}

static void
show (const char *what, Mark m, const char *more)
{
  printf ("%-28s %8.2f ms a request, CPU %8.2f ms%s\n", what, m.wall_us / 1000.0, m.cpu_us / 1000.0,
          more);
}

int
main (int argc, char **argv)
{
  int boards = argc > 1 ? atoi (argv[1]) : 150;
  int plies = argc > 2 ? atoi (argv[2]) : 80;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbTeamArbiter) deputy = NULL;
  g_autoptr (ArbTeamBoards) kept = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *reference = NULL;
  g_autoptr (GArray) games = g_array_new (FALSE, FALSE, sizeof (gint64));
  Mark start, replayed, kept_time, moved;
  guint replays;

  arb_position_init ();
  if (boards < 1 || plies < 0)
    {
      fprintf (stderr, "usage: bench-team-boards [BOARDS [PLIES]]\n");
      return 2;
    }
  t = arb_test_new_tournament (&path);
  if (!arb_tournament_begin_batch (t, &error))
    g_error ("%s", error->message);
  for (int b = 1; b <= boards; b++)
    {
      gint64 white = arb_test_add_player (t, 2 * b - 1, "White, Player");
      gint64 black = arb_test_add_player (t, 2 * b, "Black, Player");
      gint64 game = arb_test_add_game (t, 1, b, white, black, ARB_RESULT_ONGOING);
      ArbPosition pos;
      int n;

      add_moves (t, game, plies, rand, &pos, &n);
      g_array_append_val (games, game);
    }
  if (!arb_tournament_commit_batch (t, &error))
    g_error ("%s", error->message);
  if (!arb_tournament_add_arbiter (t, "Bench", ARB_TEAM_ROLE_DEPUTY, NULL, &token, &error) ||
      (deputy = arb_tournament_find_arbiter_by_token (t, token, &error)) == NULL)
    g_error ("%s", error != NULL ? error->message : "no arbiter");

  start = mark ();
  for (int i = 0; i < REQUESTS; i++)
    {
      g_free (reference);
      reference = arb_team_boards_json (t, deputy, &error);
    }
  replayed = per_request (start);

  kept = arb_team_boards_new (t);
  g_free (arb_team_boards_get_json (kept, deputy, &error));
  start = mark ();
  for (int i = 0; i < REQUESTS; i++)
    {
      g_autofree char *json = arb_team_boards_get_json (kept, deputy, &error);

      if (g_strcmp0 (json, reference) != 0)
        g_error ("the kept answer differs from the replayed one");
    }
  kept_time = per_request (start);

  /* One move stored between two requests, each on another board. */
  replays = arb_team_boards_get_replays (kept);
  start = mark ();
  for (int i = 0; i < REQUESTS; i++)
    {
      gint64 game = g_array_index (games, gint64, i % boards);
      g_autofree char *json = NULL;
      ArbPosition pos;
      ArbMoveList list;
      int n = 0;

      if (!arb_tournament_replay (t, game, &pos, &n, &error))
        g_error ("%s", error->message);
      arb_position_legal_moves (&pos, &list);
      if (list.n_moves > 0 &&
          !arb_tournament_add_move (t, game, n + 1, NULL, list.moves[0], -1, -1, &error))
        g_error ("%s", error->message);
      json = arb_team_boards_get_json (kept, deputy, &error);
    }
  moved = per_request (start);
  replays = arb_team_boards_get_replays (kept) - replays;
  {
    g_autofree char *json = arb_team_boards_get_json (kept, deputy, &error);
    g_autofree char *again = arb_team_boards_json (t, deputy, &error);

    if (g_strcmp0 (json, again) != 0)
      g_error ("after the moves, the kept answer differs from the replayed one");
  }

  printf ("boards %d, plies %d, answer %zu bytes, %d requests each\n", boards, plies,
          strlen (reference), REQUESTS);
  show ("replaying every game:", replayed, "");
  show ("kept, nothing changed:", kept_time, "");
  {
    g_autofree char *more = g_strdup_printf (
      " (storing the move included; %u replays for %d requests)", replays, REQUESTS);

    show ("kept, a move before each:", moved, more);
  }
  printf ("at 60 phones every 15 s (4 a second), CPU: %.1f%% of a core replaying, %.1f%% kept\n",
          replayed.cpu_us * 4 / 1e4, kept_time.cpu_us * 4 / 1e4);
  g_clear_object (&t);
  g_unlink (path);
  return 0;
}
