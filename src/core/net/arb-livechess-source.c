/* arb-livechess-source.c: DGT LiveChess's e-boards, over its WebSocket
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-livechess-source.h"

#include <libsoup/soup.h>

#include "arb-eboard-tracker.h"
#include "arb-i18n.h"
#include "arb-livechess-message.h"
#include "arb-source-private.h"

#define EBOARDS_CALL_ID 1
#define KEEPALIVE_SECONDS 15
/* The largest message taken: the boards of a hall, with their moves, are
 * far less. */
#define MESSAGE_MAX (4 * 1024 * 1024)

struct _ArbLivechessSource
{
  ArbSource parent_instance;

  char *ws_uri;

  /* Worker thread only */
  SoupSession *session;
  GCancellable *cancellable;
  SoupWebsocketConnection *ws;
  GSource *retry_timer;
  GSource *relist_timer;
  GSource *settle_timer;
  gint64 settle_at;
  GHashTable *trackers;   /* serial → ArbEboardTracker, kept across connections */
  GHashTable *subscribed; /* serials subscribed on this connection */
  GHashTable *ids;        /* subscription id → serial */
  gint64 next_id;
  guint failures;    /* in a row: only a message read ends them */
  char *why_closing; /* what the connection said before it closed */

  /* Any thread */
  GMutex mutex;
  GStrv boards; /* under mutex */
  guint n_bad;  /* atomic */
};

G_DEFINE_FINAL_TYPE (ArbLivechessSource, arb_livechess_source, ARB_TYPE_SOURCE)

static void connect_ws (ArbLivechessSource *self);

static void
clear_timer (GSource **timer)
{
  if (*timer != NULL)
    {
      g_source_destroy (*timer);
      g_clear_pointer (timer, g_source_unref);
    }
}

static void
send_text (ArbLivechessSource *self, char *text)
{
  if (self->ws != NULL &&
      soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (self->ws, text);
  g_free (text);
}

/* Settling */

static void schedule_settle (ArbLivechessSource *self, gint64 at);

static gboolean
settle_cb (gpointer data)
{
  ArbLivechessSource *self = data;
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_game_unref);
  gint64 now = g_get_monotonic_time ();
  gint64 next = G_MAXINT64;
  GHashTableIter iter;
  gpointer value;

  g_clear_pointer (&self->settle_timer, g_source_unref);
  self->settle_at = G_MAXINT64;
  g_hash_table_iter_init (&iter, self->trackers);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      gint64 at = G_MAXINT64;
      ArbSourceGame *game = arb_eboard_tracker_poll (value, now, &at);

      if (game != NULL)
        g_ptr_array_add (games, game);
      next = MIN (next, at);
    }
  if (games->len > 0)
    _arb_source_deliver (ARB_SOURCE (self), games);
  else
    g_ptr_array_unref (games);
  if (next != G_MAXINT64)
    schedule_settle (self, next);
  return G_SOURCE_REMOVE;
}

static void
schedule_settle (ArbLivechessSource *self, gint64 at)
{
  gint64 wait_ms;

  if (self->settle_timer != NULL && self->settle_at <= at)
    return;
  clear_timer (&self->settle_timer);
  self->settle_at = at;
  wait_ms = (at - g_get_monotonic_time () + 999) / 1000;
  self->settle_timer =
    _arb_source_add_timeout (ARB_SOURCE (self), (guint) CLAMP (wait_ms, 0, G_MAXINT), settle_cb);
}

/* Messages */

static ArbEboardTracker *
tracker_for (ArbLivechessSource *self, const char *serial)
{
  ArbEboardTracker *tracker = g_hash_table_lookup (self->trackers, serial);

  if (tracker == NULL)
    {
      tracker = arb_eboard_tracker_new (serial, arb_source_get_settle (ARB_SOURCE (self)));
      g_hash_table_insert (self->trackers, g_strdup (serial), tracker);
    }
  return tracker;
}

