/* arb-lichess-rounds.c: lichess broadcast rounds created for a round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-lichess-rounds.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-lichess-answer.h"
#include "arb-lichess-push.h"
#include "arb-net-read.h"

/* As the push: the longest wait for one read, and for one request. */
#define REQUEST_TIMEOUT_SECONDS 30
#define REQUEST_DEADLINE_MS (90 * 1000)

typedef struct
{
  SoupSession *session;
  char *base_url;
  char *broadcast_id;
  char *bearer;
  char **names;
  GPtrArray *ids; /* char *, one a round made */
} Creation;

static void
creation_free (gpointer data)
{
  Creation *c = data;

  g_clear_object (&c->session);
  g_free (c->base_url);
  g_free (c->broadcast_id);
  if (c->bearer != NULL)
    memset (c->bearer, 0, strlen (c->bearer));
  g_free (c->bearer);
  g_strfreev (c->names);
  g_ptr_array_unref (c->ids);
  g_free (c);
}

char **
arb_lichess_rounds_plan (int round, guint n_boards)
{
  guint n =
    MAX (1, (n_boards + ARB_LICHESS_MAX_GAMES_PER_PUSH - 1) / ARB_LICHESS_MAX_GAMES_PER_PUSH);
  char **names = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = arb_lichess_part_name (round, i);
  return names;
}

gboolean
arb_lichess_broadcast_id_is_valid (const char *id)
{
  return arb_lichess_round_id_is_valid (id);
}

/* The round's id in lichess's answer, or NULL with why not. */
static char *
round_id_of (GBytes *body, guint status, const char *reason, char **why)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *text = g_bytes_get_data (body, &length);
  JsonObject *object = NULL;
  JsonObject *round = NULL;
  const char *id = NULL;

  if (length > 0 && json_parser_load_from_data (parser, text, (gssize) length, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    object = json_node_get_object (json_parser_get_root (parser));
  if (status != 200)
    {
      const char *error =
        object != NULL ? json_object_get_string_member_with_default (object, "error", NULL) : NULL;

      *why =
        g_strdup_printf (_ ("lichess answered %u: %s"), status, error != NULL ? error : reason);
      return NULL;
    }
  if (object != NULL && json_object_has_member (object, "round") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "round")))
    round = json_object_get_object_member (object, "round");
  if (round != NULL)
    id = json_object_get_string_member_with_default (round, "id", NULL);
  if (!arb_lichess_round_id_is_valid (id))
    {
      *why = g_strdup (_ ("lichess's answer holds no round id"));
      return NULL;
    }
  return g_strdup (id);
}

static void create_next (GTask *task);

static void
created_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (SoupMessage) msg = data;
  GTask *task = g_object_get_data (G_OBJECT (msg), "arb-task");
  Creation *c = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = arb_net_fetch_finish (result, &error);
  g_autofree char *why = NULL;
  char *id = NULL;
  guint part = c->ids->len;

  if (body != NULL)
    id =
      round_id_of (body, soup_message_get_status (msg), soup_message_get_reason_phrase (msg), &why);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  else
    why = g_strdup (error->message);
  if (id == NULL)
    {
      g_autofree char *made = NULL;

      g_ptr_array_add (c->ids, NULL);
      made = g_strjoinv (" ", (char **) c->ids->pdata);
      g_task_return_new_error (
        task, G_IO_ERROR, G_IO_ERROR_FAILED,
        /* Translators: "“Round 5 (boards 101–200)”, lichess round 2 of 3,
         * was not created: …". The last %s lists the ids of the rounds
         * already made, or is empty. */
        _ ("“%s”, lichess round %u of %u, was not created: %s. Rounds made before it: %s"),
        c->names[part], part + 1, g_strv_length (c->names), why,
        made[0] != '\0' ? made : C_ ("lichess rounds made", "none"));
      g_object_unref (task);
      return;
    }
  g_ptr_array_add (c->ids, id);
  create_next (task);
}

static void
create_next (GTask *task)
{
  Creation *c = g_task_get_task_data (task);
  guint part = c->ids->len;
  g_autofree char *url = NULL;
  SoupMessage *msg;

  if (c->names[part] == NULL)
    {
      g_ptr_array_add (c->ids, NULL);
      g_task_return_pointer (task, g_strdupv ((char **) c->ids->pdata),
                             (GDestroyNotify) g_strfreev);
      g_object_unref (task);
      return;
    }
  url = g_strdup_printf ("%s/broadcast/%s/new", c->base_url, c->broadcast_id);
  msg = soup_message_new_from_encoded_form ("POST", url,
                                            soup_form_encode ("name", c->names[part], NULL));
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", c->bearer);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept",
                                "application/json");
  g_object_set_data (G_OBJECT (msg), "arb-task", task);
  arb_net_fetch_async (c->session, msg, ARB_LICHESS_MAX_ANSWER_BYTES,
                       arb_net_deadline_ms (REQUEST_DEADLINE_MS), g_task_get_cancellable (task),
                       created_cb, msg);
}

void
arb_lichess_create_rounds_async (const char *base_url,
                                 const char *broadcast_id,
                                 const char *token,
                                 const char *const *names,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_autofree char *agent = g_strdup_printf ("Arbiter/%s", PACKAGE_VERSION);
  g_autofree char *trimmed = g_strstrip (g_strdup (token != NULL ? token : ""));
  Creation *c;

  g_task_set_source_tag (task, arb_lichess_create_rounds_async);
  if (!arb_lichess_broadcast_id_is_valid (broadcast_id))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _ ("“%s” is not a lichess broadcast id (the letters and digits "
                                  "after the broadcast's name in its address)"),
                               broadcast_id != NULL ? broadcast_id : "");
      g_object_unref (task);
      return;
    }
  if (trimmed[0] == '\0' || strpbrk (trimmed, " \t\r\n") != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                               _ ("A lichess API token (with study:write) is needed to create "
                                  "broadcast rounds"));
      g_object_unref (task);
      return;
    }
  c = g_new0 (Creation, 1);
  c->session =
    soup_session_new_with_options ("timeout", REQUEST_TIMEOUT_SECONDS, "user-agent", agent, NULL);
  c->base_url = g_strdup (base_url != NULL ? base_url : ARB_LICHESS_DEFAULT_BASE_URL);
  while (g_str_has_suffix (c->base_url, "/"))
    c->base_url[strlen (c->base_url) - 1] = '\0';
  c->broadcast_id = g_strdup (broadcast_id);
  c->bearer = g_strdup_printf ("Bearer %s", trimmed);
  memset (trimmed, 0, strlen (trimmed));
  c->names = g_strdupv ((char **) names);
  c->ids = g_ptr_array_new_with_free_func (g_free);
  g_task_set_task_data (task, c, creation_free);
  create_next (task);
}

char **
arb_lichess_create_rounds_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
