/* arb-san.h: Standard Algebraic Notation, strict reader and writer
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* Longest SAN we write ("Qa1xb2=Q#" is 9 characters), with the NUL. */
#define ARB_SAN_MAX 16

#define ARB_SAN_ERROR (arb_san_error_quark ())

typedef enum
{
  ARB_SAN_OK = 0,
  /* The text is not SAN at all (bad characters, wrong shape). */
  ARB_SAN_ERROR_SYNTAX,
  /* Well-formed SAN, but no legal move matches it. */
  ARB_SAN_ERROR_ILLEGAL,
  /* Well-formed SAN that more than one legal move matches. */
  ARB_SAN_ERROR_AMBIGUOUS,
  /* "--" or "Z0": a null move, which is not a move of the game. */
  ARB_SAN_ERROR_NULL_MOVE,
  /* "x" written for a move that captures nothing, or missing on a capture. */
  ARB_SAN_ERROR_CAPTURE_MARK,
  /* A promotion without "=Q"-style piece, or a piece on a non-promoting move. */
  ARB_SAN_ERROR_PROMOTION,
  /* Long algebraic / UCI ("e2e4") where SAN is required. */
  ARB_SAN_ERROR_UCI,
} ArbSanError;

GQuark arb_san_error_quark (void);

/* Writes the export form of a legal move: "O-O"/"O-O-O" for castling
 * (also in Chess960), "=Q" for promotions, English piece letters, the
 * smallest disambiguation among LEGAL moves (file, else rank, else both;
 * FIDE Laws Appendix C.10, 2023 edition), and "+" or "#". Returns the length.
 * The move must be legal in pos. */
gsize arb_san_write (const ArbPosition *pos, ArbMove move, char buf[ARB_SAN_MAX]);

/* What SAN writes of a move besides its man and its squares. */
typedef enum
{
  ARB_SAN_CAPTURE = 1 << 0,
  /* The file, the rank of the square the man leaves (a man of the same
   * kind could reach the same square legally). */
  ARB_SAN_FROM_FILE = 1 << 1,
  ARB_SAN_FROM_RANK = 1 << 2,
  ARB_SAN_CHECK = 1 << 3,
  ARB_SAN_MATE = 1 << 4,
} ArbSanMarks;

/* Spells @move of a man of @type (ARB_PAWN to ARB_KING) with @marks, as
 * arb_san_write() does once it knows them: a pawn's capture with the file
 * it leaves, castling as "O-O" or "O-O-O" by the side the rook stands on,
 * "#" for a mate, else "+" for a check. Returns the length. */
gsize arb_san_spell (ArbPieceType type, ArbMove move, ArbSanMarks marks, char buf[ARB_SAN_MAX]);

/* Resolves a SAN token to a legal move without generating all moves: the
 * pieces of the named type that attack the target square are found with the
 * attack tables and only those are checked for legality.
 *
 * Strict PGN import grammar:
 *   - piece letters K Q R B N (English), files a-h, ranks 1-8;
 *   - castling "O-O"/"O-O-O", and also "0-0"/"0-0-0" with zeros, because real
 *     PGN files (for example engine output) write them; mixed "0-O" is refused;
 *   - "x" must be present exactly when the move captures (e.p. included);
 *   - promotions need "=" and the piece ("e8=Q"); "e8Q" is refused;
 *   - a redundant disambiguation ("Nb1d2" when "Nd2" would do) is accepted;
 *   - a trailing "+" or "#" is accepted and not verified (readers of real
 *     files must not reject a missing or extra check sign);
 *   - move suffix annotations ("!", "?!") are NOT part of the token: strip
 *     them first (the PGN reader turns them into NAGs);
 *   - "--" and "Z0" (null moves) are refused with ARB_SAN_ERROR_NULL_MOVE.
 *
 * Returns ARB_SAN_OK and stores the move, or an error code (no allocation).
 * A later lenient layer for scoresheets (typed deviations such as "e2-e4",
 * "Pe4", local piece letters) is meant to call this first and fall back to
 * its own rules; arb_san_parse_shape() and arb_san_resolve_shape() are the
 * hooks it builds on. */
ArbSanError arb_san_resolve (const ArbPosition *pos, const char *text, gsize len, ArbMove *move);

/* Same as arb_san_resolve() with a GError that says why (and, for ambiguous
 * moves, which squares the candidates stand on). Returns ARB_MOVE_NONE on
 * error. */
ArbMove arb_san_parse (const ArbPosition *pos, const char *text, gsize len, GError **error);

/* The parsed shape of a SAN token, before it is matched against a position.
 * Exposed so that a lenient scoresheet layer can reuse the tokeniser. */
typedef struct
{
  ArbPieceType piece;     /* ARB_PAWN..ARB_KING, or ARB_NO_PIECE_TYPE for castling */
  int from_file;          /* 0..7, or -1 */
  int from_rank;          /* 0..7, or -1 */
  ArbSquare to;           /* target square, or ARB_NO_SQUARE for castling */
  ArbPieceType promotion; /* ARB_NO_PIECE_TYPE unless "=X" */
  gboolean capture;       /* "x" written */
  int castling;           /* 0 none, 1 king side, 2 queen side */
  int check;              /* 0 none, 1 "+", 2 "#" */
} ArbSanShape;

/* Splits a SAN token into its parts; no position needed. */
ArbSanError arb_san_parse_shape (const char *text, gsize len, ArbSanShape *shape);

/* Resolves a parsed shape in a position (the second half of
 * arb_san_resolve()). */
ArbSanError arb_san_resolve_shape (const ArbPosition *pos, const ArbSanShape *shape, ArbMove *move);

/* A human-readable reason for an error code, with the token quoted. */
char *arb_san_error_message (ArbSanError code, const ArbPosition *pos, const char *text, gsize len);

G_END_DECLS
