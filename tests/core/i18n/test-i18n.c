/* test-i18n.c: catalogs read by the program, plural rules, a report's
 * language apart from the window's
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-catalog.h"
#include "arb-i18n.h"

static ArbCatalog *
open_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);
  g_autoptr (GError) error = NULL;
  ArbCatalog *catalog = arb_catalog_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

/* The expected forms are the Polish ones, written out by hand: 1 takes the
 * first, 2-4 (but not 12-14) the second, the rest the third. */
static void
check_three_forms (const ArbCatalog *catalog)
{
  static const struct
  {
    gulong n;
    const char *text;
  } cases[] = {
    { 0, "%u szachownic" },   { 1, "%u szachownica" }, { 2, "%u szachownice" },
    { 4, "%u szachownice" },  { 5, "%u szachownic" },  { 12, "%u szachownic" },
    { 22, "%u szachownice" }, { 25, "%u szachownic" }, { 104, "%u szachownice" },
  };

  g_assert_cmpstr (arb_catalog_get_language (catalog), ==, "pl");
  g_assert_cmpuint (arb_catalog_get_n_plurals (catalog), ==, 3);
  g_assert_cmpstr (arb_catalog_lookup (catalog, "Board"), ==, "Szachownica");
  g_assert_cmpstr (arb_catalog_lookup (catalog, "result\004Draw"), ==, "Remis");
  g_assert_cmpstr (arb_catalog_lookup (catalog, "to draw\004Draw"), ==, "Rysuj");
  g_assert_null (arb_catalog_lookup (catalog, "Draw"));
  g_assert_null (arb_catalog_lookup (catalog, "Untranslated"));
  g_assert_null (arb_catalog_lookup (catalog, "Not in the catalog"));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (arb_catalog_lookup_plural (catalog, "%u board", cases[i].n), ==,
                     cases[i].text);
  g_assert_null (arb_catalog_lookup_plural (catalog, "%u player", 3));
}

static void
test_catalog_little_endian (void)
{
  g_autoptr (ArbCatalog) catalog = open_fixture ("i18n-three-forms.mo");

  check_three_forms (catalog);
}

static void
test_catalog_big_endian (void)
{
  g_autoptr (ArbCatalog) catalog = open_fixture ("i18n-three-forms-be.mo");

  check_three_forms (catalog);
}

