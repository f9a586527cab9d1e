/* arb-ruling-wording.h: rulings in words, made at display time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-laws-edition.h"
#include "arb-result.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* A ruling is data (arb-ruling.h); these functions put it into words in
 * the reader's language, through gettext, wherever it is shown: the
 * command-line tool, the ruling dialog, the rulings log and the printed
 * report. A ruling stored years ago reads in whatever language the reader
 * uses today. Every returned string is in the current locale's language;
 * "char *" results are newly allocated. */

/* "White", "Black"; "Both" for ARB_COLOR_NONE. */
const char *arb_ruling_wording_side (int side);
/* "standard", "rapid", "blitz". */
const char *arb_ruling_wording_category (ArbCategory category);

/* An amount of time as a sentence says it: "2 minutes", "1 minute",
 * "1:30" (never signed). */
char *arb_ruling_wording_duration (gint64 ms);
/* A clock reading: "1:29:30", "2:00"; signed ("+2:00", "−1:00") when
 * @sign. */
char *arb_ruling_wording_clock (gint64 ms, gboolean sign);

/* A position by its ply, as an arbiter says it: the move to be made and
 * who makes it ("move 15, White" for ply 28 of a game that starts with
 * White's first move). @start_move and @start_side say where the game
 * began (1 and White for the usual start). */
char *arb_ruling_wording_ply (int ply, int start_move, int start_side);

const char *arb_ruling_wording_kind (ArbRulingKind kind);
const char *arb_ruling_wording_decision (ArbDecision decision);
/* The decision with its player and result: "White loses (0-1)". */
char *arb_ruling_wording_verdict (const ArbRuling *ruling);
/* How a game ended: "Checkmate", "Lost on time", … */
const char *arb_ruling_wording_ending (ArbEnding ending);
const char *arb_ruling_wording_penalty (ArbPenalty penalty);
const char *arb_ruling_wording_note (ArbNote note);

/* One line: what happened. A ruling stored in the first format gives its
 * stored sentence, as it was written. */
char *arb_ruling_wording_facts (const ArbRuling *ruling);
/* One sentence: what the Laws prescribe, and why. */
char *arb_ruling_wording_explanation (const ArbRuling *ruling);

/* Names a ply with its move ("12… Kh8"), or returns NULL to have it
 * named by its number. */
typedef char *(*ArbRulingPlyNamer) (int ply, gpointer user_data);

/* One line per effect, as the arbiter reads it before confirming.
 * @namer may be NULL. */
char *arb_ruling_wording_effect (const ArbRuling *ruling,
                                 const ArbEffect *effect,
                                 ArbRulingPlyNamer namer,
                                 gpointer user_data);

/* "Article 7.5.1", or "Article 7.5.1 (number not verified)". */
char *arb_ruling_wording_article (const ArbCitation *citation);
/* The paraphrase of a cited article, translated. */
const char *arb_ruling_wording_paraphrase (const ArbRuling *ruling, const ArbCitation *citation);

G_END_DECLS
