/* arb-replica-server.c: the desk's replication stream to its deputies
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See arb-replica-server.h. Everything runs in the thread-default main
 * context of the server's creator, the desk's; only the snapshot is read
 * in a thread of its own.
 */

#include "config.h"

#include "arb-replica-server.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <stdio.h>
#include <string.h>

#include "arb-replica-wire.h"

typedef struct
{
  ArbReplicaServer *server; /* unowned */
  SoupWebsocketConnection *ws;
  char *name;
  gboolean hello;
  gboolean streaming; /* the snapshot sent, changesets follow */
  gint64 sent_seq;
  gint64 acked_seq;
  gint64 snapshot_seq;
  guint deadline_id;
  GCancellable *cancellable;
} Peer;

struct _ArbReplicaServer
{
  GObject parent_instance;

  ArbTournament *desk;
  ArbReplicaAuthorizeFunc authorize;
  gpointer authorize_data;
  GDestroyNotify authorize_destroy;
  SoupServer *soup;
  GPtrArray *peers;
  gint64 acked_seq;
  gulong committed_id;
  GList *waiters; /* Waiter *, oldest first */
};

typedef struct
{
  ArbReplicaServer *server; /* unowned */
  gint64 seq;
  ArbReplicaWaitFunc func;
  gpointer data;
  ArbReplicaWait outcome;
  GSource *source; /* the deadline, or the idle that answers at once */
} Waiter;

enum
{
  ACKED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ArbReplicaServer, arb_replica_server, G_TYPE_OBJECT)

