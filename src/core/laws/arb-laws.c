/* arb-laws.c: the rulings of illegal moves, draw claims and automatic ends
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number and switch below comes from the edition table in
 * arb-laws-edition.c; this file and the other arb-laws-*.c (see
 * arb-laws-private.h) only say how a ruling is put together.
 * Article comments name the 2018 article first and the other editions
 * where they differ. A ruling is data only: the reason, the facts and the
 * effects; the words are made where the ruling is shown
 * (arb-ruling-wording.c), in the reader's language.
 */

#include "config.h"

#include "arb-laws-private.h"

#define ONE_MINUTE ((gint64) 60 * 1000)

/* 2023 blitz under B.2 (adequately supervised): the Competition Rules
 * apply, which read literally give the standard two minutes; common
 * practice gives one minute, as A.3 does in rapid and B.3 in unsupervised
 * blitz. The event decides (supervised_blitz_two_minutes); the ruling says
 * which reading it applied. */
static gboolean
supervised_blitz_2023 (const ArbEventSettings *event)
{
  return event->edition == ARB_EDITION_2023 && event->category == ARB_CATEGORY_BLITZ &&
         arb_event_settings_fully_supervised (event);
}

/* The time penalty of an illegal move or an incorrect claim (@table is
 * the edition's, by category). */
static gint64
penalty_ms (const ArbEventSettings *event, const gint64 table[3])
{
  if (supervised_blitz_2023 (event) && event->supervised_blitz_two_minutes)
    return table[ARB_CATEGORY_STANDARD];
  return table[event->category];
}

/* The articles of a rapid/blitz penalty (2018 B.2; 2023 A.3, B.2, B.3). */
static void
cite_short_penalty (ArbRuling *ruling, const ArbEventSettings *event, gint64 ms)
{
  if (supervised_blitz_2023 (event))
    {
      arb_ruling_cite (ruling, ARB_RULE_BLITZ_SUPERVISION);
      if (ms == ONE_MINUTE)
        arb_ruling_cite (ruling, ARB_RULE_RAPID_SHORT_PENALTY);
      add_note (ruling, ARB_COLOR_NONE,
                event->supervised_blitz_two_minutes ? ARB_NOTE_BLITZ_PENALTY_LITERAL
                                                    : ARB_NOTE_BLITZ_PENALTY_PRACTICE);
      return;
    }
  if (ms != ONE_MINUTE)
    return;
  if (event->category == ARB_CATEGORY_RAPID)
    arb_ruling_cite (ruling, ARB_RULE_RAPID_SHORT_PENALTY);
  else if (event->category == ARB_CATEGORY_BLITZ)
    {
      arb_ruling_cite (ruling, ARB_RULE_BLITZ_SHORT_PENALTY);
      /* 2023 B.3 sends unsupervised blitz to the rapid rules (A.3). */
      if (event->edition == ARB_EDITION_2023)
        arb_ruling_cite (ruling, ARB_RULE_RAPID_SHORT_PENALTY);
    }
}

static void
cite_unsupervised_illegal (ArbRuling *ruling, ArbCategory category)
{
  if (category == ARB_CATEGORY_BLITZ)
    arb_ruling_cite (ruling, ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL);
  if (category != ARB_CATEGORY_STANDARD)
    arb_ruling_cite (ruling, ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL);
}

/* --- Illegal moves ---------------------------------------------------- */

static const char *
illegal_kind_name (ArbIllegalKind kind)
{
  switch (kind)
    {
    case ARB_ILLEGAL_UNPROMOTED_PAWN:
      return "unpromoted-pawn";
    case ARB_ILLEGAL_CLOCK_NO_MOVE:
      return "clock-no-move";
    case ARB_ILLEGAL_TWO_HANDS:
      return "two-hands";
    case ARB_ILLEGAL_ORDINARY:
    default:
      return "ordinary";
    }
}

