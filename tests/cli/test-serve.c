/* test-serve.c: arbiter-cli serve, over real HTTP on 127.0.0.1
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "arb-test-utils.h"
#include "arb-tournament-trf.h"
#include "arb-tournament.h"

/* A generous bound for things that happen by themselves (the server
 * noticing a commit takes a twentieth of a second): it only keeps a broken
 * build from hanging the suite, and is never what a test checks. */
#define DEADLINE_SECONDS 30

typedef struct
{
  ArbTestTemp temp;
  char *path;
  GSubprocess *server;
  char *url;
  SoupSession *session;
} Fixture;

static const char pairings[] =
  "[Event \"Hall Test\"]\n[Site \"Malmö\"]\n[Round \"1\"]\n[Board \"1\"]\n"
  "[White \"Alpha, Ann\"]\n[Black \"Beta, Bob\"]\n[Result \"*\"]\n\n*\n\n"
  "[Event \"Hall Test\"]\n[Round \"1\"]\n[Board \"2\"]\n"
  "[White \"Gamma, Gil\"]\n[Black \"Delta, Dee\"]\n[Result \"*\"]\n\n*\n\n";

static void
play (Fixture *f, int board, const char *moves)
{
  g_autofree char *b = g_strdup_printf ("%d", board);
  const char *args[] = { "play", f->path, "--round", "1", "--board", b, NULL };

  g_free (arb_test_cli_ok (args, moves));
}

static gboolean
make_tournament (Fixture *f)
{
  if (!arb_test_temp_cli_tournament (&f->temp, "Hall Test", pairings))
    return FALSE;
  f->path = g_strdup (f->temp.tournament);
  return TRUE;
}

/* A server whose test failed goes with it. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* Starts the server and reads the address from its first line. */
static void
serve (Fixture *f, const char *const *extra)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  gsize length = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ARBITER_CLI"));
  g_ptr_array_add (argv, (gpointer) "serve");
  g_ptr_array_add (argv, f->path);
  g_ptr_array_add (argv, (gpointer) "--port");
  g_ptr_array_add (argv, (gpointer) "0");
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);
  {
    g_autoptr (GSubprocessLauncher) launcher =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);

    g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
    f->server = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  }
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (f->server));
  f->url = g_data_input_stream_read_line_utf8 (out, &length, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->url);
  g_test_message ("serving at %s", f->url);
  g_assert_true (g_str_has_prefix (f->url, "http://127.0.0.1:"));
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  arb_test_temp_setup (&f->temp, NULL);
  f->session = soup_session_new_with_options ("timeout", DEADLINE_SECONDS, NULL);
  /* Bodies as the server sends them: gzip only when a test asks. */
  soup_session_remove_feature_by_type (f->session, SOUP_TYPE_CONTENT_DECODER);
}

static void
stop_server (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  if (f->server == NULL)
    return;
  g_subprocess_send_signal (f->server, SIGTERM);
  g_subprocess_wait (f->server, NULL, &error);
  g_assert_no_error (error);
  /* Stopped by a signal, it closes cleanly. */
  if (!g_subprocess_get_if_exited (f->server))
    g_test_message ("the server died of signal %d", g_subprocess_get_if_signaled (f->server)
                                                      ? g_subprocess_get_term_sig (f->server)
                                                      : -1);
  g_assert_true (g_subprocess_get_if_exited (f->server));
  g_assert_cmpint (g_subprocess_get_exit_status (f->server), ==, 0);
  g_clear_object (&f->server);
  g_clear_pointer (&f->url, g_free);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  stop_server (f);
  g_clear_object (&f->session);
  g_free (f->path);
  arb_test_temp_clear (&f->temp);
}

typedef struct
{
  guint status;
  char *body;
  GBytes *bytes;
  SoupMessageHeaders *headers;
} Reply;

static void
reply_clear (Reply *r)
{
  g_clear_pointer (&r->body, g_free);
  g_clear_pointer (&r->bytes, g_bytes_unref);
  g_clear_pointer (&r->headers, soup_message_headers_unref);
}

static void
request (Fixture *f, const char *method, const char *path, const char *const *headers, Reply *reply)
{
  g_autofree char *uri = NULL;
  g_autoptr (SoupMessage) msg = NULL;
  g_autoptr (GBytes) body = NULL;
  g_autoptr (GError) error = NULL;
  const char *base_end = strchr (f->url + 7, '/');
  g_autofree char *base = g_strndup (f->url, (gsize) (base_end - f->url));

  uri = g_strconcat (base, path, NULL);
  msg = soup_message_new (method, uri);
  g_assert_nonnull (msg);
  for (guint i = 0; headers != NULL && headers[i] != NULL; i += 2)
    soup_message_headers_replace (soup_message_get_request_headers (msg), headers[i],
                                  headers[i + 1]);
  body = soup_session_send_and_read (f->session, msg, NULL, &error);
  g_assert_no_error (error);
  reply->status = soup_message_get_status (msg);
  reply->body = g_bytes_get_size (body) > 0
                  ? g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body))
                  : g_strdup ("");
  reply->bytes = g_bytes_ref (body);
  reply->headers = soup_message_headers_ref (soup_message_get_response_headers (msg));
}

