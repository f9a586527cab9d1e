/* arb-feed-server.c: the round on the venue network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-feed-server.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-feed-page.h"
#include "arb-feed-routes.h"
#include "arb-feed-server-private.h"
#include "arb-i18n.h"
#include "arb-net-peer.h"

/* An event reader that lets this much pile up unread is cut off. */
#define MAX_PENDING_EVENT_BYTES (1024 * 1024)

typedef struct
{
  ArbFeedServer *server;
  SoupServerMessage *msg;
  gsize pending;
  gboolean dropped;
} Watcher;

G_DEFINE_FINAL_TYPE (ArbFeedServer, arb_feed_server, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_N_CONNECTIONS,
  PROP_N_WATCHERS,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Counts reach the owner at most once per turn of its loop. */
static gboolean
notify_cb (gpointer data)
{
  ArbFeedServer *self = data;

  g_atomic_int_set (&self->notify_pending, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CONNECTIONS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WATCHERS]);
  return G_SOURCE_REMOVE;
}

void
_arb_feed_server_schedule_notify (ArbFeedServer *self)
{
  if (g_atomic_int_compare_and_exchange (&self->notify_pending, 0, 1))
    arb_net_invoke_in (self->owner, G_OBJECT (self), notify_cb);
}

static gboolean
notify_running_cb (gpointer data)
{
  g_object_notify_by_pspec (G_OBJECT (data), properties[PROP_RUNNING]);
  return G_SOURCE_REMOVE;
}

/* Requests */

/* libsoup may hold a message of a closed connection a little longer than
 * the server lives: its handlers reach the server through a weak
 * reference. */
static GWeakRef *
weak_new (ArbFeedServer *self)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  return ref;
}

static void
weak_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
count_header_cb (const char *name, const char *value, gpointer data)
{
  (*(guint *) data)++;
}

static void
fill_request (ArbFeedServer *self, SoupServerMessage *msg, ArbFeedRequest *request)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  GUri *uri = soup_server_message_get_uri (msg);

  memset (request, 0, sizeof *request);
  request->method = soup_server_message_get_method (msg);
  request->path = uri != NULL ? g_uri_get_path (uri) : "";
  request->query = uri != NULL ? g_uri_get_query (uri) : NULL;
  soup_message_headers_foreach (headers, count_header_cb, &request->n_headers);
  request->content_length = -1;
  switch (soup_message_headers_get_encoding (headers))
    {
    case SOUP_ENCODING_CONTENT_LENGTH:
      request->content_length = soup_message_headers_get_content_length (headers);
      break;
    case SOUP_ENCODING_CHUNKED:
    case SOUP_ENCODING_EOF:
      request->chunked = TRUE;
      break;
    default:
      break;
    }
  request->authorization = soup_message_headers_get_one (headers, "Authorization");
  request->if_none_match = soup_message_headers_get_one (headers, "If-None-Match");
  request->accept_encoding = soup_message_headers_get_one (headers, "Accept-Encoding");
  request->accept_language = soup_message_headers_get_list (headers, "Accept-Language");
  request->token = self->token;
  request->now_us = g_get_real_time ();
}

/* Too many headers, or a body: refused at once, before the body is read,
 * on the connection taken back from libsoup. */
