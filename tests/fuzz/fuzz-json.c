/* fuzz-json.c: libFuzzer harness for stored JSON values
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rulings are stored as JSON in the tournament file, which anyone can
 * edit. A ruling read without an error must be written, read back and
 * written again to the same text.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-laws.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRuling) back = NULL;
  g_autoptr (GError) error = NULL;

  if (size > 64 * 1024)
    return 0;
  /* Exactly the input's bytes and a NUL, as a column of the file. */
  text = g_malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';
  if (strlen (text) != size || !g_utf8_validate (text, -1, NULL))
    return 0;

  ruling = arb_ruling_from_json (text, NULL);
  if (ruling == NULL)
    return 0;
  json = arb_ruling_to_json (ruling);
  back = arb_ruling_from_json (json, &error);
  if (back == NULL)
    {
      fprintf (stderr, "written ruling does not read back: %s\n%s\n", error->message, json);
      abort ();
    }
  again = arb_ruling_to_json (back);
  if (strcmp (json, again) != 0)
    {
      fprintf (stderr, "written twice, differs:\n%s\n---\n%s\n", json, again);
      abort ();
    }
  return 0;
}
