/* arb-call-queue.c: the calls from the floor waiting at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-call-queue.h"

#include "arb-floor-record.h"
#include "arb-i18n.h"
#include "arb-tournament-team.h"

/* How often the waiting times are worked out again from the stored times. */
#define REFRESH_SECONDS 15

struct _ArbCallQueue
{
  GtkBox parent_instance;

  GtkListBox *list;
  GtkWidget *empty;
  GtkStringList *names; /* who may answer, the default first */
  guint refresh_id;
};

G_DEFINE_FINAL_TYPE (ArbCallQueue, arb_call_queue, GTK_TYPE_BOX)

enum
{
  ANSWER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "waiting 3 minutes", from the call's stored time and now. */
static char *
waiting_text (GDateTime *called, GDateTime *now)
{
  gint64 minutes = MAX (g_date_time_difference (now, called), 0) / G_TIME_SPAN_MINUTE;

  if (minutes < 1)
    /* Translators: how long a call from the floor has waited at the desk */
    return g_strdup (_ ("waiting less than a minute"));
  if (minutes < 60)
    /* Translators: how long a call from the floor has waited at the desk */
    return g_strdup_printf (ngettext ("waiting %d minute", "waiting %d minutes", (gulong) minutes),
                            (int) minutes);
  /* Translators: how long a call from the floor has waited: hours, minutes */
  return g_strdup_printf (_ ("waiting %d h %02d min"), (int) (minutes / 60), (int) (minutes % 60));
}

static void
update_row_text (GtkWidget *row, GDateTime *now)
{
  const char *recorded = g_object_get_data (G_OBJECT (row), "arb-called-at");
  const char *note = g_object_get_data (G_OBJECT (row), "arb-note");
  g_autoptr (GDateTime) called =
    recorded != NULL ? g_date_time_new_from_iso8601 (recorded, NULL) : NULL;
  g_autoptr (GDateTime) local = called != NULL ? g_date_time_to_local (called) : NULL;
  g_autofree char *at = local != NULL ? g_date_time_format (local, "%H:%M") : g_strdup ("–");
  g_autofree char *waiting = called != NULL ? waiting_text (called, now) : g_strdup ("");
  /* Translators: a call waiting at the desk: the time it came, how long ago */
  g_autofree char *since = g_strdup_printf (_ ("called at %s, %s"), at, waiting);
  g_autofree char *subtitle =
    note != NULL ? g_strdup_printf ("%s — %s", since, note) : g_strdup (since);
  g_autofree char *spoken = g_strdup_printf (
    "%s, %s", gtk_label_get_text (g_object_get_data (G_OBJECT (row), "arb-title")), subtitle);

  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "arb-subtitle"), subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
}

static void
refresh (ArbCallQueue *self)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    update_row_text (row, now);
}

static gboolean
refresh_cb (gpointer data)
{
  refresh (ARB_CALL_QUEUE (data));
  return G_SOURCE_CONTINUE;
}

static gint64
row_id (GtkWidget *row)
{
  gint64 *id = g_object_get_data (G_OBJECT (row), "arb-call-id");

  return id != NULL ? *id : 0;
}

static GtkWidget *
find_row (ArbCallQueue *self, gint64 id)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (row_id (row) == id)
      return row;
  return NULL;
}

static void
answer_clicked_cb (GtkButton *button, ArbCallQueue *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  GtkDropDown *by = g_object_get_data (G_OBJECT (row), "arb-answerer");
  guint selected = gtk_drop_down_get_selected (by);
  const char *name = selected < g_list_model_get_n_items (G_LIST_MODEL (self->names))
                       ? gtk_string_list_get_string (self->names, selected)
                       : NULL;

  if (name != NULL)
    g_signal_emit (self, signals[ANSWER], 0, row_id (row), name);
}

/* A row of a narrow panel: the board and the caller, since when and
 * the note below, then who answers and Answer. */
