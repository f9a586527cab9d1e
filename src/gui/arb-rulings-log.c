/* arb-rulings-log.c: every ruling of the round or the tournament
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-rulings-log"

#include "config.h"

#include "arb-rulings-log.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include <string.h>

#include "arb-ruling-print.h"
#include "arb-ruling-withdraw.h"
#include "arb-ruling-text.h"
#include "arb-ruling.h"

typedef struct
{
  gint64 game_id;
  int round;
  int board;
  int start_move; /* where the game began, to name plies as moves */
  int start_side;
  char *white;
  char *black;
  ArbRulingRecord *record;
  const ArbRuling *ruling; /* the record's, read from its payload; may be NULL */
  char *voided;            /* the moves the ruling voided, with their times, or NULL */
  char *clocks_set;        /* the times set at the restoration, or NULL */
  char *title;
  char *subtitle;
  char *haystack; /* casefolded, for search */
} Entry;

struct _ArbRulingsLog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkDropDown *round_dropdown;
  GtkDropDown *kind_dropdown;
  GtkListBox *list_box;
  GtkStack *stack;

  /* Owned */
  ArbTournament *tournament;
  GPtrArray *entries; /* Entry, by time */
  GPtrArray *visible; /* Entry, borrowed */
  GArray *rounds;     /* int, index 0 = all */
  GPtrArray *games;   /* ArbGame, the window's: a withdrawal goes through them */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (ArbRulingsLog, arb_rulings_log, ADW_TYPE_WINDOW)

enum
{
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_free (Entry *e)
{
  g_free (e->white);
  g_free (e->black);
  g_clear_pointer (&e->record, arb_ruling_record_free);
  g_free (e->voided);
  g_free (e->clocks_set);
  g_free (e->title);
  g_free (e->subtitle);
  g_free (e->haystack);
  g_free (e);
}

static const char *
player_name (GPtrArray *players, gint64 id)
{
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      const ArbPlayerInfo *p = g_ptr_array_index (players, i);
      if (p->id == id)
        return p->name;
    }
  return "–";
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const Entry *x = *(const Entry **) a;
  const Entry *y = *(const Entry **) b;
  int c = g_strcmp0 (x->record->wall_time, y->record->wall_time);

  return c != 0 ? c : (x->record->id < y->record->id ? -1 : x->record->id > y->record->id);
}

/* The articles, each unverified number marked as the dialog and the
 * printed report mark it. */
static char *
articles_text (Entry *e)
{
  GString *out;

  if (e->ruling == NULL)
    return g_strdup (e->record->articles != NULL && *e->record->articles ? e->record->articles
                                                                         : "–");
  if (e->ruling->citations->len == 0)
    return g_strdup ("–");
  out = g_string_new (NULL);
  for (guint i = 0; i < e->ruling->citations->len; i++)
    {
      const ArbCitation *c = &g_array_index (e->ruling->citations, ArbCitation, i);

      if (i > 0)
        g_string_append (out, ", ");
      if (c->verified)
        g_string_append (out, c->article);
      else
        g_string_append_printf (out, _ ("%s (number not verified)"), c->article);
    }
  return g_string_free (out, FALSE);
}

