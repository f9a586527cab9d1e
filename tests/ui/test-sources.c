/* test-sources.c: the round fed by its sources, from the window
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A live PGN file is added in the Sources of Moves dialog the way the
 * arbiter adds it (typed, then applied); as the file grows its moves
 * appear on the cards without a click, an illegal move is an alert on its
 * card and in the dialog (never a stored move), and dismissing it clears
 * both. The file keeps the source for the next opening of the round.
 *
 * DGT LiveChess (a stand-in on 127.0.0.1) reports an illegal move on two
 * e-boards: each card shows it, a toast tells it without taking the
 * keyboard, and the card itself settles it: Rule… opens the Illegal move
 * flow filled in, Dismiss as Misread from the card's context menu.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-sources-dialog.h"
#include "arb-ruling-actions.h"
#include "arb-test-livechess.h"
#include "arb-test-utils.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* A tournament of one round of three boards, "White N" – "Black N". */
static char *
new_round (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, NULL);

  g_free (event->name);
  event->name = g_strdup ("Sources Open");
  g_assert_true (arb_tournament_set_event (t, event, NULL));
  arb_test_add_numbered_round (t, "5400+30", 3, NULL);
  return g_steal_pointer (&path);
}

static gboolean
badge_present (ArbBoardCard *card, const char *text)
{
  g_autoptr (GPtrArray) badges = arb_board_card_list_badges (card);

  for (guint i = 0; i < badges->len; i++)
    if (g_str_equal (g_ptr_array_index (badges, i), text))
      return TRUE;
  return FALSE;
}

/* The moves of a board as a second connection to the file sees them. */
static char *
stored_moves (const char *path, int board)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GArray) moves =
    arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, board, NULL), NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < moves->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "",
                            g_array_index (moves, ArbStoredMove, i).san);
  return g_string_free (text, FALSE);
}

