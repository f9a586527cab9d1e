/* arb-game.h: one game of a round, as the workstation follows it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-clock.h"
#include "arb-edition.h"
#include "arb-game-status.h"
#include "arb-position.h"
#include "arb-ruling.h"
#include "arb-time-control.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* An ArbGame binds a game row of a tournament file to what the views show:
 * the positions of every ply, the moves in SAN, the game's ArbClock and an
 * ArbGameStatus (repetitions, move counts, automatic ends).
 *
 * Every change goes to the file first. arb_game_play_move() appends the
 * move in one durable transaction and only then updates the positions,
 * presses the clock and emits ::changed; if the file refuses the move,
 * nothing changes. Clock actions (pause, resume, adjust a time, set a move
 * counter) are recorded as clock events the same way.
 *
 * When a game is loaded its clock comes back stopped, with the times of the
 * last stored move or clock event, or of its checkpoint when that is newer:
 * the owner writes the running clocks' checkpoints about every second with
 * arb_game_store_checkpoints(), so a crash loses at most that second of a
 * move in progress, and never a move or an adjustment. What happened on the
 * tables since is for the arbiter to judge. */

#define ARB_TYPE_GAME (arb_game_get_type ())

G_DECLARE_FINAL_TYPE (ArbGame, arb_game, ARB, GAME, GObject)

ArbGame *arb_game_load (ArbTournament *tournament,
                        gint64 game_id,
                        const ArbTimeControl *tc,
                        ArbEdition edition,
                        GError **error);

ArbTournament *arb_game_get_tournament (ArbGame *self);
gint64 arb_game_get_id (ArbGame *self);
int arb_game_get_round (ArbGame *self);
int arb_game_get_board (ArbGame *self);
/* NULL when the seat is empty (a bye). */
const ArbPlayerInfo *arb_game_get_player (ArbGame *self, ArbColor side);
ArbResult arb_game_get_result (ArbGame *self);
gboolean arb_game_is_finished (ArbGame *self);
/* The stored ruling that ended the game (a mate or dead position stored
 * with its move, a flag fall, a resignation, a result the arbiter
 * recorded), or NULL when the game goes on or its result came without one
 * (an imported game). */
const ArbRuling *arb_game_get_end_ruling (ArbGame *self);

guint arb_game_get_n_plies (ArbGame *self);
/* The position after @ply half-moves (0: the start), or NULL. */
const ArbPosition *arb_game_get_position (ArbGame *self, guint ply);
/* The move of half-move @ply (1-based) and its SAN. */
ArbMove arb_game_get_move (ArbGame *self, guint ply);
const char *arb_game_get_san (ArbGame *self, guint ply);

ArbClock *arb_game_get_clock (ArbGame *self);
const ArbGameStatus *arb_game_get_status (ArbGame *self);

/* Illegal moves recorded for @side (irregularities of that kind). */
guint arb_game_get_illegal_moves (ArbGame *self, ArbColor side);
/* A sealed move waits in an unopened envelope. */
gboolean arb_game_is_adjourned (ArbGame *self);
/* The game's clock is kept by Arbiter: it has run here (moves entered,
 * the arbiter started it, times typed from the table) or its moves came
 * with times (an e-board's clock). Otherwise the clock is on the table
 * only: a view shows no running time for it and raises no flag alert,
 * and starting it (arb_game_start_clock()) makes it kept. Without a time
 * control, a clock is kept only once it holds a time (from the moves or
 * set by the arbiter): a game without clock data has no time to show. */
gboolean arb_game_is_clock_kept (ArbGame *self);
/* A flag has fallen (recorded, or noticed by the running clock). */
gboolean arb_game_has_flag_fallen (ArbGame *self, ArbColor *side);

/* Commits @move (legal in the current position) to the file, then plays
 * it and presses the clock. FALSE with @error, and no change, otherwise.
 *
 * When the file refuses the move (another writer stored that ply first,
 * the game was ended elsewhere, the disk is full), the game is read again
 * from the file and every further move is refused, since it was entered
 * for a position the game may no longer have, until the writer has looked
 * at the game and says so with arb_game_confirm_seen(). */
gboolean arb_game_play_move (ArbGame *self, ArbMove move, GError **error);
/* The same with the times the clock on the table showed after the move
 * (an e-board's clock, a PGN's [%clk]), in milliseconds, -1 for a side
 * whose time is not known: they are stored with the move and the game's
 * clock goes on from them. A time not known is stored as not known (-1),
 * unless the game's own clock was running before the move. */
gboolean arb_game_play_move_timed (ArbGame *self,
                                   ArbMove move,
                                   gint64 white_ms,
                                   gint64 black_ms,
                                   GError **error);
gboolean arb_game_needs_look (ArbGame *self);
void arb_game_confirm_seen (ArbGame *self);

/* A game opens with its clock stopped. When the record leaves it running
 * (the workstation stopped without a pause: a crash, a pulled cord), this
 * records the pause, so that the record, the feed and the window agree that
 * it is stopped. Nothing is recorded for a clock the record has stopped, a
 * finished game or a read-only one. */
gboolean arb_game_record_opening_pause (ArbGame *self, GError **error);

/* Clock actions, each recorded before it is applied. */
gboolean arb_game_start_clock (ArbGame *self, GError **error);
gboolean arb_game_pause (ArbGame *self, GError **error);
gboolean arb_game_resume (ArbGame *self, GError **error);
gboolean arb_game_add_time (ArbGame *self, ArbColor side, gint64 delta_ms, GError **error);
gboolean arb_game_set_moves (ArbGame *self, ArbColor side, guint moves, GError **error);

/* A game shown for reading only (an earlier round, a file another desk
 * holds): moves, clock actions and results are refused with
 * ARB_TOURNAMENT_ERROR_READ_ONLY. */
void arb_game_set_read_only (ArbGame *self, gboolean read_only);
gboolean arb_game_is_read_only (ArbGame *self);

/* The result entered at the results desk, with the arbiter who entered it
 * (see arb_tournament_set_result_by()); a result stops a running clock.
 * ARB_RESULT_ONGOING takes a result back. */
gboolean arb_game_set_result (ArbGame *self, ArbResult result, const char *arbiter, GError **error);

/* Reads the game again from the file (after a ruling was stored) and
 * emits ::changed. */
gboolean arb_game_reload (ArbGame *self, GError **error);

/* Writes a checkpoint of every running clock among @games (all of one
 * tournament) in one durable transaction. */
gboolean arb_game_store_checkpoints (GPtrArray *games, GError **error);

G_END_DECLS
