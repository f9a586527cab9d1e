/* arb-unwinnable-steer.c: where the helpmate search steers, and in what
 * order it tries moves
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Heuristics only: they decide how soon a helpmate is found, never whether
 * an answer is right (every line found is played out move by move, and
 * "cannot mate" comes from the exhaustive walk or the static proofs).
 */

#include "arb-unwinnable-steer.h"

#include <string.h>

#include "arb-unwinnable-private.h"

/* Knight moves from one square to another on an empty board (by
 * breadth-first search), and king steps, worked out once: the move scores
 * and costs ask for them at every node of the search. */
static guint8 knight_steps_table[64][64];
static guint8 distance_table[64][64];

static void
init_tables (void)
{
  static gsize initialized = 0;

  if (!g_once_init_enter (&initialized))
    return;
  for (ArbSquare a = 0; a < 64; a++)
    {
      for (ArbSquare b = 0; b < 64; b++)
        distance_table[a][b] = (guint8) MAX (ABS (ARB_SQUARE_FILE (a) - ARB_SQUARE_FILE (b)),
                                             ABS (ARB_SQUARE_RANK (a) - ARB_SQUARE_RANK (b)));
    }
  for (ArbSquare a = 0; a < 64; a++)
    {
      ArbBitboard seen = ARB_BB (a), frontier = seen;
      guint8 steps = 0;

      while (frontier)
        {
          ArbBitboard next = 0;

          while (frontier)
            {
              ArbSquare sq = arb_bb_pop (&frontier);

              knight_steps_table[a][sq] = steps;
              next |= arb_knight_attacks (sq);
            }
          frontier = next & ~seen;
          seen |= frontier;
          steps++;
        }
    }
  g_once_init_leave (&initialized, 1);
}

static int
knight_steps (ArbSquare a, ArbSquare b)
{
  return knight_steps_table[a][b];
}

static int
distance (ArbSquare a, ArbSquare b)
{
  return distance_table[a][b];
}

static int
edge_distance (ArbSquare sq)
{
  int f = ARB_SQUARE_FILE (sq), r = ARB_SQUARE_RANK (sq);

  return MIN (f, 7 - f) + MIN (r, 7 - r);
}

/* Higher is more promising. The side to be mated brings its men next to its
 * king (to take its flight squares) and its king towards the edge and
 * towards the other king, and does not take the mating side's men; the
 * mating side comes closer to the king and promotes. One loop for each
 * side, the distances to the king read from its row of the table. */
static void
score_winner_moves (const ArbPosition *pos,
                    const ArbMoveList *list,
                    ArbSquare target,
                    gint16 *scores)
{
  const guint8 *to_target = distance_table[target];
  gboolean white = pos->side_to_move == ARB_WHITE;

  for (guint i = 0; i < list->n_moves; i++)
    {
      ArbMove move = list->moves[i];
      ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);
      ArbPieceType type = ARB_PIECE_TYPE (pos->board[from]);
      int score = 0;

      if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
        {
          scores[i] = 0;
          continue;
        }
      if (ARB_MOVE_IS_PROMOTION (move))
        {
          ArbPieceType promo = ARB_MOVE_PROMOTION_TYPE (move);

          score += promo == ARB_QUEEN ? 400 : promo == ARB_KNIGHT ? 200 : 50;
        }
      if (type == ARB_PAWN)
        score += 20 + 5 * (white ? ARB_SQUARE_RANK (to) : 7 - ARB_SQUARE_RANK (to));
      else if (type == ARB_KING)
        score += 10 * (to_target[from] - to_target[to]);
      else
        score += 30 * (to_target[from] - to_target[to]) + 10 * (7 - to_target[to]);
      if (pos->board[to] != ARB_NO_PIECE)
        score += 10;
      scores[i] = (gint16) score;
    }
}

static void
score_loser_moves (const ArbPosition *pos,
                   const ArbMoveList *list,
                   ArbSquare target,
                   ArbSquare their_king,
                   gint16 *scores)
{
  const guint8 *to_target = distance_table[target], *to_theirs = distance_table[their_king];

  for (guint i = 0; i < list->n_moves; i++)
    {
      ArbMove move = list->moves[i];
      ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);
      ArbPieceType type = ARB_PIECE_TYPE (pos->board[from]);
      ArbPiece captured = pos->board[to];
      int score;

      if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
        {
          scores[i] = 0;
          continue;
        }
      if (type == ARB_KING)
        score =
          20 * (edge_distance (from) - edge_distance (to)) + 5 * (to_theirs[from] - to_theirs[to]);
      else
        score = (to_target[to] == 1 ? 40 : 10 * (to_target[from] - to_target[to])) +
                (type == ARB_PAWN ? 5 : 0);
      if (captured != ARB_NO_PIECE)
        score -= ARB_PIECE_TYPE (captured) == ARB_PAWN ? 30 : 100;
      scores[i] = (gint16) score;
    }
}

/* Stable, highest score first, by insertion: the cheapest for a few moves
 * or scores too far apart for sort_by_key(). */
