/* arb-scoresheet-moves.c: one move as a player writes it, and what it can mean
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-san-letters.h"
#include "arb-scoresheet-private.h"

const char *const _arb_scoresheet_family_letters[] = { "KQRBN", "KDTLS", "KDTLP" };
/* ------------------------------------------------------------------------ */
/* Letters */

gboolean
_arb_scoresheet_family_for_language (const char *language, Family *family)
{
  char code[8];
  gsize n = 0;
  const char *letters;

  if (language == NULL || language[0] == '\0' || g_ascii_strcasecmp (language, "auto") == 0)
    {
      *family = FAMILY_AUTO;
      return TRUE;
    }
  for (; language[n] != '\0' && n < 7; n++)
    {
      char c = language[n];

      if (c == '_' || c == '-' || c == '.' || c == '@')
        break;
      code[n] = g_ascii_tolower (c);
    }
  code[n] = '\0';
  /* German is not a language of the program's own notation
   * (arb-san-letters.h), but German players write K D T L S too. */
  if (strcmp (code, "de") == 0)
    {
      *family = FAMILY_KDTLS;
      return TRUE;
    }
  letters = arb_san_letters_for_language (code);
  if (letters == NULL)
    return FALSE;
  if (strcmp (letters, "KDTLS") == 0)
    *family = FAMILY_KDTLS;
  else if (strcmp (letters, "KDTLP") == 0)
    *family = FAMILY_KDTLP;
  else
    *family = FAMILY_EN;
  return TRUE;
}

/* What an upper-case letter can mean in a family. Returns the number of
 * readings (at most 2). */
