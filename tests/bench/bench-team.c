/* bench-team.c: the floor posting while the chief's computer dies, again and again
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `bench-team [--minutes N | --seconds S] [--kills M] [--clients C]
 * [--seed X] [--cli ARBITER-CLI]`, 127.0.0.1 only, a temporary folder of
 * its own. The processes are the real ones: the chief is `arbiter-cli
 * serve-team FILE --replica-port 0`, two deputies run `arbiter-cli
 * follow-desk`, and C floor clients (one sign-in each, made with
 * `arbiter-cli arbiters --add`) post clock readings, calls and results,
 * each with an id of its own, as a phone would: one at a time, again
 * after a failure until the desk answers, and again after an answer that
 * says "on the desk only" until one says a deputy holds it too. M times,
 * at random moments, the chief is killed with SIGKILL; the deputies are
 * stopped, the one holding the most changes takes over (`arbiter-cli
 * take-over`) and serves on its copy, the other follows it, a new deputy
 * makes a replica from its snapshot, and the clients send what was not
 * answered to the new desk. When the time is up the clients finish what
 * they have, and the files are read:
 *
 * - after each take-over, every entry a deputy was answered to hold must
 *   be on the new desk ("acknowledged, lost");
 * - at the end, every entry whose answer a client received is in the
 *   final file exactly once ("lost", "applied twice": a client id twice,
 *   or a game whose result was stored twice);
 * - the replica lag, from the desk's log line of a change to the
 *   deputy's (both stamp it before their commit, on the same machine's
 *   clock), for changes the desk made while the deputy was following it.
 *
 * Exit status 0 when nothing was lost nor applied twice. A short run of it
 * is a test of the suite (tests/bench/meson.build).
 */

#include "config.h"

#include <libsoup/soup.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-tournament-replica.h"
#include "arb-tournament.h"

#define BOARDS_PER_CLIENT 5
#define RESEND_AFTER_FAILURE_MS 300
#define RESEND_DESK_ONLY_MS 1000
#define DRAIN_LIMIT_S 90

typedef enum
{
  KIND_CLOCK,
  KIND_CALL,
  KIND_RESULT,
} Kind;

static const char *const kind_paths[] = { "/api/clock", "/api/call", "/api/result" };

typedef struct
{
  char *id;
  char *json;
  Kind kind;
  gboolean answered;  /* a 200 reached the client */
  gboolean confirmed; /* an answer said a deputy holds it */
} Entry;

typedef struct Bench Bench;

typedef struct
{
  Bench *bench;
  int no;
  char *token;
  int first_board;
  SoupSession *session;
  GQueue pending; /* Entry *, not yet confirmed */
  gboolean in_flight;
  gint64 next_at; /* the next send (µs, monotonic) */
  gint64 new_at;  /* the next new entry */
  guint made;
  gint64 result_at[BOARDS_PER_CLIENT];
  gboolean result_made[BOARDS_PER_CLIENT];
} Client;

typedef struct
{
  GSubprocess *proc;
  GDataInputStream *out;
  char *path;
  char *token;
  gint64 following_since; /* µs, real time: its first change applied */
} Deputy;

/* What the lag is read from at the end: a desk's file and its epoch, and
 * the deputies that followed it with the moment each began to. */
typedef struct
{
  char *desk;
  char *deputy[2];
  gint64 since[2];
} Turn;

struct Bench
{
  /* options */
  int seconds;
  int kills;
  int n_clients;
  guint seed;
  const char *cli;

  GMainLoop *loop;
  GRand *rand;
  char *dir;
  guint next_file;
  GSubprocess *chief;
  char *chief_path;
  guint port;         /* the team service's */
  guint replica_port; /* where deputies follow */
  Deputy deputy[2];
  Client *clients;
  GPtrArray *entries; /* Entry *, every one made */
  GPtrArray *turns;   /* Turn * */
  gint64 started, end_at;
  GArray *kill_at; /* gint64, monotonic µs, in order */
  gboolean making; /* new entries are still made */
  int killed;

  guint n_answers, n_confirmed_answers, n_desk_only_answers, n_repeats, n_sends, n_failures;
  guint lost_at_takeover;  /* confirmed entries missing on the new desk */
  guint desk_only_missing; /* answered desk-only, missing on the new desk */
  gint64 takeover_us_max, takeover_us_sum;
};

