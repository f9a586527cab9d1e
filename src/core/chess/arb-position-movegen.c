/* arb-position-movegen.c: the legal moves of a position
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move generation is strictly legal: the checkers and the pinned pieces are
 * found once per position, and every generated move already respects them,
 * so counting moves never needs make/unmake. Only en passant, where two pawns
 * leave one rank at once, is checked by looking at the position after it.
 * One generator for each kind of man, all inlined into the few entry
 * points, each of which lists, counts, or lists only what may check.
 */

#include "arb-position.h"
#include "arb-position-private.h"

/* Is sq attacked by `by` with the given occupancy? */
static inline bool
attacked_by (const ArbPosition *pos, ArbSquare sq, ArbColor by, ArbBitboard occupied)
{
  ArbBitboard them = pos->by_color[by];

  return (arb_pawn_attacks (!by, sq) & them & pos->by_type[ARB_PAWN]) ||
         (arb_knight_attacks (sq) & them & pos->by_type[ARB_KNIGHT]) ||
         (arb_king_attacks (sq) & them & pos->by_type[ARB_KING]) ||
         (arb_rook_attacks (sq, occupied) & them &
          (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN])) ||
         (arb_bishop_attacks (sq, occupied) & them &
          (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]));
}

static inline void
add_move (ArbMoveList *list, ArbSquare from, ArbSquare to, ArbMoveKind kind)
{
  list->moves[list->n_moves++] = ARB_MOVE_MAKE (from, to, kind);
}

static inline void
add_promotions (ArbMoveList *list, ArbSquare from, ArbSquare to)
{
  add_move (list, from, to, ARB_MOVE_PROMOTE_QUEEN);
  add_move (list, from, to, ARB_MOVE_PROMOTE_ROOK);
  add_move (list, from, to, ARB_MOVE_PROMOTE_BISHOP);
  add_move (list, from, to, ARB_MOVE_PROMOTE_KNIGHT);
}

/* En passant removes two pawns from one rank, which can expose the king in
 * ways the pin mask does not see, so test the resulting position directly. */
static bool
en_passant_is_legal (const ArbPosition *pos, ArbSquare from, ArbSquare to, ArbSquare ksq)
{
  ArbColor us = pos->side_to_move;
  ArbSquare captured = us == ARB_WHITE ? to - 8 : to + 8;
  ArbBitboard occupied =
    (arb_position_occupied (pos) ^ ARB_BB (from) ^ ARB_BB (captured)) | ARB_BB (to);
  ArbBitboard them = pos->by_color[!us] & ~ARB_BB (captured);

  if (arb_rook_attacks (ksq, occupied) & them & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]))
    return false;
  if (arb_bishop_attacks (ksq, occupied) & them &
      (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]))
    return false;
  if (arb_knight_attacks (ksq) & them & pos->by_type[ARB_KNIGHT])
    return false;
  if (arb_pawn_attacks (us, ksq) & them & pos->by_type[ARB_PAWN])
    return false;
  return true;
}

/* Castling under FIDE Laws 3.8.2 (2018/2023 numbering; 3.8 b in 2001/2009)
 * and, for Chess960, the Guidelines on Chess960: every square between the
 * king and its destination and between the rook and its destination must be
 * empty but for that king and rook; the king may not be in check, nor cross
 * or land on an attacked square. The castling rook is lifted before testing
 * attacks, so a checker hidden behind it (queen a1, rook b1, king c1) is
 * seen. */
static bool
castling_is_legal (const ArbPosition *pos, ArbSquare ksq, ArbSquare rsq)
{
  ArbColor us = pos->side_to_move;
  int rank = us == ARB_WHITE ? 0 : 7;
  gboolean king_side = rsq > ksq;
  ArbSquare kto = ARB_SQUARE (king_side ? 6 : 2, rank);
  ArbSquare rto = ARB_SQUARE (king_side ? 5 : 3, rank);
  ArbBitboard occupied = arb_position_occupied (pos) ^ ARB_BB (ksq) ^ ARB_BB (rsq);
  ArbBitboard path = arb_between (ksq, kto) | ARB_BB (kto) | arb_between (rsq, rto) | ARB_BB (rto);
  ArbBitboard king_path = arb_between (ksq, kto) | ARB_BB (kto);

  if (path & occupied)
    return false;

  while (king_path)
    if (attacked_by (pos, arb_bb_pop (&king_path), !us, occupied))
      return false;

  return true;
}

