/* arb-ruling-dialog-speech.c: a ruling as a screen reader says it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-dialog"

#include "config.h"

#include "arb-announcer.h"
#include "arb-i18n.h"
#include "arb-ruling-dialog-private.h"

/* The decision and every effect, in the order they are applied: what the
 * arbiter hears on reaching Confirm, when a changed fact changes the
 * ruling, and on Ctrl+Shift+S. */
char *
arb_ruling_dialog_get_summary (ArbRulingDialog *self)
{
  const char *decision = gtk_label_get_text (self->decision_label);
  const char *explanation = gtk_label_get_text (self->explanation_label);
  GString *text = g_string_new (NULL);

  /* Translators: the ruling read out before Confirm: "Decision: Black loses." */
  g_string_append_printf (text, _ ("Decision: %s."), decision);
  if (explanation != NULL && *explanation != '\0')
    g_string_append_printf (text, " %s", explanation);
  if (self->complete && self->effect_rows->len > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _ ("What will be applied, in order:"));
      for (guint i = 0; i < self->effect_rows->len; i++)
        {
          AdwPreferencesRow *row = g_ptr_array_index (self->effect_rows, i);

          g_string_append_c (text, ' ');
          /* Translators: one effect of a ruling, numbered: "1. Position restored to ply 35." */
          g_string_append_printf (text, _ ("%u. %s."), i + 1, adw_preferences_row_get_title (row));
        }
    }
  return g_string_free (text, FALSE);
}

void
arb_ruling_dialog_speak (ArbRulingDialog *self)
{
  g_autofree char *summary = arb_ruling_dialog_get_summary (self);
  const char *said = g_object_get_data (G_OBJECT (self), "arb-summary");

  /* Confirm describes what it applies, so the arbiter hears it on the way
   * to pressing it. */
  arb_accessible_set_description (GTK_WIDGET (self->confirm_button), summary);
  /* A fact changed by the arbiter that changes the ruling is followed at
   * once by the new ruling (the first one is read with the dialog). */
  if (said != NULL && g_strcmp0 (said, summary) != 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    arb_announce (GTK_WIDGET (self), summary);
  g_object_set_data_full (G_OBJECT (self), "arb-summary", g_steal_pointer (&summary), g_free);
}

static void
read_ruling_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autofree char *summary = arb_ruling_dialog_get_summary (ARB_RULING_DIALOG (widget));

  arb_announce (widget, summary);
}

void
arb_ruling_dialog_speech_class_init (GtkWidgetClass *widget_class)
{
  /* A screen reader says "dialog", not "frame", for a ruling. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_widget_class_install_action (widget_class, "ruling.read", NULL, read_ruling_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "ruling.read", NULL);
}
