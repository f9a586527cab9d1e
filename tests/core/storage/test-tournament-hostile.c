/* test-tournament-hostile.c: crafted tournament files through the core
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each file here is a sound tournament made through the API, then changed
 * behind the program's back with SQLite (with its CHECK constraints
 * ignored, as another program may write). Before their fixes, a number of
 * plies of 2^31 - 1 crashed the PGN export, a round number of -1 wrote
 * before the TRF export's arrays, a starting rank of 2^31 - 1 overflowed
 * it, the check called these files sound, and
 * moves stored as codes of illegal moves were exported as PGN.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-feed-round.h"
#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-trf.h"
#include "arb-tournament.h"

/* Two games of round 1: 1.e4 e5 2.Nf3 on board 1, 1.d4 on board 2. */
static char *
new_file (void)
{
  static const char pgn[] = "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                            "[Black \"B, Bea\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
                            "[Event \"?\"]\n[Round \"1.2\"]\n[White \"C, Cy\"]\n"
                            "[Black \"D, Di\"]\n[Result \"*\"]\n\n1. d4 *\n";
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  guint n = 0;

  g_assert_true (arb_tournament_import_pgn (t, pgn, sizeof pgn - 1, 0, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  return path;
}

/* The problems arb_tournament_check() finds, one a line; NULL when the
 * file is sound. */
static char *
check_problems (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  gboolean sound;

  g_assert_no_error (error);
  sound = arb_tournament_check (t, problems, &error);
  g_assert_no_error (error);
  if (sound)
    {
      g_assert_cmpuint (problems->len, ==, 0);
      return NULL;
    }
  g_assert_cmpuint (problems->len, >, 0);
  g_ptr_array_add (problems, NULL);
  return g_strjoinv ("\n", (char **) problems->pdata);
}

static gboolean
count_writes (const char *text, gsize length, gpointer user_data, GError **error)
{
  (*(guint *) user_data)++;
  return TRUE;
}

/* Neither export writes anything; both fail with ERROR_CODE. */
static void
assert_exports_fail (const char *path, int error_code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autofree char *trf = NULL;
  guint writes = 0;

  g_assert_no_error (error);
  g_assert_false (arb_tournament_export_pgn_to (t, 0, 0, count_writes, &writes, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, error_code);
  g_test_message ("PGN: %s", error->message);
  if (message != NULL)
    g_assert_nonnull (strstr (error->message, message));
  g_assert_cmpuint (writes, ==, 0);
  g_clear_error (&error);

  if (error_code == ARB_TOURNAMENT_ERROR_CORRUPT)
    {
      trf = arb_tournament_export_trf (t, &error);
      g_assert_null (trf);
      g_assert_error (error, ARB_TOURNAMENT_ERROR, error_code);
      if (message != NULL)
        g_assert_nonnull (strstr (error->message, message));
    }
}

static void
test_sound_file (void)
{
  g_autofree char *path = new_file ();
  g_autofree char *problems = check_problems (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autofree char *pgn = arb_tournament_export_pgn (t, 0, 0, &error);

  g_assert_null (problems);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (pgn, "1. e4 e5 2. Nf3 *"));
  g_assert_nonnull (strstr (pgn, "1. d4 *"));
}

/* plies: -5, 2^31 - 1 (the export sized an array by it and crashed),
 * 2^63 - 1 (read as -1 before). */
static void
test_plies_out_of_range (void)
{
  static const char *const values[] = { "-5", "2147483647", "9223372036854775807", "100001" };

  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *path = new_file ();
      g_autofree char *sql =
        g_strdup_printf ("UPDATE move_list SET plies = %s WHERE game_id = 1", values[i]);
      g_autofree char *problems = NULL;
      g_autofree char *expected = g_strdup_printf ("a number of plies %s", values[i]);
      g_autoptr (GError) error = NULL;

      g_test_message ("plies = %s", values[i]);
      arb_test_corrupt (path, sql);
      problems = check_problems (path);
      g_assert_nonnull (problems);
      g_test_message ("%s", problems);
      g_assert_nonnull (strstr (problems, "CHECK constraint failed in move_list"));
      g_assert_nonnull (strstr (problems, expected));
      assert_exports_fail (path, ARB_TOURNAMENT_ERROR_CORRUPT, expected);

      {
        g_autoptr (ArbTournament) t =
          arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
        g_autoptr (GArray) moves = NULL;

        g_assert_no_error (error);
        moves = arb_tournament_get_moves (t, 1, &error);
        g_assert_null (moves);
        g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT);
      }
    }
}

/* A game's round -1 indexed the TRF export's rounds at -2, and round 0
 * the PGN export's dates at -1. */
static void
test_round_out_of_range (void)
{
  static const char *const values[] = { "-1", "0", "1000", "2147483648" };

  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *path = new_file ();
      g_autofree char *sql = g_strdup_printf ("UPDATE round SET date = '2026-01-01';"
                                              "UPDATE game SET round_no = %s WHERE id = 2",
                                              values[i]);
      g_autofree char *expected = g_strdup_printf ("the round number %s", values[i]);
      g_autofree char *problems = NULL;

      g_test_message ("round_no = %s", values[i]);
      arb_test_corrupt (path, sql);
      problems = check_problems (path);
      g_assert_nonnull (problems);
      g_assert_nonnull (strstr (problems, expected));
      assert_exports_fail (path, ARB_TOURNAMENT_ERROR_CORRUPT, expected);
    }
}

/* A round numbered 0 took the place of round 1's date. */
static void
test_round_table_out_of_range (void)
{
  g_autofree char *path = new_file ();

  arb_test_corrupt (path, "INSERT INTO round (number, date) VALUES (0, '1999-09-09')");
  {
    g_autofree char *problems = check_problems (path);

    g_assert_nonnull (problems);
    g_assert_nonnull (strstr (problems, "CHECK constraint failed in round"));
  }
  assert_exports_fail (path, ARB_TOURNAMENT_ERROR_CORRUPT, "the number 0");
}

/* Board numbers too. */
static void
test_board_out_of_range (void)
{
  g_autofree char *path = new_file ();
  g_autofree char *problems = NULL;

  arb_test_corrupt (path, "UPDATE game SET board = -7 WHERE id = 2");
  problems = check_problems (path);
  g_assert_nonnull (problems);
  g_assert_nonnull (strstr (problems, "CHECK constraint failed in game"));
  g_assert_nonnull (strstr (problems, "the board number -7"));
  assert_exports_fail (path, ARB_TOURNAMENT_ERROR_CORRUPT, "the board number -7");
}

/* A starting rank of 2^31 - 1: the TRF export counted on from it (an
 * overflow) and wrote it across its columns, and the check called the
 * file sound. */
static void
test_start_no_out_of_range (void)
{
  g_autofree char *path = new_file ();
  g_autofree char *problems = NULL;

  arb_test_corrupt (path, "UPDATE player SET start_no = 2147483647 WHERE id = 1");
  problems = check_problems (path);
  g_assert_nonnull (problems);
  g_assert_nonnull (strstr (problems, "player 1 has the starting rank 2147483647"));
  assert_exports_fail (path, ARB_TOURNAMENT_ERROR_CORRUPT, "the starting rank 2147483647");
}

/* Tags nested 200,000 deep: json-glib's recursion overflowed the stack
 * where the feed read the teams; the check now names the game. */
static void
test_tags_unreadable (void)
{
  g_autofree char *path = new_file ();
  g_autoptr (GString) sql = g_string_new ("UPDATE game SET tags = '");
  g_autofree char *problems = NULL;

  for (int i = 0; i < 200000; i++)
    g_string_append_c (sql, '[');
  g_string_append (sql, "' WHERE id = 2");
  arb_test_corrupt (path, sql->str);
  problems = check_problems (path);
  g_assert_nonnull (problems);
  g_test_message ("%s", problems);
  g_assert_nonnull (strstr (problems, "round 1 board 2: the tags cannot be read"));

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
    ArbFeedRound *round;
    guint writes = 0;

    g_assert_no_error (error);
    /* The feed publishes the game without its teams. */
    round = arb_feed_round_read (t, 1, &error);
    g_assert_no_error (error);
    g_assert_nonnull (round);
    g_assert_cmpuint (round->games->len, ==, 2);
    g_assert_null (((ArbFeedGame *) round->games->pdata[1])->white.team);
    arb_feed_round_unref (round);
    /* The export names the game and writes nothing. */
    g_assert_false (arb_tournament_export_pgn_to (t, 0, 0, count_writes, &writes, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "round 1 board 2"));
    g_assert_cmpuint (writes, ==, 0);
  }
}