static void
take_boards (ArbLivechessSource *self, const ArbLivechessMessage *message)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  gint64 now = g_get_monotonic_time ();

  for (guint i = 0; i < message->boards->len; i++)
    {
      const ArbLivechessBoard *board = &g_array_index (message->boards, ArbLivechessBoard, i);
      g_autofree char *line =
        g_strdup_printf ("%s %s", board->serial, board->state != NULL ? board->state : "");

      g_strv_builder_add (builder, g_strstrip (line));
      arb_eboard_tracker_feed (tracker_for (self, board->serial), board, NULL, now);
      if (!g_hash_table_contains (self->subscribed, board->serial))
        {
          gint64 id = self->next_id++;

          g_hash_table_add (self->subscribed, g_strdup (board->serial));
          g_hash_table_insert (self->ids, g_memdup2 (&id, sizeof id), g_strdup (board->serial));
          send_text (self, arb_livechess_call_subscribe (id, board->serial));
        }
    }
  g_mutex_lock (&self->mutex);
  g_strfreev (self->boards);
  self->boards = g_strv_builder_end (builder);
  g_mutex_unlock (&self->mutex);
  g_strv_builder_unref (builder);
}

static void
take_feed (ArbLivechessSource *self, const ArbLivechessMessage *message)
{
  const ArbLivechessBoard *board = &g_array_index (message->boards, ArbLivechessBoard, 0);
  const char *serial = board->serial;
  ArbEboardTracker *tracker;
  gint64 at = G_MAXINT64;
  ArbSourceGame *game;

  if (serial == NULL)
    serial = g_hash_table_lookup (self->ids, &message->id);
  if (serial == NULL)
    {
      g_atomic_int_inc (&self->n_bad);
      return;
    }
  tracker = tracker_for (self, serial);
  arb_eboard_tracker_feed (tracker, board, message->san, g_get_monotonic_time ());
  game = arb_eboard_tracker_poll (tracker, g_get_monotonic_time (), &at);
  if (game != NULL)
    {
      GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_game_unref);

      g_ptr_array_add (games, game);
      _arb_source_deliver (ARB_SOURCE (self), games);
    }
  if (at != G_MAXINT64)
    schedule_settle (self, at);
}

static void
message_cb (SoupWebsocketConnection *ws, int type, GBytes *bytes, ArbLivechessSource *self)
{
  g_autoptr (ArbLivechessMessage) message = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  const char *text;

  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    return;
  text = g_bytes_get_data (bytes, &length);
  message = arb_livechess_message_parse (text, length, &error);
  if (message == NULL)
    {
      g_atomic_int_inc (&self->n_bad);
      g_debug ("%s: %s", arb_source_get_uri (ARB_SOURCE (self)), error->message);
      return;
    }
  /* LiveChess answers: the connection works. A server that accepts and
   * closes, or sends nothing a client can read, is tried again less and
   * less often. */
  self->failures = 0;
  switch (message->kind)
    {
    case ARB_LIVECHESS_MESSAGE_EBOARDS:
      take_boards (self, message);
      break;
    case ARB_LIVECHESS_MESSAGE_FEED:
      take_feed (self, message);
      break;
    case ARB_LIVECHESS_MESSAGE_ERROR:
      g_debug ("%s: LiveChess answered call %" G_GINT64_FORMAT ": %s",
               arb_source_get_uri (ARB_SOURCE (self)), message->id, message->error);
      break;
    case ARB_LIVECHESS_MESSAGE_OTHER:
    default:
      break;
    }
}

/* The connection */

static gboolean
relist_cb (gpointer data)
{
  ArbLivechessSource *self = data;

  send_text (self, arb_livechess_call_eboards (EBOARDS_CALL_ID));
  return G_SOURCE_CONTINUE;
}

static gboolean
retry_cb (gpointer data)
{
  ArbLivechessSource *self = data;

  g_clear_pointer (&self->retry_timer, g_source_unref);
  connect_ws (self);
  return G_SOURCE_REMOVE;
}

static void
drop_connection (ArbLivechessSource *self)
{
  clear_timer (&self->relist_timer);
  if (self->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ws, self);
      if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
      g_clear_object (&self->ws);
    }
  g_hash_table_remove_all (self->subscribed);
  g_hash_table_remove_all (self->ids);
  g_clear_pointer (&self->why_closing, g_free);
}

