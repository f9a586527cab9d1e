/* test-standings-rating.c: C.07 Article 10's rating tie-breaks, by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value below was computed by hand, in the comments, from
 * the definitions of the FIDE Play-Off and Tie-Break Regulations (Handbook
 * C.07, applied from 1 March 2026) Article 10, with the tables of the FIDE
 * Rating Regulations (Handbook B.02, applied from 1 March 2024) 8.1.1
 * (p to dp) and 8.1.2 (D to PD), not by the code under test. The choices
 * the text leaves open are those src/core/round/arb-standings-rating.c
 * states: games over the board only; a game against an unrated opponent
 * left out of TPR and PTP; the fractional score rounded to two decimals,
 * a half up; an opponent without a TPR left out of APRO and APPO.
 * C.07 2026 carries no worked example for Article 10 to reproduce.
 */

#include "config.h"

#include "arb-standings.h"
#include "arb-test-utils.h"

#define N_PLAYERS 7

/* The Swiss: seven players, three rounds, one bye a round.
 *
 *   no name rating
 *    1 A    2200
 *    2 B    2100
 *    3 C    2000
 *    4 D    1900
 *    5 E    1800
 *    6 F    1700
 *    7 G    unrated
 *
 * Round 1: A–E 1-0, B–F 1-0, C–G ½-½, D the pairing-allocated bye (U).
 * Round 2: B–A 0-1, D–C "+/-" (C forfeits), G–E 1-0, F the bye (U).
 * Round 3: A–D 1-0, F–C 0-1, G–B ½-½, E a half-point bye (H).
 *
 * Points: A 3 (100 %), B 1½, C 1½, D 2, E ½, F 1, G 2.
 *
 * The games over the board against a rated opponent (the forfeit D–C,
 * the byes and every game against G are left out), with the score in
 * them:
 *   A: E 1800, B 2100, D 1900   3 of 3
 *   B: F 1700, A 2200           1 of 2 (G left out)
 *   C: F 1700                   1 of 1 (G left out, D a forfeit)
 *   D: A 2200                   0 of 1 (a bye, a forfeit win)
 *   E: A 2200                   0 of 1 (G left out, a bye)
 *   F: B 2100, C 2000           0 of 2 (a bye)
 *   G: C 2000, E 1800, B 2100   2 of 3 (G is unrated; its opponents are
 *                                       rated)
 */
static const struct
{
  int round, white, black;
  ArbResult result;
  const char *bye;
} games[] = {
  { 1, 1, 5, ARB_RESULT_WHITE_WINS, NULL }, { 1, 2, 6, ARB_RESULT_WHITE_WINS, NULL },
  { 1, 3, 7, ARB_RESULT_DRAW, NULL },       { 1, 4, 0, ARB_RESULT_WHITE_WINS, "U" },
  { 2, 2, 1, ARB_RESULT_BLACK_WINS, NULL }, { 2, 4, 3, ARB_RESULT_WHITE_FORFEIT_WIN, NULL },
  { 2, 7, 5, ARB_RESULT_WHITE_WINS, NULL }, { 2, 6, 0, ARB_RESULT_WHITE_WINS, "U" },
  { 3, 1, 4, ARB_RESULT_WHITE_WINS, NULL }, { 3, 6, 3, ARB_RESULT_BLACK_WINS, NULL },
  { 3, 7, 2, ARB_RESULT_DRAW, NULL },       { 3, 5, 0, ARB_RESULT_WHITE_HALF, "H" },
};

