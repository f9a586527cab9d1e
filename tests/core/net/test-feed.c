/* test-feed.c: the round as the feed publishes it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-feed-round.h"
#include "arb-feed-state.h"
#include "arb-feed.h"
#include "arb-pgn-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-live.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-reconstruct.h"

typedef struct
{
  char *path;
  ArbTournament *t;
} Fixture;

static gint64
add_player (ArbTournament *t, const char *name, const char *title, int rating, gint64 fide_id)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo p = {
    .name = (char *) name, .title = (char *) title, .rating = rating, .fide_id = fide_id
  };
  gint64 id = arb_tournament_add_player (t, &p, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
add_game (ArbTournament *t, int round, int board, const char *white, const char *black)
{
  g_autoptr (GError) error = NULL;
  ArbGameInfo game = { .round = round, .board = board, .rated = TRUE };
  gint64 id;

  game.white_id = add_player (t, white, board == 1 ? "GM" : NULL, 2500 - board, 1000 + board);
  game.black_id = add_player (t, black, NULL, 2400 - board, 0);
  id = arb_tournament_add_game (t, &game, &error);
  g_assert_no_error (error);
  return id;
}

static void
play (ArbTournament *t, gint64 game, const char *san, gint64 white_ms, gint64 black_ms)
{
  arb_test_play_san (t, game, san, white_ms, black_ms);
}

static void
play_line (ArbTournament *t, gint64 game, const char *const *sans)
{
  for (guint i = 0; sans[i] != NULL; i++)
    play (t, game, sans[i], -1, -1);
}

static void
clock_event (ArbTournament *t,
             gint64 game,
             int ply,
             ArbClockEventKind kind,
             ArbColor side,
             const char *wall_time,
             gint64 white_ms,
             gint64 black_ms)
{
  g_autoptr (GError) error = NULL;
  ArbClockEventRecord e = { .ply = ply,
                            .kind = kind,
                            .side = side,
                            .wall_time = wall_time,
                            .white_ms = white_ms,
                            .black_ms = black_ms };

  arb_tournament_add_clock_event (t, game, &e, &error);
  g_assert_no_error (error);
}

/* The clock started at the board before any move was stored. */
static void
start_clock_before_moves (ArbTournament *t, gint64 game)
{
  clock_event (t, game, 0, ARB_CLOCK_EVENT_START, ARB_WHITE, "2026-03-01T10:00:00Z", 5400000,
               5400000);
}

