/* arb-team-routes.h: what the arbiters' service decides of a request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "arb-floor-entry.h"

G_BEGIN_DECLS

/* The team server's decisions apart from its sockets, so that they are
 * tested and fuzzed without a network (tests/fuzz/fuzz-team-request.c):
 * which route a request asks for, whether its head allows its body to be
 * read, the bearer token it carries, the rate of each arbiter and the
 * entry its body holds. The limits are in arb-team-server.h. */

typedef enum
{
  ARB_TEAM_ROUTE_NONE, /* 404 */
  ARB_TEAM_ROUTE_FLOOR,
  ARB_TEAM_ROUTE_RESULT,
  ARB_TEAM_ROUTE_CALL,
  ARB_TEAM_ROUTE_INCIDENT,
  ARB_TEAM_ROUTE_CLOCK,
  ARB_TEAM_ROUTE_ENTRIES,
  ARB_TEAM_ROUTE_BOARDS,
} ArbTeamRoute;

ArbTeamRoute arb_team_route_find (const char *method, const char *path);

/* Whether @route takes an entry in its body, and of which kind. */
gboolean arb_team_route_is_entry (ArbTeamRoute route, ArbFloorKind *kind);

/* Before the body is read: 411 for a POST of no stated length
 * (@content_length -1), 413 for one over the limit, 0 when it may go
 * on. */
guint arb_team_route_check_head (const char *method, gint64 content_length);

/* The token of an "Authorization: Bearer TOKEN" header, or NULL. */
const char *arb_team_route_bearer (const char *authorization);

/* Requests of each arbiter in the current minute. */
typedef struct _ArbTeamRates ArbTeamRates;

ArbTeamRates *arb_team_rates_new (void);
void arb_team_rates_free (ArbTeamRates *rates);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamRates, arb_team_rates_free)
/* Counts a request of @who at @now_us (monotonic): FALSE past the
 * minute's limit (429). */
gboolean arb_team_rates_take (ArbTeamRates *rates, const char *who, gint64 now_us);

/* The entry a body holds: a JSON object (nesting limited as every JSON
 * from outside) read into @s, whose strings point into the returned
 * node; NULL when the body is not one (400). */
JsonNode *arb_team_route_read_entry (const char *data,
                                     gsize size,
                                     ArbFloorKind kind,
                                     ArbFloorSubmission *s);

G_END_DECLS
