/* cli-rule-desk.c: arbiter-cli rule --desk, a ruling applied on the chief's desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-desk-client.h"
#include "arb-i18n.h"
#include "cli-rule-desk.h"

/* Translators: keep the options as they are */
static const char *const usage_text =
  N_ ("Through the chief's desk (a deputy):\n"
      "  --desk URL --token TOKEN  apply the ruling on the chief's desk\n"
      "                          (arbiter-cli serve-team), the deputy named as its\n"
      "                          arbiter, instead of only printing it\n"
      "  --round N --board N     the game it is made in (both needed with --desk)\n"
      "  --note TEXT             the arbiter's note, stored with it\n"
      "  The game must still have the plies of the position ruled on (--ply, or\n"
      "  the PGN's last); a game that moved on since is refused. The ruling is\n"
      "  sent again with the same id when the desk does not answer, and applied\n"
      "  once. Exit status 1 when the desk refuses it or cannot be reached.\n");

const char *
arb_cli_rule_desk_usage (void)
{
  return _ (usage_text);
}

gboolean
arb_cli_rule_desk_check (const ArbCliRuleDesk *desk)
{
  const char *why = NULL;

  if (desk->url == NULL && desk->token == NULL)
    return TRUE;
  if (desk->url == NULL)
    why = _ ("--token goes with --desk URL");
  else if (desk->token == NULL)
    why = _ ("--desk needs the deputy's --token");
  else if (desk->round < 1 || desk->board < 1)
    why = _ ("--desk needs the game: --round N --board N");
  if (why == NULL)
    return TRUE;
  fprintf (stderr, "arbiter-cli rule: %s\n", why);
  return FALSE;
}

int
arb_cli_rule_desk_send (const ArbCliRuleDesk *desk, const ArbRuling *ruling, int ply)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskClient) client = NULL;
  g_autoptr (ArbDeskAnswer) answer = NULL;
  g_autofree char *id = arb_desk_client_new_entry_id ();
  g_autofree char *json = arb_ruling_to_json (ruling);
  ArbDeskSubmission s = { .client_id = id,
                          .round = desk->round,
                          .board = desk->board,
                          .ruling_json = json,
                          .ply = ply,
                          .note = desk->note };

  if (ply < 0)
    {
      fprintf (stderr, "arbiter-cli rule: %s\n",
               _ ("--desk needs the plies of the game ruled on: --pgn, or --ply N"));
      return 2;
    }
  client = arb_desk_client_new (desk->url, desk->token, &error);
  if (client != NULL)
    answer = arb_desk_client_send (client, ARB_DESK_ENTRY_RULING, &s, &error);
  if (answer == NULL)
    {
      fprintf (stderr, "arbiter-cli rule: %s\n", error->message);
      return client == NULL ? 2 : 1;
    }
  if (answer->kind == ARB_DESK_ANSWER_REFUSED)
    {
      /* Translators: round, board, why the chief's desk refused the ruling */
      fprintf (stderr, _ ("arbiter-cli rule: round %d board %d: the desk refused the ruling: %s\n"),
               desk->round, desk->board, answer->why);
      return 1;
    }
  /* Translators: round and board of the game the ruling was applied to */
  fprintf (desk->json ? stderr : stdout, _ ("Applied on the chief's desk: round %d board %d\n"),
           desk->round, desk->board);
  fflush (stdout);
  return 0;
}
