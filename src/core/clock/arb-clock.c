/* arb-clock.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include "arb-i18n.h"
#include <stdlib.h>
#include <string.h>

#include "arb-clock.h"

#define US_PER_MS G_GINT64_CONSTANT (1000)
#define CHECKPOINT_INTERVAL_US G_GINT64_CONSTANT (1000000)

struct _ArbClock
{
  GObject parent_instance;

  ArbTimeControl tc;

  /* time source */
  ArbClockTimeFunc time_func;
  gpointer time_data;
  GDestroyNotify time_destroy;

  /* state: the running side has remaining_us[to_move] at the start of its
   * move, minus what it used: move_used_us before since_us, plus the time
   * passed since since_us */
  gboolean started;
  gboolean paused;
  ArbColor to_move;
  ArbColor first_side; /* to move at ply 0 */
  gint64 since_us;
  gint64 move_used_us;
  gint64 remaining_us[2];
  guint moves[2];
  gboolean flag[2];
  gint64 flag_at_us[2];
  ArbColor first_flag;
  gint64 last_change_us;
  gint64 last_checkpoint_us;

  /* history */
  GArray *events; /* ArbClockEvent */
  GArray *plies;  /* ArbClockPly, plies->data[i] is ply first_ply + i */
  guint first_ply;
  guint n_signalled; /* events already announced by ::event-added */

  /* live mode */
  GSource *source;
};

G_DEFINE_FINAL_TYPE (ArbClock, arb_clock, G_TYPE_OBJECT)