/* The game ends on an illegal move: a loss, or a draw when the edition has
 * the exception and the opponent cannot mate (2009 7.4b, 2014+ 7.5b /
 * 7.5.5; none in 2001 7.4b). */
static void
illegal_move_ends_game (ArbRuling *ruling,
                        const ArbLawsEdition *laws,
                        const ArbIllegalMoveFacts *facts,
                        gboolean draw_exception)
{
  if (draw_exception && facts->opponent_cannot_mate)
    {
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE);
      ruling->reason = ARB_REASON_ILLEGAL_DRAW_CANNOT_MATE;
    }
  else
    {
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), ARB_ENDING_ILLEGAL_MOVE);
      ruling->reason = ARB_REASON_ILLEGAL_LOSS;
    }
}

static void
illegal_move_penalty (ArbRuling *ruling,
                      const ArbEventSettings *event,
                      const ArbLawsEdition *laws,
                      const ArbIllegalMoveFacts *facts)
{
  guint count = facts->previous_count + 1;
  ArbEffect *effect;
  int opponent = opponent_of (facts->by);

  /* 7.5.1 (restore the position) is the article of an ordinary illegal
   * move; a pawn that becomes a queen (7.5.2 from 2014 on), the clock
   * pressed without a move and a move made with two hands (7.5.3, 7.5.4)
   * leave the board as it is, and cite their own articles. */
  if (facts->kind == ARB_ILLEGAL_ORDINARY ||
      (facts->kind == ARB_ILLEGAL_UNPROMOTED_PAWN && !laws->unpromoted_becomes_queen))
    arb_ruling_cite (ruling, ARB_RULE_ILLEGAL_MOVE);
  arb_ruling_cite (ruling, ARB_RULE_ILLEGAL_PENALTY);

  effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ILLEGAL_COUNT, facts->by);
  effect->count = (int) MIN (count, laws->illegal_moves_to_lose);
  effect->limit = (int) laws->illegal_moves_to_lose;

  if (count >= laws->illegal_moves_to_lose)
    {
      illegal_move_ends_game (ruling, laws, facts, laws->illegal_loss_draw_if_cannot_mate);
      return;
    }

  /* Play goes on: set the board and clocks back first (2018 7.5.1 and 7.1;
   * 2001 7.4a and 6.14; 2009 7.4a and 6.13). A pawn left unpromoted becomes
   * a queen instead from 2014 on (7.5.2); pressing the clock without a move
   * and a two-handed move change nothing on the board (7.5.3, 7.5.4). */
  if (facts->kind == ARB_ILLEGAL_UNPROMOTED_PAWN && laws->unpromoted_becomes_queen)
    {
      arb_ruling_add_effect (ruling, ARB_EFFECT_PROMOTE_TO_QUEEN, facts->by);
    }
  else if (facts->kind == ARB_ILLEGAL_ORDINARY || facts->kind == ARB_ILLEGAL_UNPROMOTED_PAWN)
    {
      int ply = facts->ply_before >= 0 ? facts->ply_before : facts->last_identifiable_ply;

      if (ply >= 0)
        {
          effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_POSITION, ARB_COLOR_NONE);
          effect->ply = ply;
          if (facts->ply_before < 0)
            effect->note = ARB_NOTE_LAST_IDENTIFIABLE;
          effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_CLOCKS, ARB_COLOR_NONE);
          effect->ply = ply;
          effect->note = ARB_NOTE_BEST_JUDGEMENT;
          arb_ruling_cite (ruling, ARB_RULE_CLOCKS_AFTER_IRREGULARITY);
        }
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_TOUCH_MOVE, facts->by);
      effect->note = ARB_NOTE_PIECE_MOVED;
      arb_ruling_cite (ruling, ARB_RULE_TOUCH_MOVE);
      arb_ruling_cite (ruling, ARB_RULE_MOVE_MADE);
    }

  ruling->decision = ARB_DECISION_TIME_PENALTY;
  {
    gint64 ms = penalty_ms (event, laws->illegal_penalty_ms);

    add_time (ruling, opponent, ms);
    cite_short_penalty (ruling, event, ms);
    ruling->reason = ARB_REASON_ILLEGAL_PENALTY;
  }
}

