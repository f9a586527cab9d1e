/* arb-tournament-voided.h: the moves a restoration took back
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* A move that was stored and then voided: a restoration (an illegal move
 * found later, 7.5 of the 2018 Laws) took the game back to @restored_ply,
 * and this move, played after it, is no longer part of the game. It stays
 * in the file, with the ruling that voided it. */
typedef struct
{
  gint64 id;
  gint64 ruling_id; /* 0 when the restoration was made without a ruling */
  int restored_ply; /* the game was taken back to this many plies */
  int ply;
  char san[16];
  char uci[8];
  gint64 white_ms; /* on the clocks after the move, -1 when unknown */
  gint64 black_ms;
  char *voided_at;
} ArbVoidedMove;

/* The voided moves of a game, in the order they were voided and, within
 * one restoration, by ply (element type ArbVoidedMove; its clear function
 * frees voided_at). */
GArray *arb_tournament_list_voided_moves (ArbTournament *self, gint64 game_id, GError **error);

/* The moves one restoration voided, in ply order, with the times the
 * clocks were set to at the restoration (the restore clock event of the
 * same transaction; -1 when none was recorded). */
typedef struct
{
  gint64 ruling_id;
  int restored_ply;
  gint64 set_white_ms;
  gint64 set_black_ms;
  char *voided_at;
  GArray *moves; /* ArbVoidedMove */
} ArbVoidedLine;

/* The restorations of a game that voided moves, in the order they were
 * made (element type ArbVoidedLine *). */
GPtrArray *arb_tournament_list_voided_lines (ArbTournament *self, gint64 game_id, GError **error);
void arb_voided_line_free (ArbVoidedLine *line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbVoidedLine, arb_voided_line_free)

G_END_DECLS
