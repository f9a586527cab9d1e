/* arb-laws-edition.h: what each edition of the FIDE Laws prescribes, as data
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-edition.h"

G_BEGIN_DECLS

/* The rules the engine applies. Each has an article number in each edition
 * (or none where the edition lacks the rule) and a one-line paraphrase.
 * The identifiers (arb_rule_to_string) are stable: they are stored. */
typedef enum
{
  ARB_RULE_ILLEGAL_MOVE,    /* restore the position before it */
  ARB_RULE_ILLEGAL_PENALTY, /* time penalty, loss at the limit */
  ARB_RULE_CLOCKS_AFTER_IRREGULARITY,
  ARB_RULE_TOUCH_MOVE, /* applies to the replacement move */
  ARB_RULE_MOVE_MADE,
  ARB_RULE_UNPROMOTED_PAWN,
  ARB_RULE_CLOCK_WITHOUT_MOVE,
  ARB_RULE_TWO_HANDS,
  ARB_RULE_RAPID_SHORT_PENALTY, /* one minute instead of two */
  ARB_RULE_BLITZ_SHORT_PENALTY,
  ARB_RULE_RAPID_DEFINITION,
  ARB_RULE_BLITZ_DEFINITION,
  ARB_RULE_RAPID_SUPERVISION,
  ARB_RULE_BLITZ_SUPERVISION,
  ARB_RULE_RAPID_UNSUPERVISED_ILLEGAL,
  ARB_RULE_BLITZ_UNSUPERVISED_ILLEGAL,
  ARB_RULE_UNSUPERVISED_ILLEGAL_POSITION, /* both kings in check etc. */
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
  ARB_RULE_DEAD_POSITION,
  ARB_RULE_FLAG_COUNTS,
  ARB_RULE_LOSS_ON_TIME,
  ARB_RULE_BOTH_FLAGS, /* order unknown, not the last period */
  ARB_RULE_BOTH_FLAGS_LAST_PERIOD,
  ARB_RULE_RAPID_FLAG_CLAIM,
  ARB_RULE_RAPID_FLAG_CALLING,
  ARB_RULE_RAPID_BOTH_FLAGS,
  ARB_RULE_QUICKPLAY_DEFINITION,
  ARB_RULE_QUICKPLAY_SCOPE,
  ARB_RULE_QUICKPLAY_CLAIM,
  ARB_RULE_QUICKPLAY_DRAW,
  ARB_RULE_QUICKPLAY_POSTPONE,
  ARB_RULE_QUICKPLAY_REJECT,
  ARB_RULE_QUICKPLAY_FINAL,
  ARB_RULE_QUICKPLAY_INCREMENT,
  ARB_RULE_QUICKPLAY_NO_ARBITER,
  ARB_RULE_QUICKPLAY_NOT_BLITZ,
  ARB_RULE_SEAL,
  ARB_RULE_SEAL_EARLY,
  ARB_RULE_ENVELOPE,
  ARB_RULE_ENVELOPE_CUSTODY,
  ARB_RULE_RESUMPTION_SETUP,
  ARB_RULE_ENVELOPE_OPENING,
  ARB_RULE_SEALED_MOVE_INVALID,
  ARB_RULE_RESUMPTION_PLAY,
  ARB_RULE_RESUMPTION_LATE,
  ARB_RULE_ENVELOPE_LOST,
  ARB_RULE_POSITION_LOST,
  ARB_RULE_LATE_ARRIVAL,
  ARB_RULE_BOTH_ABSENT,
  ARB_RULE_DEVICE,
  ARB_RULE_RESIGN,
  ARB_RULE_PENALTIES,
  ARB_RULE_POINTS,
  ARB_RULE_NORMAL_SCORES,
  ARB_RULE_PERSISTENT_REFUSAL,
  ARB_RULE_BOTH_REFUSE,
  ARB_RULE_CHECKMATE,
  ARB_RULE_STALEMATE,
  ARB_RULE_RECONSTRUCTION, /* no complete scoresheet: the game is reconstructed */
} ArbRule;

#define ARB_RULE_N (ARB_RULE_RECONSTRUCTION + 1)

/* How a completed illegal move is handled in a given category and
 * supervision. */
