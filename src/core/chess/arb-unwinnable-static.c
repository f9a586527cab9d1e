/* arb-unwinnable-static.c: proofs without search that a side cannot mate
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-unwinnable-private.h"

/* The argument. arb-unwinnable-reach.c gives, for every man, a set of
 * squares it can ever stand on and attack, whatever both sides play. A
 * checkmate of the loser's king on a square s needs, at one moment:
 *
 *  1. s in the loser king's region (its king never stands elsewhere);
 *  2. a man of the winner, other than the king, attacking s;
 *  3. every square next to s where the loser's king could stand (not a wall,
 *     not attacked for good by a wall of the winner: those it never enters)
 *     either attacked by a man of the winner (a square held by a winner's
 *     man that no other man of his defends is a flight too, so "attacked" is
 *     what counts), or held by a man of the loser; and the loser's men
 *     holding them are different men.
 *
 * We over-approximate what a man of the winner can attack at that moment:
 * from one square of its reach, with only the walls blocking its lines (the
 * king on s does not block: a flight behind the king on the checking line is
 * attacked). The squares of the 3x3 block around s that it attacks from one
 * square form a "pattern"; bigger patterns only help the winner, so only the
 * maximal ones are kept. Trying every combination of one pattern per man
 * (the winner's king included, which never stands next to s), and for the
 * flights left uncovered a matching to distinct men of the loser that can
 * reach them, over-approximates every mate. When the combinations are too
 * many, a man's patterns are replaced by their union, which only adds
 * mates. If no square s passes, no series of legal moves mates: FIDE Laws
 * 2018/2023, 5.2.2 and 6.9, "by any series of legal moves".
 *
 * This covers bishops of one colour: they never attack a square of the other
 * colour, so the flights of that colour must be blocked by the loser's own
 * men, and counting those men settles it. The cheaper test asks only 1 and
 * 2: if no square of the region can ever be attacked, the side cannot even
 * give check. */

#define MAX_PATTERNS 24
#define MAX_COMBINATIONS 20000

typedef struct
{
  guint n;
  ArbBitboard p[MAX_PATTERNS];
} Patterns;

/* The region where the loser's king may be mated: its reach, without its
 * square now if a wall gives check there (it leaves and never returns). */
static ArbBitboard
mating_region (const ArbUnwinnableReach *r, ArbColor loser)
{
  const ArbUnwinnableMan *k = &r->men[r->king[loser]];

  return k->reach & ~(r->permanent[!loser] & ARB_BB (k->from));
}

static gboolean
never_checks (const ArbUnwinnableReach *r, ArbColor winner)
{
  ArbBitboard attacks = 0;

  for (guint i = 0; i < r->n_men; i++)
    if (r->men[i].color == winner && r->men[i].type != ARB_KING)
      attacks |= r->men[i].attacks;
  return (attacks & mating_region (r, !winner)) == 0;
}

static void
add_pattern (Patterns *ps, ArbBitboard mask)
{
  guint j = 0;

  if (mask == 0)
    return;
  for (guint i = 0; i < ps->n; i++)
    if ((ps->p[i] & mask) == mask)
      return;
  for (guint i = 0; i < ps->n; i++)
    if ((ps->p[i] & mask) != ps->p[i])
      ps->p[j++] = ps->p[i];
  ps->n = j;
  if (ps->n == MAX_PATTERNS)
    {
      /* Too many to keep apart: their union stands for all of them. */
      for (guint i = 1; i < ps->n; i++)
        ps->p[0] |= ps->p[i];
      ps->p[0] |= mask;
      ps->n = 1;
      return;
    }
  ps->p[ps->n++] = mask;
}

static void
piece_patterns (Patterns *ps,
                ArbPieceType type,
                ArbBitboard squares,
                ArbSquare s,
                ArbBitboard block,
                ArbBitboard walls)
{
  ArbBitboard candidates = 0;
  ArbBitboard bb = block;

  /* x attacks y exactly when y attacks x, with the same obstacles. */
  while (bb)
    candidates |= arb_piece_attacks (type, arb_bb_pop (&bb), walls);
  candidates &= squares & ~ARB_BB (s);
  while (candidates)
    {
      ArbSquare x = arb_bb_pop (&candidates);

      add_pattern (ps, arb_piece_attacks (type, x, walls) & block);
    }
}

static void
man_patterns (const ArbUnwinnableReach *r, guint i, ArbSquare s, ArbBitboard block, Patterns *ps)
{
  const ArbUnwinnableMan *m = &r->men[i];

  ps->n = 0;
  if (m->type == ARB_KING)
    {
      /* Never next to the other king. */
      ArbBitboard candidates = m->reach & arb_unwinnable_king_spread (block) & ~block;

      while (candidates)
        add_pattern (ps, arb_king_attacks (arb_bb_pop (&candidates)) & block);
    }
  else if (m->type == ARB_PAWN)
    {
      gboolean capturing = !((r->bound | r->still) & ((guint64) 1 << i));
      ArbBitboard as_pawn = (capturing ? m->cone : m->reach) & ~arb_promotion_rank (m->color);
      ArbBitboard candidates = as_pawn & arb_pawn_attacks_set (!m->color, block);

      while (candidates)
        add_pattern (ps, arb_pawn_attacks (m->color, arb_bb_pop (&candidates)) & block);
      if (capturing && m->promoted)
        {
          piece_patterns (ps, ARB_QUEEN, m->promoted, s, block, r->walls);
          piece_patterns (ps, ARB_KNIGHT, m->promoted, s, block, r->walls);
        }
    }
  else
    piece_patterns (ps, m->type, m->reach, s, block, r->walls);
}

