/* arb-ruling-dialog.c: one guided ruling, from the facts to the confirmed effects
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-dialog"

#include "config.h"

#include "arb-ruling-dialog.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-laws.h"
#include "arb-material.h"
#include "arb-ruling-board.h"
#include "arb-ruling-print.h"
#include "arb-ruling-text.h"
#include "arb-san.h"

struct _ArbRulingDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkButton *confirm_button;
  GtkButton *print_button;
  AdwPreferencesGroup *facts_group;
  GtkBox *boards_box;
  AdwPreferencesGroup *rule_group;
  AdwPreferencesGroup *effects_group;
  AdwPreferencesGroup *clocks_group;
  GtkLabel *decision_label;
  GtkLabel *explanation_label;
  GtkEntry *white_time_entry;
  GtkEntry *black_time_entry;
  GtkEntry *note_entry;
  GtkLabel *error_label;

  /* Owned */
  ArbGame *game;
  ArbRuling *ruling;
  ArbRulingPlan *plan;
  GHashTable *facts;     /* name → GtkWidget (the row's value widget) */
  GPtrArray *fact_names; /* in the order shown */
  GPtrArray *rule_rows;  /* rows added to rule_group, removed on refresh */
  GPtrArray *effect_rows;
  guint occurrences[8];
  guint n_occurrences;
  ArbEnvelope envelope;
  gint64 envelope_id;

  ArbRulingFlow flow;
  ArbEventSettings event;
  int last_side;     /* the side fact at the last refresh */
  int last_ply;      /* the ply fact at the last refresh */
  gboolean updating; /* setting widgets from code */
  gboolean clocks_edited;
  gboolean revealed; /* the sealed move was shown (resumption) */
  gboolean complete; /* the facts give a ruling */
  const char *hint;  /* what is missing when the facts give no ruling */
};

G_DEFINE_FINAL_TYPE (ArbRulingDialog, arb_ruling_dialog, ADW_TYPE_WINDOW)

enum
{
  APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const flow_names[ARB_RULING_FLOW_N] = {
  [ARB_RULING_FLOW_ILLEGAL_MOVE] = "illegal-move", [ARB_RULING_FLOW_DRAW_CLAIM] = "draw-claim",
  [ARB_RULING_FLOW_FLAG_FALL] = "flag-fall",       [ARB_RULING_FLOW_QUICKPLAY] = "quickplay-claim",
  [ARB_RULING_FLOW_ADJOURN] = "adjourn",           [ARB_RULING_FLOW_RESUME] = "resume",
  [ARB_RULING_FLOW_PENALTY] = "penalty",           [ARB_RULING_FLOW_RESULT] = "result",
};

const char *
arb_ruling_flow_to_string (ArbRulingFlow flow)
{
  g_return_val_if_fail ((guint) flow < ARB_RULING_FLOW_N, NULL);
  return flow_names[flow];
}

gboolean
arb_ruling_flow_from_string (const char *text, ArbRulingFlow *flow)
{
  for (guint i = 0; i < ARB_RULING_FLOW_N; i++)
    if (g_strcmp0 (flow_names[i], text) == 0)
      {
        if (flow != NULL)
          *flow = (ArbRulingFlow) i;
        return TRUE;
      }
  return FALSE;
}

static void refresh (ArbRulingDialog *self);

/* --- Fact rows ------------------------------------------------------ */

static void
fact_changed_cb (ArbRulingDialog *self)
{
  if (!self->updating)
    refresh (self);
}

static void
add_fact (ArbRulingDialog *self, const char *name, GtkWidget *row, GtkWidget *value)
{
  adw_preferences_group_add (self->facts_group, row);
  g_hash_table_insert (self->facts, g_strdup (name), value);
  g_ptr_array_add (self->fact_names, g_strdup (name));
  g_object_set_data (G_OBJECT (value), "arb-fact-row", row);
}

/* A choice among @n items: ids are stored, labels are shown. */
static void
add_choice (ArbRulingDialog *self,
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

  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (model, labels[i]);
      copy[i] = g_strdup (ids[i]);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), MIN (active, n - 1));
  g_object_unref (model);
  g_object_set_data_full (G_OBJECT (row), "arb-ids", copy, (GDestroyNotify) g_strfreev);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (fact_changed_cb), self);
  add_fact (self, name, row, row);
}

static void
add_switch (ArbRulingDialog *self,
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
  add_fact (self, name, row, sw);
}

static void
add_entry (ArbRulingDialog *self,
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
  add_fact (self, name, row, entry);
}

static void
add_number (ArbRulingDialog *self,
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
  add_fact (self, name, row, spin);
}

/* A fact the program knows and shows (not edited). */
static void
add_info (ArbRulingDialog *self, const char *name, const char *title, const char *value)
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
  add_fact (self, name, row, label);
}

static GtkWidget *
fact (ArbRulingDialog *self, const char *name)
{
  return g_hash_table_lookup (self->facts, name);
}

static const char *
fact_id (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = fact (self, name);
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

static gboolean
fact_bool (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = fact (self, name);
  return w != NULL && GTK_IS_SWITCH (w) && gtk_switch_get_active (GTK_SWITCH (w));
}

static const char *
fact_text (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = fact (self, name);

  if (w == NULL || !GTK_IS_EDITABLE (w))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (w));
}

static int
fact_int (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = fact (self, name);

  if (w == NULL || !GTK_IS_SPIN_BUTTON (w))
    return 0;
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w));
}

static int
fact_side (ArbRulingDialog *self, const char *name)
{
  const char *id = fact_id (self, name);

  if (g_strcmp0 (id, "white") == 0)
    return ARB_WHITE;
  if (g_strcmp0 (id, "black") == 0)
    return ARB_BLACK;
  return ARB_SIDE_NONE;
}

static void
set_fact_visible (ArbRulingDialog *self, const char *name, gboolean visible)
{
  GtkWidget *w = fact (self, name);

  if (w != NULL)
    gtk_widget_set_visible (g_object_get_data (G_OBJECT (w), "arb-fact-row"), visible);
}

static void
set_info (ArbRulingDialog *self, const char *name, const char *value)
{
  GtkWidget *w = fact (self, name);

  if (w != NULL && GTK_IS_LABEL (w))
    gtk_label_set_text (GTK_LABEL (w), value);
}

/* Sets a switch from code, without counting as the arbiter's change. */
static void
set_switch_quietly (ArbRulingDialog *self, const char *name, gboolean active)
{
  GtkWidget *w = fact (self, name);

  if (w == NULL || !GTK_IS_SWITCH (w))
    return;
  self->updating = TRUE;
  gtk_switch_set_active (GTK_SWITCH (w), active);
  self->updating = FALSE;
}

static void
set_number_quietly (ArbRulingDialog *self, const char *name, double value)
{
  GtkWidget *w = fact (self, name);

  if (w == NULL || !GTK_IS_SPIN_BUTTON (w))
    return;
  self->updating = TRUE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
  self->updating = FALSE;
}

static const char *const side_ids[] = { "white", "black" };

static const char *
side_label (int i)
{
  return i == 0 ? _ ("White") : _ ("Black");
}

static void
add_side_choice (ArbRulingDialog *self, const char *name, const char *title, int active)
{
  const char *labels[] = { side_label (0), side_label (1) };

  add_choice (self, name, title, side_ids, labels, 2, (guint) MAX (0, active));
}

static guint
n_plies (ArbRulingDialog *self)
{
  return arb_game_get_n_plies (self->game);
}

static const ArbPosition *
current_position (ArbRulingDialog *self)
{
  return arb_game_get_position (self->game, n_plies (self));
}

static gint64
remaining_ms (ArbRulingDialog *self, int side)
{
  return MAX (0, arb_clock_get_remaining_us (arb_game_get_clock (self->game), side) / 1000);
}

/* The clock is in the period where all remaining moves must be made. */
static gboolean
in_last_period (ArbRulingDialog *self, int side)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  const ArbTimeControl *tc = arb_clock_get_time_control (clock);
  guint period = arb_clock_get_period (clock, side);
  int idx = tc->per_side ? side : ARB_WHITE;

  if (tc->kind != ARB_TIME_CONTROL_PERIODS || tc->n_periods[idx] == 0)
    return FALSE;
  return period + 1 >= tc->n_periods[idx];
}

