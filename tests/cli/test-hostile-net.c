/* test-hostile-net.c: arbiter-cli against hostile servers and files
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Regression tests for the second round of attacks on 127.0.0.1: servers
 * that never end an answer, answer one byte at a time or nest JSON too
 * deep, send the reader to another site or always answer a PGN cut
 * short; a live file larger than any round or cut in a comment; clients
 * that hold the feed server's connections with requests they never
 * finish, and a feed served with a blank token. Each case failed before
 * its fix. The stand-ins run in threads of their own, with
 * blocking sockets, so that the program under test can be waited for.
 */

#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arb-test-utils.h"

/* No wait here is longer: a program that has not done what is expected
 * by then has failed. */
#define BOUND_SECONDS 40

/* --- A stand-in server ------------------------------------------------- */

typedef enum
{
  ANSWER_FOREVER, /* 200, then bytes until the client stops reading */
  ANSWER_SLOWLY,  /* 200, then a byte every 200 ms */
  ANSWER_DEEP,    /* 200, 128 KiB of "[" */
  ANSWER_BODY,    /* 200, the stand-in's body */
  ANSWER_MOVED,   /* 302 to the stand-in's location */
} Answer;

/* What "forever" sends at most, so that a client without a cap cannot
 * take all of the machine's memory before the test fails. */
#define FOREVER_MAX_BYTES ((guint64) 256 * 1024 * 1024)

typedef struct
{
  Answer answer;
  char *body;     /* for ANSWER_BODY */
  char *location; /* for ANSWER_MOVED */
  GSocket *listener;
  GThread *thread;
  guint16 port;
  gint stop;             /* atomic */
  gint n_connections;    /* atomic */
  gint client_went_away; /* atomic: a client closed before the answer ended */
  GMutex mutex;
  GPtrArray *workers; /* GThread *, under mutex */
} Stand;

typedef struct
{
  Stand *stand;
  GSocket *socket;
} Connection;

