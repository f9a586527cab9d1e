/* arb-reconstruct-dialog.c: a game rebuilt from its scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-reconstruct-dialog"

#include "config.h"

#include <string.h>

#include "arb-board-view.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-reconstruct-dialog.h"
#include "arb-reconstruct-readings.h"
#include "arb-reconstruction.h"
#include "arb-san.h"

/* A pause in typing before the sheets are read again. */
#define SEARCH_DELAY_MS 250

struct _ArbReconstructDialog
{
  AdwWindow parent_instance;

  /* template */
  AdwWindowTitle *window_title;
  GtkWidget *accept_button;
  GtkWidget *cancel_button;
  GtkWidget *accept_all_button;
  GtkWidget *board_box;
  GtkWidget *players_box;
  GtkSpinButton *board_spin;
  GtkDropDown *white_dropdown;
  GtkDropDown *black_dropdown;
  GtkDropDown *language_dropdown;
  GtkStack *sheet_stack;
  GtkTextView *white_view;
  GtkTextView *black_view;
  ArbBoardView *board;
  GtkLabel *status_label;
  GtkLabel *ply_label;
  GtkLabel *error_label;
  GtkTextView *moves_view;
  GtkListBox *corrections_list;
  GtkWidget *disagreements_box;
  GtkListBox *disagreements_list;
  GtkWidget *alternatives_box;
  GtkListBox *alternatives_list;

  /* what the game is stored into */
  ArbGame *game; /* NULL for a new game */
  ArbTournament *tournament;
  int round;
  ArbEdition edition;
  ArbPosition start;
  GArray *player_ids; /* gint64, for the player drop-downs (0: none) */

  /* the last search */
  ArbScoresheet *sheets[2];
  ArbScoresheetResult *result;
  GArray *accepted;  /* gboolean per correction of the best game */
  GPtrArray *checks; /* their check buttons (owned by the rows) */
  GArray *fixed;     /* ArbMove: moves the arbiter fixed, by half-move */
  GCancellable *cancellable;
  guint generation;
  guint delay_id;
  gboolean searching;
  guint shown_ply;
};

G_DEFINE_FINAL_TYPE (ArbReconstructDialog, arb_reconstruct_dialog, ADW_TYPE_WINDOW)

enum
{
  STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const language_codes[] = { "auto", "en", "sv", "nb", "da", "de", "nl" };

static void schedule_search (ArbReconstructDialog *self);
static void start_search (ArbReconstructDialog *self);

/* --- Text offsets ------------------------------------------------------ */

static GtkTextView *
sheet_view (ArbReconstructDialog *self, guint sheet)
{
  return sheet == 0 ? self->white_view : self->black_view;
}

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* --- The board follows the cursor ------------------------------------- */

static void
show_ply (ArbReconstructDialog *self, guint ply)
{
  const ArbScoresheetGame *best = self->result != NULL ? self->result->best : NULL;
  ArbPosition pos;

  if (best == NULL)
    {
      arb_board_view_set_position (self->board, &self->start);
      arb_board_view_set_last_move (self->board, ARB_MOVE_NONE);
      gtk_label_set_text (self->ply_label, "");
      self->shown_ply = 0;
      return;
    }
  ply = MIN (ply, best->moves->len);
  self->shown_ply = ply;
  arb_scoresheet_game_get_position (self->result, best, ply, &pos);
  arb_board_view_set_position (self->board, &pos);
  arb_board_view_set_last_move (self->board, ply > 0 ? g_array_index (best->moves, ArbMove, ply - 1)
                                                     : ARB_MOVE_NONE);
  if (ply == 0)
    gtk_label_set_text (self->ply_label, _ ("The start position"));
  else
    {
      g_autofree char *label = arb_reconstruct_move_label (&self->start, ply);
      g_autofree char *san = arb_reconstruct_san_at (self->result, best, ply);
      /* Translators: the move the board shows, e.g. "After 12… Re8" */
      g_autofree char *text = g_strdup_printf (_ ("After %s %s"), label, san);

      gtk_label_set_text (self->ply_label, text);
    }
}

static void
cursor_moved_cb (ArbReconstructDialog *self, GParamSpec *pspec, GtkTextBuffer *buffer)
{
  guint sheet = buffer == gtk_text_view_get_buffer (self->white_view) ? 0 : 1;
  GtkTextIter start, cursor;
  g_autofree char *before = NULL;
  int token;
  guint ply = 0;

  if (self->result == NULL || self->sheets[sheet] == NULL || sheet >= self->result->n_sheets)
    return;
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  before = gtk_text_buffer_get_text (buffer, &start, &cursor, FALSE);
  /* The token the cursor is in or after, and the half-move read from it
   * (or from the last token before it that is in the game). */
  for (token = arb_scoresheet_token_at_offset (self->sheets[sheet], strlen (before));
       token >= 0 && ply == 0; token--)
    ply = arb_scoresheet_game_ply_of_token (self->result->best, sheet, token);
  show_ply (self, ply);
}

/* --- Showing a result -------------------------------------------------- */

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
update_accept (ArbReconstructDialog *self)
{
  /* Where the sheets leave two games at the same cost, the arbiter
   * chooses one (its "Use" button) before anything is stored. */
  gboolean all =
    self->result != NULL && !self->searching && !arb_scoresheet_result_is_undecided (self->result);

  for (guint i = 0; all && i < self->accepted->len; i++)
    all = g_array_index (self->accepted, gboolean, i);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reconstruct.store", all);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reconstruct.accept-all",
                                 self->result != NULL && self->accepted->len > 0);
  /* No heading over an empty list: a sheet refused, or nothing to correct
   * (the status says which). */
  gtk_widget_set_visible (gtk_widget_get_parent (self->accept_all_button), self->accepted->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->corrections_list), self->accepted->len > 0);
}

