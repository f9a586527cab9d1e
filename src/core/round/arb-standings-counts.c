/* arb-standings-counts.c: the further tie-breaks of C.07's 2026 list
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tie-breaks of the FIDE "Play-Off and Tie-Break Regulations"
 * (Handbook C.07, in force from 1 March 2026) that arb-standings.c does
 * not compute and that need no rating: the Buchholz Cut-2 and Median-2
 * (8.1 with 14.2 and 14.4), Sonneborn-Berger Cut-1 (9.1 with 14.1), the
 * counts of Article 7 (7.4 BWG, 7.6 REP, 7.7 STD, 7.8 TPN), the Average
 * of Opponents' Buchholz (8.2) and the Fore Buchholz (8.3). Each says
 * what an unplayed round is to it under every ArbUnplayedRule; the
 * article numbers are those of the 2026 text. Articles 7.4 and 7.6 read
 * the same in the edition of 2024; 7.7 and 7.8 are new in 2026.
 *
 * Not here: the Limit modifier of Koya (14.5), which moves the 50 % line
 * by half points; it takes a number, which a key of ArbTiebreak has no
 * place for, and the text sets none by default.
 */

#include "config.h"

#include "arb-standings-private.h"

/* The Buchholz value of each round of @e (arb_standings_round_value)
 * into @values, and whether the round was a VUR into @vur. */
static void
round_values (const ArbStandingsTable *t,
              const ArbStandingsEntrant *e,
              double *values,
              gboolean *vur)
{
  double before = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      values[r - 1] = arb_standings_round_value (t, e, r, before);
      vur[r - 1] = e->rounds[r].vur;
      before += e->rounds[r].points;
    }
}

/* BH-C2, BH-M2 and SB-C1. Unplayed rounds: each round brings what it
 * brings to Buchholz under the rule (Article 16: a dummy with the
 * participant's own score, capped under the 2026 edition; the virtual
 * opponent before C.07; the scheduled opponent or nothing, plain), and
 * under both editions of C.07 each cut takes a VUR first (16.5): for
 * Buchholz the lowest VUR's value; for Sonneborn-Berger the higher of
 * the lowest VUR's product and the least significant value. SB-C1's
 * least significant value is the product for the lowest-scoring
 * opponent, of several such the lowest product (14.1.1); the opponent of
 * an unplayed round is the dummy, with the value above as its score. */
static void
cut_modifiers (ArbStandingsTable *t, ArbStandingsEntrant *e)
{
  g_autofree double *values = g_new0 (double, t->rounds + 1);
  g_autofree double *products = g_new0 (double, t->rounds + 1);
  g_autofree gboolean *vur = g_new0 (gboolean, t->rounds + 1);
  const gboolean *cut_vur;

  round_values (t, e, values, vur);
  cut_vur = arb_standings_cuts_vur_first (t->rule) ? vur : NULL;
  for (int r = 1; r <= t->rounds; r++)
    products[r - 1] = values[r - 1] * e->rounds[r].fraction;
  e->values[ARB_TIEBREAK_BUCHHOLZ_CUT2] =
    arb_standings_cut_sum (values, NULL, cut_vur, t->rounds, 2, 0);
  e->values[ARB_TIEBREAK_BUCHHOLZ_MEDIAN2] =
    arb_standings_cut_sum (values, NULL, cut_vur, t->rounds, 2, 2);
  e->values[ARB_TIEBREAK_SONNEBORN_BERGER_CUT1] =
    arb_standings_cut_sum (products, values, cut_vur, t->rounds, 1, 0);
}

/* STD, Article 7.7, one round: 1 for scoring more than the scheduled
 * opponent, ½ for the same, nothing for less; for a round not played
 * over the board (a forfeit, a bye, an absence), 1 for more than a
 * draw's points, ½ for a draw's, nothing for less. So a forfeit win is
 * 1, a forfeit loss (a double forfeit too) nothing. */
static double
standard_point (const ArbStandingsTable *t, const ArbStandingsEntrant *e, int r)
{
  const ArbStandingsRound *round = &e->rounds[r];
  double against = t->scoring->draw;

  if (round->kind == ROUND_PLAYED && round->opponent >= 0)
    against = t->entrants[round->opponent].rounds[r].points;
  return round->points > against ? 1.0 : round->points == against ? 0.5 : 0.0;
}

/* BWG, REP, STD and TPN: the participant's own record (Type B), the same
 * under every rule for unplayed rounds, which concern the opponents'
 * scores only. */
