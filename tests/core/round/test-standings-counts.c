/* test-standings-counts.c: the further tie-breaks of C.07 (2026), by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * BH-C2, BH-M2, SB-C1, BWG, REP, STD, TPN, AOB and FB
 * (src/core/round/arb-standings-counts.c) on a small Swiss designed for
 * them. Every expected value was computed by hand from the definitions
 * of the FIDE "Play-Off and Tie-Break Regulations" (Handbook C.07, in
 * force from 1 March 2026), the working in the comments, not by the code
 * under test. The 2026 text carries no worked example of its own (the
 * Technical Commission's exercise, which test-standings.c reworks, was
 * written for the 2023 text and gives no answers for these).
 */

#include "config.h"

#include <glib/gstdio.h>

#include "arb-standings.h"
#include "arb-test-utils.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 id[8];
} Fixture;

/* Seven players, five rounds (White first):
 *
 *   R1: 1–4 1-0, 5–2 0-1, 3–6 ½-½, 7 the pairing-allocated bye (U)
 *   R2: 1 a half-point bye (H), 2–7 ½-½, 4–3 0-1, 6–5 +/- (5 forfeits)
 *   R3: 1–7 1-0, 3–2 0-1, 5–4 ½-½, 6 a zero-point bye (Z)
 *   R4: 2–1 ½-½, 6–7 0-1, 5–3 ½-½; 4 has withdrawn: absent
 *   R5: 3–1 0-1, 2–6 1-0, 7–5 +/- (5 forfeits); 4 absent
 *
 * Scores:
 *   1: 1 + ½ + 1 + ½ + 1 = 4      2: 1 + ½ + 1 + ½ + 1 = 4
 *   3: ½ + 1 + 0 + ½ + 0 = 2      4: 0 + 0 + ½ + 0 + 0 = ½
 *   5: 0 + 0 + ½ + ½ + 0 = 1      6: ½ + 1 + 0 + 0 + 0 = 1½
 *   7: 1 + ½ + 0 + 1 + 1 = 3½     (16½: 4, 3½, 3, 3, 3 by round)
 *
 * VURs (16.1): 1's H bye (R2); 4's absences (R4, R5: every round after a
 * withdrawal is a zero-point bye, 16.1.1); 5's forfeit losses (R2, R5);
 * 6's Z bye (R3). 7's pairing-allocated bye and the forfeit wins are
 * not.
 *
 * The opponents' adjusted scores (16.3): the byes and absences after a
 * participant's last round that was no VUR count as draws, a forfeit
 * keeps its points: 4 (last such round R3) 0 + 0 + ½ + ½ + ½ = 1½; 5
 * (last such R4; R5 a forfeit) keeps 1; the others their scores. */
static void
set_up (Fixture *f, gconstpointer data)
{
  /* Each game on the board of its White's start number. */
  static const ArbTestPairing games[] = {
    { 1, 1, 1, 4, ARB_RESULT_WHITE_WINS, NULL }, { 1, 5, 5, 2, ARB_RESULT_BLACK_WINS, NULL },
    { 1, 3, 3, 6, ARB_RESULT_DRAW, NULL },       { 1, 7, 7, 0, ARB_RESULT_WHITE_WINS, "U" },
    { 2, 1, 1, 0, ARB_RESULT_WHITE_HALF, "H" },  { 2, 2, 2, 7, ARB_RESULT_DRAW, NULL },
    { 2, 4, 4, 3, ARB_RESULT_BLACK_WINS, NULL }, { 2, 6, 6, 5, ARB_RESULT_WHITE_FORFEIT_WIN, NULL },
    { 3, 1, 1, 7, ARB_RESULT_WHITE_WINS, NULL }, { 3, 3, 3, 2, ARB_RESULT_BLACK_WINS, NULL },
    { 3, 5, 5, 4, ARB_RESULT_DRAW, NULL },       { 3, 6, 6, 0, ARB_RESULT_BOTH_LOSE, "Z" },
    { 4, 2, 2, 1, ARB_RESULT_DRAW, NULL },       { 4, 6, 6, 7, ARB_RESULT_BLACK_WINS, NULL },
    { 4, 5, 5, 3, ARB_RESULT_DRAW, NULL },       { 5, 3, 3, 1, ARB_RESULT_BLACK_WINS, NULL },
    { 5, 2, 2, 6, ARB_RESULT_WHITE_WINS, NULL }, { 5, 7, 7, 5, ARB_RESULT_WHITE_FORFEIT_WIN, NULL },
  };

  f->t = arb_test_new_tournament (&f->path);
  for (int no = 1; no <= 7; no++)
    {
      g_autofree char *name = g_strdup_printf ("Player %d", no);

      f->id[no] = arb_test_add_rated_player (f->t, no, name, 2300 - 50 * no);
    }
  arb_test_add_pairings (f->t, f->id, games, G_N_ELEMENTS (games));
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_unlink (f->path);
  g_free (f->path);
}

