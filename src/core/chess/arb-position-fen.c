/* arb-position-fen.c: positions read from and written as FEN, moves as UCI
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-position.h"
#include "arb-i18n.h"
#include "arb-position-private.h"

#include <stdio.h>
#include <string.h>

/* clang-format off */
G_DEFINE_QUARK (arb-fen-error-quark, arb_fen_error)
/* clang-format on */

static const char piece_letters[] = " PNBRQK  pnbrqk";

/* ---- FEN ---------------------------------------------------------------- */

static gboolean fen_fail (GError **error, ArbFenError code, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static gboolean
fen_fail (GError **error, ArbFenError code, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ARB_FEN_ERROR, code, message);
  g_free (message);
  return FALSE;
}

static ArbPiece
piece_from_letter (char c)
{
  const char *p = c == ' ' ? NULL : strchr (piece_letters, c);

  return p ? (ArbPiece) (p - piece_letters) : ARB_NO_PIECE;
}

/* Castling field: KQkq, X-FEN (KQkq meaning the outermost rook, plus file
 * letters when another rook is meant) and Shredder-FEN (file letters). */
static gboolean
parse_castling (ArbPosition *pos, const char *field, ArbFenFlags flags, GError **error)
{
  gboolean chess960 = (flags & ARB_FEN_CHESS960) != 0;

  if (strcmp (field, "-") == 0)
    return TRUE;

  for (const char *c = field; *c; c++)
    {
      ArbColor color = g_ascii_isupper (*c) ? ARB_WHITE : ARB_BLACK;
      char lower = g_ascii_tolower (*c);
      int rank = color == ARB_WHITE ? 0 : 7;
      ArbSquare ksq = arb_position_king_square (pos, color);
      ArbBitboard rooks = arb_position_pieces (pos, color, ARB_ROOK) & ARB_RANK_BB (rank);
      ArbSquare rsq = ARB_NO_SQUARE;
      /* Translators: the side in the castling-right errors of a FEN, as in
       * "the white king" and "no white rook" */
      const char *side_name =
        color == ARB_WHITE ? C_ ("castling side", "white") : C_ ("castling side", "black");

      if (ksq == ARB_NO_SQUARE || ARB_SQUARE_RANK (ksq) != rank)
        return fen_fail (error, ARB_FEN_ERROR_CASTLING,
                         _ ("castling right '%c' but the %s king is not on its first rank"), *c,
                         side_name);

      if (lower == 'k' || lower == 'q')
        {
          if (!chess960)
            {
              rsq = ARB_SQUARE (lower == 'k' ? 7 : 0, rank);
              if (ksq != ARB_SQUARE (4, rank))
                return fen_fail (
                  error, ARB_FEN_ERROR_CASTLING,
                  _ (
                    "castling right '%c' but the %s king is not on e%d (Chess960 castling is not enabled)"),
                  *c, side_name, rank + 1);
              if (!(rooks & ARB_BB (rsq)))
                return fen_fail (error, ARB_FEN_ERROR_CASTLING,
                                 _ ("castling right '%c' but there is no %s rook on %c%d"), *c,
                                 side_name, lower == 'k' ? 'h' : 'a', rank + 1);
            }
          else
            {
              /* X-FEN: the outermost rook on that side of the king. */
              ArbBitboard side = 0;

              for (int f = 0; f < 8; f++)
                if (lower == 'k' ? f > ARB_SQUARE_FILE (ksq) : f < ARB_SQUARE_FILE (ksq))
                  side |= ARB_BB (ARB_SQUARE (f, rank));
              side &= rooks;
              if (!side)
                return fen_fail (
                  error, ARB_FEN_ERROR_CASTLING,
                  _ ("castling right '%c' but there is no %s rook on that side of the king"), *c,
                  side_name);
              rsq = lower == 'k' ? (ArbSquare) (63 - __builtin_clzll (side)) : arb_bb_first (side);
            }
        }
      else if (lower >= 'a' && lower <= 'h')
        {
          rsq = ARB_SQUARE (lower - 'a', rank);
          if (!(rooks & ARB_BB (rsq)))
            return fen_fail (error, ARB_FEN_ERROR_CASTLING,
                             _ ("castling right '%c' but there is no %s rook on %c%d"), *c,
                             side_name, lower, rank + 1);
          if (!chess960)
            {
              if (ksq != ARB_SQUARE (4, rank) || (lower != 'a' && lower != 'h'))
                return fen_fail (
                  error, ARB_FEN_ERROR_CASTLING,
                  _ ("castling right '%c' is Chess960 castling, which is not enabled"), *c);
            }
        }
      else
        return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                         _ ("unexpected character '%c' in the castling field"), *c);

      if (pos->castling_rooks & ARB_BB (rsq))
        return fen_fail (error, ARB_FEN_ERROR_CASTLING, _ ("castling right '%c' is given twice"),
                         *c);
      {
        gboolean king_side = rsq > ksq;
        ArbBitboard same_side = pos->castling_rooks & ARB_RANK_BB (rank);

        while (same_side)
          {
            ArbSquare other = arb_bb_pop (&same_side);
            if ((other > ksq) == king_side)
              return fen_fail (error, ARB_FEN_ERROR_CASTLING,
                               _ ("castling field '%s' gives the %s king two rooks on one side"),
                               field, side_name);
          }
      }
      pos->castling_rooks |= ARB_BB (rsq);
    }

  return TRUE;
}

