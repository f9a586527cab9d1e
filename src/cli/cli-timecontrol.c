/* cli-timecontrol.c: arbiter-cli timecontrol, describe a time control
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-edition.h"
#include "arb-time-control.h"
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"

static const char *
bonus_name (ArbBonusKind bonus)
{
  switch (bonus)
    {
    case ARB_BONUS_INCREMENT:
      return "increment";
    case ARB_BONUS_BRONSTEIN:
      return "bronstein";
    case ARB_BONUS_SIMPLE_DELAY:
      return "delay";
    case ARB_BONUS_NONE:
    default:
      return NULL;
    }
}

static const char *
kind_name (ArbTimeControlKind kind)
{
  switch (kind)
    {
    case ARB_TIME_CONTROL_UNKNOWN:
      return "unknown";
    case ARB_TIME_CONTROL_NONE:
      return "none";
    case ARB_TIME_CONTROL_SANDCLOCK:
      return "sandclock";
    case ARB_TIME_CONTROL_PERIODS:
    default:
      return "periods";
    }
}

static void
add_seconds (JsonBuilder *b, const char *name, gint64 ms)
{
  g_autoptr (GString) text = g_string_new (NULL);

  arb_time_control_append_seconds (text, ms);
  arb_cli_json_add_decimal (b, name, text->str);
}

static void
add_json_periods (JsonBuilder *b, const char *name, const ArbTimeControl *tc, ArbColor side)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; tc->kind == ARB_TIME_CONTROL_PERIODS && i < tc->n_periods[side]; i++)
    {
      const ArbTimePeriod *period = &tc->periods[side][i];
      const char *bonus = bonus_name (period->bonus);

      json_builder_begin_object (b);
      if (period->moves > 0)
        arb_cli_json_add_int (b, "moves", period->moves);
      else
        arb_cli_json_add_null (b, "moves");
      add_seconds (b, "seconds", period->time_ms);
      if (bonus != NULL)
        {
          arb_cli_json_add_string (b, "bonus", bonus);
          add_seconds (b, "bonus_seconds", period->bonus_ms);
        }
      else
        {
          arb_cli_json_add_null (b, "bonus");
          arb_cli_json_add_int (b, "bonus_seconds", 0);
        }
      arb_cli_json_add_bool (b, "bonus_before_move", period->bonus_before_move);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_text_periods (const ArbTimeControl *tc, ArbColor side, const char *indent)
{
  for (guint i = 0; i < tc->n_periods[side]; i++)
    {
      const ArbTimePeriod *period = &tc->periods[side][i];
      g_autoptr (GString) line = g_string_new (NULL);

      g_autoptr (GString) seconds = g_string_new (NULL);

      arb_time_control_append_seconds (seconds, period->time_ms);
      g_string_append_printf (line, "%s%u: ", indent, i + 1);
      if (period->moves > 0)
        /* Translators: a period of a time control, e.g. "40 moves in 5400 s" */
        g_string_append_printf (line,
                                ngettext ("%u move in %s s", "%u moves in %s s", period->moves),
                                period->moves, seconds->str);
      else
        g_string_append_printf (line, _ ("rest of the game in %s s"), seconds->str);
      if (period->bonus != ARB_BONUS_NONE)
        {
          g_autoptr (GString) bonus = g_string_new (NULL);

          arb_time_control_append_seconds (bonus, period->bonus_ms);
          /* The kinds of bonus (increment, bronstein, delay) are the names
           * --json uses. */
          g_string_append_printf (line, ", %s %s s", bonus_name (period->bonus), bonus->str);
          if (period->bonus == ARB_BONUS_INCREMENT)
            g_string_append (line, period->bonus_before_move ? _ (" before each move")
                                                             : _ (" after each move"));
        }
      if (i + 1 == tc->n_periods[side] && period->moves > 0)
        g_string_append (line, _ (" (repeats)"));
      printf ("%s\n", line->str);
    }
}

/* Prints the error with a caret under the offending character. */
static void
print_parse_error (const char *text, glong offset, const GError *error)
{
  fprintf (stderr, "arbiter-cli timecontrol: %s\n", error->message);
  if (offset >= 0 && g_utf8_validate (text, -1, NULL))
    fprintf (stderr, "  %s\n  %*s^\n", text, (int) offset, "");
}

