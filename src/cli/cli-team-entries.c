/* cli-team-entries.c: arbiter-cli team-entries, a team's bye and a forfeited match
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-round-team-entries.h"
#include "cli-commands.h"

typedef struct
{
  int round;
  gboolean all;
  char *match_points;
  char *game_points;
  char *winner;
  char *code;
  char *arbiter;
  char *note;
  char *reason;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->match_points);
  g_free (o->game_points);
  g_free (o->winner);
  g_free (o->code);
  g_free (o->arbiter);
  g_free (o->note);
  g_free (o->reason);
}

/* "2", "1.5", "2½": points as typed, doubled; -1 when they do not read. */
static int
points_x2 (const char *text)
{
  g_autofree char *copy = g_strdup (text);
  char *half = copy != NULL ? strstr (copy, "½") : NULL;
  char *end = NULL;
  double value;

  if (copy == NULL || *copy == '\0')
    return -1;
  if (half != NULL && strcmp (half, "½") == 0)
    {
      *half = '\0';
      value = *copy == '\0' ? 0.5 : g_ascii_strtod (copy, &end) + 0.5;
      if (*copy != '\0' && *end != '\0')
        return -1;
    }
  else
    {
      value = g_ascii_strtod (copy, &end);
      if (end == copy || *end != '\0')
        return -1;
    }
  if (value < 0 || value > 100 || value * 2 != (int) (value * 2))
    return -1;
  return (int) (value * 2);
}

static void
print_points (int x2)
{
  if (x2 % 2 == 0)
    printf ("%d", x2 / 2);
  else
    printf ("%d½", x2 / 2);
}

static int
list_entries (ArbTournament *t, const Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = arb_tournament_list_team_entries (t, o->round, o->all, &error);

  if (entries == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli team-entries: %s\n"), error->message);
      return 1;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbTeamEntryRecord *e = entries->pdata[i];

      printf ("%lld\t%d\t", (long long) e->id, e->round);
      if (e->kind == ARB_TEAM_ENTRY_BYE)
        {
          /* Translators: a team's bye in a listing; the match and game points follow */
          printf (_ ("bye %c\t%s\t"), e->code, e->team);
          print_points (e->match_points_x2);
          printf ("\t");
          print_points (e->home_points_x2);
        }
      else if (e->kind == ARB_TEAM_ENTRY_FORFEIT)
        {
          /* Translators: a forfeited team match in a listing: the two teams and who won
           * (home, away or none, kept in English); the game points follow */
          printf (_ ("forfeit\t%s – %s\t%s\t"), e->home_team, e->away_team,
                  arb_team_forfeit_to_key (e->winner));
          print_points (e->home_points_x2);
          printf ("–");
          print_points (e->away_points_x2);
        }
      else
        /* Translators: a record that takes back another, by its number */
        printf (_ ("cancels %lld"), (long long) e->supersedes);
      if (e->superseded_by != 0)
        /* Translators: the record that took this one back */
        printf (_ ("\t(taken back by %lld)"), (long long) e->superseded_by);
      if (e->note != NULL)
        printf ("\t%s", e->note);
      printf ("\n");
    }
  return 0;
}

static gboolean
record_bye (ArbTournament *t, const char *team, const Options *o, GError **error)
{
  char code = o->code != NULL && strlen (o->code) == 1 ? g_ascii_toupper (o->code[0]) : 'U';
  /* A win's match points for a bye that gives them, a draw's for a
   * half-point bye, none for a zero-point bye, unless given. */
  int mp = o->match_points != NULL ? points_x2 (o->match_points)
           : code == 'H'           ? 2
           : code == 'Z'           ? 0
                                   : 4;
  int gp = points_x2 (o->game_points);
  gint64 id = 0;

  if (o->code != NULL && (strlen (o->code) != 1 || strchr ("UFHZ", code) == NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: keep --code and the letters as they are */
                   _ ("--code is U (pairing-allocated), F (full point), H (half point) or Z "
                      "(zero point)"));
      return FALSE;
    }
  if (mp < 0 || gp < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: --game-points and --match-points are options; keep them */
                   _ ("a team's bye needs --game-points (and may have --match-points), each a "
                      "number of whole or half points"));
      return FALSE;
    }
  if (!arb_round_team_bye (t, o->round, team, code, mp, gp, o->arbiter, o->note, &id, error))
    return FALSE;
  /* Translators: entry id, the team, round */
  printf (_ ("entry %lld: %s has a bye in round %d\n"), (long long) id, team, o->round);
  return TRUE;
}

static gboolean
record (ArbTournament *t, const char *action, char **targets, const Options *o, GError **error)
{
  gint64 id = 0;