static GPtrArray *
standings (Fixture *f,
           ArbUnplayedRule rule,
           const char *points,
           const ArbTiebreak *order,
           guint n_order)
{
  g_autoptr (GError) error = NULL;
  ArbScoring scoring;
  GPtrArray *rows;

  arb_scoring_init_default (&scoring);
  scoring.unplayed = rule;
  if (points != NULL)
    g_assert_true (arb_scoring_parse (points, &scoring));
  rows = arb_standings_read (f->t, 0, &scoring, order, n_order, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rows);
  g_assert_cmpuint (rows->len, ==, 7);
  return rows;
}

/* The participant's own record (Articles 7.4, 7.6, 7.7, 7.8), the same
 * under every rule for unplayed rounds.
 *
 * BWG (7.4), games won over the board with Black: 1 R5 (R4 a draw) 1;
 * 2 R1, R3 2; 3 R2 (R4 a draw) 1; 4 none (R1 lost, R3 drawn); 5 none
 * (Black only in its forfeits); 6 none (R5 lost); 7 R4 (R2 drawn, R3
 * lost) 1.
 *
 * REP (7.6), five rounds less the half-point and zero-point byes and the
 * forfeit losses: 1 5 − 1 (H) = 4; 2 5; 3 5; 4 5 − 2 (the absences after
 * its withdrawal, zero-point byes by 16.1.1) = 3; 5 5 − 2 (forfeit
 * losses) = 3; 6 5 − 1 (Z) = 4; 7 5 (the pairing-allocated bye and the
 * forfeit win are no such rounds).
 *
 * STD (7.7), 1 a round scored above the opponent or, unplayed, above a
 * draw's points; ½ for the same as the opponent or a draw's points:
 *   1: 1 + ½ (H) + 1 + ½ + 1 = 4     2: 1 + ½ + 1 + ½ + 1 = 4
 *   3: ½ + 1 + 0 + ½ + 0 = 2         4: 0 + 0 + ½ + 0 + 0 = ½
 *   5: 0 + 0 + ½ + ½ + 0 = 1         6: ½ + 1 (forfeit) + 0 + 0 + 0 = 1½
 *   7: 1 (U, a win's points) + ½ + 0 + 1 + 1 (forfeit) = 3½
 * at 1-½-0 the points themselves; at 3-1-0 the same STD (its purpose),
 * while the points are 1: 3 + 1 + 3 + 1 + 3 = 11, 7: 3 + 1 + 0 + 3 + 3
 * = 10, 3: 1 + 3 + 0 + 1 + 0 = 5.
 *
 * TPN (7.8): the pairing number, the starting rank. */
static const struct
{
  int start_no;
  double bwg, rep, std;
} own_expected[] = {
  { 1, 1, 4, 4 }, { 2, 2, 5, 4 },   { 3, 1, 5, 2 },   { 4, 0, 3, 0.5 },
  { 5, 0, 3, 1 }, { 6, 0, 4, 1.5 }, { 7, 1, 5, 3.5 },
};

