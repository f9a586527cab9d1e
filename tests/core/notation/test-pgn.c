/* test-pgn.c: the streaming PGN reader, the game model and the writer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-pgn-game.h"
#include "arb-pgn-reader.h"
#include "arb-pgn-writer.h"

/* ---- An event log of everything the visitor sees ------------------------- */

static void
log_game_start (ArbPgnReader *r, gpointer data)
{
  g_string_append_printf (data, "start %u\n", arb_pgn_reader_get_game_number (r));
}

static void
log_tag (ArbPgnReader *r, const char *name, const char *value, gsize len, gpointer data)
{
  g_assert_cmpuint (strlen (value), ==, len);
  g_string_append_printf (data, "tag %s=%s\n", name, value);
}

static void
log_movetext_start (ArbPgnReader *r, const ArbPosition *start, gpointer data)
{
  char fen[ARB_FEN_MAX];

  arb_position_write_fen (start, ARB_FEN_FLAGS_NONE, fen);
  g_string_append_printf (data, "movetext %s%s\n", fen, start->chess960 ? " 960" : "");
}

static void
log_pre_game_comment (ArbPgnReader *r, const char *text, gsize len, gpointer data)
{
  g_string_append_printf (data, "pre {%.*s}\n", (int) len, text);
}

static void
log_move (ArbPgnReader *r,
          const ArbPosition *before,
          ArbMove move,
          const char *san,
          gsize len,
          gpointer data)
{
  char uci[6];

  g_assert_cmpuint (strlen (san), ==, len);
  arb_move_write_uci (before, move, uci);
  g_string_append_printf (data, "move %s %s d%u\n", san, uci, arb_pgn_reader_get_depth (r));
}

static void
log_comment (ArbPgnReader *r, const char *text, gsize len, gpointer data)
{
  g_string_append_printf (data, "comment {%.*s}\n", (int) len, text);
}

static void
log_nag (ArbPgnReader *r, guint nag, gpointer data)
{
  g_string_append_printf (data, "nag %u\n", nag);
}

static void
log_clock (ArbPgnReader *r, ArbPgnClockKind kind, gint64 ms, gpointer data)
{
  g_string_append_printf (data, "%s %" G_GINT64_FORMAT "\n",
                          kind == ARB_PGN_CLOCK_CLK ? "clk" : "emt", ms);
}

static void
log_variation_start (ArbPgnReader *r, gpointer data)
{
  g_string_append (data, "(\n");
}

static void
log_variation_end (ArbPgnReader *r, gpointer data)
{
  g_string_append (data, ")\n");
}

static void
log_result (ArbPgnReader *r, ArbPgnResult result, gpointer data)
{
  g_string_append_printf (data, "result %s\n", arb_pgn_result_to_string (result));
}

static void
log_game_end (ArbPgnReader *r, const GError *error, gpointer data)
{
  char fen[ARB_FEN_MAX];

  arb_position_write_fen (arb_pgn_reader_get_position (r), ARB_FEN_FLAGS_NONE, fen);
  if (error == NULL)
    g_string_append_printf (data, "end ok plies=%u %s\n", arb_pgn_reader_get_mainline_plies (r),
                            fen);
  else
    {
      const ArbPgnErrorInfo *info = arb_pgn_reader_get_error_info (r);

      g_assert_true (error->domain == ARB_PGN_ERROR);
      g_string_append_printf (data,
                              "end error=%d game=%u line=%u col=%u ply=%u tok=%s plies=%u %s\n",
                              error->code, info->game, info->line, info->column, info->ply,
                              info->token, arb_pgn_reader_get_mainline_plies (r), fen);
    }
}

static const ArbPgnVisitor log_visitor = {
  .game_start = log_game_start,
  .tag = log_tag,
  .movetext_start = log_movetext_start,
  .pre_game_comment = log_pre_game_comment,
  .move = log_move,
  .comment = log_comment,
  .nag = log_nag,
  .clock = log_clock,
  .variation_start = log_variation_start,
  .variation_end = log_variation_end,
  .result = log_result,
  .game_end = log_game_end,
};

/* Reads text in chunks of chunk bytes (0: all at once); returns the log. */
static char *
read_log (const char *text, gsize len, gsize chunk, ArbPgnReaderFlags flags)
{
  GString *log = g_string_new (NULL);
  g_autoptr (ArbPgnReader) reader = arb_pgn_reader_new (&log_visitor, log, flags);

  if (chunk == 0)
    arb_pgn_reader_feed (reader, text, len);
  else
    for (gsize off = 0; off < len; off += chunk)
      arb_pgn_reader_feed (reader, text + off, MIN (chunk, len - off));
  arb_pgn_reader_finish (reader);
  return g_string_free (log, FALSE);
}

/* The same log whatever the chunk size. */
static char *
read_log_all_chunks (const char *text, ArbPgnReaderFlags flags)
{
  static const gsize chunks[] = { 1, 2, 3, 4, 5, 6, 7, 11, 64, 4096 };
  gsize len = strlen (text);
  char *whole = read_log (text, len, 0, flags);

  for (gsize i = 0; i < G_N_ELEMENTS (chunks); i++)
    {
      g_autofree char *part = read_log (text, len, chunks[i], flags);

      if (strcmp (part, whole) != 0)
        g_test_message ("chunk size %" G_GSIZE_FORMAT " differs", chunks[i]);
      g_assert_cmpstr (part, ==, whole);
    }
  return whole;
}

/* ---- Reading, event by event --------------------------------------------- */

