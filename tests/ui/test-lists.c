/* test-lists.c: the pairings, result slips and standings printed as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Swiss of six players and three rounds (the one of
 * tests/core/round/test-standings.c) is built in a real tournament file;
 * each list is printed, read back with pdftotext and checked against
 * values worked out by hand; page 1 of each is rendered with pdftoppm
 * into ARB_SCREENSHOT_DIR when it is set, to be looked at.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-event-settings.h"
#include "arb-lists-print.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 id[7];
  GPtrArray *players;
  GPtrArray *games;
  ArbEventInfo *event;
} Fixture;

/* Round 1: A–D 1-0, B–E ½-½, C–F 0-1.
 * Round 2: B–A 0-1, C–D +/-, F a half-point bye, E a zero-point bye.
 * Round 3: F–A ½-½, B–C 1-0, E–D 0-1. */
static void
set_up (Fixture *f, gconstpointer data)
{
  const char *names[] = { NULL,        "Aronsson, Anna", "Berg, Bo",   "Carlsen, Cia",
                          "Dahl, Dag", "Ek, Eva",        "Falk, Frans" };
  g_autoptr (GError) error = NULL;

  f->t = arb_test_new_tournament (&f->path);
  arb_test_add_swiss_of_six (f->t, names, f->id);
  f->players = arb_tournament_list_players (f->t, &error);
  g_assert_no_error (error);
  f->games = arb_tournament_list_games (f->t, 0, &error);
  g_assert_no_error (error);
  f->event = arb_tournament_get_event (f->t, &error);
  g_assert_no_error (error);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->players, g_ptr_array_unref);
  g_clear_pointer (&f->games, g_ptr_array_unref);
  g_clear_pointer (&f->event, arb_event_info_free);
  g_clear_object (&f->t);
  g_unlink (f->path);
  g_free (f->path);
}

/* The PDF's text, every run of spaces and line ends made one space. */
static char *
pdf_text (const char *pdf)
{
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) spaces = g_regex_new ("\\s+", 0, 0, NULL);
  int status = 0;
  const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("%s", out);
  return g_regex_replace_literal (spaces, out, -1, 0, " ", 0, NULL);
}

static void
assert_has (const char *text, const char *what)
{
  if (strstr (text, what) == NULL)
    g_error ("the PDF lacks “%s”:\n%s", what, text);
}

