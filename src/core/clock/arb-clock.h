/* arb-clock.h: the running chess clock of one game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-color.h"
#include "arb-time-control.h"

G_BEGIN_DECLS

/* An ArbClock keeps both clocks of one game under an ArbTimeControl.
 *
 * State is timestamps, never ticks: the running side's time left is
 * its time at the start of the current move minus what the time source says
 * has passed since (less a simple delay, if any). Every operation reads the
 * time source once, so all arithmetic is exact to the microsecond of that
 * source. Tests inject a fake source with arb_clock_set_time_func().
 *
 * Flags. A flag falls when a side's time reaches zero (2018 Laws, art. 6.1;
 * a press at the very instant the time reaches zero is too late). The instant
 * is computed from the timestamps, so it is exact whenever it is noticed.
 * It is noticed by every call that reads the time (any operation, or
 * arb_clock_update()), and, in live mode, by a one-shot GSource whose ready
 * time (g_source_set_ready_time(), monotonic clock) is re-armed at every
 * change of state; each time it emits ::flag-fell with the exact instant.
 * After a fall the clock keeps running and the time left goes below zero:
 * in rapid and blitz a fall only counts when it is claimed or seen (2018,
 * A.4.3, A.4.5), and a second fall is possible; arb_clock_get_first_flag()
 * says which fell first. Which fall counts and what it means is for the
 * Laws engine (art. 6.9, Appendix G.3 in 2018; 6.11 in 2009).
 *
 * Moves and periods. Each side's move counter counts its own completed
 * moves. A side enters the next period when its counter reaches the end of
 * the current one; the new period's time is then added (art. 6.3.1). The
 * period is always the one the counter implies: correcting the counter
 * (arb_clock_set_moves(), art. 6.10.2 and 7.1 in 2018, 6.10 b and 6.13 in
 * 2009) moves the side into that period but never adds or removes time; the
 * arbiter sets the times the ruling requires.
 *
 * Bonuses per move, by the period the completed move belongs to:
 *   increment   added after the press ("+N"), or credited when the move
 *               starts ("+N^": also once before move 1, as FIDE clocks do);
 *   Bronstein   after the press the time used on the move is given back, at
 *               most the delay: the time can never grow;
 *   simple      the main time only starts to run after the delay
 *               (art. 6.3.2); nothing is ever added.
 *
 * History. Every change appends an ArbClockEvent with its timestamp and
 * both times left after it; every press also records an ArbClockPly, so the
 * clocks of any earlier ply can be shown, restored (arb_clock_restore_ply())
 * or exported as [%clk]/[%emt] (arb_clock_format_pgn_comment()).
 *
 * Durability. The caller (storage) keeps a game's clock safe with two
 * signals: ::event-added gives each new event (store it; a press is one),
 * and ::checkpoint asks for arb_clock_get_snapshot() to be stored. It is
 * emitted after every event and at least every second of running time, so a
 * crash loses at most min(time since the last press, 1 s) of clock time. A
 * snapshot is a small struct that converts to and from one line of text;
 * arb_clock_restore_snapshot() brings it back, with both clocks paused. */

#define ARB_TYPE_CLOCK (arb_clock_get_type ())

G_DECLARE_FINAL_TYPE (ArbClock, arb_clock, ARB, CLOCK, GObject)

/* Returns a monotonic time in microseconds. */
typedef gint64 (*ArbClockTimeFunc) (gpointer user_data);

typedef enum
{
  ARB_CLOCK_EVENT_START,     /* the first clock started (art. 6.6) */
  ARB_CLOCK_EVENT_PRESS,     /* side completed a move; amount = time used on it */
  ARB_CLOCK_EVENT_BONUS,     /* side was credited an increment or delay; amount */
  ARB_CLOCK_EVENT_PERIOD,    /* side entered a period; amount = its time, added */
  ARB_CLOCK_EVENT_PAUSE,     /* both clocks stopped (art. 6.11) */
  ARB_CLOCK_EVENT_RESUME,    /* play resumed */
  ARB_CLOCK_EVENT_ADD_TIME,  /* amount added to side's time; may be negative */
  ARB_CLOCK_EVENT_SET_TIME,  /* side's time set to amount */
  ARB_CLOCK_EVENT_SET_MOVES, /* side's move counter set to amount */
  ARB_CLOCK_EVENT_FLAG,      /* side's flag fell; timestamp is the exact instant */
  ARB_CLOCK_EVENT_RESTORE,   /* clocks restored to ply = amount */
  ARB_CLOCK_EVENT_RECOVER,   /* state brought back from a snapshot; amount = its ply */
} ArbClockEventKind;

typedef struct
{
  ArbClockEventKind kind;
  gint64 timestamp_us;    /* of the time source */
  ArbColor side;          /* ARB_COLOR_NONE: both (a pause, a restore) */
  gint64 amount;          /* microseconds, a move count or a ply (see the kind) */
  guint ply;              /* plies completed when it happened */
  gint64 remaining_us[2]; /* both times left after the event */
  guint moves[2];         /* both move counters after the event */
} ArbClockEvent;