static char *
gunzip (GBytes *compressed)
{
  g_autoptr (GZlibDecompressor) decompressor =
    g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) memory = g_memory_input_stream_new_from_bytes (compressed);
  g_autoptr (GInputStream) in = g_converter_input_stream_new (memory, G_CONVERTER (decompressor));
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) plain = NULL;

  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  plain = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  return g_strndup (g_bytes_get_data (plain, NULL), g_bytes_get_size (plain));
}

static char *
get (Fixture *f, const char *path)
{
  Reply r = { 0 };
  char *body;

  request (f, "GET", path, NULL, &r);
  g_assert_cmpuint (r.status, ==, 200);
  body = g_steal_pointer (&r.body);
  reply_clear (&r);
  return body;
}

/* Waits until @path contains @text: the server follows the file by
 * itself, and the deadline is only a guard. */
static void
wait_for (Fixture *f, const char *path, const char *text)
{
  gint64 deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;

  for (;;)
    {
      g_autofree char *body = get (f, path);

      if (strstr (body, text) != NULL)
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (20000);
    }
}

static char *
pgn_extract_program (void)
{
  const char *candidates[] = { "/usr/games/pgn-extract", "/usr/bin/pgn-extract" };
  char *program = g_find_program_in_path ("pgn-extract");

  for (guint i = 0; program == NULL && i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_EXECUTABLE))
      program = g_strdup (candidates[i]);
  return program;
}

static void
validate_with_pgn_extract (const char *pgn, guint n_games)
{
  g_autofree char *program = pgn_extract_program ();
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *file = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { NULL, "-r", NULL, NULL };
  int status = 0;

  if (program == NULL)
    {
      g_test_message ("pgn-extract is not installed: the served PGN is not checked by it");
      return;
    }
  arb_test_temp_setup (&temp, NULL);
  file = arb_test_temp_write (&temp, "served.pgn", pgn);
  argv[0] = program;
  argv[2] = file;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("pgn-extract: %s", err);
  expected = g_strdup_printf ("%u games matched out of %u.", n_games, n_games);
  g_assert_nonnull (strstr (err, expected));
  g_assert_null (strstr (err, "Failed"));
  g_assert_null (strstr (err, "Inconsistent"));
  g_assert_null (strstr (err, "Missing"));
}

/* Reads server-sent events until one of type @event contains every one of
 * @needles; returns its data. */
static char *
read_event (GDataInputStream *events, const char *event, const char *const *needles)
{
  g_autofree char *type = NULL;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      gsize length = 0;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (events, &length, NULL, &error);
      gboolean all = TRUE;

      g_assert_no_error (error);
      g_assert_nonnull (line);
      if (g_str_has_prefix (line, "event: "))
        {
          g_free (type);
          type = g_strdup (line + 7);
        }
      if (!g_str_has_prefix (line, "data: ") || g_strcmp0 (type, event) != 0)
        continue;
      for (guint i = 0; needles[i] != NULL; i++)
        all = all && strstr (line, needles[i]) != NULL;
      if (all)
        return g_strdup (line + 6);
    }
}

static GDataInputStream *
open_events (Fixture *f, SoupMessage **msg_out)
{
  g_autofree char *uri = g_strconcat (f->url, "events", NULL);
  g_autoptr (GError) error = NULL;
  SoupMessage *msg = soup_message_new ("GET", uri);
  GInputStream *in = soup_session_send (f->session, msg, NULL, &error);
  GDataInputStream *events;

  g_assert_no_error (error);
  g_assert_cmpuint (soup_message_get_status (msg), ==, 200);
  g_assert_true (g_str_has_prefix (
    soup_message_headers_get_content_type (soup_message_get_response_headers (msg), NULL),
    "text/event-stream"));
  events = g_data_input_stream_new (in);
  g_object_unref (in);
  *msg_out = msg;
  return events;
}

/* The round as PGN that pgn-extract reads; a move played by another
 * process shows in /round.pgn and as an event. */
static void
test_live (Fixture *f, gconstpointer data)
{
  g_autofree char *pgn = NULL;
  g_autofree char *event = NULL;
  g_autofree char *json = NULL;
  g_autoptr (GDataInputStream) events = NULL;
  g_autoptr (SoupMessage) events_msg = NULL;
  const char *const first[] = { "\"board\":1", "\"ply\":1", "\"san\":\"e4\"", "\"move\"", NULL };
  const char *const mate[] = { "\"board\":2", "\"result\":\"0-1\"", NULL };

  if (!make_tournament (f))
    return;
  serve (f, NULL);

  pgn = get (f, "/round.pgn");
  g_assert_nonnull (strstr (pgn, "[Round \"1\"]"));
  g_assert_nonnull (strstr (pgn, "[Board \"2\"]"));
  validate_with_pgn_extract (pgn, 2);

  events = open_events (f, &events_msg);
  {
    const char *const hello[] = { "\"now\":", NULL };
    g_autofree char *beat = read_event (events, "heartbeat", hello);
  }

  play (f, 1, "e4\n");
  event = read_event (events, "game", first);
  g_test_message ("event: %s", event);
  g_clear_pointer (&pgn, g_free);
  pgn = get (f, "/round.pgn");
  g_assert_nonnull (strstr (pgn, "1. e4 *"));
  json = get (f, "/round.json");
  g_assert_nonnull (strstr (json, "\"lastMove\":\"e2e4\""));

  /* A mate ends the game: its result is an event too. */
  play (f, 2, "f3\ne5\ng4\nQh4#\n");
  g_clear_pointer (&event, g_free);
  event = read_event (events, "game", mate);
  g_clear_pointer (&pgn, g_free);
  pgn = get (f, "/round.pgn");
  g_assert_nonnull (strstr (pgn, "Qh4# 0-1"));
  validate_with_pgn_extract (pgn, 2);

  g_clear_object (&events);
}