static void
set_result (ArbTournament *t, gint64 game, const char *text)
{
  g_autoptr (GError) error = NULL;
  ArbResult result;

  g_assert_true (arb_result_from_string (text, &result));
  g_assert_true (arb_tournament_set_result (t, game, result, NULL, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->t = arb_test_new_tournament (&f->path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_free (f->path);
}

static ArbFeedRound *
read_round (Fixture *f, int round)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) reader =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  ArbFeedRound *r;

  g_assert_no_error (error);
  r = arb_feed_round_read (reader, round, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static char *
bytes_text (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_strndup (data, size);
}

static char *
round_pgn (ArbFeedState *state)
{
  g_autoptr (GBytes) bytes = arb_feed_state_get_pgn (state, FALSE, NULL);

  return bytes_text (bytes);
}

static char *
board_pgn (ArbFeedState *state, int board)
{
  g_autoptr (GBytes) bytes = arb_feed_state_get_board_pgn (state, board, FALSE, NULL);

  g_assert_nonnull (bytes);
  return bytes_text (bytes);
}

static gint64
last_move_time (const ArbFeedRound *round, int board)
{
  const ArbFeedGame *game = arb_feed_round_find_board (round, board);

  g_assert_nonnull (game);
  g_assert_cmpuint (game->plies->len, >, 0);
  return g_array_index (game->plies, ArbFeedPly, game->plies->len - 1).played_us;
}

/* The round is the last one with games, byes are not games, and every
 * published move carries its clock; the running clocks are in tags. */
static void
test_pgn_tags_and_clocks (Fixture *f, gconstpointer data)
{
  gint64 g1, g2;
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *one = NULL;
  const ArbPgnGame *read;

  add_game (f->t, 1, 1, "Old, Round", "Other, One");
  g1 = add_game (f->t, 2, 1, "Carlsen, Magnus", "Nakamura, Hikaru");
  g2 = add_game (f->t, 2, 2, "Svensson, Karin", "Olsen, Per");
  play (f->t, g1, "e4", 5400000, 5400000);
  play (f->t, g1, "c5", 5370000, 5395000);
  play (f->t, g1, "Nf3", 5341500, 5395000);
  play (f->t, g2, "d4", -1, -1);

  round = read_round (f, 0);
  g_assert_cmpint (round->round, ==, 2);
  g_assert_cmpuint (round->games->len, ==, 2);
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  pgn = round_pgn (state);
  one = board_pgn (state, 1);

  g_assert_nonnull (strstr (pgn, "[Round \"2\"]\n"));
  g_assert_nonnull (strstr (one, "[Board \"1\"]\n"));
  g_assert_nonnull (strstr (one, "[White \"Carlsen, Magnus\"]\n"));
  g_assert_nonnull (strstr (one, "[WhiteTitle \"GM\"]\n"));
  g_assert_nonnull (strstr (one, "[WhiteElo \"2499\"]\n"));
  g_assert_nonnull (strstr (one, "[WhiteFideId \"1001\"]\n"));
  g_assert_null (strstr (one, "BlackFideId"));
  g_assert_nonnull (
    strstr (one, "1. e4 {[%clk 1:30:00]} 1... c5 {[%clk 1:29:55]} 2. Nf3 {[%clk 1:29:01]} *"));
  g_assert_nonnull (strstr (one, "[WhiteClock \"1:29:01\"]\n"));
  g_assert_nonnull (strstr (one, "[BlackClock \"1:29:55\"]\n"));
  /* A game without clock times has neither tags nor comments. */
  g_assert_nonnull (strstr (pgn, "1. d4 *"));
  {
    g_autofree char *two = board_pgn (state, 2);

    g_assert_null (strstr (two, "Clock"));
  }
  g_assert_null (arb_feed_state_get_board_pgn (state, 3, FALSE, NULL));
  g_assert_null (strstr (pgn, "Old, Round"));

  /* Our own reader takes it back: the moves and the times. */
  games = arb_pgn_game_parse_all (pgn, strlen (pgn), ARB_PGN_READER_DEFAULT);
  g_assert_cmpuint (games->len, ==, 2);
  read = g_ptr_array_index (games, 0);
  g_assert_null (read->error);
  g_assert_cmpuint (arb_pgn_game_get_n_plies (read), ==, 3);
  g_assert_cmpint (arb_pgn_game_get_node (read, 2)->clock_ms, ==, 5395000);
}

typedef struct
{
  const char *stored;
  const char *tag;
  const char *marker;
  const char *arbiter_result; /* NULL when absent */
} ResultCase;

/* Every result the Laws allow reaches a relay in a form it reads. */
static void
test_results (Fixture *f, gconstpointer data)
{
  static const ResultCase cases[] = {
    { "1-0", "1-0", "1-0", NULL },
    { "0-1", "0-1", "0-1", NULL },
    { "1/2-1/2", "1/2-1/2", "1/2-1/2", NULL },
    { "0-0", "0-0", "*", NULL },
    { "1/2-0", "1/2-0", "*", NULL },
    { "0-1/2", "0-1/2", "*", NULL },
    { "+/-", "1-0", "1-0", "+/-" },
    { "-/+", "0-1", "0-1", "-/+" },
    { "--", "0-0", "*", "--" },
    { "*", "*", "*", NULL },
  };
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *white = g_strdup_printf ("White %u", i);
      g_autofree char *black = g_strdup_printf ("Black %u", i);
      gint64 id = add_game (f->t, 1, (int) i + 1, white, black);

      if (strcmp (cases[i].stored, "*") != 0)
        set_result (f->t, id, cases[i].stored);
    }
  round = read_round (f, 1);
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pgn = board_pgn (state, (int) i + 1);
      g_autofree char *tag = g_strdup_printf ("[Result \"%s\"]\n", cases[i].tag);
      g_autofree char *marker = g_strdup_printf ("\n%s\n\n", cases[i].marker);

      g_test_message ("%s:\n%s", cases[i].stored, pgn);
      g_assert_nonnull (strstr (pgn, tag));
      g_assert_true (g_str_has_suffix (pgn, marker));
      if (cases[i].arbiter_result != NULL)
        {
          g_autofree char *extra =
            g_strdup_printf ("[ArbiterResult \"%s\"]\n", cases[i].arbiter_result);

          g_assert_nonnull (strstr (pgn, extra));
        }
      else
        g_assert_null (strstr (pgn, "ArbiterResult"));
    }
}

/* pgn-extract, a program of its own, reads every game without a word of
 * complaint. */
static void
test_pgn_extract (Fixture *f, gconstpointer data)
{
  const char *candidates[] = { "/usr/games/pgn-extract", "/usr/bin/pgn-extract" };
  g_autofree char *program = g_find_program_in_path ("pgn-extract");
  const char *const fools[] = { "f3", "e5", "g4", "Qh4#", NULL };
  const char *const italian[] = { "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", NULL };
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *file = arb_test_temp_path ("round.pgn");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;
  gint64 g;

  for (guint i = 0; program == NULL && i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_EXECUTABLE))
      program = g_strdup (candidates[i]);
  if (program == NULL)
    {
      g_test_skip ("pgn-extract is not installed (apt-get install pgn-extract)");
      return;
    }

  g = add_game (f->t, 1, 1, "Fool, A", "Mate, B");
  play_line (f->t, g, fools);
  g = add_game (f->t, 1, 2, "Italian, C", "Game, D");
  play (f->t, g, "e4", 5400000, 5400000);
  play_line (f->t, g, italian + 1);
  set_result (f->t, add_game (f->t, 1, 3, "Zero, E", "Zero, F"), "0-0");
  set_result (f->t, add_game (f->t, 1, 4, "Half, G", "Nil, H"), "1/2-0");
  set_result (f->t, add_game (f->t, 1, 5, "Forfeit, I", "Absent, J"), "+/-");
  set_result (f->t, add_game (f->t, 1, 6, "Both, K", "Gone, L"), "--");

  round = read_round (f, 1);
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  pgn = round_pgn (state);
  g_assert_true (g_file_set_contents (file, pgn, -1, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { program, "-r", file, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                 &err, &status, &error));
    g_assert_no_error (error);
  }
  g_test_message ("pgn-extract says:\n%s", err);
  g_assert_nonnull (strstr (err, "6 games matched out of 6."));
  g_assert_null (strstr (err, "Failed"));
  g_assert_null (strstr (err, "Inconsistent"));
  g_assert_null (strstr (err, "Missing"));
  g_assert_null (strstr (err, "not allowed"));
  g_assert_null (strstr (err, "Unknown"));
}

