/* arb-standings-rating.c: the rating-based tie-breaks of C.07 Article 10
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The FIDE Play-Off and Tie-Break Regulations (Handbook C.07, the edition
 * applied from 1 March 2026), Article 10, as this file reads them:
 *  - TPR (10.2): the average rating of the opponents (ARO, 10.1, a whole
 *    number) plus the rating difference dp that the FIDE Rating
 *    Regulations' table gives for the fractional score, the points over
 *    the board divided by the games played over the board;
 *  - PTP (10.3): the lowest whole rating R at which the expected score,
 *    the sum over those games of the scoring probability PD of the
 *    difference R minus the opponent's rating, reaches the score;
 *    PD's whole table, no 400-point cut; a zero score's PTP is the
 *    lowest-rated opponent's rating minus 800;
 *  - APRO (10.4) and APPO (10.5): the average of the TPRs, and of the
 *    PTPs, of the opponents met over the board, each game once (4.4),
 *    rounded to the nearest whole number, a half up;
 *  - RTNG (10.6): the participant's own rating, the highest first (the
 *    reverse order 10.6 allows is not offered).
 *
 * The tables are those of the FIDE Rating Regulations applied from
 * 1 March 2024 (Handbook B.02), 8.1.1 (fractional score p to rating
 * difference dp, with 800 for 1.0 and -800 for 0, notional) and 8.1.2
 * (rating difference D to the scoring probability PD of the higher and
 * the lower rated), carried over as data. They are mirror images about
 * p = .50 and D = 0, so each is kept for one half.
 *
 * The choices the text leaves to the event, made here and the same under
 * every rule for unplayed rounds:
 *  - only games played over the board count: no bye, no forfeit (Article
 *    15.2 keeps every forfeit unplayed for Article 10 even in a round
 *    robin; a Swiss's Article 16 counts no unplayed round here either);
 *  - Article 10 drops these tie-breaks when unrated players take part,
 *    unless the event's regulations (or the Chief Arbiter before the
 *    start) say how they count; choosing them is the arbiter's, and this
 *    publishes the rule: the event sets no rating for an unrated player,
 *    so a game against an unrated opponent is left out of TPR and PTP,
 *    score and games alike, as ARO leaves it out. An unrated opponent's own TPR and PTP
 *    need no rating of theirs and count in APRO and APPO; an opponent
 *    with no game against a rated player has none and is left out;
 *  - the fractional score is of games (a win 1, a draw ½), whatever the
 *    event's points (3-1-0), rounded to two decimals, a half up, before
 *    the table is read (the table has two decimals, 10.2 says no more);
 *  - TPR adds dp to the rounded ARO (10.1 defines ARO rounded);
 *  - the score PTP must reach is that of the games it sums over: 10.3
 *    says the tournament score, but with a bye or a forfeit win in it no
 *    rating could be expected to score it in the games played;
 *  - a 100 % score reads dp 800 (8.1.1); its PTP follows from the
 *    definition: PD is 1.0 only beyond a difference of 735, so it is the
 *    highest-rated opponent's rating plus 736;
 *  - a participant without a game against a rated opponent has 0 for
 *    TPR, PTP (and ARO), as an unrated participant has 0 for RTNG: the
 *    lowest. */

#include "config.h"

#include <math.h>

#include "arb-standings-private.h"

/* B.02 8.1.1: dp for p = .50, .51, … 1.0; below .50, dp(p) = -dp(1 - p). */
static const int dp_from_half[51] = {
  0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
  125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
  284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
};

/* B.02 8.1.2: the highest D of each band, whose PD for the higher rated
 * is .50, .51, … .99; beyond the last, 1.0; the lower rated's PD is
 * 1 minus the higher's. */
static const int pd_band_top[50] = {
  3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,  98,  106, 113, 121,
  129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278,
  290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
};

/* dp for @half points (a win 2, a draw 1) from @games games. */
static int
dp_of (int half, int games)
{
  /* p in hundredths, 50 half / games, rounded a half up, exactly. */
  int p = (100 * half + games) / (2 * games);

  return p >= 50 ? dp_from_half[p - 50] : -dp_from_half[50 - p];
}

/* PD, in hundredths, of a player rated @diff above the opponent. */
static int
pd_of (int diff)
{
  int d = ABS (diff), high = 100;

  for (guint i = 0; i < G_N_ELEMENTS (pd_band_top); i++)
    if (d <= pd_band_top[i])
      {
        high = 50 + (int) i;
        break;
      }
  return diff >= 0 ? high : 100 - high;
}

/* What TPR and PTP read of one entrant: the games over the board
 * against a rated opponent. */
