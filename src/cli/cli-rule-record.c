/* cli-rule-record.c: the facts arbiter-cli rule takes from the record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cli-rule-record.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-san.h"

#define CLI_RULE_ERROR (g_quark_from_static_string ("arb-cli-rule-error"))

void
arb_cli_record_follow (ArbCliRecord *record,
                       const ArbPosition *start,
                       const ArbPgnGame *game,
                       int ply,
                       ArbEdition edition)
{
  memset (record, 0, sizeof *record);
  if (game != NULL)
    {
      record->status = arb_game_status_new (&game->start);
      arb_game_status_set_edition (record->status, edition);
      for (int i = 1; i <= ply; i++)
        arb_game_status_push (record->status, arb_pgn_game_get_node (game, (guint) i)->move);
      return;
    }
  record->status = arb_game_status_new (start);
  arb_game_status_set_edition (record->status, edition);
  record->first_ply =
    2 * (guint) MAX (start->fullmove_number - 1, 0) + (start->side_to_move == ARB_BLACK ? 1 : 0);
}

void
arb_cli_record_clear (ArbCliRecord *record)
{
  g_clear_pointer (&record->status, arb_game_status_free);
}

static const char *
side_name (ArbColor side)
{
  /* Translators: the side having the move, in "Black has the move" */
  return side == ARB_WHITE ? _ ("White") : _ ("Black");
}

gboolean
arb_cli_record_check_open (const ArbCliRecord *record,
                           const ArbAutomaticKind *automatic,
                           GError **error)
{
  ArbGameEventKind kind;
  guint end_ply;

  if (record->status == NULL || !arb_game_status_get_end (record->status, &kind, &end_ply))
    return TRUE;
  /* The automatic draw asked about is the end itself, on this ply. */
  if (automatic != NULL && end_ply == arb_game_status_get_ply (record->status) &&
      kind == (*automatic == ARB_AUTOMATIC_FIVEFOLD ? ARB_GAME_EVENT_FIVEFOLD
                                                    : ARB_GAME_EVENT_SEVENTY_FIVE))
    return TRUE;
  g_set_error (error, CLI_RULE_ERROR, 0,
               /* Translators: the ply, how the game ended (a kind of end as
                * --json names it: checkmate, stalemate, dead-position,
                * fivefold, seventyfive) and the article, e.g. "the game has
                * already ended at ply 4 by checkmate (5.1.1)" */
               _ ("the game has already ended at ply %u by %s (%s): that is its result, and there "
                  "is no ruling to make about play after it"),
               record->first_ply + end_ply, arb_game_event_kind_to_string (kind),
               arb_game_event_kind_article (kind));
  return FALSE;
}

gboolean
arb_cli_record_check_to_move (const ArbCliRecord *record,
                              int by,
                              const char *article,
                              GError **error)
{
  ArbColor to_move;

  if (record->status == NULL)
    return TRUE;
  to_move = arb_game_status_get_position (record->status)->side_to_move;
  if (by == (int) to_move)
    return TRUE;
  g_set_error (error, CLI_RULE_ERROR, 0,
               /* Translators: --by as given, the ply, the side having the
                * move there, and the article that needs that side */
               _ ("--by %s: at ply %u %s has the move (%s)"), by == ARB_WHITE ? "white" : "black",
               record->first_ply + arb_game_status_get_ply (record->status), side_name (to_move),
               article);
  return FALSE;
}

gboolean
arb_cli_record_check_automatic (const ArbCliRecord *record, ArbAutomaticKind kind, GError **error)
{
  guint ply;
  guint count;

  if (record->status == NULL)
    return TRUE;
  ply = arb_game_status_get_ply (record->status);
  if (kind == ARB_AUTOMATIC_FIVEFOLD)
    {
      count = arb_game_status_get_occurrences (record->status, ply, NULL, 0);
      if (count >= 5)
        return TRUE;
      g_set_error (error, CLI_RULE_ERROR, 0,
                   /* Translators: the ply and how often its position has
                    * stood on the board; 9.6.1 needs five times */
                   _ ("the position at ply %u has stood on the board %u times, not five (9.6.1)"),
                   record->first_ply + ply, count);
      return FALSE;
    }
  count = arb_game_status_get_halfmove_clock (record->status, ply);
  if (count >= 150)
    return TRUE;
  g_set_error (error, CLI_RULE_ERROR, 0,
               /* Translators: the ply and its half-move clock; 9.6.2 needs
                * 150 half-moves without a capture or a pawn move */
               _ ("at ply %u the last capture or pawn move was %u half-moves ago, not 150 (9.6.2)"),
               record->first_ply + ply, count);
  return FALSE;
}

gboolean
arb_cli_record_fifty_correct (const ArbCliRecord *record,
                              const char *written,
                              gboolean *correct,
                              GError **error)
{
  ArbDrawClaims claims;

  g_return_val_if_fail (record->status != NULL, FALSE);

  if (written != NULL)
    {
      const ArbPosition *pos = arb_game_status_get_position (record->status);
      ArbMove move = arb_san_parse (pos, written, strlen (written), error);

      if (move == ARB_MOVE_NONE)
        return FALSE;
      claims = arb_game_status_claims_with_move (record->status, move);
    }
  else
    claims = arb_game_status_claims_now (record->status);
  *correct = (claims & ARB_DRAW_CLAIM_FIFTY_MOVES) != 0;
  return TRUE;
}