typedef struct
{
  ArbPlayerInfo players[N_PLAYERS + 1];
  GPtrArray *player_list;
  GPtrArray *game_list;
  ArbGameInfo games[G_N_ELEMENTS (games)];
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  static const char *const names[] = { NULL, "A", "B", "C", "D", "E", "F", "G" };

  f->player_list = g_ptr_array_new ();
  f->game_list = g_ptr_array_new ();
  for (int no = 1; no <= N_PLAYERS; no++)
    {
      f->players[no] = (ArbPlayerInfo){ .id = 100 + no,
                                        .start_no = no,
                                        .name = (char *) names[no],
                                        .rating = no < 7 ? 2300 - 100 * no : 0 };
      g_ptr_array_add (f->player_list, &f->players[no]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      f->games[i] = (ArbGameInfo){ .id = (gint64) i + 1,
                                   .round = games[i].round,
                                   .board = (int) i + 1,
                                   .white_id = 100 + games[i].white,
                                   .black_id = games[i].black != 0 ? 100 + games[i].black : 0,
                                   .bye_code = (char *) games[i].bye,
                                   .result = games[i].result,
                                   .rated = TRUE };
      g_ptr_array_add (f->game_list, &f->games[i]);
    }
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_ptr_array_unref (f->player_list);
  g_ptr_array_unref (f->game_list);
}

static GPtrArray *
standings (Fixture *f, const char *scoring_text, const ArbTiebreak *order, guint n_order)
{
  ArbScoring scoring;
  GPtrArray *rows;

  arb_scoring_init_default (&scoring);
  scoring.unplayed = ARB_UNPLAYED_C07_2026;
  if (scoring_text != NULL)
    g_assert_true (arb_scoring_parse (scoring_text, &scoring));
  rows = arb_standings_compute (f->player_list, f->game_list, 0, &scoring, order, n_order);
  g_assert_nonnull (rows);
  return rows;
}

/* TPR, C.07 2026 Article 10.2: ARO (10.1, rounded, a half up) plus dp
 * (B.02 8.1.1) for the fractional score, rounded to two decimals.
 *   A: ARO (1800 + 2100 + 1900) / 3 = 1933.3 → 1933; p 3/3 = 1.0,
 *      dp 800 (notional) → 2733 (the 100 % score)
 *   B: ARO (1700 + 2200) / 2 = 1950; p 1/2 = .50, dp 0 → 1950
 *   C: ARO 1700; p 1/1 = 1.0, dp 800 → 2500
 *   D: ARO 2200; p 0/1 = .00, dp -800 → 1400
 *   E: ARO 2200; p 0/1, dp -800 → 1400
 *   F: ARO (2100 + 2000) / 2 = 2050; p 0/2, dp -800 → 1250
 *   G: ARO (2000 + 1800 + 2100) / 3 = 1966.7 → 1967; p 2/3 = .667 → .67,
 *      dp 125 → 2092
 *
 * PTP, 10.3: the lowest whole R with Σ PD(R − Ropp) ≥ the score (B.02
 * 8.1.2, the whole table); a zero score: lowest opponent − 800.
 *   A: 3 of 3 needs PD 1.0 in every game, D > 735 against the highest,
 *      2100: R 2836 (D 736, 936, 1036: 1.0 + 1.0 + 1.0 = 3); R 2835 has
 *      D 735 against B: .99 + 1.0 + 1.0 = 2.99 < 3 → 2836
 *   B: 1 of 2 against 1700 and 2200. R 1946: D +246 (band 246–256) .81,
 *      D −254 (band 246–256, lower) .19: 1.00 ≥ 1. R 1945: D +245 (band
 *      236–245) .80, D −255 .19: .99 < 1 → 1946 (TPR says 1950)
 *   C: 1 of 1 against 1700: R 2436 (D 736) 1.0; R 2435 (D 735) .99 → 2436
 *   D: zero score: 2200 − 800 → 1400
 *   E: zero score: 2200 − 800 → 1400
 *   F: zero score: the lowest of 2100 and 2000, minus 800 → 1200
 *      (TPR says 1250)
 *   G: 2 of 3 against 2000, 1800, 2100.
 *      R 2103: D +103 (99–106) .64, +303 (303–315) .86, −3 (0–3) .50:
 *              2.00 ≥ 2;
 *      R 2102: D +102 .64, +302 (291–302) .85, −2 .50: 1.99 < 2 → 2103
 *
 * APRO, 10.4, and APPO, 10.5: the opponents met over the board (the
 * unrated G among them: a TPR needs no rating of one's own), rounded a
 * half up.
 *   A: E, B, D  APRO (1400 + 1950 + 1400) / 3 = 1583.3 → 1583
 *               APPO (1400 + 1946 + 1400) / 3 = 1582
 *   B: F, A, G  APRO (1250 + 2733 + 2092) / 3 = 2025
 *               APPO (1200 + 2836 + 2103) / 3 = 2046.3 → 2046
 *   C: G, F     APRO (2092 + 1250) / 2 = 1671 (D–C a forfeit: out)
 *               APPO (2103 + 1200) / 2 = 1651.5 → 1652
 *   D: A        APRO 2733, APPO 2836
 *   E: A, G     APRO (2733 + 2092) / 2 = 2412.5 → 2413
 *               APPO (2836 + 2103) / 2 = 2469.5 → 2470
 *   F: B, C     APRO (1950 + 2500) / 2 = 2225
 *               APPO (1946 + 2436) / 2 = 2191
 *   G: C, E, B  APRO (2500 + 1400 + 1950) / 3 = 1950
 *               APPO (2436 + 1400 + 1946) / 3 = 1927.3 → 1927
 *
 * RTNG, 10.6: the own rating; G unrated, 0. */
static const struct
{
  double points;
  int aro, tpr, ptp, apro, appo, rtng;
} expected[N_PLAYERS + 1] = {
  [1] = { 3, 1933, 2733, 2836, 1583, 1582, 2200 },
  [2] = { 1.5, 1950, 1950, 1946, 2025, 2046, 2100 },
  [3] = { 1.5, 1700, 2500, 2436, 1671, 1652, 2000 },
  [4] = { 2, 2200, 1400, 1400, 2733, 2836, 1900 },
  [5] = { 0.5, 2200, 1400, 1400, 2413, 2470, 1800 },
  [6] = { 1, 2050, 1250, 1200, 2225, 2191, 1700 },
  [7] = { 2, 1967, 2092, 2103, 1950, 1927, 0 },
};

static void
assert_values (GPtrArray *rows)
{
  for (int no = 1; no <= N_PLAYERS; no++)
    {
      const ArbStandingsRow *r = arb_test_standings_row (rows, no);

      g_test_message ("player %d", no);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_ARO], ==, expected[no].aro);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_TPR], ==, expected[no].tpr);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_PTP], ==, expected[no].ptp);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_APRO], ==, expected[no].apro);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_APPO], ==, expected[no].appo);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_RTNG], ==, expected[no].rtng);
    }
}

