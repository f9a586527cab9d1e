/* arb-laws-adjourn.c: the rulings of a sealed move and of the resumption
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-laws-private.h"

static const char *
validity_name (ArbSealedValidity validity)
{
  static const char *const names[] = { "valid", "ambiguous", "unreadable", "illegal" };

  return (guint) validity < G_N_ELEMENTS (names) ? names[validity] : "unreadable";
}

/* --- Sealed move and resumption --------------------------------------- */

ArbRuling *
arb_laws_seal_move (const ArbEventSettings *event, const ArbSealFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  ArbEnvelope envelope = { 0 };
  ArbEffect *effect;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->sealer == 0 || facts->sealer == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  ruling = arb_ruling_new (ARB_RULING_SEAL, event->edition, event->category, facts->sealer);
  arb_ruling_set_fact_int (ruling, "move_number", facts->move_number);
  arb_ruling_cite (ruling, ARB_RULE_SEAL);
  arb_ruling_cite (ruling, ARB_RULE_ENVELOPE);
  arb_ruling_cite (ruling, ARB_RULE_ENVELOPE_CUSTODY);

  /* The envelope records the time *used* (2001 A2c, 2009 Guidelines 2c,
   * 2018 E.2.3). */
  envelope.white = (char *) facts->white;
  envelope.black = (char *) facts->black;
  envelope.fen = (char *) facts->fen_before;
  envelope.white_used_ms = facts->white_used_ms;
  envelope.black_used_ms = facts->black_used_ms;
  envelope.sealer = facts->sealer;
  envelope.move_number = facts->move_number;
  envelope.draw_offer_by = facts->draw_offer_by;
  envelope.resumption = (char *) facts->resumption;
  envelope.sealed_move = (char *) facts->sealed_move;
  envelope.scoresheets_enclosed = laws->envelope_holds_scoresheets;

  /* Sealing before the end of the session charges the sealer the rest of
   * it (2001 A1b, 2009 Guidelines 1b, 2018 E.1.2). */
  if (facts->session_time_left_ms > 0)
    {
      arb_ruling_cite (ruling, ARB_RULE_SEAL_EARLY);
      add_time (ruling, facts->sealer, -facts->session_time_left_ms);
      if (facts->sealer == 0)
        envelope.white_used_ms += facts->session_time_left_ms;
      else
        envelope.black_used_ms += facts->session_time_left_ms;
    }
  arb_ruling_set_envelope (ruling, &envelope);

  effect = arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, facts->sealer);
  effect->note = ARB_NOTE_SEALER_STOPS;
  arb_ruling_add_effect (ruling, ARB_EFFECT_SEALED_MOVE_HIDDEN, facts->sealer);

  if (facts->sealed_move == NULL || facts->sealed_move[0] == '\0')
    {
      ruling->decision = ARB_DECISION_PLAY_ON;
      ruling->reason = ARB_REASON_SEAL_NOT_WRITTEN;
      return ruling;
    }
  ruling->decision = ARB_DECISION_SEALED;
  ruling->reason = ARB_REASON_SEALED;
  return ruling;
}

static void
resume_result (ArbRuling *ruling,
               ArbDecision decision,
               ArbResult result,
               ArbEnding ending,
               ArbReason reason)
{
  ruling->decision = decision;
  set_result (ruling, result, ending);
  ruling->reason = reason;
}

