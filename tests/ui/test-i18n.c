/* test-i18n.c: the window and a ruling in the arbiter's language (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run once per language: `test-i18n --language=sv`, `nl`, `nb` and `da`
 * (tests/ui/meson.build). The program is started as a user would start it
 * with LANGUAGE set, on the demo round, and the test reads what it shows:
 * the round's subtitle, a badge, the game view's status line and piece
 * letters, and the illegal-move ruling with its decision and the
 * paraphrase of the Laws. The expected words are written here by hand
 * from the terms in docs/translating.md, not taken from the catalogs.
 *
 * With ARB_SCREENSHOT_DIR set, the ruling is also rendered to
 * illegal-move-LANG.png there.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-application.h"
#include "arb-board-card.h"
#include "arb-demo.h"
#include "arb-game-view.h"
#include "arb-i18n.h"
#include "arb-ruling-dialog.h"
#include "arb-ruling-print.h"
#include "arb-san.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

typedef struct
{
  const char *language;
  const char *round_subtitle; /* the round's subtitle starts with it */
  const char *badge_twice;    /* board 2: a position seen twice */
  const char *to_move;        /* board 1's status line contains it */
  char knight;                /* the knight's letter in move lists */
  const char *dialog_title;
  const char *decision;    /* the decision of a first illegal move */
  const char *paraphrase;  /* the start of the 2023 paraphrase of 7.5.1 */
  const char *envelope;    /* the title of the envelope sheet */
  const char *report_date; /* 2026-11-25 14:05 as the language writes it */
  const char *resume_all;  /* the button that resumes every clock: resume, not restart */
  const char *busy;        /* a result not stored: another program writes the file */
  const char *not_stored;  /* a move refused: another screen stored one first */
} Expected;

static const Expected expected_languages[] = {
  { "sv", "Rond 1 · 16 bord", "Ställningen sedd två gånger", "vid draget", 'S',
    "Regelstridigt drag", "Tidsstraff för Svart: Vit får 2 minuter, spelet fortsätter",
    "Ett fullbordat regelstridigt drag som upptäcks under partiet tas tillbaka",
    "Kuvert för förseglingsdrag", "2026-11-25 14:05", "Återuppta alla",
    "Turneringsfilen är upptagen", "Draget sparades inte" },
  { "nl", "Ronde 1 · 16 borden", "Stelling twee keer gezien", "aan zet", 'P', "Onreglementaire zet",
    "Tijdstraf voor Zwart: Wit krijgt 2 minuten, doorspelen",
    "Een voltooide onreglementaire zet die tijdens de partij wordt ontdekt",
    "Envelop voor de afgegeven zet", "25-11-2026 14:05", "Alle hervatten",
    "Het toernooibestand is bezet", "De zet is niet opgeslagen" },
  { "nb", "Runde 1 · 16 brett", "Stillingen sett to ganger", "i trekket", 'S', "Ulovlig trekk",
    "Tidsstraff for Svart: Hvit får 2 minutter, spillet fortsetter",
    "Et fullført ulovlig trekk som oppdages under partiet", "Konvolutt for hemmelig trekk",
    "25.11.2026 kl. 14.05", "Start alle igjen", "Turneringsfilen er opptatt",
    "Trekket ble ikke lagret" },
  { "da", "Runde 1 · 16 brætter", "Stillingen set to gange", "i trækket", 'S', "Ulovligt træk",
    "Tidsstraf for Sort: Hvid får 2 minutter, spillet fortsætter",
    "Et fuldført ulovligt træk, der opdages under partiet", "Kuvert til hemmeligt træk",
    "25-11-2026 kl. 14.05", "Start alle igen", "Turneringsfilen er optaget",
    "Trækket blev ikke gemt" },
};

static const Expected *expected;

