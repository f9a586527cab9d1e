/* arb-tournament-clock.h: storing a game's ArbClock
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-clock.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The kind of an ArbClockEvent as stored: "start", "press", "bonus",
 * "period", "pause", "resume", "add-time", "set-time", "set-moves",
 * "flag", "restore", "recover". */
const char *arb_tournament_clock_event_kind (ArbClockEventKind kind);

/* The record of one event of the game's clock (from ::event-added), for
 * arb_tournament_add_clock_event(). Times become milliseconds; the amount
 * is milliseconds for time events, a move count for "set-moves" and a ply
 * for "restore" and "recover". */
void arb_tournament_clock_event_record (const ArbClockEvent *event, ArbClockEventRecord *record);

/* Sets the clock's checkpoint (from ::checkpoint), replacing the last. */
gboolean arb_tournament_set_clock_checkpoint (ArbTournament *self,
                                              gint64 game_id,
                                              ArbClock *clock,
                                              GError **error);

/* The checkpoints of several games' clocks, in one transaction. */
gboolean arb_tournament_set_clock_checkpoints (ArbTournament *self,
                                               guint n,
                                               const gint64 *game_ids,
                                               ArbClock *const *clocks,
                                               GError **error);

/* Brings the clock back from the last checkpoint (paused, as after a
 * crash). FALSE without an error when there is none. */
gboolean arb_tournament_recover_clock (ArbTournament *self,
                                       gint64 game_id,
                                       ArbClock *clock,
                                       GError **error);

G_END_DECLS
