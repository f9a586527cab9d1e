/* arb-sources-dialog.c: the sources of moves of the round being played
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-sources-dialog"

#include "config.h"

#include "arb-sources-dialog.h"

#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-ruling-actions.h"

struct _ArbSourcesDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwPreferencesGroup *sources_group;
  AdwEntryRow *add_row;
  GtkLabel *error_label;
  AdwPreferencesGroup *unassigned_group;
  AdwPreferencesGroup *eboards_group;
  AdwEntryRow *serial_row;
  GtkSpinButton *board_spin;
  AdwPreferencesGroup *alerts_group;
  AdwActionRow *no_alerts_row;

  /* Owned */
  ArbRoundSources *sources;
  GPtrArray *games;            /* ArbGame of the round */
  GHashTable *source_rows;     /* uri → AdwActionRow (borrowed from the group) */
  GHashTable *eboard_rows;     /* serial → AdwActionRow */
  GHashTable *unassigned_rows; /* "URI\nKEY" → AdwActionRow */
  GHashTable *alert_rows;      /* alert id (string) → AdwActionRow */
};

G_DEFINE_FINAL_TYPE (ArbSourcesDialog, arb_sources_dialog, ADW_TYPE_WINDOW)

/* Words */

static char *
time_of_day (gint64 real_us)
{
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (real_us / G_USEC_PER_SEC);

  return when != NULL ? g_date_time_format (when, "%H:%M:%S") : g_strdup ("–");
}

char *
arb_sources_dialog_describe_state (ArbSource *source)
{
  g_autofree char *error = arb_source_dup_error (source);
  g_autofree char *since = time_of_day (arb_source_get_since (source));
  gint64 last_read = arb_source_get_last_read (source);
  g_autofree char *read = last_read > 0 ? time_of_day (last_read) : NULL;

  switch (arb_source_get_state (source))
    {
    case ARB_SOURCE_CONNECTING:
      return g_strdup (_ ("Connecting…"));
    case ARB_SOURCE_CONNECTED:
      if (read != NULL)
        /* Translators: a source of moves; %s is a time of day */
        return g_strdup_printf (_ ("Live · last update %s"), read);
      return g_strdup (_ ("Live"));
    case ARB_SOURCE_DISCONNECTED:
      /* Translators: "Disconnected since 14:03:10 (connection refused); trying again" */
      return g_strdup_printf (_ ("Disconnected since %s (%s); trying again"), since,
                              error != NULL ? error : "");
    case ARB_SOURCE_FAILED:
      /* Translators: a source of moves that cannot be read, and why */
      return g_strdup_printf (_ ("Failed: %s"), error != NULL ? error : "");
    case ARB_SOURCE_STOPPED:
    default:
      return g_strdup (_ ("Stopped"));
    }
}

/* "Ke1-e4" as the arbiter reads it: "Ke1–e4". */
static char *
move_text (const char *reported)
{
  g_auto (GStrv) parts = g_strsplit (reported != NULL ? reported : "", "-", -1);

  return g_strjoinv ("–", parts);
}

char *
arb_sources_dialog_describe_alert (const ArbSourceAlertInfo *alert)
{
  ArbSourceKind kind = ARB_SOURCE_PGN_FILE;

  g_return_val_if_fail (alert != NULL, NULL);

  arb_source_parse_uri (alert->source, &kind, NULL);
  if (alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE)
    {
      g_autofree char *move = move_text (alert->reported);

      return g_strdup_printf (kind == ARB_SOURCE_LIVECHESS
                                /* Translators: a badge on a board card; %s is a move (Ke1–e4) */
                                ? _ ("e-board: illegal move reported (%s)")
                                /* Translators: a badge on a board card; %s is a move (Ke1–e4) */
                                : _ ("PGN: illegal move reported (%s)"),
                              move);
    }
  if (alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
    return g_strdup (kind == ARB_SOURCE_LIVECHESS
                       /* Translators: a badge on a board card; 7.3 is the article of the Laws */
                       ? _ ("e-board: White and Black reversed (7.3)")
                       /* Translators: a badge on a board card; 7.3 is the article of the Laws */
                       : _ ("PGN: White and Black reversed (7.3)"));
  return g_strdup (kind == ARB_SOURCE_LIVECHESS ? _ ("e-board: moves differ from the stored ones")
                                                : _ ("PGN: moves differ from the stored ones"));
}

/* Rows kept in step with the sources: a row stays while its key does, so
 * the keyboard focus is never lost to a refresh. */

static void
forget_missing (GHashTable *rows, GHashTable *present, AdwPreferencesGroup *group)
{
  GHashTableIter iter;
  gpointer key;
  gpointer row;

  g_hash_table_iter_init (&iter, rows);
  while (g_hash_table_iter_next (&iter, &key, &row))
    if (!g_hash_table_contains (present, key))
      {
        adw_preferences_group_remove (group, GTK_WIDGET (row));
        g_hash_table_iter_remove (&iter);
      }
}

static GtkWidget *
row_button (const char *icon, const char *tooltip, const char *accessible_name)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_name, -1);
  return button;
}

