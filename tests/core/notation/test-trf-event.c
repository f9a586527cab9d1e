/* test-trf-event.c: TRF-2026 records 162 (scoring), 202 and 212 (tie-breaks)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected values were worked out by hand from the record layouts of
 * the FIDE Technical Commission's "Format of Tournament Report File,
 * Version 2026": in 162 a result letter in column 6 and its points in
 * 7-10, the next pair from column 15; in 202 and 212 codes separated by
 * commas from column 5, NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F].
 */

#include <glib.h>
#include <string.h>

#include "arb-trf.h"

#define PLAYER "001    1 m    Able, Ann\n"

static ArbTrf *
parse (const char *text, GError **error)
{
  return arb_trf_parse (text, strlen (text), error);
}

/* 3-1-0 as a 162 record gives it: W, D and L, then P and X default to
 * W's and D's points as the record gives them (3.0 and 1.0), A to 0. */
static void
test_scoring (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = parse ("012 Open\n162  W 3.0    D 1.0    L 0.0\n" PLAYER, &error);

  g_assert_no_error (error);
  g_assert_cmpint (trf->scoring.line, ==, 2);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_WIN], ==, 3.0);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_DRAW], ==, 1.0);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_LOSS], ==, 0.0);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_ABSENCE], ==, 0.0);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_PAIRING_BYE], ==, 3.0);
  g_assert_cmpfloat (trf->scoring.points[ARB_TRF_SCORE_UNKNOWN], ==, 1.0);
  g_assert_cmpuint (trf->scoring.given, ==,
                    (1u << ARB_TRF_SCORE_WIN) | (1u << ARB_TRF_SCORE_DRAW) |
                      (1u << ARB_TRF_SCORE_LOSS));
  g_assert_cmpint (trf->version, ==, ARB_TRF_VERSION_26);
}

/* A pairing-allocated bye worth a draw, in lower case, and no 162 at all
 * (the defaults: 1, ½, 0, 0, 1, ½). */
static void
test_scoring_defaults (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) given = parse ("162  p 0.5\n" PLAYER, &error);
  g_autoptr (ArbTrf) none = NULL;
  static const double defaults[ARB_TRF_SCORE_N] = { 1.0, 0.5, 0.0, 0.0, 1.0, 0.5 };

  g_assert_no_error (error);
  g_assert_cmpfloat (given->scoring.points[ARB_TRF_SCORE_PAIRING_BYE], ==, 0.5);
  g_assert_cmpfloat (given->scoring.points[ARB_TRF_SCORE_WIN], ==, 1.0);
  g_assert_cmpuint (given->scoring.given, ==, 1u << ARB_TRF_SCORE_PAIRING_BYE);

  none = parse ("012 Open\n" PLAYER, &error);
  g_assert_no_error (error);
  g_assert_cmpint (none->scoring.line, ==, 0);
  g_assert_cmpuint (none->scoring.given, ==, 0);
  for (int k = 0; k < ARB_TRF_SCORE_N; k++)
    g_assert_cmpfloat (none->scoring.points[k], ==, defaults[k]);
  g_assert_cmpuint (none->tiebreaks->len, ==, 0);
  g_assert_cmpuint (none->standings->len, ==, 0);
}

typedef struct
{
  const char *code;
  const char *name;
  const char *score;
  char modifier;
  int value;
  gboolean played, fore, other;
  int column;
} CodeCase;

/* "202 BH/C1, bh, …": the columns count from 1 on the line: "202 " is
 * 1-4, "BH/C1" 5-9, the comma 10, a blank 11, "bh" 12-13, ", " 14-15,
 * "SB:MP/C2/P" 16-25, ", " 26-27, "KS/L-2" 28-33, ", " 34-35,
 * "SSSC/K4/F" 36-44, ", " 45-46, "OTHER_age" 47-55, ", " 56-57,
 * "ARO/U1400" 58-66, ", " 67-68, "BH/C1/M1" from 69. In 212, "PTS," is
 * 5-8 and "BH/C1" starts at 9. */
