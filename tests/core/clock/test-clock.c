/* test-clock.c: the running clock on fake time
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-clock.h"

#define MS(x) ((gint64) (x) *1000)
#define S(x) ((gint64) (x) *1000000)

/* ---- fixture: a clock on fake time ---------------------------------------- */

typedef struct
{
  gint64 now;
  ArbClock *clock;
  guint flag_signals;
  int flag_side;
  gint64 flag_instant;
  guint checkpoints;
  guint events_signalled;
} Game;

static gint64
fake_time (gpointer user_data)
{
  return ((Game *) user_data)->now;
}

static void
flag_fell_cb (ArbClock *clock, int side, gint64 instant, Game *game)
{
  game->flag_signals++;
  game->flag_side = side;
  game->flag_instant = instant;
}

static void
checkpoint_cb (ArbClock *clock, Game *game)
{
  game->checkpoints++;
}

static void
event_added_cb (ArbClock *clock, guint index, Game *game)
{
  g_assert_cmpuint (index, ==, game->events_signalled);
  game->events_signalled++;
}

static void
game_init (Game *game, const char *tc_text)
{
  ArbTimeControl tc;

  memset (game, 0, sizeof *game);
  game->flag_side = -1;
  /* Start the fake clock somewhere arbitrary, not at zero. */
  game->now = G_GINT64_CONSTANT (987654321000);
  g_assert_true (arb_time_control_parse (tc_text, &tc, NULL, NULL));
  game->clock = arb_clock_new (&tc);
  arb_clock_set_time_func (game->clock, fake_time, game, NULL);
  g_signal_connect (game->clock, "flag-fell", G_CALLBACK (flag_fell_cb), game);
  g_signal_connect (game->clock, "checkpoint", G_CALLBACK (checkpoint_cb), game);
  g_signal_connect (game->clock, "event-added", G_CALLBACK (event_added_cb), game);
}

static void
game_clear (Game *game)
{
  g_assert_finalize_object (game->clock);
}

/* One ply that takes @ms milliseconds, ended by a press. */
static void
ply (Game *game, gint64 ms)
{
  game->now += MS (ms);
  g_assert_true (arb_clock_press (game->clock));
}

static void
assert_times (Game *game, gint64 white_ms, gint64 black_ms)
{
  g_assert_cmpint (arb_clock_get_remaining_us (game->clock, ARB_WHITE), ==, MS (white_ms));
  g_assert_cmpint (arb_clock_get_remaining_us (game->clock, ARB_BLACK), ==, MS (black_ms));
}

/* ---- table: short games, times checked after each ply ---------------------- */

typedef struct
{
  gint64 think_ms; /* the ply's thinking time */
  gint64 white_ms; /* times after the press, worked out by hand */
  gint64 black_ms;
} Step;

typedef struct
{
  const char *path;
  const char *tc;
  gint64 white0_ms, black0_ms; /* before the start */
  Step steps[8];
} ShortGame;

static const ShortGame short_games[] = {
  /* Increment added after each completed move (PGN default). */
  { "/clock/clock/fischer-increment",
    "300+2",
    300000,
    300000,
    { { 10000, 292000, 300000 },
      { 20000, 292000, 282000 },
      { 30500, 263500, 282000 },
      { 1, 263500, 283999 } } },
  /* The DGT way: credited when the move starts, so 3+2 shows 3:02 at the
   * start and the increment for move 2 arrives with the press of move 1. */
  { "/clock/clock/increment-before-move",
    "180+2^",
    182000,
    182000,
    { { 10000, 174000, 182000 }, { 2000, 174000, 182000 }, { 0, 176000, 182000 } } },
  /* Without "^" move 1 gets no increment in advance. */
  { "/clock/clock/increment-not-before-move-1",
    "180+2",
    180000,
    180000,
    { { 10000, 172000, 180000 }, { 2000, 172000, 180000 } } },
  /* Bronstein: the time used is given back up to the delay, never more. */
  { "/clock/clock/bronstein-never-adds",
    "300d5",
    300000,
    300000,
    { { 3000, 300000, 300000 },
      { 5000, 300000, 300000 },
      { 5001, 299999, 300000 },
      { 60000, 299999, 245000 },
      { 0, 299999, 245000 } } },
  /* Simple delay: the main time waits out the delay; nothing is added. */
  { "/clock/clock/simple-delay-never-adds",
    "300s5",
    300000,
    300000,
    { { 3000, 300000, 300000 },
      { 5000, 300000, 300000 },
      { 5001, 299999, 300000 },
      { 60000, 299999, 245000 } } },
  /* Armageddon: different base times. */
  { "/clock/clock/armageddon",
    "W300-B240",
    300000,
    240000,
    { { 1000, 299000, 240000 }, { 239999, 299000, 1 } } },
  /* A zero increment is still "+0". */
  { "/clock/clock/sudden-death",
    "60+0",
    60000,
    60000,
    { { 59999, 1, 60000 }, { 30000, 1, 30000 } } },
  /* Sandclock: what one side uses, the other gains. */
  { "/clock/clock/sandclock",
    "*60",
    60000,
    60000,
    { { 10000, 50000, 70000 }, { 30000, 80000, 40000 } } },
};

