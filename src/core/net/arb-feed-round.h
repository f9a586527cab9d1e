/* arb-feed-round.h: a round as the feed publishes it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-position.h"
#include "arb-result.h"
#include "arb-standings-teams-order.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* What the feed may publish of a round, read from the tournament file in
 * one snapshot: the event's name, place, date and time control, and for
 * each game its board, players, moves with the times on the clocks and
 * the moment each was stored, the clock's history and the result. Nothing
 * else of the file (rulings, irregularities, notes, envelopes, the audit)
 * is read, so nothing else can be served.
 *
 * A round is immutable once read and shared by reference between the
 * threads that render it. */

typedef struct
{
  char *name;
  char *title;
  int rating;     /* 0 when unrated */
  gint64 fide_id; /* 0 when unknown */
  char *federation;
  char *team;    /* WhiteTeam/BlackTeam of the game's tags, or NULL */
  int start_no;  /* the starting rank, 0 when unknown */
  double points; /* before the round */
} ArbFeedPlayer;

typedef struct
{
  ArbMove move;
  char san[16];
  char uci[8];
  gint64 white_ms; /* on the clocks after the move, -1 when unknown */
  gint64 black_ms;
  /* When it was stored, microseconds since the epoch; for a move stored
   * without a time of play, when the feed first read it. */
  gint64 played_us;
} ArbFeedPly;

/* The clocks from a moment on: both times then, and which one runs. */
typedef struct
{
  gint64 at_us; /* wall time the state began, microseconds since the epoch */
  guint ply;    /* half-moves played by then */
  gboolean known;
  gint64 white_ms;
  gint64 black_ms;
  int running; /* ARB_WHITE, ARB_BLACK, or -1 when both are stopped */
} ArbFeedClock;

typedef struct
{
  gint64 id;
  int board;
  ArbFeedPlayer white;
  ArbFeedPlayer black;
  ArbResult result;
  char *termination; /* the PGN Termination tag, or NULL */
  char *start_fen;   /* NULL for the standard start */
  ArbPosition start;
  GArray *plies; /* ArbFeedPly, by ply */
  /* The clock after each stored move and clock event, in time order;
   * empty when the game's clock is unknown. */
  GArray *clock;
} ArbFeedGame;

/* A player without a game in the round: the name and the TRF code of the
 * bye ('U' pairing-allocated, 'H' half-point, 'F' full-point, 'Z' zero;
 * ' ' when the file gives none). */
typedef struct
{
  char *name;
  char code;
  int rating;    /* 0 when unrated */
  int start_no;  /* 0 when unknown */
  double points; /* before the round */
} ArbFeedBye;

typedef struct _ArbFeedRound ArbFeedRound;

struct _ArbFeedRound
{
  char *event_name;
  char *site;
  char *date;         /* PGN form YYYY.MM.DD, or NULL */
  char *time_control; /* PGN TimeControl, or NULL */
  int round;          /* 0 when the tournament has no games */
  GPtrArray *games;   /* ArbFeedGame *, by board; byes are not games */
  GArray *byes;       /* ArbFeedBye, as the file lists them */
  /* The standings after the last round all of whose games have a result
   * (arb_standings_compute () on the same snapshot), by the event's
   * scoring and order of tie-breaks: public data only. */
  int standings_round;  /* 0 before any round is complete */
  GPtrArray *standings; /* ArbStandingsRow, by rank */
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order;
  ArbUnplayedRule unplayed; /* the event's rule for unplayed rounds */
  /* A team event's standings (arb_team_standings_read () on the same
   * snapshot), ArbTeamStandingsRow by rank; empty in an individual
   * event. */
  GPtrArray *team_standings;
  ArbTeamOrder team_order; /* the event's order of the team standings */
  /* A team event's matches of the round (ArbTeamMatchInfo, by board);
   * empty in an individual event. */
  GPtrArray *matches;
};

#define ARB_TYPE_FEED_ROUND (arb_feed_round_get_type ())
GType arb_feed_round_get_type (void);

/* Reads @round (0: the last round with games) in one read transaction.
 * A move the file holds without a time of play is dated @now_us (for
 * arb_feed_round_read (), the time of the read), unless @before, the
 * round as read last, had the same move at the same ply of the game: it
 * keeps that time. A delay thus holds it back from when the feed first
 * saw it, never from 1970. */
ArbFeedRound *arb_feed_round_read (ArbTournament *tournament, int round, GError **error);
ArbFeedRound *arb_feed_round_read_after (ArbTournament *tournament,
                                         int round,
                                         const ArbFeedRound *before,
                                         gint64 now_us,
                                         GError **error);
ArbFeedRound *arb_feed_round_ref (ArbFeedRound *self);
void arb_feed_round_unref (ArbFeedRound *self);

/* The game on @board, or NULL. */
const ArbFeedGame *arb_feed_round_find_board (const ArbFeedRound *self, int board);

/* What a game shows at a moment. */
typedef struct
{
  guint n_plies;
  ArbResult result;
  ArbFeedClock clock;
} ArbFeedView;

/* The game as it stood at @view_us (wall time, microseconds since the
 * epoch): the moves stored by then and the clocks then. A finished game
 * shows whole: once it is over no one at the board can be helped, and the
 * Laws' result is news the hall may have at once. */
void arb_feed_game_view (const ArbFeedGame *game, gint64 view_us, ArbFeedView *view);

/* The first moment after @view_us at which the view of the game changes
 * (a move or a clock event stored later), or G_MAXINT64. */
gint64 arb_feed_game_next_change (const ArbFeedGame *game, gint64 view_us);

/* The position after the first @n_plies half-moves. */
void arb_feed_game_position (const ArbFeedGame *game, guint n_plies, ArbPosition *pos);

/* Remaining time of @side in a view's clock at wall time @now_us. */
gint64 arb_feed_clock_remaining_ms (const ArbFeedClock *clock, int side, gint64 now_us);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbFeedRound, arb_feed_round_unref)

G_END_DECLS
