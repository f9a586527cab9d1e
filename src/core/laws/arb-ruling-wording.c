/* arb-ruling-wording.c: rulings in words, made at display time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sentence is whole in the catalogue, with its players and amounts as
 * arguments, so a translator sees the sentence and not fragments of it.
 * This file has the words of the parts of a ruling, its effects and its
 * articles; arb-ruling-wording-facts.c says the facts and
 * arb-ruling-wording-explanation.c explains the decision.
 */

#include "config.h"

#include "arb-ruling-wording-private.h"

#include "arb-i18n.h"
#include <string.h>

const char *
arb_ruling_wording_side (int side)
{
  return side == 0 ? _ ("White") : side == 1 ? _ ("Black") : _ ("Both");
}

const char *
arb_ruling_wording_category (ArbCategory category)
{
  switch (category)
    {
    case ARB_CATEGORY_RAPID:
      return _ ("rapid");
    case ARB_CATEGORY_BLITZ:
      return _ ("blitz");
    case ARB_CATEGORY_STANDARD:
    default:
      return _ ("standard");
    }
}

char *
arb_ruling_wording_duration (gint64 ms)
{
  gint64 seconds = (ms < 0 ? -ms : ms) / 1000;

  if (seconds % 60 == 0)
    return g_strdup_printf (ngettext ("%d minute", "%d minutes", (gulong) (seconds / 60)),
                            (int) (seconds / 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}

char *
arb_ruling_wording_clock (gint64 ms, gboolean sign)
{
  gint64 s = (ms < 0 ? -ms : ms) / 1000;
  const char *prefix = ms < 0 ? "−" : sign ? "+" : "";

  if (s >= 3600)
    return g_strdup_printf ("%s%d:%02d:%02d", prefix, (int) (s / 3600), (int) (s / 60 % 60),
                            (int) (s % 60));
  return g_strdup_printf ("%s%d:%02d", prefix, (int) (s / 60), (int) (s % 60));
}

char *
arb_ruling_wording_ply (int ply, int start_move, int start_side)
{
  int half = MAX (ply, 0) + (start_side == 1 ? 1 : 0);
  int move = MAX (start_move, 1) + half / 2;
  int side = half % 2;

  /* Translators: a position as arbiters name it: the number of the move
   * to be made and the player who makes it, e.g. "move 15, White". */
  return g_strdup_printf (_ ("move %d, %s"), move, arb_ruling_wording_side (side));
}

const char *
arb_ruling_wording_kind (ArbRulingKind kind)
{
  switch (kind)
    {
    case ARB_RULING_ILLEGAL_MOVE:
      return _ ("Illegal move");
    case ARB_RULING_DRAW_CLAIM:
      return _ ("Draw claim");
    case ARB_RULING_AUTOMATIC_DRAW:
      return _ ("Automatic draw");
    case ARB_RULING_FLAG_FALL:
      return _ ("Flag fall");
    case ARB_RULING_QUICKPLAY_CLAIM:
      return _ ("Quickplay-finish claim");
    case ARB_RULING_SEAL:
      return _ ("Adjournment");
    case ARB_RULING_RESUMPTION:
      return _ ("Resumption");
    case ARB_RULING_LATE_ARRIVAL:
      return _ ("Late arrival");
    case ARB_RULING_DEVICE:
      return _ ("Electronic device");
    case ARB_RULING_RESIGNATION:
      return _ ("Resignation");
    case ARB_RULING_PENALTY:
      return _ ("Penalty");
    case ARB_RULING_RESULT:
      return _ ("Result");
    case ARB_RULING_RECONSTRUCTION:
      return _ ("Reconstruction from scoresheets");
    case ARB_RULING_BOARD_CHANGE:
      /* Translators: the kind of a decision in the rulings log: a pairing
       * moved to another board */
      return _ ("Board change");
    default:
      return _ ("Ruling");
    }
}

const char *
arb_ruling_wording_decision (ArbDecision decision)
{
  switch (decision)
    {
    case ARB_DECISION_PLAY_ON:
      /* The decisions are results and rulings ("Draw" is the game drawn,
       * never to draw something). */
      return _ ("Play on");
    case ARB_DECISION_TIME_PENALTY:
      return _ ("Time penalty, play on");
    case ARB_DECISION_LOSS:
      return C_ ("decision", "Loss");
    case ARB_DECISION_DRAW:
      return C_ ("decision", "Draw");
    case ARB_DECISION_WIN:
      return C_ ("decision", "Win");
    case ARB_DECISION_MOVE_STANDS:
      return _ ("The move stands");
    case ARB_DECISION_CLAIM_REJECTED:
      return _ ("Claim rejected");
    case ARB_DECISION_CLAIM_INADMISSIBLE:
      return _ ("Claim not admissible");
    case ARB_DECISION_POSTPONED:
      return _ ("Decision postponed");
    case ARB_DECISION_NOT_IN_EDITION:
      return _ ("Not in this edition");
    case ARB_DECISION_ALREADY_OVER:
      return _ ("The game had already ended");
    case ARB_DECISION_SEALED:
      return _ ("Move sealed, game adjourned");
    case ARB_DECISION_RESUMED:
      return _ ("Game resumed");
    case ARB_DECISION_ANNULLED:
      return _ ("Game annulled");
    case ARB_DECISION_REFERRED:
      return _ ("Referred to an arbiter");
    case ARB_DECISION_PENALTY:
      return _ ("Penalty");
    case ARB_DECISION_NOT_LATE:
      return _ ("Not late");
    case ARB_DECISION_RECONSTRUCTED:
      return _ ("Game rebuilt from the scoresheets");
    case ARB_DECISION_BOARD_MOVED:
      return _ ("Moved to another board");
    default:
      return "";
    }
}

/* A time penalty names who pays and who is given the time: the offender's
 * opponent gets it (7.5.5, 9.5.3), or the offender loses it (2001 9.5b). */
static char *
time_penalty_verdict (const ArbRuling *ruling)
{
  int by = ruling->by;
  int opp = opponent_of (by);
  const char *side = arb_ruling_wording_side (by);
  const char *other = arb_ruling_wording_side (opp);
  gint64 gain = _arb_ruling_wording_added_time (ruling, opp, FALSE);
  gint64 cut = _arb_ruling_wording_added_time (ruling, by, TRUE);
  g_autofree char *gained = arb_ruling_wording_duration (gain);
  g_autofree char *lost = arb_ruling_wording_duration (cut);

  if (gain != 0 && cut != 0)
    /* Translators: "Time penalty for White: Black gets 3 minutes and White
     * loses 1 minute, play on". */
    return g_strdup_printf (_ ("Time penalty for %s: %s gets %s and %s loses %s, play on"), side,
                            other, gained, side, lost);
  if (gain != 0)
    /* Translators: "Time penalty for White: Black gets 2 minutes, play on". */
    return g_strdup_printf (_ ("Time penalty for %s: %s gets %s, play on"), side, other, gained);
  if (cut != 0)
    /* Translators: "Time penalty for White: White loses 1 minute, play on". */
    return g_strdup_printf (_ ("Time penalty for %s: %s loses %s, play on"), side, side, lost);
  return g_strdup_printf (_ ("Time penalty for %s, play on"), side);
}

char *
arb_ruling_wording_verdict (const ArbRuling *ruling)
{
  g_autofree char *decision = NULL;
  const char *side;
  ArbResult result;

  g_return_val_if_fail (ruling != NULL, NULL);

  side = arb_ruling_wording_side (ruling->by);
  if (ruling->by != ARB_COLOR_NONE && ruling->decision == ARB_DECISION_LOSS)
    decision = g_strdup_printf (_ ("%s loses"), side);
  else if (ruling->by != ARB_COLOR_NONE && ruling->decision == ARB_DECISION_WIN)
    decision = g_strdup_printf (_ ("%s wins"), side);
  else if (ruling->by != ARB_COLOR_NONE && ruling->decision == ARB_DECISION_TIME_PENALTY)
    decision = time_penalty_verdict (ruling);
  else if (ruling->by != ARB_COLOR_NONE && ruling->decision == ARB_DECISION_PENALTY)
    decision = g_strdup_printf (_ ("Penalty for %s"), side);
  else
    decision = g_strdup (arb_ruling_wording_decision (ruling->decision));
  result = arb_ruling_get_result (ruling);
  if (result == ARB_RESULT_ONGOING)
    return g_steal_pointer (&decision);
  /* Translators: a decision and the result it gives, e.g. "White loses (0-1)". */
  return g_strdup_printf (_ ("%s (%s)"), decision, arb_result_to_string (result));
}

const char *
arb_ruling_wording_ending (ArbEnding ending)
{
  switch (ending)
    {
    case ARB_ENDING_CHECKMATE:
      return _ ("Checkmate");
    case ARB_ENDING_STALEMATE:
      return _ ("Stalemate");
    case ARB_ENDING_DEAD_POSITION:
      return _ ("Dead position: neither side can checkmate");
    case ARB_ENDING_FIVEFOLD:
      return _ ("Fivefold repetition");
    case ARB_ENDING_SEVENTY_FIVE:
      return _ ("75 moves without a capture or a pawn move");
    case ARB_ENDING_THREEFOLD:
      return _ ("Threefold repetition, claimed");
    case ARB_ENDING_FIFTY:
      return _ ("50 moves, claimed");
    case ARB_ENDING_AGREEMENT:
      return _ ("Draw agreed");
    case ARB_ENDING_RESIGNATION:
      return _ ("Resignation");
    case ARB_ENDING_RESIGNATION_CANNOT_MATE:
      return _ ("Resignation, but the opponent could not checkmate");
    case ARB_ENDING_FLAG_FALL:
      return _ ("Lost on time");
    case ARB_ENDING_FLAG_CANNOT_MATE:
      return _ ("Flag fell, but the opponent could not checkmate");
    case ARB_ENDING_BOTH_FLAGS:
      return _ ("Both flags fell");
    case ARB_ENDING_BOTH_FLAGS_LAST_PERIOD:
      return _ ("Both flags fell in the last period");
    case ARB_ENDING_ILLEGAL_MOVE:
      return _ ("Illegal move");
    case ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE:
      return _ ("Illegal move, but the opponent could not checkmate");
    case ARB_ENDING_ILLEGAL_POSITION:
      return _ ("Illegal position after the next move");
    case ARB_ENDING_QUICKPLAY:
      return _ ("Quickplay-finish claim");
    case ARB_ENDING_SEALED_MOVE_MATES:
      return _ ("The sealed move mates");
    case ARB_ENDING_SEALED_MOVE_DRAWS:
      return _ ("The sealed move draws");
    case ARB_ENDING_INVALID_SEALED_MOVE:
      return _ ("Invalid sealed move");
    case ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE:
      return _ ("Invalid sealed move, but the opponent could not checkmate");
    case ARB_ENDING_LATE_FOR_RESUMPTION:
      return _ ("Late for the resumption");
    case ARB_ENDING_PRESENT_FLAG_FELL:
      return _ ("The present player's flag fell");
    case ARB_ENDING_LATE_ARRIVAL:
      return _ ("Late arrival: forfeit");
    case ARB_ENDING_BOTH_ABSENT:
      return _ ("Both players absent");
    case ARB_ENDING_DEVICE:
      return _ ("Electronic device");
    case ARB_ENDING_DEVICE_CANNOT_WIN:
      return _ ("Electronic device; the opponent could not win");
    case ARB_ENDING_PENALTY:
      return _ ("Penalty");
    case ARB_ENDING_ARBITER:
      return _ ("Arbiter's decision");
    case ARB_ENDING_IMPORTED:
      return _ ("Result as imported");
    case ARB_ENDING_NONE:
    default:
      return "";
    }
}

const char *
arb_ruling_wording_penalty (ArbPenalty penalty)
{
  switch (penalty)
    {
    case ARB_PENALTY_WARNING:
      return _ ("Warning");
    case ARB_PENALTY_ADD_OPPONENT_TIME:
      return _ ("More time for the opponent");
    case ARB_PENALTY_REDUCE_OFFENDER_TIME:
      return _ ("Less time for the offender");
    case ARB_PENALTY_INCREASE_OPPONENT_POINTS:
      return _ ("More points for the opponent");
    case ARB_PENALTY_REDUCE_OFFENDER_POINTS:
      return _ ("Fewer points for the offender");
    case ARB_PENALTY_DECLARE_LOST:
      return _ ("Game declared lost");
    case ARB_PENALTY_FINE:
      return _ ("Fine");
    case ARB_PENALTY_EXCLUDE_ROUNDS:
      return _ ("Exclusion from rounds");
    case ARB_PENALTY_EXPEL:
      return _ ("Expulsion");
    default:
      return "";
    }
}

const char *
arb_ruling_wording_note (ArbNote note)
{
  switch (note)
    {
    case ARB_NOTE_LAST_IDENTIFIABLE:
      return _ ("the last identifiable position before the irregularity");
    case ARB_NOTE_BEST_JUDGEMENT:
      return _ ("the times recorded there, or the arbiter's best judgement");
    case ARB_NOTE_ADJOURNMENT_TIMES:
      return _ (
        "the times of the adjournment; the arbiter sets them if they cannot be re-established");
    case ARB_NOTE_PIECE_MOVED:
      return _ ("the replacement move: the piece moved illegally must be moved if it can");
    case ARB_NOTE_WRITTEN_MOVE_ILLEGAL:
      return _ (
        "the written move is not legal here and cannot be played: the player makes a legal move instead, a touched piece if it can be moved; the Laws say no more, the arbiter decides");
    case ARB_NOTE_SEALER_STOPS:
      return _ ("the sealer stops his clock without starting the opponent's");
    case ARB_NOTE_COMPETITION_RULES:
      return _ (
        "The appendix does not restate the penalty; the Competition Rules (7.4) are applied after the claim.");
    case ARB_NOTE_BOTH_FLAGS_UNSOURCED:
      return _ (
        "The article for both flags in this edition could not be sourced; the rule of the neighbouring editions was applied.");
    case ARB_NOTE_RECORD_POSITION:
      return _ (
        "Record the final position (and an up-to-date scoresheet if the claim is that the opponent is not trying to win); the opponent verifies it.");
    case ARB_NOTE_NEW_GAME:
      return _ ("A new game is played.");
    case ARB_NOTE_SEALER_ABSENT:
      return _ (
        "The sealer is absent: the reply may be written and sealed in a new envelope, and the sealer's clock started.");
    case ARB_NOTE_WHITE_CLOCK_RUNS:
      return _ ("White's clock runs until White arrives.");
    case ARB_NOTE_BLITZ_PENALTY_PRACTICE:
      return _ (
        "Supervised blitz (B.2) follows the Competition Rules, which read literally give two minutes; this event applies the common practice of one minute, as A.3 gives in rapid.");
    case ARB_NOTE_BLITZ_PENALTY_LITERAL:
      return _ (
        "Supervised blitz (B.2) follows the Competition Rules; this event reads them literally and gives two minutes, where common practice gives one.");
    case ARB_NOTE_NONE:
    default:
      return "";
    }
}

/* --- Effects ----------------------------------------------------------- */

static char *
name_ply (int ply, ArbRulingPlyNamer namer, gpointer user_data)
{
  char *named = namer != NULL ? namer (ply, user_data) : NULL;

  return named != NULL ? named : arb_ruling_wording_ply (ply, 1, 0);
}

char *
arb_ruling_wording_effect (const ArbRuling *ruling,
                           const ArbEffect *e,
                           ArbRulingPlyNamer namer,
                           gpointer user_data)
{
  g_autofree char *time = NULL;
  g_autofree char *ply = NULL;

  g_return_val_if_fail (ruling != NULL && e != NULL, NULL);

  switch (e->kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
      ply = name_ply (e->ply, namer, user_data);
      if (e->note == ARB_NOTE_LAST_IDENTIFIABLE)
        /* Translators: "…restored to move 15, White (the last identifiable …)" */
        return g_strdup_printf (_ ("Position restored to %s (%s)"), ply,
                                arb_ruling_wording_note (e->note));
      return g_strdup_printf (_ ("Position restored to %s"), ply);
    case ARB_EFFECT_RESTORE_CLOCKS:
      ply = name_ply (e->ply, namer, user_data);
      if (e->note == ARB_NOTE_ADJOURNMENT_TIMES)
        return g_strdup (_ ("Both clocks set to the times of the adjournment"));
      if (e->note == ARB_NOTE_BEST_JUDGEMENT)
        /* Translators: 7.1, the arbiter's best judgement after an illegal
         * move is taken back, e.g. "…recorded at move 15, White; the
         * offender's less the time he has used since". */
        return g_strdup_printf (
          _ (
            "Clocks set by the arbiter’s judgement: the times recorded at %s, the offender’s less the time he has used since"),
          ply);
      return g_strdup_printf (_ ("Both clocks set to the times recorded at %s"), ply);
    case ARB_EFFECT_ADD_TIME:
      time = arb_ruling_wording_clock (e->ms, TRUE);
      if (e->optional)
        /* Translators: time added to a player's clock that the arbiter may
         * give, e.g. "+2:00 to Black (the arbiter may)" */
        return g_strdup_printf (_ ("%s to %s (the arbiter may)"), time,
                                arb_ruling_wording_side (e->side));
      /* Translators: time added to a player's clock, e.g. "+2:00 to Black" */
      return g_strdup_printf (_ ("%s to %s"), time, arb_ruling_wording_side (e->side));
    case ARB_EFFECT_SET_TIME:
      time = arb_ruling_wording_clock (e->ms, FALSE);
      return g_strdup_printf (_ ("%s's clock set to %s"), arb_ruling_wording_side (e->side), time);
    case ARB_EFFECT_SET_RESULT:
      if (e->ending != ARB_ENDING_NONE)
        return g_strdup_printf (_ ("Result %s: %s"), arb_result_to_string (e->result),
                                arb_ruling_wording_ending (e->ending));
      return g_strdup_printf (_ ("Result %s"), arb_result_to_string (e->result));
    case ARB_EFFECT_ILLEGAL_COUNT:
      return g_strdup_printf (_ ("Illegal moves of %s: %d of %d"),
                              arb_ruling_wording_side (e->side), e->count, e->limit);
    case ARB_EFFECT_PLAY_WRITTEN_MOVE:
      return g_strdup_printf (_ ("%s must play the written move %s"),
                              arb_ruling_wording_side (e->side), e->text != NULL ? e->text : "");
    case ARB_EFFECT_TOUCH_MOVE:
      if (e->note == ARB_NOTE_WRITTEN_MOVE_ILLEGAL)
        /* Translators: "White makes another move than the written Ke4, which is not legal here
         * (touch-move applies)" */
        return g_strdup_printf (
          _ ("%s makes another move than the written %s, which is not legal here (touch-move "
             "applies)"),
          arb_ruling_wording_side (e->side), e->text != NULL ? e->text : "");
      return g_strdup_printf (_ ("Touch-move applies to %s's replacement move"),
                              arb_ruling_wording_side (e->side));
    case ARB_EFFECT_PROMOTE_TO_QUEEN:
      return g_strdup_printf (_ ("%s's pawn becomes a queen"), arb_ruling_wording_side (e->side));
    case ARB_EFFECT_SEALED_MOVE_HIDDEN:
      return g_strdup (_ ("The sealed move stays hidden until the envelope is opened"));
    case ARB_EFFECT_MAKE_SEALED_MOVE:
      return g_strdup_printf (_ ("The sealed move %s is made on the board"),
                              e->text != NULL ? e->text : "");
    case ARB_EFFECT_STOP_CLOCKS:
      if (e->note == ARB_NOTE_SEALER_STOPS)
        return g_strdup_printf (_ ("%s stops his clock without starting the opponent's"),
                                arb_ruling_wording_side (e->side));
      return g_strdup (_ ("Both clocks stopped"));
    case ARB_EFFECT_START_CLOCK:
      return g_strdup_printf (_ ("%s's clock started"), arb_ruling_wording_side (e->side));
    case ARB_EFFECT_SET_INCREMENT:
      time = arb_ruling_wording_clock (e->ms, FALSE);
      return g_strdup_printf (_ ("Increment of %s for both players"), time);
    case ARB_EFFECT_DRAW_OFFER:
      return g_strdup_printf (_ ("Counts as a draw offer by %s"),
                              arb_ruling_wording_side (e->side));
    case ARB_EFFECT_ADMINISTRATIVE:
      {
        ArbPenalty penalty;
        const char *name =
          arb_penalty_from_string (arb_ruling_get_fact_text (ruling, "penalty"), &penalty)
            ? arb_ruling_wording_penalty (penalty)
            : _ ("Penalty");

        if (e->text != NULL && *e->text != '\0')
          return g_strdup_printf (_ ("%s for %s: %s"), name, arb_ruling_wording_side (e->side),
                                  e->text);
        return g_strdup_printf (_ ("%s for %s"), name, arb_ruling_wording_side (e->side));
      }
    case ARB_EFFECT_NOTE:
    default:
      if (e->note != ARB_NOTE_NONE)
        return g_strdup (arb_ruling_wording_note (e->note));
      return g_strdup (e->text != NULL ? e->text : "");
    }
}

/* --- Articles ------------------------------------------------------------ */

char *
arb_ruling_wording_article (const ArbCitation *citation)
{
  g_return_val_if_fail (citation != NULL, NULL);

  return g_strdup_printf (citation->verified ? _ ("Article %s")
                                             : _ ("Article %s (number not verified)"),
                          citation->article);
}

const char *
arb_ruling_wording_paraphrase (const ArbRuling *ruling, const ArbCitation *citation)
{
  g_return_val_if_fail (ruling != NULL && citation != NULL, "");

  /* The paraphrase stored with the ruling is the English source string;
   * where the table still cites the same article, its current paraphrase
   * is the one translators have. */
  const char *paraphrase = citation->paraphrase;

  if (g_strcmp0 (arb_rule_article (ruling->edition, citation->rule), citation->article) == 0 &&
      citation->rule != ARB_RULE_PENALTIES)
    paraphrase = arb_rule_paraphrase (ruling->edition, citation->rule);
  /* An empty msgid would give the catalogue's header. */
  return paraphrase != NULL && *paraphrase != '\0' ? _ (paraphrase) : "";
}
