/* test-reconstruct.c: a game rebuilt from its scoresheets in the window (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test writes the demo tournament to a fresh file, opens the
 * reconstruction dialog for a board (or for a new game of the round),
 * pastes sheets with mistakes, waits for the search, accepts the
 * corrections, stores, and then opens the file again through a new
 * connection to check what was stored: the moves, the ruling in the log,
 * the audit line. The expected game is written out by hand below (a Ruy
 * Lopez, Breyer variation), not computed by the code under test.
 *
 * With ARB_SCREENSHOT_DIR set, the dialog is also rendered to a PNG there.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-board-card.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-game.h"
#include "arb-reconstruct-dialog.h"
#include "arb-san.h"
#include "arb-tournament.h"
#include "arb-ui-harness.h"

static const char *const breyer[] = {
  "e4",  "e5", "Nf3", "Nc6", "Bb5", "a6",  "Ba4", "Nf6",  "O-O",  "Be7", "Re1", "b5",
  "Bb3", "d6", "c3",  "O-O", "h3",  "Nb8", "d4",  "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
};

/* White's sheet in Swedish letters: 10...Sd7 for Nbd7 cannot be a mistake
 * (the rest tells), 12...Te7 is a wrong rank, 9...? is illegible. */
static const char *const swedish_sheet = "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n"
                                         "5. 0-0 Le7\n6. Te1 b5\n7. Lb3 d6\n8. c3 0-0\n"
                                         "9. h3 ?\n10. d4 Sbd7\n11. Sbd2 Lb7\n12. Lc2 Te7\n";

typedef ArbUiDemoFixture Fixture;

/* Whatever a test stored, the file's own check finds it consistent. */
static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  arb_ui_demo_assert_consistent (f);
  arb_ui_demo_teardown (f, data);
}

static void
iterate (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Waits (the search runs in a thread) until the dialog shows a result. */
static void
wait_for_search (ArbReconstructDialog *dialog)
{
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  iterate ();
  while (arb_reconstruct_dialog_is_searching (dialog) && g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_false (arb_reconstruct_dialog_is_searching (dialog));
  iterate ();
}

static void
assert_game (const ArbPosition *start, GArray *moves, const char *const *sans, guint n)
{
  ArbPosition pos = *start;

  g_assert_cmpuint (moves->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, g_array_index (moves, ArbMove, i), san);
      g_assert_cmpstr (san, ==, sans[i]);
      arb_position_make_move (&pos, g_array_index (moves, ArbMove, i), &undo);
    }
}

/* @lines: the audit lines the transaction writes (the game's, for a new
 * one; the ruling's; the reconstruction's). */
static void
assert_stored (Fixture *f, int board, gint64 audit_before, gint64 lines)
{
  g_autoptr (ArbTournament) t = arb_test_open (f->path);
  g_autoptr (GError) error = NULL;
  gint64 id = arb_tournament_find_game (t, 1, board, &error);
  g_autoptr (GArray) stored = arb_tournament_get_moves (t, id, &error);
  g_autoptr (GPtrArray) rulings = arb_tournament_list_rulings (t, id, &error);
  const ArbRulingRecord *last;

  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, G_N_ELEMENTS (breyer));
  for (guint i = 0; i < stored->len; i++)
    g_assert_cmpstr (g_array_index (stored, ArbStoredMove, i).san, ==, breyer[i]);
  g_assert_cmpuint (rulings->len, >, 0);
  last = g_ptr_array_index (rulings, rulings->len - 1);
  g_assert_cmpstr (last->kind, ==, "reconstruction");
  g_assert_cmpstr (last->decision, ==, "reconstructed");
  g_assert_cmpstr (last->articles, ==, "8.5.3");
  g_assert_cmpint (last->ply, ==, 24);
  g_assert_cmpint (arb_tournament_count_audit (t, &error), ==, audit_before + lines);
}