enum
{
  SIGNAL_FLAG_FELL,
  SIGNAL_EVENT_ADDED,
  SIGNAL_CHECKPOINT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void rearm (ArbClock *self);

/* ---- arithmetic ---------------------------------------------------------- */

static gint64
read_time (ArbClock *self)
{
  if (self->time_func != NULL)
    return self->time_func (self->time_data);
  return g_get_monotonic_time ();
}

static gboolean
is_running (ArbClock *self)
{
  return self->started && !self->paused;
}

static gboolean
has_limit (ArbClock *self)
{
  return arb_time_control_has_limit (&self->tc);
}

/* The period in which side plays its next move. */
static const ArbTimePeriod *
next_move_period (ArbClock *self, ArbColor side)
{
  guint index = arb_time_control_period_of_move (&self->tc, side, self->moves[side] + 1, NULL);

  return &self->tc.periods[side][index];
}

static guint
next_move_stage (ArbClock *self, ArbColor side)
{
  guint stage = 0;

  arb_time_control_period_of_move (&self->tc, side, self->moves[side] + 1, &stage);
  return stage;
}

static gint64
used_at (ArbClock *self, gint64 now)
{
  if (is_running (self))
    return self->move_used_us + (now - self->since_us);
  return self->move_used_us;
}

/* What the side to move's main time has lost after using @used on its move:
 * all of it, except the first part under a simple delay (2018 art. 6.3.2). */
static gint64
deduction (ArbClock *self, gint64 used)
{
  const ArbTimePeriod *period;

  switch (self->tc.kind)
    {
    case ARB_TIME_CONTROL_SANDCLOCK:
      return used;
    case ARB_TIME_CONTROL_PERIODS:
      period = next_move_period (self, self->to_move);
      if (period->bonus == ARB_BONUS_SIMPLE_DELAY)
        return MAX (0, used - period->bonus_ms * US_PER_MS);
      return used;
    case ARB_TIME_CONTROL_UNKNOWN:
    case ARB_TIME_CONTROL_NONE:
    default:
      return 0;
    }
}

static gint64
remaining_at (ArbClock *self, ArbColor side, gint64 now)
{
  gint64 used;

  if (!self->started)
    return self->remaining_us[side];

  used = used_at (self, now);
  if (side == self->to_move)
    return self->remaining_us[side] - deduction (self, used);
  if (self->tc.kind == ARB_TIME_CONTROL_SANDCLOCK)
    return self->remaining_us[side] + used; /* the sand runs to the other side */
  return self->remaining_us[side];
}

/* The instant the running side's time reaches zero if nothing changes; it
 * may lie before since_us when a change left the time at or below zero. */
static gint64
flag_instant (ArbClock *self)
{
  gint64 threshold;

  if (!is_running (self) || self->flag[self->to_move] || !has_limit (self))
    return G_MAXINT64;

  threshold = self->remaining_us[self->to_move];
  if (self->tc.kind == ARB_TIME_CONTROL_PERIODS)
    {
      const ArbTimePeriod *period = next_move_period (self, self->to_move);

      if (period->bonus == ARB_BONUS_SIMPLE_DELAY)
        threshold += period->bonus_ms * US_PER_MS;
    }

  return self->since_us + (threshold - self->move_used_us);
}

/* ---- history ------------------------------------------------------------- */

static guint
current_ply (ArbClock *self)
{
  return self->first_ply + self->plies->len - 1;
}

static void
append_event (ArbClock *self,
              ArbClockEventKind kind,
              gint64 timestamp,
              ArbColor side,
              gint64 amount)
{
  ArbClockEvent event = { 0 };

  event.kind = kind;
  event.timestamp_us = timestamp;
  event.side = side;
  event.amount = amount;
  event.ply = current_ply (self);
  for (int s = 0; s < 2; s++)
    {
      event.remaining_us[s] = remaining_at (self, (ArbColor) s, timestamp);
      event.moves[s] = self->moves[s];
    }
  g_array_append_val (self->events, event);

  if (kind != ARB_CLOCK_EVENT_FLAG)
    self->last_change_us = MAX (self->last_change_us, timestamp);
}

static void
record_ply (ArbClock *self, ArbColor side, gint64 now, gint64 used)
{
  ArbClockPly ply = { 0 };

  ply.ply = current_ply (self) + 1;
  ply.side = side;
  ply.timestamp_us = now;
  ply.used_us = used;
  for (int s = 0; s < 2; s++)
    {
      ply.remaining_us[s] = remaining_at (self, (ArbColor) s, now);
      ply.moves[s] = self->moves[s];
    }
  g_array_append_val (self->plies, ply);
}

static void
reset_plies (ArbClock *self, guint first_ply, gint64 now)
{
  ArbClockPly ply = { 0 };

  g_array_set_size (self->plies, 0);
  self->first_ply = first_ply;
  ply.ply = first_ply;
  ply.side = first_ply == 0 ? ARB_COLOR_NONE : (ArbColor) !self->to_move;
  ply.timestamp_us = now;
  for (int s = 0; s < 2; s++)
    {
      ply.remaining_us[s] = self->remaining_us[s];
      ply.moves[s] = self->moves[s];
    }
  g_array_append_val (self->plies, ply);
}

/* Notices a fall of the running side's flag up to @now. A fall that the
 * last change caused (a time set to zero, say) happens at that change. */
static void
advance (ArbClock *self, gint64 now)
{
  gint64 instant = flag_instant (self);
  ArbColor side = self->to_move;

  if (instant > now)
    return;

  instant = MAX (instant, self->last_change_us);
  self->flag[side] = TRUE;
  self->flag_at_us[side] = instant;
  if (self->first_flag == ARB_COLOR_NONE)
    self->first_flag = side;
  append_event (self, ARB_CLOCK_EVENT_FLAG, instant, side, 0);
}

static void
clear_flag_if_time_left (ArbClock *self, ArbColor side, gint64 now)
{
  if (!self->flag[side] || remaining_at (self, side, now) <= 0)
    return;

  self->flag[side] = FALSE;
  if (self->first_flag == side)
    self->first_flag = self->flag[!side] ? (ArbColor) !side : ARB_COLOR_NONE;
}

/* Ends every operation: notices a fall the change caused, announces the new
 * events (after the state is whole, so handlers may call back), and asks for
 * a checkpoint. */
static void
finish_change (ArbClock *self, gint64 now, gboolean changed)
{
  advance (self, now);

  if (changed)
    self->last_checkpoint_us = now;
  rearm (self);

  g_object_ref (self);
  while (self->n_signalled < self->events->len)
    {
      guint index = self->n_signalled++;
      const ArbClockEvent *event = &g_array_index (self->events, ArbClockEvent, index);
      ArbClockEventKind kind = event->kind;
      int side = event->side;
      gint64 instant = event->timestamp_us;

      g_signal_emit (self, signals[SIGNAL_EVENT_ADDED], 0, index);
      if (kind == ARB_CLOCK_EVENT_FLAG)
        g_signal_emit (self, signals[SIGNAL_FLAG_FELL], 0, side, instant);
      changed = TRUE;
    }
  if (changed)
    g_signal_emit (self, signals[SIGNAL_CHECKPOINT], 0);
  g_object_unref (self);
}

/* ---- live mode ------------------------------------------------------------ */

static gboolean
clock_source_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  g_source_set_ready_time (source, -1);
  return callback (user_data);
}

