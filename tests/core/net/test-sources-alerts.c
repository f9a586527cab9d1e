/* test-sources-alerts.c: a source's alerts raised on stored games, and cleared by it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-round-sources.h"
#include "arb-san.h"
#include "arb-test-utils.h"

/* A round of @n boards: board N is "White N" – "Black N". */
typedef struct
{
  char *path;
  char *pgn;
  ArbTournament *tournament;
  GPtrArray *games;
  ArbNetWorker *worker;
  ArbRoundSources *sources;
} Round;

static Round *
round_new (guint n_boards)
{
  Round *r = g_new0 (Round, 1);
  g_autofree gint64 *ids = g_new0 (gint64, n_boards + 1);
  ArbTimeControl tc;

  r->tournament = arb_test_new_tournament (&r->path);
  r->pgn = arb_test_temp_path ("alerts.pgn");
  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, NULL));
  r->games = g_ptr_array_new_with_free_func (g_object_unref);
  arb_test_add_numbered_round (r->tournament, NULL, n_boards, ids);
  for (guint board = 1; board <= n_boards; board++)
    g_ptr_array_add (r->games,
                     arb_game_load (r->tournament, ids[board], &tc, ARB_EDITION_2023, NULL));
  r->worker = arb_net_worker_new ();
  r->sources = arb_round_sources_new (r->worker, r->tournament, 1, r->games);
  return r;
}

static void
round_free (Round *r)
{
  arb_round_sources_stop (r->sources);
  g_clear_object (&r->sources);
  g_clear_object (&r->worker);
  g_ptr_array_unref (r->games);
  g_clear_object (&r->tournament);
  g_free (r->path);
  g_free (r->pgn);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Round, round_free)

static ArbGame *
board_game (Round *r, guint board)
{
  return g_ptr_array_index (r->games, board - 1);
}

/* Moves played at the board, before any source. */
static void
play (Round *r, guint board, const char *const *line)
{
  ArbGame *game = board_game (r, board);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; line[i] != NULL; i++)
    {
      ArbMove move;

      g_assert_cmpint (
        arb_san_resolve (arb_game_get_position (game, i), line[i], strlen (line[i]), &move), ==,
        ARB_SAN_OK);
      g_assert_true (arb_game_play_move (game, move, &error));
      g_assert_no_error (error);
    }
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* The alerts in the file, "BOARD KIND PLY REPORTED STATE", in order. */
static char *
stored_alerts (Round *r)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) alerts = arb_tournament_list_source_alerts (t, 0, FALSE, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *a = g_ptr_array_index (alerts, i);
      g_autoptr (ArbGameInfo) game = arb_tournament_get_game (t, a->game_id, NULL);

      g_string_append_printf (text, "%s%d %s %d %s %s", i > 0 ? "; " : "", game->board,
                              arb_source_alert_kind_to_string (a->kind), a->ply, a->reported,
                              arb_source_alert_state_to_string (a->state));
    }
  return g_string_free (text, FALSE);
}

/* Runs the loop until the file's alerts read @want; the deadline only
 * guards against a hang, it is no measurement. */
static void
wait_alerts (Round *r, const char *want)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint wake = g_timeout_add (20, wake_cb, NULL);
  g_autofree char *have = NULL;

  for (;;)
    {
      g_free (have);
      have = stored_alerts (r);
      if (g_str_equal (have, want) || g_get_monotonic_time () > deadline)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
  g_assert_cmpstr (have, ==, want);
}

static guint
n_open (Round *r, guint board)
{
  GPtrArray *open = arb_round_sources_list_alerts (r->sources, board_game (r, board));

  return open != NULL ? open->len : 0;
}

#define GAME(board, white, black, moves) \
  "[Round \"1." #board "\"]\n[White \"" white "\"]\n[Black \"" black "\"]\n\n" moves " *\n\n"

/* A source added to a round whose games hold moves: what it says that
 * differs from them is flagged at its first report, not when the file is
 * opened again. */
