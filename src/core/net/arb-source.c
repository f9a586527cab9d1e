/* arb-source.c: a source of moves for a round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-source-private.h"

#include <string.h>

#include "arb-i18n.h"

typedef struct
{
  /* Set at construction */
  ArbNetWorker *worker;
  GMainContext *owner;
  char *uri;
  ArbSourceKind kind;

  /* Settings, before start */
  guint interval_ms;
  guint settle_ms;
  guint backoff_first_ms;
  guint backoff_max_ms;
  gboolean once;

  /* Worker thread only */
  gboolean running;
  GHashTable *delivered; /* key → ArbSourceGame last delivered */

  /* Owner thread only: the state as the owner has heard of it, in order
   * with the games delivered before and after it. The worker's own state
   * runs ahead of it (a PGN read once is connected, its games delivered
   * and stopped before the owner has merged anything): whoever decides on
   * the state in the owner's thread must see the one that comes after the
   * games it has been told of. */
  gboolean stopped;
  ArbSourceState seen_state;
  gint64 seen_since_us;
  char *seen_error;

  /* Any thread, under mutex: the worker's state */
  GMutex mutex;
  ArbSourceState state;
  gint64 since_us;
  gint64 last_read_us;
  char *error;
} ArbSourcePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ArbSource, arb_source, G_TYPE_OBJECT)

/* clang-format off */
G_DEFINE_QUARK (arb-source-error-quark, arb_source_error)
/* clang-format on */

