/* arb-test-browser.h: a headless Chromium, driven over its DevTools protocol
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Debian's chromium, headless, in a profile of its own that is thrown away
 * afterwards, with everything that would reach the internet turned off.
 * The page is driven through the DevTools protocol over a WebSocket
 * (libsoup): open an address, evaluate JavaScript, take a screenshot. */

typedef struct _ArbTestBrowser ArbTestBrowser;

/* NULL, after g_test_skip() saying so, when chromium is not installed. */
ArbTestBrowser *arb_test_browser_new (int width, int height);
void arb_test_browser_free (ArbTestBrowser *self);

/* Loads @url and waits until the document has loaded. */
void arb_test_browser_open (ArbTestBrowser *self, const char *url);
/* Evaluates @expression in the page; its value as JSON text ("null" for
 * undefined). */
char *arb_test_browser_eval (ArbTestBrowser *self, const char *expression);
/* Evaluates @expression until it is true, running the main context
 * meanwhile; the deadline only guards against a hang. Returns the
 * monotonic time at which it was first seen true. */
gint64 arb_test_browser_wait_for (ArbTestBrowser *self,
                                  const char *expression,
                                  guint deadline_seconds);
/* A PNG of the viewport. */
GBytes *arb_test_browser_screenshot (ArbTestBrowser *self);
/* From now on every request of the page says Accept-Language:
 * @accept_language ("sv", "nl;q=0.9, en;q=0.5"); NULL for the browser's
 * own. */
void arb_test_browser_set_language (ArbTestBrowser *self, const char *accept_language);
/* Takes the page's network away (every request fails at once, as on a
 * phone out of reach) or gives it back. */
void arb_test_browser_set_offline (ArbTestBrowser *self, gboolean offline);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTestBrowser, arb_test_browser_free)

G_END_DECLS
