/* cli-push.c: arbiter-cli push
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-lichess-push.h"
#include "arb-lichess-rounds.h"
#include "cli-commands.h"

typedef struct
{
  GMainLoop *loop;
  int status;
} Run;

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (((Run *) data)->loop);
  return G_SOURCE_REMOVE;
}

static void
print_report (const ArbLichessReport *report)
{
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (report->time_us / G_USEC_PER_SEC);
  g_autofree char *time = g_date_time_format (when, "%H:%M:%S");

  if (report->status == 0)
    /* Translators: "10:42:07 push 1/1: no answer (Connection refused)" */
    printf (_ ("%s push %u/%u: no answer (%s)"), time, report->batch, report->n_batches,
            report->error != NULL ? report->error : "");
  else
    printf (ngettext ("%s push %u/%u: %u game, HTTP %u", "%s push %u/%u: %u games, HTTP %u",
                      report->n_games),
            time, report->batch, report->n_batches, report->n_games, report->status);
  if (report->status != 0 && report->error != NULL)
    printf (" (%s)", report->error);
  if (report->retry_ms > 0)
    {
      printf (" ");
      printf (_ ("again in %.1f s"), (double) report->retry_ms / 1000.0);
    }
  printf ("\n");

  for (guint i = 0; i < report->games->len; i++)
    {
      const ArbLichessGameAnswer *game = &g_array_index (report->games, ArbLichessGameAnswer, i);
      g_autofree char *who = g_strdup_printf ("%s – %s", game->white != NULL ? game->white : "?",
                                              game->black != NULL ? game->black : "?");

      if (game->board > 0)
        printf (_ ("  board %d (%s): "), game->board, who);
      else
        printf ("  %s: ", who);
      if (game->error != NULL)
        printf (_ ("refused: %s\n"), game->error);
      else
        printf (ngettext ("%d move\n", "%d moves\n", game->moves), game->moves);
    }
  fflush (stdout);
}

static void
reported_cb (ArbLichessPush *push, ArbLichessReport *report, Run *run)
{
  print_report (report);
  if (arb_lichess_push_get_state (push) == ARB_LICHESS_PUSH_UNAUTHORIZED)
    {
      fprintf (stderr, "%s\n",
               _ ("arbiter-cli push: lichess refused the token; it needs the study:write scope"));
      run->status = 1;
      g_main_loop_quit (run->loop);
    }
}

static char *
read_token (const char *path, GError **error)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  g_strstrip (text);
  if (text[0] == '\0' || strpbrk (text, " \t\r\n") != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("%s: the file should hold the token alone, on one line"), path);
      return NULL;
    }
  return g_steal_pointer (&text);
}

/* Which lichess round each hundred boards go to, and the name lichess
 * should show for it; a part without a round id is said too. */
static void
print_parts (ArbFeed *feed, char *const *round_ids)
{
  g_autoptr (ArbFeedState) state = arb_feed_dup_state (feed);
  ArbFeedRound *round;
  guint n_ids = g_strv_length ((char **) round_ids);
  guint n_parts = 0;

  if (state == NULL)
    return;
  round = arb_feed_state_get_round (state);
  for (guint i = 0; i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);
      guint part = arb_lichess_part_of_board (game->board);

      if (part != ARB_LICHESS_NO_PART)
        n_parts = MAX (n_parts, part + 1);
    }
  if (n_parts < 2 && n_ids < 2)
    return;
  for (guint part = 0; part < MAX (n_parts, n_ids); part++)
    {
      g_autofree char *name = arb_lichess_part_name (round->round, part);

      if (part < n_ids)
        /* Translators: "Round 5 (boards 101–200): lichess round abcd1234" */
        fprintf (stderr, _ ("%s: lichess round %s\n"), name, round_ids[part]);
      else
        fprintf (stderr, _ ("%s: no lichess round id given; these boards are not pushed\n"), name);
    }
}

typedef struct
{
  gboolean done;
  char **ids;
  GError *error;
} Creation;

