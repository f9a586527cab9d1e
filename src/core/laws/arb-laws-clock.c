/* arb-laws-clock.c: the rulings of a flag fall and of a quickplay finish
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-laws-private.h"

/* --- Flag fall -------------------------------------------------------- */

static void
flag_single (ArbRuling *ruling, const ArbFlagFacts *facts)
{
  if (facts->opponent_cannot_mate)
    {
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_FLAG_CANNOT_MATE);
      ruling->reason = ARB_REASON_FLAG_CANNOT_MATE;
    }
  else
    {
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), ARB_ENDING_FLAG_FALL);
      ruling->reason = ARB_REASON_FLAG_LOSS;
    }
}

ArbRuling *
arb_laws_flag_fall (const ArbEventSettings *event, const ArbFlagFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  int sup;
  gboolean both;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  sup = supervised_index (event);
  ruling = arb_ruling_new (ARB_RULING_FLAG_FALL, event->edition, event->category, facts->by);
  arb_ruling_set_fact_text (ruling, "called_by",
                            facts->called_by == ARB_CALLED_BY_ARBITER ? "arbiter" : "opponent");
  arb_ruling_set_fact_bool (ruling, "both_fallen", facts->both_fallen);
  if (facts->both_fallen)
    arb_ruling_set_fact_bool (ruling, "order_known", facts->order_known);
  arb_ruling_set_fact_bool (ruling, "cannot_mate", facts->opponent_cannot_mate);
  if (facts->game_already_over)
    arb_ruling_set_fact_bool (ruling, "game_over", TRUE);

  arb_ruling_cite (ruling, ARB_RULE_LOSS_ON_TIME);

  if (facts->game_already_over)
    {
      ruling->decision = ARB_DECISION_ALREADY_OVER;
      ruling->reason = ARB_REASON_FLAG_GAME_OVER;
      return ruling;
    }

  both = facts->both_fallen;

  if (event->category != ARB_CATEGORY_STANDARD)
    {
      ArbFlagCalling calling = laws->flag_calling[sup];

      /* 2001 B6/B7; 2009 A4d: without adequate supervision the flag counts
       * only on the opponent's claim, made with the clocks stopped and his
       * own flag still up. */
      if (calling != ARB_FLAG_ARBITER_CALLS)
        {
          arb_ruling_cite (ruling, ARB_RULE_RAPID_FLAG_CALLING);
          if (facts->called_by == ARB_CALLED_BY_ARBITER &&
              !(calling == ARB_FLAG_CLAIM_UNLESS_BOTH && both))
            {
              ruling->decision = ARB_DECISION_PLAY_ON;
              ruling->reason = ARB_REASON_FLAG_NOT_CALLED;
              return ruling;
            }
          if (facts->called_by == ARB_CALLED_BY_OPPONENT)
            {
              arb_ruling_cite (ruling, ARB_RULE_RAPID_FLAG_CLAIM);
              if (!facts->claimant_flag_up)
                both = TRUE;
            }
        }
      else
        {
          arb_ruling_cite (ruling, ARB_RULE_FLAG_COUNTS);
          if (!sup)
            {
              arb_ruling_cite (ruling, ARB_RULE_RAPID_FLAG_CALLING);
              if (facts->called_by == ARB_CALLED_BY_OPPONENT)
                arb_ruling_cite (ruling, ARB_RULE_RAPID_FLAG_CLAIM);
            }
        }

      /* 2001 B8, 2009 A4d3: both flags down in rapid/blitz is a draw. */
      if (both && laws->rapid_both_flags_draw[sup])
        {
          arb_ruling_cite (ruling, ARB_RULE_RAPID_BOTH_FLAGS);
          ruling->decision = ARB_DECISION_DRAW;
          set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_BOTH_FLAGS);
          ruling->reason = ARB_REASON_FLAG_BOTH_DRAW;
          return ruling;
        }
    }
  else
    arb_ruling_cite (ruling, ARB_RULE_FLAG_COUNTS);

  if (both && !facts->order_known)
    {
      /* 2001 6.12/10.3, 2009 6.11, 2018 G.3, 2023 III.3. */
      if (facts->last_period)
        {
          arb_ruling_cite (ruling, ARB_RULE_BOTH_FLAGS_LAST_PERIOD);
          ruling->decision = ARB_DECISION_DRAW;
          set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_BOTH_FLAGS_LAST_PERIOD);
          ruling->reason = ARB_REASON_FLAG_BOTH_LAST_PERIOD;
        }
      else
        {
          arb_ruling_cite (ruling, ARB_RULE_BOTH_FLAGS);
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason = ARB_REASON_FLAG_BOTH_PLAY_ON;
        }
      if (arb_rule_article (event->edition, ARB_RULE_BOTH_FLAGS) == NULL)
        add_note (ruling, ARB_COLOR_NONE, ARB_NOTE_BOTH_FLAGS_UNSOURCED);
      return ruling;
    }

  flag_single (ruling, facts);
  return ruling;
}

