/* arb-tournament-sources.c: what the sources of moves leave in the file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-sources.h"

#include <string.h>

#include "arb-tournament-private.h"
#include "arb-i18n.h"
#include "arb-enum-nick.h"
#include "arb-storage-enums.h"

#define EBOARD_SERIAL_MAX 64
#define SOURCE_URI_MAX 2048

/* The stored names are the enums' nicks (arb-tournament-sources.h). */
ARB_DEFINE_ENUM_NAMES (arb_source_alert_kind, ArbSourceAlertKind, ARB_TYPE_SOURCE_ALERT_KIND, NULL)
ARB_DEFINE_ENUM_NAMES (arb_source_alert_state,
                       ArbSourceAlertState,
                       ARB_TYPE_SOURCE_ALERT_STATE,
                       NULL)

void
arb_source_alert_info_free (ArbSourceAlertInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->source);
  g_free (info->reported);
  g_free (info->stored);
  g_free (info->detail);
  g_free (info->raised);
  g_free (info->settled);
  g_free (info);
}

void
arb_eboard_info_free (ArbEboardInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->serial);
  g_free (info);
}

void
arb_move_source_info_free (ArbMoveSourceInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->uri);
  g_free (info);
}

static gboolean
check_text (const char *what, const char *text, gsize max, GError **error)
{
  if (text == NULL || text[0] == '\0' || strlen (text) > max || !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s names what was given (as “the source's name”) */
                   _ ("%s must be UTF-8 text of 1 to %u bytes"), what, (guint) max);
      return FALSE;
    }
  return TRUE;
}

/* One write and its audit line in a transaction of its own. */
static gboolean
finish (ArbTournament *self, gboolean ok, GError **error)
{
  if (!ok || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

/* E-boards */

gboolean
arb_tournament_set_eboard (ArbTournament *self, const char *serial, int board, GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *board_text = NULL;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (!check_text ("An e-board's serial number", serial, EBOARD_SERIAL_MAX, error))
    return FALSE;
  if (board < 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not a board number"), board);
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  board_text = g_strdup_printf ("%d", board);
  if (board == 0)
    ok = _arb_tournament_run (self, "cannot forget the e-board",
                              "DELETE FROM eboard WHERE serial = ?", error, "t", serial);
  else
    ok = _arb_tournament_run (self, "cannot store the e-board",
                              "INSERT INTO eboard (serial, board, updated_at) VALUES (?, ?, ?) "
                              "ON CONFLICT (serial) DO UPDATE SET board = excluded.board, "
                              "updated_at = excluded.updated_at",
                              error, "tit", serial, board, now);
  ok = ok && _arb_tournament_audit (self, "eboard", 0, error, "serial", serial, "board", board_text,
                                    NULL);
  return finish (self, ok, error);
}

GPtrArray *
arb_tournament_list_eboards (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) boards =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_eboard_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the e-boards",
                        "SELECT serial, board FROM eboard ORDER BY serial", error, ""))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbEboardInfo *info = g_new0 (ArbEboardInfo, 1);

      info->serial = _arb_query_dup_text (&query, 0);
      info->board = (int) _arb_query_int (&query, 1);
      g_ptr_array_add (boards, info);
    }
  return rc < 0 ? NULL : g_steal_pointer (&boards);
}

/* Sources of a round */