static void
test_short_game (gconstpointer data)
{
  const ShortGame *sg = data;
  Game game;

  game_init (&game, sg->tc);
  assert_times (&game, sg->white0_ms, sg->black0_ms);
  g_assert_true (arb_clock_start (game.clock));
  assert_times (&game, sg->white0_ms, sg->black0_ms);

  for (guint i = 0; i < G_N_ELEMENTS (sg->steps) && (i == 0 || sg->steps[i].white_ms != 0); i++)
    {
      ArbClockPly record;

      ply (&game, sg->steps[i].think_ms);
      assert_times (&game, sg->steps[i].white_ms, sg->steps[i].black_ms);
      g_assert_true (arb_clock_get_ply (game.clock, i + 1, &record));
      g_assert_cmpint (record.used_us, ==, MS (sg->steps[i].think_ms));
      g_assert_cmpint (record.remaining_us[ARB_WHITE], ==, MS (sg->steps[i].white_ms));
      g_assert_cmpint (record.remaining_us[ARB_BLACK], ==, MS (sg->steps[i].black_ms));
    }
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, -1);
  g_assert_cmpuint (game.flag_signals, ==, 0);
  game_clear (&game);
}

/* ---- periods ------------------------------------------------------------------ */

/* 90 min for 40 moves, then 30 min, 30 s from move 1. Each side's own 40th
 * move brings its 30 minutes, the other side's does not. */
static void
test_period_transition (void)
{
  Game game;
  gint64 white = 5400000;
  gint64 black = 5400000;

  game_init (&game, "40/5400+30:1800+30");
  arb_clock_start (game.clock);
  for (int move = 1; move <= 41; move++)
    {
      ply (&game, 100000); /* White: 100 s */
      white += -100000 + 30000 + (move == 40 ? 1800000 : 0);
      g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_WHITE), ==, MS (white));
      /* After White's 40th move Black is still in period 1. */
      g_assert_cmpuint (arb_clock_get_period (game.clock, ARB_WHITE), ==, move >= 40 ? 1 : 0);
      g_assert_cmpuint (arb_clock_get_period (game.clock, ARB_BLACK), ==, move >= 41 ? 1 : 0);
      g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, MS (black));

      ply (&game, 50000); /* Black: 50 s */
      black += -50000 + 30000 + (move == 40 ? 1800000 : 0);
      g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, MS (black));
      g_assert_cmpuint (arb_clock_get_period (game.clock, ARB_BLACK), ==, move >= 40 ? 1 : 0);
    }
  /* By hand: White 5400 - 41*70 + 1800 = 4330 s; Black 5400 - 41*20 + 1800 = 6380 s. */
  assert_times (&game, 4330000, 6380000);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_WHITE), ==, 41);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_BLACK), ==, 41);
  game_clear (&game);
}

/* 120/40 + 60/20 + 15 min, 30 s from move 61: no increment before. */
static void
test_increment_from_period_3 (void)
{
  Game game;

  game_init (&game, "40/7200:20/3600:900+30");
  arb_clock_start (game.clock);
  for (int move = 1; move <= 62; move++)
    {
      ply (&game, 60000);
      ply (&game, 60000);
      if (move == 40)
        assert_times (&game, 7200000 - 2400000 + 3600000, 7200000 - 2400000 + 3600000);
      if (move == 60)
        /* 10800 - 3600 + 900 = 8100 s, no increment yet. */
        assert_times (&game, 8100000, 8100000);
      if (move == 61)
        assert_times (&game, 8100000 - 60000 + 30000, 8100000 - 60000 + 30000);
    }
  assert_times (&game, 8040000, 8040000);
  game_clear (&game);
}

