/* arb-unwinnable.h: can a side still checkmate, by any series of legal moves?
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* The question of the FIDE Laws (2018/2023) in 5.2.2 (dead position), 6.9
 * (flag fall), 7.5.5 (second illegal move) and 5.1.2 (resignation, 2023):
 * can @winner checkmate the opponent by some series of legal moves, with
 * both sides cooperating (a helpmate)?
 *
 * The decision follows the idea of Ambrona's Chess Unwinnability Analyzer
 * ("A Practical Algorithm for Chess Unwinnability", FUN 2022), in our own
 * design:
 *  1. sound static filters: the material (arb-material.h), and a
 *     semi-static analysis of where every man can ever go given the pawns
 *     and pieces that can never move again (arb-unwinnable-reach.c), which
 *     proves a side unable to mate when no square the other king can reach
 *     admits a mating pattern with the men that can get there
 *     (arb-unwinnable-static.c);
 *  2. a helpmate search by iterative deepening, where the side to be mated
 *     brings its men next to its own king and its king towards the edge,
 *     and the mating side approaches, with moves of less promise paying
 *     more depth, and a transposition table;
 *  3. if that finds nothing, an exhaustive walk over every position that
 *     can be reached, the static filters closing whatever they prove dead
 *     (each use of the semi-static analysis is charged to the budget);
 *     finishing the walk without a mate proves that there is none.
 * Everything counts against one node budget (one node = one move made).
 *
 * Answers are never wrong: CAN_MATE comes with a helpmate line that was
 * played out move by move, CANNOT_MATE with a proof; when the budget runs
 * out the answer is UNDETERMINED, with the search's best attempt (the line
 * to a check that left the fewest replies). */
typedef enum
{
  ARB_UNWINNABLE_UNDETERMINED = 0,
  ARB_UNWINNABLE_CAN_MATE,
  ARB_UNWINNABLE_CANNOT_MATE,
} ArbUnwinnableVerdict;

/* How a verdict was reached, so that a ruling can say "proven from the
 * material" or "proven by search". */
typedef enum
{
  ARB_UNWINNABLE_BY_NONE = 0, /*< skip >*/
  ARB_UNWINNABLE_BY_POSITION, /* the position on the board is already final */
  ARB_UNWINNABLE_BY_MATERIAL,
  ARB_UNWINNABLE_BY_PAWN_WALL,
  ARB_UNWINNABLE_BY_SEARCH,
  ARB_UNWINNABLE_BY_SEVENTY_FIVE_MOVES,
} ArbUnwinnableProof;

/* The longest line kept; a mate further away is still found and reported,
 * with its line cut here (line_complete is FALSE then). */
#define ARB_UNWINNABLE_LINE_MAX 1024

/* The default budget: at most about a second and a half on a desktop of
 * 2020, spent only where the filters and a short search do not settle it
 * (real game positions take a fraction of a millisecond); it decides every
 * one of the 3,606 sides of the published analyzer's hard test vectors
 * (10,000,000 is the least that does). */
#define ARB_UNWINNABLE_DEFAULT_BUDGET 12000000

/* For an answer the caller waits for on the thread that draws the window:
 * at most a few tens of milliseconds. */
#define ARB_UNWINNABLE_QUICK_BUDGET 200000

typedef struct
{
  /* Nodes (moves made) at most; 0 means ARB_UNWINNABLE_DEFAULT_BUDGET. */
  guint64 node_budget;
  /* Honour the 75-move rule (9.6.2, from the 2014 edition on): a series that
   * reaches 150 plies without a pawn move or a capture ends the game there,
   * unless its last move mates. Off, the question is the one of pure chess
   * (as the published analyzer asks it). */
  gboolean seventy_five_moves;
  /* Asked from the searching thread every few thousand nodes when not NULL:
   * TRUE ends the search at once, undetermined (a question overtaken by the
   * next move, a dialog that went away). */
  gboolean (*stop) (gpointer data);
  gpointer stop_data;
} ArbUnwinnableOptions;

typedef struct
{
  ArbUnwinnableVerdict verdict;
  ArbUnwinnableProof proof;
  /* CAN_MATE: the helpmate, from the position given; UNDETERMINED: the best
   * attempt (may be empty); CANNOT_MATE: empty. */
  guint line_length;
  gboolean line_complete;
  ArbMove line[ARB_UNWINNABLE_LINE_MAX];
  /* Moves made in all phases; never more than the budget. */
  guint64 nodes;
} ArbUnwinnableResult;

/* The search keeps its tables between runs; one per thread. */
typedef struct _ArbUnwinnable ArbUnwinnable;

ArbUnwinnable *arb_unwinnable_new (void);
void arb_unwinnable_free (ArbUnwinnable *self);

/* Decides for @winner in @pos (which is not changed). @options may be NULL
 * for the defaults. */
void arb_unwinnable_decide (ArbUnwinnable *self,
                            const ArbPosition *pos,
                            ArbColor winner,
                            const ArbUnwinnableOptions *options,
                            ArbUnwinnableResult *result);

/* Only the helpmate search, within @node_budget nodes, as the first phase of
 * arb_unwinnable_decide() runs it: TRUE with @result CAN_MATE and the line
 * when it finds a helpmate for @winner (pure chess, no 75-move rule);
 * FALSE proves nothing. */
gboolean arb_unwinnable_find_helpmate (ArbUnwinnable *self,
                                       const ArbPosition *pos,
                                       ArbColor winner,
                                       guint64 node_budget,
                                       ArbUnwinnableResult *result);

/* The same search aimed at the square where the king to be mated stands
 * instead of a corner: with most men still on the board a mate there, its
 * own men taking its flight squares, is often nearer than one in the
 * corner the other search steers the king to (after 1.d3 that one finds
 * none within 2,000 nodes, this one finds one; test-dead-memo.c). TRUE
 * proves a helpmate, FALSE nothing. */
gboolean arb_unwinnable_find_helpmate_at_king (ArbUnwinnable *self,
                                               const ArbPosition *pos,
                                               ArbColor winner,
                                               guint64 node_budget,
                                               ArbUnwinnableResult *result);

/* The same with a search made for the occasion. */
void arb_position_decide_mate (const ArbPosition *pos,
                               ArbColor winner,
                               const ArbUnwinnableOptions *options,
                               ArbUnwinnableResult *result);

/* For a CAN_MATE @result from @pos: looks for a shorter helpmate by
 * trying every series of moves, shortest first, within @node_budget
 * nodes, and puts the shortest found in @result (for the arbiter to read:
 * the search that decides steers towards a mate, not the shortest one).
 * With @seventy_five_moves no move but the mate may reach 150 plies. */
void arb_unwinnable_shorten_line (const ArbPosition *pos,
                                  ArbColor winner,
                                  gboolean seventy_five_moves,
                                  guint64 node_budget,
                                  ArbUnwinnableResult *result);

/* "can-mate", "cannot-mate", "undetermined" */
const char *arb_unwinnable_verdict_to_string (ArbUnwinnableVerdict verdict);
/* "position", "material", "pawn-wall", "search", "seventy-five-moves", or
 * NULL for none. */
const char *arb_unwinnable_proof_to_string (ArbUnwinnableProof proof);

/* The line as SAN with move numbers, from @pos: "52...b4+ 53.Kxb4" or
 * "1.e4 g5 2.Qh5". Returns an empty string for an empty line. */
char *arb_unwinnable_line_to_san (const ArbPosition *pos, const ArbMove *line, guint length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbUnwinnable, arb_unwinnable_free)

G_END_DECLS
