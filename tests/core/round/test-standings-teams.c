/* test-standings-teams.c: team standings, worked by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Four teams of four boards, a round robin. Match points 2-1-0 (the
 * file's choice, src/core/round/arb-standings-teams.c), then game points,
 * direct encounter and Buchholz by match points (FIDE Tie-Break
 * Regulations, C.07 Articles 6 and 8.1):
 *   R1: A–B 3-1, C–D 3½-½
 *   R2: A–C 1½-2½, B–D 2-2
 *   R3: A–D 2½-1½, B–C 3-1
 *   R4: A–B in play, three boards of four decided (counts nothing)
 * Match points: A 2+0+2 = 4, B 0+1+2 = 3, C 2+2+0 = 4, D 0+1+0 = 1.
 * Game points: A 3+1½+2½ = 7, B 1+2+3 = 6, C 3½+2½+1 = 7,
 * D ½+2+1½ = 4.
 * A and C are tied on both; they met: C won, so DE C 2, A 0.
 * Buchholz: A B 3 + C 4 + D 1 = 8, C D 1 + A 4 + B 3 = 8 (alike, a round
 * robin), B A 4 + D 1 + C 4 = 9, D C 4 + B 3 + A 4 = 11.
 * Sonneborn-Berger (9.1 on match points: each opponent's match points
 * times the match points scored against it): A B 3×2 + C 4×0 + D 1×2 =
 * 8, B A 4×0 + D 1×1 + C 4×2 = 9, C D 1×2 + A 4×2 + B 3×0 = 10, D C 4×0
 * + B 3×1 + A 4×0 = 3. No round is unplayed (round 4 is in play), so
 * C.07 Article 16 adjusts nothing.
 * Order: C, A, B, D. */

#include "config.h"

#include <string.h>

#include "arb-standings-teams.h"
#include "arb-test-utils.h"

/* A match of ROUND that AWAY forfeited as a whole to HOME, no game
 * played, the game points the record gives. */
static void
add_forfeit (GPtrArray *m, int round, const char *home, const char *away, int home_x2, int away_x2)
{
  ArbTeamMatchInfo *info;

  arb_test_add_team_match (m, round, home, away, home_x2, away_x2, 0);
  info = m->pdata[m->len - 1];
  info->kind = ARB_TEAM_MATCH_FORFEIT;
  info->forfeit = ARB_TEAM_FORFEIT_HOME;
  info->n_boards = 0;
}

/* TEAM's bye of ROUND: its code, match points and game points, doubled. */
static void
add_bye (GPtrArray *m, int round, const char *team, char code, int mp_x2, int gp_x2)
{
  ArbTeamMatchInfo *info;

  arb_test_add_team_match (m, round, team, NULL, gp_x2, 0, 0);
  info = m->pdata[m->len - 1];
  info->kind = ARB_TEAM_MATCH_BYE;
  info->bye_code = code;
  info->bye_match_points_x2 = mp_x2;
}

static GPtrArray *
league (void)
{
  GPtrArray *m = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 7, 1, 4);
  arb_test_add_team_match (m, 2, "A", "C", 3, 5, 4);
  arb_test_add_team_match (m, 2, "B", "D", 4, 4, 4);
  arb_test_add_team_match (m, 3, "A", "D", 5, 3, 4);
  arb_test_add_team_match (m, 3, "B", "C", 6, 2, 4);
  arb_test_add_team_match (m, 4, "A", "B", 0, 6, 3);
  return m;
}

static void
test_order (void)
{
  static const struct
  {
    const char *team;
    double mp, gp, de, bh, sb;
  } expected[] = {
    { "C", 4, 7, 2, 8, 10 },
    { "A", 4, 7, 0, 8, 8 },
    { "B", 3, 6, 0, 9, 9 },
    { "D", 1, 4, 0, 11, 3 },
  };
  g_autoptr (GPtrArray) matches = league ();
  g_autoptr (GPtrArray) rows = arb_team_standings_compute (matches, 0);

  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpint (r->rank, ==, (int) i + 1);
      g_assert_cmpint (r->place_first, ==, (int) i + 1);
      g_assert_cmpint (r->place_last, ==, (int) i + 1);
      g_assert_cmpint (r->matches, ==, 3);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
      g_assert_cmpfloat (r->game_points, ==, expected[i].gp);
      g_assert_cmpfloat (r->direct_encounter, ==, expected[i].de);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      g_assert_cmpfloat (r->sonneborn_berger, ==, expected[i].sb);
    }
}

/* The league above with 3 match points for a win, 1 for a draw, 0 for a
 * loss (TRF-2026 record 362; C.07 2026, 11.1), by hand:
 * Match points: A 3+0+3 = 6, B 0+1+3 = 4, C 3+3+0 = 6, D 0+1+0 = 1;
 * game points as before (A 7, B 6, C 7, D 4). A and C tied: C beat A,
 * DE C 3 (a win's match points), A 0.
 * Buchholz: A B 4 + C 6 + D 1 = 11, B A 6 + D 1 + C 6 = 13, C D 1 + A 6
 * + B 4 = 11, D C 6 + B 4 + A 6 = 16.
 * Sonneborn-Berger: A B 4×3 + C 6×0 + D 1×3 = 15, B A 6×0 + D 1×1 + C
 * 6×3 = 19, C D 1×3 + A 6×3 + B 4×0 = 21, D C 6×0 + B 4×1 + A 6×0 = 4.
 * EMGSB (13.2.2, opponent's MP × GP scored): A 4×3 + 6×1½ + 1×2½ =
 * 23½.
 * SSSC (13.4): the factor is the most match points of the event, 3 × 3
 * rounds = 9, over the 4 game points of a match, 2¼, rounded toward
 * zero: 2 (under 2-1-0 it is 6 / 4 → 1). GP + BH / 2: A 7 + 5½ = 12½,
 * B 6 + 6½ = 12½, C 7 + 5½ = 12½, D 4 + 8 = 12. Order C, A, B, D. */