static const char rich_game[] =
  "\xEF\xBB\xBF[Event \"Club \\\"A\\\" \\\\ final\"]\r\n"
  "[White \"Ann\"]\r\n"
  "[Black \"Bob\"]\r\n"
  "[Result \"1-0\"]\r\n"
  "\r\n"
  "{Before the game} 1. e4 {[%clk 1:30:00] [%emt 0:00:05.5] best by test} e5!? 2.Nf3 $1 $14\r\n"
  "; a rest-of-line comment\r\n"
  "% an escape line\r\n"
  "(2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 3. Bb5 a6?! { two } { comments }\r\n"
  "\r\n"
  "4. Ba4 1-0\r\n";

static const char rich_log[] =
  "start 1\n"
  "tag Event=Club \"A\" \\ final\n"
  "tag White=Ann\n"
  "tag Black=Bob\n"
  "tag Result=1-0\n"
  "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
  "pre {Before the game}\n"
  "move e4 e2e4 d0\n"
  "clk 5400000\n"
  "emt 5500\n"
  "comment {  best by test}\n"
  "move e5 e7e5 d0\n"
  "nag 5\n"
  "move Nf3 g1f3 d0\n"
  "nag 1\n"
  "nag 14\n"
  "comment { a rest-of-line comment}\n"
  "(\n"
  "move f4 f2f4 d1\n"
  "move exf4 e5f4 d1\n"
  "(\n"
  "move d5 d7d5 d2\n"
  ")\n"
  "move Nf3 g1f3 d1\n"
  ")\n"
  "move Nc6 b8c6 d0\n"
  "move Bb5 f1b5 d0\n"
  "move a6 a7a6 d0\n"
  "nag 6\n"
  "comment { two }\n"
  "comment { comments }\n"
  "move Ba4 b5a4 d0\n"
  "result 1-0\n"
  "end ok plies=7 r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4\n";

static void
test_read_events (void)
{
  g_autofree char *log = read_log_all_chunks (rich_game, ARB_PGN_READER_DEFAULT);

  g_assert_cmpstr (log, ==, rich_log);
}

/* Several games, including a game with no tags, no moves, and no result. */
static void
test_read_games (void)
{
  static const char text[] = "[Event \"a\"]\n\n1. d4 d5 *\n\n"
                             "[Event \"b\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n"
                             "1. c4 0-1 [Event \"c\"]\n\n1. e4\n\n"
                             "[Event \"d\"]\n";
  static const char expected[] =
    "start 1\ntag Event=a\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "move d4 d2d4 d0\nmove d5 d7d5 d0\nresult *\n"
    "end ok plies=2 rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2\n"
    "start 2\ntag Event=b\ntag Result=1/2-1/2\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "result 1/2-1/2\n"
    "end ok plies=0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "start 3\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "move c4 c2c4 d0\nresult 0-1\n"
    "end ok plies=1 rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1\n"
    "start 4\ntag Event=c\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "move e4 e2e4 d0\n"
    "end ok plies=1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
    "start 5\ntag Event=d\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "end ok plies=0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
  g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_DEFAULT);

  g_assert_cmpstr (log, ==, expected);
}

/* python-chess test_game_starting_comment: a game without tags that starts
 * with a comment. A comment after a marker goes to the next game only if
 * that game has no tags. */
static void
test_read_loose_comments (void)
{
  static const char text[] = "{ Game starting comment } 1. d3 *\n"
                             "{dropped} [Event \"b\"]\n\n*\n"
                             "{kept} 1. e4 *\n";
  static const char expected[] =
    "start 1\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "pre { Game starting comment }\n"
    "move d3 d2d3 d0\nresult *\n"
    "end ok plies=1 rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
    "start 2\ntag Event=b\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "result *\n"
    "end ok plies=0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "start 3\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "pre {kept}\n"
    "move e4 e2e4 d0\nresult *\n"
    "end ok plies=1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n";
  g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_DEFAULT);

  g_assert_cmpstr (log, ==, expected);
}

static void
test_read_empty (void)
{
  g_autofree char *a = read_log_all_chunks ("", ARB_PGN_READER_DEFAULT);
  g_autofree char *b = read_log_all_chunks (" \n\t\r\n\n", ARB_PGN_READER_DEFAULT);
  g_autofree char *c = read_log_all_chunks ("\xEF\xBB\xBF", ARB_PGN_READER_DEFAULT);

  g_assert_cmpstr (a, ==, "");
  g_assert_cmpstr (b, ==, "");
  g_assert_cmpstr (c, ==, "");
}

/* Tokens around the longest the reader keeps (63 bytes): a move-like
 * symbol and a move number of each length, read whole (where the scanner
 * takes a token that ends well inside the chunk at once) and in every
 * chunk size (where it goes byte by byte): the same log, and a limit error
 * exactly for the tokens over 63 bytes. */
static void
test_read_token_lengths (void)
{
  g_autofree char *limit = g_strdup_printf ("end error=%d ", ARB_PGN_ERROR_LIMIT);

  for (guint n = 1; n <= 70; n++)
    for (guint number = 0; number < 2; number++)
      {
        g_autoptr (GString) text = g_string_new ("[Event \"x\"]\n\n1. e4 e5 2. Nf3 ");
        g_autofree char *log = NULL;

        for (guint i = 0; i < n; i++)
          g_string_append_c (text, number ? '9' : 'h');
        g_string_append (text, number ? ". Nc6 *\n" : " Nc6 *\n");
        g_string_append (text,
                         "[Event \"y\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *\n");
        log = read_log_all_chunks (text->str, ARB_PGN_READER_DEFAULT);
        g_assert_cmpint (strstr (log, limit) != NULL, ==, n > 63);
        /* A number of any length that fits is read as one. */
        if (number && n <= 63)
          g_assert_nonnull (strstr (log, "move Nc6"));
      }
}

