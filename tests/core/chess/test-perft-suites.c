/* test-perft-suites.c: arbiter-cli perft --suite against external suites
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The node counts come from the suites themselves (published results), so
 * these tests compare our generator with independent data. They run the real
 * command-line program, as the acceptance of the rules core asks.
 */

#include <glib/gstdio.h>
#include <unistd.h>
#include <string.h>

typedef struct
{
  const char *file;
  const char *max_depth;
  const char *quick_depth;
} Suite;

/* Count the positions of a suite file independently of the program. */
static guint
count_positions (const char *contents)
{
  guint n = 0;

  for (const char *p = contents; (p = strstr (p, "epd ")) != NULL; p += 4)
    if (p == contents || p[-1] == '\n')
      n++;
  return n;
}

static void
run_suite (gconstpointer data)
{
  const Suite *suite = data;
  const char *cli = g_getenv ("ARBITER_CLI");
  const char *dir = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  int status;
  const char *argv[] = { cli, "perft", "--suite", NULL, "--max-depth", suite->max_depth, NULL };

  /* The sanitizer run checks memory safety, not counts already checked by
   * the plain run, so it may ask for shallower depths. */
  if (g_getenv ("ARB_PERFT_QUICK") != NULL)
    {
      argv[5] = suite->quick_depth;
      g_test_message ("ARB_PERFT_QUICK is set: depth %s only", suite->quick_depth);
    }

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("external test data (ARB_TESTDATA) is absent");
      return;
    }
  g_assert_nonnull (cli);

  path = g_build_filename (dir, "python-chess", "examples", "perft", suite->file, NULL);
  if (!g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("perft suite file is absent");
      return;
    }
  argv[3] = path;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s", err);
  expected = g_strdup_printf ("perft: %u of %u positions match\n", count_positions (contents),
                              count_positions (contents));
  g_assert_true (g_str_has_suffix (out, expected));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The harness itself must notice a wrong count. */
static void
test_mismatch_detected (void)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status;
  int fd;
  const char *argv[] = { cli, "perft", "--suite", NULL, NULL };
  const char *suite =
    "id start\nepd "
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 2 401\n"
    "id kiwipete\nepd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\nperft 2 2039\n";

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("arbiter-perft-XXXXXX.perft", &path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, suite, -1, &error));
  close (fd);
  argv[3] = path;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "MISMATCH start depth 2: expected 401, counted 400"));
  g_assert_true (g_str_has_suffix (out, "perft: 1 of 2 positions match\n"));
  g_unlink (path);
}

static const Suite tricky = { "tricky.perft", "20", "20" };
static const Suite chess960 = { "chess960.perft", "5", "3" };
static const Suite random_suite = { "random.perft", "4", "3" };

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/perft/mismatch-detected", test_mismatch_detected);
  g_test_add_data_func ("/chess/perft/tricky-all-depths", &tricky, run_suite);
  g_test_add_data_func ("/chess/perft/chess960-depth-5", &chess960, run_suite);
  g_test_add_data_func ("/chess/perft/random-depth-4", &random_suite, run_suite);

  return g_test_run ();
}
