/* test-standings-teams-order.c: a team event's order of tie-breaks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value here was computed by hand from the definitions of
 * the FIDE Tie-Break Regulations (Handbook C.07, 2026 edition), with the
 * working in the comments; match points 2-1-0.
 */

#include "config.h"

#include <string.h>

#include "arb-event-settings.h"
#include "arb-standings-teams.h"
#include "arb-test-utils.h"

/* A match of four boards, the home team's game points on each times
 * two; the away team's are the rest of 2. */
static void
add_boards (GPtrArray *m, int round, const char *home, const char *away, const int home_x2[4])
{
  ArbTeamMatchInfo *info;
  int h2 = 0;

  for (int k = 0; k < 4; k++)
    h2 += home_x2[k];
  arb_test_add_team_match (m, round, home, away, h2, 8 - h2, 4);
  info = m->pdata[m->len - 1];
  for (int k = 0; k < 4; k++)
    {
      info->home_board_x2[k] = home_x2[k];
      info->away_board_x2[k] = 2 - home_x2[k];
    }
}

/* Four teams of four boards, a round robin, board by board (the home
 * team's points on boards 1–4):
 *   R1: P–Q 1, 0, ½, ½ (2-2)      R–S 1, 1, ½, ½ (3-1)
 *   R2: P–R 1, ½, 0, 1 (2½-1½)    Q–S 1, ½, 1, 0 (2½-1½)
 *   R3: P–S 1, ½, ½, ½ (2½-1½)    Q–R 1, ½, ½, ½ (2½-1½)
 * Match points: P 1+2+2 = 5, Q 1+2+2 = 5, R 2+0+0 = 2, S 0.
 * Game points: P 2+2½+2½ = 7, Q 2+2½+2½ = 7, R 3+1½+1½ = 6,
 * S 1+1½+1½ = 4.
 * Each board's game points over the event (Article 12):
 *   P: board 1 1+1+1 = 3, board 2 0+½+½ = 1, board 3 ½+0+½ = 1,
 *      board 4 ½+1+½ = 2;
 *   Q: board 1 0+1+1 = 2, board 2 1+½+½ = 2, board 3 ½+1+½ = 2,
 *      board 4 ½+0+½ = 1.
 * P and Q are tied on match and game points; they drew (DE 1 each);
 * Buchholz (8.1) P Q 5 + R 2 + S 0 = 7, Q P 5 + S 0 + R 2 = 7;
 * Sonneborn-Berger (9.1) P 5×1 + 2×2 + 0×2 = 9, Q 5×1 + 0×2 + 2×2 = 9;
 * board count (12.1) P 1×3 + 2×1 + 3×1 + 4×2 = 16, Q 1×2 + 2×2 + 3×2
 * + 4×1 = 16: the default order (MP, GP, DE, BH, SB) leaves them tied. */
static GPtrArray *
boards_league (void)
{
  GPtrArray *m = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  static const int pq[] = { 2, 0, 1, 1 }, rs[] = { 2, 2, 1, 1 }, pr[] = { 2, 1, 0, 2 },
                   qs[] = { 2, 1, 2, 0 }, ps[] = { 2, 1, 1, 1 }, qr[] = { 2, 1, 1, 1 };

  add_boards (m, 1, "P", "Q", pq);
  add_boards (m, 1, "R", "S", rs);
  add_boards (m, 2, "P", "R", pr);
  add_boards (m, 2, "Q", "S", qs);
  add_boards (m, 3, "P", "S", ps);
  add_boards (m, 3, "Q", "R", qr);
  return m;
}

static GPtrArray *
ranked (GPtrArray *matches, ArbTeamScore primary, const ArbTeamOrderKey *keys, guint n)
{
  ArbTeamOrder order = { .primary = primary, .n_order = n };

  for (guint i = 0; i < n; i++)
    order.order[i] = keys[i];
  return arb_team_standings_compute_ordered (matches, 0, &order);
}

static void
check_places (GPtrArray *rows, const char *const *teams, const int *first, const int *last)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("row %u: %s", i, r->team);
      g_assert_cmpstr (r->team, ==, teams[i]);
      g_assert_cmpint (r->place_first, ==, first[i]);
      g_assert_cmpint (r->place_last, ==, last[i]);
    }
}

