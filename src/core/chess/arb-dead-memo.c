/* arb-dead-memo.c: the dead-position search of a game, ply after ply
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-dead-memo.h"

#include <string.h>

#include "arb-dead-table.h"
#include "arb-unwinnable.h"

/* How many lines are kept for each side. */
#define POOL 4

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
  ArbDeadTable *table;
  /* The position the lines start from (valid only with have_at). */
  ArbPosition at;
  gboolean have_at;
  Line lines[2][POOL];
  guint next_line[2];
  /* FALSE when every line is empty: a game the table answers ply after ply
   * soon has none, and then nothing is carried. */
  gboolean any_line;
  /* The lines that broke at this position, their first move dropped;
   * any_broken FALSE when there are none. */
  Line broken[2][POOL];
  gboolean any_broken;
  /* The first move of each, which the game did not play. */
  ArbMove broken_first[2][POOL];
  ArbUnwinnableResult trial;
  ArbMove scratch[ARB_UNWINNABLE_LINE_MAX];
  ArbDeadMemoStats stats;
};

ArbDeadMemo *
arb_dead_memo_new (void)
{
  ArbDeadMemo *memo = g_new0 (ArbDeadMemo, 1);

  memo->search = arb_unwinnable_new ();
  memo->table = arb_dead_table_new ();
  return memo;
}

