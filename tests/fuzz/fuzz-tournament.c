/* fuzz-tournament.c: libFuzzer harness for opening a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is the file: mutated SQLite files from the seeds (real files
 * made by the program). It is opened read-only, as `check` and `export`
 * open a file someone hands them, checked, and every game, ruling and the
 * PGN and TRF exports are read. Whatever the bytes, the answer is an
 * error or a value, never a fault. The crafted-*.arbiter seeds hold
 * numbers out of the readers' ranges (plies, rounds, boards), tags nested
 * too deep and codes of illegal moves.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-trf.h"
#include "arb-tournament.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *path;

static void
remove_files (void)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *p = g_strconcat (path, suffixes[i], NULL);
      g_unlink (p);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *trf = NULL;

  if (path == NULL)
    {
      arb_position_init ();
      path = arb_test_temp_path ("fuzz.arbiter");
    }
  if (size > 1024 * 1024)
    return 0;
  remove_files ();
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    abort ();

  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  if (tournament == NULL)
    return 0;
  (void) arb_tournament_check (tournament, problems, NULL);
  event = arb_tournament_get_event (tournament, NULL);
  players = arb_tournament_list_players (tournament, NULL);
  games = arb_tournament_list_games (tournament, 0, NULL);
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const ArbGameInfo *game = games->pdata[i];
      g_autoptr (GArray) moves = arb_tournament_get_moves (tournament, game->id, NULL);
      g_autoptr (GPtrArray) rulings = arb_tournament_list_rulings (tournament, game->id, NULL);
      ArbPosition pos;
      int n = 0;

      (void) arb_tournament_replay (tournament, game->id, &pos, &n, NULL);
    }
  pgn = arb_tournament_export_pgn (tournament, 0, 0, NULL);
  trf = arb_tournament_export_trf (tournament, NULL);
  return 0;
}