/* Tag lines as real files write them. */
static void
test_read_tags (void)
{
  static const char text[] =
    "[Event \"Tournament \"Championship\" Finals\"]\n" /* unescaped quotes */
    "[Site \"Tournament \\\"]\n"                       /* trailing backslash */
    "[Variation \"closing ] opening\"]\n"
    "[BlackType: \"human\"]\n"
    "[ White   \"x\" ]\n"
    "[A \"1\"] [B \"2\"]\n"
    "[Empty \"\"]\n"
    "[Result \"*\"] e4 e5 *\n";
  static const char expected[] =
    "start 1\n"
    "tag Event=Tournament \"Championship\" Finals\n"
    "tag Site=Tournament \\\n"
    "tag Variation=closing ] opening\n"
    "tag BlackType:=human\n"
    "tag White=x\n"
    "tag A=1\n"
    "tag B=2\n"
    "tag Empty=\n"
    "tag Result=*\n"
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "move e4 e2e4 d0\n"
    "move e5 e7e5 d0\n"
    "result *\n"
    "end ok plies=2 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n";
  g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_DEFAULT);

  g_assert_cmpstr (log, ==, expected);
}

/* Event lines one byte away from the plain 'Name "value"]', which the
 * reader reads in one pass, each in lenient and in strict mode. What each
 * must give follows from the rules the reader states (arb-pgn-reader.h:
 * the PGN standard's 8.1.1 tag pair syntax in strict mode, the listed
 * leniencies otherwise), worked out by hand: the value read, or the error. */
static void
test_read_tags_near_plain (void)
{
  static const struct
  {
    const char *line;
    const char *lenient; /* the value, or NULL for an error */
    int lenient_error;
    const char *strict;
    int strict_error;
  } cases[] = {
    { "[Event \"a b\"]", "a b", -1, "a b", -1 },
    { "[Event \"\"]", "", -1, "", -1 },
    /* White space after ']' is not part of the line. */
    { "[Event \"a\"] \t\r", "a", -1, "a", -1 },
    /* A tab may stand in a value; other control characters may not. */
    { "[Event \"a\tb\"]", "a\tb", -1, "a\tb", -1 },
    { "[Event \"a\x01\"]", NULL, ARB_PGN_ERROR_TAG, NULL, ARB_PGN_ERROR_TAG },
    /* Bytes past ASCII are kept as they are (UTF-8 "é"). */
    { "[Event \"\xC3\xA9\"]", "\xC3\xA9", -1, "\xC3\xA9", -1 },
    /* An escaped quote and backslash. */
    { "[Event \"a\\\"b\\\\\"]", "a\"b\\", -1, "a\"b\\", -1 },
    /* Strict wants one space before the value (an export-format rule),
     * and '"]' closing it (a tag pair not closed, in either mode, but
     * lenient mode allows white space between). */
    { "[Event  \"a\"]", "a", -1, NULL, ARB_PGN_ERROR_STRICT },
    { "[Event \"a\" ]", "a", -1, NULL, ARB_PGN_ERROR_TAG },
    /* An unescaped quote inside: lenient reads to the last quote, strict
     * ends the value at the first, which ']' does not follow. */
    { "[Event \"a\"b\"]", "a\"b", -1, NULL, ARB_PGN_ERROR_TAG },
    { "[Event \"a]", NULL, ARB_PGN_ERROR_TAG, NULL, ARB_PGN_ERROR_TAG },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int strict = 0; strict <= 1; strict++)
      {
        /* The rest of the roster, for strict mode. */
        g_autofree char *text = g_strdup_printf ("%s\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n"
                                                 "[White \"?\"]\n[Black \"?\"]\n"
                                                 "[Result \"*\"]\n\n*\n",
                                                 cases[i].line);
        g_autofree char *log =
          read_log_all_chunks (text, strict ? ARB_PGN_READER_STRICT : ARB_PGN_READER_DEFAULT);
        const char *value = strict ? cases[i].strict : cases[i].lenient;
        int error = strict ? cases[i].strict_error : cases[i].lenient_error;

        g_test_message ("case %" G_GSIZE_FORMAT ", %s: %s", i, strict ? "strict" : "lenient", log);
        if (value != NULL)
          {
            g_autofree char *tag = g_strdup_printf ("start 1\ntag Event=%s\ntag Site=?\n", value);

            g_assert_true (g_str_has_prefix (log, tag));
            g_assert_nonnull (strstr (log, "end ok"));
          }
        else
          {
            g_autofree char *end = g_strdup_printf ("end error=%d game=1 line=1 ", error);

            g_assert_nonnull (strstr (log, end));
          }
      }
}

/* FEN, SetUp and Variant. */
typedef struct
{
  const char *text;
  const char *movetext_line; /* expected "movetext ..." line, or NULL */
  int error;                 /* -1: no error */
} SetupCase;

