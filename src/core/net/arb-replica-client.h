/* arb-replica-client.h: a deputy's replica kept current from the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Connects to the desk's /replica (arb-replica-server.h) with the
 * deputy's token, makes the replica file from the desk's snapshot when it
 * does not exist, then applies each changeset in order and acknowledges it
 * once committed. A changeset that does not apply, a replica that holds
 * more than the desk, a refused token: the client stops and says why
 * (::stopped). It runs in its creator's thread-default main context.
 */

#pragma once

#include <gio/gio.h>

#include "arb-tournament-replica.h"

G_BEGIN_DECLS

/* Biggest frame taken from the desk: a snapshot chunk, or one changeset
 * (an import of a whole round is one). */
#define ARB_REPLICA_CLIENT_MAX_FRAME (64 * 1024 * 1024)
/* Biggest snapshot taken. */
#define ARB_REPLICA_CLIENT_MAX_SNAPSHOT ((gsize) 1 << 30)

#define ARB_TYPE_REPLICA_CLIENT (arb_replica_client_get_type ())
G_DECLARE_FINAL_TYPE (ArbReplicaClient, arb_replica_client, ARB, REPLICA_CLIENT, GObject)

/* @url: http://HOST:PORT (the path /replica is added when there is none). */
ArbReplicaClient *arb_replica_client_new (const char *url, const char *token, const char *into);
/* Before start: an https:// desk is trusted only when its certificate's
 * SHA-256 fingerprint (AA:BB:…, as serve-team prints it) is this one; any
 * other is refused, and the client stops saying which it was. */
void arb_replica_client_set_fingerprint (ArbReplicaClient *self, const char *fingerprint);
void arb_replica_client_start (ArbReplicaClient *self);
void arb_replica_client_stop (ArbReplicaClient *self);
gint64 arb_replica_client_get_applied_seq (ArbReplicaClient *self);
gint64 arb_replica_client_get_epoch (ArbReplicaClient *self);
/* Why it stopped (NULL while it runs or after a close by the desk). */
const char *arb_replica_client_get_error (ArbReplicaClient *self);
/* The replica, once open (NULL before). */
ArbTournament *arb_replica_client_get_replica (ArbReplicaClient *self);

G_END_DECLS
