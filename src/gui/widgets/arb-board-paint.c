/* arb-board-paint.c: draw a chess board and its pieces into a GtkSnapshot
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-board-paint"

#include "config.h"

#include <math.h>
#include <string.h>

#include "arb-board-paint.h"

#define RGBA(r, g, b, a)                       \
  {                                            \
    (r) / 255.f, (g) / 255.f, (b) / 255.f, (a) \
  }

/* Calm colours: the squares differ enough in lightness to be read at a
 * glance from across the room, yet neither is saturated enough to tire the
 * eye over a long round. */
static const ArbBoardTheme themes[] = {
  {
    .name = "brown",
    .light = RGBA (0xee, 0xdc, 0xbe, 1),
    .dark = RGBA (0xb3, 0x8b, 0x6a, 1),
    .last_move = RGBA (0xe8, 0xc9, 0x3c, 0.45),
    .selected = RGBA (0x5f, 0x9e, 0x4d, 0.55),
    .check = RGBA (0xe0, 0x1b, 0x24, 0.85),
    .target = RGBA (0x1e, 0x2e, 0x1a, 0.28),
    .focus = RGBA (0x35, 0x84, 0xe4, 1),
  },
  {
    .name = "green",
    .light = RGBA (0xec, 0xec, 0xd4, 1),
    .dark = RGBA (0x7d, 0x99, 0x5e, 1),
    .last_move = RGBA (0xf6, 0xe0, 0x4a, 0.5),
    .selected = RGBA (0x2f, 0x7a, 0xc9, 0.45),
    .check = RGBA (0xe0, 0x1b, 0x24, 0.85),
    .target = RGBA (0x15, 0x25, 0x10, 0.28),
    .focus = RGBA (0x35, 0x84, 0xe4, 1),
  },
  {
    .name = "blue",
    .light = RGBA (0xe3, 0xe9, 0xf0, 1),
    .dark = RGBA (0x83, 0x9c, 0xb8, 1),
    .last_move = RGBA (0x99, 0xc1, 0xf1, 0.55),
    .selected = RGBA (0x33, 0xd1, 0x7a, 0.45),
    .check = RGBA (0xe0, 0x1b, 0x24, 0.85),
    .target = RGBA (0x10, 0x1c, 0x2e, 0.28),
    .focus = RGBA (0xe6, 0x61, 0x00, 1),
  },
  {
    .name = "gray",
    .light = RGBA (0xe8, 0xe8, 0xe6, 1),
    .dark = RGBA (0x9a, 0x99, 0x96, 1),
    .last_move = RGBA (0xf8, 0xe4, 0x5c, 0.5),
    .selected = RGBA (0x35, 0x84, 0xe4, 0.45),
    .check = RGBA (0xe0, 0x1b, 0x24, 0.85),
    .target = RGBA (0x20, 0x20, 0x20, 0.3),
    .focus = RGBA (0x35, 0x84, 0xe4, 1),
  },
  /* High contrast: white and a middle gray that both black and white
   * pieces stand out on (at least 4.5:1 against each), strong marks with
   * frames, a black cursor. */
  {
    .name = ARB_BOARD_THEME_HIGH_CONTRAST,
    .light = RGBA (0xff, 0xff, 0xff, 1),
    .dark = RGBA (0x8a, 0x8a, 0x8a, 1),
    .last_move = RGBA (0xff, 0xd8, 0x00, 0.55),
    .selected = RGBA (0x00, 0x58, 0xd0, 0.45),
    .check = RGBA (0xe0, 0x1b, 0x24, 1),
    .target = RGBA (0x00, 0x00, 0x00, 0.6),
    .focus = RGBA (0x00, 0x00, 0x00, 1),
    .framed_marks = TRUE,
  },
};

static const char *const theme_names[] = { "brown", "green", "blue", "gray", NULL };

const ArbBoardTheme *
arb_board_theme_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (g_strcmp0 (themes[i].name, name) == 0)
      return &themes[i];
  return NULL;
}

