/* test-time-control.c: time-control notation, readable form and categories
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-time-control.h"

#define MIN_MS(m) ((gint64) (m) *60 * 1000)
#define S_MS(s) ((gint64) (s) *1000)

/* Expected periods are written out by hand from the notation. */
typedef struct
{
  guint moves;
  gint64 time_ms;
  ArbBonusKind bonus;
  gint64 bonus_ms;
  gboolean before;
} Period;

typedef struct
{
  const char *text;
  ArbTimeControlKind kind;
  gboolean per_side;
  guint n_white;
  Period white[4];
  guint n_black;
  Period black[4];
  gint64 sandclock_ms;
  const char *pgn; /* the text written back; NULL = the same as the input */
} ParseCase;

static const ParseCase parse_cases[] = {
  { "40/5400+30:1800+30",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    2,
    { { 40, S_MS (5400), ARB_BONUS_INCREMENT, S_MS (30) },
      { 0, S_MS (1800), ARB_BONUS_INCREMENT, S_MS (30) } },
    2,
    { { 40, S_MS (5400), ARB_BONUS_INCREMENT, S_MS (30) },
      { 0, S_MS (1800), ARB_BONUS_INCREMENT, S_MS (30) } } },
  { "300+2",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (300), ARB_BONUS_INCREMENT, S_MS (2) } },
    1,
    { { 0, S_MS (300), ARB_BONUS_INCREMENT, S_MS (2) } } },
  { "300", ARB_TIME_CONTROL_PERIODS, FALSE, 1, { { 0, S_MS (300) } }, 1, { { 0, S_MS (300) } } },
  { "60+0",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (60), ARB_BONUS_INCREMENT, 0 } },
    1,
    { { 0, S_MS (60), ARB_BONUS_INCREMENT, 0 } } },
  { "*180", ARB_TIME_CONTROL_SANDCLOCK, FALSE, 0, { { 0 } }, 0, { { 0 } }, S_MS (180) },
  { "-", ARB_TIME_CONTROL_NONE },
  { "?", ARB_TIME_CONTROL_UNKNOWN },
  { "40/7200:20/3600:900+30",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    3,
    { { 40, S_MS (7200) }, { 20, S_MS (3600) }, { 0, S_MS (900), ARB_BONUS_INCREMENT, S_MS (30) } },
    3,
    { { 40, S_MS (7200) },
      { 20, S_MS (3600) },
      { 0, S_MS (900), ARB_BONUS_INCREMENT, S_MS (30) } } },
  { "300d5",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (300), ARB_BONUS_BRONSTEIN, S_MS (5) } },
    1,
    { { 0, S_MS (300), ARB_BONUS_BRONSTEIN, S_MS (5) } } },
  { "300s5",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (300), ARB_BONUS_SIMPLE_DELAY, S_MS (5) } },
    1,
    { { 0, S_MS (300), ARB_BONUS_SIMPLE_DELAY, S_MS (5) } } },
  { "180+2^",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (180), ARB_BONUS_INCREMENT, S_MS (2), TRUE } },
    1,
    { { 0, S_MS (180), ARB_BONUS_INCREMENT, S_MS (2), TRUE } } },
  { "W300-B240",
    ARB_TIME_CONTROL_PERIODS,
    TRUE,
    1,
    { { 0, S_MS (300) } },
    1,
    { { 0, S_MS (240) } } },
  { "W300/B240",
    ARB_TIME_CONTROL_PERIODS,
    TRUE,
    1,
    { { 0, S_MS (300) } },
    1,
    { { 0, S_MS (240) } },
    0,
    "W300-B240" },
  { "W40/6000+30:900+30-B40/5000+30:900+30",
    ARB_TIME_CONTROL_PERIODS,
    TRUE,
    2,
    { { 40, S_MS (6000), ARB_BONUS_INCREMENT, S_MS (30) },
      { 0, S_MS (900), ARB_BONUS_INCREMENT, S_MS (30) } },
    2,
    { { 40, S_MS (5000), ARB_BONUS_INCREMENT, S_MS (30) },
      { 0, S_MS (900), ARB_BONUS_INCREMENT, S_MS (30) } } },
  { "10.931+0.109",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, 10931, ARB_BONUS_INCREMENT, 109 } },
    1,
    { { 0, 10931, ARB_BONUS_INCREMENT, 109 } } },
  { "10+0.05",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 0, S_MS (10), ARB_BONUS_INCREMENT, 50 } },
    1,
    { { 0, S_MS (10), ARB_BONUS_INCREMENT, 50 } } },
  { "40/7200",
    ARB_TIME_CONTROL_PERIODS,
    FALSE,
    1,
    { { 40, S_MS (7200) } },
    1,
    { { 40, S_MS (7200) } } },
  { "1.500", ARB_TIME_CONTROL_PERIODS, FALSE, 1, { { 0, 1500 } }, 1, { { 0, 1500 } }, 0, "1.5" },
};

