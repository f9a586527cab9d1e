/* arb-tournament-ruling.c: storing the Laws engine's rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-ruling.h"

#include "arb-i18n.h"
#include "arb-san.h"
#include "arb-tournament-private.h"

gint64
arb_tournament_add_ruling (ArbTournament *self,
                           gint64 game_id,
                           int ply,
                           const ArbRuling *ruling,
                           GError **error)
{
  g_auto (ArbRulingRecord) record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (ruling != NULL, 0);

  arb_ruling_record_init (&record, ruling, ply, ruling->note);
  return arb_tournament_add_ruling_record (self, game_id, &record, error);
}

/* The ruling row of an automatic end (clear it with
 * arb_ruling_record_clear ()), and the result it sets; NULL with @error
 * when @ending sets none. */
static const ArbEffect *
ending_record (const ArbRuling *ending, int ply, ArbRulingRecord *record, GError **error)
{
  const ArbEffect *result = arb_ruling_find_effect (ending, ARB_EFFECT_SET_RESULT);

  if (result == NULL || result->result == ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: a ply is a half-move, counted from 1 */
                   _ ("ply %d: the ruling that ends the game gives no result"), ply);
      return NULL;
    }
  arb_ruling_record_init (record, ending, ply, ending->note);
  record->wall_time = _arb_tournament_now ();
  return result;
}

/* ending_record (), then the transaction its caller writes the move or
 * the flag in; NULL with @error (nothing begun) on a failure. */
static const ArbEffect *
begin_ending (ArbTournament *self,
              const ArbRuling *ending,
              int ply,
              ArbRulingRecord *record,
              GError **error)
{
  const ArbEffect *result = ending_record (ending, ply, record, error);

  if (result == NULL || !_arb_tournament_begin (self, error))
    return NULL;
  return result;
}

/* Rolls back a write that failed, and says so. */
static gboolean
rolled_back (ArbTournament *self)
{
  _arb_tournament_rollback (self);
  return FALSE;
}

/* The rest of an automatic end, in the transaction its caller began
 * and wrote the move or the flag in: the game's result and the ruling
 * that gives it, then the commit; all of it rolled back on a failure. */
static gboolean
finish_ending (ArbTournament *self,
               gint64 game_id,
               const ArbEffect *result,
               const ArbRulingRecord *record,
               GError **error)
{
  gint64 ruling_id = 0;

  if (!_arb_tournament_set_result (self, game_id, result->result,
                                   arb_ending_termination (result->ending), error) ||
      !_arb_tournament_add_ruling_record (self, game_id, record, &ruling_id, error))
    return rolled_back (self);
  return _arb_tournament_commit (self, error);
}

gboolean
arb_tournament_add_move_ending_game (ArbTournament *self,
                                     gint64 game_id,
                                     int ply,
                                     const char *san,
                                     ArbMove move,
                                     gint64 white_ms,
                                     gint64 black_ms,
                                     const ArbRuling *ending,
                                     GError **error)
{
  const ArbEffect *result;
  g_auto (ArbRulingRecord) record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ending != NULL, FALSE);

  result = begin_ending (self, ending, ply, &record, error);
  if (result == NULL)
    return FALSE;
  if (!_arb_tournament_add_checked_move (self, game_id, ply, san, move, white_ms, black_ms, error))
    return rolled_back (self);
  return finish_ending (self, game_id, result, &record, error);
}

gboolean
arb_tournament_add_flag_ending_game (ArbTournament *self,
                                     gint64 game_id,
                                     const ArbClockEventRecord *flag,
                                     const ArbRuling *ending,
                                     GError **error)
{
  const ArbEffect *result;
  g_auto (ArbRulingRecord) record = { 0 };
  gint64 event_id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (flag != NULL && flag->kind == ARB_CLOCK_EVENT_FLAG, FALSE);
  g_return_val_if_fail (ending != NULL, FALSE);

  result = begin_ending (self, ending, flag->ply, &record, error);
  if (result == NULL)
    return FALSE;
  if (!_arb_tournament_game_exists (self, game_id, error) ||
      !_arb_tournament_add_clock_event (self, game_id, flag, &event_id, error))
    return rolled_back (self);
  return finish_ending (self, game_id, result, &record, error);
}

gboolean
arb_tournament_end_game_at_ply (ArbTournament *self,
                                gint64 game_id,
                                int ply,
                                const ArbRuling *ending,
                                GError **error)
{
  const ArbEffect *result;
  g_autoptr (ArbGameInfo) game = NULL;
  g_auto (ArbRulingRecord) record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ending != NULL, FALSE);

  result = begin_ending (self, ending, ply, &record, error);
  if (result == NULL)
    return FALSE;
  /* The game as stored must still be the game that was examined: the same
   * moves, and no result yet (another desk may have moved on or ended it). */
  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL)
    return rolled_back (self);
  if (game->n_plies != ply || game->result != ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   game->n_plies != ply
                     ? _ ("the game has %d stored plies, the end was found at ply %d")
                     : _ ("the game has %d stored plies and already a result (ply %d)"),
                   game->n_plies, ply);
      return rolled_back (self);
    }
  return finish_ending (self, game_id, result, &record, error);
}

