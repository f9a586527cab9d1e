/* arb-feed.c: a round of a tournament file, followed live
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed.h"

#include "arb-tournament-live.h"

/* A commit of another connection writes the file's WAL: the kernel says so
 * at once (inotify, through GFileMonitor), and the feed then asks SQLite's
 * data_version, which costs a look at shared memory. The look is also
 * taken every POLL_INTERVAL_MS, for file systems that do not tell. */
#define POLL_INTERVAL_MS 200

struct _ArbFeed
{
  GObject parent_instance;

  ArbNetWorker *worker;
  char *path;
  int round;
  guint delay_seconds; /* atomic */

  /* Worker thread only */
  ArbTournament *tournament;
  ArbFeedRound *current;
  gint64 data_version;
  guint64 seq;
  GSource *poll_source;
  GSource *release_source;
  GFileMonitor *monitor;
  GSource *settle_source;
  guint settle_left;
  char *last_warning;

  GMutex mutex;
  ArbFeedState *state; /* under mutex */
};

G_DEFINE_FINAL_TYPE (ArbFeed, arb_feed, G_TYPE_OBJECT)

enum
{
  PUBLISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_release (ArbFeed *self, gint64 at_us);

/* A file that cannot be read for a moment (a writer holds it, a backup
 * replaces it) is tried again at the next look; the same trouble is told
 * once. */
static void
warn (ArbFeed *self, const GError *error)
{
  if (g_strcmp0 (self->last_warning, error->message) == 0)
    return;
  g_free (self->last_warning);
  self->last_warning = g_strdup (error->message);
  g_warning ("The published round could not be read: %s", error->message);
}

static void
publish (ArbFeed *self)
{
  g_autoptr (ArbFeedState) state = NULL;
  g_autoptr (ArbFeedState) old = NULL;
  g_autoptr (GArray) changes = NULL;
  gint64 delay_us = (gint64) g_atomic_int_get (&self->delay_seconds) * G_USEC_PER_SEC;

  g_assert (arb_net_worker_is_current (self->worker));

  state = arb_feed_state_new (self->current, g_get_real_time (), delay_us, self->seq + 1);
  g_mutex_lock (&self->mutex);
  old = self->state != NULL ? arb_feed_state_ref (self->state) : NULL;
  g_mutex_unlock (&self->mutex);

  if (old != NULL)
    {
      changes = arb_feed_state_diff (old, state);
      if (changes != NULL && changes->len == 0 &&
          arb_feed_state_get_delay_us (old) == arb_feed_state_get_delay_us (state))
        {
          /* Written, but nothing shown changed (a clock checkpoint, a
           * ruling's record): no new state, no event. */
          schedule_release (self, arb_feed_state_get_next_release_us (state));
          return;
        }
    }

  self->seq++;
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->state, arb_feed_state_unref);
  self->state = arb_feed_state_ref (state);
  g_mutex_unlock (&self->mutex);

  schedule_release (self, arb_feed_state_get_next_release_us (state));
  if (old != NULL)
    g_signal_emit (self, signals[PUBLISHED], 0, state, changes);
}

static gboolean
reload (ArbFeed *self, GError **error)
{
  ArbFeedRound *round = arb_feed_round_read_after (self->tournament, self->round, self->current,
                                                   g_get_real_time (), error);

  if (round == NULL)
    return FALSE;
  g_clear_pointer (&self->current, arb_feed_round_unref);
  self->current = round;
  g_clear_pointer (&self->last_warning, g_free);
  publish (self);
  return TRUE;
}

/* TRUE when another connection had committed. */
static gboolean
check_version (ArbFeed *self)
{
  g_autoptr (GError) error = NULL;
  gint64 version;

  if (!arb_tournament_get_data_version (self->tournament, &version, &error))
    {
      warn (self, error);
      return FALSE;
    }
  if (version == self->data_version)
    return FALSE;
  if (reload (self, &error))
    self->data_version = version;
  else
    warn (self, error);
  return TRUE;
}

