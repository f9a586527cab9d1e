/* test-import-settings.c: the event's scoring and tie-breaks from a TRF, in one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/scoring-3-1-0.trf was laid out by hand: four players, two
 * rounds, 162 giving 3-1-0 and 202 "BH/C1, BH/P, SB, XYZ, WIN". Its
 * points were counted by hand under 3-1-0: Alpha beat Charlie and Delta
 * (3 + 3 = 6), Bravo drew with Delta and beat Charlie (1 + 3 = 4),
 * Delta drew and lost (1), Charlie lost twice (0). Under 1-½-0 the file
 * would say 2, 1½, ½ and 0, so an import that kept 1-½-0 is told
 * against every player line but Charlie's. The columns of 202, counted
 * on the line: "BH/C1" 5-9, ", " 10-11, "BH/P" 12-15, ", " 16-17, "SB"
 * 18-19, ", " 20-21, "XYZ" 22-24, ", " 25-26, "WIN" 27-29.
 */

#include "config.h"

#include <string.h>

#include "arb-event-settings.h"
#include "arb-round-entries.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

static void
assert_order (ArbTournament *t, const char *const *keys)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, &error);
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
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

static void
test_import_takes_rules (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("scoring-3-1-0.trf", &length);
  static const char *const keys[] = { "bh-c1", "sb", "win", NULL };
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n = 0;
  const ArbEntryWarning *w;
  g_autofree char *said = NULL;

  /* An earlier choice of the rule for unplayed rounds stays. */
  g_assert_true (arb_standings_set_unplayed_rule (t, ARB_UNPLAYED_PLAIN, &error));
  g_assert_no_error (error);

  g_assert_true (arb_round_import_trf (t, text, length, 0, warnings, &error));
  g_assert_no_error (error);

  event = arb_tournament_get_event (t, &error);
  g_assert_no_error (error);
  arb_standings_event_settings (event, &scoring, order, &n);
  g_assert_cmpfloat (scoring.win, ==, 3.0);
  g_assert_cmpfloat (scoring.draw, ==, 1.0);
  g_assert_cmpfloat (scoring.loss, ==, 0.0);
  g_assert_cmpint (scoring.unplayed, ==, ARB_UNPLAYED_PLAIN);
  assert_order (t, keys);

  /* The two codes Arbiter does not compute, by code and column, and no
   * points told against: the file's 3-1-0 counted. */
  g_assert_cmpuint (warnings->len, ==, 2);
  w = warnings->pdata[0];
  g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_TIEBREAK);
  g_assert_cmpstr (w->code, ==, "BH/P");
  g_assert_cmpint (w->record, ==, 202);
  g_assert_cmpint (w->line, ==, 7);
  g_assert_cmpint (w->column, ==, 12);
  said = arb_entry_warning_describe (w);
  g_assert_cmpstr (said, ==,
                   "Line 7, column 12: Arbiter does not compute the tie-break BH/P of record "
                   "202; the event's order leaves it out");
  w = warnings->pdata[1];
  g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_TIEBREAK);
  g_assert_cmpstr (w->code, ==, "XYZ");
  g_assert_cmpint (w->column, ==, 22);
}

/* The export's 162 and 202 after the import of scoring-3-1-0.trf: as
 * the file had them, BH/P and XYZ (which the order left out) too, until
 * the arbiter changes the scoring or the order; then from the settings,
 * in the layout of 162 (a letter in column 6, its points in 7-10, the
 * next nine columns on: "162  W 2.0    D 1.0 …") and the codes of 202. */