static void
accept_toggled_cb (GtkCheckButton *check, GParamSpec *pspec, ArbReconstructDialog *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "correction"));

  if (index < self->accepted->len)
    g_array_index (self->accepted, gboolean, index) = gtk_check_button_get_active (check);
  update_accept (self);
}

static void
fix_entry_activated_cb (GtkEntry *entry, ArbReconstructDialog *self)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "ply"));
  g_autoptr (GError) error = NULL;

  if (!arb_reconstruct_dialog_fix_move (self, ply, gtk_editable_get_text (GTK_EDITABLE (entry)),
                                        &error))
    {
      gtk_label_set_text (self->error_label, arb_error_text (error));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
}

static GtkWidget *
correction_row (ArbReconstructDialog *self, const ArbScoresheetCorrection *c, guint index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new_with_label (_ ("Accept"));
  g_autofree char *label = arb_reconstruct_move_label (&self->start, MAX (c->ply, 1u));
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *where = NULL;

  if (self->result->n_sheets > 1)
    where = g_strdup_printf (c->sheet == 0 ? _ ("White's sheet") : _ ("Black's sheet"));
  else
    where = g_strdup (_ ("the sheet"));
  if (c->kind == ARB_SCORESHEET_CORRECTION_EXTRA)
    {
      /* Translators: a correction: what was written is not in the game,
       * e.g. "Before 21.: “Nbd7”" */
      title = g_strdup_printf (_ ("Before %s: “%s”"), label, c->written);
      subtitle = g_strdup_printf (_ ("On %s, %s"), where, arb_reconstruct_kind_words (c->kind));
    }
  else
    {
      title = g_strdup_printf ("%s %s", label, c->read);
      if (c->kind == ARB_SCORESHEET_CORRECTION_MISSING)
        subtitle = g_strdup_printf (_ ("Not on %s"), where);
      else if (c->written[0] == '\0')
        subtitle =
          g_strdup_printf (_ ("Blank on %s, %s"), where, arb_reconstruct_kind_words (c->kind));
      else
        /* Translators: a correction: what was written, where, and what
         * was changed, e.g. "Written “Te7” on the sheet, another square" */
        subtitle = g_strdup_printf (_ ("Written “%s” on %s, %s"), c->written, where,
                                    arb_reconstruct_kind_words (c->kind));
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "ply", GUINT_TO_POINTER (c->ply));

  if (c->kind != ARB_SCORESHEET_CORRECTION_EXTRA)
    {
      GtkWidget *entry = gtk_entry_new ();

      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("Right move"));
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 9);
      gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (entry, _ ("Type the move that was played; the game is read "
                                             "again from there"));
      g_object_set_data (G_OBJECT (entry), "ply", GUINT_TO_POINTER (c->ply));
      g_signal_connect (entry, "activate", G_CALLBACK (fix_entry_activated_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
    }
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (check), "correction", GUINT_TO_POINTER (index));
  g_signal_connect (check, "notify::active", G_CALLBACK (accept_toggled_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
  g_ptr_array_add (self->checks, check);
  return row;
}

/* The best game's own row carries G_MAXUINT: an undecided half-move
 * can be settled for it as for any alternative. */
static void
use_alternative_cb (GtkButton *button, ArbReconstructDialog *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "alternative"));

  if (index == G_MAXUINT && self->result != NULL)
    {
      g_array_set_size (self->fixed, 0);
      g_array_append_vals (self->fixed, self->result->best->moves->data,
                           self->result->best->moves->len);
      start_search (self);
      return;
    }
  arb_reconstruct_dialog_use_alternative (self, index);
}

