/* arb-ruling-withdraw.c: taking back a confirmed ruling, with a reason
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing recorded is deleted: a withdrawn ruling stays in the file, and
 * the record that withdraws it supersedes it (ruling.supersedes). Its
 * effects are reversed through the same storage call every ruling takes
 * (arb_tournament_apply_ruling), so the reversal and the record are one
 * transaction.
 */

#include "config.h"

#include "arb-ruling-withdraw.h"

#include <gio/gio.h>

#include "arb-clock.h"
#include "arb-i18n.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament.h"

/* The result the game had before @index: that of the last ruling before
 * it that stands and gives one, else none (the game goes on). */
static ArbResult
result_before (GPtrArray *records, guint index)
{
  ArbResult result = ARB_RESULT_ONGOING;

  for (guint i = 0; i < index; i++)
    {
      const ArbRulingRecord *r = g_ptr_array_index (records, i);
      g_autoptr (ArbRuling) ruling = NULL;

      if (r->superseded_by != 0 || r->supersedes != 0)
        continue;
      ruling = arb_tournament_ruling_from_record (r, NULL);
      if (ruling != NULL && arb_ruling_get_result (ruling) != ARB_RESULT_ONGOING)
        result = arb_ruling_get_result (ruling);
    }
  return result;
}

static gboolean
given (const char *text)
{
  g_autofree char *copy = g_strdup (text != NULL ? text : "");

  return *g_strstrip (copy) != '\0';
}

static gboolean
find_record (GPtrArray *records, gint64 id, guint *index, GError **error)
{
  for (guint i = 0; i < records->len; i++)
    {
      const ArbRulingRecord *r = g_ptr_array_index (records, i);

      if (r->id != id)
        continue;
      if (r->superseded_by != 0 || r->supersedes != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                       /* Translators: refused when the arbiter withdraws a
                        * ruling that was withdrawn already, or a withdrawal */
                       _ ("This ruling was withdrawn already, or withdraws another"));
          return FALSE;
        }
      *index = i;
      return TRUE;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
               /* Translators: refused when the ruling to withdraw is not one
                * of the game's */
               _ ("The game has no such ruling"));
  return FALSE;
}

static gboolean
withdraw (ArbGame *game,
          gint64 ruling_id,
          const char *reason,
          const char *arbiter,
          gboolean as_recorded,
          gint64 *withdrawal_id,
          GError **error)
{
  ArbTournament *t;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autofree char *own_arbiter = NULL;
  const ArbRulingRecord *original;
  g_auto (ArbRulingRecord) record = { 0 };
  ArbRulingChanges changes = { 0 };
  ArbClock *clock;
  guint index = 0;
  gint64 white_delta, black_delta;

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (!given (reason) || (!given (arbiter) && !as_recorded))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a ruling is withdrawn without
                    * a reason or without the arbiter's name */
                   _ ("A ruling is withdrawn only with a reason and the arbiter’s name"));
      return FALSE;
    }
  t = arb_game_get_tournament (game);
  records = arb_tournament_list_rulings (t, arb_game_get_id (game), error);
  if (records == NULL || !find_record (records, ruling_id, &index, error))
    return FALSE;
  original = g_ptr_array_index (records, index);
  ruling = arb_tournament_ruling_from_record (original, error);
  if (ruling == NULL)
    return FALSE;
  /* Taken back by whoever made it: the name recorded with it, if any. */
  if (!given (arbiter))
    arbiter = own_arbiter = g_strdup (arb_ruling_get_fact_text (ruling, "arbiter"));
  if (ruling->kind == ARB_RULING_BOARD_CHANGE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                   /* Translators: refused when the ruling to withdraw moved
                    * a pairing to another board */
                   _ ("A board change is not withdrawn: move the pairing back with Move to "
                      "Board…, with a reason"));
      return FALSE;
    }
  if (arb_ruling_restore_ply (ruling) >= 0 ||
      arb_ruling_find_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE) != NULL ||
      arb_ruling_find_effect (ruling, ARB_EFFECT_MAKE_SEALED_MOVE) != NULL ||
      arb_ruling_find_effect (ruling, ARB_EFFECT_SET_TIME) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                   /* Translators: refused for a ruling whose effects cannot
                    * be undone by the program (moves taken back or played,
                    * a clock set to a time) */
                   _ ("This ruling took moves back, played a move or set a clock: rule again "
                      "on the game as it stands instead"));
      return FALSE;
    }

  /* The time the ruling added or took goes back, from the clocks as they
   * stand now. */
  clock = arb_game_get_clock (game);
  white_delta = arb_ruling_time_delta (ruling, ARB_WHITE);
  black_delta = arb_ruling_time_delta (ruling, ARB_BLACK);
  changes.ply = (int) arb_game_get_n_plies (game);
  changes.keep_plies = -1;
  changes.play = ARB_MOVE_NONE;
  if (white_delta != 0 || black_delta != 0)
    {
      changes.set_clocks = TRUE;
      changes.white_ms =
        MAX (0, arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000 - white_delta);
      changes.black_ms =
        MAX (0, arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000 - black_delta);
    }
  if (arb_ruling_get_result (ruling) != ARB_RESULT_ONGOING)
    {
      ArbGameEventKind end;

      const char *replaces = arb_ruling_get_fact_text (ruling, "replaces");

      changes.set_result = TRUE;
      /* A correction names the result it replaced, which may have come
       * from the results desk rather than from a ruling. */
      if (replaces == NULL || !arb_result_from_string (replaces, &changes.result))
        changes.result = result_before (records, index);
      /* A game the moves ended (checkmate, stalemate, a dead position,
       * 9.6) does not go on because a ruling is withdrawn. */
      if (changes.result == ARB_RESULT_ONGOING &&
          arb_game_status_get_end (arb_game_get_status (game), &end, NULL))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                       /* Translators: refused when the ruling to withdraw
                        * records how the moves ended the game */
                       _ ("The moves ended this game: its result cannot be withdrawn, only "
                          "corrected with Result…"));
          return FALSE;
        }
    }

  arb_ruling_set_fact_text (ruling, "withdrawn_reason", reason);
  arb_ruling_set_fact_text (ruling, "arbiter", arbiter);
  /* The row is the withdrawn ruling's, under the withdrawal's names. */
  arb_ruling_record_init (&record, ruling, changes.ply, reason);
  g_free (record.kind);
  record.kind = g_strdup (ARB_RULING_KIND_WITHDRAWAL);
  g_free (record.decision);
  record.decision = g_strdup (ARB_RULING_KIND_WITHDRAWAL);
  g_free (record.articles);
  record.articles = g_strdup (original->articles);
  record.edition = original->edition;
  record.supersedes = ruling_id;
  changes.ruling = &record;
  changes.arbiter = arbiter;
  if (!arb_tournament_apply_ruling (t, arb_game_get_id (game), &changes, withdrawal_id, error))
    return FALSE;
  return arb_game_reload (game, error);
}

gboolean
arb_ruling_withdraw (ArbGame *game,
                     gint64 ruling_id,
                     const char *reason,
                     const char *arbiter,
                     gint64 *withdrawal_id,
                     GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  return withdraw (game, ruling_id, reason, arbiter, FALSE, withdrawal_id, error);
}

gboolean
arb_ruling_withdraw_own (ArbGame *game,
                         gint64 ruling_id,
                         const char *reason,
                         const char *arbiter,
                         GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  return withdraw (game, ruling_id, reason, arbiter, TRUE, NULL, error);
}
