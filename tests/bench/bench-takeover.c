/* bench-takeover.c: kill -9 of the desk, a deputy taking over, N times
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test: run by hand, `bench-takeover run N` (a temporary folder of
 * its own; 127.0.0.1). Each turn a writer process opens the desk's file,
 * serves /replica and records a player (the stand-in for a result slip,
 * each with a name of its own) and a clock event every few milliseconds;
 * two follower processes keep replicas. At a random moment the writer is
 * killed with SIGKILL; the follower that holds most takes over and is the
 * next turn's desk, the other follows it. Counted: writes the writer's
 * server saw acknowledged by a deputy and missing from the new desk
 * (lost), names stored twice, and the replica lag (commit on the desk to
 * commit on a replica, same machine clock) p50 and p99.
 */

#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-replica-client.h"
#include "arb-replica-server.h"

static const char *const tokens[] = { "bench=Deputy", NULL };

typedef struct
{
  ArbTournament *desk;
  ArbReplicaServer *server;
  char *prefix;
  guint n;
  gint64 game;
} Writer;

static void
on_acked (ArbReplicaServer *server, gint64 seq, gpointer data)
{
  printf ("A %" G_GINT64_FORMAT "\n", seq);
  fflush (stdout);
}

static gboolean
write_one (gpointer data)
{
  Writer *w = data;
  g_autofree char *name = g_strdup_printf ("%s-%u", w->prefix, w->n++);
  ArbPlayerInfo p = { .name = name, .rating = 2000 };

  if (arb_tournament_add_player (w->desk, &p, NULL) > 0)
    {
      printf ("C %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s\n",
              arb_tournament_get_head_seq (w->desk), g_get_real_time (), name);
      fflush (stdout);
    }
  if (w->n % 2 == 0)
    {
      ArbClockEventRecord ev = { .kind = ARB_CLOCK_EVENT_PRESS,
                                 .side = ARB_WHITE,
                                 .amount_ms = 1000,
                                 .white_ms = -1,
                                 .black_ms = -1 };

      if (arb_tournament_add_clock_event (w->desk, w->game, &ev, NULL) > 0)
        printf ("C %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " -\n",
                arb_tournament_get_head_seq (w->desk), g_get_real_time ());
      fflush (stdout);
    }
  return G_SOURCE_CONTINUE;
}

static int
run_writer (const char *path, const char *prefix)
{
  g_autoptr (GError) error = NULL;
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  Writer w = { .prefix = g_strdup (prefix) };
  guint port = 0;

  w.desk = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (w.desk == NULL)
    {
      fprintf (stderr, "writer: %s\n", error->message);
      return 1;
    }
  w.game = arb_tournament_find_game (w.desk, 1, 1, NULL);
  w.server = arb_replica_server_new (w.desk, arb_replica_authorize_list, (gpointer) tokens, NULL);
  if (!arb_replica_server_listen (w.server, 0, TRUE, &port, &error))
    {
      fprintf (stderr, "writer: %s\n", error->message);
      return 1;
    }
  g_signal_connect (w.server, "acked", G_CALLBACK (on_acked), NULL);
  printf ("P %u\n", port);
  fflush (stdout);
  g_timeout_add (5, write_one, &w);
  g_main_loop_run (loop);
  return 0;
}

static void
on_applied (ArbReplicaClient *client, gint64 seq, gpointer data)
{
  printf ("F %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", seq, g_get_real_time ());
  fflush (stdout);
}

static void
on_stopped (ArbReplicaClient *client, const char *error, gpointer loop)
{
  if (error != NULL)
    fprintf (stderr, "follower: %s\n", error);
  g_main_loop_quit (loop);
}

static int
run_follower (const char *url, const char *into)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (ArbReplicaClient) client = arb_replica_client_new (url, "bench", into);

  g_signal_connect (client, "applied", G_CALLBACK (on_applied), NULL);
  g_signal_connect (client, "stopped", G_CALLBACK (on_stopped), loop);
  arb_replica_client_start (client);
  g_main_loop_run (loop);
  return arb_replica_client_get_error (client) != NULL ? 1 : 0;
}

/* The parent */

typedef struct
{
  pid_t pid;
  int fd;
  GString *pending;
} Child;

