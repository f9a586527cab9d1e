/* test-tournament-replica.c: changesets of the desk applied to a replica
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real files: a desk written through its ordinary calls, a replica made
 * from its snapshot and kept by its changesets, compared table by table.
 */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-replica.h"
#include "arb-tournament.h"

static ArbTournament *
create (const ArbTestTemp *temp, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_test_temp_file (temp, name);
  ArbEventInfo event = {
    .name = (char *) name,
    .venue = (char *) "Oslo",
    .edition = 2023,
    .time_control = (char *) "40/5400+30:1800+30",
  };
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  return t;
}

static gint64
add_game (ArbTournament *t, int board)
{
  g_autofree char *w = g_strdup_printf ("White, %d", board);
  g_autofree char *b = g_strdup_printf ("Black, %d", board);

  return arb_test_add_board (t, 1, board, w, b);
}

static void
clock_event (ArbTournament *t, gint64 game, gint64 ms)
{
  g_autoptr (GError) error = NULL;
  ArbClockEventRecord ev = {
    .ply = 0, .kind = ARB_CLOCK_EVENT_START, .side = ARB_COLOR_NONE, .white_ms = ms, .black_ms = ms
  };

  g_assert_cmpint (arb_tournament_add_clock_event (t, game, &ev, &error), >, 0);
  g_assert_no_error (error);
}

static ArbTournament *
make_replica (const ArbTestTemp *temp, ArbTournament *desk, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = arb_test_temp_file (temp, name);
  gint64 seq = -1, epoch = -1;
  g_autoptr (GBytes) image =
    arb_tournament_snapshot (arb_tournament_get_path (desk), &seq, &epoch, &error);
  ArbTournament *replica;

  g_assert_no_error (error);
  g_assert_cmpint (seq, ==, arb_tournament_get_head_seq (desk));
  g_assert_cmpint (epoch, ==, 1);
  g_assert_true (arb_tournament_write_replica (path, image, &error));
  g_assert_no_error (error);
  replica = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_role (replica), ==, ARB_DESK_ROLE_REPLICA);
  g_assert_cmpint (arb_tournament_get_head_seq (replica), ==, seq);
  return replica;
}

