/* arb-feed-connections.c: the feed server's connections, in two pools
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every connection is tracked from the moment it is accepted: unfinished
 * (no whole request head yet, or idle between two), active (a request
 * being answered, or an event stream) or closed. Unfinished connections
 * have a deadline and a pool of their own, so that half-sent requests
 * cannot push real screens out (arb-feed-server.h gives the figures).
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include "arb-feed-server-private.h"
#include "arb-net-peer.h"

static void
unfinished_add (ArbFeedServer *self, Tracked *tracked)
{
  GQueue *of_peer = g_hash_table_lookup (self->unfinished_of_peer, tracked->peer);

  if (of_peer == NULL)
    {
      /* Not g_queue_new (): its links are the connections' own, which
       * g_queue_free () would free. */
      of_peer = g_new0 (GQueue, 1);
      g_hash_table_insert (self->unfinished_of_peer, g_strdup (tracked->peer), of_peer);
    }
  g_queue_push_tail_link (&self->unfinished, &tracked->link);
  g_queue_push_tail_link (of_peer, &tracked->peer_link);
}

static void
unfinished_remove (ArbFeedServer *self, Tracked *tracked)
{
  GQueue *of_peer = g_hash_table_lookup (self->unfinished_of_peer, tracked->peer);

  g_queue_unlink (&self->unfinished, &tracked->link);
  if (of_peer != NULL)
    {
      g_queue_unlink (of_peer, &tracked->peer_link);
      if (g_queue_is_empty (of_peer))
        g_hash_table_remove (self->unfinished_of_peer, tracked->peer);
    }
}

/* Every change of phase comes here, so that the counts and the queues of
 * unfinished connections stay true: room is made for a newcomer in
 * constant time, however many connections a flood has opened. */
void
_arb_feed_server_leave_phase (ArbFeedServer *self, Tracked *tracked, Phase phase)
{
  if (tracked->phase == PHASE_ACTIVE && self->n_active > 0)
    self->n_active--;
  if (tracked->phase == PHASE_UNFINISHED)
    unfinished_remove (self, tracked);
  if (phase == PHASE_ACTIVE)
    self->n_active++;
  if (phase == PHASE_UNFINISHED)
    unfinished_add (self, tracked);
  tracked->phase = phase;
}

void
_arb_feed_server_set_unfinished (ArbFeedServer *self, Tracked *tracked, guint ms)
{
  _arb_feed_server_leave_phase (self, tracked, PHASE_UNFINISHED);
  tracked->deadline = g_get_monotonic_time () + (gint64) ms * 1000;
}

/* Connections taken from the kernel's queue in one turn of the loop, and
 * the pause when taking one fails (out of open files). */
#define ACCEPTS_PER_TURN 256
#define ACCEPT_PAUSE_MS 100
/* The wait while libsoup lets go of connections shut down. */
#define FILES_PAUSE_MS 5

/* Open files the process keeps for itself beside the feed's connections:
 * the tournament file and its journal, the worker's and the window's. */
#define RESERVED_FILES 64