static void
die (const char *what, const GError *error)
{
  fprintf (stderr, "bench-team: %s: %s\n", what, error != NULL ? error->message : "failed");
  exit (2);
}

/* Processes */

static GSubprocess *
spawn (Bench *b, GSubprocessFlags flags, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GSubprocess *proc;

  g_ptr_array_add (argv, (gpointer) b->cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *) argv->pdata, flags, &error);
  if (proc == NULL)
    die ("spawn", error);
  return proc;
}

/* Runs arbiter-cli to its end; its standard output. */
static char *
run_cli (Bench *b, const char *const *args)
{
  g_autoptr (GSubprocess) proc =
    spawn (b, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, args);
  g_autoptr (GError) error = NULL;
  char *out = NULL;

  if (!g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error))
    die (args[0], error);
  if (g_subprocess_get_exit_status (proc) != 0)
    {
      fprintf (stderr, "bench-team: arbiter-cli %s: %s", args[0], out);
      exit (2);
    }
  return out;
}

static void
stop (GSubprocess **proc, int sig)
{
  if (*proc == NULL)
    return;
  g_subprocess_send_signal (*proc, sig);
  g_subprocess_wait (*proc, NULL, NULL);
  g_clear_object (proc);
}

static void read_deputy_line (Deputy *d);

static void
deputy_line (GObject *source, GAsyncResult *result, gpointer data)
{
  Deputy *d = data;
  g_autofree char *text =
    g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, NULL);

  if (text == NULL)
    return; /* it ended */
  if (d->following_since == 0 && g_str_has_prefix (text, "applied change"))
    d->following_since = g_get_real_time ();
  read_deputy_line (d);
}

static void
read_deputy_line (Deputy *d)
{
  g_data_input_stream_read_line_async (d->out, G_PRIORITY_DEFAULT, NULL, deputy_line, d);
}

static void
deputy_start (Bench *b, Deputy *d)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u", b->replica_port);
  const char *args[] = { "follow-desk", url, "--token", d->token, "--into", d->path, NULL };

  d->following_since = 0;
  d->proc = spawn (b, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, args);
  d->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (d->proc));
  read_deputy_line (d);
}

static void
deputy_stop (Deputy *d)
{
  stop (&d->proc, SIGTERM);
  g_clear_object (&d->out);
}

/* serve-team on @path; the ports it prints. */
static void
chief_start (Bench *b, const char *path)
{
  const char *args[] = { "serve-team", path, "--port", "0", "--replica-port", "0", NULL };
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *team = NULL;
  g_autofree char *replica = NULL;
  const char *colon;

  b->chief = spawn (b, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, args);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (b->chief));
  team = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  replica = team != NULL ? g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error) : NULL;
  if (replica == NULL || (colon = strrchr (replica, ':')) == NULL)
    die ("serve-team did not start", error);
  b->replica_port = (guint) atoi (colon + 1);
  colon = strrchr (team, ':');
  if (colon == NULL)
    die ("serve-team printed no port", NULL);
  /* The clients send to the new desk from now on. */
  b->port = (guint) atoi (colon + 1);
  g_free (b->chief_path);
  b->chief_path = g_strdup (path);
}

/* The files */

static sqlite3 *
open_db (const char *path)
{
  sqlite3 *db = NULL;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
    {
      fprintf (stderr, "bench-team: %s: %s\n", path, sqlite3_errmsg (db));
      exit (2);
    }
  sqlite3_busy_timeout (db, 5000);
  return db;
}

/* client_id → how many times the file holds it. */
static GHashTable *
read_entries (const char *path)
{
  sqlite3 *db = open_db (path);
  sqlite3_stmt *st = NULL;
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  sqlite3_prepare_v2 (db, "SELECT client_id, COUNT (*) FROM floor_entry GROUP BY client_id", -1,
                      &st, NULL);
  while (sqlite3_step (st) == SQLITE_ROW)
    g_hash_table_insert (ids, g_strdup ((const char *) sqlite3_column_text (st, 0)),
                         GINT_TO_POINTER (sqlite3_column_int (st, 1)));
  sqlite3_finalize (st);
  sqlite3_close (db);
  return ids;
}

