/* test-san.c: SAN writer and strict SAN reader
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-san.h"

/* Writer cases: FEN, move in UCI, expected SAN. The positions and the
 * expected SAN are the ones python-chess's test_san asserts (castling with
 * check, e.p. mate, disambiguation by file/rank/both, a pinned twin that
 * needs no qualifier, promotions), plus a hand-checked castling mate. */
typedef struct
{
  const char *fen;
  const char *uci;
  const char *san;
} WriteCase;

static const WriteCase write_cases[] = {
  /* O-O-O with the rook checking along the d-file. */
  { "rnbk1b1r/ppp2pp1/5n1p/4p1B1/2P5/2N5/PP2PPPP/R3KBNR w KQ - 0 7", "e1c1", "O-O-O+" },
  /* e.p. capture that opens the a1-h8 diagonal: mate. */
  { "6bk/7b/8/3pP3/8/8/8/Q3K3 w - d6 0 2", "e5d6", "exd6#" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "e1f1", "Kf1" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "c3c2", "Rcc2" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "b2c2", "Rbc2" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "a4b6", "N4b6" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "h8g6", "N8g6" },
  { "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1", "h4g6", "Nh4g6" },
  /* The d5 knight is pinned by the a5 rook: only f5 can go to e3. */
  { "8/8/8/R2nkn2/8/8/2K5/8 b - - 0 1", "f5e3", "Ne3+" },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f2f1q", "f1=Q" },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f2f1n", "f1=N+" },
  /* Castling that mates: the rook lands on f1 and the black king on f8 has
   * its own pieces around it. */
  { "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O#" },
  { ARB_START_FEN, "g1f3", "Nf3" },
  { ARB_START_FEN, "e2e4", "e4" },
  /* Two knights that both reach d2: the file tells them apart. */
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2" },
  /* Pawn capture with promotion and check. */
  { "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+" },
};