static GtkWidget *
text_button (const char *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static void
show_error (ArbSourcesDialog *self, const GError *error)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  if (error != NULL)
    gtk_label_set_text (self->error_label, arb_error_text (error));
}

static void
remove_clicked_cb (GtkButton *button, ArbSourcesDialog *self)
{
  const char *uri = g_object_get_data (G_OBJECT (button), "arb-uri");
  g_autoptr (GError) error = NULL;

  arb_round_sources_remove (self->sources, uri, &error);
  show_error (self, error);
}

static char *
fed_boards (ArbSourcesDialog *self, ArbSource *source)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);

      if (arb_round_sources_get_feeder (self->sources, game, NULL) == source)
        g_string_append_printf (text, "%s%d", text->len > 0 ? ", " : "", arb_game_get_board (game));
    }
  return g_string_free (text, FALSE);
}

/* How often an address is asked: the arbiter's choice, kept with the
 * round's source (a relay that asks to be polled gently, a desk nearby). */
static void
interval_changed_cb (GtkSpinButton *spin, ArbSourcesDialog *self)
{
  const char *uri = g_object_get_data (G_OBJECT (spin), "arb-uri");
  guint seconds = (guint) gtk_spin_button_get_value_as_int (spin);
  g_autoptr (GError) error = NULL;

  arb_round_sources_add (self->sources, uri, seconds * 1000, TRUE, &error);
  show_error (self, error);
}

static GtkWidget *
interval_spin (ArbSourcesDialog *self, ArbSource *source)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: before a number of seconds: "every [5] s" */
  GtkWidget *every = gtk_label_new (_ ("every"));
  /* Translators: after a number of seconds: "every [5] s" */
  GtkWidget *unit = gtk_label_new (C_ ("seconds", "s"));
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 600, 1);
  g_autofree char *name =
    g_strdup_printf (_ ("Seconds between readings of %s"), arb_source_get_uri (source));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                             MAX (1, arb_source_get_interval (source) / 1000));
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (spin), "arb-uri", g_strdup (arb_source_get_uri (source)),
                          g_free);
  g_signal_connect (spin, "value-changed", G_CALLBACK (interval_changed_cb), self);
  gtk_widget_add_css_class (every, "dim-label");
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_box_append (GTK_BOX (box), every);
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), unit);
  return box;
}

