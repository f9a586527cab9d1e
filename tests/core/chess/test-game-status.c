/* test-game-status.c: automatic ends and claimable draws, ply by ply
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-game-status.h"
#include "arb-position.h"

/* The python-chess cases below are ported from its test.py (rules research
 * 2.2); the expected plies were counted by hand from the move lists. */

static ArbGameStatus *
status_from_fen (const char *fen)
{
  g_autoptr (GError) error = NULL;
  ArbPosition pos;

  arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, &error);
  g_assert_no_error (error);
  return arb_game_status_new (&pos);
}

static ArbMove
uci (ArbGameStatus *status, const char *text)
{
  ArbMove move = arb_move_parse_uci (arb_game_status_get_position (status), text, strlen (text));

  if (move == ARB_MOVE_NONE)
    g_error ("%s is not legal at ply %u", text, arb_game_status_get_ply (status));
  return move;
}

/* Plays space-separated UCI moves, each of which must be legal. */
static void
play (ArbGameStatus *status, const char *moves)
{
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);

  for (guint i = 0; list[i] != NULL; i++)
    if (list[i][0] != '\0')
      g_assert_true (arb_game_status_push (status, uci (status, list[i])));
}

static guint
count_events (ArbGameStatus *status, ArbGameEventKind kind, guint *first_ply)
{
  guint n, found = 0;
  const ArbGameEvent *events = arb_game_status_get_events (status, &n);

  for (guint i = 0; i < n; i++)
    if (events[i].kind == kind)
      {
        if (found == 0 && first_ply != NULL)
          *first_ply = events[i].ply;
        found++;
      }
  return found;
}

static gboolean
has_event_at (ArbGameStatus *status, ArbGameEventKind kind, guint ply)
{
  guint n;
  const ArbGameEvent *events = arb_game_status_get_events (status, &n);

  for (guint i = 0; i < n; i++)
    if (events[i].kind == kind && events[i].ply == ply)
      return TRUE;
  return FALSE;
}

static void
assert_occurrences (ArbGameStatus *status, guint ply, const guint *expected, guint n_expected)
{
  guint plies[16];
  guint n = arb_game_status_get_occurrences (status, ply, plies, G_N_ELEMENTS (plies));

  g_assert_cmpuint (n, ==, n_expected);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (plies[i], ==, expected[i]);
}

static void
assert_no_end (ArbGameStatus *status)
{
  g_assert_false (arb_game_status_get_end (status, NULL, NULL));
  g_assert_cmpuint (arb_game_status_get_void_plies (status), ==, 0);
}

static void
assert_end (ArbGameStatus *status, ArbGameEventKind kind, guint ply, guint void_plies)
{
  ArbGameEventKind got_kind;
  guint got_ply;

  g_assert_true (arb_game_status_get_end (status, &got_kind, &got_ply));
  g_assert_cmpstr (arb_game_event_kind_to_string (got_kind), ==,
                   arb_game_event_kind_to_string (kind));
  g_assert_cmpuint (got_ply, ==, ply);
  g_assert_cmpuint (arb_game_status_get_void_plies (status), ==, void_plies);
}

/* python-chess test_threefold_repetition: the claim with the written move
 * comes one ply before the position is on the board (9.2.1.1, 9.2.1.2). */
static void
test_threefold_claim_ahead (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen (ARB_START_FEN);
  static const guint occurrences[] = { 0, 4, 8 };
  guint ply = G_MAXUINT;

  g_assert_cmpuint (arb_game_status_get_occurrences (status, 0, NULL, 0), ==, 1);
  play (status, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6");
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
  play (status, "f3g1");
  /* Black writes Ng8 and claims: the start position would be there for the
   * third time. Another move gives nothing. */
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
  g_assert_cmpint (arb_game_status_claims_with_move (status, uci (status, "f6g8")), ==,
                   ARB_DRAW_CLAIM_THREEFOLD);
  g_assert_cmpint (arb_game_status_claims_with_move (status, uci (status, "e7e5")), ==,
                   ARB_DRAW_CLAIM_NONE);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, NULL), ==, 0);

  play (status, "f6g8");
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_THREEFOLD);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 8);
  assert_occurrences (status, 8, occurrences, 3);
  /* Threefold is a claim, not an end. */
  assert_no_end (status);

  play (status, "e2e4");
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
}

