/* arb-dead-memo.c: the dead-position search of a game, ply after ply
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-dead-memo.h"

#include <string.h>

#include "arb-unwinnable.h"

/* 2^18 answers of 96 bytes, 24 MiB (zeroed pages the system gives as they
 * are touched): the positions of some thousand games. */
#define TABLE_BITS 18

/* What the search's answer depends on: without the 75-move rule it never
 * looks at the clocks. */
typedef struct
{
  ArbBitboard by_color[2];
  ArbBitboard by_type[7];
  ArbBitboard castling_rooks;
  guint64 key;
  guint8 side_to_move;
  guint8 ep_square;
  guint8 chess960;
  guint8 used;
  guint8 dead;
} Answer;

/* A helpmate for one side, proven from the position in at. */
typedef struct
{
  guint length;
  ArbMove moves[ARB_UNWINNABLE_LINE_MAX];
} Line;

struct _ArbDeadMemo
{
  ArbUnwinnable *search;
  ArbUnwinnableResult result;
  guint64 budget;
  Answer *table;
  /* The key of each answer, apart: a bucket's keys are one cache line, so
   * that a look-up reads the answers only where a key matches. */
  guint64 *keys;
  guint evict;
  /* The position the lines start from (valid only with have_at). */
  ArbPosition at;
  gboolean have_at;
  Line lines[2];
  ArbDeadMemoStats stats;
};

ArbDeadMemo *
arb_dead_memo_new (void)
{
  ArbDeadMemo *memo = g_new0 (ArbDeadMemo, 1);

  memo->search = arb_unwinnable_new ();
  memo->table = g_new0 (Answer, (gsize) 1 << TABLE_BITS);
  memo->keys = g_new0 (guint64, (gsize) 1 << TABLE_BITS);
  return memo;
}

void
arb_dead_memo_free (ArbDeadMemo *memo)
{
  if (memo == NULL)
    return;
  arb_unwinnable_free (memo->search);
  g_free (memo->table);
  g_free (memo->keys);
  g_free (memo);
}

void
arb_dead_memo_get_stats (const ArbDeadMemo *memo, ArbDeadMemoStats *stats)
{
  *stats = memo->stats;
}

static gboolean
same_position (const ArbPosition *a, const ArbPosition *b)
{
  return a->key == b->key && a->side_to_move == b->side_to_move && a->ep_square == b->ep_square &&
         a->castling_rooks == b->castling_rooks && a->chess960 == b->chess960 &&
         memcmp (a->by_color, b->by_color, sizeof a->by_color) == 0 &&
         memcmp (a->by_type, b->by_type, sizeof a->by_type) == 0;
}

/* --- the table --- */

/* The table is made of buckets of WAYS answers; a position is looked for
 * in its bucket, and a new answer takes a free place there or else the
 * places in turn. */
#define WAYS 8

static gboolean answer_matches (const Answer *a, const ArbPosition *pos);

/* The answer for @pos when there is one (TRUE), else the place for it. */
static gboolean
table_find (ArbDeadMemo *memo, const ArbPosition *pos, Answer **slot)
{
  gsize first = (pos->key >> (64 - TABLE_BITS)) & ~(gsize) (WAYS - 1);
  const guint64 *keys = &memo->keys[first];
  Answer *bucket = &memo->table[first];

  for (guint i = 0; i < WAYS; i++)
    if (keys[i] == pos->key && answer_matches (&bucket[i], pos))
      {
        *slot = &bucket[i];
        return TRUE;
      }
  for (guint i = 0; i < WAYS; i++)
    if (keys[i] == 0 && !bucket[i].used)
      {
        *slot = &bucket[i];
        return FALSE;
      }
  *slot = &bucket[memo->evict++ % WAYS];
  return FALSE;
}

static gboolean
answer_matches (const Answer *a, const ArbPosition *pos)
{
  return a->used && a->key == pos->key && a->side_to_move == (guint8) pos->side_to_move &&
         a->ep_square == (guint8) pos->ep_square && a->castling_rooks == pos->castling_rooks &&
         a->chess960 == (guint8) pos->chess960 &&
         memcmp (a->by_color, pos->by_color, sizeof a->by_color) == 0 &&
         memcmp (a->by_type, pos->by_type, sizeof a->by_type) == 0;
}

