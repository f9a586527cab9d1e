/* test-floor-page.c: the floor page of the arbiters' service, in a real browser
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Headless chromium at a phone's 390×844 opens /floor#token=…, enters a
 * result, calls the desk and reports an illegal move; the file holds each.
 * Then the service goes away while entries are queued on the phone, comes
 * back on the same port, and every queued entry arrives once. The page
 * comes in the phone's language (Accept-Language), or in the one chosen
 * on it, which the phone keeps; the times' fields show their whole
 * placeholder in every language. A request the desk takes and never
 * answers is given up and sent again. With ARB_SCREENSHOT_DIR set, the
 * page is saved there.
 */

#include "config.h"

#include <string.h>

#include "arb-floor-entry.h"
#include "arb-i18n.h"
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
  g_autofree char *held = NULL;
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
  g_free (arb_test_browser_eval (
    browser, "document.querySelector('.board[data-board=\"2\"] input.note').value = 'Flag?'"));
  click (browser, 2, "button.call");
  /* The note went with the call: its field is empty again. */
  g_free (sent);
  sent = arb_test_browser_eval (
    browser, "document.querySelector('.board[data-board=\"2\"] input.note').value");
  g_assert_cmpstr (sent, ==, "\"\"");
  click (browser, 3, "button.report"); /* the first kind: an illegal move */
  arb_test_browser_wait_for (
    browser, "document.querySelectorAll('#entries li.confirmed').length === 3", DEADLINE_SECONDS);
  /* No deputy follows this desk: the phone says the entry is on the desk only. */
  held =
    arb_test_browser_eval (browser, "document.querySelector('#entries li.confirmed').textContent");
  g_assert_true (g_str_has_suffix (held, "on the desk only\""));
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
  /* Board 2's draw comes back from the desk as the button wrote it. */
  arb_test_browser_wait_for (browser,
                             "(document.querySelector('.board[data-board=\"2\"] .result') || "
                             "{}).textContent === '½-½'",
                             DEADLINE_SECONDS);
  save_screenshot (browser, "floor-page-back.png");
}

/* Opens @url as a new document: the old one may still say it is loaded. */
static void
open_anew (ArbTestBrowser *browser, const char *url)
{
  g_autofree char *v = arb_test_browser_eval (browser, "window.arbOld = true");

  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (
    browser, "!window.arbOld && document.body && document.body.dataset.ready === '1'",
    DEADLINE_SECONDS);
}

/* The text of the page element @selector, as JSON. */
static char *
text_of (ArbTestBrowser *browser, const char *selector)
{
  g_autofree char *js = g_strdup_printf ("document.querySelector('%s').textContent", selector);

  return arb_test_browser_eval (browser, js);
}

/* The page is in @language: its title, a board's call and the language
 * it says it is in are that catalog's. */
static void
assert_language (ArbTestBrowser *browser, const char *language)
{
  g_autofree char *lang = arb_test_browser_eval (browser, "ARB_STRINGS.lang");
  g_autofree char *want_lang = g_strdup_printf ("\"%s\"", language);
  g_autofree char *title = text_of (browser, "#title");
  g_autofree char *alert = text_of (browser, "[data-board=\"2\"] .alert");
  g_autofree char *want_title = NULL;
  g_autofree char *want_alert = NULL;
  g_autofree char *call = NULL;

  g_assert_true (arb_i18n_push_language (language, NULL));
  want_title = g_strdup_printf ("\"%s\"", C_ ("floor page", "Floor"));
  call = g_strdup_printf (C_ ("floor page", "Desk called by %s"), "Ana");
  want_alert = g_strdup_printf ("\"%s\"", call);
  arb_i18n_pop_language ();
  g_assert_cmpstr (lang, ==, want_lang);
  g_assert_cmpstr (title, ==, want_title);
  g_assert_cmpstr (alert, ==, want_alert);
  if (strcmp (language, "en") != 0)
    g_assert_cmpstr (title, !=, "\"Floor\"");
}

/* Every time field is wide enough for its placeholder, and no card is
 * wider than the phone. */
