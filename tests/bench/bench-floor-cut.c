/* bench-floor-cut.c: a floor arbiter's phone out of reach for minutes
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run by hand, `bench-floor-cut [SECONDS [SHOTS-DIR]]`
 * (default 300 s; chromium must be installed). The arbiters' service on
 * 127.0.0.1 and headless chromium at a phone's 390×844 on the floor page.
 * The page's network is taken away through DevTools (every request fails,
 * as on a phone out of reach) for SECONDS while the arbiter enters, one
 * every SECONDS/30, results, desk calls, incidents and clock readings, as
 * a person would: with the page's buttons. Then the network comes back.
 * Counted: entries made on the phone, entries the desk received while cut
 * (must be none), entries it holds after (each of the phone's ids once),
 * and what the page shows of each (confirmed, waiting, refused), and how
 * long the queue took to drain.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-position.h"
#include "arb-team-server.h"
#include "arb-test-browser.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

#define BOARDS 12
#define ENTRIES 30
#define DEADLINE_SECONDS 120

static const char *shots;

static void
save (ArbTestBrowser *browser, const char *name)
{
  g_autoptr (GBytes) png = arb_test_browser_screenshot (browser);
  g_autofree char *path = NULL;

  if (shots == NULL)
    return;
  path = g_build_filename (shots, name, NULL);
  if (!g_file_set_contents (path, g_bytes_get_data (png, NULL), (gssize) g_bytes_get_size (png),
                            NULL))
    g_error ("cannot write %s", path);
  printf ("saved %s\n", path);
}

static char *
eval (ArbTestBrowser *browser, const char *js)
{
  return arb_test_browser_eval (browser, js);
}

static int
eval_int (ArbTestBrowser *browser, const char *js)
{
  g_autofree char *v = eval (browser, js);

  return atoi (v);
}

/* Entry @i of the cut, made with the page's own controls. */
static void
enter (ArbTestBrowser *browser, int i)
{
  static const char *const results[] = { "1-0", "½-½", "0-1" };
  static const char *const kinds[] = { "illegal-move", "claim", "device", "late-arrival" };
  g_autofree char *js = NULL;
  g_autofree char *v = NULL;
  int board = i % BOARDS + 1;

  if (i >= ENTRIES - BOARDS) /* at the end, every board's result */
    js = g_strdup_printf ("document.querySelector('[data-board=\"%d\"] "
                          "button[data-result=\"%s\"]').click(), true",
                          i - (ENTRIES - BOARDS) + 1, results[i % 3]);
  else if (i % 3 == 0)
    js = g_strdup_printf ("(function () {"
                          "  var c = document.querySelector('[data-board=\"%d\"]');"
                          "  c.querySelector('input.note').value = 'cut %d';"
                          "  c.querySelector('button.call').click();"
                          "  return true; })()",
                          board, i);
  else if (i % 3 == 1)
    js = g_strdup_printf ("(function () {"
                          "  var c = document.querySelector('[data-board=\"%d\"]');"
                          "  c.querySelector('select.kind').value = '%s';"
                          "  c.querySelector('input.note').value = 'incident %d';"
                          "  c.querySelector('button.report').click();"
                          "  return true; })()",
                          board, kinds[i % 4], i);
  else
    js = g_strdup_printf ("(function () {"
                          "  var c = document.querySelector('[data-board=\"%d\"]');"
                          "  c.querySelector('input.white').value = '1:%02d:00';"
                          "  c.querySelector('input.black').value = '%d:30';"
                          "  c.querySelector('button.clock').click();"
                          "  return true; })()",
                          board, i, 40 + i);
  v = eval (browser, js);
  if (g_strcmp0 (v, "true") != 0)
    g_error ("entry %d could not be made: %s", i, v);
}

/* Runs the service's main context until @until (monotonic). */
static void
run_until (gint64 until)
{
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
}

static guint
count_entries (ArbTournament *t, GHashTable *ids)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = arb_tournament_list_floor_entries (t, FALSE, &error);

  if (all == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; ids != NULL && i < all->len; i++)
    {
      const ArbFloorRecord *r = all->pdata[i];
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (ids, r->client_id));

      g_hash_table_insert (ids, g_strdup (r->client_id), GUINT_TO_POINTER (n + 1));
    }
  return all->len;
}

static void
add_round (ArbTournament *t)
{
  for (int b = 1; b <= BOARDS; b++)
    {
      gint64 white = arb_test_add_player (t, 2 * b - 1, "White, Player");
      gint64 black = arb_test_add_player (t, 2 * b, "Black, Player");

      arb_test_add_game (t, 1, b, white, black, ARB_RESULT_ONGOING);
    }
}

/* Each id the phone sent is held once by the desk; the count of ids held
 * more than once, and of the phone's ids the desk does not hold. */
