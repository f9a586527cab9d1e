/* test-standings.c: standings and the FIDE tie-breaks, worked by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value below is worked out in the comments from the
 * definitions of the FIDE Tie-Break Regulations (Handbook C.07, in force
 * from 1 April 2024), not by the code under test. The unplayed-round
 * rules are those of C.07 Article 16 as src/core/round/arb-standings.c
 * states them: an own unplayed round counts, for Buchholz and
 * Sonneborn-Berger, as a game against a dummy opponent with the
 * participant's own final score; an opponent's byes and absences after
 * the opponent's last round that was no voluntarily unplayed round
 * (VUR: forfeit loss, H or Z bye, absence) count as draws, a forfeit
 * there keeps its points; a cut takes a VUR's value first.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "arb-standings.h"
#include "arb-test-utils.h"

typedef struct
{
  char *path;
  ArbTournament *t;
  gint64 id[7];
} Fixture;

static void
add_player (Fixture *f, int no, const char *name, int rating)
{
  g_autoptr (GError) error = NULL;
  ArbPlayerInfo p = { .start_no = no, .name = (char *) name, .rating = rating };

  f->id[no] = arb_tournament_add_player (f->t, &p, &error);
  g_assert_no_error (error);
}

/* White and Black by starting rank; black 0 with a bye code. */
static void
add_game (Fixture *f, int round, int board, int white, int black, ArbResult result, const char *bye)
{
  g_autoptr (GError) error = NULL;
  ArbGameInfo g = { .round = round,
                    .board = board,
                    .white_id = f->id[white],
                    .black_id = black != 0 ? f->id[black] : 0,
                    .result = result,
                    .bye_code = (char *) bye,
                    .rated = TRUE };

  arb_tournament_add_game (f->t, &g, &error);
  g_assert_no_error (error);
}

/* The Swiss: six players, three rounds.
 *
 *   no name rating
 *    1 A    2400
 *    2 B    2300
 *    3 C    2200
 *    4 D    2100
 *    5 E    2000
 *    6 F    1900
 *
 * Round 1: A–D 1-0, B–E ½-½, C–F 0-1.
 * Round 2: B–A 0-1, C–D "+/-" (D forfeits), F a half-point bye (H),
 *          E a zero-point bye (Z).
 * Round 3: F–A ½-½, B–C 1-0, E–D 0-1.
 *
 * Scores after round 3: A 1+1+½ = 2½, B ½+0+1 = 1½, C 0+1+0 = 1,
 * D 0+0+1 = 1, E ½+0+0 = ½, F 1+½+½ = 2 (8½ in all: three games in
 * round 1, 1 + 1 + ½ + 0 in round 2, three games in round 3). */
static void
swiss_set_up (Fixture *f, gconstpointer data)
{
  const char *names[] = { NULL, "A", "B", "C", "D", "E", "F" };

  f->t = arb_test_new_tournament (&f->path);
  for (int no = 1; no <= 6; no++)
    add_player (f, no, names[no], 2500 - 100 * no);
  add_game (f, 1, 1, 1, 4, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 1, 2, 2, 5, ARB_RESULT_DRAW, NULL);
  add_game (f, 1, 3, 3, 6, ARB_RESULT_BLACK_WINS, NULL);
  add_game (f, 2, 1, 2, 1, ARB_RESULT_BLACK_WINS, NULL);
  add_game (f, 2, 2, 3, 4, ARB_RESULT_WHITE_FORFEIT_WIN, NULL);
  add_game (f, 2, 3, 6, 0, ARB_RESULT_WHITE_HALF, "H");
  add_game (f, 2, 4, 5, 0, ARB_RESULT_BOTH_LOSE, "Z");
  add_game (f, 3, 1, 6, 1, ARB_RESULT_DRAW, NULL);
  add_game (f, 3, 2, 2, 3, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 3, 3, 5, 4, ARB_RESULT_BLACK_WINS, NULL);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->t);
  g_unlink (f->path);
  g_free (f->path);
}

