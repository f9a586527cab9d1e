/* arb-team-server.c: the arbiters' service, beside the public feed
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-floor-entry.h"
#include "arb-floor-page.h"
#include "arb-i18n.h"
#include "arb-team-boards.h"
#include "arb-team-server.h"
#include "arb-tournament-team.h"

struct _ArbTeamServer
{
  GObject parent_instance;
  ArbTournament *tournament;
  SoupServer *soup;
  GHashTable *rates;       /* token hash → Rate */
  GHashTable *floor_pages; /* language → GBytes, the page rendered in it */
  ArbTeamBoards *boards;
  guint port;
};

typedef struct
{
  gint64 minute;
  guint count;
} Rate;

G_DEFINE_FINAL_TYPE (ArbTeamServer, arb_team_server, G_TYPE_OBJECT)

static void
arb_team_server_dispose (GObject *object)
{
  ArbTeamServer *self = ARB_TEAM_SERVER (object);

  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  g_clear_object (&self->tournament);
  g_clear_pointer (&self->rates, g_hash_table_unref);
  g_clear_pointer (&self->floor_pages, g_hash_table_unref);
  g_clear_pointer (&self->boards, arb_team_boards_free);
  G_OBJECT_CLASS (arb_team_server_parent_class)->dispose (object);
}

static void
arb_team_server_class_init (ArbTeamServerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_team_server_dispose;
}

static void
arb_team_server_init (ArbTeamServer *self)
{
  self->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->floor_pages =
    g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_bytes_unref);
}

/* The phone's language: the one chosen on the floor page, else its
 * Accept-Language (arb_floor_page_choose_language()). */
static const char *
phone_language (SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);

  return arb_floor_page_choose_language (soup_message_headers_get_one (h, "Cookie"),
                                         soup_message_headers_get_list (h, "Accept-Language"));
}

static void
answer_json (SoupServerMessage *msg, guint status, const char *json)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection",
                                "close");
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, json, strlen (json));
}

static void
answer_error (SoupServerMessage *msg, guint status, const char *why)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "error");
  json_builder_add_string_value (b, why);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  answer_json (msg, status, text);
}

/* Before the body is read: a body too large, or of no stated length, is
 * refused without reading it. */
static void
got_headers (SoupServerMessage *msg, gpointer user_data)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);
  SoupEncoding enc = soup_message_headers_get_encoding (h);

  if (strcmp (soup_server_message_get_method (msg), "POST") != 0)
    return;
  if (enc != SOUP_ENCODING_CONTENT_LENGTH)
    answer_error (msg, 411, "length required");
  else if (soup_message_headers_get_content_length (h) > ARB_TEAM_SERVER_MAX_BODY)
    answer_error (msg, 413, "too large");
}

static void
request_started (SoupServer *server, SoupServerMessage *msg, gpointer user_data)
{
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers), user_data);
}

/* The arbiter the request's bearer token signs in, or NULL. */
static ArbTeamArbiter *
signed_in (ArbTeamServer *self, SoupServerMessage *msg)
{
  const char *auth =
    soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Authorization");

  if (auth == NULL || g_ascii_strncasecmp (auth, "Bearer ", 7) != 0)
    return NULL;
  return arb_tournament_find_arbiter_by_token (self->tournament, auth + 7, NULL);
}

static gboolean
rate_ok (ArbTeamServer *self, const ArbTeamArbiter *a)
{
  gint64 minute = g_get_monotonic_time () / G_USEC_PER_SEC / 60;
  Rate *r = g_hash_table_lookup (self->rates, a->name);

  if (r == NULL)
    {
      r = g_new0 (Rate, 1);
      g_hash_table_insert (self->rates, g_strdup (a->name), r);
    }
  if (r->minute != minute)
    {
      r->minute = minute;
      r->count = 0;
    }
  return ++r->count <= ARB_TEAM_SERVER_RATE_PER_MINUTE;
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

static char *
record_json (const ArbFloorRecord *r, gboolean repeat)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, r->client_id);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, arb_floor_kind_to_string (r->kind));
  json_builder_set_member_name (b, "board");
  json_builder_add_int_value (b, r->board);
  json_builder_set_member_name (b, "confirmed");
  json_builder_add_string_value (b, r->recorded_at);
  json_builder_set_member_name (b, "outcome");
  json_builder_add_string_value (b, r->outcome);
  json_builder_set_member_name (b, "repeat");
  json_builder_add_boolean_value (b, repeat);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

static void
post_entry (ArbTeamServer *self, SoupServerMessage *msg, const ArbTeamArbiter *a, ArbFloorKind kind)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (GBytes) bytes = soup_message_body_flatten (body);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFloorRecord) stored = NULL;
  g_autofree char *json = NULL;
  ArbFloorSubmission s = { .kind = kind, .white_ms = -1, .black_ms = -1 };
  gboolean repeat = FALSE;
  JsonObject *o;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  if (size > ARB_TEAM_SERVER_MAX_BODY || !json_parser_load_from_data (parser, data, size, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      answer_error (msg, 400, "a JSON object is expected");
      return;
    }
  o = json_node_get_object (json_parser_get_root (parser));
  s.client_id = member_string (o, "id");
  s.round = (int) CLAMP (member_int (o, "round", 0), 0, G_MAXINT);
  s.board = (int) CLAMP (member_int (o, "board", 0), 0, G_MAXINT);
  s.text = member_string (o, "text");
  s.incident = member_string (o, "incident");
  s.white_ms = member_int (o, "white_ms", -1);
  s.black_ms = member_int (o, "black_ms", -1);
  if (s.client_id == NULL ||
      !arb_floor_entry_submit (self->tournament, a, &s, &stored, &repeat, &error))
    {
      answer_error (msg, 422, error != NULL ? error->message : "an entry needs its id");
      return;
    }
  json = record_json (stored, repeat);
  answer_json (msg, 200, json);
}

