/* arb-san.c: Standard Algebraic Notation, strict reader and writer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-san.h"
#include "arb-position-private.h"
#include "arb-i18n.h"

/* clang-format off */
G_DEFINE_QUARK (arb-san-error-quark, arb_san_error)
/* clang-format on */

static const char piece_letters[] = " PNBRQK";

/* Reading a move (arb_san_resolve()) runs once for every move of every
 * game validated or imported: its steps are inlined into it, so that the
 * shape of the move stays in registers and no call is paid per step. */
#define ALWAYS_INLINE static inline __attribute__ ((always_inline))

static ArbPieceType
piece_from_letter (char c)
{
  switch (c)
    {
    case 'N':
      return ARB_KNIGHT;
    case 'B':
      return ARB_BISHOP;
    case 'R':
      return ARB_ROOK;
    case 'Q':
      return ARB_QUEEN;
    case 'K':
      return ARB_KING;
    default:
      return ARB_NO_PIECE_TYPE;
    }
}

static inline gboolean
is_file (char c)
{
  return c >= 'a' && c <= 'h';
}

static inline gboolean
is_rank (char c)
{
  return c >= '1' && c <= '8';
}

/* Castling written with letter O or with zeros, never mixed. */
ALWAYS_INLINE int
parse_castling (const char *t, gsize n)
{
  char z;

  if (n != 3 && n != 5)
    return 0;
  z = t[0];
  if (z != 'O' && z != '0')
    return 0;
  if (t[1] != '-' || t[2] != z)
    return 0;
  if (n == 3)
    return 1;
  if (t[3] != '-' || t[4] != z)
    return 0;
  return 2;
}

/* arb_san_parse_shape() and arb_san_resolve() without the argument checks:
 * these run once for every move read. */
ALWAYS_INLINE ArbSanError
parse_shape (const char *text, gsize len, ArbSanShape *shape)
{
  const char *t = text;
  gsize n = len;
  ArbPieceType pt;

  shape->piece = ARB_NO_PIECE_TYPE;
  shape->from_file = -1;
  shape->from_rank = -1;
  shape->to = ARB_NO_SQUARE;
  shape->promotion = ARB_NO_PIECE_TYPE;
  shape->capture = FALSE;
  shape->castling = 0;
  shape->check = 0;

  if (n == 0)
    return ARB_SAN_ERROR_SYNTAX;

  if ((n == 2 && t[0] == '-' && t[1] == '-') || (n == 2 && t[0] == 'Z' && t[1] == '0'))
    return ARB_SAN_ERROR_NULL_MOVE;

  if (t[n - 1] == '+' || t[n - 1] == '#')
    {
      shape->check = t[n - 1] == '+' ? 1 : 2;
      n--;
      if (n == 0)
        return ARB_SAN_ERROR_SYNTAX;
    }

  shape->castling = parse_castling (t, n);
  if (shape->castling)
    return ARB_SAN_OK;

  pt = piece_from_letter (t[0]);
  if (pt != ARB_NO_PIECE_TYPE)
    {
      /* Piece move: letter, up to two disambiguation characters, an optional
       * "x", then the target square. */
      gsize i = 1;

      shape->piece = pt;
      if (n < 3)
        return ARB_SAN_ERROR_SYNTAX;
      if (!is_file (t[n - 2]) || !is_rank (t[n - 1]))
        return ARB_SAN_ERROR_SYNTAX;
      shape->to = ARB_SQUARE (t[n - 2] - 'a', t[n - 1] - '1');
      n -= 2;
      if (n > 1 && t[n - 1] == 'x')
        {
          shape->capture = TRUE;
          n--;
        }
      if (i < n && is_file (t[i]))
        shape->from_file = t[i++] - 'a';
      if (i < n && is_rank (t[i]))
        shape->from_rank = t[i++] - '1';
      if (i != n)
        return ARB_SAN_ERROR_SYNTAX;
      return ARB_SAN_OK;
    }

  if (!is_file (t[0]))
    return ARB_SAN_ERROR_SYNTAX;

  /* Long algebraic / UCI: "e2e4", "e7e8q". Said apart from plain syntax
   * errors because engine PGNs write it and the message should say so. */
  if ((n == 4 || n == 5) && is_rank (t[1]) && is_file (t[2]) && is_rank (t[3]) &&
      (n == 4 || strchr ("qrbnQRBN", t[4]) != NULL))
    return ARB_SAN_ERROR_UCI;

  shape->piece = ARB_PAWN;
  if (n >= 4 && t[n - 2] == '=')
    {
      shape->promotion = piece_from_letter (t[n - 1]);
      if (shape->promotion == ARB_NO_PIECE_TYPE || shape->promotion == ARB_KING)
        return ARB_SAN_ERROR_SYNTAX;
      n -= 2;
    }

  if (n == 2)
    {
      if (!is_rank (t[1]))
        return ARB_SAN_ERROR_SYNTAX;
      shape->to = ARB_SQUARE (t[0] - 'a', t[1] - '1');
      return ARB_SAN_OK;
    }
  if (n == 4 && t[1] == 'x' && is_file (t[2]) && is_rank (t[3]))
    {
      shape->capture = TRUE;
      shape->from_file = t[0] - 'a';
      shape->to = ARB_SQUARE (t[2] - 'a', t[3] - '1');
      return ARB_SAN_OK;
    }
  if (n == 3 && is_rank (t[1]) && (t[2] == 'Q' || t[2] == 'R' || t[2] == 'B' || t[2] == 'N'))
    return ARB_SAN_ERROR_PROMOTION; /* "e8Q" */
  return ARB_SAN_ERROR_SYNTAX;
}

