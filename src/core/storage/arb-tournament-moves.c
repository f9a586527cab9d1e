/* arb-tournament-moves.c: the moves of a game, and the one replay of them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-move-code.h"
#include "arb-san.h"
#include "arb-tournament-private.h"

gboolean
_arb_tournament_set_start_position (ArbTournament *self,
                                    const char *start_fen,
                                    ArbPosition *pos,
                                    GError **error)
{
  if (start_fen == NULL)
    {
      arb_position_set_start (pos);
      return TRUE;
    }
  /* A Chess960 start is stored with Shredder-FEN castling, which only
   * the Chess960 reading accepts. */
  if (arb_position_set_fen (pos, start_fen, ARB_FEN_FLAGS_NONE, NULL))
    return TRUE;
  if (!arb_position_set_fen (pos, start_fen, ARB_FEN_CHESS960, error))
    {
      g_prefix_error (error, "%s: the stored start position is invalid: ", self->path);
      return FALSE;
    }
  return TRUE;
}

/* The replay */

gboolean
_arb_tournament_replay (ArbTournament *self,
                        const ArbGameInfo *game,
                        ArbPosition *pos,
                        int *n_plies,
                        ArbReplayFlags flags,
                        ArbTournamentReplayFunc visit,
                        gpointer user_data,
                        GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  ArbPosition position;
  int replayed = 0;
  int rc;

  if (pos == NULL)
    pos = &position;
  if (n_plies != NULL)
    *n_plies = 0;
  if (!(flags & ARB_REPLAY_NO_POSITION) &&
      !_arb_tournament_set_start_position (self, game->start_fen, pos, error))
    return FALSE;
  if (!_arb_query_init (&query, self, "cannot read the moves",
                        "SELECT ply, code, white_ms, black_ms FROM move "
                        "WHERE game_id = ? ORDER BY ply",
                        error, "l", game->id))
    return FALSE;
  g_assert (visit != NULL || !(flags & ARB_REPLAY_NO_POSITION));
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbStoredMove m = { 0 };
      ArbMoveCode code = (ArbMoveCode) _arb_query_int (&query, 1);
      ArbUndo undo;

      m.ply = (int) _arb_query_int (&query, 0);
      m.move = ARB_MOVE_CODE_MOVE (code);
      m.white_ms = _arb_query_int_or (&query, 2, -1);
      m.black_ms = _arb_query_int_or (&query, 3, -1);
      arb_move_code_write_san (code, m.san);
      if (m.ply != replayed + 1)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       "round %d board %d: ply %d is missing", game->round, game->board,
                       replayed + 1);
          return FALSE;
        }
      if (flags & ARB_REPLAY_NO_POSITION)
        {
          visit (NULL, &m, user_data);
          replayed++;
          continue;
        }
      /* The code says which piece moves where; a file written by this
       * program holds legal moves only, which the check (and a caller
       * that asks) verifies move by move. */
      if (!arb_move_code_fits (code, pos) ||
          ((flags & ARB_REPLAY_VERIFY) && !arb_position_is_legal (pos, m.move)))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       "round %d board %d: ply %d (%s) is not a legal move", game->round,
                       game->board, m.ply, m.san[0] != '\0' ? m.san : "?");
          return FALSE;
        }
      arb_move_write_uci (pos, m.move, m.uci);
      if (visit != NULL)
        visit (pos, &m, user_data);
      arb_position_make_move (pos, m.move, &undo);
      replayed++;
      if (n_plies != NULL)
        *n_plies = replayed;
    }
  if (n_plies != NULL)
    *n_plies = replayed;
  return rc == 0;
}

gboolean
arb_tournament_replay_game (ArbTournament *self,
                            const ArbGameInfo *game,
                            ArbPosition *pos,
                            int *n_plies,
                            ArbTournamentReplayFunc visit,
                            gpointer user_data,
                            GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  return _arb_tournament_replay (self, game, pos, n_plies, ARB_REPLAY_VERIFY, visit, user_data,
                                 error);
}

gboolean
arb_tournament_replay (ArbTournament *self,
                       gint64 game_id,
                       ArbPosition *pos,
                       int *n_plies,
                       GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  game = arb_tournament_get_game (self, game_id, error);
  return game != NULL && arb_tournament_replay_game (self, game, pos, n_plies, NULL, NULL, error);
}

