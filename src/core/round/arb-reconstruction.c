/* arb-reconstruction.c: a game rebuilt from its scoresheets, stored with its ruling
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-reconstruction.h"
#include "arb-laws-edition.h"
#include "arb-ruling.h"
#include "arb-tournament-reconstruct.h"

const char *
arb_reconstruction_article (ArbEdition edition)
{
  return arb_rule_article (edition, ARB_RULE_RECONSTRUCTION);
}

ArbRuling *
arb_reconstruction_ruling (const ArbScoresheetResult *result,
                           const ArbScoresheetGame *game,
                           ArbEdition edition)
{
  ArbRuling *ruling;

  g_return_val_if_fail (result != NULL && game != NULL, NULL);

  ruling =
    arb_ruling_new (ARB_RULING_RECONSTRUCTION, edition, ARB_CATEGORY_STANDARD, ARB_COLOR_NONE);
  ruling->decision = ARB_DECISION_RECONSTRUCTED;
  arb_ruling_cite (ruling, ARB_RULE_RECONSTRUCTION);
  arb_ruling_set_fact_int (ruling, "plies", game->moves->len);
  arb_ruling_set_fact_int (ruling, "sheets", result->n_sheets);
  arb_ruling_set_fact_int (ruling, "corrections", game->corrections->len);
  arb_ruling_set_fact_int (ruling, "cost", game->cost);
  /* Each correction as data: half-move, sheet, kind, written, read. */
  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);
      g_autofree char *name = g_strdup_printf ("correction_%u", i + 1);
      g_autofree char *value =
        g_strdup_printf ("%u\t%u\t%s\t%s\t%s", c->ply, c->sheet + 1,
                         arb_scoresheet_correction_kind_to_string (c->kind), c->written, c->read);

      arb_ruling_set_fact_text (ruling, name, value);
    }
  return ruling;
}

gint64
arb_reconstruction_store (ArbTournament *tournament,
                          gint64 game_id,
                          const ArbGameInfo *new_game,
                          const ArbScoresheetResult *result,
                          const ArbScoresheetGame *game,
                          ArbEdition edition,
                          GError **error)
{
  g_autoptr (ArbRuling) ruling = NULL;
  g_auto (ArbRulingRecord) record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), 0);
  g_return_val_if_fail (result != NULL && game != NULL, 0);

  /* Stored as the Laws engine's rulings are (arb_tournament_add_ruling ()):
   * the stable names, the articles, the ruling as JSON. */
  ruling = arb_reconstruction_ruling (result, game, edition);
  arb_ruling_record_init (&record, ruling, (int) game->moves->len, NULL);
  record.edition = (int) edition;
  return arb_tournament_set_moves (tournament, game_id, new_game,
                                   (const ArbMove *) game->moves->data, game->moves->len, &record,
                                   error);
}
