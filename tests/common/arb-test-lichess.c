/* arb-test-lichess.c: a stand-in for lichess's broadcast push API
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-lichess.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <stdlib.h>
#include <string.h>

#include "arb-pgn-game.h"

typedef struct
{
  guint status;
  char *body;
  char *retry_after;
  int refuse_board;
} Answer;

struct _ArbTestLichess
{
  SoupServer *server;
  char *url;
  GPtrArray *requests; /* ArbTestLichessRequest * */
  GQueue script;       /* Answer * */
  gboolean hold;
  GPtrArray *held; /* SoupServerMessage * */
  guint n_created; /* rounds made */
};

static void
request_free (gpointer data)
{
  ArbTestLichessRequest *r = data;

  g_free (r->path);
  g_free (r->authorization);
  g_free (r->content_type);
  g_free (r->body);
  g_free (r);
}

static void
answer_free (gpointer data)
{
  Answer *a = data;

  g_free (a->body);
  g_free (a->retry_after);
  g_free (a);
}

/* The documented success: each game read, with its tags and its moves,
 * or the error for a refused one. */
static char *
success_body (GPtrArray *games, int refuse_board)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "games");
  json_builder_begin_array (b);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbPgnGame *game = g_ptr_array_index (games, i);
      const char *board = arb_pgn_game_get_tag (game, "Board");

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tags");
      json_builder_begin_object (b);
      for (guint k = 0; k < game->tags->len; k++)
        {
          const ArbPgnTag *tag = g_ptr_array_index (game->tags, k);

          json_builder_set_member_name (b, tag->name);
          json_builder_add_string_value (b, tag->value);
        }
      json_builder_end_object (b);
      if (board != NULL && atoi (board) == refuse_board)
        {
          json_builder_set_member_name (b, "error");
          json_builder_add_string_value (b, "Illegal move 12. Qxh7 in the game");
        }
      else
        {
          json_builder_set_member_name (b, "moves");
          json_builder_add_int_value (b, (gint64) arb_pgn_game_get_n_plies (game));
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static gboolean is_round_create (const char *path);
static char *created_body (ArbTestLichess *self, const char *form);

static void
answer (ArbTestLichess *self, SoupServerMessage *msg)
{
  ArbTestLichessRequest *r = g_object_get_data (G_OBJECT (msg), "request");
  Answer *scripted = g_queue_pop_head (&self->script);
  g_autoptr (GPtrArray) games =
    arb_pgn_game_parse_all (r->body, strlen (r->body), ARB_PGN_READER_DEFAULT);
  g_autofree char *body = NULL;
  guint status = scripted != NULL ? scripted->status : 200;

  if (scripted != NULL && scripted->body != NULL)
    body = g_strdup (scripted->body);
  else if (status == 200 && is_round_create (r->path))
    body = created_body (self, r->body);
  else if (status == 200)
    body = success_body (games, scripted != NULL ? scripted->refuse_board : 0);
  else
    body = g_strdup_printf ("{\"error\":\"status %u\"}", status);
  soup_server_message_set_status (msg, status, NULL);
  if (scripted != NULL && scripted->retry_after != NULL)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After",
                                  scripted->retry_after);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, body, strlen (body));
  if (scripted != NULL)
    answer_free (scripted);
}

/* POST /broadcast/{broadcastTournamentId}/new: a round created. */
static gboolean
is_round_create (const char *path)
{
  return g_str_has_prefix (path, "/broadcast/") && g_str_has_suffix (path, "/new") &&
         strlen (path) > strlen ("/broadcast//new");
}

/* The documented answer to a round created: the round, its tour and its
 * study; the id is "round" and the round's number among those made. */