/* One board below the facts: the position the ruling is about. */
static void
show_one_board (ArbRulingDialog *self, guint ply, const char *caption)
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

/* --- Illegal move (2018/2023 7.5; 2001/2009 7.4) --------------------- */

static void
build_illegal_move (ArbRulingDialog *self)
{
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);
  guint n = n_plies (self);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  /* The illegal move is not in the record: it was made by the side to
   * move in the last recorded position. */
  int offender = current_position (self)->side_to_move;
  const char *kind_ids[] = { "ordinary", "unpromoted-pawn", "clock-no-move", "two-hands" };
  const char *kind_labels[] = { _ ("A move against the rules"),
                                _ ("Pawn promoted without a new piece"),
                                _ ("Clock pressed without a move"),
                                _ ("Move made with two hands") };

  add_side_choice (self, "side", _ ("Who made the illegal move"), offender);

  /* The illegal move itself is never in the record (the workstation takes
   * only legal moves): it was just made on the board, or it was found
   * later, and then the position goes back to the ply before it. */
  g_ptr_array_add (ids, g_strdup_printf ("%u", n));
  g_ptr_array_add (labels, g_strdup (_ ("Just now, after the last recorded move")));
  for (guint ply = n; ply >= 1; ply--)
    {
      g_autofree char *text = arb_ruling_text_ply (self->game, (int) ply);

      g_ptr_array_add (ids, g_strdup_printf ("%u", ply - 1));
      g_ptr_array_add (labels, g_strdup_printf (_ ("Instead of %s (ply %u)"), text, ply));
    }
  add_choice (self, "ply", _ ("When it was made"), (const char *const *) ids->pdata,
              (const char *const *) labels->pdata, ids->len, 0);
  add_entry (self, "move", _ ("The move as made"), _ ("from–to, e.g. e1g1"), NULL, FALSE);
  add_choice (self, "kind", _ ("Kind"), kind_ids, kind_labels, laws->special_illegal_acts ? 4 : 2,
              0);
  add_number (self, "count", _ ("Earlier illegal moves of this player"), NULL, 0, 5,
              arb_game_get_illegal_moves (self->game, offender));
  add_switch (self, "cannot-mate", _ ("The opponent cannot checkmate"),
              _ ("By any series of legal moves; proven from the material"), FALSE);
  if (!arb_event_settings_fully_supervised (&self->event))
    {
      add_switch (self, "claimed", _ ("The opponent claimed it"), NULL, TRUE);
      add_switch (self, "opponent-moved", _ ("The opponent has made his next move"), NULL, FALSE);
    }
  self->last_side = -1;
  self->last_ply = -1;
}

static ArbRuling *
compute_illegal_move (ArbRulingDialog *self)
{
  ArbIllegalMoveFacts facts = { 0 };
  const char *kind = fact_id (self, "kind");
  const char *ply_id = fact_id (self, "ply");
  const ArbPosition *before;
  int ply_before = ply_id != NULL ? atoi (ply_id) : (int) n_plies (self);
  int side = fact_side (self, "side");
  ArbRuling *ruling;

  before = arb_game_get_position (self->game, (guint) ply_before);
  /* The move made instead of ply N + 1 was made by the side to move at
   * ply N: picking the ply picks the offender (the arbiter may change it). */
  if (ply_before != self->last_ply && self->last_ply >= 0)
    {
      GtkWidget *side_row = fact (self, "side");

      self->updating = TRUE;
      adw_combo_row_set_selected (ADW_COMBO_ROW (side_row), before->side_to_move);
      self->updating = FALSE;
      side = fact_side (self, "side");
    }
  /* The defaults follow the side and the ply; the arbiter may change them. */
  if (side != self->last_side)
    set_number_quietly (self, "count", arb_game_get_illegal_moves (self->game, side));
  if (side != self->last_side || ply_before != self->last_ply)
    set_switch_quietly (self, "cannot-mate", arb_position_cannot_mate (before, !side));
  self->last_side = side;
  self->last_ply = ply_before;

  facts.by = side;
  facts.kind = g_strcmp0 (kind, "unpromoted-pawn") == 0 ? ARB_ILLEGAL_UNPROMOTED_PAWN
               : g_strcmp0 (kind, "clock-no-move") == 0 ? ARB_ILLEGAL_CLOCK_NO_MOVE
               : g_strcmp0 (kind, "two-hands") == 0     ? ARB_ILLEGAL_TWO_HANDS
                                                        : ARB_ILLEGAL_ORDINARY;
  facts.ply_before = ply_before;
  facts.last_identifiable_ply = ply_before;
  facts.previous_count = (guint) fact_int (self, "count");
  facts.opponent_cannot_mate = fact_bool (self, "cannot-mate");
  facts.claimed_by_opponent = fact (self, "claimed") == NULL || fact_bool (self, "claimed");
  facts.seen_by_arbiter = TRUE;
  facts.opponent_has_moved = fact_bool (self, "opponent-moved");

  {
    g_autofree char *at = arb_ruling_text_ply (self->game, ply_before);
    g_autofree char *caption =
      g_strdup_printf (_ ("Before the illegal move: after %s (ply %d)"), at, ply_before);
    show_one_board (self, (guint) ply_before, caption);
  }
  ruling = arb_laws_illegal_move (&self->event, &facts);
  {
    g_autofree char *when = ply_before == (int) n_plies (self)
                              ? g_strdup (_ ("after the last recorded move"))
                              : g_strdup_printf (_ ("at ply %d"), ply_before + 1);
    const char *as_made = fact_text (self, "move");

    arb_ruling_set_facts (ruling, "%s: illegal move %s%s%s", arb_side_to_string (side),
                          as_made != NULL && *as_made ? as_made : "",
                          as_made && *as_made ? ", " : "", when);
  }
  return ruling;
}

static void
plan_illegal_move (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  const char *ply_id = fact_id (self, "ply");
  int ply_before = ply_id != NULL ? atoi (ply_id) : (int) n_plies (self);
  const char *kind = fact_id (self, "kind");
  const char *as_made = fact_text (self, "move");
  char fen[ARB_FEN_MAX];

  /* Every kind counts towards the limit (2018 7.5.3/7.5.4: "treated and
   * penalised as an illegal move"), so all are stored as illegal moves;
   * the kind goes with the move text. */
  plan->irregularity_kind = g_strdup ("illegal-move");
  plan->irregularity_ply = ply_before + 1;
  plan->irregularity_side = fact_side (self, "side");
  if (g_strcmp0 (kind, "ordinary") == 0 || kind == NULL)
    plan->irregularity_move = g_strdup (as_made != NULL && *as_made ? as_made : NULL);
  else
    plan->irregularity_move = g_strdup_printf ("%s%s%s", as_made != NULL ? as_made : "",
                                               as_made != NULL && *as_made ? " " : "", kind);
  arb_position_write_fen (arb_game_get_position (self->game, (guint) ply_before),
                          ARB_FEN_FLAGS_NONE, fen);
  plan->irregularity_fen = g_strdup (fen);

  /* 2018/2023 7.5.2: a pawn moved to the last rank without being replaced
   * becomes a queen. With the move as made (from–to) and the position on
   * the board, that move is played as a promotion to a queen. */
  if (arb_ruling_find_effect (plan->ruling, ARB_EFFECT_PROMOTE_TO_QUEEN) != NULL &&
      as_made != NULL && strlen (as_made) >= 4 && ply_before == (int) n_plies (self))
    {
      const ArbPosition *pos = current_position (self);
      g_autofree char *uci = g_strdup_printf ("%.4sq", as_made);
      ArbMove move = arb_move_parse_uci (pos, uci, strlen (uci));

      if (move != ARB_MOVE_NONE && arb_position_is_legal (pos, move))
        {
          g_free (plan->play_uci);
          plan->play_uci = g_steal_pointer (&uci);
        }
    }
}

/* --- Draw claims (2018/2023 9.2, 9.3, 9.5) --------------------------- */

