/* test-migrate.c: files written by the previous schema open, and keep every move
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/moves-v2.arbiter was written by the code of schema version 2
 * (moves kept as SAN and UCI text), from tests/data/moves-v2-source.pgn
 * and three moves played with arbiter-cli play; tests/data/
 * moves-v2-export.pgn is that code's export of it. Opened today the file is
 * migrated to version 3 (moves as codes): the export must be the same,
 * byte for byte. tests/data/moves-v4.arbiter was written by the code of
 * schema version 4 (a row a ply) from the same PGN, with three moves
 * played on board 9; opened today its moves become a row a game (version
 * 5), and its export stays that code's, tests/data/moves-v4-export.pgn.
 * See tests/data/README.md.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-san.h"
#include "arb-schema.h"
#include "arb-test-utils.h"
#include "arb-tournament-certificate.h"
#include "arb-tournament-desk-entry.h"
#include "arb-tournament-team.h"
#include "arb-tournament-teams.h"
#include "arb-tournament-trf.h"
#include "arb-tournament-live.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-sources.h"

static gint64
raw_int (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

/* The moves of every kind (promotions to each piece, castling both ways,
 * Chess960, en passant, mates) come through the migration as they were. */
static void
test_moves_v2 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_open_fixture_copy ("moves-v2.arbiter", &path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *expected = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *backup = NULL;
  g_autoptr (GArray) times = NULL;
  gsize length = 0;

  g_assert_cmpint (arb_tournament_get_opened_version (t), ==, 2);
  backup = g_strconcat (path, ".v2.backup", NULL);
  g_assert_cmpstr (arb_tournament_get_migration_backup (t), ==, backup);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (backup, "PRAGMA user_version"), ==, 2);
  g_assert_cmpint (arb_tournament_count_rows (t, "move", NULL), ==, 182);

  /* The same PGN as the old code exported. */
  expected = arb_test_read_fixture ("moves-v2-export.pgn", &length);
  exported = arb_tournament_export_pgn (t, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exported, ==, expected);

  g_assert_true (arb_tournament_check (t, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);

  /* The moves played at the board kept their time of play. */
  times = arb_tournament_get_move_times (t, arb_tournament_find_game (t, 1, 9, NULL), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (times->len, ==, 23);
  g_assert_cmpint (g_array_index (times, gint64, 22), >, 0);

  /* And the game goes on. */
  {
    gint64 game = arb_tournament_find_game (t, 1, 9, NULL);
    ArbPosition pos;
    int n = 0;

    g_assert_true (arb_tournament_replay (t, game, &pos, &n, &error));
    g_assert_cmpint (n, ==, 23);
    g_assert_true (arb_tournament_add_move (t, game, 24, "a5", arb_san_parse (&pos, "a5", 2, NULL),
                                            -1, -1, &error));
    g_assert_no_error (error);
  }
}

/* A file of version 4, a row a ply: the moves come through as they were,
 * the times of play of the moves played at the board with them, and the
 * game goes on and can be cut short again. */
static void
test_moves_v4 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_open_fixture_copy ("moves-v4.arbiter", &path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) times = NULL;
  g_autoptr (GArray) moves = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *backup = NULL;
  gint64 game;
  gsize length = 0;
  ArbPosition pos;
  int n = 0;

  g_assert_cmpint (arb_tournament_get_opened_version (t), ==, 4);
  backup = g_strconcat (path, ".v4.backup", NULL);
  g_assert_cmpstr (arb_tournament_get_migration_backup (t), ==, backup);
  g_assert_cmpint (raw_int (backup, "SELECT count (*) FROM move"), ==, 182);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM sqlite_master WHERE name = 'move'"), ==,
                   0);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM move_list"), ==, 9);
  g_assert_cmpint (arb_tournament_count_rows (t, "move", NULL), ==, 182);

  expected = arb_test_read_fixture ("moves-v4-export.pgn", &length);
  exported = arb_tournament_export_pgn (t, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exported, ==, expected);

  g_assert_true (arb_tournament_check (t, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);

  /* The three moves played at the board have their time of play, the
   * imported ones none; the clock times read from [%clk] stayed. */
  game = arb_tournament_find_game (t, 1, 9, NULL);
  times = arb_tournament_get_move_times (t, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (times->len, ==, 23);
  g_assert_cmpint (g_array_index (times, gint64, 19), ==, 0);
  for (guint i = 20; i < 23; i++)
    g_assert_cmpint (g_array_index (times, gint64, i), >, 0);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM move_list WHERE played IS NOT NULL"), ==,
                   1);
  moves = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, 8, NULL), &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_array_index (moves, ArbStoredMove, 0).white_ms, ==,
                   raw_int (backup, "SELECT m.white_ms FROM move m JOIN game g ON g.id = "
                                    "m.game_id WHERE g.board = 8 AND m.ply = 1"));
  g_assert_cmpint (g_array_index (moves, ArbStoredMove, 0).white_ms, >, 0);

  /* The game goes on, and a restored position cuts it back. */
  g_assert_true (arb_tournament_replay (t, game, &pos, &n, &error));
  g_assert_cmpint (n, ==, 23);
  g_assert_true (arb_tournament_add_move (t, game, 24, "a4", arb_san_parse (&pos, "a4", 2, NULL),
                                          -1, -1, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_truncate_moves (t, game, 21, "test", &error));
  g_assert_no_error (error);
  g_clear_pointer (&times, g_array_unref);
  times = arb_tournament_get_move_times (t, game, &error);
  g_assert_cmpuint (times->len, ==, 21);
  g_assert_cmpint (g_array_index (times, gint64, 20), >, 0);
  g_assert_true (arb_tournament_replay (t, game, &pos, &n, &error));
  g_assert_cmpint (n, ==, 21);
}

