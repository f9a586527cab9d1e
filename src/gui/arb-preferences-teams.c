/* arb-preferences-teams.c: a team event's order of standings in the preferences
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a team event (one with team matches) the preferences page of the
 * tournament has two groups more: the score that ranks the teams first,
 * match points or game points (C.07 2026, 11.1), and the order of the
 * team tie-breaks after it, each by its acronym in C.07 Article 5 (MPvGP,
 * TBR, …) and a name. Both are kept in the event's settings ("team_score",
 * "team_tiebreaks") and written at once through the round layer
 * (arb_event_settings_set_team_order ()); the order's rows are
 * arb-order-editor.h's; a tie-break that takes a score or a Cut or
 * Median is added from a submenu of its codes ("BH:GP/C1"). A row above them gives the match points of a
 * team's win, draw and loss (C.07 11.1 leaves them to the event;
 * TRF-2026 record 362), kept as "team_scoring"
 * (arb_event_settings_set_team_match_points ()): 2-1-0 and 3-1-0, and
 * the file's own where it is neither.
 */

#define G_LOG_DOMAIN "arb-preferences-window"

#include "config.h"

#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-order-editor.h"
#include "arb-preferences-teams.h"
#include "arb-standings-teams-order.h"

#include <string.h>

/* The names under the acronyms, by key: the articles of C.07 (2026) that
 * define them: MPvGP 13.1, DE 6, EDE 13.3, BH 8.1, SB 9.1, the extended
 * Sonneborn-Bergers 13.2.1 to 13.2.4, SSSC 13.4, BC 12.1, TBR 12.2, BBE
 * 12.3. */
static const struct
{
  const char *key;
  const char *name;
} team_names[] = {
  /* Translators: team tie-breaks of the FIDE regulations, shown under their acronyms;
   * MPvGP: game points where match points rank first, and the other way round */
  { "mpvgp", N_ ("The Other Score") },
  { "de", N_ ("Direct Encounter") },
  { "ede", N_ ("Extended Direct Encounter") },
  { "bh", N_ ("Buchholz") },
  { "sb", N_ ("Sonneborn-Berger") },
  { "emmsb", N_ ("Sonneborn-Berger, Match Points by Match Points") },
  { "emgsb", N_ ("Sonneborn-Berger, Match Points by Game Points") },
  { "egmsb", N_ ("Sonneborn-Berger, Game Points by Match Points") },
  { "eggsb", N_ ("Sonneborn-Berger, Game Points by Game Points") },
  { "sssc", N_ ("Other Score and Strength of Schedule") },
  { "bc", N_ ("Board Count") },
  { "tbr", N_ ("Top Board Result") },
  { "bbe", N_ ("Bottom Board Elimination") },
};

/* The match points offered: TRF-2026's default, then three for a win. */
static const ArbTeamMatchPoints match_points_presets[] = { { 2, 1, 0 }, { 3, 1, 0 } };

typedef struct
{
  ArbPreferencesWindow *window; /* owns the page */
  ArbTournament *tournament;
  AdwPreferencesGroup *order_group;
  /* the match points row's items: the presets and the file's own */
  ArbTeamMatchPoints shown[G_N_ELEMENTS (match_points_presets) + 1];
  guint n_shown;
} TeamPage;

static void
team_page_free (TeamPage *p)
{
  g_clear_object (&p->tournament);
  g_free (p);
}

static ArbTeamOrder
stored_order (TeamPage *p)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (p->tournament, NULL);
  ArbTeamOrder order;

  if (event != NULL)
    arb_team_order_from_event (event, &order);
  else
    arb_team_order_init_default (&order);
  return order;
}

static void
toast_error (TeamPage *p, const GError *error)
{
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (p->window),
                                    adw_toast_new (error->message));
}

/* An item's title: the acronym with the options a TRF gave it
 * ("BH:GP/C1"), which the editor keeps as they are. */
static char *
team_title (const char *key)
{
  ArbTeamOrderKey k;
  ArbTeamOrderOption option;

  if (!arb_team_order_item_from_text (key, &k, &option, NULL))
    return g_strdup (key);
  return arb_team_order_item_title (k, &option);
}