static void
test_export_follows_changes (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("scoring-3-1-0.trf", &length);
  g_autofree char *kept = NULL, *changed = NULL;
  static const ArbTiebreak order[] = { ARB_TIEBREAK_SONNEBORN_BERGER, ARB_TIEBREAK_BUCHHOLZ_CUT1,
                                       ARB_TIEBREAK_KOYA };
  ArbScoring scoring;

  g_assert_true (arb_round_import_trf (t, text, length, 0, NULL, &error));
  g_assert_no_error (error);
  kept = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (kept, "\n162  W 3.0    D 1.0    L 0.0\n");
  arb_test_assert_contains (kept, "\n202 BH/C1, BH/P, SB, XYZ, WIN\n");

  arb_scoring_init_default (&scoring);
  scoring.win = 2.0;
  scoring.draw = 1.0;
  g_assert_true (arb_event_settings_set_scoring (t, &scoring, &error));
  g_assert_true (arb_event_settings_set_tiebreaks (t, order, G_N_ELEMENTS (order), &error));
  g_assert_no_error (error);
  changed = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (changed, "\n162  W 2.0    D 1.0    L 0.0    P 2.0    A 0.0\n");
  arb_test_assert_contains (changed, "\n202 SB,BH/C1,KS\n");
  g_assert_null (strstr (changed, "XYZ"));
}

/* A team event's 202 and 212 are written back as the file had them
 * while the team order is as the import made it, and from the settings
 * once it changed: the keys in capitals, 212 with the primary score in
 * its first code. */
static void
test_export_team_order (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *file = arb_test_read_fixture ("league-4x4-26.trf", &length);
  const char *rest = strchr (file, '\n') + 1;
  g_autofree char *first = g_strndup (file, rest - file);
  g_autofree char *text = g_strconcat (first, "202 EDEBT,XYZ\n212 PTS,EDEBT,XYZ\n", rest, NULL);
  g_autofree char *kept = NULL, *changed = NULL;
  ArbTeamOrder order = { .primary = ARB_TEAM_SCORE_GP,
                         .n_order = 2,
                         .order = { ARB_TEAM_ORDER_TBR, ARB_TEAM_ORDER_BH },
                         .options = { { 0 }, { ARB_TEAM_ON_MP, 'C', 1 } } };

  g_assert_true (arb_round_import_trf (t, text, strlen (text), 0, NULL, &error));
  g_assert_no_error (error);
  kept = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (kept, "\n202 EDEBT,XYZ\n");
  arb_test_assert_contains (kept, "\n212 PTS,EDEBT,XYZ\n");
  g_assert_true (arb_event_settings_set_team_order (t, &order, &error));
  g_assert_no_error (error);
  changed = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (changed, "\n202 TBR,BH:MP/C1\n");
  arb_test_assert_contains (changed, "\n212 PTS:GP,TBR,BH:MP/C1\n");
}

/* A file without 162 and 202 leaves the event's settings as they are. */
static void
test_import_without_rules (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("swiss-5.trf", &length);
  ArbTiebreak order[] = { ARB_TIEBREAK_SONNEBORN_BERGER, ARB_TIEBREAK_BUCHHOLZ };
  ArbScoring three = { 3, 1, 0, ARB_UNPLAYED_C07 };
  static const char *const keys[] = { "sb", "bh", NULL };
  g_autoptr (ArbEventInfo) event = NULL;

  g_assert_true (arb_event_settings_set_tiebreaks (t, order, G_N_ELEMENTS (order), &error));
  g_assert_true (arb_event_settings_set_scoring (t, &three, &error));
  g_assert_no_error (error);
  g_assert_true (arb_round_import_trf (t, text, length, 0, NULL, &error));
  g_assert_no_error (error);
  assert_order (t, keys);
  event = arb_tournament_get_event (t, &error);
  g_assert_nonnull (strstr (event->settings, "\"scoring\":\"3-1-0\""));
}

static ArbTrf *
parse (const char *head)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strconcat (head, "001    1 m    Able, Ann\n", NULL);
  ArbTrf *trf = arb_trf_parse (text, strlen (text), &error);

  g_assert_no_error (error);
  return trf;
}

static GPtrArray *
settings_of (const char *head, JsonObject **settings)
{
  g_autoptr (ArbTrf) trf = parse (head);
  GPtrArray *warnings = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);

  *settings = json_object_new ();
  arb_round_trf_settings (trf, *settings, warnings);
  return warnings;
}

/* Record 092, the tournament's type: a round robin sets "round_robin"
 * (C.07 Article 15.2), a Swiss clears it, any other type leaves it. */
