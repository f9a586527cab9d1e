/* test-tournament.c: the tournament file: schema, durability, bad files
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-move-code.h"
#include "arb-schema.h"
#include "arb-time-control.h"
#include "arb-laws.h"
#include "arb-result.h"
#include "arb-test-utils.h"
#include "arb-tournament-clock.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament.h"
#include "arb-tournament-private.h"

/* A directory of its own, removed when the test program ends. */
static char *
temp_dir (void)
{
  g_autofree char *inside = arb_test_temp_path ("unused");
  char *dir = g_path_get_dirname (inside);

  /* Readable by the unprivileged user of the read-only test. */
  g_chmod (dir, 0755);
  return dir;
}

static char *
file_checksum (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

static gboolean
exists (const char *path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static ArbTournament *
create (const char *dir, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  ArbEventInfo event = {
    .name = (char *) "Test Open",
    .venue = (char *) "Oslo",
    .edition = 2018,
    .time_control = (char *) "40/5400+30:1800+30",
  };
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static gint64
add_game (ArbTournament *t, int round, int board)
{
  return arb_test_add_board (t, round, board, "White, Wanda", "Black, Bob");
}

static ArbMove
uci (ArbTournament *t, gint64 game, const char *text)
{
  ArbPosition pos;
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_tournament_replay (t, game, &pos, NULL, &error));
  return arb_move_parse_uci (&pos, text, strlen (text));
}

static void
play (ArbTournament *t, gint64 game, int ply, const char *san, const char *uci_text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (
    arb_tournament_add_move (t, game, ply, san, uci (t, game, uci_text), -1, -1, &error));
  g_assert_no_error (error);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3, sqlite3_close)

/* A connection of its own to the file, for what the API must not allow. */
static sqlite3 *
raw_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL),
                   ==, SQLITE_OK);
  return db;
}

static gint64
raw_int (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* Replaces the stored moves of a game with these codes, written raw (the
 * layout of version 5: 4 bytes little-endian a ply, no times). */
static void
raw_set_codes (sqlite3 *db, gint64 game_id, const guint32 *codes, guint n)
{
  g_autofree guint32 *le = g_new (guint32, n);
  sqlite3_stmt *stmt = NULL;

  for (guint i = 0; i < n; i++)
    le[i] = GUINT32_TO_LE (codes[i]);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "INSERT OR REPLACE INTO move_list (game_id, plies, codes) "
                                       "VALUES (?, ?, ?)",
                                       -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) n);
  sqlite3_bind_blob (stmt, 3, le, (int) (n * sizeof *le), SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
}

static char *
raw_text (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  char *value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return value;
}

static void
test_create_and_reopen (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "a.arbiter", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = create (dir, "a.arbiter");
  g_autoptr (ArbEventInfo) event = NULL;
  g_autofree char *checksum = NULL;
  sqlite3 *db;

  g_clear_object (&t);
  /* No temporary file is left beside it. */
  {
    g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_true (g_str_has_prefix (name, "a.arbiter"));
  }

  /* The header says what the file is, in SQLite's own words. */
  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA application_id"), ==, 0x41524254);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  {
    g_autofree char *mode = raw_text (db, "PRAGMA journal_mode");
    g_assert_cmpstr (mode, ==, "wal");
  }
  sqlite3_close (db);

  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  event = arb_tournament_get_event (t, &error);
  g_assert_cmpstr (event->name, ==, "Test Open");
  g_assert_cmpstr (event->venue, ==, "Oslo");
  g_assert_cmpint (event->edition, ==, 2018);
  g_assert_cmpstr (event->time_control, ==, "40/5400+30:1800+30");
  g_assert_cmpstr (event->settings, ==, "{}");
  g_assert_null (arb_tournament_get_migration_backup (t));

  /* Settings are JSON, or nothing changes. */
  {
    g_autoptr (ArbEventInfo) changed = arb_tournament_get_event (t, &error);
    g_free (changed->settings);
    changed->settings = g_strdup ("{\"supervised\": false}");
    g_assert_true (arb_tournament_set_event (t, changed, &error));
    g_assert_no_error (error);
    g_free (changed->settings);
    changed->settings = g_strdup ("{not json");
    g_assert_false (arb_tournament_set_event (t, changed, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_clear_pointer (&event, arb_event_info_free);
    event = arb_tournament_get_event (t, &error);
    g_assert_cmpstr (event->settings, ==, "{\"supervised\":false}");
  }
  g_assert_cmpint (arb_tournament_get_opened_version (t), ==, ARB_SCHEMA_VERSION);
  g_clear_object (&t);

  /* Creating over it is refused and changes nothing. */
  checksum = file_checksum (path);
  {
    ArbEventInfo other = { .name = (char *) "Other" };
    g_autoptr (ArbTournament) t2 = arb_tournament_create (path, &other, &error);
    g_assert_null (t2);
    g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS);
  }
  {
    g_autofree char *after = file_checksum (path);
    g_assert_cmpstr (after, ==, checksum);
  }

  /* A bad edition is refused before anything is written. */
  g_clear_error (&error);
  {
    g_autofree char *p2 = g_build_filename (dir, "b.arbiter", NULL);
    ArbEventInfo bad = { .name = (char *) "X", .edition = 2016 };
    g_autoptr (ArbTournament) t3 = arb_tournament_create (p2, &bad, &error);
    g_assert_null (t3);
    g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
    g_assert_false (exists (p2));
  }
}