static void
describe (Entry *e)
{
  ArbRulingKind kind = ARB_RULING_RESULT;
  ArbDecision decision = ARB_DECISION_PLAY_ON;
  g_autofree char *time = NULL;
  g_autofree char *decision_text = NULL;
  const char *t = e->record->wall_time != NULL ? e->record->wall_time : "";

  arb_ruling_kind_from_string (e->record->kind, &kind);
  arb_decision_from_string (e->record->decision, &decision);
  /* Stored in UTC ("2026-11-21T06:03:11Z"); shown in local time, in the
   * language's format, with the date when it was not today. */
  {
    g_autoptr (GDateTime) utc = g_date_time_new_from_iso8601 (t, NULL);
    g_autoptr (GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();

    if (local == NULL)
      time = g_strdup (t);
    else if (g_date_time_get_year (local) == g_date_time_get_year (now) &&
             g_date_time_get_day_of_year (local) == g_date_time_get_day_of_year (now))
      time = arb_i18n_format_time (local);
    else
      time = arb_i18n_format_date_time (local);
  }
  if (e->ruling != NULL)
    decision_text = arb_ruling_wording_verdict (e->ruling);
  else
    decision_text = g_strdup (arb_ruling_wording_decision (decision));
  /* Translators: a row of the rulings log: the time, the round and board,
   * the kind of ruling and the decision, e.g.
   * "14:05 · Round 3, board 12 · Illegal move: Time penalty, play on" */
  if (g_strcmp0 (e->record->kind, ARB_RULING_KIND_WITHDRAWAL) == 0)
    /* Translators: a row of the rulings log for the record that withdraws
     * an earlier ruling: the time, the round and board, the decision
     * withdrawn, e.g. "14:20 · Round 3, board 12 · Withdrawn: Warning" */
    e->title = g_strdup_printf (_ ("%s · Round %d, board %d · Withdrawn: %s"), time, e->round,
                                e->board, decision_text);
  else if (e->record->superseded_by != 0)
    /* Translators: a row of the rulings log for a ruling that was later
     * withdrawn; it stays in the log, marked */
    e->title = g_strdup_printf (_ ("%s · Round %d, board %d · %s: %s (withdrawn)"), time, e->round,
                                e->board, arb_ruling_wording_kind (kind), decision_text);
  else
    e->title = g_strdup_printf (_ ("%s · Round %d, board %d · %s: %s"), time, e->round, e->board,
                                arb_ruling_wording_kind (kind), decision_text);
  {
    g_autofree char *at = arb_ruling_wording_ply (e->record->ply, e->start_move, e->start_side);
    g_autofree char *articles = articles_text (e);
    g_autofree char *facts = e->ruling != NULL ? arb_ruling_wording_facts (e->ruling) : NULL;
    GString *sub = g_string_new (NULL);

    /* Translators: the second line of a row of the rulings log: the
     * players, the position as a move, the articles ("Art." abbreviates
     * "Article"), e.g. "Lindqvist – Haugen · move 15, White · Art. 7.5.1" */
    g_string_printf (sub, _ ("%s – %s · %s · Art. %s"), e->white, e->black, at, articles);
    if (e->record->supersedes != 0 && e->ruling != NULL)
      /* Translators: in the rulings log, why a ruling was withdrawn and by
       * whom, e.g. "Reason: wrong board · Arbiter: Anna Berg" */
      g_string_append_printf (sub, _ (" · Reason: %s · Arbiter: %s"),
                              e->record->note != NULL ? e->record->note : "",
                              arb_ruling_get_fact_text (e->ruling, "arbiter") != NULL
                                ? arb_ruling_get_fact_text (e->ruling, "arbiter")
                                : "");
    else if (e->record->note != NULL && *e->record->note != '\0')
      g_string_append_printf (sub, " · %s", e->record->note);
    if (facts != NULL && *facts != '\0')
      g_string_append_printf (sub, "\n%s", facts);
    if (e->voided != NULL)
      {
        g_string_append_c (sub, '\n');
        /* Translators: a line of the rulings log: the moves a restoration
         * took back, kept in the record, e.g. "Moves voided: 18… Nc5 (1:09:24)" */
        g_string_append_printf (sub, _ ("Moves voided: %s"), e->voided);
      }
    if (e->clocks_set != NULL)
      {
        g_string_append_c (sub, '\n');
        /* Translators: a line of the rulings log: the times the clocks were
         * set to at the restoration, e.g. "Clocks set: White 1:06:40, Black 0:50:00" */
        g_string_append_printf (sub, _ ("Clocks set: %s"), e->clocks_set);
      }
    e->subtitle = g_string_free (sub, FALSE);
  }
  {
    g_autofree char *all = g_strjoin (" ", e->title, e->subtitle, e->record->kind, NULL);
    e->haystack = g_utf8_casefold (all, -1);
  }
}

static void
print_one_response_cb (GtkNativeDialog *native, int response, ArbRulingsLog *self)
{
  const gint64 *id = g_object_get_data (G_OBJECT (native), "arb-ruling-id");
  Entry *e = NULL;

  /* The log may have been read again meanwhile: find the entry anew. */
  for (guint i = 0; id != NULL && i < self->entries->len; i++)
    if (((Entry *) g_ptr_array_index (self->entries, i))->record->id == *id)
      e = g_ptr_array_index (self->entries, i);
  if (response == GTK_RESPONSE_ACCEPT && e != NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GPtrArray) records = g_ptr_array_new ();
      g_autoptr (GError) error = NULL;

      g_ptr_array_add (records, e->record);
      if (path != NULL &&
          !arb_ruling_print_report (path, self->tournament, records, &e->game_id, NULL, &error))
        g_warning ("%s", error->message);
    }
  g_object_unref (native);
}

