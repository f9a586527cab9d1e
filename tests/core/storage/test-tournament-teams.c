/* test-tournament-teams.c: a club league's team matches through TRF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-rounds.h"
#include "arb-tournament-teams.h"
#include "arb-tournament-trf.h"

/* tests/data/league-4x4.trf, laid out by hand: four clubs of four boards
 * (TRF16 team records 013, Bergen's list starting with its second player
 * by starting rank), two rounds of two matches. Round 1 is played:
 *
 *   Oslo–Bergen: 1-6 1-0, 5-2 ½, 3-7 0-1, 8-4 0-1    Oslo 2½–1½
 *   Malmö–Aarhus: 9-13 ½, 14-10 1-0, 11-15 +/-, 16-12 ½    2–2
 *
 * round 2 is paired: Aarhus–Oslo (13-1, 2-14, 15-3, 4-16) on boards
 * 1-4 and Bergen–Malmö (6-9, 10-5, 7-11, 12-8) on boards 5-8, each home team white on boards 1
 * and 3; Oslo, listed before Aarhus, has black there. */

static ArbTournament *
import_league (void)
{
  ArbTournament *t = arb_test_new_tournament (NULL);

  arb_test_import_trf_fixture (t, "league-4x4.trf");
  return t;
}

static void
assert_match (const ArbTeamMatchInfo *m,
              const char *home,
              const char *away,
              int first_board,
              const char *colours,
              int n_finished,
              int home_x2,
              int away_x2)
{
  g_assert_cmpstr (m->home_team, ==, home);
  g_assert_cmpstr (m->away_team, ==, away);
  g_assert_cmpint (m->first_board, ==, first_board);
  g_assert_cmpint (m->last_board, ==, first_board + 3);
  g_assert_cmpint (m->n_boards, ==, 4);
  g_assert_cmpstr (m->home_colours, ==, colours);
  g_assert_cmpint (m->n_finished, ==, n_finished);
  g_assert_cmpint (m->home_points_x2, ==, home_x2);
  g_assert_cmpint (m->away_points_x2, ==, away_x2);
}

static void
test_import_matches (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = import_league ();
  g_autoptr (GPtrArray) r1 = arb_tournament_list_team_matches (t, 1, &error);
  g_autoptr (GPtrArray) r2 = arb_tournament_list_team_matches (t, 2, &error);
  g_autoptr (GPtrArray) games = arb_tournament_list_games (t, 2, &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);
  /* Round 2's boards, white's and black's starting ranks. */
  static const int pairs[8][2] = { { 13, 1 }, { 2, 14 }, { 15, 3 }, { 4, 16 },
                                   { 6, 9 },  { 10, 5 }, { 7, 11 }, { 12, 8 } };

  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 16);
  for (guint k = 0; k < players->len; k++)
    {
      const ArbPlayerInfo *p = players->pdata[k];
      if (p->start_no == 8)
        {
          g_assert_cmpstr (p->name, ==, "Moe, Kari");
          g_assert_cmpstr (p->title, ==, "WFM");
          g_assert_cmpint (p->rating, ==, 2050);
          g_assert_cmpstr (p->federation, ==, "NOR");
        }
    }
  g_assert_cmpuint (r1->len, ==, 2);
  assert_match (r1->pdata[0], "Oslo Schakselskap", "Bergens Schakklub", 1, "WBWB", 4, 5, 3);
  assert_match (r1->pdata[1], "Malmö Schacksällskap", "Aarhus Skakklub", 5, "WBWB", 4, 4, 4);
  /* Each board's game points, times two, from the games above: Oslo 1,
   * ½ (2 drew 5), 0 (3 lost to 7), 1 (4 beat 8); Malmö ½, 0 (10 lost to
   * 14), 1 (11's forfeit win), ½. */
  {
    static const int oslo[] = { 2, 1, 0, 2 }, bergen[] = { 0, 1, 2, 0 };
    static const int malmo[] = { 1, 0, 2, 1 }, aarhus[] = { 1, 2, 0, 1 };
    const ArbTeamMatchInfo *m0 = r1->pdata[0], *m1 = r1->pdata[1];

    for (int k = 0; k < 4; k++)
      {
        g_assert_cmpint (m0->home_board_x2[k], ==, oslo[k]);
        g_assert_cmpint (m0->away_board_x2[k], ==, bergen[k]);
        g_assert_cmpint (m1->home_board_x2[k], ==, malmo[k]);
        g_assert_cmpint (m1->away_board_x2[k], ==, aarhus[k]);
      }
  }

  /* The match of Aarhus and Oslo is Aarhus' at home: its colours are the
   * home colours, although Oslo is listed first. */
  g_assert_cmpuint (r2->len, ==, 2);
  assert_match (r2->pdata[0], "Aarhus Skakklub", "Oslo Schakselskap", 1, "WBWB", 0, 0, 0);
  assert_match (r2->pdata[1], "Bergens Schakklub", "Malmö Schacksällskap", 5, "WBWB", 0, 0, 0);

  /* Boards in the teams' order, each game naming its teams. */
  g_assert_cmpuint (games->len, ==, 8);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      int white = 0, black = 0;

      for (guint k = 0; k < players->len; k++)
        {
          const ArbPlayerInfo *p = players->pdata[k];
          if (p->id == g->white_id)
            white = p->start_no;
          if (p->id == g->black_id)
            black = p->start_no;
        }
      g_assert_cmpint (g->board, ==, (int) i + 1);
      g_assert_cmpint (white, ==, pairs[i][0]);
      g_assert_cmpint (black, ==, pairs[i][1]);
      g_assert_cmpint (g->team_match_id, ==, ((ArbTeamMatchInfo *) r2->pdata[i / 4])->id);
    }
  g_assert_cmpstr (((ArbGameInfo *) games->pdata[4])->tags, ==,
                   "{\"WhiteTeam\":\"Bergens Schakklub\",\"BlackTeam\":\"Malmö Schacksällskap\"}");
  g_assert_cmpstr (((ArbGameInfo *) games->pdata[0])->tags, ==,
                   "{\"WhiteTeam\":\"Aarhus Skakklub\",\"BlackTeam\":\"Oslo Schakselskap\"}");
}

