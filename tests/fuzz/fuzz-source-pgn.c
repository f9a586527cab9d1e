/* fuzz-source-pgn.c: libFuzzer harness for a live PGN read while it is written
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A live PGN is read at any moment of its writing. Whatever the bytes:
 * nothing crashes; a text said to be whole stays whole with a line break
 * more and gives the same games; a prefix of it said to be whole (as a
 * source would take it: a torn one is never delivered) gives at most as
 * many games; every game read compares with a stored game without harm.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-source-diff.h"
#include "arb-source-pgn.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check (gboolean ok, const char *what)
{
  if (!ok)
    {
      fprintf (stderr, "%s\n", what);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) games = NULL;
  const char *text = (const char *) data;
  gboolean complete = FALSE;
  ArbPosition start;

  if (size > 64 * 1024)
    return 0;
  arb_position_init ();
  games = arb_source_pgn_read (text, size, &complete);
  if (complete)
    {
      g_autofree char *more = g_strndup (text, size);
      g_autofree char *with_break = g_strconcat (more, "\n", NULL);
      g_autoptr (GPtrArray) again = NULL;
      gboolean still = FALSE;

      /* The bytes may hold a NUL: compare only what a string holds. */
      if (strlen (more) == size)
        {
          again = arb_source_pgn_read (with_break, size + 1, &still);
          check (still, "a whole text with a line break more is torn");
          check (again->len == games->len, "a line break more changes the games");
        }
    }
  {
    gboolean half_whole = FALSE;
    g_autoptr (GPtrArray) half = arb_source_pgn_read (text, size / 2, &half_whole);

    check (half->len <= games->len || !complete || !half_whole,
           "a whole prefix has more games than the whole");
  }
  arb_position_set_start (&start);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbSourceGame *game = g_ptr_array_index (games, i);
      g_autoptr (ArbSourceDiff) diff = arb_source_diff_compute (&start, NULL, 0, game);

      check (game->key != NULL && game->key[0] != '\0', "a game without a key");
      check (diff->kind == ARB_SOURCE_DIFF_SAME || diff->kind == ARB_SOURCE_DIFF_NEW,
             "an empty stored game cannot differ");
    }
  return 0;
}
