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
 * (decision, effects), and why (the articles of the edition, each with a
 * one-line paraphrase). It is a plain value: it can be stored (to and from
 * JSON), shown, printed and replayed. Nothing in it has been applied: the
 * caller applies the effects after the arbiter confirms them.
 *
 * Kinds, decisions and effect types have stable string names; they are
 * what the tournament file stores. */

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
} ArbRulingKind;

#define ARB_RULING_KIND_N (ARB_RULING_RESULT + 1)

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
} ArbDecision;

#define ARB_DECISION_N (ARB_DECISION_NOT_LATE + 1)

typedef enum
{
  ARB_EFFECT_RESTORE_POSITION,   /* ply: set up the position at this ply */
  ARB_EFFECT_RESTORE_CLOCKS,     /* ply: clocks to the times recorded there */
  ARB_EFFECT_ADD_TIME,           /* side, ms (negative removes time) */
  ARB_EFFECT_SET_TIME,           /* side, ms */
  ARB_EFFECT_SET_RESULT,         /* result, text = reason */
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
  ARB_EFFECT_ADMINISTRATIVE, /* text: fine, exclusion, expulsion, warning */
  ARB_EFFECT_NOTE,           /* text */
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
  /* The arbiter may apply it or not (e.g. 10.2b: "may give two minutes"). */
  gboolean optional;
  char *text;
} ArbEffect;

typedef struct
{
  ArbRule rule;
  char *article;    /* as the edition numbers it */
  char *paraphrase; /* untranslated (N_-marked source string) */
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

typedef struct
{
  ArbRulingKind kind;
  ArbEdition edition;
  ArbCategory category;
  int by; /* the player concerned, or ARB_COLOR_NONE */
  ArbDecision decision;
  char *facts;           /* one line: what happened */
  char *explanation;     /* one sentence: what the Laws prescribe */
  char *note;            /* free text of the arbiter, may be NULL */
  GArray *effects;       /* ArbEffect */
  GArray *citations;     /* ArbCitation */
  ArbEnvelope *envelope; /* seal / resumption rulings */
} ArbRuling;

ArbRuling *arb_ruling_new (ArbRulingKind kind, ArbEdition edition, ArbCategory category, int by);
void arb_ruling_free (ArbRuling *ruling);
ArbRuling *arb_ruling_copy (const ArbRuling *ruling);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRuling, arb_ruling_free)

void arb_ruling_set_facts (ArbRuling *ruling, const char *format, ...) G_GNUC_PRINTF (2, 3);
void arb_ruling_set_explanation (ArbRuling *ruling, const char *format, ...) G_GNUC_PRINTF (2, 3);
void arb_ruling_set_note (ArbRuling *ruling, const char *note);

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
const char *arb_side_to_string (int side);

/* JSON: a stable serialisation (fixed key order, integers only). */
char *arb_ruling_to_json (const ArbRuling *ruling);
ArbRuling *arb_ruling_from_json (const char *json, GError **error);

void arb_envelope_clear (ArbEnvelope *envelope);

G_END_DECLS
