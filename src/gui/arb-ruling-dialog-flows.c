/* arb-ruling-dialog-flows.c: the facts of each ruling flow and the Laws engine call
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

/* --- Illegal move (2018/2023 7.5; 2001/2009 7.4) --------------------- */

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
static void
prove_cannot_mate (ArbRulingDialog *self, const ArbPosition *pos, int side, int ply)
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

static void
add_cannot_mate (ArbRulingDialog *self)
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

static gboolean
text_given (ArbRulingDialog *self, const char *name)
{
  const char *text = arb_ruling_facts_text (self, name);

  return text != NULL && *text != '\0';
}

/* Asks for the arbiter's reason where he holds as true what the program
 * could not prove; FALSE (with a hint) while it is missing. */
static gboolean
cannot_mate_answered (ArbRulingDialog *self)
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
static ArbRuling *
with_reasons (ArbRulingDialog *self, ArbRuling *ruling)
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
static void
prove_last_period (ArbRulingDialog *self, const char *name, int side, gboolean both)
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

static ArbEnding position_ending (ArbRulingDialog *self);

/* "The game had already ended" (2018/2023 6.9 and 5.1/5.2: a mate,
 * stalemate or dead position before the flag fell): proven true from the
 * record and the position; proven false when the opponent of @side can
 * still checkmate, or @side can (the position is not dead); not proven
 * when the search could not tell, or nothing of the game is recorded. */
static void
prove_game_over (ArbRulingDialog *self, int side)
{
  ArbEnding ending = position_ending (self);
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

static void
build_illegal_move (ArbRulingDialog *self)
{
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);
  guint n = arb_ruling_dialog_n_plies (self);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  /* The illegal move is not in the record: it was made by the side to
   * move in the last recorded position. */
  int offender = arb_ruling_dialog_position (self)->side_to_move;
  const char *kind_ids[] = { "ordinary", "unpromoted-pawn", "clock-no-move", "two-hands" };
  const char *kind_labels[] = { _ ("A move against the rules"),
                                _ ("Pawn promoted without a new piece"),
                                _ ("Clock pressed without a move"),
                                _ ("Move made with two hands") };

  arb_ruling_facts_add_side_choice (self, "side", _ ("Who made the illegal move"), offender);

  /* The illegal move itself is never in the record (the workstation takes
   * only legal moves): it was just made on the board, or it was found
   * later, and then the position goes back to the ply before it. */
  g_ptr_array_add (ids, g_strdup_printf ("%u", n));
  g_ptr_array_add (labels, g_strdup (_ ("Just now, after the last recorded move")));
  for (guint ply = n; ply >= 1; ply--)
    {
      g_autofree char *text = arb_ruling_text_ply (self->game, (int) ply);

      g_ptr_array_add (ids, g_strdup_printf ("%u", ply - 1));
      /* Translators: when an illegal move was made, e.g. "Instead of 18… Nc5". */
      g_ptr_array_add (labels, g_strdup_printf (_ ("Instead of %s"), text));
    }
  arb_ruling_facts_add_choice (self, "ply", _ ("When it was made"),
                               (const char *const *) ids->pdata,
                               (const char *const *) labels->pdata, ids->len, 0);
  arb_ruling_facts_add_entry (self, "move", _ ("The move as made"), _ ("from–to, e.g. e1g1"), NULL,
                              FALSE);
  arb_ruling_facts_add_choice (self, "kind", _ ("Kind"), kind_ids, kind_labels,
                               laws->special_illegal_acts ? 4 : 2, 0);
  arb_ruling_facts_add_number (self, "count", _ ("Earlier illegal moves of this player"), NULL, 0,
                               5, arb_game_get_illegal_moves (self->game, offender));
  add_cannot_mate (self);
  if (!arb_event_settings_fully_supervised (&self->event))
    {
      arb_ruling_facts_add_switch (self, "claimed", _ ("The opponent claimed it"), NULL, TRUE);
      arb_ruling_facts_add_switch (self, "opponent-moved",
                                   _ ("The opponent has made his next move"), NULL, FALSE);
    }
  self->last_side = -1;
  self->last_ply = -1;
}

static ArbRuling *
compute_illegal_move (ArbRulingDialog *self)
{
  ArbIllegalMoveFacts facts = { 0 };
  const char *kind = arb_ruling_facts_id (self, "kind");
  const char *ply_id = arb_ruling_facts_id (self, "ply");
  const ArbPosition *before;
  int ply_before = ply_id != NULL ? atoi (ply_id) : (int) arb_ruling_dialog_n_plies (self);
  int side = arb_ruling_facts_side (self, "side");
  ArbRuling *ruling;

  before = arb_game_get_position (self->game, (guint) ply_before);
  /* The move made instead of ply N + 1 was made by the side to move at
   * ply N: picking the ply picks the offender (the arbiter may change it). */
  if (ply_before != self->last_ply && self->last_ply >= 0)
    {
      GtkWidget *side_row = arb_ruling_facts_get (self, "side");

      self->updating = TRUE;
      adw_combo_row_set_selected (ADW_COMBO_ROW (side_row), before->side_to_move);
      self->updating = FALSE;
      side = arb_ruling_facts_side (self, "side");
    }
  /* The defaults follow the side and the ply; the arbiter may change them. */
  if (side != self->last_side)
    arb_ruling_facts_set_number_quietly (self, "count",
                                         arb_game_get_illegal_moves (self->game, side));
  prove_cannot_mate (self, before, side, ply_before);
  self->last_side = side;
  self->last_ply = ply_before;

  facts.by = side;
  facts.kind = g_strcmp0 (kind, "unpromoted-pawn") == 0 ? ARB_ILLEGAL_UNPROMOTED_PAWN
               : g_strcmp0 (kind, "clock-no-move") == 0 ? ARB_ILLEGAL_CLOCK_NO_MOVE
               : g_strcmp0 (kind, "two-hands") == 0     ? ARB_ILLEGAL_TWO_HANDS
                                                        : ARB_ILLEGAL_ORDINARY;
  facts.ply_before = ply_before;
  facts.last_identifiable_ply = ply_before;
  facts.previous_count = (guint) arb_ruling_facts_int (self, "count");
  facts.opponent_cannot_mate = arb_ruling_facts_bool (self, "cannot-mate");
  facts.claimed_by_opponent =
    arb_ruling_facts_get (self, "claimed") == NULL || arb_ruling_facts_bool (self, "claimed");
  facts.seen_by_arbiter = TRUE;
  facts.opponent_has_moved = arb_ruling_facts_bool (self, "opponent-moved");

  {
    g_autofree char *at = arb_ruling_text_ply (self->game, ply_before);
    g_autofree char *caption = ply_before > 0
                                 ? g_strdup_printf (_ ("Before the illegal move: after %s"), at)
                                 : g_strdup (_ ("Before the illegal move: the start"));
    arb_ruling_dialog_show_board (self, (guint) ply_before, caption);
  }
  if (!cannot_mate_answered (self))
    return NULL;
  ruling = arb_laws_illegal_move (&self->event, &facts);
  {
    const char *as_made = arb_ruling_facts_text (self, "move");

    if (as_made != NULL && *as_made != '\0')
      arb_ruling_set_fact_text (ruling, "move_as_made", as_made);
  }
  return with_reasons (self, ruling);
}

