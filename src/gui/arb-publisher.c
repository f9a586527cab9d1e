/* arb-publisher.c: the window's publishing, the hall's screens and lichess
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-publisher"

#include "config.h"

#include "arb-publisher.h"

#include "arb-i18n.h"

struct _ArbPublisher
{
  GObject parent_instance;

  char *path;
  guint delay_minutes;

  ArbNetWorker *worker;
  ArbFeed *feed;
  gboolean feed_starting;
  gboolean feed_started;
  GCancellable *cancellable; /* of the starts under way */

  /* The feed server, and what starting it needs once the feed runs. */
  ArbFeedServer *server;
  gboolean want_serving;
  gboolean serving;
  char *url;
  char *error;

  /* The lichess push. */
  ArbLichessPush *push;
  gboolean want_push;
  ArbLichessReport *report;
};

G_DEFINE_FINAL_TYPE (ArbPublisher, arb_publisher, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SERVING,
  PROP_URL,
  PROP_N_CLIENTS,
  PROP_ERROR,
  PROP_PUSH_STATE,
  PROP_PUSH_REPORT,
  PROP_LAST_SUCCESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_error (ArbPublisher *self, const char *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* The feed, made when a first service starts. */
static void
ensure_feed (ArbPublisher *self)
{
  if (self->worker == NULL)
    self->worker = arb_net_worker_new ();
  if (self->feed == NULL)
    {
      self->feed = arb_feed_new (self->worker, self->path, 0);
      arb_feed_set_delay (self->feed, self->delay_minutes * 60);
      self->feed_started = FALSE;
    }
  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();
}

/* The feed goes when nothing uses it: its connection to the file with it. */
static void
drop_feed_if_unused (ArbPublisher *self)
{
  if (self->server != NULL || self->push != NULL || self->feed == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  arb_feed_stop (self->feed);
  g_clear_object (&self->feed);
  self->feed_starting = FALSE;
  self->feed_started = FALSE;
}

static void
n_connections_cb (ArbFeedServer *server, GParamSpec *pspec, ArbPublisher *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CLIENTS]);
}

static void
server_started_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbFeedServer *server = ARB_FEED_SERVER (source);
  g_autoptr (ArbPublisher) self = data;
  g_autoptr (GError) error = NULL;

  if (!arb_feed_server_start_finish (server, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->server != server)
        return;
      self->want_serving = FALSE;
      g_signal_handlers_disconnect_by_data (server, self);
      g_clear_object (&self->server);
      set_error (self, error->message);
      drop_feed_if_unused (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVING]);
      return;
    }
  if (self->server != server)
    return;
  self->serving = TRUE;
  g_free (self->url);
  self->url = arb_feed_server_dup_url (server);
  set_error (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVING]);
}

static void
push_state_cb (ArbLichessPush *push, GParamSpec *pspec, ArbPublisher *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUSH_STATE]);
}

static void
push_success_cb (ArbLichessPush *push, GParamSpec *pspec, ArbPublisher *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_SUCCESS]);
}

static void
reported_cb (ArbLichessPush *push, ArbLichessReport *report, ArbPublisher *self)
{
  g_clear_pointer (&self->report, arb_lichess_report_free);
  self->report = arb_lichess_report_copy (report);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUSH_REPORT]);
}

static void
start_waiting_services (ArbPublisher *self)
{
  if (self->want_serving && self->server != NULL && !self->serving)
    arb_feed_server_start_async (self->server, self->cancellable, server_started_cb,
                                 g_object_ref (self));
  if (self->want_push && self->push != NULL)
    {
      g_autoptr (GError) error = NULL;

      self->want_push = FALSE;
      if (!arb_lichess_push_start (self->push, &error))
        set_error (self, error->message);
    }
}

static void
feed_started_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbFeed *feed = ARB_FEED (source);
  g_autoptr (ArbPublisher) self = data;
  g_autoptr (GError) error = NULL;

  if (!arb_feed_start_finish (feed, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->feed != feed)
        return;
      self->feed_starting = FALSE;
      set_error (self, error->message);
      arb_publisher_stop_serving (self);
      arb_publisher_stop_push (self);
      return;
    }
  if (self->feed != feed)
    return;
  self->feed_starting = FALSE;
  self->feed_started = TRUE;
  start_waiting_services (self);
}

