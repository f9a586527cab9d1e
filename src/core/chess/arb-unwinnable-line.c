/* arb-unwinnable-line.c: the helpmate lines the arbiter reads
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A line found by the exhaustive walk cut short, a shorter mate looked
 * for, a line written in SAN, and the names of verdicts and proofs.
 */

#include "arb-unwinnable.h"

#include "arb-chess-enums.h"
#include "arb-enum-nick.h"

#include <string.h>

#include "arb-san.h"
#include "arb-unwinnable-private.h"
#include "arb-unwinnable-steer.h"

/* --- the walk's line cut short --- */

/* Where each position of a line stands last, among the positions with
 * White to move and among those with Black to move (-1: nowhere). */
typedef struct
{
  guint64 key;
  gint32 last[2];
} LineIndexSlot;

typedef struct
{
  LineIndexSlot *slots;
  gsize mask;
} LineIndex;

static LineIndexSlot *
line_index_slot (const LineIndex *index, guint64 key)
{
  gsize i = (gsize) (key ^ (key >> 29)) & index->mask;

  while (index->slots[i].last[0] != -1 || index->slots[i].last[1] != -1)
    {
      if (index->slots[i].key == key)
        break;
      i = (i + 1) & index->mask;
    }
  return &index->slots[i];
}

/* Indexes @keys[0..@n): position j has the side to move of position j % 2. */
static void
line_index_init (LineIndex *index, const guint64 *keys, guint n)
{
  gsize size = 16;

  while (size < 2 * (gsize) n)
    size *= 2;
  index->mask = size - 1;
  index->slots = g_new (LineIndexSlot, size);
  for (gsize i = 0; i < size; i++)
    index->slots[i].last[0] = index->slots[i].last[1] = -1;
  for (guint j = 0; j < n; j++)
    {
      LineIndexSlot *slot = line_index_slot (index, keys[j]);

      slot->key = keys[j];
      slot->last[j % 2] = (gint32) j;
    }
}

/* A depth-first walk finds long detours; cut every stretch of the line that
 * a single legal move can jump over, so that the arbiter reads a short one.
 * @keys holds the position before each move and the final one. From the
 * position before move i, a move leads to some later position j of the
 * line (one of those with the other side to move, j = i + 1 modulo 2); the
 * furthest such j is taken, the first move reaching it if several do. The
 * index finds it for each move at once, where trying every later position
 * cost the square of the line's length. */
guint
_arb_unwinnable_shorten_walk_line (const ArbPosition *root,
                                   ArbMove *line,
                                   guint64 *keys,
                                   guint length)
{
  ArbPosition pos = *root;
  LineIndex index;
  guint out = 0;
  guint i = 0;

  line_index_init (&index, keys, length + 1);
  while (i < length)
    {
      ArbMoveList list;
      guint jump = i;
      ArbMove jump_move = line[i];
      ArbUndo undo;

      arb_position_legal_moves (&pos, &list);
      for (guint k = 0; k < list.n_moves; k++)
        {
          ArbPosition next = pos;
          const LineIndexSlot *slot;
          gint32 j;

          arb_position_make_move (&next, list.moves[k], &undo);
          slot = line_index_slot (&index, next.key);
          j = slot->key == next.key ? slot->last[(i + 1) % 2] : -1;
          if (j > (gint32) jump + 1)
            {
              jump = (guint) j - 1;
              jump_move = list.moves[k];
            }
        }
      line[out++] = jump_move;
      arb_position_make_move (&pos, jump_move, &undo);
      i = jump + 1;
    }
  g_free (index.slots);
  return out;
}

/* --- a shorter line to show --- */

typedef struct
{
  ArbColor winner;
  gboolean clock_rule;
  guint64 nodes;
  guint64 limit;
  ArbMove line[ARB_UNWINNABLE_LINE_MAX];
} Shortest;

/* Every series of @depth plies from @pos; the last is the winner's. */
static gboolean
mate_within (Shortest *s, const ArbPosition *pos, guint ply, guint depth)
{
  ArbMoveList list;

  arb_position_legal_moves (pos, &list);
  arb_unwinnable_order_moves (pos, &list, s->winner);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbPosition next = *pos;
      ArbUndo undo;

      if (s->nodes >= s->limit)
        return FALSE;
      arb_position_make_move (&next, list.moves[i], &undo);
      s->nodes++;
      if (depth == 1
            ? arb_position_is_checkmate (&next)
            : !(s->clock_rule && next.halfmove_clock >= ARB_UNWINNABLE_SEVENTY_FIVE_PLIES) &&
                mate_within (s, &next, ply + 1, depth - 1))
        {
          s->line[ply] = list.moves[i];
          return TRUE;
        }
    }
  return FALSE;
}

void
arb_unwinnable_shorten_line (const ArbPosition *pos,
                             ArbColor winner,
                             gboolean seventy_five_moves,
                             guint64 node_budget,
                             ArbUnwinnableResult *result)
{
  g_autofree Shortest *s = NULL;

  g_return_if_fail (pos != NULL);
  g_return_if_fail (result != NULL);

  if (result->verdict != ARB_UNWINNABLE_CAN_MATE || result->line_length < 3)
    return;
  s = g_new0 (Shortest, 1);
  s->winner = winner;
  s->clock_rule = seventy_five_moves;
  s->limit = node_budget;
  /* The mate is the winner's move: an odd number of plies when the winner
   * is to move, an even one otherwise. */
  for (guint depth = pos->side_to_move == winner ? 1 : 2;
       depth + 2 <= result->line_length && s->nodes < s->limit; depth += 2)
    if (mate_within (s, pos, 0, depth))
      {
        result->line_length = depth;
        memcpy (result->line, s->line, depth * sizeof (ArbMove));
        result->line_complete = TRUE;
        return;
      }
}

const char *
arb_unwinnable_verdict_to_string (ArbUnwinnableVerdict verdict)
{
  const char *nick = arb_enum_nick (ARB_TYPE_UNWINNABLE_VERDICT, verdict);

  return nick != NULL ? nick : "undetermined";
}

const char *
arb_unwinnable_proof_to_string (ArbUnwinnableProof proof)
{
  return arb_enum_nick (ARB_TYPE_UNWINNABLE_PROOF, proof);
}

char *
arb_unwinnable_line_to_san (const ArbPosition *pos, const ArbMove *line, guint length)
{
  GString *out = g_string_new (NULL);
  ArbPosition p;

  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (line != NULL || length == 0, NULL);

  p = *pos;
  for (guint i = 0; i < length; i++)
    {
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      if (!arb_position_is_legal (&p, line[i]))
        break;
      if (i > 0)
        g_string_append_c (out, ' ');
      if (p.side_to_move == ARB_WHITE)
        g_string_append_printf (out, "%u.", p.fullmove_number);
      else if (i == 0)
        g_string_append_printf (out, "%u...", p.fullmove_number);
      arb_san_write (&p, line[i], san);
      g_string_append (out, san);
      arb_position_make_move (&p, line[i], &undo);
    }
  return g_string_free (out, FALSE);
}