static void
early_cb (SoupServer *server,
          SoupServerMessage *msg,
          const char *path,
          GHashTable *query,
          gpointer data)
{
  g_autoptr (ArbFeedServer) self = g_weak_ref_get (data);
  ArbFeedRequest request;
  Tracked *tracked;
  guint status;
  GIOStream *stream;

  if (self == NULL || self->soup == NULL)
    return;
  tracked = _arb_feed_server_tracked_of (self, msg);
  if (tracked != NULL && tracked->phase == PHASE_UNFINISHED)
    {
      if (self->n_active >= self->max_active)
        {
          _arb_feed_server_leave_phase (self, tracked, PHASE_CLOSED);
          stream = soup_server_message_steal_connection (msg);
          if (stream == NULL)
            {
              soup_server_message_set_status (msg, 503, NULL);
              return;
            }
          _arb_feed_server_refuse_raw (stream, 503, "Service Unavailable",
                                       "Too many screens are connected to this feed.\n");
          g_object_unref (stream);
          return;
        }
      _arb_feed_server_leave_phase (self, tracked, PHASE_ACTIVE);
    }
  fill_request (self, msg, &request);
  status = arb_feed_route_check_headers (&request);
  if (status == 0)
    return;
  if (tracked != NULL)
    _arb_feed_server_leave_phase (self, tracked, PHASE_CLOSED);
  stream = soup_server_message_steal_connection (msg);
  if (stream == NULL)
    {
      soup_server_message_set_status (msg, status, NULL);
      return;
    }
  _arb_feed_server_refuse_raw (
    stream, status, status == 413 ? "Content Too Large" : "Request Header Fields Too Large",
    status == 413 ? "A request to the feed has no body.\n" : "Too many header fields.\n");
  g_object_unref (stream);
}

/* An answer sent: libsoup closes the connection (see
 * set_common_headers); until it does, it is unfinished, within the idle
 * time. */
static void
request_finished_cb (SoupServer *server, SoupServerMessage *msg, ArbFeedServer *self)
{
  Tracked *tracked = _arb_feed_server_tracked_of (self, msg);

  if (tracked == NULL || tracked->phase != PHASE_ACTIVE)
    return;
  _arb_feed_server_set_unfinished (self, tracked, self->idle_ms);
}

static void
set_common_headers (SoupMessageHeaders *headers, ArbFeedServer *self)
{
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  /* libsoup 3.2 closes a connection it was handed (as the feed hands it
   * every one, to see it before its request) after each answer: say so,
   * or a client reusing it finds it reset. */
  soup_message_headers_replace (headers, "Connection", "close");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  /* Open data for any page of the venue, unless the feed is kept for
   * those who have its token. */
  if (self->token == NULL)
    soup_message_headers_replace (headers, "Access-Control-Allow-Origin", "*");
}

/* Event streams */

static void watcher_drop (Watcher *watcher);

static void
watcher_finished_cb (SoupServerMessage *msg, Watcher *watcher)
{
  ArbFeedServer *self = watcher->server;

  g_signal_handlers_disconnect_by_data (msg, watcher);
  if (self->watchers != NULL && g_hash_table_steal (self->watchers, msg))
    {
      g_atomic_int_dec_and_test (&self->n_watchers);
      _arb_feed_server_schedule_notify (self);
    }
  g_object_unref (msg);
  g_free (watcher);
}

static void
watcher_wrote_cb (SoupServerMessage *msg, guint size, Watcher *watcher)
{
  watcher->pending -= MIN (watcher->pending, size);
}

static void
watcher_send (Watcher *watcher, GBytes *bytes)
{
  if (watcher->dropped)
    return;
  watcher->pending += g_bytes_get_size (bytes);
  if (watcher->pending > MAX_PENDING_EVENT_BYTES)
    {
      watcher_drop (watcher);
      return;
    }
  soup_message_body_append_bytes (soup_server_message_get_response_body (watcher->msg), bytes);
  soup_server_message_unpause (watcher->msg);
}

/* A reader that does not read is cut off at the socket: libsoup notices
 * and finishes the message. */
static void
watcher_drop (Watcher *watcher)
{
  GSocket *socket = soup_server_message_get_socket (watcher->msg);

  if (watcher->dropped)
    return;
  watcher->dropped = TRUE;
  if (socket != NULL)
    g_socket_shutdown (socket, TRUE, TRUE, NULL);
  soup_message_body_complete (soup_server_message_get_response_body (watcher->msg));
  soup_server_message_unpause (watcher->msg);
}

static GBytes *
event_bytes (const char *event, guint64 seq, const char *data)
{
  char *text =
    g_strdup_printf ("id: %" G_GUINT64_FORMAT "\nevent: %s\ndata: %s\n\n", seq, event, data);

  return g_bytes_new_take (text, strlen (text));
}