static GPtrArray *
standings (Fixture *f, int up_to, const ArbTiebreak *order, guint n_order)
{
  g_autoptr (GError) error = NULL;
  ArbScoring scoring;
  GPtrArray *rows;

  arb_scoring_init_default (&scoring);
  rows = arb_standings_read (f->t, up_to, &scoring, order, n_order, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rows);
  return rows;
}

static const ArbStandingsRow *
row_of (GPtrArray *rows, int start_no)
{
  for (guint i = 0; i < rows->len; i++)
    if (((ArbStandingsRow *) rows->pdata[i])->start_no == start_no)
      return rows->pdata[i];
  g_assert_not_reached ();
}

typedef struct
{
  int start_no;
  double points, bh, c1, m1, sb, ps;
  double win, won, bpg, aro;
} Expected;

/* Per round, the Buchholz value (played: the opponent's score, every
 * opponent here available in round 3 so no adjustment; unplayed: the
 * dummy opponent, the player's own score), and * marks a VUR:
 *
 *   A: D 1,  B 1½, F 2      BH 4½  C1 −1 = 3½   M1 −1 −2 = 1½
 *   B: E ½,  A 2½, C 1      BH 4   C1 −½ = 3½   M1 −½ −2½ = 1
 *   C: F 2,  dummy 1, B 1½  BH 4½  C1 −1 = 3½   M1 −1 −2 = 1½
 *      (the forfeit win is unplayed but no VUR: the plain lowest goes)
 *   D: A 2½, dummy 1*, E ½  BH 4   C1 −1* = 3   M1 −1* −2½ = ½
 *      (the VUR's 1 is cut, not the lower ½ of a played game)
 *   E: B 1½, dummy ½*, D 1  BH 3   C1 −½* = 2½  M1 −½* −1½ = 1
 *   F: C 1,  dummy 2*, A 2½ BH 5½  C1 −2* = 3½  M1 −2* −2½ = 1
 *
 * Sonneborn-Berger (9.1): each value times the fraction of a win scored,
 * the byes and forfeits against the dummy:
 *   A 1×1 + 1½×1 + 2×½ = 3½      B ½×½ + 2½×0 + 1×1 = 1¼
 *   C 2×0 + 1×1 + 1½×0 = 1        D 2½×0 + 1×0 + ½×1 = ½
 *   E 1½×½ + ½×0 + 1×0 = ¾        F 1×1 + 2×½ + 2½×½ = 3¼
 *
 * Progressive (7.5), the sum of the scores after each round:
 *   A 1+2+2½ = 5½  B ½+½+1½ = 2½  C 0+1+1 = 2  D 0+0+1 = 1
 *   E ½+½+½ = 1½   F 1+1½+2 = 4½
 *
 * Wins (7.1, with or without playing): A 2, B 1, C 1 (the forfeit),
 * D 1, E 0, F 1. Games won (7.2, over the board): C 0, the rest alike.
 * Games with Black (7.3, played): A 2 (rounds 2, 3), B 0, C 1, D 2
 * (rounds 1, 3; the forfeit is not played), E 1, F 1.
 * ARO (10.1, the opponents of played games, 15.2):
 *   A (2100+2300+1900)/3 = 2100  B (2000+2400+2200)/3 = 2200
 *   C (1900+2300)/2 = 2100       D (2400+2000)/2 = 2200
 *   E (2300+2100)/2 = 2200       F (2200+2400)/2 = 2300 */
