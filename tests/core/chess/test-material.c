/* test-material.c: the per-side "cannot checkmate" test against oracles
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-material.h"
#include "arb-position.h"
#include "arb-test-utils.h"

typedef struct
{
  const char *fen;
  gboolean white_cannot;
  gboolean black_cannot;
  const char *why;
} MaterialCase;

/* Expected values worked out by hand from the mating patterns they name, or
 * taken from the cases python-chess and the rules research list. */
static const MaterialCase material_cases[] = {
  { "8/8/4k3/8/8/3K4/8/8 w - - 0 1", TRUE, TRUE, "bare kings" },
  { "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", TRUE, TRUE, "K+N v K" },
  { "8/8/4k3/8/8/3KB3/8/8 b - - 0 1", TRUE, TRUE, "K+B v K" },
  { "8/8/4k3/8/8/3K1q2/8/2N5 w - - 0 1", TRUE, FALSE, "K+N v K+Q: the queen cannot self-block" },
  { "8/8/4kq2/8/8/3K1q2/8/2N5 w - - 0 1", TRUE, FALSE, "K+N v K+2Q" },
  { "8/8/4k3/8/8/3K1r2/8/2N5 w - - 0 1", FALSE, FALSE,
    "K+N v K+R: mates with a self-blocking rook exist" },
  { "8/8/4k3/8/8/3K1n2/8/2N5 w - - 0 1", FALSE, FALSE, "K+N v K+N" },
  { "8/8/4k3/8/8/3K1b2/8/2N5 w - - 0 1", FALSE, FALSE, "K+N v K+B" },
  { "8/4p3/4k3/8/8/3K4/8/2N5 w - - 0 1", FALSE, FALSE, "K+N v K+P" },
  { "8/8/4k3/8/8/3K4/8/1NN5 w - - 0 1", FALSE, TRUE, "K+2N v K: a helpmate exists" },
  { "8/8/4k3/8/8/3K4/8/1NB5 w - - 0 1", FALSE, TRUE, "K+B+N v K" },
  { "8/8/4k3/8/8/3KB3/8/5b2 w - - 0 1", FALSE, FALSE, "K+B v K+B on opposite colours: helpmate" },
  { "8/8/4k3/8/8/3KB3/8/6b1 w - - 0 1", TRUE, TRUE, "K+B v K+B on one colour" },
  { "8/8/4k3/8/1B6/B2K4/1B6/8 w - - 0 1", TRUE, TRUE, "K+3B v K, all on dark squares" },
  { "8/8/4k3/8/8/B2K4/1B6/7B w - - 0 1", FALSE, TRUE, "K+3B v K, both colours" },
  { "8/8/4k3/8/8/3KB3/8/2r2r2 w - - 0 1", TRUE, FALSE,
    "K+B v K+2R: rooks cannot self-block for a bishop" },
  { "8/8/4kn2/8/8/3KB3/8/8 w - - 0 1", FALSE, FALSE, "K+B v K+N: the knight can self-block" },
  { "8/8/4k3/4p3/8/3KB3/8/8 w - - 0 1", FALSE, FALSE,
    "K+B v K+P: the pawn can promote or self-block" },
  { "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", FALSE, TRUE, "K+R v K" },
  { "8/8/4k3/8/8/3K4/P7/8 w - - 0 1", FALSE, TRUE, "K+P v K" },
  /* python-chess test_insufficient_material: Black's bishops are both dark. */
  { "3b4/8/8/6b1/8/8/R7/K1k5 w - - 0 1", FALSE, TRUE, "K+R v K+2B on dark squares" },
  /* python-chess: a lone bishop can mate with the help of the opponent. */
  { "8/8/3Q4/2bK4/B7/8/1k6/8 w - - 1 68", FALSE, FALSE, "K+Q+B v K+B" },
  /* The rook on b8 can always block on b7, so this is no mate. */
  { "kr6/2K5/8/3B4/8/8/8/8 b - - 0 1", TRUE, FALSE, "K+B v K+R, bishop check in the corner" },
};

