/* fuzz-livechess.c: libFuzzer harness for DGT LiveChess's messages
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bytes of a WebSocket message from the venue's network go through
 * what the e-board source does with them: the message is read, its
 * boards fed to their trackers, the trackers asked whether the moves
 * settled, and a settled game compared with a stored game. Nothing may
 * crash, and what is read must keep the reader's limits. An input may
 * hold several messages, one per line, as a session does.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-eboard-tracker.h"
#include "arb-livechess-message.h"
#include "arb-source-diff.h"

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

/* A stored game to compare with: 1. e4 e5 2. Nf3. */
static void
compare (const ArbSourceGame *game)
{
  static const char *const line[] = { "e4", "e5", "Nf3" };
  ArbMove stored[G_N_ELEMENTS (line)];
  ArbPosition start;
  ArbPosition pos;
  g_autoptr (ArbSourceDiff) diff = NULL;

  arb_position_set_start (&start);
  pos = start;
  for (guint i = 0; i < G_N_ELEMENTS (line); i++)
    {
      ArbUndo undo;

      check (arb_san_resolve (&pos, line[i], strlen (line[i]), &stored[i]) == ARB_SAN_OK,
             "the stored line does not read");
      arb_position_make_move (&pos, stored[i], &undo);
    }
  diff = arb_source_diff_compute (&start, stored, G_N_ELEMENTS (stored), game);
  check (diff->new_moves->len <= arb_source_game_get_n_moves (game), "more new moves than moves");
  if (diff->has_illegal)
    check (diff->illegal_text != NULL && diff->illegal_ply >= 1, "an illegal move without text");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GHashTable) trackers = NULL;
  const char *text = (const char *) data;
  gint64 now = 0;
  gsize start = 0;

  if (size > 256 * 1024)
    return 0;
  arb_position_init ();
  trackers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify) arb_eboard_tracker_free);
  while (start <= size)
    {
      const char *nl = memchr (text + start, '\n', size - start);
      gsize end = nl != NULL ? (gsize) (nl - text) : size;
      g_autoptr (ArbLivechessMessage) message = NULL;

      message = arb_livechess_message_parse (text + start, end - start, NULL);
      start = end + 1;
      now += 400 * 1000;
      if (message == NULL)
        continue;
      if (message->san != NULL)
        {
          check (message->san->len <= ARB_LIVECHESS_MAX_MOVES, "too many moves");
          for (guint i = 0; i < message->san->len; i++)
            check (strlen (g_ptr_array_index (message->san, i)) <= 32, "a move too long");
        }
      for (guint i = 0; i < message->boards->len; i++)
        {
          const ArbLivechessBoard *board = &g_array_index (message->boards, ArbLivechessBoard, i);
          ArbEboardTracker *tracker;
          const char *serial = board->serial != NULL ? board->serial : "-";

          check (strlen (serial) <= ARB_LIVECHESS_SERIAL_MAX, "a serial too long");
          check (board->placement == NULL ||
                   strlen (board->placement) <= ARB_LIVECHESS_PLACEMENT_MAX,
                 "a placement too long");
          tracker = g_hash_table_lookup (trackers, serial);
          if (tracker == NULL)
            {
              tracker = arb_eboard_tracker_new (serial, 300);
              g_hash_table_insert (trackers, g_strdup (serial), tracker);
            }
          arb_eboard_tracker_feed (
            tracker, board, message->kind == ARB_LIVECHESS_MESSAGE_FEED ? message->san : NULL, now);
        }
      /* Long after: whatever waits has settled. */
      {
        GHashTableIter iter;
        gpointer value;

        g_hash_table_iter_init (&iter, trackers);
        while (g_hash_table_iter_next (&iter, NULL, &value))
          {
            gint64 next = 0;
            g_autoptr (ArbSourceGame) game =
              arb_eboard_tracker_poll (value, now + G_USEC_PER_SEC * 60, &next);

            if (game != NULL)
              {
                g_autoptr (ArbSourceGame) again =
                  arb_eboard_tracker_poll (value, now + G_USEC_PER_SEC * 61, NULL);

                check (again == NULL, "the same moves reported twice");
                compare (game);
              }
          }
      }
      if (nl == NULL)
        break;
    }
  return 0;
}
