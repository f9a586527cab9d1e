/* arb-unwinnable.c: can a side still checkmate, by any series of legal moves?
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-unwinnable.h"

#include <string.h>

#include "arb-material.h"
#include "arb-position-private.h"
#include "arb-unwinnable-private.h"
#include "arb-unwinnable-steer.h"

/* The helpmate search gets this share of the budget, the exhaustive walk the
 * rest (and whatever the search left). */
#define FINDER_SHARE 4

/* How often the caller's stop function is asked: about every millisecond. */
#define STOP_POLL_NODES 8192

#define TABLE_MIN_BITS 15
/* Every phase starts in a small table, which stays in the processor's
 * nearest caches: most phases of a game's dead-position searches store a
 * few hundred positions. Past half of it they go on in the large one. */
#define TABLE_SMALL_BITS 12
#define TABLE_MAX_BITS 22

/* A table of positions: the helpmate search stores the depth to which a
 * position failed, the exhaustive walk the positions it has entered. Entries
 * of earlier phases are recognised by their stamp and count as free. */
typedef struct
{
  guint64 key;
  guint32 check;
  guint16 depth;
  guint8 clock;
  guint8 stamp;
} Entry;

/* The walk's stack: each level's moves live in one shared array. */
typedef struct
{
  guint first;
  guint count;
  guint next;
  ArbMove move;
  ArbUndo undo;
  guint64 key;
} Frame;

/* A depth-first walk over a graph goes as deep as the positions on its
 * path, so its stack grows (by doubling, never per node) up to this; a walk
 * that would go deeper stops, undecided. With the table this keeps a
 * search under about 60 MB (every test vector is decided within it; 65,536
 * would leave two undecided). */
#define WALK_MAX_DEPTH (1 << 17)

struct _ArbUnwinnable
{
  /* The position searched, changed by make and unmake only. */
  ArbPosition pos;
  ArbColor winner;
  gboolean clock_rule;

  guint64 nodes;
  guint64 limit;
  gboolean aborted;
  gboolean (*stop) (gpointer data);
  gpointer stop_data;
  guint64 next_poll;
  gboolean stopped;

  /* The table in use, small or large, and the two. */
  Entry *table;
  guint table_bits;
  guint table_used;
  Entry *small;
  Entry *large;
  guint large_bits;
  /* Whether the large table holds entries written since it was last
   * cleared. */
  gboolean large_written;
  guint8 stamp;

  /* The moves from the root to the node searched; its length once a mate
   * is found. */
  ArbMove path[ARB_UNWINNABLE_LINE_MAX];
  guint path_length;
  guint max_ply;
  gboolean line_complete;
  ArbUnwinnableTarget target;

  /* The best attempt so far: a check with the fewest replies. */
  ArbMove best[ARB_UNWINNABLE_LINE_MAX];
  guint best_length;
  guint best_replies;
  /* FALSE in the searches that only look for a helpmate, which report no
   * best attempt. */
  gboolean note_best;

  Frame *frames;
  guint frames_size;
  /* The walk's moves, and their scores in the same places. */
  ArbMove *arena;
  gint16 *arena_scores;
  guint arena_size;
  /* The scores of the helpmate search's moves, ARB_MAX_MOVES a ply. */
  gint16 *scores;
  /* The root's moves and their scores, listed once for all the depths of
   * a helpmate search (root_known), which take them in another order. */
  gboolean root_known;
  ArbMoveList root_list;
  gint16 root_scores[ARB_MAX_MOVES];
};

ArbUnwinnable *
arb_unwinnable_new (void)
{
  ArbUnwinnable *self = g_new0 (ArbUnwinnable, 1);

  self->small = g_new0 (Entry, (gsize) 1 << TABLE_SMALL_BITS);
  self->large_bits = TABLE_MIN_BITS;
  self->large = g_new0 (Entry, (gsize) 1 << self->large_bits);
  self->table = self->small;
  self->table_bits = TABLE_SMALL_BITS;
  self->frames_size = 1024;
  self->frames = g_new (Frame, self->frames_size);
  self->arena_size = 1 << 16;
  self->arena = g_new (ArbMove, self->arena_size);
  self->arena_scores = g_new (gint16, self->arena_size);
  self->scores = g_new (gint16, (gsize) ARB_UNWINNABLE_LINE_MAX * ARB_MAX_MOVES);
  return self;
}