static void
plan_illegal_move (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  const char *ply_id = arb_ruling_facts_id (self, "ply");
  int ply_before = ply_id != NULL ? atoi (ply_id) : (int) arb_ruling_dialog_n_plies (self);
  const char *kind = arb_ruling_facts_id (self, "kind");
  const char *as_made = arb_ruling_facts_text (self, "move");
  char fen[ARB_FEN_MAX];

  /* Every kind counts towards the limit (2018 7.5.3/7.5.4: "treated and
   * penalised as an illegal move"), so all are stored as illegal moves;
   * the kind goes with the move text. */
  plan->irregularity_kind = g_strdup ("illegal-move");
  plan->irregularity_ply = ply_before + 1;
  plan->irregularity_side = arb_ruling_facts_side (self, "side");
  if (g_strcmp0 (kind, "ordinary") == 0 || kind == NULL)
    plan->irregularity_move = g_strdup (as_made != NULL && *as_made ? as_made : NULL);
  else
    plan->irregularity_move = g_strdup_printf ("%s%s%s", as_made != NULL ? as_made : "",
                                               as_made != NULL && *as_made ? " " : "", kind);
  arb_position_write_fen (arb_game_get_position (self->game, (guint) ply_before),
                          ARB_FEN_FLAGS_NONE, fen);
  plan->irregularity_fen = g_strdup (fen);

  /* 2018/2023 7.5.2: a pawn moved to the last rank without being replaced
   * becomes a queen. With the move as made (from–to) and the position on
   * the board, that move is played as a promotion to a queen. */
  if (arb_ruling_find_effect (plan->ruling, ARB_EFFECT_PROMOTE_TO_QUEEN) != NULL &&
      as_made != NULL && strlen (as_made) >= 4 &&
      ply_before == (int) arb_ruling_dialog_n_plies (self))
    {
      const ArbPosition *pos = arb_ruling_dialog_position (self);
      g_autofree char *uci = g_strdup_printf ("%.4sq", as_made);
      ArbMove move = arb_move_parse_uci (pos, uci, strlen (uci));

      if (move != ARB_MOVE_NONE && arb_position_is_legal (pos, move))
        {
          g_free (plan->play_uci);
          plan->play_uci = g_steal_pointer (&uci);
        }
    }
}

/* --- Draw claims (2018/2023 9.2, 9.3, 9.5) --------------------------- */

static void
build_draw_claim (ArbRulingDialog *self)
{
  const char *kind_ids[] = { "threefold", "fifty" };
  const char *kind_labels[] = { _ ("Threefold repetition"), _ ("50 moves") };
  int claimant = arb_ruling_dialog_position (self)->side_to_move;

  arb_ruling_facts_add_info (self, "claimant", _ ("Claimant (has the move)"),
                             arb_ruling_facts_side_label (claimant));
  arb_ruling_facts_add_choice (self, "kind", _ ("Claim"), kind_ids, kind_labels, 2, 0);
  arb_ruling_facts_add_entry (self, "written", _ ("Move written on the scoresheet"),
                              _ ("none: the position is on the board"), NULL, FALSE);
  arb_ruling_facts_add_info (self, "finding", _ ("The record shows"), "");
}

/* The boards of the occurrences of the claimed position. */
static void
show_occurrences (ArbRulingDialog *self, const ArbClaimCheck *check)
{
  guint n_plies = arb_ruling_dialog_n_plies (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box))) != NULL)
    gtk_box_remove (self->boards_box, child);
  self->n_occurrences = MIN (check->n_plies, G_N_ELEMENTS (self->occurrences));
  for (guint i = 0; i < self->n_occurrences; i++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      guint ply = check->plies[i];
      ArbPosition pos;
      ArbMove last;
      g_autofree char *caption = NULL;

      self->occurrences[i] = ply;
      if (ply <= n_plies)
        {
          pos = *arb_game_get_position (self->game, ply);
          last = ply > 0 ? arb_game_get_move (self->game, ply) : ARB_MOVE_NONE;
          caption =
            ply == 0 ? g_strdup (_ ("the start")) : arb_ruling_text_ply (self->game, (int) ply);
        }
      else
        {
          ArbUndo undo;

          /* The written move, not played (9.2.1.1). */
          pos = *arb_game_get_position (self->game, n_plies);
          arb_position_make_move (&pos, check->written, &undo);
          last = check->written;
          caption = g_strdup (_ ("after the written move"));
        }
      gtk_box_append (GTK_BOX (box), arb_ruling_board_new (&pos, last, 144));
      gtk_box_append (GTK_BOX (box), gtk_label_new (caption));
      gtk_box_append (self->boards_box, box);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->boards_box), self->n_occurrences > 0);
}

