/* arb-standings-teams.c: team standings from the matches of a team event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match scores the event's match points (C.07 11.1 leaves them to the
 * event's regulations; TRF-2026 record 362, the event's "team_scoring")
 * for a win (more game points than the other team), a draw, a loss: by
 * default 2, 1 and 0, the scoring most team events use (the
 * Olympiad's). Every value below that counts match points counts them
 * so: a draw's match points where Article 16 counts a drawn match, a
 * win's where the most one match brings. The
 * order, match points then game points then the FIDE Tie-Break
 * Regulations (Handbook C.07, 2026 edition) computed on match points, is
 * the project's default for a team event:
 *  - direct encounter (Article 6): among the teams tied on match and
 *    game points, the match points each scored in the matches between
 *    them (the average where two met more than once, 6.1); when every
 *    two of them met the scores rank them, and when some did not (6.2) a
 *    team is placed ahead only when its score is more than any other
 *    still tied could have reached winning the matches it did not play
 *    against the group, from the top down; the procedure is applied
 *    again to each smaller group left tied, as for players
 *    (arb-standings.c). Only matches played count, under every rule;
 *  - Buchholz (Article 8.1): the sum of the match points of the teams
 *    met, each as Article 16 adjusts it (below);
 *  - Sonneborn-Berger (Article 9.1 on match points): for each match, the
 *    opponent's adjusted match points times the match points scored in
 *    it, as the FIDE Technical Commission's TieBreakServer computes its
 *    team "SB" (the variant by game points scored is not computed).
 * A round robin (the event's "round_robin": its pairings fixed before
 * it began) counts as Article 15.2 has it instead: a match forfeited as
 * a whole is a match against the scheduled opponent, in direct
 * encounter too, and the opponents' points count as they stand.
 * Unplayed rounds (Article 16, as arb-standings.c states it for
 * players): a round in which a team has no match played is unplayed
 * (15.1). A bye (an ArbTeamMatchInfo of kind BYE, or one with no away
 * team) scores the match points it records (a caller's info without the
 * kind: a match won) and its game points; a bye asked for (codes H
 * and Z, as TRF-2026's record 240 gives them) is a voluntarily unplayed
 * round (VUR, 16.1), a pairing-allocated or full-point bye (U, F) is
 * not (16.2.1). A match forfeited as a whole (kind FORFEIT, from the
 * desk's record or a TRF-2026 record 330) scores a win's match points to
 * the winner and a loss's to the loser, both losing a double forfeit (which
 * C.07 does not name: each team counts it as a forfeit lost), with the
 * game points the record gives; a forfeit lost is a VUR (16.1). A round
 * with nothing for the team (an absence) scores nothing and is a VUR.
 * As an opponent (16.3) a team counts every round at the points it was
 * awarded, except its absences and byes asked for after its last round
 * that was no VUR (16.2.5; a withdrawal), each a drawn match: a draw's
 * match points and half the boards' game points. For the team's own
 * Buchholz and Sonneborn-Berger each unplayed round is a match against
 * a dummy opponent with the team's own final points (16.4), under the
 * event's rule for unplayed rounds, the same setting as the players'
 * (arb-standings.h):
 *  - C.07 of 2024 ("c07", the default): the dummy uncapped;
 *  - C.07 of 2026 ("c07-2026"; arb_team_standings_compute ()): capped,
 *    for a forfeit at the scheduled opponent's adjusted points (16.4.1),
 *    for a bye or an absence at a drawn match's a round times the rounds
 *    counted (16.4.2);
 *  - "plain": nothing adjusted: the opponent named, a forfeit's too, as
 *    it stands, and a bye or an absence counts nothing;
 *  - "fide-2009": its virtual opponent is not computed for teams; counted
 *    as C.07 of 2024.
 * A match still in play counts nothing yet, for either team.
 *
 * Beside the order, the team tie-breaks of C.07 (2026 edition) that the
 * match totals allow (ArbTeamTiebreak), each with Article 16 as above,
 * for game points as for match points (16.4: for teams "points" means
 * both):
 *  - Extended Sonneborn-Berger (13.2.1–13.2.4): for each round, the
 *    opponent's match or game points (adjusted, or the dummy's, as
 *    above) times the match or game points scored in it; EMMSB is the
 *    Sonneborn-Berger above. As an opponent, a withdrawn team's
 *    rounds count a drawn match: a draw's match points and half the
 *    boards;
 *  - MPvGP (13.1): the event is decided by match points, so game points;
 *  - SSSC (13.4): game points plus the Buchholz above divided by the
 *    normalising factor: the most match points a team can score in the
 *    rounds counted (a win's a round) over the most game points of one match
 *    (the boards), rounded toward zero, and 1 where that is 0.
 *  - board count (12.1): for each match, each board's number (the
 *    match's first board 1) times the game points scored on it, summed
 *    (lower is better); a bye counts a game won on every board of the
 *    event's matches (the preamble of Article 12), and so does a match
 *    won by forfeit (a forfeit lost: none); a forfeited game counts as
 *    its result says.
 * The order above is the default; an event's settings name another
 * ("team_score", "team_tiebreaks"), which arb-standings-teams-order.c
 * applies as C.07 4.2 does, with top board results and bottom board
 * elimination (12.2, 12.3), which compare the game points of each board
 * (board_points () below), and extended direct encounter (13.3). An
 * item of the order may name its score (13: BH:GP is the Buchholz above
 * on game points, SB:GP Sonneborn-Berger on game points, which is
 * EGGSB, 13.2.4) and a Cut or Median (14.1 to 14.4: BH/C1, SB:GP/M1,
 * EMGSB/C1): the least significant values of the sum are cut, for
 * Buchholz the lowest opponent's, for Sonneborn-Berger and ESB the
 * product against the opponent lowest on the score it counts (the lower
 * product of those level, 14.1.1, 14.1.2), and under C.07 (both
 * editions) a VUR's value first as 16.5 says (arb_standings_cut_sum ()). */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-direct-encounter.h"