static gpointer
child (ArbReconstructDialog *dialog, const char *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (dialog), ARB_TYPE_RECONSTRUCT_DIALOG, name);
}

/* The dialog at the size of a 1280×800 screen, for the screenshots and
 * for what must fit. */
static void
present_on_screen (ArbReconstructDialog *dialog)
{
  gtk_window_set_default_size (GTK_WINDOW (dialog), 1280, 800);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The rows of a list box, in order. */
static GPtrArray *
list_rows (GtkListBox *list)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (list)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LIST_BOX_ROW (w))
      g_ptr_array_add (rows, w);
  return rows;
}

/* The store button follows its action. */
static gboolean
store_enabled (ArbReconstructDialog *dialog)
{
  return gtk_widget_get_sensitive (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), ARB_TYPE_RECONSTRUCT_DIALOG, "accept_button")));
}

static void
stored_cb (ArbReconstructDialog *dialog, gint64 id, gint64 *out)
{
  *out = id;
}

/* A board's game replaced by the sheet's, the corrections accepted one by
 * one (store is refused before), checked through a new connection. */
static void
test_board (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 3, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  g_autoptr (GError) error = NULL;
  gint64 audit_before = arb_tournament_count_audit (f->tournament, &error);
  const ArbScoresheetResult *result;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  gint64 stored_id = 0;

  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  buffer = arb_reconstruct_dialog_get_buffer (dialog, 0);
  gtk_text_buffer_set_text (buffer, swedish_sheet, -1);
  wait_for_search (dialog);

  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  assert_game (&result->start, result->best->moves, breyer, G_N_ELEMENTS (breyer));
  g_assert_cmpuint (result->best->corrections->len, ==, 2);

  /* The board follows the cursor: in "Lb5", the fifth half-move. */
  gtk_text_buffer_get_iter_at_offset (buffer, &iter,
                                      (int) (strstr (swedish_sheet, "Lb5") - swedish_sheet) + 1);
  gtk_text_buffer_place_cursor (buffer, &iter);
  iterate ();
  g_assert_cmpuint (arb_reconstruct_dialog_get_shown_ply (dialog), ==, 5);

  /* Nothing is stored before every correction is accepted. */
  g_assert_false (store_enabled (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.store", NULL);
  iterate ();
  g_assert_cmpint (arb_tournament_count_audit (f->tournament, NULL), ==, audit_before);

  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-corrections");
  g_signal_connect (dialog, "stored", G_CALLBACK (stored_cb), &stored_id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.accept-all", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.store", NULL));
  iterate ();
  g_assert_cmpint (stored_id, ==, arb_game_get_id (game));
  g_object_unref (dialog);

  assert_stored (f, 3, audit_before, 2);
  /* The game model read the file again. */
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, G_N_ELEMENTS (breyer));
}

/* Two sheets reconciled: each mistake is corrected on its own sheet. */
static void
test_two_sheets (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 4, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  g_autoptr (GError) error = NULL;
  gint64 audit_before = arb_tournament_count_audit (f->tournament, &error);
  const ArbScoresheetResult *result;

  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), swedish_sheet, -1);
  /* Black's sheet (Dutch): 7. Lc3 for Bb3, and 9. h3 never written. */
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 1),
                            "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 "
                            "7. Lc3 d6 8. c3 O-O 9. Pb8 d4 10. Pbd7 Pbd2 11. Lb7 Lc2 12. Te8",
                            -1);
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->n_sheets, ==, 2);
  assert_game (&result->start, result->best->moves, breyer, G_N_ELEMENTS (breyer));
  /* Where they disagree: 7. Lb3 against Lc3, 12...Te7 against Te8, not
   * 9...? (White's "?" says nothing) nor 9. h3 (not on Black's sheet). */
  {
    g_autoptr (GPtrArray) rows = list_rows (child (dialog, "disagreements_list"));

    g_assert_cmpuint (rows->len, ==, 2);
    g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==,
                     "7. White's sheet “Lb3”, Black's sheet “Lc3”");
    g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 1)), ==,
                     "12… White's sheet “Te7”, Black's sheet “Te8”");
  }
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-two-sheets");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.accept-all", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.store", NULL));
  iterate ();
  g_object_unref (dialog);
  assert_stored (f, 4, audit_before, 2);
}

