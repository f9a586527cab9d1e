/* arb-pgn-writer.h: PGN export format
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-pgn-game.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_PGN_WRITE_DEFAULT = 0,
  ARB_PGN_WRITE_NO_COMMENTS = 1 << 0,   /* drop comments (times are kept) */
  ARB_PGN_WRITE_NO_VARIATIONS = 1 << 1, /* main line only */
  ARB_PGN_WRITE_NO_TIMES = 1 << 2,      /* drop [%clk] and [%emt] */
} ArbPgnWriteFlags;

/* Appends one game in PGN export format (PGN standard section 8):
 *
 *   - the seven tag roster first, in its order (Event, Site, Date, Round,
 *     White, Black, Result), with "?" ("????.??.??" for Date) where a tag is
 *     missing; the Result tag always equals the termination marker, which
 *     is the game's marker, else a valid Result tag, else "*";
 *   - SetUp "1" and FEN when the start position is not the standard one
 *     (the FEN tag's text is kept when it gives that position), and
 *     Variant "Chess960" for a Chess960 game without a Variant tag; SetUp
 *     and FEN tags of the game are not copied otherwise;
 *   - the other tags in the order of the game;
 *   - an empty line, then the movetext in lines of at most 80 characters
 *     (a single longer word in a comment can exceed it), SAN from
 *     arb_san_write(), "N." before White moves and "N..." before a Black
 *     move that starts a line or follows a comment or variation, NAGs as
 *     "$n", the comment after a move as "{[%clk H:MM:SS] [%emt ...] text}",
 *     variations in parentheses;
 *   - the termination marker, and an empty line.
 */
void arb_pgn_write_game (GString *out, const ArbPgnGame *game, ArbPgnWriteFlags flags);

/* The same as a new string. */
char *arb_pgn_game_to_string (const ArbPgnGame *game, ArbPgnWriteFlags flags);

G_END_DECLS
