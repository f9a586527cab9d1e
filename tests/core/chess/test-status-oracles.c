/* test-status-oracles.c: game status against clean-chess and pgn-extract
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-material.h"
#include "arb-pgn-reader.h"
#include "arb-position.h"

/* One game as read from a PGN file, replayed through ArbGameStatus the way
 * `arbiter-cli analyze` does it: main line only, ply 0 = initial position. */
typedef struct
{
  ArbPosition start;
  gboolean started;
  GArray *moves;   /* ArbMove, main line */
  GPtrArray *sans; /* the SAN tokens as written, main line */
  GArray *marked;  /* plies followed by a comment holding the marker */
  char *error;
  ArbGameStatus *status;
} GameRecord;

typedef struct
{
  GPtrArray *games;
  const char *marker; /* comment text to look for, or NULL */
} ReadRun;

static void
game_record_free (GameRecord *game)
{
  g_array_unref (game->moves);
  g_ptr_array_unref (game->sans);
  g_array_unref (game->marked);
  g_free (game->error);
  arb_game_status_free (game->status);
  g_free (game);
}

static GameRecord *
current_game (ReadRun *run)
{
  return run->games->pdata[run->games->len - 1];
}

static void
game_start_cb (ArbPgnReader *reader, gpointer user_data)
{
  ReadRun *run = user_data;
  GameRecord *game = g_new0 (GameRecord, 1);

  game->moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  game->sans = g_ptr_array_new_with_free_func (g_free);
  game->marked = g_array_new (FALSE, FALSE, sizeof (guint));
  g_ptr_array_add (run->games, game);
}

static void
movetext_start_cb (ArbPgnReader *reader, const ArbPosition *start, gpointer user_data)
{
  GameRecord *game = current_game (user_data);

  game->start = *start;
  game->started = TRUE;
}

static void
move_cb (ArbPgnReader *reader,
         const ArbPosition *before,
         ArbMove move,
         const char *san,
         gsize san_len,
         gpointer user_data)
{
  GameRecord *game = current_game (user_data);

  if (arb_pgn_reader_get_depth (reader) > 0)
    return;
  g_array_append_val (game->moves, move);
  g_ptr_array_add (game->sans, g_strndup (san, san_len));
}

static void
comment_cb (ArbPgnReader *reader, const char *text, gsize len, gpointer user_data)
{
  ReadRun *run = user_data;
  GameRecord *game = current_game (run);
  guint ply = arb_pgn_reader_get_ply (reader);

  if (run->marker == NULL || arb_pgn_reader_get_depth (reader) > 0)
    return;
  if (g_strstr_len (text, len, run->marker) != NULL)
    g_array_append_val (game->marked, ply);
}

static void
game_end_cb (ArbPgnReader *reader, const GError *error, gpointer user_data)
{
  GameRecord *game = current_game (user_data);

  if (error != NULL)
    game->error = g_strdup (error->message);
}

/* Reads every game of a file and replays it; NULL when the file is absent. */
static GPtrArray *
read_games (const char *path, const char *marker)
{
  static const ArbPgnVisitor visitor = {
    .game_start = game_start_cb,
    .movetext_start = movetext_start_cb,
    .move = move_cb,
    .comment = comment_cb,
    .game_end = game_end_cb,
  };
  g_autoptr (GError) error = NULL;
  ReadRun run = { g_ptr_array_new_with_free_func ((GDestroyNotify) game_record_free), marker };
  ArbPgnReader *reader = arb_pgn_reader_new (&visitor, &run, ARB_PGN_READER_DEFAULT);

  arb_pgn_reader_read_file (reader, path, &error);
  arb_pgn_reader_free (reader);
  g_assert_no_error (error);

  for (guint i = 0; i < run.games->len; i++)
    {
      GameRecord *game = run.games->pdata[i];

      if (!game->started)
        continue;
      game->status = arb_game_status_new (&game->start);
      for (guint j = 0; j < game->moves->len; j++)
        g_assert_true (
          arb_game_status_push (game->status, g_array_index (game->moves, ArbMove, j)));
    }
  return run.games;
}

static char *
testdata_path (const char *relative)
{
  const char *root = g_getenv ("ARB_TESTDATA");

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_build_filename (root, relative, NULL);
}

