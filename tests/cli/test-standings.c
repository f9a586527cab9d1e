/* test-standings.c: arbiter-cli standings, through the program
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract: one line per player in the order of the standings (points,
 * the tie-breaks given or the default bh-c1,bh,sb,ps,win, starting rank)
 * with rank, starting rank, name, rating, points and each tie-break;
 * --round N the standings after round N; --json one object with stable
 * keys, every tie-break in each row; an unknown tie-break or scoring is a
 * usage error (2), a file that cannot be read an error (1).
 *
 * The tournament is the Swiss of tests/core/round/test-standings.c, where
 * each value is worked by hand from the FIDE Tie-Break Regulations
 * (C.07); the values used here are repeated with their working.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

typedef struct
{
  char *path;
  gint64 id[7];
} Fixture;

/* Ratings 2400 (A) down to 1900 (F).
 * Round 1: A–D 1-0, B–E ½-½, C–F 0-1.
 * Round 2: B–A 0-1, C–D +/- , F a half-point bye, E a zero-point bye.
 * Round 3: F–A ½-½, B–C 1-0, E–D 0-1.
 * Scores: A 2½, F 2, B 1½, C 1, D 1, E ½. */
static void
set_up (Fixture *f, gconstpointer data)
{
  const char *names[] = { NULL, "A", "B", "C", "D", "E", "F" };
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&f->path);

  arb_test_add_swiss_of_six (t, names, f->id);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_free (f->path);
}

