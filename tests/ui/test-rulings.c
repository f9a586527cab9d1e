/* test-rulings.c: the guided ruling flows end to end on the demo round (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test writes the demo tournament to a fresh file, opens a board's
 * game, drives a flow through the dialog's fact rows as the arbiter would,
 * confirms, and then opens the file again through the storage API to check
 * what was stored: the result, the moves, the clock times, the ruling row.
 * Expected values come from the Laws (2023 edition: 7.5.5 two minutes,
 * the second illegal move loses; 9.5.3 two minutes for an incorrect claim;
 * 6.9 loss on time unless the opponent cannot mate; 5.1.2 resignation)
 * and from the times the demo stored with each move, read from the file
 * independently of the code under test.
 *
 * With ARB_SCREENSHOT_DIR set, each flow is also rendered to a PNG there.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-board-card.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-game.h"
#include "arb-ruling-dialog.h"
#include "arb-ruling-print.h"
#include "arb-pgn-reader.h"
#include "arb-rulings-log.h"
#include "arb-tournament.h"
#include "arb-ui-harness.h"

typedef ArbUiDemoFixture Fixture;

/* Whatever a test stored, the file's own check finds it consistent. */
static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  arb_ui_demo_assert_consistent (f);
  arb_ui_demo_teardown (f, data);
}

static void
stored_times (ArbTournament *t, int board, int ply, gint64 *white_ms, gint64 *black_ms)
{
  g_autoptr (GArray) moves =
    arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, board, NULL), NULL);

  g_assert_nonnull (moves);
  g_assert_cmpint (ply, >=, 1);
  g_assert_cmpint (ply, <=, (int) moves->len);
  *white_ms = g_array_index (moves, ArbStoredMove, ply - 1).white_ms;
  *black_ms = g_array_index (moves, ArbStoredMove, ply - 1).black_ms;
}

static void
set_fact (ArbRulingDialog *dialog, const char *name, const char *value)
{
  if (!arb_ruling_dialog_set_fact (dialog, name, value))
    g_error ("fact %s cannot be set to %s", name, value);
}

/* Renders the window into ARB_SCREENSHOT_DIR/NAME.png when asked to, at
 * the height of the whole ruling. */
static void
screenshot (GtkWidget *window, const char *name)
{
  if (g_getenv ("ARB_SCREENSHOT_DIR") == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (window), 720, 1800);
  gtk_window_present (GTK_WINDOW (window));
  arb_ui_save_screenshot (window, name);
}

/* Copies a written file into ARB_SCREENSHOT_DIR, to be looked at. */
static void
keep_output (const char *path, const char *name)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autofree char *contents = NULL;
  g_autofree char *dest = NULL;
  gsize length;

  if (dir == NULL || !g_file_get_contents (path, &contents, &length, NULL))
    return;
  dest = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (dest, contents, (gssize) length, NULL));
}

static gint64
confirm (ArbRulingDialog *dialog)
{
  g_autoptr (GError) error = NULL;
  gint64 id;

  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  id = arb_ruling_dialog_confirm (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static ArbRulingRecord *
last_ruling (ArbTournament *t, int board)
{
  g_autoptr (GPtrArray) rulings =
    arb_tournament_list_rulings (t, arb_tournament_find_game (t, 1, board, NULL), NULL);
  ArbRulingRecord *r;

  g_assert_nonnull (rulings);
  g_assert_cmpuint (rulings->len, >, 0);
  r = g_ptr_array_steal_index (rulings, rulings->len - 1);
  return r;
}

static char *
game_result (ArbTournament *t, int board)
{
  g_autoptr (ArbGameInfo) info =
    arb_tournament_get_game (t, arb_tournament_find_game (t, 1, board, NULL), NULL);

  g_assert_nonnull (info);
  return g_strdup (arb_result_to_string (info->result));
}

/* --- Illegal move ---------------------------------------------------- */

/* Board 1, 38 plies. Black's 18th move (ply 36) is found to have been
 * illegal: the position at ply 35 comes back; White's clock gets the time
 * the file recorded at ply 35 and 2 minutes (2023 7.5.5); Black's gets his
 * time at ply 35 less what he used on his moves at plies 36 and 38 (2023
 * 7.1), that is his time after ply 38 less the two increments of 30 s
 * those moves earned. It is Black's first illegal move. */
static void
test_illegal_move_found_later (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  gint64 w35, b35, w38, b38;
  guint ply_hits = 0;

  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 38);
  stored_times (f->tournament, 1, 35, &w35, &b35);
  stored_times (f->tournament, 1, 38, &w38, &b38);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  /* White has the move: an illegal move just made would be White's.
   * Picking "instead of ply 36" makes it Black's. */
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->by, ==, ARB_WHITE);
  set_fact (dialog, "ply", "35");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->by, ==, ARB_BLACK);
  set_fact (dialog, "move", "f8f6");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_TIME_PENALTY);
  g_assert_cmpint (arb_ruling_dialog_get_plan (dialog)->restore_ply, ==, 35);
  g_assert_cmpint (arb_ruling_dialog_get_plan (dialog)->white_ms, ==, w35 + 120000);
  g_assert_cmpint (arb_ruling_dialog_get_plan (dialog)->black_ms, ==, b38 - 60000);
  g_assert_cmpint (b38 - 60000, <, b35);
  screenshot (GTK_WIDGET (dialog), "illegal-move");
  confirm (dialog);
  arb_ui_close_window (dialog);

  /* The open game follows at once. */
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 35);
  g_assert_cmpuint (arb_game_get_illegal_moves (game, ARB_BLACK), ==, 1);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_WHITE) / 1000, ==,
                   w35 + 120000);

  /* And the file says the same to a new reader. */
  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 1, NULL);
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, 35);
  g_assert_cmpuint (arb_game_get_illegal_moves (reloaded, ARB_BLACK), ==, 1);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   w35 + 120000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   b38 - 60000);
  r = last_ruling (t2, 1);
  g_assert_cmpstr (r->kind, ==, "illegal-move");
  g_assert_cmpstr (r->decision, ==, "time-penalty");
  g_assert_cmpint (r->ply, ==, 38);
  g_assert_cmpint (r->edition, ==, 2023);
  g_assert_nonnull (strstr (r->articles, "7.5.1"));
  g_assert_nonnull (strstr (r->articles, "7.5.5"));
  ply_hits = 0;
  {
    g_autofree char *result = game_result (t2, 1);
    g_assert_cmpstr (result, ==, "*");
  }
  (void) ply_hits;
}