/* One ruling's report, from the print button on its row. */
static void
print_one_clicked_cb (GtkButton *button, ArbRulingsLog *self)
{
  Entry *e = g_object_get_data (G_OBJECT (button), "arb-entry");
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (_ ("Save the Ruling"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  g_autofree char *name = g_strdup_printf ("ruling-%" G_GINT64_FORMAT ".pdf", e->record->id);

  g_object_set_data_full (G_OBJECT (native), "arb-ruling-id",
                          g_memdup2 (&e->record->id, sizeof e->record->id), g_free);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect_object (native, "response", G_CALLBACK (print_one_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- Withdrawing a ruling ------------------------------------------ */

static Entry *
find_entry (ArbRulingsLog *self, gint64 id)
{
  for (guint i = 0; i < self->entries->len; i++)
    if (((Entry *) g_ptr_array_index (self->entries, i))->record->id == id)
      return g_ptr_array_index (self->entries, i);
  return NULL;
}

static gboolean
withdraw_entry (ArbRulingsLog *self,
                gint64 ruling_id,
                const char *reason,
                const char *arbiter,
                GError **error)
{
  Entry *e = find_entry (self, ruling_id);

  for (guint i = 0; e != NULL && self->games != NULL && i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);

      if (arb_game_get_id (game) != e->game_id)
        continue;
      if (!arb_ruling_withdraw (game, ruling_id, reason, arbiter, NULL, error))
        return FALSE;
      arb_rulings_log_reload (self);
      return TRUE;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
               /* Translators: the rulings log withdraws rulings of the round
                * the window shows */
               _ ("Show this game’s round in the window to withdraw its rulings"));
  return FALSE;
}

static void
withdraw_text_changed_cb (AdwMessageDialog *question)
{
  GtkEditable *reason = g_object_get_data (G_OBJECT (question), "arb-reason");
  GtkEditable *arbiter = g_object_get_data (G_OBJECT (question), "arb-arbiter");
  g_autofree char *r = g_strstrip (g_strdup (gtk_editable_get_text (reason)));
  g_autofree char *a = g_strstrip (g_strdup (gtk_editable_get_text (arbiter)));

  adw_message_dialog_set_response_enabled (question, "withdraw", *r != '\0' && *a != '\0');
}

static void
withdraw_response_cb (AdwMessageDialog *question, const char *response, ArbRulingsLog *self)
{
  const gint64 *id = g_object_get_data (G_OBJECT (question), "arb-ruling-id");
  GtkEditable *reason = g_object_get_data (G_OBJECT (question), "arb-reason");
  GtkEditable *arbiter = g_object_get_data (G_OBJECT (question), "arb-arbiter");
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "withdraw") != 0 || id == NULL)
    return;
  if (!withdraw_entry (self, *id, gtk_editable_get_text (reason), gtk_editable_get_text (arbiter),
                       &error))
    {
      AdwMessageDialog *said = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        GTK_WINDOW (self), _ ("The Ruling Was Not Withdrawn"), arb_error_text (error)));

      adw_message_dialog_add_response (said, "close", _ ("_Close"));
      gtk_window_present (GTK_WINDOW (said));
    }
}

