/* arb-tournament-trf.h: players and pairings in and out as TRF16
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"
#include "arb-trf.h"

G_BEGIN_DECLS

/* Players and the pairings of one round (0: every round) into the
 * tournament, in one transaction: on any error nothing is stored. */
gboolean arb_tournament_import_trf (ArbTournament *self,
                                    const char *text,
                                    gsize length,
                                    int round,
                                    GError **error);
/* The players with their pairings and results, as TRF16. */
char *arb_tournament_export_trf (ArbTournament *self, GError **error);

G_END_DECLS
