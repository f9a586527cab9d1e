/* arb-test-lichess.h: a stand-in for lichess's broadcast push API
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A local HTTP server, in the calling thread's main context, that answers
 * POST /api/broadcast/round/{id}/push as the lichess API documents it:
 * with the games it read from the text/plain PGN body, each with its tags
 * and the number of its moves. Tests script other answers (a game
 * refused, 400, 401, 429) and read back what was sent. It also answers
 * POST /broadcast/{id}/new, a round created, with {"round": {"id":
 * "round001", "name": …}, "tour": …, "study": …}, the ids counting up. The tests never
 * reach the internet. */

typedef struct _ArbTestLichess ArbTestLichess;

typedef struct
{
  char *path;
  char *authorization;
  char *content_type;
  char *body;
  guint n_games;
} ArbTestLichessRequest;

ArbTestLichess *arb_test_lichess_new (void);
void arb_test_lichess_free (ArbTestLichess *self);

/* "http://127.0.0.1:PORT" */
const char *arb_test_lichess_get_url (ArbTestLichess *self);

/* The next answers, in order; after them, success. @status 200 with
 * @refuse_board answers that board's game with an error. */
void arb_test_lichess_script (ArbTestLichess *self,
                              guint status,
                              const char *body,
                              const char *retry_after,
                              int refuse_board);
/* Holds answers back until released (requests still arrive). */
void arb_test_lichess_hold (ArbTestLichess *self, gboolean hold);

guint arb_test_lichess_get_n_requests (ArbTestLichess *self);
const ArbTestLichessRequest *arb_test_lichess_get_request (ArbTestLichess *self, guint index);

/* Iterates the main context until @n requests have arrived (a deadline of
 * 30 s only guards against a hang). */
void arb_test_lichess_wait_requests (ArbTestLichess *self, guint n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTestLichess, arb_test_lichess_free)

G_END_DECLS