static const SetupCase setup_cases[] = {
  { "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n",
    "movetext 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", -1 },
  /* A FEN without SetUp is accepted outside strict mode. */
  { "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 1\"]\n\n1... Kd7 *\n",
    "movetext 4k3/8/8/8/8/8/8/4K2R b K - 0 1\n", -1 },
  { "[Variant \"Chess960\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. g3 *\n",
    "movetext nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1 960\n", -1 },
  { "[Variant \"fischerandom\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n*\n",
    "movetext nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1 960\n", -1 },
  { "[Variant \"chess 960\"]\n\n1. e4 *\n",
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 960\n", -1 },
  /* Shredder-FEN castling letters without a Variant tag mean Chess960. */
  { "[FEN \"1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1\"]\n\n1. O-O-O *\n",
    "movetext 1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1 960\n", -1 },
  { "[Variant \"Standard\"]\n\n*\n",
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", -1 },
  { "[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
    "movetext 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", -1 },
  { "[Variant \"Crazyhouse\"]\n\n1. e4 *\n", NULL, ARB_PGN_ERROR_VARIANT },
  { "[Variant \"Atomic\"]\n\n*\n", NULL, ARB_PGN_ERROR_VARIANT },
  { "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n", NULL, ARB_PGN_ERROR_SETUP },
  { "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"]\n\n*\n", NULL,
    ARB_PGN_ERROR_SETUP },
  /* SetUp "1" without FEN: fine without moves, an error with moves. */
  { "[SetUp \"1\"]\n\n*\n", "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    -1 },
  { "[SetUp \"1\"]\n\n1. e4 *\n",
    "movetext rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", ARB_PGN_ERROR_SETUP },
};

static void
test_read_setup (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (setup_cases); i++)
    {
      const SetupCase *c = &setup_cases[i];
      g_autofree char *log = read_log_all_chunks (c->text, ARB_PGN_READER_DEFAULT);
      g_autofree char *want_error = g_strdup_printf ("end error=%d ", c->error);

      g_test_message ("%s => %s", c->text, log);
      if (c->movetext_line != NULL)
        g_assert_nonnull (strstr (log, c->movetext_line));
      else
        g_assert_null (strstr (log, "movetext"));
      if (c->error < 0)
        g_assert_nonnull (strstr (log, "end ok"));
      else
        g_assert_nonnull (strstr (log, want_error));
    }
}

/* Errors: the game ends with a code, a place and the offending token; the
 * next game is read normally. */
typedef struct
{
  const char *text;
  const char *end_line; /* the expected "end error=..." line, without position */
} ErrorCase;

static const ErrorCase error_cases[] = {
  /* python-chess test_errors: the game stops at the illegal move. */
  { "1. e4 Qa1 e5 2. Qxf8 *\n", "end error=2 game=1 line=1 col=7 ply=2 tok=Qa1 plies=1" },
  { "1. e4 e5\n2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Ng3?? 5. Qxe7#\n",
    "end error=2 game=1 line=2 col=41 ply=9 tok=Qxe7# plies=8" },
  { "1. e4 Z0 *\n", "end error=3 game=1 line=1 col=7 ply=2 tok=Z0 plies=1" },
  { "1. e4 -- *\n", "end error=3 game=1 line=1 col=7 ply=2 tok=-- plies=1" },
  { "1. e2e4 *\n", "end error=2 game=1 line=1 col=4 ply=1 tok=e2e4 plies=0" },
  { "1. e4!!! *\n", "end error=0 game=1 line=1 col=4 ply=1 tok=e4!!! plies=0" },
  /* A '!' or '?' inside a token, not only at its end (positions counted by
   * hand: the token starts at column 4, and at column 7 after "e4 "). */
  { "1. e4!x *\n", "end error=0 game=1 line=1 col=4 ply=1 tok=e4!x plies=0" },
  { "1. e4 e5?+ *\n", "end error=0 game=1 line=1 col=7 ply=2 tok=e5?+ plies=1" },
  { "1. e4 {unclosed\n", "end error=6 game=1 line=1 col=7 ply=1 tok={ plies=1" },
  { "1. e4 (1. d4 *\n", "end error=0 game=1 line=1 col=14 ply=1 tok=* plies=1" },
  { "1. e4 (1. d4\n", "end error=6 game=1 line=3 col=1 ply=1 tok= plies=1" },
  { "1. e4 ) *\n", "end error=0 game=1 line=1 col=7 ply=1 tok=) plies=1" },
  { "1. e4 $256 *\n", "end error=0 game=1 line=1 col=7 ply=1 tok=$ plies=1" },
  { "1. e4 $ *\n", "end error=0 game=1 line=1 col=7 ply=1 tok=$ plies=1" },
  { "1. e4 } *\n", "end error=0 game=1 line=1 col=7 ply=1 tok= plies=1" },
  { "1. e4 \x80 *\n", "end error=0 game=1 line=1 col=7 ply=1 tok= plies=1" },
  { "[Event \"x]\n\n*\n", "end error=1 game=1 line=1 col=1 ply=0 tok=Event plies=0" },
  { "[Event x\"]\n\n*\n", "end error=1 game=1 line=1 col=1 ply=0 tok=Event plies=0" },
  /* Movetext may follow a tag on its line; here it is not a move. */
  { "[Event \"x\"] y\n\n*\n", "end error=2 game=1 line=1 col=13 ply=1 tok=y plies=0" },
  { "[ \"x\"]\n\n*\n", "end error=1 game=1 line=1 col=1 ply=0 tok= plies=0" },
  { "1. Nf3 NbdXX7 *\n", "end error=2 game=1 line=1 col=8 ply=2 tok=NbdXX7 plies=1" },
  { "1. e4 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa *\n",
    "end error=8 game=1 line=1 col=7 ply=2 tok=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa plies=1" },
};

static void
test_read_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      /* Each case is followed by a good game that must still be read. */
      g_autofree char *text =
        g_strconcat (error_cases[i].text, "\n[Event \"next\"]\n\n1. d4 *\n", NULL);
      g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_DEFAULT);
      const char *end = strstr (log, "end error=");

      g_autofree char *shown = g_strescape (error_cases[i].text, NULL);

      g_test_message ("%s => %s", shown, end);
      g_assert_nonnull (end);
      g_assert_true (g_str_has_prefix (end, error_cases[i].end_line));
      g_assert_nonnull (strstr (log, "start 2\ntag Event=next\n"));
      g_assert_true (g_str_has_suffix (
        log, "move d4 d2d4 d0\nresult *\n"
             "end ok plies=1 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"));
    }
}

