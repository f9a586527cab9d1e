/* arb-lichess-push.c: the round pushed to a lichess broadcast
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-lichess-push.h"

#include <libsoup/soup.h>
#include <string.h>

#include "arb-net-read.h"
#include "arb-i18n.h"

/* The longest wait for one read, and for a whole push. */
#define REQUEST_TIMEOUT_SECONDS 30
#define REQUEST_DEADLINE_MS (90 * 1000)
#define DEFAULT_BACKOFF_FIRST_MS 2000
/* lichess asks a client that got 429 to wait a full minute. */
#define DEFAULT_BACKOFF_MAX_MS 60000

struct _ArbLichessPush
{
  GObject parent_instance;

  ArbFeed *feed;
  GMainContext *owner;

  /* Settings, before start */
  char **round_ids; /* one a part: boards 1–100, 101–200, … */
  char *token;
  char *base_url;
  guint interval_ms;
  guint backoff_first_ms;
  guint backoff_max_ms;

  /* Worker thread only */
  SoupSession *session;
  GCancellable *cancellable;
  gulong published_id;
  GSource *timer;
  gboolean running;
  gboolean dirty;
  gboolean in_flight;
  gint64 last_start_us; /* monotonic */
  guint failures;
  ArbFeedState *sending;
  guint batch;     /* the part being sent */
  guint n_batches; /* parts of the round */

  /* Any thread */
  GMutex mutex;
  ArbLichessReport *last_report; /* under mutex */
  gint64 last_success_us;        /* under mutex */
  gint state;                    /* atomic */
  guint n_requests;              /* atomic */
};

G_DEFINE_FINAL_TYPE (ArbLichessPush, arb_lichess_push, G_TYPE_OBJECT)

enum
{
  REPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_STATE,
  PROP_LAST_SUCCESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void begin_push (ArbLichessPush *self);

/* Reports */

static void
game_answer_copy (const ArbLichessGameAnswer *from, ArbLichessGameAnswer *to)
{
  to->board = from->board;
  to->white = g_strdup (from->white);
  to->black = g_strdup (from->black);
  to->moves = from->moves;
  to->error = g_strdup (from->error);
}

static void
game_answer_clear (gpointer data)
{
  ArbLichessGameAnswer *game = data;

  g_free (game->white);
  g_free (game->black);
  g_free (game->error);
}

static ArbLichessReport *
report_new (void)
{
  ArbLichessReport *report = g_new0 (ArbLichessReport, 1);

  report->games = g_array_new (FALSE, TRUE, sizeof (ArbLichessGameAnswer));
  g_array_set_clear_func (report->games, game_answer_clear);
  return report;
}

ArbLichessReport *
arb_lichess_report_copy (const ArbLichessReport *report)
{
  ArbLichessReport *copy;

  g_return_val_if_fail (report != NULL, NULL);

  copy = report_new ();
  copy->time_us = report->time_us;
  copy->batch = report->batch;
  copy->n_batches = report->n_batches;
  copy->n_games = report->n_games;
  copy->status = report->status;
  copy->error = g_strdup (report->error);
  copy->retry_ms = report->retry_ms;
  for (guint i = 0; i < report->games->len; i++)
    {
      ArbLichessGameAnswer game = { 0 };

      game_answer_copy (&g_array_index (report->games, ArbLichessGameAnswer, i), &game);
      g_array_append_val (copy->games, game);
    }
  return copy;
}

void
arb_lichess_report_free (ArbLichessReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->games, g_array_unref);
  g_free (report->error);
  g_free (report);
}

G_DEFINE_BOXED_TYPE (ArbLichessReport,
                     arb_lichess_report,
                     arb_lichess_report_copy,
                     arb_lichess_report_free)

typedef struct
{
  ArbLichessPush *self;
  ArbLichessReport *report; /* NULL: only the properties changed */
} Delivery;

static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;

  g_object_notify_by_pspec (G_OBJECT (delivery->self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (delivery->self), properties[PROP_LAST_SUCCESS]);
  if (delivery->report != NULL)
    g_signal_emit (delivery->self, signals[REPORTED], 0, delivery->report);
  return G_SOURCE_REMOVE;
}

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  g_object_unref (delivery->self);
  g_clear_pointer (&delivery->report, arb_lichess_report_free);
  g_free (delivery);
}

