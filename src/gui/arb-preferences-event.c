/* arb-preferences-event.c: the preferences of the open tournament's event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page of the preferences window for what the event decides, kept in
 * its settings in the file rather than in GSettings: the points of a win,
 * a draw and a loss, the order of the tie-breaks, and how the tie-breaks
 * made of the opponents' scores count unplayed rounds (arb-standings.h).
 * Each row shows the file's value and writes a change at once, in one
 * transaction through the round layer (arb-event-settings.h); a write
 * that fails (a read-only replica, say) is said in a toast and the row
 * goes back to what the file holds.
 *
 * The orders of the tie-breaks are arb-order-editor.h's groups: the
 * players' and, in a team event, the teams' with the score that ranks
 * them first (arb-preferences-teams.c).
 */

#define G_LOG_DOMAIN "arb-preferences-window"

#include "config.h"

#include "arb-error-text.h"
#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-order-editor.h"
#include "arb-preferences-teams.h"
#include "arb-preferences-window.h"
#include "arb-standings.h"

#include <string.h>

/* The row's items in the order of ArbUnplayedRule, short: the group's
 * description says what each does. */
static const char *const rule_names[ARB_UNPLAYED_N] = {
  /* Translators: a rule for unplayed rounds in the tie-breaks, C.07 of 2024 */
  [ARB_UNPLAYED_C07] = N_ ("FIDE 2024"),
  /* Translators: a rule for unplayed rounds in the tie-breaks, C.07 of 2026 */
  [ARB_UNPLAYED_C07_2026] = N_ ("FIDE 2026"),
  /* Translators: a rule for unplayed rounds in the tie-breaks, the one before 2024 */
  [ARB_UNPLAYED_FIDE_2009] = N_ ("FIDE 2009"),
  /* Translators: a rule for unplayed rounds in the tie-breaks: no adjustment */
  [ARB_UNPLAYED_PLAIN] = N_ ("Plain Totals"),
};

/* The names of the tie-breaks the acronym does not say to everyone, by
 * their keys; a tie-break without one here shows its acronym alone. The
 * articles of C.07 (Play-Off and Tie-Break Regulations, in force from
 * 1 March 2026) that define them: BH 8.1, its Cut-1, Cut-2, Median-1
 * and Median-2 14.1 to 14.4, SB 9.1, PS 7.5, DE 6, WIN 7.1, WON 7.2, BPG
 * 7.3, BWG 7.4, REP 7.6, STD 7.7, TPN 7.8, AOB 8.2, FB 8.3, ARO 10.1, KS
 * 9.2. */
static const struct
{
  const char *key;
  const char *name;
} tiebreak_names[] = {
  /* Translators: tie-breaks of the FIDE regulations, shown under their acronyms */
  { "bh", N_ ("Buchholz") },
  { "bh-c1", N_ ("Buchholz Cut 1") },
  { "bh-m1", N_ ("Buchholz Median 1") },
  { "sb", N_ ("Sonneborn-Berger") },
  { "ps", N_ ("Progressive Score") },
  { "de", N_ ("Direct Encounter") },
  { "win", N_ ("Rounds Won, Played or Not") },
  { "won", N_ ("Games Won over the Board") },
  { "bpg", N_ ("Games Played with Black") },
  { "aro", N_ ("Average Rating of Opponents") },
  { "ks", N_ ("Koya System") },
  { "bh-c2", N_ ("Buchholz Cut 2") },
  { "bh-m2", N_ ("Buchholz Median 2") },
  { "sb-c1", N_ ("Sonneborn-Berger Cut 1") },
  { "bwg", N_ ("Games Won with Black") },
  { "rep", N_ ("Rounds Elected to Play") },
  { "std", N_ ("Standard Points") },
  { "tpn", N_ ("Tournament Pairing Number") },
  { "aob", N_ ("Average of Opponents' Buchholz") },
  { "fb", N_ ("Fore Buchholz") },
};

/* The scorings offered; the file's own, when it is none of them, is
 * offered after them. */
