/* arb-replica-wire.c: the frames of the replication stream
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-replica-wire.h"

#include <json-glib/json-glib.h>
#include <string.h>

static void
put64 (guint8 *out, gint64 value)
{
  guint64 v = (guint64) value;

  for (int i = 7; i >= 0; i--, v >>= 8)
    out[i] = (guint8) (v & 0xff);
}

static gint64
get64 (const guint8 *in)
{
  guint64 v = 0;

  for (int i = 0; i < 8; i++)
    v = (v << 8) | in[i];
  return (gint64) v;
}

GBytes *
arb_replica_wire_changeset (const ArbChangeset *c)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (c->changeset, &size);
  guint8 *frame = g_malloc (17 + size);

  frame[0] = 'C';
  put64 (frame + 1, c->seq);
  put64 (frame + 9, c->epoch);
  memcpy (frame + 17, data, size);
  return g_bytes_new_take (frame, 17 + size);
}

ArbChangeset *
arb_replica_wire_parse_changeset (GBytes *frame)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (frame, &size);
  g_autoptr (GBytes) body = NULL;
  gint64 seq, epoch;

  if (size < 18 || data[0] != 'C')
    return NULL;
  seq = get64 (data + 1);
  epoch = get64 (data + 9);
  if (seq < 1 || epoch < 1)
    return NULL;
  body = g_bytes_new_from_bytes (frame, 17, size - 17);
  return arb_changeset_new (seq, epoch, body);
}

static char *
object_text (JsonBuilder *builder)
{
  g_autoptr (JsonNode) root = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

char *
arb_replica_wire_hello (const char *token, gint64 seq, gint64 epoch)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, "hello");
  json_builder_set_member_name (b, "token");
  json_builder_add_string_value (b, token);
  json_builder_set_member_name (b, "seq");
  json_builder_add_int_value (b, seq);
  json_builder_set_member_name (b, "epoch");
  json_builder_add_int_value (b, epoch);
  return object_text (b);
}

char *
arb_replica_wire_ack (gint64 seq)
{
  return g_strdup_printf ("{\"type\":\"ack\",\"seq\":%" G_GINT64_FORMAT "}", seq);
}

char *
arb_replica_wire_snapshot_head (gint64 seq, gint64 epoch, gsize size)
{
  return g_strdup_printf ("{\"type\":\"snapshot\",\"seq\":%" G_GINT64_FORMAT
                          ",\"epoch\":%" G_GINT64_FORMAT ",\"size\":%" G_GSIZE_FORMAT "}",
                          seq, epoch, size);
}

/* The object of a text frame and its type, or NULL. */
static JsonObject *
parse_object (GBytes *text, JsonParser *parser, const char **type)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (text, &size);
  JsonNode *root;
  JsonObject *object;

  if (size == 0 || size > 64 * 1024 ||
      !json_parser_load_from_data (parser, data, (gssize) size, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  object = json_node_get_object (root);
  *type = json_object_get_string_member_with_default (object, "type", "");
  return object;
}

static gboolean
get_int (JsonObject *object, const char *name, gint64 *out)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return *out >= 0;
}

gboolean
arb_replica_wire_parse_text (GBytes *text, ArbReplicaHello *hello, gint64 *ack)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  const char *type = NULL;
  JsonObject *object = parse_object (text, parser, &type);

  if (object == NULL)
    return FALSE;
  if (strcmp (type, "ack") == 0)
    return get_int (object, "seq", ack);
  if (strcmp (type, "hello") == 0)
    {
      JsonNode *token = json_object_get_member (object, "token");

      if (token == NULL || json_node_get_value_type (token) != G_TYPE_STRING ||
          !get_int (object, "seq", &hello->seq) || !get_int (object, "epoch", &hello->epoch))
        return FALSE;
      hello->token = g_strdup (json_node_get_string (token));
      return TRUE;
    }
  return FALSE;
}

gboolean
arb_replica_wire_parse_snapshot_head (GBytes *text, gint64 *seq, gint64 *epoch, gsize *size)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  const char *type = NULL;
  JsonObject *object = parse_object (text, parser, &type);
  gint64 n = 0;

  if (object == NULL || strcmp (type, "snapshot") != 0 || !get_int (object, "seq", seq) ||
      !get_int (object, "epoch", epoch) || !get_int (object, "size", &n) || n < 100)
    return FALSE;
  *size = (gsize) n;
  return TRUE;
}