ArbSanError
arb_san_parse_shape (const char *text, gsize len, ArbSanShape *shape)
{
  g_return_val_if_fail (text != NULL || len == 0, ARB_SAN_ERROR_SYNTAX);
  g_return_val_if_fail (shape != NULL, ARB_SAN_ERROR_SYNTAX);

  return parse_shape (text, len, shape);
}

/* Whether the side to move may castle with the rook on @rook, as the
 * position's move generator decides it: under FIDE Laws 3.8.2 (2023
 * numbering; 3.8 b in 2001/2009) and the Chess960 rules, the rook still has
 * its right, the king is not in check, every square the king and the rook
 * pass or land on is empty but for the two of them, and none the king
 * passes or lands on is attacked. The attacks are looked at with king and
 * rook lifted, so that a checker hidden behind the rook (queen a1, rook
 * b1, king c1) is seen. Asked of a few squares rather than of every legal
 * move, as castling is read at most twice a game. */
static gboolean
castling_is_legal (const ArbPosition *pos, ArbSquare king, ArbSquare rook)
{
  ArbColor us = pos->side_to_move;
  ArbBitboard theirs = pos->by_color[us ^ 1];
  int rank = us == ARB_WHITE ? 0 : 7;
  gboolean king_side = rook > king;
  ArbSquare kto = ARB_SQUARE (king_side ? 6 : 2, rank);
  ArbSquare rto = ARB_SQUARE (king_side ? 5 : 3, rank);
  ArbBitboard occupied = arb_position_occupied (pos);
  ArbBitboard king_path = arb_between (king, kto) | ARB_BB (kto);
  ArbBitboard path = king_path | arb_between (rook, rto) | ARB_BB (rto);

  if (!(pos->castling_rooks & arb_position_pieces (pos, us, ARB_ROOK) & ARB_BB (rook)))
    return FALSE;
  if (arb_position_attackers_to (pos, king, occupied) & theirs)
    return FALSE;
  occupied ^= ARB_BB (king) | ARB_BB (rook);
  if (path & occupied)
    return FALSE;
  while (king_path)
    if (arb_position_attackers_to (pos, arb_bb_pop (&king_path), occupied) & theirs)
      return FALSE;
  return TRUE;
}

/* E.p. is rare, so it is matched against the full legal move list; that
 * keeps its conditions (two pawns leave one rank) in one place, the
 * position. */
static gboolean
find_in_legal_moves (const ArbPosition *pos, ArbMove wanted)
{
  ArbMoveList list;

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    if (list.moves[i] == wanted)
      return TRUE;
  return FALSE;
}

