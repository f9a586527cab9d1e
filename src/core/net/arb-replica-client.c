/* arb-replica-client.c: a deputy's replica kept current from the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See arb-replica-client.h.
 */

#include "config.h"

#include "arb-replica-client.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-replica-wire.h"
#include "arb-team-certificate.h"

struct _ArbReplicaClient
{
  GObject parent_instance;

  char *url;
  char *token;
  char *into;
  SoupSession *session;
  SoupWebsocketConnection *ws;
  GCancellable *cancellable;
  ArbTournament *replica;
  GByteArray *snapshot; /* while a snapshot arrives */
  gsize snapshot_size;
  gint64 snapshot_seq;
  char *error;
  char *fingerprint; /* pinned, or NULL */
  char *presented;   /* the fingerprint of a certificate refused */
  gboolean stopped;
};

enum
{
  APPLIED,
  STOPPED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ArbReplicaClient, arb_replica_client, G_TYPE_OBJECT)

static void
stop_with (ArbReplicaClient *self, const char *error)
{
  if (self->stopped)
    return;
  self->stopped = TRUE;
  if (error != NULL && self->error == NULL)
    self->error = g_strdup (error);
  g_cancellable_cancel (self->cancellable);
  if (self->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ws, self);
      if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    }
  g_signal_emit (self, signals[STOPPED], 0, self->error);
}

static gboolean
open_replica (ArbReplicaClient *self, GError **error)
{
  if (self->replica != NULL)
    return TRUE;
  self->replica = arb_tournament_open (self->into, ARB_TOURNAMENT_OPEN_DEFAULT, error);
  if (self->replica != NULL && arb_tournament_get_role (self->replica) != ARB_DESK_ROLE_REPLICA)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _ ("%s is not a deputy's replica (it writes, or reads, an event of its own)"),
                   self->into);
      g_clear_object (&self->replica);
    }
  return self->replica != NULL;
}

static void
on_snapshot_chunk (ArbReplicaClient *self, const guint8 *data, gsize size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) image = NULL;

  if (self->snapshot == NULL || self->snapshot->len + size > self->snapshot_size)
    {
      stop_with (self, _ ("the desk sent a snapshot that does not match its announcement"));
      return;
    }
  g_byte_array_append (self->snapshot, data, (guint) size);
  if (self->snapshot->len < self->snapshot_size)
    return;
  image = g_byte_array_free_to_bytes (g_steal_pointer (&self->snapshot));
  if (!arb_tournament_write_replica (self->into, image, &error) || !open_replica (self, &error))
    {
      stop_with (self, error->message);
      return;
    }
  /* The snapshot is on this machine's disk: acknowledged as its last
   * change. */
  {
    g_autofree char *ack = arb_replica_wire_ack (arb_tournament_get_head_seq (self->replica));

    if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
      soup_websocket_connection_send_text (self->ws, ack);
  }
  g_signal_emit (self, signals[APPLIED], 0, arb_tournament_get_head_seq (self->replica));
}

static void
on_changeset (ArbReplicaClient *self, GBytes *frame)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbChangeset) c = arb_replica_wire_parse_changeset (frame);
  g_autofree char *ack = NULL;

  if (c == NULL || self->replica == NULL)
    {
      stop_with (self, _ ("the desk sent a change that cannot be read"));
      return;
    }
  if (!arb_tournament_apply_changeset (self->replica, c, &error))
    {
      stop_with (self, error->message);
      return;
    }
  /* Acknowledged only once the replica committed it. */
  ack = arb_replica_wire_ack (c->seq);
  if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (self->ws, ack);
  g_signal_emit (self, signals[APPLIED], 0, c->seq);
}

static void
on_message (SoupWebsocketConnection *ws, gint type, GBytes *message, ArbReplicaClient *self)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (message, &size);

  if (type == SOUP_WEBSOCKET_DATA_TEXT)
    {
      gint64 seq = 0, epoch = 0;
      gsize total = 0;

      if (!arb_replica_wire_parse_snapshot_head (message, &seq, &epoch, &total) ||
          total > ARB_REPLICA_CLIENT_MAX_SNAPSHOT || self->snapshot != NULL)
        {
          stop_with (self, _ ("the desk sent a message that cannot be read"));
          return;
        }
      if (self->replica != NULL || g_file_test (self->into, G_FILE_TEST_EXISTS))
        {
          g_autofree char *why =
            g_strdup_printf (_ ("%s holds changes the desk does not have (or is not its replica): "
                                "move it away to follow this desk"),
                             self->into);

          stop_with (self, why);
          return;
        }
      self->snapshot = g_byte_array_sized_new ((guint) MIN (total, 64 * 1024 * 1024));
      self->snapshot_size = total;
      self->snapshot_seq = seq;
      return;
    }
  if (size >= 1 && data[0] == 'S')
    on_snapshot_chunk (self, data + 1, size - 1);
  else
    on_changeset (self, message);
}

static void
on_closed (SoupWebsocketConnection *ws, ArbReplicaClient *self)
{
  const char *reason = soup_websocket_connection_get_close_data (ws);
  gushort code = soup_websocket_connection_get_close_code (ws);

  if (code == SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION)
    stop_with (self, _ ("the desk refused the sign-in"));
  else
    stop_with (self, code != SOUP_WEBSOCKET_CLOSE_NORMAL || reason == NULL || *reason == '\0'
                       ? NULL
                       : reason);
}

