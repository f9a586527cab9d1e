/* test-lichess-push.c: the push to a lichess broadcast, against a stand-in
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-lichess-push.h"
#include "arb-san.h"
#include "arb-test-lichess.h"
#include "arb-test-utils.h"

#define DEADLINE_SECONDS 30

typedef struct
{
  char *path;
  ArbTournament *t;
  GArray *games; /* gint64 game ids, by board */
  ArbNetWorker *worker;
  ArbFeed *feed;
  ArbLichessPush *push;
  ArbTestLichess *lichess;
  GPtrArray *reports;
  gint published;
  const char *const *round_ids; /* NULL: one, abcd1234 */
} Fixture;

static void
reported_cb (ArbLichessPush *push, ArbLichessReport *report, Fixture *f)
{
  g_ptr_array_add (f->reports, arb_lichess_report_copy (report));
}

static void
published_cb (ArbFeed *feed, ArbFeedState *state, GArray *changes, Fixture *f)
{
  g_atomic_int_inc (&f->published);
}

static void
add_games (Fixture *f, guint n)
{
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *white = g_strdup_printf ("White, Player %u", f->games->len + 1);
      g_autofree char *black = g_strdup_printf ("Black, Player %u", f->games->len + 1);
      ArbPlayerInfo w = { .name = white };
      ArbPlayerInfo b = { .name = black };
      ArbGameInfo game = { .round = 1, .board = (int) f->games->len + 1, .rated = TRUE };
      gint64 id;

      game.white_id = arb_tournament_add_player (f->t, &w, &error);
      game.black_id = arb_tournament_add_player (f->t, &b, &error);
      id = arb_tournament_add_game (f->t, &game, &error);
      g_assert_no_error (error);
      g_array_append_val (f->games, id);
    }
}