static gboolean
parse_counter (const char *text, guint max, guint *value)
{
  guint64 v;
  char *end;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  v = g_ascii_strtoull (text, &end, 10);
  if (*end != '\0' || v > max)
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

/* Checks that a position could arise in a game (beyond what move generation
 * needs). Each message says what is wrong in an arbiter's words. */
static gboolean
validate_reachable (const ArbPosition *pos, GError **error)
{
  ArbBitboard checkers = arb_position_checkers (pos);

  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    {
      const char *name = c == ARB_WHITE ? _ ("White") : _ ("Black");
      int pawns = arb_bb_count (arb_position_pieces (pos, c, ARB_PAWN));
      int extra = MAX (0, arb_bb_count (arb_position_pieces (pos, c, ARB_QUEEN)) - 1) +
                  MAX (0, arb_bb_count (arb_position_pieces (pos, c, ARB_ROOK)) - 2) +
                  MAX (0, arb_bb_count (arb_position_pieces (pos, c, ARB_BISHOP)) - 2) +
                  MAX (0, arb_bb_count (arb_position_pieces (pos, c, ARB_KNIGHT)) - 2);

      if (arb_bb_count (pos->by_color[c]) > 16)
        return fen_fail (error, ARB_FEN_ERROR_TOO_MANY_PIECES, _ ("%s has more than 16 pieces"),
                         name);
      if (pawns > 8)
        return fen_fail (error, ARB_FEN_ERROR_TOO_MANY_PIECES, _ ("%s has more than 8 pawns"),
                         name);
      if (pawns + extra > 8)
        return fen_fail (error, ARB_FEN_ERROR_TOO_MANY_PIECES,
                         _ ("%s has more promoted pieces than missing pawns"), name);
    }

  if (pos->by_type[ARB_PAWN] & (ARB_RANK_BB (0) | ARB_RANK_BB (7)))
    return fen_fail (error, ARB_FEN_ERROR_PAWNS, _ ("a pawn stands on the first or last rank"));

  if (arb_bb_count (checkers) > 2)
    return fen_fail (error, ARB_FEN_ERROR_CHECKERS,
                     _ ("the king to move is checked by more than two pieces"));

  if (arb_bb_count (checkers) == 2)
    {
      ArbSquare a = arb_bb_first (checkers);
      ArbSquare b = arb_bb_first (checkers & (checkers - 1));
      ArbPieceType ta = ARB_PIECE_TYPE (pos->board[a]);
      ArbPieceType tb = ARB_PIECE_TYPE (pos->board[b]);

      /* A double check comes from a discovered check by the piece that just
       * moved, so two pawns, two knights or two pieces of one line type
       * cannot give it, and neither can a pawn with a knight. */
      if (ta == tb || (ta == ARB_PAWN && tb == ARB_KNIGHT) ||
          (ta == ARB_KNIGHT && tb == ARB_PAWN) || (ta == ARB_BISHOP && tb == ARB_PAWN) ||
          (ta == ARB_PAWN && tb == ARB_BISHOP))
        return fen_fail (error, ARB_FEN_ERROR_CHECKERS,
                         _ ("the king to move is in a double check that no move can give"));
    }

  if (pos->ep_square != ARB_NO_SQUARE && checkers)
    {
      /* After a double step, a check must come from that pawn or be
       * discovered by it. */
      ArbSquare pawn = pos->side_to_move == ARB_WHITE ? pos->ep_square - 8 : pos->ep_square + 8;
      ArbSquare origin = pos->side_to_move == ARB_WHITE ? pos->ep_square + 8 : pos->ep_square - 8;
      ArbSquare ksq = arb_position_king_square (pos, pos->side_to_move);
      ArbBitboard c = checkers;

      while (c)
        {
          ArbSquare s = arb_bb_pop (&c);

          if (s != pawn && !(arb_between (ksq, s) & ARB_BB (origin)))
            return fen_fail (
              error, ARB_FEN_ERROR_EN_PASSANT,
              _ (
                "the en passant square says a pawn just moved, but that move cannot have given this check"));
        }
    }

  if (pos->ep_square != ARB_NO_SQUARE && pos->halfmove_clock != 0)
    return fen_fail (
      error, ARB_FEN_ERROR_COUNTERS,
      _ ("the half-move clock is %u, but a pawn has just moved (en passant square given)"),
      pos->halfmove_clock);

  if (pos->halfmove_clock >
      2u * (pos->fullmove_number - 1u) + (pos->side_to_move == ARB_BLACK ? 1u : 0u))
    return fen_fail (
      error, ARB_FEN_ERROR_COUNTERS,
      _ ("the half-move clock (%u) counts more half-moves than the game has had by move %u"),
      pos->halfmove_clock, pos->fullmove_number);

  return TRUE;
}

/* Splits @fen on ASCII white space into at most six fields, without
 * allocating: this runs for every game with a FEN tag. */
static inline gboolean
split_fen (const char *fen, char fields[6][80], guint *n_fields_out, GError **error)
{
  guint n_fields = 0;

  for (const char *p = fen; *p != '\0';)
    {
      gsize len = 0;

      if ((guchar) *p >= 0x80)
        return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                         _ ("character %d of the FEN is not a plain ASCII character"),
                         (int) (p - fen) + 1);
      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (n_fields == 6)
        return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                         _ ("a FEN has 4 to 6 fields separated by spaces, this has more"));
      while (p[len] != '\0' && !g_ascii_isspace (p[len]) && (guchar) p[len] < 0x80)
        len++;
      if (len >= sizeof fields[0])
        return fen_fail (error, ARB_FEN_ERROR_SYNTAX, _ ("field %u of the FEN is too long"),
                         n_fields + 1);
      memcpy (fields[n_fields], p, len);
      fields[n_fields][len] = '\0';
      n_fields++;
      p += len;
    }
  if (n_fields < 4 || n_fields > 6)
    return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                     _ ("a FEN has 4 to 6 fields separated by spaces, this has %u"), n_fields);
  *n_fields_out = n_fields;
  return TRUE;
}

