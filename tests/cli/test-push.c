/* test-push.c: arbiter-cli push, against a stand-in for lichess
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "arb-test-lichess.h"
#include "arb-test-utils.h"

#define DEADLINE_SECONDS 30

typedef struct
{
  ArbTestTemp temp;
  char *path;
  char *token_file;
  ArbTestLichess *lichess;
  GSubprocess *push;
  GDataInputStream *out;
  GString *output;
  gboolean out_done;
  gboolean create_rounds; /* --create-rounds instead of --round-id */
} Fixture;

static const char pairings[] =
  "[Event \"Push Test\"]\n[Round \"1\"]\n[Board \"1\"]\n"
  "[White \"Alpha, Ann\"]\n[Black \"Beta, Bob\"]\n[Result \"*\"]\n\n"
  "1. e4 e5 *\n\n"
  "[Event \"Push Test\"]\n[Round \"1\"]\n[Board \"2\"]\n"
  "[White \"Gamma, Gil\"]\n[Black \"Delta, Dee\"]\n[Result \"*\"]\n\n*\n\n";

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->output = g_string_new (NULL);
  f->lichess = arb_test_lichess_new ();
  arb_test_temp_setup (&f->temp, NULL);
  if (g_getenv ("ARBITER_CLI") == NULL)
    return;
  g_assert_true (
    arb_test_temp_cli_tournament (&f->temp, "Push Test", data != NULL ? data : pairings));
  f->path = g_strdup (f->temp.tournament);
  f->token_file = arb_test_temp_write (&f->temp, "token", "lip_fromafile\n");
}

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void read_next_line (Fixture *f);

static void
line_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Fixture *f = data;
  gsize length = 0;
  g_autofree char *line =
    g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, &length, NULL);

  if (line == NULL)
    {
      f->out_done = TRUE;
      return;
    }
  g_string_append_printf (f->output, "%s\n", line);
  read_next_line (f);
}

static void
read_next_line (Fixture *f)
{
  g_data_input_stream_read_line_async (f->out, G_PRIORITY_DEFAULT, NULL, line_cb, f);
}

static gboolean
start_push (Fixture *f, const char *const *extra)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  if (f->path == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return FALSE;
    }
  g_ptr_array_add (argv, (gpointer) g_getenv ("ARBITER_CLI"));
  g_ptr_array_add (argv, (gpointer) "push");
  g_ptr_array_add (argv, f->path);
  if (f->create_rounds)
    {
      g_ptr_array_add (argv, (gpointer) "--create-rounds");
      g_ptr_array_add (argv, (gpointer) "--broadcast");
      g_ptr_array_add (argv, (gpointer) "t0urn4m1");
    }
  else
    {
      g_ptr_array_add (argv, (gpointer) "--round-id");
      g_ptr_array_add (argv, (gpointer) "R0und1d5");
    }
  g_ptr_array_add (argv, (gpointer) "--token-file");
  g_ptr_array_add (argv, f->token_file);
  g_ptr_array_add (argv, (gpointer) "--base-url");
  g_ptr_array_add (argv, (gpointer) arb_test_lichess_get_url (f->lichess));
  g_ptr_array_add (argv, (gpointer) "--interval");
  g_ptr_array_add (argv, (gpointer) "1");
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);

  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  f->push = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  f->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (f->push));
  read_next_line (f);
  return TRUE;
}

/* Runs the main loop (the stand-in answers in it) until the output says
 * @text. */
