/* test-team-entries.c: a team's bye and a forfeited match at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/league-4x4.trf: four clubs of four boards; round 1 played,
 * Oslo–Bergen 2½-1½ and Malmö–Aarhus 2-2; round 2 paired, Aarhus–Oslo
 * and Bergen–Malmö, no result yet. */

#include "config.h"

#include "arb-round-team-entries.h"
#include "arb-standings-teams.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

#define OSLO "Oslo Schakselskap"
#define BERGEN "Bergens Schakklub"
#define MALMO "Malmö Schacksällskap"
#define AARHUS "Aarhus Skakklub"

static ArbTournament *
league (void)
{
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  ArbTournament *t = arb_test_new_tournament (NULL);

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  return t;
}

static const ArbTeamStandingsRow *
row_of (GPtrArray *rows, const char *team)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (((ArbTeamStandingsRow *) rows->pdata[i])->team, team) == 0)
      return rows->pdata[i];
  g_assert_not_reached ();
}

/* What the desk may not record, and the forfeit named in the other
 * order than the match was paired. */
static void
test_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  g_autoptr (GPtrArray) round2 = NULL;
  const ArbTeamMatchInfo *m;
  gint64 id = 0;

  g_assert_false (arb_round_team_bye (t, 2, OSLO, 'U', 4, 8, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_false (arb_round_team_bye (t, 3, OSLO, 'U', 4, 9, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* Paired Aarhus–Oslo: Oslo, named first here, is the away team. */
  g_assert_true (arb_round_team_forfeit (t, 2, OSLO, AARHUS, ARB_TEAM_FORFEIT_HOME, "Dora",
                                         "Aarhus did not come", &id, &error));
  g_assert_no_error (error);
  round2 = arb_tournament_list_team_matches (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round2->len, ==, 2);
  m = round2->pdata[0];
  g_assert_cmpstr (m->home_team, ==, AARHUS);
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_FORFEIT);
  g_assert_cmpint (m->forfeit, ==, ARB_TEAM_FORFEIT_AWAY);
  g_assert_cmpint (m->home_points_x2, ==, 0);
  g_assert_cmpint (m->away_points_x2, ==, 8); /* a win on each of 4 boards */
  g_assert_false (
    arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_NONE, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  /* Oslo plays Aarhus in round 2: no match with Malmö too. */
  g_assert_false (
    arb_round_team_forfeit (t, 2, OSLO, MALMO, ARB_TEAM_FORFEIT_HOME, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_false (arb_round_cancel_team_entry (t, id, " ", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (arb_round_cancel_team_entry (t, id, "Aarhus came late", "Dora", &error));
  g_assert_no_error (error);
  g_assert_false (arb_round_cancel_team_entry (t, id, "again", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* Taken back, the match may be forfeited again. */
  g_assert_true (
    arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_NONE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* The standings read from the file count the records, under the rule the
 * event chose, worked by hand from C.07 (2026) Articles 16.1-16.4:
 *   R1: Oslo–Bergen 2½-1½ (Oslo 2 match points), Malmö–Aarhus 2-2 (1 each)
 *   R2: Aarhus–Oslo forfeited by Aarhus (Oslo 2, game points 4-0);
 *       Bergen–Malmö forfeited by both (0 each, 0-0)
 * Match and game points: Oslo 4, 6½; Bergen 0, 1½; Malmö 1, 2; Aarhus 1, 2.
 * A forfeit lost is a VUR but counts as awarded for the opponents
 * (16.3.1): nobody's points are adjusted. Each team's round 2 is a round
 * against the dummy with its own match points:
 *   C.07 of 2024, uncapped: BH Oslo Bergen 0 + 4 = 4, Bergen Oslo 4 + 0 =
 *   4, Malmö Aarhus 1 + 1 = 2, Aarhus Malmö 1 + 1 = 2;
 *   C.07 of 2026, capped at the scheduled opponent's (16.4.1): Oslo 0 +
 *   min (4, Aarhus 1) = 1, Bergen 4 + min (0, Malmö 1) = 4, Malmö 1 +
 *   min (1, Bergen 0) = 1, Aarhus 1 + min (1, Oslo 4) = 2.
 * Before the forfeits round 2 is in play and counts nothing: Oslo 2. */
static void
test_standings_follow_rule (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  g_autoptr (GPtrArray) rows = NULL;
  static const struct
  {
    const char *team;
    double mp, gp, bh_2024, bh_2026;
  } expected[] = {
    { OSLO, 4, 6.5, 4, 1 },
    { BERGEN, 0, 1.5, 4, 4 },
    { MALMO, 1, 2, 2, 1 },
    { AARHUS, 1, 2, 2, 2 },
  };

  rows = arb_team_standings_read (t, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (row_of (rows, OSLO)->match_points, ==, 2);
  g_clear_pointer (&rows, g_ptr_array_unref);
  g_assert_true (
    arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_AWAY, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (
    arb_round_team_forfeit (t, 2, BERGEN, MALMO, ARB_TEAM_FORFEIT_NONE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          g_assert_true (arb_standings_set_unplayed_rule (t, ARB_UNPLAYED_C07_2026, &error));
          g_assert_no_error (error);
        }
      rows = arb_team_standings_read (t, 0, &error);
      g_assert_no_error (error);
      for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
        {
          const ArbTeamStandingsRow *r = row_of (rows, expected[i].team);

          g_test_message ("%s, pass %d", expected[i].team, pass);
          g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
          g_assert_cmpfloat (r->game_points, ==, expected[i].gp);
          g_assert_cmpfloat (r->buchholz, ==,
                             pass == 0 ? expected[i].bh_2024 : expected[i].bh_2026);
        }
      g_clear_pointer (&rows, g_ptr_array_unref);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/team-entries/refused", test_refused);
  g_test_add_func ("/round/team-entries/standings-follow-rule", test_standings_follow_rule);
  return g_test_run ();
}