/* With a delay, the moves and clock times of a game in progress show as
 * they were that long ago; a finished game shows whole. */
static void
test_delay (Fixture *f, gconstpointer data)
{
  gint64 g1, g2;
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) early = NULL;
  g_autoptr (ArbFeedState) later = NULL;
  g_autofree char *early_pgn = NULL;
  g_autofree char *later_pgn = NULL;
  const gint64 delay = 15 * 60 * G_USEC_PER_SEC;
  const char *const fools[] = { "f3", "e5", "g4", "Qh4#", NULL };
  const ArbFeedGame *game;
  gint64 first, last;

  g1 = add_game (f->t, 1, 1, "Running, A", "Game, B");
  play (f->t, g1, "e4", 5400000, 5400000);
  play (f->t, g1, "e5", 5390000, 5395000);
  g2 = add_game (f->t, 1, 2, "Fool, C", "Mate, D");
  play_line (f->t, g2, fools);

  round = read_round (f, 1);
  game = arb_feed_round_find_board (round, 1);
  first = g_array_index (game->plies, ArbFeedPly, 0).played_us;
  last = last_move_time (round, 1);

  /* A minute after the last move, with fifteen minutes of delay: nothing
   * of board 1 yet, all of the finished board 2. */
  early = arb_feed_state_new (round, last + 60 * G_USEC_PER_SEC, delay, 1);
  g_assert_cmpuint (arb_feed_state_get_view (early, 0)->n_plies, ==, 0);
  g_assert_false (arb_feed_state_get_view (early, 0)->clock.known);
  g_assert_cmpuint (arb_feed_state_get_view (early, 1)->n_plies, ==, 4);
  g_assert_cmpint (arb_feed_state_get_view (early, 1)->result, ==, ARB_RESULT_BLACK_WINS);
  early_pgn = round_pgn (early);
  g_assert_null (strstr (early_pgn, "1. e4"));
  g_assert_null (strstr (early_pgn, "WhiteClock"));
  g_assert_nonnull (strstr (early_pgn, "Qh4#"));
  /* The first held-back move comes due exactly the delay after it was
   * stored. */
  g_assert_cmpint (arb_feed_state_get_next_release_us (early), ==, first + delay);

  /* Fifteen minutes and a second after the last move: all of it. */
  later = arb_feed_state_new (round, last + delay + G_USEC_PER_SEC, delay, 2);
  g_assert_cmpuint (arb_feed_state_get_view (later, 0)->n_plies, ==, 2);
  later_pgn = round_pgn (later);
  g_assert_nonnull (strstr (later_pgn, "1. e4 {[%clk 1:30:00]} 1... e5 {[%clk 1:29:55]} *"));
  g_assert_cmpint (arb_feed_state_get_next_release_us (later), ==, G_MAXINT64);

  /* No delay: the state of now, and nothing to wait for. */
  {
    g_autoptr (ArbFeedState) now = arb_feed_state_new (round, last, 0, 3);

    g_assert_cmpuint (arb_feed_state_get_view (now, 0)->n_plies, ==, 2);
    g_assert_cmpint (arb_feed_state_get_next_release_us (now), ==, G_MAXINT64);
  }
}

/* The clocks' history: which one runs, and from when, at any moment. */
static void
test_clock_history (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbFeedRound) round = NULL;
  const ArbFeedGame *game;
  ArbFeedView view;
  gint64 g, t0;

  g = add_game (f->t, 1, 1, "Clock, A", "Clock, B");
  clock_event (f->t, g, 0, ARB_CLOCK_EVENT_START, ARB_WHITE, "2026-03-01T10:00:00Z", 5400000,
               5400000);
  clock_event (f->t, g, 0, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, "2026-03-01T10:02:00Z", 5280000,
               5400000);
  clock_event (f->t, g, 0, ARB_CLOCK_EVENT_ADD_TIME, ARB_BLACK, "2026-03-01T10:03:00Z", 5280000,
               5520000);
  clock_event (f->t, g, 0, ARB_CLOCK_EVENT_RESUME, ARB_COLOR_NONE, "2026-03-01T10:04:00Z", 5280000,
               5520000);

  round = read_round (f, 1);
  game = arb_feed_round_find_board (round, 1);
  g_assert_cmpuint (game->clock->len, ==, 4);
  g_assert_true (arb_tournament_parse_wall_time ("2026-03-01T10:00:00Z", &t0));

  /* Before the start: no clock. */
  arb_feed_game_view (game, t0 - 1, &view);
  g_assert_false (view.clock.known);

  /* One minute into the start: White runs, and has used that minute. */
  arb_feed_game_view (game, t0 + 60 * G_USEC_PER_SEC, &view);
  g_assert_true (view.clock.known);
  g_assert_cmpint (view.clock.running, ==, ARB_WHITE);
  g_assert_cmpint (arb_feed_clock_remaining_ms (&view.clock, ARB_WHITE, t0 + 60 * G_USEC_PER_SEC),
                   ==, 5340000);
  g_assert_cmpint (arb_feed_clock_remaining_ms (&view.clock, ARB_BLACK, t0 + 60 * G_USEC_PER_SEC),
                   ==, 5400000);

  /* Paused: nothing runs; then two minutes added to Black. */
  arb_feed_game_view (game, t0 + 150 * G_USEC_PER_SEC, &view);
  g_assert_cmpint (view.clock.running, ==, -1);
  g_assert_cmpint (view.clock.white_ms, ==, 5280000);
  arb_feed_game_view (game, t0 + 200 * G_USEC_PER_SEC, &view);
  g_assert_cmpint (view.clock.running, ==, -1);
  g_assert_cmpint (view.clock.black_ms, ==, 5520000);

  /* Resumed: White's clock runs again from the resumption. */
  arb_feed_game_view (game, t0 + 300 * G_USEC_PER_SEC, &view);
  g_assert_cmpint (view.clock.running, ==, ARB_WHITE);
  g_assert_cmpint (arb_feed_clock_remaining_ms (&view.clock, ARB_WHITE, t0 + 300 * G_USEC_PER_SEC),
                   ==, 5220000);
  /* A clock never shows less than nothing. */
  g_assert_cmpint (arb_feed_clock_remaining_ms (&view.clock, ARB_WHITE,
                                                t0 + G_GINT64_CONSTANT (7200) * G_USEC_PER_SEC),
                   ==, 0);
  g_assert_cmpint (arb_feed_game_next_change (game, t0 + 150 * G_USEC_PER_SEC), ==,
                   t0 + 180 * G_USEC_PER_SEC);
}