/* The arbiter types the right move: the search runs again from there. */
static void
test_fix_move (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 5, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  g_autoptr (GError) error = NULL;
  const ArbScoresheetResult *result;
  ArbPosition pos;
  char san[ARB_SAN_MAX];

  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  /* The second Black move is illegible: any move that lets 3. Bb5 be
   * played fits, so the arbiter says which it was. */
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0),
                            "1. e4 e5 2. Sf3 ? 3. Lb5 a6 4. La4 Sf6", -1);
  wait_for_search (dialog);
  g_assert_nonnull (arb_reconstruct_dialog_get_result (dialog));
  g_assert_true (arb_reconstruct_dialog_fix_move (dialog, 4, "d6", &error));
  g_assert_no_error (error);
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  arb_scoresheet_game_get_position (result, result->best, 3, &pos);
  arb_san_write (&pos, g_array_index (result->best->moves, ArbMove, 3), san);
  g_assert_cmpstr (san, ==, "d6");
  /* A move that is not legal there is refused, and nothing changes. */
  g_assert_false (arb_reconstruct_dialog_fix_move (dialog, 4, "Lb5", &error));
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_CONSTRAINT);
  arb_ui_close_window (dialog);
}

/* A new game of the round, stored with its players on a new board. */
static void
test_new_game (Fixture *f, gconstpointer data)
{
  ArbReconstructDialog *dialog =
    arb_reconstruct_dialog_new_for_round (f->tournament, 1, ARB_DEMO_BOARDS + 1);
  g_autoptr (GError) error = NULL;
  gint64 audit_before = arb_tournament_count_audit (f->tournament, &error);
  GtkDropDown *white, *black;

  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), swedish_sheet, -1);
  wait_for_search (dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.accept-all", NULL));
  /* Without players it is not stored. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.store", NULL));
  iterate ();
  g_assert_cmpint (arb_tournament_count_audit (f->tournament, NULL), ==, audit_before);
  white = GTK_DROP_DOWN (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), ARB_TYPE_RECONSTRUCT_DIALOG, "white_dropdown"));
  black = GTK_DROP_DOWN (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), ARB_TYPE_RECONSTRUCT_DIALOG, "black_dropdown"));
  gtk_drop_down_set_selected (white, 1);
  gtk_drop_down_set_selected (black, 2);
  iterate ();
  /* It fits a 1280×800 screen, with the players chosen: nothing of it,
   * Store Game included, is off the screen. */
  {
    int minimum = 0, natural = 0;

    gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
                        NULL, NULL);
    g_test_message ("the dialog: %d px wide at least, %d px as it likes", minimum, natural);
    g_assert_cmpint (natural, <=, 1280);
  }
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-new-game");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.store", NULL));
  iterate ();
  g_object_unref (dialog);
  assert_stored (f, ARB_DEMO_BOARDS + 1, audit_before, 3);
}