static JsonObject *
parse_object (JsonParser *parser, const char *out)
{
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static JsonObject *
row (JsonObject *root, guint i)
{
  return json_array_get_object_element (json_object_get_array_member (root, "standings"), i);
}

static double
tiebreak (JsonObject *r, const char *key)
{
  return json_object_get_double_member (json_object_get_object_member (r, "tiebreaks"), key);
}

/* The order: A 2½, F 2, B 1½, C and D on 1 (Buchholz Cut-1: C 3½ — F 2,
 * dummy 1, B 1½, the plain lowest cut; D 3 — A 2½, dummy 1 for the
 * forfeit loss, a VUR cut first (C.07 Article 16), E ½), E ½. */
static void
test_text (Fixture *f, gconstpointer data)
{
  g_auto (ArbTestCliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  static const char *const names[] = { "A", "F", "B", "C", "D", "E" };

  if (!arb_test_cli_args (&run, NULL, "standings", f->path, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 8); /* heading, six, "" */
  arb_test_assert_contains (lines[0], "BH-C1");
  arb_test_assert_contains (lines[0], "WIN");
  for (int i = 0; i < 6; i++)
    {
      g_auto (GStrv) cols = g_strsplit_set (lines[i + 1], " ", -1);
      g_autoptr (GPtrArray) words = g_ptr_array_new ();

      for (guint c = 0; cols[c] != NULL; c++)
        if (cols[c][0] != '\0')
          g_ptr_array_add (words, cols[c]);
      g_assert_cmpuint (words->len, >=, 5);
      g_assert_cmpint (atoi (words->pdata[0]), ==, i + 1);
      g_assert_cmpstr (words->pdata[2], ==, names[i]);
    }
  /* A: no. 1, rating 2400, 2½ points, BH-C1 3½, BH 4½, SB 3½, PS 5½,
   * WIN 2. */
  g_assert_true (g_regex_match_simple ("^ +1 +1  A +2400 +2\\.5 +3\\.5 +4\\.5 +3\\.5 +5\\.5 +2$",
                                       lines[1], 0, 0));
}

/* The values with their working in tests/core/round/test-standings.c:
 * D (no. 4): BH-C1 3 (the VUR's dummy 1 cut), BH-M1 ½, SB ½, BPG 2;
 * F (no. 6): BH 5½, BH-C1 3½ (the half-point bye's dummy 2 cut), ARO
 * (2200+2400)/2 = 2300; C (no. 3): WIN 1 (the forfeit), WON 0.
 * TPR (C.07 2026 Article 10.2, ARO plus B.02 8.1.1's dp, by hand): F
 * beat C 2200 and drew A 2400, ARO 2300, p .75, dp 193: 2493; C lost to
 * F 1900 and B 2300 (D's forfeit is no game), ARO 2100, dp -800: 1300.
 * Whole numbers, as ARO: "2493", not "2493.0". */
static void
test_json (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", f->path, "--json", NULL }, NULL);
  JsonObject *root, *c, *d, *fr;

  if (out == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpint (json_object_get_int_member (root, "round"), ==, 3);
  g_assert_cmpstr (
    json_array_get_string_element (json_object_get_array_member (root, "tiebreaks"), 0), ==,
    "bh-c1");
  fr = row (root, 1);
  c = row (root, 3);
  d = row (root, 4);
  g_assert_cmpint (json_object_get_int_member (fr, "start_no"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (fr, "rank"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (fr, "name"), ==, "F");
  g_assert_cmpint (json_object_get_int_member (fr, "rating"), ==, 1900);
  g_assert_cmpfloat (json_object_get_double_member (fr, "points"), ==, 2.0);
  g_assert_cmpfloat (tiebreak (fr, "bh"), ==, 5.5);
  g_assert_cmpfloat (tiebreak (fr, "bh-c1"), ==, 3.5);
  g_assert_cmpfloat (tiebreak (fr, "aro"), ==, 2300);
  g_assert_cmpfloat (tiebreak (fr, "tpr"), ==, 2493);
  g_assert_null (strstr (out, "2493.0"));
  g_assert_cmpint (json_object_get_int_member (c, "start_no"), ==, 3);
  g_assert_cmpfloat (tiebreak (c, "win"), ==, 1);
  g_assert_cmpfloat (tiebreak (c, "won"), ==, 0);
  g_assert_cmpfloat (tiebreak (c, "tpr"), ==, 1300);
  g_assert_cmpint (json_object_get_int_member (d, "start_no"), ==, 4);
  g_assert_cmpfloat (tiebreak (d, "bh-c1"), ==, 3);
  g_assert_cmpfloat (tiebreak (d, "bh-m1"), ==, 0.5);
  g_assert_cmpfloat (tiebreak (d, "sb"), ==, 0.5);
  g_assert_cmpfloat (tiebreak (d, "bpg"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (d, "place"), ==, "5");
}

/* Shared places (C.07 Article 2.1), worked by hand: with direct
 * encounter the only tie-break, C and D (1 point each) never met over the
 * board (C's round-2 win was a forfeit, no game for Article 6), so both
 * have DE 0 and stay tied: they share 4th–5th, listed by starting rank.
 * A (2½), F (2) and B (1½) are alone on their points: places 1, 2, 3. */
static void
test_shared_place (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--tiebreaks", "de", "--json", NULL }, NULL);
  g_autofree char *text = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--tiebreaks", "de", NULL }, NULL);
  JsonObject *root;

  if (out == NULL || text == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpint (json_object_get_int_member (row (root, 3), "start_no"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (row (root, 3), "place"), ==, "4\u20135");
  g_assert_cmpstr (json_object_get_string_member (row (root, 4), "place"), ==, "4\u20135");
  g_assert_cmpint (json_object_get_int_member (row (root, 4), "rank"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (row (root, 0), "place"), ==, "1");
  g_assert_true (g_regex_match_simple ("^  4\u20135 +3  C ", text, G_REGEX_MULTILINE, 0));
  g_assert_true (g_regex_match_simple ("^  4\u20135 +4  D ", text, G_REGEX_MULTILINE, 0));
}

/* After round 2: A 2, F 1½, C 1, B ½, E ½, D 0. B and E by Buchholz
 * Cut-1: B has E (½, and the zero-point bye, a VUR in E's last round,
 * as a draw: 1) and A 2, no VUR, the lowest cut: 2; E has B ½ and the
 * dummy ½ for the bye, the VUR cut: ½. So B before E. */
static void
test_round (Fixture *f, gconstpointer data)
{
  static const int expected[] = { 1, 6, 3, 2, 5, 4 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--round", "2", "--json", NULL }, NULL);
  JsonObject *root;

  if (out == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpint (json_object_get_int_member (root, "round"), ==, 2);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (json_object_get_int_member (row (root, i), "start_no"), ==, expected[i]);
  g_assert_cmpfloat (json_object_get_double_member (row (root, 0), "points"), ==, 2.0);
  g_assert_cmpfloat (tiebreak (row (root, 3), "bh-c1"), ==, 2.0);
  g_assert_cmpfloat (tiebreak (row (root, 4), "bh-c1"), ==, 0.5);
}

/* --tiebreaks and --scoring: with 3-1-0, A 3+3+1 = 7, F 3+1+1 = 5;
 * ordered by games won over the board alone, C (0) and D (1) on equal
 * points go D first. */
static void
test_options (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", f->path, "--tiebreaks", "won", "--scoring",
                                            "3-1-0", "--json", NULL },
                     NULL);
  JsonObject *root;

  if (out == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpfloat (json_object_get_double_member (row (root, 0), "points"), ==, 7);
  g_assert_cmpfloat (json_object_get_double_member (row (root, 1), "points"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (row (root, 3), "start_no"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (row (root, 4), "start_no"), ==, 3);
}

/* The tie-breaks of C.07's 2026 list (tests/core/round/
 * test-standings-counts.c works them on its own event), here on C and D,
 * tied on 1 point. BWG (7.4): C won no game with Black (R3 lost to B),
 * D one (R3 against E): D first. AOB (8.2), the mean of the Buchholz
 * (worked above: A 4½, B 4, D 4, E 3, F 5½) of the opponents met over the
 * board: C F and B (R2 a forfeit), (5½ + 4) / 2 = 4.75; D A and E,
 * (4½ + 3) / 2 = 3.75. TPN (7.8), the pairing number. The heading names
 * them by their acronyms. */
static void
test_counts (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--tiebreaks", "bwg,aob,tpn", "--json", NULL },
    NULL);
  g_autofree char *text = NULL;
  JsonObject *root;

  if (out == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpint (json_object_get_int_member (row (root, 3), "start_no"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (row (root, 4), "start_no"), ==, 3);
  g_assert_cmpfloat (tiebreak (row (root, 3), "bwg"), ==, 1);
  g_assert_cmpfloat (tiebreak (row (root, 4), "bwg"), ==, 0);
  g_assert_cmpfloat (tiebreak (row (root, 3), "aob"), ==, 3.75);
  g_assert_cmpfloat (tiebreak (row (root, 4), "aob"), ==, 4.75);
  g_assert_cmpfloat (tiebreak (row (root, 4), "tpn"), ==, 3);
  text = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--tiebreaks", "bwg,aob,tpn", NULL }, NULL);
  if (text == NULL)
    return;
  arb_test_assert_contains (text, "BWG");
  arb_test_assert_contains (text, "AOB");
  arb_test_assert_contains (text, "TPN");
}

/* The same order and scoring from the event's settings, no options. */
static void
test_event_settings (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  JsonObject *root;

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbTournament) t =
      arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
    g_autoptr (ArbEventInfo) event = NULL;

    g_assert_no_error (error);
    event = arb_tournament_get_event (t, &error);
    g_assert_no_error (error);
    g_free (event->settings);
    event->settings = g_strdup ("{\"scoring\": \"3-1-0\", \"tiebreaks\": [\"won\"]}");
    g_assert_true (arb_tournament_set_event (t, event, &error));
    g_assert_no_error (error);
  }
  out = arb_test_cli_ok ((const char *const[]){ "standings", f->path, "--json", NULL }, NULL);
  if (out == NULL)
    return;
  root = parse_object (parser, out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "tiebreaks")), ==,
                    1);
  g_assert_cmpfloat (json_object_get_double_member (row (root, 0), "points"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (row (root, 3), "start_no"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (row (root, 4), "start_no"), ==, 3);
}

static void
test_errors (Fixture *f, gconstpointer data)
{
  g_auto (ArbTestCliRun) run = { 0 };
  g_auto (ArbTestCliRun) run2 = { 0 };
  g_auto (ArbTestCliRun) run3 = { 0 };
  g_auto (ArbTestCliRun) run4 = { 0 };
  g_autofree char *missing = g_strconcat (f->path, ".none", NULL);

  if (!arb_test_cli_args (&run, NULL, "standings", f->path, "--tiebreaks", "bh,koya", NULL))
    return;
  g_assert_cmpint (run.status, ==, 2);
  arb_test_assert_contains (run.err, "koya");
  g_assert_cmpstr (run.out, ==, "");
  arb_test_cli_args (&run2, NULL, "standings", f->path, "--scoring", "1-2-0", NULL);
  g_assert_cmpint (run2.status, ==, 2);
  arb_test_cli_args (&run3, NULL, "standings", missing, NULL);
  g_assert_cmpint (run3.status, ==, 1);
  arb_test_cli_args (&run4, NULL, "standings", "--help", NULL);
  g_assert_cmpint (run4.status, ==, 0);
  arb_test_assert_contains (run4.out, "--tiebreaks");
  arb_test_assert_contains (run4.out, "Sonneborn-Berger");
}

/* A file of FIXTURE's rounds; its path, to be freed and unlinked. */
static char *
imported (const char *fixture)
{
  char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);

  arb_test_import_trf_fixture (t, fixture);
  return path;
}

/* The Swiss of tests/core/round/test-standings-crosstable.c, by hand:
 * Elm's full-point bye in round 1, Birch's forfeit win over Cedar in
 * round 2, zero-point byes. */
static void
test_crosstable_swiss (void)
{
  g_autofree char *path = imported ("crosstable-swiss5.trf");
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--crosstable", NULL }, NULL);
  g_autofree char *json = arb_test_cli_ok (
    (const char *const[]){ "standings", path, "--crosstable", "--json", NULL }, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root, *birch, *round2;

  g_assert_true (
    g_regex_match_simple ("^ +1 +1  Ash, Amy +5w1 +3b1 +2w½ +2\\.5$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +2 +2  Birch, Ben +4w½ +5b\\+ +1b½ +2$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +3 +5  Elm, Eve +U +1w0 +4b½ +1\\.5$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +4 +4  Dogwood, Di +2b½ +Z +3w½ +1$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +5 +3  Cedar, Cy +1b0 +2w- +Z +0$", out, G_REGEX_MULTILINE, 0));

  root = parse_object (parser, json);
  g_assert_false (json_object_get_boolean_member (root, "round_robin"));
  birch = json_array_get_object_element (json_object_get_array_member (root, "players"), 1);
  g_assert_cmpstr (json_object_get_string_member (birch, "name"), ==, "Birch, Ben");
  round2 = json_array_get_object_element (json_object_get_array_member (birch, "rounds"), 1);
  g_assert_cmpint (json_object_get_int_member (round2, "opponent_rank"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (round2, "opponent_start_no"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (round2, "colour"), ==, "b");
  g_assert_cmpstr (json_object_get_string_member (round2, "result"), ==, "+");
  g_assert_cmpstr (json_object_get_string_member (round2, "cell"), ==, "5b+");
  g_unlink (path);
}

/* A real event: Hamilton Chess Club (NZ) Championship 2018, six rounds,
 * typed from the crosstable published at
 * https://hamiltonchess.net/2018/04/11/richard-on-tie-break/ with its
 * order DE, cumulative (PS), total Buchholz, SB, Buchholz Cut-1 and the
 * columns it gives for the two leaders: Dare 0.5 19.5 22.5 19.75 20.0,
 * Nolan 0.5 19.5 20.0 17.25 19.5. Dare's row is the same under every
 * rule: none of his opponents has an unplayed round that any rule
 * adjusts. Nolan's opponents are Murphy (27, 1 point, a
 * pairing-allocated bye in round 5), Dizon (16, 3), Bennett (9, 3½, a
 * half-point bye in round 4 and absent in round 6), Dare (5½), Crombie
 * (8, 3½) and Lin (10, 3½); he beat all but Dare (a draw). By hand:
 *  - c07 (C.07 2024, Article 16): Bennett's absence is after his last
 *    played round, a draw: 4; Murphy's bye is no VUR: 1. BH 1 + 3 + 4 +
 *    5½ + 3½ + 3½ = 20½, SB 1 + 3 + 4 + 2¾ + 3½ + 3½ = 17¾, Cut-1 −1 =
 *    19½: DE, PS and Cut-1 match the club's, BH and SB do not.
 *  - fide-2009 (the rule before C.07): every unplayed round of an
 *    opponent a draw: Murphy ½, Bennett 4. BH ½ + 3 + 4 + 5½ + 3½ + 3½
 *    = 20, SB ½ + 3 + 4 + 2¾ + 3½ + 3½ = 17¼, Cut-1 −½ = 19½: every
 *    column matches the club's.
 *  - plain (no adjustment): Murphy 1, Bennett 3½. BH 20, SB 17¼ match,
 *    Cut-1 −1 = 19 does not.
 * So the club's program counted unplayed rounds as FIDE did before
 * C.07, not by plain totals. Under that rule every one of the 27
 * published rows is checked too: its place and points. */
static void
test_real_event_hamilton_2018 (void)
{
  static const struct
  {
    const char *rule;
    const char *nolan;
  } rules[] = {
    { "c07", "^ +2 +2  Nolan, Graham +5\\.5 +0\\.5 +19\\.5 +20\\.5 +17\\.75 +19\\.5$" },
    { "fide-2009", "^ +2 +2  Nolan, Graham +5\\.5 +0\\.5 +19\\.5 +20 +17\\.25 +19\\.5$" },
    { "plain", "^ +2 +2  Nolan, Graham +5\\.5 +0\\.5 +19\\.5 +20 +17\\.25 +19$" },
  };
  g_autofree char *path = imported ("hamilton-2018.trf");

  for (gsize i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      g_autofree char *out = arb_test_cli_ok (
        (const char *const[]){ "standings", path, "--tiebreaks", "de,ps,bh,sb,bh-c1",
                               "--unplayed-rule", rules[i].rule, NULL },
        NULL);

      g_test_message ("rule %s", rules[i].rule);
      g_assert_true (
        g_regex_match_simple ("^ +1 +1  Dare, Richard +5\\.5 +0\\.5 +19\\.5 +22\\.5 +19\\.75 +20$",
                              out, G_REGEX_MULTILINE, 0));
      g_assert_true (g_regex_match_simple (rules[i].nolan, out, G_REGEX_MULTILINE, 0));
    }
  /* The club's final standings, every row: the place and the points as
   * published, typed from the page ("3 Milton_Severinsen 4.0 …"), under
   * the rule its program used. */
  {
    static const struct
    {
      const char *name;
      const char *points;
    } published[] = {
      { "Dare, Richard", "5\\.5" },
      { "Nolan, Graham", "5\\.5" },
      { "Severinsen, Milton", "4" },
      { "Mistry, Prashant", "4" },
      { "Lynn, William", "4" },
      { "Judkins, Gary", "4" },
      { "Li, Kevin", "4" },
      { "Crombie, William", "3\\.5" },
      { "Bennett, Hilton", "3\\.5" },
      { "Lin, Michael", "3\\.5" },
      { "Tuatini, Murray", "3\\.5" },
      { "Kang, Eushin", "3" },
      { "Symon, Christopher", "3" },
      { "Silva, Ruchira", "3" },
      { "Lightfoot, Rowan", "3" },
      { "Dizon, Leo", "3" },
      { "Heppenstall, Lara", "2\\.5" },
      { "Kennedy, Ian", "2\\.5" },
      { "Crombie, Joel", "2\\.5" },
      { "Dizon, Daniel", "2\\.5" },
      { "Ripp, Ronja", "2" },
      { "Treat, Alex", "2" },
      { "Loy, Nathanial", "2" },
      { "Song, Andy", "2" },
      { "Clark, Sean", "2" },
      { "Silva, Lasen", "1" },
      { "Murphy, Maureen", "1" },
    };
    g_autofree char *out =
      arb_test_cli_ok ((const char *const[]){ "standings", path, "--tiebreaks", "de,ps,bh,sb,bh-c1",
                                              "--unplayed-rule", "fide-2009", NULL },
                       NULL);

    for (gsize i = 0; i < G_N_ELEMENTS (published); i++)
      {
        g_autofree char *line = g_strdup_printf ("^ +%" G_GSIZE_FORMAT " +[0-9]+  %s +%s ", i + 1,
                                                 published[i].name, published[i].points);

        g_test_message ("%s", line);
        g_assert_true (g_regex_match_simple (line, out, G_REGEX_MULTILINE, 0));
      }
  }
  g_unlink (path);
}

/* --set-unplayed-rule stores the rule in the event's settings; later
 * runs without an option use it, the JSON says which, --unplayed-rule
 * overrides it for one run, and an unknown rule is a usage error that
 * stores nothing. The values: test_json's E, BH 3 under C.07; plain, E
 * has B 1½, the bye 0, D 1 = 2½ (tests/core/round/test-standings.c). */
static void
test_unplayed_rule (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *stored = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--set-unplayed-rule", "plain", "--json", NULL },
    NULL);
  g_autofree char *later =
    arb_test_cli_ok ((const char *const[]){ "standings", f->path, "--json", NULL }, NULL);
  g_autofree char *once = arb_test_cli_ok (
    (const char *const[]){ "standings", f->path, "--unplayed-rule", "c07", "--json", NULL }, NULL);
  g_auto (ArbTestCliRun) run = { 0 };
  JsonObject *root;

  if (stored == NULL || later == NULL || once == NULL)
    return;
  root = parse_object (parser, stored);
  g_assert_cmpstr (json_object_get_string_member (root, "unplayed_rule"), ==, "plain");
  root = parse_object (parser, later);
  g_assert_cmpstr (json_object_get_string_member (root, "unplayed_rule"), ==, "plain");
  g_assert_cmpint (json_object_get_int_member (row (root, 5), "start_no"), ==, 5);
  g_assert_cmpfloat (tiebreak (row (root, 5), "bh"), ==, 2.5);
  root = parse_object (parser, once);
  g_assert_cmpstr (json_object_get_string_member (root, "unplayed_rule"), ==, "c07");
  g_assert_cmpfloat (tiebreak (row (root, 5), "bh"), ==, 3);
  if (!arb_test_cli_args (&run, NULL, "standings", f->path, "--set-unplayed-rule", "old", NULL))
    return;
  g_assert_cmpint (run.status, ==, 2);
  arb_test_assert_contains (run.err, "old");
  g_assert_cmpstr (run.out, ==, "");
  g_free (later);
  later = arb_test_cli_ok ((const char *const[]){ "standings", f->path, "--json", NULL }, NULL);
  root = parse_object (parser, later);
  g_assert_cmpstr (json_object_get_string_member (root, "unplayed_rule"), ==, "plain");
}

/* Four players, each met once: the square table, rows and columns by rank. */
static void
test_crosstable_round_robin (void)
{
  g_autofree char *path = imported ("crosstable-rr4.trf");
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--crosstable", NULL }, NULL);

  g_assert_true (
    g_regex_match_simple ("^ +Rank +No\\. +Name +1 +2 +3 +4 +Points$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +1 +1  Ash, Amy +\\* +½ +1 +1 +2\\.5$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +2 +2  Birch, Ben +½ +\\* +½ +1 +2$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +3 +3  Cedar, Cy +0 +½ +\\* +1 +1\\.5$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (
    g_regex_match_simple ("^ +4 +4  Dogwood, Di +0 +0 +0 +\\* +0$", out, G_REGEX_MULTILINE, 0));
  g_unlink (path);
}

/* --teams on tests/data/league-4x4-results.trf, worked by hand from its
 * two rounds (boards 1–4 of each team by its 013 record):
 *   R1 Oslo–Bergen 1, ½, 0, 1 = 2½-1½; Malmö–Aarhus ½, 0, 1 (forfeit),
 *      ½ = 2-2
 *   R2 Oslo–Aarhus 0, ½, 1, 0 (forfeit) = 1½-2½; Bergen–Malmö ½, 0, 0, 0
 *      = ½-3½
 * Match points (2-1-0): Malmö 1+2 = 3, Aarhus 1+2 = 3, Oslo 2+0 = 2,
 * Bergen 0. Game points: Malmö 2+3½ = 5½, Aarhus 2+2½ = 4½, Oslo
 * 2½+1½ = 4, Bergen 1½+½ = 2. Buchholz by match points (C.07 8.1):
 * Malmö Aarhus 3 + Bergen 0 = 3, Aarhus Malmö 3 + Oslo 2 = 5, Oslo
 * Bergen 0 + Aarhus 3 = 3, Bergen Oslo 2 + Malmö 3 = 5. No two are tied
 * on match and game points: direct encounter 0 for all. Sonneborn-Berger
 * (9.1 on match points, the opponent's times those scored): Malmö
 * Aarhus 3×1 + Bergen 0×2 = 3, Aarhus Malmö 3×1 + Oslo 2×2 = 7, Oslo
 * Bergen 0×2 + Aarhus 3×0 = 0, Bergen 2×0 + 3×0 = 0.
 * The team tie-breaks of C.07 (2026 edition), for each match the
 * opponent's (MP, GP) and the MP and GP scored against it:
 *   Malmö: Aarhus (3, 4½) 1, 2;  Bergen (0, 2) 2, 3½
 *   Aarhus: Malmö (3, 5½) 1, 2;  Oslo (2, 4) 2, 2½
 *   Oslo: Bergen (0, 2) 2, 2½;   Aarhus (3, 4½) 0, 1½
 *   Bergen: Oslo (2, 4) 0, 1½;   Malmö (3, 5½) 0, ½
 * EMGSB (13.2.2): Malmö 3×2 + 0×3½ = 6, Aarhus 3×2 + 2×2½ = 11, Oslo
 * 0×2½ + 3×1½ = 4½, Bergen 2×1½ + 3×½ = 4½. EGMSB (13.2.3): Malmö 4½×1
 * + 2×2 = 8½, Aarhus 5½×1 + 4×2 = 13½, Oslo 2×2 + 4½×0 = 4, Bergen 0.
 * EGGSB (13.2.4): Malmö 4½×2 + 2×3½ = 16, Aarhus 5½×2 + 4×2½ = 21, Oslo
 * 2×2½ + 4½×1½ = 11¾, Bergen 4×1½ + 5½×½ = 8¾. EMMSB (13.2.1) is the
 * SB above; MPvGP (13.1) the game points. SSSC (13.4): factor 2 × 2
 * rounds over 4 boards = 1, so GP + BH: Malmö 8½, Aarhus 9½, Oslo 7,
 * Bergen 7. Board count (12.1), board number × the team's points on it
 * (boards in the 013 order; Bergen's is 6, 5, 7, 8):
 *   Malmö R1 ½, 0, 1, ½: ½+0+3+2 = 5½; R2 ½, 1, 1, 1: ½+2+3+4 = 9½: 15
 *   Aarhus R1 ½, 1, 0, ½: ½+2+0+2 = 4½; R2 1, ½, 0, 1: 1+1+0+4 = 6: 10½
 *   Oslo R1 1, ½, 0, 1: 1+1+0+4 = 6; R2 0, ½, 1, 0: 0+1+3+0 = 4: 10
 *   Bergen R1 0, ½, 1, 0: 0+1+3+0 = 4; R2 ½, 0, 0, 0: ½: 4½
 * Beside them the same on game points (C.07 13): Buchholz, the
 * opponents' game points, Malmö Aarhus 4½ + Bergen 2 = 6½, Aarhus
 * Malmö 5½ + Oslo 4 = 9½, Oslo Bergen 2 + Aarhus 4½ = 6½, Bergen Oslo 4
 * + Malmö 5½ = 9½; Sonneborn-Berger on game points is EGGSB. */
static void
test_teams (void)
{
  static const struct
  {
    const char *team;
    double mp, gp, bh, sb, emgsb, egmsb, eggsb, sssc, bc, bh_gp;
  } expected[] = {
    { "Malmö Schacksällskap", 3, 5.5, 3, 3, 6, 8.5, 16, 8.5, 15, 6.5 },
    { "Aarhus Skakklub", 3, 4.5, 5, 7, 11, 13.5, 21, 9.5, 10.5, 9.5 },
    { "Oslo Schakselskap", 2, 4, 3, 0, 4.5, 4, 11.75, 7, 10, 6.5 },
    { "Bergens Schakklub", 0, 2, 5, 0, 4.5, 0, 8.75, 7, 4.5, 9.5 },
  };
  g_autofree char *path = imported ("league-4x4-results.trf");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", "--json", NULL }, NULL);
  g_autofree char *text =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", NULL }, NULL);
  JsonArray *teams;

  if (out == NULL || text == NULL)
    {
      g_unlink (path);
      return;
    }
  teams = json_object_get_array_member (parse_object (parser, out), "teams");
  g_assert_cmpuint (json_array_get_length (teams), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *t = json_array_get_object_element (teams, i);

      g_assert_cmpstr (json_object_get_string_member (t, "team"), ==, expected[i].team);
      g_assert_cmpint (json_object_get_int_member (t, "rank"), ==, (int) i + 1);
      g_assert_cmpint (json_object_get_int_member (t, "matches"), ==, 2);
      g_assert_cmpfloat (json_object_get_double_member (t, "match_points"), ==, expected[i].mp);
      g_assert_cmpfloat (json_object_get_double_member (t, "game_points"), ==, expected[i].gp);
      g_assert_cmpfloat (json_object_get_double_member (t, "bh"), ==, expected[i].bh);
      g_assert_cmpfloat (json_object_get_double_member (t, "de"), ==, 0);
      g_assert_cmpfloat (json_object_get_double_member (t, "sb"), ==, expected[i].sb);
      g_assert_cmpfloat (json_object_get_double_member (t, "emmsb"), ==, expected[i].sb);
      g_assert_cmpfloat (json_object_get_double_member (t, "emgsb"), ==, expected[i].emgsb);
      g_assert_cmpfloat (json_object_get_double_member (t, "egmsb"), ==, expected[i].egmsb);
      g_assert_cmpfloat (json_object_get_double_member (t, "eggsb"), ==, expected[i].eggsb);
      g_assert_cmpfloat (json_object_get_double_member (t, "mpvgp"), ==, expected[i].gp);
      g_assert_cmpfloat (json_object_get_double_member (t, "sssc"), ==, expected[i].sssc);
      g_assert_cmpfloat (json_object_get_double_member (t, "bc"), ==, expected[i].bc);
      g_assert_cmpfloat (json_object_get_double_member (t, "bh_gp"), ==, expected[i].bh_gp);
      g_assert_cmpfloat (json_object_get_double_member (t, "sb_gp"), ==, expected[i].eggsb);
    }
  g_assert_true (g_regex_match_simple ("^ +1  Malmö Schacksällskap +3 +5\\.5 +0 +3 +3"
                                       " +3 +6 +8\\.5 +16 +5\\.5 +8\\.5 +15 +6\\.5$",
                                       text, G_REGEX_MULTILINE, 0));
  g_assert_true (g_regex_match_simple (
    "^ *Rank  Team .* SB +EMMSB +EMGSB +EGMSB +EGGSB +MPvGP +SSSC +BC +BH:GP$", text,
    G_REGEX_MULTILINE, 0));
  /* The rule for unplayed rounds is the event's (2024's by default) or
   * the one asked for, and the JSON says which. */
  g_assert_cmpstr (json_object_get_string_member (parse_object (parser, out), "unplayed_rule"), ==,
                   "c07");
  {
    g_autoptr (JsonParser) again = json_parser_new ();
    g_autofree char *ruled =
      arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", "--json",
                                              "--unplayed-rule", "c07-2026", NULL },
                       NULL);

    g_assert_cmpstr (json_object_get_string_member (parse_object (again, ruled), "unplayed_rule"),
                     ==, "c07-2026");
  }
  g_unlink (path);
}

/* --set-team-order stores the team order; --teams then ranks by it and
 * shows its columns. On tests/data/league-4x4-results.trf (test_teams'
 * working): match points, then top board results (C.07 2026, 12.2).
 * Malmö and Aarhus have 3 match points each; board 1, Malmö R1 ½ + R2
 * ½ = 1, Aarhus ½ + 1 = 1½: Aarhus first, where game points (5½ against
 * 4½) put Malmö first. Aarhus's boards: ½+1, 1+½, 0+0, ½+1 = 1½/1½/0/1½.
 * An unknown key is a usage error that stores nothing. */
static void
test_team_order (void)
{
  g_autofree char *path = imported ("league-4x4-results.trf");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--set-team-order", "mp,tbr",
                                            "--teams", "--json", NULL },
                     NULL);
  g_autofree char *text =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", NULL }, NULL);
  static const char *const expected[] = { "Aarhus Skakklub", "Malmö Schacksällskap",
                                          "Oslo Schakselskap", "Bergens Schakklub" };
  g_auto (ArbTestCliRun) run = { 0 };
  JsonObject *root;
  JsonArray *teams;

  if (out == NULL || text == NULL)
    {
      g_unlink (path);
      return;
    }
  root = parse_object (parser, out);
  g_assert_cmpstr (json_object_get_string_member (root, "team_score"), ==, "mp");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "team_tiebreaks")),
                    ==, 1);
  teams = json_object_get_array_member (root, "teams");
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (teams, i), "team"), ==,
      expected[i]);
  g_assert_true (
    g_regex_match_simple ("^ *Rank  Team .* GP +TBR +EMMSB", text, G_REGEX_MULTILINE, 0));
  g_assert_true (g_regex_match_simple ("^ +1  Aarhus Skakklub +3 +4\\.5 +1\\.5/1\\.5/0/1\\.5 ",
                                       text, G_REGEX_MULTILINE, 0));
  if (arb_test_cli_args (&run, NULL, "standings", path, "--set-team-order", "mp,xyz", NULL))
    {
      g_assert_cmpint (run.status, ==, 2);
      arb_test_assert_contains (run.err, "mp,xyz");
    }
  g_unlink (path);
}

/* --set-team-order takes a key's options (C.07 2026, 13: the score; 14:
 * a Cut or Median), by hand on tests/data/league-4x4-results.trf
 * (test_teams' working): BH:GP, the opponents' game points, Aarhus
 * Malmö 5½ + Oslo 4 = 9½, Malmö Aarhus 4½ + Bergen 2 = 6½: Aarhus first
 * of the two on 3 match points. SB/C1 (14.1.1) cuts the product against
 * the opponent lowest on match points: Aarhus Malmö 3×1 + Oslo 2×2, Oslo's
 * cut: 3; Malmö Aarhus 3×1 + Bergen 0×2, Bergen's cut: 3. An option a key
 * does not take is a usage error naming it. */
static void
test_team_order_options (void)
{
  g_autofree char *path = imported ("league-4x4-results.trf");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--set-team-order", "mp,bh:gp,sb-c1",
                                            "--teams", "--json", NULL },
                     NULL);
  g_autofree char *text =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", NULL }, NULL);
  g_auto (ArbTestCliRun) run = { 0 };
  JsonArray *teams;
  JsonObject *first, *second;

  if (out == NULL || text == NULL)
    {
      g_unlink (path);
      return;
    }
  teams = json_object_get_array_member (parse_object (parser, out), "teams");
  first = json_object_get_object_member (json_array_get_object_element (teams, 0), "order");
  second = json_object_get_object_member (json_array_get_object_element (teams, 1), "order");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (teams, 0), "team"),
                   ==, "Aarhus Skakklub");
  g_assert_cmpfloat (json_object_get_double_member (first, "bh:gp"), ==, 9.5);
  g_assert_cmpfloat (json_object_get_double_member (second, "bh:gp"), ==, 6.5);
  g_assert_cmpfloat (json_object_get_double_member (first, "sb-c1"), ==, 3);
  g_assert_cmpfloat (json_object_get_double_member (second, "sb-c1"), ==, 3);
  g_assert_true (
    g_regex_match_simple ("^ *Rank  Team .* GP +BH:GP +SB/C1 ", text, G_REGEX_MULTILINE, 0));
  if (arb_test_cli_args (&run, NULL, "standings", path, "--set-team-order", "mp,bh-p", NULL))
    {
      g_assert_cmpint (run.status, ==, 2);
      arb_test_assert_contains (run.err, "bh-p");
    }
  g_unlink (path);
}

/* --set-team-order takes the options as a TRF's codes write them too
 * ("BH:GP/C1", "sb/c1", either case), stored as the settings' keys; an
 * option no key takes after the slash is a usage error naming the item
 * as written. */
static void
test_team_order_trf_codes (void)
{
  g_autofree char *path = imported ("league-4x4-results.trf");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--set-team-order",
                                            "mp,BH:GP/C1,sb/c1,de:GP", "--teams", "--json", NULL },
                     NULL);
  g_auto (ArbTestCliRun) run = { 0 };
  JsonArray *order;

  if (out == NULL)
    {
      g_unlink (path);
      return;
    }
  order = json_object_get_array_member (parse_object (parser, out), "team_tiebreaks");
  g_assert_cmpuint (json_array_get_length (order), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (order, 0), ==, "bh:gp-c1");
  g_assert_cmpstr (json_array_get_string_element (order, 1), ==, "sb-c1");
  g_assert_cmpstr (json_array_get_string_element (order, 2), ==, "de:gp");
  if (arb_test_cli_args (&run, NULL, "standings", path, "--set-team-order", "mp,BH/C3", NULL))
    {
      g_assert_cmpint (run.status, ==, 2);
      arb_test_assert_contains (run.err, "“BH/C3”");
    }
  g_unlink (path);
}

