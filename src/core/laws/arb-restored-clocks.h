/* arb-restored-clocks.h: the clock times proposed when an earlier position is set up again
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-color.h"
#include "arb-time-control.h"

G_BEGIN_DECLS

/* When a completed illegal move is found and the position before it is set
 * up again (2014/2018/2023 7.5.1), the arbiter sets the clocks by his best
 * judgement (2014/2018/2023 7.1; 2009 6.13; 2001 6.14). The proposal made
 * here is the usual judgement: the opponent gets the time his clock showed
 * at the restored position; the offender gets his time there less the time
 * he has used since, so that the moves taken back do not give him his
 * thinking time again. An increment, a period's time or an increment
 * credited in advance ("+N^") that a taken-back move earned is not kept.
 * With a delay (Bronstein or simple) the time used is what the clock
 * charged, the delay having never added time. The arbiter may change
 * either time. */

typedef struct
{
  ArbColor offender;      /* the side whose illegal move is taken back */
  ArbColor first_side;    /* the side that made ply 1 */
  guint start_moves[2];   /* moves each side had completed before ply 1 */
  guint restored_ply;     /* the position set up again is the one after this ply */
  guint n_plies;          /* plies in the record now, at least restored_ply */
  const gint64 *times_ms; /* 2 × (n_plies + 1) values: the clocks after ply k
                           * at [2k + ARB_WHITE] and [2k + ARB_BLACK] (k = 0:
                           * the start); -1 where none was recorded */
  gint64 now_ms[2];       /* both clocks as they stand now */
} ArbRestoredClocksFacts;

typedef struct
{
  gint64 ms[2];             /* the proposed times, by side */
  gint64 offender_used_ms;  /* the time the offender used since the restored ply */
  gint64 not_kept_ms;       /* what the clock added for the moves taken back */
  gboolean from_every_move; /* FALSE: some ply had no recorded times, the used
                             * time was taken from the clocks now instead */
} ArbRestoredClocks;

/* Proposes both clock times for @facts under @tc (a control with periods).
 * FALSE when there is nothing to propose from: the restored ply has no
 * recorded times, is past the record, or @tc has no periods. */
gboolean arb_restored_clocks_propose (const ArbTimeControl *tc,
                                      const ArbRestoredClocksFacts *facts,
                                      ArbRestoredClocks *out);

G_END_DECLS