/* Field 1: placement, from a8 to h1, and one king of each side. */
static inline gboolean
parse_placement (ArbPosition *tmp, const char *field, GError **error)
{
  int rank = 7;
  int file = 0;

  for (const char *c = field; *c; c++)
    {
      if (*c == '/')
        {
          if (file != 8)
            return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                             _ ("rank %d of the placement has %d squares, not 8"), rank + 1, file);
          if (rank == 0)
            return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                             _ ("the placement has more than 8 ranks"));
          rank--;
          file = 0;
        }
      else if (*c >= '1' && *c <= '8')
        {
          file += *c - '0';
          if (file > 8)
            return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                             _ ("rank %d of the placement has more than 8 squares"), rank + 1);
        }
      else
        {
          ArbPiece piece = piece_from_letter (*c);

          if (piece == ARB_NO_PIECE)
            return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                             _ ("'%c' is not a piece letter (PNBRQK, pnbrqk)"), *c);
          if (file > 7)
            return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                             _ ("rank %d of the placement has more than 8 squares"), rank + 1);
          _arb_position_put_piece (tmp, piece, ARB_SQUARE (file, rank));
          file++;
        }
    }
  if (rank != 0 || file != 8)
    return fen_fail (error, ARB_FEN_ERROR_SYNTAX,
                     _ ("the placement does not describe 8 ranks of 8 squares"));

  for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
    if (arb_bb_count (arb_position_pieces (tmp, c, ARB_KING)) != 1)
      return fen_fail (error, ARB_FEN_ERROR_KINGS,
                       _ ("%s has %d kings; a position needs exactly one of each"),
                       c == ARB_WHITE ? _ ("White") : _ ("Black"),
                       arb_bb_count (arb_position_pieces (tmp, c, ARB_KING)));
  return TRUE;
}

