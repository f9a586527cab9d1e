/* arb-tournament-ruling.c: storing the Laws engine's rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament-ruling.h"

#include "arb-tournament-private.h"

gint64
arb_tournament_add_ruling (ArbTournament *self,
                           gint64 game_id,
                           int ply,
                           const ArbRuling *ruling,
                           GError **error)
{
  g_autofree char *articles = NULL;
  g_autofree char *payload = NULL;
  ArbRulingRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (ruling != NULL, 0);

  /* The decision column holds the stable name; the words are made where
   * the ruling is shown. */
  articles = arb_ruling_articles_text (ruling);
  payload = arb_ruling_to_json (ruling);

  record.ply = ply;
  record.kind = (char *) arb_ruling_kind_to_string (ruling->kind);
  record.decision = (char *) arb_decision_to_string (ruling->decision);
  record.articles = articles;
  record.edition = (int) ruling->edition;
  record.payload = payload;
  record.note = ruling->note;
  return arb_tournament_add_ruling_record (self, game_id, &record, error);
}

static char *
now_text (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  /* As the file writes its times: UTC with microseconds. */
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S.%fZ");
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
  g_autofree char *articles = NULL;
  g_autofree char *payload = NULL;
  g_autofree char *now = NULL;
  ArbRulingRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ending != NULL, FALSE);

  result = arb_ruling_find_effect (ending, ARB_EFFECT_SET_RESULT);
  if (result == NULL || result->result == ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "ply %d: the ruling that ends the game gives no result", ply);
      return FALSE;
    }
  articles = arb_ruling_articles_text (ending);
  payload = arb_ruling_to_json (ending);
  now = now_text ();
  record.ply = ply;
  record.kind = (char *) arb_ruling_kind_to_string (ending->kind);
  record.decision = (char *) arb_decision_to_string (ending->decision);
  record.articles = articles;
  record.edition = (int) ending->edition;
  record.payload = payload;
  record.note = ending->note;
  record.wall_time = now;

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_add_checked_move (self, game_id, ply, san, move, white_ms, black_ms,
                                         error) ||
      !_arb_tournament_set_result (self, game_id, result->result,
                                   arb_ending_termination (result->ending), error) ||
      !_arb_tournament_add_ruling_record (self, game_id, &record, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return _arb_tournament_commit (self, error);
}

ArbRuling *
arb_tournament_ruling_from_record (const ArbRulingRecord *record, GError **error)
{
  g_return_val_if_fail (record != NULL, NULL);

  if (record->payload == NULL || g_strcmp0 (record->payload, "{}") == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "ruling %" G_GINT64_FORMAT " was stored without the engine's value", record->id);
      return NULL;
    }
  return arb_ruling_from_json (record->payload, error);
}
