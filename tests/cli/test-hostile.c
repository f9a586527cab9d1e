/* test-hostile.c: arbiter-cli against hostile files and input
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Regression tests for what a reliability audit found by feeding the
 * command-line tool crafted tournament files, input and PGN: each case
 * here failed before its fix.
 */

#include "config.h"

#include <gio/gio.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-test-utils.h"

typedef struct
{
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs arbiter-cli with ARGS (NULL-terminated) and the INPUT_LEN bytes of
 * INPUT (which may hold NUL bytes) on standard input. FALSE, after a skip,
 * without the program. */
static gboolean
run (Run *r, const char *input, gsize input_len, const char *const *args)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) in = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  gsize len;
  const char *data;

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return FALSE;
    }
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error);
  g_assert_no_error (error);
  in = g_bytes_new (input != NULL ? input : "", input != NULL ? input_len : 0);
  g_assert_true (g_subprocess_communicate (proc, in, NULL, &out, &err, &error));
  g_assert_no_error (error);
  r->status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1;
  data = g_bytes_get_data (out, &len);
  r->out = g_strndup (data != NULL ? data : "", len);
  data = g_bytes_get_data (err, &len);
  r->err = g_strndup (data != NULL ? data : "", len);
  return TRUE;
}

#define RUN(r, ...) run ((r), NULL, 0, (const char *const[]){ __VA_ARGS__, NULL })

static void
exec_sql (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
  sqlite3_close (db);
}

/* A new tournament with one pairing, round 1 board 1, and its path. */
static char *
new_tournament (const char *name)
{
  g_autofree char *path = arb_test_temp_path (name);
  g_autofree char *pgn = g_strconcat (path, ".pairing.pgn", NULL);
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };

  g_assert_true (g_file_set_contents (pgn,
                                      "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                                      "[Black \"B, Bea\"]\n[Result \"*\"]\n\n*\n",
                                      -1, NULL));
  if (!RUN (&a, "new", path, "--name", "Hostile Open"))
    return NULL;
  g_assert_cmpint (a.status, ==, 0);
  RUN (&b, "import", path, pgn);
  g_assert_cmpint (b.status, ==, 0);
  return g_steal_pointer (&path);
}

/* --- check reads every stored value ---------------------------------- */

static void
test_check_stored_payloads (void)
{
  g_autofree char *path = new_tournament ("payloads.arbiter");
  static const struct
  {
    const char *sql;
    const char *problem;
  } cases[] = {
    /* The 9 bytes that made the old reader read past the end. */
    { "INSERT INTO ruling (game_id, ply, kind, decision, edition, payload, wall_time) "
      "VALUES (1, 0, 'claim', 'x', 2023, '\"\\ud800\\u', '2026-01-01T00:00:00Z')",
      "ruling 1 cannot be read" },
    { "INSERT INTO ruling (game_id, ply, kind, decision, edition, payload, wall_time) "
      "VALUES (1, 0, 'claim', 'x', 2023, '{}', '2026-01-01T00:00:00Z')",
      "ruling 1 cannot be read" },
    { "UPDATE event SET settings = '{\"default_time_ms\": \"\\ud800\\u'", "event settings" },
    { "UPDATE event SET settings = '[1,2]'", "event settings" },
  };

  if (path == NULL)
    return;
  {
    g_auto (Run) r = { 0 };
    RUN (&r, "check", path);
    g_assert_cmpint (r.status, ==, 0);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *copy = g_strdup_printf ("%s.%zu", path, i);
      g_autofree char *contents = NULL;
      gsize length;
      g_auto (Run) r = { 0 };

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
      exec_sql (copy, cases[i].sql);
      RUN (&r, "check", copy);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, cases[i].problem));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/hostile/check-stored-payloads", test_check_stored_payloads);
  return g_test_run ();
}