/* Codes of moves that cannot stand where they are stored: 1...e5 first
 * (a black pawn moved by White), and random codes. The export decodes
 * the codes without a position, and wrote them as PGN. */
static void
test_illegal_codes (void)
{
  g_autofree char *path = new_file ();
  g_autofree char *problems = NULL;

  /* Board 1's e4 and e5 exchanged. */
  arb_test_corrupt (path,
                    "UPDATE move_list SET codes = substr (codes, 5, 4) || substr (codes, 1, 4) || "
                    "substr (codes, 9, 4) WHERE game_id = 1");
  problems = check_problems (path);
  g_assert_nonnull (problems);
  g_assert_nonnull (strstr (problems, "round 1 board 1: ply 1 (e5) is not a legal move"));
  assert_exports_fail (path, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE, "round 1 board 1: ply 1 (e5)");

  /* Random codes in board 2's second game: the first game is sound, and
   * still nothing is written. */
  for (guint32 seed = 1; seed <= 20; seed++)
    {
      g_autofree char *copy = new_file ();
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (GString) sql = g_string_new ("UPDATE move_list SET plies = 8, codes = x'");
      g_autofree char *copy_problems = NULL;

      for (int i = 0; i < 32; i++)
        g_string_append_printf (sql, "%02x", g_rand_int_range (rand, 0, 256));
      g_string_append (sql, "', clocks = NULL, played = NULL WHERE game_id = 2");
      arb_test_corrupt (copy, sql->str);
      copy_problems = check_problems (copy);
      if (copy_problems == NULL)
        continue; /* eight random codes that are a legal game */
      g_assert_nonnull (strstr (copy_problems, "round 1 board 2: ply "));
      assert_exports_fail (copy, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE, "round 1 board 2: ply ");
    }
}

