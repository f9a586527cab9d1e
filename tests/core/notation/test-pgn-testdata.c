/* test-pgn-testdata.c: the PGN reader and writer on external test data
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected values come from the data's own sources: python-chess's
 * test.py (final FENs, tags), clean-chess's PgnTestCaseCatalog (final FENs
 * of 1 280 fixtures, turned into a table by us), and the directory names of
 * the chess-library and clean-chess parser fixtures (success/exception).
 */

#include <string.h>

#include "arb-pgn-game.h"
#include "arb-pgn-writer.h"

static char *
testdata (const char *relative)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  char *path;

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_test_skip (
        "ARB_TESTDATA is not set or not a directory: external test data is not available");
      return NULL;
    }
  path = g_build_filename (root, relative, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *msg = g_strdup_printf ("%s is missing from the test data", relative);

      g_test_skip (msg);
      g_free (path);
      return NULL;
    }
  return path;
}

static GPtrArray *
read_games (const char *path, ArbPgnReaderFlags flags)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = arb_pgn_game_read_file (path, flags, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games;
}

static char *
final_fen (const ArbPgnGame *game)
{
  ArbPosition pos;

  arb_pgn_game_get_position (game, G_MAXUINT, &pos);
  return arb_position_to_fen (&pos, ARB_FEN_FLAGS_NONE);
}

