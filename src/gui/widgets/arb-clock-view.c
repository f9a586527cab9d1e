/* arb-clock-view.c: both clocks of a game, as the arbiter reads them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-clock-view"

#include "config.h"

#include "arb-i18n.h"

#include "arb-board-style.h"
#include "arb-clock-view.h"

typedef struct
{
  GtkWidget *box;
  GtkWidget *time_label;
  GtkWidget *run_icon;
  GtkWidget *flag_label;
  GtkWidget *detail_label;
  char time_text[16];
  char *detail_text;
  gboolean running;
  gboolean flag;
} ClockFace;

struct _ArbClockView
{
  GtkWidget parent_instance;

  ArbClock *clock;
  gulong event_added_id;

  GtkOrientation orientation;
  gboolean flipped;
  gboolean compact;

  ClockFace faces[2]; /* indexed by ArbColor */
};

enum
{
  PROP_0,
  PROP_CLOCK,
  PROP_FLIPPED,
  PROP_COMPACT,
  N_PROPS,
  PROP_ORIENTATION = N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbClockView,
                               arb_clock_view,
                               GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL))

void
arb_clock_view_format_time (gint64 remaining_us, char buf[16])
{
  gint64 seconds;

  g_return_if_fail (buf != NULL);

  if (remaining_us <= 0)
    {
      g_strlcpy (buf, "0:00.0", 16);
      return;
    }
  seconds = remaining_us / G_USEC_PER_SEC;
  if (seconds < 10)
    g_snprintf (buf, 16, "0:%02d.%d", (int) seconds,
                (int) (remaining_us % G_USEC_PER_SEC / (G_USEC_PER_SEC / 10)));
  else if (seconds < 3600)
    g_snprintf (buf, 16, "%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
  else
    g_snprintf (buf, 16, "%d:%02d:%02d", (int) MIN (seconds / 3600, 99999),
                (int) (seconds / 60 % 60), (int) (seconds % 60));
}

gint64
arb_clock_view_time_to_next_change (gint64 remaining_us)
{
  gint64 unit;

  /* Below a tenth the face shows 0:00.0 and keeps showing it, also below
   * zero. */
  if (remaining_us < G_USEC_PER_SEC / 10)
    return G_MAXINT64;
  unit = remaining_us < 10 * G_USEC_PER_SEC ? G_USEC_PER_SEC / 10 : G_USEC_PER_SEC;
  /* The display rounds down, so it changes as the time drops below the
   * multiple of the unit it shows now. */
  return remaining_us % unit + 1;
}

static char *
detail_for (ArbClockView *self, ArbColor side)
{
  const ArbTimeControl *tc = arb_clock_get_time_control (self->clock);
  guint moves = arb_clock_get_moves (self->clock, side);
  guint stage = 0;
  guint period;
  guint next_move;
  const ArbTimePeriod *p;

  if (tc->kind != ARB_TIME_CONTROL_PERIODS || tc->n_periods[side] == 0)
    return g_strdup ("");

  period = arb_time_control_period_of_move (tc, side, moves + 1, &stage);
  p = &tc->periods[side][period];
  if (p->moves == 0)
    {
      if (stage == 0)
        return g_strdup (_ ("Rest of the game"));
      /* TRANSLATORS: the last period of a time control, e.g. "Period 2 · rest of the game" */
      return g_strdup_printf (_ ("Period %u · rest of the game"), stage + 1);
    }

  next_move = arb_time_control_first_move_of_stage (tc, side, stage + 1);
  {
    guint left = next_move > moves + 1 ? next_move - 1 - moves : 0;

    /* TRANSLATORS: "Period 1 · 14 moves to the control" */
    return g_strdup_printf (
      ngettext ("Period %u · %u move to the control", "Period %u · %u moves to the control", left),
      stage + 1, left);
  }
}

static void
set_face_class (GtkWidget *widget, const char *css_class, gboolean on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* What a screen reader calls a face: the side and the state, never the
 * time, which would change every second (the time label inside is read
 * when the arbiter goes there). */
static void
name_face (ClockFace *face, ArbColor side)
{
  const char *name;

  if (face->flag)
    name = side == ARB_WHITE ? _ ("White’s clock, flag fallen") : _ ("Black’s clock, flag fallen");
  else if (face->running)
    name = side == ARB_WHITE ? _ ("White’s clock, running") : _ ("Black’s clock, running");
  else
    name = side == ARB_WHITE ? _ ("White’s clock, stopped") : _ ("Black’s clock, stopped");
  gtk_accessible_update_property (GTK_ACCESSIBLE (face->box), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

gint64
arb_clock_view_refresh (ArbClockView *self)
{
  gint64 next = G_MAXINT64;

  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), G_MAXINT64);

  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      ClockFace *face = &self->faces[side];
      char text[16] = "–:––";
      g_autofree char *detail = NULL;
      gboolean running = FALSE;
      gboolean flag = FALSE;

      if (self->clock != NULL)
        {
          gint64 left = arb_clock_get_remaining_us (self->clock, side);

          arb_clock_view_format_time (left, text);
          running = arb_clock_is_running (self->clock) &&
                    arb_clock_get_side_to_move (self->clock) == (ArbColor) side;
          flag = arb_clock_get_flag (self->clock, side, NULL);
          if (running)
            next = MIN (next, arb_clock_view_time_to_next_change (left));
          if (!self->compact)
            detail = detail_for (self, side);
        }
      if (detail == NULL)
        detail = g_strdup ("");

      if (g_strcmp0 (face->time_text, text) != 0)
        {
          g_strlcpy (face->time_text, text, sizeof face->time_text);
          gtk_label_set_text (GTK_LABEL (face->time_label), text);
        }
      if (g_strcmp0 (face->detail_text, detail) != 0)
        {
          g_free (face->detail_text);
          face->detail_text = g_strdup (detail);
          gtk_label_set_text (GTK_LABEL (face->detail_label), detail);
          gtk_widget_set_visible (face->detail_label, !self->compact && *detail != '\0');
        }
      if (face->running != running || face->flag != flag)
        {
          face->running = running;
          face->flag = flag;
          set_face_class (face->box, "running", running);
          set_face_class (face->box, "flag-fallen", flag);
          gtk_widget_set_visible (face->run_icon, running && !flag);
          gtk_widget_set_visible (face->flag_label, flag);
          name_face (face, side);
        }
    }
  return next;
}

const char *
arb_clock_view_get_time_text (ArbClockView *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), NULL);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, NULL);

  return self->faces[side].time_text;
}

