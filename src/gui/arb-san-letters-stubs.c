/* arb-san-letters-stubs.c: stand-ins for the local piece letters until they land
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only while src/core/arb-san-letters.c does not exist (see
 * meson.build). Deleted when the board widgets are merged.
 */

#include "config.h"

#include <string.h>

#include "arb-san-letters.h"

char *
arb_san_from_local (const char *text, const char *language)
{
  char *copy = g_strdup (text);
  const char *from = NULL;

  if (language != NULL && g_str_has_prefix (language, "nl"))
    from = "KDTLP";
  else if (language != NULL &&
           (g_str_has_prefix (language, "sv") || g_str_has_prefix (language, "nb") ||
            g_str_has_prefix (language, "da") || g_str_has_prefix (language, "no")))
    from = "KDTLS";
  if (from == NULL)
    return copy;
  for (char *p = copy; *p; p++)
    {
      const char *hit = strchr (from, *p);

      if (hit != NULL && (p == copy || p[-1] == '='))
        *p = "KQRBN"[hit - from];
    }
  return copy;
}

char *
arb_san_format (const char *san, ArbNotationStyle style, const char *language)
{
  return g_strdup (san);
}
