/* arb-position.h: a chess position, its legal moves, make and unmake
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "arb-bitboard.h"
#include "arb-color.h"

G_BEGIN_DECLS

/* Piece types, and colours (arb-color.h). A piece packs both:
 * (colour << 3) | type, with type in 1..6, so 0 means an empty square.
 *
 *   bit 3     bits 2..0
 *   +-------+-----------+
 *   | black |  type 1-6 |
 *   +-------+-----------+
 */
typedef enum
{
  ARB_NO_PIECE_TYPE = 0,
  ARB_PAWN = 1,
  ARB_KNIGHT = 2,
  ARB_BISHOP = 3,
  ARB_ROOK = 4,
  ARB_QUEEN = 5,
  ARB_KING = 6,
} ArbPieceType;

typedef uint8_t ArbPiece;

#define ARB_NO_PIECE ((ArbPiece) 0)
#define ARB_MAKE_PIECE(color, type) ((ArbPiece) (((color) << 3) | (type)))
/* clang-format off */
#define ARB_PIECE_TYPE(piece) ((ArbPieceType) ((piece) & 7))
/* clang-format on */
#define ARB_PIECE_COLOR(piece) ((ArbColor) ((piece) >> 3))

/* A move in 16 bits:
 *
 *   15    12 11       6 5        0
 *   +-------+----------+----------+
 *   | kind  |    to    |   from   |
 *   +-------+----------+----------+
 *
 * Castling is encoded as "king takes own rook": from is the king's square and
 * to the castling rook's square, which is unambiguous in Chess960 too. The
 * king and rook end on the standard squares (c/d or g/f file).
 */
typedef uint16_t ArbMove;

typedef enum
{
  ARB_MOVE_NORMAL = 0,
  ARB_MOVE_PROMOTE_KNIGHT = 1,
  ARB_MOVE_PROMOTE_BISHOP = 2,
  ARB_MOVE_PROMOTE_ROOK = 3,
  ARB_MOVE_PROMOTE_QUEEN = 4,
  ARB_MOVE_EN_PASSANT = 5,
  ARB_MOVE_CASTLING = 6,
} ArbMoveKind;

#define ARB_MOVE_NONE ((ArbMove) 0)
/* clang-format off */
#define ARB_MOVE_MAKE(from, to, kind) \
  ((ArbMove) ((from) | ((to) << 6) | ((unsigned) (kind) << 12)))
#define ARB_MOVE_FROM(m) ((ArbSquare) ((m) & 63))
#define ARB_MOVE_TO(m) ((ArbSquare) (((m) >> 6) & 63))
/* clang-format on */
#define ARB_MOVE_KIND(m) ((ArbMoveKind) ((m) >> 12))
#define ARB_MOVE_IS_PROMOTION(m) \
  (ARB_MOVE_KIND (m) >= ARB_MOVE_PROMOTE_KNIGHT && ARB_MOVE_KIND (m) <= ARB_MOVE_PROMOTE_QUEEN)
/* ARB_KNIGHT..ARB_QUEEN for a promotion */
#define ARB_MOVE_PROMOTION_TYPE(m) ((ArbPieceType) (ARB_MOVE_KIND (m) + 1))

/* No legal chess position has more than 218 legal moves. */
#define ARB_MAX_MOVES 256

typedef struct
{
  ArbMove moves[ARB_MAX_MOVES];
  guint n_moves;
} ArbMoveList;

/* Castling rights are kept as the set of rooks that may still castle (one
 * bit per rook square), so Chess960 needs no special case: a right is a
 * rook on the back rank that has not moved, with a king that has not moved.
 */
typedef struct
{
  ArbBitboard by_color[2];
  ArbBitboard by_type[7]; /* index ArbPieceType; [0] is unused */
  ArbPiece board[64];
  ArbBitboard castling_rooks;
  ArbColor side_to_move;
  /* The square a pawn skipped on the last move (a double step), or
   * ARB_NO_SQUARE. Set after every double step whether or not an e.p.
   * capture is possible; see arb_position_has_legal_en_passant(). */
  ArbSquare ep_square;
  guint16 halfmove_clock;
  guint16 fullmove_number;
  bool chess960;
  /* Zobrist key of placement, side, castling rights and the raw e.p. file.
   * For repetition use arb_position_identity_key() instead (FIDE 9.2.2). */
  guint64 key;
} ArbPosition;

/* What arb_position_unmake_move() needs to restore. */
typedef struct
{
  ArbPiece captured;
  ArbBitboard castling_rooks;
  ArbSquare ep_square;
  guint16 halfmove_clock;
  guint64 key;
} ArbUndo;

#define ARB_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

#define ARB_FEN_ERROR (arb_fen_error_quark ())

typedef enum
{
  ARB_FEN_ERROR_SYNTAX,
  ARB_FEN_ERROR_KINGS,
  ARB_FEN_ERROR_PAWNS,
  ARB_FEN_ERROR_TOO_MANY_PIECES,
  ARB_FEN_ERROR_OPPONENT_IN_CHECK,
  ARB_FEN_ERROR_CHECKERS,
  ARB_FEN_ERROR_CASTLING,
  ARB_FEN_ERROR_EN_PASSANT,
  ARB_FEN_ERROR_COUNTERS,
} ArbFenError;

