/* arb-unwinnable-steer.h: where the helpmate search steers, and in what
 * order it tries moves
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "arb-position.h"

G_BEGIN_DECLS

/* Where the search steers the mate: a corner on the mating side's far rank,
 * dark when the mating side has a dark bishop (or no bishop, while the
 * other side has a light one to block with), otherwise light. The king to be
 * mated heads for the corner, its men for the square next to it, the mating
 * king for the square two steps in front of it. */
typedef struct
{
  ArbSquare corner;
  ArbSquare blocker;
  ArbSquare mating_king;
  /* The second, wider search: the men of the side to be mated head for
   * every square next to the corner (block_steps: moves on an empty board
   * from each square to the nearest, 255 never), and the mating side's men
   * get out of the corner's way, at no cost either. */
  gboolean wide;
  gboolean steps_known; /* block_steps worked out (the first widening) */
  guint8 block_steps[4][64];
} ArbUnwinnableTarget;

/* Depth a move costs: 0 for progress (a pawn push, a capture by the mating
 * side, a king or knight closing in on its target square), 3 for a capture
 * by the side to be mated, 1 otherwise (0 right after progress). */
enum
{
  ARB_UNWINNABLE_COST_PROGRESS = 0,
  ARB_UNWINNABLE_COST_NORMAL = 1,
  ARB_UNWINNABLE_COST_PUNISH = 3,
};

/* The target for a helpmate by @winner in @pos (not yet wide). */
void arb_unwinnable_choose_target (const ArbPosition *pos, ArbColor winner, ArbUnwinnableTarget *t);

/* Makes @t the wider search's (works out block_steps the first time). */
void arb_unwinnable_widen_target (ArbUnwinnableTarget *t);

/* The depth @move costs in @pos (one of the ARB_UNWINNABLE_COST_ values). */
int arb_unwinnable_move_cost (const ArbPosition *pos,
                              ArbMove move,
                              ArbColor winner,
                              const ArbUnwinnableTarget *t);

/* Sorts @list, most promising first for a helpmate by @winner: by the
 * scores of arb_unwinnable_score_moves(), highest first, moves of equal
 * score in the order of the list (a stable sort). */
void arb_unwinnable_order_moves (const ArbPosition *pos, ArbMoveList *list, ArbColor winner);

/* The scores arb_unwinnable_order_moves() sorts by, higher for a more
 * promising move, one for each move of @list in @scores. */
void arb_unwinnable_score_moves (const ArbPosition *pos,
                                 const ArbMoveList *list,
                                 ArbColor winner,
                                 gint16 *scores);

/* Sorts @moves[0..@n) by their @scores as arb_unwinnable_order_moves()
 * does (the scores themselves may be left unsorted). */
void arb_unwinnable_sort_scored (ArbMove *moves, gint16 *scores, guint n);

/* How many moves of a list arb_unwinnable_pick_move() takes one by one
 * before the search sorts the rest at once. */
#define ARB_UNWINNABLE_PICKS 4

/* The first place of the highest of @scores[@from..@n) (@from < @n). With
 * SSE2 (every x86-64), eight scores a step: the highest first, then its
 * first place; the search asks this for the first moves of every list. */
static inline __attribute__ ((always_inline)) guint
arb_unwinnable_first_highest (const gint16 *scores, guint from, guint n)
{
  guint i = from, best = from;

#ifdef __SSE2__
  if (n - from >= 8)
    {
      __m128i high = _mm_loadu_si128 ((const __m128i *) (scores + from)), want;
      gint16 top;

      for (i = from + 8; i + 8 <= n; i += 8)
        high = _mm_max_epi16 (high, _mm_loadu_si128 ((const __m128i *) (scores + i)));
      /* The last eight, some of them again: no loop for the rest. */
      high = _mm_max_epi16 (high, _mm_loadu_si128 ((const __m128i *) (scores + n - 8)));
      high = _mm_max_epi16 (high, _mm_shuffle_epi32 (high, _MM_SHUFFLE (1, 0, 3, 2)));
      high = _mm_max_epi16 (high, _mm_shuffle_epi32 (high, _MM_SHUFFLE (2, 3, 0, 1)));
      high = _mm_max_epi16 (high, _mm_shufflelo_epi16 (high, _MM_SHUFFLE (2, 3, 0, 1)));
      top = (gint16) _mm_extract_epi16 (high, 0);
      want = _mm_set1_epi16 (top);
      for (i = from; i + 8 <= n; i += 8)
        {
          int mask = _mm_movemask_epi8 (
            _mm_cmpeq_epi16 (_mm_loadu_si128 ((const __m128i *) (scores + i)), want));

          if (mask != 0)
            return i + (guint) __builtin_ctz ((guint) mask) / 2;
        }
      while (scores[i] != top)
        i++;
      return i;
    }
#endif
  for (i = from + 1; i < n; i++)
    if (scores[i] > scores[best])
      best = i;
  return best;
}

/* Brings to @next the move that arb_unwinnable_order_moves() puts there,
 * when @moves[0..@next) are already its first @next: the first move of the
 * highest score among @moves[@next..@n), the moves between moving up one
 * place each, so that the others keep their order. Taken for next = 0, 1,
 * ... in turn, the moves come in the sorted order at a cost that grows with
 * the moves taken, not with the list: the search mostly takes a few moves
 * of a list before it stops there (a mate found, the budget spent, the
 * walk going deeper first). */
static inline __attribute__ ((always_inline)) void
arb_unwinnable_pick_move (ArbMove *moves, gint16 *scores, guint next, guint n)
{
  guint best = arb_unwinnable_first_highest (scores, next, n);
  gint16 score;
  ArbMove move;

  if (best == next)
    return;
  score = scores[best];
  move = moves[best];
  memmove (scores + next + 1, scores + next, (best - next) * sizeof (gint16));
  memmove (moves + next + 1, moves + next, (best - next) * sizeof (ArbMove));
  scores[next] = score;
  moves[next] = move;
}

G_END_DECLS