/* What every piece's generator needs of the position to move in. */
typedef struct
{
  const ArbPosition *pos;
  ArbMoveList *list; /* NULL: count only */
  ArbColor us, them;
  ArbBitboard ours, theirs, occupied;
  ArbSquare ksq;
  ArbBitboard checkers, pinned;
  ArbBitboard target; /* where a piece other than the king may go */
  /* Counting every move, list only those that may check the other king
   * (_arb_position_checking_moves()). */
  bool checks;
  ArbCheckSquares cs;
} Gen;

#define ALWAYS_INLINE static inline __attribute__ ((always_inline))

/* Where a normal move of a @type from @from may go and check: onto a
 * square the man checks from, or off the line it opens. */
ALWAYS_INLINE ArbBitboard
check_targets (const Gen *g, ArbSquare from, ArbPieceType type)
{
  ArbBitboard to = g->cs.from_square[type];

  if (g->cs.openers & ARB_BB (from))
    to |= ~arb_line (from, g->cs.king);
  return to;
}

/* One move, or only its count; in checks mode, counted, and listed when
 * it is not a normal move or may check. */
ALWAYS_INLINE guint
emit_one (const Gen *g, ArbSquare from, ArbSquare to, ArbMoveKind type, ArbPieceType piece)
{
  if (g->checks)
    {
      if (type != ARB_MOVE_NORMAL || (check_targets (g, from, piece) & ARB_BB (to)))
        add_move (g->list, from, to, type);
      return 1;
    }
  if (g->list == NULL)
    return 1;
  add_move (g->list, from, to, type);
  return 0;
}

/* Emits the moves from @from to every square of @to_bb, or only counts
 * them when there is no list (perft's leaves need the number, not the
 * moves). */
ALWAYS_INLINE guint
emit_all (const Gen *g, ArbSquare from, ArbBitboard to_bb, ArbPieceType piece)
{
  guint count = 0;

  if (g->checks)
    {
      count = arb_bb_count (to_bb);
      to_bb &= check_targets (g, from, piece);
    }
  else if (g->list == NULL)
    return arb_bb_count (to_bb);
  while (to_bb)
    add_move (g->list, from, arb_bb_pop (&to_bb), ARB_MOVE_NORMAL);
  return count;
}

/* King moves: the king itself is lifted so it cannot hide behind its own
 * square from a slider. */
ALWAYS_INLINE guint
gen_king (const Gen *g)
{
  ArbBitboard bb = arb_king_attacks (g->ksq) & ~g->ours;
  guint count = 0;

  while (bb)
    {
      ArbSquare to = arb_bb_pop (&bb);

      if (!attacked_by (g->pos, to, g->them, g->occupied ^ ARB_BB (g->ksq)))
        count += emit_one (g, g->ksq, to, ARB_MOVE_NORMAL, ARB_KING);
    }
  return count;
}

/* Knights: a pinned knight can never move. */
ALWAYS_INLINE guint
gen_knights (const Gen *g)
{
  ArbBitboard bb = arb_position_pieces (g->pos, g->us, ARB_KNIGHT) & ~g->pinned;
  guint count = 0;

  while (bb)
    {
      ArbSquare from = arb_bb_pop (&bb);

      count += emit_all (g, from, arb_knight_attacks (from) & g->target, ARB_KNIGHT);
    }
  return count;
}

