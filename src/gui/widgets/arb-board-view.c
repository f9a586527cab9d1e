/* arb-board-view.c: the large interactive chess board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-board-view"

#include "config.h"

#include "arb-i18n.h"
#include <math.h>
#include <string.h>

#include "arb-announcer.h"
#include "arb-board-paint.h"
#include "arb-board-view-private.h"
#include "arb-chess-words.h"
#include "arb-position-boxed.h"

struct _ArbBoardView
{
  GtkWidget parent_instance;

  /* What is shown. */
  ArbPosition position;
  ArbMove last_move;
  gboolean flipped;
  gboolean show_coordinates;
  gboolean interactive;
  char *theme;

  /* The move being entered. */
  ArbSquare selected;
  ArbBitboard targets;
  ArbSquare cursor;
  gboolean cursor_visible;

  /* A press of the primary button, and the drag it may become. */
  ArbSquare press_square;
  double press_x;
  double press_y;
  gboolean dragging;
  double drag_x;
  double drag_y;

  /* The promotion chooser, created on first use; open while
   * promotion_from is a square. */
  GtkPopover *promotion_popover;
  GtkWidget *promotion_buttons[4];
  ArbSquare promotion_from;
  ArbSquare promotion_to;

  /* The accessible grid: eight rows (top of the board first) of eight
   * cells, one per square. They draw nothing; they carry the names a
   * screen reader says ("e4, white knight") and take the keyboard focus
   * as the cursor moves. */
  GtkWidget *rows[8];
  GtkWidget *cells[64]; /* by square */
  ArbPiece named[64];   /* the piece each cell's name says */
  gboolean names_valid;
};

G_DEFINE_FINAL_TYPE (ArbBoardView, arb_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_POSITION,
  PROP_LAST_MOVE,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_INTERACTIVE,
  PROP_THEME,
  N_PROPS
};

enum
{
  MOVE_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The four pieces of the promotion chooser, strongest first. */
static const ArbPieceType promotion_types[4] = { ARB_QUEEN, ARB_ROOK, ARB_BISHOP, ARB_KNIGHT };

static float
board_size (ArbBoardView *self)
{
  return (float) MIN (gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
}

/* The board is square and centred; these are the offsets of its box. */
static void
board_offset (ArbBoardView *self, float *dx, float *dy)
{
  float size = board_size (self);

  *dx = floorf ((gtk_widget_get_width (GTK_WIDGET (self)) - size) / 2);
  *dy = floorf ((gtk_widget_get_height (GTK_WIDGET (self)) - size) / 2);
}

static ArbSquare
square_at_widget_point (ArbBoardView *self, double x, double y)
{
  float dx, dy;

  board_offset (self, &dx, &dy);
  return arb_board_square_at (board_size (self), self->flipped, x - dx, y - dy);
}

/* Where the king lands when castling with @move: the g or c file of its
 * rank (FIDE Laws art. 3.8.2; the same squares in Chess960). */
static ArbSquare
castling_king_target (ArbMove move)
{
  ArbSquare king = ARB_MOVE_FROM (move);
  ArbSquare rook = ARB_MOVE_TO (move);

  return ARB_SQUARE (ARB_SQUARE_FILE (rook) > ARB_SQUARE_FILE (king) ? 6 : 2,
                     ARB_SQUARE_RANK (king));
}

static ArbBitboard
legal_targets (const ArbPosition *position, ArbSquare from)
{
  ArbMoveList list;
  ArbBitboard targets = 0;

  arb_position_legal_moves (position, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m = list.moves[i];

      if (ARB_MOVE_FROM (m) != from)
        continue;
      targets |= ARB_BB (ARB_MOVE_TO (m));
      if (ARB_MOVE_KIND (m) == ARB_MOVE_CASTLING && castling_king_target (m) != from)
        targets |= ARB_BB (castling_king_target (m));
    }
  return targets;
}

static gboolean
is_own_piece (ArbBoardView *self, ArbSquare sq)
{
  ArbPiece piece;

  if (sq < 0 || sq >= 64)
    return FALSE;
  piece = arb_position_piece_at (&self->position, sq);
  return piece != ARB_NO_PIECE && ARB_PIECE_COLOR (piece) == self->position.side_to_move;
}

static void
select_square (ArbBoardView *self, ArbSquare sq)
{
  if (self->selected != ARB_NO_SQUARE)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->cells[self->selected]),
                                 GTK_ACCESSIBLE_STATE_SELECTED, FALSE, -1);
  self->selected = sq;
  self->targets = sq == ARB_NO_SQUARE ? 0 : legal_targets (&self->position, sq);
  if (sq != ARB_NO_SQUARE)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->cells[sq]), GTK_ACCESSIBLE_STATE_SELECTED,
                                 TRUE, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The keyboard is on the board: one of its cells has the focus. */