static void
test_three_one_zero (void)
{
  static const struct
  {
    const char *team;
    double mp, gp, de, bh, sb, sssc;
  } expected[] = {
    { "C", 6, 7, 3, 11, 21, 12.5 },
    { "A", 6, 7, 0, 11, 15, 12.5 },
    { "B", 4, 6, 0, 13, 19, 12.5 },
    { "D", 1, 4, 0, 16, 4, 12 },
  };
  g_autoptr (GPtrArray) matches = league ();
  g_autoptr (GPtrArray) rows = NULL;
  ArbTeamMatchPoints points;
  ArbTeamOrder order;

  g_assert_true (arb_team_match_points_parse ("3-1-0", &points));
  arb_team_order_init_default (&order);
  rows =
    arb_team_standings_compute_scored (matches, 0, &order, ARB_UNPLAYED_C07_2026, FALSE, &points);
  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
      g_assert_cmpfloat (r->game_points, ==, expected[i].gp);
      g_assert_cmpfloat (r->direct_encounter, ==, expected[i].de);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      g_assert_cmpfloat (r->sonneborn_berger, ==, expected[i].sb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_EMMSB], ==, expected[i].sb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_SSSC], ==, expected[i].sssc);
    }
  g_assert_cmpfloat (((ArbTeamStandingsRow *) rows->pdata[1])->values[ARB_TEAM_TB_EMGSB], ==, 23.5);
}

/* A match forfeited as a whole and a bye without match points of its
 * own under 3-1-0, by hand. R1: A beat B 3-1, C forfeited to D (the
 * record gives D 4 game points); R2: A–D 2-2, B beat C 3-1, E had a bye
 * that records no match points (counted a match won: 3) and 0 game
 * points. Match points: A 3+1 = 4, B 0+3 = 3, C 0+0 = 0, D 3 (the
 * forfeit won) + 1 = 4, E 3 (under 2-1-0 D and E would have 3 and 2). */
static void
test_three_one_zero_unplayed (void)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  ArbTeamMatchPoints points = { 3, 1, 0 };
  ArbTeamOrder order;
  static const struct
  {
    const char *team;
    double mp;
  } expected[] = { { "D", 4 }, { "A", 4 }, { "B", 3 }, { "E", 3 }, { "C", 0 } };

  arb_test_add_team_match (matches, 1, "A", "B", 6, 2, 4);
  add_forfeit (matches, 1, "D", "C", 8, 0);
  arb_test_add_team_match (matches, 2, "A", "D", 4, 4, 4);
  arb_test_add_team_match (matches, 2, "B", "C", 6, 2, 4);
  arb_test_add_team_match (matches, 2, "E", NULL, 0, 0, 0);
  arb_team_order_init_default (&order);
  rows =
    arb_team_standings_compute_scored (matches, 0, &order, ARB_UNPLAYED_C07_2026, FALSE, &points);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
    }
}

static const ArbTeamStandingsRow *
row_of (GPtrArray *rows, const char *team)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (((ArbTeamStandingsRow *) rows->pdata[i])->team, team) == 0)
      return rows->pdata[i];
  g_assert_not_reached ();
}

/* The order's items with a score or a cut (C.07 2026, 13 and 14), on
 * the league above (2-1-0), by hand from its comment:
 *  - BH:GP, the opponents' game points: A B 6 + C 7 + D 4 = 17, B 7 + 4
 *    + 7 = 18, C 4 + 7 + 6 = 17, D 7 + 6 + 7 = 20;
 *  - SB:GP, the opponent's game points times those scored against it
 *    (EGGSB, 13.2.4): A 6×3 + 7×1½ + 4×2½ = 38½, C 4×3½ + 7×2½ + 6×1 =
 *    37½;
 *  - BH/C1 (14.1): the lowest opponent's match points cut: A 3 + 4 + 1
 *    less 1 = 7, D 4 + 3 + 4 less 3 = 8;
 *  - SB/C1 (14.1.1): the product against the opponent lowest on match
 *    points cut: A B 3×2 + C 4×0 + D 1×2, D's 2 cut: 6.
 * Ranked by match points then SB:GP: A (38½) before C (37½), where
 * direct encounter put C first. */
static void
test_item_options (void)
{
  g_autoptr (GPtrArray) matches = league ();
  g_autoptr (GPtrArray) rows = NULL;
  ArbTeamOrder order;
  static const char *const items[] = { "sb:gp", "bh:gp", "bh-c1", "sb-c1" };

  arb_team_order_init_default (&order);
  order.n_order = G_N_ELEMENTS (items);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    g_assert_true (
      arb_team_order_item_from_text (items[i], &order.order[i], &order.options[i], NULL));
  rows = arb_team_standings_compute_ordered (matches, 0, &order);
  g_assert_cmpstr (((ArbTeamStandingsRow *) rows->pdata[0])->team, ==, "A");
  g_assert_cmpstr (((ArbTeamStandingsRow *) rows->pdata[1])->team, ==, "C");
  g_assert_cmpfloat (row_of (rows, "A")->item_values[0], ==, 38.5);
  g_assert_cmpfloat (row_of (rows, "C")->item_values[0], ==, 37.5);
  g_assert_cmpfloat (row_of (rows, "A")->item_values[1], ==, 17);
  g_assert_cmpfloat (row_of (rows, "B")->item_values[1], ==, 18);
  g_assert_cmpfloat (row_of (rows, "C")->item_values[1], ==, 17);
  g_assert_cmpfloat (row_of (rows, "D")->item_values[1], ==, 20);
  g_assert_cmpfloat (row_of (rows, "A")->item_values[2], ==, 7);
  g_assert_cmpfloat (row_of (rows, "D")->item_values[2], ==, 8);
  g_assert_cmpfloat (row_of (rows, "A")->item_values[3], ==, 6);
}

/* The event's match points written as a game's scoring is ("3-1-0"),
 * halves with a point, and read back. */
static void
test_match_points_text (void)
{
  ArbTeamMatchPoints points = { 3, 1, 0 }, read;
  g_autofree char *plain = arb_team_match_points_to_text (&points);
  g_autofree char *halves = NULL;

  g_assert_cmpstr (plain, ==, "3-1-0");
  points = (ArbTeamMatchPoints){ 2.5, 1.5, 0.5 };
  halves = arb_team_match_points_to_text (&points);
  g_assert_cmpstr (halves, ==, "2.5-1.5-0.5");
  g_assert_true (arb_team_match_points_parse (halves, &read));
  g_assert_cmpfloat (read.win, ==, 2.5);
  g_assert_cmpfloat (read.draw, ==, 1.5);
  g_assert_cmpfloat (read.loss, ==, 0.5);
}

/* A cut the order does not take is refused with a message that names
 * both ways of writing one: the settings' dash ("bh-c1") and the TRF
 * codes' slash ("BH/C1"), since both are read. */
