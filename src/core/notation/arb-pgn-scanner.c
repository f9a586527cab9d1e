/* arb-pgn-scanner.c: the PGN scanner and the movetext tokens it reads
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-pgn-reader-private.h"
#include "arb-san.h"

/* Character classes for the gap between tokens. */
enum
{
  C_OTHER = 0,
  C_WS,
  C_NL,
  C_SYM,
  C_DOT,
  C_LBRACE,
  C_RBRACE,
  C_LPAREN,
  C_RPAREN,
  C_LBRACKET,
  C_SEMI,
  C_PERCENT,
  C_DOLLAR,
  C_STAR,
};

static guint8 char_class[256];
/* For each byte: SYM_CHAR if it may be part of a symbol token, with
 * SYM_SUFFIX for the two that start a suffix annotation and SYM_NOT_DIGIT
 * for all but the ten digits. */
enum
{
  SYM_CHAR = 1,
  SYM_SUFFIX = 2,
  SYM_NOT_DIGIT = 4,
};
static guint8 symbol_char[256];

void
_arb_pgn_scanner_init (void)
{
  for (int c = 0; c < 256; c++)
    {
      guint8 k = C_OTHER;

      if (g_ascii_isalnum (c) || strchr ("-+#=/:_!?", c) != NULL)
        k = C_SYM;
      if (c == 0)
        k = C_OTHER;
      char_class[c] = k;
      symbol_char[c] = k == C_SYM ? SYM_CHAR : 0;
      if (k == C_SYM && !g_ascii_isdigit (c))
        symbol_char[c] |= SYM_NOT_DIGIT;
    }
  char_class[' '] = char_class['\t'] = char_class['\r'] = C_WS;
  char_class['\f'] = char_class['\v'] = C_WS;
  symbol_char['!'] |= SYM_SUFFIX;
  symbol_char['?'] |= SYM_SUFFIX;
  char_class['\n'] = C_NL;
  char_class['.'] = C_DOT;
  char_class['{'] = C_LBRACE;
  char_class['}'] = C_RBRACE;
  char_class['('] = C_LPAREN;
  char_class[')'] = C_RPAREN;
  char_class['['] = C_LBRACKET;
  char_class[';'] = C_SEMI;
  char_class['%'] = C_PERCENT;
  char_class['$'] = C_DOLLAR;
  char_class['*'] = C_STAR;
}

/* ---- Movetext ------------------------------------------------------------ */

/* Takes [%clk ...] and [%emt ...] out of a comment, reporting each. */
/* White space as comment normalisation sees it (arb-pgn-game.h): control
 * characters included, so that what is read as a clock command here is the
 * same before and after a comment is written back. */
static inline gboolean
is_comment_space (char c)
{
  return (guchar) c <= 0x20 || c == 0x7f;
}

/* Copies text to rest without its [%clk ...] and [%emt ...] commands,
 * reporting each; returns whether it took any out. */
static gboolean
extract_clocks (ArbPgnReader *r, const char *text, gsize len, GString *rest)
{
  gsize i = 0;
  gboolean found = FALSE;

  g_string_truncate (rest, 0);
  while (i < len)
    {
      if (text[i] == '[' && i + 5 < len && text[i + 1] == '%' &&
          (memcmp (text + i + 2, "clk", 3) == 0 || memcmp (text + i + 2, "emt", 3) == 0) &&
          is_comment_space (text[i + 5]))
        {
          const char *close = memchr (text + i, ']', len - i);

          if (close != NULL)
            {
              const char *a = text + i + 6;
              const char *b = close;
              gint64 ms;

              while (a < b && is_comment_space (*a))
                a++;
              while (b > a && is_comment_space (b[-1]))
                b--;
              if (arb_pgn_parse_clock (a, (gsize) (b - a), &ms))
                {
                  if (r->v.clock != NULL)
                    r->v.clock (r, text[i + 2] == 'c' ? ARB_PGN_CLOCK_CLK : ARB_PGN_CLOCK_EMT, ms,
                                r->user_data);
                  i = (gsize) (close - text) + 1;
                  found = TRUE;
                  continue;
                }
            }
        }
      g_string_append_c (rest, text[i]);
      i++;
    }
  return found;
}