/* Page 1 as ARB_SCREENSHOT_DIR/NAME.png, when asked to. */
static void
render_page_1 (const char *pdf, const char *name)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autofree char *root = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (dir == NULL)
    return;
  root = g_build_filename (dir, name, NULL);
  {
    const char *argv[] = { "pdftoppm", "-png", "-r",          "80", "-f", "1",
                           "-l",       "1",    "-singlefile", pdf,  root, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                  &error);
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static char *
temp_pdf (void)
{
  /* Removed with its directory when the test program exits. */
  return arb_test_temp_path ("list.pdf");
}

/* Round 2: the points before it are those of round 1 (A 1, B ½, C 0,
 * D 0, E ½, F 1); the byes come after the boards, with their kind. */
static void
test_pairings (Fixture *f, gconstpointer data)
{
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *printed = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (
    arb_lists_print_pairings (pdf, f->event, 2, f->players, f->games, &printed, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Pairings");
  assert_has (text, "round 2");
  assert_has (text, "1 Berg, Bo 2300 ½ Aronsson, Anna 2400 1");
  assert_has (text, "2 Carlsen, Cia 2200 0 Dahl, Dag 2100 0");
  assert_has (text, "Byes");
  assert_has (text, "Falk, Frans 1900 1 Half-point bye");
  assert_has (text, "Ek, Eva 2000 ½ Zero-point bye");
  /* the byes after the boards */
  g_assert_true (strstr (text, "Dahl, Dag") < strstr (text, "Falk, Frans"));
  /* no bye is a board */
  g_assert_null (strstr (text, "3 Falk"));
  assert_has (printed, "1\tBerg, Bo\t2300\t½\tAronsson, Anna\t2400\t1\n");
  render_page_1 (pdf, "lists-pairings");

  /* Round 1: everyone on 0. */
  g_assert_true (arb_lists_print_pairings (pdf, f->event, 1, f->players, f->games, NULL, &error));
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "1 Aronsson, Anna 2400 0 Dahl, Dag 2100 0");
  g_assert_null (strstr (text, "Byes"));
}

/* Round 3: three slips, one per board, on one page. */
static void
test_slips (Fixture *f, gconstpointer data)
{
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) heads = NULL;

  g_assert_true (arb_lists_print_slips (pdf, f->event, 3, f->players, f->games, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Round 3 · Board 1");
  assert_has (text, "White: Falk, Frans");
  assert_has (text, "Black: Aronsson, Anna");
  assert_has (text, "Round 3 · Board 2");
  assert_has (text, "White: Berg, Bo");
  assert_has (text, "Black: Carlsen, Cia");
  assert_has (text, "Round 3 · Board 3");
  assert_has (text, "White: Ek, Eva");
  assert_has (text, "Black: Dahl, Dag");
  heads = g_strsplit (text, "Signature, White", -1);
  g_assert_cmpuint (g_strv_length (heads), ==, 4);
  g_assert_null (strstr (text, "\f"));
  render_page_1 (pdf, "lists-slips");

  /* Round 2 has two boards and two byes: slips for the boards only. */
  g_assert_true (arb_lists_print_slips (pdf, f->event, 2, f->players, f->games, NULL, &error));
  g_free (text);
  text = pdf_text (pdf);
  g_assert_null (strstr (text, "Falk"));
  g_assert_null (strstr (text, "Board 3"));
  assert_has (text, "Round 2 · Board 2");
}

/* After round 3, BH-C1, BH, SB and ARO: the values of
 * tests/core/round/test-standings.c, worked out by hand there. C and D
 * are level on points; C's BH-C1 3½ puts it above D's 3. */
static void
test_standings (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_BUCHHOLZ_CUT1, ARB_TIEBREAK_BUCHHOLZ,
                                       ARB_TIEBREAK_SONNEBORN_BERGER, ARB_TIEBREAK_ARO };
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring scoring;

  arb_scoring_init_default (&scoring);
  rows = arb_standings_read (f->t, 0, &scoring, order, G_N_ELEMENTS (order), &error);
  g_assert_no_error (error);
  g_assert_true (
    arb_lists_print_standings (pdf, f->event, rows, order, G_N_ELEMENTS (order), NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Standings");
  assert_has (text, "after round 3");
  assert_has (text, "Rank No. Name Rating Points BH-C1 BH SB ARO");
  assert_has (text, "1 1 Aronsson, Anna 2400 2½ 3½ 4½ 3½ 2100");
  assert_has (text, "2 6 Falk, Frans 1900 2 3½ 5½ 3.25 2300");
  assert_has (text, "3 2 Berg, Bo 2300 1½ 3½ 4 1.25 2200");
  assert_has (text, "4 3 Carlsen, Cia 2200 1 3½ 4½ 1 2100");
  assert_has (text, "5 4 Dahl, Dag 2100 1 3 4 ½ 2200");
  assert_has (text, "6 5 Ek, Eva 2000 ½ 2½ 3 0.75 2200");
  render_page_1 (pdf, "lists-standings");
}

/* The cross-table after round 3, worked by hand from the games of
 * set_up in the standings' order (BH-C1, BH, SB, ARO: A 1, F 2, B 3,
 * C 4, D 5, E 6), a cell a round: the opponent's rank, the colour, the
 * result; a bye by its code.
 *   A: R1 D w 1 (5w1), R2 B b 1 (3b1), R3 F b ½ (2b½)        2½
 *   F: R1 C b 1 (4b1), R2 half-point bye (H), R3 A w ½ (1w½)  2
 *   B: R1 E w ½ (6w½), R2 A w 0 (1w0), R3 C w 1 (4w1)        1½
 *   C: R1 F w 0 (2w0), R2 D w forfeit won (5w+), R3 B b 0     1
 *   D: R1 A b 0 (1b0), R2 C b forfeit lost (4b-), R3 E b 1    1
 *   E: R1 B b ½ (3b½), R2 zero-point bye (Z), R3 D w 0 (5w0)  ½ */
static void
test_crosstable (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_BUCHHOLZ_CUT1, ARB_TIEBREAK_BUCHHOLZ,
                                       ARB_TIEBREAK_SONNEBORN_BERGER, ARB_TIEBREAK_ARO };
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbCrossTable) table = NULL;
  ArbScoring scoring;

  arb_scoring_init_default (&scoring);
  table = arb_cross_table_read (f->t, 0, &scoring, order, G_N_ELEMENTS (order), &error);
  g_assert_no_error (error);
  g_assert_false (table->round_robin);
  g_assert_true (arb_lists_print_crosstable (pdf, f->event, table, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Cross-Table");
  assert_has (text, "after round 3");
  assert_has (text, "Rank No. Name Rating 1 2 3 Points");
  assert_has (text, "1 1 Aronsson, Anna 2400 5w1 3b1 2b½ 2½");
  assert_has (text, "2 6 Falk, Frans 1900 4b1 H 1w½ 2");
  assert_has (text, "3 2 Berg, Bo 2300 6w½ 1w0 4w1 1½");
  assert_has (text, "4 3 Carlsen, Cia 2200 2w0 5w+ 3b0 1");
  assert_has (text, "5 4 Dahl, Dag 2100 1b0 4b- 6b1 1");
  assert_has (text, "6 5 Ek, Eva 2000 3b½ Z 5w0 ½");
  render_page_1 (pdf, "lists-crosstable");
}

/* A round robin prints as the square, worked by hand: four players,
 *   R1: 1–4 0-1, 2–3 1-0; R2: 4–3 1-0, 1–2 1-0; R3: 2–4 1-0, 3–1 1-0;
 * P2 and P4 2 points, P1 and P3 1; by direct encounter P2 (beat P4)
 * 1st, P4 2nd, P3 (beat P1) 3rd, P1 4th. Each row the results against
 * ranks 1 to 4:
 *   P2: *, 1, 1, 0     P4: 0, *, 1, 1     P3: 0, 0, *, 1     P1: 1, 0, 0, * */
static void
test_crosstable_robin (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_DIRECT_ENCOUNTER };
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbCrossTable) table = NULL;
  ArbScoring scoring;

  g_clear_object (&f->t);
  f->t = arb_test_new_tournament (NULL);
  arb_test_add_robin_of_four (f->t, f->id);
  arb_scoring_init_default (&scoring);
  table = arb_cross_table_read (f->t, 0, &scoring, order, G_N_ELEMENTS (order), &error);
  g_assert_no_error (error);
  g_assert_true (table->round_robin);
  g_assert_true (arb_lists_print_crosstable (pdf, f->event, table, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Rank No. Name Rating 1 2 3 4 Points");
  assert_has (text, "1 2 P2 * 1 1 0 2");
  assert_has (text, "2 4 P4 0 * 1 1 2");
  assert_has (text, "3 3 P3 0 0 * 1 1");
  assert_has (text, "4 1 P1 1 0 0 * 1");
  render_page_1 (pdf, "lists-crosstable-robin");
}

/* The rating tie-breaks print as whole numbers, as ARO does. TPR (C.07
 * 2026 Article 10.2: ARO plus B.02 8.1.1's dp for the fractional score
 * over the games played, the forfeit C–D left out), worked by hand for
 * the Swiss of tests/core/round/test-standings.c:
 *   A: D 2100 1, B 2300 1, F 1900 ½: ARO 2100, p 2½/3 = .83, dp 273: 2373
 *   F: C 2200 1, A 2400 ½: ARO 2300, p .75, dp 193: 2493
 *   B: E 2000 ½, A 2400 0, C 2200 1: ARO 2200, p .50, dp 0: 2200
 *   D: A 2400 0, E 2000 1: ARO 2200, p .50: 2200
 *   C: F 1900 0, B 2300 0: ARO 2100, p 0, dp −800: 1300
 *   E: B 2300 ½, D 2100 0: ARO 2200, p .25, dp −193: 2007
 * RTNG (10.6) is the rating. C and D, level on 1, go by TPR: D first. */
static void
test_standings_ratings (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_TPR, ARB_TIEBREAK_RTNG };
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring scoring;

  arb_scoring_init_default (&scoring);
  rows = arb_standings_read (f->t, 0, &scoring, order, G_N_ELEMENTS (order), &error);
  g_assert_no_error (error);
  g_assert_true (
    arb_lists_print_standings (pdf, f->event, rows, order, G_N_ELEMENTS (order), NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Rank No. Name Rating Points TPR RTNG");
  assert_has (text, "1 1 Aronsson, Anna 2400 2½ 2373 2400");
  assert_has (text, "2 6 Falk, Frans 1900 2 2493 1900");
  assert_has (text, "3 2 Berg, Bo 2300 1½ 2200 2300");
  assert_has (text, "4 4 Dahl, Dag 2100 1 2200 2100");
  assert_has (text, "5 3 Carlsen, Cia 2200 1 1300 2200");
  assert_has (text, "6 5 Ek, Eva 2000 ½ 2007 2000");
}

/* The team standings as PDF, from matches given in memory: the league
 * of tests/core/round/test-standings-teams.c, worked by hand there
 * (C 4 match points, 7 game points, DE 2, BH 8, SB 10; A 4, 7, 0, 8, 8;
 * B 3, 6, 0, 9, 9; D 1, 4, 0, 11, 3), after round 3. Beside the order,
 * on game points (A 3+1½+2½ = 7, B 1+2+3 = 6, C 3½+2½+1 = 7, D ½+2+1½
 * = 4): BH:GP, the opponents' game points, A 6+7+4 = 17, B 7+4+7 = 18,
 * C 4+7+6 = 17, D 7+6+7 = 20; SB:GP, each opponent's game points times
 * those scored against it, A 6×3 + 7×1½ + 4×2½ = 38½, B 7×1 + 4×2 +
 * 7×3 = 36, C 4×3½ + 7×2½ + 6×1 = 37½, D 7×½ + 6×2 + 7×1½ = 26. */
static void
test_team_standings (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autofree char *printed = NULL;
  g_autoptr (GError) error = NULL;

  arb_test_add_team_match (matches, 1, "Akademisk SK", "Bergens SK", 6, 2, 4);
  arb_test_add_team_match (matches, 1, "Caissa", "Drammen", 7, 1, 4);
  arb_test_add_team_match (matches, 2, "Akademisk SK", "Caissa", 3, 5, 4);
  arb_test_add_team_match (matches, 2, "Bergens SK", "Drammen", 4, 4, 4);
  arb_test_add_team_match (matches, 3, "Akademisk SK", "Drammen", 5, 3, 4);
  arb_test_add_team_match (matches, 3, "Bergens SK", "Caissa", 6, 2, 4);
  rows = arb_team_standings_compute (matches, 0);
  g_assert_true (arb_lists_print_team_standings (pdf, f->event, rows, &printed, &error));
  g_assert_no_error (error);
  g_assert_nonnull (printed);
  text = pdf_text (pdf);
  assert_has (text, "Team Standings");
  assert_has (text, "after round 3");
  assert_has (text, "Rank Team Matches MP GP DE BH SB BH:GP SB:GP");
  assert_has (text, "1 Caissa 3 4 7 2 8 10 17 37½");
  assert_has (text, "2 Akademisk SK 3 4 7 0 8 8 17 38½");
  assert_has (text, "3 Bergens SK 3 3 6 0 9 9 18 36");
  assert_has (text, "4 Drammen 3 1 4 0 11 3 20 26");
  render_page_1 (pdf, "lists-team-standings");
}

/* The printed team standings show the columns of the event's order: by
 * match points, then EMGSB (C.07 2026, 13.2.2: each opponent's match
 * points times the game points scored against it), by hand on the same
 * league: Akademisk Bergens 3×3 + Caissa 4×1½ + Drammen 1×2½ = 17½,
 * Caissa Drammen 1×3½ + Akademisk 4×2½ + Bergens 3×1 = 16½, Bergens
 * Akademisk 4×1 + Drammen 1×2 + Caissa 4×3 = 18, Drammen Caissa 4×½ +
 * Bergens 3×2 + Akademisk 4×1½ = 14. Akademisk and Caissa are tied on
 * 4 match points: Akademisk first. EGGSB (13.2.4) is SB on game
 * points, worked in test_team_standings: the order has it, so no SB:GP
 * column beside; BH:GP is beside it. */
static void
test_team_standings_order (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  ArbTeamOrder order;

  arb_test_add_team_match (matches, 1, "Akademisk SK", "Bergens SK", 6, 2, 4);
  arb_test_add_team_match (matches, 1, "Caissa", "Drammen", 7, 1, 4);
  arb_test_add_team_match (matches, 2, "Akademisk SK", "Caissa", 3, 5, 4);
  arb_test_add_team_match (matches, 2, "Bergens SK", "Drammen", 4, 4, 4);
  arb_test_add_team_match (matches, 3, "Akademisk SK", "Drammen", 5, 3, 4);
  arb_test_add_team_match (matches, 3, "Bergens SK", "Caissa", 6, 2, 4);
  g_free (f->event->settings);
  f->event->settings =
    g_strdup ("{\"team_score\": \"mp\", \"team_tiebreaks\": [\"emgsb\", \"eggsb\"]}");
  arb_team_order_from_event (f->event, &order);
  rows = arb_team_standings_compute_ordered (matches, 0, &order);
  g_assert_true (arb_lists_print_team_standings (pdf, f->event, rows, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "Rank Team Matches MP GP EMGSB EGGSB BH:GP");
  assert_has (text, "1 Akademisk SK 3 4 7 17½ 38½ 17");
  assert_has (text, "2 Caissa 3 4 7 16½ 37½ 17");
  assert_has (text, "3 Bergens SK 3 3 6 18 36 18");
  assert_has (text, "4 Drammen 3 1 4 14 26 20");
  g_assert_null (strstr (text, " DE "));
  g_assert_null (strstr (text, "SB:GP"));
}

/* The window's actions print the round shown (the last, 3) and the
 * standings after it. Before round 3: A 2, F 1½ (a win, a half-point
 * bye), B ½, C 1, D 0, E ½. */
static void
check_window (ArbWindow *window, gpointer data)
{
  Fixture *f = data;
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_window_open_file (window, f->path, FALSE, &error));
  g_assert_no_error (error);
  /* the lists are actions of the window, which the menu offers */
  {
    guint found = 0;
    const char *name = NULL;
    GType owner;
    const GVariantType *parameter_type;
    const char *property;

    for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner,
                                                     &name, &parameter_type, &property);
         i++)
      if (g_strcmp0 (name, "win.print-pairings") == 0 || g_strcmp0 (name, "win.print-slips") == 0 ||
          g_strcmp0 (name, "win.print-standings") == 0 ||
          g_strcmp0 (name, "win.print-team-standings") == 0 ||
          g_strcmp0 (name, "win.print-crosstable") == 0)
        found++;
    g_assert_cmpuint (found, ==, 5);
  }

  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_PAIRINGS, pdf, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  assert_has (text, "round 3");
  assert_has (text, "1 Falk, Frans 1900 1½ Aronsson, Anna 2400 2");
  assert_has (text, "2 Berg, Bo 2300 ½ Carlsen, Cia 2200 1");
  assert_has (text, "3 Ek, Eva 2000 ½ Dahl, Dag 2100 0");

  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_SLIPS, pdf, &error));
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "Round 3 · Board 3");
  assert_has (text, "White: Ek, Eva");

  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_STANDINGS, pdf, &error));
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "after round 3");
  assert_has (text, "1 1 Aronsson, Anna 2400 2½");
  assert_has (text, "6 5 Ek, Eva 2000 ½");

  /* The cross-table in the event's order (the default one ranks them
   * as test_crosstable's does). */
  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_CROSSTABLE, pdf, &error));
  g_assert_no_error (error);
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "Cross-Table");
  assert_has (text, "1 1 Aronsson, Anna 2400 5w1 3b1 2b½ 2½");

  /* An individual event has no team matches: the team list is empty. */
  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_TEAM_STANDINGS, pdf, &error));
  g_assert_no_error (error);
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "Team Standings");
  g_assert_null (strstr (text, "Aronsson"));
}

