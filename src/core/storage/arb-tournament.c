/* arb-tournament.c: a tournament file, durable SQLite storage; its lifecycle
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The type, creating, opening, migrating and backing up the file, and its
 * transactions. The tables are read and written in the files listed in
 * arb-tournament-private.h.
 */

#include "config.h"

#include "arb-tournament.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "arb-edition.h"
#include "arb-i18n.h"
#include "arb-schema.h"
#include "arb-time-control.h"
#include "arb-tournament-private.h"

/* How long a writer waits for another one (the GUI and arbiter-cli may
 * have the same file open) before giving up with ARB_TOURNAMENT_ERROR_BUSY. */
#define BUSY_TIMEOUT_MS 5000

enum
{
  CHANGED,
  COMMITTED,
  ROLE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ArbTournament, arb_tournament, G_TYPE_OBJECT)

/* clang-format off */
G_DEFINE_QUARK (arb-tournament-error-quark, arb_tournament_error)
/* clang-format on */

static gboolean
exec (ArbTournament *self, const char *sql, const char *what, GError **error)
{
  return _arb_tournament_run (self, what, sql, error, NULL);
}

/* Transactions */

/* Every user action is one IMMEDIATE transaction: the write lock is taken
 * at the start, so two programs on the same file never interleave. */
gboolean
_arb_tournament_begin (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (self->in_batch)
    {
      if (!self->batch_failed)
        return TRUE;
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%s: an earlier change of this batch failed"), self->path);
      return FALSE;
    }
  if (self->read_only)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                   _ ("%s: opened read-only"), self->path);
      return FALSE;
    }
  if (!_arb_replica_check_writable (self, error))
    return FALSE;
  if (!exec (self, "BEGIN IMMEDIATE", "cannot start a change", error))
    return FALSE;
  /* Every write transaction is recorded as one changeset for the
   * deputies' replicas. */
  if (!_arb_replica_begin (self, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

static gboolean
commit_now (ArbTournament *self, GError **error)
{
  /* The changeset goes into the log in the same transaction as the
   * change: both are durable or neither is. */
  if (!_arb_replica_before_commit (self, error) ||
      !exec (self, "COMMIT", "cannot store the change", error))
    {
      _arb_replica_end (self);
      /* A failed COMMIT may leave the transaction open. */
      if (!sqlite3_get_autocommit (self->db))
        sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      self->changed_game = 0;
      _arb_tournament_forget_live_game (self, 0);
      return FALSE;
    }
  _arb_replica_after_commit (self);
  /* What is known of the games changed here is read again next time. */
  if (self->changed_game != 0)
    _arb_tournament_forget_live_game (self, MAX (self->changed_game, 0));
  /* Views hear of a change only once it is durable. */
  if (self->changed_game != 0)
    {
      gint64 game = self->changed_game;

      self->changed_game = 0;
      g_signal_emit (self, signals[CHANGED], 0, MAX (game, 0));
    }
  return TRUE;
}

gboolean
_arb_tournament_commit (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  /* Inside a batch the batch commits. */
  if (self->in_batch)
    return TRUE;
  return commit_now (self, error);
}

void
_arb_tournament_rollback (ArbTournament *self)
{
  g_return_if_fail (ARB_IS_TOURNAMENT (self));

  if (self->in_batch)
    {
      /* What the failed call wrote is still in the batch's transaction:
       * all of the batch is rolled back when it ends. */
      self->batch_failed = TRUE;
      return;
    }
  self->changed_game = 0;
  _arb_tournament_forget_live_game (self, 0);
  _arb_replica_end (self);
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

gboolean
arb_tournament_begin_batch (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (!self->in_batch, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  self->in_batch = TRUE;
  self->batch_failed = FALSE;
  return TRUE;
}

gboolean
arb_tournament_commit_batch (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (self->in_batch, FALSE);

  self->in_batch = FALSE;
  if (self->batch_failed)
    {
      _arb_tournament_rollback (self);
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%s: a change of the batch failed; nothing of it was stored"), self->path);
      return FALSE;
    }
  return commit_now (self, error);
}

void
arb_tournament_rollback_batch (ArbTournament *self)
{
  g_return_if_fail (ARB_IS_TOURNAMENT (self));
  g_return_if_fail (self->in_batch);

  self->in_batch = FALSE;
  _arb_tournament_rollback (self);
}

/* The type */

static char *
int_to_text (gint64 value)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

static void
close_db (ArbTournament *self)
{
  _arb_replica_clear (self);
  g_clear_pointer (&self->live_games, g_hash_table_unref);
  _arb_tournament_clear_statements (self);
  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  self->db = NULL;
}

static void
arb_tournament_finalize (GObject *object)
{
  ArbTournament *self = ARB_TOURNAMENT (object);

  close_db (self);
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
  /**
   * ArbTournament::committed:
   * @seq: the sequence number of the changeset committed
   *
   * Emitted after a write transaction's changeset was committed to the
   * file and its replication log (arb-tournament-replica.h).
   */
  signals[COMMITTED] = g_signal_new ("committed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /**
   * ArbTournament::role-changed:
   *
   * Emitted when the file became a reader (another desk took over) or a
   * writing desk (this one took over).
   */
  signals[ROLE_CHANGED] = g_signal_new ("role-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

void
_arb_tournament_emit_committed (ArbTournament *self, gint64 seq)
{
  g_signal_emit (self, signals[COMMITTED], 0, seq);
}

void
_arb_tournament_emit_role_changed (ArbTournament *self)
{
  g_signal_emit (self, signals[ROLE_CHANGED], 0);
}

static void
arb_tournament_init (ArbTournament *self)
{
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
      g_auto (ArbQuery) query = { 0 };
      const char *mode;

      if (!_arb_query_init (&query, self, "cannot switch to WAL", "PRAGMA journal_mode = WAL",
                            error, NULL))
        return FALSE;
      if (_arb_query_step (&query, error) <= 0)
        {
          if (error != NULL && *error == NULL)
            _arb_tournament_set_sqlite_error (self, error, SQLITE_ERROR, "cannot switch to WAL");
          return FALSE;
        }
      mode = _arb_query_text (&query, 0);
      if (mode == NULL || g_ascii_strcasecmp (mode, "wal") != 0)
        {
          g_set_error (
            error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
            /* Translators: the first %s is the tournament file's path, the second SQLite's
                        * name of a journal mode */
            _ ("%s: cannot switch to write-ahead logging (journal mode is %s)"), self->path,
            mode != NULL ? mode : "unknown");
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
                   /* Translators: the first %s is a file's path, the second the system's (or
                    * SQLite's) message */
                   _ ("cannot write the backup %s: %s"), dest_path, g_strerror (saved));
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
    /* Translators: the first %s is a file's path, the second the system's (or
     * SQLite's) message */
    g_set_error (error, ARB_TOURNAMENT_ERROR, code, _ ("cannot write the backup %s: %s"), dest_path,
                 msg);
    return FALSE;
  }
}

/* Opening reads only what every open reads anyway: the schema, and the
 * small tables of the event and its rounds, which a quick check covers in
 * a few pages. The whole file is checked on demand (arb_tournament_check(),
 * arbiter-cli check), not on every open: with write-ahead logging and
 * synchronous=FULL a crash leaves committed transactions whole and the rest
 * undone (SQLite recovers the log on the next open), so the pages of a
 * large file only go bad by a fault of the disk, which the full check
 * finds, and a page read later reports as damage. */
static gboolean
check_at_open (ArbTournament *self, GError **error)
{
  static const char *const tables[] = {
    "PRAGMA quick_check (event)",
    "PRAGMA quick_check (event_record)",
    "PRAGMA quick_check (round)",
    "PRAGMA quick_check (team_match)",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_auto (ArbQuery) query = { 0 };
      const char *verdict;

      if (!_arb_query_init (&query, self, "cannot verify", tables[i], error, NULL))
        return FALSE;
      if (_arb_query_step (&query, error) <= 0)
        {
          if (error != NULL && *error == NULL)
            _arb_tournament_set_sqlite_error (self, error, SQLITE_CORRUPT, "cannot verify");
          return FALSE;
        }
      verdict = _arb_query_text (&query, 0);
      if (verdict == NULL || strcmp (verdict, "ok") != 0)
        {
          g_autofree char *what = g_strdup (verdict != NULL ? verdict : "unknown damage");

          /* SQLite's report spans lines; one line reads better. */
          g_strdelimit (what, "\n", ' ');
          g_set_error (
            error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
            /* Translators: the first %s is the tournament file's path, the second SQLite's
                        * account of the damage */
            _ ("%s is damaged (%s); restore it from a backup"), self->path, what);
          return FALSE;
        }
    }
  return TRUE;
}

/* Refuses a file whose schema is newer than this program's. */
static void
set_newer_error (GError **error, const char *path, guint32 user_version)
{
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NEWER,
               _ ("%s was written by a newer version of Arbiter (schema version %u; "
                  "this version reads up to %d); it was not changed"),
               path, user_version, ARB_SCHEMA_VERSION);
}

/* Looks at the header before SQLite opens the file, so a foreign, newer
 * or truncated file is refused without a byte of it being touched. */
static gboolean
check_header (const char *path, ArbSchemaHeader *header, GError **error)
{
  if (!arb_schema_read_header (path, header, error))
    return FALSE;

  switch (header->kind)
    {
    case ARB_SCHEMA_FILE_EMPTY:
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EMPTY,
                   _ ("%s is empty (0 bytes): not an Arbiter tournament file"), path);
      return FALSE;
    case ARB_SCHEMA_FILE_NOT_SQLITE:
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                   _ ("%s is not an Arbiter tournament file (it is not an SQLite database, "
                      "or its first page is damaged)"),
                   path);
      return FALSE;
    case ARB_SCHEMA_FILE_FOREIGN:
      if (header->application_id == 0)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                     _ ("%s is a plain SQLite database, not an Arbiter tournament file"), path);
      else
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                     _ ("%s is an SQLite database of another program (application id 0x%08x), "
                        "not an Arbiter tournament file"),
                     path, header->application_id);
      return FALSE;
    case ARB_SCHEMA_FILE_ARBITER:
    default:
      break;
    }

  if (header->user_version > ARB_SCHEMA_VERSION)
    {
      set_newer_error (error, path, header->user_version);
      return FALSE;
    }

  /* A file shorter than its header says has lost pages at the end. */
  if (header->page_count_valid && header->page_size > 0 &&
      (goffset) header->page_size * header->page_count > header->file_size)
    {
      g_set_error (
        error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
        _ ("%s is truncated: %lld bytes where %lld were written; restore it from a backup"), path,
        (long long) header->file_size, (long long) header->page_size * header->page_count);
      return FALSE;
    }

  return TRUE;
}

/* Upgrades a file of an older schema @version in place, after a backup
 * of it beside it; a read-only or never completed file is refused. */
static gboolean
upgrade (ArbTournament *self, const char *path, gint64 version, GError **error)
{
  g_autofree char *suffix = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  if (self->read_only || version < 1)
    {
      if (version < 1)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                     _ ("%s was never completely created (schema version 0)"), path);
      else
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                     _ ("%s has schema version %d and must be upgraded to version %d; "
                        "open it for writing once to upgrade it"),
                     path, (int) version, ARB_SCHEMA_VERSION);
      return FALSE;
    }

  suffix = g_strdup_printf (".v%d.backup", (int) version);
  self->migration_backup = unique_sibling (path, suffix);
  if (!backup_to (self, self->migration_backup, error))
    {
      g_prefix_error (error, _ ("%s was not upgraded: "), path);
      return FALSE;
    }
  if (!_arb_schema_migrate (self->db, (int) version, error))
    return FALSE;
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  from = int_to_text (version);
  to = int_to_text (ARB_SCHEMA_VERSION);
  if (!_arb_tournament_audit (self, "migrate", 0, error, "from", from, "to", to, "backup",
                              self->migration_backup, NULL) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
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

  if (!check_header (path, &header, error))
    return NULL;

  self = g_object_new (ARB_TYPE_TOURNAMENT, NULL);
  self->path = g_strdup (path);
  self->read_only = (flags & ARB_TOURNAMENT_OPEN_READ_ONLY) != 0;

  open_flags = self->read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
  rc = sqlite3_open_v2 (path, &self->db, open_flags, NULL);
  if (rc != SQLITE_OK)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot open");
      return NULL;
    }
  if (!self->read_only && sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                   _ ("%s is read-only: play cannot be recorded in it "
                      "(check the file's permissions, or copy it)"),
                   path);
      return NULL;
    }
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (self->db, 1);

  /* Reading a WAL file needs its -shm, which cannot be made in a folder
   * we may not write (an archived tournament). With no WAL content
   * pending, the file alone is the whole database: read it as immutable. */
  if (self->read_only && !header.wal_pending &&
      !_arb_tournament_query_int (self, "PRAGMA application_id", &app_id, NULL))
    {
      g_autofree char *absolute = g_canonicalize_filename (path, NULL);
      g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
      g_autofree char *immutable = uri != NULL ? g_strconcat (uri, "?immutable=1", NULL) : NULL;

      close_db (self);
      rc = immutable != NULL
             ? sqlite3_open_v2 (immutable, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL)
             : SQLITE_CANTOPEN;
      if (rc != SQLITE_OK)
        {
          _arb_tournament_set_sqlite_error (self, error, rc, "cannot open");
          return NULL;
        }
      sqlite3_extended_result_codes (self->db, 1);
    }

  /* The pragmas again through SQLite: a WAL may hold newer values than
   * the header of the main file. */
  if (!_arb_tournament_query_int (self, "PRAGMA application_id", &app_id, error) ||
      !_arb_tournament_query_int (self, "PRAGMA user_version", &version, error))
    return NULL;
  if ((guint32) app_id != ARB_SCHEMA_APPLICATION_ID)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                   _ ("%s is not an Arbiter tournament file"), path);
      return NULL;
    }
  if (version > ARB_SCHEMA_VERSION)
    {
      set_newer_error (error, path, (guint32) version);
      return NULL;
    }
  self->opened_version = (int) version;

  if (!check_at_open (self, error))
    return NULL;

  if (version < ARB_SCHEMA_VERSION && !upgrade (self, path, version, error))
    return NULL;

  if (!configure_connection (self, error))
    return NULL;

  if (!_arb_replica_load (self, error))
    return NULL;

  return g_steal_pointer (&self);
}

