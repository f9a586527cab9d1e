/* cli-words.h: the text output's words for what --json names
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text of status and analyze is read by people, in their language:
 * the kinds of end, the verdicts of the search and the moves (in the
 * letters of the language) are words there, while --json keeps the names
 * a script reads.
 */

#pragma once

#include <glib.h>

#include "arb-game-status.h"
#include "arb-unwinnable.h"

G_BEGIN_DECLS

/* "white" or "black", as a label's value. */
const char *arb_cli_side_word (ArbColor side);
/* "checkmate", "fivefold repetition", … */
const char *arb_cli_event_word (ArbGameEventKind kind);
/* "can mate", "cannot mate", "undetermined". */
const char *arb_cli_verdict_word (ArbUnwinnableVerdict verdict);
/* What a cannot-mate verdict rests on: "the material", … (NULL for none). */
const char *arb_cli_proof_word (ArbUnwinnableProof proof);
/* SAN, or a line of it with move numbers, in the reader's piece letters. */
char *arb_cli_local_san (const char *san);

G_END_DECLS
