/* arb-feed-server.h: the round on the venue network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-feed.h"

G_BEGIN_DECLS

/* An HTTP server (libsoup) for the hall's screens and for relays: the
 * routes of arb-feed-routes.h, answered from the feed's last state in the
 * network worker. It is off until started, listens on 127.0.0.1 unless
 * another address is chosen, and bounds what clients may take: a number
 * of open connections (more are turned away with 503), headers and body
 * (arb-feed-routes.h), and the data queued for a slow event reader (it is
 * cut off).
 *
 * Properties notify in the thread that made the server. */

#define ARB_TYPE_FEED_SERVER (arb_feed_server_get_type ())

G_DECLARE_FINAL_TYPE (ArbFeedServer, arb_feed_server, ARB, FEED_SERVER, GObject)

#define ARB_FEED_SERVER_DEFAULT_MAX_CONNECTIONS 1024
/* A connection must send a request's whole head within this many seconds
 * of being accepted; it is closed otherwise. (libsoup closes it after an
 * answer; the idle time covers the moment in between.) */
#define ARB_FEED_SERVER_HEADER_SECONDS 10
#define ARB_FEED_SERVER_IDLE_SECONDS 30
/* Connections of one address that have not yet sent a whole request:
 * the next one is closed at once. */
#define ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER 32
/* Environment variable: milliseconds that replace both deadlines above,
 * for the tests of the deadlines. */
#define ARB_FEED_SERVER_DEADLINE_ENV "ARBITER_FEED_DEADLINE_MS"
/* Seconds between heartbeats on the event stream. */
#define ARB_FEED_SERVER_HEARTBEAT_SECONDS 10

ArbFeedServer *arb_feed_server_new (ArbFeed *feed);

/* Before starting: the address to listen on (NULL: 127.0.0.1; "0.0.0.0"
 * or "::" for every interface), the port (0: any free one), an access
 * token (NULL: none), the most connections open at once.
 *
 * Connections are kept in two pools of @max_connections each. A
 * connection is unfinished until it has sent a request's whole head, and
 * again while it waits, kept alive, between requests; it is active while
 * a request is answered and for as long as an event stream lasts. When a
 * new connection finds the unfinished pool full, or its address has
 * ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER unfinished connections, the
 * oldest unfinished one (of that address) is closed to make room, one that
 * never finished a request before one that did. A request whose head
 * comes when the active pool is full is answered 503. So half-sent
 * requests, however many, cannot keep a screen out or push one off. */
void arb_feed_server_set_address (ArbFeedServer *self, const char *address);
void arb_feed_server_set_port (ArbFeedServer *self, guint port);
void arb_feed_server_set_token (ArbFeedServer *self, const char *token);
void arb_feed_server_set_max_connections (ArbFeedServer *self, guint max_connections);

/* Listens; the port is known when this returns. */
gboolean arb_feed_server_start (ArbFeedServer *self, GError **error);
/* The same without waiting for the worker: @callback runs in the
 * caller's thread. */
void arb_feed_server_start_async (ArbFeedServer *self,
                                  GCancellable *cancellable,
                                  GAsyncReadyCallback callback,
                                  gpointer user_data);
gboolean arb_feed_server_start_finish (ArbFeedServer *self, GAsyncResult *result, GError **error);
/* Closes the listening socket and every connection. */
void arb_feed_server_stop (ArbFeedServer *self);
gboolean arb_feed_server_is_running (ArbFeedServer *self);

ArbFeed *arb_feed_server_get_feed (ArbFeedServer *self);
guint arb_feed_server_get_port (ArbFeedServer *self);
/* What to type in a browser: "http://ADDRESS:PORT/", with "?token=…"
 * when there is one. A server on every interface gives an address of this
 * machine on the network. NULL when stopped. */
char *arb_feed_server_dup_url (ArbFeedServer *self);

/* Open connections, and event streams among them (properties
 * "n-connections" and "n-watchers"). */
guint arb_feed_server_get_n_connections (ArbFeedServer *self);
guint arb_feed_server_get_n_watchers (ArbFeedServer *self);

G_END_DECLS