typedef struct
{
  int games;
  int half;       /* points in half points: a win 2, a draw 1 */
  gint64 sum;     /* of the opponents' ratings */
  int *opponents; /* their ratings, games of them */
  int lowest, highest;
  gboolean has; /* a TPR and a PTP: at least one such game */
  int tpr, ptp;
} Performance;

static void
collect (const ArbStandingsTable *t, const ArbStandingsEntrant *e, Performance *p)
{
  p->opponents = g_new (int, MAX (t->rounds, 1));
  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];
      int rating;

      if (round->kind != ROUND_PLAYED || round->opponent < 0)
        continue;
      rating = t->entrants[round->opponent].info->rating;
      if (rating <= 0)
        continue; /* unrated: left out (see the top of the file) */
      p->half += (int) lround (round->fraction * 2);
      p->sum += rating;
      p->lowest = p->games == 0 ? rating : MIN (p->lowest, rating);
      p->highest = p->games == 0 ? rating : MAX (p->highest, rating);
      p->opponents[p->games++] = rating;
    }
  p->has = p->games > 0;
}

/* The expected score at rating @r, in hundredths of a point. */
static int
expected (const Performance *p, int r)
{
  int sum = 0;

  for (int i = 0; i < p->games; i++)
    sum += pd_of (r - p->opponents[i]);
  return sum;
}

/* Article 10.3. The expected score only grows with the rating: below
 * the lowest opponent by 800 it is 0, short of any score above zero;
 * above the highest by 736 it is a point a game, at least any score. A
 * halving search between the two finds the lowest rating that reaches
 * the score. */
static int
perfect_performance (const Performance *p)
{
  int below, reaches;

  if (p->half == 0)
    return p->lowest - 800;
  below = p->lowest - 800;
  reaches = p->highest + 736;
  while (reaches - below > 1)
    {
      int mid = below + (reaches - below) / 2;

      /* The score in hundredths is 50 for each half point. */
      if (expected (p, mid) >= 50 * p->half)
        reaches = mid;
      else
        below = mid;
    }
  return reaches;
}

/* Articles 10.4 and 10.5: the opponents' values, @ptp or TPR, averaged
 * over the games played over the board, rounded a half up. */
static double
opponents_average (const ArbStandingsTable *t,
                   const ArbStandingsEntrant *e,
                   const Performance *perf,
                   gboolean ptp)
{
  gint64 sum = 0;
  int n = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];
      const Performance *o;

      if (round->kind != ROUND_PLAYED || round->opponent < 0)
        continue;
      o = &perf[round->opponent];
      if (!o->has)
        continue;
      sum += ptp ? o->ptp : o->tpr;
      n++;
    }
  return n > 0 ? floor ((double) sum / n + 0.5) : 0;
}

void
arb_standings_rating_tiebreaks (ArbStandingsTable *t)
{
  g_autofree Performance *perf = g_new0 (Performance, MAX (t->n, 1));

  for (guint i = 0; i < t->n; i++)
    {
      Performance *p = &perf[i];

      collect (t, &t->entrants[i], p);
      if (!p->has)
        continue;
      /* ARO rounded as 10.1 rounds it, a half up, in whole numbers. */
      p->tpr = (int) ((2 * p->sum + p->games) / (2 * p->games)) + dp_of (p->half, p->games);
      p->ptp = perfect_performance (p);
    }
  for (guint i = 0; i < t->n; i++)
    {
      ArbStandingsEntrant *e = &t->entrants[i];

      e->values[ARB_TIEBREAK_TPR] = perf[i].tpr;
      e->values[ARB_TIEBREAK_PTP] = perf[i].ptp;
      e->values[ARB_TIEBREAK_APRO] = opponents_average (t, e, perf, FALSE);
      e->values[ARB_TIEBREAK_APPO] = opponents_average (t, e, perf, TRUE);
      e->values[ARB_TIEBREAK_RTNG] = MAX (e->info->rating, 0);
    }
  for (guint i = 0; i < t->n; i++)
    g_free (perf[i].opponents);
}

gboolean
arb_tiebreak_is_rating (ArbTiebreak tiebreak)
{
  g_return_val_if_fail ((guint) tiebreak < ARB_TIEBREAK_N, FALSE);
  return tiebreak == ARB_TIEBREAK_ARO || tiebreak == ARB_TIEBREAK_TPR ||
         tiebreak == ARB_TIEBREAK_PTP || tiebreak == ARB_TIEBREAK_APRO ||
         tiebreak == ARB_TIEBREAK_APPO || tiebreak == ARB_TIEBREAK_RTNG;
}
