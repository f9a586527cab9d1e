/* arb-broadcast-dialog.c: the round pushed to a lichess broadcast
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-broadcast-dialog"

#include "config.h"

#include "arb-broadcast-dialog.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-lichess-rounds.h"
#include "arb-lichess-token.h"

typedef struct
{
  int board;
  char *title;
  char *subtitle;
  gboolean refused;
} Answer;

struct _ArbBroadcastDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwEntryRow *round_row;
  AdwPasswordEntryRow *token_row;
  AdwEntryRow *broadcast_row;
  GtkButton *create_button;
  GtkSwitch *push_switch;
  AdwActionRow *status_row;
  GtkListBox *answers_list;
  GtkLabel *note_label;

  /* Owned */
  ArbPublisher *publisher;
  GSettings *settings;
  GCancellable *cancellable;
  char *server;
  char *kept_token;    /* as the keyring has it, or NULL */
  GHashTable *answers; /* board → Answer *, across the batches of a push */
  int round;           /* the round on the table, and its boards */
  guint n_boards;
  char **planned; /* the lichess rounds to create, while asked */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (ArbBroadcastDialog, arb_broadcast_dialog, ADW_TYPE_WINDOW)

static void
answer_free (gpointer data)
{
  Answer *answer = data;

  g_free (answer->title);
  g_free (answer->subtitle);
  g_free (answer);
}

static void
wipe (char **secret)
{
  if (*secret != NULL)
    memset (*secret, 0, strlen (*secret));
  g_clear_pointer (secret, g_free);
}

static void
set_note (ArbBroadcastDialog *self, const char *note)
{
  gtk_label_set_text (self->note_label, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), note != NULL);
}

static char *
clock_time (gint64 us)
{
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (us / G_USEC_PER_SEC);

  return g_date_time_format (when, "%H:%M:%S");
}

/* Words made here, from the facts of the report. */
static void
update_status (ArbBroadcastDialog *self)
{
  const ArbLichessReport *report = arb_publisher_get_push_report (self->publisher);
  gint64 last = arb_publisher_get_last_success (self->publisher);
  g_autofree char *subtitle = NULL;
  const char *title;

  switch (arb_publisher_get_push_state (self->publisher))
    {
    case ARB_LICHESS_PUSH_WAITING:
      title = last > 0 ? _ ("Up to date") : _ ("Waiting for lichess");
      break;
    case ARB_LICHESS_PUSH_SENDING:
      title = _ ("Sending…");
      break;
    case ARB_LICHESS_PUSH_RETRYING:
      title = _ ("No answer yet: trying again");
      break;
    case ARB_LICHESS_PUSH_UNAUTHORIZED:
      title = _ ("lichess refused the token");
      break;
    case ARB_LICHESS_PUSH_IDLE:
    default:
      title = _ ("Not pushing");
      break;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), title);

  if (report != NULL && report->error != NULL)
    subtitle = report->status != 0
                 ? g_strdup_printf (_ ("lichess answered %u: %s"), report->status, report->error)
                 : g_strdup_printf (_ ("No answer: %s"), report->error);
  else if (last > 0)
    {
      g_autofree char *when = clock_time (last);

      subtitle = g_strdup_printf (_ ("Last taken at %s"), when);
    }
  adw_action_row_set_subtitle (self->status_row, subtitle != NULL ? subtitle : "");
}

static int
compare_boards (gconstpointer a, gconstpointer b)
{
  const Answer *x = *(const Answer *const *) a;
  const Answer *y = *(const Answer *const *) b;

  return (x->board > y->board) - (x->board < y->board);
}

