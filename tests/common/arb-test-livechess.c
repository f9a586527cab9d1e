/* arb-test-livechess.c: a stand-in for DGT LiveChess's WebSocket API
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-livechess.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-san.h"

typedef struct
{
  char *serial;
  char *state;
  char *last_event; /* the "param" of its last event, as JSON text */
} Board;

typedef struct
{
  SoupWebsocketConnection *ws;
  GHashTable *subscriptions; /* serial → subscription id */
} Client;

struct _ArbTestLivechess
{
  SoupServer *server;
  char *uri;
  GPtrArray *boards;  /* Board * */
  GPtrArray *clients; /* Client * */
  ArbTestLivechessGreeting greeting;
  gsize huge_bytes;
  guint n_accepted;
  GPtrArray *turned_away; /* SoupWebsocketConnection *, closed at once */
};

static void
board_free (gpointer data)
{
  Board *b = data;

  g_free (b->serial);
  g_free (b->state);
  g_free (b->last_event);
  g_free (b);
}

static void
client_free (gpointer data)
{
  Client *c = data;

  g_signal_handlers_disconnect_matched (c->ws, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, c);
  if (soup_websocket_connection_get_state (c->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (c->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  g_object_unref (c->ws);
  g_hash_table_unref (c->subscriptions);
  g_free (c);
}

static Board *
find_board (ArbTestLivechess *self, const char *serial)
{
  for (guint i = 0; i < self->boards->len; i++)
    {
      Board *b = g_ptr_array_index (self->boards, i);

      if (g_strcmp0 (b->serial, serial) == 0)
        return b;
    }
  return NULL;
}

static char *
to_text (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* {"response":"feed","id":ID,"param":PARAM} */
static void
send_feed (Client *client, gint64 id, const char *param)
{
  g_autofree char *text =
    g_strdup_printf ("{\"response\":\"feed\",\"id\":%" G_GINT64_FORMAT ",\"param\":%s}", id, param);

  soup_websocket_connection_send_text (client->ws, text);
}

static void
answer_eboards (ArbTestLivechess *self, Client *client, gint64 id)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "response");
  json_builder_add_string_value (b, "call");
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "param");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->boards->len; i++)
    {
      Board *board = g_ptr_array_index (self->boards, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "serialnr");
      json_builder_add_string_value (b, board->serial);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, "standin");
      json_builder_set_member_name (b, "state");
      json_builder_add_string_value (b, board->state);
      json_builder_set_member_name (b, "battery");
      json_builder_add_string_value (b, "100%");
      json_builder_set_member_name (b, "comment");
      json_builder_add_null_value (b);
      json_builder_set_member_name (b, "flipped");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  text = to_text (b);
  soup_websocket_connection_send_text (client->ws, text);
}