/* Games whose result was stored more than once. */
static guint
results_twice (const char *path)
{
  sqlite3 *db = open_db (path);
  sqlite3_stmt *st = NULL;
  guint n = 0;

  sqlite3_prepare_v2 (db,
                      "SELECT COUNT (*) FROM (SELECT game_id FROM audit WHERE action IN "
                      "('set-result', 'enter-result') GROUP BY game_id HAVING COUNT (*) > 1)",
                      -1, &st, NULL);
  if (sqlite3_step (st) == SQLITE_ROW)
    n = (guint) sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
}

static gint64
stamp_us (const char *text)
{
  g_autoptr (GDateTime) t = g_date_time_new_from_iso8601 (text, NULL);

  return t != NULL ? g_date_time_to_unix (t) * G_USEC_PER_SEC + g_date_time_get_microsecond (t) : 0;
}

/* seq → log time (µs) of the changes of @path's own epoch (or of @epoch). */
static GHashTable *
read_log (const char *path, gint64 *epoch)
{
  sqlite3 *db = open_db (path);
  sqlite3_stmt *st = NULL;
  GHashTable *log = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);

  if (*epoch == 0)
    {
      sqlite3_prepare_v2 (db, "SELECT epoch FROM replica_state WHERE id = 1", -1, &st, NULL);
      if (sqlite3_step (st) == SQLITE_ROW)
        *epoch = sqlite3_column_int64 (st, 0);
      sqlite3_finalize (st);
    }
  sqlite3_prepare_v2 (db, "SELECT seq, committed_at FROM replication_log WHERE epoch = ?", -1, &st,
                      NULL);
  sqlite3_bind_int64 (st, 1, *epoch);
  while (sqlite3_step (st) == SQLITE_ROW)
    {
      gint64 at = stamp_us ((const char *) sqlite3_column_text (st, 1));

      g_hash_table_insert (log, g_memdup2 (&(gint64){ sqlite3_column_int64 (st, 0) }, 8),
                           g_memdup2 (&at, sizeof at));
    }
  sqlite3_finalize (st);
  sqlite3_close (db);
  return log;
}

static void
turn_lags (const Turn *turn, GArray *lags)
{
  gint64 epoch = 0;
  g_autoptr (GHashTable) desk = read_log (turn->desk, &epoch);

  for (int i = 0; i < 2; i++)
    {
      g_autoptr (GHashTable) replica = NULL;
      GHashTableIter iter;
      gpointer key, value;

      if (turn->deputy[i] == NULL || turn->since[i] == 0)
        continue;
      replica = read_log (turn->deputy[i], &epoch);
      g_hash_table_iter_init (&iter, desk);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          gint64 *on_replica = g_hash_table_lookup (replica, key);
          gint64 on_desk = *(gint64 *) value;
          double lag;

          /* Changes the deputy had from a snapshot carry the desk's own
           * stamp; those before it followed are a catch-up, not a lag. */
          if (on_replica == NULL || *on_replica == on_desk || on_desk < turn->since[i])
            continue;
          lag = (double) (*on_replica - on_desk) / 1000.0;
          g_array_append_val (lags, lag);
        }
    }
}

static gint64
head_of (const char *path)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);

  return t != NULL ? arb_tournament_get_head_seq (t) : -1;
}

/* The clients */

static void client_send (Client *c);

static gint64
ms_from_now (int ms)
{
  return g_get_monotonic_time () + (gint64) ms * 1000;
}

static Entry *
entry_new (Client *c, gint64 now)
{
  Bench *b = c->bench;
  Entry *e = g_new0 (Entry, 1);
  int board = c->first_board + g_rand_int_range (b->rand, 0, BOARDS_PER_CLIENT);
  double roll = g_rand_double (b->rand);

  e->id = g_strdup_printf ("c%02d-%05u", c->no, c->made++);
  for (int i = 0; i < BOARDS_PER_CLIENT; i++)
    if (!c->result_made[i] && now >= c->result_at[i])
      {
        static const char *const scores[] = { "1", "0", "½" };

        c->result_made[i] = TRUE;
        e->kind = KIND_RESULT;
        e->json = g_strdup_printf ("{\"id\":\"%s\",\"round\":1,\"board\":%d,\"text\":\"%d %s\"}",
                                   e->id, c->first_board + i, c->first_board + i,
                                   scores[g_rand_int_range (b->rand, 0, 3)]);
        return e;
      }
  if (roll < 0.65)
    {
      gint64 white = g_rand_int_range (b->rand, 1, 5400) * 1000;

      e->kind = KIND_CLOCK;
      e->json =
        g_strdup_printf ("{\"id\":\"%s\",\"round\":1,\"board\":%d,\"white_ms\":%" G_GINT64_FORMAT
                         ",\"black_ms\":%" G_GINT64_FORMAT "}",
                         e->id, board, white, white + 1000);
    }
  else
    {
      e->kind = KIND_CALL;
      e->json = g_strdup_printf ("{\"id\":\"%s\",\"round\":1,\"board\":%d,\"text\":\"bench %s\"}",
                                 e->id, board, e->id);
    }
  return e;
}