/* Entity tags, HEAD, gzip. */
static void
test_http (Fixture *f, gconstpointer data)
{
  Reply plain = { 0 }, again = { 0 }, head = { 0 }, zipped = { 0 }, page = { 0 };
  const char *etag;
  const char *if_none_match[] = { "If-None-Match", NULL, NULL };
  const char *gzip[] = { "Accept-Encoding", "gzip", NULL };

  if (!make_tournament (f))
    return;
  play (f, 1, "d4\nd5\n");
  serve (f, NULL);

  request (f, "GET", "/round.pgn", NULL, &plain);
  g_assert_cmpuint (plain.status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (plain.headers, NULL), ==,
                   "application/x-chess-pgn");
  etag = soup_message_headers_get_one (plain.headers, "ETag");
  g_assert_nonnull (etag);

  if_none_match[1] = etag;
  request (f, "GET", "/round.pgn", if_none_match, &again);
  g_assert_cmpuint (again.status, ==, 304);
  g_assert_cmpstr (again.body, ==, "");

  request (f, "HEAD", "/round.pgn", NULL, &head);
  g_assert_cmpuint (head.status, ==, 200);
  g_assert_cmpstr (head.body, ==, "");
  g_assert_cmpint (soup_message_headers_get_content_length (head.headers), ==, strlen (plain.body));

  request (f, "GET", "/round.pgn", gzip, &zipped);
  g_assert_cmpuint (zipped.status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_one (zipped.headers, "Content-Encoding"), ==, "gzip");
  g_assert_cmpuint (g_bytes_get_size (zipped.bytes), <, strlen (plain.body));
  {
    g_autofree char *unzipped = gunzip (zipped.bytes);

    g_assert_cmpstr (unzipped, ==, plain.body);
  }
  g_assert_null (soup_message_headers_get_one (plain.headers, "Content-Encoding"));

  request (f, "GET", "/", NULL, &page);
  g_assert_cmpuint (page.status, ==, 200);
  g_assert_true (g_str_has_prefix (page.body, "<!DOCTYPE html>"));
  g_assert_nonnull (soup_message_headers_get_one (page.headers, "Content-Security-Policy"));

  reply_clear (&plain);
  reply_clear (&again);
  reply_clear (&head);
  reply_clear (&zipped);
  reply_clear (&page);
}

static char *
host_and_port (Fixture *f)
{
  const char *start = f->url + strlen ("http://");
  const char *end = strchr (start, '/');

  return g_strndup (start, (gsize) (end - start));
}

/* Sends raw bytes and reads the answer until the server closes or the
 * answer's head is complete. */
static char *
raw_exchange (Fixture *f, const char *bytes, gsize length, gboolean read_all)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *address = host_and_port (f);
  g_autoptr (GString) answer = g_string_new (NULL);
  GInputStream *in;
  char buf[4096];

  g_socket_client_set_timeout (client, DEADLINE_SECONDS);
  connection = g_socket_client_connect_to_host (client, address, 80, NULL, &error);
  g_assert_no_error (error);
  /* The server may answer and close before all is sent. */
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), bytes,
                             length, NULL, NULL, NULL);
  in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  for (;;)
    {
      gssize n = g_input_stream_read (in, buf, sizeof buf, NULL, NULL);

      if (n <= 0)
        break;
      g_string_append_len (answer, buf, n);
      if (!read_all && strstr (answer->str, "\r\n\r\n") != NULL)
        break;
    }
  return g_string_free (g_steal_pointer (&answer), FALSE);
}

static void
assert_still_serving (Fixture *f)
{
  g_autofree char *pgn = get (f, "/round.pgn");

  g_assert_nonnull (strstr (pgn, "[Event \"Hall Test\"]"));
}