/* The same with the increment credited before each move: it arrives with
 * the press of move 60, for move 61. */
static void
test_increment_from_period_3_before_move (void)
{
  Game game;

  game_init (&game, "40/7200:20/3600:900+30^");
  arb_clock_start (game.clock);
  for (int move = 1; move <= 61; move++)
    {
      ply (&game, 60000);
      ply (&game, 60000);
      if (move == 60)
        assert_times (&game, 8130000, 8130000);
    }
  assert_times (&game, 8100000, 8100000);
  game_clear (&game);
}

/* A last period with a move count repeats: 2 moves in 60 s, again and again. */
static void
test_repeating_period (void)
{
  Game game;

  game_init (&game, "2/60");
  arb_clock_start (game.clock);
  ply (&game, 10000);
  ply (&game, 10000);
  assert_times (&game, 50000, 50000);
  ply (&game, 10000);
  ply (&game, 10000);
  assert_times (&game, 100000, 100000);
  ply (&game, 10000);
  ply (&game, 10000);
  ply (&game, 10000);
  ply (&game, 10000);
  assert_times (&game, 140000, 140000);
  game_clear (&game);
}

/* 6.10.2 (2018): the arbiter corrects the move counter. The period follows
 * the counter; time is neither added nor removed by the correction. */
static void
test_move_counter_correction (void)
{
  Game game;

  game_init (&game, "2/60:30");
  arb_clock_start (game.clock);
  ply (&game, 10000); /* White move 1: 50 s */
  ply (&game, 10000); /* Black move 1: 50 s */
  g_assert_true (arb_clock_set_moves (game.clock, ARB_WHITE, 2));
  assert_times (&game, 50000, 50000);
  g_assert_cmpuint (arb_clock_get_period (game.clock, ARB_WHITE), ==, 1);
  ply (&game, 10000); /* White's "3rd" move: no new period */
  assert_times (&game, 40000, 50000);
  ply (&game, 10000); /* Black's 2nd move: period 2 begins, +30 s */
  assert_times (&game, 40000, 70000);
  /* Back to 1 move: White's next press is again its 2nd and brings 30 s. */
  g_assert_true (arb_clock_set_moves (game.clock, ARB_WHITE, 1));
  ply (&game, 10000);
  assert_times (&game, 60000, 70000);
  game_clear (&game);
}

/* ---- flags ----------------------------------------------------------------------- */

/* A press at the very instant the time reaches zero is too late; one
 * millisecond earlier is in time. */
static void
test_flag_exactly_at_zero (void)
{
  Game game;
  gint64 start;
  gint64 instant = 0;

  game_init (&game, "60");
  arb_clock_start (game.clock);
  start = game.now;
  g_assert_cmpint (arb_clock_get_flag_instant_us (game.clock), ==, start + S (60));

  game.now = start + S (60) - MS (1);
  arb_clock_update (game.clock);
  g_assert_false (arb_clock_get_flag (game.clock, ARB_WHITE, NULL));

  game.now = start + S (60);
  g_assert_true (arb_clock_press (game.clock));
  g_assert_true (arb_clock_get_flag (game.clock, ARB_WHITE, &instant));
  g_assert_cmpint (instant, ==, start + S (60));
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, ARB_WHITE);
  g_assert_cmpuint (game.flag_signals, ==, 1);
  g_assert_cmpint (game.flag_side, ==, ARB_WHITE);
  g_assert_cmpint (game.flag_instant, ==, start + S (60));
  game_clear (&game);
}

/* Noticed late, the fall still carries its exact instant. */
static void
test_flag_noticed_late (void)
{
  Game game;
  gint64 start;
  gint64 instant = 0;
  const ArbClockEvent *event;

  game_init (&game, "W300-B240");
  arb_clock_start (game.clock);
  start = game.now;
  ply (&game, 1000);
  game.now += S (3600); /* nobody looked for an hour */
  arb_clock_update (game.clock);
  g_assert_true (arb_clock_get_flag (game.clock, ARB_BLACK, &instant));
  g_assert_cmpint (instant, ==, start + MS (1000) + S (240));
  event = arb_clock_get_event (game.clock, arb_clock_get_n_events (game.clock) - 1);
  g_assert_cmpint (event->kind, ==, ARB_CLOCK_EVENT_FLAG);
  g_assert_cmpint (event->timestamp_us, ==, instant);
  g_assert_cmpint (event->remaining_us[ARB_BLACK], ==, 0);
  /* The clock keeps running past the fall. */
  g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, S (240) - S (3600));
  game_clear (&game);
}