/* Rewritten whole, as a relay does: a new file put in place. */
static void
write_pgn (const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

typedef struct
{
  ArbWindow *window;
  int board;
  guint plies;
  const char *badge;
  ArbSourcesDialog *dialog;
  const char *uri;
} Wait;

static gboolean
card_shows_plies (gpointer data)
{
  Wait *w = data;
  ArbBoardCard *card = arb_ui_find_card (w->window, w->board);

  return card != NULL && arb_board_card_get_shown_plies (card) == w->plies;
}

static gboolean
card_has_badge (gpointer data)
{
  Wait *w = data;

  return badge_present (arb_ui_find_card (w->window, w->board), w->badge);
}

static gboolean
card_lacks_badge (gpointer data)
{
  return !card_has_badge (data);
}

static gboolean
source_is_live (gpointer data)
{
  Wait *w = data;
  const char *status = arb_sources_dialog_get_source_status (w->dialog, w->uri);

  return status != NULL && g_str_has_prefix (status, "Live");
}

static const char first_pgn[] = "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
                                "1. e4 {[%clk 1:29:50]} *\n";

static const char grown_pgn[] =
  "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
  "1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:29:00]} *\n\n"
  "[Round \"1.2\"]\n[White \"White 2\"]\n[Black \"Black 2\"]\n\n1. d4 d5 2. c4 Ke6 *\n\n"
  "[Round \"1.3\"]\n[White \"White 3\"]\n[Black \"Black 3\"]\n\n1. e4 Ke7 *\n";

/* The subtitle of the dialog's row whose subtitle starts with @prefix. */
static const char *
find_row_subtitle (GtkWidget *widget, const char *prefix)
{
  if (ADW_IS_ACTION_ROW (widget))
    {
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));

      if (subtitle != NULL && g_str_has_prefix (subtitle, prefix))
        return subtitle;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = find_row_subtitle (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char corrected_pgn[] =
  "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n1. e4 e5 2. Nc3 *\n\n"
  "[Round \"1.2\"]\n[White \"White 2\"]\n[Black \"Black 2\"]\n\n1. d4 d5 2. c4 *\n\n"
  "[Round \"1.3\"]\n[White \"White 3\"]\n[Black \"Black 3\"]\n\n1. e4 *\n";

static gboolean
dialog_has_alerts (gpointer data)
{
  Wait *w = data;

  return arb_sources_dialog_get_n_alerts (w->dialog) == 1;
}

/* A corrected file: White's second move on board 1 is now Nc3. The
 * dialog numbers both lines as a scoresheet does ("2.Nf3", not a ply);
 * nothing changes until the arbiter says so. */
static void
check_corrected_file (ArbWindow *window,
                      const char *path,
                      const char *pgn,
                      ArbSourcesDialog *dialog)
{
  Wait w = { .window = window, .dialog = dialog };
  g_autofree char *subtitle = NULL;
  g_autofree char *moves1 = NULL;

  write_pgn (pgn, corrected_pgn);
  arb_ui_wait_for (dialog_has_alerts, &w, "the changed moves of board 1 in the dialog");
  subtitle = g_strdup (find_row_subtitle (GTK_WIDGET (dialog), "Stored: "));
  g_assert_nonnull (subtitle);
  g_assert_true (g_str_has_prefix (subtitle, "Stored: 2.Nf3 · source: 2.Nc3 · "));
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "sources-changed-moves");
  moves1 = stored_moves (path, 1);
  g_assert_cmpstr (moves1, ==, "e4 e5 Nf3");
}

static void
check_file_feeds_cards (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autofree char *pgn = arb_test_temp_path ("live.pgn");
  g_autofree char *moves1 = NULL;
  g_autofree char *moves2 = NULL;
  ArbSourcesDialog *dialog;
  AdwEntryRow *row;
  Wait w = { .window = window };

  write_pgn (pgn, first_pgn);
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (arb_window_get_round_sources (window));

  /* The dialog, as the menu (or Ctrl+Shift+M) opens it. */
  g_assert_null (arb_window_get_sources_dialog (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = ARB_SOURCES_DIALOG (arb_window_get_sources_dialog (window));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 0);

  /* Typed and applied: followed at once, and kept. */
  row = arb_sources_dialog_get_add_row (dialog);
  gtk_editable_set_text (GTK_EDITABLE (row), pgn);
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  w.dialog = dialog;
  w.uri = pgn;
  arb_ui_wait_for (source_is_live, &w, "the source to be live");

  /* The first move is on card 1, without a click. */
  w.board = 1;
  w.plies = 1;
  arb_ui_wait_for (card_shows_plies, &w, "1. e4 on card 1");

  /* The file grows: two more moves on card 1, three on card 2, and the
   * illegal fourth is an alert on card 2. */
  write_pgn (pgn, grown_pgn);
  w.plies = 3;
  arb_ui_wait_for (card_shows_plies, &w, "2. Nf3 on card 1");
  w.board = 2;
  arb_ui_wait_for (card_shows_plies, &w, "2. c4 on card 2");
  w.badge = "PGN: illegal move reported (Ke8–e6)";
  arb_ui_wait_for (card_has_badge, &w, "the illegal move's alert on card 2");
  w.board = 3;
  w.badge = "PGN: illegal move reported (Ke8–e7)";
  arb_ui_wait_for (card_has_badge, &w, "the illegal move's alert on card 3");
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 2);
  g_assert_cmpuint (arb_board_card_get_shown_plies (arb_ui_find_card (window, 3)), ==, 1);
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "sources-dialog");

  moves1 = stored_moves (path, 1);
  moves2 = stored_moves (path, 2);
  g_assert_cmpstr (moves1, ==, "e4 e5 Nf3");
  g_assert_cmpstr (moves2, ==, "d4 d5 c4");

  /* Board 2: Rule… opens the Illegal move flow filled in from the
   * report; the ruling confirmed settles the alert. */
  {
    ArbGame *game = arb_board_card_get_game (arb_ui_find_card (window, 2));
    GPtrArray *alerts = arb_round_sources_list_alerts (arb_window_get_round_sources (window), game);
    gint64 alert_id;
    ArbRulingDialog *ruling;
    g_autoptr (ArbSourceAlertInfo) settled = NULL;

    g_assert_nonnull (alerts);
    g_assert_cmpuint (alerts->len, ==, 1);
    alert_id = ((ArbSourceAlertInfo *) g_ptr_array_index (alerts, 0))->id;
    ruling = arb_sources_dialog_rule_alert (dialog, alert_id);
    g_assert_nonnull (ruling);
    g_assert_true (arb_ruling_dialog_get_game (ruling) == game);
    g_assert_cmpint (arb_ruling_dialog_get_flow (ruling), ==, ARB_RULING_FLOW_ILLEGAL_MOVE);
    /* Filled in from the report: the move as made (2... Ke8-e6, ply 4)
     * and the position before it (after 2. c4, ply 3). */
    g_assert_nonnull (arb_ruling_dialog_get_ruling (ruling));
    g_assert_cmpstr (
      arb_ruling_get_fact_text (arb_ruling_dialog_get_ruling (ruling), "move_as_made"), ==, "e8e6");
    g_assert_cmpint (
      arb_ruling_get_fact_int (arb_ruling_dialog_get_ruling (ruling), "ply_before", -1), ==, 3);
    g_assert_true (arb_ruling_dialog_can_confirm (ruling));
    g_assert_cmpint (arb_ruling_dialog_confirm (ruling, &error), >, 0);
    g_assert_no_error (error);
    gtk_window_destroy (GTK_WINDOW (ruling));
    w.board = 2;
    w.badge = "PGN: illegal move reported (Ke8–e6)";
    arb_ui_wait_for (card_lacks_badge, &w, "the alert to leave card 2");
    settled = arb_tournament_get_source_alert (arb_game_get_tournament (game), alert_id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (settled->state, ==, ARB_SOURCE_ALERT_RULED);
    g_assert_cmpint (settled->ruling_id, >, 0);
  }
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 1);

  /* Board 3: dismissed as a misread; gone from the dialog and the card,
   * nothing stored changes. */
  {
    GPtrArray *alerts =
      arb_round_sources_list_alerts (arb_window_get_round_sources (window),
                                     arb_board_card_get_game (arb_ui_find_card (window, 3)));

    g_assert_nonnull (alerts);
    g_assert_cmpuint (alerts->len, ==, 1);
    g_assert_true (arb_round_sources_dismiss_alert (
      arb_window_get_round_sources (window),
      ((ArbSourceAlertInfo *) g_ptr_array_index (alerts, 0))->id, &error));
    g_assert_no_error (error);
  }
  w.board = 3;
  w.badge = "PGN: illegal move reported (Ke8–e7)";
  arb_ui_wait_for (card_lacks_badge, &w, "the alert to leave card 3");
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 0);
  {
    g_autofree char *moves3 = stored_moves (path, 3);

    g_assert_cmpstr (moves3, ==, "e4");
  }

  /* The round keeps its source. */
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    g_autoptr (GPtrArray) kept = arb_tournament_list_move_sources (t, 1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kept->len, ==, 1);
    g_assert_cmpstr (((ArbMoveSourceInfo *) g_ptr_array_index (kept, 0))->uri, ==, pgn);
  }

  check_corrected_file (window, path, pgn, dialog);
}

