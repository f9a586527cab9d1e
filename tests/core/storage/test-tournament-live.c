/* test-tournament-live.c: following a tournament file that others write
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-live.h"
#include "arb-tournament.h"

static gint64
add_game (ArbTournament *t, int round, int board)
{
  return arb_test_add_board (t, round, board, "White, Wanda", "Black, Bob");
}

static void
play (ArbTournament *t, gint64 game_id, int ply, const char *san, gint64 white_ms, gint64 black_ms)
{
  g_assert_cmpint (arb_test_play_san (t, game_id, san, white_ms, black_ms), ==, ply);
}

static ArbTournament *
open_reader (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbTournament *reader = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);

  g_assert_no_error (error);
  g_assert_nonnull (reader);
  return reader;
}

static gint64
data_version (ArbTournament *t)
{
  g_autoptr (GError) error = NULL;
  gint64 version = -1;

  g_assert_true (arb_tournament_get_data_version (t, &version, &error));
  g_assert_no_error (error);
  return version;
}

/* A read-only connection learns of every commit of another connection,
 * and of nothing else. */
static void
test_data_version (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) writer = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) reader = open_reader (path);
  gint64 game = add_game (writer, 1, 1);
  gint64 before, after;

  before = data_version (reader);
  g_assert_cmpint (data_version (reader), ==, before);

  play (writer, game, 1, "e4", -1, -1);
  after = data_version (reader);
  g_assert_cmpint (after, !=, before);
  g_assert_cmpint (data_version (reader), ==, after);

  /* A second writer, as a second window or arbiter-cli would be. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbTournament) other =
      arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);

    g_assert_no_error (error);
    play (other, game, 2, "e5", -1, -1);
  }
  g_assert_cmpint (data_version (reader), !=, after);
}

/* Reads between begin and end see the file as it was at the first read. */
static void
test_snapshot (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) writer = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) reader = open_reader (path);
  gint64 game = add_game (writer, 1, 1);
  g_autoptr (GArray) inside = NULL;
  g_autoptr (GArray) outside = NULL;

  play (writer, game, 1, "d4", -1, -1);
  g_assert_true (arb_tournament_begin_snapshot (reader, &error));
  g_assert_no_error (error);
  play (writer, game, 2, "d5", -1, -1);
  inside = arb_tournament_get_moves (reader, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (inside->len, ==, 1);
  arb_tournament_end_snapshot (reader);

  outside = arb_tournament_get_moves (reader, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (outside->len, ==, 2);
  /* Ending twice is harmless. */
  arb_tournament_end_snapshot (reader);
}

static void
test_clock_events (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  gint64 game = add_game (t, 1, 1);
  const ArbClockEventRecord records[] = {
    { .ply = 0,
      .kind = ARB_CLOCK_EVENT_START,
      .side = ARB_WHITE,
      .wall_time = "2026-03-01T10:00:00.000000Z",
      .white_ms = 5400000,
      .black_ms = 5400000 },
    { .ply = 3,
      .kind = ARB_CLOCK_EVENT_PAUSE,
      .side = ARB_COLOR_NONE,
      .wall_time = "2026-03-01T10:15:02.123456Z",
      .white_ms = 5000000,
      .black_ms = 5100000 },
    { .ply = 3,
      .kind = ARB_CLOCK_EVENT_ADD_TIME,
      .side = ARB_BLACK,
      .wall_time = "2026-03-01T10:16:00Z",
      .amount_ms = 120000,
      .white_ms = 5000000,
      .black_ms = 5220000 },
  };
  g_autoptr (GArray) events = NULL;
  const ArbClockEventInfo *e;

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      arb_tournament_add_clock_event (t, game, &records[i], &error);
      g_assert_no_error (error);
    }
  /* A kind a later version may write, which the API cannot. */
  {
    g_autofree char *sql = g_strdup_printf (
      "INSERT INTO clock_event (game_id, ply, kind, side, wall_time, amount_ms) "
      "VALUES (%" G_GINT64_FORMAT ", 3, 'something-new', NULL, '2026-03-01T10:17:00Z', 0)",
      game);
    sqlite3 *db = NULL;

    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    sqlite3_busy_timeout (db, 5000);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  events = arb_tournament_list_clock_events (t, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 4);

  e = &g_array_index (events, ArbClockEventInfo, 0);
  g_assert_cmpint (e->kind, ==, ARB_CLOCK_EVENT_START);
  g_assert_cmpint (e->side, ==, ARB_WHITE);
  g_assert_cmpint (e->ply, ==, 0);
  g_assert_cmpint (e->wall_time_us, ==, G_GINT64_CONSTANT (1772359200000000));

  e = &g_array_index (events, ArbClockEventInfo, 1);
  g_assert_cmpint (e->kind, ==, ARB_CLOCK_EVENT_PAUSE);
  g_assert_cmpint (e->side, ==, -1);
  g_assert_cmpint (e->wall_time_us, ==, G_GINT64_CONSTANT (1772360102123456));
  g_assert_cmpint (e->white_ms, ==, 5000000);
  g_assert_cmpint (e->black_ms, ==, 5100000);

  e = &g_array_index (events, ArbClockEventInfo, 2);
  g_assert_cmpint (e->kind, ==, ARB_CLOCK_EVENT_ADD_TIME);
  g_assert_cmpint (e->side, ==, ARB_BLACK);
  g_assert_cmpint (e->amount, ==, 120000);

  e = &g_array_index (events, ArbClockEventInfo, 3);
  g_assert_cmpint (e->kind, ==, -1);
}

static void
test_move_times (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  gint64 game = add_game (t, 1, 1);
  gint64 before = g_get_real_time ();
  gint64 after;
  g_autoptr (GArray) times = NULL;

  play (t, game, 1, "Nf3", 5400000, 5400000);
  play (t, game, 2, "Nf6", 5399000, 5398000);
  after = g_get_real_time ();

  times = arb_tournament_get_move_times (t, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (times->len, ==, 2);
  g_assert_cmpint (g_array_index (times, gint64, 0), >=, before);
  g_assert_cmpint (g_array_index (times, gint64, 0), <=, g_array_index (times, gint64, 1));
  g_assert_cmpint (g_array_index (times, gint64, 1), <=, after);
}

static void
test_parse_wall_time (void)
{
  static const struct
  {
    const char *text;
    gboolean ok;
    gint64 us;
  } cases[] = {
    { "1970-01-01T00:00:00Z", TRUE, 0 },
    { "1970-01-01T00:00:00.000001Z", TRUE, 1 },
    { "2026-03-01T10:15:02.123456Z", TRUE, G_GINT64_CONSTANT (1772360102123456) },
    { "2000-02-29T23:59:59.5Z", TRUE, G_GINT64_CONSTANT (951868799500000) },
    { "1969-12-31T23:59:59Z", TRUE, -1000000 },
    /* Another offset goes through GLib's ISO 8601 reader. */
    { "2026-03-01T11:15:02.123456+01:00", TRUE, G_GINT64_CONSTANT (1772360102123456) },
    { "", FALSE, 0 },
    { "2026-13-01T10:00:00Z", FALSE, 0 },
    { "2026-03-01 10:00", FALSE, 0 },
    { "yesterday", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 us = 42;

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (arb_tournament_parse_wall_time (cases[i].text, &us), ==, cases[i].ok);
      if (cases[i].ok)
        g_assert_cmpint (us, ==, cases[i].us);
    }
  {
    gint64 us = 42;

    g_assert_false (arb_tournament_parse_wall_time (NULL, &us));
    g_assert_cmpint (us, ==, 42);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/tournament-live/data-version", test_data_version);
  g_test_add_func ("/storage/tournament-live/snapshot", test_snapshot);
  g_test_add_func ("/storage/tournament-live/clock-events", test_clock_events);
  g_test_add_func ("/storage/tournament-live/move-times", test_move_times);
  g_test_add_func ("/storage/tournament-live/parse-wall-time", test_parse_wall_time);
  return g_test_run ();
}
