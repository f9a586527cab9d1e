/* arb-team-desk-routes.h: the routes a deputy's desk writes through
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "arb-tournament-team.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The routes of the arbiters' service (arb-team-server.h) for a deputy's
 * desk: the sign-in of an arbiter of role deputy or chief (a floor
 * arbiter gets 403), each body a JSON object of at most
 * ARB_TEAM_DESK_MAX_BODY bytes with the entry's "id" (made by the
 * deputy, at most 64 bytes), "round" and "board":
 *
 *   POST /api/desk/result   "result" ("1-0", "0-1", "1/2-1/2", "+/-",
 *                           "-/+", "--", …), "reason" (a correction of
 *                           another result needs one)
 *   POST /api/desk/ruling   "ply" (the game's plies when the ruling was
 *                           made), "ruling" (the ruling as stored, an
 *                           object), "note", "white_ms" and "black_ms"
 *                           (the clock times judged, both or neither)
 *
 * Both are applied on this desk through the round layer's paths, with the
 * deputy's name (arb-desk-entry.h). The answer, 200: {"id", "kind",
 * "round", "board", "status": "applied" or "already-applied" (a resend:
 * nothing applied, the first outcome), "outcome": {…}, "recorded"}. A
 * refusal: {"error": the sentence, "field": the member at fault or null},
 * with 400 (not JSON, a member missing or of the wrong kind), 403, 404 (no
 * such board), 409 (the board has another result, the game changed) or
 * 422 (the file refuses it). */
#define ARB_TEAM_DESK_MAX_BODY (16 * 1024)

/* Answers @msg when @path is one of these routes and returns TRUE; FALSE
 * (and @msg untouched) otherwise. @arbiter is the one signed in. */
gboolean arb_team_desk_routes_handle (ArbTournament *tournament,
                                      SoupServerMessage *msg,
                                      const char *path,
                                      const ArbTeamArbiter *arbiter);

G_END_DECLS
