/* arb-team-desk-routes.c: the routes a deputy's desk writes through
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-desk-entry.h"
#include "arb-i18n.h"
#include "arb-stored-json.h"
#include "arb-team-desk-routes.h"

static void
answer (SoupServerMessage *msg, guint status, JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = json_to_string (root, FALSE);

  soup_server_message_set_status (msg, status, NULL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection",
                                "close");
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, text, strlen (text));
}

/* {"error": @why, "field": @field or null} */
static void
refuse (SoupServerMessage *msg, guint status, const char *field, const char *why)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "error");
  json_builder_add_string_value (b, why);
  json_builder_set_member_name (b, "field");
  if (field != NULL)
    json_builder_add_string_value (b, field);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  answer (msg, status, b);
}

typedef struct
{
  SoupServerMessage *msg;
  JsonObject *o;
  gboolean failed;
} Body;

static void
body_refuse (Body *body, const char *field, const char *why)
{
  if (!body->failed)
    refuse (body->msg, 400, field, why);
  body->failed = TRUE;
}

/* A member that must be a string (@optional: may be missing). */
static const char *
body_string (Body *body, const char *name, gboolean optional, gsize max)
{
  JsonNode *n = json_object_get_member (body->o, name);
  const char *s;

  if (n == NULL && optional)
    return NULL;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING ||
      *(s = json_node_get_string (n)) == '\0' || strlen (s) > max)
    {
      g_autofree char *why =
        /* Translators: a member of what a deputy's desk sent, and its longest length */
        g_strdup_printf (_ ("“%s” must be a text of 1 to %u bytes"), name, (guint) max);

      body_refuse (body, name, why);
      return NULL;
    }
  return s;
}

/* A member that must be a whole number from @min. */
static gint64
body_int (Body *body, const char *name, gboolean optional, gint64 min, gint64 fallback)
{
  JsonNode *n = json_object_get_member (body->o, name);

  if (n == NULL && optional)
    return fallback;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64 ||
      json_node_get_int (n) < min || json_node_get_int (n) > G_MAXINT32)
    {
      g_autofree char *why =
        /* Translators: a member of what a deputy's desk sent, and its least value */
        g_strdup_printf (_ ("“%s” must be a whole number from %d"), name, (int) min);

      body_refuse (body, name, why);
      return fallback;
    }
  return json_node_get_int (n);
}

static gboolean
read_result (Body *body, ArbDeskSubmission *s)
{
  const char *text = body_string (body, "result", FALSE, 16);

  s->reason = body_string (body, "reason", TRUE, 1000);
  if (text != NULL && !arb_result_from_string (text, &s->result))
    body_refuse (body, "result",
                 /* Translators: keep the results as they are */
                 _ ("“result” must be a result: 1-0, 0-1, 1/2-1/2, +/-, -/+, -- or 0-0"));
  return !body->failed;
}

static void read_extras (Body *body, ArbDeskSubmission *s);

static gboolean
read_ruling (Body *body, ArbDeskSubmission *s, char **ruling_json)
{
  JsonNode *ruling = json_object_get_member (body->o, "ruling");
  gboolean has_white = json_object_has_member (body->o, "white_ms");
  gboolean has_black = json_object_has_member (body->o, "black_ms");

  s->ply = (int) body_int (body, "ply", FALSE, 0, 0);
  s->note = body_string (body, "note", TRUE, 2000);
  if (ruling == NULL || !JSON_NODE_HOLDS_OBJECT (ruling))
    body_refuse (body, "ruling", _ ("“ruling” must be the ruling as stored, an object"));
  else
    *ruling_json = json_to_string (ruling, FALSE);
  if (has_white != has_black)
    body_refuse (body, has_white ? "black_ms" : "white_ms",
                 _ ("the clock times judged are given for both sides or for neither"));
  s->set_clocks = has_white && has_black;
  s->white_ms = body_int (body, "white_ms", TRUE, 0, -1);
  s->black_ms = body_int (body, "black_ms", TRUE, 0, -1);
  s->ruling_json = *ruling_json;
  read_extras (body, s);
  return !body->failed;
}

/* A member that must be a JSON object (or missing). */
static JsonObject *
body_object (Body *body, const char *name)
{
  JsonNode *n = json_object_get_member (body->o, name);

  if (n == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      g_autofree char *why =
        /* Translators: a member of what a deputy's desk sent */
        g_strdup_printf (_ ("“%s” must be an object"), name);

      body_refuse (body, name, why);
      return NULL;
    }
  return json_node_get_object (n);
}

