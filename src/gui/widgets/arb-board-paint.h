/* arb-board-paint.h: draw a chess board and its pieces into a GtkSnapshot
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-piece-set.h"
#include "arb-position.h"

G_BEGIN_DECLS

/* Board colours. Highlights are drawn over the square colour, so they carry
 * their own alpha. */
typedef struct
{
  const char *name; /* "brown", "green", "blue", "gray" (as the settings name them) */
  GdkRGBA light;
  GdkRGBA dark;
  GdkRGBA last_move; /* from and to squares of the last move */
  GdkRGBA selected;  /* the square of the piece held */
  GdkRGBA check;     /* radial glow under the king in check */
  GdkRGBA target;    /* dots and rings on legal target squares */
  GdkRGBA focus;     /* the keyboard cursor square's outline */
  /* Marks drawn as shapes too, not as tints alone (high contrast): a frame
   * around the last move's squares and the piece held. */
  gboolean framed_marks;
} ArbBoardTheme;

/* The theme the board takes in the desktop's high-contrast mode, whatever
 * the arbiter chose; not among the names offered in preferences. */
#define ARB_BOARD_THEME_HIGH_CONTRAST "high-contrast"

/* The theme called @name, or NULL if there is none. */
const ArbBoardTheme *arb_board_theme_lookup (const char *name);
/* The default theme ("brown"). */
const ArbBoardTheme *arb_board_theme_get_default (void);
/* NULL-terminated list of the theme names, for preferences. */
const char *const *arb_board_theme_list_names (void);

/* Everything one drawing of a board depends on. Initialise with
 * arb_board_paint_state_init(), then fill in what applies. Nothing is
 * owned: the caller keeps position, pieces, theme and pango context alive
 * during arb_board_paint(). */
typedef struct
{
  const ArbPosition *position; /* NULL draws an empty board */
  ArbPieceSet *pieces;         /* NULL: arb_piece_set_get_default() */
  const ArbBoardTheme *theme;  /* NULL: the default theme */
  PangoContext *pango_context; /* for coordinates; NULL: a default one */
  int scale_factor;            /* device pixels per logical pixel, >= 1 */

  gboolean flipped;          /* Black at the bottom */
  gboolean show_coordinates; /* files and ranks inside the edge squares */

  ArbSquare last_from; /* last move; ARB_NO_SQUARE for none */
  ArbSquare last_to;
  ArbSquare check_square; /* king in check; ARB_NO_SQUARE for none */
  ArbSquare selected;     /* piece held or picked; ARB_NO_SQUARE */
  ArbBitboard targets;    /* its legal destinations, while held */
  ArbSquare cursor;       /* keyboard cursor; ARB_NO_SQUARE when hidden */

  /* A piece being dragged: drawn at drag_x, drag_y (board coordinates,
   * its centre) and left out of drag_from. ARB_NO_PIECE when none. */
  ArbPiece drag_piece;
  ArbSquare drag_from;
  float drag_x;
  float drag_y;
} ArbBoardPaintState;

void arb_board_paint_state_init (ArbBoardPaintState *state);

/* Draws the board with its top left corner at the snapshot's origin, @size
 * logical pixels wide and high. Pure: reads @state, changes nothing else
 * (except filling the piece set's cache). The board itself is drawn in
 * whole device pixels per square, centred in @size. */
void arb_board_paint (GtkSnapshot *snapshot, const ArbBoardPaintState *state, float size);

/* Geometry shared by drawing and hit testing. */
void arb_board_square_rect (float size, gboolean flipped, ArbSquare square, graphene_rect_t *rect);
/* The square under (x, y) in board coordinates, or ARB_NO_SQUARE. */
ArbSquare arb_board_square_at (float size, gboolean flipped, double x, double y);

/* Renders a board of @size × @size pixels into a new Cairo image surface
 * (CAIRO_FORMAT_ARGB32), through the same arb_board_paint(). For tests,
 * screenshots and printing; needs no display. */
cairo_surface_t *arb_board_paint_to_surface (const ArbBoardPaintState *state, int size);

G_END_DECLS
