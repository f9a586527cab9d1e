/* arb-lichess-answer.c: what lichess says to a broadcast push
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-lichess-answer.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-stored-json.h"
#include "arb-i18n.h"

GQuark
arb_lichess_answer_error_quark (void)
{
  return g_quark_from_static_string ("arb-lichess-answer-error-quark");
}

static void
game_answer_clear (gpointer data)
{
  ArbLichessGameAnswer *game = data;

  g_free (game->white);
  g_free (game->black);
  g_free (game->error);
}

void
arb_lichess_answer_free (ArbLichessAnswer *answer)
{
  if (answer == NULL)
    return;
  g_clear_pointer (&answer->games, g_array_unref);
  g_free (answer->error);
  g_free (answer);
}

/* A member that is a string, or NULL. */
static const char *
string_member (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Valid UTF-8 without control characters: an answer is shown to the
 * arbiter as it came. */
static char *
clean_text (const char *text)
{
  g_autofree char *valid = NULL;
  GString *out;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  out = g_string_sized_new (strlen (valid));
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static int
board_of (JsonObject *tags)
{
  const char *text = tags != NULL ? string_member (tags, "Board") : NULL;
  guint64 board = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, 9999, &board, NULL))
    return 0;
  return (int) board;
}

static void
read_game (JsonNode *node, ArbLichessGameAnswer *game)
{
  JsonObject *object;
  JsonObject *tags = NULL;
  JsonNode *moves;

  game->moves = -1;
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      game->error = g_strdup ("?");
      return;
    }
  object = json_node_get_object (node);
  if (json_object_has_member (object, "tags") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "tags")))
    tags = json_object_get_object_member (object, "tags");
  game->board = board_of (tags);
  game->white = tags != NULL ? clean_text (string_member (tags, "White")) : NULL;
  game->black = tags != NULL ? clean_text (string_member (tags, "Black")) : NULL;
  game->error = clean_text (string_member (object, "error"));

  moves = json_object_get_member (object, "moves");
  if (game->error == NULL && moves != NULL && JSON_NODE_HOLDS_VALUE (moves) &&
      json_node_get_value_type (moves) == G_TYPE_INT64)
    {
      gint64 n = json_node_get_int (moves);

      game->moves = (int) CLAMP (n, 0, G_MAXINT);
    }
  else if (game->error == NULL)
    /* Neither moves nor an error: the answer does not say. */
    game->error = g_strdup ("?");
}

ArbLichessAnswer *
arb_lichess_answer_parse (const char *data, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) json_error = NULL;
  g_autoptr (ArbLichessAnswer) answer = NULL;
  JsonNode *root;
  JsonObject *object;
  JsonNode *games;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > ARB_LICHESS_MAX_ANSWER_BYTES)
    {
      g_set_error (error, ARB_LICHESS_ANSWER_ERROR, ARB_LICHESS_ANSWER_ERROR_SHAPE,
                   /* Translators: the answer is lichess's answer to the push */
                   _ ("the answer is %lu bytes long, more than an answer can be"), (gulong) length);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  /* json-glib recurses once per level: 128 KiB of "[" overflow the stack
   * unless the depth is checked first. */
  if (!arb_json_load_data (parser, data, length, &json_error))
    {
      g_set_error (
        error, ARB_LICHESS_ANSWER_ERROR, ARB_LICHESS_ANSWER_ERROR_SYNTAX,
        /* Translators: the answer is lichess's answer; %s says where it stops being JSON */
        _ ("the answer is not JSON: %s"), json_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ARB_LICHESS_ANSWER_ERROR, ARB_LICHESS_ANSWER_ERROR_SHAPE,
                   /* Translators: the answer is lichess's answer to the push */
                   _ ("the answer is not a JSON object"));
      return NULL;
    }
  object = json_node_get_object (root);

  answer = g_new0 (ArbLichessAnswer, 1);
  answer->games = g_array_new (FALSE, TRUE, sizeof (ArbLichessGameAnswer));
  g_array_set_clear_func (answer->games, game_answer_clear);
  answer->error = clean_text (string_member (object, "error"));

  games = json_object_get_member (object, "games");
  if (games != NULL && JSON_NODE_HOLDS_ARRAY (games))
    {
      JsonArray *array = json_node_get_array (games);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          ArbLichessGameAnswer game = { 0 };

          read_game (json_array_get_element (array, i), &game);
          g_array_append_val (answer->games, game);
        }
    }
  else if (answer->error == NULL)
    {
      g_set_error (error, ARB_LICHESS_ANSWER_ERROR, ARB_LICHESS_ANSWER_ERROR_SHAPE,
                   /* Translators: the answer is lichess's answer to the push */
                   _ ("the answer has neither \"games\" nor \"error\""));
      return NULL;
    }
  return g_steal_pointer (&answer);
}