static void
test_tournament_type (void)
{
  static const struct
  {
    const char *head;
    int round_robin; /* -1: not set */
  } cases[] = {
    { "092 Individual: Round Robin\n", 1 },
    { "092 Double round-robin\n", 1 },
    { "092 Individual: Swiss-System\n", 0 },
    { "092 Scheveningen\n", -1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      JsonObject *settings = NULL;
      g_autoptr (GPtrArray) warnings = settings_of (cases[i].head, &settings);

      g_test_message ("%s", cases[i].head);
      if (cases[i].round_robin < 0)
        g_assert_false (json_object_has_member (settings, "round_robin"));
      else
        g_assert_cmpint (json_object_get_boolean_member (settings, "round_robin"), ==,
                         cases[i].round_robin);
      g_assert_cmpuint (warnings->len, ==, 0);
      json_object_unref (settings);
    }
}

/* A pairing-allocated bye of 1.5 points and an absence of 0.5 under
 * 3-1-0: Arbiter counts them as a win (3) and a loss (0), and says so. */
static void
test_byes_counted_otherwise (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) warnings =
    settings_of ("162  W 3.0    D 1.0    L 0.0    P 1.5    A 0.5\n", &settings);
  g_autofree char *said_p = NULL, *said_a = NULL;

  g_assert_cmpstr (json_object_get_string_member (settings, "scoring"), ==, "3-1-0");
  g_assert_cmpuint (warnings->len, ==, 2);
  said_p = arb_entry_warning_describe (warnings->pdata[0]);
  said_a = arb_entry_warning_describe (warnings->pdata[1]);
  g_assert_cmpstr (said_p, ==,
                   "Line 1: record 162 gives a pairing-allocated bye 1.5 points; Arbiter counts "
                   "it as a win, 3");
  g_assert_cmpstr (said_a, ==,
                   "Line 1: record 162 gives an absence or a forfeit loss 0.5 points; Arbiter "
                   "counts it as a loss, 0");
  json_object_unref (settings);
}

/* A draw worth more than a win is no scoring Arbiter counts: the event
 * keeps its own, and the arbiter is told. */
static void
test_scoring_refused (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) warnings = settings_of ("162  W 0.5    D 1.0\n", &settings);
  g_autofree char *said = NULL;

  g_assert_false (json_object_has_member (settings, "scoring"));
  g_assert_cmpuint (warnings->len, ==, 1);
  said = arb_entry_warning_describe (warnings->pdata[0]);
  g_assert_cmpstr (said, ==,
                   "Line 1: record 162 gives 0.5 for a win, 1 for a draw and 0 for a loss; the "
                   "event keeps its own scoring");
  json_object_unref (settings);
}

/* Record 362 (TRF-2026, a team's match points TW, TD, TL) becomes the
 * event's "team_scoring", and what the import made of it is kept beside
 * it for the export; points that do not go win ≥ draw ≥ loss are
 * reported and not taken. */
static void
test_team_scoring (void)
{
  JsonObject *settings = NULL, *refused = NULL;
  g_autoptr (GPtrArray) warnings = settings_of ("362  TW 3.0  TD 1.0  TL 0.0\n", &settings);
  g_autoptr (GPtrArray) told = settings_of ("362  TW 1.0  TD 2.0\n", &refused);
  g_autofree char *said = NULL;

  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpstr (json_object_get_string_member (settings, "team_scoring"), ==, "3-1-0");
  g_assert_cmpstr (json_object_get_string_member (settings, "trf_362"), ==,
                   " TW 3.0   TD 1.0   TL 0.0");
  g_assert_false (json_object_has_member (refused, "team_scoring"));
  g_assert_cmpuint (told->len, ==, 1);
  said = arb_entry_warning_describe (told->pdata[0]);
  g_assert_cmpstr (said, ==,
                   "Line 1: record 362 gives 1 match points for a team's win, 2 for a draw and 0 "
                   "for a loss; the event keeps its own match points");
  json_object_unref (settings);
  json_object_unref (refused);
}

