/* arb-unwinnable-static.c: pawn walls that no series of moves can open
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-unwinnable-private.h"

/* The argument. Call a set B of pawns "bound" when no pawn of B can ever
 * capture or be captured. A pawn of B then never leaves its file, and it can
 * never pass the first enemy pawn of B ahead of it on that file (nor can
 * that one pass it), so it stays on its "lane": the squares from where it
 * stands up to that enemy pawn. A pawn of B whose lane is its own square is
 * "fixed": it never moves again (an enemy pawn of B right in front, or an own
 * fixed pawn). The difficulty is the "ever", which we over-approximate,
 * assuming B:
 *
 *  - a king walks only through squares that hold no fixed pawn and that no
 *    enemy fixed pawn attacks (it may never step into their check), so its
 *    squares for the rest of the game lie in the flood fill of those squares
 *    from where it stands;
 *  - any other piece moves with the fixed pawns as its only obstacles; the
 *    flood fill of its moves holds every square it can ever reach;
 *  - a pawn outside B can reach at most its forward cone: a step ahead unless
 *    a fixed pawn or an enemy pawn of B stands there (neither ever goes
 *    away), two from its starting rank, a diagonal step onto a square where
 *    an enemy man other than the king may stand, and if the cone reaches the
 *    last rank, any square a queen or a knight can reach from there;
 *  - a pawn of B stands only on its lane.
 *
 * Start with B = all pawns and drop every pawn whose lane reaches the last
 * rank, onto whose capture squares an enemy man (other than the king) may
 * come, which an enemy man may attack, or whose lane an enemy king may touch
 * (unless the pawn is fixed and guarded by an own fixed pawn). The
 * reachable sets only grow as B shrinks, so repeat until nothing changes.
 * By induction over the moves of any game from here, the pawns left in B are
 * bound indeed.
 *
 * Then the side to be mated keeps its king inside its flood fill K for the
 * rest of the game. If no square of K can ever be attacked by a man of the
 * other side (the other king never gives check; fixed pawns attack no square
 * of K by construction), that side can never even be checked, so it can
 * never be mated: FIDE Laws 2018/2023, 5.2.2 and 6.9, "by any series of
 * legal moves". Castling and en passant are left out by refusing to judge
 * positions where they are still possible. */

typedef struct
{
  /* Squares the men of a side other than the king can ever stand on, and the
   * squares they can ever attack. */
  ArbBitboard reach;
  ArbBitboard attacks;
  /* The king's flood fill and the squares next to it. */
  ArbBitboard king_region;
  ArbBitboard king_touch;
} SideReach;

/* The pawns of B, their lanes and the fixed ones among them. */
typedef struct
{
  ArbBitboard bound;
  ArbBitboard fixed;
  ArbBitboard lane[64];
  ArbBitboard lanes[2]; /* all lanes of a colour */
  ArbBitboard lane_attacks[2];
} Bound;

static ArbBitboard
pawn_attacks_of (ArbColor color, ArbBitboard pawns)
{
  if (color == ARB_WHITE)
    return ((pawns & ~ARB_FILE_A_BB) << 7) | ((pawns & ~ARB_FILE_BB (7)) << 9);
  return ((pawns & ~ARB_FILE_A_BB) >> 9) | ((pawns & ~ARB_FILE_BB (7)) >> 7);
}

static ArbBitboard
push (ArbColor color, ArbBitboard bb)
{
  return color == ARB_WHITE ? bb << 8 : bb >> 8;
}

static ArbBitboard
king_spread (ArbBitboard bb)
{
  ArbBitboard wide = bb | ((bb & ~ARB_FILE_BB (7)) << 1) | ((bb & ~ARB_FILE_A_BB) >> 1);

  return wide | (wide << 8) | (wide >> 8);
}

static ArbBitboard
flood_king (ArbSquare from, ArbBitboard passable)
{
  ArbBitboard region = ARB_BB (from);
  ArbBitboard frontier = region;

  while (frontier)
    {
      frontier = king_spread (frontier) & passable & ~region;
      region |= frontier;
    }
  return region;
}

