/* arb-livechess-message.c: DGT LiveChess's WebSocket messages
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-livechess-message.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-pgn-reader.h"
#include "arb-stored-json.h"

/* No message of LiveChess comes near this. */
#define MESSAGE_MAX (4 * 1024 * 1024)

/* clang-format off */
G_DEFINE_QUARK (arb-livechess-error-quark, arb_livechess_error)
/* clang-format on */

static void
board_clear (gpointer data)
{
  ArbLivechessBoard *board = data;

  g_free (board->serial);
  g_free (board->state);
  g_free (board->placement);
}

void
arb_livechess_message_free (ArbLivechessMessage *message)
{
  if (message == NULL)
    return;
  g_clear_pointer (&message->boards, g_array_unref);
  g_clear_pointer (&message->san, g_ptr_array_unref);
  g_free (message->error);
  g_free (message);
}

static gboolean
schema_error (GError **error, const char *what)
{
  /* Translators: %s says what is wrong with the message DGT LiveChess sent */
  g_set_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SCHEMA, _ ("LiveChess message: %s"),
               what);
  return FALSE;
}

/* A member as text, or NULL when absent or null; an error when it is there
 * but not a string of at most @max bytes. */
static gboolean
get_text (JsonObject *object, const char *name, gsize max, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *text;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *what = g_strdup_printf ("\"%s\" is not text", name);
      return schema_error (error, what);
    }
  text = json_node_get_string (node);
  if (strlen (text) > max)
    {
      g_autofree char *what = g_strdup_printf ("\"%s\" is longer than %u bytes", name, (guint) max);
      return schema_error (error, what);
    }
  *out = g_strdup (text);
  return TRUE;
}

/* A clock time: seconds as a number, or "H:MM:SS" text. */
static gboolean
get_time (JsonObject *object, const char *name, gint64 *ms)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      {
        gint64 s = json_node_get_int (node);

        if (s < 0 || s > 100 * 3600)
          return FALSE;
        *ms = s * 1000;
        return TRUE;
      }
    case G_TYPE_DOUBLE:
      {
        double s = json_node_get_double (node);

        if (!isfinite (s) || s < 0 || s > 100 * 3600)
          return FALSE;
        *ms = (gint64) llround (s * 1000.0);
        return TRUE;
      }
    case G_TYPE_STRING:
      {
        const char *text = json_node_get_string (node);

        return arb_pgn_parse_clock (text, strlen (text), ms) && *ms >= 0;
      }
    default:
      return FALSE;
    }
}

static gboolean
read_board (JsonNode *node, ArbLivechessBoard *board, GError **error)
{
  JsonObject *object;
  JsonNode *clock;
  JsonNode *flipped;

  board->running = ARB_COLOR_NONE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return schema_error (error, "an e-board is not an object");
  object = json_node_get_object (node);
  if (!get_text (object, "serialnr", ARB_LIVECHESS_SERIAL_MAX, &board->serial, error) ||
      !get_text (object, "state", 32, &board->state, error) ||
      !get_text (object, "board", ARB_LIVECHESS_PLACEMENT_MAX, &board->placement, error))
    return FALSE;
  flipped = json_object_get_member (object, "flipped");
  if (flipped != NULL && JSON_NODE_HOLDS_VALUE (flipped) &&
      json_node_get_value_type (flipped) == G_TYPE_BOOLEAN)
    board->flipped = json_node_get_boolean (flipped);

  clock = json_object_get_member (object, "clock");
  if (clock != NULL && JSON_NODE_HOLDS_OBJECT (clock))
    {
      JsonObject *c = json_node_get_object (clock);
      JsonNode *run = json_object_get_member (c, "run");

      board->has_clock =
        get_time (c, "white", &board->white_ms) && get_time (c, "black", &board->black_ms);
      if (run != NULL && JSON_NODE_HOLDS_VALUE (run) &&
          json_node_get_value_type (run) == G_TYPE_STRING)
        {
          const char *side = json_node_get_string (run);

          if (g_ascii_strcasecmp (side, "white") == 0)
            board->running = ARB_WHITE;
          else if (g_ascii_strcasecmp (side, "black") == 0)
            board->running = ARB_BLACK;
        }
    }
  return TRUE;
}

static gboolean
read_san (JsonNode *node, GPtrArray **out, GError **error)
{
  JsonArray *array;
  guint n;
  g_autoptr (GPtrArray) san = g_ptr_array_new_with_free_func (g_free);

  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return schema_error (error, "\"san\" is not a list");
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > ARB_LIVECHESS_MAX_MOVES)
    return schema_error (error, "\"san\" has more moves than a game has");
  for (guint i = 0; i < n; i++)
    {
      JsonNode *move = json_array_get_element (array, i);
      const char *text;

      if (!JSON_NODE_HOLDS_VALUE (move) || json_node_get_value_type (move) != G_TYPE_STRING)
        return schema_error (error, "a move of \"san\" is not text");
      text = json_node_get_string (move);
      if (strlen (text) > 32)
        return schema_error (error, "a move of \"san\" is longer than 32 bytes");
      g_ptr_array_add (san, g_strstrip (g_strdup (text)));
    }
  *out = g_steal_pointer (&san);
  return TRUE;
}

