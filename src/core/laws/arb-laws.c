/* arb-laws.c: the rulings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number and switch below comes from the edition table in
 * arb-laws-edition.c; this file only says how a ruling is put together.
 * Article comments name the 2018 article first and the other editions
 * where they differ. The explanations are plain English sentences stored
 * with the ruling; views show the cited paraphrases, which are translated.
 */

#include "config.h"

#include "arb-laws.h"

#define ONE_MINUTE ((gint64) 60 * 1000)

static int
opponent_of (int side)
{
  g_assert (side == 0 || side == 1);
  return 1 - side;
}

static const char *
side_name (int side)
{
  return side == 0 ? "White" : side == 1 ? "Black" : "Nobody";
}

static char *
format_duration (gint64 ms)
{
  gint64 abs_ms = ms < 0 ? -ms : ms;
  gint64 seconds = abs_ms / 1000;

  if (seconds % 60 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT " minute%s", seconds / 60,
                            seconds / 60 == 1 ? "" : "s");
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d", seconds / 60, (int) (seconds % 60));
}

static ArbEffect *
add_time (ArbRuling *ruling, int side, gint64 ms)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ADD_TIME, side);

  effect->ms = ms;
  return effect;
}

static void
set_result (ArbRuling *ruling, ArbResult result, const char *reason)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);

  effect->result = result;
  effect->text = g_strdup (reason);
}

static void
add_note (ArbRuling *ruling, int side, const char *text)
{
  ArbEffect *effect = arb_ruling_add_effect (ruling, ARB_EFFECT_NOTE, side);

  effect->text = g_strdup (text);
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

/* The one-minute rule for rapid/blitz penalties, where the edition has one
 * (2018 B.2; 2023 A.3 and B.2). */
static void
cite_short_penalty (ArbRuling *ruling, ArbCategory category, gint64 ms)
{
  if (ms != ONE_MINUTE)
    return;
  if (category == ARB_CATEGORY_RAPID)
    arb_ruling_cite (ruling, ARB_RULE_RAPID_SHORT_PENALTY);
  else if (category == ARB_CATEGORY_BLITZ)
    arb_ruling_cite (ruling, ARB_RULE_BLITZ_SHORT_PENALTY);
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
illegal_kind_text (ArbIllegalKind kind)
{
  switch (kind)
    {
    case ARB_ILLEGAL_UNPROMOTED_PAWN:
      return "left a pawn unpromoted on the last rank";
    case ARB_ILLEGAL_CLOCK_NO_MOVE:
      return "pressed the clock without making a move";
    case ARB_ILLEGAL_TWO_HANDS:
      return "made a move with two hands";
    case ARB_ILLEGAL_ORDINARY:
    default:
      return "completed an illegal move";
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
      set_result (ruling, ARB_RESULT_DRAW, "illegal move; the opponent cannot checkmate");
      arb_ruling_set_explanation (
        ruling,
        "The illegal move would lose, but %s cannot checkmate by any series of legal moves, so the game is drawn.",
        side_name (opponent_of (facts->by)));
    }
  else
    {
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), "illegal move");
      arb_ruling_set_explanation (ruling, "%s loses the game by the illegal move.",
                                  side_name (facts->by));
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
            effect->text = g_strdup ("the last identifiable position before the irregularity");
          effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_CLOCKS, ARB_COLOR_NONE);
          effect->ply = ply;
          effect->text = g_strdup ("the times recorded there, or the arbiter's best judgement");
          arb_ruling_cite (ruling, ARB_RULE_CLOCKS_AFTER_IRREGULARITY);
        }
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_TOUCH_MOVE, facts->by);
      effect->text =
        g_strdup ("the replacement move: the piece moved illegally must be moved if it can");
      arb_ruling_cite (ruling, ARB_RULE_TOUCH_MOVE);
      arb_ruling_cite (ruling, ARB_RULE_MOVE_MADE);
    }

  ruling->decision = ARB_DECISION_TIME_PENALTY;
  {
    gint64 ms = laws->illegal_penalty_ms[event->category];
    g_autofree char *amount = format_duration (ms);

    add_time (ruling, opponent, ms);
    cite_short_penalty (ruling, event->category, ms);
    arb_ruling_set_explanation (
      ruling,
      "Illegal move %u of %u for %s: the position before it is restored and %s gets %s extra.",
      count, laws->illegal_moves_to_lose, side_name (facts->by), side_name (opponent), amount);
  }
}

