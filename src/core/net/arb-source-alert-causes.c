/* arb-source-alert-causes.c: whether a source still reports an alert's cause
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-alert-causes.h"

gboolean
arb_source_alert_cause_stays (const ArbSourceAlertInfo *alert,
                              const ArbSourceDiff *diff,
                              gboolean reversed)
{
  g_return_val_if_fail (alert != NULL, TRUE);

  if (alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
    return reversed;
  /* The moves of a game with the colours reversed are not compared: what
   * they say of the moves is not known. */
  if (diff == NULL)
    return TRUE;
  switch (alert->kind)
    {
    case ARB_SOURCE_ALERT_ILLEGAL_MOVE:
      return diff->kind == ARB_SOURCE_DIFF_NEW && diff->has_illegal &&
             diff->illegal_ply == (guint) alert->ply &&
             g_strcmp0 (diff->illegal_text, alert->reported) == 0;
    case ARB_SOURCE_ALERT_CHANGED_MOVES:
      return (diff->kind == ARB_SOURCE_DIFF_CHANGED || diff->kind == ARB_SOURCE_DIFF_BEHIND) &&
             diff->changed_ply == (guint) alert->ply &&
             g_strcmp0 (diff->source_text, alert->reported) == 0;
    case ARB_SOURCE_ALERT_WRONG_COLOURS:
    default:
      return TRUE;
    }
}
