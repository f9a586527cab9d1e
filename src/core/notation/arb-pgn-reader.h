/* arb-pgn-reader.h: a streaming PGN reader with a visitor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* The reader is fed bytes in chunks of any size (one byte at a time works),
 * tokenises them without allocating per token, replays every move on a
 * position (SAN resolved with arb_san_resolve()), and calls a visitor.
 *
 * Games are separated by the usual PGN rules: a game ends with its
 * termination marker (1-0, 0-1, 1/2-1/2, *), or, when the marker is missing,
 * where the next tag section starts or the input ends. Movetext without any
 * tags is a game too. A game with tags only ends where, after an empty line,
 * a tag name repeats (an empty line alone does not end it: ChessBase puts
 * one among the tags). Of repeated tags, the first FEN, SetUp, Variant and
 * Result count.
 *
 * An error never stops the reader: it ends the current game (the visitor's
 * game_end receives the GError), the rest of that game is skipped, and the
 * next game is read normally. A comment that is never closed runs to the
 * end of the input by the PGN grammar; as files with a game cut off inside
 * a comment exist, a line starting with '[Event "' inside a comment ends it
 * (with an error for its game) and starts the next game. Every error message
 * starts with "game G, line L, column C, ply P:" and says why; the same
 * numbers are in
 * arb_pgn_reader_get_error_info(). Ply P is the half-move the error belongs
 * to, counted from the start of the game (1 = first move); 0 when the error
 * comes before the movetext.
 *
 * Accepted besides export-format PGN (the default, lenient mode): a UTF-8
 * byte order mark, CRLF line ends, ';' comments (delivered as comments), '%'
 * escape lines (ignored), empty lines inside the movetext (ChessBase), move
 * numbers anywhere ("1... e5" after a comment, "12.e4" glued), a missing
 * termination marker, "0-0"/"0-0-0", an unescaped quote inside a tag value
 * when the line still ends with '"]', a FEN tag without SetUp, movetext on
 * the line of a tag ('[Result "*"] e4 *'), and tag names with unusual
 * characters ("BlackType:"). A comment between games (after a marker, or
 * at the start) is the pre-game comment of a following game without tags,
 * and is dropped when tags follow.
 *
 * Refused with an error: illegal, ambiguous or malformed SAN; null moves
 * ("--", "Z0"); UCI movetext unless ARB_PGN_READER_ACCEPT_UCI is given; a
 * Variant tag other than standard chess or Chess960; an invalid FEN; SetUp
 * "1" without a FEN (when the game has moves); unterminated comments or
 * variations; a termination marker inside a variation; suffix annotations
 * other than ! ? !! ?? !? ?!.
 *
 * ARB_PGN_READER_STRICT adds the export-format checks of the PGN standard
 * (section 8): the seven tag roster present, no duplicate tag, tag syntax
 * '[Name "value"]' exactly, a Result tag of 1-0, 0-1, 1/2-1/2 or * that equals
 * the termination marker, a marker present, SetUp "0"/"1" with FEN exactly
 * when SetUp is "1", "N..." only after a comment or variation, no empty line
 * inside the movetext, no two empty lines in a row, no empty first line,
 * and a line break at the end of the file.
 */

/* Limits no real file reaches, the same for every reader (validate,
 * import, the window): past one, the game ends with ARB_PGN_ERROR_LIMIT
 * and its location, and the reader goes on with the next game. They keep
 * the memory one game needs bounded, whatever the file. */
#define ARB_PGN_MAX_TEXT (1u << 20)       /* bytes of one tag line or one comment */
#define ARB_PGN_MAX_GAME_TEXT (16u << 20) /* bytes of all tags and comments of a game */
#define ARB_PGN_MAX_TAGS 1000             /* tag pairs in one game */
#define ARB_PGN_MAX_VARIATIONS 10000      /* variations in one game, at any depth */
#define ARB_PGN_MAX_MOVES 100000          /* moves in one game, variations included */
#define ARB_PGN_MAX_DEPTH 64              /* variations inside variations */

#define ARB_PGN_ERROR (arb_pgn_error_quark ())

