/* arb-standings.c: standings and tie-breaks from the tournament record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tie-breaks are those of the FIDE Tie-Break Regulations (Handbook
 * C.07, approved by the FIDE Council on 1 August 2023, applied from
 * 1 September 2023 to FIDE's own events and from 1 April 2024 to all
 * FIDE-rated events; the text republished for 1 April 2024 changed
 * explanations, not definitions). Of the Handbook's text only the
 * opening (Articles 1 to 4.1: scope, shared places or a method of
 * ranking, play-offs, the ordered list of tie-breaks the tournament's
 * regulations choose) was at hand; the article numbers below past it (6
 * direct encounter, 7.1 to 7.3 and 7.5 the counts and progressive
 * score, 8.1 Buchholz, 9.1 Sonneborn-Berger, 9.2 Koya, 10.1 ARO, 14 the
 * Cut and Median modifiers, 15.2 and 16 unplayed rounds) are those that
 * the FIDE Technical Commission's TieBreakServer and the other
 * implementations citing C.07 agree on, and the answers to the
 * Technical Commission's tie-break exercise of March 2024, as a public
 * implementation's tests repeat them (tests/core/round/test-standings.c
 * works them again by hand), agree with this code; check the numbers
 * against the Handbook before quoting them to a player.
 * FIDE has since published a further edition ("Play-Off and Tie-Break
 * Regulations", in force from 1 March 2026). A public summary of it,
 * article by article, gives the same numbers for every article cited
 * here. Of its changes this file follows the caps on the dummy
 * opponent's score (16.4.1 and 16.4.2, ARB_UNPLAYED_C07_2026), and
 * arb-standings-counts.c computes, from its text, its new 7.7 STD and
 * 7.8 TPN and the tie-breaks of its list that need no rating and were
 * missing here (BH-C2, BH-M2, SB-C1, BWG, REP, AOB, FB), and
 * arb-standings-rating.c its Article 10 (TPR, PTP, APRO, APPO and the new
 * 10.6 RTNG, forfeits unplayed for them as 15.2 has it). The round
 * robin's rule (15.2 with its two exceptions) and the Koya Limit
 * modifier (14.5) are here, from the event's settings.
 *
 * Unplayed rounds (C.07 Article 16), as those implementations and the
 * published summaries agree:
 *  - a voluntarily unplayed round (VUR) is a forfeit loss, a half-point
 *    or zero-point bye, or an absence; a forfeit win and a full-point or
 *    pairing-allocated bye are not;
 *  - for the tie-breaks made of the opponents' scores (Buchholz,
 *    Sonneborn-Berger), each of a participant's own unplayed rounds,
 *    forfeits included, is evaluated as a game against a "dummy
 *    opponent" whose score is the participant's own final score (this
 *    replaced the 2009 "virtual opponent");
 *  - an opponent's score is taken as it is, except that the byes and
 *    absences after the opponent's last round that was no VUR (a
 *    withdrawal) are counted as draws (a forfeit there keeps its points);
 *  - the cut of a Cut or Median modifier takes a VUR's value first (the
 *    least significant value otherwise); the Median's cut at the top
 *    takes the highest value.
 * TieBreakServer numbers the categories of unplayed rounds 16.2.1 to
 * 16.2.5 and the adjusted score 16.3.2 in its comments; those numbers
 * are not checked against the text either.
 *
 * The event may choose another rule for unplayed rounds (ArbScoring's
 * unplayed, arb-standings.h): the one before C.07 or none. Each
 * tie-break below says what an unplayed round is to it under each. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arb-standings.h"
#include "arb-standings-private.h"

#include <json-glib/json-glib.h>

#include "arb-direct-encounter.h"
#include "arb-enum-nick.h"
#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-round-enums.h"
#include "arb-stored-json.h"

/* The default order for an individual Swiss when the event names none:
 * the project's choice (issue 29), not a list C.07 prescribes; C.07
 * Article 4.1 leaves the order to the tournament's regulations. */
