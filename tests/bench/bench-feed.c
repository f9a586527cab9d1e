/* bench-feed.c: the published round under load, with the window open
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run it with tests/bench/bench-feed.sh (Xvfb, a throw-away
 * home). The window opens the demo round of 64 boards with every clock
 * running and publishes it (Publish…) on 127.0.0.1. Then, for SECONDS:
 *
 *   - CLIENTS screens follow /events (server-sent events);
 *   - RATE requests a second fetch /round.pgn;
 *   - another connection to the file, as arbiter-cli or a second window
 *     would, commits MOVES moves a second on the boards in turn.
 *
 * Measured: the gaps between the window's frames (a tick callback keeps
 * it drawing, so a stalled main loop shows as a long gap); the time from
 * each committed move to its event at every screen (median, 99th
 * percentile, worst); the requests' answers and times; the CPU of the
 * network thread, of the window's thread and of the whole process; the
 * memory of the process over time (it must not grow).
 *
 *   bench-feed [--seconds 60] [--clients 500] [--rate 50] [--moves 4]
 */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arb-application.h"
#include "arb-san.h"
#include "arb-window.h"

static int opt_seconds = 60;
static int opt_clients = 500;
static int opt_rate = 50;
static int opt_moves = 4;
static gboolean opt_quiet;

typedef struct
{
  guint32 key;    /* board << 16 | ply */
  guint32 screen; /* which screen saw it */
  gint64 t;       /* monotonic µs */
} Stamp;

typedef struct
{
  GMainContext *context;
  GMainLoop *loop;
  guint16 port;
  gboolean stop;
  /* load thread only */
  GArray *arrivals; /* Stamp, one per event per screen */
  guint connected;
  guint disconnected;
  guint requests;
  guint answered;
  guint failed;
  GArray *request_us; /* gint64 */
} Load;

typedef struct
{
  GDataInputStream *lines;
  GSocketConnection *connection;
  Load *load;
  guint32 index;
} Screen;

typedef struct
{
  char *path;
  volatile gint stop;
  GArray *commits; /* Stamp */
  guint refused;
} Mover;

static GArray *frame_gaps; /* gint64 µs between frames */
static gint64 last_frame;
static GArray *rss_samples; /* gint64 kB */
static Load load;
static Mover mover;

/* The process's threads by name */

static gint64
thread_ticks (const char *name)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;
  gint64 total = 0;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *comm_path = g_strdup_printf ("/proc/self/task/%s/comm", tid);
      g_autofree char *stat_path = g_strdup_printf ("/proc/self/task/%s/stat", tid);
      g_autofree char *comm = NULL;
      g_autofree char *stat = NULL;
      char *p;
      long utime = 0, stime = 0;

      if (!g_file_get_contents (comm_path, &comm, NULL, NULL) ||
          !g_file_get_contents (stat_path, &stat, NULL, NULL))
        continue;
      g_strstrip (comm);
      if (name != NULL && strcmp (comm, name) != 0)
        continue;
      /* Fields after the command's closing parenthesis: utime is the 14th
       * field of the line, stime the 15th. */
      p = strrchr (stat, ')');
      if (p == NULL || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &utime,
                               &stime) != 2)
        continue;
      total += utime + stime;
    }
  return total;
}

static gint64
rss_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  p = strstr (status, field);
  return p != NULL ? g_ascii_strtoll (p + strlen (field), NULL, 10) : -1;
}

/* The screens, in the load thread */

static void read_next (Screen *screen);

static void
line_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Screen *screen = data;
  gsize length = 0;
  g_autofree char *line =
    g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, &length, NULL);
  const char *b, *p;

  if (line == NULL)
    {
      screen->load->disconnected++;
      return;
    }
  if (g_str_has_prefix (line, "data: ") && (b = strstr (line, "\"board\":")) != NULL &&
      (p = strstr (line, "\"ply\":")) != NULL)
    {
      Stamp stamp;

      stamp.key = (guint32) (atoi (b + 8) << 16 | (atoi (p + 6) & 0xffff));
      stamp.screen = screen->index;
      stamp.t = g_get_monotonic_time ();
      g_array_append_val (screen->load->arrivals, stamp);
    }
  if (!screen->load->stop)
    read_next (screen);
}

static void
read_next (Screen *screen)
{
  g_data_input_stream_read_line_async (screen->lines, G_PRIORITY_DEFAULT, NULL, line_cb, screen);
}