const ArbBoardTheme *
arb_board_theme_get_default (void)
{
  return &themes[0];
}

const char *const *
arb_board_theme_list_names (void)
{
  return theme_names;
}

void
arb_board_paint_state_init (ArbBoardPaintState *state)
{
  g_return_if_fail (state != NULL);

  memset (state, 0, sizeof *state);
  state->scale_factor = 1;
  state->show_coordinates = TRUE;
  state->last_from = ARB_NO_SQUARE;
  state->last_to = ARB_NO_SQUARE;
  state->check_square = ARB_NO_SQUARE;
  state->selected = ARB_NO_SQUARE;
  state->cursor = ARB_NO_SQUARE;
  state->drag_piece = ARB_NO_PIECE;
  state->drag_from = ARB_NO_SQUARE;
}

/* Squares are whole logical pixels, and the board is centred in @size, so
 * square edges never fall between pixels. */
static void
board_geometry (float size, float *square, float *origin)
{
  float s = floorf (MAX (size, 0) / 8);

  *square = s;
  *origin = floorf ((size - 8 * s) / 2);
}

void
arb_board_square_rect (float size, gboolean flipped, ArbSquare square, graphene_rect_t *rect)
{
  float s, origin;
  int file, row;

  g_return_if_fail (rect != NULL);
  g_return_if_fail (square >= 0 && square < 64);

  board_geometry (size, &s, &origin);
  file = ARB_SQUARE_FILE (square);
  row = 7 - ARB_SQUARE_RANK (square);
  if (flipped)
    {
      file = 7 - file;
      row = 7 - row;
    }
  graphene_rect_init (rect, origin + file * s, origin + row * s, s, s);
}

ArbSquare
arb_board_square_at (float size, gboolean flipped, double x, double y)
{
  float s, origin;
  int file, row;

  board_geometry (size, &s, &origin);
  if (s <= 0)
    return ARB_NO_SQUARE;
  x -= origin;
  y -= origin;
  if (x < 0 || y < 0 || x >= 8 * s || y >= 8 * s)
    return ARB_NO_SQUARE;
  file = (int) (x / s);
  row = (int) (y / s);
  if (flipped)
    {
      file = 7 - file;
      row = 7 - row;
    }
  return ARB_SQUARE (file, 7 - row);
}

static gboolean
square_is_light (ArbSquare sq)
{
  return (ARB_LIGHT_SQUARES_BB & ARB_BB (sq)) != 0;
}

