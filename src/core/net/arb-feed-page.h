/* arb-feed-page.h: the display page of the feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The page served at "/": HTML with its style, its script and the piece
 * images (as data: addresses) in one document, so that a screen needs
 * nothing else, least of all the internet. */
GBytes *arb_feed_page_new (void);

G_END_DECLS
