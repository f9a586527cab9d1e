/* fuzz-san.c: libFuzzer harness for SAN and the local piece letters
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks one of a few positions and a language; the rest is
 * the typed move. A move read from the text must be legal, must be written
 * back as SAN that reads as the same move, and so must its local and
 * figurine forms.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-san-letters.h"
#include "arb-san.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const positions[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
  "2N1N3/8/8/1N3N2/8/8/k7/4K3 w - - 0 1",
  "5k2/8/8/8/8/8/8/Q2Q2QK w - - 0 1",
};
static const char *const languages[] = { "en", "de", "fr", "sv", "nl", "es", "ru", "xx" };

static void
check_resolves (const ArbPosition *pos, const char *text, ArbMove expected)
{
  ArbMove move = ARB_MOVE_NONE;

  if (arb_san_resolve (pos, text, strlen (text), &move) != ARB_SAN_OK || move != expected)
    {
      fprintf (stderr, "“%s” does not read back as the move written\n", text);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static gboolean initialised = FALSE;
  const char *language;
  ArbPosition pos;
  ArbMove move;
  ArbSanShape shape;
  char san[ARB_SAN_MAX];

  if (!initialised)
    {
      arb_position_init ();
      initialised = TRUE;
    }
  if (size == 0 || size > 256)
    return 0;
  if (!arb_position_set_fen (&pos, positions[data[0] % G_N_ELEMENTS (positions)],
                             ARB_FEN_PERMISSIVE, NULL))
    abort ();
  language = languages[(data[0] >> 3) % G_N_ELEMENTS (languages)];
  data++;
  size--;

  (void) arb_san_parse_shape ((const char *) data, size, &shape);

  move = arb_san_parse (&pos, (const char *) data, size, NULL);
  if (move != ARB_MOVE_NONE)
    {
      if (!arb_position_is_legal (&pos, move))
        abort ();
      arb_san_write (&pos, move, san);
      check_resolves (&pos, san, move);
    }

  /* The same text as typed in the letters of a language. */
  {
    g_autofree char *text = g_strndup ((const char *) data, size);
    g_autofree char *english = NULL;

    if (!g_utf8_validate (text, -1, NULL))
      return 0;
    english = arb_san_from_local (text, language);
    move = english != NULL ? arb_san_parse (&pos, english, strlen (english), NULL) : ARB_MOVE_NONE;
    if (move != ARB_MOVE_NONE)
      {
        g_autofree char *local = NULL;
        g_autofree char *figurine = NULL;
        g_autofree char *local_back = NULL;
        g_autofree char *figurine_back = NULL;

        arb_san_write (&pos, move, san);
        local = arb_san_to_local (san, language);
        figurine = arb_san_to_figurine (san);
        local_back = arb_san_from_local (local, language);
        figurine_back = arb_san_from_local (figurine, language);
        check_resolves (&pos, local_back, move);
        check_resolves (&pos, figurine_back, move);
      }
  }
  return 0;
}