static gboolean
send_all (Stand *stand, GSocket *socket, const char *data, gsize length)
{
  while (length > 0)
    {
      gssize n;

      if (g_atomic_int_get (&stand->stop))
        return FALSE;
      n = g_socket_send (socket, data, length, NULL, NULL);
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static gpointer
connection_thread (gpointer data)
{
  Connection *c = data;
  Stand *stand = c->stand;
  g_autoptr (GString) request = g_string_new (NULL);
  char buf[4096];
  static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n";
  gboolean whole = FALSE;

  g_socket_set_timeout (c->socket, BOUND_SECONDS);
  while (strstr (request->str, "\r\n\r\n") == NULL)
    {
      gssize n = g_socket_receive (c->socket, buf, sizeof buf, NULL, NULL);

      if (n <= 0)
        goto out;
      g_string_append_len (request, buf, n);
    }
  /* The body of a push is read before the answer: a socket closed with
   * unread data would reset the connection, and the client might not
   * see the answer. */
  {
    const char *length = strstr (request->str, "Content-Length: ");
    gsize want = length != NULL ? (gsize) g_ascii_strtoull (length + 16, NULL, 10) : 0;
    gsize have = request->len - (gsize) (strstr (request->str, "\r\n\r\n") + 4 - request->str);

    while (have < want)
      {
        gssize n = g_socket_receive (c->socket, buf, sizeof buf, NULL, NULL);

        if (n <= 0)
          goto out;
        have += (gsize) n;
      }
  }
  if (stand->answer == ANSWER_MOVED)
    {
      g_autofree char *moved = g_strdup_printf ("HTTP/1.1 302 Found\r\nLocation: %s\r\n"
                                                "Content-Length: 0\r\nConnection: close\r\n\r\n",
                                                stand->location);

      whole = send_all (stand, c->socket, moved, strlen (moved));
      goto out;
    }
  if (!send_all (stand, c->socket, head, strlen (head)))
    goto out;
  switch (stand->answer)
    {
    case ANSWER_FOREVER:
      {
        static char filler[65536];
        guint64 sent = 0;

        memset (filler, '[', sizeof filler);
        if (!send_all (stand, c->socket, "\r\n", 2))
          goto out;
        while (sent < FOREVER_MAX_BYTES && send_all (stand, c->socket, filler, sizeof filler))
          sent += sizeof filler;
        whole = sent >= FOREVER_MAX_BYTES;
        break;
      }
    case ANSWER_SLOWLY:
      if (!send_all (stand, c->socket, "\r\n", 2))
        goto out;
      for (guint i = 0; i < BOUND_SECONDS * 5; i++)
        {
          if (!send_all (stand, c->socket, "[", 1))
            goto out;
          g_usleep (200 * 1000);
        }
      whole = TRUE;
      break;
    case ANSWER_DEEP:
      {
        gsize size = 128 * 1024;
        g_autofree char *body = g_malloc (size);
        g_autofree char *length = g_strdup_printf ("Content-Length: %zu\r\n\r\n", size);

        memset (body, '[', size);
        whole = send_all (stand, c->socket, length, strlen (length)) &&
                send_all (stand, c->socket, body, size);
        break;
      }
    case ANSWER_BODY:
      {
        g_autofree char *length =
          g_strdup_printf ("Content-Length: %zu\r\n\r\n", strlen (stand->body));

        whole = send_all (stand, c->socket, length, strlen (length)) &&
                send_all (stand, c->socket, stand->body, strlen (stand->body));
        break;
      }
    case ANSWER_MOVED:
      break;
    }
out:
  if (!whole && !g_atomic_int_get (&stand->stop))
    g_atomic_int_set (&stand->client_went_away, 1);
  /* The client reads to the end, then closes. */
  g_socket_shutdown (c->socket, FALSE, TRUE, NULL);
  while (g_socket_receive (c->socket, buf, sizeof buf, NULL, NULL) > 0)
    ;
  g_socket_close (c->socket, NULL);
  g_object_unref (c->socket);
  g_free (c);
  return NULL;
}

static gpointer
accept_thread (gpointer data)
{
  Stand *stand = data;

  while (!g_atomic_int_get (&stand->stop))
    {
      g_autoptr (GError) error = NULL;
      GSocket *socket = g_socket_accept (stand->listener, NULL, &error);
      Connection *c;

      if (socket == NULL)
        continue; /* the timeout: look at the stop flag */
      g_socket_set_blocking (socket, TRUE);
      g_atomic_int_inc (&stand->n_connections);
      c = g_new0 (Connection, 1);
      c->stand = stand;
      c->socket = socket;
      g_mutex_lock (&stand->mutex);
      g_ptr_array_add (stand->workers, g_thread_new ("stand-in", connection_thread, c));
      g_mutex_unlock (&stand->mutex);
    }
  return NULL;
}

static Stand *
stand_new (Answer answer)
{
  Stand *stand = g_new0 (Stand, 1);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) want = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;
  g_autoptr (GError) error = NULL;

  stand->answer = answer;
  g_mutex_init (&stand->mutex);
  stand->workers = g_ptr_array_new ();
  stand->listener =
    g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (stand->listener, want, TRUE, &error));
  g_assert_true (g_socket_listen (stand->listener, &error));
  g_assert_no_error (error);
  /* accept() wakes up now and then to see whether the test is done. */
  g_socket_set_timeout (stand->listener, 1);
  bound = g_socket_get_local_address (stand->listener, &error);
  g_assert_no_error (error);
  stand->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  stand->thread = g_thread_new ("stand-in accept", accept_thread, stand);
  return stand;
}

static void
stand_free (Stand *stand)
{
  g_atomic_int_set (&stand->stop, 1);
  g_thread_join (stand->thread);
  g_mutex_lock (&stand->mutex);
  for (guint i = 0; i < stand->workers->len; i++)
    g_thread_join (stand->workers->pdata[i]);
  g_mutex_unlock (&stand->mutex);
  g_ptr_array_unref (stand->workers);
  g_socket_close (stand->listener, NULL);
  g_object_unref (stand->listener);
  g_mutex_clear (&stand->mutex);
  g_free (stand->body);
  g_free (stand->location);
  g_free (stand);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Stand, stand_free)

static char *
stand_url (Stand *stand, const char *path)
{
  return g_strdup_printf ("http://127.0.0.1:%u%s", stand->port, path);
}

/* --- Running the program, within a bound -------------------------------- */

