/* arb-window-desk.c: the results desk, the bar where results are typed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grammar of what is typed ("12 1", "Öberg 0") is the round layer's
 * (arb-result-entry.h), shared with `arbiter-cli result`; here are the
 * bar, its answers, the question before a result is replaced, and Undo.
 */

#define G_LOG_DOMAIN "arb-window"

#include "config.h"

#include "arb-window-private.h"

#include <string.h>

#include "arb-announcer.h"
#include "arb-board-card.h"
#include "arb-error-text.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-ruling-apply.h"

/* A result entered in this window, for Undo. */
typedef struct
{
  ArbGame *game;
  ArbResult previous;
  gint64 ruling_id; /* the correction it made, 0 for a first result */
} ResultUndo;

static void
result_undo_free (ResultUndo *undo)
{
  g_clear_object (&undo->game);
  g_free (undo);
}

/* The result keys on a board card, White's score as on the card: 1 and 0,
 * = or ½ a draw, + and - a forfeit win for White or Black, * no result
 * (taken back). */
static gboolean
result_from_keyval (guint keyval, ArbResult *result)
{
  switch (keyval)
    {
    case GDK_KEY_1:
    case GDK_KEY_KP_1:
      *result = ARB_RESULT_WHITE_WINS;
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      *result = ARB_RESULT_BLACK_WINS;
      return TRUE;
    case GDK_KEY_equal:
    case GDK_KEY_KP_Equal:
    case GDK_KEY_onehalf:
      *result = ARB_RESULT_DRAW;
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
      *result = ARB_RESULT_WHITE_FORFEIT_WIN;
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      *result = ARB_RESULT_BLACK_FORFEIT_WIN;
      return TRUE;
    case GDK_KEY_asterisk:
    case GDK_KEY_KP_Multiply:
      *result = ARB_RESULT_ONGOING;
      return TRUE;
    default:
      return FALSE;
    }
}

static ArbBoardCard *
find_card (ArbWindow *self, ArbGame *game)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->board_grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child) && arb_board_card_get_game (ARB_BOARD_CARD (child)) == game)
      return ARB_BOARD_CARD (child);
  return NULL;
}

void
_arb_window_focus_game (ArbWindow *self, ArbGame *game)
{
  ArbBoardCard *card = game != NULL ? find_card (self, game) : NULL;

  if (card != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (card));
}

static void
say_feedback (ArbWindow *self, const char *text)
{
  gtk_label_set_text (self->results_feedback, text);
  arb_announce (GTK_WIDGET (self), text);
}

/* The next board of the round without a result, after `game`. */
static ArbGame *
next_open_game (ArbWindow *self, ArbGame *game)
{
  guint start = 0;

  if (self->games == NULL || self->games->len == 0)
    return NULL;
  g_ptr_array_find (self->games, game, &start);
  for (guint k = 1; k <= self->games->len; k++)
    {
      ArbGame *other = g_ptr_array_index (self->games, (start + k) % self->games->len);

      if (!arb_game_is_finished (other))
        return other;
    }
  return NULL;
}

static const char *
player_name (ArbGame *game, ArbColor side)
{
  const ArbPlayerInfo *player = arb_game_get_player (game, side);

  return player != NULL && player->name != NULL ? player->name : "";
}

/* "1–0, Jansen wins" or "½–½": a result with its winner. */
static char *
describe_result (ArbGame *game, ArbResult result)
{
  ArbColor winner = arb_result_winner (result);

  if (result == ARB_RESULT_ONGOING)
    /* Translators: a game's result at the results desk when it has none */
    return g_strdup (_ ("no result"));
  if (winner == ARB_COLOR_NONE)
    return g_strdup (arb_result_entry_display (result));
  /* Translators: a result and who won it: "1–0, Jansen, Pieter wins" */
  return g_strdup_printf (_ ("%s, %s wins"), arb_result_entry_display (result),
                          player_name (game, winner));
}