/* python-chess test_fivefold_repetition: the five occurrences need not be
 * consecutive, the fifth ends the game (9.6.1), moves after it are void. */
static void
test_fivefold (void)
{
  static const char *fen = "rnbq1rk1/ppp3pp/3bpn2/3p1p2/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQ - 3 7";
  g_autoptr (ArbGameStatus) status = status_from_fen (fen);
  static const guint occurrences[] = { 0, 4, 8, 12, 16 };
  guint ply = G_MAXUINT;

  play (status, "d3e2 f6e4 e2d3 e4f6 d3e2 f6e4 e2d3 e4f6 d3e2 f6e4 e2d3 e4f6");
  g_assert_cmpuint (arb_game_status_get_occurrences (status, 12, NULL, 0), ==, 4);
  assert_no_end (status);
  play (status, "d3e2 f6e4 e2d3");
  /* The written move would bring the fifth occurrence: claimable too. */
  g_assert_cmpint (arb_game_status_claims_with_move (status, uci (status, "e4f6")), ==,
                   ARB_DRAW_CLAIM_THREEFOLD);
  play (status, "e4f6");
  assert_end (status, ARB_GAME_EVENT_FIVEFOLD, 16, 0);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIVEFOLD, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 16);
  assert_occurrences (status, 16, occurrences, 5);
  /* The game is over: there is nothing left to claim. */
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);

  /* The score goes on (python-chess plays these moves); they are void and
   * bring the position back a sixth time. */
  play (status, "d1c2 d8d7 c2d2 d7e7 d2d1 e7d8");
  assert_end (status, ARB_GAME_EVENT_FIVEFOLD, 16, 6);
  g_assert_cmpuint (arb_game_status_get_occurrences (status, 22, NULL, 0), ==, 6);
  {
    guint first[3];

    /* Asked for three, it gives the earliest three. */
    g_assert_cmpuint (arb_game_status_get_occurrences (status, 22, first, 3), ==, 6);
    g_assert_cmpuint (first[0], ==, 0);
    g_assert_cmpuint (first[1], ==, 4);
    g_assert_cmpuint (first[2], ==, 8);
  }
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIVEFOLD, NULL), ==, 1);
}

/* 2014 9.6a asked for the same position on at least five consecutive
 * alternate moves by each player; from 2017 (2018 9.6.1) five times
 * anywhere. Four repetitions every fourth ply, a six-ply triangle of the
 * queens back to the same position (the fifth occurrence, not in a row),
 * then four more repetitions every fourth ply (hand-counted plies). */
