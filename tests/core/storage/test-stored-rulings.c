/* test-stored-rulings.c: rulings stored in the first format read back as data, in any language
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/rulings-v1.arbiter was written by the code that stored rulings
 * with English sentences (see tests/data/README.md). Opened today, each
 * ruling must read back as data: its reason, its endings and notes, and
 * words made anew, in English and in another language (a small Swedish test
 * catalogue, tests/data/wording-sv.po, compiled by the build).
 */

#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "arb-ruling-wording.h"
#include "arb-test-utils.h"
#include "arb-tournament-ruling.h"

/* A copy of the fixture in a fresh directory, opened (and so migrated). */
static ArbTournament *
open_fixture (char **path_out)
{
  return arb_test_open_fixture_copy ("rulings-v1.arbiter", path_out);
}

/* The ruling of board @board (one each in the fixture). */
static ArbRuling *
ruling_of_board (ArbTournament *t, int board)
{
  g_autoptr (GError) error = NULL;
  gint64 game = arb_tournament_find_game (t, 1, board, &error);
  g_autoptr (GPtrArray) rulings = NULL;
  ArbRuling *ruling;

  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (t, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  ruling = arb_tournament_ruling_from_record (g_ptr_array_index (rulings, 0), &error);
  g_assert_no_error (error);
  g_assert_nonnull (ruling);
  return ruling;
}

static void
test_read_as_data (void)
{
  g_autoptr (ArbTournament) t = open_fixture (NULL);

  {
    /* Board 1: the illegal move, restored, +2:00 to Black. */
    g_autoptr (ArbRuling) r = ruling_of_board (t, 1);
    const ArbEffect *clocks = arb_ruling_find_effect (r, ARB_EFFECT_RESTORE_CLOCKS);
    const ArbEffect *touch = arb_ruling_find_effect (r, ARB_EFFECT_TOUCH_MOVE);

    g_assert_cmpint (r->kind, ==, ARB_RULING_ILLEGAL_MOVE);
    g_assert_cmpint (r->reason, ==, ARB_REASON_ILLEGAL_PENALTY);
    g_assert_null (r->legacy_explanation);
    /* The facts line as the window stored it is kept as it was written. */
    g_assert_cmpstr (r->legacy_facts, ==, "white: illegal move e1e5, after the last recorded move");
    g_assert_cmpint (arb_ruling_get_fact_int (r, "previous_count", -1), ==, 0);
    g_assert_cmpint (arb_ruling_get_fact_int (r, "ply_before", -1), ==, 38);
    g_assert_cmpint (clocks->note, ==, ARB_NOTE_BEST_JUDGEMENT);
    g_assert_null (clocks->text);
    g_assert_cmpint (touch->note, ==, ARB_NOTE_PIECE_MOVED);
    g_assert_cmpint (arb_ruling_time_delta (r, ARB_BLACK), ==, 120000);
  }
  {
    /* Board 2: the incorrect claim, with the arbiter's note. */
    g_autoptr (ArbRuling) r = ruling_of_board (t, 2);

    g_assert_cmpint (r->reason, ==, ARB_REASON_CLAIM_INCORRECT);
    g_assert_cmpstr (r->note, ==, "claimed at the desk");
  }
  {
    /* Board 3: the warning; the penalty is data, the reason stays text. */
    g_autoptr (ArbRuling) r = ruling_of_board (t, 3);
    const ArbEffect *admin = arb_ruling_find_effect (r, ARB_EFFECT_ADMINISTRATIVE);

    g_assert_cmpint (r->reason, ==, ARB_REASON_PENALTY_LISTED);
    g_assert_cmpstr (arb_ruling_get_fact_text (r, "penalty"), ==, "warning");
    g_assert_cmpstr (admin->text, ==, "talking during play");
  }
  {
    /* Board 4: the flag fall ends the game on time. */
    g_autoptr (ArbRuling) r = ruling_of_board (t, 4);
    const ArbEffect *result = arb_ruling_find_effect (r, ARB_EFFECT_SET_RESULT);

    g_assert_cmpint (r->reason, ==, ARB_REASON_FLAG_LOSS);
    g_assert_cmpint (result->result, ==, ARB_RESULT_WHITE_WINS);
    g_assert_cmpint (result->ending, ==, ARB_ENDING_FLAG_FALL);
    g_assert_null (result->text);
  }
  {
    g_autoptr (ArbRuling) r = ruling_of_board (t, 5);
    const ArbEffect *result = arb_ruling_find_effect (r, ARB_EFFECT_SET_RESULT);

    g_assert_cmpint (r->reason, ==, ARB_REASON_RESIGN_LOSS);
    g_assert_cmpint (result->ending, ==, ARB_ENDING_RESIGNATION);
  }
  {
    /* Board 6: the seal; the sealed move is not in the ruling row. */
    g_autoptr (ArbRuling) r = ruling_of_board (t, 6);
    const ArbEffect *stop = arb_ruling_find_effect (r, ARB_EFFECT_STOP_CLOCKS);

    g_assert_cmpint (r->reason, ==, ARB_REASON_SEALED);
    g_assert_cmpint (stop->note, ==, ARB_NOTE_SEALER_STOPS);
    g_assert_nonnull (r->envelope);
    g_assert_null (r->envelope->sealed_move);
    g_assert_cmpint (arb_ruling_get_fact_int (r, "move_number", 0), ==, 18);
  }
}

/* The stored rulings, read back, store again in the current format and
 * read back to the same value. */
static void
test_round_trip (void)
{
  g_autoptr (ArbTournament) t = open_fixture (NULL);

  for (int board = 1; board <= 6; board++)
    {
      g_autoptr (ArbRuling) r = ruling_of_board (t, board);
      g_autofree char *json = arb_ruling_to_json (r);
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbRuling) back = arb_ruling_from_json (json, &error);
      g_autofree char *again = NULL;

      g_assert_no_error (error);
      again = arb_ruling_to_json (back);
      g_assert_cmpstr (again, ==, json);
      g_assert_true (g_str_has_prefix (json, "{\"version\":2,"));
    }
}