static GBytes *
heartbeat_bytes (ArbFeedServer *self)
{
  g_autoptr (ArbFeedState) state = arb_feed_dup_state (self->feed);
  guint64 seq = state != NULL ? arb_feed_state_get_seq (state) : 0;
  g_autofree char *data = g_strdup_printf (
    "{\"now\":%" G_GINT64_FORMAT ",\"seq\":%" G_GUINT64_FORMAT "}", g_get_real_time () / 1000, seq);

  return event_bytes ("heartbeat", seq, data);
}

static void
start_watcher (ArbFeedServer *self, SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  SoupMessageBody *body = soup_server_message_get_response_body (msg);
  Watcher *watcher = g_new0 (Watcher, 1);
  g_autoptr (GBytes) hello = NULL;
  static const char retry[] = "retry: 2000\n\n";

  soup_server_message_set_status (msg, 200, NULL);
  set_common_headers (headers, self);
  soup_message_headers_replace (headers, "Content-Type", "text/event-stream; charset=utf-8");
  soup_message_headers_replace (headers, "Cache-Control", "no-cache");
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  soup_message_body_set_accumulate (body, FALSE);

  watcher->server = self;
  watcher->msg = g_object_ref (msg);
  g_hash_table_insert (self->watchers, msg, watcher);
  g_atomic_int_inc (&self->n_watchers);
  _arb_feed_server_schedule_notify (self);
  g_signal_connect (msg, "finished", G_CALLBACK (watcher_finished_cb), watcher);
  g_signal_connect (msg, "wrote-body-data", G_CALLBACK (watcher_wrote_cb), watcher);

  soup_message_body_append (body, SOUP_MEMORY_STATIC, retry, strlen (retry));
  hello = heartbeat_bytes (self);
  watcher_send (watcher, hello);
}

static void
broadcast (ArbFeedServer *self, GBytes *bytes)
{
  GHashTableIter iter;
  gpointer value;
  g_autoptr (GPtrArray) all = g_ptr_array_new ();

  /* Sending may finish a message and take it out of the table. */
  g_hash_table_iter_init (&iter, self->watchers);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (all, value);
  for (guint i = 0; i < all->len; i++)
    if (g_hash_table_contains (self->watchers, ((Watcher *) all->pdata[i])->msg))
      watcher_send (all->pdata[i], bytes);
}

static void
published_cb (ArbFeed *feed, ArbFeedState *state, GArray *changes, ArbFeedServer *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint64 seq = arb_feed_state_get_seq (state);
  gint64 now = g_get_real_time ();
  GBytes *bytes;

  if (g_hash_table_size (self->watchers) == 0)
    return;
  if (changes == NULL)
    g_string_append_printf (text,
                            "id: %" G_GUINT64_FORMAT
                            "\nevent: round\ndata: {\"now\":%" G_GINT64_FORMAT
                            ",\"seq\":%" G_GUINT64_FORMAT "}\n\n",
                            seq, now / 1000, seq);
  else
    for (guint i = 0; i < changes->len; i++)
      {
        const ArbFeedChange *change = &g_array_index (changes, ArbFeedChange, i);
        g_autofree char *json =
          arb_feed_state_game_to_json (state, change->index, change->flags, now);

        g_string_append_printf (text, "id: %" G_GUINT64_FORMAT "\nevent: game\ndata: %s\n\n", seq,
                                json);
      }
  bytes = g_string_free_to_bytes (g_steal_pointer (&text));
  broadcast (self, bytes);
  g_bytes_unref (bytes);
}

static gboolean
heartbeat_cb (gpointer data)
{
  ArbFeedServer *self = data;
  g_autoptr (GBytes) bytes = NULL;

  if (g_hash_table_size (self->watchers) > 0)
    {
      bytes = heartbeat_bytes (self);
      broadcast (self, bytes);
    }
  return G_SOURCE_CONTINUE;
}

