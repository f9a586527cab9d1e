/* arb-tournament-reconstruct.c: storing a game rebuilt from its scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-i18n.h"
#include "arb-san.h"
#include "arb-tournament-private.h"
#include "arb-tournament-reconstruct.h"

gint64
arb_tournament_set_moves (ArbTournament *self,
                          gint64 game_id,
                          const ArbGameInfo *new_game,
                          const ArbMove *moves,
                          guint n_moves,
                          const ArbRulingRecord *ruling,
                          GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  g_autoptr (GArray) old = NULL;
  g_autofree char *plies_text = NULL;
  g_autofree char *replaced_text = NULL;
  g_autofree char *clock_text = NULL;
  int clock_events = 0;
  gint64 ruling_id = 0;
  ArbPosition pos;
  ArbGameMoves list;
  gint64 id = game_id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (game_id != 0 || new_game != NULL, 0);
  g_return_val_if_fail (moves != NULL || n_moves == 0, 0);

  if (!_arb_tournament_begin (self, error))
    return 0;
  _arb_game_moves_init (&list);
  if (game_id == 0 && !_arb_tournament_add_game (self, new_game, &id, error))
    goto fail;
  /* Inside the write lock: what is stored now is what is replaced. */
  game = arb_tournament_get_game (self, id, error);
  if (game == NULL)
    goto fail;
  if (game->black_id == 0 && game->bye_code != NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("board %d of round %d is a bye: it has no moves"), game->board, game->round);
      goto fail;
    }
  _arb_tournament_forget_live_game (self, id);
  old = arb_tournament_get_moves (self, id, error);
  if (old == NULL || !_arb_tournament_set_start_position (self, game->start_fen, &pos, error))
    goto fail;
  /* The clock's history of a followed game ends with its moves: events and
   * checkpoints after the new last move go (the audit line counts them). */
  if (!_arb_tournament_run (self, "cannot replace the moves",
                            "DELETE FROM clock_event WHERE game_id = ? AND ply > ?", error, "li",
                            id, (int) n_moves + 1))
    goto fail;
  clock_events = (int) _arb_tournament_changes (self);
  if (!_arb_tournament_run (self, "cannot replace the moves",
                            "DELETE FROM clock_snapshot WHERE game_id = ? AND ply > ?", error, "li",
                            id, (int) n_moves + 1))
    goto fail;

  for (guint i = 0; i < n_moves; i++)
    {
      ArbUndo undo;

      if (moves[i] == ARB_MOVE_NONE || !arb_position_is_legal (&pos, moves[i]))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       /* Translators: a ply is a half-move, counted from 1 */
                       _ ("ply %u: the move is not legal in the game's position"), i + 1);
          goto fail;
        }
      /* A move read from a scoresheet: its time of play is not known. */
      _arb_game_moves_append (&list, arb_move_code_make (&pos, moves[i]), -1, -1, 0, NULL);
      arb_position_make_move (&pos, moves[i], &undo);
    }
  if (!_arb_tournament_write_game_moves (self, id, &list, error))
    goto fail;

  /* Checkmate and stalemate end the game (2018/2023 articles 5.1.1 and
   * 5.2.1; 2001/2009 the same numbers). */
  if (game->result == ARB_RESULT_ONGOING && !arb_position_has_legal_move (&pos))
    {
      ArbResult result = !arb_position_in_check (&pos)   ? ARB_RESULT_DRAW
                         : pos.side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS
                                                         : ARB_RESULT_WHITE_WINS;

      if (!_arb_tournament_set_result (self, id, result, "normal", error))
        goto fail;
    }

  if (ruling != NULL && !_arb_tournament_add_ruling_record (self, id, ruling, &ruling_id, error))
    goto fail;
  plies_text = g_strdup_printf ("%u", n_moves);
  replaced_text = g_strdup_printf ("%u", old->len);
  clock_text = g_strdup_printf ("%d", clock_events);
  if (!_arb_tournament_audit (self, "reconstruct", id, error, "plies", plies_text, "replaced",
                              replaced_text, "clock_events_removed", clock_text, NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  _arb_game_moves_clear (&list);
  return id;

fail:
  _arb_tournament_rollback (self);
  _arb_game_moves_clear (&list);
  return 0;
}