static gboolean
has_keyboard (ArbBoardView *self)
{
  return gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL;
}

/* Names every cell after what stands on it, and the grid after the whole
 * position. Only cells whose piece changed get a new name. */
static void
update_accessible_names (ArbBoardView *self)
{
  g_autofree char *position = arb_chess_words_position (&self->position);

  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      ArbPiece piece = arb_position_piece_at (&self->position, sq);
      g_autofree char *name = NULL;

      if (self->names_valid && self->named[sq] == piece)
        continue;
      name = arb_chess_words_square_contents (&self->position, sq);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cells[sq]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      self->named[sq] = piece;
    }
  self->names_valid = TRUE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  position, -1);
}

/* The rows in reading order (the top of the board first) and the cells of
 * each row from left to right, as the board is seen. */
static void
order_cells (ArbBoardView *self)
{
  GtkWidget *previous_row = NULL;

  for (int i = 0; i < 8; i++)
    {
      int rank = self->flipped ? i : 7 - i;
      GtkWidget *row = self->rows[rank];
      GtkWidget *previous_cell = NULL;

      gtk_widget_insert_after (row, GTK_WIDGET (self), previous_row);
      previous_row = row;
      for (int j = 0; j < 8; j++)
        {
          int file = self->flipped ? 7 - j : j;
          GtkWidget *cell = self->cells[ARB_SQUARE (file, rank)];

          gtk_box_reorder_child_after (GTK_BOX (row), cell, previous_cell);
          previous_cell = cell;
        }
    }
}

static void
close_promotion (ArbBoardView *self)
{
  gboolean was_open = self->promotion_from != ARB_NO_SQUARE;

  self->promotion_from = ARB_NO_SQUARE;
  self->promotion_to = ARB_NO_SQUARE;
  if (was_open && self->promotion_popover != NULL)
    gtk_popover_popdown (self->promotion_popover);
}

static void
emit_move (ArbBoardView *self, ArbMove move)
{
  select_square (self, ARB_NO_SQUARE);
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint) move);
}

static void
update_promotion_images (ArbBoardView *self)
{
  ArbPieceSet *pieces = arb_piece_set_get_default ();
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (promotion_types); i++)
    {
      ArbPiece piece = ARB_MAKE_PIECE (self->position.side_to_move, promotion_types[i]);
      GtkWidget *picture = gtk_button_get_child (GTK_BUTTON (self->promotion_buttons[i]));

      gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (arb_piece_set_get_texture (
                                                          pieces, piece, 56 * scale)));
    }
}

static void
promotion_closed_cb (GtkPopover *popover, ArbBoardView *self)
{
  /* Closed without a choice (Escape, a click elsewhere): no move. */
  if (self->promotion_from != ARB_NO_SQUARE)
    {
      self->promotion_from = ARB_NO_SQUARE;
      self->promotion_to = ARB_NO_SQUARE;
      select_square (self, ARB_NO_SQUARE);
    }
}

static void
promotion_button_clicked_cb (GtkButton *button, ArbBoardView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "arb-index"));

  _arb_board_view_choose_promotion (self, promotion_types[index]);
}

