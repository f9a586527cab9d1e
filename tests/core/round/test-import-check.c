/* test-import-check.c: a TRF's points and ranks against the record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every TRF file of tests/data is the project's own and agrees with
 * itself, so importing it (alone, or after the file it follows) tells
 * the arbiter nothing; a points field planted wrong is told by player,
 * field and both values.
 */

#include "config.h"

#include <string.h>

#include "arb-round-entries.h"
#include "arb-test-utils.h"

/* The fixtures whose fields are planted wrong on purpose. */
static const char *const planted[] = { "entries-6-r3-points.trf" };

static gboolean
is_planted (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (planted); i++)
    if (strcmp (name, planted[i]) == 0)
      return TRUE;
  return FALSE;
}

/* @names imported one after the other into a new tournament: the
 * warnings of the last. */
static GPtrArray *
import_in_turn (const char *const *names)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  GPtrArray *warnings = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      gsize length = 0;
      g_autofree char *text = arb_test_read_fixture (names[i], &length);

      g_clear_pointer (&warnings, g_ptr_array_unref);
      warnings = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
      g_assert_true (arb_round_import_trf (t, text, length, 0, warnings, &error));
      g_assert_no_error (error);
    }
  return warnings;
}

/* The fixtures whose rules (TRF-2026 records 162, 202, 212) say what
 * Arbiter does not count so, and how many warnings they give for it
 * (test-import-settings.c looks at each): keep-26*.trf a team event's
 * 202 "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", of which the team order takes
 * MPvGP and reports the three with /P or a Cut, which the team standings
 * do not count; scoring-3-1-0.trf two codes Arbiter does not compute. */
static const struct
{
  const char *name;
  guint rules;
} with_rules[] = {
  { "keep-26.trf", 3 },
  { "keep-26-results.trf", 3 },
  { "scoring-3-1-0.trf", 2 },
};

static guint
rule_warnings (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (with_rules); i++)
    if (strcmp (name, with_rules[i].name) == 0)
      return with_rules[i].rules;
  return 0;
}

/* No warning about the games and points; about the file's rules only
 * those the fixture is known for. */
static void
assert_no_warnings (GPtrArray *warnings, const char *what)
{
  guint rules = 0;

  for (guint i = 0; i < warnings->len; i++)
    {
      const ArbEntryWarning *w = warnings->pdata[i];
      g_autofree char *said = arb_entry_warning_describe (w);

      g_test_message ("%s: %s", what, said);
      if (w->kind >= ARB_ENTRY_WARNING_TRF_TIEBREAK)
        rules++;
    }
  g_assert_cmpuint (rules, ==, rule_warnings (what));
  g_assert_cmpuint (warnings->len, ==, rules);
}

/* One fixture into a new tournament. */
static void
test_fixture (gconstpointer data)
{
  const char *name = data;
  const char *names[] = { name, NULL };
  g_autoptr (GPtrArray) warnings = import_in_turn (names);

  assert_no_warnings (warnings, name);
}

/* The files that follow one another: a round's pairings and then its
 * results, and a file older than the record (round 5's results entered,
 * then the file that paired round 5 imported again). */
static void
test_in_turn (void)
{
  const char *const sequences[][3] = {
    { "entries-6.trf", "entries-6-r3.trf", NULL },
    { "open-5-paired.trf", "open-5-results.trf", NULL },
    { "open-5-results.trf", "open-5-paired.trf", NULL },
    { "league-4x4.trf", "league-4x4-results.trf", NULL },
    { "league-4x4-26.trf", "keep-26-results.trf", NULL },
    { "keep-26.trf", "keep-26-results.trf", NULL },
    { "keep-16.trf", "keep-16-results.trf", NULL },
    { "swiss-ties-5.trf", "keep-16.trf", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sequences); i++)
    {
      g_autoptr (GPtrArray) warnings = import_in_turn (sequences[i]);

      assert_no_warnings (warnings, sequences[i][1]);
    }
}

