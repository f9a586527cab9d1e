/* arb-tournament-private.h: the pieces of ArbTournament that import code
 * composes into one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* An import is one transaction: begin, any number of inserts, commit, or
 * rollback on the first error so that nothing of it is stored. The
 * inserts write their audit lines but never begin or commit. */
gboolean _arb_tournament_begin (ArbTournament *self, GError **error);
gboolean _arb_tournament_commit (ArbTournament *self, GError **error);
void _arb_tournament_rollback (ArbTournament *self);

gboolean _arb_tournament_add_player (ArbTournament *self,
                                     const ArbPlayerInfo *player,
                                     gint64 *id,
                                     GError **error);
gboolean _arb_tournament_add_game (ArbTournament *self,
                                   const ArbGameInfo *game,
                                   gint64 *id,
                                   GError **error);
/* The move is not checked here: the importer replays the game itself. */
gboolean _arb_tournament_add_move (ArbTournament *self,
                                   gint64 game_id,
                                   int ply,
                                   const char *san,
                                   const char *uci,
                                   gint64 white_ms,
                                   gint64 black_ms,
                                   GError **error);
gboolean _arb_tournament_add_irregularity (ArbTournament *self,
                                           gint64 game_id,
                                           const ArbIrregularityRecord *irregularity,
                                           GError **error);
gboolean _arb_tournament_add_ruling_record (ArbTournament *self,
                                            gint64 game_id,
                                            const ArbRulingRecord *ruling,
                                            GError **error);
gboolean _arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error);
gboolean _arb_tournament_set_event_record (ArbTournament *self,
                                           const char *code,
                                           const char *value,
                                           GError **error);
/* TRF header records kept verbatim, code → value. */
GHashTable *_arb_tournament_get_event_records (ArbTournament *self, GError **error);
gboolean _arb_tournament_set_round_date (ArbTournament *self,
                                         int round,
                                         const char *date,
                                         GError **error);
/* Round number → date (NULL when unknown), for rounds 1..n in order. */
GPtrArray *_arb_tournament_get_round_dates (ArbTournament *self, GError **error);
gboolean _arb_tournament_set_result (ArbTournament *self,
                                     gint64 game_id,
                                     ArbResult result,
                                     const char *termination,
                                     GError **error);
gboolean _arb_tournament_set_game_tags (ArbTournament *self,
                                        gint64 game_id,
                                        const char *tags_json,
                                        GError **error);
/* Further PGN tags of a game, in their order: name, value, name, value… */
GPtrArray *_arb_tournament_get_game_tags (ArbTournament *self, gint64 game_id, GError **error);
gboolean _arb_tournament_audit (ArbTournament *self,
                                const char *action,
                                gint64 game_id,
                                GError **error,
                                ...) G_GNUC_NULL_TERMINATED;

/* The clock's checkpoint (arb_clock_snapshot_to_string()), replacing the
 * game's previous one; kept so that a crash loses at most a second of
 * clock time. NULL without an error when the game has none. */
gboolean _arb_tournament_set_clock_snapshot (ArbTournament *self,
                                             gint64 game_id,
                                             int ply,
                                             const char *state,
                                             GError **error);
/* Several games' checkpoints in one transaction. */
gboolean _arb_tournament_set_clock_snapshots (ArbTournament *self,
                                              guint n,
                                              const gint64 *game_ids,
                                              const int *plies,
                                              const char *const *states,
                                              GError **error);
/* Helpers for the parts of ArbTournament kept in their own files. */
struct sqlite3_stmt *_arb_tournament_prepare (ArbTournament *self, const char *sql, GError **error);
void _arb_tournament_set_sqlite_error (ArbTournament *self,
                                       GError **error,
                                       int rc,
                                       const char *what);
gboolean _arb_tournament_query_int (ArbTournament *self,
                                    const char *sql,
                                    gint64 *out,
                                    GError **error);
gboolean _arb_tournament_set_start_position (ArbTournament *self,
                                             const char *start_fen,
                                             ArbPosition *pos,
                                             GError **error);

G_END_DECLS