static void
ensure_promotion_popover (ArbBoardView *self)
{
  GtkWidget *box;

  if (self->promotion_popover != NULL)
    return;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  for (guint i = 0; i < G_N_ELEMENTS (promotion_types); i++)
    {
      static const char *const names[] = { N_ ("Queen"), N_ ("Rook"), N_ ("Bishop"),
                                           N_ ("Knight") };
      GtkWidget *button = gtk_button_new ();
      GtkWidget *picture = gtk_picture_new ();

      gtk_widget_set_size_request (picture, 56, 56);
      gtk_button_set_child (GTK_BUTTON (button), picture);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _ (names[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _ (names[i]), -1);
      g_object_set_data (G_OBJECT (button), "arb-index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (promotion_button_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), button);
      self->promotion_buttons[i] = button;
    }

  self->promotion_popover = GTK_POPOVER (gtk_popover_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->promotion_popover), "promotion");
  gtk_popover_set_child (self->promotion_popover, box);
  gtk_widget_set_parent (GTK_WIDGET (self->promotion_popover), GTK_WIDGET (self));
  g_signal_connect (self->promotion_popover, "closed", G_CALLBACK (promotion_closed_cb), self);
}

static void
open_promotion (ArbBoardView *self, ArbSquare from, ArbSquare to)
{
  graphene_rect_t r;
  float dx, dy;

  ensure_promotion_popover (self);
  update_promotion_images (self);

  self->promotion_from = from;
  self->promotion_to = to;
  self->selected = from;
  self->targets = ARB_BB (to);

  board_offset (self, &dx, &dy);
  arb_board_square_rect (board_size (self), self->flipped, to, &r);
  gtk_popover_set_pointing_to (self->promotion_popover,
                               &(GdkRectangle){ (int) (r.origin.x + dx), (int) (r.origin.y + dy),
                                                MAX (1, (int) r.size.width),
                                                MAX (1, (int) r.size.height) });
  gtk_popover_popup (self->promotion_popover);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Tries the move from @from to @to: emits it, opens the promotion chooser,
 * or returns FALSE if no legal move goes there. */
static gboolean
try_move (ArbBoardView *self, ArbSquare from, ArbSquare to)
{
  ArbMoveList list;
  ArbMove castling = ARB_MOVE_NONE;

  arb_position_legal_moves (&self->position, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m = list.moves[i];

      if (ARB_MOVE_FROM (m) != from)
        continue;
      if (ARB_MOVE_KIND (m) == ARB_MOVE_CASTLING)
        {
          /* The king may be put on its target square or on the rook. */
          if (ARB_MOVE_TO (m) == to || castling_king_target (m) == to)
            castling = m;
          continue;
        }
      if (ARB_MOVE_TO (m) != to)
        continue;
      if (ARB_MOVE_IS_PROMOTION (m))
        open_promotion (self, from, to);
      else
        emit_move (self, m);
      return TRUE;
    }

  if (castling != ARB_MOVE_NONE)
    {
      emit_move (self, castling);
      return TRUE;
    }
  return FALSE;
}

/* What a screen reader says while a move is entered square by square; only
 * when the keyboard is on the board (a pointer user sees it all). */

static void
announce_picked_up (ArbBoardView *self, ArbSquare from)
{
  g_autofree char *square = arb_chess_words_square (from);
  g_autofree char *message = NULL;
  GString *targets;

  if (!has_keyboard (self))
    return;
  targets = g_string_new (NULL);
  for (ArbSquare sq = 0; sq < 64; sq++)
    if (self->targets & ARB_BB (sq))
      {
        g_autofree char *name = arb_chess_words_square (sq);

        if (targets->len > 0)
          g_string_append_c (targets, ' ');
        g_string_append (targets, name);
      }
  if (targets->len > 0)
    /* Translators: said when a piece is taken with the keyboard: "Picked up the white
     * knight on g1. It can go to f3 h3." */
    message = g_strdup_printf (
      _ ("Picked up the %s on %s. It can go to %s."),
      arb_chess_words_piece (arb_position_piece_at (&self->position, from)), square, targets->str);
  else
    /* Translators: said when a piece without a legal move is taken with the keyboard */
    message = g_strdup_printf (
      _ ("Picked up the %s on %s. It has no legal move."),
      arb_chess_words_piece (arb_position_piece_at (&self->position, from)), square);
  g_string_free (targets, TRUE);
  arb_announce (GTK_WIDGET (self), message);
}

static void
announce_put_back (ArbBoardView *self, ArbSquare from)
{
  g_autofree char *square = arb_chess_words_square (from);
  g_autofree char *message = NULL;

  if (!has_keyboard (self))
    return;
  /* Translators: a piece taken with the keyboard is put back: "Put back the white knight on g1." */
  message =
    g_strdup_printf (_ ("Put back the %s on %s."),
                     arb_chess_words_piece (arb_position_piece_at (&self->position, from)), square);
  arb_announce (GTK_WIDGET (self), message);
}

static void
announce_no_move (ArbBoardView *self, ArbSquare from, ArbSquare to)
{
  g_autofree char *from_name = arb_chess_words_square (from);
  g_autofree char *to_name = arb_chess_words_square (to);
  g_autofree char *message = NULL;

  if (!has_keyboard (self))
    return;
  /* Translators: the square chosen is not a legal target: "No legal move from g1 to g4." */
  message = g_strdup_printf (_ ("No legal move from %s to %s."), from_name, to_name);
  arb_announce (GTK_WIDGET (self), message);
}

void
_arb_board_view_click_square (ArbBoardView *self, ArbSquare square)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  if (!self->interactive || square < 0 || square >= 64)
    return;

  if (self->promotion_from != ARB_NO_SQUARE)
    close_promotion (self);

  if (self->selected != ARB_NO_SQUARE)
    {
      ArbSquare from = self->selected;

      if (square == from)
        {
          select_square (self, ARB_NO_SQUARE);
          announce_put_back (self, from);
          return;
        }
      if ((self->targets & ARB_BB (square)) != 0 && try_move (self, from, square))
        return;
      if (!is_own_piece (self, square))
        announce_no_move (self, from, square);
    }

  select_square (self, is_own_piece (self, square) ? square : ARB_NO_SQUARE);
  if (self->selected != ARB_NO_SQUARE)
    announce_picked_up (self, self->selected);
}

void
_arb_board_view_drag_piece (ArbBoardView *self, ArbSquare from, ArbSquare to)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  if (!self->interactive || !is_own_piece (self, from))
    return;

  if (self->promotion_from != ARB_NO_SQUARE)
    close_promotion (self);

  if (to == from)
    {
      /* Put back where it was: it stays picked, for a click on a target. */
      select_square (self, from);
      return;
    }
  if (to >= 0 && to < 64 && (legal_targets (&self->position, from) & ARB_BB (to)) != 0)
    {
      self->selected = from;
      try_move (self, from, to);
      return;
    }
  select_square (self, ARB_NO_SQUARE);
}

