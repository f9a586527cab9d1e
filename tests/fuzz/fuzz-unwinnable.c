/* fuzz-unwinnable.c: libFuzzer entry point for the unwinnability decision
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Campaigns: tests/fuzz/run-fuzz.sh SECONDS unwinnable; the test suite
 * replays the seeds in corpus/unwinnable and regressions/unwinnable.
 *
 * The input is a game: from the start position, or (first byte odd) from a
 * bare endgame, each byte picks one of the legal moves. The position reached
 * is decided for both sides with a small budget. Besides "no crash, no
 * leak, no undefined behaviour": the budget holds, a can-mate line replays
 * move by move and ends in a mate by that side, a position already over
 * answers for itself, and the static pawn-wall proof never contradicts a
 * helpmate the search found, nor does the semi-static analysis.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "arb-unwinnable.h"
#include "arb-unwinnable-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define BUDGET 4000

static ArbUnwinnable *search;

static void
check_side (const ArbPosition *pos, ArbColor side)
{
  ArbUnwinnableOptions options = { BUDGET, (pos->fullmove_number & 1) != 0 };
  ArbUnwinnableResult result;
  ArbPosition p = *pos;

  arb_unwinnable_decide (search, pos, side, &options, &result);
  if (result.nodes > BUDGET)
    abort ();
  for (guint i = 0; i < result.line_length; i++)
    {
      ArbUndo undo;

      if (!arb_position_is_legal (&p, result.line[i]))
        abort ();
      /* Every position on a helpmate line can still be mated: the static
       * proofs must not say otherwise anywhere along it. */
      if (result.verdict == ARB_UNWINNABLE_CAN_MATE &&
          (arb_unwinnable_walled_off (&p, side) || arb_unwinnable_static_dead (&p, side)))
        abort ();
      arb_position_make_move (&p, result.line[i], &undo);
    }
  if (result.verdict == ARB_UNWINNABLE_CAN_MATE)
    {
      if (result.line_complete && (!arb_position_is_checkmate (&p) || p.side_to_move == side))
        abort ();
    }
  if (result.verdict == ARB_UNWINNABLE_CANNOT_MATE && result.line_length != 0)
    abort ();
  if (!arb_position_has_legal_move (pos) && result.verdict == ARB_UNWINNABLE_UNDETERMINED)
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ArbPosition pos;

  if (search == NULL)
    search = arb_unwinnable_new ();
  if (size == 0)
    return 0;

  if (data[0] & 1)
    arb_position_set_fen (&pos, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0, NULL);
  else
    arb_position_set_start (&pos);

  for (size_t i = 1; i < size && i < 400; i++)
    {
      ArbMoveList list;
      ArbUndo undo;

      arb_position_legal_moves (&pos, &list);
      if (list.n_moves == 0)
        break;
      arb_position_make_move (&pos, list.moves[data[i] % list.n_moves], &undo);
    }

  (void) arb_unwinnable_fixed_pawns (&pos);
  check_side (&pos, ARB_WHITE);
  check_side (&pos, ARB_BLACK);
  return 0;
}
