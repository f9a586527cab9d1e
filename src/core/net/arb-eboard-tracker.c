/* arb-eboard-tracker.c: when an e-board's moves have settled
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-eboard-tracker.h"

#include <string.h>

#include "arb-san.h"
#include "arb-source-diff.h"

struct _ArbEboardTracker
{
  char *serial;
  gint64 settle_us;

  GPtrArray *pending;  /* the moves of the last event (char *), or NULL before one */
  GPtrArray *reported; /* the moves last reported, or NULL */
  gint64 changed_us;   /* when the moves or the board last changed */
  char *placement;     /* the board now, NULL when unreadable */
  gboolean state_ok;   /* the board's state allows reading it */
  gboolean has_clock;
  gint64 clock_ms[2];
};

ArbEboardTracker *
arb_eboard_tracker_new (const char *serial, guint settle_ms)
{
  ArbEboardTracker *self = g_new0 (ArbEboardTracker, 1);

  g_return_val_if_fail (serial != NULL, NULL);

  self->serial = g_strdup (serial);
  self->settle_us = (gint64) settle_ms * 1000;
  self->state_ok = TRUE;
  return self;
}

void
arb_eboard_tracker_free (ArbEboardTracker *self)
{
  if (self == NULL)
    return;
  g_free (self->serial);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->reported, g_ptr_array_unref);
  g_free (self->placement);
  g_free (self);
}

const char *
arb_eboard_tracker_get_serial (ArbEboardTracker *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->serial;
}

static gboolean
same_moves (GPtrArray *a, GPtrArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (strcmp (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

static GPtrArray *
copy_moves (GPtrArray *san)
{
  GPtrArray *copy = g_ptr_array_new_full (san->len, g_free);

  for (guint i = 0; i < san->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (san, i)));
  return copy;
}

void
arb_eboard_tracker_feed (ArbEboardTracker *self,
                         const ArbLivechessBoard *board,
                         GPtrArray *san,
                         gint64 now_us)
{
  ArbPiece squares[64];

  g_return_if_fail (self != NULL);
  g_return_if_fail (board != NULL);

  /* A board that does not answer, or answers late, is not read. */
  self->state_ok = board->state == NULL || g_str_equal (board->state, "ACTIVE") ||
                   g_str_equal (board->state, "INACTIVE");
  if (board->placement != NULL)
    {
      const char *now =
        arb_source_placement_parse (board->placement, squares) ? board->placement : NULL;

      if (g_strcmp0 (now, self->placement) != 0)
        {
          g_free (self->placement);
          self->placement = g_strdup (now);
          self->changed_us = now_us;
        }
    }
  if (board->has_clock)
    {
      self->has_clock = TRUE;
      self->clock_ms[ARB_WHITE] = board->white_ms;
      self->clock_ms[ARB_BLACK] = board->black_ms;
    }
  if (san != NULL && !same_moves (san, self->pending))
    {
      g_clear_pointer (&self->pending, g_ptr_array_unref);
      self->pending = copy_moves (san);
      self->changed_us = now_us;
    }
}

gboolean
arb_eboard_tracker_is_readable (ArbEboardTracker *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->state_ok && self->placement != NULL;
}

/* Whether the board shows where the pending moves lead, either way
 * round; TRUE also when the moves cannot be played from the start (the
 * board cannot confirm them then, nor contradict them). */
static gboolean
board_agrees (ArbEboardTracker *self)
{
  ArbPosition pos;
  ArbPiece squares[64];
  ArbPiece turned[64];

  arb_position_set_start (&pos);
  for (guint i = 0; i < self->pending->len; i++)
    {
      const char *san = g_ptr_array_index (self->pending, i);
      ArbMove move;
      ArbUndo undo;

      if (arb_san_resolve (&pos, san, strlen (san), &move) != ARB_SAN_OK)
        return TRUE;
      arb_position_make_move (&pos, move, &undo);
    }
  if (!arb_source_placement_parse (self->placement, squares))
    return FALSE;
  for (int sq = 0; sq < 64; sq++)
    turned[63 - sq] = squares[sq];
  return memcmp (squares, pos.board, sizeof squares) == 0 ||
         memcmp (turned, pos.board, sizeof turned) == 0;
}

ArbSourceGame *
arb_eboard_tracker_poll (ArbEboardTracker *self, gint64 now_us, gint64 *next_us)
{
  g_autofree char *key = NULL;
  ArbSourceGame *game;
  gint64 settled_at;
  gint64 longest;

  g_return_val_if_fail (self != NULL, NULL);

  if (next_us != NULL)
    *next_us = G_MAXINT64;
  if (self->pending == NULL || same_moves (self->pending, self->reported))
    return NULL;

  settled_at = self->changed_us + self->settle_us;
  longest = self->changed_us + self->settle_us * ARB_EBOARD_LONGEST_WAIT_FACTOR;
  if (now_us < settled_at)
    {
      if (next_us != NULL)
        *next_us = settled_at;
      return NULL;
    }
  if (now_us < longest && !(arb_eboard_tracker_is_readable (self) && board_agrees (self)))
    {
      if (next_us != NULL)
        *next_us = longest;
      return NULL;
    }

  key = g_strconcat ("eboard:", self->serial, NULL);
  game = arb_source_game_new (key);
  game->serial = g_strdup (self->serial);
  game->placement = g_strdup (self->placement);
  for (guint i = 0; i < self->pending->len; i++)
    {
      const char *san = g_ptr_array_index (self->pending, i);
      gboolean last = i + 1 == self->pending->len;

      arb_source_game_add_move (game, san, strlen (san),
                                last && self->has_clock ? self->clock_ms[ARB_WHITE] : -1,
                                last && self->has_clock ? self->clock_ms[ARB_BLACK] : -1);
    }
  g_clear_pointer (&self->reported, g_ptr_array_unref);
  self->reported = copy_moves (self->pending);
  return game;
}
