/* arb-scoresheet-reader.h: a scoresheet as the players wrote it, read leniently
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* A scoresheet is typed or pasted text: move numbers (or none), one move
 * pair per line or everything on one line, the piece letters of the
 * player's language (English K Q R B N; Swedish, Norwegian, Danish and
 * German K D T L S; Dutch K D T L P), figurines, captures with "x", ":" or
 * nothing, long algebraic ("Sg1-f3", "d4:e5"), castling as "0-0", "00",
 * "O-O", "o-o", promotions as "e8D", "e8=D", "e8(D)", pawn captures as
 * "ed5" or "ed", annotations, clock times and draw offers beside the moves.
 *
 * The reader does not know the position: it turns the text into tokens,
 * one per half-move the player wrote (or left blank), each with the few
 * readings its characters allow. Which legal move a token stands for is
 * decided by the search (arb-scoresheet-search.h), where the rest of the
 * game can tell. Times, annotations, draw offers and words are kept out of
 * the tokens. */

#define ARB_SCORESHEET_ERROR (arb_scoresheet_error_quark ())

typedef enum
{
  ARB_SCORESHEET_ERROR_EMPTY,       /* no move on the sheet */
  ARB_SCORESHEET_ERROR_NOT_TEXT,    /* NUL bytes, or mostly bytes that are not text */
  ARB_SCORESHEET_ERROR_TOO_LARGE,   /* over ARB_SCORESHEET_MAX_BYTES or _MAX_TOKENS */
  ARB_SCORESHEET_ERROR_LANGUAGE,    /* a language we have no piece letters for */
  ARB_SCORESHEET_ERROR_POSITION,    /* the start position cannot be used */
  ARB_SCORESHEET_ERROR_NO_GAME,     /* no legal game explains the sheet within the limit */
  ARB_SCORESHEET_ERROR_CONSTRAINT,  /* a move fixed by the arbiter is not legal there */
  ARB_SCORESHEET_ERROR_NOT_A_SHEET, /* mostly words that read as no move, or a game that
                                     * corrects more moves than it reads as written */
} ArbScoresheetError;

GQuark arb_scoresheet_error_quark (void);

/* Longer input is refused before it is read: a real scoresheet is a few
 * kilobytes, and the longest game ever played has fewer than 600 moves. */
#define ARB_SCORESHEET_MAX_BYTES (1024 * 1024)
#define ARB_SCORESHEET_MAX_TOKENS 2000

/* Token flags. */
typedef enum
{
  ARB_SCORESHEET_TOKEN_ILLEGIBLE = 1 << 0, /* "?", "-", "...", or characters that read as no move */
  ARB_SCORESHEET_TOKEN_BLANK = 1 << 1,     /* a cell left empty, seen from the move numbers */
  ARB_SCORESHEET_TOKEN_DRAW_OFFER = 1 << 2, /* "(=)" or "=" beside it */
  ARB_SCORESHEET_TOKEN_ANNOTATED = 1 << 3,  /* "!", "?", "!?"... after it */
  ARB_SCORESHEET_TOKEN_CHECK = 1 << 4,      /* "+" or "#" after it */
  ARB_SCORESHEET_TOKEN_TIME = 1 << 5,       /* a clock time beside it */
} ArbScoresheetTokenFlags;

/* What a reading took liberties with, for the cost model. */
typedef enum
{
  ARB_SCORESHEET_READING_FOREIGN_LETTER = 1 << 0, /* a letter of another language */
  ARB_SCORESHEET_READING_CAPITAL_FILE = 1 << 1,   /* "E4" read as e4 */
  ARB_SCORESHEET_READING_LOWER_PIECE = 1 << 2,    /* "nf3" read as Nf3 */
  ARB_SCORESHEET_READING_PAWN_FILES = 1 << 3,     /* "ed" or "exd": files only */
  ARB_SCORESHEET_READING_PARTIAL = 1 << 4,        /* a file or rank is missing */
  ARB_SCORESHEET_READING_PAWN_LETTER = 1 << 5,    /* "Pe4" */
} ArbScoresheetReadingFlags;

/* One way to read a token. Coordinates are 0..7, or -1 when not written. */
typedef struct
{
  gint8 piece; /* ArbPieceType; ARB_PAWN when no letter; ARB_NO_PIECE_TYPE for castling */
  gint8 from_file;
  gint8 from_rank;
  gint8 to_file;
  gint8 to_rank;
  guint8 capture;   /* "x", ":" or "×" written */
  guint8 promotion; /* ArbPieceType, or ARB_NO_PIECE_TYPE */
  guint8 castling;  /* 0, 1 king side, 2 queen side */
  guint8 cost;      /* what the reading itself costs (see docs/scoresheets.md) */
  guint8 flags;     /* ArbScoresheetReadingFlags */
} ArbScoresheetReading;

#define ARB_SCORESHEET_MAX_READINGS 6

typedef struct
{
  const char *text; /* as written, valid UTF-8 (owned by the sheet) */
  guint offset;     /* byte offset and length in the input */
  guint length;
  guint line; /* 1-based */
  guint column;
  int number;   /* the move number written before it, 0 when none */
  int side;     /* ARB_WHITE or ARB_BLACK as its column says, -1 when unknown */
  int expected; /* the half-move it stands at by its number, counted from
                 * the sheet's first numbered token; -1 when unknown */
  guint flags;  /* ArbScoresheetTokenFlags */
  guint n_readings;
  ArbScoresheetReading readings[ARB_SCORESHEET_MAX_READINGS];
} ArbScoresheetToken;

typedef struct _ArbScoresheet ArbScoresheet;

/* Reads a sheet. @language is "auto" (or NULL) to tell the letters from
 * the sheet itself, or a code: "en", "sv", "nb", "da", "de", "nl" (locale
 * names such as "sv_SE" too). Letters of another language are still read,
 * at a small cost. Errors: EMPTY, NOT_TEXT, TOO_LARGE (with the line),
 * LANGUAGE. */
ArbScoresheet *arb_scoresheet_read (const char *text,
                                    gssize length,
                                    const char *language,
                                    GError **error);
void arb_scoresheet_free (ArbScoresheet *sheet);

guint arb_scoresheet_get_n_tokens (const ArbScoresheet *sheet);
const ArbScoresheetToken *arb_scoresheet_get_token (const ArbScoresheet *sheet, guint index);
/* The piece letters the sheet was read with (K Q R B N order), e.g.
 * "KDTLS"; detected when the language was "auto". */
const char *arb_scoresheet_get_letters (const ArbScoresheet *sheet);
/* The result written at the end ("1-0", "0-1", "1/2-1/2"), or NULL. */
const char *arb_scoresheet_get_result (const ArbScoresheet *sheet);
/* The token at or before a byte offset of the input (for a cursor), or -1
 * before the first token. */
int arb_scoresheet_token_at_offset (const ArbScoresheet *sheet, gsize offset);

/* Whether a language code is one the reader has letters for ("auto" too). */
gboolean arb_scoresheet_language_is_known (const char *language);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbScoresheet, arb_scoresheet_free)

G_END_DECLS
