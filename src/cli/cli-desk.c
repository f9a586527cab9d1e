/* cli-desk.c: arbiter-cli follow-desk, take-over
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A deputy's replica of the desk's record (arb-replica-client.h), and the
 * take-over that makes it the writing desk (arb-tournament-replica.h).
 */

#include "config.h"

#include <glib-unix.h>
#include <stdio.h>

#include "arb-i18n.h"
#include "arb-replica-client.h"
#include "arb-tournament-replica.h"
#include "cli-commands.h"

typedef struct
{
  GMainLoop *loop;
  ArbReplicaClient *client;
  char *url;
  char *token;
  char *into;
  char *fingerprint;
  gboolean once;
  int status;
  guint retry_id;
} FollowDesk;

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (((FollowDesk *) data)->loop);
  return G_SOURCE_REMOVE;
}

static void on_stopped (ArbReplicaClient *client, const char *error, FollowDesk *f);

static void
on_applied (ArbReplicaClient *client, gint64 seq, FollowDesk *f)
{
  printf (_ ("applied change %lld (epoch %lld)\n"), (long long) seq,
          (long long) arb_replica_client_get_epoch (client));
  fflush (stdout);
}

static gboolean
reconnect (gpointer data)
{
  FollowDesk *f = data;

  f->retry_id = 0;
  g_clear_object (&f->client);
  f->client = arb_replica_client_new (f->url, f->token, f->into);
  if (f->fingerprint != NULL)
    arb_replica_client_set_fingerprint (f->client, f->fingerprint);
  g_signal_connect (f->client, "applied", G_CALLBACK (on_applied), f);
  g_signal_connect (f->client, "stopped", G_CALLBACK (on_stopped), f);
  arb_replica_client_start (f->client);
  return G_SOURCE_REMOVE;
}

/* A lost link is tried again every 2 s; a refusal or a change that does
 * not apply ends the command. */
static void
on_stopped (ArbReplicaClient *client, const char *error, FollowDesk *f)
{
  if (error != NULL)
    {
      fprintf (stderr, "arbiter-cli follow-desk: %s\n", error);
      f->status = 1;
      g_main_loop_quit (f->loop);
      return;
    }
  fprintf (stderr, "%s\n", _ ("arbiter-cli follow-desk: the desk closed the link; trying again"));
  if (f->retry_id == 0)
    f->retry_id = g_timeout_add_seconds (2, reconnect, f);
}

int
arb_cli_follow_desk (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("URL");
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *into = NULL;
  g_autofree char *fingerprint = NULL;
  FollowDesk f = { 0 };
  GOptionEntry entries[] = {
    { "token", 0, 0, G_OPTION_ARG_STRING, &token, N_ ("The deputy's sign-in token"), "TOKEN" },
    { "into", 0, 0, G_OPTION_ARG_FILENAME, &into,
      N_ ("The local replica (made from the desk's snapshot when it does not exist)"), "FILE" },
    { "fingerprint", 0, 0, G_OPTION_ARG_STRING, &fingerprint,
      N_ ("For an https:// desk: the SHA-256 fingerprint serve-team printed (AA:BB:…); "
          "a desk presenting another certificate is refused"),
      "FP" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Keeps a local replica of the desk's record current, as a deputy: the desk's\n"
                "snapshot first, then every change in order, each acknowledged once it is on\n"
                "this disk. A change that does not apply stops it; nothing is skipped.\n"
                "URL is the desk's address, http://HOST:PORT, or https://HOST:PORT with\n"
                "--fingerprint. See also take-over."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli follow-desk: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || token == NULL || into == NULL)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli follow-desk URL --token T --into FILE [--fingerprint FP]");
      return 2;
    }
  if (!arb_tournament_replication_available (&error))
    {
      fprintf (stderr, "arbiter-cli follow-desk: %s\n", error->message);
      return 1;
    }
  f.loop = g_main_loop_new (NULL, FALSE);
  f.url = argv[1];
  f.token = token;
  f.into = into;
  f.fingerprint = fingerprint;
  g_unix_signal_add (SIGINT, quit_cb, &f);
  g_unix_signal_add (SIGTERM, quit_cb, &f);
  reconnect (&f);
  g_main_loop_run (f.loop);
  g_clear_handle_id (&f.retry_id, g_source_remove);
  g_clear_object (&f.client);
  g_main_loop_unref (f.loop);
  return f.status;
}

int
arb_cli_take_over (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autofree char *arbiter = NULL;
  g_autofree char *reason = NULL;
  GOptionEntry entries[] = {
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter, N_ ("Who takes over (recorded)"), "NAME" },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason, N_ ("Why (recorded)"), "TEXT" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Makes a deputy's replica (kept by follow-desk) the event's writing desk: the\n"
                "event's epoch goes up by one and the take-over is recorded with the arbiter\n"
                "and the reason. The old desk, when it hears of the new epoch, becomes a\n"
                "reader and says why. Stop follow-desk on FILE first."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli take-over: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || arbiter == NULL || reason == NULL)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli take-over FILE --arbiter NAME --reason TEXT");
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t == NULL || !arb_tournament_take_over (t, arbiter, reason, &error))
    {
      fprintf (stderr, "arbiter-cli take-over: %s\n", error->message);
      return 1;
    }
  printf (_ ("%s now writes the event (epoch %lld, from change %lld)\n"), argv[1],
          (long long) arb_tournament_get_epoch (t), (long long) arb_tournament_get_head_seq (t));
  return 0;
}
