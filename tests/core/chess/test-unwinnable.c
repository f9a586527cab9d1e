/* test-unwinnable.c: can a side still mate, decided by search, against oracles
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-unwinnable.h"
#include "arb-unwinnable-private.h"
#include "arb-unwinnable-steer.h"
#include "arb-test-utils.h"

typedef struct
{
  const char *fen;
  ArbColor side;
  ArbUnwinnableVerdict verdict;
  ArbUnwinnableProof proof; /* ARB_UNWINNABLE_BY_NONE: any */
  const char *why;
} Case;

#define CAN ARB_UNWINNABLE_CAN_MATE
#define CANNOT ARB_UNWINNABLE_CANNOT_MATE

/* Verdicts worked out by hand. */
static const Case cases[] = {
  { ARB_START_FEN, ARB_WHITE, CAN, ARB_UNWINNABLE_BY_SEARCH, "the start: 1.e4 g5 2.d4 f6 3.Qh5#" },
  { ARB_START_FEN, ARB_BLACK, CAN, ARB_UNWINNABLE_BY_SEARCH, "the start: fool's mate" },
  { "8/8/4k3/8/8/3K4/8/8 w - - 0 1", ARB_WHITE, CANNOT, ARB_UNWINNABLE_BY_MATERIAL, "bare kings" },
  { "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", ARB_WHITE, CAN, ARB_UNWINNABLE_BY_SEARCH, "K+R v K" },
  { "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", ARB_BLACK, CANNOT, ARB_UNWINNABLE_BY_MATERIAL, "lone king" },
  /* After 1.f3 e5 2.g4 Qh4#: the position answers for itself. */
  { "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ARB_BLACK, CAN,
    ARB_UNWINNABLE_BY_POSITION, "Black has mated" },
  { "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ARB_WHITE, CANNOT,
    ARB_UNWINNABLE_BY_POSITION, "White is mated" },
  /* Bishops on opposite sides of a locked wall: neither can ever check. */
  { "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", ARB_WHITE, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "locked wall, bishops behind it" },
  { "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", ARB_BLACK, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "locked wall, bishops behind it" },
  /* Kings alone behind a wall that neither king can break into. */
  { "8/3k4/6p1/p2p1pP1/P2P1P2/2K5/8/8 b - - 65 92", ARB_WHITE, CANNOT, ARB_UNWINNABLE_BY_PAWN_WALL,
    "kings and locked pawns" },
  /* 52...b4+ is forced; every answer stalemates Black (53.Kxb4, 53.Qxb4,
   * 53.Ka4, 53.Kb2). */
  { "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52", ARB_WHITE, CANNOT, ARB_UNWINNABLE_BY_SEARCH,
    "two queens, yet every line stalemates" },
  /* The white king on a1 can never move (a2 is guarded by b3, b1 is
   * attacked by a2, b2 is its own pawn), so a2, b2 and b3 never move either.
   * Black cannot mate: a1 is dark and Black's only mobile man is a light
   * bishop. White cannot: its only mobile man is a dark bishop, so the
   * black king could be mated only on a dark square, each of which has at
   * least two light neighbours that Black's single light bishop would have
   * to fill. */
  { "k7/1b6/8/8/8/1pB5/pP6/K7 w - - 0 1", ARB_WHITE, CANNOT, ARB_UNWINNABLE_BY_PAWN_WALL,
    "a king that never moves, bishops of one colour" },
  { "k7/1b6/8/8/8/1pB5/pP6/K7 w - - 0 1", ARB_BLACK, CANNOT, ARB_UNWINNABLE_BY_PAWN_WALL,
    "a king that never moves, bishops of one colour" },
  /* The wall holds: neither bishop crosses it (every light square of the
   * third rank holds a white pawn; the dark bishop on e1 is shut in behind
   * c3, f4 and h4), the knight on a1 never moves. Black's checks come only
   * from dark bishops, and every dark square the white king can reach
   * (c1, e1, g1, f2, h2) has a light neighbour nobody can fill or attack.
   * White's checks come only from the light bishop, and every light square
   * of the black king's side has at least two dark neighbours, where Black
   * has a single dark bishop to stand. */
  { "8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - - 0 1", ARB_WHITE, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "bishops locked on their side of the wall" },
  { "8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - - 0 1", ARB_BLACK, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "bishops locked on their side of the wall" },
  /* The white king only goes between h3 and h4; every other man of both
   * sides is blocked. The black king can take g2 only with White's king on
   * h4 (on h3 it guards g2), and then White has no move and no check: a
   * stalemate, so g2 stays. Black's bishops never attack the light h3, so a
   * mate on h4 needs h3 covered by the black king itself, in the very move
   * that gives check: a king's step from g1 or h1 to h2 opens no line. */
  { "8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1", ARB_BLACK, CANNOT, ARB_UNWINNABLE_BY_PAWN_WALL,
    "taking g2 stalemates; the flight h3 stays open" },
  { "8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1", ARB_WHITE, CANNOT, ARB_UNWINNABLE_BY_PAWN_WALL,
    "taking g2 stalemates; White never gets a free pawn" },
  /* The black king only goes between a5 and a6, the light a6 can never be
   * checked by the dark bishops, and taking a4 or b7 leaves Black no move
   * (a stalemate). A mate on a5 needs a6, the square just left, covered by
   * the white king in the move that gives check: no step to a7 or b7 opens
   * a line on a5. */
  { "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1", ARB_WHITE, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "a6 just left can be covered only by a quiet king step" },
  { "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1", ARB_BLACK, CANNOT,
    ARB_UNWINNABLE_BY_PAWN_WALL, "Black's pawns are blocked for good" },
  /* Black can be mated only on h8, with its two light bishops on g8 and h7
   * and a dark bishop checking along a1-h8; every white bishop on that
   * diagonal must first get out of the way, and the black king walks round
   * on light squares: a long helpmate, found by the wider search. */
  { "k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - - 0 1", ARB_WHITE, CAN, ARB_UNWINNABLE_BY_SEARCH,
    "eight bishops clear the long diagonal" },
  /* White's only legal move is Kxh5, and Black is left with a lone king. */
  { "8/6P1/5k1K/7r/8/8/8/8 w - - 0 54", ARB_BLACK, CANNOT, ARB_UNWINNABLE_BY_SEARCH,
    "only Kxh5, after which Black has a lone king" },
};