/* The pairing program gets its teams back as it wrote them. */
static void
test_export_keeps_teams (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = import_league ();
  g_autofree char *out = arb_tournament_export_trf (t, &error);

  g_assert_no_error (error);
  g_assert_nonnull (strstr (out, "\n013 Oslo Schakselskap                  1    2    3    4\n"));
  g_assert_nonnull (strstr (out, "\n013 Bergens Schakklub                  6    5    7    8\n"));
  g_assert_nonnull (strstr (out, "\n013 Aarhus Skakklub                   13   14   15   16\n"));
}

static void
test_results_score_the_match (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = import_league ();
  g_autoptr (GPtrArray) games = arb_tournament_list_games (t, 2, &error);
  g_autoptr (GPtrArray) matches = NULL;
  /* Aarhus–Oslo: 1-0 (Aarhus), ½, 0-1 (Oslo, black on board 3),
   * -/+ on board 4 (Aarhus black wins by forfeit). */
  static const ArbResult results[4] = { ARB_RESULT_WHITE_WINS, ARB_RESULT_DRAW,
                                        ARB_RESULT_BLACK_WINS, ARB_RESULT_BLACK_FORFEIT_WIN };

  g_assert_no_error (error);
  for (int k = 0; k < 4; k++)
    {
      g_assert_true (arb_tournament_set_result_by (t, ((ArbGameInfo *) games->pdata[k])->id,
                                                   results[k], "Lindberg, Eva", &error));
      g_assert_no_error (error);
    }
  matches = arb_tournament_list_team_matches (t, 2, &error);
  g_assert_no_error (error);
  /* Aarhus: 1 + ½ + 0 + 1; Oslo: 0 + ½ + 1 + 0. */
  assert_match (matches->pdata[0], "Aarhus Skakklub", "Oslo Schakselskap", 1, "WBWB", 4, 5, 3);
  assert_match (matches->pdata[1], "Bergens Schakklub", "Malmö Schacksällskap", 5, "WBWB", 0, 0, 0);
}