/* The GError says where and why. */
/* A game cut off inside a comment, then the next game: the pattern
 * '\n[Event "' is found across any chunk boundary. A comment that mentions
 * [Event elsewhere than at a line start stays a comment. */
static void
test_unclosed_comment (void)
{
  static const char text[] = "1. e4 {cut [Event \"no\"] off\n\n[Site \"x\"]\n"
                             "[Event \"b\"]\n\n1. d4 *\n";
  g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_DEFAULT);

  g_assert_nonnull (strstr (log, "end error=6 game=1 line=1 col=7 ply=1 tok={ plies=1"));
  g_assert_nonnull (strstr (log, "start 2\ntag Event=b\n"));
  g_assert_true (
    g_str_has_suffix (log, "move d4 d2d4 d0\nresult *\nend ok plies=1 "
                           "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"));
}

static void
test_error_message (void)
{
  static const char text[] = "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *\n";
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
  ArbPgnGame *game;

  g_assert_cmpuint (games->len, ==, 1);
  game = g_ptr_array_index (games, 0);
  g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE);
  g_assert_cmpstr (
    game->error->message, ==,
    "game 1, line 4, column 4, ply 3: 'Ke3' is not a legal move for White in this position");
  g_assert_cmpuint (arb_pgn_game_get_n_plies (game), ==, 2);
}

static void
test_truncated_game (void)
{
  /* A game cut off inside a move, then the next header (chess-library's
   * corrupted.pgn pattern). */
  static const char text[] =
    "[Event \"a\"]\n\n1. e4 e5 2. Kx\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
  ArbPgnGame *a, *b;

  g_assert_cmpuint (games->len, ==, 2);
  a = g_ptr_array_index (games, 0);
  b = g_ptr_array_index (games, 1);
  g_assert_error (a->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE);
  g_assert_cmpuint (a->error_info.ply, ==, 3);
  g_assert_cmpstr (a->error_info.token, ==, "Kx");
  g_assert_no_error (b->error);
  g_assert_cmpstr (arb_pgn_game_get_tag (b, "Event"), ==, "b");
  g_assert_cmpuint (arb_pgn_game_get_n_plies (b), ==, 2);
  g_assert_cmpint (b->result, ==, ARB_PGN_RESULT_DRAW);
}

/* The scanner keeps at most 63 bytes of a token: one of 63 is read as a
 * (bad) move, one of 64 is over the limit, wherever the chunks end. */
static void
test_token_limit (void)
{
  static const gsize chunks[] = { 1, 3, 7, 62, 64 };

  for (int extra = 0; extra <= 1; extra++)
    {
      g_autofree char *tok = g_strnfill (63 + extra, 'a');
      g_autofree char *text = g_strdup_printf ("[Event \"e\"]\n\n1. e4 %s e5 *\n", tok);
      gsize len = strlen (text);
      g_autoptr (GPtrArray) games = arb_pgn_game_parse_all (text, len, ARB_PGN_READER_DEFAULT);
      g_autofree char *whole = read_log (text, len, 0, ARB_PGN_READER_DEFAULT);
      ArbPgnGame *game;

      g_assert_cmpuint (games->len, ==, 1);
      game = g_ptr_array_index (games, 0);
      g_assert_error (game->error, ARB_PGN_ERROR,
                      (int) (extra ? ARB_PGN_ERROR_LIMIT : ARB_PGN_ERROR_MOVE));
      g_assert_cmpuint (strlen (game->error_info.token), ==, 63);
      for (gsize i = 0; i < G_N_ELEMENTS (chunks); i++)
        {
          g_autofree char *log = read_log (text, len, chunks[i], ARB_PGN_READER_DEFAULT);

          g_assert_cmpstr (log, ==, whole);
        }
    }
}

/* Strict mode: export-format rules on top of the default ones. */
typedef struct
{
  const char *text;
  gboolean ok;
} StrictCase;

#define STR \
  "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n"

static const StrictCase strict_cases[] = {
  { STR "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n", TRUE },
  { STR "[Result \"1-0\"]\n\n1. e4 {c} 1... e5 1-0\n\n", TRUE },
  { STR "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Kd7 *\n\n",
    TRUE },
  { STR "[Result \"1-0\"]\n\n1. e4 e5 1-0", FALSE },            /* no final line break */
  { STR "[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n", FALSE },        /* marker differs */
  { STR "[Result \"1-0\"]\n\n1. e4 e5\n\n", FALSE },            /* no marker */
  { STR "[Result \"1-0\"]\n\n1. e4 1... e5 1-0\n\n", FALSE },   /* "1..." after White */
  { STR "[Result \"1-0\"]\n\n1. e4\n\ne5 1-0\n\n", FALSE },     /* empty line in movetext */
  { STR "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\n", FALSE },      /* two empty lines */
  { "\n" STR "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n", FALSE },   /* empty first line */
  { STR "\n1. e4 e5 *\n\n", FALSE },                            /* no Result tag */
  { STR "[Result \"1-0\"]\n[White \"w\"]\n\n1-0\n\n", FALSE },  /* duplicate tag */
  { STR "[Result \"1-0\"]\n[Tag\"v\"]\n\n1-0\n\n", FALSE },     /* no space */
  { STR "[Result \"1-0\"]\n[Tag \"a\"b\"]\n\n1-0\n\n", FALSE }, /* unescaped quote */
  { STR "[Result \"1-0\"]\n[SetUp \"2\"]\n\n1-0\n\n", FALSE },
  { STR "[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1-0\n\n", FALSE },
  { "", FALSE },
  { "  \n", FALSE },
};