/* Every label's text under @widget, in the order of the widget tree. */
static void
collect_labels (GtkWidget *widget, GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static gboolean
shows (GtkWidget *widget, const char *text, gboolean prefix)
{
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  collect_labels (widget, texts);
  for (guint i = 0; i < texts->len; i++)
    {
      const char *t = g_ptr_array_index (texts, i);

      if (prefix ? g_str_has_prefix (t, text) : strstr (t, text) != NULL)
        return TRUE;
    }
  for (guint i = 0; i < texts->len; i++)
    g_test_message ("label: %s", (const char *) g_ptr_array_index (texts, i));
  return FALSE;
}

/* The move list's buttons: does one start with a piece letter @letter
 * followed by a square or a file? */
static gboolean
has_piece_move (GtkWidget *widget, char letter)
{
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *pattern = g_strdup_printf ("^%c[a-h1-8]?x?[a-h][1-8]", letter);
  g_autoptr (GRegex) move = g_regex_new (pattern, 0, 0, NULL);

  /* A move as SAN writes it ("Nf3", "Nbd2", "Nxe5"), not a word that
   * begins with the letter ("Naar _bord…"). */
  collect_labels (widget, texts);
  for (guint i = 0; i < texts->len; i++)
    if (g_regex_match (move, g_ptr_array_index (texts, i), 0, NULL))
      return TRUE;
  return FALSE;
}

/* Renders the dialog into ARB_SCREENSHOT_DIR/NAME.png when asked to, at
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

static void
check_window (ArbWindow *window, gpointer data)
{
  ArbBoardCard *card;
  ArbGameView *view;

  g_assert_cmpstr (arb_i18n_get_language (), ==, expected->language);

  /* The round: its subtitle, the stopped clocks' banner and a badge. */
  g_assert_true (shows (GTK_WIDGET (window), expected->round_subtitle, TRUE));
  g_assert_true (shows (GTK_WIDGET (window), expected->resume_all, FALSE));
  card = arb_ui_find_card (window, 2);
  g_assert_nonnull (card);
  g_assert_true (shows (GTK_WIDGET (card), expected->badge_twice, FALSE));
  g_assert_false (shows (GTK_WIDGET (card), "Position seen twice", FALSE));

  /* The game view: its status line, and the piece letters of the language
   * in the move list (the notation follows the language by default). */
  card = arb_ui_find_card (window, 1);
  g_assert_nonnull (card);
  g_signal_emit_by_name (card, "activate");
  g_assert_cmpstr (arb_window_get_page (window), ==, "game");
  view = arb_window_get_game_view (window);
  g_assert_true (shows (GTK_WIDGET (view), expected->to_move, FALSE));
  g_assert_true (has_piece_move (GTK_WIDGET (view), expected->knight));
  g_assert_false (has_piece_move (GTK_WIDGET (view), 'N'));
}

static void
test_window (void)
{
  arb_ui_run_app (check_window, NULL);
}

static void
check_ruling (ArbWindow *window, gpointer data)
{
  ArbGame *game;
  ArbRulingDialog *dialog;
  g_autofree char *name = g_strdup_printf ("illegal-move-%s", expected->language);

  g_signal_emit_by_name (arb_ui_find_card (window, 1), "activate");
  game = arb_game_view_get_game (arb_window_get_game_view (window));
  g_assert_nonnull (game);

  /* Board 1 of the demo: Black's 18th move (ply 36) was illegal, found
   * later; as in the rulings test, but read in the language. Nothing is
   * confirmed, so nothing is stored. */
  dialog = g_object_ref_sink (arb_ruling_dialog_new (game, ARB_RULING_FLOW_ILLEGAL_MOVE));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "ply", "35"));
  g_assert_true (arb_ruling_dialog_set_fact (dialog, "move", "f8f6"));
  g_assert_cmpint (arb_ruling_dialog_get_ruling (dialog)->decision, ==, ARB_DECISION_TIME_PENALTY);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, expected->dialog_title);
  g_assert_true (shows (GTK_WIDGET (dialog), expected->decision, FALSE));
  g_assert_true (shows (GTK_WIDGET (dialog), expected->paraphrase, TRUE));
  g_assert_false (shows (GTK_WIDGET (dialog), "A completed illegal move", FALSE));
  /* The moves it names are in the language's letters: 18. Be3 is a bishop
   * move, L in both languages. */
  g_assert_true (shows (GTK_WIDGET (dialog), "18. Le3", FALSE));
  g_assert_false (shows (GTK_WIDGET (dialog), "18. Be3", FALSE));
  screenshot (GTK_WIDGET (dialog), name);

  arb_ui_close_window (dialog);
}

