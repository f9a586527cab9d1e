/* arb-ruling-wording.c: rulings in words, made at display time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sentence is whole in the catalogue, with its players and amounts as
 * arguments, so a translator sees the sentence and not fragments of it.
 */

#include "config.h"

#include "arb-ruling-wording.h"

#include "arb-i18n.h"
#include <string.h>

static int
opponent_of (int side)
{
  return side == 0 ? 1 : side == 1 ? 0 : ARB_COLOR_NONE;
}

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

static gint64 added_time (const ArbRuling *ruling, int side, gboolean negative);

/* A time penalty names who pays and who is given the time: the offender's
 * opponent gets it (7.5.5, 9.5.3), or the offender loses it (2001 9.5b). */
static char *
time_penalty_verdict (const ArbRuling *ruling)
{
  int by = ruling->by;
  int opp = opponent_of (by);
  const char *side = arb_ruling_wording_side (by);
  const char *other = arb_ruling_wording_side (opp);
  gint64 gain = added_time (ruling, opp, FALSE);
  gint64 cut = added_time (ruling, by, TRUE);
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

/* --- Facts ------------------------------------------------------------ */

static const char *
fact_text (const ArbRuling *ruling, const char *name)
{
  const char *text = arb_ruling_get_fact_text (ruling, name);

  return text != NULL ? text : "";
}

static char *
illegal_facts (const ArbRuling *ruling)
{
  const char *kind = fact_text (ruling, "illegal_kind");
  const char *side = arb_ruling_wording_side (ruling->by);
  const char *as_made = arb_ruling_get_fact_text (ruling, "move_as_made");
  gint64 previous = arb_ruling_get_fact_int (ruling, "previous_count", 0);
  gint64 ply = arb_ruling_get_fact_int (ruling, "ply_before", -1);
  g_autofree char *what = NULL;
  g_autofree char *when = NULL;
  GString *details = g_string_new (NULL);

  if (g_str_equal (kind, "unpromoted-pawn"))
    what = g_strdup_printf (_ ("%s left a pawn unpromoted on the last rank"), side);
  else if (g_str_equal (kind, "clock-no-move"))
    what = g_strdup_printf (_ ("%s pressed the clock without making a move"), side);
  else if (g_str_equal (kind, "two-hands"))
    what = g_strdup_printf (_ ("%s made a move with two hands"), side);
  else
    what = g_strdup_printf (_ ("%s completed an illegal move"), side);

  if (as_made != NULL && *as_made != '\0')
    g_string_append_printf (details, _ ("as made: %s"), as_made);
  if (ply >= 0)
    {
      g_autofree char *at = arb_ruling_wording_ply ((int) ply, 1, 0);

      if (details->len > 0)
        g_string_append (details, "; ");
      /* Translators: when an illegal move was made, e.g. "instead of move 15, White". */
      g_string_append_printf (details, _ ("instead of %s"), at);
    }
  if (details->len > 0)
    g_string_append (details, "; ");
  g_string_append_printf (details, _ ("earlier illegal moves: %d"), (int) previous);
  /* Translators: a fact and its details, e.g. "White completed an illegal
   * move (as made: e1e5; earlier illegal moves: 0)." */
  when = g_strdup_printf (_ ("%s (%s)."), what, details->str);
  g_string_free (details, TRUE);
  return g_steal_pointer (&when);
}

static char *
claim_facts (const ArbRuling *ruling)
{
  const char *side = arb_ruling_wording_side (ruling->by);
  const char *written = arb_ruling_get_fact_text (ruling, "written_move");
  gboolean threefold = g_strcmp0 (arb_ruling_get_fact_text (ruling, "claim"), "fifty") != 0;

  if (written != NULL && threefold)
    return g_strdup_printf (
      _ ("%s claims a draw by threefold repetition with the written move %s."), side, written);
  if (written != NULL)
    return g_strdup_printf (_ ("%s claims a draw by the 50-move rule with the written move %s."),
                            side, written);
  if (threefold)
    return g_strdup_printf (
      _ ("%s claims a draw by threefold repetition (the position has just appeared)."), side);
  return g_strdup_printf (
    _ ("%s claims a draw by the 50-move rule (the position has just appeared)."), side);
}

static char *
flag_facts (const ArbRuling *ruling)
{
  const char *side = arb_ruling_wording_side (ruling->by);
  gboolean arbiter = g_strcmp0 (arb_ruling_get_fact_text (ruling, "called_by"), "opponent") != 0;

  if (!arb_ruling_get_fact_bool (ruling, "both_fallen"))
    return g_strdup_printf (arbiter ? _ ("%s's flag fell; called by the arbiter.")
                                    : _ ("%s's flag fell; called by the opponent."),
                            side);
  if (arb_ruling_get_fact_bool (ruling, "order_known"))
    return g_strdup_printf (arbiter
                              ? _ ("Both flags are down, %s's first; called by the arbiter.")
                              : _ ("Both flags are down, %s's first; called by the opponent."),
                            side);
  return g_strdup (arbiter ? _ ("Both flags are down, order unknown; called by the arbiter.")
                           : _ ("Both flags are down, order unknown; called by the opponent."));
}

static char *
late_facts (const ArbRuling *ruling)
{
  g_autofree char *late =
    arb_ruling_wording_duration (arb_ruling_get_fact_int (ruling, "late_ms", 0));
  g_autofree char *limit =
    arb_ruling_wording_duration (arb_ruling_get_fact_int (ruling, "limit_ms", 0));

  if (ruling->by == ARB_COLOR_NONE)
    return g_strdup_printf (
      _ ("Both players are still absent %s after the start (default time %s)."), late, limit);
  return g_strdup_printf (_ ("%s arrived %s after the start (default time %s)."),
                          arb_ruling_wording_side (ruling->by), late, limit);
}

static char *
penalty_facts (const ArbRuling *ruling)
{
  ArbPenalty penalty = ARB_PENALTY_WARNING;
  const char *text = arb_ruling_get_fact_text (ruling, "text");
  const char *side = arb_ruling_wording_side (ruling->by);
  const char *name;

  if (!arb_penalty_from_string (arb_ruling_get_fact_text (ruling, "penalty"), &penalty))
    return g_strdup_printf (_ ("Penalty for %s."), side);
  name = arb_ruling_wording_penalty (penalty);
  if (text != NULL && *text != '\0')
    /* Translators: "Penalty for White: Warning — talking during play" */
    return g_strdup_printf (_ ("Penalty for %s: %s — %s"), side, name, text);
  return g_strdup_printf (_ ("Penalty for %s: %s"), side, name);
}

static char *
result_facts (const ArbRuling *ruling)
{
  ArbEnding ending = ARB_ENDING_NONE;
  const char *result = fact_text (ruling, "result");

  if (arb_ending_from_string (arb_ruling_get_fact_text (ruling, "ending"), &ending) &&
      ending != ARB_ENDING_NONE)
    /* Translators: "The result 1-0 (Checkmate)." */
    return g_strdup_printf (_ ("The result %s (%s)."), result, arb_ruling_wording_ending (ending));
  return g_strdup_printf (_ ("The result %s."), result);
}

static char *
board_facts (const ArbRuling *ruling)
{
  int from = (int) arb_ruling_get_fact_int (ruling, "from", 0);
  int to = (int) arb_ruling_get_fact_int (ruling, "to", 0);
  const char *reason = arb_ruling_get_fact_text (ruling, "reason");
  g_autofree char *moved = NULL;

  if (arb_ruling_get_fact_int (ruling, "swapped", 0) != 0)
    /* Translators: the facts of a board change, e.g. "Moved from board 3
     * to board 12; the pairing of board 12 moved to board 3." */
    moved = g_strdup_printf (_ ("Moved from board %d to board %d; the pairing of board %d moved to "
                                "board %d."),
                             from, to, to, from);
  else
    moved = g_strdup_printf (_ ("Moved from board %d to board %d."), from, to);
  if (reason == NULL || *reason == '\0')
    return g_steal_pointer (&moved);
  /* Translators: a decision's facts, then the arbiter's reason for it,
   * e.g. "Moved from board 3 to board 12. Reason: wheelchair access." */
  return g_strdup_printf (_ ("%s Reason: %s."), moved, reason);
}

/* What the arbiter said where the program could not prove a fact. */
static void
append_override (const ArbRuling *ruling, GString *out)
{
  const char *reason = arb_ruling_get_fact_text (ruling, "override_reason");
  const char *found = arb_ruling_get_fact_text (ruling, "cannot_mate_found");

  if (reason == NULL)
    return;
  /* Each fact the program could not prove and the arbiter held true. */
  if (g_strcmp0 (arb_ruling_get_fact_text (ruling, "game_over_found"), "unknown") == 0)
    g_string_append_printf (
      out, " %s",
      _ (
        "The program could not prove whether the game had already ended; the arbiter ruled that it had."));
  if (g_strcmp0 (arb_ruling_get_fact_text (ruling, "last_period_found"), "unknown") == 0)
    g_string_append_printf (
      out, " %s",
      _ (
        "The program could not prove whether the clock was in the last period; the arbiter ruled that it was."));
  g_string_append_c (out, ' ');
  if (g_strcmp0 (found, "unknown") == 0)
    g_string_append_printf (
      out,
      _ (
        "The program could not prove whether %s can checkmate; the arbiter ruled that %s cannot: %s."),
      arb_ruling_wording_side (opponent_of (ruling->by)),
      arb_ruling_wording_side (opponent_of (ruling->by)), reason);
  else
    /* Translators: the arbiter's reason for ruling against what the
     * program found, e.g. "The arbiter's reason: the physical clock shows
     * the flag down." */
    g_string_append_printf (out, _ ("The arbiter's reason: %s."), reason);
}

char *
arb_ruling_wording_facts (const ArbRuling *ruling)
{
  g_autofree char *line = NULL;
  GString *out;
  const char *side;

  g_return_val_if_fail (ruling != NULL, NULL);

  if (ruling->legacy_facts != NULL)
    return g_strdup (ruling->legacy_facts);
  side = arb_ruling_wording_side (ruling->by);
  switch (ruling->kind)
    {
    case ARB_RULING_ILLEGAL_MOVE:
      line = illegal_facts (ruling);
      break;
    case ARB_RULING_DRAW_CLAIM:
      line = claim_facts (ruling);
      break;
    case ARB_RULING_AUTOMATIC_DRAW:
      line =
        g_strdup (g_strcmp0 (arb_ruling_get_fact_text (ruling, "automatic"), "seventy-five") == 0
                    ? _ ("Each side has made 75 moves without a pawn move or capture.")
                    : _ ("The same position has appeared for the fifth time."));
      break;
    case ARB_RULING_FLAG_FALL:
      line = flag_facts (ruling);
      break;
    case ARB_RULING_QUICKPLAY_CLAIM:
      {
        g_autofree char *left =
          arb_ruling_wording_duration (arb_ruling_get_fact_int (ruling, "remaining_ms", 0));
        line = g_strdup_printf (_ ("%s, with %s left, claims a draw in the quickplay finish."),
                                side, left);
        break;
      }
    case ARB_RULING_SEAL:
      line = g_strdup_printf (_ ("%s seals move %d at the adjournment."), side,
                              (int) arb_ruling_get_fact_int (ruling, "move_number", 0));
      break;
    case ARB_RULING_RESUMPTION:
      {
        int sealer = ruling->envelope != NULL ? ruling->envelope->sealer : ruling->by;
        line = g_strdup_printf (_ ("Resumption of the game adjourned with move %d sealed by %s."),
                                (int) arb_ruling_get_fact_int (ruling, "move_number", 0),
                                arb_ruling_wording_side (sealer));
        break;
      }
    case ARB_RULING_LATE_ARRIVAL:
      line = late_facts (ruling);
      break;
    case ARB_RULING_DEVICE:
      line =
        g_strdup_printf (arb_ruling_get_fact_bool (ruling, "sounded")
                           ? _ ("%s has an electronic device in the venue and it made a sound.")
                           : _ ("%s has an electronic device in the venue."),
                         side);
      break;
    case ARB_RULING_RESIGNATION:
      line = g_strdup_printf (_ ("%s resigns."), side);
      break;
    case ARB_RULING_PENALTY:
      line = penalty_facts (ruling);
      break;
    case ARB_RULING_RECONSTRUCTION:
      {
        gint64 plies = arb_ruling_get_fact_int (ruling, "plies", 0);
        gint64 sheets = arb_ruling_get_fact_int (ruling, "sheets", 1);
        gint64 corrections = arb_ruling_get_fact_int (ruling, "corrections", 0);
        g_autofree char *game =
          g_strdup_printf (ngettext ("%d half-move rebuilt from one scoresheet",
                                     "%d half-moves rebuilt from one scoresheet", (gulong) plies),
                           (int) plies);

        if (sheets > 1)
          {
            g_free (game);
            game = g_strdup_printf (ngettext ("%d half-move rebuilt from two scoresheets",
                                              "%d half-moves rebuilt from two scoresheets",
                                              (gulong) plies),
                                    (int) plies);
          }
        /* Translators: the facts of a reconstruction, e.g. "48 half-moves
         * rebuilt from one scoresheet, 2 corrections." */
        line = g_strdup_printf (
          ngettext ("%s, %d correction.", "%s, %d corrections.", (gulong) corrections), game,
          (int) corrections);
        break;
      }
    case ARB_RULING_BOARD_CHANGE:
      line = board_facts (ruling);
      break;
    case ARB_RULING_RESULT:
    default:
      line = result_facts (ruling);
      break;
    }
  out = g_string_new (line);
  append_override (ruling, out);
  {
    const char *arbiter = arb_ruling_get_fact_text (ruling, "arbiter");

    if (arbiter != NULL && *arbiter != '\0')
      {
        g_string_append_c (out, ' ');
        /* Translators: who made the ruling, e.g. "Ruled by Anna Berg." */
        g_string_append_printf (out, _ ("Ruled by %s."), arbiter);
      }
  }
  return g_string_free (out, FALSE);
}

/* --- Explanations ------------------------------------------------------ */

/* The time the ruling adds to @side (the first such effect), or 0. */
static gint64
added_time (const ArbRuling *ruling, int side, gboolean negative)
{
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);

      if (e->kind == ARB_EFFECT_ADD_TIME && e->side == side && (e->ms < 0) == negative)
        return e->ms;
    }
  return 0;
}