static const Expected swiss_expected[] = {
  { 1, 2.5, 4.5, 3.5, 1.5, 3.5, 5.5, 2, 2, 2, 2100 },
  { 2, 1.5, 4.0, 3.5, 1.0, 1.25, 2.5, 1, 1, 0, 2200 },
  { 3, 1.0, 4.5, 3.5, 1.5, 1.0, 2.0, 1, 0, 1, 2100 },
  { 4, 1.0, 4.0, 3.0, 0.5, 0.5, 1.0, 1, 1, 2, 2200 },
  { 5, 0.5, 3.0, 2.5, 1.0, 0.75, 1.5, 0, 0, 1, 2200 },
  { 6, 2.0, 5.5, 3.5, 1.0, 3.25, 4.5, 1, 1, 1, 2300 },
};

static void
test_swiss_values (Fixture *f, gconstpointer data)
{
  guint n;
  const ArbTiebreak *order = arb_tiebreak_default_order (&n);
  g_autoptr (GPtrArray) rows = standings (f, 0, order, n);

  g_assert_cmpuint (rows->len, ==, 6);
  for (gsize i = 0; i < G_N_ELEMENTS (swiss_expected); i++)
    {
      const Expected *x = &swiss_expected[i];
      const ArbStandingsRow *r = row_of (rows, x->start_no);

      g_test_message ("starting rank %d", x->start_no);
      g_assert_cmpfloat (r->points, ==, x->points);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ], ==, x->bh);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ_CUT1], ==, x->c1);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BUCHHOLZ_MEDIAN1], ==, x->m1);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_SONNEBORN_BERGER], ==, x->sb);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_PROGRESSIVE], ==, x->ps);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_WINS], ==, x->win);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_GAMES_WON], ==, x->won);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_BLACK_GAMES], ==, x->bpg);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_ARO], ==, x->aro);
      /* C and D are tied on points but never met over the board: direct
       * encounter (Article 6) separates no one here. */
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_DIRECT_ENCOUNTER], ==, 0);
    }
}

/* Points first: A 2½, F 2, B 1½, then C and D on 1, which Buchholz Cut-1
 * (the default order's first) puts C (3½) before D (3), then E ½. */
static void
test_swiss_order (Fixture *f, gconstpointer data)
{
  static const int expected[] = { 1, 6, 2, 3, 4, 5 };
  guint n;
  const ArbTiebreak *order = arb_tiebreak_default_order (&n);
  g_autoptr (GPtrArray) rows = standings (f, 0, order, n);

  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *r = rows->pdata[i];

      g_assert_cmpint (r->rank, ==, (int) i + 1);
      g_assert_cmpint (r->start_no, ==, expected[i]);
    }
  g_assert_cmpstr (((ArbStandingsRow *) rows->pdata[0])->name, ==, "A");
  g_assert_cmpint (((ArbStandingsRow *) rows->pdata[0])->rating, ==, 2400);
}

/* After round 2 E's zero-point bye (a VUR) is E's last round, so as B's
 * opponent E counts ½ + ½ (the VUR as a draw) = 1, not ½; A has 2.
 * B: BH = 1 + 2 = 3. F's half-point bye is a VUR in F's last round: as
 * C's opponent F counts 1 + ½ = 1½ (here the same as F's score);
 * C: F 1½ + dummy 1 (the forfeit win, C's own score) = 2½. D's forfeit
 * loss is D's last round, a VUR, but had an opponent: as A's opponent D
 * counts 0 + 0 = 0, B ½; A: 0 + ½ = ½. */
static void
test_swiss_after_round_2 (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_BUCHHOLZ };
  g_autoptr (GPtrArray) rows = standings (f, 2, order, 1);

  g_assert_cmpfloat (row_of (rows, 1)->points, ==, 2.0);
  g_assert_cmpfloat (row_of (rows, 2)->points, ==, 0.5);
  g_assert_cmpfloat (row_of (rows, 4)->points, ==, 0.0);
  g_assert_cmpfloat (row_of (rows, 6)->points, ==, 1.5);
  g_assert_cmpfloat (row_of (rows, 2)->values[ARB_TIEBREAK_BUCHHOLZ], ==, 3.0);
  g_assert_cmpfloat (row_of (rows, 3)->values[ARB_TIEBREAK_BUCHHOLZ], ==, 2.5);
  g_assert_cmpfloat (row_of (rows, 1)->values[ARB_TIEBREAK_BUCHHOLZ], ==, 0.5);
}

