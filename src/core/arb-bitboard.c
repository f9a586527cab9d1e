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
init_magics (ArbMagic magics[64], ArbBitboard *table, const int directions[4][2], guint64 seed)
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

      for (;;)
        {
          gboolean ok = TRUE;

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
  static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
                                    { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  static const int king[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                  { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };

  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      int file = ARB_SQUARE_FILE (sq);
      int rank = ARB_SQUARE_RANK (sq);

      for (int i = 0; i < 8; i++)
        {
          if (on_board (file + knight[i][0], rank + knight[i][1]))
            arb_knight_attacks_table[sq] |= ARB_BB (ARB_SQUARE (file + knight[i][0], rank + knight[i][1]));
          if (on_board (file + king[i][0], rank + king[i][1]))
            arb_king_attacks_table[sq] |= ARB_BB (ARB_SQUARE (file + king[i][0], rank + king[i][1]));
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
            arb_line_table[a][b] = (slide (a, 0, rook_directions) & slide (b, 0, rook_directions)) | ARB_BB (a) | ARB_BB (b);
            arb_between_table[a][b] = slide (a, ARB_BB (b), rook_directions) & slide (b, ARB_BB (a), rook_directions);
          }
        else if (slide (a, 0, bishop_directions) & ARB_BB (b))
          {
            arb_line_table[a][b] = (slide (a, 0, bishop_directions) & slide (b, 0, bishop_directions)) | ARB_BB (a) | ARB_BB (b);
            arb_between_table[a][b] = slide (a, ARB_BB (b), bishop_directions) & slide (b, ARB_BB (a), bishop_directions);
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
      init_magics (arb_rook_magics, rook_table, rook_directions, G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
      init_magics (arb_bishop_magics, bishop_table, bishop_directions, G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
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
