/* arb-tournament-check.c: verifying a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <stdarg.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-i18n.h"
#include "arb-laws.h"
#include "arb-stored-json.h"
#include "arb-san.h"
#include "arb-schema.h"
#include "arb-tournament-private.h"

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
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot verify", sql, error, NULL))
    return FALSE;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      const char *text = _arb_query_text (&query, 0);
      if (ok == NULL || g_strcmp0 (text, ok) != 0)
        add_problem (problems, "%s%s", prefix, text != NULL ? text : "(null)");
    }
  return rc == 0;
}

/* SQLite's integrity check on a read-only connection leaves out the CHECK
 * constraints of the schema (SQLite 3.40 verifies them only where it may
 * write), and the check opens the file read-only. So it runs on a copy: a
 * private temporary database on disk, which SQLite deletes when closed.
 * The original is checked itself when no copy can be made. */
static gboolean
check_integrity (ArbTournament *self, GPtrArray *problems, GError **error)
{
  sqlite3 *copy = NULL;
  sqlite3_backup *backup;
  sqlite3_stmt *stmt = NULL;
  gboolean copied = FALSE;
  int rc;

  if (sqlite3_open_v2 ("", &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) == SQLITE_OK &&
      (backup = sqlite3_backup_init (copy, "main", self->db, "main")) != NULL)
    {
      rc = sqlite3_backup_step (backup, -1);
      copied = sqlite3_backup_finish (backup) == SQLITE_OK && rc == SQLITE_DONE;
    }
  if (!copied || sqlite3_prepare_v2 (copy, "PRAGMA integrity_check", -1, &stmt, NULL) != SQLITE_OK)
    {
      sqlite3_finalize (stmt);
      sqlite3_close (copy);
      return collect_text_rows (self, "PRAGMA integrity_check", "ok", problems, "SQLite: ", error);
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      if (g_strcmp0 (text, "ok") != 0)
        add_problem (problems, "SQLite: %s", text != NULL ? text : "(null)");
    }
  if (rc != SQLITE_DONE)
    add_problem (problems, "SQLite: %s", sqlite3_errmsg (copy));
  sqlite3_finalize (stmt);
  sqlite3_close (copy);
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
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, _ ("no value"));
      return FALSE;
    }
  if (!arb_stored_json_load (parser, text, error))
    return FALSE;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                           _ ("not a JSON object"));
      return FALSE;
    }
  return TRUE;
}

/* The further tags of each game: the feed reads its teams there, the
 * export every tag. */
static gboolean
check_game_tags (ArbTournament *self, GPtrArray *problems, GError **error)
{
  g_auto (ArbQuery) tags = { 0 };
  int rc;

  if (!_arb_query_init (&tags, self, "cannot verify",
                        "SELECT round_no, board, tags FROM game ORDER BY round_no, board", error,
                        NULL))
    return FALSE;
  while ((rc = _arb_query_step (&tags, error)) > 0)
    {
      g_autoptr (GError) local_error = NULL;

      if (!json_object_text_is_sound (_arb_query_text (&tags, 2), &local_error))
        /* Translators: a problem `arbiter-cli check` reports; the last %s says why */
        add_problem (problems, _ ("round %lld board %lld: the tags cannot be read: %s"),
                     (long long) _arb_query_int (&tags, 0), (long long) _arb_query_int (&tags, 1),
                     local_error->message);
    }
  return rc == 0;
}