typedef struct
{
  GSubprocess *proc;
  GString *output; /* standard output and error */
  GMainLoop *loop;
  const char *until; /* stop reading once the output holds this */
  gboolean seen;
  gboolean eof;
  char buf[4096];
} Watch;

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
watch_read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Watch *w = data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0)
    {
      w->eof = TRUE;
      g_main_loop_quit (w->loop);
      return;
    }
  g_string_append_len (w->output, w->buf, n);
  if (w->until != NULL && strstr (w->output->str, w->until) != NULL)
    {
      w->seen = TRUE;
      g_main_loop_quit (w->loop);
      return;
    }
  g_input_stream_read_async (g_subprocess_get_stdout_pipe (w->proc), w->buf, sizeof w->buf,
                             G_PRIORITY_DEFAULT, NULL, watch_read_cb, w);
}

static gboolean
watch_timeout_cb (gpointer data)
{
  g_main_loop_quit (((Watch *) data)->loop);
  return G_SOURCE_REMOVE;
}

/* Runs arbiter-cli with ARGS, with ARBITER_NET_DEADLINE_MS set to
 * DEADLINE_MS when it is not 0, until its output holds UNTIL (or, for a
 * NULL UNTIL, until it exits), for at most BOUND_SECONDS; then ends it.
 * Returns the output, NULL after a skip; *STILL_RUNNING says whether the
 * program was alive when it was ended, *STATUS its exit status otherwise
 * (-1 for a signal). */
static char *
watch (const char *const *args,
       guint deadline_ms,
       const char *until,
       gboolean *still_running,
       int *status)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GSource) timeout = NULL;
  g_autoptr (GError) error = NULL;
  Watch w = { 0 };

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return NULL;
    }
  g_main_context_push_thread_default (context);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  if (deadline_ms > 0)
    {
      g_autofree char *value = g_strdup_printf ("%u", deadline_ms);

      g_subprocess_launcher_setenv (launcher, "ARBITER_NET_DEADLINE_MS", value, TRUE);
    }
  w.proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  w.output = g_string_new (NULL);
  w.loop = g_main_loop_new (context, FALSE);
  w.until = until;
  timeout = g_timeout_source_new_seconds (BOUND_SECONDS);
  g_source_set_callback (timeout, watch_timeout_cb, &w, NULL);
  g_source_attach (timeout, context);
  g_input_stream_read_async (g_subprocess_get_stdout_pipe (w.proc), w.buf, sizeof w.buf,
                             G_PRIORITY_DEFAULT, NULL, watch_read_cb, &w);
  g_main_loop_run (w.loop);
  g_source_destroy (timeout);

  /* A program that closed its output is waited for, within the bound. */
  if (w.eof && until == NULL)
    g_subprocess_wait (w.proc, NULL, NULL);
  *still_running = g_subprocess_get_identifier (w.proc) != NULL;
  if (*still_running)
    g_subprocess_force_exit (w.proc);
  /* The read still pending ends with the pipe, in this context. */
  g_subprocess_wait (w.proc, NULL, NULL);
  while (!w.eof && !w.seen)
    g_main_context_iteration (context, TRUE);
  *status = g_subprocess_get_if_exited (w.proc) ? g_subprocess_get_exit_status (w.proc) : -1;
  g_test_message ("%s", w.output->str);
  g_main_loop_unref (w.loop);
  g_object_unref (w.proc);
  g_main_context_pop_thread_default (context);
  return g_string_free (w.output, FALSE);
}

