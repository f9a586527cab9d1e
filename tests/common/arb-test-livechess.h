/* arb-test-livechess.h: a stand-in for DGT LiveChess's WebSocket API
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A WebSocket server on 127.0.0.1, in the calling thread's main context,
 * at /api/v1.0, that answers as DGT LiveChess does (see
 * arb-livechess-message.h): "eboards" with the boards it has, "subscribe"
 * with the board's events, the first of them at once. The tests script
 * each board's events, noise included, and can drop every connection or
 * stop listening to see a client reconnect. */

typedef struct _ArbTestLivechess ArbTestLivechess;

ArbTestLivechess *arb_test_livechess_new (void);
void arb_test_livechess_free (ArbTestLivechess *self);

/* "livechess://127.0.0.1:PORT" */
const char *arb_test_livechess_get_uri (ArbTestLivechess *self);

void arb_test_livechess_add_board (ArbTestLivechess *self, const char *serial, const char *state);

/* An event of a board, sent to its subscribers and kept as the board's
 * state: @san the moves so far, separated by spaces; @board the
 * placement to report: NULL for the one the moves lead to, "" for none
 * (a board that cannot be read), "lift:SQ" for that one with the piece
 * on SQ lifted, or a placement as it is. Clock times in milliseconds, -1
 * for no clock. */
void arb_test_livechess_event (ArbTestLivechess *self,
                               const char *serial,
                               const char *san,
                               const char *board,
                               gint64 white_ms,
                               gint64 black_ms);
/* Any text to every client: noise a client must survive. */
void arb_test_livechess_send_raw (ArbTestLivechess *self, const char *text);

/* Closes every connection (as a LiveChess that restarts). */
void arb_test_livechess_disconnect (ArbTestLivechess *self);

guint arb_test_livechess_get_n_connections (ArbTestLivechess *self);

/* How the stand-in greets each new connection from now on: as LiveChess
 * does, by closing it at once (a LiveChess that cannot serve), or with
 * one text message of @bytes of JSON white space (larger than a client
 * takes). */
typedef enum
{
  ARB_TEST_LIVECHESS_GREET_NORMAL,
  ARB_TEST_LIVECHESS_GREET_CLOSE,
  ARB_TEST_LIVECHESS_GREET_HUGE,
} ArbTestLivechessGreeting;
void arb_test_livechess_set_greeting (ArbTestLivechess *self,
                                      ArbTestLivechessGreeting greeting,
                                      gsize bytes);
/* The connections accepted since the stand-in began. */
guint arb_test_livechess_get_n_accepted (ArbTestLivechess *self);
/* Iterates the main context until @serial has @n subscribers (a deadline
 * of 30 s only guards against a hang). */
void arb_test_livechess_wait_subscribed (ArbTestLivechess *self, const char *serial, guint n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTestLivechess, arb_test_livechess_free)

G_END_DECLS
