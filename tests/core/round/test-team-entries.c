/* test-team-entries.c: a team's bye and a forfeited match at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/league-4x4.trf: four clubs of four boards; round 1 played,
 * Oslo–Bergen 2½-1½ and Malmö–Aarhus 2-2; round 2 paired, Aarhus–Oslo
 * and Bergen–Malmö, no result yet. */

#include "config.h"

#include "arb-round-entries.h"
#include "arb-round-team-entries.h"
#include "arb-standings.h"
#include "arb-standings-teams.h"
#include "arb-test-utils.h"
#include "arb-tournament-rounds.h"
#include "arb-tournament-trf.h"

#define OSLO "Oslo Schakselskap"
#define BERGEN "Bergens Schakklub"
#define MALMO "Malmö Schacksällskap"
#define AARHUS "Aarhus Skakklub"

static ArbTournament *
league (void)
{
  ArbTournament *t = arb_test_new_tournament (NULL);

  arb_test_import_trf_fixture (t, "league-4x4.trf");
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
  arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_NONE, NULL, NULL, NULL, &error);
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

static ArbResult
result_on (ArbTournament *t, int round, int board)
{
  g_autoptr (GError) error = NULL;
  gint64 id = arb_tournament_find_game (t, round, board, &error);
  g_autoptr (ArbGameInfo) game = NULL;

  g_assert_no_error (error);
  game = arb_tournament_get_game (t, id, &error);
  g_assert_no_error (error);
  return game->result;
}

static double
points_of (ArbTournament *t, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring scoring;

  arb_scoring_init_default (&scoring); /* 1, ½, 0; a forfeit won 1 */
  rows = arb_standings_read (t, 2, &scoring, NULL, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (((ArbStandingsRow *) rows->pdata[i])->name, name) == 0)
      return ((ArbStandingsRow *) rows->pdata[i])->points;
  g_assert_not_reached ();
}

/* Round 2 of league-4x4.trf, worked by hand from its lines: Aarhus–Oslo
 * on boards 1-4, Aarhus White on 1 and 3 (Jensen 13 – Hansen 1, Berg 2 –
 * Nielsen 14, Møller 15 – Lie 3, Dahl 4 – Kjær 16); Bergen–Malmö on
 * boards 5-8. Oslo winning the forfeit, Oslo's player wins each board by
 * forfeit: -/+ on 1 and 3, +/- on 2 and 4. */
static const ArbResult oslo_wins[] = {
  ARB_RESULT_BLACK_FORFEIT_WIN,
  ARB_RESULT_WHITE_FORFEIT_WIN,
  ARB_RESULT_BLACK_FORFEIT_WIN,
  ARB_RESULT_WHITE_FORFEIT_WIN,
};

/* A forfeited match's boards read as forfeits; the team's game points
 * are the record's, not the record's and the boards' (Oslo: 2½ in round
 * 1, 4 in round 2); the players score the forfeit (Hansen 1 + 1, Lie 0 +
 * 1, Jensen ½ + 0). Taken back, the boards the forfeit set are open
 * again, and a board corrected since keeps its correction. */
static void
test_forfeit_marks_boards (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) round2 = NULL;
  gint64 id = 0, both = 0;

  g_assert_true (arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_AWAY, "Dora",
                                         "Aarhus did not come", &id, &error));
  g_assert_no_error (error);
  g_assert_true (arb_round_team_forfeit (t, 2, BERGEN, MALMO, ARB_TEAM_FORFEIT_NONE, "Dora", NULL,
                                         &both, &error));
  g_assert_no_error (error);
  for (int board = 1; board <= 4; board++)
    g_assert_cmpint (result_on (t, 2, board), ==, oslo_wins[board - 1]);
  for (int board = 5; board <= 8; board++)
    g_assert_cmpint (result_on (t, 2, board), ==, ARB_RESULT_DOUBLE_FORFEIT);
  round2 = arb_tournament_list_team_matches (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((ArbTeamMatchInfo *) round2->pdata[0])->away_points_x2, ==, 8);
  rows = arb_team_standings_read (t, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (row_of (rows, OSLO)->game_points, ==, 6.5);
  g_assert_cmpfloat (points_of (t, "Hansen, Magnus"), ==, 2);
  g_assert_cmpfloat (points_of (t, "Lie, Ingrid"), ==, 1);
  g_assert_cmpfloat (points_of (t, "Jensen, Søren"), ==, 0.5);

  /* Board 2 corrected after the forfeit: Berg and Nielsen did play. */
  g_assert_true (arb_tournament_set_result_by (t, arb_tournament_find_game (t, 2, 2, NULL),
                                               ARB_RESULT_DRAW, "Dora", &error));
  g_assert_no_error (error);
  g_assert_true (arb_round_cancel_team_entry (t, id, "Aarhus came late", "Dora", &error));
  g_assert_no_error (error);
  g_assert_cmpint (result_on (t, 2, 1), ==, ARB_RESULT_ONGOING);
  g_assert_cmpint (result_on (t, 2, 2), ==, ARB_RESULT_DRAW);
  g_assert_cmpint (result_on (t, 2, 3), ==, ARB_RESULT_ONGOING);
  g_assert_cmpint (result_on (t, 2, 4), ==, ARB_RESULT_ONGOING);
  g_assert_cmpint (result_on (t, 2, 5), ==, ARB_RESULT_DOUBLE_FORFEIT);
}