#include "arb-standings-private.h"
#include "arb-standings-teams.h"

typedef enum
{
  TEAM_ROUND_ABSENT, /* nothing for the team: a VUR */
  TEAM_ROUND_PLAYED,
  TEAM_ROUND_BYE,          /* a bye: the points it records */
  TEAM_ROUND_PENDING,      /* a match still in play: nothing yet */
  TEAM_ROUND_FORFEIT_WON,  /* 16.2.2 */
  TEAM_ROUND_FORFEIT_LOST, /* 16.2.4, a VUR (16.1); both teams of a double forfeit */
} TeamRoundKind;

typedef struct
{
  TeamRoundKind kind;
  int opponent;       /* index of the team met, -1 when none */
  gboolean requested; /* a bye asked for (H, Z): a VUR (16.1) */
  double mp, gp;
  double bc; /* 12.1: Σ board × game points on it */
} TeamRound;

typedef struct
{
  char *team;
  double mp, gp, de, bh, sb;
  double adjusted;    /* the match points as an opponent counts them */
  double adjusted_gp; /* the game points likewise */
  double values[ARB_TEAM_TB_COUNT];
  double bh_gp;                       /* Buchholz on game points (8.1, 13) */
  double boards[ARB_TEAM_MAX_BOARDS]; /* Σ game points on each board (12) */
  int matches;
  TeamRound *rounds; /* 1 … n */
} Team;

typedef struct
{
  GPtrArray *teams;
  int rounds;
  int boards; /* the most of any match: the game points of one */
  ArbUnplayedRule rule;
  gboolean round_robin;      /* C.07 15.2: a forfeit a match against the scheduled opponent */
  ArbTeamMatchPoints points; /* of a match won, drawn, lost (11.1; TRF-2026 record 362) */
} League;

static const char *const tiebreak_keys[ARB_TEAM_TB_COUNT] = {
  [ARB_TEAM_TB_EMMSB] = "emmsb", [ARB_TEAM_TB_EMGSB] = "emgsb", [ARB_TEAM_TB_EGMSB] = "egmsb",
  [ARB_TEAM_TB_EGGSB] = "eggsb", [ARB_TEAM_TB_MPVGP] = "mpvgp", [ARB_TEAM_TB_SSSC] = "sssc",
  [ARB_TEAM_TB_BC] = "bc",
};

const char *
arb_team_tiebreak_key (ArbTeamTiebreak tiebreak)
{
  return (int) tiebreak >= 0 && tiebreak < ARB_TEAM_TB_COUNT ? tiebreak_keys[tiebreak] : NULL;
}

void
arb_team_standings_row_free (ArbTeamStandingsRow *row)
{
  if (row == NULL)
    return;
  g_free (row->team);
  g_free (row);
}

static int
team_index (GPtrArray *teams, const char *name)
{
  Team *t;

  for (guint i = 0; i < teams->len; i++)
    if (g_strcmp0 (((Team *) teams->pdata[i])->team, name) == 0)
      return (int) i;
  t = g_new0 (Team, 1);
  t->team = g_strdup (name);
  g_ptr_array_add (teams, t);
  return (int) teams->len - 1;
}

static void
team_free (Team *t)
{
  g_free (t->team);
  g_free (t->rounds);
  g_free (t);
}

