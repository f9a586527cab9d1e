/* arb-tournament.c: a tournament file, durable SQLite storage
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arb-edition.h"
#include "arb-result.h"
#include "arb-san.h"
#include "arb-time-control.h"
#include "arb-schema.h"
#include "arb-tournament-clock.h"
#include "arb-tournament-private.h"

/* How long a writer waits for another one (the GUI and arbiter-cli may
 * have the same file open) before giving up with ARB_TOURNAMENT_ERROR_BUSY. */
#define BUSY_TIMEOUT_MS 5000

struct _ArbTournament
{
  GObject parent_instance;

  /* owned */
  sqlite3 *db;
  char *path;
  char *migration_backup;

  sqlite3_stmt *insert_move_stmt; /* prepared once, see insert_move() */

  int opened_version;
  gboolean read_only;

  /* What the transaction in progress changed, for ::changed: a game id,
   * 0 for nothing yet, -1 for the tournament as a whole. */
  gint64 changed_game;
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ArbTournament, arb_tournament, G_TYPE_OBJECT)

/* clang-format off */
G_DEFINE_QUARK (arb-tournament-error-quark, arb_tournament_error)
/* clang-format on */

typedef sqlite3_stmt ArbStmt;
static void
stmt_free (ArbStmt *stmt)
{
  sqlite3_finalize (stmt);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbStmt, stmt_free)

/* Results are stored as the Laws engine spells them (arb-result.h): the
 * PGN results, 0-0, 1/2-0, 0-1/2 and the forfeit marks. The schema checks
 * the same set. NULL for a value that is no result. */
static const char *
result_text (ArbResult result)
{
  return (guint) result < ARB_RESULT_N ? arb_result_to_string (result) : NULL;
}

static ArbResult
result_from_text (const char *text)
{
  ArbResult result = ARB_RESULT_ONGOING;

  if (text != NULL)
    arb_result_from_string (text, &result);
  return result;
}

static gboolean
side_is_valid (ArbColor side)
{
  return side == ARB_WHITE || side == ARB_BLACK;
}

static char *
now_iso8601 (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S.%fZ");
}

/* Turns an SQLite failure into an error a person can act on. */
static void
set_sqlite_error (ArbTournament *self, GError **error, int rc, const char *what)
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
      hint = " (the disk is full; nothing of this change was stored)";
      break;
    case SQLITE_IOERR:
      code = ARB_TOURNAMENT_ERROR_IO;
      hint = " (could not write: the disk may be full or a file size limit reached; "
             "nothing of this change was stored)";
      break;
    case SQLITE_READONLY:
      code = ARB_TOURNAMENT_ERROR_READ_ONLY;
      hint = " (the file or its folder is read-only)";
      break;
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
      code = ARB_TOURNAMENT_ERROR_PERMISSION;
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = ARB_TOURNAMENT_ERROR_BUSY;
      hint = " (another program is writing to this tournament)";
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      code = ARB_TOURNAMENT_ERROR_CORRUPT;
      hint = " (the file is damaged or truncated)";
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

static ArbStmt *
prepare (ArbTournament *self, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, error, rc, "cannot read the tournament");
      sqlite3_finalize (stmt);
      return NULL;
    }
  return stmt;
}

static void
bind_text_or_null (ArbStmt *stmt, int i, const char *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, i, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, i);
}

static void
bind_int_or_null (ArbStmt *stmt, int i, gint64 value, gint64 null_value)
{
  if (value != null_value)
    sqlite3_bind_int64 (stmt, i, value);
  else
    sqlite3_bind_null (stmt, i);
}

static char *
column_strdup (ArbStmt *stmt, int i)
{
  const unsigned char *text = sqlite3_column_text (stmt, i);
  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

/* Runs a statement that returns no rows. */
static gboolean
step_done (ArbTournament *self, ArbStmt *stmt, const char *what, GError **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
      set_sqlite_error (self, error, rc, what);
      return FALSE;
    }
  return TRUE;
}

static gboolean
exec (ArbTournament *self, const char *sql, const char *what, GError **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, error, rc, what);
      return FALSE;
    }
  return TRUE;
}

/* Every user action is one IMMEDIATE transaction: the write lock is taken
 * at the start, so two programs on the same file never interleave. */
static gboolean
tx_begin (ArbTournament *self, GError **error)
{
  if (self->read_only)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                   "%s: opened read-only", self->path);
      return FALSE;
    }
  return exec (self, "BEGIN IMMEDIATE", "cannot start a change", error);
}

static gboolean
tx_commit (ArbTournament *self, GError **error)
{
  int rc = sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, error, rc, "cannot store the change");
      /* A failed COMMIT may leave the transaction open. */
      if (!sqlite3_get_autocommit (self->db))
        sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      self->changed_game = 0;
      return FALSE;
    }
  /* Views hear of a change only once it is durable. */
  if (self->changed_game != 0)
    {
      gint64 game = self->changed_game;

      self->changed_game = 0;
      g_signal_emit (self, signals[CHANGED], 0, MAX (game, 0));
    }
  return TRUE;
}

static void
tx_rollback (ArbTournament *self)
{
  self->changed_game = 0;
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* One audit line, in the caller's transaction; see _arb_tournament_audit(). */
#define audit _arb_tournament_audit

static char *
int_to_text (gint64 value)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

static void
arb_tournament_finalize (GObject *object)
{
  ArbTournament *self = ARB_TOURNAMENT (object);

  g_clear_pointer (&self->insert_move_stmt, sqlite3_finalize);
  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->migration_backup, g_free);

  G_OBJECT_CLASS (arb_tournament_parent_class)->finalize (object);
}

static void
arb_tournament_class_init (ArbTournamentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_tournament_finalize;

  /**
   * ArbTournament::changed:
   * @game_id: the game that changed, or 0 when the change was not about
   *   one game (players, an import, the event)
   *
   * Emitted after a change has been committed to the file.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
arb_tournament_init (ArbTournament *self)
{
}

static gboolean
query_int (ArbTournament *self, const char *sql, gint64 *out, GError **error)
{
  g_autoptr (ArbStmt) stmt = prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      set_sqlite_error (self, error, rc == SQLITE_DONE ? SQLITE_CORRUPT : rc,
                        "cannot read the tournament");
      return FALSE;
    }
  *out = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Durable settings of every connection. WAL lets readers (a backup, the
 * GUI) go on while a move is written; synchronous=FULL syncs the WAL at
 * every commit, so a commit that returned survives a power cut. */
static gboolean
configure_connection (ArbTournament *self, GError **error)
{
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (self->db, 1);

  if (!exec (self, "PRAGMA foreign_keys = ON", "cannot configure", error))
    return FALSE;
  if (!self->read_only)
    {
      g_autoptr (ArbStmt) stmt = prepare (self, "PRAGMA journal_mode = WAL", error);
      const unsigned char *mode;

      if (stmt == NULL)
        return FALSE;
      if (sqlite3_step (stmt) != SQLITE_ROW)
        {
          set_sqlite_error (self, error, sqlite3_errcode (self->db), "cannot switch to WAL");
          return FALSE;
        }
      mode = sqlite3_column_text (stmt, 0);
      if (mode == NULL || g_ascii_strcasecmp ((const char *) mode, "wal") != 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
                       "%s: cannot switch to write-ahead logging (journal mode is %s)", self->path,
                       mode != NULL ? (const char *) mode : "unknown");
          return FALSE;
        }
    }
  return exec (self, "PRAGMA synchronous = FULL", "cannot configure", error);
}

static char *
unique_sibling (const char *path, const char *suffix)
{
  char *candidate = g_strconcat (path, suffix, NULL);

  for (int i = 2; g_file_test (candidate, G_FILE_TEST_EXISTS); i++)
    {
      g_free (candidate);
      candidate = g_strdup_printf ("%s%s.%d", path, suffix, i);
    }
  return candidate;
}

static gboolean
fsync_parent_dir (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY | O_DIRECTORY);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = fsync (fd) == 0;
  close (fd);
  return ok;
}

/* Copies the open database to dest_path with the online backup API. The
 * copy is written beside its final name and renamed into place once it is
 * complete and synced, so a crash never leaves half a backup under the
 * real name. */
