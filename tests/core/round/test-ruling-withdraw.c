/* test-ruling-withdraw.c: a confirmed ruling withdrawn, its effects reversed (suite core)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The issue "Decisions the arbiter means": a confirmed ruling could not be
 * withdrawn. Withdrawn through the round layer (arb_ruling_withdraw), the
 * time a 2023 12.9.2 penalty gave goes back, a result a 12.9.6 penalty
 * gave goes back to the game going on, and the original ruling stays in
 * the file beside the record that supersedes it. What is stored is read
 * back on a read-only connection of its own.
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "arb-clock.h"
#include "arb-demo.h"
#include "arb-game.h"
#include "arb-laws.h"
#include "arb-ruling-apply.h"
#include "arb-ruling-withdraw.h"
#include "arb-test-utils.h"
#include "arb-tournament.h"

typedef ArbTestDemo Fixture;

static ArbGame *
load (Fixture *f, ArbTournament *t, int board)
{
  return arb_test_load_board (t, board, &f->tc);
}

/* A 2023 penalty (12.9) on White, confirmed through the round layer. */
static gint64
penalize (ArbGame *game, ArbPenalty penalty, gint64 ms)
{
  g_autoptr (GError) error = NULL;
  ArbEventSettings event;
  ArbPenaltyFacts facts = { 0 };
  g_autoptr (ArbRuling) ruling = NULL;
  ArbRulingPlan *plan;
  gint64 id = 0;

  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  facts.penalty = penalty;
  facts.by = ARB_WHITE;
  facts.ms = ms;
  facts.current = arb_game_get_result (game);
  /* 12.9.6: the opponent's score is the arbiter's; here a win. */
  facts.opponent_half_points = 2;
  facts.opponent_scored = TRUE;
  facts.text = "distracted the opponent";
  ruling = arb_laws_penalty (&event, &facts);
  g_assert_nonnull (ruling);
  plan = arb_ruling_plan_new (game, ruling);
  g_assert_true (arb_ruling_plan_apply (plan, game, &id, &error));
  g_assert_no_error (error);
  arb_ruling_plan_free (plan);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* The rulings of board @board as stored, on a connection of its own. */
static GPtrArray *
stored_rulings (Fixture *f, int board, ArbResult *result)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  gint64 id;
  GPtrArray *rulings;
  g_autoptr (ArbGameInfo) info = NULL;

  g_assert_no_error (error);
  id = arb_tournament_find_game (t, 1, board, &error);
  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (t, id, &error);
  g_assert_no_error (error);
  info = arb_tournament_get_game (t, id, &error);
  g_assert_no_error (error);
  *result = info->result;
  return rulings;
}

static gint64
remaining_ms (ArbGame *game, ArbColor side)
{
  return arb_clock_get_remaining_us (arb_game_get_clock (game), side) / 1000;
}

/* 2023 12.9.2: two minutes added to Black's clock; withdrawn, they go. */
static void
test_time_penalty_reversed (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (GPtrArray) rulings = NULL;
  gint64 white = remaining_ms (game, ARB_WHITE);
  gint64 black = remaining_ms (game, ARB_BLACK);
  gint64 id, withdrawal = 0;
  ArbResult result;
  const ArbRulingRecord *first, *second;

  id = penalize (game, ARB_PENALTY_ADD_OPPONENT_TIME, 2 * 60 * 1000);
  g_assert_cmpint (remaining_ms (game, ARB_BLACK), ==, black + 2 * 60 * 1000);

  /* A reason and the arbiter's name are required. */
  g_assert_false (arb_ruling_withdraw (game, id, "  ", "Anna Berg", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (arb_ruling_withdraw (game, id, "wrong board", "", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (arb_ruling_withdraw (game, id, "wrong board", "Anna Berg", &withdrawal, &error));
  g_assert_no_error (error);
  g_assert_cmpint (remaining_ms (game, ARB_BLACK), ==, black);
  g_assert_cmpint (remaining_ms (game, ARB_WHITE), ==, white);

  /* Both records are in the file: the original as it was, marked by the
   * record that supersedes it. */
  rulings = stored_rulings (f, 1, &result);
  g_assert_cmpuint (rulings->len, ==, 2);
  first = g_ptr_array_index (rulings, 0);
  second = g_ptr_array_index (rulings, 1);
  g_assert_cmpint (first->id, ==, id);
  g_assert_cmpstr (first->kind, ==, "penalty");
  g_assert_cmpint (first->superseded_by, ==, withdrawal);
  g_assert_cmpint (second->id, ==, withdrawal);
  g_assert_cmpstr (second->kind, ==, ARB_RULING_KIND_WITHDRAWAL);
  g_assert_cmpint (second->supersedes, ==, id);
  g_assert_cmpstr (second->note, ==, "wrong board");

  /* A ruling is withdrawn once. */
  g_assert_false (arb_ruling_withdraw (game, id, "again", "Anna Berg", NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* Read again from the file, the clocks still have the times before. */
  {
    g_autoptr (ArbGame) again = load (f, f->tournament, 1);

    g_assert_cmpint (remaining_ms (again, ARB_BLACK), ==, black);
  }
}

/* 2023 12.9.6: White's game declared lost (0-1); withdrawn, the game goes
 * on, and the ruling stays in the file. */
static void
test_result_reversed (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = load (f, f->tournament, 1);
  g_autoptr (GPtrArray) rulings = NULL;
  gint64 id, withdrawal = 0;
  ArbResult result;

  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_ONGOING);
  id = penalize (game, ARB_PENALTY_DECLARE_LOST, 0);
  g_assert_cmpint (arb_game_get_result (game), !=, ARB_RESULT_ONGOING);
  g_assert_true (arb_game_is_finished (game));

  g_assert_true (arb_ruling_withdraw (game, id, "the player was not the offender", "Ola Dahl",
                                      &withdrawal, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_game_get_result (game), ==, ARB_RESULT_ONGOING);
  g_assert_false (arb_game_is_finished (game));

  rulings = stored_rulings (f, 1, &result);
  g_assert_cmpint (result, ==, ARB_RESULT_ONGOING);
  g_assert_cmpuint (rulings->len, ==, 2);
  g_assert_cmpint (((ArbRulingRecord *) g_ptr_array_index (rulings, 0))->superseded_by, ==,
                   withdrawal);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add ("/round/ruling-withdraw/time-penalty-reversed", Fixture, NULL, arb_test_demo_setup,
              test_time_penalty_reversed, arb_test_demo_teardown);
  g_test_add ("/round/ruling-withdraw/result-reversed", Fixture, NULL, arb_test_demo_setup,
              test_result_reversed, arb_test_demo_teardown);
  return g_test_run ();
}
