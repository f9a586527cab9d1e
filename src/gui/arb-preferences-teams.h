/* arb-preferences-teams.h: a team event's order of standings in the preferences
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-preferences-window.h"

G_BEGIN_DECLS

/* Adds to @page, for a team event, the score that ranks the teams first
 * and the order of their tie-breaks (arb-standings-teams-order.h), read
 * from @tournament's settings and written back at once. */
void _arb_preferences_add_team_groups (ArbPreferencesWindow *window,
                                       AdwPreferencesPage *page,
                                       ArbTournament *tournament);

G_END_DECLS