static const ArbTiebreak default_order[] = {
  ARB_TIEBREAK_BUCHHOLZ_CUT1, ARB_TIEBREAK_BUCHHOLZ, ARB_TIEBREAK_SONNEBORN_BERGER,
  ARB_TIEBREAK_PROGRESSIVE,   ARB_TIEBREAK_WINS,
};

void
arb_scoring_init_default (ArbScoring *scoring)
{
  g_return_if_fail (scoring != NULL);
  scoring->win = 1.0;
  scoring->draw = 0.5;
  scoring->loss = 0.0;
  scoring->unplayed = ARB_UNPLAYED_C07;
  scoring->round_robin = FALSE;
  scoring->koya_limit = 0;
}

const char *
arb_unplayed_rule_to_key (ArbUnplayedRule rule)
{
  g_return_val_if_fail ((guint) rule < ARB_UNPLAYED_N, NULL);
  return arb_enum_nick (ARB_TYPE_UNPLAYED_RULE, (int) rule);
}

gboolean
arb_unplayed_rule_from_key (const char *key, ArbUnplayedRule *rule)
{
  int value;

  g_return_val_if_fail (key != NULL, FALSE);
  if (!arb_enum_from_nick_ascii_nocase (ARB_TYPE_UNPLAYED_RULE, key, &value))
    return FALSE;
  if (rule != NULL)
    *rule = (ArbUnplayedRule) value;
  return TRUE;
}

gboolean
arb_scoring_parse (const char *text, ArbScoring *scoring)
{
  g_auto (GStrv) parts = NULL;
  double v[3];

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (scoring != NULL, FALSE);

  parts = g_strsplit (text, "-", -1);
  if (g_strv_length (parts) != 3)
    return FALSE;
  for (int i = 0; i < 3; i++)
    {
      char *end = NULL;

      v[i] = g_ascii_strtod (parts[i], &end);
      if (parts[i][0] == '\0' || end == NULL || *end != '\0' || !isfinite (v[i]) || v[i] < 0 ||
          v[i] > 1000)
        return FALSE;
    }
  if (v[0] < v[1] || v[1] < v[2])
    return FALSE;
  scoring->win = v[0];
  scoring->draw = v[1];
  scoring->loss = v[2];
  return TRUE;
}

const char *
arb_tiebreak_to_key (ArbTiebreak tiebreak)
{
  g_return_val_if_fail ((guint) tiebreak < ARB_TIEBREAK_N, NULL);
  return arb_enum_nick (ARB_TYPE_TIEBREAK, (int) tiebreak);
}

gboolean
arb_tiebreak_from_key (const char *key, ArbTiebreak *tiebreak)
{
  int value;

  g_return_val_if_fail (key != NULL, FALSE);
  if (!arb_enum_from_nick_ascii_nocase (ARB_TYPE_TIEBREAK, key, &value))
    return FALSE;
  if (tiebreak != NULL)
    *tiebreak = (ArbTiebreak) value;
  return TRUE;
}

const ArbTiebreak *
arb_tiebreak_default_order (guint *n)
{
  if (n != NULL)
    *n = G_N_ELEMENTS (default_order);
  return default_order;
}

static guint
order_from_json (JsonArray *array, ArbTiebreak *order)
{
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (json_node_get_value_type (node) != G_TYPE_STRING || n == ARB_TIEBREAK_MAX_ORDER ||
          !arb_tiebreak_from_key (json_node_get_string (node), &order[n]))
        return 0; /* not an order this reads: the default */
      n++;
    }
  return n;
}