/* Lost, or never reached: again after a wait that grows with the
 * failures in a row. */
static void
failed (ArbLivechessSource *self, const char *why)
{
  guint wait_ms;
  g_autofree char *text = NULL;

  drop_connection (self);
  self->failures++;
  wait_ms = _arb_source_backoff_ms (ARB_SOURCE (self), self->failures);
  /* Translators: why the e-boards of DGT LiveChess are not followed now
   * (%s, such as “the connection to LiveChess was lost”), and in how
   * many seconds (%u) the program tries again. */
  text = g_strdup_printf (_ ("%s; again in %u s"), why, (wait_ms + 999) / 1000);
  _arb_source_set_state (ARB_SOURCE (self), ARB_SOURCE_DISCONNECTED, text);
  clear_timer (&self->retry_timer);
  self->retry_timer = _arb_source_add_timeout (ARB_SOURCE (self), wait_ms, retry_cb);
}

static void
closed_cb (SoupWebsocketConnection *ws, ArbLivechessSource *self)
{
  g_autofree char *why = NULL;
  gushort code = soup_websocket_connection_get_close_code (ws);

  if (self->why_closing != NULL)
    why = g_steal_pointer (&self->why_closing);
  else if (code != 0)
    /* Translators: %u is the WebSocket close code LiveChess sent. */
    why = g_strdup_printf (_ ("LiveChess closed the connection (%u)"), code);
  else
    why = g_strdup (_ ("the connection to LiveChess was lost"));
  failed (self, why);
}

/* Why libsoup is about to close the connection: said with the closing,
 * rather than as a connection lost. */
static void
error_cb (SoupWebsocketConnection *ws, GError *error, ArbLivechessSource *self)
{
  g_debug ("%s: %s", arb_source_get_uri (ARB_SOURCE (self)), error->message);
  if (self->why_closing != NULL)
    return;
  if (g_error_matches (error, SOUP_WEBSOCKET_ERROR, SOUP_WEBSOCKET_CLOSE_TOO_BIG))
    {
      g_autofree char *size = g_format_size (MESSAGE_MAX);

      /* Translators: LiveChess sent one message larger than %s (a size,
       * such as “4.2 MB”); the program closed the connection. */
      self->why_closing =
        g_strdup_printf (_ ("a message from LiveChess was too large: more than %s"), size);
    }
  else
    /* Translators: %s is what went wrong on the connection to LiveChess. */
    self->why_closing =
      g_strdup_printf (_ ("the connection to LiveChess failed: %s"), error->message);
}

