/* arb-tournament-private.h: what the files of ArbTournament share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ArbTournament is one type split by concern, as GNOME Text Editor splits
 * its window:
 *
 *   arb-tournament.c          the type, the file's lifecycle (create, open,
 *                             migrate, back up), transactions and batches
 *   arb-tournament-sql.c      the statements: prepared once, bound, stepped,
 *                             and SQLite's errors in words
 *   arb-tournament-games.c    the event, players, rounds, team matches, games
 *   arb-tournament-moves.c    moves, and the one replay of stored moves
 *   arb-tournament-records.c  what happens at the board: clock events and
 *                             checkpoints, irregularities, draw offers,
 *                             rulings, sealed moves, the audit log
 *   arb-tournament-ruling.c   the Laws engine's rulings and their effects
 *   arb-tournament-clock.c    ArbClock's events and checkpoints
 *   arb-tournament-check.c    the check of a whole file
 *   arb-tournament-pgn.c, -trf.c, -live.c   imports, exports, live readers
 *
 * Only the files of storage/ include this header: it is the only header
 * of the core that names SQLite.
 */

#pragma once

/* The session extension's declarations: Debian's SQLite is built with it
 * (arb_tournament_replication_available() checks at run time). */
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

#include "arb-move-code.h"
#include "arb-tournament.h"
#include "arb-pgn-writer.h"
#include "arb-trf.h"
#include "arb-tournament-voided.h"

G_BEGIN_DECLS

struct _ArbTournament
{
  GObject parent_instance;

  /* Owned */
  sqlite3 *db;
  char *path;
  char *migration_backup;
  GHashTable *statements; /* SQL text → ArbCachedStatement, prepared once */

  int opened_version;
  gboolean read_only;

  /* An open batch (arb_tournament_begin_batch()): the calls inside it
   * write into its transaction and do not commit. */
  gboolean in_batch;
  gboolean batch_failed;

  /* What the transaction in progress changed, for ::changed: a game id,
   * 0 for nothing yet, -1 for the tournament as a whole. */
  gint64 changed_game;

  /* The games whose last move this connection stored, as they stand after
   * it (game id → ArbLiveGame, arb-tournament-moves.c), so that the next
   * move checks against them instead of reading the game again. An entry
   * is forgotten when anything else is written about its game; all of
   * them when another connection wrote to the file (live_data_version,
   * PRAGMA data_version) or a change was not about one game. */
  GHashTable *live_games;
  gint64 live_data_version;

  /* Replication (arb-tournament-replica.c): the session that records the
   * write transaction in progress, the file's epoch and role, the last
   * sequence number of its log, and the last changesets committed (the
   * newest at the tail, at most ARB_REPLICA_MEMORY of them; older ones
   * are read from replication_log). */
  sqlite3_session *session;
  gboolean applying; /* a changeset from the chief is being applied */
  gint64 epoch;
  gint64 head_seq;
  int role; /* ArbDeskRole */
  char *role_reason;
  GQueue recent;
};

/* arb-tournament-replica.c: called by the transaction helper
 * (arb-tournament.c). Begin starts a session on every table, before-commit
 * appends its changeset to the log in the transaction, after-commit keeps
 * it in memory and tells the listeners, end drops the session. */
gboolean _arb_replica_check_writable (ArbTournament *self, GError **error);
gboolean _arb_replica_begin (ArbTournament *self, GError **error);
gboolean _arb_replica_before_commit (ArbTournament *self, GError **error);
void _arb_replica_after_commit (ArbTournament *self);
void _arb_replica_end (ArbTournament *self);
/* Reads the epoch, role and head of the log (at open and create). */
gboolean _arb_replica_load (ArbTournament *self, GError **error);
void _arb_replica_clear (ArbTournament *self);
void _arb_tournament_emit_committed (ArbTournament *self, gint64 seq);
void _arb_tournament_emit_role_changed (ArbTournament *self);