static void
play (Fixture *f, int board, const char *san)
{
  g_autoptr (GError) error = NULL;
  gint64 game = g_array_index (f->games, gint64, board - 1);
  ArbPosition pos;
  int n = 0;
  ArbMove move;

  g_assert_true (arb_tournament_replay (f->t, game, &pos, &n, &error));
  move = arb_san_parse (&pos, san, strlen (san), &error);
  g_assert_no_error (error);
  g_assert_true (arb_tournament_add_move (f->t, game, n + 1, NULL, move, -1, -1, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->t = arb_test_new_tournament (&f->path);
  f->games = g_array_new (FALSE, FALSE, sizeof (gint64));
  f->reports = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_lichess_report_free);
  f->lichess = arb_test_lichess_new ();
  f->worker = arb_net_worker_new ();
}

static void
start_with_url (Fixture *f, guint interval_ms, const char *url)
{
  g_autoptr (GError) error = NULL;

  f->feed = arb_feed_new (f->worker, f->path, 0);
  g_assert_true (arb_feed_start (f->feed, &error));
  g_assert_no_error (error);
  f->push = arb_lichess_push_new (f->feed);
  if (f->round_ids != NULL)
    arb_lichess_push_set_round_ids (f->push, f->round_ids);
  else
    arb_lichess_push_set_round_id (f->push, "abcd1234");
  arb_lichess_push_set_token (f->push, "lip_testtoken");
  arb_lichess_push_set_base_url (f->push, url);
  arb_lichess_push_set_interval (f->push, interval_ms);
  arb_lichess_push_set_backoff (f->push, 50, 400);
  g_signal_connect (f->push, "reported", G_CALLBACK (reported_cb), f);
  g_assert_true (arb_lichess_push_start (f->push, &error));
  g_assert_no_error (error);
  /* After the push client's own handler: when this one has run, the push
   * has seen the change. */
  g_signal_connect (f->feed, "published", G_CALLBACK (published_cb), f);
}

static void
start (Fixture *f, guint interval_ms)
{
  start_with_url (f, interval_ms, arb_test_lichess_get_url (f->lichess));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (f->push != NULL)
    g_signal_handlers_disconnect_by_data (f->push, f);
  if (f->feed != NULL)
    g_signal_handlers_disconnect_by_data (f->feed, f);
  g_clear_object (&f->push);
  g_clear_object (&f->feed);
  g_clear_object (&f->worker);
  g_clear_pointer (&f->lichess, arb_test_lichess_free);
  /* Deliveries queued for this thread hold the last references. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_pointer (&f->reports, g_ptr_array_unref);
  g_clear_pointer (&f->games, g_array_unref);
  g_clear_object (&f->t);
  g_free (f->path);
}

static void
wait_reports (Fixture *f, guint n)
{
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  while (f->reports->len < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
wait_published (Fixture *f, int n)
{
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  while (g_atomic_int_get (&f->published) < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static const ArbLichessReport *
report (Fixture *f, guint index)
{
  g_assert_cmpuint (index, <, f->reports->len);
  return g_ptr_array_index (f->reports, index);
}

static const ArbLichessGameAnswer *
game_answer (const ArbLichessReport *r, int board)
{
  for (guint i = 0; i < r->games->len; i++)
    if (g_array_index (r->games, ArbLichessGameAnswer, i).board == board)
      return &g_array_index (r->games, ArbLichessGameAnswer, i);
  g_assert_not_reached ();
}

/* The round goes as text/plain PGN with the token as Bearer; lichess's
 * answer for each game comes back. */
static void
test_success (Fixture *f, gconstpointer data)
{
  const ArbTestLichessRequest *sent;
  const ArbLichessReport *r;

  add_games (f, 3);
  play (f, 1, "e4");
  play (f, 1, "c5");
  play (f, 3, "d4");
  start (f, 50);
  wait_reports (f, 1);

  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 1);
  sent = arb_test_lichess_get_request (f->lichess, 0);
  g_assert_cmpstr (sent->path, ==, "/api/broadcast/round/abcd1234/push");
  g_assert_cmpstr (sent->authorization, ==, "Bearer lip_testtoken");
  g_assert_true (g_str_has_prefix (sent->content_type, "text/plain"));
  g_assert_cmpuint (sent->n_games, ==, 3);
  g_assert_nonnull (strstr (sent->body, "1. e4 c5 *"));

  r = report (f, 0);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_null (r->error);
  g_assert_cmpint (r->retry_ms, ==, 0);
  g_assert_cmpuint (r->n_games, ==, 3);
  g_assert_cmpuint (r->games->len, ==, 3);
  g_assert_cmpint (game_answer (r, 1)->moves, ==, 2);
  g_assert_cmpstr (game_answer (r, 1)->white, ==, "White, Player 1");
  g_assert_cmpint (game_answer (r, 2)->moves, ==, 0);
  g_assert_cmpint (game_answer (r, 3)->moves, ==, 1);
  g_assert_cmpint (arb_lichess_push_get_last_success (f->push), ==, r->time_us);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_WAITING);
  /* The token is not in what the arbiter reads. */
  {
    g_autoptr (ArbLichessReport) last = arb_lichess_push_dup_last_report (f->push);

    g_assert_cmpuint (last->status, ==, 200);
  }

  /* A move played: pushed again. */
  play (f, 2, "Nf3");
  wait_reports (f, 2);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
  g_assert_cmpint (game_answer (report (f, 1), 2)->moves, ==, 1);
}

static void
test_game_refused (Fixture *f, gconstpointer data)
{
  const ArbLichessReport *r;

  add_games (f, 3);
  arb_test_lichess_script (f->lichess, 200, NULL, NULL, 2);
  start (f, 50);
  wait_reports (f, 1);
  r = report (f, 0);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpint (game_answer (r, 1)->moves, ==, 0);
  g_assert_cmpint (game_answer (r, 2)->moves, ==, -1);
  g_assert_cmpstr (game_answer (r, 2)->error, ==, "Illegal move 12. Qxh7 in the game");
  g_assert_null (game_answer (r, 3)->error);
}

/* 400: lichess says why; nothing is retried, the next change is pushed. */
static void
test_bad_request (Fixture *f, gconstpointer data)
{
  const ArbLichessReport *r;

  add_games (f, 1);
  arb_test_lichess_script (f->lichess, 400, "{\"error\":\"This round has a source URL\"}", NULL, 0);
  start (f, 50);
  wait_reports (f, 1);
  r = report (f, 0);
  g_assert_cmpuint (r->status, ==, 400);
  g_assert_cmpstr (r->error, ==, "This round has a source URL");
  g_assert_cmpint (r->retry_ms, ==, 0);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_WAITING);
  g_assert_cmpint (arb_lichess_push_get_last_success (f->push), ==, 0);

  play (f, 1, "e4");
  wait_reports (f, 2);
  g_assert_cmpuint (report (f, 1)->status, ==, 200);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
}

