/* arb-team-dialog.c: the arbiters' team, their sign-ins given and revoked
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chief arbiter adds a floor arbiter or a deputy here and hands them
 * the sign-in at once: a QR code of the floor page's address with the
 * token in its fragment, and the token as text. The file keeps only the
 * token's hash, so the dialog shows it this one time and never again; the
 * listing shows who is on the team, their sectors and what was revoked.
 */

#include "config.h"

#include "arb-team-dialog.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-qr-code.h"
#include "arb-team-certificate.h"
#include "arb-tournament-team.h"

#define QR_SCALE 5

struct _ArbTeamDialog
{
  AdwWindow parent_instance;

  ArbTournament *tournament;
  char *address; /* HOST:PORT of the arbiters' service, NULL: not known */
  GHashTable *widgets;
  GtkListBox *list;
  GtkLabel *feedback;
  GtkWidget *sign_in;
  GtkPicture *qr;
  GtkLabel *token;
  GtkLabel *address_label;
  AdwActionRow *service_row;
  char *shown_name; /* the sign-in shown, while it is: drawn again for a new address */
  char *shown_token;
  AdwMessageDialog *question; /* weak: the revoke question open */
  GtkEditable *reason;
  char *revoking;
};

G_DEFINE_FINAL_TYPE (ArbTeamDialog, arb_team_dialog, ADW_TYPE_WINDOW)

static const char *
role_label (ArbTeamRole role)
{
  switch (role)
    {
    case ARB_TEAM_ROLE_FLOOR:
      return _ ("Floor arbiter");
    case ARB_TEAM_ROLE_DEPUTY:
      return _ ("Deputy");
    case ARB_TEAM_ROLE_CHIEF:
    default:
      return _ ("Chief arbiter");
    }
}

static void
say (ArbTeamDialog *self, const char *text)
{
  gtk_label_set_text (self->feedback, text);
}

static void revoke_clicked_cb (GtkButton *button, ArbTeamDialog *self);

static GtkWidget *
arbiter_row (ArbTeamDialog *self, const ArbTeamArbiter *a)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *sectors = a->sectors != NULL && a->sectors[0] != '\0'
                               /* TRANSLATORS: the boards a floor arbiter walks, "1-20,41-60" */
                               ? g_strdup_printf (_ ("boards %s"), a->sectors)
                               : g_strdup (_ ("every board"));
  g_autofree char *subtitle = NULL;

  if (a->revoked_at != NULL)
    /* TRANSLATORS: role, boards, then why the sign-in was revoked */
    subtitle = g_strdup_printf (_ ("%s, %s — revoked: %s"), role_label (a->role), sectors,
                                a->revoke_reason != NULL ? a->revoke_reason : "");
  else
    /* TRANSLATORS: role, then the boards the arbiter walks */
    subtitle = g_strdup_printf (_ ("%s, %s"), role_label (a->role), sectors);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), a->name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (a->revoked_at == NULL)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Revoke…"));

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (button), "arbiter", g_strdup (a->name), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (revoke_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
reload (ArbTeamDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) team = arb_tournament_list_team (self->tournament, &error);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (team == NULL)
    {
      say (self, arb_error_text (error));
      return;
    }
  for (guint i = 0; i < team->len; i++)
    gtk_list_box_append (self->list, arbiter_row (self, g_ptr_array_index (team, i)));
}

static void
show_sign_in (ArbTeamDialog *self, const char *name, const char *token)
{
  /* With a certificate in the file the service is HTTPS, and the phone
   * shows its fingerprint once, to compare with the desk's. */
  g_autofree char *fp = arb_team_certificate_stored_fingerprint (self->tournament, NULL);
  g_autofree char *url =
    g_strdup_printf ("%s://%s/floor#token=%s%s%s", fp != NULL ? "https" : "http",
                     self->address != NULL ? self->address : "ADDRESS:PORT", token,
                     fp != NULL ? "&fp=" : "", fp != NULL ? fp : "");
  g_autoptr (GdkTexture) qr = arb_qr_code_new_texture (url, QR_SCALE);
  g_autofree char *where = NULL;

  gtk_picture_set_paintable (self->qr, GDK_PAINTABLE (qr));
  g_object_set_data_full (G_OBJECT (self->qr), "url", g_strdup (url), g_free);
  gtk_label_set_text (self->token, token);
  if (self->address != NULL)
    where = g_strdup_printf (_ ("Sign-in for %s at %s"), name, url);
  else
    where = g_strdup_printf (
      _ ("Sign-in for %s. The arbiters' service is not running here: turn on Serve the "
         "Floor Arbiters above (or start arbiter-cli serve-team) and put its address in place "
         "of ADDRESS:PORT in %s"),
      name, url);
  gtk_label_set_text (self->address_label, where);
  gtk_widget_set_visible (self->sign_in, TRUE);
  if (self->shown_token != token)
    {
      g_free (self->shown_name);
      self->shown_name = g_strdup (name);
      g_free (self->shown_token);
      self->shown_token = g_strdup (token);
    }
}