static void
test_material_cases (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (material_cases); i++)
    {
      const MaterialCase *c = &material_cases[i];
      g_autoptr (GError) error = NULL;
      ArbPosition pos;

      g_test_message ("%s: %s", c->fen, c->why);
      arb_position_set_fen (&pos, c->fen, ARB_FEN_FLAGS_NONE, &error);
      g_assert_no_error (error);
      g_assert_cmpint (arb_position_cannot_mate (&pos, ARB_WHITE), ==, c->white_cannot);
      g_assert_cmpint (arb_position_cannot_mate (&pos, ARB_BLACK), ==, c->black_cannot);
      g_assert_cmpint (arb_position_is_dead_by_material (&pos), ==,
                       c->white_cannot && c->black_cannot);
    }
}

static char *
testdata_path (const char *relative)
{
  const char *root = g_getenv ("ARB_TESTDATA");

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_build_filename (root, relative, NULL);
}

/* The oracle files hold a few positions that cannot arise in a game (more
 * promoted pieces than missing pawns) and one without castling and e.p.
 * fields. The game reader refuses those by design; they are read
 * permissively here, since the material test only needs the placement. */
static gboolean
read_oracle_fen (ArbPosition *pos, const char *fen, guint *n_permissive)
{
  gboolean permissive;
  gboolean read = arb_test_read_oracle_fen (pos, fen, &permissive);

  *n_permissive += permissive;
  return read;
}

/* D3-Chess test-vector.txt: "XX FEN" where XX tells who can still helpmate
 * (W = White, B = Black, '-' = cannot). Any "cannot mate" from us where the
 * label says the side can is a false claim, and there must be none. */
static void
test_d3_vectors (void)
{
  g_autofree char *path = testdata_path ("D3-Chess/tests/test-vector.txt");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_positions = 0, n_unparsed = 0, n_permissive = 0, n_false = 0;
  guint n_dead = 0, n_dead_found = 0, n_side_cannot = 0, n_side_found = 0;

  if (path == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; D3-Chess vectors not checked");
      return;
    }
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      ArbPosition pos;
      gboolean white_can, black_can, white_cannot, black_cannot;

      if (line[0] == '#' || strlen (line) < 4)
        continue;
      g_assert_true (line[0] == 'W' || line[0] == '-');
      g_assert_true (line[1] == 'B' || line[1] == '-');
      g_assert_true (line[2] == ' ');
      n_positions++;
      white_can = line[0] == 'W';
      black_can = line[1] == 'B';
      n_dead += !white_can && !black_can;

      if (!read_oracle_fen (&pos, line + 3, &n_permissive))
        {
          g_test_message ("line %u not read: %s", i + 1, line);
          n_unparsed++;
          continue;
        }

      white_cannot = arb_position_cannot_mate (&pos, ARB_WHITE);
      black_cannot = arb_position_cannot_mate (&pos, ARB_BLACK);
      if ((white_cannot && white_can) || (black_cannot && black_can))
        {
          g_test_message ("false claim on line %u: %s", i + 1, line);
          n_false++;
        }

      n_side_cannot += !white_can + !black_can;
      n_side_found += (white_cannot && !white_can) + (black_cannot && !black_can);
      if (!white_can && !black_can)
        n_dead_found += arb_position_is_dead_by_material (&pos);
    }

  g_test_message (
    "D3 test-vector: %u positions (%u read permissively, %u not read), %u false claims; "
    "%u of %u dead positions proven by material, "
    "%u of %u per-side 'cannot mate' labels proven",
    n_positions, n_permissive, n_unparsed, n_false, n_dead_found, n_dead, n_side_found,
    n_side_cannot);
  /* The file's own header gives 1 803 positions, 806 of them dead. */
  g_assert_cmpuint (n_positions, ==, 1803);
  g_assert_cmpuint (n_dead, ==, 806);
  g_assert_cmpuint (n_unparsed, ==, 0);
  g_assert_cmpuint (n_false, ==, 0);
  /* python-chess's sound material test finds 31 of the dead positions
   * (rules research 2.4); ours must find at least as many. */
  g_assert_cmpuint (n_dead_found, >=, 31);
}

