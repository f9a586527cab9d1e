/* arb-pgn-url-source.c: a live PGN at an address, polled
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-pgn-url-source.h"

#include <libsoup/soup.h>

#include "arb-i18n.h"
#include "arb-net-read.h"
#include "arb-source-pgn.h"
#include "arb-source-private.h"

/* The longest wait for one read, and for a whole request. */
#define REQUEST_TIMEOUT_SECONDS 20
#define REQUEST_DEADLINE_MS (60 * 1000)
/* A round of 500 games with clock comments is far less. */
#define BODY_MAX (64 * 1024 * 1024)
/* Redirections followed for one reading, all within the address's own
 * site (scheme, host and port): a PGN is never taken from another one. */
#define MAX_REDIRECTS 5
/* An answer cut short (the file was being written): read again soon, so
 * many times before it counts as a failure. */
#define TORN_RETRIES 20
#define TORN_RETRY_MS 200

struct _ArbPgnUrlSource
{
  ArbSource parent_instance;

  /* Worker thread only */
  SoupSession *session;
  GCancellable *cancellable;
  GSource *timer;
  char *etag;
  char *last_modified;
  guint failures;
  guint torn;

  /* Any thread */
  guint n_requests;     /* atomic */
  guint n_not_modified; /* atomic */
};

G_DEFINE_FINAL_TYPE (ArbPgnUrlSource, arb_pgn_url_source, ARB_TYPE_SOURCE)

static void send_request (ArbPgnUrlSource *self);
static void send_request_to (ArbPgnUrlSource *self, const char *uri, guint hops);

static void
clear_timer (ArbPgnUrlSource *self)
{
  if (self->timer != NULL)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
}

static gboolean
timer_cb (gpointer data)
{
  ArbPgnUrlSource *self = data;

  g_clear_pointer (&self->timer, g_source_unref);
  send_request (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (ArbPgnUrlSource *self, guint ms)
{
  clear_timer (self);
  self->timer = _arb_source_add_timeout (ARB_SOURCE (self), ms, timer_cb);
}

static void
failed (ArbPgnUrlSource *self, const char *why)
{
  ArbSource *source = ARB_SOURCE (self);

  if (arb_source_get_once (source))
    {
      _arb_source_set_state (source, ARB_SOURCE_FAILED, why);
      return;
    }
  self->failures++;
  _arb_source_set_state (source, ARB_SOURCE_DISCONNECTED, why);
  schedule (self, _arb_source_backoff_ms (source, self->failures));
}

static int
uri_port (GUri *uri)
{
  int port = g_uri_get_port (uri);

  if (port > 0)
    return port;
  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0 ? 443 : 80;
}

static gboolean
same_origin (GUri *a, GUri *b)
{
  return g_ascii_strcasecmp (g_uri_get_scheme (a), g_uri_get_scheme (b)) == 0 &&
         g_uri_get_host (a) != NULL && g_uri_get_host (b) != NULL &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0 &&
         uri_port (a) == uri_port (b);
}

/* An answer that sends the reader elsewhere: followed within the site,
 * refused to another one, or after too many. */
static void
redirected (ArbPgnUrlSource *self, SoupMessage *msg)
{
  const char *location =
    soup_message_headers_get_one (soup_message_get_response_headers (msg), "Location");
  guint hops = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (msg), "arb-hops"));
  g_autoptr (GUri) target = NULL;
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;

  if (location != NULL)
    target = g_uri_parse_relative (soup_message_get_uri (msg), location, SOUP_HTTP_URI_FLAGS, NULL);
  if (target == NULL)
    {
      /* Translators: an address answered with a redirection (HTTP %u,
       * such as 302) without a place to go. */
      why = g_strdup_printf (_ ("HTTP %u: a redirection without a valid Location"),
                             soup_message_get_status (msg));
      failed (self, why);
      return;
    }
  text = g_uri_to_string (target);
  if (!same_origin (soup_message_get_uri (msg), target))
    {
      /* Translators: a PGN address answered by sending the reader to
       * another site (%s is that address); it is not followed, for a
       * round's moves come from the address the arbiter gave. */
      why = g_strdup_printf (_ ("redirected to another site, %s: not followed"), text);
      failed (self, why);
      return;
    }
  if (hops >= MAX_REDIRECTS)
    {
      /* Translators: %u is the number of redirections followed. */
      why = g_strdup_printf (_ ("more than %u redirections: not followed"), MAX_REDIRECTS);
      failed (self, why);
      return;
    }
  send_request_to (self, text, hops + 1);
}

