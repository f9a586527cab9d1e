/* arb-reconstruction.h: a game rebuilt from its scoresheets, stored with its ruling
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-edition.h"
#include "arb-ruling.h"
#include "arb-scoresheet-search.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The article under which the arbiter has a game reconstructed, as
 * @edition numbers it (8.5c in 2001 and 2009, 8.5.3 from 2014 on). */
const char *arb_reconstruction_article (ArbEdition edition);

/* The ruling of a reconstruction: kind ARB_RULING_RECONSTRUCTION,
 * decision ARB_DECISION_RECONSTRUCTED, the article cited, and as facts the
 * half-moves, sheets, corrections and cost, and each correction
 * ("correction_N": half-move, sheet, kind, written, read, tab-separated). */
ArbRuling *arb_reconstruction_ruling (const ArbScoresheetResult *result,
                                      const ArbScoresheetGame *game,
                                      ArbEdition edition);

/* Stores @game (one of @result's games) in one transaction: the moves of
 * game @game_id replaced, or the game @new_game added when @game_id is 0,
 * with the ruling record and an audit line. Returns the game's id, or 0
 * with an error and nothing changed. */
gint64 arb_reconstruction_store (ArbTournament *tournament,
                                 gint64 game_id,
                                 const ArbGameInfo *new_game,
                                 const ArbScoresheetResult *result,
                                 const ArbScoresheetGame *game,
                                 ArbEdition edition,
                                 GError **error);

G_END_DECLS
