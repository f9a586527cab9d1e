/* test-ruling-facts.c: the facts the program establishes for a ruling
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-ruling-facts.h"

/* After 1. e4 e5: the queen reaches h5, the knights f3 and e2. */
#define AFTER_E4_E5 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
/* After 1. d4 d5 2. c4 e6 3. Nf3 Nf6: both white knights reach d2. */
#define TWO_KNIGHTS "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 2 4"
/* After 1. d4 d5 2. c4 e6: only the b1 knight reaches d2. */
#define ONE_KNIGHT "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3"
/* A white pawn on e7 and castling both ways. */
#define PROMOTION "r5k1/4P3/8/8/8/8/8/R3K2R w KQ - 0 1"
/* After 1. e4 d5: the pawn takes on d5. */
#define CAPTURE "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
/* Black to move, after 1. e4 e5 2. Nf3 Nc6 3. Bc4: 3... Sf6 in Swedish. */
#define BLACK_TO_MOVE "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"

typedef struct
{
  const char *fen;
  const char *text;
  ArbSealedValidity validity;
  const char *uci; /* the move when valid */
  const char *why;
} ReadCase;

static const ReadCase read_cases[] = {
  /* English, Scandinavian and Dutch letters, short and long. */
  { ARB_START_FEN, "Nf3", ARB_SEALED_VALID, "g1f3", "English" },
  { ARB_START_FEN, "Sf3", ARB_SEALED_VALID, "g1f3", "sv/nb/da knight" },
  { ARB_START_FEN, "Ng1-f3", ARB_SEALED_VALID, "g1f3", "long notation" },
  { ARB_START_FEN, "Sg1f3", ARB_SEALED_VALID, "g1f3", "long without hyphen" },
  { ARB_START_FEN, "nf3", ARB_SEALED_VALID, "g1f3", "lower-case piece" },
  { AFTER_E4_E5, "Dh5", ARB_SEALED_VALID, "d1h5", "sv/nl queen" },
  { AFTER_E4_E5, "Qd1-h5", ARB_SEALED_VALID, "d1h5", "long queen" },
  { AFTER_E4_E5, "Le2", ARB_SEALED_VALID, "f1e2", "sv bishop" },
  { AFTER_E4_E5, "Se2", ARB_SEALED_VALID, "g1e2", "sv knight" },
  { BLACK_TO_MOVE, "Sf6", ARB_SEALED_VALID, "g8f6", "Black, sv knight" },
  { BLACK_TO_MOVE, "Lc5", ARB_SEALED_VALID, "f8c5", "Black, sv bishop" },
  { ONE_KNIGHT, "Pbd2", ARB_SEALED_VALID, "b1d2", "nl knight with file" },
  { ONE_KNIGHT, "Pd2", ARB_SEALED_VALID, "b1d2", "nl knight" },
  { ONE_KNIGHT, "Nb1-d2", ARB_SEALED_VALID, "b1d2", "long" },
  { TWO_KNIGHTS, "Nd2", ARB_SEALED_AMBIGUOUS, NULL, "two knights reach d2" },
  { TWO_KNIGHTS, "Sbd2", ARB_SEALED_VALID, "b1d2", "disambiguated" },
  { TWO_KNIGHTS, "Nfd2", ARB_SEALED_VALID, "f3d2", "disambiguated" },
  /* Pawns. */
  { ARB_START_FEN, "e4", ARB_SEALED_VALID, "e2e4", "short" },
  { ARB_START_FEN, "e2-e4", ARB_SEALED_VALID, "e2e4", "long" },
  { ARB_START_FEN, "e2e4", ARB_SEALED_VALID, "e2e4", "coordinates" },
  { ARB_START_FEN, "Pe4", ARB_SEALED_VALID, "e2e4", "English pawn letter" },
  { ARB_START_FEN, "Pf3", ARB_SEALED_AMBIGUOUS, NULL, "English pawn f3 or Dutch knight f3" },
  { CAPTURE, "exd5", ARB_SEALED_VALID, "e4d5", "capture" },
  { CAPTURE, "ed5", ARB_SEALED_VALID, "e4d5", "capture without x" },
  { CAPTURE, "e4:d5", ARB_SEALED_VALID, "e4d5", "capture with a colon" },
  { CAPTURE, "e4xd5+", ARB_SEALED_VALID, "e4d5", "a check sign that does not check" },
  { CAPTURE, "Nf3+", ARB_SEALED_VALID, "g1f3", "a wrong check sign" },
  /* Promotions and castling. */
  { PROMOTION, "e8=Q", ARB_SEALED_VALID, "e7e8q", "SAN" },
  { PROMOTION, "e8Q", ARB_SEALED_VALID, "e7e8q", "no equals sign" },
  { PROMOTION, "e8D", ARB_SEALED_VALID, "e7e8q", "sv/nl queen" },
  { PROMOTION, "e7-e8=D", ARB_SEALED_VALID, "e7e8q", "long, local" },
  { PROMOTION, "e8(S)", ARB_SEALED_VALID, "e7e8n", "bracketed knight" },
  { PROMOTION, "e7e8q", ARB_SEALED_VALID, "e7e8q", "coordinates" },
  { PROMOTION, "e8", ARB_SEALED_AMBIGUOUS, NULL, "the piece is missing" },
  { PROMOTION, "O-O", ARB_SEALED_VALID, "e1g1", "castling" },
  { PROMOTION, "0-0-0", ARB_SEALED_VALID, "e1c1", "castling with zeros" },
  { PROMOTION, "o-o+", ARB_SEALED_VALID, "e1g1", "lower case with a sign" },
  { PROMOTION, "Ke1-g1", ARB_SEALED_VALID, "e1g1", "castling as a king move" },
  /* What loses. */
  { ARB_START_FEN, "Se4", ARB_SEALED_ILLEGAL, NULL, "no knight reaches e4" },
  { ARB_START_FEN, "e5", ARB_SEALED_ILLEGAL, NULL, "a pawn cannot go there" },
  { ARB_START_FEN, "O-O", ARB_SEALED_ILLEGAL, NULL, "castling through pieces" },
  { ARB_START_FEN, "Xe4", ARB_SEALED_UNREADABLE, NULL, "no such piece letter" },
  { ARB_START_FEN, "the knight", ARB_SEALED_UNREADABLE, NULL, "words" },
  { ARB_START_FEN, "", ARB_SEALED_UNREADABLE, NULL, "nothing written" },
  { ARB_START_FEN, "e9", ARB_SEALED_UNREADABLE, NULL, "no such square" },
};

