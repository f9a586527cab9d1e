/* arb-laws.c: the rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number and switch below comes from the edition table in
 * arb-laws-edition.c; this file only says how a ruling is put together.
 * Article comments name the 2018 article first and the other editions
 * where they differ. A ruling is data only: the reason, the facts and the
 * effects; the words are made where the ruling is shown
 * (arb-ruling-wording.c), in the reader's language.
 */

#include "config.h"

#include "arb-laws.h"

#include "arb-i18n.h"

#define ONE_MINUTE ((gint64) 60 * 1000)

static int
opponent_of (int side)
{
  g_assert (side == 0 || side == 1);
  return 1 - side;
}

static ArbEffect *
add_time (ArbRuling *ruling, int side, gint64 ms)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ADD_TIME, side);

  effect->ms = ms;
  return effect;
}

static void
set_result (ArbRuling *ruling, ArbResult result, ArbEnding ending)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);

  effect->result = result;
  effect->ending = ending;
}

static void
add_note (ArbRuling *ruling, int side, ArbNote note)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_NOTE, side);

  effect->note = note;
}

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

static int
supervised_index (const ArbEventSettings *event)
{
  return arb_event_settings_fully_supervised (event) ? 1 : 0;
}

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

static const char *
validity_name (ArbSealedValidity validity)
{
  static const char *const names[] = { "valid", "ambiguous", "unreadable", "illegal" };

  return (guint) validity < G_N_ELEMENTS (names) ? names[validity] : "unreadable";
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
  ruling->decision = w == b && w == 1 ? ARB_DECISION_DRAW
                     : w != b         ? ARB_DECISION_WIN
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