static gboolean
counted (const ArbTeamMatchInfo *m)
{
  if (m->kind == ARB_TEAM_MATCH_FORFEIT)
    return m->home_team != NULL && m->away_team != NULL;
  if (m->home_team == NULL || m->away_team == NULL)
    return (m->home_team != NULL) != (m->away_team != NULL); /* a bye */
  return m->n_boards > 0 && m->n_finished >= m->n_boards;
}

/* The first pass: every team named, and the rounds counted. */
static void
register_match (League *l, const ArbTeamMatchInfo *m)
{
  if (m->home_team != NULL)
    (void) team_index (l->teams, m->home_team);
  if (m->away_team != NULL)
    (void) team_index (l->teams, m->away_team);
  if (counted (m))
    l->rounds = MAX (l->rounds, m->round);
  l->boards = MAX (l->boards, m->n_boards);
}

/* The match points of the event's scoring (C.07 2026, 11.1): a match
 * won, drawn or lost on the game points; a forfeit won a win's, a
 * forfeit lost a loss's (record 362 gives no other value for it). */
static void
set_round (const League *l,
           Team *t,
           int round,
           TeamRoundKind kind,
           int opponent,
           int own_x2,
           int other_x2)
{
  TeamRound *r = &t->rounds[round];
  const ArbTeamMatchPoints *p = &l->points;

  r->kind = kind;
  r->opponent = opponent;
  r->gp = own_x2 / 2.0;
  if (kind == TEAM_ROUND_BYE)
    r->mp = other_x2 / 2.0; /* the bye's match points */
  else if (kind == TEAM_ROUND_FORFEIT_WON || kind == TEAM_ROUND_FORFEIT_LOST)
    r->mp = kind == TEAM_ROUND_FORFEIT_WON ? p->win : p->loss;
  else if (kind == TEAM_ROUND_PLAYED)
    r->mp = own_x2 > other_x2 ? p->win : own_x2 == other_x2 ? p->draw : p->loss;
  else
    r->mp = r->gp = 0;
}

/* A match forfeited as a whole: a win's match points to the winner, a
 * loss's to the loser (both lose a double forfeit), the game points the record
 * gives; for the board count a standard win on every board to the
 * winner (the preamble of Article 12 counts individual forfeits so). */
static void
record_forfeit (League *l, const ArbTeamMatchInfo *m, int h, int a)
{
  Team *home = l->teams->pdata[h], *away = l->teams->pdata[a];
  TeamRoundKind home_kind =
    m->forfeit == ARB_TEAM_FORFEIT_HOME ? TEAM_ROUND_FORFEIT_WON : TEAM_ROUND_FORFEIT_LOST;
  TeamRoundKind away_kind =
    m->forfeit == ARB_TEAM_FORFEIT_AWAY ? TEAM_ROUND_FORFEIT_WON : TEAM_ROUND_FORFEIT_LOST;
  double all_boards = l->boards * (l->boards + 1) / 2.0;

  set_round (l, home, m->round, home_kind, a, m->home_points_x2, m->away_points_x2);
  set_round (l, away, m->round, away_kind, h, m->away_points_x2, m->home_points_x2);
  home->rounds[m->round].bc = home_kind == TEAM_ROUND_FORFEIT_WON ? all_boards : 0;
  away->rounds[m->round].bc = away_kind == TEAM_ROUND_FORFEIT_WON ? all_boards : 0;
}

static void
record_match (League *l, const ArbTeamMatchInfo *m)
{
  int h = m->home_team != NULL ? team_index (l->teams, m->home_team) : -1;
  int a = m->away_team != NULL ? team_index (l->teams, m->away_team) : -1;
  TeamRoundKind kind;

  if (m->round < 1 || m->round > l->rounds)
    return;
  if (h < 0 || a < 0)
    {
      Team *t = l->teams->pdata[h >= 0 ? h : a];

      set_round (l, t, m->round, TEAM_ROUND_BYE, -1, h >= 0 ? m->home_points_x2 : m->away_points_x2,
                 m->bye_match_points_x2);
      /* A bye that records no match points of its own: a match won. */
      if (m->kind != ARB_TEAM_MATCH_BYE)
        t->rounds[m->round].mp = l->points.win;
      t->rounds[m->round].requested =
        m->kind == ARB_TEAM_MATCH_BYE && (m->bye_code == 'H' || m->bye_code == 'Z');
      t->rounds[m->round].bc = l->boards * (l->boards + 1) / 2.0; /* 1 a board */
      return;
    }
  if (m->kind == ARB_TEAM_MATCH_FORFEIT)
    {
      record_forfeit (l, m, h, a);
      return;
    }
  kind = counted (m) ? TEAM_ROUND_PLAYED : TEAM_ROUND_PENDING;
  set_round (l, l->teams->pdata[h], m->round, kind, a, m->home_points_x2, m->away_points_x2);
  set_round (l, l->teams->pdata[a], m->round, kind, h, m->away_points_x2, m->home_points_x2);
  for (int k = 0; k < MIN (m->n_boards, ARB_TEAM_MAX_BOARDS) && kind == TEAM_ROUND_PLAYED; k++)
    {
      ((Team *) l->teams->pdata[h])->rounds[m->round].bc += (k + 1) * m->home_board_x2[k] / 2.0;
      ((Team *) l->teams->pdata[a])->rounds[m->round].bc += (k + 1) * m->away_board_x2[k] / 2.0;
    }
}