static void
update_sources (ArbSourcesDialog *self)
{
  g_autoptr (GPtrArray) sources = arb_round_sources_list (self->sources);
  g_autoptr (GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < sources->len; i++)
    {
      ArbSource *source = g_ptr_array_index (sources, i);
      const char *uri = arb_source_get_uri (source);
      AdwActionRow *row = g_hash_table_lookup (self->source_rows, uri);
      g_autofree char *state = arb_sources_dialog_describe_state (source);
      g_autofree char *boards = fed_boards (self, source);
      g_autofree char *subtitle = NULL;

      g_hash_table_add (present, (gpointer) uri);
      if (row == NULL)
        {
          g_autofree char *name = g_strdup_printf (_ ("Remove %s"), uri);
          GtkWidget *button = row_button ("user-trash-symbolic", _ ("Remove"), name);

          row = ADW_ACTION_ROW (adw_action_row_new ());
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), uri);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          g_object_set_data_full (G_OBJECT (button), "arb-uri", g_strdup (uri), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
          if (arb_source_get_kind (source) == ARB_SOURCE_PGN_URL)
            adw_action_row_add_suffix (row, interval_spin (self, source));
          adw_action_row_add_suffix (row, button);
          adw_preferences_group_add (self->sources_group, GTK_WIDGET (row));
          g_hash_table_insert (self->source_rows, g_strdup (uri), row);
        }
      subtitle = boards[0] != '\0'
                   /* Translators: "Live · last update 14:03:10 · boards 1, 2, 5" */
                   ? g_strdup_printf (_ ("%s · boards %s"), state, boards)
                   : g_strdup (state);
      adw_action_row_set_subtitle (row, subtitle);
    }
  forget_missing (self->source_rows, present, self->sources_group);
}

static void update (ArbSourcesDialog *self);

/* Games nothing matched, for the arbiter to put on their boards. */

static void
assign_clicked_cb (GtkButton *button, ArbSourcesDialog *self)
{
  ArbSource *source = g_object_get_data (G_OBJECT (button), "arb-source");
  const char *key = g_object_get_data (G_OBJECT (button), "arb-key");
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (button), "arb-board");
  g_autoptr (GError) error = NULL;

  arb_round_sources_assign (self->sources, source, key, gtk_spin_button_get_value_as_int (spin),
                            &error);
  show_error (self, error);
}

static char *
game_title (const ArbSourceGame *game)
{
  if (game->white != NULL || game->black != NULL)
    /* Translators: a game of a source: "White – Black" */
    return g_strdup_printf (_ ("%s – %s"), game->white != NULL ? game->white : "?",
                            game->black != NULL ? game->black : "?");
  return g_strdup (game->key);
}

static void
set_unassigned_subtitle (AdwActionRow *row, const ArbUnassignedGame *unassigned)
{
  guint n_moves = arb_source_game_get_n_moves (unassigned->game);
  g_autofree char *moves =
    g_strdup_printf (ngettext ("%u half-move", "%u half-moves", n_moves), n_moves);
  /* Translators: under a game to assign: "12 half-moves · /relay/round-5.pgn" */
  g_autofree char *subtitle =
    g_strdup_printf (_ ("%s · %s"), moves, arb_source_get_uri (unassigned->source));

  adw_action_row_set_subtitle (row, subtitle);
}

static AdwActionRow *
unassigned_row (ArbSourcesDialog *self, const ArbUnassignedGame *unassigned)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *title = game_title (unassigned->game);
  g_autofree char *spin_name = g_strdup_printf (_ ("Board for %s"), title);
  g_autofree char *button_name = g_strdup_printf (_ ("Assign %s"), title);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 999, 1);
  GtkWidget *button = text_button (_ ("_Assign"));
  GtkWidget *on_board = gtk_label_new (_ ("on board"));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  if (unassigned->game->board > 0)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), unassigned->game->board);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, spin_name,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  button_name, -1);
  gtk_widget_add_css_class (on_board, "dim-label");
  g_object_set_data_full (G_OBJECT (button), "arb-source", g_object_ref (unassigned->source),
                          g_object_unref);
  g_object_set_data_full (G_OBJECT (button), "arb-key", g_strdup (unassigned->game->key), g_free);
  g_object_set_data (G_OBJECT (button), "arb-board", spin);
  g_signal_connect (button, "clicked", G_CALLBACK (assign_clicked_cb), self);
  adw_action_row_add_suffix (row, on_board);
  adw_action_row_add_suffix (row, spin);
  adw_action_row_add_suffix (row, button);
  return row;
}