static gboolean
poll_cb (gpointer data)
{
  check_version (data);
  return G_SOURCE_CONTINUE;
}

static gboolean
settle_cb (gpointer data)
{
  ArbFeed *self = data;

  if (check_version (self) || --self->settle_left == 0)
    {
      g_clear_pointer (&self->settle_source, g_source_unref);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
wal_changed_cb (GFileMonitor *monitor,
                GFile *file,
                GFile *other,
                GFileMonitorEvent event,
                ArbFeed *self)
{
  if (self->tournament == NULL || check_version (self))
    return;
  /* The WAL is written before the commit is visible (SQLite syncs it,
   * then publishes the commit in shared memory): look again shortly, for
   * a tenth of a second. */
  self->settle_left = 20;
  if (self->settle_source == NULL)
    {
      self->settle_source = g_timeout_source_new (5);
      g_source_set_static_name (self->settle_source, "[arb-net] feed settle");
      g_source_set_callback (self->settle_source, settle_cb, self, NULL);
      g_source_attach (self->settle_source, arb_net_worker_get_context (self->worker));
    }
}

static gboolean
release_cb (gpointer data)
{
  ArbFeed *self = data;

  g_clear_pointer (&self->release_source, g_source_unref);
  if (self->current != NULL)
    publish (self);
  return G_SOURCE_REMOVE;
}

static void
clear_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

/* With a delay, the next held-back move or clock event comes due at
 * @at_us: publish then, to the millisecond. */
static void
schedule_release (ArbFeed *self, gint64 at_us)
{
  gint64 wait_ms;

  clear_source (&self->release_source);
  if (at_us == G_MAXINT64 || self->tournament == NULL)
    return;
  wait_ms = MAX ((at_us - g_get_real_time () + 999) / 1000, 0);
  self->release_source = g_timeout_source_new ((guint) MIN (wait_ms, G_MAXUINT));
  g_source_set_static_name (self->release_source, "[arb-net] feed release");
  g_source_set_callback (self->release_source, release_cb, self, NULL);
  g_source_attach (self->release_source, arb_net_worker_get_context (self->worker));
}

static gboolean
start_in_worker (gpointer data, GError **error)
{
  ArbFeed *self = data;
  g_autoptr (ArbTournament) tournament = NULL;
  gint64 version;

  if (self->tournament != NULL)
    return TRUE;
  tournament = arb_tournament_open (self->path, ARB_TOURNAMENT_OPEN_READ_ONLY, error);
  if (tournament == NULL)
    return FALSE;
  if (!arb_tournament_get_data_version (tournament, &version, error))
    return FALSE;
  self->tournament = g_steal_pointer (&tournament);
  self->data_version = version;
  if (!reload (self, error))
    {
      g_clear_object (&self->tournament);
      return FALSE;
    }

  {
    g_autofree char *wal_path = g_strconcat (self->path, "-wal", NULL);
    g_autoptr (GFile) wal = g_file_new_for_path (wal_path);

    /* In the worker: its events come to the worker's context. */
    self->monitor = g_file_monitor_file (wal, G_FILE_MONITOR_NONE, NULL, NULL);
    if (self->monitor != NULL)
      {
        g_file_monitor_set_rate_limit (self->monitor, 0);
        g_signal_connect (self->monitor, "changed", G_CALLBACK (wal_changed_cb), self);
      }
  }
  self->poll_source = g_timeout_source_new (POLL_INTERVAL_MS);
  g_source_set_static_name (self->poll_source, "[arb-net] feed poll");
  g_source_set_callback (self->poll_source, poll_cb, self, NULL);
  g_source_attach (self->poll_source, arb_net_worker_get_context (self->worker));
  return TRUE;
}

static gboolean
stop_in_worker (gpointer data, GError **error)
{
  ArbFeed *self = data;

  clear_source (&self->poll_source);
  clear_source (&self->release_source);
  clear_source (&self->settle_source);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->tournament);
  return TRUE;
}

static gboolean
redelay_cb (gpointer data)
{
  ArbFeed *self = data;

  if (self->current != NULL && self->tournament != NULL)
    publish (self);
  return G_SOURCE_REMOVE;
}

static void
arb_feed_dispose (GObject *object)
{
  ArbFeed *self = ARB_FEED (object);

  if (self->worker != NULL)
    arb_net_worker_call (self->worker, stop_in_worker, self, NULL);

  G_OBJECT_CLASS (arb_feed_parent_class)->dispose (object);
}

static void
arb_feed_finalize (GObject *object)
{
  ArbFeed *self = ARB_FEED (object);

  g_clear_pointer (&self->state, arb_feed_state_unref);
  g_clear_pointer (&self->current, arb_feed_round_unref);
  g_clear_object (&self->worker);
  g_free (self->path);
  g_free (self->last_warning);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (arb_feed_parent_class)->finalize (object);
}

static void
arb_feed_class_init (ArbFeedClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_feed_dispose;
  object_class->finalize = arb_feed_finalize;

  signals[PUBLISHED] = g_signal_new (
    "published", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
    ARB_TYPE_FEED_STATE | G_SIGNAL_TYPE_STATIC_SCOPE, G_TYPE_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
arb_feed_init (ArbFeed *self)
{
  g_mutex_init (&self->mutex);
  self->data_version = -1;
}

ArbFeed *
arb_feed_new (ArbNetWorker *worker, const char *path, int round)
{
  ArbFeed *self;

  g_return_val_if_fail (ARB_IS_NET_WORKER (worker), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (ARB_TYPE_FEED, NULL);
  self->worker = g_object_ref (worker);
  self->path = g_strdup (path);
  self->round = MAX (round, 0);
  return self;
}

gboolean
arb_feed_start (ArbFeed *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_FEED (self), FALSE);
  return arb_net_worker_call (self->worker, start_in_worker, self, error);
}

void
arb_feed_start_async (ArbFeed *self,
                      GCancellable *cancellable,
                      GAsyncReadyCallback callback,
                      gpointer user_data)
{
  GTask *task;

  g_return_if_fail (ARB_IS_FEED (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arb_feed_start_async);
  arb_net_worker_call_async (self->worker, start_in_worker, task);
}

gboolean
arb_feed_start_finish (ArbFeed *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (ARB_IS_FEED (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
arb_feed_stop (ArbFeed *self)
{
  g_return_if_fail (ARB_IS_FEED (self));
  arb_net_worker_call (self->worker, stop_in_worker, self, NULL);
}

ArbNetWorker *
arb_feed_get_worker (ArbFeed *self)
{
  g_return_val_if_fail (ARB_IS_FEED (self), NULL);
  return self->worker;
}

const char *
arb_feed_get_path (ArbFeed *self)
{
  g_return_val_if_fail (ARB_IS_FEED (self), NULL);
  return self->path;
}

void
arb_feed_set_delay (ArbFeed *self, guint seconds)
{
  g_return_if_fail (ARB_IS_FEED (self));

  seconds = MIN (seconds, ARB_FEED_MAX_DELAY_SECONDS);
  if ((guint) g_atomic_int_get (&self->delay_seconds) == seconds)
    return;
  g_atomic_int_set (&self->delay_seconds, seconds);
  arb_net_worker_invoke (self->worker, redelay_cb, g_object_ref (self), g_object_unref);
}

guint
arb_feed_get_delay (ArbFeed *self)
{
  g_return_val_if_fail (ARB_IS_FEED (self), 0);
  return (guint) g_atomic_int_get (&self->delay_seconds);
}

ArbFeedState *
arb_feed_dup_state (ArbFeed *self)
{
  ArbFeedState *state;

  g_return_val_if_fail (ARB_IS_FEED (self), NULL);

  g_mutex_lock (&self->mutex);
  state = self->state != NULL ? arb_feed_state_ref (self->state) : NULL;
  g_mutex_unlock (&self->mutex);
  return state;
}
