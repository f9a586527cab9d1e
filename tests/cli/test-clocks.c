/* test-cli-clocks.c: the command-line contracts of "timecontrol" and "clock"
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib.h>

#include "arb-test-utils.h"

typedef struct
{
  const char *path;
  const char *args[12]; /* after the program name */
  int status;           /* expected exit status */
  const char *out;      /* expected standard output, exactly; NULL: not checked */
  const char *err_has;  /* a piece the error output must contain; NULL: empty */
} CliCase;

/* Every expected output below was worked out by hand from the time control
 * and the events. */
static const CliCase cases[] = {
  { "/cli/timecontrol/json",
    { "timecontrol", "--json", "40/5400+30:1800+30" },
    0,
    "{\"kind\":\"periods\",\"per_side\":false,\"periods\":["
    "{\"moves\":40,\"seconds\":5400,\"bonus\":\"increment\",\"bonus_seconds\":30,\"bonus_before_move\":false},"
    "{\"moves\":null,\"seconds\":1800,\"bonus\":\"increment\",\"bonus_seconds\":30,\"bonus_before_move\":false}],"
    "\"category\":\"standard\",\"edition\":2023,\"time_for_60_moves\":9000,"
    "\"pgn\":\"40/5400+30:1800+30\",\"trf\":\"40/5400+30:1800+30\","
    "\"readable\":\"90′/40 + 30′, 30″/move from move 1\"}\n" },
  { "/cli/timecontrol/edition",
    { "timecontrol", "--edition", "2009", "--json", "600+5" },
    0,
    "{\"kind\":\"periods\",\"per_side\":false,\"periods\":["
    "{\"moves\":null,\"seconds\":600,\"bonus\":\"increment\",\"bonus_seconds\":5,\"bonus_before_move\":false}],"
    "\"category\":\"rapid\",\"edition\":2009,\"time_for_60_moves\":900,"
    "\"pgn\":\"600+5\",\"trf\":\"600+5\",\"readable\":\"10′, 5″/move from move 1\"}\n" },
  { "/cli/timecontrol/sandclock",
    { "timecontrol", "--json", "*180" },
    0,
    "{\"kind\":\"sandclock\",\"per_side\":false,\"periods\":[],\"sandclock_seconds\":180,"
    "\"category\":\"blitz\",\"edition\":2023,\"time_for_60_moves\":180,"
    "\"pgn\":\"*180\",\"trf\":null,\"readable\":\"sandclock of 3′\"}\n" },
  { "/cli/timecontrol/text",
    { "timecontrol", "W300-B240" },
    0,
    "Kind: periods\n"
    "White's periods:\n  1: rest of the game in 300 s\n"
    "Black's periods:\n  1: rest of the game in 240 s\n"
    "Category: blitz (2023 Laws; 300 s for 60 moves)\n"
    "PGN: W300-B240\nTRF 222: W300-B240\nReadable: White 5′; Black 4′\n" },
  { "/cli/timecontrol/error",
    { "timecontrol", "--json", "40/5x00" },
    1,
    "{\"error\":\"Unexpected character at character 5 (“x”)\",\"offset\":4}\n",
    "  40/5x00\n      ^\n" },
  { "/cli/timecontrol/bad-edition",
    { "timecontrol", "--edition", "2010", "300" },
    2,
    "",
    "unknown edition 2010" },

  { "/cli/clock/flag-at-zero",
    { "clock", "--json", "--time-control", "60+0", "30", "10", "30", "10", "5" },
    0,
    "{\"ply\":1,\"white\":30,\"black\":60}\n"
    "{\"ply\":2,\"white\":30,\"black\":50}\n"
    "{\"flag\":\"white\",\"ply\":3}\n",
    "2 events after the flag fall" },
  { "/cli/clock/increment-pause-add",
    { "clock", "--json", "--time-control", "300+2", "10", "20", "30.5", "+W:60", "pause:100", "5" },
    0,
    "{\"ply\":1,\"white\":292,\"black\":300}\n"
    "{\"ply\":2,\"white\":292,\"black\":282}\n"
    "{\"ply\":3,\"white\":263.5,\"black\":282}\n"
    "{\"ply\":4,\"white\":323.5,\"black\":279}\n"
    "{\"flag\":null,\"ply\":null}\n" },
  { "/cli/clock/armageddon",
    { "clock", "--json", "--time-control", "W300-B240", "100", "240" },
    0,
    "{\"ply\":1,\"white\":200,\"black\":240}\n"
    "{\"flag\":\"black\",\"ply\":2}\n" },
  { "/cli/clock/time-removed-from-waiting-side",
    { "clock", "--json", "--time-control", "300", "+B:-300", "1" },
    0,
    "{\"ply\":1,\"white\":299,\"black\":0}\n"
    "{\"flag\":\"black\",\"ply\":2}\n" },
  { "/cli/clock/delays",
    { "clock", "--json", "--time-control", "300d5", "3", "10" },
    0,
    "{\"ply\":1,\"white\":300,\"black\":300}\n"
    "{\"ply\":2,\"white\":300,\"black\":295}\n"
    "{\"flag\":null,\"ply\":null}\n" },
  { "/cli/clock/simple-delay-microseconds",
    { "clock", "--json", "-t", "300s5", "7.000001" },
    0,
    "{\"ply\":1,\"white\":297.999999,\"black\":300}\n"
    "{\"flag\":null,\"ply\":null}\n" },
  { "/cli/clock/no-events",
    { "clock", "--json", "--time-control", "40/7200:20/3600:900+30" },
    0,
    "{\"flag\":null,\"ply\":null}\n" },
  { "/cli/clock/text",
    { "clock", "--time-control", "300+2", "10", "20.25" },
    0,
    "ply 1: white 0:04:52, black 0:05:00\n"
    "ply 2: white 0:04:52, black 0:04:41.75\n"
    "no flag fell\n" },
  { "/cli/clock/bad-event",
    { "clock", "--json", "--time-control", "300+2", "10", "5x" },
    2,
    "",
    "event 2 “5x”: expected a thinking time in seconds, +W:S, +B:S or pause:S at character 2" },
  { "/cli/clock/bad-side",
    { "clock", "--time-control", "300+2", "+X:5" },
    2,
    "",
    "at character 2" },
  { "/cli/clock/bad-time-control",
    { "clock", "--time-control", "300+", "10" },
    1,
    "",
    "Expected a number at character 5" },
  { "/cli/clock/no-limit", { "clock", "--time-control", "-", "10" }, 1, "", "has no time limit" },
};

static void
test_cli (gconstpointer data)
{
  const CliCase *c = data;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  for (guint i = 0; i < G_N_ELEMENTS (c->args) && c->args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) c->args[i]);
  g_ptr_array_add (args, NULL);
  if (!arb_test_cli (&run, NULL, NULL, (const char *const *) args->pdata))
    return;
  g_test_message ("stdout: %s\nstderr: %s", run.out, run.err);

  g_assert_cmpint (run.status, ==, c->status);
  if (c->out != NULL)
    g_assert_cmpstr (run.out, ==, c->out);
  if (c->err_has != NULL)
    g_assert_nonnull (strstr (run.err, c->err_has));
  else
    g_assert_cmpstr (run.err, ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i], test_cli);

  return g_test_run ();
}