static void
client_answered (GObject *source, GAsyncResult *result, gpointer data)
{
  SoupMessage *msg =
    SOUP_MESSAGE (soup_session_get_async_result_message (SOUP_SESSION (source), result));
  Client *c = data;
  Bench *b = c->bench;
  Entry *e = g_queue_peek_head (&c->pending);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body =
    soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  guint status = body != NULL ? soup_message_get_status (msg) : 0;
  g_autofree char *text =
    body != NULL ? g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body)) : NULL;

  c->in_flight = FALSE;
  if (status != 200)
    {
      /* The desk is down or refused for a while (429): again, later. */
      b->n_failures++;
      if (status != 0 && status != 429)
        {
          fprintf (stderr, "bench-team: %s refused (%u): %s\n", e->id, status, text);
          g_queue_pop_head (&c->pending);
        }
      c->next_at = ms_from_now (RESEND_AFTER_FAILURE_MS);
      return;
    }
  b->n_answers++;
  b->n_repeats += strstr (text, "\"repeat\":true") != NULL;
  e->answered = TRUE;
  if (strstr (text, "\"held\":\"desk-and-deputy\"") != NULL)
    {
      b->n_confirmed_answers++;
      e->confirmed = TRUE;
      g_queue_pop_head (&c->pending);
      c->next_at = 0;
      return;
    }
  /* On the desk only: the phone keeps it, and asks again. */
  b->n_desk_only_answers++;
  c->next_at = ms_from_now (RESEND_DESK_ONLY_MS);
}

static void
client_send (Client *c)
{
  Bench *b = c->bench;
  Entry *e = g_queue_peek_head (&c->pending);
  g_autofree char *uri = g_strdup_printf ("http://127.0.0.1:%u%s", b->port, kind_paths[e->kind]);
  g_autofree char *auth = g_strconcat ("Bearer ", c->token, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("POST", uri);
  g_autoptr (GBytes) json = g_bytes_new (e->json, strlen (e->json));

  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
  soup_message_set_request_body_from_bytes (msg, "application/json", json);
  c->in_flight = TRUE;
  b->n_sends++;
  soup_session_send_and_read_async (c->session, msg, G_PRIORITY_DEFAULT, NULL, client_answered, c);
}

static void
client_tick (Client *c, gint64 now)
{
  Bench *b = c->bench;

  /* A phone keeps making entries while it waits for the desk: they queue. */
  if (b->making && now >= c->new_at)
    {
      Entry *e = entry_new (c, now);

      g_ptr_array_add (b->entries, e);
      g_queue_push_tail (&c->pending, e);
      c->new_at = now + g_rand_int_range (b->rand, 1000, 3000) * 1000;
    }
  if (c->in_flight || now < c->next_at || g_queue_is_empty (&c->pending))
    return;
  client_send (c);
}

/* The take-over */

static char *
new_file (Bench *b, const char *what)
{
  return g_strdup_printf ("%s/%s-%u.arbiter", b->dir, what, b->next_file++);
}

static void
check_takeover (Bench *b, const char *desk)
{
  g_autoptr (GHashTable) ids = read_entries (desk);

  for (guint i = 0; i < b->entries->len; i++)
    {
      Entry *e = b->entries->pdata[i];

      if (!e->answered || g_hash_table_contains (ids, e->id))
        continue;
      if (e->confirmed)
        {
          fprintf (stderr, "bench-team: %s was answered as held by a deputy, and is lost\n", e->id);
          b->lost_at_takeover++;
        }
      else
        b->desk_only_missing++;
    }
}

static void
remember_turn (Bench *b)
{
  Turn *turn = g_new0 (Turn, 1);

  turn->desk = g_strdup (b->chief_path);
  for (int i = 0; i < 2; i++)
    {
      turn->deputy[i] = g_strdup (b->deputy[i].path);
      turn->since[i] = b->deputy[i].following_since;
    }
  g_ptr_array_add (b->turns, turn);
}

/* SIGKILL of the chief; the deputy that holds most takes over and serves,
 * the other follows it, a new one makes a replica. */
static void
take_over (Bench *b)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autofree char *taken = NULL;
  Deputy *best, *other;
  gint64 spent;

  stop (&b->chief, SIGKILL);
  remember_turn (b);
  /* What was on its way to the deputies arrives or not: a moment. */
  g_usleep (200 * 1000);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  deputy_stop (&b->deputy[0]);
  deputy_stop (&b->deputy[1]);
  best = head_of (b->deputy[0].path) >= head_of (b->deputy[1].path) ? &b->deputy[0] : &b->deputy[1];
  other = best == &b->deputy[0] ? &b->deputy[1] : &b->deputy[0];
  {
    const char *args[] = { "take-over", best->path, "--arbiter",
                           "Deputy",    "--reason", "bench: the chief's computer died",
                           NULL };

    g_free (run_cli (b, args));
  }
  check_takeover (b, best->path);
  chief_start (b, best->path);
  /* The new desk's deputy seat: a fresh replica from its snapshot. */
  taken = g_steal_pointer (&best->path);
  best->path = new_file (b, "deputy");
  deputy_start (b, other);
  deputy_start (b, best);
  spent = g_get_monotonic_time () - t0;
  b->takeover_us_sum += spent;
  b->takeover_us_max = MAX (b->takeover_us_max, spent);
  b->killed++;
}

