/* arb-application.c: the Arbiter application object
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-application"

#include "config.h"

#include "arb-application.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include <string.h>

#include <glib/gstdio.h>

#include "arb-demo.h"
#include "arb-preferences-window.h"
#include "arb-window.h"

/* Recent tournaments kept in the menu. */
#define MAX_RECENT 8

struct _ArbApplication
{
  AdwApplication parent_instance;

  /* Owned references */
  GSettings *settings; /* NULL when the schema is not installed */

  int initial_board; /* --board: a board to open on start, or 0 */
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
    schema = g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE);
  if (schema == NULL)
    {
      g_message ("Settings schema %s is not installed; preferences will not be kept", BASE_APP_ID);
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
  /* The national texts of the Laws whose words the translations use
   * (docs/translating.md lists the terms and where each comes from). */
  static const char *laws_translations[] = {
    "Sveriges Schackförbund (2009, 2018)",
    "Norges Sjakkforbund (2009)",
    "Dansk Skak Union (2001)",
    "Koninklijke Nederlandse Schaakbond (2001)",
    NULL,
  };
  GtkWidget *about;

  g_assert (ARB_IS_APPLICATION (self));

  about = g_object_new (
    ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, "modal", TRUE, "application-name", "Arbiter",
    "application-icon", BASE_APP_ID, "developer-name", "The Arbiter authors", "version",
    PACKAGE_VERSION, "comments", _ ("Run the games of a chess tournament under the FIDE Laws"),
    "website", "https://github.com/arbiterdesk/arbiter", "issue-url",
    "https://github.com/arbiterdesk/arbiter/issues", "copyright", "© 2026 The Arbiter authors",
    "license-type", GTK_LICENSE_GPL_3_0, "developers", developers,
    /* Translators: replace with your names, one per line; the About
     * window lists them under "Translated by". */
    "translator-credits", _ ("translator-credits"), NULL);
  adw_about_window_add_acknowledgement_section (
    ADW_ABOUT_WINDOW (about), _ ("Chess Terms from the National Translations of the Laws"),
    laws_translations);
  gtk_window_present (GTK_WINDOW (about));
}

static ArbWindow *
get_window (ArbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (!ARB_IS_WINDOW (window))
    {
      window = GTK_WINDOW (arb_window_new (self));
      gtk_window_present (window);
    }
  return ARB_WINDOW (window);
}

static void
remember_file (ArbApplication *self, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  g_auto (GStrv) old = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) recent = NULL;
  guint n = 1;

  if (self->settings == NULL)
    return;
  old = g_settings_get_strv (self->settings, "recent-files");
  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT; i++)
    if (!g_str_equal (old[i], uri))
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  recent = g_strv_builder_end (builder);
  g_settings_set_string (self->settings, "last-file", uri);
  g_settings_set_strv (self->settings, "recent-files", (const char *const *) recent);
}

/**
 * arb_application_open_path:
 * @self: the application
 * @path: a tournament file
 *
 * Opens @path in the active window and remembers it as the last and a
 * recent file. Shows the error in the window when it cannot be opened.
 *
 * Returns: whether the file is open
 */
gboolean
arb_application_open_path (ArbApplication *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  ArbWindow *window;

  g_return_val_if_fail (ARB_IS_APPLICATION (self), FALSE);

  window = get_window (self);
  if (!arb_window_open_file (window, path, FALSE, &error))
    {
      g_autofree char *message =
        g_strdup_printf (_ ("Could not open the tournament: %s"), arb_error_text (error));
      arb_window_show_error (window, message);
      return FALSE;
    }
  remember_file (self, path);
  return TRUE;
}

/**
 * arb_application_get_demo_path:
 *
 * Returns: (transfer full): where the demo tournament is kept
 */
char *
arb_application_get_demo_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "arbiter", "demo.arbiter", NULL);
}

/* The last file, or the demo: created on first run with its clocks
 * running, as a round in progress would be. */
static void
open_initial (ArbApplication *self, ArbWindow *window)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *last = NULL;
  g_autofree char *demo = arb_application_get_demo_path ();
  gboolean created = FALSE;

  if (self->settings != NULL)
    last = g_settings_get_string (self->settings, "last-file");
  if (last != NULL && last[0] != '\0')
    {
      g_autoptr (GFile) file = g_file_new_for_uri (last);
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && g_file_test (path, G_FILE_TEST_EXISTS) &&
          arb_application_open_path (self, path))
        return;
    }

  if (!g_file_test (demo, G_FILE_TEST_EXISTS))
    {
      g_autofree char *dir = g_path_get_dirname (demo);
      const char *boards = g_getenv ("ARBITER_DEMO_BOARDS");
      guint n_boards = boards != NULL ? (guint) g_ascii_strtoull (boards, NULL, 10) : 0;

      g_mkdir_with_parents (dir, 0700);
      if (!arb_demo_create (
            demo, n_boards > 0 ? CLAMP (n_boards, ARB_DEMO_MIN_BOARDS, 256) : ARB_DEMO_BOARDS,
            &error))
        {
          g_autofree char *message = g_strdup_printf (
            _ ("Could not create the demo tournament: %s"), arb_error_text (error));
          arb_window_show_error (window, message);
          return;
        }
      created = TRUE;
    }
  if (!arb_window_open_file (window, demo, created, &error))
    {
      g_autofree char *message =
        g_strdup_printf (_ ("Could not open the demo tournament: %s"), arb_error_text (error));
      arb_window_show_error (window, message);
      return;
    }
  remember_file (self, demo);
}

