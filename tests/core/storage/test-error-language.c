/* test-error-language.c: the core's errors reach the reader in the reader's
 * language
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window and arbiter-cli show error->message as it is, so a message is
 * in the reader's language only when the core looks it up where it raises
 * it. A small Swedish catalogue (tests/data/errors-sv.po) translates a few
 * of them: opening an empty tournament file (storage) and reading a TRF
 * file that is not one (notation) must then say so in Swedish, and in the
 * English of the sources when no language is asked for.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament.h"
#include "arb-trf.h"

/* The message of opening @path, an empty file; NULL when it opens. */
static char *
empty_file_message (const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbTournament *t;

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_null (t);
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EMPTY);
  return g_strdup (error->message);
}

static char *
trf_message (const char *text)
{
  g_autoptr (GError) error = NULL;
  ArbTrf *trf = arb_trf_parse (text, strlen (text), &error);

  g_assert_null (trf);
  g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX);
  return g_strdup (error->message);
}

static void
test_english (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *blank = trf_message ("012 Open\n012x\n");
  g_autofree char *none = trf_message ("012 Open\n");

  arb_test_temp_setup (&temp, NULL);
  path = arb_test_temp_file (&temp, "empty.arbiter");
  expected = g_strdup_printf ("%s is empty (0 bytes): not an Arbiter tournament file", path);
  empty = empty_file_message (path);
  g_assert_cmpstr (empty, ==, expected);
  g_assert_cmpstr (blank, ==, "line 2, column 4: a blank follows the record code");
  g_assert_cmpstr (none, ==, "no player lines (001): not a TRF file");
}

/* Runs in a child process: the locale and the catalogue stay there. */
static void
test_swedish_child (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;

  arb_test_temp_setup (&temp, NULL);
  arb_test_use_catalog (&temp, "sv", g_getenv ("ARB_TEST_ERRORS_MO"));

  path = arb_test_temp_file (&temp, "empty.arbiter");
  expected = g_strdup_printf ("%s är tom (0 byte): ingen turneringsfil för Arbiter", path);
  {
    g_autofree char *empty = empty_file_message (path);
    g_autofree char *blank = trf_message ("012 Open\n012x\n");
    g_autofree char *none = trf_message ("012 Open\n");

    g_assert_cmpstr (empty, ==, expected);
    g_assert_cmpstr (blank, ==, "rad 2, kolumn 4: efter postkoden kommer ett blanksteg");
    g_assert_cmpstr (none, ==, "inga spelarrader (001): ingen TRF-fil");
  }
}

static void
test_swedish (void)
{
  if (g_getenv ("ARB_TEST_ERRORS_MO") == NULL)
    {
      g_test_skip ("ARB_TEST_ERRORS_MO is not set (msgfmt missing?)");
      return;
    }
  g_test_trap_subprocess ("/storage/error-language/swedish/subprocess", 0,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/storage/error-language/english", test_english);
  g_test_add_func ("/storage/error-language/swedish", test_swedish);
  g_test_add_func ("/storage/error-language/swedish/subprocess", test_swedish_child);
  return g_test_run ();
}