static char *
created_body (ArbTestLichess *self, const char *form)
{
  g_autoptr (GHashTable) fields = soup_form_decode (form);
  const char *name = g_hash_table_lookup (fields, "name");
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *id = g_strdup_printf ("round%03u", ++self->n_created);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "round");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, name != NULL ? name : "");
  json_builder_set_member_name (b, "slug");
  json_builder_add_string_value (b, "round");
  json_builder_end_object (b);
  json_builder_set_member_name (b, "tour");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, "tour0001");
  json_builder_end_object (b);
  json_builder_set_member_name (b, "study");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "writeable");
  json_builder_add_boolean_value (b, TRUE);
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
handler_cb (SoupServer *server,
            SoupServerMessage *msg,
            const char *path,
            GHashTable *query,
            gpointer data)
{
  ArbTestLichess *self = data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (GBytes) bytes = soup_message_body_flatten (body);
  ArbTestLichessRequest *r = g_new0 (ArbTestLichessRequest, 1);
  g_autoptr (GPtrArray) games = NULL;

  r->path = g_strdup (path);
  r->authorization = g_strdup (soup_message_headers_get_one (headers, "Authorization"));
  r->content_type = g_strdup (soup_message_headers_get_one (headers, "Content-Type"));
  r->body = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  games = arb_pgn_game_parse_all (r->body, strlen (r->body), ARB_PGN_READER_DEFAULT);
  r->n_games = games->len;
  g_ptr_array_add (self->requests, r);
  g_object_set_data (G_OBJECT (msg), "request", r);

  if (g_strcmp0 (soup_server_message_get_method (msg), "POST") != 0 ||
      !((g_str_has_prefix (path, "/api/broadcast/round/") && g_str_has_suffix (path, "/push")) ||
        is_round_create (path)))
    {
      soup_server_message_set_status (msg, 404, NULL);
      return;
    }
  if (self->hold)
    {
      soup_server_message_pause (msg);
      g_ptr_array_add (self->held, g_object_ref (msg));
      return;
    }
  answer (self, msg);
}

ArbTestLichess *
arb_test_lichess_new (void)
{
  ArbTestLichess *self = g_new0 (ArbTestLichess, 1);
  g_autoptr (GError) error = NULL;
  GSList *uris;

  self->requests = g_ptr_array_new_with_free_func (request_free);
  self->held = g_ptr_array_new_with_free_func (g_object_unref);
  g_queue_init (&self->script);
  self->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (self->server, NULL, handler_cb, self, NULL);
  g_assert_true (soup_server_listen_local (self->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (self->server);
  g_assert_nonnull (uris);
  self->url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return self;
}

void
arb_test_lichess_free (ArbTestLichess *self)
{
  if (self == NULL)
    return;
  arb_test_lichess_hold (self, FALSE);
  soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  g_queue_clear_full (&self->script, answer_free);
  g_ptr_array_unref (self->held);
  g_ptr_array_unref (self->requests);
  g_free (self->url);
  g_free (self);
}

const char *
arb_test_lichess_get_url (ArbTestLichess *self)
{
  return self->url;
}

void
arb_test_lichess_script (ArbTestLichess *self,
                         guint status,
                         const char *body,
                         const char *retry_after,
                         int refuse_board)
{
  Answer *a = g_new0 (Answer, 1);

  a->status = status;
  a->body = g_strdup (body);
  a->retry_after = g_strdup (retry_after);
  a->refuse_board = refuse_board;
  g_queue_push_tail (&self->script, a);
}

void
arb_test_lichess_hold (ArbTestLichess *self, gboolean hold)
{
  self->hold = hold;
  if (hold)
    return;
  for (guint i = 0; i < self->held->len; i++)
    {
      SoupServerMessage *msg = g_ptr_array_index (self->held, i);

      answer (self, msg);
      soup_server_message_unpause (msg);
    }
  g_ptr_array_set_size (self->held, 0);
}

guint
arb_test_lichess_get_n_requests (ArbTestLichess *self)
{
  return self->requests->len;
}

const ArbTestLichessRequest *
arb_test_lichess_get_request (ArbTestLichess *self, guint index)
{
  g_assert_cmpuint (index, <, self->requests->len);
  return g_ptr_array_index (self->requests, index);
}

void
arb_test_lichess_wait_requests (ArbTestLichess *self, guint n)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (self->requests->len < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}