static gboolean
backup_to (ArbTournament *self, const char *dest_path, GError **error)
{
  g_autofree char *tmp = g_strconcat (dest_path, ".partial", NULL);
  sqlite3 *dest = NULL;
  sqlite3_backup *backup;
  int rc;

  g_unlink (tmp);
  rc = sqlite3_open_v2 (tmp, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    goto fail;
  sqlite3_exec (dest, "PRAGMA synchronous = FULL", NULL, NULL, NULL);

  backup = sqlite3_backup_init (dest, "main", self->db, "main");
  if (backup == NULL)
    {
      rc = sqlite3_errcode (dest);
      goto fail;
    }
  /* One step copies every page in one read transaction: in WAL mode the
   * writers go on meanwhile, and the copy is one consistent snapshot. */
  for (int tries = 0;; tries++)
    {
      rc = sqlite3_backup_step (backup, -1);
      if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED && rc != SQLITE_OK) ||
          tries >= BUSY_TIMEOUT_MS / 20)
        break;
      sqlite3_sleep (20);
    }
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    goto fail;
  /* The copy stays a plain rollback-journal file until it is opened as a
   * tournament, so it is complete without a -wal beside it. */
  sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  rc = sqlite3_close (dest);
  dest = NULL;
  if (rc != SQLITE_OK)
    goto fail;

  /* Never over an existing file: it might be a tournament. */
  if (link (tmp, dest_path) != 0)
    {
      int saved = errno;

      if ((saved == EPERM || saved == ENOTSUP || saved == EOPNOTSUPP) &&
          !g_file_test (dest_path, G_FILE_TEST_EXISTS) && g_rename (tmp, dest_path) == 0)
        {
          fsync_parent_dir (dest_path);
          return TRUE;
        }
      g_unlink (tmp);
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   saved == EEXIST ? ARB_TOURNAMENT_ERROR_EXISTS : ARB_TOURNAMENT_ERROR_IO,
                   "cannot write the backup %s: %s", dest_path, g_strerror (saved));
      return FALSE;
    }
  g_unlink (tmp);
  fsync_parent_dir (dest_path);
  return TRUE;

fail:
  {
    g_autofree char *msg = g_strdup (dest != NULL ? sqlite3_errmsg (dest) : sqlite3_errstr (rc));
    int code = (rc & 0xff) == SQLITE_FULL ? ARB_TOURNAMENT_ERROR_FULL : ARB_TOURNAMENT_ERROR_IO;

    if (dest != NULL)
      sqlite3_close (dest);
    g_unlink (tmp);
    g_set_error (error, ARB_TOURNAMENT_ERROR, code, "cannot write the backup %s: %s", dest_path,
                 msg);
    return FALSE;
  }
}

ArbTournament *
arb_tournament_open (const char *path, ArbTournamentOpenFlags flags, GError **error)
{
  g_autoptr (ArbTournament) self = NULL;
  ArbSchemaHeader header;
  gint64 app_id = 0, version = 0;
  int open_flags;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);

  /* Look at the header before SQLite opens the file, so a foreign or
   * newer file is refused without a byte of it being touched. */
  if (!arb_schema_read_header (path, &header, error))
    return NULL;

  switch (header.kind)
    {
    case ARB_SCHEMA_FILE_EMPTY:
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EMPTY,
                   "%s is empty (0 bytes): not an Arbiter tournament file", path);
      return NULL;
    case ARB_SCHEMA_FILE_NOT_SQLITE:
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                   "%s is not an Arbiter tournament file (it is not an SQLite database, "
                   "or its first page is damaged)",
                   path);
      return NULL;
    case ARB_SCHEMA_FILE_FOREIGN:
      if (header.application_id == 0)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                     "%s is a plain SQLite database, not an Arbiter tournament file", path);
      else
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                     "%s is an SQLite database of another program (application id 0x%08x), "
                     "not an Arbiter tournament file",
                     path, header.application_id);
      return NULL;
    case ARB_SCHEMA_FILE_ARBITER:
    default:
      break;
    }

  if (header.user_version > ARB_SCHEMA_VERSION)
    goto newer;

  /* A file shorter than its header says has lost pages at the end. */
  if (header.page_count_valid && header.page_size > 0 &&
      (goffset) header.page_size * header.page_count > header.file_size)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                   "%s is truncated: %" G_GOFFSET_FORMAT " bytes where %" G_GOFFSET_FORMAT
                   " were written; restore it from a backup",
                   path, header.file_size, (goffset) header.page_size * header.page_count);
      return NULL;
    }

  self = g_object_new (ARB_TYPE_TOURNAMENT, NULL);
  self->path = g_strdup (path);
  self->read_only = (flags & ARB_TOURNAMENT_OPEN_READ_ONLY) != 0;

  open_flags = self->read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
  rc = sqlite3_open_v2 (path, &self->db, open_flags, NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, error, rc, "cannot open");
      return NULL;
    }
  if (!self->read_only && sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                   "%s is read-only: play cannot be recorded in it "
                   "(check the file's permissions, or copy it)",
                   path);
      return NULL;
    }
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (self->db, 1);

  /* Reading a WAL file needs its -shm, which cannot be made in a folder
   * we may not write (an archived tournament). With no WAL content
   * pending, the file alone is the whole database: read it as immutable. */
  if (self->read_only && !header.wal_pending &&
      !query_int (self, "PRAGMA application_id", &app_id, NULL))
    {
      g_autofree char *absolute = g_canonicalize_filename (path, NULL);
      g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
      g_autofree char *immutable = uri != NULL ? g_strconcat (uri, "?immutable=1", NULL) : NULL;

      sqlite3_close_v2 (self->db);
      self->db = NULL;
      rc = immutable != NULL
             ? sqlite3_open_v2 (immutable, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL)
             : SQLITE_CANTOPEN;
      if (rc != SQLITE_OK)
        {
          set_sqlite_error (self, error, rc, "cannot open");
          return NULL;
        }
      sqlite3_extended_result_codes (self->db, 1);
    }

  /* The pragmas again through SQLite: a WAL may hold newer values than
   * the header of the main file. */
  if (!query_int (self, "PRAGMA application_id", &app_id, error) ||
      !query_int (self, "PRAGMA user_version", &version, error))
    return NULL;
  if ((guint32) app_id != ARB_SCHEMA_APPLICATION_ID)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                   "%s is not an Arbiter tournament file", path);
      return NULL;
    }
  if (version > ARB_SCHEMA_VERSION)
    {
      header.user_version = (guint32) version;
      goto newer;
    }
  self->opened_version = (int) version;

  {
    g_autoptr (ArbStmt) stmt = prepare (self, "PRAGMA quick_check", error);
    const unsigned char *verdict;

    if (stmt == NULL)
      return NULL;
    rc = sqlite3_step (stmt);
    if (rc != SQLITE_ROW)
      {
        set_sqlite_error (self, error, rc, "cannot verify");
        return NULL;
      }
    verdict = sqlite3_column_text (stmt, 0);
    if (verdict == NULL || strcmp ((const char *) verdict, "ok") != 0)
      {
        g_autofree char *what =
          g_strdup (verdict != NULL ? (const char *) verdict : "unknown damage");

        /* SQLite's report spans lines; one line reads better. */
        g_strdelimit (what, "\n", ' ');
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                     "%s is damaged (%s); restore it from a backup", path, what);
        return NULL;
      }
  }

  if (version < ARB_SCHEMA_VERSION)
    {
      g_autofree char *suffix = NULL;

      if (self->read_only || version < 1)
        {
          if (version < 1)
            g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                         "%s was never completely created (schema version 0)", path);
          else
            g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                         "%s has schema version %d and must be upgraded to version %d; "
                         "open it for writing once to upgrade it",
                         path, (int) version, ARB_SCHEMA_VERSION);
          return NULL;
        }

      suffix = g_strdup_printf (".v%d.backup", (int) version);
      self->migration_backup = unique_sibling (path, suffix);
      if (!backup_to (self, self->migration_backup, error))
        {
          g_prefix_error (error, "%s was not upgraded: ", path);
          return NULL;
        }
      if (!arb_schema_migrate (self->db, (int) version, error))
        return NULL;
      if (!tx_begin (self, error))
        return NULL;
      {
        g_autofree char *from = int_to_text (version);
        g_autofree char *to = int_to_text (ARB_SCHEMA_VERSION);

        if (!audit (self, "migrate", 0, error, "from", from, "to", to, "backup",
                    self->migration_backup, NULL) ||
            !tx_commit (self, error))
          {
            tx_rollback (self);
            return NULL;
          }
      }
    }

  if (!configure_connection (self, error))
    return NULL;

  return g_steal_pointer (&self);