static const char *
team_name (const char *key)
{
  ArbTeamOrderKey k;
  ArbTeamOrderOption option;

  if (!arb_team_order_item_from_text (key, &k, &option, NULL))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (team_names); i++)
    if (strcmp (team_names[i].key, arb_team_order_to_key (k)) == 0)
      return _ (team_names[i].name);
  return NULL;
}

/* The items @key may be added as: on the primary score, then on match
 * points, then on game points where it names a score (C.07 2026 13), each
 * alone and with Cut-1, Cut-2, Median-1 and Median-2 where it is a sum
 * (14.1 to 14.4); a section a score. A key with no options has none. */
static void
team_variants (const char *key, GPtrArray *items)
{
  static const ArbTeamOn ons[] = { ARB_TEAM_ON_PRIMARY, ARB_TEAM_ON_MP, ARB_TEAM_ON_GP };
  static const struct
  {
    char modifier;
    int n;
  } cuts[] = { { '\0', 0 }, { 'C', 1 }, { 'C', 2 }, { 'M', 1 }, { 'M', 2 } };
  const ArbTeamOrderOption cut = { ARB_TEAM_ON_PRIMARY, 'C', 1 };
  ArbTeamOrderKey k;
  guint before = items->len;

  if (!arb_team_order_from_key (key, &k))
    return;
  for (guint o = 0; o < G_N_ELEMENTS (ons); o++)
    {
      for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
        {
          ArbTeamOrderOption option = { ons[o], cuts[c].modifier, cuts[c].n };

          if (arb_team_order_option_allowed (k, &option))
            g_ptr_array_add (items, arb_team_order_item_to_text (k, &option));
        }
      if (arb_team_order_option_allowed (k, &cut))
        g_ptr_array_add (items, g_strdup (""));
    }
  /* The key alone is no choice. */
  if (items->len - before < 2)
    g_ptr_array_set_size (items, before);
}

static void
read_order (gpointer data, GPtrArray *keys)
{
  ArbTeamOrder order = stored_order (data);

  for (guint i = 0; i < order.n_order; i++)
    g_ptr_array_add (keys, arb_team_order_item_to_text (order.order[i], &order.options[i]));
}

static gboolean
store_order (gpointer data, const char *const *keys, guint n_keys, GError **error)
{
  TeamPage *p = data;
  ArbTeamOrder order = stored_order (p);

  order.n_order = 0;
  for (guint i = 0; i < n_keys && order.n_order < ARB_TEAM_ORDER_MAX; i++)
    if (arb_team_order_item_from_text (keys[i], &order.order[order.n_order],
                                       &order.options[order.n_order], NULL))
      order.n_order++;
  return arb_event_settings_set_team_order (p->tournament, &order, error);
}

static void
store_failed (gpointer data, const GError *error)
{
  toast_error (data, error);
}

static void
score_selected_cb (AdwComboRow *row, GParamSpec *pspec, TeamPage *p)
{
  ArbTeamOrder order = stored_order (p);
  ArbTeamScore chosen = (ArbTeamScore) adw_combo_row_get_selected (row);
  g_autoptr (GError) error = NULL;

  if (chosen == order.primary || (guint) chosen > ARB_TEAM_SCORE_GP)
    return;
  order.primary = chosen;
  if (!arb_event_settings_set_team_order (p->tournament, &order, &error))
    {
      toast_error (p, error);
      adw_combo_row_set_selected (row, stored_order (p).primary);
    }
  /* The tie-breaks on the primary score change with it. */
  arb_order_editor_refresh (p->order_group);
}

static ArbTeamMatchPoints
stored_match_points (TeamPage *p)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (p->tournament, NULL);
  ArbTeamMatchPoints points;

  arb_team_match_points_from_event (event, &points);
  return points;
}

static gboolean
same_match_points (const ArbTeamMatchPoints *a, const ArbTeamMatchPoints *b)
{
  return a->win == b->win && a->draw == b->draw && a->loss == b->loss;
}

static guint
match_points_index (TeamPage *p, const ArbTeamMatchPoints *points)
{
  for (guint i = 0; i < p->n_shown; i++)
    if (same_match_points (&p->shown[i], points))
      return i;
  return 0;
}