static void
build_draw_claim (ArbRulingDialog *self)
{
  const char *kind_ids[] = { "threefold", "fifty" };
  const char *kind_labels[] = { _ ("Threefold repetition"), _ ("50 moves") };
  int claimant = current_position (self)->side_to_move;

  add_info (self, "claimant", _ ("Claimant (has the move)"), side_label (claimant));
  add_choice (self, "kind", _ ("Claim"), kind_ids, kind_labels, 2, 0);
  add_entry (self, "written", _ ("Move written on the scoresheet"),
             _ ("none: the position is on the board"), NULL, FALSE);
  add_info (self, "finding", _ ("The record shows"), "");
}

/* The game followed again, plus the written move when there is one. */
static ArbGameStatus *
replay_status (ArbRulingDialog *self, ArbMove written)
{
  ArbGameStatus *status = arb_game_status_new (arb_game_get_position (self->game, 0));

  arb_game_status_set_edition (status, self->event.edition);
  for (guint ply = 1; ply <= n_plies (self); ply++)
    arb_game_status_push (status, arb_game_get_move (self->game, ply));
  if (written != ARB_MOVE_NONE)
    arb_game_status_push (status, written);
  return status;
}

static void
show_occurrences (ArbRulingDialog *self, ArbGameStatus *status, ArbMove written)
{
  guint ply = arb_game_status_get_ply (status);
  guint plies[8];
  guint n = arb_game_status_get_occurrences (status, ply, plies, G_N_ELEMENTS (plies));
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box))) != NULL)
    gtk_box_remove (self->boards_box, child);
  self->n_occurrences = MIN (n, G_N_ELEMENTS (plies));
  memcpy (self->occurrences, plies, sizeof plies);
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (plies)); i++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      const ArbPosition *pos;
      ArbMove last;
      g_autofree char *caption = NULL;

      if (plies[i] <= n_plies (self))
        {
          pos = arb_game_get_position (self->game, plies[i]);
          last = arb_game_get_move (self->game, plies[i]);
          caption = plies[i] == 0 ? g_strdup (_ ("the start"))
                                  : arb_ruling_text_ply (self->game, (int) plies[i]);
        }
      else
        {
          pos = arb_game_status_get_position (status);
          last = written;
          caption = g_strdup (_ ("after the written move"));
        }
      gtk_box_append (GTK_BOX (box), arb_ruling_board_new (pos, last, 112));
      gtk_box_append (GTK_BOX (box), gtk_label_new (caption));
      gtk_box_append (self->boards_box, box);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->boards_box), n > 0);
}

static ArbRuling *
compute_draw_claim (ArbRulingDialog *self)
{
  ArbDrawClaimFacts facts = { 0 };
  const char *kind = fact_id (self, "kind");
  const char *written_text = fact_text (self, "written");
  const ArbPosition *pos = current_position (self);
  ArbMove written = ARB_MOVE_NONE;
  g_autoptr (ArbGameStatus) status = NULL;
  ArbDrawClaims claims;
  ArbRuling *ruling;
  g_autofree char *finding = NULL;

  facts.by = pos->side_to_move;
  facts.kind = g_strcmp0 (kind, "fifty") == 0 ? ARB_CLAIM_FIFTY : ARB_CLAIM_THREEFOLD;
  if (written_text != NULL && *written_text != '\0')
    {
      written = arb_san_parse (pos, written_text, strlen (written_text), NULL);
      if (written == ARB_MOVE_NONE)
        written = arb_move_parse_uci (pos, written_text, strlen (written_text));
      if (written == ARB_MOVE_NONE || !arb_position_is_legal (pos, written))
        {
          set_info (self, "finding", _ ("The written move is not a legal move here"));
          self->hint = _ ("The written move is not a legal move here");
          gtk_widget_set_visible (GTK_WIDGET (self->boards_box), FALSE);
          return NULL;
        }
      facts.written_move = written_text;
    }

  status = replay_status (self, ARB_MOVE_NONE);
  claims = written != ARB_MOVE_NONE ? arb_game_status_claims_with_move (status, written)
                                    : arb_game_status_claims_now (status);
  facts.correct = facts.kind == ARB_CLAIM_THREEFOLD ? (claims & ARB_DRAW_CLAIM_THREEFOLD) != 0
                                                    : (claims & ARB_DRAW_CLAIM_FIFTY_MOVES) != 0;
  facts.claimant_remaining_ms = remaining_ms (self, facts.by);

  if (written != ARB_MOVE_NONE)
    arb_game_status_push (status, written);
  if (facts.kind == ARB_CLAIM_THREEFOLD)
    {
      guint count =
        arb_game_status_get_occurrences (status, arb_game_status_get_ply (status), NULL, 0);
      finding = g_strdup_printf (
        ngettext ("The position has occurred %u time", "The position has occurred %u times", count),
        count);
      show_occurrences (self, status, written);
    }
  else
    {
      guint hm = arb_game_status_get_halfmove_clock (status, arb_game_status_get_ply (status));

      finding =
        g_strdup_printf (_ ("%u moves by each player without a capture or a pawn move"), hm / 2);
      gtk_widget_set_visible (GTK_WIDGET (self->boards_box), FALSE);
    }
  set_info (self, "finding", finding);

  ruling = arb_laws_draw_claim (&self->event, &facts);
  arb_ruling_set_facts (ruling, "%s claims a draw by %s%s%s (%s)", arb_side_to_string (facts.by),
                        facts.kind == ARB_CLAIM_THREEFOLD ? "repetition" : "the 50-move rule",
                        facts.written_move != NULL ? " with the written move " : "",
                        facts.written_move != NULL ? facts.written_move : "",
                        facts.correct ? "correct" : "incorrect");
  return ruling;
}

/* --- Flag fall (2018/2023 6.9, 6.11; 2001/2009 6.9, 6.10, 6.12) ------ */

static void
build_flag_fall (ArbRulingDialog *self)
{
  ArbColor fallen;
  int side = arb_game_has_flag_fallen (self->game, &fallen)
               ? (int) fallen
               : (int) current_position (self)->side_to_move;
  ArbGameEventKind end;

  add_side_choice (self, "side", _ ("Whose flag fell"), side);
  add_switch (self, "both", _ ("Both flags have fallen"), NULL, FALSE);
  add_switch (self, "order-known", _ ("It is known which fell first"), NULL, TRUE);
  add_switch (self, "last-period", _ ("In the period for all remaining moves"), NULL,
              in_last_period (self, side));
  if (self->event.category != ARB_CATEGORY_STANDARD)
    {
      const char *ids[] = { "arbiter", "opponent" };
      const char *labels[] = { _ ("The arbiter"), _ ("The opponent") };

      add_choice (self, "called-by", _ ("Who called it"), ids, labels, 2, 0);
    }
  add_switch (self, "cannot-mate", _ ("The opponent cannot checkmate"),
              _ ("By any series of legal moves; proven from the material"), FALSE);
  add_switch (self, "already-over", _ ("The game had already ended"),
              _ ("Checkmate, stalemate or a dead position came first"),
              arb_game_status_get_end (arb_game_get_status (self->game), &end, NULL));
  self->last_side = -1;
}

static ArbRuling *
compute_flag_fall (ArbRulingDialog *self)
{
  ArbFlagFacts facts = { 0 };
  int side = fact_side (self, "side");
  ArbRuling *ruling;

  if (side != self->last_side)
    set_switch_quietly (self, "cannot-mate",
                        arb_position_cannot_mate (current_position (self), !side));
  self->last_side = side;

  facts.by = side;
  facts.called_by = g_strcmp0 (fact_id (self, "called-by"), "opponent") == 0
                      ? ARB_CALLED_BY_OPPONENT
                      : ARB_CALLED_BY_ARBITER;
  facts.opponent_cannot_mate = fact_bool (self, "cannot-mate");
  facts.both_fallen = fact_bool (self, "both");
  facts.order_known = !facts.both_fallen || fact_bool (self, "order-known");
  facts.last_period = fact_bool (self, "last-period");
  facts.game_already_over = fact_bool (self, "already-over");
  facts.claimant_flag_up = TRUE;
  set_fact_visible (self, "order-known", facts.both_fallen);

  show_one_board (self, n_plies (self), _ ("The position on the board"));
  ruling = arb_laws_flag_fall (&self->event, &facts);
  arb_ruling_set_facts (ruling, "%s's flag fell%s", arb_side_to_string (side),
                        facts.both_fallen ? " (both flags down)" : "");
  return ruling;
}