static void
update_answers (ArbBroadcastDialog *self)
{
  const ArbLichessReport *report = arb_publisher_get_push_report (self->publisher);
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  GtkWidget *child;

  for (guint i = 0; report != NULL && i < report->games->len; i++)
    {
      const ArbLichessGameAnswer *game = &g_array_index (report->games, ArbLichessGameAnswer, i);
      Answer *answer = g_new0 (Answer, 1);

      answer->board = game->board;
      answer->title = game->board > 0
                        ? g_strdup_printf (_ ("Board %d · %s – %s"), game->board,
                                           game->white != NULL ? game->white : "?",
                                           game->black != NULL ? game->black : "?")
                        : g_strdup_printf ("%s – %s", game->white != NULL ? game->white : "?",
                                           game->black != NULL ? game->black : "?");
      answer->refused = game->error != NULL;
      answer->subtitle =
        game->error != NULL
          ? g_strdup_printf (_ ("Refused: %s"), game->error)
          : g_strdup_printf (ngettext ("%d move taken", "%d moves taken", game->moves),
                             game->moves);
      g_hash_table_replace (self->answers, GINT_TO_POINTER (game->board), answer);
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->answers_list))) != NULL)
    gtk_list_box_remove (self->answers_list, child);
  g_hash_table_iter_init (&iter, self->answers);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (sorted, value);
  g_ptr_array_sort (sorted, compare_boards);
  for (guint i = 0; i < sorted->len; i++)
    {
      const Answer *answer = g_ptr_array_index (sorted, i);
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), answer->title);
      adw_action_row_set_subtitle (row, answer->subtitle);
      if (answer->refused)
        {
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_add_css_class (icon, "warning");
          adw_action_row_add_suffix (row, icon);
        }
      gtk_list_box_append (self->answers_list, GTK_WIDGET (row));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->answers_list), sorted->len > 0);
}

static void
update (ArbBroadcastDialog *self)
{
  ArbLichessPushState state = arb_publisher_get_push_state (self->publisher);
  gboolean on = state != ARB_LICHESS_PUSH_IDLE && state != ARB_LICHESS_PUSH_UNAUTHORIZED;

  self->updating = TRUE;
  gtk_switch_set_state (self->push_switch, on);
  self->updating = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->round_row),
                            !gtk_switch_get_active (self->push_switch));
  gtk_widget_set_sensitive (GTK_WIDGET (self->token_row),
                            !gtk_switch_get_active (self->push_switch));
  update_status (self);
}

static void
publisher_notify_cb (ArbPublisher *publisher, GParamSpec *pspec, ArbBroadcastDialog *self)
{
  if (g_strcmp0 (pspec->name, "push-report") == 0)
    update_answers (self);
  if (g_str_has_prefix (pspec->name, "push-") || g_strcmp0 (pspec->name, "last-success") == 0)
    update (self);
}

static void
stored_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;

  if (arb_lichess_token_store_finish (result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  {
    ArbBroadcastDialog *self = ARB_BROADCAST_DIALOG (data);
    g_autofree char *note =
      g_strdup_printf (_ ("The token could not be kept in the keyring (%s): it is used until "
                          "Arbiter closes, and asked for again next time."),
                       error->message);

    set_note (self, note);
  }
}

static void
looked_up_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  char *token = arb_lichess_token_lookup_finish (result, &error);
  ArbBroadcastDialog *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = ARB_BROADCAST_DIALOG (data);
  if (token == NULL)
    {
      if (error != NULL)
        {
          g_autofree char *note = g_strdup_printf (
            _ ("The keyring could not be read (%s): type the token; it is used until Arbiter "
               "closes."),
            error->message);

          set_note (self, note);
        }
      return;
    }
  wipe (&self->kept_token);
  self->kept_token = token;
  if (gtk_editable_get_text (GTK_EDITABLE (self->token_row))[0] == '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->token_row), token);
}

static void
rounds_created_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) ids = arb_lichess_create_rounds_finish (result, &error);
  ArbBroadcastDialog *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = ARB_BROADCAST_DIALOG (data);
  gtk_widget_set_sensitive (GTK_WIDGET (self->create_button), TRUE);
  if (ids == NULL)
    {
      set_note (self, error->message);
      return;
    }
  {
    g_autofree char *text = g_strjoinv (" ", ids);

    gtk_editable_set_text (GTK_EDITABLE (self->round_row), text);
    set_note (self, NULL);
  }
}