static Child
spawn (const char *self, const char *a, const char *b, const char *c)
{
  int fds[2];
  Child child = { 0 };

  if (pipe (fds) != 0)
    abort ();
  child.pid = fork ();
  if (child.pid == 0)
    {
      dup2 (fds[1], 1);
      close (fds[0]);
      execl (self, self, a, b, c, (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  child.fd = fds[0];
  child.pending = g_string_new (NULL);
  return child;
}

typedef struct
{
  GHashTable *commit_time; /* seq → µs, this turn */
  GHashTable *seq_name;    /* seq → name, this turn */
  GHashTable *acked_names; /* every turn */
  gint64 acked;
  guint port;
  GArray *lags;
} Turn;

static void
line (Turn *t, const char *text, gboolean from_writer)
{
  gint64 seq = 0, at = 0;
  char name[128] = "";

  if (from_writer && sscanf (text, "P %u", &t->port) == 1)
    return;
  if (from_writer &&
      sscanf (text, "C %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %127s", &seq, &at, name) >= 2)
    {
      g_hash_table_insert (t->commit_time, GINT_TO_POINTER (seq), g_memdup2 (&at, sizeof at));
      if (strcmp (name, "-") != 0)
        g_hash_table_insert (t->seq_name, GINT_TO_POINTER (seq), g_strdup (name));
      return;
    }
  if (from_writer && sscanf (text, "A %" G_GINT64_FORMAT, &seq) == 1)
    {
      for (gint64 s = t->acked + 1; s <= seq; s++)
        {
          const char *n = g_hash_table_lookup (t->seq_name, GINT_TO_POINTER (s));

          if (n != NULL)
            g_hash_table_add (t->acked_names, g_strdup (n));
        }
      t->acked = MAX (t->acked, seq);
      return;
    }
  if (!from_writer && sscanf (text, "F %" G_GINT64_FORMAT " %" G_GINT64_FORMAT, &seq, &at) == 2)
    {
      gint64 *committed = g_hash_table_lookup (t->commit_time, GINT_TO_POINTER (seq));

      if (committed != NULL)
        {
          double lag = (double) (at - *committed) / 1000.0;

          g_array_append_val (t->lags, lag);
        }
    }
}

/* Reads what the children said for @ms milliseconds. */
static void
drain (Child *children, guint n, Turn *t, int ms)
{
  gint64 until = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      struct pollfd fds[3];
      char buf[65536];

      for (guint i = 0; i < n; i++)
        fds[i] = (struct pollfd){ .fd = children[i].fd, .events = POLLIN };
      if (poll (fds, n, 10) <= 0)
        continue;
      for (guint i = 0; i < n; i++)
        {
          ssize_t got;
          char *nl;

          if (!(fds[i].revents & (POLLIN | POLLHUP)))
            continue;
          got = read (children[i].fd, buf, sizeof buf);
          if (got <= 0)
            {
              children[i].fd = -1;
              continue;
            }
          g_string_append_len (children[i].pending, buf, got);
          while ((nl = strchr (children[i].pending->str, '\n')) != NULL)
            {
              *nl = '\0';
              line (t, children[i].pending->str, i == 0);
              g_string_erase (children[i].pending, 0, nl - children[i].pending->str + 1);
            }
        }
    }
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static gint64
head_of (const char *path)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);

  return t != NULL ? arb_tournament_get_head_seq (t) : -1;
}

static int run_parent (const char *self, int n);

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "writer") == 0)
    return run_writer (argv[2], argv[3]);
  if (argc == 4 && strcmp (argv[1], "follower") == 0)
    return run_follower (argv[2], argv[3]);
  if (argc == 3 && strcmp (argv[1], "run") == 0)
    return run_parent (argv[0], atoi (argv[2]));
  fprintf (stderr, "usage: bench-takeover run N\n");
  return 2;
}

static void
make_desk (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Bench Open", .edition = 2023 };
  g_autoptr (ArbTournament) t = arb_tournament_create (path, &event, &error);
  ArbPlayerInfo a = { .name = (char *) "Board, White" }, b = { .name = (char *) "Board, Black" };
  ArbGameInfo g = { .round = 1, .board = 1, .rated = TRUE };

  g_assert_no_error (error);
  g.white_id = arb_tournament_add_player (t, &a, NULL);
  g.black_id = arb_tournament_add_player (t, &b, NULL);
  arb_tournament_add_game (t, &g, NULL);
}