/* --- Quickplay finish (2001/2009 10.2; 2018 G; 2023 III) -------------- */

static void
build_quickplay (ArbRulingDialog *self)
{
  int claimant = current_position (self)->side_to_move;
  const char *ids[] = { "draw", "postpone", "reject", "increment" };
  const char *labels[] = { _ ("Draw: no effort to win by normal means"),
                           _ ("Postpone the decision"), _ ("Reject the claim"),
                           _ ("Give an increment instead") };
  g_autofree char *left = arb_ruling_text_time (remaining_ms (self, claimant), FALSE);
  g_autofree char *claimant_text = g_strdup_printf ("%s, %s", side_label (claimant), left);
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);

  add_info (self, "claimant", _ ("Claimant (has the move)"), claimant_text);
  add_switch (self, "in-finish", _ ("In the period for all remaining moves"), NULL,
              in_last_period (self, claimant));
  add_switch (self, "arbiter-present", _ ("An arbiter is present"), NULL, TRUE);
  add_choice (self, "verdict", _ ("The arbiter's judgement"), ids, labels,
              laws->quickplay_increment_option ? 4 : 3, 0);
  add_switch (self, "extra-time", _ ("Two extra minutes to the opponent"),
              _ ("When the decision is postponed"), FALSE);
}

static ArbRuling *
compute_quickplay (ArbRulingDialog *self)
{
  ArbQuickplayFacts facts = { 0 };
  const char *verdict = fact_id (self, "verdict");
  ArbRuling *ruling;

  facts.by = current_position (self)->side_to_move;
  facts.claimant_remaining_ms = remaining_ms (self, facts.by);
  facts.in_quickplay_finish = fact_bool (self, "in-finish");
  facts.arbiter_present = fact_bool (self, "arbiter-present");
  facts.verdict = g_strcmp0 (verdict, "postpone") == 0    ? ARB_QUICKPLAY_POSTPONE
                  : g_strcmp0 (verdict, "reject") == 0    ? ARB_QUICKPLAY_REJECT
                  : g_strcmp0 (verdict, "increment") == 0 ? ARB_QUICKPLAY_INCREMENT
                                                          : ARB_QUICKPLAY_DRAW;
  facts.postpone_extra_time = fact_bool (self, "extra-time");
  set_fact_visible (self, "extra-time", facts.verdict == ARB_QUICKPLAY_POSTPONE);
  ruling = arb_laws_quickplay_claim (&self->event, &facts);
  arb_ruling_set_facts (ruling, "%s claims a draw in the quickplay finish",
                        arb_side_to_string (facts.by));
  return ruling;
}

/* --- Adjournment and resumption (2018 E, 2023 Guidelines I) ----------- */

/* The time the clock has given @side so far: the periods reached and the
 * increments of the moves made. */
static gint64
time_given_ms (ArbRulingDialog *self, int side)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  const ArbTimeControl *tc = arb_clock_get_time_control (clock);
  int idx = tc->per_side ? side : ARB_WHITE;
  guint period = arb_clock_get_period (clock, side);
  guint moves = arb_clock_get_moves (clock, side);
  gint64 given = 0;

  if (tc->kind != ARB_TIME_CONTROL_PERIODS || tc->n_periods[idx] == 0)
    return 0;
  for (guint p = 0; p <= period && p < tc->n_periods[idx]; p++)
    given += tc->periods[idx][p].time_ms;
  if (tc->periods[idx][0].bonus == ARB_BONUS_INCREMENT)
    given += (gint64) moves * tc->periods[idx][0].bonus_ms;
  return given;
}

/* The envelope records the time used (2001 A2c, 2009 Guidelines 2c, 2018
 * E.2.3): the time given so far less the time left. */
static gint64
time_used_ms (ArbRulingDialog *self, int side)
{
  return MAX (0, time_given_ms (self, side) - remaining_ms (self, side));
}

static void
build_adjourn (ArbRulingDialog *self)
{
  int sealer = current_position (self)->side_to_move;
  g_autofree char *w = arb_ruling_text_time (time_used_ms (self, ARB_WHITE), FALSE);
  g_autofree char *b = arb_ruling_text_time (time_used_ms (self, ARB_BLACK), FALSE);
  g_autofree char *used = g_strdup_printf (_ ("White %s, Black %s"), w, b);

  add_info (self, "sealer", _ ("Seals the move (has the move)"), side_label (sealer));
  add_entry (self, "sealed-move", _ ("Sealed move"), _ ("as written, hidden"), NULL, TRUE);
  add_info (self, "time-used", _ ("Time used"), used);
  add_entry (self, "resume-at", _ ("Resumption, date and time"), _ ("e.g. 2026-11-22 10:00"), NULL,
             FALSE);
  add_entry (self, "place", _ ("Resumption, place"), _ ("e.g. playing hall"), NULL, FALSE);
  add_switch (self, "draw-offer", _ ("A draw offer stands"), NULL, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->print_button), TRUE);
}

static ArbRuling *
compute_adjourn (ArbRulingDialog *self)
{
  ArbSealFacts facts = { 0 };
  const ArbPosition *pos = current_position (self);
  const ArbPlayerInfo *w = arb_game_get_player (self->game, ARB_WHITE);
  const ArbPlayerInfo *b = arb_game_get_player (self->game, ARB_BLACK);
  const char *move = fact_text (self, "sealed-move");
  char fen[ARB_FEN_MAX];
  ArbRuling *ruling;

  if (move == NULL || *move == '\0')
    {
      self->hint = _ ("Enter the sealed move");
      return NULL;
    }
  arb_position_write_fen (pos, ARB_FEN_FLAGS_NONE, fen);
  facts.sealer = pos->side_to_move;
  facts.white = w != NULL ? w->name : "";
  facts.black = b != NULL ? b->name : "";
  facts.fen_before = fen;
  facts.ply = (int) n_plies (self) + 1;
  facts.move_number = pos->fullmove_number;
  facts.sealed_move = move;
  facts.white_used_ms = time_used_ms (self, ARB_WHITE);
  facts.black_used_ms = time_used_ms (self, ARB_BLACK);
  facts.draw_offer_by = fact_bool (self, "draw-offer") ? !facts.sealer : ARB_SIDE_NONE;
  facts.resumption = fact_text (self, "resume-at");
  facts.session_time_left_ms = 0;
  ruling = arb_laws_seal_move (&self->event, &facts);
  arb_ruling_set_facts (ruling, "%s seals move %d", arb_side_to_string (facts.sealer),
                        facts.move_number);
  return ruling;
}

static void
reveal_clicked_cb (ArbRulingDialog *self)
{
  self->revealed = TRUE;
  refresh (self);
}