static ArbPgnGame *
game_at (GPtrArray *games, guint i)
{
  g_assert_cmpuint (i, <, games->len);
  return g_ptr_array_index (games, i);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Lists the files under dir (recursively) whose name ends with suffix. */
static void
list_files (const char *dir, const char *suffix, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        list_files (path, suffix, out);
      else if (suffix == NULL || g_str_has_suffix (path, suffix))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

/* ---- python-chess data/pgn ------------------------------------------------ */

static void
test_python_chess (void)
{
  g_autofree char *dir = testdata ("python-chess/data/pgn");
  GPtrArray *games;
  g_autofree char *path = NULL;
  ArbPgnGame *game;
  char *fen;

  if (dir == NULL)
    return;

#define LOAD(name, flags)                      \
  G_STMT_START                                 \
  {                                            \
    g_free (path);                             \
    path = g_build_filename (dir, name, NULL); \
    games = read_games (path, flags);          \
  }                                            \
  G_STMT_END

  /* test_z0: a null move. The strict game-score rule refuses it, at the
   * 82nd half-move (41... Z0 comes after 41. Bxf3). */
  LOAD ("anastasian-lewis.pgn", 0);
  g_assert_cmpuint (games->len, ==, 1);
  game = game_at (games, 0);
  g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_NULL_MOVE);
  g_assert_cmpuint (game->error_info.ply, ==, 82);
  g_assert_cmpstr (game->error_info.token, ==, "Z0");
  g_assert_nonnull (strstr (game->error->message, "null move"));
  g_ptr_array_unref (games);

  /* test_uci_moves: refused by default, read with ARB_PGN_READER_ACCEPT_UCI
   * to python-chess's final FEN. */
  LOAD ("uci-moves.pgn", 0);
  game = game_at (games, 0);
  g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE);
  g_assert_nonnull (strstr (game->error->message, "UCI"));
  g_ptr_array_unref (games);
  LOAD ("uci-moves.pgn", ARB_PGN_READER_ACCEPT_UCI);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  fen = final_fen (game);
  g_assert_cmpstr (fen, ==, "8/8/2B5/4k3/4Pp2/1b6/1P3K2/8 b - - 0 57");
  g_free (fen);
  g_ptr_array_unref (games);

  /* test_cutechess_fischerrandom */
  LOAD ("cutechess-fischerrandom.pgn", 0);
  g_assert_cmpuint (games->len, ==, 4);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  g_assert_true (game->start.chess960);
  fen = arb_position_to_fen (&game->start, ARB_FEN_FLAGS_NONE);
  g_assert_cmpstr (fen, ==, "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1");
  g_free (fen);
  for (guint i = 0; i < games->len; i++)
    g_assert_no_error (game_at (games, i)->error);
  g_ptr_array_unref (games);

  /* stockfish-learning: python-chess's final board. */
  LOAD ("stockfish-learning.pgn", 0);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  fen = final_fen (game);
  g_assert_cmpstr (fen, ==, "8/2p2k2/1pR3p1/1P1P4/p1P2P2/P4K2/8/5r2 w - - 7 78");
  g_free (fen);
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "Opening"), ==, "St. George (Baker) defense");
  g_ptr_array_unref (games);

  LOAD ("kasparov-deep-blue-1997.pgn", 0);
  g_assert_cmpuint (games->len, ==, 6);
  game = game_at (games, 0);
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "Event"), ==, "IBM Man-Machine, New York USA");
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "Site"), ==, "01");
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "Result"), ==, "1-0");
  for (guint i = 0; i < games->len; i++)
    g_assert_no_error (game_at (games, i)->error);
  g_ptr_array_unref (games);

  LOAD ("nepomniachtchi-liren-game1.pgn", 0);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "TimeControl"), ==, "40/7200:20/3600:900+30");
  g_assert_cmpuint (arb_pgn_game_get_n_plies (game), ==, 97);
  g_ptr_array_unref (games);

  /* A ChessBase export with an empty line among the tags. */
  LOAD ("chessbase-empty-line.pgn", 0);
  g_assert_cmpuint (games->len, ==, 1);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  g_assert_cmpstr (arb_pgn_game_get_tag (game, "Event"), ==, "AlphaZero vs. Stockfish");
  {
    char uci[6];

    arb_move_write_uci (&game->start, arb_pgn_game_get_node (game, 1)->move, uci);
    g_assert_cmpstr (uci, ==, "e2e4");
  }
  g_ptr_array_unref (games);

  LOAD ("utf8-bom.pgn", 0);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (arb_pgn_game_get_tag (game_at (games, 0), "Event"), ==, "A");
  g_assert_cmpstr (arb_pgn_game_get_tag (game_at (games, 1), "Event"), ==, "B");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_no_error (game_at (games, i)->error);
      g_assert_cmpuint (arb_pgn_game_get_n_plies (game_at (games, i)), ==, 0);
      g_assert_cmpint (game_at (games, i)->result, ==, ARB_PGN_RESULT_ONGOING);
    }
  g_ptr_array_unref (games);

  LOAD ("molinari-bordais-1979.pgn", 0);
  game = game_at (games, 0);
  g_assert_no_error (game->error);
  g_assert_cmpuint (arb_pgn_game_get_n_plies (game), ==, 10);
  g_assert_cmpint (game->result, ==, ARB_PGN_RESULT_BLACK_WINS);
  g_ptr_array_unref (games);

  /* Variants we do not play are refused, naming the variant. */
  {
    static const char *const variants[][2] = {
      { "antichess-programfox.pgn", "Antichess" },
      { "knightvuillaume-jannlee-zh-lichess.pgn", "Crazyhouse" },
      { "saturs-jannlee-zh-lichess.pgn", "Crazyhouse" },
    };

    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        LOAD (variants[v][0], 0);
        g_assert_cmpuint (games->len, >=, 1);
        for (guint i = 0; i < games->len; i++)
          {
            game = game_at (games, i);
            g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_VARIANT);
            g_assert_nonnull (strstr (game->error->message, variants[v][1]));
          }
        g_ptr_array_unref (games);
      }
  }
#undef LOAD
}

/* ---- clean-chess: 1 280 fixtures with known final positions --------------- */