static gboolean
has_event_at (ArbGameStatus *status, ArbGameEventKind kind, guint ply)
{
  guint n;
  const ArbGameEvent *events = arb_game_status_get_events (status, &n);

  for (guint i = 0; i < n; i++)
    if (events[i].kind == kind && events[i].ply == ply)
      return TRUE;
  return FALSE;
}

static guint
count_events (ArbGameStatus *status, ArbGameEventKind kind)
{
  guint n, found = 0;
  const ArbGameEvent *events = arb_game_status_get_events (status, &n);

  for (guint i = 0; i < n; i++)
    found += events[i].kind == kind;
  return found;
}

/* ---------------------------------------------------------------------- */
/* clean-chess: DERIVED-PgnTestCaseCatalog-expectations.tsv                 */

/* Disagreements with the catalogue are collected with the fixture's name and
 * reported together, so one run shows all of them; the format of the
 * catalogue itself is asserted directly. */
static const char *current_fixture;
static GPtrArray *disagreements;

static void G_GNUC_PRINTF (3, 4) expect (gboolean ok, int line, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  if (ok)
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (disagreements,
                   g_strdup_printf ("%s (test line %d): %s", current_fixture, line, what));
}

#define EXPECT(cond) expect ((cond) != 0, __LINE__, "%s", #cond)
#define EXPECT_UINT(a, op, b)                                                                    \
  G_STMT_START                                                                                   \
  {                                                                                              \
    guint64 a_ = (a), b_ = (b);                                                                  \
    expect (a_ op b_, __LINE__, "%s %s %s (%" G_GUINT64_FORMAT " vs %" G_GUINT64_FORMAT ")", #a, \
            #op, #b, a_, b_);                                                                    \
  }                                                                                              \
  G_STMT_END
#define EXPECT_STR(a, b)                                                                       \
  G_STMT_START                                                                                 \
  {                                                                                            \
    const char *a_ = (a), *b_ = (b);                                                           \
    expect (g_strcmp0 (a_, b_) == 0, __LINE__, "%s == %s (\"%s\" vs \"%s\")", #a, #b, a_, b_); \
  }                                                                                            \
  G_STMT_END

enum
{
  COL_PATH,
  COL_NAME,
  COL_REPETITION,
  COL_NO_PROGRESS,
  COL_FIRST_CAPTURE,
  COL_MAX_NO_PROGRESS,
  COL_MATE_OR_STALEMATE,
  COL_REPETITION_COUNT,
  COL_INSUFFICIENT,
  COL_FINAL_FEN,
  N_COLUMNS
};

typedef struct
{
  guint rows;
  guint final_fen;
  guint mate_stalemate;
  guint repetition_count;
  guint material;
  guint repetition_groups;
  guint repetition_rows;
  guint clock_anchors;
  guint fifty_events;
  guint seventy_five_events;
  guint ends;
  guint dead_rows;
  guint clock_limit_on_mate;
} CleanChessTally;

/* "23...Qc8" or "100.NA": the ply of that half-move in a game that starts
 * from `start` (its full-move number and side to move); -1 for "NA", a
 * half-move before the game, known only from the FEN's clock. */
static int
notation_ply (const char *item, const ArbPosition *start, char **san)
{
  char *end;
  guint64 number = g_ascii_strtoull (item, &end, 10);
  gboolean black;

  g_assert_true (end != item && *end == '.');
  black = g_str_has_prefix (end, "...");
  end += black ? 3 : 1;
  if (san != NULL)
    *san = g_strdup (end);
  if (strcmp (end, "NA") == 0)
    return -1;
  return 2 * ((int) number - (int) start->fullmove_number) + (black ? 1 : 0) +
         (start->side_to_move == ARB_WHITE ? 1 : 0);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
plies_to_string (const guint *plies, guint n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%u", i > 0 ? "," : "", plies[i]);
  return g_string_free (out, FALSE);
}

/* Every position that occurs three times or more, as "p1,p2,...", sorted. */
static GPtrArray *
our_repetition_groups (ArbGameStatus *status)
{
  guint last = arb_game_status_get_ply (status);
  g_autofree gboolean *covered = g_new0 (gboolean, last + 1);
  GPtrArray *groups = g_ptr_array_new_with_free_func (g_free);

  for (guint p = last + 1; p-- > 0;)
    {
      guint n;
      g_autofree guint *plies = NULL;

      if (covered[p])
        continue;
      n = arb_game_status_get_occurrences (status, p, NULL, 0);
      plies = g_new (guint, n);
      arb_game_status_get_occurrences (status, p, plies, n);
      for (guint i = 0; i < n; i++)
        covered[plies[i]] = TRUE;
      if (n >= 3)
        g_ptr_array_add (groups, plies_to_string (plies, n));
    }
  g_ptr_array_sort (groups, compare_strings);
  return groups;
}

/* "repPos=3: 2...Ng8 4...Ng8; repPos=4: ..." -> the same form as ours. The
 * initial position is never written as a move: when a group lists one move
 * fewer than its count, ply 0 is its first occurrence. The oracle also names
 * the move at each ply, which we check against the game's own SAN. */
static GPtrArray *
oracle_repetition_groups (const char *text, GameRecord *game, int *fivefold_ply)
{
  g_auto (GStrv) groups = g_strsplit (text, "; ", -1);
  GPtrArray *result = g_ptr_array_new_with_free_func (g_free);

  *fivefold_ply = -1;
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_auto (GStrv) items = NULL;
      guint count, n_items, k = 0;
      g_autofree guint *plies = NULL;

      g_assert_true (g_str_has_prefix (groups[i], "repPos="));
      count = (guint) atoi (groups[i] + 7);
      items = g_strsplit (strchr (groups[i], ':') + 2, " ", -1);
      n_items = g_strv_length (items);
      g_assert_true (n_items == count || n_items + 1 == count);
      plies = g_new (guint, count);
      if (n_items + 1 == count)
        plies[k++] = 0;
      for (guint j = 0; j < n_items; j++)
        {
          g_autofree char *san = NULL;
          int ply = notation_ply (items[j], &game->start, &san);

          g_assert_cmpint (ply, >=, 1);
          g_assert_cmpint (ply, <=, (int) game->moves->len);
          EXPECT_STR (game->sans->pdata[ply - 1], san);
          plies[k++] = (guint) ply;
        }
      if (count >= 5 && (*fivefold_ply < 0 || (int) plies[4] < *fivefold_ply))
        *fivefold_ply = (int) plies[4];
      g_ptr_array_add (result, plies_to_string (plies, count));
    }
  g_ptr_array_sort (result, compare_strings);
  return result;
}

/* "7.Ba6 (1) 56...Nd6 (100) 81.Rb3 (149); ..." One run of plies without a
 * pawn move or capture per group: where it starts (1), where it reaches 100
 * and where it ends (its largest value). Checks our clock at every anchor that
 * is a move of the game, and collects the plies where 100 and 150 are
 * reached (ply 0 when the FEN's clock is already there). */
static void
check_no_progress (const char *text,
                   GameRecord *game,
                   GArray *fifty_plies,
                   GArray *seventy_five_plies,
                   CleanChessTally *tally)
{
  g_auto (GStrv) runs = g_strsplit (text, "; ", -1);

  for (guint i = 0; runs[i] != NULL; i++)
    {
      g_auto (GStrv) items = g_strsplit (runs[i], " ", -1);
      int last_ply = -2;
      guint last_value = 0;

      for (guint j = 0; items[j] != NULL && items[j + 1] != NULL; j += 2)
        {
          int ply = notation_ply (items[j], &game->start, NULL);
          guint value;

          g_assert_true (items[j + 1][0] == '(');
          value = (guint) atoi (items[j + 1] + 1);
          if (ply >= 0)
            {
              EXPECT_UINT (arb_game_status_get_halfmove_clock (game->status, (guint) ply), ==,
                           value);
              tally->clock_anchors++;
            }
          if (value == 100)
            {
              guint at = ply >= 0 ? (guint) ply : 0;

              g_array_append_val (fifty_plies, at);
            }
          last_ply = ply;
          last_value = value;
        }
      if (last_value >= 150)
        {
          /* The clock runs one per ply inside a run. */
          guint at = last_ply >= 0 ? (guint) last_ply - (last_value - 150) : 0;

          g_array_append_val (seventy_five_plies, at);
        }
    }
}

static gboolean
position_has_no_move (ArbGameStatus *status, guint ply)
{
  return has_event_at (status, ARB_GAME_EVENT_CHECKMATE, ply) ||
         has_event_at (status, ARB_GAME_EVENT_STALEMATE, ply);
}

static void
check_clean_chess_row (char **cols, const char *root, CleanChessTally *tally)
{
  g_autofree char *path = g_build_filename (root, "clean-chess", cols[COL_PATH], NULL);
  g_autoptr (GPtrArray) games = read_games (path, NULL);
  g_autoptr (GArray) fifty_plies = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) seventy_five_plies = g_array_new (FALSE, FALSE, sizeof (guint));
  GameRecord *game;
  ArbGameStatus *status;
  const ArbPosition *final;
  guint last, max_clock = 0;
  gboolean white_cannot, black_cannot, final_no_move;
  int fivefold_ply = -1, expected_end = -1;
  ArbGameEventKind end_kind;
  guint end_ply;
  char fen[ARB_FEN_MAX];

  g_assert_cmpuint (games->len, ==, 1);
  game = games->pdata[0];
  g_assert_null (game->error);
  g_assert_true (game->started);
  status = game->status;
  last = arb_game_status_get_ply (status);
  final = arb_game_status_get_position (status);
  tally->rows++;

  /* The replay itself: clean-chess writes the e.p. square after every double
   * step, as our default FEN writer does. */
  arb_position_write_fen (final, ARB_FEN_FLAGS_NONE, fen);
  EXPECT_STR (fen, cols[COL_FINAL_FEN]);
  tally->final_fen++;

  /* Checkmate and stalemate of the final position (5.1.1, 5.2.1). */
  if (strcmp (cols[COL_MATE_OR_STALEMATE], "CHECKMATE") == 0)
    EXPECT (has_event_at (status, ARB_GAME_EVENT_CHECKMATE, last));
  else if (strcmp (cols[COL_MATE_OR_STALEMATE], "STALEMATE") == 0)
    EXPECT (has_event_at (status, ARB_GAME_EVENT_STALEMATE, last));
  else
    EXPECT (!(position_has_no_move (status, last)));
  tally->mate_stalemate++;
  final_no_move = position_has_no_move (status, last);
  EXPECT_UINT (count_events (status, ARB_GAME_EVENT_CHECKMATE) +
                 count_events (status, ARB_GAME_EVENT_STALEMATE),
               ==, final_no_move);

  /* How often the final position has occurred (9.2.2 identity). */
  EXPECT_UINT (arb_game_status_get_occurrences (status, last, NULL, 0), ==,
               (guint) atoi (cols[COL_REPETITION_COUNT]));
  tally->repetition_count++;

  /* Insufficient material per side: the side that cannot mate. */
  white_cannot = arb_position_cannot_mate (final, ARB_WHITE);
  black_cannot = arb_position_cannot_mate (final, ARB_BLACK);
  if (strcmp (cols[COL_INSUFFICIENT], "BOTH") == 0)
    EXPECT (white_cannot && black_cannot);
  else if (strcmp (cols[COL_INSUFFICIENT], "WHITE_ONLY") == 0)
    EXPECT (white_cannot && !black_cannot);
  else if (strcmp (cols[COL_INSUFFICIENT], "BLACK_ONLY") == 0)
    EXPECT (!white_cannot && black_cannot);
  else
    {
      g_assert_cmpstr (cols[COL_INSUFFICIENT], ==, "NONE");
      EXPECT (!white_cannot && !black_cannot);
    }
  tally->material++;

  /* Every position that occurs three times or more, with all its plies. The
   * one fixture marked "dyamicPositionRepetition" lists nothing; its final
   * count is checked above. */
  if (strcmp (cols[COL_REPETITION], "dyamicPositionRepetition") != 0)
    {
      g_autoptr (GPtrArray) ours = our_repetition_groups (status);
      g_autoptr (GPtrArray) expected = NULL;

      if (cols[COL_REPETITION][0] != '\0')
        {
          expected = oracle_repetition_groups (cols[COL_REPETITION], game, &fivefold_ply);
          tally->repetition_rows++;
        }
      else
        expected = g_ptr_array_new ();
      EXPECT_UINT (ours->len, ==, expected->len);
      for (guint i = 0; i < MIN (ours->len, expected->len); i++)
        EXPECT_STR (ours->pdata[i], expected->pdata[i]);
      tally->repetition_groups += ours->len;

      /* Each group gives one threefold event, at its third occurrence. */
      EXPECT_UINT (count_events (status, ARB_GAME_EVENT_THREEFOLD), ==, ours->len);
      for (guint i = 0; i < ours->len; i++)
        {
          g_auto (GStrv) plies = g_strsplit (ours->pdata[i], ",", -1);

          EXPECT (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, (guint) atoi (plies[2])));
          if (plies[3] != NULL && plies[4] != NULL)
            EXPECT (has_event_at (status, ARB_GAME_EVENT_FIVEFOLD, (guint) atoi (plies[4])));
        }
    }
  else
    {
      EXPECT_UINT (arb_game_status_get_occurrences (status, last, NULL, 0), >=, 5);
      fivefold_ply = -2; /* unknown */
    }

  /* 50 and 75 moves: our clock at every anchor, and the events.
   *
   * Explained difference: the catalogue records the clock, so a run that
   * reaches 100 or 150 with a move that mates or stalemates still has its
   * (100) or (150) anchor (basic/fifty/05-08, basic/seventyFive/13-16, and the
   * last run of edgeCases/max/maxMoves/longest_possible_*, two files). We
   * give no fifty or seventy-five event there: the game ended with that move
   * (5.1.1, 5.2.1), so there is nothing left to claim, and 9.6.2 gives the
   * mate precedence. python-chess agrees (is_fifty_moves() needs a legal
   * move). The anchors' clock values are still checked. */
  if (cols[COL_NO_PROGRESS][0] != '\0')
    check_no_progress (cols[COL_NO_PROGRESS], game, fifty_plies, seventy_five_plies, tally);
  {
    guint n_fifty = 0, n_seventy_five = 0;

    for (guint i = 0; i < fifty_plies->len; i++)
      {
        guint ply = g_array_index (fifty_plies, guint, i);

        if (position_has_no_move (status, ply))
          {
            g_test_message ("%s: limit reached at ply %u by a mate or stalemate", current_fixture,
                            ply);
            tally->clock_limit_on_mate++;
            continue;
          }
        EXPECT (has_event_at (status, ARB_GAME_EVENT_FIFTY, ply));
        n_fifty++;
      }
    for (guint i = 0; i < seventy_five_plies->len; i++)
      {
        guint ply = g_array_index (seventy_five_plies, guint, i);

        if (position_has_no_move (status, ply))
          {
            g_test_message ("%s: limit reached at ply %u by a mate or stalemate", current_fixture,
                            ply);
            tally->clock_limit_on_mate++;
            continue;
          }
        EXPECT (has_event_at (status, ARB_GAME_EVENT_SEVENTY_FIVE, ply));
        n_seventy_five++;
        if (expected_end < 0 || (int) ply < expected_end)
          expected_end = (int) ply;
      }
    EXPECT_UINT (count_events (status, ARB_GAME_EVENT_FIFTY), ==, n_fifty);
    EXPECT_UINT (count_events (status, ARB_GAME_EVENT_SEVENTY_FIVE), ==, n_seventy_five);
    tally->fifty_events += n_fifty;
    tally->seventy_five_events += n_seventy_five;
  }

  /* The longest run without progress, counted with the FEN's clock. */
  for (guint p = 0; p <= last; p++)
    max_clock = MAX (max_clock, arb_game_status_get_halfmove_clock (status, p));
  EXPECT_UINT (max_clock, ==, (guint) atoi (cols[COL_MAX_NO_PROGRESS]));

  /* The first automatic end, from the oracle's own facts: the fifth
   * occurrence, the 150th ply, a final mate or stalemate. A position dead by
   * material has no ply in the oracle (only the final material), so then we
   * only ask that the game ended no later than the other facts say. */
  if (fivefold_ply >= 0 && (expected_end < 0 || fivefold_ply < expected_end))
    expected_end = fivefold_ply;
  if (final_no_move && (expected_end < 0 || (int) last < expected_end))
    expected_end = (int) last;

  if (white_cannot && black_cannot)
    {
      EXPECT (arb_game_status_get_end (status, &end_kind, &end_ply));
      if (expected_end >= 0)
        EXPECT_UINT (end_ply, <=, (guint) expected_end);
      EXPECT_UINT (count_events (status, ARB_GAME_EVENT_DEAD_POSITION), ==, 1);
      tally->dead_rows++;
    }
  else if (fivefold_ply == -2)
    EXPECT (arb_game_status_get_end (status, &end_kind, &end_ply));
  else if (expected_end < 0)
    EXPECT (!(arb_game_status_get_end (status, NULL, NULL)));
  else
    {
      EXPECT (arb_game_status_get_end (status, &end_kind, &end_ply));
      EXPECT_UINT (end_ply, ==, (guint) expected_end);
      EXPECT_UINT (arb_game_status_get_void_plies (status), ==, last - end_ply);
    }
  tally->ends += arb_game_status_get_end (status, NULL, NULL);
}

