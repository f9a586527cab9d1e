/* test-ruling-apply.c: a confirmed ruling is stored with its effects in one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-demo.h"
#include "arb-feed-state.h"
#include "arb-game.h"
#include "arb-laws.h"
#include "arb-ruling-apply.h"
#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-live.h"
#include "arb-san.h"
#include "arb-tournament-teams.h"
#include "arb-tournament-voided.h"

typedef ArbTestDemo Fixture;

static ArbGame *
load (Fixture *f, ArbTournament *t, int board)
{
  return arb_test_load_board (t, board, &f->tc);
}

typedef struct
{
  gint64 audit, ruling, irregularity, clock_event, move;
} Counts;

static void
count (ArbTournament *t, Counts *c)
{
  c->audit = arb_tournament_count_audit (t, NULL);
  c->ruling = arb_tournament_count_rows (t, "ruling", NULL);
  c->irregularity = arb_tournament_count_rows (t, "irregularity", NULL);
  c->clock_event = arb_tournament_count_rows (t, "clock_event", NULL);
  c->move = arb_tournament_count_rows (t, "move", NULL);
}

/* Black's first illegal move on board 1, found at ply 36: the game goes
 * back to ply 35 with the times the file holds for ply 35, White + 2:00. */
static ArbRuling *
illegal_at_36 (void)
{
  ArbEventSettings event;
  ArbIllegalMoveFacts facts = { 0 };

  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  facts.by = ARB_BLACK;
  facts.kind = ARB_ILLEGAL_ORDINARY;
  facts.ply_before = 35;
  facts.last_identifiable_ply = 35;
  facts.previous_count = 0;
  return arb_laws_illegal_move (&event, &facts);
}