static void
test_fivefold_2014 (void)
{
  static const char *fen = "rnbq1rk1/ppp3pp/3bpn2/3p1p2/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQ - 3 7";
  static const char *shuffle = "d3e2 f6e4 e2d3 e4f6 ";
  static const char *triangle = "d1c2 d8d7 c2d2 d7e7 d2d1 e7d8";
  g_autoptr (ArbGameStatus) modern = status_from_fen (fen);
  g_autoptr (ArbGameStatus) old = status_from_fen (fen);
  g_autofree char *three = g_strconcat (shuffle, shuffle, shuffle, NULL);
  g_autofree char *four = g_strconcat (shuffle, shuffle, shuffle, shuffle, NULL);
  guint ply = G_MAXUINT;

  arb_game_status_set_edition (old, ARB_EDITION_2014);
  arb_game_status_set_edition (modern, ARB_EDITION_2018);
  play (old, three);
  play (modern, three);
  play (old, triangle);
  play (modern, triangle);
  g_assert_cmpuint (arb_game_status_get_occurrences (old, 18, NULL, 0), ==, 5);
  /* 2018: the fifth time anywhere ends the game. */
  assert_end (modern, ARB_GAME_EVENT_FIVEFOLD, 18, 0);
  /* 2014: not five in a row: play goes on. */
  assert_no_end (old);
  g_assert_cmpuint (count_events (old, ARB_GAME_EVENT_FIVEFOLD, NULL), ==, 0);
  /* Plies 18, 22, 26, 30, 34: five consecutive alternate moves. */
  play (old, four);
  assert_end (old, ARB_GAME_EVENT_FIVEFOLD, 34, 0);
  g_assert_cmpuint (count_events (old, ARB_GAME_EVENT_FIVEFOLD, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 34);
}

typedef struct
{
  const char *fen;
  ArbDrawClaims now;
  gboolean fifty_event_at_start;
} FiftyCase;

/* python-chess test_fifty_moves: Timman-Lutz 1995 at various clocks. */
static void
test_fifty_timman_lutz (void)
{
  static const FiftyCase cases[] = {
    { ARB_START_FEN, ARB_DRAW_CLAIM_NONE, FALSE },
    { "8/5R2/8/r2KB3/6k1/8/8/8 w - - 19 79", ARB_DRAW_CLAIM_NONE, FALSE },
    { "8/8/6r1/4B3/8/4K2k/5R2/8 b - - 68 103", ARB_DRAW_CLAIM_NONE, FALSE },
    { "6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", ARB_DRAW_CLAIM_NONE, FALSE },
    { "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119", ARB_DRAW_CLAIM_FIFTY_MOVES, TRUE },
    { "8/7k/8/1r3KR1/5B2/8/8/8 w - - 105 122", ARB_DRAW_CLAIM_FIFTY_MOVES, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ArbGameStatus) status = status_from_fen (cases[i].fen);

      g_test_message ("%s", cases[i].fen);
      g_assert_cmpint (arb_game_status_claims_now (status), ==, cases[i].now);
      g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIFTY, NULL), ==,
                        cases[i].fifty_event_at_start);
      assert_no_end (status);
    }

  /* At clock 99 White may write Rg5 and claim (9.3.1); the position after
   * it is the next case of the game. */
  {
    g_autoptr (ArbGameStatus) status = status_from_fen ("6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119");
    guint ply = G_MAXUINT;

    g_assert_cmpint (arb_game_status_claims_with_move (status, uci (status, "g8g5")), ==,
                     ARB_DRAW_CLAIM_FIFTY_MOVES);
    play (status, "g8g5");
    g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_FIFTY_MOVES);
    g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIFTY, &ply), ==, 1);
    g_assert_cmpuint (ply, ==, 1);
  }
}

/* python-chess: once mated it is too late to claim; a stalemate at clock 99
 * is a stalemate, not a 50-move draw. Our FEN reader checks the clock against
 * the move number, so the stalemate case gets move 50 instead of 1. */
static void
test_fifty_after_end (void)
{
  g_autoptr (ArbGameStatus) mated = status_from_fen ("k7/8/NKB5/8/8/8/8/8 b - - 105 176");
  g_autoptr (ArbGameStatus) stalemate = status_from_fen ("k7/3N4/1K6/1B6/8/8/8/8 b - - 99 50");

  assert_end (mated, ARB_GAME_EVENT_CHECKMATE, 0, 0);
  g_assert_cmpint (arb_game_status_claims_now (mated), ==, ARB_DRAW_CLAIM_NONE);
  g_assert_cmpuint (count_events (mated, ARB_GAME_EVENT_FIFTY, NULL), ==, 0);
  /* No move can follow a checkmate. */
  g_assert_false (arb_game_status_push (
    mated, ARB_MOVE_MAKE (ARB_SQUARE (0, 7), ARB_SQUARE (0, 6), ARB_MOVE_NORMAL)));
  g_assert_cmpuint (arb_game_status_get_ply (mated), ==, 0);

  assert_end (stalemate, ARB_GAME_EVENT_STALEMATE, 0, 0);
  g_assert_cmpint (arb_game_status_claims_now (stalemate), ==, ARB_DRAW_CLAIM_NONE);
}

