/* arb-tournament-trf-teams.h: a team event's byes and forfeits in the TRF export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Sets @records' TRF-2026 records 330 (matches forfeited as a whole), 320
 * (pairing-allocated byes) and, in a team event, 240 (full-, half- and
 * zero-point byes of teams) to what the team entries of rounds 1 to
 * @n_rounds say, each team by its number in the records 310 (or its
 * place among the 013 lines); records of a team that has no number are
 * left out. *@any: whether a team entry stands (then the text kept from
 * the import cannot say it). */
gboolean _arb_trf_team_entries_over_records (ArbTournament *self,
                                             GHashTable *records,
                                             int n_rounds,
                                             gboolean *any,
                                             GError **error);

G_END_DECLS