static void
created_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Creation *c = data;

  c->ids = arb_lichess_create_rounds_finish (result, &c->error);
  c->done = TRUE;
}

/* Creates the lichess rounds the round needs in @broadcast, one a
 * hundred boards, saying each name first, and adds their ids to
 * @round_ids in board order. */
static gboolean
create_rounds (ArbFeed *feed,
               const char *broadcast,
               const char *token,
               const char *base_url,
               GPtrArray *round_ids,
               GError **error)
{
  g_autoptr (ArbFeedState) state = arb_feed_dup_state (feed);
  ArbFeedRound *round = state != NULL ? arb_feed_state_get_round (state) : NULL;
  g_auto (GStrv) names = NULL;
  Creation c = { 0 };
  int n_boards = 0;

  for (guint i = 0; round != NULL && i < round->games->len; i++)
    n_boards = MAX (n_boards, ((const ArbFeedGame *) g_ptr_array_index (round->games, i))->board);
  names = arb_lichess_rounds_plan (round != NULL ? round->round : 0, (guint) n_boards);
  for (guint i = 0; names[i] != NULL; i++)
    /* Translators: "Creating lichess round “Round 5 (boards 101–200)”" */
    fprintf (stderr, _ ("Creating lichess round “%s”\n"), names[i]);
  arb_lichess_create_rounds_async (base_url, broadcast, token, (const char *const *) names, NULL,
                                   created_cb, &c);
  while (!c.done)
    g_main_context_iteration (NULL, TRUE);
  if (c.ids == NULL)
    {
      g_propagate_error (error, c.error);
      return FALSE;
    }
  for (guint i = 0; c.ids[i] != NULL; i++)
    {
      /* Translators: "Round 5 (boards 101–200): lichess round abcd1234" */
      printf (_ ("%s: lichess round %s\n"), names[i], c.ids[i]);
      g_ptr_array_add (round_ids, g_strdup (c.ids[i]));
    }
  fflush (stdout);
  g_strfreev (c.ids);
  return TRUE;
}

/* Pushes the round after every change until stopped; prints what lichess
 * answered to each request. */
