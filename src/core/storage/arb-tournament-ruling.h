/* arb-tournament-ruling.h: storing the Laws engine's rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Stores a ruling as the engine returned it, about ply `ply` of the game:
 * its kind, "decision: explanation", the articles as its edition numbers
 * them, the edition, the whole value as JSON (arb_ruling_to_json()) and
 * the arbiter's note. One transaction with its audit line. Storing does
 * not apply the ruling's effects to the game. */
gint64 arb_tournament_add_ruling (ArbTournament *self,
                                  gint64 game_id,
                                  int ply,
                                  const ArbRuling *ruling,
                                  GError **error);

/* Stores the flag fall @flag (ARB_CLOCK_EVENT_FLAG) and, in the same
 * transaction, the result of @ending and the ruling itself: a flag that
 * decides the game (6.9 of the 2018/2023 Laws). */
gboolean arb_tournament_add_flag_ending_game (ArbTournament *self,
                                              gint64 game_id,
                                              const ArbClockEventRecord *flag,
                                              const ArbRuling *ending,
                                              GError **error);

/* Appends the move of ply @ply as arb_tournament_add_move() does and, in
 * the same transaction, the end of the game it brings (a checkmate,
 * stalemate or dead position, fivefold or 75 moves): the result of
 * @ending with its termination, and @ending itself as a ruling row, so
 * that the result, how it came about and its article are stored together
 * with the move or not at all. */
gboolean arb_tournament_add_move_ending_game (ArbTournament *self,
                                              gint64 game_id,
                                              int ply,
                                              const char *san,
                                              ArbMove move,
                                              gint64 white_ms,
                                              gint64 black_ms,
                                              const ArbRuling *ending,
                                              GError **error);
/* Ends the game at ply @ply, whose move is already stored, with @ending:
 * an automatic end found only after the move was stored (a dead position
 * proven by the search that runs after each move, arb-dead-watch.h). The
 * result of @ending with its termination and @ending as a ruling row are
 * stored in one transaction, or nothing is: when the game as stored has
 * another number of plies or already has a result, the answer is
 * ARB_TOURNAMENT_ERROR_CONFLICT. */
gboolean arb_tournament_end_game_at_ply (ArbTournament *self,
                                         gint64 game_id,
                                         int ply,
                                         const ArbRuling *ending,
                                         GError **error);

/* What a confirmed ruling changes in the game, stored with the ruling
 * itself in one transaction (arb_tournament_apply_ruling()), in this
 * order: the irregularity, the moves taken back, both clock times, an
 * envelope sealed or opened, a move played, the result, the ruling. */
typedef struct
{
  /* The game's plies when the ruling was made; a game stored with
   * another number has changed since (ARB_TOURNAMENT_ERROR_CONFLICT). */
  int ply;
  const ArbIrregularityRecord *irregularity; /* NULL: none */
  /* The moves after keep_plies are taken out (-1: none are). */
  int keep_plies;
  /* Both times, stored as a "restore" clock event at the ply the game is
   * left at (from then on the game's clock reads them). */
  gboolean set_clocks;
  gint64 white_ms;
  gint64 black_ms;
  const ArbSealedMoveRecord *seal; /* NULL: none */
  gint64 open_envelope_id;         /* 0: none */
  gboolean reveal_sealed_move;     /* the audit line may name the move */
  /* A move played after the rest (the written move after an incorrect
   * claim, the sealed move at resumption), with the times above. */
  ArbMove play;
  gboolean set_result;
  ArbResult result;
  const char *termination;
  const ArbRulingRecord *ruling;
  /* Who made the ruling: kept in the ruling's audit line, as a result
   * entered at the results desk keeps its arbiter. NULL: not said (the
   * line then names none); "": no name is set. */
  const char *arbiter;
} ArbRulingChanges;

/* Applies the changes and stores the ruling, all or nothing; *ruling_id
 * (may be NULL) gets the ruling's id. */
gboolean arb_tournament_apply_ruling (ArbTournament *self,
                                      gint64 game_id,
                                      const ArbRulingChanges *changes,
                                      gint64 *ruling_id,
                                      GError **error);

/* The engine's value back from a stored ruling. */
ArbRuling *arb_tournament_ruling_from_record (const ArbRulingRecord *record, GError **error);

G_END_DECLS