static gboolean
check_stored_values (ArbTournament *self, GPtrArray *problems, GError **error)
{
  g_auto (ArbQuery) rulings = { 0 };
  g_auto (ArbQuery) settings = { 0 };
  g_auto (ArbQuery) details = { 0 };
  int rc;

  if (!_arb_query_init (&rulings, self, "cannot verify",
                        "SELECT r.id, g.round_no, g.board, r.payload FROM ruling r "
                        "LEFT JOIN game g ON g.id = r.game_id ORDER BY r.id",
                        error, NULL))
    return FALSE;
  while ((rc = _arb_query_step (&rulings, error)) > 0)
    {
      const char *payload = _arb_query_text (&rulings, 3);
      g_autoptr (GError) local_error = NULL;
      g_autoptr (ArbRuling) ruling = NULL;

      if (payload != NULL && g_utf8_validate (payload, -1, NULL))
        ruling = arb_ruling_from_json (payload, &local_error);
      if (ruling == NULL)
        /* Translators: a problem `arbiter-cli check` reports: round, board, the
         * ruling's number, why */
        add_problem (problems, _ ("round %d board %d: ruling %lld cannot be read: %s"),
                     (int) _arb_query_int (&rulings, 1), (int) _arb_query_int (&rulings, 2),
                     (long long) _arb_query_int (&rulings, 0),
                     local_error != NULL ? local_error->message : _ ("not valid UTF-8"));
    }
  if (rc < 0)
    return FALSE;

  if (!_arb_query_init (&settings, self, "cannot verify", "SELECT settings FROM event", error,
                        NULL))
    return FALSE;
  while ((rc = _arb_query_step (&settings, error)) > 0)
    {
      g_autoptr (GError) local_error = NULL;

      if (!json_object_text_is_sound (_arb_query_text (&settings, 0), &local_error))
        add_problem (problems, _ ("the event settings cannot be read: %s"), local_error->message);
    }
  if (rc < 0)
    return FALSE;

  if (!check_game_tags (self, problems, error))
    return FALSE;

  if (!_arb_query_init (&details, self, "cannot verify", "SELECT id, detail FROM audit ORDER BY id",
                        error, NULL))
    return FALSE;
  while ((rc = _arb_query_step (&details, error)) > 0)
    {
      g_autoptr (GError) local_error = NULL;

      if (!json_object_text_is_sound (_arb_query_text (&details, 1), &local_error))
        /* Translators: a problem `arbiter-cli check` reports: the audit line's
         * number, why */
        add_problem (problems, _ ("audit line %lld cannot be read: %s"),
                     (long long) _arb_query_int (&details, 0), local_error->message);
    }
  return rc == 0;
}

typedef struct
{
  const ArbGameInfo *game;
  GPtrArray *problems;
  /* The game as the Laws of the event see it, move by move. */
  ArbGameStatus *status;
  gboolean ended; /* an automatic end came before the last move */
} GameCheck;

static void
check_move_cb (const ArbPosition *before, const ArbStoredMove *m, gpointer user_data)
{
  GameCheck *c = user_data;
  const ArbGameInfo *game = c->game;
  ArbGameEventKind kind;
  guint end_ply;
  char san[ARB_SAN_MAX];

  if (c->ended)
    return;
  /* Checkmate, stalemate, a dead position, fivefold repetition or 75
   * moves (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2 of the 2018/2023 Laws, as
   * the event's edition has them) ended the game: nothing is recorded
   * after its end. */
  if (arb_game_status_get_end (c->status, &kind, &end_ply))
    {
      /* Translators: a problem `arbiter-cli check` reports: round, board, the
       * ply of the end, its kind (fivefold, checkmate…), its article, the
       * first ply after it */
      add_problem (c->problems,
                   _ ("round %d board %d: the game ended at ply %u (%s, article %s) but has later "
                      "moves from ply %d"),
                   game->round, game->board, end_ply, arb_game_event_kind_to_string (kind),
                   arb_game_event_kind_article (kind), m->ply);
      c->ended = TRUE;
      return;
    }
  arb_game_status_push (c->status, m->move);
  arb_san_write (before, m->move, san);
  if (strcmp (san, m->san) != 0)
    /* Translators: a problem `arbiter-cli check` reports: the SAN stored and the move's */
    add_problem (c->problems, _ ("round %d board %d: ply %d is stored as %s but the move is %s"),
                 game->round, game->board, m->ply, m->san, san);
  if (m->white_ms < -1 || m->black_ms < -1)
    add_problem (c->problems, _ ("round %d board %d: ply %d has a negative clock time"),
                 game->round, game->board, m->ply);
}