typedef struct
{
  const char *fen;
  const char *move;
  ArbGameEventKind end;
  gboolean ended;
  guint clock_events; /* fifty or seventy-five events expected at ply 1 */
  ArbDrawClaims claim_with_move;
} LimitCase;

/* The move that completes 50 or 75 moves of each player. 9.6.2: a checkmate
 * made by it takes precedence; a stalemate ends the game too (5.2.1). For a
 * claim with the written move (9.3.1) the move is not played, so its mate
 * does not stop the claim: we follow the wording of the Laws here, where
 * python-chess refuses such a claim (its open issue #1188 argues our way). */
static void
test_limits_precedence (void)
{
  static const LimitCase cases[] = {
    /* ply 100 */
    { "k7/8/1K6/8/8/8/8/7R w - - 99 120", "h1h8", ARB_GAME_EVENT_CHECKMATE, TRUE, 0,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 99 120", "c1c7", ARB_GAME_EVENT_STALEMATE, TRUE, 0,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 99 120", "c1c2", ARB_GAME_EVENT_CHECKMATE, FALSE, 1,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    /* ply 150 */
    { "k7/8/1K6/8/8/8/8/7R w - - 149 120", "h1h8", ARB_GAME_EVENT_CHECKMATE, TRUE, 0,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 149 120", "c1c7", ARB_GAME_EVENT_STALEMATE, TRUE, 0,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 149 120", "c1c2", ARB_GAME_EVENT_SEVENTY_FIVE, TRUE, 1,
      ARB_DRAW_CLAIM_FIFTY_MOVES },
    /* a capture restarts the count: no claim, no end */
    { "k7/8/1K6/8/8/8/8/q1Q5 w - - 149 120", "c1a1", ARB_GAME_EVENT_CHECKMATE, FALSE, 0,
      ARB_DRAW_CLAIM_NONE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const LimitCase *c = &cases[i];
      g_autoptr (ArbGameStatus) status = status_from_fen (c->fen);
      ArbGameEventKind limit_kind =
        strstr (c->fen, " 149 ") ? ARB_GAME_EVENT_SEVENTY_FIVE : ARB_GAME_EVENT_FIFTY;
      guint ply = G_MAXUINT;

      g_test_message ("%s, %s", c->fen, c->move);
      g_assert_cmpint (arb_game_status_claims_with_move (status, uci (status, c->move)), ==,
                       c->claim_with_move);
      play (status, c->move);
      if (c->ended)
        assert_end (status, c->end, 1, 0);
      else
        assert_no_end (status);
      g_assert_cmpuint (count_events (status, limit_kind, &ply), ==, c->clock_events);
      if (c->clock_events > 0)
        g_assert_cmpuint (ply, ==, 1);
    }
}

/* 9.6.2 counted from a FEN clock, and void plies after it. */
static void
test_seventy_five_void (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen ("4k3/8/8/8/8/8/8/RN2K3 w - - 140 100");
  guint ply = G_MAXUINT;

  play (status, "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8 b1c3");
  assert_no_end (status);
  play (status, "e8d8");
  assert_end (status, ARB_GAME_EVENT_SEVENTY_FIVE, 10, 0);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_SEVENTY_FIVE, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 10);
  /* The fifty event lies at ply 0: the FEN clock was already over 100. */
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIFTY, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 0);

  /* Later moves do not revive the game; they are void. */
  play (status, "c3b1 d8e8 a1a8");
  assert_end (status, ARB_GAME_EVENT_SEVENTY_FIVE, 10, 3);
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
}

