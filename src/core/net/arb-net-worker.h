/* arb-net-worker.h: a thread of its own for the network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Everything the network layer does (reading the file it publishes,
 * answering hundreds of display screens, pushing to lichess) runs in one
 * thread with a main context of its own, so that the window's main loop
 * never waits for a socket or a query. The objects of this layer are made
 * and dropped in their owner's thread; their work is handed to the worker
 * and what the owner should learn comes back to the owner's main context.
 *
 * A later source of moves (DGT LiveChess, a live PGN) runs in the same
 * worker beside the feed. */

#define ARB_TYPE_NET_WORKER (arb_net_worker_get_type ())

G_DECLARE_FINAL_TYPE (ArbNetWorker, arb_net_worker, ARB, NET_WORKER, GObject)

/* Starts the thread. */
ArbNetWorker *arb_net_worker_new (void);

/* The worker's main context, thread-default in the worker thread. */
GMainContext *arb_net_worker_get_context (ArbNetWorker *self);
gboolean arb_net_worker_is_current (ArbNetWorker *self);

/* Runs func in the worker thread at the next turn of its loop. */
void arb_net_worker_invoke (ArbNetWorker *self,
                            GSourceFunc func,
                            gpointer data,
                            GDestroyNotify notify);

typedef gboolean (*ArbNetWorkerCall) (gpointer data, GError **error);

/* Runs func in the worker thread and waits for it: for short steps only
 * (binding a socket, opening the file). Called from the worker itself it
 * runs func at once. */
gboolean arb_net_worker_call (ArbNetWorker *self,
                              ArbNetWorkerCall func,
                              gpointer data,
                              GError **error);

/* Runs func with @task's source object in the worker thread without
 * waiting, and returns what it returned on @task (taken): TRUE, or its
 * error. The task calls back in the context it was made in; its
 * _finish () is g_task_propagate_boolean (). */
void arb_net_worker_call_async (ArbNetWorker *self, ArbNetWorkerCall func, GTask *task);

/* Runs func in @context, keeping a reference on @object until it ran: how
 * the objects of this layer tell their owner's thread something. */
void arb_net_invoke_in (GMainContext *context, GObject *object, GSourceFunc func);

G_END_DECLS
