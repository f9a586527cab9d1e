/* test-display.c: the display page of arbiter-cli serve, in a real browser
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Debian's chromium, headless, opens the page the feed serves; the tests
 * read what it shows. With ARB_SCREENSHOT_DIR set, the 16- and 64-board
 * rounds are also saved there as PNG (display-16.png, display-64.png),
 * at 1920x1080, the hall screen's size.
 */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "arb-demo.h"
#include "arb-test-browser.h"
#include "arb-test-utils.h"
#include "arb-tournament-live.h"

#define DEADLINE_SECONDS 30

typedef struct
{
  ArbTestTemp temp;
  char *path;
  GSubprocess *server;
  char *url;
  ArbTestBrowser *browser;
} Fixture;

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
serve (Fixture *f)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  f->server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARBITER_CLI"), "serve",
                                           f->path, "--port", "0", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (f->server));
  f->url = g_data_input_stream_read_line_utf8 (out, &length, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->url);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  arb_test_temp_setup (&f->temp, NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->browser, arb_test_browser_free);
  if (f->server != NULL)
    {
      g_subprocess_send_signal (f->server, SIGTERM);
      g_subprocess_wait (f->server, NULL, NULL);
    }
  g_clear_object (&f->server);
  g_free (f->url);
  g_free (f->path);
  arb_test_temp_clear (&f->temp);
}

static char *
eval (Fixture *f, const char *expression)
{
  return arb_test_browser_eval (f->browser, expression);
}

static void
assert_eval (Fixture *f, const char *expression, const char *expected)
{
  g_autofree char *value = eval (f, expression);

  g_test_message ("%s → %s", expression, value);
  g_assert_cmpstr (value, ==, expected);
}

/* A move played by another process shows on the page, without the page
 * being loaded again: the event stream brings it. */
static void
test_live_move (Fixture *f, gconstpointer data)
{
  static const char pairings[] =
    "[Event \"Display Test\"]\n[Round \"2\"]\n[Board \"1\"]\n[White \"Alpha, Ann\"]\n"
    "[Black \"Beta, Bob\"]\n[WhiteElo \"2412\"]\n[Result \"*\"]\n\n*\n\n"
    "[Event \"Display Test\"]\n[Round \"2\"]\n[Board \"2\"]\n[White \"Gamma, Gil\"]\n"
    "[Black \"Delta, Dee\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 *\n\n";
  const char *play_1[] = { "play", NULL, "--round", "2", "--board", "1", NULL };
  const char *play_2[] = { "play", NULL, "--round", "2", "--board", "2", NULL };
  gint64 played, shown;

  if (arb_test_skip_without_cli ())
    return;
  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  g_assert_true (arb_test_temp_cli_tournament (&f->temp, "Display Test", pairings));
  f->path = g_strdup (f->temp.tournament);
  play_1[1] = play_2[1] = f->path;
  serve (f);

  arb_test_browser_open (f->browser, f->url);
  arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.card').length === 2",
                             DEADLINE_SECONDS);
  /* Following the event stream. */
  arb_test_browser_wait_for (f->browser, "document.body.dataset.live === 'yes'", DEADLINE_SECONDS);
  assert_eval (f, "document.getElementById('event').textContent", "\"Display Test\"");
  assert_eval (f, "document.getElementById('round').textContent", "\"Round 2\"");
  assert_eval (f, "document.querySelector('.card[data-board=\"1\"] .white .name').textContent",
               "\"Alpha, Ann\"");
  assert_eval (f, "document.querySelector('.card[data-board=\"1\"] .white .detail').textContent",
               "\"2412\"");
  assert_eval (f, "document.querySelector('.card[data-board=\"2\"] .move').textContent",
               "\"2. g4\"");
  assert_eval (f,
               "document.querySelector('.card[data-board=\"1\"] [data-square=\"e2\"]').className",
               "\"sq l p-wp\"");
  /* The card that will change, marked: a page loaded again would lose the
   * mark. */
  assert_eval (f, "document.querySelector('.card[data-board=\"1\"]').arbMark = 'kept'", "\"kept\"");

  g_free (arb_test_cli_ok (play_1, "e4\n"));
  played = g_get_monotonic_time ();
  shown = arb_test_browser_wait_for (
    f->browser,
    "document.querySelector('.card[data-board=\"1\"] .move').textContent === '1. e4' && "
    "document.querySelector('.card[data-board=\"1\"] [data-square=\"e4\"]').classList.contains('p-wp')",
    DEADLINE_SECONDS);
  /* How soon is a measurement, not a test (tests/bench/bench-feed.c
   * measures it); the browser polls this page every few milliseconds. */
  g_test_message ("the move showed %.0f ms after arbiter-cli play returned",
                  (double) (shown - played) / 1000.0);
  assert_eval (f, "document.querySelector('.card[data-board=\"1\"]').arbMark", "\"kept\"");
  assert_eval (f,
               "document.querySelector('.card[data-board=\"1\"] [data-square=\"e2\"]').className",
               "\"sq l last\"");
  assert_eval (f,
               "document.querySelector('.card[data-board=\"1\"] [data-square=\"e4\"]').className",
               "\"sq l last p-wp\"");

  /* A mate ends the game: the result shows, as the page writes it. */
  g_free (arb_test_cli_ok (play_2, "Qh4#\n"));
  arb_test_browser_wait_for (
    f->browser,
    "document.querySelector('.card[data-board=\"2\"] .result').textContent === '0\u20131'",
    DEADLINE_SECONDS);
  assert_eval (
    f, "document.querySelector('.card[data-board=\"2\"]').classList.contains('finished')", "true");
}