/* The game as text, each corrected move marked. */
static void
show_moves (ArbReconstructDialog *self)
{
  arb_reconstruct_show_moves (gtk_text_view_get_buffer (self->moves_view), self->result,
                              &self->start);
}

/* Marks the corrected tokens in the sheets, and the token where no game
 * fits. */
static void
mark_sheets (ArbReconstructDialog *self, int failed_sheet, int failed_token)
{
  for (guint k = 0; k < 2; k++)
    arb_reconstruct_mark_sheet (gtk_text_view_get_buffer (sheet_view (self, k)), self->sheets[k],
                                self->result, k, (int) k == failed_sheet ? failed_token : -1);
}

/* --- The search, off the main thread ----------------------------------- */

typedef struct
{
  char *texts[2];
  char *language;
  ArbPosition start;
  GArray *fixed;
  guint generation;
  /* out */
  ArbScoresheet *sheets[2];
  ArbScoresheetResult *result;
  ArbScoresheetFailure failure;
  GError *error;
  int error_sheet;
} SearchJob;

static void
search_job_free (SearchJob *job)
{
  for (guint k = 0; k < 2; k++)
    {
      g_free (job->texts[k]);
      arb_scoresheet_free (job->sheets[k]);
    }
  g_free (job->language);
  g_array_unref (job->fixed);
  arb_scoresheet_result_free (job->result);
  g_clear_error (&job->error);
  g_free (job);
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SearchJob *job = data;
  ArbScoresheet *sheets[2];
  ArbScoresheetOptions options = { 0 };
  guint n = 0;

  job->error_sheet = -1;
  for (guint k = 0; k < 2; k++)
    {
      if (job->texts[k] == NULL)
        continue;
      job->sheets[k] = arb_scoresheet_read (job->texts[k], -1, job->language, &job->error);
      if (job->sheets[k] == NULL)
        {
          job->error_sheet = (int) k;
          g_task_return_boolean (task, TRUE);
          return;
        }
      sheets[n++] = job->sheets[k];
    }
  options.fixed = (const ArbMove *) job->fixed->data;
  options.n_fixed = job->fixed->len;
  options.cancellable = cancellable;
  job->result =
    arb_scoresheet_search (&job->start, sheets, n, &options, &job->failure, &job->error);
  /* With only Black's sheet, its corrections name sheet 1 all the same. */
  if (n == 1 && job->texts[0] == NULL)
    {
      job->sheets[0] = NULL;
      job->failure.sheet = 1;
    }
  g_task_return_boolean (task, TRUE);
}

/* The sheets leave the best game and another at the same cost: the
 * status says where and between which moves, and the best game gets its
 * own "Use" row before the alternatives, so that the arbiter chooses. */
static void
show_undecided (ArbReconstructDialog *self)
{
  const ArbScoresheetGame *alt = g_ptr_array_index (self->result->alternatives, 0);
  g_autofree char *label = arb_reconstruct_move_label (&self->start, alt->differs_at);
  g_autofree char *a = arb_reconstruct_san_at (self->result, self->result->best, alt->differs_at);
  g_autofree char *b = arb_reconstruct_san_at (self->result, alt, alt->differs_at);
  /* Translators: two games explain the sheets equally well, e.g.
   * "Undecided at 2.: Bf4 or Bg5, both at cost 8. Choose one below." */
  g_autofree char *text = g_strdup_printf (_ ("Undecided at %s: %s or %s, both at cost %u. "
                                              "Choose one below."),
                                           label, a, b, alt->cost);

  gtk_label_set_text (self->status_label, text);
  gtk_list_box_append (self->alternatives_list,
                       arb_reconstruct_alternative_row (self->result, self->result->best, G_MAXUINT,
                                                        alt->differs_at,
                                                        G_CALLBACK (use_alternative_cb), self));
}

