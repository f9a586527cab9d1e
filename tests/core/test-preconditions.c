/* test-preconditions.c: the public entry points refuse what their contract forbids
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A caller's mistake (a NULL where an object is needed, a value out of
 * range) is reported as a critical warning naming the broken condition,
 * and the call returns its documented fallback without touching anything:
 * one case per layer's most used entry points. Each case fails if the
 * guard is removed (no warning is logged, or the call crashes).
 */

#include "config.h"

#include "arb-clock.h"
#include "arb-dead-memo.h"
#include "arb-event-settings.h"
#include "arb-feed-state.h"
#include "arb-game-status.h"
#include "arb-game.h"
#include "arb-laws.h"
#include "arb-move-path.h"
#include "arb-pgn-reader.h"
#include "arb-result-entry.h"
#include "arb-ruling.h"
#include "arb-standings-crosstable.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-time-control.h"
#include "arb-tournament.h"

/* A call that must log exactly one critical warning, in @domain, whose
 * text names @condition. */
typedef struct
{
  const char *path;
  const char *domain; /* the log domain of the file that checks */
  const char *condition;
  void (*call) (void);
} Case;

static void
call_status_new (void)
{
  g_assert_null (arb_game_status_new (NULL));
}

static void
call_status_push (void)
{
  g_assert_false (arb_game_status_push (NULL, ARB_MOVE_NONE));
}

static void
call_dead_memo_budget (void)
{
  g_autoptr (ArbDeadMemo) memo = arb_dead_memo_new ();
  ArbPosition pos;

  arb_position_set_start (&pos);
  g_assert_false (arb_dead_memo_is_dead (memo, &pos, 0));
}

static void
call_time_control_parse (void)
{
  ArbTimeControl tc;

  g_assert_false (arb_time_control_parse (NULL, &tc, NULL, NULL));
}

static void
call_clock_new (void)
{
  g_assert_null (arb_clock_new (NULL));
}

static void
call_clock_press (void)
{
  g_assert_false (arb_clock_press (NULL));
}

static void
call_laws_draw_claim (void)
{
  g_assert_null (arb_laws_draw_claim (NULL, NULL));
}

static void
call_ruling_kind_name (void)
{
  g_assert_cmpstr (arb_ruling_kind_to_string ((ArbRulingKind) 9999), ==, "unknown");
}

static void
call_pgn_reader_feed (void)
{
  arb_pgn_reader_feed (NULL, "1. e4", 5);
}

static void
call_tournament_get_event (void)
{
  g_assert_null (arb_tournament_get_event (NULL, NULL));
}

static void
call_game_load (void)
{
  ArbTimeControl tc;

  g_assert_true (arb_time_control_parse ("-", &tc, NULL, NULL));
  g_assert_null (arb_game_load (NULL, 1, &tc, ARB_EDITION_2023, NULL));
}

static void
call_game_get_id (void)
{
  g_assert_cmpint (arb_game_get_id (NULL), ==, 0);
}

static void
call_result_entry_parse (void)
{
  ArbResultEntry entry;

  g_assert_false (arb_result_entry_parse (NULL, &entry, NULL));
}

static void
call_result_entry_store (void)
{
  g_assert_false (arb_result_entry_store (NULL, ARB_RESULT_DRAW, "Desk", NULL, NULL, NULL));
}

static void
call_standings_read (void)
{
  ArbScoring scoring;

  arb_scoring_init_default (&scoring);
  g_assert_null (arb_standings_read (NULL, 0, &scoring, NULL, 0, NULL));
}

static void
call_standings_compute (void)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new ();
  g_autoptr (GPtrArray) games = g_ptr_array_new ();

  g_assert_null (arb_standings_compute (players, games, 0, NULL, NULL, 0));
}

static void
call_cross_table_read (void)
{
  ArbScoring scoring;

  arb_scoring_init_default (&scoring);
  g_assert_null (arb_cross_table_read (NULL, 0, &scoring, NULL, 0, NULL));
}

static void
call_team_standings_compute (void)
{
  g_assert_null (arb_team_standings_compute (NULL, 0));
}