ArbSquare
_arb_board_view_get_selected (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), ARB_NO_SQUARE);

  return self->selected;
}

GtkPopover *
_arb_board_view_get_promotion_popover (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), NULL);

  return self->promotion_from != ARB_NO_SQUARE ? self->promotion_popover : NULL;
}

void
_arb_board_view_choose_promotion (ArbBoardView *self, ArbPieceType type)
{
  ArbSquare from, to;
  ArbMove move;

  g_return_if_fail (ARB_IS_BOARD_VIEW (self));
  g_return_if_fail (type >= ARB_KNIGHT && type <= ARB_QUEEN);

  if (self->promotion_from == ARB_NO_SQUARE)
    return;

  from = self->promotion_from;
  to = self->promotion_to;
  move = ARB_MOVE_MAKE (from, to, ARB_MOVE_PROMOTE_KNIGHT + (type - ARB_KNIGHT));
  close_promotion (self);
  if (arb_position_is_legal (&self->position, move))
    emit_move (self, move);
  else
    select_square (self, ARB_NO_SQUARE);
}

/* Pointer input. One drag gesture sees every press of the primary button:
 * a press and release on the same spot is a click, a press that moves past
 * the drag threshold on a piece of the side to move carries it. */

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, ArbBoardView *self)
{
  if (!self->interactive)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->press_square = square_at_widget_point (self, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
  if (self->cursor_visible)
    {
      self->cursor_visible = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (!has_keyboard (self))
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_update_cb (GtkGestureDrag *gesture, double offset_x, double offset_y, ArbBoardView *self)
{
  self->drag_x = self->press_x + offset_x;
  self->drag_y = self->press_y + offset_y;

  if (!self->dragging)
    {
      if (!is_own_piece (self, self->press_square) ||
          !gtk_drag_check_threshold (GTK_WIDGET (self), (int) self->press_x, (int) self->press_y,
                                     (int) self->drag_x, (int) self->drag_y))
        return;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      close_promotion (self);
      self->dragging = TRUE;
      select_square (self, self->press_square);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture, double offset_x, double offset_y, ArbBoardView *self)
{
  ArbSquare from = self->press_square;

  self->press_square = ARB_NO_SQUARE;
  if (self->dragging)
    {
      ArbSquare to =
        square_at_widget_point (self, self->press_x + offset_x, self->press_y + offset_y);

      self->dragging = FALSE;
      _arb_board_view_drag_piece (self, from, to);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (from != ARB_NO_SQUARE)
    _arb_board_view_click_square (self, from);
}

static void
drag_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, ArbBoardView *self)
{
  self->press_square = ARB_NO_SQUARE;
  if (self->dragging)
    {
      self->dragging = FALSE;
      select_square (self, ARB_NO_SQUARE);
    }
}

static void
secondary_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, ArbBoardView *self)
{
  arb_board_view_cancel_move (self);
}

/* Keyboard input, as actions bound in class_init. */

static void
place_cursor (ArbBoardView *self)
{
  if (self->cursor == ARB_NO_SQUARE)
    self->cursor = self->selected != ARB_NO_SQUARE ? self->selected
                   : self->flipped                 ? ARB_SQUARE (4, 6)
                                                   : ARB_SQUARE (4, 1);
}

static void
show_cursor (ArbBoardView *self)
{
  place_cursor (self);
  self->cursor_visible = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* With the keyboard on the board the focus follows the cursor, so a
 * screen reader says each square as the cursor reaches it. */
static void
focus_cursor_cell (ArbBoardView *self)
{
  if (has_keyboard (self) && !gtk_widget_has_focus (self->cells[self->cursor]))
    gtk_widget_grab_focus (self->cells[self->cursor]);
}

static void
cursor_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);
  int dx, dy, file, rank;

  g_variant_get (parameter, "(ii)", &dx, &dy);
  /* The first key shows where the cursor is; a cell with the focus is
   * already said, so from there every key moves. */
  if (!self->cursor_visible)
    {
      show_cursor (self);
      if (!has_keyboard (self))
        return;
    }
  /* Screen directions: right and up as the board is seen. */
  if (self->flipped)
    {
      dx = -dx;
      dy = -dy;
    }
  file = CLAMP (ARB_SQUARE_FILE (self->cursor) + dx, 0, 7);
  rank = CLAMP (ARB_SQUARE_RANK (self->cursor) + dy, 0, 7);
  self->cursor = ARB_SQUARE (file, rank);
  focus_cursor_cell (self);
  gtk_widget_queue_draw (widget);
}

static void
cursor_activate_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);

  if (!self->cursor_visible)
    {
      show_cursor (self);
      if (!has_keyboard (self))
        return;
    }
  _arb_board_view_click_square (self, self->cursor);
}