static void
screen_connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Screen *screen = data;
  g_autoptr (GError) error = NULL;
  static const char request[] = "GET /events HTTP/1.1\r\nHost: bench\r\n\r\n";

  screen->connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (screen->connection == NULL)
    {
      g_printerr ("a screen could not connect: %s\n", error->message);
      return;
    }
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (screen->connection)),
                             request, strlen (request), NULL, NULL, NULL);
  screen->lines =
    g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (screen->connection)));
  g_atomic_int_inc ((gint *) &screen->load->connected);
  read_next (screen);
}

typedef struct
{
  GSocketConnection *connection;
  gint64 start;
  char buf[65536];
  gsize total;
  gboolean ok;
} Fetch;

static void
fetch_read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Fetch *fetch = data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n > 0)
    {
      if (fetch->total == 0 && n >= 12 && memcmp (fetch->buf, "HTTP/1.1 200", 12) == 0)
        fetch->ok = TRUE;
      fetch->total += (gsize) n;
      g_input_stream_read_async (G_INPUT_STREAM (source), fetch->buf, sizeof fetch->buf,
                                 G_PRIORITY_DEFAULT, NULL, fetch_read_cb, fetch);
      return;
    }
  if (fetch->ok)
    {
      gint64 us = g_get_monotonic_time () - fetch->start;

      load.answered++;
      g_array_append_val (load.request_us, us);
    }
  else
    load.failed++;
  g_io_stream_close (G_IO_STREAM (fetch->connection), NULL, NULL);
  g_object_unref (fetch->connection);
  g_free (fetch);
}

static void
fetch_connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Fetch *fetch = data;
  static const char request[] =
    "GET /round.pgn HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n";

  fetch->connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, NULL);
  if (fetch->connection == NULL)
    {
      load.failed++;
      g_free (fetch);
      return;
    }
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (fetch->connection)),
                             request, strlen (request), NULL, NULL, NULL);
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (fetch->connection)),
                             fetch->buf, sizeof fetch->buf, G_PRIORITY_DEFAULT, NULL, fetch_read_cb,
                             fetch);
}

static gboolean
fetch_cb (gpointer data)
{
  GSocketClient *client = data;
  Fetch *fetch;
  g_autofree char *address = NULL;

  if (load.stop)
    return G_SOURCE_REMOVE;
  fetch = g_new0 (Fetch, 1);
  fetch->start = g_get_monotonic_time ();
  load.requests++;
  address = g_strdup_printf ("127.0.0.1:%u", load.port);
  g_socket_client_connect_to_host_async (client, address, 80, NULL, fetch_connected_cb, fetch);
  return G_SOURCE_CONTINUE;
}

static gpointer
load_main (gpointer data)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", load.port);
  GSource *ticker;

  g_main_context_push_thread_default (load.context);
  for (int i = 0; i < opt_clients; i++)
    {
      Screen *screen = g_new0 (Screen, 1);

      screen->load = &load;
      screen->index = (guint32) i;
      g_socket_client_connect_to_host_async (client, address, 80, NULL, screen_connected_cb,
                                             screen);
    }
  ticker = g_timeout_source_new (1000 / MAX (opt_rate, 1));
  g_source_set_callback (ticker, fetch_cb, client, NULL);
  g_source_attach (ticker, load.context);
  g_source_unref (ticker);
  g_main_loop_run (load.loop);
  g_main_context_pop_thread_default (load.context);
  return NULL;
}

/* The other writer, in a thread of its own */