static void
test_item_bad_cut (void)
{
  g_autoptr (GError) error = NULL;
  ArbTeamOrderKey key;
  ArbTeamOrderOption option;

  g_assert_true (arb_team_order_item_from_text ("BH:GP/C1", &key, &option, NULL));
  g_assert_cmpint (option.modifier, ==, 'C');
  g_assert_cmpint (option.n, ==, 1);
  g_assert_false (arb_team_order_item_from_text ("BH/C3", &key, &option, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "BH/C3"));
  g_assert_nonnull (strstr (error->message, "-c1"));
  g_assert_nonnull (strstr (error->message, "/c1"));
}

/* Cut-1 with a voluntarily unplayed round (C.07 16.5), by hand, 2-1-0:
 * R1 A beat B 3-1, C–D 2-2; R2 A beat C 2½-1½, B beat D 3-1; R3 C beat
 * B 3-1, A and D absent. Match points A 4, B 2, C 3, D 1. As opponents
 * (16.3) A's and D's absences after their last round played count as a
 * draw: A 5, D 2; B 2, C 3. A's Buchholz under C.07 of 2024: B 2 + C 3
 * + the dummy of its absence, A's own 4 = 9; Cut-1 takes the VUR's 4
 * (not lower than the least, 2; 16.5): 5, where a plain cut would take
 * B's 2. Under the plain rule the absence counts nothing and the
 * opponents as they stand: B 2 + C 3, less 2 = 3. */
static void
test_cut_takes_vur (void)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) c07 = NULL, plain = NULL;
  ArbTeamOrder order;

  arb_test_add_team_match (matches, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (matches, 1, "C", "D", 4, 4, 4);
  arb_test_add_team_match (matches, 2, "A", "C", 5, 3, 4);
  arb_test_add_team_match (matches, 2, "B", "D", 6, 2, 4);
  arb_test_add_team_match (matches, 3, "C", "B", 6, 2, 4);
  arb_team_order_init_default (&order);
  order.n_order = 1;
  g_assert_true (arb_team_order_item_from_text ("bh-c1", &order.order[0], &order.options[0], NULL));
  c07 = arb_team_standings_compute_full (matches, 0, &order, ARB_UNPLAYED_C07);
  plain = arb_team_standings_compute_full (matches, 0, &order, ARB_UNPLAYED_PLAIN);
  g_assert_cmpfloat (row_of (c07, "A")->buchholz, ==, 9);
  g_assert_cmpfloat (row_of (c07, "A")->item_values[0], ==, 5);
  g_assert_cmpfloat (row_of (plain, "A")->item_values[0], ==, 3);
}

/* After round 1: A and C 2 match points, 3 and 3½ game points: C, A;
 * B and D 0 match points, B 1 game point, D ½: B, D. After round 2 B and
 * D (1 match point, 3 and 2½) are apart; all four places are single.
 * Round 1 only, with C–D 2-2 instead: C and D 1 match point, 2 game
 * points each, and they met in a draw: DE 1 each; Buchholz 1 each (each
 * other's match point). Tied on everything: they share 2nd–3rd. */
static void
test_shared (void)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  const ArbTeamStandingsRow *c, *d;

  arb_test_add_team_match (matches, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (matches, 1, "C", "D", 4, 4, 4);
  rows = arb_team_standings_compute (matches, 0);
  c = rows->pdata[1];
  d = rows->pdata[2];
  g_assert_cmpstr (c->team, ==, "C");
  g_assert_cmpstr (d->team, ==, "D");
  g_assert_cmpfloat (c->direct_encounter, ==, 1);
  g_assert_cmpfloat (d->buchholz, ==, 1);
  g_assert_cmpint (c->place_first, ==, 2);
  g_assert_cmpint (c->place_last, ==, 3);
  g_assert_cmpint (d->place_first, ==, 2);
  g_assert_cmpint (d->place_last, ==, 3);
  g_assert_cmpint (((ArbTeamStandingsRow *) rows->pdata[0])->place_last, ==, 1);
}

/* Direct encounter when the tied did not all meet (C.07 6.2, as for
 * players). Six teams of four boards, three rounds:
 *   R1: X–Y 3-1, Z–P 2½-1½, Q–R 3-1
 *   R2: X–Z 1-3, Y–Q 3-1, P–R 2½-1½
 *   R3: X–R 2½-1½, Y–P 2½-1½, Z–Q 1-3
 * Match and game points: Q 2+0+2 = 4, 3+1+3 = 7; X 2+0+2 = 4,
 * 3+1+2½ = 6½; Y 0+2+2 = 4, 1+3+2½ = 6½; Z 2+2+0 = 4, 2½+3+1 = 6½;
 * P 0+2+0 = 2, 1½+2½+1½ = 5½; R 0, 1+1½+1½ = 4. X, Y, Z are tied.
 * Among them X beat Y and lost to Z: 2, having met both (at best 2);
 * Z beat X and never met Y: 2, at best 2 + 2 = 4; Y lost to X: 0, at
 * best 2. The top score, 2, is not more than what another could have
 * reached (Z's 4, X's 2): no one is placed, all three stay tied on DE.
 * Buchholz: X Y 4 + Z 4 + R 0 = 8; Y X 4 + Q 4 + P 2 = 10; Z P 2 + X 4
 * + Q 4 = 10; and Q R 0 + Y 4 + Z 4 = 8, P Z 4 + R 0 + Y 4 = 8, R Q 4 +
 * P 2 + X 4 = 10 (alone on their points, DE 0). Sonneborn-Berger: Y 4×0 + 4×2 + 2×2 = 12, Z 2×2 + 4×2 +
 * 4×0 = 12: Y and Z share 2nd–3rd, X is 4th. Scoring DE only for the
 * teams that met the whole group, as before 6.2 was applied to teams,
 * put X (2) ahead of Y and Z (0). */