/* A fourth round in play (A–B without a result, E–F 1-0 already): by
 * default the standings stay after round 3, the last with every result,
 * and A's Buchholz is still 4½; after round 4 asked for, the game in play
 * counts nothing for A but E's win counts (E ½ + 1 = 1½). */
static void
test_round_in_play (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_BUCHHOLZ };
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) rows4 = NULL;

  add_game (f, 4, 1, 1, 2, ARB_RESULT_ONGOING, NULL);
  add_game (f, 4, 2, 5, 6, ARB_RESULT_WHITE_WINS, NULL);
  rows = standings (f, 0, order, 1);
  g_assert_cmpint (row_of (rows, 1)->after_round, ==, 3);
  g_assert_cmpfloat (row_of (rows, 1)->values[ARB_TIEBREAK_BUCHHOLZ], ==, 4.5);
  g_assert_cmpfloat (row_of (rows, 5)->points, ==, 0.5);
  rows4 = standings (f, 4, order, 1);
  g_assert_cmpint (row_of (rows4, 1)->after_round, ==, 4);
  g_assert_cmpfloat (row_of (rows4, 1)->points, ==, 2.5);
  g_assert_cmpfloat (row_of (rows4, 5)->points, ==, 1.5);
}

/* A round robin of four, Berger rounds:
 *   R1: 1–4 0-1, 2–3 1-0   R2: 4–3 1-0, 1–2 1-0   R3: 2–4 1-0, 3–1 1-0
 * Scores: P1 1 (beat P2), P2 2 (P3, P4), P3 1 (P1), P4 2 (P1, P3).
 * Direct encounter (6): P2 beat P4, so P2 1, P4 0; P3 beat P1, so P3 1,
 * P1 0. Sonneborn-Berger (9.1), the scores of those beaten:
 *   P1: P2 2 = 2   P2: P3 1 + P4 2 = 3   P3: P1 1 = 1   P4: P1 1 + P3 1 = 2
 * So DE before SB gives P2 P4 P3 P1, and SB before DE P2 P4 P1 P3. */
static void
robin_set_up (Fixture *f, gconstpointer data)
{
  f->t = arb_test_new_tournament (&f->path);
  for (int no = 1; no <= 4; no++)
    {
      g_autofree char *name = g_strdup_printf ("P%d", no);

      add_player (f, no, name, 0);
    }
  add_game (f, 1, 1, 1, 4, ARB_RESULT_BLACK_WINS, NULL);
  add_game (f, 1, 2, 2, 3, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 2, 1, 4, 3, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 2, 2, 1, 2, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 3, 1, 2, 4, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 3, 2, 3, 1, ARB_RESULT_WHITE_WINS, NULL);
}

static void
assert_order (GPtrArray *rows, const int *expected)
{
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpint (((ArbStandingsRow *) rows->pdata[i])->start_no, ==, expected[i]);
}

static void
test_robin (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak de_sb[] = { ARB_TIEBREAK_DIRECT_ENCOUNTER,
                                       ARB_TIEBREAK_SONNEBORN_BERGER };
  static const ArbTiebreak sb_de[] = { ARB_TIEBREAK_SONNEBORN_BERGER,
                                       ARB_TIEBREAK_DIRECT_ENCOUNTER };
  static const int by_de[] = { 2, 4, 3, 1 };
  static const int by_sb[] = { 2, 4, 1, 3 };
  static const double de[] = { 0, 0, 1, 1, 0 };
  static const double sb[] = { 0, 2, 3, 1, 2 };
  g_autoptr (GPtrArray) rows = standings (f, 0, de_sb, 2);
  g_autoptr (GPtrArray) rows2 = standings (f, 0, sb_de, 2);

  g_assert_cmpuint (rows->len, ==, 4);
  for (int no = 1; no <= 4; no++)
    {
      g_assert_cmpfloat (row_of (rows, no)->values[ARB_TIEBREAK_DIRECT_ENCOUNTER], ==, de[no]);
      g_assert_cmpfloat (row_of (rows, no)->values[ARB_TIEBREAK_SONNEBORN_BERGER], ==, sb[no]);
    }
  assert_order (rows, by_de);
  assert_order (rows2, by_sb);
}

