/* arb-ruling-dialog-flows-result.c: the flows of a penalty and of a result
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-i18n.h"
#include <stdlib.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-laws.h"
#include "arb-material.h"
#include "arb-ruling-facts.h"
#include "arb-ruling-board.h"
#include "arb-ruling-dialog-private.h"
#include "arb-ruling-text.h"
#include "arb-game-text.h"
#include "arb-san.h"

/* --- Penalties, late arrival, devices (2018/2023 12.9, 6.7, 11.3) ----- */

void
arb_ruling_dialog_build_penalty (ArbRulingDialog *self)
{
  const char *what_ids[] = { "conduct", "late-arrival", "device" };
  const char *what_labels[] = { _ ("Conduct: a penalty from the list"), _ ("Late arrival"),
                                _ ("Electronic device") };
  g_autoptr (GArray) menu = arb_laws_penalty_menu (self->event.edition);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);
  const char *late_ids[] = { "white", "black", "both" };
  const char *late_labels[] = { arb_ruling_facts_side_label (0), arb_ruling_facts_side_label (1),
                                _ ("Both") };

  arb_ruling_facts_add_choice (self, "what", _ ("What happened"), what_ids, what_labels, 3, 0);
  /* No penalty is chosen when the dialog opens: the arbiter picks one
   * (12.9), so that Confirm never records a warning nobody meant. */
  g_ptr_array_add (ids, g_strdup (""));
  /* Translators: the first item of the list of penalties, chosen when the
   * Penalty dialog opens; nothing can be confirmed until one is picked */
  g_ptr_array_add (labels, g_strdup (_ ("Choose a penalty")));
  for (guint i = 0; i < menu->len; i++)
    {
      ArbPenalty p = g_array_index (menu, ArbPenalty, i);

      g_ptr_array_add (ids, g_strdup (arb_penalty_to_string (p)));
      g_ptr_array_add (labels, g_strdup_printf ("%s — %s", laws->penalty_article[p],
                                                _ (arb_penalty_paraphrase (p))));
    }
  arb_ruling_facts_add_choice (self, "penalty", _ ("Penalty"), (const char *const *) ids->pdata,
                               (const char *const *) labels->pdata, ids->len, 0);
  arb_ruling_facts_add_side_choice (self, "offender", _ ("Offender"),
                                    arb_ruling_dialog_position (self)->side_to_move);
  arb_ruling_facts_add_number (self, "minutes", _ ("Minutes"), NULL, 0, 60, 2);
  arb_ruling_facts_add_number (self, "offender-points", _ ("Offender's score (half points)"), NULL,
                               0, 2, 0);
  arb_ruling_facts_add_number (self, "opponent-points", _ ("Opponent's score (half points)"), NULL,
                               0, 2, 2);
  {
    /* 12.9.6: the opponent's score is the arbiter's decision; nothing is
     * chosen when the penalty is. */
    const char *score_ids[] = { "", "2", "1", "0" };
    /* Translators: the choices of the opponent's score when the game is
     * declared lost for the offender (12.9.6); the first is shown until
     * the arbiter chooses */
    const char *score_labels[] = { _ ("Choose the opponent’s score"), _ ("The opponent wins"),
                                   _ ("The opponent draws (½)"), _ ("The opponent loses too (0)") };

    /* Translators: the title of the choice of the opponent's score */
    arb_ruling_facts_add_choice (self, "opponent-score", _ ("Opponent’s score"), score_ids,
                                 score_labels, 4, 0);
  }
  arb_ruling_facts_add_entry (self, "reason", _ ("Reason"), _ ("what the player did"), NULL, FALSE);
  arb_ruling_facts_add_choice (self, "late-side", _ ("Who is late"), late_ids, late_labels, 3, 0);
  arb_ruling_facts_add_number (self, "late-minutes", _ ("Minutes after the start"), NULL, 0, 600,
                               0);
  /* Translators: with "Minutes after the start": the seconds of the
   * lateness (with a default time of 0 any lateness counts, 6.7.1) */
  arb_ruling_facts_add_number (self, "late-seconds", _ ("and seconds"), NULL, 0, 59, 0);
  arb_ruling_facts_add_switch (self, "sounded", _ ("The device made a sound"), NULL, TRUE);
  arb_ruling_dialog_add_cannot_mate (self);
  arb_ruling_facts_add_switch (self, "milder", _ ("The event sets a milder penalty"), NULL, FALSE);
}

/* Whether @side (either, for ARB_COLOR_NONE) has made a move of the game,
 * counted from the side to move at its start (a set-up position). */