/* Simple delay: the flag falls after delay + main time. */
static void
test_flag_simple_delay (void)
{
  Game game;
  gint64 start;

  game_init (&game, "10s5");
  arb_clock_start (game.clock);
  start = game.now;
  game.now = start + S (4);
  assert_times (&game, 10000, 10000);
  game.now = start + S (7);
  assert_times (&game, 8000, 10000);
  g_assert_cmpint (arb_clock_get_flag_instant_us (game.clock), ==, start + S (15));
  game.now = start + S (15);
  arb_clock_update (game.clock);
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, ARB_WHITE);
  game_clear (&game);
}

/* Both flags down: the record says which fell first. */
static void
test_both_flags (void)
{
  Game game;
  gint64 start;
  gint64 white_at = 0, black_at = 0;

  game_init (&game, "10");
  arb_clock_start (game.clock);
  start = game.now;
  ply (&game, 12000); /* White's flag fell at 10 s */
  ply (&game, 11000); /* Black's at 22 s */
  g_assert_true (arb_clock_get_flag (game.clock, ARB_WHITE, &white_at));
  g_assert_true (arb_clock_get_flag (game.clock, ARB_BLACK, &black_at));
  g_assert_cmpint (white_at, ==, start + S (10));
  g_assert_cmpint (black_at, ==, start + S (22));
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, ARB_WHITE);
  g_assert_cmpuint (game.flag_signals, ==, 2);
  game_clear (&game);
}

/* ---- arbiter actions ------------------------------------------------------------ */

static void
test_pause_resume (void)
{
  Game game;
  ArbClockPly record;

  game_init (&game, "300+2");
  arb_clock_start (game.clock);
  game.now += S (10);
  g_assert_true (arb_clock_pause (game.clock));
  g_assert_false (arb_clock_pause (game.clock));
  g_assert_false (arb_clock_press (game.clock)); /* no press while stopped */
  game.now += S (600);                           /* the arbiter rules */
  assert_times (&game, 290000, 300000);
  g_assert_cmpint (arb_clock_get_flag_instant_us (game.clock), ==, G_MAXINT64);
  g_assert_true (arb_clock_resume (game.clock));
  ply (&game, 5000);
  assert_times (&game, 287000, 300000);
  arb_clock_get_ply (game.clock, 1, &record);
  g_assert_cmpint (record.used_us, ==, S (15)); /* pause excluded */
  game_clear (&game);
}

static void
test_add_and_set_time (void)
{
  Game game;
  gint64 start;
  gint64 instant;

  game_init (&game, "300");
  arb_clock_start (game.clock);
  start = game.now;
  game.now += S (10);
  /* 7.5.5 (2018): two minutes to the opponent. */
  g_assert_true (arb_clock_add_time (game.clock, ARB_BLACK, S (120)));
  assert_times (&game, 290000, 420000);
  /* Set the running side's time: it shows that now and keeps running. */
  g_assert_true (arb_clock_set_time (game.clock, ARB_WHITE, S (100)));
  game.now += S (5);
  assert_times (&game, 95000, 420000);
  g_assert_false (arb_clock_set_time (game.clock, ARB_WHITE, -1));
  /* Taking more than the running side's time makes its flag fall at once,
   * at the moment of the change (not 5 s before it). */
  g_assert_true (arb_clock_add_time (game.clock, ARB_WHITE, -S (100)));
  g_assert_true (arb_clock_get_flag (game.clock, ARB_WHITE, &instant));
  g_assert_cmpint (instant, ==, start + S (15));
  assert_times (&game, -5000, 420000);
  /* Giving time back raises the flag again (a wrongly set clock). */
  g_assert_true (arb_clock_add_time (game.clock, ARB_WHITE, S (60)));
  g_assert_false (arb_clock_get_flag (game.clock, ARB_WHITE, NULL));
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, -1);
  game_clear (&game);
}

/* ---- history ----------------------------------------------------------------------- */