static void
test_file_feeds_cards (void)
{
  arb_ui_run_app (check_file_feeds_cards, NULL);
}

/* After 1. d4 d5 2. c4, the black king read on e6: 2... Ke8-e6. */
#define KING_JUMP "rnbq1bnr/ppp1pppp/4k3/3p4/2PP4/8/PP2PPPP/RNBQKBNR"

static GtkMenuButton *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return GTK_MENU_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static ArbRulingDialog *
find_ruling_dialog (void)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (ARB_IS_RULING_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Runs item @index of @menu as the menu would, from @widget. */
static void
activate_item (GtkWidget *widget, GMenuModel *menu, int index, const char *expect_action)
{
  g_autofree char *action = NULL;
  g_autoptr (GVariant) target = NULL;

  g_assert_cmpint (g_menu_model_get_n_items (menu), >, index);
  g_assert_true (
    g_menu_model_get_item_attribute (menu, index, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (action, ==, expect_action);
  target = g_menu_model_get_item_attribute_value (menu, index, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_INT64);
  g_assert_nonnull (target);
  g_assert_true (gtk_widget_activate_action_variant (widget, action, target));
}

/* The state of the one alert of a board, as a new connection reads it. */
static ArbSourceAlertState
stored_alert_state (const char *path, int board, gint64 *ruling_id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) alerts = arb_tournament_list_source_alerts (
    t, arb_tournament_find_game (t, 1, board, NULL), FALSE, &error);
  const ArbSourceAlertInfo *alert;

  g_assert_no_error (error);
  g_assert_cmpuint (alerts->len, ==, 1);
  alert = g_ptr_array_index (alerts, 0);
  *ruling_id = alert->ruling_id;
  return alert->state;
}

static void
check_eboard_alert_on_card (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTestLivechess) lc = arb_test_livechess_new ();
  g_autofree char *path = new_round ();
  gint64 ruling_id = 0;
  ArbRoundSources *sources;
  ArbBoardCard *card;
  GtkMenuButton *button;
  ArbRulingDialog *ruling;
  GMenuModel *context;
  Wait w = { .window = window };

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  sources = arb_window_get_round_sources (window);
  g_assert_nonnull (sources);
  /* The e-boards' table, as the arbiter fills it in. */
  g_assert_true (arb_round_sources_set_eboard (sources, "20452", 2, &error));
  g_assert_true (arb_round_sources_set_eboard (sources, "20453", 3, &error));
  arb_round_sources_set_settle (sources, 200);
  arb_test_livechess_add_board (lc, "20452", "ACTIVE");
  arb_test_livechess_add_board (lc, "20453", "ACTIVE");
  arb_test_livechess_event (lc, "20452", "", NULL, -1, -1);
  arb_test_livechess_event (lc, "20453", "", NULL, -1, -1);
  g_assert_nonnull (
    arb_round_sources_add (sources, arb_test_livechess_get_uri (lc), 0, TRUE, &error));
  g_assert_no_error (error);
  arb_test_livechess_wait_subscribed (lc, "20452", 1);
  arb_test_livechess_wait_subscribed (lc, "20453", 1);

  /* The arbiter is at board 1 when the e-boards report. */
  gtk_widget_grab_focus (GTK_WIDGET (arb_ui_find_card (window, 1)));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (arb_ui_find_card (window, 1))));
  arb_test_livechess_event (lc, "20452", "d4 d5 c4", NULL, 5300000, 5350000);
  arb_test_livechess_event (lc, "20453", "d4 d5 c4", NULL, 5300000, 5350000);
  w.plies = 3;
  w.board = 2;
  arb_ui_wait_for (card_shows_plies, &w, "2. c4 on card 2");
  w.board = 3;
  arb_ui_wait_for (card_shows_plies, &w, "2. c4 on card 3");
  arb_test_livechess_event (lc, "20452", "d4 d5 c4 Ke6", KING_JUMP, 5300000, 5340000);
  arb_test_livechess_event (lc, "20453", "d4 d5 c4 Ke6", KING_JUMP, 5300000, 5340000);
  w.badge = "e-board: illegal move reported (Ke8–e6)";
  w.board = 2;
  arb_ui_wait_for (card_has_badge, &w, "the e-board's alert on card 2");
  w.board = 3;
  arb_ui_wait_for (card_has_badge, &w, "the e-board's alert on card 3");
  /* Told, never stored; and the keyboard stays where the arbiter was. */
  g_assert_cmpuint (arb_board_card_get_shown_plies (arb_ui_find_card (window, 2)), ==, 3);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (arb_ui_find_card (window, 1))));
  g_assert_null (find_ruling_dialog ());
  arb_ui_save_screenshot (GTK_WIDGET (window), "sources-eboard-alert");

  /* Board 2, by the mouse: the badge is a button; its Rule… opens the
   * Illegal move flow filled in from the report. */
  card = arb_ui_find_card (window, 2);
  button = find_menu_button (GTK_WIDGET (card));
  g_assert_nonnull (button);
  activate_item (GTK_WIDGET (button), gtk_menu_button_get_menu_model (button), 0,
                 "win.source-alert-rule");
  ruling = find_ruling_dialog ();
  g_assert_nonnull (ruling);
  g_assert_true (arb_ruling_dialog_get_game (ruling) == arb_board_card_get_game (card));
  g_assert_cmpint (arb_ruling_dialog_get_flow (ruling), ==, ARB_RULING_FLOW_ILLEGAL_MOVE);
  g_assert_cmpstr (arb_ruling_get_fact_text (arb_ruling_dialog_get_ruling (ruling), "move_as_made"),
                   ==, "e8e6");
  g_assert_cmpint (
    arb_ruling_get_fact_int (arb_ruling_dialog_get_ruling (ruling), "ply_before", -1), ==, 3);
  g_assert_true (arb_ruling_dialog_can_confirm (ruling));
  g_assert_cmpint (arb_ruling_dialog_confirm (ruling, &error), >, 0);
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (ruling));
  w.board = 2;
  arb_ui_wait_for (card_lacks_badge, &w, "the alert to leave card 2");
  g_assert_cmpint (stored_alert_state (path, 2, &ruling_id), ==, ARB_SOURCE_ALERT_RULED);
  g_assert_cmpint (ruling_id, >, 0);

  /* Board 3, by the keyboard: the card's context menu names the alert
   * and offers its answers first; Dismiss as Misread changes no move. */
  card = arb_ui_find_card (window, 3);
  context = arb_ruling_actions_get_context_extra (GTK_WIDGET (card));
  g_assert_nonnull (context);
  g_assert_cmpint (g_menu_model_get_n_items (context), ==, 1);
  {
    g_autofree char *label = NULL;
    GMenuModel *answers = g_menu_model_get_item_link (context, 0, G_MENU_LINK_SECTION);

    g_assert_true (
      g_menu_model_get_item_attribute (context, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, "e-board: illegal move reported (Ke8–e6)");
    activate_item (GTK_WIDGET (card), answers, 1, "win.source-alert-dismiss");
    g_object_unref (answers);
  }
  w.board = 3;
  arb_ui_wait_for (card_lacks_badge, &w, "the alert to leave card 3");
  g_assert_null (arb_ruling_actions_get_context_extra (GTK_WIDGET (card)));
  g_assert_cmpint (stored_alert_state (path, 3, &ruling_id), ==, ARB_SOURCE_ALERT_DISMISSED);
  g_assert_cmpint (ruling_id, ==, 0);
  {
    g_autofree char *moves3 = stored_moves (path, 3);

    g_assert_cmpstr (moves3, ==, "d4 d5 c4");
  }
  /* The stand-in goes before the window: the round's sources stop first. */
  arb_round_sources_stop (sources);
}

