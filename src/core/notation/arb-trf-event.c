/* arb-trf-event.c: the event's rules in TRF-2026, its scoring and tie-breaks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The FIDE Technical Commission's "Format of Tournament Report File,
 * Version 2026" (TRF-2026) adds header records for what decides the
 * standings:
 *  - 162, the scoring of individual games: result codes W (a win, over
 *    the board or by forfeit, or a full-point bye), D (a draw or a
 *    half-point bye), L (a loss over the board), A (an absence: a
 *    zero-point bye or a forfeit loss), P (the pairing-allocated bye) and
 *    X (a result not known yet), the first in column 6 and its points in
 *    columns 7-10, each further pair nine columns on (15 and 16-19, 24
 *    and 25-28…). A code not given has its default: 1.0, 0.5, 0.0, 0.0,
 *    W's and D's points. The record is needed only when the points differ
 *    from those.
 *  - 362, the match points of a team event: TW (a team's win), TD (a
 *    draw) and TL (a loss), each code followed by its points as in 162;
 *    2.0, 1.0 and 0.0 when not given, and the record is needed only
 *    when they differ. The format gives the record no columns; the reader
 *    takes the codes and their points blank separated wherever they
 *    stand, and a record of bare numbers ("362 2.0 1.0 0.0", as some
 *    files have it) as TW's, TD's and TL's in the order the format lists
 *    them.
 *  - 202, the tie-breaks used to break ties on points, and 212, the
 *    order that defines the standings (202's with "PTS" before them):
 *    codes separated by commas, from the Commission's list of Mandatory
 *    Tie-Breaks (the acronyms of C.07, the Play-Off and Tie-Break
 *    Regulations) with their options, NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx]
 *    [/P][/F], in any case.
 * Each pair of 162 and each code of 202/212 is read here with what it
 * says kept as data; whether Arbiter can count it so is the import's
 * question (the round layer), not the reader's. A record that cannot be
 * read at all fails the parse with its line and column, as the other
 * records of the reader do. */

#include "arb-trf-private.h"
#include "arb-i18n.h"

#include <math.h>
#include <string.h>

static const char score_codes[ARB_TRF_SCORE_N] = {
  [ARB_TRF_SCORE_WIN] = 'W',     [ARB_TRF_SCORE_DRAW] = 'D',        [ARB_TRF_SCORE_LOSS] = 'L',
  [ARB_TRF_SCORE_ABSENCE] = 'A', [ARB_TRF_SCORE_PAIRING_BYE] = 'P', [ARB_TRF_SCORE_UNKNOWN] = 'X',
};

void
_arb_trf_scoring_init (ArbTrfScoring *scoring)
{
  static const double defaults[ARB_TRF_SCORE_N] = { 1.0, 0.5, 0.0, 0.0, 1.0, 0.5 };

  scoring->line = 0;
  scoring->given = 0;
  memcpy (scoring->points, defaults, sizeof defaults);
}

void
_arb_trf_tiebreak_free (ArbTrfTiebreak *tiebreak)
{
  if (tiebreak == NULL)
    return;
  g_free (tiebreak->code);
  g_free (tiebreak->name);
  g_free (tiebreak);
}

static gboolean
is_blank (gunichar c)
{
  return c == ' ' || c == '\t';
}

/* Characters @from to @to (0-based, @to excluded) of the line as text. */
static char *
text_of (const gunichar *chars, gsize from, gsize to)
{
  char *text = g_ucs4_to_utf8 (chars + from, (glong) (to - from), NULL, NULL, NULL);

  return text != NULL ? text : g_strdup ("");
}

/* The end of the word that starts at @i: the next blank or the line's end. */
static gsize
word_end (const gunichar *chars, gsize n_chars, gsize i)
{
  while (i < n_chars && !is_blank (chars[i]))
    i++;
  return i;
}

static int
score_kind (gunichar c)
{
  c = g_unichar_toupper (c);
  for (int k = 0; k < ARB_TRF_SCORE_N; k++)
    if (c == (gunichar) score_codes[k])
      return k;
  return -1;
}

