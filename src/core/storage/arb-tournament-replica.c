/* arb-tournament-replica.c: changesets of the desk, applied to replicas
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See arb-tournament-replica.h. The session extension records the rows a
 * transaction changed, with their keys and old values, on every table of
 * the file but the log itself and replica_state; applying the changeset
 * elsewhere checks each old value, so a replica that differs in any row a
 * change touches stops instead of drifting.
 */

#include "config.h"

#include "arb-tournament-replica.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-tournament-private.h"

ArbChangeset *
arb_changeset_new (gint64 seq, gint64 epoch, GBytes *changeset)
{
  ArbChangeset *c = g_new0 (ArbChangeset, 1);

  c->seq = seq;
  c->epoch = epoch;
  c->changeset = g_bytes_ref (changeset);
  return c;
}

void
arb_changeset_free (ArbChangeset *changeset)
{
  if (changeset == NULL)
    return;
  g_bytes_unref (changeset->changeset);
  g_free (changeset);
}

gboolean
arb_tournament_replication_available (GError **error)
{
  if (sqlite3_compileoption_used ("ENABLE_SESSION") &&
      sqlite3_compileoption_used ("ENABLE_PREUPDATE_HOOK"))
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
               /* Translators: SQLITE_ENABLE_SESSION and SQLITE_ENABLE_PREUPDATE_HOOK are
                * SQLite's build options, not to be translated */
               _ ("this SQLite (%s) was built without SQLITE_ENABLE_SESSION and "
                  "SQLITE_ENABLE_PREUPDATE_HOOK: the record cannot be replicated"),
               sqlite3_libversion ());
  return FALSE;
}

static const char *const role_names[] = { "desk", "replica", "reader" };

static int
role_from_text (const char *text)
{
  for (guint i = 0; i < G_N_ELEMENTS (role_names); i++)
    if (g_strcmp0 (text, role_names[i]) == 0)
      return (int) i;
  return ARB_DESK_ROLE_READER;
}

gboolean
_arb_replica_load (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };

  if (!_arb_query_init (&query, self, "cannot read the replication state",
                        "SELECT epoch, role, reason, arbiter, "
                        "MAX (applied_seq, COALESCE ((SELECT MAX (seq) FROM replication_log), 0)) "
                        "FROM replica_state WHERE id = 1",
                        error, NULL))
    return FALSE;
  if (_arb_query_step (&query, error) != 1)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                     _ ("%s: the replication state is missing"), self->path);
      return FALSE;
    }
  self->epoch = _arb_query_int (&query, 0);
  self->role = role_from_text (_arb_query_text (&query, 1));
  g_free (self->role_reason);
  self->role_reason = _arb_query_dup_text (&query, 2);
  self->head_seq = _arb_query_int (&query, 4);
  return TRUE;
}

void
_arb_replica_clear (ArbTournament *self)
{
  _arb_replica_end (self);
  g_queue_clear_full (&self->recent, (GDestroyNotify) arb_changeset_free);
  g_clear_pointer (&self->role_reason, g_free);
}

gboolean
_arb_replica_check_writable (ArbTournament *self, GError **error)
{
  if (self->applying || self->role == ARB_DESK_ROLE_DESK)
    return TRUE;
  if (self->role == ARB_DESK_ROLE_REPLICA)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                 _ ("%s is a deputy's replica: changes come from the desk it follows "
                    "(take over to write here)"),
                 self->path);
  else
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                 /* Translators: the first %s is the file's path, the second why (another
                  * desk took over, with its epoch) */
                 _ ("%s is now a reader: %s"), self->path,
                 self->role_reason != NULL ? self->role_reason : "");
  return FALSE;
}

static int
filter_table (void *data, const char *table)
{
  return strcmp (table, "replication_log") != 0 && strcmp (table, "replica_state") != 0;
}