static void
check_game (ArbTournament *self, const ArbGameInfo *game, ArbEdition edition, GPtrArray *problems)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (ArbGameStatus) status = NULL;
  GameCheck check = { game, problems, NULL, FALSE };
  ArbPosition pos;

  if (game->black_id == 0)
    {
      if (game->bye_code == NULL)
        add_problem (problems, _ ("round %d board %d: no black player and no bye"), game->round,
                     game->board);
      if (game->n_plies > 0)
        add_problem (problems, _ ("round %d board %d: a bye has %d moves"), game->round,
                     game->board, game->n_plies);
      return;
    }

  if (!_arb_tournament_set_start_position (self, game->start_fen, &pos, &local_error))
    {
      add_problem (problems, "round %d board %d: %s", game->round, game->board,
                   local_error->message);
      return;
    }
  status = arb_game_status_new (&pos);
  arb_game_status_set_edition (status, edition);
  check.status = status;
  if (!arb_tournament_replay_game (self, game, &pos, NULL, check_move_cb, &check, &local_error))
    {
      if (g_error_matches (local_error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT) ||
          g_error_matches (local_error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE))
        add_problem (problems, "%s", local_error->message);
      else
        add_problem (problems, "round %d board %d: %s", game->round, game->board,
                     local_error->message);
      return;
    }
  if (check.ended)
    return;

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
        /* Translators: a problem `arbiter-cli check` reports: the result the mate
         * gives, the result stored */
        add_problem (problems,
                     _ ("round %d board %d: the game ends in checkmate (%s) but the result is %s"),
                     game->round, game->board, arb_result_to_string (winner),
                     arb_result_to_string (game->result));
    }
  else if (arb_position_is_stalemate (&pos) &&
           (game->result == ARB_RESULT_WHITE_WINS || game->result == ARB_RESULT_BLACK_WINS ||
            game->result == ARB_RESULT_ONGOING))
    add_problem (problems, _ ("round %d board %d: the game ends in stalemate but the result is %s"),
                 game->round, game->board, arb_result_to_string (game->result));
}

/* After a read that succeeded (OK) or failed with LOCAL: a file the
 * readers refuse as damaged is a problem, and the check goes on; any other
 * error stops it (FALSE, LOCAL moved to ERROR). */
/* A team event's byes and forfeits (team_round_entry) that the record
 * cannot hold together: a forfeit of a match of another round, a match
 * forfeited twice, a bye of a team the round pairs, a team with two byes
 * in a round, a forfeited match with a board still open, each counting
 * only records no cancel took back. The
 * schema's own checks and the foreign keys cover the rest. */
static gboolean
check_team_entries (ArbTournament *self, GPtrArray *problems, GError **error)
{
  static const char *const queries[] = {
    "SELECT 'round ' || e.round_no || ': team entry ' || e.id || ' forfeits a match of round ' || "
    "m.round_no FROM team_round_entry e JOIN team_match m ON m.id = e.team_match_id "
    "WHERE e.kind = 'forfeit' AND m.round_no <> e.round_no ORDER BY e.id",
    "SELECT 'round ' || m.round_no || ': the match ' || m.home_team || ' – ' || m.away_team || "
    "' is forfeited ' || count (*) || ' times' FROM team_round_entry e "
    "JOIN team_match m ON m.id = e.team_match_id WHERE e.kind = 'forfeit' "
    "AND NOT EXISTS (SELECT 1 FROM team_round_entry c WHERE c.supersedes = e.id) "
    "GROUP BY e.team_match_id HAVING count (*) > 1 ORDER BY m.round_no",
    "SELECT 'round ' || e.round_no || ': ' || e.team || ' has a bye and a match' "
    "FROM team_round_entry e WHERE e.kind = 'bye' "
    "AND NOT EXISTS (SELECT 1 FROM team_round_entry c WHERE c.supersedes = e.id) "
    "AND EXISTS (SELECT 1 FROM team_match m WHERE m.round_no = e.round_no "
    "AND (m.home_team = e.team OR m.away_team = e.team)) ORDER BY e.id",
    "SELECT 'round ' || e.round_no || ': ' || e.team || ' has ' || count (*) || ' byes' "
    "FROM team_round_entry e WHERE e.kind = 'bye' "
    "AND NOT EXISTS (SELECT 1 FROM team_round_entry c WHERE c.supersedes = e.id) "
    "GROUP BY e.round_no, e.team HAVING count (*) > 1 ORDER BY e.round_no",
    /* A forfeit gives each board its result in the same batch (the
     * round layer's path); one recorded before that did leaves its
     * boards open: cancelling it and recording it again marks them. */
    "SELECT 'round ' || m.round_no || ': the match ' || m.home_team || ' – ' || m.away_team || "
    "' is forfeited, but board ' || g.board || ' holds no result' FROM team_round_entry e "
    "JOIN team_match m ON m.id = e.team_match_id JOIN game g ON g.team_match_id = m.id "
    "WHERE e.kind = 'forfeit' AND g.result = '*' "
    "AND NOT EXISTS (SELECT 1 FROM team_round_entry c WHERE c.supersedes = e.id) "
    "GROUP BY e.team_match_id, g.id ORDER BY m.round_no, g.board",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (queries); i++)
    if (!collect_text_rows (self, queries[i], NULL, problems, "", error))
      return FALSE;
  return TRUE;
}

