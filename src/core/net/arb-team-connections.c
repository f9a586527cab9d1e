/* arb-team-connections.c: the connections of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each connection is followed from the moment it is accepted until it is
 * gone (a weak reference on the socket's connection, which libsoup and
 * the TLS stream hold). Its deadline is one timeout: armed at accept for
 * the handshake and the head, moved at the head for the body, removed
 * when the whole request was read. When it passes, the socket is shut
 * down under libsoup, which notices and lets the connection go.
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-feed-server.h"
#include "arb-net-peer.h"
#include "arb-team-connections.h"

struct _ArbTeamConnections
{
  SoupServer *soup;
  GTlsCertificate *certificate; /* or NULL: plain HTTP */
  GSocketService *service;
  GMainContext *context;
  GHashTable *by_remote; /* "ADDRESS PORT" → Conn */
  GHashTable *of_peer;   /* "ADDRESS" → count, as a pointer */
  guint head_ms;
};

typedef struct
{
  ArbTeamConnections *owner;
  GSocketConnection *connection; /* not owned: a weak reference */
  char *remote;
  char *peer;
  GSource *deadline;
} Conn;

static void
disarm (Conn *conn)
{
  if (conn->deadline != NULL)
    {
      g_source_destroy (conn->deadline);
      g_clear_pointer (&conn->deadline, g_source_unref);
    }
}

static gboolean
deadline_cb (gpointer data)
{
  Conn *conn = data;

  g_debug ("A connection of %s was cut: too slow", conn->peer);
  g_clear_pointer (&conn->deadline, g_source_unref);
  g_socket_shutdown (g_socket_connection_get_socket (conn->connection), TRUE, TRUE, NULL);
  return G_SOURCE_REMOVE;
}

static void
arm (Conn *conn, guint ms)
{
  disarm (conn);
  conn->deadline = g_timeout_source_new (ms);
  g_source_set_static_name (conn->deadline, "[arb-net] team request deadline");
  g_source_set_callback (conn->deadline, deadline_cb, conn, NULL);
  g_source_attach (conn->deadline, conn->owner->context);
}

static void
peer_count (ArbTeamConnections *self, const char *peer, int change)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->of_peer, peer));

  n = change > 0 ? n + 1 : (n > 0 ? n - 1 : 0);
  if (n == 0)
    g_hash_table_remove (self->of_peer, peer);
  else
    g_hash_table_insert (self->of_peer, g_strdup (peer), GUINT_TO_POINTER (n));
}

static void
conn_free (Conn *conn)
{
  disarm (conn);
  g_free (conn->remote);
  g_free (conn->peer);
  g_free (conn);
}

static void
gone_cb (gpointer data, GObject *where_the_object_was)
{
  Conn *conn = data;
  ArbTeamConnections *self = conn->owner;

  peer_count (self, conn->peer, -1);
  g_hash_table_remove (self->by_remote, conn->remote); /* frees conn */
}

static Conn *
conn_of (ArbTeamConnections *self, SoupServerMessage *msg)
{
  g_autofree char *key = arb_net_peer_key (soup_server_message_get_remote_address (msg), NULL);

  return g_hash_table_lookup (self->by_remote, key);
}

/* A request's head came: its body has a deadline of its own, a request
 * without one is read whole. */
static void
got_headers_cb (SoupServerMessage *msg, gpointer data)
{
  Conn *conn = conn_of (data, msg);
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);

  if (conn == NULL)
    return;
  if (soup_message_headers_get_encoding (h) == SOUP_ENCODING_NONE ||
      (soup_message_headers_get_encoding (h) == SOUP_ENCODING_CONTENT_LENGTH &&
       soup_message_headers_get_content_length (h) == 0))
    disarm (conn);
  else
    arm (conn, conn->owner->head_ms);
}

static void
got_body_cb (SoupServerMessage *msg, gpointer data)
{
  Conn *conn = conn_of (data, msg);

  if (conn != NULL)
    disarm (conn);
}

/* A request begins: a connection kept open after an answer has its head
 * deadline again. */
