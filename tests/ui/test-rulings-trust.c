/* test-rulings-trust.c: what an arbiter must be able to trust in a ruling (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test is one finding of an experienced arbiter who tried the window
 * (the issue "Rulings an arbiter can trust under pressure"): what the game
 * view says once a game is over, how the log and the report name moves and
 * mark article numbers, which facts the program proves and which the
 * arbiter must answer for, and the clocks while a ruling is open. Expected
 * values come from the Laws and from the demo's own fixtures.
 *
 * With ARB_SCREENSHOT_DIR set, the dialogs are also rendered to PNGs.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-clock.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-game.h"
#include "arb-ruling-dialog-private.h"
#include "arb-ruling-dialog.h"
#include "arb-ruling-wording.h"
#include "arb-rulings-log.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament.h"
#include "arb-ui-harness.h"

typedef ArbUiDemoFixture Fixture;

static void
set_fact (ArbRulingDialog *dialog, const char *name, const char *value)
{
  if (!arb_ruling_dialog_set_fact (dialog, name, value))
    g_error ("fact %s cannot be set to %s", name, value);
}

static void
confirm (ArbRulingDialog *dialog)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_ruling_dialog_can_confirm (dialog));
  g_assert_cmpint (arb_ruling_dialog_confirm (dialog, &error), >, 0);
  g_assert_no_error (error);
}

/* Renders the window into ARB_SCREENSHOT_DIR/NAME.png when asked to, at
 * @width × @height. */
static void
iterate (GtkWidget *window, int rounds)
{
  for (int i = 0; i < 400 && (!gtk_widget_get_mapped (window) || i < rounds); i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

/* The same, the dialog scrolled so that @target is at the top. */
static void
screenshot_at (GtkWidget *window, const char *name, int width, int height, GtkWidget *target)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int w, h;

  if (dir == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  iterate (window, 40);
  if (target != NULL)
    {
      GtkWidget *scrolled = gtk_widget_get_ancestor (target, GTK_TYPE_SCROLLED_WINDOW);
      graphene_point_t at;

      if (scrolled != NULL &&
          gtk_widget_compute_point (target,
                                    gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                    &GRAPHENE_POINT_INIT (0, 0), &at))
        {
          GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

          gtk_adjustment_set_value (adj, at.y - 12);
          iterate (window, 20);
        }
    }
  w = gtk_widget_get_width (window);
  h = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
screenshot (GtkWidget *window, const char *name, int width, int height)
{
  screenshot_at (window, name, width, height, NULL);
}

static char *
view_status (ArbGame *game, char **ply_text, const char *shot)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = arb_game_view_new ();
  char *status;

  gtk_window_set_child (GTK_WINDOW (window), view);
  arb_game_view_set_game (ARB_GAME_VIEW (view), game);
  if (shot != NULL)
    screenshot (window, shot, 1280, 800);
  status = arb_game_view_get_status_text (ARB_GAME_VIEW (view));
  if (ply_text != NULL)
    *ply_text = arb_game_view_get_ply_text (ARB_GAME_VIEW (view));
  gtk_window_destroy (GTK_WINDOW (window));
  return status;
}

/* Item 7: the game view says the game is over: the result, how it ended
 * and the ruling that ended it, never "White to move". */
static void
test_game_over_shown (Fixture *f, gconstpointer data)
{
  {
    /* Board 5: 17.Qxf7# (5.1.1), stored with its ruling. */
    g_autoptr (ArbGame) mate = arb_ui_demo_load_game (f->tournament, 5, NULL);
    g_autofree char *ply = NULL;
    g_autofree char *status = view_status (mate, &ply, "game-over");

    g_assert_cmpstr (ply, ==, "Game over · 1–0");
    g_assert_nonnull (strstr (status, "Game over: 1–0."));
    g_assert_nonnull (strstr (status, "How it ended: Checkmate."));
    g_assert_nonnull (strstr (status, "Ruling: Result — White wins (1-0); Art. 5.1.1."));
  }
  {
    /* Board 1: Black resigns through the Result flow (5.1.2). */
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESULT));
    g_autofree char *ply = NULL;
    g_autofree char *status = NULL;

    set_fact (dialog, "reason", "resignation");
    set_fact (dialog, "result", "1-0");
    confirm (dialog);
    arb_ui_close_window (dialog);
    status = view_status (game, &ply, NULL);
    g_assert_null (strstr (ply, "to move"));
    g_assert_cmpstr (ply, ==, "Game over · 1–0");
    g_assert_nonnull (strstr (status, "How it ended: Resignation."));
    g_assert_nonnull (strstr (status, "Ruling: Resignation — Black loses (1-0); Art. 5.1.2."));
  }
  {
    /* Board 3: a result that came without a ruling, as an import brings
     * it. */
    gint64 id = arb_tournament_find_game (f->tournament, 1, 3, NULL);
    g_autoptr (ArbGame) game = NULL;
    g_autofree char *ply = NULL;
    g_autofree char *status = NULL;

    g_assert_true (
      arb_tournament_set_result (f->tournament, id, ARB_RESULT_BLACK_WINS, NULL, NULL));
    game = arb_ui_demo_load_game (f->tournament, 3, NULL);
    status = view_status (game, &ply, NULL);
    g_assert_cmpstr (ply, ==, "Game over · 0–1");
    g_assert_nonnull (strstr (status, "Game over: 0–1."));
    g_assert_nonnull (strstr (status, "without a ruling"));
  }
}