static void
test_eboard_alert_on_card (void)
{
  arb_ui_run_app (check_eboard_alert_on_card, NULL);
}

/* The pairing program's file after round 4 was paired: the file after
 * round 5 (tests/data/open-5-paired.trf) without its last round. */
static char *
paired_until_round_4 (const char *paired)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  char *path = arb_test_temp_path ("open-4-paired.trf");

  g_assert_true (g_file_get_contents (paired, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* A player's rounds are 10-column fields from column 92 on
       * (columns are characters, names are UTF-8). */
      if (g_str_has_prefix (lines[i], "001") || g_str_has_prefix (lines[i], "132"))
        {
          g_assert_cmpint (g_utf8_strlen (lines[i], -1), >, 129);
          *g_utf8_offset_to_pointer (lines[i], 129) = '\0';
          g_strchomp (lines[i]);
        }
      g_string_append_printf (out, "%s%s", lines[i], lines[i + 1] != NULL ? "\n" : "");
    }
  g_assert_true (g_file_set_contents (path, out->str, -1, &error));
  return path;
}

static gboolean
window_not_busy (gpointer data)
{
  return !arb_window_is_busy (data);
}

/* Round 5 is paired while the arbiter has the dialog open, in the middle
 * of typing an address: the dialog stays, now with round 5's sources,
 * and keeps what was typed. */
