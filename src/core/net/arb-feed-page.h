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

/* For the pages the net layer serves (this one, the floor page): a file
 * of the net layer's resource under its prefix, and the first @marker of
 * @page replaced by @text. */
GBytes *arb_net_page_resource (const char *name);
void arb_net_page_replace (GString *page, const char *marker, const char *text);

G_END_DECLS