/* Bad requests get their refusal, and the server goes on serving. */
static void
test_bad_requests (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *method;
    const char *path;
    guint status;
  } cases[] = {
    { "GET", "/hall.arbiter", 404 }, { "GET", "/rulings", 404 },   { "GET", "/board/99.pgn", 404 },
    { "POST", "/round.pgn", 405 },   { "PUT", "/round.pgn", 405 }, { "DELETE", "/", 405 },
    { "PATCH", "/events", 405 },
  };
  g_autoptr (GString) big = g_string_new ("POST /round.pgn HTTP/1.1\r\nHost: x\r\n"
                                          "Content-Length: 100000000\r\n\r\n");
  g_autoptr (GString) headers = g_string_new ("GET /round.pgn HTTP/1.1\r\nHost: x\r\n");
  g_autofree char *answer = NULL;

  if (!make_tournament (f))
    return;
  serve (f, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Reply r = { 0 };

      g_test_message ("%s %s", cases[i].method, cases[i].path);
      request (f, cases[i].method, cases[i].path, NULL, &r);
      g_assert_cmpuint (r.status, ==, cases[i].status);
      if (r.status == 405)
        g_assert_cmpstr (soup_message_headers_get_one (r.headers, "Allow"), ==, "GET, HEAD");
      reply_clear (&r);
      assert_still_serving (f);
    }

  /* A body of 100 MB is refused after its headers: the answer comes
   * before the body is sent. */
  g_string_append_len (big, "xxxxxxxxxxxxxxxx", 16);
  answer = raw_exchange (f, big->str, big->len, FALSE);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 413 "));
  assert_still_serving (f);

  for (guint i = 0; i < 100; i++)
    g_string_append_printf (headers, "X-Header-%u: %u\r\n", i, i);
  g_string_append (headers, "\r\n");
  g_clear_pointer (&answer, g_free);
  answer = raw_exchange (f, headers->str, headers->len, FALSE);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 431 "));
  assert_still_serving (f);

  g_clear_pointer (&answer, g_free);
  answer = raw_exchange (f, "NONSENSE\r\n\r\n", 12, FALSE);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.0 400 ") ||
                 g_str_has_prefix (answer, "HTTP/1.1 400 "));
  assert_still_serving (f);
}

/* Open a connection and ask for the event stream; the connection is
 * returned once the stream's head has come. */
static GSocketConnection *
open_event_stream (Fixture *f)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *address = host_and_port (f);
  g_autoptr (GString) head = g_string_new (NULL);
  static const char request[] = "GET /events HTTP/1.1\r\nHost: x\r\n\r\n";
  GSocketConnection *connection;
  char c;

  g_socket_client_set_timeout (client, DEADLINE_SECONDS);
  connection = g_socket_client_connect_to_host (client, address, 80, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), request,
                               strlen (request), NULL, NULL, &error));
  while (strstr (head->str, "\r\n\r\n") == NULL)
    {
      g_assert_cmpint (g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                            &c, 1, NULL, &error),
                       ==, 1);
      g_string_append_c (head, c);
    }
  g_assert_true (g_str_has_prefix (head->str, "HTTP/1.1 200 "));
  return connection;
}

/* More requests than allowed are turned away while the connections that
 * hold them last (event streams), and the server takes new ones once
 * those close. Silent connections do not count: see
 * tests/cli/test-hostile-net.c. */
static void
test_connection_limit (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--max-connections", "2", NULL };
  g_autoptr (GSocketConnection) a = NULL;
  g_autoptr (GSocketConnection) b = NULL;
  g_autofree char *answer = NULL;
  gint64 deadline;

  if (!make_tournament (f))
    return;
  serve (f, extra);
  a = open_event_stream (f);
  b = open_event_stream (f);

  answer = raw_exchange (f, "GET /round.pgn HTTP/1.1\r\nHost: x\r\n\r\n", 36, TRUE);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 503 "));

  g_io_stream_close (G_IO_STREAM (a), NULL, NULL);
  g_io_stream_close (G_IO_STREAM (b), NULL, NULL);
  deadline = g_get_monotonic_time () + DEADLINE_SECONDS * G_USEC_PER_SEC;
  for (;;)
    {
      g_clear_pointer (&answer, g_free);
      answer = raw_exchange (f, "GET /round.pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                             55, TRUE);
      if (g_str_has_prefix (answer, "HTTP/1.1 200 "))
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (20000);
    }
}

/* With a delay, a move played now is held back while the result of a
 * finished game shows at once. */
static void
test_delay (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--delay", "1", NULL };
  g_autofree char *pgn = NULL;
  g_autofree char *json = NULL;

  if (!make_tournament (f))
    return;
  serve (f, extra);
  play (f, 1, "e4\n");
  /* Played after e4: once the mate is seen, e4 has been read too. */
  play (f, 2, "f3\ne5\ng4\nQh4#\n");
  wait_for (f, "/round.pgn", "Qh4# 0-1");

  pgn = get (f, "/board/1.pgn");
  g_assert_null (strstr (pgn, "e4"));
  g_assert_true (g_str_has_suffix (pgn, "\n*\n\n"));
  json = get (f, "/round.json");
  g_assert_nonnull (strstr (json, "\"delay\":60"));
  g_assert_null (strstr (json, "e2e4"));
}

/* Moves stored without a time of play, imported into the round being
 * served, are held back from when the server first read them, not
 * published as played in 1970. */
static void
test_delay_untimed (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--delay", "1", NULL };
  g_autofree char *pgn = arb_test_temp_file (&f->temp, "board1-moves.pgn");
  const char *import_args[] = { "import", NULL, pgn, NULL };
  g_autofree char *board = NULL;
  g_autofree char *json = NULL;

  if (!make_tournament (f))
    return;
  serve (f, extra);
  g_assert_true (g_file_set_contents (pgn,
                                      "[Event \"Hall Test\"]\n[Round \"1\"]\n[Board \"1\"]\n"
                                      "[White \"Alpha, Ann\"]\n[Black \"Beta, Bob\"]\n"
                                      "[Result \"*\"]\n\n1. d4 {[%clk 1:29:50]} d5 *\n",
                                      -1, NULL));
  import_args[1] = f->path;
  g_free (arb_test_cli_ok (import_args, NULL));
  /* Played after the import: once the mate is seen, the import has been
   * read too. */
  play (f, 2, "f3\ne5\ng4\nQh4#\n");
  wait_for (f, "/round.pgn", "Qh4# 0-1");

  board = get (f, "/board/1.pgn");
  g_test_message ("%s", board);
  g_assert_null (strstr (board, "d4"));
  g_assert_null (strstr (board, "1:29:50"));
  json = get (f, "/round.json");
  g_assert_null (strstr (json, "d2d4"));
}

static void
test_token (Fixture *f, gconstpointer data)
{
  const char *const extra[] = { "--token", "hall-7", NULL };
  const char *bearer[] = { "Authorization", "Bearer hall-7", NULL };
  Reply none = { 0 }, query = { 0 }, header = { 0 }, wrong = { 0 };

  if (!make_tournament (f))
    return;
  serve (f, extra);
  g_assert_true (g_str_has_suffix (f->url, "/?token=hall-7"));

  request (f, "GET", "/round.pgn", NULL, &none);
  g_assert_cmpuint (none.status, ==, 401);
  request (f, "GET", "/round.pgn?token=hall-7", NULL, &query);
  g_assert_cmpuint (query.status, ==, 200);
  request (f, "GET", "/round.json", bearer, &header);
  g_assert_cmpuint (header.status, ==, 200);
  request (f, "GET", "/?token=hall-8", NULL, &wrong);
  g_assert_cmpuint (wrong.status, ==, 401);

  reply_clear (&none);
  reply_clear (&query);
  reply_clear (&header);
  reply_clear (&wrong);
}

/* A small event for the lists: five players by starting rank, round 1
 * complete (with a pairing-allocated bye), round 2 in play (with a
 * half-point bye); the order of tie-breaks is the event's: WIN, BPG. */
static gint64
lists_player (ArbTournament *t, int start_no, const char *name, int rating)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo p = { .start_no = start_no, .name = (char *) name, .rating = rating };
  gint64 id = arb_tournament_add_player (t, &p, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
lists_game (ArbTournament *t, int round, int board, gint64 white, gint64 black, const char *bye)
{
  g_autoptr (GError) error = NULL;
  ArbGameInfo g = { .round = round,
                    .board = board,
                    .white_id = white,
                    .black_id = black,
                    .bye_code = (char *) bye,
                    .rated = TRUE };
  gint64 id = arb_tournament_add_game (t, &g, &error);

  g_assert_no_error (error);
  return id;
}

static void
lists_result (ArbTournament *t, gint64 game, ArbResult result)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_tournament_set_result (t, game, result, NULL, &error));
  g_assert_no_error (error);
}

