/* arb-ruling-wording-explanation.c: why a ruling decided what it did, in words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-wording-private.h"

#include "arb-i18n.h"

/* --- Explanations ------------------------------------------------------ */

static char *
duration_of (const ArbRuling *ruling, int side, gboolean negative)
{
  return arb_ruling_wording_duration (_arb_ruling_wording_added_time (ruling, side, negative));
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
  gboolean cut = _arb_ruling_wording_added_time (ruling, by, TRUE) != 0;
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
      if (_arb_ruling_wording_added_time (ruling, opp, FALSE) != 0)
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
