/* arb-feed-state.h: one published state of the feed, rendered
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-feed-round.h"

G_BEGIN_DECLS

/* A round seen through the delay at one moment: the view of every game
 * and the bodies the server sends, rendered once and shared by every
 * request until the next change. Immutable; the gzip forms are made the
 * first time they are asked for. Safe to use from any thread. */

typedef struct _ArbFeedState ArbFeedState;

#define ARB_TYPE_FEED_STATE (arb_feed_state_get_type ())
GType arb_feed_state_get_type (void);

/* @now_us is the wall time of publishing; the games show as they were
 * @delay_us earlier. @seq numbers the states of one feed. */
ArbFeedState *arb_feed_state_new (ArbFeedRound *round, gint64 now_us, gint64 delay_us, guint64 seq);
ArbFeedState *arb_feed_state_ref (ArbFeedState *self);
void arb_feed_state_unref (ArbFeedState *self);

ArbFeedRound *arb_feed_state_get_round (ArbFeedState *self);
guint64 arb_feed_state_get_seq (ArbFeedState *self);
gint64 arb_feed_state_get_delay_us (ArbFeedState *self);
/* The view of the round's game @index. */
const ArbFeedView *arb_feed_state_get_view (ArbFeedState *self, guint index);
/* The wall time at which the view next changes by itself (a held-back
 * move or clock event comes due), or G_MAXINT64. */
gint64 arb_feed_state_get_next_release_us (ArbFeedState *self);

/* Every game of the round as PGN (see arb-feed-state.c for the tags), and
 * its strong entity tag (with the quotes). */
GBytes *arb_feed_state_get_pgn (ArbFeedState *self, gboolean gzip, const char **etag);
/* One board's game; NULL when the round has no such board. */
GBytes *arb_feed_state_get_board_pgn (ArbFeedState *self,
                                      int board,
                                      gboolean gzip,
                                      const char **etag);

/* The round as JSON, with every move; the server's clock @now_us lets a
 * display count running clocks on from the times given. */
char *arb_feed_state_to_json (ArbFeedState *self, gint64 now_us);

/* The round's pairings (boards and byes, with each player's rating,
 * starting rank and points before the round) and the standings after
 * the last complete round (in a team event the teams' as well), as JSON
 * with their strong entity tags: public data only, rendered once per
 * state. */
GBytes *arb_feed_state_get_pairings_json (ArbFeedState *self, gboolean gzip, const char **etag);
GBytes *arb_feed_state_get_standings_json (ArbFeedState *self, gboolean gzip, const char **etag);

/* What changed in a game between two states. */
typedef enum
{
  ARB_FEED_CHANGE_MOVE = 1 << 0,   /* a move shown, or taken back */
  ARB_FEED_CHANGE_RESULT = 1 << 1, /* the result */
  ARB_FEED_CHANGE_CLOCK = 1 << 2,  /* a clock pressed, paused, adjusted */
} ArbFeedChangeFlags;

typedef struct
{
  guint index; /* of the game in the newer state's round */
  int board;
  ArbFeedChangeFlags flags;
} ArbFeedChange;

/* The games whose view changed from @old to @new_ (ArbFeedChange), or
 * NULL when the round itself changed (another round, boards or players
 * added or changed): a display then reads the whole round again. */
GArray *arb_feed_state_diff (ArbFeedState *old, ArbFeedState *new_);

/* One game's view as a JSON object (without the list of moves): the data
 * of the server-sent event that announces a change. */
char *arb_feed_state_game_to_json (ArbFeedState *self,
                                   guint index,
                                   ArbFeedChangeFlags flags,
                                   gint64 now_us);

/* The PGN Result tag for a result of the Laws: the four PGN results, and
 * "0-0", "1/2-0", "0-1/2" for the scores PGN has no marker for (a relay
 * such as lichess reads them); a forfeit is written as the win or loss it
 * scores. */
const char *arb_feed_result_tag (ArbResult result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbFeedState, arb_feed_state_unref)

G_END_DECLS
