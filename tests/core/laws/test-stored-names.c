/* test-stored-names.c: the names the tournament file stores
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Rulings and results already written to tournament files name their
 * kind, decision, effects, reason, notes and ending by these strings, so
 * none may change. The lists are the file format, written out here by
 * hand; each value must give its name and each name its value. */

#include <glib.h>

#include "arb-result.h"
#include "arb-ruling.h"
#include "arb-tournament-sources.h"

typedef struct
{
  int value;
  const char *name;
} Stored;

static const Stored arb_ruling_kind_stored[] = {
  { ARB_RULING_ILLEGAL_MOVE, "illegal-move" },
  { ARB_RULING_DRAW_CLAIM, "draw-claim" },
  { ARB_RULING_AUTOMATIC_DRAW, "automatic-draw" },
  { ARB_RULING_FLAG_FALL, "flag-fall" },
  { ARB_RULING_QUICKPLAY_CLAIM, "quickplay-claim" },
  { ARB_RULING_SEAL, "seal" },
  { ARB_RULING_RESUMPTION, "resumption" },
  { ARB_RULING_LATE_ARRIVAL, "late-arrival" },
  { ARB_RULING_DEVICE, "device" },
  { ARB_RULING_RESIGNATION, "resignation" },
  { ARB_RULING_PENALTY, "penalty" },
  { ARB_RULING_RESULT, "result" },
  { ARB_RULING_RECONSTRUCTION, "reconstruction" },
  { ARB_RULING_BOARD_CHANGE, "board" },
};

static void
test_arb_ruling_kind (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_ruling_kind_stored), ==, ARB_RULING_KIND_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_ruling_kind_stored); i++)
    {
      ArbRulingKind value;

      g_assert_cmpstr (arb_ruling_kind_to_string (arb_ruling_kind_stored[i].value), ==,
                       arb_ruling_kind_stored[i].name);
      g_assert_true (arb_ruling_kind_from_string (arb_ruling_kind_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_ruling_kind_stored[i].value);
    }
  {
    ArbRulingKind value;

    g_assert_false (arb_ruling_kind_from_string ("no-such-name", &value));
    g_assert_false (arb_ruling_kind_from_string (NULL, &value));
  }
}

static const Stored arb_decision_stored[] = {
  { ARB_DECISION_PLAY_ON, "play-on" },
  { ARB_DECISION_TIME_PENALTY, "time-penalty" },
  { ARB_DECISION_LOSS, "loss" },
  { ARB_DECISION_DRAW, "draw" },
  { ARB_DECISION_WIN, "win" },
  { ARB_DECISION_MOVE_STANDS, "move-stands" },
  { ARB_DECISION_CLAIM_REJECTED, "claim-rejected" },
  { ARB_DECISION_CLAIM_INADMISSIBLE, "claim-inadmissible" },
  { ARB_DECISION_POSTPONED, "postponed" },
  { ARB_DECISION_NOT_IN_EDITION, "not-in-edition" },
  { ARB_DECISION_ALREADY_OVER, "already-over" },
  { ARB_DECISION_SEALED, "sealed" },
  { ARB_DECISION_RESUMED, "resumed" },
  { ARB_DECISION_ANNULLED, "annulled" },
  { ARB_DECISION_REFERRED, "referred" },
  { ARB_DECISION_PENALTY, "penalty" },
  { ARB_DECISION_NOT_LATE, "not-late" },
  { ARB_DECISION_RECONSTRUCTED, "reconstructed" },
  { ARB_DECISION_BOARD_MOVED, "board-moved" },
};

static void
test_arb_decision (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_decision_stored), ==, ARB_DECISION_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_decision_stored); i++)
    {
      ArbDecision value;

      g_assert_cmpstr (arb_decision_to_string (arb_decision_stored[i].value), ==,
                       arb_decision_stored[i].name);
      g_assert_true (arb_decision_from_string (arb_decision_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_decision_stored[i].value);
    }
  {
    ArbDecision value;

    g_assert_false (arb_decision_from_string ("no-such-name", &value));
    g_assert_false (arb_decision_from_string (NULL, &value));
  }
}