static void
check_periods (const ArbTimePeriod *got, guint n_got, const Period *want, guint n_want)
{
  g_assert_cmpuint (n_got, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    {
      g_assert_cmpuint (got[i].moves, ==, want[i].moves);
      g_assert_cmpint (got[i].time_ms, ==, want[i].time_ms);
      g_assert_cmpint (got[i].bonus, ==, want[i].bonus);
      g_assert_cmpint (got[i].bonus_ms, ==, want[i].bonus_ms);
      g_assert_cmpint (got[i].bonus_before_move, ==, want[i].before);
    }
}

static void
test_parse (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      const ParseCase *c = &parse_cases[i];
      g_autoptr (GError) error = NULL;
      g_autofree char *pgn = NULL;
      ArbTimeControl tc, again;
      glong offset = 123;

      g_test_message ("%s", c->text);
      g_assert_true (arb_time_control_parse (c->text, &tc, &offset, &error));
      g_assert_no_error (error);
      g_assert_cmpint (offset, ==, -1);
      g_assert_cmpint (tc.kind, ==, c->kind);
      g_assert_cmpint (tc.per_side, ==, c->per_side);
      if (c->kind == ARB_TIME_CONTROL_PERIODS)
        {
          check_periods (tc.periods[ARB_WHITE], tc.n_periods[ARB_WHITE], c->white, c->n_white);
          check_periods (tc.periods[ARB_BLACK], tc.n_periods[ARB_BLACK], c->black, c->n_black);
        }
      if (c->kind == ARB_TIME_CONTROL_SANDCLOCK)
        g_assert_cmpint (tc.sandclock_ms, ==, c->sandclock_ms);

      pgn = arb_time_control_to_pgn (&tc);
      g_assert_cmpstr (pgn, ==, c->pgn != NULL ? c->pgn : c->text);

      /* What is written reads back as the same value. */
      g_assert_true (arb_time_control_parse (pgn, &again, NULL, NULL));
      g_assert_true (arb_time_control_equal (&tc, &again));
    }
}

typedef struct
{
  const char *text;
  glong offset; /* characters, counted from 0 */
  int code;
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "", 0, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "40/5x00", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "40/", 3, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "300+", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "300+2:", 5, ARB_TIME_CONTROL_ERROR_SYNTAX }, /* a rest-of-game period, then more */
  { "40/5400+30:", 11, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "120/40+60/20+30(61)", 9, ARB_TIME_CONTROL_ERROR_SYNTAX }, /* free text seen in real PGN */
  { "0+5", 0, ARB_TIME_CONTROL_ERROR_RANGE },
  { "0/300", 0, ARB_TIME_CONTROL_ERROR_RANGE },
  { "40.5/300", 0, ARB_TIME_CONTROL_ERROR_RANGE },
  { "1.2345", 5, ARB_TIME_CONTROL_ERROR_RANGE },
  { "300.+2", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "99999999999", 0, ARB_TIME_CONTROL_ERROR_RANGE },
  { "300d5^", 5, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "*", 1, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "*180+2", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "W300", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "W300-X240", 4, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "W300-B", 6, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { " 300", 0, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "--", 0, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "90′/40", 2, ARB_TIME_CONTROL_ERROR_SYNTAX }, /* offset in characters, not bytes */
  { "40′/5x", 2, ARB_TIME_CONTROL_ERROR_SYNTAX },
  { "1:2:3:4:5:6:7:8:9", 1, ARB_TIME_CONTROL_ERROR_SYNTAX }, /* "1" is the rest of the game */
  { "1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1", 32, ARB_TIME_CONTROL_ERROR_TOO_MANY },
};