static void
test_window (Fixture *f, gconstpointer data)
{
  /* the window opens the file itself */
  g_clear_object (&f->t);
  arb_ui_run_app (check_window, f);
}

/* The preferences of the open tournament: the rule for unplayed rounds
 * shows the file's (C.07's, item 0) and writes plain totals (item 2)
 * back to the event's settings; the printed standings follow it. Falk
 * (F of tests/core/round/test-standings.c, a half-point bye in round 2):
 * under C.07 BH-C1 3½, BH 5½ (the dummy opponent 2), SB 3.25; under plain
 * totals the bye brings 0: BH-C1 3½, BH 3½, SB 1 + 0 + 2½×½ = 2.25. */
static void
check_event_preferences (ArbWindow *window, gpointer data)
{
  Fixture *f = data;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;
  GtkWindow *prefs;
  AdwComboRow *rule;

  g_assert_true (arb_window_open_file (window, f->path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_STANDINGS, pdf, &error));
  text = pdf_text (pdf);
  assert_has (text, "2 6 Falk, Frans 1900 2 3½ 5½ 3.25");

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = arb_ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  rule =
    ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Unplayed Rounds"));
  g_assert_nonnull (rule);
  g_assert_cmpuint (adw_combo_row_get_selected (rule), ==, 0);
  adw_preferences_window_set_visible_page (
    ADW_PREFERENCES_WINDOW (prefs),
    ADW_PREFERENCES_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (rule), ADW_TYPE_PREFERENCES_PAGE)));
  adw_combo_row_set_selected (rule, ARB_UNPLAYED_PLAIN);
  arb_ui_save_screenshot (GTK_WIDGET (prefs), "lists-event-preferences");

  event = arb_tournament_get_event (arb_window_get_tournament (window), &error);
  g_assert_no_error (error);
  arb_standings_event_settings (event, &scoring, order, &n);
  g_assert_cmpint (scoring.unplayed, ==, ARB_UNPLAYED_PLAIN);
  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_STANDINGS, pdf, &error));
  g_free (text);
  text = pdf_text (pdf);
  assert_has (text, "2 6 Falk, Frans 1900 2 3½ 3½ 2.25");
  gtk_window_destroy (prefs);
}