/* Whether a pseudo-legal normal move (not castling, not e.p.) leaves the
 * own king safe. The position's arb_position_is_legal() generates every
 * legal move; SAN resolution checks only a candidate or two, so it looks
 * at the attacks on the king after the move directly: this covers pins and
 * check evasions alike. */
ALWAYS_INLINE gboolean
leaves_king_safe (const ArbPosition *pos, ArbSquare from, ArbSquare to)
{
  ArbColor us = pos->side_to_move;
  ArbColor them = (ArbColor) (us ^ 1);
  ArbBitboard occ = arb_position_occupied (pos);
  ArbBitboard keep = ~ARB_BB (to); /* a captured piece attacks nothing */
  ArbBitboard queens = arb_position_pieces (pos, them, ARB_QUEEN);
  ArbBitboard diag, straight;
  ArbSquare ksq;

  if (ARB_PIECE_TYPE (pos->board[from]) == ARB_KING)
    ksq = to;
  else
    ksq = arb_position_king_square (pos, us);
  occ = (occ & ~ARB_BB (from)) | ARB_BB (to);

  if (arb_knight_attacks (ksq) & arb_position_pieces (pos, them, ARB_KNIGHT) & keep)
    return FALSE;
  if (arb_pawn_attacks (us, ksq) & arb_position_pieces (pos, them, ARB_PAWN) & keep)
    return FALSE;
  if (arb_king_attacks (ksq) & arb_position_pieces (pos, them, ARB_KING))
    return FALSE;
  /* A slider that is not on one of the king's lines of an empty board
   * cannot attack it whatever stands between, so the lookup with the
   * occupancy is needed only when one is. */
  diag = (arb_position_pieces (pos, them, ARB_BISHOP) | queens) & keep;
  if ((arb_bishop_attacks (ksq, 0) & diag) && (arb_bishop_attacks (ksq, occ) & diag))
    return FALSE;
  straight = (arb_position_pieces (pos, them, ARB_ROOK) | queens) & keep;
  if ((arb_rook_attacks (ksq, 0) & straight) && (arb_rook_attacks (ksq, occ) & straight))
    return FALSE;
  return TRUE;
}

/* A slider of ours reaches @to when it stands on one of its lines through
 * @to with nothing between: one or two look-ups in the table of squares
 * between, which stays in the cache, where the table of slider attacks
 * by occupancy is large and its look-up waited for the memory (perf put
 * a third of SAN's time there). */
ALWAYS_INLINE ArbBitboard
attackers_of_type (const ArbPosition *pos, ArbColor us, ArbPieceType pt, ArbSquare to)
{
  ArbBitboard ours = arb_position_pieces (pos, us, pt);
  ArbBitboard occupied = arb_position_occupied (pos);
  ArbBitboard attackers = 0;

  if (pt == ARB_ROOK)
    ours &= _arb_straight_lines (to);
  else if (pt == ARB_BISHOP)
    ours &= _arb_diagonal_lines (to);
  else if (pt == ARB_QUEEN)
    ours &= _arb_straight_lines (to) | _arb_diagonal_lines (to);
  else
    return arb_piece_attacks (pt, to, occupied) & ours;
  while (ours)
    {
      ArbSquare from = arb_bb_pop (&ours);

      if ((arb_between (from, to) & occupied) == 0)
        attackers |= ARB_BB (from);
    }
  return attackers;
}