static void
test_encounter_not_all_met (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  static const struct
  {
    const char *team;
    int first, last;
    double de, bh;
  } expected[] = {
    { "Q", 1, 1, 0, 8 }, { "Y", 2, 3, 0, 10 }, { "Z", 2, 3, 2, 10 },
    { "X", 4, 4, 2, 8 }, { "P", 5, 5, 0, 8 },  { "R", 6, 6, 0, 10 },
  };

  arb_test_add_team_match (m, 1, "X", "Y", 6, 2, 4);
  arb_test_add_team_match (m, 1, "Z", "P", 5, 3, 4);
  arb_test_add_team_match (m, 1, "Q", "R", 6, 2, 4);
  arb_test_add_team_match (m, 2, "X", "Z", 2, 6, 4);
  arb_test_add_team_match (m, 2, "Y", "Q", 6, 2, 4);
  arb_test_add_team_match (m, 2, "P", "R", 5, 3, 4);
  arb_test_add_team_match (m, 3, "X", "R", 5, 3, 4);
  arb_test_add_team_match (m, 3, "Y", "P", 5, 3, 4);
  arb_test_add_team_match (m, 3, "Z", "Q", 2, 6, 4);
  rows = arb_team_standings_compute (m, 0);
  g_assert_cmpuint (rows->len, ==, 6);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpint (r->place_first, ==, expected[i].first);
      g_assert_cmpint (r->place_last, ==, expected[i].last);
      g_assert_cmpfloat (r->direct_encounter, ==, expected[i].de);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
    }
}

/* A team's bye and a team's absence (C.07 Article 16). Three teams:
 *   R1: A–B 3-1, C a bye (2 game points recorded)
 *   R2: B–C 2-2, A a bye (2 game points)
 *   R3: C–A 2½-1½, B absent (withdrawn: nothing for it)
 * A bye scores a match won: A 2+2+0 = 4 match points, 3+2+1½ = 6½ game
 * points; B 0+1+0 = 1, 1+2+0 = 3; C 2+1+2 = 5, 2+2+2½ = 6½.
 * As opponents: A's bye is before its last match, nothing adjusted: 4;
 * B's absence is after its last round that was no VUR (round 2), a draw:
 * 1 + 1 = 2; C 5.
 * Own unplayed rounds, a dummy opponent with the team's own match points,
 * at most a draw's 1 × 3 rounds = 3 (C.07 2026, 16.4.2):
 *   A: B 2, dummy 3, C 5 = BH 10; SB 2×2 + 3×2 (the bye won) + 5×0 = 10
 *   B: A 4, C 5, dummy 1 = BH 10; SB 4×0 + 5×1 + 1×0 = 5
 *   C: dummy 3, B 2, A 4 = BH 9; SB 3×2 + 2×1 + 4×2 = 16
 * (Under the 2024 edition, uncapped, A's dummy was 4 and C's 5.)
 * Order C, A, B. Before byes were scored C had 3 match points, A 2.
 * Extended Sonneborn-Berger on game points (C.07 2026, 13.2.2–13.2.4,
 * with Article 16 for game points as for match points): as an opponent
 * B's absence is a drawn match, half the 4 boards: 1 + 2 + 2 = 5 game
 * points; A 6½ and C 6½ as they scored. The dummy has the team's own,
 * game points at most a draw's 2 × 3 rounds = 6 (16.4.2): A 6, B 3, C 6.
 *   A: EMGSB B 2×3 + dummy 3×2 + C 5×1½ = 19½;
 *      EGMSB B 5×2 + dummy 6×2 + C 6½×0 = 22;
 *      EGGSB B 5×3 + dummy 6×2 + C 6½×1½ = 15 + 12 + 9¾ = 36¾
 *   B: EMGSB A 4×1 + C 5×2 + dummy 1×0 = 14; EGMSB 6½×0 + 6½×1 + 3×0 =
 *      6½; EGGSB 6½×1 + 6½×2 + 3×0 = 19½
 *   C: EMGSB dummy 3×2 + B 2×2 + A 4×2½ = 20; EGMSB 6×2 + 5×1 + 6½×2 =
 *      30; EGGSB 6×2 + 5×2 + 6½×2½ = 12 + 10 + 16¼ = 38¼
 * (Counting B's absence as nothing would give A an EGGSB of 30¾.) */
static void
test_bye_and_absence (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  static const struct
  {
    const char *team;
    int matches;
    double mp, gp, bh, sb, emgsb, egmsb, eggsb;
  } expected[] = {
    { "C", 2, 5, 6.5, 9, 16, 20, 30, 38.25 },
    { "A", 2, 4, 6.5, 10, 10, 19.5, 22, 36.75 },
    { "B", 2, 1, 3, 10, 5, 14, 6.5, 19.5 },
  };

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", NULL, 4, 0, 0);
  arb_test_add_team_match (m, 2, "B", "C", 4, 4, 4);
  arb_test_add_team_match (m, 2, "A", NULL, 4, 0, 0);
  arb_test_add_team_match (m, 3, "C", "A", 5, 3, 4);
  rows = arb_team_standings_compute (m, 0);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpint (r->matches, ==, expected[i].matches);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
      g_assert_cmpfloat (r->game_points, ==, expected[i].gp);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      g_assert_cmpfloat (r->sonneborn_berger, ==, expected[i].sb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_EMMSB], ==, expected[i].sb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_EMGSB], ==, expected[i].emgsb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_EGMSB], ==, expected[i].egmsb);
      g_assert_cmpfloat (r->values[ARB_TEAM_TB_EGGSB], ==, expected[i].eggsb);
    }
}

