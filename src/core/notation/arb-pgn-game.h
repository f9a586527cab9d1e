/* arb-pgn-game.h: a game score as PGN holds it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-pgn-reader.h"
#include "arb-position.h"

G_BEGIN_DECLS

/* A game is plain data: its tags in order, its start position, a main line
 * of moves, and its termination marker. Each move (a node) carries what
 * PGN attaches to it: the clock after it ([%clk]), the time spent ([%emt]),
 * NAGs, the comment after it, and variations, which are alternatives to
 * that move (they start from the position before it).
 *
 * Comments are stored with white space collapsed (runs of spaces, control
 * characters and line breaks become one space, no space at either end, and
 * a '}' from a ';' comment becomes ')'), several comments after
 * one move are joined with a space, and [%clk]/[%emt] are taken out into
 * numbers. With these rules, reading, writing (arb-pgn-writer.h) and
 * reading again gives an equal game (arb_pgn_game_equal()).
 */

typedef struct _ArbPgnLine ArbPgnLine;

typedef struct
{
  ArbMove move;
  gint64 clock_ms; /* [%clk], ARB_PGN_NO_TIME when absent */
  gint64 emt_ms;   /* [%emt], ARB_PGN_NO_TIME when absent */
  char *comment;   /* after the move, or NULL */
  guint8 *nags;    /* n_nags values 0-255 in the order read, or NULL */
  guint n_nags;
  GPtrArray *variations; /* of ArbPgnLine *, or NULL */
} ArbPgnNode;

struct _ArbPgnLine
{
  char *comment; /* before the first move of the line, or NULL */
  GArray *nodes; /* of ArbPgnNode */
};

typedef struct
{
  char *name;
  char *value;
  guint line; /* where it was read (1-based), 0 when set by a program */
} ArbPgnTag;

typedef struct
{
  GPtrArray *tags; /* of ArbPgnTag *, in the order read */
  ArbPosition start;
  ArbPgnLine *mainline; /* its comment is the comment before the first move */
  ArbPgnResult result;  /* the termination marker as read */
  guint number;         /* 1-based position in its input, 0 if not read */
  /* Why reading stopped, or NULL. The moves before the error are kept. */
  GError *error;
  ArbPgnErrorInfo error_info;
} ArbPgnGame;

/* An empty game from the standard start position. */
ArbPgnGame *arb_pgn_game_new (void);
void arb_pgn_game_free (ArbPgnGame *game);

/* NULL when the tag is absent. Names compare case-sensitively. */
const char *arb_pgn_game_get_tag (const ArbPgnGame *game, const char *name);
/* Replaces the value of an existing tag, or appends the tag. */
void arb_pgn_game_set_tag (ArbPgnGame *game, const char *name, const char *value);

/* Half-moves in the main line. */
guint arb_pgn_game_get_n_plies (const ArbPgnGame *game);
/* The main-line node of half-move ply (1-based), or NULL. */
ArbPgnNode *arb_pgn_game_get_node (const ArbPgnGame *game, guint ply);
/* Appends a move (which must be legal) to the main line. */
ArbPgnNode *arb_pgn_game_append_move (ArbPgnGame *game, ArbMove move);
/* The position after the first `plies` main-line half-moves (G_MAXUINT:
 * all of them). */
void arb_pgn_game_get_position (const ArbPgnGame *game, guint plies, ArbPosition *pos);

/* Deep comparison of tags, start position, moves, times, comments, NAGs,
 * variations and result (not number and error). */
gboolean arb_pgn_game_equal (const ArbPgnGame *a, const ArbPgnGame *b);

/* Collapses white space as described above; returns a new string. */
char *arb_pgn_normalize_comment (const char *text, gsize len);

/* Receives each game read; the callee owns it. */
typedef void (*ArbPgnGameFunc) (ArbPgnGame *game, gpointer user_data);

/* A reader (arb-pgn-reader.h) that builds games and hands each to func;
 * feed it and free it as usual. */
ArbPgnReader *arb_pgn_game_reader_new (ArbPgnReaderFlags flags,
                                       ArbPgnGameFunc func,
                                       gpointer user_data);

/* Reads all games of a buffer or a file. The array frees its games.
 * Games with errors are included (see ArbPgnGame.error). */
GPtrArray *arb_pgn_game_parse_all (const char *data, gsize len, ArbPgnReaderFlags flags);
GPtrArray *arb_pgn_game_read_file (const char *path, ArbPgnReaderFlags flags, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbPgnGame, arb_pgn_game_free)

G_END_DECLS