/* Tells the owner's thread, in order. */
static void
deliver (ArbLichessPush *self, ArbLichessReport *report)
{
  Delivery *delivery = g_new0 (Delivery, 1);
  GSource *source = g_idle_source_new ();

  delivery->self = g_object_ref (self);
  delivery->report = report;
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver_cb, delivery, delivery_free);
  g_source_set_static_name (source, "[arb-net] lichess report");
  g_source_attach (source, self->owner);
  g_source_unref (source);
}

static void
set_state (ArbLichessPush *self, ArbLichessPushState state)
{
  if (g_atomic_int_get (&self->state) == (gint) state)
    return;
  g_atomic_int_set (&self->state, (gint) state);
  deliver (self, NULL);
}

static void
publish_report (ArbLichessPush *self, ArbLichessReport *report)
{
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->last_report, arb_lichess_report_free);
  self->last_report = arb_lichess_report_copy (report);
  if (report->status == 200)
    self->last_success_us = report->time_us;
  g_mutex_unlock (&self->mutex);
  deliver (self, report);
}

/* Timing, in the worker */

static void
clear_timer (ArbLichessPush *self)
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
  ArbLichessPush *self = data;

  g_clear_pointer (&self->timer, g_source_unref);
  begin_push (self);
  return G_SOURCE_REMOVE;
}

static void
start_timer (ArbLichessPush *self, gint64 wait_ms)
{
  clear_timer (self);
  self->timer = g_timeout_source_new ((guint) CLAMP (wait_ms, 0, G_MAXINT));
  g_source_set_static_name (self->timer, "[arb-net] lichess push");
  g_source_set_callback (self->timer, timer_cb, self, NULL);
  g_source_attach (self->timer, arb_net_worker_get_context (arb_feed_get_worker (self->feed)));
}

/* The next push, as soon as the interval since the last one allows. */
static void
schedule_next (ArbLichessPush *self)
{
  gint64 wait_ms;

  if (!self->running || self->in_flight || self->timer != NULL || !self->dirty)
    return;
  wait_ms =
    self->last_start_us == 0
      ? 0
      : (self->last_start_us + (gint64) self->interval_ms * 1000 - g_get_monotonic_time () + 999) /
          1000;
  if (wait_ms <= 0)
    begin_push (self);
  else
    start_timer (self, wait_ms);
}

static guint
backoff_ms (ArbLichessPush *self)
{
  guint64 ms = self->backoff_first_ms;

  for (guint i = 1; i < self->failures && ms < self->backoff_max_ms; i++)
    ms *= 2;
  return (guint) MIN (ms, self->backoff_max_ms);
}

/* Requests, in the worker */

static void send_batch (ArbLichessPush *self);
static guint next_part (ArbLichessPush *self, guint from);

static void
finish_push (ArbLichessPush *self)
{
  self->in_flight = FALSE;
  g_clear_pointer (&self->sending, arb_feed_state_unref);
  set_state (self, ARB_LICHESS_PUSH_WAITING);
  schedule_next (self);
}

static void
retry_later (ArbLichessPush *self, ArbLichessReport *report, gint64 wait_ms)
{
  report->retry_ms = wait_ms;
  self->in_flight = FALSE;
  g_clear_pointer (&self->sending, arb_feed_state_unref);
  /* The retry sends the round as it is then, from its first game. */
  self->dirty = TRUE;
  set_state (self, ARB_LICHESS_PUSH_RETRYING);
  start_timer (self, wait_ms);
}

static gint64
retry_after_ms (SoupMessage *msg)
{
  const char *value =
    soup_message_headers_get_one (soup_message_get_response_headers (msg), "Retry-After");
  guint64 seconds = 0;

  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 0, 3600, &seconds, NULL))
    return (gint64) seconds * 1000;
  return -1;
}