static void
connected (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbReplicaClient *self = data;
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws =
    soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_autofree char *hello = NULL;
  gint64 seq = 0, epoch = 0;

  if (ws == NULL && self->presented != NULL)
    {
      g_autofree char *why = g_strdup_printf (
        /* Translators: both %s are certificate fingerprints, AA:BB:… */
        _ ("the desk presented the certificate %s, not the one pinned (%s): refused"),
        self->presented, self->fingerprint);

      stop_with (self, why);
      g_object_unref (self);
      return;
    }
  if (ws == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        stop_with (self, error->message);
      g_object_unref (self);
      return;
    }
  self->ws = ws;
  soup_websocket_connection_set_max_incoming_payload_size (ws, ARB_REPLICA_CLIENT_MAX_FRAME);
  soup_websocket_connection_set_keepalive_interval (ws, 5);
  g_signal_connect (ws, "message", G_CALLBACK (on_message), self);
  g_signal_connect (ws, "closed", G_CALLBACK (on_closed), self);
  if (self->replica != NULL)
    {
      seq = arb_tournament_get_head_seq (self->replica);
      epoch = arb_tournament_get_epoch (self->replica);
    }
  hello = arb_replica_wire_hello (self->token, seq, epoch);
  soup_websocket_connection_send_text (ws, hello);
  g_object_unref (self);
}

/* The desk's certificate is trusted when its fingerprint is the one
 * pinned, whoever signed it: the desk made it for the event. */
static gboolean
accept_certificate (SoupMessage *msg,
                    GTlsCertificate *certificate,
                    GTlsCertificateFlags errors,
                    ArbReplicaClient *self)
{
  g_autofree char *fp = arb_team_certificate_fingerprint (certificate);

  if (g_ascii_strcasecmp (fp, self->fingerprint) == 0)
    return TRUE;
  g_free (self->presented);
  self->presented = g_steal_pointer (&fp);
  return FALSE;
}

void
arb_replica_client_set_fingerprint (ArbReplicaClient *self, const char *fingerprint)
{
  g_return_if_fail (ARB_IS_REPLICA_CLIENT (self));
  g_free (self->fingerprint);
  self->fingerprint = g_strdup (fingerprint);
}

void
arb_replica_client_start (ArbReplicaClient *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SoupMessage) msg = NULL;
  g_autoptr (GUri) uri = g_uri_parse (self->url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *text = NULL;

  if (g_file_test (self->into, G_FILE_TEST_EXISTS) && !open_replica (self, &error))
    {
      stop_with (self, error->message);
      return;
    }
  if (uri == NULL || g_uri_get_host (uri) == NULL ||
      (g_strcmp0 (g_uri_get_scheme (uri), "http") != 0 &&
       g_strcmp0 (g_uri_get_scheme (uri), "https") != 0))
    {
      g_autofree char *why =
        g_strdup_printf (_ ("%s is not the address of a desk (http://HOST:PORT)"), self->url);

      stop_with (self, why);
      return;
    }
  text = g_strcmp0 (g_uri_get_path (uri), "") == 0 || g_strcmp0 (g_uri_get_path (uri), "/") == 0
           ? g_strdup_printf ("%s://%s:%d/replica", g_uri_get_scheme (uri), g_uri_get_host (uri),
                              g_uri_get_port (uri))
           : g_strdup (self->url);
  msg = soup_message_new ("GET", text);
  if (self->fingerprint != NULL)
    g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_certificate), self);
  soup_session_websocket_connect_async (self->session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        self->cancellable, connected, g_object_ref (self));
}

void
arb_replica_client_stop (ArbReplicaClient *self)
{
  stop_with (self, NULL);
}

static void
arb_replica_client_dispose (GObject *object)
{
  ArbReplicaClient *self = ARB_REPLICA_CLIENT (object);

  g_cancellable_cancel (self->cancellable);
  if (self->ws != NULL)
    g_signal_handlers_disconnect_by_data (self->ws, self);
  g_clear_object (&self->ws);
  g_clear_object (&self->session);
  g_clear_object (&self->replica);
  G_OBJECT_CLASS (arb_replica_client_parent_class)->dispose (object);
}

static void
arb_replica_client_finalize (GObject *object)
{
  ArbReplicaClient *self = ARB_REPLICA_CLIENT (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->snapshot, g_byte_array_unref);
  g_free (self->url);
  g_free (self->token);
  g_free (self->into);
  g_free (self->error);
  g_free (self->fingerprint);
  g_free (self->presented);
  G_OBJECT_CLASS (arb_replica_client_parent_class)->finalize (object);
}

static void
arb_replica_client_class_init (ArbReplicaClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_replica_client_dispose;
  object_class->finalize = arb_replica_client_finalize;
  signals[APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_replica_client_init (ArbReplicaClient *self)
{
  self->cancellable = g_cancellable_new ();
}

ArbReplicaClient *
arb_replica_client_new (const char *url, const char *token, const char *into)
{
  ArbReplicaClient *self = g_object_new (ARB_TYPE_REPLICA_CLIENT, NULL);

  self->url = g_strdup (url);
  self->token = g_strdup (token);
  self->into = g_strdup (into);
  /* Deadlines: a desk that does not answer within 10 s is given up. */
  self->session = soup_session_new_with_options ("timeout", 10, "idle-timeout", 60, NULL);
  return self;
}

gint64
arb_replica_client_get_applied_seq (ArbReplicaClient *self)
{
  return self->replica != NULL ? arb_tournament_get_head_seq (self->replica) : 0;
}

gint64
arb_replica_client_get_epoch (ArbReplicaClient *self)
{
  return self->replica != NULL ? arb_tournament_get_epoch (self->replica) : 0;
}

const char *
arb_replica_client_get_error (ArbReplicaClient *self)
{
  return self->error;
}

ArbTournament *
arb_replica_client_get_replica (ArbReplicaClient *self)
{
  return self->replica;
}
