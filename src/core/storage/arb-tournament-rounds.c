/* arb-tournament-rounds.c: the event round after round, at the results desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-rounds.h"

#include "arb-tournament-private.h"

#include "arb-i18n.h"

void
arb_round_info_free (ArbRoundInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->date);
  g_free (info);
}

GPtrArray *
arb_tournament_list_rounds (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) rounds =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_round_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the rounds",
                        "SELECT r.number, r.date, r.state, count (g.id), "
                        "count (g.id) FILTER (WHERE g.result <> '*') "
                        "FROM round r JOIN game g ON g.round_no = r.number "
                        "GROUP BY r.number ORDER BY r.number",
                        error, NULL))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbRoundInfo *info = g_new0 (ArbRoundInfo, 1);

      info->number = (int) _arb_query_int (&query, 0);
      info->date = _arb_query_dup_text (&query, 1);
      info->finished = g_strcmp0 (_arb_query_text (&query, 2), "finished") == 0;
      info->n_games = (int) _arb_query_int (&query, 3);
      info->n_results = (int) _arb_query_int (&query, 4);
      g_ptr_array_add (rounds, info);
    }
  return rc == 0 ? g_steal_pointer (&rounds) : NULL;
}

gboolean
arb_tournament_set_result_by (ArbTournament *self,
                              gint64 game_id,
                              ArbResult result,
                              const char *arbiter,
                              GError **error)
{
  g_autoptr (ArbGameInfo) before = NULL;
  const char *text = _arb_tournament_result_text (result);

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (text == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: the results in parentheses are the file's notation: keep them */
                   _ ("%d is not a result (1-0, 0-1, 1/2-1/2, *, 0-0, 1/2-0, 0-1/2, +/-, -/+, --)"),
                   (int) result);
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  before = arb_tournament_get_game (self, game_id, error);
  if (before == NULL)
    goto fail;
  if (before->black_id == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("round %d board %d is a bye: its result comes with it"), before->round,
                   before->board);
      goto fail;
    }
  _arb_tournament_forget_live_game (self, game_id);
  if (!_arb_tournament_run (self, "cannot store the result",
                            "UPDATE game SET result = ? WHERE id = ?", error, "tl", text,
                            game_id) ||
      !_arb_tournament_audit (self, "enter-result", game_id, error, "result", text, "previous",
                              _arb_tournament_result_text (before->result), "arbiter",
                              arbiter != NULL && arbiter[0] != '\0' ? arbiter : NULL, NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_unlock_round (ArbTournament *self,
                             int round,
                             const char *arbiter,
                             const char *reason,
                             GError **error)
{
  g_autofree char *number = NULL;
  gint64 n_games = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  /* The reason is recorded with every correction made in the round. */
  {
    g_autofree char *why = g_strstrip (g_strdup (reason != NULL ? reason : ""));

    if (*why == '\0')
      {
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                     _ ("Unlocking round %d needs a reason"), round);
        return FALSE;
      }
  }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  number = g_strdup_printf ("%d", round);
  {
    g_auto (ArbQuery) query = { 0 };

    if (!_arb_query_init (&query, self, "cannot read the round",
                          "SELECT count (*) FROM game WHERE round_no = ?", error, "i", round) ||
        _arb_query_step (&query, error) < 0)
      goto fail;
    n_games = _arb_query_int (&query, 0);
  }
  if (n_games == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   _ ("the tournament has no round %d"), round);
      goto fail;
    }
  if (!_arb_tournament_audit (self, "unlock-round", 0, error, "round", number, "arbiter",
                              arbiter != NULL && arbiter[0] != '\0' ? arbiter : NULL, "reason",
                              reason != NULL && reason[0] != '\0' ? reason : NULL, NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

static const char *
or_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : NULL;
}

gboolean
arb_tournament_take_over_desk (ArbTournament *self,
                               const char *arbiter,
                               const char *previous_host,
                               const char *previous_since,
                               GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_audit (self, "take-over-desk", 0, error, "arbiter", or_null (arbiter),
                              "host", g_get_host_name (), "previous-host", or_null (previous_host),
                              "previous-since", or_null (previous_since), NULL) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

char **
arb_tournament_list_arbiters (ArbTournament *self, GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GHashTable) records = NULL;
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  const char *deputies;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  event = arb_tournament_get_event (self, error);
  records = _arb_tournament_get_event_records (self, error);
  if (event == NULL || records == NULL)
    return NULL;
  if (event->chief_arbiter != NULL && event->chief_arbiter[0] != '\0')
    g_strv_builder_add (names, event->chief_arbiter);
  deputies = g_hash_table_lookup (records, "112");
  if (deputies != NULL)
    {
      /* One line per deputy (see the TRF import). */
      g_auto (GStrv) lines = g_strsplit (deputies, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        if (g_strstrip (lines[i])[0] != '\0')
          g_strv_builder_add (names, lines[i]);
    }
  return g_strv_builder_end (names);
}

void
arb_audit_line_free (ArbAuditLine *line)
{
  if (line == NULL)
    return;
  g_free (line->wall_time);
  g_free (line->action);
  g_free (line->detail);
  g_free (line);
}

GPtrArray *
arb_tournament_list_audit (ArbTournament *self, gint64 after_id, guint limit, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) lines =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_audit_line_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the audit log",
                        "SELECT id, wall_time, action, game_id, detail FROM audit WHERE id > ? "
                        "ORDER BY id LIMIT ?",
                        error, "ll", after_id, limit > 0 ? (gint64) limit : (gint64) -1))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbAuditLine *line = g_new0 (ArbAuditLine, 1);

      line->id = _arb_query_int (&query, 0);
      line->wall_time = _arb_query_dup_text (&query, 1);
      line->action = _arb_query_dup_text (&query, 2);
      line->game_id = _arb_query_int_or (&query, 3, 0);
      line->detail = _arb_query_dup_text (&query, 4);
      g_ptr_array_add (lines, line);
    }
  return rc == 0 ? g_steal_pointer (&lines) : NULL;
}