static void
test_rules (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTeamRules rules, back;

  /* Nothing set: four boards, white on the odd ones, no default time. */
  g_assert_true (arb_tournament_get_team_rules (t, &rules, &error));
  g_assert_no_error (error);
  g_assert_cmpint (rules.boards, ==, 4);
  g_assert_cmpstr (rules.home_colours, ==, "WBWB");
  g_assert_cmpint (rules.default_time_ms, ==, -1);

  /* A league of eight boards, the home team black on board 1, an hour's
   * default time; kept in the event's settings, where the rulings read
   * the default time. */
  rules.boards = 8;
  g_strlcpy (rules.home_colours, "BWBWBWBW", sizeof rules.home_colours);
  rules.default_time_ms = 60 * 60 * 1000;
  g_assert_true (arb_tournament_set_team_rules (t, &rules, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_get_team_rules (t, &back, &error));
  g_assert_cmpint (back.boards, ==, 8);
  g_assert_cmpstr (back.home_colours, ==, "BWBWBWBW");
  g_assert_cmpint (back.default_time_ms, ==, 3600000);
  event = arb_tournament_get_event (t, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (event->settings, "\"default_time_ms\":3600000"));

  /* Bad rules change nothing. */
  rules.boards = 5;
  g_assert_false (arb_tournament_set_team_rules (t, &rules, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  rules.boards = 6;
  g_strlcpy (rules.home_colours, "WBWBWX", sizeof rules.home_colours);
  g_assert_false (arb_tournament_set_team_rules (t, &rules, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (arb_tournament_get_team_rules (t, &back, &error));
  g_assert_cmpint (back.boards, ==, 8);
  g_assert_cmpstr (back.home_colours, ==, "BWBWBWBW");

  /* The default time taken away again. */
  back.default_time_ms = -1;
  g_assert_true (arb_tournament_set_team_rules (t, &back, &error));
  g_assert_true (arb_tournament_get_team_rules (t, &rules, &error));
  g_assert_no_error (error);
  g_assert_cmpint (rules.default_time_ms, ==, -1);
}

/* Rules that give the home team black on board 1 make the other club of
 * each match the home team. */
static void
test_rules_choose_home (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) matches = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  ArbTeamRules rules;

  g_assert_true (arb_tournament_get_team_rules (t, &rules, &error));
  g_strlcpy (rules.home_colours, "BWBW", sizeof rules.home_colours);
  g_assert_true (arb_tournament_set_team_rules (t, &rules, &error));
  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  matches = arb_tournament_list_team_matches (t, 1, &error);
  g_assert_no_error (error);
  assert_match (matches->pdata[0], "Bergens Schakklub", "Oslo Schakselskap", 1, "BWBW", 4, 3, 5);
}

/* The same league as TRF26 writes it: its teams in records 310, with
 * their numbers. */
static void
test_trf26_team_records (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4-26.trf", &length);
  g_autoptr (GPtrArray) r1 = NULL;
  g_autoptr (GPtrArray) r2 = NULL;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  r1 = arb_tournament_list_team_matches (t, 1, &error);
  r2 = arb_tournament_list_team_matches (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r1->len, ==, 2);
  assert_match (r1->pdata[0], "Oslo Schakselskap", "Bergens Schakklub", 1, "WBWB", 4, 5, 3);
  assert_match (r1->pdata[1], "Malmö Schacksällskap", "Aarhus Skakklub", 5, "WBWB", 4, 4, 4);
  /* Each board's game points, times two, from the games above: Oslo 1,
   * ½ (2 drew 5), 0 (3 lost to 7), 1 (4 beat 8); Malmö ½, 0 (10 lost to
   * 14), 1 (11's forfeit win), ½. */
  {
    static const int oslo[] = { 2, 1, 0, 2 }, bergen[] = { 0, 1, 2, 0 };
    static const int malmo[] = { 1, 0, 2, 1 }, aarhus[] = { 1, 2, 0, 1 };
    const ArbTeamMatchInfo *m0 = r1->pdata[0], *m1 = r1->pdata[1];

    for (int k = 0; k < 4; k++)
      {
        g_assert_cmpint (m0->home_board_x2[k], ==, oslo[k]);
        g_assert_cmpint (m0->away_board_x2[k], ==, bergen[k]);
        g_assert_cmpint (m1->home_board_x2[k], ==, malmo[k]);
        g_assert_cmpint (m1->away_board_x2[k], ==, aarhus[k]);
      }
  }
  g_assert_cmpuint (r2->len, ==, 2);
  assert_match (r2->pdata[0], "Aarhus Skakklub", "Oslo Schakselskap", 1, "WBWB", 0, 0, 0);
  assert_match (r2->pdata[1], "Bergens Schakklub", "Malmö Schacksällskap", 5, "WBWB", 0, 0, 0);
}

/* The line of @text that starts with @head ends with @tail. */
static void
assert_line_ends (const char *text, const char *head, const char *tail)
{
  const char *line = strstr (text, head);
  g_autofree char *copy = NULL;

  g_assert_nonnull (line);
  copy = g_strndup (line + 1, strcspn (line + 1, "\r\n"));
  g_test_message ("%s", copy);
  g_assert_true (g_str_has_suffix (copy, tail));
}

static void
assert_forfeit_and_bye (ArbTournament *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) r2 = NULL;
  const ArbTeamMatchInfo *m;

  r2 = arb_tournament_list_team_matches (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r2->len, ==, 3);
  m = r2->pdata[0];
  g_assert_cmpstr (m->home_team, ==, "Aarhus Skakklub");
  g_assert_cmpstr (m->away_team, ==, "Oslo Schakselskap");
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_FORFEIT);
  g_assert_cmpint (m->forfeit, ==, ARB_TEAM_FORFEIT_AWAY);
  g_assert_cmpint (m->home_points_x2, ==, 0);
  g_assert_cmpint (m->away_points_x2, ==, 8);
  m = r2->pdata[1];
  g_assert_cmpstr (m->home_team, ==, "Bergens Schakklub");
  g_assert_null (m->away_team);
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_BYE);
  g_assert_cmpint (m->bye_match_points_x2, ==, 4);
  g_assert_cmpint (m->home_points_x2, ==, 8);
  g_assert_cmpint (m->bye_code, ==, 'U');
  m = r2->pdata[2];
  g_assert_cmpstr (m->home_team, ==, "Malmö Schacksällskap");
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_BYE);
  g_assert_cmpint (m->bye_code, ==, 'H');
  g_assert_cmpint (m->bye_match_points_x2, ==, 2);
  g_assert_cmpint (m->home_points_x2, ==, 4);
}