void
arb_dead_memo_free (ArbDeadMemo *memo)
{
  if (memo == NULL)
    return;
  arb_unwinnable_free (memo->search);
  arb_dead_table_free (memo->table);
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

/* Plays @moves out from @pos as far as they go: a move that is no longer
 * legal is dropped with the next one (the other player's), so that the
 * players still alternate. TRUE when what was played ends in a mate of the
 * opponent of @winner; the moves played are then in @out. */
static gboolean
line_repairs (const ArbPosition *pos,
              ArbColor winner,
              const ArbMove *moves,
              guint length,
              ArbMove *out,
              guint *out_length)
{
  ArbPosition p = *pos;
  guint n = 0;

  for (guint i = 0; i < length;)
    {
      ArbUndo undo;

      if (!arb_position_is_legal (&p, moves[i]))
        {
          i += 2;
          continue;
        }
      arb_position_make_move (&p, moves[i], &undo);
      out[n++] = moves[i++];
      if (p.side_to_move != winner && arb_position_is_checkmate (&p))
        {
          *out_length = n;
          return n > 0;
        }
    }
  return FALSE;
}

/* Carries @line of @winner from memo->at over to @pos, the next position
 * of the game: when the game's move was the line's first, the rest is
 * proven already; when it moved another piece, a move taken back by both
 * players returns to memo->at, where the line is proven (@back, @have_back);
 * otherwise the rest is played out from @pos to see whether it still mates,
 * as it is or with the moves it lost dropped. Empties the line when none of
 * these holds. */
static gboolean
carry_line (ArbDeadMemo *memo,
            Line *line,
            const ArbPosition *pos,
            gboolean played,
            ArbColor winner,
            const ArbMove back[3],
            gboolean have_back)
{
  guint length;

  if (line->length == 0)
    return FALSE;
  if (played || line_mates (pos, winner, line->moves + 1, line->length - 1))
    {
      line->length--;
      memmove (line->moves, line->moves + 1, line->length * sizeof (ArbMove));
      /* An empty line is a mate on the board, which the game has seen. */
      return line->length > 0;
    }
  if (have_back && line->length + 3 <= ARB_UNWINNABLE_LINE_MAX)
    {
      memmove (line->moves + 3, line->moves, line->length * sizeof (ArbMove));
      memcpy (line->moves, back, 3 * sizeof (ArbMove));
      line->length += 3;
      return TRUE;
    }
  if (line_repairs (pos, winner, line->moves + 1, line->length - 1, memo->scratch, &length))
    {
      line->length = length;
      memcpy (line->moves, memo->scratch, length * sizeof (ArbMove));
      return TRUE;
    }
  memo->any_broken = TRUE;
  memo->broken_first[winner][line - memo->lines[winner]] = line->moves[0];
  memo->broken[winner][line - memo->lines[winner]].length = line->length - 1;
  memcpy (memo->broken[winner][line - memo->lines[winner]].moves, line->moves + 1,
          (line->length - 1) * sizeof (ArbMove));
  line->length = 0;
  return FALSE;
}

/* Whether @move from @at leads to @pos. A normal move that did not bring
 * the man on its square to where it goes was not the game's, which the
 * boards tell without making it (most plies, where no line is followed). */
static gboolean
first_played (const ArbPosition *at, ArbMove move, const ArbPosition *pos)
{
  ArbPosition next;
  ArbUndo undo;

  if (ARB_MOVE_KIND (move) == ARB_MOVE_NORMAL &&
      (pos->board[ARB_MOVE_TO (move)] != at->board[ARB_MOVE_FROM (move)] ||
       pos->board[ARB_MOVE_FROM (move)] != ARB_NO_PIECE))
    return FALSE;
  next = *at;
  arb_position_make_move (&next, move, &undo);
  return same_position (&next, pos);
}

/* Carries every line kept over to @pos; TRUE when one of them still
 * proves it. @cheap (the table knows the answer already) keeps only the
 * lines whose first move the game played, without playing any out. */
static gboolean
carry_lines (ArbDeadMemo *memo, const ArbPosition *pos, gboolean cheap)
{
  gboolean proven = FALSE, have_back;
  ArbMove back[3];

  if (!memo->any_line)
    return FALSE;
  if (same_position (&memo->at, pos))
    {
      for (guint i = 0; i < 2 * POOL; i++)
        proven = proven || memo->lines[i / POOL][i % POOL].length > 0;
      return proven;
    }
  have_back = !cheap && find_return (&memo->at, pos, back);
  for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
    for (guint i = 0; i < POOL; i++)
      {
        Line *line = &memo->lines[winner][i];
        gboolean played;

        if (line->length == 0)
          continue;
        played = first_played (&memo->at, line->moves[0], pos);
        if (cheap)
          {
            line->length = played ? line->length - 1 : 0;
            memmove (line->moves, line->moves + 1, line->length * sizeof (ArbMove));
            continue;
          }
        proven = carry_line (memo, line, pos, played, winner, back, have_back) || proven;
      }
  memo->any_line = FALSE;
  for (guint i = 0; i < 2 * POOL; i++)
    memo->any_line = memo->any_line || memo->lines[i / POOL][i % POOL].length > 0;
  return proven;
}

/* The nodes a broken line's finish may cost. Most lines break on a capture
 * or a pawn move and still end a few moves from a mate. On the corpus's
 * 611 distinct games (about 20,000 finishes tried) 200 nodes spared 9,000
 * of the 20,911 searches, 400 nodes 11,300 and 1,000 nodes 14,800; 400 and
 * 1,000 cost the fewest nodes in all, finishes and searches left (21.5
 * million against 27.1 million without). The finish aims at the king
 * where it stands (arb_unwinnable_find_helpmate_at_king()) rather than at
 * a corner: on the first 156 distinct games, with White's search aimed
 * at the king below, 2,246 M instructions in all instead of 2,302 M; with
 * Black's too (2,000 nodes), 1,919 M instead of 1,942 M. */
#define FINISH_BUDGET 400

/* Plays a broken line out from @pos, each move checked, a move that is no
 * longer legal dropped with the next one (as line_repairs() does), and asks
 * a small helpmate search to mate from where it ends: the moves played and
 * the search's line are a helpmate from @pos, which proves @pos not dead as
 * any helpmate does; it is kept in @line. */
static gboolean
line_finish (ArbDeadMemo *memo, const ArbPosition *pos, ArbColor winner, Line *line)
{
  ArbPosition p = *pos;
  guint n = 0;

  for (guint i = 0; i < line->length;)
    {
      ArbUndo undo;

      if (!arb_position_is_legal (&p, line->moves[i]))
        {
          i += 2;
          continue;
        }
      arb_position_make_move (&p, line->moves[i], &undo);
      memo->scratch[n++] = line->moves[i++];
    }
  if (!arb_unwinnable_find_helpmate_at_king (memo->search, &p, winner, FINISH_BUDGET,
                                             &memo->trial) ||
      !memo->trial.line_complete)
    return FALSE;
  if (n + memo->trial.line_length == 0 || n + memo->trial.line_length > ARB_UNWINNABLE_LINE_MAX)
    return FALSE;
  line->length = n + memo->trial.line_length;
  memcpy (line->moves, memo->scratch, n * sizeof (ArbMove));
  memcpy (line->moves + n, memo->trial.line, memo->trial.line_length * sizeof (ArbMove));
  return TRUE;
}

/* How many moves of the player to move try_waiting() tries. Callgrind of
 * analyze --json on the corpus's 611 distinct games, with the moves that
 * touch a square of the line left out: 3 tries 6,337 M instructions, 5
 * 6,353 M, 8 6,372 M (8 without leaving any out: 6,384 M). */
#define WAITING_TRIES 3

/* The game's move replaced the line's first move by another of the same
 * player; often the line still works with both played. The player to move
 * in @pos makes a move that is neither a capture nor a pawn move, the other
 * player the line's first move, and the rest follows as line_repairs()
 * plays it: a helpmate from @pos when it ends in a mate, kept in @line.
 * A waiting move that leaves or reaches a square the line's moves use
 * would most often break it, and is not tried. */
static gboolean
try_waiting (ArbDeadMemo *memo, const ArbPosition *pos, ArbColor winner, ArbMove first, Line *line)
{
  ArbMoveList list;
  guint tries = 0, length;

  if (line->length + 2 > ARB_UNWINNABLE_LINE_MAX)
    return FALSE;
  ArbBitboard used = ARB_BB (ARB_MOVE_FROM (first)) | ARB_BB (ARB_MOVE_TO (first));

  for (guint i = 0; i < line->length; i++)
    used |= ARB_BB (ARB_MOVE_FROM (line->moves[i])) | ARB_BB (ARB_MOVE_TO (line->moves[i]));
  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves && tries < WAITING_TRIES; i++)
    {
      ArbMove w = list.moves[i];
      ArbPosition p = *pos;
      ArbUndo undo;

      if (ARB_MOVE_KIND (w) != ARB_MOVE_NORMAL || pos->board[ARB_MOVE_TO (w)] != ARB_NO_PIECE ||
          (pos->by_type[ARB_PAWN] & ARB_BB (ARB_MOVE_FROM (w))) != 0 ||
          (used & (ARB_BB (ARB_MOVE_FROM (w)) | ARB_BB (ARB_MOVE_TO (w)))) != 0)
        continue;
      tries++;
      arb_position_make_move (&p, w, &undo);
      if (!arb_position_is_legal (&p, first))
        continue;
      arb_position_make_move (&p, first, &undo);
      if (!line_repairs (&p, winner, line->moves, line->length, memo->scratch + 2, &length))
        continue;
      memo->scratch[0] = w;
      memo->scratch[1] = first;
      line->length = length + 2;
      memcpy (line->moves, memo->scratch, line->length * sizeof (ArbMove));
      return TRUE;
    }
  return FALSE;
}

