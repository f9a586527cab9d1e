/* arb-team-server.h: the arbiters' service, beside the public feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_TEAM_SERVER (arb_team_server_get_type ())
G_DECLARE_FINAL_TYPE (ArbTeamServer, arb_team_server, ARB, TEAM_SERVER, GObject)

/* Limits: a body of at most 16 KiB (a larger Content-Length gets 413
 * before the body is read, a POST without one 411), 120 requests a
 * minute per token (then 429). Every route asks for `Authorization:
 * Bearer TOKEN` of an arbiter whose sign-in stands; anything else gets
 * 401 and nothing more. Routes: POST /api/result, /api/call,
 * /api/incident, /api/clock (JSON: id, round, board and by kind text,
 * incident, white_ms, black_ms), GET /api/entries (what the desk
 * stored for this arbiter), GET /api/boards (arb-team-boards.h). GET
 * /floor, the floor page, is the one route served without a token: it
 * holds no data. A deputy's desk writes through POST /api/desk/result
 * and /api/desk/ruling (arb-team-desk-routes.h). */
#define ARB_TEAM_SERVER_MAX_BODY (16 * 1024)
#define ARB_TEAM_SERVER_RATE_PER_MINUTE 120

/* A floor entry's answer (200: id, kind, board, confirmed, outcome,
 * repeat) also says where the entry is held, in "held":
 * "desk-and-deputy" once the deputies acknowledged the change that holds
 * it (the answer waits for that, at most ARB_TEAM_SERVER_DEPUTY_WAIT_MS;
 * which deputies the witness says), "desk-unconfirmed" when a deputy is
 * connected but did not acknowledge it in that time, "desk-no-deputy"
 * when no deputy is connected (answered at once). The two last are on the desk only. GET /api/entries has no
 * "held". */
#define ARB_TEAM_SERVER_DEPUTY_WAIT_MS 3000

typedef enum
{
  ARB_TEAM_HELD_NO_DEPUTY,   /* "desk-no-deputy" */
  ARB_TEAM_HELD_UNCONFIRMED, /* "desk-unconfirmed" */
  ARB_TEAM_HELD_DEPUTY,      /* "desk-and-deputy" */
} ArbTeamHeld;

/* The witness of the desk's writes: told the replication sequence number
 * of the change that holds an entry (arb_tournament_get_head_seq () once
 * it committed), it calls @done once with where that change is held,
 * from the server's main context, after it returned. The answer waits
 * for it. Without a witness, every entry is answered "desk-no-deputy". */
typedef void (*ArbTeamHeldFunc) (ArbTeamHeld held, gpointer done_data);
typedef void (*ArbTeamWitnessFunc) (gint64 seq,
                                    ArbTeamHeldFunc done,
                                    gpointer done_data,
                                    gpointer user_data);

/* Serves the arbiters of @tournament (the caller's connection, written
 * through the round layer's paths), in the main context of the thread
 * that listens.
 *
 * ::entry-committed (int kind, gint64 id, int round, int board, const
 * char *arbiter) is emitted once an entry from the floor is committed:
 * @kind an ArbFloorKind, @id the entry's row (ArbFloorRecord.id); a
 * resend of an entry already stored emits nothing. */
ArbTeamServer *arb_team_server_new (ArbTournament *tournament);

/* Listens on @address (an IP address; 0.0.0.0 or :: for every one) at
 * @port (0: any free one): HTTPS with @certificate (it needs its private
 * key; arb-team-certificate.h makes or reads one), plain HTTP without,
 * which is refused unless @address is a loopback one. Every connection
 * has deadlines and the pools are bounded (arb-team-connections.h). */
gboolean arb_team_server_listen (ArbTeamServer *self,
                                 const char *address,
                                 guint port,
                                 GTlsCertificate *certificate,
                                 GError **error);
/* Whether @address may be served in plain HTTP: a loopback address. */
gboolean arb_team_server_address_allows_plain (const char *address);

/* Plain HTTP on 127.0.0.1 at @port (0: any free one). */
gboolean arb_team_server_listen_local (ArbTeamServer *self, guint port, GError **error);
guint arb_team_server_get_port (ArbTeamServer *self);

void arb_team_server_set_witness (ArbTeamServer *self,
                                  ArbTeamWitnessFunc witness,
                                  gpointer user_data,
                                  GDestroyNotify destroy);

G_END_DECLS
