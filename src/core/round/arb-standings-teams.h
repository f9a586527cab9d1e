/* arb-standings-teams.h: team standings from the matches of a team event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-standings-teams-order.h"
#include "arb-standings.h"
#include "arb-tournament-teams.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The team tie-breaks of C.07 (2026) computed on match points beside
 * the default order's own (DE, BH, SB); an event's order ranks by them
 * through ArbTeamOrderKey. Their keys (lowercase, as
 * the TRF and the CLI's JSON name them): arb_team_tiebreak_key (). */
typedef enum
{
  ARB_TEAM_TB_EMMSB, /* 13.2.1: opponent's MP × MP scored */
  ARB_TEAM_TB_EMGSB, /* 13.2.2: opponent's MP × GP scored */
  ARB_TEAM_TB_EGMSB, /* 13.2.3: opponent's GP × MP scored */
  ARB_TEAM_TB_EGGSB, /* 13.2.4: opponent's GP × GP scored */
  ARB_TEAM_TB_MPVGP, /* 13.1: the score that does not decide: GP here */
  ARB_TEAM_TB_SSSC,  /* 13.4: GP + BH on MP ÷ the normalising factor */
  ARB_TEAM_TB_BC,    /* 12.1: Σ board × GP scored on it; lower is better */
  ARB_TEAM_TB_COUNT
} ArbTeamTiebreak;

/* "emmsb", "emgsb", …; NULL for a value out of range. */
const char *arb_team_tiebreak_key (ArbTeamTiebreak tiebreak);

typedef struct
{
  int rank;        /* 1, 2, … in the order of the standings */
  int place_first; /* the shared place of teams left tied, as for players */
  int place_last;
  int after_round; /* the standings are after this round */
  char *team;
  int matches; /* matches with every board decided */
  double match_points;
  double game_points;
  double direct_encounter;          /* match points among the tied (C.07 6) */
  double buchholz;                  /* opponents' match points (C.07 8.1) */
  double sonneborn_berger;          /* opponents' match points × those scored (9.1) */
  double buchholz_gp;               /* opponents' game points (8.1 on GP, 13) */
  double values[ARB_TEAM_TB_COUNT]; /* indexed by ArbTeamTiebreak */
  /* The values of the order's keys on its primary score (DE and EDE:
   * direct encounter's; TBR and BBE have none: 0), and each board's game
   * points, board 1 first (C.07 12), which TBR and BBE compare. */
  double order_values[ARB_TEAM_ORDER_N];
  /* The values of the order's items by position, with their options
   * (BH:GP, SB/C1: arb-standings-teams-order.h); DE's and EDE's the
   * direct encounter's on the primary score, as above. */
  double item_values[ARB_TEAM_ORDER_MAX];
  int n_boards;
  double boards[ARB_TEAM_MAX_BOARDS];
} ArbTeamStandingsRow;

void arb_team_standings_row_free (ArbTeamStandingsRow *row);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamStandingsRow, arb_team_standings_row_free)

/* The team standings after round @up_to (0: every round) from @matches
 * (ArbTeamMatchInfo): a match counts once all its boards have a result,
 * a match forfeited as a whole (kind FORFEIT) at once; one with a home
 * team and no away team is that team's bye (with the match points of a
 * kind BYE, else a match won, and the game points it records). Match points 2 for a win, 1 for a
 * draw, 0 for a loss (arb_team_standings_compute_scored () takes others); ordered by match points, game points, direct
 * encounter, Buchholz, Sonneborn-Berger (the default ArbTeamOrder), then
 * name; unplayed rounds as
 * C.07 Article 16 counts them (arb-standings-teams.c). Pure. Returns
 * ArbTeamStandingsRow. */
GPtrArray *arb_team_standings_compute (GPtrArray *matches, int up_to);

/* The same by @order (arb-standings-teams-order.h). */
GPtrArray *arb_team_standings_compute_ordered (GPtrArray *matches,
                                               int up_to,
                                               const ArbTeamOrder *order);

/* The same, the unplayed rounds as @rule counts them (ArbUnplayedRule,
 * arb-standings.h): ARB_UNPLAYED_C07_2026 is the function above;
 * ARB_UNPLAYED_C07 (2024) has the dummy opponent uncapped;
 * ARB_UNPLAYED_PLAIN adjusts nothing; ARB_UNPLAYED_FIDE_2009's virtual
 * opponent is not computed for teams: it counts as ARB_UNPLAYED_C07. */
GPtrArray *arb_team_standings_compute_rule (GPtrArray *matches, int up_to, ArbUnplayedRule rule);

/* By @order and @rule both. */
GPtrArray *arb_team_standings_compute_full (GPtrArray *matches,
                                            int up_to,
                                            const ArbTeamOrder *order,
                                            ArbUnplayedRule rule);

/* A round robin's (C.07 2026, 15.2, the event's "round_robin"): a match
 * forfeited as a whole counts as one against the scheduled opponent, in
 * direct encounter too, and the opponents' points as they stand. */
GPtrArray *arb_team_standings_compute_round_robin (GPtrArray *matches,
                                                   int up_to,
                                                   const ArbTeamOrder *order);

/* The same with the match points @points give (NULL: 2, 1, 0), as
 * arb_team_standings_compute_full () or, with @round_robin, as
 * arb_team_standings_compute_round_robin () (@rule then unused). */
GPtrArray *arb_team_standings_compute_scored (GPtrArray *matches,
                                              int up_to,
                                              const ArbTeamOrder *order,
                                              ArbUnplayedRule rule,
                                              gboolean round_robin,
                                              const ArbTeamMatchPoints *points);

/* The same, read from @tournament (every round's matches, byes and
 * forfeits), by the event's order (arb_team_order_from_event ()) and
 * under the rule of its "unplayed_rounds" setting, as the players'
 * standings read it (arb_standings_event_settings ()), or a round
 * robin's 15.2 where the event is one ("round_robin"), with the event's
 * match points ("team_scoring", arb_team_match_points_from_event ()). */
GPtrArray *arb_team_standings_read (ArbTournament *tournament, int up_to, GError **error);
/* The same under @rule instead of the event's (NULL: the event's). */
GPtrArray *arb_team_standings_read_rule (ArbTournament *tournament,
                                         int up_to,
                                         const ArbUnplayedRule *rule,
                                         GError **error);

G_END_DECLS