void
arb_standings_event_settings (const ArbEventInfo *event,
                              ArbScoring *scoring,
                              ArbTiebreak *order,
                              guint *n_order)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonNode *root = NULL, *member;
  JsonObject *object;
  guint n = 0;

  g_return_if_fail (event != NULL);
  g_return_if_fail (scoring != NULL);
  g_return_if_fail (order != NULL);
  g_return_if_fail (n_order != NULL);

  arb_scoring_init_default (scoring);
  *n_order = G_N_ELEMENTS (default_order);
  memcpy (order, default_order, sizeof default_order);
  if (event->settings == NULL || !arb_stored_json_load (parser, event->settings, NULL))
    return;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  object = json_node_get_object (root);
  member = json_object_get_member (object, "scoring");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_STRING &&
      !arb_scoring_parse (json_node_get_string (member), scoring))
    arb_scoring_init_default (scoring);
  member = json_object_get_member (object, "unplayed_rounds");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_STRING &&
      !arb_unplayed_rule_from_key (json_node_get_string (member), &scoring->unplayed))
    scoring->unplayed = ARB_UNPLAYED_C07;
  member = json_object_get_member (object, "round_robin");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_BOOLEAN)
    scoring->round_robin = json_node_get_boolean (member);
  member = json_object_get_member (object, "koya_limit");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_INT64 &&
      ABS (json_node_get_int (member)) <= ARB_KOYA_LIMIT_MAX)
    scoring->koya_limit = (int) json_node_get_int (member);
  member = json_object_get_member (object, "tiebreaks");
  if (member != NULL && JSON_NODE_HOLDS_ARRAY (member))
    n = order_from_json (json_node_get_array (member), order);
  if (n > 0)
    *n_order = n;
  else
    memcpy (order, default_order, sizeof default_order);
}

void
arb_standings_row_free (ArbStandingsRow *row)
{
  if (row == NULL)
    return;
  g_free (row->name);
  g_free (row);
}

char *
arb_standings_row_place (const ArbStandingsRow *row)
{
  g_return_val_if_fail (row != NULL, NULL);
  if (row->place_last > row->place_first)
    return g_strdup_printf ("%d\u2013%d", row->place_first, row->place_last);
  return g_strdup_printf ("%d", row->place_first);
}

static int
find_entrant (const ArbStandingsTable *t, gint64 id)
{
  for (guint i = 0; i < t->n; i++)
    if (t->entrants[i].info->id == id)
      return (int) i;
  return -1;
}

static double
points_of (const ArbScoring *s, guint half)
{
  return half >= 2 ? s->win : half == 1 ? s->draw : s->loss;
}

/* A bye by its TRF code (TRF16: H half point, F full point, U
 * pairing-allocated, Z zero point). Only H and Z are a VUR. */
static void
set_bye (ArbStandingsRound *r, const char *code, const ArbScoring *s)
{
  char c = code != NULL ? code[0] : 'Z';

  r->kind = ROUND_BYE;
  r->opponent = -1;
  switch (c)
    {
    case 'H':
      r->points = s->draw;
      r->fraction = 0.5;
      r->vur = TRUE;
      break;
    case 'F':
    case 'U':
      r->points = s->win;
      r->fraction = 1.0;
      r->vur = FALSE;
      break;
    default:
      r->points = s->loss;
      r->fraction = 0.0;
      r->vur = TRUE;
      break;
    }
}

static void
set_side (ArbStandingsRound *r,
          int opponent,
          gboolean black,
          guint half,
          gboolean forfeit,
          const ArbScoring *s)
{
  r->kind = forfeit ? ROUND_FORFEIT : ROUND_PLAYED;
  r->opponent = opponent;
  r->black = black;
  r->points = points_of (s, half);
  r->fraction = half / 2.0;
  /* A forfeit loss is a VUR; "--" is one for both. */
  r->vur = forfeit && half == 0;
}

static void
record_game (ArbStandingsTable *t, const ArbGameInfo *g, const ArbScoring *s)
{
  int w = find_entrant (t, g->white_id);
  int b = g->black_id != 0 ? find_entrant (t, g->black_id) : -1;
  guint wh = 0, bh = 0;
  gboolean forfeit;

  if (w < 0 && b < 0)
    return;
  if (g->black_id == 0)
    {
      if (w >= 0)
        set_bye (&t->entrants[w].rounds[g->round], g->bye_code, s);
      return;
    }
  if (!arb_result_is_final (g->result))
    return; /* not yet decided: the round counts nothing yet */
  arb_result_half_points (g->result, &wh, &bh);
  forfeit = arb_result_is_forfeit (g->result);
  if (w >= 0)
    set_side (&t->entrants[w].rounds[g->round], b, FALSE, wh, forfeit, s);
  if (b >= 0)
    set_side (&t->entrants[b].rounds[g->round], w, TRUE, bh, forfeit, s);
}

