/* arb-pgn-reader.c: a streaming PGN reader with a visitor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arb-i18n.h"
#include "arb-pgn-reader.h"
#include "arb-san.h"

/* clang-format off */
G_DEFINE_QUARK (arb-pgn-error-quark, arb_pgn_error)
/* clang-format on */

/* Limits that keep hostile input from growing memory or the stack. */
#define MAX_DEPTH ARB_PGN_MAX_DEPTH
#define MAX_TEXT ARB_PGN_MAX_TEXT
#define TOKEN_MAX 64
#define MAX_TAG_NAME 256

typedef enum
{
  CTX_BETWEEN, /* no game open, or the open one has seen its marker */
  CTX_HEADER,  /* reading tag pairs */
  CTX_MOVETEXT,
} Context;

typedef enum
{
  ST_GAP, /* between tokens */
  ST_TAG, /* from '[' to the end of the line */
  ST_BRACE,
  ST_LINE_COMMENT,
  ST_ESCAPE,
  ST_SYMBOL,
  ST_DOTS, /* the periods after a move number */
  ST_NAG,
  ST_BOM,
} State;

typedef enum
{
  PREV_NONE,
  PREV_MOVE,
  PREV_COMMENT,
  PREV_VAR_START,
  PREV_VAR_END,
  PREV_NAG,
} Prev;

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
/* Setting up from a FEN string costs more than a game's worth of moves, so
 * the standard start position is built once and copied. */
static ArbPosition start_position;

typedef struct
{
  ArbPosition saved; /* the position to go back to when this level closes */
  ArbUndo undo;      /* undo record of last_move */
  ArbMove last_move;
  guint ply;
  gboolean has_last;
} Level;

struct _ArbPgnReader
{
  ArbPgnVisitor v;
  gpointer user_data;
  GDestroyNotify destroy;
  ArbPgnReaderFlags flags;
  gboolean strict;
  gboolean want_text; /* the visitor wants comment text */

  /* Scanner */
  State state;
  Context ctx;
  guint64 total;      /* bytes fed before the current chunk */
  guint64 line_start; /* offset of the first byte of the current line */
  guint line;
  gboolean line_has_content;
  guint blank_run;
  guint bom_matched;
  guchar last_byte;
  gboolean any_byte;

  char tok[TOKEN_MAX];
  guint tok_len;
  gboolean tok_overflow;
  guint8 tok_bytes; /* the symbol_char bits of its bytes, or-ed */
  guint tok_line, tok_col;
  guint n_dots;
  guint event_match; /* see find_event_line() */
  guint nag_value;
  gboolean nag_digits;

  GString *text;   /* comment or tag line being collected */
  gsize text_seen; /* its bytes, counted even when not collected */
  gboolean text_overflow;
  guint text_line, text_col;
  GString *scratch;
  /* A comment between games: if movetext without tags follows, it is that
   * game's comment before the first move. */
  GString *loose_comment;
  gboolean has_loose_comment;

  /* The current game */
  guint game;
  gboolean in_game;
  gboolean ended;    /* its termination marker was read */
  gboolean skipping; /* after an error, or when asked to */
  guint skip_depth;
  GError *error;
  ArbPgnErrorInfo error_info;
  char *orphan_error; /* a strict error found outside any game */
  guint orphan_line, orphan_column;
  ArbPgnResult result;
  Prev prev;

  GString *fen, *setup, *variant, *result_tag;
  gboolean has_fen, has_setup, has_variant, has_result_tag;
  gboolean setup_without_fen;
  GString *tag_names;       /* names seen, NUL-separated */
  gboolean blank_after_tag; /* an empty line since the last tag line */
  guint roster_seen;

  /* What the current game holds, against the ARB_PGN_MAX_ limits. */
  guint n_tags;
  guint n_variations;
  guint n_moves;
  guint64 game_text;

  ArbPosition pos;
  guint depth;
  Level levels[MAX_DEPTH + 1];
};

/* g_string_append_len() for the short runs read at every tag line: the
 * bytes are copied in place while they fit. */
static inline void
append_bytes (GString *s, const char *bytes, gsize n)
{
  if (s->len + n < s->allocated_len)
    {
      memcpy (s->str + s->len, bytes, n);
      s->len += n;
      s->str[s->len] = '\0';
    }
  else
    g_string_append_len (s, bytes, (gssize) n);
}