/* A move with times passes the running clock to the other side; a move
 * without leaves the clock unknown. */
static void
test_clock_moves (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbFeedRound) round = NULL;
  ArbFeedView view;
  gint64 g = add_game (f->t, 1, 1, "Moves, A", "Moves, B");

  start_clock_before_moves (f->t, g);
  play (f->t, g, "e4", 5400000, 5400000);
  play (f->t, g, "e5", 5400000, 5390000);
  round = read_round (f, 1);
  arb_feed_game_view (arb_feed_round_find_board (round, 1), G_MAXINT64 - 1, &view);
  g_assert_true (view.clock.known);
  g_assert_cmpint (view.clock.running, ==, ARB_WHITE);
  g_assert_cmpint (view.clock.black_ms, ==, 5390000);
  g_clear_pointer (&round, arb_feed_round_unref);

  play (f->t, g, "Nf3", -1, -1);
  round = read_round (f, 1);
  arb_feed_game_view (arb_feed_round_find_board (round, 1), G_MAXINT64 - 1, &view);
  g_assert_false (view.clock.known);
  g_assert_cmpint (view.clock.running, ==, -1);
}

/* The "running" member of board @board's clock in /round.json, or NULL
 * when it is null (and "none" when the clock is not published at all). */
static char *
json_running (Fixture *f, int board)
{
  g_autoptr (ArbFeedRound) round = read_round (f, 1);
  g_autoptr (ArbFeedState) state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  g_autofree char *json = arb_feed_state_to_json (state, g_get_real_time ());
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *games;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  games =
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "games");
  for (guint i = 0; i < json_array_get_length (games); i++)
    {
      JsonObject *game = json_array_get_object_element (games, i);
      JsonNode *clock = json_object_get_member (game, "clock");

      if (json_object_get_int_member (game, "board") != board)
        continue;
      if (clock == NULL || JSON_NODE_HOLDS_NULL (clock))
        return g_strdup ("none");
      if (JSON_NODE_HOLDS_NULL (json_object_get_member (json_node_get_object (clock), "running")))
        return NULL;
      return g_strdup (json_object_get_string_member (json_node_get_object (clock), "running"));
    }
  g_assert_not_reached ();
}

static void
play_timed_line (ArbTournament *t, gint64 game)
{
  play (t, game, "e4", 5400000, 5400000);
  play (t, game, "e5", 5390000, 5400000);
  play (t, game, "Nf3", 5390000, 5380000);
}

/* The hall sees a clock run only where the desk's runs: after a recorded
 * start, until a pause, a seal or the result; never for a game whose times
 * come from the clock on the table alone. */
static void
test_clock_desk (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *running = NULL;
  gint64 untracked = add_game (f->t, 1, 1, "Table, A", "Table, B");
  gint64 adjourned = add_game (f->t, 1, 2, "Sealed, A", "Sealed, B");
  gint64 paused = add_game (f->t, 1, 3, "Paused, A", "Paused, B");
  gint64 finished = add_game (f->t, 1, 4, "Over, A", "Over, B");
  gint64 running_game = add_game (f->t, 1, 5, "Runs, A", "Runs, B");
  ArbSealedMoveRecord env = {
    .ply = 4,
    .side = ARB_BLACK,
    .move_number = 2,
    .move_text = "Nc6",
    .fen_before = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    .white_used_ms = 10000,
    .black_used_ms = 20000,
    .resume_at = "tomorrow",
    .resume_place = "hall",
  };

  /* Times from the table (a PGN's [%clk], an e-board), no clock event. */
  play_timed_line (f->t, untracked);
  for (guint i = 0; i < 4; i++)
    {
      gint64 g = (gint64[]){ adjourned, paused, finished, running_game }[i];

      start_clock_before_moves (f->t, g);
      play_timed_line (f->t, g);
    }
  g_assert_cmpint (arb_tournament_add_sealed_move (f->t, adjourned, &env, &error), >, 0);
  g_assert_no_error (error);
  clock_event (f->t, paused, 3, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, NULL, 5390000, 5380000);
  set_result (f->t, finished, "1-0");

  running = json_running (f, 5);
  g_assert_cmpstr (running, ==, "black");
  for (int board = 1; board <= 4; board++)
    {
      g_autofree char *stopped = json_running (f, board);

      g_test_message ("board %d: %s", board, stopped);
      g_assert_null (stopped);
    }
}

