/* arb-bitboard.c: attack tables and magic bitboards
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-bitboard.h"

ArbBitboard arb_knight_attacks_table[64];
ArbBitboard arb_king_attacks_table[64];
ArbBitboard arb_pawn_attacks_table[2][64];
ArbBitboard arb_between_table[64][64];
ArbBitboard arb_line_table[64][64];
ArbMagic arb_bishop_magics[64];
ArbMagic arb_rook_magics[64];

/* 102 400 rook entries and 5 248 bishop entries cover every relevant
 * occupancy of every square with the minimal shift per square. */
static ArbBitboard rook_table[102400];
static ArbBitboard bishop_table[5248];

/* Magic numbers found by the seeded search in init_magics() below and
 * written down, so start-up costs a table fill rather than a search (the
 * search takes about 0.2 s). init_magics() checks every one against the slow
 * ray walk and searches again should one ever fail. */
static const guint64 rook_magic_numbers[64] = {
  G_GUINT64_CONSTANT (0x1080004008801020), G_GUINT64_CONSTANT (0x0840092002c03000),
  G_GUINT64_CONSTANT (0x1900200010400900), G_GUINT64_CONSTANT (0x0880100008000480),
  G_GUINT64_CONSTANT (0x4200100420080200), G_GUINT64_CONSTANT (0x8100020100080400),
  G_GUINT64_CONSTANT (0x0200040110886200), G_GUINT64_CONSTANT (0x0200008040220411),
  G_GUINT64_CONSTANT (0x0404800084400220), G_GUINT64_CONSTANT (0x0000401000402000),
  G_GUINT64_CONSTANT (0x0086001081220440), G_GUINT64_CONSTANT (0x0408800800100280),
  G_GUINT64_CONSTANT (0x000a001201040820), G_GUINT64_CONSTANT (0x8848800200840080),
  G_GUINT64_CONSTANT (0x4001000100040200), G_GUINT64_CONSTANT (0x0442000102105084),
  G_GUINT64_CONSTANT (0x9080010020804100), G_GUINT64_CONSTANT (0x0040404000201009),
  G_GUINT64_CONSTANT (0x0000808010002009), G_GUINT64_CONSTANT (0x2200090021d00100),
  G_GUINT64_CONSTANT (0x0008008008040080), G_GUINT64_CONSTANT (0x0004004002010040),
  G_GUINT64_CONSTANT (0x0011040008015042), G_GUINT64_CONSTANT (0x00000a0001768104),
  G_GUINT64_CONSTANT (0x0000800080204009), G_GUINT64_CONSTANT (0x2010004140002001),
  G_GUINT64_CONSTANT (0x9800200280100080), G_GUINT64_CONSTANT (0x1000100080080080),
  G_GUINT64_CONSTANT (0x0442000a00049020), G_GUINT64_CONSTANT (0x2100040080020080),
  G_GUINT64_CONSTANT (0x0800120400900148), G_GUINT64_CONSTANT (0x0010040a00128541),
  G_GUINT64_CONSTANT (0x2800804000800030), G_GUINT64_CONSTANT (0x1010002000400041),
  G_GUINT64_CONSTANT (0x4000200011004100), G_GUINT64_CONSTANT (0x0610008410800800),
  G_GUINT64_CONSTANT (0x0400802402800800), G_GUINT64_CONSTANT (0xc100020080800400),
  G_GUINT64_CONSTANT (0x0002000802000401), G_GUINT64_CONSTANT (0x0182085882000401),
  G_GUINT64_CONSTANT (0x0220204000808000), G_GUINT64_CONSTANT (0x2860100040024022),
  G_GUINT64_CONSTANT (0x0001002004110040), G_GUINT64_CONSTANT (0x99101042000a0020),
  G_GUINT64_CONSTANT (0x0004080004008080), G_GUINT64_CONSTANT (0x0010040002008080),
  G_GUINT64_CONSTANT (0x2012004881020004), G_GUINT64_CONSTANT (0x8300842444820011),
  G_GUINT64_CONSTANT (0x0088403882010200), G_GUINT64_CONSTANT (0x0820400080210100),
  G_GUINT64_CONSTANT (0x0110910040a00300), G_GUINT64_CONSTANT (0x0801100280080480),
  G_GUINT64_CONSTANT (0x0242009008200600), G_GUINT64_CONSTANT (0x1002000489500200),
  G_GUINT64_CONSTANT (0x0040800200010080), G_GUINT64_CONSTANT (0x0091800041000080),
  G_GUINT64_CONSTANT (0x0000209300488001), G_GUINT64_CONSTANT (0x04c1002414824001),
  G_GUINT64_CONSTANT (0x020020000b001041), G_GUINT64_CONSTANT (0x7000100004200901),
  G_GUINT64_CONSTANT (0x8002002004100802), G_GUINT64_CONSTANT (0x30010002084c0007),
  G_GUINT64_CONSTANT (0x0888221800813004), G_GUINT64_CONSTANT (0x4000002840840112),
};