static void
build_resume (ArbRulingDialog *self)
{
  GtkWidget *row;
  GtkWidget *button;

  self->envelope_id = arb_ruling_find_envelope (self->game, &self->envelope, NULL);
  if (self->envelope_id == 0)
    {
      add_info (self, "envelope", _ ("Envelope"), _ ("This game has no sealed envelope"));
      return;
    }
  add_info (self, "envelope", _ ("Envelope"), "");
  add_switch (self, "sealer-present", _ ("The player who sealed is present"), NULL, TRUE);
  add_switch (self, "replier-present", _ ("The player who replies is present"),
              _ ("The envelope is opened only then"), TRUE);
  add_number (self, "late", _ ("Minutes late (the absent player)"), NULL, 0, 600, 0);
  add_switch (self, "lost", _ ("The envelope is lost"), NULL, FALSE);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Sealed move"));
  button = gtk_button_new_with_mnemonic (_ ("_Open the Envelope"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (reveal_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  add_fact (self, "open", row, button);
  add_info (self, "sealed-move", _ ("The sealed move reads"), "");
  gtk_widget_set_visible (GTK_WIDGET (self->print_button), TRUE);
}

static ArbRuling *
compute_resume (ArbRulingDialog *self)
{
  ArbResumeFacts facts = { 0 };
  ArbPosition pos;
  ArbSanError san_error = ARB_SAN_OK;
  ArbMove move = ARB_MOVE_NONE;
  ArbRuling *ruling;
  g_autofree char *summary = NULL;
  g_autofree char *w = NULL;
  g_autofree char *b = NULL;

  if (self->envelope_id == 0)
    {
      self->hint = _ ("This game has no sealed envelope");
      return NULL;
    }
  w = arb_ruling_text_time (self->envelope.white_used_ms, FALSE);
  b = arb_ruling_text_time (self->envelope.black_used_ms, FALSE);
  summary = g_strdup_printf (_ ("Move %d of %s; time used: White %s, Black %s"),
                             self->envelope.move_number, side_label (self->envelope.sealer), w, b);
  set_info (self, "envelope", summary);

  facts.replier_present = fact_bool (self, "replier-present");
  facts.sealer_present = fact_bool (self, "sealer-present");
  facts.absent_late_ms = (gint64) fact_int (self, "late") * 60 * 1000;
  facts.envelope_lost = fact_bool (self, "lost");
  facts.position_reconstructible = TRUE;
  facts.envelope = &self->envelope;
  facts.ply = (int) n_plies (self);
  gtk_widget_set_sensitive (fact (self, "open"), facts.replier_present && !facts.envelope_lost);
  /* 2018 E.7 (2001 A7): the envelope is opened only when the player who
   * must reply is present; until then nothing shows the move. */
  set_info (self, "sealed-move", self->revealed ? self->envelope.sealed_move : "••••");
  if (facts.replier_present && !self->revealed && !facts.envelope_lost)
    {
      self->hint = _ ("Open the envelope to rule");
      return NULL;
    }

  if (!arb_position_set_fen (&pos, self->envelope.fen, ARB_FEN_FLAGS_NONE, NULL))
    return NULL;
  if (self->envelope.sealed_move != NULL)
    move =
      arb_san_parse (&pos, self->envelope.sealed_move, strlen (self->envelope.sealed_move), NULL);
  if (move == ARB_MOVE_NONE && self->envelope.sealed_move != NULL)
    san_error = arb_san_resolve (&pos, self->envelope.sealed_move,
                                 strlen (self->envelope.sealed_move), &move);
  if (move != ARB_MOVE_NONE && arb_position_is_legal (&pos, move))
    {
      ArbUndo undo;

      facts.validity = ARB_SEALED_VALID;
      arb_position_make_move (&pos, move, &undo);
      facts.outcome = arb_position_is_checkmate (&pos)          ? ARB_SEALED_MATES
                      : arb_position_is_stalemate (&pos)        ? ARB_SEALED_STALEMATES
                      : arb_position_is_dead_by_material (&pos) ? ARB_SEALED_DEAD_POSITION
                                                                : ARB_SEALED_ENDS_NOTHING;
    }
  else
    facts.validity = san_error == ARB_SAN_ERROR_AMBIGUOUS ? ARB_SEALED_AMBIGUOUS
                     : san_error == ARB_SAN_ERROR_SYNTAX  ? ARB_SEALED_UNREADABLE
                                                          : ARB_SEALED_ILLEGAL;
  {
    ArbPosition before;

    arb_position_set_fen (&before, self->envelope.fen, ARB_FEN_FLAGS_NONE, NULL);
    facts.opponent_cannot_mate = arb_position_cannot_mate (&before, !self->envelope.sealer);
  }
  ruling = arb_laws_resume (&self->event, &facts);
  if (self->revealed)
    arb_ruling_set_facts (ruling, "Resumption; the sealed move %s is %s",
                          self->envelope.sealed_move,
                          facts.validity == ARB_SEALED_VALID ? "valid" : "not valid");
  else
    arb_ruling_set_facts (
      ruling, "Resumption; the envelope was not opened (%s absent)",
      arb_side_to_string (facts.replier_present ? self->envelope.sealer : !self->envelope.sealer));
  return ruling;
}

/* Resumption: the envelope opened and the clocks from the time used. */
static void
plan_resume (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  const ArbTimeControl *tc = arb_clock_get_time_control (arb_game_get_clock (self->game));

  /* The envelope counts as opened once its move was read out or is made
   * on the board (an absent replier's clock then runs, 2018 E.9). */
  if (self->revealed || plan->play_uci != NULL)
    {
      plan->open_envelope_id = self->envelope_id;
      plan->reveal_sealed_move = TRUE;
    }
  /* 2018 E.5 (2001 A5): the clocks show the time each player had left at
   * the adjournment: what the clock gave him less the time he used. */
  if (tc->kind == ARB_TIME_CONTROL_PERIODS &&
      arb_ruling_get_result (plan->ruling) == ARB_RESULT_ONGOING)
    {
      plan->white_ms = MAX (0, time_given_ms (self, ARB_WHITE) - self->envelope.white_used_ms);
      plan->black_ms = MAX (0, time_given_ms (self, ARB_BLACK) - self->envelope.black_used_ms);
      plan->set_clocks = TRUE;
    }
}

/* --- Penalties, late arrival, devices (2018/2023 12.9, 6.7, 11.3) ----- */

static void
build_penalty (ArbRulingDialog *self)
{
  const char *what_ids[] = { "conduct", "late-arrival", "device" };
  const char *what_labels[] = { _ ("Conduct: a penalty from the list"), _ ("Late arrival"),
                                _ ("Electronic device") };
  g_autoptr (GArray) menu = arb_laws_penalty_menu (self->event.edition);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);
  const char *late_ids[] = { "white", "black", "both" };
  const char *late_labels[] = { side_label (0), side_label (1), _ ("Both") };

  add_choice (self, "what", _ ("What happened"), what_ids, what_labels, 3, 0);
  for (guint i = 0; i < menu->len; i++)
    {
      ArbPenalty p = g_array_index (menu, ArbPenalty, i);

      g_ptr_array_add (ids, g_strdup (arb_penalty_to_string (p)));
      g_ptr_array_add (labels, g_strdup_printf ("%s — %s", laws->penalty_article[p],
                                                _ (arb_penalty_paraphrase (p))));
    }
  add_choice (self, "penalty", _ ("Penalty"), (const char *const *) ids->pdata,
              (const char *const *) labels->pdata, ids->len, 0);
  add_side_choice (self, "offender", _ ("Offender"), current_position (self)->side_to_move);
  add_number (self, "minutes", _ ("Minutes"), NULL, 0, 60, 2);
  add_number (self, "offender-points", _ ("Offender's score (half points)"), NULL, 0, 2, 0);
  add_number (self, "opponent-points", _ ("Opponent's score (half points)"), NULL, 0, 2, 2);
  add_entry (self, "reason", _ ("Reason"), _ ("what the player did"), NULL, FALSE);
  add_choice (self, "late-side", _ ("Who is late"), late_ids, late_labels, 3, 0);
  add_number (self, "late-minutes", _ ("Minutes after the start"), NULL, 0, 600, 0);
  add_switch (self, "sounded", _ ("The device made a sound"), NULL, TRUE);
  add_switch (self, "cannot-mate", _ ("The opponent cannot checkmate"), NULL, FALSE);
  add_switch (self, "milder", _ ("The event sets a milder penalty"), NULL, FALSE);
}

static ArbRuling *
compute_penalty (ArbRulingDialog *self)
{
  const char *what = fact_id (self, "what");
  gboolean conduct = g_strcmp0 (what, "conduct") == 0;
  gboolean late = g_strcmp0 (what, "late-arrival") == 0;
  gboolean device = g_strcmp0 (what, "device") == 0;
  ArbPenalty penalty = ARB_PENALTY_WARNING;
  ArbRuling *ruling;

  arb_penalty_from_string (fact_id (self, "penalty"), &penalty);
  set_fact_visible (self, "penalty", conduct);
  set_fact_visible (self, "offender", conduct || device);
  set_fact_visible (self, "minutes",
                    conduct && (penalty == ARB_PENALTY_ADD_OPPONENT_TIME ||
                                penalty == ARB_PENALTY_REDUCE_OFFENDER_TIME));
  set_fact_visible (self, "offender-points",
                    conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  set_fact_visible (self, "opponent-points",
                    conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  set_fact_visible (self, "reason", conduct);
  set_fact_visible (self, "late-side", late);
  set_fact_visible (self, "late-minutes", late);
  set_fact_visible (self, "sounded", device && self->event.edition == ARB_EDITION_2009);
  set_fact_visible (self, "cannot-mate", device);
  set_fact_visible (self, "milder", device && self->event.edition >= ARB_EDITION_2018);

  if (late)
    {
      ArbLateFacts facts = { 0 };
      const char *side = fact_id (self, "late-side");

      facts.by = g_strcmp0 (side, "white") == 0   ? ARB_WHITE
                 : g_strcmp0 (side, "black") == 0 ? ARB_BLACK
                                                  : ARB_SIDE_NONE;
      facts.late_ms = (gint64) fact_int (self, "late-minutes") * 60 * 1000;
      facts.neither_present_at_start = facts.by == ARB_SIDE_NONE;
      ruling = arb_laws_late_arrival (&self->event, &facts);
      arb_ruling_set_facts (ruling, "%s late by %d minutes",
                            facts.by == ARB_SIDE_NONE ? "both" : arb_side_to_string (facts.by),
                            fact_int (self, "late-minutes"));
      return ruling;
    }
  if (device)
    {
      ArbDeviceFacts facts = { 0 };

      facts.by = fact_side (self, "offender");
      facts.sounded = fact_bool (self, "sounded");
      facts.opponent_cannot_mate = fact_bool (self, "cannot-mate");
      facts.event_milder_penalty = fact_bool (self, "milder");
      ruling = arb_laws_device (&self->event, &facts);
      arb_ruling_set_facts (ruling, "%s had an electronic device", arb_side_to_string (facts.by));
      return ruling;
    }
  {
    ArbPenaltyFacts facts = { 0 };
    const char *reason = fact_text (self, "reason");

    facts.penalty = penalty;
    facts.by = fact_side (self, "offender");
    facts.ms = (gint64) fact_int (self, "minutes") * 60 * 1000;
    arb_result_from_string (arb_game_get_result (self->game), &facts.current);
    facts.offender_half_points = (guint) fact_int (self, "offender-points");
    facts.opponent_half_points = (guint) fact_int (self, "opponent-points");
    facts.text = reason != NULL && *reason != '\0' ? reason : NULL;
    ruling = arb_laws_penalty (&self->event, &facts);
    arb_ruling_set_facts (ruling, "%s: %s%s%s", arb_side_to_string (facts.by),
                          arb_penalty_to_string (penalty), facts.text != NULL ? ", " : "",
                          facts.text != NULL ? facts.text : "");
    return ruling;
  }
}

/* --- Result (5.1, 5.2, 9.1; points 10/11) ----------------------------- */

static const ArbResult result_choices[] = {
  ARB_RESULT_WHITE_WINS,        ARB_RESULT_BLACK_WINS,        ARB_RESULT_DRAW,
  ARB_RESULT_BOTH_LOSE,         ARB_RESULT_WHITE_HALF,        ARB_RESULT_BLACK_HALF,
  ARB_RESULT_WHITE_FORFEIT_WIN, ARB_RESULT_BLACK_FORFEIT_WIN, ARB_RESULT_DOUBLE_FORFEIT,
};

static void
build_result (ArbRulingDialog *self)
{
  const char *ids[G_N_ELEMENTS (result_choices)];
  const char *labels[G_N_ELEMENTS (result_choices)];
  const char *reason_ids[] = { "agreement",     "resignation", "checkmate", "stalemate",
                               "dead-position", "repetition",  "arbiter" };
  const char *reason_labels[] = { _ ("Draw agreed"),       _ ("Resignation"),
                                  _ ("Checkmate"),         _ ("Stalemate"),
                                  _ ("Dead position"),     _ ("Fivefold repetition or 75 moves"),
                                  _ ("Arbiter's decision") };

  for (guint i = 0; i < G_N_ELEMENTS (result_choices); i++)
    ids[i] = labels[i] = arb_result_to_string (result_choices[i]);
  add_choice (self, "result", _ ("Result"), ids, labels, G_N_ELEMENTS (ids), 0);
  add_choice (self, "reason", _ ("Reason"), reason_ids, reason_labels, G_N_ELEMENTS (reason_ids),
              0);
  add_info (self, "finding", _ ("The position on the board"), "");
}

static ArbRuling *
compute_result (ArbRulingDialog *self)
{
  const char *result_text = fact_id (self, "result");
  const char *reason = fact_id (self, "reason");
  const ArbPosition *pos = current_position (self);
  ArbResult result = ARB_RESULT_DRAW;
  ArbRuling *ruling;
  guint w = 0, b = 0;
  const char *finding = _ ("Play could go on");

  arb_result_from_string (result_text, &result);
  if (arb_position_is_checkmate (pos))
    finding = _ ("Checkmate");
  else if (arb_position_is_stalemate (pos))
    finding = _ ("Stalemate");
  else if (arb_position_is_dead_by_material (pos))
    finding = _ ("Dead position: neither side can checkmate");
  set_info (self, "finding", finding);
  show_one_board (self, n_plies (self), _ ("The position on the board"));

  if (g_strcmp0 (reason, "resignation") == 0 &&
      (result == ARB_RESULT_WHITE_WINS || result == ARB_RESULT_BLACK_WINS))
    {
      int loser = result == ARB_RESULT_WHITE_WINS ? ARB_BLACK : ARB_WHITE;

      /* 2023 5.1.2: resigning when the opponent cannot mate is a draw. */
      ruling = arb_laws_resign (&self->event, loser, arb_position_cannot_mate (pos, !loser));
      arb_ruling_set_facts (ruling, "%s resigns", arb_side_to_string (loser));
      return ruling;
    }

  arb_result_half_points (result, &w, &b);
  ruling = arb_ruling_new (ARB_RULING_RESULT, self->event.edition, self->event.category,
                           w > b   ? ARB_WHITE
                           : b > w ? ARB_BLACK
                                   : ARB_SIDE_NONE);
  ruling->decision = w == b && w == 1 ? ARB_DECISION_DRAW
                     : w > b          ? ARB_DECISION_WIN
                     : b > w          ? ARB_DECISION_WIN
                                      : ARB_DECISION_LOSS;
  if (g_strcmp0 (reason, "dead-position") == 0 || g_strcmp0 (reason, "stalemate") == 0)
    arb_ruling_cite (ruling, ARB_RULE_DEAD_POSITION);
  else if (g_strcmp0 (reason, "repetition") == 0)
    arb_ruling_cite (ruling, ARB_RULE_FIVEFOLD);
  if (result == ARB_RESULT_BOTH_LOSE)
    arb_ruling_cite (ruling, ARB_RULE_BOTH_REFUSE);
  if (arb_result_is_forfeit (result))
    arb_ruling_cite (ruling, ARB_RULE_LATE_ARRIVAL);
  arb_ruling_cite (ruling, ARB_RULE_POINTS);
  {
    ArbEffect *e = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_SIDE_NONE);

    e->result = result;
    e->text = g_strdup (reason);
  }
  arb_ruling_set_facts (ruling, "Result %s (%s)", arb_result_to_string (result), reason);
  arb_ruling_set_explanation (ruling, "The arbiter records the result %s.",
                              arb_result_to_string (result));
  return ruling;
}

/* --- Showing the ruling ---------------------------------------------- */

static void
clear_rows (AdwPreferencesGroup *group, GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_row (AdwPreferencesGroup *group, GPtrArray *rows, const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
}

static void
set_clock_entries (ArbRulingDialog *self)
{
  g_autofree char *w = NULL;
  g_autofree char *b = NULL;

  if (self->plan == NULL || self->clocks_edited)
    return;
  w = arb_ruling_text_time (self->plan->white_ms, FALSE);
  b = arb_ruling_text_time (self->plan->black_ms, FALSE);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->white_time_entry), w);
  gtk_editable_set_text (GTK_EDITABLE (self->black_time_entry), b);
  self->updating = FALSE;
}

static void
show_ruling (ArbRulingDialog *self)
{
  const ArbRuling *ruling = self->ruling;
  g_autofree char *edition = NULL;

  clear_rows (self->rule_group, self->rule_rows);
  clear_rows (self->effects_group, self->effect_rows);

  edition = g_strdup_printf (_ ("FIDE Laws of Chess, %d edition, %s"), (int) self->event.edition,
                             self->event.category == ARB_CATEGORY_STANDARD ? _ ("standard")
                             : self->event.category == ARB_CATEGORY_RAPID  ? _ ("rapid")
                                                                           : _ ("blitz"));
  adw_preferences_group_set_description (self->rule_group, edition);

  if (ruling == NULL)
    {
      gtk_label_set_text (self->decision_label,
                          self->hint != NULL ? self->hint : _ ("More facts are needed"));
      gtk_label_set_text (self->explanation_label, "");
      gtk_widget_set_sensitive (GTK_WIDGET (self->confirm_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->clocks_group), FALSE);
      return;
    }

  for (guint i = 0; i < ruling->citations->len; i++)
    {
      const ArbCitation *c = &g_array_index (ruling->citations, ArbCitation, i);
      g_autofree char *title = g_strdup_printf (
        c->verified ? _ ("Article %s") : _ ("Article %s (number not verified)"), c->article);

      add_row (self->rule_group, self->rule_rows, title, _ (c->paraphrase));
    }
  if (ruling->citations->len == 0)
    add_row (self->rule_group, self->rule_rows, _ ("No article of this edition applies"), NULL);

  {
    g_autofree char *decision = NULL;

    const char *side = arb_ruling_text_side (ruling->by);

    if (ruling->by != ARB_SIDE_NONE && ruling->decision == ARB_DECISION_LOSS)
      decision = g_strdup_printf (_ ("%s loses"), side);
    else if (ruling->by != ARB_SIDE_NONE && ruling->decision == ARB_DECISION_WIN)
      decision = g_strdup_printf (_ ("%s wins"), side);
    else if (ruling->by != ARB_SIDE_NONE && ruling->decision == ARB_DECISION_TIME_PENALTY)
      decision = g_strdup_printf (_ ("Time penalty for %s, play on"), side);
    else if (ruling->by != ARB_SIDE_NONE && ruling->decision == ARB_DECISION_PENALTY)
      decision = g_strdup_printf (_ ("Penalty for %s"), side);
    else
      decision = g_strdup (arb_ruling_text_decision (ruling->decision));
    if (arb_ruling_get_result (ruling) != ARB_RESULT_ONGOING)
      {
        char *with_result = g_strdup_printf ("%s (%s)", decision,
                                             arb_result_to_string (arb_ruling_get_result (ruling)));
        g_free (decision);
        decision = with_result;
      }
    gtk_label_set_text (self->decision_label, decision);
    gtk_label_set_text (self->explanation_label,
                        ruling->explanation != NULL ? ruling->explanation : "");
  }

  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);
      g_autofree char *text = arb_ruling_text_effect (ruling, e, self->game);

      if (text != NULL && *text != '\0')
        add_row (self->effects_group, self->effect_rows, text, NULL);
    }
  if (self->plan != NULL && self->plan->irregularity_kind != NULL)
    {
      g_autofree char *text =
        g_strdup_printf (_ ("The illegal move is kept in the record of %s"),
                         arb_ruling_text_side (self->plan->irregularity_side));
      add_row (self->effects_group, self->effect_rows, text, NULL);
    }
  if (ruling->effects->len == 0)
    add_row (self->effects_group, self->effect_rows, _ ("Only the ruling is recorded"), NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->clocks_group),
                          self->plan != NULL && self->plan->set_clocks &&
                            arb_ruling_get_result (ruling) == ARB_RESULT_ONGOING);
  set_clock_entries (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->confirm_button), TRUE);
}