/* Direct encounter when not all the tied met (C.07 Article 6.2), worked
 * by hand. Six players, four rounds:
 *   R1: 1–2 1-0, 3–4 1-0, 5–6 1-0
 *   R2: 1–3 1-0, 2–5 ½-½, 4–6 1-0
 *   R3: 2–3 ½-½, 1–6 0-1, 4–5 1-0
 *   R4: 2–4 1-0, 1–5 0-1, 3–6 ½-½
 * Scores: P1 1+1+0+0 = 2, P2 0+½+½+1 = 2, P3 1+0+½+½ = 2,
 * P4 0+1+1+0 = 2, P5 1+½+0+1 = 2½, P6 0+0+1+½ = 1½.
 * Tied on 2: P1, P2, P3, P4. Their games among themselves: 1–2 1-0,
 * 1–3 1-0, 2–3 ½-½, 2–4 1-0, 3–4 1-0; P1 and P4 never met.
 *   P1: 1 + 1 = 2, met 2 of 3, at best 2 + 1 (a win over P4) = 3
 *   P2: 0 + ½ + 1 = 1½, met all, at best 1½
 *   P3: 0 + ½ + 1 = 1½, met all, at best 1½
 *   P4: 0 + 0 = 0, met 2 of 3, at best 0 + 1 = 1
 * P1's 2 is more than any other's best (1½, 1½, 1): P1 is placed first.
 * P2's 1½ is not more than P3's best 1½: the rest, P2 P3 P4, are taken
 * again; they all met: P2 ½ + 1 = 1½, P3 ½ + 1 = 1½, P4 0, so P4 is
 * last; P2 and P3 again: ½ each, still tied, and they share 3rd–4th.
 * The whole order: P5, P1, P2 and P3 (3–4), P4, P6. (Taking the scores
 * only of those who met every other tied player, as before, put P2 and
 * P3 with 1½ ahead of P1 with 0.) */
static void
encounter_set_up (Fixture *f, gconstpointer data)
{
  f->t = arb_test_new_tournament (&f->path);
  for (int no = 1; no <= 6; no++)
    {
      g_autofree char *name = g_strdup_printf ("P%d", no);

      add_player (f, no, name, 0);
    }
  add_game (f, 1, 1, 1, 2, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 1, 2, 3, 4, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 1, 3, 5, 6, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 2, 1, 1, 3, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 2, 2, 2, 5, ARB_RESULT_DRAW, NULL);
  add_game (f, 2, 3, 4, 6, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 3, 1, 2, 3, ARB_RESULT_DRAW, NULL);
  add_game (f, 3, 2, 1, 6, ARB_RESULT_BLACK_WINS, NULL);
  add_game (f, 3, 3, 4, 5, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 4, 1, 2, 4, ARB_RESULT_WHITE_WINS, NULL);
  add_game (f, 4, 2, 1, 5, ARB_RESULT_BLACK_WINS, NULL);
  add_game (f, 4, 3, 3, 6, ARB_RESULT_DRAW, NULL);
}