static void
start_feed (ArbPublisher *self)
{
  if (self->feed_started)
    start_waiting_services (self);
  else if (!self->feed_starting)
    {
      self->feed_starting = TRUE;
      arb_feed_start_async (self->feed, self->cancellable, feed_started_cb, g_object_ref (self));
    }
}

static void
arb_publisher_dispose (GObject *object)
{
  ArbPublisher *self = ARB_PUBLISHER (object);

  arb_publisher_set_file (self, NULL);
  g_clear_object (&self->worker);

  G_OBJECT_CLASS (arb_publisher_parent_class)->dispose (object);
}

static void
arb_publisher_finalize (GObject *object)
{
  ArbPublisher *self = ARB_PUBLISHER (object);

  g_free (self->path);
  g_free (self->url);
  g_free (self->error);
  g_clear_pointer (&self->report, arb_lichess_report_free);

  G_OBJECT_CLASS (arb_publisher_parent_class)->finalize (object);
}

static void
arb_publisher_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbPublisher *self = ARB_PUBLISHER (object);

  switch (prop_id)
    {
    case PROP_SERVING:
      g_value_set_boolean (value, self->serving);
      break;
    case PROP_URL:
      g_value_set_string (value, arb_publisher_get_url (self));
      break;
    case PROP_N_CLIENTS:
      g_value_set_uint (value, arb_publisher_get_n_clients (self));
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    case PROP_PUSH_STATE:
      g_value_set_int (value, (int) arb_publisher_get_push_state (self));
      break;
    case PROP_PUSH_REPORT:
      g_value_set_boxed (value, self->report);
      break;
    case PROP_LAST_SUCCESS:
      g_value_set_int64 (value, arb_publisher_get_last_success (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_publisher_class_init (ArbPublisherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = arb_publisher_dispose;
  object_class->finalize = arb_publisher_finalize;
  object_class->get_property = arb_publisher_get_property;

  properties[PROP_SERVING] = g_param_spec_boolean ("serving", NULL, NULL, FALSE, flags);
  properties[PROP_URL] = g_param_spec_string ("url", NULL, NULL, NULL, flags);
  properties[PROP_N_CLIENTS] = g_param_spec_uint ("n-clients", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, flags);
  properties[PROP_PUSH_STATE] =
    g_param_spec_int ("push-state", NULL, NULL, ARB_LICHESS_PUSH_IDLE,
                      ARB_LICHESS_PUSH_UNAUTHORIZED, ARB_LICHESS_PUSH_IDLE, flags);
  properties[PROP_PUSH_REPORT] =
    g_param_spec_boxed ("push-report", NULL, NULL, ARB_TYPE_LICHESS_REPORT, flags);
  properties[PROP_LAST_SUCCESS] =
    g_param_spec_int64 ("last-success", NULL, NULL, 0, G_MAXINT64, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_publisher_init (ArbPublisher *self)
{
}

ArbPublisher *
arb_publisher_new (void)
{
  return g_object_new (ARB_TYPE_PUBLISHER, NULL);
}

void
arb_publisher_set_file (ArbPublisher *self, const char *path)
{
  g_return_if_fail (ARB_IS_PUBLISHER (self));

  if (g_strcmp0 (self->path, path) == 0 && path != NULL)
    return;
  arb_publisher_stop_serving (self);
  arb_publisher_stop_push (self);
  drop_feed_if_unused (self);
  g_free (self->path);
  self->path = g_strdup (path);
  set_error (self, NULL);
}

const char *
arb_publisher_get_file (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), NULL);
  return self->path;
}

void
arb_publisher_set_delay (ArbPublisher *self, guint minutes)
{
  g_return_if_fail (ARB_IS_PUBLISHER (self));

  self->delay_minutes = MIN (minutes, ARB_FEED_MAX_DELAY_SECONDS / 60);
  if (self->feed != NULL)
    arb_feed_set_delay (self->feed, self->delay_minutes * 60);
}

guint
arb_publisher_get_delay (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), 0);
  return self->delay_minutes;
}

void
arb_publisher_start_serving (ArbPublisher *self, const char *address, guint port, const char *token)
{
  g_return_if_fail (ARB_IS_PUBLISHER (self));

  if (self->server != NULL)
    return;
  if (self->path == NULL)
    {
      set_error (self, _ ("No tournament is open"));
      return;
    }
  ensure_feed (self);
  self->server = arb_feed_server_new (self->feed);
  arb_feed_server_set_address (self->server, address);
  arb_feed_server_set_port (self->server, port);
  arb_feed_server_set_token (self->server, token);
  g_signal_connect (self->server, "notify::n-connections", G_CALLBACK (n_connections_cb), self);
  self->want_serving = TRUE;
  set_error (self, NULL);
  start_feed (self);
}

void
arb_publisher_stop_serving (ArbPublisher *self)
{
  gboolean was_serving;

  g_return_if_fail (ARB_IS_PUBLISHER (self));

  if (self->server == NULL)
    return;
  was_serving = self->serving;
  self->want_serving = FALSE;
  self->serving = FALSE;
  g_signal_handlers_disconnect_by_data (self->server, self);
  arb_feed_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->url, g_free);
  drop_feed_if_unused (self);
  if (was_serving)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URL]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CLIENTS]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVING]);
}

