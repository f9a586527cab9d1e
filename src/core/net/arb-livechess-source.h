/* arb-livechess-source.h: DGT LiveChess's e-boards, over its WebSocket
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-source.h"

G_BEGIN_DECLS

/* Connects to DGT LiveChess (ws://HOST:PORT/api/v1.0, see
 * arb-livechess-message.h), lists its e-boards with the "eboards" call
 * (again every so often, for boards switched on later), subscribes to
 * each board's events and reports each board's game once its moves have
 * settled (arb-eboard-tracker.h): key "eboard:SERIAL", the serial
 * number, the moves, the clock's times after the last move, the
 * placement. A lost connection is tried again with a growing wait; the
 * boards keep what they reported, so nothing is reported twice after a
 * reconnection. Made by arb_source_new() for livechess://HOST[:PORT],
 * ws:// or wss://. */

#define ARB_TYPE_LIVECHESS_SOURCE (arb_livechess_source_get_type ())

G_DECLARE_FINAL_TYPE (ArbLivechessSource, arb_livechess_source, ARB, LIVECHESS_SOURCE, ArbSource)

/* How often the e-boards are listed again while connected. */
#define ARB_LIVECHESS_RELIST_MS 10000

/* The e-boards LiveChess named, serial and state ("ACTIVE",
 * "NOTRESPONDING"…), as "SERIAL STATE" strings; any thread. */
GStrv arb_livechess_source_dup_boards (ArbLivechessSource *self);
/* Messages LiveChess sent that could not be read (any thread). */
guint arb_livechess_source_get_n_bad_messages (ArbLivechessSource *self);

G_END_DECLS
