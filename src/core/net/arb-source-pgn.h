/* arb-source-pgn.h: the games of a live PGN, as far as they are written
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-source-game.h"

G_BEGIN_DECLS

/* A live PGN (a file that DGT LiveChess or a relay rewrites, a URL such
 * as another desk's /round.pgn) is read while its writer may be writing
 * it. Only complete games are taken: every game but the last ends where
 * the next begins; the last one counts only when the text ends with its
 * termination marker (1-0, 0-1, 1/2-1/2 or *), standing outside comments,
 * tags and variations (a text cut in "{draw offered 1/2-1/2" is not
 * whole). Otherwise the text was
 * read in the middle of a write ("torn"): the last game is left out,
 * *complete is FALSE, and the reader should read again soon. An empty
 * text is torn too (a file being rewritten from its start). The sources
 * deliver nothing of a torn text: a text cut short may read as games the
 * whole does not have.
 *
 * Each game keeps its main line as the source wrote it, with the [%clk]
 * of each move (a side's time carried over to the moves of the other
 * side), WhiteClock and BlackClock tags for the last move when its
 * comments have none, the Round ("3" or "3.2"), Board, White and Black
 * tags. A move the game's own replay cannot read (illegal, ambiguous,
 * malformed) ends its moves and is kept as bad_move: it is for the merge
 * to report, never to drop. */
GPtrArray *arb_source_pgn_read (const char *text, gsize len, gboolean *complete);

G_END_DECLS
