/* arb-tournament-sql.c: the statements of a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every statement of ArbTournament is prepared once per connection and
 * kept: a move, a clock press or a game of an import runs statements that
 * SQLite has compiled already. See ArbQuery in arb-tournament-private.h.
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "arb-tournament-private.h"
#include "arb-i18n.h"

typedef struct
{
  sqlite3_stmt *stmt;
  gboolean in_use;
} ArbCachedStatement;

static void
cached_statement_free (gpointer data)
{
  ArbCachedStatement *entry = data;

  sqlite3_finalize (entry->stmt);
  g_free (entry);
}

void
_arb_tournament_clear_statements (ArbTournament *self)
{
  g_clear_pointer (&self->statements, g_hash_table_unref);
}

gboolean
_arb_tournament_check_range (ArbTournament *self,
                             const char *where,
                             const char *what,
                             gint64 value,
                             gint64 min,
                             gint64 max,
                             GError **error)
{
  if (value >= min && value <= max)
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
               /* Translators: “/tmp/x.arbiter is damaged: games has round 0, outside 1 to 999”:
                * the file's path, a table of it, a column and the value found */
               _ ("%s is damaged: %s has %s %lld, outside %lld to %lld (restore it from a backup)"),
               self->path, where, what, (long long) value, (long long) min, (long long) max);
  return FALSE;
}

void
_arb_tournament_set_sqlite_error (ArbTournament *self, GError **error, int rc, const char *what)
{
  const char *path = self != NULL && self->path != NULL ? self->path : "tournament file";
  const char *msg =
    self != NULL && self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc);
  int code;
  const char *hint = "";

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      code = ARB_TOURNAMENT_ERROR_FULL;
      /* Translators: put after SQLite's own message (in English) */
      hint = _ (" (the disk is full; nothing of this change was stored)");
      break;
    case SQLITE_IOERR:
      code = ARB_TOURNAMENT_ERROR_IO;
      /* Translators: put after SQLite's own message (in English) */
      hint = _ (" (could not write: the disk may be full or a file size limit reached; "
                "nothing of this change was stored)");
      break;
    case SQLITE_READONLY:
      code = ARB_TOURNAMENT_ERROR_READ_ONLY;
      /* Translators: put after SQLite's own message (in English) */
      hint = _ (" (the file or its folder is read-only)");
      break;
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
      code = ARB_TOURNAMENT_ERROR_PERMISSION;
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = ARB_TOURNAMENT_ERROR_BUSY;
      /* Translators: put after SQLite's own message (in English) */
      hint = _ (" (another program is writing to this tournament)");
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      code = ARB_TOURNAMENT_ERROR_CORRUPT;
      /* Translators: put after SQLite's own message (in English) */
      hint = _ (" (the file is damaged or truncated)");
      break;
    case SQLITE_CONSTRAINT:
      code = ARB_TOURNAMENT_ERROR_INVALID;
      break;
    default:
      code = ARB_TOURNAMENT_ERROR_IO;
      break;
    }

  g_set_error (error, ARB_TOURNAMENT_ERROR, code, "%s: %s: %s%s", path, what, msg, hint);
}

