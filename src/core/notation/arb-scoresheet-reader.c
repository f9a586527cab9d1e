/* arb-scoresheet-reader.c: a scoresheet as the players wrote it, read leniently
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-scoresheet-private.h"
#include "arb-i18n.h"

/* clang-format off */
G_DEFINE_QUARK (arb-scoresheet-error-quark, arb_scoresheet_error)
/* clang-format on */

struct _ArbScoresheet
{
  GArray *tokens; /* ArbScoresheetToken */
  GStringChunk *strings;
  char letters[6];
  char *result;
};

/* A word of the input between separators, normalised to ASCII. */
typedef struct
{
  char text[WORD_MAX + 1];
  guint n;
  gboolean too_long;
  guint offset; /* bytes of the input */
  guint length;
  guint line;
  guint column;
} Word;

/* A word kept for the second pass, once the letters are known. */
typedef struct
{
  Word word;
  guint start; /* where the move starts in word.text, after a number */
  int number;
  int side;
  int expected;
  guint flags;
  gboolean illegible;
} PendingToken;

typedef struct
{
  const char *input;
  gsize length;
  gsize pos;
  guint line;
  guint column;
  guint bad_bytes;
} Scanner;

gboolean
arb_scoresheet_language_is_known (const char *language)
{
  Family family;

  return _arb_scoresheet_family_for_language (language, &family);
}

/* ------------------------------------------------------------------------ */
/* Scanning */

static gboolean
is_separator (gunichar c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '|' ||
         c == 0xA0 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0x3000 || c == '\f' ||
         c == '\v';
}

/* Appends the ASCII form of a character to the word; FALSE when it has no
 * meaning on a scoresheet (it is dropped). */
static void
word_append (Word *w, const char *ascii)
{
  for (const char *p = ascii; *p != '\0'; p++)
    {
      if (w->n >= WORD_MAX)
        {
          w->too_long = TRUE;
          return;
        }
      w->text[w->n++] = *p;
    }
}

static void
word_append_char (Word *w, gunichar c)
{
  char buf[4] = { 0 };

  if (c < 0x80)
    {
      buf[0] = (char) c;
      word_append (w, buf);
      return;
    }
  switch (c)
    {
    case 0x2654: /* white figurines */
    case 0x265A: /* black ones */
      buf[0] = FIG_KING;
      break;
    case 0x2655:
    case 0x265B:
      buf[0] = FIG_QUEEN;
      break;
    case 0x2656:
    case 0x265C:
      buf[0] = FIG_ROOK;
      break;
    case 0x2657:
    case 0x265D:
      buf[0] = FIG_BISHOP;
      break;
    case 0x2658:
    case 0x265E:
      buf[0] = FIG_KNIGHT;
      break;
    case 0x2659:
    case 0x265F:
      buf[0] = FIG_PAWN;
      break;
    case 0x00D7: /* multiplication sign */
      buf[0] = 'x';
      break;
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
      buf[0] = '-';
      break;
    case 0x00BD:
      word_append (w, "1/2");
      return;
    case 0x2026:
      word_append (w, "...");
      return;
    case 0x2018:
    case 0x2019:
    case 0x2032:
    case 0x00B4:
      buf[0] = '\'';
      break;
    case 0x201C:
    case 0x201D:
    case 0x2033:
      buf[0] = '"';
      break;
    case 0x2020: /* dagger: check */
      buf[0] = '+';
      break;
    case 0x2021: /* double dagger: mate */
      buf[0] = '#';
      break;
    case 0x00B0: /* a degree sign for a zero in castling */
      buf[0] = '0';
      break;
    default:
      /* Letters of other scripts and symbols carry nothing a move needs;
       * the reading goes on without them. */
      return;
    }
  word_append (w, buf);
}

/* Decodes the next character; -1 at the end, -2 for a byte that is not
 * UTF-8 (consumed). */