static void
apply_job (ArbReconstructDialog *self, SearchJob *job)
{
  guint n_sheets = (job->sheets[0] != NULL) + (job->sheets[1] != NULL);

  for (guint k = 0; k < 2; k++)
    {
      arb_scoresheet_free (self->sheets[k]);
      self->sheets[k] = g_steal_pointer (&job->sheets[k]);
    }
  g_clear_pointer (&self->result, arb_scoresheet_result_free);
  self->result = g_steal_pointer (&job->result);
  g_array_set_size (self->accepted, 0);
  g_ptr_array_set_size (self->checks, 0);
  clear_list (self->corrections_list);
  clear_list (self->alternatives_list);
  clear_list (self->disagreements_list);
  gtk_widget_set_visible (self->disagreements_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  if (self->result != NULL && n_sheets == 1 && self->sheets[1] != NULL)
    {
      /* Black's sheet alone: it is the search's sheet 0. */
      for (guint i = 0; i < self->result->best->corrections->len; i++)
        g_array_index (self->result->best->corrections, ArbScoresheetCorrection, i).sheet = 1;
      g_array_append_vals (self->result->best->tokens[1], self->result->best->tokens[0]->data,
                           self->result->best->tokens[0]->len);
    }

  if (self->result == NULL)
    {
      int failed_token = -1;

      if (job->error == NULL)
        gtk_label_set_text (self->status_label, _ ("Type or paste a scoresheet"));
      else if (g_error_matches (job->error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME))
        {
          g_autofree char *text = NULL;

          failed_token = job->failure.token;
          if (failed_token >= 0 && self->sheets[job->failure.sheet] != NULL)
            text = g_strdup_printf (
              /* Translators: no legal game explains the sheet from a move on */
              _ ("No legal game fits the sheet from half-move %u on (“%s”, line %u)"),
              job->failure.ply,
              arb_scoresheet_get_token (self->sheets[job->failure.sheet], failed_token)->text,
              arb_scoresheet_get_token (self->sheets[job->failure.sheet], failed_token)->line);
          else
            text = g_strdup_printf (_ ("No legal game fits the sheet from half-move %u on"),
                                    job->failure.ply);
          gtk_label_set_text (self->status_label, text);
        }
      else if (g_error_matches (job->error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_EMPTY))
        gtk_label_set_text (self->status_label, _ ("Type or paste a scoresheet"));
      else
        {
          /* Translators: a sheet could not be read; the reason follows */
          g_autofree char *text =
            g_strdup_printf (_ ("The sheet cannot be read: %s"), arb_error_text (job->error));

          gtk_label_set_text (self->status_label, text);
        }
      mark_sheets (self, job->failure.sheet, failed_token);
      show_moves (self);
      show_ply (self, 0);
      gtk_widget_set_visible (self->alternatives_box, FALSE);
      update_accept (self);
      return;
    }

  {
    const ArbScoresheetGame *best = self->result->best;
    g_autofree char *plies = g_strdup_printf (
      ngettext ("%u half-move", "%u half-moves", best->moves->len), best->moves->len);
    g_autofree char *corrections =
      best->corrections->len == 0
        ? g_strdup (_ ("nothing to correct"))
        : g_strdup_printf (ngettext ("%u correction", "%u corrections", best->corrections->len),
                           best->corrections->len);
    /* Translators: the game read from the sheets, e.g. "48 half-moves, 2 corrections" */
    g_autofree char *status = g_strdup_printf (_ ("%s, %s"), plies, corrections);

    gtk_label_set_text (self->status_label, status);
    for (guint i = 0; i < best->corrections->len; i++)
      {
        gboolean no = FALSE;

        g_array_append_val (self->accepted, no);
        gtk_list_box_append (
          self->corrections_list,
          correction_row (self, &g_array_index (best->corrections, ArbScoresheetCorrection, i), i));
      }
    if (arb_scoresheet_result_is_undecided (self->result))
      show_undecided (self);
    for (guint i = 0; i < self->result->alternatives->len; i++)
      {
        const ArbScoresheetGame *alt = g_ptr_array_index (self->result->alternatives, i);

        gtk_list_box_append (self->alternatives_list, arb_reconstruct_alternative_row (
                                                        self->result, alt, i, alt->differs_at,
                                                        G_CALLBACK (use_alternative_cb), self));
      }
    gtk_widget_set_visible (self->alternatives_box, self->result->alternatives->len > 0);
    gtk_widget_set_visible (
      self->disagreements_box,
      arb_reconstruct_add_disagreements (self->disagreements_list, self->result, self->sheets,
                                         G_CALLBACK (use_alternative_cb), self) > 0);
  }
  mark_sheets (self, -1, -1);
  show_moves (self);
  show_ply (self, self->result->best->moves->len);
  update_accept (self);
}

static void
search_done_cb (GObject *source, GAsyncResult *res, gpointer data)
{
  ArbReconstructDialog *self = ARB_RECONSTRUCT_DIALOG (source);
  SearchJob *job = g_task_get_task_data (G_TASK (res));

  g_task_propagate_boolean (G_TASK (res), NULL);
  if (job->generation != self->generation)
    return;
  if (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->searching = FALSE;
  apply_job (self, job);
}

static void
start_search (ArbReconstructDialog *self)
{
  SearchJob *job = g_new0 (SearchJob, 1);
  g_autoptr (GTask) task = NULL;
  guint selected = gtk_drop_down_get_selected (self->language_dropdown);

  for (guint k = 0; k < 2; k++)
    {
      char *text = buffer_text (gtk_text_view_get_buffer (sheet_view (self, k)));
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      /* A sheet that is empty or only white space is not there. */
      if (stripped[0] == '\0')
        g_free (text);
      else
        job->texts[k] = text;
    }
  job->language =
    g_strdup (language_codes[selected < G_N_ELEMENTS (language_codes) ? selected : 0]);
  job->start = self->start;
  job->fixed = g_array_copy (self->fixed);
  job->generation = ++self->generation;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->searching = TRUE;
  update_accept (self);
  if (job->texts[0] == NULL && job->texts[1] == NULL)
    {
      self->searching = FALSE;
      apply_job (self, job);
      search_job_free (job);
      return;
    }
  task = g_task_new (self, self->cancellable, search_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) search_job_free);
  g_task_run_in_thread (task, search_thread);
}

static gboolean
delay_done_cb (gpointer data)
{
  ArbReconstructDialog *self = data;

  self->delay_id = 0;
  start_search (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_search (ArbReconstructDialog *self)
{
  g_clear_handle_id (&self->delay_id, g_source_remove);
  self->searching = TRUE;
  update_accept (self);
  self->delay_id = g_timeout_add (SEARCH_DELAY_MS, delay_done_cb, self);
}

static void
sheet_changed_cb (ArbReconstructDialog *self)
{
  /* A new text: the moves the arbiter fixed were for the old one. */
  g_array_set_size (self->fixed, 0);
  schedule_search (self);
}

static void
language_changed_cb (ArbReconstructDialog *self)
{
  schedule_search (self);
}

/* --- Public ------------------------------------------------------------ */

gboolean
arb_reconstruct_dialog_fix_move (ArbReconstructDialog *self,
                                 guint ply,
                                 const char *text,
                                 GError **error)
{
  const ArbScoresheetGame *best;
  g_autoptr (ArbScoresheet) sheet = NULL;
  g_autoptr (ArbScoresheetResult) one = NULL;
  ArbScoresheet *sheets[1];
  ArbPosition before;
  guint selected = gtk_drop_down_get_selected (self->language_dropdown);

  g_return_val_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->result == NULL || ply == 0 || ply > self->result->best->moves->len + 1)
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_CONSTRAINT,
                   _ ("There is no half-move %u to fix"), ply);
      return FALSE;
    }
  best = self->result->best;
  arb_scoresheet_game_get_position (self->result, best, ply - 1, &before);
  /* The move typed is read like a sheet of one move, in the sheets'
   * letters, and must name one legal move as written. */
  sheet = arb_scoresheet_read (
    text, -1, language_codes[selected < G_N_ELEMENTS (language_codes) ? selected : 0], NULL);
  sheets[0] = sheet;
  if (sheet != NULL && arb_scoresheet_get_n_tokens (sheet) == 1)
    one = arb_scoresheet_search (&before, sheets, 1, NULL, NULL, NULL);
  if (one == NULL || one->best->moves->len != 1 || one->best->corrections->len > 0)
    {
      g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_CONSTRAINT,
                   _ ("“%s” is not a legal move there"), text);
      return FALSE;
    }
  g_array_set_size (self->fixed, 0);
  g_array_append_vals (self->fixed, best->moves->data, ply - 1);
  g_array_append_val (self->fixed, g_array_index (one->best->moves, ArbMove, 0));
  start_search (self);
  return TRUE;
}