static void
test_clean_chess_final_fens (void)
{
  g_autofree char *tsv = testdata ("clean-chess/DERIVED-PgnTestCaseCatalog-expectations.tsv");
  g_autofree char *root = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  guint checked = 0;

  if (tsv == NULL)
    return;
  root = g_path_get_dirname (tsv);
  g_assert_true (g_file_get_contents (tsv, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "path\t"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cols = NULL;
      g_autofree char *path = NULL;
      g_autoptr (GPtrArray) games = NULL;
      g_autofree char *fen = NULL;
      guint n;

      if (lines[i][0] == '\0')
        continue;
      cols = g_strsplit (lines[i], "\t", -1);
      n = g_strv_length (cols);
      g_assert_cmpuint (n, ==, 10);
      path = g_build_filename (root, cols[0], NULL);
      games = read_games (path, ARB_PGN_READER_DEFAULT);
      g_test_message ("%s", cols[0]);
      g_assert_cmpuint (games->len, ==, 1);
      g_assert_no_error (game_at (games, 0)->error);
      fen = final_fen (game_at (games, 0));
      g_assert_cmpstr (fen, ==, cols[9]);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 1280);
}

/* ---- chess-library parser fixtures --------------------------------------- */

typedef struct
{
  const char *file;
  guint games;
  guint errors;
} LibraryCase;

static const LibraryCase library_cases[] = {
  { "backslash_header.pgn", 1, 0 },
  { "basic.pgn", 1, 0 },
  /* "1...0-0-0" with the queen still on d8: an illegal move. */
  { "black2move.pgn", 1, 1 },
  { "book.pgn", 1, 0 },
  { "castling.pgn", 1, 0 },
  { "comment_before_moves.pgn", 1, 0 },
  /* Cut off in the middle of "63. Kx". */
  { "corrupted.pgn", 1, 1 },
  { "empty_body.pgn", 2, 0 },
  { "multiple.pgn", 4, 0 },
  { "newline.pgn", 1, 0 },
  { "no_moves.pgn", 1, 0 },
  { "no_moves_but_comment_followed_by_termination_marker.pgn", 2, 0 },
  { "no_moves_but_game_termination.pgn", 1, 0 },
  { "no_moves_but_game_termination_2.pgn", 1, 0 },
  { "no_moves_but_game_termination_3.pgn", 1, 0 },
  { "no_moves_but_game_termination_multiple.pgn", 2, 0 },
  { "no_moves_but_game_termination_multiple_2.pgn", 3, 0 },
  { "no_moves_two_games.pgn", 2, 0 },
  { "no_result.pgn", 1, 0 },
  { "non_ascii.pgn", 1, 0 },
  { "skip.pgn", 2, 0 },
  { "square_bracket_in_header.pgn", 1, 0 },
  { "threefold_repetition.pgn", 1, 0 },
  { "unescaped_quote_header.pgn", 1, 0 },
  { "variations.pgn", 1, 0 },
};

static void
test_chess_library (void)
{
  g_autofree char *dir = testdata ("chess-library/tests/pgns");

  if (dir == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (library_cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, library_cases[i].file, NULL);
      g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);
      guint errors = 0;

      g_test_message ("%s", library_cases[i].file);
      g_assert_cmpuint (games->len, ==, library_cases[i].games);
      for (guint k = 0; k < games->len; k++)
        if (game_at (games, k)->error != NULL)
          {
            errors++;
            g_assert_true (g_str_has_prefix (game_at (games, k)->error->message, "game "));
          }
      g_assert_cmpuint (errors, ==, library_cases[i].errors);
    }

  /* Details of the two broken ones. */
  {
    g_autofree char *path = g_build_filename (dir, "corrupted.pgn", NULL);
    g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);
    ArbPgnGame *game = game_at (games, 0);

    g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE);
    g_assert_cmpstr (game->error_info.token, ==, "Kx");
    g_assert_cmpuint (game->error_info.ply, ==, 125);
    g_assert_cmpuint (arb_pgn_game_get_n_plies (game), ==, 124);
  }
  {
    g_autofree char *path = g_build_filename (dir, "variations.pgn", NULL);
    g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);
    ArbPgnGame *game = game_at (games, 0);

    /* 4. fxe5 (4. Nf3 f6 $5): a variation on the 7th half-move. */
    g_assert_nonnull (arb_pgn_game_get_node (game, 7)->variations);
  }
}