/* The display page in the language the screen asks for: made the first
 * time it is asked for, then kept (one a language Arbiter speaks). */
static GBytes *
page_for (ArbFeedServer *self, const ArbFeedRequest *request)
{
  const char *language;
  GBytes *page;

  if (g_strcmp0 (request->path, "/") != 0)
    return NULL;
  language = arb_feed_page_choose_language (request->query, request->accept_language);
  page = g_hash_table_lookup (self->pages, language);
  if (page == NULL)
    {
      page = arb_feed_page_new (language);
      g_hash_table_insert (self->pages, (gpointer) language, page);
    }
  return page;
}

static void
handler_cb (SoupServer *server,
            SoupServerMessage *msg,
            const char *path,
            GHashTable *query,
            gpointer data)
{
  g_autoptr (ArbFeedServer) self = g_weak_ref_get (data);
  g_autoptr (ArbFeedState) state = NULL;
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  ArbFeedRequest request;
  ArbFeedResponse response;

  if (self == NULL || self->soup == NULL)
    {
      soup_server_message_set_status (msg, 503, NULL);
      soup_message_headers_replace (headers, "Connection", "close");
      return;
    }
  state = arb_feed_dup_state (self->feed);
  fill_request (self, msg, &request);
  arb_feed_route (state, page_for (self, &request), &request, &response);

  if (response.route == ARB_FEED_ROUTE_EVENTS && response.status == 200 && !response.head)
    {
      start_watcher (self, msg);
      arb_feed_response_clear (&response);
      return;
    }

  soup_server_message_set_status (msg, response.status, NULL);
  set_common_headers (headers, self);
  if (response.status == 405)
    soup_message_headers_replace (headers, "Allow", "GET, HEAD");
  if (response.status == 401)
    soup_message_headers_replace (headers, "WWW-Authenticate", "Bearer realm=\"feed\"");
  if (response.etag != NULL)
    {
      soup_message_headers_replace (headers, "ETag", response.etag);
      soup_message_headers_replace (headers, "Vary", "Accept-Encoding");
    }
  soup_message_headers_replace (headers, "Cache-Control", "no-cache");
  if (response.route == ARB_FEED_ROUTE_PAGE)
    {
      /* The page is ours alone and loads nothing from anywhere else: the
       * venue may have no internet, and a hall screen asks no one. */
      soup_message_headers_replace (headers, "Content-Security-Policy",
                                    "default-src 'none'; connect-src 'self'; img-src data:; "
                                    "style-src 'unsafe-inline'; script-src 'unsafe-inline'");
      soup_message_headers_replace (headers, "Vary", "Accept-Language");
    }
  if (response.close)
    soup_message_headers_replace (headers, "Connection", "close");
  if (response.content_type != NULL)
    soup_message_headers_replace (headers, "Content-Type", response.content_type);
  if (response.body != NULL)
    {
      if (response.gzip)
        soup_message_headers_replace (headers, "Content-Encoding", "gzip");
      soup_message_body_append_bytes (soup_server_message_get_response_body (msg), response.body);
    }
  arb_feed_response_clear (&response);
}

/* Starting and stopping, in the worker */

static GPtrArray *
table_values (GHashTable *table)
{
  GPtrArray *values = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_ptr_array_add (values, value);
  return values;
}