static void
test_own_record (Fixture *f, gconstpointer data)
{
  static const char *const scorings[] = { "1-0.5-0", "3-1-0" };

  for (int rule = 0; rule < ARB_UNPLAYED_N; rule++)
    for (gsize s = 0; s < G_N_ELEMENTS (scorings); s++)
      {
        g_autoptr (GPtrArray) rows = standings (f, rule, scorings[s], NULL, 0);

        for (gsize i = 0; i < G_N_ELEMENTS (own_expected); i++)
          {
            const ArbStandingsRow *r = arb_test_standings_row (rows, own_expected[i].start_no);

            g_test_message ("rule %s, %s, player %d", arb_unplayed_rule_to_key (rule), scorings[s],
                            own_expected[i].start_no);
            g_assert_cmpfloat (r->values[ARB_TIEBREAK_BLACK_WINS], ==, own_expected[i].bwg);
            g_assert_cmpfloat (r->values[ARB_TIEBREAK_ROUNDS_ELECTED], ==, own_expected[i].rep);
            g_assert_cmpfloat (r->values[ARB_TIEBREAK_STANDARD_POINTS], ==, own_expected[i].std);
            g_assert_cmpfloat (r->values[ARB_TIEBREAK_PAIRING_NUMBER], ==,
                               own_expected[i].start_no);
          }
        if (s == 1)
          {
            g_assert_cmpfloat (arb_test_standings_row (rows, 1)->points, ==, 11);
            g_assert_cmpfloat (arb_test_standings_row (rows, 7)->points, ==, 10);
            g_assert_cmpfloat (arb_test_standings_row (rows, 3)->points, ==, 5);
          }
      }
}

