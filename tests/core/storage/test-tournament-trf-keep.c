/* test-tournament-trf-keep.c: a TRF back to the pairing program as it came,
 * with the desk's results
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

typedef struct
{
  int white; /* starting rank of white */
  ArbResult result;
} Entered;

/* keep-26.trf: the team league of league-4x4-26.trf as a pairing program
 * writes TRF-2026 after pairing round 2: CRLF line ends, a ### comment
 * first and one among the player lines, the old title codes m, g and wf,
 * tags 142 152 162 172 182 192 202 212 222 352 362, records 240 250 260
 * 299 300 310 320 330, national rating lines 801 802 and JaVaFo's XXR and
 * XXC. keep-26-results.trf is the same file with round 2's results below
 * in the result column and the points they give, and nothing else. */
static const Entered round2_26[] = {
  { 13, ARB_RESULT_WHITE_WINS }, { 2, ARB_RESULT_DRAW },  { 15, ARB_RESULT_BLACK_WINS },
  { 4, ARB_RESULT_WHITE_WINS },  { 6, ARB_RESULT_DRAW },  { 10, ARB_RESULT_BLACK_WINS },
  { 7, ARB_RESULT_WHITE_WINS },  { 12, ARB_RESULT_DRAW },
};

/* keep-16.trf: swiss-ties-5.trf as TRF16 after pairing round 5 (the
 * pairing-allocated bye given), with old title codes, the pairing
 * program's own ranks, a ### comment and XXR, XXC, BBW and BBD lines;
 * keep-16-results.trf has round 5's results. */
static const Entered round5_16[] = {
  { 1, ARB_RESULT_WHITE_WINS },
  { 3, ARB_RESULT_BLACK_WINS },
  { 6, ARB_RESULT_DRAW },
};

static int
start_no_of (GPtrArray *players, gint64 id)
{
  for (guint i = 0; i < players->len; i++)
    if (((ArbPlayerInfo *) players->pdata[i])->id == id)
      return ((ArbPlayerInfo *) players->pdata[i])->start_no;
  return 0;
}

static void
check_kept (const char *paired,
            const char *with_results,
            int round,
            const Entered *entered,
            gsize n_entered)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0, want_length = 0;
  g_autofree char *text = arb_test_read_fixture (paired, &length);
  g_autofree char *want = arb_test_read_fixture (with_results, &want_length);
  g_autofree char *untouched = NULL;
  g_autofree char *got = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  gsize set = 0;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);

  /* Imported and exported at once: the same bytes. */
  untouched = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (untouched, ==, text);

  players = arb_tournament_list_players (t, &error);
  g_assert_no_error (error);
  games = arb_tournament_list_games (t, round, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      int white = start_no_of (players, g->white_id);

      for (gsize k = 0; k < n_entered; k++)
        if (entered[k].white == white && g->black_id != 0)
          {
            g_assert_true (arb_tournament_set_result (t, g->id, entered[k].result, NULL, &error));
            g_assert_no_error (error);
            set++;
          }
    }
  g_assert_cmpuint (set, ==, n_entered);

  got = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (got, ==, want);
}

static void
test_keep_trf26 (void)
{
  check_kept ("keep-26.trf", "keep-26-results.trf", 2, round2_26, G_N_ELEMENTS (round2_26));
}

static void
test_keep_trf16 (void)
{
  check_kept ("keep-16.trf", "keep-16-results.trf", 5, round5_16, G_N_ELEMENTS (round5_16));
}

static ArbTrf *
imported_as (const char *fixture, int version, char **text_out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (fixture, &length);
  char *written;
  ArbTrf *trf;

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  written = arb_tournament_export_trf_as (t, NULL, version, &error);
  g_assert_no_error (error);
  trf = arb_trf_parse (written, strlen (written), &error);
  g_assert_no_error (error);
  *text_out = written;
  return trf;
}

/* The arbiter picks the other version: TRF16 has none of TRF-2026's
 * records and the teams as 013; TRF-2026 from TRF16 names the rounds in
 * 142 before the player lines. Players, games and teams are the same. */
static void
test_other_version (void)
{
  g_autofree char *as16 = NULL, *as26 = NULL, *same = NULL;
  g_autoptr (ArbTrf) from26 = imported_as ("keep-26.trf", ARB_TRF_VERSION_16, &as16);
  g_autoptr (ArbTrf) from16 = imported_as ("keep-16.trf", ARB_TRF_VERSION_26, &as26);
  g_autoptr (ArbTrf) kept = imported_as ("keep-26.trf", ARB_TRF_VERSION_26, &same);
  g_autoptr (ArbTrf) back = NULL;
  g_autofree char *again = NULL;

  g_assert_cmpint (from26->version, ==, ARB_TRF_VERSION_16);
  g_assert_null (strstr (as16, "\n310 "));
  g_assert_null (strstr (as16, "###"));
  g_assert_null (strstr (as16, "\n300 "));
  g_assert_nonnull (
    strstr (as16, "\r\n013 Oslo Schakselskap                  1    2    3    4\r\n"));
  g_assert_nonnull (strstr (as16, "\r\n001    6 m  g Vik, Erik"));
  g_assert_cmpuint (from26->teams->len, ==, 4);
  g_assert_cmpuint (from26->players->len, ==, 16);
  g_assert_cmpint (g_array_index (((ArbTrfTeam *) from26->teams->pdata[2])->members, int, 3), ==,
                   12);

  /* Back to TRF-2026: the 310 lines as they were. */
  again = arb_trf_convert (as16, ARB_TRF_VERSION_26);
  back = arb_trf_parse (again, strlen (again), NULL);
  g_assert_nonnull (back);
  {
    gsize length = 0;
    g_autofree char *text = arb_test_read_fixture ("keep-26.trf", &length);
    g_auto (GStrv) lines = g_strsplit (text, "\r\n", -1);
    guint teams = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      if (g_str_has_prefix (lines[i], "310 "))
        {
          g_assert_nonnull (strstr (again, lines[i]));
          teams++;
        }
    g_assert_cmpuint (teams, ==, 4);
  }

  g_assert_cmpint (from16->version, ==, ARB_TRF_VERSION_26);
  g_assert_cmpint (from16->n_rounds, ==, 5);
  g_assert_nonnull (strstr (as26, "102 IA Test Arbiter\n142 5\n132 "));
  g_assert_cmpuint (from16->players->len, ==, 7);

  /* Asked for the version it is, the file is as imported. */
  g_assert_cmpint (kept->version, ==, ARB_TRF_VERSION_26);
  {
    gsize length = 0;
    g_autofree char *text = arb_test_read_fixture ("keep-26.trf", &length);
    g_assert_cmpstr (same, ==, text);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/tournament-trf-keep/trf26", test_keep_trf26);
  g_test_add_func ("/storage/tournament-trf-keep/trf16", test_keep_trf16);
  g_test_add_func ("/storage/tournament-trf-keep/other-version", test_other_version);
  return g_test_run ();
}
