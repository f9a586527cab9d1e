/* arb-net-worker.c: a thread of its own for the network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-net-worker.h"

struct _ArbNetWorker
{
  GObject parent_instance;

  GMainContext *context;
  GMainLoop *loop;
  GThread *thread;
};

G_DEFINE_FINAL_TYPE (ArbNetWorker, arb_net_worker, G_TYPE_OBJECT)

/* The thread keeps its own references on its loop and context: the worker
 * object may be gone (finalized in this very thread) before it ends. */
static gpointer
worker_main (gpointer data)
{
  GMainLoop *loop = data;
  GMainContext *context = g_main_loop_get_context (loop);

  g_main_context_push_thread_default (context);
  g_main_loop_run (loop);
  /* Sources added while the loop was stopping still own references
   * (sockets, objects): run them down in this thread. */
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_pop_thread_default (context);
  g_main_loop_unref (loop);
  return NULL;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
arb_net_worker_finalize (GObject *object)
{
  ArbNetWorker *self = ARB_NET_WORKER (object);

  /* The last reference may go in the worker itself (an object of the
   * worker dropping its own): the thread cannot join itself then, and
   * ends by itself once its loop is told to stop. */
  g_main_context_invoke (self->context, quit_cb, self->loop);
  if (g_thread_self () != self->thread)
    g_thread_join (self->thread);
  else
    g_thread_unref (self->thread);
  g_main_loop_unref (self->loop);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (arb_net_worker_parent_class)->finalize (object);
}

static void
arb_net_worker_class_init (ArbNetWorkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_net_worker_finalize;
}

static void
arb_net_worker_init (ArbNetWorker *self)
{
  self->context = g_main_context_new ();
  self->loop = g_main_loop_new (self->context, FALSE);
}

ArbNetWorker *
arb_net_worker_new (void)
{
  ArbNetWorker *self = g_object_new (ARB_TYPE_NET_WORKER, NULL);

  self->thread = g_thread_new ("arb-net", worker_main, g_main_loop_ref (self->loop));
  return self;
}

GMainContext *
arb_net_worker_get_context (ArbNetWorker *self)
{
  g_return_val_if_fail (ARB_IS_NET_WORKER (self), NULL);
  return self->context;
}

gboolean
arb_net_worker_is_current (ArbNetWorker *self)
{
  g_return_val_if_fail (ARB_IS_NET_WORKER (self), FALSE);
  return g_thread_self () == self->thread;
}

void
arb_net_worker_invoke (ArbNetWorker *self, GSourceFunc func, gpointer data, GDestroyNotify notify)
{
  g_return_if_fail (ARB_IS_NET_WORKER (self));
  g_return_if_fail (func != NULL);

  g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, func, data, notify);
}

typedef struct
{
  ArbNetWorkerCall func;
  gpointer data;
  GError *error;
  gboolean ok;
  gboolean done;
  GMutex mutex;
  GCond cond;
} Call;

static gboolean
call_cb (gpointer user_data)
{
  Call *call = user_data;
  GError *error = NULL;
  gboolean ok = call->func (call->data, &error);

  g_mutex_lock (&call->mutex);
  call->ok = ok;
  call->error = error;
  call->done = TRUE;
  g_cond_signal (&call->cond);
  g_mutex_unlock (&call->mutex);
  return G_SOURCE_REMOVE;
}

gboolean
arb_net_worker_call (ArbNetWorker *self, ArbNetWorkerCall func, gpointer data, GError **error)
{
  Call call = { .func = func, .data = data };

  g_return_val_if_fail (ARB_IS_NET_WORKER (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (arb_net_worker_is_current (self))
    return func (data, error);

  g_mutex_init (&call.mutex);
  g_cond_init (&call.cond);
  g_main_context_invoke (self->context, call_cb, &call);
  g_mutex_lock (&call.mutex);
  while (!call.done)
    g_cond_wait (&call.cond, &call.mutex);
  g_mutex_unlock (&call.mutex);
  g_mutex_clear (&call.mutex);
  g_cond_clear (&call.cond);

  if (call.error != NULL)
    g_propagate_error (error, call.error);
  return call.ok;
}

typedef struct
{
  ArbNetWorkerCall func;
  GTask *task;
} AsyncCall;

static gboolean
async_call_cb (gpointer user_data)
{
  AsyncCall *call = user_data;
  GError *error = NULL;

  if (call->func (g_task_get_source_object (call->task), &error))
    g_task_return_boolean (call->task, TRUE);
  else
    g_task_return_error (call->task, error);
  return G_SOURCE_REMOVE;
}

static void
async_call_free (gpointer user_data)
{
  AsyncCall *call = user_data;

  g_object_unref (call->task);
  g_free (call);
}

void
arb_net_worker_call_async (ArbNetWorker *self, ArbNetWorkerCall func, GTask *task)
{
  AsyncCall *call;

  g_return_if_fail (ARB_IS_NET_WORKER (self));
  g_return_if_fail (func != NULL);
  g_return_if_fail (G_IS_TASK (task));

  call = g_new (AsyncCall, 1);
  call->func = func;
  call->task = task;
  g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, async_call_cb, call,
                              async_call_free);
}

typedef struct
{
  GObject *object;
  GSourceFunc func;
} Invoke;

static gboolean
invoke_cb (gpointer data)
{
  Invoke *invoke = data;

  invoke->func (invoke->object);
  return G_SOURCE_REMOVE;
}

static void
invoke_free (gpointer data)
{
  Invoke *invoke = data;

  g_object_unref (invoke->object);
  g_free (invoke);
}

void
arb_net_invoke_in (GMainContext *context, GObject *object, GSourceFunc func)
{
  Invoke *invoke;

  g_return_if_fail (G_IS_OBJECT (object));
  g_return_if_fail (func != NULL);

  invoke = g_new (Invoke, 1);
  invoke->object = g_object_ref (object);
  invoke->func = func;
  /* Never at once, even in the same context: the caller may hold locks. */
  {
    GSource *source = g_idle_source_new ();

    g_source_set_priority (source, G_PRIORITY_DEFAULT);
    g_source_set_callback (source, invoke_cb, invoke, invoke_free);
    g_source_set_static_name (source, "[arb-net] invoke");
    g_source_attach (source, context);
    g_source_unref (source);
  }
}