static void
test_write (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (write_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos, copy;
      char san[ARB_SAN_MAX];
      ArbMove move;

      g_assert_true (arb_position_set_fen (&pos, write_cases[i].fen, ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      move = arb_move_parse_uci (&pos, write_cases[i].uci, strlen (write_cases[i].uci));
      g_assert_cmpuint (move, !=, ARB_MOVE_NONE);
      copy = pos;
      g_assert_cmpuint (arb_san_write (&pos, move, san), ==, strlen (write_cases[i].san));
      g_assert_cmpstr (san, ==, write_cases[i].san);
      /* Writing leaves the position alone. */
      g_assert_true (memcmp (&pos, &copy, sizeof pos) == 0);

      /* And the strict reader gives the move back. */
      g_assert_cmpuint (arb_san_parse (&pos, san, strlen (san), &error), ==, move);
      g_assert_no_error (error);
    }
}

/* Reader cases: FEN, SAN text, expected UCI (or NULL) and error code. */
typedef struct
{
  const char *fen;
  const char *san;
  const char *uci;
  ArbSanError code;
} ParseCase;

static const ParseCase parse_cases[] = {
  { ARB_START_FEN, "e4", "e2e4", ARB_SAN_OK },
  { ARB_START_FEN, "Nf3", "g1f3", ARB_SAN_OK },
  { ARB_START_FEN, "Nf3+", "g1f3", ARB_SAN_OK },  /* check sign not verified */
  { ARB_START_FEN, "Ng1f3", "g1f3", ARB_SAN_OK }, /* redundant qualifier */
  { ARB_START_FEN, "e5", NULL, ARB_SAN_ERROR_ILLEGAL },
  { ARB_START_FEN, "Nd2", NULL, ARB_SAN_ERROR_ILLEGAL },
  { ARB_START_FEN, "Ke2", NULL, ARB_SAN_ERROR_ILLEGAL },
  { ARB_START_FEN, "O-O", NULL, ARB_SAN_ERROR_ILLEGAL },
  { ARB_START_FEN, "e2e4", NULL, ARB_SAN_ERROR_UCI },
  { ARB_START_FEN, "g1f3", NULL, ARB_SAN_ERROR_UCI },
  { ARB_START_FEN, "e2-e4", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "Pe4", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "nf3", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "NF3", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "Sf3", NULL, ARB_SAN_ERROR_SYNTAX }, /* German letter */
  { ARB_START_FEN, "", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "+", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "--", NULL, ARB_SAN_ERROR_NULL_MOVE },
  { ARB_START_FEN, "Z0", NULL, ARB_SAN_ERROR_NULL_MOVE },
  { ARB_START_FEN, "Nxf3", NULL, ARB_SAN_ERROR_CAPTURE_MARK },
  { ARB_START_FEN, "exd3", NULL, ARB_SAN_ERROR_ILLEGAL },
  /* Castling written with zeros (real files do), never mixed. */
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1", ARB_SAN_OK },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1", ARB_SAN_OK },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+", "e1c1", ARB_SAN_OK },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-O", NULL, ARB_SAN_ERROR_SYNTAX },
  { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8", ARB_SAN_OK },
  /* Castling through an attacked square is refused. */
  { "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", NULL, ARB_SAN_ERROR_ILLEGAL },
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", NULL, ARB_SAN_ERROR_AMBIGUOUS },
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2", "b1d2", ARB_SAN_OK },
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "N1d2", NULL, ARB_SAN_ERROR_AMBIGUOUS },
  /* The pinned d5 knight does not make Ne3 ambiguous, and cannot move. */
  { "8/8/8/R2nkn2/8/8/2K5/8 b - - 0 1", "Ne3", "f5e3", ARB_SAN_OK },
  { "8/8/8/R2nkn2/8/8/2K5/8 b - - 0 1", "Nde3", NULL, ARB_SAN_ERROR_ILLEGAL },
  /* e.p. */
  { "6bk/7b/8/3pP3/8/8/8/Q3K3 w - d6 0 2", "exd6#", "e5d6", ARB_SAN_OK },
  { "6bk/7b/8/3pP3/8/8/8/Q3K3 w - - 0 2", "exd6", NULL, ARB_SAN_ERROR_ILLEGAL },
  /* A piece move that says "x" with nothing to take, or takes without "x". */
  { "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "Kd2", NULL, ARB_SAN_ERROR_CAPTURE_MARK },
  /* Promotions must name the piece with '='. */
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f1=Q", "f2f1q", ARB_SAN_OK },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f1=N+", "f2f1n", ARB_SAN_OK },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f1", NULL, ARB_SAN_ERROR_PROMOTION },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f1Q", NULL, ARB_SAN_ERROR_PROMOTION },
  { "7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29", "f1=K", NULL, ARB_SAN_ERROR_SYNTAX },
  { ARB_START_FEN, "e4=Q", NULL, ARB_SAN_ERROR_PROMOTION },
  /* In check only evasions are legal: Nc3 does not parry Qh4+... */
  { "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3", "Nc3", NULL,
    ARB_SAN_ERROR_ILLEGAL },
  /* ...and here White is mated, so nothing is legal. */
  { "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "Kf2", NULL,
    ARB_SAN_ERROR_ILLEGAL },
  /* Double check: only the king moves. */
  { "1k6/8/8/8/4r3/5n2/8/R3K3 w Q - 0 1", "Ra2", NULL, ARB_SAN_ERROR_ILLEGAL },
  { "1k6/8/8/8/4r3/5n2/8/R3K3 w Q - 0 1", "O-O-O", NULL, ARB_SAN_ERROR_ILLEGAL },
  { "1k6/8/8/8/4r3/5n2/8/R3K3 w Q - 0 1", "Kd2", NULL, ARB_SAN_ERROR_ILLEGAL },
  { "1k6/8/8/8/4r3/5n2/8/R3K3 w Q - 0 1", "Kf2", "e1f2", ARB_SAN_OK },
  /* The king may not take a protected piece. */
  { "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "Kxd2", "e1d2", ARB_SAN_OK },
  { "4k3/8/8/8/8/3r4/3q4/4K3 w - - 0 1", "Kxd2", NULL, ARB_SAN_ERROR_ILLEGAL },
  /* A slider with a man between it and the square does not play the
   * move, so the other one plays it without a letter or rank. */
  { "4k3/8/8/8/8/8/4K3/R1N4R w - - 0 1", "Rd1", "h1d1", ARB_SAN_OK },
  { "4k3/8/8/8/8/8/3P4/2B1K1B1 w - - 0 1", "Be3", "g1e3", ARB_SAN_OK },
  { "4k3/8/8/8/3Q4/2P5/8/Q3K3 w - - 0 1", "Qb2", "a1b2", ARB_SAN_OK },
  { "4k3/8/8/8/8/8/8/Q1N1K2Q w - - 0 1", "Qd1", NULL, ARB_SAN_ERROR_ILLEGAL },
};

static void
test_parse (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      const ParseCase *c = &parse_cases[i];
      g_autoptr (GError) error = NULL;
      ArbPosition pos;
      ArbMove move;

      g_test_message ("%s: %s", c->fen, c->san);
      g_assert_true (arb_position_set_fen (&pos, c->fen, ARB_FEN_FLAGS_NONE, NULL));
      move = arb_san_parse (&pos, c->san, strlen (c->san), &error);
      if (c->uci != NULL)
        {
          char uci[6];

          g_assert_no_error (error);
          arb_move_write_uci (&pos, move, uci);
          g_assert_cmpstr (uci, ==, c->uci);
        }
      else
        {
          g_assert_error (error, ARB_SAN_ERROR, (gint) c->code);
          g_assert_cmpuint (move, ==, ARB_MOVE_NONE);
          /* The message quotes the token. */
          if (c->san[0] != '\0')
            g_assert_nonnull (strstr (error->message, c->san));
        }
    }
}

