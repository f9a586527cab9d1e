/* cli-rule-record.h: the facts arbiter-cli rule takes from the record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game-status.h"
#include "arb-laws.h"
#include "arb-pgn-game.h"

G_BEGIN_DECLS

/* The game as the record gives it, for the rulings of arbiter-cli rule:
 * the moves of @game up to @ply, or the position @start alone (a FEN,
 * whose half-move clock counts and whose move number gives the ply). */
typedef struct
{
  ArbGameStatus *status; /* owned */
  /* The ply of the game at the status's ply 0: 0 for a game, the ply the
   * FEN's move number and side to move give for a position alone. */
  guint first_ply;
} ArbCliRecord;

void arb_cli_record_follow (ArbCliRecord *record,
                            const ArbPosition *start,
                            const ArbPgnGame *game,
                            int ply,
                            ArbEdition edition);
void arb_cli_record_clear (ArbCliRecord *record);

/* FALSE with an error naming the ply, how the game ended and the article
 * when the game ended by itself (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2) at or
 * before the position ruled on: a ruling about play answers that the game
 * has already ended, not a new verdict. @automatic, when not NULL, is the
 * automatic draw asked about, which may be the end itself. */
gboolean arb_cli_record_check_open (const ArbCliRecord *record,
                                    const ArbAutomaticKind *automatic,
                                    GError **error);

/* FALSE with an error naming the ply and @article when @by is not the
 * side to move in the position ruled on. */
gboolean arb_cli_record_check_to_move (const ArbCliRecord *record,
                                       int by,
                                       const char *article,
                                       GError **error);

/* FALSE with an error when the position does not meet 9.6.1 (its fifth
 * occurrence) or 9.6.2 (150 half-moves without a capture or a pawn
 * move), as @kind asks. */
gboolean arb_cli_record_check_automatic (const ArbCliRecord *record,
                                         ArbAutomaticKind kind,
                                         GError **error);

/* Whether a 50-move claim (9.3) is correct from the position alone: its
 * half-move clock, and @written (SAN, may be NULL) the move written and
 * not played. FALSE with an error when @written is not a legal move. */
gboolean arb_cli_record_fifty_correct (const ArbCliRecord *record,
                                       const char *written,
                                       gboolean *correct,
                                       GError **error);

G_END_DECLS
