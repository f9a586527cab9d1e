/* arb-standings-private.h: what the files of the standings share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table arb_standings_compute () builds, one entrant a player and
 * one round record a round (arb-standings.c), for the files that add
 * tie-breaks to it. Not installed, not for the other layers.
 */

#pragma once

#include "arb-standings.h"

G_BEGIN_DECLS

typedef enum
{
  ROUND_ABSENT, /* no game, no bye: a zero-point bye */
  ROUND_PLAYED,
  ROUND_FORFEIT, /* won or lost by forfeit */
  ROUND_BYE,
} ArbStandingsRoundKind;

typedef struct
{
  ArbStandingsRoundKind kind;
  int opponent;   /* index into the players, -1 when none */
  gboolean black; /* played with Black */
  double points;
  double fraction; /* of a win: 1, ½ or 0, for Sonneborn-Berger */
  gboolean vur;
} ArbStandingsRound;

typedef struct
{
  const ArbPlayerInfo *info;
  ArbStandingsRound *rounds; /* 1 … n */
  double points;
  double adjusted; /* as an opponent counts it (Article 16) */
  double values[ARB_TIEBREAK_N];
  int de_rank; /* direct encounter's order in its tied group, 0 first */
} ArbStandingsEntrant;

typedef struct
{
  ArbStandingsEntrant *entrants;
  guint n;
  int rounds;
  const ArbTiebreak *order;
  guint n_order;
  const ArbScoring *scoring;
  /* For the tie-breaks made of the opponents' scores: the event's rule,
   * or in a round robin the plain one (Article 15.2, see
   * arb_standings_compute ()). */
  ArbUnplayedRule rule;
  gboolean round_robin; /* Article 15.2, ArbScoring's round_robin */
  int koya_limit;       /* Article 14.5, ArbScoring's koya_limit */
  double win;           /* the points for a win */
} ArbStandingsTable;

/* Whether round @round counts as a game in the participant's own record
 * (Article 7: WON, BPG, BWG): one played over the board, or in a round
 * robin a forfeit won (15.2: a regular game, but for a forfeit loss). */
static inline gboolean
arb_standings_own_game (const ArbStandingsTable *t, const ArbStandingsRound *round)
{
  return round->kind == ROUND_PLAYED ||
         (t->round_robin && round->kind == ROUND_FORFEIT && round->fraction == 1.0);
}

/* Both editions of C.07 cut a VUR's value first (Article 16.5). */
static inline gboolean
arb_standings_cuts_vur_first (ArbUnplayedRule rule)
{
  return rule == ARB_UNPLAYED_C07 || rule == ARB_UNPLAYED_C07_2026;
}

/* An opponent's score as the others' tie-breaks count it (Article 16.3;
 * arb-standings.c says how under each rule). */
double arb_standings_adjusted_score (const ArbStandingsEntrant *e,
                                     int n,
                                     const ArbScoring *s,
                                     ArbUnplayedRule rule);

/* What round @r of @e brings to its Buchholz under the table's rule: the
 * opponent's adjusted score, or for an unplayed round the dummy's (the
 * virtual opponent's, with @before the points before @r; plain, the
 * scheduled opponent's). */
double arb_standings_round_value (const ArbStandingsTable *t,
                                  const ArbStandingsEntrant *e,
                                  int r,
                                  double before);

/* The sum of the @n @values less the @low least and @high most
 * significant (Article 14), ranked by @ranks (NULL: by the values), a VUR
 * (@vur, NULL when the rule has no 16.5) cut first. */
double arb_standings_cut_sum (const double *values,
                              const double *ranks,
                              const gboolean *vur,
                              int n,
                              int low,
                              int high);

/* arb-standings-counts.c: the tie-breaks of the 2026 edition's list
 * the first files did not compute (BH-C2, BH-M2, SB-C1, BWG, REP, STD,
 * TPN, AOB, FB), into every entrant's values; after Buchholz. */
void arb_standings_counts (ArbStandingsTable *t);

/* Whether the lower value ranks first (TPN, Article 7.8). */
gboolean arb_standings_sorts_ascending (ArbTiebreak tiebreak);

/* C.07 Article 10's TPR, PTP, APRO, APPO and RTNG for every entrant
 * (arb-standings-rating.c), once the rounds are recorded: they read the
 * games played over the board and the players' ratings. */
void arb_standings_rating_tiebreaks (ArbStandingsTable *t);

G_END_DECLS