enum
{
  GAMES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arb_source_finalize (GObject *object)
{
  ArbSource *self = ARB_SOURCE (object);
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_clear_object (&priv->worker);
  g_clear_pointer (&priv->owner, g_main_context_unref);
  g_clear_pointer (&priv->delivered, g_hash_table_unref);
  g_free (priv->uri);
  g_free (priv->error);
  g_free (priv->seen_error);
  g_mutex_clear (&priv->mutex);

  G_OBJECT_CLASS (arb_source_parent_class)->finalize (object);
}

static void
arb_source_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbSource *self = ARB_SOURCE (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, arb_source_get_state (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_source_class_init (ArbSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_source_finalize;
  object_class->get_property = arb_source_get_property;

  /**
   * ArbSource:state:
   *
   * The ArbSourceState (as an int); notified in the owner's thread.
   */
  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, 0, ARB_SOURCE_FAILED, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArbSource::games:
   * @games: (element-type ArbSourceGame): the games that changed
   */
  signals[GAMES] = g_signal_new ("games", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
}

static void
arb_source_init (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_mutex_init (&priv->mutex);
  priv->owner = g_main_context_ref_thread_default ();
  priv->interval_ms = ARB_SOURCE_DEFAULT_INTERVAL_MS;
  priv->settle_ms = 2500;
  priv->backoff_first_ms = ARB_SOURCE_DEFAULT_BACKOFF_FIRST_MS;
  priv->backoff_max_ms = ARB_SOURCE_DEFAULT_BACKOFF_MAX_MS;
  priv->delivered =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) arb_source_game_unref);
}

/* Addresses */

static gboolean
address_error (GError **error, const char *uri, const char *why)
{
  g_set_error (error, ARB_SOURCE_ERROR, ARB_SOURCE_ERROR_ADDRESS, "%s: %s", uri, why);
  return FALSE;
}

gboolean
arb_source_parse_uri (const char *uri, ArbSourceKind *kind, GError **error)
{
  g_autoptr (GUri) parsed = NULL;
  const char *scheme;

  g_return_val_if_fail (uri != NULL, FALSE);

  if (uri[0] == '\0')
    /* Translators: shown after the address given and a colon */
    return address_error (error, uri, _ ("an empty address"));
  if (strstr (uri, "://") == NULL)
    {
      /* A path of a file. */
      if (kind != NULL)
        *kind = ARB_SOURCE_PGN_FILE;
      return TRUE;
    }
  parsed = g_uri_parse (uri, G_URI_FLAGS_NONE, NULL);
  if (parsed == NULL)
    /* Translators: shown after the address given and a colon */
    return address_error (error, uri, _ ("not an address"));
  scheme = g_uri_get_scheme (parsed);
  if (g_ascii_strcasecmp (scheme, "file") == 0)
    {
      if (kind != NULL)
        *kind = ARB_SOURCE_PGN_FILE;
      return TRUE;
    }
  if (g_uri_get_host (parsed) == NULL || g_uri_get_host (parsed)[0] == '\0')
    /* Translators: shown after the address given and a colon */
    return address_error (error, uri, _ ("the address names no host"));
  if (g_ascii_strcasecmp (scheme, "http") == 0 || g_ascii_strcasecmp (scheme, "https") == 0)
    {
      if (kind != NULL)
        *kind = ARB_SOURCE_PGN_URL;
      return TRUE;
    }
  if (g_ascii_strcasecmp (scheme, "livechess") == 0 || g_ascii_strcasecmp (scheme, "ws") == 0 ||
      g_ascii_strcasecmp (scheme, "wss") == 0)
    {
      if (kind != NULL)
        *kind = ARB_SOURCE_LIVECHESS;
      return TRUE;
    }
  return address_error (
    /* Translators: shown after the address given and a colon */
    error, uri, _ ("not a source of moves (livechess://HOST[:PORT], http://…, a PGN file)"));
}

ArbSource *
arb_source_new (ArbNetWorker *worker, const char *uri, GError **error)
{
  ArbSource *self = NULL;
  ArbSourceKind kind;

  g_return_val_if_fail (ARB_IS_NET_WORKER (worker), NULL);
  g_return_val_if_fail (uri != NULL, NULL);

  if (!arb_source_parse_uri (uri, &kind, error))
    return NULL;
  switch (kind)
    {
    case ARB_SOURCE_LIVECHESS:
      self = _arb_livechess_source_new (worker, uri);
      break;
    case ARB_SOURCE_PGN_URL:
      self = _arb_pgn_url_source_new (worker, uri);
      break;
    case ARB_SOURCE_PGN_FILE:
      {
        /* A file is named by its absolute path, wherever the program was
         * started. */
        g_autoptr (GFile) file = g_file_new_for_commandline_arg (uri);
        g_autofree char *path = g_file_get_path (file);

        if (path == NULL)
          {
            /* Translators: shown after the address given and a colon */
            address_error (error, uri, _ ("not a local file"));
            return NULL;
          }
        self = _arb_pgn_file_source_new (worker, path);
        break;
      }
    default:
      g_assert_not_reached ();
    }
  return self;
}

void
_arb_source_setup (ArbSource *self, ArbNetWorker *worker, const char *uri, ArbSourceKind kind)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  priv->worker = g_object_ref (worker);
  priv->uri = g_strdup (uri);
  priv->kind = kind;
}

const char *
arb_source_get_uri (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), NULL);
  return priv->uri;
}

ArbSourceKind
arb_source_get_kind (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), ARB_SOURCE_PGN_FILE);
  return priv->kind;
}

ArbNetWorker *
arb_source_get_worker (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), NULL);
  return priv->worker;
}

/* Settings */

void
arb_source_set_interval (ArbSource *self, guint interval_ms)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));
  /* Read by the worker at each reading: a change takes effect at the next. */
  g_atomic_int_set (&priv->interval_ms,
                    interval_ms > 0 ? interval_ms : ARB_SOURCE_DEFAULT_INTERVAL_MS);
}

guint
arb_source_get_interval (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), 0);
  return (guint) g_atomic_int_get (&priv->interval_ms);
}

void
arb_source_set_settle (ArbSource *self, guint settle_ms)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));
  priv->settle_ms = settle_ms;
}

guint
arb_source_get_settle (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), 0);
  return priv->settle_ms;
}

