/* arb-ruling-dialog-facts.c: the fact rows of a ruling flow, and what they read from the game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-i18n.h"

#include "arb-ruling-board.h"
#include "arb-ruling-dialog-private.h"

/* --- Fact rows ------------------------------------------------------ */

static void
fact_changed_cb (ArbRulingDialog *self)
{
  if (!self->updating)
    arb_ruling_dialog_refresh (self);
}

void
arb_ruling_facts_add (ArbRulingDialog *self, const char *name, GtkWidget *row, GtkWidget *value)
{
  adw_preferences_group_add (self->facts_group, row);
  /* The keyboard reaches the value (an entry, a switch, a number): a
   * screen reader names it after its row. */
  if (value != row && ADW_IS_PREFERENCES_ROW (row))
    gtk_accessible_update_property (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), -1);
  g_hash_table_insert (self->facts, g_strdup (name), value);
  g_ptr_array_add (self->fact_names, g_strdup (name));
  g_object_set_data (G_OBJECT (value), "arb-fact-row", row);
}

static void
choice_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_list_item_set_child (item, label);
}

static void
choice_bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
}

/* The list a choice opens: each item in full, wrapped over lines when
 * long ("12.9.2 — More time for the opponent", "Just now, after the last
 * recorded move"), never cut off as the default list does after twenty
 * characters. */
static GtkListItemFactory *
choice_list_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (choice_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (choice_bind_cb), NULL);
  return factory;
}

/* A choice among @n items: ids are stored, labels are shown. */
void
arb_ruling_facts_add_choice (ArbRulingDialog *self,
                             const char *name,
                             const char *title,
                             const char *const *ids,
                             const char *const *labels,
                             guint n,
                             guint active)
{
  GtkWidget *row = adw_combo_row_new ();
  GtkStringList *model = gtk_string_list_new (NULL);
  char **copy = g_new0 (char *, n + 1);
  glong longest = 0;

  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (model, labels[i]);
      copy[i] = g_strdup (ids[i]);
      longest = MAX (longest, g_utf8_strlen (labels[i], -1));
    }
  /* A long choice ("Instead of 18… Nc5 (ply 36)", longer still in Dutch
   * and Swedish) would be cut off beside the title: show it under the
   * title instead, where it has the row's whole width. */
  if (longest > 24)
    adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  {
    g_autoptr (GtkListItemFactory) factory = choice_list_factory ();

    adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), factory);
  }
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), MIN (active, n - 1));
  g_object_unref (model);
  g_object_set_data_full (G_OBJECT (row), "arb-ids", copy, (GDestroyNotify) g_strfreev);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (fact_changed_cb), self);
  arb_ruling_facts_add (self, name, row, row);
}

/* Replaces the items of a choice, keeping the one chosen when it is still
 * offered, else choosing @active. Does not refresh the ruling. */
void
arb_ruling_facts_set_choices (ArbRulingDialog *self,
                              const char *name,
                              const char *const *ids,
                              const char *const *labels,
                              guint n,
                              guint active)
{
  GtkWidget *row = arb_ruling_facts_get (self, name);
  const char *current = arb_ruling_facts_id (self, name);
  g_autofree char *keep = g_strdup (current);
  GtkStringList *model;
  char **copy;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  model = gtk_string_list_new (NULL);
  copy = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (model, labels[i]);
      copy[i] = g_strdup (ids[i]);
      if (keep != NULL && g_str_equal (keep, ids[i]))
        active = i;
    }
  self->updating = TRUE;
  g_object_set_data_full (G_OBJECT (row), "arb-ids", copy, (GDestroyNotify) g_strfreev);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), n > 0 ? MIN (active, n - 1) : 0);
  self->updating = FALSE;
  g_object_unref (model);
}

void
arb_ruling_facts_add_switch (ArbRulingDialog *self,
                             const char *name,
                             const char *title,
                             const char *subtitle,
                             gboolean active)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (sw), active);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  g_signal_connect_swapped (sw, "notify::active", G_CALLBACK (fact_changed_cb), self);
  arb_ruling_facts_add (self, name, row, sw);
}

