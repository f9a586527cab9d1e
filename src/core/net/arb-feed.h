/* arb-feed.h: a round of a tournament file, followed live
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-feed-state.h"
#include "arb-net-worker.h"

G_BEGIN_DECLS

/* The feed opens the tournament file read-only, on a connection of its
 * own in the network worker, and asks SQLite whether another connection
 * (the window, a second window, arbiter-cli) has committed, as soon as
 * the kernel says the file's WAL was written, and five times a second in
 * any case. When one has, it reads the round again and publishes a
 * new ArbFeedState; with a delay it also publishes when a held-back move
 * or clock event comes due.
 *
 * ::published (ArbFeedState *state, GArray *changes) is emitted in the
 * worker thread after a state replaced the previous one and the view of
 * some game changed; changes (ArbFeedChange) is NULL when the round
 * itself changed. The server and the push client listen to it there. */

#define ARB_TYPE_FEED (arb_feed_get_type ())

G_DECLARE_FINAL_TYPE (ArbFeed, arb_feed, ARB, FEED, GObject)

/* The longest delay the feed holds moves back: 60 minutes, as opens
 * commonly use against cheating. */
#define ARB_FEED_MAX_DELAY_SECONDS (60 * 60)

/* @round 0 follows the last round with games. */
ArbFeed *arb_feed_new (ArbNetWorker *worker, const char *path, int round);

/* Opens the file and publishes the first state; waits for the worker. */
gboolean arb_feed_start (ArbFeed *self, GError **error);
/* The same without waiting: @callback runs in the caller's thread. */
void arb_feed_start_async (ArbFeed *self,
                           GCancellable *cancellable,
                           GAsyncReadyCallback callback,
                           gpointer user_data);
gboolean arb_feed_start_finish (ArbFeed *self, GAsyncResult *result, GError **error);
/* Stops following and closes the file; the last state stays. */
void arb_feed_stop (ArbFeed *self);

ArbNetWorker *arb_feed_get_worker (ArbFeed *self);
const char *arb_feed_get_path (ArbFeed *self);

/* 0 to ARB_FEED_MAX_DELAY_SECONDS; any thread. */
void arb_feed_set_delay (ArbFeed *self, guint seconds);
guint arb_feed_get_delay (ArbFeed *self);

/* The last published state, or NULL before the first; any thread. */
ArbFeedState *arb_feed_dup_state (ArbFeed *self);

G_END_DECLS