static gboolean
edit_nothing (JsonObject *settings, gpointer user_data, GError **error)
{
  return TRUE;
}

static void
call_event_settings_edit (void)
{
  g_assert_false (arb_event_settings_edit (NULL, edit_nothing, NULL, NULL));
}

/* A draw worth more than a win does not read back (win ≥ draw ≥ loss):
 * refused before the file is looked at, for a game's points and a
 * team's alike. */
static void
call_event_settings_set_scoring (void)
{
  ArbScoring scoring = { .win = 1, .draw = 2, .loss = 0 };

  g_assert_false (arb_event_settings_set_scoring (NULL, &scoring, NULL));
}

static void
call_event_settings_set_team_match_points (void)
{
  ArbTeamMatchPoints points = { .win = 2, .draw = 0, .loss = 1 };

  g_assert_false (arb_event_settings_set_team_match_points (NULL, &points, NULL));
}

static void
call_move_path_follow (void)
{
  ArbGameInfo info = { 0 };

  g_assert_null (arb_move_path_follow (NULL, &info, ARB_EDITION_2023, NULL));
}

static void
call_feed_state_new (void)
{
  g_assert_null (arb_feed_state_new (NULL, 0, 0, 0));
}

static const Case cases[] = {
  { "/chess/game-status/new-without-start", NULL, "start != NULL", call_status_new },
  { "/chess/game-status/push-without-status", NULL, "status != NULL", call_status_push },
  { "/chess/dead-memo/no-budget", NULL, "node_budget > 0", call_dead_memo_budget },
  { "/clock/time-control/parse-without-text", NULL, "text != NULL", call_time_control_parse },
  { "/clock/clock/new-without-control", NULL, "tc != NULL", call_clock_new },
  { "/clock/clock/press-without-clock", NULL, "ARB_IS_CLOCK", call_clock_press },
  { "/laws/laws/draw-claim-without-facts", NULL, "event != NULL", call_laws_draw_claim },
  { "/laws/ruling/kind-out-of-range", NULL, "value_in_enum", call_ruling_kind_name },
  { "/notation/pgn-reader/feed-without-reader", NULL, "r != NULL", call_pgn_reader_feed },
  { "/storage/tournament/event-without-file", NULL, "ARB_IS_TOURNAMENT",
    call_tournament_get_event },
  { "/round/game/load-without-file", "arb-game", "ARB_IS_TOURNAMENT", call_game_load },
  { "/round/game/id-without-game", "arb-game", "ARB_IS_GAME", call_game_get_id },
  { "/round/result-entry/parse-without-text", "arb-result-entry", "text != NULL",
    call_result_entry_parse },
  { "/round/result-entry/store-without-game", "arb-result-entry", "ARB_IS_GAME",
    call_result_entry_store },
  { "/round/move-path/follow-without-file", "arb-move-path", "ARB_IS_TOURNAMENT",
    call_move_path_follow },
  { "/round/standings/read-without-file", NULL, "ARB_IS_TOURNAMENT", call_standings_read },
  { "/round/standings/compute-without-scoring", NULL, "scoring != NULL", call_standings_compute },
  { "/round/standings/cross-table-without-file", NULL, "ARB_IS_TOURNAMENT", call_cross_table_read },
  { "/round/standings/teams-without-matches", NULL, "matches != NULL",
    call_team_standings_compute },
  { "/round/event-settings/edit-without-file", NULL, "ARB_IS_TOURNAMENT",
    call_event_settings_edit },
  { "/round/event-settings/scoring-not-ordered", NULL, "arb_scoring_parse",
    call_event_settings_set_scoring },
  { "/round/event-settings/team-points-not-ordered", NULL, "arb_scoring_parse",
    call_event_settings_set_team_match_points },
  { "/net/feed-state/new-without-round", "arb-net", "round != NULL", call_feed_state_new },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *pattern = g_strdup_printf ("*assertion*%s*failed*", c->condition);

  g_test_expect_message (c->domain, G_LOG_LEVEL_CRITICAL, pattern);
  c->call ();
  g_test_assert_expected_messages ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i], test_case);
  return g_test_run ();
}