/* A team event's 362: the standings count it, and the export writes it
 * back as the file had it, leaves it out once the arbiter makes the
 * match points TRF-2026's default (2-1-0: the record is then not
 * needed) and writes it from the settings for others, each code where
 * 162 puts a result's letter (columns 6, 15, 24), its points after it. Round 1 of
 * league-4x4-26.trf, by hand: Oslo–Bergen 1, ½, 0, 1 = 2½-1½, Malmö–Aarhus
 * ½, 0, 1 (forfeit), ½ = 2-2; under 3-1-0 Oslo 3, Malmö and Aarhus 1
 * each, Bergen 0 (under 2-1-0 Oslo would have 2). Round 2 has no result. */
static void
test_export_team_scoring (void)
{
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *file = arb_test_read_fixture ("league-4x4-26.trf", &length);
  const char *rest = strchr (file, '\n') + 1;
  g_autofree char *first = g_strndup (file, rest - file);
  g_autofree char *text = g_strconcat (first, "362  TW 3.0  TD 1.0  TL 0.0\n", rest, NULL);
  g_autofree char *kept = NULL, *plain = NULL, *changed = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbTeamMatchPoints points = { 2, 1, 0 };
  static const struct
  {
    const char *team;
    double mp;
  } expected[] = {
    { "Oslo Schakselskap", 3 },
    { "Aarhus Skakklub", 1 }, /* level with Malmö on everything: by name */
    { "Malmö Schacksällskap", 1 },
    { "Bergens Schakklub", 0 },
  };

  g_assert_true (arb_round_import_trf (t, text, strlen (text), 0, NULL, &error));
  g_assert_no_error (error);
  rows = arb_team_standings_read (t, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
    }
  kept = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (kept, "\n362  TW 3.0  TD 1.0  TL 0.0\n");
  g_assert_true (arb_event_settings_set_team_match_points (t, &points, &error));
  g_assert_no_error (error);
  plain = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (plain, "\n362"));
  points.win = 4;
  points.draw = 2;
  g_assert_true (arb_event_settings_set_team_match_points (t, &points, &error));
  g_assert_no_error (error);
  changed = arb_tournament_export_trf_as (t, NULL, 0, &error);
  g_assert_no_error (error);
  arb_test_assert_contains (changed, "\n362  TW 4.0   TD 2.0   TL 0.0\n");
}

/* Without 202, the codes of 212 after PTS; and a team event's codes are
 * not the event's order. */
static void
test_standings_and_teams (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) warnings = settings_of ("212 PTS, SB, BH/C1\n", &settings);
  JsonArray *keys = json_object_get_array_member (settings, "tiebreaks");
  g_autoptr (GPtrArray) team = NULL;
  g_autofree char *team_head = NULL;

  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpuint (json_array_get_length (keys), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "sb");
  g_assert_cmpstr (json_array_get_string_element (keys, 1), ==, "bh-c1");
  json_object_unref (settings);

  /* A 310 record: the team's number in 5-7, its name in 9-40, its first
   * player's starting rank in 74-77. A team event's codes are its team
   * order; /P (forfeits as played), which the team standings do not
   * have, is told; BH:MP/C1 on the primary score is "bh-c1" (C.07 14.1). */
  team_head = g_strdup_printf ("202 EDET/P,BH:MP/C1\n310   1 %-65s%4d\n", "Alpha", 1);
  team = settings_of (team_head, &settings);
  g_assert_false (json_object_has_member (settings, "tiebreaks"));
  g_assert_cmpuint (
    json_array_get_length (json_object_get_array_member (settings, "team_tiebreaks")), ==, 1);
  g_assert_cmpstr (
    json_array_get_string_element (json_object_get_array_member (settings, "team_tiebreaks"), 0),
    ==, "bh-c1");
  g_assert_cmpuint (team->len, ==, 1);
  g_assert_cmpint (((ArbEntryWarning *) team->pdata[0])->kind, ==, ARB_ENTRY_WARNING_TRF_TIEBREAK);
  g_assert_cmpstr (((ArbEntryWarning *) team->pdata[0])->code, ==, "EDET/P");
  json_object_unref (settings);
}