static void
update_service_row (ArbTeamDialog *self)
{
  g_autofree char *where = NULL;

  if (self->address != NULL)
    {
      /* The certificate's fingerprint, for the arbiter to compare with
       * what a phone shows on its first visit. */
      g_autofree char *fp = arb_team_certificate_stored_fingerprint (self->tournament, NULL);
      /* Translators: %s is HOST:PORT of the arbiters' service */
      g_autofree char *listening = g_strdup_printf (_ ("Listening at %s"), self->address);
      g_autofree char *certificate =
        fp != NULL ? g_strdup_printf (_ ("Certificate (SHA-256): %s"), fp) : NULL;

      where = certificate != NULL ? g_strconcat (listening, "\n", certificate, NULL)
                                  : g_steal_pointer (&listening);
    }
  adw_action_row_set_subtitle (
    self->service_row, where != NULL ? where : _ ("Off: the floor arbiters' phones reach no desk"));
}

void
arb_team_dialog_set_address (ArbTeamDialog *self, const char *address)
{
  g_return_if_fail (ARB_IS_TEAM_DIALOG (self));

  if (g_strcmp0 (self->address, address) == 0)
    return;
  g_free (self->address);
  self->address = g_strdup (address);
  update_service_row (self);
  if (self->shown_token != NULL && gtk_widget_get_visible (self->sign_in))
    show_sign_in (self, self->shown_name, self->shown_token);
}

static void
add_clicked_cb (GtkButton *button, ArbTeamDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  const char *name = gtk_editable_get_text (g_hash_table_lookup (self->widgets, "name"));
  const char *sectors = gtk_editable_get_text (g_hash_table_lookup (self->widgets, "sectors"));
  guint role = adw_combo_row_get_selected (g_hash_table_lookup (self->widgets, "role"));
  g_autofree char *name_copy = g_strstrip (g_strdup (name));

  /* A new add hides the sign-in shown before: a token is seen once. */
  gtk_widget_set_visible (self->sign_in, FALSE);
  g_clear_pointer (&self->shown_name, g_free);
  g_clear_pointer (&self->shown_token, g_free);
  gtk_label_set_text (self->token, "");
  gtk_picture_set_paintable (self->qr, NULL);
  if (name_copy[0] == '\0')
    {
      say (self, _ ("Type the arbiter's name first"));
      return;
    }
  if (!arb_tournament_add_arbiter (self->tournament, name_copy,
                                   role == 1 ? ARB_TEAM_ROLE_DEPUTY : ARB_TEAM_ROLE_FLOOR, sectors,
                                   &token, &error))
    {
      say (self, arb_error_text (error));
      return;
    }
  show_sign_in (self, name_copy, token);
  {
    g_autofree char *text = g_strdup_printf (_ ("%s added to the team"), name_copy);
    say (self, text);
  }
  gtk_editable_set_text (g_hash_table_lookup (self->widgets, "name"), "");
  gtk_editable_set_text (g_hash_table_lookup (self->widgets, "sectors"), "");
  reload (self);
}

static void
question_response_cb (AdwMessageDialog *question, const char *response, ArbTeamDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;

  if (g_strcmp0 (response, "revoke") != 0 || self->revoking == NULL)
    return;
  reason = g_strstrip (g_strdup (gtk_editable_get_text (self->reason)));
  if (!arb_tournament_revoke_arbiter (self->tournament, self->revoking, reason, &error))
    say (self, arb_error_text (error));
  else
    {
      g_autofree char *text = g_strdup_printf (_ ("%s's sign-in revoked"), self->revoking);
      say (self, text);
    }
  reload (self);
}