void
arb_source_set_backoff (ArbSource *self, guint first_ms, guint max_ms)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));
  priv->backoff_first_ms = MAX (first_ms, 1);
  priv->backoff_max_ms = MAX (max_ms, priv->backoff_first_ms);
}

void
arb_source_set_once (ArbSource *self, gboolean once)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));
  priv->once = once;
}

gboolean
arb_source_get_once (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), FALSE);
  return priv->once;
}

/* Running */

static gboolean
start_cb (gpointer data)
{
  ArbSource *self = data;
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  if (priv->running)
    return G_SOURCE_REMOVE;
  priv->running = TRUE;
  _arb_source_set_state (self, ARB_SOURCE_CONNECTING, NULL);
  ARB_SOURCE_GET_CLASS (self)->start (self);
  return G_SOURCE_REMOVE;
}

void
arb_source_start (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));

  priv->stopped = FALSE;
  /* Connecting from now on, as the owner sees it: not stopped any more. */
  priv->seen_state = ARB_SOURCE_CONNECTING;
  priv->seen_since_us = g_get_real_time ();
  g_clear_pointer (&priv->seen_error, g_free);
  g_mutex_lock (&priv->mutex);
  priv->state = ARB_SOURCE_CONNECTING;
  priv->since_us = priv->seen_since_us;
  g_clear_pointer (&priv->error, g_free);
  g_mutex_unlock (&priv->mutex);
  arb_net_worker_invoke (priv->worker, start_cb, g_object_ref (self), g_object_unref);
}

static gboolean
stop_call (gpointer data, GError **error)
{
  ArbSource *self = data;
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  if (priv->running)
    {
      priv->running = FALSE;
      ARB_SOURCE_GET_CLASS (self)->stop (self);
    }
  g_hash_table_remove_all (priv->delivered);
  return TRUE;
}

void
arb_source_stop (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_if_fail (ARB_IS_SOURCE (self));

  priv->stopped = TRUE;
  arb_net_worker_call (priv->worker, stop_call, self, NULL);
  g_mutex_lock (&priv->mutex);
  if (priv->state != ARB_SOURCE_FAILED)
    priv->state = ARB_SOURCE_STOPPED;
  g_mutex_unlock (&priv->mutex);
  /* Nothing more is delivered: what the owner sees is final. */
  if (priv->seen_state != ARB_SOURCE_FAILED)
    priv->seen_state = ARB_SOURCE_STOPPED;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

ArbSourceState
arb_source_get_state (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), ARB_SOURCE_STOPPED);
  return priv->seen_state;
}

ArbSourceState
_arb_source_get_worker_state (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  ArbSourceState state;

  g_mutex_lock (&priv->mutex);
  state = priv->state;
  g_mutex_unlock (&priv->mutex);
  return state;
}

gint64
arb_source_get_since (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), 0);
  return priv->seen_since_us;
}

gint64
arb_source_get_last_read (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  gint64 last;

  g_return_val_if_fail (ARB_IS_SOURCE (self), 0);

  g_mutex_lock (&priv->mutex);
  last = priv->last_read_us;
  g_mutex_unlock (&priv->mutex);
  return last;
}

char *
arb_source_dup_error (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  g_return_val_if_fail (ARB_IS_SOURCE (self), NULL);
  return g_strdup (priv->seen_error);
}

/* Deliveries to the owner, in order */

typedef struct
{
  ArbSource *self;
  GPtrArray *games; /* NULL: the state changed to the one below */
  ArbSourceState state;
  gint64 since_us;
  char *error;
} Delivery;

static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;
  ArbSourcePrivate *priv = arb_source_get_instance_private (delivery->self);

  if (priv->stopped)
    return G_SOURCE_REMOVE;
  if (delivery->games == NULL)
    {
      priv->seen_state = delivery->state;
      priv->seen_since_us = delivery->since_us;
      g_free (priv->seen_error);
      priv->seen_error = g_steal_pointer (&delivery->error);
      g_object_notify_by_pspec (G_OBJECT (delivery->self), properties[PROP_STATE]);
    }
  else
    g_signal_emit (delivery->self, signals[GAMES], 0, delivery->games);
  return G_SOURCE_REMOVE;
}

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  g_object_unref (delivery->self);
  g_clear_pointer (&delivery->games, g_ptr_array_unref);
  g_free (delivery->error);
  g_free (delivery);
}

