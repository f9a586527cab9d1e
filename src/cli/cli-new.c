/* cli-new.c: arbiter-cli new
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-tournament.h"
#include "arb-i18n.h"
#include "cli-commands.h"

int
arb_cli_new (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autofree char *name = NULL;
  g_autofree char *venue = NULL;
  g_autofree char *chief = NULL;
  g_autofree char *start_date = NULL;
  g_autofree char *end_date = NULL;
  g_autofree char *time_control = NULL;
  int edition = 0;
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_ ("Name of the event"), "NAME" },
    { "edition", 0, 0, G_OPTION_ARG_INT, &edition,
      N_ ("Edition of the FIDE Laws: 2001, 2009, 2014, 2018 or 2023 (default 2023)"), "YEAR" },
    { "time-control", 0, 0, G_OPTION_ARG_STRING, &time_control,
      N_ ("Time control as a PGN TimeControl tag, e.g. 40/5400+30:1800+30"), "TC" },
    { "venue", 0, 0, G_OPTION_ARG_STRING, &venue, N_ ("Where the event is played"), "PLACE" },
    { "chief-arbiter", 0, 0, G_OPTION_ARG_STRING, &chief, N_ ("Name of the chief arbiter"),
      "NAME" },
    { "start-date", 0, 0, G_OPTION_ARG_STRING, &start_date, N_ ("First day"), "YYYY-MM-DD" },
    { "end-date", 0, 0, G_OPTION_ARG_STRING, &end_date, N_ ("Last day"), "YYYY-MM-DD" },
    { NULL },
  };
  ArbEventInfo event = { 0 };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    _ ("Creates a tournament file (one SQLite file). An existing file is never replaced."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli new: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || name == NULL)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli new FILE --name NAME [--edition YEAR] [--time-control TC]");
      return 2;
    }

  event.name = name;
  event.venue = venue;
  event.chief_arbiter = chief;
  event.start_date = start_date;
  event.end_date = end_date;
  event.edition = edition;
  event.time_control = time_control;
  tournament = arb_tournament_create (argv[1], &event, &error);
  if (tournament == NULL)
    {
      fprintf (stderr, "arbiter-cli new: %s\n", error->message);
      return 1;
    }
  printf (_ ("created %s\n"), argv[1]);
  return 0;
}
