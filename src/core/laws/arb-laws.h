/* arb-laws.h: the rulings the Laws prescribe
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game-status.h"
#include "arb-laws-edition.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* Each function takes the event's settings and the facts of the case and
 * returns a new ArbRuling (never NULL). The engine does not look at the
 * board: facts that need the position (is the claim correct? can the
 * opponent mate? is the sealed move legal?) are computed by the caller with
 * the game-status module and passed in, so every ruling can be replayed
 * from its stored facts. Sides are ArbColor values (0 white, 1 black). */

/* --- Illegal moves -------------------------------------------------- */

typedef enum
{
  ARB_ILLEGAL_ORDINARY,        /* a move against Art. 3 (or 4.x) */
  ARB_ILLEGAL_UNPROMOTED_PAWN, /* pawn on the last rank, not replaced */
  ARB_ILLEGAL_CLOCK_NO_MOVE,   /* clock pressed without a move (2018+) */
  ARB_ILLEGAL_TWO_HANDS,       /* one move made with two hands (2018+) */
} ArbIllegalKind;

typedef struct
{
  int by; /* who made the illegal move */
  ArbIllegalKind kind;
  /* The ply of the position just before the illegal move (ply 0 is the
   * start), or -1 when it cannot be identified; then restore_ply names the
   * last identifiable position before the irregularity. */
  int ply_before;
  int last_identifiable_ply;
  /* Completed illegal moves this player made earlier in the game. */
  guint previous_count;
  /* The opponent cannot checkmate the offender by any series of legal
   * moves (arb_position_cannot_mate (pos, opponent)). */
  gboolean opponent_cannot_mate;
  /* For rapid/blitz without adequate supervision. */
  gboolean claimed_by_opponent;                    /* the opponent claimed it */
  gboolean seen_by_arbiter;                        /* the arbiter saw it himself */
  gboolean opponent_has_moved;                     /* the opponent has made his next move */
  gboolean kings_in_check_or_unfinished_promotion; /* A4c/A.4.4 case */
  /* 2001/2009 blitz claim: the claimant (the opponent) cannot mate. */
} ArbIllegalMoveFacts;

ArbRuling *arb_laws_illegal_move (const ArbEventSettings *event, const ArbIllegalMoveFacts *facts);

/* --- Draw claims (9.2, 9.3) and automatic draws (9.6) ---------------- */

typedef enum
{
  ARB_CLAIM_THREEFOLD,
  ARB_CLAIM_FIFTY,
} ArbClaimKind;

typedef struct
{
  int by; /* the claimant, who has the move */
  ArbClaimKind kind;
  /* The move written on the scoresheet and declared (9.2a/9.3a form), or
   * NULL when the position has just appeared. */
  const char *written_move;
  /* Computed by the game-status module for the claimed position. */
  gboolean correct;
  /* The claimant's remaining time at the claim (2001 9.5b needs it). */
  gint64 claimant_remaining_ms;
  /* The claimant touched a piece (moved, in 2001) without claiming. */
  gboolean right_lost;
  /* The written move is not a legal move in the position: the claim is
   * incorrect, and the move cannot be played (set correct FALSE). */
  gboolean written_move_illegal;
} ArbDrawClaimFacts;

ArbRuling *arb_laws_draw_claim (const ArbEventSettings *event, const ArbDrawClaimFacts *facts);

typedef enum
{
  ARB_AUTOMATIC_FIVEFOLD,
  ARB_AUTOMATIC_SEVENTY_FIVE,
} ArbAutomaticKind;

/* The fivefold / 75-move draw (2014 9.6, 2018/2023 9.6.1, 9.6.2). In 2001
 * and 2009 there is no such rule and the ruling says so (play goes on
 * unless a player claims). @last_move_mates: 9.6.2 gives mate precedence. */
ArbRuling *arb_laws_automatic_draw (const ArbEventSettings *event,
                                    ArbAutomaticKind kind,
                                    gboolean last_move_mates);

/* The ruling a move makes by itself when it ends the game (@kind an
 * automatic end of arb-game-status.h: checkmate 5.1.1, stalemate 5.2.1, a
 * dead position 5.2.2, fivefold 9.6.1, 75 moves 9.6.2; 2018/2023 numbers),
 * recorded with the move. @mover made the last move. NULL for an event
 * that does not end the game in this edition. */
ArbRuling *arb_laws_game_end (const ArbEventSettings *event, ArbGameEventKind kind, ArbColor mover);

/* --- Flag fall ------------------------------------------------------ */

typedef enum
{
  ARB_CALLED_BY_ARBITER,
  ARB_CALLED_BY_OPPONENT,
} ArbCalledBy;

typedef struct
{
  int by; /* whose flag fell (first, if known) */
  ArbCalledBy called_by;
  gboolean opponent_cannot_mate;
  /* Both flags are down. */
  gboolean both_fallen;
  /* It is known which fell first (then @by is that player). */
  gboolean order_known;
  /* The period in which all remaining moves must be made. */
  gboolean last_period;
  /* The game had already ended (mate, stalemate, dead position,
   * agreement, resignation): the flag is irrelevant. */
  gboolean game_already_over;
  /* Rapid/blitz claim: the claimant stopped the clocks and his own flag
   * was still up (2001 B7, 2009 A4d2). */
  gboolean claimant_flag_up;
} ArbFlagFacts;

ArbRuling *arb_laws_flag_fall (const ArbEventSettings *event, const ArbFlagFacts *facts);

/* --- Quickplay finish claim ---------------------------------------- */

