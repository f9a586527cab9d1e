/* test-alerts.c: arbiter-cli alerts, the sources' alerts without a window
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract: the open alerts are listed (with --all the settled ones
 * too, with --round one round's, with --json as one object); --dismiss
 * needs a reason, settles the alert with a line in the log that says why
 * and who, and refuses an alert settled already; --accept takes the
 * source's moves, read from the source again; both refuse, changing
 * nothing, while another desk writes the file.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-desk-lock.h"
#include "arb-game.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-sources.h"

/* Round 1: board 1 White 1 – Black 1 (1. e4 e5 2. Nf3 stored), board 2
 * White 2 – Black 2; an illegal move reported on board 2 (open) and one
 * on board 1 dismissed before. */
typedef struct
{
  char *path;
  char *pgn;
  gint64 open_id;
  gint64 settled_id;
} Fixture;

static gint64
add_game (ArbTournament *t, int board)
{
  g_autofree char *w = g_strdup_printf ("White %d", board);
  g_autofree char *b = g_strdup_printf ("Black %d", board);

  return arb_test_add_board (t, 1, board, w, b);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  const char *const line[] = { "e4", "e5", "Nf3" };
  ArbSourceAlertRecord illegal = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE, .source = "games.pgn", .ply = 1, .reported = "Ke6"
  };
  ArbSourceAlertRecord old = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE, .source = "games.pgn", .ply = 4, .reported = "Ke8-e6"
  };
  ArbTimeControl tc;
  gint64 board1 = add_game (t, 1);
  gint64 board2 = add_game (t, 2);

  f->pgn = arb_test_temp_path ("alerts-cli.pgn");
  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, NULL));
  game = arb_game_load (t, board1, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (line); i++)
    {
      ArbMove move;

      g_assert_cmpint (
        arb_san_resolve (arb_game_get_position (game, i), line[i], strlen (line[i]), &move), ==,
        ARB_SAN_OK);
      g_assert_true (arb_game_play_move (game, move, &error));
    }
  f->settled_id = arb_tournament_add_source_alert (t, board1, &old, NULL, &error);
  g_assert_true (
    arb_tournament_settle_source_alert (t, f->settled_id, ARB_SOURCE_ALERT_DISMISSED, 0, &error));
  f->open_id = arb_tournament_add_source_alert (t, board2, &illegal, NULL, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_free (f->path);
  g_free (f->pgn);
}

static ArbSourceAlertState
state_of (Fixture *f, gint64 id)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (ArbSourceAlertInfo) alert = arb_tournament_get_source_alert (t, id, NULL);

  g_assert_nonnull (alert);
  return alert != NULL ? alert->state : ARB_SOURCE_ALERT_OPEN;
}