/* Statements.
 *
 * Every statement runs through an ArbQuery: _arb_query_init() takes the
 * statement from the tournament's cache (preparing it the first time),
 * binds the values that `types` describes, one letter each:
 *
 *   i   int
 *   l   gint64
 *   n   gint64, NULL when 0 (an id that is not there)
 *   m   gint64, NULL when -1 (a time that is not known)
 *   t   const char *, NULL stays NULL
 *   b   const void *, int: a blob, NULL stays NULL
 *
 * then _arb_query_step() gives each row (1), the end (0), or an error
 * (-1), and clearing the query (g_auto) hands the statement back reset.
 * A statement still in use by an outer query is prepared afresh for the
 * inner one, so queries may nest. */
typedef struct
{
  ArbTournament *owner;
  sqlite3_stmt *stmt;
  const char *what; /* what it does, for errors: "cannot store the move" */
  gpointer cached;  /* the cache entry lent, or NULL: finalize when done */
} ArbQuery;

gboolean _arb_query_init (ArbQuery *query,
                          ArbTournament *self,
                          const char *what,
                          const char *sql,
                          GError **error,
                          const char *types,
                          ...);
int _arb_query_step (ArbQuery *query, GError **error);
void _arb_query_clear (ArbQuery *query);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbQuery, _arb_query_clear)

/* Columns of the current row. */
gint64 _arb_query_int (ArbQuery *query, int column);
/* The value, or `null_value` when the column is NULL. */
gint64 _arb_query_int_or (ArbQuery *query, int column, gint64 null_value);
const char *_arb_query_text (ArbQuery *query, int column);
char *_arb_query_dup_text (ArbQuery *query, int column);
const guint8 *_arb_query_blob (ArbQuery *query, int column, gsize *size);

/* A statement that returns no rows (or whose rows do not matter): init,
 * step to the end, clear. */
gboolean _arb_tournament_run (ArbTournament *self,
                              const char *what,
                              const char *sql,
                              GError **error,
                              const char *types,
                              ...);
/* The first column of the only row. */
gboolean _arb_tournament_query_int (ArbTournament *self,
                                    const char *sql,
                                    gint64 *out,
                                    GError **error);
/* Rows the last statement changed, and the id of the last row added. */
gint64 _arb_tournament_changes (ArbTournament *self);
gint64 _arb_tournament_last_id (ArbTournament *self);

/* Turns an SQLite failure into an error a person can act on. */
void _arb_tournament_set_sqlite_error (ArbTournament *self,
                                       GError **error,
                                       int rc,
                                       const char *what);
void _arb_tournament_clear_statements (ArbTournament *self);

/* Whether VALUE, read from the file, lies in MIN..MAX; else FALSE with
 * ARB_TOURNAMENT_ERROR_CORRUPT naming the file, WHERE (a game, a round)
 * and WHAT was read. Values that size memory or index arrays are checked
 * so as they are read. */
gboolean _arb_tournament_check_range (ArbTournament *self,
                                      const char *where,
                                      const char *what,
                                      gint64 value,
                                      gint64 min,
                                      gint64 max,
                                      GError **error);

/* Transactions.
 *
 * Each public call that changes the file is one IMMEDIATE transaction:
 * begin, its writes, its audit line, commit. Inside a batch the begin and
 * commit are the batch's, so many calls make one durable commit; a call
 * that fails inside a batch fails the whole batch. Imports and rulings use
 * the same pieces to compose one transaction of many writes; the
 * _arb_tournament_ writers below never begin or commit. */
gboolean _arb_tournament_begin (ArbTournament *self, GError **error);
gboolean _arb_tournament_commit (ArbTournament *self, GError **error);
void _arb_tournament_rollback (ArbTournament *self);

/* One audit line, in the caller's transaction: key, value… NULL. */
gboolean _arb_tournament_audit (ArbTournament *self,
                                const char *action,
                                gint64 game_id,
                                GError **error,
                                ...) G_GNUC_NULL_TERMINATED;

/* Times as the file writes them: ISO 8601 in UTC with microseconds, so
 * that they compare as text. */