/* Can distinct men of @blockers (each a set of squares it may stand on)
 * hold every square of @need? */
static gboolean
can_block (ArbBitboard need, const ArbBitboard *blockers, guint n, guint64 used)
{
  ArbSquare sq;

  if (need == 0)
    return TRUE;
  sq = arb_bb_first (need);
  for (guint j = 0; j < n; j++)
    if (!(used & ((guint64) 1 << j)) && (blockers[j] & ARB_BB (sq)) &&
        can_block (need & (need - 1), blockers, n, used | ((guint64) 1 << j)))
      return TRUE;
  return FALSE;
}

typedef struct
{
  ArbSquare s;
  ArbBitboard flights;
  const Patterns *men;
  guint n_men;
  const ArbBitboard *blockers;
  guint n_blockers;
} Cover;

static gboolean
cover_search (const Cover *c, guint k, ArbBitboard covered)
{
  if (k == c->n_men)
    return (covered & ARB_BB (c->s)) &&
           can_block (c->flights & ~covered, c->blockers, c->n_blockers, 0);
  for (guint i = 0; i < c->men[k].n; i++)
    if (cover_search (c, k + 1, covered | c->men[k].p[i]))
      return TRUE;
  return FALSE;
}

/* Could the loser's king be mated on @s? FALSE only when proven not. */
static gboolean
mate_possible_on (const ArbUnwinnableReach *r, ArbColor winner, ArbSquare s)
{
  ArbColor loser = !winner;
  ArbBitboard block = arb_king_attacks (s) | ARB_BB (s);
  ArbBitboard flights = arb_king_attacks (s) & mating_region (r, loser) & r->passable[loser];
  Patterns men[ARB_UNWINNABLE_MAX_MEN];
  ArbBitboard blockers[ARB_UNWINNABLE_MAX_MEN];
  ArbBitboard everything = 0, reachable = 0;
  guint n_men = 0, n_blockers = 0;
  double combinations = 1;
  Cover cover;

  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (m->color == loser)
        {
          if (m->type != ARB_KING && (m->reach & flights))
            {
              blockers[n_blockers++] = m->reach & flights;
              reachable |= m->reach & flights;
            }
          continue;
        }
      man_patterns (r, i, s, block, &men[n_men]);
      if (men[n_men].n == 0)
        continue;
      for (guint j = 0; j < men[n_men].n; j++)
        everything |= men[n_men].p[j];
      combinations *= men[n_men].n;
      n_men++;
    }

  /* With everything attacked at once: a check, and blockers enough? */
  if (!(everything & ARB_BB (s)))
    return FALSE;
  if ((flights & ~everything & ~reachable) != 0 ||
      !can_block (flights & ~everything, blockers, n_blockers, 0))
    return FALSE;

  /* Too many combinations: the men with most patterns stand for the union
   * of theirs. */
  while (combinations > MAX_COMBINATIONS)
    {
      guint widest = 0;

      for (guint k = 1; k < n_men; k++)
        if (men[k].n > men[widest].n)
          widest = k;
      combinations /= men[widest].n;
      for (guint j = 1; j < men[widest].n; j++)
        men[widest].p[0] |= men[widest].p[j];
      men[widest].n = 1;
    }

  cover.s = s;
  cover.flights = flights;
  cover.men = men;
  cover.n_men = n_men;
  cover.blockers = blockers;
  cover.n_blockers = n_blockers;
  return cover_search (&cover, 0, 0);
}

/* The same test with every man of the winner's attacks taken at once (the
 * union of all its patterns) and each of the loser's men able to stand
 * anywhere in its reach: it passes whenever mate_possible_on() does, so a
 * square it rejects is rejected for good, at a fraction of the cost. */
typedef struct
{
  ArbBitboard attacks; /* of the winner's men other than the king */
  ArbBitboard king_touch;
  guint n_blockers;
  ArbBitboard blockers[ARB_UNWINNABLE_MAX_MEN];
} Summary;

static void
summarize (const ArbUnwinnableReach *r, ArbColor winner, Summary *sum)
{
  sum->attacks = sum->king_touch = 0;
  sum->n_blockers = 0;
  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (m->color == winner)
        {
          if (m->type == ARB_KING)
            sum->king_touch |= m->attacks;
          else
            sum->attacks |= m->attacks;
        }
      else if (m->type != ARB_KING)
        sum->blockers[sum->n_blockers++] = m->reach;
    }
}