static void
deliver_comment (ArbPgnReader *r, const char *text, gsize len)
{
  GString *rest = r->scratch;
  gboolean blank = TRUE;

  /* Taking a command out can join the text around it into another one
   * ("[%c[%clk 1:00]lk 2:00]"), so repeat until nothing changes. */
  if (extract_clocks (r, text, len, rest))
    {
      g_autoptr (GString) again = g_string_new (NULL);

      while (extract_clocks (r, rest->str, rest->len, again))
        {
          g_string_truncate (rest, 0);
          g_string_append_len (rest, again->str, (gssize) again->len);
        }
    }
  for (gsize i = 0; i < rest->len; i++)
    if (!is_comment_space (rest->str[i]))
      {
        blank = FALSE;
        break;
      }
  if (!blank && r->v.comment != NULL)
    r->v.comment (r, rest->str, rest->len, r->user_data);
}

static void
process_comment (ArbPgnReader *r)
{
  if (r->ctx == CTX_BETWEEN)
    {
      /* After a game's marker or before any game: it belongs to a game
       * only if movetext without tags follows. */
      if (r->want_text && !r->text_overflow)
        {
          g_string_truncate (r->loose_comment, 0);
          g_string_append_len (r->loose_comment, r->text->str, (gssize) r->text->len);
          r->has_loose_comment = TRUE;
        }
      return;
    }
  ensure_movetext (r);
  r->prev = PREV_COMMENT;
  if (r->skipping)
    return;
  if (r->text_overflow)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r), NULL,
                          _ ("a comment is longer than %u bytes"), MAX_TEXT);
      return;
    }
  if (r->game_text > ARB_PGN_MAX_GAME_TEXT)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r), NULL,
                          _ ("the tags and comments of one game are longer than %u bytes"),
                          ARB_PGN_MAX_GAME_TEXT);
      return;
    }
  if (!r->want_text)
    return;
  if ((r->flags & ARB_PGN_READER_UTF8) &&
      !g_utf8_validate (r->text->str, (gssize) r->text->len, NULL))
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_ENCODING, r->text_line, r->text_col, current_ply (r),
                          NULL, _ ("a comment is not UTF-8 text"));
      return;
    }
  if (r->depth == 0 && r->levels[0].ply == 0)
    {
      if (r->v.pre_game_comment != NULL)
        r->v.pre_game_comment (r, r->text->str, r->text->len, r->user_data);
      return;
    }
  deliver_comment (r, r->text->str, r->text->len);
}

static void
process_result (ArbPgnReader *r, ArbPgnResult result)
{
  ensure_movetext (r);
  if (r->skipping)
    {
      if (r->skip_depth == 0)
        {
          r->ended = TRUE;
          r->ctx = CTX_BETWEEN;
        }
      return;
    }
  if (r->depth > 0)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), r->tok,
                          _ ("a termination marker '%s' inside a variation"),
                          arb_pgn_result_to_string (result));
      return;
    }
  r->result = result;
  if (r->v.result != NULL)
    r->v.result (r, result, r->user_data);
  if (r->strict && r->has_result_tag &&
      arb_pgn_result_from_string (r->result_tag->str, r->result_tag->len) != result)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r),
                        arb_pgn_result_to_string (result),
                        _ ("the termination marker %s differs from the Result tag \"%s\""),
                        arb_pgn_result_to_string (result), r->result_tag->str);
  r->ended = TRUE;
  r->ctx = CTX_BETWEEN;
}

static void
process_nag (ArbPgnReader *r, guint nag)
{
  r->prev = PREV_NAG;
  if (r->v.nag != NULL)
    r->v.nag (r, nag, r->user_data);
}

static int
suffix_nag (const char *s, gsize n)
{
  static const char *const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (strlen (suffixes[i]) == n && memcmp (suffixes[i], s, n) == 0)
      return (int) i + 1;
  return 0;
}