newer:
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NEWER,
               "%s was written by a newer version of Arbiter (schema version %u; "
               "this version reads up to %d); it was not changed",
               path, header.user_version, ARB_SCHEMA_VERSION);
  return NULL;
}

static gboolean
write_event (ArbTournament *self, const ArbEventInfo *event, gboolean insert, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();

  stmt = prepare (self,
                  insert ? "INSERT INTO event (name, venue, start_date, end_date, chief_arbiter, "
                           "edition, time_control, settings, created_at, id) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, json (coalesce (?, '{}')), ?, 1)"
                         : "UPDATE event SET name = ?, venue = ?, start_date = ?, end_date = ?, "
                           "chief_arbiter = ?, edition = ?, time_control = ?, "
                           "settings = json (coalesce (?, '{}')) WHERE id = 1 AND ? IS NOT NULL",
                  error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, event->name, -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 2, event->venue);
  bind_text_or_null (stmt, 3, event->start_date);
  bind_text_or_null (stmt, 4, event->end_date);
  bind_text_or_null (stmt, 5, event->chief_arbiter);
  sqlite3_bind_int (stmt, 6, event->edition != 0 ? event->edition : ARB_EDITION_LATEST);
  bind_text_or_null (stmt, 7, event->time_control);
  bind_text_or_null (stmt, 8, event->settings);
  sqlite3_bind_text (stmt, 9, now, -1, SQLITE_TRANSIENT);
  if (!step_done (self, stmt, "cannot store the event", error))
    return FALSE;

  {
    g_autofree char *edition =
      int_to_text (event->edition != 0 ? event->edition : ARB_EDITION_LATEST);
    return audit (self, insert ? "create-event" : "update-event", 0, error, "name", event->name,
                  "edition", edition, "time_control", event->time_control, NULL);
  }
}

static gboolean
validate_event (const ArbEventInfo *event, GError **error)
{
  if (event->name == NULL || event->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "the event needs a name");
      return FALSE;
    }
  if (event->time_control != NULL)
    {
      g_autoptr (GError) tc_error = NULL;
      ArbTimeControl tc;

      if (!arb_time_control_parse (event->time_control, &tc, NULL, &tc_error))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       "the time control “%s” cannot be read: %s", event->time_control,
                       tc_error->message);
          return FALSE;
        }
    }
  if (event->edition != 0 && !arb_edition_from_year (event->edition, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "%d is not an edition of the FIDE Laws (2001, 2009, 2014, 2018 or 2023)",
                   event->edition);
      return FALSE;
    }
  return TRUE;
}

ArbTournament *
arb_tournament_create (const char *path, const ArbEventInfo *event, GError **error)
{
  g_autoptr (ArbTournament) self = NULL;
  g_autofree char *tmp = NULL;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (event != NULL, NULL);

  if (!validate_event (event, error))
    return NULL;
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS,
                   "%s already exists; it was not changed", path);
      return NULL;
    }

  /* Build the file under a temporary name and link it into place only
   * when it is complete: a crash or a full disk leaves no half-made
   * tournament, and link() never replaces a file that appeared meanwhile. */
  tmp = g_strdup_printf ("%s.new-%d", path, (int) getpid ());
  g_unlink (tmp);

  self = g_object_new (ARB_TYPE_TOURNAMENT, NULL);
  self->path = g_strdup (path);
  rc = sqlite3_open_v2 (tmp, &self->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE, NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, error, rc, "cannot create");
      goto fail;
    }
  sqlite3_extended_result_codes (self->db, 1);
  if (!exec (self, "PRAGMA synchronous = FULL", "cannot create", error))
    goto fail;
  if (!arb_schema_migrate (self->db, 0, error))
    {
      g_prefix_error (error, "cannot create %s: ", path);
      goto fail;
    }
  if (!tx_begin (self, error))
    goto fail;
  if (!write_event (self, event, TRUE, error) || !tx_commit (self, error))
    {
      tx_rollback (self);
      goto fail;
    }
  /* WAL is a property of the file; set it now so every later opener, the
   * GUI included, finds it on. */
  if (!configure_connection (self, error))
    goto fail;
  rc = sqlite3_close (self->db);
  self->db = NULL;
  if (rc != SQLITE_OK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
                   "%s: cannot finish writing: %s", path, sqlite3_errstr (rc));
      goto fail;
    }

  if (link (tmp, path) != 0)
    {
      int saved = errno;

      /* FAT file systems (a USB stick) have no hard links: rename, which
       * could only replace a file that appeared in the last instant. */
      if ((saved == EPERM || saved == ENOTSUP || saved == EOPNOTSUPP) &&
          !g_file_test (path, G_FILE_TEST_EXISTS) && g_rename (tmp, path) == 0)
        goto created;
      saved = saved == EPERM && g_file_test (path, G_FILE_TEST_EXISTS) ? EEXIST : saved;
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   saved == EEXIST ? ARB_TOURNAMENT_ERROR_EXISTS : ARB_TOURNAMENT_ERROR_IO,
                   "cannot create %s: %s", path, g_strerror (saved));
      goto fail;
    }
  g_unlink (tmp);

created:
  fsync_parent_dir (path);

  g_clear_object (&self);
  return arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, error);

fail:
  if (self->db != NULL)
    {
      sqlite3_close (self->db);
      self->db = NULL;
    }
  g_unlink (tmp);
  {
    g_autofree char *wal = g_strconcat (tmp, "-wal", NULL);
    g_autofree char *shm = g_strconcat (tmp, "-shm", NULL);
    g_autofree char *journal = g_strconcat (tmp, "-journal", NULL);
    g_unlink (wal);
    g_unlink (shm);
    g_unlink (journal);
  }
  return NULL;
}

const char *
arb_tournament_get_path (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return self->path;
}

const char *
arb_tournament_get_migration_backup (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return self->migration_backup;
}

int
arb_tournament_get_opened_version (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  return self->opened_version;
}

struct sqlite3 *
arb_tournament_get_db (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return self->db;
}

ArbEventInfo *
arb_tournament_get_event (ArbTournament *self, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  ArbEventInfo *info;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self,
                  "SELECT name, venue, start_date, end_date, chief_arbiter, edition, "
                  "time_control, settings FROM event WHERE id = 1",
                  error);
  if (stmt == NULL)
    return NULL;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      set_sqlite_error (self, error, rc == SQLITE_DONE ? SQLITE_CORRUPT : rc,
                        "the event is missing");
      return NULL;
    }
  info = g_new0 (ArbEventInfo, 1);
  info->name = column_strdup (stmt, 0);
  info->venue = column_strdup (stmt, 1);
  info->start_date = column_strdup (stmt, 2);
  info->end_date = column_strdup (stmt, 3);
  info->chief_arbiter = column_strdup (stmt, 4);
  info->edition = sqlite3_column_int (stmt, 5);
  info->time_control = column_strdup (stmt, 6);
  info->settings = column_strdup (stmt, 7);
  return info;
}

