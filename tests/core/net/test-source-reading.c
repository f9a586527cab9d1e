/* test-source-reading.c: live PGN, LiveChess messages, what differs from the stored game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "arb-livechess-message.h"
#include "arb-source-diff.h"
#include "arb-source-pgn.h"
#include "arb-source-players.h"
#include "arb-test-utils.h"

/* Live PGN: complete games only */

static const char two_games[] = "[Event \"Open\"]\n[Round \"3.1\"]\n[White \"Carlsen, Magnus\"]\n"
                                "[Black \"Nakamura, Hikaru\"]\n[Result \"*\"]\n\n"
                                "1. e4 {[%clk 1:29:58]} e5 {[%clk 1:29:41]} 2. Nf3 "
                                "{[%clk 1:28:00] [%emt 0:01:58]} *\n\n"
                                "[Event \"Open\"]\n[Round \"3\"]\n[Board \"2\"]\n"
                                "[White \"Ding, Liren\"]\n[Black \"Giri, Anish\"]\n"
                                "[Result \"*\"]\n\n1. d4 d5 (1... Nf6 2. c4) 2. c4 *\n";

static void
test_pgn_complete (void)
{
  g_autoptr (GPtrArray) games = NULL;
  gboolean complete = FALSE;
  const ArbSourceGame *g;
  const ArbSourceMove *m;

  games = arb_source_pgn_read (two_games, strlen (two_games), &complete);
  g_assert_true (complete);
  g_assert_cmpuint (games->len, ==, 2);

  g = g_ptr_array_index (games, 0);
  g_assert_cmpstr (g->key, ==, "3.1");
  g_assert_cmpint (g->round, ==, 3);
  g_assert_cmpint (g->board, ==, 1);
  g_assert_cmpstr (g->white, ==, "Carlsen, Magnus");
  g_assert_cmpuint (arb_source_game_get_n_moves (g), ==, 3);
  /* Each move with the mover's [%clk] and the other side's last one. */
  m = arb_source_game_get_move (g, 0);
  g_assert_cmpstr (m->san, ==, "e4");
  g_assert_cmpint (m->white_ms, ==, (1 * 3600 + 29 * 60 + 58) * 1000);
  g_assert_cmpint (m->black_ms, ==, -1);
  m = arb_source_game_get_move (g, 1);
  g_assert_cmpint (m->white_ms, ==, (1 * 3600 + 29 * 60 + 58) * 1000);
  g_assert_cmpint (m->black_ms, ==, (1 * 3600 + 29 * 60 + 41) * 1000);
  m = arb_source_game_get_move (g, 2);
  g_assert_cmpstr (m->san, ==, "Nf3");
  g_assert_cmpint (m->white_ms, ==, (1 * 3600 + 28 * 60) * 1000);
  g_assert_cmpint (m->black_ms, ==, (1 * 3600 + 29 * 60 + 41) * 1000);
  g_assert_null (g->bad_move);

  /* The main line only: the variation is not the game. */
  g = g_ptr_array_index (games, 1);
  g_assert_cmpstr (g->key, ==, "3.2");
  g_assert_cmpuint (arb_source_game_get_n_moves (g), ==, 3);
  g_assert_cmpstr (arb_source_game_get_move (g, 2)->san, ==, "c4");
}

static void
test_pgn_torn (void)
{
  /* Cut anywhere, the text gives the games that are whole, and says it is
   * whole only when it ends with a game's marker. */
  gsize first_end = strstr (two_games, "} *\n") + 3 - two_games;
  gsize second = strstr (two_games, "[Event \"Open\"]\n[Round \"3\"]") - two_games;

  for (gsize cut = 0; cut < strlen (two_games); cut++)
    {
      g_autoptr (GPtrArray) games = NULL;
      gboolean complete = FALSE;
      /* The text without its last line break is whole. */
      gboolean whole = cut + 1 == strlen (two_games);
      guint expected = whole ? 2 : cut >= first_end ? 1 : 0;

      games = arb_source_pgn_read (two_games, cut, &complete);
      g_test_message ("cut %" G_GSIZE_FORMAT ": \"%.*s\"", cut, (int) MIN (cut, 12),
                      two_games + cut - MIN (cut, 12));
      g_assert_cmpint (complete, ==, whole || (cut >= first_end && cut <= second));
      g_assert_cmpuint (games->len, ==, expected);
      if (expected >= 1)
        g_assert_cmpuint (arb_source_game_get_n_moves (g_ptr_array_index (games, 0)), ==, 3);
    }
}

