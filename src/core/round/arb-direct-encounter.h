/* arb-direct-encounter.h: C.07 Article 6's ranking of a tied group
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One member of a tied group: its score in the games (or matches) played
 * between the group, and the score it could reach winning those it did
 * not play against the group. */
typedef struct
{
  int index;
  double score;
  double best;
} ArbDeScore;

/* The scores of the @m entrants @members, into @s (index = the member);
 * TRUE when every two of them met. */
typedef gboolean (*ArbDeScoresFunc) (gpointer data, const int *members, int m, ArbDeScore *s);
/* Entrant @index is placed at @rank in the direct encounter's order. */
typedef void (*ArbDeRankFunc) (gpointer data, int index, int rank);
/* Entrant @index's direct-encounter value, in the group it was first tied in. */
typedef void (*ArbDeValueFunc) (gpointer data, int index, double value);

/* C.07 Article 6 for the @m entrants @members, tied on everything the
 * order puts before DE: when every two met, their scores rank them; when
 * some did not (6.2), one is placed ahead only when its score is above
 * what any other still tied could reach, from the top down, and whoever
 * is left stays tied. The procedure is applied again to each smaller
 * group still tied, as the FIDE Technical Commission's TieBreakServer
 * does (the numbers 6.1 and 6.2 are those its comments give). Ranks
 * start at 0; tied entrants share one. */
void arb_direct_encounter_rank (const int *members,
                                int m,
                                ArbDeScoresFunc scores,
                                ArbDeValueFunc value,
                                ArbDeRankFunc rank,
                                gpointer data);

G_END_DECLS