/* Board count (C.07 2026, 12.1) "can only be used" when the tied teams
 * have the same game points. One round, by hand (the home team's
 * points on boards 1–4): X–Y 1, 1, ½, 0 (2½-1½), Z–W 0, 1, 1, 1 (3-1).
 * Match points X 2, Z 2, Y 0, W 0; game points X 2½, Z 3, Y 1½, W 1.
 * Board counts: X 1×1 + 2×1 + 3×½ + 4×0 = 4½, Z 0 + 2 + 3 + 4 = 9,
 * Y 0 + 0 + 3×½ + 4×1 = 5½, W 1×1 = 1. By match points then BC alone:
 * X and Z differ on game points, so BC leaves them tied (1st–2nd, by
 * name), and Y and W too (3rd–4th); were BC used, X before Z and W
 * before Y, each alone. After MPvGP (game points) no tie is left. */
static void
test_board_count_needs_equal_game_points (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  static const int xy[] = { 2, 2, 1, 0 }, zw[] = { 0, 2, 2, 2 };
  static const ArbTeamOrderKey bc[] = { ARB_TEAM_ORDER_BC };
  static const char *const teams[] = { "X", "Z", "W", "Y" };
  static const int first[] = { 1, 1, 3, 3 }, last[] = { 2, 2, 4, 4 };
  g_autoptr (GPtrArray) rows = NULL;

  add_boards (m, 1, "X", "Y", xy);
  add_boards (m, 1, "Z", "W", zw);
  rows = ranked (m, ARB_TEAM_SCORE_MP, bc, G_N_ELEMENTS (bc));
  check_places (rows, teams, first, last);
  g_assert_cmpfloat (((ArbTeamStandingsRow *) rows->pdata[0])->values[ARB_TEAM_TB_BC], ==, 4.5);
  g_assert_cmpfloat (((ArbTeamStandingsRow *) rows->pdata[1])->values[ARB_TEAM_TB_BC], ==, 9);
}

/* The default order leaves P and Q sharing 1st–2nd (the league's
 * comment). Top board results (12.2): board 1, P 3 against Q 2: P first.
 * Bottom board elimination (12.3): boards 1–3, P 3+1+1 = 5 against Q
 * 2+2+2 = 6: Q first. BC then TBR: BC 16 each, so TBR: P first. */
static void
test_top_and_bottom_boards (void)
{
  g_autoptr (GPtrArray) m = boards_league ();
  g_autoptr (GPtrArray) tied = arb_team_standings_compute (m, 0);
  static const ArbTeamOrderKey tbr[] = { ARB_TEAM_ORDER_MPVGP, ARB_TEAM_ORDER_TBR },
                               bbe[] = { ARB_TEAM_ORDER_MPVGP, ARB_TEAM_ORDER_BBE },
                               bc_tbr[] = { ARB_TEAM_ORDER_MPVGP, ARB_TEAM_ORDER_BC,
                                            ARB_TEAM_ORDER_TBR };
  static const char *const pq[] = { "P", "Q", "R", "S" }, *const qp[] = { "Q", "P", "R", "S" };
  static const int shared_first[] = { 1, 1, 3, 4 }, shared_last[] = { 2, 2, 3, 4 },
                   single[] = { 1, 2, 3, 4 };
  static const double p_boards[] = { 3, 1, 1, 2 };
  g_autoptr (GPtrArray) by_tbr = ranked (m, ARB_TEAM_SCORE_MP, tbr, G_N_ELEMENTS (tbr));
  g_autoptr (GPtrArray) by_bbe = ranked (m, ARB_TEAM_SCORE_MP, bbe, G_N_ELEMENTS (bbe));
  g_autoptr (GPtrArray) by_bc_tbr = ranked (m, ARB_TEAM_SCORE_MP, bc_tbr, G_N_ELEMENTS (bc_tbr));
  const ArbTeamStandingsRow *p = by_tbr->pdata[0];

  check_places (tied, pq, shared_first, shared_last);
  check_places (by_tbr, pq, single, single);
  check_places (by_bbe, qp, single, single);
  check_places (by_bc_tbr, pq, single, single);
  g_assert_cmpint (p->n_boards, ==, 4);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (p->boards[k], ==, p_boards[k]);
  g_assert_cmpfloat (p->order_values[ARB_TEAM_ORDER_BC], ==, 16);
}

