/* arb-pgn-file-source.c: a live PGN file, watched
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-pgn-file-source.h"

#include "arb-net-read.h"
#include "arb-source-pgn.h"
#include "arb-source-private.h"

/* Changes come in bursts (truncate, write, write…): one read after the
 * burst. */
#define CHANGE_DELAY_MS 40
/* As for a PGN at an address: a round of 500 games with clock comments is
 * far less, and a file that grows without end is read no further. */
#define FILE_MAX (64 * 1024 * 1024)

struct _ArbPgnFileSource
{
  ArbSource parent_instance;

  /* Worker thread only */
  GFile *file;
  GFileMonitor *monitor;
  GCancellable *cancellable;
  GSource *read_timer;
  GSource *poll_timer;
  gboolean reading;
  gboolean read_again; /* a change came while reading */
  guint torn;          /* torn reads in a row */
  gint64 seen_mtime;   /* of the last read, to notice a change by polling */
  goffset seen_size;
  gboolean done; /* read once, and finished */
};

G_DEFINE_FINAL_TYPE (ArbPgnFileSource, arb_pgn_file_source, ARB_TYPE_SOURCE)

static void read_file (ArbPgnFileSource *self);

static void
clear_timer (GSource **timer)
{
  if (*timer != NULL)
    {
      g_source_destroy (*timer);
      g_clear_pointer (timer, g_source_unref);
    }
}

static gboolean
read_timer_cb (gpointer data)
{
  ArbPgnFileSource *self = data;

  g_clear_pointer (&self->read_timer, g_source_unref);
  read_file (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_read (ArbPgnFileSource *self, guint ms)
{
  if (self->done || self->read_timer != NULL)
    return;
  self->read_timer = _arb_source_add_timeout (ARB_SOURCE (self), ms, read_timer_cb);
}

static void
changed_cb (GFileMonitor *monitor,
            GFile *file,
            GFile *other,
            GFileMonitorEvent event,
            ArbPgnFileSource *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED ||
      event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT || event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    return;
  schedule_read (self, CHANGE_DELAY_MS);
}

/* The file's size and time, to notice a change the monitor missed. */
static gboolean
stat_file (ArbPgnFileSource *self, gint64 *mtime, goffset *size)
{
  g_autoptr (GFileInfo) info =
    g_file_query_info (self->file,
                       G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC
                                                      "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                       G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return FALSE;
  *mtime = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) *
             G_USEC_PER_SEC +
           g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  *size = g_file_info_get_size (info);
  return TRUE;
}

static gboolean
poll_cb (gpointer data)
{
  ArbPgnFileSource *self = data;
  gint64 mtime = 0;
  goffset size = -1;

  if (!stat_file (self, &mtime, &size) || mtime != self->seen_mtime || size != self->seen_size ||
      _arb_source_get_worker_state (ARB_SOURCE (self)) != ARB_SOURCE_CONNECTED)
    schedule_read (self, 0);
  return G_SOURCE_CONTINUE;
}

static void
finish_once (ArbPgnFileSource *self, ArbSourceState state, const char *error)
{
  self->done = TRUE;
  clear_timer (&self->read_timer);
  clear_timer (&self->poll_timer);
  _arb_source_set_state (ARB_SOURCE (self), state, error);
}

/* What was read, or why not. */
static void
loaded (ArbPgnFileSource *self, GBytes *contents, const GError *error)
{
  ArbSource *source = ARB_SOURCE (self);
  gsize length = 0;
  const char *text;
  gboolean complete;
  GPtrArray *games;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->reading = FALSE;
  if (!_arb_source_is_running (source))
    return;

  if (error != NULL)
    {
      if (arb_source_get_once (source))
        finish_once (self, ARB_SOURCE_FAILED, error->message);
      else
        _arb_source_set_state (source, ARB_SOURCE_DISCONNECTED, error->message);
      self->seen_mtime = 0;
      self->seen_size = -1;
      return;
    }

  text = g_bytes_get_data (contents, &length);
  games = arb_source_pgn_read (text != NULL ? text : "", length, &complete);
  if (!complete)
    {
      /* Read in the middle of a write: nothing of it is taken, for a
       * text cut short may read as games the whole does not have. Again,
       * until it is whole. */
      g_ptr_array_unref (games);
      self->seen_mtime = 0;
      if (self->torn < ARB_PGN_FILE_TORN_RETRIES)
        {
          self->torn++;
          schedule_read (self, ARB_PGN_FILE_TORN_RETRY_MS);
          return;
        }
      self->torn = 0;
      if (arb_source_get_once (source))
        finish_once (self, ARB_SOURCE_FAILED, _arb_source_torn_error ());
      else
        _arb_source_set_state (source, ARB_SOURCE_DISCONNECTED, _arb_source_torn_error ());
      return;
    }
  self->torn = 0;
  _arb_source_set_state (source, ARB_SOURCE_CONNECTED, NULL);
  _arb_source_deliver (source, games);
  if (arb_source_get_once (source))
    {
      finish_once (self, ARB_SOURCE_STOPPED, NULL);
      return;
    }
  if (self->read_again)
    schedule_read (self, CHANGE_DELAY_MS);
}

static void
loaded_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr (ArbPgnFileSource) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) contents = arb_net_read_finish (result, &error);

  loaded (self, contents, error);
}