static gpointer
mover_main (gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t =
    arb_tournament_open (mover.path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_autoptr (GPtrArray) games = NULL;
  guint next = 0;

  if (t == NULL)
    g_error ("the mover cannot open the file: %s", error->message);
  games = arb_tournament_list_games (t, 0, &error);
  while (!g_atomic_int_get (&mover.stop))
    {
      const ArbGameInfo *info = g_ptr_array_index (games, next++ % games->len);
      g_autoptr (ArbGameInfo) now = arb_tournament_get_game (t, info->id, NULL);
      g_autoptr (GArray) stored = NULL;
      ArbPosition pos;
      ArbMoveList moves;
      int n = 0;
      gint64 w = 3600000, b = 3600000;

      g_usleep (G_USEC_PER_SEC / MAX (opt_moves, 1));
      if (now == NULL || now->result != ARB_RESULT_ONGOING || now->black_id == 0 ||
          !arb_tournament_replay (t, info->id, &pos, &n, NULL))
        continue;
      arb_position_legal_moves (&pos, &moves);
      if (moves.n_moves == 0)
        continue;
      stored = arb_tournament_get_moves (t, info->id, NULL);
      if (stored != NULL && stored->len > 0)
        {
          const ArbStoredMove *last = &g_array_index (stored, ArbStoredMove, stored->len - 1);

          if (last->white_ms > 5000 && last->black_ms > 5000)
            {
              w = last->white_ms - (pos.side_to_move == ARB_WHITE ? 4000 : 0);
              b = last->black_ms - (pos.side_to_move == ARB_BLACK ? 4000 : 0);
            }
        }
      if (!arb_tournament_add_move (t, info->id, n + 1, NULL,
                                    moves.moves[g_random_int_range (0, (int) moves.n_moves)], w, b,
                                    NULL))
        {
          mover.refused++;
          continue;
        }
      {
        Stamp stamp = { .key = (guint32) (info->board << 16 | ((n + 1) & 0xffff)),
                        .t = g_get_monotonic_time () };

        g_array_append_val (mover.commits, stamp);
      }
    }
  return NULL;
}

/* Results */

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static gint64
percentile (GArray *sorted, double p)
{
  if (sorted->len == 0)
    return -1;
  return g_array_index (sorted, gint64, MIN ((guint) (p * sorted->len), sorted->len - 1));
}

static void
report (gint64 net_ticks, gint64 gui_ticks, gint64 all_ticks, gint64 load_ticks, double seconds)
{
  g_autoptr (GHashTable) committed = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GArray) seen_keys =
    g_array_sized_new (FALSE, FALSE, sizeof (gint64), load.arrivals->len);
  g_autoptr (GArray) latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
  long ticks = sysconf (_SC_CLK_TCK);
  guint long_gaps = 0;

  for (guint i = 0; i < mover.commits->len; i++)
    {
      Stamp *s = &g_array_index (mover.commits, Stamp, i);

      g_hash_table_insert (committed, GUINT_TO_POINTER (s->key), s);
    }
  for (guint i = 0; i < load.arrivals->len; i++)
    {
      Stamp *a = &g_array_index (load.arrivals, Stamp, i);
      Stamp *c = g_hash_table_lookup (committed, GUINT_TO_POINTER (a->key));
      gint64 pair = (gint64) a->screen << 32 | a->key;

      /* The first event of a move at each screen; a later one for the
       * same ply (its clock pressed again, a result) is not the move. */
      if (c != NULL && a->t >= c->t && !g_hash_table_contains (seen, &pair))
        {
          g_array_append_val (seen_keys, pair);
          g_hash_table_add (seen, &g_array_index (seen_keys, gint64, seen_keys->len - 1));
          {
            gint64 us = a->t - c->t;

            g_array_append_val (latencies, us);
          }
        }
    }
  g_array_sort (latencies, compare_gint64);
  g_array_sort (frame_gaps, compare_gint64);
  g_array_sort (load.request_us, compare_gint64);
  for (guint i = 0; i < frame_gaps->len; i++)
    long_gaps += g_array_index (frame_gaps, gint64, i) > 50000;

  printf ("round: 64 boards, clocks running, the window open; %.0f s\n", seconds);
  printf ("screens on /events: %u connected, %u dropped\n", load.connected, load.disconnected);
  printf ("moves committed by another connection: %u (%u refused)\n", mover.commits->len,
          mover.refused);
  printf ("events received: %u of %u expected (moves x screens)\n", latencies->len,
          mover.commits->len * load.connected);
  {
    g_autoptr (GHashTable) per_move = g_hash_table_new (NULL, NULL);
    guint none = 0, all = 0, some = 0;

    for (guint i = 0; i < seen_keys->len; i++)
      {
        guint32 key = (guint32) (g_array_index (seen_keys, gint64, i) & 0xffffffff);
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (per_move, GUINT_TO_POINTER (key)));

        g_hash_table_insert (per_move, GUINT_TO_POINTER (key), GUINT_TO_POINTER (n + 1));
      }
    for (guint i = 0; i < mover.commits->len; i++)
      {
        guint32 key = g_array_index (mover.commits, Stamp, i).key;
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (per_move, GUINT_TO_POINTER (key)));

        if (n == 0)
          none++;
        else if (n >= load.connected)
          all++;
        else
          some++;
      }
    printf ("moves seen by every screen: %u; by some: %u; by none: %u\n", all, some, none);
    {
      g_autofree guint *per_screen = g_new0 (guint, MAX (opt_clients, 1));
      guint silent = 0, partial = 0;

      for (guint i = 0; i < seen_keys->len; i++)
        per_screen[g_array_index (seen_keys, gint64, i) >> 32]++;
      for (int i = 0; i < opt_clients; i++)
        {
          if (per_screen[i] == 0)
            silent++;
          else if (per_screen[i] < mover.commits->len)
            partial++;
        }
      printf ("screens that saw no move: %u; some of them: %u\n", silent, partial);
    }
  }
  printf ("commit to event at a screen: median %.1f ms, p99 %.1f ms, worst %.1f ms\n",
          percentile (latencies, 0.5) / 1000.0, percentile (latencies, 0.99) / 1000.0,
          percentile (latencies, 1.0) / 1000.0);
  printf ("/round.pgn: %u requested, %u answered 200, %u failed; median %.1f ms, p99 %.1f ms\n",
          load.requests, load.answered, load.failed, percentile (load.request_us, 0.5) / 1000.0,
          percentile (load.request_us, 0.99) / 1000.0);
  printf ("window frames: %u; gap median %.1f ms, p99 %.1f ms, worst %.1f ms; %u gaps over 50 ms\n",
          frame_gaps->len + 1, percentile (frame_gaps, 0.5) / 1000.0,
          percentile (frame_gaps, 0.99) / 1000.0, percentile (frame_gaps, 1.0) / 1000.0, long_gaps);
  printf ("CPU (one core = 100 %%): network thread %.1f %%, window thread %.1f %%, load generator "
          "%.1f %%, whole process %.1f %%\n",
          100.0 * net_ticks / ticks / seconds, 100.0 * gui_ticks / ticks / seconds,
          100.0 * load_ticks / ticks / seconds, 100.0 * all_ticks / ticks / seconds);
  printf ("memory (RSS, kB, every 5 s):");
  for (guint i = 0; i < rss_samples->len; i++)
    printf (" %" G_GINT64_FORMAT, g_array_index (rss_samples, gint64, i));
  printf ("\npeak RSS: %" G_GINT64_FORMAT " kB\n", rss_kb ("VmHWM:"));
}

