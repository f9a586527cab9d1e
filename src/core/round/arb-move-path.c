/* arb-move-path.c: the one path of a move into the tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-move-path"

#include "config.h"

#include "arb-move-path.h"

#include "arb-i18n.h"
#include "arb-ruling-wording.h"
#include "arb-tournament-ruling.h"

static void
follow_stored_move_cb (const ArbPosition *before, const ArbStoredMove *move, gpointer user_data)
{
  arb_game_status_push (user_data, move->move);
}

ArbGameStatus *
arb_move_path_follow (ArbTournament *tournament,
                      const ArbGameInfo *game,
                      ArbEdition edition,
                      GError **error)
{
  g_autoptr (ArbGameStatus) status = NULL;
  ArbPosition start;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  if (game->start_fen == NULL)
    arb_position_set_start (&start);
  else if (!arb_position_set_fen (&start, game->start_fen, ARB_FEN_FLAGS_NONE, NULL) &&
           !arb_position_set_fen (&start, game->start_fen, ARB_FEN_CHESS960, error))
    return NULL;
  status = arb_game_status_new (&start);
  arb_game_status_set_edition (status, edition);
  if (!arb_tournament_replay_game (tournament, game, NULL, NULL, follow_stored_move_cb, status,
                                   error))
    return NULL;
  return g_steal_pointer (&status);
}

ArbEnding
arb_move_path_get_end (const ArbGameStatus *status, guint *ply)
{
  ArbGameEventKind kind;
  guint end_ply = 0;

  g_return_val_if_fail (status != NULL, ARB_ENDING_NONE);

  if (ply != NULL)
    *ply = 0;
  if (!arb_game_status_get_end (status, &kind, &end_ply))
    return ARB_ENDING_NONE;
  if (ply != NULL)
    *ply = end_ply;
  switch (kind)
    {
    case ARB_GAME_EVENT_CHECKMATE:
      return ARB_ENDING_CHECKMATE;
    case ARB_GAME_EVENT_STALEMATE:
      return ARB_ENDING_STALEMATE;
    case ARB_GAME_EVENT_DEAD_POSITION:
      return ARB_ENDING_DEAD_POSITION;
    case ARB_GAME_EVENT_FIVEFOLD:
      return ARB_ENDING_FIVEFOLD;
    case ARB_GAME_EVENT_SEVENTY_FIVE:
      return ARB_ENDING_SEVENTY_FIVE;
    case ARB_GAME_EVENT_THREEFOLD:
    case ARB_GAME_EVENT_FIFTY:
    default:
      g_return_val_if_reached (ARB_ENDING_NONE);
    }
}

gboolean
arb_move_path_check_open (const ArbGameStatus *status, GError **error)
{
  ArbGameEventKind kind;
  guint end_ply;

  g_return_val_if_fail (status != NULL, FALSE);

  if (!arb_game_status_get_end (status, &kind, &end_ply))
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
               /* Translators: the ply refused, the ply of the end, how the
                * game ended (e.g. "Fivefold repetition") and the article of
                * the Laws (e.g. "9.6.1"). */
               _ ("ply %u: the game ended at ply %u (%s, article %s): no move is recorded after "
                  "its end"),
               arb_game_status_get_ply (status) + 1, end_ply,
               arb_ruling_wording_ending (arb_move_path_get_end (status, NULL)),
               arb_game_event_kind_article (kind));
  return FALSE;
}

/* The ruling of the automatic end the move just followed by @status
 * brought, or NULL. @mover made that move. */
static ArbRuling *
ending_of_last_move (const ArbGameStatus *status, const ArbEventSettings *event, ArbColor mover)
{
  ArbGameEventKind kind;
  guint ply;

  if (!arb_game_status_get_end (status, &kind, &ply) || ply != arb_game_status_get_ply (status))
    return NULL;
  return arb_laws_game_end (event, kind, mover);
}

gboolean
arb_move_path_record (ArbTournament *tournament,
                      gint64 game_id,
                      ArbGameStatus *status,
                      const ArbEventSettings *event,
                      ArbMove move,
                      gint64 white_ms,
                      gint64 black_ms,
                      char san[ARB_SAN_MAX],
                      ArbRuling **ending,
                      GError **error)
{
  g_autoptr (ArbRuling) end = NULL;
  ArbPosition before;
  guint ply;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (status != NULL, FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (san != NULL, FALSE);

  if (ending != NULL)
    *ending = NULL;
  if (!arb_move_path_check_open (status, error))
    return FALSE;
  before = *arb_game_status_get_position (status);
  ply = arb_game_status_get_ply (status) + 1;
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&before, move))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u is the number of the half-move */
                   _ ("ply %u: that move is not legal in this position"), ply);
      return FALSE;
    }
  arb_san_write (&before, move, san);

  /* The status follows the move first, to know whether it ends the game;
   * the end is stored with the move, in its transaction, or nothing is. */
  arb_game_status_push (status, move);
  end = ending_of_last_move (status, event, before.side_to_move);
  if (end != NULL ? !arb_tournament_add_move_ending_game (tournament, game_id, (int) ply, san, move,
                                                          white_ms, black_ms, end, error)
                  : !arb_tournament_add_move (tournament, game_id, (int) ply, san, move, white_ms,
                                              black_ms, error))
    return FALSE;
  if (ending != NULL)
    *ending = g_steal_pointer (&end);
  return TRUE;
}
