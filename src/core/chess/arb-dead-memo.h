/* arb-dead-memo.h: the dead-position search of a game, ply after ply
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* Answers, for the positions of a game one after the other, whether the
 * helpmate search of arb-unwinnable.h proves that neither side can mate
 * (5.2.2), with the same answer as asking arb_unwinnable_decide() for White
 * and then, if White cannot mate, for Black, with the same node budget,
 * every time; but without searching again where the answer is already
 * known:
 *  - the helpmate lines found for earlier positions (a few for each side)
 *    prove the next position of the game not dead when the game played a
 *    line's first move, when a move both players take back returns to the
 *    position the line starts from, or when the rest of the line, as it is
 *    or with the moves the game made impossible dropped in pairs, still
 *    mates from there (the search never calls a position with a helpmate
 *    dead, so a helpmate played out agrees with it); a line none of this
 *    saves is tried after a quiet move of the player to move and the
 *    line's first move (the game played another move in its place), and
 *    else played out as far as it goes and a helpmate search of a few
 *    hundred nodes (arb_unwinnable_find_helpmate_at_king()) asked to
 *    finish it from there;
 *  - helpmate searches of a few thousand nodes, for White and then for
 *    Black, aimed at the king where it stands
 *    (arb_unwinnable_find_helpmate_at_king()), before the search that
 *    decides, which steers the king to a corner;
 *  - a table keyed by the whole position (arb-dead-table.h: men, side to
 *    move, castling rights, e.p. square) answers positions met before, in
 *    the same game or an earlier one.
 * The table has a fixed size; older answers are overwritten. */
typedef struct _ArbDeadMemo ArbDeadMemo;

ArbDeadMemo *arb_dead_memo_new (void);
void arb_dead_memo_free (ArbDeadMemo *memo);

/* TRUE when @pos is proven dead by the search with @node_budget nodes per
 * side (> 0). A new budget forgets every answer of the old one. */
gboolean arb_dead_memo_is_dead (ArbDeadMemo *memo, const ArbPosition *pos, guint64 node_budget);

/* Asks the processor to fetch what arb_dead_memo_is_dead () will read of
 * its table for @pos, so that other work hides the wait: first the keys
 * (@keys_read FALSE), then, a little later, the answer they point at. */
void arb_dead_memo_prefetch (const ArbDeadMemo *memo, const ArbPosition *pos, gboolean keys_read);

typedef struct
{
  guint64 queries;
  guint64 by_line;
  /* Of those by a line, the ones where a line that no longer mates was
   * played out as far as it goes and a short helpmate search from there
   * finished it. */
  guint64 by_finish;
  /* Of those finished, the ones where a move of the player to move and
   * then the line's first move, which the game did not play, were enough:
   * the rest of the line still mates after both. */
  guint64 by_waiting;
  /* Of those by a line, the ones where no line was left and a helpmate
   * search for either side aimed at the king where it stands found one
   * (arb_unwinnable_find_helpmate_at_king()). */
  guint64 by_king;
  guint64 by_table;
  guint64 searches;
} ArbDeadMemoStats;

void arb_dead_memo_get_stats (const ArbDeadMemo *memo, ArbDeadMemoStats *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeadMemo, arb_dead_memo_free)

G_END_DECLS