static GtkWidget *
labelled_entry (GtkBox *box, const char *label, const char *text)
{
  GtkWidget *title = gtk_label_new (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), entry);
  gtk_label_set_use_underline (GTK_LABEL (title), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  gtk_box_append (box, title);
  gtk_box_append (box, entry);
  return entry;
}

GtkWindow *
arb_rulings_log_ask_withdraw (ArbRulingsLog *self, guint index)
{
  Entry *e;
  AdwMessageDialog *question;
  GtkWidget *box, *reason, *arbiter;
  g_autofree char *body = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), NULL);
  g_return_val_if_fail (index < self->visible->len, NULL);

  e = g_ptr_array_index (self->visible, index);
  if (e->record->superseded_by != 0 || e->record->supersedes != 0)
    return NULL;
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr (GSettingsSchema) schema =
      source != NULL ? g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE) : NULL;

    if (schema != NULL)
      {
        g_autoptr (GSettings) settings = g_settings_new_full (schema, NULL, NULL);

        name = g_settings_get_string (settings, "arbiter-name");
      }
  }
  /* Translators: the body of the question before a ruling is withdrawn;
   * %s is the ruling's row in the log */
  body = g_strdup_printf (_ ("%s\n\nIts effects on the clocks and the result are reversed. The "
                             "ruling stays in the record, marked withdrawn."),
                          e->title);
  question = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (self), _ ("Withdraw This Ruling?"), body));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Translators: the entry of the reason a ruling is withdrawn */
  reason = labelled_entry (GTK_BOX (box), _ ("_Reason"), NULL);
  /* Translators: the entry of the name of the arbiter who withdraws it */
  arbiter = labelled_entry (GTK_BOX (box), _ ("_Arbiter"), name);
  adw_message_dialog_set_extra_child (question, box);
  g_object_set_data (G_OBJECT (question), "arb-reason", reason);
  g_object_set_data (G_OBJECT (question), "arb-arbiter", arbiter);
  g_object_set_data_full (G_OBJECT (question), "arb-ruling-id",
                          g_memdup2 (&e->record->id, sizeof e->record->id), g_free);
  adw_message_dialog_add_response (question, "cancel", _ ("_Cancel"));
  /* Translators: the answer that withdraws the ruling */
  adw_message_dialog_add_response (question, "withdraw", _ ("_Withdraw"));
  adw_message_dialog_set_response_appearance (question, "withdraw", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (question, "cancel");
  adw_message_dialog_set_close_response (question, "cancel");
  g_signal_connect_swapped (reason, "changed", G_CALLBACK (withdraw_text_changed_cb), question);
  g_signal_connect_swapped (arbiter, "changed", G_CALLBACK (withdraw_text_changed_cb), question);
  withdraw_text_changed_cb (question);
  g_signal_connect_object (question, "response", G_CALLBACK (withdraw_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (question));
  gtk_widget_grab_focus (reason);
  return GTK_WINDOW (question);
}

static void
withdraw_clicked_cb (GtkButton *button, ArbRulingsLog *self)
{
  Entry *e = g_object_get_data (G_OBJECT (button), "arb-entry");

  for (guint i = 0; i < self->visible->len; i++)
    if (g_ptr_array_index (self->visible, i) == e)
      arb_rulings_log_ask_withdraw (self, i);
}

gboolean
arb_rulings_log_withdraw (ArbRulingsLog *self,
                          guint index,
                          const char *reason,
                          const char *arbiter,
                          GError **error)
{
  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), FALSE);
  g_return_val_if_fail (index < self->visible->len, FALSE);

  return withdraw_entry (self, ((Entry *) g_ptr_array_index (self->visible, index))->record->id,
                         reason, arbiter, error);
}