/* The 2026 edition (ARB_UNPLAYED_C07_2026). Each round's Buchholz value
 * (8.1 with 16: a game the opponent's adjusted score; an own unplayed
 * round a dummy with the participant's own score, capped by 16.4.1 for a
 * forfeit at the scheduled opponent's adjusted score and by 16.4.2
 * otherwise at ½ × 5 = 2½), the fraction of a win scored, * a VUR:
 *
 *   1 (4):  4 1½ ×1, H 2½* ×½, 7 3½ ×1, 2 4 ×½, 3 2 ×1         BH 13½
 *   2 (4):  5 1 ×1, 7 3½ ×½, 3 2 ×1, 1 4 ×½, 6 1½ ×1           BH 12
 *   3 (2):  6 1½ ×½, 4 1½ ×1, 2 4 ×0, 5 1 ×½, 1 4 ×0           BH 12
 *   4 (½):  1 4 ×0, 3 2 ×0, 5 1 ×½, absent ½* ×0, absent ½* ×0  BH 8
 *   5 (1):  2 4 ×0, forfeit to 6 min (1, 1½) = 1* ×0, 4 1½ ×½,
 *           3 2 ×½, forfeit to 7 min (1, 3½) = 1* ×0             BH 9½
 *   6 (1½): 3 2 ×½, forfeit from 5 min (1½, 1) = 1 ×1,
 *           Z min (1½, 2½) = 1½* ×0, 7 3½ ×0, 2 4 ×0              BH 12
 *   7 (3½): U min (3½, 2½) = 2½ ×1, 2 4 ×½, 1 4 ×0, 6 1½ ×1,
 *           forfeit from 5 min (3½, 1) = 1 ×1                    BH 13
 *
 * BH-C2 (14.2 with 16.5: each cut a VUR's value first, the lowest):
 *   1: −2½* −1½ = 9½ (without 16.5, −1½ −2 = 10)   2: −1 −1½ = 9½
 *   3: −1 −1½ = 9½          4: −½* −½* = 7         5: −1* −1* = 7½
 *   6: −1½* −1 = 9½         7: −1 −1½ = 10½
 * BH-M2 (14.4), then the two highest of what is left:
 *   1: 3½ 4 2 → 2    2: 2 3½ 4 → 2    3: 1½ 4 4 → 1½   4: 4 2 1 → 1
 *   5: 4 1½ 2 → 1½   6: 2 3½ 4 → 2    7: 2½ 4 4 → 2½
 * SB (9.1): 1 1½ + 1¼ + 3½ + 2 + 2 = 10¼; 2 1 + 1¾ + 2 + 2 + 1½ = 8¼;
 *   3 ¾ + 1½ + ½ = 2¾; 4 ½; 5 ¾ + 1 = 1¾; 6 1 + 1 = 2;
 *   7 2½ + 2 + 1½ + 1 = 7.
 * SB-C1 (14.1.1: the product for the lowest-scoring opponent, of equal
 * scores the lowest product; 16.5: the lowest VUR product instead unless
 * it is lower than that, i.e. the higher of the two):
 *   1: lowest opponent 4 (1½), product 1½; the H bye's 1¼ is lower: the
 *      1½ goes: 8¾
 *   2: 5 (1), product 1: 7¼
 *   3: 5 (1), product ½ (not the lower 0s against 2 and 1): 2¼
 *   4: the dummies (½), products 0, VURs: ½
 *   5: the forfeits' dummies (1), products 0, VURs: 1¾
 *   6: the forfeit win's dummy (1), product 1; the Z bye's 0 is lower:
 *      the 1 goes: 1
 *   7: the forfeit win's dummy (1), product 1: 6
 *
 * AOB (8.2), the mean of the Buchholz (above) of the opponents met over
 * the board:
 *   1: 4 8, 7 13, 2 12, 3 12 → 45 / 4 = 11¼
 *   2: 5 9½, 7 13, 3 12, 1 13½, 6 12 → 60 / 5 = 12
 *   3: 6 12, 4 8, 2 12, 5 9½, 1 13½ → 55 / 5 = 11
 *   4: 1 13½, 3 12, 5 9½ → 35 / 3      5: 2 12, 4 8, 3 12 → 32 / 3
 *   6: 3 12, 7 13, 2 12 → 37 / 3       7: 2 12, 1 13½, 6 12 → 37½ / 3
 *
 * FB (8.3), Buchholz as if the three games paired in round 5 (3–1, 2–6,
 * and 7–5, the forfeit too) had been drawn: the scores become 1 3½,
 * 2 3½, 3 2½, 4 ½, 5 1½, 6 2, 7 3; adjusted, 4 1½ (as above), 5 1½ (R5
 * now a game), the others their scores; caps as above:
 *   1: 4 1½ + H min (3½, 2½) 2½ + 7 3 + 2 3½ + 3 2½ = 13
 *   2: 5 1½ + 7 3 + 3 2½ + 1 3½ + 6 2 = 12½
 *   3: 6 2 + 4 1½ + 2 3½ + 5 1½ + 1 3½ = 12
 *   4: 1 3½ + 3 2½ + 5 1½ + ½ + ½ = 8½
 *   5: 2 3½ + forfeit to 6 min (1½, 2) 1½ + 4 1½ + 3 2½ + 7 3 = 12
 *   6: 3 2½ + forfeit from 5 min (2, 1½) 1½ + Z min (2, 2½) 2 + 7 3
 *      + 2 3½ = 12½
 *   7: U min (3, 2½) 2½ + 2 3½ + 1 3½ + 6 2 + 5 1½ = 13 */
static const struct
{
  int start_no;
  double bh, c2, m2, sb, sb_c1, aob, fb;
} c07_2026_expected[] = {
  { 1, 13.5, 9.5, 2, 10.25, 8.75, 11.25, 13 },    { 2, 12, 9.5, 2, 8.25, 7.25, 12, 12.5 },
  { 3, 12, 9.5, 1.5, 2.75, 2.25, 11, 12 },        { 4, 8, 7, 1, 0.5, 0.5, 35.0 / 3, 8.5 },
  { 5, 9.5, 7.5, 1.5, 1.75, 1.75, 32.0 / 3, 12 }, { 6, 12, 9.5, 2, 2, 1, 37.0 / 3, 12.5 },
  { 7, 13, 10.5, 2.5, 7, 6, 12.5, 13 },
};