static void
bind_values (sqlite3_stmt *stmt, const char *types, va_list ap)
{
  /* One letter for each parameter of the statement. */
  g_assert ((types != NULL ? (int) strlen (types) : 0) == sqlite3_bind_parameter_count (stmt));

  for (int i = 0; types != NULL && types[i] != '\0'; i++)
    {
      int column = i + 1;

      switch (types[i])
        {
        case 'i':
          sqlite3_bind_int (stmt, column, va_arg (ap, int));
          break;
        case 'l':
          sqlite3_bind_int64 (stmt, column, va_arg (ap, gint64));
          break;
        case 'n':
          {
            gint64 value = va_arg (ap, gint64);

            if (value != 0)
              sqlite3_bind_int64 (stmt, column, value);
            else
              sqlite3_bind_null (stmt, column);
          }
          break;
        case 'm':
          {
            gint64 value = va_arg (ap, gint64);

            if (value != -1)
              sqlite3_bind_int64 (stmt, column, value);
            else
              sqlite3_bind_null (stmt, column);
          }
          break;
        case 't':
          {
            const char *text = va_arg (ap, const char *);

            if (text != NULL)
              sqlite3_bind_text (stmt, column, text, -1, SQLITE_TRANSIENT);
            else
              sqlite3_bind_null (stmt, column);
          }
          break;
        case 'b':
          {
            const void *data = va_arg (ap, const void *);
            int size = va_arg (ap, int);

            if (data != NULL)
              sqlite3_bind_blob (stmt, column, data, size, SQLITE_TRANSIENT);
            else
              sqlite3_bind_null (stmt, column);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

static gboolean
query_prepare (ArbQuery *query, ArbTournament *self, const char *sql, GError **error)
{
  ArbCachedStatement *entry;
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (self->statements == NULL)
    self->statements =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cached_statement_free);
  entry = g_hash_table_lookup (self->statements, sql);
  if (entry != NULL && !entry->in_use)
    {
      entry->in_use = TRUE;
      query->stmt = entry->stmt;
      query->cached = entry;
      return TRUE;
    }

  rc = sqlite3_prepare_v3 (self->db, sql, -1, entry == NULL ? SQLITE_PREPARE_PERSISTENT : 0, &stmt,
                           NULL);
  if (rc != SQLITE_OK)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, query->what);
      sqlite3_finalize (stmt);
      return FALSE;
    }
  if (entry == NULL)
    {
      /* Kept for the next time; lent to this query now. */
      entry = g_new0 (ArbCachedStatement, 1);
      entry->stmt = stmt;
      entry->in_use = TRUE;
      g_hash_table_insert (self->statements, g_strdup (sql), entry);
      query->cached = entry;
    }
  query->stmt = stmt;
  return TRUE;
}

gboolean
_arb_query_init (ArbQuery *query,
                 ArbTournament *self,
                 const char *what,
                 const char *sql,
                 GError **error,
                 const char *types,
                 ...)
{
  va_list ap;

  g_assert (query != NULL);
  g_assert (self != NULL && self->db != NULL);

  memset (query, 0, sizeof *query);
  query->owner = self;
  query->what = what;
  if (!query_prepare (query, self, sql, error))
    return FALSE;
  va_start (ap, types);
  bind_values (query->stmt, types, ap);
  va_end (ap);
  return TRUE;
}

int
_arb_query_step (ArbQuery *query, GError **error)
{
  int rc;

  g_assert (query->stmt != NULL);

  rc = sqlite3_step (query->stmt);
  if (rc == SQLITE_ROW)
    return 1;
  if (rc == SQLITE_DONE)
    return 0;
  _arb_tournament_set_sqlite_error (query->owner, error, rc, query->what);
  return -1;
}

void
_arb_query_clear (ArbQuery *query)
{
  ArbCachedStatement *entry = query->cached;

  if (query->stmt == NULL)
    return;
  if (entry != NULL)
    {
      sqlite3_reset (query->stmt);
      sqlite3_clear_bindings (query->stmt);
      entry->in_use = FALSE;
    }
  else
    sqlite3_finalize (query->stmt);
  query->stmt = NULL;
  query->cached = NULL;
}

gint64
_arb_query_int (ArbQuery *query, int column)
{
  return sqlite3_column_int64 (query->stmt, column);
}

gint64
_arb_query_int_or (ArbQuery *query, int column, gint64 null_value)
{
  if (sqlite3_column_type (query->stmt, column) == SQLITE_NULL)
    return null_value;
  return sqlite3_column_int64 (query->stmt, column);
}

const char *
_arb_query_text (ArbQuery *query, int column)
{
  return (const char *) sqlite3_column_text (query->stmt, column);
}

char *
_arb_query_dup_text (ArbQuery *query, int column)
{
  return g_strdup ((const char *) sqlite3_column_text (query->stmt, column));
}

const guint8 *
_arb_query_blob (ArbQuery *query, int column, gsize *size)
{
  const guint8 *data = sqlite3_column_blob (query->stmt, column);

  *size = (gsize) sqlite3_column_bytes (query->stmt, column);
  return data;
}

gboolean
_arb_tournament_run (ArbTournament *self,
                     const char *what,
                     const char *sql,
                     GError **error,
                     const char *types,
                     ...)
{
  g_auto (ArbQuery) query = { 0 };
  va_list ap;
  int rc;

  query.owner = self;
  query.what = what;
  if (!query_prepare (&query, self, sql, error))
    return FALSE;
  va_start (ap, types);
  bind_values (query.stmt, types, ap);
  va_end (ap);
  while ((rc = _arb_query_step (&query, error)) > 0)
    ;
  return rc == 0;
}

gboolean
_arb_tournament_query_int (ArbTournament *self, const char *sql, gint64 *out, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the tournament", sql, error, NULL))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  if (rc == 0)
    {
      _arb_tournament_set_sqlite_error (self, error, SQLITE_CORRUPT, "cannot read the tournament");
      return FALSE;
    }
  *out = _arb_query_int (&query, 0);
  return TRUE;
}

gint64
_arb_tournament_changes (ArbTournament *self)
{
  return sqlite3_changes64 (self->db);
}

gint64
_arb_tournament_last_id (ArbTournament *self)
{
  return sqlite3_last_insert_rowid (self->db);
}

char *
_arb_tournament_now (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S.%fZ");
}

const char *
_arb_tournament_result_text (ArbResult result)
{
  return (guint) result < ARB_RESULT_N ? arb_result_to_string (result) : NULL;
}

ArbResult
_arb_tournament_result_from_text (const char *text)
{
  ArbResult result = ARB_RESULT_ONGOING;

  if (text != NULL)
    arb_result_from_string (text, &result);
  return result;
}

gboolean
_arb_tournament_audit (ArbTournament *self, const char *action, gint64 game_id, GError **error, ...)
{
  static const char *const sql[] = {
    "INSERT INTO audit (wall_time, action, game_id, detail) VALUES (?, ?, ?, json_object ())",
    "INSERT INTO audit (wall_time, action, game_id, detail) VALUES (?, ?, ?, "
    "json_object (?, ?))",
    "INSERT INTO audit (wall_time, action, game_id, detail) VALUES (?, ?, ?, "
    "json_object (?, ?, ?, ?))",
    "INSERT INTO audit (wall_time, action, game_id, detail) VALUES (?, ?, ?, "
    "json_object (?, ?, ?, ?, ?, ?))",
    "INSERT INTO audit (wall_time, action, game_id, detail) VALUES (?, ?, ?, "
    "json_object (?, ?, ?, ?, ?, ?, ?, ?))",
  };
  const char *values[8];
  g_autofree char *now = _arb_tournament_now ();
  g_auto (ArbQuery) query = { 0 };
  const char *key;
  guint n = 0;
  va_list ap;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (self->changed_game == 0)
    self->changed_game = game_id != 0 ? game_id : -1;
  else if (self->changed_game != game_id)
    self->changed_game = -1;

  va_start (ap, error);
  while ((key = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);

      g_assert (n + 2 <= G_N_ELEMENTS (values));
      values[n++] = key;
      values[n++] = value;
    }
  va_end (ap);

  query.owner = self;
  query.what = "cannot write the audit log";
  if (!query_prepare (&query, self, sql[n / 2], error))
    return FALSE;
  sqlite3_bind_text (query.stmt, 1, now, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (query.stmt, 2, action, -1, SQLITE_TRANSIENT);
  if (game_id != 0)
    sqlite3_bind_int64 (query.stmt, 3, game_id);
  for (guint i = 0; i < n; i++)
    if (values[i] != NULL)
      sqlite3_bind_text (query.stmt, 4 + (int) i, values[i], -1, SQLITE_TRANSIENT);
  return _arb_query_step (&query, error) >= 0;
}
