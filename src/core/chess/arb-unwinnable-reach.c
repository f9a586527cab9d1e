/* arb-unwinnable-reach.c: where every man can ever go, given the men that
 * can never move again
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-unwinnable-private.h"

/* The argument. We make two kinds of assumption about the men on the board:
 * a set B of pawns that never capture and are never captured ("bound"), and
 * a set S of pieces other than kings that never move and are never captured
 * ("still"). From the assumptions follow, for every man, a set of squares it
 * may ever stand on (its reach) and attack; then every assumption is checked
 * against those sets, the ones that fail are dropped, and everything is
 * computed again until no assumption fails. The sets only grow as the
 * assumptions shrink, so this ends, and what is left is self-consistent:
 *
 *  - A pawn of B never leaves its file, and it can never pass a pawn of B on
 *    its file (neither can leave the file to go round), so it stays on its
 *    "lane": the squares ahead of it up to (not including) the first square
 *    held by a still man, by a stuck pawn, or by an enemy pawn of B at the
 *    start, and not beyond the lane of an own pawn of B ahead of it. A pawn
 *    of B whose next square is such a square is "stuck": it never moves.
 *    Still men and stuck pawns are the "walls": their squares are never
 *    empty and never change hands.
 *  - Any other piece moves with the walls as its only obstacles, so the
 *    flood fill of its moves over the squares that are not walls holds every
 *    square it can reach; its attacks are the moves from there, walls
 *    included.
 *  - Any other pawn pushes onto a square that is not a wall, never onto the
 *    starting square of an enemy pawn of B on its file (that pawn only comes
 *    closer and cannot be passed: behind it a push never gets there, and in
 *    front of it a push goes the other way); it captures onto a square where a capturable
 *    enemy man (not a king, not in B or S) may stand; and from a square of
 *    the last rank it goes on as a queen or a knight (a rook's and a
 *    bishop's moves are queen moves).
 *  - A king steps only onto squares that are not walls and that no still man
 *    or stuck pawn of the enemy attacks with an attack nothing can block (a
 *    pawn's or a knight's, or a piece's next to it): its region is the flood
 *    fill of those squares. A king in check from such a man must step out
 *    now and never comes back: its region grows from its legal steps.
 *
 * The checks, made against those sets: a still piece has no move (not even
 * a capture of a wall), no enemy piece or pawn outside B and S can ever
 * attack its square, and the enemy king never touches it unless a wall of
 * its own guards it for good; a pawn of B attacks no square where any enemy
 * man other than the king may stand, its lane does not reach the last rank,
 * no enemy man outside B and S attacks its lane, and the enemy king never
 * touches its lane (unless it is stuck and guarded for good, or taking it
 * would leave its side stalemated: see king_capture_ends_game()).
 *
 * By induction over the moves of any game from the position: if the
 * assumptions held before a move, the move cannot break one (a capture by a
 * pawn of B is excluded by its own check, a capture of one by the capturer's
 * check or by the attack checks, or else it ends the game in a stalemate
 * and no mate follows, a move of a still piece by its own), and
 * every man stays inside its reach (each rule above allows every move the
 * assumptions leave). So the sets are sound: no series of legal moves takes
 * a man outside them. Castling and en passant are not modelled: positions
 * where either is still possible are not judged. */

static ArbBitboard
push_bb (ArbColor color, ArbBitboard bb)
{
  return color == ARB_WHITE ? bb << 8 : bb >> 8;
}

ArbBitboard
arb_unwinnable_king_spread (ArbBitboard bb)
{
  ArbBitboard wide = bb | ((bb & ~ARB_FILE_BB (7)) << 1) | ((bb & ~ARB_FILE_A_BB) >> 1);

  return wide | (wide << 8) | (wide >> 8);
}

static ArbBitboard
flood_king (ArbBitboard from, ArbBitboard passable)
{
  ArbBitboard region = from;
  ArbBitboard frontier = from;

  while (frontier)
    {
      frontier = arb_unwinnable_king_spread (frontier) & passable & ~region;
      region |= frontier;
    }
  return region;
}