static void
answer_store (ArbDeadMemo *memo, Answer *a, const ArbPosition *pos, gboolean dead)
{
  memo->keys[a - memo->table] = pos->key;
  memcpy (a->by_color, pos->by_color, sizeof a->by_color);
  memcpy (a->by_type, pos->by_type, sizeof a->by_type);
  a->castling_rooks = pos->castling_rooks;
  a->key = pos->key;
  a->side_to_move = (guint8) pos->side_to_move;
  a->ep_square = (guint8) pos->ep_square;
  a->chess960 = (guint8) pos->chess960;
  a->used = TRUE;
  a->dead = (guint8) dead;
}

/* --- the lines --- */

/* Plays @moves out from @pos, each checked for legality; TRUE when the last
 * one mates the opponent of @winner. */
static gboolean
line_mates (const ArbPosition *pos, ArbColor winner, const ArbMove *moves, guint length)
{
  ArbPosition p = *pos;

  for (guint i = 0; i < length; i++)
    {
      ArbUndo undo;

      if (!arb_position_is_legal (&p, moves[i]))
        return FALSE;
      arb_position_make_move (&p, moves[i], &undo);
    }
  return p.side_to_move != winner && arb_position_is_checkmate (&p);
}

/* The rest of a line is played out again only when it is short. */
#define REPLAY_MAX 64

/* When the game's move from @at to @pos moved a piece (no pawn, no capture,
 * no castling), the player to move in @pos can make a move that both
 * players then take back, so that @at stands again: finds such a move and
 * puts the three in @back. */
static gboolean
find_return (const ArbPosition *at, const ArbPosition *pos, ArbMove back[3])
{
  ArbColor us = at->side_to_move, them = pos->side_to_move;
  ArbBitboard moved = at->by_color[us] ^ pos->by_color[us];
  ArbSquare from, to;
  ArbMoveList list;

  if (them == us || at->by_color[them] != pos->by_color[them] ||
      at->by_type[ARB_PAWN] != pos->by_type[ARB_PAWN] || __builtin_popcountll (moved) != 2)
    return FALSE;
  from = (ArbSquare) __builtin_ctzll (moved & at->by_color[us]);
  to = (ArbSquare) __builtin_ctzll (moved & pos->by_color[us]);
  back[1] = ARB_MOVE_MAKE (to, from, ARB_MOVE_NORMAL);
  arb_position_legal_moves (pos, &list);
  for (guint i = 0, tries = 0; i < list.n_moves && tries < 8; i++)
    {
      ArbMove t = list.moves[i];
      ArbPosition p = *pos;
      ArbUndo undo;

      if (ARB_MOVE_KIND (t) != ARB_MOVE_NORMAL || pos->board[ARB_MOVE_TO (t)] != ARB_NO_PIECE ||
          (pos->by_type[ARB_PAWN] & ((ArbBitboard) 1 << ARB_MOVE_FROM (t))) != 0)
        continue;
      tries++;
      arb_position_make_move (&p, t, &undo);
      if (!arb_position_is_legal (&p, back[1]))
        continue;
      arb_position_make_move (&p, back[1], &undo);
      back[2] = ARB_MOVE_MAKE (ARB_MOVE_TO (t), ARB_MOVE_FROM (t), ARB_MOVE_NORMAL);
      if (!arb_position_is_legal (&p, back[2]))
        continue;
      arb_position_make_move (&p, back[2], &undo);
      if (same_position (&p, at))
        {
          back[0] = t;
          return TRUE;
        }
    }
  return FALSE;
}

/* Carries the line of @winner from memo->at over to @pos, the next
 * position of the game: when the game's move was the line's first, the
 * rest is proven already; when it moved another piece, a move taken back
 * by both players returns to memo->at, where the line is proven; otherwise
 * the rest, when short, is played out from @pos to see whether it still
 * mates. Drops the line when none of these holds. */