static const ArbEntryWarning *
find_difference (GPtrArray *warnings, ArbTrfField field)
{
  const ArbEntryWarning *found = NULL;

  for (guint i = 0; i < warnings->len; i++)
    {
      const ArbEntryWarning *w = warnings->pdata[i];

      g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_DIFFERS);
      if (w->field == field)
        {
          g_assert_null (found);
          found = w;
        }
    }
  g_assert_nonnull (found);
  return found;
}

/* entries-6-r3-points.trf is entries-6-r3.trf with Foxtrot's points 2.5
 * (the games of rounds 1 and 2 give 1 + ½) and Echo, alone on ½ and
 * fifth after round 2, ranked second. */
static void
test_planted (void)
{
  const char *names[] = { "entries-6-r3-points.trf", NULL };
  g_autoptr (GPtrArray) warnings = import_in_turn (names);
  const ArbEntryWarning *points, *rank;
  g_autofree char *said_points = NULL, *said_rank = NULL;

  g_assert_cmpuint (warnings->len, ==, 2);
  points = find_difference (warnings, ARB_TRF_FIELD_POINTS);
  g_assert_cmpstr (points->player, ==, "Foxtrot, Finn");
  g_assert_cmpint (points->start_no, ==, 6);
  g_assert_cmpint (points->round, ==, 2);
  g_assert_cmpint (points->in_file, ==, 5);
  g_assert_cmpint (points->in_record, ==, 3);
  /* Round 3 holds no result of Foxtrot's: one value. */
  g_assert_cmpint (points->later_round, ==, 0);
  said_points = arb_entry_warning_describe (points);
  g_assert_cmpstr (said_points, ==,
                   "After round 2: Foxtrot, Finn (6): points 2½ in the file, 1½ in the record");

  /* Golf's pairing-allocated bye of round 3 (1 point) puts Echo sixth
   * or seventh, level with Charlie's half-point bye, counting round 3's
   * byes. */
  rank = find_difference (warnings, ARB_TRF_FIELD_RANK);
  g_assert_cmpstr (rank->player, ==, "Echo, Eva");
  g_assert_cmpint (rank->in_file, ==, 2);
  g_assert_cmpint (rank->in_record, ==, 5);
  g_assert_cmpint (rank->in_record_last, ==, 5);
  g_assert_cmpint (rank->later_round, ==, 3);
  g_assert_cmpint (rank->later, ==, 6);
  g_assert_cmpint (rank->later_last, ==, 7);
  said_rank = arb_entry_warning_describe (rank);
  g_assert_cmpstr (said_rank, ==,
                   "After round 2: Echo, Eva (5): rank 2 in the file, 5 in the standings (6–7 "
                   "with what the file holds up to round 3)");
}

/* @text with the points field of the player line of @start_no made
 * @points (four columns, "2.0"). */
static void
plant_points (char *text, int start_no, const char *points)
{
  g_autofree char *head = g_strdup_printf ("\n001 %4d ", start_no);
  char *line = strstr (text, head);

  g_assert_nonnull (line);
  g_assert_cmpuint (strlen (points), ==, 4);
  memcpy (line + 1 + 80, points, 4);
}

/* In a team league the individual ranks are not compared (the file
 * writes starting ranks there), but the points are: Dahl (4) won in
 * round 1, and the file is made to say he lost; and a half point of
 * Hansen's (1) more is told as "1½". */
static void
test_team_points (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  const ArbEntryWarning *w;
  g_autofree char *said_4 = NULL, *said_1 = NULL;

  plant_points (text, 4, " 0.0");
  plant_points (text, 1, " 1.5");
  g_assert_true (arb_round_import_trf (t, text, length, 0, warnings, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 2);
  for (guint i = 0; i < warnings->len; i++)
    {
      w = warnings->pdata[i];
      g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_DIFFERS);
      g_assert_cmpint (w->field, ==, ARB_TRF_FIELD_POINTS);
      if (w->start_no == 4)
        said_4 = arb_entry_warning_describe (w);
      else if (w->start_no == 1)
        said_1 = arb_entry_warning_describe (w);
    }
  g_assert_cmpstr (said_4, ==,
                   "After round 1: Dahl, Per (4): points 0 in the file, 1 in the record");
  g_assert_cmpstr (said_1, ==,
                   "After round 1: Hansen, Magnus (1): points 1½ in the file, 1 in the record");
}

