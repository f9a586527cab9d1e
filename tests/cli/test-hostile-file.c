/* test-hostile-file.c: arbiter-cli check, export and serve on crafted files
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each file is a sound tournament made by `arbiter-cli new` and `import`,
 * then changed with SQLite behind the program's back, its CHECK
 * constraints ignored. Before the fixes, `export` died of a number of
 * plies of 2^31 - 1 (SIGSEGV) and of a round -1 (TRF, a write before its
 * array), wrote codes of illegal moves as PGN, and `check` called these
 * files sound.
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "arb-test-utils.h"

#define RUN(r, ...) arb_test_cli_input ((r), NULL, 0, (const char *const[]){ __VA_ARGS__, NULL })

/* Round 1: 1.e4 e5 2.Nf3 on board 1 and 1.d4 on board 2; NULL after a
 * skip. */
static char *
new_file (const char *name)
{
  g_autofree char *path = arb_test_temp_path (name);
  g_autofree char *pgn = g_strconcat (path, ".pgn", NULL);
  g_auto (ArbTestCliRun) a = { 0 };
  g_auto (ArbTestCliRun) b = { 0 };
  g_auto (ArbTestCliRun) c = { 0 };

  g_assert_true (g_file_set_contents (pgn,
                                      "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                                      "[Black \"B, Bea\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
                                      "[Event \"?\"]\n[Round \"1.2\"]\n[White \"C, Cy\"]\n"
                                      "[Black \"D, Di\"]\n[Result \"*\"]\n\n1. d4 *\n",
                                      -1, NULL));
  if (!RUN (&a, "new", path, "--name", "Hostile Open"))
    return NULL;
  g_assert_cmpint (a.status, ==, 0);
  RUN (&b, "import", path, pgn);
  g_assert_cmpint (b.status, ==, 0);
  RUN (&c, "check", path);
  g_assert_cmpint (c.status, ==, 0);
  return g_steal_pointer (&path);
}

/* arbiter-cli check fails naming PROBLEM (and PROBLEM2 unless NULL). */
static void
assert_check_finds (const char *path, const char *problem, const char *problem2)
{
  g_auto (ArbTestCliRun) r = { 0 };

  RUN (&r, "check", path);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_null (strstr (r.err, "sound"));
  g_assert_nonnull (strstr (r.err, problem));
  if (problem2 != NULL)
    g_assert_nonnull (strstr (r.err, problem2));
}

/* arbiter-cli export in FORMAT fails saying WHY, writes nothing to its
 * standard output, and leaves the file named with -o as it was. */
static void
assert_export_fails (const char *path, const char *format, const char *why)
{
  g_autofree char *out = g_strconcat (path, ".out", NULL);
  g_autofree char *contents = NULL;

  {
    g_auto (ArbTestCliRun) r = { 0 };

    RUN (&r, "export", path, "--format", format);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_nonnull (strstr (r.err, why));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };

    g_assert_true (g_file_set_contents (out, "before\n", -1, NULL));
    RUN (&r, "export", path, "--format", format, "-o", out);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, why));
    g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, "before\n");
  }
}

static void
kill_server (GSubprocess *proc)
{
  g_subprocess_send_signal (proc, SIGTERM);
  g_subprocess_wait (proc, NULL, NULL);
}

/* arbiter-cli serve refuses the file with WHY instead of publishing it. */
static void
assert_serve_refuses (const char *path, const char *why)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *err = NULL;

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                           cli, "serve", path, "--port", "0", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  first = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  if (first != NULL)
    {
      kill_server (proc);
      g_error ("serve published the file at %s", first);
    }
  {
    g_autoptr (GDataInputStream) err_in =
      g_data_input_stream_new (g_subprocess_get_stderr_pipe (proc));

    err = g_data_input_stream_read_upto (err_in, "", 0, NULL, NULL, &error);
    g_assert_no_error (error);
  }
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_assert_true (g_subprocess_get_if_exited (proc));
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 1);
  g_assert_nonnull (err);
  g_assert_nonnull (strstr (err, why));
}

static void
test_plies (void)
{
  static const char *const values[] = { "-5", "2147483647", "9223372036854775807" };

  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *name = g_strdup_printf ("plies%zu.arbiter", i);
      g_autofree char *path = new_file (name);
      g_autofree char *sql = NULL;
      g_autofree char *why = NULL;

      if (path == NULL)
        return;
      sql = g_strdup_printf ("UPDATE move_list SET plies = %s WHERE game_id = 1", values[i]);
      why = g_strdup_printf ("game 1 (round 1 board 1) has a number of plies %s", values[i]);
      arb_test_corrupt (path, sql);
      assert_check_finds (path, "SQLite: CHECK constraint failed in move_list", why);
      assert_export_fails (path, "pgn", why);
      assert_export_fails (path, "trf", why);
      assert_serve_refuses (path, why);
    }
}

