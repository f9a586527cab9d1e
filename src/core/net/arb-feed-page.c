/* arb-feed-page.c: the display page of the feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed-page.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-net-resources.h"

#define PREFIX "/io/github/arbiterdesk/Arbiter/net/"

GBytes *
arb_net_page_resource (const char *name)
{
  g_autofree char *path = g_strconcat (PREFIX, name, NULL);
  g_autoptr (GError) error = NULL;
  /* The resource of this library, named directly: a static library's
   * constructor that would register it is not always linked in. */
  GBytes *bytes =
    g_resource_lookup_data (arb_net_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

  if (bytes == NULL)
    g_error ("A page of the net layer is missing from the build: %s", error->message);
  return bytes;
}

void
arb_net_page_replace (GString *page, const char *marker, const char *text)
{
  const char *at = strstr (page->str, marker);

  if (at != NULL)
    {
      gsize offset = (gsize) (at - page->str);

      g_string_erase (page, (gssize) offset, (gssize) strlen (marker));
      g_string_insert (page, (gssize) offset, text);
    }
}

void
arb_net_page_begin_strings (JsonBuilder *b, const ArbNetPageString *strings, gsize n)
{
  json_builder_begin_object (b);
  for (gsize i = 0; i < n; i++)
    {
      json_builder_set_member_name (b, strings[i].key);
      json_builder_add_string_value (b, strings[i].text);
    }
}

char *
arb_net_page_end_strings (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;

  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  parts = g_strsplit (text, "</", -1);
  return g_strjoinv ("<\\/", parts);
}

/* One language tag ("sv-SE", "nb", "*"), as one Arbiter speaks, or NULL.
 * Norwegian without a written standard named is taken as bokmål. */
static const char *
known_language (const char *tag)
{
  const char *const *all = arb_i18n_get_languages ();
  g_autofree char *primary = g_ascii_strdown (tag, (gssize) strcspn (tag, "-_"));

  if (strcmp (primary, "no") == 0)
    {
      g_free (primary);
      primary = g_strdup ("nb");
    }
  for (guint i = 0; all[i] != NULL; i++)
    if (strcmp (primary, all[i]) == 0)
      return all[i];
  return NULL;
}

const char *
arb_net_page_language (const char *chosen, const char *accept_language)
{
  const char *language = chosen != NULL ? known_language (chosen) : NULL;

  if (language == NULL && accept_language != NULL)
    {
      GSList *tags = soup_header_parse_quality_list (accept_language, NULL);

      for (GSList *l = tags; l != NULL && language == NULL; l = l->next)
        language = known_language (l->data);
      soup_header_free_list (tags);
    }
  return language != NULL ? language : "en";
}

const char *
arb_feed_page_choose_language (const char *query, const char *accept_language)
{
  g_autoptr (GHashTable) params = NULL;

  if (query != NULL)
    params = g_uri_parse_params (query, -1, "&", G_URI_PARAMS_NONE, NULL);
  return arb_net_page_language (params != NULL ? g_hash_table_lookup (params, "lang") : NULL,
                                accept_language);
}

/* The page's words as a JSON object, in the language pushed now, "</"
 * escaped so that none closes the script element. A "%d" or "%s" in one
 * is filled in by the script, in order. */
static char *
strings_json (void)
{
  const ArbNetPageString strings[] = {
    /* Translators: the heading of the hall's screen; %d is the round */
    { "round", C_ ("display page", "Round %d") },
    /* Translators: the boards a page of the hall's screen shows, "Boards 17–32" */
    { "boards", C_ ("display page", "Boards %d–%d") },
    /* Translators: the players without a game this round; %s is the list */
    { "byes", C_ ("display page", "Byes: %s") },
    { "pairings", C_ ("display page", "Pairings") },
    /* Translators: %d is the round */
    { "pairings_round", C_ ("display page", "Pairings, round %d") },
    { "standings", C_ ("display page", "Standings") },
    /* Translators: %d is the last round counted */
    { "standings_after", C_ ("display page", "Standings after round %d") },
    /* Translators: the heading of the column of board numbers, short */
    { "board", C_ ("display page", "Bd") },
    { "white", C_ ("display page", "White") },
    { "black", C_ ("display page", "Black") },
    /* Translators: the heading of the column of ratings, short */
    { "rating", C_ ("display page", "Elo") },
    /* Translators: the heading of the column of points, short */
    { "points", C_ ("display page", "Pts") },
    /* Translators: the heading of the column of starting numbers, short */
    { "number", C_ ("display page", "No") },
    { "name", C_ ("display page", "Name") },
    { "team", C_ ("display page", "Team") },
    /* Translators: the heading of the column of matches played, one letter */
    { "matches", C_ ("display page", "M") },
    /* Translators: match points, short */
    { "match_points", C_ ("display page", "MP") },
    /* Translators: game points, short */
    { "game_points", C_ ("display page", "GP") },
    /* Translators: after a team match's teams, "Malmö – Oslo (forfeited)" */
    { "forfeited", C_ ("display page", "forfeited") },
    /* Translators: in a pairing list, a player or a team without a game */
    { "bye", C_ ("display page", "bye") },
    /* Translators: the kinds of bye, after the player's name */
    { "pairing-allocated", C_ ("display page", "pairing allocated") },
    { "half-point", C_ ("display page", "half point") },
    { "full-point", C_ ("display page", "full point") },
    { "zero-point", C_ ("display page", "zero point") },
  };
  g_autoptr (JsonBuilder) b = json_builder_new ();

  arb_net_page_begin_strings (b, strings, G_N_ELEMENTS (strings));
  return arb_net_page_end_strings (b);
}

GBytes *
arb_feed_page_new (const char *language)
{
  static const char *const pieces[] = { "wk", "wq", "wr", "wb", "wn", "wp",
                                        "bk", "bq", "br", "bb", "bn", "bp" };
  g_autoptr (GBytes) html = arb_net_page_resource ("display.html");
  g_autoptr (GBytes) css = arb_net_page_resource ("display.css");
  g_autoptr (GBytes) js = arb_net_page_resource ("display.js");
  g_autoptr (GString) piece_css = g_string_new (NULL);
  GString *page =
    g_string_new_len (g_bytes_get_data (html, NULL), (gssize) g_bytes_get_size (html));
  g_autofree char *style = g_strndup (g_bytes_get_data (css, NULL), g_bytes_get_size (css));
  g_autofree char *script = g_strndup (g_bytes_get_data (js, NULL), g_bytes_get_size (js));
  g_autofree char *strings = NULL;

  /* A language without its catalog here is served in English. */
  if (language == NULL || !arb_i18n_push_language (language, NULL))
    {
      language = "en";
      arb_i18n_push_language (language, NULL);
    }
  strings = strings_json ();
  arb_i18n_pop_language ();

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autofree char *name = g_strdup_printf ("pieces/%s.svg", pieces[i]);
      g_autoptr (GBytes) svg = arb_net_page_resource (name);
      g_autofree char *base64 =
        g_base64_encode (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));

      g_string_append_printf (piece_css,
                              ".sq.p-%s{background-image:url(\"data:image/svg+xml;base64,%s\")}\n",
                              pieces[i], base64);
    }
  arb_net_page_replace (page, "/*@STYLE@*/", style);
  arb_net_page_replace (page, "/*@PIECES@*/", piece_css->str);
  arb_net_page_replace (page, "@LANG@", language);
  arb_net_page_replace (page, "/*@STRINGS@*/", strings);
  arb_net_page_replace (page, "/*@SCRIPT@*/", script);
  return g_string_free_to_bytes (page);
}