/* A result's text that ends a text cut inside a comment, a tag, a string
 * or a variation ends none of the games: the text is torn. */
static void
test_pgn_torn_in_marker_text (void)
{
  static const struct
  {
    const char *text;
    gboolean complete;
  } cases[] = {
    { "1. e4 e5 {draw offered 1/2-1/2", FALSE },
    { "1. e4 e5 {draw offered 1/2-1/2} *", TRUE },
    { "1. e4 (1. d4 *", FALSE },
    { "1. e4 (1. d4 d5) e5 *", TRUE },
    { "1. e4 ; resigns 1-0", FALSE },
    { "1. e4 ; resigns 1-0\n1... e5 0-1", TRUE },
    { "[Event \"Blitz *", FALSE },
    { "[Event \"Blitz \\\" *\"]", FALSE },
    { "[Event \"Blitz \\\" *\"]\n\n1. e4 *", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) games = NULL;
      gboolean complete = !cases[i].complete;

      g_test_message ("%s", cases[i].text);
      games = arb_source_pgn_read (cases[i].text, strlen (cases[i].text), &complete);
      g_assert_cmpint (complete, ==, cases[i].complete);
      if (!complete)
        g_assert_cmpuint (games->len, ==, 0);
    }
}

static void
test_pgn_bad_move (void)
{
  static const char text[] = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke4 Nc6 *\n";
  g_autoptr (GPtrArray) games = NULL;
  gboolean complete = FALSE;
  const ArbSourceGame *g;

  games = arb_source_pgn_read (text, strlen (text), &complete);
  g_assert_true (complete);
  g_assert_cmpuint (games->len, ==, 1);
  g = g_ptr_array_index (games, 0);
  g_assert_cmpstr (g->key, ==, "A - B");
  g_assert_cmpuint (arb_source_game_get_n_moves (g), ==, 2);
  g_assert_cmpstr (g->bad_move, ==, "Ke4");
  g_assert_cmpuint (g->bad_index, ==, 2);
}

static void
test_pgn_clock_tags (void)
{
  static const char text[] = "[White \"A\"]\n[Black \"B\"]\n[WhiteClock \"0:10:00\"]\n"
                             "[BlackClock \"0:09:30\"]\n\n1. e4 e5 *\n";
  g_autoptr (GPtrArray) games = NULL;
  const ArbSourceMove *m;

  games = arb_source_pgn_read (text, strlen (text), NULL);
  m = arb_source_game_get_move (g_ptr_array_index (games, 0), 1);
  g_assert_cmpint (m->white_ms, ==, 600000);
  g_assert_cmpint (m->black_ms, ==, 570000);
  /* Not for an earlier move. */
  g_assert_cmpint (arb_source_game_get_move (g_ptr_array_index (games, 0), 0)->white_ms, ==, -1);
}

/* Names */