/* The team tie-breaks of C.07 (2026 edition), worked by hand from its
 * definitions. Five teams of four boards, three rounds, a bye a round
 * (2 game points recorded), and D–E a match E forfeited, scored 4-0 as
 * its boards record it (the file has no forfeited match as such):
 *   R1: A–B 3-1, C–D 2-2, E bye
 *   R2: A–C 1½-2½, D–E 4-0, B bye
 *   R3: A–E 2½-1½, B–C 3-1, D bye
 * Match points (a bye a match won) and game points:
 *   A 2+0+2 = 4, 3+1½+2½ = 7      B 0+2+2 = 4, 1+2+3 = 6
 *   C 1+2+0 = 3, 2+2½+1 = 5½      D 1+2+2 = 5, 2+4+2 = 8
 *   E 2+0+0 = 2, 2+0+1½ = 3½
 * No team is absent, so as opponents they count as scored (16.3); each
 * bye is a round against the dummy, with the team's own, at most a
 * draw's a round (16.4.2): 3 match points, 2 × 3 = 6 game points; so B
 * (4, 6) meets a dummy (3, 6), D (5, 8) one of (3, 6), E (2, 3½) its own.
 * For each round: opponent's (MP, GP), then the MP and GP scored:
 *   A: B (4, 6) 2, 3;      C (3, 5½) 0, 1½;   E (2, 3½) 2, 2½
 *   B: A (4, 7) 0, 1;      dummy (3, 6) 2, 2; C (3, 5½) 2, 3
 *   C: D (5, 8) 1, 2;      A (4, 7) 2, 2½;    B (4, 6) 0, 1
 *   D: C (3, 5½) 1, 2;     E (2, 3½) 2, 4;    dummy (3, 6) 2, 2
 *   E: dummy (2, 3½) 2, 2; D (5, 8) 0, 0;     A (4, 7) 0, 1½
 * Buchholz (8.1): A 4+3+2 = 9, B 4+3+3 = 10, C 5+4+4 = 13, D 3+2+3 = 8,
 * E 2+5+4 = 11.
 * EMMSB (13.2.1): A 8+0+4 = 12, B 0+6+6 = 12, C 5+8+0 = 13,
 *   D 3+4+6 = 13, E 4+0+0 = 4.
 * EMGSB (13.2.2): A 12+4½+5 = 21½, B 4+6+9 = 19, C 10+10+4 = 24,
 *   D 6+8+6 = 20, E 4+0+6 = 10.
 * EGMSB (13.2.3): A 12+0+7 = 19, B 0+12+11 = 23, C 8+14+0 = 22,
 *   D 5½+7+12 = 24½, E 7+0+0 = 7.
 * EGGSB (13.2.4): A 18+8¼+8¾ = 35, B 7+12+16½ = 35½, C 16+17½+6 = 39½,
 *   D 11+14+12 = 37, E 7+0+10½ = 17½.
 * MPvGP (13.1): decided by match points, so the game points.
 * SSSC (13.4): normalising factor 2 × 3 rounds = 6 over 4 boards, 1½,
 * toward zero 1: GP + BH: A 16, B 16, C 18½, D 16, E 14½.
 * Order by match points, then game points: D, A, B, C, E. */
static void
test_team_tiebreaks (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  static const struct
  {
    const char *team;
    double bh, v[ARB_TEAM_TB_COUNT];
  } expected[] = {
    { "D", 8, { 13, 20, 24.5, 37, 8, 16 } },    { "A", 9, { 12, 21.5, 19, 35, 7, 16 } },
    { "B", 10, { 12, 19, 23, 35.5, 6, 16 } },   { "C", 13, { 13, 24, 22, 39.5, 5.5, 18.5 } },
    { "E", 11, { 4, 10, 7, 17.5, 3.5, 14.5 } },
  };

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 4, 4, 4);
  arb_test_add_team_match (m, 1, "E", NULL, 4, 0, 0);
  arb_test_add_team_match (m, 2, "A", "C", 3, 5, 4);
  arb_test_add_team_match (m, 2, "D", "E", 8, 0, 4);
  arb_test_add_team_match (m, 2, "B", NULL, 4, 0, 0);
  arb_test_add_team_match (m, 3, "A", "E", 5, 3, 4);
  arb_test_add_team_match (m, 3, "B", "C", 6, 2, 4);
  arb_test_add_team_match (m, 3, "D", NULL, 4, 0, 0);
  rows = arb_team_standings_compute (m, 0);
  g_assert_cmpuint (rows->len, ==, 5);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      for (int k = 0; k < ARB_TEAM_TB_BC; k++) /* BC: test_board_count */
        {
          g_test_message ("%s", arb_team_tiebreak_key (k));
          g_assert_cmpfloat (r->values[k], ==, expected[i].v[k]);
        }
    }
  g_assert_cmpstr (arb_team_tiebreak_key (ARB_TEAM_TB_EGMSB), ==, "egmsb");
  g_assert_null (arb_team_tiebreak_key (ARB_TEAM_TB_COUNT));
}

/* SSSC's normalising factor rounded toward zero (C.07 2026, 13.4). Two
 * teams of four boards meet five times: A–B 3-1, 2-2, 1-3, 2½-1½, 2-2.
 * A 2+1+0+2+1 = 6 match points, 3+2+1+2½+2 = 10½ game points; B 4 and
 * 9½. Buchholz A 5×4 = 20, B 5×6 = 30. Factor: 2 × 5 = 10 match points
 * over 4 game points, 2½, toward zero 2: SSSC A 10½ + 20/2 = 20½, B 9½ +
 * 30/2 = 24½ (dividing by 2½ would give 18½ and 21½). */
static void
test_sssc_factor (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  const ArbTeamStandingsRow *a, *b;

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 2, "A", "B", 4, 4, 4);
  arb_test_add_team_match (m, 3, "A", "B", 2, 6, 4);
  arb_test_add_team_match (m, 4, "A", "B", 5, 3, 4);
  arb_test_add_team_match (m, 5, "A", "B", 4, 4, 4);
  rows = arb_team_standings_compute (m, 0);
  a = rows->pdata[0];
  b = rows->pdata[1];
  g_assert_cmpstr (a->team, ==, "A");
  g_assert_cmpfloat (a->buchholz, ==, 20);
  g_assert_cmpfloat (b->buchholz, ==, 30);
  g_assert_cmpfloat (a->values[ARB_TEAM_TB_SSSC], ==, 20.5);
  g_assert_cmpfloat (b->values[ARB_TEAM_TB_SSSC], ==, 24.5);
}

/* A match of four boards given board by board: the home team's game
 * points on each, times two; the away team's are the rest of 2. */
static void
add_boards (GPtrArray *m, int round, const char *home, const char *away, const int home_x2[4])
{
  int h2 = 0;

  for (int k = 0; k < 4; k++)
    h2 += home_x2[k];
  arb_test_add_team_match (m, round, home, away, h2, 8 - h2, 4);
  for (int k = 0; k < 4; k++)
    {
      ((ArbTeamMatchInfo *) m->pdata[m->len - 1])->home_board_x2[k] = home_x2[k];
      ((ArbTeamMatchInfo *) m->pdata[m->len - 1])->away_board_x2[k] = 2 - home_x2[k];
    }
}

/* Board count (C.07 2026, 12.1): each board's number times the game
 * points scored on it; a bye scores a game won on each board (the
 * preamble of Article 12). Three teams of four boards:
 *   R1: A–B 1, ½, 0, 1 (A's points); C a bye
 *   R2: B–C 1, 1, 0, 0 (B's points); A a bye
 *   R3: A–C, in play (counts nothing)
 * A: 1×1 + 2×½ + 3×0 + 4×1 = 6, bye 1+2+3+4 = 10: 16
 * B: 1×0 + 2×½ + 3×1 + 4×0 = 4; 1×1 + 2×1 + 3×0 + 4×0 = 3: 7
 * C: bye 10; 1×0 + 2×0 + 3×1 + 4×1 = 7: 17 */