static gboolean
tick (gpointer data)
{
  Bench *b = data;
  gint64 now = g_get_monotonic_time ();
  gboolean busy = FALSE;

  if (b->making && now >= b->end_at)
    b->making = FALSE;
  if (b->killed < b->kills && now >= g_array_index (b->kill_at, gint64, b->killed) &&
      (g_file_test (b->deputy[0].path, G_FILE_TEST_EXISTS) ||
       g_file_test (b->deputy[1].path, G_FILE_TEST_EXISTS)))
    {
      take_over (b);
      now = g_get_monotonic_time ();
      if (b->killed % 10 == 0 || b->kills <= 10)
        printf ("kill %d at %.0f s: %u entries, %u answered held by a deputy\n", b->killed,
                (double) (now - b->started) / G_USEC_PER_SEC, b->entries->len,
                b->n_confirmed_answers);
      fflush (stdout);
    }
  for (int i = 0; i < b->n_clients; i++)
    {
      client_tick (&b->clients[i], now);
      busy |= b->clients[i].in_flight || !g_queue_is_empty (&b->clients[i].pending);
    }
  if (!b->making &&
      ((!busy && b->killed == b->kills) || now > b->end_at + DRAIN_LIMIT_S * G_USEC_PER_SEC))
    {
      g_main_loop_quit (b->loop);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Setting up */

static void
make_desk (Bench *b, const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Bench Open", .edition = 2023 };
  g_autoptr (ArbTournament) t = arb_tournament_create (path, &event, &error);
  int boards = b->n_clients * BOARDS_PER_CLIENT;

  if (t == NULL)
    die (path, error);
  for (int board = 1; board <= boards; board++)
    {
      g_autofree char *white = g_strdup_printf ("White, %d", board);
      g_autofree char *black = g_strdup_printf ("Black, %d", board);
      ArbPlayerInfo w = { .start_no = 2 * board - 1, .name = white, .rating = 2000 };
      ArbPlayerInfo k = { .start_no = 2 * board, .name = black, .rating = 2000 };
      ArbGameInfo g = { .round = 1, .board = board, .result = ARB_RESULT_ONGOING, .rated = TRUE };

      g.white_id = arb_tournament_add_player (t, &w, &error);
      g.black_id = g.white_id > 0 ? arb_tournament_add_player (t, &k, &error) : 0;
      if (g.black_id <= 0 || arb_tournament_add_game (t, &g, &error) <= 0)
        die ("the round", error);
    }
}

static int
compare_gint64 (gconstpointer a, gconstpointer bb)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) bb;

  return x < y ? -1 : x > y;
}