/* Sliders; a pinned one moves only along the line of its pin. */
ALWAYS_INLINE guint
gen_sliders (const Gen *g)
{
  const ArbPosition *pos = g->pos;
  ArbBitboard bb = g->ours & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]);
  guint count = 0;

  while (bb)
    {
      ArbSquare from = arb_bb_pop (&bb);
      ArbBitboard to_bb = arb_bishop_attacks (from, g->occupied) & g->target;
      ArbPieceType piece = ARB_BISHOP;

      if (g->pinned & ARB_BB (from))
        to_bb &= arb_line (g->ksq, from);
      /* The bitboards, not the board: perft's leaves have no board. */
      if (pos->by_type[ARB_QUEEN] & ARB_BB (from))
        {
          ArbBitboard rook_bb = arb_rook_attacks (from, g->occupied) & g->target;

          if (g->pinned & ARB_BB (from))
            rook_bb &= arb_line (g->ksq, from);
          to_bb |= rook_bb;
          piece = ARB_QUEEN;
        }
      count += emit_all (g, from, to_bb, piece);
    }
  bb = g->ours & pos->by_type[ARB_ROOK];
  while (bb)
    {
      ArbSquare from = arb_bb_pop (&bb);
      ArbBitboard to_bb = arb_rook_attacks (from, g->occupied) & g->target;

      if (g->pinned & ARB_BB (from))
        to_bb &= arb_line (g->ksq, from);
      count += emit_all (g, from, to_bb, ARB_ROOK);
    }
  return count;
}

/* Pawns reaching the squares of @set from @delta behind, as moves (four
 * on the last rank) into the list. */
ALWAYS_INLINE void
add_pawn_set (const Gen *g, ArbBitboard set, int delta, ArbBitboard promotion_rank)
{
  while (set)
    {
      ArbSquare to = arb_bb_pop (&set);

      if (ARB_BB (to) & promotion_rank)
        add_promotions (g->list, to - delta, to);
      else
        add_move (g->list, to - delta, to, ARB_MOVE_NORMAL);
    }
}

/* The pawns that are not pinned move as a set, by shifting. */
ALWAYS_INLINE guint
gen_free_pawns (const Gen *g, ArbBitboard promotion_rank)
{
  ArbColor us = g->us;
  ArbBitboard free_pawns = arb_position_pieces (g->pos, us, ARB_PAWN) & ~g->pinned;
  ArbBitboard double_rank = ARB_RANK_BB (us == ARB_WHITE ? 3 : 4);
  ArbBitboard empty = ~g->occupied;
  int forward = us == ARB_WHITE ? 8 : -8;
  ArbBitboard single, dbl, left, right;
  guint count = 0;

#define SHIFT_UP(b, n) (us == ARB_WHITE ? (b) << (n) : (b) >> (n))
  single = SHIFT_UP (free_pawns, 8) & empty;
  dbl = SHIFT_UP (single, 8) & empty & double_rank & g->target;
  single &= g->target;
  /* Captures towards the a-file and towards the h-file. */
  left =
    (us == ARB_WHITE ? (free_pawns & ~ARB_FILE_A_BB) << 7 : (free_pawns & ~ARB_FILE_A_BB) >> 9) &
    g->theirs & g->target;
  right = (us == ARB_WHITE ? (free_pawns & ~ARB_FILE_BB (7)) << 9
                           : (free_pawns & ~ARB_FILE_BB (7)) >> 7) &
          g->theirs & g->target;

  if (g->list == NULL || g->checks)
    count = arb_bb_count (single & ~promotion_rank) + arb_bb_count (dbl) +
            arb_bb_count (left & ~promotion_rank) + arb_bb_count (right & ~promotion_rank) +
            4 * (arb_bb_count (single & promotion_rank) + arb_bb_count (left & promotion_rank) +
                 arb_bb_count (right & promotion_rank));
  if (g->list == NULL)
    return count;
  if (g->checks)
    {
      /* A promotion is always listed; a pawn that opens a line checks
       * from wherever it goes off that line. In each set a square has
       * one pawn it comes from. */
      ArbBitboard may = g->cs.from_square[ARB_PAWN] | promotion_rank;
      ArbBitboard single_may = may, dbl_may = may, left_may = may, right_may = may;
      ArbBitboard openers = free_pawns & g->cs.openers;

      while (openers)
        {
          ArbSquare from = arb_bb_pop (&openers);
          ArbBitboard pawn = ARB_BB (from), off = ~arb_line (from, g->cs.king);

          single_may |= SHIFT_UP (pawn, 8) & off;
          dbl_may |= SHIFT_UP (pawn, 16) & off;
          left_may |=
            (us == ARB_WHITE ? (pawn & ~ARB_FILE_A_BB) << 7 : (pawn & ~ARB_FILE_A_BB) >> 9) & off;
          right_may |=
            (us == ARB_WHITE ? (pawn & ~ARB_FILE_BB (7)) << 9 : (pawn & ~ARB_FILE_BB (7)) >> 7) &
            off;
        }
      single &= single_may;
      dbl &= dbl_may;
      left &= left_may;
      right &= right_may;
    }
#undef SHIFT_UP
  add_pawn_set (g, single, forward, promotion_rank);
  add_pawn_set (g, dbl, 2 * forward, promotion_rank);
  add_pawn_set (g, left, us == ARB_WHITE ? 7 : -9, promotion_rank);
  add_pawn_set (g, right, us == ARB_WHITE ? 9 : -7, promotion_rank);
  return count;
}