void
arb_ruling_facts_add_entry (ArbRulingDialog *self,
                            const char *name,
                            const char *title,
                            const char *placeholder,
                            const char *text,
                            gboolean hidden)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *entry = gtk_entry_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
  if (hidden)
    gtk_entry_set_visibility (GTK_ENTRY (entry), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (fact_changed_cb), self);
  arb_ruling_facts_add (self, name, row, entry);
}

void
arb_ruling_facts_add_number (ArbRulingDialog *self,
                             const char *name,
                             const char *title,
                             const char *subtitle,
                             double min,
                             double max,
                             double value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (fact_changed_cb), self);
  arb_ruling_facts_add (self, name, row, spin);
}

/* A fact the program knows and shows (not edited). */
void
arb_ruling_facts_add_info (ArbRulingDialog *self,
                           const char *name,
                           const char *title,
                           const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (label), 28);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  arb_ruling_facts_add (self, name, row, label);
}

GtkWidget *
arb_ruling_facts_get (ArbRulingDialog *self, const char *name)
{
  return g_hash_table_lookup (self->facts, name);
}

const char *
arb_ruling_facts_id (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);
  char **ids;
  guint i;

  if (w == NULL || !ADW_IS_COMBO_ROW (w))
    return NULL;
  ids = g_object_get_data (G_OBJECT (w), "arb-ids");
  i = adw_combo_row_get_selected (ADW_COMBO_ROW (w));
  if (ids == NULL || i == GTK_INVALID_LIST_POSITION || i >= g_strv_length (ids))
    return NULL;
  return ids[i];
}

gboolean
arb_ruling_facts_bool (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);
  return w != NULL && GTK_IS_SWITCH (w) && gtk_switch_get_active (GTK_SWITCH (w));
}

const char *
arb_ruling_facts_text (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w == NULL || !GTK_IS_EDITABLE (w))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (w));
}

int
arb_ruling_facts_int (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w == NULL || !GTK_IS_SPIN_BUTTON (w))
    return 0;
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w));
}

int
arb_ruling_facts_side (ArbRulingDialog *self, const char *name)
{
  const char *id = arb_ruling_facts_id (self, name);

  if (g_strcmp0 (id, "white") == 0)
    return ARB_WHITE;
  if (g_strcmp0 (id, "black") == 0)
    return ARB_BLACK;
  return ARB_COLOR_NONE;
}

void
arb_ruling_facts_set_visible (ArbRulingDialog *self, const char *name, gboolean visible)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w != NULL)
    gtk_widget_set_visible (g_object_get_data (G_OBJECT (w), "arb-fact-row"), visible);
}

void
arb_ruling_facts_set_info (ArbRulingDialog *self, const char *name, const char *value)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w != NULL && GTK_IS_LABEL (w))
    gtk_label_set_text (GTK_LABEL (w), value);
}

/* Sets a switch from code, without counting as the arbiter's change. */
void
arb_ruling_facts_set_switch_quietly (ArbRulingDialog *self, const char *name, gboolean active)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w == NULL || !GTK_IS_SWITCH (w))
    return;
  self->updating = TRUE;
  gtk_switch_set_active (GTK_SWITCH (w), active);
  self->updating = FALSE;
}

/* The arbiter's reason, a sentence: the whole width of the row to write
 * it in, the question and an example as its title. */
static void
add_reason_row (ArbRulingDialog *self, const char *name, const char *title, const char *example)
{
  GtkWidget *row = adw_entry_row_new ();
  /* Translators: a question and an example answer, as the title of the
   * row where the arbiter writes his reason: "Why this is the last period
   * — e.g. the clock on the table shows it" */
  g_autofree char *text = g_strdup_printf (C_ ("reason row", "%s — %s"), title, example);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (fact_changed_cb), self);
  arb_ruling_facts_add (self, name, row, row);
}

/* A fact the program may prove: proven either way, the switch shows the
 * proof and cannot be changed; not proven, it starts off and is the
 * arbiter's to set, and then he must say why (arb_ruling_facts_proof_answered()).
 * Its reason is the entry "NAME-reason", shown only then. @fact names it
 * in the stored ruling ("cannot_mate": "cannot_mate_found" says what the
 * program found). */