static void
get_entries (ArbTeamServer *self, SoupServerMessage *msg, const ArbTeamArbiter *a)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = arb_tournament_list_floor_entries (self->tournament, FALSE, &error);
  GString *out = g_string_new ("{\"entries\":[");
  gboolean first = TRUE;

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      const ArbFloorRecord *r = all->pdata[i];
      g_autofree char *one = NULL;

      if (g_strcmp0 (r->arbiter, a->name) != 0)
        continue;
      one = record_json (r, FALSE);
      g_string_append_printf (out, "%s%s", first ? "" : ",", one);
      first = FALSE;
    }
  g_string_append (out, "]}");
  answer_json (msg, all != NULL ? 200 : 500, out->str);
  g_string_free (out, TRUE);
}

/* The floor page holds no data, so it is served to anyone: the token
 * stays in the address's fragment, which no browser sends. */
static void
get_floor (ArbTeamServer *self, SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_response_headers (msg);
  const char *language = phone_language (msg);
  GBytes *page = g_hash_table_lookup (self->floor_pages, language);

  if (page == NULL)
    {
      page = arb_floor_page_new (language);
      g_hash_table_insert (self->floor_pages, (gpointer) language, page);
    }
  soup_server_message_set_status (msg, 200, NULL);
  soup_message_headers_replace (h, "Connection", "close");
  soup_message_headers_replace (h, "Cache-Control", "no-store");
  soup_message_headers_replace (h, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (h, "Content-Language", language);
  soup_message_headers_replace (h, "Vary", "Accept-Language, Cookie");
  soup_server_message_set_response (msg, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                    g_bytes_get_data (page, NULL), g_bytes_get_size (page));
}

static void
get_boards (ArbTeamServer *self, SoupServerMessage *msg, const ArbTeamArbiter *a)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;

  /* The texts (a desk call's) in the phone's language. */
  if (!arb_i18n_push_language (phone_language (msg), NULL))
    arb_i18n_push_language ("en", NULL);
  json = arb_team_boards_get_json (self->boards, a, &error);
  arb_i18n_pop_language ();
  if (json == NULL)
    answer_error (msg, 500, error->message);
  else
    answer_json (msg, 200, json);
}

static void
handle (SoupServer *server,
        SoupServerMessage *msg,
        const char *path,
        GHashTable *query,
        gpointer user_data)
{
  ArbTeamServer *self = user_data;
  g_autoptr (ArbTeamArbiter) a = NULL;
  const char *method = soup_server_message_get_method (msg);
  gboolean post = strcmp (method, "POST") == 0;
  static const struct
  {
    const char *path;
    ArbFloorKind kind;
  } posts[] = { { "/api/result", ARB_FLOOR_RESULT },
                { "/api/call", ARB_FLOOR_CALL },
                { "/api/incident", ARB_FLOOR_INCIDENT },
                { "/api/clock", ARB_FLOOR_CLOCK } };

  if (soup_server_message_get_status (msg) >= 400)
    return; /* refused on its headers */
  if (strcmp (method, "GET") == 0 && strcmp (path, "/floor") == 0)
    {
      get_floor (self, msg);
      return;
    }
  a = signed_in (self, msg);
  if (a == NULL)
    {
      answer_error (msg, 401, "sign in");
      return;
    }
  if (!rate_ok (self, a))
    {
      answer_error (msg, 429, "too many requests");
      return;
    }
  for (gsize i = 0; post && i < G_N_ELEMENTS (posts); i++)
    if (strcmp (path, posts[i].path) == 0)
      {
        post_entry (self, msg, a, posts[i].kind);
        return;
      }
  if (!post && strcmp (method, "GET") == 0 && strcmp (path, "/api/entries") == 0)
    get_entries (self, msg, a);
  else if (!post && strcmp (method, "GET") == 0 && strcmp (path, "/api/boards") == 0)
    get_boards (self, msg, a);
  else
    answer_error (msg, 404, "not found");
}

ArbTeamServer *
arb_team_server_new (ArbTournament *tournament)
{
  ArbTeamServer *self = g_object_new (ARB_TYPE_TEAM_SERVER, NULL);

  self->tournament = g_object_ref (tournament);
  self->boards = arb_team_boards_new (tournament);
  self->soup = soup_server_new ("server-header", "Arbiter", NULL);
  g_signal_connect (self->soup, "request-started", G_CALLBACK (request_started), self);
  soup_server_add_handler (self->soup, NULL, handle, self, NULL);
  return self;
}

gboolean
arb_team_server_listen_local (ArbTeamServer *self, guint port, GError **error)
{
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, (guint16) port);
  GSList *uris;

  g_return_val_if_fail (ARB_IS_TEAM_SERVER (self), FALSE);

  if (!soup_server_listen (self->soup, address, 0, error))
    return FALSE;
  uris = soup_server_get_uris (self->soup);
  self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : 0;
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return TRUE;
}

guint
arb_team_server_get_port (ArbTeamServer *self)
{
  return self->port;
}