/* The demo round with its clocks running, as the window leaves them. */
static void
make_demo (Fixture *f, guint n_boards)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GPtrArray) games = NULL;

  f->path = g_strdup (f->temp.tournament);
  g_assert_true (arb_demo_create (f->path, n_boards, &error));
  g_assert_no_error (error);
  t = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  games = arb_tournament_list_games (t, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *info = g_ptr_array_index (games, i);
      g_autoptr (GArray) moves = NULL;
      ArbClockEventRecord resume = { .kind = ARB_CLOCK_EVENT_RESUME,
                                     .side = ARB_COLOR_NONE,
                                     .white_ms = 5400000 - (gint64) i * 61000,
                                     .black_ms = 5100000 - (gint64) i * 47000 };

      if (info->result != ARB_RESULT_ONGOING || info->black_id == 0)
        continue;
      moves = arb_tournament_get_moves (t, info->id, &error);
      g_assert_no_error (error);
      resume.ply = (int) moves->len;
      for (guint k = moves->len; k > 0; k--)
        {
          const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, k - 1);

          if (m->white_ms >= 0 && m->black_ms >= 0)
            {
              resume.white_ms = m->white_ms;
              resume.black_ms = m->black_ms;
              break;
            }
        }
      arb_tournament_add_clock_event (t, info->id, &resume, &error);
      g_assert_no_error (error);
    }
}

static void
save_screenshot (Fixture *f, const char *name)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autoptr (GBytes) png = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  png = arb_test_browser_screenshot (f->browser);
  /* A PNG, whatever is asked. */
  g_assert_cmpuint (g_bytes_get_size (png), >, 8);
  g_assert_cmpint (memcmp (g_bytes_get_data (png, NULL), "\x89PNG", 4), ==, 0);
  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL),
                                      (gssize) g_bytes_get_size (png), &error));
  g_test_message ("saved %s", path);
}

/* Sixteen boards fit a 1080p screen, every card at a size read from five
 * metres. */
static void
test_round_16 (Fixture *f, gconstpointer data)
{
  g_autofree char *count = NULL;

  if (arb_test_skip_without_cli ())
    return;
  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  make_demo (f, 16);
  serve (f);
  arb_test_browser_open (f->browser, f->url);
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.card:not([hidden])').length === 16", DEADLINE_SECONDS);
  assert_eval (f, "document.getElementById('page').textContent", "\"\"");
  /* Readable: names at least 24 pixels, clocks at least 32. */
  assert_eval (f,
               "parseFloat(getComputedStyle(document.querySelector('.card .name')).fontSize) >= 24",
               "true");
  assert_eval (
    f, "parseFloat(getComputedStyle(document.querySelector('.card .clock')).fontSize) >= 32",
    "true");
  /* Every card inside the screen. */
  assert_eval (
    f,
    "[...document.querySelectorAll('.card')].every(c => { const r = "
    "c.getBoundingClientRect(); return r.right <= 1920 && r.bottom <= 1080 && r.width > 0; })",
    "true");
  /* Running clocks are marked, and count. */
  count = eval (f, "document.querySelectorAll('.clock.running').length");
  g_assert_cmpint (atoi (count), >, 0);
  save_screenshot (f, "display-16.png");
}