/* 9.6 came in with the 2014 edition: under the 2009 Laws the same game goes
 * on, and a fivefold repetition is only a claimable threefold. */
static void
test_edition_before_2014 (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen ("4k3/8/8/8/8/8/8/RN2K3 w - - 140 100");
  guint ply = G_MAXUINT;

  g_assert_cmpint (arb_game_status_get_edition (status), ==, ARB_EDITION_2023);
  arb_game_status_set_edition (status, ARB_EDITION_2009);
  play (status, "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8");
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_SEVENTY_FIVE, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 10);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_FIVEFOLD, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 16);
  assert_no_end (status);
  g_assert_cmpint (arb_game_status_claims_now (status), ==,
                   ARB_DRAW_CLAIM_THREEFOLD | ARB_DRAW_CLAIM_FIFTY_MOVES);

  /* The edition stays across reset(); a FEN clock of 150 ends nothing. */
  {
    ArbPosition pos;

    g_assert_true (
      arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/RN2K3 w - - 150 100", ARB_FEN_FLAGS_NONE, NULL));
    arb_game_status_reset (status, &pos);
    assert_no_end (status);
    arb_game_status_set_edition (status, ARB_EDITION_2014);
    assert_end (status, ARB_GAME_EVENT_SEVENTY_FIVE, 0, 0);
  }
}

/* A FEN start is the first occurrence of its position (lichess #7009). */
static void
test_fen_start_counts (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen ("4k3/8/8/8/8/8/8/RN2K3 w - - 12 40");
  static const guint occurrences[] = { 0, 4, 8 };

  play (status, "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8");
  assert_occurrences (status, 8, occurrences, 3);
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_THREEFOLD);
}

/* 9.2.2.1: an e.p. capture that is possible makes the position different;
 * one that is not possible (no pawn, or a pinned pawn) does not. */
static void
test_en_passant_identity (void)
{
  /* python-chess test_ep_legality: hxg6 e.p. is legal at ply 0 only. */
  {
    g_autoptr (ArbGameStatus) status =
      status_from_fen ("rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3");
    static const guint occurrences[] = { 4, 8, 12 };

    play (status, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    g_assert_cmpuint (arb_game_status_get_occurrences (status, 8, NULL, 0), ==, 2);
    g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
    g_assert_false (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 8));
    play (status, "g1f3 g8f6 f3g1 f6g8");
    /* The positions after the knight moves repeat from ply 1 on. */
    g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, NULL), ==, 4);
    g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 9));
    g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 12));
    assert_occurrences (status, 12, occurrences, 3);
  }

  /* An e.p. square with no pawn to use it is no e.p. possibility. */
  {
    g_autoptr (ArbGameStatus) status =
      status_from_fen ("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2");
    static const guint occurrences[] = { 0, 4, 8 };

    play (status, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_occurrences (status, 8, occurrences, 3);
  }

  /* cutechess #817 (rules research 3.1): gxh6 e.p. is illegal because the
   * pawn is pinned on the g-file, so ply 1 already counts. */
  {
    g_autoptr (ArbGameStatus) status =
      status_from_fen ("6k1/1p2p1rp/rP1pR3/2pP1pP1/p1P2P1P/R5K1/8/8 b - - 0 1");
    static const guint occurrences[] = { 1, 5, 9 };
    guint ply = G_MAXUINT;

    play (status, "h7h5 e6h6 g7h7 h6e6 h7g7 e6h6 g7h7 h6e6 h7g7");
    g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, &ply), ==, 1);
    g_assert_cmpuint (ply, ==, 9);
    assert_occurrences (status, 9, occurrences, 3);
  }
}