void
arb_unwinnable_free (ArbUnwinnable *self)
{
  if (self == NULL)
    return;
  g_free (self->small);
  g_free (self->large);
  g_free (self->frames);
  g_free (self->arena);
  g_free (self->arena_scores);
  g_free (self->scores);
  g_free (self);
}

/* --- the table --- */

static guint32
entry_check (const ArbPosition *pos)
{
  ArbBitboard occupied = arb_position_occupied (pos);

  return (guint32) (occupied ^ (occupied >> 32)) ^ (guint32) pos->by_color[ARB_WHITE];
}

static void
table_new_phase (ArbUnwinnable *self)
{
  self->table_used = 0;
  /* Each 255th phase starts on clean tables, so that an old entry cannot
   * pass for one of the new stamp; the large one, megabytes, only when a
   * phase since the last clean start has written to it. */
  if (++self->stamp == 0)
    {
      memset (self->small, 0, sizeof (Entry) << TABLE_SMALL_BITS);
      if (self->large_written)
        memset (self->large, 0, sizeof (Entry) << self->large_bits);
      self->large_written = FALSE;
      self->stamp = 1;
    }
  self->table = self->small;
  self->table_bits = TABLE_SMALL_BITS;
}

static Entry *
table_slot (Entry *table, guint bits, guint8 stamp, guint64 key, guint32 check, gboolean *found)
{
  gsize mask = ((gsize) 1 << bits) - 1;
  gsize i = (gsize) (key >> (64 - bits)) & mask;

  for (;;)
    {
      Entry *e = &table[i];

      if (e->stamp != stamp)
        {
          *found = FALSE;
          return e;
        }
      if (e->key == key && e->check == check)
        {
          *found = TRUE;
          return e;
        }
      i = (i + 1) & mask;
    }
}

/* Copies this phase's entries of @from (of 2^@from_bits) into the table in
 * use, where none of this phase stands yet. */
static void
table_move_entries (ArbUnwinnable *self, const Entry *from, guint from_bits)
{
  for (gsize i = 0; i < (gsize) 1 << from_bits; i++)
    if (from[i].stamp == self->stamp)
      {
        gboolean found;
        Entry *e = table_slot (self->table, self->table_bits, self->stamp, from[i].key,
                               from[i].check, &found);

        *e = from[i];
      }
}

/* Makes room for one more entry. FALSE when the table is at its largest and
 * full, which ends the search as if the budget were spent. */
static gboolean
table_reserve (ArbUnwinnable *self)
{
  Entry *old = self->table;
  gsize old_size = (gsize) 1 << self->table_bits;

  if (self->table_used + 1 < old_size / 2)
    return TRUE;
  if (old == self->small)
    {
      /* The large table holds only entries of earlier phases (other
       * stamps), which count as free. */
      self->table = self->large;
      self->table_bits = self->large_bits;
      self->large_written = TRUE;
      table_move_entries (self, old, TABLE_SMALL_BITS);
      return table_reserve (self);
    }
  if (self->table_bits >= TABLE_MAX_BITS)
    return FALSE;

  self->table_bits++;
  self->table = g_new0 (Entry, (gsize) 1 << self->table_bits);
  table_move_entries (self, old, self->table_bits - 1);
  g_free (old);
  self->large = self->table;
  self->large_bits = self->table_bits;
  return TRUE;
}

static Entry *
table_find (ArbUnwinnable *self, gboolean *found)
{
  return table_slot (self->table, self->table_bits, self->stamp, self->pos.key,
                     entry_check (&self->pos), found);
}

static void
table_fill (ArbUnwinnable *self, Entry *e, guint16 depth)
{
  e->key = self->pos.key;
  e->check = entry_check (&self->pos);
  e->depth = depth;
  e->clock = (guint8) MIN (self->pos.halfmove_clock, 255);
  e->stamp = self->stamp;
  self->table_used++;
}

/* --- shared helpers --- */

static gboolean
is_irreversible (const ArbUndo *undo, const ArbPosition *after)
{
  /* A capture or a pawn move (promotions included) resets the clock. */
  return undo->captured != ARB_NO_PIECE || after->halfmove_clock == 0;
}