/* A row built from a ruling (arb_ruling_record_init ()) is stored and read
 * back with the ruling already read: its names, articles and edition as
 * the ruling has them, and no reader parses the JSON again. */
static void
test_record_of_ruling (void)
{
  g_autoptr (ArbTournament) t = open_fixture (NULL);
  g_autoptr (ArbRuling) original = ruling_of_board (t, 4);
  g_autoptr (GError) error = NULL;
  g_auto (ArbRulingRecord) record = { 0 };
  g_autoptr (GPtrArray) rulings = NULL;
  g_autofree char *articles = arb_ruling_articles_text (original);
  gint64 game = arb_tournament_find_game (t, 1, 5, &error);
  const ArbRulingRecord *back;

  g_assert_no_error (error);
  arb_ruling_record_init (&record, original, 7, "seen by the deputy");
  g_assert_cmpstr (record.kind, ==, arb_ruling_kind_to_string (original->kind));
  g_assert_cmpstr (record.decision, ==, arb_decision_to_string (original->decision));
  g_assert_cmpstr (record.articles, ==, articles);
  g_assert_cmpint (record.edition, ==, (int) original->edition);
  g_assert_true (arb_tournament_add_ruling_record (t, game, &record, &error) > 0);
  g_assert_no_error (error);

  rulings = arb_tournament_list_rulings (t, game, &error);
  g_assert_no_error (error);
  back = g_ptr_array_index (rulings, rulings->len - 1);
  g_assert_cmpint (back->ply, ==, 7);
  g_assert_cmpstr (back->note, ==, "seen by the deputy");
  g_assert_nonnull (back->ruling);
  g_assert_cmpint (back->ruling->kind, ==, original->kind);
  g_assert_cmpint (back->ruling->decision, ==, original->decision);
  g_assert_cmpint (back->ruling->reason, ==, original->reason);
}

