/* arb-lichess-token.c: the lichess API token, kept in the user's keyring
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-lichess-token.h"

#include <libsecret/secret.h>

#include "arb-i18n.h"

static const SecretSchema *
token_schema (void)
{
  static const SecretSchema schema = {
    "io.github.arbiterdesk.Arbiter.LichessToken",
    SECRET_SCHEMA_NONE,
    {
      { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
    0,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
  };

  return &schema;
}

void
arb_lichess_token_store_async (const char *server,
                               const char *token,
                               GCancellable *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer user_data)
{
  g_autofree char *label = NULL;

  g_return_if_fail (server != NULL);
  g_return_if_fail (token != NULL);

  /* Translators: the name of the password in the user's keyring */
  label = g_strdup_printf (_ ("Arbiter: lichess broadcast token for %s"), server);
  secret_password_store (token_schema (), SECRET_COLLECTION_DEFAULT, label, token, cancellable,
                         callback, user_data, "server", server, NULL);
}

gboolean
arb_lichess_token_store_finish (GAsyncResult *result, GError **error)
{
  return secret_password_store_finish (result, error);
}

void
arb_lichess_token_lookup_async (const char *server,
                                GCancellable *cancellable,
                                GAsyncReadyCallback callback,
                                gpointer user_data)
{
  g_return_if_fail (server != NULL);

  secret_password_lookup (token_schema (), cancellable, callback, user_data, "server", server,
                          NULL);
}

char *
arb_lichess_token_lookup_finish (GAsyncResult *result, GError **error)
{
  char *secret = secret_password_lookup_finish (result, error);
  char *token;

  if (secret == NULL)
    return NULL;
  /* Out of libsecret's wiped memory into ours, which the caller wipes. */
  token = g_strdup (secret);
  secret_password_free (secret);
  return token;
}