static void
test_strict (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (strict_cases); i++)
    {
      const StrictCase *c = &strict_cases[i];
      g_autofree char *log = read_log_all_chunks (c->text, ARB_PGN_READER_STRICT);

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, log);
      g_assert_cmpint (strstr (log, "end ok") != NULL, ==, c->ok);
      g_assert_cmpint (strstr (log, "end error") == NULL, ==, c->ok);
    }
}

static void
test_accept_uci (void)
{
  static const char text[] = "1. e2e4 e7e5 2. g1f3 *\n";
  g_autofree char *log = read_log_all_chunks (text, ARB_PGN_READER_ACCEPT_UCI);

  g_assert_nonnull (strstr (log, "move e2e4 e2e4 d0\nmove e7e5 e7e5 d0\nmove g1f3 g1f3 d0\n"));
  g_assert_nonnull (strstr (log, "end ok plies=3"));
}

/* ---- Skipping ------------------------------------------------------------- */

static void
skip_on_movetext (ArbPgnReader *r, const ArbPosition *start, gpointer data)
{
  arb_pgn_reader_skip_game (r);
}

static void
count_move (ArbPgnReader *r,
            const ArbPosition *before,
            ArbMove move,
            const char *san,
            gsize len,
            gpointer data)
{
  (*(guint *) data)++;
}

static void
test_skip_game (void)
{
  static const char text[] =
    "[Event \"a\"]\n\n1. e4 (1. d4 {x}) e5 Qxx9 1-0\n[Event \"b\"]\n\n1. e4 *\n";
  ArbPgnVisitor visitor = { .movetext_start = skip_on_movetext, .move = count_move };
  guint moves = 0;
  g_autoptr (ArbPgnReader) reader = arb_pgn_reader_new (&visitor, &moves, ARB_PGN_READER_DEFAULT);

  arb_pgn_reader_feed (reader, text, strlen (text));
  arb_pgn_reader_finish (reader);
  g_assert_cmpuint (moves, ==, 0);
}

/* ---- Clock values --------------------------------------------------------- */

static void
test_clock (void)
{
  static const struct
  {
    const char *text;
    gint64 ms;
  } good[] = {
    { "1:30:00", 5400000 },  { "0:00:05.5", 5500 },      { "0:00:00.123", 123 },
    { "0:00:00.1235", 124 }, { "12:34", 754000 },        { "7", 7000 },
    { "7.25", 7250 },        { "100:00:00", 360000000 },
  };
  static const char *const bad[] = { "",        ":", "1:", ":30", "1:60:00",  "1:00:60",
                                     "1:2:3:4", "a", "1.", ".5",  "1:00:00 x" };
  static const struct
  {
    gint64 ms;
    const char *text;
  } written[] = {
    { 0, "0:00:00" },       { 5400000, "1:30:00" },     { 5500, "0:00:05.5" },
    { 123, "0:00:00.123" }, { 360000000, "100:00:00" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      gint64 ms = -1;

      g_assert_true (arb_pgn_parse_clock (good[i].text, strlen (good[i].text), &ms));
      g_assert_cmpint (ms, ==, good[i].ms);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gint64 ms;

      g_test_message ("%s", bad[i]);
      g_assert_false (arb_pgn_parse_clock (bad[i], strlen (bad[i]), &ms));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (written); i++)
    {
      char buf[32];

      arb_pgn_write_clock (written[i].ms, buf);
      g_assert_cmpstr (buf, ==, written[i].text);
    }
}

/* ---- Game model and writer ------------------------------------------------ */

static void
test_write_export (void)
{
  /* Tags out of order, a missing roster tag, a comment, NAGs, a clock, a
   * variation, and a Black move number after the comment. */
  static const char text[] =
    "[White \"Ann\"]\n[Event \"Club\"]\n[ECO \"C20\"]\n[Result \"1-0\"]\n\n"
    "{Start} 1. e4 {[%clk 0:10:00] fine} e5 $2 (1... c5 2. Nf3) 2. Nf3 Nc6 1-0\n";
  static const char expected[] =
    "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"Ann\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n"
    "{Start} 1. e4 {[%clk 0:10:00] fine} 1... e5 $2 (1... c5 2. Nf3) 2. Nf3 Nc6 1-0\n\n";
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
  g_autofree char *out = NULL;

  g_assert_cmpuint (games->len, ==, 1);
  g_assert_no_error (((ArbPgnGame *) g_ptr_array_index (games, 0))->error);
  out = arb_pgn_game_to_string (g_ptr_array_index (games, 0), ARB_PGN_WRITE_DEFAULT);
  g_assert_cmpstr (out, ==, expected);
}

/* Found by the fuzzer: of two FEN tags the first gives the start position,
 * and the writer's FEN tag agrees with the position, move number included. */
static void
test_write_repeated_fen (void)
{
  static const char text[] = "[FEN \"7k/3P4/7K/8/8/8/8/8 w - - 6 55\"]\n"
                             "[FEN \"7k/3P4/7K/8/8/8/8/8 w - - 6 5\"]\n\n55. d8=Q# 1-0\n";
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
  g_autofree char *out = NULL;
  ArbPgnGame *game;

  g_assert_cmpuint (games->len, ==, 1);
  game = g_ptr_array_index (games, 0);
  g_assert_no_error (game->error);
  g_assert_cmpuint (game->start.fullmove_number, ==, 55);
  out = arb_pgn_game_to_string (game, ARB_PGN_WRITE_DEFAULT);
  g_assert_nonnull (strstr (out, "[SetUp \"1\"]\n[FEN \"7k/3P4/7K/8/8/8/8/8 w - - 6 55\"]\n"));
  g_assert_null (strstr (out, "6 5\""));
  g_assert_nonnull (strstr (out, "\n55. d8=Q# 1-0\n"));
}

/* Found by the fuzzer: clock commands that only appear once another is
 * taken out, or that are spaced by control characters, are read the same
 * the first time as after writing. */
static void
test_clock_commands_stable (void)
{
  static const char text[] = "1. e4 {[%c[%clk 0:01:00]lk 0:02:00]\x0b[%clk\x0b"
                             "0:03:00] a\x01"
                             "b} *\n";
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_DEFAULT);
  g_autofree char *out = NULL;
  g_autofree char *again = NULL;
  g_autoptr (GPtrArray) back = NULL;
  ArbPgnNode *node;

  g_assert_cmpuint (games->len, ==, 1);
  node = arb_pgn_game_get_node (g_ptr_array_index (games, 0), 1);
  /* The command revealed by taking the others out comes last, and wins. */
  g_assert_cmpint (node->clock_ms, ==, 120000);
  g_assert_cmpstr (node->comment, ==, "a b");
  out = arb_pgn_game_to_string (g_ptr_array_index (games, 0), ARB_PGN_WRITE_DEFAULT);
  back = arb_pgn_game_parse_all (out, strlen (out), ARB_PGN_READER_STRICT);
  g_assert_true (arb_pgn_game_equal (g_ptr_array_index (games, 0), g_ptr_array_index (back, 0)) ||
                 arb_pgn_game_get_n_plies (g_ptr_array_index (back, 0)) == 1);
  again = arb_pgn_game_to_string (g_ptr_array_index (back, 0), ARB_PGN_WRITE_DEFAULT);
  g_assert_cmpstr (again, ==, out);
}

