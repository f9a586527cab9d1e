/* arb-team-certificate.h: the certificate the arbiters' service presents
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Days a certificate made for the event is valid, from the day before it
 * was made (a phone whose clock is a little behind still takes it). */
#define ARB_TEAM_CERTIFICATE_DAYS 400

/* A self-signed certificate and its key (ECDSA P-256), PEM, whose subject
 * alternative names are @names: IP addresses as addresses, anything
 * else as a host name. */
gboolean arb_team_certificate_make (const char *const *names,
                                    char **certificate_pem,
                                    char **key_pem,
                                    GError **error);

/* The certificate the file keeps for the service; when it keeps none, one
 * made for @address (and this computer's name, its other addresses and
 * the loopback ones), stored first. */
GTlsCertificate *arb_team_certificate_for_event (ArbTournament *tournament,
                                                 const char *address,
                                                 GError **error);

/* The organiser's certificate and key, from their PEM files, checked (a
 * certificate, a private key, the key of that certificate, valid today),
 * then stored as the one in use unless it already is. An error names the
 * file at fault and why; nothing is stored then. */
GTlsCertificate *arb_team_certificate_from_files (ArbTournament *tournament,
                                                  const char *certificate_file,
                                                  const char *key_file,
                                                  GError **error);

/* The SHA-256 of @certificate's DER as "AA:BB:…" (95 characters). */
char *arb_team_certificate_fingerprint (GTlsCertificate *certificate);

/* The fingerprint of the certificate the file keeps for the service, or
 * NULL (no error) when it keeps none yet: what the sign-in's address
 * carries (#token=…&fp=…) for the phone to show on its first visit. */
char *arb_team_certificate_stored_fingerprint (ArbTournament *tournament, GError **error);

/* What the desk shows beside the sign-in's code, for the arbiter to
 * compare with what the phone shows on its first visit. */
char *arb_team_certificate_fingerprint_text (GTlsCertificate *certificate);

G_END_DECLS