char *_arb_tournament_now (void);

/* arb-tournament-voided.c: before a restoration writes the game back to
 * @keep_plies, the moves after it are kept as voided; the ruling made in
 * the same transaction is then bound to them. */
gboolean _arb_tournament_void_moves (ArbTournament *self,
                                     gint64 game_id,
                                     int keep_plies,
                                     GError **error);
/* The PGN export of voided moves (arb-tournament-voided.c): the move
 * number and side of @ply; the "[Voided …]" mark and the moves as text;
 * the moves as a variation after the move last written. */
void _arb_voided_ply_number (ArbColor first_side,
                             guint first_number,
                             int ply,
                             guint *number,
                             ArbColor *side);
void _arb_voided_append_moves_text (GString *out,
                                    const ArbVoidedLine *line,
                                    const GPtrArray *rulings,
                                    ArbColor first_side,
                                    guint first_number);
void _arb_voided_write_variation (ArbPgnWriter *writer,
                                  const ArbVoidedLine *line,
                                  const GPtrArray *rulings,
                                  ArbColor first_side,
                                  guint first_number);
gboolean _arb_tournament_bind_voided_moves (ArbTournament *self,
                                            gint64 game_id,
                                            gint64 ruling_id,
                                            GError **error);
/* Results as the file spells them (arb-result.h); NULL for no result. */
const char *_arb_tournament_result_text (ArbResult result);
ArbResult _arb_tournament_result_from_text (const char *text);

/* Writers in the caller's transaction (each with its audit line). */
gboolean _arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error);
gboolean _arb_tournament_validate_event (const ArbEventInfo *event, GError **error);
gboolean _arb_tournament_add_event (ArbTournament *self, const ArbEventInfo *event, GError **error);
gboolean _arb_tournament_add_player (ArbTournament *self,
                                     const ArbPlayerInfo *player,
                                     gint64 *id,
                                     GError **error);
gboolean _arb_tournament_add_game (ArbTournament *self,
                                   const ArbGameInfo *game,
                                   gint64 *id,
                                   GError **error);
/* The move is not checked here: the caller has replayed the game. It is
 * stored as its code (arb-move-code.h); `played_at` is NULL for a move
 * whose time of play is not known (an imported one). */
gboolean _arb_tournament_add_move (ArbTournament *self,
                                   gint64 game_id,
                                   int ply,
                                   const ArbPosition *before,
                                   ArbMove move,
                                   gint64 white_ms,
                                   gint64 black_ms,
                                   const char *played_at,
                                   GError **error);

/* A game's moves as the file keeps them (move_list, version 5 in
 * arb-schema.c): read whole, changed in memory, written whole, in the
 * caller's transaction. The arrays hold an element a ply whether or not a
 * time is known; has_clocks and has_played say whether any is, and the
 * file keeps NULL for an array of unknowns. */
typedef struct
{
  GByteArray *codes;  /* ArbMoveCode, 4 bytes little-endian a ply */
  GByteArray *clocks; /* White's and Black's ms after the ply, 4 bytes each, -1 unknown */
  GByteArray *played; /* when stored, µs since 1970 UTC, 8 bytes, 0 unknown */
  char *last_played_at;
  guint n;
  gboolean has_clocks;
  gboolean has_played;
} ArbGameMoves;

/* Writes a game's row, parameters: game id, then what
 * _arb_game_moves_bind() binds from 2 on. */
#define ARB_GAME_MOVES_INSERT_SQL                                                          \
  "INSERT INTO move_list (game_id, plies, codes, clocks, played, last_played_at) "         \
  "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET plies = excluded.plies, " \
  "codes = excluded.codes, clocks = excluded.clocks, played = excluded.played, "           \
  "last_played_at = excluded.last_played_at"

