/* test-source-alerts.c: a source's alerts in the window, as the arbiter meets them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A live PGN added in the Sources of Moves dialog to a round whose games
 * already hold moves: a game whose moves the source has otherwise is an
 * alert on its card at the source's first report, without opening the
 * file again. When the source then reports the stored moves again, the
 * alert leaves the card, cleared by the source and kept in the file.
 *
 * A desk that reads the file while another writes it shows the alerts the
 * writer raises on its cards, and takes them away when the writer settles
 * them; answering one there settles nothing and says why.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-desk-lock.h"
#include "arb-san.h"
#include "arb-sources-dialog.h"
#include "arb-test-utils.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* One round of two boards, "White N" – "Black N"; board 1 holds
 * 1. e4 e5 2. Nf3, played at the board. */
static char *
new_round (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  const char *const line[] = { "e4", "e5", "Nf3" };
  g_autoptr (ArbGame) game = NULL;
  ArbTimeControl tc;
  gint64 ids[3];

  arb_test_add_numbered_round (t, "5400+30", 2, ids);
  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, NULL));
  game = arb_game_load (t, ids[1], &tc, ARB_EDITION_2023, NULL);
  g_assert_nonnull (game);
  for (guint i = 0; i < G_N_ELEMENTS (line); i++)
    {
      ArbMove move;

      g_assert_cmpint (
        arb_san_resolve (arb_game_get_position (game, i), line[i], strlen (line[i]), &move), ==,
        ARB_SAN_OK);
      g_assert_true (arb_game_play_move (game, move, NULL));
    }
  return g_steal_pointer (&path);
}

typedef struct
{
  ArbWindow *window;
  int board;
  const char *badge;
} Wait;

static gboolean
card_has_badge (gpointer data)
{
  Wait *w = data;
  ArbBoardCard *card = arb_ui_find_card (w->window, w->board);
  g_autoptr (GPtrArray) badges = card != NULL ? arb_board_card_list_badges (card) : NULL;

  for (guint i = 0; badges != NULL && i < badges->len; i++)
    if (g_str_equal (g_ptr_array_index (badges, i), w->badge))
      return TRUE;
  return FALSE;
}

static gboolean
card_lacks_badge (gpointer data)
{
  return !card_has_badge (data);
}

#define BOARD1(moves) "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n" moves " *\n"

/* The states of the file's alerts, as a second connection reads them. */
static char *
alert_states (const char *path)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) alerts = arb_tournament_list_source_alerts (t, 0, FALSE, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *a = g_ptr_array_index (alerts, i);

      g_string_append_printf (text, "%s%s %s", i > 0 ? "; " : "",
                              arb_source_alert_kind_to_string (a->kind),
                              arb_source_alert_state_to_string (a->state));
    }
  return g_string_free (text, FALSE);
}

static void
check_added_to_played_round (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autofree char *pgn = arb_test_temp_path ("played.pgn");
  g_autofree char *states = NULL;
  ArbSourcesDialog *dialog;
  AdwEntryRow *row;
  Wait w = { .window = window, .board = 1, .badge = "PGN: moves differ from the stored ones" };

  g_assert_true (g_file_set_contents (pgn, BOARD1 ("1. e4 c5 2. Nf3"), -1, NULL));
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sources", NULL);
  dialog = ARB_SOURCES_DIALOG (arb_window_get_sources_dialog (window));
  g_assert_nonnull (dialog);
  row = arb_sources_dialog_get_add_row (dialog);
  gtk_editable_set_text (GTK_EDITABLE (row), pgn);
  g_signal_emit_by_name (row, "apply");

  arb_ui_wait_for (card_has_badge, &w, "the changed moves' alert on card 1");
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 1);
  arb_ui_save_screenshot (GTK_WIDGET (window), "source-alerts-played-round");

  /* The relay corrects itself: the alert goes, cleared by the source. */
  g_assert_true (g_file_set_contents (pgn, BOARD1 ("1. e4 e5 2. Nf3"), -1, NULL));
  arb_ui_wait_for (card_lacks_badge, &w, "the cleared alert to leave card 1");
  g_assert_cmpuint (arb_sources_dialog_get_n_alerts (dialog), ==, 0);
  states = alert_states (path);
  g_assert_cmpstr (states, ==, "changed-moves cleared");
}

static void
test_added_to_played_round (void)
{
  arb_ui_run_app (check_added_to_played_round, NULL);
}

static void
check_reading_desk (ArbWindow *window, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = new_round ();
  g_autoptr (ArbDeskLock) lock = arb_desk_lock_acquire (path, "Arbiter test", NULL, &error);
  g_autoptr (ArbTournament) writer = NULL;
  g_autoptr (ArbSourceAlertInfo) after = NULL;
  ArbSourceAlertRecord record = {
    .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE,
    .source = "games.pgn",
    .ply = 1,
    .reported = "Ke6",
  };
  Wait w = { .window = window, .board = 2, .badge = "PGN: illegal move reported (Ke6)" };
  gint64 alert_id;

  g_assert_no_error (error);
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_window_is_read_only (window));

  /* The desk that writes (here, a connection of its own) raises it. */
  writer = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  alert_id = arb_tournament_add_source_alert (writer, arb_tournament_find_game (writer, 1, 2, NULL),
                                              &record, NULL, &error);
  g_assert_no_error (error);
  arb_ui_wait_for (card_has_badge, &w, "the writer's alert on the reading desk's card 2");
  arb_ui_save_screenshot (GTK_WIDGET (window), "source-alerts-reading-desk");

  /* Answered here: nothing is settled, the banner says who writes. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.source-alert-dismiss", "x", alert_id);
  after = arb_tournament_get_source_alert (writer, alert_id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (after->state, ==, ARB_SOURCE_ALERT_OPEN);
  g_assert_nonnull (strstr (arb_window_get_desk_banner (window), "This desk reads only"));
  g_assert_true (card_has_badge (&w));

  /* Settled at the desk that writes: the badge goes. */
  g_assert_true (
    arb_tournament_settle_source_alert (writer, alert_id, ARB_SOURCE_ALERT_DISMISSED, 0, &error));
  g_assert_no_error (error);
  arb_ui_wait_for (card_lacks_badge, &w, "the settled alert to leave the reading desk's card 2");
}

static void
test_reading_desk (void)
{
  arb_ui_run_app (check_reading_desk, NULL);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/source-alerts/added-to-played-round", test_added_to_played_round);
  g_test_add_func ("/ui/source-alerts/reading-desk", test_reading_desk);
  return g_test_run ();
}