static void
update_unassigned (ArbSourcesDialog *self)
{
  GPtrArray *games = arb_round_sources_list_unassigned (self->sources);
  g_autoptr (GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const ArbUnassignedGame *unassigned = g_ptr_array_index (games, i);
      char *key =
        g_strdup_printf ("%s\n%s", arb_source_get_uri (unassigned->source), unassigned->game->key);

      AdwActionRow *row;

      g_hash_table_add (present, key);
      row = g_hash_table_lookup (self->unassigned_rows, key);
      if (row == NULL)
        {
          row = unassigned_row (self, unassigned);
          adw_preferences_group_add (self->unassigned_group, GTK_WIDGET (row));
          g_hash_table_insert (self->unassigned_rows, g_strdup (key), row);
        }
      /* The game goes on at its table while it waits for its board. */
      set_unassigned_subtitle (row, unassigned);
    }
  forget_missing (self->unassigned_rows, present, self->unassigned_group);
  gtk_widget_set_visible (GTK_WIDGET (self->unassigned_group),
                          g_hash_table_size (self->unassigned_rows) > 0);
}

static void
forget_eboard_clicked_cb (GtkButton *button, ArbSourcesDialog *self)
{
  const char *serial = g_object_get_data (G_OBJECT (button), "arb-serial");
  g_autoptr (GError) error = NULL;

  arb_round_sources_set_eboard (self->sources, serial, 0, &error);
  show_error (self, error);
  /* The list comes from the file: read it again. */
  update (self);
}

static void
update_eboards (ArbSourcesDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) eboards =
    arb_tournament_list_eboards (arb_round_sources_get_tournament (self->sources), &error);
  g_autoptr (GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);

  if (eboards == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < eboards->len; i++)
    {
      const ArbEboardInfo *info = g_ptr_array_index (eboards, i);
      AdwActionRow *row = g_hash_table_lookup (self->eboard_rows, info->serial);
      g_autofree char *title = g_strdup_printf (_ ("Board %d"), info->board);
      g_autofree char *subtitle = g_strdup_printf (_ ("E-board %s"), info->serial);

      g_hash_table_add (present, info->serial);
      if (row == NULL)
        {
          g_autofree char *name = g_strdup_printf (_ ("Forget e-board %s"), info->serial);
          GtkWidget *button = row_button ("user-trash-symbolic", _ ("Forget"), name);

          row = ADW_ACTION_ROW (adw_action_row_new ());
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          g_object_set_data_full (G_OBJECT (button), "arb-serial", g_strdup (info->serial), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (forget_eboard_clicked_cb), self);
          adw_action_row_add_suffix (row, button);
          adw_preferences_group_add (self->eboards_group, GTK_WIDGET (row));
          g_hash_table_insert (self->eboard_rows, g_strdup (info->serial), row);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (row, subtitle);
    }
  forget_missing (self->eboard_rows, present, self->eboards_group);
}

typedef enum
{
  SETTLE_DISMISS,
  SETTLE_ACCEPT,
  SETTLE_RULE,
} Settle;

/* The squares of a reported move, "Ke8-e6" → "e8e6", as the Illegal move
 * flow takes it; NULL when the report names no two squares. */
static char *
reported_squares (const char *reported)
{
  char squares[5] = { 0 };
  guint n = 0;

  for (const char *p = reported; p != NULL && *p != '\0' && n < 4; p++)
    if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8')
      {
        squares[n++] = p[0];
        squares[n++] = p[1];
        p++;
      }
  return n == 4 ? g_strdup (squares) : NULL;
}

static ArbGame *
find_alert (ArbRoundSources *sources,
            GPtrArray *games,
            gint64 alert_id,
            const ArbSourceAlertInfo **found)
{
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);
      GPtrArray *alerts = arb_round_sources_list_alerts (sources, game);

      for (guint j = 0; alerts != NULL && j < alerts->len; j++)
        if (((ArbSourceAlertInfo *) g_ptr_array_index (alerts, j))->id == alert_id)
          {
            *found = g_ptr_array_index (alerts, j);
            return game;
          }
    }
  return NULL;
}

static void
ruling_applied_cb (ArbRulingDialog *dialog, gint64 ruling_id, ArbRoundSources *sources)
{
  gint64 alert_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "arb-alert"));
  g_autoptr (GError) error = NULL;

  /* The ruling is stored; only the alert's link to it could fail here. */
  if (!arb_round_sources_alert_ruled (sources, alert_id, ruling_id, &error))
    g_warning ("Alert %" G_GINT64_FORMAT " stays open: %s", alert_id, error->message);
}

