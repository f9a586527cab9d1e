/* arb-ruling-dialog.h: one guided ruling, from the facts to the confirmed effects
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-game.h"
#include "arb-ruling-apply.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_RULING_FLOW_ILLEGAL_MOVE,
  ARB_RULING_FLOW_DRAW_CLAIM,
  ARB_RULING_FLOW_FLAG_FALL,
  ARB_RULING_FLOW_QUICKPLAY, /*< nick=quickplay-claim >*/
  ARB_RULING_FLOW_ADJOURN,
  ARB_RULING_FLOW_RESUME,
  ARB_RULING_FLOW_PENALTY,
  ARB_RULING_FLOW_RESULT,
} ArbRulingFlow;

#define ARB_RULING_FLOW_N (ARB_RULING_FLOW_RESULT + 1)

/* "illegal-move", "draw-claim", "flag-fall", "quickplay-claim", "adjourn",
 * "resume", "penalty", "result": the action names (game.NAME), the
 * enum's nicks (glib-mkenums, arb-gui-enums.h). */
const char *arb_ruling_flow_to_string (ArbRulingFlow flow);
gboolean arb_ruling_flow_from_string (const char *text, ArbRulingFlow *flow);

#define ARB_TYPE_RULING_DIALOG (arb_ruling_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ArbRulingDialog, arb_ruling_dialog, ARB, RULING_DIALOG, AdwWindow)

/* The dialog shows the facts of @flow for @game (each an editable row, filled
 * in from the game: the last ply, the side to move, the recorded clock
 * times), the articles of the event's edition with their paraphrases, the
 * decision the Laws engine computes and the effects before they are
 * applied. Confirm stores everything in one transaction (see
 * arb_ruling_plan_apply()); Cancel leaves no trace.
 *
 * ::applied (gint64 ruling_id) is emitted after a ruling was stored. */
ArbRulingDialog *arb_ruling_dialog_new (ArbGame *game, ArbRulingFlow flow);

/* "Ruled by": who makes the ruling, recorded with it (the dialog starts
 * with the name in Preferences; the window gives the arbiter chosen at
 * its results desk). */
void arb_ruling_dialog_set_arbiter (ArbRulingDialog *self, const char *arbiter);
const char *arb_ruling_dialog_get_arbiter (ArbRulingDialog *self);

ArbGame *arb_ruling_dialog_get_game (ArbRulingDialog *self);
ArbRulingFlow arb_ruling_dialog_get_flow (ArbRulingDialog *self);

/* The proof that the opponent cannot checkmate is searched off the main
 * thread, the row saying "Checking…" meanwhile. For tests and scripted
 * use: runs the main loop until the answer is in; the ruling, whether it
 * can be confirmed and the switches are then the ones the arbiter sees.
 * arb_ruling_dialog_get_ruling(), arb_ruling_dialog_get_plan(),
 * arb_ruling_dialog_can_confirm() and arb_ruling_dialog_set_fact() on a
 * switch call it first. */
void arb_ruling_dialog_settle (ArbRulingDialog *self);

/* The fact rows by name, for tests and scripted use: sets the row's widget
 * (a choice by its id, a switch by "true"/"false", an entry by its text, a
 * number) as if the arbiter had. FALSE when there is no such fact or value. */
gboolean arb_ruling_dialog_set_fact (ArbRulingDialog *self, const char *name, const char *value);
/* The names of the facts of this flow, NULL-terminated. */
char **arb_ruling_dialog_list_facts (ArbRulingDialog *self);

/* The ruling and plan for the facts as they stand (NULL when the facts are
 * incomplete, e.g. a written move that is not legal). */
const ArbRuling *arb_ruling_dialog_get_ruling (ArbRulingDialog *self);
const ArbRulingPlan *arb_ruling_dialog_get_plan (ArbRulingDialog *self);
/* Whether Confirm is possible. */
gboolean arb_ruling_dialog_can_confirm (ArbRulingDialog *self);
/* Whether Confirm asks once more (the ruling gives a result, takes moves
 * back or plays a move), with Go Back as the answer of Enter and Escape. */
gboolean arb_ruling_dialog_is_grave (ArbRulingDialog *self);

/* The plies at which the claimed position occurred, as shown on the small
 * boards (draw claims); returns their number. */
guint arb_ruling_dialog_get_occurrences (ArbRulingDialog *self, guint *plies, guint max_plies);

/* Sets the times the clocks get (as the arbiter edits them). */
void arb_ruling_dialog_set_clock_text (ArbRulingDialog *self, int side, const char *text);
/* The move counter the clock on the table shows for @side, as typed: set
 * after the ruling is stored, a clock event of its own. */
void arb_ruling_dialog_set_clock_moves (ArbRulingDialog *self, int side, guint moves);

/* Who applies the confirmed plan instead of this desk's file: a deputy's
 * window sends it to the chief's desk (arb-window-chief.c). @send gets the
 * plan as confirmed (the arbiter, note and clock times in it); FALSE with
 * an error keeps the dialog open and says why. Confirm then stores
 * nothing here, returns -1 and emits no ::applied. */
typedef gboolean (*ArbRulingSendFunc) (const ArbRulingPlan *plan,
                                       ArbGame *game,
                                       gpointer data,
                                       GError **error);
void arb_ruling_dialog_set_send_func (ArbRulingDialog *self,
                                      ArbRulingSendFunc send,
                                      gpointer data,
                                      GDestroyNotify destroy);

/* What Confirm does; returns the id of the stored ruling, 0 with @error. */
gint64 arb_ruling_dialog_confirm (ArbRulingDialog *self, GError **error);

/* Prints the envelope sheet of the adjournment or resumption shown (the
 * Print button); the text printed in @printed_text when not NULL. */
gboolean arb_ruling_dialog_print_envelope (ArbRulingDialog *self,
                                           const char *path,
                                           char **printed_text,
                                           GError **error);

G_END_DECLS
