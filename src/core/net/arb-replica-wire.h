/* arb-replica-wire.h: the frames of the replication stream
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See arb-replica-server.h. Plain functions, no socket.
 */

#pragma once

#include "arb-tournament-replica.h"

G_BEGIN_DECLS

typedef struct
{
  char *token; /* a hello's; NULL for another message */
  gint64 seq;
  gint64 epoch;
} ArbReplicaHello;

GBytes *arb_replica_wire_changeset (const ArbChangeset *changeset);
/* A 'C' frame, or NULL. */
ArbChangeset *arb_replica_wire_parse_changeset (GBytes *frame);
char *arb_replica_wire_hello (const char *token, gint64 seq, gint64 epoch);
char *arb_replica_wire_ack (gint64 seq);
char *arb_replica_wire_snapshot_head (gint64 seq, gint64 epoch, gsize size);
/* A hello (hello->token set) or an ack (*ack set); FALSE for anything else. */
gboolean arb_replica_wire_parse_text (GBytes *text, ArbReplicaHello *hello, gint64 *ack);
/* A snapshot head; FALSE for anything else. */
gboolean arb_replica_wire_parse_snapshot_head (GBytes *text,
                                               gint64 *seq,
                                               gint64 *epoch,
                                               gsize *size);

G_END_DECLS