/* An imported move has no time of play: the file does not invent one. */
static void
test_import_without_times (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *pgn = arb_test_read_fixture ("moves-v2-source.pgn", &length);
  guint n = 0;

  g_assert_true (arb_tournament_import_pgn (t, pgn, length, 0, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpint (raw_int (path, "SELECT sum (plies) FROM move_list"), ==, 179);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM move_list"), ==, 9);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM move_list WHERE played IS NOT NULL"), ==,
                   0);
  /* Only the game with [%clk] (board 8) keeps an array of clock times. */
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM move_list WHERE clocks IS NOT NULL"), ==,
                   1);
}

/* Version 8 builds source_alert anew for a third kind of alert: a file
 * of version 7 keeps its alerts, ids and states, and takes the new kind.
 * The version 7 table is made here from the text of its own migration. */
static void
test_alerts_v7 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) alerts = NULL;
  const char *v4 = arb_schema_migration_sql (4);
  const char *from = strstr (v4, "CREATE TABLE source_alert (");
  const char *to = from != NULL ? strstr (from, ");\n") : NULL;
  g_autofree char *old_table = NULL;
  g_autofree char *downgrade = NULL;
  ArbPlayerInfo white = { .name = (char *) "White" };
  ArbPlayerInfo black = { .name = (char *) "Black" };
  ArbGameInfo game = { .round = 1, .board = 1, .rated = TRUE };
  ArbSourceAlertRecord illegal = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE, .source = "games.pgn", .ply = 3, .reported = "Ke1-e4"
  };
  ArbSourceAlertRecord colours = { .kind = ARB_SOURCE_ALERT_WRONG_COLOURS,
                                   .source = "games.pgn",
                                   .ply = 1,
                                   .reported = "Black \u2013 White",
                                   .stored = "White \u2013 Black" };
  gint64 id, alert;
  sqlite3 *db = NULL;

  g_assert_nonnull (to);
  game.white_id = arb_tournament_add_player (t, &white, &error);
  game.black_id = arb_tournament_add_player (t, &black, &error);
  id = arb_tournament_add_game (t, &game, &error);
  g_assert_no_error (error);
  alert = arb_tournament_add_source_alert (t, id, &illegal, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (
    arb_tournament_settle_source_alert (t, alert, ARB_SOURCE_ALERT_DISMISSED, 0, &error));
  g_clear_object (&t);

  old_table = g_strndup (from, to + 3 - from);
  downgrade = g_strdup_printf ("BEGIN; %s;"
                               "INSERT INTO source_alert_v7 SELECT * FROM source_alert;"
                               "DROP TABLE source_alert;"
                               "ALTER TABLE source_alert_v7 RENAME TO source_alert;"
                               "CREATE INDEX source_alert_game ON source_alert (game_id);"
                               /* what versions after 8 added */
                               "DROP TABLE player_entry;"
                               "DROP TABLE desk_call_answer; DROP TABLE floor_entry;"
                               "DROP TABLE team_arbiter;"
                               "DROP TABLE replication_log; DROP TABLE replica_state;"
                               "DROP TABLE event_certificate; DROP TABLE desk_entry;"
                               "DROP TABLE team_round_entry;"
                               "PRAGMA user_version = 7; COMMIT;",
                               old_table);
  {
    g_autofree char *renamed = NULL;
    g_auto (GStrv) parts = g_strsplit (downgrade, "CREATE TABLE source_alert (", 2);

    renamed = g_strjoinv ("CREATE TABLE source_alert_v7 (", parts);
    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, renamed, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, 7);

  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (again), ==, 7);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  alerts = arb_tournament_list_source_alerts (again, id, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (alerts->len, ==, 1);
  {
    const ArbSourceAlertInfo *kept = g_ptr_array_index (alerts, 0);

    g_assert_cmpint (kept->id, ==, alert);
    g_assert_cmpint (kept->kind, ==, ARB_SOURCE_ALERT_ILLEGAL_MOVE);
    g_assert_cmpint (kept->state, ==, ARB_SOURCE_ALERT_DISMISSED);
    g_assert_cmpstr (kept->reported, ==, "Ke1-e4");
  }
  g_assert_cmpint (arb_tournament_add_source_alert (again, id, &colours, NULL, &error), >, alert);
  g_assert_no_error (error);
}