/* Found by the fuzzer: a comment that mentions '[Event "..."]' is wrapped
 * so that the word would start a line; it must not read back as a game. */
static void
test_write_event_in_comment (void)
{
  g_autoptr (ArbPgnGame) game = arb_pgn_game_new ();
  g_autofree char *out = NULL;
  g_autoptr (GPtrArray) back = NULL;
  ArbPgnNode *node;

  node = arb_pgn_game_append_move (game, arb_move_parse_uci (&game->start, "e2e4", 4));
  node->comment = g_strdup ("aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffffff "
                            "[Event \"x\"] y");
  out = arb_pgn_game_to_string (game, ARB_PGN_WRITE_DEFAULT);
  g_assert_nonnull (strstr (out, "\n [Event \"x\"]"));
  back = arb_pgn_game_parse_all (out, strlen (out), ARB_PGN_READER_STRICT);
  g_assert_cmpuint (back->len, ==, 1);
  g_assert_no_error (((ArbPgnGame *) g_ptr_array_index (back, 0))->error);
  g_assert_cmpstr (arb_pgn_game_get_node (g_ptr_array_index (back, 0), 1)->comment, ==,
                   node->comment);
}

static void
test_write_wrap (void)
{
  g_autoptr (ArbPgnGame) game = arb_pgn_game_new ();
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  ArbPosition pos;
  gboolean in_movetext = FALSE;

  /* A knight dance of 200 plies, with long comments. */
  arb_position_set_start (&pos);
  for (guint i = 0; i < 200; i++)
    {
      static const char *const dance[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
      ArbMove move = arb_move_parse_uci (&pos, dance[i % 4], 4);
      ArbPgnNode *node;
      ArbUndo undo;

      g_assert_cmpuint (move, !=, ARB_MOVE_NONE);
      node = arb_pgn_game_append_move (game, move);
      node->clock_ms = (gint64) (600 - i) * 1000;
      if (i % 17 == 0)
        node->comment =
          g_strdup ("a rather long comment that goes on and on so that it has to be wrapped");
      arb_position_make_move (&pos, move, &undo);
    }
  out = arb_pgn_game_to_string (game, ARB_PGN_WRITE_DEFAULT);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_assert_cmpuint (strlen (lines[i]), <=, 80);
      if (lines[i][0] == '\0')
        in_movetext = TRUE;
      else if (in_movetext)
        g_assert_cmpint (lines[i][strlen (lines[i]) - 1], !=, ' ');
    }

  /* And it reads back as the same game. */
  {
    g_autoptr (GPtrArray) games = arb_pgn_game_parse_all (out, strlen (out), ARB_PGN_READER_STRICT);
    ArbPgnGame *back;

    g_assert_cmpuint (games->len, ==, 1);
    back = g_ptr_array_index (games, 0);
    g_assert_no_error (back->error);
    g_assert_cmpuint (arb_pgn_game_get_n_plies (back), ==, 200);
    g_assert_cmpint (arb_pgn_game_get_node (back, 200)->clock_ms, ==, 401000);
    g_assert_cmpstr (arb_pgn_game_get_node (back, 18)->comment, ==,
                     "a rather long comment that goes on and on so that it has to be wrapped");
  }
}