/* Sixty-four boards go by pages of sixteen, each as readable. */
static void
test_round_64 (Fixture *f, gconstpointer data)
{
  if (arb_test_skip_without_cli ())
    return;
  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  make_demo (f, 64);
  serve (f);
  arb_test_browser_open (f->browser, f->url);
  arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.card').length === 64",
                             DEADLINE_SECONDS);
  /* Shown means laid out on the screen, not only marked so. */
  assert_eval (
    f, "[...document.querySelectorAll('.card')].filter(c => c.offsetParent !== null).length", "16");
  assert_eval (
    f,
    "[...document.querySelectorAll('.card')].filter(c => c.offsetParent !== null).every(c => "
    "c.getBoundingClientRect().bottom <= 1080)",
    "true");
  assert_eval (f, "document.getElementById('page').textContent", "\"Boards 1\u201316 \u00b7 1/4\"");
  assert_eval (f,
               "parseFloat(getComputedStyle(document.querySelector('.card .name')).fontSize) >= 24",
               "true");
  save_screenshot (f, "display-64.png");

  /* All at once when a screen is asked to. */
  {
    g_autofree char *all = g_strconcat (f->url, "?fit=all", NULL);

    arb_test_browser_open (f->browser, all);
    arb_test_browser_wait_for (f->browser,
                               "document.querySelectorAll('.card:not([hidden])').length === 64",
                               DEADLINE_SECONDS);
    save_screenshot (f, "display-64-all.png");
  }
  /* A screen for boards 17 to 32 only. */
  {
    g_autofree char *range = g_strconcat (f->url, "?boards=17-32", NULL);

    arb_test_browser_open (f->browser, range);
    arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.card').length === 16",
                               DEADLINE_SECONDS);
    assert_eval (f, "document.querySelector('.card').dataset.board", "\"17\"");
  }
}

/* A round with a bye (the pairing program's TRF, round 5: a
 * pairing-allocated bye): the page names it in its header. Before, a bye
 * was nowhere on the hall's screens. */
static void
test_byes (Fixture *f, gconstpointer data)
{
  g_autofree char *trf = g_test_build_filename (G_TEST_DIST, "data", "open-5-paired.trf", NULL);
  const char *new_args[] = { "new", NULL, "--name", "Byes Test", NULL };
  const char *import_args[] = { "import", NULL, trf, NULL };
  g_autofree char *byes = NULL;

  if (arb_test_skip_without_cli ())
    return;
  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  f->path = g_strdup (f->temp.tournament);
  new_args[1] = import_args[1] = f->path;
  g_free (arb_test_cli_ok (new_args, ""));
  g_free (arb_test_cli_ok (import_args, ""));
  serve (f);
  arb_test_browser_open (f->browser, f->url);
  arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.card').length === 6",
                             DEADLINE_SECONDS);
  byes = eval (f, "document.getElementById('byes').textContent");
  g_test_message ("%s", byes);
  g_assert_nonnull (strstr (byes, "Byes: Haugen, Ingrid (pairing allocated)"));
  save_screenshot (f, "display-byes.png");
}

/* The lists fit the screen they are on: every line shown is inside the
 * window, and the lines not shown are on later pages. */
static void
show_list (Fixture *f,
           const char *view,
           const char *shot,
           int width,
           int height,
           const char *first,
           int n_lines)
{
  g_autofree char *url = g_strdup_printf ("%s?view=%s", f->url, view);
  g_autofree char *png = g_strdup_printf ("display-%s-%dx%d.png", shot, width, height);
  g_autofree char *fits = g_strdup_printf (
    "Array.from(document.querySelectorAll('.line')).filter((l) => !l.hidden).every((l) => { "
    "const r = l.getBoundingClientRect(); return r.right <= %d && r.bottom <= %d; })",
    width, height);
  g_autofree char *text = NULL;
  g_autofree char *count = g_strdup_printf ("%d", n_lines);

  f->browser = arb_test_browser_new (width, height);
  if (f->browser == NULL)
    return;
  arb_test_browser_open (f->browser, url);
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.line:not(.heading)').length > 0", DEADLINE_SECONDS);
  text = eval (f, "document.querySelector('.line:not(.heading)').textContent");
  g_test_message ("%s %dx%d: %s", view, width, height, text);
  g_assert_nonnull (strstr (text, first));
  assert_eval (f, "document.querySelectorAll('.line:not(.heading)').length", count);
  assert_eval (f, fits, "true");
  save_screenshot (f, png);
  g_clear_pointer (&f->browser, arb_test_browser_free);
}