gboolean
arb_publisher_is_serving (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), FALSE);
  return self->serving;
}

const char *
arb_publisher_get_url (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), NULL);
  return self->serving ? self->url : NULL;
}

guint
arb_publisher_get_n_clients (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), 0);
  return self->serving ? arb_feed_server_get_n_connections (self->server) : 0;
}

const char *
arb_publisher_get_error (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), NULL);
  return self->error;
}

gboolean
arb_publisher_start_push (ArbPublisher *self,
                          const char *base_url,
                          const char *round_id,
                          const char *token,
                          GError **error)
{
  g_autofree char *stripped = NULL;
  g_auto (GStrv) round_ids = arb_lichess_round_ids_split (round_id);

  g_return_val_if_fail (ARB_IS_PUBLISHER (self), FALSE);

  /* A push lichess stopped (a refused token) gives way to a new one. */
  if (self->push != NULL &&
      arb_lichess_push_get_state (self->push) == ARB_LICHESS_PUSH_UNAUTHORIZED)
    arb_publisher_stop_push (self);
  if (self->push != NULL)
    return TRUE;
  if (self->path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("No tournament is open"));
      return FALSE;
    }
  /* One id a hundred boards, apart at spaces or commas. */
  for (guint i = 0; i == 0 || round_ids[i] != NULL; i++)
    if (!arb_lichess_round_id_is_valid (round_ids[i]))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _ ("“%s” is not the id of a lichess broadcast round: the eight letters and "
                        "digits at the end of the round’s address"),
                     round_ids[i] != NULL ? round_ids[i] : "");
        return FALSE;
      }
  stripped = g_strstrip (g_strdup (token != NULL ? token : ""));
  if (stripped[0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _ ("A lichess API token with the study:write scope is needed"));
      return FALSE;
    }
  ensure_feed (self);
  self->push = arb_lichess_push_new (self->feed);
  arb_lichess_push_set_base_url (self->push, base_url);
  arb_lichess_push_set_round_ids (self->push, (const char *const *) round_ids);
  arb_lichess_push_set_token (self->push, token);
  g_signal_connect (self->push, "notify::state", G_CALLBACK (push_state_cb), self);
  g_signal_connect (self->push, "notify::last-success", G_CALLBACK (push_success_cb), self);
  g_signal_connect (self->push, "reported", G_CALLBACK (reported_cb), self);
  g_clear_pointer (&self->report, arb_lichess_report_free);
  self->want_push = TRUE;
  start_feed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUSH_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUSH_REPORT]);
  return TRUE;
}

void
arb_publisher_stop_push (ArbPublisher *self)
{
  g_return_if_fail (ARB_IS_PUBLISHER (self));

  if (self->push == NULL)
    return;
  self->want_push = FALSE;
  g_signal_handlers_disconnect_by_data (self->push, self);
  arb_lichess_push_stop (self->push);
  g_clear_object (&self->push);
  drop_feed_if_unused (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUSH_STATE]);
}

ArbLichessPushState
arb_publisher_get_push_state (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), ARB_LICHESS_PUSH_IDLE);
  return self->push != NULL ? arb_lichess_push_get_state (self->push) : ARB_LICHESS_PUSH_IDLE;
}

const ArbLichessReport *
arb_publisher_get_push_report (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), NULL);
  return self->report;
}

gint64
arb_publisher_get_last_success (ArbPublisher *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISHER (self), 0);
  return self->push != NULL ? arb_lichess_push_get_last_success (self->push) : 0;
}