static void
test_encounter_not_all_met (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_DIRECT_ENCOUNTER };
  static const int expected[] = { 5, 1, 2, 3, 4, 6 };
  static const char *const places[] = { "1", "2", "3\u20134", "3\u20134", "5", "6" };
  static const double de[] = { 0, 2, 1.5, 1.5, 0, 0, 0 };
  g_autoptr (GPtrArray) rows = standings (f, 0, order, 1);

  assert_order (rows, expected);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *r = rows->pdata[i];
      g_autofree char *place = arb_standings_row_place (r);

      g_assert_cmpstr (place, ==, places[i]);
      g_assert_cmpfloat (r->values[ARB_TIEBREAK_DIRECT_ENCOUNTER], ==, de[r->start_no]);
    }
}

/* The Koya system (C.07 Article 9.2) on the round robin above: three
 * rounds, so the line is half of 3 = 1½; P2 and P4 (2 each) reach it,
 * P1 and P3 (1 each) do not.
 *   P1: against P4 0, against P2 1 = 1
 *   P2: against P4 1 = 1 (P1 is under the line)
 *   P3: against P2 0, against P4 0 = 0
 *   P4: against P2 0 = 0
 * So Koya puts P2 before P4 (on 2) and P1 before P3 (on 1). */
static void
test_koya (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak order[] = { ARB_TIEBREAK_KOYA };
  static const int expected[] = { 2, 4, 1, 3 };
  static const double ks[] = { 0, 1, 1, 0, 0 };
  g_autoptr (GPtrArray) rows = standings (f, 0, order, 1);

  for (int no = 1; no <= 4; no++)
    g_assert_cmpfloat (row_of (rows, no)->values[ARB_TIEBREAK_KOYA], ==, ks[no]);
  assert_order (rows, expected);
  g_assert_cmpstr (arb_tiebreak_to_key (ARB_TIEBREAK_KOYA), ==, "ks");
}

/* Shared places (C.07 Article 2.1): in the Swiss, C and D have 1 point
 * each. With no tie-break they stay tied and share 4th–5th; with
 * Buchholz Cut-1 (C 3½, D 3, see swiss_expected) C is 4th and D 5th. */
static void
test_shared_places (Fixture *f, gconstpointer data)
{
  static const ArbTiebreak bh_c1[] = { ARB_TIEBREAK_BUCHHOLZ_CUT1 };
  g_autoptr (GPtrArray) tied = standings (f, 0, NULL, 0);
  g_autoptr (GPtrArray) apart = standings (f, 0, bh_c1, 1);
  g_autofree char *c = arb_standings_row_place (row_of (tied, 3));
  g_autofree char *d = arb_standings_row_place (row_of (tied, 4));
  g_autofree char *a = arb_standings_row_place (row_of (tied, 1));
  g_autofree char *c2 = arb_standings_row_place (row_of (apart, 3));

  g_assert_cmpstr (c, ==, "4\u20135");
  g_assert_cmpstr (d, ==, "4\u20135");
  g_assert_cmpstr (a, ==, "1");
  g_assert_cmpstr (c2, ==, "4");
  g_assert_cmpint (row_of (tied, 3)->rank, ==, 4);
  g_assert_cmpint (row_of (tied, 4)->rank, ==, 5);
  g_assert_cmpint (row_of (apart, 4)->place_first, ==, 5);
  g_assert_cmpint (row_of (apart, 4)->place_last, ==, 5);
}

/* 3-1-0: the Swiss's A has two wins and a draw, 3+3+1 = 7; F a win, a
 * half-point bye and a draw, 3+1+1 = 5; E a draw and two losses, 1. */