/* The run, from the window's thread */

typedef struct
{
  ArbApplication *app;
  ArbWindow *window;
  gint64 t0;
  gint64 net0, gui0, all0, load0;
  guint rss_id;
} Run;

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (last_frame != 0)
    {
      gint64 gap = now - last_frame;

      g_array_append_val (frame_gaps, gap);
    }
  last_frame = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
rss_cb (gpointer data)
{
  gint64 kb = rss_kb ("VmRSS:");

  g_array_append_val (rss_samples, kb);
  return G_SOURCE_CONTINUE;
}

static gboolean
quit_cb (gpointer data)
{
  g_application_quit (G_APPLICATION (data));
  return G_SOURCE_REMOVE;
}

static gboolean finish_cb (gpointer data);

/* The moves stop first; the last ones have two seconds to reach every
 * screen before the count. */
static gboolean
stop_moves_cb (gpointer data)
{
  g_atomic_int_set (&mover.stop, 1);
  g_timeout_add_seconds (2, finish_cb, data);
  return G_SOURCE_REMOVE;
}

static gboolean
finish_cb (gpointer data)
{
  Run *run = data;
  double seconds = (g_get_monotonic_time () - run->t0) / 1e6;

  /* The frames, CPU and memory of the whole run, moves and drain. */
  gint64 net = thread_ticks ("arb-net") - run->net0;
  gint64 gui = thread_ticks ("bench-feed") - run->gui0;
  gint64 ld = thread_ticks ("bench-load") - run->load0;
  gint64 all = thread_ticks (NULL) - run->all0;

  g_atomic_int_set (&mover.stop, 1);
  load.stop = TRUE;
  g_source_remove (run->rss_id);
  report (net, gui, all, ld, seconds);
  fflush (stdout);
  g_idle_add (quit_cb, run->app);
  return G_SOURCE_REMOVE;
}

static gboolean begin_cb (gpointer data);

