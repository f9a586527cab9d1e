/* arb-move-list-view.c: the moves of a game, two to a line
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-move-list-view"

#include "config.h"

#include "arb-i18n.h"

#include "arb-board-style.h"
#include "arb-move-list-view.h"

struct _ArbMoveListView
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkWidget *grid;

  GPtrArray *san;     /* English SAN, one per ply (ply - 1) */
  GPtrArray *display; /* the text shown, in the current notation */
  GPtrArray *cells;   /* GtkLabel per ply, owned by the grid */
  guint first_move_number;
  ArbColor first_side;

  guint current_ply;
  ArbNotationStyle notation;
  char *language;
};

G_DEFINE_FINAL_TYPE (ArbMoveListView, arb_move_list_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CURRENT_PLY,
  PROP_N_PLIES,
  PROP_NOTATION,
  PROP_LANGUAGE,
  N_PROPS
};

enum
{
  PLY_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The grid: column 0 the move number, 1 White's move, 2 Black's. A game
 * starting with Black leaves White's cell of the first line empty. */
static void
cell_position (ArbMoveListView *self, guint ply, int *column, int *row)
{
  guint index = ply - 1 + (self->first_side == ARB_BLACK ? 1 : 0);

  *row = (int) (index / 2);
  *column = 1 + (int) (index % 2);
}

static char *
format_san (ArbMoveListView *self, const char *san)
{
  return arb_san_format (san, self->notation, self->language);
}

static void
update_current_class (ArbMoveListView *self, guint ply, gboolean current)
{
  GtkWidget *cell;

  if (ply == 0 || ply > self->cells->len)
    return;
  cell = g_ptr_array_index (self->cells, ply - 1);
  if (current)
    gtk_widget_add_css_class (cell, "current");
  else
    gtk_widget_remove_css_class (cell, "current");
}

static void
add_cell (ArbMoveListView *self, guint ply)
{
  const char *text = g_ptr_array_index (self->display, ply - 1);
  GtkWidget *label = gtk_label_new (text);
  int column, row;

  cell_position (self, ply, &column, &row);
  if (column == 1 || ply == 1)
    {
      g_autofree char *number = NULL;
      GtkWidget *number_label;

      number = column == 1 ? g_strdup_printf ("%u.", self->first_move_number + row)
                           : g_strdup_printf ("%u…", self->first_move_number + row);
      number_label = gtk_label_new (number);
      gtk_widget_add_css_class (number_label, "dim-label");
      gtk_widget_add_css_class (number_label, "numeric");
      gtk_widget_add_css_class (number_label, "move-number");
      gtk_label_set_xalign (GTK_LABEL (number_label), 1);
      gtk_grid_attach (GTK_GRID (self->grid), number_label, 0, row, 1, 1);
    }

  gtk_widget_add_css_class (label, "move");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  g_object_set_data (G_OBJECT (label), "arb-ply", GUINT_TO_POINTER (ply));
  gtk_grid_attach (GTK_GRID (self->grid), label, column, row, 1, 1);
  g_ptr_array_add (self->cells, label);
  if (ply == self->current_ply)
    gtk_widget_add_css_class (label, "current");
}

static void
clear_grid (ArbMoveListView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_ptr_array_set_size (self->cells, 0);
}

static void
rebuild (ArbMoveListView *self)
{
  clear_grid (self);
  for (guint ply = 1; ply <= self->san->len; ply++)
    add_cell (self, ply);
}

static void
reformat (ArbMoveListView *self)
{
  for (guint i = 0; i < self->san->len; i++)
    {
      char *text = format_san (self, g_ptr_array_index (self->san, i));

      g_free (g_ptr_array_index (self->display, i));
      g_ptr_array_index (self->display, i) = text;
      if (i < self->cells->len)
        gtk_label_set_text (GTK_LABEL (g_ptr_array_index (self->cells, i)), text);
    }
}

/* Scrolls the least distance that shows the current move's line. */
static void
scroll_to_current (ArbMoveListView *self)
{
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  GtkWidget *cell;
  double value, page;

  if (self->current_ply == 0 || self->current_ply > self->cells->len)
    return;
  cell = g_ptr_array_index (self->cells, self->current_ply - 1);
  if (!gtk_widget_compute_bounds (cell, self->grid, &bounds))
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < value)
    gtk_adjustment_set_value (adjustment, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height - page);
}

