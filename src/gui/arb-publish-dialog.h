/* arb-publish-dialog.h: the round on the venue network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-publisher.h"

G_BEGIN_DECLS

/* Publish…: a switch, the address and port to listen on, the delay, an
 * optional access token; while the round is published, the address for
 * screens as text and as a QR code, and how many are connected. It runs
 * the window's ArbPublisher, which goes on when the dialog is closed. */

#define ARB_TYPE_PUBLISH_DIALOG (arb_publish_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ArbPublishDialog, arb_publish_dialog, ARB, PUBLISH_DIALOG, AdwWindow)

/* @settings (may be NULL) keeps the address, port, delay and token. */
ArbPublishDialog *arb_publish_dialog_new (ArbPublisher *publisher, GSettings *settings);

/* For tests: the switch, the port, and what is shown. */
void arb_publish_dialog_set_publishing (ArbPublishDialog *self, gboolean publishing);
void arb_publish_dialog_set_port (ArbPublishDialog *self, guint port);
GdkPaintable *arb_publish_dialog_get_qr_code (ArbPublishDialog *self);
const char *arb_publish_dialog_get_clients_text (ArbPublishDialog *self);
/* The address shown for screens, or NULL while not published. */
const char *arb_publish_dialog_get_shown_url (ArbPublishDialog *self);

G_END_DECLS