/* An opponent's score as the tie-breaks of the others count it.
 * C.07 Article 16: the unplayed rounds without an opponent (byes,
 * absences) after the last round that was no VUR (a withdrawal) count as
 * draws; a forfeit keeps its points: it had an opponent. This is how the
 * FIDE Technical Commission's TieBreakServer applies its "16.3.2".
 * The rule before C.07: every unplayed round, byes and forfeits alike,
 * counts as a draw. Plain: the score as it stands. */
double
arb_standings_adjusted_score (const ArbStandingsEntrant *e,
                              int n,
                              const ArbScoring *s,
                              ArbUnplayedRule rule)
{
  int last = n;
  double score = 0;

  if (rule == ARB_UNPLAYED_PLAIN)
    return e->points;
  while (last >= 1 && e->rounds[last].vur)
    last--;
  for (int r = 1; r <= n; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];
      gboolean no_opponent = round->kind == ROUND_BYE || round->kind == ROUND_ABSENT;

      if (rule == ARB_UNPLAYED_FIDE_2009)
        score += round->kind == ROUND_PLAYED ? round->points : s->draw;
      else
        score += r > last && no_opponent ? s->draw : round->points;
    }
  return score;
}

/* The value an unplayed round @r of @e brings to its Buchholz: C.07
 * Article 16, the dummy opponent with @e's own final score (capped in
 * the 2026 edition); before C.07,
 * the virtual opponent, with @e's score before round @r, the result
 * opposite to @e's in it and a draw in each later round; plain, the
 * opponent the pairing named (a forfeit), with the score as it stands,
 * and nothing when there was none. */
static double
unplayed_value (const ArbStandingsTable *t, const ArbStandingsEntrant *e, int r, double before)
{
  const ArbStandingsRound *round = &e->rounds[r];

  switch (t->rule)
    {
    case ARB_UNPLAYED_FIDE_2009:
      return before + points_of (t->scoring, (guint) (2 - round->fraction * 2)) +
             t->scoring->draw * (t->rounds - r);
    case ARB_UNPLAYED_PLAIN:
      return round->opponent >= 0 ? t->entrants[round->opponent].points : 0;
    case ARB_UNPLAYED_C07_2026:
      /* 16.4.1: a forfeit's dummy has at most the scheduled opponent's
       * adjusted score (16.3); 16.4.2: any other unplayed round's at
       * most a draw in every round. */
      if (round->kind == ROUND_FORFEIT && round->opponent >= 0)
        return MIN (e->points, t->entrants[round->opponent].adjusted);
      return MIN (e->points, t->scoring->draw * t->rounds);
    case ARB_UNPLAYED_C07:
    default:
      return e->points;
    }
}

/* Whether the cut takes value @i before value @j: the lower rank (the
 * higher for a cut at the top, @low FALSE), of equal ranks the lower value
 * (the higher). */
static gboolean
cuts_first (const double *values, const double *ranks, int i, int j, gboolean low)
{
  double d = ranks[i] != ranks[j] ? ranks[i] - ranks[j] : values[i] - values[j];

  return low ? d < 0 : d > 0;
}

/* C.07 Article 14: each cut takes away the least significant value
 * remaining (the lowest @ranks, the values themselves when NULL; of equal
 * ranks the lowest value: 14.1.1 for Sonneborn-Berger); Cut-1 and Cut-2
 * cut @low of them (14.1, 14.2), Median-1 and Median-2 then also @high of
 * the most significant (14.3, 14.4). Article 16.5 (@vur NULL under the
 * rules before it, which cut the least significant): each low cut takes
 * instead the lowest VUR's value as long as it is not lower than the
 * least significant value (for Buchholz it never is: the VUR's is cut;
 * for Sonneborn-Berger the higher of the two goes), again for each
 * further cut (16.5.2). */