/* The plan of the ruling shown, with the flow's own parts. */
static ArbRulingPlan *
make_plan (ArbRulingDialog *self)
{
  ArbRulingPlan *plan = arb_ruling_plan_new (self->game, self->ruling);

  if (self->flow == ARB_RULING_FLOW_ILLEGAL_MOVE)
    plan_illegal_move (self, plan);
  else if (self->flow == ARB_RULING_FLOW_RESUME)
    plan_resume (self, plan);
  else if (self->flow == ARB_RULING_FLOW_ADJOURN)
    {
      const char *place = fact_text (self, "place");
      plan->resume_place = place != NULL && *place ? g_strdup (place) : NULL;
    }
  return plan;
}

static void
refresh (ArbRulingDialog *self)
{
  ArbRuling *ruling = NULL;

  g_clear_pointer (&self->ruling, arb_ruling_free);
  g_clear_pointer (&self->plan, arb_ruling_plan_free);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  self->n_occurrences = 0;
  self->hint = NULL;

  /* A finished game takes only a corrected result or a penalty; the other
   * flows would change a game that is over. */
  if (arb_game_is_finished (self->game) && self->flow != ARB_RULING_FLOW_RESULT &&
      self->flow != ARB_RULING_FLOW_PENALTY)
    {
      self->hint = _ ("The game is over: only Result… and Penalty… apply");
      self->complete = FALSE;
      show_ruling (self);
      return;
    }

  switch (self->flow)
    {
    case ARB_RULING_FLOW_ILLEGAL_MOVE:
      ruling = compute_illegal_move (self);
      break;
    case ARB_RULING_FLOW_DRAW_CLAIM:
      ruling = compute_draw_claim (self);
      break;
    case ARB_RULING_FLOW_FLAG_FALL:
      ruling = compute_flag_fall (self);
      break;
    case ARB_RULING_FLOW_QUICKPLAY:
      ruling = compute_quickplay (self);
      break;
    case ARB_RULING_FLOW_ADJOURN:
      ruling = compute_adjourn (self);
      break;
    case ARB_RULING_FLOW_RESUME:
      ruling = compute_resume (self);
      break;
    case ARB_RULING_FLOW_PENALTY:
      ruling = compute_penalty (self);
      break;
    case ARB_RULING_FLOW_RESULT:
    default:
      ruling = compute_result (self);
      break;
    }
  self->ruling = ruling;
  self->complete = ruling != NULL;
  if (ruling != NULL)
    self->plan = make_plan (self);
  show_ruling (self);
}