static void
serving_cb (ArbPublisher *publisher, GParamSpec *pspec, Run *run)
{
  const char *url = arb_publisher_get_url (publisher);
  const char *colon;

  if (!arb_publisher_is_serving (publisher) || url == NULL)
    {
      if (arb_publisher_get_error (publisher) != NULL)
        g_error ("could not publish: %s", arb_publisher_get_error (publisher));
      return;
    }
  g_signal_handlers_disconnect_by_data (publisher, run);
  colon = strrchr (url, ':');
  load.port = (guint16) atoi (colon + 1);
  printf ("publishing at %s\n", url);

  load.context = g_main_context_new ();
  load.loop = g_main_loop_new (load.context, FALSE);
  /* Room for every event of the run, taken now: the memory measured is
   * the program's, not this array's growth. */
  load.arrivals = g_array_sized_new (FALSE, FALSE, sizeof (Stamp),
                                     (guint) (opt_clients * (opt_seconds + 5) * opt_moves * 5 / 4));
  load.request_us = g_array_sized_new (FALSE, FALSE, sizeof (gint64),
                                       (guint) ((opt_seconds + 5) * opt_rate * 5 / 4));
  g_thread_unref (g_thread_new ("bench-load", load_main, NULL));

  /* Screens connect first; then moves and time start. */
  g_timeout_add (100, begin_cb, run);
}

static gboolean
begin_cb (gpointer data)
{
  Run *run = data;

  /* Every screen connected before the first move. */
  if ((int) g_atomic_int_get ((gint *) &load.connected) < opt_clients)
    return G_SOURCE_CONTINUE;
  mover.path = g_strdup (arb_tournament_get_path (arb_window_get_tournament (run->window)));
  mover.commits = g_array_new (FALSE, FALSE, sizeof (Stamp));
  g_thread_unref (g_thread_new ("bench-mover", mover_main, NULL));

  run->t0 = g_get_monotonic_time ();
  run->net0 = thread_ticks ("arb-net");
  run->gui0 = thread_ticks ("bench-feed");
  run->load0 = thread_ticks ("bench-load");
  run->all0 = thread_ticks (NULL);
  rss_cb (NULL);
  run->rss_id = g_timeout_add_seconds (5, rss_cb, NULL);
  gtk_widget_add_tick_callback (GTK_WIDGET (run->window), tick_cb, NULL, NULL);
  g_timeout_add_seconds ((guint) opt_seconds, stop_moves_cb, run);
  return G_SOURCE_REMOVE;
}

static void
activate_after_cb (GApplication *app, Run *run)
{
  ArbPublisher *publisher;

  run->window = ARB_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  if (opt_quiet)
    {
      run->t0 = g_get_monotonic_time ();
      run->gui0 = thread_ticks ("bench-feed");
      run->all0 = thread_ticks (NULL);
      mover.commits = g_array_new (FALSE, FALSE, sizeof (Stamp));
      load.arrivals = g_array_new (FALSE, FALSE, sizeof (Stamp));
      load.request_us = g_array_new (FALSE, FALSE, sizeof (gint64));
      rss_cb (NULL);
      run->rss_id = g_timeout_add_seconds (5, rss_cb, NULL);
      gtk_widget_add_tick_callback (GTK_WIDGET (run->window), tick_cb, NULL, NULL);
      g_timeout_add_seconds ((guint) opt_seconds, stop_moves_cb, run);
      return;
    }
  publisher = arb_window_get_publisher (run->window);
  g_signal_connect (publisher, "notify::serving", G_CALLBACK (serving_cb), run);
  g_signal_connect (publisher, "notify::error", G_CALLBACK (serving_cb), run);
  arb_publisher_start_serving (publisher, "127.0.0.1", 0, NULL);
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbApplication) app = NULL;
  GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_INT, &opt_seconds, "Seconds of load", "S" },
    { "clients", 0, 0, G_OPTION_ARG_INT, &opt_clients, "Screens on /events", "N" },
    { "rate", 0, 0, G_OPTION_ARG_INT, &opt_rate, "Requests a second for /round.pgn", "N" },
    { "moves", 0, 0, G_OPTION_ARG_INT, &opt_moves, "Moves a second committed", "N" },
    { "quiet", 0, 0, G_OPTION_ARG_NONE, &opt_quiet,
      "The window alone, not publishing: the frames to compare with", NULL },
    { NULL },
  };
  Run run = { 0 };
  struct rlimit files;
  char *app_argv[] = { (char *) "arbiter", NULL };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  /* Both ends of every connection are in this process. */
  if (getrlimit (RLIMIT_NOFILE, &files) == 0)
    {
      files.rlim_cur = files.rlim_max;
      setrlimit (RLIMIT_NOFILE, &files);
    }
  g_set_prgname ("bench-feed");
  frame_gaps = g_array_new (FALSE, FALSE, sizeof (gint64));
  rss_samples = g_array_new (FALSE, FALSE, sizeof (gint64));

  app = arb_application_new ();
  run.app = app;
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_after_cb), &run);
  return g_application_run (G_APPLICATION (app), 1, app_argv);
}
