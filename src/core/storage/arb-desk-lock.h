/* arb-desk-lock.h: one desk writes a tournament file, the others read it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Several arbiters' desks may open one tournament file. The first window
 * that opens it for writing takes its desk lock, an exclusive flock() on
 * FILE.lock beside it that the system lets go when the program ends, in
 * whatever way it ends; the lock file says who holds it. A second window,
 * of the same program or another, finds the lock taken, learns from the
 * file where the tournament is open, and opens it for reading.
 *
 * The lock is between desks: arbiter-cli's import and play, and a feed of
 * moves, write through SQLite's own locking whether a desk holds the file
 * or not, and the desks follow what they write. */

typedef struct _ArbDeskLock ArbDeskLock;

/* Who holds a desk lock. */
typedef struct
{
  char *host;
  char *program; /* "Arbiter 0.4.0", as the holder named itself */
  char *user;
  int pid;
  char *pid_ns; /* the holder's process ids, "pid:[4026531836]" (may be NULL) */
  char *since;  /* ISO 8601 with its offset */
} ArbDeskHolder;

#define ARB_DESK_LOCK_ERROR (arb_desk_lock_error_quark ())

typedef enum
{
  ARB_DESK_LOCK_ERROR_HELD, /* another desk holds the file */
  ARB_DESK_LOCK_ERROR_IO,   /* the lock file cannot be made (a folder we may not write) */
} ArbDeskLockError;

GQuark arb_desk_lock_error_quark (void);

/* Takes the lock of the tournament at `path` for `program`. When another
 * desk holds it: NULL with ARB_DESK_LOCK_ERROR_HELD, and *holder (when not
 * NULL) says who, as far as its lock file says. */
ArbDeskLock *arb_desk_lock_acquire (const char *path,
                                    const char *program,
                                    ArbDeskHolder **holder,
                                    GError **error);
/* Lets go: the lock file stays (an empty one is harmless), the lock goes. */
void arb_desk_lock_release (ArbDeskLock *lock);

/* Who holds the lock of the tournament at `path` now, or NULL when no one
 * does. */
ArbDeskHolder *arb_desk_lock_get_holder (const char *path);

/* Whether a reading desk may take the file over. */
typedef enum
{
  ARB_DESK_STATE_HELD,  /* a desk writes it */
  ARB_DESK_STATE_FREE,  /* no desk holds the lock: the writer closed it */
  ARB_DESK_STATE_STALE, /* the lock is taken, but by a program of this host
                         * that no longer runs (as its lock file says) */
} ArbDeskState;

/* Looks at the lock of the tournament at `path` without waiting and
 * without taking it; *holder (when not NULL) is who holds it, as its lock
 * file says, for HELD and STALE, NULL for FREE. Only acquiring the lock
 * makes a desk the writer: a STALE lock may still refuse. */
ArbDeskState arb_desk_lock_probe (const char *path, ArbDeskHolder **holder);

/* Whether the holder is a program of this host that runs no longer. A
 * holder on another host, without a process id, or whose process ids are
 * not this program's (another sandbox's, whose numbers mean nothing
 * here), is never gone. */
gboolean arb_desk_holder_is_gone (const ArbDeskHolder *holder);

void arb_desk_holder_free (ArbDeskHolder *holder);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeskLock, arb_desk_lock_release)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeskHolder, arb_desk_holder_free)

G_END_DECLS
