/* test-floor-fingerprint.c: the phone shows the desk's certificate once
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Headless chromium opens the sign-in's address, /floor#token=…&fp=…, as
 * the desk's code gives it: the page shows "Compare with the desk: …"
 * with the fingerprint, keeps it, and shows it no more on the next visit.
 * The page is served in plain HTTP on 127.0.0.1 here (a test browser
 * takes no self-signed certificate); what it does with the fragment is
 * the same over HTTPS. With ARB_SCREENSHOT_DIR set, the page is saved.
 */

#include "config.h"

#include <string.h>

#include "arb-position.h"
#include "arb-team-certificate.h"
#include "arb-team-server.h"
#include "arb-test-browser.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

#define DEADLINE_SECONDS 60

static void
test_fingerprint_once (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *fp = NULL;
  g_autofree char *url = NULL;
  g_autofree char *again = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *want = NULL;
  g_autofree char *later = NULL;

  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-3", &token, &error));
  certificate = arb_team_certificate_for_event (t, "127.0.0.1", &error);
  g_assert_no_error (error);
  fp = arb_team_certificate_fingerprint (certificate);
  browser = arb_test_browser_new (390, 844);
  if (browser == NULL)
    return;
  server = arb_team_server_new (t);
  g_assert_true (arb_team_server_listen_local (server, 0, &error));
  g_assert_no_error (error);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s&fp=%s",
                         arb_team_server_get_port (server), token, fp);
  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (browser, "document.getElementById('fingerprint') !== null",
                             DEADLINE_SECONDS);
  shown = arb_test_browser_eval (browser, "document.getElementById('fingerprint').textContent");
  want = g_strdup_printf ("\"Compare with the desk: %s\"", fp);
  g_assert_cmpstr (shown, ==, want);
  kept = arb_test_browser_eval (browser, "localStorage.getItem('arb-floor-fingerprint')");
  g_free (want);
  want = g_strdup_printf ("\"%s\"", fp);
  g_assert_cmpstr (kept, ==, want);
  {
    const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
    g_autoptr (GBytes) png = arb_test_browser_screenshot (browser);

    if (dir != NULL)
      {
        g_autofree char *file = g_build_filename (dir, "floor-fingerprint.png", NULL);

        g_assert_true (g_file_set_contents (file, g_bytes_get_data (png, NULL),
                                            (gssize) g_bytes_get_size (png), &error));
      }
  }

  /* The next visit, without the fragment: signed in, not shown again. */
  again = g_strdup_printf ("http://127.0.0.1:%u/floor", arb_team_server_get_port (server));
  arb_test_browser_open (browser, again);
  arb_test_browser_wait_for (browser, "document.getElementById('status').textContent !== ''",
                             DEADLINE_SECONDS);
  later = arb_test_browser_eval (browser, "document.getElementById('fingerprint') === null && "
                                          "localStorage.getItem('arb-floor-fingerprint') !== null");
  g_assert_cmpstr (later, ==, "true");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/net/floor-page/fingerprint-once", test_fingerprint_once);
  return g_test_run ();
}