gint64
arb_tournament_add_move_source (ArbTournament *self,
                                int round,
                                const char *uri,
                                guint interval_ms,
                                GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *round_text = NULL;
  gint64 id = 0;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  if (!check_text ("A source's address", uri, SOURCE_URI_MAX, error))
    return 0;
  if (round < 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not a round number"), round);
      return 0;
    }
  if (!_arb_tournament_begin (self, error))
    return 0;
  round_text = g_strdup_printf ("%d", round);
  ok = _arb_tournament_run (self, "cannot store the source",
                            "INSERT INTO move_source (round_no, uri, interval_ms, added_at) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT (round_no, uri) DO UPDATE SET "
                            "interval_ms = excluded.interval_ms",
                            error, "itlt", round, uri, (gint64) interval_ms, now);
  if (ok)
    {
      g_auto (ArbQuery) query = { 0 };

      ok = _arb_query_init (&query, self, "cannot read the source",
                            "SELECT id FROM move_source WHERE round_no = ? AND uri = ?", error,
                            "it", round, uri) &&
           _arb_query_step (&query, error) > 0;
      if (ok)
        id = _arb_query_int (&query, 0);
    }
  ok = ok && _arb_tournament_audit (self, "source-added", 0, error, "round", round_text, "source",
                                    uri, NULL);
  return finish (self, ok, error) ? id : 0;
}

gboolean
arb_tournament_remove_move_source (ArbTournament *self, int round, const char *uri, GError **error)
{
  g_autofree char *round_text = NULL;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  round_text = g_strdup_printf ("%d", round);
  ok = _arb_tournament_run (self, "cannot remove the source",
                            "DELETE FROM move_source WHERE round_no = ? AND uri = ?", error, "it",
                            round, uri) &&
       _arb_tournament_audit (self, "source-removed", 0, error, "round", round_text, "source", uri,
                              NULL);
  return finish (self, ok, error);
}

GPtrArray *
arb_tournament_list_move_sources (ArbTournament *self, int round, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) sources =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_move_source_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the sources",
                        "SELECT id, round_no, uri, interval_ms FROM move_source "
                        "WHERE ? = 0 OR round_no = ? ORDER BY id",
                        error, "ii", round, round))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbMoveSourceInfo *info = g_new0 (ArbMoveSourceInfo, 1);

      info->id = _arb_query_int (&query, 0);
      info->round = (int) _arb_query_int (&query, 1);
      info->uri = _arb_query_dup_text (&query, 2);
      info->interval_ms = (guint) CLAMP (_arb_query_int (&query, 3), 0, G_MAXUINT);
      g_ptr_array_add (sources, info);
    }
  return rc < 0 ? NULL : g_steal_pointer (&sources);
}

/* Assignments */

gboolean
arb_tournament_set_source_assignment (ArbTournament *self,
                                      int round,
                                      const char *uri,
                                      const char *game_key,
                                      int board,
                                      GError **error)
{
  g_autofree char *board_text = NULL;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (!check_text ("A source's address", uri, SOURCE_URI_MAX, error) ||
      !check_text ("A source's game", game_key, SOURCE_URI_MAX, error))
    return FALSE;
  if (round < 1 || board < 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("round %d, board %d: not a board of a round"), round, board);
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  board_text = g_strdup_printf ("%d", board);
  if (board == 0)
    ok = _arb_tournament_run (self, "cannot take the assignment back",
                              "DELETE FROM source_assignment WHERE round_no = ? AND uri = ? AND "
                              "game_key = ?",
                              error, "itt", round, uri, game_key);
  else
    ok = _arb_tournament_run (self, "cannot store the assignment",
                              "INSERT INTO source_assignment (round_no, uri, game_key, board) "
                              "VALUES (?, ?, ?, ?) ON CONFLICT (round_no, uri, game_key) DO UPDATE "
                              "SET board = excluded.board",
                              error, "itti", round, uri, game_key, board);
  ok = ok && _arb_tournament_audit (self, "source-assigned", 0, error, "source", uri, "game",
                                    game_key, "board", board_text, NULL);
  return finish (self, ok, error);
}

int
arb_tournament_get_source_assignment (ArbTournament *self,
                                      int round,
                                      const char *uri,
                                      const char *game_key,
                                      GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (uri != NULL && game_key != NULL, 0);

  if (!_arb_query_init (&query, self, "cannot read the assignment",
                        "SELECT board FROM source_assignment WHERE round_no = ? AND uri = ? AND "
                        "game_key = ?",
                        error, "itt", round, uri, game_key))
    return 0;
  rc = _arb_query_step (&query, error);
  return rc > 0 ? (int) _arb_query_int (&query, 0) : 0;
}

