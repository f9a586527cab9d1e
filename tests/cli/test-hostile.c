/* test-hostile.c: arbiter-cli against hostile files and input
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Regression tests for what a reliability audit found by feeding the
 * command-line tool crafted tournament files, input and PGN: each case
 * here failed before its fix.
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "arb-test-utils.h"

#define RUN(r, ...) arb_test_cli_input ((r), NULL, 0, (const char *const[]){ __VA_ARGS__, NULL })

/* A new tournament with one pairing, round 1 board 1, and its path. */
static char *
new_tournament_edition (const char *name, const char *edition)
{
  g_autofree char *path = arb_test_temp_path (name);
  g_autofree char *pgn = g_strconcat (path, ".pairing.pgn", NULL);
  g_auto (ArbTestCliRun) a = { 0 };
  g_auto (ArbTestCliRun) b = { 0 };

  g_assert_true (g_file_set_contents (pgn,
                                      "[Event \"?\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                                      "[Black \"B, Bea\"]\n[Result \"*\"]\n\n*\n",
                                      -1, NULL));
  if (edition != NULL ? !RUN (&a, "new", path, "--name", "Hostile Open", "--edition", edition)
                      : !RUN (&a, "new", path, "--name", "Hostile Open"))
    return NULL;
  g_assert_cmpint (a.status, ==, 0);
  RUN (&b, "import", path, pgn);
  g_assert_cmpint (b.status, ==, 0);
  return g_steal_pointer (&path);
}

static char *
new_tournament (const char *name)
{
  return new_tournament_edition (name, NULL);
}

/* --- check reads every stored value ---------------------------------- */

static void
test_check_stored_payloads (void)
{
  g_autofree char *path = new_tournament ("payloads.arbiter");
  static const struct
  {
    const char *sql;
    const char *problem;
  } cases[] = {
    /* The 9 bytes that made the old reader read past the end. */
    { "INSERT INTO ruling (game_id, ply, kind, decision, edition, payload, wall_time) "
      "VALUES (1, 0, 'claim', 'x', 2023, '\"\\ud800\\u', '2026-01-01T00:00:00Z')",
      "ruling 1 cannot be read" },
    { "INSERT INTO ruling (game_id, ply, kind, decision, edition, payload, wall_time) "
      "VALUES (1, 0, 'claim', 'x', 2023, '{}', '2026-01-01T00:00:00Z')",
      "ruling 1 cannot be read" },
    { "UPDATE event SET settings = '{\"default_time_ms\": \"\\ud800\\u'", "event settings" },
    { "UPDATE event SET settings = '[1,2]'", "event settings" },
  };

  if (path == NULL)
    return;
  {
    g_auto (ArbTestCliRun) r = { 0 };
    RUN (&r, "check", path);
    g_assert_cmpint (r.status, ==, 0);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *copy = g_strdup_printf ("%s.%zu", path, i);
      g_autofree char *contents = NULL;
      gsize length;
      g_auto (ArbTestCliRun) r = { 0 };

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
      arb_test_corrupt (copy, cases[i].sql);
      RUN (&r, "check", copy);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, cases[i].problem));
    }
}

/* --- play: lines, NUL bytes, conflicts, storage errors ----------------- */

static char *
export_game (const char *path)
{
  g_auto (ArbTestCliRun) r = { 0 };

  RUN (&r, "export", path, "--round", "1", "--board", "1");
  g_assert_cmpint (r.status, ==, 0);
  return g_steal_pointer (&r.out);
}

static void
test_play_long_line (void)
{
  g_autofree char *path = new_tournament ("long-line.arbiter");
  g_autoptr (GString) input = g_string_new ("e4\n");
  g_auto (ArbTestCliRun) r = { 0 };
  const char *const args[] = { "play", path, "--round", "1", "--board", "1", NULL };

  if (path == NULL)
    return;
  /* 300 bytes ending in something that reads as a move: before, it was
   * cut at 255 bytes and refused twice, the second piece being "e5". */
  for (int i = 0; i < 298; i++)
    g_string_append_c (input, ' ');
  g_string_append (input, "e5\nd5\n");
  arb_test_cli_input (&r, input->str, input->len, args);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "ok 1 e4\nok 2 d5\n");
  g_assert_nonnull (strstr (r.err, "line 2: 300 bytes, longer than 255: not stored"));
  /* One refusal for the one line. */
  g_assert_null (strstr (strstr (r.err, "not stored") + 1, "not stored"));
}

