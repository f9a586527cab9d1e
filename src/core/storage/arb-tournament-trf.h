/* arb-tournament-trf.h: players and pairings in and out as TRF16 and TRF26
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"
#include "arb-trf.h"

G_BEGIN_DECLS

/* Players and the pairings of one round (0: every round) into the
 * tournament, in one transaction: on any error nothing is stored.
 *
 * A round the tournament already has is not added again: the file must
 * pair it the same way, and its results fill the games that have none
 * (two different results are an error). So the file a pairing program
 * writes after pairing the next round adds that round. TRF26 byes asked
 * for in record 240 become byes of their round; the time control of
 * record 222 becomes the event's when it has none. */
gboolean arb_tournament_import_trf (ArbTournament *self,
                                    const char *text,
                                    gsize length,
                                    int round,
                                    GError **error);
/* What an export wrote that the reader should know. */
typedef enum
{
  /* A game without a result: its round columns carry no result code. */
  ARB_TRF_NOTE_NO_RESULT,
  /* A player without a starting rank (from PGN) was given one. */
  ARB_TRF_NOTE_NEW_START_NO,
} ArbTrfNoteKind;

typedef struct
{
  ArbTrfNoteKind kind;
  int round; /* 0 when not about a round */
  int board;
  char *white; /* the player's name (the one numbered, for NEW_START_NO) */
  char *black; /* NULL for a bye or none */
  int start_no;
} ArbTrfNote;

void arb_trf_note_free (ArbTrfNote *note);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTrfNote, arb_trf_note_free)

/* The players with their pairings and results, as TRF16 (with the TRF26
 * records the import kept). TRF holds one game per player and round: when
 * a player has several games in a round (a match of several games, two
 * games a round), the export is refused with ARB_TRF_ERROR_UNSUPPORTED,
 * naming the round, the players and the boards, rather than writing one
 * of them. `notes`, when not NULL, receives an ArbTrfNote for each game
 * written without a result and each starting rank given. */
char *arb_tournament_export_trf_full (ArbTournament *self, GPtrArray *notes, GError **error);
char *arb_tournament_export_trf (ArbTournament *self, GError **error);

/* The version of the TRF last imported (ARB_TRF_VERSION_16 or _26), 0
 * when the tournament has none: what "As Imported" writes. */
int arb_tournament_get_imported_trf_version (ArbTournament *self);

/* The export in the version the arbiter picks: 0 for the version of the
 * file imported (TRF16 when there was none), else ARB_TRF_VERSION_16 or
 * ARB_TRF_VERSION_26 (arb_trf_convert()). */
char *arb_tournament_export_trf_as (ArbTournament *self,
                                    GPtrArray *notes,
                                    int version,
                                    GError **error);

G_END_DECLS