/* Four teams of four boards, a round robin:
 *   R1: A–B 3-1, C–D 4-0
 *   R2: B–C 2½-1½, A–D 2½-1½
 *   R3: C–A 2½-1½, B–D 3-1
 * Match points: A 2+2+0 = 4, B 0+2+2 = 4, C 2+0+2 = 4, D 0.
 * Game points: A 3+2½+1½ = 7, B 1+2½+3 = 6½, C 4+1½+2½ = 8, D 2½.
 * A, B and C are tied on match points and each beat one of the others:
 * direct encounter (6) on match points 2 each, no one placed. Extended
 * direct encounter (13.3.1), on the secondary score, game points, among
 * them: A 3 (against B) + 1½ (against C) = 4½, B 1 + 2½ = 3½, C 1½ +
 * 2½ = 4: A, C, B. */
static GPtrArray *
cycle_league (void)
{
  GPtrArray *m = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);

  arb_test_add_team_match (m, 1, "A", "B", 6, 2, 4);
  arb_test_add_team_match (m, 1, "C", "D", 8, 0, 4);
  arb_test_add_team_match (m, 2, "B", "C", 5, 3, 4);
  arb_test_add_team_match (m, 2, "A", "D", 5, 3, 4);
  arb_test_add_team_match (m, 3, "C", "A", 5, 3, 4);
  arb_test_add_team_match (m, 3, "B", "D", 6, 2, 4);
  return m;
}

static void
test_extended_encounter (void)
{
  g_autoptr (GPtrArray) m = cycle_league ();
  static const ArbTeamOrderKey de[] = { ARB_TEAM_ORDER_DE }, ede[] = { ARB_TEAM_ORDER_EDE };
  static const char *const abc[] = { "A", "B", "C", "D" }, *const acb[] = { "A", "C", "B", "D" };
  static const int first[] = { 1, 1, 1, 4 }, last[] = { 3, 3, 3, 4 }, single[] = { 1, 2, 3, 4 };
  g_autoptr (GPtrArray) by_de = ranked (m, ARB_TEAM_SCORE_MP, de, 1);
  g_autoptr (GPtrArray) by_ede = ranked (m, ARB_TEAM_SCORE_MP, ede, 1);

  check_places (by_de, abc, first, last);
  check_places (by_ede, acb, single, single);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat (((ArbTeamStandingsRow *) by_ede->pdata[i])->direct_encounter, ==, 2);
}

/* Game points first (the boards league): P 7, Q 7, R 6, S 4. MPvGP
 * (13.1) is then match points: P 5. Buchholz on game points (8.1 on
 * the primary score, 13): P's opponents Q 7 + R 6 + S 4 = 17. SSSC
 * (13.4): the secondary score, 5, plus the Buchholz over the factor,
 * the most game points of the event (4 boards × 3 rounds = 12) over the
 * most match points of one match (2): 6; 5 + 17/6 = 47/6. SB on game
 * points is EGGSB (13.2.4): P Q 7×2 + R 6×2½ + S 4×2½ = 39. */
static void
test_game_points_first (void)
{
  g_autoptr (GPtrArray) m = boards_league ();
  static const ArbTeamOrderKey keys[] = { ARB_TEAM_ORDER_BH };
  g_autoptr (GPtrArray) rows = ranked (m, ARB_TEAM_SCORE_GP, keys, 1);
  const ArbTeamStandingsRow *p = rows->pdata[0];

  g_assert_cmpstr (p->team, ==, "P");
  g_assert_cmpint (p->place_last, ==, 2); /* Q: the same Buchholz, 7 + 4 + 6 */
  g_assert_cmpfloat (p->order_values[ARB_TEAM_ORDER_MPVGP], ==, 5);
  g_assert_cmpfloat (p->order_values[ARB_TEAM_ORDER_BH], ==, 17);
  g_assert_cmpfloat_with_epsilon (p->order_values[ARB_TEAM_ORDER_SSSC], 47.0 / 6, 1e-9);
  g_assert_cmpfloat (p->order_values[ARB_TEAM_ORDER_SB], ==, 39);
}