static void
test_play_nul_in_line (void)
{
  g_autofree char *path = new_tournament ("nul.arbiter");
  static const char input[] = "e4\ne5\0 junk\nNf3\n";
  g_auto (ArbTestCliRun) r = { 0 };
  const char *const args[] = { "play", path, "--round", "1", "--board", "1", NULL };

  if (path == NULL)
    return;
  /* Before, the line was cut at the NUL and "e5" stored. */
  arb_test_cli_input (&r, input, sizeof input - 1, args);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "ok 1 e4\n");
  g_assert_nonnull (strstr (r.err, "line 2: contains a NUL byte: not stored"));
  g_assert_nonnull (strstr (r.err, "Nf3"));
}

/* Writer B looks at the start position; writer A then stores 1.e4 e5
 * 2.Nf3; B types d4 and, as the reply to it, Nf6. d4 is a conflict, and
 * Nf6 must not become ply 4 of A's game. */
static void
test_play_queued_after_conflict (void)
{
  g_autofree char *path = new_tournament ("conflict.arbiter");
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GSubprocess) b = NULL;
  g_autoptr (GDataInputStream) b_err = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *b_out = NULL;
  g_autofree char *b_rest = NULL;
  GOutputStream *b_in;
  static const char typed[] = "d4\nNf6\n";

  if (path == NULL)
    return;
  b = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                          G_SUBPROCESS_FLAGS_STDERR_PIPE,
                        &error, cli, "play", path, "--round", "1", "--board", "1", NULL);
  g_assert_no_error (error);
  b_in = g_subprocess_get_stdin_pipe (b);
  b_err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (b));
  /* A refused line proves B has read the game (at ply 0) and waits. */
  g_assert_true (g_output_stream_write_all (b_in, "xx\n", 3, NULL, NULL, &error));
  g_assert_no_error (error);
  first = g_data_input_stream_read_line_utf8 (b_err, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_nonnull (strstr (first, "ply 1"));

  {
    g_auto (ArbTestCliRun) a = { 0 };
    static const char moves[] = "e4\ne5\nNf3\n";
    const char *const args[] = { "play", path, "--round", "1", "--board", "1", NULL };

    arb_test_cli_input (&a, moves, sizeof moves - 1, args);
    g_assert_cmpint (a.status, ==, 0);
    g_assert_cmpstr (a.out, ==, "ok 1 e4\nok 2 e5\nok 3 Nf3\n");
  }

  /* B may stop reading at the conflict, before Nf6 reaches it: a closed
   * pipe is then an answer, not a failure. */
  if (!g_output_stream_write_all (b_in, typed, sizeof typed - 1, NULL, NULL, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
      g_clear_error (&error);
    }
  if (!g_output_stream_close (b_in, NULL, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
      g_clear_error (&error);
    }
  {
    g_autoptr (GDataInputStream) out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (b));

    b_out = g_data_input_stream_read_upto (out, "", 0, NULL, NULL, &error);
    g_assert_no_error (error);
  }
  b_rest = g_data_input_stream_read_upto (b_err, "", 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (b, NULL, &error));
  g_assert_true (g_subprocess_get_if_exited (b));
  g_assert_cmpint (g_subprocess_get_exit_status (b), ==, 1);
  g_assert_true (b_out == NULL || b_out[0] == '\0');
  g_assert_nonnull (strstr (b_rest, "stopped after line 2"));
  g_assert_nonnull (strstr (b_rest, "has 3 stored plies"));

  pgn = export_game (path);
  g_assert_nonnull (strstr (pgn, "1. e4 e5 2. Nf3 *"));
  g_assert_null (strstr (pgn, "Nf6"));
}

static void
limit_file_size (gpointer user_data)
{
  struct rlimit limit;

  limit.rlim_cur = limit.rlim_max = GPOINTER_TO_SIZE (user_data);
  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* A file that cannot grow (the disk is full): the first move that cannot
 * be stored stops the command, which says so; before, it went on and
 * refused every later move as illegal in a position that was not the
 * game's. */
static void
test_play_stops_after_storage_error (void)
{
  /* The knights go out and back until the disk is full: under the 2009
   * Laws, which have no automatic fivefold draw, for as long as it takes. */
  g_autofree char *path = new_tournament_edition ("full.arbiter", "2009");
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) moves = g_string_new (NULL);
  g_autoptr (GBytes) in = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  g_autofree char *out_text = NULL;
  g_autofree char *err_text = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *last_ok = NULL;
  GStatBuf st;
  gsize len;
  int acknowledged = 0;

  if (path == NULL)
    return;
  for (int i = 0; i < 200; i++)
    g_string_append (moves, "Nf3\nNf6\nNg1\nNg8\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);

  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, limit_file_size,
                                         GSIZE_TO_POINTER ((gsize) st.st_size + 65536), NULL);
  proc = g_subprocess_launcher_spawn (launcher, &error, cli, "play", path, "--round", "1",
                                      "--board", "1", NULL);
  g_assert_no_error (error);
  in = g_bytes_new (moves->str, moves->len);
  g_assert_true (g_subprocess_communicate (proc, in, NULL, &out, &err, &error));
  g_assert_no_error (error);
  {
    const char *data = g_bytes_get_data (out, &len);

    out_text = g_strndup (data, len);
    data = g_bytes_get_data (err, &len);
    err_text = g_strndup (data, len);
  }

  g_test_message ("exit %d, standard error: %s", g_subprocess_get_exit_status (proc), err_text);
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 1);
  /* One move was not stored, then nothing more was tried. */
  g_assert_nonnull (strstr (err_text, "not stored"));
  g_assert_null (strstr (strstr (err_text, "not stored") + 1, "not stored"));
  g_assert_nonnull (strstr (err_text, "stopped after line"));
  g_assert_null (strstr (err_text, "not legal"));
  for (const char *p = out_text; (p = strstr (p, "ok ")) != NULL; p++)
    acknowledged++;
  g_assert_cmpint (acknowledged, >, 0);
  g_assert_cmpint (acknowledged, <, 800);
  last_ok = g_strdup_printf ("has %d stored plies", acknowledged);
  g_assert_nonnull (strstr (err_text, last_ok));

  /* Without the limit, the file is sound and holds what was acknowledged. */
  {
    g_auto (ArbTestCliRun) r = { 0 };
    g_autofree char *sound = g_strdup_printf ("%d moves", acknowledged);

    RUN (&r, "check", path);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, sound));
  }
}

