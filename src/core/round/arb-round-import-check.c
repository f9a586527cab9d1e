/* arb-round-import-check.c: a TRF's points and ranks against the record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pairing program writes each player's points (columns 81-84 of the
 * TRF16 player line) and its rank (86-89). After an import the record's
 * standings are computed from the games themselves (arb-standings.h);
 * where the two disagree the arbiter is told, field by field, and
 * decides: nothing is corrected either way.
 */

#include "config.h"

#include "arb-round-entries.h"
#include "arb-standings.h"

static void
add_difference (GPtrArray *warnings,
                const ArbStandingsRow *row,
                ArbTrfField field,
                int in_file,
                int in_record,
                int in_record_last)
{
  ArbEntryWarning *w = g_new0 (ArbEntryWarning, 1);

  w->kind = ARB_ENTRY_WARNING_TRF_DIFFERS;
  w->round = row->after_round;
  w->player = g_strdup (row->name);
  w->start_no = row->start_no;
  w->field = field;
  w->in_file = in_file;
  w->in_record = in_record;
  w->in_record_last = in_record_last;
  g_ptr_array_add (warnings, w);
}

/* The ranks of the players level on points with @row: @first to @last. */
static void
level_ranks (GPtrArray *rows, const ArbStandingsRow *row, int *first, int *last)
{
  *first = *last = row->rank;
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *other = rows->pdata[i];

      if (other->points != row->points)
        continue;
      *first = MIN (*first, other->rank);
      *last = MAX (*last, other->rank);
    }
}

static const ArbStandingsRow *
row_of (GPtrArray *rows, int start_no)
{
  for (guint i = 0; i < rows->len; i++)
    if (((const ArbStandingsRow *) rows->pdata[i])->start_no == start_no)
      return rows->pdata[i];
  return NULL;
}

GPtrArray *
arb_round_check_trf (ArbTournament *tournament, const ArbTrf *trf, GError **error)
{
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (trf != NULL, NULL);

  if ((event = arb_tournament_get_event (tournament, error)) == NULL)
    return NULL;
  arb_standings_event_settings (event, &scoring, order, &n_order);
  /* After the last round with every result in: a file written to pair
   * the next round counts the byes it gives there in no player's points. */
  rows = arb_standings_read (tournament, 0, &scoring, order, n_order, error);
  if (rows == NULL)
    return NULL;
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      const ArbStandingsRow *row = row_of (rows, p->start_no);
      int points_x2, first, last;

      if (row == NULL)
        continue;
      points_x2 = (int) (row->points * 2 + 0.5) /* never negative */;
      if (points_x2 != p->points_x2)
        add_difference (warnings, row, ARB_TRF_FIELD_POINTS, p->points_x2, points_x2, points_x2);
      level_ranks (rows, row, &first, &last);
      if (p->rank > 0 && (p->rank < first || p->rank > last))
        add_difference (warnings, row, ARB_TRF_FIELD_RANK, p->rank, first, last);
    }
  return g_steal_pointer (&warnings);
}