/* What the desk's ruling flows add to the plan (arb-desk-entry.h). */
static void
read_extras (Body *body, ArbDeskSubmission *s)
{
  JsonObject *irregularity = body_object (body, "irregularity");

  if (irregularity != NULL)
    {
      Body inner = { .msg = body->msg, .o = irregularity, .failed = body->failed };
      const char *side;

      s->irregularity_kind = body_string (&inner, "kind", FALSE, 64);
      s->irregularity_ply = (int) body_int (&inner, "ply", FALSE, 1, 1);
      side = body_string (&inner, "side", FALSE, 8);
      s->irregularity_move = body_string (&inner, "move", TRUE, 64);
      s->irregularity_fen = body_string (&inner, "fen", TRUE, 128);
      if (side != NULL && g_strcmp0 (side, "white") != 0 && g_strcmp0 (side, "black") != 0)
        body_refuse (&inner, "side", _ ("“side” must be white or black"));
      s->irregularity_side = g_strcmp0 (side, "black") == 0 ? ARB_BLACK : ARB_WHITE;
      body->failed = inner.failed;
    }
  s->play_uci = body_string (body, "play_uci", TRUE, 8);
  s->resume_place = body_string (body, "resume_place", TRUE, 200);
  s->open_envelope_id = body_int (body, "open_envelope", TRUE, 1, 0);
  {
    JsonNode *reveal = json_object_get_member (body->o, "reveal_sealed_move");

    /* Anything but true is false: json-glib would warn on another type. */
    s->reveal_sealed_move = reveal != NULL && JSON_NODE_HOLDS_VALUE (reveal) &&
                            json_node_get_value_type (reveal) == G_TYPE_BOOLEAN &&
                            json_node_get_boolean (reveal);
  }
}

static guint
error_status (const GError *error)
{
  if (error->domain != ARB_TOURNAMENT_ERROR)
    return 422;
  switch (error->code)
    {
    case ARB_TOURNAMENT_ERROR_CONFLICT:
      return 409;
    case ARB_TOURNAMENT_ERROR_NO_GAME:
      return 404;
    default:
      return 422;
    }
}

static void
answer_entry (SoupServerMessage *msg, const ArbDeskEntryRecord *r, gboolean repeat)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonParser) parser = json_parser_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, r->client_id);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, arb_desk_entry_kind_to_string (r->kind));
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, r->round);
  json_builder_set_member_name (b, "board");
  json_builder_add_int_value (b, r->board);
  json_builder_set_member_name (b, "status");
  json_builder_add_string_value (b, repeat ? "already-applied" : "applied");
  json_builder_set_member_name (b, "outcome");
  if (r->outcome != NULL && json_parser_load_from_data (parser, r->outcome, -1, NULL))
    json_builder_add_value (b, json_node_copy (json_parser_get_root (parser)));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "recorded");
  json_builder_add_string_value (b, r->recorded_at);
  json_builder_end_object (b);
  answer (msg, 200, b);
}

static void
post (ArbTournament *t, SoupServerMessage *msg, const ArbTeamArbiter *a, ArbDeskEntryKind kind)
{
  g_autoptr (GBytes) bytes = soup_message_body_flatten (soup_server_message_get_request_body (msg));
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskEntryRecord) stored = NULL;
  g_autofree char *ruling_json = NULL;
  ArbDeskSubmission s = { .white_ms = -1, .black_ms = -1 };
  Body body = { .msg = msg };
  gboolean repeat = FALSE;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  if (size > ARB_TEAM_DESK_MAX_BODY)
    {
      refuse (msg, 413, NULL, _ ("the entry is larger than 16 KiB"));
      return;
    }
  if (!arb_json_load_data (parser, data, size, &error) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_autofree char *why =
        /* Translators: %s says why the JSON cannot be read */
        g_strdup_printf (_ ("a JSON object is expected: %s"),
                         error != NULL ? error->message : _ ("not an object"));

      refuse (msg, 400, NULL, why);
      return;
    }
  body.o = json_node_get_object (json_parser_get_root (parser));
  s.client_id = body_string (&body, "id", FALSE, 64);
  s.round = (int) body_int (&body, "round", FALSE, 1, 0);
  s.board = (int) body_int (&body, "board", FALSE, 1, 0);
  if (body.failed || !(kind == ARB_DESK_ENTRY_RULING ? read_ruling (&body, &s, &ruling_json)
                                                     : read_result (&body, &s)))
    return;
  if (!arb_desk_entry_submit (t, a, kind, &s, &stored, &repeat, &error))
    {
      refuse (msg, error_status (error), NULL, error->message);
      return;
    }
  answer_entry (msg, stored, repeat);
}

gboolean
arb_team_desk_routes_handle (ArbTournament *t,
                             SoupServerMessage *msg,
                             const char *path,
                             const ArbTeamArbiter *a)
{
  ArbDeskEntryKind kind;

  if (strcmp (path, "/api/desk/result") == 0)
    kind = ARB_DESK_ENTRY_RESULT;
  else if (strcmp (path, "/api/desk/ruling") == 0)
    kind = ARB_DESK_ENTRY_RULING;
  else
    return FALSE;
  if (strcmp (soup_server_message_get_method (msg), "POST") != 0)
    refuse (msg, 405, NULL, _ ("a deputy's entry is sent with POST"));
  else if (a->role != ARB_TEAM_ROLE_DEPUTY && a->role != ARB_TEAM_ROLE_CHIEF)
    refuse (msg, 403, NULL,
            _ ("only a deputy or the chief writes results and rulings from a desk"));
  else
    post (t, msg, a, kind);
  return TRUE;
}