/* Inlined into process_symbol_inline(), its one caller, for every move. */
static inline __attribute__ ((always_inline)) void
process_move (ArbPgnReader *r)
{
  char *tok = r->tok;
  gsize n = r->tok_len;
  gsize move_len = 0;
  int nag = 0;
  ArbMove move = ARB_MOVE_NONE;
  ArbSanError err;
  Level *lvl;

  if (r->skipping)
    return;

  if (!(r->tok_bytes & SYM_SUFFIX))
    move_len = n;
  else
    while (move_len < n && tok[move_len] != '!' && tok[move_len] != '?')
      move_len++;
  if (move_len < n)
    {
      nag = suffix_nag (tok + move_len, n - move_len);
      if (nag == 0)
        {
          _arb_pgn_set_error (
            r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r) + 1, tok,
            _ ("'%s' ends in '%s', which is not a move suffix annotation (! ? !! ?? !? ?!)"), tok,
            tok + move_len);
          return;
        }
    }

  lvl = &r->levels[r->depth];
  if (move_len == 0)
    {
      /* A suffix annotation standing alone after its move. */
      if (!lvl->has_last)
        {
          _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r),
                              tok, _ ("the annotation '%s' does not follow a move"), tok);
          return;
        }
      process_nag (r, (guint) nag);
      return;
    }

  if (r->setup_without_fen)
    {
      _arb_pgn_set_error (
        r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, lvl->ply + 1, tok,
        _ ("SetUp is \"1\" but there is no FEN tag, so the start position is unknown"));
      return;
    }

  err = arb_san_resolve (&r->pos, tok, move_len, &move);
  if (err == ARB_SAN_ERROR_UCI && (r->flags & ARB_PGN_READER_ACCEPT_UCI))
    {
      move = arb_move_parse_uci (&r->pos, tok, move_len);
      err = move != ARB_MOVE_NONE ? ARB_SAN_OK : ARB_SAN_ERROR_ILLEGAL;
    }
  if (err != ARB_SAN_OK)
    {
      g_autofree char *why = arb_san_error_message (err, &r->pos, tok, move_len);

      tok[move_len] = '\0';
      _arb_pgn_set_error (
        r, err == ARB_SAN_ERROR_NULL_MOVE ? ARB_PGN_ERROR_NULL_MOVE : ARB_PGN_ERROR_MOVE,
        r->tok_line, r->tok_col, lvl->ply + 1, tok, "%s", why);
      return;
    }

  tok[move_len] = '\0';
  if (++r->n_moves > ARB_PGN_MAX_MOVES)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, lvl->ply + 1, tok,
                          _ ("more than %u moves in one game, variations included"),
                          ARB_PGN_MAX_MOVES);
      return;
    }
  if (r->v.move != NULL)
    {
      r->v.move (r, &r->pos, move, tok, move_len, r->user_data);
      if (r->skipping)
        return;
    }
  if (r->flags & ARB_PGN_READER_NO_KEYS)
    arb_position_make_move_unkeyed (&r->pos, move, &lvl->undo);
  else
    arb_position_make_move (&r->pos, move, &lvl->undo);
  lvl->last_move = move;
  lvl->has_last = TRUE;
  lvl->ply++;
  r->prev = PREV_MOVE;
  if (nag != 0)
    process_nag (r, (guint) nag);
}

static void
process_number (ArbPgnReader *r)
{
  ensure_movetext (r);
  if (r->skipping)
    return;
  /* Export format writes "12..." before a Black move only where the
   * White move is not just before it (PGN standard 8.2.2.2). */
  if (r->strict && r->n_dots >= 3 && (r->prev == PREV_MOVE || r->prev == PREV_NAG))
    _arb_pgn_set_error (
      r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r) + 1, r->tok,
      _ ("the move number '%s...' repeats the number of the White move just before it"), r->tok);
}

