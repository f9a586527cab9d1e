/* fuzz-lichess-answer.c: libFuzzer harness for lichess's answer to a push
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is what a server answered to POST
 * /api/broadcast/round/{id}/push, which the window shows to the arbiter.
 * Besides "no crash, no leak, no undefined behaviour": every answer read
 * is an error or a list of games, each game with its moves or its error
 * (never both), a board from 0 to 9999, and text that is valid UTF-8
 * without control characters.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-lichess-answer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_text (const char *text)
{
  if (text == NULL)
    return;
  if (!g_utf8_validate (text, -1, NULL))
    abort ();
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (ArbLichessAnswer) answer = NULL;
  g_autoptr (GError) error = NULL;

  if (size > 256 * 1024)
    return 0;
  answer = arb_lichess_answer_parse ((const char *) data, size, &error);
  if (answer == NULL)
    {
      if (error == NULL || error->domain != ARB_LICHESS_ANSWER_ERROR)
        abort ();
      return 0;
    }
  if (error != NULL || answer->games == NULL)
    abort ();
  check_text (answer->error);
  for (guint i = 0; i < answer->games->len; i++)
    {
      const ArbLichessGameAnswer *game = &g_array_index (answer->games, ArbLichessGameAnswer, i);

      if (game->board < 0 || game->board > 9999)
        abort ();
      if ((game->error == NULL) != (game->moves >= 0))
        {
          fprintf (stderr, "game %u: moves %d, error %s\n", i, game->moves,
                   game->error != NULL ? game->error : "(none)");
          abort ();
        }
      check_text (game->white);
      check_text (game->black);
      check_text (game->error);
    }
  return 0;
}