static void
test_all_in_one_transaction (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (ArbRuling) ruling = illegal_at_36 ();
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) moves = arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  gint64 w35 = g_array_index (moves, ArbStoredMove, 34).white_ms;
  gint64 b35 = g_array_index (moves, ArbStoredMove, 34).black_ms;
  Counts before, after;
  gint64 id = 0;

  guint n = arb_game_get_n_plies (game);
  gint64 black_now = arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK) / 1000;
  guint taken_back = 0;

  count (f->tournament, &before);
  plan = arb_ruling_plan_new (game, ruling);
  g_assert_cmpint (plan->restore_ply, ==, 35);
  g_assert_true (plan->set_clocks);
  /* 2023 7.1: White, the opponent, gets his time at ply 35 (and the two
   * minutes of 7.5.5). Black does not get back the time he used on the
   * moves taken back: his clock now, less the 30 s each of them earned
   * (40/5400+30; the board is before move 40, so no period's time). */
  for (guint ply = 36; ply <= n; ply++)
    if (ply % 2 == 0)
      taken_back++;
  g_assert_cmpuint (n, <, 80);
  g_assert_cmpuint (taken_back, >, 0);
  g_assert_true (plan->clocks_proposed);
  g_assert_cmpint (plan->white_ms, ==, w35 + 120000);
  g_assert_cmpint (plan->black_ms, ==, black_now - 30000 * (gint64) taken_back);
  g_assert_cmpint (plan->black_ms, <, b35);
  plan->irregularity_kind = g_strdup ("illegal-move");
  plan->irregularity_ply = 36;
  plan->irregularity_side = ARB_BLACK;
  plan->irregularity_move = g_strdup ("f8f6");
  g_assert_true (arb_ruling_plan_apply (plan, game, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  count (f->tournament, &after);

  /* One ruling, one irregularity, one clock event; three moves out. */
  g_assert_cmpint (after.ruling, ==, before.ruling + 1);
  g_assert_cmpint (after.irregularity, ==, before.irregularity + 1);
  g_assert_cmpint (after.clock_event, ==, before.clock_event + 1);
  g_assert_cmpint (after.move, ==, before.move - 3);
  /* Audit: irregularity, restore-position, clock, ruling. */
  g_assert_cmpint (after.audit, ==, before.audit + 4);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 35);
  g_assert_cmpuint (arb_game_get_illegal_moves (game, ARB_BLACK), ==, 1);

  /* The file's own check finds nothing wrong with what was written. */
  {
    g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

    g_assert_true (arb_tournament_check (f->tournament, problems, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < problems->len; i++)
      g_test_message ("problem: %s", (char *) g_ptr_array_index (problems, i));
    g_assert_cmpuint (problems->len, ==, 0);
  }
}

/* The moves a restoration takes back stay in the file: each with the
 * ruling that voided it and the times that were on the clocks after it,
 * read back from a fresh connection; and the times the arbiter set are the
 * restore event's. */
static void
test_voided_moves_kept (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (ArbRuling) ruling = illegal_at_36 ();
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) before =
    arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GArray) voided = NULL;
  g_autoptr (GArray) events = NULL;
  const ArbClockEventInfo *restore;
  gint64 id = 0;

  g_assert_cmpuint (before->len, ==, 38);
  plan = arb_ruling_plan_new (game, ruling);
  plan->white_ms = 4000000;
  plan->black_ms = 3000000;
  g_assert_true (arb_ruling_plan_apply (plan, game, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 35);

  again = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  voided = arb_tournament_list_voided_moves (again, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (voided->len, ==, 3);
  for (guint i = 0; i < voided->len; i++)
    {
      const ArbVoidedMove *v = &g_array_index (voided, ArbVoidedMove, i);
      const ArbStoredMove *m = &g_array_index (before, ArbStoredMove, 35 + i);

      g_assert_cmpint (v->ply, ==, 36 + (int) i);
      g_assert_cmpint (v->restored_ply, ==, 35);
      g_assert_cmpint (v->ruling_id, ==, id);
      g_assert_cmpstr (v->san, ==, m->san);
      g_assert_cmpstr (v->uci, ==, m->uci);
      g_assert_cmpint (v->white_ms, ==, m->white_ms);
      g_assert_cmpint (v->black_ms, ==, m->black_ms);
      g_assert_cmpint (v->white_ms, >, 0);
      g_assert_nonnull (v->voided_at);
    }

  events = arb_tournament_list_clock_events (again, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  restore = &g_array_index (events, ArbClockEventInfo, events->len - 1);
  g_assert_cmpint (restore->kind, ==, ARB_CLOCK_EVENT_RESTORE);
  g_assert_cmpint (restore->white_ms, ==, 4000000);
  g_assert_cmpint (restore->black_ms, ==, 3000000);
}

static char *
find_pgn_extract (void)
{
  const char *candidates[] = { "/usr/games/pgn-extract", "/usr/bin/pgn-extract" };
  char *program = g_find_program_in_path ("pgn-extract");

  for (guint i = 0; program == NULL && i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_EXECUTABLE))
      program = g_strdup (candidates[i]);
  return program;
}

/* Runs pgn-extract on @file with @flags; its standard output with every
 * run of white space made one space, and its complaints in @err. */
static char *
pgn_extract (const char *program, const char *flags, const char *file, char **err)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);
  g_auto (GStrv) words = g_strsplit (flags, " ", -1);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  int status = -1;

  g_ptr_array_add (argv, (char *) program);
  for (guint i = 0; words[i] != NULL; i++)
    g_ptr_array_add (argv, words[i]);
  g_ptr_array_add (argv, (char *) file);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);
}

/* The export of a game with a restoration, read by arbiter-cli validate
 * and by pgn-extract: no error; the main line is the game as restored (and
 * the move played after the restoration); the voided moves are a variation
 * of that move, with why. */