/* 9.2.2.2: losing a castling right makes later positions different. */
static void
test_castling_rights_identity (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen (ARB_START_FEN);
  static const guint occurrences[] = { 8, 12, 16 };

  play (status, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8");
  g_assert_cmpuint (arb_game_status_get_occurrences (status, 8, NULL, 0), ==, 1);
  play (status, "g1f3 g8f6 f3g1 f6g8");
  g_assert_cmpuint (arb_game_status_get_occurrences (status, 12, NULL, 0), ==, 2);
  play (status, "g1f3 g8f6 f3g1 f6g8");
  /* Plies 6 and 7 already had no king-side rights, so their positions reach
   * the third time at 14 and 15; the start position's board at 16. */
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, NULL), ==, 3);
  g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 14));
  g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 16));
  assert_occurrences (status, 16, occurrences, 3);
}

/* 5.2.2: a capture that leaves K+B v K ends the game at once. */
static void
test_dead_position (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen ("4k3/8/8/8/8/8/3r4/3KB3 w - - 0 40");
  guint ply = G_MAXUINT;

  assert_no_end (status);
  play (status, "d1d2");
  assert_end (status, ARB_GAME_EVENT_DEAD_POSITION, 1, 0);
  play (status, "e8e7 d2d3");
  assert_end (status, ARB_GAME_EVENT_DEAD_POSITION, 1, 2);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_DEAD_POSITION, &ply), ==, 1);
  g_assert_cmpuint (ply, ==, 1);

  {
    g_autoptr (ArbGameStatus) bare = status_from_fen ("4k3/8/8/8/8/8/8/4K3 w - - 0 1");

    assert_end (bare, ARB_GAME_EVENT_DEAD_POSITION, 0, 0);
  }
}

static void
test_illegal_move_refused (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen (ARB_START_FEN);

  g_assert_false (arb_game_status_push (
    status, ARB_MOVE_MAKE (ARB_SQUARE (4, 1), ARB_SQUARE (4, 4), ARB_MOVE_NORMAL)));
  g_assert_cmpuint (arb_game_status_get_ply (status), ==, 0);
  g_assert_cmpint (arb_game_status_claims_with_move (
                     status, ARB_MOVE_MAKE (ARB_SQUARE (4, 1), ARB_SQUARE (4, 4), ARB_MOVE_NORMAL)),
                   ==, ARB_DRAW_CLAIM_NONE);

  /* reset() starts a new game on the same buffers */
  play (status, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_THREEFOLD);
  {
    ArbPosition start;

    arb_position_set_start (&start);
    arb_game_status_reset (status, &start);
  }
  g_assert_cmpuint (arb_game_status_get_ply (status), ==, 0);
  g_assert_cmpuint (count_events (status, ARB_GAME_EVENT_THREEFOLD, NULL), ==, 0);
  g_assert_cmpint (arb_game_status_claims_now (status), ==, ARB_DRAW_CLAIM_NONE);
}

/* A move known to be legal (the PGN reader's) is followed as push()
 * follows it: the start position for the third time at ply 8 (plies 0, 4,
 * 8, counted by hand), then 5.f3 e5 6.g4 Qh4#, checkmate at ply 12. */
static void
test_push_legal (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen (ARB_START_FEN);
  g_auto (GStrv) list =
    g_strsplit ("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 f2f3 e7e5 g2g4 d8h4", " ", -1);
  static const guint occurrences[] = { 0, 4, 8 };

  for (guint i = 0; list[i] != NULL; i++)
    arb_game_status_push_legal (status, uci (status, list[i]));
  g_assert_cmpuint (arb_game_status_get_ply (status), ==, 12);
  g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 8));
  assert_occurrences (status, 8, occurrences, G_N_ELEMENTS (occurrences));
  assert_end (status, ARB_GAME_EVENT_CHECKMATE, 12, 0);
}

/* Kings and knights wandering at random, captures included, until a
 * few hundred distinct positions have shared the top bytes of their
 * keys: every ply's count of occurrences must be the number of earlier
 * plies with the same identity key, counted here one by one (without
 * pawns, a capture makes every later position new). */
