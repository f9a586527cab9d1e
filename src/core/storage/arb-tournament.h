/* arb-tournament.h: a tournament file, durable SQLite storage
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-clock.h"
#include "arb-position.h"
#include "arb-result.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* A tournament is one SQLite file. Every call that changes it is one
 * transaction, with its line in the audit log, and is durable (WAL with
 * synchronous=FULL) when the call returns TRUE; ::changed (game id, or 0)
 * is emitted then, for views.
 *
 * The verbs say what a write does: add_ makes a new row (a player, a
 * move, a ruling), set_ replaces a value (the event, a result, a clock's
 * checkpoint), truncate_ takes rows out; the acts of the Laws that are
 * neither (opening an envelope, finishing a round) are named after the
 * act. Reads are get_ (one), list_ (several) and count_. */

#define ARB_TOURNAMENT_ERROR (arb_tournament_error_quark ())

/* The largest round number, board number, starting rank and number of
 * plies of a game the file holds. A round number is what a TRF file can give (999
 * rounds), a board what a TRF starting rank can (9999), and a game no
 * longer than the longest PGN game read (ARB_PGN_MAX_MOVES). The readers
 * refuse a file with a value outside them as damaged
 * (ARB_TOURNAMENT_ERROR_CORRUPT), so nothing sizes memory by them. */
#define ARB_TOURNAMENT_MAX_ROUND 999
#define ARB_TOURNAMENT_MAX_BOARD 9999
#define ARB_TOURNAMENT_MAX_START_NO 9999 /* a player's starting rank */
#define ARB_TOURNAMENT_MAX_PLIES 100000

typedef enum
{
  ARB_TOURNAMENT_ERROR_NOT_FOUND,   /* no such file */
  ARB_TOURNAMENT_ERROR_EXISTS,      /* creating over an existing file */
  ARB_TOURNAMENT_ERROR_EMPTY,       /* a zero-byte file */
  ARB_TOURNAMENT_ERROR_NOT_ARBITER, /* random bytes, another program's SQLite */
  ARB_TOURNAMENT_ERROR_NEWER,       /* written by a newer Arbiter */
  ARB_TOURNAMENT_ERROR_CORRUPT,     /* truncated or damaged */
  ARB_TOURNAMENT_ERROR_READ_ONLY,   /* cannot be written */
  ARB_TOURNAMENT_ERROR_PERMISSION,
  ARB_TOURNAMENT_ERROR_FULL, /* disk full or file size limit */
  ARB_TOURNAMENT_ERROR_BUSY, /* locked by another writer too long */
  ARB_TOURNAMENT_ERROR_IO,
  ARB_TOURNAMENT_ERROR_INVALID, /* a value the file does not accept */
  ARB_TOURNAMENT_ERROR_NO_GAME,
  ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
  ARB_TOURNAMENT_ERROR_CONFLICT, /* someone else changed the game first */
} ArbTournamentError;

typedef enum
{
  ARB_TOURNAMENT_OPEN_DEFAULT = 0,
  /* For check and export: nothing is written, an old file is not
   * migrated (it is refused instead). */
  ARB_TOURNAMENT_OPEN_READ_ONLY = 1 << 0,
} ArbTournamentOpenFlags;

/* The event. Strings may be NULL. */
typedef struct
{
  char *name;
  char *venue;
  char *start_date; /* YYYY-MM-DD */
  char *end_date;
  char *chief_arbiter;
  int edition;        /* ArbEdition year */
  char *time_control; /* PGN TimeControl tag */
  char *settings;     /* event settings as JSON, "{}" when none */
} ArbEventInfo;

typedef struct
{
  gint64 id;
  int start_no; /* 0 when unknown */
  char *name;   /* "Last, First" as on a TRF or PGN */
  char *title;
  char *sex;
  gint64 fide_id; /* 0 when unknown */
  int rating;     /* 0 when unrated */
  char *federation;
  char *birth_date;
} ArbPlayerInfo;

typedef struct
{
  gint64 id;
  int round;
  int board;
  gint64 white_id; /* 0 when none */
  gint64 black_id; /* 0 for a bye */
  char *bye_code;  /* TRF code of a bye (H F U Z …), else NULL */
  ArbResult result;
  gboolean rated;
  char *start_fen; /* NULL for the standard start */
  char *termination;
  char *tags; /* further PGN tags as a JSON object */
  gint64 team_match_id;
  int n_plies;
} ArbGameInfo;