static void
peer_free (Peer *peer)
{
  g_clear_handle_id (&peer->deadline_id, g_source_remove);
  g_cancellable_cancel (peer->cancellable);
  g_clear_object (&peer->cancellable);
  if (peer->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (peer->ws, peer);
      if (soup_websocket_connection_get_state (peer->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (peer->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    }
  g_clear_object (&peer->ws);
  g_free (peer->name);
  g_free (peer);
}

static void waiters_check (ArbReplicaServer *self);

static void
drop_peer (Peer *peer, gushort code, const char *why)
{
  ArbReplicaServer *self = peer->server;

  if (peer->ws != NULL &&
      soup_websocket_connection_get_state (peer->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (peer->ws, code, why);
  g_ptr_array_remove (self->peers, peer);
  waiters_check (self);
}

/* Sends what the peer has not had, within its window. */
static void
pump (Peer *peer)
{
  ArbReplicaServer *self = peer->server;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) changes = NULL;
  gint64 room = MAX (peer->acked_seq, peer->snapshot_seq) + ARB_REPLICA_WINDOW - peer->sent_seq;

  if (soup_websocket_connection_get_state (peer->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  if (!peer->streaming || room <= 0 || peer->sent_seq >= arb_tournament_get_head_seq (self->desk))
    return;
  changes = arb_tournament_read_changesets (self->desk, peer->sent_seq, (guint) room, &error);
  if (changes == NULL)
    {
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_SERVER_ERROR, error->message);
      return;
    }
  for (guint i = 0; i < changes->len; i++)
    {
      const ArbChangeset *c = changes->pdata[i];
      g_autoptr (GBytes) frame = arb_replica_wire_changeset (c);

      soup_websocket_connection_send_message (peer->ws, SOUP_WEBSOCKET_DATA_BINARY, frame);
      peer->sent_seq = c->seq;
    }
}

static void
on_committed (ArbTournament *desk, gint64 seq, ArbReplicaServer *self)
{
  for (guint i = 0; i < self->peers->len; i++)
    pump (self->peers->pdata[i]);
}

static void
snapshot_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const char *path = data;
  GError *error = NULL;
  gint64 seq = 0, epoch = 0;
  GBytes *image = arb_tournament_snapshot (path, &seq, &epoch, &error);

  if (image == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (
    task, g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, seq, epoch), g_free);
  g_task_return_pointer (task, image, (GDestroyNotify) g_bytes_unref);
}

static void
snapshot_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Peer *peer = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) image = g_task_propagate_pointer (G_TASK (result), &error);
  gint64 seq = 0, epoch = 0;
  gsize size;
  const guint8 *bytes;

  if (image == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        drop_peer (peer, SOUP_WEBSOCKET_CLOSE_SERVER_ERROR, error->message);
      return;
    }
  if (soup_websocket_connection_get_state (peer->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  sscanf (g_task_get_task_data (G_TASK (result)), "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, &seq,
          &epoch);
  bytes = g_bytes_get_data (image, &size);
  {
    g_autofree char *head = arb_replica_wire_snapshot_head (seq, epoch, size);

    soup_websocket_connection_send_text (peer->ws, head);
  }
  for (gsize off = 0; off < size; off += ARB_REPLICA_SNAPSHOT_CHUNK)
    {
      gsize n = MIN (ARB_REPLICA_SNAPSHOT_CHUNK, size - off);
      g_autoptr (GByteArray) chunk = g_byte_array_sized_new ((guint) n + 1);
      g_autoptr (GBytes) frame = NULL;

      g_byte_array_append (chunk, (const guint8 *) "S", 1);
      g_byte_array_append (chunk, bytes + off, (guint) n);
      frame = g_byte_array_free_to_bytes (g_steal_pointer (&chunk));
      soup_websocket_connection_send_message (peer->ws, SOUP_WEBSOCKET_DATA_BINARY, frame);
    }
  /* Acknowledged when the deputy says its file is written. */
  peer->snapshot_seq = seq;
  peer->sent_seq = seq;
  peer->acked_seq = 0;
  peer->streaming = TRUE;
  pump (peer);
}

static void
on_hello (Peer *peer, const ArbReplicaHello *hello)
{
  ArbReplicaServer *self = peer->server;
  g_autofree char *name = NULL;

  g_clear_handle_id (&peer->deadline_id, g_source_remove);
  if (self->authorize == NULL || !self->authorize (hello->token, &name, self->authorize_data))
    {
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "refused");
      return;
    }
  peer->hello = TRUE;
  peer->name = g_steal_pointer (&name);
  if (hello->epoch > arb_tournament_get_epoch (self->desk))
    {
      g_autofree char *where = g_strdup_printf ("%s", peer->name != NULL ? peer->name : "?");

      arb_tournament_demote (self->desk, hello->epoch, where, NULL);
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_NORMAL, "this desk is now a reader");
      return;
    }
  if (arb_tournament_get_role (self->desk) != ARB_DESK_ROLE_DESK)
    {
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_NORMAL, "this desk is a reader");
      return;
    }
  if (hello->seq <= 0 || hello->seq > arb_tournament_get_head_seq (self->desk))
    {
      g_autoptr (GTask) task = g_task_new (NULL, peer->cancellable, snapshot_done, peer);

      /* The thread reads the path, then replaces it with what it read. */
      g_task_set_task_data (task, g_strdup (arb_tournament_get_path (self->desk)), g_free);
      g_task_run_in_thread (task, snapshot_thread);
      return;
    }
  peer->sent_seq = hello->seq;
  peer->acked_seq = hello->seq;
  peer->streaming = TRUE;
  pump (peer);
}

static void
on_message (SoupWebsocketConnection *ws, gint type, GBytes *message, Peer *peer)
{
  ArbReplicaServer *self = peer->server;
  ArbReplicaHello hello = { 0 };
  gint64 ack = -1;

  if (type != SOUP_WEBSOCKET_DATA_TEXT || !arb_replica_wire_parse_text (message, &hello, &ack))
    {
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_BAD_DATA, "bad message");
      return;
    }
  if (!peer->hello)
    {
      if (hello.token == NULL)
        drop_peer (peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "hello first");
      else
        on_hello (peer, &hello);
      g_free (hello.token);
      return;
    }
  g_free (hello.token);
  if (ack > peer->sent_seq || ack < peer->acked_seq)
    {
      drop_peer (peer, SOUP_WEBSOCKET_CLOSE_BAD_DATA, "bad acknowledgement");
      return;
    }
  peer->acked_seq = ack;
  if (ack > self->acked_seq)
    {
      self->acked_seq = ack;
      g_signal_emit (self, signals[ACKED], 0, ack);
    }
  waiters_check (self);
  pump (peer);
}

static void
on_closed (SoupWebsocketConnection *ws, Peer *peer)
{
  ArbReplicaServer *self = peer->server;

  g_ptr_array_remove (self->peers, peer);
  waiters_check (self);
}