/* In order: the owner hears of games and states as the worker made them. */
static void
deliver (ArbSource *self, Delivery *delivery)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  GSource *source = g_idle_source_new ();

  delivery->self = g_object_ref (self);
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver_cb, delivery, delivery_free);
  g_source_set_static_name (source, "[arb-net] source");
  g_source_attach (source, priv->owner);
  g_source_unref (source);
}

gboolean
_arb_source_is_running (ArbSource *self)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);

  return priv->running;
}

static gboolean
same_report (const ArbSourceGame *a, const ArbSourceGame *b)
{
  return arb_source_game_same_moves (a, b) && a->round == b->round && a->board == b->board &&
         g_strcmp0 (a->white, b->white) == 0 && g_strcmp0 (a->black, b->black) == 0;
}

void
_arb_source_deliver (ArbSource *self, GPtrArray *games)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  GPtrArray *changed = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_game_unref);
  Delivery *delivery;

  g_mutex_lock (&priv->mutex);
  priv->last_read_us = g_get_real_time ();
  g_mutex_unlock (&priv->mutex);

  for (guint i = 0; i < games->len; i++)
    {
      ArbSourceGame *game = g_ptr_array_index (games, i);
      ArbSourceGame *before = g_hash_table_lookup (priv->delivered, game->key);

      if (before != NULL && same_report (before, game))
        continue;
      g_hash_table_replace (priv->delivered, g_strdup (game->key), arb_source_game_ref (game));
      g_ptr_array_add (changed, arb_source_game_ref (game));
    }
  g_ptr_array_unref (games);
  if (changed->len == 0)
    {
      g_ptr_array_unref (changed);
      return;
    }
  delivery = g_new0 (Delivery, 1);
  delivery->games = changed;
  deliver (self, delivery);
}

void
_arb_source_set_state (ArbSource *self, ArbSourceState state, const char *error)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  Delivery *delivery = NULL;

  g_mutex_lock (&priv->mutex);
  if (priv->state != state || g_strcmp0 (priv->error, error) != 0)
    {
      /* "Disconnected since 14:03": the time the trouble began, not of
       * every attempt since. */
      if (priv->state != state)
        priv->since_us = g_get_real_time ();
      priv->state = state;
      g_free (priv->error);
      priv->error = g_strdup (error);
      delivery = g_new0 (Delivery, 1);
      delivery->state = state;
      delivery->since_us = priv->since_us;
      delivery->error = g_strdup (error);
    }
  g_mutex_unlock (&priv->mutex);
  if (delivery != NULL)
    deliver (self, delivery);
}

guint
_arb_source_backoff_ms (ArbSource *self, guint failures)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  guint64 ms = priv->backoff_first_ms;

  for (guint i = 1; i < failures && ms < priv->backoff_max_ms; i++)
    ms *= 2;
  return (guint) MIN (ms, priv->backoff_max_ms);
}

const char *
_arb_source_torn_error (void)
{
  /* Translators: why a live PGN (a file or an address) was not read: what
   * was read stops before a game's result (1-0, 0-1, 1/2-1/2 or *), as a
   * text does while it is being written; it is read again later. */
  return _ ("incomplete: it does not end with a game's result, read after read");
}

GSource *
_arb_source_add_timeout (ArbSource *self, guint ms, GSourceFunc func)
{
  ArbSourcePrivate *priv = arb_source_get_instance_private (self);
  GSource *source = g_timeout_source_new (ms);

  g_source_set_static_name (source, "[arb-net] source timer");
  g_source_set_callback (source, func, self, NULL);
  g_source_attach (source, arb_net_worker_get_context (priv->worker));
  return source;
}
