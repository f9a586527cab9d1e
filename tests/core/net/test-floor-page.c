/* test-floor-page.c: the floor page of the arbiters' service, in a real browser
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Headless chromium at a phone's 390×844 opens /floor#token=…, enters a
 * result, calls the desk and reports an illegal move; the file holds each.
 * Then the service goes away while entries are queued on the phone, comes
 * back on the same port, and every queued entry arrives once. With
 * ARB_SCREENSHOT_DIR set, the page is saved there.
 */

#include "config.h"

#include <string.h>

#include "arb-position.h"
#include "arb-team-server.h"
#include "arb-test-browser.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

#define DEADLINE_SECONDS 60

static void
save_screenshot (ArbTestBrowser *browser, const char *name)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autoptr (GBytes) png = arb_test_browser_screenshot (browser);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (memcmp (g_bytes_get_data (png, NULL), "\x89PNG", 4), ==, 0);
  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL),
                                      (gssize) g_bytes_get_size (png), &error));
  g_test_message ("saved %s", path);
}

static void
click (ArbTestBrowser *browser, int board, const char *selector)
{
  g_autofree char *js = g_strdup_printf (
    "document.querySelector('[data-board=\"%d\"] %s').click(), true", board, selector);
  g_autofree char *v = arb_test_browser_eval (browser, js);

  g_assert_cmpstr (v, ==, "true");
}

static guint
count_kind (ArbTournament *t, ArbFloorKind kind)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = arb_tournament_list_floor_entries (t, FALSE, &error);
  guint n = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    n += ((ArbFloorRecord *) all->pdata[i])->kind == kind;
  return n;
}

static ArbTeamServer *
serve (ArbTournament *t, guint port)
{
  g_autoptr (GError) error = NULL;
  ArbTeamServer *server = arb_team_server_new (t);

  g_assert_true (arb_team_server_listen_local (server, port, &error));
  g_assert_no_error (error);
  return server;
}

static void
add_games (ArbTournament *t, gint64 *first_game)
{
  static const char *const names[] = { "Jansen, Pieter", "Öberg, Nils", "Berg, Anna",
                                       "Lind, Karin",    "Dahl, Erik",  "Holm, Sara" };
  g_autoptr (GError) error = NULL;
  gint64 ids[G_N_ELEMENTS (names)];

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      ArbPlayerInfo p = { .start_no = (int) i + 1, .name = (char *) names[i] };

      ids[i] = arb_tournament_add_player (t, &p, &error);
      g_assert_no_error (error);
    }
  for (int b = 1; b <= 3; b++)
    {
      ArbGameInfo g = { .round = 1, .board = b, .result = ARB_RESULT_ONGOING, .rated = TRUE };
      gint64 id;

      g.white_id = ids[2 * (b - 1)];
      g.black_id = ids[2 * (b - 1) + 1];
      id = arb_tournament_add_game (t, &g, &error);
      g_assert_no_error (error);
      if (b == 1)
        *first_game = id;
    }
}

static void
test_floor_page (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameInfo) game = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  g_autofree char *sent = NULL;
  gint64 game_id = 0;
  guint port;

  add_games (t, &game_id);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-3", &token, &error));
  g_assert_no_error (error);
  browser = arb_test_browser_new (390, 844);
  if (browser == NULL)
    return;
  server = serve (t, 0);
  port = arb_team_server_get_port (server);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s", port, token);
  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (browser, "document.querySelectorAll('.board').length === 3",
                             DEADLINE_SECONDS);
  /* The token left the address once read. */
  sent = arb_test_browser_eval (browser, "location.hash");
  g_assert_cmpstr (sent, ==, "\"\"");

  click (browser, 1, "button[data-result=\"1-0\"]");
  click (browser, 2, "button.call");
  click (browser, 3, "button.report"); /* the first kind: an illegal move */
  arb_test_browser_wait_for (
    browser, "document.querySelectorAll('#entries li.confirmed').length === 3", DEADLINE_SECONDS);
  save_screenshot (browser, "floor-page.png");
  game = arb_tournament_get_game (t, game_id, &error);
  g_assert_cmpint (game->result, ==, ARB_RESULT_WHITE_WINS);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_RESULT), ==, 1);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_CALL), ==, 1);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_INCIDENT), ==, 1);

  /* The network cut: entries wait on the phone, then arrive once. */
  g_clear_object (&server);
  click (browser, 2, "button[data-result=\"½-½\"]");
  click (browser, 3, "button.call");
  click (browser, 1, "button.report");
  arb_test_browser_wait_for (browser, "document.body.dataset.pending === '3'", DEADLINE_SECONDS);
  arb_test_browser_wait_for (browser, "document.getElementById('status').textContent !== ''",
                             DEADLINE_SECONDS);
  save_screenshot (browser, "floor-page-offline.png");
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_CALL), ==, 1);
  server = serve (t, port);
  arb_test_browser_wait_for (browser, "document.body.dataset.pending === '0'", DEADLINE_SECONDS);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_RESULT), ==, 2);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_CALL), ==, 2);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_INCIDENT), ==, 2);
  save_screenshot (browser, "floor-page-back.png");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/net/floor-page/enter-call-report-cut", test_floor_page);
  return g_test_run ();
}