static const char *const roster[] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
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
          tag_byte[c] = (g_ascii_isalnum (c) || c == '_') ? TAG_NAME : 0;
          if (c != '"' && c != '\\' && (c >= 0x20 || c == '\t'))
            tag_byte[c] |= TAG_VALUE;
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
      arb_position_init ();
      arb_position_set_start (&start_position);
      g_once_init_leave (&done, 1);
    }
}

const char *
arb_pgn_result_to_string (ArbPgnResult result)
{
  switch (result)
    {
    case ARB_PGN_RESULT_WHITE_WINS:
      return "1-0";
    case ARB_PGN_RESULT_BLACK_WINS:
      return "0-1";
    case ARB_PGN_RESULT_DRAW:
      return "1/2-1/2";
    case ARB_PGN_RESULT_ONGOING:
      return "*";
    case ARB_PGN_RESULT_NONE:
    default:
      return NULL;
    }
}

ArbPgnResult
arb_pgn_result_from_string (const char *text, gsize len)
{
  if (text == NULL)
    return ARB_PGN_RESULT_NONE;
  if (len == 3 && memcmp (text, "1-0", 3) == 0)
    return ARB_PGN_RESULT_WHITE_WINS;
  if (len == 3 && memcmp (text, "0-1", 3) == 0)
    return ARB_PGN_RESULT_BLACK_WINS;
  if (len == 7 && memcmp (text, "1/2-1/2", 7) == 0)
    return ARB_PGN_RESULT_DRAW;
  if (len == 1 && text[0] == '*')
    return ARB_PGN_RESULT_ONGOING;
  return ARB_PGN_RESULT_NONE;
}

/* ---- Clock commands ---------------------------------------------------- */

gboolean
arb_pgn_parse_clock (const char *text, gsize len, gint64 *milliseconds)
{
  gint64 fields[3] = { 0, 0, 0 };
  int n_fields = 0;
  gint64 value = 0, frac_ms = 0;
  gsize i = 0;
  gboolean digits = FALSE;

  g_return_val_if_fail (milliseconds != NULL, FALSE);

  while (i < len)
    {
      char c = text[i];

      if (c >= '0' && c <= '9')
        {
          if (value > G_GINT64_CONSTANT (100000000))
            return FALSE;
          value = value * 10 + (c - '0');
          digits = TRUE;
          i++;
        }
      else if (c == ':')
        {
          if (!digits || n_fields >= 2)
            return FALSE;
          fields[n_fields++] = value;
          value = 0;
          digits = FALSE;
          i++;
        }
      else if (c == '.')
        {
          gint64 scale = 100;
          gboolean any = FALSE, round_up = FALSE;

          if (!digits)
            return FALSE;
          i++;
          while (i < len && text[i] >= '0' && text[i] <= '9')
            {
              if (scale >= 1)
                frac_ms += (text[i] - '0') * scale;
              else if (scale == 0 && text[i] >= '5')
                round_up = TRUE;
              scale = scale >= 1 ? scale / 10 : -1;
              any = TRUE;
              i++;
            }
          if (!any || i != len)
            return FALSE;
          if (round_up)
            frac_ms++;
        }
      else
        return FALSE;
    }
  if (!digits)
    return FALSE;
  fields[n_fields++] = value;

  {
    gint64 seconds = 0;

    for (int k = 0; k < n_fields; k++)
      {
        /* Minutes and seconds after the first field stay below 60. */
        if (k > 0 && fields[k] >= 60)
          return FALSE;
        seconds = seconds * 60 + fields[k];
      }
    *milliseconds = seconds * 1000 + frac_ms;
  }
  return TRUE;
}

void
arb_pgn_write_clock (gint64 milliseconds, char buf[32])
{
  gint64 s, ms;

  if (milliseconds < 0)
    milliseconds = 0;
  s = milliseconds / 1000;
  ms = milliseconds % 1000;
  if (ms == 0)
    g_snprintf (buf, 32, "%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60),
                (int) (s % 60));
  else
    {
      char frac[8];
      int n;

      g_snprintf (frac, sizeof frac, "%03d", (int) ms);
      n = 3;
      while (n > 1 && frac[n - 1] == '0')
        n--;
      frac[n] = '\0';
      g_snprintf (buf, 32, "%" G_GINT64_FORMAT ":%02d:%02d.%s", s / 3600, (int) (s / 60 % 60),
                  (int) (s % 60), frac);
    }
}