static void
sort_by_insertion (ArbMove *moves, gint16 *scores, guint n)
{
  for (guint i = 1; i < n; i++)
    {
      ArbMove m = moves[i];
      gint16 s = scores[i];
      guint j = i;

      for (; j > 0 && scores[j - 1] < s; j--)
        {
          scores[j] = scores[j - 1];
          moves[j] = moves[j - 1];
        }
      scores[j] = s;
      moves[j] = m;
    }
}

#define RADIX_MIN_MOVES 12

/* The same order as sort_by_insertion() (a stable sort by score, highest
 * first, is one order only): the key is how far a score lies below the
 * highest (under 1,024), sorted by a least significant digit radix sort,
 * its two five-bit digits in turn, each pass stable. Key and move travel
 * as one word. A list of 35 moves shifts about 300 times by insertion;
 * here it is read three times. The scores are left as they were: only the
 * moves are read after a sort. */
static void
sort_by_key (ArbMove *moves, const gint16 *scores, guint n, int highest)
{
  guint32 words[ARB_MAX_MOVES], sorted[ARB_MAX_MOVES];
  guint8 low[32] = { 0 }, high[32] = { 0 };
  guint low_sum = 0, high_sum = 0;

  for (guint i = 0; i < n; i++)
    {
      guint key = (guint) (highest - scores[i]);

      words[i] = (key << 16) | moves[i];
      low[key & 31]++;
      high[key >> 5]++;
    }
  for (guint b = 0; b < 32; b++)
    {
      guint l = low[b], h = high[b];

      low[b] = (guint8) low_sum;
      high[b] = (guint8) high_sum;
      low_sum += l;
      high_sum += h;
    }
  for (guint i = 0; i < n; i++)
    sorted[low[(words[i] >> 16) & 31]++] = words[i];
  for (guint i = 0; i < n; i++)
    moves[high[sorted[i] >> 21]++] = (ArbMove) (sorted[i] & 0xffff);
}

void
arb_unwinnable_score_moves (const ArbPosition *pos,
                            const ArbMoveList *list,
                            ArbColor winner,
                            gint16 *scores)
{
  /* The king to be mated, and the mating side's king. */
  ArbSquare target = arb_position_king_square (pos, !winner);
  ArbSquare their_king = arb_position_king_square (pos, winner);

  /* A score stays within a few hundred either way. */
  init_tables ();
  if (pos->side_to_move == winner)
    score_winner_moves (pos, list, target, scores);
  else
    score_loser_moves (pos, list, target, their_king, scores);
}

void
arb_unwinnable_sort_scored (ArbMove *moves, gint16 *scores, guint n)
{
  int highest = G_MININT, lowest = G_MAXINT;

#ifdef __SSE2__
  /* Eight at a time, as arb_unwinnable_first_highest() does. */
  if (n >= 8)
    {
      __m128i high = _mm_loadu_si128 ((const __m128i *) scores), low = high;

      for (guint i = 8; i + 8 <= n; i += 8)
        {
          __m128i v = _mm_loadu_si128 ((const __m128i *) (scores + i));

          high = _mm_max_epi16 (high, v);
          low = _mm_min_epi16 (low, v);
        }
      high = _mm_max_epi16 (high, _mm_loadu_si128 ((const __m128i *) (scores + n - 8)));
      low = _mm_min_epi16 (low, _mm_loadu_si128 ((const __m128i *) (scores + n - 8)));
      high = _mm_max_epi16 (high, _mm_shuffle_epi32 (high, _MM_SHUFFLE (1, 0, 3, 2)));
      low = _mm_min_epi16 (low, _mm_shuffle_epi32 (low, _MM_SHUFFLE (1, 0, 3, 2)));
      high = _mm_max_epi16 (high, _mm_shuffle_epi32 (high, _MM_SHUFFLE (2, 3, 0, 1)));
      low = _mm_min_epi16 (low, _mm_shuffle_epi32 (low, _MM_SHUFFLE (2, 3, 0, 1)));
      high = _mm_max_epi16 (high, _mm_shufflelo_epi16 (high, _MM_SHUFFLE (2, 3, 0, 1)));
      low = _mm_min_epi16 (low, _mm_shufflelo_epi16 (low, _MM_SHUFFLE (2, 3, 0, 1)));
      highest = (gint16) _mm_extract_epi16 (high, 0);
      lowest = (gint16) _mm_extract_epi16 (low, 0);
    }
  else
#endif
    for (guint i = 0; i < n; i++)
      {
        highest = MAX (highest, scores[i]);
        lowest = MIN (lowest, scores[i]);
      }
  /* A digit's count fits in a byte: ARB_MAX_MOVES is 256 and no position
   * has more than 218 legal moves. */
  if (n < RADIX_MIN_MOVES || n > 255 || highest - lowest >= 1024)
    sort_by_insertion (moves, scores, n);
  else
    sort_by_key (moves, scores, n, highest);
}