static gboolean
is_forfeit (const TeamRound *r)
{
  return r->kind == TEAM_ROUND_FORFEIT_WON || r->kind == TEAM_ROUND_FORFEIT_LOST;
}

/* A voluntarily unplayed round (16.1): an absence, a bye asked for, a
 * forfeit lost. */
static gboolean
is_vur (const TeamRound *r)
{
  return r->kind == TEAM_ROUND_ABSENT || r->kind == TEAM_ROUND_FORFEIT_LOST ||
         (r->kind == TEAM_ROUND_BYE && r->requested);
}

/* Article 16.3: the match and game points as an opponent counts them.
 * An absence or a bye asked for after the team's last round that was no
 * VUR counts as a drawn match, a draw's match points (16.2.5, 16.3.2);
 * every other round counts
 * as awarded (16.3.1): a forfeit lost too (16.2.4), a bye asked for
 * followed by a round that was no VUR (16.2.3), a bye allocated or of a
 * full point and a forfeit won (16.2.1, 16.2.2). Under the plain rule
 * nothing is adjusted. */
static void
adjust (Team *t, int n, int boards, ArbUnplayedRule rule, const ArbTeamMatchPoints *points)
{
  int last = n;

  t->adjusted = t->adjusted_gp = 0;
  while (last >= 1 && is_vur (&t->rounds[last]))
    last--;
  for (int r = 1; r <= n; r++)
    {
      const TeamRound *round = &t->rounds[r];
      gboolean drawn = rule != ARB_UNPLAYED_PLAIN && r > last &&
                       (round->kind == TEAM_ROUND_ABSENT || round->kind == TEAM_ROUND_BYE);

      t->adjusted += drawn ? points->draw : round->mp;
      t->adjusted_gp += drawn ? boards / 2.0 : round->gp;
    }
}

/* What round @r of @t counts as its opponent's match and game points,
 * under the event's rule; FALSE for a round that counts nothing (a match
 * in play, and under the plain rule a round without an opponent).
 *  - A match played: the opponent's adjusted points (16.3).
 *  - An own unplayed round (16.4): a dummy with the team's own final
 *    points; under the 2026 edition capped, for a forfeit (16.4.1) at
 *    the scheduled opponent's adjusted points, for a bye or an absence
 *    (16.4.2) at a drawn match's a round (a draw's match points, half
 *    the boards' game points) times the rounds counted. The 2024 edition has no cap.
 *  - The plain rule: the opponent named, a forfeit's too, as it stands. */
static gboolean
round_opponent (const League *l, const Team *t, int r, double *mp, double *gp)
{
  const TeamRound *round = &t->rounds[r];
  gboolean met = round->kind == TEAM_ROUND_PLAYED || is_forfeit (round);
  const Team *o = met ? l->teams->pdata[round->opponent] : NULL;

  if (round->kind == TEAM_ROUND_PENDING || (l->rule == ARB_UNPLAYED_PLAIN && o == NULL))
    return FALSE;
  if (o != NULL && (round->kind == TEAM_ROUND_PLAYED || l->rule == ARB_UNPLAYED_PLAIN))
    {
      *mp = l->rule == ARB_UNPLAYED_PLAIN ? o->mp : o->adjusted;
      *gp = l->rule == ARB_UNPLAYED_PLAIN ? o->gp : o->adjusted_gp;
      return TRUE;
    }
  *mp = t->mp;
  *gp = t->gp;
  if (l->rule != ARB_UNPLAYED_C07_2026)
    return TRUE;
  if (o != NULL)
    {
      *mp = MIN (*mp, o->adjusted);
      *gp = MIN (*gp, o->adjusted_gp);
    }
  else
    {
      *mp = MIN (*mp, l->points.draw * l->rounds);
      *gp = MIN (*gp, l->boards / 2.0 * l->rounds);
    }
  return TRUE;
}