gboolean
_arb_replica_begin (ArbTournament *self, GError **error)
{
  int rc;

  /* Not while the file is made (its first rows come with the snapshot)
   * nor while a changeset from the desk is applied. */
  if (self->epoch < 1 || self->applying)
    return TRUE;
  _arb_replica_end (self);
  rc = sqlite3session_create (self->db, "main", &self->session);
  if (rc == SQLITE_OK)
    {
      sqlite3session_table_filter (self->session, filter_table, NULL);
      rc = sqlite3session_attach (self->session, NULL);
    }
  if (rc != SQLITE_OK)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot record the change");
      _arb_replica_end (self);
      return FALSE;
    }
  return TRUE;
}

void
_arb_replica_end (ArbTournament *self)
{
  if (self->session != NULL)
    sqlite3session_delete (self->session);
  self->session = NULL;
}

/* The changeset of the transaction, appended to the log in it. Kept in
 * self->recent only after the commit. */
gboolean
_arb_replica_before_commit (ArbTournament *self, GError **error)
{
  g_autofree char *now = NULL;
  void *data = NULL;
  int size = 0;
  int rc;
  gboolean ok;

  if (self->session == NULL)
    return TRUE;
  rc = sqlite3session_changeset (self->session, &size, &data);
  if (rc != SQLITE_OK)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot record the change");
      return FALSE;
    }
  if (size == 0)
    {
      sqlite3_free (data);
      _arb_replica_end (self);
      return TRUE;
    }
  now = _arb_tournament_now ();
  /* The next number as the file has it (another connection, arbiter-cli
   * beside the window, may have written since): the transaction holds the
   * write lock. */
  ok = _arb_tournament_run (self, "cannot record the change",
                            "INSERT INTO replication_log (seq, epoch, changeset, committed_at) "
                            "SELECT MAX (COALESCE (MAX (seq), 0), (SELECT applied_seq FROM "
                            "replica_state WHERE id = 1)) + 1, ?, ?, ? FROM replication_log",
                            error, "lbt", self->epoch, data, size, now);
  if (ok)
    {
      g_autoptr (GBytes) bytes = g_bytes_new (data, (gsize) size);

      g_queue_push_tail (&self->recent,
                         arb_changeset_new (_arb_tournament_last_id (self), self->epoch, bytes));
    }
  sqlite3_free (data);
  _arb_replica_end (self);
  return ok;
}

void
_arb_replica_after_commit (ArbTournament *self)
{
  ArbChangeset *last = g_queue_peek_tail (&self->recent);

  if (last == NULL || last->seq <= self->head_seq)
    return;
  /* Changesets of other connections are only in the table: memory keeps
   * an unbroken run. */
  if (last->seq != self->head_seq + 1)
    {
      g_queue_pop_tail (&self->recent);
      g_queue_clear_full (&self->recent, (GDestroyNotify) arb_changeset_free);
      g_queue_push_tail (&self->recent, last);
    }
  self->head_seq = last->seq;
  while (g_queue_get_length (&self->recent) > ARB_REPLICA_MEMORY)
    arb_changeset_free (g_queue_pop_head (&self->recent));
  _arb_tournament_emit_committed (self, last->seq);
}

gint64
arb_tournament_get_epoch (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  return self->epoch;
}

gint64
arb_tournament_get_head_seq (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  return self->head_seq;
}

ArbDeskRole
arb_tournament_get_role (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), ARB_DESK_ROLE_READER);
  return (ArbDeskRole) self->role;
}

const char *
arb_tournament_get_role_reason (ArbTournament *self)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return self->role_reason;
}

GPtrArray *
arb_tournament_read_changesets (ArbTournament *self, gint64 after_seq, guint max, GError **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_changeset_free);
  ArbChangeset *first = g_queue_peek_head (&self->recent);
  g_auto (ArbQuery) query = { 0 };
  int step;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  /* The live round: from memory. */
  if (first != NULL && first->seq <= after_seq + 1)
    {
      for (GList *l = self->recent.head; l != NULL && out->len < max; l = l->next)
        {
          ArbChangeset *c = l->data;

          if (c->seq > after_seq)
            g_ptr_array_add (out, arb_changeset_new (c->seq, c->epoch, c->changeset));
        }
      return g_steal_pointer (&out);
    }
  if (!_arb_query_init (&query, self, "cannot read the replication log",
                        "SELECT seq, epoch, changeset FROM replication_log WHERE seq > ? "
                        "ORDER BY seq LIMIT ?",
                        error, "li", after_seq, (int) MIN (max, G_MAXINT)))
    return NULL;
  while ((step = _arb_query_step (&query, error)) == 1)
    {
      gsize size = 0;
      const guint8 *data = _arb_query_blob (&query, 2, &size);
      g_autoptr (GBytes) bytes = g_bytes_new (data, size);

      g_ptr_array_add (
        out, arb_changeset_new (_arb_query_int (&query, 0), _arb_query_int (&query, 1), bytes));
    }
  return step < 0 ? NULL : g_steal_pointer (&out);
}

