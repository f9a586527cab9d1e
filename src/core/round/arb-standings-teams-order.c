/* arb-standings-teams-order.c: the order of a team event's standings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A team event ranks by its primary score, match points or game points
 * (FIDE Tie-Break Regulations, Handbook C.07, 2026 edition, 11.1), then
 * by the ordered list of tie-breaks its settings name ("team_tiebreaks"),
 * each applied to the groups the ones before it left tied (4.2). The
 * values are computed in arb-standings-teams.c; here they are compared:
 *  - one value each (MPvGP, BH, SB, the four ESB, SSSC, BC): more ranks
 *    first, save BC's, where less does (12.1);
 *  - board count (12.1) "can only be used" when the teams tied have the
 *    same game points: a group whose game points differ (match points
 *    first, BC named before MPvGP) is left tied by it, for the
 *    tie-breaks after it;
 *  - top board results (12.2): the game points scored on board 1 over
 *    the event; when equal, those on board 2, and so on down;
 *  - bottom board elimination (12.3): the game points on every board but
 *    the bottom one; when equal, the bottom two left out, and so on up to
 *    board 1 alone. For both, a forfeited game counts as its result
 *    says and a pairing-allocated bye a game won on every board (the
 *    preamble of Article 12; arb-standings-teams.c counts the boards);
 *  - direct encounter (Article 6) on the primary score, within the group
 *    (arb-direct-encounter.h);
 *  - extended direct encounter (13.3): direct encounter on the primary
 *    score; when it separates no one of the group ("breaks no ties",
 *    read so: a group it splits at all goes on as below), on the
 *    secondary score (13.3.1); and again from the primary score for each
 *    smaller group either left tied (13.3.3). The value shown is the
 *    first direct encounter's, on the primary score. 13.3.2 leaves it to the competition's
 *    rules whether Article 12 follows for two teams still tied, and in
 *    which order: here the event says so by naming BC, TBR or BBE after
 *    EDE, and they then apply to any group left tied, of two teams or
 *    more (the text names two because EDE rarely leaves more). The four
 *    combinations 13.3.2 names (EDEBT: EDE, BC, TBR; EDEBB: EDE, BC, BBE;
 *    EDET: EDE, TBR; EDEB: EDE, BBE) are read so from a TRF.
 * A tie-break of the order may name its score (13: "the reference score
 * can be MP or GP"): DE, BH and SB on match or game points, whichever
 * ranks first (BH:GP in an event ranked by match points); and the sums
 * BH, SB and the four ESB take a Cut or Median (14.1 to 14.4), which
 * arb-standings-teams.c counts with the exception of 16.5.
 */

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-standings-teams-order.h"
#include "arb-enum-nick.h"
#include "arb-event-settings.h"
#include "arb-round-enums.h"
#include "arb-standings.h"
#include "arb-stored-json.h"

/* The headings' acronyms; the stored keys are the enum's nicks. */
static const char *const acronyms[ARB_TEAM_ORDER_N] = {
  [ARB_TEAM_ORDER_MPVGP] = "MPvGP", [ARB_TEAM_ORDER_DE] = "DE",
  [ARB_TEAM_ORDER_EDE] = "EDE",     [ARB_TEAM_ORDER_BH] = "BH",
  [ARB_TEAM_ORDER_SB] = "SB",       [ARB_TEAM_ORDER_EMMSB] = "EMMSB",
  [ARB_TEAM_ORDER_EMGSB] = "EMGSB", [ARB_TEAM_ORDER_EGMSB] = "EGMSB",
  [ARB_TEAM_ORDER_EGGSB] = "EGGSB", [ARB_TEAM_ORDER_SSSC] = "SSSC",
  [ARB_TEAM_ORDER_BC] = "BC",       [ARB_TEAM_ORDER_TBR] = "TBR",
  [ARB_TEAM_ORDER_BBE] = "BBE",
};

static const ArbTeamOrderKey default_order[] = {
  ARB_TEAM_ORDER_MPVGP,
  ARB_TEAM_ORDER_DE,
  ARB_TEAM_ORDER_BH,
  ARB_TEAM_ORDER_SB,
};

const char *
arb_team_score_to_key (ArbTeamScore score)
{
  return arb_enum_nick (ARB_TYPE_TEAM_SCORE, (int) score);
}

