/* test-tournament-sources.c: what the sources of moves leave in the file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>

#include "arb-test-utils.h"
#include "arb-tournament-sources.h"

static gint64
add_game (ArbTournament *t, int round, int board)
{
  return arb_test_add_board (t, round, board, "White, A", "Black, B");
}

static void
test_eboards (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) boards = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *long_serial = g_strnfill (65, '7');
  gint64 audit;

  g_assert_true (arb_tournament_set_eboard (t, "12345", 3, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_set_eboard (t, "09876", 1, &error));
  /* A board moved to another table. */
  g_assert_true (arb_tournament_set_eboard (t, "12345", 4, &error));
  boards = arb_tournament_list_eboards (t, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (boards->len, ==, 2);
  g_assert_cmpstr (((ArbEboardInfo *) boards->pdata[0])->serial, ==, "09876");
  g_assert_cmpint (((ArbEboardInfo *) boards->pdata[0])->board, ==, 1);
  g_assert_cmpstr (((ArbEboardInfo *) boards->pdata[1])->serial, ==, "12345");
  g_assert_cmpint (((ArbEboardInfo *) boards->pdata[1])->board, ==, 4);

  /* Bad values change nothing. */
  audit = arb_tournament_count_audit (t, NULL);
  g_assert_false (arb_tournament_set_eboard (t, long_serial, 2, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (arb_tournament_set_eboard (t, "", 2, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (arb_tournament_set_eboard (t, "555", -1, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit);

  /* Board 0 forgets it. */
  g_assert_true (arb_tournament_set_eboard (t, "09876", 0, &error));
  g_clear_pointer (&boards, g_ptr_array_unref);
  boards = arb_tournament_list_eboards (t, &error);
  g_assert_cmpuint (boards->len, ==, 1);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit + 1);
}

static void
test_move_sources (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) sources = NULL;
  g_autoptr (GError) error = NULL;
  gint64 a;
  gint64 b;

  a = arb_tournament_add_move_source (t, 2, "livechess://10.0.0.5", 0, &error);
  g_assert_no_error (error);
  b = arb_tournament_add_move_source (t, 2, "http://desk2.local:8080/round.pgn", 5000, &error);
  g_assert_cmpint (a, >, 0);
  g_assert_cmpint (b, >, a);
  g_assert_cmpint (arb_tournament_add_move_source (t, 3, "/srv/games.pgn", 0, &error), >, 0);
  /* The same address again keeps its place and takes the new interval. */
  g_assert_cmpint (
    arb_tournament_add_move_source (t, 2, "http://desk2.local:8080/round.pgn", 3000, &error), ==,
    b);

  sources = arb_tournament_list_move_sources (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sources->len, ==, 2);
  g_assert_cmpstr (((ArbMoveSourceInfo *) sources->pdata[0])->uri, ==, "livechess://10.0.0.5");
  g_assert_cmpuint (((ArbMoveSourceInfo *) sources->pdata[1])->interval_ms, ==, 3000);
  g_clear_pointer (&sources, g_ptr_array_unref);
  sources = arb_tournament_list_move_sources (t, 0, &error);
  g_assert_cmpuint (sources->len, ==, 3);

  g_assert_cmpint (arb_tournament_add_move_source (t, 0, "/srv/games.pgn", 0, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (arb_tournament_remove_move_source (t, 2, "livechess://10.0.0.5", &error));
  g_clear_pointer (&sources, g_ptr_array_unref);
  sources = arb_tournament_list_move_sources (t, 2, &error);
  g_assert_cmpuint (sources->len, ==, 1);
}

static void
test_assignments (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (arb_tournament_get_source_assignment (t, 1, "/a.pgn", "#3", &error), ==, 0);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_set_source_assignment (t, 1, "/a.pgn", "#3", 7, &error));
  g_assert_true (arb_tournament_set_source_assignment (t, 2, "/a.pgn", "#3", 9, &error));
  g_assert_cmpint (arb_tournament_get_source_assignment (t, 1, "/a.pgn", "#3", &error), ==, 7);
  g_assert_cmpint (arb_tournament_get_source_assignment (t, 2, "/a.pgn", "#3", &error), ==, 9);
  g_assert_cmpint (arb_tournament_get_source_assignment (t, 1, "/b.pgn", "#3", &error), ==, 0);
  g_assert_true (arb_tournament_set_source_assignment (t, 1, "/a.pgn", "#3", 0, &error));
  g_assert_cmpint (arb_tournament_get_source_assignment (t, 1, "/a.pgn", "#3", &error), ==, 0);
  g_assert_no_error (error);
}

static void
test_alerts (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) open = NULL;
  g_autoptr (ArbSourceAlertInfo) info = NULL;
  gint64 game = add_game (t, 1, 1);
  ArbSourceAlertRecord illegal = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE,
    .source = "livechess://127.0.0.1",
    .ply = 31,
    .reported = "Ke1-e4",
    .detail = "{\"key\":\"eboard:1234\"}",
  };
  ArbSourceAlertRecord takeback = {
    .kind = ARB_SOURCE_ALERT_CHANGED_MOVES,
    .source = "livechess://127.0.0.1",
    .ply = 12,
    .reported = "",
    .stored = "Nf3 Nc6",
  };
  gboolean is_new = FALSE;
  gint64 first;
  gint64 audit;

  first = arb_tournament_add_source_alert (t, game, &illegal, &is_new, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, >, 0);
  g_assert_true (is_new);

  /* The same report again is the same alert, and writes nothing. */
  audit = arb_tournament_count_audit (t, NULL);
  g_assert_cmpint (arb_tournament_add_source_alert (t, game, &illegal, &is_new, &error), ==, first);
  g_assert_false (is_new);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit);

  g_assert_cmpint (arb_tournament_add_source_alert (t, game, &takeback, &is_new, &error), >, first);
  g_assert_true (is_new);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit + 1);

  open = arb_tournament_list_source_alerts (t, game, TRUE, &error);
  g_assert_cmpuint (open->len, ==, 2);
  info = arb_tournament_get_source_alert (t, first, &error);
  g_assert_cmpint (info->kind, ==, ARB_SOURCE_ALERT_ILLEGAL_MOVE);
  g_assert_cmpint (info->state, ==, ARB_SOURCE_ALERT_OPEN);
  g_assert_cmpint (info->ply, ==, 31);
  g_assert_cmpstr (info->reported, ==, "Ke1-e4");
  g_assert_cmpstr (info->detail, ==, "{\"key\":\"eboard:1234\"}");
  g_assert_null (info->settled);
  g_clear_pointer (&info, arb_source_alert_info_free);

  /* Dismissed as a misread: settled once, with its audit line. */
  g_assert_true (
    arb_tournament_settle_source_alert (t, first, ARB_SOURCE_ALERT_DISMISSED, 0, &error));
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit + 2);
  g_assert_false (arb_tournament_settle_source_alert (t, first, ARB_SOURCE_ALERT_RULED, 0, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  info = arb_tournament_get_source_alert (t, first, &error);
  g_assert_cmpint (info->state, ==, ARB_SOURCE_ALERT_DISMISSED);
  g_assert_nonnull (info->settled);
  g_clear_pointer (&open, g_ptr_array_unref);
  open = arb_tournament_list_source_alerts (t, game, TRUE, &error);
  g_assert_cmpuint (open->len, ==, 1);
  g_clear_pointer (&open, g_ptr_array_unref);
  open = arb_tournament_list_source_alerts (t, 0, FALSE, &error);
  g_assert_cmpuint (open->len, ==, 2);

  /* A dismissed report stays dismissed when the source repeats it. */
  g_assert_cmpint (arb_tournament_add_source_alert (t, game, &illegal, &is_new, &error), ==, first);
  g_assert_false (is_new);

  /* No such game, no move reported: refused, nothing written. */
  audit = arb_tournament_count_audit (t, NULL);
  g_assert_cmpint (arb_tournament_add_source_alert (t, game + 100, &takeback, NULL, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  illegal.reported = "";
  g_assert_cmpint (arb_tournament_add_source_alert (t, game, &illegal, NULL, &error), ==, 0);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit);
  g_assert_cmpint (arb_tournament_count_rows (t, "source_alert", NULL), ==, 2);
}

static void
test_names (void)
{
  static const struct
  {
    const char *text;
    ArbSourceAlertKind kind;
  } kinds[] = {
    { "illegal-move", ARB_SOURCE_ALERT_ILLEGAL_MOVE },
    { "changed-moves", ARB_SOURCE_ALERT_CHANGED_MOVES },
  };
  ArbSourceAlertKind kind;
  ArbSourceAlertState state;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_assert_true (arb_source_alert_kind_from_string (kinds[i].text, &kind));
      g_assert_cmpint (kind, ==, kinds[i].kind);
      g_assert_cmpstr (arb_source_alert_kind_to_string (kinds[i].kind), ==, kinds[i].text);
    }
  g_assert_false (arb_source_alert_kind_from_string ("illegal", &kind));
  g_assert_true (arb_source_alert_state_from_string ("ruled", &state));
  g_assert_cmpint (state, ==, ARB_SOURCE_ALERT_RULED);
  g_assert_false (arb_source_alert_state_from_string (NULL, &state));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/storage/tournament-sources/eboards", test_eboards);
  g_test_add_func ("/storage/tournament-sources/move-sources", test_move_sources);
  g_test_add_func ("/storage/tournament-sources/assignments", test_assignments);
  g_test_add_func ("/storage/tournament-sources/alerts", test_alerts);
  g_test_add_func ("/storage/tournament-sources/names", test_names);

  return g_test_run ();
}
