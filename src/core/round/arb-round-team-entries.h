/* arb-round-team-entries.h: a team's bye and a team match forfeited, at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-tournament-match-entries.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The one path of the window, arbiter-cli and the TRF import for what a
 * team's round holds besides a match played. Each call is one durable
 * transaction; a refusal (G_IO_ERROR_INVALID_ARGUMENT, G_IO_ERROR_EXISTS,
 * G_IO_ERROR_NOT_FOUND) says why in the reader's language and stores
 * nothing. @arbiter and @note may be NULL. */

/* @team's bye in @round, of kind @code ('U' pairing-allocated, 'F'
 * full-point, 'H' half-point, 'Z' zero-point: the last two asked for),
 * with @match_points_x2 match points (doubled: 4 is a win's 2) and
 * @game_points_x2 game points (doubled, at most a win on each of the
 * event's boards). Refused when the team has a match or a bye in the
 * round that stands. */
gboolean arb_round_team_bye (ArbTournament *tournament,
                             int round,
                             const char *team,
                             char code,
                             int match_points_x2,
                             int game_points_x2,
                             const char *arbiter,
                             const char *note,
                             gint64 *entry_id,
                             GError **error);

/* The match of @round between @home and @away forfeited as a whole,
 * @winner winning it (ARB_TEAM_FORFEIT_NONE: both forfeited): the winner
 * scores a won game on each of the event's boards, the loser none (0–0
 * for a double forfeit). The match stored for the round between the two
 * teams, in either order, is the one forfeited (its games stay); when
 * there is none it is stored. Each game of the match gets the forfeit's
 * result in the same batch, through the results desk's path: the
 * winning team's player +, the other -, both - in a double forfeit.
 * Refused when it is forfeited already, when either team has another
 * match or a bye in the round, or when a board of the match has a
 * result other than the forfeit's (the error names the board). */
gboolean arb_round_team_forfeit (ArbTournament *tournament,
                                 int round,
                                 const char *home,
                                 const char *away,
                                 ArbTeamForfeit winner,
                                 const char *arbiter,
                                 const char *note,
                                 gint64 *entry_id,
                                 GError **error);

/* Takes back a team's bye or a forfeit, with @reason (required): a
 * record that supersedes it. A forfeit's boards that still hold the
 * forfeit's results are taken back with it, with @reason, and read as
 * boards without a result again; a board corrected since keeps its
 * correction. */
gboolean arb_round_cancel_team_entry (ArbTournament *tournament,
                                      gint64 entry_id,
                                      const char *reason,
                                      const char *arbiter,
                                      GError **error);

/* For the TRF import, in the caller's batch: the ids (gint64) of the
 * forfeits that stand, and after the import the open boards of each
 * forfeit not in @before (NULL: every one) marked as forfeits, as
 * arb_round_team_forfeit () marks them; a board with a result keeps it. */
GHashTable *arb_round_team_forfeit_ids (ArbTournament *tournament, GError **error);
gboolean arb_round_team_mark_forfeits (ArbTournament *tournament,
                                       GHashTable *before,
                                       const char *arbiter,
                                       GError **error);

G_END_DECLS