gboolean
arb_team_score_from_key (const char *key, ArbTeamScore *score)
{
  int value;

  if (!arb_enum_from_nick (ARB_TYPE_TEAM_SCORE, key, &value))
    return FALSE;
  *score = (ArbTeamScore) value;
  return TRUE;
}

const char *
arb_team_order_to_key (ArbTeamOrderKey key)
{
  return arb_enum_nick (ARB_TYPE_TEAM_ORDER_KEY, (int) key);
}

const char *
arb_team_order_acronym (ArbTeamOrderKey key)
{
  return (guint) key < ARB_TEAM_ORDER_N ? acronyms[key] : NULL;
}

gboolean
arb_team_order_from_key (const char *key, ArbTeamOrderKey *out)
{
  int value;

  if (!arb_enum_from_nick (ARB_TYPE_TEAM_ORDER_KEY, key, &value))
    return FALSE;
  *out = (ArbTeamOrderKey) value;
  return TRUE;
}

void
arb_team_match_points_init_default (ArbTeamMatchPoints *points)
{
  g_return_if_fail (points != NULL);
  /* TRF-2026 record 362's defaults: TW 2.0, TD 1.0, TL 0.0. */
  points->win = 2;
  points->draw = 1;
  points->loss = 0;
}

gboolean
arb_team_match_points_parse (const char *text, ArbTeamMatchPoints *points)
{
  ArbScoring scoring;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (points != NULL, FALSE);
  /* The same three numbers as a game's scoring, checked alike. */
  if (!arb_scoring_parse (text, &scoring))
    return FALSE;
  points->win = scoring.win;
  points->draw = scoring.draw;
  points->loss = scoring.loss;
  return TRUE;
}

char *
arb_team_match_points_to_text (const ArbTeamMatchPoints *points)
{
  ArbScoring scoring = { 0 };

  g_return_val_if_fail (points != NULL, NULL);
  /* Written as a game's scoring is, "3-1-0". */
  scoring.win = points->win;
  scoring.draw = points->draw;
  scoring.loss = points->loss;
  return arb_scoring_to_text (&scoring);
}

void
arb_team_match_points_from_event (const ArbEventInfo *event, ArbTeamMatchPoints *points)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root, *member;

  g_return_if_fail (points != NULL);
  arb_team_match_points_init_default (points);
  if (event == NULL || event->settings == NULL ||
      !arb_stored_json_load (parser, event->settings, NULL))
    return;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  member = json_object_get_member (json_node_get_object (root), "team_scoring");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_STRING)
    (void) arb_team_match_points_parse (json_node_get_string (member), points);
}

gboolean
arb_team_order_option_allowed (ArbTeamOrderKey key, const ArbTeamOrderOption *option)
{
  gboolean scored =
    key == ARB_TEAM_ORDER_DE || key == ARB_TEAM_ORDER_BH || key == ARB_TEAM_ORDER_SB;
  gboolean summed = key == ARB_TEAM_ORDER_BH || key == ARB_TEAM_ORDER_SB ||
                    (key >= ARB_TEAM_ORDER_EMMSB && key <= ARB_TEAM_ORDER_EGGSB);

  g_return_val_if_fail (option != NULL, FALSE);
  if (option->on != ARB_TEAM_ON_PRIMARY && !scored)
    return FALSE;
  if (option->modifier == '\0')
    return option->n == 0;
  return summed && (option->modifier == 'C' || option->modifier == 'M') &&
         (option->n == 1 || option->n == 2);
}

ArbTeamScore
arb_team_order_option_score (const ArbTeamOrderOption *option, ArbTeamScore primary)
{
  if (option == NULL || option->on == ARB_TEAM_ON_PRIMARY)
    return primary;
  return option->on == ARB_TEAM_ON_GP ? ARB_TEAM_SCORE_GP : ARB_TEAM_SCORE_MP;
}