int
arb_cli_timecontrol (int argc, char **argv)
{
  int edition_year = ARB_EDITION_LATEST;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "edition", 'e', 0, G_OPTION_ARG_INT, &edition_year,
      N_ ("Laws of Chess edition for the category (2001, 2009, 2014, 2018, 2023; default 2023)"),
      "YEAR" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print one JSON object"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("TIME-CONTROL");
  g_autoptr (GError) error = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *trf = NULL;
  g_autofree char *readable = NULL;
  ArbTimeControl tc;
  ArbEdition edition;
  ArbCategory category;
  glong offset = -1;
  gint64 t60_white;
  gint64 t60_black;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
    context,
    _ ("Reads a PGN TimeControl value (with the delay and per-side extension:\n"
       "\"300d5\" Bronstein, \"300s5\" simple delay, \"300+2^\" increment before the move,\n"
       "\"W300-B240\" per side) and prints its periods, category, PGN, TRF 222 and\n"
       "readable forms."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli timecontrol: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "arbiter-cli timecontrol: %s\n",
               _ ("expected one time control, e.g. \"40/5400+30:1800+30\""));
      return 2;
    }
  if (!arb_edition_from_year (edition_year, &edition))
    {
      fprintf (stderr,
               _ ("arbiter-cli timecontrol: unknown edition %d (2001, 2009, 2014, 2018 or 2023)\n"),
               edition_year);
      return 2;
    }

  if (!arb_time_control_parse (argv[1], &tc, &offset, &error))
    {
      print_parse_error (argv[1], offset, error);
      if (json)
        {
          g_autoptr (JsonBuilder) b = json_builder_new ();

          json_builder_begin_object (b);
          arb_cli_json_add_string (b, "error", error->message);
          arb_cli_json_add_int (b, "offset", offset);
          json_builder_end_object (b);
          arb_cli_json_print (b);
        }
      return 1;
    }

  pgn = arb_time_control_to_pgn (&tc);
  trf = arb_time_control_to_trf (&tc, NULL);
  readable = arb_time_control_to_readable (&tc);
  category = arb_time_control_category (&tc, edition);
  t60_white = arb_time_control_time_for_60_moves_ms (&tc, ARB_WHITE);
  t60_black = arb_time_control_time_for_60_moves_ms (&tc, ARB_BLACK);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "kind", kind_name (tc.kind));
      arb_cli_json_add_bool (b, "per_side", tc.per_side);
      add_json_periods (b, "periods", &tc, ARB_WHITE);
      if (tc.kind == ARB_TIME_CONTROL_PERIODS && tc.per_side)
        add_json_periods (b, "black_periods", &tc, ARB_BLACK);
      if (tc.kind == ARB_TIME_CONTROL_SANDCLOCK)
        add_seconds (b, "sandclock_seconds", tc.sandclock_ms);
      arb_cli_json_add_string (b, "category", arb_category_to_string (category));
      arb_cli_json_add_int (b, "edition", (int) edition);
      if (t60_white < 0)
        arb_cli_json_add_null (b, "time_for_60_moves");
      else
        add_seconds (b, "time_for_60_moves", MAX (t60_white, t60_black));
      arb_cli_json_add_string (b, "pgn", pgn);
      if (trf != NULL)
        arb_cli_json_add_string (b, "trf", trf);
      else
        arb_cli_json_add_null (b, "trf");
      arb_cli_json_add_string (b, "readable", readable);
      json_builder_end_object (b);
      arb_cli_json_print (b);
      return 0;
    }

  /* Translators: the labels of timecontrol's output; the values after them
   * (periods, sandclock, blitz, …) are the names --json uses */
  printf (_ ("Kind: %s\n"), kind_name (tc.kind));
  if (tc.kind == ARB_TIME_CONTROL_PERIODS && tc.per_side)
    {
      printf ("%s\n", _ ("White's periods:"));
      print_text_periods (&tc, ARB_WHITE, "  ");
      printf ("%s\n", _ ("Black's periods:"));
      print_text_periods (&tc, ARB_BLACK, "  ");
    }
  else if (tc.kind == ARB_TIME_CONTROL_PERIODS)
    {
      printf ("%s\n", _ ("Periods:"));
      print_text_periods (&tc, ARB_WHITE, "  ");
    }
  else if (tc.kind == ARB_TIME_CONTROL_SANDCLOCK)
    {
      g_autoptr (GString) seconds = g_string_new (NULL);
      arb_time_control_append_seconds (seconds, tc.sandclock_ms);
      printf (_ ("Sandclock: %s s\n"), seconds->str);
    }
  if (t60_white >= 0)
    {
      g_autoptr (GString) seconds = g_string_new (NULL);
      arb_time_control_append_seconds (seconds, MAX (t60_white, t60_black));
      printf (_ ("Category: %s (%d Laws; %s s for 60 moves)\n"), arb_category_to_string (category),
              (int) edition, seconds->str);
    }
  else
    printf (_ ("Category: %s (%d Laws; no time limit)\n"), arb_category_to_string (category),
            (int) edition);
  printf ("PGN: %s\n", pgn);
  printf ("TRF 222: %s\n", trf != NULL ? trf : _ ("(cannot be expressed)"));
  printf (_ ("Readable: %s\n"), readable);
  return 0;
}