int
arb_cli_push (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbNetWorker) worker = NULL;
  g_autoptr (ArbFeed) feed = NULL;
  g_autoptr (ArbLichessPush) push = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_auto (GStrv) round_id = NULL;
  g_autoptr (GPtrArray) round_ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *token_file = NULL;
  g_autofree char *base_url = NULL;
  g_autofree char *token = NULL;
  g_autofree char *broadcast = NULL;
  gboolean create = FALSE;
  int round = 0;
  int interval = ARB_LICHESS_DEFAULT_INTERVAL_MS / 1000;
  int delay = 0;
  Run run = { 0 };
  GOptionEntry entries[] = {
    { "round-id", 0, 0, G_OPTION_ARG_STRING_ARRAY, &round_id,
      N_ ("The broadcast round's id on lichess (from its address); once a hundred boards"), "ID" },
    { "create-rounds", 0, 0, G_OPTION_ARG_NONE, &create,
      N_ ("Create the lichess rounds first, one a hundred boards, in --broadcast"), NULL },
    { "broadcast", 0, 0, G_OPTION_ARG_STRING, &broadcast,
      N_ ("The lichess broadcast's id (from its address), for --create-rounds"), "ID" },
    { "token-file", 0, 0, G_OPTION_ARG_FILENAME, &token_file,
      N_ ("A file holding a lichess API token with study:write"), "FILE" },
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_ ("Round to push (default: the last with games)"),
      "N" },
    { "base-url", 0, 0, G_OPTION_ARG_STRING, &base_url,
      N_ ("The lichess server (default https://lichess.org)"), "URL" },
    { "interval", 0, 0, G_OPTION_ARG_INT, &interval,
      N_ ("Seconds at least between two pushes (default 3)"), "S" },
    { "delay", 0, 0, G_OPTION_ARG_INT, &delay,
      N_ ("Hold moves and clock times back on lichess (0 to 60)"), "MIN" },
    { NULL },
  };

  g_option_context_set_summary (
    context, _ ("Pushes the games of a round to a lichess broadcast round after every change,\n"
                "at most 100 games a request, and prints lichess's answer for each game.\n"
                "Runs until stopped (Ctrl+C). The token is read from a file, never from the\n"
                "command line, and never stored in the tournament.\n"
                "\n"
                "A lichess round shows at most 100 games: a round of more boards goes to\n"
                "several lichess rounds, named e.g. “Round 5 (boards 101–200)”. Give their\n"
                "ids in board order, --round-id once for each (or apart with commas):\n"
                "the first gets boards 1–100, the second 101–200, and so on. Or let\n"
                "--create-rounds --broadcast ID create them in that lichess broadcast (the\n"
                "letters and digits after its name in its address): it says each name\n"
                "before, prints each new round's id, then pushes to them."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli push: %s\n"), error->message);
      return 2;
    }
  for (guint i = 0; round_id != NULL && round_id[i] != NULL; i++)
    {
      g_auto (GStrv) ids = arb_lichess_round_ids_split (round_id[i]);

      for (guint j = 0; ids[j] != NULL; j++)
        g_ptr_array_add (round_ids, g_strdup (ids[j]));
    }
  if (argc != 2 || (create ? broadcast == NULL || round_ids->len > 0 : round_ids->len < 1) ||
      token_file == NULL || round < 0 || interval < 1)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli push TOURNAMENT {--round-id ID [--round-id ID…] | --create-rounds "
               "--broadcast ID} --token-file FILE [--round N] "
               "[--base-url URL] [--delay MIN]");
      return 2;
    }
  if (delay < 0 || delay > ARB_FEED_MAX_DELAY_SECONDS / 60)
    {
      fprintf (stderr, _ ("arbiter-cli push: --delay is 0 to 60 minutes\n"));
      return 2;
    }
  token = read_token (token_file, &error);
  if (token == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli push: %s\n"), error->message);
      return 1;
    }

  worker = arb_net_worker_new ();
  feed = arb_feed_new (worker, argv[1], round);
  /* The same delay as the hall's screens: what lichess shows is held
   * back as long. */
  arb_feed_set_delay (feed, (guint) delay * 60);
  if (!arb_feed_start (feed, &error))
    {
      fprintf (stderr, _ ("arbiter-cli push: %s\n"), error->message);
      return 1;
    }
  if (create && !create_rounds (feed, broadcast, token, base_url, round_ids, &error))
    {
      fprintf (stderr, _ ("arbiter-cli push: %s\n"), error->message);
      return 1;
    }
  g_ptr_array_add (round_ids, NULL);
  print_parts (feed, (char *const *) round_ids->pdata);
  push = arb_lichess_push_new (feed);
  arb_lichess_push_set_round_ids (push, (const char *const *) round_ids->pdata);
  arb_lichess_push_set_token (push, token);
  arb_lichess_push_set_base_url (push, base_url);
  arb_lichess_push_set_interval (push, (guint) interval * 1000);

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  g_signal_connect (push, "reported", G_CALLBACK (reported_cb), &run);
  if (!arb_lichess_push_start (push, &error))
    {
      fprintf (stderr, _ ("arbiter-cli push: %s\n"), error->message);
      return 1;
    }

  if (delay > 0)
    fprintf (stderr,
             ngettext ("Moves are held back %d minute on lichess.",
                       "Moves are held back %d minutes on lichess.", delay),
             delay);
  else
    fprintf (stderr, "%s",
             _ ("Pushing live: moves show on lichess as they are played (no delay)."));
  fprintf (stderr, "\n");
  fflush (stderr);

  g_unix_signal_add (SIGINT, quit_cb, &run);
  g_unix_signal_add (SIGTERM, quit_cb, &run);
  g_main_loop_run (loop);

  arb_lichess_push_stop (push);
  arb_feed_stop (feed);
  return run.status;
}
