/* cli-words.c: the text output's words for what --json names
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cli-words.h"

#include "arb-i18n.h"
#include "arb-san-letters.h"

const char *
arb_cli_side_word (ArbColor side)
{
  /* Translators: a side as the value of a label ("side to move: white") */
  return side == ARB_WHITE ? C_ ("side", "white") : C_ ("side", "black");
}

const char *
arb_cli_event_word (ArbGameEventKind kind)
{
  switch (kind)
    {
    case ARB_GAME_EVENT_THREEFOLD:
      return _ ("threefold repetition");
    case ARB_GAME_EVENT_FIVEFOLD:
      return _ ("fivefold repetition");
    case ARB_GAME_EVENT_FIFTY:
      return _ ("50 moves without a capture or a pawn move");
    case ARB_GAME_EVENT_SEVENTY_FIVE:
      return _ ("75 moves without a capture or a pawn move");
    case ARB_GAME_EVENT_CHECKMATE:
      return _ ("checkmate");
    case ARB_GAME_EVENT_STALEMATE:
      return _ ("stalemate");
    case ARB_GAME_EVENT_DEAD_POSITION:
      return _ ("dead position");
    default:
      return arb_game_event_kind_to_string (kind);
    }
}

const char *
arb_cli_verdict_word (ArbUnwinnableVerdict verdict)
{
  switch (verdict)
    {
    case ARB_UNWINNABLE_CAN_MATE:
      return _ ("can mate");
    case ARB_UNWINNABLE_CANNOT_MATE:
      return _ ("cannot mate");
    case ARB_UNWINNABLE_UNDETERMINED:
    default:
      return _ ("undetermined");
    }
}

const char *
arb_cli_proof_word (ArbUnwinnableProof proof)
{
  switch (proof)
    {
    case ARB_UNWINNABLE_BY_POSITION:
      return _ ("the position itself");
    case ARB_UNWINNABLE_BY_MATERIAL:
      return _ ("the material");
    case ARB_UNWINNABLE_BY_PAWN_WALL:
      return _ ("a wall of pawns");
    case ARB_UNWINNABLE_BY_SEARCH:
      return _ ("a search of every line");
    case ARB_UNWINNABLE_BY_SEVENTY_FIVE_MOVES:
      return _ ("the 75-move rule");
    case ARB_UNWINNABLE_BY_NONE:
    default:
      return NULL;
    }
}

char *
arb_cli_local_san (const char *san)
{
  /* In SAN and in a line of it the only capitals are piece letters and
   * the O of castling: the whole text takes the language's letters. */
  return arb_san_to_local (san, arb_i18n_get_language ());
}
