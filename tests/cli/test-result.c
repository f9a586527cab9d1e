/* test-result.c: arbiter-cli result, the results desk without a window
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract: a board number is White's score, a name that player's;
 * what is stored is printed with its winner and read back from the file;
 * an entry that cannot be placed says which and why, stores nothing and
 * makes the exit status 1; a stored result is replaced only with
 * --replace, as a correction in the rulings log; --json gives one object
 * per entry.
 */

#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "arb-test-utils.h"
#include "arb-tournament-team.h"

typedef ArbTestRoundOfThree Fixture;

/* arb_test_round_of_three_setup (), and Ek (7) with a bye on board 4. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (ArbTournament) t = NULL;

  arb_test_round_of_three_setup (f, data);
  t = arb_test_open (f->path);
  arb_test_add_game (t, 1, 4, arb_test_add_player (t, 7, "Ek, Lars"), 0, ARB_RESULT_ONGOING);
}

/* The result the file holds, read as another program would. */
static const char *
stored (Fixture *f, int board)
{
  g_autoptr (ArbGameInfo) game = arb_test_stored_game (f->path, f->board[board]);

  return arb_result_to_string (game->result);
}

/* "Öberg 0": Öberg has Black and lost, so 1-0, Jansen wins; "3 0" is
 * White's 0 on board 3: 0-1. */
static void
test_name_and_number (Fixture *f, gconstpointer data)
{
  const char *args[] = { "result", f->path, "Öberg 0", "3 0", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (
    strstr (out, "board 1: 1-0, Jansen, Pieter wins (Jansen, Pieter – Öberg, Nils)"));
  g_assert_nonnull (strstr (out, "board 3: 0-1, Åkesson, Björn wins"));
  g_assert_cmpstr (stored (f, 1), ==, "1-0");
  g_assert_cmpstr (stored (f, 3), ==, "0-1");
}

/* Each refused entry says which and why, stores nothing, and the exit
 * status is 1; the others are stored. */
static void
test_refused (Fixture *f, gconstpointer data)
{
  const char *args[] = { "result", f->path, "3 0.5", "Ek 1", "9 1", "Oberg 1", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "“3 0.5”: “0.5” is not a result"));
  g_assert_nonnull (strstr (err, "1-0, 0-1, ½-½"));
  g_assert_nonnull (strstr (err, "“Ek 1”: Ek, Lars has a bye in round 1"));
  g_assert_nonnull (strstr (err, "“9 1”: Round 1 has no board 9"));
  g_assert_cmpstr (stored (f, 3), ==, "*");
  /* The entry after the refused ones is stored: Öberg's win is 0-1. */
  g_assert_nonnull (strstr (out, "board 1: 0-1, Öberg, Nils wins"));
  g_assert_cmpstr (stored (f, 1), ==, "0-1");
}

/* A board with a result keeps it unless --replace is given. */
static void
test_replace (Fixture *f, gconstpointer data)
{
  const char *plain[] = { "result", f->path, "2 1", NULL };
  const char *replace[] = { "result",    f->path,           "--replace", "--reason", "slip misread",
                            "--arbiter", "Lindgren, Karin", "2 1",       NULL };
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autoptr (GError) error = NULL;
  const ArbRulingRecord *correction;
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (plain, "", &status, &err);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "board 2 already has the result 0-1; give --replace"));
  g_assert_cmpstr (stored (f, 2), ==, "0-1");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = arb_test_run_cli (replace, "", &status, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "board 2: 1-0, Ekström, Anna wins"));
  g_assert_nonnull (strstr (out, "replaces 0-1: a correction, recorded in the rulings log"));
  g_assert_cmpstr (stored (f, 2), ==, "1-0");

  /* The replaced result is a decision of the rulings log, with the
   * arbiter and the reason, as at the window's desk. */
  t = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (t, f->board[2], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  correction = g_ptr_array_index (rulings, 0);
  g_assert_nonnull (strstr (correction->payload, "slip misread"));
  g_assert_nonnull (strstr (correction->payload, "Lindgren, Karin"));
  g_assert_nonnull (strstr (correction->payload, "\"replaces\""));
}

