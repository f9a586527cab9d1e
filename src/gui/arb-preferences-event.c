/* arb-preferences-event.c: the preferences of the open tournament's event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page of the preferences window for what the event decides, kept in
 * its settings in the file rather than in GSettings: for now how the
 * tie-breaks made of the opponents' scores count unplayed rounds
 * (arb-standings.h). The row shows the file's value and writes a change
 * at once, in one transaction through the round layer; a write that
 * fails (a read-only replica, say) is said in a toast and the row goes
 * back to what the file holds.
 */

#define G_LOG_DOMAIN "arb-preferences-window"

#include "config.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-preferences-window.h"
#include "arb-standings.h"

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

static ArbUnplayedRule
stored_rule (ArbTournament *tournament)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (tournament, NULL);
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  ArbScoring scoring;
  guint n = 0;

  if (event == NULL)
    return ARB_UNPLAYED_C07;
  arb_standings_event_settings (event, &scoring, order, &n);
  return scoring.unplayed;
}

static void
rule_selected_cb (AdwComboRow *row, GParamSpec *pspec, ArbPreferencesWindow *self)
{
  ArbTournament *tournament = g_object_get_data (G_OBJECT (row), "arb-tournament");
  guint selected = adw_combo_row_get_selected (row);
  g_autoptr (GError) error = NULL;

  if (selected >= ARB_UNPLAYED_N || selected == (guint) stored_rule (tournament))
    return;
  if (!arb_standings_set_unplayed_rule (tournament, (ArbUnplayedRule) selected, &error))
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self),
                                        adw_toast_new (arb_error_text (error)));
      adw_combo_row_set_selected (row, stored_rule (tournament));
    }
}

void
arb_preferences_window_set_tournament (ArbPreferencesWindow *self, ArbTournament *tournament)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  AdwPreferencesPage *page;
  AdwPreferencesGroup *group;
  AdwComboRow *row;

  g_return_if_fail (ARB_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (ARB_IS_TOURNAMENT (tournament));

  for (guint i = 0; i < ARB_UNPLAYED_N; i++)
    gtk_string_list_append (names, _ (rule_names[i]));
  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  /* Translators: the preferences page of the open tournament's settings */
  adw_preferences_page_set_title (page, _ ("This Tournament"));
  adw_preferences_page_set_icon_name (page, "x-office-document-symbolic");
  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* Translators: a group of the tournament's preferences */
  adw_preferences_group_set_title (group, _ ("Standings"));
  adw_preferences_group_set_description (
    group, _ ("Kept in the tournament file, for every desk that opens it. How Buchholz and "
              "Sonneborn-Berger count byes, forfeits and absences: FIDE 2024 plays them against "
              "a dummy opponent with the player's own score; FIDE 2026 caps that score at the "
              "forfeiting opponent's, or at a draw a round for a bye; FIDE 2009 against a virtual "
              "opponent, and counts each unplayed round of an opponent as a draw; plain totals "
              "take the opponents' scores as they stand and nothing for a bye."));
  row = ADW_COMBO_ROW (adw_combo_row_new ());
  /* Translators: the tournament's rule for byes, forfeits and absences in the tie-breaks */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Unplayed Rounds"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (row, stored_rule (tournament));
  g_object_set_data_full (G_OBJECT (row), "arb-tournament", g_object_ref (tournament),
                          g_object_unref);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (rule_selected_cb), self, 0);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_page_add (page, group);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), page);
}
