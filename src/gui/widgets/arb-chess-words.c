/* arb-chess-words.c: positions, moves and times in the words an arbiter says
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-chess-words"

#include "config.h"

#include "arb-chess-words.h"

#include "arb-i18n.h"

/* The piece types in the order an arbiter lists them. */
static const ArbPieceType listing_order[] = { ARB_KING,   ARB_QUEEN,  ARB_ROOK,
                                              ARB_BISHOP, ARB_KNIGHT, ARB_PAWN };

char *
arb_chess_words_square (ArbSquare square)
{
  g_return_val_if_fail (square >= 0 && square < 64, g_strdup ("?"));

  return g_strdup_printf ("%c%c", 'a' + ARB_SQUARE_FILE (square), '1' + ARB_SQUARE_RANK (square));
}

const char *
arb_chess_words_piece (ArbPiece piece)
{
  gboolean black = ARB_PIECE_COLOR (piece) == ARB_BLACK;

  switch (ARB_PIECE_TYPE (piece))
    {
    case ARB_KING:
      return black ? C_ ("piece", "black king") : C_ ("piece", "white king");
    case ARB_QUEEN:
      return black ? C_ ("piece", "black queen") : C_ ("piece", "white queen");
    case ARB_ROOK:
      return black ? C_ ("piece", "black rook") : C_ ("piece", "white rook");
    case ARB_BISHOP:
      return black ? C_ ("piece", "black bishop") : C_ ("piece", "white bishop");
    case ARB_KNIGHT:
      return black ? C_ ("piece", "black knight") : C_ ("piece", "white knight");
    case ARB_PAWN:
      return black ? C_ ("piece", "black pawn") : C_ ("piece", "white pawn");
    case ARB_NO_PIECE_TYPE:
    default:
      return "";
    }
}

/* "rooks" for two or more: the names in the listing of a position. */
static const char *
piece_type_plural (ArbPieceType type, guint n)
{
  switch (type)
    {
    case ARB_KING:
      /* Translators: in "White: king g1, queen d1, rooks a1 f1, …" */
      return ngettext ("king", "kings", n);
    case ARB_QUEEN:
      return ngettext ("queen", "queens", n);
    case ARB_ROOK:
      return ngettext ("rook", "rooks", n);
    case ARB_BISHOP:
      return ngettext ("bishop", "bishops", n);
    case ARB_KNIGHT:
      return ngettext ("knight", "knights", n);
    case ARB_PAWN:
      return ngettext ("pawn", "pawns", n);
    case ARB_NO_PIECE_TYPE:
    default:
      return "";
    }
}

static const char *
promotion_name (ArbPieceType type)
{
  switch (type)
    {
    case ARB_QUEEN:
      return C_ ("promotion", "queen");
    case ARB_ROOK:
      return C_ ("promotion", "rook");
    case ARB_BISHOP:
      return C_ ("promotion", "bishop");
    case ARB_KNIGHT:
    default:
      return C_ ("promotion", "knight");
    }
}

/* A sentence starts with a capital: "White knight from g1 to f3". */
static char *
capitalize (const char *text)
{
  gunichar first;
  char buf[8];
  int len;

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  first = g_unichar_totitle (g_utf8_get_char (text));
  len = g_unichar_to_utf8 (first, buf);
  buf[len] = '\0';
  return g_strconcat (buf, g_utf8_next_char (text), NULL);
}

char *
arb_chess_words_square_contents (const ArbPosition *position, ArbSquare square)
{
  g_autofree char *name = NULL;
  ArbPiece piece;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (square >= 0 && square < 64, NULL);

  name = arb_chess_words_square (square);
  piece = arb_position_piece_at (position, square);
  if (piece == ARB_NO_PIECE)
    /* Translators: an empty square of the board, as a screen reader says it: "e4, empty" */
    return g_strdup_printf (_ ("%s, empty"), name);
  /* Translators: a square and the piece on it: "e4, white knight" */
  return g_strdup_printf (C_ ("square", "%s, %s"), name, arb_chess_words_piece (piece));
}

/* "king g1, queen d1, rooks a1 f1, …" for one side. */
static char *
side_pieces (const ArbPosition *position, ArbColor side)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (listing_order); i++)
    {
      ArbPieceType type = listing_order[i];
      ArbBitboard bb = arb_position_pieces (position, side, type);
      guint n = 0;
      GString *squares = g_string_new (NULL);

      for (ArbSquare sq = 0; sq < 64; sq++)
        if (bb & ARB_BB (sq))
          {
            g_autofree char *name = arb_chess_words_square (sq);

            if (n++ > 0)
              g_string_append_c (squares, ' ');
            g_string_append (squares, name);
          }
      if (n > 0)
        {
          if (text->len > 0)
            /* Translators: between the piece groups of a side: "king g1, queen d1" */
            g_string_append (text, C_ ("piece groups", ", "));
          /* Translators: a piece type and its squares: "rooks a1 f1" */
          g_string_append_printf (text, C_ ("piece group", "%s %s"), piece_type_plural (type, n),
                                  squares->str);
        }
      g_string_free (squares, TRUE);
    }
  return g_string_free (text, FALSE);
}