static void
test_results (void)
{
  /* Every result of the Laws, as the file spells it. */
  static const struct
  {
    ArbResult result;
    const char *stored;
  } valid[] = {
    { ARB_RESULT_WHITE_WINS, "1-0" },        { ARB_RESULT_BLACK_WINS, "0-1" },
    { ARB_RESULT_DRAW, "1/2-1/2" },          { ARB_RESULT_ONGOING, "*" },
    { ARB_RESULT_BOTH_LOSE, "0-0" },         { ARB_RESULT_WHITE_HALF, "1/2-0" },
    { ARB_RESULT_BLACK_HALF, "0-1/2" },      { ARB_RESULT_WHITE_FORFEIT_WIN, "+/-" },
    { ARB_RESULT_BLACK_FORFEIT_WIN, "-/+" }, { ARB_RESULT_DOUBLE_FORFEIT, "--" },
  };
  static const int invalid[] = { -1, ARB_RESULT_N, 42 };
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "r.arbiter", NULL);
  g_autoptr (ArbTournament) t = create (dir, "r.arbiter");
  gint64 game = add_game (t, 1, 1);
  sqlite3 *db;

  G_STATIC_ASSERT (G_N_ELEMENTS (valid) == ARB_RESULT_N);
  db = raw_open (path);
  for (gsize i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbGameInfo) info = NULL;
      g_autofree char *stored = NULL;

      g_assert_true (arb_tournament_set_result (t, game, valid[i].result, "test", &error));
      g_assert_no_error (error);
      info = arb_tournament_get_game (t, game, &error);
      g_assert_cmpint (info->result, ==, valid[i].result);
      stored = raw_text (db, "SELECT result FROM game");
      g_assert_cmpstr (stored, ==, valid[i].stored);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbGameInfo) info = NULL;

      g_assert_false (arb_tournament_set_result (t, game, (ArbResult) invalid[i], NULL, &error));
      g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
      info = arb_tournament_get_game (t, game, NULL);
      g_assert_cmpint (info->result, ==, ARB_RESULT_DOUBLE_FORFEIT);
    }

  /* The schema refuses any other text too, whoever writes. */
  g_assert_cmpint (sqlite3_exec (db, "UPDATE game SET result = '3/4-1/4'", NULL, NULL, NULL) & 0xff,
                   ==, SQLITE_CONSTRAINT);
  sqlite3_close (db);
}

static void
test_moves (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "m.arbiter");
  gint64 game = add_game (t, 1, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves = NULL;
  g_autoptr (ArbGameInfo) info = NULL;
  ArbPosition pos;
  int n = 0;

  /* Fool's mate: 1. f3 e5 2. g4 Qh4# */
  play (t, game, 1, "f3", "f2f3");
  play (t, game, 2, "e5", "e7e5");

  /* Out of turn: ply 2 exists already. */
  g_assert_false (
    arb_tournament_add_move (t, game, 2, NULL, uci (t, game, "g2g4"), -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);

  /* A SAN that names another move is refused. */
  g_assert_false (
    arb_tournament_add_move (t, game, 3, "Nf3", uci (t, game, "g2g4"), -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);

  /* A move that is not legal here: the rook on a1 is blocked. */
  g_assert_false (arb_tournament_add_move (t, game, 3, NULL, ARB_MOVE_MAKE (0, 32, ARB_MOVE_NORMAL),
                                           -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "ply 3"));
  g_clear_error (&error);

  play (t, game, 3, "g4", "g2g4");
  info = arb_tournament_get_game (t, game, &error);
  g_assert_cmpstr (arb_result_to_string (info->result), ==, "*");
  g_clear_pointer (&info, arb_game_info_free);

  g_assert_true (
    arb_tournament_add_move (t, game, 4, NULL, uci (t, game, "d8h4"), 5300000, 5290000, &error));
  g_assert_no_error (error);

  /* Mate ends the game in the same transaction (article 5.1.1). */
  info = arb_tournament_get_game (t, game, &error);
  g_assert_cmpstr (arb_result_to_string (info->result), ==, "0-1");
  g_assert_cmpstr (info->termination, ==, "normal");
  g_assert_cmpint (info->n_plies, ==, 4);

  /* And no move after the end. */
  g_assert_false (arb_tournament_add_move (t, game, 5, NULL, ARB_MOVE_MAKE (4, 13, ARB_MOVE_NORMAL),
                                           -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);

  moves = arb_tournament_get_moves (t, game, &error);
  g_assert_cmpuint (moves->len, ==, 4);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 0).san, ==, "f3");
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 3).uci, ==, "d8h4");
  g_assert_cmpint (g_array_index (moves, ArbStoredMove, 3).white_ms, ==, 5300000);
  g_assert_cmpint (g_array_index (moves, ArbStoredMove, 3).black_ms, ==, 5290000);
  g_assert_cmpint (g_array_index (moves, ArbStoredMove, 0).white_ms, ==, -1);

  g_assert_true (arb_tournament_replay (t, game, &pos, &n, &error));
  g_assert_cmpint (n, ==, 4);
  g_assert_true (arb_position_is_checkmate (&pos));
}

static void
changed_cb (ArbTournament *t, gint64 game_id, GArray *seen)
{
  g_array_append_val (seen, game_id);
}

static void
test_changed_signal (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "sig.arbiter");
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GError) error = NULL;
  gint64 game = add_game (t, 1, 1);

  g_signal_connect (t, "changed", G_CALLBACK (changed_cb), seen);
  play (t, game, 1, "e4", "e2e4");
  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_cmpint (g_array_index (seen, gint64, 0), ==, game);

  /* Refused: no signal. */
  g_assert_false (arb_tournament_set_result (t, game, (ArbResult) 42, NULL, &error));
  g_clear_error (&error);
  g_assert_cmpuint (seen->len, ==, 1);

  /* Not about one game: 0. */
  {
    ArbPlayerInfo p = { .name = (char *) "Late, Comer" };
    g_assert_cmpint (arb_tournament_add_player (t, &p, &error), >, 0);
  }
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpint (g_array_index (seen, gint64, 1), ==, 0);
}

/* A move is checked against what this connection knows of its game since
 * its last move only while nothing else wrote to the game: another
 * connection's moves, a result and a shortened game are all seen. */
