/* arb-publish-dialog.c: the round on the venue network
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-publish-dialog"

#include "config.h"

#include "arb-publish-dialog.h"

#include "arb-i18n.h"
#include "arb-qr-code.h"

/* Pixels per module of the QR code: large enough for a phone held at
 * arm's length from the arbiter's screen. */
#define QR_SCALE 5

struct _ArbPublishDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  GtkSwitch *publish_switch;
  AdwEntryRow *address_row;
  GtkSpinButton *port_spin;
  GtkSpinButton *delay_spin;
  AdwPasswordEntryRow *token_row;
  AdwPreferencesGroup *screens_group;
  AdwActionRow *url_row;
  GtkLabel *clients_label;
  GtkPicture *qr_picture;
  GtkLabel *error_label;

  /* Owned */
  ArbPublisher *publisher;
  GSettings *settings;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (ArbPublishDialog, arb_publish_dialog, ADW_TYPE_WINDOW)

static void
update (ArbPublishDialog *self)
{
  gboolean serving = arb_publisher_is_serving (self->publisher);
  const char *url = arb_publisher_get_url (self->publisher);
  const char *error = arb_publisher_get_error (self->publisher);
  guint n = arb_publisher_get_n_clients (self->publisher);
  g_autofree char *clients = NULL;

  /* The switch shows the server: on once it listens, off when it could
   * not start; between the two it shows the arbiter's wish. */
  self->updating = TRUE;
  if (serving)
    gtk_switch_set_state (self->publish_switch, TRUE);
  else if (!gtk_switch_get_active (self->publish_switch) || error != NULL)
    gtk_switch_set_state (self->publish_switch, FALSE);
  self->updating = FALSE;

  gtk_widget_set_sensitive (GTK_WIDGET (self->address_row),
                            !gtk_switch_get_active (self->publish_switch));
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_spin),
                            !gtk_switch_get_active (self->publish_switch));
  gtk_widget_set_sensitive (GTK_WIDGET (self->token_row),
                            !gtk_switch_get_active (self->publish_switch));
  gtk_widget_set_visible (GTK_WIDGET (self->screens_group), serving && url != NULL);
  adw_action_row_set_subtitle (self->url_row, url != NULL ? url : "");

  clients = g_strdup_printf (ngettext ("%u connection", "%u connections", n), n);
  gtk_label_set_text (self->clients_label, clients);

  if (url != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (self->qr_picture), "url"), url) != 0)
    {
      g_autoptr (GdkTexture) qr = arb_qr_code_new_texture (url, QR_SCALE);

      gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (qr));
      g_object_set_data_full (G_OBJECT (self->qr_picture), "url", g_strdup (url), g_free);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_ ("The round could not be published: %s"), error);

      gtk_label_set_text (self->error_label, text);
    }
}

static void
publisher_notify_cb (ArbPublisher *publisher, GParamSpec *pspec, ArbPublishDialog *self)
{
  update (self);
}

/* The switch's new position is the arbiter's wish; its state follows
 * the server (see update()). */
static gboolean
publish_state_set_cb (ArbPublishDialog *self, gboolean state)
{
  if (self->updating)
    return FALSE;
  if (state)
    {
      const char *address = gtk_editable_get_text (GTK_EDITABLE (self->address_row));
      const char *token = gtk_editable_get_text (GTK_EDITABLE (self->token_row));

      arb_publisher_set_delay (self->publisher,
                               (guint) gtk_spin_button_get_value_as_int (self->delay_spin));
      arb_publisher_start_serving (self->publisher, address,
                                   (guint) gtk_spin_button_get_value_as_int (self->port_spin),
                                   token);
    }
  else
    arb_publisher_stop_serving (self->publisher);
  update (self);
  return TRUE;
}

static void
delay_changed_cb (ArbPublishDialog *self)
{
  arb_publisher_set_delay (self->publisher,
                           (guint) gtk_spin_button_get_value_as_int (self->delay_spin));
}

static void
copy_clicked_cb (ArbPublishDialog *self)
{
  const char *url = arb_publisher_get_url (self->publisher);

  if (url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), url);
}

static void
arb_publish_dialog_dispose (GObject *object)
{
  ArbPublishDialog *self = ARB_PUBLISH_DIALOG (object);

  if (self->publisher != NULL)
    g_signal_handlers_disconnect_by_data (self->publisher, self);
  g_clear_object (&self->publisher);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_PUBLISH_DIALOG);

  G_OBJECT_CLASS (arb_publish_dialog_parent_class)->dispose (object);
}

static void
arb_publish_dialog_class_init (ArbPublishDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_publish_dialog_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-publish-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, publish_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, token_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, screens_group);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, url_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, clients_label);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, ArbPublishDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, publish_state_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, delay_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_publish_dialog_init (ArbPublishDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

ArbPublishDialog *
arb_publish_dialog_new (ArbPublisher *publisher, GSettings *settings)
{
  ArbPublishDialog *self;

  g_return_val_if_fail (ARB_IS_PUBLISHER (publisher), NULL);

  self = g_object_new (ARB_TYPE_PUBLISH_DIALOG, NULL);
  self->publisher = g_object_ref (publisher);
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), "127.0.0.1");
  gtk_spin_button_set_value (self->delay_spin, arb_publisher_get_delay (publisher));
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "publish-address", self->address_row, "text",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "publish-port", self->port_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "publish-delay", self->delay_spin, "value",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "publish-token", self->token_row, "text", G_SETTINGS_BIND_DEFAULT);
    }
  self->updating = TRUE;
  gtk_switch_set_active (self->publish_switch, arb_publisher_is_serving (publisher));
  self->updating = FALSE;
  g_signal_connect (publisher, "notify", G_CALLBACK (publisher_notify_cb), self);
  /* The switch first: the settings are usually kept from the last time. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->publish_switch));
  update (self);
  return self;
}

void
arb_publish_dialog_set_publishing (ArbPublishDialog *self, gboolean publishing)
{
  g_return_if_fail (ARB_IS_PUBLISH_DIALOG (self));
  gtk_switch_set_active (self->publish_switch, publishing);
}

void
arb_publish_dialog_set_port (ArbPublishDialog *self, guint port)
{
  g_return_if_fail (ARB_IS_PUBLISH_DIALOG (self));
  gtk_spin_button_set_value (self->port_spin, port);
}

GdkPaintable *
arb_publish_dialog_get_qr_code (ArbPublishDialog *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISH_DIALOG (self), NULL);
  return gtk_picture_get_paintable (self->qr_picture);
}

const char *
arb_publish_dialog_get_clients_text (ArbPublishDialog *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISH_DIALOG (self), NULL);
  return gtk_label_get_text (self->clients_label);
}

const char *
arb_publish_dialog_get_shown_url (ArbPublishDialog *self)
{
  g_return_val_if_fail (ARB_IS_PUBLISH_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->screens_group))
           ? adw_action_row_get_subtitle (self->url_row)
           : NULL;
}
