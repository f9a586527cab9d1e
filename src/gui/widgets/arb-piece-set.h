/* arb-piece-set.h: the chess piece images, rendered once per square size
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* An ArbPieceSet loads the twelve piece SVGs of one set from the GResource
 * (files wk.svg, wq.svg, ..., bp.svg under a resource folder) and renders
 * each at the exact pixel size it is drawn at, so pieces stay sharp from a
 * 24 px thumbnail to a 120 px board square. Textures are cached per
 * (piece, pixel size); only the most recently used sizes are kept
 * (ARB_PIECE_SET_MAX_SIZES), so resizing a window does not grow memory
 * without bound. A texture stays valid as long as a render node holds it,
 * even after it leaves the cache. */
#define ARB_TYPE_PIECE_SET (arb_piece_set_get_type ())

G_DECLARE_FINAL_TYPE (ArbPieceSet, arb_piece_set, ARB, PIECE_SET, GObject)

#define ARB_PIECE_SET_MAX_SIZES 12

/* The resource folder of the set drawn for Arbiter. */
#define ARB_PIECE_SET_DEFAULT_PATH "/io/github/arbiterdesk/Arbiter/pieces"

/* A new set reading from @resource_path (no trailing slash). */
ArbPieceSet *arb_piece_set_new (const char *resource_path);
/* The shared default set; transfer none, lives as long as the process. */
ArbPieceSet *arb_piece_set_get_default (void);

const char *arb_piece_set_get_resource_path (ArbPieceSet *self);

/* The image of @piece (a coloured ArbPiece, not ARB_NO_PIECE) rendered at
 * @pixel_size × @pixel_size device pixels. Transfer none: the set owns it;
 * take a reference to keep it beyond the next call. Returns NULL only if the
 * resource is missing or the size is not positive. */
GdkTexture *arb_piece_set_get_texture (ArbPieceSet *self, ArbPiece piece, int pixel_size);

/* How many (piece, size) textures are cached now; for tests. */
guint arb_piece_set_get_n_cached (ArbPieceSet *self);

G_END_DECLS
