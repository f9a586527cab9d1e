/* arb-team-certificate.c: the certificate the arbiters' service presents
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The service speaks HTTPS on the venue's network. No authority knows a
 * laptop at a chess event, so the certificate is one made for the event
 * (self-signed, with GnuTLS), or one the organiser brings. The phone
 * trusts it once its fingerprint matches the one the desk shows; the
 * file keeps it (arb-tournament-certificate.h), so the same certificate
 * is presented after a restart and by a deputy that takes over. GnuTLS
 * is used here only; GIO's TLS serves the connections.
 */

#include "config.h"

#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-net-peer.h"
#include "arb-team-certificate.h"
#include "arb-tournament-certificate.h"

/* What gnutls_x509_crt_t and gnutls_x509_privkey_t point to, for g_autoptr. */
typedef struct gnutls_x509_crt_int X509Crt;
typedef struct gnutls_x509_privkey_int X509Key;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (X509Crt, gnutls_x509_crt_deinit)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (X509Key, gnutls_x509_privkey_deinit)

static gboolean
gnutls_failed (int code, GError **error)
{
  if (code >= 0)
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               /* Translators: %s is GnuTLS's own message */
               _ ("the certificate could not be made: %s"), gnutls_strerror (code));
  return TRUE;
}

static char *
datum_text (gnutls_datum_t *datum)
{
  char *text = g_strndup ((const char *) datum->data, datum->size);

  gnutls_free (datum->data);
  return text;
}

static int
add_name (gnutls_x509_crt_t crt, const char *name)
{
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (name);

  if (inet != NULL)
    return gnutls_x509_crt_set_subject_alt_name (
      crt, GNUTLS_SAN_IPADDRESS, g_inet_address_to_bytes (inet),
      (unsigned) g_inet_address_get_native_size (inet), GNUTLS_FSAN_APPEND);
  return gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_DNSNAME, name,
                                               (unsigned) strlen (name), GNUTLS_FSAN_APPEND);
}

/* The certificate's fields but its key and signature. */
static int
describe (gnutls_x509_crt_t crt, const char *const *names)
{
  guint8 serial[16];
  time_t now = time (NULL);
  const char *cn = names[0] != NULL ? names[0] : "Arbiter";
  int code;

  if ((code = gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial)) < 0)
    return code;
  serial[0] &= 0x7f; /* a positive number */
  if ((code = gnutls_x509_crt_set_version (crt, 3)) < 0 ||
      (code = gnutls_x509_crt_set_serial (crt, serial, sizeof serial)) < 0 ||
      (code = gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600)) < 0 ||
      (code = gnutls_x509_crt_set_expiration_time (crt, now + (time_t) ARB_TEAM_CERTIFICATE_DAYS *
                                                                24 * 3600)) < 0 ||
      (code = gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, cn,
                                             (unsigned) strlen (cn))) < 0 ||
      (code = gnutls_x509_crt_set_basic_constraints (crt, 0, -1)) < 0 ||
      (code = gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0 ||
      (code = gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0)
    return code;
  for (gsize i = 0; names[i] != NULL; i++)
    if ((code = add_name (crt, names[i])) < 0)
      return code;
  return 0;
}

gboolean
arb_team_certificate_make (const char *const *names,
                           char **certificate_pem,
                           char **key_pem,
                           GError **error)
{
  g_autoptr (X509Key) key = NULL;
  g_autoptr (X509Crt) crt = NULL;
  gnutls_datum_t cert_out = { 0 }, key_out = { 0 };

  g_return_val_if_fail (names != NULL && certificate_pem != NULL && key_pem != NULL, FALSE);

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error) ||
      gnutls_failed (gnutls_x509_privkey_generate (
                       key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0),
                     error) ||
      gnutls_failed (gnutls_x509_crt_init (&crt), error) ||
      gnutls_failed (describe (crt, names), error) ||
      gnutls_failed (gnutls_x509_crt_set_key (crt, key), error) ||
      gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error) ||
      gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &cert_out), error))
    return FALSE;
  if (gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                        GNUTLS_PKCS_PLAIN, &key_out),
                     error))
    {
      gnutls_free (cert_out.data);
      return FALSE;
    }
  *certificate_pem = datum_text (&cert_out);
  *key_pem = datum_text (&key_out);
  return TRUE;
}

static GTlsCertificate *
from_pem (const char *certificate_pem, const char *key_pem, GError **error)
{
  g_autofree char *both = g_strconcat (certificate_pem, "\n", key_pem, NULL);

  return g_tls_certificate_new_from_pem (both, -1, error);
}

/* The names a certificate made for the event carries: the address it is
 * served on first, then this computer's name and addresses. */
static GStrv
event_names (const char *address)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_auto (GStrv) local = arb_net_peer_local_addresses (G_SOCKET_FAMILY_INVALID);
  g_autoptr (GInetAddress) inet = address != NULL ? g_inet_address_new_from_string (address) : NULL;

  if (address != NULL && (inet == NULL || !g_inet_address_get_is_any (inet)))
    g_strv_builder_add (names, address);
  g_strv_builder_add (names, g_get_host_name ());
  for (gsize i = 0; local != NULL && local[i] != NULL; i++)
    if (g_strcmp0 (local[i], address) != 0)
      g_strv_builder_add (names, local[i]);
  g_strv_builder_add_many (names, "localhost", "127.0.0.1", "::1", NULL);
  return g_strv_builder_end (names);
}