/* @text with columns @column.. of the record 310 of team @number made
 * @value (columns are characters: a team's name may hold "ö"). */
static void
plant_team (char *text, int number, int column, const char *value)
{
  g_autofree char *head = g_strdup_printf ("\n310 %3d ", number);
  char *line = strstr (text, head);

  g_assert_nonnull (line);
  memcpy (g_utf8_offset_to_pointer (line + 1, column - 1), value, strlen (value));
}

/* tests/data/league-4x4-26-results.trf's records 310 give each team's
 * match points, game points and rank after round 2 as the record has
 * them (worked by hand in tests/cli/test-standings.c: Malmö 3, 5½;
 * Aarhus 3, 4½; Oslo 2, 4; Bergen 0, 2), so it imports without a word
 * (the agrees/ case). Planted: Oslo's match points 3, Bergen's game
 * points 2½, Aarhus fourth, Malmö second. Malmö and Aarhus are level on
 * 3 match points, ranks 1–2 between them: Malmö second is the program's
 * tie-break and told nothing; Aarhus fourth is told. */
static void
test_team_record (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4-26-results.trf", &length);
  const ArbEntryWarning *w;
  g_autofree char *said_mp = NULL, *said_gp = NULL, *said_rank = NULL;

  plant_team (text, 1, 55, "   3.0");
  plant_team (text, 2, 62, "   2.5");
  plant_team (text, 4, 69, "  4");
  plant_team (text, 3, 69, "  2");
  g_assert_true (arb_round_import_trf (t, text, length, 0, warnings, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 3);
  w = find_difference (warnings, ARB_TRF_FIELD_MATCH_POINTS);
  g_assert_cmpstr (w->player, ==, "Oslo Schakselskap");
  g_assert_cmpint (w->start_no, ==, 1);
  g_assert_cmpint (w->in_file, ==, 6);
  g_assert_cmpint (w->in_record, ==, 4);
  said_mp = arb_entry_warning_describe (w);
  g_assert_cmpstr (said_mp, ==,
                   "After round 2: team Oslo Schakselskap (1): match points 3 in the file, 2 in "
                   "the record");
  w = find_difference (warnings, ARB_TRF_FIELD_GAME_POINTS);
  said_gp = arb_entry_warning_describe (w);
  g_assert_cmpstr (said_gp, ==,
                   "After round 2: team Bergens Schakklub (2): game points 2½ in the file, 2 in "
                   "the record");
  w = find_difference (warnings, ARB_TRF_FIELD_TEAM_RANK);
  g_assert_cmpint (w->in_record, ==, 1);
  g_assert_cmpint (w->in_record_last, ==, 2);
  said_rank = arb_entry_warning_describe (w);
  g_assert_cmpstr (said_rank, ==,
                   "After round 2: team Aarhus Skakklub (4): rank 4 in the file, 1–2 in the "
                   "record");
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir_path = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);

  /* Every TRF fixture there is, so that a new one is checked too. */
  dir_path = g_test_build_filename (G_TEST_DIST, "data", NULL);
  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".trf") && !is_planted (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >, 10);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path =
        g_strdup_printf ("/round/import-check/agrees/%s", (const char *) names->pdata[i]);
      g_test_add_data_func (path, names->pdata[i], test_fixture);
    }
  g_test_add_func ("/round/import-check/agrees-in-turn", test_in_turn);
  g_test_add_func ("/round/import-check/planted", test_planted);
  g_test_add_func ("/round/import-check/team-points", test_team_points);
  g_test_add_func ("/round/import-check/team-record", test_team_record);
  return g_test_run ();
}
