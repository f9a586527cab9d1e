/* arb-pgn-tags.c: the tag pairs of a PGN game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-pgn-reader-private.h"

#define MAX_TAG_NAME 256

/* For each byte: TAG_NAME if it may be part of a tag's name in strict mode
 * (a letter, a digit or '_'), TAG_VALUE if a tag's value may hold it
 * without the general reading (anything but a quote, a backslash and the
 * control characters other than the tab); see process_plain_tag(). */
enum
{
  TAG_NAME = 1,
  TAG_VALUE = 2,
};
static guint8 tag_byte[256];

static const char *const roster[] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

void
_arb_pgn_tags_init (void)
{
  for (int c = 0; c < 256; c++)
    {
      tag_byte[c] = (g_ascii_isalnum (c) || c == '_') ? TAG_NAME : 0;
      if (c != '"' && c != '\\' && (c >= 0x20 || c == '\t'))
        tag_byte[c] |= TAG_VALUE;
    }
}

/* ---- Tags -------------------------------------------------------------- */

static gboolean
valid_strict_name (const char *name, gsize len)
{
  if (len == 0 || !g_ascii_isalpha (name[0]))
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (name[i]) && name[i] != '_')
      return FALSE;
  return TRUE;
}

static gboolean
tag_seen (ArbPgnReader *r, const char *name)
{
  const char *p = r->tag_names->str;
  const char *end = p + r->tag_names->len;

  while (p < end)
    {
      if (strcmp (p, name) == 0)
        return TRUE;
      p += strlen (p) + 1;
    }
  return FALSE;
}

/* Which of the seven tag roster @name is (its bit in roster_seen), or 0:
 * told by its first letter and length before a comparison. */
static guint
roster_bit (const char *name, gsize len)
{
  guint i;

  switch (name[0])
    {
    case 'E':
      i = 0;
      break;
    case 'S':
      i = 1;
      break;
    case 'D':
      i = 2;
      break;
    case 'R':
      i = len == 6 ? 6 : 3;
      break;
    case 'W':
      i = 4;
      break;
    case 'B':
      i = 5;
      break;
    default:
      return 0;
    }
  return len == strlen (roster[i]) && memcmp (name, roster[i], len) == 0 ? 1u << i : 0;
}

/* Keeps the value of the tags the reader itself reads (FEN, SetUp,
 * Variant, Result); of repeated tags (lenient mode) the first counts, as
 * for arb_pgn_game_get_tag(). The names are told apart by length and
 * first letter first, since most tags are none of these. */
static void
keep_tag_value (ArbPgnReader *r, const char *name, gsize name_len, const char *value)
{
  switch (name_len)
    {
    case 3:
      if (!r->has_fen && (name[0] | 0x20) == 'f' && g_ascii_strcasecmp (name, "FEN") == 0)
        {
          g_string_assign (r->fen, value);
          r->has_fen = TRUE;
        }
      break;
    case 5:
      if (!r->has_setup && (name[0] | 0x20) == 's' && g_ascii_strcasecmp (name, "SetUp") == 0)
        {
          g_string_assign (r->setup, value);
          r->has_setup = TRUE;
        }
      break;
    case 7:
      if (!r->has_variant && (name[0] | 0x20) == 'v' && g_ascii_strcasecmp (name, "Variant") == 0)
        {
          g_string_assign (r->variant, value);
          r->has_variant = TRUE;
        }
      break;
    case 6:
      if (!r->has_result_tag && name[0] == 'R' && strcmp (name, "Result") == 0)
        {
          g_string_assign (r->result_tag, value);
          r->has_result_tag = TRUE;
        }
      break;
    default:
      break;
    }
}

static void
record_tag (ArbPgnReader *r, const char *name, gsize name_len, const char *value, gsize value_len)
{
  if (++r->n_tags > ARB_PGN_MAX_TAGS)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, name,
                          _ ("more than %u tags in one game"), ARB_PGN_MAX_TAGS);
      return;
    }
  if ((r->flags & ARB_PGN_READER_UTF8) && !g_utf8_validate (value, (gssize) value_len, NULL))
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_ENCODING, r->text_line, r->text_col, 0, name,
                          _ ("the value of the tag %s is not UTF-8 text"), name);
      return;
    }
  /* The names are looked up only in strict mode and after an empty line
   * (see _arb_pgn_process_tag_line), so a repeated name may be listed twice. */
  if (r->strict && tag_seen (r, name))
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                          _ ("the tag %s appears twice"), name);
      return;
    }
  append_bytes (r->tag_names, name, name_len + 1);
  if (r->strict)
    r->roster_seen |= roster_bit (name, name_len);
  keep_tag_value (r, name, name_len, value);

  if (r->v.tag != NULL)
    r->v.tag (r, name, value, value_len, r->user_data);
}

/* Resolves \" and \\ into r->scratch. Lenient mode keeps any other
 * backslash and a lone quote as they are. */
