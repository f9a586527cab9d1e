/* arb-order-editor.c: a preferences group that edits an order of tie-breaks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The order is a list of rows, one a key with its place, moved up or
 * down or removed by the buttons at its end, and a last row whose menu
 * adds a key the order does not hold yet; a key that takes options (a
 * team's BH on game points, with a Cut) has a submenu of its variants,
 * each shown as its code ("BH:GP/C1"). Every change is stored at once
 * through the caller's store function and the rows are read again from
 * the file; a store that fails is the caller's to say (a toast), and the
 * rows show what the file still holds. The players' tie-breaks and a team
 * event's use it (arb-preferences-event.c).
 */

#define G_LOG_DOMAIN "arb-preferences-window"

#include "config.h"

#include "arb-i18n.h"
#include "arb-order-editor.h"

#include <string.h>

typedef struct
{
  const ArbOrderEditorSpec *spec;
  gpointer data;
  AdwPreferencesGroup *group;
  GPtrArray *rows; /* GtkWidget, the rows shown */
} Editor;

static void
editor_free (Editor *e)
{
  g_clear_pointer (&e->rows, g_ptr_array_unref);
  g_free (e);
}

static GPtrArray *
read_keys (Editor *e)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  e->spec->read (e->data, keys);
  return keys;
}

/* A button of a row of the order; one that can do nothing there (up in
 * the first row) has no action, since the action's state would make it
 * sensitive again. */
static GtkWidget *
order_button (const char *icon,
              const char *tooltip,
              const char *action,
              guint place,
              gboolean enabled)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  if (enabled)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button),
                                              g_variant_new_uint32 (place));
    }
  else
    gtk_widget_set_sensitive (button, FALSE);
  return button;
}

static GtkWidget *
order_row (Editor *e, const char *key, guint n, guint place)
{
  const char *prefix = e->spec->action_prefix;
  g_autofree char *title = e->spec->title (key);
  g_autofree char *number = g_strdup_printf ("%u", place + 1);
  g_autofree char *up = g_strconcat (prefix, ".up", NULL);
  g_autofree char *down = g_strconcat (prefix, ".down", NULL);
  g_autofree char *remove = g_strconcat (prefix, ".remove", NULL);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (number);
  const char *name = e->spec->name (key);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (name != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), name);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), label);
  /* Translators: buttons of a row of the tie-break order */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             order_button ("go-up-symbolic", _ ("Move Up"), up, place, place > 0));
  adw_action_row_add_suffix (
    ADW_ACTION_ROW (row),
    order_button ("go-down-symbolic", _ ("Move Down"), down, place, place + 1 < n));
  /* The standings need one tie-break at least: an empty order reads as
   * the default one. */
  adw_action_row_add_suffix (
    ADW_ACTION_ROW (row),
    order_button ("list-remove-symbolic", _ ("Remove"), remove, place, n > 1));
  return row;
}

static gboolean
holds (GPtrArray *keys, const char *key)
{
  for (guint i = 0; i < keys->len; i++)
    if (strcmp (keys->pdata[i], key) == 0)
      return TRUE;
  return FALSE;
}

static GPtrArray *
variants_of (Editor *e, const char *key)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);

  if (e->spec->variants != NULL)
    e->spec->variants (key, items);
  return items;
}

/* The submenu of @key's variants the order does not hold, in their
 * sections; NULL when it holds them all. */
static GMenu *
variants_menu (Editor *e, GPtrArray *keys, GPtrArray *items)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) section = g_menu_new ();
  guint n = 0;

  for (guint i = 0; i <= items->len; i++)
    {
      const char *item = i < items->len ? items->pdata[i] : "";
      g_autofree char *title = NULL;
      g_autofree char *action = NULL;

      if (*item == '\0')
        {
          if (g_menu_model_get_n_items (G_MENU_MODEL (section)) > 0)
            g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
          g_clear_object (&section);
          section = g_menu_new ();
          continue;
        }
      if (holds (keys, item))
        continue;
      title = e->spec->title (item);
      action = g_strdup_printf ("%s.add::%s", e->spec->action_prefix, item);
      g_menu_append (section, title, action);
      n++;
    }
  return n > 0 ? g_steal_pointer (&menu) : NULL;
}

/* The last row: a menu of the keys the order does not hold; a key with
 * variants opens a submenu of them. */
