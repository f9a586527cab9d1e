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

/* "Boards 1–4 · white on 1, 3" for the home team. */
static char *
boards_text (const ArbTeamMatchInfo *m)
{
  g_autoptr (GString) white = g_string_new (NULL);
  g_autofree char *boards = NULL;

  for (int k = 0; m->home_colours[k] != '\0'; k++)
    if (m->home_colours[k] == 'W')
      g_string_append_printf (white, "%s%d", white->len > 0 ? ", " : "", m->first_board + k);
  /* Translators: the boards of a team match, first and last */
  boards = g_strdup_printf (_ ("Boards %d–%d"), m->first_board, m->last_board);
  if (white->len == 0)
    return g_steal_pointer (&boards);
  /* Translators: a team match's boards, then those where the home team (named first) has
   * white, e.g. "Boards 1–4 · home team white on 1, 3" */
  return g_strdup_printf (_ ("%s · home team white on %s"), boards, white->str);
}

static GtkWidget *
match_row (const ArbTeamMatchInfo *m)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *home = points_text (m->home_points_x2);
  g_autofree char *away = points_text (m->away_points_x2);
  /* Translators: a team match's score, home team's points first */
  g_autofree char *score = g_strdup_printf (_ ("%s–%s"), home, away);
  /* Translators: the two teams of a match, home team first */
  g_autofree char *teams = g_strdup_printf (_ ("%s – %s"), m->home_team, m->away_team);
  g_autofree char *boards = boards_text (m);
  g_autofree char *progress = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *spoken = NULL;
  GtkWidget *label = gtk_label_new (score);

  if (m->n_finished < m->n_boards)
    {
      /* Translators: how many boards of a team match have a result */
      progress = g_strdup_printf (
        ngettext ("%d of %d board finished", "%d of %d boards finished", m->n_boards),
        m->n_finished, m->n_boards);
      subtitle = g_strdup_printf ("%s\n%s", boards, progress);
    }
  else
    subtitle = g_strdup (boards);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), teams);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  gtk_widget_add_css_class (label, "title-2");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  /* Translators: a team match read aloud: teams, score, boards */
  spoken = g_strdup_printf (_ ("%s, %s, %s"), teams, score, subtitle);
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
