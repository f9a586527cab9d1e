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

G_END_DECLS
