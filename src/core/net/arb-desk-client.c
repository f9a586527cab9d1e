/* arb-desk-client.c: a deputy's desk writing results and rulings through the chief's
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-desk-client.h"
#include "arb-i18n.h"
#include "arb-net-read.h"
#include "arb-stored-json.h"

struct _ArbDeskClient
{
  GObject parent_instance;
  SoupSession *session;
  char *url; /* without a trailing slash */
  char *token;
};

G_DEFINE_FINAL_TYPE (ArbDeskClient, arb_desk_client, G_TYPE_OBJECT)

typedef struct
{
  char *path;
  GBytes *body;
  guint attempts;
  GSource *wait;
  GError *last;
  SoupMessage *msg; /* the attempt under way */
} Send;

static void
send_free (Send *send)
{
  g_free (send->path);
  g_bytes_unref (send->body);
  if (send->wait != NULL)
    {
      g_source_destroy (send->wait);
      g_source_unref (send->wait);
    }
  g_clear_error (&send->last);
  g_clear_object (&send->msg);
  g_free (send);
}

void
arb_desk_answer_free (ArbDeskAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->why);
  g_free (answer->field);
  g_free (answer->outcome);
  g_free (answer);
}

static void
arb_desk_client_finalize (GObject *object)
{
  ArbDeskClient *self = ARB_DESK_CLIENT (object);

  g_clear_object (&self->session);
  g_free (self->url);
  g_free (self->token);
  G_OBJECT_CLASS (arb_desk_client_parent_class)->finalize (object);
}

static void
arb_desk_client_class_init (ArbDeskClientClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_desk_client_finalize;
}

static void
arb_desk_client_init (ArbDeskClient *self)
{
}

ArbDeskClient *
arb_desk_client_new (const char *url, const char *token, GError **error)
{
  g_autoptr (GUri) uri = url != NULL ? g_uri_parse (url, G_URI_FLAGS_NONE, NULL) : NULL;
  ArbDeskClient *self;
  const char *scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;

  if (uri == NULL || g_uri_get_host (uri) == NULL ||
      (g_strcmp0 (scheme, "http") != 0 && g_strcmp0 (scheme, "https") != 0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: %s is the address given for the chief's desk */
                   _ ("--desk: “%s” is not the address of a desk (http://HOST:PORT)"),
                   url != NULL ? url : "");
      return NULL;
    }
  if (token == NULL || strspn (token, " \t") == strlen (token) || strpbrk (token, "\r\n") != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("--token: the deputy's sign-in is needed"));
      return NULL;
    }
  self = g_object_new (ARB_TYPE_DESK_CLIENT, NULL);
  self->session = soup_session_new_with_options ("user-agent", "Arbiter deputy", NULL);
  self->url = g_strdup (url);
  while (g_str_has_suffix (self->url, "/"))
    self->url[strlen (self->url) - 1] = '\0';
  self->token = g_strdup (token);
  return self;
}

char *
arb_desk_client_new_entry_id (void)
{
  return g_uuid_string_random ();
}

static GBytes *
request_body (ArbDeskEntryKind kind, const ArbDeskSubmission *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  char *text;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, s->client_id);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, s->round);
  json_builder_set_member_name (b, "board");
  json_builder_add_int_value (b, s->board);
  if (kind == ARB_DESK_ENTRY_RESULT)
    {
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, arb_result_to_string (s->result));
    }
  if (s->reason != NULL)
    {
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, s->reason);
    }
  if (kind == ARB_DESK_ENTRY_RULING)
    {
      json_builder_set_member_name (b, "ply");
      json_builder_add_int_value (b, s->ply);
      json_builder_set_member_name (b, "ruling");
      if (s->ruling_json != NULL &&
          arb_json_load_data (parser, s->ruling_json, strlen (s->ruling_json), NULL))
        json_builder_add_value (b, json_node_copy (json_parser_get_root (parser)));
      else
        json_builder_add_null_value (b);
      if (s->note != NULL)
        {
          json_builder_set_member_name (b, "note");
          json_builder_add_string_value (b, s->note);
        }
      if (s->set_clocks)
        {
          json_builder_set_member_name (b, "white_ms");
          json_builder_add_int_value (b, s->white_ms);
          json_builder_set_member_name (b, "black_ms");
          json_builder_add_int_value (b, s->black_ms);
        }
      arb_desk_submission_add_extras (b, s);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  return g_bytes_new_take (text, strlen (text));
}

static const char *
member_string (JsonObject *o, const char *name)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, name) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
           ? json_node_get_string (n)
           : NULL;
}