gboolean
arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (!validate_event (event, error) || !tx_begin (self, error))
    return FALSE;
  if (!write_event (self, event, FALSE, error) || !tx_commit (self, error))
    {
      tx_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_backup (ArbTournament *self, const char *dest_path, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (dest_path != NULL, FALSE);

  if (g_strcmp0 (dest_path, self->path) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a backup cannot replace the tournament file itself");
      return FALSE;
    }
  return backup_to (self, dest_path, error);
}

static gboolean
ensure_round (ArbTournament *self, int round, GError **error)
{
  g_autoptr (ArbStmt) stmt =
    prepare (self, "INSERT OR IGNORE INTO round (number) VALUES (?)", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, round);
  return step_done (self, stmt, "cannot store the round", error);
}

char *
arb_tournament_finish_round (ArbTournament *self, int round, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *round_text = NULL;
  char *dest;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  g_return_val_if_fail (round >= 1, NULL);

  if (!tx_begin (self, error))
    return NULL;
  round_text = int_to_text (round);
  stmt = prepare (self, "UPDATE round SET state = 'finished' WHERE number = ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int (stmt, 1, round);
  if (!step_done (self, stmt, "cannot finish the round", error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME, "%s has no round %d",
                   self->path, round);
      goto fail;
    }
  if (!audit (self, "finish-round", 0, error, "round", round_text, NULL) ||
      !tx_commit (self, error))
    goto fail;

  suffix = g_strdup_printf (".round-%d.backup", round);
  dest = unique_sibling (self->path, suffix);
  if (!backup_to (self, dest, error))
    {
      g_free (dest);
      return NULL;
    }
  return dest;

fail:
  tx_rollback (self);
  return NULL;
}

/* Players */

static gboolean
insert_player (ArbTournament *self, const ArbPlayerInfo *p, gint64 *id, GError **error)
{
  g_autoptr (ArbStmt) stmt =
    prepare (self,
             "INSERT INTO player (start_no, name, title, sex, fide_id, "
             "rating, federation, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             error);
  if (stmt == NULL)
    return FALSE;
  bind_int_or_null (stmt, 1, p->start_no, 0);
  sqlite3_bind_text (stmt, 2, p->name, -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 3, p->title);
  bind_text_or_null (stmt, 4, p->sex);
  bind_int_or_null (stmt, 5, p->fide_id, 0);
  bind_int_or_null (stmt, 6, p->rating, 0);
  bind_text_or_null (stmt, 7, p->federation);
  bind_text_or_null (stmt, 8, p->birth_date);
  if (!step_done (self, stmt, "cannot store the player", error))
    return FALSE;
  *id = sqlite3_last_insert_rowid (self->db);
  return audit (self, "add-player", 0, error, "name", p->name, NULL);
}

gint64
arb_tournament_add_player (ArbTournament *self, const ArbPlayerInfo *player, GError **error)
{
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (player != NULL, 0);

  if (player->name == NULL || player->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a player needs a name");
      return 0;
    }
  if (!tx_begin (self, error))
    return 0;
  if (!insert_player (self, player, &id, error) || !tx_commit (self, error))
    {
      tx_rollback (self);
      return 0;
    }
  return id;
}

GPtrArray *
arb_tournament_list_players (ArbTournament *self, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) players =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_player_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self,
                  "SELECT id, start_no, name, title, sex, fide_id, rating, federation, "
                  "birth_date FROM player ORDER BY coalesce (start_no, 1000000 + id)",
                  error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ArbPlayerInfo *p = g_new0 (ArbPlayerInfo, 1);
      p->id = sqlite3_column_int64 (stmt, 0);
      p->start_no = sqlite3_column_int (stmt, 1);
      p->name = column_strdup (stmt, 2);
      p->title = column_strdup (stmt, 3);
      p->sex = column_strdup (stmt, 4);
      p->fide_id = sqlite3_column_int64 (stmt, 5);
      p->rating = sqlite3_column_int (stmt, 6);
      p->federation = column_strdup (stmt, 7);
      p->birth_date = column_strdup (stmt, 8);
      g_ptr_array_add (players, p);
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the players");
      return NULL;
    }
  return g_steal_pointer (&players);
}

/* Games */

static gboolean
insert_game (ArbTournament *self, const ArbGameInfo *g, gint64 *id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  const char *result = result_text (g->result);

  if (result == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "%d is not a result the file accepts", (int) g->result);
      return FALSE;
    }
  if (!ensure_round (self, g->round, error))
    return FALSE;
  stmt = prepare (self,
                  "INSERT INTO game (round_no, board, white_id, black_id, bye_code, team_match_id, "
                  "start_fen, result, rated, termination, tags) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, json (coalesce (?, '{}')))",
                  error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, g->round);
  sqlite3_bind_int (stmt, 2, g->board);
  bind_int_or_null (stmt, 3, g->white_id, 0);
  bind_int_or_null (stmt, 4, g->black_id, 0);
  bind_text_or_null (stmt, 5, g->bye_code);
  bind_int_or_null (stmt, 6, g->team_match_id, 0);
  bind_text_or_null (stmt, 7, g->start_fen);
  sqlite3_bind_text (stmt, 8, result, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 9, g->rated ? 1 : 0);
  bind_text_or_null (stmt, 10, g->termination);
  bind_text_or_null (stmt, 11, g->tags);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      int rc = sqlite3_extended_errcode (self->db);
      if (rc == SQLITE_CONSTRAINT_UNIQUE)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       "round %d already has a game on board %d", g->round, g->board);
          return FALSE;
        }
      set_sqlite_error (self, error, rc, "cannot store the game");
      return FALSE;
    }
  *id = sqlite3_last_insert_rowid (self->db);
  {
    g_autofree char *round = int_to_text (g->round);
    g_autofree char *board = int_to_text (g->board);
    return audit (self, "add-game", *id, error, "round", round, "board", board, NULL);
  }
}

