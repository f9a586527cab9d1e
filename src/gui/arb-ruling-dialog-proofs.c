/* arb-ruling-dialog-proofs.c: the facts of a ruling that the program proves
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-i18n.h"
#include <stdlib.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-laws.h"
#include "arb-material.h"
#include "arb-ruling-facts.h"
#include "arb-ruling-board.h"
#include "arb-ruling-dialog-private.h"
#include "arb-ruling-text.h"
#include "arb-game-text.h"
#include "arb-san.h"

/* --- Facts the program proves ------------------------------------------ */

/* The longest helpmate shown in full under the fact. */
#define PROOF_LINE_MAX_PLIES 16

/* The search for a shorter helpmate to show: a tenth of a second or so. */
#define SHORT_LINE_NODES 1000000

/* The question asked off the main thread, and its answer. */
typedef struct
{
  ArbPosition pos;
  ArbColor mater;
  ArbEdition edition;
  ArbProof proof;
  ArbUnwinnableResult result;
  /* Whether the side that flagged could mate (for "the game had already
   * ended": a dead position), asked only where that fact is shown. */
  gboolean want_own;
  ArbProof own_proof;
} MateQuestion;

static gboolean
question_dropped (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

static void
mate_search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  MateQuestion *q = data;

  /* The search of 5.2.2/6.9 under the event's edition (the 75-move rule
   * bounds the series from 2014 on), within its node budget; it stops
   * soon after the dialog drops the question. */
  q->proof = arb_ruling_facts_mate_search_until (&q->pos, q->mater, q->edition, question_dropped,
                                                 cancellable, &q->result);
  /* The arbiter reads the line: the shortest one found in a moment. */
  if (q->proof == ARB_PROOF_FALSE && !g_cancellable_is_cancelled (cancellable))
    arb_unwinnable_shorten_line (&q->pos, q->mater, q->edition >= ARB_EDITION_2014,
                                 SHORT_LINE_NODES, &q->result);
  q->own_proof = ARB_PROOF_UNKNOWN;
  if (q->want_own && q->proof == ARB_PROOF_TRUE && !g_cancellable_is_cancelled (cancellable))
    {
      g_autofree ArbUnwinnableResult *own = g_new (ArbUnwinnableResult, 1);

      q->own_proof = arb_ruling_facts_mate_search_until (&q->pos, !q->mater, ARB_EDITION_LATEST,
                                                         question_dropped, cancellable, own);
    }
  g_task_return_boolean (task, TRUE);
}

/* What the row says under "The opponent cannot checkmate": the helpmate
 * the search found, so that the arbiter can play it over; that none
 * exists; or, undecided, the search's best attempt. */
static char *
mate_subtitle (const MateQuestion *q)
{
  g_autofree char *line = NULL;

  if (q->result.line_length > 0)
    line = arb_game_text_line (&q->pos, q->result.line, q->result.line_length,
                               q->result.line_complete, PROOF_LINE_MAX_PLIES);
  switch (q->proof)
    {
    case ARB_PROOF_TRUE:
      return g_strdup (_ ("No series of legal moves mates (proven)"));
    case ARB_PROOF_FALSE:
      if (line == NULL)
        return g_strdup (_ ("Proven false: checkmate is still possible"));
      return g_strdup_printf (q->mater == ARB_WHITE ? _ ("White could still mate: %s")
                                                    : _ ("Black could still mate: %s"),
                              line);
    case ARB_PROOF_UNKNOWN:
    default:
      if (line == NULL)
        return NULL;
      return g_strdup_printf ("%s\n%s",
                              _ ("Not proven either way: the arbiter decides and says why"), line);
    }
}

/* The task holds no reference to the dialog (closing it must dispose it at
 * once, resuming the clocks); the dialog cancels the task when it goes, so
 * @data is only touched while the task's cancellable is not cancelled. */
static void
mate_search_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GTask *task = G_TASK (res);
  GCancellable *cancellable = g_task_get_cancellable (task);
  MateQuestion *q = g_task_get_task_data (task);
  ArbRulingDialog *self;
  g_autofree char *subtitle = NULL;

  /* A question that changed meanwhile, or a dialog that went away. */
  if (!g_task_propagate_boolean (task, NULL) || g_cancellable_is_cancelled (cancellable))
    return;
  self = ARB_RULING_DIALOG (data);
  if (cancellable != self->mate_cancellable)
    return;
  self->mate_pending = FALSE;
  self->own_mate_proof = q->own_proof;
  subtitle = mate_subtitle (q);
  arb_ruling_facts_set_proof_text (self, "cannot-mate", q->proof, subtitle, NULL);
  arb_ruling_dialog_refresh (self);
}

