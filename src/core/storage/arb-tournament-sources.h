/* arb-tournament-sources.h: what the sources of moves leave in the file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* Moves reach a round from outside sources (DGT e-boards through
 * LiveChess, a live PGN file or URL); the network layer reads them and
 * stores their moves as any other move. What the file keeps of the
 * sources themselves:
 *
 *  - the e-boards: a DGT board's serial number and the board of the round
 *    it stands on, remembered for the whole tournament (the boards stay on
 *    their tables from round to round) and edited by the arbiter;
 *  - the sources of each round, so that a round opened again follows the
 *    same sources;
 *  - the games of a source the arbiter assigned to a board by hand;
 *  - the alerts: a move a source reported that was not stored (illegal in
 *    the stored position), or moves that differ from those stored (a
 *    take-back on an e-board, a corrected PGN), or a game of the board's
 *    players with the colours reversed. An alert stays open until
 *    the arbiter settles it, or until the source no longer reports its
 *    cause (cleared); every alert and every settlement has its line in the
 *    audit log. The same report raises one alert, however often the
 *    source repeats it, until it is cleared: reported again after that, it
 *    raises a new one.
 *
 * Each writer is one durable transaction with its audit line. */

typedef enum
{
  ARB_SOURCE_ALERT_ILLEGAL_MOVE,  /* "illegal-move" */
  ARB_SOURCE_ALERT_CHANGED_MOVES, /* "changed-moves" */
  /* "wrong-colours": the source has the board's players with White and
   * Black reversed (7.3 of the Laws); nothing of the game is stored until
   * the arbiter takes the source's moves. */
  ARB_SOURCE_ALERT_WRONG_COLOURS,
} ArbSourceAlertKind;

typedef enum
{
  ARB_SOURCE_ALERT_OPEN,      /* "open": waits for the arbiter */
  ARB_SOURCE_ALERT_DISMISSED, /* "dismissed": a misread, nothing changed */
  ARB_SOURCE_ALERT_RULED,     /* "ruled": the Illegal move flow was applied */
  ARB_SOURCE_ALERT_ACCEPTED,  /* "accepted": the source's moves were taken (replacing any stored) */
  /* "cleared": its cause left the source (it reports the stored moves
   * again, no longer the illegal move, or the colours as paired) before
   * the arbiter answered; settled by the source, not by the arbiter */
  ARB_SOURCE_ALERT_CLEARED,
} ArbSourceAlertState;

typedef struct
{
  gint64 id;
  gint64 game_id;
  ArbSourceAlertKind kind;
  ArbSourceAlertState state;
  char *source; /* the source's address, as the arbiter gave it */
  int ply;      /* the first ply concerned (the illegal move's, or the first that differs) */
  /* illegal-move: the move as reported ("Ke1-e4" when the squares are
   * known, else as the source wrote it); changed-moves: the source's
   * moves from `ply`, in SAN, separated by spaces; wrong-colours: the
   * players as the source has them, "White – Black". */
  char *reported;
  /* changed-moves: the stored moves from `ply`; wrong-colours: the
   * pairing, "White – Black"; else NULL */
  char *stored;
  char *detail;     /* further facts as a JSON object ("{}" when none) */
  char *raised;     /* ISO 8601 */
  char *settled;    /* ISO 8601, NULL while open */
  gint64 ruling_id; /* the ruling that settled it, or 0 */
} ArbSourceAlertInfo;

/* The alert as a source raises it (strings borrowed). */
typedef struct
{
  ArbSourceAlertKind kind;
  const char *source;
  int ply;
  const char *reported;
  const char *stored;
  const char *detail; /* JSON object, or NULL */
} ArbSourceAlertRecord;

typedef struct
{
  char *serial;
  int board;
} ArbEboardInfo;

typedef struct
{
  gint64 id;
  int round;
  char *uri;
  guint interval_ms; /* polling interval of a URL; 0 for the default */
} ArbMoveSourceInfo;

