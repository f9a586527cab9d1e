/* arb-laws-conduct.c: the rulings of late arrival, devices, resignation, penalties and corrections
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-laws-private.h"

#include "arb-i18n.h"

static void
cite_custom (ArbRuling *ruling,
             ArbRule rule,
             const char *article,
             const char *paraphrase,
             gboolean verified)
{
  ArbCitation citation = { 0 };

  if (arb_ruling_cites (ruling, article))
    return;
  citation.rule = rule;
  citation.article = g_strdup (article);
  citation.paraphrase = g_strdup (paraphrase);
  citation.verified = verified;
  g_array_append_val (ruling->citations, citation);
}

/* --- Late arrival, devices, resignation ------------------------------- */

ArbRuling *
arb_laws_late_arrival (const ArbEventSettings *event, const ArbLateFacts *facts)
{
  ArbRuling *ruling;
  gint64 limit;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);

  /* 2018/2023 6.7.1 (2009 6.7.a, 2001 6.6.a): lateness is counted to the
   * player's arrival at the board; one who has moved has arrived. */
  if (facts->has_moved)
    return NULL;
  limit = arb_event_settings_default_time (event);
  ruling = arb_ruling_new (ARB_RULING_LATE_ARRIVAL, event->edition, event->category, facts->by);
  arb_ruling_set_fact_int (ruling, "late_ms", facts->late_ms);
  arb_ruling_set_fact_int (ruling, "limit_ms", limit);
  if (facts->neither_present_at_start)
    arb_ruling_set_fact_bool (ruling, "both_absent", TRUE);
  arb_ruling_cite (ruling, ARB_RULE_LATE_ARRIVAL);
  if (event->national == ARB_NATIONAL_NORWAY && event->edition == ARB_EDITION_2009 &&
      event->default_time_ms < 0)
    cite_custom (
      ruling, ARB_RULE_LATE_ARRIVAL, "6.6 (NSF)",
      N_ (
        "In Norway a player more than 60 minutes late loses, unless the invitation says otherwise."),
      TRUE);

  if (facts->neither_present_at_start)
    {
      arb_ruling_cite (ruling, ARB_RULE_BOTH_ABSENT);
      if (limit > 0)
        add_note (ruling, 0, ARB_NOTE_WHITE_CLOCK_RUNS);
    }

  if (facts->late_ms <= limit)
    {
      ruling->decision = ARB_DECISION_NOT_LATE;
      ruling->reason = ARB_REASON_LATE_WITHIN_DEFAULT;
      return ruling;
    }

  /* A default is a forfeit: the game was not played. */
  ruling->decision = ARB_DECISION_LOSS;
  if (facts->by == ARB_COLOR_NONE)
    {
      set_result (ruling, ARB_RESULT_DOUBLE_FORFEIT, ARB_ENDING_BOTH_ABSENT);
      ruling->reason = ARB_REASON_LATE_BOTH_FORFEIT;
    }
  else
    {
      set_result (ruling,
                  facts->by == 0 ? ARB_RESULT_BLACK_FORFEIT_WIN : ARB_RESULT_WHITE_FORFEIT_WIN,
                  ARB_ENDING_LATE_ARRIVAL);
      ruling->reason = ARB_REASON_LATE_FORFEIT;
    }
  return ruling;
}

ArbRuling *
arb_laws_device (const ArbEventSettings *event, const ArbDeviceFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  ruling = arb_ruling_new (ARB_RULING_DEVICE, event->edition, event->category, facts->by);
  if (facts->sounded)
    arb_ruling_set_fact_bool (ruling, "sounded", TRUE);
  if (facts->switched_off)
    arb_ruling_set_fact_bool (ruling, "switched_off", TRUE);
  if (facts->event_milder_penalty)
    arb_ruling_set_fact_bool (ruling, "milder", TRUE);
  arb_ruling_set_fact_bool (ruling, "cannot_mate", facts->opponent_cannot_mate);

  switch (laws->device_rule)
    {
    case ARB_DEVICE_RULE_NONE:
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      ruling->reason = ARB_REASON_DEVICE_NOT_IN_EDITION;
      return ruling;

    case ARB_DEVICE_RULE_SOUND:
      /* 2009 12.3b */
      arb_ruling_cite (ruling, ARB_RULE_DEVICE);
      if (!facts->sounded)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason =
            facts->switched_off ? ARB_REASON_DEVICE_SWITCHED_OFF : ARB_REASON_DEVICE_SILENT;
          return ruling;
        }
      ruling->decision = ARB_DECISION_LOSS;
      if (facts->opponent_cannot_mate)
        {
          set_result (ruling, arb_result_loss_opponent_half (facts->by),
                      ARB_ENDING_DEVICE_CANNOT_WIN);
          ruling->reason = ARB_REASON_DEVICE_SOUNDED_CANNOT_WIN;
        }
      else
        {
          set_result (ruling, arb_result_loss_for (facts->by), ARB_ENDING_DEVICE);
          ruling->reason = ARB_REASON_DEVICE_SOUNDED;
        }
      return ruling;

    case ARB_DEVICE_RULE_POSSESSION:
    default:
      /* 2014 11.3b, 2018/2023 11.3.2.2 */
      arb_ruling_cite (ruling, ARB_RULE_DEVICE);
      if (facts->event_milder_penalty)
        {
          ruling->decision = ARB_DECISION_PENALTY;
          arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
          ruling->reason = ARB_REASON_DEVICE_MILDER;
          return ruling;
        }
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), ARB_ENDING_DEVICE);
      ruling->reason = ARB_REASON_DEVICE_LOSS;
      return ruling;
    }
}