static void
test_occurrences_brute_force (void)
{
  GRand *rand = g_rand_new_with_seed (20261204);
  guint repeated = 0;

  for (guint game = 0; game < 6; game++)
    {
      g_autoptr (ArbGameStatus) status = status_from_fen (
        game % 2 ? "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1" : "n3k2n/8/8/8/8/8/8/N3K2N b - - 37 30");
      guint64 keys[600];

      keys[0] = arb_position_identity_key (arb_game_status_get_position (status));
      for (guint ply = 1; ply < G_N_ELEMENTS (keys); ply++)
        {
          ArbMoveList list;
          guint expected = 1;

          arb_position_legal_moves (arb_game_status_get_position (status), &list);
          if (list.n_moves == 0)
            break;
          arb_game_status_push_legal (status, list.moves[g_rand_int_range (rand, 0, list.n_moves)]);
          keys[ply] = arb_position_identity_key (arb_game_status_get_position (status));
          for (guint j = 0; j < ply; j++)
            expected += keys[j] == keys[ply];
          g_assert_cmpuint (arb_game_status_get_occurrences (status, ply, NULL, 0), ==, expected);
          repeated += expected > 1;
        }
    }
  /* The walk must have come back to its positions for the test to say
   * anything. */
  g_assert_cmpuint (repeated, >, 100);
  g_rand_free (rand);
}

/* The same game, each position made by the caller and handed over: the
 * same events at the same plies (counted by hand above), and the
 * position the status stands in is the one handed over last. */
static void
test_push_reached (void)
{
  g_autoptr (ArbGameStatus) status = status_from_fen (ARB_START_FEN);
  g_auto (GStrv) list =
    g_strsplit ("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 f2f3 e7e5 g2g4 d8h4", " ", -1);
  static const guint occurrences[] = { 0, 4, 8 };
  ArbPosition pos = *arb_game_status_get_position (status);

  for (guint i = 0; list[i] != NULL; i++)
    {
      ArbMove move = uci (status, list[i]);
      ArbUndo undo;

      arb_position_make_move (&pos, move, &undo);
      arb_game_status_push_reached (status, move, &pos);
    }
  g_assert_cmpuint (arb_game_status_get_ply (status), ==, 12);
  g_assert_true (has_event_at (status, ARB_GAME_EVENT_THREEFOLD, 8));
  assert_occurrences (status, 8, occurrences, G_N_ELEMENTS (occurrences));
  assert_end (status, ARB_GAME_EVENT_CHECKMATE, 12, 0);
  g_assert_cmpuint (arb_game_status_get_position (status)->key, ==, pos.key);
}

/* Random games, each followed twice: move by move with the status looking
 * for a legal move at every ply, and as the analysis follows the reader,
 * each position handed over with the game's next move, which tells the
 * status that it is no mate or stalemate (the last move pushed alone).
 * The walks repeat positions, pass the 50- and 75-move counts and some
 * end in mate or stalemate; both must give the same events and end. */
