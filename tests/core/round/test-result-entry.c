/* test-result-entry.c: the grammar of the results desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What an arbiter types at the results desk, read as the window and
 * arbiter-cli read it: a board number is White's score, a name that
 * player's own; names are found ignoring case and accents; a result the
 * desk does not know, a board that is not there and a player with a bye
 * each say so.
 */

#include "config.h"

#include <string.h>

#include "arb-game.h"
#include "arb-result-entry.h"
#include "arb-test-utils.h"

/* --- Reading an entry ------------------------------------------------- */

typedef struct
{
  const char *text;
  const char *who;
  gboolean by_number;
  int board;
  gboolean has_result;
  ArbResult score;
  gboolean as_written;
} ParseCase;

static const ParseCase parse_cases[] = {
  { "12 1", "12", TRUE, 12, TRUE, ARB_RESULT_WHITE_WINS, FALSE },
  { "  12   0 ", "12", TRUE, 12, TRUE, ARB_RESULT_BLACK_WINS, FALSE },
  { "12=", "12", TRUE, 12, TRUE, ARB_RESULT_DRAW, FALSE },
  { "12½", "12", TRUE, 12, TRUE, ARB_RESULT_DRAW, FALSE },
  { "7--", "7", TRUE, 7, TRUE, ARB_RESULT_DOUBLE_FORFEIT, FALSE },
  { "5+", "5", TRUE, 5, TRUE, ARB_RESULT_WHITE_FORFEIT_WIN, FALSE },
  { "5 −", "5", TRUE, 5, TRUE, ARB_RESULT_BLACK_FORFEIT_WIN, FALSE },
  { "3 1/2", "3", TRUE, 3, TRUE, ARB_RESULT_DRAW, FALSE },
  { "3 *", "3", TRUE, 3, TRUE, ARB_RESULT_ONGOING, FALSE },
  { "3 0-1", "3", TRUE, 3, TRUE, ARB_RESULT_BLACK_WINS, TRUE },
  { "3 1–0", "3", TRUE, 3, TRUE, ARB_RESULT_WHITE_WINS, TRUE },
  { "Öberg 0", "Öberg", FALSE, 0, TRUE, ARB_RESULT_BLACK_WINS, FALSE },
  { "van der Berg ½", "van der Berg", FALSE, 0, TRUE, ARB_RESULT_DRAW, FALSE },
  { "van der Berg", "van der Berg", FALSE, 0, FALSE, ARB_RESULT_ONGOING, FALSE },
  { "12", "12", TRUE, 12, FALSE, ARB_RESULT_ONGOING, FALSE },
  { "Jansen +/-", "Jansen", FALSE, 0, TRUE, ARB_RESULT_WHITE_FORFEIT_WIN, TRUE },
};