/* 2014/2018 A.4.4, 2023 A.5.4: an arbiter who sees both kings in check or
 * a pawn left on the last rank waits for the next move; a position still
 * illegal then is a draw. */
static gboolean
unsupervised_still_illegal (ArbRuling *ruling, const ArbIllegalMoveFacts *facts)
{
  if (!facts->kings_in_check_or_unfinished_promotion || !facts->opponent_has_moved)
    return FALSE;
  arb_ruling_cite (ruling, ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION);
  ruling->decision = ARB_DECISION_DRAW;
  set_result (ruling, ARB_RESULT_DRAW, "illegal position after the next move");
  arb_ruling_set_explanation (
    ruling,
    "The position is still illegal after the next move: the arbiter declares the game drawn.");
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
  arb_ruling_set_facts (ruling, "%s %s (earlier illegal moves: %u; position before it at ply %d).",
                        side_name (facts->by), illegal_kind_text (facts->kind),
                        facts->previous_count, facts->ply_before);

  /* Pressing the clock without a move and two-handed moves are illegal
   * moves only from 2017 on (2018 7.5.3, 7.5.4). */
  if ((facts->kind == ARB_ILLEGAL_CLOCK_NO_MOVE || facts->kind == ARB_ILLEGAL_TWO_HANDS) &&
      !laws->special_illegal_acts)
    {
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      arb_ruling_set_explanation (
        ruling,
        "The %d edition does not count this as an illegal move; the arbiter may only use the general penalties.",
        (int) event->edition);
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
          arb_ruling_set_explanation (
            ruling, "%s has already moved, so the illegal move stands and cannot be corrected.",
            side_name (opponent_of (facts->by)));
        }
      else if (!facts->claimed_by_opponent)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling, "The arbiter does not act; %s may claim before making his own move.",
            side_name (opponent_of (facts->by)));
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
          arb_ruling_set_explanation (
            ruling, "The opponent has made his next move, so the illegal move stands.");
        }
      else if (!facts->claimed_by_opponent && !facts->seen_by_arbiter)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling, "Nobody has claimed it yet; %s may claim before making his next move.",
            side_name (opponent_of (facts->by)));
        }
      else
        illegal_move_ends_game (ruling, laws, facts, laws->illegal_loss_draw_if_cannot_mate);
      return ruling;

    case ARB_ILLEGAL_REGIME_CLAIM_THEN_PENALTY:
      /* 2009 A4c: the arbiter acts on his own only when both kings are in
       * check or a promotion was not completed. */
      cite_unsupervised_illegal (ruling, event->category);
      if (facts->kings_in_check_or_unfinished_promotion)
        {
          arb_ruling_cite (ruling, ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION);
          illegal_move_penalty (ruling, event, laws, facts);
          return ruling;
        }
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          arb_ruling_set_explanation (
            ruling, "The opponent has moved without claiming, so the illegal move stands.");
          return ruling;
        }
      if (!facts->claimed_by_opponent)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling, "The arbiter rules only on a claim by %s before his own move.",
            side_name (opponent_of (facts->by)));
          return ruling;
        }
      illegal_move_penalty (ruling, event, laws, facts);
      add_note (
        ruling, ARB_COLOR_NONE,
        "The appendix does not restate the penalty; the Competition Rules (7.4) are applied after the claim.");
      return ruling;

    case ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE:
      /* 2018 A.4.2, 2023 A.5.2 */
      cite_unsupervised_illegal (ruling, event->category);
      if (unsupervised_still_illegal (ruling, facts))
        return ruling;
      if (facts->opponent_has_moved)
        {
          ruling->decision = ARB_DECISION_MOVE_STANDS;
          arb_ruling_set_explanation (
            ruling,
            "The opponent has made his next move, so the illegal move stands; only the players may agree to correct it, without the arbiter.");
          return ruling;
        }
      if (!facts->claimed_by_opponent && !facts->seen_by_arbiter)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling, "Nobody has acted yet; the arbiter or %s may still act before %s next move.",
            side_name (opponent_of (facts->by)), facts->by == 0 ? "Black's" : "White's");
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
  arb_ruling_set_facts (ruling, "%s claims a draw by %s%s%s.", side_name (facts->by),
                        facts->kind == ARB_CLAIM_THREEFOLD ? "threefold repetition"
                                                           : "the 50-move rule",
                        written ? " with the written move " : " (the position has just appeared)",
                        written ? facts->written_move : "");

  if (facts->kind == ARB_CLAIM_THREEFOLD)
    arb_ruling_cite (ruling, written ? ARB_RULE_THREEFOLD_WRITTEN : ARB_RULE_THREEFOLD_APPEARED);
  else
    arb_ruling_cite (ruling, written ? ARB_RULE_FIFTY_WRITTEN : ARB_RULE_FIFTY_COMPLETED);

  if (facts->right_lost)
    {
      ruling->decision = ARB_DECISION_CLAIM_INADMISSIBLE;
      arb_ruling_cite (ruling, ARB_RULE_CLAIM_RIGHT_LOST);
      arb_ruling_set_explanation (
        ruling, "%s touched a piece before claiming, so he cannot claim on this move.",
        side_name (facts->by));
      return ruling;
    }

  arb_ruling_cite (ruling, ARB_RULE_CLAIM_PROCEDURE);
  arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);

  if (facts->correct)
    {
      arb_ruling_cite (ruling, ARB_RULE_CLAIM_CORRECT);
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW,
                  facts->kind == ARB_CLAIM_THREEFOLD ? "threefold repetition" : "50-move rule");
      arb_ruling_set_explanation (ruling, "The claim is correct: the game is drawn.");
      return ruling;
    }

  /* Incorrect: 2001/2009 9.5b, 2014 9.5c, 2018/2023 9.5.3. */
  arb_ruling_cite (ruling, ARB_RULE_CLAIM_INCORRECT);
  ruling->decision = ARB_DECISION_CLAIM_REJECTED;
  {
    gint64 ms = laws->incorrect_claim_ms[event->category];
    g_autofree char *amount = format_duration (ms);
    g_autofree char *cut_text = NULL;

    add_time (ruling, opponent, ms);
    cite_short_penalty (ruling, event->category, ms);
    if (laws->incorrect_claim_cuts_claimant)
      {
        gint64 cut = claimant_cut_2001 (facts->claimant_remaining_ms);

        if (cut > 0)
          {
            g_autofree char *cut_amount = format_duration (cut);

            add_time (ruling, facts->by, -cut);
            cut_text = g_strdup_printf (" and %s loses %s", side_name (facts->by), cut_amount);
          }
      }
    arb_ruling_set_explanation (ruling, "The claim is incorrect: %s gets %s extra%s%s.",
                                side_name (opponent), amount, cut_text != NULL ? cut_text : "",
                                written ? ", and the written move must be played" : "");
  }
  if (written)
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
  arb_ruling_set_facts (ruling, fivefold
                                  ? "The same position has appeared for the fifth time."
                                  : "Each side has made 75 moves without a pawn move or capture.");

  if (!laws->automatic_draws)
    {
      /* 2001/2009: the game goes on; only a claim (9.2, 9.3) draws it. */
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, fivefold ? ARB_RULE_THREEFOLD_APPEARED : ARB_RULE_FIFTY_COMPLETED);
      arb_ruling_set_explanation (
        ruling,
        "The %d edition has no automatic draw; play goes on unless the player to move claims.",
        (int) event->edition);
      return ruling;
    }

  arb_ruling_cite (ruling, fivefold ? ARB_RULE_FIVEFOLD : ARB_RULE_SEVENTY_FIVE);
  if (!fivefold && last_move_mates)
    {
      /* 9.6.2: the checkmate takes precedence. */
      ruling->decision = ARB_DECISION_ALREADY_OVER;
      arb_ruling_set_explanation (
        ruling, "The last move gave checkmate, which takes precedence over the 75-move rule.");
      return ruling;
    }
  ruling->decision = ARB_DECISION_DRAW;
  set_result (ruling, ARB_RESULT_DRAW, fivefold ? "fivefold repetition" : "75-move rule");
  arb_ruling_set_explanation (ruling,
                              "The game is drawn without any claim; the arbiter declares it.");
  return ruling;
}