static gboolean
start_in_worker (gpointer data, GError **error)
{
  ArbFeedServer *self = data;
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) want = NULL;
  g_autoptr (GSocketAddress) effective = NULL;
  const char *address = self->address != NULL ? self->address : "127.0.0.1";

  if (self->soup != NULL)
    return TRUE;

  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: %s is the address given for the hall display's server */
                   _ ("“%s” is not an IP address of this computer (such as 127.0.0.1, or 0.0.0.0 "
                      "for every network)"),
                   address);
      return FALSE;
    }
  if (self->port > 65535)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("%u is not a port (0 to 65535)"), self->port);
      return FALSE;
    }
  want = g_inet_socket_address_new (inet, (guint16) self->port);

  self->listening = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_STREAM,
                                  G_SOCKET_PROTOCOL_TCP, error);
  if (self->listening != NULL)
    {
      g_socket_set_blocking (self->listening, FALSE);
      /* A hall's screens come back together after a power cut: the
       * kernel queues that many connections before they are accepted
       * (GLib's default is ten). */
      g_socket_set_listen_backlog (self->listening, 1024);
    }
  if (self->listening == NULL || !g_socket_bind (self->listening, want, TRUE, error) ||
      !g_socket_listen (self->listening, error) ||
      (effective = g_socket_get_local_address (self->listening, error)) == NULL)
    {
      /* Translators: %s is the address, %u the port; the reason follows the colon */
      g_prefix_error (error, _ ("Cannot listen on %s port %u: "), address, self->port);
      g_clear_object (&self->listening);
      return FALSE;
    }

  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_bytes_unref);
  self->soup = soup_server_new ("server-header", "Arbiter", NULL);
  soup_server_add_early_handler (self->soup, NULL, early_cb, weak_new (self), weak_free);
  soup_server_add_handler (self->soup, NULL, handler_cb, weak_new (self), weak_free);
  g_signal_connect (self->soup, "request-finished", G_CALLBACK (request_finished_cb), self);
  g_signal_connect (self->soup, "request-aborted", G_CALLBACK (request_finished_cb), self);
  self->connections = g_hash_table_new (NULL, NULL);
  self->by_remote = g_hash_table_new (g_str_hash, g_str_equal);
  self->unfinished_of_peer = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_queue_init (&self->unfinished);
  self->n_active = 0;
  _arb_feed_server_fit_pools (self);
  self->watchers = g_hash_table_new (NULL, NULL);
  _arb_feed_server_listen (self);
  self->published_id = g_signal_connect (self->feed, "published", G_CALLBACK (published_cb), self);

  self->heartbeat = g_timeout_source_new_seconds (ARB_FEED_SERVER_HEARTBEAT_SECONDS);
  g_source_set_static_name (self->heartbeat, "[arb-net] heartbeat");
  g_source_set_callback (self->heartbeat, heartbeat_cb, self, NULL);
  g_source_attach (self->heartbeat, arb_net_worker_get_context (arb_feed_get_worker (self->feed)));
  self->sweep = g_timeout_source_new (MIN (self->header_ms, 1000) / 4 + 1);
  g_source_set_static_name (self->sweep, "[arb-net] connection deadlines");
  g_source_set_callback (self->sweep, _arb_feed_server_sweep_cb, self, NULL);
  g_source_attach (self->sweep, arb_net_worker_get_context (arb_feed_get_worker (self->feed)));

  g_mutex_lock (&self->mutex);
  g_set_object (&self->bound, G_INET_SOCKET_ADDRESS (effective));
  g_mutex_unlock (&self->mutex);
  arb_net_invoke_in (self->owner, G_OBJECT (self), notify_running_cb);
  return TRUE;
}

static gboolean
stop_in_worker (gpointer data, GError **error)
{
  ArbFeedServer *self = data;

  if (self->soup == NULL)
    return TRUE;

  g_clear_signal_handler (&self->published_id, self->feed);
  if (self->heartbeat != NULL)
    {
      g_source_destroy (self->heartbeat);
      g_clear_pointer (&self->heartbeat, g_source_unref);
    }
  if (self->sweep != NULL)
    {
      g_source_destroy (self->sweep);
      g_clear_pointer (&self->sweep, g_source_unref);
    }
  g_signal_handlers_disconnect_by_data (self->soup, self);
  _arb_feed_server_unlisten (self);

  /* Every open connection, event streams too, is closed now. */
  _arb_feed_server_untrack_all (self);
  {
    g_autoptr (GPtrArray) watchers = table_values (self->watchers);

    g_hash_table_remove_all (self->watchers);
    for (guint i = 0; i < watchers->len; i++)
      {
        Watcher *watcher = watchers->pdata[i];

        watcher_drop (watcher);
        g_signal_handlers_disconnect_by_data (watcher->msg, watcher);
        g_object_unref (watcher->msg);
        g_free (watcher);
      }
    g_atomic_int_set (&self->n_watchers, 0);
    _arb_feed_server_schedule_notify (self);
  }
  soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  g_clear_pointer (&self->pages, g_hash_table_unref);

  g_mutex_lock (&self->mutex);
  g_clear_object (&self->bound);
  g_mutex_unlock (&self->mutex);
  arb_net_invoke_in (self->owner, G_OBJECT (self), notify_running_cb);
  return TRUE;
}

