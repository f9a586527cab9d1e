/* arb-standings-teams.c: team standings from the matches of a team event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match scores 2 match points for a win (more game points than the
 * other team), 1 for a draw, 0 for a loss: the scoring most team events
 * use (the Olympiad's); C.07 leaves it to the event's regulations. The
 * order, match points then game points then the FIDE Tie-Break
 * Regulations (Handbook C.07, 2024) computed on match points, is the
 * project's default for a team event:
 *  - direct encounter (Article 6): the match points a team scored in the
 *    matches among the teams tied on match and game points, when every
 *    two of them met; otherwise it separates none of them (0). The 6.2
 *    rule for groups that did not all meet, which the individual
 *    standings apply, is not applied to teams yet;
 *  - Buchholz (Article 8.1): the sum of the final match points of the
 *    teams met. A round without a match (a bye) counts nothing: the
 *    Article 16 dummy opponent is not applied to teams yet.
 * A match counts once all its boards have a result. */

#include "config.h"

#include <string.h>

#include "arb-standings-teams.h"

typedef struct
{
  char *team;
  double mp, gp, de, bh;
  int matches;
  GArray *opponents; /* int, index of each counted match's opponent */
  GArray *scored;    /* double, the match points scored against it */
} Team;

void
arb_team_standings_row_free (ArbTeamStandingsRow *row)
{
  if (row == NULL)
    return;
  g_free (row->team);
  g_free (row);
}

static int
team_index (GPtrArray *teams, const char *name)
{
  Team *t;

  for (guint i = 0; i < teams->len; i++)
    if (g_strcmp0 (((Team *) teams->pdata[i])->team, name) == 0)
      return (int) i;
  t = g_new0 (Team, 1);
  t->team = g_strdup (name);
  t->opponents = g_array_new (FALSE, FALSE, sizeof (int));
  t->scored = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (teams, t);
  return (int) teams->len - 1;
}

static void
team_free (Team *t)
{
  g_free (t->team);
  g_array_unref (t->opponents);
  g_array_unref (t->scored);
  g_free (t);
}

static void
score_side (Team *t, int opponent, int own_x2, int other_x2)
{
  double mp = own_x2 > other_x2 ? 2 : own_x2 == other_x2 ? 1 : 0;

  t->mp += mp;
  t->gp += own_x2 / 2.0;
  t->matches++;
  g_array_append_val (t->opponents, opponent);
  g_array_append_val (t->scored, mp);
}

static void
record_match (GPtrArray *teams, const ArbTeamMatchInfo *m)
{
  int h, a;

  if (m->home_team != NULL)
    (void) team_index (teams, m->home_team);
  if (m->away_team != NULL)
    (void) team_index (teams, m->away_team);
  if (m->home_team == NULL || m->away_team == NULL || m->n_boards <= 0 ||
      m->n_finished < m->n_boards)
    return; /* a bye, or a match still in play: nothing counts yet */
  h = team_index (teams, m->home_team);
  a = team_index (teams, m->away_team);
  score_side (teams->pdata[h], a, m->home_points_x2, m->away_points_x2);
  score_side (teams->pdata[a], h, m->away_points_x2, m->home_points_x2);
}

static gboolean
tied (const Team *x, const Team *y)
{
  return x->mp == y->mp && x->gp == y->gp;
}

/* Article 6, as the file's comment says. */
static void
direct_encounter (GPtrArray *teams)
{
  for (guint i = 0; i < teams->len; i++)
    {
      Team *t = teams->pdata[i];
      gboolean all_met = TRUE;
      double score = 0;

      for (guint j = 0; j < teams->len && all_met; j++)
        {
          gboolean met = FALSE;

          if (j == i || !tied (t, teams->pdata[j]))
            continue;
          for (guint k = 0; k < t->opponents->len; k++)
            if (g_array_index (t->opponents, int, k) == (int) j)
              {
                met = TRUE;
                score += g_array_index (t->scored, double, k);
              }
          all_met = met;
        }
      t->de = all_met ? score : 0;
    }
}

static int
compare_tied (const Team *x, const Team *y)
{
  const double a[] = { x->mp, x->gp, x->de, x->bh }, b[] = { y->mp, y->gp, y->de, y->bh };

  for (gsize i = 0; i < G_N_ELEMENTS (a); i++)
    if (a[i] != b[i])
      return a[i] > b[i] ? -1 : 1;
  return 0;
}

static int
compare_teams (gconstpointer a, gconstpointer b)
{
  const Team *x = *(Team *const *) a, *y = *(Team *const *) b;
  int c = compare_tied (x, y);

  return c != 0 ? c : g_strcmp0 (x->team, y->team);
}

static GPtrArray *
rows_of (GPtrArray *teams)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_standings_row_free);
  guint first = 0;

  for (guint i = 0; i < teams->len; i++)
    {
      const Team *t = teams->pdata[i];
      ArbTeamStandingsRow *row = g_new0 (ArbTeamStandingsRow, 1);
      guint last = i;

      if (i > 0 && compare_tied (teams->pdata[i - 1], t) != 0)
        first = i;
      while (last + 1 < teams->len && compare_tied (teams->pdata[last + 1], t) == 0)
        last++;
      row->rank = (int) i + 1;
      row->place_first = (int) first + 1;
      row->place_last = (int) last + 1;
      row->team = g_strdup (t->team);
      row->matches = t->matches;
      row->match_points = t->mp;
      row->game_points = t->gp;
      row->direct_encounter = t->de;
      row->buchholz = t->bh;
      g_ptr_array_add (rows, row);
    }
  return rows;
}

GPtrArray *
arb_team_standings_compute (GPtrArray *matches, int up_to)
{
  g_autoptr (GPtrArray) teams = g_ptr_array_new_with_free_func ((GDestroyNotify) team_free);

  g_return_val_if_fail (matches != NULL, NULL);
  for (guint i = 0; i < matches->len; i++)
    {
      const ArbTeamMatchInfo *m = matches->pdata[i];

      if (up_to <= 0 || m->round <= up_to)
        record_match (teams, m);
    }
  for (guint i = 0; i < teams->len; i++)
    {
      Team *t = teams->pdata[i];

      for (guint k = 0; k < t->opponents->len; k++)
        t->bh += ((Team *) teams->pdata[g_array_index (t->opponents, int, k)])->mp;
    }
  direct_encounter (teams); /* the opponents are indices: sort after */
  g_ptr_array_sort (teams, compare_teams);
  return rows_of (teams);
}

GPtrArray *
arb_team_standings_read (ArbTournament *tournament, int up_to, GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  int rounds = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  games = arb_tournament_list_games (tournament, 0, error);
  if (games == NULL)
    return NULL;
  for (guint i = 0; i < games->len; i++)
    rounds = MAX (rounds, ((ArbGameInfo *) games->pdata[i])->round);
  if (up_to > 0)
    rounds = MIN (rounds, up_to);
  for (int r = 1; r <= rounds; r++)
    {
      g_autoptr (GPtrArray) round = arb_tournament_list_team_matches (tournament, r, error);

      if (round == NULL)
        return NULL;
      for (guint i = 0; i < round->len; i++)
        g_ptr_array_add (matches, g_steal_pointer (&round->pdata[i]));
      g_ptr_array_set_free_func (round, NULL);
    }
  return arb_team_standings_compute (matches, up_to);
}