static void
test_parse (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      const ParseCase *c = &parse_cases[i];
      g_autoptr (GError) error = NULL;
      ArbResultEntry entry;

      g_test_message ("%s", c->text);
      g_assert_true (arb_result_entry_parse (c->text, &entry, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (entry.who, ==, c->who);
      g_assert_cmpint (entry.by_number, ==, c->by_number);
      g_assert_cmpint (entry.board, ==, c->board);
      g_assert_cmpint (entry.has_result, ==, c->has_result);
      if (c->has_result)
        {
          g_assert_cmpint (entry.score, ==, c->score);
          g_assert_cmpint (entry.as_written, ==, c->as_written);
        }
      arb_result_entry_clear (&entry);
    }
}

/* "3 0.5" is a result the desk does not know (not a board called so); the
 * message lists the results it knows. */
static void
test_parse_refused (void)
{
  static const struct
  {
    const char *text;
    ArbResultEntryError code;
    const char *says;
  } cases[] = {
    { "3 0.5", ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT, "“0.5” is not a result" },
    { "Berg 2", ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT, "“2” is not a result" },
    { "3 1-1", ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT, "“1-1”" },
    { "12=+", ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT, "“=+”" },
    { "   ", ARB_RESULT_ENTRY_ERROR_EMPTY, "board number" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbResultEntry entry;

      g_test_message ("%s", cases[i].text);
      g_assert_false (arb_result_entry_parse (cases[i].text, &entry, &error));
      g_assert_error (error, ARB_RESULT_ENTRY_ERROR, (gint) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      if (cases[i].code == ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT)
        g_assert_nonnull (strstr (error->message, "1-0, 0-1, ½-½"));
      g_assert_null (entry.who);
    }
}

/* --- Names ------------------------------------------------------------ */

static void
test_match_name (void)
{
  static const struct
  {
    const char *query;
    const char *name;
    guint fit;
  } cases[] = {
    { "Öberg", "Öberg, Nils", 2 },
    { "oberg", "Öberg, Nils", 2 },
    { "OBERG", "Öberg, Nils", 2 },
    { "Obe", "Öberg, Nils", 1 },
    { "nils ö", "Öberg, Nils", 1 },
    { "Sondergaard", "Søndergaard, Mads", 2 },
    { "Ek", "Ek, Lars", 2 },
    { "Ek", "Ekström, Anna", 1 },
    { "berg", "Öberg, Nils", 0 },
    { "Öberg", "Oberg, Nils", 2 },
    { "van der", "van der Berg, Anouk", 2 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s in %s", cases[i].query, cases[i].name);
      g_assert_cmpuint (arb_result_entry_match_name (cases[i].query, cases[i].name), ==,
                        cases[i].fit);
    }
}

/* --- A round ---------------------------------------------------------- */

/* Round 1: board 1 Jansen–Öberg, board 2 Ekström–Lindqvist, board 3
 * Åkesson–Ekberg (0-1 stored), Ek with a bye. */
typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 board[4];
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  gint64 jansen, oberg, ekstrom, lindqvist, akesson, ekberg, ek;

  f->t = arb_test_new_tournament (&f->path);
  jansen = arb_test_add_player (f->t, 1, "Jansen, Pieter");
  oberg = arb_test_add_player (f->t, 2, "Öberg, Nils");
  ekstrom = arb_test_add_player (f->t, 3, "Ekström, Anna");
  lindqvist = arb_test_add_player (f->t, 4, "Lindqvist, Erik");
  akesson = arb_test_add_player (f->t, 5, "Åkesson, Björn");
  ekberg = arb_test_add_player (f->t, 6, "Ekberg, Ola");
  ek = arb_test_add_player (f->t, 7, "Ek, Lars");
  f->board[1] = arb_test_add_game (f->t, 1, 1, jansen, oberg, ARB_RESULT_ONGOING);
  f->board[2] = arb_test_add_game (f->t, 1, 2, ekstrom, lindqvist, ARB_RESULT_ONGOING);
  f->board[3] = arb_test_add_game (f->t, 1, 3, akesson, ekberg, ARB_RESULT_BLACK_WINS);
  arb_test_add_game (f->t, 1, 4, ek, 0, ARB_RESULT_ONGOING);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_free (f->path);
}

/* The board an entry names in round 1 and the result it means there. */
static void
assert_entry (Fixture *f, const char *text, int board, ArbColor side, ArbResult result)
{
  g_autoptr (GError) error = NULL;
  ArbResultEntry entry;
  ArbResultEntryTarget target;

  g_test_message ("%s", text);
  g_assert_true (arb_result_entry_parse (text, &entry, &error));
  g_assert_true (arb_result_entry_find (&entry, f->t, 1, &target, &error));
  g_assert_no_error (error);
  g_assert_cmpint (target.board, ==, board);
  g_assert_cmpint (target.game_id, ==, f->board[board]);
  g_assert_cmpint (target.side, ==, side);
  g_assert_cmpint (target.result, ==, result);
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&entry);
}

/* A name is that player's score; a board number White's. */
static void
test_find (Fixture *f, gconstpointer data)
{
  /* Öberg has Black: his 0 is Jansen's win. */
  assert_entry (f, "Öberg 0", 1, ARB_BLACK, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "Öberg 1", 1, ARB_BLACK, ARB_RESULT_BLACK_WINS);
  assert_entry (f, "Oberg 0", 1, ARB_BLACK, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "nils 0", 1, ARB_BLACK, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "Öberg +", 1, ARB_BLACK, ARB_RESULT_BLACK_FORFEIT_WIN);
  assert_entry (f, "Öberg =", 1, ARB_BLACK, ARB_RESULT_DRAW);
  /* Jansen has White: the same as the board number. */
  assert_entry (f, "Jansen 1", 1, ARB_WHITE, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "1 1", 1, ARB_WHITE, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "1 0", 1, ARB_WHITE, ARB_RESULT_BLACK_WINS);
}

static void
test_find_written_results (Fixture *f, gconstpointer data)
{
  /* A game's result as written is White first, whoever is named. */
  assert_entry (f, "Öberg 1-0", 1, ARB_BLACK, ARB_RESULT_WHITE_WINS);
  assert_entry (f, "Lindqvist -/+", 2, ARB_BLACK, ARB_RESULT_BLACK_FORFEIT_WIN);
  /* The one with the name as a whole word before those it begins. */
  assert_entry (f, "Ekström 0", 2, ARB_WHITE, ARB_RESULT_BLACK_WINS);
  assert_entry (f, "Ekberg ½", 3, ARB_BLACK, ARB_RESULT_DRAW);
  assert_entry (f, "3 1", 3, ARB_WHITE, ARB_RESULT_WHITE_WINS);
}

static void
assert_refused (Fixture *f, const char *text, ArbResultEntryError code, const char *says)
{
  g_autoptr (GError) error = NULL;
  ArbResultEntry entry;
  ArbResultEntryTarget target;

  g_test_message ("%s", text);
  g_assert_true (arb_result_entry_parse (text, &entry, &error));
  g_assert_false (arb_result_entry_find (&entry, f->t, 1, &target, &error));
  g_assert_error (error, ARB_RESULT_ENTRY_ERROR, (gint) code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, says));
  arb_result_entry_clear (&entry);
}

/* Ek has a bye: the desk says so, and does not take Ekström or Ekberg
 * for him. */
static void
test_find_refused (Fixture *f, gconstpointer data)
{
  assert_refused (f, "Ek 1", ARB_RESULT_ENTRY_ERROR_BYE, "Ek, Lars has a bye in round 1");
  assert_refused (f, "12 1", ARB_RESULT_ENTRY_ERROR_NO_BOARD, "Round 1 has no board 12");
  assert_refused (f, "4 1", ARB_RESULT_ENTRY_ERROR_NO_BOARD, "no board 4");
  assert_refused (f, "0 1", ARB_RESULT_ENTRY_ERROR_NO_BOARD, "no board 0");
  assert_refused (f, "Carlsen 1", ARB_RESULT_ENTRY_ERROR_NO_PLAYER, "“Carlsen”");
  assert_refused (f, "E 1", ARB_RESULT_ENTRY_ERROR_SEVERAL, "Ekström, Anna (board 2)");
  assert_refused (f, "E 1", ARB_RESULT_ENTRY_ERROR_SEVERAL, "Ek, Lars (bye)");
}

/* "Öberg 0" through the round's path, read back from the file. */
static void
test_store (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  ArbTimeControl tc;
  ArbResultEntry entry;
  ArbResultEntryTarget target;

  g_assert_true (arb_result_entry_parse ("Öberg 0", &entry, &error));
  g_assert_true (arb_result_entry_find (&entry, f->t, 1, &target, &error));
  g_assert_true (arb_time_control_parse ("-", &tc, NULL, NULL));
  game = arb_game_load (f->t, target.game_id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_set_result (game, target.result, "Desk", &error));
  g_assert_no_error (error);
  stored = arb_tournament_get_game (f->t, f->board[1], &error);
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, "1-0");
  g_assert_cmpint (arb_result_winner (stored->result), ==, ARB_WHITE);
  g_assert_cmpstr (target.white, ==, "Jansen, Pieter");
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&entry);
}

