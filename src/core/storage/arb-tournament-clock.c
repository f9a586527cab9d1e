/* arb-tournament-clock.c: storing a game's ArbClock
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-clock.h"

#include <string.h>

#include "arb-clock-enums.h"
#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-tournament-private.h"

/* The stored names of the events are the enum's nicks (glib-mkenums,
 * arb-clock-enums.h): "start", "add-time", … */
const char *
arb_tournament_clock_event_kind (ArbClockEventKind kind)
{
  const char *nick = arb_enum_nick (ARB_TYPE_CLOCK_EVENT_KIND, (int) kind);
  gboolean kind_in_enum = nick != NULL;

  g_return_val_if_fail (kind_in_enum, "unknown");
  return nick;
}

static gboolean
amount_is_time (ArbClockEventKind kind)
{
  return kind != ARB_CLOCK_EVENT_SET_MOVES && kind != ARB_CLOCK_EVENT_RESTORE &&
         kind != ARB_CLOCK_EVENT_RECOVER;
}

void
arb_tournament_clock_event_record (const ArbClockEvent *event, ArbClockEventRecord *record)
{
  g_return_if_fail (event != NULL);
  g_return_if_fail (record != NULL);

  memset (record, 0, sizeof *record);
  record->ply = (int) event->ply;
  record->kind = event->kind;
  record->side = event->side;
  /* The event's own timestamp is monotonic and means nothing after a
   * restart; the wall time of storing it is what the record keeps. */
  record->wall_time = NULL;
  record->amount_ms = amount_is_time (event->kind) ? event->amount / 1000 : event->amount;
  /* A flag leaves the time at zero or below; a stored time never is. */
  record->white_ms = MAX (event->remaining_us[ARB_WHITE] / 1000, 0);
  record->black_ms = MAX (event->remaining_us[ARB_BLACK] / 1000, 0);
}

gboolean
arb_tournament_set_clock_checkpoint (ArbTournament *self,
                                     gint64 game_id,
                                     ArbClock *clock,
                                     GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ARB_IS_CLOCK (clock), FALSE);

  return arb_tournament_set_clock_checkpoints (self, 1, &game_id, &clock, error);
}

gboolean
arb_tournament_set_clock_checkpoints (ArbTournament *self,
                                      guint n,
                                      const gint64 *game_ids,
                                      ArbClock *const *clocks,
                                      GError **error)
{
  g_autofree int *plies = g_new0 (int, MAX (n, 1));
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (n == 0 || (game_ids != NULL && clocks != NULL), FALSE);

  for (guint i = 0; i < n; i++)
    {
      ArbClockSnapshot snapshot;

      g_return_val_if_fail (ARB_IS_CLOCK (clocks[i]), FALSE);
      arb_clock_get_snapshot (clocks[i], &snapshot);
      plies[i] = (int) snapshot.plies;
      g_ptr_array_add (states, arb_clock_snapshot_to_string (&snapshot));
    }
  if (n == 0)
    return TRUE;

  /* A checkpoint, not a user action: it replaces the last one and writes
   * no audit line (the clock's events have theirs). All the running clocks
   * of a round go in one transaction, so a round of 64 boards costs one
   * durable commit a second, not 64. */
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_set_clock_snapshots (self, n, game_ids, plies,
                                            (const char *const *) states->pdata, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_recover_clock (ArbTournament *self, gint64 game_id, ArbClock *clock, GError **error)
{
  g_autofree char *text = NULL;
  ArbClockSnapshot snapshot;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (ARB_IS_CLOCK (clock), FALSE);

  text = arb_tournament_get_clock_checkpoint (self, game_id, NULL, error);
  if (text == NULL)
    return FALSE;
  if (!arb_clock_snapshot_from_string (text, &snapshot, error))
    return FALSE;
  if (!arb_clock_restore_snapshot (clock, &snapshot))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("the stored clock state of game %lld does not fit its clock"),
                   (long long) game_id);
      return FALSE;
    }
  return TRUE;
}
