/* arb-tournament-records.c: what happens at the board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Clock events and checkpoints, irregularities, draw offers, rulings as
 * records, and sealed moves. Each public writer is one transaction with
 * its audit line; the _arb_tournament_ writers run in the caller's.
 */

#include "config.h"

#include <string.h>

#include "arb-edition.h"
#include "arb-i18n.h"
#include "arb-tournament-clock.h"
#include "arb-tournament-private.h"

static gboolean
side_is_valid (ArbColor side)
{
  return side == ARB_WHITE || side == ARB_BLACK;
}

/* One INSERT of a record, then its audit line (action, summary). */
static gboolean
run_record (ArbQuery *query,
            const char *action,
            gint64 game_id,
            const char *summary,
            gint64 *id,
            GError **error)
{
  if (_arb_query_step (query, error) < 0)
    return FALSE;
  *id = _arb_tournament_last_id (query->owner);
  return _arb_tournament_audit (query->owner, action, game_id, error, "summary", summary, NULL);
}

/* The same, with the arbiter who made the record in its audit line. */
static gboolean
run_record_by (ArbQuery *query,
               const char *action,
               gint64 game_id,
               const char *summary,
               const char *arbiter,
               gint64 *id,
               GError **error)
{
  if (_arb_query_step (query, error) < 0)
    return FALSE;
  *id = _arb_tournament_last_id (query->owner);
  return _arb_tournament_audit (query->owner, action, game_id, error, "summary", summary, "arbiter",
                                arbiter, NULL);
}

/* A public writer: the game must exist, then one record in its own
 * transaction. */
typedef gboolean (*RecordWriter) (ArbTournament *self,
                                  gint64 game_id,
                                  gconstpointer record,
                                  gint64 *id,
                                  GError **error);

static gint64
add_in_transaction (ArbTournament *self,
                    gint64 game_id,
                    RecordWriter writer,
                    gconstpointer record,
                    GError **error)
{
  gint64 id = 0;

  if (!_arb_tournament_begin (self, error))
    return 0;
  if (!_arb_tournament_game_exists (self, game_id, error) ||
      !writer (self, game_id, record, &id, error) || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return 0;
    }
  return id;
}

/* Clock events */

gboolean
_arb_tournament_add_clock_event (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbClockEventRecord *ev,
                                 gint64 *id,
                                 GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  const char *kind = arb_tournament_clock_event_kind (ev->kind);
  g_auto (ArbQuery) query = { 0 };

  if (ev->side != ARB_COLOR_NONE && !side_is_valid (ev->side))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not a side (white or black)"), (int) ev->side);
      return FALSE;
    }
  return _arb_query_init (&query, self, "cannot store the record",
                          "INSERT INTO clock_event (game_id, ply, kind, side, wall_time, "
                          "amount_ms, white_ms, black_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          error,
                          "litt"
                          "tlmm",
                          game_id, ev->ply, kind, arb_color_to_string (ev->side),
                          ev->wall_time != NULL ? ev->wall_time : now, ev->amount_ms, ev->white_ms,
                          ev->black_ms) &&
         run_record (&query, "clock", game_id, kind, id, error);
}

gint64
arb_tournament_add_clock_event (ArbTournament *self,
                                gint64 game_id,
                                const ArbClockEventRecord *ev,
                                GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (ev != NULL && (guint) ev->kind <= ARB_CLOCK_EVENT_RECOVER, 0);

  if (ev->side != ARB_COLOR_NONE && !side_is_valid (ev->side))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not a side (white or black)"), (int) ev->side);
      return 0;
    }
  return add_in_transaction (self, game_id, (RecordWriter) _arb_tournament_add_clock_event, ev,
                             error);
}

/* Checkpoints */

gboolean
_arb_tournament_set_clock_snapshots (ArbTournament *self,
                                     guint n,
                                     const gint64 *game_ids,
                                     const int *plies,
                                     const char *const *states,
                                     GError **error)
{
  g_autofree char *now = _arb_tournament_now ();

  for (guint i = 0; i < n; i++)
    if (!_arb_tournament_run (self, "cannot store the clock",
                              "INSERT OR REPLACE INTO clock_snapshot (game_id, ply, state, "
                              "wall_time) VALUES (?, ?, ?, ?)",
                              error, "litt", game_ids[i], plies[i], states[i], now))
      return FALSE;
  return TRUE;
}