/* Cancel: nothing is written. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 6, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  g_autoptr (GError) error = NULL;
  gint64 audit_before = arb_tournament_count_audit (f->tournament, &error);
  guint plies = arb_game_get_n_plies (game);

  gtk_window_present (GTK_WINDOW (dialog));
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), swedish_sheet, -1);
  wait_for_search (dialog);
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpint (arb_tournament_count_audit (f->tournament, NULL), ==, audit_before);
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, plies);
}

/* A sheet no game explains: the status says where, nothing can be stored. */
static void
test_no_game (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 7, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  GtkLabel *status;

  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0),
                            "1. e4 e5 2. Nf3 Nc6\n3. Kh8 Kh1 4. Ke8 Ke1 5. Qh7 Qa2 6. Rh8 Ra1\n"
                            "7. Kh8 Kh1 8. Ke8 Ke1 9. Qh7 Qa2 10. Rh8 Ra1\n",
                            -1);
  wait_for_search (dialog);
  g_assert_null (arb_reconstruct_dialog_get_result (dialog));
  status = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                     ARB_TYPE_RECONSTRUCT_DIALOG, "status_label"));
  g_assert_nonnull (strstr (gtk_label_get_text (status), "half-move 5"));
  g_assert_nonnull (strstr (gtk_label_get_text (status), "Kh8"));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-no-game");
  /* The store button follows its action, disabled. */
  g_assert_false (store_enabled (dialog));
  arb_ui_close_window (dialog);
}

/* Two games read the sheet at the same cost ("Lg4": Bf4 or Bg5): the
 * status says so, and nothing is stored, even with every correction
 * accepted, until the arbiter has chosen one. */
static void
test_undecided (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 5, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  const ArbScoresheetResult *result;
  GtkLabel *status;

  g_object_ref (dialog);
  present_on_screen (dialog);
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), "1. d4 Sf6\n2. Lg4 e6\n",
                            -1);
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_true (arb_scoresheet_result_is_undecided (result));
  status = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                     ARB_TYPE_RECONSTRUCT_DIALOG, "status_label"));
  g_assert_nonnull (strstr (gtk_label_get_text (status), "Undecided at 2."));
  g_assert_nonnull (strstr (gtk_label_get_text (status), "Bf4"));
  g_assert_nonnull (strstr (gtk_label_get_text (status), "Bg5"));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-undecided");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.accept-all", NULL));
  g_assert_false (store_enabled (dialog));

  /* The arbiter chooses a reading: the game is decided. */
  arb_reconstruct_dialog_use_alternative (dialog, 0);
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_false (arb_scoresheet_result_is_undecided (result));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "reconstruct.accept-all", NULL));
  g_assert_true (store_enabled (dialog));
  arb_ui_close_window (dialog);
}

/* The first button under @w with the label @label. */
static GtkWidget *
find_button (GtkWidget *w, const char *label)
{
  if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), label) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* White's sheet says 2. Nf3, Black's 2. Nc3, and Black's stops after
 * 2...Nc6. Only a knight from c3 goes to d5 next, so the game follows
 * Black's sheet: White's "Nf3" is read as Nc3, a file written wrong
 * (10), and the two half-moves after Black's sheet ends cost 1 each
 * (game 12). Following White's sheet instead corrects Black's "Nc3" (10)
 * and "Nd5" to Nd4, a rank off (8): game 20. The dialog shows both, the
 * sheet each follows, and what each costs. */
static const char *const disagree_white = "1. e4 e5 2. Nf3 Nc6 3. Nd5 Nf6\n";
static const char *const disagree_black = "1. e4 e5 2. Nc3 Nc6\n";

