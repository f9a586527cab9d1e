/* test-window.c: the application shell on a real display (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "arb-application.h"
#include "arb-ui-harness.h"
#include "arb-window.h"

/* Each test runs the real application until its window is mapped, then runs
 * its checks from the map handler and quits through app.quit, the action
 * Ctrl+Q is bound to. */

static GSettings *
settings_or_skip (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("the settings schema is not compiled (GSETTINGS_SCHEMA_DIR)");
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

static void
check_title (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Arbiter");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (gtk_window_get_application (GTK_WINDOW (window)) == GTK_APPLICATION (app));
}

static void
test_window_title (void)
{
  arb_ui_run_app (check_title, NULL);
}

static gboolean
strv_has (char **strv, const char *str)
{
  return strv != NULL && g_strv_contains ((const char *const *) strv, str);
}

static void
check_actions (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_auto (GStrv) quit_accels =
    gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_auto (GStrv) close_accels =
    gtk_application_get_accels_for_action (GTK_APPLICATION (app), "window.close");

  g_assert_true (strv_has (quit_accels, "<Control>q"));
  g_assert_true (strv_has (close_accels, "<Control>w"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));

  /* GtkApplication adds win.show-help-overlay only when it found
   * gtk/help-overlay.ui in the resources, so this checks the GResource too. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-help-overlay"));
}

static void
test_window_actions (void)
{
  arb_ui_run_app (check_actions, NULL);
}

static GtkMenuButton *
find_menu_button (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found;

      if (GTK_IS_MENU_BUTTON (child) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (child)))
        return GTK_MENU_BUTTON (child);
      found = find_menu_button (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_actions (GMenuModel *model, GPtrArray *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (actions, g_steal_pointer (&action));
      if (section != NULL)
        collect_actions (section, actions);
    }
}

static void
check_primary_menu (ArbWindow *window, gpointer data)
{
  GtkMenuButton *button = find_menu_button (GTK_WIDGET (window));
  g_autoptr (GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (button);
  g_assert_nonnull (gtk_menu_button_get_menu_model (button));
  collect_actions (gtk_menu_button_get_menu_model (button), actions);
  g_ptr_array_add (actions, NULL);

  g_assert_true (g_strv_contains ((const char *const *) actions->pdata, "app.about"));
  g_assert_true (g_strv_contains ((const char *const *) actions->pdata, "win.show-help-overlay"));
}

static void
test_window_primary_menu (void)
{
  arb_ui_run_app (check_primary_menu, NULL);
}

static void
check_about (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  AdwAboutWindow *about = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (toplevel))
        about = ADW_ABOUT_WINDOW (toplevel);
    }

  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Arbiter");
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, BASE_APP_ID);
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == GTK_WINDOW (window));

  gtk_window_destroy (GTK_WINDOW (about));
}

static void
test_window_about (void)
{
  arb_ui_run_app (check_about, NULL);
}

static void
check_default_size (ArbWindow *window, gpointer data)
{
  ArbApplication *app = ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  int width;
  int height;

  g_assert_nonnull (arb_application_get_settings (app));

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 912);
  g_assert_cmpint (height, ==, 604);

  /* What close-request must write back. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1010, 700);
}

static void
test_window_size_kept (void)
{
  g_autoptr (GSettings) settings = settings_or_skip ();

  if (settings == NULL)
    return;

  g_settings_set_int (settings, "window-width", 912);
  g_settings_set_int (settings, "window-height", 604);
  g_settings_set_boolean (settings, "window-maximized", FALSE);

  arb_ui_run_app (check_default_size, NULL);

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1010);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

static void
check_dark (ArbWindow *window, gpointer data)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();

  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style_manager));
}

static void
test_window_dark_style (void)
{
  g_autoptr (GSettings) settings = settings_or_skip ();

  if (settings == NULL)
    return;

  g_settings_set_string (settings, "color-scheme", "dark");
  arb_ui_run_app (check_dark, NULL);
  /* The style manager outlives the application: undo for later tests. */
  g_settings_reset (settings, "color-scheme");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static gboolean
find_label_text (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_label_text (child, text))
      return TRUE;
  return FALSE;
}

/* An error toast shows its text as written: a file name with '&' or '<'
 * was read as Pango markup (and refused, or garbled), and bytes that are
 * not UTF-8 made invalid markup. */
static void
toast_text_mapped (ArbWindow *window, gpointer data)
{
  arb_window_show_error (window, "Cannot open \u201cR&D <draft>.arbiter\u201d: \xff here");
  g_assert_true (find_label_text (GTK_WIDGET (window),
                                  "Cannot open \u201cR&D <draft>.arbiter\u201d: \ufffd here"));
}

static void
test_window_toast_text (void)
{
  arb_ui_run_app (toast_text_mapped, NULL);
}

int
main (int argc, char **argv)
{
  /* Keep the tests away from the user's settings and files. The user
   * directories are set by tests/ui/meson.build; G_TEST_OPTION_ISOLATE_DIRS
   * is not used because it also hides the system data directories, where
   * gdk-pixbuf finds the MIME database it needs to load SVG icons. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/window/title", test_window_title);
  g_test_add_func ("/ui/window/actions", test_window_actions);
  g_test_add_func ("/ui/window/primary-menu", test_window_primary_menu);
  g_test_add_func ("/ui/window/about", test_window_about);
  g_test_add_func ("/ui/window/size-kept", test_window_size_kept);
  g_test_add_func ("/ui/window/dark-style", test_window_dark_style);
  g_test_add_func ("/ui/window/toast-text", test_window_toast_text);

  return g_test_run ();
}
