/* arb-flag-path.h: the one path of a flag fall into the tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-laws.h"
#include "arb-position.h"
#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* A flag fell on a clock the arbiter supervises (6.1 and 6.8 of the
 * 2018/2023 Laws: the arbiter observes it). This is the path meant for
 * every writer of a flag (the window's clock, arbiter-cli, a source); it
 * decides the flag once under the Laws of @event:
 *
 *  - whether the opponent of @side can checkmate from @position by any
 *    series of legal moves (arb-unwinnable.h, with a budget short enough
 *    for the thread that draws the window); when that is not proven
 *    either way, only the flag is stored and the arbiter decides;
 *  - the ruling of arb_laws_flag_fall(), called by the arbiter: a loss
 *    for @side, a draw when the opponent cannot checkmate (6.9), or play
 *    on where the edition lets only the opponent's claim count (rapid and
 *    blitz without adequate supervision);
 *  - the flag at ply @ply (the plies stored) with the times known (-1 for
 *    unknown) and, when the ruling gives a result, the result and the
 *    ruling, in one durable transaction.
 *
 * With @decide_loss FALSE (the window's own clock, where the arbiter
 * confirms a loss on time under 6.8), only a draw the Laws give by
 * themselves (6.9: the opponent cannot checkmate) ends the game here; a
 * loss is stored as the flag alone, for the arbiter to rule.
 *
 * @ending (when not NULL) receives the ruling that ended the game, or
 * NULL when only the flag was stored. */
gboolean arb_flag_path_record (ArbTournament *tournament,
                               gint64 game_id,
                               int ply,
                               const ArbPosition *position,
                               const ArbEventSettings *event,
                               ArbColor side,
                               gint64 white_ms,
                               gint64 black_ms,
                               gboolean decide_loss,
                               ArbRuling **ending,
                               GError **error);

G_END_DECLS
