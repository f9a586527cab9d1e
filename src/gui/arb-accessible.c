/* arb-accessible.c: names for what a screen reader would otherwise call
 * by a class name
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-accessible.h"

/**
 * arb_accessible_label_drop_down:
 * @drop_down: a drop-down
 * @label: its name, translated
 *
 * Names @drop_down and the toggle button inside it. In GTK 4.8 the focus
 * goes to that inner button, which has no name of its own, so a screen
 * reader says "GtkToggleButton" where the drop-down's label is meant.
 */
void
arb_accessible_label_drop_down (GtkDropDown *drop_down, const char *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));
  g_return_if_fail (label != NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
}
