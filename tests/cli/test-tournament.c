/* test-tournament-cli.c: arbiter-cli new, import, export, play, check
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>

#include "arb-test-utils.h"

static void
test_new_and_trf (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *trf = g_test_build_filename (G_TEST_DIST, "data", "swiss-5.trf", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_file (temp, "event.arbiter");

  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "CLI Open", "--edition", "2009",
                       "--time-control", "40/7200:3600", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  before = arb_test_checksum (path);
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Again", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "already exists"));
  }
  after = arb_test_checksum (path);
  g_assert_cmpstr (after, ==, before);
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_autofree char *other = arb_test_temp_file (temp, "other.arbiter");
    arb_test_cli_args (&r, NULL, "new", other, "--name", "X", "--edition", "2016", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "2016"));
    g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  }

  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_autofree char *other = arb_test_temp_file (temp, "tc.arbiter");
    arb_test_cli_args (&r, NULL, "new", other, "--name", "X", "--time-control", "40/90min", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "the time control “40/90min” cannot be read"));
    g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  }

  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, trf, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "imported 5 players and 9 pairings"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_assert_true (g_file_get_contents (trf, &expected, NULL, NULL));
    arb_test_cli_args (&r, NULL, "export", path, "--format", "trf", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.out, ==, expected);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "check", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "sound (5 players, 9 games, 0 moves, 0 rulings)"));
  }
  /* A copy on demand, and the one at the end of a round: both sound. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_auto (ArbTestCliRun) c = { 0 };
    g_autofree char *copy = g_strconcat (path, ".copy", NULL);
    arb_test_cli_args (&r, NULL, "backup", path, copy, NULL);
    g_assert_cmpint (r.status, ==, 0);
    arb_test_cli_args (&c, NULL, "check", copy, NULL);
    g_assert_cmpint (c.status, ==, 0);
    g_assert_nonnull (strstr (c.out, "5 players, 9 games"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_auto (ArbTestCliRun) c = { 0 };
    g_autofree char *copy = g_strconcat (path, ".round-3.backup", NULL);
    arb_test_cli_args (&r, NULL, "backup", path, "--finish-round", "3", NULL);
    g_assert_cmpint (r.status, ==, 0);
    arb_test_cli_args (&c, NULL, "check", copy, NULL);
    g_assert_cmpint (c.status, ==, 0);
  }
}

/* Round after round with the pairing program: the file after pairing
 * round 5, results, the export with what is still missing on standard
 * error; a PGN match of six games in one round is refused for TRF. */
static void
test_rounds_and_trf (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *paired = g_test_build_filename (G_TEST_DIST, "data", "open-5-paired.trf", NULL);
  g_autofree char *match = NULL;
  GString *pgn = g_string_new (NULL);

  if (arb_test_skip_without_cli ())
    {
      g_string_free (pgn, TRUE);
      return;
    }
  path = arb_test_temp_file (temp, "open.arbiter");
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Open", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, paired, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "imported 13 players and 35 pairings"));
  }
  /* The same file again adds nothing and breaks nothing. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, paired, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "imported 0 players and 0 pairings"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "export", path, "--format", "trf", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (
      strstr (r.err, "round 5 board 1 (Lindqvist, Erik – Søndergaard, Mads) has no result yet"));
    g_assert_nonnull (strstr (r.err, "round 5 board 6 (Kristensen, Jens – de Jong, Pieter)"));
    g_assert_null (strstr (r.err, "board 7"));
    g_assert_nonnull (strstr (r.out, "001    1 m GM Hansen, Magnus Ørn"));
  }

  /* Six games of Carlsen and Nakamura in round 1. */
  for (int i = 1; i <= 6; i++)
    g_string_append_printf (pgn,
                            "[Event \"Match\"]\n[Site \"Oslo\"]\n[Date \"2026.01.0%d\"]\n"
                            "[Round \"1.%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
                            "[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n",
                            i, i, i % 2 ? "Carlsen, Magnus" : "Nakamura, Hikaru",
                            i % 2 ? "Nakamura, Hikaru" : "Carlsen, Magnus");
  match = arb_test_temp_file (temp, "match.pgn");
  g_assert_true (g_file_set_contents (match, pgn->str, -1, NULL));
  g_string_free (pgn, TRUE);
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_auto (ArbTestCliRun) i = { 0 };
    g_autofree char *other = arb_test_temp_file (temp, "match.arbiter");
    arb_test_cli_args (&r, NULL, "new", other, "--name", "Match", NULL);
    arb_test_cli_args (&i, NULL, "import", other, match, NULL);
    g_assert_cmpint (i.status, ==, 0);
    {
      g_auto (ArbTestCliRun) e = { 0 };
      arb_test_cli_args (&e, NULL, "export", other, "--format", "trf", NULL);
      g_assert_cmpint (e.status, ==, 1);
      g_assert_cmpstr (e.out, ==, "");
      g_assert_nonnull (strstr (e.err, "round 1: Carlsen, Magnus and Nakamura, Hikaru play 6 "
                                       "games (boards 1, 2, 3, 4, 5, 6)"));
    }
  }
}

