/* test-tournament-pgn.c: PGN import and export of a tournament
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-private.h"
#include "arb-tournament.h"
#include "arb-tournament-trf.h"

static ArbTournament *
new_tournament (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_test_temp_path ("t.arbiter");
  ArbEventInfo event = { .name = (char *) name, .edition = 2018 };
  ArbTournament *t;

  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  return t;
}

typedef struct
{
  gint64 players, games, moves, rulings, audit;
} Counts;

static Counts
counts (ArbTournament *t)
{
  Counts c = {
    arb_tournament_count_rows (t, "player", NULL), arb_tournament_count_rows (t, "game", NULL),
    arb_tournament_count_rows (t, "move", NULL),   arb_tournament_count_rows (t, "ruling", NULL),
    arb_tournament_count_rows (t, "audit", NULL),
  };
  return c;
}

/* Three games; the third has an illegal move at ply 5 (Black's third
 * move "Bc5" is fine, White's "Ke3" at ply 5 is not: the king on e1
 * cannot reach e3). */
static const char three_games[] =
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.03.01\"]\n[Round \"1.1\"]\n"
  "[White \"Alpha, Anna\"]\n[Black \"Beta, Bo\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.03.01\"]\n[Round \"1.2\"]\n"
  "[White \"Gamma, Gus\"]\n[Black \"Delta, Dora\"]\n[Result \"1/2-1/2\"]\n\n"
  "1. d4 d5 2. c4 e6 1/2-1/2\n\n"
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.03.01\"]\n[Round \"1.3\"]\n"
  "[White \"Eps, Eve\"]\n[Black \"Zeta, Zoe\"]\n[Result \"*\"]\n\n"
  "1. e4 e5 2. Nf3 Bc5 3. Ke3 *\n";

