/* arb-floor-page.h: the floor arbiters' page of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The cookie in which the page keeps the language chosen on the phone. */
#define ARB_FLOOR_PAGE_LANGUAGE_COOKIE "arb-floor-lang"

/* The page as one HTML document: its style, script and its strings,
 * translated into @language ("en", "sv", …; English when there is no
 * catalog for it), built in, with the languages it can be had in. It
 * holds no data: the script asks /api/boards with the token of the
 * address's fragment. */
GBytes *arb_floor_page_new (const char *language);

/* The language a phone reads the page in: the one chosen on the page
 * (the ARB_FLOOR_PAGE_LANGUAGE_COOKIE of @cookie, the request's Cookie
 * header) when Arbiter speaks it, else the first of @accept_language (the
 * Accept-Language header, by quality) that it speaks, else "en". Either
 * may be NULL. A string of arb_i18n_get_languages(). */
const char *arb_floor_page_choose_language (const char *cookie, const char *accept_language);

G_END_DECLS