/* Field 4: en passant, a square just behind a pawn that has made its
 * double step. */
static inline gboolean
parse_en_passant (ArbPosition *tmp, const char *field, GError **error)
{
  ArbSquare ep = arb_square_parse (field);
  int ep_rank = tmp->side_to_move == ARB_WHITE ? 5 : 2;
  ArbColor mover = !tmp->side_to_move;
  ArbSquare pawn, origin;

  if (ep == ARB_NO_SQUARE || field[2] != '\0')
    return fen_fail (error, ARB_FEN_ERROR_SYNTAX, _ ("the en passant field '%s' is not a square"),
                     field);
  if (ARB_SQUARE_RANK (ep) != ep_rank)
    return fen_fail (error, ARB_FEN_ERROR_EN_PASSANT,
                     _ ("the en passant square %s must be on rank %d when %s is to move"), field,
                     ep_rank + 1, tmp->side_to_move == ARB_WHITE ? _ ("White") : _ ("Black"));
  pawn = mover == ARB_WHITE ? ep + 8 : ep - 8;
  origin = mover == ARB_WHITE ? ep - 8 : ep + 8;
  if (tmp->board[pawn] != ARB_MAKE_PIECE (mover, ARB_PAWN) || tmp->board[ep] != ARB_NO_PIECE ||
      tmp->board[origin] != ARB_NO_PIECE)
    return fen_fail (error, ARB_FEN_ERROR_EN_PASSANT,
                     _ ("the en passant square %s does not follow a pawn's double step"), field);
  tmp->ep_square = ep;
  tmp->key ^= _arb_position_ep_key (ep);
  return TRUE;
}

gboolean
arb_position_set_fen (ArbPosition *pos, const char *fen, ArbFenFlags flags, GError **error)
{
  ArbPosition tmp;
  char fields[6][80];
  guint n_fields = 0;
  guint value;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  arb_position_init ();
  _arb_position_clear (&tmp);

  if (!split_fen (fen, fields, &n_fields, error))
    return FALSE;

  if (!parse_placement (&tmp, fields[0], error))
    return FALSE;

  /* Field 2: side to move. */
  if (strcmp (fields[1], "w") == 0)
    tmp.side_to_move = ARB_WHITE;
  else if (strcmp (fields[1], "b") == 0)
    {
      tmp.side_to_move = ARB_BLACK;
      tmp.key ^= _arb_position_side_key ();
    }
  else
    return fen_fail (error, ARB_FEN_ERROR_SYNTAX, _ ("the side to move is '%s', not 'w' or 'b'"),
                     fields[1]);

  /* Field 3: castling. */
  if (!parse_castling (&tmp, fields[2], flags, error))
    return FALSE;
  tmp.key ^= _arb_position_castling_key (tmp.castling_rooks);
  tmp.chess960 = (flags & ARB_FEN_CHESS960) != 0;

  /* Field 4: en passant. */
  if (strcmp (fields[3], "-") != 0 && !parse_en_passant (&tmp, fields[3], error))
    return FALSE;

  /* Fields 5 and 6: counters. */
  if (n_fields >= 5)
    {
      if (!parse_counter (fields[4], 9999, &value))
        return fen_fail (error, ARB_FEN_ERROR_COUNTERS,
                         _ ("the half-move clock '%s' is not a number"), fields[4]);
      tmp.halfmove_clock = (guint16) value;
    }
  if (n_fields == 6)
    {
      if (!parse_counter (fields[5], 9999, &value) || value == 0)
        return fen_fail (error, ARB_FEN_ERROR_COUNTERS,
                         _ ("the move number '%s' is not a number from 1"), fields[5]);
      tmp.fullmove_number = (guint16) value;
    }

  /* The side that just moved cannot have left its king in check. */
  {
    ArbSquare their_king = arb_position_king_square (&tmp, !tmp.side_to_move);

    if (arb_position_attackers_to (&tmp, their_king, arb_position_occupied (&tmp)) &
        tmp.by_color[tmp.side_to_move])
      return fen_fail (error, ARB_FEN_ERROR_OPPONENT_IN_CHECK,
                       _ ("%s is in check but it is %s's move"),
                       tmp.side_to_move == ARB_WHITE ? _ ("Black") : _ ("White"),
                       tmp.side_to_move == ARB_WHITE ? _ ("White") : _ ("Black"));
  }

  if (!(flags & ARB_FEN_PERMISSIVE) && !validate_reachable (&tmp, error))
    return FALSE;

  *pos = tmp;
  return TRUE;
}