/* Alerts */

#define ALERT_COLUMNS                                                                        \
  "id, game_id, kind, state, source, ply, reported, stored, detail, raised_at, settled_at, " \
  "ruling_id"

static ArbSourceAlertInfo *
read_alert (ArbQuery *query)
{
  ArbSourceAlertInfo *info = g_new0 (ArbSourceAlertInfo, 1);

  info->id = _arb_query_int (query, 0);
  info->game_id = _arb_query_int (query, 1);
  /* The schema allows no other names. */
  arb_source_alert_kind_from_string (_arb_query_text (query, 2), &info->kind);
  arb_source_alert_state_from_string (_arb_query_text (query, 3), &info->state);
  info->source = _arb_query_dup_text (query, 4);
  info->ply = (int) _arb_query_int (query, 5);
  info->reported = _arb_query_dup_text (query, 6);
  info->stored = _arb_query_dup_text (query, 7);
  info->detail = _arb_query_dup_text (query, 8);
  info->raised = _arb_query_dup_text (query, 9);
  info->settled = _arb_query_dup_text (query, 10);
  info->ruling_id = _arb_query_int_or (query, 11, 0);
  return info;
}

static gint64
find_alert (ArbTournament *self, gint64 game_id, const ArbSourceAlertRecord *alert, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the alerts",
                        "SELECT id FROM source_alert WHERE game_id = ? AND kind = ? AND ply = ? "
                        "AND reported = ? AND state <> 'cleared'",
                        error, "ltit", game_id, arb_source_alert_kind_to_string (alert->kind),
                        alert->ply, alert->reported))
    return -1;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return -1;
  return rc > 0 ? _arb_query_int (&query, 0) : 0;
}

gint64
arb_tournament_add_source_alert (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbSourceAlertRecord *alert,
                                 gboolean *is_new,
                                 GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *ply_text = NULL;
  gint64 id;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (alert != NULL, 0);
  g_return_val_if_fail (arb_enum_nick (ARB_TYPE_SOURCE_ALERT_KIND, alert->kind) != NULL, 0);

  if (is_new != NULL)
    *is_new = FALSE;
  /* A take-back reports no move at all: an empty text. */
  if (!check_text ("A source's address", alert->source, SOURCE_URI_MAX, error) ||
      alert->reported == NULL ||
      (alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE &&
       !check_text ("The reported move", alert->reported, 64 * 1024, error)))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                     _ ("An alert needs the moves the source reported"));
      return 0;
    }
  if (strlen (alert->reported) > 64 * 1024 || !g_utf8_validate (alert->reported, -1, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("The reported moves must be UTF-8 text of at most 65536 bytes"));
      return 0;
    }
  if (alert->ply < 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: a ply is a half-move, counted from 1 */
                   _ ("ply %d: an alert names a ply from 1 on"), alert->ply);
      return 0;
    }

  /* The same report again: nothing to write. */
  id = find_alert (self, game_id, alert, error);
  if (id != 0)
    return MAX (id, 0);

  if (!_arb_tournament_begin (self, error))
    return 0;
  ply_text = g_strdup_printf ("%d", alert->ply);
  ok = _arb_tournament_game_exists (self, game_id, error) &&
       _arb_tournament_run (self, "cannot store the alert",
                            "INSERT INTO source_alert (game_id, kind, source, ply, reported, "
                            "stored, detail, raised_at) VALUES (?, ?, ?, ?, ?, ?, "
                            "coalesce (?, '{}'), ?)",
                            error,
                            "lttittt"
                            "t",
                            game_id, arb_source_alert_kind_to_string (alert->kind), alert->source,
                            alert->ply, alert->reported, alert->stored, alert->detail, now);
  id = ok ? _arb_tournament_last_id (self) : 0;
  ok = ok && _arb_tournament_audit (self, "source-alert", game_id, error, "kind",
                                    arb_source_alert_kind_to_string (alert->kind), "ply", ply_text,
                                    "reported", alert->reported, "source", alert->source, NULL);
  if (!finish (self, ok, error))
    return 0;
  if (is_new != NULL)
    *is_new = TRUE;
  return id;
}