double
arb_standings_cut_sum (const double *values,
                       const double *ranks,
                       const gboolean *vur,
                       int n,
                       int low,
                       int high)
{
  g_autofree gboolean *cut = g_new0 (gboolean, MAX (n, 1));
  double total = 0;

  if (ranks == NULL)
    ranks = values;
  for (int c = 0; c < low + high; c++)
    {
      int pick = -1, lowest_vur = -1;

      for (int i = 0; i < n; i++)
        {
          if (cut[i])
            continue;
          if (pick < 0 || cuts_first (values, ranks, i, pick, c < low))
            pick = i;
          if (c < low && vur != NULL && vur[i] &&
              (lowest_vur < 0 || values[i] < values[lowest_vur]))
            lowest_vur = i;
        }
      if (pick < 0)
        break;
      if (lowest_vur >= 0 && values[lowest_vur] >= values[pick])
        pick = lowest_vur;
      cut[pick] = TRUE;
    }
  for (int i = 0; i < n; i++)
    if (!cut[i])
      total += values[i];
  return total;
}

double
arb_standings_round_value (const ArbStandingsTable *t,
                           const ArbStandingsEntrant *e,
                           int r,
                           double before)
{
  const ArbStandingsRound *round = &e->rounds[r];

  /* Articles 8.1 and 9.1 with 16: a played game brings the opponent's
   * adjusted score, an unplayed round its rule's value. */
  return round->kind == ROUND_PLAYED ? t->entrants[round->opponent].adjusted
                                     : unplayed_value (t, e, r, before);
}

static void
opponent_tiebreaks (ArbStandingsTable *t, ArbStandingsEntrant *e)
{
  g_autofree double *values = g_new0 (double, t->rounds + 1);
  g_autofree gboolean *vur = g_new0 (gboolean, t->rounds + 1);
  double bh = 0, sb = 0, rating_sum = 0, cumulative = 0, ps = 0;
  int rated = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];

      values[r - 1] = arb_standings_round_value (t, e, r, cumulative);
      vur[r - 1] = round->vur;
      bh += values[r - 1];
      sb += values[r - 1] * round->fraction; /* Article 9.1 */
      /* Article 7.5: the points of every round as scored, played or not,
       * under every rule. */
      cumulative += round->points;
      ps += cumulative;
      /* 7.2 and 7.3 count games played over the board only, under
       * every rule for unplayed rounds; in a round robin a forfeit won
       * too (15.2's second exception leaves only forfeit losses out). */
      if (arb_standings_own_game (t, round))
        {
          e->values[ARB_TIEBREAK_GAMES_WON] += round->fraction == 1.0; /* 7.2 */
          e->values[ARB_TIEBREAK_BLACK_GAMES] += round->black;         /* 7.3 */
        }
      if (round->kind == ROUND_PLAYED)
        {
          int rating = t->entrants[round->opponent].info->rating;

          /* Article 10.1 with 15.2: the played games' opponents only,
           * under every rule; an unrated opponent is left out (no rating
           * the event sets). */
          if (rating > 0)
            {
              rating_sum += rating;
              rated++;
            }
        }
      /* 7.1: the rounds scored as a win, with or without playing,
       * under every rule. */
      e->values[ARB_TIEBREAK_WINS] += round->fraction == 1.0;
    }
  e->values[ARB_TIEBREAK_BUCHHOLZ] = bh;
  e->values[ARB_TIEBREAK_BUCHHOLZ_CUT1] = arb_standings_cut_sum (
    values, NULL, arb_standings_cuts_vur_first (t->rule) ? vur : NULL, t->rounds, 1, 0);
  e->values[ARB_TIEBREAK_BUCHHOLZ_MEDIAN1] = arb_standings_cut_sum (
    values, NULL, arb_standings_cuts_vur_first (t->rule) ? vur : NULL, t->rounds, 1, 1);
  e->values[ARB_TIEBREAK_SONNEBORN_BERGER] = sb;
  e->values[ARB_TIEBREAK_PROGRESSIVE] = ps;
  /* Rounded to the nearest whole number (Article 10.1). */
  e->values[ARB_TIEBREAK_ARO] = rated > 0 ? floor (rating_sum / rated + 0.5) : 0;
}