void
arb_position_set_start (ArbPosition *pos)
{
  gboolean ok = arb_position_set_fen (pos, ARB_START_FEN, ARB_FEN_FLAGS_NONE, NULL);

  g_assert (ok);
}

void
arb_position_set_chess960 (ArbPosition *pos, guint number)
{
  /* Scharnagl's numbering: bishops, then queen, then the knights' pattern,
   * then rook, king, rook on the remaining files. */
  static const int knights[10][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
                                      { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };
  char rank[9] = { 0 };
  char fen[ARB_FEN_MAX];
  guint n = number;
  int empty[8];
  int n_empty;
  gboolean ok;

  g_return_if_fail (number < 960);

  rank[(n % 4) * 2 + 1] = 'B';
  n /= 4;
  rank[(n % 4) * 2] = 'B';
  n /= 4;

#define COLLECT_EMPTY()       \
  n_empty = 0;                \
  for (int f = 0; f < 8; f++) \
    if (rank[f] == 0)         \
      empty[n_empty++] = f;

  COLLECT_EMPTY ();
  rank[empty[n % 6]] = 'Q';
  n /= 6;
  COLLECT_EMPTY ();
  rank[empty[knights[n][0]]] = 'N';
  rank[empty[knights[n][1]]] = 'N';
  COLLECT_EMPTY ();
  rank[empty[0]] = 'R';
  rank[empty[1]] = 'K';
  rank[empty[2]] = 'R';
#undef COLLECT_EMPTY

  g_snprintf (fen, sizeof fen, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1", rank, rank);
  for (int f = 0; f < 8; f++)
    fen[f] = g_ascii_tolower (fen[f]);
  ok = arb_position_set_fen (pos, fen, ARB_FEN_CHESS960, NULL);
  g_assert (ok);
}

/* The digits of @value at @p; returns the end. analyze --json writes a
 * FEN for every game, and g_snprintf() took a sixth of the line. */
static char *
write_decimal (char *p, guint value)
{
  char digits[10];
  guint n = 0;

  do
    {
      digits[n++] = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value != 0);
  while (n > 0)
    *p++ = digits[--n];
  return p;
}

void
arb_position_write_fen (const ArbPosition *pos, ArbFenFlags flags, char buf[ARB_FEN_MAX])
{
  char *p = buf;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          ArbPiece piece = pos->board[ARB_SQUARE (file, rank)];

          if (piece == ARB_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            *p++ = (char) ('0' + empty);
          empty = 0;
          *p++ = piece_letters[piece];
        }
      if (empty)
        *p++ = (char) ('0' + empty);
      if (rank)
        *p++ = '/';
    }

  *p++ = ' ';
  *p++ = pos->side_to_move == ARB_WHITE ? 'w' : 'b';
  *p++ = ' ';

  if (!pos->castling_rooks)
    *p++ = '-';
  else
    {
      for (ArbColor c = ARB_WHITE; c <= ARB_BLACK; c++)
        for (int king_side = 1; king_side >= 0; king_side--)
          {
            ArbSquare rsq = arb_position_castling_rook (pos, c, king_side);
            char letter;

            if (rsq == ARB_NO_SQUARE)
              continue;

            if (flags & ARB_FEN_SHREDDER)
              letter = (char) ('A' + ARB_SQUARE_FILE (rsq));
            else
              {
                /* X-FEN: K/Q when the rook is the outermost one on its side,
                 * otherwise its file letter. */
                ArbSquare ksq = arb_position_king_square (pos, c);
                ArbBitboard rooks =
                  arb_position_pieces (pos, c, ARB_ROOK) & ARB_RANK_BB (ARB_SQUARE_RANK (rsq));
                gboolean outermost = TRUE;

                while (rooks)
                  {
                    ArbSquare r = arb_bb_pop (&rooks);
                    if (king_side ? (r > rsq) : (r < rsq && r < ksq))
                      outermost = FALSE;
                  }
                letter = outermost ? (king_side ? 'K' : 'Q') : (char) ('A' + ARB_SQUARE_FILE (rsq));
              }
            *p++ = c == ARB_WHITE ? letter : g_ascii_tolower (letter);
          }
    }

  *p++ = ' ';
  if (pos->ep_square != ARB_NO_SQUARE &&
      (!(flags & ARB_FEN_EP_LEGAL_ONLY) || arb_position_has_legal_en_passant (pos)))
    {
      arb_square_write (pos->ep_square, p);
      p += 2;
    }
  else
    *p++ = '-';

  *p++ = ' ';
  p = write_decimal (p, pos->halfmove_clock);
  *p++ = ' ';
  p = write_decimal (p, pos->fullmove_number);
  *p = '\0';
}

char *
arb_position_to_fen (const ArbPosition *pos, ArbFenFlags flags)
{
  char buf[ARB_FEN_MAX];

  arb_position_write_fen (pos, flags, buf);
  return g_strdup (buf);
}

/* ---- UCI ---------------------------------------------------------------- */

void
arb_move_write_uci (const ArbPosition *pos, ArbMove move, char buf[6])
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING && !pos->chess960)
    to = ARB_SQUARE (to > from ? 6 : 2, ARB_SQUARE_RANK (from));

  arb_square_write (from, buf);
  arb_square_write (to, buf + 2);
  if (ARB_MOVE_IS_PROMOTION (move))
    {
      buf[4] = " pnbrqk"[ARB_MOVE_PROMOTION_TYPE (move)];
      buf[5] = '\0';
    }
}