static void
test_history (void)
{
  static const ArbClockEventKind kinds[] = {
    ARB_CLOCK_EVENT_START,  ARB_CLOCK_EVENT_PRESS,     ARB_CLOCK_EVENT_BONUS,
    ARB_CLOCK_EVENT_PERIOD, ARB_CLOCK_EVENT_PAUSE,     ARB_CLOCK_EVENT_ADD_TIME,
    ARB_CLOCK_EVENT_RESUME, ARB_CLOCK_EVENT_PRESS,     ARB_CLOCK_EVENT_BONUS,
    ARB_CLOCK_EVENT_PERIOD, ARB_CLOCK_EVENT_SET_MOVES, ARB_CLOCK_EVENT_SET_TIME,
  };
  Game game;
  const ArbClockEvent *event;
  gint64 start;

  game_init (&game, "1/60+1:30+1");
  arb_clock_start (game.clock);
  start = game.now;
  ply (&game, 10000);
  arb_clock_pause (game.clock);
  arb_clock_add_time (game.clock, ARB_WHITE, S (120));
  arb_clock_resume (game.clock);
  ply (&game, 20000);
  arb_clock_set_moves (game.clock, ARB_BLACK, 3);
  arb_clock_set_time (game.clock, ARB_BLACK, S (1));

  g_assert_cmpuint (arb_clock_get_n_events (game.clock), ==, G_N_ELEMENTS (kinds));
  g_assert_cmpuint (game.events_signalled, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_assert_cmpint (arb_clock_get_event (game.clock, i)->kind, ==, kinds[i]);

  /* White's press: used 10 s, then +1 s, then period 2's 30 s. */
  event = arb_clock_get_event (game.clock, 1);
  g_assert_cmpint (event->side, ==, ARB_WHITE);
  g_assert_cmpint (event->amount, ==, S (10));
  g_assert_cmpint (event->timestamp_us, ==, start + S (10));
  g_assert_cmpint (event->remaining_us[ARB_WHITE], ==, S (50));
  event = arb_clock_get_event (game.clock, 3);
  g_assert_cmpint (event->amount, ==, S (30));
  g_assert_cmpint (event->remaining_us[ARB_WHITE], ==, S (81));
  event = arb_clock_get_event (game.clock, 5);
  g_assert_cmpint (event->remaining_us[ARB_WHITE], ==, S (201));
  event = arb_clock_get_event (game.clock, 10);
  g_assert_cmpint (event->amount, ==, 3);
  g_assert_cmpuint (event->moves[ARB_BLACK], ==, 3);
  g_assert_cmpuint (event->ply, ==, 2);
  event = arb_clock_get_event (game.clock, 11);
  g_assert_cmpint (event->remaining_us[ARB_BLACK], ==, S (1));
  game_clear (&game);
}

static void
test_restore_ply (void)
{
  Game game;
  ArbClockPly record;

  game_init (&game, "300+2");
  arb_clock_start (game.clock);
  ply (&game, 10000); /* 292 / 300 */
  ply (&game, 20000); /* 292 / 282 */
  ply (&game, 30000); /* 264 / 282 */
  game.now += S (7);  /* Black thinking; an illegal move is found */
  arb_clock_pause (game.clock);

  /* Back to after ply 2 with that ply's times: White to move. */
  g_assert_true (arb_clock_restore_ply (game.clock, 2, TRUE));
  g_assert_cmpuint (arb_clock_get_n_plies (game.clock), ==, 2);
  g_assert_cmpint (arb_clock_get_side_to_move (game.clock), ==, ARB_WHITE);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_WHITE), ==, 1);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_BLACK), ==, 1);
  assert_times (&game, 292000, 282000);
  g_assert_false (arb_clock_get_ply (game.clock, 3, &record));
  arb_clock_resume (game.clock);
  ply (&game, 1000);
  assert_times (&game, 293000, 282000);

  /* Keeping the present times instead (7.1 lets the arbiter choose). */
  game.now += S (4);
  g_assert_true (arb_clock_restore_ply (game.clock, 1, FALSE));
  g_assert_cmpint (arb_clock_get_side_to_move (game.clock), ==, ARB_BLACK);
  assert_times (&game, 293000, 278000);
  g_assert_false (arb_clock_restore_ply (game.clock, 5, TRUE));
  game_clear (&game);
}

/* A game set up with Black to move starts Black's clock. */
static void
test_black_starts (void)
{
  Game game;

  game_init (&game, "300+2");
  g_assert_true (arb_clock_set_first_side (game.clock, ARB_BLACK));
  arb_clock_start (game.clock);
  g_assert_false (arb_clock_set_first_side (game.clock, ARB_WHITE));
  g_assert_cmpint (arb_clock_get_side_to_move (game.clock), ==, ARB_BLACK);
  ply (&game, 10000);
  assert_times (&game, 300000, 292000);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_BLACK), ==, 1);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_WHITE), ==, 0);
  ply (&game, 5000);
  assert_times (&game, 297000, 292000);
  g_assert_true (arb_clock_restore_ply (game.clock, 0, TRUE));
  g_assert_cmpint (arb_clock_get_side_to_move (game.clock), ==, ARB_BLACK);
  assert_times (&game, 300000, 300000);
  game_clear (&game);
}