void
arb_rulings_log_set_games (ArbRulingsLog *self, GPtrArray *games)
{
  g_return_if_fail (ARB_IS_RULINGS_LOG (self));

  g_clear_pointer (&self->games, g_ptr_array_unref);
  self->games = games != NULL ? g_ptr_array_ref (games) : NULL;
}

static void
rebuild_list (ArbRulingsLog *self)
{
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *needle = search != NULL && *search ? g_utf8_casefold (search, -1) : NULL;
  guint round_index = gtk_drop_down_get_selected (self->round_dropdown);
  guint kind_index = gtk_drop_down_get_selected (self->kind_dropdown);
  int round = round_index != GTK_INVALID_LIST_POSITION && round_index < self->rounds->len
                ? g_array_index (self->rounds, int, round_index)
                : 0;
  const char *kind = kind_index > 0 && kind_index != GTK_INVALID_LIST_POSITION
                       ? arb_ruling_kind_to_string ((ArbRulingKind) (kind_index - 1))
                       : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);
  g_ptr_array_set_size (self->visible, 0);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      GtkWidget *row;

      if (round > 0 && e->round != round)
        continue;
      if (kind != NULL && g_strcmp0 (e->record->kind, kind) != 0)
        continue;
      if (needle != NULL && strstr (e->haystack, needle) == NULL)
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), e->title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), e->subtitle);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      {
        GtkWidget *print = gtk_button_new_from_icon_name ("document-print-symbolic");

        gtk_widget_set_valign (print, GTK_ALIGN_CENTER);
        gtk_widget_set_tooltip_text (print, _ ("Save This Ruling as PDF"));
        gtk_widget_add_css_class (print, "flat");
        g_object_set_data (G_OBJECT (print), "arb-entry", e);
        g_signal_connect (print, "clicked", G_CALLBACK (print_one_clicked_cb), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), print);
      }
      if (e->record->superseded_by == 0 && e->record->supersedes == 0)
        {
          GtkWidget *withdraw = gtk_button_new_from_icon_name ("edit-undo-symbolic");

          gtk_widget_set_valign (withdraw, GTK_ALIGN_CENTER);
          gtk_widget_set_tooltip_text (withdraw, _ ("Withdraw This Ruling…"));
          gtk_widget_add_css_class (withdraw, "flat");
          g_object_set_data (G_OBJECT (withdraw), "arb-entry", e);
          g_signal_connect (withdraw, "clicked", G_CALLBACK (withdraw_clicked_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), withdraw);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "arb-entry", e);
      gtk_list_box_append (self->list_box, row);
      g_ptr_array_add (self->visible, e);
    }
  gtk_stack_set_visible_child_name (self->stack, self->visible->len > 0 ? "list" : "empty");
}

static void
filter_changed_cb (ArbRulingsLog *self)
{
  if (!self->updating)
    rebuild_list (self);
}

static void
row_activated_cb (ArbRulingsLog *self, GtkListBoxRow *row)
{
  Entry *e = g_object_get_data (G_OBJECT (row), "arb-entry");

  if (e != NULL)
    g_signal_emit (self, signals[OPEN_GAME], 0, e->game_id, e->record->ply);
}

static void
pdf_response_cb (GtkNativeDialog *native, int response, ArbRulingsLog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;

      if (path != NULL && !arb_rulings_log_save_pdf (self, path, NULL, &error))
        g_warning ("%s", error->message);
    }
  g_object_unref (native);
}