typedef enum
{
  ARB_FEN_FLAGS_NONE = 0,
  /* Accept Chess960 castling (Shredder-FEN and X-FEN letters) */
  ARB_FEN_CHESS960 = 1 << 0,
  /* Writing: Shredder-FEN castling letters (HAha) instead of KQkq/X-FEN */
  ARB_FEN_SHREDDER = 1 << 1,
  /* Writing: the e.p. square only when a legal e.p. capture exists */
  ARB_FEN_EP_LEGAL_ONLY = 1 << 2,
  /* Reading: accept positions that cannot arise in a game (too many pieces,
   * pawns on the back rank, impossible checks, counters that disagree) as
   * long as move generation is well defined: one king each and the side not
   * to move not in check. For perft suites and composed problems only. */
  ARB_FEN_PERMISSIVE = 1 << 3,
} ArbFenFlags;

/* Longest FEN we write, including the terminating NUL. */
#define ARB_FEN_MAX 100

GQuark arb_fen_error_quark (void);

void arb_position_init (void);

void arb_position_set_start (ArbPosition *pos);
gboolean arb_position_set_fen (ArbPosition *pos,
                               const char *fen,
                               ArbFenFlags flags,
                               GError **error);
void arb_position_write_fen (const ArbPosition *pos, ArbFenFlags flags, char buf[ARB_FEN_MAX]);
char *arb_position_to_fen (const ArbPosition *pos, ArbFenFlags flags);
/* Chess960 start position number 0..959 (518 is the standard one). */
void arb_position_set_chess960 (ArbPosition *pos, guint number);

/* The squares a knight, bishop, rook, queen or king of @type on @sq
 * attacks with @occupied in the way (as Stockfish's attacks_bb); 0 for a
 * pawn, whose attacks depend on its colour (arb_pawn_attacks ()). */
static inline ArbBitboard
arb_piece_attacks (ArbPieceType type, ArbSquare sq, ArbBitboard occupied)
{
  switch (type)
    {
    case ARB_KNIGHT:
      return arb_knight_attacks (sq);
    case ARB_BISHOP:
      return arb_bishop_attacks (sq, occupied);
    case ARB_ROOK:
      return arb_rook_attacks (sq, occupied);
    case ARB_QUEEN:
      return arb_queen_attacks (sq, occupied);
    case ARB_KING:
      return arb_king_attacks (sq);
    case ARB_PAWN:
    case ARB_NO_PIECE_TYPE:
    default:
      return 0;
    }
}

static inline ArbPiece
arb_position_piece_at (const ArbPosition *pos, ArbSquare sq)
{
  return pos->board[sq];
}

static inline ArbBitboard
arb_position_pieces (const ArbPosition *pos, ArbColor color, ArbPieceType type)
{
  return pos->by_color[color] & pos->by_type[type];
}

static inline ArbBitboard
arb_position_occupied (const ArbPosition *pos)
{
  return pos->by_color[ARB_WHITE] | pos->by_color[ARB_BLACK];
}

static inline ArbSquare
arb_position_king_square (const ArbPosition *pos, ArbColor color)
{
  ArbBitboard king = arb_position_pieces (pos, color, ARB_KING);

  return king ? arb_bb_first (king) : ARB_NO_SQUARE;
}
ArbBitboard arb_position_attackers_to (const ArbPosition *pos, ArbSquare sq, ArbBitboard occupied);
ArbBitboard arb_position_checkers (const ArbPosition *pos);
bool arb_position_in_check (const ArbPosition *pos);

void arb_position_legal_moves (const ArbPosition *pos, ArbMoveList *list);
/* How many legal moves there are, counted without listing them. */
guint arb_position_count_legal_moves (const ArbPosition *pos);
bool arb_position_has_legal_move (const ArbPosition *pos);
/* The same, and in @in_check whether the side to move is in check, from
 * the one pass that finds both (a game's every ply asks both). */
bool arb_position_has_legal_move_and_check (const ArbPosition *pos, bool *in_check);
bool arb_position_is_legal (const ArbPosition *pos, ArbMove move);
bool arb_position_gives_check (const ArbPosition *pos, ArbMove move);
bool arb_position_is_checkmate (const ArbPosition *pos);
bool arb_position_is_stalemate (const ArbPosition *pos);
bool arb_position_has_legal_en_passant (const ArbPosition *pos);

/* The castling rook on the given side (TRUE = king side), or ARB_NO_SQUARE. */
ArbSquare arb_position_castling_rook (const ArbPosition *pos, ArbColor color, gboolean king_side);

/* Apply a legal move. No allocation, no validation beyond assertions. */
void arb_position_make_move (ArbPosition *pos, ArbMove move, ArbUndo *undo);
/* The same but for the Zobrist key, which it leaves as it was: for a
 * reader that replays moves and never asks for the key (validation). The
 * key no longer describes the position, so neither pos->key nor
 * arb_position_identity_key() may be used on it until it is set again
 * (arb_position_set_fen(), a copy of a keyed position). Unmaking restores
 * the key as it was before the move, so the two undo each other. */
void arb_position_make_move_unkeyed (ArbPosition *pos, ArbMove move, ArbUndo *undo);
void arb_position_unmake_move (ArbPosition *pos, ArbMove move, const ArbUndo *undo);

/* The key that identifies a position for repetition under FIDE 9.2.2:
 * placement, side to move, castling rights, and the e.p. file only when a
 * legal e.p. capture exists. Counters are not part of it. */
guint64 arb_position_identity_key (const ArbPosition *pos);

guint64 arb_position_perft (ArbPosition *pos, guint depth);

/* UCI / long algebraic: "e2e4", "e7e8q"; castling as e1g1 in standard chess
 * and as king-takes-rook (e1h1) in Chess960. */
void arb_move_write_uci (const ArbPosition *pos, ArbMove move, char buf[6]);
/* Returns ARB_MOVE_NONE unless the text names a legal move. Accepts both
 * castling forms in either mode. */
ArbMove arb_move_parse_uci (const ArbPosition *pos, const char *text, gsize len);

G_END_DECLS