/* Articles 8.1 and 9.1 with 16, as the file's comment says. */
static void
opponent_tiebreaks (League *l, Team *t)
{
  for (int r = 1; r <= l->rounds; r++)
    {
      double value, gp;

      if (!round_opponent (l, t, r, &value, &gp))
        continue;
      t->bh += value;
      t->sb += value * t->rounds[r].mp;
    }
}

/* Articles 13.2 (with 16), 13.1 and 13.4, as the file's comment says;
 * after opponent_tiebreaks (), whose Buchholz SSSC adds. */
static void
team_tiebreaks (League *l, Team *t)
{
  /* 13.4: the most match points of the event (a win's every round) over
   * the most game points of one match, rounded toward zero. */
  int factor = l->boards > 0 ? (int) (l->points.win * l->rounds / l->boards) : 0;

  for (int r = 1; r <= l->rounds; r++)
    {
      const TeamRound *round = &t->rounds[r];
      double o_mp, o_gp;

      if (round->kind != TEAM_ROUND_PENDING)
        t->values[ARB_TEAM_TB_BC] += round->bc;
      if (!round_opponent (l, t, r, &o_mp, &o_gp))
        continue;
      t->values[ARB_TEAM_TB_EMMSB] += o_mp * round->mp;
      t->values[ARB_TEAM_TB_EMGSB] += o_mp * round->gp;
      t->values[ARB_TEAM_TB_EGMSB] += o_gp * round->mp;
      t->values[ARB_TEAM_TB_EGGSB] += o_gp * round->gp;
      t->bh_gp += o_gp;
    }
  t->values[ARB_TEAM_TB_MPVGP] = t->gp;
  t->values[ARB_TEAM_TB_SSSC] = t->gp + t->bh / MAX (factor, 1);
}

/* Article 6 (arb-direct-encounter.h) on @score: each team's score in
 * its matches against the others of the group; the most one match can
 * bring is a win's match points, or every board's game point. */
static gboolean
de_scores (gpointer data, ArbTeamScore score, const int *members, int m, ArbDeScore *s)
{
  League *l = data;
  gboolean all_met = TRUE;
  double most = score == ARB_TEAM_SCORE_GP ? l->boards : l->points.win;

  for (int k = 0; k < m; k++)
    {
      const Team *t = l->teams->pdata[members[k]];
      int met = 0;

      s[k].index = members[k];
      s[k].score = 0;
      for (int o = 0; o < m; o++)
        {
          double sum = 0;
          int n = 0;

          for (int r = 1; r <= l->rounds && o != k; r++)
            if ((t->rounds[r].kind == TEAM_ROUND_PLAYED ||
                 (l->round_robin && is_forfeit (&t->rounds[r]))) &&
                t->rounds[r].opponent == members[o])
              {
                sum += score == ARB_TEAM_SCORE_GP ? t->rounds[r].gp : t->rounds[r].mp;
                n++;
              }
          if (n > 0)
            {
              s[k].score += sum / n; /* the average: 6.1.2 */
              met++;
            }
        }
      s[k].best = s[k].score + (m - 1 - met) * most;
      all_met = all_met && met == m - 1;
    }
  return all_met;
}

/* The game points of each board for TBR and BBE (Article 12): a match
 * played as its boards record, a pairing-allocated bye a game won on
 * every board of the event's matches (12's preamble). */
static void
board_points (League *l, GPtrArray *matches)
{
  for (guint i = 0; i < matches->len; i++)
    {
      const ArbTeamMatchInfo *m = matches->pdata[i];
      Team *home, *away;

      if (m->round < 1 || m->round > l->rounds)
        continue;
      home = m->home_team != NULL ? l->teams->pdata[team_index (l->teams, m->home_team)] : NULL;
      away = m->away_team != NULL ? l->teams->pdata[team_index (l->teams, m->away_team)] : NULL;
      if (home == NULL || away == NULL)
        {
          Team *t = home != NULL ? home : away;

          for (int k = 0; k < MIN (l->boards, ARB_TEAM_MAX_BOARDS); k++)
            t->boards[k] += t->rounds[m->round].kind == TEAM_ROUND_BYE;
          continue;
        }
      if (home->rounds[m->round].kind != TEAM_ROUND_PLAYED)
        continue;
      for (int k = 0; k < MIN (m->n_boards, ARB_TEAM_MAX_BOARDS); k++)
        {
          home->boards[k] += m->home_board_x2[k] / 2.0;
          away->boards[k] += m->away_board_x2[k] / 2.0;
        }
    }
}

/* Each value of the order's keys (arb-standings-teams-order.h) on the
 * primary score; SSSC on game points divides by the most game points
 * of the event over the most match points of one match (13.4). */