static void
sent_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (SoupMessage) msg = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  ArbLichessPush *self;
  ArbLichessReport *report;
  guint status;

  body = arb_net_fetch_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = g_object_get_data (G_OBJECT (msg), "arb-push");
  g_assert (ARB_IS_LICHESS_PUSH (self));
  if (!self->running)
    return;

  report = report_new ();
  report->time_us = g_get_real_time ();
  report->batch = self->batch + 1;
  report->n_batches = self->n_batches;
  report->n_games = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (msg), "arb-n-games"));
  status = body != NULL ? soup_message_get_status (msg) : 0;
  report->status = status;

  if (body == NULL)
    {
      report->error = g_strdup (error->message);
      self->failures++;
      retry_later (self, report, backoff_ms (self));
      publish_report (self, report);
      return;
    }

  /* What lichess says, for any status: the games when it took them, or
   * why not. */
  {
    g_autoptr (ArbLichessAnswer) answer = NULL;
    g_autoptr (GError) parse_error = NULL;
    gsize length = 0;
    const char *text = g_bytes_get_data (body, &length);

    answer = arb_lichess_answer_parse (text, length, &parse_error);
    if (answer != NULL)
      {
        report->error = g_strdup (answer->error);
        for (guint i = 0; i < answer->games->len; i++)
          {
            ArbLichessGameAnswer game = { 0 };

            game_answer_copy (&g_array_index (answer->games, ArbLichessGameAnswer, i), &game);
            g_array_append_val (report->games, game);
          }
      }
    else if (status == 200)
      report->error = g_strdup (parse_error->message);
  }
  if (report->error == NULL && status != 200)
    report->error = g_strdup (soup_message_get_reason_phrase (msg));

  if (status == 401 || status == 403)
    {
      /* The token is wrong, or cannot write studies: pushing again
       * cannot help until the arbiter gives another. */
      self->in_flight = FALSE;
      self->running = FALSE;
      clear_timer (self);
      g_clear_pointer (&self->sending, arb_feed_state_unref);
      g_atomic_int_set (&self->state, ARB_LICHESS_PUSH_UNAUTHORIZED);
      publish_report (self, report);
      return;
    }
  if (status == 429 || status >= 500)
    {
      gint64 wait = status == 429 ? retry_after_ms (msg) : -1;

      self->failures++;
      if (wait < 0)
        wait = status == 429 ? self->backoff_max_ms : backoff_ms (self);
      retry_later (self, report, wait);
      publish_report (self, report);
      return;
    }

  /* Taken (200), or refused for what it said (400 and the like): go on
   * with the next hundred games. */
  self->failures = 0;
  publish_report (self, report);
  self->batch = next_part (self, self->batch + 1);
  if (self->batch < self->n_batches)
    send_batch (self);
  else
    finish_push (self);
}

static char *
push_url (ArbLichessPush *self, guint part)
{
  return g_strdup_printf ("%s/api/broadcast/round/%s/push", self->base_url, self->round_ids[part]);
}

guint
arb_lichess_part_of_board (int board)
{
  return board > 0 ? (guint) (board - 1) / ARB_LICHESS_MAX_GAMES_PER_PUSH : ARB_LICHESS_NO_PART;
}

/* How many parts the round has: a game goes to its board's hundred, as
 * lichess shows at most a hundred games in one broadcast round. */
static guint
n_parts (ArbFeedRound *round)
{
  guint n = 0;

  for (guint i = 0; i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);
      guint part = arb_lichess_part_of_board (game->board);

      if (part != ARB_LICHESS_NO_PART)
        n = MAX (n, part + 1);
    }
  return n;
}

static guint
n_round_ids (ArbLichessPush *self)
{
  return self->round_ids != NULL ? g_strv_length (self->round_ids) : 0;
}

/* The first part from @from on that has games, or n_batches. */
static guint
next_part (ArbLichessPush *self, guint from)
{
  ArbFeedRound *round = arb_feed_state_get_round (self->sending);

  for (guint part = from; part < self->n_batches; part++)
    for (guint i = 0; i < round->games->len; i++)
      {
        const ArbFeedGame *game = g_ptr_array_index (round->games, i);

        if (arb_lichess_part_of_board (game->board) == part)
          return part;
      }
  return self->n_batches;
}

/* A part with no round id to go to is reported, not sent: its games
 * cannot show on lichess until the arbiter gives one. */
static void
report_unrouted (ArbLichessPush *self, guint n_games)
{
  ArbLichessReport *report = report_new ();
  guint first = self->batch * ARB_LICHESS_MAX_GAMES_PER_PUSH + 1;

  report->time_us = g_get_real_time ();
  report->batch = self->batch + 1;
  report->n_batches = self->n_batches;
  report->n_games = n_games;
  report->error = g_strdup_printf (_ ("boards %u–%u have no lichess round: give one more round id"),
                                   first, first + ARB_LICHESS_MAX_GAMES_PER_PUSH - 1);
  publish_report (self, report);
}

/* Games without a board number (below 1) belong to no part: they are
 * reported, not sent. */
