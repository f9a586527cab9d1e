/* test-team.c: arbiter-cli arbiters and calls
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --add prints the sign-in token once and the file keeps only its hash;
 * --revoke records the reason and the token finds nobody after it; calls
 * from the floor are listed oldest first and answered by name; serve-team
 * --replica-port lets a deputy's follow-desk keep a replica, never a floor
 * arbiter's.
 */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include <libsoup/soup.h>

#include "arb-floor-entry.h"
#include "arb-team-certificate.h"
#include "arb-test-http.h"
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

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static GSubprocess *
spawn_cli (const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GSubprocess *proc;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ARBITER_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  return proc;
}

static void
stop (GSubprocess *proc)
{
  g_subprocess_send_signal (proc, SIGTERM);
  g_subprocess_wait (proc, NULL, NULL);
}

/* How many arbiters the replica at @path holds, 0 while there is none. */
static guint
replica_team (const char *path)
{
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GPtrArray) team = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  team = t != NULL ? arb_tournament_list_team (t, NULL) : NULL;
  return team != NULL ? team->len : 0;
}

static void
test_replica_port (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *deputy = NULL;
  g_autofree char *floor = NULL;
  g_autofree char *team_line = NULL;
  g_autofree char *replica_line = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GSubprocess) follower = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  const char *url;
  guint turns = 0;

  if (arb_test_skip_without_cli ())
    return;
  arb_test_temp_setup (&temp, NULL);
  t = arb_test_temp_new_tournament (&temp);
  g_assert_true (arb_tournament_add_arbiter (t, "Dag", ARB_TEAM_ROLE_DEPUTY, "", &deputy, &error));
  g_assert_true (
    arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-10", &floor, &error));
  g_assert_no_error (error);
  g_clear_object (&t);

  {
    const char *serve[] = { "serve-team", temp.tournament, "--port", "0", "--replica-port", "0",
                            NULL };
    server = spawn_cli (serve);
  }
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  team_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  replica_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (replica_line);
  url = strstr (replica_line, "http://127.0.0.1:");
  g_assert_nonnull (url);

  /* A floor arbiter's sign-in gets no replica, and nothing is made. */
  refused = arb_test_temp_file (&temp, "floor.arbiter");
  {
    const char *follow[] = { "follow-desk", url, "--token", floor, "--into", refused, NULL };
    g_free (run (follow, 1));
  }
  g_assert_false (g_file_test (refused, G_FILE_TEST_EXISTS));

  /* A deputy's gets the whole record, the team included. */
  kept = arb_test_temp_file (&temp, "deputy.arbiter");
  {
    const char *follow[] = { "follow-desk", url, "--token", deputy, "--into", kept, NULL };
    follower = spawn_cli (follow);
  }
  while (replica_team (kept) < 2 && turns++ < 600)
    g_usleep (50 * 1000);
  g_assert_cmpuint (replica_team (kept), ==, 2);
  stop (follower);
  stop (server);
}

/* serve-team --https on 127.0.0.1 prints its HTTPS address and the
 * fingerprint of the certificate made for the event, which is the one
 * the file keeps and the one a pinned client is served by; a second start
 * presents the same. */
static char *
serve_https_once (ArbTestTemp *temp, char **url_out)
{
  const char *serve[] = { "serve-team", temp->tournament, "--port", "0", "--https", NULL };
  g_autoptr (GSubprocess) server = spawn_cli (serve);
  g_autoptr (GDataInputStream) out =
    g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_autofree char *fp_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  const char *prefix = "Certificate (SHA-256): ";
  char *url;

  g_assert_no_error (error);
  g_assert_nonnull (fp_line);
  g_test_message ("%s\n%s", line, fp_line);
  url = strstr (line, "https://127.0.0.1:");
  g_assert_nonnull (url);
  g_assert_true (g_str_has_prefix (fp_line, prefix));
  *url_out = g_strdup (url);
  {
    g_autofree char *floor_url = g_strconcat (url, "floor", NULL);
    g_autoptr (SoupMessage) msg = soup_message_new ("GET", floor_url);

    g_assert_cmpuint (arb_test_http_send (msg, fp_line + strlen (prefix), NULL, &error), ==, 200);
    g_assert_no_error (error);
  }
  stop (server);
  return g_strdup (fp_line + strlen (prefix));
}

