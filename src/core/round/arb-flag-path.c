/* arb-flag-path.c: the one path of a flag fall into the tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-flag-path.h"

#include "arb-tournament-ruling.h"
#include "arb-unwinnable.h"

/* The ruling of the flag of @side, or NULL when whether the opponent can
 * checkmate is not known: then the arbiter decides. */
static ArbRuling *
decide (const ArbPosition *position, const ArbEventSettings *event, ArbColor side)
{
  ArbUnwinnableOptions options = {
    .node_budget = ARB_UNWINNABLE_QUICK_BUDGET,
    .seventy_five_moves = event->edition >= ARB_EDITION_2014,
  };
  g_autofree ArbUnwinnableResult *verdict = g_new0 (ArbUnwinnableResult, 1);
  ArbFlagFacts facts = {
    .by = side,
    .called_by = ARB_CALLED_BY_ARBITER,
  };

  arb_position_decide_mate (position, side == ARB_WHITE ? ARB_BLACK : ARB_WHITE, &options, verdict);
  if (verdict->verdict == ARB_UNWINNABLE_UNDETERMINED)
    return NULL;
  facts.opponent_cannot_mate = verdict->verdict == ARB_UNWINNABLE_CANNOT_MATE;
  return arb_laws_flag_fall (event, &facts);
}

gboolean
arb_flag_path_record (ArbTournament *tournament,
                      gint64 game_id,
                      int ply,
                      const ArbPosition *position,
                      const ArbEventSettings *event,
                      ArbColor side,
                      gint64 white_ms,
                      gint64 black_ms,
                      gboolean decide_loss,
                      ArbRuling **ending,
                      GError **error)
{
  g_autoptr (ArbRuling) ruling = NULL;
  ArbClockEventRecord flag = {
    .ply = ply,
    .kind = ARB_CLOCK_EVENT_FLAG,
    .side = side,
    .white_ms = white_ms,
    .black_ms = black_ms,
  };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (position != NULL && event != NULL, FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (ending != NULL)
    *ending = NULL;
  ruling = decide (position, event, side);
  if (ruling == NULL || arb_ruling_get_result (ruling) == ARB_RESULT_ONGOING ||
      (!decide_loss && arb_ruling_get_result (ruling) != ARB_RESULT_DRAW))
    return arb_tournament_add_clock_event (tournament, game_id, &flag, error) != 0;
  if (!arb_tournament_add_flag_ending_game (tournament, game_id, &flag, ruling, error))
    return FALSE;
  if (ending != NULL)
    *ending = g_steal_pointer (&ruling);
  return TRUE;
}
