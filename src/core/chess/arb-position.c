/* arb-position.c: positions, attacks, make and unmake, perft
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The legal moves are generated in arb-position-movegen.c.
 */

#include "arb-position.h"
#include "arb-position-private.h"

#include <string.h>

static guint64 zobrist_piece[16][64];
static guint64 zobrist_castling[64];
static guint64 zobrist_ep[8];
static guint64 zobrist_side;

void
arb_position_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      guint64 state = G_GUINT64_CONSTANT (0x2545F4914F6CDD1D);

      arb_bitboard_init ();

      /* splitmix64: a fixed seed, so keys are stable across runs. */
#define NEXT_RANDOM()                                \
  (state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15), \
   ((state ^ (state >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9)))
      for (int p = 0; p < 16; p++)
        for (int sq = 0; sq < 64; sq++)
          {
            guint64 z = NEXT_RANDOM ();
            z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
            zobrist_piece[p][sq] = z ^ (z >> 31);
          }
      for (int sq = 0; sq < 64; sq++)
        {
          guint64 z = NEXT_RANDOM ();
          zobrist_castling[sq] = z ^ (z >> 31);
        }
      for (int f = 0; f < 8; f++)
        {
          guint64 z = NEXT_RANDOM ();
          zobrist_ep[f] = z ^ (z >> 31);
        }
      zobrist_side = NEXT_RANDOM ();
#undef NEXT_RANDOM

      g_once_init_leave (&initialized, 1);
    }
}

static guint64
castling_key (ArbBitboard rooks)
{
  guint64 key = 0;

  while (rooks)
    key ^= zobrist_castling[arb_bb_pop (&rooks)];
  return key;
}

static inline void
put_piece (ArbPosition *pos, ArbPiece piece, ArbSquare sq)
{
  pos->board[sq] = piece;
  pos->by_color[ARB_PIECE_COLOR (piece)] |= ARB_BB (sq);
  pos->by_type[ARB_PIECE_TYPE (piece)] |= ARB_BB (sq);
  pos->key ^= zobrist_piece[piece][sq];
}

static inline void
remove_piece (ArbPosition *pos, ArbSquare sq)
{
  ArbPiece piece = pos->board[sq];

  pos->board[sq] = ARB_NO_PIECE;
  pos->by_color[ARB_PIECE_COLOR (piece)] &= ~ARB_BB (sq);
  pos->by_type[ARB_PIECE_TYPE (piece)] &= ~ARB_BB (sq);
  pos->key ^= zobrist_piece[piece][sq];
}

static void
clear (ArbPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->ep_square = ARB_NO_SQUARE;
  pos->fullmove_number = 1;
}

ArbBitboard
arb_position_attackers_to (const ArbPosition *pos, ArbSquare sq, ArbBitboard occupied)
{
  ArbBitboard rooks = pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN];
  ArbBitboard bishops = pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN];

  return (arb_pawn_attacks (ARB_WHITE, sq) & arb_position_pieces (pos, ARB_BLACK, ARB_PAWN)) |
         (arb_pawn_attacks (ARB_BLACK, sq) & arb_position_pieces (pos, ARB_WHITE, ARB_PAWN)) |
         (arb_knight_attacks (sq) & pos->by_type[ARB_KNIGHT]) |
         (arb_king_attacks (sq) & pos->by_type[ARB_KING]) |
         (arb_rook_attacks (sq, occupied) & rooks) | (arb_bishop_attacks (sq, occupied) & bishops);
}

ArbBitboard
arb_position_checkers (const ArbPosition *pos)
{
  ArbSquare ksq = arb_position_king_square (pos, pos->side_to_move);

  if (ksq == ARB_NO_SQUARE)
    return 0;
  return arb_position_attackers_to (pos, ksq, arb_position_occupied (pos)) &
         pos->by_color[!pos->side_to_move];
}

bool
arb_position_in_check (const ArbPosition *pos)
{
  return arb_position_checkers (pos) != 0;
}

ArbSquare
arb_position_castling_rook (const ArbPosition *pos, ArbColor color, gboolean king_side)
{
  ArbSquare ksq = arb_position_king_square (pos, color);
  ArbBitboard rooks = pos->castling_rooks & ARB_RANK_BB (color == ARB_WHITE ? 0 : 7);

  if (ksq == ARB_NO_SQUARE)
    return ARB_NO_SQUARE;

  while (rooks)
    {
      ArbSquare r = arb_bb_pop (&rooks);

      if (king_side ? r > ksq : r < ksq)
        return r;
    }

  return ARB_NO_SQUARE;
}