static GSourceFuncs clock_source_funcs = {
  NULL, NULL, clock_source_dispatch, NULL, NULL, NULL,
};

static gboolean
clock_source_cb (gpointer user_data)
{
  arb_clock_update (ARB_CLOCK (user_data));
  return G_SOURCE_CONTINUE;
}

static void
start_live (ArbClock *self)
{
  g_assert (self->source == NULL);

  self->source = g_source_new (&clock_source_funcs, sizeof (GSource));
  g_source_set_name (self->source, "ArbClock flag and checkpoint");
  g_source_set_priority (self->source, G_PRIORITY_HIGH);
  g_source_set_callback (self->source, clock_source_cb, self, NULL);
  g_source_attach (self->source, g_main_context_get_thread_default ());
}

static void
stop_live (ArbClock *self)
{
  if (self->source == NULL)
    return;
  g_source_destroy (self->source);
  g_clear_pointer (&self->source, g_source_unref);
}

static void
rearm (ArbClock *self)
{
  gint64 when;

  if (self->source == NULL)
    return;

  when = MIN (flag_instant (self), arb_clock_get_next_checkpoint_us (self));
  g_source_set_ready_time (self->source, when == G_MAXINT64 ? -1 : MAX (when, 0));
}

/* ---- GObject -------------------------------------------------------------- */

static void
arb_clock_dispose (GObject *object)
{
  ArbClock *self = ARB_CLOCK (object);

  stop_live (self);
  if (self->time_destroy != NULL)
    self->time_destroy (self->time_data);
  self->time_destroy = NULL;
  self->time_func = NULL;

  G_OBJECT_CLASS (arb_clock_parent_class)->dispose (object);
}

static void
arb_clock_finalize (GObject *object)
{
  ArbClock *self = ARB_CLOCK (object);

  g_clear_pointer (&self->events, g_array_unref);
  g_clear_pointer (&self->plies, g_array_unref);

  G_OBJECT_CLASS (arb_clock_parent_class)->finalize (object);
}