static ArbRuling *
compute_draw_claim (ArbRulingDialog *self)
{
  ArbDrawClaimFacts facts = { 0 };
  const char *kind = arb_ruling_facts_id (self, "kind");
  const char *written_text = arb_ruling_facts_text (self, "written");
  guint n_plies = arb_ruling_dialog_n_plies (self);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  ArbClaimCheck check;
  gboolean checked;
  ArbRuling *ruling;
  g_autofree char *finding = NULL;

  facts.by = arb_ruling_dialog_position (self)->side_to_move;
  facts.kind = g_strcmp0 (kind, "fifty") == 0 ? ARB_CLAIM_FIFTY : ARB_CLAIM_THREEFOLD;
  for (guint ply = 1; ply <= n_plies; ply++)
    {
      ArbMove move = arb_game_get_move (self->game, ply);
      g_array_append_val (moves, move);
    }
  checked = arb_ruling_facts_check_claim (arb_game_get_position (self->game, 0),
                                          (const ArbMove *) moves->data, moves->len,
                                          self->event.edition, facts.kind, written_text, &check);
  if (!checked && check.written_validity == ARB_SEALED_ILLEGAL)
    {
      /* An illegal written move: the claim is incorrect (9.5.3), and the
       * move cannot be played; the ruling says what follows. */
      facts.written_move = written_text;
      facts.written_move_illegal = TRUE;
      facts.correct = FALSE;
      facts.claimant_remaining_ms = arb_ruling_dialog_remaining_ms (self, facts.by);
      arb_ruling_facts_set_info (self, "finding",
                                 _ ("The written move is not a legal move here: the claim is "
                                    "incorrect"));
      gtk_widget_set_visible (GTK_WIDGET (self->boards_box), FALSE);
      return arb_laws_draw_claim (&self->event, &facts);
    }
  if (!checked)
    {
      const char *why = check.written_validity == ARB_SEALED_AMBIGUOUS
                          ? _ ("The written move is ambiguous here")
                          : _ ("The written move is not a legal move here");

      arb_ruling_facts_set_info (self, "finding", why);
      self->hint = why;
      gtk_widget_set_visible (GTK_WIDGET (self->boards_box), FALSE);
      return NULL;
    }
  if (written_text != NULL && *written_text != '\0')
    facts.written_move = written_text;
  facts.correct = check.correct;
  facts.claimant_remaining_ms = arb_ruling_dialog_remaining_ms (self, facts.by);

  if (facts.kind == ARB_CLAIM_THREEFOLD)
    {
      finding = g_strdup_printf (ngettext ("The position has occurred %u time",
                                           "The position has occurred %u times", check.occurrences),
                                 check.occurrences);
      show_occurrences (self, &check);
    }
  else
    {
      finding = g_strdup_printf (
        ngettext ("%u move by each player without a capture or a pawn move",
                  "%u moves by each player without a capture or a pawn move", check.quiet_moves),
        check.quiet_moves);
      gtk_widget_set_visible (GTK_WIDGET (self->boards_box), FALSE);
    }
  arb_ruling_facts_set_info (self, "finding", finding);

  ruling = arb_laws_draw_claim (&self->event, &facts);
  return ruling;
}

/* --- Flag fall (2018/2023 6.9, 6.11; 2001/2009 6.9, 6.10, 6.12) ------ */

static void
build_flag_fall (ArbRulingDialog *self)
{
  ArbColor fallen;
  int side = arb_game_has_flag_fallen (self->game, &fallen)
               ? (int) fallen
               : (int) arb_ruling_dialog_position (self)->side_to_move;

  arb_ruling_facts_add_side_choice (self, "side", _ ("Whose flag fell"), side);
  arb_ruling_facts_add_switch (self, "both", _ ("Both flags have fallen"), NULL, FALSE);
  arb_ruling_facts_add_switch (self, "order-known", _ ("It is known which fell first"), NULL, TRUE);
  arb_ruling_facts_add_provable (
    self, "last-period", "last_period", _ ("In the period for all remaining moves"),
    _ ("Why this is the last period"), _ ("e.g. the clock on the table shows it"));
  if (self->event.category != ARB_CATEGORY_STANDARD)
    {
      const char *ids[] = { "arbiter", "opponent" };
      const char *labels[] = { _ ("The arbiter"), _ ("The opponent") };

      arb_ruling_facts_add_choice (self, "called-by", _ ("Who called it"), ids, labels, 2, 0);
    }
  add_cannot_mate (self);
  arb_ruling_facts_add_entry (self, "flag-reason", _ ("Why the flag is taken as fallen"),
                              _ ("e.g. the physical clock shows it down"), NULL, FALSE);
  arb_ruling_facts_set_visible (self, "flag-reason", FALSE);
  arb_ruling_facts_add_provable (
    self, "already-over", "game_over", _ ("The game had already ended"),
    _ ("Why the game had already ended"), _ ("e.g. checkmate on the board before the flag fell"));
  self->last_side = -1;
}

static ArbRuling *
compute_flag_fall (ArbRulingDialog *self)
{
  ArbFlagFacts facts = { 0 };
  int side = arb_ruling_facts_side (self, "side");
  ArbRuling *ruling;
  ArbClock *clock = arb_game_get_clock (self->game);
  gboolean time_left;

  prove_cannot_mate (self, arb_ruling_dialog_position (self), side,
                     (int) arb_ruling_dialog_n_plies (self));
  self->last_side = side;
  /* The game's clock shows time left for this player: the arbiter may
   * still rule on the clock on the table, but says why. */
  time_left = arb_clock_is_started (clock) && !arb_clock_get_flag (clock, side, NULL) &&
              arb_clock_get_remaining_us (clock, side) > 0;
  arb_ruling_facts_set_visible (self, "flag-reason", time_left);
  if (time_left)
    {
      GtkWidget *row =
        g_object_get_data (G_OBJECT (arb_ruling_facts_get (self, "flag-reason")), "arb-fact-row");
      g_autofree char *left =
        arb_ruling_wording_clock (arb_ruling_dialog_remaining_ms (self, side), FALSE);
      /* Translators: %s is a clock time, e.g. "1:14:34". */
      g_autofree char *shown = g_strdup_printf (_ ("The clock here shows %s left"), left);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), shown);
    }

  facts.by = side;
  facts.called_by = g_strcmp0 (arb_ruling_facts_id (self, "called-by"), "opponent") == 0
                      ? ARB_CALLED_BY_OPPONENT
                      : ARB_CALLED_BY_ARBITER;
  prove_game_over (self, side);
  prove_last_period (self, "last-period", side, arb_ruling_facts_bool (self, "both"));
  facts.opponent_cannot_mate = arb_ruling_facts_bool (self, "cannot-mate");
  facts.both_fallen = arb_ruling_facts_bool (self, "both");
  facts.order_known = !facts.both_fallen || arb_ruling_facts_bool (self, "order-known");
  facts.last_period = arb_ruling_facts_bool (self, "last-period");
  facts.game_already_over = arb_ruling_facts_bool (self, "already-over");
  facts.claimant_flag_up = TRUE;
  arb_ruling_facts_set_visible (self, "order-known", facts.both_fallen);

  arb_ruling_dialog_show_board (self, arb_ruling_dialog_n_plies (self),
                                _ ("The position on the board"));
  if (!arb_ruling_facts_proof_answered (self, "already-over",
                                        _ ("Say why the game had already ended")) ||
      !arb_ruling_facts_proof_answered (self, "last-period",
                                        _ ("Say why this is the last period")) ||
      !cannot_mate_answered (self))
    return NULL;
  if (time_left && !text_given (self, "flag-reason"))
    {
      self->hint = _ ("The clock shows time left: say why the flag is taken as fallen");
      return NULL;
    }
  ruling = arb_laws_flag_fall (&self->event, &facts);
  return with_reasons (self, ruling);
}

/* --- Quickplay finish (2001/2009 10.2; 2018 G; 2023 III) -------------- */