ArbRulingDialog *
arb_sources_rule_alert (GtkWidget *parent,
                        ArbRoundSources *sources,
                        GPtrArray *games,
                        gint64 alert_id)
{
  const ArbSourceAlertInfo *alert = NULL;
  ArbGame *game;
  ArbRulingDialog *dialog;
  g_autofree char *move = NULL;
  g_autofree char *ply = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (sources), NULL);

  game = find_alert (sources, games, alert_id, &alert);
  if (game == NULL || alert->kind != ARB_SOURCE_ALERT_ILLEGAL_MOVE)
    return NULL;
  dialog = arb_ruling_actions_open (parent, game, ARB_RULING_FLOW_ILLEGAL_MOVE);
  /* Filled in from the report: the move, and when it was made (after the
   * ply before it). The arbiter checks them at the board. */
  move = reported_squares (alert->reported);
  if (move != NULL)
    arb_ruling_dialog_set_fact (dialog, "move", move);
  ply = g_strdup_printf ("%d", MAX (alert->ply - 1, 0));
  arb_ruling_dialog_set_fact (dialog, "ply", ply);
  g_object_set_data (G_OBJECT (dialog), "arb-alert", GSIZE_TO_POINTER ((gsize) alert_id));
  g_signal_connect_object (dialog, "applied", G_CALLBACK (ruling_applied_cb), sources, 0);
  return dialog;
}

ArbRulingDialog *
arb_sources_dialog_rule_alert (ArbSourcesDialog *self, gint64 alert_id)
{
  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), NULL);
  return arb_sources_rule_alert (GTK_WIDGET (self), self->sources, self->games, alert_id);
}

static void
settle_clicked_cb (GtkButton *button, ArbSourcesDialog *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "arb-alert"));
  Settle how = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "arb-settle"));
  g_autoptr (GError) error = NULL;

  if (how == SETTLE_RULE)
    arb_sources_dialog_rule_alert (self, id);
  else if (how == SETTLE_ACCEPT)
    arb_round_sources_accept_alert (self->sources, id, &error);
  else
    arb_round_sources_dismiss_alert (self->sources, id, &error);
  show_error (self, error);
}

