/* cli-entries.c: arbiter-cli entries, byes asked for, withdrawals and late entries
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-round-entries.h"
#include "cli-commands.h"
#include "cli-json.h"

typedef struct
{
  int round;
  gboolean zero;
  gboolean all;
  gboolean json;
  char *arbiter;
  char *note;
  char *reason;
  char *name;
  int rating;
  gint64 fide_id;
  char *title;
  char *federation;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->arbiter);
  g_free (o->note);
  g_free (o->reason);
  g_free (o->name);
  g_free (o->title);
  g_free (o->federation);
}

/* PLAYER as typed: a starting rank, or a name (the whole name, or a part
 * of one name only, without regard to case). */
static gint64
find_player (ArbTournament *t, const char *typed, GError **error)
{
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, error);
  g_autofree char *needle = g_utf8_casefold (typed, -1);
  char *end = NULL;
  long number = strtol (typed, &end, 10);
  gint64 found = 0;
  guint n = 0;

  if (players == NULL)
    return 0;
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];
      g_autofree char *name = g_utf8_casefold (p->name, -1);

      if (end != typed && *end == '\0' && p->start_no == number)
        return p->id;
      if (strcmp (name, needle) == 0)
        return p->id;
      if (strstr (name, needle) != NULL)
        {
          found = p->id;
          n++;
        }
    }
  if (n == 1)
    return found;
  g_set_error (error, G_IO_ERROR, n == 0 ? G_IO_ERROR_NOT_FOUND : G_IO_ERROR_INVALID_ARGUMENT,
               n == 0 ? /* Translators: the player as typed */ _ ("no player “%s”")
                      : /* Translators: the player as typed */ _ ("“%s” names several players"),
               typed);
  return 0;
}

static const char *
kind_word (const ArbEntryRecord *e)
{
  switch (e->kind)
    {
    case ARB_ENTRY_BYE:
      return "bye";
    case ARB_ENTRY_WITHDRAWAL:
      return "withdrawal";
    case ARB_ENTRY_LATE:
      return "late-entry";
    case ARB_ENTRY_CANCEL:
    default:
      return "cancel";
    }
}

static const char *
name_of (GPtrArray *players, gint64 id, int *start_no)
{
  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *p = players->pdata[i];
      if (p->id == id)
        {
          *start_no = p->start_no;
          return p->name;
        }
    }
  *start_no = 0;
  return "?";
}

static void
print_entry_text (const ArbEntryRecord *e, const char *name, int start_no)
{
  switch (e->kind)
    {
    case ARB_ENTRY_BYE:
      printf (e->code == 'H'
                /* Translators: entry id, round, player, starting rank */
                ? _ ("%lld: round %d: half-point bye asked for by %s (%d)")
                /* Translators: entry id, round, player, starting rank */
                : _ ("%lld: round %d: zero-point bye asked for by %s (%d)"),
              (long long) e->id, e->round, name, start_no);
      break;
    case ARB_ENTRY_WITHDRAWAL:
      /* Translators: entry id, round, player, starting rank */
      printf (_ ("%lld: from round %d: %s (%d) withdrawn"), (long long) e->id, e->round, name,
              start_no);
      break;
    case ARB_ENTRY_LATE:
      /* Translators: entry id, round, player, starting rank */
      printf (_ ("%lld: from round %d: %s (%d) enters late"), (long long) e->id, e->round, name,
              start_no);
      break;
    case ARB_ENTRY_CANCEL:
    default:
      /* Translators: entry id, the id of the entry taken back */
      printf (_ ("%lld: takes back %lld"), (long long) e->id, (long long) e->supersedes);
      break;
    }
  if (e->superseded_by != 0)
    /* Translators: after an entry: the id of the entry that took it back */
    printf (_ (" (taken back by %lld)"), (long long) e->superseded_by);
  if (e->note != NULL)
    printf (" — %s", e->note);
  if (e->arbiter != NULL)
    printf (" [%s]", e->arbiter);
  putchar ('\n');
}

static void
add_text_or_null (JsonBuilder *b, const char *name, const char *text)
{
  if (text != NULL)
    arb_cli_json_add_string (b, name, text);
  else
    arb_cli_json_add_null (b, name);
}

static int
list_entries (ArbTournament *t, const Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = arb_tournament_list_entries (t, o->all, &error);
  g_autoptr (GPtrArray) players = arb_tournament_list_players (t, &error);
  g_autoptr (JsonBuilder) b = json_builder_new ();

  if (entries == NULL || players == NULL)
    {
      fprintf (stderr, "arbiter-cli entries: %s\n", error->message);
      return 1;
    }
  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];
      char code[2] = { e->code, '\0' };
      int start_no;
      const char *name = name_of (players, e->player_id, &start_no);

      if (!o->json)
        {
          print_entry_text (e, name, start_no);
          continue;
        }
      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "id", e->id);
      arb_cli_json_add_string (b, "kind", kind_word (e));
      arb_cli_json_add_string (b, "player", name);
      arb_cli_json_add_int (b, "start_no", start_no);
      arb_cli_json_add_int (b, "round", e->round);
      add_text_or_null (b, "code", e->code != '\0' ? code : NULL);
      add_text_or_null (b, "arbiter", e->arbiter);
      add_text_or_null (b, "note", e->note);
      arb_cli_json_add_int (b, "supersedes", e->supersedes);
      arb_cli_json_add_int (b, "superseded_by", e->superseded_by);
      add_text_or_null (b, "recorded_at", e->recorded_at);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  if (o->json)
    arb_cli_json_print (b);
  return 0;
}

static gboolean
record (ArbTournament *t, const char *action, const char *target, const Options *o, GError **error)
{
  gint64 player = 0;
  gint64 id = 0;