static void
test_moves_from_two_connections (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "two.arbiter", NULL);
  g_autoptr (ArbTournament) t = create (dir, "two.arbiter");
  g_autoptr (ArbTournament) other = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves = NULL;
  g_autoptr (sqlite3) db = NULL;
  g_autofree char *sql = NULL;
  gint64 game = add_game (t, 1, 1);
  gint64 second = add_game (t, 1, 2);
  ArbMove d4;

  other = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);

  play (t, game, 1, "e4", "e2e4");
  play (t, game, 2, "e5", "e7e5");
  d4 = uci (t, game, "d2d4");
  /* The other program stores ply 3 meanwhile: ply 3 is taken. */
  play (other, game, 3, "Nf3", "g1f3");
  g_assert_false (arb_tournament_add_move (t, game, 3, "d4", d4, -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  play (t, game, 4, "Nc6", "b8c6");

  /* Moves of another game in between change nothing of this one. */
  play (t, second, 1, "d4", "d2d4");
  play (t, game, 5, "Bb5", "f1b5");

  /* Shortened by another connection, without a word to this one. */
  db = raw_open (path);
  sql = g_strdup_printf ("UPDATE move_list SET plies = 3, codes = substr (codes, 1, 12), "
                         "clocks = substr (clocks, 1, 24), played = substr (played, 1, 24) "
                         "WHERE game_id = %" G_GINT64_FORMAT,
                         game);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (arb_tournament_add_move (t, game, 6, "a6", ARB_MOVE_NONE, -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  play (t, game, 4, "d6", "d7d6");
  moves = arb_tournament_get_moves (t, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (moves->len, ==, 4);
  g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 3).san, ==, "d6");

  /* A result stored by this connection ends the game for its next move. */
  play (t, game, 5, "Bb5+", "f1b5");
  g_assert_true (arb_tournament_set_result (t, game, ARB_RESULT_WHITE_WINS, "normal", &error));
  g_assert_no_error (error);
  g_assert_false (
    arb_tournament_add_move (t, game, 6, "c6", uci (t, game, "c7c6"), -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);

  /* And one stored by another connection ends the other game too. */
  play (t, second, 2, "d5", "d7d5");
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("UPDATE game SET result = '0-1' WHERE id = %" G_GINT64_FORMAT, second);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (
    arb_tournament_add_move (t, second, 3, "c4", uci (t, second, "c2c4"), -1, -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
}

static void
test_records_and_audit (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "rec.arbiter");
  gint64 game = add_game (t, 1, 1);
  g_autoptr (GError) error = NULL;
  gint64 audit = arb_tournament_count_audit (t, NULL);
  ArbClockEventRecord press = { .ply = 1,
                                .kind = ARB_CLOCK_EVENT_PRESS,
                                .side = ARB_WHITE,
                                .amount_ms = 30000,
                                .white_ms = 5399000,
                                .black_ms = 5400000 };
  ArbIrregularityRecord illegal = {
    .ply = 3,
    .kind = "illegal-move",
    .side = ARB_WHITE,
    .move_text = "Ke1-e3",
    .restored_ply = 2,
    .fen_before = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    .note = "seen by the arbiter"
  };
  ArbRulingRecord ruling = { .ply = 3,
                             .kind = (char *) "illegal-move",
                             .decision =
                               (char *) "restore the position, +2 minutes to the opponent",
                             .articles = (char *) "7.5.1,7.5.5",
                             .edition = 2018,
                             .payload = (char *) "{\"clock\":{\"white\":0,\"black\":120}}",
                             .note = (char *) "first illegal move" };
  ArbSealedMoveRecord envelope = { .ply = 81,
                                   .side = ARB_WHITE,
                                   .move_number = 41,
                                   .move_text = "Rd7+",
                                   .fen_before = "8/8/8/8/8/8/8/K6k w - - 0 41",
                                   .white_used_ms = 7200000,
                                   .black_used_ms = 7100000,
                                   .resume_at = "2026-03-02T10:00",
                                   .resume_place = "Hall B" };
  gint64 id;
  g_autoptr (GPtrArray) rulings = NULL;

  play (t, game, 1, "e4", "e2e4");
  play (t, game, 2, "e5", "e7e5");
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit + 2);

  id = arb_tournament_add_clock_event (t, game, &press, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);

  /* The illegal move stays recorded after the position is restored. */
  play (t, game, 3, "Ke2", "e1e2");
  id = arb_tournament_add_irregularity (t, game, &illegal, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_truncate_moves (t, game, 2, "illegal move at ply 3", &error));
  g_assert_cmpint (arb_tournament_count_rows (t, "move", NULL), ==, 2);
  g_assert_cmpint (arb_tournament_count_rows (t, "irregularity", NULL), ==, 1);

  id = arb_tournament_add_ruling_record (t, game, &ruling, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  rulings = arb_tournament_list_rulings (t, game, &error);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_cmpint (((ArbRulingRecord *) rulings->pdata[0])->id, ==, id);
  g_assert_cmpstr (((ArbRulingRecord *) rulings->pdata[0])->articles, ==, "7.5.1,7.5.5");
  g_assert_cmpstr (((ArbRulingRecord *) rulings->pdata[0])->payload, ==,
                   "{\"clock\":{\"white\":0,\"black\":120}}");

  /* A payload that is not JSON is refused, and nothing is stored. */
  ruling.payload = (char *) "{not json";
  g_assert_cmpint (arb_tournament_add_ruling_record (t, game, &ruling, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (arb_tournament_count_rows (t, "ruling", NULL), ==, 1);

  id = arb_tournament_add_draw_offer (t, game, 2, ARB_BLACK, &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_set_draw_offer_response (t, id, "declined", &error));
  g_assert_false (arb_tournament_set_draw_offer_response (t, id, "accepted", &error));
  g_clear_error (&error);

  id = arb_tournament_add_sealed_move (t, game, &envelope, &error);
  g_assert_no_error (error);
  {
    g_autofree char *sealed = arb_tournament_open_envelope (t, id, &error);
    g_assert_cmpstr (sealed, ==, "Rd7+");
  }
  /* An envelope is opened once. */
  {
    g_autofree char *again = arb_tournament_open_envelope (t, id, &error);
    g_assert_null (again);
    g_clear_error (&error);
  }

  /* moves 3, clock 1, irregularity 1, restore 1, ruling 1, offer 1,
   * answer 1, seal 1, open 1: one audit line per change. */
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit + 3 + 8);

  /* The audit log cannot be rewritten. */
  {
    g_autoptr (sqlite3) db = raw_open (arb_tournament_get_path (t));
    char *msg = NULL;
    g_assert_cmpint (sqlite3_exec (db, "UPDATE audit SET action = 'x'", NULL, NULL, &msg), !=,
                     SQLITE_OK);
    g_assert_nonnull (strstr (msg, "append-only"));
    sqlite3_free (msg);
    g_assert_cmpint (sqlite3_exec (db, "DELETE FROM audit", NULL, NULL, NULL), !=, SQLITE_OK);
  }
}

static void
test_user_text_is_data (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "q.arbiter");
  g_autoptr (GError) error = NULL;
  const char *evil = "Robert'); DROP TABLE game; --";
  ArbPlayerInfo p = { .name = (char *) evil };
  g_autoptr (GPtrArray) players = NULL;

  g_assert_cmpint (arb_tournament_add_player (t, &p, &error), >, 0);
  g_assert_no_error (error);
  add_game (t, 1, 1);
  players = arb_tournament_list_players (t, &error);
  g_assert_cmpstr (((ArbPlayerInfo *) players->pdata[0])->name, ==, evil);
  g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 1);

  /* Team names too, and a game of the match points to it. */
  {
    gint64 match = arb_tournament_add_team_match (t, 2, evil, "Away", &error);
    ArbGameInfo g = { .round = 2, .board = 1, .rated = TRUE, .team_match_id = match };
    g_autoptr (ArbGameInfo) back = NULL;
    gint64 id;

    g_assert_no_error (error);
    g.white_id = ((ArbPlayerInfo *) players->pdata[0])->id;
    g.black_id = ((ArbPlayerInfo *) players->pdata[1])->id;
    id = arb_tournament_add_game (t, &g, &error);
    g_assert_no_error (error);
    back = arb_tournament_get_game (t, id, &error);
    g_assert_cmpint (back->team_match_id, ==, match);
    g_assert_cmpint (arb_tournament_count_rows (t, "team_match", NULL), ==, 1);
  }
}

/* Bad files */

typedef enum
{
  BAD_ZERO,
  BAD_RANDOM,
  BAD_TRUNCATED,
  BAD_DAMAGED,
  BAD_NEWER,
  BAD_PLAIN_SQLITE,
  BAD_FOREIGN_ID,
  BAD_TEXT,
} BadKind;

static void
make_bad_file (const char *dir, const char *path, BadKind kind)
{
  switch (kind)
    {
    case BAD_ZERO:
      g_assert_true (g_file_set_contents (path, "", 0, NULL));
      break;
    case BAD_RANDOM:
      {
        g_autoptr (GRand) rand = g_rand_new_with_seed (42);
        guint8 buf[8192];
        for (gsize i = 0; i < sizeof buf; i++)
          buf[i] = (guint8) g_rand_int_range (rand, 0, 256);
        g_assert_true (g_file_set_contents (path, (char *) buf, sizeof buf, NULL));
      }
      break;
    case BAD_TRUNCATED:
    case BAD_DAMAGED:
    case BAD_NEWER:
      {
        g_autofree char *name = g_path_get_basename (path);
        g_autoptr (ArbTournament) t = create (dir, name);
        for (int i = 0; i < 200; i++)
          {
            g_autofree char *pname =
              g_strdup_printf ("Player %d, with a long enough name to fill pages", i);
            ArbPlayerInfo p = { .name = pname };
            g_assert_cmpint (arb_tournament_add_player (t, &p, NULL), >, 0);
          }
        g_clear_object (&t);
        if (kind == BAD_TRUNCATED)
          {
            GStatBuf st;
            g_assert_cmpint (g_stat (path, &st), ==, 0);
            g_assert_cmpint (truncate (path, st.st_size / 2), ==, 0);
          }
        else if (kind == BAD_DAMAGED)
          {
            /* Garbage over the third page, a table's b-tree page. */
            FILE *f = fopen (path, "r+b");
            char junk[4096];
            memset (junk, 0x5a, sizeof junk);
            g_assert_nonnull (f);
            g_assert_cmpint (fseek (f, 2 * 4096, SEEK_SET), ==, 0);
            g_assert_cmpuint (fwrite (junk, 1, sizeof junk, f), ==, sizeof junk);
            fclose (f);
          }
        else
          {
            sqlite3 *db = raw_open (path);
            g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==,
                             SQLITE_OK);
            /* Leave it as a rollback-journal file so that the header
             * alone must tell. */
            g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL),
                             ==, SQLITE_OK);
            sqlite3_close (db);
          }
      }
      break;
    case BAD_PLAIN_SQLITE:
    case BAD_FOREIGN_ID:
      {
        sqlite3 *db = raw_open (path);
        g_assert_cmpint (
          sqlite3_exec (db, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('hi')", NULL,
                        NULL, NULL),
          ==, SQLITE_OK);
        if (kind == BAD_FOREIGN_ID)
          g_assert_cmpint (
            sqlite3_exec (db, "PRAGMA application_id = 1196444237", NULL, NULL, NULL), ==,
            SQLITE_OK);
        sqlite3_close (db);
      }
      break;
    case BAD_TEXT:
      g_assert_true (g_file_set_contents (path, "[Event \"x\"]\n\n1. e4 *\n", -1, NULL));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
test_bad_files (void)
{
  static const struct
  {
    BadKind kind;
    int code;
    const char *message_part;
  } cases[] = {
    { BAD_ZERO, ARB_TOURNAMENT_ERROR_EMPTY, "empty (0 bytes)" },
    { BAD_RANDOM, ARB_TOURNAMENT_ERROR_NOT_ARBITER, "not an Arbiter tournament file" },
    { BAD_TRUNCATED, ARB_TOURNAMENT_ERROR_CORRUPT, "truncated" },
    { BAD_DAMAGED, ARB_TOURNAMENT_ERROR_CORRUPT, "damaged" },
    { BAD_NEWER, ARB_TOURNAMENT_ERROR_NEWER, "newer version of Arbiter (schema version 99" },
    { BAD_PLAIN_SQLITE, ARB_TOURNAMENT_ERROR_NOT_ARBITER, "plain SQLite database" },
    { BAD_FOREIGN_ID, ARB_TOURNAMENT_ERROR_NOT_ARBITER, "another program" },
    { BAD_TEXT, ARB_TOURNAMENT_ERROR_NOT_ARBITER, "not an SQLite database" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = temp_dir ();
      g_autofree char *path = g_build_filename (dir, "bad.arbiter", NULL);
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (path, "-shm", NULL);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      make_bad_file (dir, path, cases[i].kind);
      before = file_checksum (path);

      for (int mode = 0; mode < 2; mode++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (ArbTournament) t = arb_tournament_open (
            path, mode == 0 ? ARB_TOURNAMENT_OPEN_DEFAULT : ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
          g_assert_null (t);
          g_assert_error (error, ARB_TOURNAMENT_ERROR, cases[i].code);
          g_test_message ("case %zu: %s", i, error->message);
          g_assert_nonnull (strstr (error->message, cases[i].message_part));
          /* The message names the file. */
          g_assert_nonnull (strstr (error->message, path));
        }

      after = file_checksum (path);
      g_assert_cmpstr (after, ==, before);
      /* SQLite had to open the damaged one to find the damage; it may
       * leave an empty WAL beside it, never one with content. */
      if (cases[i].kind == BAD_DAMAGED && exists (wal))
        {
          GStatBuf st;
          g_assert_cmpint (g_stat (wal, &st), ==, 0);
          g_assert_cmpint (st.st_size, ==, 0);
        }
      else
        {
          g_assert_false (exists (wal));
          g_assert_false (exists (shm));
        }
    }

  /* No file at all. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbTournament) t = arb_tournament_open ("no-such-dir/none.arbiter", 0, &error);
    g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_FOUND);
  }
}

/* The file is opened as a user who may not write it: as root, an
 * unprivileged child does it, since root writes read-only files anyway. */
static void
test_read_only_file (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "ro.arbiter", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (ArbTournament) t = create (dir, "ro.arbiter");
  pid_t pid;
  int status;

  add_game (t, 1, 1);
  g_clear_object (&t);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  before = file_checksum (path);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autoptr (GError) error = NULL;
      ArbTournament *child;

      if (geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
        _exit (10);
      child = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
      if (child != NULL)
        _exit (11);
      if (!g_error_matches (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY))
        _exit (12);
      if (strstr (error->message, "read-only") == NULL)
        _exit (13);
      /* Reading it stays possible. */
      g_clear_error (&error);
      child = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
      if (child == NULL)
        _exit (14);
      if (arb_tournament_count_rows (child, "game", NULL) != 1)
        _exit (15);
      g_object_unref (child);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  after = file_checksum (path);
  g_assert_cmpstr (after, ==, before);
}

/* A full disk, simulated with a file size limit (RLIMIT_FSIZE) in a
 * child, with SIGXFSZ ignored so that write() fails with EFBIG. */
static void
test_full_disk (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "full.arbiter", NULL);
  g_autofree char *new_path = g_build_filename (dir, "new.arbiter", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (ArbTournament) t = create (dir, "full.arbiter");
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  gint64 game = add_game (t, 1, 1);
  pid_t pid;
  int status;

  play (t, game, 1, "e4", "e2e4");
  g_clear_object (&t);
  before = file_checksum (path);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { 64 * 1024, 64 * 1024 };
      g_autoptr (GError) child_error = NULL;
      ArbTournament *child;
      ArbEventInfo event = { .name = (char *) "New" };
      g_autofree char *big = g_strnfill (4000, 'x');
      gboolean failed = FALSE;

      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (20);

      /* A tournament made on a full disk: an error, and no file. */
      child = arb_tournament_create (new_path, &event, &child_error);
      if (child != NULL)
        {
          /* 64 KiB is enough for an empty one; fill it instead. */
          g_object_unref (child);
        }
      g_clear_error (&child_error);

      child = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &child_error);
      if (child == NULL)
        _exit (21);
      /* One import that cannot fit: all of it fails. */
      if (!_arb_tournament_begin (child, &child_error))
        _exit (22);
      for (int i = 0; i < 100 && !failed; i++)
        {
          ArbPlayerInfo p = { .name = big };
          gint64 id;
          if (!_arb_tournament_add_player (child, &p, &id, &child_error))
            failed = TRUE;
        }
      if (!failed && !_arb_tournament_commit (child, &child_error))
        failed = TRUE;
      if (!failed)
        _exit (23);
      _arb_tournament_rollback (child);
      if (!g_error_matches (child_error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_FULL) &&
          !g_error_matches (child_error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO))
        _exit (24);
      if (strstr (child_error->message, "nothing of this change was stored") == NULL)
        _exit (25);
      g_object_unref (child);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  /* The file holds what it held, and is sound. */
  after = file_checksum (path);
  g_assert_cmpstr (after, ==, before);
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "player", NULL), ==, 2);
  g_assert_cmpint (arb_tournament_count_rows (t, "move", NULL), ==, 1);
  g_assert_true (arb_tournament_check (t, problems, &error));
  /* And it takes the next move. */
  play (t, game, 2, "e5", "e7e5");
}

static void
test_create_on_full_disk (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "new.arbiter", NULL);
  pid_t pid;
  int status;

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { 4096, 4096 };
      g_autoptr (GError) error = NULL;
      ArbEventInfo event = { .name = (char *) "New" };
      ArbTournament *t;

      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (30);
      t = arb_tournament_create (path, &event, &error);
      if (t != NULL)
        _exit (31);
      if (error == NULL || strstr (error->message, "new.arbiter") == NULL)
        _exit (32);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  /* Nothing half-made is left: neither the file nor its temporary. */
  {
    g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
    g_assert_null (g_dir_read_name (d));
  }
}

/* Migration: a file of schema version 1, made by hand as the first
 * release wrote it, is upgraded after a backup copy. */
static void
test_migrate_v1 (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "old.arbiter", NULL);
  g_autofree char *expected_backup = g_strconcat (path, ".v1.backup", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  sqlite3 *db = raw_open (path);
  gint64 game;

  g_assert_cmpint (sqlite3_exec (db, arb_schema_migration_sql (1), NULL, NULL, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (
    sqlite3_exec (
      db,
      "PRAGMA application_id = 1095909972;"
      "PRAGMA user_version = 1;"
      "INSERT INTO event (id, name, edition, time_control, created_at) "
      "  VALUES (1, 'Old Open', 2009, '40/7200:3600', '2025-01-01T10:00:00Z');"
      "INSERT INTO player (id, start_no, name, rating) VALUES (1, 1, 'Old, One', 2000);"
      "INSERT INTO player (id, start_no, name, rating) VALUES (2, 2, 'Old, Two', 1900);"
      "INSERT INTO round (number) VALUES (1);"
      "INSERT INTO game (id, round_no, board, white_id, black_id) VALUES (1, 1, 1, 1, 2);"
      "INSERT INTO move VALUES (1, 1, 'd4', 'd2d4', 7190000, NULL, '2025-01-01T10:01:00Z');"
      "INSERT INTO audit (wall_time, action) VALUES ('2025-01-01T10:00:00Z', 'create-event');",
      NULL, NULL, NULL),
    ==, SQLITE_OK);
  sqlite3_close (db);

  /* A read-only open does not migrate, and says why. */
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_null (t);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "schema version 1"));
  g_clear_error (&error);
  g_assert_false (exists (expected_backup));

  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (t), ==, 1);
  g_assert_cmpstr (arb_tournament_get_migration_backup (t), ==, expected_backup);

  /* The data came along, and the new parts are there. */
  event = arb_tournament_get_event (t, &error);
  g_assert_cmpstr (event->name, ==, "Old Open");
  g_assert_cmpint (event->edition, ==, 2009);
  g_assert_cmpstr (event->settings, ==, "{}");
  game = arb_tournament_find_game (t, 1, 1, &error);
  g_assert_cmpint (game, ==, 1);
  play (t, game, 2, "d5", "d7d5");
  {
    ArbSealedMoveRecord env = { .ply = 3,
                                .side = ARB_WHITE,
                                .move_number = 2,
                                .move_text = "c4",
                                .fen_before = "x",
                                .white_used_ms = 1,
                                .black_used_ms = 1 };
    g_assert_cmpint (arb_tournament_add_sealed_move (t, game, &env, &error), >, 0);
    g_assert_no_error (error);
  }
  g_assert_true (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_object (&t);

  /* The backup is the old file as it was: version 1, no envelope table. */
  db = raw_open (expected_backup);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (raw_int (db, "PRAGMA application_id"), ==, 0x41524254);
  g_assert_cmpint (raw_int (db, "SELECT count (*) FROM move"), ==, 1);
  g_assert_cmpint (raw_int (db, "SELECT count (*) FROM sqlite_master WHERE name = 'sealed_move'"),
                   ==, 0);
  sqlite3_close (db);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (db, "SELECT count (*) FROM audit WHERE action = 'migrate'"), ==, 1);
  sqlite3_close (db);

  /* Opened again: nothing more to do, no second backup. */
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_null (arb_tournament_get_migration_backup (t));
}

/* Online backup while another connection writes moves. */
typedef struct
{
  const char *path;
  gint64 game;
  volatile gint stop;
  volatile gint written;
  GError *error;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (w->path, ARB_TOURNAMENT_OPEN_DEFAULT, &w->error);
  /* Knights out and back: legal for ever under the 2009 Laws, which
   * have no automatic fivefold or 75-move draw (the event is set to 2009
   * below, so that the check finds no move after the game's end). */
  static const char *const cycle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
  int ply = 0;

  if (t == NULL)
    return NULL;
  while (!g_atomic_int_get (&w->stop) && ply < 4000)
    {
      ArbPosition pos;
      const char *text = cycle[ply % 4];
      ArbMove move;

      if (!arb_tournament_replay (t, w->game, &pos, NULL, &w->error))
        return NULL;
      move = arb_move_parse_uci (&pos, text, 4);
      if (!arb_tournament_add_move (t, w->game, ply + 1, NULL, move, -1, -1, &w->error))
        return NULL;
      ply++;
      g_atomic_int_set (&w->written, ply);
    }
  return NULL;
}

static void
test_backup_while_writing (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "live.arbiter", NULL);
  g_autoptr (ArbTournament) t = create (dir, "live.arbiter");
  Writer w = { .path = path };
  GThread *thread;
  int last = 0;

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, &error);

    g_assert_no_error (error);
    event->edition = 2009;
    g_assert_true (arb_tournament_set_event (t, event, &error));
    g_assert_no_error (error);
  }
  w.game = add_game (t, 1, 1);
  thread = g_thread_new ("writer", writer_thread, &w);

  for (int i = 0; i < 5; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *copy = g_strdup_printf ("%s/copy-%d.arbiter", dir, i);
      g_autoptr (ArbTournament) c = NULL;
      g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      gint64 moves;

      /* Wait for the writer to move on (no timing is asserted). */
      while (g_atomic_int_get (&w.written) <= last && w.error == NULL)
        g_usleep (1000);
      g_assert_no_error (w.error);
      last = g_atomic_int_get (&w.written);

      g_assert_true (arb_tournament_backup (t, copy, &error));
      g_assert_no_error (error);
      c = arb_tournament_open (copy, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
      g_assert_no_error (error);
      g_assert_true (arb_tournament_check (c, problems, &error));
      g_assert_cmpuint (problems->len, ==, 0);
      /* One snapshot: at least what was written before it began. */
      moves = arb_tournament_count_rows (c, "move", &error);
      g_assert_cmpint (moves, >=, last);
    }

  g_atomic_int_set (&w.stop, 1);
  g_thread_join (thread);
  g_assert_no_error (w.error);
}