static GtkWidget *
settle_button (ArbSourcesDialog *self,
               const ArbSourceAlertInfo *alert,
               const char *title,
               Settle how)
{
  const char *label = how == SETTLE_RULE     ? _ ("_Rule…")
                      : how == SETTLE_ACCEPT ? _ ("_Take the Source's Moves")
                                             : _ ("_Dismiss as Misread");
  GtkWidget *button = text_button (label);
  g_auto (GStrv) words = g_strsplit (label, "_", -1);
  g_autofree char *plain = g_strjoinv ("", words);
  g_autofree char *name = g_strdup_printf ("%s – %s", plain, title);

  /* Said with the alert it settles: the rows hold several such buttons. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data (G_OBJECT (button), "arb-alert", GSIZE_TO_POINTER ((gsize) alert->id));
  g_object_set_data (G_OBJECT (button), "arb-settle", GINT_TO_POINTER (how));
  g_signal_connect (button, "clicked", G_CALLBACK (settle_clicked_cb), self);
  return button;
}

/* "12." or "12…": the number of the move of @ply (from 1), counted from the
 * game's start position, as the arbiter's scoresheet has it. */
static char *
move_number (ArbGame *game, int ply)
{
  const ArbPosition *start = arb_game_get_position (game, 0);
  guint index = (ply > 0 ? (guint) ply - 1 : 0) + (start->side_to_move == ARB_BLACK ? 1 : 0);

  return g_strdup_printf ("%u%s", start->fullmove_number + index / 2, index % 2 == 0 ? "." : "…");
}

static void
update_alerts (ArbSourcesDialog *self)
{
  g_autoptr (GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);
      GPtrArray *alerts = arb_round_sources_list_alerts (self->sources, game);

      for (guint j = 0; alerts != NULL && j < alerts->len; j++)
        {
          const ArbSourceAlertInfo *alert = g_ptr_array_index (alerts, j);
          g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, alert->id);
          AdwActionRow *row;
          GtkWidget *answers;
          g_autofree char *what = NULL;
          g_autofree char *title = NULL;
          g_autofree char *subtitle = NULL;

          if (alert->state != ARB_SOURCE_ALERT_OPEN)
            continue;
          g_hash_table_add (present, g_strdup (key));
          if (g_hash_table_contains (self->alert_rows, key))
            continue;
          what = arb_sources_dialog_describe_alert (alert);
          /* Translators: "Board 2: e-board: illegal move reported (Ke8–e6)" */
          title = g_strdup_printf (_ ("Board %d: %s"), arb_game_get_board (game), what);
          if (alert->kind == ARB_SOURCE_ALERT_CHANGED_MOVES)
            {
              g_autofree char *from = move_number (game, alert->ply);
              g_autofree char *stored = alert->stored != NULL && alert->stored[0] != '\0'
                                          ? g_strconcat (from, alert->stored, NULL)
                                          : g_strdup ("–");
              g_autofree char *reported = alert->reported[0] != '\0'
                                            ? g_strconcat (from, alert->reported, NULL)
                                            : g_strdup ("–");

              /* Translators: the moves stored and the source's from the
               * first that differs, numbered as on a scoresheet ("2.Nf3
               * Nc6", "2…Nc6"), then the source's address */
              subtitle = g_strdup_printf (_ ("Stored: %s · source: %s · %s"), stored, reported,
                                          alert->source);
            }
          else if (alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
            /* Translators: the players as paired and as the source has
             * them ("White – Black" each), then the source's address */
            subtitle = g_strdup_printf (_ ("Paired: %s · source: %s · %s"),
                                        alert->stored != NULL ? alert->stored : "–",
                                        alert->reported, alert->source);
          else
            subtitle = g_strdup (alert->source);
          row = ADW_ACTION_ROW (adw_action_row_new ());
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_action_row_set_subtitle (row, subtitle);
          /* The answers one above the other, so that the alert itself
           * keeps most of the row's width. */
          answers = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
          gtk_box_set_homogeneous (GTK_BOX (answers), TRUE);
          gtk_widget_set_valign (answers, GTK_ALIGN_CENTER);
          gtk_widget_set_margin_top (answers, 6);
          gtk_widget_set_margin_bottom (answers, 6);
          gtk_box_append (GTK_BOX (answers),
                          settle_button (self, alert, title,
                                         alert->kind != ARB_SOURCE_ALERT_ILLEGAL_MOVE
                                           ? SETTLE_ACCEPT
                                           : SETTLE_RULE));
          gtk_box_append (GTK_BOX (answers), settle_button (self, alert, title, SETTLE_DISMISS));
          adw_action_row_add_suffix (row, answers);
          adw_preferences_group_add (self->alerts_group, GTK_WIDGET (row));
          g_hash_table_insert (self->alert_rows, g_strdup (key), row);
        }
    }
  forget_missing (self->alert_rows, present, self->alerts_group);
  gtk_widget_set_visible (GTK_WIDGET (self->no_alerts_row),
                          g_hash_table_size (self->alert_rows) == 0);
}

static void
update (ArbSourcesDialog *self)
{
  update_sources (self);
  update_unassigned (self);
  update_eboards (self);
  update_alerts (self);
}

static void
add_apply_cb (ArbSourcesDialog *self)
{
  g_autofree char *uri =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_row))));
  g_autoptr (GError) error = NULL;

  if (uri[0] == '\0')
    return;
  /* Kept in the file: the round follows it again when it is opened. */
  if (arb_round_sources_add (self->sources, uri, 0, TRUE, &error) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->add_row), "");
  show_error (self, error);
  update (self);
}