static void
test_voided_moves_pgn (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (ArbRuling) ruling = illegal_at_36 ();
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) before =
    arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  g_autoptr (GArray) after = NULL;
  g_autofree char *program = find_pgn_extract ();
  g_autofree char *file = g_build_filename (f->temp.dir, "restored.pgn", NULL);
  g_autofree char *pgn = NULL;
  g_autofree char *main_line = NULL;
  g_autofree char *with_variations = NULL;
  g_autofree char *err = NULL;
  g_autofree char *validate_out = NULL;
  g_autoptr (GString) expected_main = g_string_new (NULL);
  g_autoptr (GString) expected_variation = g_string_new (NULL);
  ArbMoveList legal;
  gint64 id = 0;
  int status = -1;

  if (program == NULL)
    {
      g_test_skip ("pgn-extract is not installed (apt-get install pgn-extract)");
      return;
    }
  plan = arb_ruling_plan_new (game, ruling);
  plan->white_ms = 4000000;
  plan->black_ms = 3000000;
  g_assert_true (arb_ruling_plan_apply (plan, game, &id, &error));
  g_assert_no_error (error);
  /* Before anything replaces them, the voided moves are named in the
   * comment after the last move kept; the file reads without error. */
  {
    g_autofree char *early =
      arb_tournament_export_pgn (f->tournament, 1, arb_game_get_id (game), &error);
    g_autofree char *named = g_strdup_printf (
      "[Voided illegal-move; restored 35; clocks set W 1:06:40 B 0:50:00] 18... %s 19. %s %s",
      g_array_index (before, ArbStoredMove, 35).san, g_array_index (before, ArbStoredMove, 36).san,
      g_array_index (before, ArbStoredMove, 37).san);
    g_autofree char *early_out = NULL;

    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (file, early, -1, &error));
    early_out = pgn_extract (program, "-s -V -N -w 100000", file, &err);
    g_test_message ("%s", early_out);
    g_assert_cmpstr (err, ==, "");
    g_assert_nonnull (strstr (early_out, named));
    g_clear_pointer (&err, g_free);
  }

  /* Black plays again at move 18, a move other than the voided one. */
  arb_position_legal_moves (arb_game_get_position (game, 35), &legal);
  g_assert_true (arb_game_play_move (
    game,
    legal.moves[0] != g_array_index (before, ArbStoredMove, 35).move ? legal.moves[0]
                                                                     : legal.moves[1],
    &error));
  g_assert_no_error (error);

  pgn = arb_tournament_export_pgn (f->tournament, 1, arb_game_get_id (game), &error);
  g_assert_no_error (error);
  g_test_message ("%s", pgn);
  g_assert_true (g_file_set_contents (file, pgn, -1, &error));
  g_assert_no_error (error);

  {
    const char *args[] = { "validate", file, NULL };

    validate_out = arb_test_run_cli (args, "", &status, NULL);
    if (validate_out == NULL)
      return;
    g_test_message ("validate: %s", validate_out);
    g_assert_cmpint (status, ==, 0);
  }

  /* The main line, read by pgn-extract without variations and comments,
   * is the game the file now holds, as a fresh read of it gives. */
  main_line = pgn_extract (program, "-s -V -C -N -w 100000", file, &err);
  g_test_message ("pgn-extract -s: %s\n%s", err, main_line);
  g_assert_cmpstr (err, ==, "");
  after = arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  g_assert_cmpuint (after->len, ==, 36);
  for (guint i = 0; i < after->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (after, ArbStoredMove, i);

      if (i % 2 == 0)
        g_string_append_printf (expected_main, "%u. ", i / 2 + 1);
      g_string_append_printf (expected_main, "%s ", m->san);
    }
  g_string_append (expected_main, "*");
  g_assert_nonnull (strstr (main_line, expected_main->str));

  /* With variations: the three voided moves, from move 18 for Black. */
  g_clear_pointer (&err, g_free);
  with_variations = pgn_extract (program, "-s -C -N -w 100000", file, &err);
  g_assert_cmpstr (err, ==, "");
  g_string_append_printf (
    expected_variation, "18... %s 19. %s %s", g_array_index (before, ArbStoredMove, 35).san,
    g_array_index (before, ArbStoredMove, 36).san, g_array_index (before, ArbStoredMove, 37).san);
  g_test_message ("pgn-extract: %s", with_variations);
  g_assert_nonnull (strstr (with_variations, expected_variation->str));
  /* /round.pgn publishes the game as restored, and nothing voided. */
  {
    g_autoptr (ArbFeedRound) round = arb_feed_round_read (f->tournament, 1, &error);
    g_autoptr (ArbFeedState) state = NULL;
    g_autoptr (GBytes) bytes = NULL;
    g_autofree char *published = NULL;

    g_assert_no_error (error);
    state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
    bytes = arb_feed_state_get_board_pgn (state, 1, FALSE, NULL);
    published = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_assert_nonnull (strstr (published, g_array_index (after, ArbStoredMove, 35).san));
    g_assert_null (strstr (published, "Voided"));
    g_assert_null (strstr (published, "("));
    g_assert_null (strstr (published, g_array_index (before, ArbStoredMove, 36).san));
  }

  /* Why, with the times the arbiter set (4000 s and 3000 s). */
  g_assert_nonnull (
    strstr (pgn, "[Voided illegal-move; restored 35; clocks set W 1:06:40 B 0:50:00]"));
}