static gboolean
unescape_value (ArbPgnReader *r, const char *s, gsize n)
{
  g_string_truncate (r->scratch, 0);
  /* Most values have nothing to unescape: copied whole. */
  if (memchr (s, '\\', n) == NULL && !(r->strict && memchr (s, '"', n) != NULL))
    {
      append_bytes (r->scratch, s, n);
      return TRUE;
    }
  for (gsize i = 0; i < n; i++)
    {
      char c = s[i];

      if (c == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
        {
          g_string_append_c (r->scratch, s[++i]);
          continue;
        }
      if (r->strict && (c == '"' || c == '\\'))
        return FALSE;
      g_string_append_c (r->scratch, c);
    }
  return TRUE;
}

/* Whether the tag line in r->text is within the limits. *@n is its length
 * without the white space at its end. */
static gboolean
tag_line_within_limits (ArbPgnReader *r, gsize *n)
{
  const char *s = r->text->str;

  if (r->text_overflow)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
                          _ ("the tag line is longer than %u bytes"), MAX_TEXT);
      return FALSE;
    }
  if (r->game_text > ARB_PGN_MAX_GAME_TEXT)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
                          _ ("the tags and comments of one game are longer than %u bytes"),
                          ARB_PGN_MAX_GAME_TEXT);
      return FALSE;
    }
  *n = r->text->len;
  while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t' || s[*n - 1] == '\r'))
    (*n)--;
  return TRUE;
}

/* Whether the first @n bytes of the tag line hold no control character. */
static gboolean
tag_line_printable (ArbPgnReader *r, gsize n)
{
  const char *s = r->text->str;

  for (gsize k = 0; k < n; k++)
    if ((guchar) s[k] < 0x20 && s[k] != '\t')
      {
        _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                            _ ("a tag line holds the control character 0x%02X"),
                            (guint) (guchar) s[k]);
        return FALSE;
      }
  return TRUE;
}

/* The tag's name from s[*i] into @name, and *@i past it and the space
 * before its value's quote; FALSE after an error. */
static gboolean
read_tag_name (ArbPgnReader *r, const char *s, gsize n, gsize *i, char name[MAX_TAG_NAME])
{
  gsize name_start, name_end;

  if (!r->strict)
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
      (*i)++;
  name_start = *i;
  while (*i < n && s[*i] != ' ' && s[*i] != '\t' && s[*i] != '"' && s[*i] != ']')
    (*i)++;
  name_end = *i;
  if (name_end == name_start)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                          _ ("a tag pair must start with its name right after '['"));
      return FALSE;
    }
  if (name_end - name_start >= MAX_TAG_NAME)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                          _ ("the tag name is too long"));
      return FALSE;
    }
  memcpy (name, s + name_start, name_end - name_start);
  name[name_end - name_start] = '\0';
  if (r->strict && !valid_strict_name (name, name_end - name_start))
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                          _ ("\"%s\" is not a valid tag name"), name);
      return FALSE;
    }
  if (r->strict)
    {
      if (*i + 1 >= n || s[*i] != ' ' || s[*i + 1] != '"')
        {
          _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                              _ ("the tag %s must be followed by one space and a quoted value"),
                              name);
          return FALSE;
        }
      (*i)++;
    }
  else
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
      (*i)++;
  if (*i >= n || s[*i] != '"')
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
                          _ ("the value of the tag %s does not start with '\"'"), name);
      return FALSE;
    }
  return TRUE;
}

/* Where the value that starts at @value_start ends: *@close at its
 * closing quote, *@after past the ']'. The value ends at the first
 * unescaped quote followed by ']'; leniently, at the last quote before
 * a final ']' ("Tournament \"]", an unescaped quote inside). FALSE after
 * an error. */
static gboolean
find_tag_value_end (ArbPgnReader *r,
                    const char *s,
                    gsize n,
                    gsize value_start,
                    const char *name,
                    gsize *close,
                    gsize *after)
{
  for (gsize k = value_start; k < n; k++)
    {
      if (s[k] == '\\' && k + 1 < n)
        {
          k++;
          continue;
        }
      if (s[k] == '"')
        {
          gsize m = k + 1;

          while (!r->strict && m < n && (s[m] == ' ' || s[m] == '\t'))
            m++;
          if (m < n && s[m] == ']')
            {
              *close = k;
              *after = m + 1;
              return TRUE;
            }
          if (r->strict)
            break;
        }
    }
  if (!r->strict && n >= 2 && s[n - 1] == ']')
    {
      gsize m = n - 1;

      while (m > value_start && (s[m - 1] == ' ' || s[m - 1] == '\t'))
        m--;
      if (m > value_start && s[m - 1] == '"')
        {
          *close = m - 1;
          *after = n;
          return TRUE;
        }
    }
  if (memchr (s + value_start, '"', n - value_start) == NULL)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
                        _ ("the value of the tag %s has no closing '\"'"), name);
  else
    _arb_pgn_set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
                        _ ("the tag %s is not closed with '\"]' at the end of its line"), name);
  return FALSE;
}

/* What follows the tag @name's ']' at s[i]: nothing, the next tag
 * (TRUE, *@i at it), or movetext, scanned as the rest of the line. */