/* Pinned pawns one by one, along their pin line only. */
ALWAYS_INLINE guint
gen_pinned_pawns (const Gen *g, ArbBitboard promotion_rank)
{
  ArbColor us = g->us;
  ArbBitboard bb = arb_position_pieces (g->pos, us, ARB_PAWN) & g->pinned;
  int forward = us == ARB_WHITE ? 8 : -8;
  guint count = 0;

  while (bb)
    {
      ArbSquare from = arb_bb_pop (&bb);
      ArbBitboard to_bb = 0;
      int one = from + forward;

      /* A pawn on its last rank (a position read with ARB_FEN_PERMISSIVE)
       * has no square ahead. */
      if (one >= 0 && one < 64 && !(g->occupied & ARB_BB (one)))
        {
          to_bb |= ARB_BB (one);
          if ((ARB_BB (one) & (us == ARB_WHITE ? ARB_RANK_BB (2) : ARB_RANK_BB (5))) &&
              !(g->occupied & ARB_BB (one + forward)))
            to_bb |= ARB_BB (one + forward);
        }
      to_bb |= arb_pawn_attacks (us, from) & g->theirs;
      to_bb &= g->target & arb_line (g->ksq, from);

      while (to_bb)
        {
          ArbSquare to = arb_bb_pop (&to_bb);

          if (!(ARB_BB (to) & promotion_rank))
            count += emit_one (g, from, to, ARB_MOVE_NORMAL, ARB_PAWN);
          else
            {
              if (g->list != NULL)
                add_promotions (g->list, from, to);
              if (g->list == NULL || g->checks)
                count += 4;
            }
        }
    }
  return count;
}

ALWAYS_INLINE guint
gen_en_passant (const Gen *g)
{
  const ArbPosition *pos = g->pos;
  ArbBitboard bb;
  guint count = 0;

  if (pos->ep_square == ARB_NO_SQUARE)
    return 0;
  bb = arb_pawn_attacks (g->them, pos->ep_square) & arb_position_pieces (pos, g->us, ARB_PAWN);
  while (bb)
    {
      ArbSquare from = arb_bb_pop (&bb);

      if (en_passant_is_legal (pos, from, pos->ep_square, g->ksq))
        count += emit_one (g, from, pos->ep_square, ARB_MOVE_EN_PASSANT, ARB_PAWN);
    }
  return count;
}

ALWAYS_INLINE guint
gen_castling (const Gen *g)
{
  ArbBitboard rooks;
  guint count = 0;

  if (g->checkers || !(g->pos->castling_rooks & g->ours))
    return 0;
  rooks = g->pos->castling_rooks & g->ours & ARB_RANK_BB (g->us == ARB_WHITE ? 0 : 7);
  while (rooks)
    {
      ArbSquare rsq = arb_bb_pop (&rooks);

      /* Every square between king and rook lies on one of the two paths
       * castling_is_legal() wants empty, whatever the Chess960 start, so
       * a piece there settles it without the call (most nodes of perft
       * from the start position still have their rights). */
      if (arb_between (g->ksq, rsq) & g->occupied)
        continue;
      if (castling_is_legal (g->pos, g->ksq, rsq))
        count += emit_one (g, g->ksq, rsq, ARB_MOVE_CASTLING, ARB_KING);
    }
  return count;
}

/* The enemy pieces that attack our king, and our pieces pinned to it, in
 * one pass (every node of perft asks both): an enemy slider on a line
 * through the king checks when nothing stands between, and pins when one
 * piece of ours alone does. Sliders are found on the empty board, so no
 * attack of the king's square with the real occupancy is needed. */