/* The detail of the file's last audit line of @action. */
static char *
last_audit (Fixture *f, const char *action)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *detail = NULL;

  g_assert_cmpint (sqlite3_open_v2 (f->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT detail FROM audit WHERE action = ? ORDER BY id DESC "
                                       "LIMIT 1",
                                       -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, action, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    detail = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return detail;
}

static void
test_list (Fixture *f, gconstpointer data)
{
  const char *open_args[] = { "alerts", f->path, NULL };
  const char *all_args[] = { "alerts", f->path, "--all", NULL };
  const char *round_args[] = { "alerts", f->path, "--round", "2", NULL };
  const char *json_args[] = { "alerts", f->path, "--all", "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *all = NULL;
  g_autofree char *none = NULL;
  g_autofree char *json = NULL;
  g_autofree char *open_line = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *alerts;
  JsonObject *first;
  int status = -1;

  out = arb_test_run_cli (open_args, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  open_line =
    g_strdup_printf ("Alert %" G_GINT64_FORMAT
                     ", round 1 board 2: illegal move reported (1. Ke6); games.pgn; open\n",
                     f->open_id);
  g_assert_cmpstr (out, ==, open_line);

  all = arb_test_run_cli (all_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (all, "round 1 board 1: illegal move reported (2... Ke8-e6); "
                                 "games.pgn; dismissed as a misread\n"));
  g_assert_nonnull (strstr (all, open_line));

  none = arb_test_run_cli (round_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (none, ==, "No open alerts.\n");

  json = arb_test_run_cli (json_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  alerts =
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "alerts");
  g_assert_cmpuint (json_array_get_length (alerts), ==, 2);
  first = json_array_get_object_element (alerts, 0);
  g_assert_cmpint (json_object_get_int_member (first, "id"), ==, f->settled_id);
  g_assert_cmpint (json_object_get_int_member (first, "board"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "kind"), ==, "illegal-move");
  g_assert_cmpstr (json_object_get_string_member (first, "state"), ==, "dismissed");
  g_assert_cmpstr (json_object_get_string_member (first, "reported"), ==, "Ke8-e6");
  g_assert_true (json_object_get_null_member (first, "stored"));
}

static void
test_dismiss (Fixture *f, gconstpointer data)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, f->open_id);
  const char *no_reason[] = { "alerts", f->path, "--dismiss", id, NULL };
  const char *args[] = { "alerts",    f->path,     "--dismiss",
                         id,          "--reason",  "the e-board misread a lifted king",
                         "--arbiter", "Anna Berg", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *again = NULL;
  g_autofree char *audit = NULL;
  g_autofree char *said = NULL;
  int status = -1;

  out = arb_test_run_cli (no_reason, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpint (state_of (f, f->open_id), ==, ARB_SOURCE_ALERT_OPEN);

  g_clear_pointer (&out, g_free);
  out = arb_test_run_cli (args, "", &status, &err);
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  said = g_strdup_printf ("Alert %s (round 1 board 2): dismissed as a misread.\n", id);
  g_assert_cmpstr (out, ==, said);
  g_assert_cmpint (state_of (f, f->open_id), ==, ARB_SOURCE_ALERT_DISMISSED);
  audit = last_audit (f, "source-alert-settled");
  g_assert_nonnull (audit);
  g_assert_nonnull (strstr (audit, "\"reason\":\"the e-board misread a lifted king\""));
  g_assert_nonnull (strstr (audit, "\"arbiter\":\"Anna Berg\""));
  g_assert_nonnull (strstr (audit, "\"state\":\"dismissed\""));

  /* Settled already: refused. */
  g_clear_pointer (&err, g_free);
  again = arb_test_run_cli (args, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "settled already"));
}

/* Another desk writes the file: nothing is settled, and the message says
 * where to settle it. */
static void
test_other_desk (Fixture *f, gconstpointer data)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, f->open_id);
  const char *args[] = { "alerts", f->path, "--dismiss", id, "--reason", "misread", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskLock) lock = arb_desk_lock_acquire (f->path, "Arbiter test", NULL, &error);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  g_assert_no_error (error);
  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "another desk writes"));
  g_assert_cmpint (state_of (f, f->open_id), ==, ARB_SOURCE_ALERT_OPEN);
}

/* A corrected relay: follow --once raises the alert, --accept takes the
 * source's moves. */
static void
test_accept (Fixture *f, gconstpointer data)
{
  const char *follow[] = { "follow", f->path, "--source", f->pgn, "--once", NULL };
  const char *list[] = { "alerts", f->path, "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *accepted = NULL;
  g_autofree char *err = NULL;
  g_autofree char *id = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *alerts;
  gint64 changed = 0;
  int status = -1;

  g_assert_true (g_file_set_contents (
    f->pgn, "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n1. e4 c5 *\n", -1, NULL));
  out = arb_test_run_cli (follow, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  listed = arb_test_run_cli (list, "", &status, NULL);
  g_assert_true (json_parser_load_from_data (parser, listed, -1, NULL));
  alerts =
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "alerts");
  for (guint i = 0; i < json_array_get_length (alerts); i++)
    {
      JsonObject *a = json_array_get_object_element (alerts, i);

      if (g_str_equal (json_object_get_string_member (a, "kind"), "changed-moves"))
        changed = json_object_get_int_member (a, "id");
    }
  g_assert_cmpint (changed, >, 0);
  id = g_strdup_printf ("%" G_GINT64_FORMAT, changed);
  {
    const char *accept[] = { "alerts", f->path, "--accept", id, NULL };
    g_autoptr (ArbTournament) t = NULL;
    g_autoptr (GArray) moves = NULL;

    accepted = arb_test_run_cli (accept, "", &status, &err);
    g_test_message ("%s%s", accepted, err);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (accepted, "the source's moves taken"));
    g_assert_cmpint (state_of (f, changed), ==, ARB_SOURCE_ALERT_ACCEPTED);
    t = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    moves = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, 1, NULL), NULL);
    g_assert_cmpuint (moves->len, ==, 2);
    g_assert_cmpstr (g_array_index (moves, ArbStoredMove, 1).san, ==, "c5");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add ("/cli/alerts/list", Fixture, NULL, fixture_set_up, test_list, fixture_tear_down);
  g_test_add ("/cli/alerts/dismiss", Fixture, NULL, fixture_set_up, test_dismiss,
              fixture_tear_down);
  g_test_add ("/cli/alerts/other-desk", Fixture, NULL, fixture_set_up, test_other_desk,
              fixture_tear_down);
  g_test_add ("/cli/alerts/accept", Fixture, NULL, fixture_set_up, test_accept, fixture_tear_down);
  return g_test_run ();
}
