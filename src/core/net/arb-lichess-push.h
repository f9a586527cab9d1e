/* arb-lichess-push.h: the round pushed to a lichess broadcast
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-feed.h"
#include "arb-lichess-answer.h"

G_BEGIN_DECLS

/* Pushes the games of a feed's round to lichess broadcast rounds with
 * POST /api/broadcast/round/{id}/push: PGN as text/plain, the token as a
 * Bearer credential. A lichess broadcast round shows at most 100 games
 * (the API's limit), so a round of more boards goes to several lichess
 * rounds, one a part: boards 1–100 to the first round id, 101–200 to the
 * second, and so on, one request a part. A part without a round id is
 * reported (status 0, the boards in the error) and not sent. It
 * pushes at start and after each change the feed publishes, never more
 * often than its interval (a change meanwhile waits, and later changes
 * join it), and tries again with a growing wait after a network error, a
 * server error, or a 429 (as long as the Retry-After header says, else a
 * minute). A 401 or 403 stops it: the token is wrong or lacks
 * study:write. A 400 is reported and the next change is pushed.
 *
 * Every answer becomes an ArbLichessReport, emitted as ::reported in the
 * thread that made the object. The token is never in a report. */

typedef enum
{
  ARB_LICHESS_PUSH_IDLE,         /* not started, or stopped */
  ARB_LICHESS_PUSH_WAITING,      /* up to date; waits for a change */
  ARB_LICHESS_PUSH_SENDING,      /* a request is out */
  ARB_LICHESS_PUSH_RETRYING,     /* waits to try again */
  ARB_LICHESS_PUSH_UNAUTHORIZED, /* lichess refused the token: stopped */
} ArbLichessPushState;

typedef struct
{
  gint64 time_us; /* wall time of the answer */
  guint batch;    /* 1-based, of n_batches */
  guint n_batches;
  guint n_games;   /* games in this request */
  guint status;    /* HTTP status, 0 when no answer came */
  char *error;     /* why the request failed, or NULL */
  gint64 retry_ms; /* when it is tried again, or 0 */
  GArray *games;   /* ArbLichessGameAnswer, empty without an answer */
} ArbLichessReport;

#define ARB_TYPE_LICHESS_REPORT (arb_lichess_report_get_type ())
GType arb_lichess_report_get_type (void);
ArbLichessReport *arb_lichess_report_copy (const ArbLichessReport *report);
void arb_lichess_report_free (ArbLichessReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbLichessReport, arb_lichess_report_free)

#define ARB_TYPE_LICHESS_PUSH (arb_lichess_push_get_type ())

G_DECLARE_FINAL_TYPE (ArbLichessPush, arb_lichess_push, ARB, LICHESS_PUSH, GObject)

#define ARB_LICHESS_DEFAULT_BASE_URL "https://lichess.org"
#define ARB_LICHESS_MAX_GAMES_PER_PUSH 100
#define ARB_LICHESS_DEFAULT_INTERVAL_MS 3000

ArbLichessPush *arb_lichess_push_new (ArbFeed *feed);

/* Whether @round_id looks like a lichess broadcast round id (letters and
 * digits, as the round's address shows it). */
gboolean arb_lichess_round_id_is_valid (const char *round_id);

/* Before starting. The base URL is the lichess server (tests give one of
 * their own); the interval is the shortest time between pushes; the
 * backoff is the first and the longest wait after a failure. */
void arb_lichess_push_set_round_id (ArbLichessPush *self, const char *round_id);
/* One id a part, in board order; NULL-terminated. */
void arb_lichess_push_set_round_ids (ArbLichessPush *self, const char *const *round_ids);

/* The ids in @text, apart at spaces, commas or semicolons (the arbiter
 * gives one a part); an empty vector for none. */
char **arb_lichess_round_ids_split (const char *text);
/* 0 for boards 1–100, 1 for 101–200, …; ARB_LICHESS_NO_PART for a board
 * number below 1, whose part cannot be known: such a game is reported
 * and not sent, rather than put with boards 1–100 where it could take
 * another board's place among lichess's hundred. */
#define ARB_LICHESS_NO_PART G_MAXUINT
guint arb_lichess_part_of_board (int board);
/* The lichess round's name for a part of @round: "Round 5 (boards
 * 101–200)", translated. */
char *arb_lichess_part_name (int round, guint part);
void arb_lichess_push_set_token (ArbLichessPush *self, const char *token);
void arb_lichess_push_set_base_url (ArbLichessPush *self, const char *base_url);
void arb_lichess_push_set_interval (ArbLichessPush *self, guint interval_ms);
void arb_lichess_push_set_backoff (ArbLichessPush *self, guint first_ms, guint max_ms);

/* Checks the settings and pushes the round for the first time. */
gboolean arb_lichess_push_start (ArbLichessPush *self, GError **error);
void arb_lichess_push_stop (ArbLichessPush *self);

ArbLichessPushState arb_lichess_push_get_state (ArbLichessPush *self);
/* Wall time of the last request lichess took (status 200), or 0. */
gint64 arb_lichess_push_get_last_success (ArbLichessPush *self);
/* Requests sent since the start. */
guint arb_lichess_push_get_n_requests (ArbLichessPush *self);
/* The last report, or NULL. */
ArbLichessReport *arb_lichess_push_dup_last_report (ArbLichessPush *self);

G_END_DECLS