char *
arb_tournament_get_clock_checkpoint (ArbTournament *self, gint64 game_id, int *ply, GError **error)
{
  g_auto (ArbQuery) query = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the clock",
                        "SELECT state, ply FROM clock_snapshot WHERE game_id = ?", error, "l",
                        game_id) ||
      _arb_query_step (&query, error) <= 0)
    return NULL;
  if (ply != NULL)
    *ply = (int) _arb_query_int (&query, 1);
  return _arb_query_dup_text (&query, 0);
}

char *
arb_tournament_get_fresh_clock_checkpoint (ArbTournament *self,
                                           gint64 game_id,
                                           int ply,
                                           GError **error)
{
  g_auto (ArbQuery) query = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  /* Times are ISO 8601 in UTC with microseconds: they compare as text. */
  if (!_arb_query_init (&query, self, "cannot read the clock",
                        "SELECT s.state FROM clock_snapshot s WHERE s.game_id = ?1 "
                        "AND s.ply = ?2 AND s.wall_time > (SELECT coalesce (max (e.wall_time), '') "
                        "FROM clock_event e WHERE e.game_id = ?1 AND e.ply >= ?2) "
                        "AND s.wall_time > (SELECT coalesce (max (m.last_played_at), '') "
                        "FROM move_list m WHERE m.game_id = ?1)",
                        error, "li", game_id, ply) ||
      _arb_query_step (&query, error) <= 0)
    return NULL;
  return _arb_query_dup_text (&query, 0);
}

/* Irregularities */

gboolean
_arb_tournament_add_irregularity (ArbTournament *self,
                                  gint64 game_id,
                                  const ArbIrregularityRecord *irr,
                                  gint64 *id,
                                  GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_auto (ArbQuery) query = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (irr->kind == NULL || (irr->side != ARB_COLOR_NONE && !side_is_valid (irr->side)))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("an irregularity needs a kind, and its side is white or black"));
      return FALSE;
    }
  return _arb_query_init (&query, self, "cannot store the record",
                          "INSERT INTO irregularity (game_id, ply, kind, side, move_text, "
                          "fen_before, restored_ply, note, wall_time) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          error,
                          "litt"
                          "ttmtt",
                          game_id, irr->ply, irr->kind, arb_color_to_string (irr->side),
                          irr->move_text, irr->fen_before, (gint64) irr->restored_ply, irr->note,
                          now) &&
         run_record (&query, "irregularity", game_id, irr->kind, id, error);
}

gint64
arb_tournament_add_irregularity (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbIrregularityRecord *irr,
                                 GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (irr != NULL, 0);

  return add_in_transaction (self, game_id, (RecordWriter) _arb_tournament_add_irregularity, irr,
                             error);
}

GPtrArray *
arb_tournament_list_irregularities (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) list =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_irregularity_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the irregularities",
                        "SELECT id, ply, kind, side, move_text, fen_before, restored_ply, note, "
                        "wall_time FROM irregularity WHERE game_id = ? ORDER BY id",
                        error, "l", game_id))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbIrregularityInfo *info = g_new0 (ArbIrregularityInfo, 1);

      info->id = _arb_query_int (&query, 0);
      info->ply = (int) _arb_query_int (&query, 1);
      info->kind = _arb_query_dup_text (&query, 2);
      info->side = ARB_COLOR_NONE;
      arb_color_from_string (_arb_query_text (&query, 3), &info->side);
      info->move_text = _arb_query_dup_text (&query, 4);
      info->fen_before = _arb_query_dup_text (&query, 5);
      info->restored_ply = (int) _arb_query_int_or (&query, 6, -1);
      info->note = _arb_query_dup_text (&query, 7);
      info->wall_time = _arb_query_dup_text (&query, 8);
      g_ptr_array_add (list, info);
    }
  return rc == 0 ? g_steal_pointer (&list) : NULL;
}

void
arb_irregularity_info_free (ArbIrregularityInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->kind);
  g_free (info->move_text);
  g_free (info->fen_before);
  g_free (info->note);
  g_free (info->wall_time);
  g_free (info);
}