/* The boards of a pairing-allocated bye (the preamble of Article 12): a
 * game won on each board, whatever game points the bye scores (here a
 * drawn match's, 2, as C.04.6 1.4 gives by default). Three teams:
 *   R1: X a bye (2 game points)   R2: X–Y 1, 0, ½, ½ (X's points)
 *   R3: X–Z 0, 1, ½, ½
 * X's boards: 1+1+0 = 2, 1+0+1 = 2, 1+½+½ = 2, 1+½+½ = 2; its game
 * points the bye's 2 as recorded + 2 + 2 = 6. */
static void
test_bye_boards (void)
{
  g_autoptr (GPtrArray) m =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  static const int xy[] = { 2, 0, 1, 1 }, xz[] = { 0, 2, 1, 1 };
  g_autoptr (GPtrArray) rows = NULL;

  arb_test_add_team_match (m, 1, "X", NULL, 4, 0, 4);
  add_boards (m, 2, "X", "Y", xy);
  add_boards (m, 3, "X", "Z", xz);
  rows = arb_team_standings_compute (m, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      if (g_strcmp0 (r->team, "X") != 0)
        continue;
      g_assert_cmpfloat (r->game_points, ==, 2 + 2 + 2);
      for (int k = 0; k < 4; k++)
        g_assert_cmpfloat (r->boards[k], ==, 2);
      return;
    }
  g_assert_not_reached ();
}

static void
test_settings (void)
{
  ArbEventInfo event = { 0 };
  ArbTeamOrder order;
  ArbTeamOrderKey key;

  event.settings = (char *) "{\"team_score\": \"gp\", \"team_tiebreaks\": [\"ede\", \"tbr\", "
                            "\"nonsense\", 3, \"bbe\"]}";
  arb_team_order_from_event (&event, &order);
  g_assert_cmpint (order.primary, ==, ARB_TEAM_SCORE_GP);
  g_assert_cmpuint (order.n_order, ==, 3);
  g_assert_cmpint (order.order[0], ==, ARB_TEAM_ORDER_EDE);
  g_assert_cmpint (order.order[1], ==, ARB_TEAM_ORDER_TBR);
  g_assert_cmpint (order.order[2], ==, ARB_TEAM_ORDER_BBE);

  event.settings = (char *) "{\"scoring\": \"1-0.5-0\"}";
  arb_team_order_from_event (&event, &order);
  g_assert_cmpint (order.primary, ==, ARB_TEAM_SCORE_MP);
  g_assert_cmpuint (order.n_order, ==, 4);
  g_assert_cmpint (order.order[0], ==, ARB_TEAM_ORDER_MPVGP);
  g_assert_cmpint (order.order[3], ==, ARB_TEAM_ORDER_SB);

  for (int k = 0; k < ARB_TEAM_ORDER_N; k++)
    {
      g_assert_true (arb_team_order_from_key (arb_team_order_to_key (k), &key));
      g_assert_cmpint (key, ==, k);
    }
  g_assert_cmpstr (arb_team_order_acronym (ARB_TEAM_ORDER_MPVGP), ==, "MPvGP");
}

/* The keys of the team scores and tie-breaks as "team_score" and
 * "team_tiebreaks" store them, written out by hand. Unlike an item of
 * the order (arb_team_order_item_from_text), a key reads in lowercase
 * only, and a key or score that is none is no mistake: NULL or FALSE,
 * without a warning. */