typedef enum
{
  /* Restore, time penalty, loss at the edition's limit (2001/2009 7.4,
   * 2014 7.5, 2018/2023 7.5.5); the arbiter acts whenever it is found. */
  ARB_ILLEGAL_REGIME_PENALTY,
  /* 2009 A4c: the arbiter rules only on the opponent's claim made before his
   * own move, and then as 7.4. */
  ARB_ILLEGAL_REGIME_CLAIM_THEN_PENALTY,
  /* 2001 C3, 2009 B3c: the opponent may claim the win (a draw if he cannot
   * mate) before his own move; no correction after it. */
  ARB_ILLEGAL_REGIME_CLAIM_WIN,
  /* 2014 A.4.2: the arbiter (or the opponent's claim) before the opponent's
   * next move; the illegal move loses (draw if the opponent cannot mate). */
  ARB_ILLEGAL_REGIME_LOSS_BEFORE_NEXT_MOVE,
  /* 2018 A.4.2, 2023 A.5.2: the normal penalty, but only before the
   * opponent's next move; afterwards the move stands. */
  ARB_ILLEGAL_REGIME_PENALTY_BEFORE_NEXT_MOVE,
} ArbIllegalRegime;

/* Who may call a flag in rapid and blitz. */
typedef enum
{
  ARB_FLAG_ARBITER_CALLS,     /* the arbiter calls a flag he sees */
  ARB_FLAG_CLAIM_ONLY,        /* 2001 B6: only a player's claim counts */
  ARB_FLAG_CLAIM_UNLESS_BOTH, /* 2009 A4d1: claim only, but the arbiter may
                               * point out that both flags are down */
} ArbFlagCalling;

typedef enum
{
  ARB_DEVICE_RULE_NONE,       /* 2001: the Laws have no device rule */
  ARB_DEVICE_RULE_SOUND,      /* 2009 12.3b: sounding device loses; the
                                   * opponent scores a draw if he cannot win */
  ARB_DEVICE_RULE_POSSESSION, /* 2014 11.3b, 2018/2023 11.3.2.2 */
} ArbDeviceRule;

typedef enum
{
  ARB_PENALTY_WARNING,
  ARB_PENALTY_ADD_OPPONENT_TIME,
  ARB_PENALTY_REDUCE_OFFENDER_TIME,
  ARB_PENALTY_INCREASE_OPPONENT_POINTS,
  ARB_PENALTY_REDUCE_OFFENDER_POINTS,
  ARB_PENALTY_DECLARE_LOST,
  ARB_PENALTY_FINE,
  ARB_PENALTY_EXCLUDE_ROUNDS,
  ARB_PENALTY_EXPEL,
} ArbPenalty;

#define ARB_PENALTY_N (ARB_PENALTY_EXPEL + 1)

/* The numbers of one edition. Indexes [ArbCategory] and [supervised]. */
typedef struct
{
  ArbEdition edition;
  const char *in_force; /* ISO date */
  const char *sources;  /* where these facts come from */

  /* Illegal moves */
  guint illegal_moves_to_lose; /* the count that loses: 3 or 2 */
  gboolean illegal_loss_draw_if_cannot_mate;
  gint64 illegal_penalty_ms[3]; /* time to the opponent, by category */
  ArbIllegalRegime illegal_regime[3][2];
  gboolean special_illegal_acts; /* clock without a move, two hands */
  gboolean unpromoted_becomes_queen;

  /* Draw claims under 9.2 / 9.3 */
  gint64 incorrect_claim_ms[3];           /* to the opponent, by category */
  gboolean incorrect_claim_cuts_claimant; /* 2001 9.5b */
  gboolean automatic_draws;               /* fivefold and 75 moves (9.6) */

  /* Categories: base + 60 × increment, in ms. A game is blitz when at most
   * (or below) blitz_limit_ms, rapid up to rapid_limit_ms, else standard. */
  gint64 blitz_limit_ms;
  gboolean blitz_limit_inclusive;
  gint64 rapid_limit_ms;
  gboolean rapid_limit_inclusive;

  /* Late arrival: default time unless the event sets one. */
  gint64 default_time_ms;
  gboolean event_sets_default_time;
  /* Late for a resumption: a fixed limit, or -1 for the event's default. */
  gint64 resumption_late_ms;

  /* Flags in rapid/blitz, by supervision */
  ArbFlagCalling flag_calling[2];
  gboolean rapid_both_flags_draw[2];

  /* Quickplay finish */
  gint64 quickplay_threshold_ms;
  gint64 quickplay_bonus_ms;
  gboolean quickplay_needs_announcement;
  gboolean quickplay_needs_no_increment;
  gboolean quickplay_in_blitz[2];      /* by supervision */
  gboolean quickplay_increment_option; /* 2018 G.4: 5 s increment */

  ArbDeviceRule device_rule;
  gboolean resign_draw_if_cannot_mate;

  guint envelope_fields;
  gboolean envelope_holds_scoresheets;

  /* Penalty menu: the article of each penalty, NULL where absent. */
  const char *penalty_article[ARB_PENALTY_N];
} ArbLawsEdition;

