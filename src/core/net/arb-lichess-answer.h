/* arb-lichess-answer.h: what lichess says to a broadcast push
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The answer of POST /api/broadcast/round/{id}/push, as the lichess API
 * documents it: {"games": [{"tags": {…}, "moves": n} | {"tags": {…},
 * "error": "…"}]} when the push was taken, {"error": "…"} when it was
 * refused. Only these fields are read; anything else in the answer is
 * ignored, and an answer that is not JSON, or not an object, is an error
 * that says where. */

typedef struct
{
  int board;   /* the game's Board tag, 0 when it has none */
  char *white; /* its White and Black tags, or NULL */
  char *black;
  int moves;   /* moves lichess took, -1 with an error */
  char *error; /* why lichess did not take the game, or NULL */
} ArbLichessGameAnswer;

typedef struct
{
  GArray *games; /* ArbLichessGameAnswer */
  char *error;   /* the answer's own "error", or NULL */
} ArbLichessAnswer;

#define ARB_LICHESS_ANSWER_ERROR (arb_lichess_answer_error_quark ())

typedef enum
{
  ARB_LICHESS_ANSWER_ERROR_SYNTAX, /* not JSON */
  ARB_LICHESS_ANSWER_ERROR_SHAPE,  /* JSON, but not an answer */
} ArbLichessAnswerError;

GQuark arb_lichess_answer_error_quark (void);

/* An answer larger than this is not one lichess would send: the push
 * stops reading there. */
#define ARB_LICHESS_MAX_ANSWER_BYTES (4 * 1024 * 1024)

ArbLichessAnswer *arb_lichess_answer_parse (const char *data, gsize length, GError **error);
void arb_lichess_answer_free (ArbLichessAnswer *answer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbLichessAnswer, arb_lichess_answer_free)

G_END_DECLS