static const Stored arb_effect_kind_stored[] = {
  { ARB_EFFECT_RESTORE_POSITION, "restore-position" },
  { ARB_EFFECT_RESTORE_CLOCKS, "restore-clocks" },
  { ARB_EFFECT_ADD_TIME, "add-time" },
  { ARB_EFFECT_SET_TIME, "set-time" },
  { ARB_EFFECT_SET_RESULT, "set-result" },
  { ARB_EFFECT_ILLEGAL_COUNT, "illegal-count" },
  { ARB_EFFECT_PLAY_WRITTEN_MOVE, "play-written-move" },
  { ARB_EFFECT_TOUCH_MOVE, "touch-move" },
  { ARB_EFFECT_PROMOTE_TO_QUEEN, "promote-to-queen" },
  { ARB_EFFECT_SEALED_MOVE_HIDDEN, "sealed-move-hidden" },
  { ARB_EFFECT_MAKE_SEALED_MOVE, "make-sealed-move" },
  { ARB_EFFECT_STOP_CLOCKS, "stop-clocks" },
  { ARB_EFFECT_START_CLOCK, "start-clock" },
  { ARB_EFFECT_SET_INCREMENT, "set-increment" },
  { ARB_EFFECT_DRAW_OFFER, "draw-offer" },
  { ARB_EFFECT_ADMINISTRATIVE, "administrative" },
  { ARB_EFFECT_NOTE, "note" },
};

static void
test_arb_effect_kind (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_effect_kind_stored), ==, ARB_EFFECT_KIND_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_effect_kind_stored); i++)
    {
      ArbEffectKind value;

      g_assert_cmpstr (arb_effect_kind_to_string (arb_effect_kind_stored[i].value), ==,
                       arb_effect_kind_stored[i].name);
      g_assert_true (arb_effect_kind_from_string (arb_effect_kind_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_effect_kind_stored[i].value);
    }
  {
    ArbEffectKind value;

    g_assert_false (arb_effect_kind_from_string ("no-such-name", &value));
    g_assert_false (arb_effect_kind_from_string (NULL, &value));
  }
}

