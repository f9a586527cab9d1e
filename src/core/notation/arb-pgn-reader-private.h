/* arb-pgn-reader-private.h: the state the parts of the PGN reader share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include "arb-pgn-reader.h"

/* The reader is in four files: arb-pgn-reader.c (the reader, its errors and
 * its games), arb-pgn-scanner.c (bytes into tokens, and the movetext),
 * arb-pgn-tags.c (tag pairs) and arb-pgn-values.c (results and clock
 * times, which are public). */

G_BEGIN_DECLS

/* Limits that keep hostile input from growing memory or the stack. */
#define MAX_DEPTH ARB_PGN_MAX_DEPTH
#define MAX_TEXT ARB_PGN_MAX_TEXT
#define TOKEN_MAX 64

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

/* ---- arb-pgn-reader.c: errors and games ---------------------------------- */

/* The ply the current token is at: 0 outside the movetext. */
static inline guint
current_ply (ArbPgnReader *r)
{
  if (r->ctx != CTX_MOVETEXT && !r->ended)
    return 0;
  return r->levels[r->depth].ply;
}

/* The error of the current game, the first only; the rest of the game is
 * skipped. Errors are the exception, so both are cold: the scanner's code is
 * laid out for input that has none, as it was while they were static in its
 * file (without it, validate runs 0.3% more instructions). */
void _arb_pgn_set_error (ArbPgnReader *r,
                         ArbPgnError code,
                         guint line,
                         guint column,
                         guint ply,
                         const char *token,
                         const char *format,
                         ...) G_GNUC_PRINTF (7, 8) __attribute__ ((cold));
void _arb_pgn_set_orphan_error (ArbPgnReader *r, guint line, guint column, const char *why)
  __attribute__ ((cold));
/* Ends the game open, if any, and opens the next one. */
void _arb_pgn_begin_game (ArbPgnReader *r);
void _arb_pgn_open_movetext (ArbPgnReader *r);

/* Inside the movetext, where nearly every token is, there is nothing to do:
 * said without a call. */
static inline void
ensure_movetext (ArbPgnReader *r)
{
  if (r->ctx != CTX_MOVETEXT)
    _arb_pgn_open_movetext (r);
}

/* ---- arb-pgn-tags.c: tag pairs ------------------------------------------- */

void _arb_pgn_tags_init (void);
void _arb_pgn_process_tag_line (ArbPgnReader *r);
/* Strict mode: whether the tags of the game just read are as the PGN
 * standard wants them; sets the error otherwise. */
gboolean _arb_pgn_check_strict_tags (ArbPgnReader *r);

/* ---- arb-pgn-scanner.c: the scanner and the movetext tokens -------------- */

/* The scanner and what it does with the movetext's tokens are one file so
 * that the compiler inlines the path of a move into the scanner's loop. */

void _arb_pgn_scanner_init (void);
void _arb_pgn_scan (ArbPgnReader *r, const guchar *chunk, gsize len, guint64 base);
void _arb_pgn_scan_flush (ArbPgnReader *r);

G_END_DECLS