static char *
gunzip (GBytes *compressed)
{
  g_autoptr (GZlibDecompressor) decompressor =
    g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) memory = g_memory_input_stream_new_from_bytes (compressed);
  g_autoptr (GInputStream) in = g_converter_input_stream_new (memory, G_CONVERTER (decompressor));
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) plain = NULL;

  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  plain = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  return bytes_text (plain);
}

static void
test_etag_gzip (Fixture *f, gconstpointer data)
{
  gint64 g = add_game (f->t, 1, 1, "Tag, A", "Tag, B");
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedRound) again = NULL;
  g_autoptr (ArbFeedState) a = NULL;
  g_autoptr (ArbFeedState) b = NULL;
  g_autoptr (ArbFeedState) c = NULL;
  g_autoptr (GBytes) plain = NULL;
  g_autoptr (GBytes) zipped = NULL;
  g_autofree char *text = NULL;
  g_autofree char *unzipped = NULL;
  const char *tag_a, *tag_b, *tag_c, *tag_gz;

  play (f->t, g, "c4", -1, -1);
  round = read_round (f, 1);
  a = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  b = arb_feed_state_new (round, g_get_real_time (), 0, 2);
  plain = arb_feed_state_get_pgn (a, FALSE, &tag_a);
  g_clear_pointer (&plain, g_bytes_unref);
  plain = arb_feed_state_get_pgn (b, FALSE, &tag_b);
  g_assert_cmpstr (tag_a, ==, tag_b);
  g_assert_true (tag_a[0] == '"' && g_str_has_suffix (tag_a, "\""));

  zipped = arb_feed_state_get_pgn (b, TRUE, &tag_gz);
  g_assert_cmpstr (tag_gz, !=, tag_b);
  text = bytes_text (plain);
  unzipped = gunzip (zipped);
  g_assert_cmpstr (unzipped, ==, text);
  /* Asked again, the same compressed bytes. */
  {
    g_autoptr (GBytes) twice = arb_feed_state_get_pgn (b, TRUE, NULL);

    g_assert_true (twice == zipped);
  }

  play (f->t, g, "e5", -1, -1);
  again = read_round (f, 1);
  c = arb_feed_state_new (again, g_get_real_time (), 0, 3);
  g_clear_pointer (&plain, g_bytes_unref);
  plain = arb_feed_state_get_pgn (c, FALSE, &tag_c);
  g_assert_cmpstr (tag_c, !=, tag_a);
}

static void
test_json (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  JsonObject *root, *game, *clock, *white;
  JsonArray *games, *moves;
  gint64 g = add_game (f->t, 4, 7, "Json, A", "Json, B");

  start_clock_before_moves (f->t, g);
  play (f->t, g, "e4", 5400000, 5400000);
  play (f->t, g, "d5", 5400000, 5391000);
  round = read_round (f, 0);
  state = arb_feed_state_new (round, g_get_real_time () + G_USEC_PER_SEC, 0, 9);
  json = arb_feed_state_to_json (state, 1700000000123456);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "now"), ==, 1700000000123);
  g_assert_cmpint (json_object_get_int_member (root, "seq"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (root, "round"), ==, 4);
  games = json_object_get_array_member (root, "games");
  g_assert_cmpuint (json_array_get_length (games), ==, 1);
  game = json_array_get_object_element (games, 0);
  g_assert_cmpint (json_object_get_int_member (game, "board"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (game, "ply"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (game, "result"), ==, "*");
  g_assert_cmpstr (json_object_get_string_member (game, "lastMove"), ==, "d7d5");
  g_assert_cmpstr (json_object_get_string_member (game, "fen"), ==,
                   "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  white = json_object_get_object_member (game, "white");
  g_assert_cmpstr (json_object_get_string_member (white, "name"), ==, "Json, A");
  clock = json_object_get_object_member (game, "clock");
  g_assert_cmpint (json_object_get_int_member (clock, "black"), ==, 5391000);
  g_assert_cmpstr (json_object_get_string_member (clock, "running"), ==, "white");
  moves = json_object_get_array_member (game, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (moves, 1), "san"),
                   ==, "d5");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (moves, 1), "clock"),
                   ==, 5391000);
}

/* The round's byes in /round.json, by name and kind; the display lists
 * them. Before, a bye was nowhere in the published round. */
static void
test_json_byes (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  ArbGameInfo bye = { .round = 4, .board = 2, .rated = TRUE, .bye_code = (char *) "H" };
  JsonArray *byes;
  JsonObject *first;

  add_game (f->t, 4, 1, "Game, A", "Game, B");
  bye.white_id = add_player (f->t, "Ek, Lars", NULL, 2000, 0);
  g_assert_cmpint (arb_tournament_add_game (f->t, &bye, &error), >, 0);
  g_assert_no_error (error);
  round = read_round (f, 0);
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  json = arb_feed_state_to_json (state, g_get_real_time ());
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  byes =
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "byes");
  g_assert_nonnull (byes);
  g_assert_cmpuint (json_array_get_length (byes), ==, 1);
  first = json_array_get_object_element (byes, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "Ek, Lars");
  g_assert_cmpstr (json_object_get_string_member (first, "kind"), ==, "half-point");
}