/* --set-team-scoring stores a team's match points (C.07 2026, 11.1;
 * TRF-2026 record 362); --teams counts them and says which. On
 * tests/data/league-4x4-results.trf (test_teams' matches) under 3-1-0,
 * by hand: R1 Oslo beat Bergen, Malmö–Aarhus drawn; R2 Aarhus beat Oslo,
 * Malmö beat Bergen. Match points Malmö 1+3 = 4, Aarhus 1+3 = 4, Oslo
 * 3+0 = 3, Bergen 0; game points as there (5½, 4½, 4, 2). Buchholz:
 * Malmö Aarhus 4 + Bergen 0 = 4, Aarhus Malmö 4 + Oslo 3 = 7, Oslo
 * Bergen 0 + Aarhus 4 = 4, Bergen Oslo 3 + Malmö 4 = 7. Sonneborn-Berger:
 * Malmö 4×1 + 0×3 = 4, Aarhus 4×1 + 3×3 = 13, Oslo 0×3 + 4×0 = 0,
 * Bergen 0. SSSC (13.4): factor 3 × 2 rounds / 4 boards = 1½, toward
 * zero 1: Malmö 5½ + 4 = 9½, Aarhus 4½ + 7 = 11½, Oslo 4 + 4 = 8, Bergen
 * 2 + 7 = 9. Match points that do not go win ≥ draw ≥ loss are a usage
 * error that stores nothing. */