static GtkWidget *
add_row (Editor *e, GPtrArray *keys)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_menu_button_new ();

  for (guint t = 0; t < e->spec->n_offered; t++)
    {
      const char *key = e->spec->offered[t];
      g_autoptr (GPtrArray) items = variants_of (e, key);
      g_autofree char *title = e->spec->title (key);
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;
      const char *name = e->spec->name (key);

      label = name != NULL ? g_strdup_printf ("%s — %s", title, name) : g_strdup (title);
      if (items->len > 0)
        {
          g_autoptr (GMenu) submenu = variants_menu (e, keys, items);

          if (submenu != NULL)
            g_menu_append_submenu (menu, label, G_MENU_MODEL (submenu));
          continue;
        }
      if (holds (keys, key))
        continue;
      action = g_strdup_printf ("%s.add::%s", e->spec->action_prefix, key);
      g_menu_append (menu, label, action);
    }
  /* Translators: the row that adds a tie-break at the end of the order */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Add a Tie-Break"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "list-add-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _ ("Add a Tie-Break"));
  gtk_widget_set_sensitive (button, keys->len < e->spec->max &&
                                      g_menu_model_get_n_items (G_MENU_MODEL (menu)) > 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  return row;
}

static void
refresh (Editor *e)
{
  g_autoptr (GPtrArray) keys = read_keys (e);

  for (guint i = 0; i < e->rows->len; i++)
    adw_preferences_group_remove (e->group, e->rows->pdata[i]);
  g_ptr_array_set_size (e->rows, 0);
  for (guint i = 0; i < keys->len; i++)
    g_ptr_array_add (e->rows, order_row (e, keys->pdata[i], keys->len, i));
  g_ptr_array_add (e->rows, add_row (e, keys));
  for (guint i = 0; i < e->rows->len; i++)
    adw_preferences_group_add (e->group, e->rows->pdata[i]);
}

static void
store (Editor *e, GPtrArray *keys)
{
  g_autoptr (GError) error = NULL;

  if (!e->spec->store (e->data, (const char *const *) keys->pdata, keys->len, &error))
    e->spec->failed (e->data, error);
  refresh (e);
}

/* up, down and remove: the place of the row as the parameter. */
static void
order_action_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  Editor *e = data;
  const char *name = g_action_get_name (G_ACTION (action));
  g_autoptr (GPtrArray) keys = read_keys (e);
  guint place = g_variant_get_uint32 (parameter);
  guint other;

  if (place >= keys->len)
    return;
  if (strcmp (name, "remove") == 0)
    {
      if (keys->len < 2)
        return;
      g_ptr_array_remove_index (keys, place);
      store (e, keys);
      return;
    }
  if (strcmp (name, "up") == 0)
    {
      if (place == 0)
        return;
      other = place - 1;
    }
  else
    {
      if (place + 1 >= keys->len)
        return;
      other = place + 1;
    }
  {
    gpointer kept = keys->pdata[place];

    keys->pdata[place] = keys->pdata[other];
    keys->pdata[other] = kept;
  }
  store (e, keys);
}

static void
add_action_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  Editor *e = data;
  g_autoptr (GPtrArray) keys = read_keys (e);
  const char *key = g_variant_get_string (parameter, NULL);
  gboolean offered = FALSE;

  for (guint i = 0; i < e->spec->n_offered && !offered; i++)
    {
      g_autoptr (GPtrArray) items = variants_of (e, e->spec->offered[i]);

      offered = items->len > 0 ? holds (items, key) : strcmp (e->spec->offered[i], key) == 0;
    }
  if (!offered || keys->len >= e->spec->max || holds (keys, key))
    return;
  g_ptr_array_add (keys, g_strdup (key));
  store (e, keys);
}

AdwPreferencesGroup *
arb_order_editor_new (const ArbOrderEditorSpec *spec,
                      gpointer data,
                      const char *title,
                      const char *description)
{
  static const GActionEntry entries[] = {
    { "up", order_action_cb, "u" },
    { "down", order_action_cb, "u" },
    { "remove", order_action_cb, "u" },
    { "add", add_action_cb, "s" },
  };
  g_autoptr (GSimpleActionGroup) actions = g_simple_action_group_new ();
  Editor *e;

  g_return_val_if_fail (spec != NULL, NULL);

  e = g_new0 (Editor, 1);
  e->spec = spec;
  e->data = data;
  e->rows = g_ptr_array_new ();
  e->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  g_object_set_data_full (G_OBJECT (e->group), "arb-order-editor", e, (GDestroyNotify) editor_free);
  adw_preferences_group_set_title (e->group, title);
  adw_preferences_group_set_description (e->group, description);
  g_action_map_add_action_entries (G_ACTION_MAP (actions), entries, G_N_ELEMENTS (entries), e);
  gtk_widget_insert_action_group (GTK_WIDGET (e->group), spec->action_prefix,
                                  G_ACTION_GROUP (actions));
  refresh (e);
  return e->group;
}

void
arb_order_editor_refresh (AdwPreferencesGroup *group)
{
  Editor *e = g_object_get_data (G_OBJECT (group), "arb-order-editor");

  g_return_if_fail (e != NULL);
  refresh (e);
}