/* After an irreversible move: can the static filters close this position?
 * The semi-static analysis costs as much as many moves (its work grows with
 * the men on the board), so every call is charged to the budget, which thus
 * bounds the time as well. */
#define STATIC_COST_PER_MAN 4

/* Whether the move just made (@move, irreversible) may have closed the
 * position for the static analysis: a capture or a promotion changes the
 * material, a pawn that comes to face an enemy pawn adds to the walls. A
 * pawn push that does neither seldom does, and skipping the analysis there
 * is always sound (the walk just goes on). */
static gboolean
worth_analysing (const ArbPosition *pos, ArbMove move, const ArbUndo *undo)
{
  ArbSquare to = ARB_MOVE_TO (move);
  ArbColor mover = !pos->side_to_move;
  int ahead = mover == ARB_WHITE ? 8 : -8;

  if (undo->captured != ARB_NO_PIECE || ARB_MOVE_IS_PROMOTION (move))
    return TRUE;
  if ((int) to + ahead < 0 || (int) to + ahead > 63)
    return FALSE;
  return pos->board[to + ahead] == ARB_MAKE_PIECE (!mover, ARB_PAWN);
}

static gboolean
statically_dead (ArbUnwinnable *self)
{
  guint64 cost = STATIC_COST_PER_MAN * (guint64) arb_bb_count (arb_position_occupied (&self->pos));

  if (self->nodes + cost > self->limit)
    {
      /* Not affordable: the walk goes on and stops at its next move. */
      self->nodes = self->limit;
      self->aborted = TRUE;
      return FALSE;
    }
  self->nodes += cost;
  return arb_position_cannot_mate (&self->pos, self->winner) ||
         arb_unwinnable_static_dead (&self->pos, self->winner);
}

/* The limit and the poll, rarely due, out of the loops' way. */
static G_NO_INLINE gboolean
budget_spent_slow (ArbUnwinnable *self)
{
  if (self->nodes >= self->limit)
    self->aborted = TRUE;
  else if (self->stop != NULL && self->nodes >= self->next_poll)
    {
      self->next_poll = self->nodes + STOP_POLL_NODES;
      if (self->stop (self->stop_data))
        self->aborted = self->stopped = TRUE;
    }
  return self->aborted;
}

/* Asked before every move of the searches: one comparison while the
 * budget lasts and no poll is due. */
static inline gboolean
budget_spent (ArbUnwinnable *self)
{
  if (G_LIKELY (self->nodes < self->limit && (self->stop == NULL || self->nodes < self->next_poll)))
    return self->aborted;
  return budget_spent_slow (self);
}

static void
note_attempt (ArbUnwinnable *self, guint ply, ArbMove last, guint replies)
{
  if (replies >= self->best_replies || ply + 1 > ARB_UNWINNABLE_LINE_MAX)
    return;
  memcpy (self->best, self->path, ply * sizeof (ArbMove));
  self->best[ply] = last;
  self->best_length = ply + 1;
  self->best_replies = replies;
}

/* --- the helpmate search --- */

/* Makes @move, a move of the winner that may check, and takes it back:
 * TRUE when it mates. The replies are only counted for the best attempt,
 * which only the search that decides reports. */
static inline gboolean
move_mates (ArbUnwinnable *self, guint ply, ArbMove move)
{
  ArbPosition *pos = &self->pos;
  gboolean mate = FALSE;
  ArbUndo undo;

  arb_position_make_move (pos, move, &undo);
  self->nodes++;
  if (arb_position_in_check (pos))
    {
      if (!self->note_best)
        mate = !arb_position_has_legal_move (pos);
      else
        {
          guint replies = arb_position_count_legal_moves (pos);

          if (replies == 0)
            mate = TRUE;
          else
            note_attempt (self, ply, move, replies);
        }
    }
  arb_position_unmake_move (pos, move, &undo);
  return mate;
}

/* The last ply, near the end of the budget or at a poll: every legal
 * move in turn, as the budget counts them, those in @checks (the ones
 * that may check, in the same order) made, the others counted as made. */
static G_NO_INLINE gboolean
find_mate_in_one_counted (ArbUnwinnable *self, const ArbMoveList *checks, guint ply)
{
  ArbMoveList list;
  guint next = 0;

  arb_position_legal_moves (&self->pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m = list.moves[i];

      if (budget_spent (self))
        return FALSE;
      if (next == checks->n_moves || checks->moves[next] != m)
        {
          self->nodes++;
          continue;
        }
      next++;
      if (move_mates (self, ply, m))
        {
          self->path[ply] = m;
          return TRUE;
        }
    }
  return FALSE;
}

