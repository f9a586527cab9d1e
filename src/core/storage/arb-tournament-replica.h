/* arb-tournament-replica.h: the tournament file replicated to deputies
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writing desk records every committed write transaction as one
 * changeset of SQLite's session extension and keeps it, in the same
 * transaction, in the file's replication log under a sequence number (1,
 * 2, …, never reused) and the event's epoch. A deputy's replica starts
 * from a snapshot of the whole file (its log included) and applies the
 * changesets that follow in order; a changeset that does not apply as
 * recorded stops the replica with an error, it is never skipped. A
 * take-over raises the epoch: a desk that hears of a higher epoch becomes a
 * reader and says why.
 *
 * The log is kept whole in the file (a changeset is the size of what
 * changed: a result, a clock event are some hundred bytes), so a deputy
 * that reconnects resumes after the last sequence number it applied
 * whatever its absence; the last ARB_REPLICA_MEMORY changesets are also
 * kept in memory, so that following the live round reads nothing.
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_REPLICA_MEMORY 1024

typedef enum
{
  ARB_DESK_ROLE_DESK,    /* writes the event */
  ARB_DESK_ROLE_REPLICA, /* a deputy's copy: changes come only from the desk */
  ARB_DESK_ROLE_READER,  /* a former desk: another took over */
} ArbDeskRole;

typedef struct
{
  gint64 seq;
  gint64 epoch;
  GBytes *changeset;
} ArbChangeset;

ArbChangeset *arb_changeset_new (gint64 seq, gint64 epoch, GBytes *changeset);
void arb_changeset_free (ArbChangeset *changeset);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbChangeset, arb_changeset_free)

/* FALSE with an error naming what is missing when the SQLite this program
 * runs with was built without the session extension or the pre-update
 * hook (SQLITE_ENABLE_SESSION, SQLITE_ENABLE_PREUPDATE_HOOK). */
gboolean arb_tournament_replication_available (GError **error);

gint64 arb_tournament_get_epoch (ArbTournament *self);
/* The last sequence number of the file's log (0 for none). */
gint64 arb_tournament_get_head_seq (ArbTournament *self);
ArbDeskRole arb_tournament_get_role (ArbTournament *self);
/* Why the file is a reader, or who took over and why; NULL for neither. */
const char *arb_tournament_get_role_reason (ArbTournament *self);

/* The changesets after @after_seq, in order, at most @max of them
 * (ArbChangeset *, empty when there are none). */
GPtrArray *arb_tournament_read_changesets (ArbTournament *self,
                                           gint64 after_seq,
                                           guint max,
                                           GError **error);

/* Applies the desk's changeset @seq of @epoch to a replica, with its log
 * line, in one transaction. @seq must follow the last applied and @epoch
 * must not be below the replica's; a conflict (a row not as the desk had
 * it, a constraint) stops with ARB_TOURNAMENT_ERROR_CONFLICT and changes
 * nothing. */
gboolean arb_tournament_apply_changeset (ArbTournament *self,
                                         const ArbChangeset *changeset,
                                         GError **error);

/* The whole file at @path as one consistent image, read on a connection of
 * its own (safe in any thread), and the head of its log and its epoch. */
GBytes *arb_tournament_snapshot (const char *path, gint64 *seq, gint64 *epoch, GError **error);
/* Writes @image as the replica @path (which must not exist), durably,
 * renamed into place once complete. */
gboolean arb_tournament_write_replica (const char *path, GBytes *image, GError **error);

/* The replica becomes the writing desk: the epoch goes up by one and the
 * take-over is recorded with @arbiter and @reason (both required), in the
 * file and its audit log. */
gboolean arb_tournament_take_over (ArbTournament *self,
                                   const char *arbiter,
                                   const char *reason,
                                   GError **error);
/* The desk heard of @epoch, higher than its own, from @where: it becomes a
 * reader (in the file too), and every write after says why. FALSE when
 * @epoch is not higher. */
gboolean arb_tournament_demote (ArbTournament *self,
                                gint64 epoch,
                                const char *where,
                                GError **error);

/* Every table but replica_state and replication_log (whose times are
 * each file's own), row by row in key order, as text (for
 * comparing a replica with its desk). */
char *arb_tournament_dump_tables (ArbTournament *self, GError **error);

G_END_DECLS