static void
test_sheets_disagree (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 6, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  const ArbScoresheetResult *result;
  g_autoptr (GPtrArray) rows = NULL;
  const char *title, *subtitle;
  GtkWidget *use = NULL;
  char san[ARB_SAN_MAX];
  ArbPosition pos;

  g_object_ref (dialog);
  present_on_screen (dialog);
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), disagree_white, -1);
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 1), disagree_black, -1);
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_false (arb_scoresheet_result_is_undecided (result));

  g_assert_true (gtk_widget_get_visible (child (dialog, "disagreements_box")));
  rows = list_rows (child (dialog, "disagreements_list"));
  g_assert_cmpuint (rows->len, ==, 1);
  title = adw_preferences_row_get_title (g_ptr_array_index (rows, 0));
  subtitle = adw_action_row_get_subtitle (g_ptr_array_index (rows, 0));
  g_test_message ("%s\n%s", title, subtitle);
  g_assert_cmpstr (title, ==, "2. White's sheet “Nf3”, Black's sheet “Nc3”");
  g_assert_cmpstr (subtitle, ==,
                   "Read Nc3, as Black's sheet has it: White's sheet corrected, cost 10 "
                   "(game cost 12)\n"
                   "As White's sheet has it: Nf3, game cost 20, 8 more");
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-sheets-disagree");

  /* Its button takes the other reading: the game then follows White's
   * sheet. */
  use = find_button (g_ptr_array_index (rows, 0), "_Use");
  g_assert_nonnull (use);
  g_signal_emit_by_name (use, "clicked");
  wait_for_search (dialog);
  result = arb_reconstruct_dialog_get_result (dialog);
  g_assert_nonnull (result);
  arb_scoresheet_game_get_position (result, result->best, 2, &pos);
  arb_san_write (&pos, g_array_index (result->best->moves, ArbMove, 2), san);
  g_assert_cmpstr (san, ==, "Nf3");
  arb_ui_close_window (dialog);
}

/* Every control of the dialog is on a 1280×800 screen: inside the
 * window, and the window no larger than the screen. */
static void
assert_controls_on_screen (ArbReconstructDialog *dialog, const char *what)
{
  /* The last two are in the right pane, which scrolls: they must fit its
   * width; down, the pane scrolls to them. */
  static const char *const controls[] = {
    "cancel_button", "accept_button",  "language_dropdown", "sheet_stack",
    "board_spin",    "white_dropdown", "black_dropdown",    "board",
    "status_label",  "moves_view",     "accept_all_button", "corrections_list",
  };
  const guint scrolled_from = G_N_ELEMENTS (controls) - 2;
  int min_w = 0, min_h = 0, nat_w = 0;

  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL,
                      NULL);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_VERTICAL, 1280, &min_h, NULL, NULL,
                      NULL);
  g_test_message ("%s: the dialog needs %d×%d px, likes %d px wide; it is %d×%d", what, min_w,
                  min_h, nat_w, gtk_widget_get_width (GTK_WIDGET (dialog)),
                  gtk_widget_get_height (GTK_WIDGET (dialog)));
  g_assert_cmpint (min_w, <=, 1280);
  g_assert_cmpint (min_h, <=, 800);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 1280);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (dialog)), <=, 800);
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      GtkWidget *w = child (dialog, controls[i]);
      graphene_rect_t r;

      g_assert_true (gtk_widget_compute_bounds (w, GTK_WIDGET (dialog), &r));
      g_test_message ("%s: %s at %.0f,%.0f, %.0f×%.0f", what, controls[i], r.origin.x, r.origin.y,
                      r.size.width, r.size.height);
      g_assert_true (gtk_widget_get_mapped (w));
      g_assert_cmpfloat (r.size.width, >, 0);
      g_assert_cmpfloat (r.size.height, >, 0);
      g_assert_cmpfloat (r.origin.x, >=, 0);
      g_assert_cmpfloat (r.origin.y, >=, 0);
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, 1280);
      if (i < scrolled_from)
        g_assert_cmpfloat (r.origin.y + r.size.height, <=, 800);
    }
}

/* A new game of the round (the pairing row shown) with two sheets that
 * disagree, on a 1280×800 screen, with text at its size and at twice it
 * (as a user with large text, gtk-xft-dpi doubled): nothing is lost. */