static void
test_clean_chess (void)
{
  g_autofree char *root = testdata_path ("");
  g_autofree char *tsv = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  CleanChessTally tally = { 0 };

  if (root == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; clean-chess oracle not checked");
      return;
    }
  tsv = g_build_filename (root, "clean-chess", "DERIVED-PgnTestCaseCatalog-expectations.tsv", NULL);
  g_assert_true (g_file_get_contents (tsv, &contents, NULL, &error));
  g_assert_no_error (error);

  disagreements = g_ptr_array_new_with_free_func (g_free);
  lines = g_strsplit (contents, "\n", -1);
  g_assert_true (
    g_str_has_prefix (lines[0], "path\tpgnName\texpectedRepetition\texpectedNoProgressMoveRule"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cols = NULL;

      if (lines[i][0] == '\0')
        continue;
      cols = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (cols), ==, N_COLUMNS);
      current_fixture = cols[COL_PATH];
      check_clean_chess_row (cols, root, &tally);
    }

  g_test_message (
    "clean-chess: %u fixtures, %u disagreements; checked %u final FENs, %u mate/stalemate, "
    "%u final repetition counts, %u material classes; %u repetition groups (%u fixtures), "
    "%u clock anchors, %u fifty and %u seventy-five events (%u limits reached by a mate or "
    "stalemate, no event), %u fixtures dead by material, %u automatic ends",
    tally.rows, disagreements->len, tally.final_fen, tally.mate_stalemate, tally.repetition_count,
    tally.material, tally.repetition_groups, tally.repetition_rows, tally.clock_anchors,
    tally.fifty_events, tally.seventy_five_events, tally.clock_limit_on_mate, tally.dead_rows,
    tally.ends);
  for (guint i = 0; i < disagreements->len; i++)
    g_test_message ("disagreement: %s", (const char *) disagreements->pdata[i]);
  /* The catalogue has 1 280 fixtures. */
  g_assert_cmpuint (tally.rows, ==, 1280);
  g_assert_cmpuint (disagreements->len, ==, 0);
  /* The ten fixtures named in the comment in check_clean_chess_row(). */
  g_assert_cmpuint (tally.clock_limit_on_mate, ==, 10);
  g_clear_pointer (&disagreements, g_ptr_array_unref);
}