/* --- import and validate: one set of limits, text checked ------------- */

static const char game_head[] = "[Event \"Hostile\"]\n[Round \"1.1\"]\n[White \"A, Al\"]\n"
                                "[Black \"B, Bea\"]\n[Result \"*\"]\n";

typedef enum
{
  HOSTILE_COMMENT,
  HOSTILE_GAME_TEXT,
  HOSTILE_TAGS,
  HOSTILE_VARIATIONS,
  HOSTILE_MOVES,
} Hostile;

static char *
hostile_pgn (Hostile kind)
{
  GString *s = g_string_new (game_head);

  switch (kind)
    {
    case HOSTILE_COMMENT: /* one comment just past 1 MiB */
      g_string_append (s, "\n1. e4 {");
      for (int i = 0; i < (1 << 20) + 1; i++)
        g_string_append_c (s, 'x');
      g_string_append (s, "} e5 *\n");
      break;
    case HOSTILE_GAME_TEXT: /* 17 comments of 1 MiB each */
      g_string_append (s, "\n1. e4");
      for (int k = 0; k < 17; k++)
        {
          g_string_append (s, " {");
          for (int i = 0; i < (1 << 20) - 16; i++)
            g_string_append_c (s, 'y');
          g_string_append (s, "}");
        }
      g_string_append (s, " e5 *\n");
      break;
    case HOSTILE_TAGS:
      for (int i = 0; i < 1001; i++)
        g_string_append_printf (s, "[Tag%04d \"x\"]\n", i);
      g_string_append (s, "\n1. e4 *\n");
      break;
    case HOSTILE_VARIATIONS:
      g_string_append (s, "\n1. e4 ");
      for (int i = 0; i < 10001; i++)
        g_string_append (s, "(1. d4) ");
      g_string_append (s, "e5 *\n");
      break;
    case HOSTILE_MOVES:
      g_string_append (s, "\n1. e4 e5 ");
      for (int i = 0; i < 25001; i++)
        g_string_append (s, "Nf3 Nf6 Ng1 Ng8 ");
      g_string_append (s, "*\n");
      break;
    }
  return g_string_free (s, FALSE);
}