static void
test_pgn_comments (void)
{
  static const struct
  {
    gint64 us;
    const char *text;
  } times[] = {
    { S (5400), "1:30:00" },   { S (292), "0:04:52" },        { MS (263500), "0:04:23.5" },
    { MS (7), "0:00:00.007" }, { S (36000) + 1, "10:00:00" }, { -S (3), "0:00:00" },
  };
  Game game;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autofree char *text = arb_clock_format_pgn_time (times[i].us);
      g_assert_cmpstr (text, ==, times[i].text);
    }

  game_init (&game, "300+2");
  arb_clock_start (game.clock);
  ply (&game, 10000);
  ply (&game, 20500);
  first = arb_clock_format_pgn_comment (game.clock, 1);
  second = arb_clock_format_pgn_comment (game.clock, 2);
  g_assert_cmpstr (first, ==, "[%clk 0:04:52] [%emt 0:00:10]");
  g_assert_cmpstr (second, ==, "[%clk 0:04:41.5] [%emt 0:00:20.5]");
  g_assert_null (arb_clock_format_pgn_comment (game.clock, 0));
  g_assert_null (arb_clock_format_pgn_comment (game.clock, 3));
  game_clear (&game);
}

/* ---- durability -------------------------------------------------------------------- */

static void
test_snapshot (void)
{
  Game game, recovered;
  ArbClockSnapshot snapshot, parsed;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  /* Mid-move under a simple delay: the snapshot keeps the delay's state. */
  game_init (&game, "300s5");
  arb_clock_start (game.clock);
  ply (&game, 10000); /* White: 300 - (10 - 5) = 295 */
  game.now += S (3);  /* Black 3 s into his move, still inside the delay */
  arb_clock_get_snapshot (game.clock, &snapshot);
  text = arb_clock_snapshot_to_string (&snapshot);
  g_assert_true (arb_clock_snapshot_from_string (text, &parsed, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&parsed, sizeof parsed, &snapshot, sizeof snapshot);

  game_init (&recovered, "300s5");
  recovered.now = game.now + S (100); /* a crash and a restart */
  g_assert_true (arb_clock_restore_snapshot (recovered.clock, &parsed));
  g_assert_true (arb_clock_is_paused (recovered.clock));
  g_assert_cmpint (arb_clock_get_side_to_move (recovered.clock), ==, ARB_BLACK);
  g_assert_cmpuint (arb_clock_get_n_plies (recovered.clock), ==, 1);
  g_assert_cmpint (arb_clock_get_remaining_us (recovered.clock, ARB_WHITE), ==,
                   arb_clock_get_remaining_us (game.clock, ARB_WHITE));
  g_assert_cmpint (arb_clock_get_remaining_us (recovered.clock, ARB_BLACK), ==,
                   arb_clock_get_remaining_us (game.clock, ARB_BLACK));
  /* Both continue alike. */
  arb_clock_resume (recovered.clock);
  recovered.now += S (40);
  game.now += S (40);
  g_assert_true (arb_clock_press (recovered.clock));
  g_assert_true (arb_clock_press (game.clock));
  g_assert_cmpint (arb_clock_get_remaining_us (recovered.clock, ARB_BLACK), ==,
                   arb_clock_get_remaining_us (game.clock, ARB_BLACK));
  /* Black used 43 s, 5 of them delay: 300 - 38 = 262 s. */
  g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, S (262));
  g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_WHITE), ==, S (295));

  g_assert_false (arb_clock_snapshot_from_string ("v=1 started=1", &parsed, NULL));
  g_assert_false (arb_clock_snapshot_from_string ("", &parsed, NULL));
  game_clear (&recovered);
  game_clear (&game);
}