static void
arb_feed_server_dispose (GObject *object)
{
  ArbFeedServer *self = ARB_FEED_SERVER (object);

  if (self->feed != NULL)
    arb_net_worker_call (arb_feed_get_worker (self->feed), stop_in_worker, self, NULL);

  G_OBJECT_CLASS (arb_feed_server_parent_class)->dispose (object);
}

static void
arb_feed_server_finalize (GObject *object)
{
  ArbFeedServer *self = ARB_FEED_SERVER (object);

  g_clear_pointer (&self->connections, g_hash_table_unref);
  g_clear_pointer (&self->by_remote, g_hash_table_unref);
  g_clear_pointer (&self->watchers, g_hash_table_unref);
  g_clear_object (&self->bound);
  g_clear_object (&self->feed);
  g_clear_pointer (&self->owner, g_main_context_unref);
  g_free (self->address);
  g_free (self->token);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (arb_feed_server_parent_class)->finalize (object);
}

static void
arb_feed_server_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbFeedServer *self = ARB_FEED_SERVER (object);

  switch (prop_id)
    {
    case PROP_N_CONNECTIONS:
      g_value_set_uint (value, arb_feed_server_get_n_connections (self));
      break;
    case PROP_N_WATCHERS:
      g_value_set_uint (value, arb_feed_server_get_n_watchers (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, arb_feed_server_is_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_feed_server_class_init (ArbFeedServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_feed_server_dispose;
  object_class->finalize = arb_feed_server_finalize;
  object_class->get_property = arb_feed_server_get_property;

  properties[PROP_N_CONNECTIONS] =
    g_param_spec_uint ("n-connections", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_WATCHERS] =
    g_param_spec_uint ("n-watchers", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_feed_server_init (ArbFeedServer *self)
{
  g_mutex_init (&self->mutex);
  self->max_connections = ARB_FEED_SERVER_DEFAULT_MAX_CONNECTIONS;
  self->header_ms = arb_net_peer_deadline_ms (ARB_FEED_SERVER_HEADER_SECONDS * 1000);
  self->idle_ms = arb_net_peer_deadline_ms (ARB_FEED_SERVER_IDLE_SECONDS * 1000);
  self->owner = g_main_context_ref_thread_default ();
}

ArbFeedServer *
arb_feed_server_new (ArbFeed *feed)
{
  ArbFeedServer *self;

  g_return_val_if_fail (ARB_IS_FEED (feed), NULL);

  self = g_object_new (ARB_TYPE_FEED_SERVER, NULL);
  self->feed = g_object_ref (feed);
  return self;
}

void
arb_feed_server_set_address (ArbFeedServer *self, const char *address)
{
  g_return_if_fail (ARB_IS_FEED_SERVER (self));
  g_return_if_fail (!arb_feed_server_is_running (self));

  g_free (self->address);
  self->address = address != NULL && address[0] != '\0' ? g_strdup (address) : NULL;
}

void
arb_feed_server_set_port (ArbFeedServer *self, guint port)
{
  g_return_if_fail (ARB_IS_FEED_SERVER (self));
  g_return_if_fail (!arb_feed_server_is_running (self));
  self->port = port;
}

void
arb_feed_server_set_token (ArbFeedServer *self, const char *token)
{
  g_return_if_fail (ARB_IS_FEED_SERVER (self));
  g_return_if_fail (!arb_feed_server_is_running (self));

  g_free (self->token);
  self->token = token != NULL && token[0] != '\0' ? g_strdup (token) : NULL;
}

void
arb_feed_server_set_max_connections (ArbFeedServer *self, guint max_connections)
{
  g_return_if_fail (ARB_IS_FEED_SERVER (self));
  g_return_if_fail (!arb_feed_server_is_running (self));
  self->max_connections = MAX (max_connections, 1);
}

gboolean
arb_feed_server_start (ArbFeedServer *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), FALSE);
  return arb_net_worker_call (arb_feed_get_worker (self->feed), start_in_worker, self, error);
}

void
arb_feed_server_start_async (ArbFeedServer *self,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data)
{
  GTask *task;

  g_return_if_fail (ARB_IS_FEED_SERVER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arb_feed_server_start_async);
  arb_net_worker_call_async (arb_feed_get_worker (self->feed), start_in_worker, task);
}

gboolean
arb_feed_server_start_finish (ArbFeedServer *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
arb_feed_server_stop (ArbFeedServer *self)
{
  g_return_if_fail (ARB_IS_FEED_SERVER (self));
  arb_net_worker_call (arb_feed_get_worker (self->feed), stop_in_worker, self, NULL);
}

gboolean
arb_feed_server_is_running (ArbFeedServer *self)
{
  gboolean running;

  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), FALSE);

  g_mutex_lock (&self->mutex);
  running = self->bound != NULL;
  g_mutex_unlock (&self->mutex);
  return running;
}

ArbFeed *
arb_feed_server_get_feed (ArbFeedServer *self)
{
  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), NULL);
  return self->feed;
}