static gboolean
quick_mate_possible_on (const ArbUnwinnableReach *r,
                        const Summary *sum,
                        ArbColor winner,
                        ArbSquare s)
{
  ArbBitboard flights = arb_king_attacks (s) & mating_region (r, !winner) & r->passable[!winner];
  ArbBitboard need;
  ArbBitboard blockers[ARB_UNWINNABLE_MAX_MEN];
  guint n = 0;

  if (!(sum->attacks & ARB_BB (s)))
    return FALSE;
  need = flights & ~(sum->attacks | sum->king_touch);
  if (need == 0)
    return TRUE;
  for (guint i = 0; i < sum->n_blockers; i++)
    if (sum->blockers[i] & need)
      blockers[n++] = sum->blockers[i] & need;
  return can_block (need, blockers, n, 0);
}

/* The last move. When every man of the loser but the king never moves, the
 * loser's every move is a king move, so a mate on @s comes right after its
 * king stepped onto @s from a square t next to it (or, at the start, with
 * the king already there: the caller rules out a mate in one). The mating
 * move must then attack t, the square just left. If no man of the winner
 * but the king can ever attack t, that move is a king move onto a square
 * next to t, and it gives check only by discovery: TRUE when, for every
 * such t, no king move of the winner does both. */
static gboolean
last_move_excludes (const ArbUnwinnableReach *r, ArbColor winner, ArbSquare s)
{
  const ArbUnwinnableMan *king = &r->men[r->king[winner]];
  ArbBitboard attacks = 0;
  ArbBitboard before = r->men[r->king[!winner]].reach & arb_king_attacks (s);

  for (guint i = 0; i < r->n_men; i++)
    {
      const ArbUnwinnableMan *m = &r->men[i];

      if (m->color == winner && m->type != ARB_KING)
        attacks |= m->attacks;
      else if (m->color != winner && m->type != ARB_KING &&
               !((r->stuck | r->still) & ((guint64) 1 << i)))
        return FALSE;
    }

  while (before)
    {
      ArbSquare t = arb_bb_pop (&before);
      ArbBitboard landing;

      if (attacks & ARB_BB (t))
        return FALSE;
      /* Where the winner's king may land next to t, not next to s. */
      landing = king->reach & arb_king_attacks (t) & ~arb_king_attacks (s) & ~ARB_BB (s);
      while (landing)
        {
          ArbSquare d = arb_bb_pop (&landing);
          ArbBitboard origins = king->reach & arb_king_attacks (d) &
                                ~arb_unwinnable_king_spread (ARB_BB (t) | ARB_BB (s));

          while (origins)
            if (arb_unwinnable_discovery_possible (r, winner, s, arb_bb_pop (&origins)))
              return FALSE;
        }
    }
  return TRUE;
}

/* Does the winner, to move now, mate at once? */
static gboolean
mates_in_one (const ArbPosition *pos)
{
  ArbMoveList list;

  arb_position_legal_moves (pos, &list);
  for (guint j = 0; j < list.n_moves; j++)
    {
      ArbPosition next = *pos;
      ArbUndo undo;

      arb_position_make_move (&next, list.moves[j], &undo);
      if (arb_position_is_checkmate (&next))
        return TRUE;
    }
  return FALSE;
}

gboolean
arb_unwinnable_walled_off (const ArbPosition *pos, ArbColor winner)
{
  ArbUnwinnableReach r;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (!arb_unwinnable_reach_compute (&r, pos))
    return FALSE;
  return never_checks (&r, winner);
}

gboolean
arb_unwinnable_static_dead (const ArbPosition *pos, ArbColor winner)
{
  ArbUnwinnableReach r;
  ArbBitboard region;
  Summary sum;
  int checked_now = 0; /* 1: no mate in one now, 2: one */

  g_return_val_if_fail (pos != NULL, FALSE);

  if (!arb_unwinnable_reach_compute (&r, pos))
    return FALSE;
  if (never_checks (&r, winner))
    return TRUE;
  region = mating_region (&r, !winner);
  summarize (&r, winner, &sum);
  while (region)
    {
      ArbSquare s = arb_bb_pop (&region);

      if (!quick_mate_possible_on (&r, &sum, winner, s) || !mate_possible_on (&r, winner, s))
        continue;
      if (!last_move_excludes (&r, winner, s))
        return FALSE;
      if (checked_now == 0)
        checked_now = pos->side_to_move == winner && mates_in_one (pos) ? 2 : 1;
      if (checked_now == 2)
        return FALSE;
    }
  return TRUE;
}

ArbBitboard
arb_unwinnable_fixed_pawns (const ArbPosition *pos)
{
  ArbUnwinnableReach r;
  ArbBitboard fixed = 0;

  g_return_val_if_fail (pos != NULL, 0);

  if (!arb_unwinnable_reach_compute (&r, pos))
    return 0;
  for (guint i = 0; i < r.n_men; i++)
    if (r.stuck & ((guint64) 1 << i))
      fixed |= ARB_BB (r.men[i].from);
  return fixed;
}