/* The last ply: a move of the winner that mates. Every legal move counts
 * as a node, in the order of the list of legal moves, but only those that
 * may check are listed and made: a tenth of them. While the budget and
 * the next poll are further off than the moves, none of them ends the
 * search, and the nodes are added at once; a mate found counts the moves
 * before it in the whole list. */
static gboolean
find_mate_in_one (ArbUnwinnable *self, guint ply)
{
  ArbPosition *pos = &self->pos;
  guint64 start = self->nodes;
  ArbMoveList checks, list;
  guint total;

  total = _arb_position_checking_moves (pos, &checks);
  if (total == 0)
    return FALSE;
  if (self->clock_rule && pos->halfmove_clock >= ARB_UNWINNABLE_SEVENTY_FIVE_PLIES)
    return FALSE;
  if (budget_spent (self))
    return FALSE;
  if (start + total > self->limit || (self->stop != NULL && start + total > self->next_poll))
    return find_mate_in_one_counted (self, &checks, ply);
  for (guint i = 0; i < checks.n_moves; i++)
    {
      ArbMove m = checks.moves[i];

      if (!move_mates (self, ply, m))
        continue;
      arb_position_legal_moves (pos, &list);
      for (guint k = 0; k < list.n_moves; k++)
        if (list.moves[k] == m)
          {
            self->nodes = start + k + 1;
            break;
          }
      self->path[ply] = m;
      return TRUE;
    }
  self->nodes = start + total;
  return FALSE;
}

/* Whether @move, to be made at @ply with @depth left after it, leads to a
 * leaf of find_helpmate() that fails, which needs no make: a leaf with the
 * winner to move always fails, and one with the other side to move fails
 * unless that side is in check, so the winner's normal move must give
 * check to be made (@cs, worked out the first time it is needed). */
static inline gboolean
leaf_fails (ArbUnwinnable *self,
            int depth,
            guint ply,
            gboolean winner_moves,
            ArbMove move,
            ArbCheckSquares *cs,
            gboolean *cs_known)
{
  if (ply + 2 < self->max_ply && depth > (winner_moves ? 1 : 0))
    return FALSE;
  if (!winner_moves)
    return TRUE;
  if (ARB_MOVE_KIND (move) != ARB_MOVE_NORMAL)
    return FALSE;
  if (!*cs_known)
    {
      _arb_position_check_squares (&self->pos, cs);
      *cs_known = TRUE;
    }
  return !_arb_position_normal_move_checks (&self->pos, cs, move);
}

