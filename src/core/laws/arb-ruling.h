/* arb-ruling.h: a ruling of the arbiter as a value
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-color.h"
#include "arb-edition.h"
#include "arb-laws-edition.h"
#include "arb-result.h"

G_BEGIN_DECLS

/* A ruling says what happened (kind, facts), what the Laws prescribe
 * (decision, effects), and why (a reason, and the articles of the edition,
 * each with a one-line paraphrase). It is a plain value of data only: it
 * can be stored (to and from JSON), replayed, and worded at display time in
 * the reader's language by arb-ruling-wording.h. Nothing in it has been
 * applied: the caller applies the effects after the arbiter confirms them.
 *
 * Kinds, decisions, reasons, notes and effect types have stable string
 * names; they are what the tournament file stores. */

typedef enum
{
  ARB_RULING_ILLEGAL_MOVE,
  ARB_RULING_DRAW_CLAIM,
  ARB_RULING_AUTOMATIC_DRAW,
  ARB_RULING_FLAG_FALL,
  ARB_RULING_QUICKPLAY_CLAIM,
  ARB_RULING_SEAL,
  ARB_RULING_RESUMPTION,
  ARB_RULING_LATE_ARRIVAL,
  ARB_RULING_DEVICE,
  ARB_RULING_RESIGNATION,
  ARB_RULING_PENALTY,
  ARB_RULING_RESULT, /* a result the arbiter records (agreement, mate, …) */
  /* The game's moves rebuilt from the scoresheets under the arbiter's
   * control (2018 and 2023 art. 8.5.3; 2001 and 2009 art. 8.5 c). */
  ARB_RULING_RECONSTRUCTION,
  /* The arbiter moves a pairing to another board before it is played (a
   * player who needs a table near the door): an administrative decision,
   * no article of the Laws. Facts: round, from, to, swapped (the game id
   * of the pairing that was on the board, 0 for none), reason, arbiter. */
  ARB_RULING_BOARD_CHANGE, /*< nick=board >*/
} ArbRulingKind;

#define ARB_RULING_KIND_N (ARB_RULING_BOARD_CHANGE + 1)

typedef enum
{
  ARB_DECISION_PLAY_ON,      /* nothing changes; play continues */
  ARB_DECISION_TIME_PENALTY, /* play continues with a time penalty */
  ARB_DECISION_LOSS,         /* the player concerned loses */
  ARB_DECISION_DRAW,
  ARB_DECISION_WIN,         /* the player concerned wins */
  ARB_DECISION_MOVE_STANDS, /* an illegal move can no longer be corrected */
  ARB_DECISION_CLAIM_REJECTED,
  ARB_DECISION_CLAIM_INADMISSIBLE,
  ARB_DECISION_POSTPONED,
  ARB_DECISION_NOT_IN_EDITION, /* the edition has no such rule */
  ARB_DECISION_ALREADY_OVER,   /* the game had ended before */
  ARB_DECISION_SEALED,
  ARB_DECISION_RESUMED,
  ARB_DECISION_ANNULLED, /* annulled, a new game is played */
  ARB_DECISION_REFERRED, /* referred to an arbiter (no arbiter present) */
  ARB_DECISION_PENALTY,
  ARB_DECISION_NOT_LATE,
  ARB_DECISION_RECONSTRUCTED, /* the game's moves are those rebuilt from the scoresheets */
  ARB_DECISION_BOARD_MOVED,   /* the pairing is played on another board */
} ArbDecision;

#define ARB_DECISION_N (ARB_DECISION_BOARD_MOVED + 1)

/* Why the Laws decide so: one value per explanation the engine gives. The
 * wording module makes the sentence from it and the ruling's data (sides,
 * effects, facts). */