/* Item 4: the Result flow offers only what is consistent with the reason
 * and the position, and chooses nothing the arbiter did not say. */
static void
test_result_consistent (Fixture *f, gconstpointer data)
{
  {
    /* Board 1 is still being played: neither a mate nor a stalemate can
     * be the reason, and a draw agreed is only ever 1/2-1/2. */
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_RESULT));

    g_assert_false (arb_ruling_dialog_can_confirm (dialog));
    g_assert_null (arb_ruling_dialog_get_ruling (dialog));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "reason", "checkmate"));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "reason", "stalemate"));
    set_fact (dialog, "reason", "agreement");
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "result", "1-0"));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "result", "0-1"));
    g_assert_true (arb_ruling_dialog_can_confirm (dialog));
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
    /* A resignation names no winner until the arbiter says who resigned. */
    set_fact (dialog, "reason", "resignation");
    g_assert_false (arb_ruling_dialog_can_confirm (dialog));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "result", "1/2-1/2"));
    set_fact (dialog, "result", "0-1");
    g_assert_true (arb_ruling_dialog_can_confirm (dialog));
    arb_ui_close_window (dialog);
  }
  {
    /* Board 5 ends in 17.Qxf7#: the mate is a reason, an agreement is
     * not, and the mate gives 1-0 and nothing else. */
    g_autoptr (ArbGame) mate = arb_ui_demo_load_game (f->tournament, 5, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (mate, ARB_RULING_FLOW_RESULT));

    g_assert_false (arb_ruling_dialog_can_confirm (dialog));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "reason", "agreement"));
    set_fact (dialog, "reason", "checkmate");
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "result", "1/2-1/2"));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "result", "0-1"));
    g_assert_true (arb_ruling_dialog_can_confirm (dialog));
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_WIN);
    screenshot (GTK_WIDGET (dialog), "result-consistent", 720, 800);
    arb_ui_close_window (dialog);
  }
}

/* Item 5: a fact the program proves is shown, not switched; where the
 * arbiter rules against what the program shows, he says why and the
 * ruling keeps both. */
