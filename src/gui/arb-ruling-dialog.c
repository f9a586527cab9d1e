/* arb-ruling-dialog.c: one guided ruling, from the facts to the confirmed effects
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-dialog"

#include "config.h"

#include "arb-enum-nick.h"
#include "arb-error-text.h"
#include "arb-gui-enums.h"
#include "arb-i18n.h"
#include <string.h>

#include "arb-ruling-dialog-private.h"
#include "arb-ruling-print.h"
#include "arb-ruling-text.h"

G_DEFINE_FINAL_TYPE (ArbRulingDialog, arb_ruling_dialog, ADW_TYPE_WINDOW)

enum
{
  APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

ARB_DEFINE_ENUM_NAMES (arb_ruling_flow, ArbRulingFlow, ARB_TYPE_RULING_FLOW, NULL)

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

/* Under each time, how it was proposed: after an illegal move taken back,
 * the arbiter's best judgement (2014/2018/2023 7.1; 2009 6.13; 2001 6.14)
 * gives the opponent his time at the restored position and the offender
 * his time there less the time he has used since. */
static void
explain_clocks (ArbRulingDialog *self)
{
  const ArbRulingPlan *plan = self->plan;
  AdwActionRow *rows[2] = { self->white_time_row, self->black_time_row };
  g_autofree char *at = NULL;
  g_autofree char *description = NULL;
  gint64 planned[2];

  if (plan == NULL || !plan->clocks_proposed)
    {
      adw_action_row_set_subtitle (rows[ARB_WHITE], "");
      adw_action_row_set_subtitle (rows[ARB_BLACK], "");
      adw_preferences_group_set_description (self->clocks_group, NULL);
      return;
    }
  planned[ARB_WHITE] = plan->white_ms;
  planned[ARB_BLACK] = plan->black_ms;
  at = arb_ruling_text_position (self->game, plan->proposal_ply);
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      gint64 restored =
        plan->proposal.ms[side] +
        (side == (int) plan->proposal_offender ? plan->proposal.offender_used_ms : 0);
      g_autofree char *then = arb_ruling_wording_clock (restored, FALSE);
      g_autofree char *text = NULL;

      if (side == (int) plan->proposal_offender)
        {
          g_autofree char *used = arb_ruling_wording_clock (plan->proposal.offender_used_ms, FALSE);

          /* Translators: under the offender's proposed clock time, e.g.
           * "1:02:10 at move 18, Black, less 0:04:32 used since". */
          text = g_strdup_printf (_ ("%s at %s, less %s used since"), then, at, used);
        }
      else
        /* Translators: under the opponent's proposed clock time, e.g.
         * "1:02:10 at move 18, Black". */
        text = g_strdup_printf (_ ("%s at %s"), then, at);
      if (planned[side] != plan->proposal.ms[side])
        {
          g_autofree char *delta =
            arb_ruling_wording_clock (planned[side] - plan->proposal.ms[side], TRUE);
          g_autofree char *more = NULL;

          /* Translators: a proposed clock time and what the ruling adds,
           * e.g. "1:02:10 at move 18, Black; +2:00 by the ruling". */
          more = g_strdup_printf (_ ("%s; %s by the ruling"), text, delta);
          g_free (text);
          text = g_steal_pointer (&more);
        }
      adw_action_row_set_subtitle (rows[side], text);
    }
  description = g_strdup_printf (
    _ ("Proposed by the arbiter’s best judgement (%s): the offender does not get back the time "
       "he used on the moves taken back. Either time can be changed."),
    arb_rule_article (self->event.edition, ARB_RULE_CLOCKS_AFTER_IRREGULARITY));
  adw_preferences_group_set_description (self->clocks_group, description);
}