/* A stored move as the replay reads it back. Remaining times are -1 when
 * unknown. */
typedef struct
{
  int ply;
  ArbMove move;
  char san[16];
  char uci[8];
  gint64 white_ms;
  gint64 black_ms;
} ArbStoredMove;

typedef struct
{
  int ply; /* the ply being played (0 before the first move) */
  ArbClockEventKind kind;
  ArbColor side;         /* ARB_COLOR_NONE: both, or neither */
  const char *wall_time; /* ISO 8601; NULL means now */
  gint64 amount_ms;
  gint64 white_ms; /* remaining after the event, -1 when unknown */
  gint64 black_ms;
} ArbClockEventRecord;

typedef struct
{
  gint64 id;
  int ply;
  char *kind;
  char *decision;
  char *articles; /* as the edition numbers them, comma separated */
  int edition;
  char *payload; /* the ruling value as JSON */
  char *note;    /* the arbiter's note */
  char *wall_time;
  gint64 supersedes;    /* the ruling this one withdraws or corrects; 0: none */
  gint64 superseded_by; /* read back: the ruling that superseded this one; 0: none */
  ArbRuling *ruling;    /* read back: the payload read, NULL when it cannot be */
} ArbRulingRecord;

typedef struct
{
  int ply;
  const char *kind;      /* "illegal-move", "clock-pressed-without-move"… */
  ArbColor side;         /* ARB_COLOR_NONE when not recorded */
  const char *move_text; /* as it was made */
  const char *fen_before;
  int restored_ply; /* -1 when not restored */
  const char *note;
} ArbIrregularityRecord;

/* A sealed envelope as stored (strings owned). */
typedef struct
{
  gint64 id;
  int ply;
  ArbColor side;
  int move_number;
  char *move_text;
  char *fen_before;
  gint64 white_used_ms;
  gint64 black_used_ms;
  gboolean draw_offered;
  char *resume_at;
  char *resume_place;
  char *sealed_at;
} ArbSealedMoveInfo;

/* An irregularity as stored (strings owned). */
typedef struct
{
  gint64 id;
  int ply;
  char *kind;
  ArbColor side; /* ARB_COLOR_NONE when not recorded */
  char *move_text;
  char *fen_before;
  int restored_ply; /* -1 when not restored */
  char *note;
  char *wall_time;
} ArbIrregularityInfo;

typedef struct
{
  int ply;
  ArbColor side; /* the side that seals */
  int move_number;
  const char *move_text;
  const char *fen_before;
  gint64 white_used_ms;
  gint64 black_used_ms;
  gboolean draw_offered;
  const char *resume_at;
  const char *resume_place;
} ArbSealedMoveRecord;

#define ARB_TYPE_TOURNAMENT (arb_tournament_get_type ())
G_DECLARE_FINAL_TYPE (ArbTournament, arb_tournament, ARB, TOURNAMENT, GObject)

GQuark arb_tournament_error_quark (void);

ArbTournament *arb_tournament_create (const char *path, const ArbEventInfo *event, GError **error);
ArbTournament *arb_tournament_open (const char *path, ArbTournamentOpenFlags flags, GError **error);

const char *arb_tournament_get_path (ArbTournament *self);
/* The copy made before migrating an older file, or NULL. */
const char *arb_tournament_get_migration_backup (ArbTournament *self);
/* The schema version the file had when it was opened. */
int arb_tournament_get_opened_version (ArbTournament *self);

/* Several changes as one transaction, and one durable commit: the calls
 * between begin_batch() and commit_batch() write into it and do not
 * commit. When one of them fails, the batch fails: commit_batch() then
 * stores nothing and says so; rollback_batch() drops it on purpose.
 * Batches do not nest. */
gboolean arb_tournament_begin_batch (ArbTournament *self, GError **error);
gboolean arb_tournament_commit_batch (ArbTournament *self, GError **error);
void arb_tournament_rollback_batch (ArbTournament *self);

ArbEventInfo *arb_tournament_get_event (ArbTournament *self, GError **error);
gboolean arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error);

/* Online backups (SQLite's backup API): consistent while play goes on.
 * An existing file is never replaced (ARB_TOURNAMENT_ERROR_EXISTS). */
