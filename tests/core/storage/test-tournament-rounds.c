/* test-tournament-rounds.c: an event round after round through TRF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-test-utils.h"
#include "arb-tournament-trf.h"
#include "arb-trf.h"

/* tests/data/open-5-paired.trf is what a pairing program writes after
 * pairing round 5 of a 13-player Swiss: rounds 1-4 with every kind of
 * result and bye (a forfeit each way, a double forfeit, H, F, U and Z),
 * round 5 paired without results and its pairing-allocated bye already
 * given. open-5-results.trf is the same file with the round's results
 * (1-0, =, 0-1, +/-, 1-0, =) and the points they give, as the pairing
 * program expects it back. Both were laid out by hand. */

typedef struct
{
  int board;
  ArbResult result;
} RoundResult;

/* Round 5, boards as FIDE has pairings published (C.04.1 F.1): the
 * higher player's score, the other's, the higher player's number. Before
 * the round 1, 2 and 4 have 3 points, 5, 6, 8 and 13 2½, 3, 7 and 9 1½,
 * 12 (the bye) 2, 10 1 and 11 0: 2-4, 1-5, 6-8, 13-3, 9-7, 10-11, then
 * the bye. */
static const RoundResult round5[] = {
  { 1, ARB_RESULT_DRAW },              /* Lindqvist–Søndergaard */
  { 2, ARB_RESULT_WHITE_WINS },        /* Hansen–Åkesson */
  { 3, ARB_RESULT_WHITE_FORFEIT_WIN }, /* Nieminen–Strand */
  { 4, ARB_RESULT_BLACK_WINS },        /* Öberg–van der Berg */
  { 5, ARB_RESULT_WHITE_WINS },        /* Johansson–Bakker */
  { 6, ARB_RESULT_DRAW },              /* Kristensen–de Jong */
};

static ArbTrf *
parse_fixture (const char *name)
{
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (name, &length);
  ArbTrf *trf = arb_trf_parse (text, length, &error);

  g_assert_no_error (error);
  return trf;
}

static const char *
record_value (const ArbTrf *trf, const char *code, guint nth)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      if (strcmp (r->code, code) == 0 && nth-- == 0)
        return r->value;
    }
  return NULL;
}