void
arb_ruling_facts_add_provable (ArbRulingDialog *self,
                               const char *name,
                               const char *fact,
                               const char *title,
                               const char *reason_title,
                               const char *reason_placeholder)
{
  g_autofree char *reason = g_strdup_printf ("%s-reason", name);
  GtkWidget *w;

  arb_ruling_facts_add_switch (self, name, title, NULL, FALSE);
  w = arb_ruling_facts_get (self, name);
  g_object_set_data_full (G_OBJECT (w), "arb-proof-fact", g_strdup (fact), g_free);
  g_object_set_data (G_OBJECT (w), "arb-provable", GINT_TO_POINTER (TRUE));
  add_reason_row (self, reason, reason_title, reason_placeholder);
  arb_ruling_facts_set_visible (self, reason, FALSE);
}

void
arb_ruling_facts_set_proof (ArbRulingDialog *self, const char *name, ArbProof proof)
{
  arb_ruling_facts_set_proof_line (self, name, proof, NULL);
}

void
arb_ruling_facts_set_proof_line (ArbRulingDialog *self,
                                 const char *name,
                                 ArbProof proof,
                                 const char *line)
{
  const char *said = proof == ARB_PROOF_TRUE    ? _ ("Proven from the position")
                     : proof == ARB_PROOF_FALSE ? _ ("Proven false: checkmate is still possible")
                                                : NULL;

  arb_ruling_facts_set_proof_text (self, name, proof, said, line);
}

void
arb_ruling_facts_set_proof_text (ArbRulingDialog *self,
                                 const char *name,
                                 ArbProof proof,
                                 const char *said,
                                 const char *line)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);
  GtkWidget *row;
  g_autofree char *subtitle = NULL;

  if (w == NULL || !GTK_IS_SWITCH (w))
    return;
  row = g_object_get_data (G_OBJECT (w), "arb-fact-row");
  g_object_set_data (G_OBJECT (w), "arb-proof", GINT_TO_POINTER (proof));
  self->updating = TRUE;
  gtk_switch_set_active (GTK_SWITCH (w), proof == ARB_PROOF_TRUE);
  self->updating = FALSE;
  gtk_widget_set_sensitive (w, proof == ARB_PROOF_UNKNOWN);
  if (said == NULL)
    said = _ ("Not proven either way: the arbiter decides and says why");
  /* The moves or the count that show it, on a line of their own. */
  subtitle =
    line != NULL && *line != '\0' ? g_strdup_printf ("%s\n%s", said, line) : g_strdup (said);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

/* Where the arbiter holds as true what the program could not prove, his
 * reason is asked for; FALSE (the dialog's hint set to @hint) while it is
 * missing. */
gboolean
arb_ruling_facts_proof_answered (ArbRulingDialog *self, const char *name, const char *hint)
{
  g_autofree char *reason = g_strdup_printf ("%s-reason", name);
  const char *text;
  gboolean ask = arb_ruling_facts_get (self, name) != NULL &&
                 arb_ruling_facts_get_proof (self, name) == ARB_PROOF_UNKNOWN &&
                 arb_ruling_facts_bool (self, name);

  arb_ruling_facts_set_visible (self, reason, ask);
  text = arb_ruling_facts_text (self, reason);
  if (ask && (text == NULL || *text == '\0'))
    {
      self->hint = hint;
      return FALSE;
    }
  return TRUE;
}

/* Records, for each provable fact the arbiter set himself, that the
 * program could not prove it ("FACT_found": "unknown"), and appends his
 * reason to @why. */
void
arb_ruling_facts_record_overrides (ArbRulingDialog *self, ArbRuling *ruling, GString *why)
{
  for (guint i = 0; i < self->fact_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->fact_names, i);
      GtkWidget *w = arb_ruling_facts_get (self, name);
      g_autofree char *reason = NULL;
      g_autofree char *found = NULL;
      GtkWidget *entry;

      if (w == NULL || g_object_get_data (G_OBJECT (w), "arb-provable") == NULL)
        continue;
      reason = g_strdup_printf ("%s-reason", name);
      entry = arb_ruling_facts_get (self, reason);
      if (entry == NULL ||
          !gtk_widget_get_visible (g_object_get_data (G_OBJECT (entry), "arb-fact-row")))
        continue;
      found = g_strdup_printf ("%s_found",
                               (const char *) g_object_get_data (G_OBJECT (w), "arb-proof-fact"));
      arb_ruling_set_fact_text (ruling, found, "unknown");
      if (why->len > 0)
        g_string_append (why, "; ");
      g_string_append (why, arb_ruling_facts_text (self, reason));
    }
}

