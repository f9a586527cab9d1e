/* fuzz-trf.c: libFuzzer harness for the TRF16 reader and writer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every TRF read without an error must be written, read back and written
 * again to the same text: what we read, we can write and read again.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-trf.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (ArbTrf) trf = NULL;
  g_autoptr (ArbTrf) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  if (size > 256 * 1024)
    return 0;
  trf = arb_trf_parse ((const char *) data, size, NULL);
  if (trf == NULL)
    return 0;
  text = arb_trf_write (trf);
  back = arb_trf_parse (text, strlen (text), &error);
  if (back == NULL)
    {
      fprintf (stderr, "written TRF does not read back: %s\n%s\n", error->message, text);
      abort ();
    }
  again = arb_trf_write (back);
  if (strcmp (text, again) != 0)
    {
      fprintf (stderr, "written twice, differs:\n%s\n---\n%s\n", text, again);
      abort ();
    }
  /* Either version of any file the reader takes: no crash, and a file
   * already in the version asked for comes back unchanged. */
  {
    g_autofree char *as16 = arb_trf_convert (text, ARB_TRF_VERSION_16);
    g_autofree char *as26 = arb_trf_convert (text, ARB_TRF_VERSION_26);
    g_autofree char *same = arb_trf_convert (text, trf->version);

    if (as16 == NULL || as26 == NULL || strcmp (same, text) != 0)
      {
        fprintf (stderr, "converted, differs:\n%s\n---\n%s\n", text, same);
        abort ();
      }
  }
  return 0;
}