static void
append_circle (GtkSnapshot *snapshot, float cx, float cy, float radius, const GdkRGBA *color)
{
  GskRoundedRect circle;

  gsk_rounded_rect_init_from_rect (
    &circle, &GRAPHENE_RECT_INIT (cx - radius, cy - radius, 2 * radius, 2 * radius), radius);
  gtk_snapshot_push_rounded_clip (snapshot, &circle);
  gtk_snapshot_append_color (snapshot, color, &circle.bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot *snapshot,
             const graphene_rect_t *square,
             float width,
             const GdkRGBA *color)
{
  GskRoundedRect ring;
  float inset = square->size.width * 0.04f;
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { *color, *color, *color, *color };
  graphene_rect_t r;

  graphene_rect_inset_r (square, inset, inset, &r);
  gsk_rounded_rect_init_from_rect (&ring, &r, r.size.width / 2);
  gtk_snapshot_append_border (snapshot, &ring, widths, colors);
}

static void
append_coordinates (GtkSnapshot *snapshot,
                    const ArbBoardPaintState *state,
                    const ArbBoardTheme *theme,
                    float size,
                    float s)
{
  PangoContext *own_context = NULL;
  g_autoptr (PangoLayout) layout = NULL;
  PangoContext *context = state->pango_context;
  PangoFontDescription *font;
  float pad = MAX (1, roundf (s * 0.05f));
  double resolution;
  float text_scale;

  /* Below this the letters are unreadable and only add noise. */
  if (s < 28)
    return;

  if (context == NULL)
    {
      own_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      context = own_context;
    }
  /* Larger text (GNOME's text scaling raises the font resolution) makes
   * the letters larger too, up to a quarter of the square. */
  resolution = pango_cairo_context_get_resolution (context);
  text_scale = resolution > 0 ? (float) CLAMP (resolution / 96.0, 1.0, 2.0) : 1.0f;
  layout = pango_layout_new (context);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (
    font, MAX (7, roundf (MIN (s * 0.17f * text_scale, s * 0.24f))) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  for (int i = 0; i < 8; i++)
    {
      /* Files along the bottom row, in its right corners; ranks down the
       * left column, in its top corners; each in the colour of the other
       * kind of square. */
      ArbSquare file_sq = ARB_SQUARE (state->flipped ? 7 - i : i, state->flipped ? 7 : 0);
      ArbSquare rank_sq = ARB_SQUARE (state->flipped ? 7 : 0, state->flipped ? 7 - i : i);
      char text[2];
      graphene_rect_t r;
      int w, h;

      text[1] = '\0';

      text[0] = (char) ('a' + ARB_SQUARE_FILE (file_sq));
      arb_board_square_rect (size, state->flipped, file_sq, &r);
      pango_layout_set_text (layout, text, 1);
      pango_layout_get_pixel_size (layout, &w, &h);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (r.origin.x + r.size.width - w - pad,
                                                              r.origin.y + r.size.height - h));
      gtk_snapshot_append_layout (snapshot, layout,
                                  square_is_light (file_sq) ? &theme->dark : &theme->light);
      gtk_snapshot_restore (snapshot);

      text[0] = (char) ('1' + ARB_SQUARE_RANK (rank_sq));
      arb_board_square_rect (size, state->flipped, rank_sq, &r);
      pango_layout_set_text (layout, text, 1);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (r.origin.x + pad, r.origin.y + pad / 2));
      gtk_snapshot_append_layout (snapshot, layout,
                                  square_is_light (rank_sq) ? &theme->dark : &theme->light);
      gtk_snapshot_restore (snapshot);
    }
  g_clear_object (&own_context);
}

static void
append_piece (GtkSnapshot *snapshot,
              ArbPieceSet *pieces,
              ArbPiece piece,
              const graphene_rect_t *rect,
              int scale_factor)
{
  GdkTexture *texture =
    arb_piece_set_get_texture (pieces, piece, (int) roundf (rect->size.width * scale_factor));

  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, rect);
}

