/* arb-error-text.h: an error of the core in the reader's words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the window says of @error. The core's messages are English facts
 * for the CLI and the logs; for the tournament file's errors the window
 * says instead what happened, in the reader's language, by the error's
 * code. Other errors keep their message (their own words, or GLib's,
 * which GLib translates). Never NULL. */
const char *arb_error_text (const GError *error);

G_END_DECLS