const char *
arb_clock_view_get_detail_text (ArbClockView *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), NULL);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, NULL);

  return self->faces[side].detail_text != NULL ? self->faces[side].detail_text : "";
}

static void
event_added_cb (ArbClock *clock, guint index, ArbClockView *self)
{
  arb_clock_view_refresh (self);
}

/* Vertical: Black on top, like an unflipped board; horizontal: White on the
 * left. Flipping swaps the faces. */
static void
order_faces (ArbClockView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  ArbColor first = self->orientation == GTK_ORIENTATION_VERTICAL ? ARB_BLACK : ARB_WHITE;

  if (self->flipped)
    first = !first;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), self->orientation);
  gtk_widget_insert_after (self->faces[!first].box, GTK_WIDGET (self), self->faces[first].box);
}

static void
update_compact (ArbClockView *self)
{
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      ClockFace *face = &self->faces[side];

      set_face_class (face->time_label, "title-1", !self->compact);
      set_face_class (face->time_label, "heading", self->compact);
      set_face_class (face->box, "compact", self->compact);
      /* Cleared so the next refresh sets the detail line again. */
      g_clear_pointer (&face->detail_text, g_free);
      gtk_widget_set_visible (face->detail_label, FALSE);
    }
}

static void
arb_clock_view_dispose (GObject *object)
{
  ArbClockView *self = ARB_CLOCK_VIEW (object);

  if (self->clock != NULL)
    {
      g_clear_signal_handler (&self->event_added_id, self->clock);
      g_clear_object (&self->clock);
    }
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    if (self->faces[side].box != NULL)
      {
        gtk_widget_unparent (self->faces[side].box);
        self->faces[side].box = NULL;
      }

  G_OBJECT_CLASS (arb_clock_view_parent_class)->dispose (object);
}

static void
arb_clock_view_finalize (GObject *object)
{
  ArbClockView *self = ARB_CLOCK_VIEW (object);

  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    g_clear_pointer (&self->faces[side].detail_text, g_free);

  G_OBJECT_CLASS (arb_clock_view_parent_class)->finalize (object);
}