ALWAYS_INLINE ArbSanError
resolve_pawn (const ArbPosition *pos, const ArbSanShape *s, ArbMove *out)
{
  ArbColor us = pos->side_to_move;
  int forward = us == ARB_WHITE ? 1 : -1;
  int to_file = ARB_SQUARE_FILE (s->to);
  int to_rank = ARB_SQUARE_RANK (s->to);
  int last_rank = us == ARB_WHITE ? 7 : 0;
  ArbPiece our_pawn = ARB_MAKE_PIECE (us, ARB_PAWN);
  ArbPiece target = pos->board[s->to];
  ArbMoveKind kind = ARB_MOVE_NORMAL;
  ArbSquare from;
  int from_rank = to_rank - forward;
  ArbMove m;

  if (from_rank < 0 || from_rank > 7)
    return ARB_SAN_ERROR_ILLEGAL;

  if (!s->capture)
    {
      if (target != ARB_NO_PIECE)
        return ARB_SAN_ERROR_ILLEGAL;
      from = ARB_SQUARE (to_file, from_rank);
      if (pos->board[from] != our_pawn)
        {
          int start_rank = us == ARB_WHITE ? 1 : 6;
          int two_back = from_rank - forward;

          if (pos->board[from] != ARB_NO_PIECE || two_back != start_rank)
            return ARB_SAN_ERROR_ILLEGAL;
          from = ARB_SQUARE (to_file, two_back);
          if (pos->board[from] != our_pawn)
            return ARB_SAN_ERROR_ILLEGAL;
        }
    }
  else
    {
      if (s->from_file - to_file != 1 && to_file - s->from_file != 1)
        return ARB_SAN_ERROR_ILLEGAL;
      from = ARB_SQUARE (s->from_file, from_rank);
      if (pos->board[from] != our_pawn)
        return ARB_SAN_ERROR_ILLEGAL;
      if (target == ARB_NO_PIECE)
        {
          /* A pawn moves diagonally only to capture. */
          if (s->to != pos->ep_square)
            return ARB_SAN_ERROR_ILLEGAL;
          kind = ARB_MOVE_EN_PASSANT;
        }
      else if (ARB_PIECE_COLOR (target) == us)
        return ARB_SAN_ERROR_ILLEGAL;
    }

  if (to_rank == last_rank)
    {
      if (s->promotion == ARB_NO_PIECE_TYPE)
        return ARB_SAN_ERROR_PROMOTION;
      kind = (ArbMoveKind) (ARB_MOVE_PROMOTE_KNIGHT + (s->promotion - ARB_KNIGHT));
    }
  else if (s->promotion != ARB_NO_PIECE_TYPE)
    return ARB_SAN_ERROR_PROMOTION;

  m = ARB_MOVE_MAKE (from, s->to, kind);
  if (kind == ARB_MOVE_EN_PASSANT)
    {
      if (!find_in_legal_moves (pos, m))
        return ARB_SAN_ERROR_ILLEGAL;
    }
  else if (!leaves_king_safe (pos, from, s->to))
    return ARB_SAN_ERROR_ILLEGAL;
  *out = m;
  return ARB_SAN_OK;
}

/* A piece's move (not a pawn's, not castling) to a square on the board. */
ALWAYS_INLINE ArbSanError
resolve_piece (const ArbPosition *pos, const ArbSanShape *s, ArbMove *out)
{
  ArbColor us = pos->side_to_move;
  ArbBitboard cands;
  ArbMove found = ARB_MOVE_NONE;
  ArbPiece target;
  int n_legal = 0;

  target = pos->board[s->to];
  if (target != ARB_NO_PIECE && ARB_PIECE_COLOR (target) == us)
    return ARB_SAN_ERROR_ILLEGAL;

  cands = attackers_of_type (pos, us, s->piece, s->to);
  if (s->from_file >= 0)
    cands &= ARB_FILE_BB (s->from_file);
  if (s->from_rank >= 0)
    cands &= ARB_RANK_BB (s->from_rank);

  while (cands)
    {
      ArbSquare from = arb_bb_pop (&cands);
      ArbMove m = ARB_MOVE_MAKE (from, s->to, ARB_MOVE_NORMAL);

      if (leaves_king_safe (pos, from, s->to))
        {
          found = m;
          n_legal++;
        }
    }

  if (n_legal == 0)
    return ARB_SAN_ERROR_ILLEGAL;
  if (n_legal > 1)
    return ARB_SAN_ERROR_AMBIGUOUS;
  if (s->capture != (target != ARB_NO_PIECE))
    return ARB_SAN_ERROR_CAPTURE_MARK;
  *out = found;
  return ARB_SAN_OK;
}