gboolean
arb_team_order_has_plain (const ArbTeamOrder *order, ArbTeamOrderKey key, ArbTeamScore score)
{
  g_return_val_if_fail (order != NULL, FALSE);
  for (guint i = 0; i < order->n_order; i++)
    {
      if (order->options[i].modifier != '\0')
        continue;
      if (order->order[i] == key &&
          arb_team_order_option_score (&order->options[i], order->primary) == score)
        return TRUE;
      if (key == ARB_TEAM_ORDER_SB && score == ARB_TEAM_SCORE_GP &&
          order->order[i] == ARB_TEAM_ORDER_EGGSB)
        return TRUE;
    }
  return FALSE;
}

gboolean
arb_team_order_item_from_text (const char *text,
                               ArbTeamOrderKey *key,
                               ArbTeamOrderOption *option,
                               GError **error)
{
  g_autofree char *lower = NULL;
  char *dash, *colon;
  ArbTeamOrderOption read = { ARB_TEAM_ON_PRIMARY, '\0', 0 };

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (key != NULL && option != NULL, FALSE);
  lower = g_ascii_strdown (text, -1);
  /* The cut after a dash as the settings keep it, or after a slash as
   * the TRF codes write it ("BH:GP/C1"). */
  dash = strchr (lower, '-');
  if (dash == NULL)
    dash = strchr (lower, '/');
  colon = strchr (lower, ':');
  if (dash != NULL)
    {
      *dash = '\0';
      if ((dash[1] == 'c' || dash[1] == 'm') && (dash[2] == '1' || dash[2] == '2') &&
          dash[3] == '\0')
        {
          read.modifier = g_ascii_toupper (dash[1]);
          read.n = dash[2] - '0';
        }
      else
        read.modifier = '?';
    }
  if (colon != NULL)
    {
      *colon = '\0';
      read.on = strcmp (colon + 1, "mp") == 0   ? ARB_TEAM_ON_MP
                : strcmp (colon + 1, "gp") == 0 ? ARB_TEAM_ON_GP
                                                : (ArbTeamOn) -1;
    }
  if (!arb_team_order_from_key (lower, key) || (int) read.on < 0 || read.modifier == '?' ||
      !arb_team_order_option_allowed (*key, &read))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s a team tie-break as written ("bh:gp-c1"); keep the keys
                    * and options as they are */
                   _ ("“%s” is not a team tie-break: a key, then :mp or :gp for de, bh and sb, "
                      "then -c1, -c2, -m1 or -m2 (or /c1, /c2, /m1, /m2) for bh, sb and the "
                      "four ESB"),
                   text);
      return FALSE;
    }
  *option = read;
  return TRUE;
}

char *
arb_team_order_item_to_text (ArbTeamOrderKey key, const ArbTeamOrderOption *option)
{
  GString *text = g_string_new (arb_team_order_to_key (key));

  if (option != NULL && option->on != ARB_TEAM_ON_PRIMARY)
    g_string_append (text, option->on == ARB_TEAM_ON_GP ? ":gp" : ":mp");
  if (option != NULL && option->modifier != '\0')
    g_string_append_printf (text, "-%c%d", g_ascii_tolower (option->modifier), option->n);
  return g_string_free (text, FALSE);
}

char *
arb_team_order_item_title (ArbTeamOrderKey key, const ArbTeamOrderOption *option)
{
  GString *text = g_string_new (arb_team_order_acronym (key));

  if (option != NULL && option->on != ARB_TEAM_ON_PRIMARY)
    g_string_append (text, option->on == ARB_TEAM_ON_GP ? ":GP" : ":MP");
  if (option != NULL && option->modifier != '\0')
    g_string_append_printf (text, "/%c%d", option->modifier, option->n);
  return g_string_free (text, FALSE);
}

void
arb_team_order_init_default (ArbTeamOrder *order)
{
  g_return_if_fail (order != NULL);
  memset (order, 0, sizeof *order);
  order->primary = ARB_TEAM_SCORE_MP;
  order->n_order = G_N_ELEMENTS (default_order);
  memcpy (order->order, default_order, sizeof default_order);
}

