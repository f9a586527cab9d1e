/* arb-tournament-entries.h: byes asked for, withdrawals and late entries
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"
#include "arb-trf.h"

G_BEGIN_DECLS

/* What the desk records of a player's rounds before the pairing program
 * pairs them (table player_entry, schema version 9). A record is never
 * changed: taking one back stores a record of kind CANCEL that supersedes
 * it, with the reason in its note. The round layer decides whether a
 * record may be made (arb-round-entries.h); storage keeps it. */
typedef enum
{
  ARB_ENTRY_BYE,        /* a bye asked for ROUND: code 'H' (half a point) or 'Z' (none) */
  ARB_ENTRY_WITHDRAWAL, /* the player is absent from ROUND on */
  ARB_ENTRY_LATE, /*< nick=late-entry >*/ /* a player who enters at ROUND: absent before it */
  ARB_ENTRY_CANCEL,                       /* takes back the record SUPERSEDES */
} ArbEntryKind;

typedef struct
{
  gint64 id;
  ArbEntryKind kind;
  gint64 player_id;
  int round;
  char code; /* 'H' or 'Z' for a bye, '\0' otherwise */
  char *arbiter;
  char *note;
  gint64 supersedes;    /* CANCEL: the record taken back */
  gint64 superseded_by; /* the CANCEL that took this one back, 0 when it stands */
  char *recorded_at;
} ArbEntryRecord;

void arb_entry_record_free (ArbEntryRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbEntryRecord, arb_entry_record_free)

/* Stores @record (its id, superseded_by and recorded_at are ignored) in
 * one transaction with its audit line; *id (may be NULL) gets its id. A
 * CANCEL must name a standing record that is not a CANCEL. */
gboolean arb_tournament_add_entry (ArbTournament *self,
                                   const ArbEntryRecord *record,
                                   gint64 *id,
                                   GError **error);

/* A late entry: the player (who gets the next starting rank when
 * @player's start_no is 0) and the record of kind LATE from @round, in one
 * transaction. *player_id and *entry_id may be NULL. */
gboolean arb_tournament_add_late_entry (ArbTournament *self,
                                        const ArbPlayerInfo *player,
                                        int round,
                                        const char *arbiter,
                                        const char *note,
                                        gint64 *player_id,
                                        gint64 *entry_id,
                                        GError **error);

/* Every record (ArbEntryRecord) in the order they were made, those taken
 * back and the CANCELs too when @all, else only those that stand. */
GPtrArray *arb_tournament_list_entries (ArbTournament *self, gboolean all, GError **error);

/* The TRF export (arb-tournament-trf.c), with the records that stand.
 * @players are the players (ArbPlayerInfo) in the order of @trf's player
 * lines; @n_rounds is the last round with games.
 *
 * _arb_trf_apply_entries() fills the round columns the games leave blank:
 * up to @n_rounds, "0000 - Z" where the player was absent (withdrawn, not
 * yet entered) and "0000 - H" or "0000 - Z" for a bye asked for; and the
 * column of round @n_rounds + 1, the round to be paired, the same way when
 * a record concerns it, which is how TRF16 pairing programs are told not
 * to pair a player (docs/notation.md). TRUE when it wrote a column.
 *
 * _arb_trf_add_entry_byes() adds the TRF-2026 records 240 of the byes
 * asked for rounds after @n_rounds and of the absences in round
 * @n_rounds + 1, leaving out those a kept 240 already says (the TRF16
 * export drops 240). TRUE when it added one. */
gboolean _arb_trf_apply_entries (ArbTrf *trf, GPtrArray *players, GPtrArray *entries, int n_rounds);
gboolean _arb_trf_add_entry_byes (ArbTrf *trf,
                                  GPtrArray *players,
                                  GPtrArray *entries,
                                  int n_rounds);

G_END_DECLS
