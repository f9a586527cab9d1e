/* arb-round-entries-private.h: what the players' and the teams' records share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Whether @text (may be NULL) holds more than white space. */
gboolean _arb_round_text_given (const char *text);

/* TRUE when @reason is given; otherwise FALSE with @error set
 * (G_IO_ERROR_INVALID_ARGUMENT): a player's or a team's record is taken
 * back only with the reason why. */
gboolean _arb_round_check_reason (const char *reason, GError **error);

G_END_DECLS