const char *arb_source_alert_kind_to_string (ArbSourceAlertKind kind);
gboolean arb_source_alert_kind_from_string (const char *text, ArbSourceAlertKind *kind);
const char *arb_source_alert_state_to_string (ArbSourceAlertState state);
gboolean arb_source_alert_state_from_string (const char *text, ArbSourceAlertState *state);

/* E-boards. A serial is at most 64 characters; board 0 forgets it. */
gboolean arb_tournament_set_eboard (ArbTournament *self,
                                    const char *serial,
                                    int board,
                                    GError **error);
/* The e-boards by serial (ArbEboardInfo *). */
GPtrArray *arb_tournament_list_eboards (ArbTournament *self, GError **error);

/* The sources of a round (0: of every round), in the order added
 * (ArbMoveSourceInfo *). Adding one that is there already changes its
 * interval. */
gint64 arb_tournament_add_move_source (ArbTournament *self,
                                       int round,
                                       const char *uri,
                                       guint interval_ms,
                                       GError **error);
gboolean arb_tournament_remove_move_source (ArbTournament *self,
                                            int round,
                                            const char *uri,
                                            GError **error);
GPtrArray *arb_tournament_list_move_sources (ArbTournament *self, int round, GError **error);

/* A source's game (its key, see arb-source-game.h) put on a board of the
 * round by the arbiter; board 0 takes the assignment back. */
gboolean arb_tournament_set_source_assignment (ArbTournament *self,
                                               int round,
                                               const char *uri,
                                               const char *game_key,
                                               int board,
                                               GError **error);
/* The board a game of a source was assigned to, or 0. */
int arb_tournament_get_source_assignment (ArbTournament *self,
                                          int round,
                                          const char *uri,
                                          const char *game_key,
                                          GError **error);

/* Raises an alert, or finds the one the same report raised before (open
 * or settled, not cleared): *is_new says which. Returns its id, 0 with @error. */
gint64 arb_tournament_add_source_alert (ArbTournament *self,
                                        gint64 game_id,
                                        const ArbSourceAlertRecord *alert,
                                        gboolean *is_new,
                                        GError **error);
/* Settles an open alert; @ruling_id names the ruling of a "ruled" one
 * (ARB_SOURCE_ALERT_CLEARED: the source's, with no ruling).
 * ARB_TOURNAMENT_ERROR_CONFLICT when it was settled already. */
gboolean arb_tournament_settle_source_alert (ArbTournament *self,
                                             gint64 alert_id,
                                             ArbSourceAlertState state,
                                             gint64 ruling_id,
                                             GError **error);
/* The same, with the arbiter's reason and name (each may be NULL) in the
 * audit line; not for a "ruled" one, whose ruling says why. */
gboolean arb_tournament_settle_source_alert_why (ArbTournament *self,
                                                 gint64 alert_id,
                                                 ArbSourceAlertState state,
                                                 gint64 ruling_id,
                                                 const char *reason,
                                                 const char *arbiter,
                                                 GError **error);
ArbSourceAlertInfo *arb_tournament_get_source_alert (ArbTournament *self,
                                                     gint64 alert_id,
                                                     GError **error);
/* The alerts of a game (0: of every game), in the order raised; only the
 * open ones when @open_only (ArbSourceAlertInfo *). */
GPtrArray *arb_tournament_list_source_alerts (ArbTournament *self,
                                              gint64 game_id,
                                              gboolean open_only,
                                              GError **error);

void arb_source_alert_info_free (ArbSourceAlertInfo *info);
void arb_eboard_info_free (ArbEboardInfo *info);
void arb_move_source_info_free (ArbMoveSourceInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSourceAlertInfo, arb_source_alert_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbEboardInfo, arb_eboard_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbMoveSourceInfo, arb_move_source_info_free)

G_END_DECLS
