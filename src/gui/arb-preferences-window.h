/* arb-preferences-window.h: the preferences, bound to GSettings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_PREFERENCES_WINDOW (arb_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (ArbPreferencesWindow,
                      arb_preferences_window,
                      ARB,
                      PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* Every row writes its key as soon as it changes. */
GtkWidget *arb_preferences_window_new (GSettings *settings);

/* Adds a page for the settings of @tournament's event (the rule for
 * unplayed rounds in the tie-breaks, arb-standings.h), read from the
 * file and written back through the round layer when changed. */
void arb_preferences_window_set_tournament (ArbPreferencesWindow *self, ArbTournament *tournament);

G_END_DECLS
