/* arb-ruling-board.c: a small still board for the ruling flows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-board.h"

#include "arb-board-paint.h"

struct _ArbRulingBoard
{
  GtkWidget parent_instance;

  ArbPosition position;
  ArbMove last_move;
  int size;
};

G_DEFINE_FINAL_TYPE (ArbRulingBoard, arb_ruling_board, GTK_TYPE_WIDGET)

static void
arb_ruling_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbRulingBoard *self = ARB_RULING_BOARD (widget);
  ArbBoardPaintState state;
  float size = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  /* Drawing is a function of the position and the size only. */
  arb_board_paint_state_init (&state);
  state.position = &self->position;
  state.scale_factor = gtk_widget_get_scale_factor (widget);
  state.pango_context = gtk_widget_get_pango_context (widget);
  if (self->last_move != ARB_MOVE_NONE)
    {
      state.last_from = ARB_MOVE_FROM (self->last_move);
      state.last_to = ARB_MOVE_TO (self->last_move);
    }
  arb_board_paint (snapshot, &state, size);
}

static void
arb_ruling_board_measure (GtkWidget *widget,
                          GtkOrientation orientation,
                          int for_size,
                          int *minimum,
                          int *natural,
                          int *minimum_baseline,
                          int *natural_baseline)
{
  ArbRulingBoard *self = ARB_RULING_BOARD (widget);

  *minimum = *natural = self->size;
}

static void
arb_ruling_board_class_init (ArbRulingBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = arb_ruling_board_snapshot;
  widget_class->measure = arb_ruling_board_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_ruling_board_init (ArbRulingBoard *self)
{
  self->size = 120;
}

GtkWidget *
arb_ruling_board_new (const ArbPosition *position, ArbMove last_move, int size)
{
  ArbRulingBoard *self;

  g_return_val_if_fail (position != NULL, NULL);

  self = g_object_new (ARB_TYPE_RULING_BOARD, NULL);
  self->position = *position;
  self->last_move = last_move;
  self->size = MAX (32, size);
  return GTK_WIDGET (self);
}