static void
test_english (void)
{
  g_autoptr (ArbTournament) t = open_fixture (NULL);
  g_autoptr (ArbRuling) illegal = ruling_of_board (t, 1);
  g_autoptr (ArbRuling) claim = ruling_of_board (t, 2);
  g_autoptr (ArbRuling) flag = ruling_of_board (t, 4);
  g_autofree char *a = arb_ruling_wording_explanation (illegal);
  g_autofree char *b = arb_ruling_wording_explanation (claim);
  g_autofree char *c = arb_ruling_wording_explanation (flag);
  g_autofree char *verdict = arb_ruling_wording_verdict (flag);
  g_autofree char *result = arb_ruling_wording_effect (
    flag, arb_ruling_find_effect (flag, ARB_EFFECT_SET_RESULT), NULL, NULL);

  /* The sentences the first format stored, made again from the data. */
  g_assert_cmpstr (
    a, ==,
    "Illegal move 1 of 2 for White: the position before it is restored and Black gets 2 minutes extra.");
  g_assert_cmpstr (b, ==, "The claim is incorrect: White gets 2 minutes extra.");
  g_assert_cmpstr (c, ==, "Black's flag fell: Black loses on time.");
  g_assert_cmpstr (verdict, ==, "Black loses (1-0)");
  g_assert_cmpstr (result, ==, "Result 1-0: Lost on time");
}

/* Runs in a child process: the locale and the catalogue stay there. */
static void
test_swedish_child (void)
{
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;

  arb_test_temp_setup (&temp, NULL);
  arb_test_use_catalog (&temp, "sv", g_getenv ("ARB_TEST_WORDING_MO"));

  {
    g_autoptr (ArbTournament) t = open_fixture (NULL);
    g_autoptr (ArbRuling) illegal = ruling_of_board (t, 1);
    g_autoptr (ArbRuling) warning = ruling_of_board (t, 3);
    g_autoptr (ArbRuling) flag = ruling_of_board (t, 4);
    g_autofree char *a = arb_ruling_wording_explanation (illegal);
    g_autofree char *b = arb_ruling_wording_explanation (flag);
    g_autofree char *verdict = arb_ruling_wording_verdict (flag);
    g_autofree char *result = arb_ruling_wording_effect (
      flag, arb_ruling_find_effect (flag, ARB_EFFECT_SET_RESULT), NULL, NULL);
    g_autofree char *admin = arb_ruling_wording_effect (
      warning, arb_ruling_find_effect (warning, ARB_EFFECT_ADMINISTRATIVE), NULL, NULL);
    g_autofree char *why = arb_ruling_wording_explanation (warning);

    g_assert_cmpstr (
      a, ==,
      "Otillåtet drag 1 av 2 för Vit: ställningen före draget återställs och Svart får 2 minuter extra.");
    g_assert_cmpstr (b, ==, "Flaggan har fallit för Svart: Svart förlorar på tid.");
    g_assert_cmpstr (verdict, ==, "Svart förlorar (1-0)");
    g_assert_cmpstr (result, ==, "Resultat 1-0: Förlust på tid");
    g_assert_cmpstr (admin, ==, "Varning för Vit: talking during play");
    g_assert_cmpstr (why, ==, "En varning.");
    g_assert_cmpstr (arb_ruling_wording_kind (flag->kind), ==, "Flaggfall");
  }
}

static void
test_swedish (void)
{
  if (g_getenv ("ARB_TEST_WORDING_MO") == NULL)
    {
      g_test_skip ("ARB_TEST_WORDING_MO is not set (msgfmt missing?)");
      return;
    }
  g_test_trap_subprocess ("/storage/stored-rulings/swedish/subprocess", 0,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/storage/stored-rulings/read-as-data", test_read_as_data);
  g_test_add_func ("/storage/stored-rulings/round-trip", test_round_trip);
  g_test_add_func ("/storage/stored-rulings/record-of-ruling", test_record_of_ruling);
  g_test_add_func ("/storage/stored-rulings/english", test_english);
  g_test_add_func ("/storage/stored-rulings/swedish", test_swedish);
  g_test_add_func ("/storage/stored-rulings/swedish/subprocess", test_swedish_child);
  return g_test_run ();
}
