/* arb-ui-harness.h: the application run around a UI test
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-board-card.h"
#include "arb-test-utils.h"
#include "arb-window.h"

G_BEGIN_DECLS

/* Sets HOME up as the program's empty home of its own, as on a first run:
 * XDG_DATA_HOME and XDG_CONFIG_HOME inside it, settings in memory. The
 * test program clears HOME when it is done. */
void arb_ui_use_temp_home (ArbTestTemp *home);

/* The demo round (ARB_DEMO_BOARDS boards) in a temporary directory of its
 * own, the file open: the fixture of the tests that rule, print and
 * reconstruct on it. Teardown closes the file and removes the directory
 * with everything a test wrote into it. */
typedef struct
{
  char *dir;  /* temp.dir */
  char *path; /* DIR/demo.arbiter */
  ArbTournament *tournament;
  ArbTestTemp temp;
} ArbUiDemoFixture;

void arb_ui_demo_setup (ArbUiDemoFixture *f, gconstpointer data);
void arb_ui_demo_teardown (ArbUiDemoFixture *f, gconstpointer data);

/* Board BOARD of round 1 in T, loaded under TIME_CONTROL (NULL: the
 * demo's) and the Laws of 2023 (asserted to load). */
ArbGame *arb_ui_demo_load_game (ArbTournament *t, int board, const char *time_control);

/* Destroys WINDOW (a GtkWindow the test holds a reference to, as
 * g_object_ref_sink () gave it) and drops that reference. */
void arb_ui_close_window (gpointer window);

/* Asserts that the file's own check finds nothing wrong in it. */
void arb_ui_demo_assert_consistent (ArbUiDemoFixture *f);

/* A new, empty event file named @event_name (edition 2023, 90+30) in a
 * new temporary directory, removed when the test program exits (see
 * arb_test_temp_path ()); returns its path. */
char *arb_ui_new_event_file (const char *event_name);

typedef void (*ArbUiMappedFunc) (ArbWindow *window, gpointer data);
typedef gboolean (*ArbUiCondition) (gpointer data);

/* Runs a non-unique Arbiter, calls @func once its window is mapped, then
 * quits; asserts the application and the window are finalized. */
void arb_ui_run_app (ArbUiMappedFunc func, gpointer data);

/* Runs the main loop until @condition holds. A bound on the turns (not a
 * time measured) keeps a broken path from hanging the test; it is
 * generous, so that a slow machine does not make it fail. */
void arb_ui_wait_for (ArbUiCondition condition, gpointer data, const char *what);
/* The same for at most @turns turns of the loop (each 20 ms at least);
 * returns whether @condition held. */
gboolean arb_ui_wait_up_to (ArbUiCondition condition, gpointer data, guint turns);

/* An ArbUiCondition: @widget (a GtkWidget) is mapped. */
gboolean arb_ui_is_mapped (gpointer widget);

/* The first button under @root whose label is @label, or NULL. */
GtkWidget *arb_ui_find_button (GtkWidget *root, const char *label);
/* The first label under @root whose text contains @text, or NULL. */
GtkLabel *arb_ui_find_label (GtkWidget *root, const char *text);
/* The first toplevel window of TYPE, NULL when there is none. */
gpointer arb_ui_find_toplevel (GType type);
/* The first widget of TYPE below ROOT titled TITLE: a preferences group
 * by its title, a preferences row (combo, action row) by its title. */
GtkWidget *arb_ui_find_titled (GtkWidget *root, GType type, const char *title);
/* The first editable under @root whose text is @text, or NULL. */
GtkEditable *arb_ui_find_editable_text (GtkWidget *root, const char *text);

/* Renders @window as it is into ARB_SCREENSHOT_DIR/NAME.png when that
 * variable is set (screenshots for the documentation); else nothing. */
void arb_ui_save_screenshot (GtkWidget *window, const char *name);

/* The card of a board of the round shown, or NULL. */
ArbBoardCard *arb_ui_find_card (ArbWindow *window, int board);

/* Opens a board the way the keyboard does (Enter on its card) and asserts
 * the game view shows; returns it. */
ArbGameView *arb_ui_open_board (ArbWindow *window, int board);

/* Runs xdotool with the arguments (real key presses and window focus
 * through the X server, XTest); the main loop runs meanwhile, as it would
 * while a person types. Asserts it succeeded. */
void arb_ui_xdotool (const char *first, ...) G_GNUC_NULL_TERMINATED;

/* Gives @window the keyboard (the X input focus) and waits until GTK
 * sees it active. */
void arb_ui_give_keyboard (GtkWindow *window);

/* Adds to @round of @t a game on @board with no move yet, between the
 * players of board @like_board; returns its id. */
gint64 arb_ui_add_unplayed_game (ArbTournament *t, int round, int board, int like_board);

G_END_DECLS
