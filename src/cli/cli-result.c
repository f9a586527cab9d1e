/* cli-result.c: arbiter-cli result
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-desk-client.h"
#include "arb-game.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-tournament-rounds.h"
#include "cli-commands.h"
#include "cli-json.h"

typedef struct
{
  ArbTournament *tournament;
  ArbTimeControl tc;
  ArbEdition edition;
  int round;
  const char *arbiter;
  const char *reason;
  gboolean replace;
  gboolean json;
  /* --desk: results go to the chief's desk through this client, the file
   * (a deputy's replica) is only read to place the entries. */
  ArbDeskClient *client;
} Desk;

/* The round results are typed for when none is named: the last. */
static int
last_round (ArbTournament *tournament, GError **error)
{
  g_autoptr (GPtrArray) rounds = arb_tournament_list_rounds (tournament, error);
  int last = 0;

  if (rounds == NULL)
    return -1;
  for (guint i = 0; i < rounds->len; i++)
    last = MAX (last, ((ArbRoundInfo *) rounds->pdata[i])->number);
  return last;
}

static gboolean
desk_open (Desk *desk, const char *path, GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;

  desk->tournament = arb_tournament_open (
    path, desk->client != NULL ? ARB_TOURNAMENT_OPEN_READ_ONLY : ARB_TOURNAMENT_OPEN_DEFAULT,
    error);
  if (desk->tournament == NULL)
    return FALSE;
  event = arb_tournament_get_event (desk->tournament, error);
  if (event == NULL)
    return FALSE;
  desk->edition = ARB_EDITION_LATEST;
  arb_edition_from_year (event->edition, &desk->edition);
  if (event->time_control == NULL ||
      !arb_time_control_parse (event->time_control, &desk->tc, NULL, NULL))
    arb_time_control_parse ("-", &desk->tc, NULL, NULL);
  if (desk->round == 0)
    desk->round = last_round (desk->tournament, error);
  if (desk->round == 0)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 _ ("the file has no rounds with games"));
  return desk->round > 0;
}

static const char *
winner_name (const ArbResultEntryTarget *target, ArbResult result)
{
  switch (arb_result_winner (result))
    {
    case ARB_WHITE:
      return target->white;
    case ARB_BLACK:
      return target->black;
    case ARB_COLOR_NONE:
    default:
      return NULL;
    }
}

static void
print_stored (const Desk *desk,
              const char *text,
              const ArbResultEntryTarget *target,
              gboolean stored,
              gint64 correction)
{
  const char *winner = winner_name (target, target->result);

  if (desk->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "entry", text);
      arb_cli_json_add_bool (b, "stored", stored);
      arb_cli_json_add_int (b, "round", target->round);
      arb_cli_json_add_int (b, "board", target->board);
      arb_cli_json_add_string (b, "white", target->white);
      arb_cli_json_add_string (b, "black", target->black);
      arb_cli_json_add_string (b, "result", arb_result_to_string (target->result));
      arb_cli_json_add_string (b, "previous", arb_result_to_string (target->current));
      if (winner != NULL)
        arb_cli_json_add_string (b, "winner", winner);
      else
        arb_cli_json_add_null (b, "winner");
      arb_cli_json_add_bool (b, "correction", correction != 0);
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  else if (!stored)
    /* Translators: a result typed again: board, the result (1-0), White, Black */
    printf (_ ("board %d: already %s (%s – %s)\n"), target->board,
            arb_result_to_string (target->result), target->white, target->black);
  else if (winner != NULL)
    /* Translators: board, result (1-0), the winner, White, Black */
    printf (_ ("board %d: %s, %s wins (%s – %s)\n"), target->board,
            arb_result_to_string (target->result), winner, target->white, target->black);
  else
    /* Translators: board, result (1/2-1/2, *), White, Black */
    printf (_ ("board %d: %s (%s – %s)\n"), target->board, arb_result_to_string (target->result),
            target->white, target->black);
  if (!desk->json && correction != 0)
    /* Translators: printed under a result that replaced another: the result replaced (0-1) */
    printf (_ ("  replaces %s: a correction, recorded in the rulings log\n"),
            arb_result_to_string (target->current));
  fflush (stdout);
}

