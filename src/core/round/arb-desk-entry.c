/* arb-desk-entry.c: a deputy's result or ruling, applied once on the chief's desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "arb-desk-entry.h"
#include "arb-game.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-ruling-apply.h"

static char *
builder_text (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);

  return json_to_string (root, FALSE);
}

/* The game on @board of @round, with the event's time control and edition. */
static ArbGame *
load_game (ArbTournament *t, int round, int board, GError **error)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, error);
  ArbEdition edition = ARB_EDITION_LATEST;
  ArbTimeControl tc;
  gint64 id;

  if (event == NULL)
    return NULL;
  id = arb_tournament_find_game (t, round, board, error);
  if (id == 0)
    return NULL;
  arb_edition_from_year (event->edition, &edition);
  if (event->time_control == NULL || !arb_time_control_parse (event->time_control, &tc, NULL, NULL))
    arb_time_control_parse ("-", &tc, NULL, NULL);
  return arb_game_load (t, id, &tc, edition, error);
}

static char *
result_body (const ArbDeskSubmission *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, arb_result_to_string (s->result));
  if (s->reason != NULL)
    {
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, s->reason);
    }
  json_builder_end_object (b);
  return builder_text (b);
}

static char *
ruling_body (const ArbDeskSubmission *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ply");
  json_builder_add_int_value (b, s->ply);
  json_builder_set_member_name (b, "ruling");
  json_builder_add_string_value (b, s->ruling_json);
  if (s->note != NULL)
    {
      json_builder_set_member_name (b, "note");
      json_builder_add_string_value (b, s->note);
    }
  if (s->set_clocks)
    {
      json_builder_set_member_name (b, "white_ms");
      json_builder_add_int_value (b, s->white_ms);
      json_builder_set_member_name (b, "black_ms");
      json_builder_add_int_value (b, s->black_ms);
    }
  arb_desk_submission_add_extras (b, s);
  json_builder_end_object (b);
  return builder_text (b);
}

static void
add_text (JsonBuilder *b, const char *name, const char *text)
{
  if (text == NULL)
    return;
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, text);
}

void
arb_desk_submission_add_extras (JsonBuilder *b, const ArbDeskSubmission *s)
{
  if (s->irregularity_kind != NULL)
    {
      json_builder_set_member_name (b, "irregularity");
      json_builder_begin_object (b);
      add_text (b, "kind", s->irregularity_kind);
      json_builder_set_member_name (b, "ply");
      json_builder_add_int_value (b, s->irregularity_ply);
      add_text (b, "side", s->irregularity_side == ARB_BLACK ? "black" : "white");
      add_text (b, "move", s->irregularity_move);
      add_text (b, "fen", s->irregularity_fen);
      json_builder_end_object (b);
    }
  add_text (b, "play_uci", s->play_uci);
  add_text (b, "resume_place", s->resume_place);
  if (s->open_envelope_id != 0)
    {
      json_builder_set_member_name (b, "open_envelope");
      json_builder_add_int_value (b, s->open_envelope_id);
      json_builder_set_member_name (b, "reveal_sealed_move");
      json_builder_add_boolean_value (b, s->reveal_sealed_move);
    }
}

static char *
apply_result (ArbTournament *t,
              const ArbTeamArbiter *deputy,
              const ArbDeskSubmission *s,
              GError **error)
{
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  const ArbPlayerInfo *white, *black;
  ArbResult current;
  gint64 correction = 0;

  if (s->result == ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: a deputy's desk sent "*" as a result */
                   _ ("result: a deputy records a result, not “*”"));
      return NULL;
    }
  game = load_game (t, s->round, s->board, error);
  if (game == NULL)
    return NULL;
  current = arb_game_get_result (game);
  if (current != ARB_RESULT_ONGOING && current != s->result &&
      (s->reason == NULL || *s->reason == '\0'))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: board, the stored result, the result sent */
                   _ ("board %d already has the result %s: %s replaces it only as a correction, "
                      "with its reason"),
                   s->board, arb_result_to_string (current), arb_result_to_string (s->result));
      return NULL;
    }
  if (!arb_result_entry_store (game, s->result, deputy->name, s->reason, &correction, error))
    return NULL;
  white = arb_game_get_player (game, ARB_WHITE);
  black = arb_game_get_player (game, ARB_BLACK);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, arb_result_to_string (s->result));
  json_builder_set_member_name (b, "white");
  json_builder_add_string_value (b, white != NULL ? white->name : "");
  json_builder_set_member_name (b, "black");
  json_builder_add_string_value (b, black != NULL ? black->name : "");
  json_builder_set_member_name (b, "correction");
  json_builder_add_int_value (b, correction);
  json_builder_end_object (b);
  return builder_text (b);
}

/* What the desk's ruling flows add to the plan (arb-ruling-dialog-flows.c and
 * arb-ruling-dialog-flows-clock.c). */