static void
test_multi_round_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *paired = arb_test_read_fixture ("open-5-paired.trf", &length);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_trf_note_free);
  g_autofree char *exported = NULL;
  g_autoptr (ArbTrf) got = NULL;
  g_autoptr (ArbTrf) want = parse_fixture ("open-5-results.trf");
  guint unfinished = 0;

  g_assert_true (arb_tournament_import_trf (t, paired, length, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "player", NULL), ==, 13);

  games = arb_tournament_list_games (t, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 7);
  for (guint i = 0; i < games->len; i++)
    unfinished += ((ArbGameInfo *) games->pdata[i])->result == ARB_RESULT_ONGOING;
  g_assert_cmpuint (unfinished, ==, 6);
  g_assert_cmpstr (((ArbGameInfo *) games->pdata[6])->bye_code, ==, "U");

  /* Before the results, the export says which boards have none. */
  exported = arb_tournament_export_trf_full (t, notes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (notes->len, ==, 6);
  for (guint i = 0; i < notes->len; i++)
    {
      const ArbTrfNote *note = notes->pdata[i];
      g_assert_cmpint (note->kind, ==, ARB_TRF_NOTE_NO_RESULT);
      g_assert_cmpint (note->round, ==, 5);
      g_assert_cmpint (note->board, ==, (int) i + 1);
    }
  g_clear_pointer (&exported, g_free);

  for (gsize i = 0; i < G_N_ELEMENTS (round5); i++)
    {
      gint64 id = arb_tournament_find_game (t, 5, round5[i].board, &error);

      g_assert_no_error (error);
      g_assert_true (arb_tournament_set_result (t, id, round5[i].result, NULL, &error));
      g_assert_no_error (error);
    }

  g_ptr_array_set_size (notes, 0);
  exported = arb_tournament_export_trf_full (t, notes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (notes->len, ==, 0);
  got = arb_trf_parse (exported, strlen (exported), &error);
  g_assert_no_error (error);
  arb_test_assert_same_trf (got, want);
  /* Both deputies of record 112, in their order. */
  g_assert_cmpstr (record_value (got, "112", 0), ==, "FA Nilsson, Per");
  g_assert_cmpstr (record_value (got, "112", 1), ==, "Jansson, Lisa");
}

/* The first rounds, then the file the pairing program writes after the
 * next pairing: only the new round is added. */
static void
test_next_round (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *paired = arb_test_read_fixture ("open-5-paired.trf", &length);
  g_auto (GStrv) lines = g_strsplit (paired, "\n", -1);
  g_autofree char *four = NULL;
  gint64 audit_before;

  /* The same file before round 5 was paired: each 001 line without its
   * fifth block (columns 132-141). */
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "001"))
      {
        glong n = g_utf8_strlen (lines[i], -1);
        if (n > 131)
          *g_utf8_offset_to_pointer (lines[i], 131) = '\0';
        g_strchomp (lines[i]);
      }
  four = g_strjoinv ("\n", lines);

  g_assert_true (arb_tournament_import_trf (t, four, strlen (four), 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 4 * 7);

  audit_before = arb_tournament_count_audit (t, NULL);
  g_assert_true (arb_tournament_import_trf (t, paired, length, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 5 * 7);
  g_assert_cmpint (arb_tournament_count_rows (t, "player", NULL), ==, 13);
  g_assert_cmpint (arb_tournament_count_audit (t, NULL), >, audit_before);
}

/* TRF26: byes asked for in record 240 for a round the player lines do not
 * show yet, the number of rounds, the time control of record 222, titles
 * in the old one- and two-letter form. */
static void
test_trf26 (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = parse_fixture ("rapid-26.trf");
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("rapid-26.trf", &length);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autofree char *exported = NULL;
  g_autoptr (ArbTrf) back = NULL;
  const ArbTrfBye *bye;

  g_assert_cmpint (trf->version, ==, ARB_TRF_VERSION_26);
  g_assert_cmpint (trf->n_rounds, ==, 5);
  g_assert_cmpuint (trf->byes->len, ==, 2);
  bye = trf->byes->pdata[0];
  g_assert_cmpint (bye->code, ==, 'H');
  g_assert_cmpint (bye->round, ==, 2);
  g_assert_cmpuint (bye->start_nos->len, ==, 1);
  g_assert_cmpint (g_array_index (bye->start_nos, int, 0), ==, 5);

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);
  games = arb_tournament_list_games (t, 2, &error);
  g_assert_cmpuint (games->len, ==, 4);
  /* 2-1 and 4-3 paired, then the byes: Mikkelsen ½ (H), Laine 0 (Z). */
  g_assert_cmpint (((ArbGameInfo *) games->pdata[0])->result, ==, ARB_RESULT_ONGOING);
  g_assert_cmpint (((ArbGameInfo *) games->pdata[1])->result, ==, ARB_RESULT_ONGOING);
  g_assert_cmpstr (((ArbGameInfo *) games->pdata[2])->bye_code, ==, "H");
  g_assert_cmpint (((ArbGameInfo *) games->pdata[2])->result, ==, ARB_RESULT_WHITE_HALF);
  g_assert_cmpstr (((ArbGameInfo *) games->pdata[3])->bye_code, ==, "Z");
  g_assert_cmpint (((ArbGameInfo *) games->pdata[3])->result, ==, ARB_RESULT_BOTH_LOSE);

  event = arb_tournament_get_event (t, &error);
  g_assert_cmpstr (event->time_control, ==, "1500+10");
  players = arb_tournament_list_players (t, &error);
  g_assert_cmpstr (((ArbPlayerInfo *) players->pdata[0])->title, ==, "GM");
  g_assert_cmpstr (((ArbPlayerInfo *) players->pdata[1])->title, ==, "WIM");

  /* Out again: the TRF26 records as they came, the byes in the player
   * lines now. */
  exported = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  back = arb_trf_parse (exported, strlen (exported), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (record_value (back, "142", 0), ==, "5");
  g_assert_cmpstr (record_value (back, "222", 0), ==, "1500+10");
  g_assert_cmpstr (record_value (back, "240", 0), ==, "H   2    5");
  g_assert_cmpstr (record_value (back, "240", 1), ==, "Z   2    6");
  g_assert_nonnull (strstr (exported, "001    5 w    Mikkelsen, Freja"));
  g_assert_nonnull (strstr (exported, "     2 w 0  0000 - H\n"));
}

/* Six games of one pair in a round (a match imported from PGN) cannot be
 * written as TRF: refused with the names, not one game kept. */
static void
test_several_games_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (NULL);
  ArbPlayerInfo a = { .start_no = 1, .name = (char *) "Carlsen, Magnus" };
  ArbPlayerInfo b = { .start_no = 2, .name = (char *) "Nakamura, Hikaru" };
  ArbPlayerInfo c = { .start_no = 3, .name = (char *) "Giri, Anish" };
  gint64 ida = arb_tournament_add_player (t, &a, &error);
  gint64 idb = arb_tournament_add_player (t, &b, &error);
  gint64 idc = arb_tournament_add_player (t, &c, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  for (int board = 1; board <= 6; board++)
    {
      ArbGameInfo game = {
        .round = 1,
        .board = board,
        .white_id = board % 2 ? ida : idb,
        .black_id = board % 2 ? idb : ida,
        .result = ARB_RESULT_DRAW,
        .rated = TRUE,
      };
      g_assert_cmpint (arb_tournament_add_game (t, &game, &error), >, 0);
    }
  text = arb_tournament_export_trf (t, &error);
  g_assert_null (text);
  g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "round 1"));
  g_assert_nonnull (strstr (error->message, "Carlsen, Magnus"));
  g_assert_nonnull (strstr (error->message, "Nakamura, Hikaru"));
  g_assert_nonnull (strstr (error->message, "6 games"));
  g_assert_nonnull (strstr (error->message, "boards 1, 2, 3, 4, 5, 6"));
  g_clear_error (&error);

  /* Two opponents in one round: refused as well, naming the player. */
  {
    g_autoptr (ArbTournament) u = arb_test_new_tournament (NULL);
    gint64 ua = arb_tournament_add_player (u, &a, &error);
    gint64 ub = arb_tournament_add_player (u, &b, &error);
    gint64 uc = arb_tournament_add_player (u, &c, &error);
    ArbGameInfo g1 = { .round = 2, .board = 1, .white_id = ua, .black_id = ub, .rated = TRUE };
    ArbGameInfo g2 = { .round = 2, .board = 2, .white_id = uc, .black_id = ua, .rated = TRUE };

    g_assert_cmpint (arb_tournament_add_game (u, &g1, &error), >, 0);
    g_assert_cmpint (arb_tournament_add_game (u, &g2, &error), >, 0);
    text = arb_tournament_export_trf (u, &error);
    g_assert_null (text);
    g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED);
    g_assert_nonnull (strstr (error->message, "Carlsen, Magnus plays 2 games (boards 1, 2)"));
  }
  (void) idc;
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/tournament-rounds/multi-round-round-trip",
                   test_multi_round_round_trip);
  g_test_add_func ("/storage/tournament-rounds/next-round", test_next_round);
  g_test_add_func ("/storage/tournament-rounds/trf26", test_trf26);
  g_test_add_func ("/storage/tournament-rounds/several-games-refused", test_several_games_refused);
  return g_test_run ();
}
