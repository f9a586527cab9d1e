/* arb-tournament-rounds.h: the event round after round, at the results desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* A round and how far it has come. Byes count as games with a result. */
typedef struct
{
  int number;
  char *date; /* ISO 8601, NULL when unknown */
  gboolean finished;
  int n_games;   /* boards, byes included */
  int n_results; /* of them, those with a result */
} ArbRoundInfo;

void arb_round_info_free (ArbRoundInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRoundInfo, arb_round_info_free)

/* The rounds that have games, in order (ArbRoundInfo). */
GPtrArray *arb_tournament_list_rounds (ArbTournament *self, GError **error);

/* A result entered at the results desk (or its undo: the previous result
 * entered again), with the arbiter who entered it. The audit line keeps
 * the result, the one it replaces and the arbiter's name (may be NULL or
 * empty when no name is set). */
gboolean arb_tournament_set_result_by (ArbTournament *self,
                                       gint64 game_id,
                                       ArbResult result,
                                       const char *arbiter,
                                       GError **error);

/* Moves game @game_id to board @to of its round and the game on @to, when
 * @other_id is not 0, to the board @game_id had, in one transaction with
 * @ruling (ARB_RULING_BOARD_CHANGE, the decision as the round layer made it:
 * arb_board_move ()) stored on @game_id with @arbiter, and an audit line.
 * Storage guards, the round layer judges: when the games are no longer
 * as the decision saw them (another game on @to, a move or a result
 * stored since), nothing changes and the answer is
 * ARB_TOURNAMENT_ERROR_CONFLICT. */
gboolean arb_tournament_move_board (ArbTournament *self,
                                    gint64 game_id,
                                    int to,
                                    gint64 other_id,
                                    const ArbRuling *ruling,
                                    const char *arbiter,
                                    gint64 *ruling_id,
                                    GError **error);

/* An earlier round opened again to correct a result: nothing in the
 * tournament changes but the audit log, which keeps who unlocked which
 * round and why. */
gboolean arb_tournament_unlock_round (ArbTournament *self,
                                      int round,
                                      const char *arbiter,
                                      const char *reason,
                                      GError **error);

/* A reading desk took over writing the file, after the desk that wrote
 * it closed it or went: nothing changes but the audit log, which keeps
 * the arbiter (may be NULL or empty), this host and the desk that wrote
 * before, as its lock file named it (each may be NULL). */
gboolean arb_tournament_take_over_desk (ArbTournament *self,
                                        const char *arbiter,
                                        const char *previous_host,
                                        const char *previous_since,
                                        GError **error);

/* The arbiters the event names: the chief arbiter, then the deputies of
 * TRF record 112, as the file writes them (NULL-terminated, may be
 * empty). */
char **arb_tournament_list_arbiters (ArbTournament *self, GError **error);

/* The audit line of an arbiter's act, for the parts of the program that
 * record acts of their own (the window's). */
typedef struct
{
  gint64 id;
  char *wall_time;
  char *action;
  gint64 game_id;
  char *detail; /* JSON object */
} ArbAuditLine;

void arb_audit_line_free (ArbAuditLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbAuditLine, arb_audit_line_free)

/* Audit lines after `after_id`, in order (ArbAuditLine), at most `limit`
 * (0: all). */
GPtrArray *arb_tournament_list_audit (ArbTournament *self,
                                      gint64 after_id,
                                      guint limit,
                                      GError **error);

G_END_DECLS
