/* bench-flag.c: how late does a live clock announce a flag fall?
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs many short games on the real monotonic clock and measures, for each,
 * the time between the flag's true instant (computed from the timestamps)
 * and the moment the ::flag-fell handler runs. Half of the trials change the
 * running clock half-way (time added), so the one-shot source must be
 * re-armed. Not a test: run it by hand,
 *
 *   build/tests/bench/bench-flag [TRIALS]
 */

#include <stdio.h>
#include <stdlib.h>

#include "arb-clock.h"

typedef struct
{
  GMainLoop *loop;
  ArbClock *clock;
  gint64 lateness_us;
  gint64 instant_us;
} Trial;

static void
flag_fell_cb (ArbClock *clock, int side, gint64 instant, Trial *trial)
{
  trial->lateness_us = g_get_monotonic_time () - instant;
  trial->instant_us = instant;
  g_main_loop_quit (trial->loop);
}

static gboolean
add_time_cb (gpointer user_data)
{
  Trial *trial = user_data;

  arb_clock_add_time (trial->clock, ARB_WHITE, 7000); /* 7 ms more */
  return G_SOURCE_REMOVE;
}

static int
compare_int64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  int trials = argc > 1 ? atoi (argv[1]) : 500;
  g_autofree gint64 *lateness = NULL;
  GRand *rand = g_rand_new_with_seed (42);
  double sum = 0;
  int late_over_5ms = 0;

  if (trials < 1)
    trials = 500;
  lateness = g_new0 (gint64, trials);

  for (int i = 0; i < trials; i++)
    {
      Trial trial = { 0 };
      ArbTimeControl tc;
      g_autofree char *text = NULL;
      guint add_source = 0;

      /* 5 to 40 ms of sudden death, to the microsecond. */
      text = g_strdup_printf ("0.%03d", g_rand_int_range (rand, 5, 41));
      if (!arb_time_control_parse (text, &tc, NULL, NULL))
        return 1;

      trial.loop = g_main_loop_new (NULL, FALSE);
      trial.clock = arb_clock_new (&tc);
      g_signal_connect (trial.clock, "flag-fell", G_CALLBACK (flag_fell_cb), &trial);
      if (i % 2 == 1)
        add_source = g_timeout_add (2, add_time_cb, &trial);

      arb_clock_start (trial.clock);
      g_main_loop_run (trial.loop);

      lateness[i] = trial.lateness_us;
      sum += trial.lateness_us;
      if (trial.lateness_us > 5000)
        late_over_5ms++;
      if (add_source != 0 && g_main_context_find_source_by_id (NULL, add_source) != NULL)
        g_source_remove (add_source);
      g_object_unref (trial.clock);
      g_main_loop_unref (trial.loop);
    }

  qsort (lateness, trials, sizeof *lateness, compare_int64);
  printf (
    "bench-flag: %d trials (flag after 5-40 ms; every other trial re-armed by an added 7 ms)\n",
    trials);
  printf ("lateness of ::flag-fell after the true instant, ms:\n");
  printf ("  min %.3f  median %.3f  mean %.3f  p99 %.3f  max %.3f\n", lateness[0] / 1000.0,
          lateness[trials / 2] / 1000.0, sum / trials / 1000.0,
          lateness[(int) ((trials - 1) * 0.99)] / 1000.0, lateness[trials - 1] / 1000.0);
  printf ("  over 5 ms: %d of %d\n", late_over_5ms, trials);

  g_rand_free (rand);
  return 0;
}