/* ---- Errors ------------------------------------------------------------ */

static void
copy_token (char dest[64], const char *text, gsize len)
{
  gsize n = MIN (len, 63);

  for (gsize i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) text[i];
      dest[i] = (c >= 0x20 && c < 0x7f) ? (char) c : '?';
    }
  dest[n] = '\0';
}

static guint
current_ply (ArbPgnReader *r)
{
  if (r->ctx != CTX_MOVETEXT && !r->ended)
    return 0;
  return r->levels[r->depth].ply;
}

static void set_error (ArbPgnReader *r,
                       ArbPgnError code,
                       guint line,
                       guint column,
                       guint ply,
                       const char *token,
                       const char *format,
                       ...) G_GNUC_PRINTF (7, 8);

static void
set_error (ArbPgnReader *r,
           ArbPgnError code,
           guint line,
           guint column,
           guint ply,
           const char *token,
           const char *format,
           ...)
{
  g_autofree char *why = NULL;
  va_list args;

  if (r->error != NULL || !r->in_game)
    return;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);

  r->error_info.game = r->game;
  r->error_info.line = line;
  r->error_info.column = column;
  r->error_info.ply = ply;
  copy_token (r->error_info.token, token != NULL ? token : "", token != NULL ? strlen (token) : 0);
  /* Translators: where in the PGN file the fault is: the game's number in
   * the file (from 1), the line and column, and the half-move (0: before
   * the first move); %s says what is wrong there */
  r->error = g_error_new (ARB_PGN_ERROR, code, _ ("game %u, line %u, column %u, ply %u: %s"),
                          r->game, line, column, ply, why);

  /* Leave the position at the main line, so that a caller asking for the
   * final position after an error gets the last good main-line position. */
  if (r->depth > 0)
    r->pos = r->levels[1].saved;
  r->skip_depth = r->depth;
  r->depth = 0;
  r->skipping = TRUE;
}

/* A strict-mode problem noticed where no game is open. */
static void
set_orphan_error (ArbPgnReader *r, guint line, guint column, const char *why)
{
  if (r->in_game)
    {
      set_error (r, ARB_PGN_ERROR_STRICT, line, column, current_ply (r), NULL, "%s", why);
      return;
    }
  if (r->orphan_error == NULL)
    {
      r->orphan_error = g_strdup (why);
      r->orphan_line = line;
      r->orphan_column = column;
    }
}

/* ---- Games --------------------------------------------------------------- */

static void
reset_game_state (ArbPgnReader *r)
{
  r->in_game = FALSE;
  r->ended = FALSE;
  r->skipping = FALSE;
  r->skip_depth = 0;
  g_clear_error (&r->error);
  memset (&r->error_info, 0, sizeof r->error_info);
  r->result = ARB_PGN_RESULT_NONE;
  r->prev = PREV_NONE;
  g_string_truncate (r->fen, 0);
  g_string_truncate (r->setup, 0);
  g_string_truncate (r->variant, 0);
  g_string_truncate (r->result_tag, 0);
  r->has_fen = r->has_setup = r->has_variant = r->has_result_tag = FALSE;
  r->setup_without_fen = FALSE;
  g_string_truncate (r->tag_names, 0);
  r->blank_after_tag = FALSE;
  r->roster_seen = 0;
  r->n_tags = r->n_variations = r->n_moves = 0;
  r->game_text = 0;
  r->depth = 0;
  memset (&r->levels[0], 0, sizeof r->levels[0]);
  r->pos = start_position;
}

static gboolean
variant_is (const char *value, const char *const *names)
{
  for (; *names != NULL; names++)
    if (g_ascii_strcasecmp (value, *names) == 0)
      return TRUE;
  return FALSE;
}