static void
test_keys (void)
{
  static const struct
  {
    ArbTeamOrderKey key;
    const char *text;
  } order_keys[] = {
    { ARB_TEAM_ORDER_MPVGP, "mpvgp" }, { ARB_TEAM_ORDER_DE, "de" },
    { ARB_TEAM_ORDER_EDE, "ede" },     { ARB_TEAM_ORDER_BH, "bh" },
    { ARB_TEAM_ORDER_SB, "sb" },       { ARB_TEAM_ORDER_EMMSB, "emmsb" },
    { ARB_TEAM_ORDER_EMGSB, "emgsb" }, { ARB_TEAM_ORDER_EGMSB, "egmsb" },
    { ARB_TEAM_ORDER_EGGSB, "eggsb" }, { ARB_TEAM_ORDER_SSSC, "sssc" },
    { ARB_TEAM_ORDER_BC, "bc" },       { ARB_TEAM_ORDER_TBR, "tbr" },
    { ARB_TEAM_ORDER_BBE, "bbe" },
  };
  ArbTeamOrderKey key;
  ArbTeamScore score;

  g_assert_cmpstr (arb_team_score_to_key (ARB_TEAM_SCORE_MP), ==, "mp");
  g_assert_cmpstr (arb_team_score_to_key (ARB_TEAM_SCORE_GP), ==, "gp");
  for (int s = ARB_TEAM_SCORE_MP; s <= ARB_TEAM_SCORE_GP; s++)
    {
      score = -1;
      g_assert_true (arb_team_score_from_key (arb_team_score_to_key (s), &score));
      g_assert_cmpint (score, ==, s);
    }
  score = ARB_TEAM_SCORE_GP;
  g_assert_false (arb_team_score_from_key ("MP", &score));
  g_assert_false (arb_team_score_from_key ("", &score));
  g_assert_false (arb_team_score_from_key (NULL, &score));
  g_assert_cmpint (score, ==, ARB_TEAM_SCORE_GP); /* untouched */
  g_assert_null (arb_team_score_to_key (ARB_TEAM_SCORE_GP + 1));
  g_assert_null (arb_team_score_to_key (-1));

  g_assert_cmpuint (G_N_ELEMENTS (order_keys), ==, ARB_TEAM_ORDER_N);
  for (gsize i = 0; i < G_N_ELEMENTS (order_keys); i++)
    {
      g_assert_cmpstr (arb_team_order_to_key (order_keys[i].key), ==, order_keys[i].text);
      key = ARB_TEAM_ORDER_N;
      g_assert_true (arb_team_order_from_key (order_keys[i].text, &key));
      g_assert_cmpint (key, ==, order_keys[i].key);
    }
  key = ARB_TEAM_ORDER_BC;
  g_assert_false (arb_team_order_from_key ("BH", &key));
  g_assert_false (arb_team_order_from_key ("n", &key)); /* the count is no key */
  g_assert_false (arb_team_order_from_key ("mpvgp ", &key));
  g_assert_false (arb_team_order_from_key (NULL, &key));
  g_assert_cmpint (key, ==, ARB_TEAM_ORDER_BC);
  g_assert_null (arb_team_order_to_key (ARB_TEAM_ORDER_N));
  g_assert_null (arb_team_order_to_key (-1));
  /* The acronyms stay the headings' own table. */
  g_assert_cmpstr (arb_team_order_acronym (ARB_TEAM_ORDER_SSSC), ==, "SSSC");
  g_assert_null (arb_team_order_acronym (ARB_TEAM_ORDER_N));
}

/* Stored through the event's settings, one transaction: the other
 * settings stay, and the order reads back. */
static void
test_stored (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTeamOrder order = { .primary = ARB_TEAM_SCORE_GP,
                         .n_order = 2,
                         .order = { ARB_TEAM_ORDER_BBE, ARB_TEAM_ORDER_EMGSB } },
               read;

  g_assert_true (arb_event_settings_set_round_robin (t, TRUE, &error));
  g_assert_true (arb_event_settings_set_team_order (t, &order, &error));
  g_assert_no_error (error);
  event = arb_tournament_get_event (t, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (event->settings, "\"round_robin\":true"));
  arb_team_order_from_event (event, &read);
  g_assert_cmpint (read.primary, ==, ARB_TEAM_SCORE_GP);
  g_assert_cmpuint (read.n_order, ==, 2);
  g_assert_cmpint (read.order[0], ==, ARB_TEAM_ORDER_BBE);
  g_assert_cmpint (read.order[1], ==, ARB_TEAM_ORDER_EMGSB);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/standings-teams-order/top-and-bottom-boards",
                   test_top_and_bottom_boards);
  g_test_add_func ("/round/standings-teams-order/extended-encounter", test_extended_encounter);
  g_test_add_func ("/round/standings-teams-order/board-count-needs-equal-game-points",
                   test_board_count_needs_equal_game_points);
  g_test_add_func ("/round/standings-teams-order/game-points-first", test_game_points_first);
  g_test_add_func ("/round/standings-teams-order/bye-boards", test_bye_boards);
  g_test_add_func ("/round/standings-teams-order/settings", test_settings);
  g_test_add_func ("/round/standings-teams-order/stored", test_stored);
  g_test_add_func ("/round/standings-teams-order/keys", test_keys);
  return g_test_run ();
}