/* --- Flag fall -------------------------------------------------------- */

static void
flag_single (ArbRuling *ruling, const ArbFlagFacts *facts)
{
  if (facts->opponent_cannot_mate)
    {
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, "flag fell; the opponent cannot checkmate");
      arb_ruling_set_explanation (
        ruling,
        "%s's flag fell, but %s cannot checkmate by any series of legal moves: the game is drawn.",
        side_name (facts->by), side_name (opponent_of (facts->by)));
    }
  else
    {
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), "flag fell");
      arb_ruling_set_explanation (ruling, "%s's flag fell: %s loses on time.",
                                  side_name (facts->by), side_name (facts->by));
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
  {
    const char *caller = facts->called_by == ARB_CALLED_BY_ARBITER ? "the arbiter" : "the opponent";

    if (!facts->both_fallen)
      arb_ruling_set_facts (ruling, "%s's flag fell; called by %s.", side_name (facts->by), caller);
    else if (facts->order_known)
      arb_ruling_set_facts (ruling, "Both flags are down, %s's first; called by %s.",
                            side_name (facts->by), caller);
    else
      arb_ruling_set_facts (ruling, "Both flags are down, order unknown; called by %s.", caller);
  }

  arb_ruling_cite (ruling, ARB_RULE_LOSS_ON_TIME);

  if (facts->game_already_over)
    {
      ruling->decision = ARB_DECISION_ALREADY_OVER;
      arb_ruling_set_explanation (
        ruling, "The game had already ended before the flag fell; the flag changes nothing.");
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
              arb_ruling_set_explanation (
                ruling, "The arbiter may not call this flag; it counts only when %s claims it.",
                side_name (opponent_of (facts->by)));
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
          set_result (ruling, ARB_RESULT_DRAW, "both flags fell");
          arb_ruling_set_explanation (ruling, "Both flags are down: the game is drawn.");
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
          set_result (ruling, ARB_RESULT_DRAW, "both flags fell in the last period");
          arb_ruling_set_explanation (
            ruling,
            "Both flags are down in the last period and it is unknown which fell first: the game is drawn.");
        }
      else
        {
          arb_ruling_cite (ruling, ARB_RULE_BOTH_FLAGS);
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling,
            "Both flags are down before the last period and it is unknown which fell first: play goes on.");
        }
      if (arb_rule_article (event->edition, ARB_RULE_BOTH_FLAGS) == NULL)
        add_note (
          ruling, ARB_COLOR_NONE,
          "The article for both flags in this edition could not be sourced; the rule of the neighbouring editions was applied.");
      return ruling;
    }

  flag_single (ruling, facts);
  return ruling;
}