static void
set_clock_entries (ArbRulingDialog *self)
{
  g_autofree char *w = NULL;
  g_autofree char *b = NULL;

  if (self->plan == NULL || self->clocks_edited)
    return;
  explain_clocks (self);
  w = arb_ruling_wording_clock (self->plan->white_ms, FALSE);
  b = arb_ruling_wording_clock (self->plan->black_ms, FALSE);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->white_time_entry), w);
  gtk_editable_set_text (GTK_EDITABLE (self->black_time_entry), b);
  if (!self->moves_edited)
    {
      ArbClock *clock = arb_game_get_clock (self->game);
      guint moves[2] = { arb_clock_get_moves (clock, ARB_WHITE),
                         arb_clock_get_moves (clock, ARB_BLACK) };

      /* Taken back to an earlier ply, the counters go back with the
       * moves (7.1: the arbiter corrects the move counter). */
      if (self->plan->restore_ply >= 0 && self->plan->restore_ply < self->plan->ply)
        {
          ArbColor first = arb_game_get_position (self->game, 0)->side_to_move;
          guint back = (guint) (self->plan->ply - self->plan->restore_ply);
          guint first_back = 0;

          /* Of the plies taken back, the first side made the odd ones. */
          for (int k = self->plan->restore_ply + 1; k <= self->plan->ply; k++)
            if (k % 2 == 1)
              first_back++;
          moves[first] -= MIN (moves[first], first_back);
          moves[!first] -= MIN (moves[!first], back - first_back);
        }
      gtk_spin_button_set_value (self->white_moves_spin, moves[ARB_WHITE]);
      gtk_spin_button_set_value (self->black_moves_spin, moves[ARB_BLACK]);
    }
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
                             arb_ruling_wording_category (self->event.category));
  adw_preferences_group_set_description (self->rule_group, edition);

  if (ruling == NULL)
    {
      gtk_label_set_text (self->decision_label,
                          self->hint != NULL ? self->hint : _ ("More facts are needed"));
      gtk_label_set_text (self->explanation_label, "");
      gtk_widget_set_sensitive (GTK_WIDGET (self->confirm_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->clocks_group), FALSE);
      arb_ruling_dialog_speak (self);
      return;
    }

  for (guint i = 0; i < ruling->citations->len; i++)
    {
      const ArbCitation *c = &g_array_index (ruling->citations, ArbCitation, i);
      g_autofree char *title = arb_ruling_wording_article (c);

      add_row (self->rule_group, self->rule_rows, title, arb_ruling_wording_paraphrase (ruling, c));
    }
  if (ruling->citations->len == 0)
    add_row (self->rule_group, self->rule_rows, _ ("No article of this edition applies"), NULL);

  {
    g_autofree char *verdict = arb_ruling_wording_verdict (ruling);
    g_autofree char *explanation = arb_ruling_wording_explanation (ruling);

    gtk_label_set_text (self->decision_label, verdict);
    gtk_label_set_text (self->explanation_label, explanation);
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
                         arb_ruling_wording_side (self->plan->irregularity_side));
      add_row (self->effects_group, self->effect_rows, text, NULL);
    }
  if (ruling->effects->len == 0)
    add_row (self->effects_group, self->effect_rows, _ ("Only the ruling is recorded"), NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->clocks_group),
                          self->plan != NULL && self->plan->set_clocks &&
                            arb_ruling_get_result (ruling) == ARB_RESULT_ONGOING);
  set_clock_entries (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->confirm_button), TRUE);
  arb_ruling_dialog_speak (self);
}

/* The plan of the ruling shown, with the flow's own parts. */
static ArbRulingPlan *
make_plan (ArbRulingDialog *self)
{
  ArbRulingPlan *plan = arb_ruling_plan_new (self->game, self->ruling);

  arb_ruling_dialog_plan_flow (self, plan);
  return plan;
}

void
arb_ruling_dialog_refresh (ArbRulingDialog *self)
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

  ruling = arb_ruling_dialog_compute_flow (self);
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
moves_edited_cb (ArbRulingDialog *self)
{
  if (!self->updating)
    self->moves_edited = TRUE;
}

/* 6.10.2 and 7.1 (2018/2023): the move counter of the clock on the table,
 * as the arbiter reads it, becomes the game's from now on, each change a
 * clock event of its own. */
static gboolean
apply_moves (ArbRulingDialog *self, GError **error)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  guint white = (guint) gtk_spin_button_get_value_as_int (self->white_moves_spin);
  guint black = (guint) gtk_spin_button_get_value_as_int (self->black_moves_spin);

  if (white != arb_clock_get_moves (clock, ARB_WHITE) &&
      !arb_game_set_moves (self->game, ARB_WHITE, white, error))
    return FALSE;
  if (black != arb_clock_get_moves (clock, ARB_BLACK) &&
      !arb_game_set_moves (self->game, ARB_BLACK, black, error))
    return FALSE;
  return TRUE;
}

