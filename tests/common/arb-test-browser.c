/* arb-test-browser.c: a headless Chromium, driven over its DevTools protocol
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-test-browser.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#define START_SECONDS 60
#define CALL_SECONDS 60

struct _ArbTestBrowser
{
  GSubprocess *process;
  char *profile;
  GMainContext *context;
  SoupSession *session;
  SoupWebsocketConnection *ws;
  GError *connect_error;
  int next_id;
  GHashTable *replies; /* id → JsonNode * (the whole reply) */
};

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static char *
find_chromium (void)
{
  const char *names[] = { "chromium", "chromium-browser" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      char *path = g_find_program_in_path (names[i]);

      if (path != NULL)
        return path;
    }
  return NULL;
}

static void
message_cb (SoupWebsocketConnection *ws, int type, GBytes *message, ArbTestBrowser *self)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;
  JsonObject *object;

  if (type != SOUP_WEBSOCKET_DATA_TEXT ||
      !json_parser_load_from_data (parser, g_bytes_get_data (message, NULL),
                                   (gssize) g_bytes_get_size (message), NULL))
    return;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  object = json_node_get_object (root);
  if (!json_object_has_member (object, "id"))
    return; /* an event */
  g_hash_table_insert (self->replies,
                       GINT_TO_POINTER ((int) json_object_get_int_member (object, "id")),
                       json_node_copy (root));
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ArbTestBrowser *self = data;

  self->ws =
    soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &self->connect_error);
}

static void
iterate (ArbTestBrowser *self)
{
  /* The test's own servers answer in the default context. */
  g_main_context_iteration (NULL, FALSE);
  if (!g_main_context_iteration (self->context, FALSE))
    g_usleep (1000);
}

/* Sends one command and waits for its reply; its "result" member. A
 * refusal is fatal unless @gone is given: then a refusal because the
 * page navigated away, or its context was destroyed, while the command
 * ran (the page reloading itself, say) sets *@gone and returns NULL,
 * for the caller to ask again. */
static JsonNode *
call_full (ArbTestBrowser *self, const char *method, JsonNode *params, gboolean *gone)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  int id = ++self->next_id;
  gint64 deadline = g_get_monotonic_time () + CALL_SECONDS * G_USEC_PER_SEC;
  JsonNode *reply;
  JsonObject *object;
  JsonNode *result;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, id);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (b, method);
  json_builder_set_member_name (b, "params");
  if (params != NULL)
    json_builder_add_value (b, json_node_copy (params));
  else
    {
      json_builder_begin_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);

  g_main_context_push_thread_default (self->context);
  soup_websocket_connection_send_text (self->ws, text);
  while ((reply = g_hash_table_lookup (self->replies, GINT_TO_POINTER (id))) == NULL)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("chromium did not answer %s", method);
      iterate (self);
    }
  g_main_context_pop_thread_default (self->context);

  object = json_node_get_object (reply);
  if (json_object_has_member (object, "error"))
    {
      g_autoptr (JsonGenerator) g = json_generator_new ();
      g_autofree char *why = NULL;

      json_generator_set_root (g, json_object_get_member (object, "error"));
      why = json_generator_to_data (g, NULL);
      if (gone != NULL && (strstr (why, "navigated or closed") != NULL ||
                           strstr (why, "context was destroyed") != NULL ||
                           strstr (why, "Cannot find context") != NULL))
        {
          *gone = TRUE;
          g_hash_table_remove (self->replies, GINT_TO_POINTER (id));
          return NULL;
        }
      g_error ("chromium refused %s: %s", method, why);
    }
  result = json_node_copy (json_object_get_member (object, "result"));
  g_hash_table_remove (self->replies, GINT_TO_POINTER (id));
  return result;
}

static JsonNode *
call (ArbTestBrowser *self, const char *method, JsonNode *params)
{
  return call_full (self, method, params, NULL);
}

static JsonNode *
params_new (const char *first_name, ...)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  va_list args;

  json_builder_begin_object (b);
  va_start (args, first_name);
  for (const char *name = first_name; name != NULL; name = va_arg (args, const char *))
    {
      GType type = va_arg (args, GType);

      json_builder_set_member_name (b, name);
      if (type == G_TYPE_STRING)
        json_builder_add_string_value (b, va_arg (args, const char *));
      else if (type == G_TYPE_INT)
        json_builder_add_int_value (b, va_arg (args, int));
      else if (type == G_TYPE_BOOLEAN)
        json_builder_add_boolean_value (b, va_arg (args, gboolean));
      else
        g_assert_not_reached ();
    }
  va_end (args);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static int