/* --- Confirm, cancel ------------------------------------------------- */

static void
clock_edited_cb (ArbRulingDialog *self)
{
  if (!self->updating)
    self->clocks_edited = TRUE;
}

static void
cancel_clicked_cb (ArbRulingDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

gint64
arb_ruling_dialog_confirm (ArbRulingDialog *self, GError **error)
{
  gint64 id = 0;
  const char *note;

  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), 0);

  if (self->ruling == NULL || self->plan == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   _ ("The facts do not give a ruling yet"));
      return 0;
    }
  /* A clock may have run while the dialog was open: unless the arbiter
   * set the times himself, they are taken again now, with the same
   * ruling on top. */
  if (!self->clocks_edited)
    {
      g_clear_pointer (&self->plan, arb_ruling_plan_free);
      self->plan = make_plan (self);
    }
  if (self->clocks_edited && gtk_widget_get_visible (GTK_WIDGET (self->clocks_group)))
    {
      gint64 w, b;

      if (!arb_ruling_text_parse_time (
            gtk_editable_get_text (GTK_EDITABLE (self->white_time_entry)), &w) ||
          !arb_ruling_text_parse_time (
            gtk_editable_get_text (GTK_EDITABLE (self->black_time_entry)), &b))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                       _ ("A clock time reads h:mm:ss or m:ss"));
          return 0;
        }
      /* 7.1 and 6.11: the arbiter judges the times; his are stored. */
      self->plan->white_ms = w;
      self->plan->black_ms = b;
      self->plan->set_clocks = TRUE;
    }
  note = gtk_editable_get_text (GTK_EDITABLE (self->note_entry));
  if (note != NULL && *note != '\0')
    {
      g_free (self->plan->note);
      self->plan->note = g_strdup (note);
      arb_ruling_set_note (self->plan->ruling, note);
    }
  if (!arb_ruling_plan_apply (self->plan, self->game, &id, error))
    return 0;
  g_signal_emit (self, signals[APPLIED], 0, id);
  return id;
}