guint64
arb_position_identity_key (const ArbPosition *pos)
{
  guint64 key = pos->key;

  /* FIDE 9.2.2 (2018/2023; 9.2 in 2001/2009): positions are the same only
   * when the same moves are possible, so the e.p. file belongs to the
   * identity only when an e.p. capture is actually legal (9.2.2.1). */
  if (pos->ep_square != ARB_NO_SQUARE && !arb_position_has_legal_en_passant (pos))
    key ^= zobrist_ep[ARB_SQUARE_FILE (pos->ep_square)];

  return key;
}

/* make_move_impl's pieces: with_key FALSE leaves the Zobrist key alone
 * (perft's copies never read it). Constant-folded in each caller. */
#define MM_KEY(expr)      \
  G_STMT_START            \
  {                       \
    if (with_key)         \
      pos->key ^= (expr); \
  }                       \
  G_STMT_END

static inline __attribute__ ((always_inline)) void
put_piece_k (ArbPosition *pos, ArbPiece piece, ArbSquare sq, bool with_key)
{
  pos->board[sq] = piece;
  pos->by_color[ARB_PIECE_COLOR (piece)] |= ARB_BB (sq);
  pos->by_type[ARB_PIECE_TYPE (piece)] |= ARB_BB (sq);
  MM_KEY (zobrist_piece[piece][sq]);
}

static inline __attribute__ ((always_inline)) void
remove_piece_k (ArbPosition *pos, const ArbPiece *board, ArbSquare sq, bool with_key)
{
  ArbPiece piece = board[sq];

  pos->board[sq] = ARB_NO_PIECE;
  pos->by_color[ARB_PIECE_COLOR (piece)] &= ~ARB_BB (sq);
  pos->by_type[ARB_PIECE_TYPE (piece)] &= ~ARB_BB (sq);
  MM_KEY (zobrist_piece[piece][sq]);
}

static inline __attribute__ ((always_inline)) void
make_move_impl (ArbPosition *pos, const ArbPiece *board, ArbMove move, ArbUndo *undo, bool with_key)
{
  ArbColor us = pos->side_to_move;
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbMoveKind kind = ARB_MOVE_KIND (move);
  ArbPiece piece = board[from];
  ArbBitboard old_castling = pos->castling_rooks;

  undo->captured = ARB_NO_PIECE;
  undo->castling_rooks = pos->castling_rooks;
  undo->ep_square = pos->ep_square;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->key = pos->key;

  if (pos->ep_square != ARB_NO_SQUARE)
    MM_KEY (zobrist_ep[ARB_SQUARE_FILE (pos->ep_square)]);
  pos->ep_square = ARB_NO_SQUARE;
  pos->halfmove_clock++;

  if (kind == ARB_MOVE_CASTLING)
    {
      int rank = us == ARB_WHITE ? 0 : 7;
      gboolean king_side = to > from;
      ArbPiece rook = board[to];

      remove_piece_k (pos, board, from, with_key);
      remove_piece_k (pos, board, to, with_key);
      put_piece_k (pos, piece, ARB_SQUARE (king_side ? 6 : 2, rank), with_key);
      put_piece_k (pos, rook, ARB_SQUARE (king_side ? 5 : 3, rank), with_key);
      pos->castling_rooks &= ~ARB_RANK_BB (rank);
    }
  else
    {
      if (kind == ARB_MOVE_EN_PASSANT)
        {
          ArbSquare captured = us == ARB_WHITE ? to - 8 : to + 8;

          undo->captured = board[captured];
          remove_piece_k (pos, board, captured, with_key);
          pos->halfmove_clock = 0;
        }
      else if (board[to] != ARB_NO_PIECE)
        {
          undo->captured = board[to];
          remove_piece_k (pos, board, to, with_key);
          pos->halfmove_clock = 0;
        }

      remove_piece_k (pos, board, from, with_key);
      if (ARB_MOVE_IS_PROMOTION (move))
        put_piece_k (pos, ARB_MAKE_PIECE (us, ARB_MOVE_PROMOTION_TYPE (move)), to, with_key);
      else
        put_piece_k (pos, piece, to, with_key);

      if (ARB_PIECE_TYPE (piece) == ARB_PAWN)
        {
          pos->halfmove_clock = 0;
          if ((to ^ from) == 16)
            {
              pos->ep_square = (from + to) / 2;
              MM_KEY (zobrist_ep[ARB_SQUARE_FILE (pos->ep_square)]);
            }
        }
      else if (ARB_PIECE_TYPE (piece) == ARB_KING)
        pos->castling_rooks &= ~ARB_RANK_BB (us == ARB_WHITE ? 0 : 7);

      /* A rook that moves or is captured loses its right (3.8.2.1). */
      pos->castling_rooks &= ~(ARB_BB (from) | ARB_BB (to));
    }

  if (old_castling != pos->castling_rooks)
    MM_KEY (castling_key (old_castling ^ pos->castling_rooks));

  if (us == ARB_BLACK)
    pos->fullmove_number++;
  pos->side_to_move = !us;
  MM_KEY (zobrist_side);
}