static void
match_points_selected_cb (AdwComboRow *row, GParamSpec *pspec, TeamPage *p)
{
  guint selected = adw_combo_row_get_selected (row);
  ArbTeamMatchPoints stored = stored_match_points (p);
  g_autoptr (GError) error = NULL;

  if (selected >= p->n_shown || same_match_points (&p->shown[selected], &stored))
    return;
  if (!arb_event_settings_set_team_match_points (p->tournament, &p->shown[selected], &error))
    {
      toast_error (p, error);
      adw_combo_row_set_selected (row, match_points_index (p, &stored));
    }
}

/* A win's, a draw's and a loss's match points: "3-1-0". */
static AdwComboRow *
match_points_row (TeamPage *p)
{
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  ArbTeamMatchPoints stored = stored_match_points (p);

  p->n_shown = 0;
  for (guint i = 0; i < G_N_ELEMENTS (match_points_presets); i++)
    p->shown[p->n_shown++] = match_points_presets[i];
  if (!same_match_points (&p->shown[match_points_index (p, &stored)], &stored))
    p->shown[p->n_shown++] = stored;
  for (guint i = 0; i < p->n_shown; i++)
    {
      g_autofree char *label = arb_team_match_points_to_text (&p->shown[i]);

      gtk_string_list_append (labels, label);
    }
  /* Translators: the match points a team scores for a win, a draw and a loss, shown as
   * "3-1-0" */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Match Points"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _ ("A win, a draw, a loss"));
  adw_combo_row_set_model (row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (row, match_points_index (p, &stored));
  g_signal_connect (row, "notify::selected", G_CALLBACK (match_points_selected_cb), p);
  return row;
}

static AdwPreferencesGroup *
score_group (TeamPage *p)
{
  g_autoptr (GtkStringList) scores = gtk_string_list_new (NULL);
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

  /* Translators: in the order of ArbTeamScore: the score that ranks teams first */
  gtk_string_list_append (scores, _ ("Match Points"));
  gtk_string_list_append (scores, _ ("Game Points"));
  /* Translators: a group of the tournament's preferences, in a team event */
  adw_preferences_group_set_title (group, _ ("Team Standings"));
  adw_preferences_group_set_description (
    group, _ ("Kept in the tournament file. The teams are ranked by one score, then by the "
              "tie-breaks below; the other score is a tie-break of its own (MPvGP)."));
  /* Translators: the score that ranks the teams first */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Ranked _By"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (row, G_LIST_MODEL (scores));
  adw_combo_row_set_selected (row, stored_order (p).primary);
  g_signal_connect (row, "notify::selected", G_CALLBACK (score_selected_cb), p);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_group_add (group, GTK_WIDGET (match_points_row (p)));
  return group;
}

void
_arb_preferences_add_team_groups (ArbPreferencesWindow *window,
                                  AdwPreferencesPage *page,
                                  ArbTournament *tournament)
{
  static const char *offered[ARB_TEAM_ORDER_N];
  static ArbOrderEditorSpec spec = {
    .action_prefix = "team-tiebreaks",
    .offered = offered,
    .n_offered = ARB_TEAM_ORDER_N,
    .max = ARB_TEAM_ORDER_MAX,
    .title = team_title,
    .name = team_name,
    .read = read_order,
    .store = store_order,
    .failed = store_failed,
    .variants = team_variants,
  };
  TeamPage *p = g_new0 (TeamPage, 1);

  for (guint k = 0; k < ARB_TEAM_ORDER_N; k++)
    offered[k] = arb_team_order_to_key ((ArbTeamOrderKey) k);
  p->window = window;
  p->tournament = g_object_ref (tournament);
  g_object_set_data_full (G_OBJECT (page), "arb-team-page", p, (GDestroyNotify) team_page_free);
  adw_preferences_page_add (page, score_group (p));
  /* Translators: a group of the tournament's preferences, in a team event */
  p->order_group = arb_order_editor_new (
    &spec, p, _ ("Team Tie-Breaks"),
    _ ("Teams level on their score are ranked by the first tie-break, those still level by the "
       "next, and so on."));
  adw_preferences_page_add (page, p->order_group);
}