gboolean
arb_tournament_settle_source_alert (ArbTournament *self,
                                    gint64 alert_id,
                                    ArbSourceAlertState state,
                                    gint64 ruling_id,
                                    GError **error)
{
  return arb_tournament_settle_source_alert_why (self, alert_id, state, ruling_id, NULL, NULL,
                                                 error);
}

gboolean
arb_tournament_settle_source_alert_why (ArbTournament *self,
                                        gint64 alert_id,
                                        ArbSourceAlertState state,
                                        gint64 ruling_id,
                                        const char *reason,
                                        const char *arbiter,
                                        GError **error)
{
  g_autoptr (ArbSourceAlertInfo) alert = NULL;
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *id_text = NULL;
  g_autofree char *ruling_text = NULL;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (state != ARB_SOURCE_ALERT_OPEN &&
                          arb_enum_nick (ARB_TYPE_SOURCE_ALERT_STATE, state) != NULL,
                        FALSE);
  g_return_val_if_fail (ruling_id == 0 || (reason == NULL && arbiter == NULL), FALSE);

  if ((reason != NULL && !check_text ("The reason", reason, 4096, error)) ||
      (arbiter != NULL && !check_text ("The arbiter's name", arbiter, 256, error)))
    return FALSE;
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  alert = arb_tournament_get_source_alert (self, alert_id, error);
  if (alert == NULL)
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  if (alert->state != ARB_SOURCE_ALERT_OPEN)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: %s says how (a result, or how it was settled) */
                   _ ("The alert was settled already (%s)"),
                   arb_source_alert_state_to_string (alert->state));
      _arb_tournament_rollback (self);
      return FALSE;
    }
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, alert_id);
  ruling_text = ruling_id != 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, ruling_id) : NULL;
  ok = _arb_tournament_run (self, "cannot settle the alert",
                            "UPDATE source_alert SET state = ?, settled_at = ?, ruling_id = ? "
                            "WHERE id = ?",
                            error, "ttnl", arb_source_alert_state_to_string (state), now, ruling_id,
                            alert_id) &&
       (reason != NULL || arbiter != NULL
          ? _arb_tournament_audit (self, "source-alert-settled", alert->game_id, error, "alert",
                                   id_text, "state", arb_source_alert_state_to_string (state),
                                   "reason", reason, "arbiter", arbiter, NULL)
          : _arb_tournament_audit (self, "source-alert-settled", alert->game_id, error, "alert",
                                   id_text, "state", arb_source_alert_state_to_string (state),
                                   "ruling", ruling_text, NULL));
  return finish (self, ok, error);
}

ArbSourceAlertInfo *
arb_tournament_get_source_alert (ArbTournament *self, gint64 alert_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the alert",
                        "SELECT " ALERT_COLUMNS " FROM source_alert WHERE id = ?", error, "l",
                        alert_id))
    return NULL;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return NULL;
  if (rc == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("There is no alert %lld"), (long long) alert_id);
      return NULL;
    }
  return read_alert (&query);
}

GPtrArray *
arb_tournament_list_source_alerts (ArbTournament *self,
                                   gint64 game_id,
                                   gboolean open_only,
                                   GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) alerts =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_alert_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the alerts",
                        "SELECT " ALERT_COLUMNS " FROM source_alert WHERE (? = 0 OR game_id = ?) "
                        "AND (? = 0 OR state = 'open') ORDER BY id",
                        error, "lli", game_id, game_id, open_only ? 1 : 0))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    g_ptr_array_add (alerts, read_alert (&query));
  return rc < 0 ? NULL : g_steal_pointer (&alerts);
}
