/* test-trf-round-trip.c: every TRF we read, we write and read back the same
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-test-utils.h"
#include "arb-trf.h"

/* Reads TEXT, writes it, reads that back and writes it again: both reads
 * succeed and both writes are the same text, which is returned. */
static char *
round_trip (const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, &error);
  g_autoptr (ArbTrf) back = NULL;
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  written = arb_trf_write (trf);
  back = arb_trf_parse (written, strlen (written), &error);
  g_assert_no_error (error);
  again = arb_trf_write (back);
  g_assert_cmpstr (again, ==, written);
  g_assert_cmpuint (back->players->len, ==, trf->players->len);
  g_assert_cmpuint (back->round_dates->len, ==, trf->round_dates->len);
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *a = trf->players->pdata[i];
      const ArbTrfPlayer *b = back->players->pdata[i];

      g_assert_cmpint (a->start_no, ==, b->start_no);
      g_assert_cmpint (a->points_x2, ==, b->points_x2);
      g_assert_cmpint (a->rank, ==, b->rank);
      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->rounds->len, ==, b->rounds->len);
    }
  return g_steal_pointer (&written);
}

/* The fixture with each 001 line's points (columns 81-84) replaced. */
static char *
with_points (const char *points)
{
  g_autofree char *fixture = arb_test_read_fixture ("swiss-5.trf", NULL);
  g_auto (GStrv) lines = g_strsplit (fixture, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "001") && strlen (lines[i]) > 85)
      memcpy (lines[i] + 80, points, 4);
  return g_strjoinv ("\n", lines);
}

/* 120 points were written as "120.0", five characters in the four
 * columns of the field, and could not be read back. */
static void
test_points_over_99 (void)
{
  g_autofree char *text = with_points (" 120");
  g_autofree char *written = round_trip (text, strlen (text));
  g_autoptr (ArbTrf) trf = arb_trf_parse (written, strlen (written), NULL);

  g_assert_null (strstr (written, "120.0"));
  g_assert_cmpint (((ArbTrfPlayer *) trf->players->pdata[0])->points_x2, ==, 240);
}

static void
test_half_points_over_99 (void)
{
  g_autofree char *fixture = arb_test_read_fixture ("swiss-5.trf", NULL);
  g_auto (GStrv) lines = g_strsplit (fixture, "\n", -1);
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  g_autoptr (ArbTrf) trf = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "001") && strlen (lines[i]) > 85)
      memcpy (lines[i] + 80, "100.5", 5);
  text = g_strjoinv ("\n", lines);
  written = round_trip (text, strlen (text));
  trf = arb_trf_parse (written, strlen (written), NULL);
  g_assert_cmpint (((ArbTrfPlayer *) trf->players->pdata[0])->points_x2, ==, 201);
}

/* A Windows-1252 file whose 132 line has blank round dates: the line was
 * written bare ("132") and its rounds lost on reading back. */
static void
test_blank_round_dates_windows_1252 (void)
{
  g_autofree char *fixture = arb_test_read_fixture ("swiss-5.trf", NULL);
  g_auto (GStrv) lines = g_strsplit (fixture, "\n", -1);
  g_autofree char *utf8 = NULL;
  g_autofree char *cp1252 = NULL;
  g_autofree char *written = NULL;
  g_autoptr (ArbTrf) trf = NULL;
  gsize length = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "132"))
        {
          g_free (lines[i]);
          lines[i] = g_strdup_printf ("132%*s", 120, "");
        }
      else if (g_str_has_prefix (lines[i], "012"))
        {
          g_free (lines[i]);
          lines[i] = g_strdup ("012 Sk\xc3\xa5k Open \xe2\x80\x93 2026");
        }
    }
  utf8 = g_strjoinv ("\n", lines);
  cp1252 = g_convert (utf8, -1, "WINDOWS-1252", "UTF-8", NULL, &length, NULL);
  g_assert_nonnull (cp1252);
  g_assert_false (g_utf8_validate (cp1252, (gssize) length, NULL));

  written = round_trip (cp1252, length);
  g_assert_null (strstr (written, "\n132\n"));
  g_assert_nonnull (strstr (written, "012 Sk\xc3\xa5k Open \xe2\x80\x93 2026\n"));

  /* Dates in some rounds only: those stay where they were. */
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "132"))
      {
        g_free (lines[i]);
        lines[i] = g_strdup_printf ("132%*s%s", 98, "", "26/03/02");
      }
  g_clear_pointer (&utf8, g_free);
  g_clear_pointer (&written, g_free);
  utf8 = g_strjoinv ("\n", lines);
  written = round_trip (utf8, strlen (utf8));
  trf = arb_trf_parse (written, strlen (written), NULL);
  g_assert_cmpuint (trf->round_dates->len, ==, 2);
  g_assert_null (g_ptr_array_index (trf->round_dates, 0));
  g_assert_cmpstr (g_ptr_array_index (trf->round_dates, 1), ==, "26/03/02");
}

/* A five-digit starting rank was read as its first four digits and then
 * refused for some other reason (or, worse, accepted). */
static void
test_rank_over_9999 (void)
{
  g_autofree char *fixture = arb_test_read_fixture ("swiss-5.trf", NULL);
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = NULL;
  const char *first = strstr (fixture, "\n001    1");

  g_assert_nonnull (first);
  /* "001 10001 m GM ..." with the rest of the line as it was. */
  line = g_strdup_printf ("001 10001%s", first + 10);
  text = g_strconcat (fixture, line, NULL);
  trf = arb_trf_parse (text, strlen (text), &error);
  g_assert_null (trf);
  g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "more than four digits"));
}

static void
round_trip_dir (const char *dir_path)
{
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *contents = NULL;
      g_autofree char *written = NULL;
      gsize length;

      if (!g_str_has_suffix (name, ".trf"))
        continue;
      g_test_message ("%s", path);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      written = round_trip (contents, length);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* Every TRF in the tree: the fixtures and the fuzzer's seeds. */
static void
test_every_trf_we_read (void)
{
  g_autofree char *data = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autofree char *seeds = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "trf", NULL);

  round_trip_dir (data);
  round_trip_dir (seeds);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/notation/trf-round-trip/points-over-99", test_points_over_99);
  g_test_add_func ("/notation/trf-round-trip/half-points-over-99", test_half_points_over_99);
  g_test_add_func ("/notation/trf-round-trip/blank-round-dates-windows-1252",
                   test_blank_round_dates_windows_1252);
  g_test_add_func ("/notation/trf-round-trip/rank-over-9999", test_rank_over_9999);
  g_test_add_func ("/notation/trf-round-trip/every-trf-we-read", test_every_trf_we_read);
  return g_test_run ();
}