/* ---------------------------------------------------------------------- */
/* pgn-extract: --repetition, --fifty, --seventyfive with --markmatches      */

typedef enum
{
  MARK_REPETITION,
  MARK_FIFTY,
  MARK_SEVENTY_FIVE,
} MarkKind;

/* The plies pgn-extract marks: after each move whose position has occurred
 * at least three times (--repetition), or whose half-move clock is at least
 * 100 (--fifty) or 150 (--seventyfive). */
static GArray *
our_marks (ArbGameStatus *status, MarkKind kind)
{
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (guint));
  guint last = arb_game_status_get_ply (status);

  for (guint p = 1; p <= last; p++)
    {
      gboolean mark = FALSE;

      switch (kind)
        {
        case MARK_REPETITION:
          mark = arb_game_status_get_occurrences (status, p, NULL, 0) >= 3;
          break;
        case MARK_FIFTY:
          mark = arb_game_status_get_halfmove_clock (status, p) >= 100;
          break;
        case MARK_SEVENTY_FIVE:
          mark = arb_game_status_get_halfmove_clock (status, p) >= 150;
          break;
        default:
          g_assert_not_reached ();
        }
      if (mark)
        g_array_append_val (marks, p);
    }
  return marks;
}

static char *
moves_signature (GameRecord *game)
{
  GString *sig = g_string_new (NULL);

  for (guint i = 0; i < game->moves->len; i++)
    g_string_append_printf (sig, "%04x", g_array_index (game->moves, ArbMove, i));
  return g_string_free (sig, FALSE);
}

