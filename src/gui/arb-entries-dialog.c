/* arb-entries-dialog.c: byes asked for, withdrawals and late entries at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Byes and Withdrawals…: what the desk knows of players' coming rounds
 * before the pairing program pairs them. Each record goes through the
 * round layer (arb-round-entries.h) in its own durable transaction; the
 * records that stand are listed first, each with a button that takes it
 * back, with the reason typed above them. The rows are few and change
 * only when the arbiter acts, so they are built in code rather than from
 * a template.
 */

#define G_LOG_DOMAIN "arb-entries-dialog"

#include "config.h"

#include "arb-entries-dialog.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-round-entries.h"
#include "arb-tournament-rounds.h"

struct _ArbEntriesDialog
{
  AdwWindow parent_instance;

  /* Owned */
  ArbTournament *tournament;
  char *arbiter;
  GHashTable *widgets; /* name → widget, borrowed from the tree */
  GtkStringList *player_names;
  GArray *player_ids; /* gint64, in the order of player_names */

  /* Borrowed */
  AdwPreferencesGroup *recorded;
  GPtrArray *recorded_rows;
  GtkLabel *feedback;
};

G_DEFINE_FINAL_TYPE (ArbEntriesDialog, arb_entries_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
keep (ArbEntriesDialog *self, const char *name, GtkWidget *widget)
{
  g_hash_table_insert (self->widgets, (gpointer) name, widget);
}

static GtkWidget *
named (ArbEntriesDialog *self, const char *name)
{
  GtkWidget *widget = g_hash_table_lookup (self->widgets, name);

  g_assert (widget != NULL);
  return widget;
}

static void
say (ArbEntriesDialog *self, const char *text)
{
  gtk_label_set_text (self->feedback, text);
  gtk_widget_set_visible (GTK_WIDGET (self->feedback), text != NULL && text[0] != '\0');
}

static const char *
text_of (ArbEntriesDialog *self, const char *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (named (self, name)));
}

static gint64
player_of (ArbEntriesDialog *self, const char *name)
{
  guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (named (self, name)));

  return i < self->player_ids->len ? g_array_index (self->player_ids, gint64, i) : 0;
}

static int
round_of (ArbEntriesDialog *self, const char *name)
{
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (named (self, name)));
}

static const char *
name_of (GPtrArray *players, gint64 id, int *start_no)
{
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];
      if (p->id == id)
        {
          *start_no = p->start_no;
          return p->name;
        }
    }
  *start_no = 0;
  return "?";
}

/* What the record says, as the row's subtitle. */
static char *
describe_entry (const ArbEntryRecord *e)
{
  g_autofree char *what = NULL;

  switch (e->kind)
    {
    case ARB_ENTRY_BYE:
      what = g_strdup_printf (e->code == 'H'
                                /* Translators: a recorded bye asked for; the round */
                                ? _ ("Half-point bye in round %d")
                                /* Translators: a recorded bye asked for; the round */
                                : _ ("Zero-point bye in round %d"),
                              e->round);
      break;
    case ARB_ENTRY_WITHDRAWAL:
      /* Translators: a recorded withdrawal; the first round the player is absent */
      what = g_strdup_printf (_ ("Withdrawn from round %d on"), e->round);
      break;
    case ARB_ENTRY_LATE:
    case ARB_ENTRY_CANCEL:
    default:
      /* Translators: a recorded late entry; the player's first round */
      what = g_strdup_printf (_ ("Late entry, plays from round %d"), e->round);
      break;
    }
  if (e->note != NULL && e->arbiter != NULL)
    /* Translators: a record, its note, the arbiter who made it */
    return g_strdup_printf (_ ("%s — %s (%s)"), what, e->note, e->arbiter);
  if (e->note != NULL || e->arbiter != NULL)
    return g_strdup_printf ("%s — %s", what, e->note != NULL ? e->note : e->arbiter);
  return g_steal_pointer (&what);
}

static void take_back_clicked_cb (GtkButton *button, ArbEntriesDialog *self);

