/* arb-board-stubs.c: stand-ins for the board widgets until they land
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only while src/gui/arb-board-view.c does not exist (see
 * meson.build): just enough of the board widgets' headers for the round
 * and game views to run. Deleted when the board widgets are merged.
 */

#include "config.h"

#include <string.h>

#include "arb-board-paint.h"
#include "arb-board-view-private.h"
#include "arb-clock-view.h"
#include "arb-san-letters.h"

static const ArbBoardTheme themes[] = {
  { "brown",
    { 0.94, 0.85, 0.71, 1 },
    { 0.71, 0.53, 0.39, 1 },
    { 0.8, 0.8, 0.2, 0.4 },
    { 0.2, 0.6, 0.2, 0.4 },
    { 1, 0, 0, 0.5 },
    { 0, 0, 0, 0.2 },
    { 0.2, 0.4, 0.9, 1 } },
  { "green",
    { 0.93, 0.93, 0.82, 1 },
    { 0.46, 0.59, 0.34, 1 },
    { 0.8, 0.8, 0.2, 0.4 },
    { 0.2, 0.6, 0.2, 0.4 },
    { 1, 0, 0, 0.5 },
    { 0, 0, 0, 0.2 },
    { 0.2, 0.4, 0.9, 1 } },
};

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

void
arb_board_paint_state_init (ArbBoardPaintState *state)
{
  memset (state, 0, sizeof *state);
  state->scale_factor = 1;
  state->last_from = state->last_to = state->check_square = state->selected = state->cursor =
    state->drag_from = ARB_NO_SQUARE;
}

void
arb_board_square_rect (float size, gboolean flipped, ArbSquare sq, graphene_rect_t *rect)
{
  float s = size / 8;
  int file = ARB_SQUARE_FILE (sq);
  int rank = ARB_SQUARE_RANK (sq);

  if (flipped)
    {
      file = 7 - file;
      rank = 7 - rank;
    }
  graphene_rect_init (rect, file * s, (7 - rank) * s, s, s);
}

ArbSquare
arb_board_square_at (float size, gboolean flipped, double x, double y)
{
  int file = (int) (x / (size / 8));
  int rank = 7 - (int) (y / (size / 8));

  if (x < 0 || y < 0 || file > 7 || rank < 0)
    return ARB_NO_SQUARE;
  if (flipped)
    {
      file = 7 - file;
      rank = 7 - rank;
    }
  return ARB_SQUARE (file, rank);
}

void
arb_board_paint (GtkSnapshot *snapshot, const ArbBoardPaintState *state, float size)
{
  const ArbBoardTheme *theme = state->theme != NULL ? state->theme : &themes[0];
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, size, size));

  for (int sq = 0; sq < 64; sq++)
    {
      graphene_rect_t r;
      const GdkRGBA *c =
        ((ARB_SQUARE_FILE (sq) + ARB_SQUARE_RANK (sq)) % 2) ? &theme->light : &theme->dark;

      arb_board_square_rect (size, state->flipped, sq, &r);
      gdk_cairo_set_source_rgba (cr, c);
      cairo_rectangle (cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
      cairo_fill (cr);
      if (sq == state->last_from || sq == state->last_to)
        {
          gdk_cairo_set_source_rgba (cr, &theme->last_move);
          cairo_rectangle (cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
          cairo_fill (cr);
        }
      if (state->position != NULL && state->position->board[sq] != ARB_NO_PIECE)
        {
          /* Filled figurines (U+265A..) coloured, with the outlined ones
           * (U+2654..) over the white pieces. */
          static const char *const filled[] = { "", "♟", "♞", "♝", "♜", "♛", "♚" };
          static const char *const outline[] = { "", "♙", "♘", "♗", "♖", "♕", "♔" };
          ArbPiece p = state->position->board[sq];
          gboolean white = ARB_PIECE_COLOR (p) == ARB_WHITE;
          PangoLayout *layout = pango_cairo_create_layout (cr);
          PangoFontDescription *font = pango_font_description_from_string ("DejaVu Sans");
          int w, h;

          pango_font_description_set_absolute_size (font, r.size.height * 0.8 * PANGO_SCALE);
          pango_layout_set_font_description (layout, font);
          pango_layout_set_text (layout, filled[ARB_PIECE_TYPE (p)], -1);
          pango_layout_get_pixel_size (layout, &w, &h);
          cairo_move_to (cr, r.origin.x + (r.size.width - w) / 2,
                         r.origin.y + (r.size.height - h) / 2);
          cairo_set_source_rgb (cr, white ? 1 : 0.1, white ? 1 : 0.1, white ? 1 : 0.1);
          pango_cairo_show_layout (cr, layout);
          if (white)
            {
              pango_layout_set_text (layout, outline[ARB_PIECE_TYPE (p)], -1);
              cairo_move_to (cr, r.origin.x + (r.size.width - w) / 2,
                             r.origin.y + (r.size.height - h) / 2);
              cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
              pango_cairo_show_layout (cr, layout);
            }
          pango_font_description_free (font);
          g_object_unref (layout);
        }
    }
  cairo_destroy (cr);
}

struct _ArbBoardView
{
  GtkWidget parent_instance;
  ArbPosition position;
  ArbMove last_move;
  gboolean flipped;
  gboolean interactive;
  ArbSquare selected;
  char *theme;
};

G_DEFINE_FINAL_TYPE (ArbBoardView, arb_board_view, GTK_TYPE_WIDGET)

static guint move_chosen_signal;

static void
board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbBoardView *self = ARB_BOARD_VIEW (widget);
  float size = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  ArbBoardPaintState state;

  arb_board_paint_state_init (&state);
  state.position = &self->position;
  state.flipped = self->flipped;
  state.theme = arb_board_theme_lookup (self->theme);
  if (self->last_move)
    {
      state.last_from = ARB_MOVE_FROM (self->last_move);
      state.last_to = ARB_MOVE_TO (self->last_move);
    }
  arb_board_paint (snapshot, &state, size);
}