static void
check_ids (ArbTestBrowser *browser, GHashTable *held, guint *twice, guint *missing)
{
  g_autofree char *json = eval (browser, "arbFloor.queue().map(function (e) { return e.body.id; })"
                                         ".join(' ')");
  g_autofree char *bare = g_strndup (json + 1, strlen (json) - 2);
  g_auto (GStrv) ids = g_strsplit (bare, " ", -1);
  GHashTableIter it;
  gpointer key, value;

  *twice = *missing = 0;
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_hash_table_lookup (held, ids[i]) == NULL)
      (*missing)++;
  g_hash_table_iter_init (&it, held);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (GPOINTER_TO_UINT (value) > 1)
      (*twice)++;
}

int
main (int argc, char **argv)
{
  int seconds = argc > 1 ? atoi (argv[1]) : 300;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (ArbTeamServer) server = NULL;
  g_autoptr (ArbTestBrowser) browser = NULL;
  g_autoptr (GHashTable) held = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;
  g_autofree char *status = NULL;
  g_autofree char *chromium = NULL;
  gint64 start, back, drained;
  guint before, during, after, twice = 0, missing = 0;
  int made, pending, confirmed, refused;

  shots = argc > 2 ? argv[2] : NULL;
  if (seconds < 1)
    {
      fprintf (stderr, "usage: bench-floor-cut [SECONDS [SHOTS-DIR]]\n");
      return 2;
    }
  if ((chromium = g_find_program_in_path ("chromium")) == NULL)
    {
      fprintf (stderr, "bench-floor-cut: chromium is not installed\n");
      return 77;
    }
  arb_position_init ();
  t = arb_test_new_tournament (&path);
  add_round (t);
  if (!arb_tournament_add_arbiter (t, "Ana", ARB_TEAM_ROLE_FLOOR, "1-12", &token, &error))
    g_error ("%s", error->message);
  server = arb_team_server_new (t);
  if (!arb_team_server_listen_local (server, 0, &error))
    g_error ("%s", error->message);
  browser = arb_test_browser_new (390, 844);
  url = g_strdup_printf ("http://127.0.0.1:%u/floor#token=%s", arb_team_server_get_port (server),
                         token);
  arb_test_browser_open (browser, url);
  arb_test_browser_wait_for (browser, "document.body.dataset.ready === '1'", DEADLINE_SECONDS);
  before = count_entries (t, NULL);

  arb_test_browser_set_offline (browser, TRUE);
  start = g_get_monotonic_time ();
  for (made = 0; made < ENTRIES; made++)
    {
      run_until (start + (gint64) seconds * G_USEC_PER_SEC * made / ENTRIES);
      enter (browser, made);
    }
  run_until (start + (gint64) seconds * G_USEC_PER_SEC);
  during = count_entries (t, NULL);
  pending = eval_int (browser, "Number(document.body.dataset.pending)");
  status = eval (browser, "document.getElementById('status').textContent");
  save (browser, "floor-cut-offline.png");
  g_free (eval (browser, "document.getElementById('queue').scrollIntoView(), true"));
  save (browser, "floor-cut-offline-queue.png");

  arb_test_browser_set_offline (browser, FALSE);
  back = g_get_monotonic_time ();
  drained = arb_test_browser_wait_for (
    browser, "document.body.dataset.pending === '0' && document.body.dataset.ready === '1'",
    DEADLINE_SECONDS);
  after = count_entries (t, held);
  confirmed = eval_int (browser, "document.querySelectorAll('#entries li.confirmed').length");
  refused = eval_int (browser, "document.querySelectorAll('#entries li.refused').length");
  check_ids (browser, held, &twice, &missing);
  g_free (eval (browser, "document.getElementById('queue').scrollIntoView(), true"));
  save (browser, "floor-cut-back-queue.png");

  printf ("cut for %d s; entries made on the phone while cut: %d\n", seconds, made);
  printf ("waiting on the phone at the end of the cut: %d; its status: %s\n", pending, status);
  printf ("received by the desk while cut: %u\n", during - before);
  printf ("held by the desk after: %u new (%u ids of the phone missing, %u held twice)\n",
          after - before, missing, twice);
  printf ("shown on the phone: %d confirmed, %d refused, %d waiting\n", confirmed, refused,
          eval_int (browser, "Number(document.body.dataset.pending)"));
  printf ("queue drained %.1f s after the network came back\n",
          (double) (drained - back) / G_USEC_PER_SEC);
  g_clear_pointer (&browser, arb_test_browser_free);
  g_clear_object (&server);
  g_clear_object (&t);
  g_unlink (path);
  return (int) (during - before) == 0 && (int) (after - before) == made && missing == 0 &&
             twice == 0 && confirmed == made && refused == 0
           ? 0
           : 1;
}
