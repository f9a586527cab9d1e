/* arb-pgn-file-source.h: a live PGN file, watched
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-source.h"

G_BEGIN_DECLS

/* A PGN file that another program rewrites as the games go on (DGT
 * LiveChess's games.pgn, a relay's output). A GFileMonitor says when it
 * changes (a rename into place too); a look at its size and time every
 * interval catches what a monitor cannot see (a folder on a network
 * share). A read in the middle of a write (a torn file, see
 * arb-source-pgn.h) gives its complete games and is read again shortly,
 * until the file is whole. A file that is missing or cannot be read is a
 * source disconnected until it can be read again. Made by
 * arb_source_new() for a path or a file:// address. */

#define ARB_TYPE_PGN_FILE_SOURCE (arb_pgn_file_source_get_type ())

G_DECLARE_FINAL_TYPE (ArbPgnFileSource, arb_pgn_file_source, ARB, PGN_FILE_SOURCE, ArbSource)

/* A torn file is read again after this long, at most this many times in
 * a row. */
#define ARB_PGN_FILE_TORN_RETRY_MS 150
#define ARB_PGN_FILE_TORN_RETRIES 40

G_END_DECLS
