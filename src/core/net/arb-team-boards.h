/* arb-team-boards.h: an arbiter's boards, as the floor page shows them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament-team.h"

G_BEGIN_DECLS

/* The boards of @arbiter's sectors (every board for a deputy or the
 * chief, or for empty sectors) in the round under way (the latest with a
 * game without its result; else the latest), as JSON: {"arbiter",
 * "round", "boards": [{"board", "white", "black", "result", "fen" (after the stored
 * moves), "white_ms" and "black_ms" (the clocks, when the moves carry
 * them), "alerts":
 * [open desk calls about the board, as text]}]}. NULL with @error when
 * the file cannot be read. */
char *arb_team_boards_json (ArbTournament *tournament,
                            const ArbTeamArbiter *arbiter,
                            GError **error);

/* The same answer, from positions kept while the file does not change:
 * each game is replayed once after a change of its own (this
 * connection's ::changed), every game after any other change (another
 * connection's commit, a replica's applied changeset, a change of more
 * than one game). Players, results and calls are read every time. Made
 * and used in the tournament's thread. */
typedef struct _ArbTeamBoards ArbTeamBoards;

ArbTeamBoards *arb_team_boards_new (ArbTournament *tournament);
void arb_team_boards_free (ArbTeamBoards *self);
char *arb_team_boards_get_json (ArbTeamBoards *self, const ArbTeamArbiter *arbiter, GError **error);
/* How many positions were replayed and kept so far (for tests and
 * benches). */
guint arb_team_boards_get_replays (ArbTeamBoards *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamBoards, arb_team_boards_free)

G_END_DECLS