/* Castling, e.p. and promotions with the key, out of the way of the normal
 * moves below. */
static G_GNUC_NO_INLINE void
make_special_move (ArbPosition *pos, ArbMove move, ArbUndo *undo)
{
  make_move_impl (pos, pos->board, move, undo, true);
}

/* Castling, e.p. and promotions without the key, out of the way of the
 * normal moves below (inlined, they would cost those saved registers). */
static G_GNUC_NO_INLINE void
make_special_move_unkeyed (ArbPosition *pos, ArbMove move, ArbUndo *undo)
{
  make_move_impl (pos, pos->board, move, undo, false);
}

/* Nearly every move a game, a search or validation makes is a normal one
 * (no castling, e.p. or promotion): its man moves with one exclusive or of
 * the two squares in each of its two bitboards, and, @with_key, the key
 * changes by the man's two squares, the man taken, the e.p. files, the
 * rights lost and the side; the rest go through make_move_impl(). The same
 * position and key as make_move_impl() (test-position's make-unmake
 * compares the key with a FEN's read again after every move of its games,
 * make-unkeyed the two makes on every move of its positions). */
static inline __attribute__ ((always_inline)) void
make_move_fast (ArbPosition *pos, ArbMove move, ArbUndo *undo, bool with_key)
{
  ArbColor us = pos->side_to_move;
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbPiece piece = pos->board[from];
  ArbPiece captured = pos->board[to];
  ArbBitboard from_to = ARB_BB (from) | ARB_BB (to);
  ArbBitboard old_castling = pos->castling_rooks;

  if (ARB_MOVE_KIND (move) != ARB_MOVE_NORMAL)
    {
      if (with_key)
        make_special_move (pos, move, undo);
      else
        make_special_move_unkeyed (pos, move, undo);
      return;
    }

  undo->captured = captured;
  undo->castling_rooks = old_castling;
  undo->ep_square = pos->ep_square;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->key = pos->key;

  MM_KEY (zobrist_side ^ zobrist_piece[piece][from] ^ zobrist_piece[piece][to]);
  if (pos->ep_square != ARB_NO_SQUARE)
    MM_KEY (zobrist_ep[ARB_SQUARE_FILE (pos->ep_square)]);
  pos->ep_square = ARB_NO_SQUARE;
  pos->halfmove_clock++;
  if (captured != ARB_NO_PIECE)
    {
      pos->by_color[!us] ^= ARB_BB (to);
      pos->by_type[ARB_PIECE_TYPE (captured)] ^= ARB_BB (to);
      pos->halfmove_clock = 0;
      MM_KEY (zobrist_piece[captured][to]);
    }
  pos->by_color[us] ^= from_to;
  pos->by_type[ARB_PIECE_TYPE (piece)] ^= from_to;
  pos->board[to] = piece;
  pos->board[from] = ARB_NO_PIECE;

  if (ARB_PIECE_TYPE (piece) == ARB_PAWN)
    {
      pos->halfmove_clock = 0;
      if ((to ^ from) == 16)
        {
          pos->ep_square = (from + to) / 2;
          MM_KEY (zobrist_ep[ARB_SQUARE_FILE (pos->ep_square)]);
        }
    }
  else if (ARB_PIECE_TYPE (piece) == ARB_KING)
    pos->castling_rooks &= ~ARB_RANK_BB (us == ARB_WHITE ? 0 : 7);
  /* A rook that moves or is captured loses its right (3.8.2.1, 2023). */
  pos->castling_rooks &= ~from_to;
  if (old_castling != pos->castling_rooks)
    MM_KEY (castling_key (old_castling ^ pos->castling_rooks));

  if (us == ARB_BLACK)
    pos->fullmove_number++;
  pos->side_to_move = !us;
}

void
arb_position_make_move (ArbPosition *pos, ArbMove move, ArbUndo *undo)
{
  make_move_fast (pos, move, undo, true);
}

/* Validation makes one of these for every move it reads: the key is left
 * as it was. */
void
arb_position_make_move_unkeyed (ArbPosition *pos, ArbMove move, ArbUndo *undo)
{
  make_move_fast (pos, move, undo, false);
}

#undef MM_KEY

