/* arb-tournament-pgn.h: PGN import and export of a tournament's games
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Imports games or pairings (a game without moves is a pairing). The tags
 * give the players (White, Black, WhiteElo, WhiteTitle, WhiteFideId…) and
 * the board (Round "3" with Board "2", or Round "3.2"); `round`, when not 0,
 * puts every game in that round. A board that already holds a pairing of
 * the same players without moves receives the game.
 *
 * All or nothing: one transaction; on the first invalid game nothing is
 * stored and the error says "game G, line L, column C, ply P: why".
 * Comments of the form written by the export ("[Ruling …]") become
 * rulings again; other comments are not kept. */
gboolean arb_tournament_import_pgn (ArbTournament *self,
                                    const char *data,
                                    gsize length,
                                    int round,
                                    guint *n_games,
                                    GError **error);

/* Exports the games of a round (0: all rounds), or one game when game_id
 * is not 0, in PGN export format: the seven tag roster, Board, the
 * players' Elo, title and FIDE id, TimeControl, [%clk] after each move
 * whose time is known, and each ruling as a comment after the ply it
 * concerns. Results PGN cannot write (0-0, 1/2-0, forfeits) go in an
 * ArbiterResult tag, with "*" as the PGN result. Byes are not games and
 * are left out. */
char *arb_tournament_export_pgn (ArbTournament *self, int round, gint64 game_id, GError **error);

G_END_DECLS