static void
assert_keys (JsonObject *settings, const char *member, const char *const *expected, guint n)
{
  JsonArray *keys = json_object_get_array_member (settings, member);

  g_assert_cmpuint (json_array_get_length (keys), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (json_array_get_string_element (keys, i), ==, expected[i]);
}

static void
assert_warning (GPtrArray *warnings, guint i, int record, int column, const char *code)
{
  const ArbEntryWarning *w = warnings->pdata[i];

  g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_TIEBREAK);
  g_assert_cmpint (w->record, ==, record);
  g_assert_cmpint (w->line, ==, 1);
  g_assert_cmpint (w->column, ==, column);
  g_assert_cmpstr (w->code, ==, code);
}

/* A team event's 202 (C.07 2026): EDEBT is EDE, BC, TBR (13.3.2); BH:MP
 * is Buchholz on the primary score, match points; MPvGP (13.1) taken;
 * BH:GP (not the primary score), SB/C1 (a Cut) and XYZ told by line and
 * column: "202 " is 1-4, "EDEBT," 5-10, "BH:MP," 11-16, "MPVGP," 17-22,
 * "BH:GP," 23-28, "SB/C1," 29-34, "XYZ" from 35. A 212 beginning
 * "PTS:GP" makes game points primary: "PTS:GP," 5-11, "TBR," 12-15,
 * "EGGSB/P" from 16. */
static void
test_team_order (void)
{
  JsonObject *settings = NULL;
  g_autofree char *team = g_strdup_printf ("310   1 %-65s%4d\n", "Alpha", 1);
  g_autofree char *head = g_strconcat ("202 EDEBT,BH:MP,MPvGP,BH:GP,SB/C1,XYZ\n", team, NULL);
  g_autofree char *by_gp = g_strconcat ("212 PTS:GP,TBR,EGGSB/P\n", team, NULL);
  g_autoptr (GPtrArray) warnings = settings_of (head, &settings);
  g_autoptr (GPtrArray) gp_warnings = NULL;
  /* BH:GP (C.07 13, the other score named) and SB/C1 (14.1) with their
   * options; XYZ is no code Arbiter knows. */
  static const char *const keys[] = { "ede", "bc", "tbr", "bh", "mpvgp", "bh:gp", "sb-c1" },
                           *const tbr[] = { "tbr" };

  assert_keys (settings, "team_tiebreaks", keys, G_N_ELEMENTS (keys));
  g_assert_cmpstr (json_object_get_string_member (settings, "team_score"), ==, "mp");
  g_assert_false (json_object_has_member (settings, "tiebreaks"));
  g_assert_cmpuint (warnings->len, ==, 1);
  assert_warning (warnings, 0, 202, 35, "XYZ");
  json_object_unref (settings);

  gp_warnings = settings_of (by_gp, &settings);
  assert_keys (settings, "team_tiebreaks", tbr, 1);
  g_assert_cmpstr (json_object_get_string_member (settings, "team_score"), ==, "gp");
  g_assert_cmpuint (gp_warnings->len, ==, 1);
  assert_warning (gp_warnings, 0, 212, 16, "EGGSB/P");
  json_object_unref (settings);
}

/* The keys the standings added since the mapping was written come
 * without a change to it: BH/C2 is "bh-c2", SB/C1 "sb-c1", GE (the name
 * of REP before C.07 of August 2024, Article 7.6) "rep", STD "std"; FB/M2
 * would be "fb-m2", which the standings do not compute, and AOB/F asks
 * for the average over Fore Buchholz (8.2 in the 2026 edition): both
 * told. "202 " is 1-4, "BH/C2," 5-10, "SB/C1," 11-16, "GE," 17-19, "FB/M2,"
 * 20-25, "AOB/F," 26-31, "STD" from 32. */