/* The points of one pair of 162, the word at @from to @to. */
static gboolean
read_points (const gunichar *chars,
             gsize from,
             gsize to,
             int line_no,
             double *points,
             GError **error)
{
  g_autofree char *word = text_of (chars, from, to);
  char *end = NULL;
  double v = g_ascii_strtod (word, &end);

  if (word[0] == '\0' || end == NULL || *end != '\0' || !isfinite (v) || v < 0 || v >= 1000)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: record 162 of a TRF file gives the points of each result;
                    * the line and column are where in the file the fault is */
                   _ ("line %d, column %d: “%s” is not a number of points"), line_no,
                   (int) from + 1, word);
      return FALSE;
    }
  *points = v;
  return TRUE;
}

gboolean
_arb_trf_parse_scoring (const gunichar *chars,
                        gsize n_chars,
                        int line_no,
                        ArbTrfScoring *scoring,
                        GError **error)
{
  gsize i = 4; /* the value starts in column 5 */

  scoring->line = line_no;
  for (;;)
    {
      gsize at;
      int kind;

      while (i < n_chars && is_blank (chars[i]))
        i++;
      if (i >= n_chars)
        break;
      at = i;
      kind = score_kind (chars[i]);
      if (kind < 0 || (i + 1 < n_chars && g_unichar_isalpha (chars[i + 1])))
        {
          g_autofree char *word = text_of (chars, at, word_end (chars, n_chars, at));

          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: record 162 of a TRF file; keep the letters as they are */
                       _ ("line %d, column %d: “%s” is not a result of record 162 (W, D, L, A, "
                          "P or X)"),
                       line_no, (int) at + 1, word);
          return FALSE;
        }
      if (scoring->given & (1u << kind))
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: record 162 of a TRF file; %c is a result letter (W, D…) */
                       _ ("line %d, column %d: record 162 gives the points of %c twice"), line_no,
                       (int) at + 1, score_codes[kind]);
          return FALSE;
        }
      for (i++; i < n_chars && is_blank (chars[i]); i++)
        ;
      if (i >= n_chars)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: record 162 of a TRF file; %c is a result letter (W, D…) */
                       _ ("line %d, column %d: record 162 gives no points for %c"), line_no,
                       (int) at + 1, score_codes[kind]);
          return FALSE;
        }
      if (!read_points (chars, i, word_end (chars, n_chars, i), line_no, &scoring->points[kind],
                        error))
        return FALSE;
      scoring->given |= 1u << kind;
      i = word_end (chars, n_chars, i);
    }
  /* P and X default to the points of W and D as the record gives them. */
  if (!(scoring->given & (1u << ARB_TRF_SCORE_PAIRING_BYE)))
    scoring->points[ARB_TRF_SCORE_PAIRING_BYE] = scoring->points[ARB_TRF_SCORE_WIN];
  if (!(scoring->given & (1u << ARB_TRF_SCORE_UNKNOWN)))
    scoring->points[ARB_TRF_SCORE_UNKNOWN] = scoring->points[ARB_TRF_SCORE_DRAW];
  return TRUE;
}

static const char *const team_score_codes[ARB_TRF_TEAM_SCORE_N] = {
  [ARB_TRF_TEAM_SCORE_WIN] = "TW",
  [ARB_TRF_TEAM_SCORE_DRAW] = "TD",
  [ARB_TRF_TEAM_SCORE_LOSS] = "TL",
};

void
_arb_trf_team_scoring_init (ArbTrfTeamScoring *scoring)
{
  scoring->line = 0;
  scoring->given = 0;
  scoring->points[ARB_TRF_TEAM_SCORE_WIN] = 2.0;
  scoring->points[ARB_TRF_TEAM_SCORE_DRAW] = 1.0;
  scoring->points[ARB_TRF_TEAM_SCORE_LOSS] = 0.0;
}

static int
team_score_kind (const char *word)
{
  for (int k = 0; k < ARB_TRF_TEAM_SCORE_N; k++)
    if (g_ascii_strcasecmp (word, team_score_codes[k]) == 0)
      return k;
  return -1;
}

