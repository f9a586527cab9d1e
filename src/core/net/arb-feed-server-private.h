/* arb-feed-server-private.h: what the feed server's files share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "arb-feed-server.h"
#include "arb-feed.h"

G_BEGIN_DECLS

struct _ArbFeedServer
{
  GObject parent_instance;

  ArbFeed *feed;
  GMainContext *owner;

  /* Settings, before start */
  char *address;
  guint port;
  char *token;
  guint max_connections;

  /* Worker thread only */
  SoupServer *soup;
  GSocket *listening;
  GSource *accepting;             /* on LISTENING, owned */
  GSource *accept_pause;          /* while accepting waits (out of files), not owned */
  GHashTable *connections;        /* GSocketConnection * (not owned) → Tracked * */
  GHashTable *by_remote;          /* "ADDRESS PORT" of the peer → Tracked * */
  GQueue unfinished;              /* Tracked *, the longest waiting first */
  GHashTable *unfinished_of_peer; /* peer's address → GQueue * of its unfinished */
  GSource *sweep;
  guint n_active;
  guint max_unfinished; /* the pools as they fit the open-files limit */
  guint max_active;
  guint max_open; /* connections the open-files limit leaves room for */
  guint header_ms;
  guint idle_ms;
  GHashTable *watchers; /* SoupServerMessage * → Watcher * */
  GSource *heartbeat;
  gulong published_id;
  GHashTable *pages; /* a language of arb_i18n_get_languages() → its page */

  /* Any thread */
  GMutex mutex;
  GInetSocketAddress *bound; /* under mutex */
  guint n_connections;       /* atomic */
  guint n_watchers;          /* atomic */
  gint notify_pending;       /* atomic */
};

/* Where a connection is, for the pools described in arb-feed-server.h. */
typedef enum
{
  PHASE_UNFINISHED, /* no whole request head yet, or idle between two */
  PHASE_ACTIVE,     /* a request being answered, or an event stream */
  PHASE_CLOSED,     /* shut down by the server, not yet gone */
} Phase;

typedef struct
{
  GWeakRef server;
  GSocketConnection *connection;
  GSocket *socket;
  char *peer;   /* the peer's address */
  char *remote; /* and its port: what libsoup's messages tell of it */
  Phase phase;
  gint64 deadline; /* monotonic, for an unfinished connection */
  GList link;      /* in the server's unfinished queue, while unfinished */
  GList peer_link; /* in its peer's unfinished queue, likewise */
} Tracked;

/* The owner hears of the counts at most once per turn of its loop. */
void _arb_feed_server_schedule_notify (ArbFeedServer *self);

/* Connections (arb-feed-connections.c), worker thread only */
void _arb_feed_server_leave_phase (ArbFeedServer *self, Tracked *tracked, Phase phase);
void _arb_feed_server_set_unfinished (ArbFeedServer *self, Tracked *tracked, guint ms);
/* At start: the pools' sizes within the open-files limit, raised first
 * towards its hard limit when the pools need it. */
void _arb_feed_server_fit_pools (ArbFeedServer *self);
/* At stop: every connection shut down and forgotten. libsoup lets go of
 * them later, on the worker thread, maybe while the owner's thread
 * finalizes the server: nothing of theirs may reach the server then. */
void _arb_feed_server_untrack_all (ArbFeedServer *self);
/* The tracked connection of a message, by the peer's address and port. */
Tracked *_arb_feed_server_tracked_of (ArbFeedServer *self, SoupServerMessage *msg);
/* Closes the unfinished connections past their deadline. */
gboolean _arb_feed_server_sweep_cb (gpointer data);
/* Answers STATUS on a connection libsoup does not have, and closes it. */
void _arb_feed_server_refuse_raw (GIOStream *stream,
                                  guint status,
                                  const char *reason,
                                  const char *text);
/* Accepting connections on the listening socket, and no more. A new
 * connection is tracked, room made in its pool, and handed to libsoup. */
void _arb_feed_server_listen (ArbFeedServer *self);
void _arb_feed_server_unlisten (ArbFeedServer *self);

G_END_DECLS