ArbMove
arb_move_parse_uci (const ArbPosition *pos, const char *text, gsize len)
{
  ArbMoveList list;
  ArbSquare from, to;
  ArbPieceType promotion = ARB_NO_PIECE_TYPE;
  ArbMove castling_match = ARB_MOVE_NONE;

  if (len < 4 || len > 5)
    return ARB_MOVE_NONE;
  from = arb_square_parse (text);
  to = arb_square_parse (text + 2);
  if (from == ARB_NO_SQUARE || to == ARB_NO_SQUARE)
    return ARB_MOVE_NONE;
  if (len == 5)
    {
      const char *p = strchr ("nbrq", g_ascii_tolower (text[4]));
      if (p == NULL || text[4] == '\0')
        return ARB_MOVE_NONE;
      promotion = (ArbPieceType) (ARB_KNIGHT + (p - "nbrq"));
    }

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m = list.moves[i];

      if (ARB_MOVE_FROM (m) != from)
        continue;

      if (ARB_MOVE_KIND (m) == ARB_MOVE_CASTLING)
        {
          ArbSquare kto = ARB_SQUARE (ARB_MOVE_TO (m) > from ? 6 : 2, ARB_SQUARE_RANK (from));

          if (promotion == ARB_NO_PIECE_TYPE && (ARB_MOVE_TO (m) == to || kto == to))
            castling_match = m;
          continue;
        }

      if (ARB_MOVE_TO (m) != to)
        continue;
      if (ARB_MOVE_IS_PROMOTION (m) ? ARB_MOVE_PROMOTION_TYPE (m) == promotion
                                    : promotion == ARB_NO_PIECE_TYPE)
        return m;
    }

  /* A plain king move to the same square wins over castling (Chess960). */
  return castling_match;
}