/* Draw offers */

typedef struct
{
  int ply;
  ArbColor side;
} DrawOffer;

static gboolean
add_draw_offer (ArbTournament *self,
                gint64 game_id,
                const DrawOffer *offer,
                gint64 *id,
                GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  const char *side = arb_color_to_string (offer->side);
  g_auto (ArbQuery) query = { 0 };

  return _arb_query_init (&query, self, "cannot store the record",
                          "INSERT INTO draw_offer (game_id, ply, side, wall_time) "
                          "VALUES (?, ?, ?, ?)",
                          error, "litt", game_id, offer->ply, side, now) &&
         run_record (&query, "draw-offer", game_id, side, id, error);
}

gint64
arb_tournament_add_draw_offer (ArbTournament *self,
                               gint64 game_id,
                               int ply,
                               ArbColor side,
                               GError **error)
{
  DrawOffer offer = { ply, side };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  if (!side_is_valid (side))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a draw offer needs the side that offers it (white or black)"));
      return 0;
    }
  return add_in_transaction (self, game_id, (RecordWriter) add_draw_offer, &offer, error);
}

gboolean
arb_tournament_set_draw_offer_response (ArbTournament *self,
                                        gint64 offer_id,
                                        const char *response,
                                        GError **error)
{
  g_autofree char *id_text = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (g_strcmp0 (response, "accepted") != 0 && g_strcmp0 (response, "declined") != 0 &&
      g_strcmp0 (response, "withdrawn") != 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a draw offer is accepted, declined or withdrawn"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_run (self, "cannot store the answer",
                            "UPDATE draw_offer SET response = ? WHERE id = ? "
                            "AND response = 'pending'",
                            error, "tl", response, offer_id))
    goto fail;
  if (_arb_tournament_changes (self) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("there is no pending draw offer %lld"), (long long) offer_id);
      goto fail;
    }
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, offer_id);
  if (!_arb_tournament_audit (self, "draw-answer", 0, error, "offer", id_text, "response", response,
                              NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

/* Rulings, as records */

gboolean
_arb_tournament_add_ruling_record (ArbTournament *self,
                                   gint64 game_id,
                                   const ArbRulingRecord *r,
                                   gint64 *id,
                                   GError **error)
{
  return _arb_tournament_add_ruling_record_by (self, game_id, r, NULL, id, error);
}

gboolean
_arb_tournament_add_ruling_record_by (ArbTournament *self,
                                      gint64 game_id,
                                      const ArbRulingRecord *r,
                                      const char *arbiter,
                                      gint64 *id,
                                      GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_auto (ArbQuery) query = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (r->kind == NULL || r->decision == NULL || !arb_edition_from_year (r->edition, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a ruling needs a kind, a decision and an edition of the Laws"));
      return FALSE;
    }
  /* json() rejects a payload that is not JSON, so what is stored can be
   * read back as the Laws engine's value. */
  return _arb_query_init (&query, self, "cannot store the record",
                          "INSERT INTO ruling (game_id, ply, kind, decision, articles, edition, "
                          "payload, note, wall_time, supersedes) VALUES (?, ?, ?, ?, "
                          "coalesce (?, ''), ?, json (coalesce (?, '{}')), ?, ?, ?)",
                          error,
                          "littt"
                          "itttn",
                          game_id, r->ply, r->kind, r->decision, r->articles, r->edition,
                          r->payload, r->note, r->wall_time != NULL ? r->wall_time : now,
                          r->supersedes) &&
         (arbiter == NULL ? run_record (&query, "ruling", game_id, r->kind, id, error)
                          : run_record_by (&query, "ruling", game_id, r->kind, arbiter, id, error));
}

gint64
arb_tournament_add_ruling_record (ArbTournament *self,
                                  gint64 game_id,
                                  const ArbRulingRecord *r,
                                  GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (r != NULL, 0);

  return add_in_transaction (self, game_id, (RecordWriter) _arb_tournament_add_ruling_record, r,
                             error);
}

GPtrArray *
arb_tournament_list_rulings (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) rulings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_ruling_record_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the rulings",
                        "SELECT id, ply, kind, decision, articles, edition, payload, note, "
                        "wall_time, coalesce (supersedes, 0), coalesce ((SELECT s.id FROM ruling s "
                        "WHERE s.supersedes = ruling.id), 0) FROM ruling WHERE game_id = ? "
                        "ORDER BY id",
                        error, "l", game_id))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbRulingRecord *r = g_new0 (ArbRulingRecord, 1);

      r->id = _arb_query_int (&query, 0);
      r->ply = (int) _arb_query_int (&query, 1);
      r->kind = _arb_query_dup_text (&query, 2);
      r->decision = _arb_query_dup_text (&query, 3);
      r->articles = _arb_query_dup_text (&query, 4);
      r->edition = (int) _arb_query_int (&query, 5);
      r->payload = _arb_query_dup_text (&query, 6);
      r->note = _arb_query_dup_text (&query, 7);
      r->wall_time = _arb_query_dup_text (&query, 8);
      r->supersedes = _arb_query_int (&query, 9);
      r->superseded_by = _arb_query_int (&query, 10);
      /* Read once here, so that no reader parses the JSON again; a row
       * that cannot be read is left for arb_tournament_check () to name. */
      if (r->payload != NULL && g_strcmp0 (r->payload, "{}") != 0)
        r->ruling = arb_ruling_from_json (r->payload, NULL);
      g_ptr_array_add (rulings, r);
    }
  return rc == 0 ? g_steal_pointer (&rulings) : NULL;
}