static void
check_pgn_extract (const char *input, const char *oracle, const char *marker, MarkKind kind)
{
  g_autofree char *in_path = testdata_path (input);
  g_autofree char *out_path = testdata_path (oracle);
  g_autoptr (GPtrArray) in_games = NULL;
  g_autoptr (GPtrArray) out_games = NULL;
  g_autoptr (GHashTable) oracle_by_moves =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_marked_games = 0, n_marks = 0, n_unmarked = 0;

  if (in_path == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; pgn-extract oracle not checked");
      return;
    }
  in_games = read_games (in_path, NULL);
  out_games = read_games (out_path, marker);

  for (guint i = 0; i < out_games->len; i++)
    {
      GameRecord *game = out_games->pdata[i];

      g_assert_null (game->error);
      g_hash_table_insert (oracle_by_moves, moves_signature (game), game);
    }

  for (guint i = 0; i < in_games->len; i++)
    {
      GameRecord *game = in_games->pdata[i];
      g_autofree char *sig = NULL;
      g_autoptr (GArray) ours = NULL;
      GameRecord *expected;

      g_assert_null (game->error);
      sig = moves_signature (game);
      ours = our_marks (game->status, kind);
      expected = g_hash_table_lookup (oracle_by_moves, sig);
      g_test_message ("%s game %u: %u marks, oracle %s", input, i + 1, ours->len,
                      expected != NULL ? "has it" : "dropped it");
      if (expected == NULL)
        {
          /* pgn-extract keeps only the games that match. */
          g_assert_cmpuint (ours->len, ==, 0);
          n_unmarked++;
          continue;
        }
      g_assert_cmpuint (ours->len, ==, expected->marked->len);
      for (guint j = 0; j < ours->len; j++)
        g_assert_cmpuint (g_array_index (ours, guint, j), ==,
                          g_array_index (expected->marked, guint, j));
      n_marked_games++;
      n_marks += ours->len;

      /* The first mark is where our event is: the third occurrence, or the
       * clock reaching 100 or 150 (no game here mates on that ply). */
      {
        guint first = g_array_index (ours, guint, 0);
        ArbGameEventKind event = kind == MARK_REPETITION ? ARB_GAME_EVENT_THREEFOLD
                                 : kind == MARK_FIFTY    ? ARB_GAME_EVENT_FIFTY
                                                         : ARB_GAME_EVENT_SEVENTY_FIVE;

        g_assert_true (has_event_at (game->status, event, first));
        if (kind == MARK_SEVENTY_FIVE)
          {
            guint end_ply;

            g_assert_true (arb_game_status_get_end (game->status, NULL, &end_ply));
            g_assert_cmpuint (end_ply, <=, first);
          }
      }
    }

  g_test_message (
    "pgn-extract %s: %u games, %u marked games agree (%u marks), %u unmarked games agree", oracle,
    in_games->len, n_marked_games, n_marks, n_unmarked);
  g_assert_cmpuint (n_marked_games, ==, out_games->len);
}

