/* arb-net-peer.h: what the servers share about their peers
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* "ADDRESS PORT" of @remote, or "" when it is not an IP address; its
 * address alone in @peer, when not NULL. libsoup's messages tell the same
 * address, so a message finds its connection by this key. */
char *arb_net_peer_key (GSocketAddress *remote, char **peer);

/* Milliseconds from the environment variable @variable (a whole number
 * from 1), or @default_ms: how the tests shorten the deadlines. */
guint arb_net_env_ms (const char *variable, guint default_ms);

/* The deadline for a request's head, in milliseconds: @default_ms, or
 * what ARBITER_FEED_DEADLINE_MS says (the tests of the deadlines). */
guint arb_net_peer_deadline_ms (guint default_ms);

/* The addresses of this computer that other machines of the network can
 * reach (not loopback, not link-local), of @family or of any
 * (G_SOCKET_FAMILY_INVALID), in the order the system lists them. */
GStrv arb_net_peer_local_addresses (GSocketFamily family);

G_END_DECLS
