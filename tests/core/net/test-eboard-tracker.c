/* test-eboard-tracker.c: an e-board's noise, absorbed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "arb-eboard-tracker.h"
#include "arb-san.h"

#define MS 1000 /* microseconds */
#define SETTLE 1000

/* The placement after @moves from the start, as an e-board reports it. */
static char *
placement_after (const char *moves, gboolean flipped)
{
  g_auto (GStrv) san = g_strsplit (moves, " ", -1);
  char fen[ARB_FEN_MAX];
  ArbPosition pos;

  arb_position_set_start (&pos);
  for (guint i = 0; san[i] != NULL; i++)
    {
      ArbMove move;
      ArbUndo undo;

      if (san[i][0] == '\0')
        continue;
      g_assert_cmpint (arb_san_resolve (&pos, san[i], strlen (san[i]), &move), ==, ARB_SAN_OK);
      arb_position_make_move (&pos, move, &undo);
    }
  if (flipped)
    {
      ArbPiece turned[64];

      for (int sq = 0; sq < 64; sq++)
        turned[63 - sq] = pos.board[sq];
      memcpy (pos.board, turned, sizeof turned);
    }
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
  *strchr (fen, ' ') = '\0';
  return g_strdup (fen);
}

typedef struct
{
  ArbEboardTracker *tracker;
  GPtrArray *reported; /* "MOVES" of each game reported */
} Fixture;

static void
feed (Fixture *f, gint64 at_ms, const char *moves, const char *placement, const char *state)
{
  ArbLivechessBoard board = {
    .serial = (char *) "31415",
    .state = (char *) state,
    .placement = (char *) placement,
    .has_clock = TRUE,
    .white_ms = 5400000 - at_ms,
    .black_ms = 5400000,
  };
  g_autoptr (GPtrArray) san = NULL;

  if (moves != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (moves, " ", -1);

      san = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_ptr_array_add (san, g_strdup (parts[i]));
    }
  arb_eboard_tracker_feed (f->tracker, &board, san, at_ms * MS);
}

/* Polls at @at_ms; returns the moves reported then (a string), or NULL. */
static char *
poll (Fixture *f, gint64 at_ms, gint64 *next_ms)
{
  gint64 next = 0;
  g_autoptr (ArbSourceGame) game = arb_eboard_tracker_poll (f->tracker, at_ms * MS, &next);
  GString *moves;

  if (next_ms != NULL)
    *next_ms = next == G_MAXINT64 ? -1 : next / MS;
  if (game == NULL)
    return NULL;
  g_assert_cmpstr (game->key, ==, "eboard:31415");
  g_assert_cmpstr (game->serial, ==, "31415");
  moves = g_string_new (NULL);
  for (guint i = 0; i < arb_source_game_get_n_moves (game); i++)
    {
      const ArbSourceMove *m = arb_source_game_get_move (game, i);

      if (i > 0)
        g_string_append_c (moves, ' ');
      g_string_append (moves, m->san);
      /* The clock's times go with the last move only. */
      if (i + 1 < arb_source_game_get_n_moves (game))
        g_assert_cmpint (m->white_ms, ==, -1);
      else
        g_assert_cmpint (m->black_ms, ==, 5400000);
    }
  return g_string_free (moves, FALSE);
}

#define assert_reported(f, at, expected)            \
  G_STMT_START                                      \
  {                                                 \
    g_autofree char *got_ = poll ((f), (at), NULL); \
    g_assert_cmpstr (got_, ==, (expected));         \
  }                                                 \
  G_STMT_END