static void
arb_clock_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbClockView *self = ARB_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;
    case PROP_ORIENTATION:
      g_value_set_enum (value, self->orientation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_clock_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbClockView *self = ARB_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      arb_clock_view_set_clock (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      arb_clock_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_COMPACT:
      arb_clock_view_set_compact (self, g_value_get_boolean (value));
      break;
    case PROP_ORIENTATION:
      {
        GtkOrientation orientation = g_value_get_enum (value);

        if (self->orientation != orientation)
          {
            self->orientation = orientation;
            order_faces (self);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_clock_view_class_init (ArbClockViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_clock_view_dispose;
  object_class->finalize = arb_clock_view_finalize;
  object_class->get_property = arb_clock_view_get_property;
  object_class->set_property = arb_clock_view_set_property;

  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, ARB_TYPE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "clockview");
}

static void
arb_clock_view_init (ArbClockView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  arb_board_style_ensure ();
  self->orientation = GTK_ORIENTATION_VERTICAL;
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_box_layout_set_homogeneous (GTK_BOX_LAYOUT (layout), TRUE);

  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      ClockFace *face = &self->faces[side];
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
      GtkWidget *swatch;

      face->box = g_object_new (GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 2,
                                "accessible-role", GTK_ACCESSIBLE_ROLE_TIMER, NULL);
      gtk_widget_add_css_class (face->box, "clock-face");
      gtk_widget_add_css_class (face->box, side == ARB_WHITE ? "white" : "black");
      name_face (face, side);

      face->time_label = gtk_label_new ("–:––");
      gtk_widget_add_css_class (face->time_label, "numeric");
      gtk_widget_add_css_class (face->time_label, "title-1");
      gtk_widget_add_css_class (face->time_label, "clock-time");
      gtk_label_set_xalign (GTK_LABEL (face->time_label), 0);
      gtk_widget_set_hexpand (face->time_label, TRUE);
      g_strlcpy (face->time_text, "–:––", sizeof face->time_text);

      /* The running clock has a sign as well as its colour. */
      face->run_icon = g_object_new (GTK_TYPE_IMAGE, "icon-name", "media-playback-start-symbolic",
                                     "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
      gtk_widget_add_css_class (face->run_icon, "clock-sign");
      gtk_widget_set_valign (face->run_icon, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (face->run_icon, _ ("Running"));
      gtk_widget_set_visible (face->run_icon, FALSE);

      /* TRANSLATORS: shown on a clock whose time has run out */
      face->flag_label = gtk_label_new (_ ("Flag fell"));
      gtk_widget_add_css_class (face->flag_label, "error");
      gtk_widget_add_css_class (face->flag_label, "caption-heading");
      gtk_widget_set_valign (face->flag_label, GTK_ALIGN_CENTER);
      gtk_widget_set_visible (face->flag_label, FALSE);

      face->detail_label = gtk_label_new ("");
      gtk_widget_add_css_class (face->detail_label, "caption");
      gtk_widget_add_css_class (face->detail_label, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (face->detail_label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (face->detail_label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_visible (face->detail_label, FALSE);

      /* A disc in the side's colour, so a face reads without its position. */
      swatch = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_add_css_class (swatch, "side-swatch");
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), face->time_label);
      gtk_box_append (GTK_BOX (row), face->run_icon);
      gtk_box_append (GTK_BOX (row), face->flag_label);
      gtk_box_append (GTK_BOX (face->box), row);
      gtk_box_append (GTK_BOX (face->box), face->detail_label);
      gtk_widget_set_parent (face->box, GTK_WIDGET (self));
    }
  order_faces (self);
}

GtkWidget *
arb_clock_view_new (ArbClock *clock)
{
  g_return_val_if_fail (clock == NULL || ARB_IS_CLOCK (clock), NULL);

  return g_object_new (ARB_TYPE_CLOCK_VIEW, "clock", clock, NULL);
}

ArbClock *
arb_clock_view_get_clock (ArbClockView *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), NULL);

  return self->clock;
}

void
arb_clock_view_set_clock (ArbClockView *self, ArbClock *clock)
{
  g_return_if_fail (ARB_IS_CLOCK_VIEW (self));
  g_return_if_fail (clock == NULL || ARB_IS_CLOCK (clock));

  if (self->clock == clock)
    return;
  if (self->clock != NULL)
    g_clear_signal_handler (&self->event_added_id, self->clock);
  g_set_object (&self->clock, clock);
  if (clock != NULL)
    self->event_added_id =
      g_signal_connect (clock, "event-added", G_CALLBACK (event_added_cb), self);
  arb_clock_view_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

gboolean
arb_clock_view_get_flipped (ArbClockView *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), FALSE);

  return self->flipped;
}

void
arb_clock_view_set_flipped (ArbClockView *self, gboolean flipped)
{
  g_return_if_fail (ARB_IS_CLOCK_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  order_faces (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
arb_clock_view_get_compact (ArbClockView *self)
{
  g_return_val_if_fail (ARB_IS_CLOCK_VIEW (self), FALSE);

  return self->compact;
}

void
arb_clock_view_set_compact (ArbClockView *self, gboolean compact)
{
  g_return_if_fail (ARB_IS_CLOCK_VIEW (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  update_compact (self);
  arb_clock_view_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}