typedef enum
{
  ARB_REASON_NONE,
  /* Illegal moves */
  ARB_REASON_ILLEGAL_PENALTY,
  ARB_REASON_ILLEGAL_LOSS,
  ARB_REASON_ILLEGAL_DRAW_CANNOT_MATE,
  ARB_REASON_ILLEGAL_NOT_IN_EDITION,
  ARB_REASON_ILLEGAL_OPPONENT_MOVED,             /* 2001 C3, 2009 B3c: it stands */
  ARB_REASON_ILLEGAL_AWAIT_CLAIM,                /* 2001 C3, 2009 B3c */
  ARB_REASON_ILLEGAL_NEXT_MOVE_MADE,             /* 2014 A.4.2 */
  ARB_REASON_ILLEGAL_NOT_CLAIMED_YET,            /* 2014 A.4.2 */
  ARB_REASON_ILLEGAL_MOVED_WITHOUT_CLAIM,        /* 2009 A4c */
  ARB_REASON_ILLEGAL_CLAIM_ONLY,                 /* 2009 A4c */
  ARB_REASON_ILLEGAL_STANDS_PLAYERS_MAY_CORRECT, /* 2018 A.4.2, 2023 A.5.2 */
  ARB_REASON_ILLEGAL_NOBODY_ACTED,               /* 2018 A.4.2, 2023 A.5.2 */
  ARB_REASON_ILLEGAL_POSITION_DRAW,              /* 2018 A.4.4, 2023 A.5.4 */
  /* Draw claims and automatic draws */
  ARB_REASON_CLAIM_RIGHT_LOST,
  ARB_REASON_CLAIM_CORRECT,
  ARB_REASON_CLAIM_INCORRECT,
  ARB_REASON_AUTOMATIC_NOT_IN_EDITION,
  ARB_REASON_AUTOMATIC_MATE_FIRST,
  ARB_REASON_AUTOMATIC_DRAW,
  /* Flag fall */
  ARB_REASON_FLAG_GAME_OVER,
  ARB_REASON_FLAG_NOT_CALLED,
  ARB_REASON_FLAG_BOTH_DRAW,
  ARB_REASON_FLAG_BOTH_LAST_PERIOD,
  ARB_REASON_FLAG_BOTH_PLAY_ON,
  ARB_REASON_FLAG_CANNOT_MATE,
  ARB_REASON_FLAG_LOSS,
  /* Quickplay finish */
  ARB_REASON_QUICKPLAY_NOT_BLITZ,
  ARB_REASON_QUICKPLAY_NOT_ANNOUNCED,
  ARB_REASON_QUICKPLAY_INCREMENT_GAME,
  ARB_REASON_QUICKPLAY_NOT_FINAL_PERIOD,
  ARB_REASON_QUICKPLAY_TIME,
  ARB_REASON_QUICKPLAY_NO_ARBITER,
  ARB_REASON_QUICKPLAY_DRAW,
  ARB_REASON_QUICKPLAY_POSTPONED,
  ARB_REASON_QUICKPLAY_REJECTED,
  ARB_REASON_QUICKPLAY_NO_INCREMENT_OPTION,
  ARB_REASON_QUICKPLAY_INCREMENT,
  /* Adjournment */
  ARB_REASON_SEAL_NOT_WRITTEN,
  ARB_REASON_SEALED,
  ARB_REASON_RESUME_ANNULLED,
  ARB_REASON_RESUME_ENVELOPE_LOST,
  ARB_REASON_RESUME_ABSENT_SEALER_MATES,
  ARB_REASON_RESUME_ABSENT_SEALER_DRAWS,
  ARB_REASON_RESUME_PRESENT_FLAG_FELL,
  ARB_REASON_RESUME_LATE,
  ARB_REASON_RESUME_REPLIER_ABSENT,
  ARB_REASON_RESUME_INVALID_DRAW,
  ARB_REASON_RESUME_INVALID_LOSS,
  ARB_REASON_RESUME_MATES,
  ARB_REASON_RESUME_DRAWS,
  ARB_REASON_RESUMED,
  /* Late arrival, devices, resignation */
  ARB_REASON_LATE_WITHIN_DEFAULT,
  ARB_REASON_LATE_BOTH_FORFEIT,
  ARB_REASON_LATE_FORFEIT,
  ARB_REASON_DEVICE_NOT_IN_EDITION,
  ARB_REASON_DEVICE_SWITCHED_OFF,
  ARB_REASON_DEVICE_SILENT,
  ARB_REASON_DEVICE_SOUNDED_CANNOT_WIN,
  ARB_REASON_DEVICE_SOUNDED,
  ARB_REASON_DEVICE_MILDER,
  ARB_REASON_DEVICE_LOSS,
  ARB_REASON_RESIGN_DRAW,
  ARB_REASON_RESIGN_LOSS,
  /* Penalties and results */
  ARB_REASON_PENALTY_NOT_IN_EDITION,
  ARB_REASON_PENALTY_TIME_ADDED,
  ARB_REASON_PENALTY_TIME_REMOVED,
  ARB_REASON_PENALTY_SCORE_NOT_ALLOWED,
  ARB_REASON_PENALTY_SCORED,
  ARB_REASON_PENALTY_LISTED, /* the penalty's own paraphrase */
  ARB_REASON_RESULT_RECORDED,
  ARB_REASON_GAME_ENDED,       /* the game ended on the board (mate, 9.6, …) */
  ARB_REASON_RESULT_CORRECTED, /* a stored result replaced by the arbiter */
} ArbReason;