static void
request_started_cb (SoupServer *soup, SoupServerMessage *msg, gpointer data)
{
  ArbTeamConnections *self = data;
  Conn *conn = conn_of (self, msg);

  if (conn != NULL && conn->deadline == NULL)
    arm (conn, self->head_ms);
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), self);
  g_signal_connect (msg, "got-body", G_CALLBACK (got_body_cb), self);
}

static gboolean
incoming_cb (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  ArbTeamConnections *self = data;
  g_autoptr (GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  g_autoptr (GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  g_autoptr (GIOStream) stream = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *peer = NULL;
  g_autofree char *key = arb_net_peer_key (remote, &peer);
  Conn *conn;

  if (g_hash_table_size (self->by_remote) >= ARB_TEAM_CONNECTIONS_MAX ||
      GPOINTER_TO_UINT (g_hash_table_lookup (self->of_peer, peer)) >=
        ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER ||
      g_hash_table_contains (self->by_remote, key))
    {
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  stream = self->certificate != NULL
             ? g_tls_server_connection_new (G_IO_STREAM (connection), self->certificate, &error)
             : G_IO_STREAM (g_object_ref (connection));
  if (stream == NULL)
    {
      g_debug ("No TLS for a connection: %s", error->message);
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  conn = g_new0 (Conn, 1);
  conn->owner = self;
  conn->connection = connection;
  conn->remote = g_steal_pointer (&key);
  conn->peer = g_strdup (peer);
  g_hash_table_insert (self->by_remote, conn->remote, conn);
  peer_count (self, peer, +1);
  g_object_weak_ref (G_OBJECT (connection), gone_cb, conn);
  arm (conn, self->head_ms);
  if (!soup_server_accept_iostream (self->soup, stream, local, remote, &error))
    g_debug ("A connection was not accepted: %s", error->message);
  return TRUE;
}

ArbTeamConnections *
arb_team_connections_new (SoupServer *soup, GTlsCertificate *certificate)
{
  ArbTeamConnections *self = g_new0 (ArbTeamConnections, 1);

  self->soup = g_object_ref (soup);
  self->certificate = certificate != NULL ? g_object_ref (certificate) : NULL;
  self->context = g_main_context_ref_thread_default ();
  self->by_remote =
    g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) conn_free);
  self->of_peer = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->head_ms = arb_net_peer_deadline_ms (ARB_FEED_SERVER_HEADER_SECONDS * 1000);
  g_signal_connect (soup, "request-started", G_CALLBACK (request_started_cb), self);
  return self;
}

gboolean
arb_team_connections_listen (ArbTeamConnections *self,
                             GInetAddress *address,
                             guint port,
                             guint *bound,
                             GError **error)
{
  g_autoptr (GSocketAddress) want = g_inet_socket_address_new (address, (guint16) port);
  g_autoptr (GSocketAddress) effective = NULL;

  g_return_val_if_fail (self->service == NULL, FALSE);

  self->service = g_socket_service_new ();
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), want, G_SOCKET_TYPE_STREAM,
                                      G_SOCKET_PROTOCOL_TCP, NULL, &effective, error))
    {
      g_clear_object (&self->service);
      return FALSE;
    }
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->service);
  if (bound != NULL)
    *bound = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  return TRUE;
}

guint
arb_team_connections_count (ArbTeamConnections *self)
{
  return g_hash_table_size (self->by_remote);
}

void
arb_team_connections_free (ArbTeamConnections *self)
{
  GHashTableIter iter;
  gpointer value;

  if (self == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->soup, self);
  if (self->service != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_clear_object (&self->service);
    }
  g_hash_table_iter_init (&iter, self->by_remote);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Conn *conn = value;

      g_object_weak_unref (G_OBJECT (conn->connection), gone_cb, conn);
      g_socket_shutdown (g_socket_connection_get_socket (conn->connection), TRUE, TRUE, NULL);
    }
  g_hash_table_unref (self->by_remote);
  g_hash_table_unref (self->of_peer);
  g_main_context_unref (self->context);
  g_clear_object (&self->certificate);
  g_clear_object (&self->soup);
  g_free (self);
}
