/* arb-tournament-live.c: following a tournament file that others write
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament-live.h"

#include <sqlite3.h>
#include <string.h>

#include "arb-tournament-clock.h"
#include "arb-tournament-private.h"

typedef sqlite3_stmt ArbLiveStmt;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbLiveStmt, sqlite3_finalize)

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
  g_autoptr (ArbLiveStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  /* A deferred transaction takes its snapshot at the first read; the
   * schema version is that first read, so the snapshot starts here. */
  stmt = _arb_tournament_prepare (self, "BEGIN DEFERRED", error);
  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot read the tournament");
      return FALSE;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);
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
  sqlite3 *db;

  g_return_if_fail (ARB_IS_TOURNAMENT (self));

  db = arb_tournament_get_db (self);
  /* Nothing was written: ending the read cannot fail in a way that
   * matters, and a connection outside a transaction ignores it. */
  if (!sqlite3_get_autocommit (db))
    sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
}

gboolean
arb_tournament_clock_event_kind_from_string (const char *name, ArbClockEventKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  if (name == NULL)
    return FALSE;
  for (int k = ARB_CLOCK_EVENT_START; k <= ARB_CLOCK_EVENT_RECOVER; k++)
    if (strcmp (name, arb_tournament_clock_event_kind ((ArbClockEventKind) k)) == 0)
      {
        *kind = (ArbClockEventKind) k;
        return TRUE;
      }
  return FALSE;
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

static gint64
column_ms (sqlite3_stmt *stmt, int i)
{
  return sqlite3_column_type (stmt, i) == SQLITE_NULL ? -1 : sqlite3_column_int64 (stmt, i);
}

GArray *
arb_tournament_list_clock_events (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbLiveStmt) stmt = NULL;
  g_autoptr (GArray) events = g_array_new (FALSE, TRUE, sizeof (ArbClockEventInfo));
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = _arb_tournament_prepare (self,
                                  "SELECT id, ply, kind, side, wall_time, amount_ms, white_ms, "
                                  "black_ms FROM clock_event WHERE game_id = ? ORDER BY id",
                                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ArbClockEventInfo e = { 0 };
      ArbClockEventKind kind;
      const char *side = (const char *) sqlite3_column_text (stmt, 3);
      const char *wall = (const char *) sqlite3_column_text (stmt, 4);

      e.id = sqlite3_column_int64 (stmt, 0);
      e.ply = sqlite3_column_int (stmt, 1);
      e.kind = arb_tournament_clock_event_kind_from_string (
                 (const char *) sqlite3_column_text (stmt, 2), &kind)
                 ? (int) kind
                 : -1;
      e.side = g_strcmp0 (side, "white") == 0   ? ARB_WHITE
               : g_strcmp0 (side, "black") == 0 ? ARB_BLACK
                                                : -1;
      if (!arb_tournament_parse_wall_time (wall, &e.wall_time_us))
        e.wall_time_us = 0;
      e.amount = sqlite3_column_int64 (stmt, 5);
      e.white_ms = column_ms (stmt, 6);
      e.black_ms = column_ms (stmt, 7);
      g_array_append_val (events, e);
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot read the clock events");
      return NULL;
    }
  return g_steal_pointer (&events);
}

GArray *
arb_tournament_get_move_times (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbLiveStmt) stmt = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, TRUE, sizeof (gint64));
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  stmt = _arb_tournament_prepare (self, "SELECT played_at FROM move WHERE game_id = ? ORDER BY ply",
                                  error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 us = 0;

      if (!arb_tournament_parse_wall_time ((const char *) sqlite3_column_text (stmt, 0), &us))
        us = 0;
      g_array_append_val (times, us);
    }
  if (rc != SQLITE_DONE)
    {
      _arb_tournament_set_sqlite_error (self, error, rc, "cannot read the moves");
      return NULL;
    }
  return g_steal_pointer (&times);
}