static void
print_refused (const Desk *desk, const char *text, const char *code, const char *message)
{
  if (desk->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "entry", text);
      arb_cli_json_add_bool (b, "stored", FALSE);
      arb_cli_json_add_string (b, "error", code);
      arb_cli_json_add_string (b, "message", message);
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  /* Translators: the entry as typed, then why it was not stored */
  fprintf (stderr, _ ("arbiter-cli result: “%s”: %s; not stored\n"), text, message);
}

/* The names of the refusals in --json, never translated. */
static const char *
error_code (const GError *error)
{
  static const char *const names[] = {
    [ARB_RESULT_ENTRY_ERROR_EMPTY] = "empty",
    [ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT] = "unknown-result",
    [ARB_RESULT_ENTRY_ERROR_NO_BOARD] = "no-board",
    [ARB_RESULT_ENTRY_ERROR_NO_PLAYER] = "no-player",
    [ARB_RESULT_ENTRY_ERROR_SEVERAL] = "several",
    [ARB_RESULT_ENTRY_ERROR_BYE] = "bye",
  };

  if (error->domain == ARB_RESULT_ENTRY_ERROR && error->code >= 0 &&
      (gsize) error->code < G_N_ELEMENTS (names))
    return names[error->code];
  return "storage";
}

static gint64
outcome_correction (const char *outcome)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (outcome == NULL || !json_parser_load_from_data (parser, outcome, -1, NULL))
    return 0;
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return 0;
  root = json_object_get_member (json_node_get_object (root), "correction");
  return root != NULL && JSON_NODE_HOLDS_VALUE (root) &&
             json_node_get_value_type (root) == G_TYPE_INT64
           ? json_node_get_int (root)
           : 0;
}

/* An entry placed in the replica, sent to the chief's desk, which applies
 * it (or not) with the deputy's name; the chief's answer is printed. */
static gboolean
send_one (Desk *desk, const char *text, ArbResultEntryTarget *target)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbDeskAnswer) answer = NULL;
  g_autofree char *id = arb_desk_client_new_entry_id ();
  ArbDeskSubmission s = { .client_id = id,
                          .round = target->round,
                          .board = target->board,
                          .result = target->result,
                          .reason = desk->replace ? desk->reason : NULL };

  answer = arb_desk_client_send (desk->client, ARB_DESK_ENTRY_RESULT, &s, &error);
  if (answer == NULL)
    {
      print_refused (desk, text, "unreachable", error->message);
      return FALSE;
    }
  if (answer->kind == ARB_DESK_ANSWER_REFUSED)
    {
      print_refused (desk, text, "refused", answer->why);
      return FALSE;
    }
  print_stored (desk, text, target, TRUE, outcome_correction (answer->outcome));
  return TRUE;
}

/* One entry: found, checked and stored in its own durable transaction
 * through the round's path, as the window stores it. */
static gboolean
enter_one (Desk *desk, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  ArbResultEntry entry = { 0 };
  ArbResultEntryTarget target = { 0 };
  gint64 correction = 0;
  gboolean ok = FALSE;

  if (!arb_result_entry_parse (text, &entry, &error) ||
      !arb_result_entry_find (&entry, desk->tournament, desk->round, &target, &error))
    print_refused (desk, text, error_code (error), error->message);
  else if (!entry.has_result)
    {
      /* Translators: an entry that names a board but gives no result */
      g_autofree char *message =
        g_strdup_printf (_ ("board %d is named, but no result is given"), target.board);

      print_refused (desk, text, "no-result", message);
    }
  else if (desk->client != NULL)
    ok = send_one (desk, text, &target);
  else if (target.current == target.result)
    {
      print_stored (desk, text, &target, FALSE, 0);
      ok = TRUE;
    }
  else if (target.current != ARB_RESULT_ONGOING && !desk->replace)
    {
      g_autofree char *message = g_strdup_printf (
        /* Translators: board, the stored result (1-0), the result typed (0-1); keep
         * --replace as it is */
        _ ("board %d already has the result %s; give --replace to store %s instead"), target.board,
        arb_result_to_string (target.current), arb_result_to_string (target.result));

      print_refused (desk, text, "has-result", message);
    }
  else if ((game = arb_game_load (desk->tournament, target.game_id, &desk->tc, desk->edition,
                                  &error)) == NULL ||
           !arb_result_entry_store (game, target.result, desk->arbiter, desk->reason, &correction,
                                    &error))
    print_refused (desk, text, error_code (error), error->message);
  else
    {
      print_stored (desk, text, &target, TRUE, correction);
      ok = TRUE;
    }
  arb_result_entry_target_clear (&target);
  arb_result_entry_clear (&entry);
  return ok;
}