static gint32
scanner_next (Scanner *s, gsize *start)
{
  const guchar *p;
  gunichar c;
  gsize avail;
  guint len;

  *start = s->pos;
  if (s->pos >= s->length)
    return -1;
  p = (const guchar *) s->input + s->pos;
  avail = s->length - s->pos;
  if (p[0] < 0x80)
    {
      s->pos++;
      c = p[0];
    }
  else
    {
      if (p[0] >= 0xC2 && p[0] <= 0xDF)
        len = 2;
      else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        len = 3;
      else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        len = 4;
      else
        len = 0;
      if (len == 0 || len > avail)
        {
          s->pos++;
          s->column++;
          s->bad_bytes++;
          return -2;
        }
      c = g_utf8_get_char_validated ((const char *) p, len);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          s->pos++;
          s->column++;
          s->bad_bytes++;
          return -2;
        }
      s->pos += len;
    }
  if (c == '\n')
    {
      s->line++;
      s->column = 1;
    }
  else
    s->column++;
  return (gint32) c;
}

/* "1:23", "1:23:45", "1.23.45", "45'", "12m", "1h30", "(1:23)" without
 * its parentheses. */
static gboolean
is_time (const char *t, guint n)
{
  guint digits = 0, marks = 0;

  if (n < 2 || n > 10)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char c = t[i];

      if (g_ascii_isdigit (c))
        digits++;
      else if (c == ':' || c == '\'' || c == '"' || c == 'h' || c == 'm' || c == 's' ||
               (c == '.' && i > 0 && i + 1 < n && g_ascii_isdigit (t[i + 1])))
        marks++;
      else
        return FALSE;
    }
  if (!g_ascii_isdigit (t[0]) || marks == 0)
    return FALSE;
  /* "1.2" is not a time; "1.23" is. */
  return digits >= 2;
}

