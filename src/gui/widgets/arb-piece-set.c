/* arb-piece-set.c: the chess piece images, rendered once per square size
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-piece-set"

#include "config.h"

#include "arb-piece-set.h"

struct _ArbPieceSet
{
  GObject parent_instance;

  char *resource_path;

  /* (pixel size << 4 | piece) -> GdkTexture */
  GHashTable *textures;
  /* The sizes cached, most recently used last. */
  GArray *sizes;
};

G_DEFINE_FINAL_TYPE (ArbPieceSet, arb_piece_set, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RESOURCE_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arb_piece_set_finalize (GObject *object)
{
  ArbPieceSet *self = ARB_PIECE_SET (object);

  g_clear_pointer (&self->resource_path, g_free);
  g_clear_pointer (&self->textures, g_hash_table_unref);
  g_clear_pointer (&self->sizes, g_array_unref);

  G_OBJECT_CLASS (arb_piece_set_parent_class)->finalize (object);
}

static void
arb_piece_set_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbPieceSet *self = ARB_PIECE_SET (object);

  switch (prop_id)
    {
    case PROP_RESOURCE_PATH:
      g_value_set_string (value, self->resource_path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_piece_set_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbPieceSet *self = ARB_PIECE_SET (object);

  switch (prop_id)
    {
    case PROP_RESOURCE_PATH:
      g_free (self->resource_path);
      self->resource_path = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_piece_set_class_init (ArbPieceSetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_piece_set_finalize;
  object_class->get_property = arb_piece_set_get_property;
  object_class->set_property = arb_piece_set_set_property;

  properties[PROP_RESOURCE_PATH] =
    g_param_spec_string ("resource-path", NULL, NULL, ARB_PIECE_SET_DEFAULT_PATH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_piece_set_init (ArbPieceSet *self)
{
  self->textures = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->sizes = g_array_new (FALSE, FALSE, sizeof (int));
}

ArbPieceSet *
arb_piece_set_new (const char *resource_path)
{
  g_return_val_if_fail (resource_path != NULL, NULL);

  return g_object_new (ARB_TYPE_PIECE_SET, "resource-path", resource_path, NULL);
}

ArbPieceSet *
arb_piece_set_get_default (void)
{
  static ArbPieceSet *default_set;

  if (g_once_init_enter (&default_set))
    g_once_init_leave (&default_set, arb_piece_set_new (ARB_PIECE_SET_DEFAULT_PATH));
  return default_set;
}

const char *
arb_piece_set_get_resource_path (ArbPieceSet *self)
{
  g_return_val_if_fail (ARB_IS_PIECE_SET (self), NULL);

  return self->resource_path;
}

static inline gpointer
texture_key (ArbPiece piece, int pixel_size)
{
  return GUINT_TO_POINTER (((guint) pixel_size << 4) | piece);
}

/* Marks @pixel_size as the most recently used size, evicting the least
 * recently used one (all its pieces) when the cache is full. */
static void
touch_size (ArbPieceSet *self, int pixel_size)
{
  for (guint i = 0; i < self->sizes->len; i++)
    if (g_array_index (self->sizes, int, i) == pixel_size)
      {
        g_array_remove_index (self->sizes, i);
        g_array_append_val (self->sizes, pixel_size);
        return;
      }

  if (self->sizes->len >= ARB_PIECE_SET_MAX_SIZES)
    {
      int oldest = g_array_index (self->sizes, int, 0);

      g_array_remove_index (self->sizes, 0);
      for (int color = ARB_WHITE; color <= ARB_BLACK; color++)
        for (int type = ARB_PAWN; type <= ARB_KING; type++)
          g_hash_table_remove (self->textures, texture_key (ARB_MAKE_PIECE (color, type), oldest));
    }
  g_array_append_val (self->sizes, pixel_size);
}

static GdkTexture *
render_piece (ArbPieceSet *self, ArbPiece piece, int pixel_size)
{
  static const char letters[] = " pnbrqk";
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkPixbuf) pixbuf = NULL;
  g_autofree char *path = NULL;

  path = g_strdup_printf ("%s/%c%c.svg", self->resource_path,
                          ARB_PIECE_COLOR (piece) == ARB_WHITE ? 'w' : 'b',
                          letters[ARB_PIECE_TYPE (piece)]);
  pixbuf = gdk_pixbuf_new_from_resource_at_scale (path, pixel_size, pixel_size, TRUE, &error);
  if (pixbuf == NULL)
    {
      g_warning ("Cannot load the piece image %s: %s", path, error->message);
      return NULL;
    }
  return gdk_texture_new_for_pixbuf (pixbuf);
}

GdkTexture *
arb_piece_set_get_texture (ArbPieceSet *self, ArbPiece piece, int pixel_size)
{
  GdkTexture *texture;
  gpointer key;

  g_return_val_if_fail (ARB_IS_PIECE_SET (self), NULL);
  g_return_val_if_fail (ARB_PIECE_TYPE (piece) >= ARB_PAWN && ARB_PIECE_TYPE (piece) <= ARB_KING,
                        NULL);
  g_return_val_if_fail ((piece & ~0xf) == 0, NULL);

  if (pixel_size <= 0 || pixel_size > 4096)
    return NULL;

  touch_size (self, pixel_size);
  key = texture_key (piece, pixel_size);
  texture = g_hash_table_lookup (self->textures, key);
  if (texture == NULL)
    {
      texture = render_piece (self, piece, pixel_size);
      if (texture == NULL)
        return NULL;
      g_hash_table_insert (self->textures, key, texture);
    }
  return texture;
}

guint
arb_piece_set_get_n_cached (ArbPieceSet *self)
{
  g_return_val_if_fail (ARB_IS_PIECE_SET (self), 0);

  return g_hash_table_size (self->textures);
}
