/* arb-ruling-dialog-flows-clock.c: the flows of a flag fall, a quickplay
 * finish, an adjournment and a resumption
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

/* --- Flag fall (2018/2023 6.9, 6.11; 2001/2009 6.9, 6.10, 6.12) ------ */

void
arb_ruling_dialog_build_flag_fall (ArbRulingDialog *self)
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
  arb_ruling_dialog_add_cannot_mate (self);
  arb_ruling_facts_add_entry (self, "flag-reason", _ ("Why the flag is taken as fallen"),
                              _ ("e.g. the physical clock shows it down"), NULL, FALSE);
  arb_ruling_facts_set_visible (self, "flag-reason", FALSE);
  arb_ruling_facts_add_provable (
    self, "already-over", "game_over", _ ("The game had already ended"),
    _ ("Why the game had already ended"), _ ("e.g. checkmate on the board before the flag fell"));
  self->last_side = -1;
}

ArbRuling *
arb_ruling_dialog_compute_flag_fall (ArbRulingDialog *self)
{
  ArbFlagFacts facts = { 0 };
  int side = arb_ruling_facts_side (self, "side");
  ArbRuling *ruling;
  ArbClock *clock = arb_game_get_clock (self->game);
  gboolean time_left;

  arb_ruling_dialog_prove_cannot_mate (self, arb_ruling_dialog_position (self), side,
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
  arb_ruling_dialog_prove_game_over (self, side);
  arb_ruling_dialog_prove_last_period (self, "last-period", side,
                                       arb_ruling_facts_bool (self, "both"));
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
      !arb_ruling_dialog_cannot_mate_answered (self))
    return NULL;
  if (time_left && !arb_ruling_dialog_text_given (self, "flag-reason"))
    {
      self->hint = _ ("The clock shows time left: say why the flag is taken as fallen");
      return NULL;
    }
  ruling = arb_laws_flag_fall (&self->event, &facts);
  return arb_ruling_dialog_with_reasons (self, ruling);
}

/* --- Quickplay finish (2001/2009 10.2; 2018 G; 2023 III) -------------- */

void
arb_ruling_dialog_build_quickplay (ArbRulingDialog *self)
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
  arb_ruling_dialog_prove_last_period (self, "in-finish", claimant, FALSE);
  arb_ruling_facts_add_switch (self, "arbiter-present", _ ("An arbiter is present"), NULL, TRUE);
  arb_ruling_facts_add_choice (self, "verdict", _ ("The arbiter's judgement"), ids, labels,
                               laws->quickplay_increment_option ? 4 : 3, 0);
  arb_ruling_facts_add_switch (self, "extra-time", _ ("Two extra minutes to the opponent"),
                               _ ("When the decision is postponed"), FALSE);
}

ArbRuling *
arb_ruling_dialog_compute_quickplay (ArbRulingDialog *self)
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
  return arb_ruling_dialog_with_reasons (self, ruling);
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

void
arb_ruling_dialog_build_adjourn (ArbRulingDialog *self)
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

ArbRuling *
arb_ruling_dialog_compute_adjourn (ArbRulingDialog *self)
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

void
arb_ruling_dialog_build_resume (ArbRulingDialog *self)
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

ArbRuling *
arb_ruling_dialog_compute_resume (ArbRulingDialog *self)
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
void
arb_ruling_dialog_plan_resume (ArbRulingDialog *self, ArbRulingPlan *plan)
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