static void
check_desk (const char *path, GHashTable *acked, guint *lost, guint *twice)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key;

  *lost = *twice = 0;
  for (guint i = 0; i < players->len; i++)
    {
      ArbPlayerInfo *p = players->pdata[i];

      if (!g_hash_table_add (seen, p->name))
        (*twice)++;
    }
  g_hash_table_iter_init (&iter, acked);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (seen, key))
      (*lost)++;
}

static int
run_parent (const char *self, int n)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-takeover-XXXXXX", NULL);
  g_autofree char *desk = g_build_filename (dir, "desk-0.arbiter", NULL);
  g_autoptr (GHashTable) acked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) lags = g_array_new (FALSE, FALSE, sizeof (double));
  char *follow[2];
  guint lost = 0, twice = 0, total_lost = 0, total_twice = 0, next_file = 1;

  make_desk (desk);
  follow[0] = g_build_filename (dir, "f-a.arbiter", NULL);
  follow[1] = g_build_filename (dir, "f-b.arbiter", NULL);
  srand ((unsigned) getpid ());
  for (int turn = 0; turn < n; turn++)
    {
      g_autofree char *prefix = g_strdup_printf ("t%d", turn);
      g_autofree char *url = NULL;
      Turn t = { .commit_time = g_hash_table_new_full (NULL, NULL, NULL, g_free),
                 .seq_name = g_hash_table_new_full (NULL, NULL, NULL, g_free),
                 .acked_names = acked,
                 .lags = lags };
      Child kids[3];
      int best;

      kids[0] = spawn (self, "writer", desk, prefix);
      for (int i = 0; i < 200 && t.port == 0; i++)
        drain (kids, 1, &t, 10);
      url = g_strdup_printf ("http://127.0.0.1:%u", t.port);
      kids[1] = spawn (self, "follower", url, follow[0]);
      kids[2] = spawn (self, "follower", url, follow[1]);
      drain (kids, 3, &t, 300 + rand () % 1200);
      kill (kids[0].pid, SIGKILL);
      waitpid (kids[0].pid, NULL, 0);
      /* The followers see the link fall and stop. */
      for (int i = 0; i < 300 && (kids[1].fd >= 0 || kids[2].fd >= 0); i++)
        drain (kids + 1, 2, &t, 10);
      kill (kids[1].pid, SIGTERM);
      kill (kids[2].pid, SIGTERM);
      waitpid (kids[1].pid, NULL, 0);
      waitpid (kids[2].pid, NULL, 0);
      best = head_of (follow[0]) >= head_of (follow[1]) ? 0 : 1;
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (ArbTournament) taker =
          arb_tournament_open (follow[best], ARB_TOURNAMENT_OPEN_DEFAULT, &error);

        if (taker == NULL || !arb_tournament_take_over (taker, "Deputy", "bench kill -9", &error))
          {
            fprintf (stderr, "turn %d: take-over failed: %s\n", turn, error->message);
            return 1;
          }
      }
      check_desk (follow[best], acked, &lost, &twice);
      total_lost = lost;
      total_twice = twice;
      printf ("turn %d: acked up to %" G_GINT64_FORMAT ", new desk head %" G_GINT64_FORMAT
              ", lost %u, twice %u\n",
              turn, t.acked, head_of (follow[best]), lost, twice);
      g_free (desk);
      desk = follow[best];
      follow[best] = g_strdup_printf ("%s/f-%u.arbiter", dir, next_file++);
      g_hash_table_unref (t.commit_time);
      g_hash_table_unref (t.seq_name);
      for (int i = 0; i < 3; i++)
        {
          if (kids[i].fd >= 0)
            close (kids[i].fd);
          g_string_free (kids[i].pending, TRUE);
        }
    }
  g_array_sort (lags, compare_double);
  printf ("turns %d, acknowledged writes %u, lost %u, applied twice %u\n", n,
          g_hash_table_size (acked), total_lost, total_twice);
  if (lags->len > 0)
    printf ("replica lag over %u changes: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", lags->len,
            g_array_index (lags, double, lags->len / 2),
            g_array_index (lags, double, MIN (lags->len - 1, lags->len * 99 / 100)),
            g_array_index (lags, double, lags->len - 1));
  printf ("files in %s\n", dir);
  return total_lost == 0 && total_twice == 0 ? 0 : 1;
}
