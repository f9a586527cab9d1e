/* arb-ruling-dialog-private.h: the parts of ArbRulingDialog its files share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruling-dialog.h"
#include "arb-ruling-facts.h"

G_BEGIN_DECLS

/* ArbRulingDialog is split by concern: arb-ruling-dialog.c (the type, the
 * rule, decision and effects shown, confirm and cancel),
 * arb-ruling-dialog-facts.c (the fact rows and what they read from the
 * game), arb-ruling-dialog-proofs.c (the facts the program proves), and
 * the facts and the Laws engine call of each flow:
 * arb-ruling-dialog-flows.c (illegal move, draw claim, and the entry
 * points), arb-ruling-dialog-flows-clock.c (flag fall, quickplay finish,
 * adjournment, resumption) and arb-ruling-dialog-flows-result.c (penalty,
 * result). */

struct _ArbRulingDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkButton *confirm_button;
  GtkButton *print_button;
  AdwPreferencesGroup *facts_group;
  GtkBox *boards_box;
  AdwPreferencesGroup *rule_group;
  AdwPreferencesGroup *effects_group;
  AdwPreferencesGroup *clocks_group;
  GtkSpinButton *white_moves_spin;
  GtkSpinButton *black_moves_spin;
  GtkLabel *decision_label;
  GtkLabel *explanation_label;
  AdwActionRow *white_time_row;
  AdwActionRow *black_time_row;
  GtkEntry *white_time_entry;
  GtkEntry *black_time_entry;
  GtkEntry *note_entry;
  GtkEntry *arbiter_entry;
  GtkLabel *error_label;

  /* Owned */
  ArbGame *game;
  ArbRuling *ruling;
  ArbRulingPlan *plan;
  GHashTable *facts;     /* name → GtkWidget (the row's value widget) */
  GPtrArray *fact_names; /* in the order shown */
  GPtrArray *rule_rows;  /* rows added to rule_group, removed on refresh */
  GPtrArray *effect_rows;
  guint occurrences[8];
  guint n_occurrences;
  ArbEnvelope envelope;
  gint64 envelope_id;

  ArbRulingFlow flow;
  ArbEventSettings event;
  int last_side;     /* the side fact at the last refresh */
  int last_ply;      /* the ply fact at the last refresh */
  gboolean updating; /* setting widgets from code */
  gboolean clocks_edited;
  gboolean moves_edited;  /* the move counters typed from the clock on the table */
  gboolean paused_clocks; /* this dialog stopped the game's running clock */
  gboolean applied;       /* the ruling was confirmed and stored */
  gboolean revealed;      /* the sealed move was shown (resumption) */
  gboolean complete;      /* the facts give a ruling */
  const char *hint;       /* what is missing when the facts give no ruling */
  /* The unwinnability search of the "cannot-mate" fact, run off the main
   * thread; cancelled when the question changes or the dialog goes. */
  GCancellable *mate_cancellable;
  gboolean mate_pending;
  ArbProof own_mate_proof; /* the flag's side, searched with it */
  char *result_reason;     /* the reason the Result flow's results were offered for */
  /* arb_ruling_dialog_set_send_func () */
  ArbRulingSendFunc send;
  gpointer send_data;
  GDestroyNotify send_destroy;
};

/* arb-ruling-dialog.c */
void arb_ruling_dialog_refresh (ArbRulingDialog *self);

/* arb-ruling-dialog-facts.c: the fact rows, by name */
void arb_ruling_facts_add (ArbRulingDialog *self,
                           const char *name,
                           GtkWidget *row,
                           GtkWidget *value);
void arb_ruling_facts_add_choice (ArbRulingDialog *self,
                                  const char *name,
                                  const char *title,
                                  const char *const *ids,
                                  const char *const *labels,
                                  guint n,
                                  guint active);
void arb_ruling_facts_set_choices (ArbRulingDialog *self,
                                   const char *name,
                                   const char *const *ids,
                                   const char *const *labels,
                                   guint n,
                                   guint active);
void arb_ruling_facts_add_side_choice (ArbRulingDialog *self,
                                       const char *name,
                                       const char *title,
                                       int active);
void arb_ruling_facts_add_switch (ArbRulingDialog *self,
                                  const char *name,
                                  const char *title,
                                  const char *subtitle,
                                  gboolean active);
void arb_ruling_facts_add_entry (ArbRulingDialog *self,
                                 const char *name,
                                 const char *title,
                                 const char *placeholder,
                                 const char *text,
                                 gboolean hidden);
void arb_ruling_facts_add_number (ArbRulingDialog *self,
                                  const char *name,
                                  const char *title,
                                  const char *subtitle,
                                  double min,
                                  double max,
                                  double value);
void arb_ruling_facts_add_info (ArbRulingDialog *self,
                                const char *name,
                                const char *title,
                                const char *value);
