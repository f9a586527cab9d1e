/* test-tournament-reconstruct.c: a game's moves replaced by a reconstruction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-reconstruct.h"

static GArray *
moves_of (const char *const *sans, guint n)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  ArbPosition pos;

  arb_position_set_start (&pos);
  for (guint i = 0; i < n; i++)
    {
      ArbMove move;
      ArbUndo undo;

      g_assert_cmpint (arb_san_resolve (&pos, sans[i], strlen (sans[i]), &move), ==, ARB_SAN_OK);
      g_array_append_val (moves, move);
      arb_position_make_move (&pos, move, &undo);
    }
  return moves;
}

static gint64
add_players_and_game (ArbTournament *t, int board)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo a = { .name = (char *) "A" }, b = { .name = (char *) "B" };
  ArbGameInfo game = { 0 };

  game.round = 1;
  game.board = board;
  game.white_id = arb_tournament_add_player (t, &a, &error);
  game.black_id = arb_tournament_add_player (t, &b, &error);
  game.result = ARB_RESULT_ONGOING;
  g_assert_no_error (error);
  return arb_tournament_add_game (t, &game, &error);
}

static void
test_replace (void)
{
  static const char *const before[] = { "d4", "d5", "c4", "e6", "Nc3" };
  static const char *const after[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6" };
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) old = moves_of (before, G_N_ELEMENTS (before));
  g_autoptr (GArray) moves = moves_of (after, G_N_ELEMENTS (after));
  g_autoptr (GArray) stored = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  ArbRulingRecord record = { 0 };
  gint64 id = add_players_and_game (t, 1);
  gint64 audit;

  for (guint i = 0; i < old->len; i++)
    g_assert_true (arb_tournament_add_move (t, id, (int) i + 1, NULL,
                                            g_array_index (old, ArbMove, i), -1, -1, &error));
  audit = arb_tournament_count_audit (t, &error);
  record.kind = (char *) "reconstruction";
  record.decision = (char *) "reconstructed";
  record.articles = (char *) "8.5.3";
  record.edition = 2023;
  record.payload = (char *) "{}";
  record.ply = 6;
  g_assert_cmpint (arb_tournament_set_moves (t, id, NULL, (const ArbMove *) moves->data, moves->len,
                                             &record, &error),
                   ==, id);
  g_assert_no_error (error);

  /* Read through a new connection. */
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_moves (again, id, &error);
  g_assert_cmpuint (stored->len, ==, G_N_ELEMENTS (after));
  for (guint i = 0; i < stored->len; i++)
    g_assert_cmpstr (g_array_index (stored, ArbStoredMove, i).san, ==, after[i]);
  rulings = arb_tournament_list_rulings (again, id, &error);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_cmpstr (((ArbRulingRecord *) g_ptr_array_index (rulings, 0))->kind, ==,
                   "reconstruction");
  /* The ruling's line and the reconstruction's. */
  g_assert_cmpint (arb_tournament_count_audit (again, &error), ==, audit + 2);
}

/* An illegal move: nothing changes. */
static void
test_illegal_changes_nothing (void)
{
  static const char *const before[] = { "d4", "d5" };
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) old = moves_of (before, G_N_ELEMENTS (before));
  g_autoptr (GArray) stored = NULL;
  static const char *const first[] = { "e4" };
  g_autoptr (GArray) e4 = moves_of (first, 1);
  gint64 id = add_players_and_game (t, 1);
  ArbMove bad[2];
  gint64 audit;

  for (guint i = 0; i < old->len; i++)
    g_assert_true (arb_tournament_add_move (t, id, (int) i + 1, NULL,
                                            g_array_index (old, ArbMove, i), -1, -1, &error));
  audit = arb_tournament_count_audit (t, &error);
  /* e2-e4, then e2-e4 again. */
  bad[0] = g_array_index (e4, ArbMove, 0);
  bad[1] = bad[0];
  g_assert_cmpint (arb_tournament_set_moves (t, id, NULL, bad, 2, NULL, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  stored = arb_tournament_get_moves (t, id, &error);
  g_assert_cmpuint (stored->len, ==, 2);
  g_assert_cmpstr (g_array_index (stored, ArbStoredMove, 0).san, ==, "d4");
  g_assert_cmpint (arb_tournament_count_audit (t, &error), ==, audit);
}

/* A new game, added with its moves; a mate ends it. */
static void
test_new_game_mate (void)
{
  static const char *const mate[] = { "f3", "e5", "g4", "Qh4#" };
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves = moves_of (mate, G_N_ELEMENTS (mate));
  g_autoptr (ArbGameInfo) info = NULL;
  ArbPlayerInfo a = { .name = (char *) "A" }, b = { .name = (char *) "B" };
  ArbGameInfo game = { 0 };
  gint64 id;

  game.round = 2;
  game.board = 7;
  game.white_id = arb_tournament_add_player (t, &a, &error);
  game.black_id = arb_tournament_add_player (t, &b, &error);
  game.result = ARB_RESULT_ONGOING;
  id =
    arb_tournament_set_moves (t, 0, &game, (const ArbMove *) moves->data, moves->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, ==, arb_tournament_find_game (t, 2, 7, &error));
  info = arb_tournament_get_game (t, id, &error);
  g_assert_cmpint (info->result, ==, ARB_RESULT_BLACK_WINS);
  g_assert_cmpint (info->n_plies, ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/tournament-reconstruct/replace", test_replace);
  g_test_add_func ("/storage/tournament-reconstruct/illegal-changes-nothing",
                   test_illegal_changes_nothing);
  g_test_add_func ("/storage/tournament-reconstruct/new-game-mate", test_new_game_mate);
  return g_test_run ();
}
