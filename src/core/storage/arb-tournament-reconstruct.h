/* arb-tournament-reconstruct.h: storing a game rebuilt from its scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Stores the moves of a game rebuilt from its scoresheets, in one
 * transaction with @ruling (when not NULL) and an audit line: the moves of
 * game @game_id are replaced, or, when @game_id is 0, the game @new_game is
 * added with them. The moves must be legal from the game's start position
 * (@new_game->start_fen for a new game). Clock events and checkpoints
 * after the new last move are removed (the audit line counts them). A game
 * that was going on and ends in mate or stalemate gets that result. Returns
 * the game's id, or 0 with an error and nothing changed. */
gint64 arb_tournament_set_moves (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbGameInfo *new_game,
                                 const ArbMove *moves,
                                 guint n_moves,
                                 const ArbRulingRecord *ruling,
                                 GError **error);

G_END_DECLS
