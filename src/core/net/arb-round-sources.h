/* arb-round-sources.h: the sources that feed a round, merged the arbiter's way
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-game.h"
#include "arb-source.h"
#include "arb-tournament-sources.h"

G_BEGIN_DECLS

/* ArbRoundSources follows several sources at once for one round and
 * merges what they say into the round's games, in the thread that made it
 * (the window's, or arbiter-cli follow's), through the games the views
 * observe:
 *
 *  - each game of a source is matched to a game of the round: an
 *    e-board by the board its serial number stands on (a table the
 *    arbiter edits, kept in the tournament), else a game the arbiter
 *    assigned by hand, else by its players against the pairings
 *    (arb-source-players.h), whatever its Board tag says, else (a game
 *    that does not name both players) by its Round and Board tags; a
 *    game nothing matches is listed for the arbiter to assign (games of
 *    another round are left alone);
 *  - a game of a board's players with White and Black reversed raises an
 *    alert (wrong-colours, 7.3 of the Laws) and stores nothing until the
 *    arbiter takes its moves;
 *  - new moves are appended with the source's clock times (a time the
 *    source does not give is stored as unknown) through
 *    arb_game_play_move_timed(), exactly as a move typed at the board: one
 *    durable transaction with its audit line, then the live checks
 *    (repetition, 50 and 75 moves, dead position, mate), then ::changed;
 *  - a move that is not legal in the stored position is never applied
 *    and never dropped: it raises an alert (illegal-move) that stays open
 *    until the arbiter rules on it (the Illegal move flow) or dismisses it
 *    as a misread;
 *  - a source that changes stored moves (a take-back on an e-board, a
 *    corrected PGN) raises an alert (changed-moves) with both lines;
 *    nothing stored changes until the arbiter accepts the source's moves;
 *  - a source that only lags behind (another relay's delay) raises
 *    nothing.
 *
 * Every merged move, refusal, alert, unmatched game and change of a
 * source's state is told through ::event (ArbRoundSourceEvent *, valid
 * during the emission); ::changed says that something the views show
 * changed (states, which source feeds which board, alerts). */

typedef enum
{
  ARB_ROUND_SOURCE_MERGED,     /* a move was stored */
  ARB_ROUND_SOURCE_REFUSED,    /* a move was not stored (see the refusal) */
  ARB_ROUND_SOURCE_ALERT,      /* an alert was raised */
  ARB_ROUND_SOURCE_UNASSIGNED, /* a game no board of the round matches */
  ARB_ROUND_SOURCE_STATE,      /* a source's state changed */
} ArbRoundSourceEventKind;

typedef enum
{
  ARB_ROUND_SOURCE_REFUSAL_NONE,
  ARB_ROUND_SOURCE_REFUSAL_GAME_OVER,  /* the stored game has a result */
  ARB_ROUND_SOURCE_REFUSAL_NOT_STORED, /* the file refused it (see error) */
} ArbRoundSourceRefusal;

typedef struct
{
  ArbRoundSourceEventKind kind;
  ArbSource *source;
  ArbGame *game; /* NULL for UNASSIGNED and STATE */
  int board;     /* the game's board, 0 when none */
  guint ply;     /* MERGED, REFUSED: the ply of the move */
  const char *san;
  gint64 white_ms; /* MERGED: the times stored, -1 when unknown */
  gint64 black_ms;
  ArbRoundSourceRefusal refusal;
  const char *error;               /* REFUSED with NOT_STORED: the file's reason */
  const ArbSourceAlertInfo *alert; /* ALERT */
  /* ALERT: the same report raised this alert before (in this program or
   * an earlier one); it may have been settled since. */
  gboolean repeated;
  const ArbSourceGame *source_game; /* MERGED, REFUSED, ALERT, UNASSIGNED */
  gint64 received_us;               /* when the source read the game (monotonic) */
} ArbRoundSourceEvent;

/* A game of a source nothing matched. */
typedef struct
{
  ArbSource *source;
  ArbSourceGame *game;
} ArbUnassignedGame;

#define ARB_TYPE_ROUND_SOURCES (arb_round_sources_get_type ())