static void
test_push_reached_with_next (void)
{
  static const char *const fens[] = {
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
    "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1",
    "7k/5K2/8/8/8/8/8/R7 b - - 90 80",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
  };
  GRand *rand = g_rand_new_with_seed (20261205);
  guint mates = 0, with_events = 0;

  for (guint game = 0; game < 120; game++)
    {
      g_autoptr (ArbGameStatus) each = status_from_fen (fens[game % G_N_ELEMENTS (fens)]);
      g_autoptr (ArbGameStatus) handed = status_from_fen (fens[game % G_N_ELEMENTS (fens)]);
      ArbPosition pos = *arb_game_status_get_position (each);
      ArbMove pending = ARB_MOVE_NONE;
      const ArbGameEvent *a, *b;
      guint n_a, n_b, ply_a = 0, ply_b = 0;
      ArbGameEventKind kind_a = ARB_GAME_EVENT_CHECKMATE, kind_b = ARB_GAME_EVENT_CHECKMATE;
      gboolean end_a, end_b;

      for (guint ply = 0; ply < 400; ply++)
        {
          ArbMoveList list;
          ArbMove move;
          ArbUndo undo;

          arb_position_legal_moves (&pos, &list);
          if (list.n_moves == 0)
            {
              mates++;
              break;
            }
          move = list.moves[g_rand_int_range (rand, 0, list.n_moves)];
          if (pending != ARB_MOVE_NONE)
            {
              guint before = arb_game_status_get_ply (handed);

              /* A position with the same side to move cannot follow by
               * one move: refused, nothing followed. */
              g_assert_false (arb_game_status_push_reached_with_next (
                handed, pending, arb_game_status_get_position (handed), move));
              g_assert_cmpuint (arb_game_status_get_ply (handed), ==, before);
              g_assert_true (arb_game_status_push_reached_with_next (handed, pending, &pos, move));
            }
          arb_game_status_push_legal (each, move);
          arb_position_make_move (&pos, move, &undo);
          pending = move;
        }
      if (pending != ARB_MOVE_NONE)
        arb_game_status_push_legal (handed, pending);

      g_assert_cmpuint (arb_game_status_get_ply (handed), ==, arb_game_status_get_ply (each));
      a = arb_game_status_get_events (each, &n_a);
      b = arb_game_status_get_events (handed, &n_b);
      g_assert_cmpuint (n_b, ==, n_a);
      for (guint i = 0; i < n_a; i++)
        {
          g_assert_cmpint (b[i].kind, ==, a[i].kind);
          g_assert_cmpuint (b[i].ply, ==, a[i].ply);
          g_assert_cmpint (b[i].is_void, ==, a[i].is_void);
        }
      with_events += n_a > 0;
      end_a = arb_game_status_get_end (each, &kind_a, &ply_a);
      end_b = arb_game_status_get_end (handed, &kind_b, &ply_b);
      g_assert_cmpint (end_b, ==, end_a);
      g_assert_cmpint (kind_b, ==, kind_a);
      g_assert_cmpuint (ply_b, ==, ply_a);
    }
  /* The comparison says something only if the walks met mates or
   * stalemates and events. */
  g_assert_cmpuint (mates, >, 5);
  g_assert_cmpuint (with_events, >, 60);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/game-status/threefold-claim-ahead", test_threefold_claim_ahead);
  g_test_add_func ("/chess/game-status/push-reached", test_push_reached);
  g_test_add_func ("/chess/game-status/push-reached-with-next", test_push_reached_with_next);
  g_test_add_func ("/chess/game-status/occurrences-brute-force", test_occurrences_brute_force);
  g_test_add_func ("/chess/game-status/fivefold", test_fivefold);
  g_test_add_func ("/chess/game-status/fivefold-2014-consecutive", test_fivefold_2014);
  g_test_add_func ("/chess/game-status/fifty-timman-lutz", test_fifty_timman_lutz);
  g_test_add_func ("/chess/game-status/fifty-after-end", test_fifty_after_end);
  g_test_add_func ("/chess/game-status/limits-precedence", test_limits_precedence);
  g_test_add_func ("/chess/game-status/seventy-five-void", test_seventy_five_void);
  g_test_add_func ("/chess/game-status/edition-before-2014", test_edition_before_2014);
  g_test_add_func ("/chess/game-status/fen-start-counts", test_fen_start_counts);
  g_test_add_func ("/chess/game-status/en-passant-identity", test_en_passant_identity);
  g_test_add_func ("/chess/game-status/castling-rights-identity", test_castling_rights_identity);
  g_test_add_func ("/chess/game-status/dead-position", test_dead_position);
  g_test_add_func ("/chess/game-status/illegal-move-refused", test_illegal_move_refused);
  g_test_add_func ("/chess/game-status/push-legal", test_push_legal);

  return g_test_run ();
}
