/* test-follow.c: arbiter-cli follow
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>

#include "arb-san.h"
#include "arb-test-utils.h"

/* A tournament of one round of @n boards, "White N" – "Black N". */
static char *
new_round (ArbTestTemp *temp, guint n)
{
  g_autoptr (ArbTournament) t = arb_test_temp_new_tournament (temp);

  arb_test_add_numbered_round (t, "5400+30", n, NULL);
  return g_strdup (temp->tournament);
}

static char *
stored_moves (const char *path, guint board)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  gint64 id = arb_tournament_find_game (t, 1, (int) board, NULL);
  g_autoptr (GArray) moves = arb_tournament_get_moves (t, id, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < moves->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "",
                            g_array_index (moves, ArbStoredMove, i).san);
  return g_string_free (text, FALSE);
}

static const char live_pgn[] =
  "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
  "1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:29:00]} *\n\n"
  "[Round \"1\"]\n[White \"White, 2\"]\n[Black \"Black, 2\"]\n\n1. d4 d5 2. c4 Ke6 *\n\n"
  "[Round \"1\"]\n[White \"Somebody\"]\n[Black \"Else\"]\n\n1. c4 *\n";

static void
test_once_text (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = new_round (temp, 3);
  g_autofree char *pgn = arb_test_temp_write (temp, "live.pgn", live_pgn);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *again = NULL;
  g_autofree char *m1 = NULL;
  g_autofree char *m2 = NULL;
  const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_test_message ("%s%s", out, err);
  /* Something was refused: exit status 1. */
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (out, "Board 1: 1. e4 stored\n"));
  g_assert_nonnull (strstr (out, "Board 1: 2. Nf3 stored (White 1:29:00, Black 1:29:40)\n"));
  g_assert_nonnull (strstr (out, "Board 2: 2. c4 stored\n"));
  g_assert_nonnull (strstr (out, "Board 2: illegal move reported (2... Ke8-e6): not stored"));
  g_assert_nonnull (strstr (out, "No board of round 1 matches Somebody – Else"));
  g_assert_nonnull (strstr (out, "Merged 6 moves; refused 1; 1 game matches no board.\n"));
  m1 = stored_moves (path, 1);
  m2 = stored_moves (path, 2);
  g_assert_cmpstr (m1, ==, "e4 e5 Nf3");
  g_assert_cmpstr (m2, ==, "d4 d5 c4");

  /* Read again: nothing new, and the illegal move is still refused. */
  again = arb_test_run_cli (args, "", &status, NULL);
  g_test_message ("%s", again);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (
    strstr (again, "Board 2: 2... Ke8-e6 not stored: the alert raised for it before is open"));
  g_assert_nonnull (strstr (again, "Merged 0 moves; refused 1"));
}

/* Board 3's players with White and Black reversed, and a game tagged
 * board 2 whose players sit on boards 1 and 3: the first is an alert
 * under 7.3, the second matches no board; neither is stored. */
static void
test_once_players (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = new_round (temp, 3);
  g_autofree char *pgn =
    arb_test_temp_write (temp, "players.pgn",
                         "[Round \"1.3\"]\n[White \"Black 3\"]\n[Black \"White 3\"]\n\n1. e4 *\n\n"
                         "[Round \"1.2\"]\n[White \"White 1\"]\n[Black \"Black 3\"]\n\n1. d4 *\n");
  g_autofree char *out = NULL;
  g_autofree char *json = NULL;
  g_autofree char *m2 = NULL;
  g_autofree char *m3 = NULL;
  g_autofree char *expected = NULL;
  const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };
  const char *json_args[] = { "follow", path, "--source", pgn, "--once", "--json", NULL };
  int status = -1;

  out = arb_test_run_cli (args, "", &status, NULL);
  if (out == NULL)
    return;
  g_test_message ("%s", out);
  g_assert_cmpint (status, ==, 1);
  expected = g_strdup_printf ("Board 3: %s has the players with White and Black reversed (source: "
                              "Black 3 \u2013 White 3; paired: White 3 \u2013 Black 3): nothing "
                              "stored; an alert waits for the arbiter (7.3)\n",
                              pgn);
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "No board of round 1 matches White 1 \u2013 Black 3"));
  m2 = stored_moves (path, 2);
  m3 = stored_moves (path, 3);
  g_assert_cmpstr (m2, ==, "");
  g_assert_cmpstr (m3, ==, "");

  json = arb_test_run_cli (json_args, "", &status, NULL);
  g_test_message ("%s", json);
  g_assert_nonnull (strstr (json, "\"kind\":\"wrong-colours\""));
  g_assert_nonnull (strstr (json, "\"article\":\"7.3\""));
}

