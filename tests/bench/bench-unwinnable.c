/* bench-unwinnable.c: the unwinnability decision over the external data sets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test (it times things). Reads the data through ARB_TESTDATA:
 *   vectors  D3-Chess/tests/test-vector.txt   1,803 labelled positions, both sides
 *   unfair   D3-Chess/tests/unfair.txt        88,387 time-outs the opponent cannot win
 *   oracle   clean-chess/.../ambrona-unwinnability.tsv   1,265 positions, both sides
 *   lichess  D3-Chess/tests/lichess-30K-games.txt        30,000 positions, no labels
 * and prints per set: verdicts, wrong verdicts, undetermined, positions per
 * second, the share decided and the slowest position. The lichess set also
 * gives the median and 99th percentile time of positions with at least 24
 * men (a "typical middlegame").
 *
 *   bench-unwinnable [--budget N] [--set NAME]... [--limit N] [--verbose]
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-unwinnable.h"

typedef struct
{
  const char *name;
  guint positions;
  guint sides;
  guint can, cannot, undetermined;
  guint wrong;
  guint64 nodes;
  gint64 usec;
  gint64 slowest_usec;
  char slowest_fen[ARB_FEN_MAX];
  GArray *middlegame_usec; /* of gint64 */
} Tally;

static guint64 budget;
static gboolean verbose;
static guint limit;

/* Expected: 1 can mate, 0 cannot, -1 unknown. */
static void
decide_side (ArbUnwinnable *search,
             Tally *t,
             const ArbPosition *pos,
             const char *fen,
             ArbColor side,
             int expected)
{
  ArbUnwinnableOptions options = { budget, FALSE };
  ArbUnwinnableResult result;
  gint64 start = g_get_monotonic_time ();
  gint64 took;

  arb_unwinnable_decide (search, pos, side, &options, &result);
  took = g_get_monotonic_time () - start;

  t->sides++;
  t->nodes += result.nodes;
  t->usec += took;
  if (took > t->slowest_usec)
    {
      t->slowest_usec = took;
      g_strlcpy (t->slowest_fen, fen, sizeof t->slowest_fen);
    }
  if (t->middlegame_usec != NULL && arb_bb_count (arb_position_occupied (pos)) >= 24)
    g_array_append_val (t->middlegame_usec, took);

  switch (result.verdict)
    {
    case ARB_UNWINNABLE_CAN_MATE:
      t->can++;
      if (expected == 0)
        t->wrong++;
      break;
    case ARB_UNWINNABLE_CANNOT_MATE:
      t->cannot++;
      if (expected == 1)
        t->wrong++;
      break;
    case ARB_UNWINNABLE_UNDETERMINED:
    default:
      t->undetermined++;
      break;
    }
  if (verbose && (result.verdict == ARB_UNWINNABLE_UNDETERMINED ||
                  (expected >= 0 && (result.verdict == ARB_UNWINNABLE_CAN_MATE) != expected)))
    printf ("  %s %s: %s (expected %s) nodes %" G_GUINT64_FORMAT " %.1f ms\n", fen,
            side == ARB_WHITE ? "white" : "black",
            arb_unwinnable_verdict_to_string (result.verdict),
            expected < 0 ? "?"
            : expected   ? "can-mate"
                         : "cannot-mate",
            result.nodes, took / 1000.0);
}

static int
cmp_int64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
report (Tally *t)
{
  double seconds = t->usec / 1e6;

  printf ("%s: %u positions, %u sides: can-mate %u, cannot-mate %u, undetermined %u, wrong %u\n",
          t->name, t->positions, t->sides, t->can, t->cannot, t->undetermined, t->wrong);
  printf ("  %.2f s, %.0f sides/s, %.1f%% decided, %.0f nodes/side, slowest %.1f ms (%s)\n",
          seconds, seconds > 0 ? t->sides / seconds : 0.0,
          t->sides ? 100.0 * (t->sides - t->undetermined) / t->sides : 0.0,
          t->sides ? (double) t->nodes / t->sides : 0.0, t->slowest_usec / 1000.0, t->slowest_fen);
  if (t->middlegame_usec != NULL && t->middlegame_usec->len > 0)
    {
      GArray *a = t->middlegame_usec;

      g_array_sort (a, cmp_int64);
      printf ("  middlegame (>= 24 men, %u sides): median %.3f ms, 99th percentile %.3f ms, "
              "max %.3f ms\n",
              a->len, g_array_index (a, gint64, a->len / 2) / 1000.0,
              g_array_index (a, gint64, a->len * 99 / 100) / 1000.0,
              g_array_index (a, gint64, a->len - 1) / 1000.0);
    }
}

static gboolean
read_lines (const char *root, const char *relative, char ***lines)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    {
      printf ("%s: not found, skipped\n", path);
      return FALSE;
    }
  *lines = g_strsplit (text, "\n", -1);
  return TRUE;
}

