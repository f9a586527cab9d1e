/* arb-team-witness.h: a floor entry answered once a deputy holds it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-replica-server.h"
#include "arb-team-server.h"

G_BEGIN_DECLS

/* Makes @replicas the witness of @team (arb_team_server_set_witness ()):
 * an entry's answer waits until every deputy following @replicas
 * acknowledged the entry's change (arb_replica_server_wait_acked ()), for
 * ARB_TEAM_SERVER_DEPUTY_WAIT_MS at most, and is given at once when no
 * deputy is connected. Both serve the same file in
 * the same main context. */
void arb_team_server_witness_replicas (ArbTeamServer *team, ArbReplicaServer *replicas);

G_END_DECLS
