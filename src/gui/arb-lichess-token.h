/* arb-lichess-token.h: the lichess API token, kept in the user's keyring
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The token that lets Arbiter push to a lichess broadcast is a password:
 * it lives in the user's keyring (the Secret Service, through libsecret),
 * one per lichess server, and never in the tournament file or the
 * settings. Every call is asynchronous: a keyring may ask the user to
 * unlock it, and the window does not wait. */

void arb_lichess_token_store_async (const char *server,
                                    const char *token,
                                    GCancellable *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer user_data);
gboolean arb_lichess_token_store_finish (GAsyncResult *result, GError **error);

void arb_lichess_token_lookup_async (const char *server,
                                     GCancellable *cancellable,
                                     GAsyncReadyCallback callback,
                                     gpointer user_data);
/* NULL without an error when the keyring has none. */
char *arb_lichess_token_lookup_finish (GAsyncResult *result, GError **error);

G_END_DECLS