/* `arbiters --add NAME --json`: the token. */
static char *
add_arbiter (Bench *b, const char *path, const char *name, const char *role, const char *sectors)
{
  const char *args[] = { "arbiters", path,        "--add", name,     "--role",
                         role,       "--sectors", sectors, "--json", NULL };
  g_autofree char *out = run_cli (b, args);
  const char *at = strstr (out, "\"token\":\"");

  if (at == NULL)
    die ("arbiters --add printed no token", NULL);
  at += strlen ("\"token\":\"");
  return g_strndup (at, strcspn (at, "\""));
}

static void
set_up (Bench *b)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *desk = NULL;
  gint64 span;

  b->dir = g_dir_make_tmp ("bench-team-XXXXXX", &error);
  if (b->dir == NULL)
    die ("a folder", error);
  desk = new_file (b, "desk");
  make_desk (b, desk);
  b->clients = g_new0 (Client, b->n_clients);
  span = (gint64) b->seconds * G_USEC_PER_SEC;
  for (int i = 0; i < b->n_clients; i++)
    {
      Client *c = &b->clients[i];
      g_autofree char *name = g_strdup_printf ("Floor %02d", i);
      g_autofree char *sectors = NULL;

      c->bench = b;
      c->no = i;
      c->first_board = 1 + i * BOARDS_PER_CLIENT;
      sectors = g_strdup_printf ("%d-%d", c->first_board, c->first_board + BOARDS_PER_CLIENT - 1);
      c->token = add_arbiter (b, desk, name, "floor", sectors);
      c->session = soup_session_new_with_options ("timeout", 15, "max-conns", 4, NULL);
      g_queue_init (&c->pending);
      /* Each board's result comes once, somewhere in the round. */
      for (int k = 0; k < BOARDS_PER_CLIENT; k++)
        c->result_at[k] = (gint64) (g_rand_double_range (b->rand, 0.1, 0.9) * (double) span);
    }
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("Deputy %d", i + 1);

      b->deputy[i].token = add_arbiter (b, desk, name, "deputy", "");
      b->deputy[i].path = new_file (b, "deputy");
    }
  b->entries = g_ptr_array_new ();
  b->turns = g_ptr_array_new ();
  chief_start (b, desk);
  deputy_start (b, &b->deputy[0]);
  deputy_start (b, &b->deputy[1]);
  b->started = g_get_monotonic_time ();
  b->end_at = b->started + span;
  for (int i = 0; i < b->n_clients; i++)
    {
      b->clients[i].new_at = b->started + g_rand_int_range (b->rand, 0, 2000) * 1000;
      for (int k = 0; k < BOARDS_PER_CLIENT; k++)
        b->clients[i].result_at[k] += b->started;
    }
  /* The kills at random moments of the round, from its first second to
   * its last. */
  b->kill_at = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (int i = 0; i < b->kills; i++)
    {
      gint64 at = b->started + G_USEC_PER_SEC +
                  (gint64) (g_rand_double (b->rand) * (double) MAX (span - 2 * G_USEC_PER_SEC, 1));

      g_array_append_val (b->kill_at, at);
    }
  g_array_sort (b->kill_at, compare_gint64);
  b->making = TRUE;
}

static int
compare_double (gconstpointer a, gconstpointer bb)
{
  double x = *(const double *) a, y = *(const double *) bb;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *sorted, int p)
{
  return sorted->len == 0
           ? 0.0
           : g_array_index (sorted, double,
                            MIN (sorted->len - 1, (guint) ((gint64) sorted->len * p / 100)));
}