/* C.07 Article 9.2, the Koya system for round robins: the points a
 * participant scored against the opponents who finished with at least
 * half the score possible (a win in every round). A round with an
 * opponent counts, a forfeit too, as the FIDE Technical Commission's
 * TieBreakServer counts it; a bye has no opponent and counts nothing.
 * The Limit modifier (14.5) moves the 50 % line by the event's number of
 * half points, a half point being half a win's points (½ under 1-½-0;
 * the text says half points and no more). The opponents' final scores
 * count as they stand, under every rule for unplayed rounds: Koya
 * adjusts none. */
static void
koya (ArbStandingsTable *t, ArbStandingsEntrant *e)
{
  double limit = t->win * t->rounds / 2.0 + t->koya_limit * t->win / 2.0, ks = 0;

  for (int r = 1; r <= t->rounds; r++)
    {
      const ArbStandingsRound *round = &e->rounds[r];

      if ((round->kind == ROUND_PLAYED || round->kind == ROUND_FORFEIT) &&
          t->entrants[round->opponent].points >= limit)
        ks += round->points;
    }
  e->values[ARB_TIEBREAK_KOYA] = ks;
}

/* C.07 Article 6, direct encounter. Among the participants of @members
 * (tied on points and on every tie-break the order puts before DE), each
 * one's points from the games played between them; two who met more than
 * once count the average of their games (6.1). When every two of them
 * met, the scores rank them; when some did not meet (6.2), a participant
 * is placed ahead only when the score is more than any other still tied
 * could have reached winning the games they did not play against the
 * group, from the top down; whoever is left stays tied. The procedure is
 * applied again to each smaller group still tied, as the FIDE Technical
 * Commission's TieBreakServer does; the numbers 6.1 and 6.2 are those its
 * comments give. Forfeits are no games here under every rule for
 * unplayed rounds (6.1.1 leaves out the forfeits 15.2 does not cover),
 * but in a round robin, where 15.2 makes them regular games, they are. */
static gboolean
de_scores (gpointer data, const int *members, int m, ArbDeScore *s)
{
  ArbStandingsTable *t = data;
  gboolean all_met = TRUE;

  for (int k = 0; k < m; k++)
    {
      const ArbStandingsEntrant *e = &t->entrants[members[k]];
      int met = 0;

      s[k].index = members[k];
      s[k].score = 0;
      for (int o = 0; o < m; o++)
        {
          double sum = 0;
          int games = 0;

          for (int r = 1; r <= t->rounds && o != k; r++)
            if ((e->rounds[r].kind == ROUND_PLAYED ||
                 (t->round_robin && e->rounds[r].kind == ROUND_FORFEIT)) &&
                e->rounds[r].opponent == members[o])
              {
                sum += e->rounds[r].points;
                games++;
              }
          if (games > 0)
            {
              s[k].score += sum / games;
              met++;
            }
        }
      s[k].best = s[k].score + (m - 1 - met) * t->win;
      all_met = all_met && met == m - 1;
    }
  return all_met;
}

static void
de_value (gpointer data, int index, double value)
{
  ((ArbStandingsTable *) data)->entrants[index].values[ARB_TIEBREAK_DIRECT_ENCOUNTER] = value;
}

static void
de_rank (gpointer data, int index, int rank)
{
  ((ArbStandingsTable *) data)->entrants[index].de_rank = rank;
}

/* The entrants tied before DE is reached: the same points and the same
 * values of the tie-breaks the order names before its first DE. */
static gboolean
tied_before_de (const ArbStandingsTable *t,
                const ArbStandingsEntrant *x,
                const ArbStandingsEntrant *y)
{
  if (x->points != y->points)
    return FALSE;
  for (guint i = 0; i < t->n_order && t->order[i] != ARB_TIEBREAK_DIRECT_ENCOUNTER; i++)
    if (x->values[t->order[i]] != y->values[t->order[i]])
      return FALSE;
  return TRUE;
}