static char *
duration_of (const ArbRuling *ruling, int side, gboolean negative)
{
  return arb_ruling_wording_duration (added_time (ruling, side, negative));
}

/* 7.5.5 with what happens on the board: the position restored (7.5.1),
 * the pawn made a queen (7.5.2), or nothing (7.5.3, 7.5.4). */
static char *
illegal_penalty (const ArbRuling *ruling, const char *side, const char *other, int opp)
{
  const ArbEffect *count = arb_ruling_find_effect (ruling, ARB_EFFECT_ILLEGAL_COUNT);
  g_autofree char *amount = duration_of (ruling, opp, FALSE);
  int n = count != NULL ? count->count : 1;
  int limit = count != NULL ? count->limit : 2;

  if (arb_ruling_find_effect (ruling, ARB_EFFECT_PROMOTE_TO_QUEEN) != NULL)
    return g_strdup_printf (
      _ ("Illegal move %d of %d for %s: the pawn becomes a queen and %s gets %s extra."), n, limit,
      side, other, amount);
  if (arb_ruling_find_effect (ruling, ARB_EFFECT_RESTORE_POSITION) == NULL)
    return g_strdup_printf (_ ("Illegal move %d of %d for %s: %s gets %s extra."), n, limit, side,
                            other, amount);
  return g_strdup_printf (
    _ ("Illegal move %d of %d for %s: the position before it is restored and %s gets %s extra."), n,
    limit, side, other, amount);
}

