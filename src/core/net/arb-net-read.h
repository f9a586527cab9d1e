/* arb-net-read.h: reading a body from outside, within a size and a time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

/* Every body the network layer reads from outside the program (a PGN at
 * an address or in a file, lichess's answer to a push) is read through
 * these functions, so that a server or a file that never ends costs at
 * most the cap in memory, and a server that answers a byte at a time
 * costs at most the deadline in time.
 *
 * A body larger than @max_bytes fails with G_IO_ERROR_MESSAGE_TOO_LARGE as
 * soon as the cap is passed, without reading further; a request not done
 * @deadline_ms after it began (0: no deadline) fails with
 * G_IO_ERROR_TIMED_OUT. Both messages name the limit, in the reader's
 * language. Cancelling @cancellable fails with G_IO_ERROR_CANCELLED. The
 * callback runs in the thread-default main context of the caller. */

/* Environment variable: a deadline in milliseconds that replaces every
 * request's deadline, for the tests of the deadlines. */
#define ARB_NET_DEADLINE_ENV "ARBITER_NET_DEADLINE_MS"

/* The deadline to use for a request whose own deadline is @deadline_ms:
 * that of ARB_NET_DEADLINE_ENV when it is set. */
guint arb_net_deadline_ms (guint deadline_ms);

/* Reads @stream to its end. */
void arb_net_read_async (GInputStream *stream,
                         gsize max_bytes,
                         guint deadline_ms,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data);
GBytes *arb_net_read_finish (GAsyncResult *result, GError **error);

/* Sends @msg on @session and reads its answer's body. */
void arb_net_fetch_async (SoupSession *session,
                          SoupMessage *msg,
                          gsize max_bytes,
                          guint deadline_ms,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data);
GBytes *arb_net_fetch_finish (GAsyncResult *result, GError **error);

G_END_DECLS
