/* arb-floor-page.h: the floor arbiters' page of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The page as one HTML document: its style, script and its strings,
 * translated now through gettext, built in. It holds no data: the
 * script asks /api/boards with the token of the address's fragment. */
GBytes *arb_floor_page_new (void);

G_END_DECLS
