/* arb-tournament-moves.c: the moves of a game, and the one replay of them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-move-code.h"
#include "arb-san.h"
#include "arb-tournament-live.h"
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
      /* Translators: %s is the tournament file's path; the reason follows the
       * colon */
      g_prefix_error (error, _ ("%s: the stored start position is invalid: "), self->path);
      return FALSE;
    }
  return TRUE;
}

/* A game's moves as stored: arrays of little-endian integers, one element
 * a ply (the layout of version 5 in arb-schema.c). */

void
_arb_game_moves_init (ArbGameMoves *list)
{
  memset (list, 0, sizeof *list);
  list->codes = g_byte_array_new ();
  list->clocks = g_byte_array_new ();
  list->played = g_byte_array_new ();
}

void
_arb_game_moves_reset (ArbGameMoves *list)
{
  g_byte_array_set_size (list->codes, 0);
  g_byte_array_set_size (list->clocks, 0);
  g_byte_array_set_size (list->played, 0);
  g_clear_pointer (&list->last_played_at, g_free);
  list->n = 0;
  list->has_clocks = list->has_played = FALSE;
}

void
_arb_game_moves_clear (ArbGameMoves *list)
{
  g_clear_pointer (&list->codes, g_byte_array_unref);
  g_clear_pointer (&list->clocks, g_byte_array_unref);
  g_clear_pointer (&list->played, g_byte_array_unref);
  g_clear_pointer (&list->last_played_at, g_free);
  list->n = 0;
}

static inline void
put_le32 (guint8 *p, guint32 value)
{
  value = GUINT32_TO_LE (value);
  memcpy (p, &value, sizeof value);
}

static inline guint32
get_le32 (const guint8 *p)
{
  guint32 value;

  memcpy (&value, p, sizeof value);
  return GUINT32_FROM_LE (value);
}

static inline void
put_le64 (guint8 *p, guint64 value)
{
  value = GUINT64_TO_LE (value);
  memcpy (p, &value, sizeof value);
}

static inline guint64
get_le64 (const guint8 *p)
{
  guint64 value;

  memcpy (&value, p, sizeof value);
  return GUINT64_FROM_LE (value);
}

/* A time of weeks on a clock is no clock time: it is kept unknown. */
static guint32
clock_element (gint64 ms)
{
  return ms >= 0 && ms <= G_MAXINT32 ? (guint32) ms : G_MAXUINT32;
}

void
_arb_game_moves_append (ArbGameMoves *list,
                        ArbMoveCode code,
                        gint64 white_ms,
                        gint64 black_ms,
                        gint64 played_us,
                        const char *played_at)
{
  guint i = list->n;
  guint32 white = clock_element (white_ms), black = clock_element (black_ms);

  g_byte_array_set_size (list->codes, (i + 1) * 4);
  g_byte_array_set_size (list->clocks, (i + 1) * 8);
  g_byte_array_set_size (list->played, (i + 1) * 8);
  put_le32 (list->codes->data + i * 4, code);
  put_le32 (list->clocks->data + i * 8, white);
  put_le32 (list->clocks->data + i * 8 + 4, black);
  put_le64 (list->played->data + i * 8, (guint64) MAX (played_us, 0));
  list->has_clocks = list->has_clocks || white != G_MAXUINT32 || black != G_MAXUINT32;
  if (played_us > 0 && played_at != NULL)
    {
      list->has_played = TRUE;
      g_free (list->last_played_at);
      list->last_played_at = g_strdup (played_at);
    }
  list->n = i + 1;
}

void
_arb_game_moves_truncate (ArbGameMoves *list, guint n)
{
  if (n >= list->n)
    return;
  list->n = n;
  g_byte_array_set_size (list->codes, n * 4);
  g_byte_array_set_size (list->clocks, n * 8);
  g_byte_array_set_size (list->played, n * 8);
  list->has_clocks = FALSE;
  for (guint i = 0; i < n * 8 && !list->has_clocks; i++)
    list->has_clocks = list->clocks->data[i] != 0xff;
  /* The time of play of the last move kept that has one, written as
   * _arb_tournament_now() writes it. */
  list->has_played = FALSE;
  g_clear_pointer (&list->last_played_at, g_free);
  for (guint i = n; i > 0; i--)
    {
      gint64 us = (gint64) get_le64 (list->played->data + (i - 1) * 8);

      if (us > 0)
        {
          g_autoptr (GDateTime) second = g_date_time_new_from_unix_utc (us / G_USEC_PER_SEC);
          g_autoptr (GDateTime) exact =
            second != NULL ? g_date_time_add (second, us % G_USEC_PER_SEC) : NULL;

          list->has_played = TRUE;
          if (exact != NULL)
            list->last_played_at = g_date_time_format (exact, "%Y-%m-%dT%H:%M:%S.%fZ");
          break;
        }
    }
}

