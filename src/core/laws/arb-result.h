/* arb-result.h: the results of a game that the Laws allow
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every result a scoresheet or a ruling may carry. Points are in half points
 * so that only the scores the Laws know (1, ½, 0 per player) can be
 * expressed; a total above one point per game, such as ¾–¼, has no value
 * here (2018/2023 Art. 10.2; 2001/2009 Art. 11.1 gives 1, ½ and 0 only).
 * The asymmetric scores come from penalties (2001/2009 13.4 e/f, 2018/2023
 * 12.9.4–12.9.6), the device rule of 2009 (12.3 b) and both players losing
 * (2001 12.8, 2009 12.9, 2018/2023 11.8). */
typedef enum
{
  ARB_RESULT_ONGOING,           /* "*" */
  ARB_RESULT_WHITE_WINS,        /* "1-0" */
  ARB_RESULT_BLACK_WINS,        /* "0-1" */
  ARB_RESULT_DRAW,              /* "1/2-1/2" */
  ARB_RESULT_BOTH_LOSE,         /* "0-0" */
  ARB_RESULT_WHITE_HALF,        /* "1/2-0": White ½, Black 0 */
  ARB_RESULT_BLACK_HALF,        /* "0-1/2": White 0, Black ½ */
  ARB_RESULT_WHITE_FORFEIT_WIN, /* "+/-": White wins by forfeit */
  ARB_RESULT_BLACK_FORFEIT_WIN, /* "-/+": Black wins by forfeit */
  ARB_RESULT_DOUBLE_FORFEIT,    /* "--": both lose by forfeit */
} ArbResult;

#define ARB_RESULT_N (ARB_RESULT_DOUBLE_FORFEIT + 1)

const char *arb_result_to_string (ArbResult result);
/* FALSE (and *result untouched) for any text that is not one of the
 * strings above, e.g. "3/4-1/4" or "1-1". */
gboolean arb_result_from_string (const char *text, ArbResult *result);

/* Half points each side scores; an ongoing game scores nothing yet. */
void arb_result_half_points (ArbResult result, guint *white, guint *black);
/* The over-the-board (not forfeit) result with these half points; FALSE when
 * the Laws allow no such score (each side 0, 1 or 2 half points, at most 2
 * together). */
gboolean arb_result_from_half_points (guint white, guint black, ArbResult *result);
gboolean arb_result_is_forfeit (ArbResult result);
gboolean arb_result_is_final (ArbResult result);

/* Helpers for rulings: the result in which @loser loses (and the opponent
 * wins), and the same with the opponent held to a draw's score. */
ArbResult arb_result_loss_for (int loser_color);
ArbResult arb_result_loss_opponent_half (int loser_color);

/* How a game ended: what a result records besides the score, and what the
 * game view and the log say (the words come from the wording module). The
 * names (arb_ending_to_string) are stored. Articles are those of 2018/2023. */
typedef enum
{
  ARB_ENDING_NONE,
  ARB_ENDING_CHECKMATE,     /* 5.1.1 */
  ARB_ENDING_STALEMATE,     /* 5.2.1 */
  ARB_ENDING_DEAD_POSITION, /* 5.2.2 */
  ARB_ENDING_FIVEFOLD,      /* 9.6.1 */
  ARB_ENDING_SEVENTY_FIVE,  /* 9.6.2 */
  ARB_ENDING_THREEFOLD,     /* a correct 9.2 claim */
  ARB_ENDING_FIFTY,         /* a correct 9.3 claim */
  ARB_ENDING_AGREEMENT,     /* 9.1 */
  ARB_ENDING_RESIGNATION,   /* 5.1.2 */
  ARB_ENDING_RESIGNATION_CANNOT_MATE,
  ARB_ENDING_FLAG_FALL, /* 6.9 */
  ARB_ENDING_FLAG_CANNOT_MATE,
  ARB_ENDING_BOTH_FLAGS,
  ARB_ENDING_BOTH_FLAGS_LAST_PERIOD,
  ARB_ENDING_ILLEGAL_MOVE, /* 7.5.5 */
  ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE,
  ARB_ENDING_ILLEGAL_POSITION,
  ARB_ENDING_QUICKPLAY,
  ARB_ENDING_SEALED_MOVE_MATES,
  ARB_ENDING_SEALED_MOVE_DRAWS,
  ARB_ENDING_INVALID_SEALED_MOVE,
  ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE,
  ARB_ENDING_LATE_FOR_RESUMPTION,
  ARB_ENDING_PRESENT_FLAG_FELL,
  ARB_ENDING_LATE_ARRIVAL, /* 6.7 */
  ARB_ENDING_BOTH_ABSENT,
  ARB_ENDING_DEVICE, /* 11.3.2 */
  ARB_ENDING_DEVICE_CANNOT_WIN,
  ARB_ENDING_PENALTY,  /* 12.9 */
  ARB_ENDING_ARBITER,  /* the arbiter's decision */
  ARB_ENDING_IMPORTED, /* the result came with the game */
} ArbEnding;

#define ARB_ENDING_N (ARB_ENDING_IMPORTED + 1)

const char *arb_ending_to_string (ArbEnding ending);
gboolean arb_ending_from_string (const char *text, ArbEnding *ending);
/* The PGN Termination tag of an ending ("normal", "time forfeit", "rules
 * infraction", "abandoned"). */
const char *arb_ending_termination (ArbEnding ending);

G_END_DECLS