/* A stored result replaced: what it was, what it is, and why. */
static char *
result_corrected (const ArbRuling *ruling)
{
  const char *previous = arb_ruling_get_fact_text (ruling, "replaces");
  const char *why = arb_ruling_get_fact_text (ruling, "reason");
  const char *now = arb_result_to_string (arb_ruling_get_result (ruling));

  if (why != NULL && *why != '\0')
    /* Translators: "The arbiter corrects the result 1-0 to 0-1: wrong slip." */
    return g_strdup_printf (_ ("The arbiter corrects the result %s to %s: %s."),
                            previous != NULL ? previous : "*", now, why);
  /* Translators: "The arbiter corrects the result 1-0 to 0-1." */
  return g_strdup_printf (_ ("The arbiter corrects the result %s to %s."),
                          previous != NULL ? previous : "*", now);
}

static char *
claim_incorrect (const ArbRuling *ruling)
{
  int by = ruling->by;
  const char *opp = arb_ruling_wording_side (opponent_of (by));
  g_autofree char *amount = duration_of (ruling, opponent_of (by), FALSE);
  gboolean cut = added_time (ruling, by, TRUE) != 0;
  gboolean written = arb_ruling_find_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE) != NULL;
  g_autofree char *cut_amount = duration_of (ruling, by, TRUE);
  const char *illegal = arb_ruling_get_fact_bool (ruling, "written_illegal")
                          ? arb_ruling_get_fact_text (ruling, "written_move")
                          : NULL;

  if (illegal != NULL)
    /* Translators: "The claim is incorrect: the written move Ke4 is not
     * legal here. Black gets 2 minutes extra, and White makes another
     * move." */
    return g_strdup_printf (
      _ ("The claim is incorrect: the written move %s is not legal here. %s gets %s extra, and %s "
         "makes another move."),
      illegal, opp, amount, arb_ruling_wording_side (by));

  if (cut && written)
    return g_strdup_printf (
      _ (
        "The claim is incorrect: %s gets %s extra and %s loses %s, and the written move must be played."),
      opp, amount, arb_ruling_wording_side (by), cut_amount);
  if (cut)
    return g_strdup_printf (_ ("The claim is incorrect: %s gets %s extra and %s loses %s."), opp,
                            amount, arb_ruling_wording_side (by), cut_amount);
  if (written)
    return g_strdup_printf (
      _ ("The claim is incorrect: %s gets %s extra, and the written move must be played."), opp,
      amount);
  return g_strdup_printf (_ ("The claim is incorrect: %s gets %s extra."), opp, amount);
}

