/* test-team.c: arbiter-cli arbiters and calls
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --add prints the sign-in token once and the file keeps only its hash;
 * --revoke records the reason and the token finds nobody after it; calls
 * from the floor are listed oldest first and answered by name.
 */

#include "config.h"

#include <string.h>

#include "arb-floor-entry.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

static char *
run (const char *const *args, int want_status)
{
  g_autofree char *err = NULL;
  int status = -1;
  char *out = arb_test_run_cli (args, "", &status, &err);

  if (out == NULL)
    return NULL;
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, want_status);
  return out;
}

static char *
token_of (const char *out)
{
  const char *colon = strrchr (out, ':');

  g_assert_nonnull (colon);
  return g_strstrip (g_strdup (colon + 1));
}

static void
test_arbiters (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  const char *add[] = { "arbiters", path, "--add", "Ana Ruiz", "--sectors", "1-20,41-60", NULL };
  const char *again[] = { "arbiters", path, "--add", "Ana Ruiz", NULL };
  const char *bad[] = { "arbiters", path, "--add", "Bo", "--role", "chief", NULL };
  const char *revoke[] = { "arbiters", path, "--revoke", "Ana Ruiz", "--reason", "lost", NULL };
  const char *no_reason[] = { "arbiters", path, "--revoke", "Ana Ruiz", NULL };
  const char *list[] = { "arbiters", path, "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *token = NULL;
  g_autoptr (ArbTeamArbiter) ana = NULL;
  g_autoptr (GError) error = NULL;

  out = run (add, 0);
  if (out == NULL)
    return;
  token = token_of (out);
  g_assert_cmpuint (strlen (token), ==, 64);
  g_clear_pointer (&out, g_free);
  out = run (list, 0);
  g_assert_null (strstr (out, token));
  g_assert_nonnull (strstr (out, "\"sectors\":\"1-20,41-60\""));
  g_clear_pointer (&out, g_free);
  g_free (run (again, 1));
  g_free (run (bad, 2));
  g_free (run (no_reason, 2));
  ana = arb_tournament_find_arbiter_by_token (t, token, &error);
  g_assert_nonnull (ana);
  g_clear_pointer (&ana, arb_team_arbiter_free);
  g_free (run (revoke, 0));
  ana = arb_tournament_find_arbiter_by_token (t, token, &error);
  g_assert_no_error (error);
  g_assert_null (ana);
  out = run (list, 0);
  g_assert_nonnull (strstr (out, "\"revoke_reason\":\"lost\""));
}

static void
test_calls (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autoptr (ArbTeamArbiter) ana = NULL;
  ArbFloorSubmission call = { .client_id = "a", .kind = ARB_FLOOR_CALL, .round = 1, .board = 4 };
  const char *list[] = { "calls", path, "--json", NULL };
  const char *answer[] = { "calls", path, "--answer", "1", "--arbiter", "Chief", NULL };
  const char *no_name[] = { "calls", path, "--answer", "2", NULL };
  g_autofree char *out = NULL;

  g_assert_true (
    arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-10", &token, &error));
  ana = arb_tournament_find_arbiter_by_token (t, token, &error);
  g_assert_true (arb_floor_entry_submit (t, ana, &call, NULL, NULL, &error));
  call.client_id = "b";
  call.board = 7;
  g_assert_true (arb_floor_entry_submit (t, ana, &call, NULL, NULL, &error));
  g_assert_no_error (error);
  out = run (list, 0);
  if (out == NULL)
    return;
  g_assert_nonnull (strstr (out, "{\"calls\":[{\"id\":1,\"round\":1,\"board\":4"));
  g_assert_nonnull (strstr (out, "\"board\":7"));
  g_clear_pointer (&out, g_free);
  g_free (run (no_name, 2));
  g_free (run (answer, 0));
  g_free (run (answer, 1));
  out = run (list, 0);
  g_assert_null (strstr (out, "\"board\":4"));
  g_assert_nonnull (strstr (out, "\"board\":7"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/team/arbiters", test_arbiters);
  g_test_add_func ("/cli/team/calls", test_calls);
  return g_test_run ();
}