/* Each limit: validate reports the game with the same reason as import
 * refuses the file with, and import stores nothing. Before, a 2 MB comment
 * passed validate and was refused by import, and the rest passed both. */
static void
test_validate_and_import_agree (void)
{
  static const struct
  {
    Hostile kind;
    const char *why;
  } cases[] = {
    { HOSTILE_COMMENT, "a comment is longer than 1048576 bytes" },
    { HOSTILE_GAME_TEXT, "the tags and comments of one game are longer than 16777216 bytes" },
    { HOSTILE_TAGS, "more than 1000 tags in one game" },
    { HOSTILE_VARIATIONS, "more than 10000 variations in one game" },
    { HOSTILE_MOVES, "more than 100000 moves in one game" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = new_tournament ("limits.arbiter");
      g_autofree char *pgn_path = g_strconcat (path, ".hostile.pgn", NULL);
      g_autofree char *pgn = hostile_pgn (cases[i].kind);
      g_auto (ArbTestCliRun) v = { 0 };
      g_auto (ArbTestCliRun) im = { 0 };
      g_auto (ArbTestCliRun) c = { 0 };

      if (path == NULL)
        return;
      g_test_message ("%s", cases[i].why);
      g_assert_true (g_file_set_contents (pgn_path, pgn, -1, NULL));
      RUN (&v, "validate", "--json", pgn_path);
      g_assert_cmpint (v.status, ==, 1);
      g_assert_nonnull (strstr (v.out, cases[i].why));
      RUN (&im, "import", path, pgn_path);
      g_assert_cmpint (im.status, ==, 1);
      g_assert_nonnull (strstr (im.err, cases[i].why));
      g_assert_nonnull (strstr (im.err, "nothing was imported"));
      RUN (&c, "check", path);
      g_assert_nonnull (strstr (c.out, "1 games, 0 moves"));
    }
}

static void
import_refused (const char *pgn, gsize length, const char *const *expected)
{
  g_autofree char *path = new_tournament ("refused.arbiter");
  g_autofree char *pgn_path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto (ArbTestCliRun) r = { 0 };

  if (path == NULL)
    return;
  pgn_path = g_strconcat (path, ".in.pgn", NULL);
  g_assert_true (g_file_set_contents (pgn_path, pgn, (gssize) length, NULL));
  before = arb_test_checksum (path);
  RUN (&r, "import", path, pgn_path);
  g_assert_cmpint (r.status, ==, 1);
  for (guint i = 0; expected[i] != NULL; i++)
    g_assert_nonnull (strstr (r.err, expected[i]));
  g_assert_nonnull (strstr (r.err, "nothing was imported"));
  after = arb_test_checksum (path);
  g_assert_cmpstr (after, ==, before);
}

/* The timecontrol command refuses it; import took it unchecked. */
static void
test_import_time_control_tag (void)
{
  static const char pgn[] = "[Event \"Hostile\"]\n[Round \"2.1\"]\n[White \"A, Al\"]\n"
                            "[Black \"B, Bea\"]\n[TimeControl \"99999999999999999999+1\"]\n"
                            "[Result \"*\"]\n\n1. e4 *\n";

  import_refused (pgn, sizeof pgn - 1,
                  (const char *const[]){ "game 1, line 5", "TimeControl", "99999999999999999999+1",
                                         "Number too large", NULL });
}

/* Tag values and comments that are not UTF-8 were stored and exported
 * raw. */
static void
test_import_text_not_utf8 (void)
{
  static const char tag[] = "[Event \"Hostile\"]\n[Round \"2.1\"]\n[White \"Sk\xe5k, Al\"]\n"
                            "[Black \"B, Bea\"]\n[Result \"*\"]\n\n1. e4 *\n";
  static const char comment[] = "[Event \"Hostile\"]\n[Round \"2.1\"]\n[White \"A, Al\"]\n"
                                "[Black \"B, Bea\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Nf3 "
                                "{bl\xe5} Nc6 *\n";

  import_refused (tag, sizeof tag - 1,
                  (const char *const[]){ "game 1, line 3, column 1, ply 0",
                                         "the value of the tag White is not UTF-8 text", NULL });
  import_refused (comment, sizeof comment - 1,
                  (const char *const[]){ "game 1, line 8, column 8, ply 3",
                                         "a comment is not UTF-8 text", NULL });
}

/* --- two writers on one game ------------------------------------------- */

#define TRIALS 200

static GSubprocess *
spawn_writer (const char *path, int board, const char *moves)
{
  const char *cli = g_getenv ("ARBITER_CLI");
  g_autofree char *board_text = g_strdup_printf ("%d", board);
  g_autoptr (GError) error = NULL;
  GSubprocess *proc;
  GOutputStream *in;

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                             G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                           &error, cli, "play", path, "--round", "1", "--board", board_text,
                           "--expect-ply", "0", NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (proc);
  /* The writer that finds the game moved on exits before reading its
   * moves: a closed pipe is then its answer, not a failure. */
  if (!g_output_stream_write_all (in, moves, strlen (moves), NULL, NULL, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
      g_clear_error (&error);
    }
  if (!g_output_stream_close (in, NULL, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
      g_clear_error (&error);
    }
  return proc;
}

static char *
finish_writer (GSubprocess *proc)
{
  g_autoptr (GDataInputStream) out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  g_autoptr (GError) error = NULL;
  char *text = g_data_input_stream_read_upto (out, "", 0, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_assert_true (g_subprocess_get_if_exited (proc));
  return text != NULL ? text : g_strdup ("");
}

/* The SAN of the moves stored on BOARD of round 1, space separated. */
static char *
stored_line (const char *path, int board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_autoptr (GArray) moves = NULL;
  GString *line = g_string_new (NULL);

  g_assert_no_error (error);
  moves = arb_tournament_get_moves (t, arb_tournament_find_game (t, 1, board, NULL), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < moves->len; i++)
    {
      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, g_array_index (moves, ArbStoredMove, i).san);
    }
  return g_string_free (line, FALSE);
}

/* The moves acknowledged ("ok PLY SAN" lines), space separated. */
static char *
acknowledged (const char *out)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  GString *sans = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space;

      if (!g_str_has_prefix (lines[i], "ok "))
        continue;
      space = strchr (lines[i] + 3, ' ');
      g_assert_nonnull (space);
      if (sans->len > 0)
        g_string_append_c (sans, ' ');
      g_string_append (sans, space + 1);
    }
  return g_string_free (sans, FALSE);
}

static gboolean
is_prefix_of (const char *line, const char *game)
{
  gsize n = strlen (line);

  if (n == 0)
    return TRUE;
  return strncmp (line, game, n) == 0 && (game[n] == '\0' || game[n] == ' ');
}

/* Two writers, each having seen the start position (--expect-ply 0),
 * enter two different games on the same board at the same time, 200 times
 * over. Before, the later of the two went on after the other's moves. What is stored is always the start of one of the
 * two games, never a mix of both, and every move a writer was told was
 * stored is in the file. */
static void
test_two_writers (void)
{
  static const char game_a[] = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";
  static const char game_b[] = "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O";
  g_autofree char *path = arb_test_temp_path ("writers.arbiter");
  g_autofree char *pgn_path = g_strconcat (path, ".pairings.pgn", NULL);
  g_autoptr (GString) pairings = g_string_new (NULL);
  g_auto (GStrv) a_moves = g_strsplit (game_a, " ", -1);
  g_auto (GStrv) b_moves = g_strsplit (game_b, " ", -1);
  g_autofree char *a_input = NULL;
  g_autofree char *b_input = NULL;
  guint wins_a = 0, wins_b = 0, both_stored = 0;

  for (int board = 1; board <= TRIALS; board++)
    g_string_append_printf (pairings,
                            "[Event \"?\"]\n[Round \"1.%d\"]\n[White \"W%d, A\"]\n"
                            "[Black \"B%d, A\"]\n[Result \"*\"]\n\n*\n\n",
                            board, board, board);
  g_assert_true (g_file_set_contents (pgn_path, pairings->str, -1, NULL));
  {
    g_auto (ArbTestCliRun) a = { 0 };
    g_auto (ArbTestCliRun) b = { 0 };

    if (!RUN (&a, "new", path, "--name", "Writers Open"))
      return;
    g_assert_cmpint (a.status, ==, 0);
    RUN (&b, "import", path, pgn_path);
    g_assert_cmpint (b.status, ==, 0);
  }
  {
    g_autofree char *a_lines = g_strjoinv ("\n", a_moves);
    g_autofree char *b_lines = g_strjoinv ("\n", b_moves);

    a_input = g_strconcat (a_lines, "\n", NULL);
    b_input = g_strconcat (b_lines, "\n", NULL);
  }

  for (int board = 1; board <= TRIALS; board++)
    {
      g_autoptr (GSubprocess) a = spawn_writer (path, board, a_input);
      g_autoptr (GSubprocess) b = spawn_writer (path, board, b_input);
      g_autofree char *a_out = finish_writer (a);
      g_autofree char *b_out = finish_writer (b);
      g_autofree char *a_ack = acknowledged (a_out);
      g_autofree char *b_ack = acknowledged (b_out);
      g_autofree char *stored = stored_line (path, board);

      if (!is_prefix_of (stored, game_a) && !is_prefix_of (stored, game_b))
        g_error ("board %d: “%s” is neither writer's game", board, stored);
      /* Nothing acknowledged is lost. */
      g_assert_true (is_prefix_of (a_ack, stored));
      g_assert_true (is_prefix_of (b_ack, stored));
      if (a_ack[0] != '\0' && b_ack[0] != '\0')
        both_stored++;
      if (g_str_has_prefix (stored, "e4"))
        wins_a++;
      else if (g_str_has_prefix (stored, "d4"))
        wins_b++;
    }
  g_test_message ("%d trials: the first writer's game %u times, the second's %u times, "
                  "both stored a move %u times",
                  TRIALS, wins_a, wins_b, both_stored);
  g_assert_cmpuint (wins_a + wins_b, ==, TRIALS);
  /* Never both: the second writer's first move is a conflict. */
  g_assert_cmpuint (both_stored, ==, 0);
}

int
main (int argc, char **argv)
{
  /* A CLI that exits before reading all its input must not kill the test. */
  signal (SIGPIPE, SIG_IGN);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/hostile/check-stored-payloads", test_check_stored_payloads);
  g_test_add_func ("/cli/hostile/play-long-line", test_play_long_line);
  g_test_add_func ("/cli/hostile/play-nul-in-line", test_play_nul_in_line);
  g_test_add_func ("/cli/hostile/play-queued-after-conflict", test_play_queued_after_conflict);
  g_test_add_func ("/cli/hostile/play-stops-after-storage-error",
                   test_play_stops_after_storage_error);
  g_test_add_func ("/cli/hostile/validate-and-import-agree", test_validate_and_import_agree);
  g_test_add_func ("/cli/hostile/import-time-control-tag", test_import_time_control_tag);
  g_test_add_func ("/cli/hostile/import-text-not-utf8", test_import_text_not_utf8);
  g_test_add_func ("/cli/hostile/two-writers", test_two_writers);
  return g_test_run ();
}