static void
test_proven_facts (Fixture *f, gconstpointer data)
{
  {
    /* Board 4: Black's second illegal move, White with his whole army.
     * "White cannot checkmate" is proven false and cannot be switched
     * on, so the second illegal move loses (2023 7.5.5), never a draw. */
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 4, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));

    set_fact (dialog, "side", "black");
    set_fact (dialog, "move", "e8e7");
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "cannot-mate", "true"));
    g_assert_true (arb_ruling_dialog_set_fact (dialog, "cannot-mate", "false"));
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
    arb_ui_close_window (dialog);
  }
  {
    /* Board 1: the clock shows White with time left. A flag fall can
     * still be ruled (the clock on the table may differ), but only with
     * the arbiter's reason, which the ruling records. */
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
    ArbClock *clock = arb_game_get_clock (game);
    ArbRulingDialog *dialog;
    const ArbRuling *ruling;
    g_autofree char *facts = NULL;

    g_assert_true (arb_clock_is_started (clock));
    g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE), >, 0);
    g_assert_false (arb_game_has_flag_fallen (game, NULL));
    dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
    set_fact (dialog, "side", "white");
    g_assert_false (arb_ruling_dialog_can_confirm (dialog));
    g_assert_null (arb_ruling_dialog_get_ruling (dialog));
    set_fact (dialog, "flag-reason", "the clock on the table shows the flag down");
    g_assert_true (arb_ruling_dialog_can_confirm (dialog));
    screenshot (GTK_WIDGET (dialog), "flag-fall-time-left", 720, 800);
    ruling = arb_ruling_dialog_get_ruling (dialog);
    g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "override_reason"), ==,
                     "the clock on the table shows the flag down");
    facts = arb_ruling_wording_facts (ruling);
    g_assert_nonnull (
      strstr (facts, "The arbiter's reason: the clock on the table shows the flag down."));
    confirm (dialog);
    arb_ui_close_window (dialog);
  }
}

/* A game of the demo's round 1 on board @board, from @fen. */
static ArbGame *
add_game (Fixture *f, int board, const char *fen)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo white = { .name = (char *) "White, Wanda" };
  ArbPlayerInfo black = { .name = (char *) "Black, Bob" };
  ArbGameInfo info = { .round = 1,
                       .board = board,
                       .rated = TRUE,
                       .result = ARB_RESULT_ONGOING,
                       .start_fen = (char *) fen };

  info.white_id = arb_tournament_add_player (f->tournament, &white, &error);
  info.black_id = arb_tournament_add_player (f->tournament, &black, &error);
  g_assert_cmpint (arb_tournament_add_game (f->tournament, &info, &error), >, 0);
  g_assert_no_error (error);
  return arb_ui_demo_load_game (f->tournament, board, NULL);
}

/* What the "cannot-mate" row says under its title. */
static const char *
cannot_mate_subtitle (ArbRulingDialog *dialog)
{
  GtkWidget *w = arb_ruling_facts_get (dialog, "cannot-mate");

  g_assert_nonnull (w);
  return adw_action_row_get_subtitle (g_object_get_data (G_OBJECT (w), "arb-fact-row"));
}

/* The issue's two cases in the flag-fall ruling: king and bishop against
 * king, queen and pawn, where the bishop's side still mates (60.Bd4#, the
 * pawn on h7 blocking its own king), so Black's flag loses, and the line
 * is shown; and the forced stalemate, where two queens cannot mate
 * (52...b4+ and every answer stalemates), so Black's flag draws. */
static void
test_mate_line_shown (Fixture *f, gconstpointer data)
{
  {
    g_autoptr (ArbGame) game = add_game (f, 90, "q6k/5K1p/8/8/8/4B3/8/8 w - - 0 60");
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));

    set_fact (dialog, "side", "black");
    /* The search runs in a thread: until its answer is in, the row says so
     * and the ruling cannot be confirmed. */
    g_assert_cmpstr (cannot_mate_subtitle (dialog), ==, "Checking…");
    g_assert_false (gtk_widget_get_sensitive (arb_ruling_facts_get (dialog, "cannot-mate")));
    arb_ruling_dialog_settle (dialog);
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "cannot-mate", "true"));
    g_assert_cmpstr (cannot_mate_subtitle (dialog), ==, "White could still mate: 60.Bd4#");
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
    arb_ui_close_window (dialog);
  }
  {
    g_autoptr (ArbGame) game = add_game (f, 91, "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52");
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));

    set_fact (dialog, "side", "black");
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "cannot-mate", "false"));
    g_assert_cmpstr (cannot_mate_subtitle (dialog), ==, "No series of legal moves mates (proven)");
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_DRAW);
    arb_ui_close_window (dialog);
  }
}

/* What a fact row says under its title. */
static const char *
fact_subtitle (ArbRulingDialog *dialog, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (dialog, name);

  g_assert_nonnull (w);
  return adw_action_row_get_subtitle (g_object_get_data (G_OBJECT (w), "arb-fact-row"));
}

/* Item 5, rest: "in the last period" and "the game had already ended"
 * are proven where the program can tell. Board 10's flag fell at move 15
 * under 40/5400+30:1800+30: the first of two periods, and the game was
 * still on (the opponent can mate); neither switch is the arbiter's. Board
 * 11's quickplay claim at move 14 is not in the last period either. */