void _arb_game_moves_init (ArbGameMoves *list);
/* Empty again, keeping the arrays' memory. */
void _arb_game_moves_reset (ArbGameMoves *list);
void _arb_game_moves_clear (ArbGameMoves *list);
/* `played_at` is the text of `played_us` (0 and NULL: not known). */
void _arb_game_moves_append (ArbGameMoves *list,
                             ArbMoveCode code,
                             gint64 white_ms,
                             gint64 black_ms,
                             gint64 played_us,
                             const char *played_at);
void _arb_game_moves_truncate (ArbGameMoves *list, guint n);
ArbMoveCode _arb_game_moves_code (const ArbGameMoves *list, guint i);
void _arb_game_moves_times (const ArbGameMoves *list, guint i, gint64 *white_ms, gint64 *black_ms);
gint64 _arb_game_moves_played (const ArbGameMoves *list, guint i);
/* Binds plies, codes, clocks, played and last_played_at from `first`. The
 * list must outlive the statement's step. */
void _arb_game_moves_bind (const ArbGameMoves *list, sqlite3_stmt *stmt, int first);
/* `list` (initialized) receives the stored moves, none when the game has
 * no row. */
gboolean _arb_tournament_read_game_moves (ArbTournament *self,
                                          gint64 game_id,
                                          ArbGameMoves *list,
                                          GError **error);
/* Replaces the game's row (removes it when the list is empty). */
gboolean _arb_tournament_write_game_moves (ArbTournament *self,
                                           gint64 game_id,
                                           const ArbGameMoves *list,
                                           GError **error);

/* How much the replay checks: ARB_REPLAY_FAST only that each code fits the
 * position (its piece stands there), ARB_REPLAY_VERIFY that each move is
 * legal; arb_tournament_replay_game() verifies. */
typedef enum
{
  ARB_REPLAY_FAST = 0,
  ARB_REPLAY_VERIFY = 1 << 0,
  /* No position at all: each move as stored, decoded from its code, with
   * `before` NULL; nothing checked but that no ply is missing (the
   * export, which writes what the file holds). */
  ARB_REPLAY_NO_POSITION = 1 << 1,
} ArbReplayFlags;

gboolean _arb_tournament_replay (ArbTournament *self,
                                 const ArbGameInfo *game,
                                 ArbPosition *pos,
                                 int *n_plies,
                                 ArbReplayFlags flags,
                                 ArbTournamentReplayFunc visit,
                                 gpointer user_data,
                                 GError **error);
/* arb_tournament_add_move() inside the caller's transaction: the move is
 * checked against the stored game. */
/* Forgets what is known of a game's moves (live_games above): every
 * statement that changes a game's moves or result calls this, 0 forgets
 * every game. */
void _arb_tournament_forget_live_game (ArbTournament *self, gint64 game_id);

gboolean _arb_tournament_add_checked_move (ArbTournament *self,
                                           gint64 game_id,
                                           int ply,
                                           const char *san,
                                           ArbMove move,
                                           gint64 white_ms,
                                           gint64 black_ms,
                                           GError **error);
gboolean _arb_tournament_truncate_moves (ArbTournament *self,
                                         gint64 game_id,
                                         int keep_plies,
                                         const char *reason,
                                         GError **error);
gboolean _arb_tournament_add_clock_event (ArbTournament *self,
                                          gint64 game_id,
                                          const ArbClockEventRecord *event,
                                          gint64 *id,
                                          GError **error);
gboolean _arb_tournament_add_irregularity (ArbTournament *self,
                                           gint64 game_id,
                                           const ArbIrregularityRecord *irregularity,
                                           gint64 *id,
                                           GError **error);
gboolean _arb_tournament_add_ruling_record (ArbTournament *self,
                                            gint64 game_id,
                                            const ArbRulingRecord *ruling,
                                            gint64 *id,
                                            GError **error);
/* The ruling with the arbiter who made it ("" when no name is set) in its
 * audit line. */
gboolean _arb_tournament_add_ruling_record_by (ArbTournament *self,
                                               gint64 game_id,
                                               const ArbRulingRecord *r,
                                               const char *arbiter,
                                               gint64 *id,
                                               GError **error);