static void
check_line_mates (const ArbPosition *start, const ArbUnwinnableResult *r, ArbColor side)
{
  ArbPosition pos = *start;

  for (guint i = 0; i < r->line_length; i++)
    {
      ArbUndo undo;

      g_assert_true (arb_position_is_legal (&pos, r->line[i]));
      arb_position_make_move (&pos, r->line[i], &undo);
    }
  g_assert_true (arb_position_is_checkmate (&pos));
  g_assert_cmpint (pos.side_to_move, ==, !side);
}

static void
test_cases (void)
{
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autoptr (GError) error = NULL;
      ArbUnwinnableResult r;
      ArbPosition pos;

      g_test_message ("%s (%s): %s", c->fen, c->side == ARB_WHITE ? "white" : "black", c->why);
      g_assert_true (arb_position_set_fen (&pos, c->fen, ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      arb_unwinnable_decide (search, &pos, c->side, NULL, &r);
      g_assert_cmpstr (arb_unwinnable_verdict_to_string (r.verdict), ==,
                       arb_unwinnable_verdict_to_string (c->verdict));
      if (c->proof != ARB_UNWINNABLE_BY_NONE)
        g_assert_cmpstr (arb_unwinnable_proof_to_string (r.proof), ==,
                         arb_unwinnable_proof_to_string (c->proof));
      if (r.verdict == CAN)
        check_line_mates (&pos, &r, c->side);
      else
        g_assert_cmpuint (r.line_length, ==, 0);
      g_assert_cmpuint (r.nodes, <=, ARB_UNWINNABLE_DEFAULT_BUDGET);
    }
}

/* A flag fall with king and bishop against king, queen and pawn: the
 * bishop's side still wins on time. Here 60.Bd4 mates (the pawn takes h7,
 * the king on f7 covers g7 and g8, the queen on a8 reaches no square of the
 * diagonal); it is the only mate in one. */
static void
test_bishop_line (void)
{
  ArbUnwinnableResult r;
  ArbPosition pos;
  g_autofree char *san = NULL;

  g_assert_true (arb_position_set_fen (&pos, "q6k/5K1p/8/8/8/4B3/8/8 w - - 0 60", 0, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, NULL, &r);
  g_assert_cmpint (r.verdict, ==, CAN);
  san = arb_unwinnable_line_to_san (&pos, r.line, r.line_length);
  g_assert_cmpstr (san, ==, "60.Bd4#");
  check_line_mates (&pos, &r, ARB_WHITE);

  /* The same men with Black to move and the bishop further off: still a
   * helpmate, now a longer one, and it must replay to a mate. */
  g_assert_true (arb_position_set_fen (&pos, "1q6/p7/8/8/8/1k6/8/K6B b - - 0 60", 0, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, NULL, &r);
  g_assert_cmpint (r.verdict, ==, CAN);
  g_assert_cmpuint (r.line_length, >, 1);
  check_line_mates (&pos, &r, ARB_WHITE);
  g_clear_pointer (&san, g_free);
  san = arb_unwinnable_line_to_san (&pos, r.line, r.line_length);
  g_assert_true (g_str_has_prefix (san, "60..."));
  g_assert_true (g_str_has_suffix (san, "#"));
}

/* 9.6.2: a series that reaches 150 plies without a pawn move or a capture
 * ends the game, unless its last move mates. */
static void
test_seventy_five_moves (void)
{
  ArbUnwinnableOptions with_rule = { 0, TRUE };
  ArbUnwinnableResult r;
  ArbPosition pos;

  /* The 150th ply mates (Qa8#): it counts. */
  g_assert_true (
    arb_position_set_fen (&pos, "7k/8/6K1/8/8/8/Q7/8 w - - 149 100", ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, &with_rule, &r);
  g_assert_cmpint (r.verdict, ==, CAN);
  g_assert_cmpuint (r.line_length, ==, 1);

  /* Black must make the 150th ply: the game ends before White mates. */
  g_assert_true (
    arb_position_set_fen (&pos, "7k/8/6K1/8/8/Q7/8/8 b - - 149 100", ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, &with_rule, &r);
  g_assert_cmpint (r.verdict, ==, CANNOT);
  /* Without the rule it is an ordinary win. */
  arb_position_decide_mate (&pos, ARB_WHITE, NULL, &r);
  g_assert_cmpint (r.verdict, ==, CAN);

  /* Already over by 9.6.2. */
  g_assert_true (
    arb_position_set_fen (&pos, "8/8/8/5K2/8/8/4Q3/7k b - - 150 100", ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, &with_rule, &r);
  g_assert_cmpint (r.verdict, ==, CANNOT);
  g_assert_cmpint (r.proof, ==, ARB_UNWINNABLE_BY_SEVENTY_FIVE_MOVES);
  arb_position_decide_mate (&pos, ARB_WHITE, NULL, &r);
  g_assert_cmpint (r.verdict, ==, CAN);
}

/* The node budget holds, also when it is tiny, and then the answer is
 * undetermined, never a guess. */
static void
test_budget (void)
{
  ArbUnwinnableOptions tiny = { 50, FALSE };
  ArbUnwinnableResult r;
  ArbPosition pos;

  g_assert_true (arb_position_set_fen (&pos, "5k2/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - - 0 1",
                                       ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, &tiny, &r);
  g_assert_cmpint (r.verdict, ==, ARB_UNWINNABLE_UNDETERMINED);
  g_assert_cmpuint (r.nodes, <=, 50);

  /* Every phase and round keeps within it, down to a single node. */
  for (guint64 budget = 1; budget <= 8; budget++)
    {
      ArbUnwinnableOptions options = { budget, FALSE };

      arb_position_decide_mate (&pos, ARB_WHITE, &options, &r);
      g_assert_cmpuint (r.nodes, <=, budget);
    }
}

/* The line shown to the arbiter: from the start the search finds some
 * helpmate for Black; the shortest is four plies (1.f3 e5 2.g4 Qh4# or
 * the like), and that is what the shortening finds. */
static void
test_shorten_line (void)
{
  ArbUnwinnableResult r;
  ArbPosition pos;
  guint found;

  arb_position_set_start (&pos);
  arb_position_decide_mate (&pos, ARB_BLACK, NULL, &r);
  g_assert_cmpint (r.verdict, ==, CAN);
  found = r.line_length;
  g_assert_cmpuint (found, >, 4); /* the search steers, it does not count */
  arb_unwinnable_shorten_line (&pos, ARB_BLACK, TRUE, 1000000, &r);
  g_assert_cmpuint (r.line_length, ==, 4);
  g_assert_cmpuint (r.line_length, <=, found);
  check_line_mates (&pos, &r, ARB_BLACK);

  /* A budget too small leaves the line as it was. */
  arb_position_decide_mate (&pos, ARB_BLACK, NULL, &r);
  arb_unwinnable_shorten_line (&pos, ARB_BLACK, TRUE, 10, &r);
  g_assert_cmpuint (r.line_length, ==, found);
  check_line_mates (&pos, &r, ARB_BLACK);
}

static gboolean
stop_on_third_call (gpointer data)
{
  guint *calls = data;

  return ++*calls >= 3;
}

static gboolean
never_stop (gpointer data)
{
  guint *calls = data;

  ++*calls;
  return FALSE;
}

/* The caller's stop function ends a long search early, undetermined; one
 * that never says stop changes nothing. The position needs millions of
 * nodes (Black's pawns never get past White's in time). */
static void
test_stop (void)
{
  guint calls = 0;
  ArbUnwinnableOptions stopped = { 0, FALSE, stop_on_third_call, &calls };
  ArbUnwinnableOptions going = { 0, FALSE, never_stop, &calls };
  ArbUnwinnableResult r;
  ArbPosition pos;

  g_assert_true (arb_position_set_fen (&pos, "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1",
                                       ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_BLACK, &stopped, &r);
  g_assert_cmpint (r.verdict, ==, ARB_UNWINNABLE_UNDETERMINED);
  g_assert_cmpuint (calls, ==, 3);
  g_assert_cmpuint (r.nodes, <, ARB_UNWINNABLE_DEFAULT_BUDGET / 100);

  /* A short question answers the same with a stop function that says no. */
  calls = 0;
  g_assert_true (arb_position_set_fen (&pos, "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52",
                                       ARB_FEN_FLAGS_NONE, NULL));
  arb_position_decide_mate (&pos, ARB_WHITE, &going, &r);
  g_assert_cmpint (r.verdict, ==, ARB_UNWINNABLE_CANNOT_MATE);
  g_assert_cmpuint (calls, >, 0);
}

static void
test_fixed_pawns (void)
{
  ArbPosition pos;

  /* The whole wall is fixed. */
  g_assert_true (arb_position_set_fen (&pos, "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
                                       ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_unwinnable_fixed_pawns (&pos), ==,
                   arb_position_occupied (&pos) & pos.by_type[ARB_PAWN]);
  /* Through the open h-file each king walks round to the enemy pawns, which
   * no pawn guards, and the wall falls. */
  g_assert_true (arb_position_set_fen (&pos, "4k3/8/8/1p1p1p2/1P1P1P2/8/8/4K3 w - - 0 1",
                                       ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_unwinnable_fixed_pawns (&pos), ==, 0);
  /* Castling rights: not judged. */
  g_assert_true (arb_position_set_fen (&pos, ARB_START_FEN, ARB_FEN_FLAGS_NONE, NULL));
  g_assert_cmphex (arb_unwinnable_fixed_pawns (&pos), ==, 0);
}

static char *
testdata_path (const char *relative)
{
  const char *root = g_getenv ("ARB_TESTDATA");

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_build_filename (root, relative, NULL);
}

/* Under the sanitizers the big sets are sampled. */
static guint
sample_step (void)
{
  return g_getenv ("ARB_PERFT_QUICK") != NULL ? 25 : 1;
}

typedef struct
{
  guint sides, can, cannot, undetermined, wrong;
} Tally;

/* @expected: 1 can mate, 0 cannot, -1 not known. A decided verdict that
 * contradicts a known label is a wrong verdict. */
static void
tally (ArbUnwinnable *search,
       Tally *t,
       const ArbPosition *pos,
       ArbColor side,
       int expected,
       const char *what)
{
  ArbUnwinnableResult r;

  arb_unwinnable_decide (search, pos, side, NULL, &r);
  t->sides++;
  if (r.verdict == CAN)
    {
      ArbPosition p = *pos;

      t->can++;
      /* A line that does not replay to a mate would be a wrong verdict too. */
      for (guint i = 0; i < r.line_length; i++)
        {
          ArbUndo undo;

          g_assert_true (arb_position_is_legal (&p, r.line[i]));
          /* Every position on the way can still be mated: a static proof
           * of the contrary anywhere along the line would be unsound. */
          if (arb_unwinnable_static_dead (&p, side))
            {
              g_test_message ("static proof contradicts the helpmate of %s at ply %u", what, i);
              t->wrong++;
            }
          arb_position_make_move (&p, r.line[i], &undo);
        }
      if (r.line_complete && !arb_position_is_checkmate (&p))
        t->wrong++;
    }
  else if (r.verdict == CANNOT)
    t->cannot++;
  else
    t->undetermined++;
  if (expected >= 0 && r.verdict != ARB_UNWINNABLE_UNDETERMINED && (r.verdict == CAN) != expected)
    {
      g_test_message ("wrong verdict for %s (%s): %s", what, side == ARB_WHITE ? "white" : "black",
                      arb_unwinnable_verdict_to_string (r.verdict));
      t->wrong++;
    }
  g_assert_cmpuint (r.nodes, <=, ARB_UNWINNABLE_DEFAULT_BUDGET);
}

static void
test_d3_vectors (void)
{
  g_autofree char *path = testdata_path ("D3-Chess/tests/test-vector.txt");
  g_autofree char *contents = NULL;
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_auto (GStrv) lines = NULL;
  Tally t = { 0 };
  guint n = 0, step = sample_step ();

  if (path == NULL || !g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; D3-Chess vectors not checked");
      return;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      ArbPosition pos;

      if (line[0] == '#' || strlen (line) < 4)
        continue;
      if (n++ % step != 0)
        continue;
      g_assert_true (arb_test_read_oracle_fen (&pos, line + 3, NULL));
      tally (search, &t, &pos, ARB_WHITE, line[0] == 'W', line);
      tally (search, &t, &pos, ARB_BLACK, line[1] == 'B', line);
    }
  g_test_message ("D3 test-vector: %u positions, %u sides: can-mate %u, cannot-mate %u, "
                  "undetermined %u, wrong %u",
                  n, t.sides, t.can, t.cannot, t.undetermined, t.wrong);
  g_assert_cmpuint (n, ==, 1803);
  g_assert_cmpuint (t.wrong, ==, 0);
  /* At the default budget every side is decided. */
  g_assert_cmpuint (t.undetermined, ==, 0);
}

static void
test_d3_unfair (void)
{
  g_autofree char *path = testdata_path ("D3-Chess/tests/unfair.txt");
  g_autofree char *contents = NULL;
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_auto (GStrv) lines = NULL;
  Tally t = { 0 };
  guint n = 0, step = sample_step ();

  if (path == NULL || !g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; D3-Chess unfair.txt not checked");
      return;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", 7);
      g_autofree char *fen = NULL;
      ArbPosition pos;

      if (g_strv_length (fields) < 6)
        continue;
      if (n++ % step != 0)
        continue;
      fen = g_strjoin (" ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], NULL);
      g_assert_true (arb_test_read_oracle_fen (&pos, fen, NULL));
      /* The side to move flagged; the other side cannot mate. */
      tally (search, &t, &pos, !pos.side_to_move, 0, fen);
    }
  g_test_message ("D3 unfair: %u positions: cannot-mate %u, undetermined %u, wrong %u", n, t.cannot,
                  t.undetermined, t.wrong);
  g_assert_cmpuint (n, ==, 88387);
  g_assert_cmpuint (t.wrong, ==, 0);
  g_assert_cmpuint (t.undetermined, ==, 0);
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

/* clean-chess's table of the published analyzer's full verdicts. The
 * analyzer asks the question of pure chess, without the 75-move rule, and
 * so do we here. */
static void
test_clean_chess_oracle (void)
{
  g_autofree char *path =
    testdata_path ("clean-chess/src/test/resources/oracle/ambrona-unwinnability.tsv");
  g_autofree char *contents = NULL;
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_auto (GStrv) lines = NULL;
  Tally t = { 0 };
  guint n = 0;

  if (path == NULL || !g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; clean-chess oracle not checked");
      return;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      ArbPosition pos;

      if (g_strv_length (fields) < 3)
        continue;
      n++;
      g_assert_true (arb_test_read_oracle_fen (&pos, fields[0], NULL));
      tally (search, &t, &pos, ARB_WHITE, oracle_value (fields[1]), fields[0]);
      tally (search, &t, &pos, ARB_BLACK, oracle_value (fields[2]), fields[0]);
    }
  g_test_message ("clean-chess oracle: %u positions: can-mate %u, cannot-mate %u, "
                  "undetermined %u, disagreements %u",
                  n, t.can, t.cannot, t.undetermined, t.wrong);
  g_assert_cmpuint (n, ==, 1265);
  g_assert_cmpuint (t.wrong, ==, 0);
  g_assert_cmpuint (t.undetermined, ==, 0);
}

/* Whether order_moves() puts @b before @a when they are the only moves:
 * with two moves it sorts by insertion, so this says score(b) > score(a). */
static gboolean
ordered_before (const ArbPosition *pos, ArbMove a, ArbMove b, ArbColor winner)
{
  ArbMoveList pair;

  pair.n_moves = 2;
  pair.moves[0] = a;
  pair.moves[1] = b;
  arb_unwinnable_order_moves (pos, &pair, winner);
  return pair.moves[0] == b;
}

/* Long lists are sorted by a radix sort of the scores; it must give the
 * order of a stable sort by score, highest first, which is rebuilt here
 * by insertion from the answers for each pair. The positions have 20 to
 * 48 legal moves, for each side as the winner. */
static void
test_move_order (void)
{
  static const char *const fens[] = {
    ARB_START_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5pp1/p3p2p/1p6/3r4/P4Q1P/1P3PP1/6K1 b - - 1 30",
  };

  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
      {
        ArbPosition pos;
        ArbMoveList list, expected;

        g_assert_true (arb_position_set_fen (&pos, fens[f], ARB_FEN_FLAGS_NONE, NULL));
        arb_position_legal_moves (&pos, &list);
        g_assert_cmpuint (list.n_moves, >=, 20);
        expected = list;
        for (guint i = 1; i < expected.n_moves; i++)
          {
            ArbMove m = expected.moves[i];
            guint j = i;

            for (; j > 0 && ordered_before (&pos, expected.moves[j - 1], m, winner); j--)
              expected.moves[j] = expected.moves[j - 1];
            expected.moves[j] = m;
          }
        arb_unwinnable_order_moves (&pos, &list, winner);
        for (guint i = 0; i < list.n_moves; i++)
          g_assert_cmpuint (list.moves[i], ==, expected.moves[i]);
      }
}

/* The search takes the first moves of a list one at a time
 * (arb_unwinnable_pick_move()) and sorts the rest when it gets that far:
 * whatever number it picks before the sort, the moves must come in the
 * order of arb_unwinnable_order_moves(). The positions are those above
 * and two from the middle of the corpus's games, where many moves share a
 * score. */
static void
test_move_picks (void)
{
  static const char *const fens[] = {
    ARB_START_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5pp1/p3p2p/1p6/3r4/P4Q1P/1P3PP1/6K1 b - - 1 30",
    "2kr3r/pp3pp1/2p1pn1p/3n4/2PP3q/3Q2N1/PP3PPP/R1BR2K1 b - c3 0 17",
    "8/8/k7/1n2p1p1/2K3Pp/7P/5PB1/8 w - - 0 50",
  };

  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
      {
        ArbPosition pos;
        ArbMoveList list, expected;

        g_assert_true (arb_position_set_fen (&pos, fens[f], ARB_FEN_FLAGS_NONE, NULL));
        arb_position_legal_moves (&pos, &list);
        expected = list;
        arb_unwinnable_order_moves (&pos, &expected, winner);
        for (guint picks = 0; picks <= list.n_moves; picks++)
          {
            ArbMoveList picked = list;
            gint16 scores[ARB_MAX_MOVES];

            arb_unwinnable_score_moves (&pos, &picked, winner, scores);
            for (guint i = 0; i < picks; i++)
              arb_unwinnable_pick_move (picked.moves, scores, i, picked.n_moves);
            arb_unwinnable_sort_scored (picked.moves + picks, scores + picks,
                                        picked.n_moves - picks);
            for (guint i = 0; i < list.n_moves; i++)
              g_assert_cmpuint (picked.moves[i], ==, expected.moves[i]);
          }
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/unwinnable/cases", test_cases);
  g_test_add_func ("/chess/unwinnable/move-order", test_move_order);
  g_test_add_func ("/chess/unwinnable/move-picks", test_move_picks);
  g_test_add_func ("/chess/unwinnable/bishop-helpmate-line", test_bishop_line);
  g_test_add_func ("/chess/unwinnable/seventy-five-moves", test_seventy_five_moves);
  g_test_add_func ("/chess/unwinnable/budget", test_budget);
  g_test_add_func ("/chess/unwinnable/stop", test_stop);
  g_test_add_func ("/chess/unwinnable/shorten-line", test_shorten_line);
  g_test_add_func ("/chess/unwinnable/fixed-pawns", test_fixed_pawns);
  g_test_add_func ("/chess/unwinnable/d3-vectors", test_d3_vectors);
  g_test_add_func ("/chess/unwinnable/d3-unfair", test_d3_unfair);
  g_test_add_func ("/chess/unwinnable/clean-chess-oracle", test_clean_chess_oracle);

  return g_test_run ();
}