static const guint64 bishop_magic_numbers[64] = {
  G_GUINT64_CONSTANT (0x2048017020910100), G_GUINT64_CONSTANT (0x0044410424008008),
  G_GUINT64_CONSTANT (0x040828a400900000), G_GUINT64_CONSTANT (0x8002209200022000),
  G_GUINT64_CONSTANT (0x0002021000540002), G_GUINT64_CONSTANT (0x0021018840000000),
  G_GUINT64_CONSTANT (0x00009e8420204002), G_GUINT64_CONSTANT (0x00a0920110084480),
  G_GUINT64_CONSTANT (0x4003062018010110), G_GUINT64_CONSTANT (0x0221046812004e09),
  G_GUINT64_CONSTANT (0x01e11002958912a0), G_GUINT64_CONSTANT (0x0000044410804000),
  G_GUINT64_CONSTANT (0x0000821210000080), G_GUINT64_CONSTANT (0x080201102210a800),
  G_GUINT64_CONSTANT (0x0080040411045004), G_GUINT64_CONSTANT (0x00704a1842021000),
  G_GUINT64_CONSTANT (0x1005061070322800), G_GUINT64_CONSTANT (0x0018001010410444),
  G_GUINT64_CONSTANT (0x0010000800401420), G_GUINT64_CONSTANT (0x2204002844000800),
  G_GUINT64_CONSTANT (0x2052020412022280), G_GUINT64_CONSTANT (0x000a020101008208),
  G_GUINT64_CONSTANT (0x0040400201042000), G_GUINT64_CONSTANT (0x03e1082040480410),
  G_GUINT64_CONSTANT (0x1004200004208414), G_GUINT64_CONSTANT (0x08700400984808c8),
  G_GUINT64_CONSTANT (0x0088080004004410), G_GUINT64_CONSTANT (0x008c0240140100a2),
  G_GUINT64_CONSTANT (0x0008840001822000), G_GUINT64_CONSTANT (0x0050088001080100),
  G_GUINT64_CONSTANT (0x98140840040a2200), G_GUINT64_CONSTANT (0x3002020900210110),
  G_GUINT64_CONSTANT (0x1004040640206000), G_GUINT64_CONSTANT (0x1090909000840400),
  G_GUINT64_CONSTANT (0x9002444810100020), G_GUINT64_CONSTANT (0x4000020080080080),
  G_GUINT64_CONSTANT (0x0028020400011010), G_GUINT64_CONSTANT (0x0290808300020100),
  G_GUINT64_CONSTANT (0x8010020882004410), G_GUINT64_CONSTANT (0x0604010040082c20),
  G_GUINT64_CONSTANT (0x20040104c0801008), G_GUINT64_CONSTANT (0x6004208424001050),
  G_GUINT64_CONSTANT (0x1002840041000800), G_GUINT64_CONSTANT (0x0200042018000102),
  G_GUINT64_CONSTANT (0xa8002000a0821c00), G_GUINT64_CONSTANT (0x0040080802201910),
  G_GUINT64_CONSTANT (0x0222620444000100), G_GUINT64_CONSTANT (0x0002080041020088),
  G_GUINT64_CONSTANT (0x1500820110401050), G_GUINT64_CONSTANT (0x0000492090100080),
  G_GUINT64_CONSTANT (0x0900410041100000), G_GUINT64_CONSTANT (0x0302000420880000),
  G_GUINT64_CONSTANT (0x0010501202020020), G_GUINT64_CONSTANT (0x0008200490049040),
  G_GUINT64_CONSTANT (0x0462080214a40120), G_GUINT64_CONSTANT (0x2421310102008100),
  G_GUINT64_CONSTANT (0x2400420080884060), G_GUINT64_CONSTANT (0x0800804406184208),
  G_GUINT64_CONSTANT (0x0b0080124a084400), G_GUINT64_CONSTANT (0x082e082300840412),
  G_GUINT64_CONSTANT (0x6051049040082200), G_GUINT64_CONSTANT (0xc610211002102101),
  G_GUINT64_CONSTANT (0x0000048808010433), G_GUINT64_CONSTANT (0x0010200804405440),
};

