/* arb-application.c: the Arbiter application object
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-application"

#include "config.h"

#include "arb-application.h"

#include <glib/gi18n.h>

#include "arb-window.h"

struct _ArbApplication
{
  AdwApplication parent_instance;

  /* Owned references */
  GSettings *settings; /* NULL when the schema is not installed */
};

G_DEFINE_FINAL_TYPE (ArbApplication, arb_application, ADW_TYPE_APPLICATION)

typedef enum
{
  ARB_COLOR_SCHEME_FOLLOW,
  ARB_COLOR_SCHEME_LIGHT,
  ARB_COLOR_SCHEME_DARK,
} ArbColorScheme;

static GSettings *
settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  /* An uninstalled build run straight from the build directory has no schema
   * unless GSETTINGS_SCHEMA_DIR points at it (meson devenv does that). The
   * window then works, but forgets its preferences. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_message ("Settings schema %s is not installed; preferences will not be kept", APP_ID);
      return NULL;
    }

  return g_settings_new_full (schema, NULL, NULL);
}

static void
apply_color_scheme (ArbApplication *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  g_assert (ARB_IS_APPLICATION (self));

  if (self->settings == NULL)
    return;

  switch ((ArbColorScheme) g_settings_get_enum (self->settings, "color-scheme"))
    {
    case ARB_COLOR_SCHEME_LIGHT:
      scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
      break;
    case ARB_COLOR_SCHEME_DARK:
      scheme = ADW_COLOR_SCHEME_FORCE_DARK;
      break;
    case ARB_COLOR_SCHEME_FOLLOW:
    default:
      scheme = ADW_COLOR_SCHEME_DEFAULT;
      break;
    }

  adw_style_manager_set_color_scheme (style_manager, scheme);
}

static void
color_scheme_changed_cb (GSettings *settings, const char *key, ArbApplication *self)
{
  apply_color_scheme (self);
}

static void
quit_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;

  g_assert (ARB_IS_APPLICATION (self));

  /* Closing every window gives each one its close-request, so windows that
   * keep state (size today, an open tournament later) save it first. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }

  g_application_quit (G_APPLICATION (self));
}

static void
about_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  static const char *developers[] = { "The Arbiter authors", NULL };
  GtkWidget *about;

  g_assert (ARB_IS_APPLICATION (self));

  about = g_object_new (
    ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, "modal", TRUE, "application-name", "Arbiter",
    "application-icon", APP_ID, "developer-name", "The Arbiter authors", "version", PACKAGE_VERSION,
    "comments", _ ("Run the games of a chess tournament under the FIDE Laws"), "website",
    "https://github.com/arbiterdesk/arbiter", "issue-url",
    "https://github.com/arbiterdesk/arbiter/issues", "copyright", "© 2026 The Arbiter authors",
    "license-type", GTK_LICENSE_GPL_3_0, "developers", developers,
    /* Translators: replace with your names, one per line. */
    "translator-credits", _ ("translator-credits"), NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_action },
  { .name = "about", .activate = about_action },
};

static void
arb_application_startup (GApplication *application)
{
  ArbApplication *self = ARB_APPLICATION (application);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "window.close", close_accels);

  self->settings = settings_new_if_installed ();
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::color-scheme",
                               G_CALLBACK (color_scheme_changed_cb), self, G_CONNECT_DEFAULT);
      apply_color_scheme (self);
    }
}

static void
arb_application_activate (GApplication *application)
{
  ArbApplication *self = ARB_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (arb_window_new (self));

  gtk_window_present (window);
}

static void
arb_application_dispose (GObject *object)
{
  ArbApplication *self = ARB_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (arb_application_parent_class)->dispose (object);
}

static void
arb_application_class_init (ArbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = arb_application_dispose;

  app_class->startup = arb_application_startup;
  app_class->activate = arb_application_activate;
}

static void
arb_application_init (ArbApplication *self)
{
}

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_DEFAULT_FLAGS, "resource-base-path",
                       "/io/github/arbiterdesk/Arbiter", NULL);
}

/**
 * arb_application_get_settings:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the application's settings, or %NULL
 *   when the schema is not installed (an uninstalled build)
 */
GSettings *
arb_application_get_settings (ArbApplication *self)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (self), NULL);

  return self->settings;
}