GtkWidget *arb_ruling_facts_get (ArbRulingDialog *self, const char *name);
const char *arb_ruling_facts_id (ArbRulingDialog *self, const char *name);
gboolean arb_ruling_facts_bool (ArbRulingDialog *self, const char *name);
const char *arb_ruling_facts_text (ArbRulingDialog *self, const char *name);
int arb_ruling_facts_int (ArbRulingDialog *self, const char *name);
int arb_ruling_facts_side (ArbRulingDialog *self, const char *name);
void arb_ruling_facts_set_visible (ArbRulingDialog *self, const char *name, gboolean visible);
void arb_ruling_facts_set_info (ArbRulingDialog *self, const char *name, const char *value);
void arb_ruling_facts_set_switch_quietly (ArbRulingDialog *self, const char *name, gboolean active);
void arb_ruling_facts_set_proof (ArbRulingDialog *self, const char *name, ArbProof proof);
/* The same with the moves that show it (a helpmate line), or NULL. */
void arb_ruling_facts_set_proof_line (ArbRulingDialog *self,
                                      const char *name,
                                      ArbProof proof,
                                      const char *line);
/* The same with what proves it (NULL: the fact's default wording). */
void arb_ruling_facts_set_proof_text (ArbRulingDialog *self,
                                      const char *name,
                                      ArbProof proof,
                                      const char *said,
                                      const char *line);
ArbProof arb_ruling_facts_get_proof (ArbRulingDialog *self, const char *name);
void arb_ruling_facts_add_provable (ArbRulingDialog *self,
                                    const char *name,
                                    const char *fact,
                                    const char *title,
                                    const char *reason_title,
                                    const char *reason_placeholder);
gboolean arb_ruling_facts_proof_answered (ArbRulingDialog *self,
                                          const char *name,
                                          const char *hint);
void arb_ruling_facts_record_overrides (ArbRulingDialog *self, ArbRuling *ruling, GString *why);
void arb_ruling_facts_set_number_quietly (ArbRulingDialog *self, const char *name, double value);
const char *arb_ruling_facts_side_label (int side);

/* arb-ruling-dialog-facts.c: what the flows read from the game */
guint arb_ruling_dialog_n_plies (ArbRulingDialog *self);
const ArbPosition *arb_ruling_dialog_position (ArbRulingDialog *self);
gint64 arb_ruling_dialog_remaining_ms (ArbRulingDialog *self, int side);
ArbProof arb_ruling_dialog_last_period (ArbRulingDialog *self, int side, char **why);
void arb_ruling_dialog_show_board (ArbRulingDialog *self, guint ply, const char *caption);

/* arb-ruling-dialog-speech.c: the ruling for a screen reader (the
 * decision and each effect in order), on Confirm and as it changes */
char *arb_ruling_dialog_get_summary (ArbRulingDialog *self);
void arb_ruling_dialog_speak (ArbRulingDialog *self);
void arb_ruling_dialog_speech_class_init (GtkWidgetClass *widget_class);

/* arb-ruling-dialog-proofs.c: the facts the program proves */
/* Shows whether the opponent of @side can still checkmate in @pos (ply
 * @ply), searched off the main thread. */
void arb_ruling_dialog_prove_cannot_mate (ArbRulingDialog *self,
                                          const ArbPosition *pos,
                                          int side,
                                          int ply);
void arb_ruling_dialog_add_cannot_mate (ArbRulingDialog *self);
gboolean arb_ruling_dialog_text_given (ArbRulingDialog *self, const char *name);
gboolean arb_ruling_dialog_cannot_mate_answered (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_with_reasons (ArbRulingDialog *self, ArbRuling *ruling);
void arb_ruling_dialog_prove_last_period (ArbRulingDialog *self,
                                          const char *name,
                                          int side,
                                          gboolean both);
void arb_ruling_dialog_prove_game_over (ArbRulingDialog *self, int side);
ArbEnding arb_ruling_dialog_position_ending (ArbRulingDialog *self);

/* arb-ruling-dialog-flows.c */
void arb_ruling_dialog_build_flow (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_flow (ArbRulingDialog *self);
void arb_ruling_dialog_plan_flow (ArbRulingDialog *self, ArbRulingPlan *plan);

/* arb-ruling-dialog-flows-clock.c */
void arb_ruling_dialog_build_flag_fall (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_flag_fall (ArbRulingDialog *self);
void arb_ruling_dialog_build_quickplay (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_quickplay (ArbRulingDialog *self);
void arb_ruling_dialog_build_adjourn (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_adjourn (ArbRulingDialog *self);
void arb_ruling_dialog_build_resume (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_resume (ArbRulingDialog *self);
void arb_ruling_dialog_plan_resume (ArbRulingDialog *self, ArbRulingPlan *plan);

/* arb-ruling-dialog-flows-result.c */
void arb_ruling_dialog_build_penalty (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_penalty (ArbRulingDialog *self);
void arb_ruling_dialog_build_result (ArbRulingDialog *self);
ArbRuling *arb_ruling_dialog_compute_result (ArbRulingDialog *self);

G_END_DECLS
