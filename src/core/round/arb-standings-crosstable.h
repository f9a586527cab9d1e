/* arb-standings-crosstable.h: the cross-table of the standings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-standings.h"

G_BEGIN_DECLS

/* One player's round: the opponent by rank in the standings and by
 * starting rank (0 for none), the colour ('w', 'b', '-' for none), and
 * the result as the cross-table writes it: "1", "½", "0", "+" and "-"
 * for forfeits, a bye by its TRF code ("H", "F", "U", "Z"), "" when the
 * round has nothing for the player. */
typedef struct
{
  int opponent_rank;
  int opponent_start_no;
  char colour;
  char result[4];
} ArbCrossCell;

typedef struct
{
  const ArbStandingsRow *row; /* owned by the table's rows */
  ArbCrossCell *cells;        /* index 0 is round 1 */
} ArbCrossPlayer;

typedef struct
{
  GPtrArray *rows;         /* ArbStandingsRow, the standings it is of */
  int n_rounds;            /* the rows' after_round */
  ArbCrossPlayer *players; /* rows->len, in the standings' order */
  /* Every player met every other the same number of times (one at least):
   * a round robin, shown as the square table. */
  gboolean round_robin;
} ArbCrossTable;

void arb_cross_table_free (ArbCrossTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbCrossTable, arb_cross_table_free)

/* "5w1", "12b½", "3w+", "H": the cell as one word. */
char *arb_cross_cell_text (const ArbCrossCell *cell);

/* The cross-table of arb_standings_compute()'s standings: pure. */
ArbCrossTable *arb_cross_table_compute (GPtrArray *players,
                                        GPtrArray *games,
                                        int up_to,
                                        const ArbScoring *scoring,
                                        const ArbTiebreak *order,
                                        guint n_order);

/* The same, read from @tournament. */
ArbCrossTable *arb_cross_table_read (ArbTournament *tournament,
                                     int up_to,
                                     const ArbScoring *scoring,
                                     const ArbTiebreak *order,
                                     guint n_order,
                                     GError **error);

G_END_DECLS