static void
test_flag_facts_proven (Fixture *f, gconstpointer data)
{
  {
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 10, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
    ArbColor fallen = ARB_COLOR_NONE;

    g_assert_true (arb_game_has_flag_fallen (game, &fallen));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "last-period", "true"));
    g_assert_false (arb_ruling_dialog_set_fact (dialog, "already-over", "true"));
    g_assert_false (gtk_widget_get_sensitive (arb_ruling_facts_get (dialog, "last-period")));
    g_assert_false (gtk_widget_get_sensitive (arb_ruling_facts_get (dialog, "already-over")));
    g_assert_nonnull (strstr (fact_subtitle (dialog, "last-period"),
                              "Proven false from the time control and the moves made"));
    g_assert_nonnull (strstr (fact_subtitle (dialog, "last-period"), "period 1 of 2"));
    g_assert_cmpstr (fact_subtitle (dialog, "already-over"), ==,
                     "Proven false: the record shows play could go on");
    g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_LOSS);
    screenshot_at (GTK_WIDGET (dialog), "flag-fall-proven-facts", 720, 800,
                   GTK_WIDGET (dialog->facts_group));
    arb_ui_close_window (dialog);
  }
  {
    g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 11, NULL);
    ArbRulingDialog *dialog =
      g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_QUICKPLAY));

    g_assert_false (arb_ruling_dialog_set_fact (dialog, "in-finish", "true"));
    g_assert_nonnull (strstr (fact_subtitle (dialog, "in-finish"), "period 1 of 2"));
    arb_ui_close_window (dialog);
  }
}

/* The branch where nothing is proven: a game of which no move is
 * recorded, its clock on the table only. Whether the flags fell in the
 * last period and whether the game had already ended are the arbiter's
 * to say, and when he says so the ruling waits for his reason; the stored
 * ruling keeps both what the program found (nothing) and his reason. */
static void
test_facts_not_proven (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = add_game (f, 92, NULL);
  g_autoptr (GPtrArray) stored = NULL;
  g_autoptr (ArbRuling) back = NULL;
  g_autofree char *facts = NULL;
  ArbRulingDialog *dialog;
  const ArbRuling *ruling;

  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 0);
  g_assert_false (arb_game_is_clock_kept (game));
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_FLAG_FALL));
  g_assert_true (gtk_widget_get_sensitive (arb_ruling_facts_get (dialog, "last-period")));
  g_assert_true (gtk_widget_get_sensitive (arb_ruling_facts_get (dialog, "already-over")));
  g_assert_nonnull (strstr (fact_subtitle (dialog, "last-period"), "Not proven either way"));
  g_assert_nonnull (strstr (fact_subtitle (dialog, "already-over"), "Not proven either way"));

  /* Both flags down, order unknown; the arbiter holds this is the last
   * period: no ruling until he says why. */
  set_fact (dialog, "both", "true");
  set_fact (dialog, "order-known", "false");
  set_fact (dialog, "last-period", "true");
  g_assert_null (arb_ruling_dialog_get_ruling (dialog));
  g_assert_false (arb_ruling_dialog_can_confirm (dialog));
  set_fact (dialog, "last-period-reason", "the clock on the table shows period 2");
  ruling = arb_ruling_dialog_get_ruling (dialog);
  g_assert_nonnull (ruling);
  g_assert_cmpint (ruling->decision, ==, ARB_DECISION_DRAW);
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "last_period_found"), ==, "unknown");
  g_assert_null (arb_ruling_get_fact_text (ruling, "game_over_found"));
  screenshot_at (GTK_WIDGET (dialog), "flag-fall-not-proven", 720, 800,
                 GTK_WIDGET (dialog->facts_group));

  /* He also holds the game had ended before: again his reason first. */
  set_fact (dialog, "already-over", "true");
  g_assert_null (arb_ruling_dialog_get_ruling (dialog));
  set_fact (dialog, "already-over-reason", "mate on the board, not entered");
  ruling = arb_ruling_dialog_get_ruling (dialog);
  g_assert_nonnull (ruling);
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "game_over_found"), ==, "unknown");
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "override_reason"), ==,
                   "the clock on the table shows period 2; mate on the board, not entered");
  confirm (dialog);
  arb_ui_close_window (dialog);

  /* The log reads the stored ruling: both what was not proven and why. */
  stored = arb_tournament_list_rulings (f->tournament, arb_game_get_id (game), NULL);
  g_assert_nonnull (stored);
  g_assert_cmpuint (stored->len, ==, 1);
  back = arb_tournament_ruling_from_record (g_ptr_array_index (stored, 0), NULL);
  g_assert_nonnull (back);
  facts = arb_ruling_wording_facts (back);
  g_assert_nonnull (strstr (
    facts,
    "The program could not prove whether the game had already ended; the arbiter ruled that it had."));
  g_assert_nonnull (strstr (facts, "The program could not prove whether the clock was in the last "
                                   "period; the arbiter ruled that it was."));
  g_assert_nonnull (strstr (facts, "The arbiter's reason: the clock on the table shows period 2; "
                                   "mate on the board, not entered."));
}