static const ArbScoring scoring_presets[] = {
  { 1.0, 0.5, 0.0, ARB_UNPLAYED_C07 },
  { 3.0, 1.0, 0.0, ARB_UNPLAYED_C07 },
  { 2.0, 1.0, 0.0, ARB_UNPLAYED_C07 },
};

typedef struct
{
  ArbPreferencesWindow *window; /* owns the page */
  ArbTournament *tournament;
  AdwComboRow *scoring_row;
  GtkWidget *rule_row; /* insensitive in a round robin: 15.2 replaces it */
  ArbScoring shown[G_N_ELEMENTS (scoring_presets) + 1]; /* the scoring row's items */
  guint n_shown;
} EventPage;

static void
event_page_free (EventPage *p)
{
  g_clear_object (&p->tournament);
  g_free (p);
}

static void
stored_settings (ArbTournament *tournament, ArbScoring *scoring, ArbTiebreak *order, guint *n)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (tournament, NULL);

  if (event != NULL)
    arb_standings_event_settings (event, scoring, order, n);
  else
    {
      const ArbTiebreak *fallback = arb_tiebreak_default_order (n);

      arb_scoring_init_default (scoring);
      memcpy (order, fallback, *n * sizeof *order);
    }
}

/* The scoring the file holds now (its points, rule, round robin). */
static ArbScoring
stored_scoring (ArbTournament *tournament)
{
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;

  stored_settings (tournament, &scoring, order, &n);
  return scoring;
}

static void
toast_error (EventPage *p, const GError *error)
{
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (p->window),
                                    adw_toast_new (arb_error_text (error)));
}

static void
rule_selected_cb (AdwComboRow *row, GParamSpec *pspec, EventPage *p)
{
  guint selected = adw_combo_row_get_selected (row);
  g_autoptr (GError) error = NULL;

  if (selected >= ARB_UNPLAYED_N || selected == (guint) stored_scoring (p->tournament).unplayed)
    return;
  if (!arb_standings_set_unplayed_rule (p->tournament, (ArbUnplayedRule) selected, &error))
    {
      toast_error (p, error);
      adw_combo_row_set_selected (row, stored_scoring (p->tournament).unplayed);
    }
}

/* "1-½-0", "3-1-0": the points as arbiters write them. */
static char *
scoring_label (const ArbScoring *s)
{
  const double v[3] = { s->win, s->draw, s->loss };
  GString *text = g_string_new (NULL);

  for (int i = 0; i < 3; i++)
    {
      double whole = (double) (gint64) v[i];

      if (i > 0)
        g_string_append_c (text, '-');
      if (v[i] == whole)
        g_string_append_printf (text, "%" G_GINT64_FORMAT, (gint64) whole);
      else if (v[i] - whole == 0.5)
        g_string_append_printf (text, whole > 0 ? "%" G_GINT64_FORMAT "½" : "½", (gint64) whole);
      else
        g_string_append_printf (text, "%g", v[i]);
    }
  return g_string_free (text, FALSE);
}

static gboolean
same_points (const ArbScoring *a, const ArbScoring *b)
{
  return a->win == b->win && a->draw == b->draw && a->loss == b->loss;
}

static guint
scoring_index (EventPage *p, const ArbScoring *s)
{
  for (guint i = 0; i < p->n_shown; i++)
    if (same_points (&p->shown[i], s))
      return i;
  return 0;
}

static void scoring_selected_cb (AdwComboRow *row, GParamSpec *pspec, EventPage *p);