static const Stored arb_reason_stored[] = {
  { ARB_REASON_NONE, "none" },
  { ARB_REASON_ILLEGAL_PENALTY, "illegal-penalty" },
  { ARB_REASON_ILLEGAL_LOSS, "illegal-loss" },
  { ARB_REASON_ILLEGAL_DRAW_CANNOT_MATE, "illegal-draw-cannot-mate" },
  { ARB_REASON_ILLEGAL_NOT_IN_EDITION, "illegal-not-in-edition" },
  { ARB_REASON_ILLEGAL_OPPONENT_MOVED, "illegal-opponent-moved" },
  { ARB_REASON_ILLEGAL_AWAIT_CLAIM, "illegal-await-claim" },
  { ARB_REASON_ILLEGAL_NEXT_MOVE_MADE, "illegal-next-move-made" },
  { ARB_REASON_ILLEGAL_NOT_CLAIMED_YET, "illegal-not-claimed-yet" },
  { ARB_REASON_ILLEGAL_MOVED_WITHOUT_CLAIM, "illegal-moved-without-claim" },
  { ARB_REASON_ILLEGAL_CLAIM_ONLY, "illegal-claim-only" },
  { ARB_REASON_ILLEGAL_STANDS_PLAYERS_MAY_CORRECT, "illegal-stands-players-may-correct" },
  { ARB_REASON_ILLEGAL_NOBODY_ACTED, "illegal-nobody-acted" },
  { ARB_REASON_ILLEGAL_POSITION_DRAW, "illegal-position-draw" },
  { ARB_REASON_CLAIM_RIGHT_LOST, "claim-right-lost" },
  { ARB_REASON_CLAIM_CORRECT, "claim-correct" },
  { ARB_REASON_CLAIM_INCORRECT, "claim-incorrect" },
  { ARB_REASON_AUTOMATIC_NOT_IN_EDITION, "automatic-not-in-edition" },
  { ARB_REASON_AUTOMATIC_MATE_FIRST, "automatic-mate-first" },
  { ARB_REASON_AUTOMATIC_DRAW, "automatic-draw" },
  { ARB_REASON_FLAG_GAME_OVER, "flag-game-over" },
  { ARB_REASON_FLAG_NOT_CALLED, "flag-not-called" },
  { ARB_REASON_FLAG_BOTH_DRAW, "flag-both-draw" },
  { ARB_REASON_FLAG_BOTH_LAST_PERIOD, "flag-both-last-period" },
  { ARB_REASON_FLAG_BOTH_PLAY_ON, "flag-both-play-on" },
  { ARB_REASON_FLAG_CANNOT_MATE, "flag-cannot-mate" },
  { ARB_REASON_FLAG_LOSS, "flag-loss" },
  { ARB_REASON_QUICKPLAY_NOT_BLITZ, "quickplay-not-blitz" },
  { ARB_REASON_QUICKPLAY_NOT_ANNOUNCED, "quickplay-not-announced" },
  { ARB_REASON_QUICKPLAY_INCREMENT_GAME, "quickplay-increment-game" },
  { ARB_REASON_QUICKPLAY_NOT_FINAL_PERIOD, "quickplay-not-final-period" },
  { ARB_REASON_QUICKPLAY_TIME, "quickplay-time" },
  { ARB_REASON_QUICKPLAY_NO_ARBITER, "quickplay-no-arbiter" },
  { ARB_REASON_QUICKPLAY_DRAW, "quickplay-draw" },
  { ARB_REASON_QUICKPLAY_POSTPONED, "quickplay-postponed" },
  { ARB_REASON_QUICKPLAY_REJECTED, "quickplay-rejected" },
  { ARB_REASON_QUICKPLAY_NO_INCREMENT_OPTION, "quickplay-no-increment-option" },
  { ARB_REASON_QUICKPLAY_INCREMENT, "quickplay-increment" },
  { ARB_REASON_SEAL_NOT_WRITTEN, "seal-not-written" },
  { ARB_REASON_SEALED, "sealed" },
  { ARB_REASON_RESUME_ANNULLED, "resume-annulled" },
  { ARB_REASON_RESUME_ENVELOPE_LOST, "resume-envelope-lost" },
  { ARB_REASON_RESUME_ABSENT_SEALER_MATES, "resume-absent-sealer-mates" },
  { ARB_REASON_RESUME_ABSENT_SEALER_DRAWS, "resume-absent-sealer-draws" },
  { ARB_REASON_RESUME_PRESENT_FLAG_FELL, "resume-present-flag-fell" },
  { ARB_REASON_RESUME_LATE, "resume-late" },
  { ARB_REASON_RESUME_REPLIER_ABSENT, "resume-replier-absent" },
  { ARB_REASON_RESUME_INVALID_DRAW, "resume-invalid-draw" },
  { ARB_REASON_RESUME_INVALID_LOSS, "resume-invalid-loss" },
  { ARB_REASON_RESUME_MATES, "resume-mates" },
  { ARB_REASON_RESUME_DRAWS, "resume-draws" },
  { ARB_REASON_RESUMED, "resumed" },
  { ARB_REASON_LATE_WITHIN_DEFAULT, "late-within-default" },
  { ARB_REASON_LATE_BOTH_FORFEIT, "late-both-forfeit" },
  { ARB_REASON_LATE_FORFEIT, "late-forfeit" },
  { ARB_REASON_DEVICE_NOT_IN_EDITION, "device-not-in-edition" },
  { ARB_REASON_DEVICE_SWITCHED_OFF, "device-switched-off" },
  { ARB_REASON_DEVICE_SILENT, "device-silent" },
  { ARB_REASON_DEVICE_SOUNDED_CANNOT_WIN, "device-sounded-cannot-win" },
  { ARB_REASON_DEVICE_SOUNDED, "device-sounded" },
  { ARB_REASON_DEVICE_MILDER, "device-milder" },
  { ARB_REASON_DEVICE_LOSS, "device-loss" },
  { ARB_REASON_RESIGN_DRAW, "resign-draw" },
  { ARB_REASON_RESIGN_LOSS, "resign-loss" },
  { ARB_REASON_PENALTY_NOT_IN_EDITION, "penalty-not-in-edition" },
  { ARB_REASON_PENALTY_TIME_ADDED, "penalty-time-added" },
  { ARB_REASON_PENALTY_TIME_REMOVED, "penalty-time-removed" },
  { ARB_REASON_PENALTY_SCORE_NOT_ALLOWED, "penalty-score-not-allowed" },
  { ARB_REASON_PENALTY_SCORED, "penalty-scored" },
  { ARB_REASON_PENALTY_LISTED, "penalty-listed" },
  { ARB_REASON_RESULT_RECORDED, "result-recorded" },
  { ARB_REASON_GAME_ENDED, "game-ended" },
  { ARB_REASON_RESULT_CORRECTED, "result-corrected" },
};

