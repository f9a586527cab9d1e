/* arb-window.c: the main window of the workstation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window.h"

#include <glib/gi18n.h>

struct _ArbWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwHeaderBar *header_bar;
  GtkMenuButton *primary_menu_button;
  AdwStatusPage *empty_page;

  /* Borrowed references */
  GSettings *settings; /* the application's; NULL when not installed */
};

G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)

static void
restore_window_state (ArbWindow *self)
{
  int width;
  int height;

  g_assert (ARB_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  width = g_settings_get_int (self->settings, "window-width");
  height = g_settings_get_int (self->settings, "window-height");
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);

  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
save_window_state (ArbWindow *self)
{
  int width;
  int height;

  g_assert (ARB_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  /* The default size tracks the size of an unmaximized window, which is the
   * one worth restoring; maximized is kept apart. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0 || height <= 0)
    return;
  width = MAX (width, 360);
  height = MAX (height, 294);

  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static gboolean
arb_window_close_request (GtkWindow *window)
{
  ArbWindow *self = ARB_WINDOW (window);

  save_window_state (self);

  return GTK_WINDOW_CLASS (arb_window_parent_class)->close_request (window);
}

static void
arb_window_realize (GtkWidget *widget)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  /* The application is not known yet in constructed() (it is not a construct
   * property), so the saved size is applied here, before the first frame. */
  if (self->settings == NULL && ARB_IS_APPLICATION (application))
    {
      self->settings = arb_application_get_settings (ARB_APPLICATION (application));
      restore_window_state (self);
    }

  GTK_WIDGET_CLASS (arb_window_parent_class)->realize (widget);
}

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = ARB_WINDOW (object);

  self->settings = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_WINDOW);

  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_window_dispose;

  widget_class->realize = arb_window_realize;

  window_class->close_request = arb_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arbiterdesk/Arbiter/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, empty_page);
}

static void
arb_window_init (ArbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

ArbWindow *
arb_window_new (ArbApplication *application)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (application), NULL);

  return g_object_new (ARB_TYPE_WINDOW, "application", application, NULL);
}