/* Both kings in check, or a pawn left on the last rank: the illegal
 * positions the unsupervised rules single out (2009 A4c, 2014/2018 A.4.4,
 * 2023 A.5.4). An illegal move of the kind "pawn left unpromoted" is such a
 * position by itself, whatever the caller said of the kings. */
static gboolean
leaves_illegal_position (const ArbIllegalMoveFacts *facts)
{
  return facts->kings_in_check_or_unfinished_promotion ||
         facts->kind == ARB_ILLEGAL_UNPROMOTED_PAWN;
}

/* 2014/2018 A.4.4, 2023 A.5.4: an arbiter who sees both kings in check or
 * a pawn left on the last rank waits for the next move; a position still
 * illegal then is a draw. */
static gboolean
unsupervised_still_illegal (ArbRuling *ruling, const ArbIllegalMoveFacts *facts)
{
  if (!leaves_illegal_position (facts) || !facts->opponent_has_moved)
    return FALSE;
  arb_ruling_cite (ruling, ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION);
  ruling->decision = ARB_DECISION_DRAW;
  set_result (ruling, ARB_RESULT_DRAW, ARB_ENDING_ILLEGAL_POSITION);
  ruling->reason = ARB_REASON_ILLEGAL_POSITION_DRAW;
  return TRUE;
}

