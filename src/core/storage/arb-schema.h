/* arb-schema.h: the tournament file's schema, its versions and migrations
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "ARBT" in the SQLite header (offset 68), so a tournament file is told
 * apart from any other SQLite database without reading its tables. */
#define ARB_SCHEMA_APPLICATION_ID 0x41524254

/* PRAGMA user_version of the files this build writes. Version 1 was the
 * first layout; version 2 added sealed-move envelopes and the event
 * settings; version 3 keeps each move as its code (arb-move-code.h)
 * instead of its SAN and UCI text, with no time of play for a move that
 * was imported, and indexes the records of a game; version 4 what the
 * sources of moves leave (e-boards, sources, alerts); version 5 keeps
 * the moves of a game in one row (move_list), their times only when any
 * is known; version 6 keeps the moves a restoration voids (voided_move);
 * version 7 lets a ruling supersede another (ruling.supersedes); version
 * 8 an alert of a source that reverses the colours (wrong-colours);
 * version 9 what the desk records of a player's rounds (player_entry);
 * version 10 an alert cleared by its source (state 'cleared'); version 11
 * the arbiters' team (team_arbiter, floor_entry, desk_call_answer);
 * version 12 the replication log and state of deputies' replicas;
 * version 13 the certificate of the arbiters' service (event_certificate);
 * version 14 what a deputy's desk writes through the chief's (desk_entry);
 * version 15 a team's bye and a team match forfeited (team_round_entry).
 * Every file is built by running the migrations from 0, so a
 * new file and a migrated old file have the same schema. */
#define ARB_SCHEMA_VERSION 15

/* What the first 100 bytes of a file say, read without SQLite so that a
 * foreign file is refused before anything could write to it. */
typedef enum
{
  ARB_SCHEMA_FILE_EMPTY,      /* zero bytes */
  ARB_SCHEMA_FILE_NOT_SQLITE, /* no SQLite header: random bytes, a PGN… */
  ARB_SCHEMA_FILE_FOREIGN,    /* SQLite, but another application's */
  ARB_SCHEMA_FILE_ARBITER,    /* SQLite with our application id */
} ArbSchemaFileKind;

typedef struct
{
  ArbSchemaFileKind kind;
  guint32 application_id;
  guint32 user_version; /* as in the main file; a WAL may hold a newer one */
  gsize page_size;
  guint32 page_count;        /* "in-header database size" */
  gboolean wal_pending;      /* a non-empty -wal file lies beside it */
  gboolean page_count_valid; /* the header's size is current (no WAL, counters agree) */
  goffset file_size;
} ArbSchemaHeader;

gboolean arb_schema_read_header (const char *path, ArbSchemaHeader *header, GError **error);

/* The SQL of one migration step (1..ARB_SCHEMA_VERSION), for tests and for
 * the documentation of the layout. Steps 3 and 5 also copy the stored
 * moves, which is not SQL: a comment in their text says where. */
const char *arb_schema_migration_sql (int to_version);

G_END_DECLS