/* A file of version 10 gets the arbiters' team (version 11) and keeps its
 * players; the team can be added to at once. */
static void
test_team_v11 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  ArbPlayerInfo white = { .name = (char *) "White" };
  sqlite3 *db = NULL;

  arb_tournament_add_player (t, &white, &error);
  g_assert_no_error (error);
  g_clear_object (&t);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "BEGIN; DROP TABLE desk_call_answer; DROP TABLE floor_entry;"
                                 "DROP TABLE team_arbiter;"
                                 "DROP TABLE replication_log; DROP TABLE replica_state;"
                                 "DROP TABLE event_certificate; DROP TABLE desk_entry;"
                                 "DROP TABLE team_round_entry;"
                                 "PRAGMA user_version = 10; COMMIT;",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (again), ==, 10);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM player"), ==, 1);
  g_assert_true (
    arb_tournament_add_arbiter (again, "Ana", ARB_TEAM_ROLE_FLOOR, "1-10", &token, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_arbiter"), ==, 1);
}

/* A file of version 12 gets the table of the service's certificate
 * (version 13), empty, and keeps its team; a certificate can be stored
 * at once and is the one read back. */
static void
test_certificate_v13 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *cert = NULL;
  g_autofree char *key = NULL;
  sqlite3 *db = NULL;

  g_assert_true (
    arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-10", &token, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "BEGIN; DROP TABLE event_certificate; DROP TABLE desk_entry;"
                                 "DROP TABLE team_round_entry;"
                                 "PRAGMA user_version = 12; COMMIT;",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (again), ==, 12);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_arbiter"), ==, 1);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM event_certificate"), ==, 0);
  g_assert_false (arb_tournament_get_certificate (again, &cert, &key, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (
    arb_tournament_add_certificate (again, ARB_CERTIFICATE_MADE, "CERT", "KEY", &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_get_certificate (again, &cert, &key, NULL, &error));
  g_assert_cmpstr (cert, ==, "CERT");
  g_assert_cmpstr (key, ==, "KEY");
}

/* A file of version 13 gets the deputies' entries (version 14), keeps its
 * arbiters, and stores an entry at once; the same id is refused. */
static void
test_desk_entry_v14 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskEntryRecord) kept = NULL;
  g_autofree char *token = NULL;
  ArbDeskEntryRecord entry = { .client_id = (char *) "e-1",
                               .arbiter = (char *) "Dora",
                               .kind = ARB_DESK_ENTRY_RULING,
                               .round = 1,
                               .board = 3,
                               .body = (char *) "{}",
                               .outcome = (char *) "{\"ruling\":1}" };
  sqlite3 *db = NULL;

  g_assert_true (arb_tournament_add_arbiter (t, "Dora", ARB_TEAM_ROLE_DEPUTY, "", &token, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "BEGIN; DROP TABLE desk_entry; DROP TABLE team_round_entry;"
                                 "PRAGMA user_version = 13; COMMIT;",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (again), ==, 13);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_arbiter"), ==, 1);
  g_assert_true (arb_tournament_add_desk_entry (again, &entry, &error));
  g_assert_no_error (error);
  kept = arb_tournament_get_desk_entry (again, "e-1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kept->kind, ==, ARB_DESK_ENTRY_RULING);
  g_assert_cmpint (kept->board, ==, 3);
  g_assert_cmpstr (kept->outcome, ==, "{\"ruling\":1}");
  g_assert_false (arb_tournament_add_desk_entry (again, &entry, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM desk_entry"), ==, 1);
}

/* A file of version 14 with a team league's matches gets the team
 * entries (version 15) when it is opened: its matches stay as they were,
 * and a forfeit and a bye can be recorded. */
static void
test_team_entries_v15 (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) round2 = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  ArbTeamEntryRecord bye = { .kind = ARB_TEAM_ENTRY_BYE,
                             .round = 3,
                             .team = (char *) "Oslo Schakselskap",
                             .code = 'F',
                             .match_points_x2 = 4,
                             .home_points_x2 = 8 };
  sqlite3 *db = NULL;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "BEGIN; DROP TABLE team_round_entry; PRAGMA user_version = 14; "
                                 "COMMIT;",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (again), ==, 14);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, ARB_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_match"), ==, 4);
  round2 = arb_tournament_list_team_matches (again, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round2->len, ==, 2);
  g_assert_cmpint (((ArbTeamMatchInfo *) round2->pdata[0])->kind, ==, ARB_TEAM_MATCH_PLAYED);
  g_assert_true (arb_tournament_add_team_forfeit (
    again,
    &(ArbTeamEntryRecord){ .round = 2, .winner = ARB_TEAM_FORFEIT_HOME, .home_points_x2 = 8 },
    ((ArbTeamMatchInfo *) round2->pdata[0])->home_team,
    ((ArbTeamMatchInfo *) round2->pdata[0])->away_team, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_team_entry (again, &bye, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_round_entry"), ==, 2);
  g_assert_cmpint (raw_int (path, "SELECT count (*) FROM team_match"), ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/migrate/moves-v2", test_moves_v2);
  g_test_add_func ("/storage/migrate/moves-v4", test_moves_v4);
  g_test_add_func ("/storage/migrate/import-without-times", test_import_without_times);
  g_test_add_func ("/storage/migrate/alerts-v7", test_alerts_v7);
  g_test_add_func ("/storage/migrate/team-v11", test_team_v11);
  g_test_add_func ("/storage/migrate/certificate-v13", test_certificate_v13);
  g_test_add_func ("/storage/migrate/desk-entry-v14", test_desk_entry_v14);
  g_test_add_func ("/storage/migrate/team-entries-v15", test_team_entries_v15);
  return g_test_run ();
}
