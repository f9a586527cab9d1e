/* arb-standings-crosstable.c: the cross-table of the standings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each player's rounds as a FIDE tournament report's cross-table writes
 * them: the opponent's rank, the colour, the result; byes by their TRF
 * code. The ranks are those of the standings (arb-standings.c).
 */

#include "config.h"

#include <string.h>

#include "arb-standings-crosstable.h"

void
arb_cross_table_free (ArbCrossTable *table)
{
  if (table == NULL)
    return;
  for (guint i = 0; table->rows != NULL && i < table->rows->len; i++)
    g_free (table->players[i].cells);
  g_free (table->players);
  g_clear_pointer (&table->rows, g_ptr_array_unref);
  g_free (table);
}

char *
arb_cross_cell_text (const ArbCrossCell *cell)
{
  g_return_val_if_fail (cell != NULL, NULL);

  if (cell->opponent_start_no == 0)
    return g_strdup (cell->result);
  return g_strdup_printf ("%d%c%s", cell->opponent_rank, cell->colour, cell->result);
}

static int
index_of (GPtrArray *rows, gint64 player_id)
{
  if (player_id == 0)
    return -1;
  for (guint i = 0; i < rows->len; i++)
    if (((const ArbStandingsRow *) rows->pdata[i])->player_id == player_id)
      return (int) i;
  return -1;
}

static void
set_result (ArbCrossCell *cell, guint half, gboolean forfeit)
{
  const char *text;

  if (forfeit)
    text = half >= 2 ? "+" : "-";
  else
    text = half >= 2 ? "1" : half == 1 ? "½" : "0";
  g_strlcpy (cell->result, text, sizeof cell->result);
}

static void
set_side (ArbCrossTable *t,
          int me,
          int opponent,
          char colour,
          guint half,
          gboolean forfeit,
          int round)
{
  ArbCrossCell *cell = &t->players[me].cells[round - 1];
  const ArbStandingsRow *o = t->rows->pdata[opponent];

  cell->opponent_rank = o->rank;
  cell->opponent_start_no = o->start_no;
  cell->colour = colour;
  set_result (cell, half, forfeit);
}

static void
record_game (ArbCrossTable *t, const ArbGameInfo *g)
{
  int w = index_of (t->rows, g->white_id);
  int b = index_of (t->rows, g->black_id);
  guint wh = 0, bh = 0;
  gboolean forfeit;

  if (g->round < 1 || g->round > t->n_rounds)
    return;
  if (g->black_id == 0)
    {
      if (w >= 0)
        g_strlcpy (t->players[w].cells[g->round - 1].result,
                   g->bye_code != NULL && g->bye_code[0] != '\0' ? g->bye_code : "Z",
                   sizeof t->players[w].cells[0].result);
      return;
    }
  if (w < 0 || b < 0 || !arb_result_is_final (g->result))
    return;
  arb_result_half_points (g->result, &wh, &bh);
  forfeit = arb_result_is_forfeit (g->result);
  set_side (t, w, b, 'w', wh, forfeit, g->round);
  set_side (t, b, w, 'b', bh, forfeit, g->round);
}

/* Every pair met the same number of times, one at least. */
static gboolean
is_round_robin (const ArbCrossTable *t)
{
  guint n = t->rows->len;
  g_autofree int *met = g_new0 (int, (gsize) n *n);
  int times = -1;

  if (n < 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    for (int r = 0; r < t->n_rounds; r++)
      {
        const ArbCrossCell *c = &t->players[i].cells[r];

        for (guint j = 0; c->opponent_start_no != 0 && j < n; j++)
          if (((const ArbStandingsRow *) t->rows->pdata[j])->start_no == c->opponent_start_no)
            met[i * n + j]++;
      }
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        if (i == j)
          continue;
        if (times < 0)
          times = met[i * n + j];
        if (met[i * n + j] != times)
          return FALSE;
      }
  return times >= 1;
}

ArbCrossTable *
arb_cross_table_compute (GPtrArray *players,
                         GPtrArray *games,
                         int up_to,
                         const ArbScoring *scoring,
                         const ArbTiebreak *order,
                         guint n_order)
{
  ArbCrossTable *t;

  g_return_val_if_fail (players != NULL, NULL);
  g_return_val_if_fail (games != NULL, NULL);

  t = g_new0 (ArbCrossTable, 1);
  t->rows = arb_standings_compute (players, games, up_to, scoring, order, n_order);
  t->n_rounds = t->rows->len > 0 ? ((const ArbStandingsRow *) t->rows->pdata[0])->after_round : 0;
  t->players = g_new0 (ArbCrossPlayer, MAX (t->rows->len, 1));
  for (guint i = 0; i < t->rows->len; i++)
    {
      t->players[i].row = t->rows->pdata[i];
      t->players[i].cells = g_new0 (ArbCrossCell, MAX (t->n_rounds, 1));
      for (int r = 0; r < t->n_rounds; r++)
        t->players[i].cells[r].colour = '-';
    }
  for (guint i = 0; i < games->len; i++)
    record_game (t, games->pdata[i]);
  t->round_robin = is_round_robin (t);
  return t;
}

ArbCrossTable *
arb_cross_table_read (ArbTournament *tournament,
                      int up_to,
                      const ArbScoring *scoring,
                      const ArbTiebreak *order,
                      guint n_order,
                      GError **error)
{
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  if ((players = arb_tournament_list_players (tournament, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, 0, error)) == NULL)
    return NULL;
  return arb_cross_table_compute (players, games, up_to, scoring, order, n_order);
}
