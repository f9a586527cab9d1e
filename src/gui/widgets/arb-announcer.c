/* arb-announcer.c: say something to a screen reader without moving the focus
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-announcer"

#include "config.h"

#include "arb-announcer.h"

struct _ArbAnnouncer
{
  GObject parent_instance;

  GPtrArray *queue;     /* char *, in the order given */
  GtkWidget *context;   /* weak: where the last message came from */
  GHashTable *borrowed; /* GtkWidget (weak) whose description carried a message */
  guint flush_id;
  char *last;
};

G_DEFINE_FINAL_TYPE (ArbAnnouncer, arb_announcer, G_TYPE_OBJECT)

enum
{
  ANNOUNCED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark
description_quark (void)
{
  return g_quark_from_static_string ("arb-accessible-description");
}

void
arb_accessible_set_description (GtkWidget *widget, const char *description)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_qdata_full (G_OBJECT (widget), description_quark (), g_strdup (description), g_free);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The description a widget has of its own: one we set, or GTK's (the
 * tooltip), or none. */
static void
restore_description (GtkWidget *widget)
{
  const char *own = g_object_get_qdata (G_OBJECT (widget), description_quark ());
  g_autofree char *tooltip = NULL;

  if (own == NULL)
    {
      tooltip = g_strdup (gtk_widget_get_tooltip_text (widget));
      own = tooltip;
    }
  if (own != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    own, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
borrowed_gone_cb (gpointer data, GObject *where_the_object_was)
{
  ArbAnnouncer *self = data;

  g_hash_table_remove (self->borrowed, where_the_object_was);
}

static void
context_gone_cb (gpointer data, GObject *where_the_object_was)
{
  ArbAnnouncer *self = data;

  self->context = NULL;
}

static GtkWindow *
target_window (ArbAnnouncer *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkRoot *root;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_is_active (window))
        return window;
    }
  root = self->context != NULL ? gtk_widget_get_root (self->context) : NULL;
  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* The object a screen reader follows: the focus widget, or the nearest
 * ancestor that is in the accessibility tree (an entry's text, for
 * instance, is presented by the entry around it). */
static GtkWidget *
accessible_focus (GtkWindow *window)
{
  GtkWidget *widget = gtk_window_get_focus (window);

  while (widget != NULL)
    {
      GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

      if (role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION)
        return widget;
      widget = gtk_widget_get_parent (widget);
    }
  return GTK_WIDGET (window);
}

static void
restore_others (ArbAnnouncer *self, GtkWidget *keep)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->borrowed);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      GtkWidget *widget = key;

      if (widget == keep)
        continue;
      g_object_weak_unref (G_OBJECT (widget), borrowed_gone_cb, self);
      g_hash_table_iter_remove (&iter);
      restore_description (widget);
    }
}

/* Once the focus has moved on (and the screen reader follows the new focus),
 * the widgets that carried a message get their descriptions back. */
static gboolean
restore_idle_cb (gpointer data)
{
  ArbAnnouncer *self = data;
  GtkWindow *window = target_window (self);

  restore_others (self, window != NULL ? accessible_focus (window) : NULL);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
focus_widget_changed_cb (GtkWindow *window, GParamSpec *pspec, ArbAnnouncer *self)
{
  if (g_hash_table_size (self->borrowed) > 0)
    g_idle_add (restore_idle_cb, g_object_ref (self));
}

static void
say (ArbAnnouncer *self, const char *message)
{
  GtkWindow *window = target_window (self);
  GtkWidget *target;

  g_free (self->last);
  self->last = g_strdup (message);

  if (window != NULL)
    {
      target = accessible_focus (window);
      restore_others (self, target);
      if (!g_hash_table_contains (self->borrowed, target))
        {
          g_hash_table_add (self->borrowed, target);
          g_object_weak_ref (G_OBJECT (target), borrowed_gone_cb, self);
        }
      if (g_object_get_data (G_OBJECT (window), "arb-announcer-watch") == NULL)
        {
          g_object_set_data (G_OBJECT (window), "arb-announcer-watch", GINT_TO_POINTER (1));
          g_signal_connect_object (window, "notify::focus-widget",
                                   G_CALLBACK (focus_widget_changed_cb), self, G_CONNECT_DEFAULT);
        }
      /* Orca reads the new description of the object it follows; the empty
       * one that replaces it at once is not read (verified with Orca 43
       * and GTK 4.8, see docs/accessibility.md). */
      gtk_accessible_update_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      message, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      "", -1);
    }
  g_signal_emit (self, signals[ANNOUNCED], 0, message);
}

void
arb_announcer_flush (ArbAnnouncer *self)
{
  g_autoptr (GString) text = NULL;

  g_return_if_fail (ARB_IS_ANNOUNCER (self));

  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->queue->len == 0)
    return;
  text = g_string_new (NULL);
  for (guint i = 0; i < self->queue->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, g_ptr_array_index (self->queue, i));
    }
  g_ptr_array_set_size (self->queue, 0);
  say (self, text->str);
}

static gboolean
flush_idle_cb (gpointer data)
{
  ArbAnnouncer *self = data;

  self->flush_id = 0;
  arb_announcer_flush (self);
  return G_SOURCE_REMOVE;
}

void
arb_announce (GtkWidget *widget, const char *message)
{
  ArbAnnouncer *self = arb_announcer_get_default ();

  g_return_if_fail (widget == NULL || GTK_IS_WIDGET (widget));
  g_return_if_fail (message != NULL);

  if (*message == '\0')
    return;
  if (widget != NULL && widget != self->context)
    {
      if (self->context != NULL)
        g_object_weak_unref (G_OBJECT (self->context), context_gone_cb, self);
      self->context = widget;
      g_object_weak_ref (G_OBJECT (widget), context_gone_cb, self);
    }
  g_ptr_array_add (self->queue, g_strdup (message));
  if (self->flush_id == 0)
    self->flush_id = g_idle_add (flush_idle_cb, self);
}

const char *
arb_announcer_get_last (ArbAnnouncer *self)
{
  g_return_val_if_fail (ARB_IS_ANNOUNCER (self), NULL);

  return self->last;
}

static void
arb_announcer_finalize (GObject *object)
{
  ArbAnnouncer *self = ARB_ANNOUNCER (object);

  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->context != NULL)
    g_object_weak_unref (G_OBJECT (self->context), context_gone_cb, self);
  restore_others (self, NULL);
  g_clear_pointer (&self->borrowed, g_hash_table_unref);
  g_clear_pointer (&self->queue, g_ptr_array_unref);
  g_clear_pointer (&self->last, g_free);

  G_OBJECT_CLASS (arb_announcer_parent_class)->finalize (object);
}

static void
arb_announcer_class_init (ArbAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_announcer_finalize;

  signals[ANNOUNCED] = g_signal_new ("announced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_announcer_init (ArbAnnouncer *self)
{
  self->queue = g_ptr_array_new_with_free_func (g_free);
  self->borrowed = g_hash_table_new (NULL, NULL);
}

ArbAnnouncer *
arb_announcer_get_default (void)
{
  static ArbAnnouncer *announcer;

  if (announcer == NULL)
    announcer = g_object_new (ARB_TYPE_ANNOUNCER, NULL);
  return announcer;
}