static void
collect_move (const ArbPosition *before, const ArbStoredMove *move, gpointer user_data)
{
  g_array_append_val ((GArray *) user_data, *move);
}

GArray *
arb_tournament_get_moves (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (ArbStoredMove));

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL ||
      !arb_tournament_replay_game (self, game, NULL, NULL, collect_move, moves, error))
    return NULL;
  return g_steal_pointer (&moves);
}

/* Writing */

/* A game as this connection left it after storing its last move. */
typedef struct
{
  int n_plies;
  ArbPosition pos;
} ArbLiveGame;

void
_arb_tournament_forget_live_game (ArbTournament *self, gint64 game_id)
{
  if (self->live_games == NULL)
    return;
  if (game_id == 0)
    g_hash_table_remove_all (self->live_games);
  else
    g_hash_table_remove (self->live_games, &game_id);
}

/* Inside the write lock: what is known of the games holds only if no
 * other connection wrote to the file since this connection last looked
 * (PRAGMA data_version counts the commits of the others, never this
 * connection's own, and reads no page). */
static const ArbLiveGame *
lookup_live_game (ArbTournament *self, gint64 game_id)
{
  g_auto (ArbQuery) query = { 0 };
  gint64 version;

  if (!_arb_query_init (&query, self, "cannot read the data version", "PRAGMA data_version", NULL,
                        NULL) ||
      _arb_query_step (&query, NULL) <= 0)
    {
      _arb_tournament_forget_live_game (self, 0);
      self->live_data_version = -1;
      return NULL;
    }
  version = _arb_query_int (&query, 0);
  if (version != self->live_data_version)
    {
      _arb_tournament_forget_live_game (self, 0);
      self->live_data_version = version;
      return NULL;
    }
  return self->live_games != NULL ? g_hash_table_lookup (self->live_games, &game_id) : NULL;
}

/* After the commit of a move that left its game going on. */
static void
remember_live_game (ArbTournament *self, gint64 game_id, int n_plies, const ArbPosition *pos)
{
  ArbLiveGame *live;
  gint64 *key;

  if (self->live_data_version < 0)
    return;
  if (self->live_games == NULL)
    self->live_games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  key = g_new (gint64, 1);
  *key = game_id;
  live = g_new (ArbLiveGame, 1);
  live->n_plies = n_plies;
  live->pos = *pos;
  g_hash_table_replace (self->live_games, key, live);
}

gboolean
_arb_tournament_add_move (ArbTournament *self,
                          gint64 game_id,
                          int ply,
                          const ArbPosition *before,
                          ArbMove move,
                          gint64 white_ms,
                          gint64 black_ms,
                          const char *played_at,
                          GError **error)
{
  _arb_tournament_forget_live_game (self, game_id);
  return _arb_tournament_run (self, "cannot store the move",
                              "INSERT INTO move (game_id, ply, code, white_ms, black_ms, "
                              "played_at) VALUES (?, ?, ?, ?, ?, ?)",
                              error, "lilmmt", game_id, ply,
                              (gint64) arb_move_code_make (before, move), white_ms, black_ms,
                              played_at);
}

/* `live`, when given, is the game as this connection stored it last and
 * nothing has changed it since: it is not read again. `after` receives
 * the position after the move, and is left alone when the move ended the
 * game. */
static gboolean
add_move_locked (ArbTournament *self,
                 gint64 game_id,
                 int ply,
                 const char *caller_san,
                 ArbMove move,
                 gint64 white_ms,
                 gint64 black_ms,
                 const ArbLiveGame *live,
                 ArbLiveGame *after,
                 GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  ArbPosition pos;
  ArbUndo undo;
  int n_plies = 0;
  char san[ARB_SAN_MAX];
  g_autofree char *ply_text = NULL;

  if (live != NULL)
    {
      pos = live->pos;
      n_plies = live->n_plies;
      goto check_ply;
    }
  /* Inside the write lock: what is stored now is what counts. */
  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL)
    goto fail;
  if (game->black_id == 0 && game->bye_code != NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "board %d of round %d is a bye: no moves are played", game->board, game->round);
      goto fail;
    }
  if (game->result != ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "ply %d: the game on board %d of round %d is over (%s)", ply, game->board,
                   game->round, arb_result_to_string (game->result));
      goto fail;
    }
  if (!_arb_tournament_replay (self, game, &pos, &n_plies, ARB_REPLAY_FAST, NULL, NULL, error))
    goto fail;
