/* arb-ruling-facts.h: the facts of a ruling that the program can establish
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-edition.h"
#include "arb-laws.h"
#include "arb-position.h"
#include "arb-unwinnable.h"

G_BEGIN_DECLS

/* The Laws engine (arb-laws.h) does not look at the board: the facts it
 * needs from the game are established here, once, for every caller (the
 * command-line tool and the window's ruling flows): can the opponent still
 * checkmate, is a 9.2/9.3 claim correct, what does a written or sealed move
 * mean. Each answer is a fact the arbiter sees; where the program cannot
 * prove it, it says so, and the arbiter decides. */

/* What the program knows about a fact. */
typedef enum
{
  ARB_PROOF_UNKNOWN, /* not proven either way: the arbiter judges */
  ARB_PROOF_TRUE,    /* proven true */
  ARB_PROOF_FALSE,   /* proven false */
} ArbProof;

/* Whether @side cannot checkmate the opponent by any series of legal moves
 * (2018/2023 5.2.2, 6.9, 7.5.5; 2001/2009 6.10, 7.4b), decided by the
 * unwinnability search (arb-unwinnable.h) under the latest edition: TRUE
 * when proven that no series mates, FALSE when a helpmate was found,
 * UNKNOWN when the search's budget ran out. */
ArbProof arb_ruling_facts_cannot_mate (const ArbPosition *pos, ArbColor side);

/* The same within @node_budget nodes (0: the default), e.g.
 * ARB_UNWINNABLE_QUICK_BUDGET where the window waits for the answer. */
ArbProof arb_ruling_facts_cannot_mate_within (const ArbPosition *pos,
                                              ArbColor side,
                                              guint64 node_budget);

/* The same with everything the search found, for a ruling that shows it:
 * the helpmate line (arb_unwinnable_line_to_san()) or how the impossibility
 * was proven. From the 2014 edition on the 75-move rule (9.6.2) bounds the
 * series; before, it does not. */
ArbProof arb_ruling_facts_mate_search (const ArbPosition *pos,
                                       ArbColor side,
                                       ArbEdition edition,
                                       ArbUnwinnableResult *result);

/* The same, ended early (UNKNOWN) when @stop (asked from the searching
 * thread every few thousand nodes) returns TRUE: for a question whose
 * asker went away. */
ArbProof arb_ruling_facts_mate_search_until (const ArbPosition *pos,
                                             ArbColor side,
                                             ArbEdition edition,
                                             gboolean (*stop) (gpointer data),
                                             gpointer stop_data,
                                             ArbUnwinnableResult *result);

/* Reads a move as a player writes it, in any notation players use: the
 * English, Scandinavian (K D T L S) or Dutch (K D T L P) piece letters,
 * short or long ("Nd2", "Nb1-d2", "Sb1d2"), with or without "x", ":", "+",
 * "#", "=" or "e.p.", castling as O-O or 0-0, pawn moves as "e4", "e2-e4",
 * "Pe4" or "e2e4", promotions as "e8=Q", "e8Q", "e8D" or "e7-e8=D". A move
 * is judged by its meaning (2018 E.8 / 2023 I.8; 2001 A8): VALID when
 * exactly one legal move reads so in some notation, AMBIGUOUS when several
 * do (a promotion without its piece, or "Pe4" read as an English pawn and a
 * Dutch knight), ILLEGAL when it reads as a move but no legal move matches,
 * UNREADABLE when it does not read as a move at all. @move gets the move
 * when VALID, ARB_MOVE_NONE otherwise. */
ArbSealedValidity arb_ruling_facts_read_move (const ArbPosition *pos,
                                              const char *text,
                                              ArbMove *move);

/* The sealed move at resumption: whether it is valid, and whether it ends
 * the game (mate, stalemate, a dead position by material). */
void arb_ruling_facts_sealed_move (const ArbPosition *before,
                                   const char *text,
                                   ArbSealedValidity *validity,
                                   ArbSealedOutcome *outcome,
                                   ArbMove *move);

/* The most occurrences a claim check lists. */
#define ARB_CLAIM_CHECK_MAX_PLIES 8

typedef struct
{
  /* The written move (9.2.1.1 / 9.3.1), if any: how it reads. */
  ArbSealedValidity written_validity;
  ArbMove written;
  /* The claim is correct for the position on the board, or after the
   * written move. */
  gboolean correct;
  /* Threefold: how often the claimed position has stood, and at which plies
   * (the ply after the game's moves stands for the written move). */
  guint occurrences;
  guint plies[ARB_CLAIM_CHECK_MAX_PLIES];
  guint n_plies;
  /* Fifty: moves by each player without a capture or a pawn move. */
  guint quiet_moves;
  /* The ply of the claimed position. */
  guint ply;
} ArbClaimCheck;

/* Checks a 9.2 or 9.3 claim on the game from @start through @moves (all
 * legal, as recorded), with the move written on the scoresheet if
 * @written is not NULL or empty. FALSE when the written move is not a legal
 * move read one way (@check->written_validity says why) or the moves do not
 * replay; the claim is then not judged. */
gboolean arb_ruling_facts_check_claim (const ArbPosition *start,
                                       const ArbMove *moves,
                                       guint n_moves,
                                       ArbEdition edition,
                                       ArbClaimKind kind,
                                       const char *written,
                                       ArbClaimCheck *check);

G_END_DECLS