/* Escape drops a piece held; with nothing held it is left to the window
 * (which goes back to all boards). */
static gboolean
cancel_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);
  ArbSquare held = self->selected;

  if (held == ARB_NO_SQUARE && self->promotion_from == ARB_NO_SQUARE)
    return FALSE;
  arb_board_view_cancel_move (self);
  if (held != ARB_NO_SQUARE)
    announce_put_back (self, held);
  return TRUE;
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  arb_board_view_cancel_move (ARB_BOARD_VIEW (widget));
}

/* Focus: the board is one stop of the Tab chain, entered on the cursor's
 * cell; inside it the arrows move (see the key bindings). */
static gboolean
arb_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);

  if (has_keyboard (self))
    return FALSE;
  show_cursor (self);
  return gtk_widget_grab_focus (self->cells[self->cursor]);
}

static gboolean
arb_board_view_grab_focus (GtkWidget *widget)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);

  place_cursor (self);
  return gtk_widget_grab_focus (self->cells[self->cursor]);
}

static void
cell_has_focus_cb (GtkWidget *cell, GParamSpec *pspec, ArbBoardView *self)
{
  if (gtk_widget_has_focus (cell))
    self->cursor = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "arb-square"));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
arb_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);
  ArbBoardPaintState state;
  float size = board_size (self);
  float dx, dy;

  if (size < 8)
    return;

  board_offset (self, &dx, &dy);
  arb_board_paint_state_init (&state);
  state.position = &self->position;
  state.theme = arb_board_theme_lookup (self->theme);
  state.pango_context = gtk_widget_get_pango_context (widget);
  state.scale_factor = gtk_widget_get_scale_factor (widget);
  state.flipped = self->flipped;
  state.show_coordinates = self->show_coordinates;
  if (self->last_move != ARB_MOVE_NONE)
    {
      state.last_from = ARB_MOVE_FROM (self->last_move);
      state.last_to = ARB_MOVE_KIND (self->last_move) == ARB_MOVE_CASTLING
                        ? castling_king_target (self->last_move)
                        : ARB_MOVE_TO (self->last_move);
    }
  if (arb_position_in_check (&self->position))
    state.check_square = arb_position_king_square (&self->position, self->position.side_to_move);
  state.selected = self->selected;
  state.targets = self->targets;
  if (self->cursor_visible && has_keyboard (self))
    state.cursor = self->cursor;
  if (self->dragging && self->selected != ARB_NO_SQUARE)
    {
      state.drag_piece = arb_position_piece_at (&self->position, self->selected);
      state.drag_from = self->selected;
      state.drag_x = (float) self->drag_x - dx;
      state.drag_y = (float) self->drag_y - dy;
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (dx, dy));
  {
    /* The board's own box (whole squares, centred in size), lifted off the
     * window by a soft shadow and with slightly rounded corners. */
    float square = floorf (size / 8);
    float origin = floorf ((size - 8 * square) / 2);
    GskRoundedRect outline;

    gsk_rounded_rect_init_from_rect (
      &outline, &GRAPHENE_RECT_INIT (origin, origin, 8 * square, 8 * square), 6);
    gtk_snapshot_append_outset_shadow (snapshot, &outline, &(GdkRGBA){ 0, 0, 0, 0.18f }, 0, 2, 0,
                                       8);
    gtk_snapshot_push_rounded_clip (snapshot, &outline);
    arb_board_paint (snapshot, &state, size);
    gtk_snapshot_pop (snapshot);
  }
  gtk_snapshot_restore (snapshot);

  if (self->promotion_popover != NULL)
    gtk_widget_snapshot_child (widget, GTK_WIDGET (self->promotion_popover), snapshot);
}

