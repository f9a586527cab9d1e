/* arb-laws-edition.c: the edition tables
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources, by edition (line numbers are those of the seed reports'
 * source files):
 *   2001  seed 003 (Dutch, KNSB) and seed 004 (Danish, DSU 2002)
 *   2009  seed 000 (Swedish, SSF) and seed 001 (Norwegian, NSF)
 *   2014  product brief (9.6, second illegal move loses) and quotations
 *         of the English text or a translation (docs/laws-engine.md);
 *         numbers not seen in any of them are marked unverified
 *   2018  seed 002 (Swedish)
 *   2023  product brief (rapid penalties of one minute, 5.1.2 resignation,
 *         Guidelines I/III, 12.9); every number checked against the Laws
 *         as the FIDE Arbiters' Manual 2025 prints them
 * The paraphrases are our own one-line summaries, never the Laws' text.
 */

#include "config.h"

#include "arb-i18n.h"
#include <string.h>

#include "arb-laws-edition.h"

#define MINUTES(m) ((gint64) (m) *60 * 1000)

enum
{
  E2001,
  E2009,
  E2014,
  E2018,
  E2023,
  N_EDITIONS
};

static int
edition_index (ArbEdition edition)
{
  switch (edition)
    {
    case ARB_EDITION_2001:
      return E2001;
    case ARB_EDITION_2009:
      return E2009;
    case ARB_EDITION_2014:
      return E2014;
    case ARB_EDITION_2018:
      return E2018;
    case ARB_EDITION_2023:
      return E2023;
    default:
      return -1;
    }
}

/* Indexes: [category][supervised]. Standard games use the first column
 * only; both columns are filled so that a stray flag changes nothing. */
#define SAME(r) \
  {             \
    r, r        \
  }

