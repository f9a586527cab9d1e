/* arb-team-routes.c: what the arbiters' service decides of a request
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-stored-json.h"
#include "arb-team-routes.h"
#include "arb-team-server.h"

static const struct
{
  const char *method;
  const char *path;
  ArbTeamRoute route;
} routes[] = {
  { "GET", "/floor", ARB_TEAM_ROUTE_FLOOR },
  { "POST", "/api/result", ARB_TEAM_ROUTE_RESULT },
  { "POST", "/api/call", ARB_TEAM_ROUTE_CALL },
  { "POST", "/api/incident", ARB_TEAM_ROUTE_INCIDENT },
  { "POST", "/api/clock", ARB_TEAM_ROUTE_CLOCK },
  { "GET", "/api/entries", ARB_TEAM_ROUTE_ENTRIES },
  { "GET", "/api/boards", ARB_TEAM_ROUTE_BOARDS },
};

ArbTeamRoute
arb_team_route_find (const char *method, const char *path)
{
  for (gsize i = 0; method != NULL && path != NULL && i < G_N_ELEMENTS (routes); i++)
    if (strcmp (method, routes[i].method) == 0 && strcmp (path, routes[i].path) == 0)
      return routes[i].route;
  return ARB_TEAM_ROUTE_NONE;
}

gboolean
arb_team_route_is_entry (ArbTeamRoute route, ArbFloorKind *kind)
{
  static const ArbFloorKind kinds[] = {
    [ARB_TEAM_ROUTE_RESULT] = ARB_FLOOR_RESULT,
    [ARB_TEAM_ROUTE_CALL] = ARB_FLOOR_CALL,
    [ARB_TEAM_ROUTE_INCIDENT] = ARB_FLOOR_INCIDENT,
    [ARB_TEAM_ROUTE_CLOCK] = ARB_FLOOR_CLOCK,
  };

  if (route < ARB_TEAM_ROUTE_RESULT || route > ARB_TEAM_ROUTE_CLOCK)
    return FALSE;
  if (kind != NULL)
    *kind = kinds[route];
  return TRUE;
}

guint
arb_team_route_check_head (const char *method, gint64 content_length)
{
  if (g_strcmp0 (method, "POST") != 0)
    return 0;
  if (content_length < 0)
    return 411;
  if (content_length > ARB_TEAM_SERVER_MAX_BODY)
    return 413;
  return 0;
}

const char *
arb_team_route_bearer (const char *authorization)
{
  if (authorization == NULL || g_ascii_strncasecmp (authorization, "Bearer ", 7) != 0 ||
      authorization[7] == '\0')
    return NULL;
  return authorization + 7;
}

struct _ArbTeamRates
{
  GHashTable *of; /* who → Rate */
};

typedef struct
{
  gint64 minute;
  guint count;
} Rate;

ArbTeamRates *
arb_team_rates_new (void)
{
  ArbTeamRates *rates = g_new0 (ArbTeamRates, 1);

  rates->of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return rates;
}

void
arb_team_rates_free (ArbTeamRates *rates)
{
  if (rates == NULL)
    return;
  g_hash_table_unref (rates->of);
  g_free (rates);
}

gboolean
arb_team_rates_take (ArbTeamRates *rates, const char *who, gint64 now_us)
{
  gint64 minute = now_us / G_USEC_PER_SEC / 60;
  Rate *r = g_hash_table_lookup (rates->of, who);

  if (r == NULL)
    {
      r = g_new0 (Rate, 1);
      r->minute = minute;
      g_hash_table_insert (rates->of, g_strdup (who), r);
    }
  if (r->minute != minute)
    {
      r->minute = minute;
      r->count = 0;
    }
  if (r->count >= ARB_TEAM_SERVER_RATE_PER_MINUTE)
    return FALSE;
  r->count++;
  return TRUE;
}

static const char *
member_string (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
           ? json_node_get_string (n)
           : NULL;
}

static gint64
member_int (JsonObject *o, const char *name, gint64 fallback)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
           ? json_node_get_int (n)
           : fallback;
}

JsonNode *
arb_team_route_read_entry (const char *data, gsize size, ArbFloorKind kind, ArbFloorSubmission *s)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o;
  JsonNode *root;

  *s = (ArbFloorSubmission){ .kind = kind, .white_ms = -1, .black_ms = -1 };
  if (size > ARB_TEAM_SERVER_MAX_BODY || !arb_json_load_data (parser, data, size, NULL) ||
      json_parser_get_root (parser) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  root = json_node_copy (json_parser_get_root (parser));
  o = json_node_get_object (root);
  s->client_id = member_string (o, "id");
  s->round = (int) CLAMP (member_int (o, "round", 0), 0, G_MAXINT);
  s->board = (int) CLAMP (member_int (o, "board", 0), 0, G_MAXINT);
  s->text = member_string (o, "text");
  s->incident = member_string (o, "incident");
  s->white_ms = member_int (o, "white_ms", -1);
  s->black_ms = member_int (o, "black_ms", -1);
  return root;
}