void
arb_ruling_record_init (ArbRulingRecord *record, const ArbRuling *ruling, int ply, const char *note)
{
  g_return_if_fail (record != NULL && ruling != NULL);

  memset (record, 0, sizeof *record);
  record->ply = ply;
  /* The decision column holds the stable name; the words are made where
   * the ruling is shown. */
  record->kind = g_strdup (arb_ruling_kind_to_string (ruling->kind));
  record->decision = g_strdup (arb_decision_to_string (ruling->decision));
  record->articles = arb_ruling_articles_text (ruling);
  record->edition = (int) ruling->edition;
  record->payload = arb_ruling_to_json (ruling);
  record->note = g_strdup (note);
}

void
arb_ruling_record_clear (ArbRulingRecord *record)
{
  g_clear_pointer (&record->kind, g_free);
  g_clear_pointer (&record->decision, g_free);
  g_clear_pointer (&record->articles, g_free);
  g_clear_pointer (&record->payload, g_free);
  g_clear_pointer (&record->note, g_free);
  g_clear_pointer (&record->wall_time, g_free);
  g_clear_pointer (&record->ruling, arb_ruling_free);
}

void
arb_ruling_record_free (ArbRulingRecord *ruling)
{
  if (ruling == NULL)
    return;
  arb_ruling_record_clear (ruling);
  g_free (ruling);
}

/* Sealed moves */

gboolean
_arb_tournament_add_sealed_move (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbSealedMoveRecord *env,
                                 gint64 *id,
                                 GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_auto (ArbQuery) query = { 0 };

  if (!side_is_valid (env->side) || env->move_text == NULL || env->fen_before == NULL ||
      env->move_number < 1 || env->white_used_ms < 0 || env->black_used_ms < 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("an envelope needs the side that seals, the move, its number, "
                      "the position and the time each player has used"));
      return FALSE;
    }
  /* The audit line says an envelope was sealed, never what is in it. */
  return _arb_query_init (&query, self, "cannot store the record",
                          "INSERT INTO sealed_move (game_id, ply, side, move_number, move_text, "
                          "fen_before, white_used_ms, black_used_ms, draw_offered, resume_at, "
                          "resume_place, sealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          error,
                          "liti"
                          "ttll"
                          "ittt",
                          game_id, env->ply, arb_color_to_string (env->side), env->move_number,
                          env->move_text, env->fen_before, env->white_used_ms, env->black_used_ms,
                          env->draw_offered ? 1 : 0, env->resume_at, env->resume_place, now) &&
         run_record (&query, "seal-move", game_id, arb_color_to_string (env->side), id, error);
}