gboolean arb_tournament_backup (ArbTournament *self, const char *dest_path, GError **error);
/* Marks the round finished and writes FILE.round-N.backup beside the file
 * (.round-N.backup.2… when the round is finished again). Returns the
 * backup's path. */
char *arb_tournament_finish_round (ArbTournament *self, int round, GError **error);

gint64 arb_tournament_add_player (ArbTournament *self, const ArbPlayerInfo *player, GError **error);
/* One player, or NULL with ARB_TOURNAMENT_ERROR_NO_GAME when there is no
 * such player. */
ArbPlayerInfo *arb_tournament_get_player (ArbTournament *self, gint64 player_id, GError **error);
GPtrArray *arb_tournament_list_players (ArbTournament *self, GError **error);

/* A team match of a round; its games name it in team_match_id. */
gint64 arb_tournament_add_team_match (ArbTournament *self,
                                      int round,
                                      const char *home_team,
                                      const char *away_team,
                                      GError **error);
gint64 arb_tournament_add_game (ArbTournament *self, const ArbGameInfo *game, GError **error);
/* 0 with ARB_TOURNAMENT_ERROR_NO_GAME when there is no such board. */
gint64 arb_tournament_find_game (ArbTournament *self, int round, int board, GError **error);
ArbGameInfo *arb_tournament_get_game (ArbTournament *self, gint64 game_id, GError **error);
/* Games of a round (0: all rounds), by round and board. */
GPtrArray *arb_tournament_list_games (ArbTournament *self, int round, GError **error);
/* Sets @date to the day the round is played on (YYYY-MM-DD, newly
 * allocated), as the pairing program or the imported games gave it, or to
 * NULL when none was given. The export and the published round both take
 * the round's date from the file, so that they agree. */
gboolean arb_tournament_get_round_date (ArbTournament *self,
                                        int round,
                                        char **date,
                                        GError **error);

/* Sees one stored move during a replay, with the position it was played in. */
typedef void (*ArbTournamentReplayFunc) (const ArbPosition *before,
                                         const ArbStoredMove *move,
                                         gpointer user_data);

/* The one replay of a game's stored moves, from its start position: every
 * reader of moves (the game model, the export, the check, a writer that
 * appends) goes through it. `visit`, when not NULL, sees each move. *pos
 * gets the position after the last move read and *n_plies their number,
 * also when the replay stops at a ply that is missing
 * (ARB_TOURNAMENT_ERROR_CORRUPT) or a move that is not legal where it
 * stands (ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE); the message gives round,
 * board and ply. `pos` may be NULL. */
gboolean arb_tournament_replay_game (ArbTournament *self,
                                     const ArbGameInfo *game,
                                     ArbPosition *pos,
                                     int *n_plies,
                                     ArbTournamentReplayFunc visit,
                                     gpointer user_data,
                                     GError **error);
/* Stored moves of a game, in ply order (element type ArbStoredMove). */
GArray *arb_tournament_get_moves (ArbTournament *self, gint64 game_id, GError **error);
/* The position after the stored moves; *n_plies gets their number. */
gboolean arb_tournament_replay (ArbTournament *self,
                                gint64 game_id,
                                ArbPosition *pos,
                                int *n_plies,
                                GError **error);
/* Appends the move that becomes ply `ply`. The SAN stored is written by
 * arb_san_write(); `san`, when not NULL, is the caller's and must name the
 * same move. The transaction checks that ply follows the stored moves (so
 * two writers cannot both append ply 12) and that the move is legal there.
 * A mate or stalemate sets the result in the same transaction. Remaining
 * times are -1 when unknown. */
gboolean arb_tournament_add_move (ArbTournament *self,
                                  gint64 game_id,
                                  int ply,
                                  const char *san,
                                  ArbMove move,
                                  gint64 white_ms,
                                  gint64 black_ms,
                                  GError **error);
/* Takes the moves after `keep_plies` out (restoring an earlier position
 * after an irregularity, which is recorded first). */
gboolean arb_tournament_truncate_moves (ArbTournament *self,
                                        gint64 game_id,
                                        int keep_plies,
                                        const char *reason,
                                        GError **error);

gboolean arb_tournament_set_result (ArbTournament *self,
                                    gint64 game_id,
                                    ArbResult result,
                                    const char *termination,
                                    GError **error);

