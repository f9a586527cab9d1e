/* arb-tournament-certificate.c: the certificate of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file keeps the certificate the service presents over HTTPS, and
 * its private key, so that the phones that compared its fingerprint once
 * keep trusting it when the desk reopens the file, and when a deputy
 * takes over from its replica. The storage layer keeps the text; what
 * it says is read in the net layer (arb-team-certificate.c).
 */

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-tournament-certificate.h"
#include "arb-tournament-private.h"

static const char *const origin_names[] = { "made", "organiser" };

gboolean
arb_tournament_add_certificate (ArbTournament *self,
                                ArbCertificateOrigin origin,
                                const char *certificate_pem,
                                const char *key_pem,
                                GError **error)
{
  g_autofree char *now = _arb_tournament_now ();

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (origin == ARB_CERTIFICATE_MADE || origin == ARB_CERTIFICATE_ORGANISER,
                        FALSE);

  if (certificate_pem == NULL || certificate_pem[0] == '\0' || key_pem == NULL ||
      key_pem[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a certificate is stored with its key"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_run (self, "cannot store the certificate",
                            "INSERT INTO event_certificate (origin, certificate_pem, key_pem, "
                            "made_at) VALUES (?, ?, ?, ?)",
                            error, "tttt", origin_names[origin], certificate_pem, key_pem, now) ||
      !_arb_tournament_audit (self, "certificate-stored", 0, error, "origin", origin_names[origin],
                              NULL) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_get_certificate (ArbTournament *self,
                                char **certificate_pem,
                                char **key_pem,
                                ArbCertificateOrigin *origin,
                                GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int step;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (certificate_pem != NULL && key_pem != NULL, FALSE);

  if (!_arb_query_init (&query, self, "cannot read the certificate",
                        "SELECT origin, certificate_pem, key_pem FROM event_certificate "
                        "ORDER BY id DESC LIMIT 1",
                        error, ""))
    return FALSE;
  step = _arb_query_step (&query, error);
  if (step != 1)
    return FALSE;
  if (origin != NULL)
    *origin = g_strcmp0 (_arb_query_text (&query, 0), "organiser") == 0 ? ARB_CERTIFICATE_ORGANISER
                                                                        : ARB_CERTIFICATE_MADE;
  *certificate_pem = _arb_query_dup_text (&query, 1);
  *key_pem = _arb_query_dup_text (&query, 2);
  return TRUE;
}