  if (strcmp (action, "bye") == 0)
    return record_bye (t, targets[0], o, error);
  if (strcmp (action, "forfeit") == 0)
    {
      ArbTeamForfeit winner;

      if (!arb_team_forfeit_from_key (o->winner, &winner))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                       /* Translators: keep --winner, home, away and none as they are */
                       _ ("--winner is home, away or none (both teams forfeited)"));
          return FALSE;
        }
      if (!arb_round_team_forfeit (t, o->round, targets[0], targets[1], winner, o->arbiter, o->note,
                                   &id, error))
        return FALSE;
      /* Translators: entry id, the two teams, round */
      printf (_ ("entry %lld: %s – %s forfeited in round %d\n"), (long long) id, targets[0],
              targets[1], o->round);
      return TRUE;
    }
  {
    char *end = NULL;

    id = g_ascii_strtoll (targets[0], &end, 10);
    if (end == targets[0] || *end != '\0')
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     /* Translators: what was typed instead of an entry's number */
                     _ ("“%s” is not the number of an entry"), targets[0]);
        return FALSE;
      }
    if (!arb_round_cancel_team_entry (t, id, o->reason, o->arbiter, error))
      return FALSE;
    /* Translators: the id of the entry taken back */
    printf (_ ("entry %lld taken back\n"), (long long) id);
    return TRUE;
  }
}

static const char usage[] =
  "arbiter-cli team-entries FILE [list [--round N] [--all]\n"
  "  | bye --round N --game-points GP [--match-points MP] [--code C] TEAM\n"
  "  | forfeit --round N --winner home|away|none HOME AWAY\n"
  "  | cancel --reason TEXT ENTRY] [--arbiter NAME] [--note TEXT]";

/* The number of names after the action, or -1 for an unknown action. */
static int
targets_of (const char *action)
{
  static const struct
  {
    const char *action;
    int targets;
  } actions[] = { { "list", 0 }, { "bye", 1 }, { "forfeit", 2 }, { "cancel", 1 } };

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    if (strcmp (action, actions[i].action) == 0)
      return actions[i].targets;
  return -1;
}

int
arb_cli_team_entries (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE [ACTION [TEAM…|ENTRY]]"));
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) t = NULL;
  Options o = { 0 };
  const char *action;
  int status = 0, targets;
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &o.round, N_ ("The round of the bye or forfeit"), "N" },
    { "game-points", 0, 0, G_OPTION_ARG_STRING, &o.game_points,
      N_ ("The game points a team's bye gives"), "GP" },
    { "match-points", 0, 0, G_OPTION_ARG_STRING, &o.match_points,
      N_ ("The match points a team's bye gives (default: a win's, 2)"), "MP" },
    { "code", 0, 0, G_OPTION_ARG_STRING, &o.code,
      N_ ("The kind of a team's bye: U (pairing-allocated, the default), F, H or Z"), "C" },
    { "winner", 0, 0, G_OPTION_ARG_STRING, &o.winner,
      N_ ("Who won the forfeited match: home, away or none"), N_ ("WHO") },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &o.reason, N_ ("Why an entry is taken back"),
      N_ ("TEXT") },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &o.arbiter, N_ ("The arbiter who records it"),
      N_ ("NAME") },
    { "note", 0, 0, G_OPTION_ARG_STRING, &o.note, N_ ("A note kept with the record"), N_ ("TEXT") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &o.all, N_ ("List the entries taken back too"), NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep the actions bye, forfeit, cancel and list as they are */
    _ ("Records what a team's round holds besides a match played: a bye with the\n"
       "points it gives (bye), a match forfeited as a whole by one team or both\n"
       "(forfeit; the winner scores a won game on every board). cancel takes an entry\n"
       "back with a reason; nothing is deleted. list (the default) shows the entries\n"
       "that stand. The team standings count them (FIDE C.07, Article 16)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli team-entries: %s\n"), error->message);
      options_clear (&o);
      return 2;
    }
  action = argc >= 3 ? argv[2] : "list";
  targets = targets_of (action);
  if (argc < 2 || targets < 0 || argc != 3 + targets - (argc == 2) ||
      (targets > 0 && strcmp (action, "cancel") != 0 && o.round < 1))
    {
      fprintf (stderr, _ ("Usage: %s\n"), usage);
      options_clear (&o);
      return 2;
    }
  t = arb_tournament_open (argv[1], ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  if (t == NULL)
    status = 1;
  else if (targets == 0)
    status = list_entries (t, &o);
  else if (!record (t, action, argv + 3, &o, &error))
    status = 1;
  if (status == 1 && error != NULL)
    /* Translators: why nothing was recorded */
    fprintf (stderr, _ ("arbiter-cli team-entries: %s; nothing recorded\n"), error->message);
  options_clear (&o);
  return status;
}