static void
check_dialog_follows_round (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autofree char *paired =
    g_test_build_filename (G_TEST_DIST, "..", "data", "open-5-paired.trf", NULL);
  g_autofree char *paired_4 = paired_until_round_4 (paired);
  GtkWindow *dialog;
  AdwEntryRow *row;

  g_clear_object (&t);
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  arb_window_import_file (window, paired_4);
  arb_ui_wait_for (window_not_busy, window, "the import of round 4");
  g_assert_cmpint (arb_window_get_last_round (window), ==, 4);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = arb_window_get_sources_dialog (window);
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_cmpstr (arb_sources_dialog_get_heading (ARB_SOURCES_DIALOG (dialog)), ==,
                   "Sources of Round 4");
  row = arb_sources_dialog_get_add_row (ARB_SOURCES_DIALOG (dialog));
  gtk_editable_set_text (GTK_EDITABLE (row), "livechess://192.168.1.");

  arb_window_import_file (window, paired);
  arb_ui_wait_for (window_not_busy, window, "the import of round 5");
  g_assert_cmpint (arb_window_get_last_round (window), ==, 5);
  g_assert_nonnull (arb_window_get_round_sources (window));
  g_assert_cmpint (arb_round_sources_get_round (arb_window_get_round_sources (window)), ==, 5);
  g_assert_nonnull (dialog);
  g_assert_true (arb_window_get_sources_dialog (window) == dialog);
  g_assert_cmpstr (arb_sources_dialog_get_heading (ARB_SOURCES_DIALOG (dialog)), ==,
                   "Sources of Round 5");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "livechess://192.168.1.");
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
}