ArbRuling *
arb_laws_illegal_move (const ArbEventSettings *event, const ArbIllegalMoveFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  ArbIllegalRegime regime;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  regime = laws->illegal_regime[event->category][supervised_index (event)];
  ruling = arb_ruling_new (ARB_RULING_ILLEGAL_MOVE, event->edition, event->category, facts->by);
  arb_ruling_set_fact_text (ruling, "illegal_kind", illegal_kind_name (facts->kind));
  arb_ruling_set_fact_int (ruling, "previous_count", facts->previous_count);
  arb_ruling_set_fact_int (ruling, "ply_before", facts->ply_before);
  arb_ruling_set_fact_bool (ruling, "cannot_mate", facts->opponent_cannot_mate);
  if (facts->claimed_by_opponent)
    arb_ruling_set_fact_bool (ruling, "claimed", TRUE);
  if (facts->opponent_has_moved)
    arb_ruling_set_fact_bool (ruling, "opponent_moved", TRUE);

  /* Pressing the clock without a move and two-handed moves are illegal
   * moves only from 2017 on (2018 7.5.3, 7.5.4). */
  if ((facts->kind == ARB_ILLEGAL_CLOCK_NO_MOVE || facts->kind == ARB_ILLEGAL_TWO_HANDS) &&
      !laws->special_illegal_acts)
    {
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      ruling->reason = ARB_REASON_ILLEGAL_NOT_IN_EDITION;
      return ruling;
    }

  switch (facts->kind)
    {
    case ARB_ILLEGAL_UNPROMOTED_PAWN:
      arb_ruling_cite (ruling, ARB_RULE_UNPROMOTED_PAWN);
      break;
    case ARB_ILLEGAL_CLOCK_NO_MOVE:
      arb_ruling_cite (ruling, ARB_RULE_CLOCK_WITHOUT_MOVE);
      break;
    case ARB_ILLEGAL_TWO_HANDS:
      arb_ruling_cite (ruling, ARB_RULE_TWO_HANDS);
      break;
    case ARB_ILLEGAL_ORDINARY:
    default:
      break;
    }

  switch (regime)
    {
    case ARB_ILLEGAL_REGIME_CLAIM_WIN:
      /* 2001 C3, 2009 B3c: no correction, only the opponent's claim before
       * his own move; he claims a draw if he cannot mate. */
      cite_unsupervised_illegal (ruling, event->category);
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          ruling->reason = ARB_REASON_ILLEGAL_OPPONENT_MOVED;
        }
      else if (!facts->claimed_by_opponent)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason = ARB_REASON_ILLEGAL_AWAIT_CLAIM;
        }
      else
        illegal_move_ends_game (ruling, laws, facts, TRUE);
      return ruling;

    case ARB_ILLEGAL_REGIME_LOSS_BEFORE_NEXT_MOVE:
      /* 2014 A.4.2 */
      cite_unsupervised_illegal (ruling, event->category);
      if (unsupervised_still_illegal (ruling, facts))
        return ruling;
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          ruling->reason = ARB_REASON_ILLEGAL_NEXT_MOVE_MADE;
        }
      else if (!facts->claimed_by_opponent && !facts->seen_by_arbiter)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason = ARB_REASON_ILLEGAL_NOT_CLAIMED_YET;
        }
      else
        illegal_move_ends_game (ruling, laws, facts, laws->illegal_loss_draw_if_cannot_mate);
      return ruling;

    case ARB_ILLEGAL_REGIME_CLAIM_THEN_PENALTY:
      /* 2009 A4c: the arbiter acts on his own only when both kings are in
       * check or a promotion was not completed. */
      cite_unsupervised_illegal (ruling, event->category);
      if (leaves_illegal_position (facts))
        {
          arb_ruling_cite (ruling, ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION);
          illegal_move_penalty (ruling, event, laws, facts);
          return ruling;
        }
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          ruling->reason = ARB_REASON_ILLEGAL_MOVED_WITHOUT_CLAIM;
          return ruling;
        }
      if (!facts->claimed_by_opponent)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason = ARB_REASON_ILLEGAL_CLAIM_ONLY;
          return ruling;
        }
      illegal_move_penalty (ruling, event, laws, facts);
      add_note (ruling, ARB_COLOR_NONE, ARB_NOTE_COMPETITION_RULES);
      return ruling;

    case ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE:
      /* 2018 A.4.2, 2023 A.5.2 */
      cite_unsupervised_illegal (ruling, event->category);
      if (unsupervised_still_illegal (ruling, facts))
        return ruling;
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          ruling->reason = ARB_REASON_ILLEGAL_STANDS_PLAYERS_MAY_CORRECT;
          return ruling;
        }
      if (!facts->claimed_by_opponent && !facts->seen_by_arbiter)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          ruling->reason = ARB_REASON_ILLEGAL_NOBODY_ACTED;
          return ruling;
        }
      illegal_move_penalty (ruling, event, laws, facts);
      return ruling;

    case ARB_ILLEGAL_REGIME_PENALTY:
    default:
      illegal_move_penalty (ruling, event, laws, facts);
      return ruling;
    }
}

/* --- Draw claims ------------------------------------------------------ */

/* 2001 9.5b: the claimant's own time after an incorrect claim. Above two
 * minutes he loses half, at most three minutes; from one to two minutes he
 * is set to one minute; under one minute nothing changes. At exactly two
 * minutes both readings give one minute; exactly one minute stays. */
static gint64
claimant_cut_2001 (gint64 remaining_ms)
{
  if (remaining_ms > 2 * ONE_MINUTE)
    return MIN (remaining_ms / 2, 3 * ONE_MINUTE);
  if (remaining_ms > ONE_MINUTE)
    return remaining_ms - ONE_MINUTE;
  return 0;
}