static void
load_players (ArbEntriesDialog *self, GPtrArray *players)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_array_set_size (self->player_ids, 0);
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];

      /* Translators: a player in a list: name and starting rank */
      g_ptr_array_add (names, g_strdup_printf (_ ("%s (%d)"), p->name, p->start_no));
      g_array_append_val (self->player_ids, p->id);
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->player_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->player_names)),
                          (const char *const *) names->pdata);
}

/* The records that stand, and the players, as the file has them now. */
static void
reload (ArbEntriesDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = arb_tournament_list_entries (self->tournament, FALSE, &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (self->tournament, &error);

  for (guint i = 0; i < self->recorded_rows->len; i++)
    adw_preferences_group_remove (self->recorded, self->recorded_rows->pdata[i]);
  g_ptr_array_set_size (self->recorded_rows, 0);
  if (entries == NULL || players == NULL)
    {
      say (self, arb_error_text (error));
      return;
    }
  load_players (self, players);
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = describe_entry (e);
      g_autofree char *title = NULL;
      int start_no;
      const char *name = name_of (players, e->player_id, &start_no);

      title = g_strdup_printf (_ ("%s (%d)"), name, start_no);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (e->kind != ARB_ENTRY_LATE)
        {
          GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Take Back"));

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_object_set_data (G_OBJECT (button), "entry-id", GSIZE_TO_POINTER ((gsize) e->id));
          g_signal_connect (button, "clicked", G_CALLBACK (take_back_clicked_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        }
      adw_preferences_group_add (self->recorded, row);
      g_ptr_array_add (self->recorded_rows, row);
    }
  if (entries->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Nothing recorded yet"));
      adw_preferences_group_add (self->recorded, row);
      g_ptr_array_add (self->recorded_rows, row);
    }
}

/* After a record: what it did, the list again, and the window told. */
static void
done (ArbEntriesDialog *self, gboolean ok, GError *error, const char *what)
{
  if (!ok)
    {
      say (self, arb_error_text (error));
      return;
    }
  say (self, what);
  reload (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
take_back_clicked_cb (GtkButton *button, ArbEntriesDialog *self)
{
  g_autoptr (GError) error = NULL;
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "entry-id"));
  gboolean ok =
    arb_round_cancel_entry (self->tournament, id, text_of (self, "reason"), self->arbiter, &error);

  if (ok)
    gtk_editable_set_text (GTK_EDITABLE (named (self, "reason")), "");
  done (self, ok, error, _ ("Taken back"));
}

static void
record_bye_cb (GtkButton *button, ArbEntriesDialog *self)
{
  g_autoptr (GError) error = NULL;
  char code =
    adw_combo_row_get_selected (ADW_COMBO_ROW (named (self, "bye-kind"))) == 1 ? 'Z' : 'H';
  int round = round_of (self, "bye-round");
  gboolean ok =
    arb_round_request_bye (self->tournament, player_of (self, "bye-player"), round, code,
                           self->arbiter, text_of (self, "bye-note"), NULL, &error);
  g_autofree char *what =
    /* Translators: after a bye asked for is recorded; the round */
    g_strdup_printf (_ ("Bye recorded for round %d"), round);

  done (self, ok, error, what);
}

static void
record_withdrawal_cb (GtkButton *button, ArbEntriesDialog *self)
{
  g_autoptr (GError) error = NULL;
  int round = round_of (self, "withdraw-round");
  gboolean ok =
    arb_round_withdraw_player (self->tournament, player_of (self, "withdraw-player"), round,
                               self->arbiter, text_of (self, "withdraw-note"), NULL, &error);
  g_autofree char *what =
    /* Translators: after a withdrawal is recorded; the first round of absence */
    g_strdup_printf (_ ("Withdrawn from round %d on"), round);

  done (self, ok, error, what);
}

static const char *
or_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : NULL;
}

static void
record_late_cb (GtkButton *button, ArbEntriesDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbPlayerInfo) entered = NULL;
  ArbPlayerInfo info = { 0 };
  gint64 id = 0;
  int round = round_of (self, "late-round");
  gboolean ok;
  g_autofree char *what = NULL;

  info.name = (char *) text_of (self, "late-name");
  info.rating = (int) g_ascii_strtoll (text_of (self, "late-rating"), NULL, 10);
  info.fide_id = g_ascii_strtoll (text_of (self, "late-fide-id"), NULL, 10);
  info.title = (char *) or_null (text_of (self, "late-title"));
  info.federation = (char *) or_null (text_of (self, "late-federation"));
  ok = arb_round_late_entry (self->tournament, &info, round, self->arbiter,
                             or_null (text_of (self, "late-note")), &id, &error);
  if (ok)
    entered = arb_tournament_get_player (self->tournament, id, NULL);
  what = g_strdup_printf (
    /* Translators: after a late entry; the player, the starting rank given, the round */
    _ ("%s entered with starting rank %d, from round %d"), info.name,
    entered != NULL ? entered->start_no : 0, round);
  if (ok)
    for (const char *const *f =
           (const char *const[]){ "late-name", "late-rating", "late-fide-id", "late-title",
                                  "late-federation", "late-note", NULL };
         *f != NULL; f++)
      gtk_editable_set_text (GTK_EDITABLE (named (self, *f)), "");
  done (self, ok, error, what);
}

