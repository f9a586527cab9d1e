/* test-feed-routes.c: what the feed answers, without a network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-feed-page.h"
#include "arb-feed-routes.h"
#include "arb-san.h"
#include "arb-test-utils.h"

static ArbFeedState *
make_state (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbFeedRound) round = NULL;
  ArbPlayerInfo white = { .name = (char *) "Route, A" };
  ArbPlayerInfo black = { .name = (char *) "Route, B" };
  ArbGameInfo game = { .round = 1, .board = 3, .rated = TRUE };
  ArbPosition pos;
  ArbMove move;
  gint64 id;

  game.white_id = arb_tournament_add_player (t, &white, &error);
  game.black_id = arb_tournament_add_player (t, &black, &error);
  id = arb_tournament_add_game (t, &game, &error);
  g_assert_no_error (error);
  arb_position_set_start (&pos);
  move = arb_san_parse (&pos, "e4", 2, &error);
  g_assert_true (arb_tournament_add_move (t, id, 1, NULL, move, -1, -1, &error));
  round = arb_feed_round_read (t, 0, &error);
  g_assert_no_error (error);
  return arb_feed_state_new (round, g_get_real_time (), 0, 1);
}

typedef struct
{
  const char *method;
  const char *path;
  const char *query;
  const char *token;
  const char *authorization;
  gint64 content_length;
  gboolean chunked;
  guint n_headers;
  guint status;
  ArbFeedRoute route;
} RouteCase;

static void
test_routes (void)
{
  static const RouteCase cases[] = {
    { "GET", "/", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_PAGE },
    { "GET", "/round.pgn", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_ROUND_PGN },
    { "HEAD", "/round.pgn", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_ROUND_PGN },
    { "GET", "/round.json", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_ROUND_JSON },
    { "GET", "/board/3.pgn", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_BOARD_PGN },
    { "GET", "/board/4.pgn", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_BOARD_PGN },
    { "GET", "/events", NULL, NULL, NULL, -1, FALSE, 5, 200, ARB_FEED_ROUTE_EVENTS },
    /* Nothing else, and never the file. */
    { "GET", "/t.arbiter", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    { "GET", "/../t.arbiter", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    { "GET", "/rulings", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    { "GET", "/round.pgn/", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    { "GET", "/board/03.pgn", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    { "GET", "", NULL, NULL, NULL, -1, FALSE, 5, 404, ARB_FEED_ROUTE_NONE },
    /* Read-only. */
    { "POST", "/round.pgn", NULL, NULL, NULL, 0, FALSE, 5, 405, ARB_FEED_ROUTE_NONE },
    { "PUT", "/", NULL, NULL, NULL, 0, FALSE, 5, 405, ARB_FEED_ROUTE_NONE },
    { "DELETE", "/round.pgn", NULL, NULL, NULL, -1, FALSE, 5, 405, ARB_FEED_ROUTE_NONE },
    { "OPTIONS", "/", NULL, NULL, NULL, -1, FALSE, 5, 405, ARB_FEED_ROUTE_NONE },
    /* Bounded. */
    { "GET", "/round.pgn", NULL, NULL, NULL, 1024, FALSE, 5, 200, ARB_FEED_ROUTE_ROUND_PGN },
    { "GET", "/round.pgn", NULL, NULL, NULL, 1025, FALSE, 5, 413, ARB_FEED_ROUTE_NONE },
    { "POST", "/round.pgn", NULL, NULL, NULL, 100000000, FALSE, 5, 413, ARB_FEED_ROUTE_NONE },
    { "POST", "/round.pgn", NULL, NULL, NULL, -1, TRUE, 5, 413, ARB_FEED_ROUTE_NONE },
    { "GET", "/round.pgn", NULL, NULL, NULL, -1, FALSE, 64, 200, ARB_FEED_ROUTE_ROUND_PGN },
    { "GET", "/round.pgn", NULL, NULL, NULL, -1, FALSE, 65, 431, ARB_FEED_ROUTE_NONE },
    /* The access token, when there is one. */
    { "GET", "/round.pgn", NULL, "s3cret", NULL, -1, FALSE, 5, 401, ARB_FEED_ROUTE_NONE },
    { "GET", "/round.pgn", "token=s3cret", "s3cret", NULL, -1, FALSE, 5, 200,
      ARB_FEED_ROUTE_ROUND_PGN },
    { "GET", "/round.pgn", "a=1&token=s3cret", "s3cret", NULL, -1, FALSE, 5, 200,
      ARB_FEED_ROUTE_ROUND_PGN },
    { "GET", "/round.pgn", "token=s3cre", "s3cret", NULL, -1, FALSE, 5, 401, ARB_FEED_ROUTE_NONE },
    { "GET", "/round.pgn", "token=s3cret2", "s3cret", NULL, -1, FALSE, 5, 401,
      ARB_FEED_ROUTE_NONE },
    { "GET", "/round.pgn", "token=%zz", "s3cret", NULL, -1, FALSE, 5, 401, ARB_FEED_ROUTE_NONE },
    { "GET", "/events", NULL, "s3cret", "Bearer s3cret", -1, FALSE, 5, 200, ARB_FEED_ROUTE_EVENTS },
    { "GET", "/", NULL, "s3cret", "Bearer wrong", -1, FALSE, 5, 401, ARB_FEED_ROUTE_NONE },
    { "GET", "/", NULL, "s3cret", "Basic s3cret", -1, FALSE, 5, 401, ARB_FEED_ROUTE_NONE },
  };
  g_autoptr (ArbFeedState) state = make_state ();
  g_autoptr (GBytes) page = arb_feed_page_new ("en");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbFeedRequest request = { .method = cases[i].method,
                                 .path = cases[i].path,
                                 .query = cases[i].query,
                                 .n_headers = cases[i].n_headers,
                                 .content_length = cases[i].content_length,
                                 .chunked = cases[i].chunked,
                                 .authorization = cases[i].authorization,
                                 .token = cases[i].token,
                                 .now_us = g_get_real_time () };
      ArbFeedResponse response;

      g_test_message ("%s %s?%s", cases[i].method, cases[i].path,
                      cases[i].query != NULL ? cases[i].query : "");
      arb_feed_route (state, page, &request, &response);
      g_assert_cmpuint (response.status, ==, cases[i].status);
      if (cases[i].status != 404 || cases[i].route == ARB_FEED_ROUTE_NONE)
        g_assert_cmpint (response.route, ==, cases[i].route);
      if (response.status == 200 && response.route != ARB_FEED_ROUTE_EVENTS)
        g_assert_nonnull (response.body);
      g_assert_cmpint (response.head, ==,
                       strcmp (cases[i].method, "HEAD") == 0 && response.status < 400);
      arb_feed_response_clear (&response);
    }
}

/* An entity tag the client has already gets 304 and no body; gzip only
 * when asked. */
static void
test_conditional_and_gzip (void)
{
  g_autoptr (ArbFeedState) state = make_state ();
  ArbFeedRequest request = { .method = "GET", .path = "/round.pgn", .content_length = -1 };
  ArbFeedResponse first, again, zipped, other;
  g_autofree char *list = NULL;

  arb_feed_route (state, NULL, &request, &first);
  g_assert_cmpuint (first.status, ==, 200);
  g_assert_nonnull (first.etag);
  g_assert_false (first.gzip);

  list = g_strdup_printf ("\"nope\", %s", first.etag);
  request.if_none_match = list;
  arb_feed_route (state, NULL, &request, &again);
  g_assert_cmpuint (again.status, ==, 304);
  g_assert_null (again.body);
  g_assert_cmpstr (again.etag, ==, first.etag);

  request.if_none_match = NULL;
  request.accept_encoding = "br, gzip;q=0.8";
  arb_feed_route (state, NULL, &request, &zipped);
  g_assert_cmpuint (zipped.status, ==, 200);
  g_assert_true (zipped.gzip);
  g_assert_cmpstr (zipped.etag, !=, first.etag);
  g_assert_cmpuint (g_bytes_get_size (zipped.body), <, g_bytes_get_size (first.body));

  /* The page before the round is read; the data after. */
  request.accept_encoding = NULL;
  request.path = "/round.json";
  arb_feed_route (NULL, NULL, &request, &other);
  g_assert_cmpuint (other.status, ==, 503);

  arb_feed_response_clear (&first);
  arb_feed_response_clear (&again);
  arb_feed_response_clear (&zipped);
  arb_feed_response_clear (&other);
}

static void
test_accepts_gzip (void)
{
  static const struct
  {
    const char *header;
    gboolean gzip;
  } cases[] = {
    { NULL, FALSE },
    { "", FALSE },
    { "gzip", TRUE },
    { "GZIP", TRUE },
    { "deflate, gzip", TRUE },
    { "gzip;q=0", FALSE },
    { "gzip; q=0.0", FALSE },
    { "gzip;q=0.5", TRUE },
    { "x-gzip", TRUE },
    { "gzipper", FALSE },
    { "br;q=1, identity", FALSE },
    { "*", FALSE },
    /* Empty items, as a fuzzer found them: no fault. */
    { ",,gzip", TRUE },
    { "deflate,, ,", FALSE },
    { ";", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].header != NULL ? cases[i].header : "(none)");
      g_assert_cmpint (arb_feed_accepts_gzip (cases[i].header), ==, cases[i].gzip);
    }
}

static void
test_etag_matches (void)
{
  g_assert_true (arb_feed_etag_matches ("\"abc\"", "\"abc\""));
  g_assert_true (arb_feed_etag_matches ("W/\"abc\"", "\"abc\""));
  g_assert_true (arb_feed_etag_matches ("\"x\", \"abc\"", "\"abc\""));
  g_assert_true (arb_feed_etag_matches ("*", "\"abc\""));
  g_assert_false (arb_feed_etag_matches ("\"abcd\"", "\"abc\""));
  g_assert_false (arb_feed_etag_matches ("abc", "\"abc\""));
  g_assert_false (arb_feed_etag_matches (NULL, "\"abc\""));
  g_assert_false (arb_feed_etag_matches ("", "\"abc\""));
}

static void
test_board_from_path (void)
{
  static const struct
  {
    const char *path;
    int board;
  } cases[] = {
    { "/board/1.pgn", 1 },
    { "/board/64.pgn", 64 },
    { "/board/9999.pgn", 9999 },
    { "/board/10000.pgn", 0 },
    { "/board/0.pgn", 0 },
    { "/board/01.pgn", 0 },
    { "/board/.pgn", 0 },
    { "/board/1.pgnx", 0 },
    { "/board/1", 0 },
    { "/board/-1.pgn", 0 },
    { "/boards/1.pgn", 0 },
    { "/board/1.pgn/..", 0 },
    { NULL, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (arb_feed_board_from_path (cases[i].path), ==, cases[i].board);
}

/* The page is one document: its style, script and pieces are inside, and
 * it names nothing outside itself. */
static void
test_page_self_contained (void)
{
  g_autoptr (GBytes) page = arb_feed_page_new ("en");
  g_autofree char *text = g_strndup (g_bytes_get_data (page, NULL), g_bytes_get_size (page));

  g_assert_true (g_str_has_prefix (text, "<!DOCTYPE html>"));
  g_assert_null (strstr (text, "@STYLE@"));
  g_assert_null (strstr (text, "@SCRIPT@"));
  g_assert_null (strstr (text, "@PIECES@"));
  g_assert_nonnull (strstr (text, ".sq.p-wk{background-image:url(\"data:image/svg+xml;base64,"));
  g_assert_nonnull (strstr (text, ".sq.p-bp{"));
  g_assert_nonnull (strstr (text, "new EventSource"));
  g_assert_null (strstr (text, "http://"));
  g_assert_null (strstr (text, "https://"));
  g_assert_null (strstr (text, "<link"));
  g_assert_null (strstr (text, " src="));
  g_assert_null (strstr (text, "@STRINGS@"));
  g_assert_null (strstr (text, "@LANG@"));
  g_assert_nonnull (strstr (text, "<html lang=\"en\">"));
  g_assert_nonnull (strstr (text, "\"round\":\"Round %d\""));
}

/* A screen is given its language as it is given its view; else its
 * browser's Accept-Language chooses; else English. */
static void
test_page_language (void)
{
  g_autoptr (GBytes) sv = arb_feed_page_new ("sv");
  g_autoptr (GBytes) zz = arb_feed_page_new ("zz");
  g_autofree char *sv_text = g_strndup (g_bytes_get_data (sv, NULL), g_bytes_get_size (sv));
  g_autofree char *zz_text = g_strndup (g_bytes_get_data (zz, NULL), g_bytes_get_size (zz));

  g_assert_cmpstr (arb_feed_page_choose_language ("view=standings&lang=sv", "nl"), ==, "sv");
  g_assert_cmpstr (arb_feed_page_choose_language ("lang=no", NULL), ==, "nb");
  g_assert_cmpstr (arb_feed_page_choose_language ("lang=da-DK&token=x", NULL), ==, "da");
  g_assert_cmpstr (arb_feed_page_choose_language ("lang=zz", "nl;q=0.5, de"), ==, "nl");
  g_assert_cmpstr (arb_feed_page_choose_language ("view=pairings", "sv-SE"), ==, "sv");
  g_assert_cmpstr (arb_feed_page_choose_language ("lang", NULL), ==, "en");
  g_assert_cmpstr (arb_feed_page_choose_language ("%zz=%", NULL), ==, "en");
  g_assert_cmpstr (arb_feed_page_choose_language (NULL, NULL), ==, "en");

  /* The words are in the catalog's language (sv.po: "Rond %d"); a
   * language without one is English. */
  g_assert_nonnull (strstr (sv_text, "<html lang=\"sv\">"));
  g_assert_nonnull (strstr (sv_text, "\"round\":\"Rond %d\""));
  g_assert_nonnull (strstr (zz_text, "<html lang=\"en\">"));
  g_assert_nonnull (strstr (zz_text, "\"round\":\"Round %d\""));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/net/feed-routes/table", test_routes);
  g_test_add_func ("/net/feed-routes/conditional-and-gzip", test_conditional_and_gzip);
  g_test_add_func ("/net/feed-routes/accepts-gzip", test_accepts_gzip);
  g_test_add_func ("/net/feed-routes/etag-matches", test_etag_matches);
  g_test_add_func ("/net/feed-routes/board-from-path", test_board_from_path);
  g_test_add_func ("/net/feed-routes/page-self-contained", test_page_self_contained);
  g_test_add_func ("/net/feed-routes/page-language", test_page_language);
  return g_test_run ();
}