static void
arb_clock_class_init (ArbClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_clock_dispose;
  object_class->finalize = arb_clock_finalize;

  /**
   * ArbClock::flag-fell:
   * @side: the ArbColor whose flag fell
   * @instant: the exact instant, in the clock's time source
   */
  signals[SIGNAL_FLAG_FELL] =
    g_signal_new ("flag-fell", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT64);

  /**
   * ArbClock::event-added:
   * @index: the new event's index in the history
   */
  signals[SIGNAL_EVENT_ADDED] =
    g_signal_new ("event-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * ArbClock::checkpoint:
   *
   * Store arb_clock_get_snapshot() now.
   */
  signals[SIGNAL_CHECKPOINT] =
    g_signal_new ("checkpoint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
arb_clock_init (ArbClock *self)
{
  self->events = g_array_new (FALSE, TRUE, sizeof (ArbClockEvent));
  self->plies = g_array_new (FALSE, TRUE, sizeof (ArbClockPly));
  self->first_flag = ARB_COLOR_NONE;
  self->to_move = ARB_WHITE;
  self->last_change_us = G_MININT64;
}

/**
 * arb_clock_new:
 * @tc: the time control
 *
 * Returns: (transfer full): a stopped clock set to the start of @tc.
 */
ArbClock *
arb_clock_new (const ArbTimeControl *tc)
{
  ArbClock *self;

  g_return_val_if_fail (tc != NULL, NULL);

  self = g_object_new (ARB_TYPE_CLOCK, NULL);
  self->tc = *tc;

  for (int side = 0; side < 2; side++)
    {
      if (tc->kind == ARB_TIME_CONTROL_SANDCLOCK)
        self->remaining_us[side] = tc->sandclock_ms * US_PER_MS;
      else if (tc->kind == ARB_TIME_CONTROL_PERIODS)
        {
          const ArbTimePeriod *first = &tc->periods[side][0];

          self->remaining_us[side] = first->time_ms * US_PER_MS;
          /* An increment credited when the move starts is there before
           * move 1 (a 3+2 clock shows 3:02). */
          if (first->bonus == ARB_BONUS_INCREMENT && first->bonus_before_move)
            self->remaining_us[side] += first->bonus_ms * US_PER_MS;
        }
    }

  reset_plies (self, 0, 0);
  start_live (self);
  return self;
}

void
arb_clock_set_time_func (ArbClock *self,
                         ArbClockTimeFunc func,
                         gpointer user_data,
                         GDestroyNotify destroy)
{
  g_return_if_fail (ARB_IS_CLOCK (self));

  if (self->time_destroy != NULL)
    self->time_destroy (self->time_data);
  self->time_func = func;
  self->time_data = user_data;
  self->time_destroy = destroy;

  stop_live (self);
  if (func == NULL)
    {
      start_live (self);
      rearm (self);
    }
}

const ArbTimeControl *
arb_clock_get_time_control (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), NULL);

  return &self->tc;
}

/* ---- operations ----------------------------------------------------------- */

gboolean
arb_clock_set_first_side (ArbClock *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (self->started || current_ply (self) != self->first_ply)
    return FALSE;
  self->to_move = side;
  self->first_side = side;
  return TRUE;
}

gboolean
arb_clock_start (ArbClock *self)
{
  gint64 now;
  ArbClockPly *first;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  if (self->started)
    return FALSE;

  now = read_time (self);
  self->started = TRUE;
  self->paused = FALSE;
  self->since_us = now;
  self->move_used_us = 0;
  first = &g_array_index (self->plies, ArbClockPly, self->plies->len - 1);
  first->timestamp_us = now;

  /* 2018 art. 6.6: White's clock is started (or the side to move's). */
  append_event (self, ARB_CLOCK_EVENT_START, now, self->to_move, 0);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_press (ArbClock *self)
{
  const ArbTimePeriod *played;
  const ArbTimePeriod *next;
  ArbColor side;
  ArbColor other;
  guint old_stage;
  guint new_stage;
  gint64 used;
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  if (!is_running (self))
    return FALSE;

  now = read_time (self);
  advance (self, now);

  side = self->to_move;
  other = !side;
  used = used_at (self, now);
  played = next_move_period (self, side);
  old_stage = next_move_stage (self, side);

  /* 2018 art. 6.2.1: pressing the clock completes the move. */
  switch (self->tc.kind)
    {
    case ARB_TIME_CONTROL_SANDCLOCK:
      self->remaining_us[side] -= used;
      self->remaining_us[other] += used;
      break;
    case ARB_TIME_CONTROL_PERIODS:
      self->remaining_us[side] -= deduction (self, used);
      break;
    case ARB_TIME_CONTROL_UNKNOWN:
    case ARB_TIME_CONTROL_NONE:
    default:
      break;
    }

  self->moves[side]++;
  self->to_move = other;
  self->since_us = now;
  self->move_used_us = 0;
  append_event (self, ARB_CLOCK_EVENT_PRESS, now, side, used);

  if (self->tc.kind == ARB_TIME_CONTROL_PERIODS)
    {
      gint64 credit = 0;

      /* Bonus of the period the move was played in. A Bronstein delay gives
       * back what the move used, up to the delay, so time never grows. */
      if (played->bonus == ARB_BONUS_BRONSTEIN)
        credit = MIN (used, played->bonus_ms * US_PER_MS);
      else if (played->bonus == ARB_BONUS_INCREMENT && !played->bonus_before_move)
        credit = played->bonus_ms * US_PER_MS;
      if (credit > 0)
        {
          self->remaining_us[side] += credit;
          append_event (self, ARB_CLOCK_EVENT_BONUS, now, side, credit);
        }

      /* 2018 art. 6.3.1: the move count of a period reached, the next
       * period's time is added (saved time carries over, 6.3.2). */
      new_stage = next_move_stage (self, side);
      for (guint stage = old_stage + 1; stage <= new_stage; stage++)
        {
          guint first_move = arb_time_control_first_move_of_stage (&self->tc, side, stage);
          guint index = arb_time_control_period_of_move (&self->tc, side, first_move, NULL);
          gint64 added = self->tc.periods[side][index].time_ms * US_PER_MS;

          self->remaining_us[side] += added;
          append_event (self, ARB_CLOCK_EVENT_PERIOD, now, side, added);
        }

      next = next_move_period (self, side);
      if (next->bonus == ARB_BONUS_INCREMENT && next->bonus_before_move && next->bonus_ms > 0)
        {
          credit = next->bonus_ms * US_PER_MS;
          self->remaining_us[side] += credit;
          append_event (self, ARB_CLOCK_EVENT_BONUS, now, side, credit);
        }
    }

  record_ply (self, side, now, used);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_pause (ArbClock *self)
{
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  if (!is_running (self))
    return FALSE;

  now = read_time (self);
  advance (self, now);

  /* 2018 art. 6.11.1: the arbiter stops the clock. */
  self->move_used_us += now - self->since_us;
  self->since_us = now;
  self->paused = TRUE;
  append_event (self, ARB_CLOCK_EVENT_PAUSE, now, ARB_COLOR_NONE, 0);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_resume (ArbClock *self)
{
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  if (!self->started || !self->paused)
    return FALSE;

  now = read_time (self);
  /* 2018 art. 6.11.3: the arbiter decides when play resumes. */
  self->paused = FALSE;
  self->since_us = now;
  append_event (self, ARB_CLOCK_EVENT_RESUME, now, ARB_COLOR_NONE, 0);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_add_time (ArbClock *self, ArbColor side, gint64 delta_us)
{
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (!has_limit (self))
    return FALSE;

  now = read_time (self);
  advance (self, now);

  self->remaining_us[side] += delta_us;
  append_event (self, ARB_CLOCK_EVENT_ADD_TIME, now, side, delta_us);
  clear_flag_if_time_left (self, side, now);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_set_time (ArbClock *self, ArbColor side, gint64 remaining_us)
{
  gint64 now;
  gint64 shown;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (!has_limit (self) || remaining_us < 0)
    return FALSE;

  now = read_time (self);
  advance (self, now);

  /* Shift the stored time so the time shown now is the one asked for
   * (2018 art. 6.10.2, 7.1). */
  shown = remaining_at (self, side, now);
  self->remaining_us[side] += remaining_us - shown;
  append_event (self, ARB_CLOCK_EVENT_SET_TIME, now, side, remaining_us);
  clear_flag_if_time_left (self, side, now);
  finish_change (self, now, TRUE);
  return TRUE;
}

gboolean
arb_clock_set_moves (ArbClock *self, ArbColor side, guint moves)
{
  gint64 now;
  gint64 shown;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  now = read_time (self);
  advance (self, now);

  /* The period follows the counter (2018 art. 6.10.2, 7.1). Under a simple
   * delay the deduction depends on the period, so keep the time shown. */
  shown = remaining_at (self, side, now);
  self->moves[side] = moves;
  self->remaining_us[side] += shown - remaining_at (self, side, now);
  append_event (self, ARB_CLOCK_EVENT_SET_MOVES, now, side, moves);
  finish_change (self, now, TRUE);
  return TRUE;
}

/* Makes the stored times those shown now and starts a fresh move. */
static void
settle (ArbClock *self, gint64 now)
{
  gint64 shown[2];

  for (int s = 0; s < 2; s++)
    shown[s] = remaining_at (self, (ArbColor) s, now);
  self->remaining_us[0] = shown[0];
  self->remaining_us[1] = shown[1];
  self->move_used_us = 0;
  self->since_us = now;
}

gboolean
arb_clock_restore_ply (ArbClock *self, guint ply, gboolean restore_times)
{
  const ArbClockPly *record;
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  if (ply < self->first_ply || ply > current_ply (self))
    return FALSE;

  now = read_time (self);
  advance (self, now);
  settle (self, now);

  record = &g_array_index (self->plies, ArbClockPly, ply - self->first_ply);
  self->moves[0] = record->moves[0];
  self->moves[1] = record->moves[1];
  if (record->side != ARB_COLOR_NONE)
    self->to_move = !record->side;
  else
    self->to_move = self->first_side;
  if (restore_times)
    {
      self->remaining_us[0] = record->remaining_us[0];
      self->remaining_us[1] = record->remaining_us[1];
    }
  g_array_set_size (self->plies, ply - self->first_ply + 1);

  append_event (self, ARB_CLOCK_EVENT_RESTORE, now, ARB_COLOR_NONE, ply);
  clear_flag_if_time_left (self, ARB_WHITE, now);
  clear_flag_if_time_left (self, ARB_BLACK, now);
  finish_change (self, now, TRUE);
  return TRUE;
}

void
arb_clock_update (ArbClock *self)
{
  gint64 now;
  gboolean due;

  g_return_if_fail (ARB_IS_CLOCK (self));

  now = read_time (self);
  due = now >= arb_clock_get_next_checkpoint_us (self);
  if (due)
    self->last_checkpoint_us = now;
  finish_change (self, now, due);
}

/* ---- queries -------------------------------------------------------------- */

gint64
arb_clock_get_remaining_us (ArbClock *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 0);

  return remaining_at (self, side, read_time (self));
}

gint64
arb_clock_get_move_used_us (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);

  return used_at (self, read_time (self));
}

guint
arb_clock_get_moves (ArbClock *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 0);

  return self->moves[side];
}

guint
arb_clock_get_period (ArbClock *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 0);

  return arb_time_control_period_of_move (&self->tc, side, self->moves[side] + 1, NULL);
}

ArbColor
arb_clock_get_side_to_move (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), ARB_WHITE);

  return self->to_move;
}