static void
pdf_clicked_cb (ArbRulingsLog *self)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (_ ("Save the Rulings Report"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), "rulings.pdf");
  g_signal_connect_object (native, "response", G_CALLBACK (pdf_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
arb_rulings_log_reload (ArbRulingsLog *self)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkStringList) round_names = gtk_string_list_new (NULL);
  guint selected_round = gtk_drop_down_get_selected (self->round_dropdown);
  int selected_round_no =
    selected_round != GTK_INVALID_LIST_POSITION && selected_round < self->rounds->len
      ? g_array_index (self->rounds, int, selected_round)
      : 0;
  int zero = 0;

  g_return_if_fail (ARB_IS_RULINGS_LOG (self));

  g_ptr_array_set_size (self->visible, 0);
  g_ptr_array_set_size (self->entries, 0);
  g_array_set_size (self->rounds, 0);
  g_array_append_val (self->rounds, zero);
  gtk_string_list_append (round_names, _ ("All rounds"));

  games = arb_tournament_list_games (self->tournament, 0, &error);
  players = arb_tournament_list_players (self->tournament, NULL);
  if (games == NULL)
    {
      g_warning ("The games could not be read: %s", error->message);
      return;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = g_ptr_array_index (games, i);
      g_autoptr (GPtrArray) rulings = arb_tournament_list_rulings (self->tournament, g->id, NULL);
      g_autoptr (GPtrArray) voided =
        arb_tournament_list_voided_lines (self->tournament, g->id, NULL);
      int last = g_array_index (self->rounds, int, self->rounds->len - 1);

      if (g->round != last)
        {
          g_autofree char *name = g_strdup_printf (_ ("Round %d"), g->round);
          g_array_append_val (self->rounds, g->round);
          gtk_string_list_append (round_names, name);
        }
      for (guint r = 0; rulings != NULL && r < rulings->len; r++)
        {
          Entry *e = g_new0 (Entry, 1);

          e->game_id = g->id;
          e->round = g->round;
          e->board = g->board;
          e->start_move = 1;
          e->start_side = ARB_WHITE;
          if (g->start_fen != NULL)
            {
              ArbPosition start;

              if (arb_position_set_fen (&start, g->start_fen, ARB_FEN_FLAGS_NONE, NULL))
                {
                  e->start_move = start.fullmove_number;
                  e->start_side = start.side_to_move;
                }
            }
          e->white = g_strdup (player_name (players, g->white_id));
          e->black = g_strdup (player_name (players, g->black_id));
          e->record = g_steal_pointer (&g_ptr_array_index (rulings, r));
          e->ruling = e->record->ruling;
          for (guint v = 0; voided != NULL && v < voided->len; v++)
            {
              const ArbVoidedLine *line = g_ptr_array_index (voided, v);

              if (line->ruling_id != e->record->id || e->voided != NULL)
                continue;
              e->voided = arb_ruling_text_voided_moves (line, e->start_move, e->start_side);
              e->clocks_set = arb_ruling_text_clocks_set (line);
            }
          describe (e);
          g_ptr_array_add (self->entries, e);
        }
      g_ptr_array_set_free_func (rulings, NULL);
    }
  g_ptr_array_sort (self->entries, compare_entries);

  self->updating = TRUE;
  gtk_drop_down_set_model (self->round_dropdown, G_LIST_MODEL (round_names));
  gtk_drop_down_set_selected (self->round_dropdown, 0);
  for (guint i = 0; i < self->rounds->len; i++)
    if (g_array_index (self->rounds, int, i) == selected_round_no)
      gtk_drop_down_set_selected (self->round_dropdown, i);
  self->updating = FALSE;
  rebuild_list (self);
}

static void
arb_rulings_log_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_RULINGS_LOG);
  G_OBJECT_CLASS (arb_rulings_log_parent_class)->dispose (object);
}