typedef enum
{
  ARB_PGN_ERROR_SYNTAX,       /* a character or token that has no place here */
  ARB_PGN_ERROR_TAG,          /* a malformed tag pair */
  ARB_PGN_ERROR_MOVE,         /* illegal, ambiguous or malformed SAN */
  ARB_PGN_ERROR_NULL_MOVE,    /* "--" or "Z0" in a game score */
  ARB_PGN_ERROR_SETUP,        /* FEN or SetUp tag unusable */
  ARB_PGN_ERROR_VARIANT,      /* a variant other than standard chess or Chess960 */
  ARB_PGN_ERROR_UNTERMINATED, /* comment, tag or variation not closed */
  ARB_PGN_ERROR_STRICT,       /* export-format rule broken (strict mode only) */
  ARB_PGN_ERROR_LIMIT,        /* past one of the limits above, or a token too long */
  ARB_PGN_ERROR_ENCODING,     /* text that is not UTF-8 (ARB_PGN_READER_UTF8 only) */
} ArbPgnError;

GQuark arb_pgn_error_quark (void);

typedef enum
{
  ARB_PGN_RESULT_NONE = 0,   /* no termination marker */
  ARB_PGN_RESULT_WHITE_WINS, /* 1-0 */
  ARB_PGN_RESULT_BLACK_WINS, /* 0-1 */
  ARB_PGN_RESULT_DRAW,       /* 1/2-1/2 */
  ARB_PGN_RESULT_ONGOING,    /* * */
} ArbPgnResult;

/* "1-0", "0-1", "1/2-1/2", "*", or NULL for ARB_PGN_RESULT_NONE. */
const char *arb_pgn_result_to_string (ArbPgnResult result);
/* The inverse; ARB_PGN_RESULT_NONE for anything else. */
ArbPgnResult arb_pgn_result_from_string (const char *text, gsize len);

typedef enum
{
  ARB_PGN_CLOCK_CLK, /* [%clk H:MM:SS(.f)]: time left after the move */
  ARB_PGN_CLOCK_EMT, /* [%emt H:MM:SS(.f)]: time spent on the move */
} ArbPgnClockKind;

/* Marks a missing clock value in milliseconds. */
#define ARB_PGN_NO_TIME ((gint64) -1)

typedef enum
{
  ARB_PGN_READER_DEFAULT = 0,
  ARB_PGN_READER_STRICT = 1 << 0,
  /* Accept movetext in UCI / long algebraic form ("e2e4") where SAN fails.
   * Off by default: PGN requires SAN, and an arbiter importing a file should
   * hear about a non-standard one. */
  ARB_PGN_READER_ACCEPT_UCI = 1 << 1,
  /* Tag values and comments must be UTF-8 (a file whose text is kept, as
   * an import does); otherwise the game ends with ARB_PGN_ERROR_ENCODING
   * at the tag or comment. Off by default: for replaying, old files in
   * Latin-1 are still worth reading. */
  ARB_PGN_READER_UTF8 = 1 << 2,
  /* The visitor never reads the Zobrist key of the positions it is given
   * (pos->key, arb_position_identity_key()): the moves are made without
   * updating it (arb_position_make_move_unkeyed()), which a reader that
   * only checks the games (validate) does not need. */
  ARB_PGN_READER_NO_KEYS = 1 << 3,
} ArbPgnReaderFlags;

typedef struct _ArbPgnReader ArbPgnReader;

/* All callbacks are optional. Strings are valid only during the call and
 * are NUL-terminated (the length is given too). Inside a callback the
 * reader can be queried (position, depth, ply, game number) and told to
 * skip the rest of the game. */
typedef struct
{
  void (*game_start) (ArbPgnReader *reader, gpointer user_data);
  /* Escapes (\" and \\) already resolved. */
  void (*tag) (ArbPgnReader *reader,
               const char *name,
               const char *value,
               gsize value_len,
               gpointer user_data);
  /* After the tags, once the start position is known (FEN, Variant). */
  void (*movetext_start) (ArbPgnReader *reader, const ArbPosition *start, gpointer user_data);
  /* A comment in the main line before the first move. */
  void (*pre_game_comment) (ArbPgnReader *reader, const char *text, gsize len, gpointer user_data);
  /* A legal move; before is the position it is played in. san is the token
   * as written, without suffix annotations (those arrive as NAGs 1-6). */
  void (*move) (ArbPgnReader *reader,
                const ArbPosition *before,
                ArbMove move,
                const char *san,
                gsize san_len,
                gpointer user_data);
  /* A comment after a move, or at the start of a variation. [%clk] and
   * [%emt] commands are taken out and reported through clock first; the
   * call is skipped when nothing but white space is left. */
  void (*comment) (ArbPgnReader *reader, const char *text, gsize len, gpointer user_data);
  void (*nag) (ArbPgnReader *reader, guint nag, gpointer user_data);
  /* A clock command found in the comment after the last move. */
  void (*clock) (ArbPgnReader *reader,
                 ArbPgnClockKind kind,
                 gint64 milliseconds,
                 gpointer user_data);
  /* A variation: the moves inside replace the last move played. */
  void (*variation_start) (ArbPgnReader *reader, gpointer user_data);
  void (*variation_end) (ArbPgnReader *reader, gpointer user_data);
  void (*result) (ArbPgnReader *reader, ArbPgnResult result, gpointer user_data);
  /* Always called once per game_start; error is NULL for a good game. */
  void (*game_end) (ArbPgnReader *reader, const GError *error, gpointer user_data);
} ArbPgnVisitor;