static ArbGame *
load_game (Fixture *f, int board)
{
  g_autoptr (GError) error = NULL;
  ArbTimeControl tc;
  ArbGame *game;

  g_assert_true (arb_time_control_parse ("-", &tc, NULL, NULL));
  game = arb_game_load (f->t, f->board[board], &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  return game;
}

static const char *
stored_result (Fixture *f, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameInfo) stored = arb_tournament_get_game (f->t, f->board[board], &error);

  g_assert_no_error (error);
  return arb_result_to_string (stored->result);
}

/* A first result is no ruling; a result replaced is a correction in the
 * rulings log, and taking it back withdraws it beside it and gives back
 * the result the desk had stored before (27, "every result change … is a
 * logged decision"). */
static void
test_correct_and_take_back (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) first = load_game (f, 1);
  g_autoptr (ArbGame) game = load_game (f, 3);
  g_autoptr (GPtrArray) rulings = NULL;
  const ArbRulingRecord *original, *withdrawal;
  gint64 ruling_id = -1;

  g_assert_true (arb_result_entry_store (first, ARB_RESULT_DRAW, "Desk", NULL, &ruling_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ruling_id, ==, 0);
  g_assert_cmpstr (stored_result (f, 1), ==, "1/2-1/2");
  g_assert_true (
    arb_result_entry_take_back (first, ARB_RESULT_ONGOING, 0, "Desk", "typed", &error));
  g_assert_cmpstr (stored_result (f, 1), ==, "*");

  /* Board 3 holds 0-1 from the results desk, not from a ruling. */
  g_assert_true (arb_result_entry_store (game, ARB_RESULT_WHITE_WINS, "Lindgren, Karin",
                                         "the slip was misread", &ruling_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ruling_id, >, 0);
  g_assert_cmpstr (stored_result (f, 3), ==, "1-0");

  g_assert_true (arb_result_entry_take_back (
    game, ARB_RESULT_BLACK_WINS, ruling_id, "Lindgren, Karin", "typed on the wrong board", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (stored_result (f, 3), ==, "0-1");
  rulings = arb_tournament_list_rulings (f->t, f->board[3], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 2);
  original = g_ptr_array_index (rulings, 0);
  withdrawal = g_ptr_array_index (rulings, 1);
  g_assert_cmpint (original->id, ==, ruling_id);
  g_assert_cmpint (original->superseded_by, ==, withdrawal->id);
  g_assert_cmpint (withdrawal->supersedes, ==, ruling_id);
  g_assert_nonnull (strstr (withdrawal->payload, "typed on the wrong board"));
}

/* "*" typed over a result takes it back as a correction with its
 * reason: the game has no result again (board 3 held 0-1), and the
 * rulings log keeps what it replaced and why. */
static void
test_correct_to_no_result (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = load_game (f, 3);
  g_autoptr (GPtrArray) rulings = NULL;
  gint64 ruling_id = 0;

  g_assert_true (arb_result_entry_store (game, ARB_RESULT_ONGOING, "Desk", "the game goes on",
                                         &ruling_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ruling_id, >, 0);
  g_assert_cmpstr (stored_result (f, 3), ==, "*");
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_ONGOING);
  rulings = arb_tournament_list_rulings (f->t, f->board[3], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_nonnull (strstr (((ArbRulingRecord *) rulings->pdata[0])->payload, "the game goes on"));
  /* Taken back, the result is lost by no one: the game goes on. */
  g_assert_nonnull (((ArbRulingRecord *) rulings->pdata[0])->ruling);
  g_assert_cmpint (((ArbRulingRecord *) rulings->pdata[0])->ruling->decision, ==,
                   ARB_DECISION_PLAY_ON);
}

static void
test_winner (void)
{
  g_assert_cmpint (arb_result_winner (ARB_RESULT_WHITE_WINS), ==, ARB_WHITE);
  g_assert_cmpint (arb_result_winner (ARB_RESULT_BLACK_FORFEIT_WIN), ==, ARB_BLACK);
  g_assert_cmpint (arb_result_winner (ARB_RESULT_DRAW), ==, ARB_COLOR_NONE);
  g_assert_cmpint (arb_result_winner (ARB_RESULT_WHITE_HALF), ==, ARB_COLOR_NONE);
  g_assert_cmpint (arb_result_winner (ARB_RESULT_ONGOING), ==, ARB_COLOR_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/round/result-entry/parse", test_parse);
  g_test_add_func ("/round/result-entry/parse-refused", test_parse_refused);
  g_test_add_func ("/round/result-entry/match-name", test_match_name);
  g_test_add_func ("/round/result-entry/winner", test_winner);
  g_test_add ("/round/result-entry/find", Fixture, NULL, fixture_set_up, test_find,
              fixture_tear_down);
  g_test_add ("/round/result-entry/find-written", Fixture, NULL, fixture_set_up,
              test_find_written_results, fixture_tear_down);
  g_test_add ("/round/result-entry/find-refused", Fixture, NULL, fixture_set_up, test_find_refused,
              fixture_tear_down);
  g_test_add ("/round/result-entry/store", Fixture, NULL, fixture_set_up, test_store,
              fixture_tear_down);
  g_test_add ("/round/result-entry/correct-and-take-back", Fixture, NULL, fixture_set_up,
              test_correct_and_take_back, fixture_tear_down);
  g_test_add ("/round/result-entry/correct-to-no-result", Fixture, NULL, fixture_set_up,
              test_correct_to_no_result, fixture_tear_down);
  return g_test_run ();
}