static void
test_c07_2026 (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) rows = standings (f, ARB_UNPLAYED_C07_2026, NULL, NULL, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (c07_2026_expected); i++)
    {
      const ArbStandingsRow *r = arb_test_standings_row (rows, c07_2026_expected[i].start_no);

      g_test_message ("player %d", c07_2026_expected[i].start_no);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ], ==, c07_2026_expected[i].bh);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ_CUT2], ==, c07_2026_expected[i].c2);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ_MEDIAN2], ==, c07_2026_expected[i].m2);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_SONNEBORN_BERGER], ==, c07_2026_expected[i].sb);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_SONNEBORN_BERGER_CUT1], ==,
                         c07_2026_expected[i].sb_c1);
      g_assert_cmpfloat_with_epsilon (r->values[ARB_TIEBREAK_AOB], c07_2026_expected[i].aob, 1e-9);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_FORE_BUCHHOLZ], ==, c07_2026_expected[i].fb);
    }
}

/* The same event under the other rules, where they differ.
 *
 * C.07 of 2024 (ARB_UNPLAYED_C07): the dummy has the participant's own
 * score, uncapped. 1's H bye is 4 (not 2½): BH 1½ + 4 + 3½ + 4 + 2 = 15,
 * C2 −4* −1½ = 9½; SB 1½ + 2 + 3½ + 2 + 2 = 11, SB-C1: the H bye's
 * product 2 is not lower than the 1½ against 4: the 2 goes, 9. 7's U bye
 * and forfeit win are 3½ each: BH 3½ + 4 + 4 + 1½ + 3½ = 16½, C2 −1½
 * −3½ = 11½ (4, 4 and 3½ left), M2 then −4 −4 = 3½. 6's forfeit
 * and Z bye are 1½ each: BH 2 + 1½ + 1½ + 3½ + 4 = 12½. 2's AOB from
 * these Buchholz: 5 9½, 7 16½, 3 12, 1 15, 6 12½ → 65½ / 5 = 13.1.
 *
 * Plain (ARB_UNPLAYED_PLAIN): the scores as they stand, a forfeit the
 * scheduled opponent's, a bye nothing; no VUR cut first.
 *   1: 4 ½, H 0, 7 3½, 2 4, 3 2: BH 10, C2 −0 −½ = 9½
 *   6: 3 2, 5 1 (forfeit), Z 0, 7 3½, 2 4: BH 10½, C2 −0 −1 = 9½;
 *      SB 2×½ + 1×1 = 2, SB-C1 the lowest opponent is the bye's 0,
 *      product 0: 2
 *   3: 6 1½, 4 ½, 2 4, 5 1, 1 4: BH 11; 5: 2 4, 6 1½ (forfeit), 4 ½,
 *      3 2, 7 3½ (forfeit): BH 11½; 4's AOB (1 10 + 3 11 + 5 11½) / 3
 *      = 32½ / 3.
 *   FB of 1, the round-5 games drawn (scores 4 ½, 7 3, 2 3½, 3 2½):
 *      ½ + 0 + 3 + 3½ + 2½ = 9½.
 *
 * Before C.07 (ARB_UNPLAYED_FIDE_2009): an opponent's every unplayed
 * round a draw (5: 0 + ½ + ½ + ½ + ½ = 2; 7: ½ + ½ + 0 + 1 + ½ = 2½;
 * 4 1½; 3 2; 2 4; 1 4); an own unplayed round a virtual opponent with
 * the score before it, the opposite result and a draw a later round.
 *   6: 3 2 ×½; forfeit win in R2: ½ + 0 + ½ × 3 = 2 ×1; Z in R3:
 *      1½ + 1 + ½ × 2 = 3½ ×0; 7 2½ ×0; 2 4 ×0: BH 14, C2 −2 −2 = 10;
 *      SB 1 + 2 = 3, SB-C1 the lowest opponents (2, twice) with the
 *      lower product 1: 2
 *   1: 4 1½; H in R2: 1 + ½ + ½ × 3 = 3; 7 2½; 2 4; 3 2: BH 13. */