static void
assert_fits (ArbTestBrowser *browser)
{
  static const char js[] =
    "(function () {"
    "  var c = document.createElement('canvas').getContext('2d');"
    "  var fits = Array.prototype.every.call(document.querySelectorAll('input.time'),"
    "    function (i) {"
    "      var s = getComputedStyle(i);"
    "      c.font = s.font;"
    "      var room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);"
    "      return c.measureText(i.placeholder).width <= room;"
    "    });"
    "  var cards = Array.prototype.every.call(document.querySelectorAll('.board'),"
    "    function (b) { return b.scrollWidth <= b.clientWidth; });"
    "  return fits && cards && document.documentElement.scrollWidth <= innerWidth;"
    "})()";
  g_autofree char *v = arb_test_browser_eval (browser, js);

  g_assert_cmpstr (v, ==, "true");
}

static void
test_languages (void)
{
  static const struct
  {
    const char *accept, *language;
  } phones[] = {
    { "sv-SE,sv;q=0.9,en;q=0.5", "sv" },
    { "nl", "nl" },
    { "fr-FR,de;q=0.8", "en" },
    { "da-DK", "da" },
    { "nb-NO,nb", "nb" },
  };
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (ArbTeamArbiter) ana = NULL;
  g_autoptr (ArbFloorRecord) stored = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *v = NULL;
  ArbFloorSubmission call = { .client_id = "c1", .kind = ARB_FLOOR_CALL, .round = 1, .board = 2 };
  gboolean repeat = FALSE;
  gint64 game_id = 0;

  add_games (t, &game_id);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-3", &token, &error));
  g_assert_no_error (error);
  ana = arb_tournament_find_arbiter_by_token (t, token, &error);
  g_assert_true (arb_floor_entry_submit (t, ana, &call, &stored, &repeat, &error));
  g_assert_no_error (error);
  browser = arb_test_browser_new (390, 844);
  if (browser == NULL)
    return;
  server = serve (t, 0);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s", arb_team_server_get_port (server),
                         token);
  plain = g_strdup_printf ("http://127.0.0.1:%u/floor", arb_team_server_get_port (server));
  for (guint i = 0; i < G_N_ELEMENTS (phones); i++)
    {
      g_autofree char *shot = g_strdup_printf ("floor-page-%s.png", phones[i].language);

      arb_test_browser_set_language (browser, phones[i].accept);
      open_anew (browser, i == 0 ? url : plain);
      assert_language (browser, phones[i].language);
      assert_fits (browser);
      save_screenshot (browser, shot);
    }

  /* Dutch chosen on a Swedish phone: the page comes again in Dutch, and
   * stays so when it is opened again. */
  arb_test_browser_set_language (browser, "sv");
  open_anew (browser, plain);
  assert_language (browser, "sv");
  /* The choice is made after this evaluation has answered: the page
   * reloads itself on it, and an answer cut off by that is refused. */
  v = arb_test_browser_eval (browser, "window.arbOld = true, (function () {"
                                      "  var m = document.getElementById('lang');"
                                      "  m.value = 'nl';"
                                      "  setTimeout(function () {"
                                      "    m.dispatchEvent(new Event('change')); }, 0);"
                                      "  return true; })()");
  g_assert_cmpstr (v, ==, "true");
  arb_test_browser_wait_for (
    browser, "!window.arbOld && document.body && document.body.dataset.ready === '1'",
    DEADLINE_SECONDS);
  assert_language (browser, "nl");
  open_anew (browser, plain);
  assert_language (browser, "nl");
  save_screenshot (browser, "floor-page-chosen-nl.png");
}

static gboolean
swallow (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  g_ptr_array_add (data, g_object_ref (connection));
  return TRUE;
}

/* A desk that takes the connection and never answers (a network that
 * drops what comes back): the phone gives the request up and sends the
 * entry again, once the desk answers, with the same id. */
