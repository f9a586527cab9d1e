/* arb-call-queue.h: the calls from the floor waiting at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The open calls, oldest first: each its board, who called, since when
 * and how long it has waited (worked out from the stored time whenever
 * the row is drawn again, never counted), and who answers it (a choice
 * of names, the first the default) with an Answer button. The rows of
 * calls still open stay when the list is given again, so a call that
 * arrives never takes the keyboard from the one the arbiter is on.
 *
 * ::answer (gint64 id, const char *arbiter) is emitted when the arbiter
 * answers call @id as @arbiter; the queue records nothing itself. */
#define ARB_TYPE_CALL_QUEUE (arb_call_queue_get_type ())
G_DECLARE_FINAL_TYPE (ArbCallQueue, arb_call_queue, ARB, CALL_QUEUE, GtkBox)

GtkWidget *arb_call_queue_new (void);

/* Shows @calls (ArbFloorRecord, the open calls oldest first) and offers
 * @arbiters (NULL-terminated, the default first) to answer them. */
void arb_call_queue_set_calls (ArbCallQueue *self, GPtrArray *calls, const char *const *arbiters);
guint arb_call_queue_get_n_calls (ArbCallQueue *self);

/* For tests: the rows as "TITLE — SUBTITLE", the Answer button and the
 * choice of who answers of call @id (NULL when it is not shown). */
GStrv arb_call_queue_dup_rows (ArbCallQueue *self);
GtkWidget *arb_call_queue_get_answer_button (ArbCallQueue *self, gint64 id);
GtkDropDown *arb_call_queue_get_answerer (ArbCallQueue *self, gint64 id);

G_END_DECLS
