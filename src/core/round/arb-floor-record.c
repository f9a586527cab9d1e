/* arb-floor-record.c: what a stored floor entry says, for the desk to show
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-floor-record.h"
#include "arb-stored-json.h"

static JsonObject *
load_object (JsonParser *parser, const char *json)
{
  JsonNode *root;

  if (json == NULL || json[0] == '\0' || !arb_json_load_data (parser, json, strlen (json), NULL))
    return NULL;
  root = json_parser_get_root (parser);
  return root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
}

static char *
dup_member (JsonObject *o, const char *name)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, name) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
           ? g_strdup (json_node_get_string (n))
           : NULL;
}

static gint64
int_member (JsonObject *o, const char *name)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, name) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
           ? json_node_get_int (n)
           : -1;
}

void
arb_floor_content_read (const ArbFloorRecord *record, ArbFloorContent *content)
{
  g_autoptr (JsonParser) body_parser = json_parser_new ();
  g_autoptr (JsonParser) outcome_parser = json_parser_new ();
  JsonObject *body;
  JsonObject *outcome;

  g_return_if_fail (record != NULL && content != NULL);

  body = load_object (body_parser, record->body);
  outcome = load_object (outcome_parser, record->outcome);
  content->text = dup_member (body, "text");
  if (content->text != NULL && g_strstrip (content->text)[0] == '\0')
    g_clear_pointer (&content->text, g_free);
  content->incident = dup_member (body, "incident");
  content->proposed = dup_member (outcome, "proposed");
  content->white_ms = int_member (body, "white_ms");
  content->black_ms = int_member (body, "black_ms");
}

void
arb_floor_content_clear (ArbFloorContent *content)
{
  g_clear_pointer (&content->text, g_free);
  g_clear_pointer (&content->incident, g_free);
  g_clear_pointer (&content->proposed, g_free);
}

const ArbFloorRecord *
arb_floor_records_find (GPtrArray *entries, gint64 id)
{
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    if (((ArbFloorRecord *) entries->pdata[i])->id == id)
      return entries->pdata[i];
  return NULL;
}

const ArbFloorRecord *
arb_floor_records_last_clock (GPtrArray *entries, int round, int board)
{
  /* The entries are oldest first: the last one found is the newest. */
  for (guint i = entries != NULL ? entries->len : 0; i > 0; i--)
    {
      const ArbFloorRecord *r = entries->pdata[i - 1];

      if (r->kind == ARB_FLOOR_CLOCK && r->round == round && r->board == board)
        return r;
    }
  return NULL;
}