static void
create_response_cb (AdwMessageDialog *ask, const char *response, ArbBroadcastDialog *self)
{
  g_auto (GStrv) names = g_steal_pointer (&self->planned);
  g_autofree char *token = NULL;
  g_autofree char *broadcast = NULL;

  if (g_strcmp0 (response, "create") != 0 || names == NULL)
    return;
  token = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->token_row)));
  broadcast = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->broadcast_row))));
  gtk_widget_set_sensitive (GTK_WIDGET (self->create_button), FALSE);
  arb_lichess_create_rounds_async (self->server, broadcast, token, (const char *const *) names,
                                   self->cancellable, rounds_created_cb, self);
  wipe (&token);
}

/* Says which lichess rounds will be made before any is: creating them
 * cannot be undone from here, so Cancel is the default. */
static void
create_clicked_cb (ArbBroadcastDialog *self)
{
  g_autofree char *list = NULL;
  guint n;
  AdwMessageDialog *ask;

  g_strfreev (self->planned);
  self->planned = arb_lichess_rounds_plan (self->round, self->n_boards);
  n = g_strv_length (self->planned);
  list = g_strjoinv ("\n", self->planned);
  ask = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL));
  adw_message_dialog_format_heading (
    ask, ngettext ("Create %u Lichess Round?", "Create %u Lichess Rounds?", n), n);
  adw_message_dialog_format_body (
    ask,
    /* Translators: the list is of round names, one a line. */
    _ (
      "These rounds will be created in the lichess broadcast “%s”, and their ids filled in:\n\n%s"),
    gtk_editable_get_text (GTK_EDITABLE (self->broadcast_row)), list);
  adw_message_dialog_add_responses (ask, "cancel", _ ("_Cancel"), "create", _ ("C_reate"), NULL);
  adw_message_dialog_set_response_appearance (ask, "create", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ask, "cancel");
  adw_message_dialog_set_close_response (ask, "cancel");
  g_signal_connect_object (ask, "response", G_CALLBACK (create_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (ask));
}

static gboolean
push_state_set_cb (ArbBroadcastDialog *self, gboolean state)
{
  g_autoptr (GError) error = NULL;

  if (self->updating)
    return FALSE;
  if (!state)
    {
      arb_publisher_stop_push (self->publisher);
      update (self);
      return TRUE;
    }

  {
    const char *round_id = gtk_editable_get_text (GTK_EDITABLE (self->round_row));
    g_autofree char *token =
      g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->token_row))));

    g_hash_table_remove_all (self->answers);
    update_answers (self);
    if (!arb_publisher_start_push (self->publisher, self->server, round_id, token, &error))
      {
        set_note (self, error->message);
        wipe (&token);
        self->updating = TRUE;
        gtk_switch_set_active (self->push_switch, FALSE);
        self->updating = FALSE;
        update (self);
        return TRUE;
      }
    set_note (self, NULL);
    if (g_strcmp0 (token, self->kept_token) != 0)
      {
        arb_lichess_token_store_async (self->server, token, self->cancellable, stored_cb, self);
        wipe (&self->kept_token);
        self->kept_token = g_strdup (token);
      }
    wipe (&token);
  }
  update (self);
  return TRUE;
}

static void
arb_broadcast_dialog_dispose (GObject *object)
{
  ArbBroadcastDialog *self = ARB_BROADCAST_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->publisher != NULL)
    g_signal_handlers_disconnect_by_data (self->publisher, self);
  g_clear_object (&self->publisher);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->answers, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_BROADCAST_DIALOG);

  G_OBJECT_CLASS (arb_broadcast_dialog_parent_class)->dispose (object);
}

static void
arb_broadcast_dialog_finalize (GObject *object)
{
  ArbBroadcastDialog *self = ARB_BROADCAST_DIALOG (object);

  wipe (&self->kept_token);
  g_free (self->server);
  g_strfreev (self->planned);

  G_OBJECT_CLASS (arb_broadcast_dialog_parent_class)->finalize (object);
}

