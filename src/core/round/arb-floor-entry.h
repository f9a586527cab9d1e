/* arb-floor-entry.h: what a floor arbiter sends, applied once through the round's paths
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament-team.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* What a floor arbiter sends: @client_id made by the phone, @round and
 * @board, and by kind: a result entry as the results desk reads it
 * (arb-result-entry.h: "12 1", "Öberg 0": a name means that player's
 * score; @text), a call (@text an optional note), an incident (@incident
 * one of "illegal-move", "claim", "device", "late-arrival", @text the
 * note), a clock reading (@white_ms, @black_ms the times a physical clock
 * shows; they stand beside the tracked times and replace none). */
typedef struct
{
  const char *client_id;
  ArbFloorKind kind;
  int round;
  int board;
  const char *text;
  const char *incident;
  gint64 white_ms;
  gint64 black_ms;
} ArbFloorSubmission;

/* Applies @s once for @arbiter: a repeat of a client id applies nothing
 * and gives the first entry's outcome (*repeat TRUE). A floor arbiter may
 * send only about the boards of their sectors. A result goes through the
 * results desk's path (arb_result_entry_store ()) with the arbiter's name;
 * a result that would replace another is refused (the desk corrects
 * results). An incident is stored with the ruling the desk is proposed
 * (its outcome's "proposed"). *stored gets the entry as the file keeps
 * it. */
gboolean arb_floor_entry_submit (ArbTournament *tournament,
                                 const ArbTeamArbiter *arbiter,
                                 const ArbFloorSubmission *s,
                                 ArbFloorRecord **stored,
                                 gboolean *repeat,
                                 GError **error);

/* The kind of ruling the desk is proposed for an incident kind
 * ("illegal-move" → "illegal-move", "claim" → "draw-claim", "device" →
 * "electronic-device", "late-arrival" → "default-time"), NULL for an
 * unknown one. */
const char *arb_floor_incident_ruling (const char *incident);

G_END_DECLS