static void
test_event_preferences (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  arb_ui_run_app (check_event_preferences, f);
}

static void
assert_order (ArbWindow *window, const char *const *keys)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event =
    arb_tournament_get_event (arb_window_get_tournament (window), &error);
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0, k;

  g_assert_no_error (error);
  arb_standings_event_settings (event, &scoring, order, &n);
  for (k = 0; keys[k] != NULL; k++)
    {
      g_assert_cmpuint (k, <, n);
      g_assert_cmpstr (arb_tiebreak_to_key (order[k]), ==, keys[k]);
    }
  g_assert_cmpuint (n, ==, k);
}

/* The scoring and the order of the tie-breaks, written from the
 * preferences. Under 3-1-0 Falk (a win in round 1, a half-point bye in
 * round 2, a draw in round 3; 2 points under 1-½-0) has 3 + 1 + 1 = 5,
 * second behind Aronsson's 3 + 3 + 1 = 7, as before. The order starts as
 * the default one (BH-C1, BH, SB, PS, WIN); BH-C1 moved down, WIN
 * removed and KS added give BH, BH-C1, SB, PS, KS. */
static void
check_event_scoring_order (ArbWindow *window, gpointer data)
{
  Fixture *f = data;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autofree char *pdf = temp_pdf ();
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  static const char *const first[] = { "bh-c1", "bh", "sb", "ps", "win", NULL };
  static const char *const after[] = { "bh", "bh-c1", "sb", "ps", "ks", NULL };
  const ArbScoring unusual = { 2.5, 1.0, 0.0, ARB_UNPLAYED_C07 };
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;
  GtkWindow *prefs;
  AdwComboRow *points;
  GtkWidget *group;

  g_assert_true (arb_window_open_file (window, f->path, FALSE, &error));
  g_assert_no_error (error);
  /* A scoring none of the row's own (as a TRF may bring): offered after
   * them, as arbiters write it. */
  g_assert_true (
    arb_event_settings_set_scoring (arb_window_get_tournament (window), &unusual, &error));
  g_assert_no_error (error);
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = arb_ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  points = ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Scoring"));
  g_assert_nonnull (points);
  g_assert_cmpuint (adw_combo_row_get_selected (points), ==, 3);
  g_assert_cmpstr (
    gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (points)), 3), ==,
    "2½-1-0");
  g_assert_cmpstr (
    gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (points)), 0), ==,
    "1-½-0");
  adw_combo_row_set_selected (points, 1);
  event = arb_tournament_get_event (arb_window_get_tournament (window), &error);
  g_assert_no_error (error);
  arb_standings_event_settings (event, &scoring, order, &n);
  g_assert_cmpfloat (scoring.win, ==, 3.0);
  g_assert_cmpfloat (scoring.draw, ==, 1.0);
  g_assert_true (arb_window_print_list (window, ARB_WINDOW_LIST_STANDINGS, pdf, &error));
  text = pdf_text (pdf);
  assert_has (text, "1 1 Aronsson, Anna 2400 7 ");
  assert_has (text, "2 6 Falk, Frans 1900 5 ");

  group = arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_PREFERENCES_GROUP, "Tie-Breaks");
  g_assert_nonnull (group);
  assert_order (window, first);
  g_assert_nonnull (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "WIN"));
  g_assert_true (gtk_widget_activate_action (group, "tiebreaks.down", "u", 0));
  g_assert_true (gtk_widget_activate_action (group, "tiebreaks.remove", "u", 4));
  g_assert_true (gtk_widget_activate_action (group, "tiebreaks.add", "s", "ks"));
  assert_order (window, after);
  g_assert_null (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "WIN"));
  g_assert_nonnull (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "KS"));
  /* Up from the top and down from the bottom do nothing. */
  g_assert_true (gtk_widget_activate_action (group, "tiebreaks.up", "u", 0));
  g_assert_true (gtk_widget_activate_action (group, "tiebreaks.down", "u", 4));
  assert_order (window, after);

  /* The round robin's switch writes "round_robin" (C.07 Article 15.2). */
  {
    GtkWidget *robin = arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "_Round Robin");
    GtkWidget *toggle;
    g_autoptr (ArbEventInfo) stored = NULL;

    g_assert_nonnull (robin);
    toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (robin));
    g_assert_true (GTK_IS_SWITCH (toggle));
    g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
    gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
    stored = arb_tournament_get_event (arb_window_get_tournament (window), &error);
    g_assert_no_error (error);
    arb_standings_event_settings (stored, &scoring, order, &n);
    g_assert_true (scoring.round_robin);
    assert_order (window, after);
    /* The rule for unplayed rounds is Article 16's, which a round robin
     * does not use: its row is insensitive. */
    g_assert_false (gtk_widget_get_sensitive (
      arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Unplayed Rounds")));
  }

  adw_preferences_window_set_visible_page (
    ADW_PREFERENCES_WINDOW (prefs),
    ADW_PREFERENCES_PAGE (gtk_widget_get_ancestor (group, ADW_TYPE_PREFERENCES_PAGE)));
  gtk_window_set_default_size (prefs, 640, 900);
  arb_ui_save_screenshot (GTK_WIDGET (prefs), "lists-event-tiebreaks");
  /* An individual event has no team order. */
  g_assert_null (
    arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_PREFERENCES_GROUP, "Team Tie-Breaks"));
  gtk_window_destroy (prefs);
}