/* A TRF-2026 file that starts with a ### comment is read as TRF without
 * --format (it was taken for PGN), and its boards are the published ones. */
static void
test_commented_trf (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *trf = g_test_build_filename (G_TEST_DIST, "data", "swiss-ties-5-26.trf", NULL);

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_file (temp, "ties.arbiter");
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Ties", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, trf, NULL);
    g_assert_cmpstr (r.err, ==, "");
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "imported 7 players and 20 pairings"));
  }
  /* Exported as imported, or as TRF16 when the arbiter asks. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_autofree char *text = NULL;
    arb_test_cli_args (&r, NULL, "export", path, "--format", "trf", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (trf, &text, NULL, NULL));
    g_assert_cmpstr (r.out, ==, text);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "export", path, "--format", "trf16", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_null (strstr (r.out, "300 "));
    g_assert_null (strstr (r.out, "142 "));
    g_assert_nonnull (strstr (r.out, "\nXXR 5\n"));
    g_assert_nonnull (strstr (r.out, "001    1 m GM Lindqvist, Erik"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "export", path, "--format", "trf17", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
}

static void
test_play_and_pgn (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *bad = NULL;
  const char *pairing =
    "[Event \"?\"]\n[Round \"5.1\"]\n[White \"A, Al\"]\n[Black \"B, Bea\"]\n[Result \"*\"]\n\n*\n";
  const char *bad_games = "[Round \"6.1\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n\n"
                          "[Round \"6.2\"]\n[White \"E\"]\n[Black \"F\"]\n\n1. d4 d5 2. Bb5 *\n";

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_file (temp, "play.arbiter");
  pgn = g_strconcat (path, ".pairing.pgn", NULL);
  bad = g_strconcat (path, ".bad.pgn", NULL);
  g_assert_true (g_file_set_contents (pgn, pairing, -1, NULL));
  g_assert_true (g_file_set_contents (bad, bad_games, -1, NULL));

  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Play Open", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, pgn, NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  /* Black's king cannot go to e2, "xx" is no move: both are refused and
   * named by their ply; e5 is then ply 2. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, "e4\nKe2\nxx\ne5\n", "play", path, "--round", "5", "--board", "1", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==, "ok 1 e4\nok 2 e5\n");
    g_assert_nonnull (strstr (r.err, "ply 2: 'Ke2'"));
    g_assert_nonnull (strstr (r.err, "ply 2: "));
    g_assert_nonnull (strstr (r.err, "xx"));
  }
  /* It goes on where it stopped; a mate ends the game. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, "Bc4\nNc6\nQh5\nNf6\nQxf7#\na6\n", "play", path, "--round", "5",
                       "--board", "1", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==,
                     "ok 3 Bc4\nok 4 Nc6\nok 5 Qh5\nok 6 Nf6\nok 7 Qxf7#\nresult 1-0 normal\n");
    g_assert_nonnull (strstr (r.err, "is over (1-0)"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "export", path, "--round", "5", "--board", "1", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "[Result \"1-0\"]"));
    /* The mate is stored with the ruling that says why, as the window
     * stores it (5.1.1). */
    g_assert_nonnull (strstr (r.out, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {[Ruling result;"));
    g_assert_nonnull (strstr (r.out, "art. 5.1.1]"));
    g_assert_nonnull (strstr (r.out, "} 1-0\n"));
  }
  /* A PGN with a bad second game: nothing of it is stored. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, bad, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "game 2, line"));
    g_assert_nonnull (strstr (r.err, "ply 3"));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "check", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "2 players, 1 games, 7 moves"));
  }
}

static void
test_bad_files (ArbTestTemp *temp, gconstpointer data)
{
  static const char *const commands[] = { "check", "export", "play", "import" };
  g_autofree char *zero = NULL;
  g_autofree char *random = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *newer = NULL;
  const char *files[4];
  const char *messages[] = { "empty (0 bytes)", "not an Arbiter tournament file",
                             "plain SQLite database", "newer version of Arbiter" };

  if (arb_test_skip_without_cli ())
    return;
  zero = arb_test_temp_file (temp, "zero.arbiter");
  random = arb_test_temp_file (temp, "random.arbiter");
  plain = arb_test_temp_file (temp, "plain.arbiter");
  newer = arb_test_temp_file (temp, "newer.arbiter");
  g_assert_true (g_file_set_contents (zero, "", 0, NULL));
  {
    char buf[3000];
    for (gsize i = 0; i < sizeof buf; i++)
      buf[i] = (char) (i * 7919 % 251);
    g_assert_true (g_file_set_contents (random, buf, sizeof buf, NULL));
  }
  {
    sqlite3 *db = NULL;
    g_assert_cmpint (sqlite3_open (plain, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x)", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    sqlite3 *db = NULL;
    arb_test_cli_args (&r, NULL, "new", newer, "--name", "Future", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (sqlite3_open (newer, &db), ==, SQLITE_OK);
    g_assert_cmpint (
      sqlite3_exec (db, "PRAGMA user_version = 99; PRAGMA journal_mode = DELETE", NULL, NULL, NULL),
      ==, SQLITE_OK);
    sqlite3_close (db);
  }
  files[0] = zero;
  files[1] = random;
  files[2] = plain;
  files[3] = newer;

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *before = arb_test_checksum (files[f]);
      g_autofree char *trf = g_test_build_filename (G_TEST_DIST, "data", "swiss-5.trf", NULL);

      for (gsize c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_auto (ArbTestCliRun) r = { 0 };
          g_autofree char *after = NULL;

          if (strcmp (commands[c], "play") == 0)
            arb_test_cli_args (&r, "e4\n", "play", files[f], "--round", "1", "--board", "1", NULL);
          else if (strcmp (commands[c], "import") == 0)
            arb_test_cli_args (&r, NULL, "import", files[f], trf, NULL);
          else
            arb_test_cli_args (&r, NULL, commands[c], files[f], NULL);
          g_test_message ("%s %s: %s", commands[c], files[f], r.err);
          g_assert_cmpint (r.status, ==, 1);
          g_assert_cmpstr (r.out, ==, "");
          g_assert_nonnull (strstr (r.err, messages[f]));
          after = arb_test_checksum (files[f]);
          g_assert_cmpstr (after, ==, before);
        }
    }
}

typedef struct
{
  GMainLoop *loop;
  int left;
  GObject *sources[2];
  GAsyncResult *results[2];
} Pending;

static void
communicated_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *pending = data;

  pending->results[source == pending->sources[0] ? 0 : 1] = g_object_ref (result);
  if (--pending->left == 0)
    g_main_loop_quit (pending->loop);
}

/* Two programs record the same game at once: every ply is stored once,
 * acknowledged by exactly one of them, and the file stays sound. */
static void
test_two_writers (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *pgn = NULL;
  const char *pairing = "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A\"]\n[Black \"B\"]\n\n*\n";
  /* Knights out and back, 60 plies: legal whoever plays them. */
  g_autoptr (GString) moves = g_string_new (NULL);
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) one = NULL;
  g_autoptr (GSubprocess) two = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  g_autoptr (GHashTable) acked = g_hash_table_new (NULL, NULL);
  g_auto (GStrv) lines1 = NULL;
  g_auto (GStrv) lines2 = NULL;
  static const char *const cycle[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
  const char *cli_path = g_getenv ("ARBITER_CLI");

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_file (temp, "two.arbiter");
  pgn = g_strconcat (path, ".pgn", NULL);
  g_assert_true (g_file_set_contents (pgn, pairing, -1, NULL));
  {
    g_auto (ArbTestCliRun) r = { 0 };
    /* The 2009 Laws have no automatic fivefold draw: the knights may
     * go out and back for ever. */
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Two", "--edition", "2009", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, pgn, NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  for (int i = 0; i < 60; i++)
    g_string_append_printf (moves, "%s\n", cycle[i % 4]);

  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  one = g_subprocess_launcher_spawn (launcher, &error, cli_path, "play", path, "--round", "1",
                                     "--board", "1", NULL);
  g_assert_no_error (error);
  two = g_subprocess_launcher_spawn (launcher, &error, cli_path, "play", path, "--round", "1",
                                     "--board", "1", NULL);
  g_assert_no_error (error);
  /* Both are fed and read at the same time. */
  {
    Pending pending = {
      g_main_loop_new (NULL, FALSE), 2, { G_OBJECT (one), G_OBJECT (two) }, { NULL }
    };

    g_subprocess_communicate_utf8_async (one, moves->str, NULL, communicated_cb, &pending);
    g_subprocess_communicate_utf8_async (two, moves->str, NULL, communicated_cb, &pending);
    g_main_loop_run (pending.loop);
    g_main_loop_unref (pending.loop);
    g_assert_true (
      g_subprocess_communicate_utf8_finish (one, pending.results[0], &out1, NULL, &error));
    g_assert_true (
      g_subprocess_communicate_utf8_finish (two, pending.results[1], &out2, NULL, &error));
    g_object_unref (pending.results[0]);
    g_object_unref (pending.results[1]);
  }
  g_assert_no_error (error);

  lines1 = g_strsplit (out1, "\n", -1);
  lines2 = g_strsplit (out2, "\n", -1);
  for (int k = 0; k < 2; k++)
    for (char **l = k == 0 ? lines1 : lines2; *l != NULL; l++)
      {
        int ply;
        if (**l == '\0')
          continue;
        g_assert_true (g_str_has_prefix (*l, "ok "));
        ply = atoi (*l + 3);
        g_assert_false (g_hash_table_contains (acked, GINT_TO_POINTER (ply)));
        g_hash_table_add (acked, GINT_TO_POINTER (ply));
      }
  g_test_message ("first writer acknowledged %u plies, second %u", g_strv_length (lines1) - 1,
                  g_strv_length (lines2) - 1);
  /* Every ply from 1 up, no gap, each once. */
  for (guint ply = 1; ply <= g_hash_table_size (acked); ply++)
    g_assert_true (g_hash_table_contains (acked, GINT_TO_POINTER (ply)));
  g_assert_cmpuint (g_hash_table_size (acked), >=, 60);

  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_autofree char *expected = g_strdup_printf ("%u moves", g_hash_table_size (acked));
    arb_test_cli_args (&r, NULL, "check", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, expected));
  }
}

/* Finding 1 of "the record is the truth": the knights out and back five
 * times. The start position stands for the fifth time at ply 16, which
 * ends the game (2018/2023 article 9.6.1): ply 16 is stored with the draw
 * and its ruling, and no later move is stored. */
static void
test_play_fivefold (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *pgn = NULL;
  g_autoptr (GString) moves = g_string_new (NULL);
  g_autoptr (GString) acked = g_string_new (NULL);
  static const char *const cycle[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
  const char *pairing = "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A\"]\n[Black \"B\"]\n\n*\n";

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_file (temp, "fivefold.arbiter");
  pgn = g_strconcat (path, ".pgn", NULL);
  g_assert_true (g_file_set_contents (pgn, pairing, -1, NULL));
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "new", path, "--name", "Fivefold", "--edition", "2023", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "import", path, pgn, NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  for (int i = 0; i < 20; i++)
    g_string_append_printf (moves, "%s\n", cycle[i % 4]);
  for (int i = 0; i < 16; i++)
    g_string_append_printf (acked, "ok %d %s\n", i + 1, cycle[i % 4]);
  g_string_append (acked, "result 1/2-1/2 normal\n");
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, moves->str, "play", path, "--round", "1", "--board", "1", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==, acked->str);
    g_assert_nonnull (strstr (r.err, "ply 17: "));
  }
  /* Read back: 16 plies, the draw, and the ruling with its article. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "export", path, "--round", "1", "--board", "1", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "[Result \"1/2-1/2\"]"));
    g_assert_nonnull (strstr (r.out, "Ng1 Ng8 {[Ruling automatic-draw; Laws 2023; art. 9.6.1]"));
    g_assert_null (strstr (r.out, " 9. "));
  }
  {
    g_auto (ArbTestCliRun) r = { 0 };
    arb_test_cli_args (&r, NULL, "check", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "1 games, 16 moves, 1 rulings"));
  }
}

int
main (int argc, char **argv)
{
  /* A command that refuses its arguments exits before reading the input
   * the test writes to it; the write must then fail (GSubprocess ignores a
   * broken pipe on standard input), not kill the test with SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/tournament/new-and-trf", ArbTestTemp, NULL, arb_test_temp_setup,
              test_new_and_trf, arb_test_temp_teardown);
  g_test_add ("/cli/tournament/rounds-and-trf", ArbTestTemp, NULL, arb_test_temp_setup,
              test_rounds_and_trf, arb_test_temp_teardown);
  g_test_add ("/cli/tournament/commented-trf", ArbTestTemp, NULL, arb_test_temp_setup,
              test_commented_trf, arb_test_temp_teardown);
  g_test_add ("/cli/tournament/play-and-pgn", ArbTestTemp, NULL, arb_test_temp_setup,
              test_play_and_pgn, arb_test_temp_teardown);
  g_test_add ("/cli/tournament/play-fivefold", ArbTestTemp, NULL, arb_test_temp_setup,
              test_play_fivefold, arb_test_temp_teardown);
  g_test_add ("/cli/tournament/bad-files", ArbTestTemp, NULL, arb_test_temp_setup, test_bad_files,
              arb_test_temp_teardown);
  g_test_add ("/cli/tournament/two-writers", ArbTestTemp, NULL, arb_test_temp_setup,
              test_two_writers, arb_test_temp_teardown);

  return g_test_run ();
}