static void
test_board_count (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  static const int r1[] = { 2, 1, 0, 2 }, r2[] = { 2, 2, 0, 0 };
  static const struct
  {
    const char *team;
    double bc;
  } expected[] = { { "A", 16 }, { "B", 7 }, { "C", 17 } };

  add_boards (m, 1, "A", "B", r1);
  arb_test_add_team_match (m, 1, "C", NULL, 4, 0, 0);
  add_boards (m, 2, "B", "C", r2);
  arb_test_add_team_match (m, 2, "A", NULL, 4, 0, 0);
  arb_test_add_team_match (m, 3, "A", "C", 2, 2, 2);
  rows = arb_team_standings_compute (m, 0);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    for (guint j = 0; j < rows->len; j++)
      {
        const ArbTeamStandingsRow *r = rows->pdata[j];

        if (g_strcmp0 (r->team, expected[i].team) == 0)
          {
            g_test_message ("team %s", r->team);
            g_assert_cmpfloat (r->values[ARB_TEAM_TB_BC], ==, expected[i].bc);
          }
      }
  g_assert_cmpstr (arb_team_tiebreak_key (ARB_TEAM_TB_BC), ==, "bc");
}

/* A match forfeited as a whole and a team's bye, under both editions of
 * C.07 Article 16 and the plain rule, worked by hand from the
 * regulation's definitions. Four teams of four boards, three rounds:
 *   R1: A–B 3-1; C–D forfeited by D, recorded 4-0 for C
 *   R2: A–C 2-2; B–D 2½-1½
 *   R3: A–D 1-3; B a bye recorded as 2 match points and 2 game points;
 *       C absent (nothing recorded for it)
 * Match points (16.3.1: as awarded) and game points:
 *   A 2+1+0 = 3, 3+2+1 = 6        B 0+2+2 = 4, 1+2½+2 = 5½
 *   C 2+1+0 = 3, 4+2+0 = 6        D 0+0+2 = 2, 0+1½+3 = 4½
 * As opponents (16.3): C's last round that was no VUR (16.1) is round 2,
 * so its absence in round 3 counts a drawn match (16.2.5): 1 match point
 * and 2 game points, C 4 and 8. D's forfeit lost is a VUR but round 3
 * follows it, played, so D counts as awarded: 2, 4½. A 3, 6; B 4, 5½
 * (its bye counts as awarded, 16.2.1).
 * The own unplayed rounds, each against a dummy (16.4) with the team's
 * own final points (MP, GP):
 *   C R1, the forfeit won: 2024 (3, 6); 2026 capped at D's adjusted
 *     (16.4.1): (2, 4½)
 *   D R1, the forfeit lost: 2024 (2, 4½); 2026 capped at C's adjusted
 *     (4, 8): still (2, 4½)
 *   B R3, the bye: 2024 (4, 5½); 2026 capped at a draw a round times 3
 *     rounds (16.4.2): 1 × 3 = 3 and 2 × 3 = 6: (3, 5½)
 *   C R3, the absence: 2024 (3, 6); 2026 the same cap, (3, 6)
 * Buchholz (8.1, opponents' match points):
 *   A: B 4 + C 4 + D 2 = 10 under both
 *   B: A 3 + D 2 + dummy: 2024 4, BH 9; 2026 3, BH 8
 *   C: dummy + A 3 + dummy: 2024 3 + 3 + 3 = 9; 2026 2 + 3 + 3 = 8
 *   D: dummy 2 + B 4 + A 3 = 9 under both
 * Sonneborn-Berger (9.1, opponent's × match points scored):
 *   A: 4×2 + 4×1 + 2×0 = 12          B: 3×0 + 2×2 + dummy×2: 2024 12, 2026 10
 *   C: dummy×2 + 3×1 + dummy×0: 2024 6 + 3 = 9, 2026 4 + 3 = 7
 *   D: dummy×0 + 4×0 + 3×2 = 6
 * EGGSB (13.2.4, opponent's × game points scored):
 *   C: dummy GP × 4 + A 6 × 2 + dummy × 0: 2024 24 + 12 = 36,
 *      2026 18 + 12 = 30
 * The plain rule adjusts nothing, the forfeit's opponent as it stands,
 * nothing for the bye and the absence: BH A 4 + 3 + 2 = 9, B 3 + 2 = 5,
 * C D 2 + A 3 = 5, D C 3 + B 4 + A 3 = 10.
 * Matches played: A 3, B 2, C 1, D 2. A and C are tied on 3 and 6 and
 * drew (direct encounter 1 each); Buchholz puts A ahead under each rule:
 * order B, A, C, D. */
static void
test_forfeit_and_bye (void)
{
  static const struct
  {
    ArbUnplayedRule rule;
    const char *team;
    double mp, gp, bh, sb, eggsb;
    int matches;
  } expected[] = {
    { ARB_UNPLAYED_C07, "B", 4, 5.5, 9, 12, -1, 2 },
    { ARB_UNPLAYED_C07, "A", 3, 6, 10, 12, -1, 3 },
    { ARB_UNPLAYED_C07, "C", 3, 6, 9, 9, 36, 1 },
    { ARB_UNPLAYED_C07, "D", 2, 4.5, 9, 6, -1, 2 },
    { ARB_UNPLAYED_C07_2026, "B", 4, 5.5, 8, 10, -1, 2 },
    { ARB_UNPLAYED_C07_2026, "A", 3, 6, 10, 12, -1, 3 },
    { ARB_UNPLAYED_C07_2026, "C", 3, 6, 8, 7, 30, 1 },
    { ARB_UNPLAYED_C07_2026, "D", 2, 4.5, 9, 6, -1, 2 },
    { ARB_UNPLAYED_PLAIN, "B", 4, 5.5, 5, -1, -1, 2 },
    { ARB_UNPLAYED_PLAIN, "A", 3, 6, 9, -1, -1, 3 },
    { ARB_UNPLAYED_PLAIN, "C", 3, 6, 5, -1, -1, 1 },
    { ARB_UNPLAYED_PLAIN, "D", 2, 4.5, 10, -1, -1, 2 },
  };
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  add_forfeit (m, 1, "C", "D", 8, 0);
  arb_test_add_team_match (m, 2, "A", "C", 4, 4, 4);
  arb_test_add_team_match (m, 2, "B", "D", 5, 3, 4);
  arb_test_add_team_match (m, 3, "A", "D", 2, 6, 4);
  add_bye (m, 3, "B", '\0', 4, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i += 4)
    {
      g_autoptr (GPtrArray) rows = arb_team_standings_compute_rule (m, 0, expected[i].rule);

      g_assert_cmpuint (rows->len, ==, 4);
      for (guint k = 0; k < 4; k++)
        {
          const ArbTeamStandingsRow *r = rows->pdata[k];

          g_test_message ("rule %s, team %s", arb_unplayed_rule_to_key (expected[i].rule),
                          expected[i + k].team);
          g_assert_cmpstr (r->team, ==, expected[i + k].team);
          g_assert_cmpfloat (r->match_points, ==, expected[i + k].mp);
          g_assert_cmpfloat (r->game_points, ==, expected[i + k].gp);
          g_assert_cmpint (r->matches, ==, expected[i + k].matches);
          g_assert_cmpfloat (r->buchholz, ==, expected[i + k].bh);
          if (expected[i + k].sb >= 0)
            g_assert_cmpfloat (r->sonneborn_berger, ==, expected[i + k].sb);
          if (expected[i + k].eggsb >= 0)
            g_assert_cmpfloat (r->values[ARB_TEAM_TB_EGGSB], ==, expected[i + k].eggsb);
        }
    }
}