static const char *
result_of (const char *t, guint n)
{
  static const struct
  {
    const char *text;
    const char *result;
  } results[] = {
    { "1-0", "1-0" },
    { "0-1", "0-1" },
    { "1/2-1/2", "1/2-1/2" },
    { "1/2", "1/2-1/2" },
    { "0.5-0.5", "1/2-1/2" },
    { "1:0", "1-0" },
    { "0:1", "0-1" },
    { "+-", "1-0" },
    { "-+", "0-1" },
    { "1/2:1/2", "1/2-1/2" },
    { "*", "*" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (strlen (results[i].text) == n && memcmp (t, results[i].text, n) == 0)
      return results[i].result;
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* The sheet */

static void
token_init (ArbScoresheetToken *tok)
{
  memset (tok, 0, sizeof *tok);
  tok->side = -1;
  tok->expected = -1;
}

static gboolean
word_next (Scanner *s, Word *w, GError **error)
{
  gsize start;
  gint32 c;
  gboolean in_word = FALSE;
  gsize end = s->pos;

  memset (w, 0, sizeof *w);
  for (;;)
    {
      guint line = s->line, column = s->column;

      c = scanner_next (s, &start);
      if (c == -1)
        break;
      if (c == 0)
        {
          g_set_error (
            error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_TEXT,
            /* Translators: the line and the column are where in the scoresheet's text the
                        * fault is */
            _ ("line %u, column %u: the sheet is not text (a zero byte)"), line, column);
          return FALSE;
        }
      if (c == -2)
        {
          if (in_word)
            end = s->pos;
          continue;
        }
      if (is_separator ((gunichar) c))
        {
          if (in_word)
            break;
          continue;
        }
      if (!in_word)
        {
          in_word = TRUE;
          w->offset = (guint) start;
          w->line = line;
          w->column = column;
        }
      /* Comments in braces, and "(=)" or "(1:23)" apart from a move, are
       * words of their own up to the closing bracket. */
      if ((c == '{' || c == '[') && w->n == 0)
        {
          char close = c == '{' ? '}' : ']';
          gsize guard = 0;

          word_append_char (w, (gunichar) c);
          while (s->pos < s->length && guard++ < 4096)
            {
              gint32 d = scanner_next (s, &start);

              if (d == 0)
                {
                  g_set_error (
                    error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_TEXT,
                    /* Translators: the line and the column are where in the scoresheet's text the
                                * fault is */
                    _ ("line %u, column %u: the sheet is not text (a zero byte)"), s->line,
                    s->column);
                  return FALSE;
                }
              if (d == close)
                break;
            }
          w->too_long = TRUE; /* a comment: never a move */
          end = s->pos;
          break;
        }
      word_append_char (w, (gunichar) c);
      end = s->pos;
    }
  if (!in_word)
    return FALSE;
  w->length = (guint) (end - w->offset);
  w->text[w->n] = '\0';
  return TRUE;
}

/* Counts the piece letters of the moves to tell the language. */
static Family
detect_family (GArray *pending)
{
  guint en = 0, s = 0, p = 0, dtl = 0;

  for (guint i = 0; i < pending->len; i++)
    {
      const PendingToken *pt = &g_array_index (pending, PendingToken, i);
      const char *t = pt->word.text + pt->start;
      guint n = pt->word.n - pt->start;

      if (pt->illegible || n < 2)
        continue;
      switch (t[0])
        {
        case 'Q':
        case 'R':
        case 'N':
          en++;
          break;
        case 'B':
          /* A bishop, unless it is a capital b-file: "B4". */
          if (n >= 3)
            en++;
          break;
        case 'S':
          s++;
          break;
        case 'P':
          p++;
          break;
        case 'D':
          if (n >= 3)
            dtl++;
          break;
        case 'T':
        case 'L':
          dtl++;
          break;
        default:
          break;
        }
    }
  if (en >= s + p + dtl)
    return FAMILY_EN;
  if (p > s)
    return FAMILY_KDTLP;
  return FAMILY_KDTLS;
}

/* Castling with zeros and dashes ("0-0", "0-0-0+", "0-0!"): what a
 * move number may be glued to although it starts with a digit. Zeros
 * without a dash ("12.00") stay a time. */
static gboolean
glued_castling (const char *t, guint n)
{
  guint flags = 0;
  guint stripped = _arb_scoresheet_strip_suffixes (t, n, &flags);

  return stripped > 0 && memchr (t, '-', stripped) != NULL &&
         _arb_scoresheet_castling_of (t, stripped) != 0;
}

/* A move number at the start of a word: "12", "12.", "12...", "12)",
 * "12.e4", "12.0-0". Returns the characters it takes (0 when none) and sets
 * *number and *black. */
static guint
move_number_of (const char *t, guint n, int *number, gboolean *black)
{
  guint i = 0;
  int value = 0;
  guint dots = 0;

  while (i < n && g_ascii_isdigit (t[i]) && i < 4)
    value = value * 10 + (t[i++] - '0');
  if (i == 0 || i == n + 1)
    return 0;
  if (i < n && g_ascii_isdigit (t[i]))
    return 0;
  if (i == n)
    {
      *number = value;
      *black = FALSE;
      return i;
    }
  if (t[i] == ')')
    {
      *number = value;
      *black = FALSE;
      return i + 1;
    }
  while (i + dots < n && t[i + dots] == '.')
    dots++;
  if (dots == 0)
    return 0;
  /* "1.23" is a time, not a number and a move; "12.0-0" is castling
   * written with zeros right after its move number. */
  if (i + dots < n && g_ascii_isdigit (t[i + dots]) && !glued_castling (t + i + dots, n - i - dots))
    return 0;
  *number = value;
  *black = dots >= 2;
  return i + dots;
}

/* Words kept out of the tokens where a move was due, after a move number
 * ("1. qq zz"): they count against the sheet as unreadable tokens do. */
typedef struct
{
  guint n;
  guint line;
  guint column;
  char text[64]; /* the first, cut short */
} Dropped;

/* For a token with no reading: whether its word is one beside the moves,
 * to be left out (noted in @dropped where a move was due, after a move
 * number), or else a move that cannot be read (marked illegible). */
static gboolean
dropped_word (Dropped *dropped,
              const PendingToken *pt,
              const char *original,
              Family family,
              ArbScoresheetToken *tok)
{
  const char *t = pt->word.text + pt->start;
  guint n = pt->word.n - pt->start;
  guint stripped = _arb_scoresheet_strip_suffixes (t, n, &tok->flags);

  if (_arb_scoresheet_looks_like_move (t, stripped, family))
    {
      tok->flags |= ARB_SCORESHEET_TOKEN_ILLEGIBLE;
      return FALSE;
    }
  if (pt->number > 0 && dropped->n++ == 0)
    {
      dropped->line = pt->word.line;
      dropped->column = pt->word.column;
      g_utf8_strncpy (dropped->text, original, 15);
    }
  return TRUE;
}

/* A sheet where over a third of the words written as moves read as no
 * move ("hello world", a letter pasted by mistake, rows of nonsense)
 * is not a scoresheet: a game rebuilt from it would be invented. A "?"
 * or a blank cell is the player's own mark of a move not written, and
 * counts as read. */
static gboolean
looks_like_a_game (const ArbScoresheet *sheet, const Dropped *dropped, GError **error)
{
  const ArbScoresheetToken *first = NULL;
  guint unreadable = dropped->n;
  guint total = sheet->tokens->len + dropped->n;
  guint line, column;
  const char *text;

  for (guint i = 0; i < sheet->tokens->len; i++)
    {
      const ArbScoresheetToken *tok = &g_array_index (sheet->tokens, ArbScoresheetToken, i);

      if (tok->n_readings > 0 || (tok->flags & ARB_SCORESHEET_TOKEN_BLANK) ||
          _arb_scoresheet_only_chars (tok->text, (guint) strlen (tok->text), "?-_."))
        continue;
      unreadable++;
      if (first == NULL)
        first = tok;
    }
  /* A third is far beyond a hurried player's scrawl: the "?" of a move
   * not written counts as read. */
  if (unreadable == 0 || unreadable * 3 <= total)
    return TRUE;
  if (first == NULL ||
      (dropped->n > 0 && (dropped->line < first->line ||
                          (dropped->line == first->line && dropped->column < first->column))))
    {
      line = dropped->line;
      column = dropped->column;
      text = dropped->text;
    }
  else
    {
      line = first->line;
      column = first->column;
      text = first->text;
    }
  g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_A_SHEET,
               /* Translators: the line and the column are where in the scoresheet's text the
                * fault is */
               _ ("line %u, column %u: '%s' is not a move, and %u of the %u words read as moves "
                  "are none: this is not a scoresheet"),
               line, column, text, unreadable, total);
  return FALSE;
}

/* The first pass's state: the move numbers seen and the words kept. */
typedef struct
{
  GArray *pending; /* PendingToken */
  int group_number;
  gboolean group_black;
  int group_count;
  gboolean after_bare_number;
  int base_abs;
  int base_index;
  const char *result;
} Layout;

/* The last kept word gets @flags (a draw offer, a time beside it). */
static void
flag_last (Layout *l, guint flags)
{
  if (l->pending->len > 0)
    g_array_index (l->pending, PendingToken, l->pending->len - 1).flags |= flags;
}

/* A white group of one move followed by the next white number: Black's
 * cell was left empty, and a blank token stands for it. */
static void
add_blank_black (Layout *l)
{
  PendingToken blank = { 0 };
  const PendingToken *prev = &g_array_index (l->pending, PendingToken, l->pending->len - 1);

  blank.word = prev->word;
  blank.word.offset = prev->word.offset + prev->word.length;
  blank.word.length = 0;
  blank.word.n = 0;
  blank.word.text[0] = '\0';
  blank.illegible = TRUE;
  blank.flags = ARB_SCORESHEET_TOKEN_ILLEGIBLE | ARB_SCORESHEET_TOKEN_BLANK;
  blank.number = l->group_number;
  blank.side = ARB_BLACK;
  blank.expected = prev->expected >= 0 ? prev->expected + 1 : -1;
  g_array_append_val (l->pending, blank);
}

/* A move number at the start of the word *@t (@n bytes): the group it
 * opens, and *@t, *@n, *@start past it. TRUE when nothing of the word is
 * left to read. */
static gboolean
take_move_number (Layout *l, const char **t, guint *n, guint *start)
{
  int number = 0;
  gboolean black = FALSE;
  guint skip = move_number_of (*t, *n, &number, &black);

  if (skip > 0 && number >= 1 && number <= 999)
    {
      if (l->group_number > 0 && !l->group_black && l->group_count == 1 && !black &&
          number == l->group_number + 1 && l->pending->len > 0)
        add_blank_black (l);
      l->group_number = number;
      l->group_black = black;
      l->group_count = 0;
      l->after_bare_number = skip == *n;
      *t += skip;
      *n -= skip;
      *start = skip;
      return *n == 0;
    }
  if (l->after_bare_number && _arb_scoresheet_only_chars (*t, *n, "."))
    {
      /* "12 ..." : the group starts with Black. */
      l->group_black = TRUE;
      l->after_bare_number = FALSE;
      return TRUE;
    }
  l->after_bare_number = FALSE;
  return FALSE;
}

/* The words written beside the moves: a draw offer, a time, the
 * result, "e.p.", marks and numbers that are no move. TRUE when @t is
 * one of them (taken note of where it matters). */
static gboolean
take_word_beside (Layout *l, const char *t, guint n)
{
  if (t[0] == '(' && n >= 2 && t[n - 1] == ')')
    {
      flag_last (l, n == 3 && t[1] == '=' ? ARB_SCORESHEET_TOKEN_DRAW_OFFER
                                          : ARB_SCORESHEET_TOKEN_TIME);
      return TRUE;
    }
  if (n == 1 && t[0] == '=')
    {
      flag_last (l, ARB_SCORESHEET_TOKEN_DRAW_OFFER);
      return TRUE;
    }
  if (result_of (t, n) != NULL)
    {
      l->result = result_of (t, n);
      return TRUE;
    }
  if (is_time (t, n))
    {
      flag_last (l, ARB_SCORESHEET_TOKEN_TIME);
      return TRUE;
    }
  if ((n == 4 && memcmp (t, "e.p.", 4) == 0) || (n == 3 && memcmp (t, "e.p", 3) == 0) ||
      (n == 2 && memcmp (t, "ep", 2) == 0) || _arb_scoresheet_only_chars (t, n, "!"))
    return TRUE;
  if (_arb_scoresheet_only_chars (t, n, "!?") && strchr (t, '!') != NULL)
    return TRUE;
  if (g_ascii_isdigit (t[0]))
    {
      guint unused = 0;

      /* A number that is not a move number, or "0" alone; castling
       * with zeros ("0-0-0!?") is a move. */
      return _arb_scoresheet_castling_of (t, _arb_scoresheet_strip_suffixes (t, n, &unused)) == 0;
    }
  return FALSE;
}

/* Keeps the word @w (the move in it at @pt->start, @n bytes of @t) with
 * its place in the layout: its move number, side and expected index. */
static void
keep_move_word (Layout *l, const Word *w, const char *t, guint n, PendingToken *pt)
{
  pt->word = *w;
  pt->illegible = _arb_scoresheet_only_chars (t, n, "?-_.");
  if (pt->illegible)
    pt->flags |= ARB_SCORESHEET_TOKEN_ILLEGIBLE;
  pt->number = 0;
  pt->side = -1;
  pt->expected = -1;
  if (l->group_number > 0 && l->group_count < 2)
    {
      int side = (l->group_black ? 1 : 0) + l->group_count;

      pt->number = l->group_number + (side >= 2 ? 1 : 0);
      pt->side = side % 2;
      if (l->base_abs < 0)
        {
          l->base_abs = 2 * (pt->number - 1) + pt->side;
          l->base_index = (int) l->pending->len;
        }
      pt->expected = 2 * (pt->number - 1) + pt->side - l->base_abs + l->base_index;
    }
  l->group_count++;
  g_array_append_val (l->pending, *pt);
}

/* First pass: words, numbers and the layout of the moves. */
static gboolean
read_layout (Scanner *s, Layout *l, GError **error)
{
  GError *local_error = NULL;
  Word w;

  while (word_next (s, &w, &local_error))
    {
      PendingToken pt = { 0 };
      const char *t = w.text;
      guint n = w.n;

      if (w.too_long || n == 0)
        continue;
      if (take_move_number (l, &t, &n, &pt.start) || take_word_beside (l, t, n))
        continue;
      keep_move_word (l, &w, t, n, &pt);
      if (l->pending->len > ARB_SCORESHEET_MAX_TOKENS)
        {
          g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_TOO_LARGE,
                       _ ("line %u, column %u: more than %d half-moves; a scoresheet has fewer"),
                       w.line, w.column, ARB_SCORESHEET_MAX_TOKENS);
          return FALSE;
        }
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  if (s->bad_bytes > 16 && s->bad_bytes * 4 > s->length)
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_TEXT,
                   _ ("the sheet is not text: %u of its %lu bytes are not UTF-8"), s->bad_bytes,
                   (gulong) s->length);
      return FALSE;
    }
  return TRUE;
}

