/* arb-board-thumbnail.c: a small, passive board for the round overview
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-board-thumbnail"

#include "config.h"

#include "arb-board-thumbnail.h"

#include <string.h>

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

/* Thumbnails drawn once per position, last move, size and theme, and kept
 * for every card that shows the same: a round of 256 boards redraws a card
 * by copying pixels, and the same opening on many boards is drawn once.
 * Shared by all thumbnails; emptied when it grows past CACHE_MAX (a
 * 120-pixel board is some 60 KB).
 *
 * Each is kept as the cairo image it was drawn into and, once a renderer
 * asks for one, as a texture. The GL renderers upload a texture once; the
 * cairo renderer of GTK 4.8 (software rendering: no GPU, a virtual
 * machine, Xvfb) converts a texture's every pixel on every frame that
 * draws it, so under it the image is painted as it is. */
#define CACHE_MAX 1024

typedef struct
{
  guint64 position_key;
  const ArbBoardTheme *theme;
  int size; /* device pixels */
  ArbMove last_move;
} CacheKey;

typedef struct
{
  cairo_surface_t *surface; /* cairo's ARGB32 */
  GdkTexture *texture;      /* made from it when first asked for */
} Thumb;

static GHashTable *thumb_cache;

static void
thumb_free (gpointer data)
{
  Thumb *thumb = data;

  cairo_surface_destroy (thumb->surface);
  g_clear_object (&thumb->texture);
  g_free (thumb);
}

static guint
cache_key_hash (gconstpointer data)
{
  const CacheKey *k = data;

  return (guint) (k->position_key ^ (k->position_key >> 32)) ^ (guint) k->size * 31u ^
         (guint) k->last_move * 65537u ^ GPOINTER_TO_UINT (k->theme);
}

static gboolean
cache_key_equal (gconstpointer a, gconstpointer b)
{
  const CacheKey *x = a, *y = b;

  return x->position_key == y->position_key && x->theme == y->theme && x->size == y->size &&
         x->last_move == y->last_move;
}

static GdkTexture *
thumb_get_texture (Thumb *thumb)
{
  if (thumb->texture == NULL)
    {
      int size = cairo_image_surface_get_width (thumb->surface);
      int stride = cairo_image_surface_get_stride (thumb->surface);
      g_autoptr (GBytes) bytes =
        g_bytes_new (cairo_image_surface_get_data (thumb->surface), (gsize) stride * size);

      /* Cairo's ARGB32 is premultiplied native-endian ARGB, GDK's default
       * memory format. */
      thumb->texture =
        gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, (gsize) stride);
    }
  return thumb->texture;
}

static Thumb *
cached_thumb (const ArbBoardPaintState *state, int size)
{
  CacheKey key = { state->position->key, state->theme, size,
                   state->last_from != ARB_NO_SQUARE
                     ? ARB_MOVE_MAKE (state->last_from, state->last_to, 0)
                     : ARB_MOVE_NONE };
  Thumb *thumb;

  if (thumb_cache == NULL)
    thumb_cache = g_hash_table_new_full (cache_key_hash, cache_key_equal, g_free, thumb_free);
  thumb = g_hash_table_lookup (thumb_cache, &key);
  if (thumb != NULL)
    return thumb;
  if (g_hash_table_size (thumb_cache) >= CACHE_MAX)
    g_hash_table_remove_all (thumb_cache);
  thumb = g_new0 (Thumb, 1);
  thumb->surface = arb_board_paint_to_surface (state, size);
  cairo_surface_flush (thumb->surface);
  g_hash_table_insert (thumb_cache, g_memdup2 (&key, sizeof key), thumb);
  return thumb;
}

static gboolean
renders_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

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
  if (state.position != NULL)
    {
      /* Drawn in device pixels, shown at the logical size. */
      int device_size = (int) size * state.scale_factor;
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, (int) size, (int) size);
      Thumb *thumb;

      state.scale_factor = 1;
      thumb = cached_thumb (&state, device_size);
      if (renders_with_cairo (widget))
        {
          cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);

          cairo_scale (cr, (double) (int) size / device_size, (double) (int) size / device_size);
          cairo_set_source_surface (cr, thumb->surface, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
      else
        gtk_snapshot_append_texture (snapshot, thumb_get_texture (thumb), &bounds);
    }
  else
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

  /* The card sets its position at every change of its game (a clock
   * press, a ruling): only a new position is drawn. */
  if ((position != NULL) == self->has_position && last_move == self->last_move &&
      (position == NULL ||
       (position->key == self->position.key &&
        memcmp (position->board, self->position.board, sizeof position->board) == 0)))
    return;
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