static void
arb_board_view_measure (GtkWidget *widget,
                        GtkOrientation orientation,
                        int for_size,
                        int *minimum,
                        int *natural,
                        int *minimum_baseline,
                        int *natural_baseline)
{
  *minimum = 8 * 16;
  *natural = 8 * 60;
}

static void
arb_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);
  float size = board_size (self);
  float dx, dy;
  int square = (int) floorf (size / 8);
  int origin = (int) floorf ((size - 8 * square) / 2);

  /* Each row of cells lies over its rank, so the cells have the bounds of
   * their squares (for magnifiers and for pointing at a square). */
  board_offset (self, &dx, &dy);
  for (int i = 0; i < 8; i++)
    {
      GtkWidget *row = self->rows[self->flipped ? i : 7 - i];
      int min;

      gtk_widget_measure (row, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      gtk_widget_size_allocate (row,
                                &(GtkAllocation){ (int) dx + origin, (int) dy + origin + i * square,
                                                  MAX (8 * square, min), square },
                                -1);
    }

  if (self->promotion_popover != NULL)
    gtk_popover_present (self->promotion_popover);
}

static void
arb_board_view_focus_changed (ArbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
arb_board_view_dispose (GObject *object)
{
  ArbBoardView *self = ARB_BOARD_VIEW (object);

  if (self->promotion_popover != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->promotion_popover, self);
      gtk_widget_unparent (GTK_WIDGET (self->promotion_popover));
      self->promotion_popover = NULL;
    }
  for (int rank = 0; rank < 8; rank++)
    g_clear_pointer (&self->rows[rank], gtk_widget_unparent);

  G_OBJECT_CLASS (arb_board_view_parent_class)->dispose (object);
}