static void
order_values (const League *l, const Team *t, ArbTeamScore primary, double *v)
{
  gboolean mp = primary == ARB_TEAM_SCORE_MP;
  int factor = l->points.win > 0 ? (int) (l->boards * l->rounds / l->points.win) : 0;

  v[ARB_TEAM_ORDER_MPVGP] = mp ? t->gp : t->mp;
  v[ARB_TEAM_ORDER_BH] = mp ? t->bh : t->bh_gp;
  v[ARB_TEAM_ORDER_SB] = mp ? t->sb : t->values[ARB_TEAM_TB_EGGSB];
  v[ARB_TEAM_ORDER_EMMSB] = t->values[ARB_TEAM_TB_EMMSB];
  v[ARB_TEAM_ORDER_EMGSB] = t->values[ARB_TEAM_TB_EMGSB];
  v[ARB_TEAM_ORDER_EGMSB] = t->values[ARB_TEAM_TB_EGMSB];
  v[ARB_TEAM_ORDER_EGGSB] = t->values[ARB_TEAM_TB_EGGSB];
  v[ARB_TEAM_ORDER_SSSC] = mp ? t->values[ARB_TEAM_TB_SSSC] : t->mp + t->bh_gp / MAX (factor, 1);
  v[ARB_TEAM_ORDER_BC] = t->values[ARB_TEAM_TB_BC];
}

/* Article 14 on @t's rounds (16.5 where the rule has it): the values
 * of Buchholz (@product FALSE: each opponent's @opp points) or of
 * Sonneborn-Berger and ESB (the opponent's @opp points times the
 * team's @own points in the match), less what @o cuts. */
static double
cut_value (const League *l,
           const Team *t,
           ArbTeamScore opp,
           ArbTeamScore own,
           gboolean product,
           const ArbTeamOrderOption *o)
{
  g_autofree double *values = g_new0 (double, l->rounds + 1);
  g_autofree double *ranks = g_new0 (double, l->rounds + 1);
  g_autofree gboolean *vur = g_new0 (gboolean, l->rounds + 1);
  int n = 0;

  for (int r = 1; r <= l->rounds; r++)
    {
      const TeamRound *round = &t->rounds[r];
      double mp, gp, scored = own == ARB_TEAM_SCORE_GP ? round->gp : round->mp;

      if (!round_opponent (l, t, r, &mp, &gp))
        continue;
      ranks[n] = opp == ARB_TEAM_SCORE_GP ? gp : mp;
      values[n] = product ? ranks[n] * scored : ranks[n];
      vur[n] = is_vur (round);
      n++;
    }
  return arb_standings_cut_sum (values, product ? ranks : NULL,
                                arb_standings_cuts_vur_first (l->rule) ? vur : NULL, n, o->n,
                                o->modifier == 'M' ? o->n : 0);
}

/* The value of the order's item @key with @o: the key's own (@v, on the
 * primary score) unless the item names another score or a cut. */
static double
item_value (const League *l,
            const Team *t,
            ArbTeamOrderKey key,
            const ArbTeamOrderOption *o,
            ArbTeamScore primary,
            const double *v)
{
  ArbTeamScore on = arb_team_order_option_score (o, primary);
  static const ArbTeamScore esb[][2] = {
    { ARB_TEAM_SCORE_MP, ARB_TEAM_SCORE_MP }, /* EMMSB */
    { ARB_TEAM_SCORE_MP, ARB_TEAM_SCORE_GP }, /* EMGSB */
    { ARB_TEAM_SCORE_GP, ARB_TEAM_SCORE_MP }, /* EGMSB */
    { ARB_TEAM_SCORE_GP, ARB_TEAM_SCORE_GP }, /* EGGSB */
  };

  if (key == ARB_TEAM_ORDER_BH)
    return o->modifier != '\0'       ? cut_value (l, t, on, on, FALSE, o)
           : on == ARB_TEAM_SCORE_MP ? t->bh
                                     : t->bh_gp;
  if (key == ARB_TEAM_ORDER_SB)
    return o->modifier != '\0'       ? cut_value (l, t, on, on, TRUE, o)
           : on == ARB_TEAM_SCORE_MP ? t->sb
                                     : t->values[ARB_TEAM_TB_EGGSB];
  if (key >= ARB_TEAM_ORDER_EMMSB && key <= ARB_TEAM_ORDER_EGGSB && o->modifier != '\0')
    return cut_value (l, t, esb[key - ARB_TEAM_ORDER_EMMSB][0], esb[key - ARB_TEAM_ORDER_EMMSB][1],
                      TRUE, o);
  return v[key];
}

static int
by_rank_then_name (gconstpointer a, gconstpointer b, gpointer data)
{
  const ArbTeamSortEntry *x = a, *y = b;
  GPtrArray *teams = data;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return g_strcmp0 (((Team *) teams->pdata[x->index])->team,
                    ((Team *) teams->pdata[y->index])->team);
}

