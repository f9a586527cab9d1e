/* arb-feed-page.h: the display page of the feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The page served at "/": HTML with its style, its script, its words in
 * @language ("en", "sv", …; English when there is no catalog for it, or
 * for NULL) and the piece images (as data: addresses) in one document, so
 * that a screen needs nothing else, least of all the internet. */
GBytes *arb_feed_page_new (const char *language);

/* The language a screen reads the page in: the "lang" of @query (the
 * address's query, "view=standings&lang=sv"; a screen is given one as it
 * is given its view) when Arbiter speaks it, else as
 * arb_net_page_language() chooses from @accept_language. Either may be
 * NULL. A string of arb_i18n_get_languages(). */
const char *arb_feed_page_choose_language (const char *query, const char *accept_language);

/* For the pages the net layer serves: @chosen ("sv", "nb-NO", "no") when
 * Arbiter speaks it, else the first of @accept_language (the
 * Accept-Language header, by quality) that it speaks, else "en". Either
 * may be NULL. A string of arb_i18n_get_languages(). */
const char *arb_net_page_language (const char *chosen, const char *accept_language);

/* For the pages the net layer serves (this one, the floor page): a file
 * of the net layer's resource under its prefix, and the first @marker of
 * @page replaced by @text. */
GBytes *arb_net_page_resource (const char *name);
void arb_net_page_replace (GString *page, const char *marker, const char *text);

/* A page's words, by the key its script reads them under. */
typedef struct
{
  const char *key;
  const char *text;
} ArbNetPageString;

/* Begins @b's object with @strings (@n of them) as its members; a page
 * may add its own before arb_net_page_end_strings() ends the object and
 * gives it as script text, "</" escaped so that none closes the script
 * element. */
void arb_net_page_begin_strings (JsonBuilder *b, const ArbNetPageString *strings, gsize n);
char *arb_net_page_end_strings (JsonBuilder *b);

G_END_DECLS