/* Board 4: Black already made one illegal move (the demo recorded it).
 * A second one loses (2023 7.5.5), White having mating material. */
static void
test_illegal_move_second_loses (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 4, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  g_autofree char *result = NULL;

  g_assert_cmpuint (arb_game_get_illegal_moves (game, ARB_BLACK), ==, 1);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "side", "black");
  set_fact (dialog, "move", "e8e7");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  screenshot (GTK_WIDGET (dialog), "illegal-move-second");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 4);
  g_assert_cmpstr (result, ==, "1-0");
  r = last_ruling (t2, 4);
  g_assert_cmpstr (r->decision, ==, "loss");
  {
    g_autoptr (ArbGame) reloaded = arb_ui_demo_load_game (t2, 4, NULL);
    g_assert_cmpuint (arb_game_get_illegal_moves (reloaded, ARB_BLACK), ==, 2);
  }
}

/* Cancel leaves no trace: no row, no audit line. */
static void
test_cancel_leaves_no_trace (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  gint64 audit = arb_tournament_count_audit (f->tournament, NULL);
  gint64 rulings = arb_tournament_count_rows (f->tournament, "ruling", NULL);
  gint64 moves = arb_tournament_count_rows (f->tournament, "move", NULL);
  ArbRulingDialog *dialog;

  for (guint flow = 0; flow < ARB_RULING_FLOW_N; flow++)
    {
      dialog = g_object_ref_sink (arb_ruling_dialog_new (game, flow));
      if (flow == ARB_RULING_FLOW_ILLEGAL_MOVE)
        set_fact (dialog, "ply", "30");
      arb_ui_close_window (dialog);
    }
  g_assert_cmpint (arb_tournament_count_audit (f->tournament, NULL), ==, audit);
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "ruling", NULL), ==, rulings);
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "move", NULL), ==, moves);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 38);
}

/* --- Draw claims ----------------------------------------------------- */

/* Board 7, 34 plies: the position after 17… Rf8 stood on the board after
 * plies 26, 30 and 34 (no castling rights left on either side after
 * 12. O-O-O and 13… O-O). White, to move, claims: correct, a draw. */
static void
test_draw_claim_threefold_correct (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 7, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  g_autofree char *result = NULL;
  guint plies[8];

  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 34);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_DRAW_CLAIM));
  set_fact (dialog, "kind", "threefold");
  g_assert_cmpuint (arb_ruling_dialog_get_occurrences (dialog, plies, 8), ==, 3);
  g_assert_cmpuint (plies[0], ==, 26);
  g_assert_cmpuint (plies[1], ==, 30);
  g_assert_cmpuint (plies[2], ==, 34);
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
  screenshot (GTK_WIDGET (dialog), "draw-claim-correct");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 7);
  g_assert_cmpstr (result, ==, "1/2-1/2");
  r = last_ruling (t2, 7);
  g_assert_cmpstr (r->kind, ==, "draw-claim");
  g_assert_cmpstr (r->decision, ==, "draw");
  g_assert_nonnull (strstr (r->articles, "9.2"));
}

/* Board 2, 33 plies, Black to move: Black writes 17… Kg8 and claims a
 * repetition. The position after it stood on the board once before (after
 * ply 30), so it would be the second time: incorrect. White gets two
 * minutes (2023 9.5.3, standard) and Kg8 is played. */
static void
test_draw_claim_written_incorrect (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 2, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  g_autofree char *result = NULL;
  gint64 w33, b33;
  guint plies[8];

  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 33);
  stored_times (f->tournament, 2, 33, &w33, &b33);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_DRAW_CLAIM));
  set_fact (dialog, "kind", "threefold");
  set_fact (dialog, "written", "Kg8");
  g_assert_cmpuint (arb_ruling_dialog_get_occurrences (dialog, plies, 8), ==, 2);
  g_assert_cmpuint (plies[0], ==, 30);
  g_assert_cmpuint (plies[1], ==, 34);
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==,
                   ARB_DECISION_CLAIM_REJECTED);
  screenshot (GTK_WIDGET (dialog), "draw-claim-incorrect");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 2);
  g_assert_cmpstr (result, ==, "*");
  reloaded = arb_ui_demo_load_game (t2, 2, NULL);
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, 34);
  g_assert_cmpstr (arb_game_get_san (reloaded, 34), ==, "Kg8");
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   w33 + 120000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   b33);
}

/* On a finished game (board 5, mate) only Result and Penalty rule. */
static void
test_finished_game (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 5, NULL);

  g_assert_true (arb_game_is_finished (game));
  for (guint flow = 0; flow < ARB_RULING_FLOW_N; flow++)
    {
      ArbRulingDialog *dialog = g_object_ref_sink (arb_ruling_dialog_new (game, flow));
      gboolean penalty = flow == ARB_RULING_FLOW_PENALTY;

      /* A penalty is chosen and its reason typed before it confirms. */
      g_assert_false (arb_ruling_dialog_can_confirm (dialog));
      if (penalty)
        {
          set_fact (dialog, "penalty", "warning");
          set_fact (dialog, "reason", "distracted the opponent");
          g_assert_true (arb_ruling_dialog_can_confirm (dialog));
        }
      /* Result asks first how the game ended; the board shows a mate. */
      if (flow == ARB_RULING_FLOW_RESULT)
        {
          set_fact (dialog, "reason", "checkmate");
          g_assert_true (arb_ruling_dialog_can_confirm (dialog));
        }
      arb_ui_close_window (dialog);
    }
}

/* A written move that is not legal is a claim to rule on: incorrect
 * (9.5.3), the move cannot be played, another is made under touch-move
 * (4.3). The arbiter could not rule at all before. An ambiguous one is
 * still asked again. */