static void
test_unanswered (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GSocketService) hole = NULL;
  g_autoptr (GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  gint64 game_id = 0;
  guint port;

  add_games (t, &game_id);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-3", &token, &error));
  browser = arb_test_browser_new (390, 844);
  if (browser == NULL)
    return;
  server = serve (t, 0);
  port = arb_team_server_get_port (server);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s", port, token);
  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (browser, "document.body.dataset.ready === '1'", DEADLINE_SECONDS);
  g_clear_object (&server);

  hole = g_socket_service_new ();
  g_assert_true (
    g_socket_listener_add_inet_port (G_SOCKET_LISTENER (hole), (guint16) port, NULL, &error));
  g_assert_no_error (error);
  g_signal_connect (hole, "incoming", G_CALLBACK (swallow), held);
  click (browser, 1, "button[data-result=\"1-0\"]");
  arb_test_browser_wait_for (browser, "document.body.dataset.pending === '1'", DEADLINE_SECONDS);
  while (held->len == 0)
    g_main_context_iteration (NULL, TRUE);
  /* The desk comes back; the connection taken stays open, unanswered. */
  g_socket_service_stop (hole);
  g_socket_listener_close (G_SOCKET_LISTENER (hole));
  server = serve (t, port);
  arb_test_browser_wait_for (browser, "document.body.dataset.pending === '0'", DEADLINE_SECONDS);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_RESULT), ==, 1);
  g_assert_cmpuint (held->len, >=, 1);
}

/* A witness that says no deputy confirmed the first change it is asked
 * about, and that the deputies hold every later one. */
typedef struct
{
  guint asked;
  ArbTeamHeldFunc done;
  gpointer done_data;
  ArbTeamHeld held;
} Witness;

static gboolean
witness_answer (gpointer data)
{
  Witness *w = data;

  w->done (w->held, w->done_data);
  return G_SOURCE_REMOVE;
}

static void
witness (gint64 seq, ArbTeamHeldFunc done, gpointer done_data, gpointer user_data)
{
  Witness *w = user_data;

  w->held = w->asked++ == 0 ? ARB_TEAM_HELD_UNCONFIRMED : ARB_TEAM_HELD_DEPUTY;
  w->done = done;
  w->done_data = done_data;
  g_idle_add (witness_answer, w);
}

/* An entry the desk holds that no deputy confirmed is sent again by the
 * phone, with its id, until the desk says a deputy holds it too; it is
 * stored once. */
static void
test_desk_only_sent_again (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  g_autofree char *held = NULL;
  Witness w = { 0 };
  gint64 game_id = 0;

  add_games (t, &game_id);
  g_assert_true (arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-3", &token, &error));
  g_assert_no_error (error);
  browser = arb_test_browser_new (390, 844);
  if (browser == NULL)
    return;
  server = serve (t, 0);
  arb_team_server_set_witness (server, witness, &w, NULL);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s", arb_team_server_get_port (server),
                         token);
  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (browser, "document.querySelectorAll('.board').length === 3",
                             DEADLINE_SECONDS);
  click (browser, 2, "button.call");
  arb_test_browser_wait_for (browser, "document.body.dataset.unconfirmed === '1'",
                             DEADLINE_SECONDS);
  held =
    arb_test_browser_eval (browser, "document.querySelector('#entries li.confirmed').textContent");
  g_assert_true (g_str_has_suffix (held, "on the desk only\""));
  g_clear_pointer (&held, g_free);
  /* Sent again; the desk now says a deputy holds it. */
  arb_test_browser_wait_for (browser, "document.body.dataset.unconfirmed === '0'",
                             DEADLINE_SECONDS);
  held =
    arb_test_browser_eval (browser, "document.querySelector('#entries li.confirmed').textContent");
  g_assert_true (g_str_has_suffix (held, "on the desk and a deputy\""));
  g_assert_cmpuint (w.asked, ==, 2);
  g_assert_cmpuint (count_kind (t, ARB_FLOOR_CALL), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add_func ("/net/floor-page/enter-call-report-cut", test_floor_page);
  g_test_add_func ("/net/floor-page/languages", test_languages);
  g_test_add_func ("/net/floor-page/unanswered", test_unanswered);
  g_test_add_func ("/net/floor-page/desk-only-sent-again", test_desk_only_sent_again);
  return g_test_run ();
}