/* TRF-2026 records 330, 320 and 240 become the round's forfeit and bye:
 * league-4x4-26.trf with Aarhus (4, White) – Oslo (1) of round 2
 * forfeited, Black's team winning ("-+"), and Bergen (2) not paired in
 * round 2 (its players' and Malmö's columns of round 2 left out) but
 * given the pairing-allocated bye, 2 match points and 4 game points; and
 * Malmö (3) a half-point bye asked for (240 H): a drawn match, 1 match
 * point, and half the 4 boards, 2 game points. */
static void
test_trf26_forfeit_and_bye (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4-26.trf", &length);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GString) file = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      int start_no = g_str_has_prefix (lines[i], "001 ") ? atoi (lines[i] + 4) : 0;

      if (start_no >= 5 && start_no <= 12)
        g_string_append_len (file, lines[i], 100); /* up to round 1's column */
      else
        g_string_append (file, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (file, '\n');
    }
  g_string_append (file, "320 02.0 04.0 000 002\n330 -+ 002 004 001\n240 H 002 0003\n");
  g_assert_true (arb_tournament_import_trf (t, file->str, file->len, 0, &error));
  g_assert_no_error (error);
  assert_forfeit_and_bye (t);

  /* The export writes them back from the entries (a desk's would be
   * there too), and a new tournament reads the same from it. */
  {
    g_autoptr (ArbTournament) again = arb_test_new_tournament (NULL);
    g_autofree char *out = arb_tournament_export_trf (t, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (out, "\n330 -+ 002 004 001\n"));
    g_assert_nonnull (strstr (out, "\n320  2.0  4.0 000 002\n"));
    g_assert_nonnull (strstr (out, "\n240 H 002    3\n"));
    /* The forfeited match's boards are the forfeit (Oslo's players win):
     * Hansen (1) against Jensen (13) on board 1, Jensen White. */
    assert_line_ends (out, "\n001    1 ", "  13 b +");
    assert_line_ends (out, "\n001   13 ", "   1 w -");
    g_assert_true (arb_tournament_import_trf (again, out, strlen (out), 0, &error));
    g_assert_no_error (error);
    assert_forfeit_and_bye (again);
  }
}

