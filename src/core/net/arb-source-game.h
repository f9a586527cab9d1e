/* arb-source-game.h: one game as a source of moves reports it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What a source (an e-board through DGT LiveChess, a live PGN file or URL)
 * says about one game at one moment: who plays, which round and board it
 * names, and every move so far, as the source wrote it. Nothing here is
 * checked against the tournament: a source may report a move that is not
 * legal, or moves that differ from those stored; the merge decides (see
 * arb-source-diff.h). Games are immutable once made and passed between
 * threads by reference. */

/* Longest move text kept; longer tokens are cut (and never legal). */
#define ARB_SOURCE_SAN_MAX 32

typedef struct
{
  char san[ARB_SOURCE_SAN_MAX]; /* as the source wrote it */
  /* The times the clock showed after the move, in milliseconds; -1 when
   * the source did not say. */
  gint64 white_ms;
  gint64 black_ms;
} ArbSourceMove;

typedef struct
{
  /*< private >*/
  gint ref_count;

  /*< public >*/
  /* Names the game within its source, from one report to the next: the
   * e-board's serial ("eboard:SERIAL"), or for a PGN the round and board
   * ("3.2"), else the players ("White - Black"), else its place ("#4"). */
  char *key;
  int round;   /* 0 when the source does not say */
  int board;   /* 0 when the source does not say */
  char *white; /* NULL when not said */
  char *black;
  char *serial;  /* an e-board's serial number, else NULL */
  GArray *moves; /* ArbSourceMove */
  /* The first move the source could not read, in the game's own replay
   * (a PGN whose move is illegal); the moves array stops before it. NULL
   * when every move was read; 0-based ply index in bad_index. */
  char *bad_move;
  guint bad_index;
  /* An e-board's last board placement (FEN's first field), or NULL. */
  char *placement;
  /* When the source read it (g_get_monotonic_time ()), for the latency
   * from a table to the overview. */
  gint64 received_us;
} ArbSourceGame;

#define ARB_TYPE_SOURCE_GAME (arb_source_game_get_type ())
GType arb_source_game_get_type (void);

ArbSourceGame *arb_source_game_new (const char *key);
ArbSourceGame *arb_source_game_ref (ArbSourceGame *game);
void arb_source_game_unref (ArbSourceGame *game);

/* Appends a move; a text longer than ARB_SOURCE_SAN_MAX - 1 bytes is cut. */
void arb_source_game_add_move (ArbSourceGame *game,
                               const char *san,
                               gsize len,
                               gint64 white_ms,
                               gint64 black_ms);
guint arb_source_game_get_n_moves (const ArbSourceGame *game);
const ArbSourceMove *arb_source_game_get_move (const ArbSourceGame *game, guint index);

/* Whether two reports say the same: the same moves, times and bad move. */
gboolean arb_source_game_same_moves (const ArbSourceGame *a, const ArbSourceGame *b);

/* "Last, First" and "First Last" of the same player compare equal: the
 * name reduced to its words, case-folded, without accents' marks, sorted. */
char *arb_source_game_name_key (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSourceGame, arb_source_game_unref)

G_END_DECLS
