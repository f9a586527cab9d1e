/* fuzz-replay.c: runs a fuzz harness over files, without libFuzzer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked with one harness (tests/fuzz/fuzz-NAME.c) into replay-NAME, built
 * by meson with the project's compiler, so that the normal and the
 * sanitizer builds replay every seed and every regression input of the
 * harness, in a fixed order, as a test. Each argument is a file or a
 * directory (its files, sorted). A harness aborts on a finding.
 */

#include "config.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv) __attribute__ ((weak));

static int
replay_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  uint8_t *copy;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      fprintf (stderr, "replay: %s\n", error->message);
      exit (2);
    }
  /* A buffer of exactly the input's size, as libFuzzer gives it. */
  copy = g_malloc (length > 0 ? length : 1);
  memcpy (copy, contents, length);
  LLVMFuzzerTestOneInput (copy, length);
  g_free (copy);
  return 1;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static int
replay_path (const char *path)
{
  g_autoptr (GPtrArray) names = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;
  int n = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return replay_file (path);
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return 0;
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_paths);
  for (guint i = 0; i < names->len; i++)
    n += replay_path (names->pdata[i]);
  return n;
}

int
main (int argc, char **argv)
{
  int n = 0;

  if (LLVMFuzzerInitialize != NULL)
    LLVMFuzzerInitialize (&argc, &argv);
  printf ("1..1\n");
  for (int i = 1; i < argc; i++)
    n += replay_path (argv[i]);
  if (n == 0)
    printf ("ok 1 # SKIP no inputs\n");
  else
    printf ("ok 1 %d inputs replayed\n", n);
  return 0;
}