/* An individual event has no matches. */
static void
test_individual (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("open-5-paired.trf", &length);
  g_autoptr (GPtrArray) matches = NULL;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  matches = arb_tournament_list_team_matches (t, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (matches->len, ==, 0);
}

/* What another connection reads as soon as a call returns: the record is
 * committed before the caller hears of it. */
#define OSLO "Oslo Schakselskap"
#define BERGEN "Bergens Schakklub"
#define MALMO "Malmö Schacksällskap"
#define AARHUS "Aarhus Skakklub"

static GPtrArray *
matches_from_disk (const char *path, int round)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) reader =
    arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  GPtrArray *matches;

  g_assert_no_error (error);
  matches = arb_tournament_list_team_matches (reader, round, &error);
  g_assert_no_error (error);
  return matches;
}

/* A team's bye and matches forfeited as a whole (schema 15) are kept,
 * read back as the round's matches, and taken back by a record that
 * supersedes them; nothing is deleted. Round 2 of league-4x4.trf pairs
 * Aarhus–Oslo (boards 1-4) and Bergen–Malmö (5-8). */
static void
test_byes_and_forfeits (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GPtrArray) round2 = NULL;
  g_autoptr (GPtrArray) round3 = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  ArbTeamEntryRecord forfeit = { .kind = ARB_TEAM_ENTRY_FORFEIT,
                                 .round = 2,
                                 .winner = ARB_TEAM_FORFEIT_AWAY,
                                 .home_points_x2 = 0,
                                 .away_points_x2 = 8,
                                 .arbiter = (char *) "Dora",
                                 .note = (char *) "Aarhus did not come" };
  ArbTeamEntryRecord bye = { .kind = ARB_TEAM_ENTRY_BYE,
                             .round = 3,
                             .team = (char *) BERGEN,
                             .code = 'U',
                             .match_points_x2 = 2,
                             .home_points_x2 = 4 };
  ArbTeamEntryRecord cancel = { .kind = ARB_TEAM_ENTRY_CANCEL,
                                .round = 3,
                                .note = (char *) "the bye was for Malmö" };
  gint64 forfeit_id = 0, bye_id = 0, double_id = 0;
  const ArbTeamMatchInfo *m;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_team_forfeit (t, &forfeit, AARHUS, OSLO, &forfeit_id, &error));
  g_assert_no_error (error);
  round2 = matches_from_disk (path, 2);
  g_assert_cmpuint (round2->len, ==, 2);
  m = round2->pdata[0];
  g_assert_cmpstr (m->home_team, ==, AARHUS);
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_FORFEIT);
  g_assert_cmpint (m->forfeit, ==, ARB_TEAM_FORFEIT_AWAY);
  g_assert_cmpint (m->entry_id, ==, forfeit_id);
  g_assert_cmpint (m->home_points_x2, ==, 0);
  g_assert_cmpint (m->away_points_x2, ==, 8);
  g_assert_cmpint (m->n_boards, ==, 4); /* its games stay */
  g_assert_cmpint (((ArbTeamMatchInfo *) round2->pdata[1])->kind, ==, ARB_TEAM_MATCH_PLAYED);

  /* Round 3 has no pairing yet: the double forfeit stores its match. */
  forfeit.round = 3;
  forfeit.winner = ARB_TEAM_FORFEIT_NONE;
  forfeit.away_points_x2 = 0;
  g_assert_true (arb_tournament_add_team_forfeit (t, &forfeit, OSLO, MALMO, &double_id, &error));
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_team_entry (t, &bye, &bye_id, &error));
  g_assert_no_error (error);
  round3 = matches_from_disk (path, 3);
  g_assert_cmpuint (round3->len, ==, 2);
  m = round3->pdata[0];
  g_assert_cmpstr (m->home_team, ==, OSLO);
  g_assert_cmpstr (m->away_team, ==, MALMO);
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_FORFEIT);
  g_assert_cmpint (m->forfeit, ==, ARB_TEAM_FORFEIT_NONE);
  g_assert_cmpint (m->n_boards, ==, 0);
  m = round3->pdata[1];
  g_assert_cmpstr (m->home_team, ==, BERGEN);
  g_assert_null (m->away_team);
  g_assert_cmpint (m->kind, ==, ARB_TEAM_MATCH_BYE);
  g_assert_cmpint (m->bye_match_points_x2, ==, 2);
  g_assert_cmpint (m->bye_code, ==, 'U');
  g_assert_cmpint (m->home_points_x2, ==, 4);
  g_clear_pointer (&round3, g_ptr_array_unref);

  cancel.supersedes = bye_id;
  g_assert_true (arb_tournament_add_team_entry (t, &cancel, NULL, &error));
  g_assert_no_error (error);
  round3 = matches_from_disk (path, 3);
  g_assert_cmpuint (round3->len, ==, 1);
  /* Taken back once only, and a forfeit names a match of its own round. */
  g_assert_false (arb_tournament_add_team_entry (t, &cancel, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  forfeit.team_match_id = ((ArbTeamMatchInfo *) round2->pdata[1])->id;
  g_assert_false (arb_tournament_add_team_entry (t, &forfeit, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME);
  g_clear_error (&error);

  entries = arb_tournament_list_team_entries (t, 0, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 4);
  g_assert_cmpint (((ArbTeamEntryRecord *) entries->pdata[0])->id, ==, forfeit_id);
  g_assert_cmpstr (((ArbTeamEntryRecord *) entries->pdata[0])->note, ==, "Aarhus did not come");
  g_assert_cmpstr (((ArbTeamEntryRecord *) entries->pdata[0])->away_team, ==, OSLO);
  g_assert_cmpint (((ArbTeamEntryRecord *) entries->pdata[2])->superseded_by, ==,
                   ((ArbTeamEntryRecord *) entries->pdata[3])->id);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = arb_tournament_list_team_entries (t, 3, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpint (((ArbTeamEntryRecord *) entries->pdata[0])->id, ==, double_id);
}

/* Who won a match forfeited as a whole, as table team_round_entry
 * stores it, written out by hand: lowercase only, and a key or value
 * that is none is NULL or FALSE without a warning. */
static void
test_forfeit_keys (void)
{
  static const struct
  {
    ArbTeamForfeit winner;
    const char *key;
  } keys[] = {
    { ARB_TEAM_FORFEIT_HOME, "home" },
    { ARB_TEAM_FORFEIT_AWAY, "away" },
    { ARB_TEAM_FORFEIT_NONE, "none" },
  };
  ArbTeamForfeit winner;

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpstr (arb_team_forfeit_to_key (keys[i].winner), ==, keys[i].key);
      winner = -1;
      g_assert_true (arb_team_forfeit_from_key (keys[i].key, &winner));
      g_assert_cmpint (winner, ==, keys[i].winner);
    }
  /* Every value from the first to the last has its key. */
  for (int w = ARB_TEAM_FORFEIT_HOME; w <= ARB_TEAM_FORFEIT_NONE; w++)
    {
      winner = -1;
      g_assert_true (arb_team_forfeit_from_key (arb_team_forfeit_to_key (w), &winner));
      g_assert_cmpint (winner, ==, w);
    }
  winner = ARB_TEAM_FORFEIT_AWAY;
  g_assert_false (arb_team_forfeit_from_key ("Home", &winner));
  g_assert_false (arb_team_forfeit_from_key ("+-", &winner));
  g_assert_false (arb_team_forfeit_from_key ("", &winner));
  g_assert_false (arb_team_forfeit_from_key (NULL, &winner));
  g_assert_cmpint (winner, ==, ARB_TEAM_FORFEIT_AWAY); /* untouched */
  g_assert_null (arb_team_forfeit_to_key (ARB_TEAM_FORFEIT_NONE + 1));
  g_assert_null (arb_team_forfeit_to_key (-1));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/tournament-teams/import-matches", test_import_matches);
  g_test_add_func ("/storage/tournament-teams/export-keeps-teams", test_export_keeps_teams);
  g_test_add_func ("/storage/tournament-teams/results-score-the-match",
                   test_results_score_the_match);
  g_test_add_func ("/storage/tournament-teams/rules", test_rules);
  g_test_add_func ("/storage/tournament-teams/rules-choose-home", test_rules_choose_home);
  g_test_add_func ("/storage/tournament-teams/trf26-team-records", test_trf26_team_records);
  g_test_add_func ("/storage/tournament-teams/individual", test_individual);
  g_test_add_func ("/storage/tournament-teams/byes-and-forfeits", test_byes_and_forfeits);
  g_test_add_func ("/storage/tournament-teams/forfeit-keys", test_forfeit_keys);
  g_test_add_func ("/storage/tournament-teams/trf26-forfeit-and-bye", test_trf26_forfeit_and_bye);
  return g_test_run ();
}