/* "The opponent cannot checkmate" for the opponent of @side in @pos:
 * proven either way, it is shown and cannot be changed; not proven, the
 * arbiter may set it and must say why. The search (a fraction of a
 * millisecond in real games, up to a second or two in composed positions)
 * runs in a thread, the row saying "Checking…" until the answer comes and
 * the ruling is worked out again; it is started again only when @side or
 * @ply changed. */
void
arb_ruling_dialog_prove_cannot_mate (ArbRulingDialog *self,
                                     const ArbPosition *pos,
                                     int side,
                                     int ply)
{
  GtkWidget *w = arb_ruling_facts_get (self, "cannot-mate");
  gpointer key = GINT_TO_POINTER (((ply + 1) << 2) | (side + 1));
  g_autoptr (GTask) task = NULL;
  MateQuestion *q;

  if (w == NULL || g_object_get_data (G_OBJECT (w), "arb-proof-key") == key)
    return;
  g_object_set_data (G_OBJECT (w), "arb-proof-key", key);
  if (self->mate_cancellable != NULL)
    g_cancellable_cancel (self->mate_cancellable);
  g_clear_object (&self->mate_cancellable);
  self->mate_cancellable = g_cancellable_new ();
  self->mate_pending = TRUE;
  arb_ruling_facts_set_proof_text (self, "cannot-mate", ARB_PROOF_UNKNOWN, _ ("Checking…"), NULL);
  gtk_widget_set_sensitive (w, FALSE);

  q = g_new0 (MateQuestion, 1);
  q->pos = *pos;
  q->mater = !side;
  q->edition = self->event.edition;
  q->want_own = arb_ruling_facts_get (self, "already-over") != NULL;
  task = g_task_new (NULL, self->mate_cancellable, mate_search_done, self);
  g_task_set_name (task, "arb-ruling-mate-search");
  g_task_set_task_data (task, q, g_free);
  g_task_run_in_thread (task, mate_search_thread);
}

void
arb_ruling_dialog_add_cannot_mate (ArbRulingDialog *self)
{
  arb_ruling_facts_add_provable (
    self, "cannot-mate", "cannot_mate", _ ("The opponent cannot checkmate"),
    _ ("Why the opponent cannot checkmate"), _ ("what the arbiter sees on the board"));
}

static gboolean
fact_shown (ArbRulingDialog *self, const char *name)
{
  GtkWidget *w = arb_ruling_facts_get (self, name);

  return w != NULL && gtk_widget_get_visible (g_object_get_data (G_OBJECT (w), "arb-fact-row"));
}

gboolean
arb_ruling_dialog_text_given (ArbRulingDialog *self, const char *name)
{
  const char *text = arb_ruling_facts_text (self, name);

  return text != NULL && *text != '\0';
}

/* Asks for the arbiter's reason where he holds as true what the program
 * could not prove; FALSE (with a hint) while it is missing. */
gboolean
arb_ruling_dialog_cannot_mate_answered (ArbRulingDialog *self)
{
  if (self->mate_pending)
    {
      self->hint = _ ("Checking whether the opponent can still checkmate…");
      return FALSE;
    }
  return arb_ruling_facts_proof_answered (self, "cannot-mate",
                                          _ ("Say why the opponent cannot checkmate"));
}

/* The ruling records what the program found and the arbiter's reasons
 * where he went beyond it, so the log shows both. */
ArbRuling *
arb_ruling_dialog_with_reasons (ArbRulingDialog *self, ArbRuling *ruling)
{
  g_autoptr (GString) why = g_string_new (NULL);

  if (ruling == NULL)
    return NULL;
  arb_ruling_facts_record_overrides (self, ruling, why);
  if (fact_shown (self, "flag-reason"))
    {
      if (why->len > 0)
        g_string_append (why, "; ");
      g_string_append (why, arb_ruling_facts_text (self, "flag-reason"));
    }
  if (why->len > 0)
    arb_ruling_set_fact_text (ruling, "override_reason", why->str);
  return ruling;
}

/* "In the period for all remaining moves" (2018/2023 III.3.1, 6.9 in
 * 2009's 10.2 and G) for @side, or for both sides when both flags fell:
 * proven from the event's time control and the moves made, shown and not
 * changed; not proven (no time control, nothing recorded), the arbiter's
 * with his reason. */
void
arb_ruling_dialog_prove_last_period (ArbRulingDialog *self,
                                     const char *name,
                                     int side,
                                     gboolean both)
{
  g_autofree char *why = NULL;
  ArbProof proof = arb_ruling_dialog_last_period (self, side, &why);
  const char *said;

  if (both)
    {
      g_autofree char *other_why = NULL;
      ArbProof other = arb_ruling_dialog_last_period (self, !side, &other_why);
      g_autofree char *joined = g_strcmp0 (why, other_why) == 0
                                  ? g_strdup (why)
                                  : g_strdup_printf ("%s\n%s", why, other_why);

      if (other != proof)
        proof = ARB_PROOF_UNKNOWN;
      g_free (why);
      why = g_steal_pointer (&joined);
    }
  said = proof == ARB_PROOF_TRUE    ? _ ("Proven from the time control and the moves made")
         : proof == ARB_PROOF_FALSE ? _ ("Proven false from the time control and the moves made")
                                    : NULL;
  if (g_strcmp0 (g_object_get_data (G_OBJECT (arb_ruling_facts_get (self, name)), "arb-proof-why"),
                 why) == 0)
    return;
  g_object_set_data_full (G_OBJECT (arb_ruling_facts_get (self, name)), "arb-proof-why",
                          g_strdup (why), g_free);
  arb_ruling_facts_set_proof_text (self, name, proof, said, why);
}

