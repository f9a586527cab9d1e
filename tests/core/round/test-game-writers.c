/* test-game-writers.c: two writers on one game through the game model
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two windows (two connections to one file) show the same game. What one
 * of them enters after its move was refused was meant for the position it
 * showed, and must never be stored on top of what the other one stored.
 */

#include "config.h"

#include <string.h>

#include "arb-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"

static ArbMove
san (ArbGame *game, const char *text)
{
  g_autoptr (GError) error = NULL;
  const ArbPosition *pos = arb_game_get_position (game, arb_game_get_n_plies (game));
  ArbMove move = arb_san_parse (pos, text, strlen (text), &error);

  g_assert_no_error (error);
  return move;
}

static void
test_queued_after_conflict (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) other = NULL;
  g_autoptr (ArbGame) a = NULL;
  g_autoptr (ArbGame) b = NULL;
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo white = { .name = (char *) "White, Wanda" };
  ArbPlayerInfo black = { .name = (char *) "Black, Bob" };
  ArbGameInfo info = { .round = 1, .board = 1, .rated = TRUE, .result = ARB_RESULT_ONGOING };
  ArbTimeControl tc;
  gint64 id;

  info.white_id = arb_tournament_add_player (t, &white, &error);
  info.black_id = arb_tournament_add_player (t, &black, &error);
  id = arb_tournament_add_game (t, &info, &error);
  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, &error));
  other = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);

  a = arb_game_load (t, id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  b = arb_game_load (other, id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);

  /* A stores 1.e4 e5 2.Nf3 while B still shows the start. */
  g_assert_true (arb_game_play_move (a, san (a, "e4"), &error));
  g_assert_true (arb_game_play_move (a, san (a, "e5"), &error));
  g_assert_true (arb_game_play_move (a, san (a, "Nf3"), &error));
  g_assert_no_error (error);

  /* B enters d4: refused, and B follows the stored game. */
  g_assert_false (arb_game_play_move (b, san (b, "d4"), &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_cmpuint (arb_game_get_n_plies (b), ==, 3);
  g_assert_true (arb_game_needs_look (b));

  /* Nf6, typed as the reply to d4, is legal as ply 4 of A's game: it is
   * refused all the same, since B has not looked at the board yet. */
  g_assert_false (arb_game_play_move (b, san (b, "Nf6"), &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  {
    g_autoptr (GArray) stored = arb_tournament_get_moves (t, id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (stored->len, ==, 3);
  }

  /* Once B says it has looked, its moves go in again. */
  arb_game_confirm_seen (b);
  g_assert_false (arb_game_needs_look (b));
  g_assert_true (arb_game_play_move (b, san (b, "Nc6"), &error));
  g_assert_no_error (error);
  {
    g_autoptr (GArray) stored = arb_tournament_get_moves (t, id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (stored->len, ==, 4);
    g_assert_cmpstr (g_array_index (stored, ArbStoredMove, 3).san, ==, "Nc6");
  }
}

int
main (int argc, char **argv)
{
  arb_position_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/game-writers/queued-after-conflict", test_queued_after_conflict);
  return g_test_run ();
}
