/* arb-ruling-actions.h: the game.* actions that open the ruling flows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-game.h"
#include "arb-ruling-dialog.h"

G_BEGIN_DECLS

/* Returns the game a widget shows (borrowed), or NULL. */
typedef ArbGame *(*ArbRulingGameFunc) (GtkWidget *widget);

/* Installs game.illegal-move, game.draw-claim, game.flag-fall,
 * game.quickplay-claim, game.adjourn, game.resume, game.penalty and
 * game.result on a widget class (the game view, a board card): each opens
 * its flow for the game @get_game returns; and game.reconstruct, which
 * opens the reconstruction from scoresheets for that game. Call from
 * class_init. */
void arb_ruling_actions_install (GtkWidgetClass *widget_class, ArbRulingGameFunc get_game);

/* The menu of the flows (for a "Rulings" menu button or a context menu). */
GMenuModel *arb_ruling_actions_menu (void);

/* Adds a context menu (right click, long press, Menu key) with the flows
 * to @widget, whose class installed the actions. */
void arb_ruling_actions_add_context_menu (GtkWidget *widget);

/* Items shown above the flows in @widget's context menu (NULL: none),
 * such as the answers to an alert on a board card. */
void arb_ruling_actions_set_context_extra (GtkWidget *widget, GMenuModel *extra);
GMenuModel *arb_ruling_actions_get_context_extra (GtkWidget *widget);

/* Opens a flow over @parent's window; returns the dialog (owned by GTK). */
ArbRulingDialog *arb_ruling_actions_open (GtkWidget *parent, ArbGame *game, ArbRulingFlow flow);

/* Watches @game and, when a flag falls, offers the Flag fall flow in a
 * toast on the window's toast overlay above @parent; the toast never
 * takes the keyboard, and only its button opens the flow. Disconnects
 * when @parent is destroyed. */
void arb_ruling_flag_alert_attach (GtkWidget *parent, ArbGame *game);

G_END_DECLS