/* Every square a piece of @type starting on @from can reach when only
 * @walls block it; its attacks from there are added to @attacks. */
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
          ArbBitboard moves = arb_piece_attacks (type, sq, walls);

          hit |= moves;
          next |= moves & ~walls;
        }
      frontier = next & ~region;
      region |= frontier;
    }
  *attacks |= hit;
  return region;
}

/* --- the men --- */

static void
collect_men (ArbUnwinnableReach *r, const ArbPosition *pos)
{
  ArbBitboard occupied = arb_position_occupied (pos);

  r->n_men = 0;
  while (occupied)
    {
      ArbSquare sq = arb_bb_pop (&occupied);
      ArbPiece piece = pos->board[sq];
      ArbUnwinnableMan *m = &r->men[r->n_men];

      m->from = sq;
      m->color = ARB_PIECE_COLOR (piece);
      m->type = ARB_PIECE_TYPE (piece);
      if (m->type == ARB_KING)
        r->king[m->color] = r->n_men;
      r->n_men++;
    }
}

/* Which pawns of B never move; the walls follow. */
static void
compute_walls (ArbUnwinnableReach *r)
{
  ArbBitboard still_sq = 0, bound_sq[2] = { 0, 0 }, stuck_sq = 0;

  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (r->still & ((guint64) 1 << i))
        still_sq |= ARB_BB (m->from);
      if (r->bound & ((guint64) 1 << i))
        bound_sq[m->color] |= ARB_BB (m->from);
    }

  /* A pawn of B in front of a still man, of an enemy pawn of B, or of a
   * stuck pawn never moves. */
  r->stuck = 0;
  for (gboolean grown = TRUE; grown;)
    {
      grown = FALSE;
      for (guint i = 0; i < r->n_men; i++)
        {
          const ArbUnwinnableMan *m = &r->men[i];
          ArbBitboard next;

          if (!(r->bound & ((guint64) 1 << i)) || (r->stuck & ((guint64) 1 << i)))
            continue;
          next = push_bb (m->color, ARB_BB (m->from));
          if (next & (still_sq | bound_sq[!m->color] | stuck_sq))
            {
              r->stuck |= (guint64) 1 << i;
              stuck_sq |= ARB_BB (m->from);
              grown = TRUE;
            }
        }
    }
  r->walls = still_sq | stuck_sq;
  r->bound_starts[ARB_WHITE] = bound_sq[ARB_WHITE];
  r->bound_starts[ARB_BLACK] = bound_sq[ARB_BLACK];
}

/* The lanes of the pawns of B, the front pawn of a file first. Returns the
 * pawns whose lane would reach the last rank (they leave B). */
static guint64
compute_lanes (ArbUnwinnableReach *r)
{
  guint64 dropped = 0;

  r->lane_ends[ARB_WHITE] = r->lane_ends[ARB_BLACK] = 0;
  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    {
      /* White's front pawns have the higher squares. */
      for (guint k = 0; k < r->n_men; k++)
        {
          guint i = c == ARB_WHITE ? r->n_men - 1 - k : k;
          ArbUnwinnableMan *m = &r->men[i];
          ArbBitboard lane, next, stop;

          if (m->color != c || !(r->bound & ((guint64) 1 << i)))
            continue;
          lane = ARB_BB (m->from);
          if (r->stuck & ((guint64) 1 << i))
            {
              m->reach = lane;
              r->lane_ends[c] |= lane;
              continue;
            }
          stop = r->walls | r->bound_starts[!c] | r->lane_ends[c];
          next = push_bb (c, lane);
          while (next && !(next & stop))
            {
              lane |= next;
              next = push_bb (c, next);
            }
          if (lane & arb_promotion_rank (c))
            {
              dropped |= (guint64) 1 << i;
              continue;
            }
          m->reach = lane;
          /* The end of the lane: the square furthest ahead. */
          r->lane_ends[c] |=
            c == ARB_WHITE ? ARB_BB (63 - __builtin_clzll (lane)) : ARB_BB (arb_bb_first (lane));
        }
    }
  return dropped;
}