static guint
letter_readings (char c, Family family, LetterReading out[2])
{
  gboolean en = family == FAMILY_EN;
  guint8 foreign_en = en ? 0 : COST_FOREIGN_LETTER;  /* cost of an English letter */
  guint8 foreign_loc = en ? COST_FOREIGN_LETTER : 0; /* cost of a D T L letter */

  switch (c)
    {
    case 'K':
      out[0] = (LetterReading){ ARB_KING, 0, 0 };
      return 1;
    case 'Q':
      out[0] = (LetterReading){ ARB_QUEEN, foreign_en,
                                foreign_en ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'R':
      out[0] = (LetterReading){ ARB_ROOK, foreign_en,
                                foreign_en ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'B':
      out[0] = (LetterReading){ ARB_BISHOP, foreign_en,
                                foreign_en ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'N':
      out[0] = (LetterReading){ ARB_KNIGHT, foreign_en,
                                foreign_en ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'D':
      out[0] = (LetterReading){ ARB_QUEEN, foreign_loc,
                                foreign_loc ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'T':
      out[0] = (LetterReading){ ARB_ROOK, foreign_loc,
                                foreign_loc ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'L':
      out[0] = (LetterReading){ ARB_BISHOP, foreign_loc,
                                foreign_loc ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
      return 1;
    case 'S':
      {
        guint8 cost = family == FAMILY_KDTLS ? 0 : COST_FOREIGN_LETTER;

        out[0] =
          (LetterReading){ ARB_KNIGHT, cost, cost ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
        return 1;
      }
    case 'P':
      {
        /* The Dutch knight (paard), or a pawn written with its letter. */
        guint8 knight = family == FAMILY_KDTLP ? 0 : COST_FOREIGN_LETTER;
        guint8 pawn =
          family == FAMILY_KDTLP ? COST_PAWN_LETTER + COST_FOREIGN_LETTER : COST_PAWN_LETTER;

        out[0] =
          (LetterReading){ ARB_KNIGHT, knight, knight ? ARB_SCORESHEET_READING_FOREIGN_LETTER : 0 };
        out[1] = (LetterReading){ ARB_PAWN, pawn, ARB_SCORESHEET_READING_PAWN_LETTER };
        return 2;
      }
    default:
      return 0;
    }
}

static ArbPieceType
figurine_piece (char c)
{
  switch (c)
    {
    case FIG_KING:
      return ARB_KING;
    case FIG_QUEEN:
      return ARB_QUEEN;
    case FIG_ROOK:
      return ARB_ROOK;
    case FIG_BISHOP:
      return ARB_BISHOP;
    case FIG_KNIGHT:
      return ARB_KNIGHT;
    case FIG_PAWN:
      return ARB_PAWN;
    default:
      return ARB_NO_PIECE_TYPE;
    }
}

/* What a character at the start of a move can mean as a piece: a figurine,
 * a capital letter, or a lower-case piece letter that is not a file. */
static guint
piece_readings (char c, Family family, LetterReading out[2])
{
  ArbPieceType fig = figurine_piece (c);

  if (fig != ARB_NO_PIECE_TYPE)
    {
      out[0] = (LetterReading){ fig, 0, 0 };
      return 1;
    }
  if (g_ascii_isupper (c))
    return letter_readings (c, family, out);
  if (strchr ("kqrnstlp", c) != NULL && c != '\0')
    {
      guint n = letter_readings (g_ascii_toupper (c), family, out);

      for (guint i = 0; i < n; i++)
        {
          out[i].cost += COST_LOWER_PIECE;
          out[i].flags |= ARB_SCORESHEET_READING_LOWER_PIECE;
        }
      return n;
    }
  return 0;
}

/* ------------------------------------------------------------------------ */
/* Words that are not moves */

gboolean
_arb_scoresheet_only_chars (const char *t, guint n, const char *set)
{
  if (n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (strchr (set, t[i]) == NULL || t[i] == '\0')
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Moves */

static gboolean
is_file_char (char c)
{
  return c >= 'a' && c <= 'h';
}

static gboolean
is_rank_char (char c)
{
  return c >= '1' && c <= '8';
}

static void
add_reading (ArbScoresheetToken *tok, const ArbScoresheetReading *r)
{
  for (guint i = 0; i < tok->n_readings; i++)
    if (memcmp (&tok->readings[i], r, sizeof *r) == 0)
      return;
  if (tok->n_readings < ARB_SCORESHEET_MAX_READINGS)
    tok->readings[tok->n_readings++] = *r;
}

/* The squares of a move after its piece letter ("e4", "gf3", "1f3", "g1f3",
 * "g1-f3", "xe5", ":e5", "ed", "e"), filled into @r. FALSE when the
 * characters are no such thing. */
static gboolean
parse_squares (const char *t, guint n, ArbScoresheetReading *r)
{
  char kinds[5];
  gint8 values[5];
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      char c = t[i];

      if (is_file_char (c) || is_rank_char (c) || c == '0' || c == '9')
        {
          if (k == 4)
            return FALSE;
          if (is_file_char (c))
            {
              kinds[k] = 'F';
              values[k] = (gint8) (c - 'a');
            }
          else
            {
              /* 0 and 9 are ranks written wrong: the rank is unknown. */
              kinds[k] = 'R';
              values[k] = is_rank_char (c) ? (gint8) (c - '1') : -1;
            }
          k++;
        }
      else if (c == 'x' || c == ':' || c == 'X')
        r->capture = TRUE;
      else if (c == '-' || c == '.')
        ;
      else
        return FALSE;
    }
  kinds[k] = '\0';

  if (strcmp (kinds, "FR") == 0)
    {
      r->to_file = values[0];
      r->to_rank = values[1];
    }
  else if (strcmp (kinds, "FFR") == 0)
    {
      r->from_file = values[0];
      r->to_file = values[1];
      r->to_rank = values[2];
    }
  else if (strcmp (kinds, "RFR") == 0)
    {
      r->from_rank = values[0];
      r->to_file = values[1];
      r->to_rank = values[2];
    }
  else if (strcmp (kinds, "FRFR") == 0)
    {
      r->from_file = values[0];
      r->from_rank = values[1];
      r->to_file = values[2];
      r->to_rank = values[3];
    }
  else if (strcmp (kinds, "FF") == 0)
    {
      r->from_file = values[0];
      r->to_file = values[1];
      if (r->piece == ARB_PAWN)
        r->flags |= ARB_SCORESHEET_READING_PAWN_FILES;
      else
        r->flags |= ARB_SCORESHEET_READING_PARTIAL;
    }
  else if (strcmp (kinds, "F") == 0)
    {
      r->to_file = values[0];
      r->flags |= ARB_SCORESHEET_READING_PARTIAL;
    }
  else if (strcmp (kinds, "R") == 0 && r->piece != ARB_PAWN)
    {
      r->to_rank = values[0];
      r->flags |= ARB_SCORESHEET_READING_PARTIAL;
    }
  else if (strcmp (kinds, "FRF") == 0)
    {
      r->from_file = values[0];
      r->from_rank = values[1];
      r->to_file = values[2];
      r->flags |= ARB_SCORESHEET_READING_PARTIAL;
    }
  else
    return FALSE;
  if (r->to_rank < 0 && !(r->flags & ARB_SCORESHEET_READING_PAWN_FILES))
    r->flags |= ARB_SCORESHEET_READING_PARTIAL;
  return TRUE;
}

/* Castling: 2 or 3 of 0, O or o, with or without hyphens ("0-0", "00",
 * "O-O-O", "o-o"). */
int
_arb_scoresheet_castling_of (const char *t, guint n)
{
  guint marks = 0;

  if (!_arb_scoresheet_only_chars (t, n, "0Oo-"))
    return 0;
  for (guint i = 0; i < n; i++)
    if (t[i] != '-')
      marks++;
  if (t[0] == '-' || t[n - 1] == '-')
    return 0;
  return marks == 2 ? 1 : marks == 3 ? 2 : 0;
}

/* Strips what players write after a move: "!", "?", "+", "#", "e.p.",
 * "(=)" and "=" (a draw offer). Sets token flags; returns the new length. */
guint
_arb_scoresheet_strip_suffixes (const char *t, guint n, guint *flags)
{
  gboolean changed = TRUE;

  while (changed && n > 0)
    {
      char c = t[n - 1];

      changed = FALSE;
      if (c == '!' || c == '?')
        {
          *flags |= ARB_SCORESHEET_TOKEN_ANNOTATED;
          n--;
          changed = TRUE;
        }
      else if (c == '+' || c == '#')
        {
          *flags |= ARB_SCORESHEET_TOKEN_CHECK;
          n--;
          changed = TRUE;
        }
      else if (n >= 3 && memcmp (t + n - 3, "(=)", 3) == 0)
        {
          *flags |= ARB_SCORESHEET_TOKEN_DRAW_OFFER;
          n -= 3;
          changed = TRUE;
        }
      else if (c == '=' && n >= 2 && !is_rank_char (t[n - 2]))
        {
          /* "Sf3=" offers a draw; "e8=" is a promotion missing its piece. */
          *flags |= ARB_SCORESHEET_TOKEN_DRAW_OFFER;
          n--;
          changed = TRUE;
        }
      else if (n >= 5 && memcmp (t + n - 4, "e.p.", 4) == 0)
        {
          n -= 4;
          changed = TRUE;
        }
      else if (n >= 4 && memcmp (t + n - 3, "e.p", 3) == 0)
        {
          n -= 3;
          changed = TRUE;
        }
      else if (n >= 4 && memcmp (t + n - 2, "ep", 2) == 0 && is_rank_char (t[n - 3]))
        {
          n -= 2;
          changed = TRUE;
        }
    }
  return n;
}

/* Splits off a promotion piece: "e8D", "e8=D", "e8(D)", "e8/D", "exd8Q",
 * "e7e8q". Returns the length before it and the letter in *letter. */
static guint
strip_promotion (const char *t, guint n, char *letter)
{
  guint k = n;
  char c;

  *letter = '\0';
  if (k >= 4 && t[k - 1] == ')' && t[k - 3] == '(')
    {
      c = t[k - 2];
      k -= 3;
    }
  else if (k >= 3)
    {
      c = t[k - 1];
      k--;
      while (k > 0 && (t[k - 1] == '=' || t[k - 1] == '/'))
        k--;
    }
  else
    return n;
  if (k < 2 || (t[k - 1] != '8' && t[k - 1] != '1'))
    return n;
  if (!(g_ascii_isupper (c) || figurine_piece (c) != ARB_NO_PIECE_TYPE || strchr ("qrbnndtls", c)))
    return n;
  if (c == '\0' || c == 'K' || c == FIG_KING || c == FIG_PAWN)
    return n;
  *letter = c;
  return k;
}

/* Fills the readings of a move word (after its move number). */
void
_arb_scoresheet_read_move (const char *t, guint n, Family family, ArbScoresheetToken *tok)
{
  LetterReading pieces[2];
  LetterReading promos[2];
  guint n_pieces, n_promos = 0;
  char promo_letter;
  int castling;

  n = _arb_scoresheet_strip_suffixes (t, n, &tok->flags);
  if (n == 0)
    return;

  castling = _arb_scoresheet_castling_of (t, n);
  if (castling)
    {
      ArbScoresheetReading r = { 0 };

      r.piece = ARB_NO_PIECE_TYPE;
      r.from_file = r.from_rank = r.to_file = r.to_rank = -1;
      r.castling = (guint8) castling;
      add_reading (tok, &r);
      return;
    }

  n = strip_promotion (t, n, &promo_letter);
  if (promo_letter != '\0')
    {
      n_promos = piece_readings (promo_letter, family, promos);
      if (!g_ascii_isupper (promo_letter) && figurine_piece (promo_letter) == ARB_NO_PIECE_TYPE)
        {
          /* "e8q" (long algebraic) costs nothing more than "e8Q". */
          n_promos = letter_readings (g_ascii_toupper (promo_letter), family, promos);
        }
    }

  /* With a piece letter. */
  n_pieces = piece_readings (t[0], family, pieces);
  for (guint i = 0; i < n_pieces; i++)
    for (guint j = 0; j < MAX (n_promos, 1u); j++)
      {
        ArbScoresheetReading r = { 0 };

        r.piece = (gint8) pieces[i].piece;
        r.from_file = r.from_rank = r.to_file = r.to_rank = -1;
        r.cost = pieces[i].cost;
        r.flags = pieces[i].flags;
        if (n_promos > 0)
          {
            if (promos[j].piece == ARB_PAWN || promos[j].piece == ARB_KING)
              continue;
            r.promotion = (guint8) promos[j].piece;
            r.cost += promos[j].cost;
          }
        if (parse_squares (t + 1, n - 1, &r))
          add_reading (tok, &r);
      }

  /* Without one: a pawn move, or a file written as a capital. */
  if (is_file_char (t[0]) || (t[0] >= 'A' && t[0] <= 'H'))
    for (guint j = 0; j < MAX (n_promos, 1u); j++)
      {
        ArbScoresheetReading r = { 0 };
        char first[WORD_MAX + 1];

        r.piece = ARB_PAWN;
        r.from_file = r.from_rank = r.to_file = r.to_rank = -1;
        if (n_promos > 0)
          {
            if (promos[j].piece == ARB_PAWN || promos[j].piece == ARB_KING)
              continue;
            r.promotion = (guint8) promos[j].piece;
            r.cost += promos[j].cost;
          }
        memcpy (first, t, n);
        if (!is_file_char (t[0]))
          {
            first[0] = g_ascii_tolower (t[0]);
            /* A capital that is also a piece letter of the sheet ("B" in
             * English, "D" in Swedish) is much more likely that piece. */
            r.cost += strchr (_arb_scoresheet_family_letters[family], t[0]) != NULL
                        ? COST_CAPITAL_PIECE_FILE
                        : COST_CAPITAL_FILE;
            r.flags |= ARB_SCORESHEET_READING_CAPITAL_FILE;
          }
        if (parse_squares (first, n, &r) && !((r.flags & ARB_SCORESHEET_READING_CAPITAL_FILE) &&
                                              r.from_file >= 0 && r.from_file == r.to_file))
          add_reading (tok, &r);
      }
}

/* Whether a word that reads as no move still looks like one written badly
 * (a square, or a piece letter and a coordinate): then it is an illegible
 * move, not a word beside the moves. */
gboolean
_arb_scoresheet_looks_like_move (const char *t, guint n, Family family)
{
  LetterReading pieces[2];
  gboolean coordinate = FALSE;

  if (n == 0 || n > 8)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (is_file_char (t[i]) || is_rank_char (t[i]))
      coordinate = TRUE;
  if (!coordinate)
    return FALSE;
  if (piece_readings (t[0], family, pieces) > 0 || is_file_char (t[0]))
    return TRUE;
  return FALSE;
}