static void
arb_rulings_log_finalize (GObject *object)
{
  ArbRulingsLog *self = ARB_RULINGS_LOG (object);

  g_clear_object (&self->tournament);
  g_clear_pointer (&self->visible, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->rounds, g_array_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  G_OBJECT_CLASS (arb_rulings_log_parent_class)->finalize (object);
}

static void
arb_rulings_log_class_init (ArbRulingsLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_rulings_log_dispose;
  object_class->finalize = arb_rulings_log_finalize;

  /**
   * ArbRulingsLog::open-game:
   * @game_id: the game's row in the tournament file
   * @ply: the ply of the ruling
   */
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-rulings-log.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, list_box);
  gtk_widget_class_bind_template_child (widget_class, ArbRulingsLog, stack);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, pdf_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_rulings_log_init (ArbRulingsLog *self)
{
  g_autoptr (GtkStringList) kinds = gtk_string_list_new (NULL);

  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->visible = g_ptr_array_new ();
  self->rounds = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_string_list_append (kinds, _ ("All kinds"));
  for (guint k = 0; k < ARB_RULING_KIND_N; k++)
    gtk_string_list_append (kinds, arb_ruling_wording_kind ((ArbRulingKind) k));
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (kinds));
  self->updating = FALSE;
}

ArbRulingsLog *
arb_rulings_log_new (ArbTournament *tournament, int round)
{
  ArbRulingsLog *self;
  g_autoptr (ArbEventInfo) event = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  self = g_object_new (ARB_TYPE_RULINGS_LOG, NULL);
  self->tournament = g_object_ref (tournament);
  event = arb_tournament_get_event (tournament, NULL);
  if (event != NULL && event->name != NULL)
    adw_window_title_set_subtitle (self->window_title, event->name);
  arb_rulings_log_reload (self);
  arb_rulings_log_set_round (self, round);
  return self;
}

void
arb_rulings_log_set_search (ArbRulingsLog *self, const char *text)
{
  g_return_if_fail (ARB_IS_RULINGS_LOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* The entry reports changes after a delay; filter now. */
  rebuild_list (self);
}

gboolean
arb_rulings_log_set_kind (ArbRulingsLog *self, const char *kind)
{
  ArbRulingKind k;

  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), FALSE);
  if (kind == NULL)
    {
      gtk_drop_down_set_selected (self->kind_dropdown, 0);
      return TRUE;
    }
  if (!arb_ruling_kind_from_string (kind, &k))
    return FALSE;
  gtk_drop_down_set_selected (self->kind_dropdown, (guint) k + 1);
  return TRUE;
}

void
arb_rulings_log_set_round (ArbRulingsLog *self, int round)
{
  g_return_if_fail (ARB_IS_RULINGS_LOG (self));
  for (guint i = 0; i < self->rounds->len; i++)
    if (g_array_index (self->rounds, int, i) == round)
      gtk_drop_down_set_selected (self->round_dropdown, i);
}

guint
arb_rulings_log_get_n_rulings (ArbRulingsLog *self)
{
  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), 0);
  return self->entries->len;
}

guint
arb_rulings_log_get_n_visible (ArbRulingsLog *self)
{
  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), 0);
  return self->visible->len;
}

char *
arb_rulings_log_get_row_text (ArbRulingsLog *self, guint index)
{
  Entry *e;

  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), NULL);
  if (index >= self->visible->len)
    return NULL;
  e = g_ptr_array_index (self->visible, index);
  return g_strdup_printf ("%s\n%s", e->title, e->subtitle);
}

gboolean
arb_rulings_log_activate (ArbRulingsLog *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), FALSE);
  row = gtk_list_box_get_row_at_index (self->list_box, (int) index);
  if (row == NULL)
    return FALSE;
  g_signal_emit_by_name (self->list_box, "row-activated", row);
  return TRUE;
}

gboolean
arb_rulings_log_save_pdf (ArbRulingsLog *self,
                          const char *path,
                          char **printed_text,
                          GError **error)
{
  g_autoptr (GPtrArray) records = g_ptr_array_new ();
  g_autofree gint64 *ids = NULL;

  g_return_val_if_fail (ARB_IS_RULINGS_LOG (self), FALSE);

  ids = g_new0 (gint64, MAX (1, self->visible->len));
  for (guint i = 0; i < self->visible->len; i++)
    {
      Entry *e = g_ptr_array_index (self->visible, i);
      g_ptr_array_add (records, e->record);
      ids[i] = e->game_id;
    }
  return arb_ruling_print_report (path, self->tournament, records, ids, printed_text, error);
}