static gboolean
carry_line (ArbDeadMemo *memo, const ArbPosition *pos, ArbColor winner)
{
  Line *line = &memo->lines[winner];
  ArbPosition next;
  ArbUndo undo;
  ArbMove back[3];

  if (line->length == 0)
    return FALSE;
  if (same_position (&memo->at, pos))
    return TRUE;
  next = memo->at;
  arb_position_make_move (&next, line->moves[0], &undo);
  if (same_position (&next, pos) ||
      (line->length <= REPLAY_MAX && line_mates (pos, winner, line->moves + 1, line->length - 1)))
    {
      line->length--;
      memmove (line->moves, line->moves + 1, line->length * sizeof (ArbMove));
      /* An empty line is a mate on the board, which the game has seen. */
      return line->length > 0;
    }
  if (line->length + 3 <= ARB_UNWINNABLE_LINE_MAX && find_return (&memo->at, pos, back))
    {
      memmove (line->moves + 3, line->moves, line->length * sizeof (ArbMove));
      memcpy (line->moves, back, sizeof back);
      line->length += 3;
      return TRUE;
    }
  line->length = 0;
  return FALSE;
}

/* The search as the game status asks it: White first, Black only when
 * White cannot mate; a complete helpmate line found is kept. */
static gboolean
search (ArbDeadMemo *memo, const ArbPosition *pos)
{
  ArbUnwinnableOptions options = { memo->budget, FALSE };
  ArbUnwinnableResult *result = &memo->result;

  memo->stats.searches++;
  for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
    {
      arb_unwinnable_decide (memo->search, pos, winner, &options, result);
      if (result->verdict == ARB_UNWINNABLE_CAN_MATE && result->line_complete &&
          result->line_length > 0)
        {
          memo->lines[winner].length = result->line_length;
          memcpy (memo->lines[winner].moves, result->line, result->line_length * sizeof (ArbMove));
        }
      if (result->verdict != ARB_UNWINNABLE_CANNOT_MATE)
        return FALSE;
    }
  return TRUE;
}

void
arb_dead_memo_prefetch (const ArbDeadMemo *memo, const ArbPosition *pos, gboolean keys_read)
{
  gsize first = (pos->key >> (64 - TABLE_BITS)) & ~(gsize) (WAYS - 1);

  if (!keys_read)
    {
      __builtin_prefetch (&memo->keys[first]);
      return;
    }
  for (guint i = 0; i < WAYS; i++)
    if (memo->keys[first + i] == pos->key)
      {
        const char *a = (const char *) &memo->table[first + i];

        __builtin_prefetch (a);
        __builtin_prefetch (a + sizeof (Answer) - 1);
        return;
      }
}

gboolean
arb_dead_memo_is_dead (ArbDeadMemo *memo, const ArbPosition *pos, guint64 node_budget)
{
  gboolean by_line, found, dead;
  Answer *answer;

  g_return_val_if_fail (memo != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (node_budget > 0, FALSE);

  if (node_budget != memo->budget)
    {
      memset (memo->table, 0, sizeof (Answer) << TABLE_BITS);
      memset (memo->keys, 0, sizeof (guint64) << TABLE_BITS);
      memo->budget = node_budget;
    }
  memo->stats.queries++;

  /* Both lines are carried, so that one may take over when the other
   * breaks. */
  by_line = FALSE;
  if (memo->have_at)
    {
      by_line = carry_line (memo, pos, ARB_WHITE);
      by_line = carry_line (memo, pos, ARB_BLACK) || by_line;
    }
  else
    memo->lines[ARB_WHITE].length = memo->lines[ARB_BLACK].length = 0;
  memo->at = *pos;
  memo->have_at = TRUE;
  found = table_find (memo, pos, &answer);
  if (by_line)
    {
      /* Kept for a later game that reaches it without the line. */
      memo->stats.by_line++;
      if (!found)
        answer_store (memo, answer, pos, FALSE);
      return FALSE;
    }
  if (found)
    {
      memo->stats.by_table++;
      return answer->dead;
    }
  dead = search (memo, pos);
  answer_store (memo, answer, pos, dead);
  return dead;
}