typedef struct
{
  int kind;
  char *table;
} ApplyConflict;

/* Any conflict stops the whole changeset: the replica is not as the desk's
 * file was, and nothing may be guessed. */
static int
on_conflict (void *data, int kind, sqlite3_changeset_iter *iter)
{
  ApplyConflict *conflict = data;
  const char *table = NULL;
  int n_columns = 0, op = 0;

  if (conflict->table == NULL &&
      sqlite3changeset_op (iter, &table, &n_columns, &op, NULL) == SQLITE_OK)
    conflict->table = g_strdup (table);
  conflict->kind = kind;
  return SQLITE_CHANGESET_ABORT;
}

static gboolean
check_order (ArbTournament *self, const ArbChangeset *c, GError **error)
{
  if (c->seq == self->head_seq + 1 && c->epoch >= self->epoch)
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
               /* Translators: the numbers are sequence numbers and epochs of changes */
               _ ("%s: change %lld of epoch %lld does not follow change %lld of epoch %lld"),
               self->path, (long long) c->seq, (long long) c->epoch, (long long) self->head_seq,
               (long long) self->epoch);
  return FALSE;
}

gboolean
arb_tournament_apply_changeset (ArbTournament *self, const ArbChangeset *c, GError **error)
{
  ApplyConflict conflict = { 0 };
  g_autofree char *now = _arb_tournament_now ();
  gsize size = 0;
  const void *data = g_bytes_get_data (c->changeset, &size);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (self->role != ARB_DESK_ROLE_REPLICA)
    return _arb_replica_check_writable (self, error) &&
           (g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                         _ ("%s writes the event itself: it applies no other desk's changes"),
                         self->path),
            FALSE);
  if (!check_order (self, c, error))
    return FALSE;
  self->applying = TRUE;
  if (!_arb_tournament_begin (self, error))
    {
      self->applying = FALSE;
      return FALSE;
    }
  rc = sqlite3changeset_apply (self->db, (int) size, (void *) data, NULL, on_conflict, &conflict);
  if (rc != SQLITE_OK || conflict.kind != 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: the first %s is the replica's path, the second a table of
                    * the file, the last SQLite's message; the number a sequence number */
                   _ ("%s: change %lld does not apply to table %s (%s); "
                      "the replica stopped before it"),
                   self->path, (long long) c->seq, conflict.table != NULL ? conflict.table : "?",
                   rc != SQLITE_OK ? sqlite3_errstr (rc) : "conflict");
      g_free (conflict.table);
      self->applying = FALSE;
      _arb_tournament_rollback (self);
      return FALSE;
    }
  if (!_arb_tournament_run (self, "cannot record the change",
                            "INSERT INTO replication_log (seq, epoch, changeset, committed_at) "
                            "VALUES (?, ?, ?, ?)",
                            error, "llbt", c->seq, c->epoch, data, (int) size, now) ||
      !_arb_tournament_run (self, "cannot record the change",
                            "UPDATE replica_state SET applied_seq = ?, epoch = ? WHERE id = 1",
                            error, "ll", c->seq, c->epoch) ||
      !_arb_tournament_commit (self, error))
    {
      self->applying = FALSE;
      _arb_tournament_rollback (self);
      return FALSE;
    }
  self->applying = FALSE;
  self->head_seq = c->seq;
  self->epoch = c->epoch;
  _arb_tournament_forget_live_game (self, 0);
  _arb_tournament_emit_committed (self, c->seq);
  return TRUE;
}