static char *
resume_invalid (const ArbRuling *ruling, gboolean draw)
{
  const char *validity = fact_text (ruling, "validity");
  int sealer = ruling->by;
  const char *replier = arb_ruling_wording_side (opponent_of (sealer));
  const char *loser = arb_ruling_wording_side (sealer);

  if (g_str_equal (validity, "ambiguous"))
    return draw ? g_strdup_printf (
                    _ ("The sealed move is ambiguous, but %s cannot checkmate: the game is drawn."),
                    replier)
                : g_strdup_printf (_ ("The sealed move is ambiguous: %s loses."), loser);
  if (g_str_equal (validity, "illegal"))
    return draw ? g_strdup_printf (
                    _ ("The sealed move is illegal, but %s cannot checkmate: the game is drawn."),
                    replier)
                : g_strdup_printf (_ ("The sealed move is illegal: %s loses."), loser);
  return draw
           ? g_strdup_printf (
               _ (
                 "The sealed move is unreadable in meaning, but %s cannot checkmate: the game is drawn."),
               replier)
           : g_strdup_printf (_ ("The sealed move is unreadable in meaning: %s loses."), loser);
}

static char *
game_ended (const ArbRuling *ruling)
{
  const ArbEffect *result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);

  switch (result != NULL ? result->ending : ARB_ENDING_NONE)
    {
    case ARB_ENDING_CHECKMATE:
      return g_strdup (_ ("Checkmate ends the game."));
    case ARB_ENDING_STALEMATE:
      return g_strdup (_ ("Stalemate ends the game in a draw."));
    case ARB_ENDING_DEAD_POSITION:
      return g_strdup (_ (
        "Neither player can checkmate by any series of legal moves: the game is drawn at once."));
    case ARB_ENDING_FIVEFOLD:
    case ARB_ENDING_SEVENTY_FIVE:
      return g_strdup (_ ("The game is drawn without any claim; the arbiter declares it."));
    default:
      return g_strdup (_ ("The game has ended."));
    }
}