void
_arb_feed_server_fit_pools (ArbFeedServer *self)
{
  struct rlimit limit;
  rlim_t want = (rlim_t) self->max_connections * 2 + RESERVED_FILES;
  guint budget;

  self->max_unfinished = self->max_active = self->max_connections;
  self->max_open = G_MAXUINT;
  if (getrlimit (RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return;
  if (limit.rlim_cur >= want)
    {
      self->max_open = (guint) MIN (limit.rlim_cur - RESERVED_FILES, G_MAXUINT);
      return;
    }
  /* A desktop session's soft limit is 1,024, its hard limit far more:
   * the feed takes what its pools need, as a server does. */
  {
    struct rlimit raised = limit;

    raised.rlim_cur =
      limit.rlim_max == RLIM_INFINITY || limit.rlim_max > want ? want : limit.rlim_max;
    if (setrlimit (RLIMIT_NOFILE, &raised) == 0)
      limit = raised;
  }
  if (limit.rlim_cur >= want)
    {
      self->max_open = (guint) MIN (limit.rlim_cur - RESERVED_FILES, G_MAXUINT);
      return;
    }
  /* Pools that do not fit would make accept () fail with EMFILE while
   * the listening socket stays readable: the worker would spin and no
   * screen would be answered. Smaller pools instead. */
  budget = limit.rlim_cur > RESERVED_FILES + 2 ? (guint) (limit.rlim_cur - RESERVED_FILES) : 2;
  self->max_open = budget;
  self->max_active = MAX (MIN (self->max_connections, budget / 2), 1);
  self->max_unfinished = MAX (MIN (self->max_connections, budget - self->max_active), 1);
  g_debug ("%u open files allowed: pools of %u unfinished and %u active connections",
           (guint) limit.rlim_cur, self->max_unfinished, self->max_active);
}

/* Closes the socket under libsoup, which notices and lets the
 * connection go. */
static void
close_tracked (ArbFeedServer *self, Tracked *tracked)
{
  _arb_feed_server_leave_phase (self, tracked, PHASE_CLOSED);
  g_socket_shutdown (tracked->socket, TRUE, TRUE, NULL);
}

static void
tracked_free (Tracked *tracked)
{
  g_weak_ref_clear (&tracked->server);
  g_free (tracked->peer);
  g_free (tracked->remote);
  g_free (tracked);
}

static void
connection_gone_cb (gpointer data, GObject *where_the_object_was)
{
  Tracked *tracked = data;
  g_autoptr (ArbFeedServer) self = g_weak_ref_get (&tracked->server);

  if (self != NULL)
    {
      if (self->connections != NULL &&
          g_hash_table_remove (self->connections, where_the_object_was))
        {
          if (g_hash_table_lookup (self->by_remote, tracked->remote) == tracked)
            g_hash_table_remove (self->by_remote, tracked->remote);
          _arb_feed_server_leave_phase (self, tracked, PHASE_CLOSED);
        }
      g_atomic_int_dec_and_test (&self->n_connections);
      _arb_feed_server_schedule_notify (self);
    }
  tracked_free (tracked);
}

void
_arb_feed_server_untrack_all (ArbFeedServer *self)
{
  GHashTableIter iter;
  gpointer key, value;

  if (self->connections == NULL)
    return;
  g_hash_table_iter_init (&iter, self->connections);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Tracked *tracked = value;

      g_socket_shutdown (tracked->socket, TRUE, TRUE, NULL);
      g_object_weak_unref (G_OBJECT (key), connection_gone_cb, tracked);
      tracked_free (tracked);
    }
  g_clear_pointer (&self->connections, g_hash_table_unref);
  g_clear_pointer (&self->by_remote, g_hash_table_unref);
  g_clear_pointer (&self->unfinished_of_peer, g_hash_table_unref);
  g_queue_init (&self->unfinished);
  self->n_active = 0;
  g_atomic_int_set (&self->n_connections, 0);
  _arb_feed_server_schedule_notify (self);
}

static Tracked *
track (ArbFeedServer *self, GSocketConnection *connection, GSocketAddress *remote)
{
  Tracked *tracked = g_new0 (Tracked, 1);

  tracked->phase = PHASE_CLOSED; /* until set unfinished below */
  tracked->link.data = tracked->peer_link.data = tracked;
  g_weak_ref_init (&tracked->server, self);
  tracked->connection = connection;
  tracked->socket = g_socket_connection_get_socket (connection);
  tracked->remote = arb_net_peer_key (remote, &tracked->peer);
  g_object_weak_ref (G_OBJECT (connection), connection_gone_cb, tracked);
  g_hash_table_insert (self->connections, connection, tracked);
  /* A peer's port is its own while the connection lasts. */
  g_hash_table_replace (self->by_remote, tracked->remote, tracked);
  g_atomic_int_inc (&self->n_connections);
  _arb_feed_server_schedule_notify (self);
  _arb_feed_server_set_unfinished (self, tracked, self->header_ms);
  return tracked;
}

/* After NEWCOMER came: the unfinished pool and the unfinished
 * connections of its address back within their limits, the one waiting
 * longest closed first. */
static void
make_room (ArbFeedServer *self, Tracked *newcomer)
{
  GQueue *of_peer = g_hash_table_lookup (self->unfinished_of_peer, newcomer->peer);

  if (of_peer != NULL && of_peer->length > ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER)
    close_tracked (self, g_queue_peek_head (of_peer));
  else if (self->unfinished.length > self->max_unfinished)
    close_tracked (self, g_queue_peek_head (&self->unfinished));
}

/* Unfinished connections past their deadline are closed. */
gboolean
_arb_feed_server_sweep_cb (gpointer data)
{
  ArbFeedServer *self = data;
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer value;
  g_autoptr (GPtrArray) late = g_ptr_array_new ();

  g_hash_table_iter_init (&iter, self->connections);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Tracked *) value)->phase == PHASE_UNFINISHED && ((Tracked *) value)->deadline <= now)
      g_ptr_array_add (late, value);
  for (guint i = 0; i < late->len; i++)
    close_tracked (self, late->pdata[i]);
  return G_SOURCE_CONTINUE;
}

