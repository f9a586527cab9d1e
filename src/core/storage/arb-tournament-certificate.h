/* arb-tournament-certificate.h: the certificate of the arbiters' service
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Where the certificate came from: made for the event by Arbiter, or
 * given by the organiser (arbiter-cli serve-team --certificate --key). */
typedef enum
{
  ARB_CERTIFICATE_MADE,
  ARB_CERTIFICATE_ORGANISER,
} ArbCertificateOrigin;

/* Stores a certificate and its key (PEM) as the one the service
 * presents from now on, in one transaction: the one it supersedes stays
 * in the file (schema 13, event_certificate). */
gboolean arb_tournament_add_certificate (ArbTournament *self,
                                         ArbCertificateOrigin origin,
                                         const char *certificate_pem,
                                         const char *key_pem,
                                         GError **error);

/* The certificate in use and its key, and where it came from (@origin
 * may be NULL). FALSE with no error when the file holds none yet. */
gboolean arb_tournament_get_certificate (ArbTournament *self,
                                         char **certificate_pem,
                                         char **key_pem,
                                         ArbCertificateOrigin *origin,
                                         GError **error);

G_END_DECLS