static void
assert_team_order (ArbWindow *window, ArbTeamScore primary, const char *const *keys)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event =
    arb_tournament_get_event (arb_window_get_tournament (window), &error);
  ArbTeamOrder order;
  guint k;

  g_assert_no_error (error);
  arb_team_order_from_event (event, &order);
  g_assert_cmpint (order.primary, ==, primary);
  for (k = 0; keys[k] != NULL; k++)
    {
      g_assert_cmpuint (k, <, order.n_order);
      g_assert_cmpstr (arb_team_order_to_key (order.order[k]), ==, keys[k]);
    }
  g_assert_cmpuint (order.n_order, ==, k);
}

static gboolean
is_laid_out (gpointer data)
{
  GtkAdjustment *adj = data;

  return gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj);
}

/* Whether @menu, its sections or its submenus hold an item whose action
 * is @action with the string target @target. */
static gboolean
menu_has_item (GMenuModel *menu, const char *action, const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr (GMenuModel) submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &value) &&
          strcmp (name, action) == 0 && strcmp (value, target) == 0)
        return TRUE;
      if ((section != NULL && menu_has_item (section, action, target)) ||
          (submenu != NULL && menu_has_item (submenu, action, target)))
        return TRUE;
    }
  return FALSE;
}

/* Whether @data, a widget, is shown on a monitor, where a popover of it
 * can be placed. */