static void
test_further_keys (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) warnings = settings_of ("202 BH/C2,SB/C1,GE,FB/M2,AOB/F,STD\n", &settings);
  JsonArray *keys = json_object_get_array_member (settings, "tiebreaks");
  static const char *const expected[] = { "bh-c2", "sb-c1", "rep", "std" };

  g_assert_cmpuint (json_array_get_length (keys), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (json_array_get_string_element (keys, i), ==, expected[i]);
  g_assert_cmpuint (warnings->len, ==, 2);
  g_assert_cmpstr (((ArbEntryWarning *) warnings->pdata[0])->code, ==, "FB/M2");
  g_assert_cmpint (((ArbEntryWarning *) warnings->pdata[0])->column, ==, 20);
  g_assert_cmpstr (((ArbEntryWarning *) warnings->pdata[1])->code, ==, "AOB/F");
  g_assert_cmpint (((ArbEntryWarning *) warnings->pdata[1])->column, ==, 26);
  json_object_unref (settings);
}

/* Koya's Limit (C.07 Article 14.5): "KS/L+1" is KS with the line a half
 * point up, "koya_limit" 1; plain "KS" sets it back to 0; a Limit on
 * another tie-break, or beyond ARB_KOYA_LIMIT_MAX, is told. "202 " is
 * 1-4, "KS/L-41," 5-12, "BH/L+1," 13-19, "KS/L+1" from 20. */
static void
test_koya_limit (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) warnings = settings_of ("202 KS/L-41,BH/L+1,KS/L+1\n", &settings);
  JsonArray *keys = json_object_get_array_member (settings, "tiebreaks");
  JsonObject *plain = NULL;
  g_autoptr (GPtrArray) none = settings_of ("202 KS\n", &plain);

  g_assert_cmpuint (json_array_get_length (keys), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "ks");
  g_assert_cmpint (json_object_get_int_member (settings, "koya_limit"), ==, 1);
  g_assert_cmpuint (warnings->len, ==, 2);
  g_assert_cmpstr (((ArbEntryWarning *) warnings->pdata[0])->code, ==, "KS/L-41");
  g_assert_cmpint (((ArbEntryWarning *) warnings->pdata[0])->column, ==, 5);
  g_assert_cmpstr (((ArbEntryWarning *) warnings->pdata[1])->code, ==, "BH/L+1");
  g_assert_cmpint (((ArbEntryWarning *) warnings->pdata[1])->column, ==, 13);
  g_assert_cmpint (json_object_get_int_member (plain, "koya_limit"), ==, 0);
  g_assert_cmpuint (none->len, ==, 0);
  json_object_unref (settings);
  json_object_unref (plain);
}

/* 202 and 212 both: 202's order is taken; a 212 that says another after
 * its PTS is told, one that says the same is not. */
static void
test_two_orders (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GPtrArray) differ = settings_of ("202 BH/C1, SB\n212 PTS, SB, BH/C1\n", &settings);
  g_autoptr (GPtrArray) agree = NULL;
  JsonArray *keys = json_object_get_array_member (settings, "tiebreaks");
  g_autofree char *said = NULL;

  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "bh-c1");
  g_assert_cmpstr (json_array_get_string_element (keys, 1), ==, "sb");
  g_assert_cmpuint (differ->len, ==, 1);
  said = arb_entry_warning_describe (differ->pdata[0]);
  g_assert_cmpstr (said, ==,
                   "Line 2: record 212 orders the standings otherwise than record 202; the "
                   "event's order follows 202");
  json_object_unref (settings);

  agree = settings_of ("202 BH/C1,SB\n212 PTS,bh/c1, SB\n", &settings);
  g_assert_cmpuint (agree->len, ==, 0);
  json_object_unref (settings);
}

/* Seventeen codes: the order holds 16 (ARB_TIEBREAK_MAX_ORDER), the
 * seventeenth is told; "BH," is three columns, so it starts at column
 * 5 + 16 × 3 = 53. */
static void
test_order_full (void)
{
  JsonObject *settings = NULL;
  g_autoptr (GString) line = g_string_new ("202 ");
  g_autoptr (GPtrArray) warnings = NULL;
  const ArbEntryWarning *w;

  for (int i = 0; i < 17; i++)
    g_string_append (line, i < 16 ? "BH," : "SB\n");
  warnings = settings_of (line->str, &settings);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (settings, "tiebreaks")),
                    ==, 16);
  g_assert_cmpuint (warnings->len, ==, 1);
  w = warnings->pdata[0];
  g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_ORDER_FULL);
  g_assert_cmpstr (w->code, ==, "SB");
  g_assert_cmpint (w->column, ==, 53);
  json_object_unref (settings);
}

