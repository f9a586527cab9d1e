/* arb-preferences-window.c: the preferences, bound to GSettings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-preferences-window"

#include "config.h"

#include "arb-preferences-window.h"

#include "arb-i18n.h"

struct _ArbPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* Template widgets */
  AdwComboRow *notation_row;
  AdwComboRow *theme_row;
  AdwComboRow *style_row;
  AdwComboRow *edition_row;
  AdwComboRow *report_language_row;
  GtkSwitch *flag_switch;

  /* Owned */
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (ArbPreferencesWindow, arb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The rows list the choices in the order of these nicks. */
static const char *const notation_nicks[] = { "local", "english", "figurine", NULL };
static const char *const theme_nicks[] = { "green", "brown", "blue", "gray", NULL };
static const char *const style_nicks[] = { "follow", "light", "dark", NULL };
static const char *const edition_nicks[] = { "fide-2001", "fide-2009", "fide-2014",
                                             "fide-2018", "fide-2023", NULL };

static gboolean
get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nicks[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[index]);
}

static void
bind_row (ArbPreferencesWindow *self, const char *key, AdwComboRow *row, const char *const *nicks)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                get_mapping, set_mapping, (gpointer) nicks, NULL);
}

static void
arb_preferences_window_dispose (GObject *object)
{
  ArbPreferencesWindow *self = ARB_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (arb_preferences_window_parent_class)->dispose (object);
}

static void
arb_preferences_window_class_init (ArbPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, notation_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, edition_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, report_language_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, flag_switch);
}

static void
arb_preferences_window_init (ArbPreferencesWindow *self)
{
  const char *const *languages = arb_i18n_get_languages ();
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The languages by their own names, after the interface's: "" in the
   * setting. */
  gtk_string_list_append (names, _ ("Same as the Interface"));
  for (guint i = 0; languages[i] != NULL; i++)
    gtk_string_list_append (names, arb_i18n_get_language_name (languages[i]));
  adw_combo_row_set_model (self->report_language_row, G_LIST_MODEL (names));
}

static gboolean
get_language_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *languages = arb_i18n_get_languages ();
  const char *code = g_variant_get_string (variant, NULL);

  g_value_set_uint (value, 0);
  for (guint i = 0; languages[i] != NULL; i++)
    if (g_str_equal (languages[i], code))
      g_value_set_uint (value, i + 1);
  return TRUE;
}

static GVariant *
set_language_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *languages = arb_i18n_get_languages ();
  guint index = g_value_get_uint (value);

  if (index == 0)
    return g_variant_new_string ("");
  if (index > g_strv_length ((char **) languages))
    return NULL;
  return g_variant_new_string (languages[index - 1]);
}

GtkWidget *
arb_preferences_window_new (GSettings *settings)
{
  ArbPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (ARB_TYPE_PREFERENCES_WINDOW, NULL);
  self->settings = g_object_ref (settings);
  bind_row (self, "notation", self->notation_row, notation_nicks);
  bind_row (self, "board-theme", self->theme_row, theme_nicks);
  bind_row (self, "color-scheme", self->style_row, style_nicks);
  bind_row (self, "default-edition", self->edition_row, edition_nicks);
  g_settings_bind_with_mapping (settings, "report-language", self->report_language_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_language_mapping, set_language_mapping,
                                NULL, NULL);
  g_settings_bind (settings, "flag-sound", self->flag_switch, "active", G_SETTINGS_BIND_DEFAULT);
  return GTK_WIDGET (self);
}
