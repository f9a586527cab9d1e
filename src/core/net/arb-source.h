/* arb-source.h: a source of moves for a round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-net-worker.h"
#include "arb-source-game.h"

G_BEGIN_DECLS

/* A source reads games from outside, in the network worker, and tells its
 * owner (in the thread that made it) what they are now:
 *
 *   livechess://HOST[:PORT]   DGT LiveChess's e-boards (port 1982 by default)
 *   http://… https://…        a live PGN polled (another desk's /round.pgn too)
 *   file:///… or a path       a live PGN file, watched
 *
 * ::games (GPtrArray of ArbSourceGame) is emitted with the games that
 * changed since the last emission. notify::state says when the source
 * connects, loses its connection (and tries again, waiting longer each
 * time) or stops; the time of the change is in arb_source_get_since(). */

typedef enum
{
  ARB_SOURCE_LIVECHESS,
  ARB_SOURCE_PGN_URL,
  ARB_SOURCE_PGN_FILE,
} ArbSourceKind;

typedef enum
{
  ARB_SOURCE_STOPPED,      /* not started, stopped, or read once and done */
  ARB_SOURCE_CONNECTING,   /* the first attempt is under way */
  ARB_SOURCE_CONNECTED,    /* reading */
  ARB_SOURCE_DISCONNECTED, /* lost, or never reached: tries again */
  ARB_SOURCE_FAILED,       /* read once, and it could not be read */
} ArbSourceState;

#define ARB_LIVECHESS_DEFAULT_PORT 1982
/* How often a URL is asked and a file looked at when its folder cannot be
 * watched (a network share): lichess polls its sources about as often. */
#define ARB_SOURCE_DEFAULT_INTERVAL_MS 2000
#define ARB_SOURCE_DEFAULT_BACKOFF_FIRST_MS 1000
#define ARB_SOURCE_DEFAULT_BACKOFF_MAX_MS 30000

#define ARB_SOURCE_ERROR (arb_source_error_quark ())

typedef enum
{
  ARB_SOURCE_ERROR_ADDRESS, /* not an address of a source */
} ArbSourceError;

GQuark arb_source_error_quark (void);

#define ARB_TYPE_SOURCE (arb_source_get_type ())

G_DECLARE_DERIVABLE_TYPE (ArbSource, arb_source, ARB, SOURCE, GObject)

struct _ArbSourceClass
{
  GObjectClass parent_class;

  /* Both run in the worker thread. */
  void (*start) (ArbSource *self);
  void (*stop) (ArbSource *self);
};

/* A source for @uri (see above); NULL with ARB_SOURCE_ERROR_ADDRESS when
 * it names none. */
ArbSource *arb_source_new (ArbNetWorker *worker, const char *uri, GError **error);
/* Whether @uri names a source, and of which kind. */
gboolean arb_source_parse_uri (const char *uri, ArbSourceKind *kind, GError **error);

const char *arb_source_get_uri (ArbSource *self);
ArbSourceKind arb_source_get_kind (ArbSource *self);
ArbNetWorker *arb_source_get_worker (ArbSource *self);

/* Before start (the interval also later: it applies from the next
 * reading). The interval is how often a URL is asked (or a file looked
 * at); the settling time how long an e-board's moves must stand
 * (arb-eboard-tracker.h); the backoff the first and the longest wait
 * after a failure. With @once a PGN is read one time (a torn file is
 * read again until it is whole, for a few seconds) and the source stops:
 * STOPPED when it was read, FAILED when it could not be. */
void arb_source_set_interval (ArbSource *self, guint interval_ms);
void arb_source_set_settle (ArbSource *self, guint settle_ms);
void arb_source_set_backoff (ArbSource *self, guint first_ms, guint max_ms);
void arb_source_set_once (ArbSource *self, gboolean once);
guint arb_source_get_interval (ArbSource *self);
guint arb_source_get_settle (ArbSource *self);
gboolean arb_source_get_once (ArbSource *self);

void arb_source_start (ArbSource *self);
/* Waits until the worker has stopped it; nothing is emitted afterwards. */
void arb_source_stop (ArbSource *self);

/* In the owner's thread: the state as the owner has been told it, in
 * order with ::games. A source read once is STOPPED or FAILED here only
 * after every game it read has been emitted. */
ArbSourceState arb_source_get_state (ArbSource *self);
/* Wall time (g_get_real_time ()) when the state last changed, or 0. */
gint64 arb_source_get_since (ArbSource *self);
/* Why the last attempt failed, or NULL. */
char *arb_source_dup_error (ArbSource *self);
/* Wall time of the last games read, or 0. */
gint64 arb_source_get_last_read (ArbSource *self);

G_END_DECLS
