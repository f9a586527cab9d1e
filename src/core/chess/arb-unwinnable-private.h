/* arb-unwinnable-private.h: the static half of the unwinnability test
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* One man on the board and where it can ever be (arb-unwinnable-reach.c). */
typedef struct
{
  ArbSquare from;
  ArbColor color;
  ArbPieceType type;
  /* Every square it may ever stand on (a pawn: as a pawn or promoted). */
  ArbBitboard reach;
  /* Every square it may ever attack from there; a king: every square next
   * to its region. */
  ArbBitboard attacks;
  /* Pawns that may capture: their squares as a pawn, and as a promoted
   * queen or knight. */
  ArbBitboard cone;
  ArbBitboard promoted;
} ArbUnwinnableMan;

#define ARB_UNWINNABLE_MAX_MEN 64

typedef struct
{
  guint n_men;
  ArbUnwinnableMan men[ARB_UNWINNABLE_MAX_MEN];
  guint king[2];
  /* Bit i for men[i]: pawns that never capture and are never captured,
   * pieces that never move and are never captured, and the pawns of the
   * first kind that never move. */
  guint64 bound;
  guint64 still;
  guint64 stuck;
  /* Squares of still pieces and stuck pawns: never empty, never taken. */
  ArbBitboard walls;
  /* For each colour: where its bound pawns start, the furthest squares of
   * their lanes, what its walls attack for good (no man can come between),
   * the squares its king may step on, its men now. */
  ArbBitboard bound_starts[2];
  ArbBitboard lane_ends[2];
  ArbBitboard permanent[2];
  ArbBitboard passable[2];
  ArbBitboard side_squares[2];
  /* What a queen [0] or knight [1] promoted on a square reaches and
   * attacks, for the walls in promo_walls, on the squares in promo_known. */
  ArbBitboard promo_walls;
  ArbBitboard promo_known[2];
  ArbBitboard promo_reach[2][64];
  ArbBitboard promo_attacks[2][64];
} ArbUnwinnableReach;

/* Computes where every man can ever go (see arb-unwinnable-reach.c for the
 * argument). FALSE when the position is not judged: castling rights or a
 * legal en passant capture remain. */
gboolean arb_unwinnable_reach_compute (ArbUnwinnableReach *r, const ArbPosition *pos);

/* Could a man of @enemy, beyond @o on a line from @k with only the walls in
 * the way, give check to a king on @k when a king leaves @o? */
gboolean arb_unwinnable_discovery_possible (const ArbUnwinnableReach *r,
                                            ArbColor enemy,
                                            ArbSquare k,
                                            ArbSquare o);

ArbBitboard arb_unwinnable_king_spread (ArbBitboard bb);

/* TRUE only when it is proven, without playing a move, that @winner can never
 * checkmate: no man of @winner can ever attack a square the opponent's king
 * can reach, or no square it can reach admits a mating pattern with the men
 * that can get there. See arb-unwinnable-static.c for the argument. FALSE
 * means "not proven". Positions with castling rights or a legal en passant
 * capture are never judged (FALSE). */
gboolean arb_unwinnable_static_dead (const ArbPosition *pos, ArbColor winner);

/* The cheaper half of it: TRUE when @winner can never even give check. */
gboolean arb_unwinnable_walled_off (const ArbPosition *pos, ArbColor winner);

/* The pawns that the same analysis proves can never move again, or be
 * captured, whatever both sides play (0 when not judged). */
ArbBitboard arb_unwinnable_fixed_pawns (const ArbPosition *pos);

/* 9.6.2 (2014 and later): 75 moves of each player, counted in plies. */
#define ARB_UNWINNABLE_SEVENTY_FIVE_PLIES 150

/* Cuts every stretch of @line[0..@length) from @root that one legal move
 * jumps over; @keys holds the position before each move and the final
 * one. Returns the new length (arb-unwinnable-line.c). */
guint _arb_unwinnable_shorten_walk_line (const ArbPosition *root,
                                         ArbMove *line,
                                         guint64 *keys,
                                         guint length);

G_END_DECLS