Tracked *
_arb_feed_server_tracked_of (ArbFeedServer *self, SoupServerMessage *msg)
{
  g_autofree char *key = NULL;

  if (self->by_remote == NULL)
    return NULL;
  key = arb_net_peer_key (soup_server_message_get_remote_address (msg), NULL);
  return g_hash_table_lookup (self->by_remote, key);
}

static void
closed_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_io_stream_close_finish (G_IO_STREAM (source), result, NULL);
}

static void
written_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GIOStream *stream = data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL);
  g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, closed_cb, NULL);
  g_object_unref (stream);
}

/* Answers on a connection taken from libsoup, or never given to it, and
 * closes it: a refusal before any body is read. */
void
_arb_feed_server_refuse_raw (GIOStream *stream, guint status, const char *reason, const char *text)
{
  g_autofree char *answer =
    g_strdup_printf ("HTTP/1.1 %u %s\r\nConnection: close\r\nContent-Type: text/plain; "
                     "charset=utf-8\r\nContent-Length: %zu\r\nRetry-After: 5\r\n\r\n%s",
                     status, reason, strlen (text), text);
  GBytes *bytes = g_bytes_new_take (g_steal_pointer (&answer), strlen (answer));
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  /* The bytes live until the write is done: they go with the stream's
   * data, freed when the stream closes. */
  g_object_set_data_full (G_OBJECT (stream), "arb-refusal", bytes, (GDestroyNotify) g_bytes_unref);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream), data, size,
                                   G_PRIORITY_DEFAULT, NULL, written_cb, g_object_ref (stream));
}

/* The unfinished connections of the address a new socket comes from:
 * past the limit, it is closed before libsoup or the pools see it. */
static gboolean
peer_is_full (ArbFeedServer *self, GSocket *socket)
{
  g_autoptr (GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autofree char *peer = NULL;
  g_autofree char *key = NULL;
  GQueue *of_peer;

  if (remote == NULL)
    return FALSE;
  key = arb_net_peer_key (remote, &peer);
  of_peer = g_hash_table_lookup (self->unfinished_of_peer, peer);
  return of_peer != NULL && of_peer->length >= ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER;
}

static void
take_connection (ArbFeedServer *self, GSocket *socket)
{
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GSocketAddress) local = NULL;
  g_autoptr (GSocketAddress) remote = NULL;
  g_autoptr (GError) error = NULL;

  if (peer_is_full (self, socket))
    {
      g_socket_close (socket, NULL);
      return;
    }
  connection = g_socket_connection_factory_create_connection (socket);
  /* Every file in use by connections that are open (see files_left):
   * both pools are full, and the newcomer is refused. */
  if ((guint) g_atomic_int_get (&self->n_connections) >= self->max_open)
    {
      _arb_feed_server_refuse_raw (G_IO_STREAM (connection), 503, "Service Unavailable",
                                   "Too many screens are connected to this feed.\n");
      return;
    }
  local = g_socket_connection_get_local_address (connection, NULL);
  remote = g_socket_connection_get_remote_address (connection, NULL);
  make_room (self, track (self, connection, remote));
  if (!soup_server_accept_iostream (self->soup, G_IO_STREAM (connection), local, remote, &error))
    g_debug ("A connection was not accepted: %s", error->message);
}