ArbLivechessMessage *
arb_livechess_message_parse (const char *text, gsize len, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (ArbLivechessMessage) message = g_new0 (ArbLivechessMessage, 1);
  g_autofree char *copy = NULL;
  g_autoptr (GError) json_error = NULL;
  g_autofree char *response = NULL;
  JsonObject *object;
  JsonNode *root;
  JsonNode *id;
  JsonNode *param;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  message->id = -1;
  message->boards = g_array_new (FALSE, TRUE, sizeof (ArbLivechessBoard));
  g_array_set_clear_func (message->boards, board_clear);

  if (len > MESSAGE_MAX)
    {
      g_set_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SYNTAX,
                   _ ("LiveChess message: longer than %u bytes"), MESSAGE_MAX);
      return NULL;
    }
  copy = g_strndup (text, len);
  if (strlen (copy) != len)
    {
      g_set_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SYNTAX,
                   _ ("LiveChess message: contains a NUL byte"));
      return NULL;
    }
  if (!arb_stored_json_load (parser, copy, &json_error))
    {
      g_set_error (error, ARB_LIVECHESS_ERROR, ARB_LIVECHESS_ERROR_SYNTAX,
                   /* Translators: %s says what is wrong with the message DGT LiveChess sent */
                   _ ("LiveChess message: %s"), json_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      schema_error (error, "not an object");
      return NULL;
    }
  object = json_node_get_object (root);

  id = json_object_get_member (object, "id");
  if (id != NULL && JSON_NODE_HOLDS_VALUE (id))
    {
      if (json_node_get_value_type (id) == G_TYPE_INT64)
        message->id = json_node_get_int (id);
      else if (json_node_get_value_type (id) == G_TYPE_STRING)
        {
          guint64 n;

          /* lila compares ids as text ("1"): LiveChess may send either. */
          if (g_ascii_string_to_unsigned (json_node_get_string (id), 10, 0, G_MAXINT64, &n, NULL))
            message->id = (gint64) n;
        }
    }
  if (!get_text (object, "response", 32, &response, error))
    return NULL;
  param = json_object_get_member (object, "param");

  if (json_object_has_member (object, "error"))
    {
      JsonNode *e = json_object_get_member (object, "error");

      message->kind = ARB_LIVECHESS_MESSAGE_ERROR;
      if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
        message->error = g_utf8_make_valid (json_node_get_string (e), -1);
      else
        message->error = g_strdup ("error");
      return g_steal_pointer (&message);
    }

  if (g_strcmp0 (response, "call") == 0 && param != NULL && JSON_NODE_HOLDS_ARRAY (param))
    {
      JsonArray *boards = json_node_get_array (param);

      message->kind = ARB_LIVECHESS_MESSAGE_EBOARDS;
      for (guint i = 0; i < json_array_get_length (boards) && i < 4096; i++)
        {
          ArbLivechessBoard board = { 0 };

          if (!read_board (json_array_get_element (boards, i), &board, error))
            {
              board_clear (&board);
              return NULL;
            }
          if (board.serial == NULL)
            {
              board_clear (&board);
              schema_error (error, "an e-board without \"serialnr\"");
              return NULL;
            }
          g_array_append_val (message->boards, board);
        }
      return g_steal_pointer (&message);
    }

  if (g_strcmp0 (response, "feed") == 0)
    {
      ArbLivechessBoard board = { 0 };
      JsonNode *san;

      if (param == NULL || !JSON_NODE_HOLDS_OBJECT (param))
        {
          schema_error (error, "a feed without \"param\"");
          return NULL;
        }
      message->kind = ARB_LIVECHESS_MESSAGE_FEED;
      if (!read_board (param, &board, error))
        {
          board_clear (&board);
          return NULL;
        }
      g_array_append_val (message->boards, board);
      san = json_object_get_member (json_node_get_object (param), "san");
      if (san != NULL && !read_san (san, &message->san, error))
        return NULL;
      return g_steal_pointer (&message);
    }

  message->kind = ARB_LIVECHESS_MESSAGE_OTHER;
  return g_steal_pointer (&message);
}

static char *
generate (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

char *
arb_livechess_call_eboards (gint64 id)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "call");
  json_builder_add_string_value (b, "eboards");
  json_builder_end_object (b);
  return generate (b);
}

char *
arb_livechess_call_subscribe (gint64 id, const char *serial)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (serial != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "call");
  json_builder_add_string_value (b, "subscribe");
  json_builder_set_member_name (b, "param");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "feed");
  json_builder_add_string_value (b, "eboardevent");
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "param");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "serialnr");
  json_builder_add_string_value (b, serial);
  json_builder_end_object (b);
  json_builder_end_object (b);
  json_builder_end_object (b);
  return generate (b);
}