static void
make_lists_tournament (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Lists Open",
                         .venue = (char *) "Lund",
                         .edition = 2023,
                         .settings = (char *) "{\"tiebreaks\":[\"win\",\"bpg\",\"tpr\"],"
                                              "\"unplayed_rounds\":\"c07-2026\"}" };
  g_autoptr (ArbTournament) t = arb_tournament_create (f->temp.tournament, &event, &error);
  ArbRulingRecord ruling = { .ply = 0,
                             .kind = (char *) "illegal-move",
                             .decision = (char *) "SECRET-DECISION",
                             .articles = (char *) "7.5.1",
                             .edition = 2023,
                             .payload = (char *) "{}",
                             .note = (char *) "SECRET-NOTE" };
  gint64 ann, bo, cy, di, eve, g;

  g_assert_no_error (error);
  f->path = g_strdup (f->temp.tournament);
  ann = lists_player (t, 1, "Anand, Ann", 2700);
  bo = lists_player (t, 2, "Berg, Bo", 2600);
  cy = lists_player (t, 3, "Carl, Cy", 2500);
  di = lists_player (t, 4, "Dahl, Di", 2400);
  eve = lists_player (t, 5, "Ek, Eve", 2300);
  lists_result (t, lists_game (t, 1, 1, ann, di, NULL), ARB_RESULT_WHITE_WINS);
  g = lists_game (t, 1, 2, cy, bo, NULL);
  lists_result (t, g, ARB_RESULT_DRAW);
  arb_tournament_add_ruling_record (t, g, &ruling, &error);
  g_assert_no_error (error);
  lists_game (t, 1, 3, eve, 0, "U");
  lists_game (t, 2, 1, bo, ann, NULL);
  lists_game (t, 2, 2, eve, cy, NULL);
  lists_game (t, 2, 3, di, 0, "H");
}

static JsonObject *
parse_object (JsonParser *parser, const char *json)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
assert_paired (JsonObject *pairing,
               const char *side,
               const char *name,
               int rating,
               double points,
               int start_no)
{
  JsonObject *p = json_object_get_object_member (pairing, side);

  g_assert_cmpstr (json_object_get_string_member (p, "name"), ==, name);
  g_assert_cmpint (json_object_get_int_member (p, "rating"), ==, rating);
  g_assert_cmpfloat (json_object_get_double_member (p, "points"), ==, points);
  g_assert_cmpint (json_object_get_int_member (p, "startNo"), ==, start_no);
}

/* /pairings.json: the round in play, board by board, with each player's
 * rating, points before the round and starting rank, then the byes. */