static void
test_fits_screen (Fixture *f, gconstpointer data)
{
  GtkSettings *settings = gtk_settings_get_default ();
  int dpi = 0;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  for (guint scale = 1; scale <= 2; scale++)
    {
      ArbReconstructDialog *dialog =
        arb_reconstruct_dialog_new_for_round (f->tournament, 1, ARB_DEMO_BOARDS + 1);
      g_autofree char *what = g_strdup_printf ("text at %u00 %%", scale);
      g_autofree char *shot = g_strdup_printf ("reconstruct-fits-%u00", scale);

      g_object_set (settings, "gtk-xft-dpi", (int) (scale * 96 * 1024), NULL);
      g_object_ref (dialog);
      present_on_screen (dialog);
      gtk_drop_down_set_selected (child (dialog, "white_dropdown"), 1);
      gtk_drop_down_set_selected (child (dialog, "black_dropdown"), 2);
      gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0), disagree_white, -1);
      gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 1), disagree_black, -1);
      wait_for_search (dialog);
      g_assert_nonnull (arb_reconstruct_dialog_get_result (dialog));
      arb_ui_save_screenshot (GTK_WIDGET (dialog), shot);
      /* Laid out at its size (the screenshot turns the loop). */
      for (int i = 0; i < 50; i++)
        {
          iterate ();
          g_usleep (2000);
        }
      assert_controls_on_screen (dialog, what);
      arb_ui_close_window (dialog);
    }
  g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
}

/* Words that read as no move: the sheet is refused as not a scoresheet,
 * the status says so and where, and nothing can be stored. */
static void
test_not_a_sheet (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 8, NULL);
  ArbReconstructDialog *dialog = arb_reconstruct_dialog_new (game);
  const char *status;

  g_object_ref (dialog);
  present_on_screen (dialog);
  gtk_text_buffer_set_text (arb_reconstruct_dialog_get_buffer (dialog, 0),
                            "Dear arbiter, my opponent kept talking during the game and I lost "
                            "my place.\nPlease see me after the round.\n",
                            -1);
  wait_for_search (dialog);
  g_assert_null (arb_reconstruct_dialog_get_result (dialog));
  status = gtk_label_get_text (child (dialog, "status_label"));
  g_test_message ("%s", status);
  g_assert_true (g_str_has_prefix (status, "The sheet cannot be read: "));
  g_assert_nonnull (strstr (status, "line 1, column 1"));
  g_assert_nonnull (strstr (status, "not a scoresheet"));
  g_assert_false (gtk_widget_get_visible (child (dialog, "disagreements_box")));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "reconstruct-not-a-sheet");
  g_assert_false (store_enabled (dialog));
  arb_ui_close_window (dialog);
}

static ArbReconstructDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  ArbReconstructDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_RECONSTRUCT_DIALOG (w))
        found = ARB_RECONSTRUCT_DIALOG (w);
    }
  return found;
}

/* The action of a board card and of the game view opens the dialog for
 * their game. */
static void
test_actions (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbGame) game = arb_ui_demo_load_game (f->tournament, 2, NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = arb_game_view_new ();
  GtkWidget *card = g_object_ref_sink (arb_board_card_new (game));
  ArbReconstructDialog *dialog;
  gint64 rulings = arb_tournament_count_rows (f->tournament, "ruling", NULL);

  gtk_window_set_child (GTK_WINDOW (window), view);
  arb_game_view_set_game (ARB_GAME_VIEW (view), game);
  g_assert_null (find_dialog ());
  g_assert_true (gtk_widget_activate_action (view, "game.reconstruct", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_activate_action (card, "game.reconstruct", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* Nothing was stored by opening and closing them. */
  g_assert_cmpint (arb_tournament_count_rows (f->tournament, "ruling", NULL), ==, rulings);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (card);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ui/reconstruct/" path, Fixture, NULL, arb_ui_demo_setup, func, fixture_teardown)
  ADD ("board", test_board);
  ADD ("two-sheets", test_two_sheets);
  ADD ("fix-move", test_fix_move);
  ADD ("new-game", test_new_game);
  ADD ("cancel", test_cancel);
  ADD ("no-game", test_no_game);
  ADD ("undecided", test_undecided);
  ADD ("sheets-disagree", test_sheets_disagree);
  ADD ("fits-screen", test_fits_screen);
  ADD ("not-a-sheet", test_not_a_sheet);
  ADD ("actions", test_actions);
#undef ADD

  return g_test_run ();
}