/* Who the explanation speaks of: the side the ruling is about and the
 * other, and the edition of the Laws. */
typedef struct
{
  int by, opp;
  const char *side, *other;
  int edition;
} Words;

/* The explanation of an illegal move (7.5, 7.4, 7.7 and the rapid and blitz appendix), or NULL for another reason. */
static char *
explain_illegal (const ArbRuling *ruling, const Words *w)
{
  int by = w->by, opp = w->opp, edition = w->edition;
  const char *side = w->side, *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_ILLEGAL_PENALTY:
      return illegal_penalty (ruling, side, other, opp);
    case ARB_REASON_ILLEGAL_LOSS:
      return g_strdup_printf (_ ("%s loses the game by the illegal move."), side);
    case ARB_REASON_ILLEGAL_DRAW_CANNOT_MATE:
      return g_strdup_printf (
        _ (
          "The illegal move would lose, but %s cannot checkmate by any series of legal moves, so the game is drawn."),
        other);
    case ARB_REASON_ILLEGAL_NOT_IN_EDITION:
      return g_strdup_printf (
        _ (
          "The %d edition does not count this as an illegal move; the arbiter may only use the general penalties."),
        edition);
    case ARB_REASON_ILLEGAL_OPPONENT_MOVED:
      return g_strdup_printf (
        _ ("%s has already moved, so the illegal move stands and cannot be corrected."), other);
    case ARB_REASON_ILLEGAL_AWAIT_CLAIM:
      return g_strdup_printf (
        _ ("The arbiter does not act; %s may claim before making his own move."), other);
    case ARB_REASON_ILLEGAL_NEXT_MOVE_MADE:
      return g_strdup (_ ("The opponent has made his next move, so the illegal move stands."));
    case ARB_REASON_ILLEGAL_NOT_CLAIMED_YET:
      return g_strdup_printf (
        _ ("Nobody has claimed it yet; %s may claim before making his next move."), other);
    case ARB_REASON_ILLEGAL_MOVED_WITHOUT_CLAIM:
      return g_strdup (_ ("The opponent has moved without claiming, so the illegal move stands."));
    case ARB_REASON_ILLEGAL_CLAIM_ONLY:
      return g_strdup_printf (_ ("The arbiter rules only on a claim by %s before his own move."),
                              other);
    case ARB_REASON_ILLEGAL_STANDS_PLAYERS_MAY_CORRECT:
      return g_strdup (_ (
        "The opponent has made his next move, so the illegal move stands; only the players may agree to correct it, without the arbiter."));
    case ARB_REASON_ILLEGAL_NOBODY_ACTED:
      return g_strdup (
        by == 0
          ? _ ("Nobody has acted yet; the arbiter or Black may still act before Black's next move.")
          : _ (
              "Nobody has acted yet; the arbiter or White may still act before White's next move."));
    case ARB_REASON_ILLEGAL_POSITION_DRAW:
      return g_strdup (_ (
        "The position is still illegal after the next move: the arbiter declares the game drawn."));
    default:
      return NULL;
    }
}