check_ply:
  if (ply != n_plies + 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   "ply %d: the game has %d stored plies (changed meanwhile?)", ply, n_plies);
      goto fail;
    }
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, move))
    {
      char from[3], to[3];

      arb_square_write (ARB_MOVE_FROM (move), from);
      arb_square_write (ARB_MOVE_TO (move), to);
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                   "ply %d: %s-%s is not a legal move here", ply, from, to);
      goto fail;
    }
  arb_san_write (&pos, move, san);
  if (caller_san != NULL)
    {
      ArbMove named = ARB_MOVE_NONE;

      if (arb_san_resolve (&pos, caller_san, strlen (caller_san), &named) != ARB_SAN_OK ||
          named != move)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       "ply %d: “%s” does not name the move %s", ply, caller_san, san);
          goto fail;
        }
    }
  {
    g_autofree char *now = _arb_tournament_now ();

    if (!_arb_tournament_add_move (self, game_id, ply, &pos, move, white_ms, black_ms, now, error))
      goto fail;
  }
  ply_text = g_strdup_printf ("%d", ply);
  if (!_arb_tournament_audit (self, "move", game_id, error, "ply", ply_text, "san", san, NULL))
    goto fail;

  /* Checkmate and stalemate end the game at once (2018/2023 articles
   * 5.1.1 and 5.2.1; 2001/2009 the same numbers), in the same
   * transaction as the move. */
  arb_position_make_move (&pos, move, &undo);
  if (arb_position_is_checkmate (&pos))
    {
      if (!_arb_tournament_set_result (self, game_id,
                                       pos.side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS
                                                                     : ARB_RESULT_WHITE_WINS,
                                       "normal", error))
        goto fail;
    }
  else if (arb_position_is_stalemate (&pos))
    {
      if (!_arb_tournament_set_result (self, game_id, ARB_RESULT_DRAW, "normal", error))
        goto fail;
    }
  else if (after != NULL)
    {
      after->n_plies = ply;
      after->pos = pos;
    }

  return TRUE;

fail:
  return FALSE;
}

gboolean
arb_tournament_add_move (ArbTournament *self,
                         gint64 game_id,
                         int ply,
                         const char *san,
                         ArbMove move,
                         gint64 white_ms,
                         gint64 black_ms,
                         GError **error)
{
  ArbLiveGame after = { .n_plies = 0 };
  ArbLiveGame live;
  const ArbLiveGame *known = NULL;
  gboolean own_transaction;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  own_transaction = !self->in_batch;
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  /* The one transaction of a move: what this connection knows of the game
   * since its last move is checked against, unless the file changed. */
  if (own_transaction && (known = lookup_live_game (self, game_id)) != NULL)
    {
      live = *known;
      known = &live;
    }
  if (!add_move_locked (self, game_id, ply, san, move, white_ms, black_ms, known, &after, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  if (own_transaction && after.n_plies > 0)
    remember_live_game (self, game_id, after.n_plies, &after.pos);
  return TRUE;
}

gboolean
_arb_tournament_add_checked_move (ArbTournament *self,
                                  gint64 game_id,
                                  int ply,
                                  const char *san,
                                  ArbMove move,
                                  gint64 white_ms,
                                  gint64 black_ms,
                                  GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return add_move_locked (self, game_id, ply, san, move, white_ms, black_ms, NULL, NULL, error);
}

gboolean
_arb_tournament_truncate_moves (ArbTournament *self,
                                gint64 game_id,
                                int keep_plies,
                                const char *reason,
                                GError **error)
{
  g_autofree char *keep = g_strdup_printf ("%d", keep_plies);

  _arb_tournament_forget_live_game (self, game_id);
  return _arb_tournament_run (self, "cannot restore the position",
                              "DELETE FROM move WHERE game_id = ? AND ply > ?", error, "li",
                              game_id, keep_plies) &&
         _arb_tournament_audit (self, "restore-position", game_id, error, "keep_plies", keep,
                                "reason", reason, NULL);
}

gboolean
arb_tournament_truncate_moves (ArbTournament *self,
                               gint64 game_id,
                               int keep_plies,
                               const char *reason,
                               GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (keep_plies >= 0, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_truncate_moves (self, game_id, keep_plies, reason, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}