/* The scoring row's items, the file's own among them, and its choice. */
static void
refresh_scoring (EventPage *p)
{
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring stored;
  guint n = 0;

  stored_settings (p->tournament, &stored, order, &n);
  p->n_shown = 0;
  for (guint i = 0; i < G_N_ELEMENTS (scoring_presets); i++)
    p->shown[p->n_shown++] = scoring_presets[i];
  if (!same_points (&p->shown[scoring_index (p, &stored)], &stored))
    p->shown[p->n_shown++] = stored;
  for (guint i = 0; i < p->n_shown; i++)
    {
      g_autofree char *label = scoring_label (&p->shown[i]);

      gtk_string_list_append (labels, label);
    }
  g_signal_handlers_block_by_func (p->scoring_row, scoring_selected_cb, p);
  adw_combo_row_set_model (p->scoring_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (p->scoring_row, scoring_index (p, &stored));
  g_signal_handlers_unblock_by_func (p->scoring_row, scoring_selected_cb, p);
}

static void
scoring_selected_cb (AdwComboRow *row, GParamSpec *pspec, EventPage *p)
{
  guint selected = adw_combo_row_get_selected (row);
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring stored;
  guint n = 0;
  g_autoptr (GError) error = NULL;

  stored_settings (p->tournament, &stored, order, &n);
  if (selected >= p->n_shown || same_points (&p->shown[selected], &stored))
    return;
  /* The items stay: the model is not replaced inside its own change. */
  if (!arb_event_settings_set_scoring (p->tournament, &p->shown[selected], &error))
    {
      toast_error (p, error);
      adw_combo_row_set_selected (row, scoring_index (p, &stored));
    }
}

static const char *
tiebreak_name (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (tiebreak_names); i++)
    if (strcmp (tiebreak_names[i].key, key) == 0)
      return _ (tiebreak_names[i].name);
  return NULL;
}

/* The players' order, through arb-order-editor.h: every tie-break the
 * standings compute is offered (ARB_TIEBREAK_N), by its acronym in C.07. */
static char *
tiebreak_title (const char *key)
{
  return g_ascii_strup (key, -1);
}

static void
read_tiebreaks (gpointer data, GPtrArray *keys)
{
  EventPage *p = data;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;

  stored_settings (p->tournament, &scoring, order, &n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (keys, g_strdup (arb_tiebreak_to_key (order[i])));
}

static gboolean
store_tiebreaks (gpointer data, const char *const *keys, guint n_keys, GError **error)
{
  EventPage *p = data;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n = 0;

  for (guint i = 0; i < n_keys && n < ARB_TIEBREAK_MAX_ORDER; i++)
    if (arb_tiebreak_from_key (keys[i], &order[n]))
      n++;
  return arb_event_settings_set_tiebreaks (p->tournament, order, n, error);
}

static void
store_failed (gpointer data, const GError *error)
{
  toast_error (data, error);
}

static void
round_robin_cb (GtkSwitch *toggle, GParamSpec *pspec, EventPage *p)
{
  gboolean active = gtk_switch_get_active (toggle);
  g_autoptr (GError) error = NULL;

  if (active == stored_scoring (p->tournament).round_robin)
    return;
  if (!arb_event_settings_set_round_robin (p->tournament, active, &error))
    {
      toast_error (p, error);
      gtk_switch_set_active (toggle, stored_scoring (p->tournament).round_robin);
    }
  gtk_widget_set_sensitive (p->rule_row, !stored_scoring (p->tournament).round_robin);
}

/* Whether the pairings were fixed in advance: C.07 Article 15.2 then
 * takes the place of the rule for unplayed rounds. */
static GtkWidget *
round_robin_row (EventPage *p)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *toggle = gtk_switch_new ();

  /* Translators: the tournament's pairings were all fixed before it began */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Round Robin"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  /* Translators: subtitle of the Round Robin row; C.07 is FIDE's tie-break regulations */
  adw_action_row_set_subtitle (row, _ ("A forfeit counts as a game against the scheduled "
                                       "opponent, as C.07 Article 15.2 has it"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (toggle), stored_scoring (p->tournament).round_robin);
  g_signal_connect (toggle, "notify::active", G_CALLBACK (round_robin_cb), p);
  adw_action_row_add_suffix (row, toggle);
  adw_action_row_set_activatable_widget (row, toggle);
  return GTK_WIDGET (row);
}

static AdwPreferencesGroup *
standings_group (EventPage *p)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwComboRow *row;

  for (guint i = 0; i < ARB_UNPLAYED_N; i++)
    gtk_string_list_append (names, _ (rule_names[i]));
  /* Translators: a group of the tournament's preferences */
  adw_preferences_group_set_title (group, _ ("Standings"));
  adw_preferences_group_set_description (
    group, _ ("Kept in the tournament file, for every desk that opens it. How Buchholz and "
              "Sonneborn-Berger count byes, forfeits and absences: FIDE 2024 plays them against "
              "a dummy opponent with the player's own score; FIDE 2026 caps that score at the "
              "forfeiting opponent's, or at a draw a round for a bye; FIDE 2009 against a virtual "
              "opponent, and counts each unplayed round of an opponent as a draw; plain totals "
              "take the opponents' scores as they stand and nothing for a bye."));

  p->scoring_row = ADW_COMBO_ROW (adw_combo_row_new ());
  /* Translators: the points of a win, a draw and a loss ("3-1-0") */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (p->scoring_row), _ ("_Scoring"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (p->scoring_row), TRUE);
  /* Translators: subtitle of the scoring row */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (p->scoring_row),
                               _ ("Points for a win, a draw and a loss"));
  refresh_scoring (p);
  g_signal_connect (p->scoring_row, "notify::selected", G_CALLBACK (scoring_selected_cb), p);
  adw_preferences_group_add (group, GTK_WIDGET (p->scoring_row));

  row = ADW_COMBO_ROW (adw_combo_row_new ());
  /* Translators: the tournament's rule for byes, forfeits and absences in the tie-breaks */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Unplayed Rounds"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (row, stored_scoring (p->tournament).unplayed);
  g_signal_connect (row, "notify::selected", G_CALLBACK (rule_selected_cb), p);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  p->rule_row = GTK_WIDGET (row);
  gtk_widget_set_sensitive (p->rule_row, !stored_scoring (p->tournament).round_robin);
  adw_preferences_group_add (group, round_robin_row (p));
  return group;
}