/* The tags are read: set up the start position. */
static void
begin_movetext (ArbPgnReader *r)
{
  static const char *const standard_names[] = { "standard",      "chess", "normal",
                                                "from position", "",      NULL };
  static const char *const chess960_names[] = {
    "chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random", "960", "frc", NULL
  };
  gboolean chess960 = FALSE;

  r->ctx = CTX_MOVETEXT;
  r->depth = 0;
  memset (&r->levels[0], 0, sizeof r->levels[0]);
  if (r->skipping)
    return;

  if (r->strict)
    {
      for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
        if (!(r->roster_seen & (1u << i)))
          {
            set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                       _ ("the seven tag roster is incomplete: there is no %s tag"), roster[i]);
            return;
          }
      if (r->has_result_tag && arb_pgn_result_from_string (
                                 r->result_tag->str, r->result_tag->len) == ARB_PGN_RESULT_NONE)
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                     _ ("the Result tag is \"%s\"; it must be 1-0, 0-1, 1/2-1/2 or *"),
                     r->result_tag->str);
          return;
        }
      if (r->has_setup && strcmp (r->setup->str, "0") != 0 && strcmp (r->setup->str, "1") != 0)
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                     _ ("the SetUp tag is \"%s\"; it must be 0 or 1"), r->setup->str);
          return;
        }
      if (r->has_fen && !(r->has_setup && strcmp (r->setup->str, "1") == 0))
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                     _ ("a FEN tag needs SetUp \"1\""));
          return;
        }
      if (!r->has_fen && r->has_setup && strcmp (r->setup->str, "1") == 0)
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, 0, NULL,
                     _ ("SetUp \"1\" needs a FEN tag"));
          return;
        }
    }

  if (r->has_variant)
    {
      g_autofree char *v = g_strstrip (g_strdup (r->variant->str));

      if (variant_is (v, chess960_names))
        chess960 = TRUE;
      else if (!variant_is (v, standard_names))
        {
          set_error (
            r, ARB_PGN_ERROR_VARIANT, r->tok_line, r->tok_col, 0, NULL,
            _ ("the variant \"%s\" is not supported: only standard chess and Chess960 are"),
            r->variant->str);
          return;
        }
    }

  if (r->has_fen)
    {
      g_autoptr (GError) fen_error = NULL;
      gboolean ok;

      /* A FEN is plain ASCII; anything else is refused here, before the
       * FEN parser sees it. */
      for (gsize i = 0; i < r->fen->len; i++)
        if ((guchar) r->fen->str[i] >= 0x7f ||
            ((guchar) r->fen->str[i] < 0x20 && r->fen->str[i] != '\t'))
          {
            set_error (r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, 0, NULL,
                       _ ("the FEN tag holds a character that is not printable ASCII"));
            return;
          }

      ok = arb_position_set_fen (&r->pos, r->fen->str,
                                 chess960 ? ARB_FEN_CHESS960 : ARB_FEN_FLAGS_NONE, &fen_error);
      /* Without a Variant tag, Shredder-FEN or X-FEN castling letters still
       * tell a Chess960 game apart. */
      if (!ok && !chess960 && arb_position_set_fen (&r->pos, r->fen->str, ARB_FEN_CHESS960, NULL))
        {
          ok = TRUE;
          chess960 = TRUE;
        }
      if (!ok)
        {
          set_error (r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, 0, NULL,
                     _ ("the FEN tag \"%s\" is not usable: %s"), r->fen->str,
                     fen_error != NULL ? fen_error->message : "invalid");
          return;
        }
    }
  else
    {
      r->pos = start_position;
      if (r->has_setup && strcmp (r->setup->str, "1") == 0)
        r->setup_without_fen = TRUE;
    }
  if (chess960)
    r->pos.chess960 = true;

  if (r->v.movetext_start != NULL)
    r->v.movetext_start (r, &r->pos, r->user_data);
}

static void
end_game (ArbPgnReader *r)
{
  if (!r->in_game)
    return;

  if (r->ctx == CTX_HEADER)
    begin_movetext (r);

  /* The game ends at the token that starts the next one, or at the end of
   * the input (finish() marks that place as the token). */
  if (!r->skipping && r->depth > 0)
    set_error (r, ARB_PGN_ERROR_UNTERMINATED, r->tok_line, r->tok_col, current_ply (r), NULL,
               _ ("a variation is not closed before the game ends"));
  if (r->strict && !r->ended && r->error == NULL)
    set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r), NULL,
               _ ("the game has no termination marker (1-0, 0-1, 1/2-1/2 or *)"));

  if (r->v.game_end != NULL)
    r->v.game_end (r, r->error, r->user_data);
  reset_game_state (r);
  r->ctx = CTX_BETWEEN;
}

static void
begin_game (ArbPgnReader *r)
{
  end_game (r);
  reset_game_state (r);
  r->game++;
  r->in_game = TRUE;
  r->ctx = CTX_HEADER;
  if (r->v.game_start != NULL)
    r->v.game_start (r, r->user_data);
  if (r->orphan_error != NULL)
    {
      g_autofree char *why = g_steal_pointer (&r->orphan_error);

      set_error (r, ARB_PGN_ERROR_STRICT, r->orphan_line, r->orphan_column, 0, NULL, "%s", why);
    }
}