#define ARB_REASON_N (ARB_REASON_RESULT_CORRECTED + 1)

/* What an effect adds to its plain meaning, or the note an ARB_EFFECT_NOTE
 * carries. */
typedef enum
{
  ARB_NOTE_NONE,
  ARB_NOTE_LAST_IDENTIFIABLE,      /* restore-position: the last position known */
  ARB_NOTE_BEST_JUDGEMENT,         /* restore-clocks: recorded times or judgement */
  ARB_NOTE_ADJOURNMENT_TIMES,      /* restore-clocks: the times of the adjournment */
  ARB_NOTE_PIECE_MOVED,            /* touch-move: the piece moved illegally */
  ARB_NOTE_SEALER_STOPS,           /* stop-clocks: the sealer's only */
  ARB_NOTE_COMPETITION_RULES,      /* 2009 A4c: the penalty of 7.4 after a claim */
  ARB_NOTE_BOTH_FLAGS_UNSOURCED,   /* 2014: no article found */
  ARB_NOTE_RECORD_POSITION,        /* quickplay claim without an arbiter */
  ARB_NOTE_NEW_GAME,               /* an annulled game is replayed */
  ARB_NOTE_SEALER_ABSENT,          /* the reply may be sealed */
  ARB_NOTE_WHITE_CLOCK_RUNS,       /* both absent at the start */
  ARB_NOTE_BLITZ_PENALTY_PRACTICE, /* 2023 B.2: one minute, common practice */
  ARB_NOTE_BLITZ_PENALTY_LITERAL,  /* 2023 B.2: two minutes, the text read literally */
  ARB_NOTE_WRITTEN_MOVE_ILLEGAL,   /* touch-move: the claim's written move cannot be played */
} ArbNote;

#define ARB_NOTE_N (ARB_NOTE_WRITTEN_MOVE_ILLEGAL + 1)

typedef enum
{
  ARB_EFFECT_RESTORE_POSITION,   /* ply: set up the position at this ply */
  ARB_EFFECT_RESTORE_CLOCKS,     /* ply: clocks to the times recorded there */
  ARB_EFFECT_ADD_TIME,           /* side, ms (negative removes time) */
  ARB_EFFECT_SET_TIME,           /* side, ms */
  ARB_EFFECT_SET_RESULT,         /* result, ending */
  ARB_EFFECT_ILLEGAL_COUNT,      /* side, count of limit */
  ARB_EFFECT_PLAY_WRITTEN_MOVE,  /* side, text = the written move */
  ARB_EFFECT_TOUCH_MOVE,         /* side: the replacement move is touch-move bound */
  ARB_EFFECT_PROMOTE_TO_QUEEN,   /* side: the unpromoted pawn becomes a queen */
  ARB_EFFECT_SEALED_MOVE_HIDDEN, /* side: the sealed move stays hidden */
  ARB_EFFECT_MAKE_SEALED_MOVE,   /* side, text: open the envelope, make the move */
  ARB_EFFECT_STOP_CLOCKS,
  ARB_EFFECT_START_CLOCK,    /* side */
  ARB_EFFECT_SET_INCREMENT,  /* ms for both sides */
  ARB_EFFECT_DRAW_OFFER,     /* side: counts as a draw offer */
  ARB_EFFECT_ADMINISTRATIVE, /* side; the "penalty" fact, text = the arbiter's words */
  ARB_EFFECT_NOTE,           /* note */
} ArbEffectKind;

