/* test-stored-json.c: hostile JSON in stored values
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rulings and event settings are JSON stored in a tournament file, so a
 * crafted file feeds the reader whatever it likes. Each input is copied
 * into a buffer of exactly its own size (plus the terminating NUL), so that
 * AddressSanitizer sees any read past its end.
 */

#include "config.h"

#include <string.h>

#include "arb-laws.h"

static char *
exact_copy (const char *bytes, gsize len)
{
  char *copy = g_malloc (len + 1);

  memcpy (copy, bytes, len);
  copy[len] = '\0';
  return copy;
}

/* The 9 bytes 22 5c 75 64 38 30 30 5c 75: a high surrogate followed by the
 * start of an escape that never gets its four digits. */
static void
test_truncated_surrogate_pair (void)
{
  static const char bytes[] = { 0x22, 0x5c, 0x75, 0x64, 0x38, 0x30, 0x30, 0x5c, 0x75 };
  g_autofree char *text = exact_copy (bytes, sizeof bytes);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbRuling) ruling = arb_ruling_from_json (text, &error);

  g_assert_null (ruling);
  g_assert_nonnull (error);
}

static void
test_truncated_escapes (void)
{
  /* Every prefix of a value with a surrogate pair, and a few more ways of
   * ending in the middle of an escape. */
  static const char whole[] = "{\"kind\":\"\\ud83d\\ude00\"}";
  static const char *const others[] = {
    "\"\\ud800\\u", "\"\\ud800\\", "\"\\ud800\\ud", "\"\\ud800\\udc0",       "\"\\u",
    "\"\\u12",      "\"\\",        "[\"\\udbff",    "{\"a\":\"\\ud800\\u00",
  };

  for (gsize n = 0; n < strlen (whole); n++)
    {
      g_autofree char *text = exact_copy (whole, n);
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbRuling) ruling = arb_ruling_from_json (text, &error);

      g_assert_null (ruling);
      g_assert_nonnull (error);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *text = exact_copy (others[i], strlen (others[i]));
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbRuling) ruling = arb_ruling_from_json (text, &error);

      g_assert_null (ruling);
      g_assert_nonnull (error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/laws/stored-json/truncated-surrogate-pair", test_truncated_surrogate_pair);
  g_test_add_func ("/laws/stored-json/truncated-escapes", test_truncated_escapes);
  return g_test_run ();
}