G_DECLARE_FINAL_TYPE (ArbRoundSources, arb_round_sources, ARB, ROUND_SOURCES, GObject)

/* @games are the round's ArbGame (of @tournament, round @round), as the
 * owner shows them. */
ArbRoundSources *arb_round_sources_new (ArbNetWorker *worker,
                                        ArbTournament *tournament,
                                        int round,
                                        GPtrArray *games);

int arb_round_sources_get_round (ArbRoundSources *self);
ArbTournament *arb_round_sources_get_tournament (ArbRoundSources *self);

/* Settings the next sources added get (see arb-source.h); 0 keeps the
 * default. */
void arb_round_sources_set_settle (ArbRoundSources *self, guint settle_ms);
void arb_round_sources_set_backoff (ArbRoundSources *self, guint first_ms, guint max_ms);
void arb_round_sources_set_once (ArbRoundSources *self, gboolean once);

/* Starts following @uri; with @remember the round keeps it in the
 * tournament, to be followed again when the round is opened. An address
 * followed already only changes its interval. */
ArbSource *arb_round_sources_add (ArbRoundSources *self,
                                  const char *uri,
                                  guint interval_ms,
                                  gboolean remember,
                                  GError **error);
/* Stops following it and forgets it. */
gboolean arb_round_sources_remove (ArbRoundSources *self, const char *uri, GError **error);
/* Starts the sources the round keeps; returns how many. */
guint arb_round_sources_start_remembered (ArbRoundSources *self, GError **error);
void arb_round_sources_stop (ArbRoundSources *self);

/* The sources followed, in the order added (ArbSource *). */
GPtrArray *arb_round_sources_list (ArbRoundSources *self);
/* The source that last fed @game, or NULL; *key gets its game's key. */
ArbSource *arb_round_sources_get_feeder (ArbRoundSources *self, ArbGame *game, const char **key);
/* Games nothing matched (ArbUnassignedGame *, borrowed). */
GPtrArray *arb_round_sources_list_unassigned (ArbRoundSources *self);
/* Moves merged since the start. */
guint arb_round_sources_get_n_merged (ArbRoundSources *self);

/* The arbiter puts a source's game on a board (0 takes it back): an
 * e-board by its serial number, for the whole tournament; a game of a
 * PGN for this round. The game is merged at once. */
gboolean arb_round_sources_assign (ArbRoundSources *self,
                                   ArbSource *source,
                                   const char *key,
                                   int board,
                                   GError **error);
gboolean arb_round_sources_set_eboard (ArbRoundSources *self,
                                       const char *serial,
                                       int board,
                                       GError **error);
/* The board an e-board stands on, or 0. */
int arb_round_sources_get_eboard (ArbRoundSources *self, const char *serial);

/* The open alerts of a game (ArbSourceAlertInfo *, borrowed). */
GPtrArray *arb_round_sources_list_alerts (ArbRoundSources *self, ArbGame *game);
/* Another writer (arbiter-cli follow, another desk) changed these games
 * (@ids, gint64): their alerts are read again from the file, and
 * ::changed is emitted when the open ones differ. Returns whether they
 * did. */
gboolean arb_round_sources_reload_alerts (ArbRoundSources *self, GArray *ids);
/* The arbiter's answers to an alert, each logged: a misread (nothing
 * changes); the Illegal move flow applied as @ruling_id; the source's
 * moves taken instead of the stored ones (changed-moves only: the moves
 * from the alert's ply are taken out and the source's merged;
 * wrong-colours: the source's game is the board's, its moves merged). */
gboolean arb_round_sources_dismiss_alert (ArbRoundSources *self, gint64 alert_id, GError **error);
/* The same, with the arbiter's reason and name (each may be NULL) in the
 * log. */
gboolean arb_round_sources_dismiss_alert_why (ArbRoundSources *self,
                                              gint64 alert_id,
                                              const char *reason,
                                              const char *arbiter,
                                              GError **error);
gboolean arb_round_sources_alert_ruled (ArbRoundSources *self,
                                        gint64 alert_id,
                                        gint64 ruling_id,
                                        GError **error);
gboolean arb_round_sources_accept_alert (ArbRoundSources *self, gint64 alert_id, GError **error);

G_END_DECLS