static void
report_unnumbered (ArbLichessPush *self)
{
  ArbFeedRound *round = arb_feed_state_get_round (self->sending);
  ArbLichessReport *report;
  guint n = 0;

  for (guint i = 0; i < round->games->len; i++)
    if (arb_lichess_part_of_board (
          ((const ArbFeedGame *) g_ptr_array_index (round->games, i))->board) ==
        ARB_LICHESS_NO_PART)
      n++;
  if (n == 0)
    return;
  report = report_new ();
  report->time_us = g_get_real_time ();
  report->n_batches = self->n_batches;
  report->n_games = n;
  report->error = g_strdup_printf (
    ngettext ("%u game has no board number (1 or more): it is not sent to lichess",
              "%u games have no board number (1 or more): they are not sent to lichess", n),
    n);
  publish_report (self, report);
}

static void
send_batch (ArbLichessPush *self)
{
  ArbFeedRound *round = arb_feed_state_get_round (self->sending);
  g_autoptr (GString) pgn = g_string_new (NULL);
  g_autofree char *url = NULL;
  g_autofree char *bearer = g_strdup_printf ("Bearer %s", self->token);
  g_autoptr (GBytes) body = NULL;
  guint n_games = 0;
  SoupMessage *msg;

  for (guint i = 0; i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);
      g_autoptr (GBytes) one = NULL;

      if (arb_lichess_part_of_board (game->board) != self->batch)
        continue;
      one = arb_feed_state_get_board_pgn (self->sending, game->board, FALSE, NULL);
      g_string_append_len (pgn, g_bytes_get_data (one, NULL), (gssize) g_bytes_get_size (one));
      n_games++;
    }
  if (self->batch >= n_round_ids (self))
    {
      report_unrouted (self, n_games);
      self->batch = next_part (self, self->batch + 1);
      if (self->batch < self->n_batches)
        send_batch (self);
      else
        finish_push (self);
      return;
    }
  body = g_string_free_to_bytes (g_steal_pointer (&pgn));
  url = push_url (self, self->batch);

  msg = soup_message_new ("POST", url);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", bearer);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept",
                                "application/json");
  soup_message_set_request_body_from_bytes (msg, "text/plain; charset=utf-8", body);
  g_object_set_data (G_OBJECT (msg), "arb-push", self);
  g_object_set_data (G_OBJECT (msg), "arb-n-games", GUINT_TO_POINTER (n_games));

  g_atomic_int_inc (&self->n_requests);
  arb_net_fetch_async (self->session, msg, ARB_LICHESS_MAX_ANSWER_BYTES,
                       arb_net_deadline_ms (REQUEST_DEADLINE_MS), self->cancellable, sent_cb, msg);
}

static void
begin_push (ArbLichessPush *self)
{
  guint n_games;

  if (!self->running || self->in_flight || !self->dirty)
    return;
  clear_timer (self);
  self->dirty = FALSE;
  self->sending = arb_feed_dup_state (self->feed);
  if (self->sending == NULL)
    return;
  n_games = arb_feed_state_get_round (self->sending)->games->len;
  if (n_games == 0)
    {
      g_clear_pointer (&self->sending, arb_feed_state_unref);
      set_state (self, ARB_LICHESS_PUSH_WAITING);
      return;
    }
  self->n_batches = n_parts (arb_feed_state_get_round (self->sending));
  self->batch = next_part (self, 0);
  self->in_flight = TRUE;
  self->last_start_us = g_get_monotonic_time ();
  set_state (self, ARB_LICHESS_PUSH_SENDING);
  report_unnumbered (self);
  if (self->batch < self->n_batches)
    send_batch (self);
  else
    finish_push (self);
}

static void
published_cb (ArbFeed *feed, ArbFeedState *state, GArray *changes, ArbLichessPush *self)
{
  if (!self->running)
    return;
  self->dirty = TRUE;
  if (g_atomic_int_get (&self->state) != ARB_LICHESS_PUSH_RETRYING)
    schedule_next (self);
}

static gboolean
start_in_worker (gpointer data, GError **error)
{
  ArbLichessPush *self = data;
  g_autofree char *agent = g_strdup_printf ("Arbiter/%s", PACKAGE_VERSION);

  if (self->running)
    return TRUE;
  self->session =
    soup_session_new_with_options ("timeout", REQUEST_TIMEOUT_SECONDS, "user-agent", agent, NULL);
  self->cancellable = g_cancellable_new ();
  self->published_id = g_signal_connect (self->feed, "published", G_CALLBACK (published_cb), self);
  self->running = TRUE;
  self->dirty = TRUE;
  self->failures = 0;
  self->last_start_us = 0;
  g_atomic_int_set (&self->n_requests, 0);
  schedule_next (self);
  return TRUE;
}

