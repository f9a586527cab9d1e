/* arb-clock-view.h: both clocks of a game, as the arbiter reads them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-clock.h"

G_BEGIN_DECLS

/* ArbClockView shows the two clocks of an ArbClock: each face has the time
 * left in tabular figures (h:mm:ss from one hour up, m:ss below, m:ss.t
 * below ten seconds), the running side is highlighted, a fallen flag is
 * marked, and a detail line gives the period and the moves left to the
 * next time control.
 *
 * It never ticks by itself: the owner calls arb_clock_view_refresh() from
 * one tick source per window (a single timeout, re-armed for the smallest
 * delay the views return, or a frame-clock tick callback). The view also
 * refreshes when the clock emits ::event-added (a press, pause, adjustment).
 * A refresh only touches labels whose text changes.
 *
 * Properties:
 *   clock        ArbClock (nullable)   the clock shown
 *   flipped      gboolean              vertical: White on top; horizontal:
 *                                      Black on the left
 *   compact      gboolean              small faces, no detail line (cards)
 *   orientation  GtkOrientation        (GtkOrientable) vertical puts Black
 *                                      on top, like an unflipped board
 *
 * CSS name "clockview"; faces are ".clock-face" with ".white"/".black",
 * ".running" on the running side and ".flag-fallen" once its flag fell. */
#define ARB_TYPE_CLOCK_VIEW (arb_clock_view_get_type ())

G_DECLARE_FINAL_TYPE (ArbClockView, arb_clock_view, ARB, CLOCK_VIEW, GtkWidget)

GtkWidget *arb_clock_view_new (ArbClock *clock);

ArbClock *arb_clock_view_get_clock (ArbClockView *self);
void arb_clock_view_set_clock (ArbClockView *self, ArbClock *clock);

gboolean arb_clock_view_get_flipped (ArbClockView *self);
void arb_clock_view_set_flipped (ArbClockView *self, gboolean flipped);

gboolean arb_clock_view_get_compact (ArbClockView *self);
void arb_clock_view_set_compact (ArbClockView *self, gboolean compact);

/* Reads the clock (its own time source) and updates what changed. Returns
 * the microseconds until the display next changes if nothing else happens
 * (the next whole second, or tenth under ten seconds), or G_MAXINT64 when
 * no clock runs. The owner's single tick source can sleep for the smallest
 * value over all views of the window. */
gint64 arb_clock_view_refresh (ArbClockView *self);

/* The text shown now; for tests and accessibility. */
const char *arb_clock_view_get_time_text (ArbClockView *self, ArbColor side);
const char *arb_clock_view_get_detail_text (ArbClockView *self, ArbColor side);

/* Formats a time left the way the faces show it, rounding down: "1:30:00",
 * "4:05", "0:09.5"; negative times show as "0:00.0". Writes at most 16
 * bytes including the NUL. */
void arb_clock_view_format_time (gint64 remaining_us, char buf[16]);

/* Microseconds until arb_clock_view_format_time() of a clock running down
 * from @remaining_us shows something else. */
gint64 arb_clock_view_time_to_next_change (gint64 remaining_us);

G_END_DECLS