gint64
arb_tournament_add_team_match (ArbTournament *self,
                               int round,
                               const char *home_team,
                               const char *away_team,
                               GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (round >= 1, 0);

  if (home_team == NULL || away_team == NULL || home_team[0] == '\0' || away_team[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a team match needs both teams");
      return 0;
    }
  if (!tx_begin (self, error))
    return 0;
  if (!ensure_round (self, round, error))
    goto fail;
  stmt = prepare (self, "INSERT INTO team_match (round_no, home_team, away_team) VALUES (?, ?, ?)",
                  error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int (stmt, 1, round);
  sqlite3_bind_text (stmt, 2, home_team, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, away_team, -1, SQLITE_TRANSIENT);
  if (!step_done (self, stmt, "cannot store the team match", error))
    goto fail;
  id = sqlite3_last_insert_rowid (self->db);
  if (!audit (self, "add-team-match", 0, error, "home", home_team, "away", away_team, NULL) ||
      !tx_commit (self, error))
    goto fail;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

gint64
arb_tournament_add_game (ArbTournament *self, const ArbGameInfo *game, GError **error)
{
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (game->round >= 1 && game->board >= 1, 0);

  if (!tx_begin (self, error))
    return 0;
  if (!insert_game (self, game, &id, error) || !tx_commit (self, error))
    {
      tx_rollback (self);
      return 0;
    }
  return id;
}

gint64
arb_tournament_find_game (ArbTournament *self, int round, int board, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  stmt = prepare (self, "SELECT id FROM game WHERE round_no = ? AND board = ?", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int (stmt, 1, round);
  sqlite3_bind_int (stmt, 2, board);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  if (rc == SQLITE_DONE)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 "%s has no game on board %d of round %d", self->path, board, round);
  else
    set_sqlite_error (self, error, rc, "cannot read the games");
  return 0;
}

#define GAME_COLUMNS                                                                   \
  "g.id, g.round_no, g.board, g.white_id, g.black_id, g.bye_code, g.result, g.rated, " \
  "g.start_fen, g.termination, g.tags, g.team_match_id, "                              \
  "(SELECT count (*) FROM move m WHERE m.game_id = g.id)"

static ArbGameInfo *
game_from_row (ArbStmt *stmt)
{
  ArbGameInfo *g = g_new0 (ArbGameInfo, 1);

  g->id = sqlite3_column_int64 (stmt, 0);
  g->round = sqlite3_column_int (stmt, 1);
  g->board = sqlite3_column_int (stmt, 2);
  g->white_id = sqlite3_column_int64 (stmt, 3);
  g->black_id = sqlite3_column_int64 (stmt, 4);
  g->bye_code = column_strdup (stmt, 5);
  g->result = result_from_text ((const char *) sqlite3_column_text (stmt, 6));
  g->rated = sqlite3_column_int (stmt, 7) != 0;
  g->start_fen = column_strdup (stmt, 8);
  g->termination = column_strdup (stmt, 9);
  g->tags = column_strdup (stmt, 10);
  g->team_match_id = sqlite3_column_int64 (stmt, 11);
  g->n_plies = sqlite3_column_int (stmt, 12);
  return g;
}

ArbGameInfo *
arb_tournament_get_game (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self, "SELECT " GAME_COLUMNS " FROM game g WHERE g.id = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return game_from_row (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 "%s has no game %" G_GINT64_FORMAT, self->path, game_id);
  else
    set_sqlite_error (self, error, rc, "cannot read the game");
  return NULL;
}

GPtrArray *
arb_tournament_list_games (ArbTournament *self, int round, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_game_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self,
                  "SELECT " GAME_COLUMNS " FROM game g WHERE ? = 0 OR g.round_no = ? "
                  "ORDER BY g.round_no, g.board",
                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int (stmt, 1, round);
  sqlite3_bind_int (stmt, 2, round);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (games, game_from_row (stmt));
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the games");
      return NULL;
    }
  return g_steal_pointer (&games);
}

/* Moves */

GArray *
arb_tournament_get_moves (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (ArbStoredMove));
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self,
                  "SELECT ply, san, uci, white_ms, black_ms FROM move "
                  "WHERE game_id = ? ORDER BY ply",
                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ArbStoredMove m = { 0 };
      const char *san = (const char *) sqlite3_column_text (stmt, 1);
      const char *uci = (const char *) sqlite3_column_text (stmt, 2);

      m.ply = sqlite3_column_int (stmt, 0);
      g_strlcpy (m.san, san != NULL ? san : "", sizeof m.san);
      g_strlcpy (m.uci, uci != NULL ? uci : "", sizeof m.uci);
      m.white_ms =
        sqlite3_column_type (stmt, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64 (stmt, 3);
      m.black_ms =
        sqlite3_column_type (stmt, 4) == SQLITE_NULL ? -1 : sqlite3_column_int64 (stmt, 4);
      g_array_append_val (moves, m);
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the moves");
      return NULL;
    }
  return g_steal_pointer (&moves);
}

static gboolean
set_start_position (ArbTournament *self, const char *start_fen, ArbPosition *pos, GError **error)
{
  if (start_fen == NULL)
    {
      arb_position_set_start (pos);
      return TRUE;
    }
  /* A Chess960 start is stored with Shredder-FEN castling, which only
   * the Chess960 reading accepts. */
  if (arb_position_set_fen (pos, start_fen, ARB_FEN_FLAGS_NONE, NULL))
    return TRUE;
  if (!arb_position_set_fen (pos, start_fen, ARB_FEN_CHESS960, error))
    {
      g_prefix_error (error, "%s: the stored start position is invalid: ", self->path);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_replay (ArbTournament *self,
                       gint64 game_id,
                       ArbPosition *pos,
                       int *n_plies,
                       GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  g_autoptr (GArray) moves = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  moves = arb_tournament_get_moves (self, game_id, error);
  if (moves == NULL || !set_start_position (self, game->start_fen, pos, error))
    return FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);
      ArbMove move;
      ArbUndo undo;

      if (m->ply != (int) i + 1)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       "game %d.%d: ply %d is missing", game->round, game->board, (int) i + 1);
          return FALSE;
        }
      move = arb_move_parse_uci (pos, m->uci, strlen (m->uci));
      if (move == ARB_MOVE_NONE)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       "game %d.%d: the stored move %s (%s) at ply %d is not legal", game->round,
                       game->board, m->san, m->uci, m->ply);
          return FALSE;
        }
      arb_position_make_move (pos, move, &undo);
    }
  if (n_plies != NULL)
    *n_plies = (int) moves->len;
  return TRUE;
}

static gboolean
insert_move (ArbTournament *self,
             gint64 game_id,
             int ply,
             const char *san,
             const char *uci,
             gint64 white_ms,
             gint64 black_ms,
             GError **error)
{
  g_autofree char *now = now_iso8601 ();
  ArbStmt *stmt;
  gboolean ok;

  /* The statement an import runs for every ply is prepared once. */
  if (self->insert_move_stmt == NULL)
    {
      int rc = sqlite3_prepare_v3 (self->db,
                                   "INSERT INTO move (game_id, ply, san, uci, white_ms, black_ms, "
                                   "played_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                   -1, SQLITE_PREPARE_PERSISTENT, &self->insert_move_stmt, NULL);
      if (rc != SQLITE_OK)
        {
          set_sqlite_error (self, error, rc, "cannot store the move");
          g_clear_pointer (&self->insert_move_stmt, sqlite3_finalize);
          return FALSE;
        }
    }
  stmt = self->insert_move_stmt;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, ply);
  sqlite3_bind_text (stmt, 3, san, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, uci, -1, SQLITE_TRANSIENT);
  bind_int_or_null (stmt, 5, white_ms, -1);
  bind_int_or_null (stmt, 6, black_ms, -1);
  sqlite3_bind_text (stmt, 7, now, -1, SQLITE_TRANSIENT);
  ok = step_done (self, stmt, "cannot store the move", error);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return ok;
}

static gboolean
update_result (ArbTournament *self,
               gint64 game_id,
               ArbResult value,
               const char *termination,
               GError **error)
{
  const char *result = result_text (value);
  g_autoptr (ArbStmt) stmt = NULL;

  if (result == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "%d is not a result (1-0, 0-1, 1/2-1/2, *, 0-0, 1/2-0, 0-1/2, +/-, -/+, --)",
                   (int) value);
      return FALSE;
    }
  stmt = prepare (self, "UPDATE game SET result = ?, termination = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, result, -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 2, termination);
  sqlite3_bind_int64 (stmt, 3, game_id);
  if (!step_done (self, stmt, "cannot store the result", error))
    return FALSE;
  return audit (self, "set-result", game_id, error, "result", result, "termination", termination,
                NULL);
}