static void
import_open_5 (Fixture *f)
{
  g_autofree char *trf = g_test_build_filename (G_TEST_DIST, "data", "open-5-paired.trf", NULL);
  const char *new_args[] = { "new", NULL, "--name", "Lists Test", NULL };
  const char *import_args[] = { "import", NULL, trf, NULL };

  f->path = g_strdup (f->temp.tournament);
  new_args[1] = import_args[1] = f->path;
  g_free (arb_test_cli_ok (new_args, ""));
  g_free (arb_test_cli_ok (import_args, ""));
}

/* ?view=pairings: round 5's six boards and its bye; ?view=standings:
 * the thirteen players after round 4, on the hall's screen and on a
 * phone. */
static void
test_lists (Fixture *f, gconstpointer data)
{
  if (arb_test_skip_without_cli ())
    return;
  import_open_5 (f);
  serve (f);
  show_list (f, "pairings", "pairings", 1920, 1080, "Lindqvist, Erik", 7);
  show_list (f, "pairings", "pairings", 390, 844, "Lindqvist, Erik", 7);
  show_list (f, "standings", "standings", 1920, 1080, "Hansen, Magnus", 13);
  show_list (f, "standings", "standings", 390, 844, "Hansen, Magnus", 13);

  /* Hansen's BH-C1 and SB after round 4 (8.5 and 7.25 in
   * standings.json): halves as the points are written, as on paper. */
  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  {
    g_autofree char *url = g_strdup_printf ("%s?view=standings", f->url);

    arb_test_browser_open (f->browser, url);
  }
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.line:not(.heading)').length > 0", DEADLINE_SECONDS);
  assert_eval (f, "document.querySelector('.line:not(.heading) .tb0').textContent", "\"8½\"");
  assert_eval (f, "document.querySelector('.line:not(.heading) .tb2').textContent", "\"7.25\"");
}

/* A screen given its language reads the page in it: the standings in
 * Swedish and the boards in Norwegian (po/sv.po, po/nb.po: "Namn",
 * "Ställning efter rond %d", "Runde %d"). */
static void
test_language (Fixture *f, gconstpointer data)
{
  g_autofree char *standings = NULL;
  g_autofree char *boards = NULL;

  if (arb_test_skip_without_cli ())
    return;
  import_open_5 (f);
  serve (f);
  f->browser = arb_test_browser_new (390, 844);
  if (f->browser == NULL)
    return;
  standings = g_strdup_printf ("%s?view=standings&lang=sv", f->url);
  arb_test_browser_open (f->browser, standings);
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.line:not(.heading)').length > 0", DEADLINE_SECONDS);
  assert_eval (f, "document.documentElement.lang", "\"sv\"");
  assert_eval (f, "document.querySelector('.line.heading .nm').textContent", "\"Namn\"");
  assert_eval (f, "document.getElementById('round').textContent", "\"Ställning efter rond 4\"");
  save_screenshot (f, "display-standings-sv-390x844.png");

  boards = g_strdup_printf ("%s?lang=nb", f->url);
  arb_test_browser_open (f->browser, boards);
  arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.card').length === 6",
                             DEADLINE_SECONDS);
  assert_eval (f, "document.getElementById('round').textContent", "\"Runde 5\"");
}

/* A team event's ?view=standings shows the teams (tests/data's
 * league-4x4-results.trf after round 2, worked by hand in
 * tests/cli/test-standings.c): Malmö first on 3 match points and 5½
 * game points, Aarhus second on 3 and 4½; four lines, hall and phone;
 * and ?view=pairings heads each match's boards with its teams and score
 * (Aarhus 2½, Oslo 1½ in round 2). */
