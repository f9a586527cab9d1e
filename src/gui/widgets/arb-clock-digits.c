/* arb-clock-digits.c: the time on a clock, redrawn only when its digits change
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-clock-digits"

#include "config.h"

#include "arb-clock-digits.h"

#include <string.h>

struct _ArbClockDigits
{
  GtkWidget parent_instance;

  char text[16];
};

G_DEFINE_FINAL_TYPE (ArbClockDigits, arb_clock_digits, GTK_TYPE_WIDGET)

static void
arb_clock_digits_measure (GtkWidget *widget,
                          GtkOrientation orientation,
                          int for_size,
                          int *minimum,
                          int *natural,
                          int *minimum_baseline,
                          int *natural_baseline)
{
  ArbClockDigits *self = ARB_CLOCK_DIGITS (widget);
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, self->text);
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = width;
  else
    {
      *minimum = *natural = height;
      *minimum_baseline = *natural_baseline = pango_layout_get_baseline (layout) / PANGO_SCALE;
    }
}

static void
arb_clock_digits_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbClockDigits *self = ARB_CLOCK_DIGITS (widget);
  g_autoptr (PangoLayout) layout = NULL;
  GdkRGBA color;

  if (self->text[0] == '\0')
    return;
  layout = gtk_widget_create_pango_layout (widget, self->text);
  /* The colour the CSS gives, as a label would take it. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_snapshot_append_layout (snapshot, layout, &color);
}

static void
arb_clock_digits_class_init (ArbClockDigitsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = arb_clock_digits_measure;
  widget_class->snapshot = arb_clock_digits_snapshot;
  gtk_widget_class_set_css_name (widget_class, "label");
  /* The card says its clocks in its own sentence (arb-game-speech). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
arb_clock_digits_init (ArbClockDigits *self)
{
}

GtkWidget *
arb_clock_digits_new (void)
{
  return g_object_new (ARB_TYPE_CLOCK_DIGITS, NULL);
}

void
arb_clock_digits_set_text (ArbClockDigits *self, const char *text)
{
  gboolean resize;

  g_return_if_fail (ARB_IS_CLOCK_DIGITS (self));
  g_return_if_fail (text != NULL && strlen (text) < sizeof self->text);

  if (strcmp (self->text, text) == 0)
    return;
  resize = strlen (self->text) != strlen (text);
  g_strlcpy (self->text, text, sizeof self->text);
  if (resize)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  else
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
arb_clock_digits_get_text (ArbClockDigits *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK_DIGITS (self), NULL);
  return self->text;
}