static void
test_finish_round_backup (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "fr.arbiter");
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = NULL;
  g_autoptr (ArbTournament) copy = NULL;
  gint64 game = add_game (t, 1, 1);

  play (t, game, 1, "d4", "d2d4");
  g_assert_true (arb_tournament_set_result (t, game, ARB_RESULT_DRAW, "agreement", &error));
  backup = arb_tournament_finish_round (t, 1, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (backup, "fr.arbiter.round-1.backup"));
  copy = arb_tournament_open (backup, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (copy, "move", NULL), ==, 1);
  {
    g_autoptr (ArbGameInfo) g = arb_tournament_get_game (copy, game, &error);
    g_assert_cmpstr (arb_result_to_string (g->result), ==, "1/2-1/2");
  }

  g_assert_null (arb_tournament_finish_round (t, 7, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME);
  g_clear_error (&error);

  /* Finished again after a correction: a second copy, the first kept. */
  {
    g_autofree char *again = arb_tournament_finish_round (t, 1, &error);
    g_assert_no_error (error);
    g_assert_true (g_str_has_suffix (again, "fr.arbiter.round-1.backup.2"));
  }

  /* A backup never replaces a file. */
  {
    g_autofree char *before = file_checksum (backup);
    g_assert_false (arb_tournament_backup (t, backup, &error));
    g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS);
    g_autofree char *after = file_checksum (backup);
    g_assert_cmpstr (after, ==, before);
  }
}

