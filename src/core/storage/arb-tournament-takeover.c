/* arb-tournament-takeover.c: snapshots, replicas' files, take-over
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See arb-tournament-replica.h.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "arb-i18n.h"
#include "arb-tournament-private.h"
#include "arb-tournament-replica.h"

static void
set_db_error (GError **error, sqlite3 *db, const char *path, const char *what)
{
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
               /* Translators: the first %s is a file's path, the second what failed, the last
                * SQLite's message */
               _ ("%s: %s: %s"), path, what, db != NULL ? sqlite3_errmsg (db) : "out of memory");
}

static gint64
query_int (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = -1;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

GBytes *
arb_tournament_snapshot (const char *path, gint64 *seq, gint64 *epoch, GError **error)
{
  sqlite3 *db = NULL;
  sqlite3_int64 size = 0;
  unsigned char *image = NULL;
  GBytes *bytes = NULL;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    {
      set_db_error (error, db, path, "cannot open");
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_busy_timeout (db, 5000);
  /* One read transaction: the image and the head of its log agree. */
  if (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
    goto fail;
  *seq = query_int (db, "SELECT MAX (applied_seq, COALESCE ((SELECT MAX (seq) FROM "
                        "replication_log), 0)) FROM replica_state WHERE id = 1");
  *epoch = query_int (db, "SELECT epoch FROM replica_state WHERE id = 1");
  if (*seq < 0 || *epoch < 1)
    goto fail;
  image = sqlite3_serialize (db, "main", &size, 0);
  if (image == NULL)
    goto fail;
  sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  bytes = g_bytes_new (image, (gsize) size);
  sqlite3_free (image);
  sqlite3_close (db);
  return bytes;

fail:
  set_db_error (error, db, path, "cannot read a snapshot");
  sqlite3_close (db);
  return NULL;
}

static gboolean
write_all (const char *path, GBytes *image, GError **error)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (image, &size);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  int saved = 0;

  if (fd < 0)
    saved = errno;
  for (gsize done = 0; fd >= 0 && done < size;)
    {
      ssize_t n = write (fd, data + done, size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          saved = errno != 0 ? errno : EIO;
          break;
        }
      done += (gsize) n;
    }
  if (fd >= 0 && saved == 0 && fsync (fd) != 0)
    saved = errno;
  if (fd >= 0)
    close (fd);
  if (saved == 0)
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
               /* Translators: the first %s is a file's path, the second the system's message */
               _ ("cannot write %s: %s"), path, g_strerror (saved));
  return FALSE;
}

gboolean
arb_tournament_write_replica (const char *path, GBytes *image, GError **error)
{
  g_autofree char *tmp = g_strconcat (path, ".partial", NULL);
  sqlite3 *db = NULL;
  gboolean ok = FALSE;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS,
                   _ ("%s already exists; it was not changed"), path);
      return FALSE;
    }
  g_unlink (tmp);
  if (!write_all (tmp, image, error))
    goto out;
  if (sqlite3_open_v2 (tmp, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
      sqlite3_exec (db,
                    "PRAGMA synchronous = FULL; BEGIN IMMEDIATE; "
                    "UPDATE replica_state SET role = 'replica', reason = NULL, applied_seq = "
                    "MAX (applied_seq, COALESCE ((SELECT MAX (seq) FROM replication_log), 0)); "
                    "COMMIT; PRAGMA wal_checkpoint (TRUNCATE);",
                    NULL, NULL, NULL) != SQLITE_OK)
    {
      set_db_error (error, db, path, "cannot make the replica");
      goto out;
    }
  sqlite3_close (db);
  db = NULL;
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO, _ ("cannot write %s: %s"),
                   path, g_strerror (saved));
      goto out;
    }
  ok = TRUE;
out:
  sqlite3_close (db);
  if (!ok)
    {
      g_autofree char *wal = g_strconcat (tmp, "-wal", NULL);
      g_autofree char *shm = g_strconcat (tmp, "-shm", NULL);

      g_unlink (tmp);
      g_unlink (wal);
      g_unlink (shm);
    }
  return ok;
}

static const char *
role_names_text (ArbDeskRole role)
{
  return role == ARB_DESK_ROLE_DESK ? "desk" : role == ARB_DESK_ROLE_REPLICA ? "replica" : "reader";
}