/* A tournament with one pairing, round 1 board 1, and its path. */
static char *
new_tournament (const char *name)
{
  g_autofree char *path = arb_test_temp_path (name);
  g_autofree char *pgn = g_strconcat (path, ".pairing.pgn", NULL);
  const char *new_args[] = { "new", path, "--name", "Hostile Net", NULL };
  const char *import_args[] = { "import", path, pgn, NULL };

  if (arb_test_skip_without_cli ())
    return NULL;
  g_assert_true (g_file_set_contents (pgn,
                                      "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                                      "[Black \"B, Bea\"]\n[Result \"*\"]\n\n*\n",
                                      -1, NULL));
  g_free (arb_test_cli_ok (new_args, NULL));
  g_free (arb_test_cli_ok (import_args, NULL));
  return g_steal_pointer (&path);
}

/* Whether the stand-in saw its client go away before the answer ended.
 * The stand-in learns it on its next write after the client closed, a
 * moment after the client has exited: waited for, up to BOUND_SECONDS. */
static gboolean
client_went_away (Stand *stand)
{
  for (guint i = 0; i < BOUND_SECONDS * 100 && !g_atomic_int_get (&stand->client_went_away); i++)
    g_usleep (10000);
  return g_atomic_int_get (&stand->client_went_away) == 1;
}

/* --- 2. A PGN address that never ends its answer ------------------------- */

static void
test_follow_endless_answer (void)
{
  g_autofree char *path = new_tournament ("endless.arbiter");
  g_autoptr (Stand) stand = stand_new (ANSWER_FOREVER);
  g_autofree char *url = stand_url (stand, "/round.pgn");
  const char *args[] = { "follow", path, "--source", url, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  out = watch (args, 0, NULL, &running, &status);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "too large: more than 67.1"));
  /* It stopped reading: the stand-in did not get to the end of what it
   * would send. */
  g_assert_true (client_went_away (stand));
}

/* --- 8. A PGN address that answers a byte at a time ---------------------- */

static void
test_follow_slow_answer (void)
{
  g_autofree char *path = new_tournament ("slow.arbiter");
  g_autoptr (Stand) stand = stand_new (ANSWER_SLOWLY);
  g_autofree char *url = stand_url (stand, "/round.pgn");
  const char *args[] = { "follow", path, "--source", url, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  out = watch (args, 2000, NULL, &running, &status);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "too slow: not complete within 2 seconds"));
}

/* --- 7. A live PGN file larger than any round --------------------------- */

static void
test_follow_huge_file (void)
{
  g_autofree char *path = new_tournament ("huge-file.arbiter");
  g_autofree char *pgn = arb_test_temp_path ("huge.pgn");
  const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;
  int fd;

  if (path == NULL)
    return;
  /* 100 MiB that take no room on the disk. */
  fd = g_open (pgn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 100 * 1024 * 1024), ==, 0);
  close (fd);
  out = watch (args, 0, NULL, &running, &status);
  g_unlink (pgn);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "too large: more than 67.1"));
}

/* --- 9. Redirections, and a blank token ---------------------------------- */

#define ONE_GAME "[Round \"1.1\"]\n[White \"A, Al\"]\n[Black \"B, Bea\"]\n\n1. e4 *\n"

/* A PGN address that sends the reader to another site (another port is
 * another origin) is not followed there. */
static void
test_follow_redirect_away (void)
{
  g_autofree char *path = new_tournament ("redirect-away.arbiter");
  g_autoptr (Stand) elsewhere = stand_new (ANSWER_BODY);
  g_autoptr (Stand) stand = stand_new (ANSWER_MOVED);
  g_autofree char *url = stand_url (stand, "/round.pgn");
  const char *args[] = { "follow", path, "--source", url, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  elsewhere->body = g_strdup (ONE_GAME);
  stand->location = stand_url (elsewhere, "/round.pgn");
  out = watch (args, 0, NULL, &running, &status);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "redirected to another site, http://127.0.0.1:"));
  g_assert_null (strstr (out, "1. e4 stored"));
  g_assert_cmpint (g_atomic_int_get (&elsewhere->n_connections), ==, 0);
}

/* Within the address's own site, a redirection is followed. */
static void
test_follow_redirect_here (void)
{
  g_autofree char *path = new_tournament ("redirect-here.arbiter");
  g_autoptr (Stand) stand = stand_new (ANSWER_MOVED);
  g_autofree char *url = stand_url (stand, "/old.pgn");
  const char *args[] = { "follow", path, "--source", url, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  /* Every request is sent on: after five, the reader gives up. */
  stand->location = g_strdup ("/newer.pgn");
  out = watch (args, 0, NULL, &running, &status);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "more than 5 redirections"));
  g_assert_cmpint (g_atomic_int_get (&stand->n_connections), ==, 6);
}