void
arb_team_order_from_event (const ArbEventInfo *event, ArbTeamOrder *order)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *object;
  JsonNode *root, *member;
  guint n = 0;

  g_return_if_fail (order != NULL);
  arb_team_order_init_default (order);
  if (event == NULL || event->settings == NULL ||
      !arb_stored_json_load (parser, event->settings, NULL))
    return;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  object = json_node_get_object (root);
  member = json_object_get_member (object, "team_score");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_STRING &&
      !arb_team_score_from_key (json_node_get_string (member), &order->primary))
    order->primary = ARB_TEAM_SCORE_MP;
  member = json_object_get_member (object, "team_tiebreaks");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    return;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (member)); i++)
    {
      JsonNode *node = json_array_get_element (json_node_get_array (member), i);
      ArbTeamOrderKey key;
      ArbTeamOrderOption option;

      if (n < ARB_TEAM_ORDER_MAX && JSON_NODE_HOLDS_VALUE (node) &&
          json_node_get_value_type (node) == G_TYPE_STRING &&
          arb_team_order_item_from_text (json_node_get_string (node), &key, &option, NULL))
        {
          order->options[n] = option;
          order->order[n++] = key;
        }
    }
  /* An empty list is an order too: the primary score alone. */
  order->n_order = n;
}

typedef struct
{
  const ArbTeamOrder *order;
  int n_boards;
  ArbTeamDeScoresFunc de_scores;
  gpointer data;
  /* the group direct encounter ranks, and on which score */
  ArbTeamSortEntry *group;
  ArbTeamScore score;
  gboolean keep_value;
} Sort;

typedef int (*CompareFunc) (const ArbTeamSortEntry *x, const ArbTeamSortEntry *y, const Sort *s);

static int
more_first (double x, double y)
{
  return x > y ? -1 : x < y ? 1 : 0;
}

static int
by_key (const ArbTeamSortEntry *x, const ArbTeamSortEntry *y, const Sort *s)
{
  return more_first (x->key, y->key);
}

/* 12.2: board 1's game points, then board 2's, … */
static int
by_top_boards (const ArbTeamSortEntry *x, const ArbTeamSortEntry *y, const Sort *s)
{
  for (int b = 0; b < s->n_boards; b++)
    if (x->boards[b] != y->boards[b])
      return more_first (x->boards[b], y->boards[b]);
  return 0;
}

/* 12.3: the boards above the bottom one, then above the bottom two, … */
static int
by_bottom_elimination (const ArbTeamSortEntry *x, const ArbTeamSortEntry *y, const Sort *s)
{
  for (int kept = s->n_boards - 1; kept >= 1; kept--)
    {
      double a = 0, b = 0;

      for (int k = 0; k < kept; k++)
        {
          a += x->boards[k];
          b += y->boards[k];
        }
      if (a != b)
        return more_first (a, b);
    }
  return 0;
}

typedef struct
{
  CompareFunc compare;
  const Sort *sort;
} SortWith;

static int
compare_entries (gconstpointer a, gconstpointer b, gpointer data)
{
  const SortWith *w = data;

  return w->compare (a, b, w->sort);
}

/* Sorts the @m entries of @group (ranked @base and after) by @compare,
 * gives each its rank, and returns how many ranks they have. */
static int
split (const Sort *s, ArbTeamSortEntry *group, int m, int base, CompareFunc compare)
{
  SortWith w = { compare, s };
  int classes = m > 0 ? 1 : 0;

  g_qsort_with_data (group, m, sizeof *group, compare_entries, &w);
  for (int k = 0; k < m; k++)
    {
      if (k > 0 && compare (&group[k - 1], &group[k], s) != 0)
        classes++;
      group[k].rank =
        k > 0 && compare (&group[k - 1], &group[k], s) == 0 ? group[k - 1].rank : base + k;
    }
  return classes;
}

static gboolean
group_scores (gpointer data, const int *members, int m, ArbDeScore *out)
{
  const Sort *s = data;
  g_autofree int *ids = g_new (int, MAX (m, 1));
  gboolean all_met;

  for (int k = 0; k < m; k++)
    ids[k] = s->group[members[k]].index;
  all_met = s->de_scores (s->data, s->score, ids, m, out);
  for (int k = 0; k < m; k++)
    out[k].index = members[k];
  return all_met;
}

static void
group_value (gpointer data, int index, double value)
{
  const Sort *s = data;

  if (s->keep_value)
    s->group[index].de = value;
}

static void
group_rank (gpointer data, int index, int rank)
{
  ((Sort *) data)->group[index].key = -rank;
}