static gboolean
is_on_a_monitor (gpointer data)
{
  GtkWidget *widget = data;
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));

  return gtk_widget_get_mapped (widget) && surface != NULL &&
         gdk_display_get_monitor_at_surface (gtk_widget_get_display (widget), surface) != NULL;
}

/* @turns turns of the loop, 5 ms apart, for what is shown to settle. */
static void
spin (int turns)
{
  for (int i = 0; i < turns; i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

/* The add row's menu open on the submenu @label, as the arbiter sees
 * it, saved as the screenshot @name; the menu closed again. */
static void
show_submenu (GtkMenuButton *button, const char *label, const char *name)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  g_autofree char *shown = NULL;

  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  arb_ui_wait_for (is_on_a_monitor, button, "the add row's button on a monitor");
  spin (100);
  gtk_menu_button_popup (button);
  g_object_set (popover, "visible-submenu", label, NULL);
  g_object_get (popover, "visible-submenu", &shown, NULL);
  g_assert_cmpstr (shown, ==, label);
  /* The menu slides to the submenu and grows to it. */
  spin (200);
  gtk_popover_present (popover);
  arb_ui_save_screenshot (GTK_WIDGET (popover), name);
  gtk_menu_button_popdown (button);
}

/* A team tie-break added with its options from the add row's menu: BH
 * on game points less the lowest (C.07 2026 13, 14.1), shown as its TRF
 * code. TBR takes no option: its menu item is the key alone. */
static void
check_team_order_options (ArbWindow *window, GtkWidget *group)
{
  GtkWidget *add = arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "_Add a Tie-Break");
  GMenuModel *menu;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  ArbTeamOrder order;

  g_assert_nonnull (add);
  menu = gtk_menu_button_get_menu_model (
    GTK_MENU_BUTTON (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (add))));
  g_assert_true (menu_has_item (menu, "team-tiebreaks.add", "bh:gp-c1"));
  g_assert_true (menu_has_item (menu, "team-tiebreaks.add", "de:gp"));
  g_assert_true (menu_has_item (menu, "team-tiebreaks.add", "emmsb-m2"));
  /* No score for an ESB, no cut for DE; TBR (held) is not offered again. */
  g_assert_false (menu_has_item (menu, "team-tiebreaks.add", "emmsb:gp"));
  g_assert_false (menu_has_item (menu, "team-tiebreaks.add", "de-c1"));
  g_assert_false (menu_has_item (menu, "team-tiebreaks.add", "tbr"));
  g_assert_true (gtk_widget_activate_action (group, "team-tiebreaks.add", "s", "bh:gp-c1"));
  event = arb_tournament_get_event (arb_window_get_tournament (window), &error);
  g_assert_no_error (error);
  arb_team_order_from_event (event, &order);
  g_assert_cmpuint (order.n_order, ==, 5);
  g_assert_cmpint (order.order[4], ==, ARB_TEAM_ORDER_BH);
  g_assert_cmpint (order.options[4].on, ==, ARB_TEAM_ON_GP);
  g_assert_cmpint (order.options[4].modifier, ==, 'C');
  g_assert_cmpint (order.options[4].n, ==, 1);
  g_assert_nonnull (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "BH:GP/C1"));
  /* Held now, so no longer offered; plain BH still is. */
  add = arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "_Add a Tie-Break");
  menu = gtk_menu_button_get_menu_model (
    GTK_MENU_BUTTON (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (add))));
  g_assert_false (menu_has_item (menu, "team-tiebreaks.add", "bh:gp-c1"));
  g_assert_true (menu_has_item (menu, "team-tiebreaks.add", "bh"));
}

