/* arb-tournament-ruling.h: storing the Laws engine's rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Stores a ruling as the engine returned it, about ply `ply` of the game:
 * its kind, "decision: explanation", the articles as its edition numbers
 * them, the edition, the whole value as JSON (arb_ruling_to_json()) and
 * the arbiter's note. One transaction with its audit line. Storing does
 * not apply the ruling's effects to the game. */
gint64 arb_tournament_add_ruling (ArbTournament *self,
                                  gint64 game_id,
                                  int ply,
                                  const ArbRuling *ruling,
                                  GError **error);

/* The engine's value back from a stored ruling. */
ArbRuling *arb_tournament_ruling_from_record (const ArbRulingRecord *record, GError **error);

G_END_DECLS
