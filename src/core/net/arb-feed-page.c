/* arb-feed-page.c: the display page of the feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed-page.h"

#include <gio/gio.h>
#include <string.h>

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

GBytes *
arb_feed_page_new (void)
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
  arb_net_page_replace (page, "/*@SCRIPT@*/", script);
  return g_string_free_to_bytes (page);
}