ALWAYS_INLINE ArbSanError
resolve_shape (const ArbPosition *pos, const ArbSanShape *s, ArbMove *out)
{
  ArbColor us;

  us = pos->side_to_move;
  *out = ARB_MOVE_NONE;

  if (s->castling)
    {
      ArbSquare rook = arb_position_castling_rook (pos, us, s->castling == 1);
      ArbSquare king;
      ArbMove m;

      if (rook == ARB_NO_SQUARE)
        return ARB_SAN_ERROR_ILLEGAL;
      king = arb_position_king_square (pos, us);
      m = ARB_MOVE_MAKE (king, rook, ARB_MOVE_CASTLING);
      if (!castling_is_legal (pos, king, rook))
        return ARB_SAN_ERROR_ILLEGAL;
      *out = m;
      return ARB_SAN_OK;
    }

  if (s->to < 0 || s->to > 63)
    return ARB_SAN_ERROR_SYNTAX;

  if (s->piece == ARB_PAWN)
    return resolve_pawn (pos, s, out);
  return resolve_piece (pos, s, out);
}

/* Not an ArbSanError: resolve_common() leaves the move to the full
 * reader. */
#define ARB_SAN_NOT_COMMON ((ArbSanError) -1)

/* The shapes nearly every move of a game has ("e4", "Nf3", "exd5",
 * "Nxe5", each with or without "+" or "#"), told apart from the token
 * in a few comparisons and resolved by the same steps as the full reader,
 * with a shape whose unwritten parts are constants. Any other token is
 * ARB_SAN_NOT_COMMON, for parse_shape(). */
ALWAYS_INLINE ArbSanError
resolve_common (const ArbPosition *pos, const char *t, gsize n, ArbMove *out)
{
  ArbSanShape shape = { ARB_PAWN, -1, -1, ARB_NO_SQUARE, ARB_NO_PIECE_TYPE, FALSE, 0, 0 };

  if (n > 0 && (t[n - 1] == '+' || t[n - 1] == '#'))
    n--;
  if (n == 2 && is_file (t[0]) && is_rank (t[1]))
    {
      shape.to = ARB_SQUARE (t[0] - 'a', t[1] - '1');
      return resolve_pawn (pos, &shape, out);
    }
  if (n == 3 && is_file (t[1]) && is_rank (t[2]))
    {
      shape.piece = piece_from_letter (t[0]);
      if (shape.piece == ARB_NO_PIECE_TYPE)
        return ARB_SAN_NOT_COMMON;
      shape.to = ARB_SQUARE (t[1] - 'a', t[2] - '1');
      return resolve_piece (pos, &shape, out);
    }
  if (n == 4 && t[1] == 'x' && is_file (t[2]) && is_rank (t[3]))
    {
      shape.to = ARB_SQUARE (t[2] - 'a', t[3] - '1');
      shape.capture = TRUE;
      if (is_file (t[0]))
        {
          shape.from_file = t[0] - 'a';
          return resolve_pawn (pos, &shape, out);
        }
      shape.piece = piece_from_letter (t[0]);
      if (shape.piece == ARB_NO_PIECE_TYPE)
        return ARB_SAN_NOT_COMMON;
      return resolve_piece (pos, &shape, out);
    }
  return ARB_SAN_NOT_COMMON;
}

ArbSanError
arb_san_resolve_shape (const ArbPosition *pos, const ArbSanShape *s, ArbMove *out)
{
  g_return_val_if_fail (pos != NULL, ARB_SAN_ERROR_ILLEGAL);
  g_return_val_if_fail (s != NULL, ARB_SAN_ERROR_ILLEGAL);
  g_return_val_if_fail (out != NULL, ARB_SAN_ERROR_ILLEGAL);

  return resolve_shape (pos, s, out);
}

ArbSanError
arb_san_resolve (const ArbPosition *pos, const char *text, gsize len, ArbMove *move)
{
  ArbSanShape shape;
  ArbSanError err;

  g_return_val_if_fail (move != NULL, ARB_SAN_ERROR_SYNTAX);
  g_return_val_if_fail (text != NULL || len == 0, ARB_SAN_ERROR_SYNTAX);

  *move = ARB_MOVE_NONE;
  if (G_LIKELY (pos != NULL))
    {
      err = resolve_common (pos, text, len, move);
      if (err != ARB_SAN_NOT_COMMON)
        return err;
    }
  err = parse_shape (text, len, &shape);
  if (err != ARB_SAN_OK)
    return err;
  g_return_val_if_fail (pos != NULL, ARB_SAN_ERROR_ILLEGAL);
  return resolve_shape (pos, &shape, move);
}