static void
test_pairings (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  JsonObject *root, *pairing, *bye;
  JsonArray *list, *byes;

  if (arb_test_skip_without_cli ())
    return;
  make_lists_tournament (f);
  serve (f, NULL);
  json = get (f, "/pairings.json");
  g_assert_null (strstr (json, "SECRET"));
  root = parse_object (parser, json);
  g_assert_cmpint (json_object_get_int_member (root, "round"), ==, 2);
  g_assert_cmpstr (
    json_object_get_string_member (json_object_get_object_member (root, "event"), "name"), ==,
    "Lists Open");
  list = json_object_get_array_member (root, "pairings");
  g_assert_cmpuint (json_array_get_length (list), ==, 2);
  pairing = json_array_get_object_element (list, 0);
  g_assert_cmpint (json_object_get_int_member (pairing, "board"), ==, 1);
  assert_paired (pairing, "white", "Berg, Bo", 2600, 0.5, 2);
  assert_paired (pairing, "black", "Anand, Ann", 2700, 1.0, 1);
  g_assert_cmpstr (json_object_get_string_member (pairing, "result"), ==, "*");
  pairing = json_array_get_object_element (list, 1);
  g_assert_cmpint (json_object_get_int_member (pairing, "board"), ==, 2);
  assert_paired (pairing, "white", "Ek, Eve", 2300, 1.0, 5);
  assert_paired (pairing, "black", "Carl, Cy", 2500, 0.5, 3);
  byes = json_object_get_array_member (root, "byes");
  g_assert_cmpuint (json_array_get_length (byes), ==, 1);
  bye = json_array_get_object_element (byes, 0);
  g_assert_cmpstr (json_object_get_string_member (bye, "name"), ==, "Dahl, Di");
  g_assert_cmpstr (json_object_get_string_member (bye, "kind"), ==, "half-point");
  g_assert_cmpint (json_object_get_int_member (bye, "startNo"), ==, 4);
  g_assert_cmpfloat (json_object_get_double_member (bye, "points"), ==, 0.0);
}

/* A match forfeited as a whole (tests/data/league-4x4.trf, round 2
 * paired, Oslo's team absent: Aarhus wins by forfeit): /pairings.json
 * says so and gives the winner a game won on each of the four boards,
 * as the record has it, the other match 0–0 while its boards play. */
static void
test_team_forfeit (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  JsonArray *list;
  JsonObject *m;

  if (arb_test_skip_without_cli ())
    return;
  {
    ArbEventInfo event = { .name = (char *) "League", .edition = 2023 };
    g_autoptr (GError) error = NULL;
    g_autoptr (ArbTournament) t = arb_tournament_create (f->temp.tournament, &event, &error);

    g_assert_no_error (error);
    arb_test_import_trf_fixture (t, "league-4x4.trf");
    f->path = g_strdup (f->temp.tournament);
  }
  g_free (arb_test_cli_ok ((const char *const[]){ "team-entries", f->path, "forfeit", "--round",
                                                  "2", "--winner", "home", "Aarhus Skakklub",
                                                  "Oslo Schakselskap", NULL },
                           NULL));
  serve (f, NULL);
  json = get (f, "/pairings.json");
  list = json_object_get_array_member (parse_object (parser, json), "matches");
  g_assert_cmpuint (json_array_get_length (list), ==, 2);
  m = json_array_get_object_element (list, 0);
  g_assert_cmpstr (json_object_get_string_member (m, "kind"), ==, "forfeit");
  g_assert_cmpstr (json_object_get_string_member (m, "home"), ==, "Aarhus Skakklub");
  g_assert_cmpfloat (json_object_get_double_member (m, "homePoints"), ==, 4);
  g_assert_cmpfloat (json_object_get_double_member (m, "awayPoints"), ==, 0);
  m = json_array_get_object_element (list, 1);
  g_assert_cmpstr (json_object_get_string_member (m, "kind"), ==, "played");
  g_assert_cmpfloat (json_object_get_double_member (m, "homePoints"), ==, 0);
}

/* /standings.json: after round 1, the last complete one; round 2's
 * pairings count nothing. Ann and Eve tie on points, WIN and BPG; TPR
 * (C.07 2026 Article 10.2, ARO plus B.02 8.1.1's dp, worked by hand)
 * puts Ann first: Ann beat Di 2400, 1 of 1, dp 800: 3200; Eve had a bye,
 * no game: 0. Bo drew Cy 2500, p .50: 2500; Cy drew Bo 2600: 2600; Di
 * lost to Ann 2700, dp -800: 1900. A rating reads as a whole number, as
 * "rating" does: 3200, not 3200.0. */