void
arb_reconstruct_dialog_use_alternative (ArbReconstructDialog *self, guint index)
{
  const ArbScoresheetGame *alt;

  g_return_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self));
  g_return_if_fail (self->result != NULL && index < self->result->alternatives->len);

  alt = g_ptr_array_index (self->result->alternatives, index);
  g_array_set_size (self->fixed, 0);
  g_array_append_vals (self->fixed, alt->moves->data, alt->moves->len);
  start_search (self);
}

GtkTextBuffer *
arb_reconstruct_dialog_get_buffer (ArbReconstructDialog *self, guint sheet)
{
  g_return_val_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self), NULL);
  g_return_val_if_fail (sheet < 2, NULL);
  return gtk_text_view_get_buffer (sheet_view (self, sheet));
}

gboolean
arb_reconstruct_dialog_is_searching (ArbReconstructDialog *self)
{
  g_return_val_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self), FALSE);
  return self->searching;
}

const ArbScoresheetResult *
arb_reconstruct_dialog_get_result (ArbReconstructDialog *self)
{
  g_return_val_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self), NULL);
  return self->result;
}

guint
arb_reconstruct_dialog_get_shown_ply (ArbReconstructDialog *self)
{
  g_return_val_if_fail (ARB_IS_RECONSTRUCT_DIALOG (self), 0);
  return self->shown_ply;
}