/* The token as it may appear inside a message: printable ASCII only, at
 * most 40 characters. */
static char *
quote_token (const char *text, gsize len)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < len && i < 40; i++)
    {
      unsigned char c = (unsigned char) text[i];
      g_string_append_c (s, (c >= 0x20 && c < 0x7f) ? (char) c : '?');
    }
  if (len > 40)
    g_string_append (s, "...");
  return g_string_free (s, FALSE);
}

char *
arb_san_error_message (ArbSanError code, const ArbPosition *pos, const char *text, gsize len)
{
  g_autofree char *tok = quote_token (text, len);
  const char *side = pos != NULL && pos->side_to_move == ARB_BLACK ? _ ("Black") : _ ("White");
  ArbSanShape shape;

  switch (code)
    {
    case ARB_SAN_OK:
      return g_strdup_printf (_ ("'%s' is a legal move"), tok);
    case ARB_SAN_ERROR_SYNTAX:
      if (len == 0)
        return g_strdup (_ ("empty move"));
      return g_strdup_printf (_ ("'%s' is not a move in standard algebraic notation"), tok);
    case ARB_SAN_ERROR_ILLEGAL:
      /* Translators: '%s' is the move as written; the second %s is "White" or "Black" */
      return g_strdup_printf (_ ("'%s' is not a legal move for %s in this position"), tok, side);
    case ARB_SAN_ERROR_AMBIGUOUS:
      if (pos != NULL && arb_san_parse_shape (text, len, &shape) == ARB_SAN_OK && shape.to >= 0)
        {
          GString *msg = g_string_new (NULL);
          ArbBitboard cands = attackers_of_type (pos, pos->side_to_move, shape.piece, shape.to);
          gboolean first = TRUE;

          if (shape.from_file >= 0)
            cands &= ARB_FILE_BB (shape.from_file);
          if (shape.from_rank >= 0)
            cands &= ARB_RANK_BB (shape.from_rank);
          GString *from_squares = g_string_new (NULL);

          while (cands)
            {
              ArbSquare from = arb_bb_pop (&cands);
              char sq[3];

              if (!leaves_king_safe (pos, from, shape.to))
                continue;
              arb_square_write (from, sq);
              /* Translators: joins the squares a piece could come from, as "c3 and e2" */
              g_string_append_printf (from_squares, "%s%s", first ? "" : _ (" and "), sq);
              first = FALSE;
            }
          /* Translators: '%s' is the move as written, the second %s "White" or "Black",
           * the third the squares the pieces that could play it stand on ("c3 and e2") */
          g_string_printf (msg, _ ("'%s' is ambiguous: more than one %s can play it (from %s)"),
                           tok, side, from_squares->str);
          g_string_free (from_squares, TRUE);
          return g_string_free (msg, FALSE);
        }
      return g_strdup_printf (_ ("'%s' is ambiguous: more than one piece can play it"), tok);
    case ARB_SAN_ERROR_NULL_MOVE:
      return g_strdup_printf (_ ("'%s' is a null move; null moves are not allowed in a game score"),
                              tok);
    case ARB_SAN_ERROR_CAPTURE_MARK:
      return g_strdup_printf (_ ("'%s' does not match the board: a capture must be written with "
                                 "'x', and only a capture"),
                              tok);
    case ARB_SAN_ERROR_PROMOTION:
      return g_strdup_printf (_ ("'%s': a pawn reaching the last rank must name its new piece "
                                 "as in e8=Q, and only then"),
                              tok);
    case ARB_SAN_ERROR_UCI:
      return g_strdup_printf (_ ("'%s' is long algebraic (UCI) notation, not SAN"), tok);
    default:
      return g_strdup_printf (_ ("'%s' cannot be read as a move"), tok);
    }
}

