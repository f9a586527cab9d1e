/* fuzz-feed-request.c: libFuzzer harness for the feed's answers to requests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is an HTTP request as a screen, a relay or anyone on the venue
 * network may send it. libsoup's own parser reads its head, as the server
 * does, and the feed's routing decides (arb-feed-routes.h), over a small
 * published round with an access token. Besides "no crash, no leak, no
 * undefined behaviour": only the statuses the feed knows, nothing but GET
 * and HEAD ever answered with the round, nothing answered without the
 * token, a gzip body that is gzip, and every PGN answer with its entity
 * tag.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-feed-page.h"
#include "arb-feed-routes.h"
#include "arb-san.h"
#include "arb-test-utils.h"

#define TOKEN "hall-7"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static ArbFeedState *state;
static GBytes *page;

static void
add_game (ArbTournament *t, int board, const char *const *moves)
{
  ArbPlayerInfo white = { .name = (char *) "Fuzz, White", .rating = 2100 };
  ArbPlayerInfo black = { .name = (char *) "Fuzz, Black", .title = (char *) "FM" };
  ArbGameInfo game = { .round = 1, .board = board, .rated = TRUE };
  ArbPosition pos;
  gint64 id;

  game.white_id = arb_tournament_add_player (t, &white, NULL);
  game.black_id = arb_tournament_add_player (t, &black, NULL);
  id = arb_tournament_add_game (t, &game, NULL);
  if (id == 0)
    abort ();
  arb_position_set_start (&pos);
  for (int i = 0; moves[i] != NULL; i++)
    {
      ArbMove move = arb_san_parse (&pos, moves[i], strlen (moves[i]), NULL);
      ArbUndo undo;

      if (move == ARB_MOVE_NONE ||
          !arb_tournament_add_move (t, id, i + 1, NULL, move, 5400000 - i * 1000, 5400000, NULL))
        abort ();
      arb_position_make_move (&pos, move, &undo);
    }
}

/* A round of two games, published once for every input. */
static void
make_state (void)
{
  static const char *const italian[] = { "e4", "e5", "Nf3", "Nc6", "Bc4", NULL };
  static const char *const none[] = { NULL };
  g_autofree char *path = arb_test_temp_path ("feed.arbiter");
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbFeedRound) round = NULL;
  ArbEventInfo event = { .name = (char *) "Fuzz Open", .edition = 2023 };

  arb_position_init ();
  t = arb_tournament_create (path, &event, NULL);
  if (t == NULL)
    abort ();
  add_game (t, 1, italian);
  add_game (t, 2, none);
  round = arb_feed_round_read (t, 0, NULL);
  if (round == NULL)
    abort ();
  state = arb_feed_state_new (round, g_get_real_time (), 0, 1);
  page = arb_feed_page_new ("en");
  g_clear_object (&t);
}

static void
count_cb (const char *name, const char *value, gpointer data)
{
  (*(guint *) data)++;
}

static gboolean
carries_token (const ArbFeedRequest *request)
{
  if (request->authorization != NULL &&
      g_ascii_strncasecmp (request->authorization, "Bearer ", 7) == 0 &&
      strcmp (request->authorization + 7, TOKEN) == 0)
    return TRUE;
  return request->query != NULL && strstr (request->query, "token=" TOKEN) != NULL;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (SoupMessageHeaders) headers = NULL;
  g_autofree char *method = NULL;
  g_autofree char *target = NULL;
  g_autofree char *path = NULL;
  const char *query = NULL;
  ArbFeedRequest request = { 0 };
  ArbFeedResponse response;
  SoupHTTPVersion version;
  guint status;

  if (state == NULL)
    make_state ();
  if (size > 64 * 1024)
    return 0;

  headers = soup_message_headers_new (SOUP_MESSAGE_HEADERS_REQUEST);
  status = soup_headers_parse_request ((const char *) data, (guint) size, headers, &method, &target,
                                       &version);
  if (status != SOUP_STATUS_OK)
    return 0;

  {
    const char *q = strchr (target, '?');

    path = q != NULL ? g_strndup (target, (gsize) (q - target)) : g_strdup (target);
    query = q != NULL ? q + 1 : NULL;
  }
  request.method = method;
  request.path = path;
  request.query = query;
  soup_message_headers_foreach (headers, count_cb, &request.n_headers);
  request.content_length = -1;
  switch (soup_message_headers_get_encoding (headers))
    {
    case SOUP_ENCODING_CONTENT_LENGTH:
      request.content_length = soup_message_headers_get_content_length (headers);
      break;
    case SOUP_ENCODING_CHUNKED:
    case SOUP_ENCODING_EOF:
      request.chunked = TRUE;
      break;
    default:
      break;
    }
  request.authorization = soup_message_headers_get_one (headers, "Authorization");
  request.if_none_match = soup_message_headers_get_one (headers, "If-None-Match");
  request.accept_encoding = soup_message_headers_get_one (headers, "Accept-Encoding");
  request.token = TOKEN;
  request.now_us = g_get_real_time ();

  arb_feed_route (state, page, &request, &response);

  switch (response.status)
    {
    case 200:
    case 304:
    case 401:
    case 404:
    case 405:
    case 413:
    case 431:
      break;
    default:
      fprintf (stderr, "unexpected status %u\n", response.status);
      abort ();
    }
  if ((response.status == 200 || response.status == 304) &&
      (strcmp (method, "GET") != 0 && strcmp (method, "HEAD") != 0))
    {
      fprintf (stderr, "%s answered with %u\n", method, response.status);
      abort ();
    }
  if ((response.status == 200 || response.status == 304) && !carries_token (&request))
    {
      fprintf (stderr, "answered %u without the token\n", response.status);
      abort ();
    }
  if (response.status == 200 && response.route == ARB_FEED_ROUTE_NONE)
    abort ();
  if ((response.route == ARB_FEED_ROUTE_ROUND_PGN || response.route == ARB_FEED_ROUTE_BOARD_PGN) &&
      (response.status == 200 || response.status == 304) && response.etag == NULL)
    abort ();
  if (response.status == 200 && response.gzip)
    {
      gsize n = 0;
      const guint8 *bytes = g_bytes_get_data (response.body, &n);

      if (n < 2 || bytes[0] != 0x1f || bytes[1] != 0x8b)
        abort ();
    }
  arb_feed_response_clear (&response);
  return 0;
}
