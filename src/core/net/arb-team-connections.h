/* arb-team-connections.h: the connections of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The team server takes its connections itself, as the feed does, so that
 * each has a deadline from the moment it is accepted: the TLS handshake
 * and the request's head within ARB_FEED_SERVER_HEADER_SECONDS, then its
 * body within as many again; a connection that misses one is cut. Past
 * ARB_TEAM_CONNECTIONS_MAX connections, or
 * ARB_FEED_SERVER_MAX_UNFINISHED_PER_PEER of one address, a newcomer is
 * closed at once. With a certificate every connection is TLS. */
#define ARB_TEAM_CONNECTIONS_MAX 256

typedef struct _ArbTeamConnections ArbTeamConnections;

/* Connections handed to @soup, in the thread-default main context. */
ArbTeamConnections *arb_team_connections_new (SoupServer *soup, GTlsCertificate *certificate);
/* Every connection cut, the listening socket closed. */
void arb_team_connections_free (ArbTeamConnections *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamConnections, arb_team_connections_free)

/* Listens on @address at @port (0: any free one); *bound gets the port. */
gboolean arb_team_connections_listen (ArbTeamConnections *self,
                                      GInetAddress *address,
                                      guint port,
                                      guint *bound,
                                      GError **error);

/* Connections open now (for the tests). */
guint arb_team_connections_count (ArbTeamConnections *self);

G_END_DECLS
