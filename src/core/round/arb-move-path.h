/* arb-move-path.h: the one path of a move into the tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game-status.h"
#include "arb-laws.h"
#include "arb-ruling.h"
#include "arb-san.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Every writer of a move takes this path: the window's game (ArbGame,
 * and through it the outside sources of moves), `arbiter-cli play` and
 * the demo round. The writer follows the game in an ArbGameStatus (read
 * from the record with arb_move_path_follow(), or kept as it plays) and
 * hands each move to arb_move_path_record(), which
 *
 *  1. refuses a move after the game's end: its result, or an automatic
 *     end the record already holds (a file written before this path
 *     existed may go on past a fivefold repetition);
 *  2. refuses a move that is not legal in the position followed;
 *  3. decides whether the move ends the game by itself (checkmate 5.1.1,
 *     stalemate 5.2.1, dead position by the material 5.2.2, fivefold
 *     repetition 9.6.1, 75 moves 9.6.2; 2018/2023 numbers, and only as
 *     the edition of the event has them);
 *  4. stores the move, its clock times (only those known) and, when it
 *     ended the game, the result and the ruling that says why, in one
 *     durable transaction.
 *
 * Only then does the caller show the move as played. */

/* The status of @game as its stored moves give it, under @edition. */
ArbGameStatus *arb_move_path_follow (ArbTournament *tournament,
                                     const ArbGameInfo *game,
                                     ArbEdition edition,
                                     GError **error);

/* The automatic end the record followed by @status holds, as an
 * ArbEnding (ARB_ENDING_NONE while the game goes on); *ply gets its ply. */
ArbEnding arb_move_path_get_end (const ArbGameStatus *status, guint *ply);

/* FALSE with an error naming the next ply, the ply of the end and its
 * article when the record followed by @status has ended by itself. */
gboolean arb_move_path_check_open (const ArbGameStatus *status, GError **error);

/* Records @move as the next ply of @game_id (one more than @status has
 * followed), with the times the clock showed after it (milliseconds, -1
 * when not known), under the Laws of @event. @san receives the move's
 * SAN, and @ending (when not NULL) the ruling of the end the move brought
 * or NULL.
 *
 * On success @status has followed the move. On failure nothing is
 * stored; @status may have followed the move, so the caller reads the
 * game again before it goes on. */
gboolean arb_move_path_record (ArbTournament *tournament,
                               gint64 game_id,
                               ArbGameStatus *status,
                               const ArbEventSettings *event,
                               ArbMove move,
                               gint64 white_ms,
                               gint64 black_ms,
                               char san[ARB_SAN_MAX],
                               ArbRuling **ending,
                               GError **error);

G_END_DECLS