static void
test_dialog_follows_round (void)
{
  arb_ui_run_app (check_dialog_follows_round, NULL);
}

/* An address is asked every few seconds; the arbiter sets how often, on
 * its row, and the round keeps it. */
static GtkSpinButton *
find_spin (GtkWidget *widget, const char *uri)
{
  if (GTK_IS_SPIN_BUTTON (widget) &&
      g_strcmp0 (g_object_get_data (G_OBJECT (widget), "arb-uri"), uri) == 0)
    return GTK_SPIN_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkSpinButton *found = find_spin (child, uri);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
check_address_interval (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  const char *uri = "http://127.0.0.1:9/round.pgn";
  g_autoptr (GPtrArray) sources = NULL;
  ArbSourcesDialog *dialog;
  AdwEntryRow *row;
  GtkSpinButton *spin;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = ARB_SOURCES_DIALOG (arb_window_get_sources_dialog (window));
  row = arb_sources_dialog_get_add_row (dialog);
  gtk_editable_set_text (GTK_EDITABLE (row), uri);
  g_signal_emit_by_name (row, "apply");
  spin = find_spin (GTK_WIDGET (dialog), uri);
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 2);
  gtk_spin_button_set_value (spin, 30);
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "sources-address-interval");

  sources = arb_round_sources_list (arb_window_get_round_sources (window));
  g_assert_cmpuint (sources->len, ==, 1);
  g_assert_cmpuint (arb_source_get_interval (g_ptr_array_index (sources, 0)), ==, 30000);
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    g_autoptr (GPtrArray) kept = arb_tournament_list_move_sources (t, 1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kept->len, ==, 1);
    g_assert_cmpuint (((ArbMoveSourceInfo *) g_ptr_array_index (kept, 0))->interval_ms, ==, 30000);
  }
}

static void
test_address_interval (void)
{
  arb_ui_run_app (check_address_interval, NULL);
}

/* A game the PGN names by nobody of the round: listed under Games to
 * Assign; put on board 3, its moves come to card 3. */
static GtkButton *
find_assign_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "arb-key") != NULL)
    return GTK_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found = find_assign_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
dialog_lists_unassigned (gpointer data)
{
  Wait *w = data;

  return arb_sources_dialog_get_n_unassigned (w->dialog) == w->plies;
}

