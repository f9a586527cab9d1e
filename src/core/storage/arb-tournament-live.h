/* arb-tournament-live.h: following a tournament file that others write
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-clock.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* A reader that publishes a round (the feed of the network layer) opens the
 * file read-only on a connection of its own and asks, several times a
 * second, whether anything was committed since it last looked. When it
 * was, it reads the round again between arb_tournament_begin_snapshot()
 * and arb_tournament_end_snapshot(), so that every read sees the same
 * state of the file even while the window or another program goes on
 * writing. */

/* SQLite's data_version of this connection: it changes whenever another
 * connection (of this process or another) has committed to the file. */
gboolean arb_tournament_get_data_version (ArbTournament *self, gint64 *version, GError **error);

/* A read transaction: the reads until end_snapshot() see one state of the
 * file. Snapshots do not nest. */
gboolean arb_tournament_begin_snapshot (ArbTournament *self, GError **error);
void arb_tournament_end_snapshot (ArbTournament *self);

/* A clock event as stored. */
typedef struct
{
  gint64 id;
  int ply;
  /* An ArbClockEventKind, or -1 for a kind this version does not know. */
  int kind;
  int side;            /* ARB_WHITE, ARB_BLACK, or -1 for none */
  gint64 wall_time_us; /* microseconds since 1970-01-01 UTC */
  gint64 amount;       /* milliseconds, a move count or a ply, by kind */
  gint64 white_ms;     /* remaining after the event, -1 when unknown */
  gint64 black_ms;
} ArbClockEventInfo;

/* The clock events of a game in the order they were recorded
 * (ArbClockEventInfo). */
GArray *arb_tournament_list_clock_events (ArbTournament *self, gint64 game_id, GError **error);

/* When each stored move of a game was committed, in microseconds since
 * 1970-01-01 UTC: element i is ply i + 1 (gint64). */
GArray *arb_tournament_get_move_times (ArbTournament *self, gint64 game_id, GError **error);

/* The kind of a clock event from its stored name ("press", "pause"…);
 * FALSE for a name this version does not know. */
gboolean arb_tournament_clock_event_kind_from_string (const char *name, ArbClockEventKind *kind);

/* A stored wall time (ISO 8601 in UTC) in microseconds since the epoch;
 * FALSE when the text is not one. */
gboolean arb_tournament_parse_wall_time (const char *text, gint64 *us);

G_END_DECLS
