/* arb-scoresheet-search.h: the legal game that best explains one or two scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-position.h"
#include "arb-san.h"
#include "arb-scoresheet-reader.h"

G_BEGIN_DECLS

/* The search walks the game half-move by half-move from the start
 * position, keeping the best few hundred partial games (a beam): each is a
 * position and a place on each sheet. A step plays a legal move and reads
 * the next token for it, or reads a later token (two moves written in the
 * other order), or skips a token (written, but not in the game), or reads
 * none (a half-move never written). Every step has a cost from the cost
 * model of docs/scoresheets.md: a missing "x" costs almost nothing, a
 * changed square more, a half-move never written more still. Because
 * partial games are compared only once later moves have been read, the rest
 * of the game decides between readings that are equally good on their own
 * ("Sd2" when both knights can go there). With two sheets each is read on
 * its own and their costs add up: where both agree on a legal move nothing
 * is corrected, where they differ the move that explains both best wins and
 * the other sheet gets the correction. */

typedef enum
{
  ARB_SCORESHEET_CORRECTION_SQUARE,    /* the target square written wrong (file or rank) */
  ARB_SCORESHEET_CORRECTION_PIECE,     /* another piece's letter */
  ARB_SCORESHEET_CORRECTION_ORIGIN,    /* the square or file it came from */
  ARB_SCORESHEET_CORRECTION_CAPTURE,   /* a capture written for a move that takes nothing */
  ARB_SCORESHEET_CORRECTION_PROMOTION, /* another promotion piece, or none where one was */
  ARB_SCORESHEET_CORRECTION_CASTLING,  /* castling on the other side */
  ARB_SCORESHEET_CORRECTION_SEVERAL,   /* more than one of the above in one move */
  ARB_SCORESHEET_CORRECTION_ILLEGIBLE, /* "?", a blank cell, a move written only in part */
  ARB_SCORESHEET_CORRECTION_MISSING,   /* a half-move never written */
  ARB_SCORESHEET_CORRECTION_EXTRA,     /* a written move that is not in the game */
  ARB_SCORESHEET_CORRECTION_SWAPPED,   /* written in another order, or in the other column */
} ArbScoresheetCorrectionKind;

/* Stable names for files and JSON: "square", "piece", "origin", "capture",
 * "promotion", "castling", "several", "illegible", "missing", "extra",
 * "swapped". */
const char *arb_scoresheet_correction_kind_to_string (ArbScoresheetCorrectionKind kind);

typedef struct
{
  guint ply;   /* 1-based half-move of the game; for EXTRA the half-move it stands before */
  guint sheet; /* 0 or 1 */
  int token;   /* the token's index in its sheet, -1 for MISSING */
  ArbScoresheetCorrectionKind kind;
  char *written;          /* the token as written ("" for MISSING) */
  char read[ARB_SAN_MAX]; /* the game's move in English SAN ("" for EXTRA) */
  guint cost;
} ArbScoresheetCorrection;

typedef struct
{
  GArray *moves;       /* ArbMove, from the start position */
  GArray *corrections; /* ArbScoresheetCorrection, by ply then sheet */
  /* For each half-move (index ply - 1), the token of each sheet read for
   * it, or -1 (not written, or the sheet had ended). */
  GArray *tokens[2]; /* int */
  guint cost;
  /* For an alternative: the first half-move (1-based) where it differs
   * from the best game. 0 for the best game itself. */
  guint differs_at;
} ArbScoresheetGame;

typedef struct
{
  ArbPosition start;
  guint n_sheets;
  ArbScoresheetGame *best;
  /* Other games within a small cost of the best, cheapest first
   * (ArbScoresheetGame *); may be empty. */
  GPtrArray *alternatives;
  /* The first n_tied alternatives cost exactly as much as the best: the
   * sheets do not decide between them, and the arbiter must (the best is
   * first only by the search's tie-breaks). 0 when the best is cheaper
   * than every other game. */
  guint n_tied;
  guint64 expanded; /* partial games expanded, for benchmarks */
} ArbScoresheetResult;

typedef struct
{
  /* Partial games kept per half-move; 0 for the default. */
  guint beam_width;
  /* Moves the arbiter has fixed: fixed[i] is the move of half-move i + 1,
   * or ARB_MOVE_NONE to let the sheets decide. */
  const ArbMove *fixed;
  guint n_fixed;
  GCancellable *cancellable;
} ArbScoresheetOptions;

/* Where no game could be found (ARB_SCORESHEET_ERROR_NO_GAME). */
typedef struct
{
  guint ply;   /* the first half-move (1-based) where every reading fails */
  guint sheet; /* the sheet whose token could not be read there */
  int token;   /* that token, or -1 */
} ArbScoresheetFailure;

/* Finds the legal game from @start that best explains the sheets (one or
 * two). @options may be NULL. On failure returns NULL with an error: NO_GAME
 * (the message names the half-move and the token; @failure, when not NULL,
 * gets them as data), NOT_A_SHEET (the likeliest game corrects more of
 * the moves written than it reads as written; the message names the line
 * of the first; never when moves are fixed), CONSTRAINT, or
 * G_IO_ERROR_CANCELLED. */
ArbScoresheetResult *arb_scoresheet_search (const ArbPosition *start,
                                            ArbScoresheet *const *sheets,
                                            guint n_sheets,
                                            const ArbScoresheetOptions *options,
                                            ArbScoresheetFailure *failure,
                                            GError **error);

void arb_scoresheet_result_free (ArbScoresheetResult *result);

/* Whether the sheets leave two or more games at the same lowest cost. */
gboolean arb_scoresheet_result_is_undecided (const ArbScoresheetResult *result);

/* Whether @game reads @sheet's token at @ply (1-based) as written: the
 * sheet has a token there and no correction of that sheet is at @ply. */
gboolean arb_scoresheet_game_follows_sheet (const ArbScoresheetGame *game, guint ply, guint sheet);

/* The position after the first @plies half-moves of @game. */
void arb_scoresheet_game_get_position (const ArbScoresheetResult *result,
                                       const ArbScoresheetGame *game,
                                       guint plies,
                                       ArbPosition *pos);

/* The half-move (1-based) for which a sheet's token was read, or 0 when the
 * token is not in the game (an extra token, or none). */
guint arb_scoresheet_game_ply_of_token (const ArbScoresheetGame *game, guint sheet, int token);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbScoresheetResult, arb_scoresheet_result_free)

G_END_DECLS
