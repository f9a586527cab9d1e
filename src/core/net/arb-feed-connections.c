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

#include "arb-feed-server-private.h"

void
_arb_feed_server_leave_phase (ArbFeedServer *self, Tracked *tracked, Phase phase)
{
  if (tracked->phase == PHASE_ACTIVE && self->n_active > 0)
    self->n_active--;
  if (phase == PHASE_ACTIVE)
    self->n_active++;
  tracked->phase = phase;
}

void
_arb_feed_server_set_unfinished (ArbFeedServer *self, Tracked *tracked, guint ms)
{
  _arb_feed_server_leave_phase (self, tracked, PHASE_UNFINISHED);
  tracked->deadline = g_get_monotonic_time () + (gint64) ms * 1000;
  tracked->arrival = ++self->n_arrivals;
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
  self->n_active = 0;
  g_atomic_int_set (&self->n_connections, 0);
  _arb_feed_server_schedule_notify (self);
}

/* "ADDRESS PORT" of REMOTE, or "" when it is not an IP address. */
static char *
remote_key (GSocketAddress *remote, char **peer)
{
  g_autofree char *address = NULL;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    {
      if (peer != NULL)
        *peer = g_strdup ("");
      return g_strdup ("");
    }
  address =
    g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  if (peer != NULL)
    *peer = g_strdup (address);
  return g_strdup_printf ("%s %u", address,
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (remote)));
}

static Tracked *
track (ArbFeedServer *self, GSocketConnection *connection, GSocketAddress *remote)
{
  Tracked *tracked = g_new0 (Tracked, 1);

  g_weak_ref_init (&tracked->server, self);
  tracked->connection = connection;
  tracked->socket = g_socket_connection_get_socket (connection);
  tracked->remote = remote_key (remote, &tracked->peer);
  g_object_weak_ref (G_OBJECT (connection), connection_gone_cb, tracked);
  g_hash_table_insert (self->connections, connection, tracked);
  /* A peer's port is its own while the connection lasts. */
  g_hash_table_replace (self->by_remote, tracked->remote, tracked);
  g_atomic_int_inc (&self->n_connections);
  _arb_feed_server_schedule_notify (self);
  _arb_feed_server_set_unfinished (self, tracked, self->header_ms);
  return tracked;
}

/* Whether A should be closed before B: one that never finished a request
 * before one that did, then the one waiting longest. */
static gboolean
closes_before (const Tracked *a, const Tracked *b)
{
  if (b == NULL)
    return TRUE;
  if (a->proven != b->proven)
    return !a->proven;
  return a->arrival < b->arrival;
}

/* After NEWCOMER came: the unfinished pool and the unfinished
 * connections of its address back within their limits. */
static void
make_room (ArbFeedServer *self, Tracked *newcomer)
{
  GHashTableIter iter;
  gpointer value;
  Tracked *oldest = NULL, *oldest_of_peer = NULL;
  guint n = 0, n_of_peer = 0;

  g_hash_table_iter_init (&iter, self->connections);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Tracked *tracked = value;
      gboolean same_peer;

      if (tracked->phase != PHASE_UNFINISHED)
        continue;
      same_peer = g_strcmp0 (tracked->peer, newcomer->peer) == 0;
      n++;
      n_of_peer += same_peer;
      if (tracked == newcomer)
        continue;
      if (closes_before (tracked, oldest))
        oldest = tracked;
      if (same_peer && closes_before (tracked, oldest_of_peer))
        oldest_of_peer = tracked;
    }
  if (n_of_peer > ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER && oldest_of_peer != NULL)
    close_tracked (self, oldest_of_peer);
  else if (n > self->max_connections && oldest != NULL)
    close_tracked (self, oldest);
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
  key = remote_key (soup_server_message_get_remote_address (msg), NULL);
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

gboolean
_arb_feed_server_incoming_cb (GSocketService *service,
                              GSocketConnection *connection,
                              GObject *source_object,
                              ArbFeedServer *self)
{
  g_autoptr (GSocketAddress) local = NULL;
  g_autoptr (GSocketAddress) remote = NULL;
  g_autoptr (GError) error = NULL;

  local = g_socket_connection_get_local_address (connection, NULL);
  remote = g_socket_connection_get_remote_address (connection, NULL);
  make_room (self, track (self, connection, remote));
  if (!soup_server_accept_iostream (self->soup, G_IO_STREAM (connection), local, remote, &error))
    g_debug ("A connection was not accepted: %s", error->message);
  return TRUE;
}