static void
test_error_messages (void)
{
  g_autoptr (GError) error = NULL;
  ArbPosition pos;

  g_assert_true (
    arb_position_set_fen (&pos, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", ARB_FEN_FLAGS_NONE, NULL));
  arb_san_parse (&pos, "Nd2", 3, &error);
  g_assert_error (error, ARB_SAN_ERROR, ARB_SAN_ERROR_AMBIGUOUS);
  g_assert_nonnull (strstr (error->message, "b1"));
  g_assert_nonnull (strstr (error->message, "f1"));
  g_clear_error (&error);

  arb_position_set_start (&pos);
  arb_san_parse (&pos, "Z0", 2, &error);
  g_assert_error (error, ARB_SAN_ERROR, ARB_SAN_ERROR_NULL_MOVE);
  g_assert_nonnull (strstr (error->message, "null move"));
  g_clear_error (&error);

  arb_san_parse (&pos, "e2e4", 4, &error);
  g_assert_nonnull (strstr (error->message, "UCI"));
  g_clear_error (&error);

  /* A token with bytes that are not printable is quoted safely. */
  arb_san_parse (&pos, "N\xff\x01", 3, &error);
  g_assert_error (error, ARB_SAN_ERROR, ARB_SAN_ERROR_SYNTAX);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

/* Every legal move, written and read back, is the same move; SANs within a
 * position are distinct. The legal move list comes from the position, so
 * this checks writer and reader against move generation on a walk of the
 * move tree. */
/* Returns the number of leaves. */
static guint64
walk (ArbPosition *pos, guint depth)
{
  ArbMoveList list;
  char seen[ARB_MAX_MOVES][ARB_SAN_MAX];
  guint64 n = 0;

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove move = list.moves[i], back = ARB_MOVE_NONE;
      ArbUndo undo;

      arb_san_write (pos, move, seen[i]);
      g_assert_cmpint (arb_san_resolve (pos, seen[i], strlen (seen[i]), &back), ==, ARB_SAN_OK);
      g_assert_cmpuint (back, ==, move);
      for (guint k = 0; k < i; k++)
        g_assert_cmpstr (seen[k], !=, seen[i]);
      if (depth == 1)
        n++;
      else
        {
          arb_position_make_move (pos, move, &undo);
          n += walk (pos, depth - 1);
          arb_position_unmake_move (pos, move, &undo);
        }
    }
  return n;
}

static void
test_round_trip_tree (void)
{
  static const struct
  {
    const char *fen;
    ArbFenFlags flags;
    guint depth;
  } cases[] = {
    { ARB_START_FEN, ARB_FEN_FLAGS_NONE, 3 },
    /* Kiwipete: castling, e.p., promotions, pins. */
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE,
      2 },
    { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ARB_FEN_FLAGS_NONE, 4 },
    { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", ARB_FEN_FLAGS_NONE, 2 },
    /* Many queens: heavy disambiguation. */
    { "Q1Q5/8/Q1Q5/8/8/8/8/4K1k1 w - - 0 1", ARB_FEN_FLAGS_NONE, 2 },
    /* Chess960 with both castlings available and the kings on c1/c8. */
    { "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1", ARB_FEN_CHESS960, 3 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos;

      g_assert_true (arb_position_set_fen (&pos, cases[i].fen, cases[i].flags, &error));
      g_assert_no_error (error);
      /* The walk reaches every leaf: perft counts. */
      g_assert_cmpuint (walk (&pos, cases[i].depth), ==, arb_position_perft (&pos, cases[i].depth));
    }
}

/* The reader takes the common shapes ("e4", "Nf3", "exd5", "Nxe5", with
 * or without "+" or "#") by a short path; every such token, on every
 * square and with letters that are and are not pieces, must give what the
 * shape read in full and then resolved gives: the same error or the same
 * move. The positions have pins, checks, e.p., promotions and twins. */
static void
test_common_shapes (void)
{
  static const char *const fens[] = {
    ARB_START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "Q1Q5/8/Q1Q5/8/8/8/8/4K1k1 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
  };
  static const char firsts[] = "abcdefghNBRQKPOx";
  static const char *const suffixes[] = { "", "+", "#" };
  guint ok = 0, errors = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      g_autoptr (GError) error = NULL;
      ArbPosition pos;

      g_assert_true (arb_position_set_fen (&pos, fens[f], ARB_FEN_FLAGS_NONE, &error));
      g_assert_no_error (error);
      for (ArbSquare to = 0; to < 64; to++)
        for (gsize a = 0; a <= strlen (firsts); a++)
          for (guint form = 0; form < 2; form++)
            for (gsize x = 0; x < G_N_ELEMENTS (suffixes); x++)
              {
                char tok[8], sq[3];
                ArbSanShape shape;
                ArbSanError want, got;
                ArbMove want_move = ARB_MOVE_NONE, got_move = ARB_MOVE_NONE;

                /* a == strlen (firsts): the square alone ("e4"). */
                if (a == strlen (firsts) && form == 1)
                  continue;
                arb_square_write (to, sq);
                if (a == strlen (firsts))
                  g_snprintf (tok, sizeof tok, "%s%s", sq, suffixes[x]);
                else
                  g_snprintf (tok, sizeof tok, "%c%s%s%s", firsts[a], form ? "x" : "", sq,
                              suffixes[x]);
                want = arb_san_parse_shape (tok, strlen (tok), &shape);
                if (want == ARB_SAN_OK)
                  want = arb_san_resolve_shape (&pos, &shape, &want_move);
                got = arb_san_resolve (&pos, tok, strlen (tok), &got_move);
                g_assert_cmpint (got, ==, want);
                g_assert_cmpuint (got_move, ==, want_move);
                ok += got == ARB_SAN_OK;
                errors += got != ARB_SAN_OK;
              }
    }
  /* Both outcomes must be common for the comparison to say anything. */
  g_assert_cmpuint (ok, >, 500);
  g_assert_cmpuint (errors, >, 10000);
}

/* Castling's conditions one at a time (FIDE Laws 3.8.2, 2023), each
 * worked out by hand on the board the FEN draws: what must be empty is the
 * squares the king and the rook cross or land on; what must not be attacked
 * is the king's square, the squares it crosses and the one it lands on. */
static void
test_parse_castling (void)
{
  static const struct
  {
    const char *fen;
    ArbFenFlags flags;
    const char *san;
    const char *uci; /* NULL: refused as illegal */
  } cases[] = {
    /* The knight on b1 stands on the rook's way to d1. */
    { "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O-O", NULL },
    /* The rook on b2 attacks b1, which only the rook crosses: allowed. */
    { "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O-O", "e1c1" },
    /* The bishop on b4 checks the king on e1 along b4-c3-d2-e1. */
    { "r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O", NULL },
    { "r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O-O", NULL },
    /* The knight on h3 attacks g1, where the king would land, not c1 or d1. */
    { "r3k2r/8/8/8/8/7n/8/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O", NULL },
    { "r3k2r/8/8/8/8/7n/8/R3K2R w KQkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O-O", "e1c1" },
    /* No king-side right left for White. */
    { "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", ARB_FEN_FLAGS_NONE, "O-O", NULL },
    /* Chess960, king c1 and rook b1: O-O-O leaves the king on c1 and puts
     * the rook on d1. With a queen on a1 the rook was all that stood
     * between her and the king. */
    { "4k3/8/8/8/8/8/8/1RK5 w B - 0 1", ARB_FEN_CHESS960, "O-O-O", "c1b1" },
    { "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", ARB_FEN_CHESS960, "O-O-O", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbPosition pos;
      ArbMove move = ARB_MOVE_NONE;
      ArbSanError err;

      g_test_message ("%s: %s", cases[i].fen, cases[i].san);
      g_assert_true (arb_position_set_fen (&pos, cases[i].fen, cases[i].flags, NULL));
      err = arb_san_resolve (&pos, cases[i].san, strlen (cases[i].san), &move);
      if (cases[i].uci != NULL)
        {
          char uci[6];

          g_assert_cmpint (err, ==, ARB_SAN_OK);
          arb_move_write_uci (&pos, move, uci);
          g_assert_cmpstr (uci, ==, cases[i].uci);
        }
      else
        {
          g_assert_cmpint (err, ==, ARB_SAN_ERROR_ILLEGAL);
          g_assert_cmpuint (move, ==, ARB_MOVE_NONE);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/chess/san/write", test_write);
  g_test_add_func ("/chess/san/parse", test_parse);
  g_test_add_func ("/chess/san/parse-castling", test_parse_castling);
  g_test_add_func ("/chess/san/error-messages", test_error_messages);
  g_test_add_func ("/chess/san/round-trip-tree", test_round_trip_tree);
  g_test_add_func ("/chess/san/common-shapes", test_common_shapes);

  return g_test_run ();
}