read_port (const char *profile)
{
  g_autofree char *file = g_build_filename (profile, "DevToolsActivePort", NULL);
  gint64 deadline = g_get_monotonic_time () + START_SECONDS * G_USEC_PER_SEC;

  for (;;)
    {
      g_autofree char *text = NULL;

      if (g_file_get_contents (file, &text, NULL, NULL) && strchr (text, '\n') != NULL)
        return atoi (text);
      if (g_get_monotonic_time () > deadline)
        g_error ("chromium did not start (no %s)", file);
      g_usleep (20000);
    }
}

static char *
page_socket_url (ArbTestBrowser *self, int port)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%d/json/list", port);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", url);
  g_autoptr (GBytes) body = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *targets;

  body = soup_session_send_and_read (self->session, msg, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (body, NULL),
                                             (gssize) g_bytes_get_size (body), &error));
  targets = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (targets); i++)
    {
      JsonObject *target = json_array_get_object_element (targets, i);

      if (g_strcmp0 (json_object_get_string_member (target, "type"), "page") == 0)
        return g_strdup (json_object_get_string_member (target, "webSocketDebuggerUrl"));
    }
  g_error ("chromium has no page to drive");
}

ArbTestBrowser *
arb_test_browser_new (int width, int height)
{
  g_autofree char *chromium = find_chromium ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *profile_flag = NULL;
  g_autofree char *size_flag = NULL;
  g_autofree char *ws_url = NULL;
  ArbTestBrowser *self;
  gint64 deadline;
  int port;

  if (chromium == NULL)
    {
      g_test_skip (
        "chromium is not installed (apt-get install chromium): the page is not tried in a "
        "browser");
      return NULL;
    }

  self = g_new0 (ArbTestBrowser, 1);
  self->profile = g_dir_make_tmp ("arb-chromium-XXXXXX", &error);
  g_assert_no_error (error);
  profile_flag = g_strdup_printf ("--user-data-dir=%s", self->profile);
  size_flag = g_strdup_printf ("--window-size=%d,%d", width, height);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  self->process = g_subprocess_launcher_spawn (
    launcher, &error, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--hide-scrollbars", "--mute-audio", "--remote-debugging-port=0",
    profile_flag, size_flag, "about:blank", NULL);
  g_assert_no_error (error);

  self->context = g_main_context_new ();
  self->replies = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) json_node_unref);
  g_main_context_push_thread_default (self->context);
  self->session = soup_session_new ();
  port = read_port (self->profile);
  ws_url = page_socket_url (self, port);
  {
    g_autoptr (SoupMessage) msg = soup_message_new ("GET", ws_url);

    /* No Origin: the DevTools socket takes local tools without one. */
    soup_session_websocket_connect_async (self->session, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                          connected_cb, self);
  }
  deadline = g_get_monotonic_time () + START_SECONDS * G_USEC_PER_SEC;
  while (self->ws == NULL && self->connect_error == NULL)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("could not reach chromium's DevTools socket");
      iterate (self);
    }
  g_main_context_pop_thread_default (self->context);
  g_assert_no_error (self->connect_error);
  soup_websocket_connection_set_max_incoming_payload_size (self->ws, 64 * 1024 * 1024);
  g_signal_connect (self->ws, "message", G_CALLBACK (message_cb), self);

  {
    g_autoptr (JsonNode) metrics =
      params_new ("width", G_TYPE_INT, width, "height", G_TYPE_INT, height, "deviceScaleFactor",
                  G_TYPE_INT, 1, "mobile", G_TYPE_BOOLEAN, FALSE, NULL);
    g_autoptr (JsonNode) r1 = call (self, "Emulation.setDeviceMetricsOverride", metrics);
    g_autoptr (JsonNode) r2 = call (self, "Page.enable", NULL);
  }
  return self;
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
arb_test_browser_free (ArbTestBrowser *self)
{
  if (self == NULL)
    return;
  if (self->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ws, self);
      soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    }
  g_clear_object (&self->ws);
  g_clear_error (&self->connect_error);
  g_subprocess_force_exit (self->process);
  g_subprocess_wait (self->process, NULL, NULL);
  g_clear_object (&self->process);
  while (g_main_context_iteration (self->context, FALSE))
    ;
  g_clear_object (&self->session);
  g_main_context_unref (self->context);
  g_hash_table_unref (self->replies);
  remove_tree (self->profile);
  g_free (self->profile);
  g_free (self);
}