/* --- Quickplay finish ------------------------------------------------- */

static ArbRuling *
quickplay_inadmissible (ArbRuling *ruling, ArbRule rule, ArbReason reason)
{
  ruling->decision = ARB_DECISION_CLAIM_INADMISSIBLE;
  arb_ruling_cite (ruling, rule);
  ruling->reason = reason;
  return ruling;
}

ArbRuling *
arb_laws_quickplay_claim (const ArbEventSettings *event, const ArbQuickplayFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  int sup;
  int opponent;
  static const char *const verdicts[] = { "draw", "postpone", "reject", "increment" };

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  sup = supervised_index (event);
  opponent = opponent_of (facts->by);
  ruling = arb_ruling_new (ARB_RULING_QUICKPLAY_CLAIM, event->edition, event->category, facts->by);
  arb_ruling_set_fact_int (ruling, "remaining_ms", facts->claimant_remaining_ms);
  if ((guint) facts->verdict < G_N_ELEMENTS (verdicts))
    arb_ruling_set_fact_text (ruling, "verdict", verdicts[facts->verdict]);

  /* Where the claim exists at all: 2001 C4 and 2009 B3b exclude blitz;
   * from 2014 the guidelines must be announced and cover only standard and
   * rapid games without increment (2018 G.2, 2023 III.2). */
  if (event->category == ARB_CATEGORY_BLITZ && !laws->quickplay_in_blitz[sup])
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_NOT_BLITZ,
                                   ARB_REASON_QUICKPLAY_NOT_BLITZ);
  if (laws->quickplay_needs_announcement && !event->quickplay_guidelines)
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_SCOPE,
                                   ARB_REASON_QUICKPLAY_NOT_ANNOUNCED);
  if (laws->quickplay_needs_no_increment && event->increment)
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_NOT_BLITZ,
                                   ARB_REASON_QUICKPLAY_INCREMENT_GAME);
  if (!facts->in_quickplay_finish)
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_DEFINITION,
                                   ARB_REASON_QUICKPLAY_NOT_FINAL_PERIOD);
  arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_CLAIM);
  if (facts->claimant_remaining_ms >= laws->quickplay_threshold_ms ||
      facts->claimant_remaining_ms <= 0)
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_CLAIM, ARB_REASON_QUICKPLAY_TIME);

  if (!facts->arbiter_present)
    {
      /* 2001/2009 D1, 2018 G.6, 2023 III.6 */
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_NO_ARBITER);
      ruling->decision = ARB_DECISION_REFERRED;
      arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);
      add_note (ruling, ARB_COLOR_NONE, ARB_NOTE_RECORD_POSITION);
      ruling->reason = ARB_REASON_QUICKPLAY_NO_ARBITER;
      return ruling;
    }

  arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);
  /* 2001 9.1c and 2009 9.1b(3) count a 10.2 claim as a draw offer. */
  if (event->edition == ARB_EDITION_2001 || event->edition == ARB_EDITION_2009)
    {
      arb_ruling_cite (ruling, ARB_RULE_CLAIM_IS_DRAW_OFFER);
      arb_ruling_add_effect (ruling, ARB_EFFECT_DRAW_OFFER, facts->by);
    }

  switch (facts->verdict)
    {
    case ARB_QUICKPLAY_DRAW:
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_DRAW);
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_QUICKPLAY);
      ruling->reason = ARB_REASON_QUICKPLAY_DRAW;
      break;
    case ARB_QUICKPLAY_POSTPONE:
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_POSTPONE);
      ruling->decision = ARB_DECISION_POSTPONED;
      if (facts->postpone_extra_time)
        add_time (ruling, opponent, laws->quickplay_bonus_ms);
      ruling->reason = ARB_REASON_QUICKPLAY_POSTPONED;
      break;
    case ARB_QUICKPLAY_REJECT:
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_REJECT);
      ruling->decision = ARB_DECISION_CLAIM_REJECTED;
      add_time (ruling, opponent, laws->quickplay_bonus_ms);
      ruling->reason = ARB_REASON_QUICKPLAY_REJECTED;
      break;
    case ARB_QUICKPLAY_INCREMENT:
      if (!laws->quickplay_increment_option)
        {
          ruling->decision = ARB_DECISION_NOT_IN_EDITION;
          ruling->reason = ARB_REASON_QUICKPLAY_NO_INCREMENT_OPTION;
          break;
        }
      {
        ArbEffect *effect;

        arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_INCREMENT);
        ruling->decision = ARB_DECISION_TIME_PENALTY;
        effect = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_INCREMENT, ARB_COLOR_NONE);
        effect->ms = 5000;
        add_time (ruling, opponent, laws->quickplay_bonus_ms);
        arb_ruling_add_effect (ruling, ARB_EFFECT_DRAW_OFFER, facts->by);
        ruling->reason = ARB_REASON_QUICKPLAY_INCREMENT;
      }
      break;
    default:
      g_assert_not_reached ();
    }
  arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_FINAL);
  return ruling;
}
