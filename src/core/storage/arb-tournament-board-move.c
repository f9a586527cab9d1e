/* arb-tournament-board-move.c: a pairing moved to another board, and the
 * TRF-2026 records that keep it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-tournament-rounds.h"

#include "arb-i18n.h"
#include "arb-tournament-private.h"

/* The game's round and board, and whether it is still unplayed (no move
 * stored, no result). FALSE with @error when there is no such game. */
static gboolean
read_game_state (ArbTournament *self,
                 gint64 game_id,
                 int *round,
                 int *board,
                 gboolean *unplayed,
                 GError **error)
{
  g_autoptr (ArbGameInfo) game = arb_tournament_get_game (self, game_id, error);

  if (game == NULL)
    return FALSE;
  *round = game->round;
  *board = game->board;
  *unplayed = game->n_plies == 0 && game->result == ARB_RESULT_ONGOING;
  return TRUE;
}

static gboolean
set_board (ArbTournament *self, gint64 game_id, int board, GError **error)
{
  _arb_tournament_forget_live_game (self, game_id);
  return _arb_tournament_run (self, "cannot move the game to another board",
                              "UPDATE game SET board = ? WHERE id = ?", error, "il", board,
                              game_id);
}

/* The boards swapped under UNIQUE (round_no, board): the moved game goes
 * first to a board no game of the round has. */
static gboolean
swap_boards (ArbTournament *self,
             int round,
             gint64 game_id,
             int from,
             int to,
             gint64 other_id,
             GError **error)
{
  gint64 spare = 0;
  g_autofree char *sql = NULL;

  if (other_id == 0)
    return set_board (self, game_id, to, error);
  sql = g_strdup_printf ("SELECT max (board) + 1 FROM game WHERE round_no = %d", round);
  return _arb_tournament_query_int (self, sql, &spare, error) &&
         set_board (self, game_id, (int) spare, error) && set_board (self, other_id, from, error) &&
         set_board (self, game_id, to, error);
}

static gboolean
check_unchanged (ArbTournament *self,
                 gint64 game_id,
                 int to,
                 gint64 other_id,
                 int *round,
                 int *from,
                 GError **error)
{
  gboolean unplayed = FALSE, other_unplayed = TRUE;
  int other_round = 0, other_board = 0;
  gint64 on_to;
  g_autoptr (GError) local = NULL;

  if (!read_game_state (self, game_id, round, from, &unplayed, error))
    return FALSE;
  if (other_id != 0 &&
      !read_game_state (self, other_id, &other_round, &other_board, &other_unplayed, error))
    return FALSE;
  on_to = arb_tournament_find_game (self, *round, to, &local);
  if (on_to == 0 && !g_error_matches (local, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (!unplayed || !other_unplayed || on_to != other_id || *from == to)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT, "%s",
                   /* Translators: a board change refused because the file
                    * changed while the arbiter was deciding it */
                   _ ("The boards of the round changed in the file meanwhile: look again and "
                      "decide the move anew"));
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_move_board (ArbTournament *self,
                           gint64 game_id,
                           int to,
                           gint64 other_id,
                           const ArbRuling *ruling,
                           const char *arbiter,
                           gint64 *ruling_id,
                           GError **error)
{
  g_autofree char *articles = NULL;
  g_autofree char *payload = NULL;
  g_autofree char *from_text = NULL;
  g_autofree char *to_text = NULL;
  ArbRulingRecord record = { 0 };
  int round = 0, from = 0;
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ruling != NULL && ruling->kind == ARB_RULING_BOARD_CHANGE, FALSE);
  g_return_val_if_fail (to >= 1, FALSE);

  articles = arb_ruling_articles_text (ruling);
  payload = arb_ruling_to_json (ruling);
  record.kind = (char *) arb_ruling_kind_to_string (ruling->kind);
  record.decision = (char *) arb_decision_to_string (ruling->decision);
  record.articles = articles;
  record.edition = (int) ruling->edition;
  record.payload = payload;
  record.note = ruling->note;

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!check_unchanged (self, game_id, to, other_id, &round, &from, error))
    goto fail;
  from_text = g_strdup_printf ("%d", from);
  to_text = g_strdup_printf ("%d", to);
  if (!swap_boards (self, round, game_id, from, to, other_id, error) ||
      !_arb_tournament_add_ruling_record_by (self, game_id, &record, arbiter != NULL ? arbiter : "",
                                             &id, error) ||
      !_arb_tournament_audit (self, "board", game_id, error, "from", from_text, "to", to_text,
                              NULL))
    goto fail;
  if (!_arb_tournament_commit (self, error))
    return FALSE;
  if (ruling_id != NULL)
    *ruling_id = id;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

/* A start_no by player id, 0 when none is known. */
static int
start_no_of (GPtrArray *players, gint64 id)
{
  for (guint i = 0; i < players->len; i++)
    if (((ArbPlayerInfo *) players->pdata[i])->id == id)
      return ((ArbPlayerInfo *) players->pdata[i])->start_no;
  return 0;
}

static const ArbGameInfo *
game_by_id (GPtrArray *games, gint64 id)
{
  for (guint i = 0; i < games->len; i++)
    if (((ArbGameInfo *) games->pdata[i])->id == id)
      return games->pdata[i];
  return NULL;
}

/* One record 300 line, "R B S": the round, the board, the starting rank
 * of the pairing's White, when that player has one. */
static void
append_fixed (GString *out, GPtrArray *players, const ArbGameInfo *game, int round, int board)
{
  int start_no = game != NULL ? start_no_of (players, game->white_id) : 0;

  if (start_no <= 0 || board < 1)
    return;
  if (out->len > 0)
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%d %d %d", round, board, start_no);
}

char *
_arb_tournament_moved_board_records (ArbTournament *self,
                                     GPtrArray *games,
                                     GPtrArray *players,
                                     GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  GString *out = g_string_new (NULL);
  int rc;

  /* Each board change is a swap. The import (arb-tournament-board-order.c)
   * takes a game out of the order and puts it in at its board, in the
   * order of the records: the moved game's record, then the other's,
   * make the same swap there, and later changes replay after earlier
   * ones. */
  if (!_arb_query_init (&query, self, "cannot read the board changes",
                        "SELECT r.game_id, r.payload FROM ruling r WHERE r.kind = 'board' "
                        "AND NOT EXISTS (SELECT 1 FROM ruling w WHERE w.supersedes = r.id) "
                        "ORDER BY r.id",
                        error, NULL))
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      g_autoptr (ArbRuling) ruling = arb_ruling_from_json (_arb_query_text (&query, 1), NULL);
      const ArbGameInfo *game = game_by_id (games, _arb_query_int (&query, 0));
      gint64 swapped;
      int round;

      if (ruling == NULL || game == NULL)
        continue;
      round = (int) arb_ruling_get_fact_int (ruling, "round", game->round);
      append_fixed (out, players, game, round, (int) arb_ruling_get_fact_int (ruling, "to", 0));
      swapped = arb_ruling_get_fact_int (ruling, "swapped", 0);
      if (swapped != 0)
        append_fixed (out, players, game_by_id (games, swapped), round,
                      (int) arb_ruling_get_fact_int (ruling, "from", 0));
    }
  if (rc < 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}