/* ---- clean-chess strict parser fixtures ------------------------------------ */

static void
test_strict_exceptions (void)
{
  g_autofree char *dir = testdata ("clean-chess/src/test/resources/pgnParser/strict");
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;

  if (dir == NULL)
    return;
  list_files (dir, ".pgn", files);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GPtrArray) games = NULL;
      g_autoptr (GPtrArray) lenient = NULL;
      guint errors = 0;

      if (strstr (path, "/exception/") == NULL)
        continue;
      checked++;
      games = read_games (path, ARB_PGN_READER_STRICT);
      /* Lenient reading of the same file must not crash either. */
      lenient = read_games (path, ARB_PGN_READER_DEFAULT);

      g_test_message ("%s", path);
      g_assert_cmpuint (games->len, >=, 1);
      for (guint k = 0; k < games->len; k++)
        {
          const GError *error = game_at (games, k)->error;

          if (error == NULL)
            continue;
          errors++;
          g_assert_true (g_str_has_prefix (error->message, "game "));
          g_assert_cmpuint (game_at (games, k)->error_info.line, >=, 1);
        }
      g_assert_cmpuint (errors, >=, 1);
    }
  /* 39 in exception/ and 6 move suffix annotation cases. */
  g_assert_cmpuint (checked, ==, 45);
}

static void
test_strict_success (void)
{
  g_autofree char *dir = testdata ("clean-chess/src/test/resources/pgnParser/strict");
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;

  if (dir == NULL)
    return;
  list_files (dir, ".pgn", files);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GPtrArray) games = NULL;

      if (strstr (path, "/exception/") != NULL)
        continue;
      g_test_message ("%s", path);
      games = read_games (path, ARB_PGN_READER_STRICT);
      g_assert_cmpuint (games->len, ==, 1);
      /* This one ends without a line break, which our strict mode refuses
       * just as clean-chess's 03_does_not_end_with_empty_line.pgn expects. */
      if (g_str_has_suffix (path, "krush_irina_vs_kosteniuk_alexandra_2019.05.18.pgn"))
        g_assert_error (game_at (games, 0)->error, ARB_PGN_ERROR, ARB_PGN_ERROR_STRICT);
      else
        g_assert_no_error (game_at (games, 0)->error);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 28);
}

/* ---- pgn-extract inputs ------------------------------------------------------ */

static void
test_pgn_extract (void)
{
  static const char *const clean[] = {
    "fischer.pgn",           "petrosian.pgn",      "najdorf.pgn",
    "test-hash.pgn",         "bots.pgn",           "barnes-horton.pgn",
    "test-repetition.pgn",   "test-fifty.pgn",     "test-seventyfive.pgn",
    "test-checkmate.pgn",    "test-stalemate.pgn", "test-nagcomments.pgn",
    "test-setup-in.pgn",     "test-long-line.pgn", "test-fixresulttags-in.pgn",
    "test-nobadresults.pgn", "test-e.pgn",         "test-notags.pgn",
  };
  g_autofree char *dir = testdata ("pgn-extract/test/infiles");

  if (dir == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (clean); i++)
    {
      g_autofree char *path = g_build_filename (dir, clean[i], NULL);
      g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);

      g_test_message ("%s", clean[i]);
      g_assert_cmpuint (games->len, >=, 1);
      for (guint k = 0; k < games->len; k++)
        g_assert_no_error (game_at (games, k)->error);
    }

  /* Null moves, in the main line and in a variation. */
  {
    g_autofree char *path = g_build_filename (dir, "test-allownullmoves.pgn", NULL);
    g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);

    for (guint k = 0; k < games->len; k++)
      g_assert_error (game_at (games, k)->error, ARB_PGN_ERROR, ARB_PGN_ERROR_NULL_MOVE);
  }
  /* "f3 e5 g4 Qh4 Kf2": White is mated, so Kf2 is illegal. */
  {
    g_autofree char *path = g_build_filename (dir, "test-r.txt", NULL);
    g_autoptr (GPtrArray) games = read_games (path, ARB_PGN_READER_DEFAULT);
    ArbPgnGame *game = game_at (games, 0);

    g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE);
    g_assert_cmpuint (game->error_info.ply, ==, 5);
    g_assert_cmpstr (game->error_info.token, ==, "Kf2");
  }
}