/* The explanation of a claim of a draw and the automatic draws (9.2, 9.3, 9.6), or NULL for another reason. */
static char *
explain_claim (const ArbRuling *ruling, const Words *w)
{
  int edition = w->edition;
  const char *side = w->side;

  switch (ruling->reason)
    {
    case ARB_REASON_CLAIM_RIGHT_LOST:
      return g_strdup_printf (
        _ ("%s touched a piece before claiming, so he cannot claim on this move."), side);
    case ARB_REASON_CLAIM_CORRECT:
      return g_strdup (_ ("The claim is correct: the game is drawn."));
    case ARB_REASON_CLAIM_INCORRECT:
      return claim_incorrect (ruling);
    case ARB_REASON_AUTOMATIC_NOT_IN_EDITION:
      return g_strdup_printf (
        _ ("The %d edition has no automatic draw; play goes on unless the player to move claims."),
        edition);
    case ARB_REASON_AUTOMATIC_MATE_FIRST:
      return g_strdup (
        _ ("The last move gave checkmate, which takes precedence over the 75-move rule."));
    case ARB_REASON_AUTOMATIC_DRAW:
      return g_strdup (_ ("The game is drawn without any claim; the arbiter declares it."));
    default:
      return NULL;
    }
}

/* The explanation of a flag fall (6.9, 6.11), or NULL for another reason. */
static char *
explain_flag (const ArbRuling *ruling, const Words *w)
{
  const char *side = w->side, *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_FLAG_GAME_OVER:
      return g_strdup (
        _ ("The game had already ended before the flag fell; the flag changes nothing."));
    case ARB_REASON_FLAG_NOT_CALLED:
      return g_strdup_printf (
        _ ("The arbiter may not call this flag; it counts only when %s claims it."), other);
    case ARB_REASON_FLAG_BOTH_DRAW:
      return g_strdup (_ ("Both flags are down: the game is drawn."));
    case ARB_REASON_FLAG_BOTH_LAST_PERIOD:
      return g_strdup (_ (
        "Both flags are down in the last period and it is unknown which fell first: the game is drawn."));
    case ARB_REASON_FLAG_BOTH_PLAY_ON:
      return g_strdup (_ (
        "Both flags are down before the last period and it is unknown which fell first: play goes on."));
    case ARB_REASON_FLAG_CANNOT_MATE:
      return g_strdup_printf (
        _ (
          "%s's flag fell, but %s cannot checkmate by any series of legal moves: the game is drawn."),
        side, other);
    case ARB_REASON_FLAG_LOSS:
      return g_strdup_printf (_ ("%s's flag fell: %s loses on time."), side, side);
    default:
      return NULL;
    }
}