/* --- Quickplay finish ------------------------------------------------- */

static ArbRuling *
quickplay_inadmissible (ArbRuling *ruling, ArbRule rule, const char *why)
{
  ruling->decision = ARB_DECISION_CLAIM_INADMISSIBLE;
  arb_ruling_cite (ruling, rule);
  arb_ruling_set_explanation (ruling, "%s", why);
  return ruling;
}

ArbRuling *
arb_laws_quickplay_claim (const ArbEventSettings *event, const ArbQuickplayFacts *facts)
{
  const ArbLawsEdition *laws;
  ArbRuling *ruling;
  int sup;
  int opponent;
  g_autofree char *bonus = NULL;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);
  g_return_val_if_fail (facts->by == 0 || facts->by == 1, NULL);

  laws = arb_laws_edition_get (event->edition);
  sup = supervised_index (event);
  opponent = opponent_of (facts->by);
  bonus = format_duration (laws->quickplay_bonus_ms);
  ruling = arb_ruling_new (ARB_RULING_QUICKPLAY_CLAIM, event->edition, event->category, facts->by);
  {
    g_autofree char *left = format_duration (facts->claimant_remaining_ms);
    arb_ruling_set_facts (ruling, "%s, with %s left, claims a draw in the quickplay finish.",
                          side_name (facts->by), left);
  }

  /* Where the claim exists at all: 2001 C4 and 2009 B3b exclude blitz;
   * from 2014 the guidelines must be announced and cover only standard and
   * rapid games without increment (2018 G.2, 2023 III.2). */
  if (event->category == ARB_CATEGORY_BLITZ && !laws->quickplay_in_blitz[sup])
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_NOT_BLITZ,
                                   "There is no quickplay-finish claim in this blitz game.");
  if (laws->quickplay_needs_announcement && !event->quickplay_guidelines)
    return quickplay_inadmissible (
      ruling, ARB_RULE_QUICKPLAY_SCOPE,
      "The quickplay-finish guidelines were not announced for this event.");
  if (laws->quickplay_needs_no_increment && event->increment)
    return quickplay_inadmissible (
      ruling, ARB_RULE_QUICKPLAY_SCOPE,
      "The quickplay-finish guidelines do not cover games with increment.");
  if (!facts->in_quickplay_finish)
    return quickplay_inadmissible (ruling, ARB_RULE_QUICKPLAY_DEFINITION,
                                   "The game is not in the period for all remaining moves.");
  arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_CLAIM);
  if (facts->claimant_remaining_ms >= laws->quickplay_threshold_ms ||
      facts->claimant_remaining_ms <= 0)
    return quickplay_inadmissible (
      ruling, ARB_RULE_QUICKPLAY_CLAIM,
      "The claim needs less than two minutes left, before the flag falls.");

  if (!facts->arbiter_present)
    {
      /* 2001/2009 D1, 2018 G.6, 2023 III.6 */
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_NO_ARBITER);
      ruling->decision = ARB_DECISION_REFERRED;
      arb_ruling_add_effect (ruling, ARB_EFFECT_STOP_CLOCKS, ARB_COLOR_NONE);
      add_note (
        ruling, ARB_COLOR_NONE,
        "Record the final position (and an up-to-date scoresheet if the claim is that the opponent is not trying to win); the opponent verifies it.");
      arb_ruling_set_explanation (
        ruling, "With no arbiter present the claim ends the game; an arbiter decides the result.");
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
      set_result (ruling, ARB_RESULT_DRAW, "quickplay-finish claim");
      arb_ruling_set_explanation (
        ruling,
        "The arbiter agrees that %s cannot win, or is not trying to win, by normal means: the game is drawn.",
        side_name (opponent));
      break;
    case ARB_QUICKPLAY_POSTPONE:
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_POSTPONE);
      ruling->decision = ARB_DECISION_POSTPONED;
      if (facts->postpone_extra_time)
        add_time (ruling, opponent, laws->quickplay_bonus_ms);
      arb_ruling_set_explanation (
        ruling,
        "The decision is postponed%s%s%s; play goes on, if possible with the arbiter watching.",
        facts->postpone_extra_time ? " and " : "",
        facts->postpone_extra_time ? side_name (opponent) : "",
        facts->postpone_extra_time ? " gets two extra minutes" : "");
      break;
    case ARB_QUICKPLAY_REJECT:
      arb_ruling_cite (ruling, ARB_RULE_QUICKPLAY_REJECT);
      ruling->decision = ARB_DECISION_CLAIM_REJECTED;
      add_time (ruling, opponent, laws->quickplay_bonus_ms);
      arb_ruling_set_explanation (ruling, "The claim is rejected and %s gets %s extra.",
                                  side_name (opponent), bonus);
      break;
    case ARB_QUICKPLAY_INCREMENT:
      if (!laws->quickplay_increment_option)
        {
          ruling->decision = ARB_DECISION_NOT_IN_EDITION;
          arb_ruling_set_explanation (
            ruling, "The %d edition has no request for an increment instead of a claim.",
            (int) event->edition);
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
        arb_ruling_set_explanation (
          ruling,
          "The draw offer is refused and the request granted: both players get a five-second increment and %s gets %s extra.",
          side_name (opponent), bonus);
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
  arb_ruling_set_facts (ruling, "%s seals move %d at the adjournment.", side_name (facts->sealer),
                        facts->move_number);
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
  effect->text = g_strdup ("the sealer stops his clock without starting the opponent's");
  arb_ruling_add_effect (ruling, ARB_EFFECT_SEALED_MOVE_HIDDEN, facts->sealer);

  if (facts->sealed_move == NULL || facts->sealed_move[0] == '\0')
    {
      ruling->decision = ARB_DECISION_PLAY_ON;
      arb_ruling_set_explanation (
        ruling,
        "No sealed move is written yet; the clock keeps running until the envelope is sealed.");
      return ruling;
    }
  ruling->decision = ARB_DECISION_SEALED;
  arb_ruling_set_explanation (
    ruling,
    "The move is sealed in the envelope, which the arbiter checks and keeps; it stays hidden until the game resumes.");
  return ruling;
}

