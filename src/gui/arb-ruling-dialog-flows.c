/* arb-ruling-dialog-flows.c: the flows of an illegal move and a draw
 * claim, and each flow's entry points
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
  arb_ruling_dialog_add_cannot_mate (self);
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
  arb_ruling_dialog_prove_cannot_mate (self, before, side, ply_before);
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
  if (!arb_ruling_dialog_cannot_mate_answered (self))
    return NULL;
  ruling = arb_laws_illegal_move (&self->event, &facts);
  {
    const char *as_made = arb_ruling_facts_text (self, "move");

    if (as_made != NULL && *as_made != '\0')
      arb_ruling_set_fact_text (ruling, "move_as_made", as_made);
  }
  return arb_ruling_dialog_with_reasons (self, ruling);
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
      arb_ruling_dialog_build_flag_fall (self);
      break;
    case ARB_RULING_FLOW_QUICKPLAY:
      arb_ruling_dialog_build_quickplay (self);
      break;
    case ARB_RULING_FLOW_ADJOURN:
      arb_ruling_dialog_build_adjourn (self);
      break;
    case ARB_RULING_FLOW_RESUME:
      arb_ruling_dialog_build_resume (self);
      break;
    case ARB_RULING_FLOW_PENALTY:
      arb_ruling_dialog_build_penalty (self);
      break;
    case ARB_RULING_FLOW_RESULT:
    default:
      arb_ruling_dialog_build_result (self);
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
      return arb_ruling_dialog_compute_flag_fall (self);
    case ARB_RULING_FLOW_QUICKPLAY:
      return arb_ruling_dialog_compute_quickplay (self);
    case ARB_RULING_FLOW_ADJOURN:
      return arb_ruling_dialog_compute_adjourn (self);
    case ARB_RULING_FLOW_RESUME:
      return arb_ruling_dialog_compute_resume (self);
    case ARB_RULING_FLOW_PENALTY:
      return arb_ruling_dialog_compute_penalty (self);
    case ARB_RULING_FLOW_RESULT:
    default:
      return arb_ruling_dialog_compute_result (self);
    }
}

void
arb_ruling_dialog_plan_flow (ArbRulingDialog *self, ArbRulingPlan *plan)
{
  if (self->flow == ARB_RULING_FLOW_ILLEGAL_MOVE)
    plan_illegal_move (self, plan);
  else if (self->flow == ARB_RULING_FLOW_RESUME)
    arb_ruling_dialog_plan_resume (self, plan);
  else if (self->flow == ARB_RULING_FLOW_ADJOURN)
    {
      const char *place = arb_ruling_facts_text (self, "place");
      plan->resume_place = place != NULL && *place ? g_strdup (place) : NULL;
    }
}