static gboolean
find_helpmate (ArbUnwinnable *self, int depth, guint ply, gboolean after_progress)
{
  ArbPosition *pos = &self->pos;
  gboolean winner_moves = pos->side_to_move == self->winner;
  ArbMoveList list;
  gint16 *scores;
  Entry *e;
  gboolean found, cs_known = FALSE;
  ArbCheckSquares cs;

  /* A leaf only asks whether the opponent of the winner is mated: most are
   * answered by the check alone, the rest by the first legal move found,
   * without the whole list. */
  if (depth <= 0 || (depth == 1 && !winner_moves) || ply + 1 >= self->max_ply)
    {
      if (winner_moves || !arb_position_in_check (pos) || arb_position_has_legal_move (pos))
        return FALSE;
      self->path_length = ply;
      return TRUE;
    }
  /* Depth 1 is the winner's (the other side's is a leaf). */
  if (depth == 1)
    {
      if (!find_mate_in_one (self, ply))
        return FALSE;
      self->path_length = ply + 1;
      return TRUE;
    }
  /* A position failed to this depth before needs no moves. Only positions
   * that had moves are stored, so none of them is a mate or a stalemate. */
  e = table_find (self, &found);
  if (found && e->depth >= depth && (!self->clock_rule || e->clock <= pos->halfmove_clock))
    return FALSE;
  scores = self->scores + (gsize) ply * ARB_MAX_MOVES;
  if (ply == 0 && self->root_known)
    {
      list.n_moves = self->root_list.n_moves;
      memcpy (list.moves, self->root_list.moves, list.n_moves * sizeof (ArbMove));
      memcpy (scores, self->root_scores, list.n_moves * sizeof (gint16));
    }
  else
    arb_position_legal_moves (pos, &list);
  if (list.n_moves == 0)
    {
      if (winner_moves || !arb_position_in_check (pos))
        return FALSE;
      self->path_length = ply;
      return TRUE;
    }
  if (self->clock_rule && pos->halfmove_clock >= ARB_UNWINNABLE_SEVENTY_FIVE_PLIES)
    return FALSE;
  if (budget_spent (self))
    return FALSE;

  /* The moves in the order of arb_unwinnable_order_moves(), the first
   * few picked one at a time: most lists end after a few. */
  if (ply > 0 || !self->root_known)
    arb_unwinnable_score_moves (pos, &list, self->winner, scores);
  if (ply == 0 && !self->root_known)
    {
      self->root_list.n_moves = list.n_moves;
      memcpy (self->root_list.moves, list.moves, list.n_moves * sizeof (ArbMove));
      memcpy (self->root_scores, scores, list.n_moves * sizeof (gint16));
      self->root_known = TRUE;
    }
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m;
      int base, cost;
      ArbUndo undo;
      gboolean hit;

      if (i < ARB_UNWINNABLE_PICKS)
        arb_unwinnable_pick_move (list.moves, scores, i, list.n_moves);
      else if (i == ARB_UNWINNABLE_PICKS)
        arb_unwinnable_sort_scored (list.moves + i, scores + i, list.n_moves - i);
      m = list.moves[i];
      base = arb_unwinnable_move_cost (pos, m, self->winner, &self->target);
      cost = base == ARB_UNWINNABLE_COST_NORMAL && after_progress ? 0 : base;

      if (cost > depth)
        continue;
      if (budget_spent (self))
        return FALSE;
      if (leaf_fails (self, depth - cost, ply, winner_moves, m, &cs, &cs_known))
        {
          /* Counted as made, as in find_mate_in_one(). */
          self->nodes++;
          continue;
        }
      arb_position_make_move (pos, m, &undo);
      self->nodes++;
      self->path[ply] = m;
      if (is_irreversible (&undo, pos) && arb_position_cannot_mate (pos, self->winner))
        hit = FALSE;
      else
        hit = find_helpmate (self, depth - cost, ply + 1, base == ARB_UNWINNABLE_COST_PROGRESS);
      arb_position_unmake_move (pos, m, &undo);
      if (hit)
        return TRUE;
    }

  if (self->aborted)
    return FALSE;
  if (!table_reserve (self))
    {
      self->aborted = TRUE;
      return FALSE;
    }
  e = table_find (self, &found);
  if (!found)
    table_fill (self, e, (guint16) depth);
  else
    {
      e->depth = (guint16) depth;
      e->clock = (guint8) MIN (pos->halfmove_clock, 255);
    }
  return FALSE;
}

/* --- the exhaustive walk --- */

typedef enum
{
  WALK_EXHAUSTED,
  WALK_MATE,
  WALK_ABORTED,
} WalkResult;

/* Pushes the moves of the current position as level @d, with their
 * scores: walk_next_move() takes them in order. */
static void
walk_push_moves (ArbUnwinnable *self, int d, const ArbMoveList *list)
{
  Frame *f = &self->frames[d];
  guint first = d == 0 ? 0 : self->frames[d - 1].first + self->frames[d - 1].count;

  if (first + list->n_moves > self->arena_size)
    {
      while (first + list->n_moves > self->arena_size)
        self->arena_size *= 2;
      self->arena = g_renew (ArbMove, self->arena, self->arena_size);
      self->arena_scores = g_renew (gint16, self->arena_scores, self->arena_size);
    }
  memcpy (self->arena + first, list->moves, list->n_moves * sizeof (ArbMove));
  arb_unwinnable_score_moves (&self->pos, list, self->winner, self->arena_scores + first);
  f->first = first;
  f->count = list->n_moves;
  f->next = 0;
  f->key = self->pos.key;
}

/* The next move of level @f in the order of arb_unwinnable_order_moves():
 * the walk goes deeper after the first move of most levels, so the first
 * few are picked one at a time and only the rest of a level sorted. */