/* A plan that fails half way (its move is not legal) stores nothing. */
static void
test_failure_stores_nothing (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (ArbRuling) ruling = illegal_at_36 ();
  g_autoptr (ArbRulingPlan) plan = arb_ruling_plan_new (game, ruling);
  g_autoptr (GError) error = NULL;
  Counts before, after;

  count (f->tournament, &before);
  plan->irregularity_kind = g_strdup ("illegal-move");
  plan->irregularity_ply = 36;
  plan->irregularity_side = ARB_BLACK;
  /* After the restore to ply 35 Black is to move: a White move is illegal. */
  plan->play_uci = g_strdup ("e1e2");
  g_assert_false (arb_ruling_plan_apply (plan, game, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE);
  count (f->tournament, &after);
  g_assert_cmpint (after.audit, ==, before.audit);
  g_assert_cmpint (after.ruling, ==, before.ruling);
  g_assert_cmpint (after.irregularity, ==, before.irregularity);
  g_assert_cmpint (after.clock_event, ==, before.clock_event);
  g_assert_cmpint (after.move, ==, before.move);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 38);
}

/* The game changed in the file after the arbiter opened the flow (another
 * window played a move): the ruling is refused, nothing is stored. */
static void
test_conflict (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (ArbRuling) ruling = illegal_at_36 ();
  g_autoptr (ArbRulingPlan) plan = arb_ruling_plan_new (game, ruling);
  g_autoptr (ArbTournament) other =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, NULL);
  g_autoptr (ArbGame) other_game = load (f, other, 1);
  g_autoptr (GError) error = NULL;
  const ArbPosition *pos = arb_game_get_position (other_game, 38);
  ArbMoveList legal;
  gint64 rulings = arb_tournament_count_rows (f->tournament, "ruling", NULL);

  arb_position_legal_moves (pos, &legal);
  g_assert_true (arb_game_play_move (other_game, legal.moves[0], NULL));
  g_assert_false (arb_ruling_plan_apply (plan, game, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "ruling", NULL), ==, rulings);
}

/* Board 10's flag event belongs to the position before the restore: once
 * the position goes back, a reloaded game no longer shows that flag, and
 * the clocks are the restored ones. */
static void
test_restore_supersedes_later_clock_events (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = load (f, f->tournament, 10);
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  g_autoptr (GArray) moves = arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  ArbEventSettings event;
  ArbIllegalMoveFacts facts = { 0 };
  guint n = arb_game_get_n_plies (game);

  g_assert_true (arb_game_has_flag_fallen (game, NULL));
  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  facts.by = arb_game_get_position (game, n - 2)->side_to_move;
  facts.ply_before = (int) n - 2;
  facts.last_identifiable_ply = (int) n - 2;
  ruling = arb_laws_illegal_move (&event, &facts);
  plan = arb_ruling_plan_new (game, ruling);
  g_assert_true (arb_ruling_plan_apply (plan, game, NULL, NULL));

  t2 = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, NULL);
  reloaded = load (f, t2, 10);
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, n - 2);
  g_assert_false (arb_game_has_flag_fallen (reloaded, NULL));
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   plan->white_ms);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   plan->black_ms);
  /* …and the opponent's is the time stored at that ply, plus the penalty;
   * the offender's no more than his (7.1: less the time used since). */
  {
    const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, n - 3);
    int opponent = !facts.by;
    gint64 stored[2] = { m->white_ms, m->black_ms };
    gint64 planned[2] = { plan->white_ms, plan->black_ms };

    g_assert_cmpint (planned[opponent], ==, stored[opponent] + 120000);
    g_assert_cmpint (planned[facts.by], <=, stored[facts.by]);
  }
}

/* A league's default time, set with its team rules, is the one the
 * late-arrival rulings use (2023 6.7.1: the competition rules say it). */
