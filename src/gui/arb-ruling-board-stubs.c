/* arb-ruling-board-stubs.c: a plain board painter until the board widgets land
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only while neither the board painter (arb-board-paint.c) nor the
 * round view's stand-ins (arb-board-stubs.c) are in the tree; see
 * meson.build. Deleted when the board widgets are merged.
 */

#include "config.h"

#include <string.h>

#include "arb-board-paint.h"

void
arb_board_paint_state_init (ArbBoardPaintState *state)
{
  memset (state, 0, sizeof *state);
  state->scale_factor = 1;
  state->last_from = state->last_to = state->check_square = state->selected = state->cursor =
    state->drag_from = ARB_NO_SQUARE;
}

void
arb_board_paint (GtkSnapshot *snapshot, const ArbBoardPaintState *state, float size)
{
  float sq = size / 8;
  GdkRGBA light = { 0.94, 0.85, 0.71, 1 };
  GdkRGBA dark = { 0.71, 0.53, 0.39, 1 };
  GdkRGBA mark = { 0.8, 0.8, 0.2, 0.5 };
  PangoContext *context = state->pango_context;

  for (int rank = 0; rank < 8; rank++)
    for (int file = 0; file < 8; file++)
      {
        ArbSquare s = (ArbSquare) (rank * 8 + file);
        graphene_rect_t r = GRAPHENE_RECT_INIT (file * sq, (7 - rank) * sq, sq, sq);
        ArbPiece piece;

        gtk_snapshot_append_color (snapshot, (rank + file) % 2 ? &light : &dark, &r);
        if (s == state->last_from || s == state->last_to)
          gtk_snapshot_append_color (snapshot, &mark, &r);
        if (state->position == NULL || context == NULL)
          continue;
        piece = state->position->board[s];
        if (piece != ARB_NO_PIECE)
          {
            static const char letters[] = " PNBRQK";
            char text[2] = { letters[ARB_PIECE_TYPE (piece)], 0 };
            PangoLayout *layout = pango_layout_new (context);
            GdkRGBA ink = { 0, 0, 0, 1 };
            GdkRGBA white = { 1, 1, 1, 1 };
            int w, h;

            if (ARB_PIECE_COLOR (piece) == ARB_BLACK)
              text[0] = g_ascii_tolower (text[0]);
            pango_layout_set_text (layout, text, -1);
            pango_layout_get_pixel_size (layout, &w, &h);
            gtk_snapshot_save (snapshot);
            gtk_snapshot_translate (
              snapshot,
              &GRAPHENE_POINT_INIT (file * sq + (sq - w) / 2, (7 - rank) * sq + (sq - h) / 2));
            gtk_snapshot_append_layout (snapshot, layout,
                                        ARB_PIECE_COLOR (piece) == ARB_WHITE ? &white : &ink);
            gtk_snapshot_restore (snapshot);
            g_object_unref (layout);
          }
      }
}
