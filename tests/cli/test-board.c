/* test-board.c: arbiter-cli board, a pairing moved to another board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command's contract: FILE --round N FROM TO --reason TEXT; the two
 * pairings swap boards; without a reason, or once a board has a result,
 * nothing changes and the exit status says why; --help documents it.
 */

#include "config.h"

#include <string.h>

#include "arb-test-utils.h"

typedef ArbTestRoundOfThree Fixture;

/* The board game @id is on, as another program reads the file. */
static int
board_of (Fixture *f, gint64 id)
{
  g_autoptr (ArbGameInfo) game = arb_test_stored_game (f->path, id);

  return game->board;
}

static void
test_swap (Fixture *f, gconstpointer data)
{
  const char *args[] = {
    "board",     f->path,           "--round", "1", "3", "1", "--reason", "the table by the door",
    "--arbiter", "Lindgren, Karin", NULL
  };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "round 1: the pairing of board 3 is on board 1\n");
  g_assert_cmpint (board_of (f, f->board[3]), ==, 1);
  g_assert_cmpint (board_of (f, f->board[1]), ==, 3);
}

static void
test_refused (Fixture *f, gconstpointer data)
{
  const char *no_reason[] = { "board", f->path, "--round", "1", "3", "1", NULL };
  const char *played[] = { "board", f->path, "--round", "1", "3", "2", "--reason", "door", NULL };
  g_autofree char *err = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  int status = -1;

  out = arb_test_run_cli (no_reason, "", &status, &err);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "Usage: arbiter-cli board FILE --round N FROM TO --reason TEXT"));
  out2 = arb_test_run_cli (played, "", &status, &err2);
  g_test_message ("%s", err2);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (err2, ==,
                   "arbiter-cli board: Board 2 already has moves or a result: its game stays on "
                   "its board\n");
  g_assert_cmpint (board_of (f, f->board[3]), ==, 3);
  g_assert_cmpint (board_of (f, f->board[2]), ==, 2);
}

static void
test_help (Fixture *f, gconstpointer data)
{
  const char *args[] = { "board", "--help", NULL };
  const char *top[] = { "--help", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  int status = -1;

  out = arb_test_run_cli (args, "", &status, &err);
  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "--reason=TEXT"));
  g_assert_nonnull (strstr (out, "--round=N"));
  g_assert_nonnull (strstr (out, "record 300"));
  g_clear_pointer (&err, g_free);
  out2 = arb_test_run_cli (top, "", &status, &err);
  g_assert_nonnull (strstr (out2, "move a pairing to another board"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func)                                                               \
  g_test_add ("/cli/board/" name, Fixture, NULL, arb_test_round_of_three_setup, func, \
              arb_test_round_of_three_teardown)
  ADD ("swap", test_swap);
  ADD ("refused", test_refused);
  ADD ("help", test_help);
  return g_test_run ();
}