static void
test_name_keys (void)
{
  static const struct
  {
    const char *a;
    const char *b;
    gboolean same;
  } cases[] = {
    { "Carlsen, Magnus", "Magnus Carlsen", TRUE },
    { "Åkesson, Björn", "Akesson, Bjorn", TRUE },
    { "van der Berg, Anouk", "Anouk van der Berg", TRUE },
    { "Hansen, Magnus", "Hansen, Magnus Ørn", FALSE },
    { "Carlsen, Magnus", "Carlsen, Henrik", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *a = arb_source_game_name_key (cases[i].a);
      g_autofree char *b = arb_source_game_name_key (cases[i].b);

      g_assert_cmpint (g_str_equal (a, b), ==, cases[i].same);
    }
}

/* The board a source's players sit at, among the pairings of a round. */
static void
test_pairings (void)
{
  static const char *const paired[][2] = {
    { "\u00c5kesson, Bj\u00f6rn", "Carlsen, Magnus" },
    { "Hansen, Magnus", "Hansen, Magnus \u00d8rn" },
    { "Berg, Anna", "Lund, Eva" },
    { "Berg, Anne", "Lund, Eve" },
  };
  static const struct
  {
    const char *white;
    const char *black;
    ArbSourcePlayers fit;
    int board;
  } cases[] = {
    { "Bjorn Akesson", "MAGNUS CARLSEN", ARB_SOURCE_PLAYERS_SAME, 1 },
    { "Carlsen, M.", "\u00c5kesson, B.", ARB_SOURCE_PLAYERS_REVERSED, 1 },
    { "Hansen, Magnus", "Hansen, Magnus Orn", ARB_SOURCE_PLAYERS_SAME, 2 },
    { "Hansen, Magnus \u00d8rn", "Hansen, Magnus", ARB_SOURCE_PLAYERS_REVERSED, 2 },
    /* The players of two boards. */
    { "Carlsen, Magnus", "Lund, Eva", ARB_SOURCE_PLAYERS_NONE, 0 },
    /* Initials that fit two boards alike. */
    { "Berg, A.", "Lund, E.", ARB_SOURCE_PLAYERS_NONE, 0 },
    { "Berg, Anne", "Lund, E.", ARB_SOURCE_PLAYERS_SAME, 4 },
    /* A begun word alone is no name. */
    { "Carl, M.", "Akesson, B.", ARB_SOURCE_PLAYERS_NONE, 0 },
    { "?", "Carlsen, Magnus", ARB_SOURCE_PLAYERS_UNNAMED, 0 },
    { NULL, "Carlsen, Magnus", ARB_SOURCE_PLAYERS_UNNAMED, 0 },
  };
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (ArbSourcePairings) pairings = NULL;
  g_autoptr (GError) error = NULL;
  ArbTimeControl tc;

  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (paired); i++)
    {
      ArbPlayerInfo white = { .name = (char *) paired[i][0] };
      ArbPlayerInfo black = { .name = (char *) paired[i][1] };
      ArbGameInfo game = { .round = 1, .board = (int) i + 1, .rated = TRUE };
      gint64 id;

      game.white_id = arb_tournament_add_player (t, &white, &error);
      game.black_id = arb_tournament_add_player (t, &black, &error);
      id = arb_tournament_add_game (t, &game, &error);
      g_assert_no_error (error);
      g_ptr_array_add (games, arb_game_load (t, id, &tc, ARB_EDITION_2023, &error));
      g_assert_no_error (error);
    }
  pairings = arb_source_pairings_new (games);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbGame *game = NULL;
      ArbSourcePlayers fit =
        arb_source_pairings_find (pairings, cases[i].white, cases[i].black, &game);

      g_test_message ("%s - %s", cases[i].white, cases[i].black);
      g_assert_cmpint (fit, ==, cases[i].fit);
      g_assert_cmpint (game != NULL ? arb_game_get_board (game) : 0, ==, cases[i].board);
    }
}

/* What differs */

static ArbSourceGame *
game_of (const char *moves, const char *bad)
{
  ArbSourceGame *game = arb_source_game_new ("k");
  g_auto (GStrv) san = g_strsplit (moves, " ", -1);

  for (guint i = 0; san[i] != NULL; i++)
    if (san[i][0] != '\0')
      arb_source_game_add_move (game, san[i], strlen (san[i]), -1, -1);
  if (bad != NULL)
    {
      game->bad_move = g_strdup (bad);
      game->bad_index = game->moves->len;
    }
  return game;
}