static const ArbLawsEdition editions[N_EDITIONS] = {
  [E2001] = {
    .edition = ARB_EDITION_2001,
    .in_force = "2001-07-01",
    .sources = "seed 003 (nl), seed 004 (da)",
    /* 7.4b: +2 min for the first and second, the third loses; no draw
     * exception in the text (seed 003 §2.6, seed 004 §2.7). */
    .illegal_moves_to_lose = 3,
    .illegal_loss_draw_if_cannot_mate = FALSE,
    .illegal_penalty_ms = { MINUTES (2), MINUTES (2), MINUTES (2) },
    /* Rapid: B2, the Laws apply; blitz: C3, claim the win. 2001 has no
     * supervision distinction. */
    .illegal_regime = {
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      SAME (ARB_ILLEGAL_REGIME_CLAIM_WIN),
    },
    .incorrect_claim_ms = { MINUTES (3), MINUTES (3), MINUTES (3) },
    .incorrect_claim_cuts_claimant = TRUE,
    .automatic_draws = FALSE,
    /* B1: 15 to 60 minutes (both ends rapid); C1: under 15. */
    .blitz_limit_ms = MINUTES (15),
    .blitz_limit_inclusive = FALSE,
    .rapid_limit_ms = MINUTES (60),
    .rapid_limit_inclusive = TRUE,
    /* 6.7: more than one hour late loses. */
    .default_time_ms = MINUTES (60),
    .event_sets_default_time = TRUE,
    .resumption_late_ms = MINUTES (60),
    .flag_calling = { ARB_FLAG_CLAIM_ONLY, ARB_FLAG_CLAIM_ONLY },
    .rapid_both_flags_draw = { TRUE, TRUE },
    .quickplay_threshold_ms = MINUTES (2),
    .quickplay_bonus_ms = MINUTES (2),
    .quickplay_needs_announcement = FALSE,
    .quickplay_needs_no_increment = FALSE,
    .quickplay_in_blitz = { FALSE, FALSE }, /* C4 */
    .quickplay_increment_option = FALSE,
    .device_rule = ARB_DEVICE_RULE_NONE,
    .resign_draw_if_cannot_mate = FALSE,
    .envelope_fields = 7,
    .envelope_holds_scoresheets = TRUE,
    .penalty_article = {
      "13.4a", "13.4b", "13.4c", "13.4f", "13.4e", "13.4d", NULL, NULL, "13.4g",
    },
  },
  [E2009] = {
    .edition = ARB_EDITION_2009,
    .in_force = "2009-07-01",
    .sources = "seed 000 (sv), seed 001 (nb)",
    /* 7.4b: the third loses, draw if the opponent cannot mate. */
    .illegal_moves_to_lose = 3,
    .illegal_loss_draw_if_cannot_mate = TRUE,
    .illegal_penalty_ms = { MINUTES (2), MINUTES (2), MINUTES (2) },
    /* [cat][0] = not adequately supervised: A4c (rapid), B3c (blitz). */
    .illegal_regime = {
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      { ARB_ILLEGAL_REGIME_CLAIM_THEN_PENALTY, ARB_ILLEGAL_REGIME_PENALTY },
      { ARB_ILLEGAL_REGIME_CLAIM_WIN, ARB_ILLEGAL_REGIME_PENALTY },
    },
    .incorrect_claim_ms = { MINUTES (3), MINUTES (3), MINUTES (3) }, /* 9.5b */
    .incorrect_claim_cuts_claimant = FALSE,
    .automatic_draws = FALSE,
    /* A1: at least 15 and under 60; B1: under 15. */
    .blitz_limit_ms = MINUTES (15),
    .blitz_limit_inclusive = FALSE,
    .rapid_limit_ms = MINUTES (60),
    .rapid_limit_inclusive = FALSE,
    /* 6.6a: zero tolerance unless the event says otherwise. */
    .default_time_ms = 0,
    .event_sets_default_time = TRUE,
    .resumption_late_ms = MINUTES (60), /* Guidelines 10 */
    .flag_calling = { ARB_FLAG_CLAIM_UNLESS_BOTH, ARB_FLAG_ARBITER_CALLS },
    .rapid_both_flags_draw = { TRUE, FALSE }, /* A4d3 */
    .quickplay_threshold_ms = MINUTES (2),
    .quickplay_bonus_ms = MINUTES (2),
    .quickplay_needs_announcement = FALSE,
    .quickplay_needs_no_increment = FALSE,
    .quickplay_in_blitz = { FALSE, TRUE }, /* B3b */
    .quickplay_increment_option = FALSE,
    .device_rule = ARB_DEVICE_RULE_SOUND,
    .resign_draw_if_cannot_mate = FALSE,
    .envelope_fields = 7,
    .envelope_holds_scoresheets = TRUE,
    .penalty_article = {
      "13.4a", "13.4b", "13.4c", "13.4f", "13.4e", "13.4d", NULL, NULL, "13.4g",
    },
  },
  [E2014] = {
    .edition = ARB_EDITION_2014,
    .in_force = "2014-07-01",
    .sources = "product brief; public summaries of the 2014 changes",
    /* 7.5b: the second illegal move loses (product brief). */
    .illegal_moves_to_lose = 2,
    .illegal_loss_draw_if_cannot_mate = TRUE,
    .illegal_penalty_ms = { MINUTES (2), MINUTES (2), MINUTES (2) },
    /* Unsupervised rapid/blitz: A.4.2, the first illegal move loses. */
    .illegal_regime = {
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      { ARB_ILLEGAL_REGIME_LOSS_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
      { ARB_ILLEGAL_REGIME_LOSS_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
    },
    .unpromoted_becomes_queen = TRUE,
    .incorrect_claim_ms = { MINUTES (2), MINUTES (2), MINUTES (2) },
    .incorrect_claim_cuts_claimant = FALSE,
    .automatic_draws = TRUE,
    .blitz_limit_ms = MINUTES (10),
    .blitz_limit_inclusive = TRUE,
    .rapid_limit_ms = MINUTES (60),
    .rapid_limit_inclusive = FALSE,
    .default_time_ms = 0,
    .event_sets_default_time = TRUE,
    .resumption_late_ms = ARB_TIME_NOT_SET,
    .flag_calling = { ARB_FLAG_ARBITER_CALLS, ARB_FLAG_ARBITER_CALLS },
    .rapid_both_flags_draw = { FALSE, FALSE },
    .quickplay_threshold_ms = MINUTES (2),
    .quickplay_bonus_ms = MINUTES (2),
    .quickplay_needs_announcement = TRUE,
    .quickplay_needs_no_increment = TRUE,
    .quickplay_in_blitz = { FALSE, FALSE },
    .quickplay_increment_option = TRUE, /* G.4 */
    .device_rule = ARB_DEVICE_RULE_POSSESSION,
    .resign_draw_if_cannot_mate = FALSE,
    .envelope_fields = 7,
    .envelope_holds_scoresheets = TRUE,
    .penalty_article = {
      "12.9a", "12.9b", "12.9c", "12.9d", "12.9e", "12.9f", "12.9g", NULL, "12.9h",
    },
  },
  [E2018] = {
    .edition = ARB_EDITION_2018,
    .in_force = "2018-01-01",
    .sources = "seed 002 (sv)",
    /* 7.5.5; B.2 one minute in blitz. */
    .illegal_moves_to_lose = 2,
    .illegal_loss_draw_if_cannot_mate = TRUE,
    .illegal_penalty_ms = { MINUTES (2), MINUTES (2), MINUTES (1) },
    .illegal_regime = {
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      { ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
      { ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
    },
    .special_illegal_acts = TRUE,
    .unpromoted_becomes_queen = TRUE,
    .incorrect_claim_ms = { MINUTES (2), MINUTES (2), MINUTES (1) }, /* 9.5.3, B.2 */
    .incorrect_claim_cuts_claimant = FALSE,
    .automatic_draws = TRUE,
    /* A.1: more than 10 and less than 60; B.1: 10 or less. */
    .blitz_limit_ms = MINUTES (10),
    .blitz_limit_inclusive = TRUE,
    .rapid_limit_ms = MINUTES (60),
    .rapid_limit_inclusive = FALSE,
    /* 6.7.1: the event sets it; zero when silent. */
    .default_time_ms = 0,
    .event_sets_default_time = TRUE,
    .resumption_late_ms = ARB_TIME_NOT_SET, /* E.10: the default time */
    .flag_calling = { ARB_FLAG_ARBITER_CALLS, ARB_FLAG_ARBITER_CALLS }, /* A.4.5 */
    .rapid_both_flags_draw = { FALSE, FALSE },
    .quickplay_threshold_ms = MINUTES (2),
    .quickplay_bonus_ms = MINUTES (2),
    .quickplay_needs_announcement = TRUE,  /* G.2.1 */
    .quickplay_needs_no_increment = TRUE,  /* G.2.2 */
    .quickplay_in_blitz = { FALSE, FALSE },
    .quickplay_increment_option = TRUE,    /* G.4 */
    .device_rule = ARB_DEVICE_RULE_POSSESSION,
    .resign_draw_if_cannot_mate = FALSE,
    .envelope_fields = 7,
    .envelope_holds_scoresheets = TRUE,
    .penalty_article = {
      "12.9.1", "12.9.2", "12.9.3", "12.9.4", "12.9.5", "12.9.6", "12.9.7", "12.9.8", "12.9.9",
    },
  },
  [E2023] = {
    .edition = ARB_EDITION_2023,
    .in_force = "2023-01-01",
    .sources = "product brief; the Laws as the FIDE Arbiters' Manual 2025 prints them",
    /* As 2018, but rapid penalties are one minute too. */
    .illegal_moves_to_lose = 2,
    .illegal_loss_draw_if_cannot_mate = TRUE,
    .illegal_penalty_ms = { MINUTES (2), MINUTES (1), MINUTES (1) },
    .illegal_regime = {
      SAME (ARB_ILLEGAL_REGIME_PENALTY),
      { ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
      { ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE, ARB_ILLEGAL_REGIME_PENALTY },
    },
    .special_illegal_acts = TRUE,
    .unpromoted_becomes_queen = TRUE,
    .incorrect_claim_ms = { MINUTES (2), MINUTES (1), MINUTES (1) },
    .incorrect_claim_cuts_claimant = FALSE,
    .automatic_draws = TRUE,
    .blitz_limit_ms = MINUTES (10),
    .blitz_limit_inclusive = TRUE,
    .rapid_limit_ms = MINUTES (60),
    .rapid_limit_inclusive = FALSE,
    .default_time_ms = 0,
    .event_sets_default_time = TRUE,
    .resumption_late_ms = ARB_TIME_NOT_SET,
    .flag_calling = { ARB_FLAG_ARBITER_CALLS, ARB_FLAG_ARBITER_CALLS },
    .rapid_both_flags_draw = { FALSE, FALSE },
    .quickplay_threshold_ms = MINUTES (2),
    .quickplay_bonus_ms = MINUTES (2),
    .quickplay_needs_announcement = TRUE,
    .quickplay_needs_no_increment = TRUE,
    .quickplay_in_blitz = { FALSE, FALSE },
    .quickplay_increment_option = TRUE,
    .device_rule = ARB_DEVICE_RULE_POSSESSION,
    .resign_draw_if_cannot_mate = TRUE, /* 5.1.2 */
    .envelope_fields = 7,
    /* I.1.1 still puts both scoresheets in the envelope (checked against
     * the 2023 text; an earlier public comment said otherwise). */
    .envelope_holds_scoresheets = TRUE,
    .penalty_article = {
      "12.9.1", "12.9.2", "12.9.3", "12.9.4", "12.9.5", "12.9.6", "12.9.7", "12.9.8", "12.9.9",
    },
  },
};

const ArbLawsEdition *
arb_laws_edition_get (ArbEdition edition)
{
  int i = edition_index (edition);

  g_return_val_if_fail (i >= 0, NULL);
  return &editions[i];
}

/* The rule table: one row per rule, the article in each edition (2001,
 * 2009, 2014, 2018, 2023), and a paraphrase for all editions unless an
 * edition has its own below. */
typedef struct
{
  const char *id;
  const char *article[N_EDITIONS];
  const char *paraphrase;
} RuleRow;

static const RuleRow rules[ARB_RULE_N] = {
  [ARB_RULE_ILLEGAL_MOVE] = { "illegal-move",
                              { "7.4a", "7.4a", "7.5a", "7.5.1", "7.5.1" },
                              N_ (
                                "A completed illegal move found during the game is undone: play resumes from the position just before it, or the last one that can be identified.") },
  [ARB_RULE_ILLEGAL_PENALTY] = { "illegal-penalty",
                                 { "7.4b", "7.4b", "7.5b", "7.5.5", "7.5.5" },
                                 NULL },
  [ARB_RULE_CLOCKS_AFTER_IRREGULARITY] = { "clocks-after-irregularity",
                                           { "6.14", "6.13", "7.1", "7.1", "7.1" },
                                           N_ (
                                             "When an earlier position is set up again, the arbiter sets the clock times by his best judgement and corrects the move counter if needed.") },
  [ARB_RULE_TOUCH_MOVE] = { "touch-move",
                            { "4.3", "4.3", "4.3", "4.3", "4.3" },
                            N_ (
                              "The move that replaces the illegal one is bound by touch-move: a deliberately touched piece must be moved or captured if it can be.") },
  [ARB_RULE_MOVE_MADE] = { "move-made",
                           { NULL, "4.6", "4.7", "4.7", "4.7" },
                           N_ (
                             "A piece released on a square as a legal move cannot be moved elsewhere on that move.") },
  [ARB_RULE_UNPROMOTED_PAWN] = { "unpromoted-pawn",
                                 { NULL, "7.4a", "7.5a", "7.5.2", "7.5.2" },
                                 NULL },
  [ARB_RULE_CLOCK_WITHOUT_MOVE] = { "clock-without-move",
                                    { NULL, NULL, NULL, "7.5.3", "7.5.3" },
                                    N_ (
                                      "Pressing the clock without making a move is treated and penalised as an illegal move.") },
  [ARB_RULE_TWO_HANDS] = { "two-hands",
                           { NULL, NULL, NULL, "7.5.4", "7.5.4" },
                           N_ (
                             "Making one move with two hands and pressing the clock is treated and penalised as an illegal move.") },
  [ARB_RULE_RAPID_SHORT_PENALTY] = { "rapid-short-penalty",
                                     { NULL, NULL, NULL, NULL, "A.3" },
                                     N_ (
                                       "In rapid, the time penalties for illegal moves and incorrect claims are one minute instead of two.") },
  [ARB_RULE_BLITZ_SHORT_PENALTY] = { "blitz-short-penalty",
                                     { NULL, NULL, NULL, "B.2", "B.3" },
                                     N_ (
                                       "In blitz, the time penalties for illegal moves and incorrect claims are one minute instead of two.") },
  [ARB_RULE_RAPID_DEFINITION] = { "rapid-definition", { "B1", "A1", "A.1", "A.1", "A.1" }, NULL },
  [ARB_RULE_BLITZ_DEFINITION] = { "blitz-definition", { "C1", "B1", "B.1", "B.1", "B.1" }, NULL },
  [ARB_RULE_RAPID_SUPERVISION] = { "rapid-supervision",
                                   { "B2", "A3", "A.3", "A.3.1", "A.4" },
                                   N_ (
                                     "Rapid games follow the full Competition Rules when adequately supervised (at most three games per arbiter).") },
  [ARB_RULE_BLITZ_SUPERVISION] = { "blitz-supervision",
                                   { "C2", "B2", "B.2", "B.3.1", "B.2" },
                                   N_ (
                                     "Blitz games follow the full Competition Rules when adequately supervised (one arbiter per game).") },
  [ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL] = { "rapid-unsupervised-illegal",
                                            { NULL, "A4c", "A.4b", "A.4.2", "A.5.2" },
                                            NULL },
  [ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL] = { "blitz-unsupervised-illegal",
                                            { "C3", "B3c", "B.3", "B.4", "B.3" },
                                            NULL },
  [ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION] = { "unsupervised-illegal-position",
                                               { NULL, "A4c", "A.4d", "A.4.4", "A.5.4" },
                                               N_ (
                                                 "Without adequate supervision the arbiter still steps in when both kings are in check or a promotion was left unfinished.") },
  [ARB_RULE_THREEFOLD_WRITTEN] = { "threefold-written",
                                   { "9.2a", "9.2a", "9.2a", "9.2.1.1", "9.2.1" },
                                   N_ (
                                     "The player to move may claim a draw by writing a move that would make the same position appear for at least the third time.") },
  [ARB_RULE_THREEFOLD_APPEARED] = { "threefold-appeared",
                                    { "9.2b", "9.2b", "9.2b", "9.2.1.2", "9.2.2" },
                                    N_ (
                                      "The player to move may claim a draw when the same position has just appeared for at least the third time.") },
  [ARB_RULE_FIFTY_WRITTEN] = { "fifty-written",
                               { "9.3a", "9.3a", "9.3a", "9.3.1", "9.3.1" },
                               N_ (
                                 "The player to move may claim a draw by writing a move after which each side will have made 50 moves without a pawn move or capture.") },
  [ARB_RULE_FIFTY_COMPLETED] = { "fifty-completed",
                                 { "9.3b", "9.3b", "9.3b", "9.3.2", "9.3.2" },
                                 N_ (
                                   "The player to move may claim a draw when each side has made its last 50 moves without a pawn move or capture.") },
  [ARB_RULE_CLAIM_RIGHT_LOST] = { "claim-right-lost", { "9.4", "9.4", "9.4", "9.4", "9.4" }, NULL },
  [ARB_RULE_CLAIM_PROCEDURE] = { "claim-procedure",
                                 { "9.5", "9.5", "9.5", "9.5.1", "9.5.1" },
                                 N_ (
                                   "The clocks are stopped for the claim, and a claim cannot be withdrawn.") },
  [ARB_RULE_CLAIM_CORRECT] = { "claim-correct",
                               { "9.5a", "9.5a", "9.5a", "9.5.2", "9.5.2" },
                               N_ ("A correct claim draws the game at once.") },
  [ARB_RULE_CLAIM_INCORRECT] = { "claim-incorrect",
                                 { "9.5b", "9.5b", "9.5b", "9.5.3", "9.5.3" },
                                 NULL },
  [ARB_RULE_CLAIM_IS_DRAW_OFFER] = { "claim-is-draw-offer",
                                     { "9.1c", "9.1b", "9.1b(3)", "9.1.2.3", "9.1.2.3" },
                                     N_ ("A draw claim also counts as a draw offer.") },
  [ARB_RULE_FIVEFOLD] = { "fivefold",
                          { NULL, NULL, "9.6a", "9.6.1", "9.6.1" },
                          N_ (
                            "The same position appearing at least five times ends the game as a draw without any claim.") },
  [ARB_RULE_SEVENTY_FIVE] = { "seventy-five",
                              { NULL, NULL, "9.6b", "9.6.2", "9.6.2" },
                              N_ (
                                "75 moves by each side without a pawn move or capture end the game as a draw without any claim, unless the last move mates.") },
  [ARB_RULE_DEAD_POSITION] = { "dead-position",
                               { "5.2b", "5.2b", "5.2b", "5.2.2", "5.2.2" },
                               N_ (
                                 "A position where neither side can mate by any series of legal moves ends the game as a draw at once.") },
  [ARB_RULE_FLAG_COUNTS] = { "flag-counts",
                             { "6.9", "6.8", "6.8", "6.8", "6.8" },
                             N_ (
                               "A flag counts as fallen when the arbiter sees it or either player validly claims it.") },
  [ARB_RULE_LOSS_ON_TIME] = { "loss-on-time",
                              { "6.10", "6.9", "6.9", "6.9", "6.9" },
                              N_ (
                                "A player who has not completed the required moves in time loses, unless the opponent cannot mate him by any series of legal moves: then it is a draw.") },
  [ARB_RULE_BOTH_FLAGS] = { "both-flags",
                            { "6.12", "6.11a", "6.11a", "G.3.1.1", "III.3.1.1" },
                            N_ (
                              "When both flags are down and it is unknown which fell first, play goes on unless this is the last period.") },
  [ARB_RULE_BOTH_FLAGS_LAST_PERIOD] = { "both-flags-last-period",
                                        { "10.3", "6.11b", "6.11b", "G.3.1.2", "III.3.1.2" },
                                        N_ ("When both flags are down in the period for all remaining moves and it is unknown which fell first, the game is drawn.") },
  [ARB_RULE_RAPID_FLAG_CLAIM] = { "rapid-flag-claim",
                                  { "B7", "A4d2", "A.4c", "A.4.3", "A.5.3" },
                                  NULL },
  [ARB_RULE_RAPID_FLAG_CALLING] = { "rapid-flag-calling",
                                    { "B6", "A4d1", "A.4e", "A.4.5", "A.5.5" },
                                    NULL },
  [ARB_RULE_RAPID_BOTH_FLAGS] = { "rapid-both-flags",
                                  { "B8", "A4d3", NULL, NULL, NULL },
                                  N_ ("In rapid and blitz, both flags down means a draw.") },
  [ARB_RULE_QUICKPLAY_DEFINITION] = { "quickplay-definition",
                                      { "10.1", "10.1", "G.1", "G.1", "III.1" },
                                      N_ (
                                        "A quickplay finish is the phase in which all remaining moves must be made in a limited time.") },
  [ARB_RULE_QUICKPLAY_SCOPE] = { "quickplay-scope",
                                 { NULL, NULL, "G.2", "G.2", "III.2.1" },
                                 N_ (
                                   "The quickplay-finish guidelines apply only when announced, and only to standard and rapid games without increment.") },
  [ARB_RULE_QUICKPLAY_CLAIM] = { "quickplay-claim",
                                 { "10.2", "10.2", "G.5", "G.5", "III.5" },
                                 N_ (
                                   "With under two minutes left and the move, a player may claim a draw before his flag falls if the opponent cannot win, or is not trying to win, by normal means.") },
  [ARB_RULE_QUICKPLAY_DRAW] = { "quickplay-draw",
                                { "10.2a", "10.2a", "G.5a", "G.5.1", "III.5.1" },
                                N_ (
                                  "If the arbiter agrees, he declares the game drawn; otherwise he postpones his decision or rejects the claim.") },
  [ARB_RULE_QUICKPLAY_POSTPONE] = { "quickplay-postpone",
                                    { "10.2b", "10.2b", "G.5b", "G.5.2", "III.5.2" },
                                    N_ (
                                      "A postponed claim may give the opponent two extra minutes; the arbiter rules later, at the latest after a flag falls.") },
  [ARB_RULE_QUICKPLAY_REJECT] = { "quickplay-reject",
                                  { "10.2c", "10.2c", "G.5c", "G.5.3", "III.5.3" },
                                  N_ ("A rejected claim gives the opponent two extra minutes.") },
  [ARB_RULE_QUICKPLAY_FINAL] = { "quickplay-final",
                                 { "10.2d", "10.2d", NULL, NULL, NULL },
                                 N_ (
                                   "The arbiter's decision on a quickplay-finish claim is final.") },
  [ARB_RULE_QUICKPLAY_INCREMENT] = { "quickplay-increment",
                                     { NULL, NULL, "G.4", "G.4", "III.4" },
                                     N_ (
                                       "Instead of claiming, a player with under two minutes may ask for a five-second increment for both; granted, the opponent gets two extra minutes.") },
  [ARB_RULE_QUICKPLAY_NO_ARBITER] = { "quickplay-no-arbiter",
                                      { "D1", "D1", "G.6", "G.6", "III.6" },
                                      N_ (
                                        "With no arbiter present, the claim ends the game and goes to an arbiter with the final position (and scoresheet) verified by the opponent.") },
  [ARB_RULE_QUICKPLAY_NOT_BLITZ] = { "quickplay-not-blitz",
                                     { "C4", "B3b", "G.3", "G.2.2", "III.2.2" },
                                     NULL },
  [ARB_RULE_SEAL] = { "seal",
                      { "A1a", "Guidelines 1a", "E.1a", "E.1.1", "I.1.1" },
                      N_ (
                        "At the adjournment the player to move writes his move unambiguously, seals it in the envelope and only then stops his clock; he may change it until then.") },
  [ARB_RULE_SEAL_EARLY] = { "seal-early",
                            { "A1b", "Guidelines 1b", "E.1b", "E.1.2", "I.1.2" },
                            N_ (
                              "A player who seals before the end of the session is charged the time up to its scheduled end.") },
  [ARB_RULE_ENVELOPE] = { "envelope",
                          { "A2", "Guidelines 2", "E.2", "E.2", "I.2" },
                          N_ (
                            "The envelope shows the players, the position before the sealed move, the time each has used, who sealed, the move number, any standing draw offer, and when and where play resumes.") },
  [ARB_RULE_ENVELOPE_CUSTODY] = { "envelope-custody",
                                  { "A3", "Guidelines 3", "E.3", "E.3", "I.3" },
                                  N_ ("The arbiter checks the envelope and keeps it safe.") },
  [ARB_RULE_RESUMPTION_SETUP] = { "resumption-setup",
                                  { "A5", "Guidelines 5", "E.5", "E.5", "I.5" },
                                  N_ (
                                    "Before resumption the position before the sealed move is set up and the clocks show the times of the adjournment.") },
  [ARB_RULE_ENVELOPE_OPENING] = { "envelope-opening",
                                  { "A7", "Guidelines 7", "E.7", "E.7", "I.7" },
                                  N_ (
                                    "The envelope is opened only when the player who must answer the sealed move is present.") },
  [ARB_RULE_SEALED_MOVE_INVALID] = { "sealed-move-invalid",
                                     { "A8", "Guidelines 8", "E.8", "E.8", "I.8" },
                                     NULL },
  [ARB_RULE_RESUMPTION_PLAY] = { "resumption-play",
                                 { "A9", "Guidelines 9", "E.9", "E.9", "I.9" },
                                 N_ (
                                   "At resumption the sealed move is made and the replying player's clock is started, also when he is absent; an absent sealer may be answered by a new sealed envelope.") },
  [ARB_RULE_RESUMPTION_LATE] = { "resumption-late",
                                 { "A10", "Guidelines 10", "E.10", "E.10", "I.10" },
                                 NULL },
  [ARB_RULE_ENVELOPE_LOST] = { "envelope-lost",
                               { "A11a", "Guidelines 11a", "E.12a", "E.12.1", "I.12.1" },
                               N_ (
                                 "If the envelope is lost, play resumes from the adjourned position with the recorded times, and the sealer makes the move he says he sealed.") },
  [ARB_RULE_POSITION_LOST] = { "position-lost",
                               { "A11b", "Guidelines 11b", "E.12b", "E.12.2", "I.12.2" },
                               N_ (
                                 "If the adjourned position cannot be re-established, the game is annulled and replayed.") },
  [ARB_RULE_LATE_ARRIVAL] = { "late-arrival", { "6.7", "6.6a", "6.7a", "6.7.1", "6.7.1" }, NULL },
  [ARB_RULE_BOTH_ABSENT] = { "both-absent", { "6.6", "6.6b", "6.7b", "6.7.2", "6.7.2" }, N_ ("If the default time is not zero and neither player is present at the start, White's clock runs until he arrives, unless the rules or the arbiter decide otherwise.") },
  [ARB_RULE_DEVICE] = { "device", { NULL, "12.3b", "11.3b", "11.3.2.2", "11.3.2.2" }, NULL },
  [ARB_RULE_RESIGN] = { "resign", { "5.1b", "5.1b", "5.1b", "5.1.2", "5.1.2" }, NULL },
  [ARB_RULE_PENALTIES] = { "penalties", { "13.4", "13.4", "12.9", "12.9", "12.9" }, NULL },
  [ARB_RULE_POINTS] = { "points",
                        { "11.1", "11.1", "10.1", "10.1", "10.1" },
                        N_ (
                          "A win or a win by forfeit scores one point, a loss none, a draw half a point.") },
  [ARB_RULE_NORMAL_SCORES] = { "normal-scores",
                               { NULL, NULL, NULL, "10.2", "10.2" },
                               N_ (
                                 "A game never scores more than the normal maximum, and each player gets a normal score; three quarters to one quarter is not allowed.") },
  [ARB_RULE_PERSISTENT_REFUSAL] = { "persistent-refusal",
                                    { "12.7", "12.8", "11.7", "11.7", "11.7" },
                                    N_ (
                                      "A player who persistently refuses to follow the Laws loses; the arbiter decides the opponent's score.") },
  /* 2001/2009/2014 5.1a and 5.2a (seed 003, seed 000); 2018/2023 5.1.1
   * and 5.2.1 (seed 002; AM25). */
  [ARB_RULE_CHECKMATE] = { "checkmate",
                           { "5.1a", "5.1a", "5.1a", "5.1.1", "5.1.1" },
                           N_ (
                             "The player who checkmates the opponent's king wins; the game ends at once.") },
  [ARB_RULE_STALEMATE] = { "stalemate",
                           { "5.2a", "5.2a", "5.2a", "5.2.1", "5.2.1" },
                           N_ (
                             "A player to move who has no legal move and is not in check is stalemated: the game is drawn at once.") },
  [ARB_RULE_BOTH_REFUSE] = { "both-refuse",
                             { "12.8", "12.9", "11.8", "11.8", "11.8" },
                             N_ (
                               "If both players persistently refuse to follow the Laws, both lose.") },
  /* seed-003 and seed-004 (2001) 8.5c, seed-000 (2009) 8.5 c, seed-002
   * (2018) 8.5.3; 2014 and 2023 keep the 2018 numbering, unverified. */
  [ARB_RULE_RECONSTRUCTION] = { "reconstruction",
                                { "8.5c", "8.5c", "8.5.3", "8.5.3", "8.5.3" },
                                N_ (
                                  "If no complete scoresheet exists, the game is reconstructed under the arbiter's control, who first records the position, the clock times and the number of moves made, as far as they are known.") },
};

/* Paraphrases that differ by edition. */
typedef struct
{
  ArbRule rule;
  int edition;
  const char *paraphrase;
} EditionParaphrase;

static const EditionParaphrase edition_paraphrases[] = {
  { ARB_RULE_ILLEGAL_PENALTY, E2001,
    N_ (
      "Each of a player's first two illegal moves gives the opponent two extra minutes; the third loses the game.") },
  { ARB_RULE_ILLEGAL_PENALTY, E2009,
    N_ (
      "Each of a player's first two illegal moves gives the opponent two extra minutes; the third loses, or draws if the opponent cannot mate by any series of legal moves.") },
  { ARB_RULE_ILLEGAL_PENALTY, E2014,
    N_ (
      "A player's first illegal move gives the opponent two extra minutes; the second loses, or draws if the opponent cannot mate by any series of legal moves.") },
  { ARB_RULE_ILLEGAL_PENALTY, E2018,
    N_ (
      "A player's first illegal move gives the opponent two extra minutes; the second loses, or draws if the opponent cannot mate by any series of legal moves.") },
  { ARB_RULE_ILLEGAL_PENALTY, E2023,
    N_ (
      "A player's first illegal move gives the opponent two extra minutes; the second loses, or draws if the opponent cannot mate by any series of legal moves.") },
  { ARB_RULE_UNPROMOTED_PAWN, E2009,
    N_ ("Failing to complete a promotion counts as an illegal move.") },
  { ARB_RULE_UNPROMOTED_PAWN, E2014,
    N_ (
      "A pawn left unpromoted on the last rank when the clock is pressed is an illegal move, and the pawn becomes a queen.") },
  { ARB_RULE_UNPROMOTED_PAWN, E2018,
    N_ (
      "A pawn left unpromoted on the last rank when the clock is pressed is an illegal move, and the pawn becomes a queen.") },
  { ARB_RULE_UNPROMOTED_PAWN, E2023,
    N_ (
      "A pawn left unpromoted on the last rank when the clock is pressed is an illegal move, and the pawn becomes a queen.") },
  { ARB_RULE_RAPID_DEFINITION, E2001, N_ ("Rapid: all moves in 15 to 60 minutes per player.") },
  { ARB_RULE_RAPID_DEFINITION, E2009,
    N_ ("Rapid: base time plus 60 increments is at least 15 and under 60 minutes.") },
  { ARB_RULE_BLITZ_DEFINITION, E2001, N_ ("Blitz: all moves in under 15 minutes per player.") },
  { ARB_RULE_BLITZ_DEFINITION, E2009,
    N_ ("Blitz: base time plus 60 increments is under 15 minutes.") },
  { ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL, E2009,
    N_ (
      "Without adequate supervision an illegal move is completed when the clock is pressed, and the arbiter rules only on the opponent's claim made before his own move.") },
  { ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL, E2014,
    N_ (
      "Without adequate supervision a completed illegal move loses if the arbiter sees it or the opponent claims before making his next move; otherwise it stands.") },
  { ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL, E2018,
    N_ (
      "Without adequate supervision the illegal-move penalty applies only if the arbiter or the opponent acts before the opponent's next move; otherwise the move stands.") },
  { ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL, E2023,
    N_ (
      "Without adequate supervision the illegal-move penalty applies only if the arbiter or the opponent acts before the opponent's next move; otherwise the move stands.") },
  { ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL, E2001,
    N_ (
      "In blitz an illegal move is completed when the clock is pressed; before moving, the opponent may claim the win (a draw if he cannot mate); after his move it stands.") },
  { ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL, E2009,
    N_ (
      "In blitz without adequate supervision the opponent may claim the win (a draw if he cannot mate) before his own move; after it the illegal move stands.") },
  { ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL, E2014,
    N_ ("Blitz without adequate supervision follows the rapid rules for unsupervised games.") },
  { ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL, E2018,
    N_ ("Blitz without adequate supervision follows the rapid rules for unsupervised games.") },
  { ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL, E2023,
    N_ ("Blitz without adequate supervision follows the rapid rules for unsupervised games.") },
  { ARB_RULE_CLAIM_RIGHT_LOST, E2001,
    N_ ("A player who moves without claiming loses the right to claim on that move.") },
  { ARB_RULE_CLAIM_RIGHT_LOST, E2009,
    N_ ("A player who touches a piece without claiming loses the right to claim on that move.") },
  { ARB_RULE_CLAIM_RIGHT_LOST, E2014,
    N_ ("A player who touches a piece without claiming loses the right to claim on that move.") },
  { ARB_RULE_CLAIM_RIGHT_LOST, E2018,
    N_ ("A player who touches a piece without claiming loses the right to claim on that move.") },
  { ARB_RULE_CLAIM_RIGHT_LOST, E2023,
    N_ ("A player who touches a piece without claiming loses the right to claim on that move.") },
  { ARB_RULE_CLAIM_INCORRECT, E2001,
    N_ (
      "An incorrect claim gives the opponent three minutes and cuts the claimant's time: by half (at most three minutes) above two minutes, to one minute between one and two, not below one; the written move must be played.") },
  { ARB_RULE_CLAIM_INCORRECT, E2009,
    N_ (
      "An incorrect claim gives the opponent three extra minutes; a written move must then be played.") },
  { ARB_RULE_CLAIM_INCORRECT, E2014,
    N_ (
      "An incorrect claim gives the opponent two extra minutes; a written move must then be played.") },
  /* 2018, 2023 9.5.3: the one minute of rapid (2023 A.3) and blitz (2018
   * B.2) is cited as an article of its own, cite_short_penalty (). */
  { ARB_RULE_CLAIM_INCORRECT, E2018,
    N_ (
      "An incorrect claim gives the opponent two extra minutes; a written move must then be played.") },
  { ARB_RULE_CLAIM_INCORRECT, E2023,
    N_ (
      "An incorrect claim gives the opponent two extra minutes; a written move must then be played.") },
  { ARB_RULE_RAPID_FLAG_CLAIM, E2001,
    N_ (
      "To claim a win on time the player stops both clocks and calls the arbiter; his own flag must still be up and the opponent's down.") },
  { ARB_RULE_RAPID_FLAG_CLAIM, E2009,
    N_ (
      "To claim a win on time the player stops both clocks and calls the arbiter; his own flag must still be up and the opponent's down.") },
  { ARB_RULE_RAPID_FLAG_CLAIM, E2014,
    N_ (
      "To claim a win on time the player stops the clock and calls the arbiter; it is a draw if the claimant cannot mate by any series of legal moves.") },
  { ARB_RULE_RAPID_FLAG_CLAIM, E2018, N_ ("To claim a win on time the player stops the clock and calls the arbiter; it is a draw if the claimant cannot mate by any series of legal moves.") },
  { ARB_RULE_RAPID_FLAG_CLAIM, E2023,
    N_ (
      "To claim a win on time the player stops the clock and calls the arbiter; it is a draw if the claimant cannot mate by any series of legal moves.") },
  { ARB_RULE_RAPID_FLAG_CALLING, E2001,
    N_ (
      "In rapid and blitz a flag counts only when a player claims it; the arbiter does not point it out.") },
  { ARB_RULE_RAPID_FLAG_CALLING, E2009,
    N_ (
      "Without adequate supervision a flag counts only on a player's claim; the arbiter may point it out only when both flags are down.") },
  { ARB_RULE_RAPID_FLAG_CALLING, E2014,
    N_ ("Without adequate supervision the arbiter also calls a flag fall he sees.") },
  { ARB_RULE_RAPID_FLAG_CALLING, E2018,
    N_ ("Without adequate supervision the arbiter also calls a flag fall he sees.") },
  { ARB_RULE_RAPID_FLAG_CALLING, E2023,
    N_ ("Without adequate supervision the arbiter also calls a flag fall he sees.") },
  { ARB_RULE_QUICKPLAY_NOT_BLITZ, E2001,
    N_ ("The two-minute draw claim does not exist in blitz.") },
  { ARB_RULE_QUICKPLAY_NOT_BLITZ, E2009,
    N_ ("The two-minute draw claim does not apply in blitz without adequate supervision.") },
  { ARB_RULE_QUICKPLAY_NOT_BLITZ, E2014,
    N_ (
      "The quickplay-finish guidelines cover only standard and rapid games without increment, never blitz.") },
  { ARB_RULE_QUICKPLAY_NOT_BLITZ, E2018,
    N_ (
      "The quickplay-finish guidelines cover only standard and rapid games without increment, never blitz.") },
  { ARB_RULE_QUICKPLAY_NOT_BLITZ, E2023,
    N_ (
      "The quickplay-finish guidelines cover only standard and rapid games without increment, never blitz.") },
  /* 2014 9.6a (LR155/158 quote it): in a row, at every second move. */
  { ARB_RULE_FIVEFOLD, E2014,
    N_ (
      "The same position on at least five consecutive alternate moves by each player ends the game as a draw without any claim.") },
  /* 2023: no blitz-only penalty article; blitz outside B.2 takes A.3. */
  { ARB_RULE_BLITZ_SHORT_PENALTY, E2023,
    N_ (
      "Blitz games not supervised under B.2 follow the rapid rules A.2, A.3 and A.5: the time penalties are one minute.") },
  { ARB_RULE_SEALED_MOVE_INVALID, E2001,
    N_ (
      "A sealed move that is ambiguous, unreadable in meaning or illegal loses, except where the opponent could not mate anyway or the position is dead.") },
  { ARB_RULE_SEALED_MOVE_INVALID, E2009,
    N_ (
      "A sealed move that is ambiguous, unreadable in meaning or illegal loses, unless the game had already ended or the opponent could not mate anyway.") },
  { ARB_RULE_SEALED_MOVE_INVALID, E2014,
    N_ (
      "A sealed move that is ambiguous, unreadable in meaning or illegal loses, unless the game had already ended or the opponent could not mate anyway.") },
  { ARB_RULE_SEALED_MOVE_INVALID, E2018,
    N_ (
      "A sealed move that is ambiguous, unreadable in meaning or illegal loses, unless the game had already ended or the opponent could not mate anyway.") },
  { ARB_RULE_SEALED_MOVE_INVALID, E2023,
    N_ (
      "A sealed move that is ambiguous, unreadable in meaning or illegal loses, unless the game had already ended or the opponent could not mate anyway.") },
  { ARB_RULE_RESUMPTION_LATE, E2001,
    N_ (
      "A player more than an hour late for the resumption loses, unless the sealed move mates, stalemates or kills the position, or the present player's flag fell.") },
  { ARB_RULE_RESUMPTION_LATE, E2009,
    N_ (
      "A player more than an hour late for the resumption loses, unless the sealed move mates, stalemates or kills the position, or the present player's flag fell.") },
  { ARB_RULE_RESUMPTION_LATE, E2014,
    N_ (
      "A player arriving after the default time at the resumption loses, unless the sealed move ended the game.") },
  { ARB_RULE_RESUMPTION_LATE, E2018,
    N_ (
      "A player arriving after the default time at the resumption loses, unless the sealed move ended the game.") },
  { ARB_RULE_RESUMPTION_LATE, E2023,
    N_ (
      "A player arriving after the default time at the resumption loses, unless the sealed move ended the game.") },
  { ARB_RULE_LATE_ARRIVAL, E2001,
    N_ (
      "A player arriving more than one hour after the start loses, unless the rules or the arbiter decide otherwise.") },
  { ARB_RULE_LATE_ARRIVAL, E2009,
    N_ (
      "Zero tolerance: a player arriving after the start loses, unless the event sets another default time.") },
  { ARB_RULE_LATE_ARRIVAL, E2014,
    N_ (
      "A player arriving after the event's default time (zero if it sets none) loses, unless the arbiter decides otherwise.") },
  { ARB_RULE_LATE_ARRIVAL, E2018,
    N_ (
      "A player arriving after the event's default time (zero if it sets none) loses, unless the arbiter decides otherwise.") },
  { ARB_RULE_LATE_ARRIVAL, E2023,
    N_ (
      "A player arriving after the event's default time (zero if it sets none) loses, unless the arbiter decides otherwise.") },
  { ARB_RULE_DEVICE, E2009,
    N_ (
      "A mobile phone or other device that makes a sound loses the game; the opponent scores a draw if he cannot win by any series of legal moves.") },
  { ARB_RULE_DEVICE, E2014,
    N_ (
      "A player evidently carrying an unapproved electronic device in the venue loses, and the opponent wins.") },
  { ARB_RULE_DEVICE, E2018,
    N_ (
      "A player evidently carrying an unapproved electronic device in the venue loses and the opponent wins; the event may set a milder penalty.") },
  { ARB_RULE_DEVICE, E2023,
    N_ (
      "A player evidently carrying an unapproved electronic device in the venue loses and the opponent wins; the event may set a milder penalty.") },
  { ARB_RULE_RESIGN, E2001, N_ ("A player who resigns loses; the game ends at once.") },
  { ARB_RULE_RESIGN, E2009, N_ ("A player who resigns loses; the game ends at once.") },
  { ARB_RULE_RESIGN, E2014, N_ ("A player who resigns loses; the game ends at once.") },
  { ARB_RULE_RESIGN, E2018, N_ ("A player who resigns loses; the game ends at once.") },
  { ARB_RULE_RESIGN, E2023,
    N_ (
      "A player who resigns loses, but the game is drawn if the opponent cannot mate by any series of legal moves.") },
  { ARB_RULE_PENALTIES, E2001,
    N_ (
      "The arbiter's penalties: warning, more time for the opponent, less for the offender, loss of the game, fewer points for the offender, more for the opponent, expulsion.") },
  { ARB_RULE_PENALTIES, E2009, N_ ("The arbiter's penalties: warning, more time for the opponent, less for the offender, loss of the game, fewer points for the offender, more for the opponent, expulsion.") },
  { ARB_RULE_PENALTIES, E2014,
    N_ (
      "The arbiter's penalties: warning, time to the opponent or from the offender, points up or down, loss of the game, a fine announced in advance, expulsion.") },
  { ARB_RULE_PENALTIES, E2018,
    N_ (
      "The arbiter's penalties: warning, time to the opponent or from the offender, points up or down, loss of the game, a fine announced in advance, exclusion from rounds, expulsion.") },
  { ARB_RULE_PENALTIES, E2023,
    N_ (
      "The arbiter's penalties: warning, time to the opponent or from the offender, points up or down, loss of the game, a fine announced in advance, exclusion from rounds, expulsion.") },
};

/* Which numbers are verified. 2001, 2009 and 2018 come from the seed texts
 * of those editions; the 2023 numbers were checked against the Laws as the
 * FIDE Arbiters' Manual 2025 prints them, and the 2018 Appendix G numbers
 * against the English 2018 text (docs/laws-engine.md, "Article numbers").
 * No full 2014 text could be read: these 2014 rows were checked against
 * quotations of the English text or a translation; the others (4.3, 4.7,
 * 5.1b, 5.2b, 6.7b, 6.8, 6.9, 10.1, B.1, B.2, B.3, A.4c-e, E.1b, E.10,
 * E.12a/b, G.1, G.6 and the 12.9 letters) stay unverified. */
static const ArbRule verified_2014[] = {
  ARB_RULE_ILLEGAL_MOVE,
  ARB_RULE_ILLEGAL_PENALTY,
  ARB_RULE_CLOCKS_AFTER_IRREGULARITY,
  ARB_RULE_UNPROMOTED_PAWN,
  ARB_RULE_RAPID_DEFINITION,
  ARB_RULE_RAPID_SUPERVISION,
  ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL,
  ARB_RULE_THREEFOLD_WRITTEN,
  ARB_RULE_THREEFOLD_APPEARED,
  ARB_RULE_FIFTY_WRITTEN,
  ARB_RULE_FIFTY_COMPLETED,
  ARB_RULE_CLAIM_RIGHT_LOST,
  ARB_RULE_CLAIM_PROCEDURE,
  ARB_RULE_CLAIM_CORRECT,
  ARB_RULE_CLAIM_INCORRECT,
  ARB_RULE_CLAIM_IS_DRAW_OFFER,
  ARB_RULE_FIVEFOLD,
  ARB_RULE_SEVENTY_FIVE,
  ARB_RULE_BOTH_FLAGS,
  ARB_RULE_BOTH_FLAGS_LAST_PERIOD,
  ARB_RULE_QUICKPLAY_SCOPE,
  ARB_RULE_QUICKPLAY_NOT_BLITZ,
  ARB_RULE_QUICKPLAY_CLAIM,
  ARB_RULE_QUICKPLAY_DRAW,
  ARB_RULE_QUICKPLAY_POSTPONE,
  ARB_RULE_QUICKPLAY_REJECT,
  ARB_RULE_QUICKPLAY_INCREMENT,
  ARB_RULE_SEAL,
  ARB_RULE_ENVELOPE,
  ARB_RULE_ENVELOPE_CUSTODY,
  ARB_RULE_RESUMPTION_SETUP,
  ARB_RULE_ENVELOPE_OPENING,
  ARB_RULE_SEALED_MOVE_INVALID,
  ARB_RULE_RESUMPTION_PLAY,
  ARB_RULE_LATE_ARRIVAL,
  ARB_RULE_DEVICE,
  ARB_RULE_PENALTIES,
  ARB_RULE_PERSISTENT_REFUSAL,
  ARB_RULE_BOTH_REFUSE,
};

const char *
arb_rule_to_string (ArbRule rule)
{
  g_return_val_if_fail ((guint) rule < ARB_RULE_N, "unknown");
  return rules[rule].id;
}

const char *
arb_rule_article (ArbEdition edition, ArbRule rule)
{
  int i = edition_index (edition);

  g_return_val_if_fail (i >= 0, NULL);
  g_return_val_if_fail ((guint) rule < ARB_RULE_N, NULL);
  return rules[rule].article[i];
}

gboolean
arb_rule_article_verified (ArbEdition edition, ArbRule rule)
{
  int i = edition_index (edition);

  g_return_val_if_fail (i >= 0, FALSE);
  g_return_val_if_fail ((guint) rule < ARB_RULE_N, FALSE);

  if (rules[rule].article[i] == NULL)
    return FALSE;
  if (i != E2014)
    return TRUE;
  for (gsize k = 0; k < G_N_ELEMENTS (verified_2014); k++)
    if (verified_2014[k] == rule)
      return TRUE;
  return FALSE;
}

const char *
arb_rule_paraphrase (ArbEdition edition, ArbRule rule)
{
  int i = edition_index (edition);

  g_return_val_if_fail (i >= 0, "");
  g_return_val_if_fail ((guint) rule < ARB_RULE_N, "");

  for (gsize k = 0; k < G_N_ELEMENTS (edition_paraphrases); k++)
    if (edition_paraphrases[k].rule == rule && edition_paraphrases[k].edition == i)
      return edition_paraphrases[k].paraphrase;
  if (rules[rule].paraphrase != NULL)
    return rules[rule].paraphrase;
  /* Definitions whose wording is the edition's numbers. */
  switch (rule)
    {
    case ARB_RULE_RAPID_DEFINITION:
      return N_ ("Rapid: base time plus 60 increments is more than 10 and under 60 minutes.");
    case ARB_RULE_BLITZ_DEFINITION:
      return N_ ("Blitz: base time plus 60 increments is 10 minutes or less.");
    default:
      return "";
    }
}

char *
arb_rule_article_english (ArbEdition edition, ArbRule rule)
{
  const char *article = arb_rule_article (edition, rule);

  /* The 2018 Swedish text keeps the 2014 appendix letters E and G for what
   * the English text calls Guidelines I and III (seed 002, section 1.1). */
  if (edition != ARB_EDITION_2018 || article == NULL)
    return NULL;
  if (g_str_has_prefix (article, "E."))
    return g_strconcat ("I.", article + 2, NULL);
  if (g_str_has_prefix (article, "G."))
    return g_strconcat ("III.", article + 2, NULL);
  return NULL;
}

void
arb_event_settings_init (ArbEventSettings *settings, ArbEdition edition, ArbCategory category)
{
  g_return_if_fail (settings != NULL);

  memset (settings, 0, sizeof *settings);
  settings->edition = edition;
  settings->category = category;
  settings->adequately_supervised = TRUE;
  settings->default_time_ms = ARB_TIME_NOT_SET;
  settings->national = ARB_NATIONAL_NONE;
}

gint64
arb_event_settings_default_time (const ArbEventSettings *settings)
{
  const ArbLawsEdition *laws = arb_laws_edition_get (settings->edition);

  if (settings->default_time_ms >= 0)
    return settings->default_time_ms;
  /* Norway: 60 minutes on top of the 2009 zero tolerance (seed 001, lines
   * 297-299). */
  if (settings->national == ARB_NATIONAL_NORWAY && settings->edition == ARB_EDITION_2009)
    return MINUTES (60);
  return laws->default_time_ms;
}

gboolean
arb_event_settings_fully_supervised (const ArbEventSettings *settings)
{
  return settings->category == ARB_CATEGORY_STANDARD || settings->adequately_supervised;
}

ArbCategory
arb_laws_edition_category (const ArbLawsEdition *laws, gint64 base_ms, gint64 increment_ms)
{
  gint64 total = base_ms + 60 * increment_ms;

  g_return_val_if_fail (laws != NULL, ARB_CATEGORY_STANDARD);

  if (laws->blitz_limit_inclusive ? total <= laws->blitz_limit_ms : total < laws->blitz_limit_ms)
    return ARB_CATEGORY_BLITZ;
  if (laws->rapid_limit_inclusive ? total <= laws->rapid_limit_ms : total < laws->rapid_limit_ms)
    return ARB_CATEGORY_RAPID;
  return ARB_CATEGORY_STANDARD;
}

static const struct
{
  const char *id;
  const char *paraphrase;
} penalties[ARB_PENALTY_N] = {
  [ARB_PENALTY_WARNING] = { "warning", N_ ("A warning.") },
  [ARB_PENALTY_ADD_OPPONENT_TIME] = { "add-opponent-time", N_ ("More time for the opponent.") },
  [ARB_PENALTY_REDUCE_OFFENDER_TIME] = { "reduce-offender-time",
                                         N_ ("Less time for the offender.") },
  [ARB_PENALTY_INCREASE_OPPONENT_POINTS] = { "increase-opponent-points",
                                             N_ (
                                               "More points for the opponent in this game, up to the maximum.") },
  [ARB_PENALTY_REDUCE_OFFENDER_POINTS] = { "reduce-offender-points",
                                           N_ ("Fewer points for the offender in this game.") },
  [ARB_PENALTY_DECLARE_LOST] = { "declare-lost",
                                 N_ (
                                   "The game declared lost for the offender; the arbiter decides the opponent's score.") },
  [ARB_PENALTY_FINE] = { "fine", N_ ("A fine announced in advance.") },
  [ARB_PENALTY_EXCLUDE_ROUNDS] = { "exclude-rounds", N_ ("Exclusion from one or more rounds.") },
  [ARB_PENALTY_EXPEL] = { "expel", N_ ("Expulsion from the event.") },
};

const char *
arb_penalty_to_string (ArbPenalty penalty)
{
  g_return_val_if_fail ((guint) penalty < ARB_PENALTY_N, "unknown");
  return penalties[penalty].id;
}

gboolean
arb_penalty_from_string (const char *text, ArbPenalty *penalty)
{
  for (guint i = 0; i < ARB_PENALTY_N; i++)
    if (g_strcmp0 (text, penalties[i].id) == 0)
      {
        *penalty = (ArbPenalty) i;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_penalty_paraphrase (ArbPenalty penalty)
{
  g_return_val_if_fail ((guint) penalty < ARB_PENALTY_N, "");
  return penalties[penalty].paraphrase;
}

const char *
arb_national_variant_to_string (ArbNationalVariant variant)
{
  switch (variant)
    {
    case ARB_NATIONAL_NORWAY:
      return "no";
    case ARB_NATIONAL_NONE:
    default:
      return "none";
    }
}