static void
resume_result (ArbRuling *ruling,
               ArbDecision decision,
               ArbResult result,
               const char *reason,
               const char *explanation)
{
  ruling->decision = decision;
  set_result (ruling, result, reason);
  arb_ruling_set_explanation (ruling, "%s", explanation);
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
  arb_ruling_set_facts (ruling, "Resumption of the game adjourned with move %d sealed by %s.",
                        envelope->move_number, side_name (sealer));
  arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_SETUP);

  if (facts->envelope_lost)
    {
      if (!facts->position_reconstructible)
        {
          arb_ruling_cite (ruling, ARB_RULE_POSITION_LOST);
          ruling->decision = ARB_DECISION_ANNULLED;
          add_note (ruling, ARB_COLOR_NONE, "A new game is played.");
          arb_ruling_set_explanation (
            ruling,
            "The envelope is lost and the position cannot be re-established: the game is annulled and replayed.");
          return ruling;
        }
      arb_ruling_cite (ruling, ARB_RULE_ENVELOPE_LOST);
      ruling->decision = ARB_DECISION_RESUMED;
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_POSITION, ARB_COLOR_NONE);
      effect->ply = facts->ply;
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_RESTORE_CLOCKS, ARB_COLOR_NONE);
      effect->ply = facts->ply;
      effect->text = g_strdup (
        "the times of the adjournment; the arbiter sets them if they cannot be re-established");
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE, sealer);
      effect->text = g_strdup (facts->stated_move);
      arb_ruling_set_explanation (
        ruling,
        "The envelope is lost: play resumes from the adjourned position and %s makes the move he says he sealed.",
        side_name (sealer));
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
      ruling->by = absent;
      if (absent == sealer && facts->validity == ARB_SEALED_VALID &&
          facts->outcome == ARB_SEALED_MATES)
        resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier), "sealed move mates",
                       "The absent player sealed a checkmate: he wins.");
      else if (absent == sealer && facts->validity == ARB_SEALED_VALID &&
               (facts->outcome == ARB_SEALED_STALEMATES ||
                facts->outcome == ARB_SEALED_DEAD_POSITION))
        resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW,
                       "sealed move ends the game in a draw",
                       "The absent player's sealed move ends the game in a draw.");
      else if (absent == sealer && facts->present_player_flag_fell &&
               (event->edition == ARB_EDITION_2001 || event->edition == ARB_EDITION_2009))
        resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier),
                       "the present player's flag fell",
                       "The present player's flag fell first: the absent sealer wins on time.");
      else
        {
          g_autofree char *amount = format_duration (limit);
          g_autofree char *text =
            g_strdup_printf ("%s arrived more than %s late for the resumption and loses.",
                             side_name (absent), amount);
          resume_result (ruling, ARB_DECISION_LOSS, arb_result_loss_for (absent),
                         "late for the resumption", text);
        }
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
      arb_ruling_set_explanation (
        ruling, "%s is absent: his clock is started, and the envelope is opened when he arrives.",
        side_name (replier));
      return ruling;
    }

  if (facts->validity != ARB_SEALED_VALID)
    {
      static const char *const why[] = { "", "ambiguous", "unreadable in meaning", "illegal" };

      arb_ruling_cite (ruling, ARB_RULE_SEALED_MOVE_INVALID);
      if (facts->opponent_cannot_mate)
        {
          g_autofree char *text =
            g_strdup_printf ("The sealed move is %s, but %s cannot checkmate: the game is drawn.",
                             why[facts->validity], side_name (replier));
          arb_ruling_cite (ruling, ARB_RULE_LOSS_ON_TIME);
          resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW,
                         "invalid sealed move; opponent cannot mate", text);
        }
      else
        {
          g_autofree char *text = g_strdup_printf ("The sealed move is %s: %s loses.",
                                                   why[facts->validity], side_name (sealer));
          resume_result (ruling, ARB_DECISION_LOSS, arb_result_loss_for (sealer),
                         "invalid sealed move", text);
        }
      return ruling;
    }

  arb_ruling_cite (ruling, ARB_RULE_RESUMPTION_PLAY);
  ruling->decision = ARB_DECISION_RESUMED;
  effect = arb_ruling_add_effect (ruling, ARB_EFFECT_MAKE_SEALED_MOVE, sealer);
  effect->text = g_strdup (envelope->sealed_move);
  switch (facts->outcome)
    {
    case ARB_SEALED_MATES:
      resume_result (ruling, ARB_DECISION_WIN, arb_result_loss_for (replier), "sealed move mates",
                     "The sealed move gives checkmate.");
      return ruling;
    case ARB_SEALED_STALEMATES:
    case ARB_SEALED_DEAD_POSITION:
      resume_result (ruling, ARB_DECISION_DRAW, ARB_RESULT_DRAW, "sealed move draws",
                     "The sealed move ends the game in a draw.");
      return ruling;
    case ARB_SEALED_ENDS_NOTHING:
    default:
      break;
    }
  arb_ruling_add_effect (ruling, ARB_EFFECT_START_CLOCK, replier);
  if (!facts->sealer_present)
    add_note (
      ruling, replier,
      "The sealer is absent: the reply may be written and sealed in a new envelope, and the sealer's clock started.");
  arb_ruling_set_explanation (
    ruling, "The envelope is opened, the sealed move made on the board, and %s's clock started.",
    side_name (replier));
  return ruling;
}