static void
test_recorded_session (void)
{
  Fixture f = { arb_eboard_tracker_new ("31415", SETTLE) };
  g_autofree char *start = placement_after ("", FALSE);
  g_autofree char *after_e4 = placement_after ("e4", FALSE);
  g_autofree char *after_nf3 = placement_after ("e4 e5 Nf3", FALSE);
  g_autofree char *after_na6 = placement_after ("e4 e5 Nf3 Na6", FALSE);
  g_autofree char *after_nc6 = placement_after ("e4 e5 Nf3 Nc6", FALSE);
  g_autofree char *after_bb5 = placement_after ("e4 e5 Nf3 Nc6 Bb5", FALSE);
  g_autofree char *after_a6 = placement_after ("e4 e5 Nf3 Nc6 Bb5 a6", FALSE);
  g_auto (GStrv) parts = g_strsplit (after_nf3, "5N2", 2);
  /* The knight on f3 lifted: its square empty a moment. */
  g_autofree char *lifted = g_strjoinv ("8", parts);
  gint64 next;

  /* The board listed, then its first event: no moves yet. */
  feed (&f, 0, NULL, start, "ACTIVE");
  g_assert_null (poll (&f, 0, &next));
  g_assert_cmpint (next, ==, -1);
  feed (&f, 100, "", start, "ACTIVE");
  assert_reported (&f, 1100, "");

  /* A move stands only after the settling time. */
  feed (&f, 2000, "e4", after_e4, "ACTIVE");
  g_assert_null (poll (&f, 2500, &next));
  g_assert_cmpint (next, ==, 3000);
  assert_reported (&f, 3000, "e4");

  /* The same event again reports nothing. */
  feed (&f, 3500, "e4", after_e4, "ACTIVE");
  g_assert_null (poll (&f, 5000, &next));
  g_assert_cmpint (next, ==, -1);

  /* Two moves in one event, both reported. */
  feed (&f, 6000, "e4 e5 Nf3", after_nf3, "ACTIVE");
  assert_reported (&f, 7000, "e4 e5 Nf3");

  /* A piece lifted and put back: nothing. */
  feed (&f, 8000, "e4 e5 Nf3", lifted, "ACTIVE");
  g_assert_null (poll (&f, 8500, NULL));
  feed (&f, 8600, "e4 e5 Nf3", after_nf3, "ACTIVE");
  g_assert_null (poll (&f, 9600, NULL));
  g_assert_null (poll (&f, 20000, NULL));

  /* A knight read on the wrong square in the air, then where it went:
   * only the second counts. */
  feed (&f, 10000, "e4 e5 Nf3 Na6", after_na6, "ACTIVE");
  feed (&f, 10500, "e4 e5 Nf3 Nc6", after_nc6, "ACTIVE");
  g_assert_null (poll (&f, 11000, &next));
  g_assert_cmpint (next, ==, 11500);
  assert_reported (&f, 11500, "e4 e5 Nf3 Nc6");

  /* A board that cannot be read (a hand over it) holds the move back
   * until it can be read again and agrees. */
  feed (&f, 13000, "e4 e5 Nf3 Nc6 Bb5", "", "ACTIVE");
  g_assert_false (arb_eboard_tracker_is_readable (f.tracker));
  g_assert_null (poll (&f, 14000, &next));
  g_assert_cmpint (next, ==, 13000 + 10 * SETTLE);
  feed (&f, 14500, NULL, after_bb5, "ACTIVE");
  g_assert_true (arb_eboard_tracker_is_readable (f.tracker));
  g_assert_null (poll (&f, 15000, NULL));
  assert_reported (&f, 15500, "e4 e5 Nf3 Nc6 Bb5");

  /* A board that does not answer is not read either. */
  feed (&f, 16000, "e4 e5 Nf3 Nc6 Bb5 a6", after_a6, "NOTRESPONDING");
  g_assert_null (poll (&f, 17500, NULL));
  /* ... but a knocked-over piece does not stop the game for long. */
  assert_reported (&f, 16000 + 10 * SETTLE, "e4 e5 Nf3 Nc6 Bb5 a6");

  arb_eboard_tracker_free (f.tracker);
}

static void
test_flipped (void)
{
  g_autoptr (ArbEboardTracker) tracker = arb_eboard_tracker_new ("31415", SETTLE);
  Fixture f = { tracker };
  g_autofree char *turned = placement_after ("d4 Nf6", TRUE);
  g_autofree char *other = placement_after ("d4 Nf6 c4", FALSE);

  /* A board set up the other way round still agrees with the moves. */
  feed (&f, 0, "d4 Nf6", turned, NULL);
  assert_reported (&f, SETTLE, "d4 Nf6");
  /* One that shows a position the moves do not lead to waits. */
  feed (&f, 5000, "d4 Nf6 e4", other, NULL);
  g_assert_null (poll (&f, 5000 + SETTLE, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/net/eboard-tracker/recorded-session", test_recorded_session);
  g_test_add_func ("/net/eboard-tracker/flipped", test_flipped);

  return g_test_run ();
}
