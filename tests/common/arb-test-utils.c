/* arb-test-utils.c: fixtures shared by the tests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-utils.h"

#include <gio/gio.h>
#include <string.h>

char *
arb_test_temp_path (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-test-XXXXXX", &error);

  g_assert_no_error (error);
  return g_build_filename (dir, name, NULL);
}

ArbTournament *
arb_test_new_tournament (char **path_out)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Test event", .edition = 2023 };
  g_autofree char *path = arb_test_temp_path ("t.arbiter");
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return t;
}

char *
arb_test_read_fixture (const char *name, gsize *length)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, length, &error);
  g_assert_no_error (error);
  return text;
}

char *
arb_test_testdata (const char *subpath)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  g_autofree char *path = NULL;

  if (root != NULL)
    path = g_build_filename (root, subpath, NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *why =
        g_strdup_printf ("external test data %s is absent (ARB_TESTDATA)", subpath);
      g_test_skip (why);
      return NULL;
    }
  return g_steal_pointer (&path);
}

char *
arb_test_checksum (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

char *
arb_test_run_cli (const char *const *args, const char *stdin_text, int *exit_status, char **err_out)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) in = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE;
  gsize length = 0;
  const char *data;

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return NULL;
    }
  flags |= err_out != NULL ? G_SUBPROCESS_FLAGS_STDERR_PIPE : G_SUBPROCESS_FLAGS_STDERR_SILENCE;
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *) argv->pdata, flags, &error);
  g_assert_no_error (error);
  /* Without text the program reads an empty standard input, never the
   * test's own. */
  in = g_bytes_new (stdin_text != NULL ? stdin_text : "",
                    stdin_text != NULL ? strlen (stdin_text) : 0);
  g_subprocess_communicate (proc, in, NULL, &out, err_out != NULL ? &err : NULL, &error);
  g_assert_no_error (error);
  *exit_status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1;
  if (err_out != NULL)
    {
      data = g_bytes_get_data (err, &length);
      *err_out = g_strndup (data != NULL ? data : "", length);
    }
  data = g_bytes_get_data (out, &length);
  return g_strndup (data != NULL ? data : "", length);
}

gboolean
arb_test_read_oracle_fen (ArbPosition *pos, const char *fen, gboolean *permissive)
{
  g_autofree char *padded = NULL;

  if (permissive != NULL)
    *permissive = FALSE;
  if (arb_position_set_fen (pos, fen, ARB_FEN_FLAGS_NONE, NULL))
    return TRUE;
  if (permissive != NULL)
    *permissive = TRUE;
  if (arb_position_set_fen (pos, fen, ARB_FEN_PERMISSIVE, NULL))
    return TRUE;
  padded = g_strconcat (fen, " - -", NULL);
  return arb_position_set_fen (pos, padded, ARB_FEN_PERMISSIVE, NULL);
}