ArbRuling *
arb_laws_draw_claim (const ArbEventSettings *event, const ArbDrawClaimFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  gboolean written;
  int opponent;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  written = facts->written_move != NULL && facts->written_move[0] != '\0';
  opponent = opponent_of (facts->by);
  ruling = arb_ruling_new (ARB_RULING_DRAW_CLAIM, event->edition, event->category, facts->by);
  arb_ruling_set_fact_text (ruling, "claim",
                            facts->kind == ARB_CLAIM_THREEFOLD ? "threefold" : "fifty");
  if (written)
    arb_ruling_set_fact_text (ruling, "written_move", facts->written_move);
  arb_ruling_set_fact_bool (ruling, "correct", facts->correct);
  if (facts->claimant_remaining_ms > 0)
    arb_ruling_set_fact_int (ruling, "remaining_ms", facts->claimant_remaining_ms);
  if (facts->right_lost)
    arb_ruling_set_fact_bool (ruling, "touched", TRUE);
  if (written && facts->written_move_illegal)
    arb_ruling_set_fact_bool (ruling, "written_illegal", TRUE);

  if (facts->kind == ARB_CLAIM_THREEFOLD)
    arb_ruling_cite (ruling, written ? ARB_RULE_THREEFOLD_WRITTEN : ARB_RULE_THREEFOLD_APPEARED);
  else
    arb_ruling_cite (ruling, written ? ARB_RULE_FIFTY_WRITTEN : ARB_RULE_FIFTY_COMPLETED);

  if (facts->right_lost)
    {
      ruling->decision = ARB_DECISION_CLAIM_INADMISSIBLE;
      arb_ruling_cite (ruling, ARB_RULE_CLAIM_RIGHT_LOST);
      ruling->reason = ARB_REASON_CLAIM_RIGHT_LOST;
      return ruling;
    }

  arb_ruling_cite (ruling, ARB_RULE_CLAIM_PROCEDURE);
  arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);

  if (facts->correct && !(written && facts->written_move_illegal))
    {
      arb_ruling_cite (ruling, ARB_RULE_CLAIM_CORRECT);
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW,
                  facts->kind == ARB_CLAIM_THREEFOLD ? ARB_ENDING_THREEFOLD : ARB_ENDING_FIFTY);
      ruling->reason = ARB_REASON_CLAIM_CORRECT;
      return ruling;
    }

  /* Incorrect: 2001/2009 9.5b, 2014 9.5c, 2018/2023 9.5.3. */
  arb_ruling_cite (ruling, ARB_RULE_CLAIM_INCORRECT);
  ruling->decision = ARB_DECISION_CLAIM_REJECTED;
  {
    gint64 ms = penalty_ms (event, laws->incorrect_claim_ms);

    add_time (ruling, opponent, ms);
    cite_short_penalty (ruling, event, ms);
    if (laws->incorrect_claim_cuts_claimant)
      {
        gint64 cut = claimant_cut_2001 (facts->claimant_remaining_ms);

        if (cut > 0)
          add_time (ruling, facts->by, -cut);
      }
    ruling->reason = ARB_REASON_CLAIM_INCORRECT;
  }
  if (written && facts->written_move_illegal)
    {
      /* A move that is not legal cannot make the position the claim
       * speaks of, nor be played as 9.5.3 asks (under Articles 3 and 4).
       * It was never made on the board, so it is no illegal move of 7.5.
       * The claimant makes a legal move instead, bound by touch-move for
       * a piece touched (4.3); the Laws name no more, the arbiter decides
       * the rest (what the Arbiters' Manual leaves to judgement). */
      ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_TOUCH_MOVE, facts->by);

      effect->note = ARB_NOTE_WRITTEN_MOVE_ILLEGAL;
      effect->text = g_strdup (facts->written_move);
      arb_ruling_cite (ruling, ARB_RULE_TOUCH_MOVE);
    }
  else if (written)
    {
      ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE, facts->by);
      effect->text = g_strdup (facts->written_move);
    }
  /* The claim stands as a draw offer the opponent may still accept. */
  arb_ruling_cite (ruling, ARB_RULE_CLAIM_IS_DRAW_OFFER);
  arb_ruling_add_effect (ruling, ARB_EFFECT_DRAW_OFFER, facts->by);
  return ruling;
}