static void
eboard_apply_cb (ArbSourcesDialog *self)
{
  g_autofree char *serial =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->serial_row))));
  g_autoptr (GError) error = NULL;

  if (serial[0] == '\0')
    return;
  if (arb_round_sources_set_eboard (self->sources, serial,
                                    gtk_spin_button_get_value_as_int (self->board_spin), &error))
    gtk_editable_set_text (GTK_EDITABLE (self->serial_row), "");
  show_error (self, error);
  update (self);
}

static void
sources_changed_cb (ArbRoundSources *sources, ArbSourcesDialog *self)
{
  update (self);
}

static void
arb_sources_dialog_dispose (GObject *object)
{
  ArbSourcesDialog *self = ARB_SOURCES_DIALOG (object);

  if (self->sources != NULL)
    g_signal_handlers_disconnect_by_data (self->sources, self);
  g_clear_object (&self->sources);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->source_rows, g_hash_table_unref);
  g_clear_pointer (&self->eboard_rows, g_hash_table_unref);
  g_clear_pointer (&self->unassigned_rows, g_hash_table_unref);
  g_clear_pointer (&self->alert_rows, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_SOURCES_DIALOG);

  G_OBJECT_CLASS (arb_sources_dialog_parent_class)->dispose (object);
}

static void
arb_sources_dialog_class_init (ArbSourcesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_sources_dialog_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-sources-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, sources_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, add_row);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, unassigned_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, eboards_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, serial_row);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, board_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, alerts_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSourcesDialog, no_alerts_row);
  gtk_widget_class_bind_template_callback (widget_class, add_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, eboard_apply_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_sources_dialog_init (ArbSourcesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->source_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->eboard_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->unassigned_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->alert_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Board of the e-board"), -1);
}

ArbSourcesDialog *
arb_sources_dialog_new (ArbRoundSources *sources, GPtrArray *games)
{
  ArbSourcesDialog *self;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (sources), NULL);

  self = g_object_new (ARB_TYPE_SOURCES_DIALOG, NULL);
  arb_sources_dialog_set_round (self, sources, games);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->add_row));
  return self;
}

void
arb_sources_dialog_set_round (ArbSourcesDialog *self, ArbRoundSources *sources, GPtrArray *games)
{
  g_autoptr (GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *title = NULL;

  g_return_if_fail (ARB_IS_SOURCES_DIALOG (self));
  g_return_if_fail (ARB_IS_ROUND_SOURCES (sources));

  if (self->sources != NULL)
    g_signal_handlers_disconnect_by_data (self->sources, self);
  g_set_object (&self->sources, sources);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  self->games = games != NULL ? g_ptr_array_ref (games) : NULL;
  /* The rows of the round before go; what the arbiter typed stays. */
  forget_missing (self->source_rows, none, self->sources_group);
  forget_missing (self->alert_rows, none, self->alerts_group);
  forget_missing (self->unassigned_rows, none, self->unassigned_group);
  title = g_strdup_printf (_ ("Sources of Round %d"), arb_round_sources_get_round (sources));
  adw_preferences_group_set_title (self->sources_group, title);
  g_signal_connect (sources, "changed", G_CALLBACK (sources_changed_cb), self);
  update (self);
}

const char *
arb_sources_dialog_get_heading (ArbSourcesDialog *self)
{
  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), NULL);
  return adw_preferences_group_get_title (self->sources_group);
}

AdwEntryRow *
arb_sources_dialog_get_add_row (ArbSourcesDialog *self)
{
  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), NULL);
  return self->add_row;
}

const char *
arb_sources_dialog_get_source_status (ArbSourcesDialog *self, const char *uri)
{
  AdwActionRow *row;

  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), NULL);

  row = g_hash_table_lookup (self->source_rows, uri);
  return row != NULL ? adw_action_row_get_subtitle (row) : NULL;
}

guint
arb_sources_dialog_get_n_alerts (ArbSourcesDialog *self)
{
  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), 0);
  return g_hash_table_size (self->alert_rows);
}

guint
arb_sources_dialog_get_n_unassigned (ArbSourcesDialog *self)
{
  g_return_val_if_fail (ARB_IS_SOURCES_DIALOG (self), 0);
  return g_hash_table_size (self->unassigned_rows);
}