static void
test_draw_claim_illegal_written_move (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 2, NULL);
  ArbRulingDialog *dialog =
    g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_DRAW_CLAIM));
  const ArbRuling *ruling;
  const ArbEffect *effect;

  set_fact (dialog, "written", "Ke2");
  ruling = arb_ruling_dialog_get_ruling (dialog);
  g_assert_nonnull (ruling);
  g_assert_cmpint (ruling->decision, ==, ARB_DECISION_CLAIM_REJECTED);
  g_assert_null (arb_ruling_find_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE));
  effect = arb_ruling_find_effect (ruling, ARB_EFFECT_TOUCH_MOVE);
  g_assert_nonnull (effect);
  g_assert_cmpint (effect->note, ==, ARB_NOTE_WRITTEN_MOVE_ILLEGAL);
  g_assert_true (arb_ruling_cites (ruling, "9.5.3"));
  g_assert_true (arb_ruling_cites (ruling, "4.3"));
  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  arb_ui_close_window (dialog);
}

/* --- Flag fall ------------------------------------------------------- */

/* Board 10: White's flag fell (the demo recorded it), Black has mating
 * material: White loses on time (2023 6.9). */
static void
test_flag_fall_loss (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 10, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  g_autofree char *result = NULL;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->by, ==, ARB_WHITE);
  screenshot (GTK_WIDGET (dialog), "flag-fall");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 10);
  g_assert_cmpstr (result, ==, "0-1");
  r = last_ruling (t2, 10);
  g_assert_cmpstr (r->kind, ==, "flag-fall");
  g_assert_nonnull (strstr (r->articles, "6.9"));
}

/* A game added to the demo round: White has king and rook, Black a lone
 * king. White's flag falls; Black cannot mate by any series of legal
 * moves, so it is a draw (2023 6.9). And if White resigns there, 2023
 * 5.1.2 makes that a draw too. */
static gint64
add_lone_king_game (ArbTournament *t, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);
  ArbGameInfo info = { 0 };
  gint64 id;

  g_assert_nonnull (players);
  info.round = 1;
  info.board = board;
  info.white_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 0))->id;
  info.black_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 1))->id;
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) "8/8/4k3/8/8/8/4K3/4R3 w - - 0 60";
  info.tags = (char *) "{}";
  id = arb_tournament_add_game (t, &info, &error);
  g_assert_no_error (error);
  return id;
}

static void
test_flag_fall_draw_cannot_mate (Fixture *f, gconstpointer data)
{
  ArbRulingDialog *dialog;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;

  add_lone_king_game (f->tournament, 40);
  game = arb_ui_demo_load_game (f->tournament, 40, NULL);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
  set_fact (dialog, "side", "white");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
  screenshot (GTK_WIDGET (dialog), "flag-fall-draw");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 40);
  g_assert_cmpstr (result, ==, "1/2-1/2");
}

/* --- Result ---------------------------------------------------------- */

static void
test_result_resignation (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 12, NULL);
  g_autoptr (ArbGame) lone = NULL;
  g_autoptr (ArbGame) game13 = NULL;
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result12 = NULL;
  g_autofree char *result41 = NULL;

  /* Black resigns on board 12: 1-0. */
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESULT));
  set_fact (dialog, "reason", "resignation");
  set_fact (dialog, "result", "1-0");
  screenshot (GTK_WIDGET (dialog), "result");
  confirm (dialog);
  arb_ui_close_window (dialog);

  /* White resigns with king and rook against a lone king: 2023 5.1.2
   * scores it a draw, whatever the arbiter picked. */
  add_lone_king_game (f->tournament, 41);
  lone = arb_ui_demo_load_game (f->tournament, 41, NULL);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (lone, ARB_RULING_FLOW_RESULT));
  set_fact (dialog, "reason", "resignation");
  set_fact (dialog, "result", "0-1");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
  confirm (dialog);
  arb_ui_close_window (dialog);

  /* A result the Laws allow, with a reason: both lose. */
  game13 = arb_ui_demo_load_game (f->tournament, 13, NULL);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game13, ARB_RULING_FLOW_RESULT));
  set_fact (dialog, "reason", "arbiter");
  set_fact (dialog, "result", "0-0");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result12 = game_result (t2, 12);
  g_assert_cmpstr (result12, ==, "1-0");
  result41 = game_result (t2, 41);
  g_assert_cmpstr (result41, ==, "1/2-1/2");
  {
    g_autofree char *result13 = game_result (t2, 13);
    g_assert_cmpstr (result13, ==, "0-0");
  }
}

/* The second illegal move of a player whose opponent has a lone king:
 * a draw instead of a loss (2023 7.5.5). */
static void
test_illegal_move_second_draw (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbRulingDialog *dialog;

  add_lone_king_game (f->tournament, 43);
  game = arb_ui_demo_load_game (f->tournament, 43, NULL);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "side", "white");
  set_fact (dialog, "count", "1");
  set_fact (dialog, "move", "e1e9");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 43);
  g_assert_cmpstr (result, ==, "1/2-1/2");
}

/* The arbiter edits the proposed clock times before confirming (7.1 and
 * 6.11.2 leave the times to his judgement): his times are stored. */
static void
test_clocks_edited (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 3, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  ArbRulingDialog *dialog;
  guint n = arb_game_get_n_plies (game);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "ply", "30");
  arb_ruling_dialog_set_clock_text (dialog, ARB_WHITE, "1:01:30");
  arb_ruling_dialog_set_clock_text (dialog, ARB_BLACK, "47:05");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 3, NULL);
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, 30);
  g_assert_cmpuint (n, >, 30);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   (61 * 60 + 30) * 1000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   (47 * 60 + 5) * 1000);
}

/* Late arrival under 2023 6.7.1: the event announced no default time, so
 * it is zero and the late player loses by forfeit (on a board 17 added
 * with no move yet: a player who has moved has arrived). A device found on a
 * player (11.3.2.2) loses the game. */
static void
test_late_arrival_and_device (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game16 = (arb_ui_add_unplayed_game (f->tournament, 1, 17, 16),
                                arb_ui_demo_load_game (f->tournament, 17, NULL));
  g_autoptr (ArbGame) game13 = arb_ui_demo_load_game (f->tournament, 13, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result16 = NULL;
  g_autofree char *result13 = NULL;
  ArbRulingDialog *dialog;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game16, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "what", "late-arrival");
  set_fact (dialog, "late-side", "white");
  set_fact (dialog, "late-minutes", "5");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  confirm (dialog);
  arb_ui_close_window (dialog);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game13, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "what", "device");
  set_fact (dialog, "offender", "black");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result16 = game_result (t2, 17);
  g_assert_cmpstr (result16, ==, "-/+");
  result13 = game_result (t2, 13);
  g_assert_cmpstr (result13, ==, "1-0");
}