ArbRuling *
arb_laws_automatic_draw (const ArbEventSettings *event,
                         ArbAutomaticKind kind,
                         gboolean last_move_mates)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  gboolean fivefold = kind == ARB_AUTOMATIC_FIVEFOLD;

  g_return_val_if_fail (event != NULL, NULL);

  laws = arb_laws_edition_get (event->edition);
  ruling =
    arb_ruling_new (ARB_RULING_AUTOMATIC_DRAW, event->edition, event->category, ARB_COLOR_NONE);
  arb_ruling_set_fact_text (ruling, "automatic", fivefold ? "fivefold" : "seventy-five");
  if (last_move_mates)
    arb_ruling_set_fact_bool (ruling, "last_move_mates", TRUE);

  if (!laws->automatic_draws)
    {
      /* 2001/2009: the game goes on; only a claim (9.2, 9.3) draws it. */
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, fivefold ? ARB_RULE_THREEFOLD_APPEARED : ARB_RULE_FIFTY_COMPLETED);
      ruling->reason = ARB_REASON_AUTOMATIC_NOT_IN_EDITION;
      return ruling;
    }

  arb_ruling_cite (ruling, fivefold ? ARB_RULE_FIVEFOLD : ARB_RULE_SEVENTY_FIVE);
  if (!fivefold && last_move_mates)
    {
      /* 9.6.2: the checkmate takes precedence. */
      ruling->decision = ARB_DECISION_ALREADY_OVER;
      ruling->reason = ARB_REASON_AUTOMATIC_MATE_FIRST;
      return ruling;
    }
  ruling->decision = ARB_DECISION_DRAW;
  set_result (ruling, ARB_RESULT_DRAW, fivefold ? ARB_ENDING_FIVEFOLD : ARB_ENDING_SEVENTY_FIVE);
  ruling->reason = ARB_REASON_AUTOMATIC_DRAW;
  return ruling;
}

ArbRuling *
arb_laws_game_end (const ArbEventSettings *event, ArbGameEventKind kind, ArbColor mover)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  ArbEnding ending;
  ArbRule rule;
  ArbResult result = ARB_RESULT_DRAW;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (mover == ARB_WHITE || mover == ARB_BLACK, NULL);

  laws = arb_laws_edition_get (event->edition);
  switch (kind)
    {
    case ARB_GAME_EVENT_FIVEFOLD:
    case ARB_GAME_EVENT_SEVENTY_FIVE:
      if (!laws->automatic_draws)
        return NULL;
      return arb_laws_automatic_draw (event,
                                      kind == ARB_GAME_EVENT_FIVEFOLD ? ARB_AUTOMATIC_FIVEFOLD
                                                                      : ARB_AUTOMATIC_SEVENTY_FIVE,
                                      FALSE);
    case ARB_GAME_EVENT_CHECKMATE:
      ending = ARB_ENDING_CHECKMATE;
      rule = ARB_RULE_CHECKMATE;
      result = mover == ARB_WHITE ? ARB_RESULT_WHITE_WINS : ARB_RESULT_BLACK_WINS;
      break;
    case ARB_GAME_EVENT_STALEMATE:
      ending = ARB_ENDING_STALEMATE;
      rule = ARB_RULE_STALEMATE;
      break;
    case ARB_GAME_EVENT_DEAD_POSITION:
      ending = ARB_ENDING_DEAD_POSITION;
      rule = ARB_RULE_DEAD_POSITION;
      break;
    default:
      return NULL;
    }
  ruling = arb_ruling_new (ARB_RULING_RESULT, event->edition, event->category,
                           kind == ARB_GAME_EVENT_CHECKMATE ? (int) mover : ARB_COLOR_NONE);
  ruling->decision = kind == ARB_GAME_EVENT_CHECKMATE ? ARB_DECISION_WIN : ARB_DECISION_DRAW;
  ruling->reason = ARB_REASON_GAME_ENDED;
  arb_ruling_set_fact_text (ruling, "result", arb_result_to_string (result));
  arb_ruling_set_fact_text (ruling, "ending", arb_ending_to_string (ending));
  arb_ruling_cite (ruling, rule);
  set_result (ruling, result, ending);
  arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);
  return ruling;
}
