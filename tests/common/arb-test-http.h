/* arb-test-http.h: HTTP(S) requests of the tests, as a phone makes them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* Sends @msg in a session of its own, iterating the thread-default main
 * context until the answer is read: the status, or 0 when the request
 * failed (*error says why); *body (when not NULL) gets the answer. With @pinned, the server's certificate is
 * accepted only when its SHA-256 fingerprint (AA:BB:…) is that one, as
 * the phone does once it compared it with the desk's. */
guint arb_test_http_send (SoupMessage *msg, const char *pinned, char **body, GError **error);

G_END_DECLS