static void
set_current_ply_internal (ArbMoveListView *self, guint ply, gboolean notify)
{
  if (self->current_ply == ply)
    return;
  update_current_class (self, self->current_ply, FALSE);
  self->current_ply = ply;
  update_current_class (self, ply, TRUE);
  scroll_to_current (self);
  if (notify)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLY]);
}

static void
activate_ply (ArbMoveListView *self, guint ply)
{
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, MIN (ply, self->san->len));
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, ArbMoveListView *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  for (; picked != NULL && picked != GTK_WIDGET (self); picked = gtk_widget_get_parent (picked))
    if (GTK_IS_LABEL (picked) && gtk_widget_has_css_class (picked, "move"))
      {
        activate_ply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (picked), "arb-ply")));
        return;
      }
}

static void
step_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (widget);
  int step = g_variant_get_int32 (parameter);
  gint64 ply = (gint64) self->current_ply + step;

  activate_ply (self, (guint) CLAMP (ply, 0, (gint64) self->san->len));
}

static void
home_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  activate_ply (ARB_MOVE_LIST_VIEW (widget), 0);
}

static void
end_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (widget);

  activate_ply (self, self->san->len);
}

static void
arb_move_list_view_dispose (GObject *object)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (object);

  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  self->grid = NULL;

  G_OBJECT_CLASS (arb_move_list_view_parent_class)->dispose (object);
}

static void
arb_move_list_view_finalize (GObject *object)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (object);

  g_clear_pointer (&self->san, g_ptr_array_unref);
  g_clear_pointer (&self->display, g_ptr_array_unref);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->language, g_free);

  G_OBJECT_CLASS (arb_move_list_view_parent_class)->finalize (object);
}