static gboolean
read_problem (GPtrArray *problems, gboolean ok, GError **local, GError **error)
{
  if (ok)
    return TRUE;
  if (*local == NULL ||
      !g_error_matches (*local, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT))
    {
      g_propagate_error (error, g_steal_pointer (local));
      return FALSE;
    }
  add_problem (problems, "%s", (*local)->message);
  g_clear_error (local);
  return TRUE;
}

gboolean
arb_tournament_check (ArbTournament *self, GPtrArray *problems, GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  ArbEdition edition;
  gint64 version = 0, app_id = 0;
  guint before;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  before = problems->len;

  if (!check_integrity (self, problems, error))
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
    add_problem (problems, _ ("schema version %d, expected %d"), (int) version, ARB_SCHEMA_VERSION);
  if ((guint32) app_id != ARB_SCHEMA_APPLICATION_ID)
    add_problem (problems, _ ("application id 0x%08x is not Arbiter’s"), (guint32) app_id);

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
  if (!collect_text_rows (
        self,
        "SELECT 'round ' || g.round_no || ' board ' || g.board || "
        "': a clock event at ply ' || c.ply || ' after the last move' "
        "FROM clock_event c JOIN game g ON g.id = c.game_id "
        "WHERE c.ply > coalesce ((SELECT m.plies FROM move_list m WHERE m.game_id = g.id), 0) + 1",
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

  if (!check_stored_values (self, problems, error) || !check_team_entries (self, problems, error))
    return FALSE;

  /* The edition of the event says which automatic ends it has (9.6 came
   * with 2014); a file without its event record is judged by the latest. */
  {
    g_autoptr (ArbEventInfo) event = arb_tournament_get_event (self, NULL);

    if (event == NULL || !arb_edition_from_year (event->edition, &edition))
      edition = ARB_EDITION_2023;
  }
  /* The readers refuse numbers out of range (a starting rank, a round, a
   * board, plies): a refusal is a problem, the games' the file's last,
   * since no game can then be read. */
  {
    g_autoptr (GPtrArray) players = NULL;
    g_autoptr (GPtrArray) dates = NULL;
    g_autoptr (GError) local = NULL;

    players = arb_tournament_list_players (self, &local);
    if (!read_problem (problems, players != NULL, &local, error))
      return FALSE;
    dates = _arb_tournament_get_round_dates (self, &local);
    if (!read_problem (problems, dates != NULL, &local, error))
      return FALSE;
    games = arb_tournament_list_games (self, 0, &local);
    if (!read_problem (problems, games != NULL, &local, error) || games == NULL)
      return FALSE;
  }
  for (guint i = 0; i < games->len; i++)
    check_game (self, games->pdata[i], edition, problems);

  return problems->len == before;
}