/* --- Actions ----------------------------------------------------------- */

static void
accept_all_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbReconstructDialog *self = ARB_RECONSTRUCT_DIALOG (widget);

  for (guint i = 0; i < self->checks->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->checks, i), TRUE);
  for (guint i = 0; i < self->accepted->len; i++)
    g_array_index (self->accepted, gboolean, i) = TRUE;
  update_accept (self);
}

static void
store_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbReconstructDialog *self = ARB_RECONSTRUCT_DIALOG (widget);
  g_autoptr (GError) error = NULL;
  ArbGameInfo info = { 0 };
  gint64 id;

  if (self->result == NULL || self->searching || arb_scoresheet_result_is_undecided (self->result))
    return;
  if (self->game == NULL)
    {
      guint white = gtk_drop_down_get_selected (self->white_dropdown);
      guint black = gtk_drop_down_get_selected (self->black_dropdown);

      info.round = self->round;
      info.board = gtk_spin_button_get_value_as_int (self->board_spin);
      info.result = ARB_RESULT_ONGOING;
      info.rated = TRUE;
      info.white_id =
        white < self->player_ids->len ? g_array_index (self->player_ids, gint64, white) : 0;
      info.black_id =
        black < self->player_ids->len ? g_array_index (self->player_ids, gint64, black) : 0;
      if (info.white_id == 0 || info.black_id == 0 || info.white_id == info.black_id)
        {
          gtk_label_set_text (self->error_label, _ ("Choose the two players of the new game"));
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
          return;
        }
    }
  /* One transaction: the moves, the ruling for the log, the audit line.
   * It is durable when this returns. */
  id = arb_reconstruction_store (
    self->tournament, self->game != NULL ? arb_game_get_id (self->game) : 0,
    self->game != NULL ? NULL : &info, self->result, self->result->best, self->edition, &error);
  if (id == 0)
    {
      /* Translators: storing the rebuilt game failed; the reason follows */
      g_autofree char *text =
        g_strdup_printf (_ ("The game was not stored: %s"), arb_error_text (error));

      gtk_label_set_text (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  if (self->game != NULL && !arb_game_reload (self->game, &error))
    g_warning ("The game could not be read again: %s", error->message);
  g_signal_emit (self, signals[STORED], 0, id);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (ArbReconstructDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Choosing a sheet's page puts the cursor in it, ready for typing. */
static void
sheet_page_cb (ArbReconstructDialog *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->sheet_stack);

  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_grab_focus (
      GTK_WIDGET (g_strcmp0 (name, "black") == 0 ? self->black_view : self->white_view));
}

static void
correction_activated_cb (ArbReconstructDialog *self, GtkListBoxRow *row)
{
  show_ply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "ply")));
}