/* Tries to finish the lines that broke at @pos, until one proves it. */
static gboolean
finish_lines (ArbDeadMemo *memo, const ArbPosition *pos)
{
  for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
    for (guint i = 0; i < POOL; i++)
      {
        Line *line = &memo->broken[winner][i];

        if (line->length == 0)
          continue;
        if (try_waiting (memo, pos, winner, memo->broken_first[winner][i], line))
          memo->stats.by_waiting++;
        else if (!line_finish (memo, pos, winner, line))
          {
            line->length = 0;
            continue;
          }
        memo->lines[winner][i] = *line;
        memo->any_line = TRUE;
        line->length = 0;
        return TRUE;
      }
  return FALSE;
}

/* Keeps a new line of @winner in the place of the oldest. */
static void
keep_line (ArbDeadMemo *memo, ArbColor winner, const ArbMove *moves, guint length)
{
  Line *line = &memo->lines[winner][memo->next_line[winner]++ % POOL];

  memo->any_line = TRUE;
  line->length = length;
  memcpy (line->moves, moves, length * sizeof (ArbMove));
}

/* The nodes of the helpmate searches aimed at the king, for White and
 * then for Black, before the search that decides. On the corpus's first
 * 156 distinct games (callgrind of analyze --json), White's alone, the
 * finish aimed at a corner: none 2,654 M instructions, 300 nodes 2,478 M,
 * 1,000 2,383 M, 2,000 2,302 M, 4,000 2,325 M; White's 2,000 and then
 * Black's, the finish aimed at the king: Black 1,000 nodes 1,999 M, 2,000
 * 1,919 M, 3,000 1,893 M. With Black's 3,000 (and the moves scored by
 * side), White's 3,000 1,911 M, 2,000 1,856 M, 1,000 1,802 M, 700
 * 1,782 M, 500 1,774 M, 250 1,770 M, none 2,017 M; with White's 500,
 * Black's 2,000 1,795 M, 5,000 1,807 M. */