static void
test_diff (Fixture *f, gconstpointer data)
{
  gint64 g1 = add_game (f->t, 1, 1, "Diff, A", "Diff, B");
  gint64 g2 = add_game (f->t, 1, 2, "Diff, C", "Diff, D");
  g_autoptr (ArbFeedRound) r1 = NULL;
  g_autoptr (ArbFeedRound) r2 = NULL;
  g_autoptr (ArbFeedRound) r3 = NULL;
  g_autoptr (ArbFeedState) s1 = NULL;
  g_autoptr (ArbFeedState) s2 = NULL;
  g_autoptr (ArbFeedState) s3 = NULL;
  g_autoptr (GArray) changes = NULL;
  g_autoptr (GArray) none = NULL;
  g_autoptr (GArray) layout = NULL;
  const ArbFeedChange *change;

  r1 = read_round (f, 1);
  s1 = arb_feed_state_new (r1, g_get_real_time (), 0, 1);
  play (f->t, g1, "e4", 5400000, 5400000);
  set_result (f->t, g2, "1/2-1/2");
  r2 = read_round (f, 1);
  s2 = arb_feed_state_new (r2, g_get_real_time (), 0, 2);

  changes = arb_feed_state_diff (s1, s2);
  g_assert_nonnull (changes);
  g_assert_cmpuint (changes->len, ==, 2);
  change = &g_array_index (changes, ArbFeedChange, 0);
  g_assert_cmpint (change->board, ==, 1);
  g_assert_cmpint (change->flags, ==, ARB_FEED_CHANGE_MOVE | ARB_FEED_CHANGE_CLOCK);
  change = &g_array_index (changes, ArbFeedChange, 1);
  g_assert_cmpint (change->board, ==, 2);
  g_assert_cmpint (change->flags, ==, ARB_FEED_CHANGE_RESULT);

  none = arb_feed_state_diff (s2, s2);
  g_assert_cmpuint (none->len, ==, 0);

  /* A new pairing changes the round: displays read it again. */
  add_game (f->t, 1, 3, "Diff, E", "Diff, F");
  r3 = read_round (f, 1);
  s3 = arb_feed_state_new (r3, g_get_real_time (), 0, 3);
  layout = arb_feed_state_diff (s2, s3);
  g_assert_null (layout);
}

/* The file holds rulings, irregularities, notes and envelopes; none of
 * them is ever published. */
static void
test_nothing_private (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFeedRound) round = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *json = NULL;
  gint64 g = add_game (f->t, 1, 1, "Private, A", "Private, B");
  ArbRulingRecord ruling = { .ply = 1,
                             .kind = (char *) "illegal-move",
                             .decision = (char *) "SECRET-DECISION",
                             .articles = (char *) "7.5.1",
                             .edition = 2023,
                             .payload = (char *) "{}",
                             .note = (char *) "SECRET-NOTE" };
  ArbIrregularityRecord irregularity = { .ply = 1,
                                         .kind = "illegal-move",
                                         .side = ARB_WHITE,
                                         .move_text = "SECRET-MOVE",
                                         .restored_ply = -1,
                                         .note = "SECRET-IRREGULARITY" };

  play (f->t, g, "e4", -1, -1);
  arb_tournament_add_ruling_record (f->t, g, &ruling, &error);
  g_assert_no_error (error);
  arb_tournament_add_irregularity (f->t, g, &irregularity, &error);
  g_assert_no_error (error);

  round = read_round (f, 1);
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  pgn = round_pgn (state);
  json = arb_feed_state_to_json (state, g_get_real_time ());
  g_assert_nonnull (strstr (pgn, "1. e4 *"));
  g_assert_null (strstr (pgn, "SECRET"));
  g_assert_null (strstr (json, "SECRET"));
  g_assert_null (strstr (pgn, "{"));
}

/* The live feed: a commit of another connection is published. */
typedef struct
{
  GMainLoop *loop;
  ArbFeedState *state;
  GArray *changes;
  gboolean round_changed;
  int n;
} Published;

static void
published_cb (ArbFeed *feed, ArbFeedState *state, GArray *changes, Published *p)
{
  /* In the worker thread: keep it for the test's thread. */
  g_clear_pointer (&p->state, arb_feed_state_unref);
  g_clear_pointer (&p->changes, g_array_unref);
  p->state = arb_feed_state_ref (state);
  p->changes = changes != NULL ? g_array_ref (changes) : NULL;
  p->round_changed = changes == NULL;
  g_atomic_int_inc (&p->n);
}

static void
wait_published (Published *p, int n)
{
  /* The worker runs by itself; the deadline only keeps a broken build from
   * hanging the suite. */
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_atomic_int_get (&p->n) < n && g_get_monotonic_time () < deadline)
    g_usleep (5000);
  g_assert_cmpint (g_atomic_int_get (&p->n), >=, n);
}

