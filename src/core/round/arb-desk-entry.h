/* arb-desk-entry.h: a deputy's result or ruling, applied once on the chief's desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "arb-result.h"
#include "arb-tournament-desk-entry.h"
#include "arb-tournament-team.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* What a deputy's desk sends the chief's: @client_id made by the deputy,
 * @round and @board, and by kind:
 *
 * a result: @result, as the results desk records it
 * (arb_result_entry_store ()); @reason, when the board has another result
 * already, makes the entry a correction of the rulings log with that
 * reason; without one such an entry is refused (a result never silently
 * replaces another);
 *
 * a ruling: @ruling_json, the engine's ruling as stored
 * (arb_ruling_to_json ()), made at ply @ply of the game, with @note and,
 * when @set_clocks, the clock times the arbiter judged; applied as the
 * desk's ruling flow applies one (arb_ruling_plan_apply ()), with what
 * the flows add to the plan beyond the ruling (the irregularity as it was
 * made, a move to play, the envelope opened or the place of resumption;
 * the fields of ArbRulingPlan of the same names). A game with another
 * number of plies than @ply has changed since: refused. */
typedef struct
{
  const char *client_id;
  int round;
  int board;
  ArbResult result;
  const char *reason;
  const char *ruling_json;
  int ply;
  const char *note;
  gboolean set_clocks;
  gint64 white_ms;
  gint64 black_ms;
  const char *irregularity_kind; /* NULL: none */
  int irregularity_ply;
  int irregularity_side; /* ArbColor */
  const char *irregularity_move;
  const char *irregularity_fen;
  const char *play_uci;
  const char *resume_place;
  gint64 open_envelope_id;
  gboolean reveal_sealed_move;
} ArbDeskSubmission;

/* Applies @s once for @deputy (role deputy or chief, named as the author),
 * in one transaction with the entry itself: a repeat of a client id
 * applies nothing and gives the first entry (*repeat TRUE). *stored gets
 * the entry as the file keeps it; its outcome is JSON: a result's
 * "result", "white", "black" and "correction" (the correction's ruling
 * id, 0 for none); a ruling's "ruling" (its id) and "result" (the game's
 * result after it). Refusals are ARB_TOURNAMENT_ERROR_CONFLICT (the board
 * has another result, the game changed), ARB_TOURNAMENT_ERROR_NO_GAME or
 * ARB_TOURNAMENT_ERROR_INVALID, with a sentence that says why. */
gboolean arb_desk_entry_submit (ArbTournament *tournament,
                                const ArbTeamArbiter *deputy,
                                ArbDeskEntryKind kind,
                                const ArbDeskSubmission *s,
                                ArbDeskEntryRecord **stored,
                                gboolean *repeat,
                                GError **error);

/* The members of a ruling's plan extras as the wire and the file carry
 * them, added to the object @b is building: "irregularity" {"kind",
 * "ply", "side" ("white" or "black"), "move", "fen"}, "play_uci",
 * "resume_place", "open_envelope" and "reveal_sealed_move"; only those
 * that are set. */
void arb_desk_submission_add_extras (JsonBuilder *b, const ArbDeskSubmission *s);

G_END_DECLS