/* The squares a pawn outside B may stand on, growing from @cone. */
static ArbBitboard
grow_cone (const ArbUnwinnableReach *r, ArbColor c, ArbBitboard cone, ArbBitboard prey)
{
  ArbBitboard blocked = r->walls | r->bound_starts[!c];
  ArbBitboard start_rank = ARB_RANK_BB (c == ARB_WHITE ? 1 : 6);
  ArbBitboard frontier = cone & ~arb_promotion_rank (c);

  while (frontier)
    {
      ArbBitboard one = push_bb (c, frontier) & ~blocked;
      ArbBitboard two = push_bb (c, one & push_bb (c, frontier & start_rank)) & ~blocked;
      ArbBitboard take = arb_pawn_attacks_set (c, frontier) & prey;

      frontier = (one | two | take) & ~cone;
      cone |= frontier;
      frontier &= ~arb_promotion_rank (c);
    }
  return cone;
}

/* What a queen or a knight promoted on @sq reaches and attacks. With only
 * the walls as obstacles a move from x to y can be made back from y to x,
 * so one flood gives the answer for every square it reaches: the table is
 * filled a component at a time, and kept while the walls stay. */
static ArbBitboard
promoted_piece (ArbUnwinnableReach *r, int k, ArbPieceType type, ArbSquare sq, ArbBitboard *attacks)
{
  if (!(r->promo_known[k] & ARB_BB (sq)))
    {
      ArbBitboard hit = 0;
      ArbBitboard component = flood_piece (type, ARB_BB (sq), r->walls, &hit);
      ArbBitboard bb = component;

      while (bb)
        {
          ArbSquare x = arb_bb_pop (&bb);

          r->promo_reach[k][x] = component;
          r->promo_attacks[k][x] = hit;
        }
      r->promo_known[k] |= component;
    }
  *attacks |= r->promo_attacks[k][sq];
  return r->promo_reach[k][sq];
}

static ArbBitboard
promoted_reach (ArbUnwinnableReach *r, ArbSquare sq, ArbBitboard *attacks)
{
  if (r->promo_walls != r->walls)
    {
      r->promo_walls = r->walls;
      r->promo_known[0] = r->promo_known[1] = 0;
    }
  return promoted_piece (r, 0, ARB_QUEEN, sq, attacks) |
         promoted_piece (r, 1, ARB_KNIGHT, sq, attacks);
}

static gboolean
is_mobile (const ArbUnwinnableReach *r, guint i)
{
  return !((r->bound | r->still) & ((guint64) 1 << i)) && r->men[i].type != ARB_KING;
}

/* Reach and attacks of every man but the kings, under the assumptions. */
static void
compute_men (ArbUnwinnableReach *r)
{
  ArbBitboard prey[2];

  /* Pieces do not depend on the pawns. */
  for (guint i = 0; i < r->n_men; i++)
    {
      ArbUnwinnableMan *m = &r->men[i];

      m->attacks = 0;
      m->promoted = 0;
      m->cone = 0;
      if (m->type == ARB_KING)
        continue;
      if (m->type == ARB_PAWN)
        {
          if (r->bound & ((guint64) 1 << i))
            m->attacks = arb_pawn_attacks_set (m->color, m->reach);
          else
            m->reach = m->cone = ARB_BB (m->from);
          continue;
        }
      if (r->still & ((guint64) 1 << i))
        {
          m->reach = ARB_BB (m->from);
          m->attacks = arb_piece_attacks (m->type, m->from, r->walls);
          continue;
        }
      m->reach = flood_piece (m->type, ARB_BB (m->from), r->walls, &m->attacks);
    }

  /* Pawns outside B capture where capturable men may stand, and those may
   * stand where such pawns go: grow them all from below until nothing
   * changes. Every square a man really reaches is derived by these rules,
   * so the least solution holds it. */
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      prey[ARB_WHITE] = prey[ARB_BLACK] = 0;
      for (guint i = 0; i < r->n_men; i++)
        if (is_mobile (r, i))
          prey[r->men[i].color] |= r->men[i].reach;

      for (guint i = 0; i < r->n_men; i++)
        {
          ArbUnwinnableMan *m = &r->men[i];
          ArbBitboard promoted, grown;

          if (m->type != ARB_PAWN || !is_mobile (r, i))
            continue;
          grown = grow_cone (r, m->color, m->cone, prey[!m->color]);
          if (grown == m->cone)
            continue;
          changed = TRUE;
          m->cone = grown;
          promoted = grown & arb_promotion_rank (m->color);
          m->attacks = arb_pawn_attacks_set (m->color, grown & ~arb_promotion_rank (m->color));
          m->promoted = 0;
          while (promoted)
            {
              ArbSquare sq = arb_bb_pop (&promoted);

              m->promoted |= promoted_reach (r, sq, &m->attacks);
            }
          m->reach = grown | m->promoted;
        }
    }
}