void
arb_team_dialog_ask_revoke (ArbTeamDialog *self, const char *name)
{
  AdwMessageDialog *q;
  g_autofree char *heading = g_strdup_printf (_ ("Revoke %s's Sign-In?"), name);

  g_return_if_fail (ARB_IS_TEAM_DIALOG (self));
  g_free (self->revoking);
  self->revoking = g_strdup (name);
  q = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    GTK_WINDOW (self), heading, _ ("Their phone can send nothing more. Say why; it is recorded.")));
  self->reason = GTK_EDITABLE (gtk_entry_new ());
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->reason), _ ("Reason"));
  adw_message_dialog_set_extra_child (q, GTK_WIDGET (self->reason));
  adw_message_dialog_add_responses (q, "cancel", _ ("_Keep"), "revoke", _ ("_Revoke"), NULL);
  adw_message_dialog_set_response_appearance (q, "revoke", ADW_RESPONSE_DESTRUCTIVE);
  /* The safe choice is the one focused and the one Enter takes. */
  adw_message_dialog_set_default_response (q, "cancel");
  adw_message_dialog_set_close_response (q, "cancel");
  g_signal_connect_object (q, "response", G_CALLBACK (question_response_cb), self, 0);
  self->question = q;
  g_object_add_weak_pointer (G_OBJECT (q), (gpointer *) &self->question);
  gtk_window_present (GTK_WINDOW (q));
}

static void
revoke_clicked_cb (GtkButton *button, ArbTeamDialog *self)
{
  arb_team_dialog_ask_revoke (self, g_object_get_data (G_OBJECT (button), "arbiter"));
}

static GtkWidget *
keep (ArbTeamDialog *self, const char *name, GtkWidget *widget)
{
  g_hash_table_insert (self->widgets, (gpointer) name, widget);
  return widget;
}

static GtkWidget *
build_add_group (ArbTeamDialog *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *name = keep (self, "name", adw_entry_row_new ());
  GtkWidget *role = keep (self, "role", adw_combo_row_new ());
  GtkWidget *sectors = keep (self, "sectors", adw_entry_row_new ());
  GtkWidget *add = keep (self, "add", gtk_button_new_with_mnemonic (_ ("_Add Arbiter")));
  const char *roles[] = { _ ("Floor arbiter"), _ ("Deputy"), NULL };
  g_autoptr (GtkStringList) model = gtk_string_list_new (roles);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _ ("Add an Arbiter"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _ ("Name"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (role), _ ("Role"));
  adw_combo_row_set_model (ADW_COMBO_ROW (role), G_LIST_MODEL (model));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (sectors),
                                 _ ("Boards (such as 1-20,41-60; empty: every board)"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), name);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), role);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), sectors);
  gtk_widget_add_css_class (add, "suggested-action");
  gtk_widget_set_halign (add, GTK_ALIGN_END);
  gtk_widget_set_margin_top (add, 6);
  g_signal_connect (add, "clicked", G_CALLBACK (add_clicked_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), add);
  return group;
}

static GtkWidget *
build_sign_in (ArbTeamDialog *self)
{
  GtkWidget *box = keep (self, "sign-in", gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  GtkWidget *warning =
    keep (self, "warning",
          gtk_label_new (_ ("Shown only now: the file keeps no copy of this token. Let the arbiter "
                            "scan the code or copy the token before closing this dialog.")));

  self->sign_in = box;
  self->address_label = GTK_LABEL (keep (self, "address", gtk_label_new (NULL)));
  gtk_label_set_wrap (self->address_label, TRUE);
  gtk_label_set_wrap_mode (self->address_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (self->address_label, 40);
  gtk_label_set_selectable (self->address_label, TRUE);
  self->qr = GTK_PICTURE (keep (self, "qr", gtk_picture_new ()));
  gtk_widget_set_size_request (GTK_WIDGET (self->qr), 220, 220);
  self->token = GTK_LABEL (keep (self, "token", gtk_label_new (NULL)));
  gtk_label_set_selectable (self->token, TRUE);
  gtk_label_set_wrap (self->token, TRUE);
  gtk_label_set_wrap_mode (self->token, PANGO_WRAP_CHAR);
  gtk_label_set_max_width_chars (self->token, 32);
  gtk_widget_add_css_class (GTK_WIDGET (self->token), "monospace");
  gtk_label_set_wrap (GTK_LABEL (warning), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (warning), 40);
  gtk_widget_add_css_class (warning, "warning");
  gtk_box_append (GTK_BOX (box), warning);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->qr));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->token));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->address_label));
  gtk_widget_set_visible (box, FALSE);
  return box;
}