static void
opened_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr (ArbPgnFileSource) self = data;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GError) error = NULL;

  stream = g_file_read_finish (G_FILE (object), result, &error);
  if (stream == NULL)
    {
      loaded (self, NULL, error);
      return;
    }
  arb_net_read_async (G_INPUT_STREAM (stream), FILE_MAX, 0, self->cancellable, loaded_cb,
                      g_object_ref (self));
}

static void
read_file (ArbPgnFileSource *self)
{
  if (!_arb_source_is_running (ARB_SOURCE (self)) || self->done)
    return;
  if (self->reading)
    {
      self->read_again = TRUE;
      return;
    }
  self->reading = TRUE;
  self->read_again = FALSE;
  /* The time and size of what is read now: a later change shows. */
  if (!stat_file (self, &self->seen_mtime, &self->seen_size))
    {
      self->seen_mtime = 0;
      self->seen_size = -1;
    }
  g_file_read_async (self->file, G_PRIORITY_DEFAULT, self->cancellable, opened_cb,
                     g_object_ref (self));
}

static void
arb_pgn_file_source_start (ArbSource *source)
{
  ArbPgnFileSource *self = ARB_PGN_FILE_SOURCE (source);

  self->file = g_file_new_for_path (arb_source_get_uri (source));
  self->cancellable = g_cancellable_new ();
  self->done = FALSE;
  self->torn = 0;
  if (!arb_source_get_once (source))
    {
      /* Without a monitor (a file system that has none), polling alone. */
      self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
      if (self->monitor != NULL)
        {
          g_file_monitor_set_rate_limit (self->monitor, 0);
          g_signal_connect (self->monitor, "changed", G_CALLBACK (changed_cb), self);
        }
      self->poll_timer = g_timeout_source_new (arb_source_get_interval (source));
      g_source_set_static_name (self->poll_timer, "[arb-net] file poll");
      g_source_set_callback (self->poll_timer, poll_cb, self, NULL);
      g_source_attach (self->poll_timer, g_main_context_get_thread_default ());
    }
  read_file (self);
}

static void
arb_pgn_file_source_stop (ArbSource *source)
{
  ArbPgnFileSource *self = ARB_PGN_FILE_SOURCE (source);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_timer (&self->read_timer);
  clear_timer (&self->poll_timer);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->file);
  self->reading = FALSE;
}

static void
arb_pgn_file_source_class_init (ArbPgnFileSourceClass *klass)
{
  ArbSourceClass *source_class = ARB_SOURCE_CLASS (klass);

  source_class->start = arb_pgn_file_source_start;
  source_class->stop = arb_pgn_file_source_stop;
}

static void
arb_pgn_file_source_init (ArbPgnFileSource *self)
{
  self->seen_size = -1;
}

ArbSource *
_arb_pgn_file_source_new (ArbNetWorker *worker, const char *path)
{
  ArbSource *self = g_object_new (ARB_TYPE_PGN_FILE_SOURCE, NULL);

  _arb_source_setup (self, worker, path, ARB_SOURCE_PGN_FILE);
  return self;
}
