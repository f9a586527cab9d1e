/* fuzz-team-request.c: libFuzzer harness for the arbiters' service's
 * decisions on a request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is an HTTP request as a phone, or anyone on the venue's
 * network, may send it to the team service: libsoup's parser reads its
 * head, as the server does, and the team's decisions (arb-team-routes.h)
 * are taken in the server's order: the head's limits (411, 413), the
 * floor page, the bearer token (401), the arbiter's rate (429), the
 * entry in the body (400), the route (404). The header "X-Fuzz-Repeat: N"
 * (harness only, at most 200) counts the request N times in one minute,
 * so that the rate's limit is reached. Besides "no crash, no leak, no
 * undefined behaviour": only the statuses the service knows, no body
 * read past its limit or on a route that takes none, nothing answered
 * without the token but the floor page, and the rate allows exactly its
 * limit a minute.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-team-routes.h"
#include "arb-team-server.h"

#define TOKEN "5a1e"
#define MAX_REPEAT 200

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gint64
content_length_of (SoupMessageHeaders *headers)
{
  return soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH
           ? soup_message_headers_get_content_length (headers)
           : -1;
}

/* Counts the request REPEAT times: FALSE when the last one is over the
 * rate. Exactly the limit passes in a minute. */
static gboolean
rate_passes (guint repeat)
{
  g_autoptr (ArbTeamRates) rates = arb_team_rates_new ();
  gint64 now = 3 * 60 * G_USEC_PER_SEC;
  guint passed = 0;

  for (guint i = 0; i < repeat; i++)
    passed += arb_team_rates_take (rates, "Ana", now + i);
  if (passed != MIN (repeat, ARB_TEAM_SERVER_RATE_PER_MINUTE))
    abort ();
  /* A new minute, a new count. */
  if (!arb_team_rates_take (rates, "Ana", now + 60 * G_USEC_PER_SEC))
    abort ();
  return repeat <= ARB_TEAM_SERVER_RATE_PER_MINUTE;
}

/* The entry's body: 400 when it is not a JSON object, 422 without its id. */
static guint
entry_status (ArbTeamRoute route, const char *body, gsize size)
{
  g_autoptr (JsonNode) root = NULL;
  ArbFloorSubmission s;
  ArbFloorKind kind;

  if (!arb_team_route_is_entry (route, &kind))
    abort ();
  if (size > ARB_TEAM_SERVER_MAX_BODY)
    abort (); /* refused on its head */
  root = arb_team_route_read_entry (body, size, kind, &s);
  if (root == NULL)
    return 400;
  if (s.kind != kind || s.round < 0 || s.board < 0)
    abort ();
  return s.client_id != NULL ? 200 : 422;
}

static guint
decide (const char *method,
        const char *path,
        SoupMessageHeaders *headers,
        const char *body,
        gsize body_size)
{
  gint64 length = content_length_of (headers);
  guint status = arb_team_route_check_head (method, length);
  ArbTeamRoute route = arb_team_route_find (method, path);
  const char *token =
    arb_team_route_bearer (soup_message_headers_get_one (headers, "Authorization"));
  const char *repeat_text = soup_message_headers_get_one (headers, "X-Fuzz-Repeat");
  guint64 repeat = 1;

  if (status != 0)
    {
      if (strcmp (method, "POST") != 0)
        abort ();
      return status;
    }
  if (strcmp (method, "POST") == 0 && (length < 0 || length > ARB_TEAM_SERVER_MAX_BODY))
    abort ();
  if (route == ARB_TEAM_ROUTE_FLOOR)
    return 200;
  if (token == NULL || strcmp (token, TOKEN) != 0)
    return 401;
  if (repeat_text != NULL &&
      !g_ascii_string_to_unsigned (repeat_text, 10, 1, MAX_REPEAT, &repeat, NULL))
    repeat = 1;
  if (!rate_passes ((guint) repeat))
    return 429;
  if (arb_team_route_is_entry (route, NULL))
    return entry_status (route, body, MIN (body_size, (gsize) MAX (length, 0)));
  return route == ARB_TEAM_ROUTE_NONE ? 404 : 200;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  const char *end;
  gsize head_size;
  g_autofree char *method = NULL;
  g_autofree char *target = NULL;
  g_autofree char *path = NULL;
  g_autoptr (SoupMessageHeaders) headers = NULL;
  SoupHTTPVersion version;
  guint status;

  if (size > 64 * 1024)
    return 0;
  end = g_strstr_len (text, (gssize) size, "\r\n\r\n");
  head_size = end != NULL ? (gsize) (end - text) + 4 : size;
  headers = soup_message_headers_new (SOUP_MESSAGE_HEADERS_REQUEST);
  if (soup_headers_parse_request (text, (guint) head_size, headers, &method, &target, &version) !=
      SOUP_STATUS_OK)
    return 0;
  path = g_strndup (target, strcspn (target, "?"));
  status = decide (method, path, headers, text + head_size, size - head_size);
  switch (status)
    {
    case 200:
    case 400:
    case 401:
    case 404:
    case 411:
    case 413:
    case 422:
    case 429:
      break;
    default:
      fprintf (stderr, "unexpected status %u\n", status);
      abort ();
    }
  return 0;
}
