/* arb-floor-entry.c: what a floor arbiter sends, applied once through the round's paths
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-floor-entry.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-ruling.h"

/* The incidents a floor arbiter reports and the ruling each asks of the
 * desk: an illegal move (2023 Laws art. 7.5), a claim of a draw (art. 9),
 * an electronic device (art. 11.3), a player arriving after the default
 * time (art. 6.7). */
static const struct
{
  const char *incident;
  ArbRulingKind ruling;
} incidents[] = {
  { "illegal-move", ARB_RULING_ILLEGAL_MOVE },
  { "claim", ARB_RULING_DRAW_CLAIM },
  { "device", ARB_RULING_DEVICE },
  { "late-arrival", ARB_RULING_LATE_ARRIVAL },
};

const char *
arb_floor_incident_ruling (const char *incident)
{
  for (gsize i = 0; incident != NULL && i < G_N_ELEMENTS (incidents); i++)
    if (strcmp (incident, incidents[i].incident) == 0)
      return arb_ruling_kind_to_string (incidents[i].ruling);
  return NULL;
}

static char *
builder_text (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);

  return json_to_string (root, FALSE);
}

static char *
submission_body (const ArbFloorSubmission *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  if (s->text != NULL)
    {
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, s->text);
    }
  if (s->incident != NULL)
    {
      json_builder_set_member_name (b, "incident");
      json_builder_add_string_value (b, s->incident);
    }
  if (s->kind == ARB_FLOOR_CLOCK)
    {
      json_builder_set_member_name (b, "white_ms");
      json_builder_add_int_value (b, s->white_ms);
      json_builder_set_member_name (b, "black_ms");
      json_builder_add_int_value (b, s->black_ms);
    }
  json_builder_end_object (b);
  return builder_text (b);
}

/* A result entry through the results desk's path; *outcome the JSON. */
static gboolean
apply_result (ArbTournament *t,
              const ArbTeamArbiter *arbiter,
              const ArbFloorSubmission *s,
              char **outcome,
              GError **error)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, error);
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  ArbResultEntry entry = { 0 };
  ArbResultEntryTarget target = { 0 };
  ArbTimeControl tc;
  ArbEdition edition = ARB_EDITION_LATEST;
  gboolean ok = FALSE;

  if (event == NULL)
    return FALSE;
  arb_edition_from_year (event->edition, &edition);
  if (event->time_control == NULL || !arb_time_control_parse (event->time_control, &tc, NULL, NULL))
    arb_time_control_parse ("-", &tc, NULL, NULL);
  if (!arb_result_entry_parse (s->text, &entry, error) ||
      !arb_result_entry_find (&entry, t, s->round, &target, error))
    goto out;
  if (!entry.has_result || target.board != s->board)
    {
      g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT,
                   /* Translators: a result sent from the floor; %d is the board it was sent for */
                   _ ("the entry gives no result for board %d"), s->board);
      goto out;
    }
  if (target.current != ARB_RESULT_ONGOING && target.current != target.result)
    {
      g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT,
                   /* Translators: board, the stored result; only the desk corrects it */
                   _ ("board %d already has the result %s; the desk corrects results"),
                   target.board, arb_result_to_string (target.current));
      goto out;
    }
  if (target.current != target.result &&
      ((game = arb_game_load (t, target.game_id, &tc, edition, error)) == NULL ||
       !arb_result_entry_store (game, target.result, arbiter->name, NULL, NULL, error)))
    goto out;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, arb_result_to_string (target.result));
  json_builder_set_member_name (b, "white");
  json_builder_add_string_value (b, target.white);
  json_builder_set_member_name (b, "black");
  json_builder_add_string_value (b, target.black);
  json_builder_end_object (b);
  *outcome = builder_text (b);
  ok = TRUE;

out:
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&entry);
  return ok;
}

static char *
proposed_outcome (const char *ruling)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "proposed");
  json_builder_add_string_value (b, ruling);
  json_builder_end_object (b);
  return builder_text (b);
}

gboolean
arb_floor_entry_submit (ArbTournament *t,
                        const ArbTeamArbiter *arbiter,
                        const ArbFloorSubmission *s,
                        ArbFloorRecord **stored,
                        gboolean *repeat,
                        GError **error)
{
  g_autoptr (ArbFloorRecord) first = NULL;
  g_autofree char *body = NULL;
  g_autofree char *outcome = NULL;
  ArbFloorRecord record = { 0 };
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (arbiter != NULL && s != NULL, FALSE);

  first = arb_tournament_get_floor_entry (t, s->client_id != NULL ? s->client_id : "", &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (first != NULL)
    {
      if (repeat != NULL)
        *repeat = TRUE;
      if (stored != NULL)
        *stored = g_steal_pointer (&first);
      return TRUE;
    }
  if (arbiter->role == ARB_TEAM_ROLE_FLOOR &&
      !arb_team_sectors_contain (arbiter->sectors, s->board))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: an arbiter's name, a board number */
                   _ ("board %2$d is not in %1$s's sectors"), arbiter->name, s->board);
      return FALSE;
    }
  switch (s->kind)
    {
    case ARB_FLOOR_RESULT:
      if (!apply_result (t, arbiter, s, &outcome, error))
        return FALSE;
      break;
    case ARB_FLOOR_INCIDENT:
      if (arb_floor_incident_ruling (s->incident) == NULL)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       /* Translators: %s is what was sent; keep the four names as they are */
                       _ ("“%s” is not an incident: illegal-move, claim, device or late-arrival"),
                       s->incident != NULL ? s->incident : "");
          return FALSE;
        }
      outcome = proposed_outcome (arb_floor_incident_ruling (s->incident));
      break;
    case ARB_FLOOR_CLOCK:
      if (s->white_ms < 0 || s->black_ms < 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       _ ("a clock reading gives the time shown for White and for Black"));
          return FALSE;
        }
      break;
    case ARB_FLOOR_CALL:
      break;
    }
  body = submission_body (s);
  record.client_id = (char *) s->client_id;
  record.arbiter = arbiter->name;
  record.kind = s->kind;
  record.round = s->round;
  record.board = s->board;
  record.body = body;
  record.outcome = outcome;
  return arb_tournament_add_floor_entry (t, &record, stored, repeat, error);
}