static void
cancel_clicked_cb (ArbRulingDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

void
arb_ruling_dialog_set_send_func (ArbRulingDialog *self,
                                 ArbRulingSendFunc send,
                                 gpointer data,
                                 GDestroyNotify destroy)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  if (self->send_destroy != NULL)
    self->send_destroy (self->send_data);
  self->send = send;
  self->send_data = data;
  self->send_destroy = destroy;
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
  {
    g_autofree char *arbiter =
      g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->arbiter_entry))));

    if (*arbiter != '\0')
      arb_ruling_set_fact_text (self->plan->ruling, "arbiter", arbiter);
    /* The audit line names him too, as it does for a result entered at the
     * results desk. */
    g_free (self->plan->arbiter);
    self->plan->arbiter = *arbiter != '\0' ? g_strdup (arbiter) : NULL;
  }
  if (self->send != NULL)
    {
      if (!self->send (self->plan, self->game, self->send_data, error))
        return 0;
      self->applied = TRUE;
      return -1;
    }
  if (!arb_ruling_plan_apply (self->plan, self->game, &id, error))
    return 0;
  self->applied = TRUE;
  /* The ruling is stored; a move counter the clock refuses (a finished
   * game's) is said, the ruling stays. */
  if (self->moves_edited && gtk_widget_get_visible (GTK_WIDGET (self->clocks_group)))
    {
      g_autoptr (GError) moves_error = NULL;

      if (!apply_moves (self, &moves_error))
        g_warning ("The move counters were not set: %s", moves_error->message);
    }
  g_signal_emit (self, signals[APPLIED], 0, id);
  return id;
}

static void
confirm_now (ArbRulingDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (arb_ruling_dialog_confirm (self, &error) == 0)
    {
      gtk_label_set_text (self->error_label, arb_error_text (error));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

gboolean
arb_ruling_dialog_is_grave (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);

  if (self->ruling == NULL || self->plan == NULL)
    return FALSE;
  /* A result, a position taken back or a move played cannot be undone by
   * a stray key: these are asked once more. */
  return arb_ruling_get_result (self->ruling) != ARB_RESULT_ONGOING ||
         self->plan->result != ARB_RESULT_ONGOING ||
         (self->plan->restore_ply >= 0 && self->plan->restore_ply < self->plan->ply) ||
         self->plan->play_uci != NULL;
}

static void
grave_response_cb (AdwMessageDialog *message, const char *response, ArbRulingDialog *self)
{
  if (g_strcmp0 (response, "apply") == 0)
    confirm_now (self);
}

static void
confirm_clicked_cb (ArbRulingDialog *self)
{
  AdwMessageDialog *message;
  g_autofree char *verdict = NULL;

  if (!arb_ruling_dialog_is_grave (self))
    {
      confirm_now (self);
      return;
    }
  verdict = arb_ruling_wording_verdict (self->ruling);
  /* Translators: the heading of the question asked before a ruling that
   * ends the game or takes moves back is applied */
  message =
    ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _ ("Apply This Ruling?"), NULL));
  /* Translators: %s is the decision, e.g. "White wins: Black made a
   * second illegal move" */
  adw_message_dialog_format_body (message, _ ("%s. This changes the game and is recorded."),
                                  verdict);
  /* Translators: the safe answer to "Apply This Ruling?": back to the
   * ruling dialog, nothing stored */
  adw_message_dialog_add_response (message, "cancel", _ ("_Go Back"));
  /* Translators: the answer to "Apply This Ruling?" that stores it */
  adw_message_dialog_add_response (message, "apply", _ ("_Apply Ruling"));
  adw_message_dialog_set_response_appearance (message, "apply", ADW_RESPONSE_DESTRUCTIVE);
  /* The safe answer is the one Enter, Space and Escape give. */
  adw_message_dialog_set_default_response (message, "cancel");
  adw_message_dialog_set_close_response (message, "cancel");
  g_signal_connect_object (message, "response", G_CALLBACK (grave_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (message));
}

