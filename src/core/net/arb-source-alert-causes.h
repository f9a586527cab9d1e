/* arb-source-alert-causes.h: whether a source still reports an alert's cause
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-source-diff.h"
#include "arb-tournament-sources.h"

G_BEGIN_DECLS

/* An open alert a source raised on a game stays open while the source
 * reports its cause, and is cleared by the source when it no longer does
 * (ARB_SOURCE_ALERT_CLEARED, kept in the file and the log):
 *
 *  illegal-move   the source reports the same move at the same ply, after
 *                 the stored moves;
 *  changed-moves  the source's line parts from the stored one at the same
 *                 ply with the same moves (none, for a take-back);
 *  wrong-colours  the source has the board's players the other way round.
 *
 * @diff compares the source's game with the stored one, NULL when it was
 * not compared (the colours are reversed: nothing of it is merged);
 * @reversed says whether the source has the players the other way round.
 * An alert of a kind this cannot judge stays. */
gboolean arb_source_alert_cause_stays (const ArbSourceAlertInfo *alert,
                                       const ArbSourceDiff *diff,
                                       gboolean reversed);

G_END_DECLS
