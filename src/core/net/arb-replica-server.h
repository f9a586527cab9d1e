/* arb-replica-server.h: the desk's replication stream to its deputies
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A WebSocket at /replica. The deputy's first message (within
 * ARB_REPLICA_HELLO_DEADLINE_S) is its hello: its token, the last sequence
 * number and epoch its replica holds (0 for no replica). A token the
 * authorize function refuses gets nothing. A deputy with nothing gets a
 * snapshot of the file first (read in a thread, sent in chunks), then every
 * changeset after it, in order, as they are committed; it acknowledges each
 * sequence number once its replica committed it. A hello with an epoch
 * above the desk's makes the desk a reader (arb_tournament_demote()).
 *
 * Frames (binary, big-endian): 'S' then a snapshot chunk; 'C', the
 * sequence number (8 bytes), the epoch (8 bytes), the changeset. Text
 * frames are JSON: hello, ack {"seq"}, snapshot {"seq","epoch","size"},
 * reader {"reason"}.
 */

#pragma once

#include <gio/gio.h>

#include "arb-tournament-replica.h"

G_BEGIN_DECLS

#define ARB_REPLICA_HELLO_DEADLINE_S 10
#define ARB_REPLICA_MAX_MESSAGE (64 * 1024)
#define ARB_REPLICA_SNAPSHOT_CHUNK (256 * 1024)
#define ARB_REPLICA_MAX_PEERS 16
/* Changesets sent and not acknowledged, at most, a deputy. */
#define ARB_REPLICA_WINDOW 512

/* Whether @token signs in a deputy; *arbiter_name gets their name. */
typedef gboolean (*ArbReplicaAuthorizeFunc) (const char *token,
                                             char **arbiter_name,
                                             gpointer user_data);

#define ARB_TYPE_REPLICA_SERVER (arb_replica_server_get_type ())
G_DECLARE_FINAL_TYPE (ArbReplicaServer, arb_replica_server, ARB, REPLICA_SERVER, GObject)

ArbReplicaServer *arb_replica_server_new (ArbTournament *desk,
                                          ArbReplicaAuthorizeFunc authorize,
                                          gpointer user_data,
                                          GDestroyNotify destroy);
/* Before listening: the stream is served over TLS with @certificate (the
 * team service's, arb-team-certificate.h), so that a deputy pins the
 * fingerprint the desk shows (arb_replica_client_set_fingerprint ()). */
void arb_replica_server_set_certificate (ArbReplicaServer *self, GTlsCertificate *certificate);
/* Listens on 127.0.0.1 (or every address when @loopback_only is FALSE) at
 * @port (0: any); *bound_port gets the port. */
gboolean arb_replica_server_listen (ArbReplicaServer *self,
                                    guint port,
                                    gboolean loopback_only,
                                    guint *bound_port,
                                    GError **error);
/* The highest sequence number a deputy acknowledged: the changes up to it
 * are on two machines. ::acked tells when it rises. */
gint64 arb_replica_server_get_acked_seq (ArbReplicaServer *self);
/* The deputies connected whose sign-in was accepted. */
guint arb_replica_server_get_n_deputies (ArbReplicaServer *self);

/* Where a change stands once arb_replica_server_wait_acked () is done. */
typedef enum
{
  ARB_REPLICA_ACKED,       /* every connected deputy acknowledged it */
  ARB_REPLICA_NO_DEPUTY,   /* no deputy is connected (or the last one left) */
  ARB_REPLICA_UNCONFIRMED, /* a deputy did not acknowledge it in time */
} ArbReplicaWait;

/* Calls @func once, from the server's main context, when every deputy
 * connected (signed in) has acknowledged @seq (at once when they already
 * did), when no deputy is connected (at once, or when the last one
 * leaves), or after @timeout_ms without that; never before this returns.
 * Every deputy, not one: the deputy that acknowledged may be the one that
 * takes over and then fails in turn, and the change must then be on the
 * other. Disposing the server calls the functions still waiting with
 * ARB_REPLICA_UNCONFIRMED. */
typedef void (*ArbReplicaWaitFunc) (ArbReplicaWait outcome, gpointer user_data);
void arb_replica_server_wait_acked (ArbReplicaServer *self,
                                    gint64 seq,
                                    guint timeout_ms,
                                    ArbReplicaWaitFunc func,
                                    gpointer user_data);

/* A token list for tests and the bench: "token=name" pairs. */
gboolean arb_replica_authorize_list (const char *token, char **arbiter_name, gpointer pairs);

G_END_DECLS