/* Board 8: 44 moves of each side without a capture or a pawn move. A
 * 50-move claim now is incorrect (2023 9.3): White gets two minutes. */
static void
test_draw_claim_fifty_incorrect (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 8, NULL);
  ArbRulingDialog *dialog;
  int claimant = arb_game_get_position (game, arb_game_get_n_plies (game))->side_to_move;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_DRAW_CLAIM));
  set_fact (dialog, "kind", "fifty");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==,
                   ARB_DECISION_CLAIM_REJECTED);
  g_assert_cmpint (arb_ruling_time_delta (arb_ruling_dialog_get_ruling (dialog), !claimant), ==,
                   120000);
  arb_ui_close_window (dialog);
}

/* Both flags down, order unknown, in the period for all remaining moves:
 * a draw (2023 III.3 logic, see docs/laws-engine.md point 12). Under the
 * demo's 40/5400+30:1800+30 board 10's flags fell at move 15, in the first
 * period (proven, the switch is not the arbiter's); played at 90 min + 30 s
 * for the whole game, both are in the last period. */
static void
test_flag_fall_both (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 10, "5400+30");
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbRulingDialog *dialog;

  {
    g_autoptr (ArbGame) first_period = arb_ui_demo_load_game (f->tournament, 10, NULL);
    ArbRulingDialog *d =
      g_object_ref_sink (arb_ruling_dialog_new (first_period, ARB_RULING_FLOW_FLAG_FALL));

    set_fact (d, "both", "true");
    set_fact (d, "order-known", "false");
    g_assert_false (arb_ruling_dialog_set_fact (d, "last-period", "true"));
    g_assert_cmpint (arb_ruling_dialog_get_ruling (d)->decision, !=, ARB_DECISION_DRAW);
    arb_ui_close_window (d);
  }
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
  set_fact (dialog, "both", "true");
  set_fact (dialog, "order-known", "false");
  set_fact (dialog, "last-period", "true");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
  confirm (dialog);
  arb_ui_close_window (dialog);
  t2 = arb_test_open (f->path);
  result = game_result (t2, 10);
  g_assert_cmpstr (result, ==, "1/2-1/2");
}

/* A sealed move that is not legal in the adjourned position loses at the
 * resumption (2023 Guidelines I.8; the sealer's opponent can mate). */
static void
test_resume_illegal_sealed_move (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 14, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbRulingDialog *dialog;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ADJOURN));
  set_fact (dialog, "sealed-move", "Kh1");
  confirm (dialog);
  arb_ui_close_window (dialog);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  set_fact (dialog, "open", "click");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  confirm (dialog);
  arb_ui_close_window (dialog);
  t2 = arb_test_open (f->path);
  result = game_result (t2, 14);
  /* Black sealed (25 plies, Black to move). */
  g_assert_cmpstr (result, ==, "1-0");
}

/* A point penalty on a finished game (board 5, 1-0): the arbiter reduces
 * the winner's score to a half point (2023 12.9.5), a score the Laws
 * allow (½-0). */
static void
test_penalty_points (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 5, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbRulingDialog *dialog;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "penalty", "reduce-offender-points");
  set_fact (dialog, "offender", "white");
  set_fact (dialog, "offender-points", "1");
  set_fact (dialog, "opponent-points", "0");
  set_fact (dialog, "reason", "repeated disturbance");
  confirm (dialog);
  arb_ui_close_window (dialog);
  t2 = arb_test_open (f->path);
  result = game_result (t2, 5);
  g_assert_cmpstr (result, ==, "1/2-0");
}

/* 2023 7.5.2: White moves the e7 pawn to e8, leaves it a pawn and
 * presses the clock. It is an illegal move (Black gets two minutes) and
 * the pawn becomes a queen. */
static void
test_illegal_move_unpromoted_pawn (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) players = arb_tournament_list_players (f->tournament, NULL);
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  ArbGameInfo info = { 0 };
  ArbRulingDialog *dialog;

  info.round = 1;
  info.board = 44;
  info.white_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 4))->id;
  info.black_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 5))->id;
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) "7k/4P3/8/8/8/8/6r1/K7 w - - 0 50";
  info.tags = (char *) "{}";
  g_assert_cmpint (arb_tournament_add_game (f->tournament, &info, NULL), >, 0);
  game = arb_ui_demo_load_game (f->tournament, 44, NULL);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "side", "white");
  set_fact (dialog, "kind", "unpromoted-pawn");
  set_fact (dialog, "move", "e7e8");
  g_assert_nonnull (
    arb_ruling_find_effect (arb_ruling_dialog_get_ruling (dialog), ARB_EFFECT_PROMOTE_TO_QUEEN));
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 44, NULL);
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, 1);
  g_assert_cmpstr (arb_game_get_san (reloaded, 1), ==, "e8=Q+");
  g_assert_cmpuint (arb_game_get_illegal_moves (reloaded, ARB_WHITE), ==, 1);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   5400000 + 120000);
}

/* At the resumption time the player who must reply is not there yet: the
 * envelope stays shut (2023 Guidelines I.7), nothing is made on the
 * board, and the game stays adjourned until he comes. */
static void
test_resume_replier_absent (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 6, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  ArbRulingDialog *dialog;
  const ArbRuling *ruling;

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  set_fact (dialog, "replier-present", "false");
  ruling = arb_ruling_dialog_get_ruling (dialog);
  g_assert_nonnull (ruling);
  g_assert_cmpint (arb_ruling_get_result (ruling), ==, ARB_RESULT_ONGOING);
  g_assert_null (arb_ruling_find_effect (ruling, ARB_EFFECT_MAKE_SEALED_MOVE));
  confirm (dialog);
  arb_ui_close_window (dialog);

  g_assert_true (arb_game_is_adjourned (game));
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 34);
  t2 = arb_test_open (f->path);
  r = last_ruling (t2, 6);
  g_assert_cmpstr (r->kind, ==, "resumption");
  g_assert_null (strstr (r->payload, "sealed_move\":\""));
}