static JsonObject *
parse_line (const char *line)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, line, -1, &error));
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* --json: one object per entry, keys and results untranslated. */
static void
test_json (Fixture *f, gconstpointer data)
{
  const char *args[] = { "result", f->path, "--json", "--round", "1", "Öberg 0", "Ek 1", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (JsonObject) first = NULL;
  g_autoptr (JsonObject) second = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  lines = g_strsplit (g_strstrip (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  first = parse_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (first, "entry"), ==, "Öberg 0");
  g_assert_true (json_object_get_boolean_member (first, "stored"));
  g_assert_cmpint (json_object_get_int_member (first, "board"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "result"), ==, "1-0");
  g_assert_cmpstr (json_object_get_string_member (first, "previous"), ==, "*");
  g_assert_cmpstr (json_object_get_string_member (first, "winner"), ==, "Jansen, Pieter");
  second = parse_line (lines[1]);
  g_assert_false (json_object_get_boolean_member (second, "stored"));
  g_assert_cmpstr (json_object_get_string_member (second, "error"), ==, "bye");
  g_assert_cmpstr (stored (f, 1), ==, "1-0");
}

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* arbiter-cli serve-team on @path; its address. */
static char *
serve_team (const char *path, GSubprocess **server)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  const char *prefix = "Serving the arbiters' team on ";

  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  *server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARBITER_CLI"), "serve-team",
                                         path, "--port", "0", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (*server));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, prefix));
  return g_strdup (line + strlen (prefix));
}

/* --desk: the file is the deputy's replica, only read to place the entry;
 * the result goes to the chief's desk, which stores it with the deputy's
 * name; a result over another is refused there, with the reason. */
static void
test_desk (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autofree char *token = NULL;
  g_autofree char *replica = g_strconcat (f->path, ".replica", NULL);
  g_autofree char *url = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *replica_sum = NULL;
  int status = -1;

  if (g_getenv ("ARBITER_CLI") == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }
  {
    g_autoptr (ArbTournament) t =
      arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);

    g_assert_true (
      arb_tournament_add_arbiter (t, "Deputy, Dora", ARB_TEAM_ROLE_DEPUTY, "", &token, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr (GFile) from = g_file_new_for_path (f->path);
    g_autoptr (GFile) to = g_file_new_for_path (replica);

    g_assert_true (g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
  }
  {
    const char *help[] = { "result", "--help", NULL };
    g_autofree char *text = arb_test_run_cli (help, "", &status, NULL);

    g_assert_nonnull (strstr (text, "--desk=URL"));
    g_assert_nonnull (strstr (text, "A deputy writes through the chief's desk"));
  }
  replica_sum = arb_test_checksum (replica);
  url = serve_team (f->path, &server);
  {
    const char *args[] = { "result", replica, "--desk", url, "--token", token, "Öberg 0", NULL };

    out = arb_test_run_cli (args, "", &status, &err);
    g_test_message ("%s%s", out, err);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (out, "board 1: 1-0, Jansen, Pieter wins"));
    g_assert_cmpstr (stored (f, 1), ==, "1-0");
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    /* Board 2 has 0-1: the chief refuses 1-0 without a correction's reason. */
    const char *args[] = { "result", replica, "--desk", url, "--token", token, "2 1", NULL };

    out = arb_test_run_cli (args, "", &status, &err);
    g_test_message ("%s%s", out, err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "board 2 already has the result 0-1"));
    g_assert_cmpstr (stored (f, 2), ==, "0-1");
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *args[] = { "result", replica, "--desk", url, "--token", "0000", "3 1", NULL };

    out = arb_test_run_cli (args, "", &status, &err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "does not know this sign-in"));
    g_assert_cmpstr (stored (f, 3), ==, "*");
  }
  /* The replica was only read. */
  {
    g_autofree char *after = arb_test_checksum (replica);

    g_assert_cmpstr (after, ==, replica_sum);
  }
  g_subprocess_send_signal (server, SIGTERM);
  g_subprocess_wait (server, NULL, NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/result/name-and-number", Fixture, NULL, fixture_set_up, test_name_and_number,
              arb_test_round_of_three_teardown);
  g_test_add ("/cli/result/refused", Fixture, NULL, fixture_set_up, test_refused,
              arb_test_round_of_three_teardown);
  g_test_add ("/cli/result/replace", Fixture, NULL, fixture_set_up, test_replace,
              arb_test_round_of_three_teardown);
  g_test_add ("/cli/result/json", Fixture, NULL, fixture_set_up, test_json,
              arb_test_round_of_three_teardown);
  g_test_add ("/cli/result/desk", Fixture, NULL, fixture_set_up, test_desk,
              arb_test_round_of_three_teardown);
  return g_test_run ();
}
