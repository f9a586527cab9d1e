/* fuzz-pgn.c: libFuzzer entry point for the PGN reader, the writer and SAN
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not part of the test suite. Build and run with tests/fuzz/run-fuzz.sh,
 * which compiles this file and the notation sources with
 * clang -fsanitize=fuzzer,address,undefined.
 *
 * The first byte of an input picks the reader flags and the chunk size the
 * rest is fed in, so that chunk boundaries are fuzzed too. Besides "no
 * crash, no leak, no undefined behaviour", every game read without an error
 * must survive write -> read -> write giving the same text, and every SAN the writer
 * produces must read back as the same move.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arb-pgn-game.h"
#include "arb-pgn-writer.h"
#include "arb-san.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
collect_game (ArbPgnGame *game, gpointer user_data)
{
  g_ptr_array_add (user_data, game);
}

static void
check_san_of_line (const ArbPgnLine *line, const ArbPosition *start)
{
  ArbPosition pos = *start;

  for (guint i = 0; i < line->nodes->len; i++)
    {
      const ArbPgnNode *node = &g_array_index (line->nodes, ArbPgnNode, i);
      char san[ARB_SAN_MAX];
      ArbMove back = ARB_MOVE_NONE;
      ArbUndo undo;

      arb_san_write (&pos, node->move, san);
      if (arb_san_resolve (&pos, san, strlen (san), &back) != ARB_SAN_OK || back != node->move)
        abort ();
      if (node->variations != NULL)
        for (guint k = 0; k < node->variations->len; k++)
          check_san_of_line (g_ptr_array_index (node->variations, k), &pos);
      arb_position_make_move (&pos, node->move, &undo);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static gboolean initialised = FALSE;
  ArbPgnReaderFlags flags;
  gsize chunk;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (ArbPgnReader) reader = NULL;
  ArbPosition start;

  if (!initialised)
    {
      arb_position_init ();
      initialised = TRUE;
    }
  if (size == 0)
    return 0;

  flags = (data[0] & 1) ? ARB_PGN_READER_STRICT : ARB_PGN_READER_DEFAULT;
  if (data[0] & 2)
    flags |= ARB_PGN_READER_ACCEPT_UCI;
  chunk = (data[0] >> 2) == 0 ? size : (gsize) (data[0] >> 2);
  data++;
  size--;

  /* The bytes as a SAN token in the start position. */
  {
    ArbMove move;

    arb_position_set_start (&start);
    if (size < 64)
      (void) arb_san_resolve (&start, (const char *) data, size, &move);
  }

  games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_pgn_game_free);
  reader = arb_pgn_game_reader_new (flags, collect_game, games);
  for (gsize off = 0; off < size; off += chunk)
    arb_pgn_reader_feed (reader, (const char *) data + off, MIN (chunk, size - off));
  arb_pgn_reader_finish (reader);

  for (guint i = 0; i < games->len; i++)
    {
      ArbPgnGame *game = g_ptr_array_index (games, i);
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;
      g_autoptr (GPtrArray) back = NULL;

      check_san_of_line (game->mainline, &game->start);
      if (game->error != NULL)
        continue;
      text = arb_pgn_game_to_string (game, ARB_PGN_WRITE_DEFAULT);
      /* Read back leniently: a tag name the lenient reader took ("B\xf3ackElo",
       * "BlackType:") is written as it is and strict mode would refuse it. */
      back = arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
      if (back->len != 1 || ((ArbPgnGame *) g_ptr_array_index (back, 0))->error != NULL)
        {
          g_printerr ("written game does not read back:\n%s\n", text);
          abort ();
        }
      again = arb_pgn_game_to_string (g_ptr_array_index (back, 0), ARB_PGN_WRITE_DEFAULT);
      if (strcmp (text, again) != 0)
        {
          g_printerr ("written twice, differs:\n%s\n---\n%s\n", text, again);
          abort ();
        }
    }
  return 0;
}