/* Before a movetext token: open a game or finish its tag section. */
static void
open_movetext (ArbPgnReader *r)
{
  gboolean headerless = r->ctx == CTX_BETWEEN;

  if (headerless)
    begin_game (r);
  if (r->ctx == CTX_HEADER)
    begin_movetext (r);
  if (headerless && r->has_loose_comment)
    {
      r->has_loose_comment = FALSE;
      r->prev = PREV_COMMENT;
      if (!r->skipping && r->v.pre_game_comment != NULL)
        r->v.pre_game_comment (r, r->loose_comment->str, r->loose_comment->len, r->user_data);
    }
}

/* Inside the movetext, where nearly every token is, there is nothing to do:
 * said without a call. */
static inline void
ensure_movetext (ArbPgnReader *r)
{
  if (r->ctx != CTX_MOVETEXT)
    open_movetext (r);
}

/* ---- Tags -------------------------------------------------------------- */

static void scan (ArbPgnReader *r, const guchar *chunk, gsize len, guint64 base);

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
      set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, name,
                 _ ("more than %u tags in one game"), ARB_PGN_MAX_TAGS);
      return;
    }
  if ((r->flags & ARB_PGN_READER_UTF8) && !g_utf8_validate (value, (gssize) value_len, NULL))
    {
      set_error (r, ARB_PGN_ERROR_ENCODING, r->text_line, r->text_col, 0, name,
                 _ ("the value of the tag %s is not UTF-8 text"), name);
      return;
    }
  /* The names are looked up only in strict mode and after an empty line
   * (see process_tag_line), so a repeated name may be listed twice. */
  if (r->strict && tag_seen (r, name))
    {
      set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
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
      set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
                 _ ("the tag line is longer than %u bytes"), MAX_TEXT);
      return FALSE;
    }
  if (r->game_text > ARB_PGN_MAX_GAME_TEXT)
    {
      set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
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
        set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                   _ ("a tag line holds the control character 0x%02X"), (guint) (guchar) s[k]);
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
      set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                 _ ("a tag pair must start with its name right after '['"));
      return FALSE;
    }
  if (name_end - name_start >= MAX_TAG_NAME)
    {
      set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, NULL,
                 _ ("the tag name is too long"));
      return FALSE;
    }
  memcpy (name, s + name_start, name_end - name_start);
  name[name_end - name_start] = '\0';
  if (r->strict && !valid_strict_name (name, name_end - name_start))
    {
      set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                 _ ("\"%s\" is not a valid tag name"), name);
      return FALSE;
    }
  if (r->strict)
    {
      if (*i + 1 >= n || s[*i] != ' ' || s[*i + 1] != '"')
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                     _ ("the tag %s must be followed by one space and a quoted value"), name);
          return FALSE;
        }
      (*i)++;
    }
  else
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
      (*i)++;
  if (*i >= n || s[*i] != '"')
    {
      set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
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
    set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
               _ ("the value of the tag %s has no closing '\"'"), name);
  else
    set_error (r, ARB_PGN_ERROR_TAG, r->text_line, r->text_col, 0, name,
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
          set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                     _ ("unexpected text after the tag %s on the same line"), name);
          return FALSE;
        }
      /* '[Result "1-0"] e4 *': the movetext starts on the tag's line.
       * The rest of the line is scanned as if the line had ended at ']'
       * (it is copied first: scanning reuses the text buffer). */
      rest = g_strndup (s + *i, n - *i);
      scan (r, (const guchar *) rest, n - *i, r->line_start + r->text_col + *i);
      return FALSE;
    }
  if (r->strict)
    {
      set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
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
 * the general reading in process_tag_line() then takes. */
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
  /* As in process_tag_line(): a name seen again after an empty line is the
   * next game. */
  if (r->blank_after_tag && tag_seen (r, s))
    {
      begin_game (r);
      if (r->skipping)
        return TRUE;
    }
  r->blank_after_tag = FALSE;
  record_tag (r, s, name_len, s + name_len + 2, k - name_len - 2);
  return TRUE;
}

/* A tag line is everything after '[' up to the end of the line. Normally it
 * is one 'Name "value"]'; several tags on one line are read too. */
