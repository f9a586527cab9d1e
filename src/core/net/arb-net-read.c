/* arb-net-read.c: reading a body from outside, within a size and a time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-net-read.h"

#include "arb-i18n.h"
#include "arb-net-peer.h"

/* Read at a time: a round's PGN comes in a few of these. */
#define CHUNK_BYTES (64 * 1024)

typedef struct
{
  SoupSession *session; /* NULL when reading a stream */
  SoupMessage *msg;
  GInputStream *stream;
  GCancellable *inner; /* cancels the request; owned */
  GCancellable *outer; /* the caller's */
  gulong outer_id;
  GSource *timer;
  GByteArray *buffer;
  gsize max_bytes;
  guint deadline_ms;
  gboolean timed_out;
} Reading;

static void
reading_free (gpointer data)
{
  Reading *r = data;

  if (r->timer != NULL)
    {
      g_source_destroy (r->timer);
      g_source_unref (r->timer);
    }
  if (r->outer_id != 0)
    g_cancellable_disconnect (r->outer, r->outer_id);
  g_clear_object (&r->outer);
  g_clear_object (&r->stream);
  g_clear_object (&r->msg);
  g_clear_object (&r->session);
  g_clear_object (&r->inner);
  g_clear_pointer (&r->buffer, g_byte_array_unref);
  g_free (r);
}

guint
arb_net_deadline_ms (guint deadline_ms)
{
  return arb_net_env_ms (ARB_NET_DEADLINE_ENV, deadline_ms);
}

static GError *
too_large_error (gsize max_bytes)
{
  g_autofree char *size = g_format_size (max_bytes);

  /* Translators: why a PGN, a file or an answer from a server was not
   * read: it is longer than %s (a size, such as “64.0 MB”). Reading
   * stopped there. */
  return g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, _ ("too large: more than %s"),
                      size);
}

static GError *
too_slow_error (guint deadline_ms)
{
  guint seconds = (deadline_ms + 999) / 1000;

  return g_error_new (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                      /* Translators: why an answer from a server was given
                       * up: it did not come in whole within %u seconds. */
                      ngettext ("too slow: not complete within %u second",
                                "too slow: not complete within %u seconds", seconds),
                      seconds);
}

/* Ends the request with ERROR (taken), after stopping what it still
 * does: a server that sends forever must not be read on. */
static void
fail (GTask *task, GError *error)
{
  Reading *r = g_task_get_task_data (task);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && r->timed_out &&
      !g_cancellable_is_cancelled (r->outer))
    {
      g_error_free (error);
      error = too_slow_error (r->deadline_ms);
    }
  g_cancellable_cancel (r->inner);
  /* libsoup would read the rest of the body to keep the connection:
   * every connection of the session is closed instead. The sessions of
   * this layer have one request at a time. */
  if (r->session != NULL)
    soup_session_abort (r->session);
  g_task_return_error (task, error);
  g_object_unref (task);
}

static void read_next (GTask *task);

static void
read_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GTask *task = data;
  Reading *r = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes =
    g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);

  if (bytes == NULL)
    {
      fail (task, g_steal_pointer (&error));
      return;
    }
  if (g_bytes_get_size (bytes) == 0)
    {
      g_task_return_pointer (task, g_byte_array_free_to_bytes (g_steal_pointer (&r->buffer)),
                             (GDestroyNotify) g_bytes_unref);
      g_object_unref (task);
      return;
    }
  if (g_bytes_get_size (bytes) > r->max_bytes - r->buffer->len)
    {
      fail (task, too_large_error (r->max_bytes));
      return;
    }
  g_byte_array_append (r->buffer, g_bytes_get_data (bytes, NULL), (guint) g_bytes_get_size (bytes));
  read_next (task);
}

static void
read_next (GTask *task)
{
  Reading *r = g_task_get_task_data (task);
  /* One byte past the cap is enough to know it is passed. */
  gsize want = MIN ((gsize) CHUNK_BYTES, r->max_bytes - r->buffer->len + 1);

  g_input_stream_read_bytes_async (r->stream, want, G_PRIORITY_DEFAULT, r->inner, read_cb, task);
}

static void
sent_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GTask *task = data;
  Reading *r = g_task_get_task_data (task);
  GError *error = NULL;
  SoupMessageHeaders *headers;

  r->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (r->stream == NULL)
    {
      fail (task, error);
      return;
    }
  headers = soup_message_get_response_headers (r->msg);
  if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
      soup_message_headers_get_content_length (headers) > (goffset) r->max_bytes)
    {
      fail (task, too_large_error (r->max_bytes));
      return;
    }
  read_next (task);
}

static gboolean
deadline_cb (gpointer data)
{
  Reading *r = g_task_get_task_data (data);

  r->timed_out = TRUE;
  g_cancellable_cancel (r->inner);
  g_clear_pointer (&r->timer, g_source_unref);
  return G_SOURCE_REMOVE;
}

static void
outer_cancelled_cb (GCancellable *outer, gpointer data)
{
  g_cancellable_cancel (data);
}

static GTask *
reading_new (gsize max_bytes,
             guint deadline_ms,
             GCancellable *cancellable,
             GAsyncReadyCallback callback,
             gpointer user_data,
             gpointer tag)
{
  GTask *task = g_task_new (NULL, NULL, callback, user_data);
  Reading *r = g_new0 (Reading, 1);

  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, r, reading_free);
  r->inner = g_cancellable_new ();
  r->buffer = g_byte_array_new ();
  r->max_bytes = MIN (max_bytes, (gsize) G_MAXUINT - CHUNK_BYTES);
  r->deadline_ms = deadline_ms;
  if (cancellable != NULL)
    {
      r->outer = g_object_ref (cancellable);
      r->outer_id = g_cancellable_connect (cancellable, G_CALLBACK (outer_cancelled_cb),
                                           g_object_ref (r->inner), g_object_unref);
    }
  if (deadline_ms > 0)
    {
      r->timer = g_timeout_source_new (deadline_ms);
      g_source_set_static_name (r->timer, "[arb-net] request deadline");
      g_source_set_callback (r->timer, deadline_cb, task, NULL);
      g_source_attach (r->timer, g_main_context_get_thread_default ());
    }
  return task;
}

void
arb_net_read_async (GInputStream *stream,
                    gsize max_bytes,
                    guint deadline_ms,
                    GCancellable *cancellable,
                    GAsyncReadyCallback callback,
                    gpointer user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_INPUT_STREAM (stream));

  task = reading_new (max_bytes, deadline_ms, cancellable, callback, user_data, arb_net_read_async);
  ((Reading *) g_task_get_task_data (task))->stream = g_object_ref (stream);
  read_next (task);
}

GBytes *
arb_net_read_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
arb_net_fetch_async (SoupSession *session,
                     SoupMessage *msg,
                     gsize max_bytes,
                     guint deadline_ms,
                     GCancellable *cancellable,
                     GAsyncReadyCallback callback,
                     gpointer user_data)
{
  GTask *task;
  Reading *r;

  g_return_if_fail (SOUP_IS_SESSION (session));
  g_return_if_fail (SOUP_IS_MESSAGE (msg));

  task =
    reading_new (max_bytes, deadline_ms, cancellable, callback, user_data, arb_net_fetch_async);
  r = g_task_get_task_data (task);
  r->session = g_object_ref (session);
  r->msg = g_object_ref (msg);
  soup_session_send_async (session, msg, G_PRIORITY_DEFAULT, r->inner, sent_cb, task);
}

GBytes *
arb_net_fetch_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