/* A team event's preferences (tests/data/league-4x4-results.trf): the
 * score that ranks the teams and their tie-breaks after it, each change
 * written to the event's settings at once. */
static void
check_team_preferences (ArbWindow *window, gpointer data)
{
  static const char *const first[] = { "mpvgp", "de", "bh", "sb", NULL };
  static const char *const after[] = { "mpvgp", "de", "tbr", "sb", NULL };
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autofree char *path = arb_ui_new_event_file ("League");
  g_autoptr (GError) error = NULL;
  GtkWindow *prefs;
  GtkWidget *group;
  AdwComboRow *score;

  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, 0, &error);
    g_autofree char *trf =
      g_test_build_filename (G_TEST_DIST, "..", "data", "league-4x4-results.trf", NULL);
    gsize length = 0;
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (trf, &text, &length, &error));
    g_assert_no_error (error);
    g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
    g_assert_no_error (error);
  }
  g_assert_true (arb_window_open_file (window, path, FALSE, &error));
  g_assert_no_error (error);
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = arb_ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  group = arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_PREFERENCES_GROUP, "Team Tie-Breaks");
  g_assert_nonnull (group);
  assert_team_order (window, ARB_TEAM_SCORE_MP, first);
  g_assert_nonnull (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "MPvGP"));
  /* BH out, TBR in at the end and up one place. */
  g_assert_true (gtk_widget_activate_action (group, "team-tiebreaks.remove", "u", 2));
  g_assert_true (gtk_widget_activate_action (group, "team-tiebreaks.add", "s", "tbr"));
  g_assert_true (gtk_widget_activate_action (group, "team-tiebreaks.up", "u", 3));
  assert_team_order (window, ARB_TEAM_SCORE_MP, after);
  g_assert_null (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "BH"));
  g_assert_nonnull (arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "TBR"));
  /* Game points first, the tie-breaks kept. */
  score = ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "Ranked _By"));
  g_assert_nonnull (score);
  g_assert_cmpuint (adw_combo_row_get_selected (score), ==, ARB_TEAM_SCORE_MP);
  adw_combo_row_set_selected (score, ARB_TEAM_SCORE_GP);
  assert_team_order (window, ARB_TEAM_SCORE_GP, after);
  /* The match points of a team's win, draw and loss (TRF-2026 record
   * 362): 2-1-0 until 3-1-0, the second item, is chosen. */
  {
    AdwComboRow *points =
      ADW_COMBO_ROW (arb_ui_find_titled (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Match Points"));
    g_autoptr (ArbEventInfo) event = NULL;
    ArbTeamMatchPoints stored;

    g_assert_nonnull (points);
    g_assert_cmpuint (adw_combo_row_get_selected (points), ==, 0);
    adw_combo_row_set_selected (points, 1);
    event = arb_tournament_get_event (arb_window_get_tournament (window), &error);
    g_assert_no_error (error);
    arb_team_match_points_from_event (event, &stored);
    g_assert_cmpfloat (stored.win, ==, 3);
    g_assert_cmpfloat (stored.draw, ==, 1);
    g_assert_cmpfloat (stored.loss, ==, 0);
  }
  check_team_order_options (window, group);

  adw_preferences_window_set_visible_page (
    ADW_PREFERENCES_WINDOW (prefs),
    ADW_PREFERENCES_PAGE (gtk_widget_get_ancestor (group, ADW_TYPE_PREFERENCES_PAGE)));
  /* The team groups are the page's last: scrolled to the bottom. */
  {
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (group, GTK_TYPE_SCROLLED_WINDOW)));

    arb_ui_wait_for (is_laid_out, adj, "the preferences page's layout");
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  }
  arb_ui_save_screenshot (GTK_WIDGET (prefs), "lists-team-preferences");
  /* The add row's menu on a submenu of options, where the row is shown. */
  {
    GtkWidget *add = arb_ui_find_titled (group, ADW_TYPE_ACTION_ROW, "_Add a Tie-Break");

    show_submenu (GTK_MENU_BUTTON (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (add))),
                  "SB — Sonneborn-Berger", "lists-team-tiebreak-submenu");
  }
  gtk_window_destroy (prefs);
}