static void
process_tag_line (ArbPgnReader *r)
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
          begin_game (r);
          if (r->skipping)
            return;
        }
      r->blank_after_tag = FALSE;

      if (!unescape_value (r, s + value_start, close - value_start))
        {
          set_error (r, ARB_PGN_ERROR_STRICT, r->text_line, r->text_col, 0, name,
                     _ ("the value of the tag %s has a '\"' or '\\' that is not escaped"), name);
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
      set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r), NULL,
                 _ ("a comment is longer than %u bytes"), MAX_TEXT);
      return;
    }
  if (r->game_text > ARB_PGN_MAX_GAME_TEXT)
    {
      set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r), NULL,
                 _ ("the tags and comments of one game are longer than %u bytes"),
                 ARB_PGN_MAX_GAME_TEXT);
      return;
    }
  if (!r->want_text)
    return;
  if ((r->flags & ARB_PGN_READER_UTF8) &&
      !g_utf8_validate (r->text->str, (gssize) r->text->len, NULL))
    {
      set_error (r, ARB_PGN_ERROR_ENCODING, r->text_line, r->text_col, current_ply (r), NULL,
                 _ ("a comment is not UTF-8 text"));
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
      set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), r->tok,
                 _ ("a termination marker '%s' inside a variation"),
                 arb_pgn_result_to_string (result));
      return;
    }
  r->result = result;
  if (r->v.result != NULL)
    r->v.result (r, result, r->user_data);
  if (r->strict && r->has_result_tag &&
      arb_pgn_result_from_string (r->result_tag->str, r->result_tag->len) != result)
    set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r),
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

static void
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
          set_error (
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
          set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), tok,
                     _ ("the annotation '%s' does not follow a move"), tok);
          return;
        }
      process_nag (r, (guint) nag);
      return;
    }

  if (r->setup_without_fen)
    {
      set_error (r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, lvl->ply + 1, tok,
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
      set_error (r, err == ARB_SAN_ERROR_NULL_MOVE ? ARB_PGN_ERROR_NULL_MOVE : ARB_PGN_ERROR_MOVE,
                 r->tok_line, r->tok_col, lvl->ply + 1, tok, "%s", why);
      return;
    }

  tok[move_len] = '\0';
  if (++r->n_moves > ARB_PGN_MAX_MOVES)
    {
      set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, lvl->ply + 1, tok,
                 _ ("more than %u moves in one game, variations included"), ARB_PGN_MAX_MOVES);
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
    set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r) + 1, r->tok,
               _ ("the move number '%s...' repeats the number of the White move just before it"),
               r->tok);
}

static void
process_symbol (ArbPgnReader *r)
{
  r->tok[MIN (r->tok_len, TOKEN_MAX - 1)] = '\0';
  if (r->tok_overflow)
    {
      ensure_movetext (r);
      if (!r->skipping)
        set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r) + 1, r->tok,
                   _ ("a token longer than %d characters"), TOKEN_MAX - 1);
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
      set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r), "(",
                 _ ("variations are nested more than %d deep"), MAX_DEPTH);
      return;
    }
  if (++r->n_variations > ARB_PGN_MAX_VARIATIONS)
    {
      set_error (r, ARB_PGN_ERROR_LIMIT, r->tok_line, r->tok_col, current_ply (r), "(",
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
      set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), ")",
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
      set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), "$",
                 _ ("'$' must be followed by the number of a NAG"));
      return;
    }
  if (r->nag_value > 255)
    {
      set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), "$",
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
    set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), NULL,
               _ ("unexpected character '%c'"), c);
  else
    set_error (r, ARB_PGN_ERROR_SYNTAX, r->tok_line, r->tok_col, current_ply (r), NULL,
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
 * keeps them when KEEP (the visitor wants the text). */
static void
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
        set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, 0, NULL,
                   _ ("the tag line is longer than %u bytes"), MAX_TEXT);
      else if (r->ctx != CTX_BETWEEN)
        set_error (r, ARB_PGN_ERROR_LIMIT, r->text_line, r->text_col, current_ply (r), NULL,
                   _ ("a comment is longer than %u bytes"), MAX_TEXT);
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
    set_orphan_error (r, r->line, 1, "two empty lines in a row");
  else if (r->line == 1)
    set_orphan_error (r, r->line, 1, "the first line is empty");
  else if (r->in_game && r->ctx == CTX_MOVETEXT)
    set_error (r, ARB_PGN_ERROR_STRICT, r->line, 1, current_ply (r), NULL,
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
        {
          guint dots = 0;

          /* A move number: its periods are read here while the chunk
           * lasts, as ST_DOTS would. */
          tok[len] = '\0';
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
    }
  r->state = ST_GAP;
  process_symbol (r);
  return q;
}