static void
test_round_trip_rich (void)
{
  g_autoptr (GPtrArray) first =
    arb_pgn_game_parse_all (rich_game, strlen (rich_game), ARB_PGN_READER_DEFAULT);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) second = NULL;
  ArbPgnGame *a, *b;
  const ArbPgnNode *node;

  g_assert_cmpuint (first->len, ==, 1);
  a = g_ptr_array_index (first, 0);
  g_assert_no_error (a->error);
  g_assert_cmpstr (a->mainline->comment, ==, "Before the game");
  node = arb_pgn_game_get_node (a, 1);
  g_assert_cmpint (node->clock_ms, ==, 5400000);
  g_assert_cmpint (node->emt_ms, ==, 5500);
  g_assert_cmpstr (node->comment, ==, "best by test");
  node = arb_pgn_game_get_node (a, 3);
  g_assert_cmpuint (node->n_nags, ==, 2);
  g_assert_cmpstr (node->comment, ==, "a rest-of-line comment");
  g_assert_nonnull (node->variations);
  g_assert_cmpuint (node->variations->len, ==, 1);
  node = arb_pgn_game_get_node (a, 6);
  g_assert_cmpstr (node->comment, ==, "two comments");

  text = arb_pgn_game_to_string (a, ARB_PGN_WRITE_DEFAULT);
  second = arb_pgn_game_parse_all (text, strlen (text), ARB_PGN_READER_STRICT);
  g_assert_cmpuint (second->len, ==, 1);
  b = g_ptr_array_index (second, 0);
  g_assert_no_error (b->error);
  /* The writer adds the missing roster tags (Site, Date, Round); otherwise
   * the games are equal, and writing again gives the same text. */
  g_assert_cmpstr (arb_pgn_game_get_tag (b, "Site"), ==, "?");
  g_assert_true (arb_pgn_game_equal (a, a));
  {
    g_autofree char *again = arb_pgn_game_to_string (b, ARB_PGN_WRITE_DEFAULT);
    g_assert_cmpstr (again, ==, text);
  }
}

/* ---- Robustness ------------------------------------------------------------- */

static void
ignore_game (ArbPgnGame *game, gpointer data)
{
  (*(guint *) data)++;
  arb_pgn_game_free (game);
}

/* Mutated PGN read in random chunks must never crash; every game ends. */
static void
test_mutations (void)
{
  GRand *rand = g_rand_new_with_seed (20261121);
  gsize len = strlen (rich_game);

  for (guint iter = 0; iter < 3000; iter++)
    {
      g_autofree char *text = g_memdup2 (rich_game, len);
      guint n_games = 0;
      g_autoptr (ArbPgnReader) reader =
        arb_pgn_game_reader_new (iter % 2 ? ARB_PGN_READER_STRICT : 0, ignore_game, &n_games);
      guint changes = g_rand_int_range (rand, 1, 8);
      gsize off = 0;

      for (guint k = 0; k < changes; k++)
        text[g_rand_int_range (rand, 0, (gint32) len)] = (char) g_rand_int_range (rand, 0, 256);
      while (off < len)
        {
          gsize want = (gsize) g_rand_int_range (rand, 1, 40);
          gsize n = MIN (want, len - off);

          arb_pgn_reader_feed (reader, text + off, n);
          off += n;
        }
      arb_pgn_reader_finish (reader);
      g_assert_cmpuint (n_games, >=, 1);
    }
  g_rand_free (rand);
}

static void
test_nesting_limit (void)
{
  GString *text = g_string_new ("1. e4 ");
  g_autoptr (GPtrArray) games = NULL;
  ArbPgnGame *game;

  for (guint i = 0; i < 200; i++)
    g_string_append (text, "( ");
  g_string_append (text, "*\n");
  games = arb_pgn_game_parse_all (text->str, text->len, ARB_PGN_READER_DEFAULT);
  g_assert_cmpuint (games->len, ==, 1);
  game = g_ptr_array_index (games, 0);
  g_assert_error (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_LIMIT);
  g_string_free (text, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/notation/pgn/read-events", test_read_events);
  g_test_add_func ("/notation/pgn/read-games", test_read_games);
  g_test_add_func ("/notation/pgn/read-empty", test_read_empty);
  g_test_add_func ("/notation/pgn/read-token-lengths", test_read_token_lengths);
  g_test_add_func ("/notation/pgn/read-loose-comments", test_read_loose_comments);
  g_test_add_func ("/notation/pgn/read-tags", test_read_tags);
  g_test_add_func ("/notation/pgn/read-tags-near-plain", test_read_tags_near_plain);
  g_test_add_func ("/notation/pgn/read-setup", test_read_setup);
  g_test_add_func ("/notation/pgn/read-errors", test_read_errors);
  g_test_add_func ("/notation/pgn/read-error-message", test_error_message);
  g_test_add_func ("/notation/pgn/read-unclosed-comment", test_unclosed_comment);
  g_test_add_func ("/notation/pgn/read-truncated-game", test_truncated_game);
  g_test_add_func ("/notation/pgn/read-token-limit", test_token_limit);
  g_test_add_func ("/notation/pgn/read-strict", test_strict);
  g_test_add_func ("/notation/pgn/read-accept-uci", test_accept_uci);
  g_test_add_func ("/notation/pgn/read-skip-game", test_skip_game);
  g_test_add_func ("/notation/pgn/read-mutations", test_mutations);
  g_test_add_func ("/notation/pgn/read-nesting-limit", test_nesting_limit);
  g_test_add_func ("/notation/pgn/clock", test_clock);
  g_test_add_func ("/notation/pgn/write-export", test_write_export);
  g_test_add_func ("/notation/pgn/write-wrap", test_write_wrap);
  g_test_add_func ("/notation/pgn/write-event-in-comment", test_write_event_in_comment);
  g_test_add_func ("/notation/pgn/write-repeated-fen", test_write_repeated_fen);
  g_test_add_func ("/notation/pgn/write-clock-commands-stable", test_clock_commands_stable);
  g_test_add_func ("/notation/pgn/write-round-trip", test_round_trip_rich);

  return g_test_run ();
}