typedef enum
{
  ARB_QUICKPLAY_DRAW, /* the arbiter agrees */
  ARB_QUICKPLAY_POSTPONE,
  ARB_QUICKPLAY_REJECT,
  ARB_QUICKPLAY_INCREMENT, /* 2018+: 5-second increment instead */
} ArbQuickplayVerdict;

typedef struct
{
  int by; /* the claimant, who has the move */
  gint64 claimant_remaining_ms;
  gboolean in_quickplay_finish; /* the period for all remaining moves */
  gboolean arbiter_present;
  ArbQuickplayVerdict verdict;
  /* Postpone: the arbiter gives the opponent the two minutes he may. */
  gboolean postpone_extra_time;
} ArbQuickplayFacts;

ArbRuling *arb_laws_quickplay_claim (const ArbEventSettings *event, const ArbQuickplayFacts *facts);

/* --- Sealed move and resumption ----------------------------------- */

typedef struct
{
  int sealer;
  const char *white;
  const char *black;
  const char *fen_before; /* the position before the sealed move */
  int ply;                /* its ply in the game */
  int move_number;
  const char *sealed_move; /* as written */
  gint64 white_used_ms;
  gint64 black_used_ms;
  int draw_offer_by;      /* ARB_COLOR_NONE if none stands */
  const char *resumption; /* date, time and place */
  /* Sealed before the end of the session: the time left until its
   * scheduled end is charged to the sealer. */
  gint64 session_time_left_ms;
} ArbSealFacts;

ArbRuling *arb_laws_seal_move (const ArbEventSettings *event, const ArbSealFacts *facts);

typedef enum
{
  ARB_SEALED_VALID,
  ARB_SEALED_AMBIGUOUS,
  ARB_SEALED_UNREADABLE, /* its true meaning cannot be established */
  ARB_SEALED_ILLEGAL,
} ArbSealedValidity;

typedef enum
{
  ARB_SEALED_ENDS_NOTHING,
  ARB_SEALED_MATES,
  ARB_SEALED_STALEMATES,
  ARB_SEALED_DEAD_POSITION,
} ArbSealedOutcome;

typedef struct
{
  const ArbEnvelope *envelope; /* the envelope as stored at sealing */
  int ply;                     /* the ply of the adjourned position */
  gboolean envelope_lost;
  gboolean position_reconstructible;
  const char *stated_move; /* envelope lost: the move the sealer states */
  ArbSealedValidity validity;
  ArbSealedOutcome outcome;
  /* The sealer's opponent cannot mate (the 6.9/6.10 exception). */
  gboolean opponent_cannot_mate;
  /* Presence at the resumption time. */
  gboolean sealer_present;
  gboolean replier_present;
  /* How late the absent player arrived (or has been absent so far). */
  gint64 absent_late_ms;
  /* The present player's flag fell while waiting (2001 A10c). */
  gboolean present_player_flag_fell;
} ArbResumeFacts;

ArbRuling *arb_laws_resume (const ArbEventSettings *event, const ArbResumeFacts *facts);

/* --- Late arrival, devices, resignation ---------------------------- */

typedef struct
{
  int by;         /* the late player, or ARB_COLOR_NONE if both */
  gint64 late_ms; /* after the scheduled start */
  gboolean neither_present_at_start;
  /* The late player (either, when both) has moved in the game: he has
   * arrived, and there is no late-arrival ruling (6.7.1). */
  gboolean has_moved;
} ArbLateFacts;

/* NULL when facts->has_moved. */
ArbRuling *arb_laws_late_arrival (const ArbEventSettings *event, const ArbLateFacts *facts);

typedef struct
{
  int by;
  gboolean sounded; /* 2009: the device made a sound */
  gboolean opponent_cannot_mate;
  /* 2018+: the event regulations set a milder penalty. */
  gboolean event_milder_penalty;
  /* 2009: the device was switched off completely (allowed). */
  gboolean switched_off;
} ArbDeviceFacts;

ArbRuling *arb_laws_device (const ArbEventSettings *event, const ArbDeviceFacts *facts);

ArbRuling *arb_laws_resign (const ArbEventSettings *event, int by, gboolean opponent_cannot_mate);

/* A stored result replaced by the arbiter (at the results desk, or in a
 * round unlocked to correct it): the new result with the one it
 * replaces and the reason, so that the correction is a decision of the
 * rulings log. Points as 10.1 counts them. */
ArbRuling *arb_laws_result_correction (const ArbEventSettings *event,
                                       ArbResult previous,
                                       ArbResult result,
                                       const char *reason);

/* --- Penalties ----------------------------------------------------- */

typedef struct
{
  ArbPenalty penalty;
  int by;    /* the offender */
  gint64 ms; /* time penalties */
  /* Point penalties: the score of the game before the penalty (half
   * points), and the offender's / opponent's new score in half points. */
  ArbResult current;
  guint offender_half_points;
  guint opponent_half_points;
  /* 2018/2023 12.9.6 (declaring the game lost): the arbiter has decided
   * the opponent's score (opponent_half_points: a win, a draw or a loss
   * too); without it there is no ruling. */
  gboolean opponent_scored;
  const char *text; /* fine amount, rounds excluded, reason */
} ArbPenaltyFacts;

/* The penalties of the edition, in its order. */
GArray *arb_laws_penalty_menu (ArbEdition edition); /* ArbPenalty */
/* NULL for 12.9.6 until facts->opponent_scored. */
ArbRuling *arb_laws_penalty (const ArbEventSettings *event, const ArbPenaltyFacts *facts);

G_END_DECLS