static void
run_vectors (ArbUnwinnable *search, const char *root)
{
  g_auto (GStrv) lines = NULL;
  Tally t = { "vectors" };

  if (!read_lines (root, "D3-Chess/tests/test-vector.txt", &lines))
    return;
  for (guint i = 0; lines[i] != NULL && (limit == 0 || t.positions < limit); i++)
    {
      const char *line = lines[i];
      ArbPosition pos;

      if (strlen (line) < 4 || line[0] == '#')
        continue;
      if (!arb_test_read_oracle_fen (&pos, line + 3, NULL))
        {
          printf ("  bad FEN on line %u\n", i + 1);
          continue;
        }
      t.positions++;
      decide_side (search, &t, &pos, line + 3, ARB_WHITE, line[0] == 'W');
      decide_side (search, &t, &pos, line + 3, ARB_BLACK, line[1] == 'B');
    }
  report (&t);
}

static void
run_unfair (ArbUnwinnable *search, const char *root)
{
  g_auto (GStrv) lines = NULL;
  Tally t = { "unfair" };

  if (!read_lines (root, "D3-Chess/tests/unfair.txt", &lines))
    return;
  for (guint i = 0; lines[i] != NULL && (limit == 0 || t.positions < limit); i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", 7);
      g_autofree char *fen = NULL;
      ArbPosition pos;

      if (g_strv_length (fields) < 6)
        continue;
      fen = g_strjoin (" ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], NULL);
      if (!arb_test_read_oracle_fen (&pos, fen, NULL))
        {
          printf ("  bad FEN on line %u\n", i + 1);
          continue;
        }
      t.positions++;
      /* The side to move lost on time; the other side cannot mate. */
      decide_side (search, &t, &pos, fen, !pos.side_to_move, 0);
    }
  report (&t);
}

static int
oracle_value (const char *text)
{
  if (strcmp (text, "WINNABLE") == 0)
    return 1;
  if (strcmp (text, "UNWINNABLE") == 0)
    return 0;
  return -1;
}

static void
run_oracle (ArbUnwinnable *search, const char *root)
{
  g_auto (GStrv) lines = NULL;
  Tally t = { "oracle" };

  if (!read_lines (root, "clean-chess/src/test/resources/oracle/ambrona-unwinnability.tsv", &lines))
    return;
  for (guint i = 1; lines[i] != NULL && (limit == 0 || t.positions < limit); i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      ArbPosition pos;

      if (g_strv_length (fields) < 3)
        continue;
      if (!arb_test_read_oracle_fen (&pos, fields[0], NULL))
        {
          printf ("  bad FEN on line %u\n", i + 1);
          continue;
        }
      t.positions++;
      decide_side (search, &t, &pos, fields[0], ARB_WHITE, oracle_value (fields[1]));
      decide_side (search, &t, &pos, fields[0], ARB_BLACK, oracle_value (fields[2]));
    }
  report (&t);
}

static void
run_lichess (ArbUnwinnable *search, const char *root)
{
  g_auto (GStrv) lines = NULL;
  Tally t = { "lichess" };

  if (!read_lines (root, "D3-Chess/tests/lichess-30K-games.txt", &lines))
    return;
  t.middlegame_usec = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; lines[i] != NULL && (limit == 0 || t.positions < limit); i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", 7);
      g_autofree char *fen = NULL;
      ArbPosition pos;

      if (g_strv_length (fields) < 6)
        continue;
      fen = g_strjoin (" ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], NULL);
      if (!arb_test_read_oracle_fen (&pos, fen, NULL))
        continue;
      t.positions++;
      decide_side (search, &t, &pos, fen, ARB_WHITE, -1);
      decide_side (search, &t, &pos, fen, ARB_BLACK, -1);
    }
  report (&t);
  g_array_unref (t.middlegame_usec);
}

int
main (int argc, char **argv)
{
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_autoptr (GPtrArray) sets = g_ptr_array_new ();
  const char *root = g_getenv ("ARB_TESTDATA");

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc)
        budget = g_ascii_strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--limit") == 0 && i + 1 < argc)
        limit = (guint) g_ascii_strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--set") == 0 && i + 1 < argc)
        g_ptr_array_add (sets, argv[++i]);
      else if (strcmp (argv[i], "--verbose") == 0)
        verbose = TRUE;
      else
        {
          fprintf (stderr, "usage: bench-unwinnable [--budget N] [--set vectors|unfair|oracle|"
                           "lichess]... [--limit N] [--verbose]\n");
          return 2;
        }
    }
  if (root == NULL)
    {
      printf ("ARB_TESTDATA is not set; nothing to measure\n");
      return 0;
    }
  if (sets->len == 0)
    {
      g_ptr_array_add (sets, "vectors");
      g_ptr_array_add (sets, "unfair");
      g_ptr_array_add (sets, "oracle");
      g_ptr_array_add (sets, "lichess");
    }
  printf ("budget %" G_GUINT64_FORMAT " nodes per side\n",
          budget ? budget : (guint64) ARB_UNWINNABLE_DEFAULT_BUDGET);
  for (guint i = 0; i < sets->len; i++)
    {
      const char *name = sets->pdata[i];

      if (strcmp (name, "vectors") == 0)
        run_vectors (search, root);
      else if (strcmp (name, "unfair") == 0)
        run_unfair (search, root);
      else if (strcmp (name, "oracle") == 0)
        run_oracle (search, root);
      else if (strcmp (name, "lichess") == 0)
        run_lichess (search, root);
    }
  return 0;
}
