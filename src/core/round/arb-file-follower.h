/* arb-file-follower.h: what others write into the file the window shows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* A window shows a tournament file that others may write too: the desk
 * that holds the file, arbiter-cli importing the next round's pairings or
 * playing moves, a feed of moves from e-boards. SQLite tells a connection
 * when another one has committed (data_version); the follower asks every
 * ARB_FILE_FOLLOWER_INTERVAL_MS, and then reads the audit lines written
 * since it last looked, which name the games they changed.
 *
 * ::games-changed gives the ids of those games (a GArray of gint64);
 * ::tournament-changed says that something not about one game changed (an
 * import: new players, new rounds). Both come from the main loop, never
 * while a caller of the tournament is in the middle of a call. The
 * connection's own commits do not change its data_version, so a window is
 * not told what it wrote itself, unless another writer's commit comes in
 * between: then it hears of its own games too, and compares. */

#define ARB_FILE_FOLLOWER_INTERVAL_MS 200

#define ARB_TYPE_FILE_FOLLOWER (arb_file_follower_get_type ())

G_DECLARE_FINAL_TYPE (ArbFileFollower, arb_file_follower, ARB, FILE_FOLLOWER, GObject)

/* Starts following from now: what was written before is not reported. */
ArbFileFollower *arb_file_follower_new (ArbTournament *tournament, GError **error);

ArbTournament *arb_file_follower_get_tournament (ArbFileFollower *self);

/* Looks now, and reports what changed; TRUE when anything did. The timer
 * calls it; tests and callers who just wrote through another connection
 * may too. */
gboolean arb_file_follower_check (ArbFileFollower *self);

G_END_DECLS