gboolean
arb_ruling_dialog_print_envelope (ArbRulingDialog *self,
                                  const char *path,
                                  char **printed_text,
                                  GError **error)
{
  ArbEnvelope envelope = { 0 };
  const ArbEnvelope *source = NULL;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->flow == ARB_RULING_FLOW_RESUME)
    source = self->envelope_id != 0 ? &self->envelope : NULL;
  else if (self->ruling != NULL)
    source = self->ruling->envelope;
  if (source == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   _ ("There is no envelope to print yet"));
      return FALSE;
    }
  envelope = *source;
  /* The sheet gives the date, time and place of resumption (2018 E.2.7,
   * 2023 I.2.7); while sealing, the place is still a fact of the dialog. */
  if (self->flow == ARB_RULING_FLOW_ADJOURN)
    {
      const char *place = arb_ruling_facts_text (self, "place");

      if (place != NULL && *place != '\0')
        envelope.resumption = source->resumption != NULL && *source->resumption != '\0'
                                ? g_strdup_printf ("%s, %s", source->resumption, place)
                                : g_strdup (place);
      else
        envelope.resumption = g_strdup (source->resumption);
    }
  else
    envelope.resumption = g_strdup (source->resumption);
  ok = arb_ruling_print_envelope (path, self->game, &envelope,
                                  gtk_editable_get_text (GTK_EDITABLE (self->arbiter_entry)),
                                  printed_text, error);
  g_free (envelope.resumption);
  return ok;
}

static void
print_response_cb (GtkNativeDialog *native, int response, ArbRulingDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;

      if (!arb_ruling_dialog_print_envelope (self, path, NULL, &error))
        {
          gtk_label_set_text (self->error_label, arb_error_text (error));
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

  /* Cancelled (or closed) without a ruling: the clocks run on from the
   * times they showed when the dialog opened. */
  if (self->paused_clocks && !self->applied && self->game != NULL)
    {
      g_autoptr (GError) error = NULL;

      self->paused_clocks = FALSE;
      if (!arb_game_resume (self->game, &error))
        g_warning ("The clocks could not be started again: %s", error->message);
    }
  if (self->mate_cancellable != NULL)
    g_cancellable_cancel (self->mate_cancellable);
  g_clear_object (&self->mate_cancellable);
  self->mate_pending = FALSE;
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
  g_free (self->result_reason);
  if (self->send_destroy != NULL)
    self->send_destroy (self->send_data);

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
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, white_moves_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, black_moves_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, decision_label);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, white_time_row);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, black_time_row);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, white_time_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, black_time_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, note_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, arbiter_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, confirm_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, print_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clock_edited_cb);
  gtk_widget_class_bind_template_callback (widget_class, moves_edited_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  arb_ruling_dialog_speech_class_init (widget_class);
}

static void
arb_ruling_dialog_init (ArbRulingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->fact_names = g_ptr_array_new_with_free_func (g_free);
  self->rule_rows = g_ptr_array_new ();
  self->effect_rows = g_ptr_array_new ();
  self->envelope.draw_offer_by = ARB_COLOR_NONE;
  /* The note and who rules can be set by name like the facts (not listed
   * among them). */
  g_hash_table_insert (self->facts, g_strdup ("note"), self->note_entry);
  g_hash_table_insert (self->facts, g_strdup ("arbiter"), self->arbiter_entry);
  /* The arbiter named in Preferences rules, unless a deputy says so. */
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr (GSettingsSchema) schema =
      source != NULL ? g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE) : NULL;

    if (schema != NULL)
      {
        g_autoptr (GSettings) settings = g_settings_new_full (schema, NULL, NULL);
        g_autofree char *name = g_settings_get_string (settings, "arbiter-name");

        gtk_editable_set_text (GTK_EDITABLE (self->arbiter_entry), name);
      }
  }
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

/* The keyboard starts on the first fact the arbiter answers, never on
 * Confirm or Cancel in the header bar (GTK would give the first of them). */