static void
test_serve_blank_token (void)
{
  g_autofree char *path = new_tournament ("blank-token.arbiter");
  const char *blanks[] = { "", "  " };

  if (path == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (blanks); i++)
    {
      const char *args[] = { "serve", path, "--port", "0", "--token", blanks[i], NULL };
      g_autofree char *out = NULL;
      gboolean running = FALSE;
      int status = -1;

      out = watch (args, 0, NULL, &running, &status);
      g_assert_false (running);
      g_assert_cmpint (status, ==, 2);
      g_assert_nonnull (strstr (out, "--token is blank"));
      g_assert_null (strstr (out, "http://"));
    }
}

/* --- 10. Reads cut short -------------------------------------------------- */

/* An address that always answers a PGN cut in the middle of its second
 * game: its first game is not taken from it either. */
static void
test_follow_torn_answer (void)
{
  g_autofree char *path = new_tournament ("torn-answer.arbiter");
  g_autoptr (Stand) stand = stand_new (ANSWER_BODY);
  g_autofree char *url = stand_url (stand, "/round.pgn");
  const char *args[] = { "follow", path, "--source", url, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  stand->body = g_strdup (ONE_GAME "\n[Round \"1.2\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. d4");
  out = watch (args, 0, NULL, &running, &status);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "incomplete: it does not end with a game's result"));
  g_assert_null (strstr (out, "stored"));
  /* It was asked again, a few times, before it counted as a failure. */
  g_assert_cmpint (g_atomic_int_get (&stand->n_connections), >, 1);
}

/* A live file cut inside a comment that holds a result's text: what the
 * marker ends is the comment, not the game. */
static void
test_follow_file_cut_in_comment (void)
{
  g_autofree char *path = new_tournament ("cut-comment.arbiter");
  g_autofree char *pgn = arb_test_temp_path ("cut-comment.pgn");
  const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  g_assert_true (g_file_set_contents (pgn,
                                      "[Round \"1.1\"]\n[White \"A, Al\"]\n[Black \"B, Bea\"]\n\n"
                                      "1. e4 e5 {a draw offered, not 1/2-1/2",
                                      -1, NULL));
  out = watch (args, 0, NULL, &running, &status);
  g_unlink (pgn);
  g_assert_false (running);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "incomplete: it does not end with a game's result"));
  g_assert_null (strstr (out, "stored"));
}

/* --- 3 and 8. lichess answers -------------------------------------------- */

/* Starts push against STAND, with DEADLINE_MS for its requests, until its
 * output holds SAYS; the program must still be running then. */
static void
push_until (Stand *stand, guint deadline_ms, const char *says)
{
  g_autofree char *path = new_tournament ("push.arbiter");
  g_autofree char *token = arb_test_temp_path ("push.token");
  g_autofree char *url = stand_url (stand, "");
  const char *args[] = { "push",         path,  "--round-id", "R0und1d5",
                         "--token-file", token, "--base-url", url,
                         "--interval",   "1",   NULL };
  g_autofree char *out = NULL;
  gboolean running = FALSE;
  int status = -1;

  if (path == NULL)
    return;
  g_assert_true (g_file_set_contents (token, "lip_hostile\n", -1, NULL));
  out = watch (args, deadline_ms, says, &running, &status);
  g_assert_nonnull (strstr (out, says));
  g_assert_true (running);
  g_assert_cmpint (g_atomic_int_get (&stand->n_connections), >=, 1);
}

static void
test_push_deep_answer (void)
{
  g_autoptr (Stand) stand = stand_new (ANSWER_DEEP);

  push_until (stand, 0, "nested more than 64 deep");
}

static void
test_push_endless_answer (void)
{
  g_autoptr (Stand) stand = stand_new (ANSWER_FOREVER);

  push_until (stand, 0, "too large: more than 4.2");
  g_assert_true (client_went_away (stand));
}

static void
test_push_slow_answer (void)
{
  g_autoptr (Stand) stand = stand_new (ANSWER_SLOWLY);

  push_until (stand, 2000, "too slow: not complete within 2 seconds");
}

/* --- 1. Half-sent requests against the feed server ---------------------- */

static GSocketConnection *
connect_to (guint16 port)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  GSocketConnection *connection;

  g_socket_client_set_timeout (client, BOUND_SECONDS);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  return connection;
}

static void
send_text (GSocketConnection *connection, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), text,
                               strlen (text), NULL, NULL, &error));
  g_assert_no_error (error);
}