ArbRuling *
arb_laws_resign (const ArbEventSettings *event, int by, gboolean opponent_cannot_mate)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (by == 0 || by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  ruling = arb_ruling_new (ARB_RULING_RESIGNATION, event->edition, event->category, by);
  arb_ruling_set_fact_bool (ruling, "cannot_mate", opponent_cannot_mate);
  arb_ruling_cite (ruling, ARB_RULE_RESIGN);

  /* 2023 5.1.2: resigning where the opponent cannot mate draws. */
  if (laws->resign_draw_if_cannot_mate && opponent_cannot_mate)
    {
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_RESIGNATION_CANNOT_MATE);
      ruling->reason = ARB_REASON_RESIGN_DRAW;
      return ruling;
    }
  ruling->decision = ARB_DECISION_LOSS;
  set_result (ruling, arb_result_loss_for (by), ARB_ENDING_RESIGNATION);
  ruling->reason = ARB_REASON_RESIGN_LOSS;
  return ruling;
}

/* --- Penalties -------------------------------------------------------- */

static int
compare_penalty_article (gconstpointer a, gconstpointer b, gpointer data)
{
  const ArbLawsEdition *laws = data;
  const char *x = laws->penalty_article[*(const ArbPenalty *) a];
  const char *y = laws->penalty_article[*(const ArbPenalty *) b];

  return g_strcmp0 (x, y);
}

GArray *
arb_laws_penalty_menu (ArbEdition edition)
{
  const ArbLawsEdition *laws = arb_laws_edition_get (edition);
  GArray *menu = g_array_new (FALSE, FALSE, sizeof (ArbPenalty));

  g_return_val_if_fail (laws != NULL, menu);

  for (guint i = 0; i < ARB_PENALTY_N; i++)
    if (laws->penalty_article[i] != NULL)
      {
        ArbPenalty penalty = (ArbPenalty) i;
        g_array_append_val (menu, penalty);
      }
  g_array_sort_with_data (menu, compare_penalty_article, (gpointer) laws);
  return menu;
}