static void
test_existing_games (void)
{
  g_autoptr (Round) r = round_new (2);
  g_autoptr (GError) error = NULL;
  const char *const board1[] = { "e4", "e5", "Nf3", NULL };
  const char *const board2[] = { "d4", "d5", NULL };

  play (r, 1, board1);
  play (r, 2, board2);
  g_assert_true (g_file_set_contents (r->pgn,
                                      GAME (1, "White 1", "Black 1", "1. e4 c5 2. Nf3")
                                        GAME (2, "White 2", "Black 2", "1. d4 d5 2. c4 Ke7"),
                                      -1, NULL));
  g_assert_nonnull (arb_round_sources_add (r->sources, r->pgn, 50, TRUE, &error));
  g_assert_no_error (error);
  wait_alerts (r, "1 changed-moves 2 c5 Nf3 open; 2 illegal-move 4 Ke8-e7 open");
  g_assert_cmpuint (n_open (r, 1), ==, 1);
  g_assert_cmpuint (n_open (r, 2), ==, 1);
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, 2)), ==, 3);
}

/* Each alert whose cause leaves the source is cleared by it, and kept; the
 * same cause reported again raises a new alert. */
static void
test_cleared (void)
{
  g_autoptr (Round) r = round_new (2);
  g_autoptr (GError) error = NULL;
  const char *const board1[] = { "e4", "e5", "Nf3", NULL };

  play (r, 1, board1);
  /* An illegal move after the stored ones, and board 2 the other way
   * round. */
  g_assert_true (g_file_set_contents (r->pgn,
                                      GAME (1, "White 1", "Black 1", "1. e4 e5 2. Nf3 Ke6")
                                        GAME (2, "Black 2", "White 2", "1. c4"),
                                      -1, NULL));
  g_assert_nonnull (arb_round_sources_add (r->sources, r->pgn, 50, TRUE, &error));
  g_assert_no_error (error);
  wait_alerts (r, "1 illegal-move 4 Ke8-e6 open; 2 wrong-colours 1 Black 2 \u2013 White 2 open");

  /* Corrected: the move is gone, the colours are as paired. */
  g_assert_true (g_file_set_contents (r->pgn,
                                      GAME (1, "White 1", "Black 1", "1. e4 e5 2. Nf3")
                                        GAME (2, "White 2", "Black 2", "1. c4"),
                                      -1, NULL));
  wait_alerts (r, "1 illegal-move 4 Ke8-e6 cleared; 2 wrong-colours 1 Black 2 \u2013 White 2 "
                  "cleared");
  g_assert_cmpuint (n_open (r, 1), ==, 0);
  g_assert_cmpuint (n_open (r, 2), ==, 0);

  /* Changed moves, then the stored ones again (and one more). */
  g_assert_true (
    g_file_set_contents (r->pgn, GAME (1, "White 1", "Black 1", "1. e4 c5"), -1, NULL));
  wait_alerts (r, "1 illegal-move 4 Ke8-e6 cleared; 2 wrong-colours 1 Black 2 \u2013 White 2 "
                  "cleared; 1 changed-moves 2 c5 open");
  g_assert_cmpuint (n_open (r, 1), ==, 1);
  g_assert_true (
    g_file_set_contents (r->pgn, GAME (1, "White 1", "Black 1", "1. e4 e5 2. Nf3 Nc6"), -1, NULL));
  wait_alerts (r, "1 illegal-move 4 Ke8-e6 cleared; 2 wrong-colours 1 Black 2 \u2013 White 2 "
                  "cleared; 1 changed-moves 2 c5 cleared");
  g_assert_cmpuint (n_open (r, 1), ==, 0);
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, 1)), ==, 4);

  /* The same change reported again: a new alert, the cleared one kept. */
  g_assert_true (
    g_file_set_contents (r->pgn, GAME (1, "White 1", "Black 1", "1. e4 c5"), -1, NULL));
  wait_alerts (r, "1 illegal-move 4 Ke8-e6 cleared; 2 wrong-colours 1 Black 2 \u2013 White 2 "
                  "cleared; 1 changed-moves 2 c5 cleared; 1 changed-moves 2 c5 open");
  g_assert_cmpuint (n_open (r, 1), ==, 1);
  {
    g_autoptr (ArbTournament) t =
      arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

    g_assert_true (arb_tournament_check (t, problems, NULL));
    g_assert_cmpuint (problems->len, ==, 0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/net/sources-alerts/existing-games", test_existing_games);
  g_test_add_func ("/net/sources-alerts/cleared", test_cleared);
  return g_test_run ();
}