ArbRuling *
arb_laws_resume (const ArbEventSettings *event, const ArbResumeFacts *facts)
{
  const ArbLawsEdition *laws;
  const ArbEnvelope *envelope;
  ArbRuling *ruling;
  ArbEffect *effect;
  int sealer, replier, absent;
  gint64 limit;

  g_return_val_if_fail (event != NULL && facts != NULL && facts->envelope != NULL, NULL);

  laws = arb_laws_edition_get (event->edition);
  envelope = facts->envelope;
  sealer = envelope->sealer;
  g_return_val_if_fail (sealer == 0 || sealer == 1, NULL);
  replier = opponent_of (sealer);

  ruling = arb_ruling_new (ARB_RULING_RESUMPTION, event->edition, event->category, sealer);
  arb_ruling_set_envelope (ruling, envelope);
  arb_ruling_set_fact_int (ruling, "move_number", envelope->move_number);
  if (!facts->envelope_lost)
    arb_ruling_set_fact_text (ruling, "validity", validity_name (facts->validity));
  else
    arb_ruling_set_fact_bool (ruling, "envelope_lost", TRUE);
  if (!facts->sealer_present || !facts->replier_present)
    {
      arb_ruling_set_fact_text (ruling, "absent",
                                arb_side_to_string (!facts->sealer_present ? sealer : replier));
      arb_ruling_set_fact_int (ruling, "late_ms", facts->absent_late_ms);
    }
  arb_ruling_set_fact_bool (ruling, "cannot_mate", facts->opponent_cannot_mate);
  arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_SETUP);

  if (facts->envelope_lost)
    {
      if (!facts->position_reconstructible)
        {
          arb_ruling_cite (ruling, ARB_RULE_POSITION_LOST);
          ruling->decision = ARB_DECISION_ANNULLED;
          add_note (ruling, ARB_COLOR_NONE, ARB_NOTE_NEW_GAME);
          ruling->reason = ARB_REASON_RESUME_ANNULLED;
          return ruling;
        }
      arb_ruling_cite (ruling, ARB_RULE_ENVELOPE_LOST);
      ruling->decision = ARB_DECISION_RESUMED;
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_POSITION, ARB_COLOR_NONE);
      effect->ply = facts->ply;
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_CLOCKS, ARB_COLOR_NONE);
      effect->ply = facts->ply;
      effect->note = ARB_NOTE_ADJOURNMENT_TIMES;
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE, sealer);
      effect->text = g_strdup (facts->stated_move);
      ruling->reason = ARB_REASON_RESUME_ENVELOPE_LOST;
      return ruling;
    }

  /* Lateness first: the sealed move is not opened for an absent replier
   * (2001 A7, 2018 E.7), and a late sealer is judged by what he sealed. */
  limit = laws->resumption_late_ms >= 0 ? laws->resumption_late_ms
                                        : arb_event_settings_default_time (event);
  absent = !facts->sealer_present ? sealer : !facts->replier_present ? replier : ARB_COLOR_NONE;
  if (absent != ARB_COLOR_NONE && facts->absent_late_ms > limit)
    {
      arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_LATE);
      arb_ruling_set_fact_int (ruling, "limit_ms", limit);
      ruling->by = absent;
      if (absent == sealer && facts->validity == ARB_SEALED_VALID &&
          facts->outcome == ARB_SEALED_MATES)
        resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier),
                       ARB_ENDING_SEALED_MOVE_MATES, ARB_REASON_RESUME_ABSENT_SEALER_MATES);
      else if (absent == sealer && facts->validity == ARB_SEALED_VALID &&
               (facts->outcome == ARB_SEALED_STALEMATES ||
                facts->outcome == ARB_SEALED_DEAD_POSITION))
        resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW, ARB_ENDING_SEALED_MOVE_DRAWS,
                       ARB_REASON_RESUME_ABSENT_SEALER_DRAWS);
      else if (absent == sealer && facts->present_player_flag_fell &&
               (event->edition == ARB_EDITION_2001 || event->edition == ARB_EDITION_2009))
        resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier),
                       ARB_ENDING_PRESENT_FLAG_FELL, ARB_REASON_RESUME_PRESENT_FLAG_FELL);
      else
        resume_result (ruling, ARB_DECISION_LOSS, arb_result_loss_for (absent),
                       ARB_ENDING_LATE_FOR_RESUMPTION, ARB_REASON_RESUME_LATE);
      return ruling;
    }

  arb_ruling_cite (ruling, ARB_RULE_ENVELOPE_OPENING);
  if (!facts->replier_present)
    {
      /* 2001 A9b, 2018 E.9.2: his clock runs; the envelope waits for him. */
      arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_PLAY);
      ruling->decision = ARB_DECISION_PLAY_ON;
      arb_ruling_add_effect (ruling, ARB_EFFECT_START_CLOCK, replier);
      arb_ruling_add_effect (ruling, ARB_EFFECT_SEALED_MOVE_HIDDEN, sealer);
      ruling->reason = ARB_REASON_RESUME_REPLIER_ABSENT;
      return ruling;
    }

  if (facts->validity != ARB_SEALED_VALID)
    {
      arb_ruling_cite (ruling, ARB_RULE_SEALED_MOVE_INVALID);
      if (facts->opponent_cannot_mate)
        {
          arb_ruling_cite (ruling, ARB_RULE_LOSS_ON_TIME);
          resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW,
                         ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE,
                         ARB_REASON_RESUME_INVALID_DRAW);
        }
      else
        resume_result (ruling, ARB_DECISION_LOSS, arb_result_loss_for (sealer),
                       ARB_ENDING_INVALID_SEALED_MOVE, ARB_REASON_RESUME_INVALID_LOSS);
      return ruling;
    }

  arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_PLAY);
  ruling->decision = ARB_DECISION_RESUMED;
  effect = arb_ruling_add_effect (ruling, ARB_EFFECT_MAKE_SEALED_MOVE, sealer);
  effect->text = g_strdup (envelope->sealed_move);
  switch (facts->outcome)
    {
    case ARB_SEALED_MATES:
      resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier),
                     ARB_ENDING_SEALED_MOVE_MATES, ARB_REASON_RESUME_MATES);
      return ruling;
    case ARB_SEALED_STALEMATES:
    case ARB_SEALED_DEAD_POSITION:
      resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW, ARB_ENDING_SEALED_MOVE_DRAWS,
                     ARB_REASON_RESUME_DRAWS);
      return ruling;
    case ARB_SEALED_ENDS_NOTHING:
    default:
      break;
    }
  arb_ruling_add_effect (ruling, ARB_EFFECT_START_CLOCK, replier);
  if (!facts->sealer_present)
    add_note (ruling, replier, ARB_NOTE_SEALER_ABSENT);
  ruling->reason = ARB_REASON_RESUMED;
  return ruling;
}