gboolean
arb_tournament_add_move (ArbTournament *self,
                         gint64 game_id,
                         int ply,
                         const char *caller_san,
                         ArbMove move,
                         gint64 white_ms,
                         gint64 black_ms,
                         GError **error)
{
  g_autoptr (ArbGameInfo) game = NULL;
  ArbPosition pos;
  ArbUndo undo;
  int n_plies = 0;
  char uci[6];
  char san[ARB_SAN_MAX];
  g_autofree char *ply_text = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (!tx_begin (self, error))
    return FALSE;

  /* Inside the write lock: what is stored now is what counts. */
  game = arb_tournament_get_game (self, game_id, error);
  if (game == NULL)
    goto fail;
  if (game->black_id == 0 && game->bye_code != NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "board %d of round %d is a bye: no moves are played", game->board, game->round);
      goto fail;
    }
  if (game->result != ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "ply %d: the game on board %d of round %d is over (%s)", ply, game->board,
                   game->round, arb_result_to_string (game->result));
      goto fail;
    }
  if (!arb_tournament_replay (self, game_id, &pos, &n_plies, error))
    goto fail;
  if (ply != n_plies + 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   "ply %d: the game has %d stored plies (changed meanwhile?)", ply, n_plies);
      goto fail;
    }
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, move))
    {
      char from[3], to[3];

      arb_square_write (ARB_MOVE_FROM (move), from);
      arb_square_write (ARB_MOVE_TO (move), to);
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                   "ply %d: %s-%s is not a legal move here", ply, from, to);
      goto fail;
    }
  arb_move_write_uci (&pos, move, uci);
  arb_san_write (&pos, move, san);
  if (caller_san != NULL)
    {
      ArbMove named = ARB_MOVE_NONE;

      if (arb_san_resolve (&pos, caller_san, strlen (caller_san), &named) != ARB_SAN_OK ||
          named != move)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       "ply %d: “%s” does not name the move %s", ply, caller_san, san);
          goto fail;
        }
    }
  if (!insert_move (self, game_id, ply, san, uci, white_ms, black_ms, error))
    goto fail;
  ply_text = int_to_text (ply);
  if (!audit (self, "move", game_id, error, "ply", ply_text, "san", san, NULL))
    goto fail;

  /* Checkmate and stalemate end the game at once (2018/2023 articles
   * 5.1.1 and 5.2.1; 2001/2009 the same numbers), in the same
   * transaction as the move. */
  arb_position_make_move (&pos, move, &undo);
  if (arb_position_is_checkmate (&pos))
    {
      if (!update_result (self, game_id,
                          pos.side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS
                                                        : ARB_RESULT_WHITE_WINS,
                          "normal", error))
        goto fail;
    }
  else if (arb_position_is_stalemate (&pos))
    {
      if (!update_result (self, game_id, ARB_RESULT_DRAW, "normal", error))
        goto fail;
    }

  return tx_commit (self, error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_truncate_moves (ArbTournament *self,
                               gint64 game_id,
                               int keep_plies,
                               const char *reason,
                               GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *keep = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (keep_plies >= 0, FALSE);

  if (!tx_begin (self, error))
    return FALSE;
  stmt = prepare (self, "DELETE FROM move WHERE game_id = ? AND ply > ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, keep_plies);
  if (!step_done (self, stmt, "cannot restore the position", error))
    goto fail;
  keep = int_to_text (keep_plies);
  if (!audit (self, "restore-position", game_id, error, "keep_plies", keep, "reason", reason,
              NULL) ||
      !tx_commit (self, error))
    goto fail;
  return TRUE;

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_set_result (ArbTournament *self,
                           gint64 game_id,
                           ArbResult result,
                           const char *termination,
                           GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (result_text (result) == NULL)
    return update_result (self, game_id, result, termination, error);
  if (!tx_begin (self, error))
    return FALSE;
  if (!update_result (self, game_id, result, termination, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   "%s has no game %" G_GINT64_FORMAT, self->path, game_id);
      goto fail;
    }
  return tx_commit (self, error);

fail:
  tx_rollback (self);
  return FALSE;
}

/* What happens at the board */

/* Runs one INSERT of a record and its audit line as one transaction. */
static gint64
insert_record (ArbTournament *self,
               ArbStmt *stmt,
               const char *action,
               gint64 game_id,
               const char *summary,
               GError **error)
{
  gint64 id;

  if (!step_done (self, stmt, "cannot store the record", error))
    return 0;
  id = sqlite3_last_insert_rowid (self->db);
  if (!audit (self, action, game_id, error, "summary", summary, NULL))
    return 0;
  return id;
}

static gboolean
check_game_exists (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbGameInfo) game = arb_tournament_get_game (self, game_id, error);
  return game != NULL;
}

gint64
arb_tournament_add_clock_event (ArbTournament *self,
                                gint64 game_id,
                                const ArbClockEventRecord *ev,
                                GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (ev != NULL && (guint) ev->kind <= ARB_CLOCK_EVENT_RECOVER, 0);

  if (ev->side != ARB_COLOR_NONE && !side_is_valid (ev->side))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "%d is not a side (white or black)", (int) ev->side);
      return 0;
    }
  if (!tx_begin (self, error))
    return 0;
  if (!check_game_exists (self, game_id, error))
    goto fail;
  stmt = prepare (self,
                  "INSERT INTO clock_event (game_id, ply, kind, side, wall_time, amount_ms, "
                  "white_ms, black_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, ev->ply);
  sqlite3_bind_text (stmt, 3, arb_tournament_clock_event_kind (ev->kind), -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 4, arb_color_to_string (ev->side));
  sqlite3_bind_text (stmt, 5, ev->wall_time != NULL ? ev->wall_time : now, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 6, ev->amount_ms);
  bind_int_or_null (stmt, 7, ev->white_ms, -1);
  bind_int_or_null (stmt, 8, ev->black_ms, -1);
  id =
    insert_record (self, stmt, "clock", game_id, arb_tournament_clock_event_kind (ev->kind), error);
  if (id == 0 || !tx_commit (self, error))
    goto fail;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

static gboolean
insert_irregularity (ArbTournament *self,
                     gint64 game_id,
                     const ArbIrregularityRecord *irr,
                     gint64 *id,
                     GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();

  if (irr->kind == NULL || (irr->side != ARB_COLOR_NONE && !side_is_valid (irr->side)))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "an irregularity needs a kind, and its side is white or black");
      return FALSE;
    }
  stmt = prepare (self,
                  "INSERT INTO irregularity (game_id, ply, kind, side, move_text, fen_before, "
                  "restored_ply, note, wall_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, irr->ply);
  sqlite3_bind_text (stmt, 3, irr->kind, -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 4, arb_color_to_string (irr->side));
  bind_text_or_null (stmt, 5, irr->move_text);
  bind_text_or_null (stmt, 6, irr->fen_before);
  bind_int_or_null (stmt, 7, irr->restored_ply, -1);
  bind_text_or_null (stmt, 8, irr->note);
  sqlite3_bind_text (stmt, 9, now, -1, SQLITE_TRANSIENT);
  *id = insert_record (self, stmt, "irregularity", game_id, irr->kind, error);
  return *id != 0;
}

gint64
arb_tournament_add_irregularity (ArbTournament *self,
                                 gint64 game_id,
                                 const ArbIrregularityRecord *irr,
                                 GError **error)
{
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (irr != NULL, 0);

  if (!tx_begin (self, error))
    return 0;
  if (!check_game_exists (self, game_id, error) ||
      !insert_irregularity (self, game_id, irr, &id, error) || !tx_commit (self, error))
    {
      tx_rollback (self);
      return 0;
    }
  return id;
}

gboolean
_arb_tournament_add_irregularity (ArbTournament *self,
                                  gint64 game_id,
                                  const ArbIrregularityRecord *irr,
                                  GError **error)
{
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return insert_irregularity (self, game_id, irr, &id, error);
}

GPtrArray *
arb_tournament_list_irregularities (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) list =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_irregularity_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt =
    prepare (self,
             "SELECT id, ply, kind, side, move_text, fen_before, restored_ply, note, wall_time "
             "FROM irregularity WHERE game_id = ? ORDER BY id",
             error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ArbIrregularityInfo *info = g_new0 (ArbIrregularityInfo, 1);
      info->id = sqlite3_column_int64 (stmt, 0);
      info->ply = sqlite3_column_int (stmt, 1);
      info->kind = column_strdup (stmt, 2);
      info->side = ARB_COLOR_NONE;
      arb_color_from_string ((const char *) sqlite3_column_text (stmt, 3), &info->side);
      info->move_text = column_strdup (stmt, 4);
      info->fen_before = column_strdup (stmt, 5);
      info->restored_ply =
        sqlite3_column_type (stmt, 6) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 6);
      info->note = column_strdup (stmt, 7);
      info->wall_time = column_strdup (stmt, 8);
      g_ptr_array_add (list, info);
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the irregularities");
      return NULL;
    }
  return g_steal_pointer (&list);
}

gint64
arb_tournament_add_draw_offer (ArbTournament *self,
                               gint64 game_id,
                               int ply,
                               ArbColor side,
                               GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  if (!side_is_valid (side))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a draw offer needs the side that offers it (white or black)");
      return 0;
    }
  if (!tx_begin (self, error))
    return 0;
  if (!check_game_exists (self, game_id, error))
    goto fail;
  stmt = prepare (
    self, "INSERT INTO draw_offer (game_id, ply, side, wall_time) VALUES (?, ?, ?, ?)", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, ply);
  sqlite3_bind_text (stmt, 3, arb_color_to_string (side), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, now, -1, SQLITE_TRANSIENT);
  id = insert_record (self, stmt, "draw-offer", game_id, arb_color_to_string (side), error);
  if (id == 0 || !tx_commit (self, error))
    goto fail;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

gboolean
arb_tournament_set_draw_offer_response (ArbTournament *self,
                                        gint64 offer_id,
                                        const char *response,
                                        GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *id_text = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (g_strcmp0 (response, "accepted") != 0 && g_strcmp0 (response, "declined") != 0 &&
      g_strcmp0 (response, "withdrawn") != 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a draw offer is accepted, declined or withdrawn");
      return FALSE;
    }
  if (!tx_begin (self, error))
    return FALSE;
  stmt = prepare (self, "UPDATE draw_offer SET response = ? WHERE id = ? AND response = 'pending'",
                  error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, response, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, offer_id);
  if (!step_done (self, stmt, "cannot store the answer", error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "there is no pending draw offer %" G_GINT64_FORMAT, offer_id);
      goto fail;
    }
  id_text = int_to_text (offer_id);
  if (!audit (self, "draw-answer", 0, error, "offer", id_text, "response", response, NULL) ||
      !tx_commit (self, error))
    goto fail;
  return TRUE;

fail:
  tx_rollback (self);
  return FALSE;
}

