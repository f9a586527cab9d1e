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
 * stored and the error says "game G, line L, column C, ply P: why". The
 * games are stored as they are read (no move is given a time of play it
 * does not have).
 * Comments of the form written by the export ("[Ruling …]") become
 * rulings again; other comments are not kept. */
gboolean arb_tournament_import_pgn (ArbTournament *self,
                                    const char *data,
                                    gsize length,
                                    int round,
                                    guint *n_games,
                                    GError **error);

/* Told how an import goes, a batch of games at a time: the games stored
 * so far and the bytes read of the total (0 when unknown). Returning FALSE
 * cancels the import, which then stores nothing (G_IO_ERROR_CANCELLED). */
typedef gboolean (*ArbImportProgressFunc) (guint n_games,
                                           goffset bytes_read,
                                           goffset bytes_total,
                                           gpointer user_data);

/* The same from a file, read as a stream: the import holds one game in
 * memory at a time however large the file, and reports its progress to
 * `progress` (may be NULL). */
gboolean arb_tournament_import_pgn_file (ArbTournament *self,
                                         const char *path,
                                         int round,
                                         ArbImportProgressFunc progress,
                                         gpointer user_data,
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

/* Receives the export a game at a time; FALSE (with an error) stops it. */
typedef gboolean (*ArbTournamentWriteFunc) (const char *text,
                                            gsize length,
                                            gpointer user_data,
                                            GError **error);

/* The same, handed to `write` a game at a time as it is read from the
 * file (one read transaction for the whole export), so that memory stays
 * flat however many games there are. */
gboolean arb_tournament_export_pgn_to (ArbTournament *self,
                                       int round,
                                       gint64 game_id,
                                       ArbTournamentWriteFunc write,
                                       gpointer user_data,
                                       GError **error);

G_END_DECLS