/* Inlined into the scanner's loop where it reads a whole token at once
 * (scan_whole_symbol()), nearly every token; called elsewhere. */
static inline __attribute__ ((always_inline)) void
process_symbol_inline (ArbPgnReader *r)
{
  r->tok[MIN (r->tok_len, TOKEN_MAX - 1)] = '\0';
  if (r->tok_overflow)
    {
      ensure_movetext (r);
      if (!r->skipping)
        _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r) + 1,
                            r->tok, _ ("a token longer than %d characters"), TOKEN_MAX - 1);
      return;
    }

  /* A token that starts with a letter is neither a result nor a move
   * number: the common case, a move, goes straight on. */
  if (!g_ascii_isalpha (r->tok[0]))
    {
      ArbPgnResult result = arb_pgn_result_from_string (r->tok, r->tok_len);

      if (result != ARB_PGN_RESULT_NONE)
        {
          process_result (r, result);
          return;
        }
      if (!(r->tok_bytes & SYM_NOT_DIGIT))
        {
          r->n_dots = 0;
          process_number (r);
          return;
        }
    }

  ensure_movetext (r);
  process_move (r);
}

static void
process_symbol (ArbPgnReader *r)
{
  process_symbol_inline (r);
}

static void
open_variation (ArbPgnReader *r)
{
  Level *cur, *next;

  ensure_movetext (r);
  if (r->skipping)
    {
      r->skip_depth++;
      return;
    }
  if (r->depth >= MAX_DEPTH)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r), "(",
                          _ ("variations are nested more than %d deep"), MAX_DEPTH);
      return;
    }
  if (++r->n_variations > ARB_PGN_MAX_VARIATIONS)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r), "(",
                          _ ("more than %u variations in one game"), ARB_PGN_MAX_VARIATIONS);
      return;
    }
  cur = &r->levels[r->depth];
  next = &r->levels[r->depth + 1];
  next->saved = r->pos;
  next->has_last = FALSE;
  next->last_move = ARB_MOVE_NONE;
  /* The variation replaces the last move; before any move it starts from
   * the current position. */
  if (cur->has_last)
    {
      arb_position_unmake_move (&r->pos, cur->last_move, &cur->undo);
      next->ply = cur->ply - 1;
    }
  else
    next->ply = cur->ply;
  r->depth++;
  r->prev = PREV_VAR_START;
  if (r->v.variation_start != NULL)
    r->v.variation_start (r, r->user_data);
}

static void
close_variation (ArbPgnReader *r)
{
  ensure_movetext (r);
  if (r->skipping)
    {
      if (r->skip_depth > 0)
        r->skip_depth--;
      return;
    }
  if (r->depth == 0)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), ")",
                          _ ("')' closes a variation that was never opened"));
      return;
    }
  r->pos = r->levels[r->depth].saved;
  r->depth--;
  r->prev = PREV_VAR_END;
  if (r->v.variation_end != NULL)
    r->v.variation_end (r, r->user_data);
}

static void
process_nag_token (ArbPgnReader *r)
{
  ensure_movetext (r);
  if (r->skipping)
    return;
  if (!r->nag_digits)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), "$",
                          _ ("'$' must be followed by the number of a NAG"));
      return;
    }
  if (r->nag_value > 255)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), "$",
                          _ ("NAG $%u is out of range (0-255)"), r->nag_value);
      return;
    }
  process_nag (r, r->nag_value);
}

static void
unexpected_char (ArbPgnReader *r, guchar c)
{
  ensure_movetext (r);
  if (r->skipping)
    return;
  if (c >= 0x20 && c < 0x7f)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), NULL,
                        _ ("unexpected character '%c'"), c);
  else
    _arb_pgn_set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), NULL,
                        _ ("unexpected byte 0x%02X outside comments and tags"), c);
}

/* ---- Scanner ------------------------------------------------------------- */

static void
text_begin (ArbPgnReader *r)
{
  g_string_truncate (r->text, 0);
  r->text_seen = 0;
  r->text_overflow = FALSE;
  r->text_line = r->tok_line;
  r->text_col = r->tok_col;
}