void
_arb_board_view_click_square (ArbBoardView *self, ArbSquare square)
{
  ArbMoveList list; /* the core's list of moves */

  if (!self->interactive)
    return;
  if (self->selected == ARB_NO_SQUARE)
    {
      if (self->position.board[square] != ARB_NO_PIECE)
        self->selected = square;
      return;
    }
  arb_position_legal_moves (&self->position, &list);
  for (guint i = 0; i < list.n_moves; i++)
    if (ARB_MOVE_FROM (list.moves[i]) == self->selected && ARB_MOVE_TO (list.moves[i]) == square &&
        (!ARB_MOVE_IS_PROMOTION (list.moves[i]) ||
         ARB_MOVE_PROMOTION_TYPE (list.moves[i]) == ARB_QUEEN))
      {
        self->selected = ARB_NO_SQUARE;
        g_signal_emit (self, move_chosen_signal, 0, (guint) list.moves[i]);
        return;
      }
  self->selected = ARB_NO_SQUARE;
}

static void
pressed_cb (GtkGestureClick *gesture, int n, double x, double y, ArbBoardView *self)
{
  float size =
    MIN (gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  ArbSquare sq = arb_board_square_at (size, self->flipped, x, y);

  if (sq != ARB_NO_SQUARE)
    _arb_board_view_click_square (self, sq);
}

static void
arb_board_view_finalize (GObject *object)
{
  g_free (ARB_BOARD_VIEW (object)->theme);
  G_OBJECT_CLASS (arb_board_view_parent_class)->finalize (object);
}

static void
arb_board_view_class_init (ArbBoardViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_board_view_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = board_snapshot;
  move_chosen_signal = g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "boardview");
}