/* --- Adjournment, resumption, penalty, quickplay --------------------- */

static void
test_adjourn_and_resume (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 14, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  g_autofree char *pdf = g_build_filename (f->dir, "envelope.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint n = arb_game_get_n_plies (game);
  ArbEnvelope env = { 0 };

  /* Board 14, 25 plies, Black to move, seals 13… Nxe5 (the d7 knight
   * takes the knight on e5). Sealing does not judge the move; the
   * resumption does (2023 Guidelines I: an illegal sealed move loses). */
  g_assert_cmpuint (n, ==, 25);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ADJOURN));
  set_fact (dialog, "sealed-move", "Nxe5");
  set_fact (dialog, "resume-at", "2026-11-22 10:00");
  set_fact (dialog, "place", "playing hall");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_SEALED);
  screenshot (GTK_WIDGET (dialog), "adjourn");
  g_assert_nonnull (arb_ruling_dialog_get_ruling (dialog)->envelope);
  {
    g_autofree char *printed = NULL;

    /* The sheet from the dialog's Print button: the resumption with its
     * place (2023 I.2.7), never the sealed move. */
    g_assert_true (arb_ruling_dialog_print_envelope (dialog, pdf, &printed, NULL));
    g_assert_nonnull (strstr (printed, "2026-11-22 10:00, playing hall"));
    g_assert_null (strstr (printed, "Nxe5"));
  }
  keep_output (pdf, "envelope.pdf");
  confirm (dialog);
  arb_ui_close_window (dialog);
  g_assert_true (arb_game_is_adjourned (game));
  {
    g_autoptr (ArbRulingRecord) sealed = last_ruling (f->tournament, 14);
    g_assert_cmpstr (sealed->kind, ==, "seal");
    g_assert_null (strstr (sealed->payload, "Nxe5"));
  }

  /* The envelope sheet is a PDF and never shows the sealed move. */
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (length > 4 && memcmp (contents, "%PDF", 4) == 0);

  /* Resumption: the move is hidden until the envelope is opened; then
   * Nxe5 is legal and is made. */
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  screenshot (GTK_WIDGET (dialog), "resume-sealed");
  set_fact (dialog, "open", "click");
  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_RESUMED);
  screenshot (GTK_WIDGET (dialog), "resume-opened");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 14, NULL);
  g_assert_false (arb_game_is_adjourned (reloaded));
  g_assert_cmpuint (arb_game_get_n_plies (reloaded), ==, 26);
  g_assert_cmpstr (arb_game_get_san (reloaded, 26), ==, "Nxe5");
  /* The clocks were set from the time used on the envelope (2023
   * Guidelines I.5): the same times as when the game was adjourned, which
   * the file recorded with ply 25. */
  {
    gint64 w25, b25;

    stored_times (t2, 14, 25, &w25, &b25);
    g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000,
                     ==, w25);
    g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000,
                     ==, b25);
  }
  (void) env;
}

/* Resumption of the demo's adjourned game on board 6 with the player who
 * sealed absent for 90 minutes: more than the default time, so he loses. */
static void
test_resume_sealer_absent (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 6, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;

  g_assert_true (arb_game_is_adjourned (game));
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  set_fact (dialog, "sealer-present", "false");
  set_fact (dialog, "late", "90");
  set_fact (dialog, "open", "click");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 6);
  /* 34 plies: White, to move, sealed; White loses. */
  g_assert_cmpstr (result, ==, "0-1");
}

static void
test_penalty_time (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 15, NULL);
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  g_autoptr (ArbRulingRecord) r = NULL;
  gint64 w, b;

  stored_times (f->tournament, 15, (int) arb_game_get_n_plies (game), &w, &b);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "what", "conduct");
  set_fact (dialog, "penalty", "add-opponent-time");
  set_fact (dialog, "offender", "white");
  set_fact (dialog, "minutes", "3");
  set_fact (dialog, "reason", "talked to a spectator about the game");
  screenshot (GTK_WIDGET (dialog), "penalty");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 15, NULL);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   b + 180000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   w);
  r = last_ruling (t2, 15);
  g_assert_cmpstr (r->kind, ==, "penalty");
  /* 2023 12.9.2: increasing the opponent's remaining time. */
  g_assert_nonnull (strstr (r->articles, "12.9"));
}

/* A quickplay claim needs an event without increment that announced
 * Guidelines III (2023). Board 11: White, to move, has a few seconds left. The
 * arbiter rejects the claim: Black gets two minutes (III.4). The event
 * plays 60 minutes for the whole game, so the claim is in the period for
 * all remaining moves, which the program proves. */
static void
test_quickplay_reject (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (f->tournament, NULL);
  g_autoptr (ArbGame) game = NULL;
  ArbRulingDialog *dialog;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  gint64 black_before;

  g_free (event->time_control);
  event->time_control = g_strdup ("3600");
  g_free (event->settings);
  event->settings = g_strdup ("{\"quickplay_guidelines\": true}");
  g_assert_true (arb_tournament_set_event (f->tournament, event, NULL));

  game = arb_ui_demo_load_game (f->tournament, 11, "3600");
  black_before = arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK) / 1000;
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_QUICKPLAY));
  set_fact (dialog, "in-finish", "true");
  set_fact (dialog, "verdict", "reject");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==,
                   ARB_DECISION_CLAIM_REJECTED);
  screenshot (GTK_WIDGET (dialog), "quickplay");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 11, "3600");
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   black_before + 120000);
}

/* --- The log --------------------------------------------------------- */

static void
open_game_cb (ArbRulingsLog *log, gint64 game_id, int ply, gint64 *out)
{
  out[0] = game_id;
  out[1] = ply;
}