static void
catch_up (ArbTournament *desk, ArbTournament *replica)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) changes =
    arb_tournament_read_changesets (desk, arb_tournament_get_head_seq (replica), 100000, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < changes->len; i++)
    {
      g_assert_true (arb_tournament_apply_changeset (replica, changes->pdata[i], &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (arb_tournament_get_head_seq (replica), ==, arb_tournament_get_head_seq (desk));
}

static void
assert_same_tables (ArbTournament *a, ArbTournament *b)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *da = arb_tournament_dump_tables (a, &error);
  g_autofree char *db = NULL;

  g_assert_no_error (error);
  db = arb_tournament_dump_tables (b, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (da, ==, db);
}

static void
test_available (void)
{
  g_autoptr (GError) error = NULL;

  /* Debian's SQLite has the session extension; without it, nothing here
   * can work, and the error says so. */
  g_assert_true (arb_tournament_replication_available (&error));
  g_assert_no_error (error);
}

static void
test_in_order (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbTournament) replica = NULL;
  gint64 g1 = add_game (desk, 1);
  gint64 g2;

  g_assert_cmpint (arb_tournament_get_head_seq (desk), ==, 3);
  replica = make_replica (temp, desk, "replica.arbiter");
  assert_same_tables (desk, replica);

  g2 = add_game (desk, 2);
  clock_event (desk, g1, 5400000);
  g_assert_true (arb_tournament_set_result (desk, g2, ARB_RESULT_WHITE_WINS, NULL, &error));
  g_assert_no_error (error);
  /* A batch is one transaction: one changeset. */
  g_assert_true (arb_tournament_begin_batch (desk, &error));
  clock_event (desk, g2, 5000000);
  clock_event (desk, g1, 4000000);
  g_assert_true (arb_tournament_commit_batch (desk, &error));
  g_assert_cmpint (arb_tournament_get_head_seq (desk), ==, 3 + 3 + 1 + 1 + 1);

  catch_up (desk, replica);
  assert_same_tables (desk, replica);

  /* The replica writes nothing of its own. */
  g_assert_false (arb_tournament_set_result (replica, g1, ARB_RESULT_DRAW, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
}

static void
test_out_of_order (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbTournament) replica = make_replica (temp, desk, "replica.arbiter");
  g_autoptr (GPtrArray) changes = NULL;
  g_autofree char *before = NULL;

  add_game (desk, 1);
  changes = arb_tournament_read_changesets (desk, 0, 100, &error);
  g_assert_cmpuint (changes->len, ==, 3);
  before = arb_tournament_dump_tables (replica, NULL);
  /* The second before the first: refused, nothing changed. */
  g_assert_false (arb_tournament_apply_changeset (replica, changes->pdata[1], &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_true (arb_tournament_apply_changeset (replica, changes->pdata[0], &error));
  /* The same one twice: refused. */
  g_assert_false (arb_tournament_apply_changeset (replica, changes->pdata[0], &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_assert_cmpint (arb_tournament_get_head_seq (replica), ==, 1);
}

static void
test_conflict_stops (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbTournament) other = create (temp, "other.arbiter");
  g_autoptr (ArbTournament) replica = make_replica (temp, other, "replica.arbiter");
  g_autoptr (GPtrArray) changes = NULL;

  /* The replica of another event: a changeset that renames the desk's
   * event finds an old name that is not there. */
  {
    ArbEventInfo ev = { .name = (char *) "Renamed", .edition = 2023 };

    g_assert_true (arb_tournament_set_event (desk, &ev, &error));
  }
  add_game (desk, 1);
  changes = arb_tournament_read_changesets (desk, 0, 100, &error);
  g_assert_cmpuint (changes->len, >=, 2);
  g_assert_false (arb_tournament_apply_changeset (replica, changes->pdata[0], &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT);
  g_assert_cmpint (arb_tournament_get_head_seq (replica), ==, 0);
}

static void
test_take_over (ArbTestTemp *temp, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) desk = create (temp, "desk.arbiter");
  g_autoptr (ArbTournament) replica = NULL;
  g_autoptr (ArbTournament) reopened = NULL;
  gint64 g1 = add_game (desk, 1);
  g_autofree char *path = NULL;

  replica = make_replica (temp, desk, "replica.arbiter");
  clock_event (desk, g1, 5400000);
  catch_up (desk, replica);

  g_assert_false (arb_tournament_take_over (replica, "", "desk died", &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (arb_tournament_take_over (replica, "Deputy, Dora", "the desk died", &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_epoch (replica), ==, 2);
  g_assert_cmpint (arb_tournament_get_role (replica), ==, ARB_DESK_ROLE_DESK);
  /* The take-over is the new desk's first change, of the new epoch. */
  g_assert_cmpint (arb_tournament_get_head_seq (replica), ==, 5);
  g_assert_true (arb_tournament_set_result (replica, g1, ARB_RESULT_DRAW, NULL, &error));
  g_assert_no_error (error);

  /* It stays so in the file. */
  path = g_strdup (arb_tournament_get_path (replica));
  g_clear_object (&replica);
  reopened = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_epoch (reopened), ==, 2);
  g_assert_cmpint (arb_tournament_get_head_seq (reopened), ==, 6);

  /* The old desk hears of epoch 2: a reader that says why. */
  g_assert_false (arb_tournament_demote (desk, 1, "127.0.0.1", &error));
  g_clear_error (&error);
  g_assert_true (arb_tournament_demote (desk, 2, "127.0.0.1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_role (desk), ==, ARB_DESK_ROLE_READER);
  g_assert_false (arb_tournament_set_result (desk, g1, ARB_RESULT_WHITE_WINS, NULL, &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY);
  arb_test_assert_contains (error->message, "epoch is 2");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/storage/tournament-replica/available", test_available);
  g_test_add ("/storage/tournament-replica/in-order", ArbTestTemp, NULL, arb_test_temp_setup,
              test_in_order, arb_test_temp_teardown);
  g_test_add ("/storage/tournament-replica/out-of-order", ArbTestTemp, NULL, arb_test_temp_setup,
              test_out_of_order, arb_test_temp_teardown);
  g_test_add ("/storage/tournament-replica/conflict-stops", ArbTestTemp, NULL, arb_test_temp_setup,
              test_conflict_stops, arb_test_temp_teardown);
  g_test_add ("/storage/tournament-replica/take-over", ArbTestTemp, NULL, arb_test_temp_setup,
              test_take_over, arb_test_temp_teardown);
  return g_test_run ();
}