/* The check finds what was broken behind the API's back. */
static void
test_check_finds_problems (void)
{
  static const char *const fools_mate[] = { "f2f3", "e7e5", "g2g4", "d8h4" };
  guint32 codes[G_N_ELEMENTS (fools_mate)];
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "chk.arbiter");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  gint64 game = add_game (t, 3, 2);
  g_autoptr (sqlite3) db = raw_open (arb_tournament_get_path (t));

  play (t, game, 1, "e4", "e2e4");
  g_assert_true (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 0);

  /* A move that is not legal at ply 2 (white again), written raw: d2-d4,
   * coded as the pawn move it is (arb-move-code.h). */
  {
    guint32 two[2];
    ArbPosition pos;

    arb_position_set_start (&pos);
    two[0] = arb_move_code_make (&pos, arb_move_parse_uci (&pos, "e2e4", 4));
    two[1] = (guint32) (ARB_MOVE_MAKE (11, 27, ARB_MOVE_NORMAL) | (ARB_PAWN << 16));
    raw_set_codes (db, 1, two, G_N_ELEMENTS (two));
  }
  g_assert_false (arb_tournament_check (t, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (problems->pdata[0], ==, "round 3 board 2: ply 2 (d4) is not a legal move");

  /* A mate with the wrong result. */
  g_ptr_array_set_size (problems, 0);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE game SET result = '1-0';", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  {
    ArbPosition pos;

    arb_position_set_start (&pos);
    for (guint i = 0; i < G_N_ELEMENTS (fools_mate); i++)
      {
        ArbMove move = arb_move_parse_uci (&pos, fools_mate[i], 4);
        ArbUndo undo;

        codes[i] = arb_move_code_make (&pos, move);
        arb_position_make_move (&pos, move, &undo);
      }
    raw_set_codes (db, 1, codes, G_N_ELEMENTS (codes));
  }
  g_assert_false (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (problems->pdata[0], "checkmate"));

  /* A code whose SAN does not say the stored move: g4 marked as check. */
  g_ptr_array_set_size (problems, 0);
  codes[2] |= ARB_MOVE_CODE_CHECK;
  raw_set_codes (db, 1, codes, G_N_ELEMENTS (codes));
  g_assert_false (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_cmpstr (problems->pdata[0], ==,
                   "round 3 board 2: ply 3 is stored as g4+ but the move is g4");
  codes[2] &= ~ARB_MOVE_CODE_CHECK;
  raw_set_codes (db, 1, codes, G_N_ELEMENTS (codes));

  /* A clock event far past the last move. */
  g_ptr_array_set_size (problems, 0);
  g_assert_cmpint (sqlite3_exec (db,
                                 "UPDATE game SET result = '0-1';"
                                 "INSERT INTO clock_event (game_id, ply, kind, wall_time) "
                                 "VALUES (1, 40, 'press', 'x')",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  g_assert_false (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (problems->pdata[0], "clock event at ply 40"));
}

static gint64 fake_now_us;

static gint64
fake_time (gpointer user_data)
{
  return fake_now_us;
}

/* The clock's events and checkpoint go into the file and come back. */
static void
test_clock_storage (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "clock.arbiter");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbClock) clock = NULL;
  g_autoptr (ArbClock) recovered = NULL;
  ArbTimeControl tc;
  gint64 game = add_game (t, 1, 1);
  guint n_events;
  g_autoptr (sqlite3) db = raw_open (arb_tournament_get_path (t));

  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, &error));
  clock = arb_clock_new (&tc);
  arb_clock_set_time_func (clock, fake_time, NULL, NULL);
  fake_now_us = 1000000;
  g_assert_true (arb_clock_start (clock));
  fake_now_us += 10 * G_USEC_PER_SEC; /* White thinks 10 s */
  g_assert_true (arb_clock_press (clock));
  fake_now_us += 25 * G_USEC_PER_SEC; /* Black thinks 25 s */
  g_assert_true (arb_clock_press (clock));
  g_assert_true (arb_clock_add_time (clock, ARB_BLACK, 120 * G_USEC_PER_SEC));
  fake_now_us += 3 * G_USEC_PER_SEC; /* White is thinking */

  n_events = arb_clock_get_n_events (clock);
  for (guint i = 0; i < n_events; i++)
    {
      ArbClockEventRecord record;

      arb_tournament_clock_event_record (arb_clock_get_event (clock, i), &record);
      g_assert_cmpint (arb_tournament_add_clock_event (t, game, &record, &error), >, 0);
      g_assert_no_error (error);
    }
  g_assert_true (arb_tournament_set_clock_checkpoint (t, game, clock, &error));
  g_assert_no_error (error);

  /* 90 min, +30 s after each move: White 5400 - 10 + 30 = 5420 s, Black
   * 5400 - 25 + 30 + 120 = 5525 s after the added time. */
  g_assert_cmpint (raw_int (db, "SELECT count (*) FROM clock_event"), ==, n_events);
  g_assert_cmpint (raw_int (db, "SELECT white_ms FROM clock_event ORDER BY id DESC LIMIT 1"), ==,
                   5420000);
  g_assert_cmpint (raw_int (db, "SELECT black_ms FROM clock_event ORDER BY id DESC LIMIT 1"), ==,
                   5525000);
  g_assert_cmpint (raw_int (db, "SELECT amount_ms FROM clock_event WHERE kind = 'add-time'"), ==,
                   120000);
  g_assert_cmpint (
    raw_int (db, "SELECT count (*) FROM clock_event WHERE kind = 'press' AND side = 'white'"), ==,
    1);
  g_assert_cmpint (raw_int (db, "SELECT ply FROM clock_snapshot"), ==, 2);

  /* After a crash: the checkpoint gives back both times, paused. White's
   * 3 s on the current move are part of it. */
  recovered = arb_clock_new (&tc);
  arb_clock_set_time_func (recovered, fake_time, NULL, NULL);
  g_assert_true (arb_tournament_recover_clock (t, game, recovered, &error));
  g_assert_no_error (error);
  g_assert_true (arb_clock_is_paused (recovered));
  g_assert_cmpint (arb_clock_get_remaining_us (recovered, ARB_WHITE), ==,
                   (gint64) 5417 * G_USEC_PER_SEC);
  g_assert_cmpint (arb_clock_get_remaining_us (recovered, ARB_BLACK), ==,
                   (gint64) 5525 * G_USEC_PER_SEC);

  /* A game without a checkpoint: nothing, and no error. */
  {
    gint64 other = add_game (t, 1, 2);
    g_autoptr (ArbClock) none = arb_clock_new (&tc);
    g_assert_false (arb_tournament_recover_clock (t, other, none, &error));
    g_assert_no_error (error);
  }
}