static void
test_live (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetWorker) worker = arb_net_worker_new ();
  g_autoptr (ArbFeed) feed = NULL;
  g_autoptr (ArbFeedState) first = NULL;
  g_autofree char *pgn = NULL;
  Published p = { 0 };
  gint64 g = add_game (f->t, 1, 1, "Live, A", "Live, B");

  feed = arb_feed_new (worker, f->path, 0);
  g_assert_null (arb_feed_dup_state (feed));
  g_assert_true (arb_feed_start (feed, &error));
  g_assert_no_error (error);
  first = arb_feed_dup_state (feed);
  g_assert_nonnull (first);
  g_signal_connect (feed, "published", G_CALLBACK (published_cb), &p);

  play (f->t, g, "e4", 5400000, 5400000);
  wait_published (&p, 1);
  g_assert_nonnull (p.changes);
  g_assert_cmpuint (p.changes->len, ==, 1);
  g_assert_cmpuint (arb_feed_state_get_seq (p.state), >, arb_feed_state_get_seq (first));
  pgn = round_pgn (p.state);
  g_assert_nonnull (strstr (pgn, "1. e4 {[%clk 1:30:00]} *"));

  /* A write nothing shown depends on (a ruling's record) is no news. */
  {
    ArbRulingRecord ruling = { .ply = 1,
                               .kind = (char *) "draw-claim",
                               .decision = (char *) "incorrect",
                               .articles = (char *) "9.2",
                               .edition = 2023,
                               .payload = (char *) "{}" };

    arb_tournament_add_ruling_record (f->t, g, &ruling, &error);
    g_assert_no_error (error);
  }
  /* A second real change must be the next one published. */
  play (f->t, g, "e5", 5400000, 5398000);
  wait_published (&p, 2);
  g_assert_cmpint (g_atomic_int_get (&p.n), ==, 2);
  g_assert_cmpuint (arb_feed_state_get_view (p.state, 0)->n_plies, ==, 2);

  /* A new pairing: the round changed. */
  add_game (f->t, 1, 2, "Live, C", "Live, D");
  wait_published (&p, 3);
  g_assert_true (p.round_changed);

  g_signal_handlers_disconnect_by_data (feed, &p);
  arb_feed_stop (feed);
  g_clear_pointer (&p.state, arb_feed_state_unref);
  g_clear_pointer (&p.changes, g_array_unref);
}

/* The published round is dated as the export dates it: with the round's
 * own date, not the event's first day, and with no date where none is
 * known. */
static void
test_round_date (Fixture *f, gconstpointer data)
{
  static const char round_one[] = "[Event \"Date test\"]\n[Date \"2026.03.14\"]\n"
                                  "[Round \"1\"]\n[White \"Aa, A\"]\n[Black \"Bb, B\"]\n"
                                  "[Result \"*\"]\n\n1. e4 *\n";
  static const char round_two[] = "[Event \"Date test\"]\n[Date \"????.??.??\"]\n"
                                  "[Round \"2\"]\n[White \"Bb, B\"]\n[Black \"Aa, A\"]\n"
                                  "[Result \"*\"]\n\n1. d4 *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFeedRound) first = NULL;
  g_autoptr (ArbFeedRound) second = NULL;
  g_autoptr (ArbFeedState) first_state = NULL;
  g_autoptr (ArbFeedState) second_state = NULL;
  g_autofree char *first_pgn = NULL;
  g_autofree char *second_pgn = NULL;
  g_autofree char *exported = NULL;
  guint n = 0;

  g_assert_true (arb_tournament_import_pgn (f->t, round_one, strlen (round_one), 1, &n, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_import_pgn (f->t, round_two, strlen (round_two), 2, &n, &error));
  g_assert_no_error (error);
  exported = arb_tournament_export_pgn (f->t, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "[Date \"2026.03.14\"]"));

  first = read_round (f, 1);
  first_state = arb_feed_state_new (first, g_get_real_time (), 0, 1);
  first_pgn = round_pgn (first_state);
  g_assert_nonnull (strstr (first_pgn, "[Date \"2026.03.14\"]"));

  second = read_round (f, 2);
  second_state = arb_feed_state_new (second, g_get_real_time (), 0, 1);
  second_pgn = round_pgn (second_state);
  g_assert_null (strstr (second_pgn, "2026.03.14"));
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetWorker) worker = arb_net_worker_new ();
  g_autofree char *path = arb_test_temp_path ("absent.arbiter");
  g_autoptr (ArbFeed) feed = arb_feed_new (worker, path, 0);

  g_assert_false (arb_feed_start (feed, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_FOUND);
  g_assert_null (arb_feed_dup_state (feed));
}

typedef struct
{
  gboolean done;
  gboolean ok;
  GError *error;
  GThread *thread;
} Started;

static void
started_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Started *s = data;

  s->ok = arb_feed_start_finish (ARB_FEED (source), result, &s->error);
  s->thread = g_thread_self ();
  s->done = TRUE;
}

/* Started without waiting, the feed answers in the caller's thread:
 * the error of a file that is not there, then a start on one that is. */