static void
test_arb_reason (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_reason_stored), ==, ARB_REASON_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_reason_stored); i++)
    {
      ArbReason value;

      g_assert_cmpstr (arb_reason_to_string (arb_reason_stored[i].value), ==,
                       arb_reason_stored[i].name);
      g_assert_true (arb_reason_from_string (arb_reason_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_reason_stored[i].value);
    }
  {
    ArbReason value;

    g_assert_false (arb_reason_from_string ("no-such-name", &value));
    g_assert_false (arb_reason_from_string (NULL, &value));
  }
}

static const Stored arb_note_stored[] = {
  { ARB_NOTE_NONE, "none" },
  { ARB_NOTE_LAST_IDENTIFIABLE, "last-identifiable" },
  { ARB_NOTE_BEST_JUDGEMENT, "best-judgement" },
  { ARB_NOTE_ADJOURNMENT_TIMES, "adjournment-times" },
  { ARB_NOTE_PIECE_MOVED, "piece-moved" },
  { ARB_NOTE_SEALER_STOPS, "sealer-stops" },
  { ARB_NOTE_COMPETITION_RULES, "competition-rules" },
  { ARB_NOTE_BOTH_FLAGS_UNSOURCED, "both-flags-unsourced" },
  { ARB_NOTE_RECORD_POSITION, "record-position" },
  { ARB_NOTE_NEW_GAME, "new-game" },
  { ARB_NOTE_SEALER_ABSENT, "sealer-absent" },
  { ARB_NOTE_WHITE_CLOCK_RUNS, "white-clock-runs" },
  { ARB_NOTE_BLITZ_PENALTY_PRACTICE, "blitz-penalty-practice" },
  { ARB_NOTE_BLITZ_PENALTY_LITERAL, "blitz-penalty-literal" },
  { ARB_NOTE_WRITTEN_MOVE_ILLEGAL, "written-move-illegal" },
};

static void
test_arb_note (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_note_stored), ==, ARB_NOTE_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_note_stored); i++)
    {
      ArbNote value;

      g_assert_cmpstr (arb_note_to_string (arb_note_stored[i].value), ==, arb_note_stored[i].name);
      g_assert_true (arb_note_from_string (arb_note_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_note_stored[i].value);
    }
  {
    ArbNote value;

    g_assert_false (arb_note_from_string ("no-such-name", &value));
    g_assert_false (arb_note_from_string (NULL, &value));
  }
}

static const Stored arb_ending_stored[] = {
  { ARB_ENDING_NONE, "none" },
  { ARB_ENDING_CHECKMATE, "checkmate" },
  { ARB_ENDING_STALEMATE, "stalemate" },
  { ARB_ENDING_DEAD_POSITION, "dead-position" },
  { ARB_ENDING_FIVEFOLD, "fivefold" },
  { ARB_ENDING_SEVENTY_FIVE, "seventy-five" },
  { ARB_ENDING_THREEFOLD, "threefold" },
  { ARB_ENDING_FIFTY, "fifty" },
  { ARB_ENDING_AGREEMENT, "agreement" },
  { ARB_ENDING_RESIGNATION, "resignation" },
  { ARB_ENDING_RESIGNATION_CANNOT_MATE, "resignation-cannot-mate" },
  { ARB_ENDING_FLAG_FALL, "flag-fall" },
  { ARB_ENDING_FLAG_CANNOT_MATE, "flag-cannot-mate" },
  { ARB_ENDING_BOTH_FLAGS, "both-flags" },
  { ARB_ENDING_BOTH_FLAGS_LAST_PERIOD, "both-flags-last-period" },
  { ARB_ENDING_ILLEGAL_MOVE, "illegal-move" },
  { ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE, "illegal-move-cannot-mate" },
  { ARB_ENDING_ILLEGAL_POSITION, "illegal-position" },
  { ARB_ENDING_QUICKPLAY, "quickplay" },
  { ARB_ENDING_SEALED_MOVE_MATES, "sealed-move-mates" },
  { ARB_ENDING_SEALED_MOVE_DRAWS, "sealed-move-draws" },
  { ARB_ENDING_INVALID_SEALED_MOVE, "invalid-sealed-move" },
  { ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE, "invalid-sealed-move-cannot-mate" },
  { ARB_ENDING_LATE_FOR_RESUMPTION, "late-for-resumption" },
  { ARB_ENDING_PRESENT_FLAG_FELL, "present-flag-fell" },
  { ARB_ENDING_LATE_ARRIVAL, "late-arrival" },
  { ARB_ENDING_BOTH_ABSENT, "both-absent" },
  { ARB_ENDING_DEVICE, "device" },
  { ARB_ENDING_DEVICE_CANNOT_WIN, "device-cannot-win" },
  { ARB_ENDING_PENALTY, "penalty" },
  { ARB_ENDING_ARBITER, "arbiter" },
  { ARB_ENDING_IMPORTED, "imported" },
};