/* 401: the token is refused; pushing stops, whatever changes. */
static void
test_unauthorized (Fixture *f, gconstpointer data)
{
  add_games (f, 1);
  arb_test_lichess_script (f->lichess, 401, "{\"error\":\"No such token\"}", NULL, 0);
  start (f, 50);
  wait_reports (f, 1);
  g_assert_cmpuint (report (f, 0)->status, ==, 401);
  g_assert_cmpstr (report (f, 0)->error, ==, "No such token");
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_UNAUTHORIZED);

  play (f, 1, "e4");
  wait_published (f, 1);
  g_assert_cmpuint (arb_lichess_push_get_n_requests (f->push), ==, 1);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_UNAUTHORIZED);
}

/* 429: wait as long as lichess says, then the round as it is then. */
static void
test_too_many_requests (Fixture *f, gconstpointer data)
{
  add_games (f, 2);
  arb_test_lichess_script (f->lichess, 429, "{\"error\":\"Too many requests\"}", "1", 0);
  arb_test_lichess_hold (f->lichess, TRUE);
  start (f, 50);
  arb_test_lichess_wait_requests (f->lichess, 1);
  /* Played while the first push is out: the retry carries it. */
  play (f, 2, "c4");
  wait_published (f, 1);
  arb_test_lichess_hold (f->lichess, FALSE);
  wait_reports (f, 1);
  g_assert_cmpuint (report (f, 0)->status, ==, 429);
  g_assert_cmpint (report (f, 0)->retry_ms, ==, 1000);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_RETRYING);

  wait_reports (f, 2);
  g_assert_cmpuint (report (f, 1)->status, ==, 200);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
  g_assert_nonnull (strstr (arb_test_lichess_get_request (f->lichess, 1)->body, "1. c4 *"));
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_WAITING);
}

/* No server: tried again, each wait twice the last, up to the longest. */
static void
test_network_error (Fixture *f, gconstpointer data)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  guint16 port;

  /* A port nothing listens on: bound for a moment, then closed. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  url = g_strdup_printf ("http://127.0.0.1:%u", port);

  add_games (f, 1);
  start_with_url (f, 10, url);
  wait_reports (f, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpuint (report (f, i)->status, ==, 0);
      g_assert_nonnull (report (f, i)->error);
    }
  g_assert_cmpint (report (f, 0)->retry_ms, ==, 50);
  g_assert_cmpint (report (f, 1)->retry_ms, ==, 100);
  g_assert_cmpint (report (f, 2)->retry_ms, ==, 200);
  g_assert_cmpint (report (f, 3)->retry_ms, ==, 400);
}

/* 150 boards: lichess shows at most 100 games in a round, so boards
 * 1–100 go to the first lichess round and 101–150 to the second. */
static void
test_batches (Fixture *f, gconstpointer data)
{
  const char *const ids[] = { "abcd1234", "efgh5678", NULL };
  const ArbTestLichessRequest *first;
  const ArbTestLichessRequest *second;

  add_games (f, 150);
  f->round_ids = ids;
  start (f, 50);
  wait_reports (f, 2);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
  first = arb_test_lichess_get_request (f->lichess, 0);
  second = arb_test_lichess_get_request (f->lichess, 1);
  g_assert_cmpstr (first->path, ==, "/api/broadcast/round/abcd1234/push");
  g_assert_cmpstr (second->path, ==, "/api/broadcast/round/efgh5678/push");
  g_assert_cmpuint (first->n_games, ==, 100);
  g_assert_cmpuint (second->n_games, ==, 50);
  g_assert_nonnull (strstr (first->body, "[Board \"1\"]"));
  g_assert_nonnull (strstr (first->body, "[Board \"100\"]"));
  g_assert_null (strstr (first->body, "[Board \"101\"]"));
  g_assert_nonnull (strstr (second->body, "[Board \"101\"]"));
  g_assert_nonnull (strstr (second->body, "[Board \"150\"]"));
  g_assert_null (strstr (second->body, "[Board \"100\"]"));
  g_assert_cmpuint (report (f, 0)->batch, ==, 1);
  g_assert_cmpuint (report (f, 0)->n_batches, ==, 2);
  g_assert_cmpuint (report (f, 1)->batch, ==, 2);
  g_assert_cmpuint (report (f, 1)->games->len, ==, 50);
  g_assert_cmpint (game_answer (report (f, 1), 150)->moves, ==, 0);
}

