/* arb-tournament-teams.h: team matches and the team rules of the event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament-match-entries.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TEAM_MAX_BOARDS 8

/* The rules of a team competition that the event settles once: how many
 * boards a match has, the colour the team named first (the home team)
 * has on each board, and the late-arrival default time. They are kept in
 * the event's settings (the same JSON the rulings read the default time
 * from), so a league's rules travel with its file. */
typedef struct
{
  int boards; /* 4, 6 or 8 */
  /* 'W' or 'B' for boards 1..boards, NUL-terminated: "WBWB" */
  char home_colours[ARB_TEAM_MAX_BOARDS + 1];
  gint64 default_time_ms; /* -1 when the event sets none */
} ArbTeamRules;

/* The rules stored, or the defaults (4 boards, the home team white on
 * the odd boards, no default time) where the event says nothing. */
gboolean arb_tournament_get_team_rules (ArbTournament *self, ArbTeamRules *rules, GError **error);
/* Checks and stores the rules (ARB_TOURNAMENT_ERROR_INVALID: a number of
 * boards other than 4, 6 or 8, or colours that do not name each board),
 * with an audit line. */
gboolean arb_tournament_set_team_rules (ArbTournament *self,
                                        const ArbTeamRules *rules,
                                        GError **error);

/* What a round holds for a team: a match, played or to be played; a bye
 * (the home team only); a match forfeited as a whole. */
typedef enum
{
  ARB_TEAM_MATCH_PLAYED,
  ARB_TEAM_MATCH_BYE,
  ARB_TEAM_MATCH_FORFEIT,
} ArbTeamMatchKind;

/* A match of a round and its score. Each game is scored for the team of
 * its player: the game's WhiteTeam tag says which side is home; without
 * it, the home colours of the rules by board. A bye (kind BYE, from a
 * record of arb-tournament-match-entries.h) has a home team and no away
 * team, its game points in home_points_x2 and its match points in
 * bye_match_points_x2; an info a caller makes with no away team and kind
 * PLAYED is a bye worth a win's match points. A match forfeited as a
 * whole (kind FORFEIT) keeps its games, and has the game points the
 * record gives instead of theirs. */
typedef struct
{
  gint64 id;
  ArbTeamMatchKind kind;
  ArbTeamForfeit forfeit;  /* FORFEIT: who won it */
  int bye_match_points_x2; /* BYE: doubled (4: a win's 2) */
  char bye_code;           /* BYE: 'U', 'F', 'H' or 'Z' (ArbTeamEntryRecord) */
  gint64 entry_id;         /* BYE, FORFEIT: the record that says so */
  int round;
  char *home_team;
  char *away_team;
  int first_board; /* 0 when the match has no games yet */
  int last_board;
  int n_boards;
  int n_finished;     /* boards with a result */
  int home_points_x2; /* game points, times two (exact halves) */
  int away_points_x2;
  char home_colours[ARB_TEAM_MAX_BOARDS + 1]; /* as played, board by board */
  /* each board's game points (times two), the match's first board at 0;
   * 0 for a board still in play */
  int home_board_x2[ARB_TEAM_MAX_BOARDS];
  int away_board_x2[ARB_TEAM_MAX_BOARDS];
} ArbTeamMatchInfo;

void arb_team_match_info_free (ArbTeamMatchInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamMatchInfo, arb_team_match_info_free)

/* The matches of a round (ArbTeamMatchInfo) in the order of their boards;
 * empty in an individual event. */
GPtrArray *arb_tournament_list_team_matches (ArbTournament *self, int round, GError **error);

G_END_DECLS