static void
test_parse_errors (void)
{
  ArbTimeControl untouched;

  memset (&untouched, 0x5a, sizeof untouched);
  for (gsize i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      const ErrorCase *c = &error_cases[i];
      g_autoptr (GError) error = NULL;
      ArbTimeControl tc = untouched;
      glong offset = -5;
      char expected_position[64];

      g_test_message ("“%s”", c->text);
      g_assert_false (arb_time_control_parse (c->text, &tc, &offset, &error));
      g_assert_error (error, ARB_TIME_CONTROL_ERROR, c->code);
      g_assert_cmpint (offset, ==, c->offset);
      /* The message names the same place, counted from 1 for people. */
      g_snprintf (expected_position, sizeof expected_position, "character %ld", c->offset + 1);
      g_assert_nonnull (strstr (error->message, expected_position));
      /* A failed parse leaves the output alone. */
      g_assert_cmpmem (&tc, sizeof tc, &untouched, sizeof untouched);
    }
}

static void
test_invalid_utf8 (void)
{
  g_autoptr (GError) error = NULL;
  ArbTimeControl tc;
  glong offset = -5;

  g_assert_false (arb_time_control_parse ("30\xff", &tc, &offset, &error));
  g_assert_error (error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_SYNTAX);
  g_assert_cmpint (offset, ==, 2);
}

typedef struct
{
  const char *text;
  const char *readable;
} ReadableCase;

/* Written by hand in the style of FIDE's announcements. */
static const ReadableCase readable_cases[] = {
  { "40/5400+30:1800+30", "90′/40 + 30′, 30″/move from move 1" },
  { "40/7200:20/3600:900+30", "120′/40 + 60′/20 + 15′, 30″/move from move 61" },
  { "300+2", "5′, 2″/move from move 1" },
  { "180+2^", "3′, 2″/move from move 1 (added before each move)" },
  { "300", "5′" },
  { "60+0", "1′" },
  { "90+30", "1′30″, 30″/move from move 1" },
  { "10.931+0.109", "10.931″, 0.109″/move from move 1" },
  { "300d5", "5′, 5″ Bronstein delay from move 1" },
  { "300s5", "5′, 5″ delay from move 1" },
  { "40/5400+30:1800+15", "90′/40 (30″/move) + 30′ (15″/move)" },
  { "40/5400:1800+30", "90′/40 + 30′, 30″/move from move 41" },
  { "40/7200", "120′/40, last period repeating" },
  { "W300-B240", "White 5′; Black 4′" },
  { "W300+2-B240+2", "White 5′, 2″/move from move 1; Black 4′, 2″/move from move 1" },
  { "*180", "sandclock of 3′" },
  { "-", "no time control" },
  { "?", "unknown time control" },
};

static void
test_readable (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (readable_cases); i++)
    {
      ArbTimeControl tc;
      g_autofree char *readable = NULL;

      g_assert_true (arb_time_control_parse (readable_cases[i].text, &tc, NULL, NULL));
      readable = arb_time_control_to_readable (&tc);
      g_assert_cmpstr (readable, ==, readable_cases[i].readable);
    }
}

typedef struct
{
  const char *text;
  const char *trf; /* NULL: not expressible */
} TrfCase;

static const TrfCase trf_cases[] = {
  { "40/6000+30:900+30", "40/6000+30:900+30" },
  { "5400+30", "5400+30" },
  { "W300-B240", "W300-B240" },
  { "W300/B240", "W300-B240" },
  { "300d5", NULL },
  { "300s5", NULL },
  { "180+2^", NULL },
  { "*180", NULL },
  { "-", NULL },
  { "?", NULL },
};

