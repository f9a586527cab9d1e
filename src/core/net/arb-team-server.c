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
#include "arb-team-connections.h"
#include "arb-team-desk-routes.h"
#include "arb-team-routes.h"
#include "arb-team-server.h"
#include "arb-tournament-replica.h"
#include "arb-tournament-team.h"

struct _ArbTeamServer
{
  GObject parent_instance;
  ArbTournament *tournament;
  SoupServer *soup;
  ArbTeamRates *rates; /* by arbiter */
  ArbTeamConnections *connections;
  GHashTable *floor_pages; /* language → GBytes, the page rendered in it */
  ArbTeamBoards *boards;
  guint port;
  ArbTeamWitnessFunc witness;
  gpointer witness_data;
  GDestroyNotify witness_destroy;
};

G_DEFINE_FINAL_TYPE (ArbTeamServer, arb_team_server, G_TYPE_OBJECT)

enum
{
  ENTRY_COMMITTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
arb_team_server_dispose (GObject *object)
{
  ArbTeamServer *self = ARB_TEAM_SERVER (object);

  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_pointer (&self->connections, arb_team_connections_free);
  g_clear_object (&self->soup);
  g_clear_object (&self->tournament);
  g_clear_pointer (&self->rates, arb_team_rates_free);
  g_clear_pointer (&self->floor_pages, g_hash_table_unref);
  g_clear_pointer (&self->boards, arb_team_boards_free);
  if (self->witness_destroy != NULL)
    self->witness_destroy (self->witness_data);
  self->witness_destroy = NULL;
  self->witness = NULL;
  G_OBJECT_CLASS (arb_team_server_parent_class)->dispose (object);
}

static void
arb_team_server_class_init (ArbTeamServerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arb_team_server_dispose;
  signals[ENTRY_COMMITTED] = g_signal_new (
    "entry-committed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
    G_TYPE_NONE, 5, G_TYPE_INT, G_TYPE_INT64, G_TYPE_INT, G_TYPE_INT, G_TYPE_STRING);
}

static void
arb_team_server_init (ArbTeamServer *self)
{
  self->rates = arb_team_rates_new ();
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
  gint64 length = soup_message_headers_get_encoding (h) == SOUP_ENCODING_CONTENT_LENGTH
                    ? soup_message_headers_get_content_length (h)
                    : -1;
  guint status = arb_team_route_check_head (soup_server_message_get_method (msg), length);

  if (status != 0)
    answer_error (msg, status, status == 411 ? "length required" : "too large");
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
  const char *token = arb_team_route_bearer (
    soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Authorization"));

  if (token == NULL)
    return NULL;
  return arb_tournament_find_arbiter_by_token (self->tournament, token, NULL);
}

static const char *const held_names[] = { "desk-no-deputy", "desk-unconfirmed", "desk-and-deputy" };

/* @held: NULL, or the "held" member (a floor entry's answer). */
static char *
record_json (const ArbFloorRecord *r, gboolean repeat, const char *held)
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
  if (held != NULL)
    {
      json_builder_set_member_name (b, "held");
      json_builder_add_string_value (b, held);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

/* An entry's answer, held back until the witness says where it is. */
typedef struct
{
  SoupServerMessage *msg;
  ArbFloorRecord *stored;
  gboolean repeat;
  gboolean gone; /* the client left: nothing to answer */
} Witnessed;

static void
witnessed_gone (SoupServerMessage *msg, Witnessed *w)
{
  w->gone = TRUE;
}

static void
witnessed_done (ArbTeamHeld held, gpointer data)
{
  Witnessed *w = data;

  if (!w->gone)
    {
      g_autofree char *json =
        record_json (w->stored, w->repeat, held_names[CLAMP (held, 0, ARB_TEAM_HELD_DEPUTY)]);

      answer_json (w->msg, 200, json);
      soup_server_message_unpause (w->msg);
    }
  g_signal_handlers_disconnect_by_data (w->msg, w);
  g_object_unref (w->msg);
  arb_floor_record_free (w->stored);
  g_free (w);
}

/* The entry is committed: its change's sequence number is the head of
 * the file's log (a resend's is at or below it). */
static void
witness_entry (ArbTeamServer *self, SoupServerMessage *msg, ArbFloorRecord *stored, gboolean repeat)
{
  Witnessed *w = g_new0 (Witnessed, 1);

  w->msg = g_object_ref (msg);
  w->stored = stored;
  w->repeat = repeat;
  g_signal_connect (msg, "disconnected", G_CALLBACK (witnessed_gone), w);
  g_signal_connect (msg, "finished", G_CALLBACK (witnessed_gone), w);
  soup_server_message_pause (msg);
  self->witness (arb_tournament_get_head_seq (self->tournament), witnessed_done, w,
                 self->witness_data);
}

static void
post_entry (ArbTeamServer *self, SoupServerMessage *msg, const ArbTeamArbiter *a, ArbFloorKind kind)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (GBytes) bytes = soup_message_body_flatten (body);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFloorRecord) stored = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *json = NULL;
  ArbFloorSubmission s;
  gboolean repeat = FALSE;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  root = arb_team_route_read_entry (data, size, kind, &s);
  if (root == NULL)
    {
      answer_error (msg, 400, "a JSON object is expected");
      return;
    }
  if (s.client_id == NULL ||
      !arb_floor_entry_submit (self->tournament, a, &s, &stored, &repeat, &error))
    {
      answer_error (msg, 422, error != NULL ? error->message : "an entry needs its id");
      return;
    }
  /* A resend committed nothing new: only the first is told. */
  if (!repeat)
    g_signal_emit (self, signals[ENTRY_COMMITTED], 0, (int) stored->kind, stored->id, stored->round,
                   stored->board, stored->arbiter);
  if (self->witness == NULL)
    {
      json = record_json (stored, repeat, held_names[ARB_TEAM_HELD_NO_DEPUTY]);
      answer_json (msg, 200, json);
      return;
    }
  witness_entry (self, msg, g_steal_pointer (&stored), repeat);
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
      one = record_json (r, FALSE, NULL);
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
  ArbTeamRoute route = arb_team_route_find (soup_server_message_get_method (msg), path);
  ArbFloorKind kind;

  if (soup_server_message_get_status (msg) >= 400)
    return; /* refused on its headers */
  if (route == ARB_TEAM_ROUTE_FLOOR)
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
  if (!arb_team_rates_take (self->rates, a->name, g_get_monotonic_time ()))
    {
      answer_error (msg, 429, "too many requests");
      return;
    }
  if (arb_team_desk_routes_handle (self->tournament, msg, path, a))
    return; /* a deputy's desk writing through this one */
  if (arb_team_route_is_entry (route, &kind))
    post_entry (self, msg, a, kind);
  else if (route == ARB_TEAM_ROUTE_ENTRIES)
    get_entries (self, msg, a);
  else if (route == ARB_TEAM_ROUTE_BOARDS)
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
arb_team_server_address_allows_plain (const char *address)
{
  g_autoptr (GInetAddress) inet = address != NULL ? g_inet_address_new_from_string (address) : NULL;

  return inet != NULL && g_inet_address_get_is_loopback (inet);
}

gboolean
arb_team_server_listen (ArbTeamServer *self,
                        const char *address,
                        guint port,
                        GTlsCertificate *certificate,
                        GError **error)
{
  g_autoptr (GInetAddress) inet = NULL;

  g_return_val_if_fail (ARB_IS_TEAM_SERVER (self), FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate), FALSE);

  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: %s is what was given as the address to listen on */
                   _ ("%s is not an IP address to listen on"), address);
      return FALSE;
    }
  if (certificate == NULL && !g_inet_address_get_is_loopback (inet))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   /* Translators: %s is an IP address */
                   _ ("the arbiters' service is not served in plain HTTP on %s: only on a "
                      "loopback address (127.0.0.1); elsewhere it needs a certificate"),
                   address);
      return FALSE;
    }
  if (self->connections != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "%s", /* not user-visible */
                   "the team server listens already");
      return FALSE;
    }
  self->connections = arb_team_connections_new (self->soup, certificate);
  if (!arb_team_connections_listen (self->connections, inet, port, &self->port, error))
    {
      g_clear_pointer (&self->connections, arb_team_connections_free);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_team_server_listen_local (ArbTeamServer *self, guint port, GError **error)
{
  return arb_team_server_listen (self, "127.0.0.1", port, NULL, error);
}

guint
arb_team_server_get_port (ArbTeamServer *self)
{
  return self->port;
}

void
arb_team_server_set_witness (ArbTeamServer *self,
                             ArbTeamWitnessFunc witness,
                             gpointer user_data,
                             GDestroyNotify destroy)
{
  g_return_if_fail (ARB_IS_TEAM_SERVER (self));

  if (self->witness_destroy != NULL)
    self->witness_destroy (self->witness_data);
  self->witness = witness;
  self->witness_data = user_data;
  self->witness_destroy = destroy;
}