/* Item 6, second half: board 1, Black's 18th move (ply 36) found
 * illegal. The dialog proposes White's time at ply 35 (plus the two
 * minutes of 7.5.5) and Black's time there less what he used since, says
 * so under each time, and the arbiter may set either: his times are the
 * ones stored. */
static void
test_restored_clocks_proposed (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (GArray) moves = arb_tournament_get_moves (f->tournament, arb_game_get_id (game), NULL);
  const ArbStoredMove *m35 = &g_array_index (moves, ArbStoredMove, 34);
  const ArbStoredMove *m38 = &g_array_index (moves, ArbStoredMove, 37);
  ArbRulingDialog *dialog;
  const ArbRulingPlan *plan;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  g_assert_cmpint (m35->ply, ==, 35);
  g_assert_cmpint (m38->ply, ==, 38);
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  set_fact (dialog, "ply", "35");
  plan = arb_ruling_dialog_get_plan (dialog);
  g_assert_true (plan->clocks_proposed);
  /* Black used (b35 - b36 + 30 s) + (b37 - b38 + 30 s) since ply 35, and
   * his clock does not move during White's moves: b35 less that is b38
   * less the two increments. */
  g_assert_cmpint (plan->black_ms, ==, m38->black_ms - 60000);
  g_assert_cmpint (plan->white_ms, ==, m35->white_ms + 120000);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (dialog->black_time_row), "used since"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (dialog->white_time_row), "by the ruling"));
  white = arb_ruling_wording_clock (plan->white_ms, FALSE);
  black = arb_ruling_wording_clock (plan->black_ms, FALSE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dialog->white_time_entry)), ==, white);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dialog->black_time_entry)), ==, black);
  screenshot_at (GTK_WIDGET (dialog), "illegal-move-clocks", 720, 800,
                 GTK_WIDGET (dialog->effects_group));

  /* The arbiter judges otherwise: 1:00:00 for Black. */
  arb_ruling_dialog_set_clock_text (dialog, ARB_BLACK, "1:00:00");
  confirm (dialog);
  arb_ui_close_window (dialog);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_BLACK) / 1000, ==,
                   3600000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (game), ARB_WHITE) / 1000, ==,
                   m35->white_ms + 120000);
}

/* Papercut: a move typed in the players' letters that reads as a move
 * but cannot be played is called illegal, not unreadable. After 1.e4,
 * "Se4" is a knight move to e4 in Swedish letters, and no black knight
 * reaches e4. */