ArbProof
arb_ruling_facts_get_proof (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w == NULL)
    return ARB_PROOF_UNKNOWN;
  return (ArbProof) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (w), "arb-proof"));
}

void
arb_ruling_facts_set_number_quietly (ArbRulingDialog *self, const char *name, double value)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  if (w == NULL || !GTK_IS_SPIN_BUTTON (w))
    return;
  self->updating = TRUE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
  self->updating = FALSE;
}

static const char *const side_ids[] = { "white", "black" };

const char *
arb_ruling_facts_side_label (int i)
{
  return i == 0 ? _ ("White") : _ ("Black");
}

void
arb_ruling_facts_add_side_choice (ArbRulingDialog *self,
                                  const char *name,
                                  const char *title,
                                  int active)
{
  const char *labels[] = { arb_ruling_facts_side_label (0), arb_ruling_facts_side_label (1) };

  arb_ruling_facts_add_choice (self, name, title, side_ids, labels, 2, (guint) MAX (0, active));
}

guint
arb_ruling_dialog_n_plies (ArbRulingDialog *self)
{
  return arb_game_get_n_plies (self->game);
}

const ArbPosition *
arb_ruling_dialog_position (ArbRulingDialog *self)
{
  return arb_game_get_position (self->game, arb_ruling_dialog_n_plies (self));
}

gint64
arb_ruling_dialog_remaining_ms (ArbRulingDialog *self, int side)
{
  return MAX (0, arb_clock_get_remaining_us (arb_game_get_clock (self->game), side) / 1000);
}

/* Whether @side's clock is in the period for all remaining moves (a last
 * period without a move count), from the event's time control and the
 * moves the side has made: those recorded, and those a set-up position's
 * move number says were made before it. *why says how it is known, or
 * why it is not. */
ArbProof
arb_ruling_dialog_last_period (ArbRulingDialog *self, int side, char **why)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  const ArbTimeControl *tc = arb_clock_get_time_control (clock);
  const ArbPosition *start = arb_game_get_position (self->game, 0);
  int idx = tc->per_side ? side : ARB_WHITE;
  guint n_periods, moves, period, before = 0;

  if (tc->kind != ARB_TIME_CONTROL_PERIODS || tc->n_periods[idx] == 0)
    {
      *why = g_strdup (_ ("The event’s time control is not known"));
      return ARB_PROOF_UNKNOWN;
    }
  n_periods = tc->n_periods[idx];
  if (n_periods == 1 && tc->periods[idx][0].moves == 0)
    {
      *why = g_strdup (_ ("The time control has one period for the whole game"));
      return ARB_PROOF_TRUE;
    }
  if (arb_ruling_dialog_n_plies (self) == 0 && !arb_game_is_clock_kept (self->game) &&
      start->fullmove_number <= 1)
    {
      *why = g_strdup (_ ("No move of this game is recorded"));
      return ARB_PROOF_UNKNOWN;
    }
  if (start->fullmove_number > 1)
    before = start->fullmove_number - 1 + (side == ARB_WHITE && start->side_to_move == ARB_BLACK);
  moves = before + arb_clock_get_moves (clock, side);
  period = arb_time_control_period_of_move (tc, side, moves + 1, NULL);
  /* Translators: e.g. "White has made 61 moves: period 2 of 2". */
  *why = g_strdup_printf (_ ("%s has made %u moves: period %u of %u"),
                          arb_ruling_facts_side_label (side), moves, period + 1, n_periods);
  return period + 1 >= n_periods && tc->periods[idx][period].moves == 0 ? ARB_PROOF_TRUE
                                                                        : ARB_PROOF_FALSE;
}

/* One board below the facts: the position the ruling is about. */
void
arb_ruling_dialog_show_board (ArbRulingDialog *self, guint ply, const char *caption)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box))) != NULL)
    gtk_box_remove (self->boards_box, child);
  gtk_box_append (GTK_BOX (box), arb_ruling_board_new (arb_game_get_position (self->game, ply),
                                                       arb_game_get_move (self->game, ply), 176));
  gtk_box_append (GTK_BOX (box), gtk_label_new (caption));
  gtk_box_append (self->boards_box, box);
  gtk_widget_set_visible (GTK_WIDGET (self->boards_box), TRUE);
}