static gboolean
after_tag (ArbPgnReader *r, const char *s, gsize n, gsize *i, const char *name)
{
  while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
    (*i)++;
  if (*i == n)
    return FALSE;
  if (s[*i] != '[')
    {
      g_autofree char *rest = NULL;

      if (r->strict)
        {
          _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                              _ ("unexpected text after the tag %s on the same line"), name);
          return FALSE;
        }
      /* '[Result "1-0"] e4 *': the movetext starts on the tag's line.
       * The rest of the line is scanned as if the line had ended at ']'
       * (it is copied first: scanning reuses the text buffer). */
      rest = g_strndup (s + *i, n - *i);
      _arb_pgn_scan (r, (const guchar *) rest, n - *i, r->line_start + r->text_col + *i);
      return FALSE;
    }
  if (r->strict)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                          _ ("each tag pair must be on its own line"));
      return FALSE;
    }
  (*i)++;
  return TRUE;
}

/* The tag line as nearly every file writes it, 'Name "value"]' and nothing
 * after, the name letters, digits and '_' from a letter, the value without
 * a quote, a backslash or a control character: read in one pass, with the
 * name and the value ended in place. Such a line reads the same in strict
 * and lenient mode. FALSE, with nothing done, for any other line, which
 * the general reading in _arb_pgn_process_tag_line() then takes. */
static gboolean
process_plain_tag (ArbPgnReader *r, char *s, gsize n)
{
  gsize name_len = 0, k;

  if (n == 0 || !g_ascii_isalpha (s[0]))
    return FALSE;
  while (name_len < n && (tag_byte[(guchar) s[name_len]] & TAG_NAME))
    name_len++;
  if (name_len >= MAX_TAG_NAME || name_len + 2 > n || s[name_len] != ' ' || s[name_len + 1] != '"')
    return FALSE;
  k = name_len + 2;
  while (k < n && (tag_byte[(guchar) s[k]] & TAG_VALUE))
    k++;
  if (k + 2 != n || s[k] != '"' || s[k + 1] != ']')
    return FALSE;

  s[name_len] = '\0';
  s[k] = '\0';
  /* As in _arb_pgn_process_tag_line(): a name seen again after an empty line is the
   * next game. */
  if (r->blank_after_tag && tag_seen (r, s))
    {
      _arb_pgn_begin_game (r);
      if (r->skipping)
        return TRUE;
    }
  r->blank_after_tag = FALSE;
  record_tag (r, s, name_len, s + name_len + 2, k - name_len - 2);
  return TRUE;
}

/* A tag line is everything after '[' up to the end of the line. Normally it
 * is one 'Name "value"]'; several tags on one line are read too. */
void
_arb_pgn_process_tag_line (ArbPgnReader *r)
{
  char *s = r->text->str;
  gsize n = 0;
  gsize i = 0;

  if (r->skipping || !tag_line_within_limits (r, &n))
    return;
  if (process_plain_tag (r, s, n) || !tag_line_printable (r, n))
    return;
  for (;;)
    {
      gsize value_start, close = 0, after = 0;
      char name[MAX_TAG_NAME];

      if (!read_tag_name (r, s, n, &i, name))
        return;
      value_start = ++i;
      if (!find_tag_value_end (r, s, n, value_start, name, &close, &after))
        return;

      /* A game with tags only, an empty line, then tags that repeat a name:
       * that is the next game (an empty line alone is not, as ChessBase
       * puts one among the tags of a game). */
      if (r->blank_after_tag && tag_seen (r, name))
        {
          _arb_pgn_begin_game (r);
          if (r->skipping)
            return;
        }
      r->blank_after_tag = FALSE;

      if (!unescape_value (r, s + value_start, close - value_start))
        {
          _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                              _ ("the value of the tag %s has a '\"' or '\\' that is not escaped"),
                              name);
          return;
        }
      record_tag (r, name, strlen (name), r->scratch->str, r->scratch->len);
      if (r->skipping)
        return;
      i = after;
      if (!after_tag (r, s, n, &i, name))
        return;
    }
}

gboolean
_arb_pgn_check_strict_tags (ArbPgnReader *r)
{
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    if (!(r->roster_seen & (1u << i)))
      {
        _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                            _ ("the seven tag roster is incomplete: there is no %s tag"),
                            roster[i]);
        return FALSE;
      }
  if (r->has_result_tag &&
      arb_pgn_result_from_string (r->result_tag->str, r->result_tag->len) == ARB_PGN_RESULT_NONE)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                          _ ("the Result tag is \"%s\"; it must be 1-0, 0-1, 1/2-1/2 or *"),
                          r->result_tag->str);
      return FALSE;
    }
  if (r->has_setup && strcmp (r->setup->str, "0") != 0 && strcmp (r->setup->str, "1") != 0)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                          _ ("the SetUp tag is \"%s\"; it must be 0 or 1"), r->setup->str);
      return FALSE;
    }
  if (r->has_fen && !(r->has_setup && strcmp (r->setup->str, "1") == 0))
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                          _ ("a FEN tag needs SetUp \"1\""));
      return FALSE;
    }
  if (!r->has_fen && r->has_setup && strcmp (r->setup->str, "1") == 0)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                          _ ("SetUp \"1\" needs a FEN tag"));
      return FALSE;
    }
  return TRUE;
}