/* A forfeit lost is a voluntarily unplayed round (C.07 2026, 16.1), so an
 * absence before it, with no round after it played, counts as drawn for
 * the opponents (16.2.5, 16.3.2), while the forfeit lost itself counts
 * as awarded (16.2.4, 16.3.1). Worked by hand, four boards, 2026 rule:
 *   R1: A–B 3-1, C–D 2-2
 *   R2: A–C 2½-1½; B and D absent
 *   R3: A–D forfeited by D (4-0 for A), B–C 2-2
 * Match and game points: A 6, 9½; B 1, 3; C 2, 5½; D 1, 2.
 * D's last round that was no VUR is round 1: its absence in round 2
 * counts a drawn match (1, 2), its forfeit lost 0: D as an opponent 2.
 * B's round 3 was played: its absence counts 0, B stays 1.
 * Buchholz: A: B 1 + C 2 + the forfeit's dummy, A's own 6 capped at D's
 * adjusted 2 (16.4.1): 5. B: A 6 + the absence's dummy, its own 1 under
 * the cap 1 × 3 (16.4.2), + C 2 = 9. C: D 2 + A 6 + B 1 = 9. D: C 2 +
 * the absence's dummy 1 + the forfeit's dummy, its own 1 under A's 6: 4. */
static void
test_absence_before_forfeit_lost (void)
{
  static const struct
  {
    const char *team;
    double bh;
  } expected[] = { { "A", 5 }, { "B", 9 }, { "C", 9 }, { "D", 4 } };
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 4, 4, 4);
  arb_test_add_team_match (m, 2, "A", "C", 5, 3, 4);
  add_forfeit (m, 3, "A", "D", 8, 0);
  arb_test_add_team_match (m, 3, "B", "C", 4, 4, 4);
  rows = arb_team_standings_compute_rule (m, 0, ARB_UNPLAYED_C07_2026);
  g_assert_cmpuint (rows->len, ==, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    for (guint k = 0; k < rows->len; k++)
      {
        const ArbTeamStandingsRow *r = rows->pdata[k];

        if (g_strcmp0 (r->team, expected[i].team) != 0)
          continue;
        g_test_message ("team %s", r->team);
        g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      }
}

/* A bye asked for (H or Z) is a VUR (C.07 2026, 16.1), an allocated one
 * (U) is not; a zero-point bye in the last round counts for the
 * opponents as a drawn match (16.2.5, 16.3.2). Worked by hand, four
 * boards, 2026 rule:
 *   R1: A–B 3-1, C–D 2½-1½
 *   R2: A–C 2-2; B an allocated bye (2 match points, 2 game points); D a
 *       zero-point bye asked for (nothing)
 * Match points: A 2+1 = 3, B 0+2 = 2, C 2+1 = 3, D 0.
 * As opponents: D's last round that was no VUR is round 1, so its bye
 * counts a drawn match: D 1. B's allocated bye counts as awarded: B 2.
 * Buchholz: A: B 2 + C 3 = 5. B: A 3 + the bye's dummy, its own 2 under
 * 1 × 2 rounds (16.4.2): 5. C: D 1 + A 3 = 4. D: C 3 + the dummy, its
 * own 0: 3. */
static void
test_requested_bye (void)
{
  static const struct
  {
    const char *team;
    double bh;
  } expected[] = { { "A", 5 }, { "B", 5 }, { "C", 4 }, { "D", 3 } };
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 5, 3, 4);
  arb_test_add_team_match (m, 2, "A", "C", 4, 4, 4);
  add_bye (m, 2, "B", 'U', 4, 4);
  add_bye (m, 2, "D", 'Z', 0, 0);
  rows = arb_team_standings_compute_rule (m, 0, ARB_UNPLAYED_C07_2026);
  g_assert_cmpuint (rows->len, ==, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    for (guint k = 0; k < rows->len; k++)
      {
        const ArbTeamStandingsRow *r = rows->pdata[k];

        if (g_strcmp0 (r->team, expected[i].team) != 0)
          continue;
        g_test_message ("team %s", r->team);
        g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
      }
}

/* A round robin of four teams on four boards (C.07 2026, 15.2), every
 * pairing fixed before it began:
 *   R1: A–B 3-1, C–D 2-2
 *   R2: A–C forfeited by C (A 4, C 0), B–D 1-3
 *   R3: A–D 2-2, B–C 3-1
 * Match points (2-1-0): A 2 + 2 + 1 = 5, B 0 + 0 + 2 = 2, C 1 + 0 + 0 = 1,
 * D 1 + 2 + 1 = 4.
 * As a round robin the forfeit is a match against the scheduled
 * opponent and the opponents' points count as they stand:
 *   BH (8.1): A B 2 + C 1 + D 4 = 7; B A 5 + D 4 + C 1 = 10;
 *             C D 4 + A 5 + B 2 = 11; D C 1 + B 2 + A 5 = 8
 *   SB (9.1, the opponent's times those scored): A 2×2 + 1×2 + 4×1 = 10;
 *             B 5×0 + 4×0 + 1×2 = 2; C 4×1 + 5×0 + 2×0 = 4;
 *             D 1×1 + 2×2 + 5×1 = 10
 * Under the 2026 rule of a Swiss (16.4.1) C's forfeit lost is a round
 * against a dummy opponent with C's own 1 match point, capped at A's
 * adjusted 5: BH D 4 + 1 + B 2 = 7, not 11. */