static GPtrArray *
rows_of (const League *l, const ArbTeamSortEntry *e, const ArbTeamOrder *order)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_standings_row_free);
  guint first = 0, n = l->teams->len;

  for (guint i = 0; i < n; i++)
    {
      const Team *t = l->teams->pdata[e[i].index];
      ArbTeamStandingsRow *row = g_new0 (ArbTeamStandingsRow, 1);
      guint last = i;

      if (i > 0 && e[i - 1].rank != e[i].rank)
        first = i;
      while (last + 1 < n && e[last + 1].rank == e[i].rank)
        last++;
      row->rank = (int) i + 1;
      row->place_first = (int) first + 1;
      row->place_last = (int) last + 1;
      row->after_round = l->rounds;
      row->team = g_strdup (t->team);
      row->matches = t->matches;
      row->match_points = t->mp;
      row->game_points = t->gp;
      row->direct_encounter = e[i].de;
      row->buchholz = t->bh;
      row->sonneborn_berger = t->sb;
      row->buchholz_gp = t->bh_gp;
      memcpy (row->values, t->values, sizeof row->values);
      memcpy (row->order_values, e[i].values, sizeof row->order_values);
      row->order_values[ARB_TEAM_ORDER_DE] = row->order_values[ARB_TEAM_ORDER_EDE] = e[i].de;
      memcpy (row->item_values, e[i].items, sizeof row->item_values);
      for (guint k = 0; k < order->n_order; k++)
        if (order->order[k] == ARB_TEAM_ORDER_DE || order->order[k] == ARB_TEAM_ORDER_EDE)
          row->item_values[k] = e[i].de;
      row->n_boards = MIN (l->boards, ARB_TEAM_MAX_BOARDS);
      memcpy (row->boards, t->boards, sizeof row->boards);
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* The order of C.07 4.2 (arb-standings-teams-order.c), then the name. */
static GPtrArray *
sorted_rows (League *l, const ArbTeamOrder *order)
{
  g_autofree ArbTeamSortEntry *e = g_new0 (ArbTeamSortEntry, MAX (l->teams->len, 1));

  for (guint i = 0; i < l->teams->len; i++)
    {
      const Team *t = l->teams->pdata[i];

      e[i].index = (int) i;
      e[i].score[ARB_TEAM_SCORE_MP] = t->mp;
      e[i].score[ARB_TEAM_SCORE_GP] = t->gp;
      order_values (l, t, order->primary, e[i].values);
      for (guint k = 0; k < order->n_order; k++)
        e[i].items[k] =
          item_value (l, t, order->order[k], &order->options[k], order->primary, e[i].values);
      memcpy (e[i].boards, t->boards, sizeof e[i].boards);
    }
  arb_team_order_sort (order, e, l->teams->len, l->boards, de_scores, l);
  g_qsort_with_data (e, (gint) l->teams->len, sizeof *e, by_rank_then_name, l->teams);
  return rows_of (l, e, order);
}

static GPtrArray *compute (GPtrArray *matches,
                           int up_to,
                           const ArbTeamOrder *order,
                           ArbUnplayedRule rule,
                           gboolean round_robin,
                           const ArbTeamMatchPoints *points);

GPtrArray *
arb_team_standings_compute_full (GPtrArray *matches,
                                 int up_to,
                                 const ArbTeamOrder *order,
                                 ArbUnplayedRule rule)
{
  return compute (matches, up_to, order, rule, FALSE, NULL);
}

/* A round robin (C.07 2026, 15.2): its pairings were fixed before it
 * began, so a match forfeited as a whole is a match against the
 * scheduled opponent, for direct encounter too, and the opponents'
 * points count as they stand (the plain rule: nothing of Article 16). */
GPtrArray *
arb_team_standings_compute_round_robin (GPtrArray *matches, int up_to, const ArbTeamOrder *order)
{
  return compute (matches, up_to, order, ARB_UNPLAYED_PLAIN, TRUE, NULL);
}

GPtrArray *
arb_team_standings_compute_scored (GPtrArray *matches,
                                   int up_to,
                                   const ArbTeamOrder *order,
                                   ArbUnplayedRule rule,
                                   gboolean round_robin,
                                   const ArbTeamMatchPoints *points)
{
  return compute (matches, up_to, order, round_robin ? ARB_UNPLAYED_PLAIN : rule, round_robin,
                  points);
}

static GPtrArray *
compute (GPtrArray *matches,
         int up_to,
         const ArbTeamOrder *order,
         ArbUnplayedRule rule,
         gboolean round_robin,
         const ArbTeamMatchPoints *points)
{
  g_autoptr (GPtrArray) teams = g_ptr_array_new_with_free_func ((GDestroyNotify) team_free);
  League l = { .teams = teams, .rounds = 0, .boards = 0, .rule = rule, .round_robin = round_robin };

  g_return_val_if_fail (matches != NULL, NULL);
  g_return_val_if_fail (order != NULL, NULL);
  if (points != NULL)
    l.points = *points;
  else
    arb_team_match_points_init_default (&l.points);
  for (guint i = 0; i < matches->len; i++)
    {
      const ArbTeamMatchInfo *m = matches->pdata[i];

      if (up_to <= 0 || m->round <= up_to)
        register_match (&l, m);
    }
  for (guint i = 0; i < teams->len; i++)
    ((Team *) teams->pdata[i])->rounds = g_new0 (TeamRound, l.rounds + 1);
  for (guint i = 0; i < matches->len; i++)
    record_match (&l, matches->pdata[i]);
  for (guint i = 0; i < teams->len; i++)
    {
      Team *t = teams->pdata[i];

      for (int r = 1; r <= l.rounds; r++)
        {
          t->mp += t->rounds[r].mp;
          t->gp += t->rounds[r].gp;
          t->matches += t->rounds[r].kind == TEAM_ROUND_PLAYED;
        }
    }
  for (guint i = 0; i < teams->len; i++)
    adjust (teams->pdata[i], l.rounds, l.boards, rule, &l.points);
  for (guint i = 0; i < teams->len; i++)
    {
      opponent_tiebreaks (&l, teams->pdata[i]);
      team_tiebreaks (&l, teams->pdata[i]);
    }
  board_points (&l, matches);
  return sorted_rows (&l, order); /* the opponents are indices: the teams stay */
}

GPtrArray *
arb_team_standings_compute_ordered (GPtrArray *matches, int up_to, const ArbTeamOrder *order)
{
  return arb_team_standings_compute_full (matches, up_to, order, ARB_UNPLAYED_C07_2026);
}

GPtrArray *
arb_team_standings_compute_rule (GPtrArray *matches, int up_to, ArbUnplayedRule rule)
{
  ArbTeamOrder order;

  arb_team_order_init_default (&order);
  return arb_team_standings_compute_full (matches, up_to, &order, rule);
}

GPtrArray *
arb_team_standings_compute (GPtrArray *matches, int up_to)
{
  return arb_team_standings_compute_rule (matches, up_to, ARB_UNPLAYED_C07_2026);
}

/* The last round a team entry names. */
static gboolean
team_entries_last_round (ArbTournament *tournament, int *rounds, GError **error)
{
  g_autoptr (GPtrArray) entries = arb_tournament_list_team_entries (tournament, 0, FALSE, error);

  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    *rounds = MAX (*rounds, ((ArbTeamEntryRecord *) entries->pdata[i])->round);
  return TRUE;
}

GPtrArray *
arb_team_standings_read (ArbTournament *tournament, int up_to, GError **error)
{
  return arb_team_standings_read_rule (tournament, up_to, NULL, error);
}

GPtrArray *
arb_team_standings_read_rule (ArbTournament *tournament,
                              int up_to,
                              const ArbUnplayedRule *rule,
                              GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTeamOrder team_order;
  ArbTeamMatchPoints points;
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order = 0;
  int rounds = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    return NULL;
  arb_standings_event_settings (event, &scoring, order, &n_order);
  arb_team_order_from_event (event, &team_order);
  arb_team_match_points_from_event (event, &points);
  games = arb_tournament_list_games (tournament, 0, error);
  if (games == NULL)
    return NULL;
  for (guint i = 0; i < games->len; i++)
    rounds = MAX (rounds, ((ArbGameInfo *) games->pdata[i])->round);
  /* A round may hold only byes and forfeits, without a game. */
  if (!team_entries_last_round (tournament, &rounds, error))
    return NULL;
  if (up_to > 0)
    rounds = MIN (rounds, up_to);
  for (int r = 1; r <= rounds; r++)
    {
      g_autoptr (GPtrArray) round = arb_tournament_list_team_matches (tournament, r, error);

      if (round == NULL)
        return NULL;
      for (guint i = 0; i < round->len; i++)
        g_ptr_array_add (matches, g_steal_pointer (&round->pdata[i]));
      g_ptr_array_set_free_func (round, NULL);
    }
  /* A round robin's 15.2 takes the place of the rule, unless one is
   * asked for. */
  return arb_team_standings_compute_scored (matches, up_to, &team_order,
                                            rule != NULL ? *rule : scoring.unplayed,
                                            rule == NULL && scoring.round_robin, &points);
}