static ArbMove
walk_next_move (ArbUnwinnable *self, Frame *f)
{
  ArbMove *moves = self->arena + f->first;
  gint16 *scores = self->arena_scores + f->first;

  if (f->next < ARB_UNWINNABLE_PICKS)
    arb_unwinnable_pick_move (moves, scores, f->next, f->count);
  else if (f->next == ARB_UNWINNABLE_PICKS)
    arb_unwinnable_sort_scored (moves + f->next, scores + f->next, f->count - f->next);
  return moves[f->next++];
}

/* Enters every position reachable from the root once (once per smaller
 * half-move clock under the 75-move rule: a position met again with a
 * higher clock has no series the first visit did not have). Positions the
 * static filters prove dead after a capture, a promotion or a pawn move that
 * blocks a pawn are closed (arb-unwinnable-static.c). If
 * the walk ends without meeting a mate, there is none. */
static WalkResult
walk (ArbUnwinnable *self, const ArbPosition *root)
{
  ArbPosition *pos = &self->pos;
  Frame *frames = self->frames;
  ArbMoveList list;
  int d = 0;
  Entry *e;
  gboolean found;

  *pos = *root;
  table_new_phase (self);
  table_reserve (self);
  e = table_find (self, &found);
  table_fill (self, e, 0);

  arb_position_legal_moves (pos, &list);
  walk_push_moves (self, 0, &list);

  for (;;)
    {
      Frame *f = &frames[d];
      ArbMove m;

      if (f->next >= f->count)
        {
          if (d == 0)
            return WALK_EXHAUSTED;
          d--;
          arb_position_unmake_move (pos, frames[d].move, &frames[d].undo);
          continue;
        }
      if (budget_spent (self))
        return WALK_ABORTED;

      m = walk_next_move (self, f);
      arb_position_make_move (pos, m, &f->undo);
      self->nodes++;
      f->move = m;

      if (self->clock_rule && pos->halfmove_clock >= ARB_UNWINNABLE_SEVENTY_FIVE_PLIES)
        {
          /* Only a mate on this very move still counts (9.6.2). */
          if (pos->side_to_move != self->winner && arb_position_is_checkmate (pos))
            break;
          arb_position_unmake_move (pos, m, &f->undo);
          continue;
        }

      e = table_find (self, &found);
      if (found && (!self->clock_rule || e->clock <= pos->halfmove_clock))
        {
          arb_position_unmake_move (pos, m, &f->undo);
          continue;
        }
      if (found)
        e->clock = (guint8) pos->halfmove_clock;
      else
        {
          if (!table_reserve (self))
            return WALK_ABORTED;
          e = table_find (self, &found);
          table_fill (self, e, 0);
        }

      arb_position_legal_moves (pos, &list);
      if (list.n_moves == 0)
        {
          if (pos->side_to_move != self->winner && arb_position_in_check (pos))
            break;
          arb_position_unmake_move (pos, m, &f->undo);
          continue;
        }
      if (is_irreversible (&f->undo, pos) && worth_analysing (pos, m, &f->undo) &&
          statically_dead (self))
        {
          arb_position_unmake_move (pos, m, &f->undo);
          continue;
        }
      if ((guint) d + 1 >= self->frames_size)
        {
          if (self->frames_size >= WALK_MAX_DEPTH)
            return WALK_ABORTED;
          self->frames_size *= 2;
          self->frames = g_renew (Frame, self->frames, self->frames_size);
          frames = self->frames;
          f = &frames[d];
        }

      d++;
      walk_push_moves (self, d, &list);
    }

  /* A mate after the move at level d: shorten the line and keep it. */
  {
    guint length = (guint) d + 1;
    g_autofree ArbMove *line = g_new (ArbMove, length);
    g_autofree guint64 *keys = g_new (guint64, length + 1);

    for (guint i = 0; i < length; i++)
      {
        line[i] = frames[i].move;
        keys[i] = frames[i].key;
      }
    keys[length] = pos->key;
    length = _arb_unwinnable_shorten_walk_line (root, line, keys, length);
    self->path_length = MIN (length, ARB_UNWINNABLE_LINE_MAX);
    self->line_complete = length <= ARB_UNWINNABLE_LINE_MAX;
    memcpy (self->path, line, self->path_length * sizeof (ArbMove));
  }
  return WALK_MATE;
}

