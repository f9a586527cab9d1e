/* arb-event-settings.h: the event's settings, changed in one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "arb-standings-teams-order.h"
#include "arb-standings.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Changes @settings, the event's settings as a JSON object (an empty one
 * when the event has none); FALSE with @error set stores nothing. */
typedef gboolean (*ArbEventSettingsEdit) (JsonObject *settings, gpointer user_data, GError **error);

/* The one path of every writer of the event's settings (docs/tournament-file.md):
 * the settings are read, changed by @edit and stored in one transaction,
 * so that a change another writer committed meanwhile is not lost.
 * Settings that are not a JSON object are not overwritten
 * (ARB_TOURNAMENT_ERROR_INVALID). */
gboolean arb_event_settings_edit (ArbTournament *tournament,
                                  ArbEventSettingsEdit edit,
                                  gpointer user_data,
                                  GError **error);

/* The same in the caller's batch (arb_tournament_begin_batch ()), which
 * commits it. */
gboolean arb_event_settings_edit_in_batch (ArbTournament *tournament,
                                           ArbEventSettingsEdit edit,
                                           gpointer user_data,
                                           GError **error);

/* "3-1-0", "1-0.5-0": the points as "scoring" stores them. */
char *arb_scoring_to_text (const ArbScoring *scoring);

/* Stores the points of @scoring as "scoring" (its rule for unplayed
 * rounds is not touched), or @order as "tiebreaks" (by their keys;
 * @n_order from 1 to ARB_TIEBREAK_MAX_ORDER), keeping every other
 * setting: arb_event_settings_edit (). */
gboolean arb_event_settings_set_scoring (ArbTournament *tournament,
                                         const ArbScoring *scoring,
                                         GError **error);
gboolean arb_event_settings_set_tiebreaks (ArbTournament *tournament,
                                           const ArbTiebreak *order,
                                           guint n_order,
                                           GError **error);
/* Stores a team event's order: its primary score as "team_score" and
 * its tie-breaks as "team_tiebreaks" (by their keys; n_order up to
 * ARB_TEAM_ORDER_MAX, 0 for the primary score alone), keeping every
 * other setting: arb_event_settings_edit (). */
gboolean arb_event_settings_set_team_order (ArbTournament *tournament,
                                            const ArbTeamOrder *order,
                                            GError **error);
/* Stores a team event's match points for a win, a draw and a loss
 * (C.07 2026, 11.1; TRF-2026 record 362) as "team_scoring", "3-1-0"
 * (win ≥ draw ≥ loss ≥ 0), keeping every other setting. */
gboolean arb_event_settings_set_team_match_points (ArbTournament *tournament,
                                                   const ArbTeamMatchPoints *points,
                                                   GError **error);
/* Stores whether the pairings were fixed in advance (a round robin:
 * C.07 Article 15.2 for the tie-breaks) as "round_robin". */
gboolean arb_event_settings_set_round_robin (ArbTournament *tournament,
                                             gboolean round_robin,
                                             GError **error);

G_END_DECLS