void
arb_unwinnable_order_moves (const ArbPosition *pos, ArbMoveList *list, ArbColor winner)
{
  gint16 scores[ARB_MAX_MOVES];

  arb_unwinnable_score_moves (pos, list, winner, scores);
  arb_unwinnable_sort_scored (list->moves, scores, list->n_moves);
}

/* --- the target --- */

void
arb_unwinnable_choose_target (const ArbPosition *pos, ArbColor winner, ArbUnwinnableTarget *t)
{
  ArbBitboard our_bishops = arb_position_pieces (pos, winner, ARB_BISHOP);
  ArbBitboard their_bishops = arb_position_pieces (pos, !winner, ARB_BISHOP);
  gboolean dark = (our_bishops & ARB_DARK_SQUARES_BB) ||
                  (our_bishops == 0 && (their_bishops & ARB_LIGHT_SQUARES_BB));
  int rank = winner == ARB_WHITE ? 7 : 0;
  int step = winner == ARB_WHITE ? -2 : 2;
  /* h8 and a1 are dark, a8 and h1 light. */
  int file = (winner == ARB_WHITE) == dark ? 7 : 0;
  int inward = file == 7 ? -1 : 1;

  t->corner = ARB_SQUARE (file, rank);
  t->blocker = ARB_SQUARE (file + inward, rank);
  t->mating_king = ARB_SQUARE (file, rank + step);
  t->wide = FALSE;
  t->steps_known = FALSE;
  init_tables ();
}

void
arb_unwinnable_widen_target (ArbUnwinnableTarget *t)
{
  t->wide = TRUE;
  if (t->steps_known)
    return;
  t->steps_known = TRUE;
  for (int k = 0; k < 4; k++)
    {
      ArbPieceType type = ARB_KNIGHT + k;
      ArbBitboard seen = arb_king_attacks (t->corner), frontier = seen;
      guint8 steps = 0;

      memset (t->block_steps[k], 255, sizeof t->block_steps[k]);
      while (frontier)
        {
          ArbBitboard next = 0;

          while (frontier)
            {
              ArbSquare sq = arb_bb_pop (&frontier);

              t->block_steps[k][sq] = steps;
              next |= arb_piece_attacks (type, sq, 0);
            }
          frontier = next & ~seen;
          seen |= frontier;
          steps++;
        }
    }
}

static inline __attribute__ ((always_inline)) gboolean
approaches (ArbMove move, ArbPieceType type, ArbSquare goal)
{
  ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);

  if (type == ARB_KING)
    return distance (to, goal) < distance (from, goal);
  if (type == ARB_KNIGHT)
    return knight_steps (to, goal) < knight_steps (from, goal);
  return FALSE;
}

/* A piece of the mating side that gets out of the way: it stands on the
 * target corner or next to it and leaves, or it attacks the corner and
 * stops (the king to be mated must be able to step there first). */
static gboolean
clears_corner (const ArbPosition *pos,
               ArbMove move,
               ArbPieceType type,
               const ArbUnwinnableTarget *t)
{
  ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);
  ArbBitboard zone = arb_king_attacks (t->corner) | ARB_BB (t->corner);
  ArbBitboard occupied;

  if (type == ARB_KING || type == ARB_PAWN)
    return FALSE;
  if ((zone & ARB_BB (from)) && !(zone & ARB_BB (to)))
    return TRUE;
  occupied = arb_position_occupied (pos);
  return (arb_piece_attacks (type, from, occupied) & ARB_BB (t->corner)) &&
         !(arb_piece_attacks (type, to, occupied & ~ARB_BB (from)) & ARB_BB (t->corner));
}

int
arb_unwinnable_move_cost (const ArbPosition *pos,
                          ArbMove move,
                          ArbColor winner,
                          const ArbUnwinnableTarget *t)
{
  ArbSquare from = ARB_MOVE_FROM (move), to = ARB_MOVE_TO (move);
  ArbPieceType type = ARB_PIECE_TYPE (pos->board[from]);
  gboolean capture =
    ARB_MOVE_KIND (move) != ARB_MOVE_CASTLING &&
    (pos->board[to] != ARB_NO_PIECE || ARB_MOVE_KIND (move) == ARB_MOVE_EN_PASSANT);

  if (pos->side_to_move == winner)
    {
      if (type == ARB_PAWN || capture ||
          approaches (move, type, type == ARB_KING ? t->mating_king : t->corner) ||
          (t->wide && clears_corner (pos, move, type, t)))
        return ARB_UNWINNABLE_COST_PROGRESS;
      return ARB_UNWINNABLE_COST_NORMAL;
    }
  if (type == ARB_KING || (type == ARB_KNIGHT && !t->wide)
        ? approaches (move, type, type == ARB_KING ? t->corner : t->blocker)
      : t->wide && type >= ARB_KNIGHT && type <= ARB_QUEEN
        ? t->block_steps[type - ARB_KNIGHT][to] < t->block_steps[type - ARB_KNIGHT][from]
        : FALSE)
    return ARB_UNWINNABLE_COST_PROGRESS;
  if (capture)
    return ARB_UNWINNABLE_COST_PUNISH;
  return ARB_UNWINNABLE_COST_NORMAL;
}
