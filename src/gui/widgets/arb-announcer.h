/* arb-announcer.h: say something to a screen reader without moving the focus
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* ArbAnnouncer hands short messages ("Played: Nf3", "Board 4: White's
 * flag has fallen") to the screen reader while the keyboard focus stays
 * where the arbiter left it.
 *
 * GTK 4.8 has no announcement API (gtk_accessible_announce() came with
 * 4.14), and a label that changes or appears is not read by Orca unless it
 * has the focus. What Orca does read at once is a new accessible
 * description of the object that has the focus. So a message becomes, for
 * an instant, the description of the focused widget, and the description
 * is cleared right after (an empty description is not read). The widget
 * gets its own description back (its tooltip, or what
 * arb_accessible_set_description() gave it) once the focus has left it.
 * docs/accessibility.md tells how this was verified with Orca.
 *
 * Messages queued in one turn of the main loop are said together, in the
 * order given, so that a later one does not interrupt an earlier one.
 *
 * Signals:
 *   announced (ArbAnnouncer *self, const char *message)
 *       a message was handed to the screen reader (several queued
 *       messages are one). */
#define ARB_TYPE_ANNOUNCER (arb_announcer_get_type ())

G_DECLARE_FINAL_TYPE (ArbAnnouncer, arb_announcer, ARB, ANNOUNCER, GObject)

/* The one announcer of the process. */
ArbAnnouncer *arb_announcer_get_default (void);

/* Queues @message to be said to the screen reader of @widget's window (or
 * of the active window when @widget is NULL or not in one). */
void arb_announce (GtkWidget *widget, const char *message);

/* Says what is queued now instead of at the next idle. */
void arb_announcer_flush (ArbAnnouncer *self);

/* The last message said (after flushing), or NULL; for tests. */
const char *arb_announcer_get_last (ArbAnnouncer *self);

/* Sets @widget's accessible description and remembers it, so that it comes
 * back after an announcement passed through the widget. */
void arb_accessible_set_description (GtkWidget *widget, const char *description);

G_END_DECLS
