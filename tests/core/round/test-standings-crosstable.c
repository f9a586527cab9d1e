/* test-standings-crosstable.c: the cross-table, against tables written by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "arb-standings-crosstable.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

static ArbCrossTable *
table_of (const char *fixture, char **path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (path);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (fixture, &length);
  ArbScoring scoring;
  guint n_order = 0;
  const ArbTiebreak *order = arb_tiebreak_default_order (&n_order);
  ArbCrossTable *table;

  arb_scoring_init_default (&scoring);
  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  table = arb_cross_table_read (t, 0, &scoring, order, n_order, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

/* Each row: starting rank, points, then the cells of rounds 1 to 3. */
static void
assert_rows (const ArbCrossTable *table, const char *const want[][5], guint n)
{
  g_assert_cmpuint (table->rows->len, ==, n);
  g_assert_cmpint (table->n_rounds, ==, 3);
  for (guint i = 0; i < n; i++)
    {
      const ArbCrossPlayer *p = &table->players[i];
      g_autofree char *no = g_strdup_printf ("%d", p->row->start_no);
      char points[G_ASCII_DTOSTR_BUF_SIZE];

      g_assert_cmpint (p->row->rank, ==, (int) i + 1);
      g_assert_cmpstr (no, ==, want[i][0]);
      g_ascii_formatd (points, sizeof points, "%g", p->row->points);
      g_assert_cmpstr (points, ==, want[i][1]);
      for (int r = 0; r < 3; r++)
        {
          g_autofree char *cell = arb_cross_cell_text (&p->cells[r]);

          g_assert_cmpstr (cell, ==, want[i][2 + r]);
        }
    }
}

static void
test_round_robin (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbCrossTable) table = table_of ("crosstable-rr4.trf", &path);
  static const char *const want[][5] = {
    { "1", "2.5", "4w1", "2b½", "3b1" },
    { "2", "2", "3w½", "1w½", "4w1" },
    { "3", "1.5", "2b½", "4b1", "1w0" },
    { "4", "0", "1b0", "3w0", "2b0" },
  };

  assert_rows (table, want, G_N_ELEMENTS (want));
  g_assert_true (table->round_robin);
  g_unlink (path);
}

/* A full-point bye (U), zero-point byes (Z), a forfeit in round 2. */
static void
test_swiss (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ArbCrossTable) table = table_of ("crosstable-swiss5.trf", &path);
  static const char *const want[][5] = {
    { "1", "2.5", "5w1", "3b1", "2w½" }, { "2", "2", "4w½", "5b+", "1b½" },
    { "5", "1.5", "U", "1w0", "4b½" },   { "4", "1", "2b½", "Z", "3w½" },
    { "3", "0", "1b0", "2w-", "Z" },
  };

  assert_rows (table, want, G_N_ELEMENTS (want));
  g_assert_false (table->round_robin);
  g_assert_cmpint (table->players[1].cells[1].opponent_start_no, ==, 3);
  g_assert_cmpint (table->players[1].cells[1].colour, ==, 'b');
  g_unlink (path);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/standings-crosstable/round-robin", test_round_robin);
  g_test_add_func ("/round/standings-crosstable/swiss", test_swiss);
  return g_test_run ();
}