typedef struct
{
  guint ply;              /* 0 = before the first move */
  ArbColor side;          /* the side that moved; ARB_COLOR_NONE for ply 0 */
  gint64 timestamp_us;    /* when the clock was pressed */
  gint64 used_us;         /* thinking time of the move ([%emt]), pauses excluded */
  gint64 remaining_us[2]; /* times left after the press, bonuses included ([%clk]) */
  guint moves[2];
} ArbClockPly;

/* The state a crash must not lose. remaining_us holds each side's time at
 * the start of its current move (for the side to move, before
 * move_used_us is deducted), so a simple delay resumes where it was. */
typedef struct
{
  guint version; /* 1 */
  gboolean started;
  gboolean paused;
  ArbColor to_move;
  gint64 remaining_us[2];
  gint64 move_used_us; /* time used on the current move so far */
  guint moves[2];
  guint plies;
  gboolean flag[2];
  ArbColor first_flag;     /* ARB_COLOR_NONE while no flag has fallen */
  gint64 taken_at_us;      /* time source; meaningful only in this process */
  gint64 taken_at_real_us; /* g_get_real_time(), to judge the gap after a crash */
} ArbClockSnapshot;

ArbClock *arb_clock_new (const ArbTimeControl *tc);

/* Replaces the time source; NULL restores g_get_monotonic_time(). Live
 * timers (the flag GSource, periodic ::checkpoint) run only with the
 * default source, on the thread-default main context of the caller of
 * arb_clock_new(); with any other source call arb_clock_update(). */
void arb_clock_set_time_func (ArbClock *self,
                              ArbClockTimeFunc func,
                              gpointer user_data,
                              GDestroyNotify destroy);

const ArbTimeControl *arb_clock_get_time_control (ArbClock *self);

/* Before the start only: which side's clock starts (White by default,
 * 2018 art. 6.6; Black in a game set up with Black to move). */
gboolean arb_clock_set_first_side (ArbClock *self, ArbColor side);

/* Operations. Each reads the time source once, notices any flag fall up to
 * that moment, then records its event. They return FALSE (and change
 * nothing) when they make no sense in the current state. */
gboolean arb_clock_start (ArbClock *self);
gboolean arb_clock_press (ArbClock *self);
gboolean arb_clock_pause (ArbClock *self);
gboolean arb_clock_resume (ArbClock *self);
gboolean arb_clock_add_time (ArbClock *self, ArbColor side, gint64 delta_us);
gboolean arb_clock_set_time (ArbClock *self, ArbColor side, gint64 remaining_us);
gboolean arb_clock_set_moves (ArbClock *self, ArbColor side, guint moves);
/* Returns to the state after @ply: that side to move, the move counters of
 * then, and, if @restore_times, the times of then (2018 art. 7.1 leaves the
 * times to the arbiter). Later plies are dropped from the record. */
gboolean arb_clock_restore_ply (ArbClock *self, guint ply, gboolean restore_times);

/* Reads the time source and notices flag falls and due checkpoints. */
void arb_clock_update (ArbClock *self);

/* Queries, at the time source's present moment. */
gint64 arb_clock_get_remaining_us (ArbClock *self, ArbColor side);
gint64 arb_clock_get_move_used_us (ArbClock *self);
guint arb_clock_get_moves (ArbClock *self, ArbColor side);
guint arb_clock_get_period (ArbClock *self, ArbColor side);
ArbColor arb_clock_get_side_to_move (ArbClock *self);
gboolean arb_clock_is_started (ArbClock *self);
gboolean arb_clock_is_running (ArbClock *self);
gboolean arb_clock_is_paused (ArbClock *self);
gboolean arb_clock_get_flag (ArbClock *self, ArbColor side, gint64 *instant_us);
ArbColor arb_clock_get_first_flag (ArbClock *self);
/* When the running side's flag will fall if nothing changes; G_MAXINT64 if
 * no clock runs, the flag is down, or the control has no limit. */
gint64 arb_clock_get_flag_instant_us (ArbClock *self);

/* History. */
guint arb_clock_get_n_events (ArbClock *self);
const ArbClockEvent *arb_clock_get_event (ArbClock *self, guint index);
guint arb_clock_get_n_plies (ArbClock *self);
gboolean arb_clock_get_ply (ArbClock *self, guint ply, ArbClockPly *out);

/* "H:MM:SS", with up to three decimals if not whole seconds; negative times
 * print as 0:00:00 (a PGN clock cannot be negative). */
char *arb_clock_format_pgn_time (gint64 us);
/* "[%clk 1:29:40] [%emt 0:00:20]" for @ply (1-based), or NULL. */
char *arb_clock_format_pgn_comment (ArbClock *self, guint ply);

/* Durability. */
void arb_clock_get_snapshot (ArbClock *self, ArbClockSnapshot *snapshot);
gboolean arb_clock_restore_snapshot (ArbClock *self, const ArbClockSnapshot *snapshot);
char *arb_clock_snapshot_to_string (const ArbClockSnapshot *snapshot);
gboolean arb_clock_snapshot_from_string (const char *text,
                                         ArbClockSnapshot *snapshot,
                                         GError **error);
/* When the next ::checkpoint is due (time source); G_MAXINT64 if none is
 * due because no clock runs. */
gint64 arb_clock_get_next_checkpoint_us (ArbClock *self);

G_END_DECLS