static void
test_ruling (void)
{
  arb_ui_run_app (check_ruling, NULL);
}

/* The envelope sheet follows "report-language": by default the window's
 * language, English or another language when chosen, one language only. */
static void
check_report_language (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  GSettings *settings = arb_application_get_settings (app);
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *pdf = NULL;
  ArbEnvelope env = { 0 };
  ArbGame *game;
  static const struct
  {
    const char *setting;
    const char *title;
    const char *not_title;
  } cases[] = {
    { "", NULL, "Sealed move envelope" },
    { "en", "Sealed move envelope", NULL },
    { "da", "Kuvert til hemmeligt træk", "Sealed move envelope" },
  };

  g_assert_nonnull (settings);
  arb_test_temp_setup (&temp, NULL);
  pdf = arb_test_temp_file (&temp, "envelope.pdf");
  g_signal_emit_by_name (arb_ui_find_card (window, 14), "activate");
  game = arb_game_view_get_game (arb_window_get_game_view (window));
  env.white = (char *) "Eriksen, Håkon";
  env.black = (char *) "Holm, Frida";
  env.fen = (char *) "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
  env.white_used_ms = 3600000;
  env.black_used_ms = 3000000;
  env.sealer = ARB_WHITE;
  env.move_number = 41;
  env.draw_offer_by = ARB_COLOR_NONE;
  env.resumption = (char *) "2026-11-26 10:00";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      const char *title = cases[i].title != NULL ? cases[i].title : expected->envelope;

      g_settings_set_string (settings, "report-language", cases[i].setting);
      g_assert_true (arb_ruling_print_envelope (pdf, game, &env, NULL, &text, &error));
      g_assert_no_error (error);
      g_test_message ("%s: %s", cases[i].setting, text);
      g_assert_nonnull (strstr (text, title));
      if (cases[i].not_title != NULL)
        g_assert_null (strstr (text, cases[i].not_title));
      /* The window goes on speaking its own language. */
      g_assert_cmpstr (arb_i18n_get_language (), ==, expected->language);
    }

  /* A language without a catalog: a clear error, and no file written. */
  g_remove (pdf);
  g_settings_set_string (settings, "report-language", "xx");
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (arb_ruling_print_envelope (pdf, game, &env, NULL, NULL, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "xx"));
    g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  }
  g_settings_reset (settings, "report-language");
}

static void
test_report_language (void)
{
  arb_ui_run_app (check_report_language, NULL);
}

/* Dates in the language's own numeric form (each catalog gives its
 * format). */
static void
test_dates (void)
{
  g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr (GDateTime) when = g_date_time_new (utc, 2026, 11, 25, 14, 5, 0);
  g_autofree char *text = arb_i18n_format_date_time (when);

  g_assert_cmpstr (text, ==, expected->report_date);
}

/* A board of the shown round without a result, or 0. */
static int
open_board (ArbWindow *window)
{
  GPtrArray *games = arb_window_get_games (window);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);

      if (arb_game_get_result (game) == ARB_RESULT_ONGOING && arb_game_get_n_plies (game) > 0)
        return arb_game_get_board (game);
    }
  return 0;
}

/* The file's errors in the reader's words: a move refused because another
 * screen stored one first, and a result not stored because another
 * program holds the file. Before, the window showed the core's English
 * message, in a frame of the language. */
