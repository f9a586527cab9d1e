/* arb-floor-page.c: the floor arbiters' page of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-floor-page.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-feed-page.h"
#include "arb-i18n.h"

static void
add_languages (JsonBuilder *b, const char *language)
{
  const char *const *all = arb_i18n_get_languages ();

  json_builder_set_member_name (b, "lang");
  json_builder_add_string_value (b, language);
  json_builder_set_member_name (b, "languages");
  json_builder_begin_array (b);
  for (guint i = 0; all[i] != NULL; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, all[i]);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, arb_i18n_get_language_name (all[i]));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The page's strings as a JSON object, in the language pushed now, "</"
 * escaped so that none closes the script element. */
static char *
strings_json (const char *language)
{
  const ArbNetPageString strings[] = {
    { "title", C_ ("floor page", "Floor") },
    /* TRANSLATORS: %d is a board number */
    { "board", C_ ("floor page", "Board %d") },
    /* TRANSLATORS: %d is a round number */
    { "round", C_ ("floor page", "Round %d") },
    { "call", C_ ("floor page", "Call the desk") },
    { "report", C_ ("floor page", "Report") },
    { "illegal", C_ ("floor page", "Illegal move") },
    { "claim", C_ ("floor page", "Claim") },
    { "device", C_ ("floor page", "Electronic device") },
    { "late", C_ ("floor page", "Late arrival") },
    { "note", C_ ("floor page", "Note") },
    { "clock", C_ ("floor page", "Send clock") },
    { "white_time", C_ ("floor page", "White h:mm:ss") },
    { "black_time", C_ ("floor page", "Black h:mm:ss") },
    { "bad_time", C_ ("floor page", "A time is h:mm:ss, mm:ss or seconds.") },
    { "sent", C_ ("floor page", "Sent to the desk") },
    { "pending", C_ ("floor page", "waiting to be sent") },
    { "confirmed", C_ ("floor page", "confirmed by the desk") },
    /* Translators: an entry the desk stored and a deputy's copy holds too */
    { "on_deputy", C_ ("floor page", "on the desk and a deputy") },
    /* Translators: an entry the desk stored that no deputy has confirmed */
    { "desk_only", C_ ("floor page", "on the desk only") },
    { "refused", C_ ("floor page", "refused by the desk") },
    { "offline", C_ ("floor page", "No connection to the desk; entries wait here.") },
    { "no_token", C_ ("floor page", "Open the address of your sign-in from the desk.") },
    { "signed_out",
      C_ ("floor page", "This sign-in is not accepted; ask the desk for a new one.") },
    /* TRANSLATORS: the label of the menu of the page's languages */
    { "language", C_ ("floor page", "Language") },
    /* TRANSLATORS: %s is the certificate's fingerprint, AA:BB:…, which
     * the arbiter compares with the one the desk shows */
    { "compare_fp", C_ ("floor page", "Compare with the desk: %s") },
  };
  g_autoptr (JsonBuilder) b = json_builder_new ();

  arb_net_page_begin_strings (b, strings, G_N_ELEMENTS (strings));
  add_languages (b, language);
  return arb_net_page_end_strings (b);
}

const char *
arb_floor_page_choose_language (const char *cookie, const char *accept_language)
{
  const char *language;
  GHashTable *cookies;

  if (cookie == NULL)
    return arb_net_page_language (NULL, accept_language);
  cookies = soup_header_parse_semi_param_list (cookie);
  language = arb_net_page_language (g_hash_table_lookup (cookies, ARB_FLOOR_PAGE_LANGUAGE_COOKIE),
                                    accept_language);
  soup_header_free_param_list (cookies);
  return language;
}

GBytes *
arb_floor_page_new (const char *language)
{
  g_autoptr (GBytes) html = arb_net_page_resource ("floor.html");
  g_autoptr (GBytes) css = arb_net_page_resource ("floor.css");
  g_autoptr (GBytes) js = arb_net_page_resource ("floor.js");
  GString *page =
    g_string_new_len (g_bytes_get_data (html, NULL), (gssize) g_bytes_get_size (html));
  g_autofree char *style = g_strndup (g_bytes_get_data (css, NULL), g_bytes_get_size (css));
  g_autofree char *script = g_strndup (g_bytes_get_data (js, NULL), g_bytes_get_size (js));
  g_autofree char *strings = NULL;

  /* A language without its catalog here is served in English. */
  if (!arb_i18n_push_language (language, NULL))
    {
      language = "en";
      arb_i18n_push_language (language, NULL);
    }
  strings = strings_json (language);
  arb_i18n_pop_language ();

  arb_net_page_replace (page, "/*@STYLE@*/", style);
  arb_net_page_replace (page, "/*@STRINGS@*/", strings);
  arb_net_page_replace (page, "/*@SCRIPT@*/", script);
  return g_string_free_to_bytes (page);
}