/* Article 6 on @score for @group: its rank in the scratch key. */
static int
encounter (Sort *s, ArbTeamSortEntry *group, int m, int base, ArbTeamScore score, gboolean value)
{
  g_autofree int *members = g_new (int, MAX (m, 1));

  for (int k = 0; k < m; k++)
    {
      members[k] = k;
      group[k].key = 0;
    }
  s->group = group;
  s->score = score;
  s->keep_value = value;
  arb_direct_encounter_rank (members, m, group_scores, group_value, group_rank, s);
  return split (s, group, m, base, by_key);
}

/* 13.3, as the file's comment says. */
static void
extended_encounter (Sort *s, ArbTeamSortEntry *group, int m, int base, gboolean top)
{
  ArbTeamScore scores[] = { s->order->primary, s->order->primary == ARB_TEAM_SCORE_MP
                                                 ? ARB_TEAM_SCORE_GP
                                                 : ARB_TEAM_SCORE_MP };

  for (gsize i = 0; i < G_N_ELEMENTS (scores); i++)
    if (encounter (s, group, m, base, scores[i], top && i == 0) > 1)
      {
        for (int k = 0, end; k < m; k = end)
          {
            for (end = k + 1; end < m && group[end].rank == group[k].rank; end++)
              ;
            if (end - k > 1)
              extended_encounter (s, group + k, end - k, base + k, FALSE);
          }
        return;
      }
}

/* C.07 (2026) 12.1: board count only for teams level on game points. */
static gboolean
same_game_points (const ArbTeamSortEntry *group, int m)
{
  for (int k = 1; k < m; k++)
    if (group[k].score[ARB_TEAM_SCORE_GP] != group[0].score[ARB_TEAM_SCORE_GP])
      return FALSE;
  return TRUE;
}

/* The order's item @i for the group. */
static void
apply (Sort *s, guint i, ArbTeamSortEntry *group, int m, int base)
{
  ArbTeamOrderKey key = s->order->order[i];

  switch (key)
    {
    case ARB_TEAM_ORDER_BC:
      if (!same_game_points (group, m))
        return; /* 12.1: not usable; the group stays tied */
      /* 12.1: the lower board count ranks first. */
      for (int k = 0; k < m; k++)
        group[k].key = -group[k].items[i];
      (void) split (s, group, m, base, by_key);
      return;
    case ARB_TEAM_ORDER_DE:
      /* 13: on the score it names, else the primary. */
      (void) encounter (s, group, m, base,
                        arb_team_order_option_score (&s->order->options[i], s->order->primary),
                        TRUE);
      return;
    case ARB_TEAM_ORDER_EDE:
      extended_encounter (s, group, m, base, TRUE);
      return;
    case ARB_TEAM_ORDER_TBR:
      (void) split (s, group, m, base, by_top_boards);
      return;
    case ARB_TEAM_ORDER_BBE:
      (void) split (s, group, m, base, by_bottom_elimination);
      return;
    default:
      for (int k = 0; k < m; k++)
        group[k].key = group[k].items[i];
      (void) split (s, group, m, base, by_key);
      return;
    }
}

void
arb_team_order_sort (const ArbTeamOrder *order,
                     ArbTeamSortEntry *entries,
                     guint n,
                     int n_boards,
                     ArbTeamDeScoresFunc de_scores,
                     gpointer data)
{
  Sort s = { .order = order,
             .n_boards = MIN (n_boards, ARB_TEAM_MAX_BOARDS),
             .de_scores = de_scores,
             .data = data };

  g_return_if_fail (order != NULL);
  g_return_if_fail (entries != NULL || n == 0);
  g_return_if_fail (de_scores != NULL);

  for (guint k = 0; k < n; k++)
    {
      entries[k].key = entries[k].score[order->primary];
      entries[k].de = 0;
    }
  (void) split (&s, entries, (int) n, 0, by_key);
  for (guint i = 0; i < order->n_order; i++)
    for (guint k = 0, end; k < n; k = end)
      {
        for (end = k + 1; end < n && entries[end].rank == entries[k].rank; end++)
          ;
        /* 4.2: each tie-break for the group the ones before left tied;
         * direct encounter gives a value to a team alone too (0). */
        if (end - k > 1)
          apply (&s, i, entries + k, (int) (end - k), (int) k);
      }
}