guint
arb_feed_server_get_port (ArbFeedServer *self)
{
  guint port = 0;

  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), 0);

  g_mutex_lock (&self->mutex);
  if (self->bound != NULL)
    port = g_inet_socket_address_get_port (self->bound);
  g_mutex_unlock (&self->mutex);
  return port;
}

/* An address of this computer that other machines of the network can
 * reach, for a server listening on every interface. */
static char *
network_address (GSocketFamily family)
{
  g_auto (GStrv) all = arb_net_peer_local_addresses (family);

  return all != NULL && all[0] != NULL ? g_strdup (all[0]) : NULL;
}

char *
arb_feed_server_dup_url (ArbFeedServer *self)
{
  g_autoptr (GInetSocketAddress) bound = NULL;
  g_autofree char *host = NULL;
  g_autoptr (GString) url = g_string_new ("http://");
  GInetAddress *inet;

  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), NULL);

  g_mutex_lock (&self->mutex);
  bound = self->bound != NULL ? g_object_ref (self->bound) : NULL;
  g_mutex_unlock (&self->mutex);
  if (bound == NULL)
    return NULL;

  inet = g_inet_socket_address_get_address (bound);
  if (g_inet_address_get_is_any (inet))
    {
      host = network_address (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV4
                                ? G_SOCKET_FAMILY_IPV4
                                : G_SOCKET_FAMILY_INVALID);
      if (host == NULL)
        host = g_strdup ("127.0.0.1");
    }
  else
    host = g_inet_address_to_string (inet);

  if (strchr (host, ':') != NULL)
    g_string_append_printf (url, "[%s]", host);
  else
    g_string_append (url, host);
  g_string_append_printf (url, ":%u/", g_inet_socket_address_get_port (bound));
  if (self->token != NULL)
    {
      g_autofree char *escaped = g_uri_escape_string (self->token, NULL, FALSE);

      g_string_append_printf (url, "?token=%s", escaped);
    }
  return g_string_free (g_steal_pointer (&url), FALSE);
}

guint
arb_feed_server_get_n_connections (ArbFeedServer *self)
{
  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->n_connections);
}

guint
arb_feed_server_get_n_watchers (ArbFeedServer *self)
{
  g_return_val_if_fail (ARB_IS_FEED_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->n_watchers);
}