/* A checkpoint after every change, and after each second of running time. */
static void
test_checkpoints (void)
{
  Game game;
  gint64 start;

  game_init (&game, "300");
  g_assert_cmpint (arb_clock_get_next_checkpoint_us (game.clock), ==, G_MAXINT64);
  arb_clock_start (game.clock);
  start = game.now;
  g_assert_cmpuint (game.checkpoints, ==, 1);
  g_assert_cmpint (arb_clock_get_next_checkpoint_us (game.clock), ==, start + S (1));
  game.now = start + MS (999);
  arb_clock_update (game.clock);
  g_assert_cmpuint (game.checkpoints, ==, 1);
  game.now = start + S (1);
  arb_clock_update (game.clock);
  g_assert_cmpuint (game.checkpoints, ==, 2);
  game.now = start + MS (1500);
  g_assert_true (arb_clock_press (game.clock));
  g_assert_cmpuint (game.checkpoints, ==, 3);
  g_assert_cmpint (arb_clock_get_next_checkpoint_us (game.clock), ==, start + MS (2500));
  arb_clock_pause (game.clock);
  g_assert_cmpuint (game.checkpoints, ==, 4);
  g_assert_cmpint (arb_clock_get_next_checkpoint_us (game.clock), ==, G_MAXINT64);
  game_clear (&game);
}

/* ---- live mode: the GSource on the real monotonic clock --------------------------- */

typedef struct
{
  GMainLoop *loop;
  int side;
  gint64 instant;
  gboolean timed_out;
} LiveFlag;

static void
live_flag_cb (ArbClock *clock, int side, gint64 instant, LiveFlag *live)
{
  live->side = side;
  live->instant = instant;
  g_main_loop_quit (live->loop);
}

static gboolean
live_timeout_cb (gpointer user_data)
{
  LiveFlag *live = user_data;

  live->timed_out = TRUE;
  g_main_loop_quit (live->loop);
  return G_SOURCE_REMOVE;
}

/* No assertion on how late the signal comes (that is the benchmark's job):
 * only that it comes by itself and carries the exact computed instant. */
static void
test_live_flag_source (void)
{
  ArbTimeControl tc;
  ArbClock *clock;
  LiveFlag live = { 0 };
  gint64 expected;
  guint timeout;

  g_assert_true (arb_time_control_parse ("0.05", &tc, NULL, NULL));
  clock = arb_clock_new (&tc);
  live.loop = g_main_loop_new (NULL, FALSE);
  live.side = -1;
  g_signal_connect (clock, "flag-fell", G_CALLBACK (live_flag_cb), &live);
  timeout = g_timeout_add_seconds (30, live_timeout_cb, &live);

  arb_clock_start (clock);
  expected = arb_clock_get_flag_instant_us (clock);
  g_main_loop_run (live.loop);

  g_assert_false (live.timed_out);
  g_source_remove (timeout);
  g_assert_cmpint (live.side, ==, ARB_WHITE);
  g_assert_cmpint (live.instant, ==, expected);
  g_assert_cmpint (arb_clock_get_event (clock, 0)->timestamp_us + MS (50), ==, expected);
  g_main_loop_unref (live.loop);
  g_assert_finalize_object (clock);
}

/* ---- a long game ---------------------------------------------------------------------- */

/* A small generator of our own so the test is the same everywhere. */
static guint32
next_random (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return *state >> 8;
}

/* The independent reckoning: each side's time in milliseconds, changed
 * step by step the way an arbiter with a stopwatch would, with nothing
 * shared with the clock's code but the numbers of the control
 * (40/5400+30:1800+30, increment after each move). */
typedef struct
{
  gint64 time[2];
  int moves[2];
  int to_move;
} Reckoning;

static void
reckon_think (Reckoning *r, gint64 ms)
{
  r->time[r->to_move] -= ms;
}

static void
reckon_press (Reckoning *r)
{
  int side = r->to_move;

  r->moves[side]++;
  r->time[side] += 30000;
  if (r->moves[side] == 40)
    r->time[side] += 1800000;
  r->to_move = 1 - side;
}