static void
test_rulings_log (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game1 = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (ArbGame) game10 = arb_ui_demo_load_game (f->tournament, 10, NULL);
  ArbRulingDialog *dialog;
  ArbRulingsLog *log;
  g_autofree char *pdf = g_build_filename (f->dir, "rulings.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gint64 opened[2] = { 0, -1 };

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game1, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "side", "black");
  confirm (dialog);
  arb_ui_close_window (dialog);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game10, ARB_RULING_FLOW_FLAG_FALL));
  confirm (dialog);
  arb_ui_close_window (dialog);

  log = g_object_ref_sink (arb_rulings_log_new (f->tournament, 1));
  g_signal_connect (log, "open-game", G_CALLBACK (open_game_cb), opened);
  /* With the two the demo stored: board 5's mate and board 9's dead
   * position ended those games, each with its ruling. */
  g_assert_cmpuint (arb_rulings_log_get_n_rulings (log), ==, 4);
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 4);
  screenshot (GTK_WIDGET (log), "rulings-log");

  g_assert_true (arb_rulings_log_set_kind (log, "flag-fall"));
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 1);
  text = arb_rulings_log_get_row_text (log, 0);
  g_assert_nonnull (strstr (text, "board 10"));
  g_assert_nonnull (strstr (text, "6.9"));
  g_assert_true (arb_rulings_log_activate (log, 0));
  g_assert_cmpint (opened[0], ==, arb_game_get_id (game10));
  g_assert_cmpint (opened[1], ==, 30);

  arb_rulings_log_set_kind (log, NULL);
  arb_rulings_log_set_search (log, "7.5.5");
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 1);
  arb_rulings_log_set_search (log, "no such thing");
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 0);
  arb_rulings_log_set_search (log, "");
  g_assert_true (arb_rulings_log_save_pdf (log, pdf, NULL, NULL));
  keep_output (pdf, "rulings-report.pdf");
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (length > 4 && memcmp (contents, "%PDF", 4) == 0);
  arb_ui_close_window (log);
}

/* The illegal move of board 1 found at ply 38 (Black's 18th move, ply
 * 36): the three moves taken back stay in the record, and the log and its
 * printed report show them with the times on the clocks after each, and
 * the times the clocks were set to. */
static void
test_rulings_log_voided_moves (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (GArray) moves = arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  ArbRulingDialog *dialog;
  ArbRulingsLog *log;
  g_autofree char *pdf = g_build_filename (f->dir, "voided.pdf", NULL);
  g_autofree char *printed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *voided = NULL;
  g_autofree char *set = NULL;
  char clock[3][32], white[32], black[32];
  gint64 w35, b35, w38, b38;

  stored_times (f->tournament, 1, 35, &w35, &b35);
  stored_times (f->tournament, 1, 38, &w38, &b38);
  /* The mover's time after each voided move, as the file held it. */
  arb_pgn_write_clock (g_array_index (moves, ArbStoredMove, 35).black_ms, clock[0]);
  arb_pgn_write_clock (g_array_index (moves, ArbStoredMove, 36).white_ms, clock[1]);
  arb_pgn_write_clock (g_array_index (moves, ArbStoredMove, 37).black_ms, clock[2]);
  voided = g_strdup_printf ("Moves voided: 18… %s (%s) 19. %s (%s) %s (%s)",
                            g_array_index (moves, ArbStoredMove, 35).san, clock[0],
                            g_array_index (moves, ArbStoredMove, 36).san, clock[1],
                            g_array_index (moves, ArbStoredMove, 37).san, clock[2]);
  /* White: his time at ply 35 and 2 minutes; Black: his time after ply
   * 38 less the two increments (see test_illegal_move_found_later). */
  arb_pgn_write_clock (w35 + 120000, white);
  arb_pgn_write_clock (b38 - 60000, black);
  set = g_strdup_printf ("Clocks set: White %s, Black %s", white, black);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "ply", "35");
  set_fact (dialog, "move", "f8f6");
  confirm (dialog);
  arb_ui_close_window (dialog);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 35);

  /* The game view, at the position restored, says the same. */
  {
    GtkWidget *window = gtk_window_new ();
    GtkWidget *view = arb_game_view_new ();
    g_autofree char *status = NULL;

    gtk_window_set_child (GTK_WINDOW (window), view);
    arb_game_view_set_game (ARB_GAME_VIEW (view), game);
    status = arb_game_view_get_status_text (ARB_GAME_VIEW (view));
    g_test_message ("%s", status);
    g_assert_nonnull (strstr (status, voided));
    g_assert_nonnull (strstr (status, set));
    if (g_getenv ("ARB_SCREENSHOT_DIR") != NULL)
      {
        gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
        gtk_window_present (GTK_WINDOW (window));
        arb_ui_save_screenshot (window, "game-view-voided");
      }
    gtk_window_destroy (GTK_WINDOW (window));
  }

  log = g_object_ref_sink (arb_rulings_log_new (f->tournament, 1));
  g_assert_true (arb_rulings_log_set_kind (log, "illegal-move"));
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 1);
  text = arb_rulings_log_get_row_text (log, 0);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, voided));
  g_assert_nonnull (strstr (text, set));
  screenshot (GTK_WIDGET (log), "rulings-log-voided");

  g_assert_true (arb_rulings_log_save_pdf (log, pdf, &printed, NULL));
  keep_output (pdf, "rulings-report-voided.pdf");
  g_test_message ("%s", printed);
  g_assert_nonnull (strstr (printed, voided + strlen ("Moves voided: ")));
  g_assert_nonnull (strstr (printed, set + strlen ("Clocks set: ")));
  g_assert_nonnull (strstr (printed, "Moves voided"));
  g_assert_nonnull (strstr (printed, "Clocks set"));
  arb_ui_close_window (log);
}

/* --- The entry points: game view and board card actions -------------- */

static ArbRulingDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ARB_IS_RULING_DIALOG (w))
        return ARB_RULING_DIALOG (w);
    }
  return NULL;
}

static void
test_actions_open_flows (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 7, NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = arb_game_view_new ();
  GtkWidget *card = g_object_ref_sink (arb_board_card_new (game));

  gtk_window_set_child (GTK_WINDOW (window), view);
  arb_game_view_set_game (ARB_GAME_VIEW (view), game);
  for (guint flow = 0; flow < ARB_RULING_FLOW_N; flow++)
    {
      g_autofree char *action = g_strconcat ("game.", arb_ruling_flow_to_string (flow), NULL);
      ArbRulingDialog *dialog;

      g_assert_null (find_dialog ());
      g_assert_true (gtk_widget_activate_action (view, action, NULL));
      dialog = find_dialog ();
      g_assert_nonnull (dialog);
      g_assert_true (arb_ruling_dialog_get_game (dialog) == game);
      g_assert_cmpint (arb_ruling_dialog_get_flow (dialog), ==, flow);
      gtk_window_destroy (GTK_WINDOW (dialog));

      /* The same entries on a board card. */
      g_assert_true (gtk_widget_activate_action (card, action, NULL));
      dialog = find_dialog ();
      g_assert_nonnull (dialog);
      g_assert_true (arb_ruling_dialog_get_game (dialog) == game);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  /* Nothing was stored by opening and closing them (the demo's own two
   * rulings, board 5's mate and board 9's dead position, stay). */
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "ruling", NULL), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (card);
}

