/* fuzz-timecontrol.c: libFuzzer harness for the time control notation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A control read without an error must be written in PGN form, read back
 * to an equal control and written again to the same text; its readable
 * form, TRF form and category must come without a fault.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-time-control.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *again = NULL;
  g_autofree char *readable = NULL;
  g_autofree char *trf = NULL;
  ArbTimeControl tc, back;
  glong offset = -1;

  if (size > 4096)
    return 0;
  text = g_strndup ((const char *) data, size);
  if (!arb_time_control_parse (text, &tc, &offset, NULL))
    {
      if (offset < 0 || (g_utf8_validate (text, -1, NULL) && offset > g_utf8_strlen (text, -1)))
        {
          fprintf (stderr, "error offset %ld outside “%s”\n", offset, text);
          abort ();
        }
      return 0;
    }
  pgn = arb_time_control_to_pgn (&tc);
  if (!arb_time_control_parse (pgn, &back, NULL, NULL) || !arb_time_control_equal (&tc, &back))
    {
      fprintf (stderr, "“%s” written as “%s” does not read back the same\n", text, pgn);
      abort ();
    }
  again = arb_time_control_to_pgn (&back);
  if (strcmp (pgn, again) != 0)
    abort ();
  readable = arb_time_control_to_readable (&tc);
  trf = arb_time_control_to_trf (&tc, NULL);
  {
    static const ArbEdition editions[] = { ARB_EDITION_2001, ARB_EDITION_2009, ARB_EDITION_2014,
                                           ARB_EDITION_2018, ARB_EDITION_2023 };

    for (gsize i = 0; i < G_N_ELEMENTS (editions); i++)
      (void) arb_time_control_category (&tc, editions[i]);
  }
  for (int side = 0; side < 2; side++)
    (void) arb_time_control_time_for_60_moves_ms (&tc, (ArbColor) side);
  return 0;
}