/* Counts N more bytes of a comment or tag line against the limits, and
 * keeps them when KEEP (the visitor wants the text). Inline: it is called
 * for every tag line. */
static inline void
text_append (ArbPgnReader *r, const guchar *s, gsize n, gboolean keep)
{
  r->game_text += n;
  if (r->text_overflow)
    return;
  r->text_seen += n;
  if (r->text_seen > MAX_TEXT)
    {
      r->text_overflow = TRUE;
      /* Said at once, not at the end of the text, so that a reader that
       * stops at the first error (an import) reads no further. */
      if (r->state == ST_TAG)
        _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
                            _ ("the tag line is longer than %u bytes"), MAX_TEXT);
      else if (r->ctx != CTX_BETWEEN)
        _arb_pgn_set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r),
                            NULL, _ ("a comment is longer than %u bytes"), MAX_TEXT);
      return;
    }
  if (keep)
    append_bytes (r->text, (const char *) s, n);
}

/* Counts line breaks in s[0..n) and moves the line start. */
static void
count_lines (ArbPgnReader *r, const guchar *chunk, guint64 base, const guchar *s, gsize n)
{
  const guchar *p = s, *end = s + n;

  while (p < end)
    {
      const guchar *nl = memchr (p, '\n', (gsize) (end - p));

      if (nl == NULL)
        break;
      r->line++;
      r->line_start = base + (guint64) (nl - chunk) + 1;
      p = nl + 1;
    }
}

static void
blank_line (ArbPgnReader *r)
{
  r->blank_run++;
  if (r->in_game && r->ctx == CTX_HEADER)
    r->blank_after_tag = TRUE;
  if (!r->strict)
    return;
  if (r->blank_run >= 2)
    _arb_pgn_set_orphan_error (r, r->line, 1, "two empty lines in a row");
  else if (r->line == 1)
    _arb_pgn_set_orphan_error (r, r->line, 1, "the first line is empty");
  else if (r->in_game && r->ctx == CTX_MOVETEXT)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->line, 1, current_ply (r), NULL,
                        _ ("an empty line inside the movetext"));
}

/* Looks in a comment for a line that starts with '[Event "', which a
 * comment practically never holds but a file where a game was cut off
 * inside a comment does. The match may span chunks (event_match counts the
 * characters matched so far). Returns where scanning resumes after the
 * match, or NULL. */
#define EVENT_LINE "\n[Event \""

static const guchar *
find_event_line (ArbPgnReader *r, const guchar *p, const guchar *stop)
{
  const guint n = sizeof EVENT_LINE - 1;

  while (p < stop)
    {
      if (r->event_match > 0)
        {
          if (*p == (guchar) EVENT_LINE[r->event_match])
            {
              p++;
              if (++r->event_match == n)
                {
                  r->event_match = 0;
                  return p;
                }
              continue;
            }
          r->event_match = 0;
          /* *p may itself start a match: look at it again below. */
        }
      p = memchr (p, '\n', (gsize) (stop - p));
      if (p == NULL)
        return NULL;
      r->event_match = 1;
      p++;
    }
  return NULL;
}

/* The token of @len digits in r->tok is a move number and @q is at its
 * first period: the periods are read while the chunk lasts, as ST_DOTS
 * would, and the number handled when they end inside it. */
static inline const guchar *
scan_move_number (ArbPgnReader *r, guint len, const guchar *q, const guchar *end)
{
  guint dots = 0;

  r->tok[len] = '\0';
  while (q < end && *q == '.')
    {
      dots++;
      q++;
    }
  r->n_dots = dots;
  if (q == end)
    {
      r->state = ST_DOTS;
      return q;
    }
  r->state = ST_GAP;
  process_number (r);
  return q;
}

/* Reads the rest of a symbol token from p, at most to end, and handles it
 * once its end is in sight; returns where scanning goes on. The run is
 * copied with locals so that the token length is not stored and reloaded
 * at every byte. */