void
arb_board_paint (GtkSnapshot *snapshot, const ArbBoardPaintState *state, float size)
{
  const ArbBoardTheme *theme;
  ArbPieceSet *pieces;
  int scale_factor;
  float s, origin;

  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (state != NULL);

  board_geometry (size, &s, &origin);
  if (s < 1)
    return;

  theme = state->theme != NULL ? state->theme : arb_board_theme_get_default ();
  pieces = state->pieces != NULL ? state->pieces : arb_piece_set_get_default ();
  scale_factor = MAX (state->scale_factor, 1);

  /* The squares: one light board, the dark squares over it. */
  gtk_snapshot_append_color (snapshot, &theme->light,
                             &GRAPHENE_RECT_INIT (origin, origin, 8 * s, 8 * s));
  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      graphene_rect_t r;

      if (square_is_light (sq))
        continue;
      arb_board_square_rect (size, state->flipped, sq, &r);
      gtk_snapshot_append_color (snapshot, &theme->dark, &r);
    }

  /* Highlights under the pieces. */
  for (int i = 0; i < 3; i++)
    {
      ArbSquare sq = i == 0 ? state->last_from : i == 1 ? state->last_to : state->selected;
      graphene_rect_t r;

      if (sq < 0 || sq >= 64)
        continue;
      arb_board_square_rect (size, state->flipped, sq, &r);
      gtk_snapshot_append_color (snapshot, i < 2 ? &theme->last_move : &theme->selected, &r);
      if (theme->framed_marks)
        {
          /* A frame inside the square: the mark reads without its colour. */
          GskRoundedRect frame;
          float w = MAX (2, roundf (s * (i < 2 ? 0.04f : 0.07f)));
          float widths[4] = { w, w, w, w };
          GdkRGBA black = { 0, 0, 0, 0.85f };
          GdkRGBA colors[4] = { black, black, black, black };

          gsk_rounded_rect_init_from_rect (&frame, &r, 0);
          gtk_snapshot_append_border (snapshot, &frame, widths, colors);
        }
    }

  if (state->check_square >= 0 && state->check_square < 64)
    {
      graphene_rect_t r;
      GdkRGBA clear = theme->check;
      GskColorStop stops[3];

      arb_board_square_rect (size, state->flipped, state->check_square, &r);
      clear.alpha = 0;
      /* Strong at the king's foot, fading out by the square's corners, so
       * it reads on a thumbnail and stays behind the piece on a large
       * board. */
      stops[0] = (GskColorStop){ 0.0f, theme->check };
      stops[1] = (GskColorStop){ 0.55f, theme->check };
      stops[2] = (GskColorStop){ 1.0f, clear };
      stops[1].color.alpha *= 0.75f;
      gtk_snapshot_append_radial_gradient (
        snapshot, &r, &GRAPHENE_POINT_INIT (r.origin.x + s / 2, r.origin.y + s / 2), s * 0.66f,
        s * 0.66f, 0, 1, stops, G_N_ELEMENTS (stops));
    }

  if (state->show_coordinates)
    append_coordinates (snapshot, state, theme, size, s);

  /* The pieces, except one being dragged. */
  if (state->position != NULL)
    for (ArbSquare sq = 0; sq < 64; sq++)
      {
        ArbPiece piece = arb_position_piece_at (state->position, sq);
        graphene_rect_t r;

        if (piece == ARB_NO_PIECE || (state->drag_piece != ARB_NO_PIECE && sq == state->drag_from))
          continue;
        arb_board_square_rect (size, state->flipped, sq, &r);
        append_piece (snapshot, pieces, piece, &r, scale_factor);
      }

  /* Legal targets: a dot on an empty square, a ring around a capture. */
  for (ArbBitboard bb = state->targets; bb != 0;)
    {
      ArbSquare sq = arb_bb_pop (&bb);
      graphene_rect_t r;

      arb_board_square_rect (size, state->flipped, sq, &r);
      if (state->position != NULL && arb_position_piece_at (state->position, sq) != ARB_NO_PIECE)
        append_ring (snapshot, &r, MAX (2, roundf (s * 0.07f)), &theme->target);
      else
        append_circle (snapshot, r.origin.x + s / 2, r.origin.y + s / 2, s * 0.15f, &theme->target);
    }

  if (state->cursor >= 0 && state->cursor < 64)
    {
      graphene_rect_t r;
      GskRoundedRect outline;
      float w = MAX (2, roundf (s * (theme->framed_marks ? 0.09f : 0.05f)));
      float widths[4] = { w, w, w, w };
      GdkRGBA colors[4] = { theme->focus, theme->focus, theme->focus, theme->focus };

      arb_board_square_rect (size, state->flipped, state->cursor, &r);
      gsk_rounded_rect_init_from_rect (&outline, &r, 0);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }

  if (state->drag_piece != ARB_NO_PIECE)
    {
      graphene_rect_t r =
        GRAPHENE_RECT_INIT (roundf (state->drag_x - s / 2), roundf (state->drag_y - s / 2), s, s);

      append_piece (snapshot, pieces, state->drag_piece, &r, scale_factor);
    }
}

cairo_surface_t *
arb_board_paint_to_surface (const ArbBoardPaintState *state, int size)
{
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (size > 0, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  snapshot = gtk_snapshot_new ();
  arb_board_paint (snapshot, state, size);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node != NULL)
    {
      cr = cairo_create (surface);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
    }
  cairo_surface_flush (surface);
  return surface;
}