/* Whether a connection may be taken from the kernel's queue now. Those
 * shut down that libsoup has not yet let go of still hold their files:
 * when they are what fills the limit, the queue waits for a later turn
 * of the loop, by when libsoup has closed them. */
static gboolean
files_left (ArbFeedServer *self)
{
  guint open = (guint) g_atomic_int_get (&self->n_connections);
  guint live = self->unfinished.length + self->n_active;

  return open < self->max_open || open <= live;
}

static gboolean
resume_accepting_cb (gpointer data)
{
  ArbFeedServer *self = data;

  self->accept_pause = NULL;
  _arb_feed_server_listen (self);
  return G_SOURCE_REMOVE;
}

/* The kernel's queue waits MS before more is taken from it. */
static void
pause_accepting (ArbFeedServer *self, guint ms)
{
  g_source_destroy (self->accepting);
  g_clear_pointer (&self->accepting, g_source_unref);
  self->accept_pause = g_timeout_source_new (ms);
  g_source_set_static_name (self->accept_pause, "[arb-net] accept pause");
  g_source_set_callback (self->accept_pause, resume_accepting_cb, self, NULL);
  g_source_attach (self->accept_pause,
                   arb_net_worker_get_context (arb_feed_get_worker (self->feed)));
  g_source_unref (self->accept_pause);
}

/* Every connection waiting in the kernel's queue is taken at once, up to
 * a bound, so that a flood's reconnections do not keep a screen waiting
 * behind them, one turn of the loop each. */
static gboolean
accept_cb (GSocket *listening, GIOCondition condition, gpointer data)
{
  ArbFeedServer *self = data;

  for (guint i = 0; i < ACCEPTS_PER_TURN; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GSocket) socket = NULL;

      if (!files_left (self))
        {
          pause_accepting (self, FILES_PAUSE_MS);
          return G_SOURCE_REMOVE;
        }
      socket = g_socket_accept (listening, NULL, &error);
      if (socket != NULL)
        {
          take_connection (self, socket);
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      /* Out of files (or another failure that would come again at once):
       * the queue waits a moment, rather than the worker spinning. */
      g_debug ("Accepting a connection failed: %s", error->message);
      pause_accepting (self, ACCEPT_PAUSE_MS);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
_arb_feed_server_listen (ArbFeedServer *self)
{
  GSource *source = g_socket_create_source (self->listening, G_IO_IN, NULL);

  g_source_set_static_name (source, "[arb-net] accept");
  g_source_set_callback (source, (GSourceFunc) (void (*) (void)) accept_cb, self, NULL);
  g_source_attach (source, arb_net_worker_get_context (arb_feed_get_worker (self->feed)));
  self->accepting = source;
}

void
_arb_feed_server_unlisten (ArbFeedServer *self)
{
  if (self->accepting != NULL)
    {
      g_source_destroy (self->accepting);
      g_clear_pointer (&self->accepting, g_source_unref);
    }
  if (self->accept_pause != NULL)
    {
      g_source_destroy (self->accept_pause);
      self->accept_pause = NULL;
    }
  if (self->listening != NULL)
    {
      g_socket_close (self->listening, NULL);
      g_clear_object (&self->listening);
    }
}