static gboolean
side_has_moved (ArbRulingDialog *self, int side)
{
  guint n = arb_ruling_dialog_n_plies (self);
  ArbColor first = arb_game_get_position (self->game, 0)->side_to_move;

  if (side == ARB_COLOR_NONE)
    return n >= 1;
  return side == (int) first ? n >= 1 : n >= 2;
}

ArbRuling *
arb_ruling_dialog_compute_penalty (ArbRulingDialog *self)
{
  const char *what = arb_ruling_facts_id (self, "what");
  gboolean conduct = g_strcmp0 (what, "conduct") == 0;
  gboolean late = g_strcmp0 (what, "late-arrival") == 0;
  gboolean device = g_strcmp0 (what, "device") == 0;
  ArbPenalty penalty = ARB_PENALTY_WARNING;
  ArbRuling *ruling;

  arb_penalty_from_string (arb_ruling_facts_id (self, "penalty"), &penalty);
  arb_ruling_facts_set_visible (self, "penalty", conduct);
  arb_ruling_facts_set_visible (self, "offender", conduct || device);
  arb_ruling_facts_set_visible (self, "minutes",
                                conduct && (penalty == ARB_PENALTY_ADD_OPPONENT_TIME ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_TIME));
  arb_ruling_facts_set_visible (self, "offender-points",
                                conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  arb_ruling_facts_set_visible (self, "opponent-points",
                                conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  arb_ruling_facts_set_visible (self, "opponent-score",
                                conduct && penalty == ARB_PENALTY_DECLARE_LOST);
  arb_ruling_facts_set_visible (self, "reason", conduct);
  arb_ruling_facts_set_visible (self, "late-side", late);
  arb_ruling_facts_set_visible (self, "late-minutes", late);
  arb_ruling_facts_set_visible (self, "late-seconds", late);
  arb_ruling_facts_set_visible (self, "sounded", device && self->event.edition == ARB_EDITION_2009);
  arb_ruling_facts_set_visible (self, "cannot-mate", device);
  if (!device)
    arb_ruling_facts_set_visible (self, "cannot-mate-reason", FALSE);
  arb_ruling_facts_set_visible (self, "milder", device && self->event.edition >= ARB_EDITION_2018);

  if (late)
    {
      ArbLateFacts facts = { 0 };
      const char *side = arb_ruling_facts_id (self, "late-side");

      facts.by = g_strcmp0 (side, "white") == 0   ? ARB_WHITE
                 : g_strcmp0 (side, "black") == 0 ? ARB_BLACK
                                                  : ARB_COLOR_NONE;
      facts.late_ms = ((gint64) arb_ruling_facts_int (self, "late-minutes") * 60 +
                       arb_ruling_facts_int (self, "late-seconds")) *
                      1000;
      facts.neither_present_at_start = facts.by == ARB_COLOR_NONE;
      facts.has_moved = side_has_moved (self, facts.by);
      ruling = arb_laws_late_arrival (&self->event, &facts);
      if (ruling == NULL)
        /* Translators: the Penalty dialog refuses a late arrival when the
         * player has made a move in the game */
        self->hint = _ ("The player has moved in this game, so has arrived: no late arrival "
                        "(Article 6.7.1)");
      return ruling;
    }
  if (device)
    {
      ArbDeviceFacts facts = { 0 };

      facts.by = arb_ruling_facts_side (self, "offender");
      arb_ruling_dialog_prove_cannot_mate (self, arb_ruling_dialog_position (self), facts.by,
                                           (int) arb_ruling_dialog_n_plies (self));
      if (!arb_ruling_dialog_cannot_mate_answered (self))
        return NULL;
      facts.sounded = arb_ruling_facts_bool (self, "sounded");
      facts.opponent_cannot_mate = arb_ruling_facts_bool (self, "cannot-mate");
      facts.event_milder_penalty = arb_ruling_facts_bool (self, "milder");
      ruling = arb_laws_device (&self->event, &facts);
      return arb_ruling_dialog_with_reasons (self, ruling);
    }
  {
    ArbPenaltyFacts facts = { 0 };
    const char *reason = arb_ruling_facts_text (self, "reason");

    if (!arb_penalty_from_string (arb_ruling_facts_id (self, "penalty"), &penalty))
      {
        /* Translators: shown as the decision while no penalty is chosen */
        self->hint = _ ("Choose the penalty");
        return NULL;
      }
    /* The record says what the player did: a penalty is never stored
     * without its reason. */
    if (!arb_ruling_dialog_text_given (self, "reason"))
      {
        /* Translators: shown as the decision while the reason of a
         * penalty is empty */
        self->hint = _ ("Type the reason: what the player did");
        return NULL;
      }

    facts.penalty = penalty;
    facts.by = arb_ruling_facts_side (self, "offender");
    facts.ms = (gint64) arb_ruling_facts_int (self, "minutes") * 60 * 1000;
    facts.current = arb_game_get_result (self->game);
    facts.offender_half_points = (guint) arb_ruling_facts_int (self, "offender-points");
    facts.opponent_half_points = (guint) arb_ruling_facts_int (self, "opponent-points");
    facts.text = reason != NULL && *reason != '\0' ? reason : NULL;
    if (penalty == ARB_PENALTY_DECLARE_LOST)
      {
        const char *score = arb_ruling_facts_id (self, "opponent-score");

        facts.opponent_scored = score != NULL && *score != '\0';
        facts.opponent_half_points = facts.opponent_scored ? (guint) atoi (score) : 0;
        if (!facts.opponent_scored)
          {
            /* Translators: shown as the decision of 12.9.6 until the
             * arbiter chooses the opponent's score */
            self->hint = _ ("Choose the opponent’s score (12.9.6)");
            return NULL;
          }
      }
    ruling = arb_laws_penalty (&self->event, &facts);
    return ruling;
  }
}

/* --- Result (5.1, 5.2, 9.1; points 10/11) ----------------------------- */

static const ArbResult result_choices[] = {
  ARB_RESULT_WHITE_WINS,        ARB_RESULT_BLACK_WINS,        ARB_RESULT_DRAW,
  ARB_RESULT_BOTH_LOSE,         ARB_RESULT_WHITE_HALF,        ARB_RESULT_BLACK_HALF,
  ARB_RESULT_WHITE_FORFEIT_WIN, ARB_RESULT_BLACK_FORFEIT_WIN, ARB_RESULT_DOUBLE_FORFEIT,
};

/* The reasons this position allows, the arbiter's decision always: an
 * agreement or a resignation only while play could go on, a checkmate,
 * stalemate, dead position or automatic draw only where the board shows
 * it. Nothing is chosen until the arbiter says how the game ended. */
void
arb_ruling_dialog_build_result (ArbRulingDialog *self)
{
  ArbEnding shown = arb_ruling_dialog_position_ending (self);
  const char *ids[4];
  const char *labels[4];
  guint n = 0;

  ids[n] = "";
  labels[n++] = _ ("Choose how the game ended");
  if (shown == ARB_ENDING_NONE)
    {
      ids[n] = arb_ending_to_string (ARB_ENDING_AGREEMENT);
      labels[n++] = _ ("Draw agreed");
      ids[n] = arb_ending_to_string (ARB_ENDING_RESIGNATION);
      labels[n++] = _ ("Resignation");
    }
  else
    {
      ids[n] = arb_ending_to_string (shown);
      labels[n++] = arb_ruling_wording_ending (shown);
    }
  ids[n] = arb_ending_to_string (ARB_ENDING_ARBITER);
  labels[n++] = _ ("Arbiter's decision");
  arb_ruling_facts_add_choice (self, "reason", _ ("How the game ended"), ids, labels, n, 0);
  arb_ruling_facts_add_choice (self, "result", _ ("Result"), ids, labels, 0, 0);
  arb_ruling_facts_add_info (self, "finding", _ ("The position on the board"), "");
}

/* The results consistent with @ending in this position; the first is ""
 * ("choose") where the arbiter must still say which. */
static guint
results_for (ArbRulingDialog *self, ArbEnding ending, const char **ids, const char **labels)
{
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  guint n = 0;

  switch (ending)
    {
    case ARB_ENDING_AGREEMENT:
    case ARB_ENDING_STALEMATE:
    case ARB_ENDING_DEAD_POSITION:
    case ARB_ENDING_FIVEFOLD:
    case ARB_ENDING_SEVENTY_FIVE:
      ids[n] = labels[n] = arb_result_to_string (ARB_RESULT_DRAW);
      n++;
      break;
    case ARB_ENDING_CHECKMATE:
      /* The side to move is mated. */
      ids[n] = labels[n] = arb_result_to_string (
        pos->side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS : ARB_RESULT_WHITE_WINS);
      n++;
      break;
    case ARB_ENDING_RESIGNATION:
      ids[n] = "";
      labels[n++] = _ ("Choose who resigned");
      ids[n] = arb_result_to_string (ARB_RESULT_WHITE_WINS);
      labels[n++] = _ ("1-0: Black resigned");
      ids[n] = arb_result_to_string (ARB_RESULT_BLACK_WINS);
      labels[n++] = _ ("0-1: White resigned");
      break;
    case ARB_ENDING_ARBITER:
      ids[n] = "";
      labels[n++] = _ ("Choose the result");
      for (guint i = 0; i < G_N_ELEMENTS (result_choices); i++)
        {
          ids[n] = labels[n] = arb_result_to_string (result_choices[i]);
          n++;
        }
      break;
    default:
      break;
    }
  return n;
}

ArbRuling *
arb_ruling_dialog_compute_result (ArbRulingDialog *self)
{
  const char *reason = arb_ruling_facts_id (self, "reason");
  const char *result_text;
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  ArbResult result = ARB_RESULT_ONGOING;
  ArbRuling *ruling;
  guint w = 0, b = 0;
  ArbEnding ending = ARB_ENDING_NONE;
  ArbEnding shown = arb_ruling_dialog_position_ending (self);
  const char *ids[G_N_ELEMENTS (result_choices) + 1];
  const char *labels[G_N_ELEMENTS (result_choices) + 1];
  guint n;

  arb_ruling_facts_set_info (self, "finding",
                             shown != ARB_ENDING_NONE ? arb_ruling_wording_ending (shown)
                                                      : _ ("Play could go on"));
  arb_ruling_dialog_show_board (self, arb_ruling_dialog_n_plies (self),
                                _ ("The position on the board"));

  if (reason == NULL || *reason == '\0' || !arb_ending_from_string (reason, &ending))
    {
      arb_ruling_facts_set_visible (self, "result", FALSE);
      self->hint = _ ("Say how the game ended");
      return NULL;
    }
  /* The results follow the reason: they are offered again only when the
   * reason changed, never while the result row itself is being chosen
   * (its model must not be replaced under its own selection). */
  if (g_strcmp0 (reason, self->result_reason) != 0)
    {
      n = results_for (self, ending, ids, labels);
      arb_ruling_facts_set_choices (self, "result", ids, labels, n, 0);
      g_free (self->result_reason);
      self->result_reason = g_strdup (reason);
    }
  arb_ruling_facts_set_visible (self, "result", TRUE);
  result_text = arb_ruling_facts_id (self, "result");
  if (result_text == NULL || *result_text == '\0' || !arb_result_from_string (result_text, &result))
    {
      self->hint =
        ending == ARB_ENDING_RESIGNATION ? _ ("Say who resigned") : _ ("Choose the result");
      return NULL;
    }

  if (ending == ARB_ENDING_RESIGNATION)
    {
      int loser = result == ARB_RESULT_WHITE_WINS ? ARB_BLACK : ARB_WHITE;

      /* 2023 5.1.2: resigning when the opponent cannot mate is a draw. */
      ruling = arb_laws_resign (&self->event, loser,
                                arb_ruling_facts_cannot_mate_within (
                                  pos, !loser, ARB_UNWINNABLE_QUICK_BUDGET) == ARB_PROOF_TRUE);
      return ruling;
    }

  arb_result_half_points (result, &w, &b);
  ruling = arb_ruling_new (ARB_RULING_RESULT, self->event.edition, self->event.category,
                           w > b   ? ARB_WHITE
                           : b > w ? ARB_BLACK
                                   : ARB_COLOR_NONE);
  ruling->decision = w == b && w == 1 ? ARB_DECISION_DRAW
                     : w > b          ? ARB_DECISION_WIN
                     : b > w          ? ARB_DECISION_WIN
                                      : ARB_DECISION_LOSS;
  switch (ending)
    {
    case ARB_ENDING_CHECKMATE:
      arb_ruling_cite (ruling, ARB_RULE_CHECKMATE);
      break;
    case ARB_ENDING_STALEMATE:
      arb_ruling_cite (ruling, ARB_RULE_STALEMATE);
      break;
    case ARB_ENDING_DEAD_POSITION:
      arb_ruling_cite (ruling, ARB_RULE_DEAD_POSITION);
      break;
    case ARB_ENDING_FIVEFOLD:
      arb_ruling_cite (ruling, ARB_RULE_FIVEFOLD);
      break;
    case ARB_ENDING_SEVENTY_FIVE:
      arb_ruling_cite (ruling, ARB_RULE_SEVENTY_FIVE);
      break;
    default:
      break;
    }
  if (result == ARB_RESULT_BOTH_LOSE)
    arb_ruling_cite (ruling, ARB_RULE_BOTH_REFUSE);
  if (arb_result_is_forfeit (result))
    arb_ruling_cite (ruling, ARB_RULE_LATE_ARRIVAL);
  arb_ruling_cite (ruling, ARB_RULE_POINTS);
  {
    ArbEffect *e = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);

    e->result = result;
    e->ending = ending;
  }
  arb_ruling_set_fact_text (ruling, "result", arb_result_to_string (result));
  arb_ruling_set_fact_text (ruling, "ending", arb_ending_to_string (ending));
  ruling->reason = ARB_REASON_RESULT_RECORDED;
  return ruling;
}
