/* arb-chess-words.h: positions, moves and times in the words an arbiter says
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* What a screen reader says for the board and the clocks, made from the
 * position when it is said, in the interface language (gettext). Square
 * names stay in algebraic notation ("e4") in every language, as on a
 * scoresheet. Every function returns a newly allocated string. */

/* "e4". */
char *arb_chess_words_square (ArbSquare square);

/* "white knight", "black pawn": the piece as it stands on a square. */
const char *arb_chess_words_piece (ArbPiece piece);

/* "e4, white knight" or "e4, empty". */
char *arb_chess_words_square_contents (const ArbPosition *position, ArbSquare square);

/* The whole position by side and piece type, the side to move and a
 * check: "White: king g1, queen d1, rooks a1 f1, … Black: king g8, …
 * White to move." */
char *arb_chess_words_position (const ArbPosition *position);

/* A legal @move of @before in words: "White knight from g1 to f3", "Black
 * knight from f6 takes e4, check", "White castles kingside", "White pawn
 * from e7 to e8, promotes to queen, checkmate". */
char *arb_chess_words_move (const ArbPosition *before, ArbMove move);

/* The same with the move number as on a scoresheet: "15. White knight
 * from g1 to f3", "15. … Black knight from f6 takes e4, check". */
char *arb_chess_words_numbered_move (const ArbPosition *before, ArbMove move);

/* A time left on a clock: "1 hour 5 minutes", "4 minutes 5 seconds", "9
 * seconds", "no time left" (rounded down, as the clock faces show it). */
char *arb_chess_words_time (gint64 remaining_us);

G_END_DECLS