static void
test_values (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) rows = standings (f, NULL, NULL, 0);

  for (int no = 1; no <= N_PLAYERS; no++)
    g_assert_cmpfloat (arb_test_standings_row (rows, no)->points, ==, expected[no].points);
  assert_values (rows);
}

/* Article 10 reads games, not the event's points: with 3-1-0 (A 9, B 4,
 * C 4, D 6, E 1, F 3, G 5) a fractional score is still wins and draws
 * over games, and every value above stays. */
static void
test_scoring_3_1_0 (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) rows = standings (f, "3-1-0", NULL, 0);

  g_assert_cmpfloat (arb_test_standings_row (rows, 1)->points, ==, 9);
  g_assert_cmpfloat (arb_test_standings_row (rows, 7)->points, ==, 5);
  assert_values (rows);
}

/* Ordered by each, the highest first (10.6: highest to lowest for
 * RTNG). The ties on points: D and G on 2, B and C on 1½.
 *   TPR:  G 2092 before D 1400; C 2500 before B 1950
 *   PTP:  G 2103 before D 1400; C 2436 before B 1946
 *   APRO: D 2733 before G 1950; B 2025 before C 1671
 *   APPO: D 2836 before G 1927; B 2046 before C 1652
 *   RTNG: D 1900 before G 0;    B 2100 before C 2000 */