gboolean
arb_clock_is_started (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  return self->started;
}

gboolean
arb_clock_is_running (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  return is_running (self);
}

gboolean
arb_clock_is_paused (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);

  return self->started && self->paused;
}

gboolean
arb_clock_get_flag (ArbClock *self, ArbColor side, gint64 *instant_us)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (instant_us != NULL)
    *instant_us = self->flag[side] ? self->flag_at_us[side] : 0;
  return self->flag[side];
}

ArbColor
arb_clock_get_first_flag (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), ARB_COLOR_NONE);

  return self->first_flag;
}

gint64
arb_clock_get_flag_instant_us (ArbClock *self)
{
  gint64 instant;

  g_return_val_if_fail (ARB_IS_CLOCK (self), G_MAXINT64);

  instant = flag_instant (self);
  if (instant == G_MAXINT64)
    return instant;
  return MAX (instant, self->last_change_us);
}

guint
arb_clock_get_n_events (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);

  return self->events->len;
}

const ArbClockEvent *
arb_clock_get_event (ArbClock *self, guint index)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), NULL);
  g_return_val_if_fail (index < self->events->len, NULL);

  return &g_array_index (self->events, ArbClockEvent, index);
}

guint
arb_clock_get_n_plies (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), 0);

  return current_ply (self);
}