/* The last result entered in the round shown, the one Undo takes back. */
static gboolean
find_undo (ArbWindow *self, guint *index)
{
  for (guint i = self->undo != NULL ? self->undo->len : 0; i > 0; i--)
    {
      ResultUndo *undo = g_ptr_array_index (self->undo, i - 1);

      if (arb_game_get_round (undo->game) == self->round)
        {
          *index = i - 1;
          return TRUE;
        }
    }
  return FALSE;
}

static void
update_undo_action (ArbWindow *self)
{
  guint index;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo-result", find_undo (self, &index));
}

static gboolean
enter_result (ArbWindow *self, ArbGame *game, ArbResult result, const char *reason, GError **error)
{
  g_autofree char *arbiter = _arb_window_dup_arbiter (self);
  ArbResult previous = arb_game_get_result (game);
  ArbColor winner = arb_result_winner (result);
  gint64 ruling_id = 0;
  ResultUndo *undo;
  g_autofree char *feedback = NULL;

  if (_arb_window_writes_through_chief (self))
    {
      _arb_window_send_result_to_chief (self, game, result, reason);
      return TRUE;
    }
  if (!_arb_window_round_is_writable (self, arb_game_get_round (game)))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
                   _ ("Round %d is an earlier round; unlock it to correct a result"),
                   arb_game_get_round (game));
      return FALSE;
    }
  /* A stored result replaced is a decision of the rulings log, with the
   * arbiter's name and the reason: the one given at the question, or the
   * one the round was unlocked for. */
  if (reason == NULL && arb_game_get_round (game) == self->unlocked_round)
    reason = self->unlock_reason;
  if (!arb_result_entry_store (game, result, arbiter, reason, &ruling_id, error))
    return FALSE;
  undo = g_new0 (ResultUndo, 1);
  undo->game = g_object_ref (game);
  undo->previous = previous;
  undo->ruling_id = ruling_id;
  g_ptr_array_add (self->undo, undo);
  update_undo_action (self);

  if (winner != ARB_COLOR_NONE)
    /* Translators: the results desk's answer, naming the winner: "Board 7: 1–0, Jansen, Pieter
     * wins (Jansen, Pieter – Öberg, Nils)"; board, result, winner, White, Black */
    feedback = g_strdup_printf (_ ("Board %d: %s, %s wins (%s – %s)"), arb_game_get_board (game),
                                arb_result_entry_display (result), player_name (game, winner),
                                player_name (game, ARB_WHITE), player_name (game, ARB_BLACK));
  else
    /* Translators: the results desk's answer: "Board 12: 1–0 (Hansen – Åkesson)" */
    feedback = g_strdup_printf (_ ("Board %d: %s (%s – %s)"), arb_game_get_board (game),
                                arb_result_entry_display (result), player_name (game, ARB_WHITE),
                                player_name (game, ARB_BLACK));
  /* A later round was paired from the result corrected: the pairing
   * program must pair it again. */
  if (previous != result && arb_game_get_round (game) < self->last_round)
    {
      g_autofree char *told = g_steal_pointer (&feedback);

      /* Translators: after a corrected result of an earlier round; %d is
       * the round paired after it */
      feedback = g_strdup_printf (_ ("%s. Round %d was paired before this correction: pair it "
                                     "again in the pairing program."),
                                  told, self->last_round);
    }
  say_feedback (self, feedback);
  _arb_window_update_results_summary (self);
  return TRUE;
}

static void
enter_result_or_say (ArbWindow *self,
                     ArbGame *game,
                     ArbResult result,
                     const char *reason,
                     gboolean then_next)
{
  g_autoptr (GError) error = NULL;

  if (!enter_result (self, game, result, reason, &error))
    {
      say_feedback (self, arb_error_text (error));
      return;
    }
  if (then_next && result != ARB_RESULT_ONGOING)
    _arb_window_focus_game (self, next_open_game (self, game));
}

