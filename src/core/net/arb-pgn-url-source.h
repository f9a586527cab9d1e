/* arb-pgn-url-source.h: a live PGN at an address, polled
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-source.h"

G_BEGIN_DECLS

/* A PGN served over HTTP (a relay's URL, another Arbiter desk's
 * /round.pgn), asked again every interval the arbiter sets. Each request
 * carries the ETag and Last-Modified of the last answer (If-None-Match,
 * If-Modified-Since), so an unchanged round costs a 304. A failure (no
 * answer, an HTTP error, a body cut short) makes the source disconnected
 * and it asks again after a wait that doubles each time, up to the
 * longest backoff; the first answer after that connects it again. Made by
 * arb_source_new() for an http:// or https:// address. */

#define ARB_TYPE_PGN_URL_SOURCE (arb_pgn_url_source_get_type ())

G_DECLARE_FINAL_TYPE (ArbPgnUrlSource, arb_pgn_url_source, ARB, PGN_URL_SOURCE, ArbSource)

/* Requests sent since the start; answers 304 among them (any thread). */
guint arb_pgn_url_source_get_n_requests (ArbPgnUrlSource *self);
guint arb_pgn_url_source_get_n_not_modified (ArbPgnUrlSource *self);

G_END_DECLS