static GtkWidget *
add_entry_row (ArbEntriesDialog *self,
               AdwPreferencesGroup *group,
               const char *name,
               const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_group_add (group, row);
  keep (self, name, row);
  return row;
}

static void
add_player_row (ArbEntriesDialog *self, AdwPreferencesGroup *group, const char *name)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Player"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (self->player_names));
  adw_preferences_group_add (group, row);
  keep (self, name, row);
}

static void
add_round_row (ArbEntriesDialog *self,
               AdwPreferencesGroup *group,
               const char *name,
               const char *title,
               int next_round)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 999, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), next_round);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY, row,
                                  NULL, -1);
  adw_preferences_group_add (group, row);
  keep (self, name, spin);
}

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page,
           ArbEntriesDialog *self,
           const char *title,
           const char *button_name,
           const char *button_label,
           GCallback clicked)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (button_name != NULL)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (button_label);

      gtk_widget_add_css_class (button, "suggested-action");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_signal_connect (button, "clicked", clicked, self);
      adw_preferences_group_set_header_suffix (group, button);
      keep (self, button_name, button);
    }
  adw_preferences_page_add (page, group);
  return group;
}

static void
build (ArbEntriesDialog *self, int next_round)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;
  GtkWidget *kind = adw_combo_row_new ();
  const char *kinds[] = { _ ("Half-point bye"), _ ("Zero-point bye"), NULL };
  g_autoptr (GtkStringList) kind_names = gtk_string_list_new (kinds);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  self->feedback = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->feedback, TRUE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->feedback), 6);
  gtk_widget_set_visible (GTK_WIDGET (self->feedback), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("What was recorded"), -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->feedback));
  gtk_widget_set_vexpand (GTK_WIDGET (page), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (page));

  self->recorded = add_group (page, self, _ ("Recorded"), NULL, NULL, NULL);
  adw_preferences_group_set_description (
    self->recorded,
    _ ("The pairing program learns these from the TRF export; nothing is deleted, a record taken "
       "back is kept with the reason."));
  add_entry_row (self, self->recorded, "reason", _ ("Reason for taking back"));

  group = add_group (page, self, _ ("Bye Asked For"), "bye-record", _ ("Record _Bye"),
                     G_CALLBACK (record_bye_cb));
  add_player_row (self, group, "bye-player");
  add_round_row (self, group, "bye-round", _ ("Round"), next_round);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (kind), _ ("Kind"));
  adw_combo_row_set_model (ADW_COMBO_ROW (kind), G_LIST_MODEL (kind_names));
  adw_preferences_group_add (group, kind);
  keep (self, "bye-kind", kind);
  add_entry_row (self, group, "bye-note", _ ("Note"));

  group = add_group (page, self, _ ("Withdrawal"), "withdraw-record", _ ("_Withdraw"),
                     G_CALLBACK (record_withdrawal_cb));
  add_player_row (self, group, "withdraw-player");
  add_round_row (self, group, "withdraw-round", _ ("Absent from round"), next_round);
  add_entry_row (self, group, "withdraw-note", _ ("Note"));

  group = add_group (page, self, _ ("Late Entry"), "late-record", _ ("_Enter Player"),
                     G_CALLBACK (record_late_cb));
  add_entry_row (self, group, "late-name", _ ("Name (Last, First)"));
  add_entry_row (self, group, "late-rating", _ ("Rating"));
  add_entry_row (self, group, "late-fide-id", _ ("FIDE ID"));
  add_entry_row (self, group, "late-title", _ ("Title"));
  add_entry_row (self, group, "late-federation", _ ("Federation"));
  add_round_row (self, group, "late-round", _ ("Plays from round"), next_round);
  add_entry_row (self, group, "late-note", _ ("Note"));

  adw_window_set_content (ADW_WINDOW (self), box);
}

