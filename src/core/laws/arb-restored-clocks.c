/* arb-restored-clocks.c: the clock times proposed when an earlier position is set up again
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-restored-clocks.h"

/* What the clock adds to @side's time when it presses the clock after its
 * move number @move (1 = its first), as arb_clock_press() does: the
 * increment of the period the move was played in, the time of every
 * period the move count enters (2018/2023 6.3.1), and an increment
 * credited in advance for the next move ("+N^"). A Bronstein delay is not
 * counted: it only gives back part of the time the move used. */
static gint64
added_after_move (const ArbTimeControl *tc, ArbColor side, guint move)
{
  int idx = tc->per_side ? side : ARB_WHITE;
  guint stage = 0, next_stage = 0;
  guint played = arb_time_control_period_of_move (tc, side, move, &stage);
  guint next = arb_time_control_period_of_move (tc, side, move + 1, &next_stage);
  const ArbTimePeriod *p = &tc->periods[idx][played];
  const ArbTimePeriod *n = &tc->periods[idx][next];
  gint64 added = 0;

  if (p->bonus == ARB_BONUS_INCREMENT && !p->bonus_before_move)
    added += p->bonus_ms;
  for (guint s = stage + 1; s <= next_stage; s++)
    {
      guint first = arb_time_control_first_move_of_stage (tc, side, s);

      added += tc->periods[idx][arb_time_control_period_of_move (tc, side, first, NULL)].time_ms;
    }
  if (n->bonus == ARB_BONUS_INCREMENT && n->bonus_before_move)
    added += n->bonus_ms;
  return added;
}

static gint64
time_after (const ArbRestoredClocksFacts *facts, guint ply, ArbColor side)
{
  return facts->times_ms[2 * ply + side];
}

gboolean
arb_restored_clocks_propose (const ArbTimeControl *tc,
                             const ArbRestoredClocksFacts *facts,
                             ArbRestoredClocks *out)
{
  ArbColor offender;
  guint p, moves;
  gint64 used = 0, added = 0;
  gboolean every = TRUE;

  g_return_val_if_fail (tc != NULL && facts != NULL && out != NULL, FALSE);
  g_return_val_if_fail (facts->offender == ARB_WHITE || facts->offender == ARB_BLACK, FALSE);

  offender = facts->offender;
  p = facts->restored_ply;
  if (tc->kind != ARB_TIME_CONTROL_PERIODS || facts->times_ms == NULL || p > facts->n_plies ||
      time_after (facts, p, ARB_WHITE) < 0 || time_after (facts, p, ARB_BLACK) < 0)
    return FALSE;

  /* The offender's moves completed at the restored ply: ply k was made by
   * the first side when k is odd. */
  moves = facts->start_moves[offender] + (offender == facts->first_side ? (p + 1) / 2 : p / 2);

  /* Each of his moves taken back: the time it used is what his clock lost
   * from before the move to after it, plus what the press added. */
  for (guint k = p + 1; k <= facts->n_plies; k++)
    {
      ArbColor mover = k % 2 == 1 ? facts->first_side : !facts->first_side;
      gint64 before, after, bonus;

      if (mover != offender)
        continue;
      moves++;
      bonus = added_after_move (tc, offender, moves);
      added += bonus;
      before = time_after (facts, k - 1, offender);
      after = time_after (facts, k, offender);
      if (before < 0 || after < 0)
        every = FALSE;
      else
        used += before - after + bonus;
    }
  /* …and the move he is thinking on now, if it is his turn. */
  if ((facts->n_plies % 2 == 0 ? facts->first_side : !facts->first_side) == offender)
    {
      gint64 last = time_after (facts, facts->n_plies, offender);

      if (last < 0)
        every = FALSE;
      else
        used += last - facts->now_ms[offender];
    }
  /* Without the times of every ply, the clocks now tell the same when
   * nobody changed them meanwhile: his time now less what was added. */
  if (!every)
    used = time_after (facts, p, offender) + added - facts->now_ms[offender];

  out->ms[!offender] = time_after (facts, p, !offender);
  out->ms[offender] = MAX (0, time_after (facts, p, offender) - used);
  out->offender_used_ms = MAX (0, used);
  out->not_kept_ms = added;
  out->from_every_move = every;
  return TRUE;
}