/* A board with a result of its own: the forfeit is refused, naming the
 * board, and nothing is stored. */
static void
test_forfeit_refused_over_result (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  g_autoptr (GPtrArray) entries = NULL;

  g_assert_true (arb_tournament_set_result_by (t, arb_tournament_find_game (t, 2, 3, NULL),
                                               ARB_RESULT_WHITE_WINS, "Dora", &error));
  g_assert_no_error (error);
  g_assert_false (
    arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_AWAY, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "board 3"));
  g_clear_error (&error);
  entries = arb_tournament_list_team_entries (t, 0, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
  g_assert_cmpint (result_on (t, 2, 1), ==, ARB_RESULT_ONGOING);
}

/* The same event imported again with a record 330 for its round 2, as
 * the pairing program writes it (Aarhus, team 4, White, and Oslo, team
 * 1; "-+": Black's team wins): recorded once, its boards forfeits; a
 * second import of that file records nothing new. */
static void
test_import_forfeit_of_stored_round (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  g_autofree char *file = g_strconcat (text, "330 -+ 002 004 001\n", NULL);

  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr (GPtrArray) entries = NULL;
      const ArbTeamEntryRecord *e;

      g_assert_true (arb_round_import_trf (t, file, strlen (file), 0, NULL, &error));
      g_assert_no_error (error);
      entries = arb_tournament_list_team_entries (t, 0, TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (entries->len, ==, 1);
      e = entries->pdata[0];
      g_assert_cmpint (e->kind, ==, ARB_TEAM_ENTRY_FORFEIT);
      g_assert_cmpstr (e->home_team, ==, AARHUS);
      g_assert_cmpint (e->winner, ==, ARB_TEAM_FORFEIT_AWAY);
      for (int board = 1; board <= 4; board++)
        g_assert_cmpint (result_on (t, 2, board), ==, oslo_wins[board - 1]);
      g_assert_cmpint (result_on (t, 2, 5), ==, ARB_RESULT_ONGOING);
    }
  /* Taken back at the desk, the file's 330 does not bring it back. */
  {
    g_autoptr (GPtrArray) entries = arb_tournament_list_team_entries (t, 0, FALSE, &error);

    g_assert_no_error (error);
    g_assert_true (arb_round_cancel_team_entry (t, ((ArbTeamEntryRecord *) entries->pdata[0])->id,
                                                "Aarhus came after all", NULL, &error));
    g_assert_no_error (error);
    g_assert_true (arb_round_import_trf (t, file, strlen (file), 0, NULL, &error));
    g_assert_no_error (error);
    g_clear_pointer (&entries, g_ptr_array_unref);
    entries = arb_tournament_list_team_entries (t, 0, TRUE, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (entries->len, ==, 2); /* the forfeit and its CANCEL */
    g_assert_cmpint (result_on (t, 2, 1), ==, ARB_RESULT_ONGOING);
  }
}

/* The export writes the forfeit's boards as + and -, and the record 330;
 * a second export is the same. */
static void
test_export_after_forfeit (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = league ();
  g_autofree char *out = NULL;
  g_autofree char *again = NULL;

  g_assert_true (
    arb_round_team_forfeit (t, 2, AARHUS, OSLO, ARB_TEAM_FORFEIT_AWAY, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  out = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  again = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (out, ==, again);
  g_assert_nonnull (strstr (out, "\n330 -+ 002 004 001"));
  /* Hansen (1) against Jensen (13) on board 1, Jensen White; Berg (2)
   * White against Nielsen (14). */
  g_assert_nonnull (strstr (out, "    13 b +"));
  g_assert_nonnull (strstr (out, "     1 w -"));
  g_assert_nonnull (strstr (out, "    14 w +"));
  g_assert_nonnull (strstr (out, "     2 b -"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/team-entries/refused", test_refused);
  g_test_add_func ("/round/team-entries/standings-follow-rule", test_standings_follow_rule);
  g_test_add_func ("/round/team-entries/forfeit-marks-boards", test_forfeit_marks_boards);
  g_test_add_func ("/round/team-entries/forfeit-refused-over-result",
                   test_forfeit_refused_over_result);
  g_test_add_func ("/round/team-entries/import-forfeit-of-stored-round",
                   test_import_forfeit_of_stored_round);
  g_test_add_func ("/round/team-entries/export-after-forfeit", test_export_after_forfeit);
  return g_test_run ();
}
