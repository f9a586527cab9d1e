/* arb-publisher.h: the window's publishing, the hall's screens and lichess
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-feed-server.h"
#include "arb-lichess-push.h"

G_BEGIN_DECLS

/* The core's publishing objects as the window runs them: one network
 * worker and one feed of the open tournament file, read on a connection
 * of their own, for the feed server (Publish…) and the lichess push
 * (Broadcast to lichess…), either or both. Everything that waits happens
 * in the worker; the window learns of it through these properties, in its
 * own thread. Nothing starts until the arbiter turns it on, and opening
 * another file stops both. */

#define ARB_TYPE_PUBLISHER (arb_publisher_get_type ())

G_DECLARE_FINAL_TYPE (ArbPublisher, arb_publisher, ARB, PUBLISHER, GObject)

ArbPublisher *arb_publisher_new (void);

/* The file published from now on (NULL: none); stops what ran. */
void arb_publisher_set_file (ArbPublisher *self, const char *path);
const char *arb_publisher_get_file (ArbPublisher *self);

/* Moves and clock times are held back this long, on the screens and on
 * lichess; can change while publishing. */
void arb_publisher_set_delay (ArbPublisher *self, guint minutes);
guint arb_publisher_get_delay (ArbPublisher *self);

/* The feed server: starts listening (the result comes as "serving" or
 * "error"), or stops. */
void arb_publisher_start_serving (ArbPublisher *self,
                                  const char *address,
                                  guint port,
                                  const char *token);
void arb_publisher_stop_serving (ArbPublisher *self);
gboolean arb_publisher_is_serving (ArbPublisher *self);
/* NULL unless serving. */
const char *arb_publisher_get_url (ArbPublisher *self);
guint arb_publisher_get_n_clients (ArbPublisher *self);
/* Why the last start failed, or NULL. */
const char *arb_publisher_get_error (ArbPublisher *self);

/* The lichess push. @base_url NULL for lichess.org. */
gboolean arb_publisher_start_push (ArbPublisher *self,
                                   const char *base_url,
                                   const char *round_id,
                                   const char *token,
                                   GError **error);
void arb_publisher_stop_push (ArbPublisher *self);
ArbLichessPushState arb_publisher_get_push_state (ArbPublisher *self);
/* The last answer, or NULL; wall time of the last push lichess took, or 0. */
const ArbLichessReport *arb_publisher_get_push_report (ArbPublisher *self);
gint64 arb_publisher_get_last_success (ArbPublisher *self);

G_END_DECLS