static void
test_round (void)
{
  g_autofree char *path = new_file ("round.arbiter");
  const char *why = "game 2 (round -1 board 2) has the round number -1";

  if (path == NULL)
    return;
  arb_test_corrupt (path, "UPDATE game SET round_no = -1 WHERE id = 2");
  assert_check_finds (path, why, NULL);
  assert_export_fails (path, "trf", why);
  assert_export_fails (path, "pgn", why);
  assert_serve_refuses (path, why);
}

static void
test_start_no (void)
{
  g_autofree char *path = new_file ("start-no.arbiter");
  const char *why = "player 1 has the starting rank 2147483647";

  if (path == NULL)
    return;
  arb_test_corrupt (path, "UPDATE player SET start_no = 2147483647 WHERE id = 1");
  assert_check_finds (path, why, NULL);
  assert_export_fails (path, "trf", why);
  assert_export_fails (path, "pgn", why);
}

static void
test_tags (void)
{
  g_autofree char *path = new_file ("tags.arbiter");
  g_autoptr (GString) sql = g_string_new ("UPDATE game SET tags = '");
  const char *why = "round 1 board 2: the tags cannot be read";

  if (path == NULL)
    return;
  for (int i = 0; i < 200000; i++)
    g_string_append_c (sql, '[');
  g_string_append (sql, "' WHERE id = 2");
  arb_test_corrupt (path, sql->str);
  assert_check_finds (path, why, NULL);
  assert_export_fails (path, "pgn", why);
}

static void
test_illegal_moves (void)
{
  g_autofree char *path = new_file ("illegal.arbiter");
  const char *why = "round 1 board 1: ply 1 (e5) is not a legal move";

  if (path == NULL)
    return;
  /* e4 and e5 exchanged: codes that decode as moves, neither legal. */
  arb_test_corrupt (path,
                    "UPDATE move_list SET codes = substr (codes, 5, 4) || substr (codes, 1, 4) || "
                    "substr (codes, 9, 4) WHERE game_id = 1");
  assert_check_finds (path, why, NULL);
  assert_export_fails (path, "pgn", why);
  assert_serve_refuses (path, why);

  /* Random codes in the second game: nothing is written of the first. */
  for (guint32 seed = 1; seed <= 5; seed++)
    {
      g_autofree char *name = g_strdup_printf ("random%u.arbiter", seed);
      g_autofree char *copy = new_file (name);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (GString) sql = g_string_new ("UPDATE move_list SET plies = 8, codes = x'");
      g_auto (ArbTestCliRun) r = { 0 };

      for (int i = 0; i < 32; i++)
        g_string_append_printf (sql, "%02x", g_rand_int_range (rand, 0, 256));
      g_string_append (sql, "', clocks = NULL, played = NULL WHERE game_id = 2");
      arb_test_corrupt (copy, sql->str);
      RUN (&r, "check", copy);
      if (r.status == 0)
        continue; /* eight random codes that are a legal game */
      g_assert_nonnull (strstr (r.err, "round 1 board 2: ply "));
      assert_export_fails (copy, "pgn", "round 1 board 2: ply ");
    }
}

/* A problem found before an error stopped the check is still reported;
 * before, only the error was. */
static void
test_check_problems_before_error (void)
{
  g_autofree char *path = new_file ("stopped.arbiter");
  g_auto (ArbTestCliRun) r = { 0 };

  if (path == NULL)
    return;
  arb_test_corrupt (path, "UPDATE move_list SET clocks = x'00' WHERE game_id = 1;"
                          "ALTER TABLE game DROP COLUMN termination");
  RUN (&r, "check", path);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "SQLite: CHECK constraint failed in move_list"));
  g_assert_nonnull (strstr (r.err, "no such column"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/hostile-file/plies", test_plies);
  g_test_add_func ("/cli/hostile-file/round", test_round);
  g_test_add_func ("/cli/hostile-file/start-no", test_start_no);
  g_test_add_func ("/cli/hostile-file/tags", test_tags);
  g_test_add_func ("/cli/hostile-file/illegal-moves", test_illegal_moves);
  g_test_add_func ("/cli/hostile-file/check-problems-before-error",
                   test_check_problems_before_error);
  return g_test_run ();
}