static void
message_cb (SoupWebsocketConnection *ws, int type, GBytes *bytes, Client *client)
{
  ArbTestLivechess *self = g_object_get_data (G_OBJECT (ws), "arb-standin");
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *text = g_bytes_get_data (bytes, &length);
  JsonObject *call;
  const char *name;
  gint64 id;

  if (!json_parser_load_from_data (parser, text, (gssize) length, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return;
  call = json_node_get_object (json_parser_get_root (parser));
  name = json_object_get_string_member_with_default (call, "call", "");
  id = json_object_get_int_member_with_default (call, "id", 0);
  if (g_str_equal (name, "eboards"))
    answer_eboards (self, client, id);
  else if (g_str_equal (name, "subscribe"))
    {
      JsonObject *param = json_object_get_object_member (call, "param");
      JsonObject *inner = param != NULL ? json_object_get_object_member (param, "param") : NULL;
      const char *serial =
        inner != NULL ? json_object_get_string_member_with_default (inner, "serialnr", NULL) : NULL;
      Board *board = serial != NULL ? find_board (self, serial) : NULL;
      g_autofree char *ack =
        g_strdup_printf ("{\"response\":\"call\",\"id\":%" G_GINT64_FORMAT ",\"param\":null}", id);

      soup_websocket_connection_send_text (ws, ack);
      if (board == NULL)
        return;
      g_hash_table_replace (client->subscriptions, g_strdup (serial), g_memdup2 (&id, sizeof id));
      /* A subscriber hears the board as it stands at once. */
      if (board->last_event != NULL)
        send_feed (client, id, board->last_event);
    }
}

static void
closed_cb (SoupWebsocketConnection *ws, Client *client)
{
  ArbTestLivechess *self = g_object_get_data (G_OBJECT (ws), "arb-standin");

  g_ptr_array_remove (self->clients, client);
}

static void
websocket_cb (SoupServer *server,
              SoupServerMessage *msg,
              const char *path,
              SoupWebsocketConnection *ws,
              gpointer data)
{
  ArbTestLivechess *self = data;
  Client *client;

  self->n_accepted++;
  if (self->greeting == ARB_TEST_LIVECHESS_GREET_CLOSE)
    {
      g_ptr_array_add (self->turned_away, g_object_ref (ws));
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
      return;
    }
  if (self->greeting == ARB_TEST_LIVECHESS_GREET_HUGE)
    {
      g_autofree char *huge = g_malloc (self->huge_bytes + 1);

      memset (huge, ' ', self->huge_bytes);
      huge[self->huge_bytes] = '\0';
      soup_websocket_connection_send_text (ws, huge);
    }
  client = g_new0 (Client, 1);
  client->ws = g_object_ref (ws);
  client->subscriptions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_object_set_data (G_OBJECT (ws), "arb-standin", self);
  g_signal_connect (ws, "message", G_CALLBACK (message_cb), client);
  g_signal_connect (ws, "closed", G_CALLBACK (closed_cb), client);
  g_ptr_array_add (self->clients, client);
}

ArbTestLivechess *
arb_test_livechess_new (void)
{
  ArbTestLivechess *self = g_new0 (ArbTestLivechess, 1);
  g_autoptr (GError) error = NULL;
  GSList *uris;

  self->boards = g_ptr_array_new_with_free_func (board_free);
  self->clients = g_ptr_array_new_with_free_func (client_free);
  self->turned_away = g_ptr_array_new_with_free_func (g_object_unref);
  self->server = soup_server_new (NULL, NULL);
  soup_server_add_websocket_handler (self->server, "/api/v1.0", NULL, NULL, websocket_cb, self,
                                     NULL);
  g_assert_true (soup_server_listen_local (self->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (self->server);
  g_assert_nonnull (uris);
  self->uri = g_strdup_printf ("livechess://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return self;
}

void
arb_test_livechess_free (ArbTestLivechess *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->clients);
  g_ptr_array_unref (self->turned_away);
  soup_server_disconnect (self->server);
  g_object_unref (self->server);
  g_ptr_array_unref (self->boards);
  g_free (self->uri);
  g_free (self);
}

const char *
arb_test_livechess_get_uri (ArbTestLivechess *self)
{
  return self->uri;
}

void
arb_test_livechess_add_board (ArbTestLivechess *self, const char *serial, const char *state)
{
  Board *board = g_new0 (Board, 1);

  board->serial = g_strdup (serial);
  board->state = g_strdup (state != NULL ? state : "ACTIVE");
  g_ptr_array_add (self->boards, board);
}

/* The placement the moves lead to, with @lift's piece taken off. */
static char *
placement_after (const char *san, const char *lift)
{
  g_auto (GStrv) moves = g_strsplit (san, " ", -1);
  char fen[ARB_FEN_MAX];
  ArbPosition pos;

  arb_position_set_start (&pos);
  for (guint i = 0; moves[i] != NULL; i++)
    {
      ArbMove move;
      ArbUndo undo;

      if (moves[i][0] == '\0')
        continue;
      g_assert_cmpint (arb_san_resolve (&pos, moves[i], strlen (moves[i]), &move), ==, ARB_SAN_OK);
      arb_position_make_move (&pos, move, &undo);
    }
  if (lift != NULL)
    {
      ArbSquare sq = ARB_SQUARE (lift[0] - 'a', lift[1] - '1');

      /* Only the squares matter to a board: the bitboards are not read. */
      pos.board[sq] = ARB_NO_PIECE;
    }
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
  *strchr (fen, ' ') = '\0';
  return g_strdup (fen);
}

void
arb_test_livechess_event (ArbTestLivechess *self,
                          const char *serial,
                          const char *san,
                          const char *board,
                          gint64 white_ms,
                          gint64 black_ms)
{
  Board *b = find_board (self, serial);
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_auto (GStrv) moves = g_strsplit (san, " ", -1);
  g_autofree char *placement = NULL;

  g_assert_nonnull (b);
  if (board == NULL)
    placement = placement_after (san, NULL);
  else if (g_str_has_prefix (board, "lift:"))
    placement = placement_after (san, board + 5);
  else
    placement = g_strdup (board);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "serialnr");
  json_builder_add_string_value (builder, serial);
  json_builder_set_member_name (builder, "flipped");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, placement);
  json_builder_set_member_name (builder, "clock");
  if (white_ms >= 0 && black_ms >= 0)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "white");
      json_builder_add_double_value (builder, white_ms / 1000.0);
      json_builder_set_member_name (builder, "black");
      json_builder_add_double_value (builder, black_ms / 1000.0);
      json_builder_set_member_name (builder, "run");
      json_builder_add_string_value (builder, g_strv_length (moves) % 2 == 0 ? "white" : "black");
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "san");
  json_builder_begin_array (builder);
  for (guint i = 0; moves[i] != NULL; i++)
    if (moves[i][0] != '\0')
      json_builder_add_string_value (builder, moves[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  g_free (b->last_event);
  b->last_event = to_text (builder);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *client = g_ptr_array_index (self->clients, i);
      gint64 *id = g_hash_table_lookup (client->subscriptions, serial);

      if (id != NULL)
        send_feed (client, *id, b->last_event);
    }
}

void
arb_test_livechess_send_raw (ArbTestLivechess *self, const char *text)
{
  for (guint i = 0; i < self->clients->len; i++)
    soup_websocket_connection_send_text (((Client *) g_ptr_array_index (self->clients, i))->ws,
                                         text);
}

void
arb_test_livechess_disconnect (ArbTestLivechess *self)
{
  g_ptr_array_set_size (self->clients, 0);
}

guint
arb_test_livechess_get_n_connections (ArbTestLivechess *self)
{
  return self->clients->len;
}

void
arb_test_livechess_wait_subscribed (ArbTestLivechess *self, const char *serial, guint n)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  for (;;)
    {
      guint count = 0;

      for (guint i = 0; i < self->clients->len; i++)
        if (g_hash_table_contains (((Client *) g_ptr_array_index (self->clients, i))->subscriptions,
                                   serial))
          count++;
      if (count >= n)
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

void
arb_test_livechess_set_greeting (ArbTestLivechess *self,
                                 ArbTestLivechessGreeting greeting,
                                 gsize bytes)
{
  self->greeting = greeting;
  self->huge_bytes = bytes;
}

guint
arb_test_livechess_get_n_accepted (ArbTestLivechess *self)
{
  return self->n_accepted;
}