/* One code of 362 and its points from @i: the code, then its points
 * after blanks or at once ("TW 3.0", "TW3.0"). */
static gboolean
read_team_pair (const gunichar *chars,
                gsize n_chars,
                gsize *i,
                int line_no,
                ArbTrfTeamScoring *scoring,
                GError **error)
{
  gsize at = *i, end = word_end (chars, n_chars, at);
  g_autofree char *word = text_of (chars, at, end);
  int kind;

  /* The points written against the code: the code is its two letters. */
  if (end - at > 2 && g_unichar_isalpha (chars[at]) && g_unichar_isalpha (chars[at + 1]) &&
      !g_unichar_isalpha (chars[at + 2]))
    {
      end = at + 2;
      g_free (word);
      word = text_of (chars, at, end);
    }
  kind = team_score_kind (word);

  if (kind < 0)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: record 362 of a TRF file gives a team's match points; keep
                    * the codes as they are */
                   _ ("line %d, column %d: “%s” is not a result of record 362 (TW, TD or TL)"),
                   line_no, (int) at + 1, word);
      return FALSE;
    }
  if (scoring->given & (1u << kind))
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: record 362 of a TRF file; %s is a code (TW, TD or TL) */
                   _ ("line %d, column %d: record 362 gives the points of %s twice"), line_no,
                   (int) at + 1, team_score_codes[kind]);
      return FALSE;
    }
  for (*i = end; *i < n_chars && is_blank (chars[*i]); (*i)++)
    ;
  if (*i >= n_chars)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: record 362 of a TRF file; %s is a code (TW, TD or TL) */
                   _ ("line %d, column %d: record 362 gives no points for %s"), line_no,
                   (int) at + 1, team_score_codes[kind]);
      return FALSE;
    }
  end = word_end (chars, n_chars, *i);
  if (!read_points (chars, *i, end, line_no, &scoring->points[kind], error))
    return FALSE;
  scoring->given |= 1u << kind;
  *i = end;
  return TRUE;
}

/* "362 3.0 1.0 0.0": TW's, TD's and TL's points, from @i. */
static gboolean
read_bare_team_points (const gunichar *chars,
                       gsize n_chars,
                       gsize i,
                       int line_no,
                       ArbTrfTeamScoring *scoring,
                       GError **error)
{
  ArbTrfTeamScoring read;

  _arb_trf_team_scoring_init (&read);
  read.line = line_no;
  for (int k = 0;; k++)
    {
      while (i < n_chars && is_blank (chars[i]))
        i++;
      if (i >= n_chars)
        break;
      if (k == ARB_TRF_TEAM_SCORE_N)
        {
          g_autofree char *word = text_of (chars, i, word_end (chars, n_chars, i));

          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: record 362 of a TRF file gives a team's match points
                        * for a win, a draw and a loss, in that order */
                       _ ("line %d, column %d: “%s” is one more than the three points of record "
                          "362 (a win, a draw, a loss)"),
                       line_no, (int) i + 1, word);
          return FALSE;
        }
      if (!read_points (chars, i, word_end (chars, n_chars, i), line_no, &read.points[k], error))
        return FALSE;
      read.given |= 1u << k;
      i = word_end (chars, n_chars, i);
    }
  *scoring = read;
  return TRUE;
}

gboolean
_arb_trf_parse_team_scoring (const gunichar *chars,
                             gsize n_chars,
                             int line_no,
                             ArbTrfTeamScoring *scoring,
                             GError **error)
{
  ArbTrfTeamScoring read;
  gsize i = 4; /* the value starts in column 5 */

  /* A record that does not read changes nothing of the defaults. */
  _arb_trf_team_scoring_init (&read);
  read.line = line_no;
  while (i < n_chars && is_blank (chars[i]))
    i++;
  if (i < n_chars && !g_unichar_isalpha (chars[i]))
    return read_bare_team_points (chars, n_chars, i, line_no, scoring, error);
  for (;;)
    {
      while (i < n_chars && is_blank (chars[i]))
        i++;
      if (i >= n_chars)
        break;
      if (!read_team_pair (chars, n_chars, &i, line_no, &read, error))
        return FALSE;
    }
  *scoring = read;
  return TRUE;
}