/* Scans bytes whose first one is at offset base of the input. Re-entered
 * for the rest of a tag line that continues with movetext. */
static void
scan (ArbPgnReader *r, const guchar *chunk, gsize len, guint64 base)
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
                    begin_game (r);
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
                    set_error (r, ARB_PGN_ERROR_UNTERMINATED, r->text_line, r->text_col,
                               current_ply (r), "{",
                               _ ("the comment opened here is not closed before the next "
                                  "game's [Event tag"));
                  }
                r->has_loose_comment = FALSE;
                begin_game (r);
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
                  process_tag_line (r);
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

void
arb_pgn_reader_feed (ArbPgnReader *r, const char *data, gsize len)
{
  g_return_if_fail (r != NULL);
  g_return_if_fail (data != NULL || len == 0);

  if (len == 0)
    return;
  r->last_byte = (guchar) data[len - 1];
  r->any_byte = TRUE;
  scan (r, (const guchar *) data, len, r->total);
  r->total += len;
}

void
arb_pgn_reader_finish (ArbPgnReader *r)
{
  g_return_if_fail (r != NULL);

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
          process_tag_line (r);
          break;
        case ST_LINE_COMMENT:
          process_comment (r);
          break;
        case ST_BRACE:
          ensure_movetext (r);
          if (!r->skipping)
            set_error (r, ARB_PGN_ERROR_UNTERMINATED, r->text_line, r->text_col, current_ply (r),
                       "{",
                       _ ("the comment opened here is not closed before the end of the input"));
          break;
        case ST_BOM:
        case ST_ESCAPE:
        case ST_GAP:
        default:
          break;
        }
    }
  r->state = ST_GAP;
  r->tok_line = r->line;
  r->tok_col = (guint) (r->total - r->line_start) + 1;

  if (r->strict && r->any_byte && r->last_byte != '\n')
    set_orphan_error (r, r->line, (guint) (r->total - r->line_start) + 1,
                      "the input does not end with a line break");

  if (r->in_game)
    end_game (r);

  if (r->strict && (r->game == 0 || r->orphan_error != NULL))
    {
      /* Strict input must hold at least one game; a problem found after
       * the last game needs a game to be reported in. */
      if (r->orphan_error == NULL)
        set_orphan_error (r, 1, 1, "the input holds no game");
      begin_game (r);
      r->ctx = CTX_MOVETEXT;
      r->skipping = TRUE;
      end_game (r);
    }

  /* Ready for another input. */
  r->has_loose_comment = FALSE;
  r->event_match = 0;
  g_clear_pointer (&r->orphan_error, g_free);
  reset_game_state (r);
  r->ctx = CTX_BETWEEN;
  r->state = ST_BOM;
  r->total = 0;
  r->line_start = 0;
  r->line = 1;
  r->line_has_content = FALSE;
  r->blank_run = 0;
  r->bom_matched = 0;
  r->game = 0;
  r->any_byte = FALSE;
  r->last_byte = 0;
}

ArbPgnReader *
arb_pgn_reader_new (const ArbPgnVisitor *visitor, gpointer user_data, ArbPgnReaderFlags flags)
{
  return arb_pgn_reader_new_full (visitor, user_data, NULL, flags);
}

ArbPgnReader *
arb_pgn_reader_new_full (const ArbPgnVisitor *visitor,
                         gpointer user_data,
                         GDestroyNotify destroy,
                         ArbPgnReaderFlags flags)
{
  ArbPgnReader *r;

  g_return_val_if_fail (visitor != NULL, NULL);

  init_tables ();
  arb_position_init ();

  r = g_new0 (ArbPgnReader, 1);
  r->v = *visitor;
  r->user_data = user_data;
  r->destroy = destroy;
  r->flags = flags;
  r->strict = (flags & ARB_PGN_READER_STRICT) != 0;
  r->want_text =
    visitor->comment != NULL || visitor->clock != NULL || visitor->pre_game_comment != NULL;
  r->text = g_string_sized_new (256);
  r->scratch = g_string_sized_new (256);
  r->loose_comment = g_string_new (NULL);
  r->fen = g_string_new (NULL);
  r->setup = g_string_new (NULL);
  r->variant = g_string_new (NULL);
  r->result_tag = g_string_new (NULL);
  r->tag_names = g_string_new (NULL);
  r->state = ST_BOM;
  r->ctx = CTX_BETWEEN;
  r->line = 1;
  reset_game_state (r);
  return r;
}