#define ARB_EFFECT_KIND_N (ARB_EFFECT_NOTE + 1)

typedef struct
{
  ArbEffectKind kind;
  int side; /* an ArbColor, or ARB_COLOR_NONE */
  int ply;
  gint64 ms;
  int count;
  int limit;
  ArbResult result;
  ArbEnding ending; /* set-result: how the game ended */
  ArbNote note;
  /* The arbiter may apply it or not (e.g. 10.2b: "may give two minutes"). */
  gboolean optional;
  char *text; /* words of a player or the arbiter: a move, a reason */
} ArbEffect;

typedef struct
{
  ArbRule rule;
  char *article;    /* as the edition numbers it */
  char *paraphrase; /* untranslated (the N_-marked source string) */
  gboolean verified;
} ArbCitation;

/* The envelope of an adjourned game: the seven fields of the edition
 * (2001 A2, 2009 Guidelines 2, 2018 E.2 a–g), with the time *used*, not
 * the time left. */
typedef struct
{
  char *white; /* a: the players */
  char *black;
  char *fen;            /* b: the position before the sealed move */
  gint64 white_used_ms; /* c: time used by each */
  gint64 black_used_ms;
  int sealer;        /* d: who sealed (ArbColor) */
  int move_number;   /* e: the number of the sealed move */
  int draw_offer_by; /* f: a standing draw offer, or ARB_COLOR_NONE */
  char *resumption;  /* g: date, time and place of resumption */
  char *sealed_move; /* the move as written; hidden until opened */
  gboolean scoresheets_enclosed;
} ArbEnvelope;

/* A fact of the case, by name. The names in use (stable, stored):
 *   illegal_kind (text: ordinary, unpromoted-pawn, clock-no-move,
 *     two-hands), previous_count, ply_before, move_as_made (text)
 *   claim (text: threefold, fifty), written_move (text), correct, touched,
 *     remaining_ms (the claimant's time)
 *   automatic (text: fivefold, seventy-five), last_move_mates
 *   called_by (text: arbiter, opponent), both_fallen, order_known,
 *     last_period, game_over
 *   verdict (text: draw, postpone, reject, increment)
 *   move_number, validity (text: valid, ambiguous, unreadable, illegal),
 *     absent (text: white, black), late_ms, limit_ms, envelope_lost,
 *     envelope_opened
 *   both_absent, sounded, switched_off, milder
 *   penalty (text: an arb_penalty_to_string name), text (the arbiter's
 *     words), amount_ms, result (text), ending (text)
 *   cannot_mate (the opponent of the player concerned cannot checkmate),
 *     cannot_mate_found (what the program proved: text true, false,
 *     unknown), game_over_found and last_period_found (unknown: the
 *     arbiter held the fact true without a proof), override_reason
 *     (text: why the arbiter differs)
 *   arbiter (text: the name of the arbiter who ruled)
 * Booleans are stored only when true where the sentence needs no "no". */
typedef enum
{
  ARB_FACT_INT,
  ARB_FACT_BOOL,
  ARB_FACT_TEXT,
} ArbFactType;

typedef struct
{
  char *name;
  ArbFactType type;
  gint64 number; /* int and bool */
  char *text;
} ArbFact;