static void
own_counts (ArbStandingsTable *t, ArbStandingsEntrant *e)
{
  double bwg = 0, rep = t->rounds, std = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];

      /* 7.4: games won over the board with Black; a forfeit is none,
       * but in a round robin a forfeit won with Black (15.2). */
      if (arb_standings_own_game (t, round) && round->black && round->fraction == 1.0)
        bwg++;
      /* 7.6: the rounds less the half-point and zero-point byes and the
       * forfeit losses: the VURs, an absence (every round after a
       * withdrawal, 16.1.1) being a zero-point bye. */
      if (round->vur)
        rep--;
      std += standard_point (t, e, r);
    }
  e->values[ARB_TIEBREAK_BLACK_WINS] = bwg;
  e->values[ARB_TIEBREAK_ROUNDS_ELECTED] = rep;
  e->values[ARB_TIEBREAK_STANDARD_POINTS] = std;
  /* 7.8: the final pairing number, the starting rank here. */
  e->values[ARB_TIEBREAK_PAIRING_NUMBER] = e->info->start_no;
}

/* AOB, Article 8.2: the average of the Buchholz of the opponents played
 * over the board, each game counted (4.4: an opponent met twice twice),
 * not rounded (the article names no rounding). Unplayed rounds: a round
 * not played over the board has no opponent here under every rule; the
 * rule counts through the opponents' own Buchholz (Article 16 in theirs).
 * With no game played, 0. Needs every entrant's Buchholz. */
static void
average_opponent_buchholz (ArbStandingsTable *t, ArbStandingsEntrant *e)
{
  double sum = 0;
  int games = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];

      if (round->kind != ROUND_PLAYED || round->opponent < 0)
        continue;
      sum += t->entrants[round->opponent].values[ARB_TIEBREAK_BUCHHOLZ];
      games++;
    }
  e->values[ARB_TIEBREAK_AOB] = games > 0 ? sum / games : 0;
}

/* FB, Article 8.3: Buchholz as if every game paired in the final round
 * (the last round the standings count) had been drawn over the board:
 * forfeits there too, since a pairing published does not know them;
 * a bye there keeps its points (it is no paired game). The rest as for
 * Buchholz under the rule: the opponents' scores, adjusted (16.3), and
 * the dummies of the participant's own unplayed rounds (16.4, capped in
 * 2026 at the scheduled opponent's adjusted score for a forfeit and at
 * a draw a round otherwise) are those of the results so changed; the
 * virtual opponent before C.07 and the plain rule likewise. */
static void
fore_buchholz (ArbStandingsTable *t)
{
  ArbStandingsTable fore = *t;
  int last = t->rounds;

  fore.entrants = g_new0 (ArbStandingsEntrant, MAX (t->n, 1));
  for (guint i = 0; i < t->n; i++)
    {
      ArbStandingsEntrant *f = &fore.entrants[i];

      f->info = t->entrants[i].info;
      f->rounds = g_memdup2 (t->entrants[i].rounds, sizeof (ArbStandingsRound) * (last + 1));
      if (last >= 1 && f->rounds[last].opponent >= 0 &&
          (f->rounds[last].kind == ROUND_PLAYED || f->rounds[last].kind == ROUND_FORFEIT))
        {
          f->rounds[last].kind = ROUND_PLAYED;
          f->rounds[last].points = t->scoring->draw;
          f->rounds[last].fraction = 0.5;
          f->rounds[last].vur = FALSE;
        }
      for (int r = 1; r <= last; r++)
        f->points += f->rounds[r].points;
    }
  for (guint i = 0; i < t->n; i++)
    fore.entrants[i].adjusted =
      arb_standings_adjusted_score (&fore.entrants[i], last, t->scoring, t->rule);
  for (guint i = 0; i < t->n; i++)
    {
      g_autofree double *values = g_new0 (double, last + 1);
      g_autofree gboolean *vur = g_new0 (gboolean, last + 1);
      double fb = 0;

      round_values (&fore, &fore.entrants[i], values, vur);
      for (int r = 0; r < last; r++)
        fb += values[r];
      t->entrants[i].values[ARB_TIEBREAK_FORE_BUCHHOLZ] = fb;
    }
  for (guint i = 0; i < t->n; i++)
    g_free (fore.entrants[i].rounds);
  g_free (fore.entrants);
}

void
arb_standings_counts (ArbStandingsTable *t)
{
  g_assert (t != NULL);
  for (guint i = 0; i < t->n; i++)
    {
      cut_modifiers (t, &t->entrants[i]);
      own_counts (t, &t->entrants[i]);
      average_opponent_buchholz (t, &t->entrants[i]);
    }
  fore_buchholz (t);
}

gboolean
arb_standings_sorts_ascending (ArbTiebreak tiebreak)
{
  /* Article 7.8 allows the reverse too; the event cannot choose it. */
  return tiebreak == ARB_TIEBREAK_PAIRING_NUMBER;
}