void
arb_position_unmake_move (ArbPosition *pos, ArbMove move, const ArbUndo *undo)
{
  ArbColor us = !pos->side_to_move;
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbMoveKind kind = ARB_MOVE_KIND (move);

  pos->side_to_move = us;
  if (us == ARB_BLACK)
    pos->fullmove_number--;

  if (kind == ARB_MOVE_NORMAL)
    {
      /* The man goes back with one exclusive or a bitboard, as it came. */
      ArbPiece piece = pos->board[to];
      ArbBitboard from_to = ARB_BB (from) | ARB_BB (to);

      pos->by_color[us] ^= from_to;
      pos->by_type[ARB_PIECE_TYPE (piece)] ^= from_to;
      pos->board[from] = piece;
      pos->board[to] = undo->captured;
      if (undo->captured != ARB_NO_PIECE)
        {
          pos->by_color[!us] |= ARB_BB (to);
          pos->by_type[ARB_PIECE_TYPE (undo->captured)] |= ARB_BB (to);
        }
    }
  else if (kind == ARB_MOVE_CASTLING)
    {
      int rank = us == ARB_WHITE ? 0 : 7;
      gboolean king_side = to > from;
      ArbSquare kto = ARB_SQUARE (king_side ? 6 : 2, rank);
      ArbSquare rto = ARB_SQUARE (king_side ? 5 : 3, rank);
      ArbPiece king = pos->board[kto];
      ArbPiece rook = pos->board[rto];

      remove_piece (pos, kto);
      remove_piece (pos, rto);
      put_piece (pos, king, from);
      put_piece (pos, rook, to);
    }
  else
    {
      ArbPiece piece = pos->board[to];

      remove_piece (pos, to);
      if (ARB_MOVE_IS_PROMOTION (move))
        piece = ARB_MAKE_PIECE (us, ARB_PAWN);
      put_piece (pos, piece, from);

      if (kind == ARB_MOVE_EN_PASSANT)
        put_piece (pos, undo->captured, us == ARB_WHITE ? to - 8 : to + 8);
      else if (undo->captured != ARB_NO_PIECE)
        put_piece (pos, undo->captured, to);
    }

  pos->castling_rooks = undo->castling_rooks;
  pos->ep_square = undo->ep_square;
  pos->halfmove_clock = undo->halfmove_clock;
  pos->key = undo->key;
}

/* A leaf's copy: everything but the board of pieces, which counting never
 * reads (the generators in counting mode look at the bitboards only);
 * copying its 64 bytes for each leaf was most of the cost of a child. */
static inline void
copy_for_leaf (ArbPosition *leaf, const ArbPosition *pos)
{
  const gsize board_start = G_STRUCT_OFFSET (ArbPosition, board);
  const gsize board_end = board_start + sizeof pos->board;

  memcpy (leaf, pos, board_start);
  memcpy ((char *) leaf + board_end, (const char *) pos + board_end, sizeof *pos - board_end);
}

static guint64
perft_recursive (const ArbPosition *pos, guint depth)
{
  ArbMoveList list;
  guint64 nodes = 0;

  if (depth == 1)
    return _arb_position_count_legal (pos);
  _arb_position_generate (pos, &list);

  /* Copy-make: each child is a copy with the move made and no key (perft
   * never reads it), which profiles faster than make and unmake. The undo
   * is a dead store the compiler drops. The move reads its pieces from
   * the parent's board, so a leaf's copy can leave the board out. */
  if (depth == 2)
    for (guint i = 0; i < list.n_moves; i++)
      {
        ArbPosition leaf;
        ArbUndo undo;

        copy_for_leaf (&leaf, pos);
        make_move_impl (&leaf, pos->board, list.moves[i], &undo, false);
        nodes += _arb_position_count_legal (&leaf);
      }
  else
    for (guint i = 0; i < list.n_moves; i++)
      {
        ArbPosition child = *pos;
        ArbUndo undo;

        make_move_impl (&child, pos->board, list.moves[i], &undo, false);
        nodes += perft_recursive (&child, depth - 1);
      }

  return nodes;
}

guint64
arb_position_perft (ArbPosition *pos, guint depth)
{
  g_return_val_if_fail (pos != NULL, 0);

  if (depth == 0)
    return 1;
  return perft_recursive (pos, depth);
}

/* --- what the FEN reader needs of the above (arb-position-fen.c) --- */

guint64
_arb_position_castling_key (ArbBitboard rooks)
{
  return castling_key (rooks);
}

guint64
_arb_position_ep_key (ArbSquare ep_square)
{
  return zobrist_ep[ARB_SQUARE_FILE (ep_square)];
}

guint64
_arb_position_side_key (void)
{
  return zobrist_side;
}

void
_arb_position_put_piece (ArbPosition *pos, ArbPiece piece, ArbSquare sq)
{
  put_piece (pos, piece, sq);
}

void
_arb_position_clear (ArbPosition *pos)
{
  clear (pos);
}