static gboolean
hello_deadline (gpointer data)
{
  Peer *peer = data;

  peer->deadline_id = 0;
  drop_peer (peer, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "no hello");
  return G_SOURCE_REMOVE;
}

static void
on_websocket (SoupServer *server,
              SoupServerMessage *msg,
              const char *path,
              SoupWebsocketConnection *ws,
              gpointer data)
{
  ArbReplicaServer *self = data;
  Peer *peer;

  if (self->peers->len >= ARB_REPLICA_MAX_PEERS)
    {
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "too many deputies");
      return;
    }
  peer = g_new0 (Peer, 1);
  peer->server = self;
  peer->ws = g_object_ref (ws);
  peer->cancellable = g_cancellable_new ();
  soup_websocket_connection_set_max_incoming_payload_size (ws, ARB_REPLICA_MAX_MESSAGE);
  soup_websocket_connection_set_keepalive_interval (ws, 5);
  g_signal_connect (ws, "message", G_CALLBACK (on_message), peer);
  g_signal_connect (ws, "closed", G_CALLBACK (on_closed), peer);
  peer->deadline_id = g_timeout_add_seconds (ARB_REPLICA_HELLO_DEADLINE_S, hello_deadline, peer);
  g_ptr_array_add (self->peers, peer);
}

/* The deputies whose hello was accepted, and the lowest sequence number
 * all of them acknowledged (what every one of them holds). */
static guint
count_deputies (ArbReplicaServer *self, gint64 *held_by_all)
{
  guint n = 0;

  *held_by_all = G_MAXINT64;
  for (guint i = 0; i < self->peers->len; i++)
    {
      const Peer *peer = self->peers->pdata[i];

      if (!peer->hello)
        continue;
      n++;
      *held_by_all = MIN (*held_by_all, peer->acked_seq);
    }
  return n;
}

static void
waiter_finish (Waiter *w, ArbReplicaWait outcome)
{
  ArbReplicaServer *self = w->server;

  self->waiters = g_list_remove (self->waiters, w);
  if (w->source != NULL)
    g_source_destroy (w->source);
  g_clear_pointer (&w->source, g_source_unref);
  w->func (outcome, w->data);
  g_free (w);
}

static gboolean
waiter_deadline (gpointer data)
{
  Waiter *w = data;

  waiter_finish (w, w->outcome);
  return G_SOURCE_REMOVE;
}

/* Answers the waiters whose change every connected deputy acknowledged,
 * and every waiter once no deputy is left to acknowledge anything. */
static void
waiters_check (ArbReplicaServer *self)
{
  gint64 held = 0;
  gboolean none = count_deputies (self, &held) == 0;
  GList *l = self->waiters;

  while (l != NULL)
    {
      Waiter *w = l->data;

      l = l->next;
      if (none)
        waiter_finish (w, ARB_REPLICA_NO_DEPUTY);
      else if (w->seq <= held)
        waiter_finish (w, ARB_REPLICA_ACKED);
    }
}

static void
waiters_flush (ArbReplicaServer *self)
{
  while (self->waiters != NULL)
    waiter_finish (self->waiters->data, ARB_REPLICA_UNCONFIRMED);
}

void
arb_replica_server_wait_acked (ArbReplicaServer *self,
                               gint64 seq,
                               guint timeout_ms,
                               ArbReplicaWaitFunc func,
                               gpointer user_data)
{
  Waiter *w;
  gint64 held = 0;
  guint n;

  g_return_if_fail (ARB_IS_REPLICA_SERVER (self));
  g_return_if_fail (func != NULL);

  w = g_new0 (Waiter, 1);
  w->server = self;
  w->seq = seq;
  w->func = func;
  w->data = user_data;
  w->outcome = ARB_REPLICA_UNCONFIRMED;
  n = count_deputies (self, &held);
  if (n == 0)
    w->outcome = ARB_REPLICA_NO_DEPUTY;
  else if (seq <= held)
    w->outcome = ARB_REPLICA_ACKED;
  /* The answer comes from the loop, never from within this call. */
  w->source = w->outcome != ARB_REPLICA_UNCONFIRMED ? g_idle_source_new ()
                                                    : g_timeout_source_new (timeout_ms);
  g_source_set_callback (w->source, waiter_deadline, w, NULL);
  g_source_attach (w->source, g_main_context_get_thread_default ());
  self->waiters = g_list_append (self->waiters, w);
}