/* Second pass: the readings of the kept words, now that the letters are
 * known; a word that reads as no move may be dropped (@dropped). */
static void
read_tokens (ArbScoresheet *sheet,
             const char *text,
             GArray *pending,
             Family family,
             Dropped *dropped)
{
  for (guint i = 0; i < pending->len; i++)
    {
      const PendingToken *pt = &g_array_index (pending, PendingToken, i);
      ArbScoresheetToken tok;
      g_autofree char *original = NULL;

      token_init (&tok);
      tok.offset = pt->word.offset;
      tok.length = pt->word.length;
      tok.line = pt->word.line;
      tok.column = pt->word.column;
      tok.number = pt->number;
      tok.side = pt->side;
      tok.expected = pt->expected;
      tok.flags = pt->flags;
      original = g_utf8_make_valid (text + pt->word.offset, pt->word.length);
      tok.text = g_string_chunk_insert (sheet->strings, original);
      if (!pt->illegible)
        {
          const char *t = pt->word.text + pt->start;
          guint n = pt->word.n - pt->start;

          _arb_scoresheet_read_move (t, n, family, &tok);
          if (tok.n_readings == 0 && dropped_word (dropped, pt, original, family, &tok))
            continue;
        }
      g_array_append_val (sheet->tokens, tok);
    }
}