/* The answer to "Replace the result?": only "replace" replaces. */
static void
replace_response_cb (AdwMessageDialog *dialog, const char *response, ArbWindow *self)
{
  ArbGame *game = g_object_get_data (G_OBJECT (dialog), "arb-game");
  ArbResult result = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-result"));
  gboolean then_next = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "arb-then-next"));

  /* One answer per question: the dialog closing after it is none. */
  g_signal_handlers_disconnect_by_func (dialog, replace_response_cb, self);
  if (self->replace_dialog == GTK_WINDOW (dialog))
    g_clear_weak_pointer (&self->replace_dialog);
  if (g_strcmp0 (response, "replace") == 0)
    {
      GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "arb-reason");
      g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

      enter_result_or_say (self, game, result, *reason != '\0' ? reason : NULL, then_next);
    }
  else
    {
      g_autofree char *kept = describe_result (game, arb_game_get_result (game));
      /* Translators: the results desk's answer when the arbiter kept the stored result:
       * "Board 3: kept 0–1, Öberg, Nils wins" */
      g_autofree char *feedback =
        g_strdup_printf (_ ("Board %d: kept %s"), arb_game_get_board (game), kept);

      say_feedback (self, feedback);
    }
  if (!then_next && gtk_revealer_get_reveal_child (self->results_revealer))
    gtk_widget_grab_focus (GTK_WIDGET (self->results_entry));
}

/* A board that has a result gets another only after the arbiter's yes;
 * the safe answer, the default, keeps the stored one. */