gint64
arb_tournament_add_sealed_move (ArbTournament *self,
                                gint64 game_id,
                                const ArbSealedMoveRecord *env,
                                GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (env != NULL, 0);

  return add_in_transaction (self, game_id, (RecordWriter) _arb_tournament_add_sealed_move, env,
                             error);
}

ArbSealedMoveInfo *
arb_tournament_get_sealed_move (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  ArbSealedMoveInfo *info;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the envelopes",
                        "SELECT id, ply, side, move_number, move_text, fen_before, white_used_ms, "
                        "black_used_ms, draw_offered, resume_at, resume_place, sealed_at "
                        "FROM sealed_move WHERE game_id = ? AND opened_at IS NULL "
                        "ORDER BY id DESC LIMIT 1",
                        error, "l", game_id) ||
      _arb_query_step (&query, error) <= 0)
    return NULL;
  info = g_new0 (ArbSealedMoveInfo, 1);
  info->id = _arb_query_int (&query, 0);
  info->ply = (int) _arb_query_int (&query, 1);
  info->side = ARB_COLOR_NONE;
  arb_color_from_string (_arb_query_text (&query, 2), &info->side);
  info->move_number = (int) _arb_query_int (&query, 3);
  info->move_text = _arb_query_dup_text (&query, 4);
  info->fen_before = _arb_query_dup_text (&query, 5);
  info->white_used_ms = _arb_query_int (&query, 6);
  info->black_used_ms = _arb_query_int (&query, 7);
  info->draw_offered = _arb_query_int (&query, 8) != 0;
  info->resume_at = _arb_query_dup_text (&query, 9);
  info->resume_place = _arb_query_dup_text (&query, 10);
  info->sealed_at = _arb_query_dup_text (&query, 11);
  return info;
}

void
arb_sealed_move_info_free (ArbSealedMoveInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->move_text);
  g_free (info->fen_before);
  g_free (info->resume_at);
  g_free (info->resume_place);
  g_free (info->sealed_at);
  g_free (info);
}

/* Opens a sealed envelope of the game (any game when game_id is 0). The
 * audit line names the move only when `reveal`: a ruling may open the
 * envelope without the move being read out yet. */
gboolean
_arb_tournament_open_envelope (ArbTournament *self,
                               gint64 envelope_id,
                               gint64 game_id,
                               gboolean reveal,
                               char **move_text,
                               GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *text = NULL;
  gint64 owner;

  {
    g_auto (ArbQuery) query = { 0 };
    int rc;

    if (!_arb_query_init (&query, self, "cannot read the envelopes",
                          "SELECT move_text, game_id FROM sealed_move "
                          "WHERE id = ? AND opened_at IS NULL",
                          error, "l", envelope_id))
      return FALSE;
    rc = _arb_query_step (&query, error);
    if (rc < 0)
      return FALSE;
    if (rc == 0 || (game_id != 0 && _arb_query_int (&query, 1) != game_id))
      {
        /* A caller that names the game saw the envelope sealed: someone
         * else opened it since. */
        if (game_id != 0)
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                       _ ("the envelope was opened meanwhile"));
        else
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       _ ("there is no sealed envelope %lld"), (long long) envelope_id);
        return FALSE;
      }
    text = _arb_query_dup_text (&query, 0);
    owner = _arb_query_int (&query, 1);
  }
  if (!_arb_tournament_run (self, "cannot open the envelope",
                            "UPDATE sealed_move SET opened_at = ? WHERE id = ?", error, "tl", now,
                            envelope_id) ||
      !(reveal ? _arb_tournament_audit (self, "open-envelope", owner, error, "move", text, NULL)
               : _arb_tournament_audit (self, "open-envelope", owner, error, NULL)))
    return FALSE;
  if (move_text != NULL)
    *move_text = g_steal_pointer (&text);
  return TRUE;
}

char *
arb_tournament_open_envelope (ArbTournament *self, gint64 envelope_id, GError **error)
{
  char *move_text = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_tournament_begin (self, error))
    return NULL;
  if (!_arb_tournament_open_envelope (self, envelope_id, 0, TRUE, &move_text, error) ||
      !_arb_tournament_commit (self, error))
    {
      g_clear_pointer (&move_text, g_free);
      _arb_tournament_rollback (self);
      return NULL;
    }
  return move_text;
}