ArbScoresheet *
arb_scoresheet_read (const char *text, gssize length, const char *language, GError **error)
{
  g_autoptr (ArbScoresheet) sheet = NULL;
  g_autoptr (GArray) pending = NULL;
  Scanner s = { 0 };
  Layout l = { 0 };
  Family family;
  gsize len;
  Dropped dropped = { 0 };

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  len = length < 0 ? strlen (text) : (gsize) length;
  if (!_arb_scoresheet_family_for_language (language, &family))
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_LANGUAGE,
                   _ ("no piece letters for the language '%s' (auto, en, sv, nb, da, de or nl)"),
                   language);
      return NULL;
    }
  if (len > ARB_SCORESHEET_MAX_BYTES)
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_TOO_LARGE,
                   _ ("the sheet is %lu bytes; a scoresheet is at most %d"), (gulong) len,
                   ARB_SCORESHEET_MAX_BYTES);
      return NULL;
    }

  sheet = g_new0 (ArbScoresheet, 1);
  sheet->tokens = g_array_new (FALSE, FALSE, sizeof (ArbScoresheetToken));
  sheet->strings = g_string_chunk_new (256);
  pending = g_array_new (FALSE, FALSE, sizeof (PendingToken));

  s.input = text;
  s.length = len;
  s.line = 1;
  s.column = 1;
  l.pending = pending;
  l.base_abs = -1;
  l.base_index = -1;
  if (!read_layout (&s, &l, error))
    return NULL;

  if (family == FAMILY_AUTO)
    family = detect_family (pending);
  g_strlcpy (sheet->letters, _arb_scoresheet_family_letters[family], sizeof sheet->letters);
  sheet->result = g_strdup (l.result);
  read_tokens (sheet, text, pending, family, &dropped);

  if (sheet->tokens->len == 0)
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_EMPTY,
                   _ ("line %u: the sheet has no moves"), s.line);
      return NULL;
    }
  if (!looks_like_a_game (sheet, &dropped, error))
    return NULL;
  return g_steal_pointer (&sheet);
}