gboolean
arb_clock_get_ply (ArbClock *self, guint ply, ArbClockPly *out)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (ply < self->first_ply || ply > current_ply (self))
    return FALSE;
  *out = g_array_index (self->plies, ArbClockPly, ply - self->first_ply);
  return TRUE;
}

char *
arb_clock_format_pgn_time (gint64 us)
{
  gint64 ms = MAX (us, 0) / US_PER_MS;
  gint64 seconds = ms / 1000;
  char *text = g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                                (int) (seconds / 60 % 60), (int) (seconds % 60));

  if (ms % 1000 != 0)
    {
      char digits[4];
      char *with_fraction;

      g_snprintf (digits, sizeof digits, "%03d", (int) (ms % 1000));
      for (int i = 2; i > 0 && digits[i] == '0'; i--)
        digits[i] = '\0';
      with_fraction = g_strdup_printf ("%s.%s", text, digits);
      g_free (text);
      text = with_fraction;
    }
  return text;
}

char *
arb_clock_format_pgn_comment (ArbClock *self, guint ply)
{
  ArbClockPly record;
  g_autofree char *clk = NULL;
  g_autofree char *emt = NULL;

  g_return_val_if_fail (ARB_IS_CLOCK (self), NULL);

  if (ply == 0 || !arb_clock_get_ply (self, ply, &record) || record.side == ARB_COLOR_NONE)
    return NULL;

  clk = arb_clock_format_pgn_time (record.remaining_us[record.side]);
  emt = arb_clock_format_pgn_time (record.used_us);
  return g_strdup_printf ("[%%clk %s] [%%emt %s]", clk, emt);
}

