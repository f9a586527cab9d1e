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

/* A game written as it comes, without the game in memory: the tag section
 * of a game that has no moves yet (arb_pgn_write_tags()), then each move
 * with its number, SAN, clock and comment, then the end. The text is the
 * same as arb_pgn_write_game() writes for the same game. The struct lives
 * on the caller's stack; its fields are private. */
typedef struct
{
  GString *out;
  ArbPgnWriteFlags flags;
  gsize line_len;
  gboolean glue_next;
  gboolean need_number;
} ArbPgnWriter;

/* Appends the tag section and the empty line after it; returns the
 * termination marker the game must end with. */
const char *arb_pgn_write_tags (GString *out, const ArbPgnGame *game);
void arb_pgn_writer_init (ArbPgnWriter *writer, GString *out, ArbPgnWriteFlags flags);
/* The comment before the first move (may be NULL). */
void arb_pgn_writer_comment (ArbPgnWriter *writer, const char *comment);
/* One move of the main line: the move number and the side that plays
 * it, its SAN, the clock after it ([%clk], ARB_PGN_NO_TIME when unknown)
 * and the comment after it (may be NULL). */
void arb_pgn_writer_move (ArbPgnWriter *writer,
                          guint move_number,
                          ArbColor side,
                          const char *san,
                          gint64 clock_ms,
                          const char *comment);
/* A variation after the last move written: an alternative to that move,
 * from the position before it, opened with @comment (may be NULL); its
 * moves through arb_pgn_writer_move(), then closed. */
void arb_pgn_writer_begin_variation (ArbPgnWriter *writer, const char *comment);
void arb_pgn_writer_end_variation (ArbPgnWriter *writer);
void arb_pgn_writer_end (ArbPgnWriter *writer, const char *result);

G_END_DECLS