static void
confirm_clicked_cb (ArbRulingDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (arb_ruling_dialog_confirm (self, &error) == 0)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
print_response_cb (GtkNativeDialog *native, int response, ArbRulingDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      const ArbEnvelope *source = NULL;

      if (self->flow == ARB_RULING_FLOW_RESUME)
        source = &self->envelope;
      else if (self->ruling != NULL)
        source = self->ruling->envelope;
      if (source != NULL && !arb_ruling_print_envelope (path, self->game, source, &error))
        {
          gtk_label_set_text (self->error_label, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
        }
    }
  g_object_unref (native);
}

static void
print_clicked_cb (ArbRulingDialog *self)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_ ("Save the Envelope Sheet"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), "envelope.pdf");
  g_signal_connect_object (native, "response", G_CALLBACK (print_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- The type -------------------------------------------------------- */

static void
arb_ruling_dialog_dispose (GObject *object)
{
  ArbRulingDialog *self = ARB_RULING_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_RULING_DIALOG);
  G_OBJECT_CLASS (arb_ruling_dialog_parent_class)->dispose (object);
}

static void
arb_ruling_dialog_finalize (GObject *object)
{
  ArbRulingDialog *self = ARB_RULING_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->ruling, arb_ruling_free);
  g_clear_pointer (&self->plan, arb_ruling_plan_free);
  g_clear_pointer (&self->facts, g_hash_table_unref);
  g_clear_pointer (&self->fact_names, g_ptr_array_unref);
  g_clear_pointer (&self->rule_rows, g_ptr_array_unref);
  g_clear_pointer (&self->effect_rows, g_ptr_array_unref);
  arb_envelope_clear (&self->envelope);

  G_OBJECT_CLASS (arb_ruling_dialog_parent_class)->finalize (object);
}

static void
arb_ruling_dialog_class_init (ArbRulingDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_ruling_dialog_dispose;
  object_class->finalize = arb_ruling_dialog_finalize;

  /**
   * ArbRulingDialog::applied:
   * @ruling_id: the stored ruling's row
   *
   * The ruling and its effects were stored and the game reloaded.
   */
  signals[APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-ruling-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, print_button);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, facts_group);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, boards_box);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, rule_group);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, effects_group);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, clocks_group);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, decision_label);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, white_time_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, black_time_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, note_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, confirm_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, print_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clock_edited_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_ruling_dialog_init (ArbRulingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->fact_names = g_ptr_array_new_with_free_func (g_free);
  self->rule_rows = g_ptr_array_new ();
  self->effect_rows = g_ptr_array_new ();
  self->envelope.draw_offer_by = ARB_SIDE_NONE;
  /* The note can be set by name like the facts (not listed among them). */
  g_hash_table_insert (self->facts, g_strdup ("note"), self->note_entry);
}

static const char *
flow_title (ArbRulingFlow flow)
{
  switch (flow)
    {
    case ARB_RULING_FLOW_ILLEGAL_MOVE:
      return _ ("Illegal Move");
    case ARB_RULING_FLOW_DRAW_CLAIM:
      return _ ("Draw Claim");
    case ARB_RULING_FLOW_FLAG_FALL:
      return _ ("Flag Fall");
    case ARB_RULING_FLOW_QUICKPLAY:
      return _ ("Quickplay-Finish Claim");
    case ARB_RULING_FLOW_ADJOURN:
      return _ ("Adjourn and Seal Move");
    case ARB_RULING_FLOW_RESUME:
      return _ ("Resume Adjourned Game");
    case ARB_RULING_FLOW_PENALTY:
      return _ ("Penalty");
    case ARB_RULING_FLOW_RESULT:
    default:
      return _ ("Result");
    }
}

ArbRulingDialog *
arb_ruling_dialog_new (ArbGame *game, ArbRulingFlow flow)
{
  ArbRulingDialog *self;
  g_autofree char *subtitle = NULL;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail ((guint) flow < ARB_RULING_FLOW_N, NULL);

  self = g_object_new (ARB_TYPE_RULING_DIALOG, NULL);
  self->game = g_object_ref (game);
  self->flow = flow;
  if (!arb_ruling_event_settings (arb_game_get_tournament (game), &self->event, NULL, &error))
    {
      g_warning ("The event's settings could not be read: %s", error->message);
      arb_event_settings_init (&self->event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
    }

  subtitle = arb_ruling_text_game_title (game);
  adw_window_title_set_title (self->window_title, flow_title (flow));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), flow_title (flow));

  switch (flow)
    {
    case ARB_RULING_FLOW_ILLEGAL_MOVE:
      build_illegal_move (self);
      break;
    case ARB_RULING_FLOW_DRAW_CLAIM:
      build_draw_claim (self);
      break;
    case ARB_RULING_FLOW_FLAG_FALL:
      build_flag_fall (self);
      break;
    case ARB_RULING_FLOW_QUICKPLAY:
      build_quickplay (self);
      break;
    case ARB_RULING_FLOW_ADJOURN:
      build_adjourn (self);
      break;
    case ARB_RULING_FLOW_RESUME:
      build_resume (self);
      break;
    case ARB_RULING_FLOW_PENALTY:
      build_penalty (self);
      break;
    case ARB_RULING_FLOW_RESULT:
    default:
      build_result (self);
      break;
    }
  refresh (self);
  return self;
}

ArbGame *
arb_ruling_dialog_get_game (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), NULL);
  return self->game;
}

ArbRulingFlow
arb_ruling_dialog_get_flow (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), 0);
  return self->flow;
}

gboolean
arb_ruling_dialog_set_fact (ArbRulingDialog *self, const char *name, const char *value)
{
  GtkWidget *w;

  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);

  w = fact (self, name);
  if (w == NULL)
    return FALSE;
  if (ADW_IS_COMBO_ROW (w))
    {
      char **ids = g_object_get_data (G_OBJECT (w), "arb-ids");
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (w));

      for (guint i = 0; ids != NULL && ids[i] != NULL && i < g_list_model_get_n_items (model); i++)
        if (g_str_equal (ids[i], value))
          {
            adw_combo_row_set_selected (ADW_COMBO_ROW (w), i);
            return TRUE;
          }
      return FALSE;
    }
  if (GTK_IS_SWITCH (w))
    {
      gtk_switch_set_active (GTK_SWITCH (w), g_str_equal (value, "true"));
      return TRUE;
    }
  if (GTK_IS_SPIN_BUTTON (w))
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), g_ascii_strtod (value, NULL));
      return TRUE;
    }
  if (GTK_IS_EDITABLE (w))
    {
      gtk_editable_set_text (GTK_EDITABLE (w), value);
      return TRUE;
    }
  if (GTK_IS_BUTTON (w))
    {
      if (gtk_widget_get_sensitive (w))
        g_signal_emit_by_name (w, "clicked");
      return gtk_widget_get_sensitive (w);
    }
  return FALSE;
}

char **
arb_ruling_dialog_list_facts (ArbRulingDialog *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  for (guint i = 0; i < self->fact_names->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->fact_names, i));
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

const ArbRuling *
arb_ruling_dialog_get_ruling (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), NULL);
  return self->ruling;
}

const ArbRulingPlan *
arb_ruling_dialog_get_plan (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), NULL);
  return self->plan;
}

gboolean
arb_ruling_dialog_can_confirm (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);
  return self->complete && gtk_widget_get_sensitive (GTK_WIDGET (self->confirm_button));
}

void
arb_ruling_dialog_set_clock_text (ArbRulingDialog *self, int side, const char *text)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  gtk_editable_set_text (
    GTK_EDITABLE (side == ARB_WHITE ? self->white_time_entry : self->black_time_entry), text);
}

guint
arb_ruling_dialog_get_occurrences (ArbRulingDialog *self, guint *plies, guint max_plies)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), 0);

  for (guint i = 0; plies != NULL && i < MIN (max_plies, self->n_occurrences); i++)
    plies[i] = self->occurrences[i];
  return self->n_occurrences;
}