static void
test_trf (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (trf_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *trf = NULL;
      ArbTimeControl tc;

      g_assert_true (arb_time_control_parse (trf_cases[i].text, &tc, NULL, NULL));
      trf = arb_time_control_to_trf (&tc, &error);
      g_assert_cmpstr (trf, ==, trf_cases[i].trf);
      if (trf_cases[i].trf == NULL)
        g_assert_error (error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_UNSUPPORTED);
      else
        g_assert_no_error (error);
    }
}

typedef struct
{
  const char *text;
  gint64 t60_ms; /* hand-computed: periods begun within 60 moves + 60 bonuses */
  ArbCategory c2001, c2009, c2014, c2018, c2023;
} CategoryCase;

#define S ARB_CATEGORY_STANDARD
#define R ARB_CATEGORY_RAPID
#define B ARB_CATEGORY_BLITZ

/* Limits from the seed reports: 2001 App. B.1/C.1 (rapid 15 to 60 min, both
 * included; blitz under 15), 2009 App. A.1/B.1 (rapid at least 15 and under
 * 60; blitz under 15), 2014-2023 App. A.1/B.1 (blitz 10 or less; rapid over
 * 10 and under 60). */
static const CategoryCase category_cases[] = {
  { "180+2", MIN_MS (5), B, B, B, B, B },
  { "300", MIN_MS (5), B, B, B, B, B },
  { "600", MIN_MS (10), B, B, B, B, B },
  { "540+1", MIN_MS (10), B, B, B, B, B },
  { "600.001", MIN_MS (10) + 1, B, B, R, R, R },
  { "601", MIN_MS (10) + 1000, B, B, R, R, R },
  { "840+1", MIN_MS (15), R, R, R, R, R },
  { "899.999", MIN_MS (15) - 1, B, B, R, R, R },
  { "900", MIN_MS (15), R, R, R, R, R },
  { "900+10", MIN_MS (25), R, R, R, R, R },
  { "1500+10", MIN_MS (35), R, R, R, R, R },
  { "3599.999", MIN_MS (60) - 1, R, R, R, R, R },
  { "3600", MIN_MS (60), R, S, S, S, S },
  { "3000+10", MIN_MS (60), R, S, S, S, S },
  { "3600.001", MIN_MS (60) + 1, S, S, S, S, S },
  { "5400+30", MIN_MS (120), S, S, S, S, S },
  { "40/5400+30:1800+30", MIN_MS (150), S, S, S, S, S },
  { "40/7200:20/3600:900+30", MIN_MS (180), S, S, S, S, S },
  { "40/7200", MIN_MS (240), S, S, S, S, S },
  { "40/300:300", MIN_MS (10), B, B, B, B, B },
  { "300d5", MIN_MS (10), B, B, B, B, B },
  { "300s10", MIN_MS (15), R, R, R, R, R },
  { "W300-B240", MIN_MS (5), B, B, B, B, B },
  { "W900-B540", MIN_MS (15), R, R, R, R, R }, /* the larger side counts */
  { "*900", MIN_MS (15), R, R, R, R, R },
  { "-", -1, S, S, S, S, S },
  { "?", -1, S, S, S, S, S },
};

static void
test_category (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (category_cases); i++)
    {
      const CategoryCase *c = &category_cases[i];
      ArbTimeControl tc;
      gint64 t60;

      g_test_message ("%s", c->text);
      g_assert_true (arb_time_control_parse (c->text, &tc, NULL, NULL));
      t60 = arb_time_control_time_for_60_moves_ms (&tc, ARB_WHITE);
      if (tc.per_side)
        t60 = MAX (t60, arb_time_control_time_for_60_moves_ms (&tc, ARB_BLACK));
      g_assert_cmpint (t60, ==, c->t60_ms);
      g_assert_cmpint (arb_time_control_category (&tc, ARB_EDITION_2001), ==, c->c2001);
      g_assert_cmpint (arb_time_control_category (&tc, ARB_EDITION_2009), ==, c->c2009);
      g_assert_cmpint (arb_time_control_category (&tc, ARB_EDITION_2014), ==, c->c2014);
      g_assert_cmpint (arb_time_control_category (&tc, ARB_EDITION_2018), ==, c->c2018);
      g_assert_cmpint (arb_time_control_category (&tc, ARB_EDITION_2023), ==, c->c2023);
    }
}

