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

G_END_DECLS
