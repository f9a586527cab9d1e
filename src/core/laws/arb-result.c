/* arb-result.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-enum-nick.h"
#include "arb-laws-enums.h"
#include "arb-result.h"

typedef struct
{
  const char *text;
  guint white;
  guint black;
  gboolean forfeit;
} ResultInfo;

/* Indexed by ArbResult; the strings are stable (they are stored). */
static const ResultInfo result_info[ARB_RESULT_N] = {
  [ARB_RESULT_ONGOING] = { "*", 0, 0, FALSE },
  [ARB_RESULT_WHITE_WINS] = { "1-0", 2, 0, FALSE },
  [ARB_RESULT_BLACK_WINS] = { "0-1", 0, 2, FALSE },
  [ARB_RESULT_DRAW] = { "1/2-1/2", 1, 1, FALSE },
  [ARB_RESULT_BOTH_LOSE] = { "0-0", 0, 0, FALSE },
  [ARB_RESULT_WHITE_HALF] = { "1/2-0", 1, 0, FALSE },
  [ARB_RESULT_BLACK_HALF] = { "0-1/2", 0, 1, FALSE },
  [ARB_RESULT_WHITE_FORFEIT_WIN] = { "+/-", 2, 0, TRUE },
  [ARB_RESULT_BLACK_FORFEIT_WIN] = { "-/+", 0, 2, TRUE },
  [ARB_RESULT_DOUBLE_FORFEIT] = { "--", 0, 0, TRUE },
};

const char *
arb_result_to_string (ArbResult result)
{
  g_return_val_if_fail ((guint) result < ARB_RESULT_N, "*");
  return result_info[result].text;
}

gboolean
arb_result_from_string (const char *text, ArbResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < ARB_RESULT_N; i++)
    if (strcmp (text, result_info[i].text) == 0)
      {
        *result = (ArbResult) i;
        return TRUE;
      }
  return FALSE;
}

void
arb_result_half_points (ArbResult result, guint *white, guint *black)
{
  g_return_if_fail ((guint) result < ARB_RESULT_N);
  if (white != NULL)
    *white = result_info[result].white;
  if (black != NULL)
    *black = result_info[result].black;
}

gboolean
arb_result_from_half_points (guint white, guint black, ArbResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);

  if (white > 2 || black > 2 || white + black > 2)
    return FALSE;
  for (guint i = ARB_RESULT_WHITE_WINS; i <= ARB_RESULT_BLACK_HALF; i++)
    if (result_info[i].white == white && result_info[i].black == black)
      {
        *result = (ArbResult) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
arb_result_is_forfeit (ArbResult result)
{
  g_return_val_if_fail ((guint) result < ARB_RESULT_N, FALSE);
  return result_info[result].forfeit;
}

gboolean
arb_result_is_final (ArbResult result)
{
  return result != ARB_RESULT_ONGOING;
}

ArbResult
arb_result_loss_for (int loser_color)
{
  return loser_color == 0 ? ARB_RESULT_BLACK_WINS : ARB_RESULT_WHITE_WINS;
}

ArbResult
arb_result_loss_opponent_half (int loser_color)
{
  return loser_color == 0 ? ARB_RESULT_BLACK_HALF : ARB_RESULT_WHITE_HALF;
}

/* The stored names are the nicks of ArbEnding (arb-result.h): never
 * change one, stored results use it. */
ARB_DEFINE_ENUM_NAMES (arb_ending, ArbEnding, ARB_TYPE_ENDING, "none")

const char *
arb_ending_termination (ArbEnding ending)
{
  switch (ending)
    {
    case ARB_ENDING_FLAG_FALL:
    case ARB_ENDING_FLAG_CANNOT_MATE:
    case ARB_ENDING_PRESENT_FLAG_FELL:
      return "time forfeit";
    case ARB_ENDING_LATE_ARRIVAL:
    case ARB_ENDING_BOTH_ABSENT:
    case ARB_ENDING_LATE_FOR_RESUMPTION:
      return "abandoned";
    case ARB_ENDING_ILLEGAL_MOVE:
    case ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE:
    case ARB_ENDING_DEVICE:
    case ARB_ENDING_DEVICE_CANNOT_WIN:
    case ARB_ENDING_PENALTY:
    case ARB_ENDING_INVALID_SEALED_MOVE:
    case ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE:
      return "rules infraction";
    default:
      return "normal";
    }
}