void
arb_pgn_reader_free (ArbPgnReader *r)
{
  if (r == NULL)
    return;
  if (r->destroy != NULL)
    r->destroy (r->user_data);
  g_clear_error (&r->error);
  g_clear_pointer (&r->orphan_error, g_free);
  g_string_free (r->text, TRUE);
  g_string_free (r->scratch, TRUE);
  g_string_free (r->loose_comment, TRUE);
  g_string_free (r->fen, TRUE);
  g_string_free (r->setup, TRUE);
  g_string_free (r->variant, TRUE);
  g_string_free (r->result_tag, TRUE);
  g_string_free (r->tag_names, TRUE);
  g_free (r);
}

gboolean
arb_pgn_reader_read_file (ArbPgnReader *r, const char *path, GError **error)
{
  g_autoptr (GMappedFile) mapped = NULL;
  int fd;
  gsize block = 1u << 20;
  g_autofree char *buf = NULL;

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (strcmp (path, "-") != 0)
    {
      mapped = g_mapped_file_new (path, FALSE, NULL);
      if (mapped != NULL)
        {
          const char *contents = g_mapped_file_get_contents (mapped);
          gsize length = g_mapped_file_get_length (mapped);

          if (contents != NULL || length == 0)
            {
              /* In blocks, each given back once read, so that the resident
               * size does not grow with the file. */
              const gsize step = 8u << 20;

              if (length == 0)
                arb_pgn_reader_feed (r, "", 0);
              for (gsize off = 0; off < length; off += step)
                {
                  arb_pgn_reader_feed (r, contents + off, MIN (step, length - off));
#ifdef MADV_DONTNEED
                  if (off + step < length)
                    madvise ((void *) (contents + off), step, MADV_DONTNEED);
#endif
                }
              arb_pgn_reader_finish (r);
              return TRUE;
            }
        }
      fd = g_open (path, O_RDONLY, 0);
      if (fd < 0)
        {
          int saved = errno;
          g_set_error (
            error, G_FILE_ERROR, g_file_error_from_errno (saved),
            /* Translators: the first %s is a file's path, the second the system's message */
            _ ("cannot open %s: %s"), path, g_strerror (saved));
          return FALSE;
        }
    }
  else
    fd = 0;

  buf = g_malloc (block);
  for (;;)
    {
      gssize n = read (fd, buf, block);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (
            error, G_FILE_ERROR, g_file_error_from_errno (saved),
            /* Translators: the first %s is a file's path, the second the system's message */
            _ ("cannot read %s: %s"), path, g_strerror (saved));
          if (fd != 0)
            close (fd);
          arb_pgn_reader_finish (r);
          return FALSE;
        }
      if (n == 0)
        break;
      arb_pgn_reader_feed (r, buf, (gsize) n);
    }
  if (fd != 0)
    close (fd);
  arb_pgn_reader_finish (r);
  return TRUE;
}

const ArbPosition *
arb_pgn_reader_get_position (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return &r->pos;
}

guint
arb_pgn_reader_get_depth (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->depth;
}

guint
arb_pgn_reader_get_ply (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->levels[r->depth].ply;
}

guint
arb_pgn_reader_get_mainline_plies (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->levels[0].ply;
}

guint
arb_pgn_reader_get_game_number (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->game;
}

gboolean
arb_pgn_reader_has_error (ArbPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, FALSE);

  return reader->in_game && reader->error != NULL;
}

guint
arb_pgn_reader_get_text_line (ArbPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->text_line;
}

const ArbPgnErrorInfo *
arb_pgn_reader_get_error_info (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return &r->error_info;
}

void
arb_pgn_reader_skip_game (ArbPgnReader *r)
{
  g_return_if_fail (r != NULL);
  if (!r->in_game || r->skipping)
    return;
  r->skip_depth = r->depth;
  if (r->depth > 0)
    r->pos = r->levels[1].saved;
  r->depth = 0;
  r->skipping = TRUE;
}