static gboolean
start_cb (gpointer data)
{
  start_in_worker (data, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
stop_in_worker (gpointer data, GError **error)
{
  ArbLichessPush *self = data;

  self->running = FALSE;
  self->in_flight = FALSE;
  clear_timer (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_signal_handler (&self->published_id, self->feed);
  if (self->session != NULL)
    soup_session_abort (self->session);
  g_clear_object (&self->session);
  g_clear_pointer (&self->sending, arb_feed_state_unref);
  if (g_atomic_int_get (&self->state) != ARB_LICHESS_PUSH_UNAUTHORIZED)
    set_state (self, ARB_LICHESS_PUSH_IDLE);
  return TRUE;
}

static void
arb_lichess_push_dispose (GObject *object)
{
  ArbLichessPush *self = ARB_LICHESS_PUSH (object);

  if (self->feed != NULL)
    arb_net_worker_call (arb_feed_get_worker (self->feed), stop_in_worker, self, NULL);

  G_OBJECT_CLASS (arb_lichess_push_parent_class)->dispose (object);
}

static void
arb_lichess_push_finalize (GObject *object)
{
  ArbLichessPush *self = ARB_LICHESS_PUSH (object);

  g_clear_pointer (&self->last_report, arb_lichess_report_free);
  g_clear_object (&self->feed);
  g_clear_pointer (&self->owner, g_main_context_unref);
  g_strfreev (self->round_ids);
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_free (self->token);
  g_free (self->base_url);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (arb_lichess_push_parent_class)->finalize (object);
}

static void
arb_lichess_push_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbLichessPush *self = ARB_LICHESS_PUSH (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, (int) arb_lichess_push_get_state (self));
      break;
    case PROP_LAST_SUCCESS:
      g_value_set_int64 (value, arb_lichess_push_get_last_success (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_lichess_push_class_init (ArbLichessPushClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_lichess_push_dispose;
  object_class->finalize = arb_lichess_push_finalize;
  object_class->get_property = arb_lichess_push_get_property;

  properties[PROP_STATE] = g_param_spec_int (
    "state", NULL, NULL, ARB_LICHESS_PUSH_IDLE, ARB_LICHESS_PUSH_UNAUTHORIZED,
    ARB_LICHESS_PUSH_IDLE, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAST_SUCCESS] =
    g_param_spec_int64 ("last-success", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[REPORTED] =
    g_signal_new ("reported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, ARB_TYPE_LICHESS_REPORT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
arb_lichess_push_init (ArbLichessPush *self)
{
  g_mutex_init (&self->mutex);
  self->owner = g_main_context_ref_thread_default ();
  self->base_url = g_strdup (ARB_LICHESS_DEFAULT_BASE_URL);
  self->interval_ms = ARB_LICHESS_DEFAULT_INTERVAL_MS;
  self->backoff_first_ms = DEFAULT_BACKOFF_FIRST_MS;
  self->backoff_max_ms = DEFAULT_BACKOFF_MAX_MS;
}

ArbLichessPush *
arb_lichess_push_new (ArbFeed *feed)
{
  ArbLichessPush *self;

  g_return_val_if_fail (ARB_IS_FEED (feed), NULL);

  self = g_object_new (ARB_TYPE_LICHESS_PUSH, NULL);
  self->feed = g_object_ref (feed);
  return self;
}

gboolean
arb_lichess_round_id_is_valid (const char *round_id)
{
  gsize n = 0;

  if (round_id == NULL)
    return FALSE;
  for (const char *p = round_id; *p != '\0'; p++, n++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return n >= 4 && n <= 32;
}

void
arb_lichess_push_set_round_id (ArbLichessPush *self, const char *round_id)
{
  const char *ids[] = { round_id, NULL };

  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));
  arb_lichess_push_set_round_ids (self, round_id != NULL ? ids : NULL);
}

void
arb_lichess_push_set_round_ids (ArbLichessPush *self, const char *const *round_ids)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));

  g_strfreev (self->round_ids);
  self->round_ids = g_strdupv ((char **) round_ids);
}

char **
arb_lichess_round_ids_split (const char *text)
{
  g_auto (GStrv) words = g_regex_split_simple ("[\\s,;]+", text != NULL ? text : "", 0, 0);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (ids, g_strdup (words[i]));
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

char *
arb_lichess_part_name (int round, guint part)
{
  guint first = part * ARB_LICHESS_MAX_GAMES_PER_PUSH + 1;

  /* Translators: the name of a lichess broadcast round that shows a
   * hundred boards of a round: "Round 5 (boards 101–200)". */
  return g_strdup_printf (_ ("Round %d (boards %u–%u)"), round, first,
                          first + ARB_LICHESS_MAX_GAMES_PER_PUSH - 1);
}

void
arb_lichess_push_set_token (ArbLichessPush *self, const char *token)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));

  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_free (self->token);
  self->token = token != NULL ? g_strstrip (g_strdup (token)) : NULL;
}

void
arb_lichess_push_set_base_url (ArbLichessPush *self, const char *base_url)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));

  g_free (self->base_url);
  self->base_url = g_strdup (base_url != NULL ? base_url : ARB_LICHESS_DEFAULT_BASE_URL);
  while (g_str_has_suffix (self->base_url, "/"))
    self->base_url[strlen (self->base_url) - 1] = '\0';
}