static inline __attribute__ ((always_inline)) const guchar *
scan_symbol (ArbPgnReader *r, const guchar *p, const guchar *end)
{
  guint len = r->tok_len;
  char *tok = r->tok;
  const guchar *q = p;
  const guchar *fit = p + MIN ((gsize) (TOKEN_MAX - 1 - len), (gsize) (end - p));
  guint8 bytes = 0, k;

  while (q < fit && (k = symbol_char[*q]) != 0)
    {
      bytes |= k;
      tok[len++] = (char) *q++;
    }
  r->tok_bytes |= bytes;
  if (q == fit && q < end && symbol_char[*q])
    {
      /* No room left: the rest of the token is skipped. */
      r->tok_overflow = TRUE;
      while (q < end && symbol_char[*q])
        q++;
    }
  r->tok_len = len;
  if (q == end)
    return q;

  if (*q == '.')
    {
      gboolean digits = len > 0 && !r->tok_overflow && !(r->tok_bytes & SYM_NOT_DIGIT);

      if (digits)
        return scan_move_number (r, len, q, end);
    }
  r->state = ST_GAP;
  process_symbol (r);
  return q;
}

/* The space after a token that ended before the end of the chunk, as the
 * gap's loop would take it while the state is ST_GAP. */
static inline const guchar *
skip_space (ArbPgnReader *r, const guchar *q)
{
  return *q == ' ' && r->state == ST_GAP ? q + 1 : q;
}

/* A symbol token that starts at p with at least TOKEN_MAX bytes of the
 * chunk ahead, so that it ends inside it: read at once, with its length
 * and flags kept in locals and stored once, and handled as scan_symbol()
 * would. A token too long to keep goes to scan_symbol(), which says so. */
static inline __attribute__ ((always_inline)) const guchar *
scan_whole_symbol (ArbPgnReader *r, const guchar *p, const guchar *end)
{
  const guchar *q = p, *fit = p + TOKEN_MAX - 1;
  char *tok = r->tok;
  guint8 bytes = 0, k;
  guint len;

  while (q < fit && (k = symbol_char[*q]) != 0)
    {
      bytes |= k;
      q++;
    }
  if (q == fit && symbol_char[*q])
    {
      r->tok_len = 0;
      r->tok_overflow = FALSE;
      r->tok_bytes = 0;
      r->state = ST_SYMBOL;
      return scan_symbol (r, p, end);
    }
  len = (guint) (q - p);
  /* The chunk has TOKEN_MAX bytes from p: a short token is copied as one
   * block of 16, the bytes past its end overwritten or never read. */
  memcpy (tok, p, 16);
  if (len > 16)
    memcpy (tok + 16, p + 16, len - 16);
  r->tok_len = len;
  r->tok_bytes = bytes;
  r->tok_overflow = FALSE;
  if (*q == '.' && !(bytes & SYM_NOT_DIGIT))
    {
      q = scan_move_number (r, len, q, end);
      return q == end ? q : skip_space (r, q);
    }
  process_symbol_inline (r);
  return skip_space (r, q);
}

/* Scans bytes whose first one is at offset base of the input. Re-entered
 * for the rest of a tag line that continues with movetext. */