ArbTournament *
arb_tournament_create (const char *path, const ArbEventInfo *event, GError **error)
{
  g_autoptr (ArbTournament) self = NULL;
  g_autofree char *tmp = NULL;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (event != NULL, NULL);

  if (!_arb_tournament_validate_event (event, error))
    return NULL;
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS,
                   /* Translators: %s is the tournament file's path */
                   _ ("%s already exists; it was not changed"), path);
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
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot create");
      goto fail;
    }
  sqlite3_extended_result_codes (self->db, 1);
  if (!exec (self, "PRAGMA synchronous = FULL", "cannot create", error))
    goto fail;
  if (!_arb_schema_migrate (self->db, 0, error))
    {
      /* Translators: %s is a file's path; the reason follows the colon */
      g_prefix_error (error, _ ("cannot create %s: "), path);
      goto fail;
    }
  if (!_arb_tournament_begin (self, error))
    goto fail;
  if (!_arb_tournament_add_event (self, event, error) || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      goto fail;
    }
  /* WAL is a property of the file; set it now so every later opener, the
   * GUI included, finds it on. */
  if (!configure_connection (self, error))
    goto fail;
  _arb_tournament_clear_statements (self);
  rc = sqlite3_close (self->db);
  self->db = NULL;
  if (rc != SQLITE_OK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
                   /* Translators: the first %s is the tournament file's path, the second SQLite's
                    * message */
                   _ ("%s: cannot finish writing: %s"), path, sqlite3_errstr (rc));
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
                   /* Translators: the first %s is a file's path, the second the system's (or
                    * SQLite's) message */
                   _ ("cannot create %s: %s"), path, g_strerror (saved));
      goto fail;
    }
  g_unlink (tmp);