static const int rook_directions[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_directions[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static gboolean
on_board (int file, int rank)
{
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The slow, obviously correct ray walk; used only to fill the tables. */
static ArbBitboard
slide (ArbSquare sq, ArbBitboard occupied, const int directions[4][2])
{
  ArbBitboard attacks = 0;

  for (int d = 0; d < 4; d++)
    {
      int file = ARB_SQUARE_FILE (sq) + directions[d][0];
      int rank = ARB_SQUARE_RANK (sq) + directions[d][1];

      while (on_board (file, rank))
        {
          ArbSquare to = ARB_SQUARE (file, rank);

          attacks |= ARB_BB (to);
          if (occupied & ARB_BB (to))
            break;
          file += directions[d][0];
          rank += directions[d][1];
        }
    }

  return attacks;
}

/* Relevant occupancy: the rays without their last square, whose occupancy
 * never changes the attack set. */
static ArbBitboard
relevant_mask (ArbSquare sq, const int directions[4][2])
{
  ArbBitboard mask = 0;

  for (int d = 0; d < 4; d++)
    {
      int file = ARB_SQUARE_FILE (sq) + directions[d][0];
      int rank = ARB_SQUARE_RANK (sq) + directions[d][1];

      while (on_board (file + directions[d][0], rank + directions[d][1]))
        {
          mask |= ARB_BB (ARB_SQUARE (file, rank));
          file += directions[d][0];
          rank += directions[d][1];
        }
    }

  return mask;
}

typedef struct
{
  guint64 state;
} Prng;

static guint64
prng_next (Prng *prng)
{
  /* xorshift64* */
  prng->state ^= prng->state >> 12;
  prng->state ^= prng->state << 25;
  prng->state ^= prng->state >> 27;
  return prng->state * G_GUINT64_CONSTANT (2685821657736338717);
}

static guint64
prng_sparse (Prng *prng)
{
  return prng_next (prng) & prng_next (prng) & prng_next (prng);
}

static void
init_magics (ArbMagic magics[64],
             ArbBitboard *table,
             const int directions[4][2],
             const guint64 known[64],
             guint64 seed)
{
  ArbBitboard occupancies[4096];
  ArbBitboard references[4096];
  int epoch[4096] = { 0 };
  int current_epoch = 0;
  Prng prng = { seed };
  gsize offset = 0;

  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      ArbMagic *m = &magics[sq];
      int bits;
      int size = 0;
      ArbBitboard subset = 0;

      m->mask = relevant_mask (sq, directions);
      bits = arb_bb_count (m->mask);
      m->shift = 64 - bits;
      m->attacks = table + offset;

      /* Carry-Rippler enumeration of every subset of the mask. */
      do
        {
          occupancies[size] = subset;
          references[size] = slide (sq, subset, directions);
          size++;
          subset = (subset - m->mask) & m->mask;
        }
      while (subset != 0);

      for (int attempt = 0;; attempt++)
        {
          gboolean ok = TRUE;

          if (attempt == 0)
            m->magic = known[sq];
          else
            do
              m->magic = prng_sparse (&prng);
            while (arb_bb_count ((m->mask * m->magic) >> 56) < 6);

          current_epoch++;
          for (int i = 0; i < size && ok; i++)
            {
              gsize index = (occupancies[i] * m->magic) >> m->shift;

              if (epoch[index] < current_epoch)
                {
                  epoch[index] = current_epoch;
                  m->attacks[index] = references[i];
                }
              else if (m->attacks[index] != references[i])
                ok = FALSE;
            }

          if (ok)
            break;
        }

      offset += (gsize) 1 << bits;
    }

  g_assert (offset <= (directions == rook_directions ? G_N_ELEMENTS (rook_table)
                                                     : G_N_ELEMENTS (bishop_table)));
}

static void
init_leapers (void)
{
  static const int knight[8][2] = { { 1, 2 },   { 2, 1 },   { 2, -1 }, { 1, -2 },
                                    { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  static const int king[8][2] = { { 1, 0 },  { 1, 1 },   { 0, 1 },  { -1, 1 },
                                  { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };

  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      int file = ARB_SQUARE_FILE (sq);
      int rank = ARB_SQUARE_RANK (sq);

      for (int i = 0; i < 8; i++)
        {
          if (on_board (file + knight[i][0], rank + knight[i][1]))
            arb_knight_attacks_table[sq] |=
              ARB_BB (ARB_SQUARE (file + knight[i][0], rank + knight[i][1]));
          if (on_board (file + king[i][0], rank + king[i][1]))
            arb_king_attacks_table[sq] |=
              ARB_BB (ARB_SQUARE (file + king[i][0], rank + king[i][1]));
        }

      for (int df = -1; df <= 1; df += 2)
        {
          if (on_board (file + df, rank + 1))
            arb_pawn_attacks_table[0][sq] |= ARB_BB (ARB_SQUARE (file + df, rank + 1));
          if (on_board (file + df, rank - 1))
            arb_pawn_attacks_table[1][sq] |= ARB_BB (ARB_SQUARE (file + df, rank - 1));
        }
    }
}

static void
init_lines (void)
{
  for (ArbSquare a = 0; a < 64; a++)
    for (ArbSquare b = 0; b < 64; b++)
      {
        if (a == b)
          continue;

        if (slide (a, 0, rook_directions) & ARB_BB (b))
          {
            arb_line_table[a][b] = (slide (a, 0, rook_directions) & slide (b, 0, rook_directions)) |
                                   ARB_BB (a) | ARB_BB (b);
            arb_between_table[a][b] =
              slide (a, ARB_BB (b), rook_directions) & slide (b, ARB_BB (a), rook_directions);
          }
        else if (slide (a, 0, bishop_directions) & ARB_BB (b))
          {
            arb_line_table[a][b] =
              (slide (a, 0, bishop_directions) & slide (b, 0, bishop_directions)) | ARB_BB (a) |
              ARB_BB (b);
            arb_between_table[a][b] =
              slide (a, ARB_BB (b), bishop_directions) & slide (b, ARB_BB (a), bishop_directions);
          }
      }
}

void
arb_bitboard_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      init_leapers ();
      init_lines ();
      init_magics (arb_rook_magics, rook_table, rook_directions, rook_magic_numbers,
                   G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
      init_magics (arb_bishop_magics, bishop_table, bishop_directions, bishop_magic_numbers,
                   G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
      g_once_init_leave (&initialized, 1);
    }
}

ArbSquare
arb_square_parse (const char *text)
{
  if (text == NULL || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return ARB_NO_SQUARE;
  return ARB_SQUARE (text[0] - 'a', text[1] - '1');
}

void
arb_square_write (ArbSquare sq, char buf[3])
{
  g_return_if_fail (sq >= 0 && sq < 64);

  buf[0] = (char) ('a' + ARB_SQUARE_FILE (sq));
  buf[1] = (char) ('1' + ARB_SQUARE_RANK (sq));
  buf[2] = '\0';
}