static void
test_serve_https (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *url1 = NULL;
  g_autofree char *url2 = NULL;

  if (arb_test_skip_without_cli ())
    return;
  arb_test_temp_setup (&temp, NULL);
  t = arb_test_temp_new_tournament (&temp);
  g_clear_object (&t);
  first = serve_https_once (&temp, &url1);
  second = serve_https_once (&temp, &url2);
  g_assert_cmpstr (first, ==, second);
  t = arb_tournament_open (temp.tournament, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  stored = arb_team_certificate_stored_fingerprint (t, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored, ==, first);
}

/* serve-team --https --replica-port: follow-desk --fingerprint with
 * another fingerprint is refused, saying so, and makes nothing; with the
 * one printed, the deputy keeps the replica. */
static void
test_follow_pinned (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GSubprocess) follower = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *deputy = NULL;
  g_autofree char *team_line = NULL;
  g_autofree char *replica_line = NULL;
  g_autofree char *fp_line = NULL;
  g_autofree char *url = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *err = NULL;
  g_autofree char *printed = NULL;
  const char *prefix = "Certificate (SHA-256): ";
  int status = -1;
  guint turns = 0;

  if (arb_test_skip_without_cli ())
    return;
  arb_test_temp_setup (&temp, NULL);
  t = arb_test_temp_new_tournament (&temp);
  g_assert_true (arb_tournament_add_arbiter (t, "Dag", ARB_TEAM_ROLE_DEPUTY, "", &deputy, &error));
  g_assert_no_error (error);
  g_clear_object (&t);
  {
    const char *serve[] = { "serve-team", temp.tournament,  "--port", "0",
                            "--https",    "--replica-port", "0",      NULL };
    server = spawn_cli (serve);
  }
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  team_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  replica_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  fp_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fp_line);
  g_assert_true (g_str_has_prefix (fp_line, prefix));
  g_assert_nonnull (strstr (replica_line, "https://127.0.0.1:"));
  url =
    g_strndup (strstr (replica_line, "https://"), strcspn (strstr (replica_line, "https://"), " "));
  wrong = g_strdup (fp_line + strlen (prefix));
  wrong[0] = wrong[0] == 'A' ? 'B' : 'A';

  refused = arb_test_temp_file (&temp, "refused.arbiter");
  {
    const char *follow[] = { "follow-desk",   url,   "--token", deputy, "--into", refused,
                             "--fingerprint", wrong, NULL };

    printed = arb_test_run_cli (follow, "", &status, &err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "not the one pinned"));
  }
  g_assert_false (g_file_test (refused, G_FILE_TEST_EXISTS));
  kept = arb_test_temp_file (&temp, "deputy.arbiter");
  {
    const char *follow[] = { "follow-desk", url,  "--token",       deputy,
                             "--into",      kept, "--fingerprint", fp_line + strlen (prefix),
                             NULL };
    follower = spawn_cli (follow);
  }
  while (replica_team (kept) < 1 && turns++ < 600)
    g_usleep (50 * 1000);
  g_assert_cmpuint (replica_team (kept), ==, 1);
  stop (follower);
  stop (server);
}

/* The organiser's files: a bad one is named with why, and nothing is
 * stored or served; --certificate without --key is a usage error. */
static void
test_serve_bad_certificate (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *junk = NULL;
  g_autofree char *cert = NULL;
  g_autofree char *key = NULL;
  g_autofree char *cert_file = NULL;
  g_autofree char *key_file = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_autofree char *stored = NULL;
  const char *const names[] = { "127.0.0.1", NULL };
  int status = -1;

  if (arb_test_skip_without_cli ())
    return;
  arb_test_temp_setup (&temp, NULL);
  t = arb_test_temp_new_tournament (&temp);
  g_clear_object (&t);
  junk = arb_test_temp_write (&temp, "junk.pem", "-----BEGIN CERTIFICATE-----\nAAAA\n");
  g_assert_true (arb_team_certificate_make (names, &cert, &key, &error));
  cert_file = arb_test_temp_write (&temp, "desk.crt", cert);
  key_file = arb_test_temp_write (&temp, "desk.key", key);
  {
    const char *serve[] = { "serve-team", temp.tournament, "--port", "0", "--certificate",
                            junk,         "--key",         key_file, NULL };

    out = arb_test_run_cli (serve, "", &status, &err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "junk.pem: no PEM certificate in this file"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *serve[] = { "serve-team", temp.tournament, "--port", "0", "--certificate",
                            cert_file,    "--key",         junk,     NULL };

    out = arb_test_run_cli (serve, "", &status, &err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "junk.pem: no unencrypted PEM private key"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *serve[] = { "serve-team", temp.tournament, "--certificate", cert_file, NULL };

    out = arb_test_run_cli (serve, "", &status, &err);
    g_assert_cmpint (status, ==, 2);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *help[] = { "serve-team", "--help", NULL };

    out = arb_test_run_cli (help, "", &status, &err);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (out, "--certificate"));
    g_assert_nonnull (strstr (out, "--address"));
    g_assert_nonnull (strstr (out, "fingerprint"));
  }
  t = arb_tournament_open (temp.tournament, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  stored = arb_team_certificate_stored_fingerprint (t, &error);
  g_assert_no_error (error);
  g_assert_null (stored);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/team/arbiters", test_arbiters);
  g_test_add_func ("/cli/team/calls", test_calls);
  g_test_add_func ("/cli/team/replica-port", test_replica_port);
  g_test_add_func ("/cli/team/serve-https", test_serve_https);
  g_test_add_func ("/cli/team/follow-pinned", test_follow_pinned);
  g_test_add_func ("/cli/team/serve-bad-certificate", test_serve_bad_certificate);
  return g_test_run ();
}