static void
focus_first_fact (ArbRulingDialog *self)
{
  for (guint i = 0; i < self->fact_names->len; i++)
    {
      GtkWidget *w = arb_ruling_facts_get (self, g_ptr_array_index (self->fact_names, i));
      GtkWidget *row = w != NULL ? g_object_get_data (G_OBJECT (w), "arb-fact-row") : NULL;

      if (w == NULL || !gtk_widget_get_visible (w) ||
          (row != NULL && !gtk_widget_get_visible (row)) || !gtk_widget_get_sensitive (w) ||
          GTK_IS_LABEL (w))
        continue;
      gtk_window_set_focus (GTK_WINDOW (self), w);
      return;
    }
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->note_entry));
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

  /* A claim, an illegal move or a flag fall stops the game's clocks while
   * the arbiter rules, as the Laws' procedure does (2023 9.5.1: the clock
   * is paused for a claim); Cancel starts them again where they stood.
   * The stop is stored like any other. */
  if ((flow == ARB_RULING_FLOW_ILLEGAL_MOVE || flow == ARB_RULING_FLOW_DRAW_CLAIM ||
       flow == ARB_RULING_FLOW_FLAG_FALL || flow == ARB_RULING_FLOW_QUICKPLAY) &&
      arb_clock_is_running (arb_game_get_clock (game)))
    {
      g_autoptr (GError) pause_error = NULL;

      if (arb_game_pause (game, &pause_error))
        self->paused_clocks = TRUE;
      else
        g_warning ("The clocks could not be stopped: %s", pause_error->message);
    }
  arb_ruling_dialog_build_flow (self);
  arb_ruling_dialog_refresh (self);
  focus_first_fact (self);
  return self;
}

void
arb_ruling_dialog_set_arbiter (ArbRulingDialog *self, const char *arbiter)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->arbiter_entry), arbiter != NULL ? arbiter : "");
}

const char *
arb_ruling_dialog_get_arbiter (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->arbiter_entry));
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

void
arb_ruling_dialog_settle (ArbRulingDialog *self)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  while (self->mate_pending)
    g_main_context_iteration (NULL, TRUE);
}

gboolean
arb_ruling_dialog_set_fact (ArbRulingDialog *self, const char *name, const char *value)
{
  GtkWidget *w;

  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);

  w = arb_ruling_facts_get (self, name);
  if (w == NULL)
    return FALSE;
  /* A switch may be a proof still being searched: set it as it will be. */
  if (GTK_IS_SWITCH (w))
    arb_ruling_dialog_settle (self);
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
      gboolean on = g_str_equal (value, "true");

      /* A fact the program proved is not set otherwise, here as on screen. */
      if (!gtk_widget_get_sensitive (w))
        return gtk_switch_get_active (GTK_SWITCH (w)) == on;
      gtk_switch_set_active (GTK_SWITCH (w), on);
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
  arb_ruling_dialog_settle (self);
  return self->ruling;
}

const ArbRulingPlan *
arb_ruling_dialog_get_plan (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), NULL);
  arb_ruling_dialog_settle (self);
  return self->plan;
}

gboolean
arb_ruling_dialog_can_confirm (ArbRulingDialog *self)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), FALSE);
  arb_ruling_dialog_settle (self);
  return self->complete && gtk_widget_get_sensitive (GTK_WIDGET (self->confirm_button));
}

void
arb_ruling_dialog_set_clock_text (ArbRulingDialog *self, int side, const char *text)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  gtk_editable_set_text (
    GTK_EDITABLE (side == ARB_WHITE ? self->white_time_entry : self->black_time_entry), text);
}

void
arb_ruling_dialog_set_clock_moves (ArbRulingDialog *self, int side, guint moves)
{
  g_return_if_fail (ARB_IS_RULING_DIALOG (self));

  gtk_spin_button_set_value (side == ARB_WHITE ? self->white_moves_spin : self->black_moves_spin,
                             moves);
}

guint
arb_ruling_dialog_get_occurrences (ArbRulingDialog *self, guint *plies, guint max_plies)
{
  g_return_val_if_fail (ARB_IS_RULING_DIALOG (self), 0);

  for (guint i = 0; plies != NULL && i < MIN (max_plies, self->n_occurrences); i++)
    plies[i] = self->occurrences[i];
  return self->n_occurrences;
}