ArbRuling *
arb_laws_penalty (const ArbEventSettings *event, const ArbPenaltyFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  const char *article;
  int opponent;
  ArbEffect *effect;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);
  g_return_val_if_fail ((guint) facts->penalty < ARB_PENALTY_N, NULL);

  /* 2018/2023 12.9.6: the game is declared lost for the offender; the
   * opponent's score (a win, a draw, or a loss as well) is the arbiter's
   * to decide, never assumed. */
  if (facts->penalty == ARB_PENALTY_DECLARE_LOST && !facts->opponent_scored)
    return NULL;
  laws = arb_laws_edition_get (event->edition);
  opponent = opponent_of (facts->by);
  article = laws->penalty_article[facts->penalty];
  ruling = arb_ruling_new (ARB_RULING_PENALTY, event->edition, event->category, facts->by);
  arb_ruling_set_fact_text (ruling, "penalty", arb_penalty_to_string (facts->penalty));
  if (facts->text != NULL)
    arb_ruling_set_fact_text (ruling, "text", facts->text);
  if (facts->penalty == ARB_PENALTY_ADD_OPPONENT_TIME ||
      facts->penalty == ARB_PENALTY_REDUCE_OFFENDER_TIME)
    arb_ruling_set_fact_int (ruling, "amount_ms", facts->ms);

  if (article == NULL)
    {
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      ruling->reason = ARB_REASON_PENALTY_NOT_IN_EDITION;
      return ruling;
    }
  cite_custom (ruling, ARB_RULE_PENALTIES, article, arb_penalty_paraphrase (facts->penalty),
               arb_rule_article_verified (event->edition, ARB_RULE_PENALTIES));
  ruling->decision = ARB_DECISION_PENALTY;

  switch (facts->penalty)
    {
    case ARB_PENALTY_ADD_OPPONENT_TIME:
      add_time (ruling, opponent, facts->ms);
      ruling->reason = ARB_REASON_PENALTY_TIME_ADDED;
      break;
    case ARB_PENALTY_REDUCE_OFFENDER_TIME:
      add_time (ruling, facts->by, -facts->ms);
      ruling->reason = ARB_REASON_PENALTY_TIME_REMOVED;
      break;
    case ARB_PENALTY_DECLARE_LOST:
    case ARB_PENALTY_REDUCE_OFFENDER_POINTS:
    case ARB_PENALTY_INCREASE_OPPONENT_POINTS:
      {
        guint offender = facts->offender_half_points;
        guint other = facts->opponent_half_points;
        guint current_offender, current_other;
        ArbResult result;

        if (facts->penalty == ARB_PENALTY_DECLARE_LOST)
          offender = 0;
        arb_result_half_points (facts->current, facts->by == 0 ? &current_offender : &current_other,
                                facts->by == 0 ? &current_other : &current_offender);
        if (facts->penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS)
          other = current_other;
        if (facts->penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS)
          offender = current_offender;
        /* 2018/2023 10.2: only normal scores, never above the maximum. */
        if (!arb_result_from_half_points (facts->by == 0 ? offender : other,
                                          facts->by == 0 ? other : offender, &result) ||
            (facts->penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS && offender > current_offender) ||
            (facts->penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS && other < current_other))
          {
            ruling->decision = ARB_DECISION_NOT_IN_EDITION;
            arb_ruling_cite (ruling, ARB_RULE_POINTS);
            arb_ruling_cite (ruling, ARB_RULE_NORMAL_SCORES);
            ruling->reason = ARB_REASON_PENALTY_SCORE_NOT_ALLOWED;
            return ruling;
          }
        set_result (ruling, result, ARB_ENDING_PENALTY);
        arb_ruling_cite (ruling, ARB_RULE_POINTS);
        ruling->reason = ARB_REASON_PENALTY_SCORED;
        break;
      }
    case ARB_PENALTY_WARNING:
    case ARB_PENALTY_FINE:
    case ARB_PENALTY_EXCLUDE_ROUNDS:
    case ARB_PENALTY_EXPEL:
    default:
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ADMINISTRATIVE, facts->by);
      effect->text = g_strdup (facts->text);
      ruling->reason = ARB_REASON_PENALTY_LISTED;
      break;
    }
  return ruling;
}

ArbRuling *
arb_laws_result_correction (const ArbEventSettings *event,
                            ArbResult previous,
                            ArbResult result,
                            const char *reason)
{
  ArbRuling *ruling;
  ArbEffect *effect;
  guint w = 0, b = 0;

  g_return_val_if_fail (event != NULL, NULL);

  arb_result_half_points (result, &w, &b);
  ruling = arb_ruling_new (ARB_RULING_RESULT, event->edition, event->category,
                           w > b   ? ARB_WHITE
                           : b > w ? ARB_BLACK
                                   : ARB_COLOR_NONE);
  /* A correction to "*" takes the result back: the game goes on, it is
   * lost by no one (0-0 and "--" are losses for both). */
  ruling->decision = result == ARB_RESULT_ONGOING ? ARB_DECISION_PLAY_ON
                     : w == b && w == 1           ? ARB_DECISION_DRAW
                     : w != b                     ? ARB_DECISION_WIN
                                                  : ARB_DECISION_LOSS;
  arb_ruling_set_fact_text (ruling, "result", arb_result_to_string (result));
  arb_ruling_set_fact_text (ruling, "replaces", arb_result_to_string (previous));
  if (reason != NULL && *reason != '\0')
    arb_ruling_set_fact_text (ruling, "reason", reason);
  arb_ruling_cite (ruling, ARB_RULE_POINTS);
  effect = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);
  effect->result = result;
  ruling->reason = ARB_REASON_RESULT_CORRECTED;
  return ruling;
}
