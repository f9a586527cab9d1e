/* test-floor-entry.c: the arbiters' team and what they send from the floor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sign-in token is shown once and kept hashed; a revoked one finds no
 * arbiter. A floor entry is applied once: the same client id again
 * applies nothing and gives the first outcome. A result goes through the
 * results desk's path (a name means that player's score), only for the
 * arbiter's sectors; calls queue oldest first and are answered by name;
 * an incident carries the ruling proposed; a clock reading leaves the
 * tracked times alone.
 */

#include "config.h"

#include <sqlite3.h>
#include <string.h>

#include "arb-floor-entry.h"
#include "arb-floor-record.h"
#include "arb-position.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 board[3];
  ArbTeamArbiter *ana;
} Fixture;

static gint64
add_player (ArbTournament *t, int no, const char *name)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo p = { .start_no = no, .name = (char *) name };
  gint64 id = arb_tournament_add_player (t, &p, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
add_game (ArbTournament *t, int board, gint64 white, gint64 black)
{
  g_autoptr (GError) error = NULL;
  ArbGameInfo g = { .round = 1,
                    .board = board,
                    .white_id = white,
                    .black_id = black,
                    .result = ARB_RESULT_ONGOING,
                    .rated = TRUE };
  gint64 id = arb_tournament_add_game (t, &g, &error);

  g_assert_no_error (error);
  return id;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;

  f->t = arb_test_new_tournament (&f->path);
  f->board[1] =
    add_game (f->t, 1, add_player (f->t, 1, "Jansen, Pieter"), add_player (f->t, 2, "Öberg, Nils"));
  f->board[2] = add_game (f->t, 2, add_player (f->t, 3, "Ekström, Anna"),
                          add_player (f->t, 4, "Lindqvist, Erik"));
  g_assert_true (
    arb_tournament_add_arbiter (f->t, "Ana Ruiz", ARB_TEAM_ROLE_FLOOR, "1", &token, &error));
  g_assert_no_error (error);
  f->ana = arb_tournament_find_arbiter_by_token (f->t, token, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->ana);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  arb_team_arbiter_free (f->ana);
  g_clear_object (&f->t);
  g_free (f->path);
}

static gint64
raw_count (Fixture *f, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (f->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

static void
test_tokens (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *other = NULL;
  g_autofree char *hash = NULL;
  g_autoptr (ArbTeamArbiter) bo = NULL;
  g_autoptr (GPtrArray) team = NULL;
  g_autofree char *sql = NULL;

  g_assert_true (arb_tournament_add_arbiter (f->t, "Bo", ARB_TEAM_ROLE_DEPUTY, "", &token, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (token), ==, 64);
  /* The file keeps the hash only. */
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, token, -1);
  sql = g_strdup_printf ("SELECT count (*) FROM team_arbiter WHERE token_sha256 = '%s'", hash);
  g_assert_cmpint (raw_count (f, sql), ==, 1);
  g_free (sql);
  sql = g_strdup_printf ("SELECT count (*) FROM team_arbiter WHERE token_sha256 = '%s'", token);
  g_assert_cmpint (raw_count (f, sql), ==, 0);
  /* Two tokens differ; a wrong one finds nobody. */
  g_assert_true (
    arb_tournament_add_arbiter (f->t, "Cy", ARB_TEAM_ROLE_FLOOR, "2-3,7", &other, &error));
  g_assert_cmpstr (token, !=, other);
  token[0] = token[0] == 'a' ? 'b' : 'a';
  g_assert_null (arb_tournament_find_arbiter_by_token (f->t, token, &error));
  g_assert_null (arb_tournament_find_arbiter_by_token (f->t, "", &error));
  g_assert_no_error (error);
  /* Revoked: recorded, the row stays, the token finds nobody. */
  bo = arb_tournament_find_arbiter_by_token (f->t, other, &error);
  g_assert_nonnull (bo);
  g_assert_false (arb_tournament_revoke_arbiter (f->t, "Cy", " ", &error));
  g_clear_error (&error);
  g_assert_true (arb_tournament_revoke_arbiter (f->t, "Cy", "phone lost", &error));
  g_assert_no_error (error);
  g_assert_null (arb_tournament_find_arbiter_by_token (f->t, other, &error));
  g_assert_false (arb_tournament_revoke_arbiter (f->t, "Cy", "again", &error));
  g_clear_error (&error);
  team = arb_tournament_list_team (f->t, &error);
  g_assert_cmpuint (team->len, ==, 3);
  g_assert_cmpstr (((ArbTeamArbiter *) team->pdata[2])->revoke_reason, ==, "phone lost");
  /* Sectors. */
  g_assert_true (arb_team_sectors_contain ("2-3,7", 3));
  g_assert_true (arb_team_sectors_contain ("2-3,7", 7));
  g_assert_false (arb_team_sectors_contain ("2-3,7", 4));
  g_assert_true (arb_team_sectors_contain ("", 99));
  g_assert_false (arb_team_sectors_check ("3-1", NULL));
  g_assert_false (arb_team_sectors_check ("1,", NULL));
  g_assert_false (arb_team_sectors_check ("a", NULL));
  g_assert_false (
    arb_tournament_add_arbiter (f->t, "Dee", ARB_TEAM_ROLE_FLOOR, "0-4", &token, &error));
  g_clear_error (&error);
  g_assert_false (arb_tournament_add_arbiter (f->t, "Bo", ARB_TEAM_ROLE_FLOOR, "", &token, &error));
  g_clear_error (&error);
}

static ArbFloorRecord *
submit (Fixture *f, const ArbFloorSubmission *s, gboolean expect_repeat)
{
  g_autoptr (GError) error = NULL;
  ArbFloorRecord *stored = NULL;
  gboolean repeat = !expect_repeat;

  g_assert_true (arb_floor_entry_submit (f->t, f->ana, s, &stored, &repeat, &error));
  g_assert_no_error (error);
  g_assert_cmpint (repeat, ==, expect_repeat);
  g_assert_cmpstr (stored->arbiter, ==, "Ana Ruiz");
  return stored;
}

static const char *
stored_result (Fixture *f, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameInfo) g = arb_tournament_get_game (f->t, f->board[board], &error);

  g_assert_no_error (error);
  return arb_result_to_string (g->result);
}

static void
test_result_once (Fixture *f, gconstpointer data)
{
  ArbFloorSubmission s = { .client_id = "7d1f0c1e-0000-4000-8000-000000000001",
                           .kind = ARB_FLOOR_RESULT,
                           .round = 1,
                           .board = 1,
                           .text = "Öberg 1" };
  g_autoptr (ArbFloorRecord) first = submit (f, &s, FALSE);
  g_autoptr (ArbFloorRecord) again = NULL;
  g_autoptr (GError) error = NULL;

  /* A name means that player's score: Öberg has Black. */
  g_assert_cmpstr (stored_result (f, 1), ==, "0-1");
  g_assert_nonnull (strstr (first->outcome, "\"0-1\""));
  /* The same id again, even with another text: nothing applied. */
  s.text = "Öberg 0";
  again = submit (f, &s, TRUE);
  g_assert_cmpint (again->id, ==, first->id);
  g_assert_cmpstr (again->outcome, ==, first->outcome);
  g_assert_cmpstr (stored_result (f, 1), ==, "0-1");
  g_assert_cmpint (raw_count (f, "SELECT count (*) FROM floor_entry"), ==, 1);
  /* A new id cannot replace the result: the desk corrects results. */
  s.client_id = "7d1f0c1e-0000-4000-8000-000000000002";
  g_assert_false (arb_floor_entry_submit (f->t, f->ana, &s, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpstr (stored_result (f, 1), ==, "0-1");
  /* Board 2 is not in Ana's sector. */
  s.board = 2;
  s.text = "2 1";
  g_assert_false (arb_floor_entry_submit (f->t, f->ana, &s, NULL, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_assert_cmpstr (stored_result (f, 2), ==, "*");
  g_assert_cmpint (raw_count (f, "SELECT count (*) FROM floor_entry"), ==, 1);
}

static void
test_calls_incidents_clocks (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbFloorSubmission call = { .client_id = "c1", .kind = ARB_FLOOR_CALL, .round = 1, .board = 1 };
  ArbFloorSubmission incident = { .client_id = "i1",
                                  .kind = ARB_FLOOR_INCIDENT,
                                  .round = 1,
                                  .board = 1,
                                  .incident = "illegal-move",
                                  .text = "Black's king moved into check" };
  ArbFloorSubmission clock = { .client_id = "k1",
                               .kind = ARB_FLOOR_CLOCK,
                               .round = 1,
                               .board = 1,
                               .white_ms = 3540000,
                               .black_ms = 2999000 };
  g_autoptr (ArbFloorRecord) c1 = submit (f, &call, FALSE);
  g_autoptr (ArbFloorRecord) c2 = NULL;
  g_autoptr (ArbFloorRecord) i1 = NULL;
  g_autoptr (ArbFloorRecord) k1 = NULL;
  g_autoptr (GPtrArray) open = NULL;
  gint64 clock_events = raw_count (f, "SELECT count (*) FROM clock_event");

  call.client_id = "c2";
  c2 = submit (f, &call, FALSE);
  open = arb_tournament_list_floor_entries (f->t, TRUE, &error);
  g_assert_cmpuint (open->len, ==, 2);
  g_assert_cmpint (((ArbFloorRecord *) open->pdata[0])->id, ==, c1->id);
  g_assert_true (arb_tournament_answer_call (f->t, c1->id, "Chief", &error));
  g_assert_no_error (error);
  g_assert_false (arb_tournament_answer_call (f->t, c1->id, "Chief", &error));
  g_clear_error (&error);
  g_clear_pointer (&open, g_ptr_array_unref);
  open = arb_tournament_list_floor_entries (f->t, TRUE, &error);
  g_assert_cmpuint (open->len, ==, 1);
  g_assert_cmpint (((ArbFloorRecord *) open->pdata[0])->id, ==, c2->id);

  i1 = submit (f, &incident, FALSE);
  g_assert_nonnull (strstr (i1->outcome, "\"proposed\":\"illegal-move\""));
  incident.client_id = "i2";
  incident.incident = "tea";
  g_assert_false (arb_floor_entry_submit (f->t, f->ana, &incident, NULL, NULL, &error));
  g_clear_error (&error);

  k1 = submit (f, &clock, FALSE);
  g_assert_nonnull (strstr (k1->body, "3540000"));
  g_assert_cmpint (raw_count (f, "SELECT count (*) FROM clock_event"), ==, clock_events);
}

/* What the desk shows is read back from the stored entry: the note, the
 * incident and the ruling proposed, the last reading of a board's clock. */
static void
test_content_read_back (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbFloorSubmission incident = { .client_id = "i1",
                                  .kind = ARB_FLOOR_INCIDENT,
                                  .round = 1,
                                  .board = 1,
                                  .incident = "late-arrival",
                                  .text = "  came at 14:40 " };
  ArbFloorSubmission clock = { .client_id = "k1",
                               .kind = ARB_FLOOR_CLOCK,
                               .round = 1,
                               .board = 1,
                               .white_ms = 3540000,
                               .black_ms = 2999000 };
  g_autoptr (ArbFloorRecord) i1 = submit (f, &incident, FALSE);
  g_autoptr (ArbFloorRecord) k1 = submit (f, &clock, FALSE);
  g_autoptr (ArbFloorRecord) k2 = NULL;
  g_autoptr (GPtrArray) all = NULL;
  g_auto (ArbFloorContent) said = { 0 };
  g_auto (ArbFloorContent) read = { 0 };
  ArbFloorRecord broken = { .body = (char *) "{\"text\":", .outcome = (char *) "" };
  g_auto (ArbFloorContent) nothing = { 0 };

  arb_floor_content_read (i1, &said);
  g_assert_cmpstr (said.text, ==, "came at 14:40");
  g_assert_cmpstr (said.incident, ==, "late-arrival");
  g_assert_cmpstr (said.proposed, ==, "late-arrival");
  g_assert_cmpint (said.white_ms, ==, -1);

  clock.client_id = "k2";
  clock.white_ms = 3000000;
  k2 = submit (f, &clock, FALSE);
  all = arb_tournament_list_floor_entries (f->t, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (arb_floor_records_find (all, k1->id)->id == k1->id);
  g_assert_null (arb_floor_records_find (all, 9999));
  g_assert_cmpint (arb_floor_records_last_clock (all, 1, 1)->id, ==, k2->id);
  g_assert_null (arb_floor_records_last_clock (all, 1, 2));
  arb_floor_content_read (arb_floor_records_last_clock (all, 1, 1), &read);
  g_assert_cmpint (read.white_ms, ==, 3000000);
  g_assert_cmpint (read.black_ms, ==, 2999000);
  g_assert_null (read.text);

  /* What cannot be read is not invented. */
  arb_floor_content_read (&broken, &nothing);
  g_assert_null (nothing.text);
  g_assert_null (nothing.proposed);
  g_assert_cmpint (nothing.white_ms, ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add ("/round/floor-entry/tokens", Fixture, NULL, fixture_set_up, test_tokens,
              fixture_tear_down);
  g_test_add ("/round/floor-entry/result-once", Fixture, NULL, fixture_set_up, test_result_once,
              fixture_tear_down);
  g_test_add ("/round/floor-entry/calls-incidents-clocks", Fixture, NULL, fixture_set_up,
              test_calls_incidents_clocks, fixture_tear_down);
  g_test_add ("/round/floor-entry/content-read-back", Fixture, NULL, fixture_set_up,
              test_content_read_back, fixture_tear_down);
  return g_test_run ();
}
