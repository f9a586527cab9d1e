/* arb-tournament-desk-entry.h: what a deputy's desk writes through the chief's
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* A deputy (another Arbiter at a desk of its own) writes results and
 * rulings through the chief's desk (table desk_entry, schema version 14).
 * Each entry carries an id the deputy made; it is unique, so a resend
 * applies nothing twice and gets the first outcome. The round layer
 * applies the entry (arb-desk-entry.h); storage keeps it, in the same
 * transaction as what it applied (a batch the round layer opens). */
typedef enum
{
  ARB_DESK_ENTRY_RESULT,
  ARB_DESK_ENTRY_RULING,
} ArbDeskEntryKind;

const char *arb_desk_entry_kind_to_string (ArbDeskEntryKind kind);
gboolean arb_desk_entry_kind_from_string (const char *text, ArbDeskEntryKind *kind);

typedef struct
{
  gint64 id;
  char *client_id; /* made by the deputy, at most 64 bytes */
  char *arbiter;   /* the deputy's name */
  ArbDeskEntryKind kind;
  int round;
  int board;
  char *body;    /* what was sent (JSON) */
  char *outcome; /* what the chief made of it (JSON) */
  char *recorded_at;
} ArbDeskEntryRecord;

void arb_desk_entry_record_free (ArbDeskEntryRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeskEntryRecord, arb_desk_entry_record_free)

/* Stores @record (its id and time ignored) with its audit line, in the
 * caller's batch or a transaction of its own. A client id stored already
 * is ARB_TOURNAMENT_ERROR_CONFLICT: look it up first, inside the batch. */
gboolean arb_tournament_add_desk_entry (ArbTournament *self,
                                        const ArbDeskEntryRecord *record,
                                        GError **error);
/* The entry sent with @client_id, NULL (and no error) when none is. */
ArbDeskEntryRecord *arb_tournament_get_desk_entry (ArbTournament *self,
                                                   const char *client_id,
                                                   GError **error);

G_END_DECLS