static void
build_quickplay (ArbRulingDialog *self)
{
  int claimant = arb_ruling_dialog_position (self)->side_to_move;
  const char *ids[] = { "draw", "postpone", "reject", "increment" };
  const char *labels[] = { _ ("Draw: no effort to win by normal means"),
                           _ ("Postpone the decision"), _ ("Reject the claim"),
                           _ ("Give an increment instead") };
  g_autofree char *left =
    arb_ruling_wording_clock (arb_ruling_dialog_remaining_ms (self, claimant), FALSE);
  g_autofree char *claimant_text =
    g_strdup_printf ("%s, %s", arb_ruling_facts_side_label (claimant), left);
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);

  arb_ruling_facts_add_info (self, "claimant", _ ("Claimant (has the move)"), claimant_text);
  arb_ruling_facts_add_provable (
    self, "in-finish", "last_period", _ ("In the period for all remaining moves"),
    _ ("Why this is the last period"), _ ("e.g. the clock on the table shows it"));
  prove_last_period (self, "in-finish", claimant, FALSE);
  arb_ruling_facts_add_switch (self, "arbiter-present", _ ("An arbiter is present"), NULL, TRUE);
  arb_ruling_facts_add_choice (self, "verdict", _ ("The arbiter's judgement"), ids, labels,
                               laws->quickplay_increment_option ? 4 : 3, 0);
  arb_ruling_facts_add_switch (self, "extra-time", _ ("Two extra minutes to the opponent"),
                               _ ("When the decision is postponed"), FALSE);
}

static ArbRuling *
compute_quickplay (ArbRulingDialog *self)
{
  ArbQuickplayFacts facts = { 0 };
  const char *verdict = arb_ruling_facts_id (self, "verdict");
  ArbRuling *ruling;

  facts.by = arb_ruling_dialog_position (self)->side_to_move;
  facts.claimant_remaining_ms = arb_ruling_dialog_remaining_ms (self, facts.by);
  facts.in_quickplay_finish = arb_ruling_facts_bool (self, "in-finish");
  facts.arbiter_present = arb_ruling_facts_bool (self, "arbiter-present");
  facts.verdict = g_strcmp0 (verdict, "postpone") == 0    ? ARB_QUICKPLAY_POSTPONE
                  : g_strcmp0 (verdict, "reject") == 0    ? ARB_QUICKPLAY_REJECT
                  : g_strcmp0 (verdict, "increment") == 0 ? ARB_QUICKPLAY_INCREMENT
                                                          : ARB_QUICKPLAY_DRAW;
  facts.postpone_extra_time = arb_ruling_facts_bool (self, "extra-time");
  arb_ruling_facts_set_visible (self, "extra-time", facts.verdict == ARB_QUICKPLAY_POSTPONE);
  if (!arb_ruling_facts_proof_answered (self, "in-finish", _ ("Say why this is the last period")))
    return NULL;
  ruling = arb_laws_quickplay_claim (&self->event, &facts);
  return with_reasons (self, ruling);
}

/* --- Adjournment and resumption (2018 E, 2023 Guidelines I) ----------- */

/* The time the clock has given @side so far: the periods reached and the
 * increments of the moves made. */
static gint64
time_given_ms (ArbRulingDialog *self, int side)
{
  ArbClock *clock = arb_game_get_clock (self->game);
  const ArbTimeControl *tc = arb_clock_get_time_control (clock);
  int idx = tc->per_side ? side : ARB_WHITE;
  guint period = arb_clock_get_period (clock, side);
  guint moves = arb_clock_get_moves (clock, side);
  gint64 given = 0;

  if (tc->kind != ARB_TIME_CONTROL_PERIODS || tc->n_periods[idx] == 0)
    return 0;
  for (guint p = 0; p <= period && p < tc->n_periods[idx]; p++)
    given += tc->periods[idx][p].time_ms;
  if (tc->periods[idx][0].bonus == ARB_BONUS_INCREMENT)
    given += (gint64) moves * tc->periods[idx][0].bonus_ms;
  return given;
}

/* The envelope records the time used (2001 A2c, 2009 Guidelines 2c, 2018
 * E.2.3): the time given so far less the time left. */
static gint64
time_used_ms (ArbRulingDialog *self, int side)
{
  return MAX (0, time_given_ms (self, side) - arb_ruling_dialog_remaining_ms (self, side));
}

static void
build_adjourn (ArbRulingDialog *self)
{
  int sealer = arb_ruling_dialog_position (self)->side_to_move;
  g_autofree char *w = arb_ruling_wording_clock (time_used_ms (self, ARB_WHITE), FALSE);
  g_autofree char *b = arb_ruling_wording_clock (time_used_ms (self, ARB_BLACK), FALSE);
  g_autofree char *used = g_strdup_printf (_ ("White %s, Black %s"), w, b);

  arb_ruling_facts_add_info (self, "sealer", _ ("Seals the move (has the move)"),
                             arb_ruling_facts_side_label (sealer));
  arb_ruling_facts_add_entry (self, "sealed-move", _ ("Sealed move"), _ ("as written, hidden"),
                              NULL, TRUE);
  arb_ruling_facts_add_info (self, "time-used", _ ("Time used"), used);
  arb_ruling_facts_add_entry (self, "resume-at", _ ("Resumption, date and time"),
                              _ ("e.g. 2026-11-22 10:00"), NULL, FALSE);
  arb_ruling_facts_add_entry (self, "place", _ ("Resumption, place"), _ ("e.g. playing hall"), NULL,
                              FALSE);
  arb_ruling_facts_add_switch (self, "draw-offer", _ ("A draw offer stands"), NULL, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->print_button), TRUE);
}

static ArbRuling *
compute_adjourn (ArbRulingDialog *self)
{
  ArbSealFacts facts = { 0 };
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  const ArbPlayerInfo *w = arb_game_get_player (self->game, ARB_WHITE);
  const ArbPlayerInfo *b = arb_game_get_player (self->game, ARB_BLACK);
  const char *move = arb_ruling_facts_text (self, "sealed-move");
  char fen[ARB_FEN_MAX];
  ArbRuling *ruling;

  if (move == NULL || *move == '\0')
    {
      self->hint = _ ("Enter the sealed move");
      return NULL;
    }
  arb_position_write_fen (pos, ARB_FEN_FLAGS_NONE, fen);
  facts.sealer = pos->side_to_move;
  facts.white = w != NULL ? w->name : "";
  facts.black = b != NULL ? b->name : "";
  facts.fen_before = fen;
  facts.ply = (int) arb_ruling_dialog_n_plies (self) + 1;
  facts.move_number = pos->fullmove_number;
  facts.sealed_move = move;
  facts.white_used_ms = time_used_ms (self, ARB_WHITE);
  facts.black_used_ms = time_used_ms (self, ARB_BLACK);
  facts.draw_offer_by = arb_ruling_facts_bool (self, "draw-offer") ? !facts.sealer : ARB_COLOR_NONE;
  facts.resumption = arb_ruling_facts_text (self, "resume-at");
  facts.session_time_left_ms = 0;
  ruling = arb_laws_seal_move (&self->event, &facts);
  return ruling;
}

