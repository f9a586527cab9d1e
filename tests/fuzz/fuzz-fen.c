/* fuzz-fen.c: libFuzzer harness for the FEN reader and writer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the reader's flags; the rest is the text. A FEN
 * read without an error must be written, read back and written again to
 * the same text, and its legal moves must be generated without a fault.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-position.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static gboolean initialised = FALSE;
  g_autofree char *text = NULL;
  ArbFenFlags flags;
  ArbPosition pos, back;
  ArbMoveList list;
  char fen[ARB_FEN_MAX], again[ARB_FEN_MAX];

  if (!initialised)
    {
      arb_position_init ();
      initialised = TRUE;
    }
  if (size == 0 || size > 4096)
    return 0;
  flags = data[0] & (ARB_FEN_CHESS960 | ARB_FEN_PERMISSIVE);
  text = g_strndup ((const char *) data + 1, size - 1);

  if (!arb_position_set_fen (&pos, text, flags, NULL))
    return 0;
  arb_position_legal_moves (&pos, &list);
  arb_position_write_fen (&pos, flags & ARB_FEN_CHESS960, fen);
  if (!arb_position_set_fen (&back, fen, flags, NULL))
    {
      fprintf (stderr, "written FEN does not read back: %s (from %s)\n", fen, text);
      abort ();
    }
  arb_position_write_fen (&back, flags & ARB_FEN_CHESS960, again);
  if (strcmp (fen, again) != 0)
    {
      fprintf (stderr, "written twice, differs: %s / %s\n", fen, again);
      abort ();
    }
  return 0;
}
