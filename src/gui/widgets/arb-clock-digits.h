/* arb-clock-digits.h: the time on a clock, redrawn only when its digits change
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A short text (the time left on a clock of a card of the round overview)
 * drawn with the widget's CSS font and colour. Setting the same text does
 * nothing; a text of another length asks for a new size; any other change
 * only redraws the widget, so a ticking clock never lays out the round.
 * Digits are tabular ("tnum"), so texts of one length have one width. CSS
 * name "label", so that label styles apply. */
#define ARB_TYPE_CLOCK_DIGITS (arb_clock_digits_get_type ())

G_DECLARE_FINAL_TYPE (ArbClockDigits, arb_clock_digits, ARB, CLOCK_DIGITS, GtkWidget)

GtkWidget *arb_clock_digits_new (void);
void arb_clock_digits_set_text (ArbClockDigits *self, const char *text);
const char *arb_clock_digits_get_text (ArbClockDigits *self);

G_END_DECLS