static void
arb_broadcast_dialog_class_init (ArbBroadcastDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_broadcast_dialog_dispose;
  object_class->finalize = arb_broadcast_dialog_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-broadcast-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, round_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, token_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, push_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, status_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, answers_list);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, note_label);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, broadcast_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBroadcastDialog, create_button);
  gtk_widget_class_bind_template_callback (widget_class, push_state_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, create_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_broadcast_dialog_init (ArbBroadcastDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->answers = g_hash_table_new_full (NULL, NULL, NULL, answer_free);
  gtk_widget_set_visible (GTK_WIDGET (self->answers_list), FALSE);
}

ArbBroadcastDialog *
arb_broadcast_dialog_new (ArbPublisher *publisher, GSettings *settings)
{
  ArbBroadcastDialog *self;

  g_return_val_if_fail (ARB_IS_PUBLISHER (publisher), NULL);

  self = g_object_new (ARB_TYPE_BROADCAST_DIALOG, NULL);
  self->publisher = g_object_ref (publisher);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "lichess-round-id", self->round_row, "text",
                       G_SETTINGS_BIND_DEFAULT);
      self->server = g_settings_get_string (settings, "lichess-server");
    }
  if (self->server == NULL || self->server[0] == '\0')
    {
      g_free (self->server);
      self->server = g_strdup (ARB_LICHESS_DEFAULT_BASE_URL);
    }
  self->updating = TRUE;
  gtk_switch_set_active (self->push_switch,
                         arb_publisher_get_push_state (publisher) != ARB_LICHESS_PUSH_IDLE);
  self->updating = FALSE;
  g_signal_connect (publisher, "notify", G_CALLBACK (publisher_notify_cb), self);
  arb_lichess_token_lookup_async (self->server, self->cancellable, looked_up_cb, self);
  /* The switch first: the fields are usually kept from the last time. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->push_switch));
  update_answers (self);
  update (self);
  return self;
}

void
arb_broadcast_dialog_set_round_id (ArbBroadcastDialog *self, const char *round_id)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->round_row), round_id);
}

void
arb_broadcast_dialog_set_round_size (ArbBroadcastDialog *self, int round, guint n_boards)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  self->round = round;
  self->n_boards = n_boards;
}

void
arb_broadcast_dialog_set_broadcast_id (ArbBroadcastDialog *self, const char *id)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->broadcast_row), id);
}

void
arb_broadcast_dialog_press_create (ArbBroadcastDialog *self)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  gtk_widget_activate (GTK_WIDGET (self->create_button));
}

const char *
arb_broadcast_dialog_get_round_id (ArbBroadcastDialog *self)
{
  g_return_val_if_fail (ARB_IS_BROADCAST_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->round_row));
}

void
arb_broadcast_dialog_set_token (ArbBroadcastDialog *self, const char *token)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->token_row), token);
}

void
arb_broadcast_dialog_set_pushing (ArbBroadcastDialog *self, gboolean pushing)
{
  g_return_if_fail (ARB_IS_BROADCAST_DIALOG (self));
  gtk_switch_set_active (self->push_switch, pushing);
}

const char *
arb_broadcast_dialog_get_status (ArbBroadcastDialog *self)
{
  g_return_val_if_fail (ARB_IS_BROADCAST_DIALOG (self), NULL);
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->status_row));
}

guint
arb_broadcast_dialog_get_n_answers (ArbBroadcastDialog *self)
{
  g_return_val_if_fail (ARB_IS_BROADCAST_DIALOG (self), 0);
  return g_hash_table_size (self->answers);
}

char *
arb_broadcast_dialog_get_answer_text (ArbBroadcastDialog *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (ARB_IS_BROADCAST_DIALOG (self), NULL);

  row = gtk_list_box_get_row_at_index (self->answers_list, (int) index);
  if (row == NULL)
    return NULL;
  return g_strdup_printf ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
}

const char *
arb_broadcast_dialog_get_note (ArbBroadcastDialog *self)
{
  g_return_val_if_fail (ARB_IS_BROADCAST_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->note_label))
           ? gtk_label_get_text (self->note_label)
           : NULL;
}