/* Reads until the head of an answer has come, or the server closed. */
static char *
read_head (GSocketConnection *connection)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  GString *head = g_string_new (NULL);
  char c;

  while (strstr (head->str, "\r\n\r\n") == NULL && g_input_stream_read (in, &c, 1, NULL, NULL) == 1)
    g_string_append_c (head, c);
  return g_string_free (head, FALSE);
}

static void
test_serve_half_sent_requests (void)
{
  g_autofree char *path = new_tournament ("half-sent.arbiter");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GPtrArray) half = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GSocketConnection) events = NULL;
  g_autoptr (GSocketConnection) real = NULL;
  g_autoptr (GSocketConnection) lone = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *head = NULL;
  g_autofree char *rest = NULL;
  guint64 port = 0;
  const char *cli = g_getenv ("ARBITER_CLI");

  if (path == NULL)
    return;
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, "ARBITER_FEED_DEADLINE_MS", "1000", TRUE);
  server = g_subprocess_launcher_spawn (launcher, &error, cli, "serve", path, "--port", "0",
                                        "--max-connections", "8", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  url = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (url);
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  port = g_ascii_strtoull (strrchr (url, ':') + 1, NULL, 10);
  g_assert_cmpuint (port, >, 0);

  /* A screen on the event stream, then five times the limit of
   * connections that send half a request and wait. */
  events = connect_to ((guint16) port);
  send_text (events, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n");
  head = read_head (events);
  g_assert_true (g_str_has_prefix (head, "HTTP/1.1 200 "));
  for (guint i = 0; i < 40; i++)
    {
      GSocketConnection *c = connect_to ((guint16) port);

      send_text (c, "GET /round.pgn HTTP/1.1\r\nHost: x\r\n");
      g_ptr_array_add (half, c);
    }

  /* A real client still gets its answer. */
  real = connect_to ((guint16) port);
  send_text (real, "GET /round.pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  g_clear_pointer (&head, g_free);
  head = read_head (real);
  g_test_message ("%s", head);
  g_assert_true (g_str_has_prefix (head, "HTTP/1.1 200 "));

  /* One alone that never finishes its request is closed after the
   * deadline (a second here): the read ends, with nothing. */
  lone = connect_to ((guint16) port);
  send_text (lone, "GET /round.pgn HTTP/1.1\r\n");
  rest = read_head (lone);
  g_assert_cmpstr (rest, ==, "");

  /* The event stream was not pushed out. */
  g_assert_true (g_socket_is_connected (g_socket_connection_get_socket (events)));
  g_socket_set_blocking (g_socket_connection_get_socket (events), FALSE);
  {
    char buf[4096];
    gssize n;
    g_autoptr (GError) read_error = NULL;

    while ((n = g_socket_receive (g_socket_connection_get_socket (events), buf, sizeof buf, NULL,
                                  &read_error)) > 0)
      ;
    /* Nothing more to read yet, but not the end. */
    g_assert_cmpint (n, <, 0);
    g_assert_error (read_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK);
  }
  g_subprocess_force_exit (server);
  g_subprocess_wait (server, NULL, NULL);
}

/* Starts `serve` on PATH on a free port with the given child setup and
 * deadline; returns the port. */
static guint16
spawn_serve (const char *path,
             GSpawnChildSetupFunc setup,
             const char *deadline_ms,
             GSubprocess **server)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;

  g_subprocess_launcher_set_child_setup (launcher, setup, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, "ARBITER_FEED_DEADLINE_MS", deadline_ms, TRUE);
  *server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARBITER_CLI"), "serve", path,
                                         "--port", "0", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (*server));
  url = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (url);
  return (guint16) g_ascii_strtoull (strrchr (url, ':') + 1, NULL, 10);
}

/* libsoup closes every connection the feed hands it after one answer: the
 * answer must say so, or a screen that reuses the connection finds it
 * reset (every second poll failed). */