char *
arb_chess_words_position (const ArbPosition *position)
{
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  const char *to_move;
  const char *check = NULL;

  g_return_val_if_fail (position != NULL, NULL);

  white = side_pieces (position, ARB_WHITE);
  black = side_pieces (position, ARB_BLACK);
  if (position->side_to_move == ARB_WHITE)
    to_move = _ ("White to move.");
  else
    to_move = _ ("Black to move.");
  if (arb_position_is_checkmate (position))
    check =
      position->side_to_move == ARB_WHITE ? _ ("White is checkmated.") : _ ("Black is checkmated.");
  else if (arb_position_in_check (position))
    check =
      position->side_to_move == ARB_WHITE ? _ ("White is in check.") : _ ("Black is in check.");

  if (check != NULL)
    /* Translators: the whole position read out: "White: king g1, …. Black: king g8, ….
     * White to move. White is in check." */
    return g_strdup_printf (_ ("White: %s. Black: %s. %s %s"), white, black, to_move, check);
  /* Translators: the whole position read out: "White: king g1, …. Black: king g8, ….
   * White to move." */
  return g_strdup_printf (_ ("White: %s. Black: %s. %s"), white, black, to_move);
}

char *
arb_chess_words_move (const ArbPosition *before, ArbMove move)
{
  ArbPosition after = *before;
  ArbUndo undo;
  ArbPiece piece;
  ArbSquare from, to;
  g_autofree char *from_name = NULL;
  g_autofree char *to_name = NULL;
  g_autofree char *who = NULL;
  g_autofree char *body = NULL;
  char *result;

  g_return_val_if_fail (before != NULL, NULL);
  g_return_val_if_fail (move != ARB_MOVE_NONE, NULL);

  from = ARB_MOVE_FROM (move);
  to = ARB_MOVE_TO (move);
  piece = arb_position_piece_at (before, from);
  from_name = arb_chess_words_square (from);
  to_name = arb_chess_words_square (to);
  who = capitalize (arb_chess_words_piece (piece));

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      gboolean king_side = ARB_SQUARE_FILE (to) > ARB_SQUARE_FILE (from);

      if (before->side_to_move == ARB_WHITE)
        body = g_strdup (king_side ? _ ("White castles kingside") : _ ("White castles queenside"));
      else
        body = g_strdup (king_side ? _ ("Black castles kingside") : _ ("Black castles queenside"));
    }
  else if (ARB_MOVE_KIND (move) == ARB_MOVE_EN_PASSANT)
    /* Translators: "White pawn from e5 takes d6 en passant" */
    body = g_strdup_printf (_ ("%s from %s takes %s en passant"), who, from_name, to_name);
  else if (arb_position_piece_at (before, to) != ARB_NO_PIECE)
    /* Translators: a capture: "Black knight from f6 takes e4" */
    body = g_strdup_printf (_ ("%s from %s takes %s"), who, from_name, to_name);
  else
    /* Translators: a move: "White knight from g1 to f3" */
    body = g_strdup_printf (_ ("%s from %s to %s"), who, from_name, to_name);

  if (ARB_MOVE_IS_PROMOTION (move))
    {
      /* Translators: after a pawn's move to the last rank: "…, promotes to queen" */
      char *promoted = g_strdup_printf (_ ("%s, promotes to %s"), body,
                                        promotion_name (ARB_MOVE_PROMOTION_TYPE (move)));

      g_free (body);
      body = promoted;
    }

  arb_position_make_move (&after, move, &undo);
  if (arb_position_is_checkmate (&after))
    /* Translators: a move that mates: "White queen from h5 takes f7, checkmate" */
    result = g_strdup_printf (_ ("%s, checkmate"), body);
  else if (arb_position_in_check (&after))
    /* Translators: a move that gives check: "Black knight from f6 takes e4, check" */
    result = g_strdup_printf (_ ("%s, check"), body);
  else if (arb_position_is_stalemate (&after))
    /* Translators: a move after which the opponent has no legal move and is not in check */
    result = g_strdup_printf (_ ("%s, stalemate"), body);
  else
    result = g_steal_pointer (&body);
  return result;
}

char *
arb_chess_words_numbered_move (const ArbPosition *before, ArbMove move)
{
  g_autofree char *words = NULL;

  g_return_val_if_fail (before != NULL, NULL);

  words = arb_chess_words_move (before, move);
  if (before->side_to_move == ARB_WHITE)
    /* Translators: White's move with its number, as on a scoresheet: "15. White knight from g1 to f3" */
    return g_strdup_printf (_ ("%u. %s"), before->fullmove_number, words);
  /* Translators: Black's move with its number, as on a scoresheet: "15. … Black knight from f6 takes e4" */
  return g_strdup_printf (_ ("%u. … %s"), before->fullmove_number, words);
}

char *
arb_chess_words_time (gint64 remaining_us)
{
  gint64 seconds;
  guint hours, minutes, secs;
  g_autofree char *h = NULL;
  g_autofree char *m = NULL;
  g_autofree char *s = NULL;

  if (remaining_us < G_USEC_PER_SEC)
    return g_strdup (remaining_us <= 0 ? _ ("no time left") : _ ("less than a second"));

  seconds = remaining_us / G_USEC_PER_SEC;
  hours = (guint) MIN (seconds / 3600, 99999);
  minutes = (guint) (seconds / 60 % 60);
  secs = (guint) (seconds % 60);
  h = g_strdup_printf (ngettext ("%u hour", "%u hours", hours), hours);
  m = g_strdup_printf (ngettext ("%u minute", "%u minutes", minutes), minutes);
  s = g_strdup_printf (ngettext ("%u second", "%u seconds", secs), secs);

  /* From an hour up the seconds do not matter to anyone listening. */
  if (hours > 0)
    /* Translators: a time left: "1 hour 5 minutes" */
    return minutes > 0 ? g_strdup_printf (C_ ("time", "%s %s"), h, m) : g_steal_pointer (&h);
  if (minutes > 0)
    /* Translators: a time left: "4 minutes 5 seconds" */
    return secs > 0 ? g_strdup_printf (C_ ("time", "%s %s"), m, s) : g_steal_pointer (&m);
  return g_steal_pointer (&s);
}