/* --- Life cycle -------------------------------------------------------- */

static void
arb_reconstruct_dialog_dispose (GObject *object)
{
  ArbReconstructDialog *self = ARB_RECONSTRUCT_DIALOG (object);

  g_clear_handle_id (&self->delay_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_RECONSTRUCT_DIALOG);
  G_OBJECT_CLASS (arb_reconstruct_dialog_parent_class)->dispose (object);
}

static void
arb_reconstruct_dialog_finalize (GObject *object)
{
  ArbReconstructDialog *self = ARB_RECONSTRUCT_DIALOG (object);

  for (guint k = 0; k < 2; k++)
    arb_scoresheet_free (self->sheets[k]);
  g_clear_pointer (&self->result, arb_scoresheet_result_free);
  g_array_unref (self->accepted);
  g_ptr_array_unref (self->checks);
  g_array_unref (self->fixed);
  g_array_unref (self->player_ids);
  g_clear_object (&self->game);
  g_clear_object (&self->tournament);
  G_OBJECT_CLASS (arb_reconstruct_dialog_parent_class)->finalize (object);
}

static void
arb_reconstruct_dialog_class_init (ArbReconstructDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_reconstruct_dialog_dispose;
  object_class->finalize = arb_reconstruct_dialog_finalize;

  /**
   * ArbReconstructDialog::stored:
   * @game_id: the game stored
   *
   * The game was stored (and is durable); the dialog closes.
   */
  signals[STORED] = g_signal_new ("stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  g_type_ensure (ARB_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiterdesk/Arbiter/ui/"
                                                             "arb-reconstruct-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, accept_all_button);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, board_box);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, players_box);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, board_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, white_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, black_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, sheet_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, white_view);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, black_view);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, board);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, ply_label);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, moves_view);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, corrections_list);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, disagreements_box);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, disagreements_list);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, alternatives_box);
  gtk_widget_class_bind_template_child (widget_class, ArbReconstructDialog, alternatives_list);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, language_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, correction_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, sheet_page_cb);

  gtk_widget_class_install_action (widget_class, "reconstruct.accept-all", NULL, accept_all_action);
  gtk_widget_class_install_action (widget_class, "reconstruct.store", NULL, store_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  /* Keys a text view leaves alone, since the cursor is usually in a sheet. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "reconstruct.store", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_ALT_MASK,
                                       "reconstruct.accept-all", NULL);
}

static void
arb_reconstruct_dialog_init (ArbReconstructDialog *self)
{
  g_autoptr (GtkStringList) languages = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->accepted = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->checks = g_ptr_array_new ();
  self->fixed = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  arb_position_set_start (&self->start);

  /* The letters players write; "Automatic" tells them from the sheet. */
  gtk_string_list_append (languages, _ ("Automatic"));
  gtk_string_list_append (languages, _ ("English (K Q R B N)"));
  gtk_string_list_append (languages, _ ("Swedish (K D T L S)"));
  gtk_string_list_append (languages, _ ("Norwegian (K D T L S)"));
  gtk_string_list_append (languages, _ ("Danish (K D T L S)"));
  gtk_string_list_append (languages, _ ("German (K D T L S)"));
  gtk_string_list_append (languages, _ ("Dutch (K D T L P)"));
  gtk_drop_down_set_model (self->language_dropdown, G_LIST_MODEL (languages));

  for (guint k = 0; k < 2; k++)
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (sheet_view (self, k));

      gtk_text_buffer_create_tag (buffer, "corrected", "underline", PANGO_UNDERLINE_ERROR,
                                  "background", "rgba(246,211,45,0.35)", NULL);
      gtk_text_buffer_create_tag (buffer, "failed", "underline", PANGO_UNDERLINE_ERROR,
                                  "background", "rgba(224,27,36,0.25)", NULL);
      g_signal_connect_swapped (buffer, "changed", G_CALLBACK (sheet_changed_cb), self);
      g_signal_connect_swapped (buffer, "notify::cursor-position", G_CALLBACK (cursor_moved_cb),
                                self);
    }
  {
    GtkTextBuffer *moves = gtk_text_view_get_buffer (self->moves_view);

    gtk_text_buffer_create_tag (moves, "number", "foreground", "gray", NULL);
    gtk_text_buffer_create_tag (moves, "move", NULL);
    gtk_text_buffer_create_tag (moves, "corrected", "weight", PANGO_WEIGHT_BOLD, "background",
                                "rgba(246,211,45,0.35)", NULL);
    gtk_text_buffer_create_tag (moves, "written", "foreground", "gray", "style", PANGO_STYLE_ITALIC,
                                "scale", PANGO_SCALE_SMALL, NULL);
  }
  gtk_label_set_text (self->status_label, _ ("Type or paste a scoresheet"));
  arb_board_view_set_position (self->board, &self->start);
  update_accept (self);
  /* Typing starts in White's sheet. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->white_view));
}

static ArbEdition
event_edition (ArbTournament *tournament)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (tournament, NULL);
  ArbEdition edition = ARB_EDITION_LATEST;

  if (event != NULL)
    arb_edition_from_year (event->edition, &edition);
  return edition;
}

ArbReconstructDialog *
arb_reconstruct_dialog_new (ArbGame *game)
{
  ArbReconstructDialog *self;
  g_autofree char *subtitle = NULL;
  const ArbPlayerInfo *white, *black;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  self = g_object_new (ARB_TYPE_RECONSTRUCT_DIALOG, NULL);
  self->game = g_object_ref (game);
  self->tournament = g_object_ref (arb_game_get_tournament (game));
  self->round = arb_game_get_round (game);
  self->edition = event_edition (self->tournament);
  self->start = *arb_game_get_position (game, 0);
  arb_board_view_set_position (self->board, &self->start);
  white = arb_game_get_player (game, ARB_WHITE);
  black = arb_game_get_player (game, ARB_BLACK);
  /* Translators: the board whose moves the sheets replace, e.g.
   * "Round 3, board 12 · Lindqvist – Haugen" */
  subtitle =
    g_strdup_printf (_ ("Round %d, board %d · %s – %s"), self->round, arb_game_get_board (game),
                     white != NULL ? white->name : "?", black != NULL ? black->name : "?");
  adw_window_title_set_subtitle (self->window_title, subtitle);
  return self;
}