static void
arb_move_list_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (object);

  switch (prop_id)
    {
    case PROP_CURRENT_PLY:
      g_value_set_uint (value, self->current_ply);
      break;
    case PROP_N_PLIES:
      g_value_set_uint (value, self->san->len);
      break;
    case PROP_NOTATION:
      g_value_set_enum (value, self->notation);
      break;
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_move_list_view_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  ArbMoveListView *self = ARB_MOVE_LIST_VIEW (object);

  switch (prop_id)
    {
    case PROP_CURRENT_PLY:
      arb_move_list_view_set_current_ply (self, g_value_get_uint (value));
      break;
    case PROP_NOTATION:
      arb_move_list_view_set_notation (self, g_value_get_enum (value));
      break;
    case PROP_LANGUAGE:
      arb_move_list_view_set_language (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_move_list_view_class_init (ArbMoveListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_move_list_view_dispose;
  object_class->finalize = arb_move_list_view_finalize;
  object_class->get_property = arb_move_list_view_get_property;
  object_class->set_property = arb_move_list_view_set_property;

  properties[PROP_CURRENT_PLY] =
    g_param_spec_uint ("current-ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_PLIES] = g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTATION] =
    g_param_spec_enum ("notation", NULL, NULL, ARB_TYPE_NOTATION_STYLE, ARB_NOTATION_ENGLISH,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "moves.step", "i", step_action);
  gtk_widget_class_install_action (widget_class, "moves.first", NULL, home_action);
  gtk_widget_class_install_action (widget_class, "moves.last", NULL, end_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "moves.step", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "moves.step", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "moves.step", "i", -2);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "moves.step", "i", 2);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "moves.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "moves.last", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
arb_move_list_view_init (ArbMoveListView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  arb_board_style_ensure ();
  self->san = g_ptr_array_new_with_free_func (g_free);
  self->display = g_ptr_array_new_with_free_func (g_free);
  self->cells = g_ptr_array_new ();
  self->first_move_number = 1;
  self->first_side = ARB_WHITE;
  self->notation = ARB_NOTATION_ENGLISH;

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->grid, "moves");

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->grid);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
arb_move_list_view_new (void)
{
  return g_object_new (ARB_TYPE_MOVE_LIST_VIEW, NULL);
}

static void
clamp_current_ply (ArbMoveListView *self)
{
  if (self->current_ply > self->san->len)
    set_current_ply_internal (self, self->san->len, TRUE);
}

void
arb_move_list_view_set_moves (ArbMoveListView *self,
                              const char *const *san,
                              guint n_moves,
                              guint first_move_number,
                              ArbColor first_side)
{
  guint old_n;

  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (san != NULL || n_moves == 0);
  g_return_if_fail (first_side == ARB_WHITE || first_side == ARB_BLACK);

  old_n = self->san->len;
  g_ptr_array_set_size (self->san, 0);
  g_ptr_array_set_size (self->display, 0);
  self->first_move_number = MAX (first_move_number, 1);
  self->first_side = first_side;
  for (guint i = 0; i < n_moves; i++)
    {
      g_ptr_array_add (self->san, g_strdup (san[i]));
      g_ptr_array_add (self->display, format_san (self, san[i]));
    }
  rebuild (self);
  clamp_current_ply (self);
  if (old_n != n_moves)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
}

void
arb_move_list_view_append (ArbMoveListView *self, const char *san)
{
  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (san != NULL);

  g_ptr_array_add (self->san, g_strdup (san));
  g_ptr_array_add (self->display, format_san (self, san));
  add_cell (self, self->san->len);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
}

void
arb_move_list_view_truncate (ArbMoveListView *self, guint n_plies)
{
  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));

  if (n_plies >= self->san->len)
    return;
  g_ptr_array_set_size (self->san, n_plies);
  g_ptr_array_set_size (self->display, n_plies);
  rebuild (self);
  clamp_current_ply (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
}

guint
arb_move_list_view_get_n_plies (ArbMoveListView *self)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), 0);

  return self->san->len;
}

const char *
arb_move_list_view_get_san (ArbMoveListView *self, guint ply)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), NULL);

  if (ply == 0 || ply > self->san->len)
    return NULL;
  return g_ptr_array_index (self->san, ply - 1);
}

const char *
arb_move_list_view_get_display_text (ArbMoveListView *self, guint ply)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), NULL);

  if (ply == 0 || ply > self->display->len)
    return NULL;
  return g_ptr_array_index (self->display, ply - 1);
}

guint
arb_move_list_view_get_current_ply (ArbMoveListView *self)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), 0);

  return self->current_ply;
}

void
arb_move_list_view_set_current_ply (ArbMoveListView *self, guint ply)
{
  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));

  set_current_ply_internal (self, MIN (ply, self->san->len), TRUE);
}

ArbNotationStyle
arb_move_list_view_get_notation (ArbMoveListView *self)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), ARB_NOTATION_ENGLISH);

  return self->notation;
}

void
arb_move_list_view_set_notation (ArbMoveListView *self, ArbNotationStyle notation)
{
  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (notation <= ARB_NOTATION_FIGURINE);

  if (self->notation == notation)
    return;
  self->notation = notation;
  reformat (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTATION]);
}

const char *
arb_move_list_view_get_language (ArbMoveListView *self)
{
  g_return_val_if_fail (ARB_IS_MOVE_LIST_VIEW (self), NULL);

  return self->language;
}

void
arb_move_list_view_set_language (ArbMoveListView *self, const char *language)
{
  g_return_if_fail (ARB_IS_MOVE_LIST_VIEW (self));

  if (g_strcmp0 (self->language, language) == 0)
    return;
  g_free (self->language);
  self->language = g_strdup (language);
  reformat (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}