/* The explanation of a claim under the quickplay-finish guidelines (Guidelines III), or NULL for another reason. */
static char *
explain_quickplay (const ArbRuling *ruling, const Words *w)
{
  int opp = w->opp, edition = w->edition;
  const char *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_QUICKPLAY_NOT_BLITZ:
      return g_strdup (_ ("There is no quickplay-finish claim in this blitz game."));
    case ARB_REASON_QUICKPLAY_NOT_ANNOUNCED:
      return g_strdup (_ ("The quickplay-finish guidelines were not announced for this event."));
    case ARB_REASON_QUICKPLAY_INCREMENT_GAME:
      return g_strdup (_ ("The quickplay-finish guidelines do not cover games with increment."));
    case ARB_REASON_QUICKPLAY_NOT_FINAL_PERIOD:
      return g_strdup (_ ("The game is not in the period for all remaining moves."));
    case ARB_REASON_QUICKPLAY_TIME:
      return g_strdup (_ ("The claim needs less than two minutes left, before the flag falls."));
    case ARB_REASON_QUICKPLAY_NO_ARBITER:
      return g_strdup (
        _ ("With no arbiter present the claim ends the game; an arbiter decides the result."));
    case ARB_REASON_QUICKPLAY_DRAW:
      return g_strdup_printf (
        _ (
          "The arbiter agrees that %s cannot win, or is not trying to win, by normal means: the game is drawn."),
        other);
    case ARB_REASON_QUICKPLAY_POSTPONED:
      if (added_time (ruling, opp, FALSE) != 0)
        return g_strdup_printf (
          _ (
            "The decision is postponed and %s gets two extra minutes; play goes on, if possible with the arbiter watching."),
          other);
      return g_strdup (
        _ ("The decision is postponed; play goes on, if possible with the arbiter watching."));
    case ARB_REASON_QUICKPLAY_REJECTED:
      {
        g_autofree char *amount = duration_of (ruling, opp, FALSE);
        return g_strdup_printf (_ ("The claim is rejected and %s gets %s extra."), other, amount);
      }
    case ARB_REASON_QUICKPLAY_NO_INCREMENT_OPTION:
      return g_strdup_printf (
        _ ("The %d edition has no request for an increment instead of a claim."), edition);
    case ARB_REASON_QUICKPLAY_INCREMENT:
      {
        g_autofree char *amount = duration_of (ruling, opp, FALSE);
        return g_strdup_printf (
          _ (
            "The draw offer is refused and the request granted: both players get a five-second increment and %s gets %s extra."),
          other, amount);
      }
    default:
      return NULL;
    }
}

/* The explanation of sealing, resuming and the envelope (Guidelines I), or NULL for another reason. */
static char *
explain_adjournment (const ArbRuling *ruling, const Words *w)
{
  const char *side = w->side, *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_SEAL_NOT_WRITTEN:
      return g_strdup (
        _ ("No sealed move is written yet; the clock keeps running until the envelope is sealed."));
    case ARB_REASON_SEALED:
      return g_strdup (_ (
        "The move is sealed in the envelope, which the arbiter checks and keeps; it stays hidden until the game resumes."));
    case ARB_REASON_RESUME_ANNULLED:
      return g_strdup (_ (
        "The envelope is lost and the position cannot be re-established: the game is annulled and replayed."));
    case ARB_REASON_RESUME_ENVELOPE_LOST:
      return g_strdup_printf (
        _ (
          "The envelope is lost: play resumes from the adjourned position and %s makes the move he says he sealed."),
        side);
    case ARB_REASON_RESUME_ABSENT_SEALER_MATES:
      return g_strdup (_ ("The absent player sealed a checkmate: he wins."));
    case ARB_REASON_RESUME_ABSENT_SEALER_DRAWS:
      return g_strdup (_ ("The absent player's sealed move ends the game in a draw."));
    case ARB_REASON_RESUME_PRESENT_FLAG_FELL:
      return g_strdup (_ ("The present player's flag fell first: the absent sealer wins on time."));
    case ARB_REASON_RESUME_LATE:
      {
        g_autofree char *limit =
          arb_ruling_wording_duration (arb_ruling_get_fact_int (ruling, "limit_ms", 0));
        return g_strdup_printf (_ ("%s arrived more than %s late for the resumption and loses."),
                                side, limit);
      }
    case ARB_REASON_RESUME_REPLIER_ABSENT:
      return g_strdup_printf (
        _ ("%s is absent: his clock is started, and the envelope is opened when he arrives."),
        other);
    case ARB_REASON_RESUME_INVALID_DRAW:
      return resume_invalid (ruling, TRUE);
    case ARB_REASON_RESUME_INVALID_LOSS:
      return resume_invalid (ruling, FALSE);
    case ARB_REASON_RESUME_MATES:
      return g_strdup (_ ("The sealed move gives checkmate."));
    case ARB_REASON_RESUME_DRAWS:
      return g_strdup (_ ("The sealed move ends the game in a draw."));
    case ARB_REASON_RESUMED:
      return g_strdup_printf (
        _ ("The envelope is opened, the sealed move made on the board, and %s's clock started."),
        other);
    default:
      return NULL;
    }
}

