/* arb-board-style.c: the default styles of the board widgets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-board-style.h"

void
arb_board_style_ensure (void)
{
  static GdkDisplay *loaded_for;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr (GtkCssProvider) provider = NULL;

  if (display == NULL || display == loaded_for)
    return;
  loaded_for = display;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider,
                                       "/io/github/arbiterdesk/Arbiter/ui/board-widgets.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1);
}
