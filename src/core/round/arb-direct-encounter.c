/* arb-direct-encounter.c: C.07 Article 6's ranking of a tied group
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "arb-direct-encounter.h"

typedef struct
{
  ArbDeScoresFunc scores;
  ArbDeValueFunc value;
  ArbDeRankFunc rank;
  gpointer data;
} Ranking;

static int
compare_de (gconstpointer a, gconstpointer b)
{
  const ArbDeScore *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->best != y->best)
    return x->best > y->best ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

static void de_group (const Ranking *r, const int *members, int m, int base, gboolean top);

/* The run of @s from @from to @to, tied at rank @base + @from. */
static void
de_tied (const Ranking *r, const ArbDeScore *s, int from, int to, int m, int base)
{
  g_autofree int *sub = g_new (int, MAX (to - from, 1));

  for (int k = from; k < to; k++)
    sub[k - from] = s[k].index;
  if (to - from == m) /* nothing separated: they stay tied */
    for (int k = from; k < to; k++)
      r->rank (r->data, s[k].index, base + from);
  else
    de_group (r, sub, to - from, base + from, FALSE);
}

static void
de_group (const Ranking *r, const int *members, int m, int base, gboolean top)
{
  g_autofree ArbDeScore *s = g_new (ArbDeScore, MAX (m, 1));
  gboolean all_met;
  int k = 0;

  if (m == 1)
    {
      r->rank (r->data, members[0], base);
      if (top)
        r->value (r->data, members[0], 0);
      return;
    }
  all_met = r->scores (r->data, members, m, s);
  if (top)
    for (int i = 0; i < m; i++)
      r->value (r->data, s[i].index, s[i].score);
  qsort (s, m, sizeof (ArbDeScore), compare_de);
  if (all_met)
    {
      while (k < m)
        {
          int end = k + 1;

          while (end < m && s[end].score == s[k].score)
            end++;
          de_tied (r, s, k, end, m, base);
          k = end;
        }
      return;
    }
  for (; k < m - 1; k++)
    {
      double others = s[k + 1].best;

      for (int j = k + 2; j < m; j++)
        others = MAX (others, s[j].best);
      if (s[k].score <= others)
        break;
      r->rank (r->data, s[k].index, base + k);
    }
  de_tied (r, s, k, m, m, base);
}

void
arb_direct_encounter_rank (const int *members,
                           int m,
                           ArbDeScoresFunc scores,
                           ArbDeValueFunc value,
                           ArbDeRankFunc rank,
                           gpointer data)
{
  Ranking r = { scores, value, rank, data };

  g_return_if_fail (members != NULL || m == 0);
  g_return_if_fail (scores != NULL && value != NULL && rank != NULL);

  if (m > 0)
    de_group (&r, members, m, 0, TRUE);
}