static void
connected_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr (ArbLivechessSource) self = data;
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws;

  ws = soup_session_websocket_connect_finish (SOUP_SESSION (object), result, &error);
  if (ws == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (!_arb_source_is_running (ARB_SOURCE (self)))
    {
      g_clear_object (&ws);
      return;
    }
  if (ws == NULL)
    {
      failed (self, error->message);
      return;
    }
  self->ws = ws;
  soup_websocket_connection_set_keepalive_interval (ws, KEEPALIVE_SECONDS);
  soup_websocket_connection_set_max_incoming_payload_size (ws, MESSAGE_MAX);
  g_signal_connect (ws, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (ws, "closed", G_CALLBACK (closed_cb), self);
  g_signal_connect (ws, "error", G_CALLBACK (error_cb), self);
  _arb_source_set_state (ARB_SOURCE (self), ARB_SOURCE_CONNECTED, NULL);
  send_text (self, arb_livechess_call_eboards (EBOARDS_CALL_ID));
  clear_timer (&self->relist_timer);
  self->relist_timer = g_timeout_source_new (ARB_LIVECHESS_RELIST_MS);
  g_source_set_static_name (self->relist_timer, "[arb-net] livechess eboards");
  g_source_set_callback (self->relist_timer, relist_cb, self, NULL);
  g_source_attach (self->relist_timer, g_main_context_get_thread_default ());
}

static void
connect_ws (ArbLivechessSource *self)
{
  g_autoptr (SoupMessage) msg = NULL;

  if (!_arb_source_is_running (ARB_SOURCE (self)))
    return;
  msg = soup_message_new (SOUP_METHOD_GET, self->ws_uri);
  if (msg == NULL)
    {
      _arb_source_set_state (ARB_SOURCE (self), ARB_SOURCE_FAILED,
                             "not an address libsoup can open");
      return;
    }
  soup_session_websocket_connect_async (self->session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        self->cancellable, connected_cb, g_object_ref (self));
}

static void
arb_livechess_source_start (ArbSource *source)
{
  ArbLivechessSource *self = ARB_LIVECHESS_SOURCE (source);

  self->session =
    soup_session_new_with_options ("timeout", 20, "user-agent", "Arbiter/" PACKAGE_VERSION, NULL);
  self->cancellable = g_cancellable_new ();
  self->failures = 0;
  connect_ws (self);
}

static void
arb_livechess_source_stop (ArbSource *source)
{
  ArbLivechessSource *self = ARB_LIVECHESS_SOURCE (source);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_timer (&self->retry_timer);
  clear_timer (&self->settle_timer);
  drop_connection (self);
  if (self->session != NULL)
    soup_session_abort (self->session);
  g_clear_object (&self->session);
}

static void
arb_livechess_source_finalize (GObject *object)
{
  ArbLivechessSource *self = ARB_LIVECHESS_SOURCE (object);

  g_free (self->ws_uri);
  g_free (self->why_closing);
  g_clear_pointer (&self->trackers, g_hash_table_unref);
  g_clear_pointer (&self->subscribed, g_hash_table_unref);
  g_clear_pointer (&self->ids, g_hash_table_unref);
  g_strfreev (self->boards);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (arb_livechess_source_parent_class)->finalize (object);
}

static void
arb_livechess_source_class_init (ArbLivechessSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ArbSourceClass *source_class = ARB_SOURCE_CLASS (klass);

  object_class->finalize = arb_livechess_source_finalize;
  source_class->start = arb_livechess_source_start;
  source_class->stop = arb_livechess_source_stop;
}

static void
arb_livechess_source_init (ArbLivechessSource *self)
{
  g_mutex_init (&self->mutex);
  self->trackers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) arb_eboard_tracker_free);
  self->subscribed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->next_id = EBOARDS_CALL_ID + 1;
  self->settle_at = G_MAXINT64;
}

/* livechess://HOST[:PORT] → ws://HOST:PORT/api/v1.0; ws:// and wss://
 * as they are. */
static char *
websocket_uri (const char *uri)
{
  g_autoptr (GUri) parsed = g_uri_parse (uri, G_URI_FLAGS_NONE, NULL);
  int port;

  if (parsed == NULL || g_ascii_strcasecmp (g_uri_get_scheme (parsed), "livechess") != 0)
    return g_strdup (uri);
  port = g_uri_get_port (parsed) > 0 ? g_uri_get_port (parsed) : ARB_LIVECHESS_DEFAULT_PORT;
  return g_strdup_printf ("ws://%s:%d/api/v1.0", g_uri_get_host (parsed), port);
}

ArbSource *
_arb_livechess_source_new (ArbNetWorker *worker, const char *uri)
{
  ArbLivechessSource *self = g_object_new (ARB_TYPE_LIVECHESS_SOURCE, NULL);

  _arb_source_setup (ARB_SOURCE (self), worker, uri, ARB_SOURCE_LIVECHESS);
  self->ws_uri = websocket_uri (uri);
  return ARB_SOURCE (self);
}

GStrv
arb_livechess_source_dup_boards (ArbLivechessSource *self)
{
  GStrv boards;

  g_return_val_if_fail (ARB_IS_LIVECHESS_SOURCE (self), NULL);

  g_mutex_lock (&self->mutex);
  boards = g_strdupv (self->boards);
  g_mutex_unlock (&self->mutex);
  return boards;
}

guint
arb_livechess_source_get_n_bad_messages (ArbLivechessSource *self)
{
  g_return_val_if_fail (ARB_IS_LIVECHESS_SOURCE (self), 0);
  return (guint) g_atomic_int_get (&self->n_bad);
}