  if (strcmp (action, "late") == 0)
    {
      ArbPlayerInfo info = { 0 };

      info.name = o->name;
      info.rating = o->rating;
      info.fide_id = o->fide_id;
      info.title = o->title;
      info.federation = o->federation;
      if (!arb_round_late_entry (t, &info, o->round, o->arbiter, o->note, &player, error))
        return FALSE;
      {
        g_autoptr (ArbPlayerInfo) p = arb_tournament_get_player (t, player, error);
        if (p == NULL)
          return FALSE;
        /* Translators: the player's name, starting rank, round */
        printf (_ ("%s enters late with starting rank %d, from round %d\n"), p->name, p->start_no,
                o->round);
      }
      return TRUE;
    }
  if (strcmp (action, "cancel") == 0)
    {
      char *end = NULL;

      id = g_ascii_strtoll (target, &end, 10);
      if (end == target || *end != '\0')
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       /* Translators: what was typed instead of an entry's number */
                       _ ("“%s” is not the number of an entry"), target);
          return FALSE;
        }
      if (!arb_round_cancel_entry (t, id, o->reason, o->arbiter, error))
        return FALSE;
      /* Translators: the id of the entry taken back */
      printf (_ ("entry %lld taken back\n"), (long long) id);
      return TRUE;
    }
  player = find_player (t, target, error);
  if (player == 0)
    return FALSE;
  if (strcmp (action, "bye") == 0)
    {
      if (!arb_round_request_bye (t, player, o->round, o->zero ? 'Z' : 'H', o->arbiter, o->note,
                                  &id, error))
        return FALSE;
      /* Translators: entry id, round */
      printf (o->zero ? _ ("entry %lld: zero-point bye in round %d\n")
                      /* Translators: entry id, round */
                      : _ ("entry %lld: half-point bye in round %d\n"),
              (long long) id, o->round);
      return TRUE;
    }
  if (!arb_round_withdraw_player (t, player, o->round, o->arbiter, o->note, &id, error))
    return FALSE;
  /* Translators: entry id, round */
  printf (_ ("entry %lld: withdrawn from round %d on\n"), (long long) id, o->round);
  return TRUE;
}

static const char usage[] = "arbiter-cli entries FILE [list [--all] [--json]\n"
                            "  | bye --round N [--zero] PLAYER\n"
                            "  | withdraw --round N PLAYER\n"
                            "  | late --round N --name NAME [--rating R] [--fide-id ID]\n"
                            "      [--title T] [--federation FED]\n"
                            "  | cancel --reason TEXT ENTRY] [--arbiter NAME] [--note TEXT]";

int
arb_cli_entries (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE [ACTION [PLAYER|ENTRY]]"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  Options o = { 0 };
  const char *action;
  int status = 0;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &o.round,
      N_ ("The round of the bye, or the first round of the withdrawal or late entry"), "N" },
    { "zero", 0, 0, G_OPTION_ARG_NONE, &o.zero, N_ ("A zero-point bye (default: half a point)"),
      NULL },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o.name, N_ ("The late entry's name (Last, First)"),
      N_ ("NAME") },
    { "rating", 0, 0, G_OPTION_ARG_INT, &o.rating, N_ ("The late entry's rating"), "R" },
    { "fide-id", 0, 0, G_OPTION_ARG_INT64, &o.fide_id, N_ ("The late entry's FIDE id"), "ID" },
    { "title", 0, 0, G_OPTION_ARG_STRING, &o.title, N_ ("The late entry's title (GM, WFM…)"), "T" },
    { "federation", 0, 0, G_OPTION_ARG_STRING, &o.federation,
      N_ ("The late entry's federation (NOR…)"), "FED" },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &o.reason, N_ ("Why an entry is taken back"),
      N_ ("TEXT") },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &o.arbiter, N_ ("The arbiter who records it"),
      N_ ("NAME") },
    { "note", 0, 0, G_OPTION_ARG_STRING, &o.note, N_ ("A note kept with the record"), N_ ("TEXT") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &o.all, N_ ("List the entries taken back too"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, N_ ("List as a JSON array"), NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep the actions list, bye, withdraw, late and cancel as they are */
    _ ("Records what the desk knows of players' coming rounds before they are paired:\n"
       "a bye asked for a round (bye; half a point unless --zero), a withdrawal from a\n"
       "round on (withdraw), a late entry from a round on with the next starting rank\n"
       "(late). cancel takes an entry back with a reason; nothing is deleted. list\n"
       "(the default) shows the entries that stand. The TRF export tells the pairing\n"
       "program, and the import of its next round warns where it did otherwise.\n"
       "PLAYER is a starting rank or a name."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli entries: %s\n"), error->message);
      options_clear (&o);
      return 2;
    }
  action = argc >= 3 ? argv[2] : "list";
  if (argc < 2 || (strcmp (action, "list") == 0 ? argc > 3
                   : strcmp (action, "late") == 0
                     ? argc != 3 || o.round < 1
                     : (strcmp (action, "bye") != 0 && strcmp (action, "withdraw") != 0 &&
                        strcmp (action, "cancel") != 0) ||
                         argc != 4 || (strcmp (action, "cancel") != 0 && o.round < 1)))
    {
      fprintf (stderr, _ ("Usage: %s\n"), usage);
      options_clear (&o);
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t == NULL)
    status = 1;
  else if (strcmp (action, "list") == 0)
    status = list_entries (t, &o);
  else if (!record (t, action, argc > 3 ? argv[3] : NULL, &o, &error))
    status = 1;
  if (status == 1 && error != NULL)
    /* Translators: why nothing was recorded */
    fprintf (stderr, _ ("arbiter-cli entries: %s; nothing recorded\n"), error->message);
  options_clear (&o);
  return status;
}
