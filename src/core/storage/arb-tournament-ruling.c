/* arb-tournament-ruling.c: storing the Laws engine's rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament-ruling.h"

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