ALWAYS_INLINE void
checkers_and_pins (Gen *g)
{
  const ArbPosition *pos = g->pos;
  ArbSquare ksq = g->ksq;
  ArbBitboard snipers;

  g->checkers = g->theirs & ((arb_pawn_attacks (g->us, ksq) & pos->by_type[ARB_PAWN]) |
                             (arb_knight_attacks (ksq) & pos->by_type[ARB_KNIGHT]) |
                             (arb_king_attacks (ksq) & pos->by_type[ARB_KING]));
  g->pinned = 0;
  snipers = g->theirs &
            ((arb_rook_attacks (ksq, 0) & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN])) |
             (arb_bishop_attacks (ksq, 0) & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN])));
  while (snipers)
    {
      ArbSquare s = arb_bb_pop (&snipers);
      ArbBitboard between = arb_between (ksq, s) & g->occupied;

      if (between == 0)
        g->checkers |= ARB_BB (s);
      else if (!arb_bb_more_than_one (between) && (between & g->ours))
        g->pinned |= between;
    }
}

/* Fills in what every generator needs; FALSE when there is no king. */
ALWAYS_INLINE bool
gen_setup (Gen *g, const ArbPosition *pos, ArbMoveList *list, ArbColor us)
{
  g->pos = pos;
  g->list = list;
  g->us = us;
  g->them = !g->us;
  g->ours = pos->by_color[g->us];
  g->theirs = pos->by_color[g->them];
  g->occupied = g->ours | g->theirs;
  g->ksq = arb_position_king_square (pos, g->us);
  g->pinned = g->target = 0;
  g->checks = false;
  if (list != NULL)
    list->n_moves = 0;
  if (g->ksq == ARB_NO_SQUARE)
    return false;
  checkers_and_pins (g);
  return true;
}

/* Where a piece other than the king may go (not in double
 * check). */
ALWAYS_INLINE void
gen_restrict (Gen *g)
{
  g->target =
    g->checkers ? (arb_between (g->ksq, arb_bb_first (g->checkers)) | g->checkers) : ~g->ours;
  g->target &= ~g->ours;
}

/* The side to move does not give check already (the other side would be
 * in check with it to move), so a man on a line of its own through the
 * other king that leaves it for another square of that line leaves the
 * line blocked. */
ALWAYS_INLINE void
check_squares_fill (const ArbPosition *pos, ArbCheckSquares *cs)
{
  ArbColor us = pos->side_to_move;
  ArbSquare king = arb_position_king_square (pos, !us);
  ArbBitboard ours = pos->by_color[us], occupied = arb_position_occupied (pos);
  ArbBitboard queens = pos->by_type[ARB_QUEEN], snipers, diagonal, straight;

  cs->openers = 0;
  if (king == ARB_NO_SQUARE)
    {
      /* Nothing to check: ~0 lets every move pass as one that may. */
      for (int t = ARB_NO_PIECE_TYPE; t <= ARB_KING; t++)
        cs->from_square[t] = ~(ArbBitboard) 0;
      cs->king = ARB_SQUARE (0, 0);
      return;
    }
  diagonal = arb_bishop_attacks (king, occupied);
  straight = arb_rook_attacks (king, occupied);
  cs->king = king;
  cs->from_square[ARB_NO_PIECE_TYPE] = 0;
  cs->from_square[ARB_PAWN] = arb_pawn_attacks (!us, king);
  cs->from_square[ARB_KNIGHT] = arb_knight_attacks (king);
  cs->from_square[ARB_BISHOP] = diagonal;
  cs->from_square[ARB_ROOK] = straight;
  cs->from_square[ARB_QUEEN] = diagonal | straight;
  cs->from_square[ARB_KING] = 0;
  snipers = ours & ((arb_rook_attacks (king, 0) & (pos->by_type[ARB_ROOK] | queens)) |
                    (arb_bishop_attacks (king, 0) & (pos->by_type[ARB_BISHOP] | queens)));
  while (snipers)
    {
      ArbBitboard between = arb_between (arb_bb_pop (&snipers), king) & occupied;

      if (between != 0 && !arb_bb_more_than_one (between) && (between & ours))
        cs->openers |= between;
    }
}

/* Legal moves of the side to move, written to list, or counted when list is
 * NULL; with @checks, counted, and only those that may check listed.
 * Always inlined into its callers, as are the generators of each piece,
 * so the counting variant loses every store. */
