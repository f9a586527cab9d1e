/* arb-demo.h: the demo tournament shown on first run
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The demo round has this many boards unless asked for another number; it
 * never has fewer than ARB_DEMO_MIN_BOARDS. */
#define ARB_DEMO_BOARDS 16
#define ARB_DEMO_MIN_BOARDS 12

/* Writes a demo tournament to @path (which must not exist): one round of
 * @n_boards boards (the first ARB_DEMO_BOARDS have their own games; more
 * repeat the openings with other players), with games in
 * progress and a few in the states an arbiter must notice: a position seen
 * twice, a threefold repetition to claim, a 50-move count past 40, a
 * finished game, a dead position, an adjourned game, an illegal move, a
 * fallen flag and a clock under ten seconds. The games are our own
 * fixtures: openings of common theory and positions set up for the demo.
 *
 * The file is built under a temporary name and renamed into place, so a
 * half-written demo never appears at @path. */
gboolean arb_demo_create (const char *path, guint n_boards, GError **error);

/* The time control of the demo event (PGN TimeControl form). */
#define ARB_DEMO_TIME_CONTROL "40/5400+30:1800+30"

G_END_DECLS
