/* arb-source-private.h: what the kinds of ArbSource share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-source.h"

G_BEGIN_DECLS

/* For the subclasses' constructors. */
void _arb_source_setup (ArbSource *self, ArbNetWorker *worker, const char *uri, ArbSourceKind kind);

/* For the subclasses, in the worker thread. */

/* Whether the source runs (between start and stop). */
gboolean _arb_source_is_running (ArbSource *self);

/* The games read (ArbSourceGame *, the array is taken): those that changed
 * since the last delivery go to the owner. */
void _arb_source_deliver (ArbSource *self, GPtrArray *games);

/* The state, with why when it is a failure; the owner hears of it. */
void _arb_source_set_state (ArbSource *self, ArbSourceState state, const char *error);
/* The state the worker set last (arb_source_get_state() is the owner's,
 * which follows it in order with the games). */
ArbSourceState _arb_source_get_worker_state (ArbSource *self);

/* The wait after @failures failures in a row: the first backoff, doubled
 * each time, at most the longest. */
guint _arb_source_backoff_ms (ArbSource *self, guint failures);

/* Why a live PGN was not taken: every reading of it, again and again,
 * was cut short (it does not end with a game's termination marker, out
 * of comments, tags and variations). */
const char *_arb_source_torn_error (void);

/* A one-shot timer in the worker; the returned source is owned by the
 * caller (destroy and unref it to cancel). @self is not referenced: the
 * subclass cancels its timers when it stops. */
GSource *_arb_source_add_timeout (ArbSource *self, guint ms, GSourceFunc func);

ArbSource *_arb_livechess_source_new (ArbNetWorker *worker, const char *uri);
ArbSource *_arb_pgn_url_source_new (ArbNetWorker *worker, const char *uri);
ArbSource *_arb_pgn_file_source_new (ArbNetWorker *worker, const char *uri);

G_END_DECLS