ArbMoveCode
_arb_game_moves_code (const ArbGameMoves *list, guint i)
{
  return get_le32 (list->codes->data + i * 4);
}

void
_arb_game_moves_times (const ArbGameMoves *list, guint i, gint64 *white_ms, gint64 *black_ms)
{
  guint32 white = get_le32 (list->clocks->data + i * 8);
  guint32 black = get_le32 (list->clocks->data + i * 8 + 4);

  *white_ms = white == G_MAXUINT32 ? -1 : (gint64) white;
  *black_ms = black == G_MAXUINT32 ? -1 : (gint64) black;
}

gint64
_arb_game_moves_played (const ArbGameMoves *list, guint i)
{
  return (gint64) get_le64 (list->played->data + i * 8);
}

void
_arb_game_moves_bind (const ArbGameMoves *list, sqlite3_stmt *stmt, int first)
{
  sqlite3_bind_int (stmt, first, (int) list->n);
  sqlite3_bind_blob (stmt, first + 1, list->codes->data, (int) list->codes->len, SQLITE_STATIC);
  if (list->has_clocks)
    sqlite3_bind_blob (stmt, first + 2, list->clocks->data, (int) list->clocks->len, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, first + 2);
  if (list->has_played)
    sqlite3_bind_blob (stmt, first + 3, list->played->data, (int) list->played->len, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, first + 3);
  if (list->last_played_at != NULL)
    sqlite3_bind_text (stmt, first + 4, list->last_played_at, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, first + 4);
}

gboolean
_arb_tournament_read_game_moves (ArbTournament *self,
                                 gint64 game_id,
                                 ArbGameMoves *list,
                                 GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  const guint8 *data;
  gsize size;
  guint n;
  int rc;

  _arb_game_moves_reset (list);
  if (!_arb_query_init (&query, self, "cannot read the moves",
                        "SELECT plies, codes, clocks, played, last_played_at FROM move_list "
                        "WHERE game_id = ?",
                        error, "l", game_id))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc <= 0)
    return rc == 0;

  /* The schema checks the arrays' lengths against plies; a file changed
   * behind its back is read as far as its arrays agree, and not at all
   * when the number of plies cannot be a game's. */
  {
    g_autofree char *where = g_strdup_printf ("game %" G_GINT64_FORMAT, game_id);

    if (!_arb_tournament_check_range (self, where, "a number of plies", _arb_query_int (&query, 0),
                                      1, ARB_TOURNAMENT_MAX_PLIES, error))
      return FALSE;
  }
  n = (guint) _arb_query_int (&query, 0);
  data = _arb_query_blob (&query, 1, &size);
  n = MIN (n, (guint) (size / 4));
  g_byte_array_append (list->codes, data, n * 4);
  data = _arb_query_blob (&query, 2, &size);
  if (data != NULL && size >= (gsize) n * 8)
    {
      g_byte_array_append (list->clocks, data, n * 8);
      list->has_clocks = TRUE;
    }
  else
    {
      g_byte_array_set_size (list->clocks, n * 8);
      memset (list->clocks->data, 0xff, list->clocks->len);
    }
  data = _arb_query_blob (&query, 3, &size);
  if (data != NULL && size >= (gsize) n * 8)
    {
      g_byte_array_append (list->played, data, n * 8);
      list->has_played = TRUE;
    }
  else
    {
      g_byte_array_set_size (list->played, n * 8);
      memset (list->played->data, 0, list->played->len);
    }
  list->last_played_at = _arb_query_dup_text (&query, 4);
  list->n = n;
  return TRUE;
}