static const guint64 at_king_budget[2] = { 500, 3000 };

/* A helpmate for either side proves the position not dead, as any does
 * (the search never calls a position with one dead); only the search that
 * decides calls it dead, and it is asked whenever these find nothing. */
static gboolean
helpmate_at_king (ArbDeadMemo *memo, const ArbPosition *pos)
{
  for (ArbColor winner = ARB_WHITE; winner <= ARB_BLACK; winner++)
    if (arb_unwinnable_find_helpmate_at_king (memo->search, pos, winner, at_king_budget[winner],
                                              &memo->trial) &&
        memo->trial.line_complete && memo->trial.line_length > 0)
      {
        keep_line (memo, winner, memo->trial.line, memo->trial.line_length);
        return TRUE;
      }
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
          keep_line (memo, winner, result->line, result->line_length);
        }
      if (result->verdict != ARB_UNWINNABLE_CANNOT_MATE)
        return FALSE;
    }
  return TRUE;
}

void
arb_dead_memo_prefetch (const ArbDeadMemo *memo, const ArbPosition *pos, gboolean keys_read)
{
  arb_dead_table_prefetch (memo->table, pos, keys_read);
}

gboolean
arb_dead_memo_is_dead (ArbDeadMemo *memo, const ArbPosition *pos, guint64 node_budget)
{
  gboolean by_line, found, dead = FALSE;

  g_return_val_if_fail (memo != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (node_budget > 0, FALSE);

  if (node_budget != memo->budget)
    {
      arb_dead_table_clear (memo->table);
      memo->budget = node_budget;
    }
  memo->stats.queries++;

  /* Every line is carried, so that one may take over when another
   * breaks; only cheaply when the table answers. */
  found = arb_dead_table_lookup (memo->table, pos, &dead);
  by_line = FALSE;
  if (memo->any_broken)
    for (guint i = 0; i < 2 * POOL; i++)
      memo->broken[i / POOL][i % POOL].length = 0;
  memo->any_broken = FALSE;
  if (memo->have_at)
    by_line = carry_lines (memo, pos, found);
  else
    {
      memset (memo->lines, 0, sizeof memo->lines);
      memo->any_line = FALSE;
    }
  /* Where the lines start; read only while there are lines, and a line
   * is only made below, where the table did not answer. */
  if (!found || memo->any_line)
    memo->at = *pos;
  memo->have_at = TRUE;
  if (found)
    {
      memo->stats.by_table++;
      return dead;
    }
  if (by_line)
    {
      /* Kept for a later game that reaches it without the line. */
      memo->stats.by_line++;
      arb_dead_table_store (memo->table, pos, FALSE);
      return FALSE;
    }
  if (finish_lines (memo, pos))
    {
      memo->stats.by_line++;
      memo->stats.by_finish++;
      arb_dead_table_store (memo->table, pos, FALSE);
      return FALSE;
    }
  if (helpmate_at_king (memo, pos))
    {
      memo->stats.by_line++;
      memo->stats.by_king++;
      arb_dead_table_store (memo->table, pos, FALSE);
      return FALSE;
    }
  dead = search (memo, pos);
  arb_dead_table_store (memo->table, pos, dead);
  return dead;
}