static void
arb_board_view_finalize (GObject *object)
{
  ArbBoardView *self = ARB_BOARD_VIEW (object);

  g_clear_pointer (&self->theme, g_free);

  G_OBJECT_CLASS (arb_board_view_parent_class)->finalize (object);
}

static void
arb_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbBoardView *self = ARB_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_boxed (value, &self->position);
      break;
    case PROP_LAST_MOVE:
      g_value_set_uint (value, self->last_move);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_THEME:
      g_value_set_string (value, self->theme);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbBoardView *self = ARB_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      arb_board_view_set_position (self, g_value_get_boxed (value));
      break;
    case PROP_LAST_MOVE:
      arb_board_view_set_last_move (self, (ArbMove) g_value_get_uint (value));
      break;
    case PROP_FLIPPED:
      arb_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      arb_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      arb_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_THEME:
      arb_board_view_set_theme (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_board_view_class_init (ArbBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct
  {
    guint key;
    int dx, dy;
  } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 },    { GDK_KEY_Up, 0, 1 },
    { GDK_KEY_Down, 0, -1 }, { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_KP_Up, 0, 1 }, { GDK_KEY_KP_Down, 0, -1 },
  };

  object_class->dispose = arb_board_view_dispose;
  object_class->finalize = arb_board_view_finalize;
  object_class->get_property = arb_board_view_get_property;
  object_class->set_property = arb_board_view_set_property;

  widget_class->snapshot = arb_board_view_snapshot;
  widget_class->measure = arb_board_view_measure;
  widget_class->size_allocate = arb_board_view_size_allocate;
  widget_class->focus = arb_board_view_focus;
  widget_class->grab_focus = arb_board_view_grab_focus;

  properties[PROP_POSITION] =
    g_param_spec_boxed ("position", NULL, NULL, ARB_TYPE_POSITION,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAST_MOVE] =
    g_param_spec_uint ("last-move", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "brown",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.cursor-move", "(ii)", cursor_move_action);
  gtk_widget_class_install_action (widget_class, "board.activate-cursor", NULL,
                                   cursor_activate_action);
  gtk_widget_class_install_action (widget_class, "board.cancel-move", NULL, cancel_action);

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding_action (widget_class, arrows[i].key, 0, "board.cursor-move",
                                         "(ii)", arrows[i].dx, arrows[i].dy);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, cancel_shortcut_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
arb_board_view_init (ArbBoardView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  arb_position_init ();
  arb_position_set_start (&self->position);
  self->show_coordinates = TRUE;
  self->interactive = TRUE;
  self->theme = g_strdup ("brown");
  self->selected = ARB_NO_SQUARE;
  self->cursor = ARB_NO_SQUARE;
  self->press_square = ARB_NO_SQUARE;
  self->promotion_from = ARB_NO_SQUARE;
  self->promotion_to = ARB_NO_SQUARE;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Chess board"), -1);
  for (int rank = 0; rank < 8; rank++)
    {
      self->rows[rank] = g_object_new (GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_ROW,
                                       "homogeneous", TRUE, "can-target", FALSE, NULL);
      gtk_widget_set_parent (self->rows[rank], GTK_WIDGET (self));
      for (int file = 0; file < 8; file++)
        {
          ArbSquare sq = ARB_SQUARE (file, rank);
          GtkWidget *cell =
            g_object_new (GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_GRID_CELL,
                          "focusable", TRUE, "can-target", FALSE, NULL);

          g_object_set_data (G_OBJECT (cell), "arb-square", GINT_TO_POINTER (sq));
          g_signal_connect (cell, "notify::has-focus", G_CALLBACK (cell_has_focus_cb), self);
          gtk_box_append (GTK_BOX (self->rows[rank]), cell);
          self->cells[sq] = cell;
        }
    }
  order_cells (self);
  update_accessible_names (self);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));

  g_signal_connect_swapped (focus, "enter", G_CALLBACK (arb_board_view_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (arb_board_view_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
arb_board_view_new (void)
{
  return g_object_new (ARB_TYPE_BOARD_VIEW, NULL);
}

const ArbPosition *
arb_board_view_get_position (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), NULL);

  return &self->position;
}

void
arb_board_view_set_position (ArbBoardView *self, const ArbPosition *position)
{
  ArbPosition new_position;

  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  if (position != NULL)
    new_position = *position;
  else
    arb_position_set_start (&new_position);

  arb_board_view_cancel_move (self);
  if (memcmp (&new_position, &self->position, sizeof new_position) == 0)
    return;
  self->position = new_position;
  update_accessible_names (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

ArbMove
arb_board_view_get_last_move (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), ARB_MOVE_NONE);

  return self->last_move;
}

void
arb_board_view_set_last_move (ArbBoardView *self, ArbMove move)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  if (self->last_move == move)
    return;
  self->last_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_MOVE]);
}