static void
test_pgn_extract_repetition (void)
{
  check_pgn_extract ("pgn-extract/test/infiles/test-repetition.pgn",
                     "pgn-extract/test/outfiles/test-repetition-out.pgn", "REPEAT",
                     MARK_REPETITION);
}

static void
test_pgn_extract_fifty (void)
{
  check_pgn_extract ("pgn-extract/test/infiles/test-fifty.pgn",
                     "pgn-extract/test/outfiles/test-fifty-out.pgn", "FIFTY", MARK_FIFTY);
}

static void
test_pgn_extract_seventy_five (void)
{
  check_pgn_extract ("pgn-extract/test/infiles/test-seventyfive.pgn",
                     "pgn-extract/test/outfiles/test-seventyfive-out.pgn", "SEVENTYFIVE",
                     MARK_SEVENTY_FIVE);
}

/* ---------------------------------------------------------------------- */
/* clean-chess: pgnParser/legacy/common/beyond, games recorded past their   */
/* automatic end                                                            */

static void
collect_pgn_files (const char *dir, GPtrArray *paths)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_pgn_files (path, paths);
      else if (g_str_has_suffix (name, ".pgn"))
        g_ptr_array_add (paths, g_steal_pointer (&path));
    }
}

/* Every fixture here continues after the game has ended by itself (the
 * directory's name says so), so each must have an automatic end and void
 * plies after it. The fixture names add facts we check too: "fivefold" and
 * "seventyFive" directories name the end, "end_with_half_move_clock_N" the
 * final clock, "sixfold" a sixth occurrence of the final position. */