static gboolean
all_digits (const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s != '\0'; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

/* One option after a '/': FALSE only for an empty one. */
static gboolean
read_option (ArbTrfTiebreak *tb, const char *option)
{
  char letter = option[0];
  const char *rest = option + (letter != '\0' ? 1 : 0);

  if (letter == '\0')
    return FALSE;
  if (strcmp (option, "P") == 0 || strcmp (option, "F") == 0)
    {
      gboolean *flag = letter == 'P' ? &tb->played : &tb->fore;

      tb->other |= *flag;
      *flag = TRUE;
      return TRUE;
    }
  if (letter == 'L' && (rest[0] == '+' || rest[0] == '-') && all_digits (rest + 1))
    rest = rest + (rest[0] == '+' ? 1 : 0);
  else if (!((letter == 'C' || letter == 'M' || letter == 'K' || letter == 'L') &&
             all_digits (rest)))
    {
      tb->other = TRUE;
      return TRUE;
    }
  tb->other |= tb->modifier != '\0';
  tb->modifier = letter;
  tb->modifier_value = (int) g_ascii_strtoll (rest, NULL, 10);
  return TRUE;
}

/* NAME, then an optional ":XX", then "/"-options. */
static gboolean
read_code (ArbTrfTiebreak *tb)
{
  g_auto (GStrv) parts = g_strsplit (tb->code, "/", -1);
  const char *colon = strchr (parts[0], ':');
  gsize name_len = colon != NULL ? (gsize) (colon - parts[0]) : strlen (parts[0]);

  if (name_len == 0 || !g_ascii_isalpha (parts[0][0]))
    return FALSE;
  for (gsize k = 0; k < name_len; k++)
    if (!g_ascii_isalnum (parts[0][k]) && parts[0][k] != '_')
      return FALSE;
  tb->name = g_strndup (parts[0], name_len);
  if (colon != NULL)
    {
      if (strlen (colon + 1) != 2 || !g_ascii_isalpha (colon[1]) || !g_ascii_isalpha (colon[2]))
        return FALSE;
      memcpy (tb->score, colon + 1, 2);
    }
  for (guint k = 1; parts[k] != NULL; k++)
    if (!read_option (tb, parts[k]))
      return FALSE;
  return TRUE;
}

gboolean
_arb_trf_parse_tiebreaks (const gunichar *chars,
                          gsize n_chars,
                          int line_no,
                          GPtrArray *codes,
                          GError **error)
{
  gsize i = 4;

  for (gsize k = i; k < n_chars && is_blank (chars[k]); k++)
    if (k + 1 == n_chars)
      return TRUE; /* a blank list says nothing */
  if (i >= n_chars)
    return TRUE;
  for (;;)
    {
      gsize start, end;
      ArbTrfTiebreak *tb;
      g_autofree char *word = NULL;

      while (i < n_chars && is_blank (chars[i]))
        i++;
      start = i;
      while (i < n_chars && chars[i] != ',')
        i++;
      end = i;
      while (end > start && is_blank (chars[end - 1]))
        end--;
      word = text_of (chars, start, end);
      tb = g_new0 (ArbTrfTiebreak, 1);
      tb->line = line_no;
      tb->column = (int) start + 1;
      tb->code = g_ascii_strup (word, -1);
      if (word[0] == '\0' || strpbrk (word, " \t") != NULL || !read_code (tb))
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: records 202 and 212 of a TRF file list tie-breaks; the
                        * second %s is the form of a code, keep it as it is */
                       _ ("line %d, column %d: “%s” is not a tie-break code of the form %s"),
                       line_no, tb->column, word, "NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F]");
          _arb_trf_tiebreak_free (tb);
          return FALSE;
        }
      g_ptr_array_add (codes, tb);
      if (i >= n_chars)
        return TRUE;
      i++; /* the comma */
    }
}