/* D3-Chess unfair.txt (2022 version): final positions of games lost on time
 * where the side not to move (the side that did not flag) could not mate
 * (6.9). The file has only such positions, so we count how many of them the
 * material test proves; a "can mate" answer is never wrong there, only weak. */
static void
test_d3_unfair (void)
{
  g_autofree char *path = testdata_path ("D3-Chess/tests/unfair.txt");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  guint n_positions = 0, n_unparsed = 0, n_proven = 0;
  char *line, *next;

  if (path == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; D3-Chess unfair.txt not checked");
      return;
    }
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);

  for (line = contents; line != NULL && *line != '\0'; line = next)
    {
      ArbPosition pos;
      char *id;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      /* The game id follows the six FEN fields. */
      id = strrchr (line, ' ');
      if (id == NULL)
        continue;
      *id = '\0';
      n_positions++;
      if (!arb_position_set_fen (&pos, line, ARB_FEN_FLAGS_NONE, NULL))
        {
          n_unparsed++;
          continue;
        }
      n_proven += arb_position_cannot_mate (&pos, !pos.side_to_move);
    }

  g_test_message (
    "D3 unfair.txt: %u positions, %u not read, side not to move proven unable to mate in %u",
    n_positions, n_unparsed, n_proven);
  g_assert_cmpuint (n_positions, ==, 88387);
  g_assert_cmpuint (n_unparsed, ==, 0);
  /* python-chess's material test proves 8 139 of them (rules research 2.4). */
  g_assert_cmpuint (n_proven, >=, 8139);
}

/* clean-chess oracle/ambrona-unwinnability.tsv: the full CHA verdict per side
 * (WINNABLE, UNWINNABLE or UNDETERMINED) for the final position of every
 * clean-chess fixture. A "cannot mate" from us on a WINNABLE side is a false
 * claim. */
static void
test_cha_verdicts (void)
{
  g_autofree char *path =
    testdata_path ("clean-chess/src/test/resources/oracle/ambrona-unwinnability.tsv");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_rows = 0, n_claims = 0, n_false = 0, n_unwinnable = 0, n_undetermined_claims = 0;

  if (path == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; CHA verdicts not checked");
      return;
    }
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "fen\tfullWhite\tfullBlack\t"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cols = NULL;
      ArbPosition pos;
      guint n_permissive = 0;

      if (lines[i][0] == '\0')
        continue;
      cols = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (cols), ==, 5);
      g_assert_true (read_oracle_fen (&pos, cols[0], &n_permissive));
      n_rows++;

      for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
        {
          const char *verdict = cols[1 + side];

          n_unwinnable += strcmp (verdict, "UNWINNABLE") == 0;
          if (!arb_position_cannot_mate (&pos, side))
            continue;
          n_claims++;
          if (strcmp (verdict, "WINNABLE") == 0)
            {
              g_test_message ("false claim for %s: %s", side == ARB_WHITE ? "White" : "Black",
                              cols[0]);
              n_false++;
            }
          n_undetermined_claims += strcmp (verdict, "UNDETERMINED") == 0;
        }
    }

  g_test_message (
    "CHA verdicts: %u positions, %u per-side 'cannot mate' claims (%u on UNDETERMINED), %u false; "
    "CHA finds %u unwinnable sides",
    n_rows, n_claims, n_undetermined_claims, n_false, n_unwinnable);
  g_assert_cmpuint (n_rows, ==, 1265);
  g_assert_cmpuint (n_false, ==, 0);
  g_assert_cmpuint (n_claims, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/material/cases", test_material_cases);
  g_test_add_func ("/chess/material/d3-test-vector", test_d3_vectors);
  g_test_add_func ("/chess/material/d3-unfair", test_d3_unfair);
  g_test_add_func ("/chess/material/cha-verdicts", test_cha_verdicts);

  return g_test_run ();
}