/* Boards past the round ids given are not sent to another part's round:
 * the report says which boards have none. */
static void
test_part_without_round (Fixture *f, gconstpointer data)
{
  add_games (f, 150);
  start (f, 50);
  wait_reports (f, 2);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 1);
  g_assert_cmpuint (arb_test_lichess_get_request (f->lichess, 0)->n_games, ==, 100);
  g_assert_cmpuint (report (f, 0)->status, ==, 200);
  g_assert_cmpuint (report (f, 1)->status, ==, 0);
  g_assert_cmpuint (report (f, 1)->batch, ==, 2);
  g_assert_cmpuint (report (f, 1)->n_games, ==, 50);
  g_assert_nonnull (strstr (report (f, 1)->error, "101–200"));
}

/* A board number below 1 belongs to no part: such games are not put with
 * boards 1–100 (where they would take the place of real boards among
 * lichess's hundred) but reported and left out. */
static void
test_part_of_board (void)
{
  g_assert_cmpuint (arb_lichess_part_of_board (1), ==, 0);
  g_assert_cmpuint (arb_lichess_part_of_board (100), ==, 0);
  g_assert_cmpuint (arb_lichess_part_of_board (101), ==, 1);
  g_assert_cmpuint (arb_lichess_part_of_board (250), ==, 2);
  g_assert_cmpuint (arb_lichess_part_of_board (0), ==, ARB_LICHESS_NO_PART);
  g_assert_cmpuint (arb_lichess_part_of_board (-4), ==, ARB_LICHESS_NO_PART);
}

/* Split results and double forfeits go as the Result tag lichess reads
 * (0-0, 1/2-0, 0-1/2), the players' FIDE ids as WhiteFideId and
 * BlackFideId when known, and no tag when not. */
static void
test_results_and_fide_ids (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *stored;
    const char *tag;
  } cases[] = {
    { "0-0", "0-0" },
    { "1/2-0", "1/2-0" },
    { "0-1/2", "0-1/2" },
    { "--", "0-0" },
  };
  g_autoptr (GError) error = NULL;
  const char *body;
  char **games;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *white = g_strdup_printf ("White, Player %u", i + 1);
      g_autofree char *black = g_strdup_printf ("Black, Player %u", i + 1);
      ArbPlayerInfo w = { .name = white, .fide_id = 1000000 + i };
      ArbPlayerInfo b = { .name = black, .fide_id = i == 0 ? 0 : 2000000 + i };
      ArbGameInfo game = { .round = 1, .board = (int) i + 1, .rated = TRUE };
      ArbResult result;
      gint64 id;

      game.white_id = arb_tournament_add_player (f->t, &w, &error);
      game.black_id = arb_tournament_add_player (f->t, &b, &error);
      id = arb_tournament_add_game (f->t, &game, &error);
      g_assert_no_error (error);
      g_assert_true (arb_result_from_string (cases[i].stored, &result));
      g_assert_true (arb_tournament_set_result (f->t, id, result, NULL, &error));
      g_assert_no_error (error);
    }
  start (f, 50);
  wait_reports (f, 1);
  body = arb_test_lichess_get_request (f->lichess, 0)->body;
  g_test_message ("%s", body);
  games = g_strsplit (body, "[Event ", -1);
  g_assert_cmpuint (g_strv_length (games), ==, G_N_ELEMENTS (cases) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *game = games[i + 1];
      g_autofree char *result = g_strdup_printf ("[Result \"%s\"]", cases[i].tag);
      g_autofree char *white = g_strdup_printf ("[WhiteFideId \"%u\"]", 1000000 + i);
      g_autofree char *black = g_strdup_printf ("[BlackFideId \"%u\"]", 2000000 + i);

      g_assert_nonnull (strstr (game, result));
      g_assert_nonnull (strstr (game, white));
      if (i == 0)
        g_assert_null (strstr (game, "BlackFideId"));
      else
        g_assert_nonnull (strstr (game, black));
      /* "0-0" in the movetext would read as castling: the movetext ends
       * with "*" and the tag alone carries the score. */
      g_assert_null (strstr (strstr (game, "\n\n"), "0-0"));
    }
  g_strfreev (games);
}