static gint64
fake_now (gpointer data)
{
  return *(gint64 *) data;
}

static AdwMessageDialog *
find_alert (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* The button of a toast (or any button) labelled @label under @root. */
static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A clock reaching zero is told in a toast over the window of the round
 * (a board card watches its game), never in a window of its own that
 * would take the keyboard; the toast's "Rule…" button opens the Flag fall
 * flow for that game. */
static void
test_flag_alert (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 11, NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *grid = gtk_flow_box_new ();
  GtkWidget *card = arb_board_card_new (game);
  ArbClock *clock = arb_game_get_clock (game);
  gint64 now = (gint64) 1000 * G_USEC_PER_SEC;
  GtkWidget *rule;
  ArbRulingDialog *dialog;
  ArbColor side;

  gtk_flow_box_append (GTK_FLOW_BOX (grid), card);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), grid);
  gtk_window_set_child (GTK_WINDOW (window), overlay);
  arb_clock_set_time_func (clock, fake_now, &now, NULL);
  g_assert_false (arb_game_has_flag_fallen (game, NULL));
  g_assert_true (arb_game_resume (game, NULL));
  g_assert_null (find_button (overlay, "_Rule…"));

  /* White had seconds left; a minute passes. */
  now += 60 * G_USEC_PER_SEC;
  arb_clock_update (clock);
  g_assert_true (arb_game_has_flag_fallen (game, &side));
  g_assert_cmpint (side, ==, ARB_WHITE);
  g_assert_null (find_alert ());
  g_assert_null (find_dialog ());
  rule = find_button (overlay, "_Rule…");
  g_assert_nonnull (rule);
  g_assert_false (gtk_widget_has_focus (rule));
  {
    g_autoptr (GPtrArray) badges = arb_board_card_list_badges (ARB_BOARD_CARD (card));
    gboolean flagged = FALSE;

    for (guint i = 0; i < badges->len; i++)
      flagged |= g_str_has_prefix (g_ptr_array_index (badges, i), "Flag fell");
    g_assert_true (flagged);
  }

  g_signal_emit_by_name (rule, "clicked");
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpint (arb_ruling_dialog_get_flow (dialog), ==, ARB_RULING_FLOW_FLAG_FALL);
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->by, ==, ARB_WHITE);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With the clock running, a ruling that leaves the times alone (a warning)
 * stores the times as they stand when it is confirmed: the time used on
 * the current move, also while the dialog was open, is not given back. */
static void
test_running_clock_kept (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 12, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  ArbClock *clock = arb_game_get_clock (game);
  guint n = arb_game_get_n_plies (game);
  int to_move = arb_game_get_position (game, n)->side_to_move;
  gint64 now = (gint64) 5000 * G_USEC_PER_SEC;
  gint64 w, b, left;
  ArbRulingDialog *dialog;

  stored_times (f->tournament, 12, (int) n, &w, &b);
  arb_clock_set_time_func (clock, fake_now, &now, NULL);
  g_assert_true (arb_game_resume (game, NULL));
  now += 30 * G_USEC_PER_SEC;
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "penalty", "warning");
  set_fact (dialog, "reason", "distracted the opponent");
  now += 10 * G_USEC_PER_SEC;
  confirm (dialog);
  arb_ui_close_window (dialog);
  /* The clocks stand still after a ruling, until the arbiter restarts them. */
  g_assert_false (arb_clock_is_running (clock));

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 12, NULL);
  left = (to_move == ARB_WHITE ? w : b) - 40000;
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), to_move) / 1000, ==,
                   left);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), !to_move) / 1000, ==,
                   to_move == ARB_WHITE ? b : w);
}

/* --- The walkthrough's cases (docs/rulings-walkthrough.md) ------------ */

static void
set_edition (Fixture *f, int edition)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (f->tournament, NULL);

  event->edition = edition;
  g_assert_true (arb_tournament_set_event (f->tournament, event, NULL));
}

/* Writes the stored ruling of @board to ARB_WALKTHROUGH_DIR/NAME.txt. */
static void
dump_ruling (ArbTournament *t, int board, const char *name)
{
  const char *dir = g_getenv ("ARB_WALKTHROUGH_DIR");
  g_autoptr (ArbRulingRecord) r = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  if (dir == NULL)
    return;
  r = last_ruling (t, board);
  path = g_strdup_printf ("%s/%s.txt", dir, name);
  {
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (t, board, NULL);
    ArbClock *clock = arb_game_get_clock (game);

    text = g_strdup_printf (
      "kind: %s\ndecision: %s\narticles: %s\nedition: %d\nply: %d\nnote: %s\n"
      "stored result: %s\nplies: %u\nclocks (ms): white %" G_GINT64_FORMAT
      " black %" G_GINT64_FORMAT "\npayload: %s\n",
      r->kind, r->decision, r->articles, r->edition, r->ply, r->note != NULL ? r->note : "",
      arb_result_to_string (arb_game_get_result (game)), arb_game_get_n_plies (game),
      arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000,
      arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000, r->payload);
  }
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* Skaknævnet ruling 95 (9 January 1987), under the 2001 Laws: Black made
 * his 39th move, pressed the clock and his flag fell at that moment, 40
 * moves being due. The clock was alleged defective; the tribunal found no
 * defect, so the flag counts: Black loses on time (2001 6.10; the opponent
 * has mating material). The position is the demo's board 1 set at move 40. */
static void
test_walkthrough_kendelse_95 (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) source = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GPtrArray) players = arb_tournament_list_players (f->tournament, NULL);
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbPosition pos = *arb_game_get_position (source, 38);
  char fen[ARB_FEN_MAX];
  ArbGameInfo info = { 0 };
  ArbRulingDialog *dialog;

  set_edition (f, 2001);
  pos.fullmove_number = 40;
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
  info.round = 1;
  info.board = 42;
  info.white_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 2))->id;
  info.black_id = ((ArbPlayerInfo *) g_ptr_array_index (players, 3))->id;
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = fen;
  info.tags = (char *) "{}";
  g_assert_cmpint (arb_tournament_add_game (f->tournament, &info, NULL), >, 0);
  game = arb_ui_demo_load_game (f->tournament, 42, NULL);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
  set_fact (dialog, "side", "black");
  set_fact (dialog, "last-period", "false");
  set_fact (dialog, "note",
            "Clock kept and examined; no defect found (Skaknaevnet 95, 9 Jan 1987)");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  screenshot (GTK_WIDGET (dialog), "walkthrough-kendelse-95");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 42);
  g_assert_cmpstr (result, ==, "1-0");
  dump_ruling (t2, 42, "kendelse-95");
}