static void
direct_encounter (ArbStandingsTable *t)
{
  g_autofree gboolean *done = g_new0 (gboolean, MAX (t->n, 1));
  g_autofree int *members = g_new (int, MAX (t->n, 1));

  for (guint i = 0; i < t->n; i++)
    {
      int m = 0;

      if (done[i])
        continue;
      for (guint j = i; j < t->n; j++)
        if (!done[j] && tied_before_de (t, &t->entrants[i], &t->entrants[j]))
          {
            done[j] = TRUE;
            members[m++] = (int) j;
          }
      arb_direct_encounter_rank (members, m, de_scores, de_value, de_rank, t);
    }
}

/* Points, then the order; 0 when the tie-breaks leave the two tied. */
static int
compare_tied (const ArbStandingsEntrant *x,
              const ArbStandingsEntrant *y,
              const ArbStandingsTable *t)
{
  if (x->points != y->points)
    return x->points > y->points ? -1 : 1;
  for (guint i = 0; i < t->n_order; i++)
    {
      double vx = x->values[t->order[i]], vy = y->values[t->order[i]];

      /* Direct encounter ranks within its group (Article 6). */
      if (t->order[i] == ARB_TIEBREAK_DIRECT_ENCOUNTER)
        vx = -x->de_rank, vy = -y->de_rank;
      /* The pairing number ranks the lower first (Article 7.8). */
      else if (arb_standings_sorts_ascending (t->order[i]))
        vx = -vx, vy = -vy;
      if (vx != vy)
        return vx > vy ? -1 : 1;
    }
  return 0;
}

static int
compare_entrants (gconstpointer a, gconstpointer b, gpointer data)
{
  const ArbStandingsEntrant *x = a, *y = b;
  int c = compare_tied (x, y, data);

  if (c != 0)
    return c;
  /* Still tied: by starting rank; they share a place (rows_of). */
  return (x->info->start_no > y->info->start_no) - (x->info->start_no < y->info->start_no);
}

/* The round the standings are after: @up_to, or when 0 the last round
 * all of whose games have a result (a round in play counts nothing). */
static int
last_round (GPtrArray *games, int up_to)
{
  int n = 0, open = ARB_TOURNAMENT_MAX_ROUND + 1;

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round < 1 || g->round > ARB_TOURNAMENT_MAX_ROUND)
        continue;
      if (up_to > 0 && g->round > up_to)
        continue;
      n = MAX (n, g->round);
      if (g->black_id != 0 && !arb_result_is_final (g->result))
        open = MIN (open, g->round);
    }
  return up_to > 0 ? n : MIN (n, open - 1);
}

static GPtrArray *
rows_of (ArbStandingsTable *t)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_standings_row_free);

  guint first = 0;

  for (guint i = 0; i < t->n; i++)
    {
      const ArbStandingsEntrant *e = &t->entrants[i];
      ArbStandingsRow *row = g_new0 (ArbStandingsRow, 1);
      guint last = i;

      /* C.07 Article 2.1: the tied who stay tied may share a place. */
      if (i > 0 && compare_tied (&t->entrants[i - 1], e, t) != 0)
        first = i;
      while (last + 1 < t->n && compare_tied (&t->entrants[last + 1], e, t) == 0)
        last++;
      row->rank = (int) i + 1;
      row->place_first = (int) first + 1;
      row->place_last = (int) last + 1;
      row->after_round = t->rounds;
      row->player_id = e->info->id;
      row->start_no = e->info->start_no;
      row->name = g_strdup (e->info->name);
      row->rating = e->info->rating;
      row->points = e->points;
      memcpy (row->values, e->values, sizeof row->values);
      g_ptr_array_add (rows, row);
    }
  return rows;
}