static void
test_order (Fixture *f, gconstpointer data)
{
  static const struct
  {
    ArbTiebreak tiebreak;
    int order[N_PLAYERS];
  } cases[] = {
    { ARB_TIEBREAK_TPR, { 1, 7, 4, 3, 2, 6, 5 } },  { ARB_TIEBREAK_PTP, { 1, 7, 4, 3, 2, 6, 5 } },
    { ARB_TIEBREAK_APRO, { 1, 4, 7, 2, 3, 6, 5 } }, { ARB_TIEBREAK_APPO, { 1, 4, 7, 2, 3, 6, 5 } },
    { ARB_TIEBREAK_RTNG, { 1, 4, 7, 2, 3, 6, 5 } },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GPtrArray) rows = standings (f, NULL, &cases[c].tiebreak, 1);

      g_test_message ("%s", arb_tiebreak_to_key (cases[c].tiebreak));
      g_assert_cmpuint (rows->len, ==, N_PLAYERS);
      for (guint i = 0; i < rows->len; i++)
        {
          const ArbStandingsRow *r = rows->pdata[i];

          g_assert_cmpint (r->start_no, ==, cases[c].order[i]);
          g_assert_cmpint (r->place_first, ==, (int) i + 1);
          g_assert_cmpint (r->place_last, ==, (int) i + 1);
        }
    }
}

/* A player met twice (C.07 Article 4.4: each game is an encounter of
 * its own, the opponent counted once a game). A 2000, B 1800, C 1600:
 *   round 1: A–B 1-0, C the bye (U)
 *   round 2: B–A ½-½, C the bye
 *   round 3: C–A 0-1, B the bye
 * TPR (10.2):
 *   A: B 1800 1, B 1800 ½, C 1600 1: ARO 5200 / 3 = 1733.3 → 1733,
 *      p 2½/3 = .83, dp 273 → 2006
 *   B: A 2000 0, A 2000 ½: ARO 2000, p .25, dp −193 → 1807
 *   C: A 2000 0: ARO 2000, p 0, dp −800 → 1200
 * PTP (10.3):
 *   A: 2·PD(R − 1800) + PD(R − 1600) ≥ 2.50. R 2026: D 226 (226–235)
 *      .79 twice, D 426 (412–432) .93: 2.51. R 2017 to 2025: D 217–225
 *      (216–225) .78 twice, D 417–425 .93: 2.49; below 2017 less → 2026
 *   B: 2·PD(R − 2000) ≥ .50, PD ≥ .25: D −197 (189–197, lower) .25 at
 *      R 1803; R 1802, D −198 (198–206) .24 → 1803
 *   C: zero score: 2000 − 800 → 1200
 * APRO (10.4), each game once:
 *   A: B, B, C (1807 + 1807 + 1200) / 3 = 1604.7 → 1605 (once an
 *      opponent, (1807 + 1200) / 2, it would be 1504)
 *   B: A, A 2006; C: A 2006
 * APPO (10.5):
 *   A: (1803 + 1803 + 1200) / 3 = 1602; B: A, A 2026; C: A 2026 */