/* Skaknævnet ruling 42 (10 November 1977): a player overslept the
 * resumption of his adjourned game. Under the 2001 Laws (A10) a player
 * more than one hour late for the resumption loses. The demo's board 6 was
 * adjourned with White's sealed move; Black, who must reply, comes 75
 * minutes late. The envelope stays closed (A7). */
static void
test_walkthrough_kendelse_42 (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autofree char *result = NULL;
  ArbRulingDialog *dialog;

  set_edition (f, 2001);
  game = arb_ui_demo_load_game (f->tournament, 6, NULL);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESUME));
  set_fact (dialog, "replier-present", "false");
  set_fact (dialog, "late", "75");
  set_fact (dialog, "note", "Black overslept (Skaknaevnet 42, 10 Nov 1977)");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
  screenshot (GTK_WIDGET (dialog), "walkthrough-kendelse-42");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  result = game_result (t2, 6);
  g_assert_cmpstr (result, ==, "1-0");
  {
    /* The envelope was never opened: its move is nowhere in the ruling. */
    g_autoptr (ArbRulingRecord) r = last_ruling (t2, 6);
    g_assert_null (strstr (r->payload, "sealed_move\":\""));
  }
  dump_ruling (t2, 6, "kendelse-42");
}

/* The 2001 Laws' own rule for an incorrect claim (9.5b), on the demo's
 * board 2: Black writes Kg8 and claims a third repetition, but it would
 * be the second. The opponent gets three minutes and the claimant loses
 * half his time, at most three minutes; Kg8 is played. */
static void
test_walkthrough_incorrect_claim_2001 (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbTournament) t2 = NULL;
  g_autoptr (ArbGame) reloaded = NULL;
  ArbRulingDialog *dialog;
  gint64 w33, b33, cut;

  set_edition (f, 2001);
  game = arb_ui_demo_load_game (f->tournament, 2, NULL);
  stored_times (f->tournament, 2, 33, &w33, &b33);
  g_assert_cmpint (b33, >, 120000);
  cut = MIN (b33 / 2, 180000);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_DRAW_CLAIM));
  set_fact (dialog, "kind", "threefold");
  set_fact (dialog, "written", "Kg8");
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==,
                   ARB_DECISION_CLAIM_REJECTED);
  screenshot (GTK_WIDGET (dialog), "walkthrough-claim-2001");
  confirm (dialog);
  arb_ui_close_window (dialog);

  t2 = arb_test_open (f->path);
  reloaded = arb_ui_demo_load_game (t2, 2, NULL);
  g_assert_cmpstr (arb_game_get_san (reloaded, 34), ==, "Kg8");
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   w33 + 180000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   b33 - cut);
  dump_ruling (t2, 2, "claim-2001");
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ui/rulings/" path, Fixture, NULL, arb_ui_demo_setup, func, fixture_teardown)
  ADD ("illegal-move/found-later", test_illegal_move_found_later);
  ADD ("illegal-move/second-loses", test_illegal_move_second_loses);
  ADD ("illegal-move/second-draw", test_illegal_move_second_draw);
  ADD ("illegal-move/clocks-edited", test_clocks_edited);
  ADD ("illegal-move/unpromoted-pawn", test_illegal_move_unpromoted_pawn);
  ADD ("cancel-leaves-no-trace", test_cancel_leaves_no_trace);
  ADD ("finished-game", test_finished_game);
  ADD ("draw-claim/threefold-correct", test_draw_claim_threefold_correct);
  ADD ("draw-claim/written-incorrect", test_draw_claim_written_incorrect);
  ADD ("draw-claim/illegal-written-move", test_draw_claim_illegal_written_move);
  ADD ("draw-claim/fifty-incorrect", test_draw_claim_fifty_incorrect);
  ADD ("flag-fall/both", test_flag_fall_both);
  ADD ("resume/illegal-sealed-move", test_resume_illegal_sealed_move);
  ADD ("penalty/points", test_penalty_points);
  ADD ("flag-fall/loss", test_flag_fall_loss);
  ADD ("flag-fall/draw-cannot-mate", test_flag_fall_draw_cannot_mate);
  ADD ("result/resignation", test_result_resignation);
  ADD ("adjourn-and-resume", test_adjourn_and_resume);
  ADD ("resume/sealer-absent", test_resume_sealer_absent);
  ADD ("resume/replier-absent", test_resume_replier_absent);
  ADD ("penalty/time", test_penalty_time);
  ADD ("penalty/late-arrival-and-device", test_late_arrival_and_device);
  ADD ("quickplay/reject", test_quickplay_reject);
  ADD ("log", test_rulings_log);
  ADD ("log-voided-moves", test_rulings_log_voided_moves);
  ADD ("actions", test_actions_open_flows);
  ADD ("flag-alert", test_flag_alert);
  ADD ("running-clock-kept", test_running_clock_kept);
  ADD ("walkthrough/kendelse-95", test_walkthrough_kendelse_95);
  ADD ("walkthrough/kendelse-42", test_walkthrough_kendelse_42);
  ADD ("walkthrough/incorrect-claim-2001", test_walkthrough_incorrect_claim_2001);
#undef ADD

  return g_test_run ();
}
