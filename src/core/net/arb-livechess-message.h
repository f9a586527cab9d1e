/* arb-livechess-message.h: DGT LiveChess's WebSocket messages
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-color.h"

G_BEGIN_DECLS

/* DGT LiveChess serves its e-boards on a local WebSocket
 * (ws://HOST:1982/api/v1.0). Every message is one JSON object:
 *
 *   → {"id":1,"call":"eboards"}
 *   ← {"response":"call","id":1,"param":[{"serialnr":"…","state":"ACTIVE",
 *        "board":"rnbqkbnr/…","flipped":false,"clock":{…},…},…]}
 *   → {"id":2,"call":"subscribe","param":{"feed":"eboardevent","id":2,
 *        "param":{"serialnr":"…"}}}
 *   ← {"response":"feed","id":2,"param":{"serialnr":"…","board":"…",
 *        "flipped":false,"san":["e4","e5",…],"clock":{"white":5400,
 *        "black":5391,"run":"black"}}}
 *
 * An event's "san" lists the moves of the game as LiveChess read them so
 * far; "board" is the placement on the board now (the first field of a
 * FEN). Clock times are seconds (a number, or "H:MM:SS" text). The reader
 * takes what it needs and ignores the rest; anything it cannot use is an
 * error that names what is wrong, never a crash: these bytes come from
 * the venue's network. */

typedef enum
{
  ARB_LIVECHESS_MESSAGE_OTHER,   /* JSON with nothing for us (an acknowledgement…) */
  ARB_LIVECHESS_MESSAGE_EBOARDS, /* the answer to "eboards" */
  ARB_LIVECHESS_MESSAGE_FEED,    /* an e-board's event */
  ARB_LIVECHESS_MESSAGE_ERROR,   /* a call LiveChess refused */
} ArbLivechessMessageKind;

/* The longest serial number and placement taken; longer ones are errors. */
#define ARB_LIVECHESS_SERIAL_MAX 64
#define ARB_LIVECHESS_PLACEMENT_MAX 100
/* Moves in one event: more than any game has. */
#define ARB_LIVECHESS_MAX_MOVES 2000

typedef struct
{
  char *serial;
  char *state;     /* "ACTIVE", "INACTIVE", "NOTRESPONDING", "DELAYED", or NULL */
  char *placement; /* NULL when not given */
  gboolean flipped;
  gboolean has_clock;
  gint64 white_ms;
  gint64 black_ms;
  ArbColor running; /* ARB_COLOR_NONE when no clock runs, or not said */
} ArbLivechessBoard;

typedef struct
{
  ArbLivechessMessageKind kind;
  gint64 id; /* of the call answered or the subscription fed; -1 when none */
  /* EBOARDS: ArbLivechessBoard each; FEED: one, the board of the event */
  GArray *boards;
  /* FEED: the moves ("san"), or NULL when the event has none */
  GPtrArray *san;
  /* ERROR: what LiveChess said */
  char *error;
} ArbLivechessMessage;

#define ARB_LIVECHESS_ERROR (arb_livechess_error_quark ())

typedef enum
{
  ARB_LIVECHESS_ERROR_SYNTAX, /* not JSON, not UTF-8, or too deep */
  ARB_LIVECHESS_ERROR_SCHEMA, /* JSON, but not a message of LiveChess */
} ArbLivechessError;

GQuark arb_livechess_error_quark (void);

ArbLivechessMessage *arb_livechess_message_parse (const char *text, gsize len, GError **error);
void arb_livechess_message_free (ArbLivechessMessage *message);

/* The calls, as text to send. */
char *arb_livechess_call_eboards (gint64 id);
char *arb_livechess_call_subscribe (gint64 id, const char *serial);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbLivechessMessage, arb_livechess_message_free)

G_END_DECLS