static void
test_serve_answers_say_close (void)
{
  g_autofree char *path = new_tournament ("close.arbiter");
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GSocketConnection) screen = NULL;
  g_autofree char *head = NULL;
  g_autofree char *lower = NULL;
  guint16 port;

  if (path == NULL)
    return;
  port = spawn_serve (path, die_with_parent, "10000", &server);
  screen = connect_to (port);
  send_text (screen, "GET /round.json HTTP/1.1\r\nHost: x\r\n\r\n");
  head = read_head (screen);
  g_test_message ("%s", head);
  g_assert_true (g_str_has_prefix (head, "HTTP/1.1 200 "));
  lower = g_ascii_strdown (head, -1);
  g_assert_nonnull (strstr (lower, "\r\nconnection: close\r\n"));
  g_subprocess_force_exit (server);
  g_subprocess_wait (server, NULL, NULL);
}

#define FEW_FILES 128

static void
few_files_setup (gpointer data)
{
  struct rlimit limit = { FEW_FILES, FEW_FILES };

  setrlimit (RLIMIT_NOFILE, &limit);
  die_with_parent (data);
}

static GSocketConnection *
connect_from (const char *from, guint16 port)
{
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GInetAddress) here = g_inet_address_new_from_string (from);
  g_autoptr (GInetAddress) there = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) local = g_inet_socket_address_new (here, 0);
  g_autoptr (GSocketAddress) remote = g_inet_socket_address_new (there, port);
  g_autoptr (GError) error = NULL;

  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (socket, local, FALSE, &error));
  g_assert_true (g_socket_connect (socket, remote, NULL, &error));
  g_assert_no_error (error);
  return g_socket_connection_factory_create_connection (socket);
}

/* With 128 open files allowed and no way to raise the limit, pools of
 * 1,024 connections do not fit: half-sent requests from ten addresses
 * used up the files, accept () failed and no screen was answered until
 * their deadline (ten minutes here). The pools fit the limit now. */
static void
test_serve_few_open_files (void)
{
  g_autofree char *path = new_tournament ("few-files.arbiter");
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GPtrArray) half = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GSocketConnection) real = NULL;
  g_autofree char *head = NULL;
  guint16 port;

  if (path == NULL)
    return;
  port = spawn_serve (path, few_files_setup, "600000", &server);
  for (guint i = 0; i < 2 * FEW_FILES; i++)
    {
      g_autofree char *from = g_strdup_printf ("127.0.0.%u", 2 + i % 10);
      GSocketConnection *c = connect_from (from, port);

      send_text (c, "GET /round.pgn HTTP/1.1\r\nHost: x\r\n");
      g_ptr_array_add (half, c);
    }
  real = connect_to (port);
  /* Not a measure of speed: without the fix the answer never comes. */
  g_socket_set_timeout (g_socket_connection_get_socket (real), BOUND_SECONDS);
  send_text (real, "GET /round.pgn HTTP/1.1\r\nHost: x\r\n\r\n");
  head = read_head (real);
  g_test_message ("%s", head);
  g_assert_true (g_str_has_prefix (head, "HTTP/1.1 200 "));
  g_subprocess_force_exit (server);
  g_subprocess_wait (server, NULL, NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/hostile-net/follow-endless-answer", test_follow_endless_answer);
  g_test_add_func ("/cli/hostile-net/follow-slow-answer", test_follow_slow_answer);
  g_test_add_func ("/cli/hostile-net/follow-huge-file", test_follow_huge_file);
  g_test_add_func ("/cli/hostile-net/follow-redirect-away", test_follow_redirect_away);
  g_test_add_func ("/cli/hostile-net/follow-redirect-here", test_follow_redirect_here);
  g_test_add_func ("/cli/hostile-net/serve-blank-token", test_serve_blank_token);
  g_test_add_func ("/cli/hostile-net/follow-torn-answer", test_follow_torn_answer);
  g_test_add_func ("/cli/hostile-net/follow-file-cut-in-comment", test_follow_file_cut_in_comment);
  g_test_add_func ("/cli/hostile-net/push-deep-answer", test_push_deep_answer);
  g_test_add_func ("/cli/hostile-net/push-endless-answer", test_push_endless_answer);
  g_test_add_func ("/cli/hostile-net/push-slow-answer", test_push_slow_answer);
  g_test_add_func ("/cli/hostile-net/serve-half-sent-requests", test_serve_half_sent_requests);
  g_test_add_func ("/cli/hostile-net/serve-answers-say-close", test_serve_answers_say_close);
  g_test_add_func ("/cli/hostile-net/serve-few-open-files", test_serve_few_open_files);
  return g_test_run ();
}