/* A ruling as the Laws engine returns it is stored and read back whole;
 * every result the engine can give is one the file accepts. */
static void
test_engine_ruling (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (ArbTournament) t = create (dir, "laws.arbiter");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRuling) back = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_back = NULL;
  g_autofree char *articles = NULL;
  ArbEventSettings settings;
  ArbIllegalMoveFacts facts = { 0 };
  const ArbRulingRecord *record;
  gint64 game = add_game (t, 1, 1);

  for (int r = 0; r < ARB_RESULT_N; r++)
    g_assert_true (arb_tournament_set_result (t, game, (ArbResult) r, NULL, NULL));
  g_assert_true (arb_tournament_set_result (t, game, ARB_RESULT_ONGOING, NULL, NULL));

  arb_event_settings_init (&settings, ARB_EDITION_2018, ARB_CATEGORY_STANDARD);
  facts.by = ARB_WHITE;
  facts.kind = ARB_ILLEGAL_ORDINARY;
  facts.ply_before = 4;
  facts.last_identifiable_ply = 4;
  ruling = arb_laws_illegal_move (&settings, &facts);
  arb_ruling_set_note (ruling, "seen at board 1");

  g_assert_cmpint (arb_tournament_add_ruling (t, game, 5, ruling, &error), >, 0);
  g_assert_no_error (error);

  rulings = arb_tournament_list_rulings (t, game, &error);
  g_assert_cmpuint (rulings->len, ==, 1);
  record = rulings->pdata[0];
  articles = arb_ruling_articles_text (ruling);
  g_assert_cmpint (record->ply, ==, 5);
  g_assert_cmpstr (record->kind, ==, arb_ruling_kind_to_string (ARB_RULING_ILLEGAL_MOVE));
  g_assert_cmpint (record->edition, ==, 2018);
  g_assert_cmpstr (record->articles, ==, articles);
  g_assert_nonnull (strstr (record->articles, "7.5.1"));
  g_assert_cmpstr (record->note, ==, "seen at board 1");
  g_assert_true (g_str_has_prefix (record->decision, arb_decision_to_string (ruling->decision)));

  back = arb_tournament_ruling_from_record (record, &error);
  g_assert_no_error (error);
  json = arb_ruling_to_json (ruling);
  json_back = arb_ruling_to_json (back);
  g_assert_cmpstr (json_back, ==, json);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/tournament/create-and-reopen", test_create_and_reopen);
  g_test_add_func ("/storage/tournament/results", test_results);
  g_test_add_func ("/storage/tournament/moves", test_moves);
  g_test_add_func ("/storage/tournament/moves-from-two-connections",
                   test_moves_from_two_connections);
  g_test_add_func ("/storage/tournament/records-and-audit", test_records_and_audit);
  g_test_add_func ("/storage/tournament/changed-signal", test_changed_signal);
  g_test_add_func ("/storage/tournament/user-text-is-data", test_user_text_is_data);
  g_test_add_func ("/storage/tournament/bad-files", test_bad_files);
  g_test_add_func ("/storage/tournament/read-only-file", test_read_only_file);
  g_test_add_func ("/storage/tournament/full-disk", test_full_disk);
  g_test_add_func ("/storage/tournament/create-on-full-disk", test_create_on_full_disk);
  g_test_add_func ("/storage/tournament/migrate-v1", test_migrate_v1);
  g_test_add_func ("/storage/tournament/backup-while-writing", test_backup_while_writing);
  g_test_add_func ("/storage/tournament/finish-round-backup", test_finish_round_backup);
  g_test_add_func ("/storage/tournament/check-finds-problems", test_check_finds_problems);
  g_test_add_func ("/storage/tournament/clock-storage", test_clock_storage);
  g_test_add_func ("/storage/tournament/engine-ruling", test_engine_ruling);

  return g_test_run ();
}
