/* arb-source-diff.h: what a source says that the stored game does not
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"
#include "arb-san.h"
#include "arb-source-game.h"

G_BEGIN_DECLS

/* The merge of a source's game into a stored game starts from this
 * comparison, made move by move in the stored positions (each of the
 * source's moves is read as SAN in the position the stored game has at
 * that ply):
 *
 *  SAME     the source says what is stored;
 *  BEHIND   the source has fewer moves, the same as far as it goes (a
 *           relay that lags, or a take-back: the caller knows which from
 *           what the source said before);
 *  NEW      the source has moves after the stored ones: the legal ones in
 *           new_moves, and the first one that is not legal, if any, as the
 *           illegal move (never applied, never dropped);
 *  CHANGED  a stored move differs from the source's at changed_ply (a
 *           corrected PGN, a take-back followed by another move): both
 *           lines from there, for the arbiter to compare. Nothing is
 *           appended then. */

typedef enum
{
  ARB_SOURCE_DIFF_SAME,
  ARB_SOURCE_DIFF_BEHIND,
  ARB_SOURCE_DIFF_NEW,
  ARB_SOURCE_DIFF_CHANGED,
} ArbSourceDiffKind;

typedef struct
{
  ArbMove move;
  char san[ARB_SAN_MAX]; /* as the program writes it */
  gint64 white_ms;       /* the source's times after the move, -1 when unknown */
  gint64 black_ms;
} ArbSourceNewMove;

typedef struct
{
  ArbSourceDiffKind kind;
  guint n_stored;
  guint n_source;

  /* NEW */
  GArray *new_moves; /* ArbSourceNewMove */
  gboolean has_illegal;
  guint illegal_ply;      /* 1-based */
  char *illegal_san;      /* as the source wrote it */
  char *illegal_text;     /* "Ke1-e4" when the squares are known, else the source's text */
  ArbColor illegal_side;  /* the side to move in the position it was reported for */
  ArbSquare illegal_from; /* ARB_NO_SQUARE when unknown */
  ArbSquare illegal_to;

  /* CHANGED, and BEHIND: the first ply where the lines part (for BEHIND,
   * the first stored ply the source does not have) and both lines from
   * there in SAN, separated by spaces ("" for none). */
  guint changed_ply;
  char *stored_text;
  char *source_text;
} ArbSourceDiff;

/* @start is the stored game's start position, @stored its moves. */
ArbSourceDiff *arb_source_diff_compute (const ArbPosition *start,
                                        const ArbMove *stored,
                                        guint n_stored,
                                        const ArbSourceGame *game);
void arb_source_diff_free (ArbSourceDiff *diff);

/* The move as it was made, for an arbiter: "Ke1-e4", "e7-e5", the piece
 * (English letter, none for a pawn), the square it left and the square it
 * went to; NULL when the squares cannot be known. The squares come from
 * the board after the move when an e-board gave it (@placement_after, the
 * first field of a FEN), else from the move as written when only one
 * piece of the kind could have made it. *from and *to get the squares. */
char *arb_source_describe_move (const ArbPosition *before,
                                const char *san,
                                const char *placement_after,
                                ArbSquare *from,
                                ArbSquare *to);

/* Reads the first field of a FEN (as an e-board reports its board) into
 * 64 squares, a1 first; FALSE when it is not one (an unreadable board). */
gboolean arb_source_placement_parse (const char *placement, ArbPiece board[64]);
/* Whether the pieces of @pos stand as @placement says. */
gboolean arb_source_placement_matches (const ArbPosition *pos, const char *placement);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSourceDiff, arb_source_diff_free)

G_END_DECLS