static GArray *
stored_of (const char *moves)
{
  GArray *stored = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  g_auto (GStrv) san = g_strsplit (moves, " ", -1);
  ArbPosition pos;

  arb_position_set_start (&pos);
  for (guint i = 0; san[i] != NULL; i++)
    {
      ArbMove move;
      ArbUndo undo;

      if (san[i][0] == '\0')
        continue;
      g_assert_cmpint (arb_san_resolve (&pos, san[i], strlen (san[i]), &move), ==, ARB_SAN_OK);
      g_array_append_val (stored, move);
      arb_position_make_move (&pos, move, &undo);
    }
  return stored;
}

static void
test_diff (void)
{
  static const struct
  {
    const char *stored;
    const char *source;
    const char *bad;
    ArbSourceDiffKind kind;
    guint n_new;
    const char *illegal; /* the move as made, or NULL */
    guint ply;           /* illegal or changed ply */
    const char *stored_text;
    const char *source_text;
  } cases[] = {
    { "e4 e5", "e4 e5", NULL, ARB_SOURCE_DIFF_SAME, 0, NULL, 0, NULL, NULL },
    { "e4 e5 Nf3", "e4", NULL, ARB_SOURCE_DIFF_BEHIND, 0, NULL, 2, "e5 Nf3", "" },
    { "e4", "e4 e5 Nf3 Nc6", NULL, ARB_SOURCE_DIFF_NEW, 3, NULL, 0, NULL, NULL },
    /* Castling written with zeros is read. */
    { "e4 e5 Nf3 Nc6 Bc4 Bc5", "e4 e5 Nf3 Nc6 Bc4 Bc5 0-0", NULL, ARB_SOURCE_DIFF_NEW, 1, NULL, 0,
      NULL, NULL },
    /* An illegal move after legal ones: those are taken, it is not. */
    { "e4", "e4 e5 Ke2 Ke7 Ke4", NULL, ARB_SOURCE_DIFF_NEW, 3, "Ke2-e4", 5, NULL, NULL },
    /* One the game's own replay could not read (a PGN's bad move). */
    { "e4 e5", "e4 e5", "Ke3", ARB_SOURCE_DIFF_NEW, 0, "Ke1-e3", 3, NULL, NULL },
    { "e4 e5 Nf3", "e4 e5 Nc3 Nf6", NULL, ARB_SOURCE_DIFF_CHANGED, 0, NULL, 3, "Nf3", "Nc3 Nf6" },
    { "d4 d5", "e4", NULL, ARB_SOURCE_DIFF_CHANGED, 0, NULL, 1, "d4 d5", "e4" },
    /* A move that is no move at all, where a stored one stands. */
    { "e4 e5", "e4 Ke4", NULL, ARB_SOURCE_DIFF_CHANGED, 0, NULL, 2, "e5", "Ke4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ArbSourceGame) game = game_of (cases[i].source, cases[i].bad);
      g_autoptr (GArray) stored = stored_of (cases[i].stored);
      g_autoptr (ArbSourceDiff) diff = NULL;
      ArbPosition start;

      g_test_message ("case %u: stored %s, source %s", i, cases[i].stored, cases[i].source);
      arb_position_set_start (&start);
      diff = arb_source_diff_compute (&start, (const ArbMove *) stored->data, stored->len, game);
      g_assert_cmpint (diff->kind, ==, cases[i].kind);
      g_assert_cmpuint (diff->new_moves->len, ==, cases[i].n_new);
      g_assert_cmpint (diff->has_illegal, ==, cases[i].illegal != NULL);
      if (cases[i].illegal != NULL)
        {
          g_assert_cmpstr (diff->illegal_text, ==, cases[i].illegal);
          g_assert_cmpuint (diff->illegal_ply, ==, cases[i].ply);
        }
      if (cases[i].kind == ARB_SOURCE_DIFF_CHANGED || cases[i].kind == ARB_SOURCE_DIFF_BEHIND)
        {
          g_assert_cmpuint (diff->changed_ply, ==, cases[i].ply);
          g_assert_cmpstr (diff->stored_text, ==, cases[i].stored_text);
          g_assert_cmpstr (diff->source_text, ==, cases[i].source_text);
        }
    }
}

static void
test_describe_from_board (void)
{
  ArbPosition pos;
  ArbSquare from;
  ArbSquare to;
  g_autofree char *text = NULL;

  /* The knight that went is told by the board, where the text names two. */
  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  g_assert_null (arb_source_describe_move (&pos, "Ne2", NULL, &from, &to));
  text = arb_source_describe_move (&pos, "Ne2", "4k3/8/8/8/8/8/4N3/1N2K3", &from, &to);
  g_assert_cmpstr (text, ==, "Ng1-e2");
  g_assert_cmpint (from, ==, ARB_SQUARE (6, 0));
  g_assert_cmpint (to, ==, ARB_SQUARE (4, 1));
}

static void
test_placement (void)
{
  static const struct
  {
    const char *text;
    gboolean ok;
  } cases[] = {
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", TRUE },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", TRUE },
    { "8/8/8/8/8/8/8/8", TRUE },
    { "8/8/8/8/8/8/8", FALSE },
    { "9/8/8/8/8/8/8/8", FALSE },
    { "8/8/8/8/8/8/8/8/8", FALSE },
    { "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FALSE },
    { "", FALSE },
  };
  ArbPiece board[64];
  ArbPosition start;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (arb_source_placement_parse (cases[i].text, board), ==, cases[i].ok);
  arb_position_set_start (&start);
  g_assert_true (arb_source_placement_matches (&start, cases[0].text));
  g_assert_false (arb_source_placement_matches (&start, cases[2].text));
}

/* LiveChess messages */

static void
test_livechess_messages (void)
{
  static const struct
  {
    const char *text;
    ArbLivechessMessageKind kind; /* when read */
    gboolean ok;
    gint64 id;
    guint n_boards;
    int n_san; /* -1: no "san" */
  } cases[] = {
    { "{\"response\":\"call\",\"id\":1,\"param\":[{\"serialnr\":\"12345\",\"state\":\"ACTIVE\","
      "\"board\":\"8/8/8/8/8/8/8/8\",\"flipped\":false,\"clock\":null},{\"serialnr\":\"777\"}]}",
      ARB_LIVECHESS_MESSAGE_EBOARDS, TRUE, 1, 2, -1 },
    { "{\"response\":\"feed\",\"id\":2,\"param\":{\"serialnr\":\"12345\",\"board\":\"8/8/8/8/8/8/"
      "8/8\",\"san\":[\"e4\",\"e5\"],\"clock\":{\"white\":5400,\"black\":5391.5,\"run\":\"white\"}}}",
      ARB_LIVECHESS_MESSAGE_FEED, TRUE, 2, 1, 2 },
    { "{\"response\":\"feed\",\"id\":\"7\",\"param\":{\"serialnr\":\"1\",\"san\":null}}",
      ARB_LIVECHESS_MESSAGE_FEED, TRUE, 7, 1, -1 },
    { "{\"response\":\"call\",\"id\":2,\"param\":{}}", ARB_LIVECHESS_MESSAGE_OTHER, TRUE, 2, 0,
      -1 },
    { "{\"id\":3,\"error\":\"no such board\"}", ARB_LIVECHESS_MESSAGE_ERROR, TRUE, 3, 0, -1 },
    /* Not read: */
    { "", 0, FALSE, 0, 0, 0 },
    { "[1,2]", 0, FALSE, 0, 0, 0 },
    { "{\"response\":\"feed\"}", 0, FALSE, 0, 0, 0 },
    { "{\"response\":\"feed\",\"param\":{\"san\":\"e4\"}}", 0, FALSE, 0, 0, 0 },
    { "{\"response\":\"feed\",\"param\":{\"san\":[1]}}", 0, FALSE, 0, 0, 0 },
    { "{\"response\":\"call\",\"id\":1,\"param\":[{\"state\":\"ACTIVE\"}]}", 0, FALSE, 0, 0, 0 },
    { "{\"response\":\"feed\",\"param\":{\"serialnr\":12345}}", 0, FALSE, 0, 0, 0 },
    { "{\"response\":", 0, FALSE, 0, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ArbLivechessMessage) message = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("message %u: %s", i, cases[i].text);
      message = arb_livechess_message_parse (cases[i].text, strlen (cases[i].text), &error);
      if (!cases[i].ok)
        {
          g_assert_null (message);
          g_assert_nonnull (error);
          g_assert_true (error->domain == ARB_LIVECHESS_ERROR);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpint (message->kind, ==, cases[i].kind);
      g_assert_cmpint (message->id, ==, cases[i].id);
      g_assert_cmpuint (message->boards->len, ==, cases[i].n_boards);
      if (cases[i].n_san < 0)
        g_assert_null (message->san);
      else
        g_assert_cmpuint (message->san->len, ==, (guint) cases[i].n_san);
    }

  /* The clock of the feed above, in milliseconds. */
  {
    g_autoptr (ArbLivechessMessage) m =
      arb_livechess_message_parse (cases[1].text, strlen (cases[1].text), NULL);
    const ArbLivechessBoard *b = &g_array_index (m->boards, ArbLivechessBoard, 0);

    g_assert_true (b->has_clock);
    g_assert_cmpint (b->white_ms, ==, 5400000);
    g_assert_cmpint (b->black_ms, ==, 5391500);
    g_assert_cmpint (b->running, ==, ARB_WHITE);
  }
  /* A NUL inside, and nesting deeper than any message: refused. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GString) deep = g_string_new (NULL);

    g_assert_null (arb_livechess_message_parse ("{}\0{}", 5, &error));
    g_assert_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SYNTAX);
    g_clear_error (&error);
    for (int i = 0; i < 100000; i++)
      g_string_append_c (deep, '[');
    g_assert_null (arb_livechess_message_parse (deep->str, deep->len, &error));
    g_assert_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SYNTAX);
  }
}

static void
test_livechess_calls (void)
{
  g_autofree char *eboards = arb_livechess_call_eboards (1);
  g_autofree char *subscribe = arb_livechess_call_subscribe (5, "31415");

  g_assert_cmpstr (eboards, ==, "{\"id\":1,\"call\":\"eboards\"}");
  g_assert_cmpstr (subscribe, ==,
                   "{\"id\":5,\"call\":\"subscribe\",\"param\":{\"feed\":\"eboardevent\",\"id\":5,"
                   "\"param\":{\"serialnr\":\"31415\"}}}");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/net/source-reading/source-pgn/complete", test_pgn_complete);
  g_test_add_func ("/net/source-reading/source-pgn/torn", test_pgn_torn);
  g_test_add_func ("/net/source-reading/source-pgn/torn-in-marker-text",
                   test_pgn_torn_in_marker_text);
  g_test_add_func ("/net/source-reading/source-pgn/bad-move", test_pgn_bad_move);
  g_test_add_func ("/net/source-reading/source-pgn/clock-tags", test_pgn_clock_tags);
  g_test_add_func ("/net/source-reading/source-game/name-keys", test_name_keys);
  g_test_add_func ("/net/source-reading/source-game/pairings", test_pairings);
  g_test_add_func ("/net/source-reading/source-diff/table", test_diff);
  g_test_add_func ("/net/source-reading/source-diff/describe-from-board", test_describe_from_board);
  g_test_add_func ("/net/source-reading/source-diff/placement", test_placement);
  g_test_add_func ("/net/source-reading/livechess/messages", test_livechess_messages);
  g_test_add_func ("/net/source-reading/livechess/calls", test_livechess_calls);

  return g_test_run ();
}