static void
sent_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr (SoupMessage) msg = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  ArbPgnUrlSource *self;
  ArbSource *source;
  SoupMessageHeaders *headers;
  gboolean complete;
  GPtrArray *games;
  guint status;
  gsize length = 0;
  const char *text;

  body = arb_net_fetch_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = g_object_get_data (G_OBJECT (msg), "arb-source");
  source = ARB_SOURCE (self);
  if (!_arb_source_is_running (source))
    return;

  if (body == NULL)
    {
      failed (self, error->message);
      return;
    }
  status = soup_message_get_status (msg);
  if (status == SOUP_STATUS_NOT_MODIFIED)
    {
      g_atomic_int_inc (&self->n_not_modified);
      self->failures = 0;
      _arb_source_set_state (source, ARB_SOURCE_CONNECTED, NULL);
      if (arb_source_get_once (source))
        _arb_source_set_state (source, ARB_SOURCE_STOPPED, NULL);
      else
        schedule (self, arb_source_get_interval (source));
      return;
    }
  if (SOUP_STATUS_IS_REDIRECTION (status))
    {
      redirected (self, msg);
      return;
    }
  if (status != SOUP_STATUS_OK)
    {
      g_autofree char *why = g_strdup_printf (
        "HTTP %u %s", status,
        soup_message_get_reason_phrase (msg) != NULL ? soup_message_get_reason_phrase (msg) : "");
      failed (self, g_strstrip (why));
      return;
    }
  text = g_bytes_get_data (body, &length);

  games = arb_source_pgn_read (text, length, &complete);
  self->failures = 0;
  headers = soup_message_get_response_headers (msg);
  if (!complete)
    {
      /* A server that sent a file while it was written: nothing of it is
       * taken, for a text cut short may read as games the whole does not
       * have. Ask again soon, without the validators of what was cut. */
      g_ptr_array_unref (games);
      g_clear_pointer (&self->etag, g_free);
      g_clear_pointer (&self->last_modified, g_free);
      if (self->torn++ < TORN_RETRIES)
        {
          schedule (self, TORN_RETRY_MS);
          return;
        }
      self->torn = 0;
      failed (self, _arb_source_torn_error ());
      return;
    }
  _arb_source_set_state (source, ARB_SOURCE_CONNECTED, NULL);
  _arb_source_deliver (source, games);
  g_free (self->etag);
  self->etag = g_strdup (soup_message_headers_get_one (headers, "ETag"));
  g_free (self->last_modified);
  self->last_modified = g_strdup (soup_message_headers_get_one (headers, "Last-Modified"));
  self->torn = 0;
  if (arb_source_get_once (source))
    _arb_source_set_state (source, ARB_SOURCE_STOPPED, NULL);
  else
    schedule (self, arb_source_get_interval (source));
}

static void
send_request (ArbPgnUrlSource *self)
{
  send_request_to (self, arb_source_get_uri (ARB_SOURCE (self)), 0);
}

/* Asks @uri, @hops redirections away from the source's address. */
static void
send_request_to (ArbPgnUrlSource *self, const char *uri, guint hops)
{
  ArbSource *source = ARB_SOURCE (self);
  SoupMessage *msg;
  SoupMessageHeaders *headers;

  if (!_arb_source_is_running (source))
    return;
  msg = soup_message_new (SOUP_METHOD_GET, uri);
  if (msg == NULL)
    {
      _arb_source_set_state (source, ARB_SOURCE_FAILED, "not an address libsoup can ask");
      return;
    }
  headers = soup_message_get_request_headers (msg);
  soup_message_headers_replace (headers, "Accept", "application/x-chess-pgn, text/plain, */*");
  if (self->etag != NULL)
    soup_message_headers_replace (headers, "If-None-Match", self->etag);
  if (self->last_modified != NULL)
    soup_message_headers_replace (headers, "If-Modified-Since", self->last_modified);
  /* Redirections are looked at here, not followed by libsoup. */
  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  g_object_set_data (G_OBJECT (msg), "arb-source", self);
  g_object_set_data (G_OBJECT (msg), "arb-hops", GUINT_TO_POINTER (hops));
  g_atomic_int_inc (&self->n_requests);
  arb_net_fetch_async (self->session, msg, BODY_MAX, arb_net_deadline_ms (REQUEST_DEADLINE_MS),
                       self->cancellable, sent_cb, msg);
}

static void
arb_pgn_url_source_start (ArbSource *source)
{
  ArbPgnUrlSource *self = ARB_PGN_URL_SOURCE (source);

  self->session = soup_session_new_with_options ("timeout", REQUEST_TIMEOUT_SECONDS, "user-agent",
                                                 "Arbiter/" PACKAGE_VERSION, NULL);
  self->cancellable = g_cancellable_new ();
  self->failures = 0;
  self->torn = 0;
  send_request (self);
}

static void
arb_pgn_url_source_stop (ArbSource *source)
{
  ArbPgnUrlSource *self = ARB_PGN_URL_SOURCE (source);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_timer (self);
  if (self->session != NULL)
    soup_session_abort (self->session);
  g_clear_object (&self->session);
}

static void
arb_pgn_url_source_finalize (GObject *object)
{
  ArbPgnUrlSource *self = ARB_PGN_URL_SOURCE (object);

  g_free (self->etag);
  g_free (self->last_modified);

  G_OBJECT_CLASS (arb_pgn_url_source_parent_class)->finalize (object);
}

static void
arb_pgn_url_source_class_init (ArbPgnUrlSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ArbSourceClass *source_class = ARB_SOURCE_CLASS (klass);

  object_class->finalize = arb_pgn_url_source_finalize;
  source_class->start = arb_pgn_url_source_start;
  source_class->stop = arb_pgn_url_source_stop;
}

static void
arb_pgn_url_source_init (ArbPgnUrlSource *self)
{
}

ArbSource *
_arb_pgn_url_source_new (ArbNetWorker *worker, const char *uri)
{
  ArbSource *self = g_object_new (ARB_TYPE_PGN_URL_SOURCE, NULL);

  _arb_source_setup (self, worker, uri, ARB_SOURCE_PGN_URL);
  return self;
}

guint
arb_pgn_url_source_get_n_requests (ArbPgnUrlSource *self)
{
  g_return_val_if_fail (ARB_IS_PGN_URL_SOURCE (self), 0);
  return (guint) g_atomic_int_get (&self->n_requests);
}

guint
arb_pgn_url_source_get_n_not_modified (ArbPgnUrlSource *self)
{
  g_return_val_if_fail (ARB_IS_PGN_URL_SOURCE (self), 0);
  return (guint) g_atomic_int_get (&self->n_not_modified);
}