/* "The game had already ended" (2018/2023 6.9 and 5.1/5.2: a mate,
 * stalemate or dead position before the flag fell): proven true from the
 * record and the position; proven false when the opponent of @side can
 * still checkmate, or @side can (the position is not dead); not proven
 * when the search could not tell, or nothing of the game is recorded. */
void
arb_ruling_dialog_prove_game_over (ArbRulingDialog *self, int side)
{
  ArbEnding ending = arb_ruling_dialog_position_ending (self);
  ArbProof proof;
  const char *said = NULL;
  const char *line = NULL;
  GtkWidget *w = arb_ruling_facts_get (self, "already-over");
  gpointer key = GINT_TO_POINTER (side + 1);

  if (g_object_get_data (G_OBJECT (w), "arb-proof-key") == key)
    return;
  if (self->mate_pending && ending == ARB_ENDING_NONE &&
      (arb_ruling_dialog_n_plies (self) > 0 || arb_game_is_clock_kept (self->game)))
    {
      /* Decided once the search of "cannot checkmate" answers. */
      arb_ruling_facts_set_proof_text (self, "already-over", ARB_PROOF_UNKNOWN, _ ("Checking…"),
                                       NULL);
      gtk_widget_set_sensitive (w, FALSE);
      return;
    }
  g_object_set_data (G_OBJECT (w), "arb-proof-key", key);
  if (ending != ARB_ENDING_NONE)
    {
      proof = ARB_PROOF_TRUE;
      said = _ ("Proven from the record");
      line = arb_ruling_wording_ending (ending);
    }
  else if (arb_ruling_dialog_n_plies (self) == 0 && !arb_game_is_clock_kept (self->game))
    {
      proof = ARB_PROOF_UNKNOWN;
      line = _ ("No move of this game is recorded");
    }
  else
    {
      ArbProof opponent = arb_ruling_facts_get_proof (self, "cannot-mate");

      /* The opponent's search is the one the "cannot checkmate" fact
       * made; a dead position needs the flag's side too. */
      if (opponent == ARB_PROOF_FALSE)
        proof = ARB_PROOF_FALSE;
      else if (opponent == ARB_PROOF_UNKNOWN)
        proof = ARB_PROOF_UNKNOWN;
      else
        {
          /* Searched in the same task, right after the opponent's. */
          ArbProof own = self->own_mate_proof;

          proof = own == ARB_PROOF_FALSE  ? ARB_PROOF_FALSE
                  : own == ARB_PROOF_TRUE ? ARB_PROOF_TRUE
                                          : ARB_PROOF_UNKNOWN;
          if (own == ARB_PROOF_TRUE)
            line = arb_ruling_wording_ending (ARB_ENDING_DEAD_POSITION);
        }
      if (proof == ARB_PROOF_FALSE)
        said = _ ("Proven false: the record shows play could go on");
      else if (proof == ARB_PROOF_TRUE)
        said = _ ("Proven from the position");
    }
  arb_ruling_facts_set_proof_text (self, "already-over", proof, said, line);
}

/* The ending the position on the board shows (checkmate, stalemate, a
 * dead position, fivefold or 75 moves), or ARB_ENDING_NONE. */
ArbEnding
arb_ruling_dialog_position_ending (ArbRulingDialog *self)
{
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  ArbGameEventKind end;

  if (arb_position_is_checkmate (pos))
    return ARB_ENDING_CHECKMATE;
  if (arb_position_is_stalemate (pos))
    return ARB_ENDING_STALEMATE;
  if (arb_position_is_dead_by_material (pos))
    return ARB_ENDING_DEAD_POSITION;
  if (arb_game_status_get_end (arb_game_get_status (self->game), &end, NULL))
    {
      if (end == ARB_GAME_EVENT_FIVEFOLD)
        return ARB_ENDING_FIVEFOLD;
      if (end == ARB_GAME_EVENT_SEVENTY_FIVE)
        return ARB_ENDING_SEVENTY_FIVE;
      if (end == ARB_GAME_EVENT_DEAD_POSITION)
        return ARB_ENDING_DEAD_POSITION;
    }
  return ARB_ENDING_NONE;
}