ArbReconstructDialog *
arb_reconstruct_dialog_new_for_round (ArbTournament *tournament, int round, int board)
{
  ArbReconstructDialog *self;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  self = g_object_new (ARB_TYPE_RECONSTRUCT_DIALOG, NULL);
  self->tournament = g_object_ref (tournament);
  self->round = round;
  self->edition = event_edition (tournament);
  gtk_spin_button_set_value (self->board_spin, MAX (board, 1));
  gtk_widget_set_visible (self->board_box, TRUE);
  gtk_widget_set_visible (self->players_box, TRUE);
  {
    /* The players: "White" and "Black" first, then every player. */
    g_autoptr (GPtrArray) players = arb_tournament_list_players (tournament, NULL);
    g_autoptr (GtkStringList) whites = gtk_string_list_new (NULL);
    g_autoptr (GtkStringList) blacks = gtk_string_list_new (NULL);
    gint64 none = 0;

    gtk_string_list_append (whites, _ ("White…"));
    gtk_string_list_append (blacks, _ ("Black…"));
    g_array_append_val (self->player_ids, none);
    for (guint i = 0; players != NULL && i < players->len; i++)
      {
        const ArbPlayerInfo *p = g_ptr_array_index (players, i);

        gtk_string_list_append (whites, p->name != NULL ? p->name : "?");
        gtk_string_list_append (blacks, p->name != NULL ? p->name : "?");
        g_array_append_val (self->player_ids, p->id);
      }
    gtk_drop_down_set_model (self->white_dropdown, G_LIST_MODEL (whites));
    gtk_drop_down_set_model (self->black_dropdown, G_LIST_MODEL (blacks));
  }
  /* Translators: the sheets make a new game, e.g. "A new game of round 3" */
  subtitle = g_strdup_printf (_ ("A new game of round %d"), round);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  return self;
}
