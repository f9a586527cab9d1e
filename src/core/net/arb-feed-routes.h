/* arb-feed-routes.h: what the feed answers to a request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-feed-state.h"

G_BEGIN_DECLS

/* The feed's answers, apart from the sockets: the server hands each
 * request's parts to arb_feed_route() and sends what it decides, so the
 * decisions can be tested, and fuzzed, without a network.
 *
 * Routes, all read-only, nothing else:
 *
 *   GET /             the display page for the hall's screens
 *   GET /round.pgn    every game of the round (ETag, If-None-Match, gzip)
 *   GET /round.json   the same as JSON
 *   GET /board/N.pgn  one game
 *   GET /events       server-sent events, one per change, and a heartbeat
 *
 * HEAD is answered like GET without the body. Any other method is 405, any
 * other path 404, a request with a body or too many headers is refused
 * before its body is read (413, 431), and with an access token set every
 * route wants it, as "?token=…" or "Authorization: Bearer …" (401). */

/* Limits on what a client may send. */
#define ARB_FEED_MAX_HEADERS 64
#define ARB_FEED_MAX_REQUEST_BODY 1024

typedef enum
{
  ARB_FEED_ROUTE_NONE,
  ARB_FEED_ROUTE_PAGE,
  ARB_FEED_ROUTE_ROUND_PGN,
  ARB_FEED_ROUTE_ROUND_JSON,
  ARB_FEED_ROUTE_BOARD_PGN,
  ARB_FEED_ROUTE_EVENTS,
  ARB_FEED_ROUTE_PAIRINGS_JSON,
  ARB_FEED_ROUTE_STANDINGS_JSON,
} ArbFeedRoute;

typedef struct
{
  const char *method;
  const char *path;  /* without the query */
  const char *query; /* or NULL */
  guint n_headers;
  /* Content-Length, -1 when absent; chunked is TRUE for a chunked body. */
  gint64 content_length;
  gboolean chunked;
  const char *authorization;   /* the header, or NULL */
  const char *if_none_match;   /* the header, or NULL */
  const char *accept_encoding; /* the header, or NULL */
  const char *accept_language; /* the header, or NULL */
  const char *token;           /* the feed's access token, or NULL */
  gint64 now_us;
} ArbFeedRequest;

typedef struct
{
  guint status;
  ArbFeedRoute route;
  const char *content_type; /* static */
  GBytes *body;             /* owned; NULL for none */
  char *etag;               /* owned, or NULL */
  gboolean gzip;            /* body is gzip-encoded */
  gboolean head;            /* send headers only */
  gboolean close;           /* close the connection after answering */
} ArbFeedResponse;

/* Checks a request before its body is read: 413 or 431, or 0 when it may
 * go on. */
guint arb_feed_route_check_headers (const ArbFeedRequest *request);

/* Answers a request from @state and the display @page. For
 * ARB_FEED_ROUTE_EVENTS with status 200 the server starts the event
 * stream itself. */
void arb_feed_route (ArbFeedState *state,
                     GBytes *page,
                     const ArbFeedRequest *request,
                     ArbFeedResponse *response);
void arb_feed_response_clear (ArbFeedResponse *response);

/* Whether an Accept-Encoding header accepts gzip (a q of 0 refuses it). */
gboolean arb_feed_accepts_gzip (const char *accept_encoding);
/* Whether an If-None-Match header names @etag (or is "*"). */
gboolean arb_feed_etag_matches (const char *if_none_match, const char *etag);
/* The board of a "/board/N.pgn" path (1 to 9999), or 0. */
int arb_feed_board_from_path (const char *path);

G_END_DECLS