static void
reveal_clicked_cb (ArbRulingDialog *self)
{
  self->revealed = TRUE;
  arb_ruling_dialog_refresh (self);
}

static void
build_resume (ArbRulingDialog *self)
{
  GtkWidget *row;
  GtkWidget *button;

  self->envelope_id = arb_ruling_find_envelope (self->game, &self->envelope, NULL);
  if (self->envelope_id == 0)
    {
      arb_ruling_facts_add_info (self, "envelope", _ ("Envelope"),
                                 _ ("This game has no sealed envelope"));
      return;
    }
  arb_ruling_facts_add_info (self, "envelope", _ ("Envelope"), "");
  arb_ruling_facts_add_switch (self, "sealer-present", _ ("The player who sealed is present"), NULL,
                               TRUE);
  arb_ruling_facts_add_switch (self, "replier-present", _ ("The player who replies is present"),
                               _ ("The envelope is opened only then"), TRUE);
  arb_ruling_facts_add_number (self, "late", _ ("Minutes late (the absent player)"), NULL, 0, 600,
                               0);
  arb_ruling_facts_add_switch (self, "lost", _ ("The envelope is lost"), NULL, FALSE);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Sealed move"));
  button = gtk_button_new_with_mnemonic (_ ("_Open the Envelope"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (reveal_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  arb_ruling_facts_add (self, "open", row, button);
  arb_ruling_facts_add_info (self, "sealed-move", _ ("The sealed move reads"), "");
  gtk_widget_set_visible (GTK_WIDGET (self->print_button), TRUE);
}

static ArbRuling *
compute_resume (ArbRulingDialog *self)
{
  ArbResumeFacts facts = { 0 };
  ArbPosition pos;
  ArbRuling *ruling;
  g_autofree char *summary = NULL;
  g_autofree char *w = NULL;
  g_autofree char *b = NULL;

  if (self->envelope_id == 0)
    {
      self->hint = _ ("This game has no sealed envelope");
      return NULL;
    }
  w = arb_ruling_wording_clock (self->envelope.white_used_ms, FALSE);
  b = arb_ruling_wording_clock (self->envelope.black_used_ms, FALSE);
  summary =
    g_strdup_printf (_ ("Move %d of %s; time used: White %s, Black %s"), self->envelope.move_number,
                     arb_ruling_facts_side_label (self->envelope.sealer), w, b);
  arb_ruling_facts_set_info (self, "envelope", summary);

  facts.replier_present = arb_ruling_facts_bool (self, "replier-present");
  facts.sealer_present = arb_ruling_facts_bool (self, "sealer-present");
  facts.absent_late_ms = (gint64) arb_ruling_facts_int (self, "late") * 60 * 1000;
  facts.envelope_lost = arb_ruling_facts_bool (self, "lost");
  facts.position_reconstructible = TRUE;
  facts.envelope = &self->envelope;
  facts.ply = (int) arb_ruling_dialog_n_plies (self);
  gtk_widget_set_sensitive (arb_ruling_facts_get (self, "open"),
                            facts.replier_present && !facts.envelope_lost);
  /* 2018 E.7 (2001 A7): the envelope is opened only when the player who
   * must reply is present; until then nothing shows the move. */
  arb_ruling_facts_set_info (self, "sealed-move",
                             self->revealed ? self->envelope.sealed_move : "••••");
  if (facts.replier_present && !self->revealed && !facts.envelope_lost)
    {
      self->hint = _ ("Open the envelope to rule");
      return NULL;
    }

  if (!arb_position_set_fen (&pos, self->envelope.fen, ARB_FEN_FLAGS_NONE, NULL))
    return NULL;
  /* A sealed move is judged by its meaning, in whatever notation the
   * player wrote it (2018 E.8, 2023 I.8). */
  arb_ruling_facts_sealed_move (&pos, self->envelope.sealed_move, &facts.validity, &facts.outcome,
                                NULL);
  facts.opponent_cannot_mate =
    arb_ruling_facts_cannot_mate_within (&pos, !self->envelope.sealer,
                                         ARB_UNWINNABLE_QUICK_BUDGET) == ARB_PROOF_TRUE;
  ruling = arb_laws_resume (&self->event, &facts);
  arb_ruling_set_fact_bool (ruling, "envelope_opened", self->revealed);
  return ruling;
}

/* Resumption: the envelope opened and the clocks from the time used. */
static void
plan_resume (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  const ArbTimeControl *tc = arb_clock_get_time_control (arb_game_get_clock (self->game));

  /* The envelope counts as opened once its move was read out or is made
   * on the board (an absent replier's clock then runs, 2018 E.9). */
  if (self->revealed || plan->play_uci != NULL)
    {
      plan->open_envelope_id = self->envelope_id;
      plan->reveal_sealed_move = TRUE;
    }
  /* 2018 E.5 (2001 A5): the clocks show the time each player had left at
   * the adjournment: what the clock gave him less the time he used. */
  if (tc->kind == ARB_TIME_CONTROL_PERIODS &&
      arb_ruling_get_result (plan->ruling) == ARB_RESULT_ONGOING)
    {
      plan->white_ms = MAX (0, time_given_ms (self, ARB_WHITE) - self->envelope.white_used_ms);
      plan->black_ms = MAX (0, time_given_ms (self, ARB_BLACK) - self->envelope.black_used_ms);
      plan->set_clocks = TRUE;
    }
}

/* --- Penalties, late arrival, devices (2018/2023 12.9, 6.7, 11.3) ----- */

static void
build_penalty (ArbRulingDialog *self)
{
  const char *what_ids[] = { "conduct", "late-arrival", "device" };
  const char *what_labels[] = { _ ("Conduct: a penalty from the list"), _ ("Late arrival"),
                                _ ("Electronic device") };
  g_autoptr (GArray) menu = arb_laws_penalty_menu (self->event.edition);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  const ArbLawsEdition *laws = arb_laws_edition_get (self->event.edition);
  const char *late_ids[] = { "white", "black", "both" };
  const char *late_labels[] = { arb_ruling_facts_side_label (0), arb_ruling_facts_side_label (1),
                                _ ("Both") };

  arb_ruling_facts_add_choice (self, "what", _ ("What happened"), what_ids, what_labels, 3, 0);
  /* No penalty is chosen when the dialog opens: the arbiter picks one
   * (12.9), so that Confirm never records a warning nobody meant. */
  g_ptr_array_add (ids, g_strdup (""));
  /* Translators: the first item of the list of penalties, chosen when the
   * Penalty dialog opens; nothing can be confirmed until one is picked */
  g_ptr_array_add (labels, g_strdup (_ ("Choose a penalty")));
  for (guint i = 0; i < menu->len; i++)
    {
      ArbPenalty p = g_array_index (menu, ArbPenalty, i);

      g_ptr_array_add (ids, g_strdup (arb_penalty_to_string (p)));
      g_ptr_array_add (labels, g_strdup_printf ("%s — %s", laws->penalty_article[p],
                                                _ (arb_penalty_paraphrase (p))));
    }
  arb_ruling_facts_add_choice (self, "penalty", _ ("Penalty"), (const char *const *) ids->pdata,
                               (const char *const *) labels->pdata, ids->len, 0);
  arb_ruling_facts_add_side_choice (self, "offender", _ ("Offender"),
                                    arb_ruling_dialog_position (self)->side_to_move);
  arb_ruling_facts_add_number (self, "minutes", _ ("Minutes"), NULL, 0, 60, 2);
  arb_ruling_facts_add_number (self, "offender-points", _ ("Offender's score (half points)"), NULL,
                               0, 2, 0);
  arb_ruling_facts_add_number (self, "opponent-points", _ ("Opponent's score (half points)"), NULL,
                               0, 2, 2);
  {
    /* 12.9.6: the opponent's score is the arbiter's decision; nothing is
     * chosen when the penalty is. */
    const char *score_ids[] = { "", "2", "1", "0" };
    /* Translators: the choices of the opponent's score when the game is
     * declared lost for the offender (12.9.6); the first is shown until
     * the arbiter chooses */
    const char *score_labels[] = { _ ("Choose the opponent’s score"), _ ("The opponent wins"),
                                   _ ("The opponent draws (½)"), _ ("The opponent loses too (0)") };

    /* Translators: the title of the choice of the opponent's score */
    arb_ruling_facts_add_choice (self, "opponent-score", _ ("Opponent’s score"), score_ids,
                                 score_labels, 4, 0);
  }
  arb_ruling_facts_add_entry (self, "reason", _ ("Reason"), _ ("what the player did"), NULL, FALSE);
  arb_ruling_facts_add_choice (self, "late-side", _ ("Who is late"), late_ids, late_labels, 3, 0);
  arb_ruling_facts_add_number (self, "late-minutes", _ ("Minutes after the start"), NULL, 0, 600,
                               0);
  /* Translators: with "Minutes after the start": the seconds of the
   * lateness (with a default time of 0 any lateness counts, 6.7.1) */
  arb_ruling_facts_add_number (self, "late-seconds", _ ("and seconds"), NULL, 0, 59, 0);
  arb_ruling_facts_add_switch (self, "sounded", _ ("The device made a sound"), NULL, TRUE);
  add_cannot_mate (self);
  arb_ruling_facts_add_switch (self, "milder", _ ("The event sets a milder penalty"), NULL, FALSE);
}

/* Whether @side (either, for ARB_COLOR_NONE) has made a move of the game,
 * counted from the side to move at its start (a set-up position). */
static gboolean
side_has_moved (ArbRulingDialog *self, int side)
{
  guint n = arb_ruling_dialog_n_plies (self);
  ArbColor first = arb_game_get_position (self->game, 0)->side_to_move;

  if (side == ARB_COLOR_NONE)
    return n >= 1;
  return side == (int) first ? n >= 1 : n >= 2;
}

static ArbRuling *
compute_penalty (ArbRulingDialog *self)
{
  const char *what = arb_ruling_facts_id (self, "what");
  gboolean conduct = g_strcmp0 (what, "conduct") == 0;
  gboolean late = g_strcmp0 (what, "late-arrival") == 0;
  gboolean device = g_strcmp0 (what, "device") == 0;
  ArbPenalty penalty = ARB_PENALTY_WARNING;
  ArbRuling *ruling;

  arb_penalty_from_string (arb_ruling_facts_id (self, "penalty"), &penalty);
  arb_ruling_facts_set_visible (self, "penalty", conduct);
  arb_ruling_facts_set_visible (self, "offender", conduct || device);
  arb_ruling_facts_set_visible (self, "minutes",
                                conduct && (penalty == ARB_PENALTY_ADD_OPPONENT_TIME ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_TIME));
  arb_ruling_facts_set_visible (self, "offender-points",
                                conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  arb_ruling_facts_set_visible (self, "opponent-points",
                                conduct && (penalty == ARB_PENALTY_INCREASE_OPPONENT_POINTS ||
                                            penalty == ARB_PENALTY_REDUCE_OFFENDER_POINTS));
  arb_ruling_facts_set_visible (self, "opponent-score",
                                conduct && penalty == ARB_PENALTY_DECLARE_LOST);
  arb_ruling_facts_set_visible (self, "reason", conduct);
  arb_ruling_facts_set_visible (self, "late-side", late);
  arb_ruling_facts_set_visible (self, "late-minutes", late);
  arb_ruling_facts_set_visible (self, "late-seconds", late);
  arb_ruling_facts_set_visible (self, "sounded", device && self->event.edition == ARB_EDITION_2009);
  arb_ruling_facts_set_visible (self, "cannot-mate", device);
  if (!device)
    arb_ruling_facts_set_visible (self, "cannot-mate-reason", FALSE);
  arb_ruling_facts_set_visible (self, "milder", device && self->event.edition >= ARB_EDITION_2018);

  if (late)
    {
      ArbLateFacts facts = { 0 };
      const char *side = arb_ruling_facts_id (self, "late-side");

      facts.by = g_strcmp0 (side, "white") == 0   ? ARB_WHITE
                 : g_strcmp0 (side, "black") == 0 ? ARB_BLACK
                                                  : ARB_COLOR_NONE;
      facts.late_ms = ((gint64) arb_ruling_facts_int (self, "late-minutes") * 60 +
                       arb_ruling_facts_int (self, "late-seconds")) *
                      1000;
      facts.neither_present_at_start = facts.by == ARB_COLOR_NONE;
      facts.has_moved = side_has_moved (self, facts.by);
      ruling = arb_laws_late_arrival (&self->event, &facts);
      if (ruling == NULL)
        /* Translators: the Penalty dialog refuses a late arrival when the
         * player has made a move in the game */
        self->hint = _ ("The player has moved in this game, so has arrived: no late arrival "
                        "(Article 6.7.1)");
      return ruling;
    }
  if (device)
    {
      ArbDeviceFacts facts = { 0 };

      facts.by = arb_ruling_facts_side (self, "offender");
      prove_cannot_mate (self, arb_ruling_dialog_position (self), facts.by,
                         (int) arb_ruling_dialog_n_plies (self));
      if (!cannot_mate_answered (self))
        return NULL;
      facts.sounded = arb_ruling_facts_bool (self, "sounded");
      facts.opponent_cannot_mate = arb_ruling_facts_bool (self, "cannot-mate");
      facts.event_milder_penalty = arb_ruling_facts_bool (self, "milder");
      ruling = arb_laws_device (&self->event, &facts);
      return with_reasons (self, ruling);
    }
  {
    ArbPenaltyFacts facts = { 0 };
    const char *reason = arb_ruling_facts_text (self, "reason");

    if (!arb_penalty_from_string (arb_ruling_facts_id (self, "penalty"), &penalty))
      {
        /* Translators: shown as the decision while no penalty is chosen */
        self->hint = _ ("Choose the penalty");
        return NULL;
      }
    /* The record says what the player did: a penalty is never stored
     * without its reason. */
    if (!text_given (self, "reason"))
      {
        /* Translators: shown as the decision while the reason of a
         * penalty is empty */
        self->hint = _ ("Type the reason: what the player did");
        return NULL;
      }

    facts.penalty = penalty;
    facts.by = arb_ruling_facts_side (self, "offender");
    facts.ms = (gint64) arb_ruling_facts_int (self, "minutes") * 60 * 1000;
    facts.current = arb_game_get_result (self->game);
    facts.offender_half_points = (guint) arb_ruling_facts_int (self, "offender-points");
    facts.opponent_half_points = (guint) arb_ruling_facts_int (self, "opponent-points");
    facts.text = reason != NULL && *reason != '\0' ? reason : NULL;
    if (penalty == ARB_PENALTY_DECLARE_LOST)
      {
        const char *score = arb_ruling_facts_id (self, "opponent-score");

        facts.opponent_scored = score != NULL && *score != '\0';
        facts.opponent_half_points = facts.opponent_scored ? (guint) atoi (score) : 0;
        if (!facts.opponent_scored)
          {
            /* Translators: shown as the decision of 12.9.6 until the
             * arbiter chooses the opponent's score */
            self->hint = _ ("Choose the opponent’s score (12.9.6)");
            return NULL;
          }
      }
    ruling = arb_laws_penalty (&self->event, &facts);
    return ruling;
  }
}

/* --- Result (5.1, 5.2, 9.1; points 10/11) ----------------------------- */

static const ArbResult result_choices[] = {
  ARB_RESULT_WHITE_WINS,        ARB_RESULT_BLACK_WINS,        ARB_RESULT_DRAW,
  ARB_RESULT_BOTH_LOSE,         ARB_RESULT_WHITE_HALF,        ARB_RESULT_BLACK_HALF,
  ARB_RESULT_WHITE_FORFEIT_WIN, ARB_RESULT_BLACK_FORFEIT_WIN, ARB_RESULT_DOUBLE_FORFEIT,
};

/* The ending the position on the board shows (checkmate, stalemate, a
 * dead position, fivefold or 75 moves), or ARB_ENDING_NONE. */
static ArbEnding
position_ending (ArbRulingDialog *self)
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

/* The reasons this position allows, the arbiter's decision always: an
 * agreement or a resignation only while play could go on, a checkmate,
 * stalemate, dead position or automatic draw only where the board shows
 * it. Nothing is chosen until the arbiter says how the game ended. */
static void
build_result (ArbRulingDialog *self)
{
  ArbEnding shown = position_ending (self);
  const char *ids[4];
  const char *labels[4];
  guint n = 0;

  ids[n] = "";
  labels[n++] = _ ("Choose how the game ended");
  if (shown == ARB_ENDING_NONE)
    {
      ids[n] = arb_ending_to_string (ARB_ENDING_AGREEMENT);
      labels[n++] = _ ("Draw agreed");
      ids[n] = arb_ending_to_string (ARB_ENDING_RESIGNATION);
      labels[n++] = _ ("Resignation");
    }
  else
    {
      ids[n] = arb_ending_to_string (shown);
      labels[n++] = arb_ruling_wording_ending (shown);
    }
  ids[n] = arb_ending_to_string (ARB_ENDING_ARBITER);
  labels[n++] = _ ("Arbiter's decision");
  arb_ruling_facts_add_choice (self, "reason", _ ("How the game ended"), ids, labels, n, 0);
  arb_ruling_facts_add_choice (self, "result", _ ("Result"), ids, labels, 0, 0);
  arb_ruling_facts_add_info (self, "finding", _ ("The position on the board"), "");
}

/* The results consistent with @ending in this position; the first is ""
 * ("choose") where the arbiter must still say which. */
static guint
results_for (ArbRulingDialog *self, ArbEnding ending, const char **ids, const char **labels)
{
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  guint n = 0;

  switch (ending)
    {
    case ARB_ENDING_AGREEMENT:
    case ARB_ENDING_STALEMATE:
    case ARB_ENDING_DEAD_POSITION:
    case ARB_ENDING_FIVEFOLD:
    case ARB_ENDING_SEVENTY_FIVE:
      ids[n] = labels[n] = arb_result_to_string (ARB_RESULT_DRAW);
      n++;
      break;
    case ARB_ENDING_CHECKMATE:
      /* The side to move is mated. */
      ids[n] = labels[n] = arb_result_to_string (
        pos->side_to_move == ARB_WHITE ? ARB_RESULT_BLACK_WINS : ARB_RESULT_WHITE_WINS);
      n++;
      break;
    case ARB_ENDING_RESIGNATION:
      ids[n] = "";
      labels[n++] = _ ("Choose who resigned");
      ids[n] = arb_result_to_string (ARB_RESULT_WHITE_WINS);
      labels[n++] = _ ("1-0: Black resigned");
      ids[n] = arb_result_to_string (ARB_RESULT_BLACK_WINS);
      labels[n++] = _ ("0-1: White resigned");
      break;
    case ARB_ENDING_ARBITER:
      ids[n] = "";
      labels[n++] = _ ("Choose the result");
      for (guint i = 0; i < G_N_ELEMENTS (result_choices); i++)
        {
          ids[n] = labels[n] = arb_result_to_string (result_choices[i]);
          n++;
        }
      break;
    default:
      break;
    }
  return n;
}

static ArbRuling *
compute_result (ArbRulingDialog *self)
{
  const char *reason = arb_ruling_facts_id (self, "reason");
  const char *result_text;
  const ArbPosition *pos = arb_ruling_dialog_position (self);
  ArbResult result = ARB_RESULT_ONGOING;
  ArbRuling *ruling;
  guint w = 0, b = 0;
  ArbEnding ending = ARB_ENDING_NONE;
  ArbEnding shown = position_ending (self);
  const char *ids[G_N_ELEMENTS (result_choices) + 1];
  const char *labels[G_N_ELEMENTS (result_choices) + 1];
  guint n;

  arb_ruling_facts_set_info (self, "finding",
                             shown != ARB_ENDING_NONE ? arb_ruling_wording_ending (shown)
                                                      : _ ("Play could go on"));
  arb_ruling_dialog_show_board (self, arb_ruling_dialog_n_plies (self),
                                _ ("The position on the board"));

  if (reason == NULL || *reason == '\0' || !arb_ending_from_string (reason, &ending))
    {
      arb_ruling_facts_set_visible (self, "result", FALSE);
      self->hint = _ ("Say how the game ended");
      return NULL;
    }
  /* The results follow the reason: they are offered again only when the
   * reason changed, never while the result row itself is being chosen
   * (its model must not be replaced under its own selection). */
  if (g_strcmp0 (reason, self->result_reason) != 0)
    {
      n = results_for (self, ending, ids, labels);
      arb_ruling_facts_set_choices (self, "result", ids, labels, n, 0);
      g_free (self->result_reason);
      self->result_reason = g_strdup (reason);
    }
  arb_ruling_facts_set_visible (self, "result", TRUE);
  result_text = arb_ruling_facts_id (self, "result");
  if (result_text == NULL || *result_text == '\0' || !arb_result_from_string (result_text, &result))
    {
      self->hint =
        ending == ARB_ENDING_RESIGNATION ? _ ("Say who resigned") : _ ("Choose the result");
      return NULL;
    }

  if (ending == ARB_ENDING_RESIGNATION)
    {
      int loser = result == ARB_RESULT_WHITE_WINS ? ARB_BLACK : ARB_WHITE;

      /* 2023 5.1.2: resigning when the opponent cannot mate is a draw. */
      ruling = arb_laws_resign (&self->event, loser,
                                arb_ruling_facts_cannot_mate_within (
                                  pos, !loser, ARB_UNWINNABLE_QUICK_BUDGET) == ARB_PROOF_TRUE);
      return ruling;
    }

  arb_result_half_points (result, &w, &b);
  ruling = arb_ruling_new (ARB_RULING_RESULT, self->event.edition, self->event.category,
                           w > b   ? ARB_WHITE
                           : b > w ? ARB_BLACK
                                   : ARB_COLOR_NONE);
  ruling->decision = w == b && w == 1 ? ARB_DECISION_DRAW
                     : w > b          ? ARB_DECISION_WIN
                     : b > w          ? ARB_DECISION_WIN
                                      : ARB_DECISION_LOSS;
  switch (ending)
    {
    case ARB_ENDING_CHECKMATE:
      arb_ruling_cite (ruling, ARB_RULE_CHECKMATE);
      break;
    case ARB_ENDING_STALEMATE:
      arb_ruling_cite (ruling, ARB_RULE_STALEMATE);
      break;
    case ARB_ENDING_DEAD_POSITION:
      arb_ruling_cite (ruling, ARB_RULE_DEAD_POSITION);
      break;
    case ARB_ENDING_FIVEFOLD:
      arb_ruling_cite (ruling, ARB_RULE_FIVEFOLD);
      break;
    case ARB_ENDING_SEVENTY_FIVE:
      arb_ruling_cite (ruling, ARB_RULE_SEVENTY_FIVE);
      break;
    default:
      break;
    }
  if (result == ARB_RESULT_BOTH_LOSE)
    arb_ruling_cite (ruling, ARB_RULE_BOTH_REFUSE);
  if (arb_result_is_forfeit (result))
    arb_ruling_cite (ruling, ARB_RULE_LATE_ARRIVAL);
  arb_ruling_cite (ruling, ARB_RULE_POINTS);
  {
    ArbEffect *e = arb_ruling_add_effect (ruling, ARB_EFFECT_SET_RESULT, ARB_COLOR_NONE);

    e->result = result;
    e->ending = ending;
  }
  arb_ruling_set_fact_text (ruling, "result", arb_result_to_string (result));
  arb_ruling_set_fact_text (ruling, "ending", arb_ending_to_string (ending));
  ruling->reason = ARB_REASON_RESULT_RECORDED;
  return ruling;
}

/* --- Dispatch -------------------------------------------------------- */

void
arb_ruling_dialog_build_flow (ArbRulingDialog *self)
{
  switch (self->flow)
    {
    case ARB_RULING_FLOW_ILLEGAL_MOVE:
      build_illegal_move (self);
      break;
    case ARB_RULING_FLOW_DRAW_CLAIM:
      build_draw_claim (self);
      break;
    case ARB_RULING_FLOW_FLAG_FALL:
      build_flag_fall (self);
      break;
    case ARB_RULING_FLOW_QUICKPLAY:
      build_quickplay (self);
      break;
    case ARB_RULING_FLOW_ADJOURN:
      build_adjourn (self);
      break;
    case ARB_RULING_FLOW_RESUME:
      build_resume (self);
      break;
    case ARB_RULING_FLOW_PENALTY:
      build_penalty (self);
      break;
    case ARB_RULING_FLOW_RESULT:
    default:
      build_result (self);
      break;
    }
}

ArbRuling *
arb_ruling_dialog_compute_flow (ArbRulingDialog *self)
{
  switch (self->flow)
    {
    case ARB_RULING_FLOW_ILLEGAL_MOVE:
      return compute_illegal_move (self);
    case ARB_RULING_FLOW_DRAW_CLAIM:
      return compute_draw_claim (self);
    case ARB_RULING_FLOW_FLAG_FALL:
      return compute_flag_fall (self);
    case ARB_RULING_FLOW_QUICKPLAY:
      return compute_quickplay (self);
    case ARB_RULING_FLOW_ADJOURN:
      return compute_adjourn (self);
    case ARB_RULING_FLOW_RESUME:
      return compute_resume (self);
    case ARB_RULING_FLOW_PENALTY:
      return compute_penalty (self);
    case ARB_RULING_FLOW_RESULT:
    default:
      return compute_result (self);
    }
}

void
arb_ruling_dialog_plan_flow (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  if (self->flow == ARB_RULING_FLOW_ILLEGAL_MOVE)
    plan_illegal_move (self, plan);
  else if (self->flow == ARB_RULING_FLOW_RESUME)
    plan_resume (self, plan);
  else if (self->flow == ARB_RULING_FLOW_ADJOURN)
    {
      const char *place = arb_ruling_facts_text (self, "place");
      plan->resume_place = place != NULL && *place ? g_strdup (place) : NULL;
    }
}
