/* arb-dead-watch.h: who can still checkmate on a board, examined after every move
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-game.h"
#include "arb-unwinnable.h"

G_BEGIN_DECLS

/* An ArbDeadWatch follows one ArbGame: after every move it asks the
 * unwinnability search (arb-unwinnable.h), in a worker thread (GTask) and
 * within a node budget, whether each side can still checkmate by some
 * series of legal moves. The main loop never waits for it; when another
 * move comes before the answer, the stale question is cancelled and its
 * answer dropped.
 *
 * What the answers are for:
 *  - a dead position (2018/2023 5.2.2: neither side can checkmate) ends the
 *    game at once. The move is stored first, without the end, when only
 *    the search can tell; the end follows through
 *    arb_tournament_end_game_at_ply() (result, how the game ended and the
 *    ruling with its article, in one transaction) as soon as the search has
 *    proven it, unless the game has changed in the file meanwhile. A
 *    position the search cannot decide is never called dead. A game shown
 *    for reading only is not written to.
 *  - a flag fall (6.9): the answer for the side whose flag did not fall is
 *    there before the flag falls, so a view can say at once whether the
 *    game is lost or drawn. From the 2014 edition on, the 75-move rule
 *    (9.6.2) bounds the series, as in the ruling (arb-ruling-facts.h).
 *
 * ::updated is emitted when an answer for the game's current position
 * arrives (after the game's own ::changed, if the answer ended it). */

#define ARB_TYPE_DEAD_WATCH (arb_dead_watch_get_type ())
G_DECLARE_FINAL_TYPE (ArbDeadWatch, arb_dead_watch, ARB, DEAD_WATCH, GObject)

/* The watch of @game: made and started on the first call, then kept with
 * the game (and freed with it), so that every view of the game shares it. */
ArbDeadWatch *arb_dead_watch_get (ArbGame *game);
/* The watch of @game if one was made, or NULL. */
ArbDeadWatch *arb_dead_watch_peek (ArbGame *game);

/* Nodes per question (0: ARB_UNWINNABLE_DEFAULT_BUDGET); takes effect
 * from the next move. */
void arb_dead_watch_set_budget (ArbDeadWatch *self, guint64 node_budget);

/* The answer for @side in the game's current position: TRUE with *verdict
 * (and *result, if not NULL, with the helpmate line or the proof) when it
 * is known, FALSE while it is still being examined. */
gboolean arb_dead_watch_get_verdict (ArbDeadWatch *self,
                                     ArbColor side,
                                     ArbUnwinnableVerdict *verdict,
                                     const ArbUnwinnableResult **result);
/* Both sides proven unable to checkmate in the current position (pure
 * chess, without the 75-move bound). */
gboolean arb_dead_watch_is_dead (ArbDeadWatch *self);
/* A question is being examined. */
gboolean arb_dead_watch_is_busy (ArbDeadWatch *self);

G_END_DECLS