static void
wait_output (Fixture *f, const char *text)
{
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  while (strstr (f->output->str, text) == NULL)
    {
      if (g_get_monotonic_time () > deadline || f->out_done)
        g_error ("“%s” did not come; the output was:\n%s", text, f->output->str);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static int
wait_exit (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  while (!f->out_done)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_subprocess_wait (f->push, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (f->push));
  return g_subprocess_get_exit_status (f->push);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (f->push != NULL)
    {
      g_subprocess_send_signal (f->push, SIGTERM);
      g_subprocess_wait (f->push, NULL, NULL);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&f->out);
  g_clear_object (&f->push);
  g_clear_pointer (&f->lichess, arb_test_lichess_free);
  g_string_free (f->output, TRUE);
  g_free (f->path);
  g_free (f->token_file);
  arb_test_temp_clear (&f->temp);
}

static void
test_success (Fixture *f, gconstpointer data)
{
  const ArbTestLichessRequest *sent;

  if (!start_push (f, NULL))
    return;
  wait_output (f, "board 2");
  sent = arb_test_lichess_get_request (f->lichess, 0);
  g_assert_cmpstr (sent->path, ==, "/api/broadcast/round/R0und1d5/push");
  g_assert_cmpstr (sent->authorization, ==, "Bearer lip_fromafile");
  g_assert_cmpuint (sent->n_games, ==, 2);
  g_assert_nonnull (strstr (f->output->str, "push 1/1: 2 games, HTTP 200"));
  g_assert_nonnull (strstr (f->output->str, "board 1 (Alpha, Ann – Beta, Bob): 2 moves"));
  g_assert_nonnull (strstr (f->output->str, "board 2 (Gamma, Gil – Delta, Dee): 0 moves"));
  /* The token is never printed. */
  g_assert_null (strstr (f->output->str, "lip_fromafile"));
  /* Without a delay, it says that lichess shows the moves at once. */
  g_assert_nonnull (
    strstr (f->output->str, "Pushing live: moves show on lichess as they are played"));

  /* A move played by another process: pushed again. */
  {
    const char *play[] = { "play", f->path, "--round", "1", "--board", "2", NULL };
    g_autofree char *out = NULL;
    int status = -1;

    out = arb_test_run_cli (play, "d4\n", &status, NULL);
    g_assert_cmpint (status, ==, 0);
  }
  wait_output (f, "board 2 (Gamma, Gil – Delta, Dee): 1 move\n");

  g_subprocess_send_signal (f->push, SIGTERM);
  g_assert_cmpint (wait_exit (f), ==, 0);
}

/* With a delay, a move played now is held back on lichess too, while a
 * finished game goes at once. */
static void
test_delay (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--delay", "1", NULL };
  const char *play1[] = { "play", f->path, "--round", "1", "--board", "1", NULL };
  const char *play2[] = { "play", f->path, "--round", "1", "--board", "2", NULL };
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  const ArbTestLichessRequest *sent = NULL;
  int status = -1;
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  if (!start_push (f, extra))
    return;
  wait_output (f, "board 2");
  g_assert_nonnull (strstr (f->output->str, "Moves are held back 1 minute on lichess."));
  g_assert_null (strstr (f->output->str, "Pushing live"));
  /* Board 1's moves were imported, without a time of play: they are
   * held back from when they were first read, not sent as played in
   * 1970. */
  g_assert_nonnull (strstr (f->output->str, "board 1 (Alpha, Ann – Beta, Bob): 0 moves"));
  out2 = arb_test_run_cli (play2, "d4\n", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  /* Played after d4: once the mate is pushed, d4 has been read too. */
  out1 = arb_test_run_cli (play1, "Qh5\nNc6\nBc4\nNf6\nQxf7#\n", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  for (guint n = 2;; n++)
    {
      arb_test_lichess_wait_requests (f->lichess, n);
      sent = arb_test_lichess_get_request (f->lichess, n - 1);
      if (strstr (sent->body, "Qxf7# 1-0") != NULL)
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  g_test_message ("%s", sent->body);
  g_assert_null (strstr (sent->body, "1. d4"));
}

static void
test_game_refused (Fixture *f, gconstpointer data)
{
  arb_test_lichess_script (f->lichess, 200, NULL, NULL, 1);
  if (!start_push (f, NULL))
    return;
  wait_output (f, "board 2");
  g_assert_nonnull (
    strstr (f->output->str, "board 1 (Alpha, Ann – Beta, Bob): refused: Illegal move"));
}

static void
test_unauthorized (Fixture *f, gconstpointer data)
{
  arb_test_lichess_script (f->lichess, 401, "{\"error\":\"No such token\"}", NULL, 0);
  if (!start_push (f, NULL))
    return;
  g_assert_cmpint (wait_exit (f), ==, 1);
  g_assert_nonnull (strstr (f->output->str, "HTTP 401 (No such token)"));
  g_assert_nonnull (strstr (f->output->str, "study:write"));
  g_clear_object (&f->push);
}

static void
test_too_many_requests (Fixture *f, gconstpointer data)
{
  arb_test_lichess_script (f->lichess, 429, "{\"error\":\"Too many requests\"}", "1", 0);
  if (!start_push (f, NULL))
    return;
  wait_output (f, "HTTP 200");
  g_test_message ("%s", f->output->str);
  g_assert_nonnull (strstr (f->output->str, "HTTP 429 (Too many requests) again in 1.0 s"));
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
}

static void
test_usage (Fixture *f, gconstpointer data)
{
  g_autofree char *empty = arb_test_temp_file (&f->temp, "empty-token");
  g_autofree char *missing = arb_test_temp_file (&f->temp, "no-such-token");
  const char *no_token[] = { "push", f->path, "--round-id", "abcd1234", NULL };
  const char *empty_token[] = { "push",         f->path, "--round-id", "abcd1234",
                                "--token-file", empty,   NULL };
  const char *missing_token[] = { "push",         f->path, "--round-id", "abcd1234",
                                  "--token-file", missing, NULL };
  const char *bad_id[] = { "push",         f->path,       "--round-id", "../x",
                           "--token-file", f->token_file, NULL };
  const char *bad_delay[] = { "push",        f->path,   "--round-id", "abcd1234", "--token-file",
                              f->token_file, "--delay", "61",         NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  if (f->path == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }
  g_assert_true (g_file_set_contents (empty, "\n", -1, NULL));
  out = arb_test_run_cli (no_token, "", &status, NULL);
  g_assert_cmpint (status, ==, 2);
  g_clear_pointer (&out, g_free);
  out = arb_test_run_cli (empty_token, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "token"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = arb_test_run_cli (missing_token, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = arb_test_run_cli (bad_id, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "../x"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = arb_test_run_cli (bad_delay, "", &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "--delay is 0 to 60 minutes"));
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 0);
}

/* 150 boards: --round-id twice, boards 1–100 to the first lichess round
 * and 101–150 to the second. */
static void
test_parts (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--round-id", "S3c0nd42", NULL };
  const ArbTestLichessRequest *first;
  const ArbTestLichessRequest *second;

  if (!start_push (f, extra))
    return;
  wait_output (f, "board 150 ");
  g_test_message ("%s", f->output->str);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
  first = arb_test_lichess_get_request (f->lichess, 0);
  second = arb_test_lichess_get_request (f->lichess, 1);
  g_assert_cmpstr (first->path, ==, "/api/broadcast/round/R0und1d5/push");
  g_assert_cmpstr (second->path, ==, "/api/broadcast/round/S3c0nd42/push");
  g_assert_cmpuint (first->n_games, ==, 100);
  g_assert_cmpuint (second->n_games, ==, 50);
  g_assert_nonnull (strstr (second->body, "[Board \"101\"]"));
  g_assert_null (strstr (second->body, "[Board \"100\"]"));
  g_assert_nonnull (strstr (f->output->str, "Round 1 (boards 1–100): lichess round R0und1d5"));
  g_assert_nonnull (strstr (f->output->str, "Round 1 (boards 101–200): lichess round S3c0nd42"));
  g_assert_nonnull (strstr (f->output->str, "push 2/2: 50 games, HTTP 200"));
}

/* 150 boards, --create-rounds: two lichess rounds made in the broadcast,
 * named by their boards, then the boards pushed to them in order. */
static void
test_create_rounds (Fixture *f, gconstpointer data)
{
  const ArbTestLichessRequest *req;

  f->create_rounds = TRUE;
  if (!start_push (f, NULL))
    return;
  wait_output (f, "board 150 ");
  g_test_message ("%s", f->output->str);
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 4);
  req = arb_test_lichess_get_request (f->lichess, 0);
  g_assert_cmpstr (req->path, ==, "/broadcast/t0urn4m1/new");
  g_assert_cmpstr (req->authorization, ==, "Bearer lip_fromafile");
  g_assert_nonnull (strstr (req->body, "name=Round+1+%28boards+1%E2%80%93100%29"));
  req = arb_test_lichess_get_request (f->lichess, 1);
  g_assert_nonnull (strstr (req->body, "boards+101%E2%80%93200"));
  g_assert_cmpstr (arb_test_lichess_get_request (f->lichess, 2)->path, ==,
                   "/api/broadcast/round/round001/push");
  g_assert_cmpstr (arb_test_lichess_get_request (f->lichess, 3)->path, ==,
                   "/api/broadcast/round/round002/push");
  g_assert_nonnull (strstr (f->output->str, "Creating lichess round “Round 1 (boards 101–200)”"));
  g_assert_nonnull (strstr (f->output->str, "Round 1 (boards 101–200): lichess round round002"));
}

/* The second round refused: the error names it and why; nothing pushed. */
static void
test_create_rounds_fails (Fixture *f, gconstpointer data)
{
  f->create_rounds = TRUE;
  arb_test_lichess_script (f->lichess, 200, NULL, NULL, 0);
  arb_test_lichess_script (f->lichess, 403, "{\"error\":\"Missing scope\"}", NULL, 0);
  if (!start_push (f, NULL))
    return;
  g_assert_cmpint (wait_exit (f), ==, 1);
  g_test_message ("%s", f->output->str);
  g_assert_nonnull (strstr (f->output->str, "“Round 1 (boards 101–200)”, lichess round 2 of 2"));
  g_assert_nonnull (strstr (f->output->str, "Missing scope"));
  g_assert_cmpuint (arb_test_lichess_get_n_requests (f->lichess), ==, 2);
}

static char *
many_pairings (guint n)
{
  GString *pgn = g_string_new (NULL);

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (pgn,
                            "[Event \"Push Test\"]\n[Round \"1\"]\n[Board \"%u\"]\n"
                            "[White \"White, P%u\"]\n[Black \"Black, P%u\"]\n"
                            "[Result \"*\"]\n\n*\n\n",
                            i, i, i);
  return g_string_free (pgn, FALSE);
}

int
main (int argc, char **argv)
{
  g_autofree char *many = many_pairings (150);

  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/cli/push/success", test_success);
  ADD ("/cli/push/delay", test_delay);
  ADD ("/cli/push/game-refused", test_game_refused);
  ADD ("/cli/push/unauthorized", test_unauthorized);
  ADD ("/cli/push/too-many-requests", test_too_many_requests);
  ADD ("/cli/push/usage", test_usage);
  g_test_add ("/cli/push/parts", Fixture, many, fixture_set_up, test_parts, fixture_tear_down);
  g_test_add ("/cli/push/create-rounds", Fixture, many, fixture_set_up, test_create_rounds,
              fixture_tear_down);
  g_test_add ("/cli/push/create-rounds-fails", Fixture, many, fixture_set_up,
              test_create_rounds_fails, fixture_tear_down);
#undef ADD
  return g_test_run ();
}
