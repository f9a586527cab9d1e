/* arb-test-http.c: HTTP(S) requests of the tests, as a phone makes them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-team-certificate.h"
#include "arb-test-http.h"

typedef struct
{
  GBytes *body;
  GError *error;
  gboolean done;
} Reply;

static void
on_reply (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reply *r = user_data;

  r->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &r->error);
  r->done = TRUE;
}

static gboolean
accept_pinned (SoupMessage *msg,
               GTlsCertificate *certificate,
               GTlsCertificateFlags errors,
               gpointer pinned)
{
  g_autofree char *fp = arb_team_certificate_fingerprint (certificate);

  return strcmp (fp, pinned) == 0;
}

guint
arb_test_http_send (SoupMessage *msg, const char *pinned, char **body, GError **error)
{
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *pin = g_strdup (pinned);
  Reply r = { 0 };
  gulong handler = 0;

  if (pin != NULL)
    handler = g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_pinned), pin);
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, on_reply, &r);
  while (!r.done)
    g_main_context_iteration (NULL, TRUE);
  if (handler != 0)
    g_signal_handler_disconnect (msg, handler);
  if (body != NULL && r.body != NULL)
    *body = g_strndup (g_bytes_get_data (r.body, NULL), g_bytes_get_size (r.body));
  g_clear_pointer (&r.body, g_bytes_unref);
  if (r.error != NULL)
    {
      g_propagate_error (error, r.error);
      return 0;
    }
  return soup_message_get_status (msg);
}