typedef struct
{
  const char *text;
  guint move;
  guint period;
  guint stage;
} PeriodCase;

static const PeriodCase period_cases[] = {
  { "40/5400+30:1800+30", 1, 0, 0 },
  { "40/5400+30:1800+30", 40, 0, 0 },
  { "40/5400+30:1800+30", 41, 1, 1 },
  { "40/5400+30:1800+30", 500, 1, 1 },
  { "40/7200:20/3600:900+30", 60, 1, 1 },
  { "40/7200:20/3600:900+30", 61, 2, 2 },
  { "40/7200", 40, 0, 0 },
  { "40/7200", 41, 0, 1 },
  { "40/7200", 81, 0, 2 },
  { "40/7200:20/3600", 61, 1, 2 },
  { "40/7200:20/3600", 80, 1, 2 },
  { "40/7200:20/3600", 81, 1, 3 },
};

static void
test_periods_of_moves (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (period_cases); i++)
    {
      const PeriodCase *c = &period_cases[i];
      ArbTimeControl tc;
      guint stage = 99;

      g_assert_true (arb_time_control_parse (c->text, &tc, NULL, NULL));
      g_assert_cmpuint (arb_time_control_period_of_move (&tc, ARB_BLACK, c->move, &stage), ==,
                        c->period);
      g_assert_cmpuint (stage, ==, c->stage);
      /* The stage begins at or before the move, and the next one after it. */
      g_assert_cmpuint (arb_time_control_first_move_of_stage (&tc, ARB_BLACK, c->stage), <=,
                        c->move);
      g_assert_cmpuint (arb_time_control_first_move_of_stage (&tc, ARB_BLACK, c->stage + 1), >,
                        c->move);
    }
}

/* The TimeControl tag of a real game, as python-chess's own test reads it:
 * three periods, 40 moves in 7200 s, 20 moves in 3600 s, then 900 s with a
 * 30 s increment. */
static void
test_testdata_world_championship (void)
{
  const char *dir = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *value = NULL;
  const char *tag;
  const char *end;
  ArbTimeControl tc;
  static const Period want[] = {
    { 40, S_MS (7200) },
    { 20, S_MS (3600) },
    { 0, S_MS (900), ARB_BONUS_INCREMENT, S_MS (30) },
  };

  if (dir == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set");
      return;
    }
  path =
    g_build_filename (dir, "python-chess", "data", "pgn", "nepomniachtchi-liren-game1.pgn", NULL);
  if (!g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("python-chess/data/pgn/nepomniachtchi-liren-game1.pgn is not in ARB_TESTDATA");
      return;
    }

  tag = strstr (contents, "[TimeControl \"");
  g_assert_nonnull (tag);
  tag += strlen ("[TimeControl \"");
  end = strchr (tag, '"');
  g_assert_nonnull (end);
  value = g_strndup (tag, end - tag);

  g_assert_true (arb_time_control_parse (value, &tc, NULL, &error));
  g_assert_no_error (error);
  check_periods (tc.periods[ARB_WHITE], tc.n_periods[ARB_WHITE], want, G_N_ELEMENTS (want));
  check_periods (tc.periods[ARB_BLACK], tc.n_periods[ARB_BLACK], want, G_N_ELEMENTS (want));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/clock/time-control/parse", test_parse);
  g_test_add_func ("/clock/time-control/parse-errors", test_parse_errors);
  g_test_add_func ("/clock/time-control/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/clock/time-control/readable", test_readable);
  g_test_add_func ("/clock/time-control/trf", test_trf);
  g_test_add_func ("/clock/time-control/category", test_category);
  g_test_add_func ("/clock/time-control/periods-of-moves", test_periods_of_moves);
  g_test_add_func ("/clock/time-control/testdata-world-championship",
                   test_testdata_world_championship);

  return g_test_run ();
}
