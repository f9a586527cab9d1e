/* arb-board-thumbnail.c: a small, passive board for the round overview
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-board-thumbnail"

#include "config.h"

#include "arb-board-thumbnail.h"

#include "arb-board-paint.h"

struct _ArbBoardThumbnail
{
  GtkWidget parent_instance;

  ArbPosition position;
  gboolean has_position;
  ArbMove last_move;
  const ArbBoardTheme *theme; /* static data of arb-board-paint */
  int natural_size;
};

G_DEFINE_FINAL_TYPE (ArbBoardThumbnail, arb_board_thumbnail, GTK_TYPE_WIDGET)

static void
arb_board_thumbnail_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbBoardThumbnail *self = ARB_BOARD_THUMBNAIL (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  float size = MIN (width, height);
  ArbBoardPaintState state;

  if (size <= 0)
    return;

  arb_board_paint_state_init (&state);
  state.position = self->has_position ? &self->position : NULL;
  state.theme = self->theme;
  state.scale_factor = gtk_widget_get_scale_factor (widget);
  state.show_coordinates = FALSE;
  if (self->last_move != ARB_MOVE_NONE)
    {
      state.last_from = ARB_MOVE_FROM (self->last_move);
      state.last_to = ARB_MOVE_TO (self->last_move);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - size) / 2, (height - size) / 2));
  arb_board_paint (snapshot, &state, size);
  gtk_snapshot_restore (snapshot);
}

static void
arb_board_thumbnail_measure (GtkWidget *widget,
                             GtkOrientation orientation,
                             int for_size,
                             int *minimum,
                             int *natural,
                             int *minimum_baseline,
                             int *natural_baseline)
{
  /* Eight squares of at least 12 pixels stay readable; 15 is comfortable
   * and lets four cards stand side by side on a 1280-pixel screen. */
  *minimum = MIN (96, ARB_BOARD_THUMBNAIL (widget)->natural_size);
  *natural = ARB_BOARD_THUMBNAIL (widget)->natural_size;
}

static void
arb_board_thumbnail_class_init (ArbBoardThumbnailClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = arb_board_thumbnail_snapshot;
  widget_class->measure = arb_board_thumbnail_measure;

  gtk_widget_class_set_css_name (widget_class, "boardthumbnail");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_board_thumbnail_init (ArbBoardThumbnail *self)
{
  self->theme = arb_board_theme_get_default ();
  self->natural_size = 120;
}

GtkWidget *
arb_board_thumbnail_new (void)
{
  return g_object_new (ARB_TYPE_BOARD_THUMBNAIL, NULL);
}

void
arb_board_thumbnail_set_position (ArbBoardThumbnail *self,
                                  const ArbPosition *position,
                                  ArbMove last_move)
{
  g_return_if_fail (ARB_IS_BOARD_THUMBNAIL (self));

  if (position != NULL)
    self->position = *position;
  self->has_position = position != NULL;
  self->last_move = last_move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_board_thumbnail_set_theme (ArbBoardThumbnail *self, const char *theme)
{
  const ArbBoardTheme *found;

  g_return_if_fail (ARB_IS_BOARD_THUMBNAIL (self));

  found = theme != NULL ? arb_board_theme_lookup (theme) : NULL;
  if (found == NULL)
    found = arb_board_theme_get_default ();
  if (found == self->theme)
    return;
  self->theme = found;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_board_thumbnail_set_natural_size (ArbBoardThumbnail *self, int size)
{
  g_return_if_fail (ARB_IS_BOARD_THUMBNAIL (self));
  g_return_if_fail (size >= 32);

  if (self->natural_size == size)
    return;
  self->natural_size = size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