static void
test_tiebreaks (void)
{
  static const CodeCase cases[] = {
    { "BH/C1", "BH", "", 'C', 1, FALSE, FALSE, FALSE, 5 },
    { "BH", "BH", "", '\0', 0, FALSE, FALSE, FALSE, 12 },
    { "SB:MP/C2/P", "SB", "MP", 'C', 2, TRUE, FALSE, FALSE, 16 },
    { "KS/L-2", "KS", "", 'L', -2, FALSE, FALSE, FALSE, 28 },
    { "SSSC/K4/F", "SSSC", "", 'K', 4, FALSE, TRUE, FALSE, 36 },
    { "OTHER_AGE", "OTHER_AGE", "", '\0', 0, FALSE, FALSE, FALSE, 47 },
    { "ARO/U1400", "ARO", "", '\0', 0, FALSE, FALSE, TRUE, 58 },
    { "BH/C1/M1", "BH", "", 'M', 1, FALSE, FALSE, TRUE, 69 },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf =
    parse ("202 BH/C1, bh, SB:MP/C2/P, KS/L-2, SSSC/K4/F, OTHER_age, ARO/U1400, BH/C1/M1\n"
           "212 PTS,BH/C1\n" PLAYER,
           &error);

  g_assert_no_error (error);
  g_assert_cmpuint (trf->tiebreaks->len, ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ArbTrfTiebreak *tb = trf->tiebreaks->pdata[i];

      g_assert_cmpstr (tb->code, ==, cases[i].code);
      g_assert_cmpstr (tb->name, ==, cases[i].name);
      g_assert_cmpstr (tb->score, ==, cases[i].score);
      g_assert_cmpint (tb->modifier, ==, cases[i].modifier);
      g_assert_cmpint (tb->modifier_value, ==, cases[i].value);
      g_assert_cmpint (tb->played, ==, cases[i].played);
      g_assert_cmpint (tb->fore, ==, cases[i].fore);
      g_assert_cmpint (tb->other, ==, cases[i].other);
      g_assert_cmpint (tb->line, ==, 1);
      g_assert_cmpint (tb->column, ==, cases[i].column);
    }
  g_assert_cmpuint (trf->standings->len, ==, 2);
  g_assert_cmpstr (((ArbTrfTiebreak *) trf->standings->pdata[0])->name, ==, "PTS");
  g_assert_cmpstr (((ArbTrfTiebreak *) trf->standings->pdata[1])->code, ==, "BH/C1");
  g_assert_cmpint (((ArbTrfTiebreak *) trf->standings->pdata[1])->column, ==, 9);

  /* Written back as it was read. */
  {
    g_autofree char *written = arb_trf_write (trf);

    g_assert_nonnull (strstr (written, "202 BH/C1, bh, SB:MP/C2/P"));
    g_assert_nonnull (strstr (written, "212 PTS,BH/C1\n"));
  }
}

typedef struct
{
  const char *line;
  const char *message; /* the start of the error's message */
} BadCase;

/* Each fault at the column where it is: counted by hand on each line. */
static void
test_bad_records (void)
{
  static const BadCase cases[] = {
    { "162  Q 1.0", "line 1, column 6: “Q” is not a result of record 162" },
    { "162  WIN 1.0", "line 1, column 6: “WIN” is not a result of record 162" },
    { "162  W", "line 1, column 6: record 162 gives no points for W" },
    { "162  W 1.x", "line 1, column 8: “1.x” is not a number of points" },
    { "162  W -1.0", "line 1, column 8: “-1.0” is not a number of points" },
    { "162  W 1.0    W 2.0", "line 1, column 15: record 162 gives the points of W twice" },
    { "202 BH,,SB", "line 1, column 8: “” is not a tie-break code" },
    { "202 BH,", "line 1, column 8: “” is not a tie-break code" },
    { "202 BH:M/C1", "line 1, column 5: “BH:M/C1” is not a tie-break code" },
    { "202 BH//C1", "line 1, column 5: “BH//C1” is not a tie-break code" },
    { "202 BH, 1SB", "line 1, column 9: “1SB” is not a tie-break code" },
    { "212 PTS, B H", "line 1, column 10: “B H” is not a tie-break code" },
    /* 362: "362  TX 3.0": TX in 6-7; "362  TW x": x in 9. */
    { "362  TX 3.0", "line 1, column 6: “TX” is not a result of record 362" },
    { "362  TWIN 3.0", "line 1, column 6: “TWIN” is not a result of record 362" },
    { "362  TW x", "line 1, column 9: “x” is not a number of points" },
    { "362  TW 3,0", "line 1, column 9: “3,0” is not a number of points" },
    { "362  TW", "line 1, column 6: record 362 gives no points for TW" },
    { "362  TW 3.0  TW 2.0", "line 1, column 14: record 362 gives the points of TW twice" },
    { "362 3.0 1.0 0.0 1.0", "line 1, column 17: “1.0” is one more than the three points" },
    { "362 3.0 TD 1.0", "line 1, column 9: “TD” is not a number of points" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = g_strconcat (cases[i].line, "\n", PLAYER, NULL);
      g_autoptr (ArbTrf) trf = parse (text, &error);

      g_assert_null (trf);
      g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("%s: %s, not %s", cases[i].line, error->message, cases[i].message);
    }
}

/* Record 362, a team's match points (TRF-2026: TW, TD, TL; 2.0, 1.0
 * and 0.0 by default), read in any layout: 3-1-0 in columns as 162 lays
 * them, then written against the codes in lower case with TL left out
 * (its default, 0), then as bare numbers, then absent (all three
 * defaults). */
static void
test_team_scoring (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = parse ("362  TW 3.0  TD 1.0  TL 0.0\n" PLAYER, &error);
  g_autoptr (ArbTrf) packed = NULL, none = NULL, bare = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (trf->team_scoring.line, ==, 1);
  g_assert_cmpfloat (trf->team_scoring.points[ARB_TRF_TEAM_SCORE_WIN], ==, 3.0);
  g_assert_cmpfloat (trf->team_scoring.points[ARB_TRF_TEAM_SCORE_DRAW], ==, 1.0);
  g_assert_cmpfloat (trf->team_scoring.points[ARB_TRF_TEAM_SCORE_LOSS], ==, 0.0);
  g_assert_cmpuint (trf->team_scoring.given, ==, 7);
  g_assert_cmpint (trf->version, ==, ARB_TRF_VERSION_26);

  packed = parse ("012 League\n362 tw4 td1.5\n" PLAYER, &error);
  g_assert_no_error (error);
  g_assert_cmpint (packed->team_scoring.line, ==, 2);
  g_assert_cmpfloat (packed->team_scoring.points[ARB_TRF_TEAM_SCORE_WIN], ==, 4.0);
  g_assert_cmpfloat (packed->team_scoring.points[ARB_TRF_TEAM_SCORE_DRAW], ==, 1.5);
  g_assert_cmpfloat (packed->team_scoring.points[ARB_TRF_TEAM_SCORE_LOSS], ==, 0.0);
  g_assert_cmpuint (packed->team_scoring.given, ==, 3);

  /* Bare numbers: TW, TD and TL in the format's order. */
  bare = parse ("362 3.0 1.0\n" PLAYER, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bare->team_scoring.points[ARB_TRF_TEAM_SCORE_WIN], ==, 3.0);
  g_assert_cmpfloat (bare->team_scoring.points[ARB_TRF_TEAM_SCORE_DRAW], ==, 1.0);
  g_assert_cmpfloat (bare->team_scoring.points[ARB_TRF_TEAM_SCORE_LOSS], ==, 0.0);
  g_assert_cmpuint (bare->team_scoring.given, ==, 3);

  none = parse (PLAYER, &error);
  g_assert_no_error (error);
  g_assert_cmpint (none->team_scoring.line, ==, 0);
  g_assert_cmpfloat (none->team_scoring.points[ARB_TRF_TEAM_SCORE_WIN], ==, 2.0);
  g_assert_cmpfloat (none->team_scoring.points[ARB_TRF_TEAM_SCORE_DRAW], ==, 1.0);
  g_assert_cmpfloat (none->team_scoring.points[ARB_TRF_TEAM_SCORE_LOSS], ==, 0.0);
}

/* A blank 202 says nothing; it is no fault. */
static void
test_blank_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = parse ("202    \n" PLAYER, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (trf->tiebreaks->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/trf-event/scoring", test_scoring);
  g_test_add_func ("/notation/trf-event/scoring-defaults", test_scoring_defaults);
  g_test_add_func ("/notation/trf-event/tiebreaks", test_tiebreaks);
  g_test_add_func ("/notation/trf-event/bad-records", test_bad_records);
  g_test_add_func ("/notation/trf-event/blank-list", test_blank_list);
  g_test_add_func ("/notation/trf-event/team-scoring", test_team_scoring);
  return g_test_run ();
}
