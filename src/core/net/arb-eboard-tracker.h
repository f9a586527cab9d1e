/* arb-eboard-tracker.h: when an e-board's moves have settled
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-livechess-message.h"
#include "arb-source-game.h"

G_BEGIN_DECLS

/* An e-board reports what its sensors see, and they see hands as well as
 * moves: the same event twice, several moves in one event, a piece lifted
 * and put back, a piece in the air read as a move and corrected a moment
 * later, a board that cannot be read while a hand covers it. The tracker
 * of one e-board takes its events and says when its moves have settled,
 * as lichess's connector does (it holds doubtful events back 2.5 s):
 *
 *  - the moves count only once they and the board have not changed for
 *    the settling time, and the board can be read and shows the position
 *    those moves lead to (either way round, for a board set up flipped);
 *  - a board that stays unreadable, or shows another position, holds the
 *    moves back at most ten settling times: a knocked-over piece must not
 *    stop the game being followed;
 *  - the same moves are reported once: duplicates, and a piece lifted
 *    and put back, report nothing.
 *
 * The tracker keeps no clock of its own: every call says what time it is
 * (monotonic microseconds), so tests drive it step by step. */

typedef struct _ArbEboardTracker ArbEboardTracker;

/* lichess holds a doubtful e-board event for 2.5 s. */
#define ARB_EBOARD_DEFAULT_SETTLE_MS 2500
#define ARB_EBOARD_LONGEST_WAIT_FACTOR 10

ArbEboardTracker *arb_eboard_tracker_new (const char *serial, guint settle_ms);
void arb_eboard_tracker_free (ArbEboardTracker *self);

const char *arb_eboard_tracker_get_serial (ArbEboardTracker *self);

/* An event of the board (@board from an "eboards" answer or a feed, @san
 * its moves or NULL when the event has none) at @now_us. */
void arb_eboard_tracker_feed (ArbEboardTracker *self,
                              const ArbLivechessBoard *board,
                              GPtrArray *san,
                              gint64 now_us);

/* At @now_us: the game when its moves have settled on something not
 * reported yet (a new reference), else NULL. *next_us gets when to ask
 * again, or G_MAXINT64 when nothing waits. */
ArbSourceGame *arb_eboard_tracker_poll (ArbEboardTracker *self, gint64 now_us, gint64 *next_us);

/* Whether the board can be read now (its state and its placement). */
gboolean arb_eboard_tracker_is_readable (ArbEboardTracker *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbEboardTracker, arb_eboard_tracker_free)

G_END_DECLS
