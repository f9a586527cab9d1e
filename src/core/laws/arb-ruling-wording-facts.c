/* arb-ruling-wording-facts.c: the facts of a ruling in words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-wording-private.h"

#include "arb-i18n.h"

/* --- Facts ------------------------------------------------------------ */

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