static void
ask_replace (ArbWindow *self, ArbGame *game, ArbResult result, gboolean then_next)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *now = describe_result (game, arb_game_get_result (game));
  g_autofree char *then = describe_result (game, result);
  AdwMessageDialog *dialog;
  GtkWidget *entry;

  /* Translators: the question before a stored result is replaced; %d is the board */
  heading = g_strdup_printf (_ ("Replace the Result of Board %d?"), arb_game_get_board (game));
  /* Translators: White – Black, the stored result ("0–1, Öberg, Nils wins"), the new one */
  body = g_strdup_printf (_ ("%s – %s has the result %s.\nReplacing it stores %s."),
                          player_name (game, ARB_WHITE), player_name (game, ARB_BLACK), now, then);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  /* The reason goes into the rulings log with the correction. */
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("Reason, e.g. the slip was misread"));
  /* Enter in it answers with the default: keep. */
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Reason"), -1);
  adw_message_dialog_set_extra_child (dialog, entry);
  g_object_set_data (G_OBJECT (dialog), "arb-reason", entry);
  adw_message_dialog_add_responses (dialog, "keep", _ ("_Keep the Stored Result"), "replace",
                                    _ ("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "keep");
  g_object_set_data_full (G_OBJECT (dialog), "arb-game", g_object_ref (game), g_object_unref);
  g_object_set_data (G_OBJECT (dialog), "arb-result", GINT_TO_POINTER (result));
  g_object_set_data (G_OBJECT (dialog), "arb-then-next", GINT_TO_POINTER (then_next));
  g_signal_connect_object (dialog, "response", G_CALLBACK (replace_response_cb), self, 0);
  g_set_weak_pointer (&self->replace_dialog, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A result for a board: stored at once when the board has none, after
 * the question when it has one, not at all when it has this one. */
static void
offer_result (ArbWindow *self, ArbGame *game, ArbResult result, gboolean then_next)
{
  ArbResult current = arb_game_get_result (game);
  gboolean chief = _arb_window_writes_through_chief (self);

  if (_arb_window_is_read_only (self) && !chief)
    {
      g_autofree char *why = _arb_window_dup_read_only_words (self);

      say_feedback (self, why);
      return;
    }
  if (current != ARB_RESULT_ONGOING && current != result &&
      (chief || _arb_window_round_is_writable (self, arb_game_get_round (game))))
    {
      ask_replace (self, game, result, then_next);
      return;
    }
  if (current == result && current != ARB_RESULT_ONGOING)
    {
      g_autofree char *stored = describe_result (game, current);
      /* Translators: the results desk's answer to the result a board already has:
       * "Board 3: already 1–0, Jansen, Pieter wins" */
      g_autofree char *feedback =
        g_strdup_printf (_ ("Board %d: already %s"), arb_game_get_board (game), stored);

      say_feedback (self, feedback);
      if (then_next)
        _arb_window_focus_game (self, next_open_game (self, game));
      return;
    }
  enter_result_or_say (self, game, result, NULL, then_next);
}

/* "12 1", "12=", "Öberg ½", "7 --": a board and its result; "12" or
 * "Öberg" alone selects the board, for a result key after it. */
static void
results_activate_cb (GtkEntry *entry, ArbWindow *self)
{
  g_autoptr (GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  ArbResultEntry parsed = { 0 };
  ArbResultEntryTarget target = { 0 };
  ArbGame *game = NULL;

  if (_arb_window_is_read_only (self) && !_arb_window_writes_through_chief (self))
    {
      g_autofree char *why = _arb_window_dup_read_only_words (self);

      say_feedback (self, why);
      return;
    }
  if (self->tournament == NULL || text[strspn (text, " \t")] == '\0')
    return;
  if (arb_result_entry_parse (text, &parsed, &error) &&
      arb_result_entry_find (&parsed, self->tournament, self->round, &target, &error))
    {
      game = _arb_window_find_shown_game (self, target.game_id);
      if (game == NULL)
        g_set_error (&error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                     _ ("No board of round %d is “%s”"), self->round, parsed.who);
    }
  if (game == NULL)
    say_feedback (self, arb_error_text (error));
  else if (!parsed.has_result)
    {
      g_autofree char *selected =
        /* Translators: a board selected at the results desk, waiting for its result key */
        g_strdup_printf (_ ("Board %d: type its result (1, 0, =, +, −)"),
                         arb_game_get_board (game));

      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      say_feedback (self, selected);
      _arb_window_focus_game (self, game);
    }
  else
    {
      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      offer_result (self, game, target.result, FALSE);
    }
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&parsed);
}

/* Result keys on a board card of the round, in results mode: the result,
 * then the next board that has none. */
static gboolean
grid_key_pressed_cb (GtkEventControllerKey *controller,
                     guint keyval,
                     guint keycode,
                     GdkModifierType state,
                     ArbWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  ArbResult result;

  if (!gtk_toggle_button_get_active (self->results_button) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 || !result_from_keyval (keyval, &result))
    return FALSE;
  while (focus != NULL && !ARB_IS_BOARD_CARD (focus))
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL)
    return FALSE;
  offer_result (self, arb_board_card_get_game (ARB_BOARD_CARD (focus)), result, TRUE);
  return TRUE;
}

static void
undo_result_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *arbiter = NULL;
  g_autofree char *feedback = NULL;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  ResultUndo *undo;
  guint index;

  if (!find_undo (self, &index))
    return;
  undo = g_ptr_array_steal_index (self->undo, index);
  arbiter = _arb_window_dup_arbiter (self);
  /* A correction taken back is withdrawn in the rulings log, beside it. */
  if (!arb_result_entry_take_back (undo->game, undo->previous, undo->ruling_id, arbiter,
                                   /* Translators: the reason recorded in the rulings log
                                    * when a corrected result is taken back with Undo */
                                   C_ ("withdrawal reason", "Taken back at the results desk"),
                                   &error))
    {
      say_feedback (self, arb_error_text (error));
      g_ptr_array_insert (self->undo, (gint) index, undo);
      return;
    }
  /* Translators: a result taken back: "Board 12: back to —" */
  feedback = g_strdup_printf (_ ("Board %d: back to %s"), arb_game_get_board (undo->game),
                              arb_result_entry_display (undo->previous));
  say_feedback (self, feedback);
  /* The focus stays in the desk bar when it is there: the next entry is
   * typed at once. */
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->results_revealer)))
    _arb_window_focus_game (self, undo->game);
  result_undo_free (undo);
  update_undo_action (self);
  _arb_window_update_results_summary (self);
}