/* ---- Round trip and chunked reading on every real game ----------------------- */

static void
collect_real_files (GPtrArray *files)
{
  const char *root = g_getenv ("ARB_TESTDATA");
  static const char *const single[] = {
    "python-chess/data/pgn/chessbase-empty-line.pgn",
    "python-chess/data/pgn/cutechess-fischerrandom.pgn",
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/molinari-bordais-1979.pgn",
    "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
    "python-chess/data/pgn/stockfish-learning.pgn",
    "python-chess/data/pgn/utf8-bom.pgn",
    "chess-library/fuzz/corpus/pgn/fishtest-fastchess.pgn",
    "chess-library/fuzz/corpus/pgn/magnus-grischuk.pgn",
    "chess-library/fuzz/corpus/pgn/bare",
    "pgn-extract/test/infiles/fischer.pgn",
    "pgn-extract/test/infiles/petrosian.pgn",
    "pgn-extract/test/infiles/najdorf.pgn",
    "pgn-extract/test/infiles/test-hash.pgn",
    "pgn-extract/test/infiles/bots.pgn",
  };
  g_autofree char *pgns = g_build_filename (root, "chess-library/tests/pgns", NULL);
  g_autofree char *clean = g_build_filename (root, "clean-chess/src/test/resources/pgn", NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (single); i++)
    g_ptr_array_add (files, g_build_filename (root, single[i], NULL));
  list_files (pgns, ".pgn", files);
  list_files (clean, ".pgn", files);
}

/* The writer adds roster tags with default values, and SetUp/FEN/Variant
 * where the game needs them; everything else must be equal. */
static void
assert_same_game (ArbPgnGame *a, ArbPgnGame *b)
{
  GPtrArray *tags = b->tags;
  ArbPgnResult result = b->result;
  gboolean equal;

  for (guint i = 0; i < a->tags->len; i++)
    {
      const ArbPgnTag *tag = g_ptr_array_index (a->tags, i);

      /* SetUp and FEN follow the start position, which is compared below. */
      if (strcmp (tag->name, "SetUp") == 0 || strcmp (tag->name, "FEN") == 0)
        continue;
      /* The Result tag follows the termination marker. */
      if (strcmp (tag->name, "Result") == 0 && a->result != ARB_PGN_RESULT_NONE)
        g_assert_cmpstr (arb_pgn_game_get_tag (b, "Result"), ==,
                         arb_pgn_result_to_string (a->result));
      else if (strcmp (tag->name, "Result") == 0 &&
               arb_pgn_result_from_string (tag->value, strlen (tag->value)) == ARB_PGN_RESULT_NONE)
        g_assert_cmpstr (arb_pgn_game_get_tag (b, "Result"), ==, "*");
      else
        g_assert_cmpstr (arb_pgn_game_get_tag (b, tag->name), ==, tag->value);
    }
  b->tags = a->tags;
  if (a->result == ARB_PGN_RESULT_NONE)
    b->result = ARB_PGN_RESULT_NONE;
  equal = arb_pgn_game_equal (a, b);
  b->tags = tags;
  b->result = result;
  g_assert_true (equal);
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint n_games = 0;

  if (g_getenv ("ARB_TESTDATA") == NULL ||
      !g_file_test (g_getenv ("ARB_TESTDATA"), G_FILE_TEST_IS_DIR))
    {
      g_test_skip (
        "ARB_TESTDATA is not set or not a directory: external test data is not available");
      return;
    }
  collect_real_files (files);
  g_assert_cmpuint (files->len, >, 1300);

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr (GPtrArray) first =
        read_games (g_ptr_array_index (files, i), ARB_PGN_READER_DEFAULT);

      for (guint k = 0; k < first->len; k++)
        {
          ArbPgnGame *a = game_at (first, k);
          g_autofree char *text = NULL;
          g_autofree char *again = NULL;
          g_autoptr (GPtrArray) second = NULL;

          if (a->error != NULL)
            continue;
          text = arb_pgn_game_to_string (a, ARB_PGN_WRITE_DEFAULT);
          /* What we write is export format: strict mode reads it. */
          second = arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_STRICT);
          g_assert_cmpuint (second->len, ==, 1);
          if (game_at (second, 0)->error != NULL)
            g_test_message ("%s game %u:\n%s", (char *) g_ptr_array_index (files, i), k + 1, text);
          g_assert_no_error (game_at (second, 0)->error);
          assert_same_game (a, game_at (second, 0));
          again = arb_pgn_game_to_string (game_at (second, 0), ARB_PGN_WRITE_DEFAULT);
          g_assert_cmpstr (again, ==, text);
          n_games++;
        }
    }
  g_test_message ("%u games written and read back", n_games);
  g_assert_cmpuint (n_games, >, 1400);
}