static void
test_long_game (void)
{
  const gint64 six_hours_ms = G_GINT64_CONSTANT (6) * 3600 * 1000;
  Reckoning r = { { 5400000, 5400000 }, { 0, 0 }, 0 };
  Game game;
  guint32 seed = 20260101;
  gint64 start;
  gint64 spent_ms = 0;
  guint plies = 0;

  game_init (&game, "40/5400+30:1800+30");
  arb_clock_start (game.clock);
  start = game.now;

  for (int move = 1; move <= 150; move++)
    for (int side = 0; side < 2; side++)
      {
        /* Moves 1-40 take 30-150 s, later ones 20-60 s, to the millisecond. */
        gint64 think =
          move <= 40 ? 30000 + next_random (&seed) % 120001 : 20000 + next_random (&seed) % 40001;
        gint64 first_part = think / 3;

        /* Now and then the arbiter acts in the middle of a move. */
        game.now += MS (first_part);
        reckon_think (&r, first_part);
        spent_ms += first_part;
        if (plies % 37 == 11)
          {
            gint64 pause = 60000 + next_random (&seed) % 600001;
            arb_clock_pause (game.clock);
            game.now += MS (pause);
            spent_ms += pause;
            arb_clock_resume (game.clock);
          }
        if (plies % 53 == 20)
          {
            /* 7.5.5: two minutes to the opponent of the player to move */
            arb_clock_add_time (game.clock, (ArbColor) (1 - side), S (120));
            r.time[1 - side] += 120000;
          }
        if (plies % 71 == 30)
          {
            arb_clock_add_time (game.clock, (ArbColor) side, -S (45));
            r.time[side] -= 45000;
          }
        if (plies == 150)
          {
            /* 6.10.2: the running side's clock was wrong; set it to 42:17.250 */
            arb_clock_set_time (game.clock, (ArbColor) side, MS (2537250));
            r.time[side] = 2537250;
          }
        if (plies == 201)
          {
            arb_clock_set_time (game.clock, (ArbColor) (1 - side), MS (1234567));
            r.time[1 - side] = 1234567;
          }
        game.now += MS (think - first_part);
        reckon_think (&r, think - first_part);
        spent_ms += think - first_part;
        g_assert_true (arb_clock_press (game.clock));
        reckon_press (&r);
        plies++;

        g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_WHITE), ==, MS (r.time[0]));
        g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, MS (r.time[1]));
      }

  /* A last long pause while White thinks fills the six hours exactly. */
  g_assert_cmpint (spent_ms, <, six_hours_ms);
  arb_clock_pause (game.clock);
  game.now += MS (six_hours_ms - spent_ms);
  g_assert_cmpint (game.now - start, ==, MS (six_hours_ms));

  g_assert_cmpuint (arb_clock_get_n_plies (game.clock), ==, 300);
  g_assert_cmpint (arb_clock_get_first_flag (game.clock), ==, -1);
  g_test_message ("after six hours: White %" G_GINT64_FORMAT " ms, Black %" G_GINT64_FORMAT " ms",
                  r.time[0], r.time[1]);
  g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_WHITE), ==, MS (r.time[0]));
  g_assert_cmpint (arb_clock_get_remaining_us (game.clock, ARB_BLACK), ==, MS (r.time[1]));
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_WHITE), ==, 150);
  g_assert_cmpuint (arb_clock_get_moves (game.clock, ARB_BLACK), ==, 150);
  game_clear (&game);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (short_games); i++)
    g_test_add_data_func (short_games[i].path, &short_games[i], test_short_game);
  g_test_add_func ("/clock/clock/period-transition-after-40th-move", test_period_transition);
  g_test_add_func ("/clock/clock/increment-from-period-3", test_increment_from_period_3);
  g_test_add_func ("/clock/clock/increment-from-period-3-before-move",
                   test_increment_from_period_3_before_move);
  g_test_add_func ("/clock/clock/repeating-period", test_repeating_period);
  g_test_add_func ("/clock/clock/move-counter-correction", test_move_counter_correction);
  g_test_add_func ("/clock/clock/flag-exactly-at-zero", test_flag_exactly_at_zero);
  g_test_add_func ("/clock/clock/flag-noticed-late", test_flag_noticed_late);
  g_test_add_func ("/clock/clock/flag-simple-delay", test_flag_simple_delay);
  g_test_add_func ("/clock/clock/both-flags", test_both_flags);
  g_test_add_func ("/clock/clock/pause-resume", test_pause_resume);
  g_test_add_func ("/clock/clock/add-and-set-time", test_add_and_set_time);
  g_test_add_func ("/clock/clock/history", test_history);
  g_test_add_func ("/clock/clock/restore-ply", test_restore_ply);
  g_test_add_func ("/clock/clock/black-starts", test_black_starts);
  g_test_add_func ("/clock/clock/pgn-comments", test_pgn_comments);
  g_test_add_func ("/clock/clock/snapshot", test_snapshot);
  g_test_add_func ("/clock/clock/checkpoints", test_checkpoints);
  g_test_add_func ("/clock/clock/live-flag-source", test_live_flag_source);
  g_test_add_func ("/clock/clock/long-game", test_long_game);

  return g_test_run ();
}