ArbRuling *
arb_tournament_ruling_from_record (const ArbRulingRecord *record, GError **error)
{
  g_return_val_if_fail (record != NULL, NULL);

  if (record->ruling != NULL)
    return arb_ruling_copy (record->ruling);
  if (record->payload == NULL || g_strcmp0 (record->payload, "{}") == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("ruling %lld was stored without the engine's value"), (long long) record->id);
      return NULL;
    }
  return arb_ruling_from_json (record->payload, error);
}

static gboolean
apply_changes (ArbTournament *self,
               gint64 game_id,
               const ArbRulingChanges *c,
               gint64 *ruling_id,
               GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  int at_ply = c->ply;
  gint64 id = 0;

  /* The game as stored must be the game the arbiter ruled on. */
  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  if (game->n_plies != c->ply)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: a ply is a half-move */
                   _ ("the game has %d stored plies, the ruling was made at ply %d"), game->n_plies,
                   c->ply);
      return FALSE;
    }

  /* A ruling that supersedes another names one of this game's, not yet
   * superseded (the unique index says so too, after the fact). */
  if (c->ruling != NULL && c->ruling->supersedes != 0)
    {
      g_auto (ArbQuery) query = { 0 };
      int rc;

      if (!_arb_query_init (&query, self, "cannot read the rulings",
                            "SELECT 1 FROM ruling r WHERE r.id = ? AND r.game_id = ? AND NOT "
                            "EXISTS (SELECT 1 FROM ruling s WHERE s.supersedes = r.id)",
                            error, "ll", c->ruling->supersedes, game_id))
        return FALSE;
      rc = _arb_query_step (&query, error);
      if (rc < 0)
        return FALSE;
      if (rc == 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                       _ ("ruling %lld is not a ruling of this game that stands"),
                       (long long) c->ruling->supersedes);
          return FALSE;
        }
    }

  if (c->irregularity != NULL &&
      !_arb_tournament_add_irregularity (self, game_id, c->irregularity, &id, error))
    return FALSE;

  if (c->keep_plies >= 0 && c->keep_plies < c->ply)
    {
      if (!_arb_tournament_truncate_moves (self, game_id, c->keep_plies,
                                           c->ruling != NULL ? c->ruling->kind : NULL, error))
        return FALSE;
      at_ply = c->keep_plies;
    }

  if (c->set_clocks)
    {
      /* A "restore" event (the kind ArbClock's own restore is stored
       * under; its amount is the ply): the game model reads clock events
       * from the last one on, so events of the line that was taken back
       * no longer count, and nothing of them is deleted. */
      ArbClockEventRecord restore = {
        .ply = at_ply,
        .kind = ARB_CLOCK_EVENT_RESTORE,
        .side = ARB_COLOR_NONE,
        .amount_ms = at_ply,
        .white_ms = c->white_ms,
        .black_ms = c->black_ms,
      };

      if (!_arb_tournament_add_clock_event (self, game_id, &restore, &id, error))
        return FALSE;
    }

  if (c->seal != NULL && !_arb_tournament_add_sealed_move (self, game_id, c->seal, &id, error))
    return FALSE;

  if (c->open_envelope_id > 0 &&
      !_arb_tournament_open_envelope (self, c->open_envelope_id, game_id, c->reveal_sealed_move,
                                      NULL, error))
    return FALSE;

  if (c->play != ARB_MOVE_NONE)
    {
      ArbPosition pos;
      int n_plies = 0;
      char san[ARB_SAN_MAX];
      g_autofree char *now = _arb_tournament_now ();
      g_autofree char *ply_text = g_strdup_printf ("%d", at_ply + 1);

      /* The position the game is left at, as stored in this transaction. */
      if (!_arb_tournament_replay (self, game, &pos, &n_plies, ARB_REPLAY_FAST, NULL, NULL, error))
        return FALSE;
      if (n_plies != at_ply || !arb_position_is_legal (&pos, c->play))
        {
          char uci[6] = "-";

          if (n_plies == at_ply)
            arb_move_write_uci (&pos, c->play, uci);
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       /* Translators: a ply is a half-move, counted from 1 */
                       _ ("ply %d: %s is not a legal move"), at_ply + 1, uci);
          return FALSE;
        }
      arb_san_write (&pos, c->play, san);
      if (!_arb_tournament_add_move (self, game_id, at_ply + 1, &pos, c->play, c->white_ms,
                                     c->black_ms, now, error) ||
          !_arb_tournament_audit (self, "move", game_id, error, "ply", ply_text, "san", san, NULL))
        return FALSE;
    }

  if (c->set_result &&
      !_arb_tournament_set_result (self, game_id, c->result, c->termination, error))
    return FALSE;

  if (c->ruling != NULL &&
      !_arb_tournament_add_ruling_record_by (self, game_id, c->ruling, c->arbiter, &id, error))
    return FALSE;
  /* The moves the restoration voided name the ruling that voided them. */
  if (c->ruling != NULL && c->keep_plies >= 0 && c->keep_plies < c->ply &&
      !_arb_tournament_bind_voided_moves (self, game_id, id, error))
    return FALSE;
  if (ruling_id != NULL)
    *ruling_id = c->ruling != NULL ? id : 0;
  return TRUE;
}

gboolean
arb_tournament_apply_ruling (ArbTournament *self,
                             gint64 game_id,
                             const ArbRulingChanges *changes,
                             gint64 *ruling_id,
                             GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (changes != NULL, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!apply_changes (self, game_id, changes, ruling_id, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}