GPtrArray *
arb_standings_compute (GPtrArray *players,
                       GPtrArray *games,
                       int up_to,
                       const ArbScoring *scoring,
                       const ArbTiebreak *order,
                       guint n_order)
{
  ArbStandingsTable t = { 0 };
  GPtrArray *rows;

  g_return_val_if_fail (players != NULL, NULL);
  g_return_val_if_fail (games != NULL, NULL);
  g_return_val_if_fail (scoring != NULL, NULL);
  g_return_val_if_fail (order != NULL || n_order == 0, NULL);

  t.n = players->len;
  t.rounds = last_round (games, up_to);
  t.order = order;
  t.n_order = n_order;
  t.scoring = scoring;
  /* A rule out of range (an ArbScoring never zeroed) reads as C.07's. */
  t.rule = (guint) scoring->unplayed < ARB_UNPLAYED_N ? scoring->unplayed : ARB_UNPLAYED_C07;
  /* C.07 Article 15.2: with pairings fixed in advance a forfeit is the
   * only unplayed round and counts as a regular game: the opponents'
   * scores as they stand, a forfeit against the scheduled opponent, no
   * dummy and no VUR cut first: the plain rule. Article 16 is the
   * Swiss's (15.3). */
  t.round_robin = scoring->round_robin;
  t.koya_limit = scoring->koya_limit;
  if (t.round_robin)
    t.rule = ARB_UNPLAYED_PLAIN;
  t.win = scoring->win;
  t.entrants = g_new0 (ArbStandingsEntrant, MAX (t.n, 1));
  for (guint i = 0; i < t.n; i++)
    {
      t.entrants[i].info = players->pdata[i];
      t.entrants[i].rounds = g_new0 (ArbStandingsRound, t.rounds + 1);
      for (int r = 1; r <= t.rounds; r++)
        {
          /* Absent until a game or a bye says otherwise: a zero-point
           * bye, a VUR. */
          set_bye (&t.entrants[i].rounds[r], "Z", scoring);
          t.entrants[i].rounds[r].kind = ROUND_ABSENT;
        }
    }
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round >= 1 && g->round <= t.rounds)
        record_game (&t, g, scoring);
    }
  for (guint i = 0; i < t.n; i++)
    for (int r = 1; r <= t.rounds; r++)
      t.entrants[i].points += t.entrants[i].rounds[r].points;
  for (guint i = 0; i < t.n; i++)
    t.entrants[i].adjusted =
      arb_standings_adjusted_score (&t.entrants[i], t.rounds, scoring, t.rule);
  for (guint i = 0; i < t.n; i++)
    opponent_tiebreaks (&t, &t.entrants[i]);
  for (guint i = 0; i < t.n; i++)
    koya (&t, &t.entrants[i]);
  /* Before DE: it groups by the tie-breaks the order puts first. */
  arb_standings_counts (&t);
  arb_standings_rating_tiebreaks (&t);
  direct_encounter (&t);
  /* The rounds point into the entrants by index: sort last. */
  for (guint i = 0; i < t.n; i++)
    g_clear_pointer (&t.entrants[i].rounds, g_free);
  g_qsort_with_data (t.entrants, (gint) t.n, sizeof (ArbStandingsEntrant), compare_entrants, &t);
  rows = rows_of (&t);
  g_free (t.entrants);
  return rows;
}

static gboolean
put_unplayed_rule (JsonObject *settings, gpointer user_data, GError **error)
{
  json_object_set_string_member (settings, "unplayed_rounds", user_data);
  return TRUE;
}

gboolean
arb_standings_set_unplayed_rule (ArbTournament *tournament, ArbUnplayedRule rule, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail ((guint) rule < ARB_UNPLAYED_N, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The read and the write of the settings in one transaction. */
  return arb_event_settings_edit (tournament, put_unplayed_rule,
                                  (gpointer) arb_unplayed_rule_to_key (rule), error);
}

GPtrArray *
arb_standings_read (ArbTournament *tournament,
                    int up_to,
                    const ArbScoring *scoring,
                    const ArbTiebreak *order,
                    guint n_order,
                    GError **error)
{
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (scoring != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  players = arb_tournament_list_players (tournament, error);
  if (players == NULL)
    return NULL;
  games = arb_tournament_list_games (tournament, 0, error);
  if (games == NULL)
    return NULL;
  return arb_standings_compute (players, games, up_to, scoring, order, n_order);
}