static void
test_round_robin (void)
{
  static const struct
  {
    const char *team;
    double mp, bh, sb;
  } expected[] = {
    { "A", 5, 7, 10 },
    { "D", 4, 8, 10 },
    { "B", 2, 10, 2 },
    { "C", 1, 11, 4 },
  };
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) robin = NULL;
  g_autoptr (GPtrArray) swiss = NULL;
  ArbTeamOrder order;

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 4, 4, 4);
  add_forfeit (m, 2, "A", "C", 8, 0);
  arb_test_add_team_match (m, 2, "B", "D", 2, 6, 4);
  arb_test_add_team_match (m, 3, "A", "D", 4, 4, 4);
  arb_test_add_team_match (m, 3, "B", "C", 6, 2, 4);
  arb_team_order_init_default (&order);
  robin = arb_team_standings_compute_round_robin (m, 0, &order);
  g_assert_cmpuint (robin->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      const ArbTeamStandingsRow *r = robin->pdata[k];

      g_assert_cmpstr (r->team, ==, expected[k].team);
      g_assert_cmpfloat (r->match_points, ==, expected[k].mp);
      g_assert_cmpfloat (r->buchholz, ==, expected[k].bh);
      g_assert_cmpfloat (r->sonneborn_berger, ==, expected[k].sb);
    }
  swiss = arb_team_standings_compute_rule (m, 0, ARB_UNPLAYED_C07_2026);
  g_assert_cmpstr (((ArbTeamStandingsRow *) swiss->pdata[3])->team, ==, "C");
  g_assert_cmpfloat (((ArbTeamStandingsRow *) swiss->pdata[3])->buchholz, ==, 7);
}

/* Direct encounter in a round robin counts a forfeited match (15.2): A
 * and B of four teams on four boards level on match and game points, A
 * having won their match by forfeit:
 *   R1: A–B forfeited by B (A 4, B 0), C–D 2-2
 *   R2: A–C 1-3, B–D 4-0
 *   R3: A–D 3-1, B–C 4-0
 * A 2 + 0 + 2 = 4 match points, 4 + 1 + 3 = 8 game points; B 0 + 2 + 2 =
 * 4, 0 + 4 + 4 = 8; C 1 + 2 + 0 = 3; D 1 + 0 + 0 = 1. Between A and B
 * (Article 6): A 2 match points, B 0. As a Swiss the forfeit is no
 * encounter: 0 each. */
static void
test_round_robin_encounter (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) robin = NULL;
  g_autoptr (GPtrArray) swiss = NULL;
  ArbTeamOrder order;

  add_forfeit (m, 1, "A", "B", 8, 0);
  arb_test_add_team_match (m, 1, "C", "D", 4, 4, 4);
  arb_test_add_team_match (m, 2, "A", "C", 2, 6, 4);
  arb_test_add_team_match (m, 2, "B", "D", 8, 0, 4);
  arb_test_add_team_match (m, 3, "A", "D", 6, 2, 4);
  arb_test_add_team_match (m, 3, "B", "C", 8, 0, 4);
  arb_team_order_init_default (&order);
  robin = arb_team_standings_compute_round_robin (m, 0, &order);
  g_assert_cmpstr (((ArbTeamStandingsRow *) robin->pdata[0])->team, ==, "A");
  g_assert_cmpfloat (((ArbTeamStandingsRow *) robin->pdata[0])->match_points, ==, 4);
  g_assert_cmpfloat (((ArbTeamStandingsRow *) robin->pdata[0])->game_points, ==, 8);
  g_assert_cmpfloat (((ArbTeamStandingsRow *) robin->pdata[0])->direct_encounter, ==, 2);
  g_assert_cmpstr (((ArbTeamStandingsRow *) robin->pdata[1])->team, ==, "B");
  g_assert_cmpfloat (((ArbTeamStandingsRow *) robin->pdata[1])->game_points, ==, 8);
  g_assert_cmpfloat (((ArbTeamStandingsRow *) robin->pdata[1])->direct_encounter, ==, 0);
  swiss = arb_team_standings_compute_rule (m, 0, ARB_UNPLAYED_C07_2026);
  for (guint k = 0; k < 2; k++)
    g_assert_cmpfloat (((ArbTeamStandingsRow *) swiss->pdata[k])->direct_encounter, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/standings-teams/order", test_order);
  g_test_add_func ("/round/standings-teams/shared", test_shared);
  g_test_add_func ("/round/standings-teams/three-one-zero", test_three_one_zero);
  g_test_add_func ("/round/standings-teams/item-options", test_item_options);
  g_test_add_func ("/round/standings-teams/item-bad-cut", test_item_bad_cut);
  g_test_add_func ("/round/standings-teams/match-points-text", test_match_points_text);
  g_test_add_func ("/round/standings-teams/cut-takes-vur", test_cut_takes_vur);
  g_test_add_func ("/round/standings-teams/three-one-zero-unplayed", test_three_one_zero_unplayed);
  g_test_add_func ("/round/standings-teams/encounter-not-all-met", test_encounter_not_all_met);
  g_test_add_func ("/round/standings-teams/bye-and-absence", test_bye_and_absence);
  g_test_add_func ("/round/standings-teams/team-tiebreaks", test_team_tiebreaks);
  g_test_add_func ("/round/standings-teams/sssc-factor", test_sssc_factor);
  g_test_add_func ("/round/standings-teams/board-count", test_board_count);
  g_test_add_func ("/round/standings-teams/forfeit-and-bye", test_forfeit_and_bye);
  g_test_add_func ("/round/standings-teams/absence-before-forfeit-lost",
                   test_absence_before_forfeit_lost);
  g_test_add_func ("/round/standings-teams/requested-bye", test_requested_bye);
  g_test_add_func ("/round/standings-teams/round-robin", test_round_robin);
  g_test_add_func ("/round/standings-teams/round-robin-encounter", test_round_robin_encounter);
  return g_test_run ();
}
