/* fuzz-scoresheet.c: libFuzzer harness for the scoresheet reader and search
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the language (bits 0-2), two sheets (bit 3: the
 * rest is split at its first 0x1E byte), and the start position (bits 4-5:
 * the standard one, a set-up position with Black to move, Chess960). The
 * rest is the sheet text. The reader must end with a sheet or an error;
 * every token must lie inside the input, with valid UTF-8 text and readings
 * on the board. Sheets of up to 300 tokens are searched (the search is
 * bounded for any length; this keeps executions fast), and a game found must
 * be legal from the start, with its corrections and token links in range.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-scoresheet-reader.h"
#include "arb-scoresheet-search.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const languages[] = { "auto", "en", "sv", "nb", "da", "de", "nl", "xx" };
static const char *const starts[] = {
  ARB_START_FEN,
  "8/5k2/8/8/8/8/r4PK1/4R3 b - - 0 40",
  "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
  "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
};

static void
check_sheet (const ArbScoresheet *sheet, const uint8_t *data, size_t size)
{
  guint n = arb_scoresheet_get_n_tokens (sheet);

  if (n == 0 || n > ARB_SCORESHEET_MAX_TOKENS + 1)
    abort ();
  for (guint i = 0; i < n; i++)
    {
      const ArbScoresheetToken *tok = arb_scoresheet_get_token (sheet, i);

      if ((size_t) tok->offset + tok->length > size || tok->line == 0 || tok->column == 0)
        abort ();
      if (!g_utf8_validate (tok->text, -1, NULL))
        abort ();
      if (tok->n_readings > ARB_SCORESHEET_MAX_READINGS)
        abort ();
      for (guint r = 0; r < tok->n_readings; r++)
        {
          const ArbScoresheetReading *rd = &tok->readings[r];

          if (rd->from_file < -1 || rd->from_file > 7 || rd->to_file < -1 || rd->to_file > 7 ||
              rd->from_rank < -1 || rd->from_rank > 7 || rd->to_rank < -1 || rd->to_rank > 7 ||
              rd->piece > ARB_KING || rd->promotion > ARB_QUEEN || rd->castling > 2)
            abort ();
        }
    }
}

static void
check_game (const ArbScoresheetResult *result,
            const ArbScoresheetGame *game,
            ArbScoresheet *const *sheets,
            guint n_sheets)
{
  ArbPosition pos = result->start;
  guint plies = game->moves->len;

  for (guint i = 0; i < plies; i++)
    {
      ArbMove move = g_array_index (game->moves, ArbMove, i);
      ArbUndo undo;

      if (!arb_position_is_legal (&pos, move))
        abort ();
      arb_position_make_move (&pos, move, &undo);
    }
  for (guint k = 0; k < n_sheets; k++)
    {
      if (game->tokens[k]->len != plies)
        abort ();
      for (guint i = 0; i < plies; i++)
        {
          int t = g_array_index (game->tokens[k], int, i);

          if (t < -1 || t >= (int) arb_scoresheet_get_n_tokens (sheets[k]))
            abort ();
        }
    }
  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);

      if (c->ply < 1 || c->ply > plies + 1 || c->sheet >= n_sheets ||
          c->kind > ARB_SCORESHEET_CORRECTION_SWAPPED || !g_utf8_validate (c->written, -1, NULL))
        abort ();
      if (c->token >= (int) arb_scoresheet_get_n_tokens (sheets[c->sheet]))
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static gboolean initialised = FALSE;
  const char *language;
  gboolean two;
  const uint8_t *parts[2];
  size_t lengths[2];
  guint n = 1;
  ArbScoresheet *sheets[2] = { NULL, NULL };
  ArbPosition start;
  guint total = 0;
  gboolean ok = TRUE;

  if (!initialised)
    {
      arb_position_init ();
      initialised = TRUE;
    }
  if (size == 0)
    return 0;
  language = languages[data[0] & 7];
  two = (data[0] & 8) != 0;
  if (!arb_position_set_fen (&start, starts[(data[0] >> 4) & 3], ARB_FEN_CHESS960, NULL))
    abort ();
  data++;
  size--;

  parts[0] = data;
  lengths[0] = size;
  if (two)
    {
      const uint8_t *sep = memchr (data, 0x1E, size);

      if (sep != NULL)
        {
          lengths[0] = (size_t) (sep - data);
          parts[1] = sep + 1;
          lengths[1] = size - lengths[0] - 1;
          n = 2;
        }
    }

  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GError) error = NULL;

      sheets[k] =
        arb_scoresheet_read ((const char *) parts[k], (gssize) lengths[k], language, &error);
      if (sheets[k] == NULL)
        {
          if (error == NULL || error->domain != ARB_SCORESHEET_ERROR)
            abort ();
          ok = FALSE;
          continue;
        }
      check_sheet (sheets[k], parts[k], lengths[k]);
      total += arb_scoresheet_get_n_tokens (sheets[k]);
    }

  if (ok && total <= 300)
    {
      g_autoptr (GError) error = NULL;
      ArbScoresheetFailure failure = { 0 };
      g_autoptr (ArbScoresheetResult) result =
        arb_scoresheet_search (&start, sheets, n, NULL, &failure, &error);

      if (result == NULL)
        {
          if (error == NULL || error->domain != ARB_SCORESHEET_ERROR || failure.sheet >= n ||
              failure.token >= (int) arb_scoresheet_get_n_tokens (sheets[failure.sheet]))
            abort ();
        }
      else
        {
          check_game (result, result->best, sheets, n);
          for (guint i = 0; i < result->alternatives->len; i++)
            {
              const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);

              check_game (result, alt, sheets, n);
              if (alt->differs_at < 1 ||
                  alt->differs_at > MAX (alt->moves->len, result->best->moves->len) + 1)
                abort ();
            }
        }
    }
  for (guint k = 0; k < 2; k++)
    arb_scoresheet_free (sheets[k]);
  return 0;
}