static void
open_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  g_autoptr (ArbApplication) self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        arb_application_open_path (self, path);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static GtkFileFilter *
tournament_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _ ("Tournaments"));
  gtk_file_filter_add_pattern (filter, "*.arbiter");
  return filter;
}

static void
open_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = tournament_filter ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_ ("Open Tournament"), GTK_WINDOW (get_window (self)),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_filter_set_name (all, _ ("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
new_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  g_autoptr (ArbApplication) self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *base = g_file_get_basename (file);
      g_autoptr (ArbTournament) tournament = NULL;
      g_autoptr (GError) error = NULL;
      ArbEventInfo event = { 0 };
      char *dot = base != NULL ? strrchr (base, '.') : NULL;

      if (dot != NULL && dot != base)
        *dot = '\0';
      event.name = base;
      event.edition = self->settings != NULL
                        ? g_settings_get_enum (self->settings, "default-edition")
                        : ARB_EDITION_LATEST;
      event.settings = (char *) "{}";
      if (path != NULL)
        {
          if (g_file_test (path, G_FILE_TEST_EXISTS))
            g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                         _ ("%s already exists; choose another name"), path);
          else
            tournament = arb_tournament_create (path, &event, &error);
        }
      if (tournament == NULL && error != NULL)
        {
          g_autofree char *message =
            g_strdup_printf (_ ("Could not create the tournament: %s"), arb_error_text (error));
          arb_window_show_error (get_window (self), message);
        }
      else if (tournament != NULL)
        {
          g_clear_object (&tournament);
          arb_application_open_path (self, path);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
new_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = tournament_filter ();

  dialog = gtk_file_chooser_native_new (_ ("New Tournament"), GTK_WINDOW (get_window (self)),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Create"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  /* Translators: the file name offered for a new tournament */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _ ("Tournament.arbiter"));
  g_signal_connect (dialog, "response", G_CALLBACK (new_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  g_autofree char *path = g_file_get_path (file);

  if (path != NULL)
    arb_application_open_path (self, path);
}

static void
preferences_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ArbApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *prefs;

  if (self->settings == NULL)
    return;
  prefs = GTK_WINDOW (arb_preferences_window_new (self->settings));
  /* The open tournament's own settings, on a page of their own. */
  if (ARB_IS_WINDOW (parent) && arb_window_get_tournament (ARB_WINDOW (parent)) != NULL)
    arb_preferences_window_set_tournament (ARB_PREFERENCES_WINDOW (prefs),
                                           arb_window_get_tournament (ARB_WINDOW (parent)));
  gtk_window_set_transient_for (prefs, parent);
  gtk_window_set_modal (prefs, TRUE);
  gtk_window_present (prefs);
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_action },
  { .name = "about", .activate = about_action },
  { .name = "new", .activate = new_action },
  { .name = "open", .activate = open_action },
  { .name = "open-recent", .activate = open_recent_action, .parameter_type = "s" },
  { .name = "preferences", .activate = preferences_action },
};

static void
arb_application_startup (GApplication *application)
{
  ArbApplication *self = ARB_APPLICATION (application);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };
  static const char *prefs_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", prefs_accels);

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
    {
      /* The tournament opens before the window shows, so its first frame
       * is the round rather than an empty page. */
      window = GTK_WINDOW (arb_window_new (self));
      open_initial (self, ARB_WINDOW (window));
      if (self->initial_board > 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.open-board", "i",
                                    self->initial_board);
      gtk_window_present (window);
      return;
    }

  gtk_window_present (window);
}

/* `arbiter FILE`, or a tournament opened from Files: that file, in the
 * window (the first of several; one tournament a window). */
static void
arb_application_open (GApplication *application, GFile **files, int n_files, const char *hint)
{
  ArbApplication *self = ARB_APPLICATION (application);
  g_autofree char *path = n_files > 0 ? g_file_get_path (files[0]) : NULL;
  ArbWindow *window;

  if (path == NULL)
    {
      arb_application_activate (application);
      return;
    }
  window = get_window (self);
  arb_application_open_path (self, path);
  if (self->initial_board > 0)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.open-board", "i", self->initial_board);
  gtk_window_present (GTK_WINDOW (window));
}

static int
arb_application_handle_local_options (GApplication *application, GVariantDict *options)
{
  ArbApplication *self = ARB_APPLICATION (application);

  g_variant_dict_lookup (options, "board", "i", &self->initial_board);
  return -1;
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
  app_class->open = arb_application_open;
  app_class->handle_local_options = arb_application_handle_local_options;
}

static void
arb_application_init (ArbApplication *self)
{
  g_application_add_main_option (G_APPLICATION (self), "board", 'b', G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_INT, _ ("Open board N of the round on start"), "N");
}

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path",
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