gboolean _arb_tournament_add_sealed_move (ArbTournament *self,
                                          gint64 game_id,
                                          const ArbSealedMoveRecord *envelope,
                                          gint64 *id,
                                          GError **error);
gboolean _arb_tournament_open_envelope (ArbTournament *self,
                                        gint64 envelope_id,
                                        gint64 game_id,
                                        gboolean reveal,
                                        char **move_text,
                                        GError **error);
gboolean _arb_tournament_set_event_record (ArbTournament *self,
                                           const char *code,
                                           const char *value,
                                           GError **error);
/* TRF header records kept verbatim, code → value. */
GHashTable *_arb_tournament_get_event_records (ArbTournament *self, GError **error);

/* arb-tournament-board-move.c: the TRF-2026 record 300 lines ("round
 * board start_no", joined by '\n', "" for none) that give the board
 * changes of the rulings log, in the order they were made, for @games
 * (all rounds) and @players. */
char *_arb_tournament_moved_board_records (ArbTournament *self,
                                           GPtrArray *games,
                                           GPtrArray *players,
                                           GError **error);
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
/* Further PGN tags of a game, in their order: name, value, name, value…;
 * NULL with ARB_TOURNAMENT_ERROR_CORRUPT when its tags are not a JSON
 * object the depth-checked loader reads. */
GPtrArray *_arb_tournament_read_game_tags (const ArbGameInfo *game, GError **error);
/* Checkpoints of several games' clocks, replacing their last ones; no
 * audit line (the clocks' events have theirs). */
gboolean _arb_tournament_set_clock_snapshots (ArbTournament *self,
                                              guint n,
                                              const gint64 *game_ids,
                                              const int *plies,
                                              const char *const *states,
                                              GError **error);
gboolean _arb_tournament_game_exists (ArbTournament *self, gint64 game_id, GError **error);

/* The position a game starts from (its FEN, Chess960 included). */
gboolean _arb_tournament_set_start_position (ArbTournament *self,
                                             const char *start_fen,
                                             ArbPosition *pos,
                                             GError **error);

/* A game or bye of a round as a TRF file pairs it, by starting ranks
 * (arb-tournament-trf.c). */
typedef struct
{
  int white;
  int black; /* 0 for a bye */
  ArbResult result;
  gboolean rated;
  char bye_code;
} ArbTrfPairing;

/* Sorts the pairings of an individual round into the boards FIDE has them
 * published on (C.04.1 F.1; arb-tournament-board-order.c), then puts the
 * games record 300 fixes on their boards. */
void _arb_trf_order_boards (const ArbTrf *trf, int round, GArray *pairings);

/* The event_record key of the TRF text last imported (not a record code:
 * those are three characters). */
#define ARB_TRF_SOURCE_KEY "trf source"

/* The kept TRF text SOURCE with the results and event fields of FRESH
 * (the tournament as TRF), every other byte as read; NULL when the
 * tournament no longer pairs as SOURCE does (arb-tournament-trf-keep.c). */
char *_arb_trf_write_over_source (const char *source, const ArbTrf *fresh);

/* The games of a new round of a team competition (arb-tournament-teams.c):
 * the pairings of players of two teams grouped into matches, each stored
 * with its team_match row, its boards in the teams' board order and the
 * teams in the games' WhiteTeam and BlackTeam tags; the other pairings
 * follow. `ids` maps starting ranks to player ids. In the caller's
 * transaction. */
gboolean _arb_tournament_add_team_round (ArbTournament *self,
                                         const ArbTrf *trf,
                                         int round,
                                         GArray *pairings,
                                         GHashTable *ids,
                                         int *n_games,
                                         GError **error);

/* The schema (arb-schema.c): runs the migrations that take the open
 * database from its user_version to ARB_SCHEMA_VERSION inside one
 * transaction (the caller has made the backup). A database at version 0
 * must be empty. */
gboolean _arb_schema_migrate (sqlite3 *db, int from_version, GError **error);

G_END_DECLS