typedef struct
{
  ArbRulingKind kind;
  ArbEdition edition;
  ArbCategory category;
  int by; /* the player concerned, or ARB_COLOR_NONE */
  ArbDecision decision;
  ArbReason reason;      /* why, for the explanation */
  GArray *facts;         /* ArbFact, in the order set */
  char *note;            /* free text of the arbiter, may be NULL */
  GArray *effects;       /* ArbEffect */
  GArray *citations;     /* ArbCitation */
  ArbEnvelope *envelope; /* seal / resumption rulings */
  /* Rulings stored in the first format (version 1) carry English
   * sentences instead of facts; they are kept and shown as they were
   * written. The explanation only where no reason could be derived. */
  char *legacy_facts;
  char *legacy_explanation;
} ArbRuling;

ArbRuling *arb_ruling_new (ArbRulingKind kind, ArbEdition edition, ArbCategory category, int by);
void arb_ruling_free (ArbRuling *ruling);
ArbRuling *arb_ruling_copy (const ArbRuling *ruling);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRuling, arb_ruling_free)

void arb_ruling_set_note (ArbRuling *ruling, const char *note);

/* Facts by name; setting a name again replaces its value. A NULL text
 * removes the fact. */
void arb_ruling_set_fact_int (ArbRuling *ruling, const char *name, gint64 value);
void arb_ruling_set_fact_bool (ArbRuling *ruling, const char *name, gboolean value);
void arb_ruling_set_fact_text (ArbRuling *ruling, const char *name, const char *text);
const ArbFact *arb_ruling_get_fact (const ArbRuling *ruling, const char *name);
/* The value, or @fallback when the fact is absent or of another type. */
gint64 arb_ruling_get_fact_int (const ArbRuling *ruling, const char *name, gint64 fallback);
gboolean arb_ruling_get_fact_bool (const ArbRuling *ruling, const char *name);
const char *arb_ruling_get_fact_text (const ArbRuling *ruling, const char *name);

/* Adds the article of @rule in the ruling's edition with its paraphrase;
 * does nothing when the edition has no such article or it is cited already. */
void arb_ruling_cite (ArbRuling *ruling, ArbRule rule);
/* Adds an effect; text is copied. Returns the stored effect. */
ArbEffect *arb_ruling_add_effect (ArbRuling *ruling, ArbEffectKind kind, int side);
void arb_ruling_set_envelope (ArbRuling *ruling, const ArbEnvelope *envelope);

/* The result the ruling sets, or ARB_RESULT_ONGOING. */
ArbResult arb_ruling_get_result (const ArbRuling *ruling);
/* Net time change for @side in ms from ADD_TIME effects (mandatory only). */
gint64 arb_ruling_time_delta (const ArbRuling *ruling, int side);
/* The position to restore, or -1. */
int arb_ruling_restore_ply (const ArbRuling *ruling);
/* Whether an effect of @kind exists. */
const ArbEffect *arb_ruling_find_effect (const ArbRuling *ruling, ArbEffectKind kind);
gboolean arb_ruling_cites (const ArbRuling *ruling, const char *article);
/* "7.5.1, 7.5.5": the articles, comma separated, for storage and lists. */
char *arb_ruling_articles_text (const ArbRuling *ruling);

const char *arb_ruling_kind_to_string (ArbRulingKind kind);
gboolean arb_ruling_kind_from_string (const char *text, ArbRulingKind *kind);
const char *arb_decision_to_string (ArbDecision decision);
gboolean arb_decision_from_string (const char *text, ArbDecision *decision);
const char *arb_effect_kind_to_string (ArbEffectKind kind);
gboolean arb_effect_kind_from_string (const char *text, ArbEffectKind *kind);
const char *arb_reason_to_string (ArbReason reason);
gboolean arb_reason_from_string (const char *text, ArbReason *reason);
const char *arb_note_to_string (ArbNote note);
gboolean arb_note_from_string (const char *text, ArbNote *note);
const char *arb_side_to_string (int side);

/* JSON: a stable serialisation (fixed key order, integers only), version 2.
 * Reading also takes version 1, the first stored format: its sentences
 * become legacy_facts / legacy_explanation, its reasons are derived where
 * the decision and effects tell them. */
char *arb_ruling_to_json (const ArbRuling *ruling);
ArbRuling *arb_ruling_from_json (const char *json, GError **error);

void arb_envelope_clear (ArbEnvelope *envelope);

G_END_DECLS
