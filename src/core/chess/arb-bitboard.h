/* arb-bitboard.h: squares, bitboards and attack tables
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <stdint.h>

#include "arb-color.h"

G_BEGIN_DECLS

/* Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63:
 *
 *   8 | 56 57 58 59 60 61 62 63
 *   7 | 48 49 50 51 52 53 54 55
 *   . |  .  .  .  .  .  .  .  .
 *   1 |  0  1  2  3  4  5  6  7
 *     +------------------------
 *        a  b  c  d  e  f  g  h
 */
typedef int8_t ArbSquare;
typedef uint64_t ArbBitboard;

#define ARB_NO_SQUARE ((ArbSquare) -1)
/* clang-format 14 reads '(sq) & 7' as a cast followed by '&sq'; keep these by hand. */
/* clang-format off */
#define ARB_SQUARE(file, rank) ((ArbSquare) ((rank) * 8 + (file)))
#define ARB_SQUARE_FILE(sq) ((sq) & 7)
#define ARB_SQUARE_RANK(sq) ((sq) >> 3)
/* clang-format on */
#define ARB_BB(sq) (((ArbBitboard) 1) << (sq))

#define ARB_FILE_A_BB ((ArbBitboard) 0x0101010101010101ULL)
#define ARB_RANK_1_BB ((ArbBitboard) 0xFFULL)
#define ARB_FILE_BB(f) (ARB_FILE_A_BB << (f))
#define ARB_RANK_BB(r) (ARB_RANK_1_BB << (8 * (r)))
#define ARB_LIGHT_SQUARES_BB ((ArbBitboard) 0x55AA55AA55AA55AAULL)
#define ARB_DARK_SQUARES_BB ((ArbBitboard) 0xAA55AA55AA55AA55ULL)

static inline int
arb_bb_count (ArbBitboard bb)
{
  return __builtin_popcountll (bb);
}

static inline ArbSquare
arb_bb_first (ArbBitboard bb)
{
  return (ArbSquare) __builtin_ctzll (bb);
}

static inline ArbSquare
arb_bb_pop (ArbBitboard *bb)
{
  ArbSquare sq = (ArbSquare) __builtin_ctzll (*bb);
  *bb &= *bb - 1;
  return sq;
}

static inline gboolean
arb_bb_more_than_one (ArbBitboard bb)
{
  return (bb & (bb - 1)) != 0;
}

/* Attack tables; arb_bitboard_init() fills them once (thread-safe). */
void arb_bitboard_init (void);

extern ArbBitboard arb_knight_attacks_table[64];
extern ArbBitboard arb_king_attacks_table[64];
extern ArbBitboard arb_pawn_attacks_table[2][64];
/* Squares strictly between two squares on a line, else 0. */
extern ArbBitboard arb_between_table[64][64];
/* The whole line through two aligned squares, else 0. */
extern ArbBitboard arb_line_table[64][64];

/* Magic bitboards: the relevant occupancy, multiplied by a magic number and
 * shifted, indexes a table of attack sets. The magics are found at start-up
 * by a seeded search, so the result is the same on every run. */
typedef struct
{
  ArbBitboard mask;
  ArbBitboard magic;
  ArbBitboard *attacks;
  unsigned shift;
} ArbMagic;

extern ArbMagic arb_bishop_magics[64];
extern ArbMagic arb_rook_magics[64];

static inline ArbBitboard
arb_bishop_attacks (ArbSquare sq, ArbBitboard occupied)
{
  const ArbMagic *m = &arb_bishop_magics[sq];
  return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline ArbBitboard
arb_rook_attacks (ArbSquare sq, ArbBitboard occupied)
{
  const ArbMagic *m = &arb_rook_magics[sq];
  return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline ArbBitboard
arb_queen_attacks (ArbSquare sq, ArbBitboard occupied)
{
  return arb_bishop_attacks (sq, occupied) | arb_rook_attacks (sq, occupied);
}

static inline ArbBitboard
arb_knight_attacks (ArbSquare sq)
{
  return arb_knight_attacks_table[sq];
}

static inline ArbBitboard
arb_king_attacks (ArbSquare sq)
{
  return arb_king_attacks_table[sq];
}

/* Squares a pawn of this colour on sq attacks. */
static inline ArbBitboard
arb_pawn_attacks (int color, ArbSquare sq)
{
  return arb_pawn_attacks_table[color][sq];
}

/* Squares the pawns of this colour on @pawns attack, all at once. */
static inline ArbBitboard
arb_pawn_attacks_set (ArbColor color, ArbBitboard pawns)
{
  if (color == ARB_WHITE)
    return ((pawns & ~ARB_FILE_A_BB) << 7) | ((pawns & ~ARB_FILE_BB (7)) << 9);
  return ((pawns & ~ARB_FILE_A_BB) >> 9) | ((pawns & ~ARB_FILE_BB (7)) >> 7);
}

/* The rank where pawns of this colour promote. */
static inline ArbBitboard
arb_promotion_rank (ArbColor color)
{
  return ARB_RANK_BB (color == ARB_WHITE ? 7 : 0);
}

static inline ArbBitboard
arb_between (ArbSquare a, ArbSquare b)
{
  return arb_between_table[a][b];
}

static inline ArbBitboard
arb_line (ArbSquare a, ArbSquare b)
{
  return arb_line_table[a][b];
}

/* "e4" -> 28; returns ARB_NO_SQUARE on anything else. */
ArbSquare arb_square_parse (const char *text);
/* Writes two characters and a NUL. */
void arb_square_write (ArbSquare sq, char buf[3]);

G_END_DECLS