gboolean
_arb_tournament_write_game_moves (ArbTournament *self,
                                  gint64 game_id,
                                  const ArbGameMoves *list,
                                  GError **error)
{
  if (list->n > ARB_TOURNAMENT_MAX_PLIES)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a game of %u plies: the file keeps games of at most %d"), list->n,
                   ARB_TOURNAMENT_MAX_PLIES);
      return FALSE;
    }
  if (list->n == 0)
    return _arb_tournament_run (self, "cannot store the moves",
                                "DELETE FROM move_list WHERE game_id = ?", error, "l", game_id);
  return _arb_tournament_run (self, "cannot store the moves", ARB_GAME_MOVES_INSERT_SQL, error,
                              "libbbt", game_id, (int) list->n, list->codes->data,
                              (int) list->codes->len, list->has_clocks ? list->clocks->data : NULL,
                              (int) list->clocks->len, list->has_played ? list->played->data : NULL,
                              (int) list->played->len, list->last_played_at);
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
  ArbGameMoves list;
  ArbPosition position;
  gboolean ok = TRUE;

  if (pos == NULL)
    pos = &position;
  if (n_plies != NULL)
    *n_plies = 0;
  if (!(flags & ARB_REPLAY_NO_POSITION) &&
      !_arb_tournament_set_start_position (self, game->start_fen, pos, error))
    return FALSE;
  g_assert (visit != NULL || !(flags & ARB_REPLAY_NO_POSITION));
  _arb_game_moves_init (&list);
  if (!_arb_tournament_read_game_moves (self, game->id, &list, error))
    {
      _arb_game_moves_clear (&list);
      return FALSE;
    }
  for (guint i = 0; i < list.n; i++)
    {
      ArbStoredMove m = { 0 };
      ArbMoveCode code = _arb_game_moves_code (&list, i);
      ArbUndo undo;

      m.ply = (int) i + 1;
      m.move = ARB_MOVE_CODE_MOVE (code);
      _arb_game_moves_times (&list, i, &m.white_ms, &m.black_ms);
      arb_move_code_write_san (code, m.san);
      if (flags & ARB_REPLAY_NO_POSITION)
        {
          visit (NULL, &m, user_data);
          continue;
        }
      /* The code says which piece moves where; a file written by this
       * program holds legal moves only, which the check (and a caller
       * that asks) verifies move by move. */
      if (!arb_move_code_fits (code, pos) ||
          ((flags & ARB_REPLAY_VERIFY) && !arb_position_is_legal (pos, m.move)))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       /* Translators: a ply is a half-move; %s is the move as stored */
                       _ ("round %d board %d: ply %d (%s) is not a legal move"), game->round,
                       game->board, m.ply, m.san[0] != '\0' ? m.san : "?");
          ok = FALSE;
          break;
        }
      arb_move_write_uci (pos, m.move, m.uci);
      if (visit != NULL)
        visit (pos, &m, user_data);
      arb_position_make_move (pos, m.move, &undo);
      if (n_plies != NULL)
        *n_plies = (int) i + 1;
    }
  if (ok && n_plies != NULL)
    *n_plies = (int) list.n;
  _arb_game_moves_clear (&list);
  return ok;
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
  ArbGameMoves list;
  gint64 played_us = 0;
  gboolean ok;

  _arb_tournament_forget_live_game (self, game_id);
  _arb_game_moves_init (&list);
  ok = _arb_tournament_read_game_moves (self, game_id, &list, error);
  if (ok && (int) list.n != ply - 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: a ply is a half-move, counted from 1 */
                   _ ("ply %d: the game has %u stored plies (changed meanwhile?)"), ply, list.n);
      ok = FALSE;
    }
  if (ok)
    {
      if (played_at == NULL || !arb_tournament_parse_wall_time (played_at, &played_us))
        played_us = 0;
      _arb_game_moves_append (&list, arb_move_code_make (before, move), white_ms, black_ms,
                              played_us, played_at);
      ok = _arb_tournament_write_game_moves (self, game_id, &list, error);
    }
  _arb_game_moves_clear (&list);
  return ok;
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
                   _ ("board %d of round %d is a bye: no moves are played"), game->board,
                   game->round);
      goto fail;
    }
  if (game->result != ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: a ply is a half-move, counted from 1 */
                   _ ("ply %d: the game on board %d of round %d is over (%s)"), ply, game->board,
                   game->round, arb_result_to_string (game->result));
      goto fail;
    }
  if (!_arb_tournament_replay (self, game, &pos, &n_plies, ARB_REPLAY_FAST, NULL, NULL, error))
    goto fail;
check_ply:
  if (ply != n_plies + 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: a ply is a half-move, counted from 1 */
                   _ ("ply %d: the game has %d stored plies (changed meanwhile?)"), ply, n_plies);
      goto fail;
    }
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, move))
    {
      char from[3], to[3];

      arb_square_write (ARB_MOVE_FROM (move), from);
      arb_square_write (ARB_MOVE_TO (move), to);
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                   /* Translators: a ply is a half-move; “%s-%s” the squares the piece left and
                    * reached, as e2-e4 */
                   _ ("ply %d: %s-%s is not a legal move here"), ply, from, to);
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
                       /* Translators: a ply is a half-move; the first %s is the move as the caller
                        * wrote it, the second the move as the position has it (SAN) */
                       _ ("ply %d: “%s” does not name the move %s"), ply, caller_san, san);
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

  ArbGameMoves list;
  gboolean ok;

  _arb_tournament_forget_live_game (self, game_id);
  _arb_game_moves_init (&list);
  ok = _arb_tournament_read_game_moves (self, game_id, &list, error);
  if (ok && (guint) MAX (keep_plies, 0) < list.n)
    {
      /* Nothing recorded is deleted: the moves taken back are kept. */
      ok = _arb_tournament_void_moves (self, game_id, keep_plies, error);
    }
  if (ok && (guint) MAX (keep_plies, 0) < list.n)
    {
      _arb_game_moves_truncate (&list, (guint) MAX (keep_plies, 0));
      ok = _arb_tournament_write_game_moves (self, game_id, &list, error);
    }
  _arb_game_moves_clear (&list);
  return ok && _arb_tournament_audit (self, "restore-position", game_id, error, "keep_plies", keep,
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