static void
test_team_lists (Fixture *f, gconstpointer data)
{
  g_autofree char *trf =
    g_test_build_filename (G_TEST_DIST, "data", "league-4x4-results.trf", NULL);
  const char *new_args[] = { "new", NULL, "--name", "League", NULL };
  const char *import_args[] = { "import", NULL, trf, NULL };
  const char *order_args[] = { "standings", NULL, "--set-team-order", "mp,mpvgp,de,tbr", NULL };

  if (arb_test_skip_without_cli ())
    return;
  f->path = g_strdup (f->temp.tournament);
  new_args[1] = import_args[1] = order_args[1] = f->path;
  g_free (arb_test_cli_ok (new_args, ""));
  g_free (arb_test_cli_ok (import_args, ""));
  g_free (arb_test_cli_ok (order_args, NULL));
  serve (f);
  show_list (f, "standings", "team-standings", 1920, 1080, "Malmö Schacksällskap", 4);
  show_list (f, "standings", "team-standings", 390, 844, "Malmö Schacksällskap", 4);
  /* Round 2's pairings: each match's heading above its four boards. */
  show_list (f, "pairings", "team-pairings", 1920, 1080, "Aarhus Skakklub – Oslo Schakselskap2½–1½",
             10);
  show_list (f, "pairings", "team-pairings", 390, 844, "Aarhus Skakklub – Oslo Schakselskap2½–1½",
             10);

  f->browser = arb_test_browser_new (1920, 1080);
  if (f->browser == NULL)
    return;
  {
    g_autofree char *url = g_strdup_printf ("%s?view=standings", f->url);

    arb_test_browser_open (f->browser, url);
  }
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.line:not(.heading)').length === 4", DEADLINE_SECONDS);
  assert_eval (f, "document.querySelectorAll('.line:not(.heading) .pt')[1].textContent", "\"3\"");
  assert_eval (f, "document.querySelectorAll('.line:not(.heading) .gp')[1].textContent", "\"4½\"");
  assert_eval (f, "document.querySelectorAll('.line:not(.heading) .nm')[1].textContent",
               "\"Aarhus Skakklub\"");
  /* The event's order, DE then TBR: Aarhus's boards over the two
   * rounds (1–4 by its 013 order) ½ + 1, 1 + ½, 0 + 0, ½ + 1. */
  assert_eval (f, "document.querySelectorAll('.line.heading .tb1')[0].textContent", "\"TBR\"");
  assert_eval (f, "document.querySelectorAll('.line:not(.heading) .tb1')[1].textContent",
               "\"1½ 1½ 0 1½\"");
  /* The order has no BH or SB: both on game points beside it, Aarhus's
   * 9½ and 21 (worked by hand in tests/cli/test-serve.c). */
  assert_eval (f, "document.querySelectorAll('.line.heading .bs')[0].textContent", "\"BH:GP\"");
  assert_eval (f, "document.querySelectorAll('.line.heading .bs')[1].textContent", "\"SB:GP\"");
  assert_eval (f,
               "document.querySelectorAll('.line:not(.heading)')[1].querySelectorAll('.bs')[0]"
               ".textContent",
               "\"9½\"");
  assert_eval (f,
               "document.querySelectorAll('.line:not(.heading)')[1].querySelectorAll('.bs')[1]"
               ".textContent",
               "\"21\"");

  /* Board 2's draw reads ½-½ (it read "½-1/2": only the first half was
   * written as one). */
  {
    g_autofree char *url = g_strdup_printf ("%s?view=pairings", f->url);

    arb_test_browser_open (f->browser, url);
  }
  arb_test_browser_wait_for (f->browser, "document.querySelectorAll('.line.match').length === 2",
                             DEADLINE_SECONDS);
  assert_eval (f,
               "document.querySelectorAll('.line:not(.heading):not(.match) .res')[1].textContent",
               "\"½-½\"");
}

/* Sixty-four boards do not fit a phone: the pairings go page by page. */
static void
test_lists_pages (Fixture *f, gconstpointer data)
{
  g_autofree char *url = NULL;
  g_autofree char *pages = NULL;

  if (arb_test_skip_without_cli ())
    return;
  make_demo (f, 64);
  serve (f);
  f->browser = arb_test_browser_new (390, 844);
  if (f->browser == NULL)
    return;
  url = g_strdup_printf ("%s?view=pairings", f->url);
  arb_test_browser_open (f->browser, url);
  arb_test_browser_wait_for (
    f->browser, "document.querySelectorAll('.line:not(.heading)').length === 64", DEADLINE_SECONDS);
  pages = eval (f, "document.getElementById('page').textContent");
  g_test_message ("pages: %s", pages);
  g_assert_true (g_str_has_prefix (pages, "\"1/"));
  assert_eval (f,
               "Array.from(document.querySelectorAll('.line:not(.heading)'))"
               ".filter((l) => !l.hidden).every((l) => l.getBoundingClientRect().bottom <= 844)",
               "true");
  save_screenshot (f, "display-pairings-64-390x844.png");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);
  arb_position_init ();

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/cli/display/live-move", test_live_move);
  ADD ("/cli/display/round-16", test_round_16);
  ADD ("/cli/display/round-64", test_round_64);
  ADD ("/cli/display/byes", test_byes);
  ADD ("/cli/display/lists", test_lists);
  ADD ("/cli/display/lists-pages", test_lists_pages);
  ADD ("/cli/display/team-lists", test_team_lists);
  ADD ("/cli/display/language", test_language);
#undef ADD
  return g_test_run ();
}