/* The answer of a definitive status (2xx, 4xx but 429). */
static ArbDeskAnswer *
read_answer (guint status, GBytes *bytes, guint attempts)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  ArbDeskAnswer *a = g_new0 (ArbDeskAnswer, 1);
  JsonObject *o = NULL;
  gsize size = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;

  a->status = status;
  a->attempts = attempts;
  if (data != NULL && arb_json_load_data (parser, data, size, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    o = json_node_get_object (json_parser_get_root (parser));
  if (status == 200 && o != NULL)
    {
      JsonNode *outcome = json_object_get_member (o, "outcome");

      a->kind = g_strcmp0 (member_string (o, "status"), "already-applied") == 0
                  ? ARB_DESK_ANSWER_ALREADY_APPLIED
                  : ARB_DESK_ANSWER_APPLIED;
      a->outcome = outcome != NULL ? json_to_string (outcome, FALSE) : NULL;
      return a;
    }
  a->kind = ARB_DESK_ANSWER_REFUSED;
  a->field = g_strdup (member_string (o, "field"));
  if (status == 401)
    a->why = g_strdup (_ ("the chief's desk does not know this sign-in, or it was revoked"));
  else if (status == 403)
    a->why = g_strdup (_ ("this sign-in is not a deputy's or the chief's"));
  else if (member_string (o, "error") != NULL)
    a->why = g_strdup (member_string (o, "error"));
  else
    /* Translators: an HTTP status the chief's desk answered with */
    a->why = g_strdup_printf (_ ("the chief's desk answered %u"), status);
  return a;
}

static void attempt (GTask *task);

static gboolean
wait_over (gpointer user_data)
{
  GTask *task = user_data;
  Send *send = g_task_get_task_data (task);

  g_clear_pointer (&send->wait, g_source_unref);
  attempt (task);
  return G_SOURCE_REMOVE;
}

/* Another attempt after a pause, or the last failure. */
static void
again_or_fail (GTask *task, GError *failure)
{
  Send *send = g_task_get_task_data (task);

  g_clear_error (&send->last);
  send->last = failure;
  if (send->attempts >= ARB_DESK_CLIENT_ATTEMPTS ||
      g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      ArbDeskClient *self = g_task_get_source_object (task);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               /* Translators: the desk's address, tries, why the last failed */
                               _ ("the desk at %s did not answer after %u tries: %s"), self->url,
                               send->attempts, send->last->message);
      g_object_unref (task);
      return;
    }
  send->wait = g_timeout_source_new (250u << MIN (send->attempts - 1, 3u));
  g_source_set_callback (send->wait, wait_over, task, NULL);
  g_source_attach (send->wait, g_task_get_context (task));
}

static void
fetched (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  Send *send = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = arb_net_fetch_finish (result, &error);
  guint status = send->msg != NULL ? soup_message_get_status (send->msg) : 0;

  g_clear_object (&send->msg);
  if (bytes == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  if (bytes == NULL || status == 429 || status >= 500 || status < 200)
    {
      again_or_fail (task, error != NULL
                             ? g_steal_pointer (&error)
                             : g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED,
                                            _ ("the chief's desk answered %u"), status));
      return;
    }
  g_task_return_pointer (task, read_answer (status, bytes, send->attempts),
                         (GDestroyNotify) arb_desk_answer_free);
  g_object_unref (task);
}

static void
attempt (GTask *task)
{
  ArbDeskClient *self = g_task_get_source_object (task);
  Send *send = g_task_get_task_data (task);
  g_autofree char *url = g_strconcat (self->url, send->path, NULL);
  g_autofree char *auth = g_strconcat ("Bearer ", self->token, NULL);
  SoupMessage *msg = soup_message_new ("POST", url);

  send->attempts++;
  if (msg == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _ ("--desk: “%s” is not the address of a desk (http://HOST:PORT)"),
                               self->url);
      g_object_unref (task);
      return;
    }
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", auth);
  soup_message_set_request_body_from_bytes (msg, "application/json", send->body);
  g_clear_object (&send->msg);
  send->msg = msg;
  arb_net_fetch_async (self->session, msg, ARB_DESK_CLIENT_MAX_ANSWER,
                       arb_net_deadline_ms (ARB_DESK_CLIENT_DEADLINE_MS),
                       g_task_get_cancellable (task), fetched, task);
}

void
arb_desk_client_send_async (ArbDeskClient *self,
                            ArbDeskEntryKind kind,
                            const ArbDeskSubmission *s,
                            GCancellable *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Send *send = g_new0 (Send, 1);

  g_return_if_fail (ARB_IS_DESK_CLIENT (self) && s != NULL && s->client_id != NULL);

  send->path = g_strdup (kind == ARB_DESK_ENTRY_RULING ? "/api/desk/ruling" : "/api/desk/result");
  send->body = request_body (kind, s);
  g_task_set_task_data (task, send, (GDestroyNotify) send_free);
  attempt (task);
}

ArbDeskAnswer *
arb_desk_client_send_finish (ArbDeskClient *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
sent (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

ArbDeskAnswer *
arb_desk_client_send (ArbDeskClient *self,
                      ArbDeskEntryKind kind,
                      const ArbDeskSubmission *s,
                      GError **error)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GAsyncResult) result = NULL;
  ArbDeskAnswer *answer;

  g_main_context_push_thread_default (context);
  arb_desk_client_send_async (self, kind, s, NULL, sent, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  answer = arb_desk_client_send_finish (self, result, error);
  g_main_context_pop_thread_default (context);
  return answer;
}