static void
arb_replica_server_dispose (GObject *object)
{
  ArbReplicaServer *self = ARB_REPLICA_SERVER (object);

  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  if (self->peers != NULL)
    g_ptr_array_set_size (self->peers, 0);
  waiters_flush (self);
  if (self->desk != NULL)
    g_clear_signal_handler (&self->committed_id, self->desk);
  g_clear_object (&self->desk);
  if (self->authorize_destroy != NULL)
    self->authorize_destroy (self->authorize_data);
  self->authorize_destroy = NULL;
  G_OBJECT_CLASS (arb_replica_server_parent_class)->dispose (object);
}

static void
arb_replica_server_finalize (GObject *object)
{
  ArbReplicaServer *self = ARB_REPLICA_SERVER (object);

  g_clear_pointer (&self->peers, g_ptr_array_unref);
  G_OBJECT_CLASS (arb_replica_server_parent_class)->finalize (object);
}

static void
arb_replica_server_class_init (ArbReplicaServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_replica_server_dispose;
  object_class->finalize = arb_replica_server_finalize;
  signals[ACKED] = g_signal_new ("acked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
arb_replica_server_init (ArbReplicaServer *self)
{
  self->peers = g_ptr_array_new_with_free_func ((GDestroyNotify) peer_free);
}

ArbReplicaServer *
arb_replica_server_new (ArbTournament *desk,
                        ArbReplicaAuthorizeFunc authorize,
                        gpointer user_data,
                        GDestroyNotify destroy)
{
  ArbReplicaServer *self = g_object_new (ARB_TYPE_REPLICA_SERVER, NULL);

  self->desk = g_object_ref (desk);
  self->authorize = authorize;
  self->authorize_data = user_data;
  self->authorize_destroy = destroy;
  self->acked_seq = 0;
  self->committed_id = g_signal_connect (desk, "committed", G_CALLBACK (on_committed), self);
  self->soup = soup_server_new ("server-header", "Arbiter-replica ", NULL);
  soup_server_add_websocket_handler (self->soup, "/replica", NULL, NULL, on_websocket, self, NULL);
  return self;
}

gboolean
arb_replica_server_listen (ArbReplicaServer *self,
                           guint port,
                           gboolean loopback_only,
                           guint *bound_port,
                           GError **error)
{
  GSList *uris;
  SoupServerListenOptions options = SOUP_SERVER_LISTEN_IPV4_ONLY;

  g_return_val_if_fail (ARB_IS_REPLICA_SERVER (self), FALSE);

  if (soup_server_get_tls_certificate (self->soup) != NULL)
    options |= SOUP_SERVER_LISTEN_HTTPS;
  if (!(loopback_only ? soup_server_listen_local (self->soup, port, options, error)
                      : soup_server_listen_all (self->soup, port, options, error)))
    return FALSE;
  uris = soup_server_get_uris (self->soup);
  if (bound_port != NULL && uris != NULL)
    *bound_port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return TRUE;
}

void
arb_replica_server_set_certificate (ArbReplicaServer *self, GTlsCertificate *certificate)
{
  g_return_if_fail (ARB_IS_REPLICA_SERVER (self));
  soup_server_set_tls_certificate (self->soup, certificate);
}

gint64
arb_replica_server_get_acked_seq (ArbReplicaServer *self)
{
  g_return_val_if_fail (ARB_IS_REPLICA_SERVER (self), 0);
  return self->acked_seq;
}

guint
arb_replica_server_get_n_deputies (ArbReplicaServer *self)
{
  gint64 held = 0;

  g_return_val_if_fail (ARB_IS_REPLICA_SERVER (self), 0);
  return count_deputies (self, &held);
}

gboolean
arb_replica_authorize_list (const char *token, char **arbiter_name, gpointer pairs)
{
  const char *const *list = pairs;

  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      const char *eq = strchr (list[i], '=');

      if (eq != NULL && strlen (token) == (gsize) (eq - list[i]) &&
          memcmp (token, list[i], (gsize) (eq - list[i])) == 0)
        {
          *arbiter_name = g_strdup (eq + 1);
          return TRUE;
        }
    }
  return FALSE;
}
