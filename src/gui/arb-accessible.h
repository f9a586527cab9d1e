/* arb-accessible.h: names for what a screen reader would otherwise call
 * by a class name
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void arb_accessible_label_drop_down (GtkDropDown *drop_down, const char *label);

G_END_DECLS