static void
check_errors (ArbWindow *window, gpointer data)
{
  ArbTournament *t = arb_window_get_tournament (window);
  g_autofree char *path = g_strdup (arb_tournament_get_path (t));
  g_autofree char *sqlite = g_find_program_in_path ("sqlite3");
  g_autoptr (GError) error = NULL;
  int board = open_board (window);
  GtkWidget *entry;

  g_assert_cmpint (board, >, 0);

  /* The refused move. Another connection stores the next move; this
   * screen, not yet told, enters another one. */
  {
    g_autoptr (ArbTournament) other =
      arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
    gint64 id = arb_tournament_find_game (other, 1, board, NULL);
    ArbGameView *view = arb_ui_open_board (window, board);
    ArbPosition pos;
    ArbMoveList list;
    char first[ARB_SAN_MAX], second[ARB_SAN_MAX];
    int ply;

    g_assert_no_error (error);
    g_assert_nonnull (view);
    g_assert_true (arb_tournament_replay (other, id, &pos, &ply, &error));
    arb_position_legal_moves (&pos, &list);
    g_assert_cmpuint (list.n_moves, >=, 2);
    arb_san_write (&pos, list.moves[0], first);
    arb_san_write (&pos, list.moves[1], second);
    g_assert_true (
      arb_tournament_add_move (other, id, ply + 1, first, list.moves[0], -1, -1, &error));
    g_assert_no_error (error);
    arb_game_view_enter_text (view, second);
    g_assert_true (shows (GTK_WIDGET (view), expected->not_stored, FALSE));
    g_assert_false (shows (GTK_WIDGET (view), "not stored", FALSE));
    g_assert_false (shows (GTK_WIDGET (view), "stored plies", FALSE));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-round", NULL);
  }

  /* The busy file: sqlite3 holds it in a transaction of its own. */
  if (sqlite == NULL)
    {
      g_test_skip ("sqlite3 (Debian: sqlite3) is not installed");
      return;
    }
  {
    const char *argv[] = { sqlite, path, NULL };
    g_autoptr (GSubprocess) holder = g_subprocess_newv (
      argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
    GOutputStream *in;
    g_autoptr (GDataInputStream) out = NULL;
    g_autofree char *line = NULL;
    const char *feedback;
    const char *hold = "BEGIN EXCLUSIVE;\nSELECT 'held';\n";
    const char *release = "ROLLBACK;\n.quit\n";

    g_assert_no_error (error);
    in = g_subprocess_get_stdin_pipe (holder);
    out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (holder));
    g_assert_true (g_output_stream_write_all (in, hold, strlen (hold), NULL, NULL, &error));
    g_assert_true (g_output_stream_flush (in, NULL, &error));
    line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
    g_assert_cmpstr (line, ==, "held");

    board = open_board (window);
    g_assert_cmpint (board, >, 0);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.results", NULL);
    entry = arb_window_get_results_entry (window);
    {
      g_autofree char *text = g_strdup_printf ("%d =", board);

      gtk_editable_set_text (GTK_EDITABLE (entry), text);
    }
    g_signal_emit_by_name (entry, "activate");
    feedback = arb_window_get_results_feedback (window);
    g_test_message ("%s", feedback);
    g_assert_nonnull (strstr (feedback, expected->busy));
    g_assert_null (strstr (feedback, "busy"));
    g_assert_null (strstr (feedback, "locked"));

    g_assert_true (g_output_stream_write_all (in, release, strlen (release), NULL, NULL, &error));
    g_assert_true (g_output_stream_close (in, NULL, &error));
    g_assert_true (g_subprocess_wait (holder, NULL, &error));
  }
}

static void
test_errors (void)
{
  arb_ui_run_app (check_errors, NULL);
}

int
main (int argc, char **argv)
{
  const char *language = NULL;
  g_auto (ArbTestTemp) home = ARB_TEST_TEMP_INIT;

  /* --language=LANG is ours; take it out before GTest sees the rest. */
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--language="))
      {
        language = argv[i] + strlen ("--language=");
        memmove (&argv[i], &argv[i + 1], (argc - i) * sizeof (char *));
        argc--;
        break;
      }
  for (guint i = 0; language != NULL && i < G_N_ELEMENTS (expected_languages); i++)
    if (g_str_equal (language, expected_languages[i].language))
      expected = &expected_languages[i];
  if (expected == NULL)
    g_error ("test-i18n needs --language=sv, nl, nb or da");

  /* As a user starts the program: LANGUAGE set, no locale of its own. */
  g_setenv ("LANGUAGE", language, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  arb_i18n_init ();
  gtk_disable_setlocale ();

  /* A home of its own, so the demo is created as on a first run. */
  arb_ui_use_temp_home (&home);
  arb_position_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/i18n/window", test_window);
  g_test_add_func ("/ui/i18n/illegal-move-ruling", test_ruling);
  g_test_add_func ("/ui/i18n/report-language", test_report_language);
  g_test_add_func ("/ui/i18n/dates", test_dates);
  g_test_add_func ("/ui/i18n/file-errors", test_errors);

  return g_test_run ();
}