void
_arb_pgn_scan (ArbPgnReader *r, const guchar *chunk, gsize len, guint64 base)
{
  const guchar *p = chunk, *end = chunk + len;

#define OFFSET(ptr) (base + (guint64) ((ptr) -chunk))
#define MARK_TOKEN(ptr)                                      \
  G_STMT_START                                               \
  {                                                          \
    r->tok_line = r->line;                                   \
    r->tok_col = (guint) (OFFSET (ptr) - r->line_start) + 1; \
  }                                                          \
  G_STMT_END

  while (p < end)
    {
      switch (r->state)
        {
        case ST_BOM:
          {
            static const guchar bom[3] = { 0xEF, 0xBB, 0xBF };

            if (*p == bom[r->bom_matched])
              {
                p++;
                if (++r->bom_matched == 3)
                  {
                    r->state = ST_GAP;
                    r->bom_matched = 0;
                    /* The mark does not count as a column. */
                    r->line_start = OFFSET (p);
                  }
                continue;
              }
            if (r->bom_matched > 0)
              {
                MARK_TOKEN (p);
                r->bom_matched = 0;
                r->state = ST_GAP;
                unexpected_char (r, 0xEF);
                continue;
              }
            r->state = ST_GAP;
          }
          G_GNUC_FALLTHROUGH;

        case ST_GAP:
          /* Stays here while the state does, rather than going round the
           * state switch for every byte between tokens. */
          while (p < end && r->state == ST_GAP)
            {
              guchar c = *p;

              /* The space between tokens, the most common byte of all. */
              if (c == ' ')
                {
                  p++;
                  continue;
                }
              switch (char_class[c])
                {
                case C_WS:
                  p++;
                  break;

                case C_NL:
                  if (!r->line_has_content)
                    blank_line (r);
                  else
                    r->blank_run = 0;
                  r->line++;
                  p++;
                  r->line_start = OFFSET (p);
                  r->line_has_content = FALSE;
                  break;

                case C_SYM:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  if (G_LIKELY ((gsize) (end - p) >= TOKEN_MAX))
                    {
                      p = scan_whole_symbol (r, p, end);
                      break;
                    }
                  r->tok_len = 0;
                  r->tok_overflow = FALSE;
                  r->tok_bytes = 0;
                  r->state = ST_SYMBOL;
                  /* Most tokens are moves: read one at once rather than
                 * going round the state switch for every byte. */
                  p = scan_symbol (r, p, end);
                  break;

                case C_DOT:
                  /* A period on its own ("1 . e4"): nothing to do. */
                  r->line_has_content = TRUE;
                  p++;
                  break;

                case C_LBRACE:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  text_begin (r);
                  r->event_match = 0;
                  r->state = ST_BRACE;
                  p++;
                  break;

                case C_SEMI:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  text_begin (r);
                  r->state = ST_LINE_COMMENT;
                  p++;
                  break;

                case C_PERCENT:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  if (OFFSET (p) == r->line_start)
                    {
                      r->state = ST_ESCAPE;
                      p++;
                    }
                  else
                    {
                      unexpected_char (r, c);
                      p++;
                    }
                  break;

                case C_LBRACKET:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  r->has_loose_comment = FALSE;
                  if (r->ctx != CTX_HEADER)
                    _arb_pgn_begin_game (r);
                  text_begin (r);
                  r->state = ST_TAG;
                  p++;
                  break;

                case C_LPAREN:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  open_variation (r);
                  p++;
                  break;

                case C_RPAREN:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  close_variation (r);
                  p++;
                  break;

                case C_DOLLAR:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  r->nag_value = 0;
                  r->nag_digits = FALSE;
                  r->state = ST_NAG;
                  p++;
                  break;

                case C_STAR:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  r->tok[0] = '*';
                  r->tok[1] = '\0';
                  r->tok_len = 1;
                  process_result (r, ARB_PGN_RESULT_ONGOING);
                  p++;
                  break;

                case C_OTHER:
                case C_RBRACE:
                default:
                  r->line_has_content = TRUE;
                  MARK_TOKEN (p);
                  if (c == 0xEF && r->ctx == CTX_BETWEEN)
                    {
                      /* A byte order mark where files were concatenated. */
                      r->bom_matched = 0;
                      r->state = ST_BOM;
                      r->line_has_content = FALSE;
                      break;
                    }
                  unexpected_char (r, c);
                  p++;
                  break;
                }
            }
          break;

        case ST_SYMBOL:
          p = scan_symbol (r, p, end);
          break;

        case ST_DOTS:
          while (p < end && *p == '.')
            {
              r->n_dots++;
              p++;
            }
          if (p < end)
            {
              r->state = ST_GAP;
              process_number (r);
            }
          break;

        case ST_NAG:
          while (p < end && *p >= '0' && *p <= '9')
            {
              if (r->nag_value < 100000)
                r->nag_value = r->nag_value * 10 + (guint) (*p - '0');
              r->nag_digits = TRUE;
              p++;
            }
          if (p < end)
            {
              r->state = ST_GAP;
              process_nag_token (r);
            }
          break;

        case ST_BRACE:
          {
            const guchar *close = memchr (p, '}', (gsize) (end - p));
            const guchar *stop = close != NULL ? close : end;
            const guchar *resume = find_event_line (r, p, stop);

            if (resume != NULL)
              stop = resume;
            text_append (r, p, (gsize) (stop - p), r->want_text);
            count_lines (r, chunk, base, p, (gsize) (stop - p));
            if (resume != NULL)
              {
                /* A comment left open by a cut-off game, and the next
                 * game's tags: close this game and read on. */
                p = resume;
                r->state = ST_GAP;
                if (r->ctx != CTX_BETWEEN)
                  {
                    ensure_movetext (r);
                    _arb_pgn_set_error (r, ARB_PGN_ERROR_UNTERMINATED, r->text_line, r->text_col,
                                        current_ply (r), "{",
                                        _ ("the comment opened here is not closed before the next "
                                           "game's [Event tag"));
                  }
                r->has_loose_comment = FALSE;
                _arb_pgn_begin_game (r);
                r->tok_line = r->line;
                r->tok_col = 1;
                text_begin (r);
                g_string_append (r->text, &EVENT_LINE[2]);
                r->line_has_content = TRUE;
                r->state = ST_TAG;
              }
            else if (close != NULL)
              {
                p = close + 1;
                r->event_match = 0;
                r->line_has_content = TRUE;
                r->state = ST_GAP;
                process_comment (r);
              }
            else
              p = end;
          }
          break;

        case ST_TAG:
        case ST_LINE_COMMENT:
        case ST_ESCAPE:
          {
            const guchar *nl = memchr (p, '\n', (gsize) (end - p));
            const guchar *stop = nl != NULL ? nl : end;

            if (r->state == ST_TAG || r->state == ST_LINE_COMMENT)
              text_append (r, p, (gsize) (stop - p), r->state == ST_TAG || r->want_text);
            p = stop;
            if (nl != NULL)
              {
                State s = r->state;

                /* The line break itself is handled in the gap. */
                r->state = ST_GAP;
                if (s == ST_TAG)
                  _arb_pgn_process_tag_line (r);
                else if (s == ST_LINE_COMMENT)
                  {
                    if (r->text->len > 0 && r->text->str[r->text->len - 1] == '\r')
                      g_string_truncate (r->text, r->text->len - 1);
                    process_comment (r);
                  }
              }
          }
          break;

        default:
          g_assert_not_reached ();
        }
    }

#undef OFFSET
#undef MARK_TOKEN
}

/* At the end of the input: the token or text the scanner is in is handled
 * as if a line break had followed. */
void
_arb_pgn_scan_flush (ArbPgnReader *r)
{
  /* The rest of a tag line may leave a token open, so flush until the
   * scanner is between tokens. */
  while (r->state != ST_GAP)
    {
      State s = r->state;

      r->state = ST_GAP;
      switch (s)
        {
        case ST_SYMBOL:
          process_symbol (r);
          break;
        case ST_DOTS:
          process_number (r);
          break;
        case ST_NAG:
          process_nag_token (r);
          break;
        case ST_TAG:
          _arb_pgn_process_tag_line (r);
          break;
        case ST_LINE_COMMENT:
          process_comment (r);
          break;
        case ST_BRACE:
          ensure_movetext (r);
          if (!r->skipping)
            _arb_pgn_set_error (
              r, ARB_PGN_ERROR_UNTERMINATED, r->text_line, r->text_col, current_ply (r), "{",
              _ ("the comment opened here is not closed before the end of the input"));
          break;
        case ST_BOM:
        case ST_ESCAPE:
        case ST_GAP:
        default:
          break;
        }
    }
}