static void
check_assign_game (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autofree char *pgn = arb_test_temp_path ("unmatched.pgn");
  ArbSourcesDialog *dialog;
  GtkButton *assign;
  GtkSpinButton *board;
  Wait w = { .window = window };

  write_pgn (pgn, "[White \"Somebody, Else\"]\n[Black \"Nobody, Known\"]\n\n1. c4 e5 2. Nc3 *\n");
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = ARB_SOURCES_DIALOG (arb_window_get_sources_dialog (window));
  gtk_editable_set_text (GTK_EDITABLE (arb_sources_dialog_get_add_row (dialog)), pgn);
  g_signal_emit_by_name (arb_sources_dialog_get_add_row (dialog), "apply");
  w.dialog = dialog;
  w.plies = 1;
  arb_ui_wait_for (dialog_lists_unassigned, &w, "the game to be listed for assigning");
  arb_ui_save_screenshot (GTK_WIDGET (dialog), "sources-assign");

  assign = find_assign_button (GTK_WIDGET (dialog));
  g_assert_nonnull (assign);
  board = g_object_get_data (G_OBJECT (assign), "arb-board");
  gtk_spin_button_set_value (board, 3);
  g_signal_emit_by_name (assign, "clicked");
  w.board = 3;
  w.plies = 3;
  arb_ui_wait_for (card_shows_plies, &w, "the assigned game's moves on card 3");
  w.plies = 0;
  arb_ui_wait_for (dialog_lists_unassigned, &w, "the game to leave the list");
  {
    g_autofree char *moves3 = stored_moves (path, 3);

    g_assert_cmpstr (moves3, ==, "c4 e5 Nc3");
  }
}

static void
test_assign_game (void)
{
  arb_ui_run_app (check_assign_game, NULL);
}

/* A name that is not a source: said in the dialog, nothing added. */
static void
check_bad_address (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autoptr (GPtrArray) sources = NULL;
  ArbSourcesDialog *dialog;
  AdwEntryRow *row;

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = ARB_SOURCES_DIALOG (arb_window_get_sources_dialog (window));
  row = arb_sources_dialog_get_add_row (dialog);
  gtk_editable_set_text (GTK_EDITABLE (row), "gopher://example.org/x");
  g_signal_emit_by_name (row, "apply");
  /* The text stays, to be corrected. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "gopher://example.org/x");
  sources = arb_round_sources_list (arb_window_get_round_sources (window));
  g_assert_cmpuint (sources->len, ==, 0);
  g_assert_null (arb_sources_dialog_get_source_status (dialog, "gopher://example.org/x"));
}

static void
test_bad_address (void)
{
  arb_ui_run_app (check_bad_address, NULL);
}

/* An alert another writer raises in the file (arbiter-cli follow, a
 * second desk) reaches the window's card within the follower's interval,
 * and leaves it when that writer settles it. Before, the window said "No
 * open alerts" until the file was opened again. */
static void
check_alert_from_another_writer (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autoptr (ArbTournament) other = NULL;
  ArbSourceAlertRecord record = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE,
    .source = "file:///elsewhere/round.pgn",
    .ply = 1,
    .reported = "Ke6",
  };
  gboolean is_new = FALSE;
  gint64 alert_id;
  Wait w = { .window = window, .board = 2 };

  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (arb_window_get_round_sources (window));

  other = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  alert_id = arb_tournament_add_source_alert (other, arb_tournament_find_game (other, 1, 2, NULL),
                                              &record, &is_new, &error);
  g_assert_no_error (error);
  g_assert_true (is_new);
  w.badge = "PGN: illegal move reported (Ke6)";
  arb_ui_wait_for (card_has_badge, &w, "the other writer's alert on card 2");

  g_assert_true (
    arb_tournament_settle_source_alert (other, alert_id, ARB_SOURCE_ALERT_DISMISSED, 0, &error));
  g_assert_no_error (error);
  arb_ui_wait_for (card_lacks_badge, &w, "the settled alert to leave card 2");
}

static void
test_alert_from_another_writer (void)
{
  arb_ui_run_app (check_alert_from_another_writer, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/sources/file-feeds-cards", test_file_feeds_cards);
  g_test_add_func ("/ui/sources/eboard-alert-on-card", test_eboard_alert_on_card);
  g_test_add_func ("/ui/sources/dialog-follows-round", test_dialog_follows_round);
  g_test_add_func ("/ui/sources/address-interval", test_address_interval);
  g_test_add_func ("/ui/sources/assign-game", test_assign_game);
  g_test_add_func ("/ui/sources/bad-address", test_bad_address);
  g_test_add_func ("/ui/sources/alert-from-another-writer", test_alert_from_another_writer);

  return g_test_run ();
}