static void
test_team_rules_default_time (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  ArbEventSettings settings;
  ArbTeamRules rules;

  g_assert_true (arb_ruling_event_settings (f->tournament, &settings, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (settings.default_time_ms, ==, ARB_TIME_NOT_SET);

  g_assert_true (arb_tournament_get_team_rules (f->tournament, &rules, &error));
  rules.default_time_ms = 30 * 60 * 1000;
  g_assert_true (arb_tournament_set_team_rules (f->tournament, &rules, &error));
  g_assert_no_error (error);
  g_assert_true (arb_ruling_event_settings (f->tournament, &settings, NULL, &error));
  g_assert_cmpint (settings.default_time_ms, ==, 1800000);
  g_assert_cmpint (arb_event_settings_default_time (&settings), ==, 1800000);
}

static void
add_san (ArbTournament *t, gint64 game_id, int ply, const char *san)
{
  g_autoptr (GError) error = NULL;
  ArbPosition pos;
  ArbMove move;

  g_assert_true (arb_tournament_replay (t, game_id, &pos, NULL, &error));
  move = arb_san_parse (&pos, san, strlen (san), &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_move (t, game_id, ply, san, move, -1, -1, &error));
  g_assert_no_error (error);
}

/* A move a ruling makes on the board ends the game as any move does, in
 * the same transaction: 1.f3 e5 2.g4, Black claims a threefold
 * repetition with the written move Qh4, incorrectly (9.5.3): the move is
 * played, and it mates (5.1.1). Before, the game went on after the mate,
 * its result "*". */
static void
test_played_move_ends_game (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->temp.dir, "mate.arbiter", NULL);
  ArbEventInfo info = { .name = (char *) "Mate Open", .edition = 2023 };
  ArbPlayerInfo white = { .name = (char *) "White, A" };
  ArbPlayerInfo black = { .name = (char *) "Black, B" };
  ArbGameInfo g = { .round = 1, .board = 1, .rated = TRUE, .result = ARB_RESULT_ONGOING };
  g_autoptr (ArbTournament) t = arb_tournament_create (path, &info, &error);
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  ArbEventSettings event;
  ArbDrawClaimFacts facts = { 0 };
  gint64 id;

  g_assert_no_error (error);
  g.white_id = arb_tournament_add_player (t, &white, &error);
  g.black_id = arb_tournament_add_player (t, &black, &error);
  id = arb_tournament_add_game (t, &g, &error);
  g_assert_no_error (error);
  add_san (t, id, 1, "f3");
  add_san (t, id, 2, "e5");
  add_san (t, id, 3, "g4");
  game = arb_game_load (t, id, &f->tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);

  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  facts.by = ARB_BLACK;
  facts.kind = ARB_CLAIM_THREEFOLD;
  facts.written_move = "Qh4";
  facts.correct = FALSE;
  ruling = arb_laws_draw_claim (&event, &facts);
  g_assert_nonnull (arb_ruling_find_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE));
  plan = arb_ruling_plan_new (game, ruling);
  g_assert_true (arb_ruling_plan_apply (plan, game, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 4);
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_BLACK_WINS);
  stored = arb_tournament_get_game (t, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored->result, ==, ARB_RESULT_BLACK_WINS);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/round/ruling-apply/all-in-one-transaction", Fixture, NULL, arb_test_demo_setup,
              test_all_in_one_transaction, arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/failure-stores-nothing", Fixture, NULL, arb_test_demo_setup,
              test_failure_stores_nothing, arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/voided-moves-kept", Fixture, NULL, arb_test_demo_setup,
              test_voided_moves_kept, arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/voided-moves-pgn", Fixture, NULL, arb_test_demo_setup,
              test_voided_moves_pgn, arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/played-move-ends-game", Fixture, NULL, arb_test_demo_setup,
              test_played_move_ends_game, arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/conflict", Fixture, NULL, arb_test_demo_setup, test_conflict,
              arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/restore-supersedes-later-clock-events", Fixture, NULL,
              arb_test_demo_setup, test_restore_supersedes_later_clock_events,
              arb_test_demo_teardown);
  g_test_add ("/round/ruling-apply/team-rules-default-time", Fixture, NULL, arb_test_demo_setup,
              test_team_rules_default_time, arb_test_demo_teardown);
  return g_test_run ();
}