static GtkWidget *
call_row (ArbCallQueue *self, const ArbFloorRecord *call)
{
  g_auto (ArbFloorContent) content = { 0 };
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *by = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->names)), NULL);
  GtkWidget *answer = gtk_button_new_with_mnemonic (_ ("_Answer"));
  /* Translators: a call from the floor: the board, the floor arbiter who called */
  g_autofree char *title = g_strdup_printf (_ ("Board %d · %s"), call->board, call->arbiter);
  /* Translators: the accessible name of the button that answers a call */
  g_autofree char *answer_name =
    g_strdup_printf (_ ("Answer the call about board %d"), call->board);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *subtitle = gtk_label_new (NULL);
  gint64 *id = g_new (gint64, 1);

  *id = call->id;
  arb_floor_content_read (call, &content);
  g_object_set_data_full (G_OBJECT (row), "arb-call-id", id, g_free);
  g_object_set_data_full (G_OBJECT (row), "arb-called-at", g_strdup (call->recorded_at), g_free);
  g_object_set_data_full (G_OBJECT (row), "arb-note", g_steal_pointer (&content.text), g_free);
  g_object_set_data (G_OBJECT (row), "arb-answerer", by);
  g_object_set_data (G_OBJECT (row), "arb-answer", answer);
  g_object_set_data (G_OBJECT (row), "arb-title", title_label);
  g_object_set_data (G_OBJECT (row), "arb-subtitle", subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
  gtk_widget_add_css_class (title_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (subtitle), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_set_tooltip_text (by, _ ("Answered by"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (by), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Answered by"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (answer), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  answer_name, -1);
  g_signal_connect (answer, "clicked", G_CALLBACK (answer_clicked_cb), self);
  gtk_widget_set_halign (actions, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (actions), by);
  gtk_box_append (GTK_BOX (actions), answer);
  gtk_box_append (GTK_BOX (box), title_label);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_box_append (GTK_BOX (box), actions);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* A row that goes while it holds the keyboard hands it to its neighbour,
 * so that answering one call leaves the arbiter on the next. */
static void
remove_row (ArbCallQueue *self, GtkWidget *row)
{
  GtkRoot *root = gtk_widget_get_root (row);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *next = gtk_widget_get_next_sibling (row);

  if (next == NULL)
    next = gtk_widget_get_prev_sibling (row);
  gtk_list_box_remove (self->list, row);
  if (focus != NULL && (focus == row || gtk_widget_is_ancestor (focus, row)))
    {
      GtkWidget *answer = next != NULL ? g_object_get_data (G_OBJECT (next), "arb-answer") : NULL;

      if (answer != NULL)
        gtk_widget_grab_focus (answer);
    }
}

static gboolean
calls_hold (GPtrArray *calls, gint64 id)
{
  for (guint i = 0; calls != NULL && i < calls->len; i++)
    if (((ArbFloorRecord *) calls->pdata[i])->id == id)
      return TRUE;
  return FALSE;
}

static void
set_names (ArbCallQueue *self, const char *const *arbiters)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->names));
  guint given = arbiters != NULL ? g_strv_length ((char **) arbiters) : 0;
  gboolean same = n == given;

  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->names, i), arbiters[i]) == 0;
  if (!same)
    gtk_string_list_splice (self->names, 0, n, arbiters);
}

void
arb_call_queue_set_calls (ArbCallQueue *self, GPtrArray *calls, const char *const *arbiters)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  GtkWidget *row;
  GtkWidget *next;

  g_return_if_fail (ARB_IS_CALL_QUEUE (self));

  set_names (self, arbiters);
  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL; row = next)
    {
      next = gtk_widget_get_next_sibling (row);
      if (!calls_hold (calls, row_id (row)))
        remove_row (self, row);
    }
  /* Oldest first: a new call has the highest row id, and goes last. */
  for (guint i = 0; calls != NULL && i < calls->len; i++)
    {
      const ArbFloorRecord *call = calls->pdata[i];

      if (find_row (self, call->id) != NULL)
        continue;
      row = call_row (self, call);
      gtk_list_box_append (self->list, row);
      update_row_text (row, now);
    }
  gtk_widget_set_visible (self->empty, arb_call_queue_get_n_calls (self) == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->list), arb_call_queue_get_n_calls (self) > 0);
  if (arb_call_queue_get_n_calls (self) > 0 && self->refresh_id == 0)
    self->refresh_id = g_timeout_add_seconds (REFRESH_SECONDS, refresh_cb, self);
  else if (arb_call_queue_get_n_calls (self) == 0)
    g_clear_handle_id (&self->refresh_id, g_source_remove);
}

guint
arb_call_queue_get_n_calls (ArbCallQueue *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_CALL_QUEUE (self), 0);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

GStrv
arb_call_queue_dup_rows (ArbCallQueue *self)
{
  g_autoptr (GStrvBuilder) rows = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_CALL_QUEUE (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      g_autofree char *line = g_strdup_printf (
        "%s — %s", gtk_label_get_text (g_object_get_data (G_OBJECT (row), "arb-title")),
        gtk_label_get_text (g_object_get_data (G_OBJECT (row), "arb-subtitle")));
      g_strv_builder_add (rows, line);
    }
  return g_strv_builder_end (rows);
}

GtkWidget *
arb_call_queue_get_answer_button (ArbCallQueue *self, gint64 id)
{
  GtkWidget *row;

  g_return_val_if_fail (ARB_IS_CALL_QUEUE (self), NULL);
  row = find_row (self, id);
  return row != NULL ? g_object_get_data (G_OBJECT (row), "arb-answer") : NULL;
}

GtkDropDown *
arb_call_queue_get_answerer (ArbCallQueue *self, gint64 id)
{
  GtkWidget *row;

  g_return_val_if_fail (ARB_IS_CALL_QUEUE (self), NULL);
  row = find_row (self, id);
  return row != NULL ? g_object_get_data (G_OBJECT (row), "arb-answerer") : NULL;
}

static void
arb_call_queue_dispose (GObject *object)
{
  ArbCallQueue *self = ARB_CALL_QUEUE (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->names);
  G_OBJECT_CLASS (arb_call_queue_parent_class)->dispose (object);
}

static void
arb_call_queue_class_init (ArbCallQueueClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_call_queue_dispose;
  signals[ANSWER] = g_signal_new ("answer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "callqueue");
}

static void
arb_call_queue_init (ArbCallQueue *self)
{
  GtkWidget *heading = gtk_label_new (_ ("Calls to the Desk"));

  self->names = gtk_string_list_new (NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 18);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 18);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, -1);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (self), heading);
  self->empty = gtk_label_new (_ ("No calls waiting"));
  gtk_label_set_xalign (GTK_LABEL (self->empty), 0);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_box_append (GTK_BOX (self), self->empty);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_set_visible (GTK_WIDGET (self->list), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Calls to the Desk"), -1);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->list));
}

GtkWidget *
arb_call_queue_new (void)
{
  return g_object_new (ARB_TYPE_CALL_QUEUE, NULL);
}