static void
test_scoring (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbScoring s;

  g_assert_true (arb_scoring_parse ("3-1-0", &s));
  g_assert_false (arb_scoring_parse ("1-2-0", &s));
  g_assert_false (arb_scoring_parse ("3-1", &s));
  g_assert_false (arb_scoring_parse ("3-x-0", &s));
  g_assert_true (arb_scoring_parse ("3-1-0", &s));
  rows = arb_standings_read (f->t, 0, &s, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (row_of (rows, 1)->points, ==, 7);
  g_assert_cmpfloat (row_of (rows, 6)->points, ==, 5);
  g_assert_cmpfloat (row_of (rows, 5)->points, ==, 1);
}

/* The event's settings: "scoring" and "tiebreaks"; what does not read
 * leaves the default (1-½-0; bh-c1, bh, sb, ps, win). */
static void
test_event_settings (void)
{
  static const struct
  {
    const char *settings;
    double win, draw;
    guint n;
    ArbTiebreak first;
  } cases[] = {
    { NULL, 1, 0.5, 5, ARB_TIEBREAK_BUCHHOLZ_CUT1 },
    { "{}", 1, 0.5, 5, ARB_TIEBREAK_BUCHHOLZ_CUT1 },
    { "{\"scoring\": \"3-1-0\", \"tiebreaks\": [\"de\", \"sb\"]}", 3, 1, 2,
      ARB_TIEBREAK_DIRECT_ENCOUNTER },
    { "{\"scoring\": \"3-x-0\", \"tiebreaks\": [\"de\", \"koya\"]}", 1, 0.5, 5,
      ARB_TIEBREAK_BUCHHOLZ_CUT1 },
    { "{\"scoring\": 3, \"tiebreaks\": \"de\"}", 1, 0.5, 5, ARB_TIEBREAK_BUCHHOLZ_CUT1 },
    { "[1, 2]", 1, 0.5, 5, ARB_TIEBREAK_BUCHHOLZ_CUT1 },
    { "{\"tiebreaks\": []}", 1, 0.5, 5, ARB_TIEBREAK_BUCHHOLZ_CUT1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbEventInfo event = { .settings = (char *) cases[i].settings };
      ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
      ArbScoring scoring;
      guint n = 0;

      g_test_message ("settings %s", cases[i].settings);
      arb_standings_event_settings (&event, &scoring, order, &n);
      g_assert_cmpfloat (scoring.win, ==, cases[i].win);
      g_assert_cmpfloat (scoring.draw, ==, cases[i].draw);
      g_assert_cmpuint (n, ==, cases[i].n);
      g_assert_cmpint (order[0], ==, cases[i].first);
    }
}

static void
test_keys (void)
{
  ArbTiebreak tb;

  g_assert_true (arb_tiebreak_from_key ("BH-C1", &tb));
  g_assert_cmpint (tb, ==, ARB_TIEBREAK_BUCHHOLZ_CUT1);
  g_assert_cmpstr (arb_tiebreak_to_key (ARB_TIEBREAK_ARO), ==, "aro");
  g_assert_false (arb_tiebreak_from_key ("koya", &tb));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/round/standings/swiss-values", Fixture, NULL, swiss_set_up, test_swiss_values,
              tear_down);
  g_test_add ("/round/standings/swiss-order", Fixture, NULL, swiss_set_up, test_swiss_order,
              tear_down);
  g_test_add ("/round/standings/swiss-after-round-2", Fixture, NULL, swiss_set_up,
              test_swiss_after_round_2, tear_down);
  g_test_add ("/round/standings/round-in-play", Fixture, NULL, swiss_set_up, test_round_in_play,
              tear_down);
  g_test_add ("/round/standings/round-robin", Fixture, NULL, robin_set_up, test_robin, tear_down);
  g_test_add ("/round/standings/scoring-3-1-0", Fixture, NULL, swiss_set_up, test_scoring,
              tear_down);
  g_test_add ("/round/standings/encounter-not-all-met", Fixture, NULL, encounter_set_up,
              test_encounter_not_all_met, tear_down);
  g_test_add ("/round/standings/koya", Fixture, NULL, robin_set_up, test_koya, tear_down);
  g_test_add ("/round/standings/shared-places", Fixture, NULL, swiss_set_up, test_shared_places,
              tear_down);
  g_test_add_func ("/round/standings/keys", test_keys);
  g_test_add_func ("/round/standings/event-settings", test_event_settings);
  return g_test_run ();
}