static gboolean
set_role (ArbTournament *self,
          ArbDeskRole role,
          gint64 epoch,
          const char *arbiter,
          const char *reason,
          GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  int old_role = self->role;
  gint64 old_epoch = self->epoch;
  gboolean ok;

  /* The role's own change is written whatever the role was. */
  self->applying = TRUE;
  ok = _arb_tournament_begin (self, error);
  self->applying = FALSE;
  if (!ok)
    return FALSE;
  self->role = role;
  self->epoch = epoch;
  /* A take-over's audit line is the new desk's first change: its session
   * records it for the new desk's deputies. */
  if (role == ARB_DESK_ROLE_DESK && !_arb_replica_begin (self, error))
    goto fail;
  if (!_arb_tournament_run (
        self, "cannot record the take-over",
        "UPDATE replica_state SET role = ?, epoch = ?, arbiter = ?, reason = ?, "
        "changed_at = ?, applied_seq = ? WHERE id = 1",
        error, "tltttl", role_names_text (role), epoch, arbiter, reason, now, self->head_seq) ||
      (role == ARB_DESK_ROLE_DESK && !_arb_tournament_audit (self, "take-over", 0, error, "arbiter",
                                                             arbiter, "reason", reason, NULL)) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  g_free (self->role_reason);
  self->role_reason = g_strdup (reason);
  _arb_tournament_emit_role_changed (self);
  return TRUE;

fail:
  self->role = old_role;
  self->epoch = old_epoch;
  _arb_tournament_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_take_over (ArbTournament *self,
                          const char *arbiter,
                          const char *reason,
                          GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (arbiter == NULL || *arbiter == '\0' || reason == NULL || *reason == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a take-over needs the arbiter's name and the reason"));
      return FALSE;
    }
  if (self->role == ARB_DESK_ROLE_DESK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%s already writes the event: there is nothing to take over"), self->path);
      return FALSE;
    }
  return set_role (self, ARB_DESK_ROLE_DESK, self->epoch + 1, arbiter, reason, error);
}

gboolean
arb_tournament_demote (ArbTournament *self, gint64 epoch, const char *where, GError **error)
{
  g_autofree char *why = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (epoch <= self->epoch)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%s: epoch %lld is not above this desk's (%lld)"), self->path,
                   (long long) epoch, (long long) self->epoch);
      return FALSE;
    }
  /* Translators: %s names the other desk (its address or the deputy's name); the numbers
   * are epochs of the event */
  why = g_strdup_printf (
    _ ("another desk (%s) took over the event: its epoch is %lld, this desk's was %lld"),
    where != NULL ? where : "?", (long long) epoch, (long long) self->epoch);
  return set_role (self, ARB_DESK_ROLE_READER, self->epoch, NULL, why, error);
}

static gboolean
dump_table (ArbTournament *self, const char *table, GString *out, GError **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY rowid", table);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    /* WITHOUT ROWID tables: by their key. */
    {
      g_free (sql);
      sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY 1", table);
      rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);
    }
  if (rc != SQLITE_OK)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot read the tournament");
      return FALSE;
    }
  g_string_append_printf (out, "[%s]\n", table);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          const unsigned char *text = sqlite3_column_text (stmt, i);
          int bytes = sqlite3_column_bytes (stmt, i);

          g_string_append_c (out, i == 0 ? ' ' : '|');
          if (sqlite3_column_type (stmt, i) == SQLITE_NULL)
            g_string_append (out, "NULL");
          else
            for (int j = 0; j < bytes; j++)
              g_string_append_printf (out, g_ascii_isprint (text[j]) ? "%c" : "\\x%02x", text[j]);
        }
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot read the tournament");
      return FALSE;
    }
  return TRUE;
}

char *
arb_tournament_dump_tables (ArbTournament *self, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func (g_free);
  g_auto (ArbQuery) query = { 0 };
  int step;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (
        &query, self, "cannot read the tournament",
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE "
        "'sqlite_%' AND name NOT IN ('replica_state', 'replication_log') ORDER BY name",
        error, NULL))
    return NULL;
  while ((step = _arb_query_step (&query, error)) == 1)
    g_ptr_array_add (tables, _arb_query_dup_text (&query, 0));
  if (step < 0)
    return NULL;
  for (guint i = 0; i < tables->len; i++)
    if (!dump_table (self, tables->pdata[i], out, error))
      return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}