static void
test_import_all_or_nothing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = new_tournament ("Import Open");
  Counts before = counts (t), after;
  guint n = 0;

  g_assert_false (arb_tournament_import_pgn (t, three_games, strlen (three_games), 0, &n, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE);
  g_test_message ("%s", error->message);
  /* The error names the game and the ply. */
  g_assert_true (g_str_has_prefix (error->message, "game 3, line "));
  g_assert_nonnull (strstr (error->message, "ply 5"));
  g_assert_nonnull (strstr (error->message, "nothing was imported"));

  after = counts (t);
  g_assert_cmpint (after.players, ==, before.players);
  g_assert_cmpint (after.games, ==, before.games);
  g_assert_cmpint (after.moves, ==, before.moves);
  g_assert_cmpint (after.audit, ==, before.audit);

  /* A result the board contradicts is an invalid game too. */
  {
    const char *wrong =
      "[Round \"1.9\"]\n[White \"X\"]\n[Black \"Y\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    const char *unfinished =
      "[Round \"1.9\"]\n[White \"X\"]\n[Black \"Y\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    g_autoptr (ArbTournament) other = new_tournament ("Mate Open");

    g_clear_error (&error);
    g_assert_false (arb_tournament_import_pgn (other, wrong, strlen (wrong), 0, &n, &error));
    g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
    g_assert_cmpstr (
      error->message, ==,
      "nothing was imported: game 1, ply 4: the game ends in checkmate (0-1) but the "
      "result is 1-0");
    g_clear_error (&error);
    g_assert_cmpint (counts (other).games, ==, 0);
    /* "*" after a mate is the mate's result. */
    g_assert_true (
      arb_tournament_import_pgn (other, unfinished, strlen (unfinished), 0, &n, &error));
    g_assert_no_error (error);
    {
      g_autoptr (ArbGameInfo) g =
        arb_tournament_get_game (other, arb_tournament_find_game (other, 1, 9, NULL), NULL);
      g_assert_cmpstr (arb_result_to_string (g->result), ==, "0-1");
    }
  }

  /* Without the bad game, all of it. */
  {
    const char *end =
      strstr (three_games, "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.03.01\"]\n[Round \"1.3\"]");
    g_autoptr (GPtrArray) games = NULL;

    g_clear_error (&error);
    g_assert_true (
      arb_tournament_import_pgn (t, three_games, (gsize) (end - three_games), 0, &n, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 2);
    after = counts (t);
    g_assert_cmpint (after.players, ==, 4);
    g_assert_cmpint (after.games, ==, 2);
    g_assert_cmpint (after.moves, ==, 7 + 4);
    games = arb_tournament_list_games (t, 1, &error);
    g_assert_cmpint (((ArbGameInfo *) games->pdata[0])->board, ==, 1);
    g_assert_cmpstr (arb_result_to_string (((ArbGameInfo *) games->pdata[0])->result), ==, "1-0");
    g_assert_cmpint (((ArbGameInfo *) games->pdata[1])->board, ==, 2);
    g_assert_cmpstr (arb_result_to_string (((ArbGameInfo *) games->pdata[1])->result), ==,
                     "1/2-1/2");
  }

  /* The same boards again: refused, and nothing more stored. */
  g_assert_false (arb_tournament_import_pgn (t, three_games, 200, 0, &n, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (counts (t).games, ==, 2);
}

static void
test_import_needs_round (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = new_tournament ("Round Open");
  const char *pgn =
    "[Event \"?\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n*\n\n"
    "[Event \"?\"]\n[Round \"?\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n*\n";
  g_autoptr (GPtrArray) games = NULL;
  guint n = 0;

  g_assert_false (arb_tournament_import_pgn (t, pgn, strlen (pgn), 0, &n, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "game 1"));
  g_assert_nonnull (strstr (error->message, "--round"));
  g_clear_error (&error);
  g_assert_cmpint (counts (t).players, ==, 0);

  /* Pairings (no moves) in round 4, boards in order. */
  g_assert_true (arb_tournament_import_pgn (t, pgn, strlen (pgn), 4, &n, &error));
  g_assert_no_error (error);
  games = arb_tournament_list_games (t, 4, &error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpint (((ArbGameInfo *) games->pdata[1])->board, ==, 2);
  g_assert_cmpint (((ArbGameInfo *) games->pdata[1])->n_plies, ==, 0);
}

/* Pairings from TRF, then the games of round 1 from PGN: the boards are
 * filled, not duplicated. */
static void
test_pairings_then_games (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = new_tournament ("Pairing Open");
  g_autofree char *trf_path = g_test_build_filename (G_TEST_DIST, "data", "swiss-5.trf", NULL);
  g_autofree char *trf = NULL;
  gsize length = 0;
  const char *pgn =
    "[Event \"?\"]\n[Round \"1\"]\n[Board \"1\"]\n[White \"Andersen, Lars\"]\n"
    "[Black \"Svensson, Karin\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
  guint n = 0;

  g_assert_true (g_file_get_contents (trf_path, &trf, &length, NULL));
  g_assert_true (arb_tournament_import_trf (t, trf, length, 1, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_import_pgn (t, pgn, strlen (pgn), 0, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (counts (t).games, ==, 3);
  g_assert_cmpint (counts (t).players, ==, 5);
  g_assert_cmpint (counts (t).moves, ==, 7);

  /* Without a Board tag the pairing of the two players is found. */
  {
    const char *board2 = "[Event \"?\"]\n[Round \"1\"]\n[White \"Berg, Ingrid\"]\n"
                         "[Black \"de Vries, Jan\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
    gint64 game;
    g_autoptr (ArbGameInfo) info = NULL;

    g_assert_true (arb_tournament_import_pgn (t, board2, strlen (board2), 0, &n, &error));
    g_assert_no_error (error);
    g_assert_cmpint (counts (t).games, ==, 3);
    game = arb_tournament_find_game (t, 1, 2, &error);
    info = arb_tournament_get_game (t, game, &error);
    g_assert_cmpint (info->n_plies, ==, 2);
  }
}

/* The export of a round with clocks, rulings and results PGN has no
 * word for reads back into a new tournament and exports identically. */
static void
test_export_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) a = new_tournament ("Round Trip Open");
  g_autoptr (ArbTournament) b = new_tournament ("Round Trip Open");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  g_autofree char *flat = NULL;
  ArbPlayerInfo p1 = {
    .name = (char *) "Carlsen, Magnus", .title = (char *) "GM", .rating = 2830, .fide_id = 1503014
  };
  ArbPlayerInfo p2 = {
    .name = (char *) "Hou, Yifan", .title = (char *) "GM", .rating = 2650, .fide_id = 8602980
  };
  ArbPlayerInfo p3 = { .name = (char *) "Three, Tom" };
  ArbPlayerInfo p4 = { .name = (char *) "Four, Fay" };
  ArbGameInfo g1 = { .round = 2, .board = 1, .rated = TRUE };
  ArbGameInfo g2 = { .round = 2, .board = 2, .rated = TRUE };
  ArbGameInfo g3 = {
    .round = 2, .board = 3, .rated = TRUE, .start_fen = (char *) "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"
  };
  ArbRulingRecord r1 = {
    .ply = 3,
    .kind = (char *) "illegal-move",
    .decision = (char *) "restore the position before the illegal move; 2 minutes added to Black",
    .articles = (char *) "7.5.1, 7.5.5",
    .edition = 2018,
    .note = (char *) "White moved the king through check"
  };
  ArbRulingRecord r2 = { .ply = 0,
                         .kind = (char *) "late-arrival",
                         .decision = (char *) "play goes on",
                         .articles = (char *) "6.7.1",
                         .edition = 2018 };
  ArbRulingRecord r3 = {
    .ply = 9, .kind = (char *) "penalty", .decision = (char *) "warning", .edition = 2018
  };
  ArbIrregularityRecord illegal = { .ply = 3,
                                    .kind = "illegal-move",
                                    .side = ARB_WHITE,
                                    .move_text = "Ke2",
                                    .restored_ply = 2,
                                    .note = "the king walked into check" };
  gint64 id1, id2, id3;
  ArbPosition pos;
  static const struct
  {
    const char *uci;
    gint64 w, b;
  } moves[] = {
    { "e2e4", 5398000, 5400000 },
    { "c7c5", 5398000, 5395500 },
    { "g1f3", 5381250, 5395500 },
    { "d7d6", 5381250, 5311000 },
  };
  guint n = 0;

  id1 = arb_tournament_add_player (a, &p1, &error);
  id2 = arb_tournament_add_player (a, &p2, &error);
  g1.white_id = id1;
  g1.black_id = id2;
  g2.white_id = arb_tournament_add_player (a, &p3, &error);
  g2.black_id = arb_tournament_add_player (a, &p4, &error);
  g3.white_id = g2.black_id;
  g3.black_id = g2.white_id;
  id1 = arb_tournament_add_game (a, &g1, &error);
  id2 = arb_tournament_add_game (a, &g2, &error);
  id3 = arb_tournament_add_game (a, &g3, &error);
  g_assert_no_error (error);
  g_assert_true (_arb_tournament_set_round_date (a, 2, "2026-03-02", &error));

  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (arb_tournament_replay (a, id1, &pos, NULL, &error));
      g_assert_true (arb_tournament_add_move (a, id1, (int) i + 1, NULL,
                                              arb_move_parse_uci (&pos, moves[i].uci, 4),
                                              moves[i].w, moves[i].b, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (arb_tournament_add_ruling_record (a, id1, &r1, &error), >, 0);
  g_assert_cmpint (arb_tournament_add_ruling_record (a, id1, &r2, &error), >, 0);
  g_assert_cmpint (arb_tournament_add_ruling_record (a, id1, &r3, &error), >, 0);
  g_assert_cmpint (arb_tournament_add_irregularity (a, id1, &illegal, &error), >, 0);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_set_result (a, id2, ARB_RESULT_WHITE_HALF, NULL, &error));
  g_assert_true (arb_tournament_replay (a, id3, &pos, NULL, &error));
  g_assert_true (arb_tournament_add_move (a, id3, 1, NULL, arb_move_parse_uci (&pos, "e1g1", 4), -1,
                                          -1, &error));
  g_assert_true (
    arb_tournament_set_result (a, id3, ARB_RESULT_WHITE_FORFEIT_WIN, "rules infraction", &error));
  g_assert_no_error (error);

  first = arb_tournament_export_pgn (a, 2, 0, &error);
  g_assert_no_error (error);
  g_test_message ("%s", first);

  /* What the export must contain, written out by hand (line breaks in
   * the movetext are the writer's choice, so they are made blanks). */
  flat = g_strdup (first);
  g_strdelimit (flat, "\n", ' ');
  g_assert_nonnull (strstr (first, "[Round \"2\"]\n"));
  g_assert_nonnull (strstr (first, "[Date \"2026.03.02\"]\n"));
  g_assert_nonnull (strstr (first, "[WhiteElo \"2830\"]\n"));
  g_assert_nonnull (strstr (first, "[BlackFideId \"8602980\"]\n"));
  g_assert_nonnull (strstr (first, "[Board \"2\"]\n"));
  g_assert_nonnull (strstr (first, "[ArbiterResult \"1/2-0\"]\n"));
  g_assert_nonnull (strstr (first, "[ArbiterResult \"+/-\"]\n"));
  g_assert_nonnull (strstr (first, "[Termination \"rules infraction\"]\n"));
  g_assert_nonnull (strstr (first, "[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1\"]\n"));
  g_assert_null (strstr (first, "Chess960"));
  g_assert_nonnull (strstr (flat, "1. e4 {[%clk 1:29:58]} 1... c5 {[%clk 1:29:55.5] "));
  g_assert_nonnull (
    strstr (flat, "2. Nf3 {[%clk 1:29:41.25] [Ruling illegal-move; Laws 2018; art. 7.5.1, 7.5.5]"));
  g_assert_nonnull (strstr (flat, "[Note] White moved the king through check}"));
  g_assert_nonnull (
    strstr (flat, "{[Ruling late-arrival; Laws 2018; art. 6.7.1] play goes on} 1. e4"));
  g_assert_nonnull (strstr (flat, "1. O-O *"));
  g_assert_nonnull (
    strstr (flat, "1... c5 {[%clk 1:29:55.5] [Irregularity illegal-move; ply 3; white; Ke2; "
                  "restored 2] the king walked into check} 2. Nf3"));
  g_assert_nonnull (
    strstr (flat, "2... d6 {[%clk 1:28:31] [Ruling penalty; ply 9; Laws 2018] warning} *"));

  g_assert_true (arb_tournament_import_pgn (b, first, strlen (first), 0, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3);
  second = arb_tournament_export_pgn (b, 2, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (second, ==, first);

  /* The rulings came back as rulings, not only as text. */
  {
    gint64 game = arb_tournament_find_game (b, 2, 1, &error);
    g_autoptr (GPtrArray) rulings = arb_tournament_list_rulings (b, game, &error);
    const ArbRulingRecord *r;

    g_assert_cmpuint (rulings->len, ==, 3);
    r = rulings->pdata[0];
    g_assert_cmpint (r->ply, ==, 0);
    g_assert_cmpstr (r->kind, ==, "late-arrival");
    g_assert_cmpstr (r->articles, ==, "6.7.1");
    g_assert_null (r->note);
    r = rulings->pdata[1];
    g_assert_cmpint (r->ply, ==, 3);
    g_assert_cmpint (r->edition, ==, 2018);
    g_assert_cmpstr (r->decision, ==,
                     "restore the position before the illegal move; 2 minutes added to Black");
    g_assert_cmpstr (r->note, ==, "White moved the king through check");
    r = rulings->pdata[2];
    g_assert_cmpint (r->ply, ==, 9);
    g_assert_cmpstr (r->articles, ==, "");
  }
  /* The illegal move as it was made came back too. */
  {
    gint64 game = arb_tournament_find_game (b, 2, 1, &error);
    g_autoptr (GPtrArray) list = arb_tournament_list_irregularities (b, game, &error);
    const ArbIrregularityInfo *irr;

    g_assert_cmpuint (list->len, ==, 1);
    irr = list->pdata[0];
    g_assert_cmpint (irr->ply, ==, 3);
    g_assert_cmpstr (irr->kind, ==, "illegal-move");
    g_assert_cmpint (irr->side, ==, ARB_WHITE);
    g_assert_cmpstr (irr->move_text, ==, "Ke2");
    g_assert_cmpint (irr->restored_ply, ==, 2);
    g_assert_cmpstr (irr->note, ==, "the king walked into check");
  }

  /* One game alone. */
  third = arb_tournament_export_pgn (a, 0, id2, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (third, "[Event \"Round Trip Open\"]"));
  g_assert_null (strstr (third, "Carlsen"));
}

/* A real game from the shared test data. */
static void
test_import_real_game (void)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GArray) moves = NULL;
  gsize length = 0;
  guint n = 0;

  if (root == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set");
      return;
    }
  path =
    g_build_filename (root, "python-chess", "data", "pgn", "nepomniachtchi-liren-game1.pgn", NULL);
  if (!g_file_get_contents (path, &text, &length, NULL))
    {
      g_test_skip ("nepomniachtchi-liren-game1.pgn is not in ARB_TESTDATA");
      return;
    }
  t = new_tournament ("WCh 2023");
  g_assert_true (arb_tournament_import_pgn (t, text, length, 1, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  moves = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, 1, NULL), &error);
  /* Read off the file: 49. Ke3 is the last move, the players' FIDE ids
   * and ratings are in its tags. */
  g_assert_cmpuint (moves->len, ==, 97);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 0).san, ==, "e4");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 8).san, ==, "O-O");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 96).san, ==, "Ke3");
  {
    g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, &error);
    g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);
    const ArbPlayerInfo *white = players->pdata[0];

    g_assert_cmpstr (event->time_control, ==, "40/7200:20/3600:900+30");
    g_assert_cmpstr (event->venue, ==, "Astana KAZ");
    g_assert_cmpstr (white->name, ==, "Nepomniachtchi, Ian");
    g_assert_cmpint (white->fide_id, ==, 4168119);
    g_assert_cmpint (white->rating, ==, 2795);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/tournament-pgn/import-all-or-nothing", test_import_all_or_nothing);
  g_test_add_func ("/storage/tournament-pgn/import-needs-round", test_import_needs_round);
  g_test_add_func ("/storage/tournament-pgn/pairings-then-games", test_pairings_then_games);
  g_test_add_func ("/storage/tournament-pgn/export-round-trip", test_export_round_trip);
  g_test_add_func ("/storage/tournament-pgn/import-real-game", test_import_real_game);

  return g_test_run ();
}