/* --- the decision --- */

static void
set_line (ArbUnwinnableResult *result, const ArbMove *line, guint length)
{
  result->line_length = length;
  memcpy (result->line, line, length * sizeof (ArbMove));
}

/* Iterative deepening up to @limit nodes in all; TRUE with the line in
 * path when a helpmate is found. */
static gboolean
helpmate (ArbUnwinnable *self, const ArbPosition *root, guint64 limit, gboolean wide)
{
  self->pos = *root;
  if (wide)
    arb_unwinnable_widen_target (&self->target);
  else
    self->target.wide = FALSE;
  self->aborted = FALSE;
  self->limit = MAX (limit, self->nodes);
  self->line_complete = TRUE;
  self->root_known = FALSE;
  table_new_phase (self);
  for (int depth = 1; depth < ARB_UNWINNABLE_LINE_MAX && !self->aborted; depth++)
    {
      self->max_ply = ARB_UNWINNABLE_LINE_MAX;
      if (find_helpmate (self, depth, 0, FALSE))
        return TRUE;
    }
  return FALSE;
}

/* The exhaustive walk up to @limit nodes in all: TRUE when it decides
 * (@result says cannot-mate, or the line is in path for can-mate). */
static gboolean
walk_phase (ArbUnwinnable *self,
            const ArbPosition *root,
            guint64 limit,
            ArbUnwinnableResult *result)
{
  self->aborted = FALSE;
  self->limit = MAX (limit, self->nodes);
  switch (walk (self, root))
    {
    case WALK_MATE:
      return TRUE;
    case WALK_EXHAUSTED:
      result->verdict = ARB_UNWINNABLE_CANNOT_MATE;
      result->proof = ARB_UNWINNABLE_BY_SEARCH;
      return TRUE;
    case WALK_ABORTED:
    default:
      return FALSE;
    }
}

void
arb_unwinnable_decide (ArbUnwinnable *self,
                       const ArbPosition *pos,
                       ArbColor winner,
                       const ArbUnwinnableOptions *options,
                       ArbUnwinnableResult *result)
{
  guint64 budget, first;
  gboolean in_check;
  gboolean has_move;

  g_return_if_fail (self != NULL);
  g_return_if_fail (pos != NULL);
  g_return_if_fail (winner == ARB_WHITE || winner == ARB_BLACK);
  g_return_if_fail (result != NULL);

  budget = options != NULL && options->node_budget > 0 ? options->node_budget
                                                       : ARB_UNWINNABLE_DEFAULT_BUDGET;
  result->verdict = ARB_UNWINNABLE_UNDETERMINED;
  result->proof = ARB_UNWINNABLE_BY_NONE;
  result->line_length = 0;
  result->line_complete = TRUE;
  result->nodes = 0;

  self->pos = *pos;
  self->winner = winner;
  self->clock_rule = options != NULL && options->seventy_five_moves;
  self->stop = options != NULL ? options->stop : NULL;
  self->stop_data = options != NULL ? options->stop_data : NULL;
  self->next_poll = 0;
  self->stopped = FALSE;
  self->nodes = 0;
  self->aborted = FALSE;
  self->path_length = 0;
  self->line_complete = TRUE;
  self->best_length = 0;
  self->best_replies = G_MAXUINT;
  self->note_best = TRUE;

  /* A final position answers for itself. */
  in_check = arb_position_in_check (pos);
  has_move = arb_position_has_legal_move (pos);
  if (!has_move)
    {
      result->verdict = in_check && pos->side_to_move != winner ? ARB_UNWINNABLE_CAN_MATE
                                                                : ARB_UNWINNABLE_CANNOT_MATE;
      result->proof = ARB_UNWINNABLE_BY_POSITION;
      return;
    }
  if (self->clock_rule && pos->halfmove_clock >= ARB_UNWINNABLE_SEVENTY_FIVE_PLIES)
    {
      result->verdict = ARB_UNWINNABLE_CANNOT_MATE;
      result->proof = ARB_UNWINNABLE_BY_SEVENTY_FIVE_MOVES;
      return;
    }
  if (arb_position_cannot_mate (pos, winner))
    {
      result->verdict = ARB_UNWINNABLE_CANNOT_MATE;
      result->proof = ARB_UNWINNABLE_BY_MATERIAL;
      return;
    }
  if (arb_unwinnable_static_dead (pos, winner))
    {
      result->verdict = ARB_UNWINNABLE_CANNOT_MATE;
      result->proof = ARB_UNWINNABLE_BY_PAWN_WALL;
      return;
    }

  /* Two rounds, the first with a small budget so that what is quickly
   * settled costs little, the second with the rest. In each: the helpmate
   * search, deeper and deeper, within its share; then the walk; then, if
   * the walk could not finish, the wider helpmate search. */
  arb_unwinnable_choose_target (pos, winner, &self->target);
  first = budget > 4 * ARB_UNWINNABLE_QUICK_BUDGET ? ARB_UNWINNABLE_QUICK_BUDGET : budget;
  for (guint64 start = 0, end = first; start < budget && !self->stopped; start = end, end = budget)
    {
      guint64 share = (end - start) / FINDER_SHARE;

      if (helpmate (self, pos, start + share, FALSE) ||
          (!self->stopped && walk_phase (self, pos, end - share, result)) ||
          (!self->stopped && helpmate (self, pos, end, TRUE)))
        {
          if (result->verdict == ARB_UNWINNABLE_UNDETERMINED)
            {
              result->verdict = ARB_UNWINNABLE_CAN_MATE;
              result->proof = ARB_UNWINNABLE_BY_SEARCH;
              result->line_complete = self->line_complete;
              set_line (result, self->path, self->path_length);
            }
          result->nodes = self->nodes;
          return;
        }
    }
  set_line (result, self->best, self->best_length);
  result->nodes = self->nodes;
}

