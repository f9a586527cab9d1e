/* test-game-ends.c: a move that ends the game ends it in the file, with its ruling
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Checkmate (5.1.1), stalemate (5.2.1), a dead position (5.2.2), fivefold
 * repetition (9.6.1) and 75 moves (9.6.2) end the game at once (2018/2023
 * numbers): the clock stops, and the result, how the game ended and the
 * article are stored with the move. Each case plays the moves on a game
 * whose clock runs, then reads the file again through a second connection.
 * Expected results and articles come from the Laws, not from the code.
 */

#include "config.h"

#include <string.h>

#include "arb-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-ruling.h"

typedef struct
{
  const char *name;
  int edition;
  const char *fen;   /* NULL for the standard start */
  const char *moves; /* SAN, space separated; the last one ends the game */
  const char *result;
  ArbEnding ending;
  const char *article;
} EndCase;

static const EndCase cases[] = {
  /* King and bishop take the last pawn: neither side can mate. */
  { "dead-position", 2023, "8/8/4k3/8/3p4/4K3/8/3B4 w - - 0 58", "Kxd4", "1/2-1/2",
    ARB_ENDING_DEAD_POSITION, "5.2.2" },
  { "checkmate", 2023, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "1-0", ARB_ENDING_CHECKMATE,
    "5.1.1" },
  /* The queen takes g6: Black's king on h8 has no move and no check. */
  { "stalemate", 2023, "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", "Qg6", "1/2-1/2", ARB_ENDING_STALEMATE,
    "5.2.1" },
  /* 149 quiet half-moves in the FEN, the 150th played. */
  { "seventy-five", 2023, "8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 149 80", "Bd2", "1/2-1/2",
    ARB_ENDING_SEVENTY_FIVE, "9.6.2" },
  /* The start position for the fifth time at ply 16. */
  { "fivefold", 2018, NULL, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    "1/2-1/2", ARB_ENDING_FIVEFOLD, "9.6.1" },
  /* No automatic draws before 2014: play goes on. */
  { "seventy-five-2009-goes-on", 2009, "8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 149 80", "Bd2", NULL,
    ARB_ENDING_NONE, NULL },
};

static void
test_end (gconstpointer data)
{
  const EndCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  ArbPlayerInfo white = { .name = (char *) "Test, White" };
  ArbPlayerInfo black = { .name = (char *) "Test, Black" };
  ArbGameInfo info = { 0 };
  ArbTimeControl tc;
  ArbEdition edition;
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, &error);
  gint64 id;

  g_assert_true (arb_edition_from_year (c->edition, &edition));
  event->edition = c->edition;
  g_assert_true (arb_tournament_set_event (t, event, &error));
  info.round = 1;
  info.board = 1;
  info.white_id = arb_tournament_add_player (t, &white, &error);
  info.black_id = arb_tournament_add_player (t, &black, &error);
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) c->fen;
  id = arb_tournament_add_game (t, &info, &error);
  g_assert_no_error (error);
  g_assert_true (arb_time_control_parse ("40/5400+30:1800+30", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, edition, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_start_clock (game, &error));

  for (guint i = 0; moves[i] != NULL; i++)
    {
      const ArbPosition *pos = arb_game_get_position (game, arb_game_get_n_plies (game));
      ArbMove move = arb_san_parse (pos, moves[i], strlen (moves[i]), &error);

      g_assert_no_error (error);
      g_assert_true (arb_game_play_move (game, move, &error));
      g_assert_no_error (error);
      /* Nothing ends before the last move. */
      if (moves[i + 1] != NULL)
        g_assert_false (arb_game_is_finished (game));
    }

  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_game (again, id, &error);
  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (again, id, &error);
  g_assert_no_error (error);

  if (c->result == NULL)
    {
      g_assert_false (arb_game_is_finished (game));
      g_assert_true (arb_clock_is_running (arb_game_get_clock (game)));
      g_assert_cmpint (stored->result, ==, ARB_RESULT_ONGOING);
      g_assert_cmpuint (rulings->len, ==, 0);
      return;
    }

  /* The game is over here and in the file, the clock stopped. */
  g_assert_true (arb_game_is_finished (game));
  g_assert_false (arb_clock_is_running (arb_game_get_clock (game)));
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, c->result);
  g_assert_cmpstr (stored->termination, ==, "normal");
  /* The ruling that says how, with its article, at the ply of the move. */
  g_assert_cmpuint (rulings->len, ==, 1);
  {
    const ArbRulingRecord *record = g_ptr_array_index (rulings, 0);
    g_autoptr (ArbRuling) ruling = arb_tournament_ruling_from_record (record, &error);
    const ArbEffect *result;

    g_assert_no_error (error);
    g_assert_cmpint (record->ply, ==, (int) arb_game_get_n_plies (game));
    g_assert_nonnull (strstr (record->articles, c->article));
    result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);
    g_assert_nonnull (result);
    g_assert_cmpstr (arb_result_to_string (result->result), ==, c->result);
    g_assert_cmpint (result->ending, ==, c->ending);
  }
  /* A finished game takes no further move. */
  {
    const ArbPosition *pos = arb_game_get_position (game, arb_game_get_n_plies (game));
    ArbMoveList list;

    arb_position_legal_moves (pos, &list);
    if (list.n_moves > 0)
      {
        g_assert_false (arb_game_play_move (game, list.moves[0], &error));
        g_clear_error (&error);
      }
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/round/game-ends/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_end);
    }
  return g_test_run ();
}
