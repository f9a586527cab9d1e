/* arb-floor-record.h: what a stored floor entry says, for the desk to show
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament-team.h"

G_BEGIN_DECLS

/* The body and outcome of a floor entry as arb_floor_entry_submit ()
 * stored them: the note typed on the phone (NULL when none), the
 * incident's kind ("illegal-move", …), the ruling the desk is proposed
 * (a stored ruling kind, arb_floor_incident_ruling ()) and a clock
 * reading (-1 when the entry has none). */
typedef struct
{
  char *text;
  char *incident;
  char *proposed;
  gint64 white_ms;
  gint64 black_ms;
} ArbFloorContent;

/* Reads @record's JSON; what cannot be read is left NULL (or -1). */
void arb_floor_content_read (const ArbFloorRecord *record, ArbFloorContent *content);
void arb_floor_content_clear (ArbFloorContent *content);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbFloorContent, arb_floor_content_clear)

/* The entry whose row is @id among @entries (ArbFloorRecord), or NULL. */
const ArbFloorRecord *arb_floor_records_find (GPtrArray *entries, gint64 id);

/* The last clock reading stored for @round and @board among @entries,
 * or NULL. */
const ArbFloorRecord *arb_floor_records_last_clock (GPtrArray *entries, int round, int board);

G_END_DECLS