ALWAYS_INLINE guint
generate_impl (const ArbPosition *pos, ArbMoveList *list, ArbColor us, bool checks)
{
  Gen g;
  ArbBitboard promotion_rank;
  guint count;

  if (!gen_setup (&g, pos, list, us))
    return 0;
  g.checks = checks;
  if (checks)
    check_squares_fill (pos, &g.cs);
  count = gen_king (&g);
  if (arb_bb_more_than_one (g.checkers))
    return list != NULL && !checks ? list->n_moves : count;

  gen_restrict (&g);
  promotion_rank = ARB_RANK_BB (g.us == ARB_WHITE ? 7 : 0);

  count += gen_knights (&g);
  count += gen_sliders (&g);
  count += gen_free_pawns (&g, promotion_rank);
  count += gen_pinned_pawns (&g, promotion_rank);
  count += gen_en_passant (&g);
  count += gen_castling (&g);
  return list != NULL && !checks ? list->n_moves : count;
}

/* attacked_by() for the king's steps, with a slider's lookup by the
 * occupancy only when one stands on a line through the square: perf put
 * half of the test's time on the loads from the large tables of slider
 * attacks, mostly for lines no slider was on. */
ALWAYS_INLINE bool
step_attacked (const ArbPosition *pos, ArbSquare sq, ArbColor by, ArbBitboard occupied)
{
  ArbBitboard them = pos->by_color[by];
  ArbBitboard straight = them & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]);
  ArbBitboard diagonal = them & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]);

  if ((arb_pawn_attacks (!by, sq) & them & pos->by_type[ARB_PAWN]) ||
      (arb_knight_attacks (sq) & them & pos->by_type[ARB_KNIGHT]) ||
      (arb_king_attacks (sq) & them & pos->by_type[ARB_KING]))
    return true;
  if ((_arb_straight_lines (sq) & straight) && (arb_rook_attacks (sq, occupied) & straight))
    return true;
  return (_arb_diagonal_lines (sq) & diagonal) && (arb_bishop_attacks (sq, occupied) & diagonal);
}

/* Whether the king of the side to move has a step to a square no enemy
 * piece attacks, with the king taken off the board so that it does not
 * hide a square behind it from a slider: such a step is legal, in check
 * or not, and needs neither the checkers nor the pins. */
ALWAYS_INLINE bool
king_has_safe_step (const ArbPosition *pos)
{
  ArbColor us = pos->side_to_move;
  ArbSquare ksq = arb_position_king_square (pos, us);
  ArbBitboard steps, occupied;

  if (ksq == ARB_NO_SQUARE)
    return false;
  steps = arb_king_attacks (ksq) & ~pos->by_color[us];
  occupied = (pos->by_color[ARB_WHITE] | pos->by_color[ARB_BLACK]) ^ ARB_BB (ksq);
  while (steps)
    if (!step_attacked (pos, arb_bb_pop (&steps), !us, occupied))
      return true;
  return false;
}

/* Whether there is a legal move at all: the generators in counting mode,
 * the cheap ones first, stopping at the first that finds one (a game's
 * every ply asks this for mate and stalemate). With @king_tried, the
 * caller has found no safe king step already, so the king's moves are
 * not tried again. */
ALWAYS_INLINE bool
any_legal_move (const ArbPosition *pos, bool *in_check, bool king_tried)
{
  Gen g;
  ArbBitboard promotion_rank;

  *in_check = false;
  if (!gen_setup (&g, pos, NULL, pos->side_to_move))
    return false;
  *in_check = g.checkers != 0;
  if (arb_bb_more_than_one (g.checkers))
    return !king_tried && gen_king (&g) > 0;
  gen_restrict (&g);
  promotion_rank = ARB_RANK_BB (g.us == ARB_WHITE ? 7 : 0);
  return gen_knights (&g) > 0 || gen_free_pawns (&g, promotion_rank) > 0 || gen_sliders (&g) > 0 ||
         (!king_tried && gen_king (&g) > 0) || gen_pinned_pawns (&g, promotion_rank) > 0 ||
         gen_en_passant (&g) > 0 || gen_castling (&g) > 0;
}

#undef ALWAYS_INLINE