static void
test_standings (Fixture *f, gconstpointer data)
{
  static const struct
  {
    int start_no;
    const char *name;
    int rating;
    double points, win, bpg;
    gint64 tpr;
  } expected[] = {
    { 1, "Anand, Ann", 2700, 1.0, 1, 0, 3200 }, { 5, "Ek, Eve", 2300, 1.0, 1, 0, 0 },
    { 2, "Berg, Bo", 2600, 0.5, 0, 1, 2500 },   { 3, "Carl, Cy", 2500, 0.5, 0, 0, 2600 },
    { 4, "Dahl, Di", 2400, 0.0, 0, 1, 1900 },
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  JsonObject *root;
  JsonArray *rows, *keys;

  if (arb_test_skip_without_cli ())
    return;
  make_lists_tournament (f);
  serve (f, NULL);
  json = get (f, "/standings.json");
  g_assert_null (strstr (json, "SECRET"));
  root = parse_object (parser, json);
  g_assert_cmpint (json_object_get_int_member (root, "afterRound"), ==, 1);
  /* The event's rule for unplayed rounds, by its key. */
  g_assert_cmpstr (json_object_get_string_member (root, "unplayedRule"), ==, "c07-2026");
  keys = json_object_get_array_member (root, "tiebreaks");
  g_assert_cmpuint (json_array_get_length (keys), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "win");
  g_assert_cmpstr (json_array_get_string_element (keys, 1), ==, "bpg");
  g_assert_cmpstr (json_array_get_string_element (keys, 2), ==, "tpr");
  g_assert_null (strstr (json, "3200.0"));
  rows = json_object_get_array_member (root, "standings");
  g_assert_cmpuint (json_array_get_length (rows), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      JsonArray *values = json_object_get_array_member (row, "tiebreaks");

      g_assert_cmpint (json_object_get_int_member (row, "rank"), ==, i + 1);
      g_assert_cmpint (json_object_get_int_member (row, "startNo"), ==, expected[i].start_no);
      g_assert_cmpstr (json_object_get_string_member (row, "name"), ==, expected[i].name);
      g_assert_cmpint (json_object_get_int_member (row, "rating"), ==, expected[i].rating);
      g_assert_cmpfloat (json_object_get_double_member (row, "points"), ==, expected[i].points);
      g_assert_cmpfloat (json_array_get_double_element (values, 0), ==, expected[i].win);
      g_assert_cmpfloat (json_array_get_double_element (values, 1), ==, expected[i].bpg);
      g_assert_cmpint (json_node_get_value_type (json_array_get_element (values, 2)), ==,
                       G_TYPE_INT64);
      g_assert_cmpint (json_array_get_int_element (values, 2), ==, expected[i].tpr);
    }
  /* An individual event has no team standings. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "teamStandings")),
                    ==, 0);
}

/* A team event's /standings.json lists the teams and /pairings.json the
 * matches: tests/data's
 * league-4x4-results.trf, worked by hand in tests/cli/test-standings.c
 * (its "--teams" case): after round 2, match points (2-1-0), game
 * points, then direct encounter (C.07 Article 6; no two teams tied on
 * both), Buchholz (8.1) and Sonneborn-Berger (9.1) on match points. */
static void
test_team_lists (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *team;
    double mp, gp, bh, sb, bh_gp, sb_gp;
  } expected[] = {
    /* On game points, by hand: R1 Malmö 2 Aarhus 2, Oslo 2½ Bergen 1½;
     * R2 Aarhus 2½ Oslo 1½, Malmö 3½ Bergen ½. BH:GP the opponents' game
     * points; SB:GP (EGGSB) each match's game points times its opponent's:
     * Malmö 4½ + 2 = 6½, 2×4½ + 3½×2 = 16; Aarhus 5½ + 4 = 9½,
     * 2×5½ + 2½×4 = 21; Oslo 2 + 4½ = 6½, 2½×2 + 1½×4½ = 11¾; Bergen
     * 4 + 5½ = 9½, 1½×4 + ½×5½ = 8¾. */
    { "Malmö Schacksällskap", 3, 5.5, 3, 3, 6.5, 16 },
    { "Aarhus Skakklub", 3, 4.5, 5, 7, 9.5, 21 },
    { "Oslo Schakselskap", 2, 4, 3, 0, 6.5, 11.75 },
    { "Bergens Schakklub", 0, 2, 5, 0, 9.5, 8.75 },
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  JsonObject *root;
  JsonArray *rows, *keys;

  if (arb_test_skip_without_cli ())
    return;
  {
    ArbEventInfo event = { .name = (char *) "League", .edition = 2023 };
    g_autoptr (ArbTournament) t = arb_tournament_create (f->temp.tournament, &event, &error);

    g_assert_no_error (error);
    arb_test_import_trf_fixture (t, "league-4x4-results.trf");
    f->path = g_strdup (f->temp.tournament);
  }
  serve (f, NULL);
  json = get (f, "/standings.json");
  root = parse_object (parser, json);
  g_assert_cmpint (json_object_get_int_member (root, "afterRound"), ==, 2);
  keys = json_object_get_array_member (root, "teamTiebreaks");
  g_assert_cmpuint (json_array_get_length (keys), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "de");
  g_assert_cmpstr (json_array_get_string_element (keys, 1), ==, "bh");
  g_assert_cmpstr (json_array_get_string_element (keys, 2), ==, "sb");
  /* The order's BH and SB are on match points: both game-point ones
   * are shown beside it. */
  keys = json_object_get_array_member (root, "teamBeside");
  g_assert_cmpuint (json_array_get_length (keys), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (keys, 0), ==, "BH:GP");
  g_assert_cmpstr (json_array_get_string_element (keys, 1), ==, "SB:GP");
  rows = json_object_get_array_member (root, "teamStandings");
  g_assert_cmpuint (json_array_get_length (rows), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      JsonArray *values = json_object_get_array_member (row, "tiebreaks");

      g_assert_cmpint (json_object_get_int_member (row, "rank"), ==, i + 1);
      g_assert_cmpstr (json_object_get_string_member (row, "team"), ==, expected[i].team);
      g_assert_cmpint (json_object_get_int_member (row, "matches"), ==, 2);
      g_assert_cmpfloat (json_object_get_double_member (row, "matchPoints"), ==, expected[i].mp);
      g_assert_cmpfloat (json_object_get_double_member (row, "gamePoints"), ==, expected[i].gp);
      g_assert_cmpfloat (json_object_get_double_member (row, "bhGp"), ==, expected[i].bh_gp);
      g_assert_cmpfloat (json_object_get_double_member (row, "sbGp"), ==, expected[i].sb_gp);
      g_assert_cmpfloat (json_array_get_double_element (values, 0), ==, 0);
      g_assert_cmpfloat (json_array_get_double_element (values, 1), ==, expected[i].bh);
      g_assert_cmpfloat (json_array_get_double_element (values, 2), ==, expected[i].sb);
    }

  /* /pairings.json: round 2's two matches, by the same working: Aarhus
   * (White on board 1, so named first) 2½ against Oslo's 0, ½, 1 and a
   * forfeit 0; Bergen ½, 0, 0, 0 against Malmö's 3½. */
  {
    static const struct
    {
      const char *home, *away;
      int first, last;
      double home_points, away_points;
    } matches[] = {
      { "Aarhus Skakklub", "Oslo Schakselskap", 1, 4, 2.5, 1.5 },
      { "Bergens Schakklub", "Malmö Schacksällskap", 5, 8, 0.5, 3.5 },
    };
    g_autoptr (JsonParser) pairings_parser = json_parser_new ();
    g_autofree char *text = get (f, "/pairings.json");
    JsonArray *list =
      json_object_get_array_member (parse_object (pairings_parser, text), "matches");

    g_assert_cmpuint (json_array_get_length (list), ==, G_N_ELEMENTS (matches));
    for (guint i = 0; i < G_N_ELEMENTS (matches); i++)
      {
        JsonObject *m = json_array_get_object_element (list, i);

        g_assert_cmpstr (json_object_get_string_member (m, "home"), ==, matches[i].home);
        g_assert_cmpstr (json_object_get_string_member (m, "away"), ==, matches[i].away);
        g_assert_cmpint (json_object_get_int_member (m, "firstBoard"), ==, matches[i].first);
        g_assert_cmpint (json_object_get_int_member (m, "lastBoard"), ==, matches[i].last);
        g_assert_cmpfloat (json_object_get_double_member (m, "homePoints"), ==,
                           matches[i].home_points);
        g_assert_cmpfloat (json_object_get_double_member (m, "awayPoints"), ==,
                           matches[i].away_points);
        g_assert_cmpint (json_object_get_int_member (m, "finished"), ==, 4);
      }
  }
}

static void
test_usage (Fixture *f, gconstpointer data)
{
  const char *no_file[] = { "serve", NULL };
  const char *bad_delay[] = { "serve", "x.arbiter", "--delay", "61", NULL };
  const char *bad_address[] = { "serve", NULL, "--address", "hall.local", "--port", "0", NULL };
  g_autofree char *missing = arb_test_temp_file (&f->temp, "missing.arbiter");
  const char *absent[] = { "serve", missing, "--port", "0", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  out = arb_test_run_cli (no_file, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 2);
  g_clear_pointer (&out, g_free);
  out = arb_test_run_cli (bad_delay, "", &status, NULL);
  g_assert_cmpint (status, ==, 2);
  g_clear_pointer (&out, g_free);
  out = arb_test_run_cli (absent, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, missing));

  g_assert_true (make_tournament (f));
  bad_address[1] = f->path;
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = arb_test_run_cli (bad_address, "", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "hall.local"));
}

/* --help names every route the feed serves, and the display's views. */
static void
test_help (Fixture *f, gconstpointer data)
{
  const char *help[] = { "serve", "--help", NULL };
  const char *routes[] = { "/round.pgn ",    "/board/N.pgn",    "/round.json",
                           "/pairings.json", "/standings.json", "/events",
                           "?view=pairings", "?view=standings", "  /                  " };
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (help, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (routes); i++)
    if (strstr (out, routes[i]) == NULL)
      g_error ("--help does not name “%s”:\n%s", routes[i], out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/cli/serve/live", test_live);
  ADD ("/cli/serve/http", test_http);
  ADD ("/cli/serve/bad-requests", test_bad_requests);
  ADD ("/cli/serve/connection-limit", test_connection_limit);
  ADD ("/cli/serve/delay", test_delay);
  ADD ("/cli/serve/delay-untimed", test_delay_untimed);
  ADD ("/cli/serve/token", test_token);
  ADD ("/cli/serve/usage", test_usage);
  ADD ("/cli/serve/help", test_help);
  ADD ("/cli/serve/pairings", test_pairings);
  ADD ("/cli/serve/team-lists", test_team_lists);
  ADD ("/cli/serve/team-forfeit", test_team_forfeit);
  ADD ("/cli/serve/standings", test_standings);
#undef ADD
  return g_test_run ();
}