static void
collect_game (ArbPgnGame *game, gpointer data)
{
  g_ptr_array_add (data, game);
}

static void
test_chunks (void)
{
  g_autofree char *dir = testdata ("chess-library/tests/pgns");
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  static const gsize chunks[] = { 1, 2, 3, 4, 5, 6, 7, 13, 1000 };

  if (dir == NULL)
    return;
  list_files (dir, ".pgn", files);
  collect_real_files (files);
  for (guint i = 0; i < files->len && i < 60; i++)
    {
      g_autofree char *contents = NULL;
      gsize len;
      g_autoptr (GPtrArray) whole = NULL;

      g_assert_true (g_file_get_contents (g_ptr_array_index (files, i), &contents, &len, NULL));
      whole = arb_pgn_game_parse_all (contents, len, ARB_PGN_READER_DEFAULT);
      for (gsize c = 0; c < G_N_ELEMENTS (chunks); c++)
        {
          g_autoptr (GPtrArray) parts =
            g_ptr_array_new_with_free_func ((GDestroyNotify) arb_pgn_game_free);
          g_autoptr (ArbPgnReader) reader =
            arb_pgn_game_reader_new (ARB_PGN_READER_DEFAULT, collect_game, parts);

          for (gsize off = 0; off < len; off += chunks[c])
            arb_pgn_reader_feed (reader, contents + off, MIN (chunks[c], len - off));
          arb_pgn_reader_finish (reader);
          g_assert_cmpuint (parts->len, ==, whole->len);
          for (guint k = 0; k < whole->len; k++)
            {
              ArbPgnGame *a = game_at (whole, k), *b = game_at (parts, k);

              g_assert_true (arb_pgn_game_equal (a, b));
              g_assert_cmpstr (a->error != NULL ? a->error->message : "", ==,
                               b->error != NULL ? b->error->message : "");
            }
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/notation/pgn-testdata/python-chess", test_python_chess);
  g_test_add_func ("/notation/pgn-testdata/clean-chess-final-fens", test_clean_chess_final_fens);
  g_test_add_func ("/notation/pgn-testdata/chess-library", test_chess_library);
  g_test_add_func ("/notation/pgn-testdata/strict-exceptions", test_strict_exceptions);
  g_test_add_func ("/notation/pgn-testdata/strict-success", test_strict_success);
  g_test_add_func ("/notation/pgn-testdata/pgn-extract", test_pgn_extract);
  g_test_add_func ("/notation/pgn-testdata/round-trip", test_round_trip);
  g_test_add_func ("/notation/pgn-testdata/chunks", test_chunks);

  return g_test_run ();
}