typedef enum
{
  ARB_NATIONAL_NONE,
  /* Norway, 2009 Norwegian text, lines 297-299 of seed 001: a player more
   * than 60 minutes late loses unless the invitation says otherwise. */
  ARB_NATIONAL_NORWAY,
} ArbNationalVariant;

/* What the event settles once for all its games. */
typedef struct
{
  ArbEdition edition;
  ArbCategory category;
  /* Rapid/blitz: adequately supervised (2009 A3/B2, 2018 A.3/B.3);
   * ignored for standard games. */
  gboolean adequately_supervised;
  /* The late-arrival default time announced by the event, or -1 when the
   * event says nothing (the edition's or national default then applies). */
  gint64 default_time_ms;
  ArbNationalVariant national;
  /* 2014+: the quickplay-finish guidelines (Appendix G / Guidelines III)
   * were announced for the event. */
  gboolean quickplay_guidelines;
  /* The time control has an increment or delay from move 1. */
  gboolean increment;
  /* 2023 blitz under B.2 (adequately supervised): the Competition Rules
   * read literally give two minutes for an illegal move or an incorrect
   * claim; common practice, the default, gives one minute (as A.3). */
  gboolean supervised_blitz_two_minutes;
} ArbEventSettings;

#define ARB_TIME_NOT_SET ((gint64) -1)

const ArbLawsEdition *arb_laws_edition_get (ArbEdition edition);

void arb_event_settings_init (ArbEventSettings *settings, ArbEdition edition, ArbCategory category);
/* The late-arrival default time that applies, in ms. */
gint64 arb_event_settings_default_time (const ArbEventSettings *settings);
/* Whether the Competition Rules apply in full (standard, or adequately
 * supervised rapid/blitz). */
gboolean arb_event_settings_fully_supervised (const ArbEventSettings *settings);

/* The category of a time control under an edition's limits (2001 B1/C1,
 * 2009 A1/B1, 2014+ A.1/B.1): base + 60 × increment. */
ArbCategory arb_laws_edition_category (const ArbLawsEdition *laws,
                                       gint64 base_ms,
                                       gint64 increment_ms);

const char *arb_rule_to_string (ArbRule rule);
/* The article as the edition numbers it, or NULL if the edition has no
 * such rule (or its number could not be sourced; see _verified). */
const char *arb_rule_article (ArbEdition edition, ArbRule rule);
/* TRUE when the article number comes from a seed text of that edition or
 * from the product brief; FALSE when carried over from another edition's
 * structure and still to be checked against the official text. */
gboolean arb_rule_article_verified (ArbEdition edition, ArbRule rule);
/* The one-line paraphrase (English, marked for translation, untranslated). */
const char *arb_rule_paraphrase (ArbEdition edition, ArbRule rule);
/* The same article in the English text, where the seed translation letters
 * it differently (2018 Swedish Appendix E/G = English Guidelines I/III);
 * NULL when the same. Caller frees. */
char *arb_rule_article_english (ArbEdition edition, ArbRule rule);

const char *arb_penalty_to_string (ArbPenalty penalty);
gboolean arb_penalty_from_string (const char *text, ArbPenalty *penalty);
const char *arb_penalty_paraphrase (ArbPenalty penalty);

const char *arb_national_variant_to_string (ArbNationalVariant variant);

G_END_DECLS