/* What the readers refuse is not written either. */
static void
test_writes_in_range (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  ArbPlayerInfo a = { .name = (char *) "A, Al" }, b = { .name = (char *) "B, Bea" };
  ArbGameInfo game = { .board = 1, .result = ARB_RESULT_ONGOING, .rated = TRUE };

  game.white_id = arb_tournament_add_player (t, &a, &error);
  game.black_id = arb_tournament_add_player (t, &b, &error);
  g_assert_no_error (error);
  game.round = ARB_TOURNAMENT_MAX_ROUND + 1;
  g_assert_cmpint (arb_tournament_add_game (t, &game, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  game.round = 1;
  game.board = ARB_TOURNAMENT_MAX_BOARD + 1;
  g_assert_cmpint (arb_tournament_add_game (t, &game, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  game.round = ARB_TOURNAMENT_MAX_ROUND;
  game.board = ARB_TOURNAMENT_MAX_BOARD;
  g_assert_cmpint (arb_tournament_add_game (t, &game, &error), >, 0);
  g_assert_no_error (error);
  a.start_no = ARB_TOURNAMENT_MAX_START_NO + 1;
  g_assert_cmpint (arb_tournament_add_player (t, &a, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
}

/* A team event's byes and forfeits that cannot stand together
 * (tests/data/league-4x4.trf: round 1's matches Oslo–Bergen and
 * Malmö–Aarhus, round 2's Aarhus–Oslo and Bergen–Malmö), written around
 * the round layer: a bye of Oslo, which round 1 pairs; a forfeit said to
 * be of round 2 of a round 1 match; round 2's first match forfeited twice,
 * its boards 1-4 left open. Each is told; a cancelled record is not. */
static void
test_team_entries (void)
{
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  g_autofree char *owned = NULL;
  g_autofree char *problems = NULL;

  {
    g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
    gsize length = 0;
    g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);

    g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
    g_assert_no_error (error);
  }
  owned = path;
  g_assert_null (check_problems (path));
  arb_test_corrupt (
    path, "INSERT INTO team_round_entry (kind, round_no, team, code, match_points_x2, "
          "home_points_x2, recorded_at) VALUES ('bye', 1, 'Oslo Schakselskap', 'U', 4, 8, 'x');"
          "INSERT INTO team_round_entry (kind, round_no, team_match_id, winner, home_points_x2, "
          "away_points_x2, recorded_at) SELECT 'forfeit', 2, id, 'home', 8, 0, 'x' "
          "FROM team_match WHERE round_no = 1 ORDER BY id LIMIT 1;"
          "INSERT INTO team_round_entry (kind, round_no, team_match_id, winner, home_points_x2, "
          "away_points_x2, recorded_at) SELECT 'forfeit', 2, id, w, 8, 0, 'x' "
          "FROM team_match, (SELECT 'home' AS w UNION ALL SELECT 'away') "
          "WHERE round_no = 2 ORDER BY id LIMIT 2;"
          /* Malmö's bye of round 1, taken back: not told. */
          "INSERT INTO team_round_entry (id, kind, round_no, team, code, match_points_x2, "
          "home_points_x2, recorded_at) VALUES (90, 'bye', 1, 'Malmö Schacksällskap', 'U', 4, 8, "
          "'x');"
          "INSERT INTO team_round_entry (kind, round_no, supersedes, note, recorded_at) "
          "VALUES ('cancel', 1, 90, 'wrong team', 'x');");
  problems = check_problems (path);
  g_test_message ("%s", problems);
  g_assert_nonnull (problems);
  g_assert_nonnull (strstr (problems, "round 1: Oslo Schakselskap has a bye and a match"));
  g_assert_nonnull (strstr (problems, "forfeits a match of round 1"));
  g_assert_nonnull (strstr (problems, "round 2: the match Aarhus Skakklub – Oslo Schakselskap is "
                                      "forfeited 2 times"));
  g_assert_null (strstr (problems, "Malmö"));
  /* Written around the round layer, the forfeits left their boards
   * open (as one recorded before it marked them did): each is told. */
  g_assert_nonnull (strstr (problems, "round 2: the match Aarhus Skakklub – Oslo Schakselskap is "
                                      "forfeited, but board 1 holds no result"));
  g_assert_nonnull (strstr (problems, "round 2: the match Aarhus Skakklub – Oslo Schakselskap is "
                                      "forfeited, but board 4 holds no result"));
  g_assert_null (strstr (problems, "board 5 holds"));

  /* A team record that is no UTF-8 (a lead byte at its end): the export
   * reads no team number from it, and reads nothing past it. */
  arb_test_corrupt (path, "UPDATE event_record SET value = CAST (X'20203120F0' AS TEXT) "
                          "WHERE code = '013';");
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
    g_autofree char *trf = NULL;

    g_assert_no_error (error);
    trf = arb_tournament_export_trf (t, &error);
    g_test_message ("%s", error != NULL ? error->message : "exported");
    g_assert_true (trf != NULL || error != NULL);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/tournament-hostile/sound-file", test_sound_file);
  g_test_add_func ("/storage/tournament-hostile/team-entries", test_team_entries);
  g_test_add_func ("/storage/tournament-hostile/plies-out-of-range", test_plies_out_of_range);
  g_test_add_func ("/storage/tournament-hostile/round-out-of-range", test_round_out_of_range);
  g_test_add_func ("/storage/tournament-hostile/round-table-out-of-range",
                   test_round_table_out_of_range);
  g_test_add_func ("/storage/tournament-hostile/board-out-of-range", test_board_out_of_range);
  g_test_add_func ("/storage/tournament-hostile/start-no-out-of-range", test_start_no_out_of_range);
  g_test_add_func ("/storage/tournament-hostile/tags-unreadable", test_tags_unreadable);
  g_test_add_func ("/storage/tournament-hostile/illegal-codes", test_illegal_codes);
  g_test_add_func ("/storage/tournament-hostile/writes-in-range", test_writes_in_range);
  return g_test_run ();
}
