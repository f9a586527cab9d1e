/* arb-feed-routes.c: what the feed answers to a request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed-routes.h"

#include <string.h>

#define PGN_TYPE "application/x-chess-pgn; charset=utf-8"
#define JSON_TYPE "application/json; charset=utf-8"
#define HTML_TYPE "text/html; charset=utf-8"
#define TEXT_TYPE "text/plain; charset=utf-8"

guint
arb_feed_route_check_headers (const ArbFeedRequest *request)
{
  g_return_val_if_fail (request != NULL, 400);

  if (request->n_headers > ARB_FEED_MAX_HEADERS)
    return 431;
  /* Every route is read-only: a body has no use, and a large one is
   * refused before it is read. */
  if (request->chunked || request->content_length > ARB_FEED_MAX_REQUEST_BODY)
    return 413;
  return 0;
}

gboolean
arb_feed_accepts_gzip (const char *accept_encoding)
{
  g_auto (GStrv) items = NULL;

  if (accept_encoding == NULL)
    return FALSE;
  items = g_strsplit (accept_encoding, ",", 32);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit (items[i], ";", 8);
      const char *coding;

      /* An empty item (", ,") splits into nothing. */
      if (parts[0] == NULL)
        continue;
      coding = g_strstrip (parts[0]);

      if (g_ascii_strcasecmp (coding, "gzip") != 0 && g_ascii_strcasecmp (coding, "x-gzip") != 0)
        continue;
      for (guint k = 1; parts[k] != NULL; k++)
        {
          const char *param = g_strstrip (parts[k]);

          if ((param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
            {
              char *end = NULL;
              double q = g_ascii_strtod (param + 2, &end);

              if (end == param + 2 || q <= 0.0)
                return FALSE;
            }
        }
      return TRUE;
    }
  return FALSE;
}

gboolean
arb_feed_etag_matches (const char *if_none_match, const char *etag)
{
  g_auto (GStrv) items = NULL;

  if (if_none_match == NULL || etag == NULL)
    return FALSE;
  items = g_strsplit (if_none_match, ",", 64);
  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *item = g_strstrip (items[i]);

      /* A weak tag compares by its opaque part (RFC 9110 8.8.3.2). */
      if (g_str_has_prefix (item, "W/"))
        item += 2;
      if (strcmp (item, "*") == 0 || strcmp (item, etag) == 0)
        return TRUE;
    }
  return FALSE;
}

int
arb_feed_board_from_path (const char *path)
{
  const char *p;
  int board = 0;
  int digits = 0;

  if (path == NULL || !g_str_has_prefix (path, "/board/"))
    return 0;
  for (p = path + 7; g_ascii_isdigit (*p) && digits < 5; p++, digits++)
    board = board * 10 + (*p - '0');
  if (digits == 0 || digits > 4 || path[7] == '0' || strcmp (p, ".pgn") != 0)
    return 0;
  return board;
}

/* Compares without stopping at the first difference, so that the time an
 * answer takes says nothing of how much of a guess was right. */
static gboolean
secret_equal (const char *a, const char *b)
{
  gsize la = strlen (a);
  gsize lb = strlen (b);
  guint diff = la != lb;

  for (gsize i = 0; i < lb; i++)
    diff |= (guint) (guchar) b[i] ^ (guint) (guchar) (i < la ? a[i] : 0);
  return diff == 0;
}

static gboolean
authorized (const ArbFeedRequest *request)
{
  if (request->token == NULL || request->token[0] == '\0')
    return TRUE;
  if (request->authorization != NULL &&
      g_ascii_strncasecmp (request->authorization, "Bearer ", 7) == 0 &&
      secret_equal (request->authorization + 7, request->token))
    return TRUE;
  if (request->query != NULL)
    {
      g_autoptr (GHashTable) params =
        g_uri_parse_params (request->query, -1, "&", G_URI_PARAMS_NONE, NULL);
      const char *given = params != NULL ? g_hash_table_lookup (params, "token") : NULL;

      if (given != NULL && secret_equal (given, request->token))
        return TRUE;
    }
  return FALSE;
}

static void
set_text (ArbFeedResponse *response, guint status, const char *text)
{
  response->status = status;
  response->content_type = TEXT_TYPE;
  response->body = g_bytes_new_static (text, strlen (text));
}

static void
set_cached (ArbFeedResponse *response,
            const ArbFeedRequest *request,
            const char *content_type,
            GBytes *body,
            const char *etag)
{
  response->content_type = content_type;
  response->etag = g_strdup (etag);
  if (arb_feed_etag_matches (request->if_none_match, etag))
    {
      response->status = 304;
      g_bytes_unref (body);
      return;
    }
  response->status = 200;
  response->body = body;
}