static AdwPreferencesGroup *
order_group (EventPage *p)
{
  static const char *offered[ARB_TIEBREAK_N];
  static ArbOrderEditorSpec spec = {
    .action_prefix = "tiebreaks",
    .offered = offered,
    .n_offered = ARB_TIEBREAK_N,
    .max = ARB_TIEBREAK_MAX_ORDER,
    .title = tiebreak_title,
    .name = tiebreak_name,
    .read = read_tiebreaks,
    .store = store_tiebreaks,
    .failed = store_failed,
  };

  for (guint t = 0; t < ARB_TIEBREAK_N; t++)
    offered[t] = arb_tiebreak_to_key ((ArbTiebreak) t);
  /* Translators: a group of the tournament's preferences */
  return arb_order_editor_new (
    &spec, p, _ ("Tie-Breaks"),
    _ ("Players level on points are ranked by the first tie-break, those still level by the "
       "next, and so on; those level on all of them share a place."));
}

void
arb_preferences_window_set_tournament (ArbPreferencesWindow *self, ArbTournament *tournament)
{
  AdwPreferencesPage *page;
  EventPage *p;

  g_return_if_fail (ARB_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (ARB_IS_TOURNAMENT (tournament));

  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  p = g_new0 (EventPage, 1);
  p->window = self;
  p->tournament = g_object_ref (tournament);
  g_object_set_data_full (G_OBJECT (page), "arb-event-page", p, (GDestroyNotify) event_page_free);
  /* Translators: the preferences page of the open tournament's settings */
  adw_preferences_page_set_title (page, _ ("This Tournament"));
  adw_preferences_page_set_icon_name (page, "x-office-document-symbolic");
  adw_preferences_page_add (page, standings_group (p));
  adw_preferences_page_add (page, order_group (p));
  /* A team event: the teams' order too. */
  if (arb_tournament_count_rows (tournament, "team_match", NULL) > 0)
    _arb_preferences_add_team_groups (self, page, tournament);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), page);
}