int
arb_cli_result (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE ENTRY…"));
  g_autoptr (GError) error = NULL;
  g_autofree char *arbiter = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *desk_url = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *token = NULL;
  Desk desk = { 0 };
  int refused = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &desk.round, N_ ("Round of the boards (default: the last)"),
      "N" },
    { "replace", 0, 0, G_OPTION_ARG_NONE, &desk.replace,
      N_ ("Replace a result the board already has (a correction of the rulings log)"), NULL },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_ ("Why a result is replaced, for the rulings log"), N_ ("TEXT") },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter,
      N_ ("The arbiter who enters the results, for the audit log"), N_ ("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &desk.json, N_ ("One JSON object per entry"), NULL },
    { "desk", 0, 0, G_OPTION_ARG_STRING, &desk_url,
      N_ ("Send the results to the chief's desk at this address (arbiter-cli serve-team) instead "
          "of storing them in FILE, which is then only read"),
      N_ ("URL") },
    { "token", 0, 0, G_OPTION_ARG_STRING, &token,
      N_ ("With --desk: the deputy's sign-in token (the one follow-desk uses)"), N_ ("TOKEN") },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  summary = g_strconcat (
    /* Translators: keep the entries "12 1", "Öberg 0" and the symbols as they are */
    _ ("Stores results as the results desk reads them, each in its own durable\n"
       "transaction: a board number and White's score (\"12 1\" is 1-0 on board 12),\n"
       "or a player's name and that player's score (\"Öberg 0\": Öberg lost). Scores:\n"
       "1, 0, ½ or =, + or - for a forfeit, -- both forfeited, * none; or the game's\n"
       "result, White first: 1-0, 0-1, ½-½. A board that has a result keeps it unless\n"
       "--replace is given; a result replaced is a correction in the rulings log,\n"
       "with the arbiter and the --reason given. Entries that cannot be placed are\n"
       "reported and not stored; the exit status is then 1."),
    "\n\n",
    /* Translators: keep the options and arbiter-cli follow-desk as they are */
    _ ("A deputy writes through the chief's desk: with --desk URL --token TOKEN, FILE\n"
       "is the deputy's replica (arbiter-cli follow-desk), read only to place the\n"
       "entries; each result is sent to the chief, who stores it with the deputy's\n"
       "name (a resend is applied once) and whose refusal is printed with its reason.\n"
       "A replacement then needs --replace and --reason."),
    NULL);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli result: %s\n"), error->message);
      return 2;
    }
  if (argc < 3 || desk.round < 0)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli result FILE [--round N] [--replace [--reason TEXT]] [--json] "
               "[--desk URL --token TOKEN] ENTRY…");
      return 2;
    }
  desk.arbiter = arbiter;
  desk.reason = reason;
  if (desk_url != NULL || token != NULL)
    {
      if (desk_url == NULL || (desk.replace && reason == NULL))
        {
          fprintf (stderr, "%s\n",
                   desk_url == NULL
                     ? _ ("arbiter-cli result: --token goes with --desk URL")
                     : _ ("arbiter-cli result: through a desk, --replace needs --reason"));
          return 2;
        }
      desk.client = arb_desk_client_new (desk_url, token, &error);
      if (desk.client == NULL)
        {
          fprintf (stderr, _ ("arbiter-cli result: %s\n"), error->message);
          return 2;
        }
    }
  if (!desk_open (&desk, argv[1], &error))
    {
      fprintf (stderr, _ ("arbiter-cli result: %s\n"), error->message);
      g_clear_object (&desk.tournament);
      g_clear_object (&desk.client);
      return 1;
    }
  for (int i = 2; i < argc; i++)
    if (!enter_one (&desk, argv[i]))
      refused++;
  g_clear_object (&desk.tournament);
  g_clear_object (&desk.client);
  return refused > 0 ? 1 : 0;
}