void
arb_scoresheet_free (ArbScoresheet *sheet)
{
  if (sheet == NULL)
    return;
  g_array_unref (sheet->tokens);
  g_string_chunk_free (sheet->strings);
  g_free (sheet->result);
  g_free (sheet);
}

guint
arb_scoresheet_get_n_tokens (const ArbScoresheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->tokens->len;
}

const ArbScoresheetToken *
arb_scoresheet_get_token (const ArbScoresheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL, NULL);
  g_return_val_if_fail (index < sheet->tokens->len, NULL);
  return &g_array_index (sheet->tokens, ArbScoresheetToken, index);
}

const char *
arb_scoresheet_get_letters (const ArbScoresheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, NULL);
  return sheet->letters;
}

const char *
arb_scoresheet_get_result (const ArbScoresheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, NULL);
  return sheet->result;
}

int
arb_scoresheet_token_at_offset (const ArbScoresheet *sheet, gsize offset)
{
  int found = -1;

  g_return_val_if_fail (sheet != NULL, -1);
  for (guint i = 0; i < sheet->tokens->len; i++)
    {
      const ArbScoresheetToken *tok = &g_array_index (sheet->tokens, ArbScoresheetToken, i);

      if (tok->offset > offset)
        break;
      found = (int) i;
    }
  return found;
}
