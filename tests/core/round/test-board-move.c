/* test-board-move.c: the arbiter moves a pairing to another board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/open-5-paired.trf pairs round 5 with six games and a
 * pairing-allocated bye on board 7. The arbiter moves board 2 to board 5
 * (a player who needs the table by the door): the two pairings swap, the
 * decision is in the rulings log with the reason and the arbiter, the
 * TRF-2026 export says it as record 300 and a tournament made from that
 * export has the same boards.
 */

#include "config.h"

#include <string.h>

#include "arb-board-move.h"
#include "arb-position.h"
#include "arb-result-entry.h"
#include "arb-ruling-wording.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-pgn.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament-trf.h"

typedef struct
{
  char *path;
  ArbTournament *t;
} Fixture;

static ArbTournament *
import_paired (char **path)
{
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("open-5-paired.trf", &length);
  ArbTournament *t = arb_test_new_tournament (path);

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  return t;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->t = import_paired (&f->path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_free (f->path);
}

/* The starting rank of White on each board of round 5 ("1 3 ..."),
 * boards without a game as "-". */
static char *
white_by_board (ArbTournament *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = arb_tournament_list_games (t, 5, &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      for (guint k = 0; k < players->len; k++)
        {
          const ArbPlayerInfo *p = players->pdata[k];
          if (p->id == g->white_id)
            g_string_append_printf (out, "%s%d:%d", out->len > 0 ? " " : "", g->board, p->start_no);
        }
    }
  return g_string_free (out, FALSE);
}

/* Round 5 of open-5-paired.trf in the order of FIDE C.04.1 F.1, worked
 * out by hand from the player lines: the higher players' scores before
 * the round are 3 (2-4, 1-5: sums 6 and 5.5), 2.5 (6-8, 13-3: 5 and 4),
 * 1.5 (9-7) and 1 (10-11); then the bye of player 12. Board:White. */
static const char boards_paired[] = "1:2 2:1 3:6 4:13 5:9 6:10 7:12";
static const char boards_moved[] = "1:2 2:9 3:6 4:13 5:1 6:10 7:12";

static void
test_swap (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = white_by_board (f->t);
  g_autofree char *after = NULL;
  gint64 on_2 = arb_tournament_find_game (f->t, 5, 2, &error);
  gint64 on_5 = arb_tournament_find_game (f->t, 5, 5, &error);

  g_assert_cmpstr (before, ==, boards_paired);
  g_assert_true (
    arb_board_move (f->t, 5, 2, 5, "Lindgren, Karin", "wheelchair access", NULL, &error));
  g_assert_no_error (error);
  after = white_by_board (f->t);
  g_assert_cmpstr (after, ==, boards_moved);
  g_assert_cmpint (arb_tournament_find_game (f->t, 5, 5, &error), ==, on_2);
  g_assert_cmpint (arb_tournament_find_game (f->t, 5, 2, &error), ==, on_5);
  g_assert_no_error (error);
}

/* A board no game has: the pairing goes there alone. */
static void
test_free_board (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;

  g_assert_true (arb_board_move (f->t, 5, 3, 12, "", "the table by the door", NULL, &error));
  g_assert_no_error (error);
  after = white_by_board (f->t);
  g_assert_cmpstr (after, ==, "1:2 2:1 4:13 5:9 6:10 7:12 12:6");
}

static void
assert_refused (Fixture *f, int from, int to, const char *reason, const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = white_by_board (f->t);
  g_autofree char *after = NULL;
  g_autoptr (GPtrArray) rulings = NULL;

  g_assert_false (arb_board_move (f->t, 5, from, to, "Lindgren, Karin", reason, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
  after = white_by_board (f->t);
  g_assert_cmpstr (after, ==, before);
}

/* Once a move or a result is stored, either board stays; so do byes and
 * moves without a reason. */
static void
test_refused (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 on_1 = arb_tournament_find_game (f->t, 5, 1, &error);
  gint64 on_4 = arb_tournament_find_game (f->t, 5, 4, &error);
  ArbPosition start;
  ArbMove e4;

  arb_position_init ();
  arb_position_set_start (&start);
  e4 = arb_move_parse_uci (&start, "e2e4", 4);
  g_assert_true (arb_tournament_add_move (f->t, on_1, 1, "e4", e4, -1, -1, &error));
  g_assert_true (arb_tournament_set_result (f->t, on_4, ARB_RESULT_DRAW, NULL, &error));
  g_assert_no_error (error);

  assert_refused (f, 1, 3, "wheelchair", "Board 1 already has moves or a result");
  assert_refused (f, 3, 1, "wheelchair", "Board 1 already has moves or a result");
  assert_refused (f, 4, 6, "wheelchair", "Board 4 already has moves or a result");
  assert_refused (f, 7, 2, "wheelchair", "Board 7 holds a bye");
  assert_refused (f, 2, 5, "  ", "only with a reason");
  assert_refused (f, 9, 2, "wheelchair", "Round 5 has no board 9");
  assert_refused (f, 2, 2, "wheelchair", "not another board");
  g_assert_cmpuint (0, ==, arb_tournament_list_rulings (f->t, on_1, &error)->len);
}

/* The decision in the rulings log: who, why, from where to where. */
static void
test_logged (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autofree char *facts = NULL;
  gint64 moved = arb_tournament_find_game (f->t, 5, 2, &error);
  gint64 id = 0;

  g_assert_true (
    arb_board_move (f->t, 5, 2, 5, "Lindgren, Karin", "wheelchair access", &id, &error));
  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (f->t, moved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  g_assert_cmpint (((ArbRulingRecord *) rulings->pdata[0])->id, ==, id);
  g_assert_cmpstr (((ArbRulingRecord *) rulings->pdata[0])->kind, ==, "board");
  g_assert_cmpstr (((ArbRulingRecord *) rulings->pdata[0])->decision, ==, "board-moved");
  ruling = arb_tournament_ruling_from_record (rulings->pdata[0], &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "reason"), ==, "wheelchair access");
  g_assert_cmpstr (arb_ruling_get_fact_text (ruling, "arbiter"), ==, "Lindgren, Karin");
  g_assert_cmpint (arb_ruling_get_fact_int (ruling, "from", 0), ==, 2);
  g_assert_cmpint (arb_ruling_get_fact_int (ruling, "to", 0), ==, 5);
  facts = arb_ruling_wording_facts (ruling);
  g_assert_cmpstr (facts, ==,
                   "Moved from board 2 to board 5; the pairing of board 5 moved to board 2. "
                   "Reason: wheelchair access. Ruled by Lindgren, Karin.");
}

/* TRF-2026 says the change as record 300: the moved pairing's White on
 * its board, then the other's; a tournament made from that file has the
 * same boards, and the same round imported again keeps them. TRF16 has
 * no board numbers. */
static void
test_trf (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trf26 = NULL;
  g_autofree char *trf16 = NULL;
  g_autofree char *again = NULL;
  g_autofree char *copy_path = NULL;
  g_autofree char *copy_boards = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (ArbTournament) copy = NULL;

  g_assert_cmpint (arb_tournament_get_imported_trf_version (f->t), ==, ARB_TRF_VERSION_16);
  g_assert_true (
    arb_board_move (f->t, 5, 2, 5, "Lindgren, Karin", "wheelchair access", NULL, &error));
  g_assert_no_error (error);
  trf26 = arb_tournament_export_trf_as (f->t, NULL, ARB_TRF_VERSION_26, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (trf26, "\n300 5 5 1\n300 5 2 9\n"));
  trf16 = arb_tournament_export_trf_as (f->t, NULL, ARB_TRF_VERSION_16, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (trf16, "\n300 "));

  copy = arb_test_new_tournament (&copy_path);
  g_assert_true (arb_tournament_import_trf (copy, trf26, strlen (trf26), 0, &error));
  g_assert_no_error (error);
  copy_boards = white_by_board (copy);
  g_assert_cmpstr (copy_boards, ==, boards_moved);

  /* The same file imported again: the round is the tournament's, its
   * boards stay, and the export says the change once. */
  g_assert_true (arb_tournament_import_trf (f->t, trf26, strlen (trf26), 5, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_imported_trf_version (f->t), ==, ARB_TRF_VERSION_26);
  kept = white_by_board (f->t);
  g_assert_cmpstr (kept, ==, boards_moved);
  again = arb_tournament_export_trf_as (f->t, NULL, ARB_TRF_VERSION_26, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, trf26);
}

/* The desk's "5 1-0" and the PGN's [Board] read the board from the game
 * row: they follow the move. */
static void
test_desk_and_pgn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 moved = arb_tournament_find_game (f->t, 5, 2, &error);
  ArbResultEntry entry;
  ArbResultEntryTarget target;
  g_autofree char *pgn = NULL;
  char *tag;

  g_assert_true (
    arb_board_move (f->t, 5, 2, 5, "Lindgren, Karin", "wheelchair access", NULL, &error));
  g_assert_true (arb_result_entry_parse ("5 1-0", &entry, &error));
  g_assert_true (arb_result_entry_find (&entry, f->t, 5, &target, &error));
  g_assert_no_error (error);
  g_assert_cmpint (target.game_id, ==, moved);
  g_assert_cmpstr (target.white, ==, "Hansen, Magnus Ørn");
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&entry);

  pgn = arb_tournament_export_pgn (f->t, 5, moved, &error);
  g_assert_no_error (error);
  tag = strstr (pgn, "[Board \"");
  g_assert_nonnull (tag);
  g_assert_true (g_str_has_prefix (tag, "[Board \"5\"]"));
  g_assert_nonnull (strstr (pgn, "[White \"Hansen, Magnus Ørn\"]"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) \
  g_test_add ("/round/board-move/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("swap", test_swap);
  ADD ("free-board", test_free_board);
  ADD ("refused", test_refused);
  ADD ("logged", test_logged);
  ADD ("trf", test_trf);
  ADD ("desk-and-pgn", test_desk_and_pgn);
  return g_test_run ();
}