/* The helpmate search alone, towards the target chosen for @winner or,
 * with @at_king, towards the square the king to be mated stands on. */
static gboolean
find_helpmate_towards (ArbUnwinnable *self,
                       const ArbPosition *pos,
                       ArbColor winner,
                       guint64 node_budget,
                       gboolean at_king,
                       ArbUnwinnableResult *result)
{
  result->verdict = ARB_UNWINNABLE_UNDETERMINED;
  result->proof = ARB_UNWINNABLE_BY_NONE;
  result->line_length = 0;
  result->line_complete = TRUE;
  self->winner = winner;
  self->clock_rule = FALSE;
  self->stop = NULL;
  self->stopped = FALSE;
  self->nodes = 0;
  self->path_length = 0;
  self->best_length = 0;
  self->best_replies = G_MAXUINT;
  self->note_best = FALSE;
  arb_unwinnable_choose_target (pos, winner, &self->target);
  if (at_king)
    {
      /* Both kings' goals on the king to be mated: its men still come next
       * to it, the mating side's men and king approach it. */
      ArbSquare king = arb_position_king_square (pos, !winner);

      self->target.corner = self->target.blocker = self->target.mating_king = king;
    }
  if (arb_position_has_legal_move (pos) && helpmate (self, pos, node_budget, FALSE))
    {
      result->verdict = ARB_UNWINNABLE_CAN_MATE;
      result->proof = ARB_UNWINNABLE_BY_SEARCH;
      result->line_complete = self->line_complete;
      set_line (result, self->path, self->path_length);
    }
  result->nodes = self->nodes;
  return result->verdict == ARB_UNWINNABLE_CAN_MATE;
}

gboolean
arb_unwinnable_find_helpmate (ArbUnwinnable *self,
                              const ArbPosition *pos,
                              ArbColor winner,
                              guint64 node_budget,
                              ArbUnwinnableResult *result)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (winner == ARB_WHITE || winner == ARB_BLACK, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  return find_helpmate_towards (self, pos, winner, node_budget, FALSE, result);
}

gboolean
arb_unwinnable_find_helpmate_at_king (ArbUnwinnable *self,
                                      const ArbPosition *pos,
                                      ArbColor winner,
                                      guint64 node_budget,
                                      ArbUnwinnableResult *result)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (winner == ARB_WHITE || winner == ARB_BLACK, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  return find_helpmate_towards (self, pos, winner, node_budget, TRUE, result);
}

void
arb_position_decide_mate (const ArbPosition *pos,
                          ArbColor winner,
                          const ArbUnwinnableOptions *options,
                          ArbUnwinnableResult *result)
{
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();

  arb_unwinnable_decide (search, pos, winner, options, result);
}