static void
test_once_json (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = new_round (temp, 1);
  g_autofree char *pgn = arb_test_temp_write (
    temp, "one.pgn", "[Round \"1.1\"]\n\n1. e4 {[%clk 0:59:30]} c5 {[%clk 0:59:10]} *\n");
  const char *args[] = { "follow", path, "--source", pgn, "--once", "--json", NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  guint merged = 0;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, NULL);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (g_strchomp (out), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonObject *o;

      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
      o = json_node_get_object (json_parser_get_root (parser));
      if (g_str_equal (json_object_get_string_member (o, "event"), "merged"))
        {
          merged++;
          g_assert_cmpint (json_object_get_int_member (o, "board"), ==, 1);
          g_assert_cmpint (json_object_get_int_member (o, "ply"), ==, merged);
          if (merged == 2)
            {
              g_assert_cmpstr (json_object_get_string_member (o, "san"), ==, "c5");
              g_assert_cmpint (json_object_get_int_member (o, "white_ms"), ==, 3570000);
              g_assert_cmpint (json_object_get_int_member (o, "black_ms"), ==, 3550000);
            }
        }
      if (lines[i + 1] == NULL)
        {
          g_assert_cmpstr (json_object_get_string_member (o, "event"), ==, "summary");
          g_assert_cmpint (json_object_get_int_member (o, "merged"), ==, 2);
          g_assert_cmpint (json_object_get_int_member (o, "refused"), ==, 0);
        }
    }
  g_assert_cmpuint (merged, ==, 2);
}

/* A source that gives no [%clk]: the moves are stored with their times
 * unknown, and the export says nothing of times. The workstation's clock
 * never ran for the game, so whatever it would show (the 90 minutes of the
 * time control, or nothing at all) is not a time anybody read. */
static void
test_once_unknown_times (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = new_round (temp, 1);
  g_autofree char *pgn =
    arb_test_temp_write (temp, "bare.pgn", "[Round \"1.1\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n");
  const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };
  const char *export_args[] = { "export", path, "--round", "1", NULL };
  g_autofree char *out = NULL;
  g_autofree char *exported = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, NULL);
  if (out == NULL)
    return;
  g_test_message ("%s", out);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "Board 1: 3. Nc3 stored\n"));
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    gint64 id = arb_tournament_find_game (t, 1, 1, NULL);
    g_autoptr (GArray) moves = arb_tournament_get_moves (t, id, NULL);

    g_assert_cmpuint (moves->len, ==, 5);
    for (guint i = 0; i < moves->len; i++)
      {
        g_assert_cmpint (g_array_index (moves, ArbStoredMove, i).white_ms, ==, -1);
        g_assert_cmpint (g_array_index (moves, ArbStoredMove, i).black_ms, ==, -1);
      }
  }
  exported = arb_test_run_cli (export_args, "", &status, NULL);
  g_test_message ("%s", exported);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (exported, "1. d4 d5 2. c4 e6 3. Nc3"));
  g_assert_null (strstr (exported, "%clk"));
}

static void
test_usage (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = new_round (temp, 1);
  static const struct
  {
    const char *source;
    const char *extra;
    int status;
    const char *says;
  } cases[] = {
    /* --once reads PGN; e-boards never end. */
    { "livechess://127.0.0.1:1", "--once", 2, "--once reads a PGN source" },
    { "gopher://example.org/x", NULL, 2, "not a source of moves" },
    /* Nothing listens there: a failure, said. */
    { "http://127.0.0.1:1/round.pgn", "--once", 1, "cannot be read" },
    { "/nonexistent/games.pgn", "--once", 1, "cannot be read" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[] = { "follow", path, "--source", cases[i].source, cases[i].extra, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *all = NULL;
      int status = -1;

      out = arb_test_run_cli (args, "", &status, &err);
      if (out == NULL)
        return;
      all = g_strconcat (out, err, NULL);
      g_test_message ("%s: %s", cases[i].source, all);
      g_assert_cmpint (status, ==, cases[i].status);
      g_assert_nonnull (strstr (all, cases[i].says));
    }
}

/* A round of many long games, written by playing random legal moves
 * from a fixed seed, with a clock comment after every move. */
static char *
random_round (guint n_boards, guint n_plies, GPtrArray *expected)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);
  GString *pgn = g_string_new (NULL);

  for (guint board = 1; board <= n_boards; board++)
    {
      GString *moves = g_string_new (NULL);
      ArbPosition pos;

      arb_position_set_start (&pos);
      g_string_append_printf (pgn,
                              "[Round \"1.%u\"]\n[White \"White %u\"]\n[Black \"Black %u\"]\n\n",
                              board, board, board);
      for (guint ply = 0; ply < n_plies; ply++)
        {
          ArbMoveList list;
          char san[ARB_SAN_MAX];
          ArbUndo undo;
          ArbMove move;

          arb_position_legal_moves (&pos, &list);
          /* A game that ended early stays short. */
          if (list.n_moves == 0 || pos.halfmove_clock >= 90)
            break;
          move = list.moves[g_rand_int_range (rand, 0, (gint32) list.n_moves)];
          arb_san_write (&pos, move, san);
          if (ply % 2 == 0)
            g_string_append_printf (pgn, "%u. ", ply / 2 + 1);
          g_string_append_printf (pgn, "%s {[%%clk 1:%02u:%02u]} ", san, 29 - ply / 60,
                                  59 - ply % 60);
          g_string_append_printf (moves, "%s%s", moves->len > 0 ? " " : "", san);
          arb_position_make_move (&pos, move, &undo);
        }
      g_string_append (pgn, "*\n\n");
      g_ptr_array_add (expected, g_string_free (moves, FALSE));
    }
  return g_string_free (pgn, FALSE);
}

