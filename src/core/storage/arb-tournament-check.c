/* arb-tournament-check.c: verifying a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament.h"

#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <string.h>

#include "arb-laws.h"

#include "arb-san.h"
#include "arb-schema.h"
#include "arb-tournament-private.h"

typedef sqlite3_stmt ArbStmt;
static void
stmt_free (ArbStmt *stmt)
{
  sqlite3_finalize (stmt);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbStmt, stmt_free)

/* The check */

static void add_problem (GPtrArray *problems, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
add_problem (GPtrArray *problems, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, ap));
  va_end (ap);
}

static gboolean
collect_text_rows (ArbTournament *self,
                   const char *sql,
                   const char *ok,
                   GPtrArray *problems,
                   const char *prefix,
                   GError **error)
{
  g_autoptr (ArbStmt) stmt = _arb_tournament_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);
      if (ok == NULL || g_strcmp0 (text, ok) != 0)
        add_problem (problems, "%s%s", prefix, text != NULL ? text : "(null)");
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot verify");
      return FALSE;
    }
  return TRUE;
}

/* Stored values: every JSON text the file keeps (rulings, the event
 * settings, the audit details) must read back, since the window and the
 * commands read them. A file another program wrote, or a crafted one, may
 * hold anything there. */
static gboolean
json_object_text_is_sound (const char *text, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonNode *root;

  if (text == NULL)
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "no value");
      return FALSE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                           "not valid UTF-8");
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, text, -1, error))
    return FALSE;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                           "not a JSON object");
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_stored_values (ArbTournament *self, GPtrArray *problems, GError **error)
{
  g_autoptr (ArbStmt) rulings = NULL;
  g_autoptr (ArbStmt) settings = NULL;
  g_autoptr (ArbStmt) details = NULL;
  int rc;

  rulings = _arb_tournament_prepare (self,
                                     "SELECT r.id, g.round_no, g.board, r.payload FROM ruling r "
                                     "LEFT JOIN game g ON g.id = r.game_id ORDER BY r.id",
                                     error);
  if (rulings == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rulings)) == SQLITE_ROW)
    {
      const char *payload = (const char *) sqlite3_column_text (rulings, 3);
      g_autoptr (GError) local_error = NULL;
      g_autoptr (ArbRuling) ruling = NULL;

      if (payload != NULL && g_utf8_validate (payload, -1, NULL))
        ruling = arb_ruling_from_json (payload, &local_error);
      if (ruling == NULL)
        add_problem (problems, "round %d board %d: ruling %" G_GINT64_FORMAT " cannot be read: %s",
                     sqlite3_column_int (rulings, 1), sqlite3_column_int (rulings, 2),
                     (gint64) sqlite3_column_int64 (rulings, 0),
                     local_error != NULL ? local_error->message : "not valid UTF-8");
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot verify");
      return FALSE;
    }

  settings = _arb_tournament_prepare (self, "SELECT settings FROM event", error);
  if (settings == NULL)
    return FALSE;
  while ((rc = sqlite3_step (settings)) == SQLITE_ROW)
    {
      g_autoptr (GError) local_error = NULL;

      if (!json_object_text_is_sound ((const char *) sqlite3_column_text (settings, 0),
                                      &local_error))
        add_problem (problems, "the event settings cannot be read: %s", local_error->message);
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot verify");
      return FALSE;
    }

  details = _arb_tournament_prepare (self, "SELECT id, detail FROM audit ORDER BY id", error);
  if (details == NULL)
    return FALSE;
  while ((rc = sqlite3_step (details)) == SQLITE_ROW)
    {
      g_autoptr (GError) local_error = NULL;

      if (!json_object_text_is_sound ((const char *) sqlite3_column_text (details, 1),
                                      &local_error))
        add_problem (problems, "audit line %" G_GINT64_FORMAT " cannot be read: %s",
                     (gint64) sqlite3_column_int64 (details, 0), local_error->message);
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot verify");
      return FALSE;
    }
  return TRUE;
}