static void
test_start_async (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbNetWorker) worker = arb_net_worker_new ();
  g_autofree char *absent = arb_test_temp_path ("absent.arbiter");
  g_autoptr (ArbFeed) missing = arb_feed_new (worker, absent, 0);
  g_autoptr (ArbFeed) feed = arb_feed_new (worker, f->path, 0);
  g_autoptr (ArbFeedState) state = NULL;
  Started s = { 0 };

  arb_feed_start_async (missing, NULL, started_cb, &s);
  while (!s.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (s.ok);
  g_assert_error (s.error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_FOUND);
  g_assert_true (s.thread == g_thread_self ());
  g_clear_error (&s.error);

  s = (Started){ 0 };
  arb_feed_start_async (feed, NULL, started_cb, &s);
  while (!s.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (s.error);
  g_assert_true (s.ok);
  g_assert_true (s.thread == g_thread_self ());
  state = arb_feed_dup_state (feed);
  g_assert_nonnull (state);
  arb_feed_stop (feed);
}

/* Moves stored without a time of play (a reconstruction) are dated when
 * the feed first read them, and keep that date while they stay; a move
 * that changes is dated anew. A delay holds them back from then. */
static void
test_untimed_moves (Fixture *f, gconstpointer data)
{
  static const char *const sans[] = { "e4", "e5", "Nf3" };
  gint64 game = add_game (f->t, 1, 1, "White, W", "Black, B");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  g_autoptr (ArbTournament) reader = NULL;
  g_autoptr (ArbFeedRound) first = NULL;
  g_autoptr (ArbFeedRound) again = NULL;
  g_autoptr (ArbFeedRound) changed = NULL;
  g_autoptr (ArbFeedState) state = NULL;
  const gint64 t0 = (gint64) 1780000000 * G_USEC_PER_SEC;
  const ArbFeedGame *g;
  ArbFeedView view;
  ArbPosition pos;

  arb_position_set_start (&pos);
  for (guint i = 0; i < G_N_ELEMENTS (sans); i++)
    {
      ArbMove move = arb_san_parse (&pos, sans[i], strlen (sans[i]), &error);
      ArbUndo undo;

      g_assert_no_error (error);
      g_array_append_val (moves, move);
      arb_position_make_move (&pos, move, &undo);
    }
  g_assert_cmpint (arb_tournament_set_moves (f->t, game, NULL, (const ArbMove *) moves->data,
                                             moves->len, NULL, &error),
                   ==, game);
  g_assert_no_error (error);

  reader = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  first = arb_feed_round_read_after (reader, 1, NULL, t0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (last_move_time (first, 1), ==, t0);
  /* A minute's delay: a moment after, none of them shows; a minute
   * after the first read, all do. */
  g = arb_feed_round_find_board (first, 1);
  arb_feed_game_view (g, t0 + G_USEC_PER_SEC - 60 * G_USEC_PER_SEC, &view);
  g_assert_cmpuint (view.n_plies, ==, 0);
  arb_feed_game_view (g, t0, &view);
  g_assert_cmpuint (view.n_plies, ==, 3);
  state = arb_feed_state_new (first, t0 + G_USEC_PER_SEC, 60 * G_USEC_PER_SEC, 1);
  {
    g_autofree char *pgn = board_pgn (state, 1);

    g_assert_null (strstr (pgn, "e4"));
  }

  /* Read again later: the same moves keep their date. */
  again = arb_feed_round_read_after (reader, 1, first, t0 + 10 * G_USEC_PER_SEC, &error);
  g_assert_no_error (error);
  g_assert_cmpint (last_move_time (again, 1), ==, t0);

  /* The last move reconstructed otherwise: it is dated anew, the others
   * keep theirs. */
  arb_position_set_start (&pos);
  for (guint i = 0; i < 2; i++)
    {
      ArbUndo undo;

      arb_position_make_move (&pos, g_array_index (moves, ArbMove, i), &undo);
    }
  g_array_index (moves, ArbMove, 2) = arb_san_parse (&pos, "Nc3", 3, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_set_moves (f->t, game, NULL, (const ArbMove *) moves->data,
                                             moves->len, NULL, &error),
                   ==, game);
  g_assert_no_error (error);
  changed = arb_feed_round_read_after (reader, 1, again, t0 + 20 * G_USEC_PER_SEC, &error);
  g_assert_no_error (error);
  g = arb_feed_round_find_board (changed, 1);
  g_assert_cmpint (g_array_index (g->plies, ArbFeedPly, 1).played_us, ==, t0);
  g_assert_cmpint (last_move_time (changed, 1), ==, t0 + 20 * G_USEC_PER_SEC);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/net/feed/untimed-moves", test_untimed_moves);
  ADD ("/net/feed/pgn-tags-and-clocks", test_pgn_tags_and_clocks);
  ADD ("/net/feed/results", test_results);
  ADD ("/net/feed/pgn-extract", test_pgn_extract);
  ADD ("/net/feed/delay", test_delay);
  ADD ("/net/feed/clock-history", test_clock_history);
  ADD ("/net/feed/clock-moves", test_clock_moves);
  ADD ("/net/feed/clock-desk", test_clock_desk);
  ADD ("/net/feed/etag-gzip", test_etag_gzip);
  ADD ("/net/feed/json", test_json);
  ADD ("/net/feed/json-byes", test_json_byes);
  ADD ("/net/feed/diff", test_diff);
  ADD ("/net/feed/nothing-private", test_nothing_private);
  ADD ("/net/feed/live", test_live);
  ADD ("/net/feed/round-date", test_round_date);
  ADD ("/net/feed/start-async", test_start_async);
#undef ADD
  g_test_add_func ("/net/feed/missing-file", test_missing_file);
  return g_test_run ();
}