created:
  fsync_parent_dir (path);

  g_clear_object (&self);
  return arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, error);

fail:
  close_db (self);
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

gboolean
arb_tournament_backup (ArbTournament *self, const char *dest_path, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (dest_path != NULL, FALSE);

  if (g_strcmp0 (dest_path, self->path) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a backup cannot replace the tournament file itself"));
      return FALSE;
    }
  return backup_to (self, dest_path, error);
}

char *
arb_tournament_finish_round (ArbTournament *self, int round, GError **error)
{
  g_autofree char *suffix = NULL;
  g_autofree char *round_text = NULL;
  char *dest;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  g_return_val_if_fail (round >= 1, NULL);

  if (!_arb_tournament_begin (self, error))
    return NULL;
  round_text = int_to_text (round);
  if (!_arb_tournament_run (self, "cannot finish the round",
                            "UPDATE round SET state = 'finished' WHERE number = ?", error, "i",
                            round))
    goto fail;
  if (_arb_tournament_changes (self) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: %s is the tournament file's path */
                   _ ("%s has no round %d"), self->path, round);
      goto fail;
    }
  if (!_arb_tournament_audit (self, "finish-round", 0, error, "round", round_text, NULL) ||
      !_arb_tournament_commit (self, error))
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
  _arb_tournament_rollback (self);
  return NULL;
}

/* Players */