static void
check_game (ArbTournament *self, const ArbGameInfo *game, GPtrArray *problems)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GArray) moves = NULL;
  ArbPosition pos;
  ArbUndo undo;

  if (game->black_id == 0)
    {
      if (game->bye_code == NULL)
        add_problem (problems, "round %d board %d: no black player and no bye", game->round,
                     game->board);
      if (game->n_plies > 0)
        add_problem (problems, "round %d board %d: a bye has %d moves", game->round, game->board,
                     game->n_plies);
      return;
    }

  moves = arb_tournament_get_moves (self, game->id, &local_error);
  if (moves == NULL ||
      !_arb_tournament_set_start_position (self, game->start_fen, &pos, &local_error))
    {
      add_problem (problems, "round %d board %d: %s", game->round, game->board,
                   local_error->message);
      return;
    }

  for (guint i = 0; i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);
      ArbMove move;

      if (m->ply != (int) i + 1)
        {
          add_problem (problems, "round %d board %d: ply %d is missing", game->round, game->board,
                       (int) i + 1);
          return;
        }
      move = arb_move_parse_uci (&pos, m->uci, strlen (m->uci));
      if (move == ARB_MOVE_NONE)
        {
          add_problem (problems, "round %d board %d: ply %d (%s) is not a legal move", game->round,
                       game->board, m->ply, m->san);
          return;
        }
      {
        char san[ARB_SAN_MAX];

        arb_san_write (&pos, move, san);
        if (strcmp (san, m->san) != 0)
          add_problem (problems, "round %d board %d: ply %d is stored as %s but the move is %s",
                       game->round, game->board, m->ply, m->san, san);
      }
      if (m->white_ms < -1 || m->black_ms < -1)
        add_problem (problems, "round %d board %d: ply %d has a negative clock time", game->round,
                     game->board, m->ply);
      arb_position_make_move (&pos, move, &undo);
      if (i + 1 < moves->len &&
          (arb_position_is_checkmate (&pos) || arb_position_is_stalemate (&pos)))
        {
          add_problem (problems, "round %d board %d: the game ended at ply %d but has later moves",
                       game->round, game->board, m->ply);
          return;
        }
    }

  /* Results that contradict the board. A mate stands however the result
   * was entered (2023 article 5.1.1), so only the mated side's win and
   * the draws are contradictions; penalties may still give 0-0. */
  if (arb_position_is_checkmate (&pos))
    {
      ArbResult winner =
        pos.side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS : ARB_RESULT_WHITE_WINS;
      ArbResult loser =
        pos.side_to_move == ARB_WHITE ? ARB_RESULT_WHITE_WINS : ARB_RESULT_BLACK_WINS;

      if (game->result == loser || game->result == ARB_RESULT_DRAW ||
          game->result == ARB_RESULT_ONGOING)
        add_problem (problems,
                     "round %d board %d: the game ends in checkmate (%s) but the result is %s",
                     game->round, game->board, arb_result_to_string (winner),
                     arb_result_to_string (game->result));
    }
  else if (arb_position_is_stalemate (&pos) &&
           (game->result == ARB_RESULT_WHITE_WINS || game->result == ARB_RESULT_BLACK_WINS ||
            game->result == ARB_RESULT_ONGOING))
    add_problem (problems, "round %d board %d: the game ends in stalemate but the result is %s",
                 game->round, game->board, arb_result_to_string (game->result));
}

gboolean
arb_tournament_check (ArbTournament *self, GPtrArray *problems, GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  gint64 version = 0, app_id = 0;
  guint before;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  before = problems->len;

  if (!collect_text_rows (self, "PRAGMA integrity_check", "ok", problems, "SQLite: ", error))
    return FALSE;
  if (!collect_text_rows (self,
                          "SELECT 'table ' || \"table\" || ' row ' || rowid || "
                          "' refers to a missing ' || parent FROM pragma_foreign_key_check",
                          NULL, problems, "", error))
    return FALSE;
  if (!_arb_tournament_query_int (self, "PRAGMA user_version", &version, error) ||
      !_arb_tournament_query_int (self, "PRAGMA application_id", &app_id, error))
    return FALSE;
  if (version != ARB_SCHEMA_VERSION)
    add_problem (problems, "schema version %d, expected %d", (int) version, ARB_SCHEMA_VERSION);
  if ((guint32) app_id != ARB_SCHEMA_APPLICATION_ID)
    add_problem (problems, "application id 0x%08x is not Arbiter's", (guint32) app_id);

  /* Results the Laws do not know (the schema refuses them; a file written
   * around it may still hold one). */
  {
    g_autoptr (GString) sql =
      g_string_new ("SELECT 'round ' || round_no || ' board ' || board || ': “' || result || "
                    "'” is not a valid result' FROM game WHERE result NOT IN (");

    for (int r = 0; r < ARB_RESULT_N; r++)
      g_string_append_printf (sql, "%s'%s'", r > 0 ? ", " : "",
                              arb_result_to_string ((ArbResult) r));
    g_string_append (sql, ") ORDER BY round_no, board");
    if (!collect_text_rows (self, sql->str, NULL, problems, "", error))
      return FALSE;
  }

  /* Records that point past the end of their game, and clock times that
   * cannot be. */
  if (!collect_text_rows (self,
                          "SELECT 'round ' || g.round_no || ' board ' || g.board || "
                          "': a clock event at ply ' || c.ply || ' after the last move' "
                          "FROM clock_event c JOIN game g ON g.id = c.game_id "
                          "WHERE c.ply > (SELECT count (*) FROM move m WHERE m.game_id = g.id) + 1",
                          NULL, problems, "", error) ||
      !collect_text_rows (self,
                          "SELECT 'round ' || g.round_no || ' board ' || g.board || "
                          "': a clock event leaves a negative time at ply ' || c.ply "
                          "FROM clock_event c JOIN game g ON g.id = c.game_id "
                          "WHERE c.white_ms < 0 OR c.black_ms < 0",
                          NULL, problems, "", error) ||
      !collect_text_rows (self,
                          "SELECT 'round ' || g.round_no || ' board ' || g.board || "
                          "': a bye with the result ' || g.result "
                          "FROM game g WHERE g.black_id IS NULL AND g.result NOT IN "
                          "('1-0', '0-0', '1/2-0', '+/-', '*')",
                          NULL, problems, "", error) ||
      !collect_text_rows (self,
                          "SELECT 'the event record is missing' "
                          "WHERE NOT EXISTS (SELECT 1 FROM event)",
                          NULL, problems, "", error))
    return FALSE;

  if (!check_stored_values (self, problems, error))
    return FALSE;

  games = arb_tournament_list_games (self, 0, error);
  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    check_game (self, games->pdata[i], problems);

  return problems->len == before;
}
