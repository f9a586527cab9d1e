/* arb-tournament-live.c: following a tournament file that others write
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-live.h"

#include <string.h>

#include "arb-clock-enums.h"
#include "arb-enum-nick.h"
#include "arb-tournament-clock.h"
#include "arb-tournament-private.h"

gboolean
arb_tournament_get_data_version (ArbTournament *self, gint64 *version, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  return _arb_tournament_query_int (self, "PRAGMA data_version", version, error);
}

gboolean
arb_tournament_begin_snapshot (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  /* A deferred transaction takes its snapshot at the first read; the
   * schema version is that first read, so the snapshot starts here. */
  if (!_arb_tournament_run (self, "cannot read the tournament", "BEGIN DEFERRED", error, NULL))
    return FALSE;
  {
    gint64 ignored;

    if (!_arb_tournament_query_int (self, "PRAGMA schema_version", &ignored, error))
      {
        arb_tournament_end_snapshot (self);
        return FALSE;
      }
  }
  return TRUE;
}

void
arb_tournament_end_snapshot (ArbTournament *self)
{
  g_return_if_fail (ARB_IS_TOURNAMENT (self));

  /* Nothing was written: ending the read cannot fail in a way that
   * matters, and a connection outside a transaction ignores it. */
  if (!sqlite3_get_autocommit (self->db))
    _arb_tournament_run (self, "cannot read the tournament", "COMMIT", NULL, NULL);
}

gboolean
arb_tournament_clock_event_kind_from_string (const char *name, ArbClockEventKind *kind)
{
  int value;

  g_return_val_if_fail (kind != NULL, FALSE);

  if (!arb_enum_from_nick (ARB_TYPE_CLOCK_EVENT_KIND, name, &value))
    return FALSE;
  *kind = (ArbClockEventKind) value;
  return TRUE;
}

static gboolean
read_digits (const char **p, int n, int *out)
{
  int value = 0;

  for (int i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit ((*p)[i]))
        return FALSE;
      value = value * 10 + ((*p)[i] - '0');
    }
  *p += n;
  *out = value;
  return TRUE;
}

/* Days from 1970-01-01 to a date of the proleptic Gregorian calendar. */
static gint64
days_from_civil (int y, int m, int d)
{
  gint64 era;
  int yoe, doy, doe;

  y -= m <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = (int) (y - era * 400);
  doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

gboolean
arb_tournament_parse_wall_time (const char *text, gint64 *us)
{
  const char *p = text;
  int year, month, day, hour, minute, second;
  gint64 fraction = 0;

  g_return_val_if_fail (us != NULL, FALSE);

  /* The form the file writes, "2026-03-01T10:15:02.123456Z", read
   * directly: a round has thousands of these. */
  if (p != NULL && read_digits (&p, 4, &year) && *p++ == '-' && read_digits (&p, 2, &month) &&
      *p++ == '-' && read_digits (&p, 2, &day) && *p++ == 'T' && read_digits (&p, 2, &hour) &&
      *p++ == ':' && read_digits (&p, 2, &minute) && *p++ == ':' && read_digits (&p, 2, &second))
    {
      int digits = 0;

      if (*p == '.')
        for (p++; g_ascii_isdigit (*p); p++, digits++)
          if (digits < 6)
            fraction = fraction * 10 + (*p - '0');
      for (; digits < 6; digits++)
        fraction *= 10;
      if (*p == 'Z' && p[1] == '\0' && month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
          hour < 24 && minute < 60 && second < 61)
        {
          *us =
            ((days_from_civil (year, month, day) * 24 + hour) * 60 + minute) * 60 * G_USEC_PER_SEC +
            (gint64) second * G_USEC_PER_SEC + fraction;
          return TRUE;
        }
    }

  /* Any other ISO 8601 time, with its own offset. */
  if (text != NULL)
    {
      g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr (GDateTime) dt = g_date_time_new_from_iso8601 (text, utc);

      if (dt != NULL)
        {
          *us = g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt);
          return TRUE;
        }
    }
  return FALSE;
}

GArray *
arb_tournament_list_clock_events (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GArray) events = g_array_new (FALSE, TRUE, sizeof (ArbClockEventInfo));
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the clock events",
                        "SELECT id, ply, kind, side, wall_time, amount_ms, white_ms, black_ms "
                        "FROM clock_event WHERE game_id = ? ORDER BY id",
                        error, "l", game_id))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbClockEventInfo e = { 0 };
      ArbClockEventKind kind;
      ArbColor side = ARB_COLOR_NONE;

      e.id = _arb_query_int (&query, 0);
      e.ply = (int) _arb_query_int (&query, 1);
      e.kind = arb_tournament_clock_event_kind_from_string (_arb_query_text (&query, 2), &kind)
                 ? (int) kind
                 : -1;
      arb_color_from_string (_arb_query_text (&query, 3), &side);
      e.side = side;
      if (!arb_tournament_parse_wall_time (_arb_query_text (&query, 4), &e.wall_time_us))
        e.wall_time_us = 0;
      e.amount = _arb_query_int (&query, 5);
      e.white_ms = _arb_query_int_or (&query, 6, -1);
      e.black_ms = _arb_query_int_or (&query, 7, -1);
      g_array_append_val (events, e);
    }
  return rc == 0 ? g_steal_pointer (&events) : NULL;
}

GArray *
arb_tournament_get_move_times (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (GArray) times = g_array_new (FALSE, TRUE, sizeof (gint64));
  ArbGameMoves list;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  _arb_game_moves_init (&list);
  ok = _arb_tournament_read_game_moves (self, game_id, &list, error);
  for (guint i = 0; ok && i < list.n; i++)
    {
      gint64 us = _arb_game_moves_played (&list, i);

      g_array_append_val (times, us);
    }
  _arb_game_moves_clear (&list);
  return ok ? g_steal_pointer (&times) : NULL;
}