/* The explanation of late arrival, devices and resignation (6.7, 11.3, 5.1.2), or NULL for another reason. */
static char *
explain_conduct (const ArbRuling *ruling, const Words *w)
{
  const char *side = w->side, *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_LATE_WITHIN_DEFAULT:
      return g_strdup (_ (
        "The arrival is within the default time: play goes on, and the time spent counts against the late player."));
    case ARB_REASON_LATE_BOTH_FORFEIT:
      return g_strdup (_ ("Neither player arrived within the default time: both lose by forfeit."));
    case ARB_REASON_LATE_FORFEIT:
      {
        g_autofree char *limit =
          arb_ruling_wording_duration (arb_ruling_get_fact_int (ruling, "limit_ms", 0));
        return g_strdup_printf (
          _ (
            "%s arrived after the default time of %s and loses by forfeit, unless the arbiter decides otherwise."),
          side, limit);
      }
    case ARB_REASON_DEVICE_NOT_IN_EDITION:
      return g_strdup (_ (
        "The 2001 edition has no rule on devices; only the general penalties apply if the player disturbs or breaks the conduct rules."));
    case ARB_REASON_DEVICE_SWITCHED_OFF:
      return g_strdup (_ ("A completely switched-off device is allowed; play goes on."));
    case ARB_REASON_DEVICE_SILENT:
      return g_strdup (_ (
        "A device that is on is not allowed without permission, but only a sound loses the game."));
    case ARB_REASON_DEVICE_SOUNDED_CANNOT_WIN:
      return g_strdup_printf (
        _ (
          "The device sounded: %s loses, and %s, who cannot win by any series of legal moves, scores a draw."),
        side, other);
    case ARB_REASON_DEVICE_SOUNDED:
      return g_strdup_printf (_ ("The device sounded: %s loses."), side);
    case ARB_REASON_DEVICE_MILDER:
      return g_strdup (_ (
        "The event's regulations set a milder penalty for this; choose it from the penalty list."));
    case ARB_REASON_DEVICE_LOSS:
      return g_strdup_printf (_ ("%s evidently had a device in the venue: %s loses and %s wins."),
                              side, side, other);
    case ARB_REASON_RESIGN_DRAW:
      return g_strdup_printf (
        _ ("%s resigned, but %s cannot checkmate by any series of legal moves: the game is drawn."),
        side, other);
    case ARB_REASON_RESIGN_LOSS:
      return g_strdup_printf (_ ("%s resigned and loses."), side);
    default:
      return NULL;
    }
}

/* The explanation of penalties, results and the end of the game (12.9), or NULL for another reason. */
static char *
explain_penalty (const ArbRuling *ruling, const Words *w)
{
  int by = w->by, opp = w->opp, edition = w->edition;
  const char *side = w->side, *other = w->other;

  switch (ruling->reason)
    {
    case ARB_REASON_PENALTY_NOT_IN_EDITION:
      return g_strdup_printf (_ ("The %d edition does not list this penalty."), edition);
    case ARB_REASON_PENALTY_TIME_ADDED:
      {
        g_autofree char *amount = duration_of (ruling, opp, FALSE);
        return g_strdup_printf (_ ("%s gets %s extra."), other, amount);
      }
    case ARB_REASON_PENALTY_TIME_REMOVED:
      {
        g_autofree char *amount = duration_of (ruling, by, TRUE);
        return g_strdup_printf (_ ("%s loses %s of his time."), side, amount);
      }
    case ARB_REASON_PENALTY_SCORE_NOT_ALLOWED:
      return g_strdup (_ ("The Laws allow no such score for the game."));
    case ARB_REASON_PENALTY_SCORED:
      return g_strdup_printf (_ ("The game is scored %s."),
                              arb_result_to_string (arb_ruling_get_result (ruling)));
    case ARB_REASON_PENALTY_LISTED:
      {
        ArbPenalty penalty;

        if (arb_penalty_from_string (arb_ruling_get_fact_text (ruling, "penalty"), &penalty))
          return g_strdup (_ (arb_penalty_paraphrase (penalty)));
        return g_strdup ("");
      }
    case ARB_REASON_RESULT_RECORDED:
      return g_strdup_printf (_ ("The arbiter records the result %s."),
                              arb_result_to_string (arb_ruling_get_result (ruling)));
    case ARB_REASON_GAME_ENDED:
      return game_ended (ruling);
    case ARB_REASON_RESULT_CORRECTED:
      return result_corrected (ruling);
    default:
      return NULL;
    }
}

char *
arb_ruling_wording_explanation (const ArbRuling *ruling)
{
  char *(*const kinds[]) (const ArbRuling *, const Words *) = {
    explain_illegal,     explain_claim,   explain_flag,    explain_quickplay,
    explain_adjournment, explain_conduct, explain_penalty,
  };
  Words w;

  g_return_val_if_fail (ruling != NULL, NULL);

  w.by = ruling->by;
  w.opp = opponent_of (w.by);
  w.side = arb_ruling_wording_side (w.by);
  w.other = arb_ruling_wording_side (w.opp);
  w.edition = (int) ruling->edition;
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      char *text = kinds[i](ruling, &w);

      if (text != NULL)
        return text;
    }
  return g_strdup (ruling->legacy_explanation != NULL ? ruling->legacy_explanation : "");
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