static void
test_team_scoring (void)
{
  static const struct
  {
    const char *team;
    double mp, bh, sb, sssc;
  } expected[] = {
    { "Malmö Schacksällskap", 4, 4, 4, 9.5 },
    { "Aarhus Skakklub", 4, 7, 13, 11.5 },
    { "Oslo Schakselskap", 3, 4, 0, 8 },
    { "Bergens Schakklub", 0, 7, 0, 9 },
  };
  g_autofree char *path = imported ("league-4x4-results.trf");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--set-team-scoring", "3-1-0",
                                            "--teams", "--json", NULL },
                     NULL);
  g_autofree char *text =
    arb_test_cli_ok ((const char *const[]){ "standings", path, "--teams", NULL }, NULL);
  g_auto (ArbTestCliRun) run = { 0 };
  JsonObject *root, *points;
  JsonArray *teams;

  if (out == NULL || text == NULL)
    {
      g_unlink (path);
      return;
    }
  root = parse_object (parser, out);
  points = json_object_get_object_member (root, "team_match_points");
  g_assert_cmpfloat (json_object_get_double_member (points, "win"), ==, 3);
  g_assert_cmpfloat (json_object_get_double_member (points, "draw"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (points, "loss"), ==, 0);
  teams = json_object_get_array_member (root, "teams");
  g_assert_cmpuint (json_array_get_length (teams), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonObject *t = json_array_get_object_element (teams, i);

      g_assert_cmpstr (json_object_get_string_member (t, "team"), ==, expected[i].team);
      g_assert_cmpfloat (json_object_get_double_member (t, "match_points"), ==, expected[i].mp);
      g_assert_cmpfloat (json_object_get_double_member (t, "bh"), ==, expected[i].bh);
      g_assert_cmpfloat (json_object_get_double_member (t, "sb"), ==, expected[i].sb);
      g_assert_cmpfloat (json_object_get_double_member (t, "sssc"), ==, expected[i].sssc);
    }
  arb_test_assert_contains (text, "Match points: 3 a win, 1 a draw, 0 a loss\n");
  if (arb_test_cli_args (&run, NULL, "standings", path, "--set-team-scoring", "1-2-0", NULL))
    {
      g_assert_cmpint (run.status, ==, 2);
      arb_test_assert_contains (run.err, "1-2-0");
    }
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/standings/text", Fixture, NULL, set_up, test_text, tear_down);
  g_test_add ("/cli/standings/json", Fixture, NULL, set_up, test_json, tear_down);
  g_test_add ("/cli/standings/round", Fixture, NULL, set_up, test_round, tear_down);
  g_test_add ("/cli/standings/shared-place", Fixture, NULL, set_up, test_shared_place, tear_down);
  g_test_add ("/cli/standings/options", Fixture, NULL, set_up, test_options, tear_down);
  g_test_add ("/cli/standings/counts", Fixture, NULL, set_up, test_counts, tear_down);
  g_test_add ("/cli/standings/event-settings", Fixture, NULL, set_up, test_event_settings,
              tear_down);
  g_test_add ("/cli/standings/errors", Fixture, NULL, set_up, test_errors, tear_down);
  g_test_add ("/cli/standings/unplayed-rule", Fixture, NULL, set_up, test_unplayed_rule, tear_down);
  g_test_add_func ("/cli/standings/crosstable-swiss", test_crosstable_swiss);
  g_test_add_func ("/cli/standings/team-order", test_team_order);
  g_test_add_func ("/cli/standings/crosstable-round-robin", test_crosstable_round_robin);
  g_test_add_func ("/cli/standings/teams", test_teams);
  g_test_add_func ("/cli/standings/team-scoring", test_team_scoring);
  g_test_add_func ("/cli/standings/team-order-options", test_team_order_options);
  g_test_add_func ("/cli/standings/team-order-trf-codes", test_team_order_trf_codes);
  g_test_add_func ("/cli/standings/real-event-hamilton-2018", test_real_event_hamilton_2018);
  return g_test_run ();
}