/* Killed with SIGKILL in the middle of a merge: every move it said it
 * stored is there, the file is whole, and the next run finishes the
 * merge to exactly the legal moves. */
static void
test_sigkill (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = new_round (temp, 16);
  g_autofree char *text = random_round (16, 60, expected);
  g_autofree char *pgn = arb_test_temp_write (temp, "big.pgn", text);
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GPtrArray) acknowledged = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autofree char *again = NULL;
  char *line;
  int status = -1;

  if (cli == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                           &error, cli, "follow", path, "--source", pgn, "--once", "--json", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  /* Killed once it has said it stored 150 moves: in the middle of the
   * games, with the next move on its way to the disk. */
  while (acknowledged->len < 150 &&
         (line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL)
    {
      if (strstr (line, "\"event\":\"merged\"") != NULL)
        g_ptr_array_add (acknowledged, line);
      else
        g_free (line);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (acknowledged->len, ==, 150);
  g_subprocess_send_signal (proc, SIGKILL);
  g_assert_true (g_subprocess_wait (proc, NULL, NULL));
  g_assert_true (g_subprocess_get_if_signaled (proc));

  /* Every move acknowledged is stored, as said. */
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
    g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

    g_assert_no_error (error);
    for (guint i = 0; i < acknowledged->len; i++)
      {
        g_autoptr (JsonParser) parser = json_parser_new ();
        g_autoptr (GArray) moves = NULL;
        JsonObject *o;
        gint64 board;
        gint64 ply;

        g_assert_true (json_parser_load_from_data (parser, acknowledged->pdata[i], -1, NULL));
        o = json_node_get_object (json_parser_get_root (parser));
        board = json_object_get_int_member (o, "board");
        ply = json_object_get_int_member (o, "ply");
        moves =
          arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, (int) board, NULL), NULL);
        g_assert_cmpuint (moves->len, >=, (guint) ply);
        g_assert_cmpstr (g_array_index (moves, ArbStoredMove, ply - 1).san, ==,
                         json_object_get_string_member (o, "san"));
      }
    /* Nothing half-written: the file is whole and every game replays. */
    g_assert_true (arb_tournament_check (t, problems, &error));
    g_assert_cmpuint (problems->len, ==, 0);
  }

  /* Run again, it finishes: the file holds exactly the games. */
  {
    const char *args[] = { "follow", path, "--source", pgn, "--once", NULL };

    again = arb_test_run_cli (args, "", &status, NULL);
    g_test_message ("%s", again);
    g_assert_cmpint (status, ==, 0);
  }
  for (guint board = 1; board <= expected->len; board++)
    {
      g_autofree char *stored = stored_moves (path, board);

      g_assert_cmpstr (stored, ==, g_ptr_array_index (expected, board - 1));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add ("/cli/follow/once-text", ArbTestTemp, NULL, arb_test_temp_setup, test_once_text,
              arb_test_temp_teardown);
  g_test_add ("/cli/follow/once-json", ArbTestTemp, NULL, arb_test_temp_setup, test_once_json,
              arb_test_temp_teardown);
  g_test_add ("/cli/follow/once-players", ArbTestTemp, NULL, arb_test_temp_setup, test_once_players,
              arb_test_temp_teardown);
  g_test_add ("/cli/follow/once-unknown-times", ArbTestTemp, NULL, arb_test_temp_setup,
              test_once_unknown_times, arb_test_temp_teardown);
  g_test_add ("/cli/follow/usage", ArbTestTemp, NULL, arb_test_temp_setup, test_usage,
              arb_test_temp_teardown);
  g_test_add ("/cli/follow/sigkill", ArbTestTemp, NULL, arb_test_temp_setup, test_sigkill,
              arb_test_temp_teardown);

  return g_test_run ();
}
