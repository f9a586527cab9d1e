/* arb-board-move.h: the arbiter moves a pairing to another board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* The highest board number a pairing can be moved to. */
#define ARB_BOARD_MOVE_MAX 9999

/* Moves the pairing on board @from of @round to board @to, before it is
 * played: a player who needs a table near the door, for example. The
 * pairing on @to, if there is one, takes board @from: the two swap, in
 * one transaction (arb_tournament_move_board ()), with the decision
 * stored as a ruling of the rulings log (ARB_RULING_BOARD_CHANGE, no article:
 * the Laws do not number boards) with @reason (required) and @arbiter
 * (NULL or "" when no name is set). Refused, naming the board, when
 * either game has a move or a result (the pairing is being played where
 * it is: its e-board, its scoresheets and the published round all say
 * that board), is a bye, or is a board of a team match (whose order the
 * teams' line-ups give). *ruling_id (may be NULL) gets the ruling's id.
 * The TRF-2026 export writes the change as record 300
 * (arb_tournament_export_trf_as ()). */
gboolean arb_board_move (ArbTournament *tournament,
                         int round,
                         int from,
                         int to,
                         const char *arbiter,
                         const char *reason,
                         gint64 *ruling_id,
                         GError **error);

G_END_DECLS