/* The value of @expression as JSON text; NULL, with @gone given, when
 * the page navigated away while it was evaluated. */
static char *
eval_full (ArbTestBrowser *self, const char *expression, gboolean *gone)
{
  g_autoptr (JsonNode) params = params_new ("expression", G_TYPE_STRING, expression,
                                            "returnByValue", G_TYPE_BOOLEAN, TRUE, NULL);
  g_autoptr (JsonNode) result = call_full (self, "Runtime.evaluate", params, gone);
  JsonObject *remote;
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  if (result == NULL)
    return NULL;
  remote = json_object_get_object_member (json_node_get_object (result), "result");

  if (json_node_get_object (result) != NULL &&
      json_object_has_member (json_node_get_object (result), "exceptionDetails"))
    {
      json_generator_set_root (generator, result);
      g_error ("the page threw on “%s”: %s", expression, json_generator_to_data (generator, NULL));
    }
  if (!json_object_has_member (remote, "value"))
    return g_strdup ("null");
  json_generator_set_root (generator, json_object_get_member (remote, "value"));
  return json_generator_to_data (generator, NULL);
}

char *
arb_test_browser_eval (ArbTestBrowser *self, const char *expression)
{
  return eval_full (self, expression, NULL);
}

gint64
arb_test_browser_wait_for (ArbTestBrowser *self, const char *expression, guint deadline_seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) deadline_seconds * G_USEC_PER_SEC;
  g_autofree char *check = g_strdup_printf ("!!(%s)", expression);

  for (;;)
    {
      gboolean gone = FALSE;
      /* A page that reloads itself, or is still navigating, is asked
       * again on the next poll. */
      g_autofree char *value = eval_full (self, check, &gone);

      if (g_strcmp0 (value, "true") == 0)
        return g_get_monotonic_time ();
      if (g_get_monotonic_time () > deadline)
        g_error ("the page never showed %s", expression);
      for (int i = 0; i < 10; i++)
        iterate (self);
    }
}

void
arb_test_browser_open (ArbTestBrowser *self, const char *url)
{
  g_autoptr (JsonNode) params = params_new ("url", G_TYPE_STRING, url, NULL);
  g_autoptr (JsonNode) result = call (self, "Page.navigate", params);

  arb_test_browser_wait_for (
    self, "document.readyState === 'complete' && location.href !== 'about:blank'", CALL_SECONDS);
}

GBytes *
arb_test_browser_screenshot (ArbTestBrowser *self)
{
  g_autoptr (JsonNode) params = params_new ("format", G_TYPE_STRING, "png", NULL);
  g_autoptr (JsonNode) result = call (self, "Page.captureScreenshot", params);
  const char *data = json_object_get_string_member (json_node_get_object (result), "data");
  gsize length = 0;
  guchar *png = g_base64_decode (data, &length);

  return g_bytes_new_take (png, length);
}

static void
network_enable (ArbTestBrowser *self)
{
  g_autoptr (JsonNode) result = call (self, "Network.enable", NULL);
}

void
arb_test_browser_set_language (ArbTestBrowser *self, const char *accept_language)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) params = NULL;
  g_autoptr (JsonNode) result = NULL;

  network_enable (self);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "headers");
  json_builder_begin_object (b);
  if (accept_language != NULL)
    {
      json_builder_set_member_name (b, "Accept-Language");
      json_builder_add_string_value (b, accept_language);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  params = json_builder_get_root (b);
  result = call (self, "Network.setExtraHTTPHeaders", params);
}

void
arb_test_browser_set_offline (ArbTestBrowser *self, gboolean offline)
{
  g_autoptr (JsonNode) params =
    params_new ("offline", G_TYPE_BOOLEAN, offline, "latency", G_TYPE_INT, 0, "downloadThroughput",
                G_TYPE_INT, -1, "uploadThroughput", G_TYPE_INT, -1, NULL);
  g_autoptr (JsonNode) result = NULL;

  network_enable (self);
  result = call (self, "Network.emulateNetworkConditions", params);
}
