/* arb-tournament-board-order.c: the boards of an imported round, in the
 * order the pairing program publishes them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-tournament-private.h"

/* TRF carries no board numbers for an individual Swiss, so the boards are
 * the order in which FIDE has the pairings made public. FIDE Handbook
 * C.04.1 (Swiss System Based on Rating), section F, Final Remarks, rule
 * F.1: a finished pairing is sorted before it is published by the score of
 * the higher player of each pair, then by the sum of both players' scores,
 * then by the higher player's rank by A.2 (the pairing number, since
 * players with equal scores rank by it). "Higher" is the player with more
 * points before the round, or the smaller pairing number on equal points;
 * with the higher player's score equal, the sum orders as the other
 * player's score does. Swiss-Manager, Vega and bbpPairings print their
 * pairings in this order, with the pairing-allocated bye (C.04.1 c) after
 * the last board. */

typedef struct
{
  const ArbTrf *trf;
  int round;
} OrderContext;

/* Points before round r, times two, from the player's own line. */
static int
score_before (const ArbTrf *trf, int start_no, int r)
{
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      int points = 0;

      if (p->start_no != start_no)
        continue;
      for (int k = 1; k < r && (guint) k <= p->rounds->len; k++)
        points += arb_trf_code_points_x2 (g_array_index (p->rounds, ArbTrfRound, k - 1).result);
      return points;
    }
  return 0;
}

typedef struct
{
  int kind; /* 0 a game, 1 another bye or absence, 2 the pairing-allocated bye */
  int high_score;
  int low_score;
  int high_no;
} BoardKey;

static BoardKey
board_key (const OrderContext *ctx, const ArbTrfPairing *p)
{
  BoardKey key = { 0 };

  if (p->black == 0)
    {
      key.kind = p->bye_code == 'U' ? 2 : 1;
      key.high_no = p->white;
      return key;
    }
  {
    int sw = score_before (ctx->trf, p->white, ctx->round);
    int sb = score_before (ctx->trf, p->black, ctx->round);
    gboolean white_higher = sw > sb || (sw == sb && p->white < p->black);

    key.high_score = white_higher ? sw : sb;
    key.low_score = white_higher ? sb : sw;
    key.high_no = white_higher ? p->white : p->black;
  }
  return key;
}

static int
board_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  BoardKey ka = board_key (data, a);
  BoardKey kb = board_key (data, b);

  if (ka.kind != kb.kind)
    return ka.kind - kb.kind;
  if (ka.high_score != kb.high_score)
    return kb.high_score - ka.high_score;
  if (ka.low_score != kb.low_score)
    return kb.low_score - ka.low_score;
  return ka.high_no - kb.high_no;
}

/* Record 300 of TRF-2026, as Arbiter reads it: a board kept out of that
 * order, blank-separated fields from column 5: the round (0 for every
 * round), the board, the starting rank of a player who sits there (a
 * player with a disability who needs the same table, for example). */
typedef struct
{
  int round;
  int board;
  int start_no;
} FixedBoard;

static gboolean
parse_fixed_board (const ArbTrfRecord *record, FixedBoard *fixed)
{
  g_auto (GStrv) fields = NULL;
  int values[3];
  int n = 0;

  if (strcmp (record->code, "300") != 0)
    return FALSE;
  fields = g_strsplit_set (record->value, " ", -1);
  for (int i = 0; fields[i] != NULL && n < 3; i++)
    {
      char *end = NULL;
      gint64 v;

      if (fields[i][0] == '\0')
        continue;
      v = g_ascii_strtoll (fields[i], &end, 10);
      if (*end != '\0' || v < 0 || v > 9999)
        return FALSE;
      values[n++] = (int) v;
    }
  if (n < 3 || values[1] < 1 || values[2] < 1)
    return FALSE;
  fixed->round = values[0];
  fixed->board = values[1];
  fixed->start_no = values[2];
  return TRUE;
}

/* Moves the games record 300 fixes to their boards; the others keep their
 * order around them. */
static void
apply_fixed_boards (const ArbTrf *trf, int r, GArray *pairings)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      FixedBoard fixed;
      ArbTrfPairing moved;
      guint from = G_MAXUINT;
      guint to;

      if (!parse_fixed_board (trf->records->pdata[i], &fixed) ||
          (fixed.round != 0 && fixed.round != r))
        continue;
      for (guint k = 0; k < pairings->len && from == G_MAXUINT; k++)
        {
          const ArbTrfPairing *p = &g_array_index (pairings, ArbTrfPairing, k);
          if (p->black != 0 && (p->white == fixed.start_no || p->black == fixed.start_no))
            from = k;
        }
      if (from == G_MAXUINT)
        continue; /* not paired in this round, or a bye: no board to keep */
      to = MIN ((guint) fixed.board - 1, pairings->len - 1);
      moved = g_array_index (pairings, ArbTrfPairing, from);
      g_array_remove_index (pairings, from);
      g_array_insert_val (pairings, to, moved);
    }
}

void
_arb_trf_order_boards (const ArbTrf *trf, int round, GArray *pairings)
{
  OrderContext ctx = { trf, round };

  g_return_if_fail (trf != NULL && pairings != NULL);

  g_array_sort_with_data (pairings, board_compare, &ctx);
  apply_fixed_boards (trf, round, pairings);
}