static void
test_typed_move_illegal_not_unreadable (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game =
    add_game (f, 93, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = arb_game_view_new ();

  gtk_window_set_child (GTK_WINDOW (window), view);
  arb_game_view_set_game (ARB_GAME_VIEW (view), game);
  g_assert_false (arb_game_view_enter_text (ARB_GAME_VIEW (view), "Se4"));
  g_assert_cmpstr (arb_game_view_get_error (ARB_GAME_VIEW (view)), ==,
                   "“Se4” is not a legal move for Black here");
  g_assert_false (arb_game_view_enter_text (ARB_GAME_VIEW (view), "Ne4"));
  g_assert_cmpstr (arb_game_view_get_error (ARB_GAME_VIEW (view)), ==,
                   "“Ne4” is not a legal move for Black here");
  g_assert_false (arb_game_view_enter_text (ARB_GAME_VIEW (view), "Xq9"));
  g_assert_cmpstr (arb_game_view_get_error (ARB_GAME_VIEW (view)), ==,
                   "“Xq9” cannot be read as a move");
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 0);
  g_assert_true (arb_game_view_enter_text (ARB_GAME_VIEW (view), "Sf6"));
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first label under @widget, depth first. */
static GtkLabel *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *label = first_label (c);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* Papercut: the items of a choice are shown in full in the list it opens
 * ("12.9.2 — More time fo…" and "Just now, after the last…" were cut after
 * twenty characters): each item is a wrapping label, never ellipsized. */
static void
test_choices_not_cut (Fixture *f, gconstpointer data)
{
  static const struct
  {
    ArbRulingFlow flow;
    const char *fact;
    const char *prefix;
  } cases[] = {
    { ARB_RULING_FLOW_PENALTY, "penalty", "12.9.2 — " },
    { ARB_RULING_FLOW_ILLEGAL_MOVE, "ply", "Just now, after the last recorded move" },
  };
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbRulingDialog *dialog = g_object_ref_sink (arb_ruling_dialog_new (game, cases[i].flow));
      GtkWidget *row = arb_ruling_facts_get (dialog, cases[i].fact);
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
      GtkListItemFactory *factory = adw_combo_row_get_list_factory (ADW_COMBO_ROW (row));
      GtkWidget *window = gtk_window_new ();
      GtkWidget *list;
      GtkLabel *label = NULL;
      gboolean found = FALSE;

      g_assert_nonnull (factory);
      list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (model))),
                                g_object_ref (factory));
      gtk_window_set_child (GTK_WINDOW (window), list);
      gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
      gtk_window_present (GTK_WINDOW (window));
      iterate (window, 20);
      for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        {
          label = first_label (c);
          if (label != NULL && g_str_has_prefix (gtk_label_get_text (label), cases[i].prefix))
            {
              found = TRUE;
              break;
            }
        }
      g_assert_true (found);
      g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_true (gtk_label_get_wrap (label));
      gtk_window_destroy (GTK_WINDOW (window));
      arb_ui_close_window (dialog);
    }
}

/* Papercut: a clock is adjusted by any amount, and set to the time the
 * clock on the table shows, not only by one or two minutes. Each change
 * is stored: the game read again from the file shows it. */
/* The first menu button under @widget whose id in its template is @id. */
static GtkWidget *
find_menu_button (GtkWidget *widget, const char *id)
{
  if (GTK_IS_MENU_BUTTON (widget) &&
      g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_clock_adjust_any_amount (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (ArbGame) reloaded = NULL;
  ArbClock *clock = arb_game_get_clock (game);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = arb_game_view_new ();
  ArbGameView *v = ARB_GAME_VIEW (view);
  g_autoptr (GError) error = NULL;

  gtk_window_set_child (GTK_WINDOW (window), view);
  arb_game_view_set_game (v, game);
  g_assert_false (arb_clock_is_running (clock));

  /* The physical clock shows 1:23:45 for White. */
  g_assert_true (arb_game_view_adjust_clock (v, ARB_WHITE, "1:23:45", TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 5025000);
  g_assert_true (arb_game_view_adjust_clock (v, ARB_WHITE, "+0:30", FALSE, &error));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 5055000);
  g_assert_true (arb_game_view_adjust_clock (v, ARB_WHITE, "-1:00", FALSE, &error));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 4995000);
  g_assert_true (arb_game_view_adjust_clock (v, ARB_WHITE, "−0:05", FALSE, &error));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 4990000);
  /* A number alone is minutes. */
  g_assert_true (arb_game_view_adjust_clock (v, ARB_WHITE, "7", FALSE, &error));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 5410000);
  g_assert_false (arb_game_view_adjust_clock (v, ARB_WHITE, "ten", FALSE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000, ==, 5410000);
  g_assert_true (arb_game_view_adjust_clock (v, ARB_BLACK, "0:45", TRUE, &error));
  g_assert_cmpint (arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000, ==, 45000);
  /* For the documentation: the clocks' panel with its adjustments open. */
  if (g_getenv ("ARB_SCREENSHOT_DIR") != NULL)
    {
      GtkWidget *button = find_menu_button (view, "adjust_button");

      gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
      gtk_window_present (GTK_WINDOW (window));
      iterate (window, 40);
      if (button != NULL)
        {
          gtk_menu_button_popup (GTK_MENU_BUTTON (button));
          iterate (window, 40);
          arb_ui_save_screenshot (
            GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))),
            "rulings-clock-adjust");
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));

  reloaded = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_WHITE) / 1000, ==,
                   5410000);
  g_assert_cmpint (arb_clock_get_remaining_us (arb_game_get_clock (reloaded), ARB_BLACK) / 1000, ==,
                   45000);
}