static ArbBitboard
piece_moves (ArbPieceType type, ArbSquare sq, ArbBitboard occupied)
{
  switch (type)
    {
    case ARB_KNIGHT:
      return arb_knight_attacks (sq);
    case ARB_BISHOP:
      return arb_bishop_attacks (sq, occupied);
    case ARB_ROOK:
      return arb_rook_attacks (sq, occupied);
    case ARB_QUEEN:
      return arb_queen_attacks (sq, occupied);
    case ARB_KING:
      return arb_king_attacks (sq);
    case ARB_PAWN:
    case ARB_NO_PIECE_TYPE:
    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* Every square men of @type starting on @from can reach when only @walls
 * block them, and (in @attacks) every square they attack from there. */
static ArbBitboard
flood_piece (ArbPieceType type, ArbBitboard from, ArbBitboard walls, ArbBitboard *attacks)
{
  ArbBitboard region = from;
  ArbBitboard frontier = from;
  ArbBitboard hit = 0;

  while (frontier)
    {
      ArbBitboard next = 0;

      while (frontier)
        {
          ArbSquare sq = arb_bb_pop (&frontier);
          ArbBitboard moves = piece_moves (type, sq, walls);

          hit |= moves;
          next |= moves & ~walls;
        }
      frontier = next & ~region;
      region |= frontier;
    }
  *attacks |= hit;
  return region;
}

/* The squares pawns of @color outside B may ever stand on, from @pawns. */
static ArbBitboard
pawn_cone (ArbColor color, ArbBitboard pawns, ArbBitboard blocked, ArbBitboard prey)
{
  ArbBitboard cone = pawns;
  ArbBitboard frontier = pawns;
  ArbBitboard start_rank = ARB_RANK_BB (color == ARB_WHITE ? 1 : 6);

  while (frontier)
    {
      ArbBitboard one = push (color, frontier) & ~blocked;
      ArbBitboard two = push (color, one & push (color, frontier & start_rank)) & ~blocked;
      ArbBitboard take = pawn_attacks_of (color, frontier) & prey;

      frontier = (one | two | take) & ~cone;
      cone |= frontier;
    }
  return cone;
}

/* Lanes for the pawns of @b->bound; drops (from the returned set) the pawns
 * whose lane would reach the last rank. */
static ArbBitboard
compute_lanes (const ArbPosition *pos, Bound *b)
{
  ArbBitboard dropped = 0;
  ArbBitboard bb = b->bound;

  b->lanes[0] = b->lanes[1] = 0;
  b->lane_attacks[0] = b->lane_attacks[1] = 0;
  while (bb)
    {
      ArbSquare sq = arb_bb_pop (&bb);
      ArbColor color = ARB_PIECE_COLOR (pos->board[sq]);
      ArbBitboard enemies = b->bound & pos->by_color[!color];
      ArbBitboard lane = ARB_BB (sq);
      ArbBitboard next = push (color, lane);

      while (next && !(next & enemies))
        {
          lane |= next;
          next = push (color, next);
        }
      if (!next)
        {
          dropped |= ARB_BB (sq);
          continue;
        }
      b->lane[sq] = lane;
      b->lanes[color] |= lane;
      b->lane_attacks[color] |= pawn_attacks_of (color, lane);
    }
  return dropped;
}

static void
compute_fixed (const ArbPosition *pos, Bound *b)
{
  ArbBitboard fixed = 0;

  /* Facing pawns of B block each other for good; behind a fixed pawn of its
   * own colour a pawn of B is stuck too. */
  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    fixed |= b->bound & pos->by_color[c] & push (!c, b->bound & pos->by_color[!c]);
  for (gboolean grown = TRUE; grown;)
    {
      ArbBitboard more = 0;

      for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
        more |= b->bound & pos->by_color[c] & push (!c, fixed & pos->by_color[c]);
      grown = (more & ~fixed) != 0;
      fixed |= more;
    }
  b->fixed = fixed;
}

static void
both_sides_reach (const ArbPosition *pos, const Bound *b, SideReach out[2])
{
  ArbBitboard fixed = b->fixed;
  ArbBitboard piece_reach[2], piece_attacks[2], cone[2], promoted_reach[2], promoted_attacks[2];

  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    {
      ArbBitboard ours = pos->by_color[c];

      piece_reach[c] = piece_attacks[c] = 0;
      for (ArbPieceType type = ARB_KNIGHT; type <= ARB_QUEEN; type++)
        {
          ArbBitboard men = pos->by_type[type] & ours;

          if (men)
            piece_reach[c] |= flood_piece (type, men, fixed, &piece_attacks[c]);
        }
      cone[c] = pos->by_type[ARB_PAWN] & ours & ~b->bound;
      promoted_reach[c] = promoted_attacks[c] = 0;
    }

  /* Pawns take only where enemy men may stand, and enemy men stand where
   * their pawns may go (and what these promote to): grow both from below
   * until nothing changes. Every square a man really reaches is derived by
   * these rules, so the least solution still contains it. */
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
        {
          ArbBitboard prey = piece_reach[!c] | cone[!c] | promoted_reach[!c] | b->lanes[!c];
          ArbBitboard blocked = fixed | (b->bound & pos->by_color[!c]);
          ArbBitboard last_rank = ARB_RANK_BB (c == ARB_WHITE ? 7 : 0);
          ArbBitboard grown;

          if (cone[c] == 0)
            continue;
          grown = pawn_cone (c, cone[c], blocked, prey);
          if (grown == cone[c])
            continue;
          changed = TRUE;
          if ((grown & last_rank) != (cone[c] & last_rank))
            {
              /* A promoted man is at most a queen or a knight in reach. */
              ArbBitboard promoted = grown & last_rank;

              promoted_attacks[c] = 0;
              promoted_reach[c] = flood_piece (ARB_QUEEN, promoted, fixed, &promoted_attacks[c]) |
                                  flood_piece (ARB_KNIGHT, promoted, fixed, &promoted_attacks[c]);
            }
          cone[c] = grown;
        }
    }

  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    {
      /* The king never steps onto a fixed pawn (its own cannot be taken, and
       * an enemy one it could take would not be bound) nor into the check of
       * an enemy fixed pawn. */
      ArbBitboard their_fixed = fixed & pos->by_color[!c];
      ArbBitboard passable = ~(fixed | pawn_attacks_of (!c, their_fixed));
      ArbBitboard last_rank = ARB_RANK_BB (c == ARB_WHITE ? 7 : 0);

      out[c].reach = piece_reach[c] | cone[c] | promoted_reach[c] | b->lanes[c];
      out[c].attacks = piece_attacks[c] | promoted_attacks[c] |
                       pawn_attacks_of (c, cone[c] & ~last_rank) | b->lane_attacks[c];
      out[c].king_region = flood_king (arb_position_king_square (pos, c), passable);
      out[c].king_touch = king_spread (out[c].king_region);
    }
}

/* One round: the pawns of B that the over-approximation cannot keep. */
static ArbBitboard
unbound_pawns (const ArbPosition *pos, const Bound *b, const SideReach reach[2])
{
  ArbBitboard dropped = 0;
  ArbBitboard bb = b->bound;

  while (bb)
    {
      ArbSquare sq = arb_bb_pop (&bb);
      ArbColor color = ARB_PIECE_COLOR (pos->board[sq]);
      const SideReach *enemy = &reach[!color];
      ArbBitboard lane = b->lane[sq];
      ArbBitboard guarded = pawn_attacks_of (color, b->fixed & pos->by_color[color]);
      ArbBitboard exposed = (b->fixed & ARB_BB (sq)) ? lane & ~guarded : lane;

      if ((pawn_attacks_of (color, lane) & enemy->reach) || (lane & enemy->attacks) ||
          (exposed & enemy->king_touch))
        dropped |= ARB_BB (sq);
    }
  return dropped;
}

static gboolean
can_be_judged (const ArbPosition *pos)
{
  if (pos->castling_rooks != 0)
    return FALSE;
  if (pos->ep_square != ARB_NO_SQUARE && arb_position_has_legal_en_passant (pos))
    return FALSE;
  return TRUE;
}

static void
settle (const ArbPosition *pos, Bound *b, SideReach reach[2])
{
  b->bound = pos->by_type[ARB_PAWN];
  for (;;)
    {
      ArbBitboard dropped = compute_lanes (pos, b);

      if (dropped)
        {
          b->bound &= ~dropped;
          continue;
        }
      compute_fixed (pos, b);
      both_sides_reach (pos, b, reach);
      dropped = unbound_pawns (pos, b, reach);
      if (dropped == 0)
        return;
      b->bound &= ~dropped;
    }
}

ArbBitboard
arb_unwinnable_fixed_pawns (const ArbPosition *pos)
{
  SideReach reach[2];
  Bound b;

  g_return_val_if_fail (pos != NULL, 0);

  if (!can_be_judged (pos))
    return 0;
  settle (pos, &b, reach);
  return b.fixed;
}

gboolean
arb_unwinnable_walled_off (const ArbPosition *pos, ArbColor winner)
{
  SideReach reach[2];
  Bound b;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (!can_be_judged (pos))
    return FALSE;
  settle (pos, &b, reach);
  return (reach[winner].attacks & reach[!winner].king_region) == 0;
}
