/* test-standings-teams.c: team standings, worked by hand
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Four teams of four boards, a round robin. Match points 2-1-0 (the
 * file's choice, src/core/round/arb-standings-teams.c), then game points,
 * direct encounter and Buchholz by match points (FIDE Tie-Break
 * Regulations, C.07 Articles 6 and 8.1):
 *   R1: A–B 3-1, C–D 3½-½
 *   R2: A–C 1½-2½, B–D 2-2
 *   R3: A–D 2½-1½, B–C 3-1
 *   R4: A–B in play, three boards of four decided (counts nothing)
 * Match points: A 2+0+2 = 4, B 0+1+2 = 3, C 2+2+0 = 4, D 0+1+0 = 1.
 * Game points: A 3+1½+2½ = 7, B 1+2+3 = 6, C 3½+2½+1 = 7,
 * D ½+2+1½ = 4.
 * A and C are tied on both; they met: C won, so DE C 2, A 0.
 * Buchholz: A B 3 + C 4 + D 1 = 8, C D 1 + A 4 + B 3 = 8 (alike, a round
 * robin), B A 4 + D 1 + C 4 = 9, D C 4 + B 3 + A 4 = 11.
 * Order: C, A, B, D. */

#include "config.h"

#include "arb-standings-teams.h"

static void
add (GPtrArray *m, int round, const char *home, const char *away, int h2, int a2, int done)
{
  ArbTeamMatchInfo *info = g_new0 (ArbTeamMatchInfo, 1);

  info->round = round;
  info->home_team = g_strdup (home);
  info->away_team = g_strdup (away);
  info->n_boards = 4;
  info->n_finished = done;
  info->home_points_x2 = h2;
  info->away_points_x2 = a2;
  g_ptr_array_add (m, info);
}

static GPtrArray *
league (void)
{
  GPtrArray *m = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);

  add (m, 1, "A", "B", 6, 2, 4);
  add (m, 1, "C", "D", 7, 1, 4);
  add (m, 2, "A", "C", 3, 5, 4);
  add (m, 2, "B", "D", 4, 4, 4);
  add (m, 3, "A", "D", 5, 3, 4);
  add (m, 3, "B", "C", 6, 2, 4);
  add (m, 4, "A", "B", 0, 6, 3);
  return m;
}

static void
test_order (void)
{
  static const struct
  {
    const char *team;
    double mp, gp, de, bh;
  } expected[] = {
    { "C", 4, 7, 2, 8 },
    { "A", 4, 7, 0, 8 },
    { "B", 3, 6, 0, 9 },
    { "D", 1, 4, 0, 11 },
  };
  g_autoptr (GPtrArray) matches = league ();
  g_autoptr (GPtrArray) rows = arb_team_standings_compute (matches, 0);

  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];

      g_test_message ("team %s", expected[i].team);
      g_assert_cmpstr (r->team, ==, expected[i].team);
      g_assert_cmpint (r->rank, ==, (int) i + 1);
      g_assert_cmpint (r->place_first, ==, (int) i + 1);
      g_assert_cmpint (r->place_last, ==, (int) i + 1);
      g_assert_cmpint (r->matches, ==, 3);
      g_assert_cmpfloat (r->match_points, ==, expected[i].mp);
      g_assert_cmpfloat (r->game_points, ==, expected[i].gp);
      g_assert_cmpfloat (r->direct_encounter, ==, expected[i].de);
      g_assert_cmpfloat (r->buchholz, ==, expected[i].bh);
    }
}

/* After round 1: A and C 2 match points, 3 and 3½ game points: C, A;
 * B and D 0 match points, B 1 game point, D ½: B, D. After round 2 B and
 * D (1 match point, 3 and 2½) are apart; all four places are single.
 * Round 1 only, with C–D 2-2 instead: C and D 1 match point, 2 game
 * points each, and they met in a draw: DE 1 each; Buchholz 1 each (each
 * other's match point). Tied on everything: they share 2nd–3rd. */
static void
test_shared (void)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_autoptr (GPtrArray) rows = NULL;
  const ArbTeamStandingsRow *c, *d;

  add (matches, 1, "A", "B", 6, 2, 4);
  add (matches, 1, "C", "D", 4, 4, 4);
  rows = arb_team_standings_compute (matches, 0);
  c = rows->pdata[1];
  d = rows->pdata[2];
  g_assert_cmpstr (c->team, ==, "C");
  g_assert_cmpstr (d->team, ==, "D");
  g_assert_cmpfloat (c->direct_encounter, ==, 1);
  g_assert_cmpfloat (d->buchholz, ==, 1);
  g_assert_cmpint (c->place_first, ==, 2);
  g_assert_cmpint (c->place_last, ==, 3);
  g_assert_cmpint (d->place_first, ==, 2);
  g_assert_cmpint (d->place_last, ==, 3);
  g_assert_cmpint (((ArbTeamStandingsRow *) rows->pdata[0])->place_last, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/round/standings-teams/order", test_order);
  g_test_add_func ("/round/standings-teams/shared", test_shared);
  return g_test_run ();
}