static void
test_read_move (gconstpointer data)
{
  const ReadCase *c = data;
  ArbPosition pos;
  ArbMove move = (ArbMove) 1;
  ArbSealedValidity validity;

  g_test_message ("%s: %s", c->text, c->why);
  g_assert_true (arb_position_set_fen (&pos, c->fen, ARB_FEN_FLAGS_NONE, NULL));
  validity = arb_ruling_facts_read_move (&pos, c->text, &move);
  g_assert_cmpint (validity, ==, c->validity);
  if (c->uci != NULL)
    {
      char uci[6];

      arb_move_write_uci (&pos, move, uci);
      g_assert_cmpstr (uci, ==, c->uci);
    }
  else
    g_assert_cmpuint (move, ==, ARB_MOVE_NONE);
}

static void
test_sealed_outcome (void)
{
  static const struct
  {
    const char *fen;
    const char *sealed;
    ArbSealedValidity validity;
    ArbSealedOutcome outcome;
  } cases[] = {
    /* Fool's mate: 2... Qh4# written in Swedish. */
    { "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Dh4", ARB_SEALED_VALID,
      ARB_SEALED_MATES },
    { "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "Dg7", ARB_SEALED_VALID, ARB_SEALED_MATES },
    { "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", "Qg6", ARB_SEALED_VALID, ARB_SEALED_STALEMATES },
    /* Taking the last piece leaves two bare kings. */
    { "8/8/8/3k4/8/3n4/3K4/8 w - - 0 1", "Kxd3", ARB_SEALED_VALID, ARB_SEALED_DEAD_POSITION },
    { ARB_START_FEN, "Sf3", ARB_SEALED_VALID, ARB_SEALED_ENDS_NOTHING },
    { ARB_START_FEN, "Sd2", ARB_SEALED_ILLEGAL, ARB_SEALED_ENDS_NOTHING },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbPosition pos;
      ArbSealedValidity validity;
      ArbSealedOutcome outcome;

      g_test_message ("%s", cases[i].sealed);
      g_assert_true (arb_position_set_fen (&pos, cases[i].fen, ARB_FEN_FLAGS_NONE, NULL));
      arb_ruling_facts_sealed_move (&pos, cases[i].sealed, &validity, &outcome, NULL);
      g_assert_cmpint (validity, ==, cases[i].validity);
      g_assert_cmpint (outcome, ==, cases[i].outcome);
    }
}

static void
test_cannot_mate (void)
{
  ArbPosition pos;

  /* The material proves it for a lone king ... */
  g_assert_true (arb_position_set_fen (&pos, "8/8/8/3k4/8/8/3K4/3R4 w - - 0 1", 0, NULL));
  g_assert_cmpint (arb_ruling_facts_cannot_mate (&pos, ARB_BLACK), ==, ARB_PROOF_TRUE);
  /* ... and the search finds a helpmate for the rook ... */
  g_assert_cmpint (arb_ruling_facts_cannot_mate (&pos, ARB_WHITE), ==, ARB_PROOF_FALSE);
  arb_position_set_start (&pos);
  g_assert_cmpint (arb_ruling_facts_cannot_mate (&pos, ARB_WHITE), ==, ARB_PROOF_FALSE);
  /* ... and proves that two queens cannot mate when every line stalemates
   * (52...b4+ 53.Kxb4, Qxb4, Ka4 or Kb2, stalemate). */
  g_assert_true (arb_position_set_fen (&pos, "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52", 0, NULL));
  g_assert_cmpint (arb_ruling_facts_cannot_mate (&pos, ARB_WHITE), ==, ARB_PROOF_TRUE);
}

/* The 75-move rule bounds the series from the 2014 edition on: with 149
 * plies on the clock and Black to move, the game ends before White mates. */
static void
test_mate_search_edition (void)
{
  g_autofree ArbUnwinnableResult *result = g_new (ArbUnwinnableResult, 1);
  ArbPosition pos;

  g_assert_true (arb_position_set_fen (&pos, "7k/8/6K1/8/8/Q7/8/8 b - - 149 100", 0, NULL));
  g_assert_cmpint (arb_ruling_facts_mate_search (&pos, ARB_WHITE, ARB_EDITION_2018, result), ==,
                   ARB_PROOF_TRUE);
  g_assert_cmpint (arb_ruling_facts_mate_search (&pos, ARB_WHITE, ARB_EDITION_2009, result), ==,
                   ARB_PROOF_FALSE);
  g_assert_cmpuint (result->line_length, >, 0);
}

static gboolean
always_stop (gpointer data)
{
  guint *asked = data;

  ++*asked;
  return TRUE;
}

/* A question whose asker went away ends unproven at once; the search that
 * nobody stops proves the same position (two queens that only stalemate). */
static void
test_mate_search_until (void)
{
  g_autofree ArbUnwinnableResult *result = g_new (ArbUnwinnableResult, 1);
  ArbPosition pos;
  guint asked = 0;

  g_assert_true (arb_position_set_fen (&pos, "k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52", 0, NULL));
  g_assert_cmpint (arb_ruling_facts_mate_search_until (&pos, ARB_WHITE, ARB_EDITION_2023,
                                                       always_stop, &asked, result),
                   ==, ARB_PROOF_UNKNOWN);
  g_assert_cmpuint (asked, ==, 1);
  g_assert_cmpuint (result->nodes, <, 100);
  g_assert_cmpint (
    arb_ruling_facts_mate_search_until (&pos, ARB_WHITE, ARB_EDITION_2023, NULL, NULL, result), ==,
    ARB_PROOF_TRUE);
}

/* 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8: the start position at plies
 * 0, 4 and 8 (hand-counted). */
static const char *const repetition[] = { "g1f3", "g8f6", "f3g1", "f6g8",
                                          "g1f3", "g8f6", "f3g1", "f6g8" };

static void
replay (guint n, ArbPosition *start, ArbMove *moves)
{
  ArbPosition pos;

  arb_position_set_start (start);
  pos = *start;
  for (guint i = 0; i < n; i++)
    {
      ArbUndo undo;

      moves[i] = arb_move_parse_uci (&pos, repetition[i], strlen (repetition[i]));
      g_assert_cmpuint (moves[i], !=, ARB_MOVE_NONE);
      arb_position_make_move (&pos, moves[i], &undo);
    }
}

static void
test_claim (void)
{
  ArbPosition start;
  ArbMove moves[8];
  ArbClaimCheck check;

  /* The third occurrence on the board (9.2.1.2 / 9.2.2). */
  replay (8, &start, moves);
  g_assert_true (arb_ruling_facts_check_claim (&start, moves, 8, ARB_EDITION_2023,
                                               ARB_CLAIM_THREEFOLD, NULL, &check));
  g_assert_true (check.correct);
  g_assert_cmpuint (check.occurrences, ==, 3);
  g_assert_cmpuint (check.n_plies, ==, 3);
  g_assert_cmpuint (check.plies[0], ==, 0);
  g_assert_cmpuint (check.plies[1], ==, 4);
  g_assert_cmpuint (check.plies[2], ==, 8);

  /* Twice only at ply 6 (Black to move at ply 7 then): not correct. */
  g_assert_true (arb_ruling_facts_check_claim (&start, moves, 6, ARB_EDITION_2023,
                                               ARB_CLAIM_THREEFOLD, NULL, &check));
  g_assert_false (check.correct);
  g_assert_cmpuint (check.occurrences, ==, 2);

  /* At ply 7 Black writes the move that repeats (9.2.1.1), in Swedish. */
  g_assert_true (arb_ruling_facts_check_claim (&start, moves, 7, ARB_EDITION_2023,
                                               ARB_CLAIM_THREEFOLD, "Sg8", &check));
  g_assert_true (check.correct);
  g_assert_cmpuint (check.ply, ==, 8);
  g_assert_cmpuint (check.occurrences, ==, 3);

  /* A written move that is not legal here: no judgement. */
  g_assert_false (arb_ruling_facts_check_claim (&start, moves, 7, ARB_EDITION_2023,
                                                ARB_CLAIM_THREEFOLD, "Sg6", &check));
  g_assert_cmpint (check.written_validity, ==, ARB_SEALED_ILLEGAL);

  /* Fifty moves: eight quiet plies are four moves each, not fifty. */
  g_assert_true (arb_ruling_facts_check_claim (&start, moves, 8, ARB_EDITION_2023, ARB_CLAIM_FIFTY,
                                               NULL, &check));
  g_assert_false (check.correct);
  g_assert_cmpuint (check.quiet_moves, ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  for (gsize i = 0; i < G_N_ELEMENTS (read_cases); i++)
    {
      g_autofree char *path =
        g_strdup_printf ("/laws/ruling-facts/read-move-%" G_GSIZE_FORMAT "-%s", i,
                         read_cases[i].text[0] != '\0' ? read_cases[i].text : "empty");
      g_strdelimit (path + strlen ("/laws/ruling-facts/read-move-"), "/ ", '_');
      g_test_add_data_func (path, &read_cases[i], test_read_move);
    }
  g_test_add_func ("/laws/ruling-facts/sealed-outcome", test_sealed_outcome);
  g_test_add_func ("/laws/ruling-facts/cannot-mate", test_cannot_mate);
  g_test_add_func ("/laws/ruling-facts/mate-search-edition", test_mate_search_edition);
  g_test_add_func ("/laws/ruling-facts/mate-search-until", test_mate_search_until);
  g_test_add_func ("/laws/ruling-facts/claim", test_claim);
  return g_test_run ();
}