/* Ctrl+Z in the desk bar takes back the last result, also in the entry
 * once Enter has emptied it; while an entry is being typed it undoes the
 * typing, as in any entry. */
static gboolean
desk_key_pressed_cb (GtkEventControllerKey *controller,
                     guint keyval,
                     guint keycode,
                     GdkModifierType state,
                     ArbWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean in_entry =
    focus != NULL && (focus == GTK_WIDGET (self->results_entry) ||
                      gtk_widget_is_ancestor (focus, GTK_WIDGET (self->results_entry)));
  guint index;

  if ((keyval != GDK_KEY_z && keyval != GDK_KEY_Z) ||
      (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) != GDK_CONTROL_MASK)
    return FALSE;
  if (in_entry && gtk_editable_get_text (GTK_EDITABLE (self->results_entry))[0] != '\0')
    return FALSE;
  if (!find_undo (self, &index))
    return in_entry;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.undo-result", NULL);
  return TRUE;
}

static void
results_toggled_cb (GtkToggleButton *button, ArbWindow *self)
{
  gboolean on = gtk_toggle_button_get_active (button);

  gtk_revealer_set_reveal_child (self->results_revealer, on);
  if (on)
    {
      _arb_window_update_results_summary (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->results_entry));
    }
}

static void
results_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (_arb_window_on_game_page (self))
    gtk_widget_activate_action (widget, "win.show-round", NULL);
  gtk_toggle_button_set_active (self->results_button,
                                !gtk_toggle_button_get_active (self->results_button) ||
                                  !gtk_widget_has_focus (GTK_WIDGET (self->results_entry)));
  if (gtk_toggle_button_get_active (self->results_button))
    gtk_widget_grab_focus (GTK_WIDGET (self->results_entry));
  /* A desk that reads says so where the arbiter types, and takes none of
   * the typing (the entry is not editable then). */
  if (_arb_window_is_read_only (self) && !_arb_window_writes_through_chief (self) &&
      gtk_toggle_button_get_active (self->results_button))
    {
      g_autofree char *why = _arb_window_dup_read_only_words (self);

      say_feedback (self, why);
    }
}

void
_arb_window_desk_round_shown (ArbWindow *self, gboolean other_round)
{
  /* The last answer was about a board of the round left. */
  if (other_round)
    gtk_label_set_text (self->results_feedback, "");
  update_undo_action (self);
}

GtkWindow *
arb_window_get_replace_question (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);

  return self->replace_dialog;
}

void
_arb_window_desk_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, results_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, results_toggled_cb);
  gtk_widget_class_install_action (widget_class, "win.results", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.undo-result", NULL, undo_result_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.results",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo-result",
                                       NULL);
}

void
_arb_window_desk_init (ArbWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *desk_keys = gtk_event_controller_key_new ();

  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) result_undo_free);
  /* Before the search bar's key capture: a result key on a card is a
   * result, not the start of a search. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (grid_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board_grid), keys);
  /* Before the entry, whose own Ctrl+Z would undo the typing Enter
   * cleared rather than the result it stored. */
  gtk_event_controller_set_propagation_phase (desk_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (desk_keys, "key-pressed", G_CALLBACK (desk_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->results_revealer), desk_keys);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo-result", FALSE);
}

void
_arb_window_desk_dispose (ArbWindow *self)
{
  if (self->replace_dialog != NULL)
    {
      GtkWindow *dialog = self->replace_dialog;

      g_clear_weak_pointer (&self->replace_dialog);
      gtk_window_destroy (dialog);
    }
  g_clear_pointer (&self->undo, g_ptr_array_unref);
}