static gint64
fake_now (gpointer data)
{
  return *(gint64 *) data;
}

/* Item 6: a claim, an illegal move or a flag fall stops the game's clock
 * while the arbiter rules; Cancel starts it again with the time it showed,
 * the minute spent in the dialog not charged. */
static void
test_clocks_stop_for_ruling (Fixture *f, gconstpointer data)
{
  static const ArbRulingFlow flows[] = { ARB_RULING_FLOW_ILLEGAL_MOVE, ARB_RULING_FLOW_DRAW_CLAIM,
                                         ARB_RULING_FLOW_FLAG_FALL, ARB_RULING_FLOW_QUICKPLAY };
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  ArbClock *clock = arb_game_get_clock (game);
  gint64 now = (gint64) 1000 * G_USEC_PER_SEC;
  ArbColor side;
  gint64 before;

  arb_clock_set_time_func (clock, fake_now, &now, NULL);
  g_assert_true (arb_game_resume (game, NULL));
  g_assert_true (arb_clock_is_running (clock));
  side = arb_clock_get_side_to_move (clock);
  now += 5 * G_USEC_PER_SEC;
  for (guint i = 0; i < G_N_ELEMENTS (flows); i++)
    {
      ArbRulingDialog *dialog;

      before = arb_clock_get_remaining_us (clock, side);
      dialog = g_object_ref_sink (arb_ruling_dialog_new (game, flows[i]));
      g_assert_false (arb_clock_is_running (clock));
      now += 60 * G_USEC_PER_SEC;
      g_assert_cmpint (arb_clock_get_remaining_us (clock, side), ==, before);
      /* Cancel. */
      arb_ui_close_window (dialog);
      g_assert_true (arb_clock_is_running (clock));
      g_assert_cmpint (arb_clock_get_remaining_us (clock, side), ==, before);
    }
  /* And the clock runs on from there. */
  now += G_USEC_PER_SEC;
  g_assert_cmpint (arb_clock_get_remaining_us (clock, side), ==, before - G_USEC_PER_SEC);
  arb_clock_set_time_func (clock, NULL, NULL, NULL);
}

/* Item 9: the arbiter named in Preferences rules unless another (a
 * deputy) is named in the dialog; the log, the printed report and the
 * envelope sheet say who ruled. */
static void
test_who_ruled (Fixture *f, gconstpointer data)
{
  g_autoptr (GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 1, NULL);
  g_autoptr (ArbGame) game14 = arb_ui_demo_load_game (f->tournament, 14, NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "rulings.pdf", NULL);
  g_autofree char *sheet = g_build_filename (f->dir, "envelope.pdf", NULL);
  g_autofree char *printed = NULL;
  g_autoptr (GString) rows = g_string_new (NULL);
  ArbRulingDialog *dialog;
  ArbRulingsLog *log;

  g_settings_set_string (settings, "arbiter-name", "Anna Berg");
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "penalty", "warning");
  set_fact (dialog, "reason", "distracted the opponent");
  confirm (dialog);
  arb_ui_close_window (dialog);

  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_PENALTY));
  set_fact (dialog, "penalty", "warning");
  set_fact (dialog, "reason", "distracted the opponent");
  set_fact (dialog, "arbiter", "Ola Dahl");
  confirm (dialog);
  arb_ui_close_window (dialog);

  log = g_object_ref_sink (arb_rulings_log_new (f->tournament, 1));
  for (guint i = 0; i < arb_rulings_log_get_n_visible (log); i++)
    {
      g_autofree char *row = arb_rulings_log_get_row_text (log, i);

      g_string_append_printf (rows, "%s\n", row);
    }
  g_assert_nonnull (strstr (rows->str, "Ruled by Anna Berg."));
  g_assert_nonnull (strstr (rows->str, "Ruled by Ola Dahl."));
  g_assert_true (arb_rulings_log_save_pdf (log, pdf, &printed, NULL));
  g_assert_nonnull (strstr (printed, "Ruled by Anna Berg."));
  g_assert_nonnull (strstr (printed, "Ruled by Ola Dahl."));
  arb_ui_close_window (log);
  g_clear_pointer (&printed, g_free);

  /* Board 14: the envelope sheet names the arbiter who takes it. */
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game14, ARB_RULING_FLOW_ADJOURN));
  set_fact (dialog, "sealed-move", "Nxe5");
  set_fact (dialog, "resume-at", "2026-11-22 10:00");
  g_assert_true (arb_ruling_dialog_print_envelope (dialog, sheet, &printed, NULL));
  g_assert_nonnull (strstr (printed, "Anna Berg"));
  arb_ui_close_window (dialog);
  g_settings_reset (settings, "arbiter-name");
}