static void
test_team_preferences (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  arb_ui_run_app (check_team_preferences, f);
}

static void
test_event_scoring_order (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  arb_ui_run_app (check_event_scoring_order, f);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  if (g_find_program_in_path ("pdftotext") == NULL || g_find_program_in_path ("pdftoppm") == NULL)
    {
      g_test_skip ("poppler-utils is not installed");
      return 0;
    }
  g_test_add ("/ui/lists/pairings", Fixture, NULL, set_up, test_pairings, tear_down);
  g_test_add ("/ui/lists/slips", Fixture, NULL, set_up, test_slips, tear_down);
  g_test_add ("/ui/lists/standings", Fixture, NULL, set_up, test_standings, tear_down);
  g_test_add ("/ui/lists/standings-ratings", Fixture, NULL, set_up, test_standings_ratings,
              tear_down);
  g_test_add ("/ui/lists/team-standings", Fixture, NULL, set_up, test_team_standings, tear_down);
  g_test_add ("/ui/lists/team-standings-order", Fixture, NULL, set_up, test_team_standings_order,
              tear_down);
  g_test_add ("/ui/lists/crosstable", Fixture, NULL, set_up, test_crosstable, tear_down);
  g_test_add ("/ui/lists/crosstable-robin", Fixture, NULL, set_up, test_crosstable_robin,
              tear_down);
  g_test_add ("/ui/lists/event-preferences", Fixture, NULL, set_up, test_event_preferences,
              tear_down);
  g_test_add ("/ui/lists/event-scoring-order", Fixture, NULL, set_up, test_event_scoring_order,
              tear_down);
  g_test_add ("/ui/lists/team-preferences", Fixture, NULL, set_up, test_team_preferences,
              tear_down);
  g_test_add ("/ui/lists/window", Fixture, NULL, set_up, test_window, tear_down);
  return g_test_run ();
}