void
arb_feed_route (ArbFeedState *state,
                GBytes *page,
                const ArbFeedRequest *request,
                ArbFeedResponse *response)
{
  const char *path;
  gboolean gzip;
  guint refused;
  int board;

  g_return_if_fail (request != NULL);
  g_return_if_fail (response != NULL);

  memset (response, 0, sizeof *response);
  path = request->path != NULL ? request->path : "";

  refused = arb_feed_route_check_headers (request);
  if (refused != 0)
    {
      set_text (response, refused,
                refused == 413 ? "A request to the feed has no body.\n"
                               : "Too many header fields.\n");
      response->close = TRUE;
      return;
    }
  if (g_strcmp0 (request->method, "GET") != 0 && g_strcmp0 (request->method, "HEAD") != 0)
    {
      set_text (response, 405, "The feed is read-only: GET and HEAD only.\n");
      return;
    }
  response->head = g_strcmp0 (request->method, "HEAD") == 0;
  if (!authorized (request))
    {
      set_text (response, 401, "This feed wants its access token.\n");
      return;
    }
  gzip = arb_feed_accepts_gzip (request->accept_encoding);

  if (strcmp (path, "/") == 0)
    response->route = ARB_FEED_ROUTE_PAGE;
  else if (strcmp (path, "/round.pgn") == 0)
    response->route = ARB_FEED_ROUTE_ROUND_PGN;
  else if (strcmp (path, "/round.json") == 0)
    response->route = ARB_FEED_ROUTE_ROUND_JSON;
  else if (strcmp (path, "/pairings.json") == 0)
    response->route = ARB_FEED_ROUTE_PAIRINGS_JSON;
  else if (strcmp (path, "/standings.json") == 0)
    response->route = ARB_FEED_ROUTE_STANDINGS_JSON;
  else if (strcmp (path, "/events") == 0)
    response->route = ARB_FEED_ROUTE_EVENTS;
  else if ((board = arb_feed_board_from_path (path)) > 0)
    response->route = ARB_FEED_ROUTE_BOARD_PGN;

  if (response->route != ARB_FEED_ROUTE_NONE && response->route != ARB_FEED_ROUTE_PAGE &&
      state == NULL)
    {
      set_text (response, 503, "The round is being read.\n");
      return;
    }

  switch (response->route)
    {
    case ARB_FEED_ROUTE_PAGE:
      if (page == NULL)
        {
          set_text (response, 404, "No display page.\n");
          return;
        }
      response->status = 200;
      response->content_type = HTML_TYPE;
      response->body = g_bytes_ref (page);
      return;

    case ARB_FEED_ROUTE_ROUND_PGN:
      {
        const char *etag = NULL;
        GBytes *body = arb_feed_state_get_pgn (state, gzip, &etag);

        response->gzip = gzip;
        set_cached (response, request, PGN_TYPE, body, etag);
        return;
      }

    case ARB_FEED_ROUTE_BOARD_PGN:
      {
        const char *etag = NULL;
        GBytes *body = arb_feed_state_get_board_pgn (state, board, gzip, &etag);

        if (body == NULL)
          {
            set_text (response, 404, "No such board in this round.\n");
            return;
          }
        response->gzip = gzip;
        set_cached (response, request, PGN_TYPE, body, etag);
        return;
      }

    case ARB_FEED_ROUTE_ROUND_JSON:
      {
        char *json = arb_feed_state_to_json (state, request->now_us);

        response->status = 200;
        response->content_type = JSON_TYPE;
        response->body = g_bytes_new_take (json, strlen (json));
        return;
      }

    case ARB_FEED_ROUTE_PAIRINGS_JSON:
    case ARB_FEED_ROUTE_STANDINGS_JSON:
      {
        const char *etag = NULL;
        GBytes *body = response->route == ARB_FEED_ROUTE_PAIRINGS_JSON
                         ? arb_feed_state_get_pairings_json (state, gzip, &etag)
                         : arb_feed_state_get_standings_json (state, gzip, &etag);

        response->gzip = gzip;
        set_cached (response, request, JSON_TYPE, body, etag);
        return;
      }

    case ARB_FEED_ROUTE_EVENTS:
      response->status = 200;
      response->content_type = "text/event-stream; charset=utf-8";
      return;

    case ARB_FEED_ROUTE_NONE:
    default:
      set_text (response, 404,
                "Not here. The feed serves /, /round.pgn, /round.json, "
                "/pairings.json, /standings.json, /board/N.pgn and /events.\n");
      return;
    }
}

void
arb_feed_response_clear (ArbFeedResponse *response)
{
  g_return_if_fail (response != NULL);

  g_clear_pointer (&response->body, g_bytes_unref);
  g_clear_pointer (&response->etag, g_free);
}
