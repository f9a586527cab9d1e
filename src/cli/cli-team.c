/* cli-team.c: arbiter-cli arbiters and calls, the arbiters' team and the desk's call queue
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-tournament-team.h"
#include "cli-commands.h"
#include "cli-json.h"

static int
list_arbiters (ArbTournament *t, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) team = arb_tournament_list_team (t, &error);
  g_autoptr (JsonBuilder) b = json_builder_new ();

  if (team == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli arbiters: %s\n"), error->message);
      return 1;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "arbiters");
  json_builder_begin_array (b);
  for (guint i = 0; i < team->len; i++)
    {
      const ArbTeamArbiter *a = team->pdata[i];

      if (!json)
        {
          if (a->revoked_at != NULL)
            /* Translators: name, role (floor, deputy), sectors, the revocation's reason */
            printf (_ ("%s\t%s\t%s\trevoked: %s\n"), a->name, arb_team_role_to_string (a->role),
                    a->sectors, a->revoke_reason);
          else
            printf ("%s\t%s\t%s\n", a->name, arb_team_role_to_string (a->role), a->sectors);
          continue;
        }
      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "name", a->name);
      arb_cli_json_add_string (b, "role", arb_team_role_to_string (a->role));
      arb_cli_json_add_string (b, "sectors", a->sectors);
      arb_cli_json_add_string (b, "added", a->added_at);
      arb_cli_json_add_bool (b, "revoked", a->revoked_at != NULL);
      if (a->revoked_at != NULL)
        arb_cli_json_add_string (b, "revoke_reason", a->revoke_reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (json)
    arb_cli_json_print (b);
  return 0;
}

int
arb_cli_arbiters (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autofree char *add = NULL;
  g_autofree char *role_text = NULL;
  g_autofree char *sectors = NULL;
  g_autofree char *revoke = NULL;
  g_autofree char *reason = NULL;
  gboolean json = FALSE;
  ArbTeamRole role = ARB_TEAM_ROLE_FLOOR;
  GOptionEntry entries[] = {
    { "add", 0, 0, G_OPTION_ARG_STRING, &add, N_ ("Add an arbiter to the team"), N_ ("NAME") },
    { "role", 0, 0, G_OPTION_ARG_STRING, &role_text, N_ ("floor (the default) or deputy"),
      N_ ("ROLE") },
    { "sectors", 0, 0, G_OPTION_ARG_STRING, &sectors, N_ ("The boards, such as 1-20,41-60"),
      N_ ("BOARDS") },
    { "revoke", 0, 0, G_OPTION_ARG_STRING, &revoke, N_ ("Revoke an arbiter's sign-in"),
      N_ ("NAME") },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason, N_ ("Why, for the log"), N_ ("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("One JSON object"), NULL },
    { NULL },
  };

  g_option_context_set_summary (
    context, _ ("Lists the arbiters' team. --add adds one and prints their sign-in token, the\n"
                "only time it is shown (the file keeps its SHA-256); --revoke records that a\n"
                "sign-in no longer stands, with its reason. Exit status 0, 1 when the file\n"
                "refused, 2 for bad usage."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli arbiters: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || (add != NULL && revoke != NULL) || (revoke != NULL && reason == NULL) ||
      (revoke == NULL && reason != NULL) ||
      (add == NULL && (role_text != NULL || sectors != NULL)) ||
      (role_text != NULL &&
       (!arb_team_role_from_string (role_text, &role) || role == ARB_TEAM_ROLE_CHIEF)))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli arbiters TOURNAMENT [--json] | --add NAME [--role floor|deputy] "
               "[--sectors 1-20,41-60] | --revoke NAME --reason TEXT");
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli arbiters: %s\n"), error->message);
      return 1;
    }
  if (add != NULL)
    {
      g_autofree char *token = NULL;

      if (!arb_tournament_add_arbiter (t, add, role, sectors != NULL ? sectors : "", &token,
                                       &error))
        {
          fprintf (stderr, _ ("arbiter-cli arbiters: %s\n"), error->message);
          return 1;
        }
      if (json)
        {
          g_autoptr (JsonBuilder) b = json_builder_new ();

          json_builder_begin_object (b);
          arb_cli_json_add_string (b, "name", add);
          arb_cli_json_add_string (b, "token", token);
          json_builder_end_object (b);
          arb_cli_json_print (b);
        }
      else
        /* Translators: an arbiter's name, then the token shown once */
        printf (_ ("%s added. Sign-in token (shown only now): %s\n"), add, token);
      return 0;
    }
  if (revoke != NULL)
    {
      if (!arb_tournament_revoke_arbiter (t, revoke, reason, &error))
        {
          fprintf (stderr, _ ("arbiter-cli arbiters: %s\n"), error->message);
          return 1;
        }
      /* Translators: %s is an arbiter's name */
      printf (_ ("%s's sign-in is revoked.\n"), revoke);
      return 0;
    }
  return list_arbiters (t, json);
}

static int
list_calls (ArbTournament *t, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) calls = arb_tournament_list_floor_entries (t, TRUE, &error);
  g_autoptr (JsonBuilder) b = json_builder_new ();

  if (calls == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli calls: %s\n"), error->message);
      return 1;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "calls");
  json_builder_begin_array (b);
  for (guint i = 0; i < calls->len; i++)
    {
      const ArbFloorRecord *r = calls->pdata[i];

      if (!json)
        {
          /* Translators: the call's number, round, board, the arbiter who called, when */
          printf (_ ("%lld\tround %d board %d\t%s\t%s\n"), (long long) r->id, r->round, r->board,
                  r->arbiter, r->recorded_at);
          continue;
        }
      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "id", r->id);
      arb_cli_json_add_int (b, "round", r->round);
      arb_cli_json_add_int (b, "board", r->board);
      arb_cli_json_add_string (b, "arbiter", r->arbiter);
      arb_cli_json_add_string (b, "called", r->recorded_at);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (json)
    arb_cli_json_print (b);
  return 0;
}

int
arb_cli_calls (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TOURNAMENT"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  g_autofree char *arbiter = NULL;
  gint64 answer = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "answer", 0, 0, G_OPTION_ARG_INT64, &answer, N_ ("Answer this call (needs --arbiter)"),
      "ID" },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter, N_ ("Who answers it"), N_ ("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("One JSON object"), NULL },
    { NULL },
  };

  g_option_context_set_summary (
    context, _ ("Lists the floor's calls to the desk not yet answered, oldest first; --answer\n"
                "records who answered one. Exit status 0, 1 when the file refused, 2 for bad\n"
                "usage."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli calls: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || answer < 0 || (answer > 0) != (arbiter != NULL))
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli calls TOURNAMENT [--json] | --answer ID --arbiter NAME");
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t == NULL || (answer > 0 && !arb_tournament_answer_call (t, answer, arbiter, &error)))
    {
      fprintf (stderr, _ ("arbiter-cli calls: %s\n"), error->message);
      return 1;
    }
  if (answer > 0)
    {
      /* Translators: the call's number, the arbiter's name */
      printf (_ ("Call %lld answered by %s.\n"), (long long) answer, arbiter);
      return 0;
    }
  return list_calls (t, json);
}
