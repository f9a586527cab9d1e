/* arb-ruling-apply.h: what a confirmed ruling changes, applied as one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"
#include "arb-laws-edition.h"
#include "arb-restored-clocks.h"
#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* An ArbRulingPlan turns the effects of an ArbRuling (which names plies and
 * time deltas) into the concrete changes to one game: the ply to go back
 * to, both clock times after every effect, the result, the move to play.
 * The guided flows show the plan, let the arbiter edit the clock times, and
 * apply it on confirmation. Building a plan changes nothing.
 *
 * arb_ruling_plan_apply() writes everything in one durable transaction of
 * the tournament file: the irregularity (the illegal move as it was made),
 * the moves taken back, a clock event of kind "restore" with both times,
 * the sealed envelope or its opening, the written or sealed move, the
 * result, the ruling row with its JSON payload, and their audit lines.
 * Either all of it is stored or none. Only then is the game reloaded. */
typedef struct
{
  ArbRuling *ruling; /* owned */
  int ply;           /* the game's ply when the ruling is made */

  int restore_ply; /* -1: the position stays */
  gboolean set_clocks;
  gint64 white_ms; /* both times after every effect, when set_clocks */
  gint64 black_ms;
  /* An illegal move taken back: the times proposed by the arbiter's best
   * judgement (arb-restored-clocks.h), before any penalty on top. */
  gboolean clocks_proposed;
  ArbColor proposal_offender;
  int proposal_ply;
  ArbRestoredClocks proposal;

  ArbResult result; /* ARB_RESULT_ONGOING: unchanged, unless clear_result */
  /* The result taken back: the game has none again (a correction to "*"). */
  gboolean clear_result;
  char *termination;

  /* The irregularity to record (the illegal move as it was made). */
  char *irregularity_kind; /* "illegal-move", … or NULL */
  int irregularity_ply;
  ArbColor irregularity_side;
  char *irregularity_move;
  char *irregularity_fen;

  /* A move to play after the other effects (the written move after an
   * incorrect claim, the sealed move at resumption), as UCI. */
  char *play_uci;

  /* Seal: the envelope to store (ArbRuling's envelope gives the fields). */
  gboolean seal;
  char *resume_place;
  /* Resumption: the envelope to open, and whether its move may be shown
   * (it was read out, or made on the board). */
  gint64 open_envelope_id;
  gboolean reveal_sealed_move;

  char *note;
  /* The arbiter who makes the ruling (NULL: not said; "": no name set),
   * recorded with it. */
  char *arbiter;
} ArbRulingPlan;

/* The Laws settings of the tournament's event: edition, category from its
 * time control, supervision from its settings. @tc may be NULL. */
gboolean arb_ruling_event_settings (ArbTournament *tournament,
                                    ArbEventSettings *settings,
                                    ArbTimeControl *tc,
                                    GError **error);

/* The clock times recorded at @ply (after its move; the starting times at
 * ply 0). FALSE when the file has none. */
gboolean arb_ruling_times_at_ply (ArbGame *game, int ply, gint64 *white_ms, gint64 *black_ms);

/* Builds the plan of @ruling for @game in its current state. */
ArbRulingPlan *arb_ruling_plan_new (ArbGame *game, const ArbRuling *ruling);
void arb_ruling_plan_free (ArbRulingPlan *plan);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRulingPlan, arb_ruling_plan_free)

/* Applies @plan to @game in one transaction, then reloads the game. FALSE
 * with @error, and nothing stored or changed, on any failure. Returns the
 * id of the ruling row in @ruling_id when not NULL. */
gboolean arb_ruling_plan_apply (ArbRulingPlan *plan,
                                ArbGame *game,
                                gint64 *ruling_id,
                                GError **error);

/* Replaces the stored result of @game by @result as a decision of the
 * rulings log (arb_laws_result_correction ()): the one it replaces, the
 * reason and the arbiter recorded with it, in one transaction. For a
 * result the arbiter changes at the results desk or in an unlocked round.
 * *ruling_id (may be NULL) gets the id of the correction's record. */
gboolean arb_ruling_correct_result (ArbGame *game,
                                    ArbResult result,
                                    const char *arbiter,
                                    const char *reason,
                                    gint64 *ruling_id,
                                    GError **error);

/* The unopened envelope of @game: its id and record, or 0. */
gint64 arb_ruling_find_envelope (ArbGame *game, ArbEnvelope *envelope, int *ply);

G_END_DECLS