static void
test_arb_ending (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (arb_ending_stored), ==, ARB_ENDING_N);
  for (gsize i = 0; i < G_N_ELEMENTS (arb_ending_stored); i++)
    {
      ArbEnding value;

      g_assert_cmpstr (arb_ending_to_string (arb_ending_stored[i].value), ==,
                       arb_ending_stored[i].name);
      g_assert_true (arb_ending_from_string (arb_ending_stored[i].name, &value));
      g_assert_cmpint (value, ==, arb_ending_stored[i].value);
    }
  {
    ArbEnding value;

    g_assert_false (arb_ending_from_string ("no-such-name", &value));
    g_assert_false (arb_ending_from_string (NULL, &value));
  }
}

static const Stored alert_kind_stored[] = {
  { ARB_SOURCE_ALERT_ILLEGAL_MOVE, "illegal-move" },
  { ARB_SOURCE_ALERT_CHANGED_MOVES, "changed-moves" },
  { ARB_SOURCE_ALERT_WRONG_COLOURS, "wrong-colours" },
};

static const Stored alert_state_stored[] = {
  { ARB_SOURCE_ALERT_OPEN, "open" },       { ARB_SOURCE_ALERT_DISMISSED, "dismissed" },
  { ARB_SOURCE_ALERT_RULED, "ruled" },     { ARB_SOURCE_ALERT_ACCEPTED, "accepted" },
  { ARB_SOURCE_ALERT_CLEARED, "cleared" },
};

static void
test_source_alerts (void)
{
  ArbSourceAlertKind kind;
  ArbSourceAlertState state;

  for (gsize i = 0; i < G_N_ELEMENTS (alert_kind_stored); i++)
    {
      g_assert_cmpstr (arb_source_alert_kind_to_string (alert_kind_stored[i].value), ==,
                       alert_kind_stored[i].name);
      g_assert_true (arb_source_alert_kind_from_string (alert_kind_stored[i].name, &kind));
      g_assert_cmpint (kind, ==, alert_kind_stored[i].value);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (alert_state_stored); i++)
    {
      g_assert_cmpstr (arb_source_alert_state_to_string (alert_state_stored[i].value), ==,
                       alert_state_stored[i].name);
      g_assert_true (arb_source_alert_state_from_string (alert_state_stored[i].name, &state));
      g_assert_cmpint (state, ==, alert_state_stored[i].value);
    }
  g_assert_false (arb_source_alert_kind_from_string ("open", &kind));
  g_assert_false (arb_source_alert_state_from_string ("illegal-move", &state));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/laws/stored-names/ruling-kind", test_arb_ruling_kind);
  g_test_add_func ("/laws/stored-names/decision", test_arb_decision);
  g_test_add_func ("/laws/stored-names/effect-kind", test_arb_effect_kind);
  g_test_add_func ("/laws/stored-names/reason", test_arb_reason);
  g_test_add_func ("/laws/stored-names/note", test_arb_note);
  g_test_add_func ("/laws/stored-names/ending", test_arb_ending);
  g_test_add_func ("/storage/stored-names/source-alerts", test_source_alerts);
  return g_test_run ();
}