static void
test_other_rules (Fixture *f, gconstpointer data)
{
  static const struct
  {
    ArbUnplayedRule rule;
    int start_no;
    ArbTiebreak tiebreak;
    double value;
  } cases[] = {
    { ARB_UNPLAYED_C07, 1, ARB_TIEBREAK_BUCHHOLZ, 15 },
    { ARB_UNPLAYED_C07, 1, ARB_TIEBREAK_BUCHHOLZ_CUT2, 9.5 },
    { ARB_UNPLAYED_C07, 1, ARB_TIEBREAK_SONNEBORN_BERGER, 11 },
    { ARB_UNPLAYED_C07, 1, ARB_TIEBREAK_SONNEBORN_BERGER_CUT1, 9 },
    { ARB_UNPLAYED_C07, 7, ARB_TIEBREAK_BUCHHOLZ, 16.5 },
    { ARB_UNPLAYED_C07, 7, ARB_TIEBREAK_BUCHHOLZ_CUT2, 11.5 },
    { ARB_UNPLAYED_C07, 7, ARB_TIEBREAK_BUCHHOLZ_MEDIAN2, 3.5 },
    { ARB_UNPLAYED_C07, 6, ARB_TIEBREAK_BUCHHOLZ, 12.5 },
    { ARB_UNPLAYED_C07, 2, ARB_TIEBREAK_AOB, 13.1 },
    { ARB_UNPLAYED_PLAIN, 1, ARB_TIEBREAK_BUCHHOLZ, 10 },
    { ARB_UNPLAYED_PLAIN, 1, ARB_TIEBREAK_BUCHHOLZ_CUT2, 9.5 },
    { ARB_UNPLAYED_PLAIN, 6, ARB_TIEBREAK_BUCHHOLZ, 10.5 },
    { ARB_UNPLAYED_PLAIN, 6, ARB_TIEBREAK_BUCHHOLZ_CUT2, 9.5 },
    { ARB_UNPLAYED_PLAIN, 6, ARB_TIEBREAK_SONNEBORN_BERGER_CUT1, 2 },
    { ARB_UNPLAYED_PLAIN, 4, ARB_TIEBREAK_AOB, 32.5 / 3 },
    { ARB_UNPLAYED_PLAIN, 1, ARB_TIEBREAK_FORE_BUCHHOLZ, 9.5 },
    { ARB_UNPLAYED_FIDE_2009, 6, ARB_TIEBREAK_BUCHHOLZ, 14 },
    { ARB_UNPLAYED_FIDE_2009, 6, ARB_TIEBREAK_BUCHHOLZ_CUT2, 10 },
    { ARB_UNPLAYED_FIDE_2009, 6, ARB_TIEBREAK_SONNEBORN_BERGER, 3 },
    { ARB_UNPLAYED_FIDE_2009, 6, ARB_TIEBREAK_SONNEBORN_BERGER_CUT1, 2 },
    { ARB_UNPLAYED_FIDE_2009, 1, ARB_TIEBREAK_BUCHHOLZ, 13 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) rows = standings (f, cases[i].rule, NULL, NULL, 0);
      const ArbStandingsRow *r = arb_test_standings_row (rows, cases[i].start_no);

      g_test_message ("rule %s, player %d, %s", arb_unplayed_rule_to_key (cases[i].rule),
                      cases[i].start_no, arb_tiebreak_to_key (cases[i].tiebreak));
      g_assert_cmpfloat_with_epsilon (r->values[cases[i].tiebreak], cases[i].value, 1e-9);
    }
}