void
arb_lichess_push_set_interval (ArbLichessPush *self, guint interval_ms)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));
  self->interval_ms = interval_ms;
}

void
arb_lichess_push_set_backoff (ArbLichessPush *self, guint first_ms, guint max_ms)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));

  self->backoff_first_ms = MAX (first_ms, 1);
  self->backoff_max_ms = MAX (max_ms, self->backoff_first_ms);
}

gboolean
arb_lichess_push_start (ArbLichessPush *self, GError **error)
{
  g_autoptr (GUri) uri = NULL;

  g_return_val_if_fail (ARB_IS_LICHESS_PUSH (self), FALSE);

  if (n_round_ids (self) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("“%s” is not a lichess broadcast round id (the letters and digits after the "
                      "round's name in its address)"),
                   "");
      return FALSE;
    }
  for (guint i = 0; self->round_ids[i] != NULL; i++)
    if (!arb_lichess_round_id_is_valid (self->round_ids[i]))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _ ("“%s” is not a lichess broadcast round id (the letters and digits after "
                        "the round's name in its address)"),
                     self->round_ids[i]);
        return FALSE;
      }
  if (self->token == NULL || self->token[0] == '\0' || strpbrk (self->token, " \t\r\n") != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("A lichess API token (with study:write) is needed to push a broadcast"));
      return FALSE;
    }
  uri = g_uri_parse (self->base_url, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL ||
      (g_strcmp0 (g_uri_get_scheme (uri), "https") != 0 &&
       g_strcmp0 (g_uri_get_scheme (uri), "http") != 0) ||
      g_uri_get_host (uri) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _ ("“%s” is not a web address"),
                   self->base_url);
      return FALSE;
    }
  g_atomic_int_set (&self->state, ARB_LICHESS_PUSH_WAITING);
  /* Nothing left that can fail: the first push starts in the worker
   * without the caller waiting for it. */
  arb_net_worker_invoke (arb_feed_get_worker (self->feed), start_cb, g_object_ref (self),
                         g_object_unref);
  return TRUE;
}

void
arb_lichess_push_stop (ArbLichessPush *self)
{
  g_return_if_fail (ARB_IS_LICHESS_PUSH (self));
  arb_net_worker_call (arb_feed_get_worker (self->feed), stop_in_worker, self, NULL);
}

ArbLichessPushState
arb_lichess_push_get_state (ArbLichessPush *self)
{
  g_return_val_if_fail (ARB_IS_LICHESS_PUSH (self), ARB_LICHESS_PUSH_IDLE);
  return (ArbLichessPushState) g_atomic_int_get (&self->state);
}

gint64
arb_lichess_push_get_last_success (ArbLichessPush *self)
{
  gint64 t;

  g_return_val_if_fail (ARB_IS_LICHESS_PUSH (self), 0);

  g_mutex_lock (&self->mutex);
  t = self->last_success_us;
  g_mutex_unlock (&self->mutex);
  return t;
}

guint
arb_lichess_push_get_n_requests (ArbLichessPush *self)
{
  g_return_val_if_fail (ARB_IS_LICHESS_PUSH (self), 0);
  return (guint) g_atomic_int_get (&self->n_requests);
}

ArbLichessReport *
arb_lichess_push_dup_last_report (ArbLichessPush *self)
{
  ArbLichessReport *report;

  g_return_val_if_fail (ARB_IS_LICHESS_PUSH (self), NULL);

  g_mutex_lock (&self->mutex);
  report = self->last_report != NULL ? arb_lichess_report_copy (self->last_report) : NULL;
  g_mutex_unlock (&self->mutex);
  return report;
}
