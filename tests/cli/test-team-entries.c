/* test-team-entries.c: arbiter-cli team-entries
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract: bye, forfeit and cancel each record one entry in the
 * file and say so; a refusal says why, records nothing and exits 1;
 * wrong arguments exit 2 with the usage; list shows what stands, and the
 * team standings count it. tests/data/league-4x4.trf pairs Aarhus–Oslo
 * and Bergen–Malmö in round 2. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-match-entries.h"
#include "arb-tournament-trf.h"

static void
run (const char *const *args, int want_status, const char *want_out, const char *want_err)
{
  g_auto (ArbTestCliRun) r = { 0 };

  if (!arb_test_cli (&r, NULL, NULL, args))
    return;
  g_test_message ("%s%s", r.out, r.err);
  g_assert_cmpint (r.status, ==, want_status);
  if (want_out != NULL)
    g_assert_nonnull (strstr (r.out, want_out));
  if (want_err != NULL)
    g_assert_nonnull (strstr (r.err, want_err));
}

static void
test_record (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GPtrArray) entries = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);

  if (arb_test_skip_without_cli ())
    return;
  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  run ((const char *const[]){ "team-entries", path, "forfeit", "--round", "2", "--winner", "away",
                              "Aarhus Skakklub", "Oslo Schakselskap", NULL },
       0, "entry 1: Aarhus Skakklub – Oslo Schakselskap forfeited in round 2", NULL);
  run ((const char *const[]){ "team-entries", path, "bye", "--round", "2", "--game-points", "2",
                              "Bergens Schakklub", NULL },
       1, NULL, "already has a match or a bye in round 2; nothing recorded");
  run ((const char *const[]){ "team-entries", path, "bye", "--round", "3", "--game-points", "2½",
                              "Bergens Schakklub", NULL },
       0, "entry 2: Bergens Schakklub has a bye in round 3", NULL);
  run ((const char *const[]){ "team-entries", path, "forfeit", "--round", "2", "Oslo Schakselskap",
                              NULL },
       2, NULL, "Usage:");
  run ((const char *const[]){ "team-entries", path, "cancel", "2", NULL }, 1, NULL,
       "Say why the record is taken back");
  run (
    (const char *const[]){ "team-entries", path, "cancel", "--reason", "wrong round", "2", NULL },
    0, "entry 2 taken back", NULL);
  run ((const char *const[]){ "team-entries", path, "list", NULL }, 0,
       "forfeit\tAarhus Skakklub – Oslo Schakselskap\taway\t0–4", NULL);
  /* Oslo: 2 for round 1's 2½-1½ and 2 for the forfeit won. */
  run ((const char *const[]){ "standings", path, "--teams", "--json", NULL }, 0,
       "\"match_points\":4", NULL);

  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  entries = arb_tournament_list_team_entries (t, 0, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 3);
}

/* A pairing program's file again, with a 330 for round 2, which the file
 * holds already: the import records the forfeit and says so; the same
 * file once more records nothing. (league-4x4.trf has no 310: its teams
 * are numbered by their 013 order, Oslo 1 and Aarhus 4.) */
static void
test_import_forfeit (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("league-4x4.trf", &length);
  g_autofree char *again = g_strconcat (text, "330 +- 002 004 001\n", NULL);
  g_autofree char *again_path = g_strconcat (path, ".trf", NULL);
  g_auto (ArbTestCliRun) r = { 0 };

  if (arb_test_skip_without_cli ())
    return;
  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  g_assert_true (g_file_set_contents (again_path, again, -1, &error));
  g_assert_no_error (error);
  run ((const char *const[]){ "import", path, again_path, NULL }, 0,
       "recorded 1 team bye or forfeited match", NULL);
  run ((const char *const[]){ "team-entries", path, "list", NULL }, 0,
       "forfeit\tAarhus Skakklub – Oslo Schakselskap\thome\t4–0", NULL);
  if (!arb_test_cli (&r, NULL, NULL, (const char *const[]){ "import", path, again_path, NULL }))
    return;
  g_assert_cmpint (r.status, ==, 0);
  g_assert_null (strstr (r.out, "recorded"));
  g_unlink (again_path);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/team-entries/record", test_record);
  g_test_add_func ("/cli/team-entries/import-forfeit", test_import_forfeit);
  return g_test_run ();
}