/* The window's arbiters' service, turned on and off through its
 * floor.serve action (inserted into this dialog by the window). */
static GtkWidget *
build_service_group (ArbTeamDialog *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = keep (self, "service", adw_action_row_new ());
  GtkWidget *toggle = keep (self, "serve", gtk_switch_new ());

  self->service_row = ADW_ACTION_ROW (row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Serve the Floor Arbiters"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (toggle), "floor.serve");
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Serve the Floor Arbiters"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  update_service_row (self);
  return group;
}

static void
build (ArbTeamDialog *self)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *team = adw_preferences_group_new ();

  gtk_box_append (GTK_BOX (outer), adw_header_bar_new ());
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (team), _ ("The Team"));
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (team), GTK_WIDGET (self->list));
  self->feedback = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->feedback, TRUE);
  gtk_label_set_max_width_chars (self->feedback, 40);
  gtk_box_append (GTK_BOX (box), build_service_group (self));
  gtk_box_append (GTK_BOX (box), team);
  gtk_box_append (GTK_BOX (box), build_add_group (self));
  gtk_box_append (GTK_BOX (box), build_sign_in (self));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->feedback));
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_box_append (GTK_BOX (outer), scrolled);
  adw_window_set_content (ADW_WINDOW (self), outer);
}

static void
arb_team_dialog_finalize (GObject *object)
{
  ArbTeamDialog *self = ARB_TEAM_DIALOG (object);

  g_clear_object (&self->tournament);
  g_clear_pointer (&self->address, g_free);
  g_clear_pointer (&self->revoking, g_free);
  g_clear_pointer (&self->shown_name, g_free);
  g_clear_pointer (&self->shown_token, g_free);
  g_clear_pointer (&self->widgets, g_hash_table_unref);
  G_OBJECT_CLASS (arb_team_dialog_parent_class)->finalize (object);
}

static void
arb_team_dialog_class_init (ArbTeamDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_team_dialog_finalize;
}

static void
arb_team_dialog_init (ArbTeamDialog *self)
{
  self->widgets = g_hash_table_new (g_str_hash, g_str_equal);
  gtk_window_set_title (GTK_WINDOW (self), _ ("Arbiters' Team"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 720);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  build (self);
}

ArbTeamDialog *
arb_team_dialog_new (ArbTournament *tournament, const char *address)
{
  ArbTeamDialog *self = g_object_new (ARB_TYPE_TEAM_DIALOG, NULL);

  self->tournament = g_object_ref (tournament);
  self->address = g_strdup (address);
  update_service_row (self);
  reload (self);
  return self;
}

GtkWidget *
arb_team_dialog_get_widget (ArbTeamDialog *self, const char *name)
{
  g_return_val_if_fail (ARB_IS_TEAM_DIALOG (self), NULL);
  return g_hash_table_lookup (self->widgets, name);
}

GtkWindow *
arb_team_dialog_get_revoke_question (ArbTeamDialog *self)
{
  g_return_val_if_fail (ARB_IS_TEAM_DIALOG (self), NULL);
  return self->question != NULL ? GTK_WINDOW (self->question) : NULL;
}

GtkEditable *
arb_team_dialog_get_revoke_reason (ArbTeamDialog *self)
{
  g_return_val_if_fail (ARB_IS_TEAM_DIALOG (self), NULL);
  return self->question != NULL ? self->reason : NULL;
}

const char *
arb_team_dialog_get_feedback (ArbTeamDialog *self)
{
  g_return_val_if_fail (ARB_IS_TEAM_DIALOG (self), NULL);
  return gtk_label_get_text (self->feedback);
}

GStrv
arb_team_dialog_dup_rows (ArbTeamDialog *self)
{
  g_autoptr (GStrvBuilder) rows = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_TEAM_DIALOG (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      g_autofree char *line =
        g_strdup_printf ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                         adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
      g_strv_builder_add (rows, line);
    }
  return g_strv_builder_end (rows);
}