/* --- Late arrival, devices, resignation ------------------------------- */

ArbRuling *
arb_laws_late_arrival (const ArbEventSettings *event, const ArbLateFacts *facts)
{
  ArbRuling *ruling;
  gint64 limit;
  g_autofree char *limit_text = NULL;
  g_autofree char *late_text = NULL;

  g_return_val_if_fail (event != NULL && facts != NULL, NULL);

  limit = arb_event_settings_default_time (event);
  limit_text = format_duration (limit);
  late_text = format_duration (facts->late_ms);
  ruling = arb_ruling_new (ARB_RULING_LATE_ARRIVAL, event->edition, event->category, facts->by);
  arb_ruling_set_facts (ruling, "%s %s %s after the start (default time %s).",
                        facts->by == ARB_COLOR_NONE ? "Both players" : side_name (facts->by),
                        facts->by == ARB_COLOR_NONE ? "are still absent" : "arrived", late_text,
                        limit_text);
  arb_ruling_cite (ruling, ARB_RULE_LATE_ARRIVAL);
  if (event->national == ARB_NATIONAL_NORWAY && event->edition == ARB_EDITION_2009 &&
      event->default_time_ms < 0)
    cite_custom (
      ruling, ARB_RULE_LATE_ARRIVAL, "6.6 (NSF)",
      "In Norway a player more than 60 minutes late loses, unless the invitation says otherwise.",
      TRUE);

  if (facts->neither_present_at_start)
    {
      arb_ruling_cite (ruling, ARB_RULE_BOTH_ABSENT);
      if (limit > 0)
        add_note (ruling, 0, "White's clock runs until White arrives.");
    }

  if (facts->late_ms <= limit)
    {
      ruling->decision = ARB_DECISION_NOT_LATE;
      arb_ruling_set_explanation (
        ruling,
        "The arrival is within the default time: play goes on, and the time spent counts against the late player.");
      return ruling;
    }

  /* A default is a forfeit: the game was not played. */
  ruling->decision = ARB_DECISION_LOSS;
  if (facts->by == ARB_COLOR_NONE)
    {
      set_result (ruling, ARB_RESULT_DOUBLE_FORFEIT, "both players absent");
      arb_ruling_set_explanation (
        ruling, "Neither player arrived within the default time: both lose by forfeit.");
    }
  else
    {
      set_result (ruling,
                  facts->by == 0 ? ARB_RESULT_BLACK_FORFEIT_WIN : ARB_RESULT_WHITE_FORFEIT_WIN,
                  "late arrival");
      arb_ruling_set_explanation (
        ruling,
        "%s arrived after the default time of %s and loses by forfeit, unless the arbiter decides otherwise.",
        side_name (facts->by), limit_text);
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
  arb_ruling_set_facts (ruling, "%s has an electronic device in the venue%s.",
                        side_name (facts->by), facts->sounded ? " and it made a sound" : "");

  switch (laws->device_rule)
    {
    case ARB_DEVICE_RULE_NONE:
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      arb_ruling_set_explanation (
        ruling,
        "The 2001 edition has no rule on devices; only the general penalties apply if the player disturbs or breaks the conduct rules.");
      return ruling;

    case ARB_DEVICE_RULE_SOUND:
      /* 2009 12.3b */
      arb_ruling_cite (ruling, ARB_RULE_DEVICE);
      if (!facts->sounded)
        {
          ruling->decision = ARB_DECISION_PLAY_ON;
          arb_ruling_set_explanation (
            ruling,
            facts->switched_off
              ? "A completely switched-off device is allowed; play goes on."
              : "A device that is on is not allowed without permission, but only a sound loses the game.");
          return ruling;
        }
      ruling->decision = ARB_DECISION_LOSS;
      if (facts->opponent_cannot_mate)
        {
          set_result (ruling, arb_result_loss_opponent_half (facts->by),
                      "device sounded; opponent cannot win");
          arb_ruling_set_explanation (
            ruling,
            "The device sounded: %s loses, and %s, who cannot win by any series of legal moves, scores a draw.",
            side_name (facts->by), side_name (opponent_of (facts->by)));
        }
      else
        {
          set_result (ruling, arb_result_loss_for (facts->by), "device sounded");
          arb_ruling_set_explanation (ruling, "The device sounded: %s loses.",
                                      side_name (facts->by));
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
          arb_ruling_set_explanation (
            ruling,
            "The event's regulations set a milder penalty for this; choose it from the penalty list.");
          return ruling;
        }
      ruling->decision = ARB_DECISION_LOSS;
      set_result (ruling, arb_result_loss_for (facts->by), "electronic device");
      arb_ruling_set_explanation (
        ruling, "%s evidently had a device in the venue: %s loses and %s wins.",
        side_name (facts->by), side_name (facts->by), side_name (opponent_of (facts->by)));
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
  arb_ruling_set_facts (ruling, "%s resigns.", side_name (by));
  arb_ruling_cite (ruling, ARB_RULE_RESIGN);

  /* 2023 5.1.2: resigning where the opponent cannot mate draws. */
  if (laws->resign_draw_if_cannot_mate && opponent_cannot_mate)
    {
      ruling->decision = ARB_DECISION_DRAW;
      set_result (ruling, ARB_RESULT_DRAW, "resignation; the opponent cannot checkmate");
      arb_ruling_set_explanation (
        ruling,
        "%s resigned, but %s cannot checkmate by any series of legal moves: the game is drawn.",
        side_name (by), side_name (opponent_of (by)));
      return ruling;
    }
  ruling->decision = ARB_DECISION_LOSS;
  set_result (ruling, arb_result_loss_for (by), "resignation");
  arb_ruling_set_explanation (ruling, "%s resigned and loses.", side_name (by));
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

  laws = arb_laws_edition_get (event->edition);
  opponent = opponent_of (facts->by);
  article = laws->penalty_article[facts->penalty];
  ruling = arb_ruling_new (ARB_RULING_PENALTY, event->edition, event->category, facts->by);
  arb_ruling_set_facts (ruling, "Penalty for %s: %s%s%s", side_name (facts->by),
                        arb_penalty_to_string (facts->penalty), facts->text != NULL ? " — " : "",
                        facts->text != NULL ? facts->text : "");

  if (article == NULL)
    {
      ruling->decision = ARB_DECISION_NOT_IN_EDITION;
      arb_ruling_cite (ruling, ARB_RULE_PENALTIES);
      arb_ruling_set_explanation (ruling, "The %d edition does not list this penalty.",
                                  (int) event->edition);
      return ruling;
    }
  cite_custom (ruling, ARB_RULE_PENALTIES, article, arb_penalty_paraphrase (facts->penalty),
               arb_rule_article_verified (event->edition, ARB_RULE_PENALTIES));
  ruling->decision = ARB_DECISION_PENALTY;

  switch (facts->penalty)
    {
    case ARB_PENALTY_ADD_OPPONENT_TIME:
      {
        g_autofree char *amount = format_duration (facts->ms);
        add_time (ruling, opponent, facts->ms);
        arb_ruling_set_explanation (ruling, "%s gets %s extra.", side_name (opponent), amount);
        break;
      }
    case ARB_PENALTY_REDUCE_OFFENDER_TIME:
      {
        g_autofree char *amount = format_duration (facts->ms);
        add_time (ruling, facts->by, -facts->ms);
        arb_ruling_set_explanation (ruling, "%s loses %s of his time.", side_name (facts->by),
                                    amount);
        break;
      }
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
            arb_ruling_set_explanation (ruling, "The Laws allow no such score for the game.");
            return ruling;
          }
        set_result (ruling, result, arb_penalty_to_string (facts->penalty));
        arb_ruling_cite (ruling, ARB_RULE_POINTS);
        arb_ruling_set_explanation (ruling, "The game is scored %s.",
                                    arb_result_to_string (result));
        break;
      }
    case ARB_PENALTY_WARNING:
    case ARB_PENALTY_FINE:
    case ARB_PENALTY_EXCLUDE_ROUNDS:
    case ARB_PENALTY_EXPEL:
    default:
      effect = arb_ruling_add_effect (ruling, ARB_EFFECT_ADMINISTRATIVE, facts->by);
      effect->text =
        g_strdup_printf ("%s%s%s", arb_penalty_to_string (facts->penalty),
                         facts->text != NULL ? ": " : "", facts->text != NULL ? facts->text : "");
      arb_ruling_set_explanation (ruling, "%s", arb_penalty_paraphrase (facts->penalty));
      break;
    }
  return ruling;
}