/* Another connection changes the settings while the rule for unplayed
 * rounds is being stored: the change stands beside the rule. The other
 * writer holds its transaction open while this one starts; this one's
 * read of the settings must wait for it, or what it writes back is what
 * it read before the other committed, and the other's scoring is lost. */
typedef struct
{
  char *path;
  GMutex lock;
  GCond cond;
  gboolean holding;
} Writer;

static gpointer
other_writer (gpointer data)
{
  Writer *w = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) other = arb_tournament_open (w->path, 0, &error);
  g_autoptr (ArbEventInfo) event = NULL;

  g_assert_no_error (error);
  g_assert_true (arb_tournament_begin_batch (other, &error));
  event = arb_tournament_get_event (other, &error);
  g_free (event->settings);
  event->settings = g_strdup ("{\"scoring\":\"3-1-0\"}");
  g_assert_true (arb_tournament_set_event (other, event, &error));
  g_mutex_lock (&w->lock);
  w->holding = TRUE;
  g_cond_signal (&w->cond);
  g_mutex_unlock (&w->lock);
  /* Long enough for the other writer to have read the settings, far
   * less than the file's busy timeout (5 s). */
  g_usleep (300 * G_TIME_SPAN_MILLISECOND);
  g_assert_true (arb_tournament_commit_batch (other, &error));
  g_assert_no_error (error);
  return NULL;
}

static void
test_unplayed_rule_one_transaction (void)
{
  Writer w = { 0 };
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&w.path);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n;
  GThread *thread;

  g_mutex_init (&w.lock);
  g_cond_init (&w.cond);
  thread = g_thread_new ("other-writer", other_writer, &w);
  g_mutex_lock (&w.lock);
  while (!w.holding)
    g_cond_wait (&w.cond, &w.lock);
  g_mutex_unlock (&w.lock);

  g_assert_true (arb_standings_set_unplayed_rule (t, ARB_UNPLAYED_FIDE_2009, &error));
  g_assert_no_error (error);
  g_thread_join (thread);

  event = arb_tournament_get_event (t, &error);
  g_assert_no_error (error);
  arb_standings_event_settings (event, &scoring, order, &n);
  g_assert_cmpint (scoring.unplayed, ==, ARB_UNPLAYED_FIDE_2009);
  g_assert_cmpfloat (scoring.win, ==, 3.0);
  g_mutex_clear (&w.lock);
  g_cond_clear (&w.cond);
  g_free (w.path);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/round/import-settings/takes-rules", test_import_takes_rules);
  g_test_add_func ("/round/import-settings/without-rules", test_import_without_rules);
  g_test_add_func ("/round/import-settings/byes-counted-otherwise", test_byes_counted_otherwise);
  g_test_add_func ("/round/import-settings/scoring-refused", test_scoring_refused);
  g_test_add_func ("/round/import-settings/team-scoring", test_team_scoring);
  g_test_add_func ("/round/import-settings/export-team-scoring", test_export_team_scoring);
  g_test_add_func ("/round/import-settings/standings-and-teams", test_standings_and_teams);
  g_test_add_func ("/round/import-settings/further-keys", test_further_keys);
  g_test_add_func ("/round/import-settings/team-order", test_team_order);
  g_test_add_func ("/round/import-settings/export-team-order", test_export_team_order);
  g_test_add_func ("/round/import-settings/two-orders", test_two_orders);
  g_test_add_func ("/round/import-settings/koya-limit", test_koya_limit);
  g_test_add_func ("/round/import-settings/tournament-type", test_tournament_type);
  g_test_add_func ("/round/import-settings/export-follows-changes", test_export_follows_changes);
  g_test_add_func ("/round/import-settings/order-full", test_order_full);
  g_test_add_func ("/round/import-settings/unplayed-rule-one-transaction",
                   test_unplayed_rule_one_transaction);
  return g_test_run ();
}