/* Changes while a push is out wait for it, and go together. */
static void
test_coalesce (Fixture *f, gconstpointer data)
{
  add_games (f, 1);
  arb_test_lichess_hold (f->lichess, TRUE);
  start (f, 10);
  arb_test_lichess_wait_requests (f->lichess, 1);
  play (f, 1, "e4");
  wait_published (f, 1);
  play (f, 1, "e5");
  wait_published (f, 2);
  play (f, 1, "Nf3");
  wait_published (f, 3);
  g_assert_cmpuint (arb_lichess_push_get_n_requests (f->push), ==, 1);

  arb_test_lichess_hold (f->lichess, FALSE);
  wait_reports (f, 2);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
  g_assert_nonnull (
    strstr (arb_test_lichess_get_request (f->lichess, 1)->body, "1. e4 e5 2. Nf3 *"));
}

/* Never more often than the interval: a change soon after a push waits. */
static void
test_interval (Fixture *f, gconstpointer data)
{
  add_games (f, 1);
  start (f, 3600 * 1000);
  wait_reports (f, 1);
  play (f, 1, "e4");
  wait_published (f, 1);
  g_assert_cmpuint (arb_lichess_push_get_n_requests (f->push), ==, 1);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_WAITING);
}

static void
test_settings (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *id;
    gboolean valid;
  } ids[] = {
    { "abcd1234", TRUE },   { "AbCd12", TRUE },     { "", FALSE },         { "abc", FALSE },
    { "abcd/../x", FALSE }, { "abcd 1234", FALSE }, { "abcd?x=1", FALSE }, { NULL, FALSE },
  };
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpint (arb_lichess_round_id_is_valid (ids[i].id), ==, ids[i].valid);

  add_games (f, 1);
  f->feed = arb_feed_new (f->worker, f->path, 0);
  g_assert_true (arb_feed_start (f->feed, &error));
  f->push = arb_lichess_push_new (f->feed);
  arb_lichess_push_set_round_id (f->push, "../../x");
  arb_lichess_push_set_token (f->push, "t");
  g_assert_false (arb_lichess_push_start (f->push, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  if (f->round_ids != NULL)
    arb_lichess_push_set_round_ids (f->push, f->round_ids);
  else
    arb_lichess_push_set_round_id (f->push, "abcd1234");
  arb_lichess_push_set_token (f->push, "  ");
  g_assert_false (arb_lichess_push_start (f->push, &error));
  g_clear_error (&error);
  arb_lichess_push_set_token (f->push, "t");
  arb_lichess_push_set_base_url (f->push, "ftp://lichess.org");
  g_assert_false (arb_lichess_push_start (f->push, &error));
  g_clear_error (&error);
  g_assert_cmpint (arb_lichess_push_get_state (f->push), ==, ARB_LICHESS_PUSH_IDLE);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/net/lichess-push/success", test_success);
  ADD ("/net/lichess-push/game-refused", test_game_refused);
  ADD ("/net/lichess-push/bad-request", test_bad_request);
  ADD ("/net/lichess-push/unauthorized", test_unauthorized);
  ADD ("/net/lichess-push/too-many-requests", test_too_many_requests);
  ADD ("/net/lichess-push/network-error", test_network_error);
  ADD ("/net/lichess-push/batches", test_batches);
  ADD ("/net/lichess-push/part-without-round", test_part_without_round);
  ADD ("/net/lichess-push/results-and-fide-ids", test_results_and_fide_ids);
  ADD ("/net/lichess-push/coalesce", test_coalesce);
  ADD ("/net/lichess-push/interval", test_interval);
  ADD ("/net/lichess-push/settings", test_settings);
#undef ADD
  g_test_add_func ("/net/lichess-push/part-of-board", test_part_of_board);
  return g_test_run ();
}