static void
test_clean_chess_beyond (void)
{
  g_autofree char *dir =
    testdata_path ("clean-chess/src/test/resources/pgnParser/legacy/common/beyond");
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GRegex) clock_re = g_regex_new ("end_with_half_move_clock_([0-9]+)", 0, 0, NULL);
  guint n_fivefold = 0, n_seventy_five = 0, n_other = 0, n_void = 0;

  if (dir == NULL)
    {
      g_test_skip ("ARB_TESTDATA is not set or missing; clean-chess beyond fixtures not checked");
      return;
    }
  collect_pgn_files (dir, paths);
  g_ptr_array_sort (paths, compare_strings);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autoptr (GPtrArray) games = read_games (path, NULL);
      g_autoptr (GMatchInfo) match = NULL;
      GameRecord *game;
      ArbGameEventKind kind;
      guint end_ply, last, void_plies;

      g_assert_cmpuint (games->len, ==, 1);
      game = games->pdata[0];
      g_assert_null (game->error);
      last = arb_game_status_get_ply (game->status);
      g_assert_true (arb_game_status_get_end (game->status, &kind, &end_ply));
      void_plies = arb_game_status_get_void_plies (game->status);
      g_test_message ("%s: %s at ply %u of %u, %u void", path + strlen (dir),
                      arb_game_event_kind_to_string (kind), end_ply, last, void_plies);
      g_assert_cmpuint (void_plies, >, 0);
      g_assert_cmpuint (void_plies, ==, last - end_ply);
      n_void += void_plies;

      if (strstr (path, "/fivefold/") != NULL)
        g_assert_true (kind == ARB_GAME_EVENT_FIVEFOLD);
      if (strstr (path, "/seventyFive/") != NULL)
        g_assert_true (kind == ARB_GAME_EVENT_SEVENTY_FIVE);
      if (strstr (path, "sixfold") != NULL)
        g_assert_cmpuint (arb_game_status_get_occurrences (game->status, last, NULL, 0), ==, 6);
      if (g_regex_match (clock_re, path, 0, &match))
        {
          g_autofree char *digits = g_match_info_fetch (match, 1);

          g_assert_cmpuint (arb_game_status_get_halfmove_clock (game->status, last), ==,
                            (guint) atoi (digits));
        }

      switch (kind)
        {
        case ARB_GAME_EVENT_FIVEFOLD:
          g_assert_cmpuint (arb_game_status_get_occurrences (game->status, end_ply, NULL, 0), ==,
                            5);
          n_fivefold++;
          break;
        case ARB_GAME_EVENT_SEVENTY_FIVE:
          g_assert_cmpuint (arb_game_status_get_halfmove_clock (game->status, end_ply), >=, 150);
          g_assert_true (end_ply == 0 ||
                         arb_game_status_get_halfmove_clock (game->status, end_ply) == 150);
          n_seventy_five++;
          break;
        default:
          n_other++;
          break;
        }
    }

  g_test_message (
    "clean-chess beyond: %u games, all ended before their last move (%u fivefold, %u seventy-five, "
    "%u other), %u void plies in all",
    paths->len, n_fivefold, n_seventy_five, n_other, n_void);
  g_assert_cmpuint (paths->len, ==, 99);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/status-oracles/clean-chess", test_clean_chess);
  g_test_add_func ("/chess/status-oracles/clean-chess-beyond", test_clean_chess_beyond);
  g_test_add_func ("/chess/status-oracles/pgn-extract-repetition", test_pgn_extract_repetition);
  g_test_add_func ("/chess/status-oracles/pgn-extract-fifty", test_pgn_extract_fifty);
  g_test_add_func ("/chess/status-oracles/pgn-extract-seventy-five", test_pgn_extract_seventy_five);

  return g_test_run ();
}