static void
compute_kings (ArbUnwinnableReach *r, const ArbPosition *pos)
{
  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    r->permanent[c] = 0;
  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (r->stuck & ((guint64) 1 << i))
        r->permanent[m->color] |= arb_pawn_attacks_set (m->color, ARB_BB (m->from));
      else if (r->still & ((guint64) 1 << i))
        /* With every square filled, a piece attacks only what nothing can
         * come between. */
        r->permanent[m->color] |= arb_piece_attacks (m->type, m->from, ~(ArbBitboard) 0);
    }

  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    {
      ArbUnwinnableMan *k = &r->men[r->king[c]];
      ArbBitboard passable = ~(r->walls | r->permanent[!c]);

      r->passable[c] = passable;
      k->reach = ARB_BB (k->from);
      if (!(r->permanent[!c] & ARB_BB (k->from)))
        k->reach = flood_king (k->reach, passable);
      else
        {
          /* In check from a wall: the king must step out now (it is its side
           * to move) and can never come back. */
          ArbMoveList list;
          ArbBitboard steps = 0;

          arb_position_legal_moves (pos, &list);
          for (guint j = 0; j < list.n_moves; j++)
            if (ARB_MOVE_FROM (list.moves[j]) == k->from &&
                ARB_MOVE_KIND (list.moves[j]) != ARB_MOVE_CASTLING)
              steps |= ARB_BB (ARB_MOVE_TO (list.moves[j]));
          k->reach |= flood_king (steps & passable, passable);
        }
      k->attacks = arb_unwinnable_king_spread (k->reach);
    }
}

/* Could an enemy man standing beyond @o, seen from @k along a line with
 * only the walls in the way, give check to a king on @k once @o is left?
 * (The only check a king's move can give: a discovered one.) */
gboolean
arb_unwinnable_discovery_possible (const ArbUnwinnableReach *r,
                                   ArbColor enemy,
                                   ArbSquare k,
                                   ArbSquare o)
{
  for (int diagonal = 0; diagonal < 2; diagonal++)
    {
      ArbBitboard seen =
        diagonal ? arb_bishop_attacks (k, r->walls) : arb_rook_attacks (k, r->walls);
      ArbBitboard beyond = 0, bb;

      if (!(seen & ARB_BB (o)))
        continue;
      bb = seen;
      while (bb)
        {
          ArbSquare x = arb_bb_pop (&bb);

          if (arb_between (k, x) & ARB_BB (o))
            beyond |= ARB_BB (x);
        }
      for (guint i = 0; i < r->n_men; i++)
        {
          const ArbUnwinnableMan *m = &r->men[i];
          ArbBitboard slides = 0;

          if (m->color != enemy)
            continue;
          if (m->type == ARB_QUEEN || m->type == (diagonal ? ARB_BISHOP : ARB_ROOK))
            slides = m->reach;
          else if (m->type == ARB_PAWN)
            slides = m->promoted;
          if (slides & beyond)
            return TRUE;
        }
    }
  return FALSE;
}

/* A man @i that never moves, which only the enemy king can ever take: can
 * that capture be part of a game that goes on? Not when, wherever the
 * owner's king may stand apart from the man's square, the owner is left
 * with no legal move and no check: all its other men never move, every
 * square its king could step to is next to the capturing king, and no
 * line opens on its king from where the capturing king came. That is a
 * stalemate: the game ends there (5.2.1), so no mate comes after it. */