static void
arb_entries_dialog_finalize (GObject *object)
{
  ArbEntriesDialog *self = ARB_ENTRIES_DIALOG (object);

  g_clear_object (&self->tournament);
  g_clear_object (&self->player_names);
  g_clear_pointer (&self->player_ids, g_array_unref);
  g_clear_pointer (&self->widgets, g_hash_table_unref);
  g_clear_pointer (&self->recorded_rows, g_ptr_array_unref);
  g_free (self->arbiter);
  G_OBJECT_CLASS (arb_entries_dialog_parent_class)->finalize (object);
}

static void
arb_entries_dialog_class_init (ArbEntriesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = arb_entries_dialog_finalize;
  /**
   * ArbEntriesDialog::changed:
   *
   * A record was made or taken back.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_entries_dialog_init (ArbEntriesDialog *self)
{
  self->widgets = g_hash_table_new (g_str_hash, g_str_equal);
  self->player_names = gtk_string_list_new (NULL);
  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->recorded_rows = g_ptr_array_new ();
  gtk_window_set_title (GTK_WINDOW (self), _ ("Byes and Withdrawals"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 720);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
}

ArbEntriesDialog *
arb_entries_dialog_new (ArbTournament *tournament, const char *arbiter)
{
  ArbEntriesDialog *self;
  g_autoptr (GPtrArray) rounds = NULL;
  int next_round = 1;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  self = g_object_new (ARB_TYPE_ENTRIES_DIALOG, NULL);
  self->tournament = g_object_ref (tournament);
  self->arbiter = g_strdup (arbiter);
  rounds = arb_tournament_list_rounds (tournament, NULL);
  for (guint i = 0; rounds != NULL && i < rounds->len; i++)
    next_round = MAX (next_round, ((ArbRoundInfo *) rounds->pdata[i])->number + 1);
  build (self, next_round);
  reload (self);
  return self;
}

GtkWidget *
arb_entries_dialog_get_widget (ArbEntriesDialog *self, const char *name)
{
  g_return_val_if_fail (ARB_IS_ENTRIES_DIALOG (self), NULL);
  return g_hash_table_lookup (self->widgets, name);
}

const char *
arb_entries_dialog_get_feedback (ArbEntriesDialog *self)
{
  g_return_val_if_fail (ARB_IS_ENTRIES_DIALOG (self), NULL);
  return gtk_label_get_text (self->feedback);
}

GStrv
arb_entries_dialog_dup_rows (ArbEntriesDialog *self)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_ENTRIES_DIALOG (self), NULL);
  for (guint i = 0; i < self->recorded_rows->len; i++)
    {
      AdwActionRow *row = self->recorded_rows->pdata[i];
      g_autofree char *line = g_strdup_printf (
        "%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
        adw_action_row_get_subtitle (row) != NULL ? adw_action_row_get_subtitle (row) : "");

      g_strv_builder_add (b, line);
    }
  return g_strv_builder_end (b);
}