/* ---- durability ----------------------------------------------------------- */

gint64
arb_clock_get_next_checkpoint_us (ArbClock *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK (self), G_MAXINT64);

  if (!is_running (self) || !has_limit (self))
    return G_MAXINT64;
  return self->last_checkpoint_us + CHECKPOINT_INTERVAL_US;
}

void
arb_clock_get_snapshot (ArbClock *self, ArbClockSnapshot *snapshot)
{
  gint64 now;

  g_return_if_fail (ARB_IS_CLOCK (self));
  g_return_if_fail (snapshot != NULL);

  now = read_time (self);
  memset (snapshot, 0, sizeof *snapshot);
  snapshot->version = 1;
  snapshot->started = self->started;
  snapshot->paused = self->paused;
  snapshot->to_move = self->to_move;
  snapshot->move_used_us = used_at (self, now);
  snapshot->plies = current_ply (self);
  snapshot->first_flag = self->first_flag;
  snapshot->taken_at_us = now;
  snapshot->taken_at_real_us = g_get_real_time ();
  for (int s = 0; s < 2; s++)
    {
      snapshot->remaining_us[s] = self->remaining_us[s];
      snapshot->moves[s] = self->moves[s];
      snapshot->flag[s] = self->flag[s];
    }
  /* The sand that ran during the current move is still on the mover's side
   * in remaining_us; the snapshot keeps it there together with
   * move_used_us, exactly as the clock does. */
}

gboolean
arb_clock_restore_snapshot (ArbClock *self, const ArbClockSnapshot *snapshot)
{
  gint64 now;

  g_return_val_if_fail (ARB_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);

  if (snapshot->version != 1 || snapshot->to_move > ARB_BLACK || snapshot->move_used_us < 0)
    return FALSE;

  now = read_time (self);
  self->started = snapshot->started;
  /* After a crash the clocks wait, stopped, for the arbiter. */
  self->paused = snapshot->started;
  self->to_move = snapshot->to_move;
  self->move_used_us = snapshot->move_used_us;
  self->since_us = now;
  self->first_flag = snapshot->first_flag;
  for (int s = 0; s < 2; s++)
    {
      self->remaining_us[s] = snapshot->remaining_us[s];
      self->moves[s] = snapshot->moves[s];
      self->flag[s] = snapshot->flag[s];
      self->flag_at_us[s] = 0;
    }
  reset_plies (self, snapshot->plies, now);
  {
    /* The record of the restored ply shows the times at the snapshot. */
    ArbClockPly *record = &g_array_index (self->plies, ArbClockPly, 0);
    record->remaining_us[0] = remaining_at (self, ARB_WHITE, now);
    record->remaining_us[1] = remaining_at (self, ARB_BLACK, now);
  }

  append_event (self, ARB_CLOCK_EVENT_RECOVER, now, ARB_COLOR_NONE, snapshot->plies);
  finish_change (self, now, TRUE);
  return TRUE;
}