static gboolean
king_capture_ends_game (const ArbUnwinnableReach *r, guint i)
{
  const ArbUnwinnableMan *m = &r->men[i];
  ArbColor c = m->color;
  const ArbUnwinnableMan *own_king = &r->men[r->king[c]];
  const ArbUnwinnableMan *their_king = &r->men[r->king[!c]];
  ArbSquare p = m->from;
  ArbBitboard next_to_p = arb_king_attacks (p);
  ArbBitboard places, takeable;

  for (guint j = 0; j < r->n_men; j++)
    if (j != i && j != r->king[c] && r->men[j].color == c &&
        !((r->stuck | r->still) & ((guint64) 1 << j)))
      return FALSE;

  /* An enemy wall next to the king that no other enemy wall guards for
   * good is kept only because taking it would stalemate the enemy (this
   * same argument): the king could take it here, so it is a move. */
  takeable = r->walls & r->side_squares[!c] & ~r->permanent[!c];
  places = own_king->reach & ~next_to_p & ~ARB_BB (p);
  while (places)
    {
      ArbSquare k = arb_bb_pop (&places);
      ArbBitboard origins;

      if (arb_king_attacks (k) & (own_king->reach | takeable) & ~next_to_p & ~ARB_BB (p))
        return FALSE;
      origins = their_king->reach & next_to_p & ~arb_king_attacks (k);
      while (origins)
        if (arb_unwinnable_discovery_possible (r, !c, k, arb_bb_pop (&origins)))
          return FALSE;
    }
  return TRUE;
}

/* The assumptions that fail against the sets. */
static void
check_assumptions (ArbUnwinnableReach *r, guint64 *drop)
{
  ArbBitboard anywhere[2] = { 0, 0 }, capturers[2] = { 0, 0 };

  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (m->type == ARB_KING)
        continue;
      anywhere[m->color] |= m->reach;
      if (is_mobile (r, i))
        capturers[m->color] |= m->attacks;
    }

  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];
      ArbColor c = m->color;
      ArbBitboard king_touch = r->men[r->king[!c]].attacks;
      gboolean never_moves = (r->stuck | r->still) & ((guint64) 1 << i);
      ArbBitboard exposed = m->reach;

      if (!((r->bound | r->still) & ((guint64) 1 << i)))
        continue;
      if (m->type == ARB_KING)
        {
          /* Kings are never captured; one that has no square to go to is a
           * wall too. */
          if (m->reach != ARB_BB (m->from))
            *drop |= (guint64) 1 << i;
          continue;
        }
      if (never_moves)
        exposed &= ~r->permanent[c];
      if ((exposed & king_touch) && never_moves && king_capture_ends_game (r, i))
        exposed = 0;
      if ((m->reach & capturers[!c]) || (exposed & king_touch))
        {
          *drop |= (guint64) 1 << i;
          continue;
        }
      if (m->type == ARB_PAWN)
        {
          if (arb_pawn_attacks_set (c, m->reach) & anywhere[!c])
            *drop |= (guint64) 1 << i;
        }
      else
        {
          ArbBitboard own_walls = r->walls & r->side_squares[c];

          if (arb_piece_attacks (m->type, m->from, r->walls) & ~own_walls)
            *drop |= (guint64) 1 << i;
        }
    }
}

gboolean
arb_unwinnable_reach_compute (ArbUnwinnableReach *r, const ArbPosition *pos)
{
  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  if (pos->castling_rooks != 0)
    return FALSE;
  if (pos->ep_square != ARB_NO_SQUARE && arb_position_has_legal_en_passant (pos))
    return FALSE;

  collect_men (r, pos);
  r->promo_walls = 0;
  r->promo_known[0] = r->promo_known[1] = 0;
  r->side_squares[ARB_WHITE] = pos->by_color[ARB_WHITE];
  r->side_squares[ARB_BLACK] = pos->by_color[ARB_BLACK];
  r->bound = r->still = 0;
  for (guint i = 0; i < r->n_men; i++)
    {
      if (r->men[i].type == ARB_PAWN)
        r->bound |= (guint64) 1 << i;
      else
        r->still |= (guint64) 1 << i;
    }

  for (;;)
    {
      guint64 drop;

      compute_walls (r);
      drop = compute_lanes (r);
      if (drop == 0)
        {
          compute_men (r);
          compute_kings (r, pos);
          check_assumptions (r, &drop);
          if (drop == 0)
            return TRUE;
        }
      r->bound &= ~drop;
      r->still &= ~drop;
    }
}