static gboolean
insert_ruling (ArbTournament *self, gint64 game_id, const ArbRulingRecord *r, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();

  if (r->kind == NULL || r->decision == NULL || !arb_edition_from_year (r->edition, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a ruling needs a kind, a decision and an edition of the Laws");
      return FALSE;
    }
  /* json() rejects a payload that is not JSON, so what is stored can be
   * read back as the Laws engine's value. */
  stmt = prepare (self,
                  "INSERT INTO ruling (game_id, ply, kind, decision, articles, edition, "
                  "payload, note, wall_time) "
                  "VALUES (?, ?, ?, ?, coalesce (?, ''), ?, json (coalesce (?, '{}')), ?, ?)",
                  error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, r->ply);
  sqlite3_bind_text (stmt, 3, r->kind, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, r->decision, -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 5, r->articles);
  sqlite3_bind_int (stmt, 6, r->edition);
  bind_text_or_null (stmt, 7, r->payload);
  bind_text_or_null (stmt, 8, r->note);
  sqlite3_bind_text (stmt, 9, r->wall_time != NULL ? r->wall_time : now, -1, SQLITE_TRANSIENT);
  return insert_record (self, stmt, "ruling", game_id, r->kind, error) != 0;
}

gint64
arb_tournament_add_ruling_record (ArbTournament *self,
                                  gint64 game_id,
                                  const ArbRulingRecord *r,
                                  GError **error)
{
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (r != NULL, 0);

  if (!tx_begin (self, error))
    return 0;
  if (!check_game_exists (self, game_id, error) || !insert_ruling (self, game_id, r, error))
    goto fail;
  id = sqlite3_last_insert_rowid (self->db);
  /* the audit line was the last insert; the ruling is the one before */
  {
    g_autoptr (ArbStmt) stmt =
      prepare (self, "SELECT max (id) FROM ruling WHERE game_id = ?", error);
    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, game_id);
    if (sqlite3_step (stmt) != SQLITE_ROW)
      goto fail;
    id = sqlite3_column_int64 (stmt, 0);
  }
  if (!tx_commit (self, error))
    goto fail;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

GPtrArray *
arb_tournament_list_rulings (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) rulings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_ruling_record_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self,
                  "SELECT id, ply, kind, decision, articles, edition, payload, note, wall_time "
                  "FROM ruling WHERE game_id = ? ORDER BY id",
                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ArbRulingRecord *r = g_new0 (ArbRulingRecord, 1);
      r->id = sqlite3_column_int64 (stmt, 0);
      r->ply = sqlite3_column_int (stmt, 1);
      r->kind = column_strdup (stmt, 2);
      r->decision = column_strdup (stmt, 3);
      r->articles = column_strdup (stmt, 4);
      r->edition = sqlite3_column_int (stmt, 5);
      r->payload = column_strdup (stmt, 6);
      r->note = column_strdup (stmt, 7);
      r->wall_time = column_strdup (stmt, 8);
      g_ptr_array_add (rulings, r);
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the rulings");
      return NULL;
    }
  return g_steal_pointer (&rulings);
}

gint64
arb_tournament_add_sealed_move (ArbTournament *self,
                                gint64 game_id,
                                const ArbSealedMoveRecord *env,
                                GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (env != NULL, 0);

  if (!side_is_valid (env->side) || env->move_text == NULL || env->fen_before == NULL ||
      env->move_number < 1 || env->white_used_ms < 0 || env->black_used_ms < 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "an envelope needs the side that seals, the move, its number, "
                   "the position and the time each player has used");
      return 0;
    }
  if (!tx_begin (self, error))
    return 0;
  if (!check_game_exists (self, game_id, error))
    goto fail;
  stmt = prepare (self,
                  "INSERT INTO sealed_move (game_id, ply, side, move_number, move_text, "
                  "fen_before, white_used_ms, black_used_ms, draw_offered, resume_at, "
                  "resume_place, sealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, env->ply);
  sqlite3_bind_text (stmt, 3, arb_color_to_string (env->side), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 4, env->move_number);
  sqlite3_bind_text (stmt, 5, env->move_text, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 6, env->fen_before, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 7, env->white_used_ms);
  sqlite3_bind_int64 (stmt, 8, env->black_used_ms);
  sqlite3_bind_int (stmt, 9, env->draw_offered ? 1 : 0);
  bind_text_or_null (stmt, 10, env->resume_at);
  bind_text_or_null (stmt, 11, env->resume_place);
  sqlite3_bind_text (stmt, 12, now, -1, SQLITE_TRANSIENT);
  /* The audit line says an envelope was sealed, never what is in it. */
  id = insert_record (self, stmt, "seal-move", game_id, arb_color_to_string (env->side), error);
  if (id == 0 || !tx_commit (self, error))
    goto fail;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

char *
arb_tournament_open_envelope (ArbTournament *self, gint64 envelope_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (ArbStmt) select = NULL;
  g_autofree char *now = now_iso8601 ();
  g_autofree char *move_text = NULL;
  gint64 game_id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!tx_begin (self, error))
    return NULL;
  select = prepare (
    self, "SELECT move_text, game_id FROM sealed_move WHERE id = ? AND opened_at IS NULL", error);
  if (select == NULL)
    goto fail;
  sqlite3_bind_int64 (select, 1, envelope_id);
  if (sqlite3_step (select) != SQLITE_ROW)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "there is no sealed envelope %" G_GINT64_FORMAT, envelope_id);
      goto fail;
    }
  move_text = column_strdup (select, 0);
  game_id = sqlite3_column_int64 (select, 1);
  stmt = prepare (self, "UPDATE sealed_move SET opened_at = ? WHERE id = ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, now, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, envelope_id);
  if (!step_done (self, stmt, "cannot open the envelope", error) ||
      !audit (self, "open-envelope", game_id, error, "move", move_text, NULL) ||
      !tx_commit (self, error))
    goto fail;
  return g_steal_pointer (&move_text);

fail:
  tx_rollback (self);
  return NULL;
}

gint64
arb_tournament_count_audit (ArbTournament *self, GError **error)
{
  gint64 n = -1;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), -1);
  if (!query_int (self, "SELECT count (*) FROM audit", &n, error))
    return -1;
  return n;
}

void
arb_event_info_free (ArbEventInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->venue);
  g_free (info->start_date);
  g_free (info->end_date);
  g_free (info->chief_arbiter);
  g_free (info->time_control);
  g_free (info->settings);
  g_free (info);
}

void
arb_player_info_free (ArbPlayerInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->title);
  g_free (info->sex);
  g_free (info->federation);
  g_free (info->birth_date);
  g_free (info);
}

void
arb_game_info_free (ArbGameInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->bye_code);
  g_free (info->start_fen);
  g_free (info->termination);
  g_free (info->tags);
  g_free (info);
}

void
arb_ruling_record_free (ArbRulingRecord *ruling)
{
  if (ruling == NULL)
    return;
  g_free (ruling->kind);
  g_free (ruling->decision);
  g_free (ruling->articles);
  g_free (ruling->payload);
  g_free (ruling->note);
  g_free (ruling->wall_time);
  g_free (ruling);
}

/* The pieces import code composes (arb-tournament-private.h) */

gboolean
_arb_tournament_begin (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return tx_begin (self, error);
}

gboolean
_arb_tournament_commit (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return tx_commit (self, error);
}

void
_arb_tournament_rollback (ArbTournament *self)
{
  g_return_if_fail (ARB_IS_TOURNAMENT (self));
  tx_rollback (self);
}

gboolean
_arb_tournament_add_player (ArbTournament *self,
                            const ArbPlayerInfo *player,
                            gint64 *id,
                            GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  if (player->name == NULL || player->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a player needs a name");
      return FALSE;
    }
  return insert_player (self, player, id, error);
}

gboolean
_arb_tournament_add_game (ArbTournament *self, const ArbGameInfo *game, gint64 *id, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return insert_game (self, game, id, error);
}

gboolean
_arb_tournament_add_move (ArbTournament *self,
                          gint64 game_id,
                          int ply,
                          const char *san,
                          const char *uci,
                          gint64 white_ms,
                          gint64 black_ms,
                          GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return insert_move (self, game_id, ply, san, uci, white_ms, black_ms, error);
}

