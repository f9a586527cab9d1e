/* arb-team-witness.c: a floor entry answered once a deputy holds it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-team-witness.h"

typedef struct
{
  ArbTeamHeldFunc done;
  gpointer done_data;
} Asked;

static void
replica_answered (ArbReplicaWait outcome, gpointer data)
{
  Asked *asked = data;
  ArbTeamHeld held = ARB_TEAM_HELD_UNCONFIRMED;

  if (outcome == ARB_REPLICA_ACKED)
    held = ARB_TEAM_HELD_DEPUTY;
  else if (outcome == ARB_REPLICA_NO_DEPUTY)
    held = ARB_TEAM_HELD_NO_DEPUTY;
  asked->done (held, asked->done_data);
  g_free (asked);
}

static void
ask_replicas (gint64 seq, ArbTeamHeldFunc done, gpointer done_data, gpointer replicas)
{
  Asked *asked = g_new0 (Asked, 1);

  asked->done = done;
  asked->done_data = done_data;
  arb_replica_server_wait_acked (ARB_REPLICA_SERVER (replicas), seq, ARB_TEAM_SERVER_DEPUTY_WAIT_MS,
                                 replica_answered, asked);
}

void
arb_team_server_witness_replicas (ArbTeamServer *team, ArbReplicaServer *replicas)
{
  g_return_if_fail (ARB_IS_TEAM_SERVER (team));
  g_return_if_fail (ARB_IS_REPLICA_SERVER (replicas));

  arb_team_server_set_witness (team, ask_replicas, g_object_ref (replicas), g_object_unref);
}