gboolean
arb_board_view_get_flipped (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), FALSE);

  return self->flipped;
}

void
arb_board_view_set_flipped (ArbBoardView *self, gboolean flipped)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  arb_board_view_cancel_move (self);
  self->flipped = flipped;
  order_cells (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
arb_board_view_get_show_coordinates (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), FALSE);

  return self->show_coordinates;
}

void
arb_board_view_set_show_coordinates (ArbBoardView *self, gboolean show_coordinates)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  show_coordinates = !!show_coordinates;
  if (self->show_coordinates == show_coordinates)
    return;
  self->show_coordinates = show_coordinates;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

gboolean
arb_board_view_get_interactive (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), FALSE);

  return self->interactive;
}

void
arb_board_view_set_interactive (ArbBoardView *self, gboolean interactive)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  if (!interactive)
    arb_board_view_cancel_move (self);
  self->interactive = interactive;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

const char *
arb_board_view_get_theme (ArbBoardView *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_VIEW (self), NULL);

  return self->theme;
}

void
arb_board_view_set_theme (ArbBoardView *self, const char *theme)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  if (theme == NULL)
    theme = "brown";
  if (g_strcmp0 (self->theme, theme) == 0)
    return;
  g_free (self->theme);
  self->theme = g_strdup (theme);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

void
arb_board_view_cancel_move (ArbBoardView *self)
{
  g_return_if_fail (ARB_IS_BOARD_VIEW (self));

  close_promotion (self);
  self->dragging = FALSE;
  self->press_square = ARB_NO_SQUARE;
  if (self->selected != ARB_NO_SQUARE || self->targets != 0)
    select_square (self, ARB_NO_SQUARE);
}