gint64 arb_tournament_add_clock_event (ArbTournament *self,
                                       gint64 game_id,
                                       const ArbClockEventRecord *event,
                                       GError **error);
/* The checkpoint of the game's clock when it was taken at `ply` and after
 * every move and clock event stored since: the clock of a program that
 * stopped while the game went on. NULL without an error otherwise. */
char *arb_tournament_get_fresh_clock_checkpoint (ArbTournament *self,
                                                 gint64 game_id,
                                                 int ply,
                                                 GError **error);
/* The last checkpoint of the game's clock, as arb_clock_snapshot_to_string()
 * wrote it, and the ply it was taken at; NULL without an error when the
 * game has none. */
char *arb_tournament_get_clock_checkpoint (ArbTournament *self,
                                           gint64 game_id,
                                           int *ply,
                                           GError **error);
gint64 arb_tournament_add_irregularity (ArbTournament *self,
                                        gint64 game_id,
                                        const ArbIrregularityRecord *irregularity,
                                        GError **error);
/* Irregularities of a game in the order they were recorded
 * (ArbIrregularityInfo *). */
GPtrArray *arb_tournament_list_irregularities (ArbTournament *self, gint64 game_id, GError **error);
gint64 arb_tournament_add_draw_offer (ArbTournament *self,
                                      gint64 game_id,
                                      int ply,
                                      ArbColor side,
                                      GError **error);
gboolean arb_tournament_set_draw_offer_response (ArbTournament *self,
                                                 gint64 offer_id,
                                                 const char *response,
                                                 GError **error);
gint64 arb_tournament_add_ruling_record (ArbTournament *self,
                                         gint64 game_id,
                                         const ArbRulingRecord *ruling,
                                         GError **error);
/* Rulings of a game in the order they were made (ArbRulingRecord *). */
GPtrArray *arb_tournament_list_rulings (ArbTournament *self, gint64 game_id, GError **error);
gint64 arb_tournament_add_sealed_move (ArbTournament *self,
                                       gint64 game_id,
                                       const ArbSealedMoveRecord *envelope,
                                       GError **error);
/* The envelope of the game still sealed (the last one sealed), or NULL
 * without an error when there is none. */
ArbSealedMoveInfo *arb_tournament_get_sealed_move (ArbTournament *self,
                                                   gint64 game_id,
                                                   GError **error);
/* Opens the envelope at resumption; returns the sealed move's text. */
char *arb_tournament_open_envelope (ArbTournament *self, gint64 envelope_id, GError **error);

/* Number of audit lines (for tests and the check). */
gint64 arb_tournament_count_audit (ArbTournament *self, GError **error);
/* Rows of one of the file's tables ("player", "game", "ruling"…), -1 on
 * error; "move" counts the stored moves (a game's moves are one row). */
gint64 arb_tournament_count_rows (ArbTournament *self, const char *table, GError **error);

/* Verifies the file: SQLite integrity, schema version, that every game
 * replays legally, that clocks and results are consistent. Each problem is
 * appended to `problems` as a sentence; returns TRUE when there is none. */
gboolean arb_tournament_check (ArbTournament *self, GPtrArray *problems, GError **error);

void arb_event_info_free (ArbEventInfo *info);
void arb_player_info_free (ArbPlayerInfo *info);
void arb_game_info_free (ArbGameInfo *info);
void arb_ruling_record_free (ArbRulingRecord *ruling);
/* Fills @record with the row of @ruling about ply @ply: its stable names,
 * its articles as its edition numbers them, the edition, the whole value
 * as JSON (arb_ruling_to_json ()) and @note, all owned by @record until
 * arb_ruling_record_clear (). */
void arb_ruling_record_init (ArbRulingRecord *record,
                             const ArbRuling *ruling,
                             int ply,
                             const char *note);
void arb_ruling_record_clear (ArbRulingRecord *record);
void arb_irregularity_info_free (ArbIrregularityInfo *info);
void arb_sealed_move_info_free (ArbSealedMoveInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbEventInfo, arb_event_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbPlayerInfo, arb_player_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbGameInfo, arb_game_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbRulingRecord, arb_ruling_record_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbRulingRecord, arb_ruling_record_clear)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbIrregularityInfo, arb_irregularity_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSealedMoveInfo, arb_sealed_move_info_free)

G_END_DECLS
