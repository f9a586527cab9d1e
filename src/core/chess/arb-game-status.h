/* arb-game-status.h: follow a game ply by ply and tell how the Laws see it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-edition.h"
#include "arb-position.h"

G_BEGIN_DECLS

/* ArbGameStatus follows the moves of one game from its initial position (ply
 * 0, which is the first occurrence of that position, also for a FEN start)
 * and keeps apart what the FIDE Laws keep apart (2018/2023 numbering):
 *
 *  - automatic ends, which finish the game at once: checkmate (5.1.1),
 *    stalemate (5.2.1), dead position (5.2.2, from the material, and with
 *    set_dead_search() also by the unwinnability search), fivefold repetition (9.6.1) and 75 moves (9.6.2). 9.6 came in
 *    with the 2014 edition; a checkmate (and a stalemate) made by the 150th
 *    half-move takes precedence over the 75-move rule;
 *  - claimable draws, which only a correct claim by the player having the
 *    move turns into a draw: threefold repetition (9.2) and 50 moves (9.3),
 *    either for the position on the board or for a move written on the
 *    scoresheet and not yet played (9.2.1.1, 9.3.1).
 *
 * The fivefold and 75-move rules are automatic only from the 2014 edition
 * on; for a game played under an older edition (see set_edition()) their
 * events are still reported but do not end the game.
 *
 * Moves recorded after an automatic end are void: they are still followed,
 * so that the record can be checked and shown, but they are counted and
 * their events are flagged as void; they never move the end.
 *
 * Ply k is the position after k half-moves. Memory grows by doubling, so
 * following a game does not allocate per move; reset() reuses the buffers. */
typedef struct _ArbGameStatus ArbGameStatus;

typedef enum
{
  ARB_GAME_EVENT_THREEFOLD, /* 9.2: third occurrence, claimable */
  ARB_GAME_EVENT_FIVEFOLD,  /* 9.6.1: fifth occurrence, automatic */
  ARB_GAME_EVENT_FIFTY,     /* 9.3: clock reaches 100 plies, claimable */
  ARB_GAME_EVENT_SEVENTY_FIVE, /*< nick=seventyfive >*/ /* 9.6.2: 150 plies, automatic */
  ARB_GAME_EVENT_CHECKMATE,                             /* 5.1.1 */
  ARB_GAME_EVENT_STALEMATE,                             /* 5.2.1 */
  ARB_GAME_EVENT_DEAD_POSITION,                         /* 5.2.2 */
} ArbGameEventKind;

typedef struct
{
  ArbGameEventKind kind;
  guint ply;
  /* TRUE when the event lies after the automatic end of the game. */
  gboolean is_void;
} ArbGameEvent;

typedef enum
{
  ARB_DRAW_CLAIM_NONE = 0,
  ARB_DRAW_CLAIM_THREEFOLD = 1 << 0,
  ARB_DRAW_CLAIM_FIFTY_MOVES = 1 << 1,
} ArbDrawClaims;

ArbGameStatus *arb_game_status_new (const ArbPosition *start);
void arb_game_status_free (ArbGameStatus *status);
/* Start over from another initial position, keeping the buffers and the
 * edition. */
void arb_game_status_reset (ArbGameStatus *status, const ArbPosition *start);

/* The edition of the Laws the game is played under (the latest by default).
 * Only before the first move. */
void arb_game_status_set_edition (ArbGameStatus *status, ArbEdition edition);
ArbEdition arb_game_status_get_edition (const ArbGameStatus *status);

/* Decide dead positions (5.2.2) also by the unwinnability search
 * (arb-unwinnable.h), with at most @node_budget nodes per side and ply; 0
 * (the default) keeps the material test alone. Only before the first move.
 * A position the search cannot decide within the budget is not called dead. */
void arb_game_status_set_dead_search (ArbGameStatus *status, guint64 node_budget);

/* Follow a recorded move. Returns FALSE, and changes nothing, when the move
 * is not legal in the current position. After an automatic end the move is
 * followed as a void ply. */
gboolean arb_game_status_push (ArbGameStatus *status, ArbMove move);
/* The same for a move known to be legal in the current position (the PGN
 * reader's moves are: it resolved them among the legal ones), which is not
 * checked again. */
void arb_game_status_push_legal (ArbGameStatus *status, ArbMove move);
/* The same when the caller has made the move already: @after is the
 * position @move leads to from the current one (the PGN reader's position
 * before the next move), taken as it is instead of making the move again. */
void arb_game_status_push_reached (ArbGameStatus *status, ArbMove move, const ArbPosition *after);
/* The same when the caller knows @next, a legal move in @after (the game's
 * next move, which the PGN reader resolved among the legal ones): @after is
 * then neither checkmate nor stalemate, and no legal move is looked for,
 * which is most of what a ply costs the status. Returns FALSE, and changes
 * nothing, when @after has the current position's side to move, so that
 * it cannot follow from it by one move. */
gboolean arb_game_status_push_reached_with_next (ArbGameStatus *status,
                                                 ArbMove move,
                                                 const ArbPosition *after,
                                                 ArbMove next);

/* The number of half-moves followed; the current position is at this ply. */
guint arb_game_status_get_ply (const ArbGameStatus *status);
const ArbPosition *arb_game_status_get_position (const ArbGameStatus *status);

/* The first automatic end. Returns FALSE while the game goes on. When
 * several ends fall on one ply the order is checkmate, stalemate, dead
 * position, fivefold, 75 moves. */
gboolean arb_game_status_get_end (const ArbGameStatus *status, ArbGameEventKind *kind, guint *ply);
/* Plies followed after the automatic end (0 while the game goes on). */
guint arb_game_status_get_void_plies (const ArbGameStatus *status);

/* Every event so far in ply order, also the void ones. */
const ArbGameEvent *arb_game_status_get_events (const ArbGameStatus *status, guint *n_events);

/* How often the position at @ply has occurred up to and including @ply, and
 * (if @plies is not NULL) the plies of those occurrences in increasing
 * order; when there are more than @max_plies, the earliest ones. */
guint arb_game_status_get_occurrences (const ArbGameStatus *status,
                                       guint ply,
                                       guint *plies,
                                       guint max_plies);
guint16 arb_game_status_get_halfmove_clock (const ArbGameStatus *status, guint ply);

/* Draws the player having the move may claim now, in the position on the
 * board: it has just appeared for at least the third time (9.2.1.2), or the
 * last 50 moves of each player were made without a pawn move or a capture
 * (9.3.2). Nothing can be claimed once the game has ended. */
ArbDrawClaims arb_game_status_claims_now (const ArbGameStatus *status);

/* Draws the player having the move may claim by writing @move on the
 * scoresheet without playing it (9.2.1.1, 9.3.1): the position after it
 * would appear for at least the third time, or it would complete 50 moves of
 * each player without a pawn move or a capture. An illegal move gives
 * nothing. Following the wording of 9.3.1, the written move counts even if
 * playing it would mate or stalemate. */
ArbDrawClaims arb_game_status_claims_with_move (const ArbGameStatus *status, ArbMove move);

const char *arb_game_event_kind_to_string (ArbGameEventKind kind);
/* The article of the 2018/2023 Laws, e.g. "9.6.1". */
const char *arb_game_event_kind_article (ArbGameEventKind kind);
gboolean arb_game_event_kind_is_automatic_end (ArbGameEventKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbGameStatus, arb_game_status_free)

G_END_DECLS
