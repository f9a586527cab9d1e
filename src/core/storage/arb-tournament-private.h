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
gboolean arb_tournament_begin (ArbTournament *self, GError **error);
gboolean arb_tournament_commit (ArbTournament *self, GError **error);
void arb_tournament_rollback (ArbTournament *self);

gboolean arb_tournament_insert_player (ArbTournament *self,
                                       const ArbPlayerInfo *player,
                                       gint64 *id,
                                       GError **error);
gboolean arb_tournament_insert_game (ArbTournament *self,
                                     const ArbGameInfo *game,
                                     gint64 *id,
                                     GError **error);
/* The move is not checked here: the importer replays the game itself. */
gboolean arb_tournament_insert_move (ArbTournament *self,
                                     gint64 game_id,
                                     int ply,
                                     const char *san,
                                     const char *uci,
                                     gint64 white_ms,
                                     gint64 black_ms,
                                     GError **error);
gboolean arb_tournament_insert_irregularity (ArbTournament *self,
                                             gint64 game_id,
                                             const ArbIrregularityRecord *irregularity,
                                             GError **error);
gboolean arb_tournament_insert_ruling (ArbTournament *self,
                                       gint64 game_id,
                                       const ArbRulingRecord *ruling,
                                       GError **error);
gboolean arb_tournament_write_event (ArbTournament *self,
                                     const ArbEventInfo *event,
                                     GError **error);
gboolean arb_tournament_set_event_record (ArbTournament *self,
                                          const char *code,
                                          const char *value,
                                          GError **error);
/* TRF header records kept verbatim, code → value. */
GHashTable *arb_tournament_get_event_records (ArbTournament *self, GError **error);
gboolean arb_tournament_set_round_date (ArbTournament *self,
                                        int round,
                                        const char *date,
                                        GError **error);
/* Round number → date (NULL when unknown), for rounds 1..n in order. */
GPtrArray *arb_tournament_get_round_dates (ArbTournament *self, GError **error);
gboolean arb_tournament_write_result (ArbTournament *self,
                                      gint64 game_id,
                                      const char *result,
                                      const char *termination,
                                      GError **error);
gboolean arb_tournament_write_game_tags (ArbTournament *self,
                                         gint64 game_id,
                                         const char *tags_json,
                                         GError **error);
/* Further PGN tags of a game, in their order: name, value, name, value… */
GPtrArray *arb_tournament_get_game_tags (ArbTournament *self, gint64 game_id, GError **error);
gboolean arb_tournament_audit (ArbTournament *self,
                               const char *action,
                               gint64 game_id,
                               GError **error,
                               ...) G_GNUC_NULL_TERMINATED;

/* Helpers for the parts of ArbTournament kept in their own files. */
struct sqlite3_stmt *arb_tournament_prepare (ArbTournament *self, const char *sql, GError **error);
void arb_tournament_set_sqlite_error (ArbTournament *self,
                                      GError **error,
                                      int rc,
                                      const char *what);
gboolean arb_tournament_query_int (ArbTournament *self,
                                   const char *sql,
                                   gint64 *out,
                                   GError **error);
gboolean arb_tournament_set_start_position (ArbTournament *self,
                                            const char *start_fen,
                                            ArbPosition *pos,
                                            GError **error);

G_END_DECLS