/* Item 8 and the papercut "ply 28": a ruling stored in the first format
 * (tests/data/rulings-v1.arbiter, every 2023 number then unverified) shows
 * its positions as moves, and the log and the printed report carry the
 * same marks on its article numbers. */
static void
test_log_moves_and_marks (void)
{
  g_autofree char *src =
    g_test_build_filename (G_TEST_DIST, "..", "data", "rulings-v1.arbiter", NULL);
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *path = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *printed = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  ArbRulingsLog *log;
  gsize length;

  arb_test_temp_setup (&temp, NULL);
  path = arb_test_temp_file (&temp, "v1.arbiter");
  pdf = arb_test_temp_file (&temp, "report.pdf");
  g_assert_true (g_file_get_contents (src, &bytes, &length, &error));
  g_assert_true (g_file_set_contents (path, bytes, (gssize) length, &error));
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  log = g_object_ref_sink (arb_rulings_log_new (t, 1));
  g_assert_true (arb_rulings_log_set_kind (log, "illegal-move"));
  g_assert_cmpuint (arb_rulings_log_get_n_visible (log), ==, 1);
  {
    g_autofree char *row = arb_rulings_log_get_row_text (log, 0);

    /* Made at ply 38: White to play move 20. */
    g_assert_nonnull (strstr (row, "move 20, White"));
    g_assert_null (strstr (row, "ply"));
    g_assert_nonnull (strstr (row, "7.5.1 (number not verified)"));
    g_assert_nonnull (strstr (row, "7.5.5,"));
    g_assert_null (strstr (row, "7.5.5 (number not verified)"));
  }
  g_assert_true (arb_rulings_log_save_pdf (log, pdf, &printed, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (printed, "Article 7.5.1 (number not verified)"));
  g_assert_nonnull (strstr (printed, "Article 7.5.5:"));
  g_assert_nonnull (strstr (printed, "move 20, White"));
  g_assert_null (strstr (printed, "ply"));
  arb_ui_close_window (log);
  g_clear_object (&t);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  arb_position_init ();

#define ADD(path, func)                                                          \
  g_test_add ("/ui/rulings-trust/" path, Fixture, NULL, arb_ui_demo_setup, func, \
              arb_ui_demo_teardown)
  ADD ("game-over-shown", test_game_over_shown);
  ADD ("result-consistent", test_result_consistent);
  ADD ("proven-facts", test_proven_facts);
  ADD ("mate-line-shown", test_mate_line_shown);
  ADD ("flag-facts-proven", test_flag_facts_proven);
  ADD ("facts-not-proven", test_facts_not_proven);
  ADD ("restored-clocks-proposed", test_restored_clocks_proposed);
  ADD ("typed-move-illegal-not-unreadable", test_typed_move_illegal_not_unreadable);
  ADD ("choices-not-cut", test_choices_not_cut);
  ADD ("clock-adjust-any-amount", test_clock_adjust_any_amount);
  ADD ("clocks-stop-for-ruling", test_clocks_stop_for_ruling);
  ADD ("who-ruled", test_who_ruled);
  g_test_add_func ("/ui/trust/log-moves-and-marks", test_log_moves_and_marks);
#undef ADD
  return g_test_run ();
}