char *
arb_clock_snapshot_to_string (const ArbClockSnapshot *snapshot)
{
  g_return_val_if_fail (snapshot != NULL, NULL);

  return g_strdup_printf (
    "v=%u started=%d paused=%d to_move=%c white=%" G_GINT64_FORMAT " black=%" G_GINT64_FORMAT
    " used=%" G_GINT64_FORMAT " white_moves=%u black_moves=%u plies=%u white_flag=%d black_flag=%d"
    " first_flag=%c at=%" G_GINT64_FORMAT " real=%" G_GINT64_FORMAT,
    snapshot->version, snapshot->started ? 1 : 0, snapshot->paused ? 1 : 0,
    snapshot->to_move == ARB_WHITE ? 'w' : 'b', snapshot->remaining_us[0],
    snapshot->remaining_us[1], snapshot->move_used_us, snapshot->moves[0], snapshot->moves[1],
    snapshot->plies, snapshot->flag[0] ? 1 : 0, snapshot->flag[1] ? 1 : 0,
    snapshot->first_flag == ARB_COLOR_NONE ? '-' : (snapshot->first_flag == ARB_WHITE ? 'w' : 'b'),
    snapshot->taken_at_us, snapshot->taken_at_real_us);
}

static gboolean
parse_int64 (const char *value, gint64 *out)
{
  return g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, out, NULL);
}

gboolean
arb_clock_snapshot_from_string (const char *text, ArbClockSnapshot *snapshot, GError **error)
{
  static const char *const keys[] = { "v",           "started", "paused",     "to_move",
                                      "white",       "black",   "used",       "white_moves",
                                      "black_moves", "plies",   "white_flag", "black_flag",
                                      "first_flag",  "at",      "real" };
  g_auto (GStrv) fields = NULL;
  ArbClockSnapshot result = { 0 };
  guint seen = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);

  fields = g_strsplit (text, " ", -1);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *eq = strchr (fields[i], '=');
      const char *value;
      gint64 number = 0;
      guint key;
      gboolean ok;

      if (eq == NULL)
        goto bad;
      value = eq + 1;
      for (key = 0; key < G_N_ELEMENTS (keys); key++)
        if (strlen (keys[key]) == (gsize) (eq - fields[i]) &&
            strncmp (fields[i], keys[key], eq - fields[i]) == 0)
          break;
      if (key == G_N_ELEMENTS (keys) || (seen & (1u << key)) != 0)
        goto bad;
      seen |= 1u << key;

      if (key == 3 || key == 12)
        {
          int colour = strcmp (value, "w") == 0                  ? 0
                       : strcmp (value, "b") == 0                ? 1
                       : (key == 12 && strcmp (value, "-") == 0) ? -1
                                                                 : -2;
          if (colour == -2)
            goto bad;
          if (key == 3)
            result.to_move = (ArbColor) colour;
          else
            result.first_flag = (ArbColor) colour;
          continue;
        }

      ok = parse_int64 (value, &number);
      if (!ok)
        goto bad;
      switch (key)
        {
        case 0:
          result.version = (guint) number;
          break;
        case 1:
          result.started = number != 0;
          break;
        case 2:
          result.paused = number != 0;
          break;
        case 4:
          result.remaining_us[0] = number;
          break;
        case 5:
          result.remaining_us[1] = number;
          break;
        case 6:
          result.move_used_us = number;
          break;
        case 7:
          result.moves[0] = (guint) CLAMP (number, 0, G_MAXUINT);
          break;
        case 8:
          result.moves[1] = (guint) CLAMP (number, 0, G_MAXUINT);
          break;
        case 9:
          result.plies = (guint) CLAMP (number, 0, G_MAXUINT);
          break;
        case 10:
          result.flag[0] = number != 0;
          break;
        case 11:
          result.flag[1] = number != 0;
          break;
        case 13:
          result.taken_at_us = number;
          break;
        case 14:
          result.taken_at_real_us = number;
          break;
        default:
          break;
        }
    }

  if (seen != (1u << G_N_ELEMENTS (keys)) - 1 || result.version != 1)
    goto bad;

  *snapshot = result;
  return TRUE;

bad:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _ ("Not a clock snapshot: “%s”"), text);
  return FALSE;
}