/* The final file against what the clients heard; the summary. */
static int
report (Bench *b)
{
  g_autoptr (GHashTable) ids = read_entries (b->chief_path);
  g_autoptr (GArray) lags = g_array_new (FALSE, FALSE, sizeof (double));
  guint lost = 0, twice = results_twice (b->chief_path), answered = 0, confirmed = 0,
        unanswered = 0;
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < b->entries->len; i++)
    {
      Entry *e = b->entries->pdata[i];

      answered += e->answered;
      confirmed += e->confirmed;
      unanswered += !e->answered;
      if (e->answered && !g_hash_table_contains (ids, e->id))
        {
          fprintf (stderr, "bench-team: %s was answered and is not in the final file\n", e->id);
          lost++;
        }
    }
  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &key, &value))
    twice += GPOINTER_TO_INT (value) > 1;
  for (guint i = 0; i < b->turns->len; i++)
    turn_lags (b->turns->pdata[i], lags);
  g_array_sort (lags, compare_double);
  printf ("bench-team: %d floor clients, %d s of round, the chief killed with SIGKILL %d times "
          "(seed %u)\n",
          b->n_clients, b->seconds, b->killed, b->seed);
  printf ("entries made %u, answered %u, held by a deputy when answered %u, never answered %u\n",
          b->entries->len, answered, confirmed, unanswered);
  printf ("answers %u (a deputy %u, the desk only %u; repeats of an entry the desk had %u), "
          "sends %u, failed sends %u\n",
          b->n_answers, b->n_confirmed_answers, b->n_desk_only_answers, b->n_repeats, b->n_sends,
          b->n_failures);
  printf ("after a take-over: answered as held by a deputy and missing %u; answered as on the "
          "desk only and missing (sent again) %u\n",
          b->lost_at_takeover, b->desk_only_missing);
  printf ("final file: answered entries lost %u, applied twice %u\n", lost, twice);
  if (b->killed > 0)
    printf ("take-over (kill to the new desk serving, both deputies started): mean %.0f ms, max "
            "%.0f ms\n",
            (double) b->takeover_us_sum / b->killed / 1000.0, (double) b->takeover_us_max / 1000.0);
  printf ("replica lag over %u changes: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", lags->len,
          percentile (lags, 50), percentile (lags, 99),
          lags->len > 0 ? g_array_index (lags, double, lags->len - 1) : 0.0);
  printf ("files in %s\n", b->dir);
  return lost == 0 && twice == 0 && b->lost_at_takeover == 0 && unanswered == 0 ? 0 : 1;
}

int
main (int argc, char **argv)
{
  Bench b = { .seconds = 600, .kills = 100, .n_clients = 60 };
  g_autoptr (GOptionContext) context = g_option_context_new ("");
  g_autoptr (GError) error = NULL;
  int minutes = 0, seed = 0;
  GOptionEntry entries[] = {
    { "minutes", 0, 0, G_OPTION_ARG_INT, &minutes, "Minutes of round (default 10)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &b.seconds, "Seconds of round", "S" },
    { "kills", 0, 0, G_OPTION_ARG_INT, &b.kills, "Times the chief is killed (default 100)", "M" },
    { "clients", 0, 0, G_OPTION_ARG_INT, &b.n_clients, "Floor clients (default 60)", "C" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Seed of the random choices", "X" },
    { "cli", 0, 0, G_OPTION_ARG_FILENAME, &b.cli, "arbiter-cli (default: $ARBITER_CLI)", "PATH" },
    { NULL },
  };
  int status;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    die ("options", error);
  if (minutes > 0)
    b.seconds = minutes * 60;
  if (b.cli == NULL)
    b.cli = g_getenv ("ARBITER_CLI");
  if (b.cli == NULL || b.seconds < 1 || b.kills < 0 || b.n_clients < 1 || b.n_clients > 99)
    {
      fprintf (stderr, "usage: bench-team [--minutes N | --seconds S] [--kills M] [--clients C] "
                       "[--seed X] --cli ARBITER-CLI\n");
      return 2;
    }
  b.seed = seed != 0 ? (guint) seed : (guint) g_random_int ();
  b.rand = g_rand_new_with_seed (b.seed);
  b.loop = g_main_loop_new (NULL, FALSE);
  set_up (&b);
  g_timeout_add (20, tick, &b);
  g_main_loop_run (b.loop);
  remember_turn (&b);
  stop (&b.chief, SIGTERM);
  deputy_stop (&b.deputy[0]);
  deputy_stop (&b.deputy[1]);
  status = report (&b);
  if (status == 0 && g_getenv ("BENCH_TEAM_KEEP") == NULL)
    {
      g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", b.dir);

      if (system (rm) != 0)
        fprintf (stderr, "bench-team: %s is left\n", b.dir);
    }
  return status;
}
