/* arb-window-teams.c: the team matches of the round beside its boards
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include "arb-i18n.h"
#include "arb-tournament-teams.h"

/* "2½", "½", "3": game points of a team, from half points. */
static char *
points_text (int x2)
{
  if (x2 % 2 == 0)
    return g_strdup_printf ("%d", x2 / 2);
  if (x2 == 1)
    return g_strdup ("½");
  return g_strdup_printf ("%d½", x2 / 2);
}

/* "Board 5–8 · 2 finished". The words are the round's own (the board of a
 * card, the finished games of the round's title), so that the panel reads
 * in every language the round does. */
static char *
boards_text (const ArbTeamMatchInfo *m)
{
  g_autofree char *first = g_strdup_printf (_ ("Board %d"), m->first_board);
  g_autofree char *boards = m->last_board > m->first_board
                              ? g_strdup_printf ("%s–%d", first, m->last_board)
                              : g_strdup (first);

  return g_strdup_printf (ngettext ("%s · %u finished", "%s · %u finished", (gulong) m->n_finished),
                          boards, (guint) m->n_finished);
}

/* A bye, a match forfeited as a whole, or the boards of a match. */
static char *
match_subtitle (const ArbTeamMatchInfo *m)
{
  if (m->kind == ARB_TEAM_MATCH_BYE || m->away_team == NULL)
    /* Translators: a team's round without a match, the points it gives */
    return g_strdup (_ ("Bye"));
  if (m->kind == ARB_TEAM_MATCH_FORFEIT)
    return g_strdup (m->forfeit == ARB_TEAM_FORFEIT_NONE
                       /* Translators: a team match that neither team came to play */
                       ? _ ("Forfeited by both teams")
                       /* Translators: a team match won without being played */
                       : _ ("Forfeited"));
  return boards_text (m);
}

static GtkWidget *
match_row (const ArbTeamMatchInfo *m)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *home = points_text (m->home_points_x2);
  g_autofree char *away = points_text (m->away_points_x2);
  gboolean bye = m->away_team == NULL;
  /* The home team (named first) and its points first, as a match is
   * written on the results board; a bye the team's points alone. */
  g_autofree char *score = bye ? g_strdup (home) : g_strdup_printf ("%s–%s", home, away);
  g_autofree char *teams =
    bye ? g_strdup (m->home_team) : g_strdup_printf ("%s – %s", m->home_team, m->away_team);
  g_autofree char *subtitle = match_subtitle (m);
  g_autofree char *spoken = g_strdup_printf ("%s, %s, %s", teams, score, subtitle);
  GtkWidget *label = gtk_label_new (score);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), teams);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "title-2");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  g_object_set_data_full (G_OBJECT (row), "arb-match-score", g_strdup (score), g_free);
  return row;
}

void
_arb_window_update_team_matches (ArbWindow *self)
{
  g_autoptr (GPtrArray) matches = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->match_list))) != NULL)
    gtk_list_box_remove (self->match_list, child);
  if (self->tournament != NULL && self->round > 0)
    matches = arb_tournament_list_team_matches (self->tournament, self->round, &error);
  if (error != NULL)
    g_warning ("The team matches could not be read: %s", error->message);
  for (guint i = 0; matches != NULL && i < matches->len; i++)
    gtk_list_box_append (self->match_list, match_row (matches->pdata[i]));
  gtk_widget_set_visible (GTK_WIDGET (self->match_panel), matches != NULL && matches->len > 0);
}

char **
arb_window_list_match_scores (ArbWindow *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);

  if (gtk_widget_get_visible (GTK_WIDGET (self->match_panel)))
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->match_list)); row != NULL;
         row = gtk_widget_get_next_sibling (row))
      {
        g_autofree char *line =
          g_strdup_printf ("%s %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                           (const char *) g_object_get_data (G_OBJECT (row), "arb-match-score"));
        g_strv_builder_add (builder, line);
      }
  return g_strv_builder_end (builder);
}