static void
plan_extras (ArbRulingPlan *plan, const ArbDeskSubmission *s)
{
  if (s->irregularity_kind != NULL)
    {
      g_free (plan->irregularity_kind);
      g_free (plan->irregularity_move);
      g_free (plan->irregularity_fen);
      plan->irregularity_kind = g_strdup (s->irregularity_kind);
      plan->irregularity_ply = s->irregularity_ply;
      plan->irregularity_side = (ArbColor) s->irregularity_side;
      plan->irregularity_move = g_strdup (s->irregularity_move);
      plan->irregularity_fen = g_strdup (s->irregularity_fen);
    }
  if (s->play_uci != NULL)
    {
      g_free (plan->play_uci);
      plan->play_uci = g_strdup (s->play_uci);
    }
  if (s->resume_place != NULL)
    {
      g_free (plan->resume_place);
      plan->resume_place = g_strdup (s->resume_place);
    }
  if (s->open_envelope_id != 0)
    {
      plan->open_envelope_id = s->open_envelope_id;
      plan->reveal_sealed_move = s->reveal_sealed_move;
    }
}

static char *
apply_ruling (ArbTournament *t,
              const ArbTeamArbiter *deputy,
              const ArbDeskSubmission *s,
              GError **error)
{
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRulingPlan) plan = NULL;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GError) local = NULL;
  gint64 id = 0;

  ruling = s->ruling_json != NULL ? arb_ruling_from_json (s->ruling_json, &local) : NULL;
  if (ruling == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s says why the ruling sent cannot be read */
                   _ ("ruling: %s"),
                   local != NULL ? local->message : _ ("the ruling as stored is expected"));
      return NULL;
    }
  game = load_game (t, s->round, s->board, error);
  if (game == NULL)
    return NULL;
  if (s->ply != (int) arb_game_get_n_plies (game))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   /* Translators: board, its plies now, the ply the ruling was made at */
                   _ ("board %d has %u plies now, the ruling was made at ply %d: look at the game "
                      "again"),
                   s->board, arb_game_get_n_plies (game), s->ply);
      return NULL;
    }
  /* As the desk's ruling dialog does: the arbiter is a fact of the ruling
   * and is named in its audit line. */
  arb_ruling_set_fact_text (ruling, "arbiter", deputy->name);
  if (s->note != NULL && *s->note != '\0')
    arb_ruling_set_note (ruling, s->note);
  /* The plan takes the note from the ruling. */
  plan = arb_ruling_plan_new (game, ruling);
  plan->arbiter = g_strdup (deputy->name);
  if (s->set_clocks)
    {
      plan->set_clocks = TRUE;
      plan->white_ms = s->white_ms;
      plan->black_ms = s->black_ms;
    }
  plan_extras (plan, s);
  if (!arb_ruling_plan_apply (plan, game, &id, error))
    return NULL;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ruling");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, arb_result_to_string (arb_game_get_result (game)));
  json_builder_end_object (b);
  return builder_text (b);
}

gboolean
arb_desk_entry_submit (ArbTournament *t,
                       const ArbTeamArbiter *deputy,
                       ArbDeskEntryKind kind,
                       const ArbDeskSubmission *s,
                       ArbDeskEntryRecord **stored,
                       gboolean *repeat,
                       GError **error)
{
  g_autoptr (ArbDeskEntryRecord) first = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *body = NULL;
  g_autofree char *outcome = NULL;
  ArbDeskEntryRecord record = { 0 };

  g_return_val_if_fail (deputy != NULL && s != NULL, FALSE);

  if (repeat != NULL)
    *repeat = FALSE;
  if (s->client_id == NULL || *s->client_id == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("id: every entry of a deputy carries the id its desk made"));
      return FALSE;
    }
  /* One transaction: the look-up of the id, what the entry applies and the
   * entry itself, so that a resend finds either all of it or nothing. */
  if (!arb_tournament_begin_batch (t, error))
    return FALSE;
  first = arb_tournament_get_desk_entry (t, s->client_id, &local);
  if (local != NULL || first != NULL)
    {
      arb_tournament_rollback_batch (t);
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (repeat != NULL)
        *repeat = TRUE;
      if (stored != NULL)
        *stored = g_steal_pointer (&first);
      return TRUE;
    }
  outcome = kind == ARB_DESK_ENTRY_RULING ? apply_ruling (t, deputy, s, error)
                                          : apply_result (t, deputy, s, error);
  if (outcome == NULL)
    {
      arb_tournament_rollback_batch (t);
      return FALSE;
    }
  body = kind == ARB_DESK_ENTRY_RULING ? ruling_body (s) : result_body (s);
  record.client_id = (char *) s->client_id;
  record.arbiter = deputy->name;
  record.kind = kind;
  record.round = s->round;
  record.board = s->board;
  record.body = body;
  record.outcome = outcome;
  if (!arb_tournament_add_desk_entry (t, &record, error))
    {
      arb_tournament_rollback_batch (t);
      return FALSE;
    }
  if (!arb_tournament_commit_batch (t, error))
    return FALSE;
  if (stored != NULL)
    *stored = arb_tournament_get_desk_entry (t, s->client_id, error);
  return stored == NULL || *stored != NULL;
}