gboolean
_arb_tournament_add_ruling_record (ArbTournament *self,
                                   gint64 game_id,
                                   const ArbRulingRecord *ruling,
                                   GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return insert_ruling (self, game_id, ruling, error);
}

gboolean
_arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return validate_event (event, error) && write_event (self, event, FALSE, error);
}

gboolean
_arb_tournament_set_event_record (ArbTournament *self,
                                  const char *code,
                                  const char *value,
                                  GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  stmt = prepare (self, "INSERT OR REPLACE INTO event_record (code, value) VALUES (?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, code, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, value, -1, SQLITE_TRANSIENT);
  return step_done (self, stmt, "cannot store the event", error);
}

GHashTable *
_arb_tournament_get_event_records (ArbTournament *self, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GHashTable) records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  stmt = prepare (self, "SELECT code, value FROM event_record", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (records, column_strdup (stmt, 0), column_strdup (stmt, 1));
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the event");
      return NULL;
    }
  return g_steal_pointer (&records);
}

gboolean
_arb_tournament_set_round_date (ArbTournament *self, int round, const char *date, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  if (!ensure_round (self, round, error))
    return FALSE;
  stmt = prepare (self, "UPDATE round SET date = ? WHERE number = ?", error);
  if (stmt == NULL)
    return FALSE;
  bind_text_or_null (stmt, 1, date);
  sqlite3_bind_int (stmt, 2, round);
  return step_done (self, stmt, "cannot store the round", error);
}

GPtrArray *
_arb_tournament_get_round_dates (ArbTournament *self, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) dates = g_ptr_array_new_with_free_func (g_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  stmt = prepare (self, "SELECT number, date FROM round ORDER BY number", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int number = sqlite3_column_int (stmt, 0);
      while ((int) dates->len < number - 1)
        g_ptr_array_add (dates, NULL);
      g_ptr_array_add (dates, column_strdup (stmt, 1));
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the rounds");
      return NULL;
    }
  return g_steal_pointer (&dates);
}

gboolean
_arb_tournament_audit (ArbTournament *self, const char *action, gint64 game_id, GError **error, ...)
{
  g_autoptr (GString) sql = g_string_new ("INSERT INTO audit (wall_time, action, game_id, detail) "
                                          "VALUES (?, ?, ?, json_object (");
  g_autoptr (GPtrArray) values = g_ptr_array_new ();
  g_autofree char *now = now_iso8601 ();
  g_autoptr (ArbStmt) stmt = NULL;
  const char *key;
  va_list ap;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (self->changed_game == 0)
    self->changed_game = game_id != 0 ? game_id : -1;
  else if (self->changed_game != game_id)
    self->changed_game = -1;

  va_start (ap, error);
  while ((key = va_arg (ap, const char *)) != NULL)
    {
      g_ptr_array_add (values, (gpointer) key);
      g_ptr_array_add (values, va_arg (ap, char *));
      g_string_append (sql, values->len > 2 ? ", ?, ?" : "?, ?");
    }
  va_end (ap);
  g_string_append (sql, "))");

  stmt = prepare (self, sql->str, error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, now, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, action, -1, SQLITE_TRANSIENT);
  bind_int_or_null (stmt, 3, game_id, 0);
  for (guint i = 0; i < values->len; i++)
    bind_text_or_null (stmt, 4 + i, values->pdata[i]);
  return step_done (self, stmt, "cannot write the audit log", error);
}

gint64
arb_tournament_count_rows (ArbTournament *self, const char *table, GError **error)
{
  static const char *const tables[] = {
    "event",      "event_record", "player",      "round",          "team_match",
    "game",       "move",         "clock_event", "clock_snapshot", "irregularity",
    "draw_offer", "ruling",       "sealed_move", "audit",
  };
  g_autofree char *sql = NULL;
  gint64 n = -1;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), -1);

  /* The table name is spliced into the SQL, so only our own names pass. */
  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    if (g_strcmp0 (table, tables[i]) == 0)
      {
        sql = g_strdup_printf ("SELECT count (*) FROM %s", tables[i]);
        break;
      }
  g_return_val_if_fail (sql != NULL, -1);
  if (!query_int (self, sql, &n, error))
    return -1;
  return n;
}

gboolean
_arb_tournament_set_result (ArbTournament *self,
                            gint64 game_id,
                            ArbResult result,
                            const char *termination,
                            GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return update_result (self, game_id, result, termination, error);
}

gboolean
_arb_tournament_set_game_tags (ArbTournament *self,
                               gint64 game_id,
                               const char *tags_json,
                               GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  stmt = prepare (self, "UPDATE game SET tags = json (?) WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, tags_json, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, game_id);
  return step_done (self, stmt, "cannot store the tags", error);
}

GPtrArray *
_arb_tournament_get_game_tags (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  /* SQLite reads the JSON; json_each keeps the order of the object. */
  stmt = prepare (self,
                  "SELECT j.key, j.value FROM game g, json_each (g.tags) j "
                  "WHERE g.id = ? ORDER BY j.id",
                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (tags, column_strdup (stmt, 0));
      g_ptr_array_add (tags, g_strdup (sqlite3_column_text (stmt, 1) != NULL
                                         ? (const char *) sqlite3_column_text (stmt, 1)
                                         : ""));
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, error, rc, "cannot read the tags");
      return NULL;
    }
  return g_steal_pointer (&tags);
}

gboolean
_arb_tournament_set_clock_snapshot (ArbTournament *self,
                                    gint64 game_id,
                                    int ply,
                                    const char *state,
                                    GError **error)
{
  g_return_val_if_fail (state != NULL, FALSE);

  return _arb_tournament_set_clock_snapshots (self, 1, &game_id, &ply, &state, error);
}

gboolean
_arb_tournament_set_clock_snapshots (ArbTournament *self,
                                     guint n,
                                     const gint64 *game_ids,
                                     const int *plies,
                                     const char *const *states,
                                     GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  g_autofree char *now = now_iso8601 ();

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (n == 0 || (game_ids != NULL && plies != NULL && states != NULL), FALSE);

  if (n == 0)
    return TRUE;
  for (guint i = 0; i < n; i++)
    g_return_val_if_fail (states[i] != NULL, FALSE);

  /* A checkpoint, not a user action: it replaces the last one and writes
   * no audit line (the clock's events have theirs). All the running clocks
   * of a round go in one transaction, so a round of 64 boards costs one
   * durable commit a second, not 64. */
  if (!tx_begin (self, error))
    return FALSE;
  stmt = prepare (self,
                  "INSERT OR REPLACE INTO clock_snapshot (game_id, ply, state, wall_time) "
                  "VALUES (?, ?, ?, ?)",
                  error);
  if (stmt == NULL)
    goto fail;
  for (guint i = 0; i < n; i++)
    {
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, game_ids[i]);
      sqlite3_bind_int (stmt, 2, plies[i]);
      sqlite3_bind_text (stmt, 3, states[i], -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 4, now, -1, SQLITE_TRANSIENT);
      if (!step_done (self, stmt, "cannot store the clock", error))
        goto fail;
    }
  if (!tx_commit (self, error))
    goto fail;
  return TRUE;

fail:
  tx_rollback (self);
  return FALSE;
}

char *
arb_tournament_get_clock_checkpoint (ArbTournament *self, gint64 game_id, int *ply, GError **error)
{
  g_autoptr (ArbStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = prepare (self, "SELECT state, ply FROM clock_snapshot WHERE game_id = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      if (ply != NULL)
        *ply = sqlite3_column_int (stmt, 1);
      return column_strdup (stmt, 0);
    }
  if (rc != SQLITE_DONE)
    set_sqlite_error (self, error, rc, "cannot read the clock");
  return NULL;
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

sqlite3_stmt *
_arb_tournament_prepare (ArbTournament *self, const char *sql, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return prepare (self, sql, error);
}

void
_arb_tournament_set_sqlite_error (ArbTournament *self, GError **error, int rc, const char *what)
{
  set_sqlite_error (self, error, rc, what);
}

gboolean
_arb_tournament_query_int (ArbTournament *self, const char *sql, gint64 *out, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return query_int (self, sql, out, error);
}

gboolean
_arb_tournament_set_start_position (ArbTournament *self,
                                    const char *start_fen,
                                    ArbPosition *pos,
                                    GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return set_start_position (self, start_fen, pos, error);
}