static void
test_catalog_damaged (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "i18n-three-forms.mo", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  guint32 n, originals, huge = 0x7fffff00u;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  memcpy (&n, contents + 8, 4);
  memcpy (&originals, contents + 12, 4);
  g_assert_cmpuint (n, >, 0);

  /* Too short for the header, a wrong magic number, cut short, an offset
   * past the end, a string without its NUL: each one refused. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (arb_catalog_new_from_data ((const guint8 *) contents, 20, "short", &error));
    g_assert_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "short"));
  }
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *copy = g_memdup2 (contents, length);

    copy[0] ^= 0x5a;
    g_assert_null (arb_catalog_new_from_data ((const guint8 *) copy, length, "magic", &error));
    g_assert_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (
      arb_catalog_new_from_data ((const guint8 *) contents, length / 2, "half", &error));
    g_assert_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *copy = g_memdup2 (contents, length);

    /* the offset of the last original string */
    memcpy (copy + originals + (n - 1) * 8 + 4, &huge, 4);
    g_assert_null (arb_catalog_new_from_data ((const guint8 *) copy, length, "offset", &error));
    g_assert_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *copy = g_memdup2 (contents, length);
    guint32 len;

    /* the last original one byte longer: its NUL is no longer at its end */
    memcpy (&len, copy + originals + (n - 1) * 8, 4);
    len++;
    memcpy (copy + originals + (n - 1) * 8, &len, 4);
    g_assert_null (arb_catalog_new_from_data ((const guint8 *) copy, length, "nul", &error));
    g_assert_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (arb_catalog_new_from_file ("/nonexistent/arbiter.mo", &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

static void
test_plural_eval (void)
{
  static const struct
  {
    const char *expression;
    gulong n;
    gboolean ok;
    gulong value;
  } cases[] = {
    { "n != 1", 1, TRUE, 0 },
    { "(n != 1)", 0, TRUE, 1 },
    { "n>1", 1, TRUE, 0 },
    { "n > 1", 2, TRUE, 1 },
    { "0", 7, TRUE, 0 },
    { "n==1 ? 0 : n==2 ? 1 : 2", 2, TRUE, 1 },
    { "n==1 ? 0 : n==2 ? 1 : 2", 9, TRUE, 2 },
    { "n%10==1 && n%100!=11 ? 0 : 1", 21, TRUE, 0 },
    { "n%10==1 && n%100!=11 ? 0 : 1", 11, TRUE, 1 },
    { "!(n <= 3) || n >= 100", 2, TRUE, 0 },
    { "!(n <= 3) || n >= 100", 4, TRUE, 1 },
    { "(n + 2) * 3 - 1 / 1", 1, TRUE, 8 },
    { "n / 0", 5, TRUE, 0 },
    { "n ? 1", 1, FALSE, 0 },
    { "(n", 1, FALSE, 0 },
    { "n != 1)", 1, FALSE, 0 },
    { "m", 1, FALSE, 0 },
    { "", 1, FALSE, 0 },
    { "n & 1", 1, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gulong value = 12345;
      gboolean ok = arb_plural_eval (cases[i].expression, cases[i].n, &value);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        g_assert_cmpuint (value, ==, cases[i].value);
    }
}

/* The catalogs of the build tree, read for a report in another language
 * than the process's (which is English here: LC_ALL=C.UTF-8, no
 * LANGUAGE). The expected words are the terms of docs/translating.md. */
static void
test_push_language (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_str_has_suffix (arb_i18n_get_localedir (), G_DIR_SEPARATOR_S "po"));
  g_assert_cmpstr (arb_i18n_get_language (), ==, "en");
  g_assert_cmpstr (_ ("White"), ==, "White");

  g_assert_true (arb_i18n_push_language ("sv", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (arb_i18n_get_language (), ==, "sv");
  g_assert_cmpstr (_ ("White"), ==, "Vit");
  g_assert_cmpstr (C_ ("decision", "Draw"), ==, "Remi");
  g_assert_cmpstr (ngettext ("%d minute", "%d minutes", 1), ==, "%d minut");
  g_assert_cmpstr (ngettext ("%d minute", "%d minutes", 2), ==, "%d minuter");
  g_assert_cmpstr (arb_pgettext_ctx ("decision", "Win"), ==, "Vinst");
  /* Not in the catalog: the English source. */
  g_assert_cmpstr (_ ("No such message in any catalog"), ==, "No such message in any catalog");

  /* Pushes nest. */
  g_assert_true (arb_i18n_push_language ("nl", NULL));
  g_assert_cmpstr (_ ("White"), ==, "Wit");
  g_assert_true (arb_i18n_push_language ("en", NULL));
  g_assert_cmpstr (_ ("White"), ==, "White");
  g_assert_cmpstr (ngettext ("%d minute", "%d minutes", 2), ==, "%d minutes");
  arb_i18n_pop_language ();
  g_assert_cmpstr (_ ("White"), ==, "Wit");
  arb_i18n_pop_language ();
  g_assert_cmpstr (_ ("White"), ==, "Vit");
  arb_i18n_pop_language ();
  g_assert_cmpstr (_ ("White"), ==, "White");
  g_assert_cmpstr (arb_i18n_get_language (), ==, "en");

  /* A language without a catalog: refused, nothing pushed. */
  g_assert_false (arb_i18n_push_language ("xx", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "xx"));
  g_assert_cmpstr (_ ("White"), ==, "White");
}

typedef struct
{
  GMutex lock;
  GCond cond;
  int step;
  const char *seen;
} Handoff;

static void
handoff_wait (Handoff *h, int step)
{
  g_mutex_lock (&h->lock);
  while (h->step < step)
    g_cond_wait (&h->cond, &h->lock);
  g_mutex_unlock (&h->lock);
}

static void
handoff_go (Handoff *h, int step)
{
  g_mutex_lock (&h->lock);
  h->step = step;
  g_cond_broadcast (&h->cond);
  g_mutex_unlock (&h->lock);
}

static gpointer
report_thread (gpointer data)
{
  Handoff *h = data;

  g_assert_true (arb_i18n_push_language ("da", NULL));
  h->seen = _ ("White");
  handoff_go (h, 1);
  /* While this thread renders in Danish, the other goes on in its own
   * language. */
  handoff_wait (h, 2);
  arb_i18n_pop_language ();
  return NULL;
}

static void
test_push_is_per_thread (void)
{
  Handoff h = { 0 };
  GThread *thread;

  g_mutex_init (&h.lock);
  g_cond_init (&h.cond);
  thread = g_thread_new ("report", report_thread, &h);
  handoff_wait (&h, 1);
  g_assert_cmpstr (h.seen, ==, "Hvid");
  g_assert_cmpstr (_ ("White"), ==, "White");
  g_assert_cmpstr (arb_i18n_get_language (), ==, "en");
  handoff_go (&h, 2);
  g_thread_join (thread);
  g_mutex_clear (&h.lock);
  g_cond_clear (&h.cond);
}

/* Each language's dates, written by hand from its national forms. */
static void
test_dates (void)
{
  static const struct
  {
    const char *language;
    const char *date_time;
    const char *time;
    const char *date;
  } cases[] = {
    { "en", "2026-11-25 14:05", "14:05", "2026-11-25" },
    { "sv", "2026-11-25 14:05", "14:05", "2026-11-25" },
    { "nb", "25.11.2026 kl. 14.05", "14.05", "25.11.2026" },
    { "da", "25-11-2026 kl. 14.05", "14.05", "25-11-2026" },
    { "nl", "25-11-2026 14:05", "14:05", "25-11-2026" },
  };
  g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr (GDateTime) when = g_date_time_new (utc, 2026, 11, 25, 14, 5, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *date_time = NULL;
      g_autofree char *time = NULL;
      g_autofree char *date = NULL;

      g_assert_true (arb_i18n_push_language (cases[i].language, NULL));
      date_time = arb_i18n_format_date_time (when);
      time = arb_i18n_format_time (when);
      date = arb_i18n_format_date (when);
      arb_i18n_pop_language ();
      g_assert_cmpstr (date_time, ==, cases[i].date_time);
      g_assert_cmpstr (time, ==, cases[i].time);
      g_assert_cmpstr (date, ==, cases[i].date);
    }
}

static void
test_languages (void)
{
  const char *const *languages = arb_i18n_get_languages ();
  static const char *const expected[] = { "en", "da", "nb", "nl", "sv", NULL };

  for (guint i = 0; expected[i] != NULL; i++)
    g_assert_cmpstr (languages[i], ==, expected[i]);
  g_assert_null (languages[G_N_ELEMENTS (expected) - 1]);
  g_assert_cmpstr (arb_i18n_get_language_name ("nb"), ==, "Norsk bokmål");
  g_assert_cmpstr (arb_i18n_get_language_name ("nl"), ==, "Nederlands");
  g_assert_cmpstr (arb_i18n_get_language_name ("xx"), ==, "xx");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/i18n/catalog/little-endian", test_catalog_little_endian);
  g_test_add_func ("/i18n/catalog/big-endian", test_catalog_big_endian);
  g_test_add_func ("/i18n/catalog/damaged", test_catalog_damaged);
  g_test_add_func ("/i18n/i18n/plural-eval", test_plural_eval);
  g_test_add_func ("/i18n/i18n/push-language", test_push_language);
  g_test_add_func ("/i18n/i18n/push-is-per-thread", test_push_is_per_thread);
  g_test_add_func ("/i18n/i18n/dates", test_dates);
  g_test_add_func ("/i18n/i18n/languages", test_languages);

  return g_test_run ();
}