/* 1 and 2 are tied on 4 points. TPN (7.8) ranks the lower pairing
 * number first and leaves no tie: 1 first, 2 second, neither sharing.
 * AOB (2026 values above: 1 11¼, 2 12) puts 2 first; SB-C1 (1 8¾, 2 7¼)
 * puts 1 first; BH-C2 (9½ each) leaves them sharing 1–2, which STD (4
 * each) does not change and TPN then breaks. */
static void
test_order (Fixture *f, gconstpointer data)
{
  static const struct
  {
    ArbTiebreak order[3];
    guint n;
    int first, place_last;
  } cases[] = {
    { { ARB_TIEBREAK_PAIRING_NUMBER }, 1, 1, 1 },
    { { ARB_TIEBREAK_AOB }, 1, 2, 1 },
    { { ARB_TIEBREAK_SONNEBORN_BERGER_CUT1 }, 1, 1, 1 },
    { { ARB_TIEBREAK_BUCHHOLZ_CUT2, ARB_TIEBREAK_STANDARD_POINTS }, 2, 1, 2 },
    { { ARB_TIEBREAK_BUCHHOLZ_CUT2, ARB_TIEBREAK_STANDARD_POINTS, ARB_TIEBREAK_PAIRING_NUMBER },
      3,
      1,
      1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) rows =
        standings (f, ARB_UNPLAYED_C07_2026, NULL, cases[i].order, cases[i].n);
      const ArbStandingsRow *first = rows->pdata[0], *second = rows->pdata[1];

      g_test_message ("case %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (first->start_no, ==, cases[i].first);
      g_assert_cmpint (second->start_no, ==, 3 - cases[i].first);
      g_assert_cmpint (first->place_last, ==, cases[i].place_last);
      g_assert_cmpint (second->place_first, ==, cases[i].place_last == 1 ? 2 : 1);
      /* 7 (3½) is third whatever the order. */
      g_assert_cmpint (((ArbStandingsRow *) rows->pdata[2])->start_no, ==, 7);
    }
}

static void
test_keys (void)
{
  static const struct
  {
    const char *key;
    ArbTiebreak tiebreak;
  } keys[] = {
    { "bh-c2", ARB_TIEBREAK_BUCHHOLZ_CUT2 },
    { "bh-m2", ARB_TIEBREAK_BUCHHOLZ_MEDIAN2 },
    { "sb-c1", ARB_TIEBREAK_SONNEBORN_BERGER_CUT1 },
    { "bwg", ARB_TIEBREAK_BLACK_WINS },
    { "rep", ARB_TIEBREAK_ROUNDS_ELECTED },
    { "std", ARB_TIEBREAK_STANDARD_POINTS },
    { "tpn", ARB_TIEBREAK_PAIRING_NUMBER },
    { "aob", ARB_TIEBREAK_AOB },
    { "fb", ARB_TIEBREAK_FORE_BUCHHOLZ },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *upper = g_ascii_strup (keys[i].key, -1);
      ArbTiebreak tb;

      g_assert_cmpstr (arb_tiebreak_to_key (keys[i].tiebreak), ==, keys[i].key);
      g_assert_true (arb_tiebreak_from_key (upper, &tb));
      g_assert_cmpint (tb, ==, keys[i].tiebreak);
    }
  g_assert_false (arb_tiebreak_from_key ("bh-c3", NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/round/standings/counts/own-record", Fixture, NULL, set_up, test_own_record,
              tear_down);
  g_test_add ("/round/standings/counts/c07-2026", Fixture, NULL, set_up, test_c07_2026, tear_down);
  g_test_add ("/round/standings/counts/other-rules", Fixture, NULL, set_up, test_other_rules,
              tear_down);
  g_test_add ("/round/standings/counts/order", Fixture, NULL, set_up, test_order, tear_down);
  g_test_add_func ("/round/standings/counts/keys", test_keys);
  return g_test_run ();
}