GTlsCertificate *
arb_team_certificate_for_event (ArbTournament *tournament, const char *address, GError **error)
{
  g_autofree char *cert = NULL;
  g_autofree char *key = NULL;
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) names = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  if (arb_tournament_get_certificate (tournament, &cert, &key, NULL, &local))
    return from_pem (cert, key, error);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  names = event_names (address);
  if (!arb_team_certificate_make ((const char *const *) names, &cert, &key, error) ||
      !arb_tournament_add_certificate (tournament, ARB_CERTIFICATE_MADE, cert, key, error))
    return NULL;
  return from_pem (cert, key, error);
}

static gboolean
file_failed (const char *file, const char *why, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", file, why);
  return TRUE;
}

/* The organiser's files, read and checked with GnuTLS: each error says
 * which file and why. */
static gboolean
check_files (const char *certificate_file,
             const char *key_file,
             const char *cert,
             gsize cert_size,
             const char *key,
             gsize key_size,
             GError **error)
{
  g_autoptr (X509Crt) crt = NULL;
  g_autoptr (X509Key) pk = NULL;
  gnutls_datum_t cert_in = { (unsigned char *) cert, (unsigned) cert_size };
  gnutls_datum_t key_in = { (unsigned char *) key, (unsigned) key_size };
  guint8 crt_id[64], key_id[64];
  size_t crt_id_size = sizeof crt_id, key_id_size = sizeof key_id;
  time_t now = time (NULL);

  if (gnutls_x509_crt_init (&crt) < 0 || gnutls_x509_privkey_init (&pk) < 0)
    return !file_failed (certificate_file, _ ("the certificate could not be read"), error);
  if (gnutls_x509_crt_import (crt, &cert_in, GNUTLS_X509_FMT_PEM) < 0)
    return !file_failed (certificate_file, _ ("no PEM certificate in this file"), error);
  if (gnutls_x509_privkey_import2 (pk, &key_in, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN) < 0)
    return !file_failed (key_file, _ ("no unencrypted PEM private key in this file"), error);
  if (gnutls_x509_crt_get_key_id (crt, 0, crt_id, &crt_id_size) < 0 ||
      gnutls_x509_privkey_get_key_id (pk, 0, key_id, &key_id_size) < 0 ||
      crt_id_size != key_id_size || memcmp (crt_id, key_id, crt_id_size) != 0)
    return !file_failed (key_file, _ ("this key is not the key of the certificate given"), error);
  if (gnutls_x509_crt_get_expiration_time (crt) < now)
    return !file_failed (certificate_file, _ ("the certificate has expired"), error);
  if (gnutls_x509_crt_get_activation_time (crt) > now)
    return !file_failed (certificate_file, _ ("the certificate is not valid yet"), error);
  return TRUE;
}

GTlsCertificate *
arb_team_certificate_from_files (ArbTournament *tournament,
                                 const char *certificate_file,
                                 const char *key_file,
                                 GError **error)
{
  g_autofree char *cert = NULL;
  g_autofree char *key = NULL;
  g_autofree char *stored_cert = NULL;
  g_autofree char *stored_key = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  gsize cert_size = 0, key_size = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (certificate_file != NULL && key_file != NULL, NULL);

  if (!g_file_get_contents (certificate_file, &cert, &cert_size, error) ||
      !g_file_get_contents (key_file, &key, &key_size, error) ||
      !check_files (certificate_file, key_file, cert, cert_size, key, key_size, error))
    return NULL;
  certificate = from_pem (cert, key, error);
  if (certificate == NULL)
    return NULL;
  if (arb_tournament_get_certificate (tournament, &stored_cert, &stored_key, NULL, NULL) &&
      g_strcmp0 (stored_cert, cert) == 0 && g_strcmp0 (stored_key, key) == 0)
    return g_steal_pointer (&certificate);
  if (!arb_tournament_add_certificate (tournament, ARB_CERTIFICATE_ORGANISER, cert, key, error))
    return NULL;
  return g_steal_pointer (&certificate);
}

char *
arb_team_certificate_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr (GByteArray) der = NULL;
  guint8 digest[32];
  gsize size = sizeof digest;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  GString *out = g_string_sized_new (96);

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der != NULL)
    g_checksum_update (sum, der->data, der->len);
  g_checksum_get_digest (sum, digest, &size);
  for (gsize i = 0; i < size; i++)
    g_string_append_printf (out, "%s%02X", i > 0 ? ":" : "", digest[i]);
  return g_string_free (out, FALSE);
}

char *
arb_team_certificate_stored_fingerprint (ArbTournament *tournament, GError **error)
{
  g_autofree char *cert = NULL;
  g_autofree char *key = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  if (!arb_tournament_get_certificate (tournament, &cert, &key, NULL, error))
    return NULL;
  certificate = from_pem (cert, key, error);
  return certificate != NULL ? arb_team_certificate_fingerprint (certificate) : NULL;
}

char *
arb_team_certificate_fingerprint_text (GTlsCertificate *certificate)
{
  g_autofree char *fp = arb_team_certificate_fingerprint (certificate);

  /* Translators: %s is the certificate's SHA-256 fingerprint, AA:BB:…;
   * the arbiter compares it with what the phone shows */
  return g_strdup_printf (_ ("Certificate (SHA-256): %s"), fp);
}
