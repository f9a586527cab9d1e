/* arb-tournament-trf-teams.h: a team event's byes and forfeits in the TRF export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* The team matches of rounds 1 to @n_rounds (GPtrArray of
 * ArbTeamMatchInfo, round 1 first), read once for the functions below;
 * each round empty in an individual event. */
GPtrArray *_arb_trf_team_rounds (ArbTournament *self, int n_rounds, GError **error);

/* Sets @records' TRF-2026 records 330 (matches forfeited as a whole), 320
 * (pairing-allocated byes) and, in a team event, 240 (full-, half- and
 * zero-point byes of teams) to what the team entries of @rounds say,
 * each team by its number in the records 310 (or its place among the 013
 * lines); records of a team that has no number are left out. *@any:
 * whether a team entry stands (then the text kept from the import cannot
 * say it). */
void _arb_trf_team_entries_over_records (GPtrArray *rounds, GHashTable *records, gboolean *any);

/* The matches of @rounds forfeited as a whole, by their id (gint64 *,
 * ArbTeamMatchInfo borrowed from @rounds). */
GHashTable *_arb_trf_team_forfeits (GPtrArray *rounds);

/* The TRF result codes of @game while its own result is open, when it
 * is a board of a match of @forfeits: '+' for the winning team's player,
 * '-' for the other's (both '-' where both teams forfeited), as the
 * pairing program reads a forfeited match's boards. FALSE for any other
 * game. */
gboolean _arb_trf_team_forfeit_codes (GHashTable *forfeits,
                                      const ArbGameInfo *game,
                                      char *white,
                                      char *black);

G_END_DECLS