typedef struct
{
  guint game;     /* 1-based number of the game in the input */
  guint line;     /* 1-based line of the offending token */
  guint column;   /* 1-based column (in bytes) */
  guint ply;      /* see above; 0 before the movetext */
  char token[64]; /* the offending token, possibly cut short; "" if none */
} ArbPgnErrorInfo;

/* The visitor is copied; user_data is not owned. */
ArbPgnReader *arb_pgn_reader_new (const ArbPgnVisitor *visitor,
                                  gpointer user_data,
                                  ArbPgnReaderFlags flags);
/* Same, with a function that frees user_data with the reader. */
ArbPgnReader *arb_pgn_reader_new_full (const ArbPgnVisitor *visitor,
                                       gpointer user_data,
                                       GDestroyNotify destroy,
                                       ArbPgnReaderFlags flags);
void arb_pgn_reader_free (ArbPgnReader *reader);

/* Feeds the next chunk. Chunks may split any token, line or character. */
void arb_pgn_reader_feed (ArbPgnReader *reader, const char *data, gsize len);
/* Ends the input: the last game is closed and reported. The reader is then
 * ready for a new input (game numbers start again at 1). */
void arb_pgn_reader_finish (ArbPgnReader *reader);

/* Reads a whole file (mapped, or read in large blocks when it cannot be
 * mapped; "-" is standard input) and calls finish. Only I/O problems are
 * returned here; problems in games go to the visitor. */
gboolean arb_pgn_reader_read_file (ArbPgnReader *reader, const char *path, GError **error);

/* The position at this point of the game (inside a variation: the
 * variation's position). Valid during callbacks. */
const ArbPosition *arb_pgn_reader_get_position (ArbPgnReader *reader);
/* 0 in the main line, n inside n nested variations. */
guint arb_pgn_reader_get_depth (ArbPgnReader *reader);
/* Half-moves played in the current line since the start of the game. */
guint arb_pgn_reader_get_ply (ArbPgnReader *reader);
/* Half-moves played in the main line. */
guint arb_pgn_reader_get_mainline_plies (ArbPgnReader *reader);
guint arb_pgn_reader_get_game_number (ArbPgnReader *reader);
/* TRUE when the game being read already has its error (the rest of it is
 * skipped): a caller that wants all or nothing can stop feeding and call
 * arb_pgn_reader_finish(), which reports the game with its error. */
gboolean arb_pgn_reader_has_error (ArbPgnReader *reader);
/* The line where the tag or comment being reported starts (1-based);
 * valid in the tag and comment callbacks. */
guint arb_pgn_reader_get_text_line (ArbPgnReader *reader);
/* Where the error of the current game is; valid in game_end with an error. */
const ArbPgnErrorInfo *arb_pgn_reader_get_error_info (ArbPgnReader *reader);
/* Skip the rest of the current game: no more callbacks for it except
 * game_end (with no error). Moves are not resolved while skipping, which
 * makes reading only the tags of a file fast. */
void arb_pgn_reader_skip_game (ArbPgnReader *reader);

/* Parses "H:MM:SS", "M:SS" or "S", each with an optional fraction, into
 * milliseconds (rounded). Returns FALSE on anything else. */
gboolean arb_pgn_parse_clock (const char *text, gsize len, gint64 *milliseconds);
/* Writes "H:MM:SS" with ".f..." only when there is a fraction. */
void arb_pgn_write_clock (gint64 milliseconds, char buf[32]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbPgnReader, arb_pgn_reader_free)

G_END_DECLS