static void
test_met_twice (void)
{
  ArbPlayerInfo players[] = {
    { .id = 1, .start_no = 1, .name = (char *) "A", .rating = 2000 },
    { .id = 2, .start_no = 2, .name = (char *) "B", .rating = 1800 },
    { .id = 3, .start_no = 3, .name = (char *) "C", .rating = 1600 },
  };
  ArbGameInfo played[] = {
    { .id = 1,
      .round = 1,
      .board = 1,
      .white_id = 1,
      .black_id = 2,
      .result = ARB_RESULT_WHITE_WINS },
    { .id = 2,
      .round = 1,
      .board = 2,
      .white_id = 3,
      .bye_code = (char *) "U",
      .result = ARB_RESULT_WHITE_WINS },
    { .id = 3, .round = 2, .board = 1, .white_id = 2, .black_id = 1, .result = ARB_RESULT_DRAW },
    { .id = 4,
      .round = 2,
      .board = 2,
      .white_id = 3,
      .bye_code = (char *) "U",
      .result = ARB_RESULT_WHITE_WINS },
    { .id = 5,
      .round = 3,
      .board = 1,
      .white_id = 3,
      .black_id = 1,
      .result = ARB_RESULT_BLACK_WINS },
    { .id = 6,
      .round = 3,
      .board = 2,
      .white_id = 2,
      .bye_code = (char *) "U",
      .result = ARB_RESULT_WHITE_WINS },
  };
  static const int want[][5] = {
    /* TPR, PTP, APRO, APPO, RTNG */
    { 2006, 2026, 1605, 1602, 2000 },
    { 1807, 1803, 2006, 2026, 1800 },
    { 1200, 1200, 2006, 2026, 1600 },
  };
  g_autoptr (GPtrArray) player_list = g_ptr_array_new ();
  g_autoptr (GPtrArray) game_list = g_ptr_array_new ();
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring scoring;

  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    g_ptr_array_add (player_list, &players[i]);
  for (guint i = 0; i < G_N_ELEMENTS (played); i++)
    g_ptr_array_add (game_list, &played[i]);
  arb_scoring_init_default (&scoring);
  rows = arb_standings_compute (player_list, game_list, 0, &scoring, NULL, 0);
  for (int no = 1; no <= 3; no++)
    {
      const ArbStandingsRow *r = arb_test_standings_row (rows, no);

      g_test_message ("player %d", no);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_TPR], ==, want[no - 1][0]);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_PTP], ==, want[no - 1][1]);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_APRO], ==, want[no - 1][2]);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_APPO], ==, want[no - 1][3]);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_RTNG], ==, want[no - 1][4]);
    }
}

/* The keys are C.07's acronyms in lower case (TRF-2026 writes them in
 * upper case; either reads), and the ratings among the tie-breaks are
 * whole numbers. */
static void
test_keys (void)
{
  static const struct
  {
    ArbTiebreak tiebreak;
    const char *key;
  } cases[] = {
    { ARB_TIEBREAK_TPR, "tpr" },   { ARB_TIEBREAK_PTP, "ptp" },   { ARB_TIEBREAK_APRO, "apro" },
    { ARB_TIEBREAK_APPO, "appo" }, { ARB_TIEBREAK_RTNG, "rtng" },
  };
  ArbTiebreak tb;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *upper = g_ascii_strup (cases[i].key, -1);

      g_assert_cmpstr (arb_tiebreak_to_key (cases[i].tiebreak), ==, cases[i].key);
      g_assert_true (arb_tiebreak_from_key (upper, &tb));
      g_assert_cmpint (tb, ==, cases[i].tiebreak);
      g_assert_true (arb_tiebreak_is_rating (cases[i].tiebreak));
    }
  g_assert_true (arb_tiebreak_is_rating (ARB_TIEBREAK_ARO));
  g_assert_false (arb_tiebreak_is_rating (ARB_TIEBREAK_BUCHHOLZ));
  g_assert_false (arb_tiebreak_is_rating (ARB_TIEBREAK_KOYA));
}

/* The event's settings name them by key. */
static void
test_event_settings (void)
{
  ArbEventInfo event = { .settings = (char *) "{\"tiebreaks\": [\"tpr\", \"APRO\", \"rtng\"]}" };
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;

  arb_standings_event_settings (&event, &scoring, order, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (order[0], ==, ARB_TIEBREAK_TPR);
  g_assert_cmpint (order[1], ==, ARB_TIEBREAK_APRO);
  g_assert_cmpint (order[2], ==, ARB_TIEBREAK_RTNG);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/round/standings/rating/values", Fixture, NULL, set_up, test_values, tear_down);
  g_test_add ("/round/standings/rating/scoring-3-1-0", Fixture, NULL, set_up, test_scoring_3_1_0,
              tear_down);
  g_test_add ("/round/standings/rating/order", Fixture, NULL, set_up, test_order, tear_down);
  g_test_add_func ("/round/standings/rating/met-twice", test_met_twice);
  g_test_add_func ("/round/standings/rating/keys", test_keys);
  g_test_add_func ("/round/standings/rating/event-settings", test_event_settings);
  return g_test_run ();
}