void
_arb_position_generate (const ArbPosition *pos, ArbMoveList *list)
{
  if (pos->side_to_move == ARB_WHITE)
    generate_impl (pos, list, ARB_WHITE, false);
  else
    generate_impl (pos, list, ARB_BLACK, false);
}

/* perft's leaves count moves by counting bits. The baseline x86-64
 * build has no POPCNT instruction and calls a library routine for each
 * count; on x86-64 the loader picks a copy compiled with POPCNT where the
 * processor has it (bench-perft: 1.3-1.4x faster). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define COUNT_CLONES __attribute__ ((target_clones ("popcnt", "default")))
#else
#define COUNT_CLONES
#endif

COUNT_CLONES guint
_arb_position_count_legal (const ArbPosition *pos)
{
  return pos->side_to_move == ARB_WHITE ? generate_impl (pos, NULL, ARB_WHITE, false)
                                        : generate_impl (pos, NULL, ARB_BLACK, false);
}

void
arb_position_legal_moves (const ArbPosition *pos, ArbMoveList *list)
{
  g_return_if_fail (pos != NULL && list != NULL);

  _arb_position_generate (pos, list);
}

void
_arb_position_check_squares (const ArbPosition *pos, ArbCheckSquares *cs)
{
  check_squares_fill (pos, cs);
}

/* It counts bits too. */
COUNT_CLONES guint
_arb_position_checking_moves (const ArbPosition *pos, ArbMoveList *list)
{
  list->n_moves = 0;
  return pos->side_to_move == ARB_WHITE ? generate_impl (pos, list, ARB_WHITE, true)
                                        : generate_impl (pos, list, ARB_BLACK, true);
}

/* any_legal_move() counts bits too (the pawns move as sets). */
COUNT_CLONES static bool
has_legal_move (const ArbPosition *pos, bool *in_check)
{
  return any_legal_move (pos, in_check, false);
}

/* Without the check, a safe king step settles most positions before the
 * checkers and pins are found (a game's plies, the search's nodes). */
COUNT_CLONES static bool
has_legal_move_unchecked (const ArbPosition *pos)
{
  bool in_check;

  return king_has_safe_step (pos) || any_legal_move (pos, &in_check, true);
}

guint
arb_position_count_legal_moves (const ArbPosition *pos)
{
  g_return_val_if_fail (pos != NULL, 0);

  return _arb_position_count_legal (pos);
}

bool
arb_position_has_legal_move (const ArbPosition *pos)
{
  return has_legal_move_unchecked (pos);
}

bool
arb_position_has_legal_move_and_check (const ArbPosition *pos, bool *in_check)
{
  return has_legal_move (pos, in_check);
}

bool
arb_position_is_legal (const ArbPosition *pos, ArbMove move)
{
  ArbMoveList list;
  int quick = _arb_position_quick_legal (pos, move);

  if (quick >= 0)
    return quick > 0;
  _arb_position_generate (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    if (list.moves[i] == move)
      return true;
  return false;
}

bool
arb_position_is_checkmate (const ArbPosition *pos)
{
  return arb_position_in_check (pos) && !arb_position_has_legal_move (pos);
}

bool
arb_position_is_stalemate (const ArbPosition *pos)
{
  return !arb_position_in_check (pos) && !arb_position_has_legal_move (pos);
}

bool
arb_position_gives_check (const ArbPosition *pos, ArbMove move)
{
  ArbPosition copy = *pos;
  ArbUndo undo;

  arb_position_make_move (&copy, move, &undo);
  return arb_position_in_check (&copy);
}

bool
arb_position_has_legal_en_passant (const ArbPosition *pos)
{
  ArbColor us = pos->side_to_move;
  ArbBitboard capturers;
  ArbSquare ksq;

  if (pos->ep_square == ARB_NO_SQUARE)
    return false;

  ksq = arb_position_king_square (pos, us);
  capturers = arb_pawn_attacks (!us, pos->ep_square) & arb_position_pieces (pos, us, ARB_PAWN);

  /* A capturing pawn pinned to its king, or a check the capture does not
   * answer, makes the capture illegal. */
  while (capturers)
    {
      ArbSquare from = arb_bb_pop (&capturers);

      if (en_passant_is_legal (pos, from, pos->ep_square, ksq))
        return true;
    }

  return false;
}