ArbMove
arb_san_parse (const ArbPosition *pos, const char *text, gsize len, GError **error)
{
  ArbMove move = ARB_MOVE_NONE;
  ArbSanError err;

  g_return_val_if_fail (pos != NULL, ARB_MOVE_NONE);

  err = arb_san_resolve (pos, text, len, &move);
  if (err != ARB_SAN_OK)
    {
      /* not user-visible */ /* a placeholder: the message is set just below */
      g_set_error_literal (error, ARB_SAN_ERROR, err, "");
      if (error != NULL && *error != NULL)
        {
          g_free ((*error)->message);
          (*error)->message = arb_san_error_message (err, pos, text, len);
        }
      return ARB_MOVE_NONE;
    }
  return move;
}

gsize
arb_san_spell (ArbPieceType type, ArbMove move, ArbSanMarks marks, char buf[ARB_SAN_MAX])
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  gsize n = 0;

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      const char *text = ARB_SQUARE_FILE (to) > ARB_SQUARE_FILE (from) ? "O-O" : "O-O-O";

      n = strlen (text);
      memcpy (buf, text, n);
    }
  else
    {
      if (type != ARB_PAWN)
        buf[n++] = piece_letters[type];
      if ((marks & ARB_SAN_FROM_FILE) || (type == ARB_PAWN && (marks & ARB_SAN_CAPTURE)))
        buf[n++] = (char) ('a' + ARB_SQUARE_FILE (from));
      if (marks & ARB_SAN_FROM_RANK)
        buf[n++] = (char) ('1' + ARB_SQUARE_RANK (from));
      if (marks & ARB_SAN_CAPTURE)
        buf[n++] = 'x';
      buf[n++] = (char) ('a' + ARB_SQUARE_FILE (to));
      buf[n++] = (char) ('1' + ARB_SQUARE_RANK (to));
      if (ARB_MOVE_IS_PROMOTION (move))
        {
          buf[n++] = '=';
          buf[n++] = piece_letters[ARB_MOVE_PROMOTION_TYPE (move)];
        }
    }
  if (marks & ARB_SAN_MATE)
    buf[n++] = '#';
  else if (marks & ARB_SAN_CHECK)
    buf[n++] = '+';
  buf[n] = '\0';
  return n;
}

/* The file, the rank or both of the square @from, when another man of the
 * same kind could legally go to @to: only legal alternatives count, a
 * pinned twin needs no qualifier (FIDE Laws Appendix C.10, 2023). */
static ArbSanMarks
from_marks (const ArbPosition *pos, ArbPieceType type, ArbSquare from, ArbSquare to)
{
  ArbBitboard others = attackers_of_type (pos, pos->side_to_move, type, to) & ~ARB_BB (from);
  gboolean need = FALSE, same_file = FALSE, same_rank = FALSE;

  while (others)
    {
      ArbSquare o = arb_bb_pop (&others);

      if (!leaves_king_safe (pos, o, to))
        continue;
      need = TRUE;
      if (ARB_SQUARE_FILE (o) == ARB_SQUARE_FILE (from))
        same_file = TRUE;
      if (ARB_SQUARE_RANK (o) == ARB_SQUARE_RANK (from))
        same_rank = TRUE;
    }
  if (!need)
    return 0;
  if (!same_file)
    return ARB_SAN_FROM_FILE;
  if (!same_rank)
    return ARB_SAN_FROM_RANK;
  return ARB_SAN_FROM_FILE | ARB_SAN_FROM_RANK;
}

gsize
arb_san_write (const ArbPosition *pos, ArbMove move, char buf[ARB_SAN_MAX])
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbMoveKind kind = ARB_MOVE_KIND (move);
  ArbPieceType type;
  ArbSanMarks marks = 0;
  ArbPosition after;
  ArbUndo undo;

  g_return_val_if_fail (pos != NULL, 0);

  type = ARB_PIECE_TYPE (pos->board[from]);
  if (kind != ARB_MOVE_CASTLING)
    {
      if (kind == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE)
        marks |= ARB_SAN_CAPTURE;
      if (type != ARB_PAWN)
        marks |= from_marks (pos, type, from, to);
    }
  after = *pos;
  arb_position_make_move (&after, move, &undo);
  if (arb_position_in_check (&after))
    marks |= arb_position_has_legal_move (&after) ? ARB_SAN_CHECK : ARB_SAN_MATE;
  return arb_san_spell (type, move, marks, buf);
}