static void
arb_board_view_init (ArbBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  arb_position_set_start (&self->position);
  self->interactive = TRUE;
  self->selected = ARB_NO_SQUARE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

const ArbPosition *
arb_board_view_get_position (ArbBoardView *self)
{
  return &self->position;
}

void
arb_board_view_set_position (ArbBoardView *self, const ArbPosition *position)
{
  if (position)
    self->position = *position;
  else
    arb_position_set_start (&self->position);
  self->selected = ARB_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

ArbMove
arb_board_view_get_last_move (ArbBoardView *self)
{
  return self->last_move;
}

void
arb_board_view_set_last_move (ArbBoardView *self, ArbMove move)
{
  self->last_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
arb_board_view_get_flipped (ArbBoardView *self)
{
  return self->flipped;
}

void
arb_board_view_set_flipped (ArbBoardView *self, gboolean flipped)
{
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_board_view_set_interactive (ArbBoardView *self, gboolean interactive)
{
  self->interactive = interactive;
}

void
arb_board_view_set_theme (ArbBoardView *self, const char *theme)
{
  g_free (self->theme);
  self->theme = g_strdup (theme);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_board_view_cancel_move (ArbBoardView *self)
{
  self->selected = ARB_NO_SQUARE;
}

void
arb_clock_view_format_time (gint64 us, char buf[16])
{
  gint64 t = MAX (us, 0);

  if (t >= (gint64) 3600 * G_USEC_PER_SEC)
    g_snprintf (buf, 16, "%d:%02d:%02d", (int) (t / 3600000000), (int) (t / 60000000 % 60),
                (int) (t / 1000000 % 60));
  else if (t >= 10 * G_USEC_PER_SEC)
    g_snprintf (buf, 16, "%d:%02d", (int) (t / 60000000), (int) (t / 1000000 % 60));
  else
    g_snprintf (buf, 16, "0:%02d.%d", (int) (t / 1000000), (int) (t / 100000 % 10));
}

gint64
arb_clock_view_time_to_next_change (gint64 us)
{
  if (us <= 0)
    return G_MAXINT64;
  if (us >= 10 * G_USEC_PER_SEC)
    return (us % G_USEC_PER_SEC) + 1;
  return (us % 100000) + 1;
}

struct _ArbClockView
{
  GtkWidget parent_instance;
  GtkWidget *box;
  GtkWidget *labels[2];
  ArbClock *clock;
  GtkOrientation orientation;
  gboolean flipped;
  char text[2][16];
};

enum
{
  CV_PROP_0,
  CV_PROP_ORIENTATION,
};

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbClockView,
                               arb_clock_view,
                               GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL))

static void
cv_set_property (GObject *o, guint id, const GValue *v, GParamSpec *p)
{
  ARB_CLOCK_VIEW (o)->orientation = g_value_get_enum (v);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (ARB_CLOCK_VIEW (o)->box), g_value_get_enum (v));
}

static void
cv_get_property (GObject *o, guint id, GValue *v, GParamSpec *p)
{
  g_value_set_enum (v, ARB_CLOCK_VIEW (o)->orientation);
}

static void
cv_dispose (GObject *o)
{
  ArbClockView *self = ARB_CLOCK_VIEW (o);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->clock);
  G_OBJECT_CLASS (arb_clock_view_parent_class)->dispose (o);
}

static void
arb_clock_view_class_init (ArbClockViewClass *klass)
{
  G_OBJECT_CLASS (klass)->set_property = cv_set_property;
  G_OBJECT_CLASS (klass)->get_property = cv_get_property;
  G_OBJECT_CLASS (klass)->dispose = cv_dispose;
  g_object_class_override_property (G_OBJECT_CLASS (klass), CV_PROP_ORIENTATION, "orientation");
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "clockview");
}

static void
arb_clock_view_init (ArbClockView *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  for (int i = 1; i >= 0; i--)
    {
      self->labels[i] = gtk_label_new ("");
      gtk_widget_add_css_class (self->labels[i], "clock-face");
      gtk_widget_add_css_class (self->labels[i], "numeric");
      gtk_widget_add_css_class (self->labels[i], "title-1");
      gtk_box_append (GTK_BOX (self->box), self->labels[i]);
    }
}

void
arb_clock_view_set_clock (ArbClockView *self, ArbClock *clock)
{
  g_set_object (&self->clock, clock);
  self->text[0][0] = self->text[1][0] = 0;
  arb_clock_view_refresh (self);
}

void
arb_clock_view_set_flipped (ArbClockView *self, gboolean flipped)
{
  self->flipped = flipped;
}

gint64
arb_clock_view_refresh (ArbClockView *self)
{
  gint64 next = G_MAXINT64;

  if (self->clock == NULL)
    return next;
  for (int s = 0; s < 2; s++)
    {
      gint64 left = arb_clock_get_remaining_us (self->clock, s);
      char t[16];

      arb_clock_view_format_time (left, t);
      if (strcmp (t, self->text[s]) != 0)
        {
          strcpy (self->text[s], t);
          gtk_label_set_text (GTK_LABEL (self->labels[s]), t);
        }
      if (arb_clock_is_running (self->clock) && (int) arb_clock_get_side_to_move (self->clock) == s)
        next = arb_clock_view_time_to_next_change (left);
    }
  return next;
}

const char *
arb_clock_view_get_time_text (ArbClockView *self, ArbColor side)
{
  return self->text[side];
}
